//! Whether what a read meets is the file's present, not an older copy of it (issue 73,
//! attack 77). A page read as an older copy of itself (a write the disk lost, a page put
//! back from a backup, a `-wal` file lost or not copied) carries a matching page sum, and
//! each sealed row on it its matching seal: both say "Tome wrote this", neither "this is
//! what Tome wrote last". The ledger (`schema/0028_row_ledger.sql`) keeps, apart from the
//! rows, the checksum each sealed row holds now, kept by triggers in every write's own
//! transaction; its head counts every change (the generation) and holds a digest of the
//! whole ledger.
//!
//! A read compares each sealed row it reads with its entry ([`fresh_sql`], joined into the
//! row's own query: an older row, or an older entry, differs), and the entries it leaned
//! on with their bucket's digest ([`Db::ledger_vouches`]: the entries of one table's 256
//! row ids, summed; a ledger page read as an older copy of itself no longer sums to its
//! buckets'). Once per open the buckets are checked against the head ([`Db::ledger_fresh`]:
//! a bucket page read as an older copy no longer sums to the head's digest), and the head
//! against the generation Tome last wrote, kept beside the file ([`witness`]: a whole
//! file, or its `-wal`, older than what Tome last wrote). So a read sums what it reads,
//! and a small row per 256 entries, never the whole ledger; `tome db check` sums it all
//! ([`Db::ledger_unvouched`]).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};

use rusqlite::{params, Connection};

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

/// The bits of an entry's row id its bucket leaves out (`schema/0029_ledger_buckets.sql`):
/// 256 entries of one table a bucket, so a read sums a few hundred entries and an open
/// one small row per 256.
const BUCKET_BITS: u32 = 8;

/// The bucket of the entry for row `rid`.
pub(super) fn bucket_of(rid: i64) -> i64 {
    rid >> BUCKET_BITS
}

/// What this open found summing (the ledger's buckets, and the tables whose every bucket
/// did), so each is summed once per open. Tome's own writes keep a bucket summing (its
/// triggers write the entry and the bucket in one transaction).
#[derive(Default)]
pub(crate) struct Vouched {
    /// By ledger name, looked up without a copy of it (a list reads two a row).
    buckets: HashMap<String, HashSet<i64>>,
    tables: HashSet<String>,
}

/// Sums the ledger's entries into their buckets: the upgrade to buckets' hook, once, for
/// the entries already there (an upgrade runs in one transaction, so the buckets are of
/// the entries as they are, damaged or not: damage found before is found after).
pub(super) fn fill_buckets(conn: &Connection) -> rusqlite::Result<()> {
    let mut sums: BTreeMap<(String, i64), i64> = BTreeMap::new();
    let mut stmt = conn.prepare("SELECT tbl, rid, sum FROM row_ledger")?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let tbl: String = r.get(0)?;
        let rid: i64 = r.get(1)?;
        let mixed = mix(&tbl, rid, r.get(2)?);
        *sums.entry((tbl, bucket_of(rid))).or_default() ^= mixed;
    }
    let mut insert = conn.prepare("INSERT INTO ledger_bucket (tbl, bucket, digest) VALUES (?1, ?2, ?3)")?;
    for ((tbl, bucket), digest) in sums {
        insert.execute(params![tbl, bucket, digest])?;
    }
    Ok(())
}

