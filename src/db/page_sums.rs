//! A checksum on every page of the database file, checked on every page read (issue 58),
//! that binds the page to its place in the file (issue 73).
//!
//! A failing disk, a bad copy or any program writing into the file changes bytes that
//! SQLite may still read as well-formed pages: a digit of a Strength, a letter of a
//! spell's name. Fingerprinting the whole file at each open would cost every command a
//! read of the file; fingerprinting part of it left damage elsewhere unseen until a read
//! could not decode it. Instead every page carries its own proof: the file reserves the
//! last bytes of each page (the header's "reserved space", byte 20), each page written
//! gets a checksum there, and each page read is checked against it. A page that does not
//! match is SQLite's `SQLITE_IOERR_DATA`, which Tome says as damage of the file
//! (`Error::sqlite_in`), so damage is found exactly where and when it is read, at the
//! cost of summing the 4 KB just read (well under a microsecond).
//!
//! The sum is SQLite's checksum VFS shim's (`ext/misc/cksumvfs.c`), but over the page's
//! number as well as its bytes: a page of 4,096 bytes holds 4,080 of SQLite's, then its
//! number (4 bytes, little-endian, and 4 zero bytes), then the sum of all of that (8
//! bytes). A page whose own sum still holds but that is read at another place (two pages
//! swapped, a page copied over another) is damage like any other: with issue 58's layout
//! (the sum of the page alone, in 8 reserved bytes) two swapped pages each passed their
//! check and a read gave another entry's words with exit 0. A file with that layout is
//! still read and written as it is (its pages checked without their place) until its
//! upgrade, once, at an open that has it to itself (`Db::add_page_sums`, the same
//! rewrite that gave older files their checksums). The file's identity is not in the
//! sum: a backup is a page-for-page copy that must read under its own name, and a whole
//! file replaced by another is what the marker beside it is for (`checked.rs`).
//!
//! The shim is written here, in Rust on the FFI of the SQLite that rusqlite bundles,
//! rather than compiled from SQLite's C source (which the bundle does not carry). It sits
//! over the default VFS, which it registers in its place, so every connection of the
//! process goes through it: the open file, backups written and read, the checks' own
//! connections.
//!
//! What it does not cover: a file whose header reserves no bytes (before its upgrade,
//! `Db::add_page_sums`) is read and written as it is; the write-ahead log is not summed
//! (its frames carry SQLite's own checksums, checked when a crash's log is read back,
//! and a clean close folds it into the file); and a file replaced whole by another whose
//! pages are each whole (an older copy) passes every page's check, which the marker
//! beside it is for (`checked.rs`).

use std::ffi::{c_char, c_int, c_void};
use std::ptr;

use rusqlite::ffi;

/// How many bytes at the end of each page hold its place and checksum (issue 73's layout).
pub(crate) const RESERVE: u8 = 16;

/// Issue 58's layout: the last 8 bytes of each page hold the sum of the rest, without
/// its place. Still read and written, for a file not yet upgraded.
pub(crate) const UNPLACED: u8 = 8;

/// Whether pages with `reserve` bytes reserved carry a checksum (in either layout).
pub(crate) fn is_summed(reserve: u8) -> bool {
    reserve == RESERVE || reserve == UNPLACED
}

/// The VFS's name (`PRAGMA` and messages never show it; `sqlite3_vfs_find` does).
const NAME: &std::ffi::CStr = c"tome-page-sums";

/// One open file of the shim. The file of the VFS below follows it in the same
/// allocation (SQLite gives each open file `szOsFile` bytes).
#[repr(C)]
struct SumFile {
    base: ffi::sqlite3_file,
    /// The bytes the file's header reserved when it was last read or written at its
    /// start: [`RESERVE`] or [`UNPLACED`] when reads are checked, 0 (or any other) when not.
    layout: u8,
    /// Reads are not checked for now ([`Unchecked`]): a rewrite of the file over pages
    /// known damaged, which SQLite reads before it writes over them.
    paused: bool,
}

/// The file of the VFS below.
unsafe fn below(f: *mut ffi::sqlite3_file) -> *mut ffi::sqlite3_file {
    unsafe { f.cast::<u8>().add(std::mem::size_of::<SumFile>()).cast() }
}

/// The VFS below.
unsafe fn orig(vfs: *mut ffi::sqlite3_vfs) -> *mut ffi::sqlite3_vfs {
    unsafe { (*vfs).pAppData.cast() }
}

