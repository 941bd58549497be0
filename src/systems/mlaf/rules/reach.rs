//! Where and when a spell may be cast: its range in squares and its timing window.

use super::*;

/// The longest distance on a Blood Bowl pitch (26 squares long), for a typed distance.
pub const MAX_DISTANCE: i64 = 26;

/// A spell's range in squares, from its entry's range text: "max. seven squares" is 7,
/// "max. five squares" 5, "3 squares radius" 3, an "adjacent square" 1.
/// Interpretation: ranges measured with the range ruler or the lightning bolt template
/// have no fixed number of squares, so Tome does not check them (`None`).
pub fn range_squares(range: &str) -> Option<i64> {
    let words = range.to_ascii_lowercase();
    if words.contains("adjacent") {
        return Some(1);
    }
    const NUMBERS: &[(&str, i64)] = &[
        ("one", 1),
        ("two", 2),
        ("three", 3),
        ("four", 4),
        ("five", 5),
        ("six", 6),
        ("seven", 7),
        ("eight", 8),
        ("nine", 9),
        ("ten", 10),
    ];
    if !words.contains("square") {
        return None;
    }
    words
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find_map(|w| w.parse::<i64>().ok().or_else(|| NUMBERS.iter().find(|(name, _)| *name == w).map(|(_, n)| *n)))
}

/// Checks a target `distance` squares from the caster against the spell's range text.
///
/// # Errors
/// [`Error::InvalidInput`] for a distance outside 1 to [`MAX_DISTANCE`], or beyond the
/// spell's reach.
pub fn check_range(spell: &SpellRef, range: Option<&str>, distance: i64) -> Result<Term> {
    let (name, id) = (spell.name.as_str(), Some(spell.id.as_str()));
    check("--distance (squares from the caster to the target)", distance, (1, MAX_DISTANCE))?;
    match range.and_then(range_squares) {
        Some(max) if distance > max => Err(Error::InvalidInput(format!(
            "--distance: {name} reaches {max} square{} at most ({}), not {distance}",
            if max == 1 { "" } else { "s" },
            range.unwrap_or_default()
        ))),
        Some(max) => Ok(Term::text(format!("Target {distance} squares away"), format!("within {max}"), id)),
        None => Ok(Term::text(
            format!("Target {distance} squares away"),
            format!("{} (Interpretation: no fixed number of squares, not checked)", range.unwrap_or("no range given")),
            None,
        )),
    }
}

/// Where a match stands when a spell is cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// After the start, before the first kick-off.
    BeforeMatch,
    /// The second half's kick-off, after halftime.
    HalftimeKickOff,
    /// A kick-off after a touchdown.
    KickOff,
    /// A turn of the caster's own team.
    OwnTurn,
    /// A turn of the other team.
    OpponentsTurn,
    /// After the final whistle.
    AfterMatch,
}

impl Moment {
    pub fn words(self) -> &'static str {
        match self {
            Moment::BeforeMatch => "before the match",
            Moment::HalftimeKickOff => "at the second half's kick-off",
            Moment::KickOff => "at a kick-off",
            Moment::OwnTurn => "in the caster's own turn",
            Moment::OpponentsTurn => "in the opponents' turn",
            Moment::AfterMatch => "after the match",
        }
    }
}

use Moment::*;

const IN_PLAY: &[Moment] = &[OwnTurn, OpponentsTurn];
const BEFORE_KICK_OFF: &[Moment] = &[BeforeMatch, HalftimeKickOff, KickOff];

/// When each spell may be cast, from its "When" line, in words, and the interpretation
/// Tome made of it, if any. Spells not listed here (content added by a user) may be cast
/// at any moment.
pub fn windows(spell_id: &str) -> (&'static [Moment], &'static str, Option<&'static str>) {
    let (moments, words) = window(spell_id);
    (moments, words, interpretation(spell_id))
}

const ANY_TIME: &str =
    "Interpretation: \"any time\" is while the match is played, in either team's turn, not before it, at a kick-off or after it";
