//! What a record imported from a Foundry VTT actor keeps of that actor
//! (`schema/0027_foundry_kept.sql`): JSON text, written in the transaction that writes the
//! record and sealed with it, read back for the record's export. What the text holds is
//! the Foundry module's (`src/foundry/carry.rs`); here it is text.

use rusqlite::{params, Connection, OptionalExtension};

use super::sealed::FOUNDRY_KEPT;
use super::Db;
use crate::error::Result;

/// Whose kept actor: a character's or an adversary's, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeptFor {
    Character(i64),
    Adversary(i64),
}

impl std::fmt::Display for KeptFor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeptFor::Character(id) => write!(f, "character {id}"),
            KeptFor::Adversary(id) => write!(f, "adversary {id}"),
        }
    }
}

impl KeptFor {
    /// The column naming the record, and its id.
    fn column(self) -> (&'static str, i64) {
        match self {
            KeptFor::Character(id) => ("character_id", id),
            KeptFor::Adversary(id) => ("adversary_id", id),
        }
    }
}

/// Keeps `actor` (JSON text) with the record, in the transaction `tx` that wrote it, and
/// seals the row.
pub(super) fn put(tx: &Connection, of: KeptFor, actor: &str) -> rusqlite::Result<()> {
    let (column, id) = of.column();
    tx.prepare_cached(&format!("INSERT INTO foundry_kept ({column}, actor) VALUES (?1, ?2)"))?
        .execute(params![id, actor])?;
    FOUNDRY_KEPT.seal(tx, tx.last_insert_rowid())
}

impl Db {
    /// The actor kept with a record imported from Foundry VTT, as the import kept it;
    /// `None` for a record that came from no actor.
    ///
    /// # Errors
    /// Damage when the row is not as Tome wrote it; the database cannot be read.
    pub fn foundry_kept(&self, of: KeptFor) -> Result<Option<String>> {
        let (column, id) = of.column();
        let filter = format!("{column} = ?1");
        self.check_sealed(&FOUNDRY_KEPT, &filter, &[&id])?;
        // A kept actor lost is not "nothing kept" (attack 82's F9).
        self.all_there(&FOUNDRY_KEPT)?;
        self.connection()
            .prepare_cached(&format!("SELECT actor FROM foundry_kept WHERE {filter}"))
            .and_then(|mut s| s.query_row([id], |r| r.get(0)).optional())
            .map_err(|e| self.err_in(&format!("the Foundry actor kept with {of}"), e))
    }
}
