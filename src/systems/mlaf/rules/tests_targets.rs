//! Tests of the spells' target rules: Healing Hand (line 105), Time Bubble (line 165),
//! Rune of Deflection (line 245) and Dragon Claw's line (lines 311-313).

use super::tests::{err, field, run, tome};

/// Line 105: Healing Hand heals this game's injuries, lasting effects included, but
/// nothing from earlier games and never a dead player.
#[test]
fn healing_hand_heals_only_this_game_s_injuries_and_never_the_dead() {
    let tome = tome();
    let o = run(&tome, "healing-hand", &[("injury", "serious-injury")]).unwrap();
    assert_eq!(field(&o, "heals"), true);
    let o = run(&tome, "healing-hand", &[("injury", "niggling-injury"), ("from", "this-game")]).unwrap();
    assert_eq!(field(&o, "heals"), true, "a lasting effect of this game's injury");
    let o = run(&tome, "healing-hand", &[("injury", "stat-reduction"), ("from", "earlier-game")]).unwrap();
    assert_eq!(field(&o, "heals"), false);
    assert!(o.terms[0].value.as_str().unwrap().contains("only this game's"), "{:?}", o.terms);
    let o = run(&tome, "healing-hand", &[("injury", "dead")]).unwrap();
    assert_eq!(field(&o, "heals"), false);
    assert!(o.terms[0].value.as_str().unwrap().contains("never raises the dead"), "{:?}", o.terms);
    assert!(err(&tome, "healing-hand", &[("injury", "bruised")]).contains("badly-hurt"));
}

/// Line 165: the second action must be legal: a team still blitzes, fouls and passes
/// once a turn, unless a card allows more.
#[test]
fn time_bubble_s_second_action_keeps_one_blitz_foul_and_pass_a_turn() {
    let tome = tome();
    let o = run(&tome, "time-bubble", &[("second", "block"), ("used", "blitz,block")]).unwrap();
    assert_eq!(field(&o, "legal"), true, "moving or blocking again is always legal");
    let o = run(&tome, "time-bubble", &[("second", "blitz"), ("used", "move, blitz")]).unwrap();
    assert_eq!(field(&o, "legal"), false, "a second Blitz in the turn");
    assert!(o.terms.iter().any(|t| t.value_text().contains("spent")), "{:?}", o.terms);
    let o = run(&tome, "time-bubble", &[("second", "pass"), ("used", "blitz")]).unwrap();
    assert_eq!(field(&o, "legal"), true, "no Pass taken yet");
    let o = run(&tome, "time-bubble", &[("second", "foul"), ("used", "foul"), ("cards", "foul")]).unwrap();
    assert_eq!(field(&o, "legal"), true, "a card allowing one more Foul");
    assert!(o.warnings.iter().any(|w| w.starts_with("Interpretation:")), "{:?}", o.warnings);
    assert!(err(&tome, "time-bubble", &[("second", "pass"), ("used", "blitz,,pass")]).contains("item 2 of 3"));
    assert!(err(&tome, "time-bubble", &[("second", "pass"), ("used", "sprint")]).contains("`sprint` is not an action"));
    assert!(err(&tome, "time-bubble", &[("second", "pass"), ("cards", "move")]).contains("never limited"));
}

/// Line 245: the new target must be legal for the deflected spell, its range above all;
/// with none, the spell is lost without effect.
#[test]
fn rune_of_deflection_s_new_target_is_within_the_spell_s_range_or_the_spell_is_lost() {
    let tome = tome();
    // Invisibility reaches seven squares; Power Drain, an adjacent square.
    let o = run(&tome, "rune-of-deflection", &[("spell", "Invisibility"), ("distance", "7")]).unwrap();
    assert_eq!(field(&o, "legal"), true);
    let o = run(&tome, "rune-of-deflection", &[("spell", "Invisibility"), ("distance", "8")]).unwrap();
    assert_eq!(field(&o, "legal"), false);
    assert_eq!(field(&o, "result"), "deflected into the void, without effect");
    let o = run(&tome, "rune-of-deflection", &[("spell", "Power Drain"), ("distance", "2")]).unwrap();
    assert_eq!(field(&o, "legal"), false, "Power Drain reaches only an adjacent square");
    let o = run(&tome, "rune-of-deflection", &[("spell", "Power Drain")]).unwrap();
    assert_eq!(field(&o, "legal"), false, "no target in reach at all");
    let o = run(&tome, "rune-of-deflection", &[("spell", "Fire Ball"), ("distance", "12")]).unwrap();
    assert_eq!(field(&o, "legal"), true, "a range by the ruler is not counted in squares");
    assert!(err(&tome, "rune-of-deflection", &[("spell", "Invisibility"), ("distance", "27")]).contains("1 to 26"));
}

/// Lines 311-313: a model the line touches is struck instead of the target, unless he
/// lies prone; a failed cast strikes the first standing player within range in the
/// scatter direction.
#[test]
fn dragon_claw_strikes_the_first_standing_player_on_its_line() {
    let tome = tome();
    let o = run(&tome, "dragon-claw-line", &[("line", "Ulf=3,Bo=5"), ("target", "Bo")]).unwrap();
    assert_eq!(field(&o, "hit"), "Ulf", "Ulf stands on the line before the target");
    let o = run(&tome, "dragon-claw-line", &[("line", "Ulf=3,Bo=5"), ("prone", "Ulf"), ("target", "Bo")]).unwrap();
    assert_eq!(field(&o, "hit"), "Bo", "a prone player does not block the line");
    let o = run(&tome, "dragon-claw-line", &[("line", "Bo=5,Ulf=3"), ("prone", "Ulf")]).unwrap();
    assert_eq!(field(&o, "hit"), "Bo", "scattering, the first standing player in range");
    let o = run(&tome, "dragon-claw-line", &[("line", "Bo=8")]).unwrap();
    assert_eq!(field(&o, "hit"), serde_json::Value::Null, "beyond the seven squares of the spell's range");
    let e = err(&tome, "dragon-claw-line", &[("line", "Bo=5"), ("prone", "Bo"), ("target", "Bo")]);
    assert!(e.contains("Bo is prone"), "{e}");
    assert!(err(&tome, "dragon-claw-line", &[("line", "Bo=9"), ("target", "Bo")]).contains("reaches 7"));
    assert!(err(&tome, "dragon-claw-line", &[("line", "Bo=5"), ("target", "Kim")]).contains("not one of the players"));
    assert!(err(&tome, "dragon-claw-line", &[("line", "Bo=5"), ("prone", "Kim")]).contains("not one of the players"));
}
