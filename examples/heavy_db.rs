//! Fills a database with a heavy user's data, to measure that opening it and answering a
//! command do not grow with it (BENCHMARKS.md, "Opening the database").
//!
//! `cargo run --release --example heavy_db -- PATH CHARACTERS REVISIONS [ENCOUNTERS EVENTS]`
//! e.g. `… /tmp/heavy-1x.db 2000 50 20 2000`: 2,000 characters (of every system in turn)
//! with 50 revisions each, the two example packs, and 20 MythCraft encounters of 2,000
//! events each (what `tome db check` replays).

use std::path::PathBuf;

use tome::characters::SheetValue;
use tome::Tome;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(args.next().ok_or("PATH CHARACTERS REVISIONS")?);
    let characters: usize = args.next().ok_or("CHARACTERS")?.parse()?;
    let revisions: usize = args.next().ok_or("REVISIONS")?.parse()?;
    let encounters: usize = args.next().map_or(Ok(0), |n| n.parse())?;
    let events: usize = args.next().map_or(Ok(0), |n| n.parse())?;
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
    for i in 0..encounters {
        let id = tome.create_encounter("mythcraft", &format!("Long fight {i}"))?.id;
        let stats = |hp: i64| std::collections::BTreeMap::from([("max-hp".to_string(), hp)]);
        tome.encounter_add_npc(id, "Ogre", 1, stats(400))?;
        tome.encounter_add_npc(id, "Hero", 1, stats(40))?;
        // Each event sets the Ogre's HP: it always applies, and every one is replayed.
        for n in 2..events {
            let event =
                tome::encounters::Event::Set { name: "Ogre".into(), field: "hp".into(), value: (n % 400) as i64 };
            tome.encounter_change(id, event)?;
        }
    }
    drop(tome);
    let bytes = std::fs::metadata(&path)?.len();
    println!(
        "{}: {characters} characters × {revisions} revisions, {encounters} encounters × {events} events, {} MB",
        path.display(),
        bytes / 1_000_000
    );
    Ok(())
}
