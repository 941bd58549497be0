//! Backups of the user's database, with SQLite's online backup API (a consistent copy
//! even while the database is open): a rolling set kept next to the database before
//! anything risky (a migration, a pack import or removal, a document import, a
//! restore), copies on request, and restoring one.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};
use serde::Serialize;

use super::{Db, SQLITE_HEADER};
use crate::error::{Error, Result};

/// How many rolling backups are kept; the oldest go first.
pub const KEEP_BACKUPS: usize = 5;
/// The folder next to the database that holds the rolling backups.
pub const BACKUP_DIR: &str = "backups";

/// One rolling backup.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct BackupFile {
    #[serde(serialize_with = "crate::files::path_text")]
    pub path: PathBuf,
    pub bytes: u64,
}

impl Db {
    /// Where rolling backups of this database go (`backups/` next to it); `None` for an
    /// in-memory database.
    pub fn backup_dir(&self) -> Option<PathBuf> {
        let path = self.path.as_ref()?;
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        Some(dir.join(BACKUP_DIR))
    }

    /// Copies the whole database into a new file `dest`.
    ///
    /// The copy is written to a temporary file beside `dest` and renamed into place
    /// when complete, so `dest` is never a half-written database.
    ///
    /// # Errors
    /// `dest` already exists (it is never overwritten), or the copy fails.
    pub fn backup_to(&self, dest: &Path) -> Result<()> {
        if dest.exists() {
            return Err(Error::InvalidInput(format!(
                "{} already exists; a backup never overwrites a file, so choose another name",
                dest.display()
            )));
        }
        let tmp = temp_beside(dest);
        let result = self.copy_into(&tmp).and_then(|()| {
            std::fs::rename(&tmp, dest).map_err(|source| Error::Io { path: dest.to_path_buf(), source })?;
            crate::files::sync_folder(dest.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
            Ok(())
        });
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }

    fn copy_into(&self, file: &Path) -> Result<()> {
        copy_db(&self.conn, &self.label, file)
    }

    /// SQLite's full check of the file (`PRAGMA integrity_check`) and of every foreign
    /// key: what is wrong, or nothing.
    pub fn integrity_problems(&self) -> Result<Vec<String>> {
        let mut problems: Vec<String> = self
            .conn
            .prepare("PRAGMA integrity_check(20)")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| self.err(e))?;
        if problems == ["ok"] {
            problems.clear();
        }
        let broken: i64 = self
            .conn
            .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0))
            .map_err(|e| self.err(e))?;
        if broken > 0 {
            problems.push(format!("{broken} {}", super::tables::DANGLING));
        }
        Ok(problems)
    }

    /// Keeps a copy of the database in [`Db::backup_dir`], named after the time and
    /// `reason`, and deletes all but the newest [`KEEP_BACKUPS`]. Returns the copy's
    /// path (`None` for an in-memory database or an empty new one).
    ///
    /// The file is checked first (SQLite's quick check and a read of every user row): a
    /// copy of a damaged file would push a good backup out, and five of them every good
    /// one, so none is made.
    ///
    /// # Errors
    /// The file is damaged (the damaged-database message, naming what), or the copy
    /// cannot be written. Either way the caller should not go on with what it was about
    /// to do.
    pub fn rolling_backup(&self, reason: &str) -> Result<Option<PathBuf>> {
        self.backup_checked(reason, false)
    }

    /// [`Db::rolling_backup`] before a change that must go on whatever the file's state
    /// (a restore, which is how damage is undone; a migration at open). A damaged file is
    /// kept as `damaged-tome-….db` beside the backups: out of their list, so it is never
    /// offered for a restore nor counted, and no good backup is deleted for it.
    pub(crate) fn backup_even_if_damaged(&self, reason: &str) -> Result<Option<PathBuf>> {
        self.backup_checked(reason, true)
    }

    fn backup_checked(&self, reason: &str, keep_damaged: bool) -> Result<Option<PathBuf>> {
        let Some(dir) = self.backup_dir() else { return Ok(None) };
        if self.path.as_ref().is_some_and(|p| std::fs::metadata(p).map(|m| m.len() == 0).unwrap_or(true)) {
            return Ok(None);
        }
        let damage = self.user_damage()?;
        let prefix = match damage {
            Some(e) if !keep_damaged => return Err(e),
            Some(_) => "damaged-tome",
            None => "tome",
        };
        std::fs::create_dir_all(&dir).map_err(|source| Error::Io { path: dir.clone(), source })?;
        let reason: String = crate::slug::slugify(reason).chars().take(40).collect();
        let stamp = utc_stamp(SystemTime::now());
        let mut dest = dir.join(format!("{prefix}-{stamp}-{reason}.db"));
        let mut n = 2;
        while dest.exists() {
            dest = dir.join(format!("{prefix}-{stamp}-{reason}-{n}.db"));
            n += 1;
        }
        self.backup_to(&dest)?;
        if prefix == "tome" {
            prune(&dir)?;
        }
        Ok(Some(dest))
    }

    /// What makes this file unfit to be a rolling backup (and what a restore would be
    /// needed for), as the damaged-database error:
    /// SQLite's quick check, then a read of every user row and the schema against the
    /// migrations'. (Shipped rows are left out:
    /// they heal from the content built into Tome at any check of the restored file.) A
    /// file at an older schema, about to be migrated, lacks tables the read knows, so it
    /// gets the quick check alone.
    pub(crate) fn user_damage(&self) -> Result<Option<Error>> {
        match self.quick_check() {
            Err(e) if e.is_damage() => return Ok(Some(e)),
            Err(e) => return Err(e),
            Ok(()) => {}
        }
        if self.schema_version()? != Db::latest_schema_version() {
            return Ok(None);
        }
        let damaged = self.damaged_user_records()?;
        let structure = self.schema_differences()?;
        Ok(super::records::DbCheck { damaged, structure, ..Default::default() }.damage(&self.label))
    }

    /// The rolling backups, newest first.
    pub fn backups(&self) -> Result<Vec<BackupFile>> {
        match &self.path {
            Some(path) => backups_beside(path),
            None => Ok(Vec::new()),
        }
    }

    /// Replaces this database's content with that of `file`, a Tome database (a backup).
    ///
    /// `file` is checked first (a SQLite database, undamaged, with Tome's schema at a
    /// version this Tome knows); then the current database is kept as a rolling backup,
    /// and the copy is made in one write transaction. The restored database may be at
    /// an older schema: open it again ([`Db::open`]) to migrate it.
    ///
    /// # Errors
    /// `file` is not a usable Tome database (nothing is changed), or the copy fails.
    pub fn restore_from(&mut self, file: &Path) -> Result<Option<PathBuf>> {
        let label = file.display().to_string();
        let src = open_backup(file, &label)?;
        if self.path.as_deref().is_some_and(|p| same_file(p, file)) {
            return Err(Error::InvalidInput(format!("{label} is the database itself; restore from a copy")));
        }
        self.restore_conn(&src)
    }

    fn restore_conn(&mut self, src: &Connection) -> Result<Option<PathBuf>> {
        let kept = self.backup_even_if_damaged("before-restore")?;
        let label = self.label.clone();
        {
            // The file being replaced may have pages whose checksums fail, which SQLite
            // reads before it writes over them.
            let _unchecked = super::page_sums::Unchecked::new(&self.conn);
            let backup = Backup::new(src, &mut self.conn).map_err(|e| Error::sqlite(&label, e))?;
            copy_all(&backup).map_err(|e| Error::sqlite(&label, e))?;
        }
        // An older file put back on purpose: its own generation is the one to keep.
        if let Some(path) = &self.path {
            super::ledger::forget(path);
        }
        Ok(kept)
    }
}

