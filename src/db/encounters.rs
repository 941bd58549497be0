//! Encounters and their events (see `schema/0005_encounters.sql` and
//! `schema/0006_encounter_modes.sql`).

use rusqlite::{params, OptionalExtension};

use super::characters::now;
use super::sealed::ENCOUNTER;
use super::Db;
use crate::encounters::{Event, MAX_EVENTS};
use crate::error::{Error, Result};

/// An encounter as stored: what it is, and how many of its events are in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncounterRow {
    pub id: i64,
    pub name: String,
    pub system: String,
    /// The kind of encounter (`duel`); empty for the system's usual one.
    pub mode: String,
    /// Events in force; those above are what redo brings back.
    pub head: usize,
    /// Unix seconds.
    pub updated: i64,
    /// When the game master ended it (Unix seconds); `None` while it goes on.
    pub ended: Option<i64>,
    /// The fight offers to show a hidden combatant that attacks a visible one or is
    /// struck by one ([`crate::encounters::State::exposed`]); off until told.
    pub offer_reveal: bool,
    /// A player's phone is told the totals an action of theirs was compared with (the
    /// defender's among them), not only what it came to; off until told.
    pub table_totals: bool,
}

fn encounter_not_found(id: i64) -> Error {
    Error::not_found("encounter", &id.to_string())
}