/// The checksum of `data` (a page without its last 8 bytes; a multiple of 8 bytes long),
/// as cksumvfs computes it: two running sums over little-endian 32-bit words, each fed
/// the other, so a changed, moved or swapped word changes it.
pub(crate) fn page_sum(data: &[u8]) -> [u8; 8] {
    let (mut s1, mut s2) = (0u32, 0u32);
    for pair in data.chunks_exact(8) {
        let a = u32::from_le_bytes([pair[0], pair[1], pair[2], pair[3]]);
        let b = u32::from_le_bytes([pair[4], pair[5], pair[6], pair[7]]);
        s1 = s1.wrapping_add(a).wrapping_add(s2);
        s2 = s2.wrapping_add(b).wrapping_add(s1);
    }
    let mut out = [0u8; 8];
    out[..4].copy_from_slice(&s1.to_le_bytes());
    out[4..].copy_from_slice(&s2.to_le_bytes());
    out
}

/// Gives `page` (a whole page, to be written at place `number` of a file whose pages
/// reserve `layout` bytes) its checksum; a page of a file without them is left as it is.
pub(crate) fn seal(page: &mut [u8], number: u32, layout: u8) {
    let n = page.len() - 8;
    if layout == RESERVE {
        let place = n - 8;
        page[place..place + 4].copy_from_slice(&number.to_le_bytes());
        page[place + 4..n].fill(0);
    } else if layout != UNPLACED {
        return;
    }
    let sum = page_sum(&page[..n]);
    page[n..].copy_from_slice(&sum);
}

/// Whether `page` (a whole page read at place `number` of a file whose pages reserve
/// `layout` bytes) holds its checksum, and for issue 73's layout, its own place.
pub(crate) fn page_is_whole(page: &[u8], number: u32, layout: u8) -> bool {
    let n = page.len() - 8;
    if layout == RESERVE && page[n - 8..n - 4] != number.to_le_bytes() {
        return false;
    }
    page_sum(&page[..n]) == page[n..]
}

/// The place in the file (from 1) of the page of `amount` bytes read or written at byte
/// `at`.
fn page_number(at: ffi::sqlite3_int64, amount: c_int) -> u32 {
    u32::try_from(at / i64::from(amount) + 1).unwrap_or(u32::MAX)
}

/// A read or write of this size at this place is one whole page.
fn is_page(amount: c_int) -> bool {
    (512..=65_536).contains(&amount) && (amount & (amount - 1)) == 0
}

/// Whether `head` (at least the first 100 bytes of the file) is a SQLite header saying
/// each page ends with a checksum (in either layout); `None` when it is not a header.
pub(crate) fn header_reserves(head: &[u8]) -> Option<bool> {
    header_layout(head).map(is_summed)
}

/// The bytes each page reserves, as `head` (at least the first 100 bytes of the file)
/// says; `None` when it is not a SQLite header.
fn header_layout(head: &[u8]) -> Option<u8> {
    (head.len() >= 100 && head.starts_with(b"SQLite format 3\0")).then(|| head[20])
}

/// The bytes the file below says now, in its header as it is on disk, its pages
/// reserve. Read for each page written rather than remembered: another process (a
/// restore, another Tome's upgrade) may have changed it since this one last looked.
unsafe fn file_layout(sub: *mut ffi::sqlite3_file) -> u8 {
    let mut head = [0u8; 100];
    let read = unsafe { (*(*sub).pMethods).xRead.map(|r| r(sub, head.as_mut_ptr().cast(), 100, 0)) };
    if read == Some(ffi::SQLITE_OK) {
        header_layout(&head).unwrap_or(0)
    } else {
        0
    }
}

unsafe extern "C" fn close(f: *mut ffi::sqlite3_file) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xClose.map_or(ffi::SQLITE_OK, |x| x(sub))
    }
}

unsafe extern "C" fn read(f: *mut ffi::sqlite3_file, buf: *mut c_void, amount: c_int, at: ffi::sqlite3_int64) -> c_int {
    unsafe {
        let sub = below(f);
        let rc = (*(*sub).pMethods).xRead.map_or(ffi::SQLITE_IOERR_READ, |x| x(sub, buf, amount, at));
        if rc != ffi::SQLITE_OK || amount <= 0 {
            return rc;
        }
        let data = std::slice::from_raw_parts(buf.cast::<u8>(), amount as usize);
        let file = f.cast::<SumFile>();
        if at == 0 {
            if let Some(layout) = header_layout(data) {
                (*file).layout = layout;
            }
        }
        // A mismatch is damage unless the file's layout changed since this handle last
        // looked (a restore of an older backup, an upgrade, by another process).
        if is_summed((*file).layout) && !(*file).paused && is_page(amount) {
            let number = page_number(at, amount);
            if !page_is_whole(data, number, (*file).layout) {
                let now = file_layout(sub);
                if is_summed(now) && !page_is_whole(data, number, now) {
                    return ffi::SQLITE_IOERR_DATA;
                }
            }
        }
        rc
    }
}