/// What [`restore`] did with the database it replaced.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Restored {
    /// Where the replaced database is kept (a rolling backup, or the unusable file
    /// moved aside), if there was one.
    #[serde(serialize_with = "crate::files::maybe_path_text")]
    pub kept: Option<PathBuf>,
}

/// Replaces the database at `db_path` with the backup `from` (checked first: nothing is
/// touched when it is not a usable Tome database).
///
/// A healthy database is kept as a rolling backup and overwritten in one write
/// transaction. One that cannot be opened (damaged, not a database) is moved aside into
/// `backups/` whole and the backup copied into its place, so nothing is lost either way.
/// Open the database afterwards ([`Db::open`]) to migrate a backup from an older Tome.
///
/// # Errors
/// `from` is not a usable Tome database, or a copy fails.
pub fn restore(db_path: &Path, from: &Path) -> Result<Restored> {
    let label = from.display().to_string();
    let src = open_backup(from, &label).map_err(|e| {
        if !e.is_damage() {
            return e;
        }
        // The backup chosen is damaged: the next newest (or, for a file from elsewhere,
        // the newest) is offered instead.
        let kept = backups_beside(db_path).unwrap_or_default();
        let at = kept.iter().position(|b| same_file(&b.path, from));
        let next = match at {
            Some(i) => kept.get(i + 1),
            None => kept.first(),
        };
        e.advising(crate::error::Advice::AnotherBackup(next.map(|b| b.path.display().to_string())))
    })?;
    if same_file(db_path, from) {
        return Err(Error::InvalidInput(format!("{label} is the database itself; restore from a copy")));
    }
    match Db::open(db_path) {
        Ok(mut db) => Ok(Restored { kept: db.restore_conn(&src)? }),
        Err(Error::UnusableDatabase { .. }) => {
            let dir = db_path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).join(BACKUP_DIR);
            std::fs::create_dir_all(&dir).map_err(|source| Error::Io { path: dir.clone(), source })?;
            let aside = dir.join(format!("tome-{}-unusable.db", utc_stamp(SystemTime::now())));
            let tmp = temp_beside(db_path);
            copy_db(&src, &label, &tmp)?;
            std::fs::rename(db_path, &aside).map_err(|source| Error::Io { path: db_path.to_path_buf(), source })?;
            // Paths are bytes: a name that is not UTF-8 keeps its own side files.
            let with = |p: &Path, ext: &str| {
                let mut name = p.as_os_str().to_owned();
                name.push(ext);
                PathBuf::from(name)
            };
            for ext in ["-wal", "-shm"] {
                let side = with(db_path, ext);
                if side.exists() {
                    let _ = std::fs::rename(&side, with(&aside, ext));
                }
            }
            std::fs::rename(&tmp, db_path).map_err(|source| Error::Io { path: db_path.to_path_buf(), source })?;
            super::ledger::forget(db_path);
            Ok(Restored { kept: Some(aside) })
        }
        Err(e) => Err(e),
    }
}

