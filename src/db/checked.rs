//! When opening must check the file's structure, and when it need not.
//!
//! `PRAGMA quick_check` reads and parses the whole file, so running it at every open would
//! make every command slower as the user's data grows. Instead Tome remembers the file as
//! it last saw it whole: a marker beside it (`tome.db-checked`) holding the file's size,
//! modification time and a CRC-32 of every byte, written after a check passed and when
//! Tome closes the file cleanly (the last connection gone, so its write-ahead log is
//! folded in and removed). Opening checks the file only when it is not that file any
//! more: changed by something else, or left with a write-ahead log by a crash (the log is
//! then part of what is checked).
//!
//! Size and time alone are not enough: a failing disk, or a damaged copy restored with
//! its time kept, changes bytes and neither. The CRC is what tells: of every byte of a
//! file up to 4 MB (any change to such a file is seen), of 4 MB of pages spread from the
//! first to the last in a larger one, so an open costs about a millisecond more at any
//! size. A clean close that wrote nothing (the file's size and time as at open) keeps the
//! fingerprint it opened with rather than reading the file again. In a larger file a
//! change to a page between those read is not seen at open; DESIGN.md says what holds
//! then.
//!
//! Damage a command finds (a read that cannot decode a value, `db check`) puts
//! [`DAMAGED`] in the marker at once: nothing matches it, and only a check that passes
//! replaces it, so no clean close, of this process or another Tome with the file open,
//! marks a damaged file as whole.
//!
//! A write-ahead log is also there while another Tome has the file open (the app while
//! the command line runs): every open Tome holds
//! a shared lock on `tome.db-lock`, so one that finds the lock held knows the log is a
//! live one, and that the file was checked when the first of them opened it.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// What the marker holds once a command found the file damaged.
const DAMAGED: &str = "damaged\n";

/// The marker beside the database at `db`.
fn marker(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-checked");
    PathBuf::from(name)
}

/// The file's size and modification time, if it has no write-ahead log beside it (with
/// one, the file alone is not what SQLite reads).
fn size_and_time(db: &Path) -> Option<String> {
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    if Path::new(&wal).exists() {
        return None;
    }
    let meta = std::fs::metadata(db).ok()?;
    let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
    Some(format!("{} {}", meta.len(), modified.as_nanos()))
}

/// How much of the file the fingerprint reads: all of it up to this size (the shipped
/// content is 1.5 MB), else this much in pages spread evenly from the first to the last.
/// Reading it costs about a millisecond, whatever the size of the file.
const FINGERPRINT_BYTES: u64 = 4 << 20;

/// A CRC-32 of the file's bytes: all of them, or for a file larger than
/// [`FINGERPRINT_BYTES`], pages spread over it.
fn crc(db: &Path) -> Option<u32> {
    use std::io::{Seek, SeekFrom};
    let mut file = File::open(db).ok()?;
    let len = file.metadata().ok()?.len();
    let mut hasher = crc32fast::Hasher::new();
    if len <= FINGERPRINT_BYTES {
        let mut all = Vec::with_capacity(len as usize);
        file.read_to_end(&mut all).ok()?;
        hasher.update(&all);
        return Some(hasher.finalize());
    }
    // The page size is in the header (big-endian at 16; 1 means 65,536).
    let mut head = [0u8; 18];
    file.read_exact(&mut head).ok()?;
    let page = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n if n >= 512 && n.is_power_of_two() => u64::from(n),
        _ => 4096,
    };
    let pages = len / page;
    let sampled = (FINGERPRINT_BYTES / page).clamp(2, pages);
    let mut buf = vec![0; page as usize];
    for i in 0..sampled {
        // The last read ends at the file's end, whole pages or not.
        let at = if i + 1 == sampled { len - page } else { i * (pages - 1) / (sampled - 1) * page };
        file.seek(SeekFrom::Start(at)).ok()?;
        file.read_exact(&mut buf).ok()?;
        hasher.update(&buf);
    }
    Some(hasher.finalize())
}

/// The file as the marker records it: size, time and CRC.
fn stamp(db: &Path) -> Option<String> {
    let head = size_and_time(db)?;
    Some(format!("{head} {:08x}", crc(db)?))
}

