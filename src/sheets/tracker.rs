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
    /// Named steps printed in place of fields' plain boxes (Ars Magica's Fatigue levels).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ladder: Option<Ladder>,
}

/// A ladder of named steps, a row each with its facts, printed instead of a row of
/// unlabelled boxes: the player ticks the steps reached. It goes where the first field
/// it replaces would be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Ladder {
    /// The fields it is printed instead of, by key.
    pub replaces: Vec<String>,
    /// The columns after the box to tick ("Level", "Penalty", …).
    pub columns: Vec<String>,
    pub steps: Vec<LadderStep>,
    /// A line under it: what the marks mean, what the rows leave out.
    pub note: String,
}

/// One step of a [`Ladder`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LadderStep {
    pub cells: Vec<String>,
    /// What is written in its box now ("S", "L"), empty when not reached.
    pub mark: String,
    /// The step the character is on.
    pub current: bool,
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
        Tracker { place, title: String::new(), lines: Vec::new(), tallies: vec![tally], ladder: None }
    }
}
