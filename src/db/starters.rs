//! Tome's starter adversaries in the game master's library (`schema/0015_starter_adversaries.sql`):
//! each is given once, as an adversary of the game master's own, and remembered, so a
//! start or an upgrade never gives it again, and a deleted one stays deleted.

use rusqlite::{params, Connection, OptionalExtension};

use super::adversaries::AdversaryWrite;
use super::characters::now;
use super::sealed::{ADVERSARY, ADVERSARY_REVISION, STARTER_ADVERSARY};
use super::Db;
use crate::error::Result;

/// The `content_meta` key of the shipped content's digest the starters were last given for.
const DIGEST_KEY: &str = "starters_digest";

/// One starter to give, as the API checked it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarterWrite<'a> {
    /// Its system and the slug of its name (`ars-magica/polandrus`): the same starter in
    /// every version of Tome.
    pub key: &'a str,
    /// The document and section its numbers come from.
    pub source: &'a str,
    pub adversary: AdversaryWrite<'a>,
}

/// What giving the starters did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StartersGiven {
    /// Starters new to this library, added.
    pub added: usize,
    /// Starters new to this library whose name the game master's own adversary has: not added.
    pub name_taken: usize,
    /// Copies the game master never changed, written again as this Tome has them.
    pub corrected: usize,
}

impl Db {
    /// The digest of the shipped content the starters were last given for, if ever.
    pub fn starters_digest(&self) -> Result<Option<String>> {
        self.setting(DIGEST_KEY)
    }

    /// Gives the library each starter it was never given, in one transaction with the
    /// digest `digest`: added as the game master's own adversary, unless an adversary of
    /// the system already has its name (the game master's is kept, and the starter is not
    /// given). A starter given before is added again never: deleted, it stays deleted. A
    /// copy still holding the block Tome last wrote (untouched since) is written as
    /// `starters` now have it, as a new revision; one the game master changed, never.
    pub fn give_starters(&mut self, starters: &[StarterWrite<'_>], digest: &str) -> Result<StartersGiven> {
        // What was given and written before decides what is given now.
        self.check_sealed(&STARTER_ADVERSARY, "1", &[])?;
        let tx = self.begin_write()?;
        let given = give(&tx, starters).map_err(|e| self.err(e))?;
        tx.execute(
            "INSERT INTO content_meta (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![DIGEST_KEY, digest],
        )
        .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(given)
    }
}

fn give(tx: &Connection, starters: &[StarterWrite<'_>]) -> rusqlite::Result<StartersGiven> {
    let mut given = StartersGiven::default();
    let at = now();
    for s in starters {
        let w = &s.adversary;
        let known: Option<(Option<i64>, String)> = tx
            .query_row("SELECT adversary_id, stat_block FROM starter_adversary WHERE key = ?1", [s.key], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?;
        match known {
            None => {
                let id = if name_taken(tx, w, None)? {
                    given.name_taken += 1;
                    None
                } else {
                    given.added += 1;
                    Some(insert(tx, w, at)?)
                };
                tx.execute(
                    "INSERT INTO starter_adversary (key, adversary_id, stat_block, source) VALUES (?1, ?2, ?3, ?4)",
                    params![s.key, id, w.body, s.source],
                )?;
                STARTER_ADVERSARY.seal(tx, tx.last_insert_rowid())?;
            }
            Some((Some(id), written)) => {
                let current: String =
                    tx.query_row("SELECT stat_block FROM adversary WHERE id = ?1", [id], |r| r.get(0))?;
                let untouched = current == written;
                if untouched && written != w.body && !name_taken(tx, w, Some(id))? {
                    tx.execute(
                        "UPDATE adversary SET name = ?2, tags = ?3, summary = ?4, stat_block = ?5,
                                revision = revision + 1, updated = ?6
                         WHERE id = ?1",
                        params![id, w.name, w.tags.join("\u{1f}"), w.summary, w.body, at],
                    )?;
                    ADVERSARY.seal(tx, id)?;
                    tx.execute(
                        "INSERT INTO adversary_revision (adversary_id, number, saved_at, summary, stat_block)
                         SELECT id, revision, ?2, ?3, stat_block FROM adversary WHERE id = ?1",
                        params![id, at, w.note],
                    )?;
                    ADVERSARY_REVISION.seal(tx, tx.last_insert_rowid())?;
                    tx.execute(
                        "UPDATE starter_adversary SET stat_block = ?2, source = ?3 WHERE key = ?1",
                        params![s.key, w.body, s.source],
                    )?;
                    STARTER_ADVERSARY.seal_where(tx, "key = ?1", &[&s.key])?;
                    given.corrected += 1;
                } else {
                    tx.execute("UPDATE starter_adversary SET source = ?2 WHERE key = ?1", params![s.key, s.source])?;
                    STARTER_ADVERSARY.seal_where(tx, "key = ?1", &[&s.key])?;
                }
            }
            // Deleted by the game master, or never given (the name was theirs).
            Some((None, _)) => {}
        }
    }
    Ok(given)
}

/// Whether another adversary of the starter's system has its name (any case).
fn name_taken(tx: &Connection, w: &AdversaryWrite<'_>, me: Option<i64>) -> rusqlite::Result<bool> {
    tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM adversary WHERE system_id = ?1 AND name = ?2 COLLATE NOCASE AND id IS NOT ?3)",
        params![w.system, w.name, me],
        |r| r.get(0),
    )
}

fn insert(tx: &Connection, w: &AdversaryWrite<'_>, at: i64) -> rusqlite::Result<i64> {
    tx.execute(
        "INSERT INTO adversary (system_id, name, tags, summary, stat_block, revision, created, updated)
         VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?6)",
        params![w.system, w.name, w.tags.join("\u{1f}"), w.summary, w.body, at],
    )?;
    let id = tx.last_insert_rowid();
    ADVERSARY.seal(tx, id)?;
    tx.execute(
        "INSERT INTO adversary_revision (adversary_id, number, saved_at, summary, stat_block) VALUES (?1, 1, ?2, ?3, ?4)",
        params![id, at, w.note, w.body],
    )?;
    ADVERSARY_REVISION.seal(tx, tx.last_insert_rowid())?;
    Ok(id)
}
