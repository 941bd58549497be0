//! The user's rows that carry their own proof, as a checksum written with them
//! (`schema/0020_user_sums.sql`, `schema/0022_page_sums.sql`,
//! `schema/0025_more_user_sums.sql`): adversaries and their revisions, parties, their
//! members and their list of members, the game master's own screens, the parties added
//! to an encounter in one step, the starters given to the library, encounters (with how
//! many events they store), imported documents (with their list of
//! sections) and their sections. A changed byte that still decodes (a maximum HP of 12
//! read as 92, a member turned into another character) no longer matches, so every read
//! of such a row and `tome db check` call it damaged rather than show it; a row deleted
//! is caught by the list that holds it (a party's members, a document's sections, a
//! fight's events).
//!
//! Each row's checksum is a CRC-32 of every column Tome writes in it, in the form SQLite
//! stores them (a value of another type, or text changed by a byte, sums differently).
//! Tome writes a row, then seals it ([`seal`]) in the same transaction from what it just
//! wrote. Rows older Tomes stored without one were sealed once, by the upgrade to
//! `schema/0026_every_row_sealed.sql` ([`seal_unsealed`]); since then a row without a
//! checksum is damage like a row whose checksum does not match (a program that changed
//! a row and cleared its checksum no longer passes it off as an older Tome's).

use std::collections::BTreeSet;

use rusqlite::types::ValueRef;
use rusqlite::{Connection, ToSql};

use super::records::{key_text, DamagedRecord};
use super::Db;
use crate::error::{Error, Result};

/// A table whose rows are sealed: the columns the checksum covers, and how a row is named.
pub(crate) struct Sealed {
    pub table: &'static str,
    columns: &'static [&'static str],
    /// How many of `columns`, from the first, name the row ([`Sealed::name`]).
    key: usize,
    name: fn(&[String]) -> String,
    /// The column the checksum is kept in.
    sum: &'static str,
}

pub(crate) const ADVERSARY: Sealed = Sealed {
    table: "adversary",
    columns: &["id", "name", "system_id", "tags", "summary", "stat_block", "pack", "revision", "created", "updated"],
    key: 2,
    name: |k| format!("adversary {} ({})", k[0], k[1]),
    sum: "check_sum",
};

pub(crate) const ADVERSARY_REVISION: Sealed = Sealed {
    table: "adversary_revision",
    columns: &["adversary_id", "number", "saved_at", "summary", "stat_block"],
    key: 2,
    name: |k| format!("adversary {}, revision {}", k[0], k[1]),
    sum: "check_sum",
};

pub(crate) const PARTY: Sealed = Sealed {
    table: "party",
    columns: &["id", "name", "system_id", "created", "updated"],
    key: 2,
    name: |k| format!("party {} ({})", k[0], k[1]),
    sum: "check_sum",
};

pub(crate) const PARTY_MEMBER: Sealed = Sealed {
    table: "party_member",
    columns: &["party_id", "character_id", "position"],
    key: 2,
    name: |k| format!("party {}, member character {}", k[0], k[1]),
    sum: "check_sum",
};

pub(crate) const GM_SCREEN: Sealed = Sealed {
    table: "gm_screen",
    columns: &["system_id", "panels", "updated"],
    key: 1,
    name: |k| format!("the game master's screen for {}", k[0]),
    sum: "check_sum",
};

pub(crate) const ENCOUNTER_PARTY: Sealed = Sealed {
    table: "encounter_party",
    columns: &["encounter_id", "party_id"],
    key: 2,
    name: |k| format!("encounter {}, party {} added to it", k[0], k[1]),
    sum: "check_sum",
};

/// Not the adversary a starter became: deleting it empties that column (and the starter
/// stays deleted), which would break the seal.
pub(crate) const STARTER_ADVERSARY: Sealed = Sealed {
    table: "starter_adversary",
    columns: &["key", "stat_block", "source"],
    key: 1,
    name: |k| format!("starter adversary {}", k[0]),
    sum: "check_sum",
};