unsafe extern "C" fn write(
    f: *mut ffi::sqlite3_file,
    buf: *const c_void,
    amount: c_int,
    at: ffi::sqlite3_int64,
) -> c_int {
    unsafe {
        let sub = below(f);
        let Some(x) = (*(*sub).pMethods).xWrite else { return ffi::SQLITE_IOERR_WRITE };
        if amount <= 0 {
            return x(sub, buf, amount, at);
        }
        let data = std::slice::from_raw_parts(buf.cast::<u8>(), amount as usize);
        let layout = if at == 0 { header_layout(data) } else { None };
        if let Some(layout) = layout {
            (*f.cast::<SumFile>()).layout = layout;
        }
        if is_page(amount) {
            let layout = layout.unwrap_or_else(|| file_layout(sub));
            if is_summed(layout) {
                // The page is SQLite's buffer, written only by it and here: the place and
                // sum go into the bytes the header reserves for them, on a copy so the
                // buffer is left as given.
                let mut page = data.to_vec();
                seal(&mut page, page_number(at, amount), layout);
                return x(sub, page.as_ptr().cast(), amount, at);
            }
        }
        x(sub, buf, amount, at)
    }
}

unsafe extern "C" fn truncate(f: *mut ffi::sqlite3_file, size: ffi::sqlite3_int64) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xTruncate.map_or(ffi::SQLITE_IOERR_TRUNCATE, |x| x(sub, size))
    }
}

unsafe extern "C" fn sync(f: *mut ffi::sqlite3_file, flags: c_int) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xSync.map_or(ffi::SQLITE_IOERR_FSYNC, |x| x(sub, flags))
    }
}

unsafe extern "C" fn file_size(f: *mut ffi::sqlite3_file, size: *mut ffi::sqlite3_int64) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xFileSize.map_or(ffi::SQLITE_IOERR_FSTAT, |x| x(sub, size))
    }
}

unsafe extern "C" fn lock(f: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xLock.map_or(ffi::SQLITE_IOERR_LOCK, |x| x(sub, level))
    }
}

unsafe extern "C" fn unlock(f: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xUnlock.map_or(ffi::SQLITE_IOERR_UNLOCK, |x| x(sub, level))
    }
}

unsafe extern "C" fn check_reserved_lock(f: *mut ffi::sqlite3_file, out: *mut c_int) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xCheckReservedLock.map_or(ffi::SQLITE_IOERR_CHECKRESERVEDLOCK, |x| x(sub, out))
    }
}

unsafe extern "C" fn file_control(f: *mut ffi::sqlite3_file, op: c_int, arg: *mut c_void) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xFileControl.map_or(ffi::SQLITE_NOTFOUND, |x| x(sub, op, arg))
    }
}

unsafe extern "C" fn sector_size(f: *mut ffi::sqlite3_file) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xSectorSize.map_or(4096, |x| x(sub))
    }
}

/// What the file below can do, less reading part of a page: every page read must be
/// whole to be checked.
unsafe extern "C" fn device_characteristics(f: *mut ffi::sqlite3_file) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xDeviceCharacteristics.map_or(0, |x| x(sub)) & !ffi::SQLITE_IOCAP_SUBPAGE_READ
    }
}

unsafe extern "C" fn shm_map(
    f: *mut ffi::sqlite3_file,
    page: c_int,
    size: c_int,
    extend: c_int,
    out: *mut *mut c_void,
) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xShmMap.map_or(ffi::SQLITE_IOERR_SHMMAP, |x| x(sub, page, size, extend, out))
    }
}

unsafe extern "C" fn shm_lock(f: *mut ffi::sqlite3_file, offset: c_int, n: c_int, flags: c_int) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xShmLock.map_or(ffi::SQLITE_IOERR_SHMLOCK, |x| x(sub, offset, n, flags))
    }
}

unsafe extern "C" fn shm_barrier(f: *mut ffi::sqlite3_file) {
    unsafe {
        let sub = below(f);
        if let Some(x) = (*(*sub).pMethods).xShmBarrier {
            x(sub);
        }
    }
}

unsafe extern "C" fn shm_unmap(f: *mut ffi::sqlite3_file, delete: c_int) -> c_int {
    unsafe {
        let sub = below(f);
        (*(*sub).pMethods).xShmUnmap.map_or(ffi::SQLITE_OK, |x| x(sub, delete))
    }
}

