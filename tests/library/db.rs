//! Opening, migrating and refreshing the database.

use crate::common;

use tome::db::Db;
use tome::seed::{SeedFile, SeedFiles};
use tome::Tome;

#[test]
fn migrations_apply_to_an_empty_database_and_again_to_an_existing_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/folder/tome.db");
    {
        let db = Db::open(&path).unwrap();
        assert_eq!(db.schema_version().unwrap(), Db::latest_schema_version());
    }
    let db = Db::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), Db::latest_schema_version());
    let fk: i64 = db.connection().query_row("PRAGMA foreign_keys", [], |r| r.get(0)).unwrap();
    assert_eq!(fk, 1, "foreign keys are enforced");
    let mode: String = db.connection().query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn first_run_fills_the_database_and_reopening_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    let first = Tome::open(&path).unwrap().systems().unwrap();
    assert_eq!(first.len(), 5);
    assert!(first.iter().all(|s| s.entries > 0), "{first:?}");
    let again = Tome::open(&path).unwrap().systems().unwrap();
    assert_eq!(first, again);
}

#[test]
fn a_file_that_is_not_a_database_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    std::fs::write(&path, "this is not sqlite, just some text that is long enough to have a header").unwrap();
    let err = Tome::open(&path).err().expect("a corrupt file must not open");
    assert_eq!(err.code(), tome::ErrorCode::Database);
    assert!(err.to_string().contains(&path.display().to_string()), "{err}");
    // Nothing was lost: the file is untouched.
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("this is not sqlite"));
}

#[test]
fn the_database_rejects_out_of_range_values() {
    let tome = Tome::open_in_memory().unwrap();
    let conn = tome.db().connection();
    let err = conn.execute("UPDATE weapon SET load = -4 WHERE entry_id = 'ars-magica/weapon/axe'", []).unwrap_err();
    assert!(err.to_string().contains("CHECK constraint failed"), "{err}");
    let err = conn.execute("UPDATE position SET ag = 9 WHERE entry_id = 'mlaf/position/siren'", []).unwrap_err();
    assert!(err.to_string().contains("CHECK constraint failed"), "{err}");
}

fn demo(extra_entry: bool, summary: &str) -> SeedFiles {
    let mut rules = format!(
        r#"
[[rule]]
name = "Falling"
section = "Perils"
summary = "{summary}"
aliases = ["drop"]
"#
    );
    if extra_entry {
        rules.push_str(
            r#"
[[rule]]
name = "Drowning"
section = "Perils"
summary = "Water is bad for breathing."
links = ["demo/rule/falling"]
"#,
        );
    }
    SeedFiles {
        root: "demo-seed".into(),
        files: vec![
            SeedFile { path: "systems.toml".into(), text: common::DEMO_SYSTEMS.into() },
            SeedFile { path: "demo/rules.toml".into(), text: rules },
        ],
    }
}

fn refresh(db: &mut Db, seed: &SeedFiles) {
    let content = seed.load().unwrap();
    db.refresh_shipped(&content, &seed.digest()).unwrap();
}

#[test]
fn refreshing_shipped_content_updates_in_place_and_retires_what_was_dropped() {
    let mut db = Db::open_in_memory().unwrap();
    let v1 = demo(true, "Hitting the ground hurts.");
    refresh(&mut db, &v1);
    assert_eq!(db.shipped_digest().unwrap(), Some(v1.digest()));
    assert_eq!(db.list(tome::Kind::Rule, None).unwrap().len(), 2);

    // Something outside the shipped content points at a shipped entry (as a character will).
    db.connection()
        .execute_batch(
            "CREATE TABLE user_note (id INTEGER PRIMARY KEY, entry_id TEXT NOT NULL REFERENCES entry(id));
         INSERT INTO user_note (entry_id) VALUES ('demo/rule/drowning');",
        )
        .unwrap();

    let v2 = demo(false, "Falls deal damage by height.");
    refresh(&mut db, &v2);
    let rules = db.list(tome::Kind::Rule, None).unwrap();
    assert_eq!(rules.len(), 1, "the dropped entry is no longer listed");
    assert_eq!(rules[0].summary, "Falls deal damage by height.", "the kept entry is updated");
    assert!(db.search_bodies("\"water\"", &Default::default(), 10).unwrap().is_empty(), "nor searched");
    assert_eq!(db.search_bodies("\"falls\"", &Default::default(), 10).unwrap().len(), 1, "the kept one is");
    // …but what referenced it still resolves.
    let kept = db.entry("demo/rule/drowning").unwrap();
    assert_eq!(kept.name, "Drowning");
    let notes: i64 = db.connection().query_row("SELECT count(*) FROM user_note", [], |r| r.get(0)).unwrap();
    assert_eq!(notes, 1, "user data is untouched");
    assert_eq!(db.entry("demo/rule/falling").unwrap().aliases, ["drop"]);

    // Bringing it back un-retires it.
    refresh(&mut db, &v1);
    assert_eq!(db.list(tome::Kind::Rule, None).unwrap().len(), 2);
}

/// The search index is kept in the database between runs, and never read stale: a pack
/// imported or removed empties the kept copy, and a damaged copy is built again.
#[test]
fn the_kept_search_index_follows_the_content_and_survives_damage() {
    use tome::search::SearchFilter;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    let names = |t: &Tome, q: &str| -> Vec<String> {
        t.search(q, &SearchFilter::default()).unwrap().into_iter().map(|h| h.id).collect()
    };
    let kept = |t: &Tome| -> i64 {
        t.db().connection().query_row("SELECT count(*) FROM search_cache", [], |r| r.get(0)).unwrap()
    };
    let first = {
        let t = Tome::open(&path).unwrap();
        let found = names(&t, "swrod");
        assert_eq!(kept(&t), 1, "the first search keeps the index it built");
        found
    };
    assert!(first[0].starts_with("ars-magica/weapon/sword"), "{first:?}");
    {
        let t = Tome::open(&path).unwrap();
        assert_eq!(names(&t, "swrod"), first, "the kept index finds what the built one did");
        // As the app searches: the kept copy read back with its maps' keys hashed.
        let warm = Tome::open(&path).unwrap();
        warm.warm_search().unwrap();
        for q in ["swrod", "armour", "encumbered", "sw", "chain mail", "tiredness", "lbolt", "stunned"] {
            assert_eq!(names(&warm, q), names(&t, q), "{q}");
        }
    }
    // A pack's entries are found at once by a later run, and gone once it is removed.
    let pack = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/packs/hearth-and-blade");
    {
        let mut t = Tome::open(&path).unwrap();
        let info = t.import_pack(&pack).unwrap();
        let t2 = Tome::open(&path).unwrap();
        assert_eq!(
            names(&t2, "boar spear").first().map(String::as_str),
            Some("ars-magica/weapon/hearth-and-blade--boar-spear")
        );
        t.remove_pack(&info.pack.name).unwrap();
    }
    {
        let t = Tome::open(&path).unwrap();
        assert!(!names(&t, "boar spear").iter().any(|id| id.contains("boar")), "removed with its pack");
    }
    // A damaged copy is not read: the index is built again and searches as before.
    {
        let t = Tome::open(&path).unwrap();
        names(&t, "sword");
        t.db().connection().execute("UPDATE search_cache SET blob = substr(blob, 1, 1000) || blob", []).unwrap();
    }
    let t = Tome::open(&path).unwrap();
    assert_eq!(names(&t, "swrod"), first);
}
