//! Reading files the user hands Tome (packs, rules documents): bounded, so a huge file
//! or a special file (a FIFO, a device) is refused before it is read, never loaded.

use std::io::Read;
use std::path::Path;

/// The bytes of the regular file at `path`, if it holds at most `max` bytes.
///
/// The size is checked before reading, and reading stops one byte past `max` in case
/// the file grows meanwhile, so memory stays bounded whatever the file is.
///
/// # Errors
/// A message saying what is wrong: missing, a folder, not a regular file, too large,
/// unreadable.
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
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
        .map_err(|e| format!("cannot read: {e}"))?;
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
        assert!(read_bounded(Path::new("/definitely/not/here"), 10).unwrap_err().starts_with("cannot read"));
        assert_eq!(read_bounded(Path::new("/"), 10).unwrap_err(), "is a folder, not a file");
        #[cfg(unix)]
        assert_eq!(read_bounded(Path::new("/dev/zero"), 10).unwrap_err(), "is not a regular file");
    }
}
