//! The shipped content: TOML files under `seed/`, embedded in the binary, parsed
//! strictly and validated as a whole before anything is written to the database.
//!
//! The format is documented in `docs/seed-format.md`.

mod mentions;
mod raw;
mod validate;

use std::collections::{HashMap, HashSet};
use std::path::Path;

use include_dir::{include_dir, Dir};
use sha2::{Digest, Sha256};

pub use crate::error::{Problem, Problems};
use crate::model;
use crate::Kind;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/seed");

/// One seed file: its path relative to the seed root (`ars-magica/weapons.toml`) and text.
#[derive(Debug, Clone)]
pub struct SeedFile {
    pub path: String,
    pub text: String,
}

/// Bump when loading derives something new from the same seed files (revision 2: table
/// cells name entries; 3: a short name stands for the longer entry linked; 4: a table's
/// rows are searched with its text), so databases
/// filled by an older Tome are refreshed.
const LOADER_REVISION: u32 = 4;

/// A set of seed files and the name its paths are shown under in messages.
#[derive(Debug, Clone)]
pub struct SeedFiles {
    /// Prefix for file names in messages (`seed`).
    pub root: String,
    pub files: Vec<SeedFile>,
}

impl SeedFiles {
    /// The content compiled into this binary.
    pub fn embedded() -> SeedFiles {
        let mut files = Vec::new();
        collect_embedded(&EMBEDDED, &mut files);
        files.sort_by(|a, b| a.path.cmp(&b.path));
        SeedFiles { root: "seed".into(), files }
    }

    /// A seed tree on disk (for checking edits before building), or a pack folder.
    ///
    /// Reading is bounded: symbolic links and special files are not followed, folders
    /// deeper than [`MAX_DEPTH`], files over [`MAX_FILE_BYTES`] and trees over
    /// [`MAX_FILES`] files or [`MAX_TREE_BYTES`] bytes are refused (sizes are checked
    /// before anything is read).
    ///
    /// # Errors
    /// A folder that cannot be read, a file that is empty, too large or not UTF-8, or a
    /// tree over the limits is reported as a problem.
    pub fn from_dir(root: &Path) -> Result<SeedFiles, Problems> {
        SeedFiles::from_dir_shown_from(root, None)
    }

    /// [`SeedFiles::from_dir`], with every path in messages shown from `base` (a folder
    /// `root` is in, such as the one a pack was picked in): `my-pack/pack.toml`, not the
    /// whole path.
    pub fn from_dir_shown_from(root: &Path, base: Option<&Path>) -> Result<SeedFiles, Problems> {
        let mut walk = Walk { root, base, files: Vec::new(), problems: Problems::default(), bytes: 0 };
        walk.dir(root, 0);
        let Walk { mut files, mut problems, .. } = walk;
        if !problems.is_empty() {
            problems.0.sort();
            return Err(problems);
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(SeedFiles { root: shown_path(root, base), files })
    }

    /// One file, read with the same limits as [`SeedFiles::from_dir`]; its path is its
    /// file name and the root its folder.
    ///
    /// # Errors
    /// The file cannot be read, or is empty, too large or not UTF-8.
    pub fn from_file(path: &Path) -> Result<SeedFiles, Problems> {
        SeedFiles::from_file_shown_from(path, None)
    }

    /// [`SeedFiles::from_file`], with its path in messages shown from `base` (the folder
    /// it was picked in): `gear.toml`, not the whole path.
    pub fn from_file_shown_from(path: &Path, base: Option<&Path>) -> Result<SeedFiles, Problems> {
        let shown = shown_path(path, base);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| shown.clone());
        let root = path.parent().map(|p| shown_path(p, base)).unwrap_or_default();
        let text = read_text_file(path, &shown, MAX_FILE_BYTES).map_err(|p| Problems(vec![p]))?;
        Ok(SeedFiles { root, files: vec![SeedFile { path: name, text }] })
    }

    /// Files given in memory (the single file of a pack sent by the app, fuzzing).
    pub fn from_bytes(root: &str, name: &str, bytes: &[u8]) -> Result<SeedFiles, Problems> {
        let shown = if root.is_empty() { name.to_string() } else { format!("{root}/{name}") };
        let text = text_of(bytes, &shown, MAX_FILE_BYTES).map_err(|p| Problems(vec![p]))?;
        Ok(SeedFiles { root: root.to_string(), files: vec![SeedFile { path: name.to_string(), text }] })
    }

    /// A digest of every path and byte, to tell whether a database holds this content.
    pub fn digest(&self) -> String {
        self.digest_of_files()
    }