const KICK_OFF_NOTE: &str = "Interpretation: the moment before the match counts as before its first kick-off";
const START_OF_TURN: &str = "Interpretation: Tome checks whose turn it is, not how far into the turn the team is";

fn interpretation(spell_id: &str) -> Option<&'static str> {
    match spell_id.rsplit('/').next().unwrap_or(spell_id) {
        "medusas-gaze" | "lightning-bolt" | "toad" | "guidance" | "fire-ball" | "invisibility" | "siren-song"
        | "rune-of-deflection" | "tormented-soul" | "dragon-claw" | "warpfire" | "necromancy" | "form-of-mist"
        | "call-roots" => Some(ANY_TIME),
        "healing-hand" | "evil-twin" | "blizzard" => Some(KICK_OFF_NOTE),
        "weather-control" | "swamp-call" | "cry-of-jyhad" | "blessing" | "screech-of-frenzy" | "taming-the-beast"
        | "caterwauling" => Some(START_OF_TURN),
        "librarian" | "clairvoyance" => {
            Some("Interpretation: the Special Play Cards are rolled for and drawn before the match")
        }
        "counterspell" => Some(
            "Interpretation: \"immediately after\" is the last spell cast in the match, by the opposing caster, in the same turn",
        ),
        _ => None,
    }
}

fn window(spell_id: &str) -> (&'static [Moment], &'static str) {
    let slug = spell_id.rsplit('/').next().unwrap_or(spell_id);
    match slug {
        "a-soul-in-chains" | "tattoos" => (&[BeforeMatch], "before the match"),
        "librarian" | "clairvoyance" => (&[BeforeMatch], "before the match, with the Special Play Cards"),
        "dark-initiation" => (&[AfterMatch], "immediately after the match"),
        "healing-hand" => {
            (&[BeforeMatch, HalftimeKickOff, KickOff, AfterMatch], "immediately before a kick-off or after the match")
        }
        "evil-twin" | "blizzard" => (BEFORE_KICK_OFF, "immediately before a kick-off"),
        "shift-of-power" => (&[BeforeMatch, HalftimeKickOff], "at the start of a half"),
        "speed-of-light" | "power-drain" | "the-long-door" | "time-bubble" | "cry-of-jyhad" | "blessing"
        | "screech-of-frenzy" | "taming-the-beast" => (&[OwnTurn], "in the caster's own turn"),
        "caterwauling" | "rune-of-fear" => (&[OpponentsTurn], "in the opponents' turn"),
        "counterspell" => (
            &[BeforeMatch, HalftimeKickOff, KickOff, OwnTurn, OpponentsTurn, AfterMatch],
            "immediately after the opponent's spell or Magic Item card",
        ),
        "medusas-gaze" | "lightning-bolt" | "toad" | "guidance" | "fire-ball" | "weather-control" | "invisibility"
        | "siren-song" | "rune-of-deflection" | "tormented-soul" | "swamp-call" | "dragon-claw" | "warpfire"
        | "necromancy" | "form-of-mist" | "call-roots" => (IN_PLAY, "in play, in either team's turn"),
        _ => (&[BeforeMatch, HalftimeKickOff, KickOff, OwnTurn, OpponentsTurn, AfterMatch], "at any moment"),
    }
}

/// Checks that `spell` may be cast at `now`; returns the term and the interpretation
/// the check made, if any.
///
/// # Errors
/// [`Error::InvalidInput`] naming the spell's window and the moment it was tried.
pub fn check_window(spell: &SpellRef, now: Moment) -> Result<(Term, Option<&'static str>)> {
    let (allowed, words, note) = windows(&spell.id);
    if allowed.contains(&now) {
        Ok((Term::text(format!("{} is cast {words}", spell.name), now.words(), Some(spell.id.as_str())), note))
    } else {
        let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
        Err(Error::InvalidInput(format!("{} is cast {words}, not {}{note}", spell.name, now.words())))
    }
}
