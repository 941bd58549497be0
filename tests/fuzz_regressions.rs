//! Replays every input that fuzzing found (`tests/fixtures/fuzz/<target>/`) and the fuzz
//! seeds (`fuzz/seeds/<target>/`) through the same entry points the fuzz targets call:
//! none may panic. See README, "Fuzzing".

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

fn replay(target: &str, run: fn(&[u8])) {
    let found = inputs(&[&format!("tests/fixtures/fuzz/{target}"), &format!("fuzz/seeds/{target}")]);
    assert!(!found.is_empty(), "no inputs for {target}");
    for (path, bytes) in &found {
        let result = std::panic::catch_unwind(|| run(bytes));
        assert!(result.is_ok(), "{target} panicked on {path}");
    }
    eprintln!("{target}: {} inputs replayed", found.len());
}

#[test]
fn pack_parser_inputs() {
    replay("pack_parser", tome::fuzzing::pack_parser);
}

#[test]
fn text_import_inputs() {
    replay("text_import", tome::fuzzing::text_import);
}

#[test]
fn character_import_inputs() {
    replay("character_import", tome::fuzzing::character_import);
}

#[test]
fn encounter_events_inputs() {
    replay("encounter_events", tome::fuzzing::encounter_events);
}

#[test]
fn share_requests_inputs() {
    replay("share_requests", tome::fuzzing::share_requests);
}

/// Inputs a second through the encounter target, as a fuzzer feeds it (the seeds, then
/// random bytes of random length, cut from a fixed-seed generator): a measurement, not a
/// check. `FUZZ_RATE_SECONDS=120 cargo test --release --test fuzz_regressions --
/// --ignored --nocapture encounter_events_rate`. With `FUZZ_RATE_INPUTS=N` it stops after
/// N inputs instead, for a count of instructions (`valgrind --tool=callgrind
/// --toggle-collect='fuzz_regressions::timed_inputs*'`): every system's set-up is made
/// before, as a fuzzer's first inputs make it.
#[test]
#[ignore = "a measurement; run it by name"]
fn encounter_events_rate() {
    let number = |var: &str| std::env::var(var).ok().and_then(|s| s.parse::<u64>().ok());
    let seconds = number("FUZZ_RATE_SECONDS").unwrap_or(10);
    let most = number("FUZZ_RATE_INPUTS").unwrap_or(u64::MAX);
    for first in 0..=u8::MAX {
        tome::fuzzing::encounter_events(&[first]);
    }
    let start = std::time::Instant::now();
    let count = timed_inputs(&inputs(&["fuzz/seeds/encounter_events"]), seconds, most);
    let secs = start.elapsed().as_secs_f64();
    eprintln!("encounter_events: {count} inputs in {secs:.1} s, {:.0} a second", count as f64 / secs);
}

#[inline(never)]
fn timed_inputs(seeds: &[(String, Vec<u8>)], seconds: u64, most: u64) -> u64 {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let start = std::time::Instant::now();
    let mut count = 0u64;
    while count < most && start.elapsed().as_secs() < seconds {
        let bytes: Vec<u8> = match seeds.get(count as usize) {
            Some((_, b)) => b.clone(),
            None => (0..next() % 256).map(|_| next() as u8).collect(),
        };
        tome::fuzzing::encounter_events(&bytes);
        count += 1;
    }
    count
}
