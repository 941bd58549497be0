//! Reading and writing characters. Every write is one `BEGIN IMMEDIATE` transaction that
//! checks, writes the rows and appends the revision, so the rows and the latest
//! revision always agree, and a second writer (the CLI while the app is open) waits for
//! the first instead of failing halfway.

use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};
use serde::Deserialize;

use crate::characters::check::{check, Draft, Stored};
use crate::characters::{
    diff, file, Character, CharacterChange, CharacterItem, CharacterRef, CharacterRevision, CharacterSheet,
    CharacterSummary, ItemCoverage, SheetValue, MAX_FILE_BYTES,
};
use crate::db::Db;
use crate::error::{Error, Problem, Result};
use crate::Kind;

/// Seconds since the Unix epoch; a clock before 1970 counts as 0.
pub(super) fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn character_not_found(id: i64) -> Error {
    Error::not_found("character", &id.to_string())
}

fn revision_not_found(id: i64, number: i64) -> Error {
    Error::not_found("revision", &format!("{id}@{number}"))
}

impl Db {
    /// A new, empty character of `system`, at revision 1.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown system (suggesting the known ones);
    /// [`Error::Rejected`] for a blank or overlong name.
    pub fn create_character(&mut self, system: &str, name: &str) -> Result<Character> {
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        let known = crate::characters::check::known_systems(&tx).map_err(err)?;
        if !known.iter().any(|s| s == system) {
            return Err(Error::NotFound { what: "game system", id: system.to_string(), suggestions: known });
        }
        let draft = Draft { system: Some(system.into()), name: Some(name.into()), ..Draft::default() };
        let problems = check(&tx, &draft, "", self.field_rules).map_err(err)?;
        if !problems.is_empty() {
            return Err(Error::rejected("cannot create the character:", problems));
        }
        let stored = draft.into_stored().expect("checked");
        let saved = self.insert_character(&tx, &stored, "created")?;
        tx.commit().map_err(err)?;
        Ok(saved)
    }

    /// The character `id` at its latest revision.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such character.
    pub fn character(&self, id: i64) -> Result<Character> {
        let c = load(self.connection(), id)
            .map_err(|e| self.err_in(&format!("character {id}"), e))?
            .ok_or_else(|| self.missing("character", id, &format!("character {id}"), character_not_found(id)))?;
        self.whole(self.connection(), c)
    }

    /// `c`, loaded from its rows, when they are what its latest revision saved and that
    /// revision is as Tome wrote it; else the damage, named (see [`character_damage`]).
    fn whole(&self, conn: &Connection, c: Character) -> Result<Character> {
        self.check_sealed(&super::sealed::CHARACTER, "id = ?1", &[&c.id])?;
        match character_damage(conn, &c).map_err(|e| self.err_in(&format!("character {}", c.id), e))? {
            Damage::None { revision } => {
                self.ledger_vouches("character_revision", revision)?;
                Ok(c)
            }
            Damage::Found(record, why) => Err(self.noticed(Error::damaged(self.label(), &record, why))),
        }
    }

