//! Critical hits in `act … attack` (lines 150–154): the damage the `crit-damage`
//! calculator computes, not the damage typed.

use super::*;
use crate::dice::Dice;
use crate::systems::mythcraft::rules::crit_damage;

fn swing(s: &mut State, extra: &[(&str, &str)]) -> Result<()> {
    let mut inputs = vec![
        ("target", "Imp"),
        ("roll", "12"),
        ("defense", "10"),
        ("amount", "6"),
        ("type", "sharp"),
        ("ap", "1"),
        ("range", "melee"),
    ];
    inputs.extend_from_slice(extra);
    act(s, "attack", "Hero", &inputs)
}

fn duel() -> State {
    let mut s = fight(&[("Hero", &[("cor", 2), ("luck", 3)]), ("Imp", &[("max-hp", 40)])]);
    start(&mut s, &[("Hero", 18), ("Imp", 3)]);
    s
}

/// Line 152–154: 2d6+1 crits as 12 + 1, plus the dice rolled again (7), plus LUCK (3):
/// 23, as `calc mythcraft crit-damage` says, and the log says so.
#[test]
fn a_weapon_crit_deals_the_crit_damage_calculators_total() {
    let mut s = duel();
    swing(&mut s, &[("natural", "20"), ("dice", "2d6"), ("modifier", "1"), ("crit-roll", "7")]).unwrap();
    let want = crit_damage(Dice { count: 2, sides: 6 }, 1, 7, 3).unwrap().damage;
    assert_eq!(want, 23);
    assert_eq!(value(&s, "Imp", "hp"), 40 - want, "{}", said(&s));
    assert!(said(&s).contains("critical hit"), "{}", said(&s));
}

/// A crit marked with `--crit` needs the weapon's dice: the typed amount alone is not
/// the critical damage, so it is refused, saying what is missing.
#[test]
fn a_weapon_crit_without_its_dice_is_refused() {
    let mut s = duel();
    let err = swing(&mut s, &[("crit", "true")]).unwrap_err().to_string();
    assert!(err.contains("--dice"), "{err}");
    assert_eq!(value(&s, "Imp", "hp"), 40);
}

/// Only a weapon crit deals critical damage (line 151): a spell's crit hits, for the damage typed.
#[test]
fn a_spell_crit_hits_for_the_damage_typed() {
    let mut s = duel();
    swing(&mut s, &[("crit", "true"), ("kind", "spell")]).unwrap();
    assert_eq!(value(&s, "Imp", "hp"), 34, "{}", said(&s));
}

/// Tome rolls the second roll when it is not typed, and stores it, so replaying gives the same.
#[test]
fn a_crit_rolled_by_tome_is_within_the_dice() {
    let mut s = duel();
    let mut facts = BTreeMap::new();
    facts.insert("crit-roll".to_string(), "5".to_string());
    let inputs = [
        ("target", "Imp"),
        ("roll", "12"),
        ("defense", "10"),
        ("amount", "6"),
        ("ap", "1"),
        ("range", "melee"),
        ("natural", "20"),
        ("dice", "1d8"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    ev(&mut s, Event::Act { action: "attack".into(), name: Some("Hero".into()), inputs, facts, sent: None }).unwrap();
    assert_eq!(value(&s, "Imp", "hp"), 40 - (8 + 5 + 3), "{}", said(&s));
}

/// Line 152 with dice of two sizes: 2d4+1d6+1 crits as 8 + 6 + 1, the dice again (9),
/// LUCK 3: 27.
#[test]
fn a_weapon_crit_with_mixed_dice_deals_each_size_at_its_maximum() {
    let mut s = duel();
    swing(&mut s, &[("natural", "20"), ("dice", "2d4+1d6"), ("modifier", "1"), ("crit-roll", "9")]).unwrap();
    assert_eq!(value(&s, "Imp", "hp"), 40 - 27, "{}", said(&s));
}