/// Runs a backup to the end in one step: all pages at once (one read transaction on the
/// source, one write transaction on the copy). While another connection holds a lock,
/// each step waits out the connections' busy timeout, then rusqlite tries again.
fn copy_all(backup: &Backup) -> rusqlite::Result<()> {
    backup.run_to_completion(std::ffi::c_int::MAX, Duration::from_millis(10), None)
}

/// Copies the database of `src` into the new file `file` with the online backup API.
fn copy_db(src: &Connection, label: &str, file: &Path) -> Result<()> {
    let io = |source| Error::Io { path: file.to_path_buf(), source };
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let shown = file.display().to_string();
    let mut dst = Connection::open(file).map_err(|e| Error::sqlite(&shown, e))?;
    // The copy's first page is written before any other, reserving what the source's
    // pages reserve: a page the copy writes early (SQLite's cache full) then gets its
    // checksum from the header already on disk (`page_sums.rs`).
    let reserve = super::page_sums::reserve(src, None).map_err(|e| Error::sqlite(label, e))?;
    super::page_sums::reserve(&dst, Some(reserve)).map_err(|e| Error::sqlite(&shown, e))?;
    dst.pragma_update(None, "user_version", 0).map_err(|e| Error::sqlite(&shown, e))?;
    {
        let backup = Backup::new(src, &mut dst).map_err(|e| Error::sqlite(label, e))?;
        copy_all(&backup).map_err(|e| Error::sqlite(label, e))?;
    }
    // A self-contained file: no WAL beside it.
    let _: String =
        dst.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0)).map_err(|e| Error::sqlite(&shown, e))?;
    dst.close().map_err(|(_, e)| Error::sqlite(&shown, e))?;
    std::fs::File::open(file).and_then(|f| f.sync_all()).map_err(io)?;
    Ok(())
}

/// Opens `file` read-only after checking it is an undamaged Tome database.
fn open_backup(file: &Path, label: &str) -> Result<Connection> {
    super::page_sums::register();
    let meta = std::fs::metadata(file).map_err(|source| Error::Io { path: file.to_path_buf(), source })?;
    if meta.is_dir() {
        return Err(Error::unusable(label, "it is a folder, not a database file"));
    }
    if !meta.is_file() {
        return Err(Error::unusable(label, "it is not a regular file"));
    }
    let mut head = Vec::with_capacity(16);
    {
        use std::io::Read;
        std::fs::File::open(file)
            .and_then(|f| f.take(16).read_to_end(&mut head))
            .map_err(|source| Error::Io { path: file.to_path_buf(), source })?;
    }
    if head.as_slice() != SQLITE_HEADER {
        return Err(Error::unusable(label, "it is not a SQLite database"));
    }
    let conn = Connection::open_with_flags(file, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| Error::sqlite(label, e))?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| Error::sqlite(label, e))?;
    let latest = Db::latest_schema_version();
    if version > latest {
        return Err(Error::unusable(
            label,
            format!("it was written by a newer Tome (schema version {version}; this Tome knows up to {latest})"),
        ));
    }
    let tome_tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('game_system', 'entry', 'content_meta')",
            [],
            |r| r.get(0),
        )
        .map_err(|e| Error::sqlite(label, e))?;
    if version < 1 || tome_tables < 3 {
        return Err(Error::unusable(label, "it is not a Tome database"));
    }
    super::quick_check(&conn, label)?;
    Ok(conn)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Removes what a killed backup left in the rolling backups' folder beside the database
