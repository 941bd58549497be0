//! Blinded (line 265): every other creature counts as Unseen to the blinded one, with
//! what Unseen gives on both sides (lines 444–446, 458).

use super::*;
use crate::systems::mythcraft::rules::{condition_tactics, AttackSituation, Effects};

fn brawl() -> State {
    let mut s = fight(&[("Brute", &[]), ("Scout", &[])]);
    start(&mut s, &[("Brute", 18), ("Scout", 3)]);
    s
}

/// The attack total after the tracked TA and TD, read from the hit: defense 10, a
/// roll of 10 hits only with no TD.
fn lands(s: &mut State, who: &str, target: &str, roll: &str) -> bool {
    let before = value(s, target, "hp");
    act(
        s,
        "attack",
        who,
        &[("target", target), ("roll", roll), ("defense", "10"), ("amount", "1"), ("ap", "0"), ("range", "melee")],
    )
    .unwrap();
    value(s, target, "hp") < before
}

/// A Blinded attacker's target counts as Unseen, so Concealed: TD on its attack.
#[test]
fn a_blinded_attacker_has_td_against_everyone() {
    let mut s = brawl();
    entry(&mut s, "Brute", "Blinded").unwrap();
    assert!(!lands(&mut s, "Brute", "Scout", "10"), "TD: 10 - 1 misses defense 10: {}", said(&s));
    assert!(lands(&mut s, "Brute", "Scout", "11"), "{}", said(&s));
}

/// An attacker counts as Unseen to a Blinded target: its TA (line 444).
#[test]
fn an_attack_on_a_blinded_creature_has_ta() {
    let mut s = brawl();
    entry(&mut s, "Brute", "Blinded").unwrap();
    assert!(lands(&mut s, "Scout", "Brute", "9"), "TA: 9 + 1 hits defense 10: {}", said(&s));
}

/// The calculator says the same, and counts Concealed once.
#[test]
fn condition_tactics_give_blinded_both_sides() {
    let blind = Effects { seen: vec!["blinded".into()], ..Effects::default() };
    let none = Effects::default();
    let (ta, td, _) = condition_tactics(&blind, &none, AttackSituation::default());
    assert_eq!((ta, td), (0, 1));
    let (ta, td, _) = condition_tactics(&none, &blind, AttackSituation::default());
    assert_eq!((ta, td), (1, 0));
    let hidden = Effects { seen: vec!["concealed".into()], ..Effects::default() };
    let (_, td, _) = condition_tactics(&blind, &hidden, AttackSituation::default());
    assert_eq!(td, 1, "Concealed counted once");
}
