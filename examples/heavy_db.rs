//! Fills a database with a heavy user's data, to measure that opening it and answering a
//! command do not grow with it (BENCHMARKS.md, "Opening the database").
//!
//! `cargo run --release --example heavy_db -- PATH CHARACTERS REVISIONS`
//! e.g. `… /tmp/heavy-1x.db 2000 50`: 2,000 characters (of every system in turn) with 50
//! revisions each, plus the two example packs.

use std::path::PathBuf;

use tome::characters::SheetValue;
use tome::Tome;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(args.next().ok_or("PATH CHARACTERS REVISIONS")?);
    let characters: usize = args.next().ok_or("CHARACTERS")?.parse()?;
    let revisions: usize = args.next().ok_or("REVISIONS")?.parse()?;
    let mut tome = Tome::open(&path)?;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for pack in ["examples/packs/hearth-and-blade", "examples/packs/fireside-tables.toml"] {
        if let Err(e) = tome.import_pack(&root.join(pack)) {
            eprintln!("{pack}: {e}");
        }
    }
    let systems: Vec<String> = tome.systems()?.into_iter().map(|s| s.id).collect();
    for i in 0..characters {
        let system = &systems[i % systems.len()];
        let mut c = tome.create_character(system, &format!("Heavy {i}"))?;
        for r in 1..revisions {
            c.values.insert("notes".into(), SheetValue::Text(format!("revision {r} of a long campaign")));
            c = match tome.save_character(&c) {
                Ok(saved) => saved,
                Err(e) => return Err(format!("{system} revision {r}: {e}").into()),
            };
        }
        if i % 200 == 0 {
            eprintln!("{i} characters");
        }
    }
    drop(tome);
    let bytes = std::fs::metadata(&path)?.len();
    println!("{}: {characters} characters × {revisions} revisions, {} MB", path.display(), bytes / 1_000_000);
    Ok(())
}
