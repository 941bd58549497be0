//! Prone as a move, two-handed weapons while Prone, waking the Unconscious and what the
//! log says of damage at 0 HP (lines 185, 222, 373, 442).

use super::*;

fn duel() -> State {
    let mut s = fight(&[("Hero", &[("cor", 2)]), ("Foe", &[("max-hp", 10)])]);
    start(&mut s, &[("Hero", 18), ("Foe", 3)]);
    s
}

/// Lines 185, 222: Drop Prone is a maneuver of its own, free; Prone then shows.
#[test]
fn drop_prone_is_a_free_move() {
    let mut s = duel();
    let ap = value(&s, "Hero", "ap");
    act(&mut s, "drop-prone", "Hero", &[]).unwrap();
    assert!(has(&s, "Hero", "prone"), "{}", said(&s));
    assert_eq!(value(&s, "Hero", "ap"), ap, "free");
    let err = act(&mut s, "drop-prone", "Hero", &[]).unwrap_err();
    assert!(err.to_string().contains("already Prone"), "{err}");
}

/// Line 373: no attack with a two-handed weapon while Prone.
#[test]
fn no_two_handed_attack_while_prone() {
    let mut s = duel();
    act(&mut s, "drop-prone", "Hero", &[]).unwrap();
    let attack =
        [("target", "Foe"), ("roll", "15"), ("defense", "10"), ("amount", "3"), ("ap", "0"), ("range", "melee")];
    let mut two = attack.to_vec();
    two.push(("two-handed", "true"));
    let err = act(&mut s, "attack", "Hero", &two).unwrap_err();
    assert!(err.to_string().contains("two-handed"), "{err}");
    act(&mut s, "attack", "Hero", &attack).unwrap();
}

/// Line 442: another creature shakes an Unconscious one with at least 1 HP awake.
#[test]
fn an_unconscious_creature_is_shaken_awake() {
    let mut s = duel();
    entry(&mut s, "Foe", "Unconscious").unwrap();
    let err = act(&mut s, "wake", "Foe", &[("target", "Foe")]).unwrap_err();
    assert!(err.to_string().contains("cannot shake itself"), "{err}");
    act(&mut s, "wake", "Hero", &[("target", "Foe")]).unwrap();
    assert!(!has(&s, "Foe", "unconscious"), "{}", said(&s));
    let err = act(&mut s, "wake", "Hero", &[("target", "Foe")]).unwrap_err();
    assert!(err.to_string().contains("not Unconscious"), "{err}");
}

/// At 0 HP a blow takes no HP, and past the HP left it takes what was left: the log no
/// longer says "loses 2 HP" of a creature that had none.
#[test]
fn damage_at_zero_hp_says_no_hp_was_lost() {
    let mut s = duel();
    ev(&mut s, Event::Damage { name: "Foe".into(), amount: 12, kind: None }).unwrap();
    assert!(said(&s).contains("loses its last 10 HP to 12 damage"), "{}", said(&s));
    ev(&mut s, Event::Damage { name: "Foe".into(), amount: 2, kind: None }).unwrap();
    assert!(said(&s).contains("takes 2 damage at 0 HP: no HP left to lose"), "{}", said(&s));
    assert!(!said(&s).contains("loses 2 HP"), "{}", said(&s));
}