/// A page mapped into memory (when the connection maps the file, `PRAGMA mmap_size`): a
/// read from the mapping needs no system call and no buffer of its own, most of what a
/// one-off command's reads cost. The page's sum is checked on the mapped bytes before
/// SQLite is given them; a page that does not match is not given (nor one of a file not
/// yet known summed, nor while checks are paused), so SQLite reads it with [`read`],
/// which says whether it is damaged. SQLite never maps page 1: its read tells whether
/// the file is summed.
unsafe extern "C" fn fetch(
    f: *mut ffi::sqlite3_file,
    at: ffi::sqlite3_int64,
    amount: c_int,
    out: *mut *mut c_void,
) -> c_int {
    unsafe {
        *out = ptr::null_mut();
        let file = f.cast::<SumFile>();
        let sub = below(f);
        let methods = &*(*sub).pMethods;
        let (Some(x), true) = (methods.xFetch, methods.iVersion >= 3) else { return ffi::SQLITE_OK };
        if !is_summed((*file).layout) || (*file).paused || !is_page(amount) {
            return ffi::SQLITE_OK;
        }
        let mut page: *mut c_void = ptr::null_mut();
        let rc = x(sub, at, amount, &mut page);
        if rc != ffi::SQLITE_OK || page.is_null() {
            return rc;
        }
        let data = std::slice::from_raw_parts(page.cast::<u8>(), amount as usize);
        if !page_is_whole(data, page_number(at, amount), (*file).layout) {
            return methods.xUnfetch.map_or(ffi::SQLITE_OK, |u| u(sub, at, page));
        }
        *out = page;
        ffi::SQLITE_OK
    }
}

/// Gives back a mapped page, or with none, unmaps the file (SQLite's call when the file
/// changed size under it).
unsafe extern "C" fn unfetch(f: *mut ffi::sqlite3_file, at: ffi::sqlite3_int64, page: *mut c_void) -> c_int {
    unsafe {
        let sub = below(f);
        let methods = &*(*sub).pMethods;
        match methods.xUnfetch {
            Some(x) if methods.iVersion >= 3 => x(sub, at, page),
            _ => ffi::SQLITE_OK,
        }
    }
}

static METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 3,
    xClose: Some(close),
    xRead: Some(read),
    xWrite: Some(write),
    xTruncate: Some(truncate),
    xSync: Some(sync),
    xFileSize: Some(file_size),
    xLock: Some(lock),
    xUnlock: Some(unlock),
    xCheckReservedLock: Some(check_reserved_lock),
    xFileControl: Some(file_control),
    xSectorSize: Some(sector_size),
    xDeviceCharacteristics: Some(device_characteristics),
    xShmMap: Some(shm_map),
    xShmLock: Some(shm_lock),
    xShmBarrier: Some(shm_barrier),
    xShmUnmap: Some(shm_unmap),
    xFetch: Some(fetch),
    xUnfetch: Some(unfetch),
};

/// Opens a file: a database (the main one or one attached, a backup) through the shim, anything else (journals, the log, temporary files) as the VFS
/// below opens it.
unsafe extern "C" fn open(
    vfs: *mut ffi::sqlite3_vfs,
    name: ffi::sqlite3_filename,
    f: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    unsafe {
        let o = orig(vfs);
        let Some(x) = (*o).xOpen else { return ffi::SQLITE_CANTOPEN };
        if flags & ffi::SQLITE_OPEN_MAIN_DB == 0 {
            return x(o, name, f, flags, out_flags);
        }
        ptr::write(
            f.cast::<SumFile>(),
            SumFile { base: ffi::sqlite3_file { pMethods: ptr::null() }, layout: 0, paused: false },
        );
        let rc = x(o, name, below(f), flags, out_flags);
        if rc == ffi::SQLITE_OK {
            (*f).pMethods = &METHODS;
        }
        rc
    }
}

unsafe extern "C" fn delete(vfs: *mut ffi::sqlite3_vfs, name: *const c_char, sync_dir: c_int) -> c_int {
    unsafe {
        let o = orig(vfs);
        (*o).xDelete.map_or(ffi::SQLITE_IOERR_DELETE, |x| x(o, name, sync_dir))
    }
}

unsafe extern "C" fn access(vfs: *mut ffi::sqlite3_vfs, name: *const c_char, flags: c_int, out: *mut c_int) -> c_int {
    unsafe {
        let o = orig(vfs);
        (*o).xAccess.map_or(ffi::SQLITE_IOERR_ACCESS, |x| x(o, name, flags, out))
    }
}

unsafe extern "C" fn full_pathname(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    n: c_int,
    out: *mut c_char,
) -> c_int {
    unsafe {
        let o = orig(vfs);
        (*o).xFullPathname.map_or(ffi::SQLITE_CANTOPEN, |x| x(o, name, n, out))
    }
}

unsafe extern "C" fn dl_open(vfs: *mut ffi::sqlite3_vfs, name: *const c_char) -> *mut c_void {
    unsafe {
        let o = orig(vfs);
        (*o).xDlOpen.map_or(ptr::null_mut(), |x| x(o, name))
    }
}

