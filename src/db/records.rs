//! What a check of the database reports: the user's records it could not read, and the
//! whole of what it found and did. Below every module that reports damage (issue 73).

use rusqlite::types::ValueRef;
use serde::Serialize;
use ts_rs::TS;

use crate::error::Error;

/// What a full check found and did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
pub struct DbCheck {
    /// Shipped records found changed and rewritten from the content built into Tome.
    pub repaired: Vec<String>,
    /// Indexes found not to match their tables (the only damage SQLite's check found
    /// there), rebuilt from those tables.
    pub reindexed: Vec<String>,
    /// The user's records that cannot be read: only a backup brings them back.
    pub damaged: Vec<DamagedRecord>,
    /// What SQLite's own check found wrong with the file's structure.
    pub structure: Vec<String>,
    /// Fights' checkpoints (states kept to save a replay) that did not match what they
    /// hold or where they stand, dropped: each fight replays from its events, so nothing
    /// is lost (`encounters/checkpoint.rs`).
    pub dropped: Vec<String>,
}

impl DbCheck {
    /// Nothing is left damaged (repairs may have been made).
    pub fn is_whole(&self) -> bool {
        self.damaged.is_empty() && self.structure.is_empty()
    }

    /// Something was repaired (shipped records rewritten, indexes rebuilt, checkpoints
    /// dropped).
    pub fn made_repairs(&self) -> bool {
        !self.repaired.is_empty() || !self.reindexed.is_empty() || !self.dropped.is_empty()
    }

    /// What is left damaged in the database at `path`, as the error a damaged read
    /// gives (the restore advice with it); `None` when nothing is.
    pub fn damage(&self, path: &str) -> Option<Error> {
        let mut what: Vec<String> = Vec::new();
        if !self.structure.is_empty() {
            what.push(crate::error::problems_in_words(&self.structure));
        }
        what.extend(self.damaged.iter().map(|d| format!("{}: {}", d.record, d.problem)));
        if what.is_empty() {
            return None;
        }
        let shown = what.len().min(10);
        let more = if what.len() > shown { format!("; and {} more", what.len() - shown) } else { String::new() };
        let e = Error::damaged_file(path, &self.structure);
        let e = match e {
            Error::UnusableDatabase { path, details, advice, .. } => Error::UnusableDatabase {
                path,
                reason: format!("it is damaged ({}{more})", what[..shown].join("; ")),
                details,
                advice,
            },
            other => other,
        };
        Some(e.advising(crate::error::Advice::RestoreAfterCheck))
    }
}

/// One of the user's records that cannot be read, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct DamagedRecord {
    /// `character 3, field notes`, `encounter 2, event 14`…
    pub record: String,
    pub problem: String,
}

/// Column `i` of `row` as text for a record's name, whatever damage it has.
pub(crate) fn key_text(row: &rusqlite::Row<'_>, i: usize) -> String {
    row.get_ref(i).map(lossy).unwrap_or_default()
}

/// A key value as text for a record's name, whatever damage it has.
pub(crate) fn lossy(v: ValueRef<'_>) -> String {
    match v {
        ValueRef::Null => String::new(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) => f.to_string(),
        ValueRef::Text(b) | ValueRef::Blob(b) => String::from_utf8_lossy(b).into_owned(),
    }
}
