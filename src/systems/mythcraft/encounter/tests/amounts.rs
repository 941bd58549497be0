//! Conditions with an amount (lines 259-261, 275-277): "Bleeding (3)" deals its 3 as the
//! bearer's turn starts, the Medicine check reads its Difficulty from it, and an amount
//! that is none is refused.

use super::*;

const BLEEDING: &str = "mythcraft/condition/bleeding";
const BURNING: &str = "mythcraft/condition/burning";

fn brawl() -> State {
    let mut s =
        fight(&[("Hero", &[("cor", 4), ("adventurer", 1), ("max-hp", 30)]), ("Ogre", &[("cor", 4), ("max-hp", 30)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    s
}

#[test]
fn bleeding_3_deals_its_3_as_each_of_the_bearers_turns_starts() {
    let mut s = brawl();
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (3)").unwrap();
    next(&mut s);
    assert_eq!(value(&s, "Ogre", "hp"), 27, "{}", said(&s));
    next(&mut s);
    assert_eq!(value(&s, "Ogre", "hp"), 27, "the Hero's turn deals none");
    next(&mut s);
    assert_eq!(value(&s, "Ogre", "hp"), 24, "{}", said(&s));
}

#[test]
fn burning_2_deals_fire_damage_through_immunity() {
    let mut s = fight(&[("Hero", &[("max-hp", 30)]), ("Imp", &[("max-hp", 20), ("immune-fire", 1)])]);
    start(&mut s, &[("Hero", 18), ("Imp", 3)]);
    condition(&mut s, "Hero", Some(BURNING), "Burning (2)").unwrap();
    condition(&mut s, "Imp", Some(BURNING), "Burning (2)").unwrap();
    next(&mut s);
    assert_eq!(value(&s, "Imp", "hp"), 20, "fire on the fire-immune: {}", said(&s));
    next(&mut s);
    assert_eq!(value(&s, "Hero", "hp"), 28, "{}", said(&s));
}

#[test]
fn a_bleeding_die_says_what_to_roll_as_the_turn_starts() {
    let mut s = brawl();
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (1d4)").unwrap();
    next(&mut s);
    assert!(said(&s).contains("roll 1d4"), "{}", said(&s));
    assert_eq!(value(&s, "Ogre", "hp"), 30);
}

#[test]
fn the_medicine_check_reads_its_difficulty_from_the_bleeding_amount() {
    let mut s = brawl();
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (3)").unwrap();
    act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "12")]).unwrap();
    assert!(has(&s, "Ogre", "bleeding"), "12 misses 3 + 10: {}", said(&s));
    act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "13")]).unwrap();
    assert!(!has(&s, "Ogre", "bleeding"), "{}", said(&s));
}

#[test]
fn a_typed_damage_other_than_the_bleeding_amount_warns_and_the_amount_counts() {
    let mut s = brawl();
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (3)").unwrap();
    act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "13"), ("damage", "5")]).unwrap();
    assert!(!has(&s, "Ogre", "bleeding"), "13 reaches 3 + 10: {}", said(&s));
    assert!(said(&s).contains("Warning: 5 typed"), "{}", said(&s));
}

#[test]
fn a_bleeding_die_or_none_needs_the_damage_typed_for_medicine() {
    let mut s = brawl();
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (1d4)").unwrap();
    let e = act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "13")]).unwrap_err();
    assert!(e.to_string().contains("--damage"), "{e}");
}

#[test]
fn an_amount_that_is_none_or_on_a_condition_without_one_is_refused() {
    for (id, label) in [
        (BLEEDING, "Bleeding (abc)"),
        (BLEEDING, "Bleeding (-3)"),
        (BLEEDING, "Bleeding (0)"),
        (BURNING, "Burning (1d0)"),
        ("mythcraft/condition/prone", "Prone (3)"),
    ] {
        let mut s = brawl();
        let before = s.log.len();
        let e = condition(&mut s, "Ogre", Some(id), label).expect_err(label);
        assert!(!e.to_string().is_empty());
        assert_eq!(s.log.len(), before, "{label}: nothing changed");
        assert!(s.combatants[s.find("Ogre").unwrap()].conditions.is_empty(), "{label}");
    }
    let mut s = brawl();
    condition(&mut s, "Ogre", None, "Marked (by the Hero)").unwrap();
}

/// Lines 259-261 speak of one Bleeding, ended by one check: "Bleeding (2)" then
/// "Bleeding (3)" on one creature leave Bleeding (3) alone (the greater amount, marked as
/// Tome's reading), so the turn deals 3, not 5, and the Medicine check's Difficulty is 13;
/// a lesser one after it changes nothing, a die by its average. (Before, both were held
/// and both dealt their damage.)
#[test]
fn a_second_bleeding_leaves_one_with_the_greater_amount() {
    let mut s = brawl();
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (2)").unwrap();
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (3)").unwrap();
    assert!(said(&s).contains("Bleeding (3) stays, Bleeding (2) goes"), "{}", said(&s));
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (1)").unwrap();
    let held: Vec<String> = s.combatants[1].conditions.iter().map(|x| x.name.clone()).collect();
    assert_eq!(held, ["Bleeding (3)"]);
    next(&mut s);
    assert_eq!(value(&s, "Ogre", "hp"), 27, "{}", said(&s));
    act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "12")]).unwrap();
    assert!(has(&s, "Ogre", "bleeding"), "12 misses 3 + 10: {}", said(&s));
    // 1d8 averages 4.5: more than 3.
    condition(&mut s, "Ogre", Some(BLEEDING), "Bleeding (1d8)").unwrap();
    let held: Vec<String> = s.combatants[1].conditions.iter().map(|x| x.name.clone()).collect();
    assert_eq!(held, ["Bleeding (1d8)"]);
    // Burning goes by the same reading, apart from Bleeding.
    condition(&mut s, "Ogre", Some(BURNING), "Burning (4)").unwrap();
    condition(&mut s, "Ogre", Some(BURNING), "Burning (2)").unwrap();
    let held: Vec<String> = s.combatants[1].conditions.iter().map(|x| x.name.clone()).collect();
    assert_eq!(held, ["Bleeding (1d8)", "Burning (4)"]);
}