unsafe extern "C" fn dl_error(vfs: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) {
    unsafe {
        let o = orig(vfs);
        if let Some(x) = (*o).xDlError {
            x(o, n, out);
        }
    }
}

type DlSym = unsafe extern "C" fn(*mut ffi::sqlite3_vfs, *mut c_void, *const c_char);

unsafe extern "C" fn dl_sym(vfs: *mut ffi::sqlite3_vfs, handle: *mut c_void, symbol: *const c_char) -> Option<DlSym> {
    unsafe {
        let o = orig(vfs);
        (*o).xDlSym.and_then(|x| x(o, handle, symbol))
    }
}

unsafe extern "C" fn dl_close(vfs: *mut ffi::sqlite3_vfs, handle: *mut c_void) {
    unsafe {
        let o = orig(vfs);
        if let Some(x) = (*o).xDlClose {
            x(o, handle);
        }
    }
}

unsafe extern "C" fn randomness(vfs: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) -> c_int {
    unsafe {
        let o = orig(vfs);
        (*o).xRandomness.map_or(0, |x| x(o, n, out))
    }
}

unsafe extern "C" fn sleep(vfs: *mut ffi::sqlite3_vfs, micros: c_int) -> c_int {
    unsafe {
        let o = orig(vfs);
        (*o).xSleep.map_or(0, |x| x(o, micros))
    }
}

unsafe extern "C" fn current_time(vfs: *mut ffi::sqlite3_vfs, out: *mut f64) -> c_int {
    unsafe {
        let o = orig(vfs);
        (*o).xCurrentTime.map_or(ffi::SQLITE_ERROR, |x| x(o, out))
    }
}

unsafe extern "C" fn get_last_error(vfs: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) -> c_int {
    unsafe {
        let o = orig(vfs);
        (*o).xGetLastError.map_or(0, |x| x(o, n, out))
    }
}

unsafe extern "C" fn current_time_int64(vfs: *mut ffi::sqlite3_vfs, out: *mut ffi::sqlite3_int64) -> c_int {
    unsafe {
        let o = orig(vfs);
        match (*o).xCurrentTimeInt64 {
            Some(x) if (*o).iVersion >= 2 => x(o, out),
            _ => {
                let mut days = 0.0;
                let rc = current_time(vfs, &mut days);
                *out = (days * 86_400_000.0) as ffi::sqlite3_int64;
                rc
            }
        }
    }
}

/// Puts the shim over the default VFS, once per process, before the first connection
/// Tome opens: every connection after it reads and writes through it.
pub(crate) fn register() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| unsafe {
        // SQLite counts its memory under a global lock at every allocation unless told
        // not to, before it starts: Tome never asks for the count, and a one-off command
        // takes that lock some 6,000 times (4% of a search's work). Refused (and harmless)
        // when SQLite already started, as in a test that opened a connection first.
        ffi::sqlite3_config(ffi::SQLITE_CONFIG_MEMSTATUS, 0 as c_int);
        if !ffi::sqlite3_vfs_find(NAME.as_ptr()).is_null() {
            return;
        }
        let o = ffi::sqlite3_vfs_find(ptr::null());
        if o.is_null() {
            return;
        }
        let vfs = Box::leak(Box::new(ffi::sqlite3_vfs {
            iVersion: (*o).iVersion.min(2),
            szOsFile: (*o).szOsFile + std::mem::size_of::<SumFile>() as c_int,
            mxPathname: (*o).mxPathname,
            pNext: ptr::null_mut(),
            zName: NAME.as_ptr(),
            pAppData: o.cast(),
            xOpen: Some(open),
            xDelete: Some(delete),
            xAccess: Some(access),
            xFullPathname: Some(full_pathname),
            xDlOpen: Some(dl_open),
            xDlError: Some(dl_error),
            xDlSym: Some(dl_sym),
            xDlClose: Some(dl_close),
            xRandomness: Some(randomness),
            xSleep: Some(sleep),
            xCurrentTime: Some(current_time),
            xGetLastError: Some(get_last_error),
            xCurrentTimeInt64: Some(current_time_int64),
            xSetSystemCall: None,
            xGetSystemCall: None,
            xNextSystemCall: None,
        }));
        ffi::sqlite3_vfs_register(vfs, 1);
    });
}

/// The main database file of `conn`, when it is opened through the shim.
fn sum_file(conn: &rusqlite::Connection) -> Option<*mut SumFile> {
    let mut f: *mut ffi::sqlite3_file = ptr::null_mut();
    let rc = unsafe {
        ffi::sqlite3_file_control(conn.handle(), c"main".as_ptr(), ffi::SQLITE_FCNTL_FILE_POINTER, (&raw mut f).cast())
    };
    let ours = rc == ffi::SQLITE_OK && !f.is_null() && unsafe { ptr::eq((*f).pMethods, &METHODS) };
    ours.then_some(f.cast())
}

