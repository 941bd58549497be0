//! The match's moments as the tracker says them: casts at a kick-off or after the
//! match, an action that takes no parameters, and a roster changed during the match.

use std::collections::BTreeMap;

use crate::encounters::Event;
use crate::Tome;

fn inputs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// A match of the Siren (team 1, level 3) and the Shaman (team 2), kicked off: team 1's
/// first turn.
fn kicked_off() -> (Tome, i64) {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mlaf", "Moments").unwrap().id;
    let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    t.encounter_add_npc(e, "Siren", 1, stats(&[("team", 1), ("level", 3)])).unwrap();
    t.encounter_add_npc(e, "Shaman", 1, stats(&[("team", 2), ("level", 3)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    (t, e)
}

fn casts(t: &Tome, e: i64) -> String {
    let v = t.encounter(e).unwrap();
    v.combatants.iter().find(|c| c["name"] == "Siren").unwrap()["casts"].to_string()
}

/// Line 104: Healing Hand is cast just before a kick-off or just after the game; the
/// list of casts says so, not "half 1, turn 1" (the turn the touchdown came in).
#[test]
fn casts_at_a_kick_off_or_after_the_match_are_labelled_so() {
    let (mut t, e) = kicked_off();
    t.encounter_act(e, "kick-off", None, BTreeMap::new(), Some(1)).unwrap();
    let hand = inputs(&[("spell", "Healing Hand"), ("roll", "6")]);
    t.encounter_act(e, "cast", Some("Siren"), hand.clone(), Some(1)).unwrap();
    let said = casts(&t, e);
    assert!(said.contains("(kick-off)") && !said.contains("turn 1"), "{said}");
    t.encounter_act(e, "full-time", None, BTreeMap::new(), Some(1)).unwrap();
    t.encounter_act(e, "cast", Some("Siren"), hand, Some(1)).unwrap();
    assert!(casts(&t, e).contains("(after the match)"), "{}", casts(&t, e));
}

/// `kick-off --roll 3`: the refusal says the action takes no parameters, rather than
/// listing an empty "this takes: --".
#[test]
fn an_action_without_parameters_says_it_takes_none() {
    let (mut t, e) = kicked_off();
    let err = t.encounter_act(e, "kick-off", None, inputs(&[("roll", "3")]), Some(1)).unwrap_err().to_string();
    assert!(err.contains("takes no parameters") && !err.contains("takes: --"), "{err}");
}

/// Line 40: spells are learned by Star Player Rolls, between matches. During the match a
/// roster change that would drop a spell the caster knows is refused, naming it; before
/// it, the roster may change freely.
#[test]
fn a_roster_change_during_the_match_cannot_drop_a_known_spell() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mlaf", "Roster").unwrap().id;
    let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    t.encounter_add_npc(e, "Siren", 1, stats(&[("team", 1)])).unwrap();
    t.encounter_add_npc(e, "Shaman", 1, stats(&[("team", 2)])).unwrap();
    let roster = |spells: &str| inputs(&[("position", "Warper"), ("spells", spells)]);
    t.encounter_act(e, "roster", Some("Siren"), roster("Fire Ball, Toad"), Some(1)).unwrap();
    t.encounter_act(e, "roster", Some("Siren"), roster("Fire Ball, Toad, Guidance"), Some(1)).unwrap();
    t.encounter_act(e, "roster", Some("Siren"), roster("Fire Ball, Toad"), Some(1)).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let err = t.encounter_act(e, "roster", Some("Siren"), roster("Fire Ball"), Some(1)).unwrap_err().to_string();
    assert!(err.contains("Toad") && err.contains("cannot drop"), "{err}");
    t.encounter_act(e, "roster", Some("Siren"), roster("Fire Ball, Toad, Guidance"), Some(1)).unwrap();
}
