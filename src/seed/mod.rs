//! The shipped content: TOML files under `seed/`, embedded in the binary, parsed
//! strictly and validated as a whole before anything is written to the database.
//!
//! The format is documented in `docs/seed-format.md`.

mod mentions;
mod raw;
mod validate;

use std::fmt;
use std::path::Path;

use include_dir::{include_dir, Dir};
use sha2::{Digest, Sha256};

use crate::model;
use crate::Kind;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/seed");

/// One seed file: its path relative to the seed root (`ars-magica/weapons.toml`) and text.
#[derive(Debug, Clone)]
pub struct SeedFile {
    pub path: String,
    pub text: String,
}

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

    /// A seed tree on disk (for checking edits before building).
    ///
    /// # Errors
    /// A folder that cannot be read, or a file that is not UTF-8, is reported as a problem.
    pub fn from_dir(root: &Path) -> Result<SeedFiles, Problems> {
        let mut files = Vec::new();
        let mut problems = Problems::default();
        walk(root, root, &mut files, &mut problems);
        if !problems.is_empty() {
            return Err(problems);
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(SeedFiles { root: root.display().to_string().trim_end_matches('/').to_string(), files })
    }

    /// A digest of every path and byte, to tell whether a database holds this content.
    pub fn digest(&self) -> String {
        let mut h = Sha256::new();
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

fn walk(root: &Path, dir: &Path, out: &mut Vec<SeedFile>, problems: &mut Problems) {
    let shown = dir.display().to_string();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            problems.push(Problem::file(&shown, format!("cannot read folder: {e}")));
            return;
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out, problems);
        } else if path.extension().is_some_and(|e| e == "toml") {
            let rel = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            match std::fs::read(&path) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => out.push(SeedFile { path: rel, text }),
                    Err(e) => problems.push(Problem::file(
                        &path.display().to_string(),
                        format!("not UTF-8 text (invalid byte at offset {})", e.utf8_error().valid_up_to()),
                    )),
                },
                Err(e) => problems.push(Problem::file(&path.display().to_string(), format!("cannot read: {e}"))),
            }
        }
    }
}

/// Validated content, ready to be written to the database.
#[derive(Debug, Clone)]
pub struct Content {
    pub systems: Vec<SystemDef>,
    pub entries: Vec<ContentEntry>,
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

/// One thing wrong with the content: where and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Problem {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl Problem {
    pub fn file(file: &str, message: impl Into<String>) -> Problem {
        Problem { file: file.to_string(), line: None, message: message.into() }
    }

    pub fn at(file: &str, line: usize, message: impl Into<String>) -> Problem {
        Problem { file: file.to_string(), line: Some(line), message: message.into() }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// Everything wrong with a seed tree, sorted by file and line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn push(&mut self, p: Problem) {
        self.0.push(p);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Problem> {
        self.0.iter()
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}
