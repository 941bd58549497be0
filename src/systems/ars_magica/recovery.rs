//! The recovery track as the sheet keeps it: wound counts in `wounds.<level>`, each
//! wound's carried bonus in `recovery.<level>` (one signed number per wound, the next to
//! roll first) and the Incapacitated penalty in `recovery.incapacitated`.

use super::rules::{RecoveryTrack, WoundCounts};
use crate::characters::{Character, SheetValue};
use crate::error::{Error, Result};

const QUEUES: [(&str, &str); 3] =
    [("wounds.light", "recovery.light"), ("wounds.medium", "recovery.medium"), ("wounds.heavy", "recovery.heavy")];
const INCAPACITATED: &str = "recovery.incapacitated";

fn int(c: &Character, key: &str) -> i64 {
    match c.values.get(key) {
        Some(SheetValue::Int(n)) => *n,
        _ => 0,
    }
}

/// The bonuses written in a `recovery.<level>` field: `+3 0`, `3, 6`.
pub(crate) fn parse_bonuses(field: &str, text: &str) -> Result<Vec<i64>> {
    text.split(|ch: char| ch.is_whitespace() || ch == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.trim_start_matches('+').parse::<i64>().ok().filter(|n| (-100..=100).contains(n)).ok_or_else(|| {
                Error::InvalidInput(format!(
                    "{field}: `{w}` is not a carried bonus: write one whole number from -100 to 100 per wound, e.g. `+3 0`"
                ))
            })
        })
        .collect()
}

/// The bonuses as the field keeps them, without the trailing zeros the track adds back
/// (so a roll for one level does not write out every other level's fresh wounds).
fn bonuses_text(bonuses: &[i64]) -> String {
    let kept = bonuses.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    bonuses[..kept].iter().map(|b| format!("{b:+}")).collect::<Vec<_>>().join(" ")
}

/// The character's track.
///
/// # Errors
/// A `recovery.<level>` field that is not a list of bonuses.
pub fn track(c: &Character) -> Result<RecoveryTrack> {
    let mut kept: [Vec<i64>; 3] = Default::default();
    for (queue, (_, field)) in kept.iter_mut().zip(QUEUES) {
        match c.values.get(field) {
            Some(SheetValue::Text(t)) => *queue = parse_bonuses(field, t)?,
            Some(SheetValue::Int(n)) => *queue = parse_bonuses(field, &n.to_string())?,
            None => {}
        }
    }
    let counts = WoundCounts {
        light: int(c, QUEUES[0].0),
        medium: int(c, QUEUES[1].0),
        heavy: int(c, QUEUES[2].0),
        incapacitating: int(c, "wounds.incapacitating"),
    };
    Ok(RecoveryTrack::new(counts, kept, int(c, INCAPACITATED)))
}

/// Writes `t` back onto the sheet (a level without wounds clears its fields).
pub fn write_track(c: &mut Character, t: &RecoveryTrack) {
    for ((count, field), queue) in QUEUES.iter().zip([&t.light, &t.medium, &t.heavy]) {
        set_count(c, count, queue.len() as i64);
        let text = bonuses_text(queue);
        if text.is_empty() {
            c.values.remove(*field);
        } else {
            c.values.insert(field.to_string(), SheetValue::Text(text));
        }
    }
    set_count(c, "wounds.incapacitating", t.incapacitating);
    if t.incapacitated_bonus == 0 {
        c.values.remove(INCAPACITATED);
    } else {
        c.values.insert(INCAPACITATED.into(), SheetValue::Int(t.incapacitated_bonus));
    }
}

/// Sets a wound count, leaving an unset field unset when it stays 0 (so the revision
/// lists only what the roll changed).
fn set_count(c: &mut Character, key: &str, n: i64) {
    if int(c, key) != n {
        c.values.insert(key.to_string(), SheetValue::Int(n));
    }
}

/// The character's Stamina, which every Recovery roll adds.
pub fn stamina(c: &Character) -> i64 {
    int(c, "stamina")
}