/// An encounter (issue 73): its own columns, and what no row of its own can vouch for:
/// how many events it stores and the last one's number (the last event deleted with its
/// counter lowered matches no event's sum). Resealed by every write to them. Not its
/// checkpoints: each one's sum binds its fight and place (`encounters/checkpoint.rs`), so
/// one changed, moved or lost means a replay, and a lost cache is no damage to the fight.
pub(crate) const ENCOUNTER: Sealed = Sealed {
    table: "encounter",
    columns: &[
        "id",
        "name",
        "system_id",
        "mode",
        "head",
        "created",
        "updated",
        "ended",
        "newcomers_hidden",
        "offer_reveal",
        "table_totals",
        "(SELECT count(*) || ':' || coalesce(max(seq), 0) FROM encounter_event WHERE encounter_id = encounter.id)",
    ],
    key: 2,
    name: |k| format!("encounter {} ({})", k[0], k[1]),
    sum: "check_sum",
};

/// A party's members, in order (issue 73): a member's row deleted leaves no row whose
/// sum fails, so the party vouches for the list. Kept apart from [`PARTY`]'s sum, which
/// files sealed before this hold.
pub(crate) const PARTY_MEMBERS: Sealed = Sealed {
    table: "party",
    columns: &[
        "id",
        "name",
        "(SELECT group_concat(character_id || '@' || position, ',' ORDER BY position, character_id)
            FROM party_member WHERE party_id = party.id)",
    ],
    key: 2,
    name: |k| format!("party {} ({}), its members", k[0], k[1]),
    sum: "members_sum",
};

/// An imported document (issue 73), with its sections in order.
pub(crate) const DOC: Sealed = Sealed {
    table: "doc",
    columns: &[
        "id",
        "system_id",
        "title",
        "file_name",
        "format",
        "bytes",
        "digest",
        "imported_at",
        "shared",
        "(SELECT group_concat(id, ',' ORDER BY ord) FROM doc_section WHERE doc_id = doc.id)",
    ],
    key: 2,
    name: |k| format!("imported document {} ({})", k[0], k[1]),
    sum: "check_sum",
};

/// A section of an imported document (issue 73): its heading, place and text.
pub(crate) const DOC_SECTION: Sealed = Sealed {
    table: "doc_section",
    columns: &["id", "doc_id", "ord", "level", "heading", "trail", "summary", "body", "line"],
    key: 1,
    name: |k| format!("imported section {}", k[0]),
    sum: "check_sum",
};

/// A character's own row (issue 73), with how many revisions it has and the last one's
/// number: its rows are checked against its latest revision (`characters.rs`), so the
/// latest revision deleted with the rows it saved left an older character that looked
/// whole, the work since lost unseen. Resealed by every save.
pub(crate) const CHARACTER: Sealed = Sealed {
    table: "character",
    columns: &[
        "id",
        "name",
        "system_id",
        "created",
        "updated",
        "(SELECT count(*) || ':' || coalesce(max(number), 0) FROM character_revision WHERE character_id = character.id)",
    ],
    key: 2,
    name: |k| format!("character {} ({})", k[0], k[1]),
    sum: "check_sum",
};

/// What a record imported from a Foundry VTT actor keeps of the actor (issue 75,
/// `schema/0027_foundry_kept.sql`): whose it is and the JSON kept.
pub(crate) const FOUNDRY_KEPT: Sealed = Sealed {
    table: "foundry_kept",
    columns: &["character_id", "adversary_id", "actor"],
    key: 2,
    name: |k| {
        if k[0].is_empty() {
            format!("the Foundry actor kept with adversary {}", k[1])
        } else {
            format!("the Foundry actor kept with character {}", k[0])
        }
    },
    sum: "check_sum",
};

/// Every sealed table (what `tome db check` reads).
const ALL: &[&Sealed] = &[
    &CHARACTER,
    &ADVERSARY,
    &ADVERSARY_REVISION,
    &PARTY,
    &PARTY_MEMBER,
    &PARTY_MEMBERS,
    &GM_SCREEN,
    &ENCOUNTER_PARTY,
    &STARTER_ADVERSARY,
    &ENCOUNTER,
    &DOC,
    &DOC_SECTION,
    &FOUNDRY_KEPT,
];

