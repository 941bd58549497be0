//! Whether what a read meets is the file's present, not an older copy of it (issue 73,
//! attack 77). A page read as an older copy of itself (a write the disk lost, a page put
//! back from a backup, a `-wal` file lost or not copied) carries a matching page sum, and
//! each sealed row on it its matching seal: both say "Tome wrote this", neither "this is
//! what Tome wrote last". The ledger (`schema/0028_row_ledger.sql`) keeps, apart from the
//! rows, the checksum each sealed row holds now, kept by triggers in every write's own
//! transaction; its head counts every change (the generation) and holds a digest of the
//! whole ledger.
//!
//! A read compares each sealed row it reads with its entry ([`FRESH`], joined into the
//! row's own query: an older row, or an older entry, differs), and, once per open, the
//! ledger with its head ([`Db::ledger_fresh`]: the ledger's pages read as older copies of
//! themselves no longer sum to the digest) and the head with the generation Tome last
//! wrote, kept beside the file ([`witness`]: a whole file, or its `-wal`, older than what
//! Tome last wrote). One pass over the ledger, a few bytes a row, rather than over every
//! row of the user's.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};

use rusqlite::Connection;

use super::Db;
use crate::error::{Error, Result};

/// Why a row that matches its seal but not its ledger entry is damage.
pub(crate) const STALE: &str = "it is an older copy of itself (the file's ledger of current rows holds another \
     checksum for it: a write the disk lost, or a page put back from an older copy)";

/// The SQL (a boolean) for whether row `table.rowid`'s checksum column `sum` is the one
/// its ledger entry `name` holds.
pub(crate) fn fresh_sql(name: &str, table: &str, sum: &str) -> String {
    format!(
        "EXISTS (SELECT 1 FROM row_ledger l WHERE l.tbl = '{name}' AND l.rid = {table}.rowid AND l.sum IS {table}.{sum})"
    )
}

/// The ledger name of a table's checksum column: the table's, or `table.column` for a
/// second one.
pub(crate) fn name(table: &str, sum: &str) -> String {
    if sum == "check_sum" {
        table.to_string()
    } else {
        format!("{table}.{sum}")
    }
}

/// Every table the ledger covers, with its checksum column (as the migration's triggers),
/// but the fights' checkpoints: a cache, which a read passes over unless its entry
/// vouches for it, so an older one is never damage.
pub(super) const LEDGERED: &[(&str, &str)] = &[
    ("character", "check_sum"),
    ("character_revision", "check_sum"),
    ("adversary", "check_sum"),
    ("adversary_revision", "check_sum"),
    ("party", "check_sum"),
    ("party", "members_sum"),
    ("party_member", "check_sum"),
    ("gm_screen", "check_sum"),
    ("encounter", "check_sum"),
    ("encounter_event", "check_sum"),
    ("encounter_party", "check_sum"),
    ("starter_adversary", "check_sum"),
    ("doc", "check_sum"),
    ("doc_section", "check_sum"),
    ("foundry_kept", "check_sum"),
];

/// One entry's part of the digest, as the ledger's triggers make it.
fn mix(tbl: &str, rid: i64, sum: Option<i64>) -> i64 {
    ((rid & 0xFF_FFFF) << 32) | (sum.unwrap_or(0) & 0xFFFF_FFFF) | ((tbl.len() as i64) << 56)
}

/// The file beside `db` that holds the generation Tome last wrote to it.
pub fn witness(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-written");
    PathBuf::from(name)
}

/// The generation the witness beside `db` holds; `None` when there is none or it does not
/// read (a copy made without it is taken as it is).
fn witnessed(db: &Path) -> Option<i64> {
    let text = std::fs::read_to_string(witness(db)).ok()?;
    text.strip_prefix("tome generation ")?.trim().parse().ok()
}

/// The ledger's head: its generation and digest.
fn head(conn: &Connection) -> rusqlite::Result<(i64, i64)> {
    conn.prepare_cached("SELECT generation, digest FROM ledger_head WHERE only = 1")?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))
}

/// The digest of the ledger as its rows are now.
fn digest(conn: &Connection) -> rusqlite::Result<i64> {
    let mut stmt = conn.prepare_cached("SELECT tbl, rid, sum FROM row_ledger")?;
    let mut rows = stmt.query([])?;
    let mut d = 0i64;
    while let Some(r) = rows.next()? {
        d ^= mix(r.get_ref(0)?.as_str()?, r.get(1)?, r.get(2)?);
    }
    Ok(d)
}

/// Removes the witness beside `db`: a restore puts an older file back on purpose, and the
/// next open writes the witness of what it holds.
pub(crate) fn forget(db: &Path) {
    // Absent already is the same.
    let _ = std::fs::remove_file(witness(db));
}

