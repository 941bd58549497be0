//! A match stored by an older Tome (before teams, phases and timing were checked) still
//! replays: its events carry no `match-rules` fact, and are taken as they were then.

use std::collections::BTreeMap;

use super::Rules;
use crate::encounters::{Event, NewCombatant, State};
use crate::error::Error;

fn add(name: &str, stats: &[(&str, i64)]) -> Event {
    Event::Add {
        combatants: vec![NewCombatant::quick(name, stats.iter().map(|(k, v)| (k.to_string(), *v)).collect())],
        rolls: Vec::new(),
    }
}

fn cast(who: &str, spell: &str, id: &str, target: i64, roll: i64) -> Event {
    Event::Act {
        action: "cast".into(),
        name: Some(who.into()),
        inputs: BTreeMap::from([("spell".into(), spell.into()), ("roll".into(), roll.to_string())]),
        facts: BTreeMap::from([
            ("spell-id".into(), id.into()),
            ("spell-name".into(), spell.into()),
            ("spell-target".into(), target.to_string()),
            ("roll".into(), roll.to_string()),
            ("rolled".into(), "false".into()),
        ]),
        sent: None,
    }
}

#[test]
fn a_match_stored_before_teams_and_timing_still_replays() {
    let events: Vec<(i64, Event)> = [
        add("Siren", &[]),
        add("Shaman", &[("level", 2)]),
        Event::Start { rolls: Vec::new(), tie_rolls: Vec::new() },
        cast("Siren", "Fire Ball", "mlaf/spell/fire-ball", 2, 4),
        Event::Act { action: "half".into(), name: None, inputs: BTreeMap::new(), facts: BTreeMap::new(), sent: None },
        cast("Shaman", "A Soul in Chains", "mlaf/spell/a-soul-in-chains", 4, 5),
    ]
    .into_iter()
    .map(|e| (1_750_000_000, e))
    .collect();
    let s = State::replay("mlaf", &Rules, &events, &|_| Err(Error::InvalidInput("no sheets".into()))).unwrap();
    let teams: Vec<i64> = s.combatants.iter().map(|c| c.stat("team")).collect();
    assert_eq!(teams, [1, 2], "the two casters of an old match take a team each");
    assert_eq!((s.values["half"], s.values["turn"]), (2, 1));
    assert_eq!(s.combatants[1].value("spp-earned"), 1, "the old cast counts as it did");
}

/// Issue 56: what a cast came to, for the caster's phone: the result alone, or with the
/// d6 and the faces it needed where the game master shows the table the totals.
#[test]
fn a_cast_says_what_it_came_to_for_the_casters_phone() {
    let events: Vec<(i64, Event)> = [
        add("Siren", &[]),
        add("Shaman", &[("level", 2)]),
        Event::Start { rolls: Vec::new(), tie_rolls: Vec::new() },
        cast("Siren", "Fire Ball", "mlaf/spell/fire-ball", 2, 4),
    ]
    .into_iter()
    .map(|e| (1_750_000_000, e))
    .collect();
    let s = State::replay("mlaf", &Rules, &events, &|_| Err(Error::InvalidInput("no sheets".into()))).unwrap();
    let came = s.came_to.expect("a cast comes to something");
    let works = s.combatants[0].value("spp-earned") == 1;
    assert_eq!(came.without, if works { "It works" } else { "It fails" });
    assert!(
        came.with_totals.starts_with("d6 4, ")
            && came.with_totals.ends_with(if works { "it works" } else { "it fails" }),
        "{came:?}"
    );
}
