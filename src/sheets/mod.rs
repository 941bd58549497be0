//! Character sheets per game system: what each system's sheet holds (its layout) and
//! what the rules work out from it (derived stats, each with the terms behind it, and
//! warnings where the sheet breaks a rule).
//!
//! A layout is data the CLI, the app and the PDF export all read, so a sheet is
//! described once. Derived stats are computed by the calculators in [`crate::rules`];
//! this module only reads the sheet and hands the numbers over.
//!
//! Deriving never fails on what a player typed: a value out of range becomes a warning
//! beside its field (and the derived stats use the nearest allowed value), so the sheet
//! keeps updating while someone is halfway through typing a number.

pub mod layout;
mod reader;
pub mod recovery;
mod tracker;

use serde::Serialize;
use ts_rs::TS;

use crate::characters::Character;
use crate::error::Result;
use crate::rulebook::Rulebook;
use crate::rules::Term;

pub use layout::{
    ChoiceOption, FieldFamily, FieldKind, FieldSpec, ListKind, NamedMember, SheetField, SheetLayout, SheetList,
    SheetSection,
};
pub use reader::Reader;
pub use tracker::{Ladder, LadderStep, Tally, Tracker, TrackerPlace};

/// One number (or word) the rules work out from a sheet.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct DerivedStat {
    /// Stable key: `encumbrance`, `soak`, `weapon.sword-long.attack`.
    pub key: String,
    pub label: String,
    /// What the stat belongs to on the sheet ("Combat", "Sword, Long"), for grouping.
    pub group: String,
    #[ts(type = "number | string | boolean")]
    pub value: serde_json::Value,
    /// How the value was reached, term by term.
    pub terms: Vec<Term>,
    /// The rule entry that explains the stat.
    pub rule: Option<String>,
    /// Shown with its sign (`+3`), as the system writes bonuses and combat totals.
    pub signed: bool,
}

impl DerivedStat {
    /// The value as the sheet shows it: with its sign (`+3`) where the system writes
    /// one.
    pub fn value_text(&self) -> String {
        match self.value.as_i64() {
            Some(n) if self.signed && n > 0 => format!("+{n}"),
            _ => crate::rules::value_text(&self.value),
        }
    }

    /// How the value was reached, on one line: "Stamina +4; Metal Scale, full Prot +7".
    /// Each term keeps its own sign, so terms that are not addends (a multiplier, a
    /// note) read right too.
    pub fn breakdown(&self) -> String {
        self.terms.iter().map(Term::line).collect::<Vec<_>>().join("; ")
    }
}

/// A rule the sheet breaks, or a value it cannot use. Shown beside `field` and listed
/// with the derived stats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SheetWarning {
    /// What the warning is about: a value's key (`strength`), `item:ENTRY_ID`,
    /// `spell:ENTRY_ID`, `condition:ENTRY_ID`, or `None` for the sheet as a whole.
    pub field: Option<String>,
    pub message: String,
    pub rule: Option<String>,
}

/// Everything derived from one sheet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
pub struct Derived {
    pub stats: Vec<DerivedStat>,
    pub warnings: Vec<SheetWarning>,
    /// What the system adds for play: boxes to tick, blocks to pencil in.
    pub trackers: Vec<Tracker>,
    /// The sheet's words for each value the character holds, family members included
    /// (`ability.area-lore` → "Area Lore").
    pub labels: std::collections::BTreeMap<String, String>,
}

impl Derived {
    /// The stat with `key`, if the sheet has it.
    pub fn stat(&self, key: &str) -> Option<&DerivedStat> {
        self.stats.iter().find(|s| s.key == key)
    }

    /// The whole-number value of `key`, if it has one.
    pub fn int(&self, key: &str) -> Option<i64> {
        self.stat(key).and_then(|s| s.value.as_i64())
    }

    /// The warnings about `field`.
    pub fn warnings_for<'a>(&'a self, field: &'a str) -> impl Iterator<Item = &'a SheetWarning> + 'a {
        self.warnings.iter().filter(move |w| w.field.as_deref() == Some(field))
    }

    pub fn push(
        &mut self,
        key: impl Into<String>,
        label: impl Into<String>,
        group: &str,
        value: impl Into<serde_json::Value>,
        terms: Vec<Term>,
        rule: Option<&str>,
    ) {
        self.stats.push(DerivedStat {
            key: key.into(),
            label: label.into(),
            group: group.to_string(),
            value: value.into(),
            terms,
            rule: rule.map(str::to_string),
            signed: false,
        });
    }

    /// Marks the stat just pushed as one shown with its sign (`+3`).
    pub fn signed(&mut self) {
        if let Some(s) = self.stats.last_mut() {
            s.signed = true;
        }
    }

    pub fn warn(&mut self, field: Option<String>, message: impl Into<String>, rule: Option<&str>) {
        let message = message.into();
        // Two stats reading one bad value would say the same thing twice.
        if !self.warnings.iter().any(|w| w.field == field && w.message == message) {
            self.warnings.push(SheetWarning { field, message, rule: rule.map(str::to_string) });
        }
    }
}

/// The entry `id` a sheet references, or `None` with a warning beside `field` when the
/// database has no such entry (an unsaved sheet may name one). Other errors propagate.
pub fn sheet_entry(
    tome: &dyn Rulebook,
    id: &str,
    field: String,
    out: &mut Derived,
) -> Result<Option<crate::model::Entry>> {
    match tome.show(id) {
        Ok(e) => Ok(Some(e)),
        Err(e) if e.is_not_found() => {
            out.warn(Some(field), format!("Tome has no entry {id}; it is left out"), None);
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// A character with what the rules work out from it: what `tome character show` and
/// the app's sheet display.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CharacterView {
    pub character: Character,
    pub derived: Derived,
    /// The Recovery rolls due, for a system whose sheets keep a recovery track (none
    /// otherwise, and none while the sheet's track does not read: `derived` warns).
    pub recovery: Option<recovery::RecoveryDue>,
}
