//! The calculators the fight adds: combat botches in `resolve-attack`, stunts against
//! the Sample Advantages table, and the overexertion Recovery roll.

use super::*;

// ----- Combat botches (lines 37-48) -------------------------------------------------

/// Lines 37-42: a botched Defense is 0, so the attacker's advantage is his whole Attack
/// Total (here 17 against a Defense of 12 that botched).
#[test]
fn resolve_attack_botched_defense_faces_the_whole_attack_total() {
    let tome = tome();
    let args = [("attack", "17"), ("defense", "12"), ("damage", "5"), ("soak", "3"), ("defense-botches", "1")];
    let o = calc(&tome, "resolve-attack", &args).unwrap();
    assert_eq!(field(&o, "defense_total"), &Value::from(0));
    assert_eq!(field(&o, "advantage"), &Value::from(17));
    assert_eq!(field(&o, "wound"), &Value::from("incapacitating"));
    assert_eq!(field(&o, "defense_botched"), &Value::from(true));
    assert_links(&tome, &o);
}

/// Lines 44-47: a negative base Defense stays at its value when it botches.
#[test]
fn resolve_attack_botched_negative_defense_stays_negative() {
    let tome = tome();
    let args = [("attack", "8"), ("defense", "-3"), ("damage", "0"), ("soak", "0"), ("defense-botches", "2")];
    let o = calc(&tome, "resolve-attack", &args).unwrap();
    assert_eq!(field(&o, "defense_total"), &Value::from(-3));
    assert_eq!(field(&o, "advantage"), &Value::from(11));
}

/// A botched attack is a total of 0: a miss against a Defense of 0 or more.
#[test]
fn resolve_attack_botched_attack_misses() {
    let tome = tome();
    let args = [("attack", "15"), ("defense", "1"), ("damage", "9"), ("soak", "0"), ("attack-botches", "1")];
    let o = calc(&tome, "resolve-attack", &args).unwrap();
    assert_eq!(field(&o, "attack_total"), &Value::from(0));
    assert_eq!(field(&o, "hit"), &Value::from(false));
}

/// The roll itself: a botch makes the total 0, never raises a negative base, and only
/// follows a 0 on the die.
#[test]
fn combat_roll_botches() {
    assert_eq!(combat_roll("Defense", 12, 0, 1).unwrap().total, 0);
    assert_eq!(combat_roll("Defense", 12, 0, 0).unwrap().total, 12);
    assert_eq!(combat_roll("Defense", -3, 0, 1).unwrap().total, -3);
    assert_eq!(combat_roll("Attack", 12, 5, 0).unwrap().total, 17);
    assert!(err(combat_roll("Attack", 12, 5, 1)).contains("only a 0"));
    assert!(err(combat_roll("Attack", 12, 0, 21)).contains("from 0 to 20"));
}

// ----- Stunts (lines 459-481) ----------------------------------------------------

/// The Sample Advantages table: each stunt needs its advantage, reached exactly.
#[test]
fn stunt_needs_the_sample_advantage() {
    let tome = tome();
    // The table's cells as printed. verbatim-ok
    let rows = [("Disarm", 9), ("Trip", 3), ("Grab worn item", 6), ("Take the weapon your opponent is using", 12)]; // verbatim-ok
    for (stunt, needed) in rows {
        let at = |attack: i64| {
            let a = attack.to_string();
            calc(&tome, "stunt", &[("stunt", stunt), ("attack", &a), ("defense", "10")]).unwrap()
        };
        let o = at(10 + needed);
        assert_eq!(field(&o, "required"), &Value::from(needed), "{stunt}");
        assert_eq!(field(&o, "succeeds"), &Value::from(true), "{stunt}");
        assert_links(&tome, &o);
        assert_eq!(field(&at(10 + needed - 1), "succeeds"), &Value::from(false), "{stunt}");
    }
    // A stunt the storyguide sets: its advantage typed.
    let o = calc(&tome, "stunt", &[("required", "4"), ("attack", "14"), ("defense", "10")]).unwrap();
    assert_eq!(field(&o, "succeeds"), &Value::from(true));
    let e = err(calc(&tome, "stunt", &[("stunt", "Juggle"), ("attack", "14"), ("defense", "10")]));
    assert!(e.contains("Juggle"), "{e}");
    let e = err(calc(&tome, "stunt", &[("attack", "14"), ("defense", "10")]));
    assert!(e.contains("--stunt") && e.contains("--required"), "{e}");
}

// ----- Overexertion (lines 1094-1102) --------------------------------------------

/// Doing more than the wounds allow: a Recovery roll that can keep the wound or make it
/// worse, never better and never with a bonus. A Medium wound's roll of 12 (improvement
/// Ease Factor) only keeps it; 5 (below 6) makes it Heavy.
#[test]
fn overexertion_recovery_can_only_make_a_wound_worse() {
    let tome = tome();
    let roll =
        |r: &str| calc(&tome, "recovery", &[("wound", "medium"), ("roll", r), ("overexertion", "true")]).unwrap();
    let o = roll("12");
    assert_eq!(field(&o, "result"), &Value::from("stable"));
    assert_eq!(field(&o, "new_level"), &Value::from("medium"));
    assert_eq!(field(&o, "bonus_next"), &Value::from(0));
    let o = roll("5");
    assert_eq!((field(&o, "result"), field(&o, "new_level")), (&Value::from("worsens"), &Value::from("heavy")));
    // An ordinary roll of 6 is stable and earns +3 for the next.
    let o = calc(&tome, "recovery", &[("wound", "medium"), ("roll", "6")]).unwrap();
    assert_eq!(field(&o, "bonus_next"), &Value::from(3));
}