/// The marker, when it records the file at `db` as it is now (the file is the one last
/// seen whole, so opening need not check it). The file is read for its CRC only when its
/// size and time match.
pub(crate) fn whole(db: &Path) -> Option<String> {
    let seen = std::fs::read_to_string(marker(db)).ok()?;
    let head = size_and_time(db)?;
    let same_size_and_time = seen.strip_prefix(&head).is_some_and(|rest| rest.starts_with(' '));
    (same_size_and_time && stamp(db).as_deref() == Some(seen.as_str())).then_some(seen)
}

/// Whether the file at `db` is the one last seen whole.
#[cfg(test)]
pub(crate) fn unchanged(db: &Path) -> bool {
    whole(db).is_some()
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

/// Remembers the file at `db` as whole (after a check passed, or a clean close), and
/// answers what the marker now holds. A marker that cannot be written only means the next
/// open checks again.
pub(crate) fn remember(db: &Path) -> Option<String> {
    match stamp(db) {
        Some(now) => std::fs::write(marker(db), &now).is_ok().then_some(now),
        None => {
            forget(db);
            None
        }
    }
}

/// The file is not known to be whole (a check is due at the next open).
pub(crate) fn forget(db: &Path) {
    let _ = std::fs::remove_file(marker(db));
}

/// The file was found damaged: the next open checks it, and no clean close says otherwise
/// until a check passes.
pub(crate) fn damaged(db: &Path) {
    if std::fs::write(marker(db), DAMAGED).is_err() {
        forget(db);
    }
}

/// Whether a command found the file at `db` damaged since a check last passed.
fn known_damaged(db: &Path) -> bool {
    std::fs::read_to_string(marker(db)).is_ok_and(|m| m == DAMAGED)
}

/// Remembers the file when the connection it follows closes: declared after the
/// connection in [`super::Db`], so it is dropped after it.
pub(crate) struct OnClose {
    path: PathBuf,
    /// The marker as it was when this connection opened the file, once known whole.
    known: Option<String>,
    /// This connection met damage in the file ([`OnClose::found_damage`]).
    damaged: AtomicBool,
}

impl OnClose {
    pub(crate) fn new(path: PathBuf, known: Option<String>) -> OnClose {
        OnClose { path, known, damaged: AtomicBool::new(false) }
    }

    /// Marks the file damaged now (a command killed later leaves no marker that matches),
    /// and keeps the close from remembering it.
    pub(crate) fn found_damage(&self) {
        self.damaged.store(true, Ordering::SeqCst);
        damaged(&self.path);
    }
}

impl Drop for OnClose {
    fn drop(&mut self) {
        if self.damaged.load(Ordering::SeqCst) || known_damaged(&self.path) {
            return;
        }
        // Nothing was written since the open knew the file whole: its fingerprint holds.
        if let (Some(known), Some(now)) = (&self.known, size_and_time(&self.path)) {
            if known.strip_prefix(&now).is_some_and(|rest| rest.starts_with(' ')) {
                let _ = std::fs::write(marker(&self.path), known);
                return;
            }
        }
        remember(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Db;

    #[test]
    fn a_file_closed_cleanly_is_not_checked_again_and_one_changed_since_is() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tome.db");
        drop(Db::open(&db).unwrap());
        assert!(unchanged(&db), "a clean close remembers the file");
        {
            let _open = Db::open(&db).unwrap();
            assert!(!unchanged(&db), "while open, the log is part of the file");
        }
        assert!(unchanged(&db));
        // Another program touches the file: the next open checks it.
        let bytes = std::fs::read(&db).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&db, &bytes).unwrap();
        assert!(!unchanged(&db));
        drop(Db::open(&db).unwrap());
        assert!(unchanged(&db), "checked and remembered again");
    }

    /// Issue 40: a file whose bytes changed under its kept size and time is not the one
    /// remembered.
    #[test]
    fn a_changed_byte_changes_the_fingerprint_of_a_small_file_anywhere_and_of_a_large_one_in_its_read_pages() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tome.db");
        for (len, at) in [(1 << 20, 700_001), (9 << 20, 0x30), ((9 << 20) - 1, 4096 * 2 + 17)] {
            let mut bytes = vec![7u8; len];
            bytes[16..18].copy_from_slice(&4096u16.to_be_bytes());
            std::fs::write(&db, &bytes).unwrap();
            let before = stamp(&db).unwrap();
            for at in [at, len - 1] {
                let mut changed = bytes.clone();
                changed[at] ^= 0x20;
                std::fs::write(&db, &changed).unwrap();
                let now = stamp(&db).unwrap();
                assert_ne!(now.rsplit(' ').next(), before.rsplit(' ').next(), "{len} bytes, changed at {at}");
            }
        }
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
