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
