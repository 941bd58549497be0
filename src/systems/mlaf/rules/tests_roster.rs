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
