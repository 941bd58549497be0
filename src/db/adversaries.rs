//! Reading and writing the game master's adversaries. The database knows them as rows:
//! the stat block is JSON the core reads and checks (`crate::adversaries`), with its
//! name, tags and summary beside it for lists, lookups and search. Every write is one
//! `BEGIN IMMEDIATE` transaction that writes the row and appends the revision, so the
//! row and its latest revision always agree.

use rusqlite::{params, OptionalExtension};

use super::characters::now;
use super::sealed::{ADVERSARY, ADVERSARY_REVISION};
use super::Db;
use crate::error::{Error, Result};

/// One adversary as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdversaryRow {
    pub id: i64,
    pub system: String,
    pub name: String,
    /// The stat block, as JSON.
    pub body: String,
    pub revision: i64,
    pub created: i64,
    pub updated: i64,
    /// The homebrew pack that ships it.
    pub pack: Option<String>,
    /// Where its numbers come from, when it was given as one of Tome's starters.
    pub source: Option<String>,
}

/// What a write stores: the stat block and what is indexed beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdversaryWrite<'a> {
    pub system: &'a str,
    pub name: &'a str,
    pub tags: &'a [String],
    pub summary: &'a str,
    pub body: &'a str,
    /// What this save changed, for the revision list.
    pub note: &'a str,
}

/// One saved revision of an adversary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdversaryRevisionRow {
    pub number: i64,
    pub saved_at: i64,
    pub summary: String,
}

fn adversary_not_found(id: i64) -> Error {
    Error::not_found("adversary", &id.to_string())
}

/// Every adversary with where its numbers come from when it is one of Tome's starters.
/// The adversaries `filter` (SQL on `a`, the adversary) selects whose row is not at
/// its latest revision: another revision number, or another stat block. Every write
/// keeps the two together in one transaction, so they part only when a page of the file
/// reads as an older copy of itself (a write the disk lost, a page restored from an old
/// copy): each page's sum holds, and the row alone would read as the older adversary.
const BEHIND: &str = "SELECT a.id, a.name FROM adversary a
     LEFT JOIN adversary_revision r ON r.adversary_id = a.id
      AND r.number = (SELECT max(number) FROM adversary_revision WHERE adversary_id = a.id)
     WHERE (FILTER) AND (r.number IS NOT a.revision OR r.stat_block IS NOT a.stat_block)";

/// Why an adversary found by [`BEHIND`] is damage.
const NOT_ITS_LATEST: &str =
    "its row is not what its latest revision saved (a part of the file reads as an older copy of itself)";

const SELECT: &str =
    "SELECT a.id, a.system_id, a.name, a.stat_block, a.revision, a.created, a.updated, a.pack, s.source
     FROM adversary a LEFT JOIN starter_adversary s ON s.adversary_id = a.id";

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<AdversaryRow> {
    Ok(AdversaryRow {
        id: r.get(0)?,
        system: r.get(1)?,
        name: r.get(2)?,
        body: r.get(3)?,
        revision: r.get(4)?,
        created: r.get(5)?,
        updated: r.get(6)?,
        pack: r.get(7)?,
        source: r.get(8)?,
    })
}

impl Db {
    /// Stores a new adversary at revision 1 and returns its id.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] when the system already has an adversary of that name.
    pub fn insert_adversary(&mut self, w: &AdversaryWrite<'_>) -> Result<i64> {
        self.insert_adversary_keeping(w, None)
    }

