//! The SQLite database: the one place that opens it, sets its pragmas and migrates it.

pub mod adversaries;
pub mod backup;
mod characters;
pub(crate) mod checked;
pub mod damage;
pub mod encounters;
pub mod foundry_kept;
mod heal;
pub mod ledger;
mod packs;
pub(crate) mod page_sums;
pub mod parties;
mod read;
mod records;
pub(crate) mod refresh;
mod screens;
pub(crate) mod sealed;
mod search;
pub use search::TableBodies;
mod settings;
pub mod starters;
mod tables;
mod textdocs;
mod write;
pub(crate) use write::Write;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use rusqlite::Connection;
use rusqlite_migration::{Migrations, M};

use crate::characters::fields::{keys, unbounded, FieldLabels, FieldRules};
use crate::error::{Error, Result};

/// Append-only migrations, in order. Never edit one that has shipped; add another.
const MIGRATIONS_SQL: &[&str] = &[
    include_str!("../../schema/0001_content.sql"),
    include_str!("../../schema/0002_search.sql"),
    include_str!("../../schema/0003_characters.sql"),
    include_str!("../../schema/0004_packs.sql"),
    include_str!("../../schema/0005_encounters.sql"),
    include_str!("../../schema/0006_encounter_modes.sql"),
    include_str!("../../schema/0007_search_cache.sql"),
    include_str!("../../schema/0008_encounter_checkpoints.sql"),
    include_str!("../../schema/0009_screens_parties.sql"),
    include_str!("../../schema/0010_encounter_parties.sql"),
    include_str!("../../schema/0011_doc_shared.sql"),
    include_str!("../../schema/0012_adversaries.sql"),
    include_str!("../../schema/0013_encounter_ended.sql"),
    include_str!("../../schema/0014_encounter_event_sums.sql"),
    include_str!("../../schema/0015_starter_adversaries.sql"),
    include_str!("../../schema/0016_alias_lookup.sql"),
    include_str!("../../schema/0017_character_sums.sql"),
    include_str!("../../schema/0018_encounter_newcomers.sql"),
    include_str!("../../schema/0019_encounter_reveal_offers.sql"),
    include_str!("../../schema/0020_user_sums.sql"),
    include_str!("../../schema/0021_encounter_table_totals.sql"),
    include_str!("../../schema/0022_page_sums.sql"),
    include_str!("../../schema/0023_weapon_horseback.sql"),
    include_str!("../../schema/0024_page_places.sql"),
    include_str!("../../schema/0025_more_user_sums.sql"),
    include_str!("../../schema/0026_every_row_sealed.sql"),
    include_str!("../../schema/0027_foundry_kept.sql"),
    include_str!("../../schema/0028_row_ledger.sql"),
    include_str!("../../schema/0029_ledger_buckets.sql"),
    include_str!("../../schema/0030_ledger_never_overwritten.sql"),
];

/// The migration after which every row of a sealed table carries its checksum: its hook
/// seals the rows older Tomes left without one ([`seal_unsealed`]).
const EVERY_ROW_SEALED: usize = 26;

/// The migration that sums the ledger of current rows in buckets: its hook fills the
/// buckets of the entries already there ([`ledger::fill_buckets`]).
const LEDGER_BUCKETS: usize = 29;

/// Seals every row that has no checksum (of the sealed tables, the character revisions
/// and the fight events): what the upgrade to `schema/0026_every_row_sealed.sql` does,
/// once, to the rows older Tomes wrote.
fn seal_unsealed(conn: &Connection) -> rusqlite::Result<()> {
    sealed::seal_unsealed_rows(conn)?;
    characters::seal_unsealed_revisions(conn)?;
    encounters::seal_unsealed_events(conn)
}

/// What every SQLite database file starts with.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// How much of the file [`Db::map_pages`] maps into memory.
const MAPPED_BYTES: i64 = 1 << 30;

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(
        (1..)
            .zip(MIGRATIONS_SQL)
            .map(|(n, sql)| match n {
                EVERY_ROW_SEALED => M::up_with_hook(sql, |tx: &rusqlite::Transaction<'_>| Ok(seal_unsealed(tx)?)),
                LEDGER_BUCKETS => M::up_with_hook(sql, |tx: &rusqlite::Transaction<'_>| Ok(ledger::fill_buckets(tx)?)),
                _ => M::up(sql),
            })
            .collect(),
    )
});