/// The buckets (by table) whose entries do not sum to their digest, from one pass over
/// `rows`: each row is (0, table, bucket, digest) for a bucket or (1, table, rid, sum)
/// for an entry, read in one statement (one snapshot). The entries come in key order
/// (the ledger's own), so each bucket's are summed as one run: `tome db check` sums
/// every entry of a large file this way.
fn unsumming(mut rows: rusqlite::Rows<'_>) -> rusqlite::Result<BTreeSet<(String, i64)>> {
    let mut want: BTreeMap<(String, i64), i64> = BTreeMap::new();
    let mut found: BTreeMap<(String, i64), i64> = BTreeMap::new();
    // The run being summed: its table, bucket and sum so far.
    let mut run: Option<(String, i64, i64)> = None;
    let mut end_run = |run: &mut Option<(String, i64, i64)>| {
        if let Some((tbl, bucket, sum)) = run.take() {
            *found.entry((tbl, bucket)).or_default() ^= sum;
        }
    };
    while let Some(r) = rows.next()? {
        let tbl = r.get_ref(1)?.as_str()?;
        let n: i64 = r.get(2)?;
        if r.get::<_, i64>(0)? == 0 {
            want.insert((tbl.to_string(), n), r.get::<_, Option<i64>>(3)?.unwrap_or(0));
            continue;
        }
        let mixed = mix(tbl, n, r.get(3)?);
        match &mut run {
            Some((t, b, sum)) if t == tbl && *b == bucket_of(n) => *sum ^= mixed,
            _ => {
                end_run(&mut run);
                run = Some((tbl.to_string(), bucket_of(n), mixed));
            }
        }
    }
    end_run(&mut run);
    let keys: BTreeSet<&(String, i64)> = want.keys().chain(found.keys()).collect();
    Ok(keys
        .into_iter()
        .filter(|k| want.get(*k).copied().unwrap_or(0) != found.get(*k).copied().unwrap_or(0))
        .cloned()
        .collect())
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

/// The digest of the ledger as its buckets are now.
fn digest(conn: &Connection) -> rusqlite::Result<i64> {
    let mut stmt = conn.prepare_cached("SELECT digest FROM ledger_bucket")?;
    let mut rows = stmt.query([])?;
    let mut d = 0i64;
    while let Some(r) = rows.next()? {
        d ^= r.get::<_, i64>(0)?;
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
    /// Whether the ledger's head and buckets are the file's present: the buckets sum to
    /// the head's digest, and the head is not older than the generation Tome last wrote
    /// to the file. Checked once per open, before the first read of a sealed row; a
    /// passed check is kept. (Each bucket's entries are summed as a read leans on them,
    /// [`Db::ledger_vouches`].)
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
                "its buckets are not the ones its head vouches for (a part of the file read as an older copy \
                 of itself)",
            )));
        }
        self.ledger_checked.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Whether the ledger's entries for rows `rids` of ledger `name` (a read's rows) are
    /// the file's present: each of their buckets sums to its digest. A bucket that
    /// summed is not summed again this open.
    ///
    /// # Errors
    /// The damaged-database error naming the ledger, when a bucket does not sum.
    pub(crate) fn ledger_vouches(&self, name: &str, rids: impl IntoIterator<Item = i64>) -> Result<()> {
        let wanted: BTreeSet<i64> = rids.into_iter().map(bucket_of).collect();
        let mut vouched = self.ledger_vouched.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if vouched.tables.contains(name) {
            return Ok(());
        }
        for bucket in wanted {
            if vouched.buckets.get(name).is_some_and(|b| b.contains(&bucket)) {
                continue;
            }
            let low = bucket << BUCKET_BITS;
            let bad = self
                .connection()
                .prepare_cached(
                    "SELECT 0, tbl, bucket, digest FROM ledger_bucket WHERE tbl = ?1 AND bucket = ?2
                     UNION ALL
                     SELECT 1, tbl, rid, sum FROM row_ledger WHERE tbl = ?1 AND rid >= ?3 AND rid < ?4",
                )
                .and_then(|mut q| unsumming(q.query(params![name, bucket, low, low + (1 << BUCKET_BITS)])?))
                .map_err(|e| self.err_in("the ledger of current rows", e))?;
            if !bad.is_empty() {
                return Err(self.unsumming_bucket(name));
            }
            vouched.buckets.entry(name.to_string()).or_default().insert(bucket);
        }
        Ok(())
    }

    /// The buckets of ledger `name` whose entries do not sum to their digest, summing
    /// every bucket of the table at once: what a read of the whole table (a list, the
    /// search's adversaries) leans on. Their rows are the ones such a read cannot vouch
    /// for.
    ///
    /// # Errors
    /// The ledger cannot be read.
    pub(crate) fn ledger_unvouched_buckets(&self, name: &str) -> Result<BTreeSet<i64>> {
        let mut vouched = self.ledger_vouched.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if vouched.tables.contains(name) {
            return Ok(BTreeSet::new());
        }
        let bad = self
            .connection()
            .prepare_cached(
                "SELECT 0, tbl, bucket, digest FROM ledger_bucket WHERE tbl = ?1
                 UNION ALL
                 SELECT 1, tbl, rid, sum FROM row_ledger WHERE tbl = ?1",
            )
            .and_then(|mut q| unsumming(q.query([name])?))
            .map_err(|e| self.err_in("the ledger of current rows", e))?;
        if bad.is_empty() {
            vouched.tables.insert(name.to_string());
        }
        Ok(bad.into_iter().map(|(_, bucket)| bucket).collect())
    }

    /// Every bucket of the ledger whose entries do not sum to its digest, as (ledger
    /// name, bucket): `tome db check`'s sum of the whole ledger.
    ///
    /// # Errors
    /// The ledger cannot be read.
    pub(crate) fn ledger_unvouched(&self) -> Result<BTreeSet<(String, i64)>> {
        self.connection()
            .prepare_cached(
                "SELECT 0, tbl, bucket, digest FROM ledger_bucket
                 UNION ALL
                 SELECT 1, tbl, rid, sum FROM row_ledger",
            )
            .and_then(|mut q| unsumming(q.query([])?))
            .map_err(|e| self.err_in("the ledger of current rows", e))
    }

    /// What a read of row `rowid` of ledger `name`'s table that is not there says: damage
    /// when the ledger holds an entry for it (Tome wrote the row and never deleted it: a
    /// part of the file read as an older copy of itself, attack 81's F3–F7), or when the
    /// entry's bucket does not sum; else `not_found`, which is then the truth.
    pub(crate) fn missing(&self, name: &str, rowid: i64, record: &str, not_found: Error) -> Error {
        if let Err(e) = self.ledger_fresh().and_then(|()| self.ledger_vouches(name, [rowid])) {
            return e;
        }
        let written = self
            .connection()
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM row_ledger WHERE tbl = ?1 AND rid = ?2)")
            .and_then(|mut q| q.query_row(params![name, rowid], |r| r.get::<_, bool>(0)));
        match written {
            Ok(false) => not_found,
            Ok(true) => self.noticed(Error::damaged(
                self.label(),
                record,
                "Tome wrote it and never deleted it, but its row is not there (a part of the file read as an \
                 older copy of itself)",
            )),
            Err(e) => self.err_in("the ledger of current rows", e),
        }
    }

    /// The damage of a bucket of ledger `name` that does not sum to its digest.
    pub(crate) fn unsumming_bucket(&self, name: &str) -> Error {
        self.noticed(Error::damaged(
            self.label(),
            "the ledger of current rows",
            format!(
                "its entries for {name} are not the ones its buckets vouch for (a part of the file read as an \
                 older copy of itself)"
            ),
        ))
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
        let unsumming: BTreeSet<String> = self.ledger_unvouched()?.into_iter().map(|(name, _)| name).collect();
        for name in unsumming {
            found.push(format!(
                "the ledger of current rows: its entries for {name} are not the ones its buckets vouch for (a part \
                 of the file read as an older copy of itself)"
            ));
        }
        for (table, sum) in LEDGERED {
            let name = name(table, sum);
            let (older, missing) = self
                .rows_against_entries(table, sum, &name)
                .map_err(|e| self.err_in(&format!("the rows of {table}"), e))?;
            let older = older.len();
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

    /// The row ids of `table` that are not the ones its ledger entries (`name`) hold (an
    /// older copy of itself, or a row with no entry), and how many entries have no row:
    /// the table read without its indexes and the entries in key order, merged in one
    /// pass each (a lookup of each row's entry cost `tome db check` a descent of the
    /// ledger a row).
    pub(crate) fn rows_against_entries(
        &self,
        table: &str,
        sum: &str,
        name: &str,
    ) -> rusqlite::Result<(BTreeSet<i64>, i64)> {
        // A checksum that is not a number matches no entry.
        let read = |r: &rusqlite::Row<'_>| -> rusqlite::Result<(i64, Option<Option<i64>>)> {
            let held = match r.get_ref(1)? {
                rusqlite::types::ValueRef::Null => Some(None),
                rusqlite::types::ValueRef::Integer(v) => Some(Some(v)),
                _ => None,
            };
            Ok((r.get(0)?, held))
        };
        let conn = self.connection();
        let rows: Vec<(i64, Option<Option<i64>>)> = conn
            .prepare_cached(&format!("SELECT rowid, {sum} FROM {table} NOT INDEXED ORDER BY rowid"))?
            .query_map([], read)?
            .collect::<rusqlite::Result<_>>()?;
        let entries: Vec<(i64, Option<Option<i64>>)> = conn
            .prepare_cached("SELECT rid, sum FROM row_ledger WHERE tbl = ?1 ORDER BY rid")?
            .query_map([name], read)?
            .collect::<rusqlite::Result<_>>()?;
        let (mut older, mut missing) = (BTreeSet::new(), 0);
        let (mut rows, mut entries) = (rows.iter().peekable(), entries.iter().peekable());
        loop {
            match (rows.peek(), entries.peek()) {
                (Some(row), Some(entry)) if row.0 == entry.0 => {
                    if row.1.is_none() || row.1 != entry.1 {
                        older.insert(row.0);
                    }
                    rows.next();
                    entries.next();
                }
                (Some(row), Some(entry)) if row.0 < entry.0 => {
                    older.insert(row.0);
                    rows.next();
                }
                (Some(_), Some(_)) | (None, Some(_)) => {
                    missing += 1;
                    entries.next();
                }
                (Some(row), None) => {
                    older.insert(row.0);
                    rows.next();
                }
                (None, None) => return Ok((older, missing)),
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The buckets as the entries' triggers keep them, over inserts, updates and deletes.
    fn buckets(conn: &Connection) -> Vec<(String, i64, i64)> {
        let mut q =
            conn.prepare("SELECT tbl, bucket, digest FROM ledger_bucket WHERE digest <> 0 ORDER BY 1, 2").unwrap();
        q.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn the_upgrades_buckets_are_the_ones_the_triggers_keep() {
        let db = Db::open_in_memory().unwrap();
        let conn = db.connection();
        for i in 0..2_000i64 {
            conn.execute(
                "INSERT INTO row_ledger (tbl, rid, sum) VALUES ('character_revision', ?1, ?2)",
                [i * 3, i * 13],
            )
            .unwrap();
        }
        conn.execute("UPDATE row_ledger SET sum = sum + 1 WHERE tbl = 'character_revision' AND rid % 7 = 0", [])
            .unwrap();
        conn.execute("DELETE FROM row_ledger WHERE tbl = 'character_revision' AND rid % 5 = 0", []).unwrap();
        conn.execute("UPDATE row_ledger SET sum = NULL WHERE tbl = 'character_revision' AND rid % 11 = 0", []).unwrap();
        let kept = buckets(conn);
        assert!(kept.len() > 20, "the entries fill many buckets: {}", kept.len());
        assert!(db.ledger_unvouched().unwrap().is_empty(), "every bucket sums as the triggers keep it");
        db.ledger_fresh().unwrap();
        conn.execute("DELETE FROM ledger_bucket", []).unwrap();
        fill_buckets(conn).unwrap();
        assert_eq!(buckets(conn), kept, "the upgrade sums each bucket as the triggers do");
    }

    /// A read is refused only where the entries it leans on do not sum: a bucket changed
    /// refuses the rows of its 256 ids, and no other.
    #[test]
    fn a_bucket_that_does_not_sum_refuses_its_rows_alone() {
        let db = Db::open_in_memory().unwrap();
        let conn = db.connection();
        for rid in 0..1_000i64 {
            conn.execute("INSERT INTO row_ledger (tbl, rid, sum) VALUES ('doc_section', ?1, ?1)", [rid]).unwrap();
        }
        // An entry put back older, as a lost write leaves it (no trigger sees it).
        conn.execute_batch(
            "DROP TRIGGER row_ledger_update;
             UPDATE row_ledger SET sum = 7 WHERE tbl = 'doc_section' AND rid = 300;",
        )
        .unwrap();
        let err = db.ledger_vouches("doc_section", [299, 300]).unwrap_err();
        assert!(err.is_damage() && err.to_string().contains("doc_section"), "{err}");
        db.ledger_vouches("doc_section", [10, 600, 999]).unwrap();
        assert_eq!(db.ledger_unvouched_buckets("doc_section").unwrap(), BTreeSet::from([1]));
        assert_eq!(db.ledger_unvouched().unwrap(), BTreeSet::from([("doc_section".to_string(), 1)]));
    }
}