/// Why a sealed row is damage.
const CHANGED: &str = "it changed since Tome wrote it (its checksum does not match what it holds)";
/// Why a sealed row without a checksum is damage: Tome seals every row it writes, and the
/// upgrade sealed those older Tomes left (`schema/0026_every_row_sealed.sql`).
pub(crate) const UNSEALED: &str =
    "it has no checksum, though Tome writes one with every row (another program changed it)";

/// Seals every row of every sealed table that has no checksum: the upgrade's part for
/// them (`Db::seal_unsealed`).
pub(crate) fn seal_unsealed_rows(conn: &Connection) -> rusqlite::Result<()> {
    // The tables made after that upgrade: their rows are sealed from the first write.
    for s in ALL.iter().filter(|s| s.table != FOUNDRY_KEPT.table) {
        s.seal_where(conn, &format!("{} IS NULL", s.sum), &[])?;
    }
    Ok(())
}

/// The checksum of columns `0..n` of `row`.
fn sum_of(row: &rusqlite::Row<'_>, n: usize) -> rusqlite::Result<i64> {
    let mut h = crc32fast::Hasher::new();
    for i in 0..n {
        let (tag, bytes): (u8, std::borrow::Cow<'_, [u8]>) = match row.get_ref(i)? {
            ValueRef::Null => (0, (&[][..]).into()),
            ValueRef::Integer(v) => (1, v.to_le_bytes().to_vec().into()),
            ValueRef::Real(v) => (2, v.to_le_bytes().to_vec().into()),
            ValueRef::Text(b) => (3, b.into()),
            ValueRef::Blob(b) => (4, b.into()),
        };
        h.update(&[tag]);
        h.update(&(bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    Ok(i64::from(h.finalize()))
}

impl Sealed {
    /// This checksum's name in the ledger of current rows (`ledger.rs`).
    pub(crate) fn ledger(&self) -> String {
        super::ledger::name(self.table, self.sum)
    }

    /// Seals the row `rowid` of this table as it now is: called in the transaction that
    /// wrote it, right after the write.
    pub(crate) fn seal(&self, conn: &Connection, rowid: i64) -> rusqlite::Result<()> {
        let sum = conn
            .prepare_cached(&format!("SELECT {} FROM {} WHERE rowid = ?1", self.columns.join(", "), self.table))?
            .query_row([rowid], |r| sum_of(r, self.columns.len()))?;
        conn.prepare_cached(&format!("UPDATE {} SET {} = ?2 WHERE rowid = ?1", self.table, self.sum))?
            .execute([rowid, sum])?;
        Ok(())
    }

    /// Seals every row of this table that `filter` (SQL, with `params`) selects.
    pub(crate) fn seal_where(&self, conn: &Connection, filter: &str, params: &[&dyn ToSql]) -> rusqlite::Result<()> {
        let rowids: Vec<i64> = conn
            .prepare_cached(&format!("SELECT rowid FROM {} WHERE {filter}", self.table))?
            .query_map(params, |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for rowid in rowids {
            self.seal(conn, rowid)?;
        }
        Ok(())
    }

    /// The rows `filter` selects whose checksum does not match what they hold, each as
    /// (its name, why).
    /// The row ids of every row read go to `read` (for the ledger's buckets to vouch for).
    fn changed(
        &self,
        conn: &Connection,
        filter: &str,
        params: &[&dyn ToSql],
        read: &mut Vec<i64>,
    ) -> rusqlite::Result<Vec<DamagedRecord>> {
        self.failing(conn, filter, params, read, &BTreeSet::new(), |r, problem| {
            let key: Vec<String> = (0..self.key).map(|i| key_text(r, i)).collect();
            DamagedRecord { record: (self.name)(&key), problem: problem.into() }
        })
    }

    /// Every row whose checksum does not match what it holds, by its first key column
    /// (the id), with its name and why: what a list read from the table names in place
    /// of the row, in one query for the whole table.
    /// `unvouched`: the buckets of the table's ledger entries that do not sum
    /// ([`Db::ledger_unvouched_buckets`]), whose rows are named as older copies.
    pub(crate) fn changed_by_id(
        &self,
        conn: &Connection,
        unvouched: &BTreeSet<i64>,
    ) -> rusqlite::Result<std::collections::BTreeMap<String, DamagedRecord>> {
        let key = self.key;
        let name = self.name;
        self.failing(conn, "1", &[], &mut Vec::new(), unvouched, |r, problem| {
            let keys: Vec<String> = (0..key).map(|i| key_text(r, i)).collect();
            (key_text(r, 0), DamagedRecord { record: name(&keys), problem: problem.into() })
        })
        .map(|found| found.into_iter().collect())
    }

    /// The first key column (the id) of every row whose checksum does not match what it
    /// holds, or that has none, or whose ledger entry is in a bucket of `unvouched`: what
    /// a list built from the table leaves out.
    pub(crate) fn failing_ids(
        &self,
        conn: &Connection,
        unvouched: &BTreeSet<i64>,
    ) -> rusqlite::Result<BTreeSet<String>> {
        Ok(self.failing(conn, "1", &[], &mut Vec::new(), unvouched, |r, _| key_text(r, 0))?.into_iter().collect())
    }

    /// What `each` makes of every row `filter` selects whose checksum does not match what
    /// it holds (or is missing), or whose ledger entry is in a bucket of `unvouched`, with
    /// why; the row id of every row selected to `read`.
    fn failing<T>(
        &self,
        conn: &Connection,
        filter: &str,
        params: &[&dyn ToSql],
        read: &mut Vec<i64>,
        unvouched: &BTreeSet<i64>,
        mut each: impl FnMut(&rusqlite::Row<'_>, &'static str) -> T,
    ) -> rusqlite::Result<Vec<T>> {
        let n = self.columns.len();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {}, {}, {}, rowid FROM {} WHERE {filter}",
            self.columns.join(", "),
            self.sum,
            super::ledger::fresh_sql(&self.ledger(), self.table, self.sum),
            self.table
        ))?;
        let mut rows = stmt.query(params)?;
        let mut found = Vec::new();
        while let Some(r) = rows.next()? {
            let rowid: i64 = r.get(n + 2)?;
            read.push(rowid);
            // A checksum that is not a number is damage too.
            let problem = match r.get_ref(n)? {
                ValueRef::Null => Some(UNSEALED),
                ValueRef::Integer(v) if v == sum_of(r, n)? => (!r.get::<_, bool>(n + 1)?
                    || unvouched.contains(&super::ledger::bucket_of(rowid)))
                .then_some(super::ledger::STALE),
                _ => Some(CHANGED),
            };
            if let Some(problem) = problem {
                found.push(each(r, problem));
            }
        }
        Ok(found)
    }
}

impl Db {
    /// The damaged-database error for the first row of `sealed` that `filter` selects
    /// whose checksum does not match what it holds (or that has none); `Ok` when all
    /// match. Every read of a sealed row passes here first.
    ///
    /// # Errors
    /// As above; the rows cannot be read.
    pub(crate) fn check_sealed(&self, sealed: &Sealed, filter: &str, params: &[&dyn ToSql]) -> Result<()> {
        self.ledger_fresh()?;
        let mut read = Vec::new();
        let found = sealed
            .changed(self.connection(), filter, params, &mut read)
            .map_err(|e| self.err_in(&format!("a row of {}", sealed.table), e))?;
        match found.into_iter().next() {
            None => self.ledger_vouches(&sealed.ledger(), read),
            Some(d) => Err(self.noticed(Error::damaged(self.label(), &d.record, d.problem))),
        }
    }

    /// Every sealed row whose checksum does not match what it holds: `tome db check`'s
    /// part for them.
    ///
    /// # Errors
    /// The rows cannot be read.
    pub(crate) fn damaged_sealed_rows(&self) -> Result<Vec<DamagedRecord>> {
        let mut found = Vec::new();
        for s in ALL {
            found.extend(s.changed(self.connection(), "1", &[], &mut Vec::new()).map_err(|e| self.err(e))?);
        }
        Ok(found)
    }

    /// [`Db::rows_all_there`] for a read that names no row it cannot vouch for: every
    /// bucket of the table's entries must sum too (attack 82: lists and reads of a
    /// table's rows that took a lost row as none).
    ///
    /// # Errors
    /// The damaged-database error naming the table or the ledger.
    pub(crate) fn all_there(&self, s: &Sealed) -> Result<()> {
        if self.rows_all_there(s)?.is_empty() {
            Ok(())
        } else {
            Err(self.unsumming_bucket(&s.ledger()))
        }
    }

    /// Every row Tome wrote to table `s` is there (as many as its ledger entries), read
    /// without the table's indexes: a page of the table, or of an index a read goes
    /// through, read as an older copy of itself drops rows without a sum to fail. The
    /// entries are counted only where their buckets sum; the buckets that do not are
    /// returned, for the list to name their rows ([`Sealed::changed_by_id`]) and their
    /// damage, rather than hide the rows the rest vouch for.
    ///
    /// # Errors
    /// The damaged-database error naming the table.
    pub(crate) fn rows_all_there(&self, s: &Sealed) -> Result<BTreeSet<i64>> {
        self.ledger_fresh()?;
        let unvouched = self.ledger_unvouched_buckets(&s.ledger())?;
        let in_rows = |e| self.err_in(&format!("the rows of {}", s.table), e);
        let (stored, written): (i64, i64) = if unvouched.is_empty() {
            self.connection()
                .prepare_cached(&format!(
                    "SELECT (SELECT count(*) FROM {t} NOT INDEXED),
                            (SELECT count(*) FROM row_ledger WHERE tbl = ?1)",
                    t = s.table
                ))
                .and_then(|mut q| q.query_row([s.ledger()], |r| Ok((r.get(0)?, r.get(1)?))))
                .map_err(in_rows)?
        } else {
            let vouched = |sql: &str, name: Option<String>| -> rusqlite::Result<i64> {
                let mut q = self.connection().prepare_cached(sql)?;
                let rids = q.query_map(rusqlite::params_from_iter(name), |r| r.get::<_, i64>(0))?;
                let mut n = 0;
                for rid in rids {
                    n += i64::from(!unvouched.contains(&super::ledger::bucket_of(rid?)));
                }
                Ok(n)
            };
            (
                vouched(&format!("SELECT rowid FROM {} NOT INDEXED", s.table), None).map_err(in_rows)?,
                vouched("SELECT rid FROM row_ledger WHERE tbl = ?1", Some(s.ledger())).map_err(in_rows)?,
            )
        };
        if stored == written {
            return Ok(unvouched);
        }
        Err(self.noticed(Error::damaged(
            self.label(),
            &format!("the rows of {}", s.table),
            format!(
                "it holds {stored} where Tome wrote {written} (a part of the file read as an older copy of itself)"
            ),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sealed table's checksum is in the ledger, with its triggers: a read through
    /// [`Sealed`] refuses a row with no entry, and the checks once per open and `tome db
    /// check` go over each (a table a later migration adds, as `foundry_kept`, included).
    #[test]
    fn every_sealed_table_is_kept_in_the_ledger() {
        let db = Db::open_in_memory().unwrap();
        for s in ALL {
            let name = s.ledger();
            assert!(super::super::ledger::LEDGERED.contains(&(s.table, s.sum)), "{name} is not counted by the checks");
            for on in ["insert", "update", "delete"] {
                let trigger = format!("ledger_{}_{on}", name.replace('.', "_"));
                let there: bool = db
                    .connection()
                    .query_row(
                        "SELECT count(*) = 1 FROM sqlite_schema WHERE type = 'trigger' AND name = ?1",
                        [&trigger],
                        |r| r.get(0),
                    )
                    .unwrap();
                assert!(there, "{trigger} keeps the ledger");
            }
        }
    }
}