impl Db {
    /// Whether the ledger is the file's present: its rows sum to its head's digest, and
    /// the head is not older than the generation Tome last wrote to the file. Checked
    /// once per open, before the first read of a sealed row; a passed check is kept.
    ///
    /// # Errors
    /// The damaged-database error naming the ledger; the refusal of a file older than
    /// Tome last wrote it, saying how to accept it.
    pub(crate) fn ledger_fresh(&self) -> Result<()> {
        if self.ledger_checked.load(Ordering::Relaxed) {
            return Ok(());
        }
        let conn = self.connection();
        // The witness first: it is written after its commit, so a head read after it is
        // at least as new, whatever another Tome commits meanwhile.
        let written = self.path().and_then(witnessed);
        // The head and the rows in one snapshot.
        let own = conn.is_autocommit();
        if own {
            conn.execute_batch("BEGIN").map_err(|e| self.err(e))?;
        }
        let read = head(conn).and_then(|(generation, want)| Ok((generation, want, digest(conn)?)));
        if own {
            conn.execute_batch("COMMIT").map_err(|e| self.err(e))?;
        }
        let (generation, want, found) = read.map_err(|e| self.err_in("the ledger of current rows", e))?;
        if let (Some(path), Some(written)) = (self.path(), written.filter(|w| *w > generation)) {
            return Err(self.noticed(Error::damaged(
                self.label(),
                "the file as a whole",
                format!(
                    "it is older than the last state Tome wrote to it (it holds generation {generation}, Tome \
                     wrote generation {written}, recorded in {}): writes the disk lost, its `-wal` file lost \
                     or left behind, or an older copy put back; if you put this older copy back on purpose, \
                     remove {} and Tome takes it as it is",
                    witness(path).display(),
                    witness(path).display()
                ),
            )));
        }
        if found != want {
            return Err(self.noticed(Error::damaged(
                self.label(),
                "the ledger of current rows",
                "its rows are not the ones its head vouches for (a part of the file read as an older copy of \
                 itself)",
            )));
        }
        self.ledger_checked.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// What of the user's tables is not the file's present, read without their indexes:
    /// the ledger not matching its head, rows older than their entries, rows Tome wrote
    /// that are not there. `tome db check` asks before it rebuilds an index from its
    /// table (attack 77's F11: a table read as an older copy of itself, the index made
    /// from it hid the rows that had read, or turned a refusal into an older answer).
    ///
    /// # Errors
    /// The database cannot be read.
    pub(crate) fn rows_not_current(&self) -> Result<Vec<String>> {
        let mut found = Vec::new();
        match self.ledger_fresh() {
            Ok(()) => {}
            Err(e) if e.is_damage() => found.push(e.damage_detail().unwrap_or_else(|| e.to_string())),
            Err(e) => return Err(e),
        }
        for (table, sum) in LEDGERED {
            let name = name(table, sum);
            let (older, missing): (i64, i64) = self
                .connection()
                .query_row(
                    &format!(
                        "SELECT (SELECT count(*) FROM {table} NOT INDEXED WHERE NOT {fresh}),
                                (SELECT count(*) FROM row_ledger l WHERE l.tbl = ?1
                                    AND NOT EXISTS (SELECT 1 FROM {table} t WHERE t.rowid = l.rid))",
                        fresh = fresh_sql(&name, table, sum)
                    ),
                    [&name],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .map_err(|e| self.err_in(&format!("the rows of {table}"), e))?;
            if older > 0 || missing > 0 {
                found.push(format!(
                    "the rows of {table} are not the ones Tome wrote last ({older} an older copy of itself, \
                     {missing} missing): a part of the file read as an older copy of itself; no index is made \
                     again from it"
                ));
            }
        }
        Ok(found)
    }

    /// The generation the file is at, for its witness once the file is closed: read as the
    /// open closes (only what is committed; inside a transaction that the close rolls back
    /// the head is not the file's).
    fn note_closing_generation(&self) {
        let Some(witness) = &self.witness else { return };
        if !self.connection().is_autocommit() {
            return;
        }
        if let Ok((generation, _)) = head(self.connection()) {
            witness.generation.store(generation, Ordering::Relaxed);
        }
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        self.note_closing_generation();
    }
}

/// Keeps the generation the file was at beside it once its connection has closed (a
/// field of [`Db`] after the connection, so dropped after it), and only when that close
/// folded the `-wal` into the file and removed it: SQLite then synced the file
/// (`synchronous = NORMAL` syncs the file after a whole checkpoint), so the generation is
/// one a power cut cannot take back. A commit is not durable until then (NORMAL does not
/// sync the log at each commit), so a witness written after each commit refused the file
/// a power cut legitimately rolled back. A process killed, another Tome with the file
/// open, or a close that left the log: the witness stays where it was, never ahead of
/// the file.
pub(crate) struct Witness {
    path: PathBuf,
    /// The generation read as the open closed; -1 when none was.
    generation: AtomicI64,
}

impl Witness {
    pub(crate) fn new(path: PathBuf) -> Witness {
        Witness { path, generation: AtomicI64::new(-1) }
    }
}

impl Drop for Witness {
    fn drop(&mut self) {
        let generation = self.generation.load(Ordering::Relaxed);
        if generation < 0 || wal(&self.path).exists() {
            return;
        }
        // Never lowered (another Tome's newer generation is kept), written only when it
        // moved; a witness that cannot be written leaves the file taken as it is.
        if witnessed(&self.path).is_some_and(|w| w >= generation) {
            return;
        }
        let _ = keep(&self.path, generation);
    }
}

/// The write-ahead log beside `db`.
fn wal(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

/// Writes the witness beside `db` durably: a file of its own synced, renamed over the
/// old one, and the folder synced, so a power cut leaves the old witness or the new one.
fn keep(db: &Path, generation: i64) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = db.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    writeln!(file, "tome generation {generation}")?;
    file.as_file().sync_all()?;
    file.persist(witness(db)).map_err(|e| e.error)?;
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    Ok(())
}