/// Pages read through `conn` are not checked while this lives: for rewriting a file
/// (`VACUUM`, a restore) whose damaged pages are known and left behind, which SQLite
/// reads before it writes over them. Checked again once it is dropped.
pub(crate) struct Unchecked(Option<*mut SumFile>);

impl Unchecked {
    pub(crate) fn new(conn: &rusqlite::Connection) -> Unchecked {
        let file = sum_file(conn);
        if let Some(f) = file {
            unsafe { (*f).paused = true };
        }
        Unchecked(file)
    }
}

impl Drop for Unchecked {
    fn drop(&mut self) {
        if let Some(f) = self.0 {
            unsafe { (*f).paused = false };
        }
    }
}

/// The bytes each page of `conn`'s main database reserves at its end (8 once its pages
/// carry checksums); `n`, when given, is asked for (SQLite applies it at the next
/// `VACUUM`, or at once to a file with no page written yet).
pub(crate) fn reserve(conn: &rusqlite::Connection, n: Option<u8>) -> rusqlite::Result<u8> {
    let mut arg: c_int = n.map_or(-1, c_int::from);
    let rc = unsafe {
        ffi::sqlite3_file_control(
            conn.handle(),
            c"main".as_ptr(),
            ffi::SQLITE_FCNTL_RESERVE_BYTES,
            (&raw mut arg).cast(),
        )
    };
    if rc != ffi::SQLITE_OK {
        return Err(rusqlite::Error::SqliteFailure(ffi::Error::new(rc), None));
    }
    // Asked without a new value, the answer is in `arg`; asked with one, ask again.
    if n.is_some() {
        return reserve(conn, None);
    }
    Ok(u8::try_from(arg).unwrap_or(0))
}

/// The reserved bytes the header of the file at `path` says (byte 20), without opening it
/// as a database; `None` when it does not read as one.
pub(crate) fn file_reserve(path: &std::path::Path) -> Option<u8> {
    use std::io::Read;
    let mut head = [0u8; 100];
    std::fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
    head.starts_with(b"SQLite format 3\0").then_some(head[20])
}

impl super::Db {
    /// Gives the file's pages their checksums with their places, once: a file made before
    /// them reserves no bytes for them, one made before their places (issue 58's layout)
    /// 8, so it is written anew (`VACUUM`, with [`RESERVE`] bytes asked for), after
    /// a backup of it as it was (the one a migration at this open just made, or one made
    /// here), inside SQLite's own transaction: a crash leaves the file as it was.
    ///
    /// Only a Tome that has the file to itself does it, holding the open-file lock alone
    /// meanwhile (a Tome opening the file waits): another with the file open would go on
    /// with what it read of the file before. When another has it open, the file is read
    /// and written as it is, and the next open that has it alone gives the checksums.
    ///
    /// # Errors
    /// The backup cannot be written, or the file is damaged (found by the backup's check
    /// or by the rewrite, which reads every page).
    pub(crate) fn add_page_sums(&mut self) -> crate::Result<()> {
        let Some(path) = self.path.clone() else { return Ok(()) };
        if std::fs::metadata(&path).map_or(true, |m| m.len() == 0) {
            return Ok(());
        }
        let db_err = |e| crate::Error::sqlite(&self.label, e);
        if reserve(&self.conn, None).map_err(db_err)? == RESERVE {
            return Ok(());
        }
        let Some(lock) = self.open_lock.take() else { return Ok(()) };
        if !lock.alone() {
            self.open_lock = Some(lock);
            return Ok(());
        }
        let done = (|| {
            if !self.backed_up_at_open {
                self.backup_even_if_damaged("before-page-checksums")?;
                self.backed_up_at_open = true;
            }
            reserve(&self.conn, Some(RESERVE)).map_err(|e| self.err(e))?;
            self.conn.execute_batch("VACUUM").map_err(|e| self.err(e))?;
            // Folded into the file now, while no other Tome can have it open.
            self.conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(|e| self.err(e))
        })();
        lock.share();
        self.open_lock = Some(lock);
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_word_changes_the_sum_and_a_page_with_its_sum_reads_whole_only_at_its_place() {
        let mut page = vec![0u8; 4096];
        for (i, b) in page.iter_mut().enumerate() {
            *b = (i * 7 % 251) as u8;
        }
        seal(&mut page, 3, RESERVE);
        assert!(page_is_whole(&page, 3, RESERVE));
        // Issue 73: the same page read at another place is not whole.
        assert!(!page_is_whole(&page, 4, RESERVE));
        assert!(!page_is_whole(&page, 3 + (1 << 16), RESERVE));
        let n = page.len() - 8;
        for at in [0, 17, 2048, n - 9, n - 8, n - 1, n] {
            let mut changed = page.clone();
            changed[at] ^= 0x04;
            assert!(!page_is_whole(&changed, 3, RESERVE), "a byte changed at {at}");
        }
        // Two words swapped.
        let mut swapped = page.clone();
        let (a, b) = (page[100..104].to_vec(), page[104..108].to_vec());
        swapped[100..104].copy_from_slice(&b);
        swapped[104..108].copy_from_slice(&a);
        assert!(a == b || !page_is_whole(&swapped, 3, RESERVE));
        // Issue 58's layout: cksumvfs's sum of the page alone, whatever its place.
        let mut old = page.clone();
        seal(&mut old, 3, UNPLACED);
        assert!(page_is_whole(&old, 3, UNPLACED) && page_is_whole(&old, 9, UNPLACED));
        assert_eq!(old[n..], page_sum(&old[..n]));
    }

    /// Every page of the file at `path` holds its place and the checksum of the rest of it.
    fn every_page_whole(path: &std::path::Path) -> usize {
        let bytes = std::fs::read(path).unwrap();
        let size = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
        assert_eq!(bytes[20], RESERVE, "the header reserves the place's and checksum's bytes");
        for (n, page) in bytes.chunks(size).enumerate() {
            let number = u32::try_from(n + 1).unwrap();
            assert!(page_is_whole(page, number, RESERVE), "page {number} of {}", path.display());
        }
        bytes.len() / size
    }

    #[test]
    fn a_new_file_and_its_backup_carry_a_checksum_on_every_page() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        let db = crate::db::Db::open(&path).unwrap();
        db.connection().execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (randomblob(200000));").unwrap();
        let copy = dir.path().join("copy.db");
        db.backup_to(&copy).unwrap();
        drop(db);
        assert!(every_page_whole(&path) > 40);
        assert!(every_page_whole(&copy) > 40);
    }