    /// The digest of the content compiled into this binary: [`SeedFiles::digest`] of
    /// [`SeedFiles::embedded`], computed when it was built.
    pub fn embedded_digest() -> &'static str {
        env!("TOME_SEED_DIGEST")
    }

    fn digest_of_files(&self) -> String {
        let mut h = Sha256::new();
        // What loading derives from the files (mentions, links) is part of the content
        // too: a Tome that derives more refreshes a database an older one filled.
        h.update(LOADER_REVISION.to_le_bytes());
        for f in &self.files {
            h.update(f.path.as_bytes());
            h.update([0]);
            h.update(f.text.as_bytes());
            h.update([0]);
        }
        format!("{:x}", h.finalize())
    }

    /// Parses and validates every file. Every problem is reported, not just the first.
    pub fn load(&self) -> Result<Content, Problems> {
        validate::load(self)
    }

    /// Parses and validates a homebrew pack: a folder with `pack.toml` and system
    /// folders, or (`single_file`) one file holding the `[pack]` manifest and the
    /// entries of one system. Entry ids are namespaced with the pack's name; links may
    /// point to the pack's own entries and to those in `known` that belong to no pack.
    /// Every problem is reported, not just the first.
    pub fn load_pack(&self, single_file: bool, known: &Known) -> Result<PackContent, Problems> {
        validate::load_pack(self, single_file, known)
    }
}

/// The largest seed or pack file read (1 MiB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// The most bytes one seed tree or pack folder may hold (8 MiB).
pub const MAX_TREE_BYTES: u64 = 8 << 20;
/// The most `.toml` files in one tree.
pub const MAX_FILES: usize = 1_000;
/// The deepest folder read below the root.
pub const MAX_DEPTH: usize = 6;

pub use validate::{MAX_PACK_ENTRIES, PACK_FILE};

/// What pack content may refer to besides itself: the systems and entries already in
/// the database.
#[derive(Debug, Clone, Default)]
pub struct Known {
    pub systems: HashSet<String>,
    pub entries: HashMap<String, KnownEntry>,
}

#[derive(Debug, Clone)]
pub struct KnownEntry {
    pub kind: Kind,
    pub system: String,
    pub name: String,
    pub aliases: Vec<String>,
    /// The pack it belongs to; `None` for shipped content.
    pub pack: Option<String>,
}

impl Known {
    /// The systems and entries of `content` (the shipped content).
    pub fn from_content(content: &Content) -> Known {
        Known {
            systems: content.systems.iter().map(|s| s.id.clone()).collect(),
            entries: content
                .entries
                .iter()
                .map(|e| {
                    let known = KnownEntry {
                        kind: e.kind,
                        system: e.system.clone(),
                        name: e.name.clone(),
                        aliases: e.aliases.clone(),
                        pack: None,
                    };
                    (e.id.clone(), known)
                })
                .collect(),
        }
    }
}

/// A pack's manifest, checked.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PackManifest {
    /// The pack's name: a slug, unique among packs, the namespace of its entry ids.
    pub name: String,
    /// A human title (the name when the manifest gives none).
    pub title: String,
    pub version: String,
    pub author: String,
    /// The systems it adds to.
    pub systems: Vec<String>,
    pub description: String,
}

/// A validated pack, ready to be written to the database.
#[derive(Debug, Clone)]
pub struct PackContent {
    pub manifest: PackManifest,
    pub entries: Vec<ContentEntry>,
    /// The adversaries it ships, as written: the API checks each by its system's rules.
    pub adversaries: Vec<SeedAdversary>,
}

/// An adversary of a pack or of Tome's starters, with where it is written (for problems
/// by file and line).
#[derive(Debug, Clone)]
pub struct SeedAdversary {
    pub system: String,
    pub file: String,
    pub line: usize,
    pub seed: raw::AdversarySeed,
}

fn collect_embedded(dir: &Dir<'static>, out: &mut Vec<SeedFile>) {
    for d in dir.dirs() {
        collect_embedded(d, out);
    }
    for f in dir.files() {
        let path = f.path().to_string_lossy().replace('\\', "/");
        if !path.ends_with(".toml") {
            continue;
        }
        // Seed files are UTF-8 by contract; a test checks the embedded bytes equal the
        // files on disk, which `from_dir` reads strictly.
        let text = String::from_utf8_lossy(f.contents()).into_owned();
        out.push(SeedFile { path, text });
    }
}

/// How messages show `path`: from `base` when it is inside it, else whole.
fn shown_path(path: &Path, base: Option<&Path>) -> String {
    let path = base.and_then(|b| path.strip_prefix(b).ok()).unwrap_or(path);
    path.display().to_string().trim_end_matches('/').to_string()
}

struct Walk<'a> {
    root: &'a Path,
    base: Option<&'a Path>,
    files: Vec<SeedFile>,
    problems: Problems,
    bytes: u64,
}