impl Db {
    /// A new, empty encounter of `system`, of the kind `mode` (empty for the system's
    /// usual one).
    ///
    /// # Errors
    /// An unknown system, or a blank or overlong name.
    pub fn create_encounter(&mut self, system: &str, name: &str, mode: &str) -> Result<EncounterRow> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 200 {
            return Err(Error::InvalidInput("an encounter's name has 1 to 200 characters".into()));
        }
        if !self.system_exists(system)? {
            return Err(Error::not_found("game system", system));
        }
        let t = now();
        let mut id = 0;
        self.sealed_write(|tx| {
            tx.prepare_cached(
                "INSERT INTO encounter (system_id, name, mode, head, created, updated) VALUES (?1, ?2, ?3, 0, ?4, ?4)",
            )?
            .execute(params![system, name, mode, t])?;
            id = tx.last_insert_rowid();
            Ok((1, id))
        })?;
        self.encounter_row(id)
    }

    /// The encounters created from `from` (inclusive) to `to` (exclusive), Unix seconds,
    /// oldest first.
    pub fn encounters_created(&self, from: i64, to: i64) -> Result<Vec<i64>> {
        // A fight lost is not one the evening did not have (attack 82's F8).
        self.all_there(&ENCOUNTER)?;
        let mut stmt = self
            .connection()
            .prepare("SELECT id FROM encounter WHERE created >= ?1 AND created < ?2 ORDER BY created, id")
            .map_err(|e| self.err(e))?;
        let ids = stmt.query_map([from, to], |r| r.get(0)).and_then(|r| r.collect()).map_err(|e| self.err(e));
        ids
    }

    /// Every encounter, the most recently changed first.
    pub fn encounter_rows(&self) -> Result<Vec<EncounterRow>> {
        let mut stmt = self
            .connection()
            .prepare(
                "SELECT id, name, system_id, head, updated, mode, ended, offer_reveal, table_totals FROM encounter ORDER BY updated DESC, id DESC",
            )
            .map_err(|e| self.err(e))?;
        let name = |r: &rusqlite::Row<'_>| format!("encounter {}", super::records::key_text(r, 0));
        self.read_rows(stmt.query([]), name, row)
    }

    /// Every encounter, the most recently changed first, as [`Db::encounter_rows`], with
    /// each whose seal fails named as damage in place of its row: a name or a flag changed
    /// behind Tome's back is never listed as the fight's (issue 73's fresh-eyes attack:
    /// `encounter list` showed a renamed fight). Two queries for the whole list.
    ///
    /// # Errors
    /// The list itself cannot be read.
    pub fn encounter_rows_vouched(&self) -> Result<super::Vouched<EncounterRow>> {
        // Every row Tome wrote is there, and the file is no older than Tome last wrote
        // it: a list of no rows reads no seal to fail (the damage trial's older copies,
        // which listed no fights with exit 0).
        let unvouched = self.rows_all_there(&ENCOUNTER)?;
        let damaged =
            ENCOUNTER.changed_by_id(self.connection(), &unvouched).map_err(|e| self.err_in("the encounters", e))?;
        let mut out = super::Vouched::default();
        if !unvouched.is_empty() {
            out.unread.push(self.unsumming_bucket(&ENCOUNTER.ledger()));
        }
        for row in self.encounter_rows()? {
            match damaged.get(&row.id.to_string()) {
                Some(d) => out.unread.push(self.noticed(Error::damaged(self.label(), &d.record, &d.problem))),
                None => out.rows.push(row),
            }
        }
        Ok(out)
    }

    /// One encounter.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such encounter.
    pub fn encounter_row(&self, id: i64) -> Result<EncounterRow> {
        self.check_sealed(&ENCOUNTER, "id = ?1", &[&id])?;
        self.connection()
            .prepare_cached(
                "SELECT id, name, system_id, head, updated, mode, ended, offer_reveal, table_totals FROM encounter WHERE id = ?1",
            )
            .and_then(|mut s| s.query_row([id], row).optional())
            .map_err(|e| self.err_in(&format!("encounter {id}"), e))?
            .ok_or_else(|| self.missing("encounter", id, &format!("encounter {id}"), encounter_not_found(id)))
    }

    /// Whether those who join this encounter without a word join hidden from the players:
    /// the game master's choice for this fight (off until chosen), never another's.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such encounter.
    pub fn encounter_newcomers_hidden(&self, id: i64) -> Result<bool> {
        self.connection()
            .prepare_cached("SELECT newcomers_hidden FROM encounter WHERE id = ?1")
            .and_then(|mut s| s.query_row([id], |r| r.get::<_, i64>(0)).optional())
            .map_err(|e| self.err_in(&format!("encounter {id}"), e))?
            .map(|v| v == 1)
            .ok_or_else(|| encounter_not_found(id))
    }

    /// Sets [`Db::encounter_newcomers_hidden`].
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such encounter.
    pub fn set_encounter_newcomers_hidden(&mut self, id: i64, hidden: bool) -> Result<()> {
        let n = self.sealed_write(|tx| {
            let n = tx
                .prepare_cached("UPDATE encounter SET newcomers_hidden = ?2 WHERE id = ?1")?
                .execute(params![id, i64::from(hidden)])?;
            Ok((n, id))
        })?;
        if n == 0 {
            return Err(encounter_not_found(id));
        }
        Ok(())
    }

    /// Every stored event of an encounter with its time, in order (those past the head
    /// included: they are the redo list).
    ///
    /// # Errors
    /// A stored event that is not one Tome can read, named by number.
    pub fn encounter_events(&self, id: i64) -> Result<Vec<(i64, Event)>> {
        self.ledger_fresh()?;
        let mut stmt = self
            .connection()
            .prepare_cached(
                "SELECT seq, at, event, check_sum, EXISTS (SELECT 1 FROM row_ledger l WHERE l.tbl = 'encounter_event' AND l.rid = encounter_event.rowid AND l.sum IS encounter_event.check_sum) AS fresh, rowid
                   FROM encounter_event WHERE encounter_id = ?1 ORDER BY seq",
            )
            .map_err(|e| self.err(e))?;
        let raw: Vec<StoredEvent> = stmt
            .query_map([id], stored)
            .and_then(|r| r.collect())
            .map_err(|e| self.err_in(&format!("an event of encounter {id}"), e))?;
        // Events are numbered from 1 with no gap (a push drops those above the head
        // before appending): a number missing is an event lost.
        if let Some(lost) = raw.iter().zip(1..).find(|(e, n)| e.seq != *n).map(|(_, n)| n) {
            return Err(self.noticed(Error::damaged(
                self.label(),
                &format!("encounter {id}"),
                format!("it is missing events: event {lost} is not stored"),
            )));
        }
        self.decoded_events(id, raw)
    }

    /// The events after the first `after`, up to `head`, with their times: the tail a
    /// checkpoint is resumed with.
    ///
    /// # Errors
    /// A stored event that is not one Tome can read, named by number.
    pub fn encounter_events_between(&self, id: i64, after: usize, head: usize) -> Result<Vec<(i64, Event)>> {
        self.ledger_fresh()?;
        let mut stmt = self
            .connection()
            .prepare_cached(
                "SELECT seq, at, event, check_sum, EXISTS (SELECT 1 FROM row_ledger l WHERE l.tbl = 'encounter_event' AND l.rid = encounter_event.rowid AND l.sum IS encounter_event.check_sum) AS fresh, rowid
                   FROM encounter_event WHERE encounter_id = ?1 AND seq > ?2 AND seq <= ?3 ORDER BY seq",
            )
            .map_err(|e| self.err(e))?;
        let raw: Vec<StoredEvent> = stmt
            .query_map(params![id, after as i64, head as i64], stored)
            .and_then(|r| r.collect())
            .map_err(|e| self.err_in(&format!("an event of encounter {id}"), e))?;
        if raw.len() != head.saturating_sub(after) {
            // The head counts the events stored: one missing is a row that must exist.
            return Err(Error::damaged(
                self.label(),
                &format!("encounter {id}"),
                format!(
                    "it is missing events: {} of {} after event {after} up to {head} are stored",
                    raw.len(),
                    head.saturating_sub(after)
                ),
            ));
        }
        self.decoded_events(id, raw)
    }

    /// The stored events `raw` of encounter `id`, each as Tome wrote it and its ledger
    /// entry's bucket summing.
    fn decoded_events(&self, id: i64, raw: Vec<StoredEvent>) -> Result<Vec<(i64, Event)>> {
        let rowids: Vec<i64> = raw.iter().map(|e| e.rowid).collect();
        let events = raw.into_iter().map(|e| self.decode_event(id, e)).collect::<Result<Vec<_>>>()?;
        self.ledger_vouches("encounter_event", rowids)?;
        Ok(events)
    }

    /// How many events are stored (those past the head are the redo list).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn encounter_event_count(&self, id: i64) -> Result<usize> {
        self.connection()
            .prepare_cached("SELECT coalesce(max(seq), 0) FROM encounter_event WHERE encounter_id = ?1")
            .and_then(|mut s| s.query_row([id], |r| r.get::<_, i64>(0)))
            .map(|n| n as usize)
            .map_err(|e| self.err(e))
    }

    /// The newest checkpoint made by the code named `key` at or below `head`: its event
    /// count, checksum and stored state.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn encounter_checkpoint(&self, id: i64, head: usize, key: &str) -> Result<Option<(usize, i64, Vec<u8>)>> {
        self.connection()
            .prepare_cached(
                // A checkpoint the ledger of current rows does not vouch for (an older copy
                // of itself, made before an undo) is passed over, as a damaged one is.
                "SELECT seq, check_sum, state, rowid FROM encounter_checkpoint
                  WHERE encounter_id = ?1 AND seq <= ?2 AND key = ?3
                    AND EXISTS (SELECT 1 FROM row_ledger l WHERE l.tbl = 'encounter_checkpoint'
                                AND l.rid = encounter_checkpoint.rowid AND l.sum IS encounter_checkpoint.check_sum)
                  ORDER BY seq DESC LIMIT 1",
            )
            .and_then(|mut s| {
                s.query_row(params![id, head as i64, key], |r| {
                    Ok((r.get::<_, i64>(0)? as usize, r.get(1)?, r.get(2)?, r.get::<_, i64>(3)?))
                })
                .optional()
            })
            .map_err(|e| self.err(e))
            // One whose entry's bucket does not sum is passed over too (a replay makes it).
            .map(|found| {
                found.and_then(|(seq, sum, state, rowid)| {
                    self.ledger_vouches("encounter_checkpoint", [rowid]).is_ok().then_some((seq, sum, state))
                })
            })
    }

    /// Every checkpoint made by the code named `key`, of every encounter (for `tome db
    /// check`).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn encounter_checkpoints_by(&self, key: &str) -> Result<Vec<StoredCheckpoint>> {
        self.connection()
            .prepare("SELECT encounter_id, seq, check_sum, state FROM encounter_checkpoint WHERE key = ?1")
            .and_then(|mut s| {
                s.query_map([key], |r| {
                    Ok(StoredCheckpoint {
                        encounter: r.get(0)?,
                        seq: r.get::<_, i64>(1)? as usize,
                        sum: r.get(2)?,
                        state: r.get(3)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()
            })
            .map_err(|e| self.err_in("the fights' checkpoints", e))
    }

    /// Keeps the state after `seq` events, replacing any kept there before. A failure is
    /// no loss (the events are the truth), so callers may ignore it.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn put_encounter_checkpoint(&self, id: i64, seq: usize, key: &str, sum: i64, state: &[u8]) -> Result<()> {
        // Not resealing the encounter: a checkpoint vouches for itself (`sealed::ENCOUNTER`).
        self.connection()
            .prepare_cached(
                "INSERT OR REPLACE INTO encounter_checkpoint (encounter_id, seq, key, check_sum, state)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .and_then(|mut s| s.execute(params![id, seq as i64, key, sum, state]))
            .map(|_| ())
            .map_err(|e| self.err(e))
    }

    /// Drops the checkpoint at `seq` (found damaged), so it is not read again.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn drop_encounter_checkpoint(&self, id: i64, seq: usize) -> Result<()> {
        self.connection()
            .execute("DELETE FROM encounter_checkpoint WHERE encounter_id = ?1 AND seq = ?2", params![id, seq as i64])
            .map(|_| ())
            .map_err(|e| self.err(e))
    }

    /// Stores `event` in place of event `seq` of encounter `id`, the same change in a form
    /// the replay reads (an older Tome's event upgraded); the triggers drop the checkpoints
    /// from it on.
    ///
    /// # Errors
    /// The database cannot be written, or there is no such event.
    pub fn rewrite_encounter_event(&self, id: i64, seq: usize, event: &Event) -> Result<()> {
        let json = serde_json::to_string(event).map_err(|e| Error::InvalidInput(e.to_string()))?;
        let at: Option<i64> = self
            .connection()
            .query_row(
                "SELECT at FROM encounter_event WHERE encounter_id = ?1 AND seq = ?2",
                params![id, seq as i64],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.err(e))?;
        let Some(at) = at else { return Err(encounter_not_found(id)) };
        let n = self.sealed_write(|tx| {
            let n = tx.execute(
                "UPDATE encounter_event SET event = ?3, check_sum = ?4 WHERE encounter_id = ?1 AND seq = ?2",
                params![id, seq as i64, json, event_sum(id, seq as i64, at, json.as_bytes())],
            )?;
            Ok((n, id))
        })?;
        if n == 1 {
            Ok(())
        } else {
            Err(encounter_not_found(id))
        }
    }

    /// Appends `event` after the first `head` events, dropping any undone ones above
    /// it, in one transaction: the encounter is at its last whole event whatever
    /// happens. `head` must still be the stored one (else someone else changed it).
    ///
    /// # Errors
    /// [`Error::Conflict`] when the encounter changed meanwhile; too many events.
    pub fn push_encounter_event(&mut self, id: i64, head: usize, event: &Event, at: i64) -> Result<()> {
        if head >= MAX_EVENTS {
            return Err(Error::InvalidInput(format!(
                "an encounter keeps at most {MAX_EVENTS} events: start a new one"
            )));
        }
        let json = serde_json::to_string(event).map_err(|e| Error::InvalidInput(e.to_string()))?;
        let tx = self.begin_write()?;
        let err = |e| self.err(e);
        let stored: i64 = tx
            .prepare_cached("SELECT head FROM encounter WHERE id = ?1")
            .and_then(|mut s| s.query_row([id], |r| r.get(0)).optional())
            .map_err(err)?
            .ok_or_else(|| encounter_not_found(id))?;
        if stored != head as i64 {
            return Err(Error::Conflict(format!("encounter {id} was changed elsewhere: show it again and retry")));
        }
        // The statements of every change are kept prepared: parsing them again cost more
        // than running them.
        let run = |sql: &str, p: &[&dyn rusqlite::ToSql]| tx.prepare_cached(sql).and_then(|mut s| s.execute(p));
        run("DELETE FROM encounter_event WHERE encounter_id = ?1 AND seq > ?2", params![id, head as i64])
            .map_err(err)?;
        let seq = head as i64 + 1;
        run(
            "INSERT INTO encounter_event (encounter_id, seq, event, at, check_sum) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, seq, json, at, event_sum(id, seq, at, json.as_bytes())],
        )
        .map_err(err)?;
        run(
            "UPDATE encounter SET head = ?2, updated = ?3, ended = NULL WHERE id = ?1",
            params![id, head as i64 + 1, at],
        )
        .map_err(err)?;
        ENCOUNTER.seal(&tx, id).map_err(err)?;
        tx.commit().map_err(err)
    }

    /// When the latest change taken back (above `head`) was made, if one was.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub fn encounter_undone_at(&self, id: i64, head: usize) -> Result<Option<i64>> {
        self.connection()
            .prepare_cached("SELECT max(at) FROM encounter_event WHERE encounter_id = ?1 AND seq > ?2")
            .and_then(|mut s| s.query_row(params![id, head as i64], |r| r.get(0)))
            .map_err(|e| self.err(e))
    }

    /// Moves the head (undo and redo) within the stored events.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown encounter.
    pub fn set_encounter_head(&mut self, id: i64, head: usize) -> Result<()> {
        let n = self.sealed_write(|tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE encounter SET head = ?2, updated = ?3, ended = NULL WHERE id = ?1
                       AND ?2 <= (SELECT coalesce(max(seq), 0) FROM encounter_event WHERE encounter_id = ?1)",
                )?
                .execute(params![id, head as i64, now()])?;
            Ok((n, id))
        })?;
        if n == 0 {
            self.encounter_row(id)?;
            return Err(Error::InvalidInput(format!("encounter {id} has no event {head}")));
        }
        Ok(())
    }

    /// An event as stored: one Tome wrote and cannot read back, or whose checksum is not
    /// that of what it holds, is damage (the schema version keeps a newer Tome's files
    /// out).
    fn decode_event(&self, id: i64, e: StoredEvent) -> Result<(i64, Event)> {
        let damaged =
            |why: String| self.noticed(Error::damaged(self.label(), &format!("encounter {id}, event {}", e.seq), why));
        if let Some(problem) = sum_problem(id, &e) {
            return Err(damaged(problem));
        }
        serde_json::from_slice(&e.json).map(|event| (e.at, event)).map_err(|why| damaged(why.to_string()))
    }

    /// Sets whether encounter `id` offers to show a hidden combatant seen at work.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown encounter.
    pub fn set_offer_reveal(&mut self, id: i64, on: bool) -> Result<()> {
        self.set_flag(id, "UPDATE encounter SET offer_reveal = ?2 WHERE id = ?1", on)
    }

    /// Sets whether encounter `id` tells a player's phone the totals compared.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown encounter.
    pub fn set_table_totals(&mut self, id: i64, on: bool) -> Result<()> {
        self.set_flag(id, "UPDATE encounter SET table_totals = ?2 WHERE id = ?1", on)
    }

    /// One yes-or-no setting of encounter `id`, by its `UPDATE`.
    fn set_flag(&mut self, id: i64, update: &str, on: bool) -> Result<()> {
        let n = self.sealed_write(|tx| Ok((tx.prepare_cached(update)?.execute(params![id, i64::from(on)])?, id)))?;
        if n == 0 {
            return Err(encounter_not_found(id));
        }
        Ok(())
    }

    /// Marks an encounter ended at `at`, until its next change.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown encounter.
    pub fn end_encounter(&mut self, id: i64, at: i64) -> Result<()> {
        let n = self.sealed_write(|tx| {
            Ok((tx.prepare_cached("UPDATE encounter SET ended = ?2 WHERE id = ?1")?.execute(params![id, at])?, id))
        })?;
        if n == 0 {
            return Err(encounter_not_found(id));
        }
        Ok(())
    }

    /// Deletes an encounter and its events.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown encounter.
    pub fn delete_encounter(&mut self, id: i64) -> Result<()> {
        // Cached: deleting cascades to the events, checkpoints and parties, a long program
        // to compile each time.
        let n = self
            .connection()
            .prepare_cached("DELETE FROM encounter WHERE id = ?1")
            .and_then(|mut s| s.execute([id]))
            .map_err(|e| self.err(e))?;
        if n == 0 {
            return Err(encounter_not_found(id));
        }
        Ok(())
    }
}

