//! Reading files the user hands Tome (packs, rules documents): bounded, so a huge file
//! or a special file (a FIFO, a device) is refused before it is read, never loaded.

use std::io::{Read, Write};
use std::path::Path;

use crate::error::{Error, Result};

/// A path as JSON says it (`serialize_with`): its text, a byte that is not UTF-8 shown
/// as U+FFFD, as the text output shows it. A path is bytes on Linux, and JSON text is
/// UTF-8; a path that cannot be said whole is said as near as it can be, never a panic
/// (issue 73).
///
/// # Errors
/// What the serializer refuses.
pub fn path_text<S: serde::Serializer>(path: &Path, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(&path.to_string_lossy())
}

/// [`path_text`] for a path that may be absent.
///
/// # Errors
/// What the serializer refuses.
pub fn maybe_path_text<S: serde::Serializer>(
    path: &Option<std::path::PathBuf>,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    match path {
        Some(p) => path_text(p, s),
        None => s.serialize_none(),
    }
}

/// The bytes of the regular file at `path`, if it holds at most `max` bytes.
///
/// The size is checked before reading, and reading stops one byte past `max` in case
/// the file grows meanwhile, so memory stays bounded whatever the file is.
///
/// # Errors
/// A message saying what is wrong: missing, a folder, not a regular file, too large,
/// unreadable.
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| crate::error::io_words(&e))?;
    if meta.is_dir() {
        return Err("is a folder, not a file".into());
    }
    if !meta.is_file() {
        return Err("is not a regular file".into());
    }
    if meta.len() > max {
        return Err(too_large(meta.len(), max));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot be read: {}", crate::error::io_words(&e)))?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64, max));
    }
    Ok(bytes)
}

/// "the file is 104857600 bytes (100 MiB); the limit is 8 MiB".
pub fn too_large(len: u64, max: u64) -> String {
    format!("the file is {len} bytes ({}); the limit is {}", size(len), size(max))
}

/// A byte count for people: `512 bytes`, `64 KiB`, `8 MiB`, `1.5 GiB`.
pub fn size(n: u64) -> String {
    const UNITS: [&str; 3] = ["KiB", "MiB", "GiB"];
    if n < 1024 {
        return format!("{n} bytes");
    }
    let mut v = n as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if v.fract() < 0.05 {
        format!("{v:.0} {}", UNITS[unit])
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_well() {
        assert_eq!(size(512), "512 bytes");
        assert_eq!(size(8 << 20), "8 MiB");
        assert_eq!(size(100 * 1024 * 1024), "100 MiB");
        assert_eq!(size(1536), "1.5 KiB");
    }

    #[test]
    fn special_and_missing_files_are_refused() {
        assert_eq!(read_bounded(Path::new("/definitely/not/here"), 10).unwrap_err(), "no such file");
        assert_eq!(read_bounded(Path::new("/"), 10).unwrap_err(), "is a folder, not a file");
        #[cfg(unix)]
        assert_eq!(read_bounded(Path::new("/dev/zero"), 10).unwrap_err(), "is not a regular file");
    }
}

/// Writes `bytes` to `path` whole or not at all, and durably: into a temporary file in the
/// same folder, synced to disk, then renamed over `path` (and the folder synced, so the
/// rename itself survives a power cut). A crash at any moment leaves either the old file or
/// the new one, never a part; a failed write leaves no temporary file behind.
///
/// # Errors
/// [`Error::Io`] naming `path` (or its folder) when any step fails.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let io = |source| Error::Io { path: path.to_path_buf(), source };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut tmp =
        tempfile::Builder::new().prefix(&format!(".{name}.")).suffix(".partial").tempfile_in(dir).map_err(io)?;
    tmp.write_all(bytes).map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    sync_folder(dir);
    Ok(())
}

/// Syncs a folder's entries, so a file just renamed into it survives a power cut (best
/// effort: not every platform can open a folder to sync it).
pub(crate) fn sync_folder(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod write_tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Brother Aldo.pdf");
        std::fs::write(&path, b"the old sheet, longer than the new one").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(names, [std::ffi::OsString::from("Brother Aldo.pdf")]);
    }

    #[test]
    fn a_write_into_a_missing_folder_names_the_file_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no such folder").join("sheet.pdf");
        let err = write_atomic(&path, b"x").unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Io);
        assert!(err.to_string().contains("sheet.pdf"), "{err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
