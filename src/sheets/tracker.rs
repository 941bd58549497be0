//! What a system adds to its sheet for play, as data the PDF and the app both draw:
//! boxes to tick under a value, and blocks to pencil in.

use serde::Serialize;
use ts_rs::TS;

/// Something to keep count of during play, printed as boxes to tick.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Tracker {
    /// What it hangs under.
    pub place: TrackerPlace,
    /// A heading, for a block of its own.
    pub title: String,
    /// Lines to write on (a block's "Sword Arcanum: ____").
    pub lines: Vec<String>,
    pub tallies: Vec<Tally>,
}

/// Where a tracker goes on the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "type", content = "key", rename_all = "lowercase")]
pub enum TrackerPlace {
    /// Under the field with this key (MLAF's SPP, MythCraft's HP).
    Field(String),
    /// Under the derived stat with this key (MythCraft's AP).
    Stat(String),
    /// A block of its own (Primal Wild's Duel Arcane).
    Block,
}

/// A row of boxes: how many, how many crossed already, and what to tick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Tally {
    pub label: String,
    pub boxes: i64,
    pub marked: i64,
    pub hint: String,
}

impl Tracker {
    /// One row of boxes under a field.
    pub fn field(key: &str, boxes: i64, marked: i64, hint: impl Into<String>) -> Tracker {
        Tracker::under(TrackerPlace::Field(key.into()), boxes, marked, hint)
    }

    /// One row of boxes under a derived stat.
    pub fn stat(key: &str, boxes: i64, hint: impl Into<String>) -> Tracker {
        Tracker::under(TrackerPlace::Stat(key.into()), boxes, 0, hint)
    }

    fn under(place: TrackerPlace, boxes: i64, marked: i64, hint: impl Into<String>) -> Tracker {
        let tally = Tally { label: String::new(), boxes, marked, hint: hint.into() };
        Tracker { place, title: String::new(), lines: Vec::new(), tallies: vec![tally] }
    }
}