/// A list as far as it can be vouched for (issue 73): the rows that read whole, and for
/// each that does not (damaged, or changed since Tome wrote it) its damage, naming it. A
/// list never shows a changed value, and one damaged row does not hide the others.
#[derive(Debug)]
pub struct Vouched<T> {
    pub rows: Vec<T>,
    pub unread: Vec<Error>,
}

impl<T> Default for Vouched<T> {
    fn default() -> Self {
        Vouched { rows: Vec::new(), unread: Vec::new() }
    }
}

impl<T> Vouched<T> {
    /// Keeps one row's read: the row when it reads, its damage when it does not.
    ///
    /// # Errors
    /// Any other failure, which is the list's.
    pub fn push(&mut self, read: Result<T>) -> Result<()> {
        match read {
            Ok(row) => self.rows.push(row),
            Err(e) if e.is_damage() => self.unread.push(e),
            Err(e) => return Err(e),
        }
        Ok(())
    }

    /// The rows, each changed to what `f` makes of it.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Vouched<U> {
        Vouched { rows: self.rows.into_iter().map(f).collect(), unread: self.unread }
    }

    /// Every row, or the damage of those that do not read: the list whole or refused, for
    /// a caller that shows no list in part.
    ///
    /// # Errors
    /// The rows that do not read, named together ([`Error::together`]).
    pub fn whole(self) -> Result<Vec<T>> {
        match Error::together(self.unread) {
            Some(e) => Err(e),
            None => Ok(self.rows),
        }
    }
}

/// An open Tome database.
pub struct Db {
    conn: Connection,
    /// The path as shown in messages (`:memory:` for an in-memory database).
    label: String,
    /// The file, for a database on disk (backups go next to it).
    path: Option<PathBuf>,
    /// What saves hold sheet fields to; set by the layer that knows the game systems
    /// ([`Db::set_field_rules`]).
    pub(crate) field_rules: FieldRules,
    /// What the history calls sheet fields; set like the ranges ([`Db::set_field_labels`]).
    pub(crate) field_labels: FieldLabels,
    /// How a check reads back the JSON the layers above store ([`Db::set_stored_json`]).
    pub(crate) stored_json: damage::StoredJson,
    /// Opening checked the whole file (it was not the one Tome last closed whole), so the
    /// shipped rows are checked too before use (`damage.rs`).
    pub(crate) checked_at_open: bool,
    /// What the check at open found wrong only in rows of the tables that hold Tome's
    /// own content (a shipped row failing its constraints): healed from the content
    /// built into Tome before anything reads it ([`Db::heal_shipped_rows`]), not refused.
    pub(crate) shipped_rows_damaged: Vec<String>,
    /// What the check at open found wrong with pages rather than rows, when all of it is
    /// in tables Tome makes itself: the damaged tables, SQLite's words, and the refusal
    /// to give if they cannot be made again ([`Db::rebuild_tomes_tables`]).
    pub(crate) pages_damaged: Option<(std::collections::BTreeMap<String, String>, Vec<String>, Error)>,
    /// The user's tables the check at open found damaged, which nothing in Tome can make
    /// again (issue 73): left as they are for a restore, named by `tome db check`, while
    /// the rules and every record the damage did not reach still read (a read that meets
    /// a damaged page refuses it, `page_sums.rs`).
    pub(crate) quarantined: Vec<String>,
    /// Opening kept a backup of the file as it was (before a migration).
    backed_up_at_open: bool,
    /// A command's one transaction is open ([`Db::one_write_begin`]).
    in_one_write: std::sync::atomic::AtomicBool,
    /// The ledger was found the file's present by this open ([`Db::ledger_fresh`]).
    ledger_checked: std::sync::atomic::AtomicBool,
    /// The ledger's buckets found to sum to their digests by this open, and the tables
    /// whose every bucket was (`ledger.rs`).
    ledger_vouched: std::sync::Mutex<ledger::Vouched>,
    /// Keeps the generation the file is at beside it once the connection above has closed
    /// and the close folded its log in (`ledger.rs`).
    witness: Option<ledger::Witness>,
    /// Remembers the file as whole once the connection above has closed, unless damage
    /// was found in it (last, so it is dropped after the connection; see `checked.rs`).
    on_close: Option<checked::OnClose>,
    /// This process's share of the lock that says a Tome has the file open (after the
    /// above, so it is let go only once the file is closed and remembered).
    open_lock: Option<checked::Open>,
}