    /// Issue 58: a file made before the checksums gets them once, at an open that has it
    /// alone, after a backup of it as it was; while another Tome has it open, it is
    /// left as it is (that Tome goes on with what it read).
    #[test]
    fn an_older_file_gets_its_checksums_only_at_an_open_no_other_tome_shares() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        {
            // A file as a Tome before the checksums left it: no reserved bytes.
            let raw = rusqlite::Connection::open(&path).unwrap();
            raw.execute_batch("PRAGMA user_version = 0; CREATE TABLE x (a); DROP TABLE x;").unwrap();
        }
        assert_eq!(file_reserve(&path), Some(0));
        let (other, _) = crate::db::checked::announce_open(&path);
        drop(crate::db::Db::open(&path).unwrap());
        assert_eq!(file_reserve(&path), Some(0), "another Tome has it open: left as it is");
        drop(other);
        let db = crate::db::Db::open(&path).unwrap();
        assert_eq!(reserve(db.connection(), None).unwrap(), RESERVE);
        let kept: Vec<String> = std::fs::read_dir(dir.path().join("backups"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(kept.iter().any(|k| k.contains("before-page-checksums")), "{kept:?}");
        drop(db);
        every_page_whole(&path);
    }

    /// Issue 73: a file whose pages carry issue 58's sums (without their place) is read
    /// as it is, then rewritten once with their places, after a backup of it as it was.
    #[test]
    fn a_file_with_unplaced_sums_gets_its_places_once() {
        register();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        {
            // As issue 58's Tome began a file: 8 bytes reserved from its first page, each
            // page's sum without its place (SQLite lets a rewrite add reserved bytes, never
            // take them away, so the file is made so from the start).
            let raw = rusqlite::Connection::open(&path).unwrap();
            reserve(&raw, Some(UNPLACED)).unwrap();
            raw.execute_batch("PRAGMA user_version = 0; CREATE TABLE x (a); DROP TABLE x;").unwrap();
        }
        assert_eq!(file_reserve(&path), Some(UNPLACED));
        let migrated = |path: &std::path::Path| {
            let db = crate::db::Db::open(path).unwrap();
            let tables: i64 = db
                .connection()
                .query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table'", [], |r| r.get(0))
                .unwrap();
            assert!(tables > 20, "{tables}");
            db
        };
        let db = migrated(&path);
        assert_eq!(reserve(db.connection(), None).unwrap(), RESERVE);
        drop(db);
        every_page_whole(&path);
        let kept = || std::fs::read_dir(dir.path().join("backups")).unwrap().count();
        assert_eq!(kept(), 1, "one backup of the file as it was");
        drop(migrated(&path));
        assert_eq!(kept(), 1, "upgraded once");
    }

    /// Issue 73: two pages swapped on disk each keep the sum written with them, and each
    /// is damage where it is read.
    #[test]
    fn two_swapped_pages_are_damage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        {
            let db = crate::db::Db::open(&path).unwrap();
            db.connection()
                .execute_batch(
                    "CREATE TABLE a (x TEXT); INSERT INTO a VALUES ('alpha words here');
                     CREATE TABLE b (x TEXT); INSERT INTO b VALUES ('bravo words here');
                     CREATE TABLE after_it AS SELECT zeroblob(20000) AS b;",
                )
                .unwrap();
        }
        let mut bytes = std::fs::read(&path).unwrap();
        let page_of = |bytes: &[u8], w: &[u8]| bytes.windows(w.len()).position(|x| x == w).unwrap() / 4096;
        let (pa, pb) = (page_of(&bytes, b"alpha words"), page_of(&bytes, b"bravo words"));
        assert_ne!(pa, pb);
        let a = bytes[pa * 4096..(pa + 1) * 4096].to_vec();
        let b = bytes[pb * 4096..(pb + 1) * 4096].to_vec();
        bytes[pa * 4096..(pa + 1) * 4096].copy_from_slice(&b);
        bytes[pb * 4096..(pb + 1) * 4096].copy_from_slice(&a);
        std::fs::write(&path, &bytes).unwrap();
        for mapped in [0, super::super::MAPPED_BYTES] {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.pragma_update(None, "mmap_size", mapped).unwrap();
            for table in ["a", "b"] {
                let e = conn.query_row(&format!("SELECT x FROM {table}"), [], |r| r.get::<_, String>(0)).unwrap_err();
                let e = crate::Error::sqlite(&path.display().to_string(), e);
                assert!(e.is_damage(), "mapped {mapped}, table {table}: {e}");
            }
        }
    }