    /// Every character whose revisions are not as Tome wrote them, or whose current rows
    /// are not what its latest revision saved: `tome db check`'s part for characters (a
    /// value that does not decode at all is found by its read of every row).
    ///
    /// # Errors
    /// The database cannot be read.
    pub(crate) fn damaged_characters(&self) -> Result<Vec<super::records::DamagedRecord>> {
        let conn = self.connection();
        let mut found = Vec::new();
        let (older, _) = self
            .rows_against_entries("character_revision", "check_sum", "character_revision")
            .map_err(|e| self.err_in("the rows of character_revision", e))?;
        let mut stmt = conn
            // Whether each is its ledger entry's, from one merged pass of both (a lookup of
            // each revision's entry cost `tome db check` a descent of the ledger a row).
            .prepare(
                "SELECT character_id, number, saved_at, summary, snapshot, check_sum, 1, rowid FROM character_revision",
            )
            .map_err(|e| self.err(e))?;
        let mut rows = stmt.query([]).map_err(|e| self.err(e))?;
        while let Some(r) = rows.next().map_err(|e| self.err(e))? {
            // A value of the wrong type is named by the read of every row.
            let Ok(id) = r.get::<_, i64>(0) else { continue };
            let Ok(mut rev) = stored_revision_row(r, 1) else { continue };
            rev.fresh = !older.contains(&rev.rowid);
            if let Some(problem) = revision_problem(id, &rev) {
                found.push(super::records::DamagedRecord {
                    record: format!("character {id}, revision {}", rev.number),
                    problem,
                });
            }
        }
        let ids: Vec<i64> = conn
            .prepare("SELECT id FROM character ORDER BY id")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| self.err(e))?;
        for id in ids {
            let Ok(Some(c)) = load(conn, id) else { continue };
            match character_damage(conn, &c) {
                // A changed revision is named above.
                Ok(Damage::Found(record, problem)) if !record.contains(", revision ") => {
                    found.push(super::records::DamagedRecord { record: format!("{record} ({})", c.name), problem });
                }
                _ => {}
            }
        }
        Ok(found)
    }

    /// Every character, by name.
    pub fn characters(&self) -> Result<Vec<CharacterSummary>> {
        let mut stmt = self
            .connection()
            .prepare(
                "SELECT c.id, c.system_id, c.name,
                        (SELECT coalesce(max(number), 0) FROM character_revision r WHERE r.character_id = c.id),
                        c.updated
                 FROM character c ORDER BY c.name COLLATE NOCASE, c.id",
            )
            .map_err(|e| self.err(e))?;
        let name = |r: &rusqlite::Row<'_>| format!("character {}", super::records::key_text(r, 0));
        self.read_rows(stmt.query([]), name, |r| {
            Ok(CharacterSummary {
                id: r.get(0)?,
                system: r.get(1)?,
                name: r.get(2)?,
                revision: r.get(3)?,
                updated: r.get(4)?,
            })
        })
    }

    /// Every character, by name, each read whole as [`Db::character`] reads it (its rows
    /// against its latest revision): the summaries of those that read, and the damage of
    /// each that does not (issue 73: a list showed a renamed character that its own read
    /// refused).
    ///
    /// # Errors
    /// The list itself cannot be read.
    pub fn characters_vouched(&self) -> Result<super::Vouched<CharacterSummary>> {
        // As `encounter_rows_vouched`: an older copy holding fewer characters, or none,
        // is refused, not listed short.
        let unvouched = self.rows_all_there(&super::sealed::CHARACTER)?;
        let ids: Vec<i64> = self
            .connection()
            .prepare_cached("SELECT id FROM character ORDER BY name COLLATE NOCASE, id")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| self.err_in("the list of characters", e))?;
        let mut out = super::Vouched::default();
        if !unvouched.is_empty() {
            out.unread.push(self.unsumming_bucket(&super::sealed::CHARACTER.ledger()));
        }
        for id in ids {
            out.push(self.character(id).map(|c| CharacterSummary {
                id: c.id,
                system: c.system,
                name: c.name,
                revision: c.revision,
                updated: c.updated,
            }))?;
        }
        Ok(out)
    }

    /// Saves `c` as its next revision and returns it as stored (names and retired flags
    /// read from the entries). A save that changes nothing writes nothing and returns
    /// the character as it was.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character; [`Error::Rejected`] with every
    /// problem (each with the path of its field); [`Error::Conflict`] when `c.revision`
    /// is not the latest revision (the character was saved elsewhere since it was read).
    pub fn save_character(&mut self, c: &Character) -> Result<Character> {
        self.save_character_with_hook(c, || {})
    }

    /// [`Db::save_character`], running `before_commit` after every row is written and
    /// before the commit: for tests that interrupt a save at its most delicate point.
    #[doc(hidden)]
    pub fn save_character_with_hook(&mut self, c: &Character, before_commit: impl FnOnce()) -> Result<Character> {
        self.save_labelled(c, None, before_commit)
    }

    /// [`Db::save_character`], with `note` heading the revision's summary (what a roll
    /// did, where a plain save lists only the fields changed).
    ///
    /// # Errors
    /// As [`Db::save_character`].
    pub fn save_character_noted(&mut self, c: &Character, note: String) -> Result<Character> {
        self.save_labelled(c, Some(note), || {})
    }

    fn save_labelled(
        &mut self,
        c: &Character,
        label: Option<String>,
        before_commit: impl FnOnce(),
    ) -> Result<Character> {
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        let current = load(&tx, c.id).map_err(err)?.ok_or_else(|| character_not_found(c.id))?;
        let current = self.whole(&tx, current)?;
        if c.revision != current.revision {
            return Err(Error::Conflict(format!(
                "character {} was saved elsewhere after revision {} (it is at revision {}): reload it and make the change again",
                c.id, c.revision, current.revision
            )));
        }
        // The rest is checked against the stored system, so a changed system is
        // reported once rather than again for every entry and range.
        let mut draft = Draft::of(c);
        draft.system = Some(current.system.clone());
        let mut problems = check(&tx, &draft, "", self.field_rules).map_err(err)?;
        if c.system != current.system {
            let why = format!("a character keeps its game system ({}), not {:?}", current.system, c.system);
            problems.insert(0, Problem::field("system", why));
        }
        if !problems.is_empty() {
            return Err(Error::rejected(format!("cannot save {}:", current.name), problems));
        }
        let stored = draft.into_stored().expect("checked");
        if stored == Stored::of(&current) {
            return Ok(current);
        }
        let saved = self.write_revision(&tx, c.id, &stored, &current, label, now())?;
        before_commit();
        tx.commit().map_err(err)?;
        Ok(saved)
    }

    /// Deletes a character with its whole history.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such character.
    pub fn delete_character(&mut self, id: i64) -> Result<()> {
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        // Its parties lose it as a member (the delete cascades): their lists are sealed
        // again as they now are, in the same transaction (`sealed.rs`).
        let parties: Vec<i64> = tx
            .prepare_cached("SELECT party_id FROM party_member WHERE character_id = ?1")
            .and_then(|mut s| s.query_map([id], |r| r.get(0))?.collect())
            .map_err(err)?;
        let n =
            tx.prepare_cached("DELETE FROM character WHERE id = ?1").and_then(|mut s| s.execute([id])).map_err(err)?;
        if n == 0 {
            return Err(character_not_found(id));
        }
        for party in parties {
            super::sealed::PARTY_MEMBERS.seal(&tx, party).map_err(err)?;
        }
        tx.commit().map_err(err)
    }

    /// A character's revisions, oldest first.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such character; damage when a revision, or
    /// the character's count of them, is not as Tome wrote it (a summary is never shown
    /// changed).
    pub fn character_revisions(&self, id: i64) -> Result<Vec<CharacterRevision>> {
        let conn = self.connection();
        let mut stmt = conn
            .prepare_cached(
                "SELECT number, saved_at, summary, snapshot, check_sum, EXISTS (SELECT 1 FROM row_ledger l WHERE l.tbl = 'character_revision' AND l.rid = character_revision.rowid AND l.sum IS character_revision.check_sum), rowid FROM character_revision
                  WHERE character_id = ?1 ORDER BY number",
            )
            .map_err(|e| self.err(e))?;
        let stored: Vec<StoredRevision> = stmt
            .query_map([id], |r| stored_revision_row(r, 0))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err_in(&format!("a revision of character {id}"), e))?;
        if stored.is_empty() {
            // Every character has at least its first revision.
            return Err(self.missing("character", id, &format!("character {id}"), character_not_found(id)));
        }
        self.check_sealed(&super::sealed::CHARACTER, "id = ?1", &[&id])?;
        self.ledger_vouches("character_revision", stored.iter().map(|r| r.rowid))?;
        stored
            .into_iter()
            .map(|rev| {
                let record = format!("character {id}, revision {}", rev.number);
                if let Some(problem) = revision_problem(id, &rev) {
                    return Err(self.noticed(Error::damaged(self.label(), &record, problem)));
                }
                let summary = String::from_utf8(rev.summary)
                    .map_err(|e| self.noticed(Error::damaged(self.label(), &record, e.to_string())))?;
                Ok(CharacterRevision { number: rev.number, saved_at: rev.saved_at, summary })
            })
            .collect()
    }

    /// The character as revision `number` saved it.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character or revision.
    pub fn character_revision(&self, id: i64, number: i64) -> Result<CharacterSheet> {
        let text = self.revision_text(self.connection(), id, number)?;
        parse_snapshot(&text).map_err(|e| self.err_in(&format!("character {id}, revision {number}"), e))
    }

    /// The snapshot revision `number` of character `id` stored, when it is as Tome
    /// wrote it (its checksum matches); a changed one is damage, never read as the sheet.
    fn revision_text(&self, conn: &Connection, id: i64, number: i64) -> Result<String> {
        let record = format!("character {id}, revision {number}");
        let Some(rev) = stored_revision(conn, id, number).map_err(|e| self.err_in(&record, e))? else {
            load(conn, id)
                .map_err(|e| self.err_in(&format!("character {id}"), e))?
                .ok_or_else(|| character_not_found(id))?;
            return Err(revision_not_found(id, number));
        };
        if let Some(problem) = revision_problem(id, &rev) {
            return Err(self.noticed(Error::damaged(self.label(), &record, problem)));
        }
        self.ledger_vouches("character_revision", [rev.rowid])?;
        String::from_utf8(rev.snapshot).map_err(|e| self.noticed(Error::damaged(self.label(), &record, e)))
    }

    /// What changed from revision `a` to revision `b` (either may be the older one).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character or revision.
    pub fn character_diff(&self, id: i64, a: i64, b: i64) -> Result<Vec<CharacterChange>> {
        let (a, b) = (self.character_revision(id, a)?, self.character_revision(id, b)?);
        let label = |field: &str| (self.field_labels)(&b.system, field);
        Ok(diff::compare(&a, &b, &label).into_iter().map(|d| d.change).collect())
    }

    /// Makes revision `number` the character's state again, as a new revision (history
    /// is never rewritten). Restoring the state the character is already in writes
    /// nothing.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character or revision;
    /// [`Error::Rejected`] with every problem if the old revision no longer passes the
    /// checks.
    pub fn restore_character(&mut self, id: i64, number: i64) -> Result<Character> {
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        let current = load(&tx, id).map_err(err)?.ok_or_else(|| character_not_found(id))?;
        // A damaged revision is never made current, and neither is anything over damaged
        // current rows (the restore's summary is told from them).
        let current = self.whole(&tx, current)?;
        let text = self.revision_text(&tx, id, number)?;
        let heading = format!("revision {number} of {} cannot be restored:", current.name);
        let (draft, mut problems) = file::read(text.as_bytes()).map_err(|p| Error::rejected(heading.clone(), p))?;
        problems.extend(check(&tx, &draft, "character.", self.field_rules).map_err(err)?);
        if !problems.is_empty() {
            return Err(Error::rejected(heading, problems));
        }
        let stored = draft.into_stored().expect("checked");
        if stored == Stored::of(&current) {
            return Ok(current);
        }
        let label = format!("restored revision {number}");
        let saved = self.write_revision(&tx, id, &stored, &current, Some(label), now())?;
        tx.commit().map_err(err)?;
        Ok(saved)
    }

    /// A new item for a sheet: the entry `entry_id`, one of it, in hand or worn when it
    /// is a weapon or armour.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown entry.
    pub fn character_item(&self, entry_id: &str) -> Result<CharacterItem> {
        let (name, kind, retired) = self.entry_head(entry_id)?;
        Ok(CharacterItem {
            entry_id: entry_id.into(),
            name,
            kind,
            quantity: 1,
            // A weapon taken up is in hand and armour is worn, as a player expects: the
            // combat block counts it at once.
            equipped: matches!(kind, Kind::Weapon | Kind::Armor),
            coverage: None,
            retired,
        })
    }

    /// A new condition or spell for a sheet: the entry `entry_id`.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown entry.
    pub fn character_ref(&self, entry_id: &str) -> Result<CharacterRef> {
        let (name, _, retired) = self.entry_head(entry_id)?;
        Ok(CharacterRef { entry_id: entry_id.into(), name, retired })
    }

    fn entry_head(&self, entry_id: &str) -> Result<(String, Kind, bool)> {
        self.connection()
            .query_row("SELECT name, kind, retired FROM entry WHERE id = ?1", [entry_id], |r| {
                Ok((r.get(0)?, kind_at(r, 1)?, r.get(2)?))
            })
            .optional()
            .map_err(|e| self.err(e))?
            .ok_or_else(|| Error::not_found("entry", entry_id))
    }

    /// The character file for `id` (pretty JSON; see the module docs for the format).
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such character.
    pub fn export_character(&self, id: i64) -> Result<String> {
        Ok(file::write(&self.character(id)?.sheet(), true))
    }

    /// Writes the character file for `id` to `path`, whole or not at all (it is written
    /// beside `path` and then renamed over it).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character; [`Error::Io`] when the file cannot
    /// be written.
    pub fn export_character_file(&self, id: i64, path: &Path) -> Result<()> {
        let text = self.export_character(id)?;
        crate::files::write_atomic(path, text.as_bytes())
    }

    /// Every problem an import of `bytes` would report; empty when it would succeed.
    /// Nothing is written.
    pub fn check_character_file(&self, bytes: &[u8]) -> Result<Vec<Problem>> {
        let (draft, mut problems) = match file::read(bytes) {
            Ok(read) => read,
            Err(problems) => return Ok(problems),
        };
        problems.extend(check(self.connection(), &draft, "character.", self.field_rules).map_err(|e| self.err(e))?);
        Ok(problems)
    }

    /// Imports a character file as a new character (at revision 1), after checking all
    /// of it: either the whole character is written or nothing is.
    ///
    /// # Errors
    /// [`Error::Rejected`] with every problem, each with its JSON path
    /// (`character.items[2].coverage: must be "partial" or "full" …`).
    pub fn import_character(&mut self, bytes: &[u8]) -> Result<Character> {
        self.import_bytes(bytes, "the character file cannot be imported:", None)
    }

    /// [`Db::import_character`] of a character read from a Foundry VTT actor, keeping
    /// `actor` (JSON text: what the import keeps of the actor) with it in the same
    /// transaction: both are written, or neither.
    ///
    /// # Errors
    /// As [`Db::import_character`].
    pub fn import_character_keeping(&mut self, bytes: &[u8], actor: &str) -> Result<Character> {
        self.import_bytes(bytes, "the character file cannot be imported:", Some(actor))
    }

    /// [`Db::import_character`] from a file; a file over [`MAX_FILE_BYTES`] is refused
    /// without being read.
    ///
    /// # Errors
    /// As [`Db::import_character`], and [`Error::Io`] when the file cannot be read.
    pub fn import_character_file(&mut self, path: &Path) -> Result<Character> {
        let heading = format!("{} cannot be imported:", path.display());
        // The reader packs and documents use: a regular file only (a pipe would be waited
        // on forever, a device read without end), read no further than the limit.
        std::fs::metadata(path).map_err(|source| Error::Io { path: path.to_path_buf(), source })?;
        let bytes = crate::files::read_bounded(path, MAX_FILE_BYTES as u64)
            .map_err(|why| Error::rejected(heading.clone(), vec![Problem::file(&path.display().to_string(), why)]))?;
        self.import_bytes(&bytes, &heading, None)
    }

    fn import_bytes(&mut self, bytes: &[u8], heading: &str, kept: Option<&str>) -> Result<Character> {
        let (draft, mut problems) = file::read(bytes).map_err(|p| Error::rejected(heading, p))?;
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        problems.extend(check(&tx, &draft, "character.", self.field_rules).map_err(err)?);
        if !problems.is_empty() {
            return Err(Error::rejected(heading, problems));
        }
        let stored = draft.into_stored().expect("checked");
        let saved = self.insert_character(&tx, &stored, "imported")?;
        if let Some(actor) = kept {
            super::foundry_kept::put(&tx, super::foundry_kept::KeptFor::Character(saved.id), actor).map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(saved)
    }

    /// Inserts a new character with `stored` as its first revision.
    fn insert_character(&self, tx: &Connection, stored: &Stored, summary: &str) -> Result<Character> {
        let t = now();
        let id: i64 = tx
            .prepare_cached(
                "INSERT INTO character (system_id, name, created, updated) VALUES (?1, ?2, ?3, ?3) RETURNING id",
            )
            .and_then(|mut s| s.query_row(params![stored.system, stored.name, t], |r| r.get(0)))
            .map_err(|e| self.err(e))?;
        let empty = load(tx, id).map_err(|e| self.err(e))?.expect("just inserted");
        // The same instant for `created`, `updated` and the first revision.
        self.write_revision(tx, id, stored, &empty, Some(summary.to_string()), t)
    }

    /// Writes `stored` as the character's rows and appends the revision holding it,
    /// saved at `t`. The summary says what changed from `previous` (after `label`, when
    /// given; `label` alone for a first revision).
    fn write_revision(
        &self,
        tx: &Connection,
        id: i64,
        stored: &Stored,
        previous: &Character,
        label: Option<String>,
        t: i64,
    ) -> Result<Character> {
        let err = |e| self.err(e);
        write_rows(tx, id, stored, t).map_err(err)?;
        let mut saved = load(tx, id).map_err(err)?.expect("the character exists");
        let sheet = saved.sheet();
        let snapshot = file::write(&sheet, false);
        if snapshot.len() > MAX_FILE_BYTES {
            // Whatever can be saved must export and import again.
            return Err(Error::InvalidInput(format!(
                "cannot save {}: it would be {} bytes as a file, and a character file is at most 1 MiB",
                saved.name,
                snapshot.len()
            )));
        }
        let field_label = |field: &str| (self.field_labels)(&sheet.system, field);
        let changes = diff::summary(&diff::compare(&previous.sheet(), &sheet, &field_label));
        let summary = match label {
            Some(l) if previous.revision == 0 => l,
            Some(l) => format!("{l}: {changes}"),
            None => changes,
        };
        let number = previous.revision + 1;
        let sum = revision_sum(id, number, t, summary.as_bytes(), snapshot.as_bytes());
        tx.prepare_cached(
            "INSERT INTO character_revision (character_id, number, saved_at, summary, snapshot, check_sum)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .and_then(|mut s| s.execute(params![id, number, t, summary, snapshot, sum]))
        .map_err(err)?;
        // The character's own row vouches for its name, times and revisions.
        super::sealed::CHARACTER.seal(tx, id).map_err(err)?;
        saved.revision = number;
        Ok(saved)
    }
}

/// Replaces the character's rows with `stored`.
fn write_rows(tx: &Connection, id: i64, s: &Stored, t: i64) -> rusqlite::Result<()> {
    tx.prepare_cached("UPDATE character SET name = ?2, updated = ?3 WHERE id = ?1")?.execute(params![id, s.name, t])?;
    for table in ["character_value", "character_item", "character_condition", "character_spell"] {
        tx.prepare_cached(&format!("DELETE FROM {table} WHERE character_id = ?1"))?.execute([id])?;
    }
    let mut value = tx.prepare_cached(
        "INSERT INTO character_value (character_id, field, int_value, text_value) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (field, v) in &s.values {
        match v {
            SheetValue::Int(n) => value.execute(params![id, field, n, None::<String>])?,
            SheetValue::Text(t) => value.execute(params![id, field, None::<i64>, t])?,
        };
    }
    let mut item = tx.prepare_cached(
        "INSERT INTO character_item (character_id, entry_id, ord, quantity, equipped, coverage)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (ord, i) in s.items.iter().enumerate() {
        item.execute(params![id, i.entry_id, ord as i64, i.quantity, i.equipped, i.coverage.map(|c| c.as_str())])?;
    }
    for (table, ids) in [("character_condition", &s.conditions), ("character_spell", &s.spells)] {
        let mut stmt =
            tx.prepare_cached(&format!("INSERT INTO {table} (character_id, entry_id, ord) VALUES (?1, ?2, ?3)"))?;
        for (ord, entry) in ids.iter().enumerate() {
            stmt.execute(params![id, entry, ord as i64])?;
        }
    }
    Ok(())
}

fn kind_at(r: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Kind> {
    let s: String = r.get(i)?;
    s.parse().map_err(|e: String| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into()))
}

/// The character `id` from its rows, or `None` when there is none.
fn load(conn: &Connection, id: i64) -> rusqlite::Result<Option<Character>> {
    let head = conn
        .prepare_cached(
            "SELECT system_id, name, created, updated,
                    (SELECT coalesce(max(number), 0) FROM character_revision r WHERE r.character_id = c.id)
             FROM character c WHERE id = ?1",
        )?
        .query_row([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .optional()?;
    let Some((system, name, created, updated, revision)) = head else { return Ok(None) };

    let mut stmt = conn.prepare_cached(
        "SELECT field, int_value, text_value FROM character_value WHERE character_id = ?1 ORDER BY field",
    )?;
    let values = stmt
        .query_map([id], |r| {
            let field: String = r.get(0)?;
            let value = match (r.get::<_, Option<i64>>(1)?, r.get::<_, Option<String>>(2)?) {
                (Some(n), _) => SheetValue::Int(n),
                (None, Some(t)) => SheetValue::Text(t),
                // The table's CHECK keeps exactly one set; a row without either was
                // written by something else.
                (None, None) => {
                    return Err(rusqlite::Error::InvalidColumnType(1, "int_value".into(), rusqlite::types::Type::Null))
                }
            };
            Ok((field, value))
        })?
        .collect::<rusqlite::Result<_>>()?;

    let mut stmt = conn.prepare_cached(
        "SELECT i.entry_id, e.name, e.kind, i.quantity, i.equipped, i.coverage, e.retired
         FROM character_item i JOIN entry e ON e.id = i.entry_id
         WHERE i.character_id = ?1 ORDER BY i.ord",
    )?;
    let items = stmt
        .query_map([id], |r| {
            let coverage: Option<String> = r.get(5)?;
            Ok(CharacterItem {
                entry_id: r.get(0)?,
                name: r.get(1)?,
                kind: kind_at(r, 2)?,
                quantity: r.get(3)?,
                equipped: r.get(4)?,
                coverage: coverage.as_deref().and_then(ItemCoverage::parse),
                retired: r.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;

    let refs = |table: &str| -> rusqlite::Result<Vec<CharacterRef>> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT x.entry_id, e.name, e.retired FROM {table} x JOIN entry e ON e.id = x.entry_id
             WHERE x.character_id = ?1 ORDER BY x.ord"
        ))?;
        let rows =
            stmt.query_map([id], |r| Ok(CharacterRef { entry_id: r.get(0)?, name: r.get(1)?, retired: r.get(2)? }))?;
        rows.collect()
    };
    let conditions = refs("character_condition")?;
    let spells = refs("character_spell")?;

    Ok(Some(Character { id, system, name, revision, created, updated, values, items, conditions, spells }))
}

/// A revision's row as stored, its text as bytes (a damaged one is compared, never
/// decoded first).
struct StoredRevision {
    number: i64,
    saved_at: i64,
    summary: Vec<u8>,
    snapshot: Vec<u8>,
    /// None for a revision written before revisions had checksums.
    sum: Option<i64>,
    /// Its checksum is the one the ledger of current rows holds for it (`ledger.rs`): a
    /// revision row read as an older copy of itself (a deleted character's, whose id and
    /// row id a new one took) matches its own checksum, not its entry.
    fresh: bool,
    /// Its row id, for the ledger's bucket to vouch for its entry.
    rowid: i64,
}

fn stored_revision(conn: &Connection, id: i64, number: i64) -> rusqlite::Result<Option<StoredRevision>> {
    conn.prepare_cached(
        "SELECT number, saved_at, summary, snapshot, check_sum, EXISTS (SELECT 1 FROM row_ledger l WHERE l.tbl = 'character_revision' AND l.rid = character_revision.rowid AND l.sum IS character_revision.check_sum), rowid FROM character_revision
          WHERE character_id = ?1 AND number = ?2",
    )?
    .query_row([id, number], |r| stored_revision_row(r, 0))
    .optional()
}

/// The revision in columns `from..from + 7` of `r` (number, time, summary, snapshot,
/// checksum, whether the ledger holds that checksum, row id).
fn stored_revision_row(r: &rusqlite::Row<'_>, from: usize) -> rusqlite::Result<StoredRevision> {
    Ok(StoredRevision {
        number: r.get(from)?,
        saved_at: r.get(from + 1)?,
        summary: r.get_ref(from + 2)?.as_bytes()?.to_vec(),
        snapshot: r.get_ref(from + 3)?.as_bytes()?.to_vec(),
        sum: r.get(from + 4)?,
        fresh: r.get(from + 5)?,
        rowid: r.get(from + 6)?,
    })
}

/// The checksum of revision `number` of character `id` as written: its place, time,
/// summary and snapshot, so a revision changed, moved to another character or
/// renumbered no longer matches.
fn revision_sum(id: i64, number: i64, saved_at: i64, summary: &[u8], snapshot: &[u8]) -> i64 {
    let mut h = crc32fast::Hasher::new();
    for n in [id, number, saved_at, summary.len() as i64] {
        h.update(&n.to_le_bytes());
    }
    h.update(summary);
    h.update(snapshot);
    i64::from(h.finalize())
}

/// Why the stored revision `r` of character `id` is not as Tome wrote it, if its checksum
/// says so or it has none (the upgrade sealed those older Tomes wrote).
fn revision_problem(id: i64, r: &StoredRevision) -> Option<String> {
    let Some(want) = r.sum else { return Some(super::sealed::UNSEALED.to_string()) };
    if revision_sum(id, r.number, r.saved_at, &r.summary, &r.snapshot) != want {
        return Some("it changed since Tome wrote it (its checksum does not match what it holds)".to_string());
    }
    (!r.fresh).then(|| super::ledger::STALE.to_string())
}

/// Seals every revision that has no checksum: the upgrade's part for the revisions older
/// Tomes wrote (`db::seal_unsealed`).
pub(crate) fn seal_unsealed_revisions(conn: &Connection) -> rusqlite::Result<()> {
    let unsealed: Vec<(i64, StoredRevision)> = conn
        .prepare(
            // Before the ledger (`schema/0028_row_ledger.sql`): each is its own present.
            "SELECT character_id, number, saved_at, summary, snapshot, check_sum, 1, rowid
               FROM character_revision WHERE check_sum IS NULL",
        )?
        .query_map([], |r| Ok((r.get(0)?, stored_revision_row(r, 1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut seal =
        conn.prepare("UPDATE character_revision SET check_sum = ?3 WHERE character_id = ?1 AND number = ?2")?;
    for (id, r) in unsealed {
        seal.execute(params![id, r.number, revision_sum(id, r.number, r.saved_at, &r.summary, &r.snapshot)])?;
    }
    Ok(())
}

/// What [`character_damage`] found.
enum Damage {
    /// Nothing: the row id of the latest revision it compared the rows with, for the
    /// ledger's bucket to vouch for.
    None { revision: Option<i64> },
    /// The record damaged, and why.
    Found(String, String),
}

/// What is damaged about `c`, loaded from its rows, as (record, why): its latest
/// revision changed since Tome wrote it, or its rows no longer what that revision saved
/// (every save writes both in one transaction, so they differ only by damage). A latest
/// revision without a checksum (written before them) is not compared: nothing says the
/// rows were whole when it was.
fn character_damage(conn: &Connection, c: &Character) -> rusqlite::Result<Damage> {
    if c.revision == 0 {
        return Ok(Damage::None { revision: None });
    }
    let Some(rev) = stored_revision(conn, c.id, c.revision)? else { return Ok(Damage::None { revision: None }) };
    let record = format!("character {}, revision {}", c.id, rev.number);
    if let Some(problem) = revision_problem(c.id, &rev) {
        return Ok(Damage::Found(record, problem));
    }
    let revision = Some(rev.rowid);
    let sheet = match std::str::from_utf8(&rev.snapshot)
        .map_err(|e| e.to_string())
        .and_then(|t| snapshot_sheet(t).map_err(|e| e.to_string()))
    {
        Ok(sheet) => sheet,
        Err(why) => return Ok(Damage::Found(record, why)),
    };
    let (now, saved) = (Stored::of(c), Stored::of_sheet(&sheet));
    if now == saved {
        return Ok(Damage::None { revision });
    }
    let fields: std::collections::BTreeSet<&String> =
        now.values.keys().chain(saved.values.keys()).filter(|f| now.values.get(*f) != saved.values.get(*f)).collect();
    let mut what: Vec<String> = fields.into_iter().map(|f| format!("field {f}")).collect();
    for (differs, name) in [
        (now.name != saved.name, "its name"),
        (now.system != saved.system, "its system"),
        (now.items != saved.items, "its items"),
        (now.conditions != saved.conditions, "its conditions"),
        (now.spells != saved.spells, "its spells"),
    ] {
        if differs {
            what.push(name.into());
        }
    }
    Ok(Damage::Found(
        format!("character {}", c.id),
        format!(
            "its current rows are not what its latest revision ({}) saved ({}), so one of them changed since Tome wrote it",
            rev.number,
            what.join(", ")
        ),
    ))
}

/// A stored snapshot. It was written by [`file::write`], so failing to read it means the
/// database was changed by something else: reported as a database error.
fn parse_snapshot(text: &str) -> rusqlite::Result<CharacterSheet> {
    snapshot_sheet(text)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e)))
}

/// The character sheet a revision's snapshot holds (what a restore and the database
/// check read from it).
pub(crate) fn snapshot_sheet(text: &str) -> serde_json::Result<CharacterSheet> {
    #[derive(Deserialize)]
    struct Snapshot {
        character: CharacterSheet,
    }
    serde_json::from_str::<Snapshot>(text).map(|s| s.character)
}