impl Db {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// A file that is not a SQLite database, a SQLite database of another program, one
    /// written by a newer Tome, or a damaged one is refused with
    /// [`Error::UnusableDatabase`] before anything is written to it. Before a migration
    /// changes an existing database, a copy is kept in `backups/` next to it (see
    /// [`Db::rolling_backup`]).
    ///
    /// # Errors
    /// The file cannot be opened or is not usable (as above), or a migration fails.
    pub fn open(path: &Path) -> Result<Db> {
        page_sums::register();
        let label = path.display().to_string();
        check_file(path, &label)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| Error::Io { path: dir.to_path_buf(), source })?;
        }
        // Before SQLite opens it (which creates the write-ahead log beside it). Another Tome
        // with the file open checked it as it opened it; its log is not a crash's.
        let (open, others) = checked::announce_open(path);
        if !others {
            backup::remove_killed_temps(path);
        }
        let known = if others { None } else { checked::whole(path) };
        let known_whole = others || known.is_some();
        let conn = Connection::open(path).map_err(|source| Error::sqlite(&label, source).at_open())?;
        let mut db = Db::setup(conn, label, Some(path.to_path_buf()), known_whole, known).map_err(Error::at_open)?;
        db.open_lock = Some(open);
        // Damage found at open is mended first (by the layer that holds the content);
        // the pages get their checksums at the next open.
        if !others && db.pages_damaged.is_none() && db.shipped_rows_damaged.is_empty() && db.quarantined.is_empty() {
            db.add_page_sums()?;
        }
        db.witness = Some(ledger::Witness::new(path.to_path_buf()));
        Ok(db)
    }

    /// A fresh private database in memory (for tests and one-off use).
    pub fn open_in_memory() -> Result<Db> {
        page_sums::register();
        let label = ":memory:".to_string();
        let conn = Connection::open_in_memory().map_err(|source| Error::sqlite(&label, source))?;
        Db::setup(conn, label, None, true, None)
    }

    /// `known_whole`: the file is the one Tome last saw whole, `known` its marker when
    /// that says so (see `checked.rs`).
    fn setup(
        conn: Connection,
        label: String,
        path: Option<PathBuf>,
        known_whole: bool,
        mut known: Option<String>,
    ) -> Result<Db> {
        let db_err = |source| Error::sqlite(&label, source);
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(db_err)?;
        // Room for every statement a fight runs (rusqlite keeps 16): its changes, the
        // entries its rules read, the character written to the sheets. One prepared again
        // costs more than running it, and at 64 a fight's turn still pushed some out.
        conn.set_prepared_statement_cache_capacity(256);
        // Nothing is written (not even the journal mode, which lives in the header) until
        // the file is known to be a healthy Tome database, or a new one.
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(db_err)?;
        let latest = Db::latest_schema_version();
        refuse_foreign(&conn, &label, version, latest)?;
        let mut db = Db {
            conn,
            label,
            path,
            field_rules: unbounded,
            field_labels: keys,
            stored_json: damage::unread_json,
            checked_at_open: false,
            shipped_rows_damaged: Vec::new(),
            pages_damaged: None,
            quarantined: Vec::new(),
            backed_up_at_open: false,
            in_one_write: std::sync::atomic::AtomicBool::new(false),
            ledger_checked: std::sync::atomic::AtomicBool::new(false),
            ledger_vouched: std::sync::Mutex::default(),
            witness: None,
            on_close: None,
            open_lock: None,
        };
        // The whole file is checked only when it is not the one Tome last saw whole (a
        // crash, another program) or is about to be migrated, so opening stays as fast
        // with years of characters as on the first day.
        if let Some(file) = db.path.clone().filter(|_| version > 0 && path_is_file(&db.path)) {
            if version < latest || !known_whole {
                db.check_whole_file(&file, &mut known, version < latest)?;
            }
        }
        if version > 0 && version < latest {
            db.backup_even_if_damaged(&format!("before-migration-v{version}"))?;
            db.backed_up_at_open = true;
        }
        // A new file's pages carry checksums from its first write (`page_sums.rs`); one
        // with pages already gets them from `Db::add_page_sums`.
        if version == 0 && db.path.as_ref().is_some_and(|p| std::fs::metadata(p).is_ok_and(|m| m.len() == 0)) {
            page_sums::reserve(&db.conn, Some(page_sums::RESERVE)).map_err(|e| Error::sqlite(&db.label, e))?;
        }
        db.migrate(known)
    }

    /// Checks the whole file, and says what is damaged: shipped rows to rewrite, pages
    /// to heal, or a refusal.
    fn check_whole_file(&mut self, file: &Path, known: &mut Option<String>, migrating: bool) -> Result<()> {
        checked::forget(file);
        // The full-text index is made from the entries: damage to it alone is
        // repaired as the shipped rows are (`damage.rs`), not refused.
        let problems = match quick_problems(&self.conn, &self.label) {
            Ok(p) => Ok(tables::beyond_repair(p)),
            Err(e) if e.is_damage() => Err(e),
            Err(e) => return Err(e),
        };
        // A shipped row that breaks its table's constraints is Tome's own to
        // rewrite (as the layer that holds the content does next).
        let (shipped, other): (Vec<String>, Vec<String>) = match &problems {
            Ok(p) => p.iter().cloned().partition(|p| tables::in_shipped_table(p)),
            Err(_) => (Vec::new(), Vec::new()),
        };
        if problems.is_err() || !other.is_empty() {
            // Until healed, or for good: a command killed before then leaves it
            // to be checked.
            checked::damaged(file);
            // Damage to pages rather than rows is Tome's to mend only when it
            // is all in tables Tome makes itself (`heal.rs`), which the layer
            // that holds the content does next; anything else refuses the file.
            let refusal = match problems {
                Ok(_) => Error::damaged_file(&self.label, &other),
                Err(e) => e,
            };
            match heal::damaged_tables(&self.conn) {
                Ok(tables) if heal::healable(&tables, &other) => {
                    self.pages_damaged = Some((tables, other, refusal));
                }
                // Damage only in the user's own tables (issue 73): refusing the file took
                // away the rules and every record the damage did not reach, and
                // `tome db check` with them. It is opened; each read that meets a damaged
                // page refuses, and the check names the tables. Not for a migration,
                // which would rewrite the tables it reads.
                Ok(tables) if !tables.is_empty() && !migrating && !tables.keys().any(|t| tables::tomes_own(t)) => {
                    self.quarantined = tables.into_keys().collect();
                }
                // Which tables are damaged says more than SQLite's words.
                Ok(tables) if !tables.is_empty() => return Err(heal::refusal(refusal, &tables)),
                _ => return Err(refusal),
            }
        } else if shipped.is_empty() {
            *known = checked::remember(file, &checked::own_pages(file));
        } else {
            checked::damaged(file);
            self.shipped_rows_damaged = shipped;
        }
        self.checked_at_open = true;
        Ok(())
    }

    /// Sets the journal and the checks SQLite keeps, and brings the schema to the latest.
    fn migrate(mut self, known: Option<String>) -> Result<Db> {
        let db_err = |source| Error::sqlite(&self.label, source);
        // journal_mode answers with the mode it set; in-memory databases stay "memory".
        let _mode: String = self.conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(db_err)?;
        self.conn.pragma_update(None, "foreign_keys", true).map_err(db_err)?;
        self.conn.pragma_update(None, "synchronous", "NORMAL").map_err(db_err)?;
        MIGRATIONS.to_latest(&mut self.conn).map_err(|source| Error::Migration { path: self.label.clone(), source })?;
        self.on_close = self.path.clone().map(|p| checked::OnClose::new(p, known));
        Ok(self)
    }

    /// Saves, imports and restores hold sheet fields to what `rules` gives (each
    /// system's layout).
    pub fn set_field_rules(&mut self, rules: FieldRules) {
        self.field_rules = rules;
    }

    /// Revision summaries and diffs name sheet fields as `labels` gives (each system's
    /// layout) rather than by their keys.
    pub fn set_field_labels(&mut self, labels: FieldLabels) {
        self.field_labels = labels;
    }

    /// Puts the connection back in a usable state after a command panicked while using
    /// it: a transaction left open is rolled back (normally its guard already did, while
    /// the panic unwound), then the file's structure is checked.
    ///
    /// # Errors
    /// The rollback fails, or the file is damaged.
    pub fn recover(&self) -> Result<()> {
        // A command's one transaction that a panic left open ends with it.
        self.in_one_write.store(false, std::sync::atomic::Ordering::Relaxed);
        if !self.conn.is_autocommit() {
            self.conn.execute_batch("ROLLBACK").map_err(|e| Error::sqlite(&self.label, e))?;
        }
        self.quick_check()
    }

    /// SQLite's own check of the file's structure (`PRAGMA quick_check`).
    ///
    /// # Errors
    /// [`Error::UnusableDatabase`] naming the first problems when it finds any.
    pub fn quick_check(&self) -> Result<()> {
        quick_check(&self.conn, &self.label)
    }

    /// Whether opening checked the whole file (it was not the one last closed whole):
    /// damage a command meets in a file opened without a check is looked for again by
    /// the next open, which heals what is Tome's own.
    pub fn checked_at_open(&self) -> bool {
        self.checked_at_open
    }

    /// Reads pages from the file mapped into memory from now on, for a process that runs
    /// one command and ends (the command line): a read of a page into SQLite's cache was
    /// a system call and a fresh page-sized buffer, much of what such a command's reads
    /// cost. Each mapped page's sum is checked as it is handed over (`page_sums::fetch`),
    /// every time, as mapped pages are not cached: a process that runs many queries (the
    /// app, the table) reads into the cache instead, where each page is checked once.
    pub fn map_pages(&self) -> Result<()> {
        self.conn.pragma_update(None, "mmap_size", MAPPED_BYTES).map_err(|e| self.err(e))
    }

    /// The database file, for a database on disk.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version (number of migrations applied).
    pub fn schema_version(&self) -> Result<i64> {
        self.conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| self.err(e))
    }

    /// How many migrations this build knows.
    pub fn latest_schema_version() -> i64 {
        MIGRATIONS_SQL.len() as i64
    }

    /// Seals the rows that have no checksum, as the upgrade to
    /// `schema/0026_every_row_sealed.sql` did to those older Tomes wrote: for tests that
    /// stand in for an older Tome's rows (written, then their checksums cleared), which
    /// any later read would otherwise call damage.
    ///
    /// # Errors
    /// The rows cannot be read or written.
    #[doc(hidden)]
    pub fn seal_unsealed(&self) -> Result<()> {
        seal_unsealed(self.connection()).map_err(|e| self.err(e))
    }

    pub(crate) fn err(&self, source: rusqlite::Error) -> Error {
        self.noticed(Error::sqlite(&self.label, source))
    }

    /// [`Db::err`] for a read of `record`, which a damaged value names.
    pub(crate) fn err_in(&self, record: &str, source: rusqlite::Error) -> Error {
        self.noticed(Error::sqlite_in(&self.label, record, source))
    }

    /// `e`, after marking the file damaged when `e` says it is: the next open checks it,
    /// and closing does not remember it as whole (`checked.rs`). Every command's error
    /// passes here on its way out (the command line's and the app's), as do the reads
    /// that meet the damage.
    pub fn noticed(&self, e: Error) -> Error {
        if e.is_damage() {
            self.found_damage();
        }
        e
    }

    /// What this connection found damaged was healed: the close remembers the file as
    /// whole again (unless more damage is found before it).
    pub(crate) fn healed(&self) {
        if let Some(close) = &self.on_close {
            close.healed();
        }
        if let Some(path) = &self.path {
            checked::forget(path);
        }
    }

    /// The file was found damaged (see [`Db::noticed`]).
    pub(crate) fn found_damage(&self) {
        match (&self.on_close, &self.path) {
            (Some(close), _) => close.found_damage(),
            (None, Some(path)) => checked::damaged(path),
            (None, None) => {}
        }
    }

    /// Every row of `rows`, each read by `read`. A row that does not read is named by
    /// `name`, which is given its key as text whatever damage that has: a list meeting
    /// one damaged record says which, rather than "a stored record".
    pub(crate) fn read_rows<T>(
        &self,
        rows: rusqlite::Result<rusqlite::Rows<'_>>,
        name: impl Fn(&rusqlite::Row<'_>) -> String,
        mut read: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>> {
        let mut rows = rows.map_err(|e| self.err(e))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().map_err(|e| self.err(e))? {
            out.push(read(row).map_err(|e| self.err_in(&name(row), e))?);
        }
        Ok(out)
    }

    pub(crate) fn label(&self) -> &str {
        &self.label
    }

    /// A number that changes whenever another connection (another `tome` process) has
    /// committed to the file: sharing with the table follows a game master working from
    /// the command line by it.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn data_version(&self) -> Result<i64> {
        self.conn
            .prepare_cached("PRAGMA data_version")
            .and_then(|mut s| s.query_row([], |r| r.get(0)))
            .map_err(|e| self.err(e))
    }

    /// How many rows this connection has inserted, updated or deleted since it opened
    /// (through triggers too): it moves with every write made through it, by Tome or by
    /// raw SQL, where [`Db::data_version`] moves only for other connections' commits.
    pub fn writes(&self) -> u64 {
        self.conn.total_changes()
    }

    /// Raw access for tests and checks that need SQL the API does not offer.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

fn path_is_file(path: &Option<PathBuf>) -> bool {
    path.as_ref().is_some_and(|p| p.is_file())
}

/// Refuses a path that is not a regular file, or a file that does not start like a SQLite
/// database, without opening it (SQLite would happily "open" any file and fail later).
/// A missing or empty file is fine: it becomes a new database.
fn check_file(path: &Path, label: &str) -> Result<()> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => return Err(Error::Io { path: path.to_path_buf(), source }),
    };
    if meta.is_dir() {
        return Err(Error::unusable(label, "it is a folder, not a database file"));
    }
    if !meta.is_file() {
        return Err(Error::unusable(label, "it is not a regular file"));
    }
    if meta.len() == 0 {
        // An empty file is a new database, unless Tome last saw it holding one: then its
        // content was lost (a crash, a full disk, a copy cut short), and making a fresh
        // database over it would answer "no characters yet" where the user's were
        // (review 77's attack). Nothing is written to it.
        return match checked::last_seen_size(path) {
            Some(size) if size > 0 => {
                let held = if size == u64::MAX { "a database".to_string() } else { format!("{size} bytes") };
                let why = format!(
                    "it is empty, though Tome last saw it holding {held}: its content was lost, and Tome writes \
                     nothing over it"
                );
                Err(Error::unusable(label, why).at_open())
            }
            _ => Ok(()),
        };
    }
    let mut head = Vec::with_capacity(16);
    std::fs::File::open(path)
        .and_then(|f| f.take(16).read_to_end(&mut head))
        .map_err(|source| Error::Io { path: path.to_path_buf(), source })?;
    if head.as_slice() != SQLITE_HEADER {
        return Err(Error::unusable(label, "it is not a SQLite database"));
    }
    Ok(())
}

