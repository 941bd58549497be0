//! Issue 33: a combatant joining after the start, and a combatant down at 0 HP, as the
//! game master and the table see them.

use super::*;
use crate::encounters::EncounterRules;

fn joins(s: &mut State, name: &str, stats: &[(&str, i64)], roll: i64) -> Result<()> {
    let combatants = vec![NewCombatant::quick(name, stats.iter().map(|(k, v)| (k.to_string(), *v)).collect())];
    ev(s, Event::Add { combatants, rolls: vec![Roll { name: name.into(), value: roll, rolled: true }] })
}

/// Line 11: initiative is 1d20 + AWR, highest first. A Goblin joining in round 1 with
/// 15 + AWR 2 = 17 acts between the Hero (18) and the Orc (3), not last.
#[test]
fn a_late_combatant_takes_its_place_by_its_initiative_roll() {
    let mut s = fight(&[("Hero", &[]), ("Orc", &[])]);
    start(&mut s, &[("Hero", 18), ("Orc", 3)]);
    joins(&mut s, "Goblin", &[("awareness", 2)], 15).unwrap();
    assert!(
        said(&s).contains("Goblin joins: die 15 (rolled by Tome); initiative 17, acting this round"),
        "{}",
        said(&s)
    );
    assert_eq!(s.order, ["Hero", "Goblin", "Orc"]);
    assert_eq!(s.current(), Some("Hero"), "the turn stays with the Hero");
    next(&mut s);
    assert_eq!(s.current(), Some("Goblin"));
}

/// A newcomer whose place this round has passed waits for the next round; the one acting
/// keeps its turn.
#[test]
fn a_late_combatant_whose_place_has_passed_acts_from_next_round() {
    let mut s = fight(&[("Hero", &[]), ("Orc", &[])]);
    start(&mut s, &[("Hero", 18), ("Orc", 3)]);
    next(&mut s);
    joins(&mut s, "Wolf", &[], 20).unwrap();
    assert!(said(&s).contains("acting from next round"), "{}", said(&s));
    assert_eq!(s.current(), Some("Orc"));
    next(&mut s);
    assert_eq!((s.round, s.current()), (2, Some("Wolf")));
}

#[test]
fn a_late_initiative_die_outside_1d20_is_refused() {
    let mut s = fight(&[("Hero", &[])]);
    start(&mut s, &[("Hero", 18)]);
    let err = joins(&mut s, "Goblin", &[], 21).unwrap_err().to_string();
    assert!(err.contains("between 1 and 20"), "{err}");
    assert_eq!(s.combatants.len(), 1);
}

/// Lines 164-166: a hero at 0 HP is dying. The GM's view says Dying (not Bloodied) and
/// the player view says the same word.
#[test]
fn a_hero_at_zero_hp_is_dying_on_both_screens() {
    let mut s = fight(&[("Hero", &[("max-hp", 10), ("adventurer", 1)]), ("Ogre", &[])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    ev(&mut s, Event::Damage { name: "Hero".into(), amount: 10, kind: None }).unwrap();
    let hero = &s.combatants[s.find("Hero").unwrap()];
    let view = Rules.view(hero);
    assert_eq!(view["bloodied"], false, "at 0 HP the word is Dying, not Bloodied");
    assert_eq!(Rules.down(hero).as_deref(), Some("Dying"));
    assert!(!Rules.player_status(hero, false).iter().any(|w| w == "Down" || w == "Bloodied"));
}

/// A creature the MC leaves Unconscious at 0 HP is Unconscious on both screens; one that
/// dies is Dead.
#[test]
fn a_creature_at_zero_hp_is_unconscious_or_dead_by_its_fate() {
    let mut s = fight(&[("Hero", &[]), ("Ogre", &[("max-hp", 10)]), ("Imp", &[("max-hp", 4)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3), ("Imp", 2)]);
    act(&mut s, "at-zero-hp", "Ogre", &[("fate", "unconscious")]).unwrap();
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 10, kind: None }).unwrap();
    ev(&mut s, Event::Damage { name: "Imp".into(), amount: 4, kind: None }).unwrap();
    let down = |n: &str| Rules.down(&s.combatants[s.find(n).unwrap()]);
    assert_eq!(down("Ogre").as_deref(), Some("Unconscious"));
    assert_eq!(down("Imp").as_deref(), Some("Dead"));
    assert_eq!(down("Hero"), None);
}

/// The damage field offers the 11 types (line list of damage types), blunt first as the
/// kind used when none is given, and nonlethal.
#[test]
fn damage_kinds_are_the_documents_types_blunt_first() {
    let kinds = Rules.damage_kinds();
    assert_eq!(kinds.len(), 12);
    assert_eq!(kinds[0], "blunt");
    assert!(kinds.contains(&"fire".to_string()) && kinds.contains(&"nonlethal".to_string()));
    assert!(!Rules.damage_kind_required());
}
