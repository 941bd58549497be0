//! The tests of what a match checks of a cast (range, timing, the spells a caster
//! knows) and of the effects that stay on the pitch, from the document's lines.

use super::tests::{err, field, run, tome};
use super::*;

fn spell(tome: &dyn Rulebook, name: &str) -> SpellRef {
    spell_detail(tome, name).unwrap_or_else(|e| panic!("{name}: {e}")).0
}

/// Ranges as the spells print them: "max. seven squares" (Medusa's Gaze, line 85),
/// "max. five squares" (Warpfire, line 347; Call Roots, line 379), "3 squares radius"
/// (Siren Song, line 179), the adjacent square of Power Drain (line 99); the range
/// ruler (Fire Ball, line 133) and the bolt template (line 112) have no fixed count.
#[test]
fn spell_ranges_in_squares_from_their_entries() {
    let tome = tome();
    for (name, squares) in [
        ("Medusa's Gaze", Some(7)),
        ("Speed of Light", Some(7)),
        ("The Long Door", Some(7)),
        ("Invisibility", Some(7)),
        ("Tormented Soul", Some(7)),
        ("Dragon Claw", Some(7)),
        ("Form of Mist", Some(7)),
        ("Warpfire", Some(5)),
        ("Call Roots", Some(5)),
        ("Siren Song", Some(3)),
        ("Power Drain", Some(1)),
        ("Fire Ball", None),
        ("Lightning Bolt", None),
    ] {
        let (_, d) = spell_detail(&tome, name).unwrap();
        assert_eq!(d.range.as_deref().and_then(range_squares), squares, "{name}: {:?}", d.range);
    }
}

/// A target one square past the range is refused by the calculator, naming the range;
/// one at it is in; range-ruler spells are not checked, and say so.
#[test]
fn cast_refuses_a_target_out_of_range() {
    let tome = tome();
    let e = err(&tome, "cast", &[("spell", "Warpfire"), ("distance", "6")]);
    assert!(e.contains("5 squares") && e.contains("not 6"), "{e}");
    let e = err(&tome, "cast", &[("spell", "Power Drain"), ("level", "1"), ("enemy-level", "1"), ("distance", "2")]);
    assert!(e.contains("1 square at most"), "{e}");
    let o = run(&tome, "cast", &[("spell", "Warpfire"), ("distance", "5")]).unwrap();
    assert_eq!(field(&o, "needs"), 2);
    let o = run(&tome, "cast", &[("spell", "Fire Ball"), ("distance", "20")]).unwrap();
    assert!(o.terms.iter().any(|t| t.value_text().contains("Interpretation")), "{:?}", o.terms);
    let e = err(&tome, "cast", &[("spell", "Fire Ball"), ("distance", "0")]);
    assert!(e.contains("--distance"), "{e}");
}

/// Timing (lines 72, 90, 139, 204, 251, 259): each spell's moments.
#[test]
fn spells_have_their_documents_moments() {
    let tome = tome();
    let ok = |name: &str, at: Moment| check_window(&spell(&tome, name), at).is_ok();
    assert!(ok("A Soul in Chains", Moment::BeforeMatch) && !ok("A Soul in Chains", Moment::OwnTurn));
    assert!(ok("Speed of Light", Moment::OwnTurn) && !ok("Speed of Light", Moment::OpponentsTurn));
    assert!(ok("Caterwauling", Moment::OpponentsTurn) && !ok("Caterwauling", Moment::OwnTurn));
    assert!(ok("Dark Initiation", Moment::AfterMatch) && !ok("Dark Initiation", Moment::OpponentsTurn));
    assert!(ok("Healing Hand", Moment::AfterMatch) && ok("Healing Hand", Moment::KickOff));
    assert!(ok("Evil Twin", Moment::HalftimeKickOff) && !ok("Evil Twin", Moment::OwnTurn));
    assert!(ok("Shift of Power", Moment::HalftimeKickOff) && !ok("Shift of Power", Moment::KickOff));
    assert!(ok("Fire Ball", Moment::OpponentsTurn) && !ok("Fire Ball", Moment::BeforeMatch));
    assert!(ok("Counterspell", Moment::BeforeMatch) && ok("Counterspell", Moment::OwnTurn));
    let e = check_window(&spell(&tome, "Fire Ball"), Moment::AfterMatch).unwrap_err().to_string();
    assert!(e.contains("not after the match") && e.contains("Interpretation"), "{e}");
    // Every spell of the document has its moments written down (none falls to "any moment").
    for item in tome.list(Kind::Spell, Some(SYSTEM)).unwrap() {
        let (_, words, _) = windows(&item.id);
        assert_ne!(words, "at any moment", "{}", item.id);
    }
}

/// Line 172: a racial spell comes with its position and nobody else learns it.
#[test]
fn racial_spells_stay_with_their_race() {
    let tome = tome();
    let k = roster_spells(&tome, "Siren", &["Fire Ball", "toad"]).unwrap();
    assert_eq!((k.position.as_str(), k.race.as_str()), ("Siren", "Amazon"));
    let names: Vec<&str> = k.spells.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["Siren Song", "Fire Ball", "Toad"]);
    let e = roster_spells(&tome, "Shaman", &["Siren Song"]).unwrap_err().to_string();
    assert!(e.contains("only Amazon Sirens") && e.contains("Orc"), "{e}");
    assert!(roster_spells(&tome, "Shaman", &["Tattoos"]).is_ok(), "his own racial spell is no error");
    assert!(roster_spells(&tome, "Quarterback", &[]).is_err());
}

/// Line 260: an Evil Twin's tackle zone adds to the real ones.
#[test]
fn evil_twin_adds_a_tackle_zone() {
    let tome = tome();
    let o = run(&tome, "evil-twin", &[("enemy-tz", "2")]).unwrap();
    assert_eq!(field(&o, "tackle-zones"), 3);
    assert_eq!(field(&run(&tome, "evil-twin", &[]).unwrap(), "tackle-zones"), 1);
    assert!(err(&tome, "evil-twin", &[("enemy-tz", "9")]).contains("--enemy-tz"));
}

/// Line 303: each move out of the mud costs 2 MA, and no going for it from there. MA 6
/// with 2 moves out of the mud: 4 MA for those, 2 squares more, 4 in all; 4 moves out of
/// the mud need 8 MA.
#[test]
fn swamp_call_costs_two_ma_a_square() {
    let tome = tome();
    assert_eq!(field(&run(&tome, "swamp-call", &[("ma", "6"), ("mud-moves", "2")]).unwrap(), "squares"), 4);
    assert_eq!(field(&run(&tome, "swamp-call", &[("ma", "6"), ("mud-moves", "3")]).unwrap(), "squares"), 3);
    assert_eq!(field(&run(&tome, "swamp-call", &[("ma", "5"), ("mud-moves", "0")]).unwrap(), "squares"), 5);
    let e = err(&tome, "swamp-call", &[("ma", "6"), ("mud-moves", "4")]);
    assert!(e.contains("8 MA") && e.contains("at most 3"), "{e}");
    assert!(err(&tome, "swamp-call", &[("ma", "0"), ("mud-moves", "0")]).contains("--ma"));
}
