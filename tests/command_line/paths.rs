//! Paths are bytes (issue 73): Linux allows any file name but `/` and NUL, UTF-8 or not,
//! so every command takes its arguments and paths as bytes. A panic anywhere in the
//! command line is a failure: every subcommand is run with an argument that is not
//! UTF-8, and each command that reads or writes a file does it at such a path.

use crate::common;

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Cli;

/// A name that is not UTF-8: `x`, then the byte 0xFF, then `name`.
fn not_utf8(name: &str) -> OsString {
    let mut bytes = b"x\xff".to_vec();
    bytes.extend_from_slice(name.as_bytes());
    OsString::from_vec(bytes)
}

/// `tome ARGS`, in `dir`, with stdin closed; killed after a minute. Answers the exit code
/// (`None` when killed by a signal) and stderr.
fn tome_in(dir: &Path, args: &[&OsStr]) -> (Option<i32>, String, Vec<u8>) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("tome"))
        .args(args)
        .current_dir(dir)
        .env_remove("TOME_DB")
        // Never the machine's own database: a command given no --db opens the data
        // directory's, here one under `dir` (it opened the user's, and failed on this
        // machine once a newer build had moved that file's schema on).
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("tome {args:?} still runs after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), out.stdout)
}

/// The subcommands under `words` (`["character"]`), from their help: each leaf as the words
/// that name it.
fn leaves(dir: &Path, words: &[String]) -> Vec<Vec<String>> {
    let mut args: Vec<&OsStr> = words.iter().map(OsStr::new).collect();
    args.push(OsStr::new("--help"));
    let (code, err, out) = tome_in(dir, &args);
    assert_eq!(code, Some(0), "tome {words:?} --help: {err}");
    let help = String::from_utf8(out).unwrap();
    let Some(commands) = help.split("Commands:\n").nth(1) else { return vec![words.to_vec()] };
    let mut found = Vec::new();
    for line in commands.lines().take_while(|l| l.starts_with("  ")) {
        let Some(name) = line.split_whitespace().next() else { continue };
        if name == "help" || line.starts_with("   ") {
            continue;
        }
        let mut deeper = words.to_vec();
        deeper.push(name.to_string());
        found.extend(leaves(dir, &deeper));
    }
    found
}

/// Each subcommand, given a first argument that is not UTF-8 (and a second, for those
/// whose first is a number or an id), as text and as `--json`, on a database whose path
/// is not UTF-8: answered or refused, never a panic (exit 101).
#[test]
fn no_command_panics_on_arguments_that_are_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join(not_utf8("tome.db"));
    let all = leaves(dir.path(), &[]);
    assert!(all.len() > 60, "every subcommand is found: {all:?}");
    assert!(all.iter().any(|l| l == &["character", "import"]), "{all:?}");
    let mut panics = Vec::new();
    for leaf in &all {
        // `share` serves until it is stopped; its arguments are parsed before that.
        let odd = not_utf8("arg");
        let odd = odd.as_os_str();
        for extra in [vec![odd], vec![OsStr::new("1"), odd]] {
            for json in [false, true] {
                let mut args: Vec<&OsStr> = vec![OsStr::new("--db"), db.as_os_str()];
                args.extend(leaf.iter().map(OsStr::new));
                args.extend(extra.iter().copied());
                if json {
                    args.push(OsStr::new("--json"));
                }
                let (code, err, _) = tome_in(dir.path(), &args);
                if code == Some(101) || err.contains("panicked") {
                    panics.push(format!("tome {leaf:?} {extra:?}{}: {err}", if json { " --json" } else { "" }));
                }
            }
        }
    }
    assert!(panics.is_empty(), "panics:\n{}", panics.join("\n"));
}

/// `tome ARGS` that must succeed, with the database at `db`.
fn ok(dir: &Path, db: &Path, args: &[&OsStr]) -> Vec<u8> {
    let mut all: Vec<&OsStr> = vec![OsStr::new("--db"), db.as_os_str()];
    all.extend_from_slice(args);
    let (code, err, out) = tome_in(dir, &all);
    assert_eq!(code, Some(0), "tome {all:?}: {err}");
    out
}

