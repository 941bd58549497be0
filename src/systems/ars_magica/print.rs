//! What Ars Magica's sheet adds for play: Fatigue as the document's named ladder
//! (Fresh to Unconscious, with each level's penalty and time to recover) instead of
//! two rows of unlabelled boxes.

use crate::characters::{Character, SheetValue};
use crate::sheets::{Ladder, LadderStep, Tracker, TrackerPlace};

use super::rules::FatigueLevel;

const SHORT: &str = "fatigue.short-term";
const LONG: &str = "fatigue.long-term";

/// The Fatigue ladder, marked with the levels the character has lost: the long-term
/// ones from Winded up, the short-term ones above them (the document treats the more
/// serious levels as short-term).
pub(super) fn fatigue_ladder(c: &Character) -> Tracker {
    let lost = |key: &str| match c.values.get(key) {
        Some(SheetValue::Int(n)) => (*n).clamp(0, 20),
        _ => 0,
    };
    let (short, long) = (lost(SHORT), lost(LONG));
    let total = short + long;
    let last = FatigueLevel::ALL.len() as i64 - 1;
    let extra = (total - last).max(0);
    let steps = FatigueLevel::ALL
        .iter()
        .enumerate()
        .map(|(i, level)| {
            let i = i as i64;
            let mark = match i {
                0 => "",
                i if i <= long => "L",
                i if i <= total => "S",
                _ => "",
            };
            let penalty = match level.penalty() {
                Some(0) => "none".to_string(),
                Some(p) => format!("−{}", -p),
                None => "out: no actions".to_string(),
            };
            let recover = match level.recovery_minutes(0) {
                None => "—".to_string(),
                Some(m) if *level == FatigueLevel::Unconscious => {
                    format!("{} hours, +1 hour per level past it", m / 60)
                }
                Some(m) => format!("{m} minutes"),
            };
            LadderStep {
                cells: vec![level.name().to_string(), penalty, recover],
                mark: mark.to_string(),
                current: i == total.min(last),
            }
        })
        .collect();
    let mut note =
        "Mark L for a long-term level (back one per night's rest), S for a short-term one (back with quiet rest, worst first; twice as long if active).".to_string();
    if extra > 0 {
        note = format!("{extra} more past Unconscious. {note}");
    }
    Tracker {
        place: TrackerPlace::Field(SHORT.into()),
        title: String::new(),
        lines: Vec::new(),
        tallies: Vec::new(),
        ladder: Some(Ladder {
            replaces: vec![SHORT.into(), LONG.into()],
            columns: vec!["Level".into(), "Penalty".into(), "Rest to the level below".into()],
            steps,
            note,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn character(short: i64, long: i64) -> Character {
        let mut c = Character {
            id: 1,
            system: "ars-magica".into(),
            name: "Grog".into(),
            revision: 1,
            created: 0,
            updated: 0,
            values: Default::default(),
            items: Vec::new(),
            conditions: Vec::new(),
            spells: Vec::new(),
        };
        c.values.insert(SHORT.into(), SheetValue::Int(short));
        c.values.insert(LONG.into(), SheetValue::Int(long));
        c
    }

    fn ladder(short: i64, long: i64) -> Ladder {
        fatigue_ladder(&character(short, long)).ladder.unwrap()
    }

    #[test]
    fn the_ladder_names_every_level_with_its_penalty_and_recovery() {
        let l = ladder(0, 0);
        let rows: Vec<Vec<&str>> = l.steps.iter().map(|s| s.cells.iter().map(String::as_str).collect()).collect();
        assert_eq!(
            rows,
            [
                ["Fresh", "none", "—"],
                ["Winded", "none", "2 minutes"],
                ["Weary", "−1", "10 minutes"],
                ["Tired", "−3", "30 minutes"],
                ["Dazed", "−5", "60 minutes"],
                ["Unconscious", "out: no actions", "2 hours, +1 hour per level past it"],
            ]
        );
        assert!(l.steps[0].current);
        assert_eq!(l.replaces, [SHORT, LONG]);
    }

    #[test]
    fn the_documents_example_one_short_two_long_is_tired() {
        // One short-term and two long-term levels lost: Tired, the top level short-term.
        let l = ladder(1, 2);
        let marks: Vec<&str> = l.steps.iter().map(|s| s.mark.as_str()).collect();
        assert_eq!(marks, ["", "L", "L", "S", "", ""]);
        assert_eq!(l.steps.iter().position(|s| s.current), Some(3));
        assert_eq!(l.steps[3].cells[0], "Tired");
    }

    #[test]
    fn levels_past_unconscious_are_counted_in_the_note() {
        let l = ladder(5, 2);
        assert!(l.steps[5].current);
        assert!(l.note.starts_with("2 more past Unconscious"), "{}", l.note);
    }
}
