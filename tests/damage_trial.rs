//! Issue 40's reliability trial: copies of a database, each with 100 random bytes
//! changed and its modification time kept (as a failing disk, or a damaged file restored
//! with its time, leaves it), read by a set of commands. A command may refuse (the
//! damaged-database message) but never answer wrongly with exit status 0, whether the
//! marker of the last clean close is kept beside the copy or not.
//!
//! `make test` runs a few copies; `TOME_DAMAGE_TRIAL=50 cargo test --test damage_trial`
//! runs the trial's full count (50 copies, each with the marker kept and without), and
//! `TOME_DAMAGE_BYTES=N` changes N bytes a copy in place of 100.

mod common;

use std::path::{Path, PathBuf};

use common::Cli;
use rand::{Rng, SeedableRng};

/// The reads the trial compares, as `tome --json` arguments (the ids filled in later).
const READS: &[&[&str]] = &[
    &["systems"],
    &["list", "weapon", "--system", "ars-magica"],
    &["list", "rule", "--system", "primal-wild"],
    &["list", "condition", "--system", "mythcraft"],
    &["show", "ars-magica/weapon/dagger"],
    &["show", "primal-wild/rule/clash-results"],
    &["search", "sword"],
    &["character", "list"],
    &["character", "show", "CHARACTER"],
    &["encounter", "show", "ENCOUNTER"],
    &["encounter", "log", "ENCOUNTER"],
];

/// How many copies: a few by default, the trial's 50 with `TOME_DAMAGE_TRIAL=50`.
fn copies() -> u64 {
    std::env::var("TOME_DAMAGE_TRIAL").ok().and_then(|n| n.parse().ok()).unwrap_or(10)
}

/// A database with a character with some values and revisions, and an encounter under
/// way, closed cleanly (its marker beside it); the reads with their ids filled in.
fn filled(cli: &Cli) -> Vec<Vec<String>> {
    let v = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Wrenna Quillfeather"]);
    let character = v["character"]["id"].to_string();
    cli.json(&["character", "set", &character, "player", "Ann", "level", "3"]);
    cli.json(&["character", "set", &character, "level", "4"]);
    let encounter = cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Ogre bridge"])["id"].to_string();
    cli.text(&["encounter", "add", &encounter, "--npc", "Grimbold", "--stat", "max-hp=40"]);
    cli.text(&["encounter", "add", &encounter, "--npc", "Ogre", "--stat", "max-hp=60"]);
    cli.text(&["encounter", "start", &encounter]);
    cli.text(&["encounter", "damage", &encounter, "Ogre", "--amount", "12"]);
    cli.text(&["encounter", "next", &encounter]);
    READS
        .iter()
        .map(|args| {
            args.iter()
                .map(|a| match *a {
                    "CHARACTER" => character.clone(),
                    "ENCOUNTER" => encounter.clone(),
                    a => a.to_string(),
                })
                .collect()
        })
        .collect()
}

fn marker(db: &Path) -> PathBuf {
    PathBuf::from(format!("{}-checked", db.display()))
}

/// What `tome --db db --json args` printed, with its exit status.
fn read(db: &Path, args: &[String]) -> (Option<i32>, Vec<u8>) {
    let out = assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(db).arg("--json").args(args).output();
    let out = out.unwrap();
    (out.status.code(), out.stdout)
}

/// How many bytes each copy has changed: the trial's 100, or `TOME_DAMAGE_BYTES` (fewer
/// leave more copies that SQLite's own check passes, for the reads to meet).
fn bytes_changed() -> usize {
    std::env::var("TOME_DAMAGE_BYTES").ok().and_then(|n| n.parse().ok()).unwrap_or(100)
}

/// Changes random bytes of the file at `db` and puts its modification time back.
fn damage(db: &Path, seed: u64) {
    let before = std::fs::metadata(db).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(db).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..bytes_changed() {
        let at = rng.random_range(0..bytes.len());
        bytes[at] = rng.random();
    }
    let f = std::fs::OpenOptions::new().write(true).open(db).unwrap();
    std::io::Write::write_all(&mut &f, &bytes).unwrap();
    f.set_modified(before).unwrap();
}

#[test]
fn no_randomly_damaged_copy_gives_a_wrong_answer_with_exit_status_0() {
    let cli = Cli::new();
    let reads = filled(&cli);
    let whole: Vec<(Option<i32>, Vec<u8>)> = reads.iter().map(|args| read(&cli.db, args)).collect();
    for ((code, _), args) in whole.iter().zip(&reads) {
        assert_eq!(*code, Some(0), "tome {args:?} answers on the whole file");
    }
    let original = std::fs::read(&cli.db).unwrap();
    let time = std::fs::metadata(&cli.db).unwrap().modified().unwrap();
    let kept_marker = std::fs::read(marker(&cli.db)).expect("a clean close leaves its marker");

    let mut wrong = Vec::new();
    let mut refused = 0;
    let mut panics = Vec::new();
    for seed in 0..copies() {
        for keep_marker in [true, false] {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("tome.db");
            std::fs::write(&db, &original).unwrap();
            std::fs::File::options().write(true).open(&db).unwrap().set_modified(time).unwrap();
            damage(&db, seed);
            if keep_marker {
                std::fs::write(marker(&db), &kept_marker).unwrap();
            }
            for (args, (_, want)) in reads.iter().zip(&whole) {
                match read(&db, args) {
                    (Some(0), got) if got != *want => {
                        wrong.push(format!("copy {seed} (marker kept: {keep_marker}): tome {args:?}"))
                    }
                    (Some(0), _) => {}
                    (Some(101) | None, _) => panics.push(format!("copy {seed}: tome {args:?}")),
                    (Some(_), _) => refused += 1,
                }
            }
        }
    }
    eprintln!(
        "{} copies × 2, {} bytes each: {refused} reads refused as damaged, {} wrong",
        copies(),
        bytes_changed(),
        wrong.len()
    );
    assert!(wrong.is_empty(), "wrong answers with exit status 0:\n{}", wrong.join("\n"));
    assert!(panics.is_empty(), "panicked:\n{}", panics.join("\n"));
}