/// at `db` (a half-written copy, `.NAME.PID.tmp`, and SQLite's journal beside it): a
/// killed pack import or removal backs up first, and its leftovers would stay until the
/// next backup. Called at open when no other Tome has the file open, so no copy still
/// being written is taken. What cannot be removed is left for the next open.
pub(crate) fn remove_killed_temps(db: &Path) {
    let dir = db.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).join(BACKUP_DIR);
    let Ok(entries) = std::fs::read_dir(&dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if is_killed_temp(&name.to_string_lossy()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether `name` is one [`temp_beside`] gives (or SQLite's journal, log or shared memory
/// beside it) of a process that is gone. Another database in the same folder shares
/// `backups/`, and its Tome may be writing a copy there right now: a temporary file of a
/// process still running is left to it (found so where the system says, `/proc`).
fn is_killed_temp(name: &str) -> bool {
    let Some(rest) = name.strip_prefix('.') else { return false };
    let rest = ["-journal", "-wal", "-shm"].iter().find_map(|s| rest.strip_suffix(s)).unwrap_or(rest);
    let Some(rest) = rest.strip_suffix(".tmp") else { return false };
    let Some((_, pid)) = rest.rsplit_once('.') else { return false };
    !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) && !process_running(pid)
}

/// Whether the process `pid` is running, where the system says (Linux's `/proc`);
/// elsewhere, none is taken for running.
fn process_running(pid: &str) -> bool {
    let proc = Path::new("/proc");
    proc.join("self").exists() && proc.join(pid).exists()
}

fn temp_beside(dest: &Path) -> PathBuf {
    let name = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "backup".into());
    dest.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// The backups in `dir`, oldest first: (modified, path, bytes).
fn list(dir: &Path) -> Result<Vec<(SystemTime, PathBuf, u64)>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(Error::Io { path: dir.to_path_buf(), source }),
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !(name.starts_with("tome-") && name.ends_with(".db")) {
            continue;
        }
        if let Ok(meta) = entry.metadata() {
            if meta.is_file() {
                out.push((meta.modified().unwrap_or(UNIX_EPOCH), entry.path(), meta.len()));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Deletes all but the newest [`KEEP_BACKUPS`] backups, and temporary files that an
/// interrupted backup left behind (with the journal SQLite was writing beside one).
fn prune(dir: &Path) -> Result<()> {
    let backups = list(dir)?;
    let excess = backups.len().saturating_sub(KEEP_BACKUPS);
    for (_, path, _) in backups.into_iter().take(excess) {
        std::fs::remove_file(&path).map_err(|source| Error::Io { path, source })?;
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        let me = format!(".{}.tmp", std::process::id());
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let tmp = ["-journal", "-wal", "-shm"].iter().find_map(|j| name.strip_suffix(j)).unwrap_or(&name);
            if name.starts_with(".tome-") && tmp.ends_with(".tmp") && !tmp.ends_with(&me) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    Ok(())
}

/// `2026-05-20T10-31-02Z`: a UTC time that sorts as text and is a valid file name.
fn utc_stamp(t: SystemTime) -> String {
    jiff::Timestamp::try_from(t).unwrap_or(jiff::Timestamp::UNIX_EPOCH).strftime("%Y-%m-%dT%H-%M-%SZ").to_string()
}

/// The rolling backups kept beside the database at `db_path`, newest first, without
/// opening it (it may be unusable). Files moved aside as unusable are left out.
///
/// # Errors
/// The backups folder cannot be read.
pub fn backups_beside(db_path: &Path) -> Result<Vec<BackupFile>> {
    let dir = db_path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).join(BACKUP_DIR);
    Ok(list(&dir)?
        .into_iter()
        .rev()
        .filter(|(_, path, _)| !path.to_string_lossy().ends_with("-unusable.db"))
        .map(|(_, path, bytes)| BackupFile { path, bytes })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_calendar_dates() {
        assert_eq!(utc_stamp(UNIX_EPOCH), "1970-01-01T00-00-00Z");
        assert_eq!(utc_stamp(UNIX_EPOCH + Duration::from_secs(951_782_400 + 3_723)), "2000-02-29T01-02-03Z");
        assert_eq!(utc_stamp(UNIX_EPOCH + Duration::from_secs(1_779_273_062)), "2026-05-20T10-31-02Z");
    }
}