/// The five panics: every import of a file whose path is not UTF-8 exited 101
/// ("panicked at …/env.rs"). Each import, export, print, backup and restore works at
/// such a path, as text and as `--json`.
#[test]
fn every_command_that_takes_a_path_takes_one_that_is_not_utf8() {
    let cli = Cli::new();
    let dir = cli.dir.path();
    let db = dir.join(not_utf8("tome.db"));
    let at = |name: &str| dir.join(not_utf8(name));
    let o = |s: &'static str| OsStr::new(s);
    for json in [false, true] {
        let j: &[&OsStr] = if json { &[OsStr::new("--json")] } else { &[] };
        let run = |args: &[&OsStr]| {
            let mut args = args.to_vec();
            args.extend_from_slice(j);
            ok(dir, &db, &args)
        };
        let n = if json { "j" } else { "t" };
        let file = |stem: &str, ext: &str| at(&format!("{stem}-{n}.{ext}"));
        run(&[o("character"), o("new"), o("--system"), o("mythcraft"), o("--name"), o("Ann")]);
        let sheet = file("ann", "json");
        run(&[o("character"), o("export"), o("1"), o("--out"), sheet.as_os_str()]);
        run(&[o("character"), o("import"), sheet.as_os_str()]);
        run(&[o("character"), o("pdf"), o("1"), o("--out"), file("ann", "pdf").as_os_str()]);

        let goblin = if json { "Goblin J" } else { "Goblin T" };
        run(&[o("adversary"), o("new"), o("--system"), o("mythcraft"), o("--name"), OsStr::new(goblin)]);
        let block = file("goblin", "json");
        run(&[o("adversary"), o("export"), OsStr::new(goblin), o("--out"), block.as_os_str()]);
        let other = std::fs::read_to_string(&block).unwrap().replace(goblin, &format!("{goblin} Twin"));
        std::fs::write(&block, other).unwrap();
        run(&[o("adversary"), o("import"), block.as_os_str()]);

        let text = file("notes", "md");
        std::fs::write(&text, "# Rules of the house\n\nNo rerolls.\n").unwrap();
        run(&[o("import-text"), text.as_os_str(), o("--system"), o("mythcraft"), o("--title"), OsStr::new(n)]);

        let pack = file("pack", "toml");
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/packs/fireside-tables.toml");
        std::fs::copy(source, &pack).unwrap();
        run(&[o("pack"), o("check"), pack.as_os_str()]);
        run(&[o("pack"), o("import"), pack.as_os_str()]);

        run(&[o("screen"), o("mythcraft"), o("--out"), file("screen", "pdf").as_os_str()]);
        let fight = if json { "2" } else { "1" };
        run(&[o("encounter"), o("new"), o("--system"), o("mythcraft"), o("--name"), o("Bridge")]);
        run(&[o("encounter"), o("add"), OsStr::new(fight), o("--adversary"), OsStr::new(goblin)]);
        run(&[o("encounter"), o("pdf"), OsStr::new(fight), o("--out"), file("cards", "pdf").as_os_str()]);
        run(&[o("encounter"), o("session-log"), OsStr::new(fight), o("--out"), file("evening", "md").as_os_str()]);
        run(&[o("party"), o("new"), o("--system"), o("mythcraft"), o("--name"), OsStr::new(n)]);
        run(&[o("party"), o("add"), OsStr::new(n), o("1")]);
        run(&[o("party"), o("pdf"), OsStr::new(n), o("--out"), file("party", "pdf").as_os_str()]);

        let backup = file("backup", "db");
        run(&[o("db"), o("backup"), o("--out"), backup.as_os_str()]);
        run(&[o("db"), o("backup")]);
        run(&[o("db"), o("backups")]);
        run(&[o("db"), o("check")]);
        run(&[o("db"), o("restore"), backup.as_os_str()]);
        let pages = file("man", "d");
        run(&[o("manpages"), pages.as_os_str()]);
        let evening = file("evening", "md");
        for written in
            [sheet, file("ann", "pdf"), block, file("screen", "pdf"), file("cards", "pdf"), evening, backup, pages]
        {
            assert!(written.exists(), "{} is written", PathBuf::from(&written).display());
        }
    }
    let seed = dir.join(not_utf8("seed"));
    std::fs::create_dir(&seed).unwrap();
    let (code, err, _) = tome_in(dir, &[o("check-seed"), seed.as_os_str()]);
    assert!(code != Some(101) && !err.contains("panicked"), "check-seed: {err}");
    assert!(err.contains("seed"), "names the folder it read: {err}");
}
