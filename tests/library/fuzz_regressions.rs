//! Replays every input that fuzzing found (`tests/fixtures/fuzz/<target>/`) and the fuzz
//! seeds (`fuzz/seeds/<target>/`) through the same entry points the fuzz targets call:
//! none may panic. See the guide, docs/guide/src/development.md, "Fuzzing".

use std::path::PathBuf;

fn inputs(dirs: &[&str]) -> Vec<(String, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        for e in entries.flatten() {
            if e.path().is_file() && e.file_name() != "README.md" {
                out.push((e.path().display().to_string(), std::fs::read(e.path()).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// The inputs kept for target `from` (its fixtures and seeds), through `target`.
fn replay_from(target: &str, from: &str, run: fn(&[u8])) {
    let found = inputs(&[&format!("tests/fixtures/fuzz/{from}"), &format!("fuzz/seeds/{from}")]);
    assert!(!found.is_empty(), "no inputs for {target}");
    for (path, bytes) in &found {
        let result = std::panic::catch_unwind(|| run(bytes));
        assert!(result.is_ok(), "{target} panicked on {path}");
    }
    eprintln!("{target}: {} inputs replayed", found.len());
}

/// Each target through the inputs kept for it. The rules target reads the same steps as
/// the stored one, so every input kept for that one (and its seeds) is also a fight for
/// this one; `share_parsers` is part of `share_requests`, and takes its inputs.
#[rstest::rstest]
#[case::pack_parser("pack_parser", "pack_parser", tome::fuzzing::pack_parser)]
#[case::text_import("text_import", "text_import", tome::fuzzing::text_import)]
#[case::character_import("character_import", "character_import", tome::fuzzing::character_import)]
#[case::encounter_events("encounter_events", "encounter_events", tome::fuzzing::encounter_events)]
#[case::encounter_rules("encounter_rules", "encounter_events", tome::fuzzing::encounter_rules)]
#[case::share_requests("share_requests", "share_requests", tome::fuzzing::share_requests)]
#[case::share_parsers("share_parsers", "share_requests", tome::fuzzing::share_parsers)]
fn inputs_replay(#[case] target: &str, #[case] from: &str, #[case] run: fn(&[u8])) {
    replay_from(target, from, run);
}

/// Inputs a second through the encounter target, as a fuzzer feeds it (the seeds, then
/// random bytes of random length, cut from a fixed-seed generator): a measurement, not a
/// check. `FUZZ_RATE_SECONDS=120 cargo test --release --test library -- --ignored
/// --nocapture fuzz_regressions::encounter_events_rate`. With `FUZZ_RATE_INPUTS=N` it
/// stops after N inputs instead, for a count of instructions (`valgrind --tool=callgrind
/// --toggle-collect='library::fuzz_regressions::timed_inputs*'`): every system's set-up
/// is made before, as a fuzzer's first inputs make it. `FUZZ_RATE_CORPUS=DIR` feeds a fuzzer's
/// corpus (`fuzz/corpus/encounter_events`) in place of the seeds: its inputs are the ones
/// that reach far into a fight, which random bytes seldom do.
#[test]
#[ignore = "a measurement; run it by name"]
fn encounter_events_rate() {
    rate("encounter_events", tome::fuzzing::encounter_events);
}

/// [`encounter_events_rate`] for the rules target, on the same inputs.
#[test]
#[ignore = "a measurement; run it by name"]
fn encounter_rules_rate() {
    rate("encounter_rules", tome::fuzzing::encounter_rules);
}

fn rate(target: &str, run: fn(&[u8])) {
    let number = |var: &str| std::env::var(var).ok().and_then(|s| s.parse::<u64>().ok());
    let seconds = number("FUZZ_RATE_SECONDS").unwrap_or(10);
    let most = number("FUZZ_RATE_INPUTS").unwrap_or(u64::MAX);
    for first in 0..=u8::MAX {
        run(&[first]);
    }
    let start = std::time::Instant::now();
    let corpus = std::env::var("FUZZ_RATE_CORPUS").unwrap_or_else(|_| "fuzz/seeds/encounter_events".into());
    let count = timed_inputs(&inputs(&[&corpus]), seconds, most, run);
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{target}: {count} inputs in {secs:.1} s, {:.0} a second", count as f64 / secs);
}

/// A fixed-seed xorshift generator: the same bytes on every run, with no dependency.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[inline(never)]
fn timed_inputs(seeds: &[(String, Vec<u8>)], seconds: u64, most: u64, run: fn(&[u8])) -> u64 {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let start = std::time::Instant::now();
    let mut count = 0u64;
    while count < most && start.elapsed().as_secs() < seconds {
        let bytes: Vec<u8> = match seeds.get(count as usize) {
            Some((_, b)) => b.clone(),
            None => (0..next() % 256).map(|_| next() as u8).collect(),
        };
        run(&bytes);
        count += 1;
    }
    count
}

/// What the encounter target must reach, each by at least one seed: the tracker's newer
/// actions and conditions, as `tome::fuzzing::encounter_events_accepted` writes them (a
/// line with every one of the words).
const REACHED: &[(&str, &[&str])] = &[
    ("amtgard-ongoing-by", &["amtgard ongoing ", "--by "]),
    ("mlaf-fire-ball-inaccurate", &["mlaf cast ", "--spell Fire Ball", "--throw inaccurate", "--scatter "]),
    ("mlaf-fire-ball-fumbled", &["mlaf cast ", "--spell Fire Ball", "--throw fumbled"]),
    ("primal-wild-swap-keep", &["primal-wild swap ", "--keep true"]),
    ("mythcraft-crit", &["mythcraft attack ", "--crit true"]),
    ("mythcraft-unseen", &["mythcraft condition Unseen"]),
    ("mythcraft-blinded", &["mythcraft condition Blinded"]),
    ("mythcraft-complete-surprise", &["mythcraft surprise ", "--unaware yes", "--alert no"]),
];

fn reaches(lines: &[String], words: &[&str]) -> bool {
    lines.iter().any(|l| words.iter().all(|w| l.contains(w)))
}

/// The longest input `make fuzz` gives the stored target (`-max_len`): fights of about a
/// dozen changes, thousands a second. libFuzzer cuts longer seeds to it.
const EVENTS_MAX_LEN: usize = 64;

/// The seeds take the fuzzer to every action the tracker gained for issue 41, accepted
/// (not only tried), through the stored tracker (each seed cut to the length `make fuzz`
/// gives it) and through its rules in memory: from there each target mutates its way
/// around them.
#[test]
fn encounter_seeds_reach_the_newer_actions() {
    let seeds = inputs(&["fuzz/seeds/encounter_events"]);
    type Accepted = fn(&[u8]) -> Vec<String>;
    let targets: [(&str, Accepted, usize); 2] = [
        ("encounter_events", tome::fuzzing::encounter_events_accepted, EVENTS_MAX_LEN),
        ("encounter_rules", tome::fuzzing::encounter_rules_accepted, usize::MAX),
    ];
    for (target, accepted_by, max_len) in targets {
        let accepted: Vec<Vec<String>> = seeds.iter().map(|(_, b)| accepted_by(&b[..b.len().min(max_len)])).collect();
        for (what, words) in REACHED {
            assert!(
                accepted.iter().any(|lines| reaches(lines, words)),
                "no seed reaches {what} ({words:?}) in {target}"
            );
        }
    }
}

/// `bytes` as `make fuzz` gives them to the stored target.
fn cut(bytes: &[u8]) -> &[u8] {
    &bytes[..bytes.len().min(EVENTS_MAX_LEN)]
}

/// `make fuzz` runs the stored target at the length the seeds are written for.
#[test]
fn make_fuzz_runs_the_stored_target_at_the_seeds_length() {
    let makefile = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("Makefile")).unwrap();
    let wanted = format!("encounter_events) len=-max_len={EVENTS_MAX_LEN};;");
    assert!(makefile.contains(&wanted), "the Makefile's fuzz target should say {wanted}");
}

/// Seeds written step by step (`tome::fuzzing::encounter_seed`) for what mutating the
/// corpus seldom reaches: a crit needs a target with a known defense and the weapon's
/// dice, a Fire Ball thrown wrong its three or one d8s, a swap a clash fought first. Each
/// fits in [`EVENTS_MAX_LEN`] bytes, so that `make fuzz` gives them whole to the stored
/// target too: combatants get only the stats the action needs.
fn written_seeds() -> Vec<(&'static str, Vec<u8>)> {
    use tome::fuzzing::{encounter_seed, SeedStep::*};
    let blow = |name, target| Act {
        name,
        action: "attack",
        inputs: match target {
            // The damage left to Tome (the weapon's dice), which keeps the seed short.
            "Bram" => &[("target", "Bram"), ("roll", "15"), ("crit", ""), ("dice", "1d6"), ("range", "melee")],
            _ => &[("target", "Ada"), ("roll", "15"), ("crit", ""), ("dice", "1d6"), ("range", "melee")],
        },
    };
    // Each side's defense known, so a roll of 15 hits and its crit is the document's.
    let two = [Add { name: "Ada", stats: &[("ar", 5)] }, Add { name: "Bram", stats: &[("ar", 5)] }];
    let mythcraft = |steps: &[tome::fuzzing::SeedStep<'_>]| encounter_seed("mythcraft", "fight", steps);
    let crit = mythcraft(&[two[0], two[1], Start, blow("Ada", "Bram")]);
    // The condition alone (Unseen, Blinded): an attack after it no longer fits the length
    // (issue 72 gave the attack two more parameters); the fuzzer mutates its way to one.
    let unseen = mythcraft(&[two[0], two[1], Start, Condition { name: "Ada", condition: "Unseen" }]);
    let blinded = mythcraft(&[two[0], two[1], Start, Condition { name: "Ada", condition: "Blinded" }]);
    let ambush =
        Act { name: "Bram", action: "surprise", inputs: &[("victims", "Ada"), ("unaware", "yes"), ("alert", "no")] };
    // The ambusher needs no defense of its own.
    let surprise = mythcraft(&[two[0], Add { name: "Bram", stats: &[] }, ambush, Start, blow("Bram", "Ada")]);
    let ball = |throw: &'static [(&'static str, &'static str)]| {
        encounter_seed(
            "mlaf",
            "match",
            &[
                Add { name: "Ada", stats: &[("team", 1), ("level", 2)] },
                Add { name: "Bram", stats: &[("team", 2), ("level", 2)] },
                Start,
                Next,
                Act { name: "Ada", action: "cast", inputs: throw },
            ],
        )
    };
    let inaccurate = ball(&[("spell", "Fire Ball"), ("roll", "4"), ("throw", "inaccurate"), ("scatter", "2,5,5")]);
    let fumbled = ball(&[("spell", "Fire Ball"), ("roll", "5"), ("throw", "fumbled"), ("scatter", "7")]);
    let swap = encounter_seed(
        "primal-wild",
        "duel",
        &[
            Add { name: "Ada", stats: &[("forces", 3), ("prime", 2)] },
            Add { name: "Bram", stats: &[("death", 2), ("mind", 2)] },
            Start,
            Act { name: "Ada", action: "arms", inputs: &[("sword", "forces"), ("shield", "prime")] },
            Act { name: "Bram", action: "arms", inputs: &[("sword", "death"), ("shield", "mind")] },
            Act { name: "Ada", action: "clash", inputs: &[] },
            Act { name: "Ada", action: "swap", inputs: &[("keep", "")] },
        ],
    );
    let ongoing = encounter_seed(
        "amtgard",
        "battlegame",
        &[
            Add { name: "Ada", stats: &[] },
            Add { name: "Bram", stats: &[] },
            Start,
            Act {
                name: "Ada",
                action: "ongoing",
                inputs: &[("effect", "Ada"), ("school", "flame"), ("seconds", "30"), ("by", "Bram")],
            },
        ],
    );
    vec![
        ("mythcraft-crit", crit),
        ("mythcraft-unseen", unseen),
        ("mythcraft-blinded", blinded),
        ("mythcraft-complete-surprise", surprise),
        ("mlaf-fire-ball-inaccurate", inaccurate),
        ("mlaf-fire-ball-fumbled", fumbled),
        ("primal-wild-swap-keep", swap),
        ("amtgard-ongoing-by", ongoing),
    ]
}

/// Finds a seed for each of [`REACHED`] that no seed reaches yet, by mutating the fuzzer's
/// corpus (`fuzz/corpus/encounter_events`, inputs that already go far into a fight) with a
/// fixed-seed generator, and writes it to `fuzz/seeds/encounter_events/<what>`. A tool, not
/// a check: `cargo test --release --test library -- --ignored
/// fuzz_regressions::encounter_seeds_found`.
#[test]
#[ignore = "a tool; run it by name"]
fn encounter_seeds_found() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (what, bytes) in written_seeds() {
        assert!(bytes.len() <= EVENTS_MAX_LEN, "{what} is {} bytes, over {EVENTS_MAX_LEN}", bytes.len());
        let lines = tome::fuzzing::encounter_events_accepted(&bytes);
        eprintln!("{what}: {lines:#?}");
        std::fs::write(root.join("fuzz/seeds/encounter_events").join(what), &bytes).unwrap();
    }
    let seeds = inputs(&["fuzz/seeds/encounter_events"]);
    let mut pool: Vec<Vec<u8>> = inputs(&["fuzz/corpus/encounter_events"]).into_iter().map(|(_, b)| b).collect();
    pool.extend(seeds.iter().map(|(_, b)| b.clone()));
    let mut missing: Vec<&(&str, &[&str])> = REACHED
        .iter()
        .filter(|(_, words)| {
            !seeds.iter().any(|(_, b)| reaches(&tome::fuzzing::encounter_events_accepted(cut(b)), words))
        })
        .collect();
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let start = std::time::Instant::now();
    while !missing.is_empty() && start.elapsed().as_secs() < 600 {
        let mut bytes = pool[(next() % pool.len() as u64) as usize].clone();
        for _ in 0..1 + next() % 8 {
            match next() % 3 {
                0 if !bytes.is_empty() => {
                    let at = (next() % bytes.len() as u64) as usize;
                    bytes[at] = next() as u8;
                }
                1 => bytes.extend((0..next() % 16).map(|_| next() as u8)),
                _ => {
                    let at = (next() % (bytes.len() as u64 + 1)) as usize;
                    bytes.insert(at, next() as u8);
                }
            }
        }
        // What the stored target is given: a seed found longer would be cut before its find.
        bytes.truncate(EVENTS_MAX_LEN);
        let lines = tome::fuzzing::encounter_events_accepted(&bytes);
        missing.retain(|(what, words)| {
            if !reaches(&lines, words) {
                return true;
            }
            std::fs::write(root.join("fuzz/seeds/encounter_events").join(what), &bytes).unwrap();
            eprintln!("{what}: found after {:.0} s", start.elapsed().as_secs_f64());
            false
        });
        if lines.len() > 8 {
            pool.push(bytes);
        }
    }
    let left: Vec<&str> = missing.iter().map(|(what, _)| *what).collect();
    assert!(left.is_empty(), "not found: {left:?}");
}
