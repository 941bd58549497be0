//! Parties: named groups of saved characters of one system (see
//! `schema/0009_screens_parties.sql`).

use rusqlite::{params, OptionalExtension};
use serde::Serialize;
use ts_rs::TS;

use super::characters::now;
use super::sealed::{PARTY, PARTY_MEMBER, PARTY_MEMBERS};
use super::Db;
use crate::error::{Error, Result};

/// A party and who is in it, in the order they joined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Party {
    pub id: i64,
    pub name: String,
    pub system: String,
    pub members: Vec<PartyMember>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PartyMember {
    pub character: i64,
    pub name: String,
}

/// The most characters a party holds: an encounter's roster bounds it anyway.
pub const MAX_MEMBERS: usize = 100;

impl Db {
    /// A new, empty party of `system`.
    ///
    /// # Errors
    /// An unknown system, a blank or overlong name, or a name another party has.
    pub fn create_party(&mut self, system: &str, name: &str) -> Result<Party> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 200 {
            return Err(Error::InvalidInput("a party's name has 1 to 200 characters".into()));
        }
        if let Some(why) = crate::text::name_problem(name) {
            return Err(Error::InvalidInput(format!("a party's name: {why}")));
        }
        if !self.system_exists(system)? {
            return Err(Error::not_found("game system", system));
        }
        if self.party_id(name)?.is_some() {
            return Err(Error::Conflict(format!("there is a party called {name:?} already")));
        }
        let t = now();
        let mut id = 0;
        self.write(|tx| {
            tx.execute(
                "INSERT INTO party (system_id, name, created, updated) VALUES (?1, ?2, ?3, ?3)",
                params![system, name, t],
            )?;
            id = tx.last_insert_rowid();
            PARTY.seal(tx, id)?;
            PARTY_MEMBERS.seal(tx, id)
        })?;
        self.party(id)
    }

    /// The id of the party called `name` (any case).
    fn party_id(&self, name: &str) -> Result<Option<i64>> {
        self.connection()
            // Past the name index, which an older copy of itself would hide the party from
            // (attack 77's F12: "no party named `Badgers`; did you mean `Badgers`").
            .query_row("SELECT id FROM party NOT INDEXED WHERE lower(name) = lower(?1)", [name.trim()], |r| r.get(0))
            .optional()
            .map_err(|e| self.err(e))
    }

    /// A party by its number or its name.
    ///
    /// # Errors
    /// [`Error::NotFound`] naming the parties there are.
    pub fn find_party(&self, what: &str) -> Result<Party> {
        let id = match what.trim().parse::<i64>() {
            Ok(id) => Some(id),
            Err(_) => self.party_id(what)?,
        };
        match id {
            Some(id) => self.party(id),
            None => Err(Error::NotFound {
                what: "party",
                id: what.to_string(),
                suggestions: self.parties()?.into_iter().map(|p| p.name).collect(),
            }),
        }
    }

    /// One party with its members.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such party.
    pub fn party(&self, id: i64) -> Result<Party> {
        let head: Option<(String, String)> = self
            .connection()
            .query_row("SELECT name, system_id FROM party WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()
            .map_err(|e| self.err_in(&format!("party {id}"), e))?;
        let (name, system) = head.ok_or_else(|| {
            self.missing("party", id, &format!("party {id}"), Error::not_found("party", &id.to_string()))
        })?;
        self.check_sealed(&PARTY, "id = ?1", &[&id])?;
        self.check_sealed(&PARTY_MEMBER, "party_id = ?1", &[&id])?;
        // The list vouches for what no member's row can: one deleted (issue 73).
        self.check_sealed(&PARTY_MEMBERS, "id = ?1", &[&id])?;
        let ids: Vec<i64> = self
            .connection()
            .prepare_cached(
                // Not joined with the characters: a member whose character's row is not there
                // is that read's damage, never a member left out (attack 81's F3).
                "SELECT m.character_id FROM party_member m
                 WHERE m.party_id = ?1 ORDER BY m.position, m.character_id",
            )
            .and_then(|mut s| s.query_map([id], |r| r.get(0))?.collect())
            .map_err(|e| self.err_in(&format!("a member of party {id}"), e))?;
        // Each member's name as its character's own read gives it (its rows against its
        // latest revision): one renamed behind Tome's back is damage here too (issue 73).
        let members = ids
            .into_iter()
            .map(|character| self.character(character).map(|c| PartyMember { character, name: c.name }))
            .collect::<Result<_>>()?;
        Ok(Party { id, name, system, members })
    }

    /// Every party, by name.
    ///
    /// # Errors
    /// A party that does not read (all of them refused: [`Db::parties_vouched`] lists the
    /// others).
    pub fn parties(&self) -> Result<Vec<Party>> {
        self.parties_vouched()?.whole()
    }

    /// Every party, by name, each read whole (its members' characters too): those that
    /// read, and the damage of each that does not.
    ///
    /// # Errors
    /// The list itself cannot be read.
    pub fn parties_vouched(&self) -> Result<super::Vouched<Party>> {
        let unvouched = self.rows_all_there(&super::sealed::PARTY)?;
        let mut stmt = self
            .connection()
            .prepare("SELECT id FROM party NOT INDEXED ORDER BY name COLLATE NOCASE, id")
            .map_err(|e| self.err(e))?;
        let ids: Vec<i64> = stmt.query_map([], |r| r.get(0)).and_then(|r| r.collect()).map_err(|e| self.err(e))?;
        let mut out = super::Vouched::default();
        if !unvouched.is_empty() {
            out.unread.push(self.unsumming_bucket(&super::sealed::PARTY.ledger()));
        }
        for id in ids {
            out.push(self.party(id))?;
        }
        Ok(out)
    }

    /// Adds saved characters at the end of a party, in order: every one is checked
    /// first, then all are written in one transaction, or none.
    ///
    /// # Errors
    /// No such party or character, a character of another system, one already in the
    /// party (or named twice), or a party that would be too large.
    pub fn add_party_members(&mut self, party: i64, characters: &[i64]) -> Result<Party> {
        let p = self.party(party)?;
        let mut adding: Vec<i64> = Vec::new();
        for &id in characters {
            let c = self.character(id)?;
            if c.system != p.system {
                return Err(Error::InvalidInput(format!(
                    "{} is of {}; the party {} is of {}",
                    c.name, c.system, p.name, p.system
                )));
            }
            if p.members.iter().any(|m| m.character == id) || adding.contains(&id) {
                return Err(Error::Conflict(format!("{} is in the party {} already", c.name, p.name)));
            }
            adding.push(id);
        }
        if p.members.len() + adding.len() > MAX_MEMBERS {
            return Err(Error::InvalidInput(format!("a party holds at most {MAX_MEMBERS} characters")));
        }
        let start = p.members.len() as i64;
        self.write(|tx| {
            for (n, id) in adding.iter().enumerate() {
                tx.execute(
                    "INSERT INTO party_member (party_id, character_id, position) VALUES (?1, ?2, ?3)",
                    params![party, id, start + n as i64 + 1],
                )?;
                PARTY_MEMBER.seal(tx, tx.last_insert_rowid())?;
            }
            tx.execute("UPDATE party SET updated = ?2 WHERE id = ?1", params![party, now()])?;
            PARTY.seal(tx, party)?;
            PARTY_MEMBERS.seal(tx, party)
        })?;
        self.party(party)
    }

    /// Takes characters out of a party (they stay saved): all of them, or none.
    ///
    /// # Errors
    /// No such party, or a character not in it.
    pub fn remove_party_members(&mut self, party: i64, characters: &[i64]) -> Result<Party> {
        let p = self.party(party)?;
        if let Some(missing) = characters.iter().find(|&&id| !p.members.iter().any(|m| m.character == id)) {
            return Err(Error::NotFound {
                what: "member of the party",
                id: missing.to_string(),
                suggestions: p.members.iter().map(|m| format!("{} {}", m.character, m.name)).collect(),
            });
        }
        self.write(|tx| {
            for id in characters {
                tx.execute("DELETE FROM party_member WHERE party_id = ?1 AND character_id = ?2", params![party, id])?;
            }
            tx.execute("UPDATE party SET updated = ?2 WHERE id = ?1", params![party, now()])?;
            PARTY.seal(tx, party)?;
            PARTY_MEMBERS.seal(tx, party)
        })?;
        self.party(party)
    }

    /// Runs `f` in one immediate transaction.
    fn write(&self, f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<()>) -> Result<()> {
        let tx = self.begin_write()?;
        f(&tx).map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))
    }

    /// Deletes a party (its characters stay saved).
    pub fn delete_party(&mut self, party: i64) -> Result<()> {
        self.ledger_fresh()?;
        let n = self.connection().execute("DELETE FROM party WHERE id = ?1", [party]).map_err(|e| self.err(e))?;
        if n == 0 {
            return Err(Error::not_found("party", &party.to_string()));
        }
        Ok(())
    }

    /// Remembers that `party` was added to `encounter` in one step (once).
    ///
    /// # Errors
    /// A database failure.
    pub fn note_encounter_party(&mut self, encounter: i64, party: i64) -> Result<()> {
        let conn = self.connection();
        let added = conn
            .execute(
                "INSERT OR IGNORE INTO encounter_party (encounter_id, party_id) VALUES (?1, ?2)",
                params![encounter, party],
            )
            .map_err(|e| self.err(e))?;
        // A row there already keeps its own seal (a changed one is not vouched for).
        if added == 1 {
            super::sealed::ENCOUNTER_PARTY.seal(conn, conn.last_insert_rowid()).map_err(|e| self.err(e))?;
        }
        Ok(())
    }

    /// The parties added to `encounter` in one step, as they are now (a party deleted
    /// since is gone from the list).
    ///
    /// # Errors
    /// A database failure.
    pub fn encounter_parties(&self, encounter: i64) -> Result<Vec<Party>> {
        // A link lost is no party joined (attack 82's F5): every link Tome wrote is there.
        self.all_there(&super::sealed::ENCOUNTER_PARTY)?;
        self.check_sealed(&super::sealed::ENCOUNTER_PARTY, "encounter_id = ?1", &[&encounter])?;
        let mut stmt = self
            .connection()
            .prepare("SELECT party_id FROM encounter_party WHERE encounter_id = ?1 ORDER BY rowid")
            .map_err(|e| self.err(e))?;
        let ids: Vec<i64> = stmt
            .query_map([encounter], |r| r.get(0))
            .and_then(|r| r.collect())
            .map_err(|e| self.err_in(&format!("the parties of encounter {encounter}"), e))?;
        ids.into_iter().map(|id| self.party(id)).collect()
    }
}
