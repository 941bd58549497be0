//! What Tome knows is not typed again: an attack meets the target's own defense when its
//! stats hold one, and costs the attacker's usual AP (a creature's one creature action)
//! when none is typed. Typed values still win.

use super::*;

fn duel() -> State {
    let mut s = fight(&[
        ("Hero", &[("cor", 4), ("adventurer", 1), ("attack-ap", 2)]),
        ("Ogre", &[("cor", 4), ("max-hp", 30), ("ar", 14), ("will", 9)]),
    ]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    s
}

fn swing(s: &mut State, who: &str, target: &str, roll: &str, more: &[(&str, &str)]) -> Result<()> {
    let mut inputs = vec![("target", target), ("roll", roll), ("amount", "4"), ("range", "melee")];
    inputs.extend_from_slice(more);
    act(s, "attack", who, &inputs)
}

#[test]
fn an_attack_meets_the_targets_ar_from_its_stats() {
    let mut s = duel();
    swing(&mut s, "Hero", "Ogre", "13", &[]).unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 30, "13 misses AR 14: {}", said(&s));
    swing(&mut s, "Hero", "Ogre", "14", &[]).unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 26, "14 reaches AR 14: {}", said(&s));
    let terms = &s.log.last().unwrap().terms;
    assert!(terms.iter().any(|t| t.label == "Ogre's AR"), "the reason names where the defense came from: {terms:?}");
}

#[test]
fn against_names_which_of_the_targets_defenses() {
    let mut s = duel();
    swing(&mut s, "Hero", "Ogre", "9", &[("against", "will"), ("ap", "0")]).unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 26, "9 reaches WILL 9: {}", said(&s));
    let err = swing(&mut s, "Hero", "Ogre", "9", &[("against", "fort"), ("ap", "0")]).unwrap_err().to_string();
    assert!(err.contains("Ogre's FORT") && err.contains("--defense"), "{err}");
}

#[test]
fn a_typed_defense_wins_over_the_stats() {
    let mut s = duel();
    swing(&mut s, "Hero", "Ogre", "11", &[("defense", "10")]).unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 26, "{}", said(&s));
}

#[test]
fn an_unknown_defense_is_asked_for_and_nothing_changes() {
    let mut s = duel();
    next(&mut s);
    let err = swing(&mut s, "Ogre", "Hero", "15", &[]).unwrap_err().to_string();
    assert!(err.contains("Hero's AR"), "{err}");
    assert_eq!(value(&s, "Hero", "hp"), 10);
    assert_eq!(value(&s, "Ogre", "ap"), 5, "no AP spent on a refusal");
}

#[test]
fn the_attack_costs_the_attackers_usual_ap_or_a_creatures_one_action() {
    let mut s = duel();
    swing(&mut s, "Hero", "Ogre", "15", &[]).unwrap();
    assert_eq!(value(&s, "Hero", "ap"), 3, "5 AP less its usual 2: {}", said(&s));
    swing(&mut s, "Hero", "Ogre", "15", &[("ap", "3")]).unwrap();
    assert_eq!(value(&s, "Hero", "ap"), 0, "typed AP win: {}", said(&s));
    next(&mut s);
    swing(&mut s, "Ogre", "Hero", "15", &[("defense", "10")]).unwrap();
    assert_eq!(value(&s, "Ogre", "ap"), 4, "a creature's attack is one creature action: {}", said(&s));
}

#[test]
fn an_adventurer_with_no_usual_attack_cost_is_asked_for_it() {
    let mut s = fight(&[("Mira", &[("adventurer", 1)]), ("Imp", &[("ar", 10)])]);
    start(&mut s, &[("Mira", 18), ("Imp", 3)]);
    let err = swing(&mut s, "Mira", "Imp", "15", &[]).unwrap_err().to_string();
    assert!(err.contains("Mira's attack costs") && err.contains("--ap"), "{err}");
}
