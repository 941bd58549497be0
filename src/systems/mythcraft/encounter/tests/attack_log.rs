//! What an attack's log says: the roll, both totals compared, each term once.

use super::*;
use crate::rules::TermOp;

fn duel() -> State {
    let mut s = fight(&[("Hero", &[("cor", 2)]), ("Ogre", &[("max-hp", 30)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    s
}

fn swing(s: &mut State, roll: &str) {
    let inputs =
        [("target", "Ogre"), ("roll", roll), ("defense", "15"), ("amount", "4"), ("ap", "0"), ("range", "melee")];
    act(s, "attack", "Hero", &inputs).unwrap();
}

/// A Prone attacker (1 TD, line 373) rolls 17 against defense 15: the log shows the 17,
/// the TD once, and "Attack 16 against defense 15: hit" as a miss shows its totals.
#[test]
fn a_hit_logs_its_roll_both_totals_and_each_term_once() {
    let mut s = duel();
    entry(&mut s, "Hero", "Prone").unwrap();
    swing(&mut s, "17");
    let log = s.log.last().unwrap();
    let labels: Vec<String> = log.terms.iter().map(|t| format!("{} {}", t.label, t.value_text())).collect();
    assert!(
        log.terms.iter().any(|t| t.label.contains("Attack roll") && t.value == serde_json::json!(17)),
        "the roll: {labels:?}"
    );
    let counted_td = log.terms.iter().filter(|t| t.op != TermOp::Note && t.label.contains("TD")).count();
    assert_eq!(counted_td, 1, "TD counted once: {labels:?}");
    let both = log.terms.iter().any(|t| t.label.contains("Attack 16 against defense 15") && t.value_text() == "hit");
    assert!(both, "{labels:?}");
    let mut seen = std::collections::BTreeSet::new();
    for t in &log.terms {
        assert!(seen.insert(t.label.clone()), "{} twice: {labels:?}", t.label);
    }
    swing(&mut s, "15");
    let log = s.log.last().unwrap();
    assert!(log.terms.iter().any(|t| t.label.contains("Attack 14 against defense 15") && t.value_text() == "miss"));
}

/// Lines 186-189, 199: Trip meets the target's REF, Shove its FORT, Disarm and Grapple
/// the better of the two (its choice): read from its recorded defenses when none is typed,
/// as `attack` reads its AR.
#[test]
fn trip_shove_disarm_and_grapple_read_the_targets_recorded_defenses() {
    let mut s =
        fight(&[("Hero", &[("cor", 4), ("adventurer", 1)]), ("Ogre", &[("max-hp", 30), ("ref", 14), ("fort", 16)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    act(&mut s, "trip", "Hero", &[("target", "Ogre"), ("roll", "14")]).unwrap();
    assert!(has(&s, "Ogre", "prone"), "14 reaches REF 14: {}", said(&s));
    act(&mut s, "shove", "Hero", &[("target", "Ogre"), ("roll", "15")]).unwrap();
    assert!(said(&s).contains("misses"), "15 misses FORT 16: {}", said(&s));
    let mut s =
        fight(&[("Hero", &[("cor", 4), ("adventurer", 1)]), ("Ogre", &[("max-hp", 30), ("ref", 14), ("fort", 16)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    act(&mut s, "grapple", "Hero", &[("target", "Ogre"), ("roll", "15")]).unwrap();
    assert!(!has(&s, "Ogre", "grappled"), "the Ogre chooses FORT 16: {}", said(&s));
    let mut s = fight(&[("Hero", &[("cor", 4), ("adventurer", 1)]), ("Ogre", &[("max-hp", 30)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    let e = act(&mut s, "trip", "Hero", &[("target", "Ogre"), ("roll", "14")]).unwrap_err().to_string();
    assert!(e.contains("--defense"), "{e}");
}