    /// A page changed on disk after Tome wrote it is damage at the read that meets it,
    /// said as damage of the file.
    #[test]
    fn a_page_changed_on_disk_is_damage_where_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        {
            let db = crate::db::Db::open(&path).unwrap();
            db.connection()
                // A table after it, so its page is not the file's last (which SQLite did not
                // hand over mapped here): the mapped read below is the one checked.
                .execute_batch(
                    "CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('the quick brown fox jumps');
                     CREATE TABLE after_it AS SELECT zeroblob(20000) AS b;",
                )
                .unwrap();
        }
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.windows(5).position(|w| w == b"brown").unwrap();
        bytes[at] = b'c';
        std::fs::write(&path, &bytes).unwrap();
        // Read into a buffer, and from the file mapped into memory (as the command line
        // reads it, `Db::map_pages`).
        for mapped in [0, super::super::MAPPED_BYTES] {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.pragma_update(None, "mmap_size", mapped).unwrap();
            let e = conn.query_row("SELECT x FROM t", [], |r| r.get::<_, String>(0)).unwrap_err();
            let e = crate::Error::sqlite(&path.display().to_string(), e);
            assert!(e.is_damage(), "mapped {mapped}: {e}");
            let details = e.details();
            assert!(details.iter().any(|d| d.contains(crate::error::PAGE_SUM_MISMATCH)), "{mapped}: {details:?}");
        }
    }

    /// Pages read from the mapped file are the pages written, in a file larger than one
    /// page; and the mapping follows the file as it grows and shrinks.
    #[test]
    fn a_mapped_file_reads_what_was_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        let db = crate::db::Db::open(&path).unwrap();
        let rows = |n: i64| {
            db.connection()
                .execute_batch(&format!(
                    "DELETE FROM t; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})
                     INSERT INTO t SELECT i, printf('row %d %.*c', i, 300, 'x') FROM n;"
                ))
                .unwrap();
        };
        db.connection().execute_batch("CREATE TABLE t (i INTEGER PRIMARY KEY, x TEXT)").unwrap();
        for n in [2_000, 50, 3_000] {
            rows(n);
            if n == 50 {
                db.connection().execute_batch("PRAGMA wal_checkpoint(TRUNCATE); VACUUM;").unwrap();
            }
            let other = rusqlite::Connection::open(&path).unwrap();
            other.pragma_update(None, "mmap_size", super::super::MAPPED_BYTES).unwrap();
            let (count, sum): (i64, i64) =
                other.query_row("SELECT count(*), sum(length(x)) FROM t", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
            assert_eq!(count, n);
            let x: String = other.query_row("SELECT x FROM t WHERE i = ?1", [n / 2], |r| r.get(0)).unwrap();
            assert!(x.starts_with(&format!("row {} ", n / 2)), "{x}");
            assert!(sum > n * 300);
        }
        drop(db);
        every_page_whole(&path);
    }
}
