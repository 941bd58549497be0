//! Tests of the roster limits (line 5) and of where a caster must be to cast (line 66).

use super::tests::{err, field, run, tome};
use super::*;

/// Line 5: a race recruits one spellcaster at most, and he takes one special-player
/// slot, so a team with him has only one other special player.
#[test]
fn one_spellcaster_a_team_taking_a_special_player_slot() {
    let ok = roster_check(1, 1).unwrap();
    assert!(ok.legal);
    assert_eq!(ok.slots_left, 0);
    let two_others = roster_check(1, 2).unwrap();
    assert!(!two_others.legal);
    assert!(two_others.problems[0].1.contains("1 other special player allowed, not 2"), "{:?}", two_others.problems);
    let two_casters = roster_check(2, 0).unwrap();
    assert!(!two_casters.legal);
    assert_eq!(two_casters.problems[0].0, "spellcasters");
    assert!(roster_check(0, 2).unwrap().legal, "without a caster both slots are free (Interpretation)");
    let o = run(&tome(), "roster-check", &[("spellcasters", "1"), ("special-players", "2")]).unwrap();
    assert_eq!(field(&o, "legal"), false);
    assert!(
        o.warnings.iter().any(|w| w.contains("Special players") || w.contains("special player")),
        "{:?}",
        o.warnings
    );
    assert!(err(&tome(), "roster-check", &[("spellcasters", "17")]).contains("0 to 16"));
}

/// Line 66: unless the spell says otherwise, the caster must be on the field and
/// standing. Spells cast only outside play are read as saying otherwise.
#[test]
fn a_caster_must_be_on_the_field_and_standing_to_cast_in_play() {
    let tome = tome();
    let o = run(&tome, "cast", &[("spell", "Fire Ball")]).unwrap();
    assert!(o.terms.iter().any(|t| t.value == "on the field and standing"), "{:?}", o.terms);
    let e = err(&tome, "cast", &[("spell", "Fire Ball"), ("caster", "down")]);
    assert!(e.contains("Fire Ball needs the caster on the field and standing; he is down on the field"), "{e}");
    assert!(err(&tome, "cast", &[("spell", "Toad"), ("caster", "off-field")]).contains("off the field"));
    // Healing Hand is cast before a kick-off or after the game: nobody is on the pitch.
    let o = run(&tome, "cast", &[("spell", "Healing Hand"), ("caster", "off-field")]).unwrap();
    assert!(o.terms.iter().any(|t| t.value.as_str().is_some_and(|v| v.contains("Interpretation"))), "{:?}", o.terms);
    assert!(err(&tome, "cast", &[("spell", "Toad"), ("caster", "asleep")]).contains("standing, down, off-field"));
}

/// Line 132: a Fire Ball thrown inaccurately scatters three times from the target square,
/// a fumbled one bounces once from the caster's square (Interpretation: Blood Bowl's
/// Living Rulebook passes, a d8 each on the scatter template); the caster is then within
/// its nine squares. Without the d8s the calculator says what to roll; the throw is for
/// Fire Ball alone.
#[test]
fn an_inaccurate_or_fumbled_fire_ball_scatters_as_a_pass() {
    let l = fire_ball_landing(Throw::Inaccurate, &[1, 1, 8]).unwrap();
    assert_eq!((l.right, l.down, l.caster_in_area), (-1, -1, false));
    assert_eq!(l.words, "1 square left and 1 square up of the target square");
    let l = fire_ball_landing(Throw::Inaccurate, &[4, 5, 2]).unwrap();
    assert_eq!(l.words, "1 square up of the target square");
    let l = fire_ball_landing(Throw::Inaccurate, &[4, 5, 7]).unwrap();
    assert_eq!(l.words, "1 square down of the target square");
    let l = fire_ball_landing(Throw::Fumbled, &[3]).unwrap();
    assert_eq!((l.right, l.down, l.caster_in_area), (1, -1, true));
    assert_eq!(fire_ball_landing(Throw::Accurate, &[]).unwrap().words, "on the target square");
    assert!(fire_ball_landing(Throw::Fumbled, &[3, 4]).unwrap_err().to_string().contains("bounces once"));
    assert!(fire_ball_landing(Throw::Inaccurate, &[9, 1, 1]).is_err());

    let tome = tome();
    let o = run(&tome, "cast", &[("spell", "Fire Ball"), ("throw", "inaccurate"), ("scatter", "2,2,5")]).unwrap();
    assert_eq!(field(&o, "lands"), "1 square right and 2 squares up of the target square");
    assert!(o.warnings.iter().any(|w| w.starts_with("Interpretation: Blood Bowl's pass rules")), "{:?}", o.warnings);
    let o = run(&tome, "cast", &[("spell", "Fire Ball"), ("throw", "fumbled")]).unwrap();
    assert!(o.warnings.iter().any(|w| w.contains("bounces once from the caster's square")), "{:?}", o.warnings);
    assert!(err(&tome, "cast", &[("spell", "Toad"), ("throw", "fumbled")]).contains("for Fire Ball only"));
    assert!(err(&tome, "cast", &[("spell", "Fire Ball"), ("scatter", "2")]).contains("needs --throw"));
}
