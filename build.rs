//! Names the code an encounter's checkpoints are made by (`src/encounters/checkpoint.rs`):
//! a hash of every source that replaying an event runs, so a Tome built from other rules
//! replays the events again rather than reading a state its rules might not give.

use std::fs;
use std::path::{Path, PathBuf};

/// What a replay runs: the engine, every system's rules, the shared rule helpers, and the
/// lock file pinning the libraries they use.
const SOURCES: &[&str] = &["src/encounters", "src/systems", "src/rules", "src/dice.rs", "Cargo.lock"];

fn main() {
    let mut files = Vec::new();
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
        collect(Path::new(source), &mut files);
    }
    files.sort();
    // FNV-1a: a fixed, dependency-free hash, the same on every machine and build.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let name = file.to_string_lossy().replace('\\', "/");
        let bytes = fs::read(file).unwrap_or_default();
        for b in name.as_bytes().iter().chain([0u8].iter()).chain(bytes.iter()) {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=TOME_FIGHT_CODE={h:016x}");
    seed_digest();
    table_pages();
}

/// The digest of the shipped content (`SeedFiles::digest` of the embedded seed), computed
/// here once rather than at every open: hashing 1.5 MB of TOML cost a command-line read as
/// much as all of SQLite's work (BENCHMARKS.md, issue 58). The same bytes in the same
/// order as `SeedFiles::digest`; a test checks the two agree.
fn seed_digest() {
    use sha2::{Digest, Sha256};
    println!("cargo:rerun-if-changed=seed");
    println!("cargo:rerun-if-changed=src/seed/mod.rs");
    let loader = fs::read_to_string("src/seed/mod.rs").expect("src/seed/mod.rs is readable");
    let revision: u32 = loader
        .lines()
        .find_map(|l| l.trim().strip_prefix("const LOADER_REVISION: u32 = "))
        .and_then(|v| v.trim_end_matches(';').trim().parse().ok())
        .expect("src/seed/mod.rs names its LOADER_REVISION");
    let root = Path::new("seed");
    let mut files = Vec::new();
    collect(root, &mut files);
    let mut seed: Vec<(String, String)> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "toml"))
        .map(|f| {
            let path = f.strip_prefix(root).unwrap_or(f).to_string_lossy().replace('\\', "/");
            (path, String::from_utf8_lossy(&fs::read(f).unwrap_or_default()).into_owned())
        })
        .collect();
    seed.sort();
    let mut h = Sha256::new();
    h.update(revision.to_le_bytes());
    for (path, text) in &seed {
        h.update(path.as_bytes());
        h.update([0]);
        h.update(text.as_bytes());
        h.update([0]);
    }
    println!("cargo:rustc-env=TOME_SEED_DIGEST={:x}", h.finalize());
}

/// The phone pages (`npm --prefix ui run build:table`, into `ui/dist-table`) are embedded
/// into the binary from a copy in OUT_DIR.
///
/// Every `tome` a user builds must serve them: a game master who builds the command line
/// alone still shares a working table. So when they are not built yet and the UI's
/// packages are installed, this script builds them; when it cannot, a release build (what
/// `make cli`, `cargo build --release` and `cargo install` make) fails, naming the two
/// commands that fix it. A debug build (the tests', a developer's) goes on without them
/// and serves a page saying how to build them, and says so here.
///
/// Cargo runs this again when the directory or any file in it changes (a rebuilt page,
/// the directory made or removed), so the binary serves the pages as built now
/// (`tests/table/share.rs` checks it byte for byte). Cargo judges that by modification times
/// against this script's last run; clones (git worktrees) sharing one target directory
/// share that run too, so a clone's older pages would look unchanged after another
/// clone's run: the directory cargo is run from is watched as well, and the script runs
/// again when a build comes from another clone.
fn table_pages() {
    let built = Path::new("ui/dist-table");
    println!("cargo:rerun-if-changed={}", built.display());
    println!("cargo:rerun-if-changed=ui/node_modules/.package-lock.json");
    println!("cargo:rerun-if-env-changed=PWD");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("table");
    let _ = fs::remove_dir_all(&out);
    fs::create_dir_all(&out).expect("OUT_DIR is writable");
    if !built.join("table.html").is_file() {
        build_table_pages();
    }
    if built.join("table.html").is_file() {
        copy_tree(built, &out);
        println!("cargo:rustc-env=TOME_TABLE_PAGES=1");
        return;
    }
    const HOW: &str = "npm --prefix ui ci && npm --prefix ui run build:table";
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        panic!(
            "the phone pages `tome share` serves are not built, and npm could not build them here. \
             Run `{HOW}` (or `make cli`, which does), then build again."
        );
    }
    println!(
        "cargo:warning=ui/dist-table is not built: this debug `tome share` will serve a page saying so \
         (`{HOW}`, or `make cli`)"
    );
    println!("cargo:rustc-env=TOME_TABLE_PAGES=0");
}

/// Builds the phone pages with the UI's own Vite, when its packages are installed.
fn build_table_pages() {
    if !Path::new("ui/node_modules/.bin/vite").exists() {
        return;
    }
    let status = std::process::Command::new("npm")
        .args(["--prefix", "ui", "run", "build:table", "--silent"])
        .stdout(std::process::Stdio::null())
        .status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => println!("cargo:warning=building the phone pages failed ({s}): run `npm --prefix ui run build:table`"),
        Err(e) => println!("cargo:warning=npm could not be run to build the phone pages: {e}"),
    }
}

fn copy_tree(from: &Path, to: &Path) {
    let Ok(entries) = fs::read_dir(from) else { return };
    for entry in entries.flatten() {
        let target = to.join(entry.file_name());
        let path = entry.path();
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_dir() {
            fs::create_dir_all(&target).expect("OUT_DIR is writable");
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target).expect("OUT_DIR is writable");
        }
    }
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(entries) = fs::read_dir(path) else { return };
        for entry in entries.flatten() {
            collect(&entry.path(), out);
        }
    } else if path.is_file() {
        out.push(path.to_path_buf());
    }
}
