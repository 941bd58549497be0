//! When opening must check the file's structure, and when it need not.
//!
//! `PRAGMA quick_check` reads the whole file, so running it at every open would make
//! every command slower as the user's data grows. Instead Tome remembers the file as it
//! last saw it whole: a marker beside it (`tome.db-checked`) holding the file's size and
//! modification time, written after a check passed and when Tome closes the file cleanly
//! (the last connection gone, so its write-ahead log is folded in and removed). Opening
//! checks the file only when it is not that file any more: changed by something else,
//! or left with a write-ahead log by a crash (the log is then part of what is checked).
//!
//! A write-ahead log is also there while another Tome has the file open (the app while
//! the command line runs): every open Tome holds
//! a shared lock on `tome.db-lock`, so one that finds the lock held knows the log is a
//! live one, and that the file was checked when the first of them opened it.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// The marker beside the database at `db`.
fn marker(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-checked");
    PathBuf::from(name)
}

/// The file's size and modification time, if it has no write-ahead log beside it (with
/// one, the file alone is not what SQLite reads).
fn stamp(db: &Path) -> Option<String> {
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    if Path::new(&wal).exists() {
        return None;
    }
    let meta = std::fs::metadata(db).ok()?;
    let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
    Some(format!("{} {}", meta.len(), modified.as_nanos()))
}

/// Whether the file at `db` is the one last seen whole, so opening need not check it.
pub(crate) fn unchanged(db: &Path) -> bool {
    stamp(db).is_some_and(|now| std::fs::read_to_string(marker(db)).is_ok_and(|seen| seen == now))
}

/// This process's share of the lock that says a Tome has the file open; released when
/// the connection closes (it is dropped with it).
pub(crate) struct Open(#[allow(dead_code, reason = "held for its lock")] Option<File>);

/// Takes this process's share of the open-file lock beside `db`, and says whether another
/// Tome had the file open already. A lock that cannot be taken (a read-only folder, a file
/// system without locks) answers "no other": the file is then checked as before.
pub(crate) fn announce_open(db: &Path) -> (Open, bool) {
    let mut name = db.as_os_str().to_owned();
    name.push("-lock");
    let Ok(file) = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(PathBuf::from(name))
    else {
        return (Open(None), false);
    };
    let others = match file.try_lock() {
        Ok(()) => {
            // Alone: keep a shared lock, as every open Tome does. (Another may take the
            // exclusive lock in the moment between; it then checks the file, needlessly.)
            let _ = file.unlock();
            false
        }
        Err(TryLockError::WouldBlock) => true,
        Err(TryLockError::Error(_)) => return (Open(None), false),
    };
    match file.lock_shared() {
        Ok(()) => (Open(Some(file)), others),
        Err(_) => (Open(None), others),
    }
}

/// Remembers the file at `db` as whole (after a check passed, or a clean close). A marker
/// that cannot be written only means the next open checks again.
pub(crate) fn remember(db: &Path) {
    match stamp(db) {
        Some(now) => {
            let _ = std::fs::write(marker(db), now);
        }
        None => forget(db),
    }
}

/// The file is not known to be whole (a check is due at the next open).
pub(crate) fn forget(db: &Path) {
    let _ = std::fs::remove_file(marker(db));
}

/// Remembers the file when the connection it follows closes: declared after the
/// connection in [`super::Db`], so it is dropped after it.
pub(crate) struct OnClose(pub(crate) PathBuf);

impl Drop for OnClose {
    fn drop(&mut self) {
        remember(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tome;

    #[test]
    fn a_file_closed_cleanly_is_not_checked_again_and_one_changed_since_is() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tome.db");
        drop(Tome::open(&db).unwrap());
        assert!(unchanged(&db), "a clean close remembers the file");
        {
            let _open = Tome::open(&db).unwrap();
            assert!(!unchanged(&db), "while open, the log is part of the file");
        }
        assert!(unchanged(&db));
        // Another program touches the file: the next open checks it.
        let bytes = std::fs::read(&db).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&db, &bytes).unwrap();
        assert!(!unchanged(&db));
        drop(Tome::open(&db).unwrap());
        assert!(unchanged(&db), "checked and remembered again");
    }

    #[test]
    fn a_second_tome_on_an_open_file_knows_the_log_is_live() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tome.db");
        let (alone, others) = announce_open(&db);
        assert!(!others, "nobody had it open");
        let (second, others) = announce_open(&db);
        assert!(others, "the first still has it open");
        drop(alone);
        drop(second);
        let (_again, others) = announce_open(&db);
        assert!(!others, "both closed: a log found now is a crash's");
    }
}