impl Walk<'_> {
    fn dir(&mut self, dir: &Path, depth: usize) {
        let shown = shown_path(dir, self.base);
        if depth > MAX_DEPTH {
            self.problems.push(Problem::file(&shown, format!("folders nest deeper than {MAX_DEPTH} levels; not read")));
            return;
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => {
                self.problems.push(Problem::file(&shown, format!("cannot read folder: {e}")));
                return;
            }
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            let shown = shown_path(&path, self.base);
            // `DirEntry::file_type` does not follow symbolic links.
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_symlink() {
                if path.extension().is_some_and(|e| e == "toml") || path.is_dir() {
                    self.problems.push(Problem::file(&shown, "a symbolic link; copy the file or folder in instead"));
                }
            } else if kind.is_dir() {
                self.dir(&path, depth + 1);
            } else if path.extension().is_some_and(|e| e == "toml") {
                if !kind.is_file() {
                    self.problems.push(Problem::file(&shown, "not a regular file"));
                    continue;
                }
                if self.files.len() >= MAX_FILES {
                    self.problems.push(Problem::file(&shown, format!("more than {MAX_FILES} .toml files; not read")));
                    return;
                }
                let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                if self.bytes + size.min(MAX_FILE_BYTES + 1) > MAX_TREE_BYTES {
                    self.problems.push(Problem::file(
                        &shown,
                        format!("the files add up to more than {} MiB; not read", MAX_TREE_BYTES >> 20),
                    ));
                    return;
                }
                match read_text_file(&path, &shown, MAX_FILE_BYTES) {
                    Ok(text) => {
                        self.bytes += text.len() as u64;
                        let rel = path.strip_prefix(self.root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
                        self.files.push(SeedFile { path: rel, text });
                    }
                    Err(p) => self.problems.push(p),
                }
            }
        }
    }
}

/// Reads a UTF-8 text file of at most `max` bytes (see [`crate::files::read_bounded`]).
pub(crate) fn read_text_file(path: &Path, shown: &str, max: u64) -> Result<String, Problem> {
    let bytes = crate::files::read_bounded(path, max).map_err(|m| Problem::file(shown, m))?;
    text_of(&bytes, shown, max)
}

/// Bytes as text: not over `max`, not empty, UTF-8 (a leading byte-order mark dropped).
fn text_of(bytes: &[u8], shown: &str, max: u64) -> Result<String, Problem> {
    if bytes.len() as u64 > max {
        return Err(Problem::file(shown, crate::files::too_large(bytes.len() as u64, max)));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Problem::file(shown, "the file is empty"));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(e) => Err(Problem::file(
            shown,
            format!("not UTF-8 text (invalid byte at offset {}); save it as UTF-8", e.valid_up_to()),
        )),
    }
}

/// Validated content, ready to be written to the database.
#[derive(Debug, Clone)]
pub struct Content {
    pub systems: Vec<SystemDef>,
    pub entries: Vec<ContentEntry>,
    /// Tome's starter adversaries (`seed/<system>/adversaries.toml`), as written: the API
    /// checks each by its system's rules and gives it to the library once.
    pub adversaries: Vec<SeedAdversary>,
}

#[derive(Debug, Clone)]
pub struct SystemDef {
    pub id: String,
    pub name: String,
    pub document: String,
    pub title: String,
}

/// One validated entry.
#[derive(Debug, Clone)]
pub struct ContentEntry {
    pub id: String,
    pub system: String,
    pub kind: Kind,
    pub slug: String,
    pub name: String,
    pub section: String,
    pub summary: String,
    pub body: String,
    pub aliases: Vec<String>,
    /// Links written in the seed (and a condition's implied conditions).
    pub links: Vec<String>,
    /// Entries of the same system that the summary or body mentions by name:
    /// (id, the words that mention it).
    pub mentions: Vec<(String, String)>,
    pub detail: SeedDetail,
    /// The seed file it was written in, and the line.
    pub file: String,
    pub line: usize,
}

/// The typed part of an entry.
#[derive(Debug, Clone)]
pub enum SeedDetail {
    None,
    Weapon(model::Weapon),
    Armor(model::Armor),
    Spell(model::Spell),
    Condition(model::Condition),
    Maneuver(model::Maneuver),
    Position(model::Position),
    Table { dice: Option<String>, columns: Vec<String>, rows: Vec<model::TableRow> },
    Rule(model::Rule),
}

#[cfg(test)]
mod tests {
    use super::SeedFiles;

    /// The digest an open compares with the database's is the one build.rs computed: it
    /// must be the digest of the content this binary holds, or an open would refresh the
    /// shipped content every time (or never).
    #[test]
    fn the_digest_computed_at_build_is_the_embedded_contents() {
        assert_eq!(SeedFiles::embedded_digest(), SeedFiles::embedded().digest());
    }
}
