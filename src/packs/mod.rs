//! Homebrew packs: content of the user's own, in the seed format, added to the systems
//! Tome has (`tome pack import PATH`, `tome pack list`, `tome pack remove NAME`).
//!
//! A pack is a folder (`pack.toml` with the `[pack]` manifest, and one folder per
//! system holding seed-format files) or a single file (the `[pack]` manifest and the
//! entries of one system). It is parsed and checked by the seed loader
//! ([`crate::seed::SeedFiles::load_pack`]): every problem is reported at once with its
//! file and line, and nothing is written unless the whole pack is valid. The import is
//! one transaction. The format is documented in `docs/packs.md`.
//!
//! **Ids.** A pack entry's id is `system/kind/PACK--slug`
//! (`ars-magica/weapon/hearth-and-blade--boar-spear`). Shipped slugs never contain
//! `--` and pack names cannot, so a pack can never overwrite shipped content or another
//! pack's entries; the id keeps the three-part shape every id reader relies on. Links
//! in a pack may name its own entries without the prefix; they may point to shipped
//! entries, never to another pack's (so removing one pack cannot break another).
//!
//! **Re-importing** a pack of the same name replaces it: entries are updated in place;
//! one the new version drops is deleted, or kept as *retired* when a character sheet
//! uses it. Removing a pack that a character still uses is refused.

use std::path::Path;

use serde::Serialize;
use ts_rs::TS;

use crate::seed::{Known, PackContent, Problems, SeedFiles};

pub use crate::seed::{PackManifest, MAX_PACK_ENTRIES, PACK_FILE};

/// An installed pack.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct PackInfo {
    pub name: String,
    pub title: String,
    pub version: String,
    pub author: String,
    pub systems: Vec<String>,
    pub description: String,
    /// Entries it holds (retired ones not counted).
    pub entries: u32,
    /// Unix seconds.
    pub imported_at: i64,
}

/// What an import did.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct PackImport {
    pub pack: PackInfo,
    /// The version it replaced, when a pack of that name was installed.
    pub replaced: Option<String>,
    /// Entries new to the database, updated in place, dropped (deleted), and dropped
    /// but kept retired because a character uses them.
    pub added: u32,
    pub updated: u32,
    pub removed: u32,
    pub retired: u32,
}

/// Reads the pack at `path`: a folder, or a single file. Sizes are checked before
/// anything is read (see [`SeedFiles::from_dir`]). Returns the files and whether the
/// pack is a single file. Paths in messages are shown from `base` when given (the
/// folder the pack was picked in), else whole.
///
/// # Errors
/// What could not be read, as problems with the file named.
pub fn read(path: &Path, base: Option<&Path>) -> Result<(SeedFiles, bool), Problems> {
    if path.is_dir() {
        SeedFiles::from_dir_shown_from(path, base).map(|f| (f, false))
    } else {
        SeedFiles::from_file_shown_from(path, base).map(|f| (f, true))
    }
}

/// Parses and checks a single-file pack held in memory against `known`: what an
/// import of the file would accept or reject, without a database.
///
/// # Errors
/// Every problem, with file and line.
pub fn check_bytes(file_name: &str, bytes: &[u8], known: &Known) -> Result<PackContent, Problems> {
    SeedFiles::from_bytes("", file_name, bytes)?.load_pack(true, known)
}