    /// [`Db::insert_adversary`], keeping `kept` (JSON text: what an import from a Foundry
    /// VTT actor keeps of the actor) with it in the same transaction.
    ///
    /// # Errors
    /// As [`Db::insert_adversary`].
    pub fn insert_adversary_keeping(&mut self, w: &AdversaryWrite<'_>, kept: Option<&str>) -> Result<i64> {
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        self.name_free(&tx, w.system, w.name, None)?;
        let at = now();
        tx.execute(
            "INSERT INTO adversary (system_id, name, tags, summary, stat_block, revision, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?6)",
            params![w.system, w.name, w.tags.join("\u{1f}"), w.summary, w.body, at],
        )
        .map_err(err)?;
        let id = tx.last_insert_rowid();
        ADVERSARY.seal(&tx, id).map_err(err)?;
        tx.execute(
            "INSERT INTO adversary_revision (adversary_id, number, saved_at, summary, stat_block) VALUES (?1, 1, ?2, ?3, ?4)",
            params![id, at, w.note, w.body],
        )
        .map_err(err)?;
        ADVERSARY_REVISION.seal(&tx, tx.last_insert_rowid()).map_err(err)?;
        if let Some(actor) = kept {
            super::foundry_kept::put(&tx, super::foundry_kept::KeptFor::Adversary(id), actor).map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(id)
    }

    /// Saves adversary `id` as a new revision, read at revision `read` (a save from an
    /// older one is refused). Nothing is written when nothing changed. Returns the
    /// revision now current.
    ///
    /// # Errors
    /// [`Error::NotFound`]; [`Error::Conflict`] when it was saved elsewhere since `read`;
    /// [`Error::InvalidInput`] for a name another adversary of the system has.
    pub fn update_adversary(&mut self, id: i64, read: i64, w: &AdversaryWrite<'_>) -> Result<i64> {
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        let current = tx
            .query_row(&format!("{SELECT} WHERE a.id = ?1"), [id], row)
            .optional()
            .map_err(|e| self.err_in(&format!("adversary {id}"), e))?
            .ok_or_else(|| adversary_not_found(id))?;
        // What this save keeps of the row (its system, pack and creation) must be as
        // Tome wrote it, or the seal below would vouch for damage.
        self.check_sealed(&ADVERSARY, "id = ?1", &[&id])?;
        self.check_latest("a.id = ?1", &[&id])?;
        if current.revision != read {
            return Err(Error::Conflict(format!(
                "adversary {id} was saved elsewhere after revision {read} (it is at revision {}): reload it and make the change again",
                current.revision
            )));
        }
        if current.body == w.body && current.name == w.name {
            return Ok(current.revision);
        }
        self.name_free(&tx, w.system, w.name, Some(id))?;
        let (at, next) = (now(), current.revision + 1);
        tx.execute(
            "UPDATE adversary SET name = ?2, tags = ?3, summary = ?4, stat_block = ?5, revision = ?6, updated = ?7 WHERE id = ?1",
            params![id, w.name, w.tags.join("\u{1f}"), w.summary, w.body, next, at],
        )
        .map_err(err)?;
        ADVERSARY.seal(&tx, id).map_err(err)?;
        tx.execute(
            "INSERT INTO adversary_revision (adversary_id, number, saved_at, summary, stat_block) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, next, at, w.note, w.body],
        )
        .map_err(err)?;
        ADVERSARY_REVISION.seal(&tx, tx.last_insert_rowid()).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(next)
    }

    /// Writes `pack`'s adversaries in place of those it shipped before, in the
    /// transaction that writes the pack.
    pub(super) fn write_pack_adversaries(
        tx: &rusqlite::Connection,
        pack: &str,
        adversaries: &[AdversaryWrite<'_>],
    ) -> rusqlite::Result<()> {
        tx.execute("DELETE FROM adversary WHERE pack = ?1", [pack])?;
        let at = now();
        for w in adversaries {
            tx.execute(
                "INSERT INTO adversary (system_id, name, tags, summary, stat_block, revision, created, updated, pack)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?6, ?7)",
                params![w.system, w.name, w.tags.join("\u{1f}"), w.summary, w.body, at, pack],
            )?;
            let id = tx.last_insert_rowid();
            ADVERSARY.seal(tx, id)?;
            tx.execute(
                "INSERT INTO adversary_revision (adversary_id, number, saved_at, summary, stat_block)
                 VALUES (?1, 1, ?2, ?3, ?4)",
                params![id, at, w.note, w.body],
            )?;
            ADVERSARY_REVISION.seal(tx, tx.last_insert_rowid())?;
        }
        Ok(())
    }

    /// Refuses a name another adversary of `system` has (any case).
    fn name_free(&self, tx: &rusqlite::Connection, system: &str, name: &str, me: Option<i64>) -> Result<()> {
        let other: Option<i64> = tx
            .query_row(
                "SELECT id FROM adversary WHERE system_id = ?1 AND name = ?2 COLLATE NOCASE AND id IS NOT ?3",
                params![system, name.trim(), me],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.err(e))?;
        match other {
            Some(other) => Err(Error::InvalidInput(format!(
                "{system} already has an adversary called {} (#{other}): give this one another name",
                name.trim()
            ))),
            None => Ok(()),
        }
    }

    /// Adversary `id` as it is now.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such adversary.
    pub fn adversary_row(&self, id: i64) -> Result<AdversaryRow> {
        let found = self
            .connection()
            .query_row(&format!("{SELECT} WHERE a.id = ?1"), [id], row)
            .optional()
            .map_err(|e| self.err_in(&format!("adversary {id}"), e))?
            .ok_or_else(|| self.missing("adversary", id, &format!("adversary {id}"), adversary_not_found(id)))?;
        self.check_sealed(&ADVERSARY, "id = ?1", &[&id])?;
        self.check_latest("a.id = ?1", &[&id])?;
        // Where its numbers come from, when it is one of Tome's starters.
        self.check_sealed(&super::sealed::STARTER_ADVERSARY, "adversary_id = ?1", &[&id])?;
        Ok(found)
    }

    /// The adversaries `filter` selects whose row and latest revision have parted (see
    /// [`BEHIND`]), each named.
    pub(crate) fn adversaries_behind(
        &self,
        filter: &str,
        params: &[&dyn rusqlite::ToSql],
    ) -> Result<Vec<super::records::DamagedRecord>> {
        Ok(self.behind(filter, params)?.into_iter().map(|(_, d)| d).collect())
    }

    /// The ids of every adversary whose row and latest revision have parted.
    pub(crate) fn adversary_ids_behind(&self) -> Result<std::collections::BTreeSet<String>> {
        Ok(self.behind("1", &[])?.into_iter().map(|(id, _)| id).collect())
    }

    fn behind(
        &self,
        filter: &str,
        params: &[&dyn rusqlite::ToSql],
    ) -> Result<Vec<(String, super::records::DamagedRecord)>> {
        let mut stmt = self.connection().prepare_cached(&BEHIND.replace("FILTER", filter)).map_err(|e| self.err(e))?;
        let found = stmt
            .query_map(params, |r| {
                let key = [super::records::key_text(r, 0), super::records::key_text(r, 1)];
                let record = format!("adversary {} ({})", key[0], key[1]);
                Ok((key[0].clone(), super::records::DamagedRecord { record, problem: NOT_ITS_LATEST.into() }))
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .map_err(|e| self.err(e))?;
        Ok(found)
    }

    /// Refuses, as damage, the first adversary `filter` selects whose row and latest
    /// revision have parted.
    fn check_latest(&self, filter: &str, params: &[&dyn rusqlite::ToSql]) -> Result<()> {
        match self.adversaries_behind(filter, params)?.into_iter().next() {
            None => Ok(()),
            Some(d) => Err(self.noticed(Error::damaged(self.label(), &d.record, d.problem))),
        }
    }

    /// Every adversary, by system (in Tome's order) and name.
    pub fn adversary_rows(&self) -> Result<Vec<AdversaryRow>> {
        let mut stmt = self
            .connection()
            .prepare(&format!(
                "{SELECT} JOIN game_system g ON g.id = a.system_id ORDER BY g.ord, a.name COLLATE NOCASE, a.id"
            ))
            .map_err(|e| self.err(e))?;
        let rows = self.read_rows(stmt.query([]), |r| format!("adversary {}", super::records::key_text(r, 0)), row)?;
        self.check_sealed(&ADVERSARY, "1", &[])?;
        self.check_latest("1", &[])?;
        self.check_sealed(&super::sealed::STARTER_ADVERSARY, "adversary_id IS NOT NULL", &[])?;
        Ok(rows)
    }

    /// The ids of every adversary, by system (in Tome's order) and name, read without
    /// their values (a list reads each whole after: [`Db::adversary_row`]).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn adversary_ids(&self) -> Result<Vec<i64>> {
        // Every row Tome wrote, read past the name index (an older copy of an index page
        // left an adversary out of the list with exit 0, attack 77).
        self.all_there(&super::sealed::ADVERSARY)?;
        self.connection()
            .prepare_cached(
                "SELECT a.id FROM adversary a NOT INDEXED JOIN game_system g ON g.id = a.system_id
                  ORDER BY g.ord, a.name COLLATE NOCASE, a.id",
            )
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| self.err_in("the list of adversaries", e))
    }

    /// The ids of the adversaries called `name` (any case), of `system` when given.
    pub fn adversaries_named(&self, name: &str, system: Option<&str>) -> Result<Vec<i64>> {
        let mut stmt = self
            .connection()
            .prepare(
                "SELECT id FROM adversary WHERE name = ?1 COLLATE NOCASE AND (?2 IS NULL OR system_id = ?2) ORDER BY id",
            )
            .map_err(|e| self.err(e))?;
        let ids = stmt
            .query_map(params![name.trim(), system], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e));
        ids
    }

    /// Deletes an adversary with its history.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such adversary.
    pub fn delete_adversary(&mut self, id: i64) -> Result<()> {
        self.ledger_fresh()?;
        let n = self.connection().execute("DELETE FROM adversary WHERE id = ?1", [id]).map_err(|e| self.err(e))?;
        if n == 0 {
            return Err(adversary_not_found(id));
        }
        Ok(())
    }

    /// An adversary's revisions, oldest first.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such adversary.
    pub fn adversary_revisions(&self, id: i64) -> Result<Vec<AdversaryRevisionRow>> {
        let mut stmt = self
            .connection()
            .prepare("SELECT number, saved_at, summary FROM adversary_revision WHERE adversary_id = ?1 ORDER BY number")
            .map_err(|e| self.err(e))?;
        let revisions: Vec<AdversaryRevisionRow> = stmt
            .query_map([id], |r| {
                Ok(AdversaryRevisionRow { number: r.get(0)?, saved_at: r.get(1)?, summary: r.get(2)? })
            })
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e))?;
        if revisions.is_empty() {
            return Err(adversary_not_found(id));
        }
        self.check_sealed(&ADVERSARY_REVISION, "adversary_id = ?1", &[&id])?;
        self.check_latest("a.id = ?1", &[&id])?;
        Ok(revisions)
    }

    /// The stat block (JSON) revision `number` of adversary `id` saved.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown adversary or revision.
    pub fn adversary_revision(&self, id: i64, number: i64) -> Result<String> {
        let block = self
            .connection()
            .query_row(
                "SELECT stat_block FROM adversary_revision WHERE adversary_id = ?1 AND number = ?2",
                [id, number],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.err_in(&format!("adversary {id}, revision {number}"), e))?
            .ok_or_else(|| Error::not_found("revision", &format!("{id}@{number}")))?;
        self.check_sealed(&ADVERSARY_REVISION, "adversary_id = ?1 AND number = ?2", &[&id, &number])?;
        Ok(block)
    }
}
