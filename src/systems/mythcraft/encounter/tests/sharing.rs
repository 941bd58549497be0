//! A change copies only the combatants it touches: the state before it (kept for an
//! undo) shares the others, so a change costs the same however many are in the fight.

use super::*;

/// Whether combatant `name` is the same one (not a copy) in both states.
fn shared(a: &State, b: &State, name: &str) -> bool {
    std::ptr::eq(&*a.combatants[a.find(name).unwrap()], &*b.combatants[b.find(name).unwrap()])
}

fn three() -> State {
    let stats: &[(&str, i64)] = &[("max-hp", 20), ("awr", 2)];
    let mut s = fight(&[("Ogre", stats), ("Hero", stats), ("Imp", stats)]);
    start(&mut s, &[("Ogre", 15), ("Hero", 10), ("Imp", 5)]);
    s
}

#[test]
fn damage_to_one_copies_that_one_only() {
    let before = three();
    let mut after = before.clone();
    ev(&mut after, Event::Damage { name: "Hero".into(), amount: 4, kind: None }).unwrap();
    assert_eq!(value(&before, "Hero", "hp"), 20, "the state kept for an undo is as it was");
    assert_eq!(value(&after, "Hero", "hp"), 16);
    assert!(!shared(&before, &after, "Hero"));
    assert!(shared(&before, &after, "Ogre") && shared(&before, &after, "Imp"));
}

#[test]
fn a_turn_ending_copies_only_the_two_turns_and_whoever_has_a_duration_to_count() {
    let stats: &[(&str, i64)] = &[("max-hp", 20), ("awr", 2)];
    let mut before = fight(&[("Ogre", stats), ("Hero", stats), ("Imp", stats), ("Bat", stats)]);
    start(&mut before, &[("Ogre", 15), ("Hero", 10), ("Imp", 5), ("Bat", 3)]);
    let condition = ConditionRef { id: None, name: "Marked".into() };
    let duration = Duration::EndOfTurnOf { name: "Ogre".into() };
    ev(&mut before, Event::AddCondition { name: "Imp".into(), condition, duration }).unwrap();
    let mut after = before.clone();
    next(&mut after);
    let left = |s: &State| s.combatants[s.find("Imp").unwrap()].conditions[0].remaining;
    assert_eq!((left(&before), left(&after)), (Some(2), Some(1)), "the Imp's mark counted the Ogre's turn");
    // The Ogre's turn ended, the Hero's began, the Imp's mark was counted: copies.
    for name in ["Ogre", "Hero", "Imp"] {
        assert!(!shared(&before, &after, name), "{name}");
    }
    assert!(shared(&before, &after, "Bat"), "the Bat was not touched");
}
