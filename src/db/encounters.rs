//! Encounters and their events (see `schema/0005_encounters.sql` and
//! `schema/0006_encounter_modes.sql`).

use rusqlite::{params, OptionalExtension};

use super::characters::now;
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
        self.connection()
            .execute(
                "INSERT INTO encounter (system_id, name, mode, head, created, updated) VALUES (?1, ?2, ?3, 0, ?4, ?4)",
                params![system, name, mode, t],
            )
            .map_err(|e| self.err(e))?;
        self.encounter_row(self.connection().last_insert_rowid())
    }

    /// Every encounter, the most recently changed first.
    pub fn encounter_rows(&self) -> Result<Vec<EncounterRow>> {
        let mut stmt = self
            .connection()
            .prepare("SELECT id, name, system_id, head, updated, mode FROM encounter ORDER BY updated DESC, id DESC")
            .map_err(|e| self.err(e))?;
        let rows = stmt.query_map([], row).and_then(|r| r.collect()).map_err(|e| self.err(e));
        rows
    }

    /// One encounter.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such encounter.
    pub fn encounter_row(&self, id: i64) -> Result<EncounterRow> {
        self.connection()
            .query_row("SELECT id, name, system_id, head, updated, mode FROM encounter WHERE id = ?1", [id], row)
            .optional()
            .map_err(|e| self.err(e))?
            .ok_or_else(|| encounter_not_found(id))
    }

    /// Every stored event of an encounter with its time, in order (those past the head
    /// included: they are the redo list).
    ///
    /// # Errors
    /// A stored event that is not one Tome can read, named by number.
    pub fn encounter_events(&self, id: i64) -> Result<Vec<(i64, Event)>> {
        let mut stmt = self
            .connection()
            .prepare_cached("SELECT seq, at, event FROM encounter_event WHERE encounter_id = ?1 ORDER BY seq")
            .map_err(|e| self.err(e))?;
        let raw: Vec<(i64, i64, String)> = stmt
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .and_then(|r| r.collect())
            .map_err(|e| self.err(e))?;
        raw.into_iter()
            .map(|(seq, at, json)| {
                serde_json::from_str(&json)
                    .map(|e| (at, e))
                    .map_err(|e| Error::InvalidInput(format!("encounter {id}, event {seq} cannot be read: {e}")))
            })
            .collect()
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
            .query_row("SELECT head FROM encounter WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .map_err(err)?
            .ok_or_else(|| encounter_not_found(id))?;
        if stored != head as i64 {
            return Err(Error::Conflict(format!("encounter {id} was changed elsewhere: show it again and retry")));
        }
        tx.execute("DELETE FROM encounter_event WHERE encounter_id = ?1 AND seq > ?2", params![id, head as i64])
            .map_err(err)?;
        tx.execute(
            "INSERT INTO encounter_event (encounter_id, seq, event, at) VALUES (?1, ?2, ?3, ?4)",
            params![id, head as i64 + 1, json, at],
        )
        .map_err(err)?;
        tx.execute("UPDATE encounter SET head = ?2, updated = ?3 WHERE id = ?1", params![id, head as i64 + 1, at])
            .map_err(err)?;
        tx.commit().map_err(err)
    }

    /// Moves the head (undo and redo) within the stored events.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown encounter.
    pub fn set_encounter_head(&mut self, id: i64, head: usize) -> Result<()> {
        let n = self
            .connection()
            .execute(
                "UPDATE encounter SET head = ?2, updated = ?3 WHERE id = ?1
                   AND ?2 <= (SELECT count(*) FROM encounter_event WHERE encounter_id = ?1)",
                params![id, head as i64, now()],
            )
            .map_err(|e| self.err(e))?;
        if n == 0 {
            self.encounter_row(id)?;
            return Err(Error::InvalidInput(format!("encounter {id} has no event {head}")));
        }
        Ok(())
    }

    /// Deletes an encounter and its events.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown encounter.
    pub fn delete_encounter(&mut self, id: i64) -> Result<()> {
        let n = self.connection().execute("DELETE FROM encounter WHERE id = ?1", [id]).map_err(|e| self.err(e))?;
        if n == 0 {
            return Err(encounter_not_found(id));
        }
        Ok(())
    }
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
    })
}
