//! When opening must check the file's structure, and when it need not.
//!
//! `PRAGMA quick_check` reads and parses the whole file, so running it at every open would
//! make every command slower as the user's data grows. Instead Tome remembers the file as
//! it last saw it whole: a marker beside it (`tome.db-checked`) holding the file's size,
//! modification time and a CRC-32 of some of its bytes (below), written after a check passed and when
//! Tome closes the file cleanly (the last connection gone, so its write-ahead log is
//! folded in and removed). Opening checks the file only when it is not that file any
//! more: changed by something else, or left with a write-ahead log by a crash (the log is
//! then part of what is checked).
//!
//! Size and time alone are not enough: a failing disk, or a damaged copy restored with
//! its time kept, changes bytes and neither. In a file whose pages carry checksums
//! (`page_sums.rs`, every file once Tome has had it to itself) a changed byte is found
//! by the read of its page, wherever it is, so the CRC is only of the first page (the
//! file's change counter, its schema's cookie, its count of pages) and the last: what
//! tells a file replaced whole by another of the same size and time, whose pages are
//! each whole. An open reads 8 KB for it at any size. In a file without the checksums
//! (one another Tome had open when this one would have added them) the CRC is of every
//! byte of a file up to 4 MB, of 4 MB of pages spread from the first to the last in a
//! larger one, and of every page of Tome's own tables. A clean close that wrote nothing
//! (the file's size and time as at open) keeps the fingerprint it opened with rather than
//! reading the file again.
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

/// The size of the file at `db` when Tome last saw it whole, from its marker (`u64::MAX`
/// when the marker says Tome found it damaged); `None` without a marker.
pub(super) fn last_seen_size(db: &Path) -> Option<u64> {
    let held = std::fs::read_to_string(marker(db)).ok()?;
    if held == DAMAGED {
        return Some(u64::MAX);
    }
    held.split_whitespace().next()?.parse().ok()
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
/// [`FINGERPRINT_BYTES`], pages spread over it and every page of `own` (the pages of the
/// tables Tome makes itself, [`super::Db::tomes_pages`]), so damage to Tome's own content
/// is seen at open whatever the size of the file.
fn crc(db: &Path, own: &[u32]) -> Option<u32> {
    use std::io::{Seek, SeekFrom};
    let mut file = File::open(db).ok()?;
    let len = file.metadata().ok()?.len();
    let mut hasher = crc32fast::Hasher::new();
    if let Some(page) = summed_page_size(&mut file, len) {
        // Every page is checked as it is read (`page_sums.rs`): what is left to tell is
        // a file replaced whole by another with the same size and time, whose first page
        // (its change counter, its schema's cookie, its count of pages) and last differ.
        let mut buf = vec![0; page as usize];
        for at in [0, len - page] {
            file.seek(SeekFrom::Start(at)).ok()?;
            file.read_exact(&mut buf).ok()?;
            hasher.update(&buf);
        }
        return Some(hasher.finalize());
    }
    file.seek(SeekFrom::Start(0)).ok()?;
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
    let sampled = (FINGERPRINT_BYTES / page).clamp(2, pages.max(2));
    let mut buf = vec![0; page as usize];
    for i in 0..sampled {
        // The last read ends at the file's end, whole pages or not.
        let at = if i + 1 == sampled { len - page } else { i * (pages - 1) / (sampled - 1) * page };
        file.seek(SeekFrom::Start(at)).ok()?;
        file.read_exact(&mut buf).ok()?;
        hasher.update(&buf);
    }
    for &n in own {
        let at = (u64::from(n).saturating_sub(1)) * page;
        if at + page > len {
            // A page past the end: the file is not the one the list was made from.
            hasher.update(&n.to_le_bytes());
            continue;
        }
        file.seek(SeekFrom::Start(at)).ok()?;
        file.read_exact(&mut buf).ok()?;
        hasher.update(&buf);
    }
    Some(hasher.finalize())
}

/// The page size of a file whose pages carry checksums (its header reserves their 8
/// bytes) and hold at least one whole page; `None` for any other.
fn summed_page_size(file: &mut File, len: u64) -> Option<u64> {
    let mut head = [0u8; 100];
    file.read_exact(&mut head).ok()?;
    if super::page_sums::header_reserves(&head) != Some(true) {
        return None;
    }
    let page = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n if n >= 512 && n.is_power_of_two() => u64::from(n),
        _ => return None,
    };
    (len >= page).then_some(page)
}

/// The pages `own` as the marker keeps them: ranges, `3-9,12,40-41`.
fn page_list(own: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < own.len() {
        let mut j = i;
        while j + 1 < own.len() && own[j + 1] == own[j] + 1 {
            j += 1;
        }
        out.push(if i == j { own[i].to_string() } else { format!("{}-{}", own[i], own[j]) });
        i = j + 1;
    }
    out.join(",")
}

/// The pages a marker's list names; `None` when it does not read (the marker is then
/// not one that matches anything).
fn read_page_list(text: &str) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
                if b < a || b - a > 1 << 24 {
                    return None;
                }
                out.extend(a..=b);
            }
            None => out.push(part.parse().ok()?),
        }
    }
    Some(out)
}

/// The file as the marker records it: size, time and CRC, and the pages of Tome's own
/// tables the CRC also read (only for a file larger than [`FINGERPRINT_BYTES`]).
fn stamp(db: &Path, own: &[u32]) -> Option<String> {
    let head = size_and_time(db)?;
    let crc = crc(db, own)?;
    Some(if own.is_empty() { format!("{head} {crc:08x}") } else { format!("{head} {crc:08x} {}", page_list(own)) })
}