/// `PRAGMA quick_check` on any connection: [`Error::UnusableDatabase`] naming the first
/// problems, for the database being opened and for a backup about to be restored.
pub(crate) fn quick_check(conn: &Connection, label: &str) -> Result<()> {
    let problems = quick_problems(conn, label)?;
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::damaged_file(label, &problems))
    }
}

/// The first problems `PRAGMA quick_check` finds; none when the file is whole.
pub(crate) fn quick_problems(conn: &Connection, label: &str) -> Result<Vec<String>> {
    let mut problems: Vec<String> = conn
        .prepare("PRAGMA quick_check(5)")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(|e| Error::sqlite(label, e))?;
    if problems == ["ok"] {
        problems.clear();
    }
    Ok(problems)
}

/// Refuses a file written by a newer Tome or by another program, before anything is
/// written to it.
fn refuse_foreign(conn: &Connection, label: &str, version: i64, latest: i64) -> Result<()> {
    let db_err = |source| Error::sqlite(label, source);
    if version > latest {
        return Err(Error::unusable(
            label,
            format!("it was written by a newer Tome (schema version {version}; this Tome knows up to {latest})"),
        ));
    }
    if version == 0 {
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 6")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(db_err)?;
        if !tables.is_empty() {
            return Err(Error::unusable(
                label,
                format!(
                    "it is a SQLite database of another program (it has tables {}, and no Tome schema)",
                    tables.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().unwrap();
    }
}