impl Db {
    /// Runs `f` (a write to one encounter or what its seal covers, answering how many
    /// rows it changed and which encounter) in one transaction with the encounter sealed
    /// again as it now is (`sealed.rs`), when it changed a row.
    fn sealed_write(&self, f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<(usize, i64)>) -> Result<usize> {
        let tx = self.begin_write()?;
        let (n, id) = f(&tx).map_err(|e| self.err(e))?;
        if n > 0 {
            ENCOUNTER.seal(&tx, id).map_err(|e| self.err(e))?;
        }
        tx.commit().map_err(|e| self.err(e))?;
        Ok(n)
    }
}

/// A checkpoint as stored: its encounter, event count, checksum and state.
pub struct StoredCheckpoint {
    pub encounter: i64,
    pub seq: usize,
    pub sum: i64,
    pub state: Vec<u8>,
}

/// An event's row: its number, time, JSON and checksum (none from a Tome before them).
pub(crate) struct StoredEvent {
    seq: i64,
    at: i64,
    json: Vec<u8>,
    sum: Option<i64>,
    /// Its checksum is the one the ledger of current rows holds for it (`ledger.rs`).
    fresh: bool,
    /// Its row id, for the ledger's bucket to vouch for its entry.
    rowid: i64,
}

fn stored(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredEvent> {
    Ok(StoredEvent {
        seq: r.get(0)?,
        at: r.get(1)?,
        json: r.get_ref(2)?.as_bytes()?.to_vec(),
        sum: r.get(3)?,
        fresh: r.get(4)?,
        rowid: r.get(5)?,
    })
}

/// The checksum of event `seq` of encounter `id` as written: its place, time and JSON, so
/// an event changed, moved to another encounter or renumbered no longer matches.
fn event_sum(id: i64, seq: i64, at: i64, json: &[u8]) -> i64 {
    let mut h = crc32fast::Hasher::new();
    for n in [id, seq, at] {
        h.update(&n.to_le_bytes());
    }
    h.update(json);
    i64::from(h.finalize())
}

/// Why the stored event `e` of encounter `id` is not as Tome wrote it, if its checksum
/// says so or it has none (the upgrade sealed those older Tomes wrote).
pub(crate) fn sum_problem(id: i64, e: &StoredEvent) -> Option<String> {
    let Some(want) = e.sum else { return Some(super::sealed::UNSEALED.to_string()) };
    if event_sum(id, e.seq, e.at, &e.json) != want {
        return Some("it changed since Tome wrote it (its checksum does not match what it holds)".to_string());
    }
    (!e.fresh).then(|| super::ledger::STALE.to_string())
}

/// Seals every event that has no checksum: the upgrade's part for the events older
/// Tomes wrote (`db::seal_unsealed`).
pub(crate) fn seal_unsealed_events(conn: &rusqlite::Connection) -> rusqlite::Result<()> {
    let unsealed: Vec<(i64, i64, i64, Vec<u8>)> = conn
        .prepare("SELECT encounter_id, seq, at, CAST(event AS BLOB) FROM encounter_event WHERE check_sum IS NULL")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut seal = conn.prepare("UPDATE encounter_event SET check_sum = ?3 WHERE encounter_id = ?1 AND seq = ?2")?;
    for (id, seq, at, json) in unsealed {
        seal.execute(params![id, seq, event_sum(id, seq, at, &json)])?;
    }
    Ok(())
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<EncounterRow> {
    let head: i64 = r.get(3)?;
    Ok(EncounterRow {
        id: r.get(0)?,
        name: r.get(1)?,
        system: r.get(2)?,
        mode: r.get(5)?,
        head: head.max(0) as usize,
        updated: r.get(4)?,
        ended: r.get(6)?,
        offer_reveal: r.get::<_, i64>(7)? != 0,
        table_totals: r.get::<_, i64>(8)? != 0,
    })
}