/// The marker, when it records the file at `db` as it is now (the file is the one last
/// seen whole, so opening need not check it). The file is read for its CRC only when its
/// size and time match.
pub(crate) fn whole(db: &Path) -> Option<String> {
    let seen = std::fs::read_to_string(marker(db)).ok()?;
    let head = size_and_time(db)?;
    let rest = seen.strip_prefix(&head)?.strip_prefix(' ')?;
    let own = match rest.split_once(' ') {
        Some((_, list)) => read_page_list(list)?,
        None => Vec::new(),
    };
    (stamp(db, &own).as_deref() == Some(seen.as_str())).then_some(seen)
}

/// Whether the file at `db` is the one last seen whole.
#[cfg(test)]
pub(crate) fn unchanged(db: &Path) -> bool {
    whole(db).is_some()
}

/// This process's share of the lock that says a Tome has the file open; released when
/// the connection closes (it is dropped with it).
pub(crate) struct Open(Option<File>);

impl Open {
    /// Takes the open-file lock alone, when no other Tome has the file open: until
    /// [`Open::share`], another Tome that opens the file waits for it. `false` when
    /// another has it open (or the lock cannot be taken), this one's share kept.
    pub(crate) fn alone(&self) -> bool {
        let Some(file) = &self.0 else { return false };
        match file.try_lock() {
            Ok(()) => true,
            Err(_) => {
                // A refused change of a shared lock may have let it go (flock(2)).
                let _ = file.lock_shared();
                false
            }
        }
    }

    /// Back to a share of the lock, as every open Tome holds, after [`Open::alone`].
    pub(crate) fn share(&self) {
        if let Some(file) = &self.0 {
            let _ = file.lock_shared();
        }
    }
}

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

/// Remembers the file at `db` as whole (after a check passed, or a clean close), with
/// `own` the pages of Tome's own tables, and answers what the marker now holds. A marker
/// that cannot be written only means the next open checks again.
pub(crate) fn remember(db: &Path, own: &[u32]) -> Option<String> {
    match stamp(db, own) {
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

impl OnClose {
    /// What this connection found damaged was healed (`heal.rs`).
    pub(crate) fn healed(&self) {
        self.damaged.store(false, Ordering::SeqCst);
    }
}

impl Drop for OnClose {
    fn drop(&mut self) {
        if self.damaged.load(Ordering::SeqCst) {
            return;
        }
        let seen = std::fs::read_to_string(marker(&self.path)).ok();
        if seen.as_deref() == Some(DAMAGED) {
            return;
        }
        // Nothing was written since the open knew the file whole: its fingerprint holds.
        // (Written again only when gone: rewriting the same bytes at every read command
        // cost a truncate and a write.)
        if let (Some(known), Some(now)) = (&self.known, size_and_time(&self.path)) {
            if known.strip_prefix(&now).is_some_and(|rest| rest.starts_with(' ')) {
                if seen.as_ref() != Some(known) {
                    let _ = std::fs::write(marker(&self.path), known);
                }
                return;
            }
        }
        remember(&self.path, &own_pages(&self.path));
    }
}

/// `path` for a `file:` URI: every byte but letters, digits, `-._~/` percent-encoded.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for &b in path.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The pages of the tables Tome makes itself (the shipped content, its indexes, the
/// search index) in the file at `db`, in order, for the fingerprint of a file larger
/// than the part it reads whole (none for a smaller one). Read through a connection of
/// its own once the file is closed (SQLite's `dbstat`, table by table: about 2 ms for the
/// shipped content), only when a marker is written, never at open. A file whose tables do
/// not read gives what it can; the marker then covers less, as before.
pub(crate) fn own_pages(db: &Path) -> Vec<u32> {
    if std::fs::metadata(db).map_or(true, |m| m.len() <= FINGERPRINT_BYTES)
        || super::page_sums::file_reserve(db).is_some_and(super::page_sums::is_summed)
    {
        return Vec::new();
    }
    // Immutable: the file is closed and nothing else writes it now, and a read-only
    // connection to a file in WAL mode would leave a log beside it (which the marker reads
    // as a crash's).
    let uri = format!("file:{}?immutable=1", uri_path(db));
    let Ok(conn) = rusqlite::Connection::open_with_flags(
        uri,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
            | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX
            | rusqlite::OpenFlags::SQLITE_OPEN_URI,
    ) else {
        return Vec::new();
    };
    let trees: Vec<String> = conn
        .prepare("SELECT name, tbl_name FROM sqlite_schema WHERE rootpage > 0")
        .and_then(|mut s| {
            s.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, table)| super::tables::tomes_own(table))
        .map(|(name, _)| name)
        .collect();
    let mut pages: Vec<u32> = Vec::new();
    for tree in trees {
        if let Ok(mut s) = conn.prepare_cached("SELECT pageno FROM dbstat WHERE name = ?1") {
            if let Ok(rows) = s.query_map([&tree], |r| r.get::<_, u32>(0)) {
                pages.extend(rows.flatten());
            }
        }
    }
    pages.sort_unstable();
    pages.dedup();
    pages
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
            let before = stamp(&db, &[]).unwrap();
            for at in [at, len - 1] {
                let mut changed = bytes.clone();
                changed[at] ^= 0x20;
                std::fs::write(&db, &changed).unwrap();
                let now = stamp(&db, &[]).unwrap();
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
