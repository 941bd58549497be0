//! Character storage: saving, revisions, diffs, restore, the file format and its
//! checks, what happens when the content a character references changes, and that an
//! interrupted save never damages the database.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::{json, Value};
use tome::characters::{ChangeHow, Character, CharacterChange, ItemCoverage, SheetValue, MAX_FILE_BYTES};
use tome::db::Db;
use tome::seed::{Content, SeedFiles};
use tome::{ErrorCode, Tome};

use crate::common;

const SWORD: &str = "ars-magica/weapon/sword-long";
const CHAIN: &str = "ars-magica/armor/chain-mail";
const QUILTED: &str = "ars-magica/armor/quilted-fur";
const JAVELIN: &str = "ars-magica/weapon/javelin";
const FARM: &str = "ars-magica/weapon/farm-implement";
const LEATHER_SCALE: &str = "ars-magica/armor/leather-scale";

/// The shipped content, loaded once for every test.
fn shipped() -> &'static (Content, String) {
    static SHIPPED: OnceLock<(Content, String)> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        let seed = SeedFiles::embedded();
        (seed.load().expect("shipped content loads"), seed.digest())
    })
}

fn fill(mut db: Db) -> Db {
    // Saves hold sheet fields to each system's layout, as `Tome` sets up.
    db.set_field_rules(tome::systems::field_rule);
    let (content, digest) = shipped();
    db.refresh_shipped(content, digest).unwrap();
    db
}

fn memory_db() -> Db {
    fill(Db::open_in_memory().unwrap())
}

fn file_db(path: &Path) -> Db {
    fill(Db::open(path).unwrap())
}

fn count(db: &Db, table: &str) -> i64 {
    db.connection().query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0)).unwrap()
}

/// Rows in every character table, to show that a failed write left nothing behind.
fn character_rows(db: &Db) -> [i64; 6] {
    [
        count(db, "character"),
        count(db, "character_value"),
        count(db, "character_item"),
        count(db, "character_condition"),
        count(db, "character_spell"),
        count(db, "character_revision"),
    ]
}

/// An Ars Magica grog with characteristics, an Ability, armour and a sword.
fn grog(db: &mut Db) -> Character {
    let mut c = db.create_character("ars-magica", "Aldo").unwrap();
    c.set("strength", 2);
    c.set("stamina", 1);
    c.set("ability.single-weapon", 5);
    let mut sword = db.character_item(SWORD).unwrap();
    sword.equipped = true;
    let mut mail = db.character_item(CHAIN).unwrap();
    mail.equipped = true;
    mail.coverage = Some(ItemCoverage::Partial);
    c.items = vec![sword, mail];
    db.save_character(&c).unwrap()
}

/// The same character, ignoring where and when it is stored.
fn same_sheet(a: &Character, b: &Character) {
    assert_eq!(a.sheet(), b.sheet());
}

#[test]
fn a_character_is_created_saved_and_read_back_whole() {
    let mut db = memory_db();
    let created = db.create_character("ars-magica", "Aldo").unwrap();
    assert_eq!(created.revision, 1);
    assert!(created.values.is_empty() && created.items.is_empty());
    assert_eq!(created.created, created.updated);

    let saved = grog(&mut db); // a second character: created, then saved once
    assert_ne!(saved.id, created.id);
    assert_eq!(saved.revision, 2);
    assert_eq!(db.character(created.id).unwrap(), created, "the first is untouched");
    assert_eq!(saved.values["strength"], SheetValue::Int(2));
    let sword = saved.item(SWORD).unwrap();
    assert_eq!(
        (sword.name.as_str(), sword.kind, sword.quantity, sword.equipped),
        ("Sword, Long", tome::Kind::Weapon, 1, true)
    );
    assert!(!sword.retired);
    assert_eq!(saved.item(CHAIN).unwrap().coverage, Some(ItemCoverage::Partial));

    let read = db.character(saved.id).unwrap();
    assert_eq!(read, saved, "what a save returns is what a read finds");

    // Text values, conditions and spells round-trip too, on the systems that have them.
    let mut hero = db.create_character("mythcraft", "Ysolde").unwrap();
    hero.set("level", 3);
    hero.set("notes", "Owes the ferryman two silver.");
    hero.conditions = vec![
        db.character_ref("mythcraft/condition/prone").unwrap(),
        db.character_ref("mythcraft/condition/bleeding").unwrap(),
    ];
    let hero = db.save_character(&hero).unwrap();
    assert_eq!(db.character(hero.id).unwrap(), hero);
    assert_eq!(
        hero.conditions.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(),
        ["Prone", "Bleeding"],
        "order kept"
    );

    let mut caster = db.create_character("mlaf", "Grimbold").unwrap();
    caster.items = vec![db.character_item("mlaf/position/wizard").unwrap()];
    caster.spells = vec![db.character_ref("mlaf/spell/lightning-bolt").unwrap()];
    caster.set("level", 2);
    let caster = db.save_character(&caster).unwrap();
    assert_eq!(db.character(caster.id).unwrap(), caster);
    assert_eq!(caster.items[0].kind, tome::Kind::Position);

    let list = db.characters().unwrap();
    let names: Vec<&str> = list.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Aldo", "Aldo", "Grimbold", "Ysolde"], "listed by name, then by age");
    assert_eq!((list[0].id, list[0].revision), (created.id, 1));
    assert_eq!((list[1].id, list[1].revision), (saved.id, 2));
}

#[test]
fn a_weapon_taken_up_is_in_hand_and_armour_is_worn() {
    let db = memory_db();
    assert!(db.character_item(SWORD).unwrap().equipped, "a weapon is in hand");
    assert!(db.character_item(CHAIN).unwrap().equipped, "armour is worn");
    assert!(!db.character_item("mlaf/position/wizard").unwrap().equipped, "a position is not a thing held");
}

#[test]
fn unknown_characters_systems_and_entries_are_not_found() {
    let mut db = memory_db();
    let err = db.create_character("pathfinder", "Valeros").unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    assert!(err.to_string().contains("ars-magica"), "suggests the systems Tome has: {err}");
    assert_eq!(db.character(99).unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(db.character_revisions(99).unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(db.delete_character(99).unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(db.character_item("ars-magica/weapon/laser").unwrap_err().code(), ErrorCode::NotFound);
    let c = grog(&mut db);
    assert_eq!(db.character_diff(c.id, 1, 9).unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(db.restore_character(c.id, 9).unwrap_err().code(), ErrorCode::NotFound);
    let err = db.create_character("ars-magica", "   ").unwrap_err();
    assert_eq!(err.to_string(), "cannot create the character:\n  name: a character needs a name");
}

#[test]
fn every_save_that_changes_something_adds_one_revision() {
    let mut db = memory_db();
    let mut c = grog(&mut db);
    for strength in 3..=5 {
        c.set("strength", strength);
        c = db.save_character(&c).unwrap();
    }
    let revisions = db.character_revisions(c.id).unwrap();
    assert_eq!(revisions.iter().map(|r| r.number).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    assert!(revisions.windows(2).all(|w| w[0].saved_at <= w[1].saved_at));
    let summaries: Vec<&str> = revisions.iter().map(|r| r.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "created",
            "ability.single-weapon set to 5; stamina set to 1; strength set to 2; and 2 more",
            "strength 2 → 3",
            "strength 3 → 4",
            "strength 4 → 5",
        ]
    );
    assert_eq!(c.revision, 5);

    // Saving what is already stored (an autosave with nothing new) writes nothing.
    let again = db.save_character(&c).unwrap();
    assert_eq!(again, c);
    assert_eq!(db.character_revisions(c.id).unwrap().len(), 5);
}

#[test]
fn a_save_made_from_an_old_revision_is_refused() {
    let mut db = memory_db();
    let c = grog(&mut db);
    let mut window_a = c.clone();
    let mut window_b = c.clone();
    window_a.set("strength", 3);
    db.save_character(&window_a).unwrap();
    window_b.set("stamina", 4);
    let err = db.save_character(&window_b).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Conflict);
    assert!(err.to_string().contains("saved elsewhere after revision 2 (it is at revision 3)"), "{err}");
    assert_eq!(db.character(c.id).unwrap().values["stamina"], SheetValue::Int(1), "the other save is kept");
}

#[test]
fn a_save_is_checked_whole_before_anything_is_written() {
    let mut db = memory_db();
    let c = grog(&mut db);
    let before = character_rows(&db);
    let mut bad = c.clone();
    bad.system = "mythcraft".into();
    bad.name = "".into();
    bad.set("strength", 11);
    bad.set("Bad Field", 1);
    bad.items[0].quantity = 0;
    bad.items.push(db.character_item(QUILTED).unwrap());
    bad.items[2].coverage = Some(ItemCoverage::Full);
    bad.items.push(db.character_item(SWORD).unwrap());
    bad.conditions.push(db.character_ref("mythcraft/condition/prone").unwrap());
    let err = db.save_character(&bad).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert_eq!(
        err.to_string(),
        "cannot save Aldo:
  system: a character keeps its game system (ars-magica), not \"mythcraft\"
  name: a character needs a name
  values[\"Bad Field\"]: a field name is lower-case letters and digits, words joined by `-` or `.`, starting with a letter
  values.strength: must be from -10 to 10, not 11
  items[0].quantity: must be from 1 to 1000000, not 0
  items[2].coverage: Quilted/Fur comes only in partial coverage
  items[3].entry_id: \"ars-magica/weapon/sword-long\" is already at items[0]; list an entry once, with a quantity
  conditions[0]: \"mythcraft/condition/prone\" is a condition of mythcraft, and this is an ars-magica character"
    );
    // The error carries every problem with its field, as the app and `--json` receive it.
    let fields: Vec<_> = err.problems().unwrap().iter().map(|p| p.field.as_deref().unwrap()).collect();
    assert_eq!(
        fields,
        [
            "system",
            "name",
            "values[\"Bad Field\"]",
            "values.strength",
            "items[0].quantity",
            "items[2].coverage",
            "items[3].entry_id",
            "conditions[0]"
        ]
    );
    let payload = tome::ErrorPayload::from(&err);
    assert_eq!(payload.code, ErrorCode::InvalidInput);
    assert_eq!(payload.problems[3], tome::error::Problem::field("values.strength", "must be from -10 to 10, not 11"));
    assert_eq!(character_rows(&db), before);
    assert_eq!(db.character(c.id).unwrap(), c);
}

#[test]
fn a_diff_lists_exactly_the_fields_that_changed() {
    let mut db = memory_db();
    let mut c = grog(&mut db); // revision 2
    c.name = "Brother Aldo".into();
    c.set("strength", 3);
    c.values.remove("stamina");
    c.set("notes", "Keeps the gate.");
    c.item_mut(SWORD).unwrap().quantity = 2;
    c.item_mut(CHAIN).unwrap().coverage = Some(ItemCoverage::Full);
    let mut javelins = db.character_item(JAVELIN).unwrap();
    javelins.quantity = 3;
    javelins.equipped = false; // carried
    c.items.push(javelins);
    let c = db.save_character(&c).unwrap(); // revision 3

    let change = |field: &str, before: Option<Value>, after: Option<Value>| (field.to_string(), before, after);
    let data = |changes: Vec<CharacterChange>| -> Vec<_> {
        changes.into_iter().map(|c| (c.field, c.before, c.after)).collect()
    };
    let forward = vec![
        change("name", Some(json!("Aldo")), Some(json!("Brother Aldo"))),
        change("values.notes", None, Some(json!("Keeps the gate."))),
        change("values.stamina", Some(json!(1)), None),
        change("values.strength", Some(json!(2)), Some(json!(3))),
        change(&format!("items[{SWORD}].quantity"), Some(json!(1)), Some(json!(2))),
        change(&format!("items[{CHAIN}].coverage"), Some(json!("partial")), Some(json!("full"))),
        change(
            &format!("items[{JAVELIN}]"),
            None,
            Some(json!({"name": "Javelin", "quantity": 3, "equipped": false, "coverage": null})),
        ),
    ];
    assert_eq!(data(db.character_diff(c.id, 2, 3).unwrap()), forward);

    // Backwards is the mirror image.
    let backward = db.character_diff(c.id, 3, 2).unwrap();
    assert_eq!(backward.len(), forward.len());
    for (field, before, after) in &forward {
        let mirror = backward.iter().find(|b| &b.field == field).unwrap();
        assert_eq!((&mirror.before, &mirror.after), (after, before));
    }
    assert!(db.character_diff(c.id, 3, 3).unwrap().is_empty());

    let summary = &db.character_revisions(c.id).unwrap()[2].summary;
    assert_eq!(summary, "renamed to \"Brother Aldo\"; notes set to \"Keeps the gate.\"; stamina cleared; and 4 more");

    // Equipping, reordering and conditions are changes too.
    let mut c = c;
    c.item_mut(SWORD).unwrap().equipped = false;
    c.items.reverse();
    let c = db.save_character(&c).unwrap();
    let fields: Vec<String> = db.character_diff(c.id, 3, 4).unwrap().into_iter().map(|d| d.field).collect();
    assert_eq!(fields, [format!("items[{SWORD}].equipped"), "items".to_string()]);
}

#[test]
fn the_history_says_what_changed_in_the_sheets_words() {
    let mut tome = Tome::open_in_memory().unwrap();
    let mut c = tome.create_character("ars-magica", "Aldo").unwrap();
    c.set("strength", 1);
    let c = tome.save_character(&c).unwrap(); // revision 2
    let mut next = c.clone();
    next.name = "Brother Aldo".into();
    next.set("strength", 2);
    next.set("ability.brawl", 3);
    let mut mail = tome.character_item(CHAIN).unwrap();
    mail.equipped = true;
    mail.coverage = Some(ItemCoverage::Full);
    next.items.push(mail);
    let next = tome.save_character(&next).unwrap(); // revision 3
    let mut last = next.clone();
    last.item_mut(CHAIN).unwrap().equipped = false;
    let last = tome.save_character(&last).unwrap(); // revision 4

    let said = |c: &CharacterChange| (c.what.clone(), c.before_text.clone(), c.after_text.clone(), c.how);
    let changes: Vec<_> = tome.character_diff(c.id, 2, 3).unwrap().iter().map(said).collect();
    let s = |x: &str| x.to_string();
    assert_eq!(
        changes,
        [
            (s("Name"), s("Aldo"), s("Brother Aldo"), ChangeHow::Changed),
            (s("Brawl"), s("—"), s("3"), ChangeHow::Added),
            (s("Strength"), s("1"), s("2"), ChangeHow::Changed),
            (s("Equipment: Chain Mail"), s("—"), s("Chain Mail, full, equipped"), ChangeHow::Added),
        ]
    );
    let changes: Vec<_> = tome.character_diff(last.id, 3, 4).unwrap().iter().map(said).collect();
    assert_eq!(changes, [(s("Chain Mail · equipped"), s("yes"), s("no"), ChangeHow::Changed)]);
    // The revision list says it in the same words.
    let summaries: Vec<String> = tome.character_revisions(c.id).unwrap().into_iter().map(|r| r.summary).collect();
    assert!(summaries[2].contains("Brawl set to 3; Strength 1 → 2"), "{summaries:?}");
    let mut healed = last.clone();
    healed.set("wounds.heavy", 1);
    let healed = tome.save_character(&healed).unwrap();
    let mut cleared = healed.clone();
    cleared.values.remove("wounds.heavy");
    tome.save_character(&cleared).unwrap();
    let summary = tome.character_revisions(c.id).unwrap().pop().unwrap().summary;
    assert_eq!(summary, "Heavy wounds cleared");
    let back: Vec<_> = tome.character_diff(last.id, 3, 2).unwrap().iter().map(said).collect();
    assert_eq!(back[1], (s("Brawl"), s("3"), s("—"), ChangeHow::Removed));
    assert_eq!(back[3].0, "Equipment: Chain Mail");
    assert_eq!(back[3].3, ChangeHow::Removed);
}

#[test]
fn restoring_a_revision_brings_its_values_back_as_a_new_revision() {
    let mut db = memory_db();
    let mut c = grog(&mut db); // revision 2: strength 2, partial mail
    let old = c.clone();
    c.set("strength", 4);
    c.item_mut(CHAIN).unwrap().coverage = Some(ItemCoverage::Full);
    c.items.retain(|i| i.entry_id != SWORD);
    let c = db.save_character(&c).unwrap(); // revision 3

    let restored = db.restore_character(c.id, 2).unwrap();
    assert_eq!(restored.revision, 4, "history is added to, never rewritten");
    same_sheet(&restored, &old);
    assert_eq!(db.character(c.id).unwrap(), restored);
    assert!(db.character_diff(c.id, 2, 4).unwrap().is_empty());
    assert_eq!(db.character_diff(c.id, 3, 4).unwrap().len(), 3);
    let revisions = db.character_revisions(c.id).unwrap();
    assert_eq!(revisions.len(), 4);
    assert!(revisions[3].summary.starts_with("restored revision 2: strength 4 → 2"), "{}", revisions[3].summary);

    // Revision 3 is still there to go back to: restoring is undoable.
    let redo = db.restore_character(c.id, 3).unwrap();
    assert_eq!(redo.revision, 5);
    same_sheet(&redo, &c);

    // Restoring the state the character is already in adds nothing.
    assert_eq!(db.restore_character(c.id, 5).unwrap().revision, 5);
    assert_eq!(db.restore_character(c.id, 3).unwrap().revision, 5);
}

#[test]
fn deleting_a_character_removes_its_rows_and_history() {
    let mut db = memory_db();
    let keep = grog(&mut db);
    let gone = grog(&mut db);
    db.delete_character(gone.id).unwrap();
    assert_eq!(db.character(gone.id).unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(character_rows(&db), [1, 3, 2, 0, 0, 2], "only the kept character's rows remain");
    assert_eq!(db.character(keep.id).unwrap(), keep);
}

#[test]
fn export_then_import_gives_an_equal_character() {
    let mut db = memory_db();
    let mut c = grog(&mut db);
    c.set("notes", "Unicode survives: “quotes”, ümlauts, 剣.");
    c.set("size", -1);
    let c = db.save_character(&c).unwrap();
    let text = db.export_character(c.id).unwrap();

    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["format"], "tome-character");
    assert_eq!(file["version"], 1);
    assert_eq!(file["character"]["items"][1]["coverage"], "partial");
    assert!(file["character"].get("id").is_none(), "a file carries no local id");

    let imported = db.import_character(text.as_bytes()).unwrap();
    assert_ne!(imported.id, c.id, "an import is a new character");
    assert_eq!(imported.revision, 1);
    same_sheet(&imported, &c);
    assert_eq!(db.export_character(imported.id).unwrap(), text, "and exports to the same file");
    assert_eq!(db.character_revisions(imported.id).unwrap()[0].summary, "imported");

    // Through a file on disk, on another database.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("aldo.json");
    db.export_character_file(c.id, &path).unwrap();
    let mut other = memory_db();
    let again = other.import_character_file(&path).unwrap();
    same_sheet(&again, &c);

    // Every revision's snapshot is itself an importable file.
    let snapshot: String = db
        .connection()
        .query_row("SELECT snapshot FROM character_revision WHERE character_id = ?1 AND number = 2", [c.id], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(db.check_character_file(snapshot.as_bytes()).unwrap().is_empty());
}

#[test]
fn a_hand_written_file_may_leave_out_defaults() {
    let mut db = memory_db();
    let file = json!({
        "format": "tome-character", "version": 1,
        "character": {
            "system": "mythcraft", "name": "Pip",
            "conditions": ["mythcraft/condition/prone", {"entry_id": "mythcraft/condition/dazed"}]
        }
    });
    let c = db.import_character(file.to_string().as_bytes()).unwrap();
    assert_eq!(c.conditions.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["Prone", "Dazed"]);
    assert!(c.values.is_empty() && c.items.is_empty() && c.spells.is_empty());
}

/// A valid file to break in one place per case.
fn good_file() -> Value {
    json!({
        "format": "tome-character",
        "version": 1,
        "character": {
            "system": "ars-magica",
            "name": "Aldo",
            "values": { "strength": 2, "notes": "Keeps the gate." },
            "items": [
                { "entry_id": SWORD, "name": "Sword, Long", "kind": "weapon", "quantity": 1, "equipped": true, "coverage": null, "retired": false },
                { "entry_id": CHAIN, "quantity": 1, "equipped": true, "coverage": "full" },
                { "entry_id": JAVELIN, "quantity": 3 }
            ],
            "conditions": [],
            "spells": []
        }
    })
}

fn with(edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut file = good_file();
    edit(&mut file);
    serde_json::to_vec_pretty(&file).unwrap()
}

/// Imports `bytes`, expecting exactly `problems`, and checks that nothing was written.
#[track_caller]
fn rejected(db: &mut Db, bytes: &[u8], problems: &[&str]) {
    let before = character_rows(db);
    let found: Vec<String> = db.check_character_file(bytes).unwrap().iter().map(|p| p.to_string()).collect();
    assert_eq!(found, problems);
    let err = db.import_character(bytes).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    let mut want = "the character file cannot be imported:".to_string();
    for p in problems {
        want.push_str("\n  ");
        want.push_str(p);
    }
    assert_eq!(err.to_string(), want);
    let carried: Vec<String> = err.problems().unwrap().iter().map(|p| p.to_string()).collect();
    assert_eq!(carried, problems, "the error carries the problems the check finds");
    assert_eq!(character_rows(db), before, "a rejected import writes nothing");
}

#[test]
fn the_good_file_imports() {
    let mut db = memory_db();
    assert!(db.check_character_file(&with(|_| {})).unwrap().is_empty());
    db.import_character(&with(|_| {})).unwrap();
}

#[test]
fn import_rejects_files_that_are_not_character_files() {
    let mut db = memory_db();
    rejected(
        &mut db,
        b"{ \"format\": \"tome-character\", ",
        &["the file is not valid JSON: EOF while parsing a value at line 1 column 30"],
    );
    rejected(&mut db, b"", &["the file is not valid JSON: EOF while parsing a value at line 1 column 0"]);
    rejected(&mut db, b"\xff\xfe{}", &["the file is not UTF-8 text (bad byte at offset 0)"]);
    rejected(&mut db, b"[1, 2]", &["the file must be a JSON object, not a list"]);

    // Too large: refused before it is parsed, even when the JSON inside is fine.
    let mut big = with(|_| {});
    big.resize(MAX_FILE_BYTES + 1, b' ');
    rejected(&mut db, &big, &["the file is 1048577 bytes; a character file is at most 1 MiB (1048576 bytes)"]);
    let mut just_fits = with(|_| {});
    just_fits.resize(MAX_FILE_BYTES, b' ');
    assert!(db.check_character_file(&just_fits).unwrap().is_empty());

    rejected(
        &mut db,
        &with(|f| f["format"] = json!("pdf-sheet")),
        &["format: must be \"tome-character\", not \"pdf-sheet\""],
    );
    rejected(
        &mut db,
        &with(|f| {
            f.as_object_mut().unwrap().remove("format");
        }),
        &["format: missing; a Tome character file says \"format\": \"tome-character\""],
    );
    rejected(
        &mut db,
        &with(|f| f["version"] = json!(2)),
        &["version: the file is version 2, from a newer Tome; this one reads version 1"],
    );
    rejected(&mut db, &with(|f| f["version"] = json!("1")), &["version: must be 1, not \"1\""]);
    rejected(&mut db, &with(|f| f["version"] = json!(0)), &["version: must be 1, not 0"]);
    rejected(
        &mut db,
        &with(|f| {
            f.as_object_mut().unwrap().remove("character");
        }),
        &["character: missing: the file holds no character"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"] = json!("Aldo")),
        &["character: this must be a JSON object, not \"Aldo\""],
    );
    rejected(
        &mut db,
        &with(|f| f["extra"] = json!(true)),
        &["extra: unknown field (expected one of: format, version, character)"],
    );
    // Issue 58: a key the format does not have is listed with every other problem, not
    // alone.
    rejected(
        &mut db,
        &with(|f| {
            f["extra"] = json!(true);
            f["character"]["name"] = json!(7);
            f["character"]["values"]["strength"] = json!(2.5);
        }),
        &[
            "extra: unknown field (expected one of: format, version, character)",
            "character.name: must be text, not 7",
            "character.values.strength: must be a whole number or text, not 2.5",
        ],
    );
}

#[test]
fn import_rejects_wrong_types_with_their_paths() {
    let mut db = memory_db();
    rejected(&mut db, &with(|f| f["character"]["name"] = json!(7)), &["character.name: must be text, not 7"]);
    rejected(
        &mut db,
        &with(|f| {
            f["character"].as_object_mut().unwrap().remove("system");
        }),
        &["character.system: missing"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["strength"] = json!(2.5)),
        &["character.values.strength: must be a whole number or text, not 2.5"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["notes"] = json!(true)),
        &["character.values.notes: must be a whole number or text, not true"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["notes"] = json!(null)),
        &["character.values.notes: must be a whole number or text, not null"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["size"] = json!(u64::MAX)),
        &["character.values.size: 18446744073709551615 is too large for a whole number"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"] = json!([1])),
        &["character.values: this must be a JSON object, not a list"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"] = json!({})),
        &["character.items: must be a list, not an object"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][1] = json!(CHAIN)),
        &[r#"character.items[1]: this must be a JSON object, not "ars-magica/armor/chain-mail""#],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][2]["quantity"] = json!("3")),
        &["character.items[2].quantity: must be a whole number, not \"3\""],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][0]["equipped"] = json!("yes")),
        &["character.items[0].equipped: must be true or false, not \"yes\""],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][0]["retired"] = json!(0)),
        &["character.items[0].retired: must be true or false, not 0"],
    );
    rejected(
        &mut db,
        &with(|f| {
            f["character"]["items"][2].as_object_mut().unwrap().remove("entry_id");
        }),
        &["character.items[2].entry_id: missing"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][2]["quantitiy"] = json!(3)),
        &["character.items[2].quantitiy: unknown field (expected one of: entry_id, name, kind, quantity, equipped, coverage, retired)"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["level"] = json!(3)),
        &["character.level: unknown field (expected one of: system, name, values, items, conditions, spells)"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["conditions"] = json!([4])),
        &["character.conditions[0]: must be an entry id or an object with \"entry_id\", not 4"],
    );
}

#[test]
fn import_rejects_values_the_rules_do_not_allow() {
    let mut db = memory_db();
    rejected(&mut db, &with(|f| f["character"]["system"] = json!("pathfinder")), &[
        "character.system: no game system \"pathfinder\"; Tome has: ars-magica, mythcraft, amtgard, mlaf, primal-wild",
    ]);
    rejected(&mut db, &with(|f| f["character"]["name"] = json!("")), &["character.name: a character needs a name"]);
    rejected(
        &mut db,
        &with(|f| f["character"]["name"] = json!("x".repeat(201))),
        &["character.name: a name is at most 200 characters"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["strength"] = json!(14)),
        &["character.values.strength: must be from -10 to 10, not 14"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["ability.brawl"] = json!(-1)),
        &["character.values.ability.brawl: must be from 0 to 30, not -1"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["strength"] = json!("strong")),
        &["character.values.strength: must be a whole number from -10 to 10, not the text \"strong\""],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["values"]["notes"] = json!("x".repeat(10_001))),
        &["character.values.notes: text is at most 10000 characters"],
    );
    rejected(&mut db, &with(|f| f["character"]["values"]["Hit Points"] = json!(3)), &[
        "character.values[\"Hit Points\"]: a field name is lower-case letters and digits, words joined by `-` or `.`, starting with a letter",
    ]);
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][2]["entry_id"] = json!("ars-magica/weapon/laser")),
        &["character.items[2].entry_id: no entry \"ars-magica/weapon/laser\""],
    );
    rejected(&mut db, &with(|f| f["character"]["items"][2]["entry_id"] = json!("ars-magica/rule/soak-total")), &[
        "character.items[2].entry_id: \"ars-magica/rule/soak-total\" is a rule; items are weapons, armour, special effects or positions",
    ]);
    rejected(&mut db, &with(|f| f["character"]["items"][2]["entry_id"] = json!("amtgard/special-effect/armor-breaking")), &[
        "character.items[2].entry_id: \"amtgard/special-effect/armor-breaking\" is a special-effect of amtgard, and this is an ars-magica character",
    ]);
    rejected(&mut db, &with(|f| f["character"]["items"][2]["entry_id"] = json!(SWORD)), &[
        "character.items[2].entry_id: \"ars-magica/weapon/sword-long\" is already at items[0]; list an entry once, with a quantity",
    ]);
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][2]["quantity"] = json!(-2)),
        &["character.items[2].quantity: must be from 1 to 1000000, not -2"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][2]["quantity"] = json!(0)),
        &["character.items[2].quantity: must be from 1 to 1000000, not 0"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][1]["coverage"] = json!("half")),
        &["character.items[1].coverage: must be \"partial\" or \"full\" (or null), not \"half\""],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][0]["coverage"] = json!("full")),
        &["character.items[0].coverage: only armour has a coverage, and Sword, Long is a weapon"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["items"][1]["entry_id"] = json!(QUILTED)),
        &["character.items[1].coverage: Quilted/Fur comes only in partial coverage"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["conditions"] = json!([SWORD])),
        &["character.conditions[0]: \"ars-magica/weapon/sword-long\" is a weapon; this list holds conditions"],
    );
    rejected(
        &mut db,
        &with(|f| f["character"]["spells"] = json!(["mlaf/spell/toad"])),
        &["character.spells[0]: \"mlaf/spell/toad\" is a spell of mlaf, and this is an ars-magica character"],
    );
}

#[test]
fn import_reports_every_problem_at_once() {
    let mut db = memory_db();
    let bytes = with(|f| {
        let c = &mut f["character"];
        c["name"] = json!(" ");
        c["values"]["strength"] = json!(99);
        c["values"]["notes"] = json!(1.5);
        c["items"][0]["quantity"] = json!(-1);
        c["items"][1]["coverage"] = json!("most");
        c["items"][2]["entry_id"] = json!("ars-magica/weapon/nope");
        c["conditions"] = json!(["mythcraft/condition/prone", "mythcraft/condition/prone"]);
    });
    rejected(&mut db, &bytes, &[
        "character.values.notes: must be a whole number or text, not 1.5",
        "character.items[1].coverage: must be \"partial\" or \"full\" (or null), not \"most\"",
        "character.name: a character needs a name",
        "character.values.strength: must be from -10 to 10, not 99",
        "character.items[0].quantity: must be from 1 to 1000000, not -1",
        "character.items[2].entry_id: no entry \"ars-magica/weapon/nope\"",
        "character.conditions[0]: \"mythcraft/condition/prone\" is a condition of mythcraft, and this is an ars-magica character",
        "character.conditions[1]: \"mythcraft/condition/prone\" is already at conditions[0]",
        "character.conditions[1]: \"mythcraft/condition/prone\" is a condition of mythcraft, and this is an ars-magica character",
    ]);
}

#[test]
fn a_file_too_large_is_refused_without_reading_it_all() {
    let mut db = memory_db();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.json");
    let mut bytes = with(|_| {});
    bytes.resize(5 * MAX_FILE_BYTES, b' ');
    std::fs::write(&path, &bytes).unwrap();
    let err = db.import_character_file(&path).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert!(err.to_string().ends_with("huge.json: the file is 5242880 bytes (5 MiB); the limit is 1 MiB"), "{err}");
    assert!(err.to_string().starts_with(&path.display().to_string()), "{err}");
    let err = db.import_character_file(&dir.path().join("missing.json")).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Io);
    assert!(err.to_string().ends_with("missing.json: no such file"), "said in words: {err}");
}

/// Issue 58: a character file saved with a UTF-8 byte-order mark (as Notepad saves it)
/// is the same file.
#[test]
fn a_character_file_with_a_byte_order_mark_imports() {
    let mut db = memory_db();
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(with(|_| {}));
    assert_eq!(db.check_character_file(&bytes).unwrap(), []);
    let c = db.import_character(&bytes).unwrap();
    assert_eq!(c.revision, 1);
}

/// The embedded content with one entry dropped and another renamed (keeping its id), as
/// a later Tome might ship it.
fn changed_content() -> SeedFiles {
    let mut seed = SeedFiles::embedded();
    for f in &mut seed.files {
        if f.path == "ars-magica/weapons.toml" {
            let start = f.text.find("[[weapon]]\nname = \"Farm Implement\"").expect("the farm implement is shipped");
            let end = start + 1 + f.text[start + 1..].find("[[weapon]]").unwrap();
            f.text.replace_range(start..end, "");
            f.text = f.text.replace("name = \"Sword, Long\"\n", "name = \"Longsword\"\nslug = \"sword-long\"\n");
        }
        if f.path == "ars-magica/armor.toml" {
            let start = f.text.find("[[armor]]\nname = \"Leather Scale\"").expect("leather scale is shipped");
            let end = start + 1 + f.text[start + 1..].find("[[armor]]").unwrap();
            f.text.replace_range(start..end, "");
        }
    }
    seed
}

#[test]
fn a_retired_entry_stays_on_the_sheet_flagged_and_a_renamed_one_shows_its_new_name() {
    let mut db = memory_db();
    let mut c = grog(&mut db);
    c.items.push(db.character_item(FARM).unwrap());
    let mut scale = db.character_item(LEATHER_SCALE).unwrap();
    scale.coverage = Some(ItemCoverage::Full);
    c.items.push(scale);
    let c = db.save_character(&c).unwrap();

    let seed = changed_content();
    let report = db.refresh_shipped(&seed.load().unwrap(), &seed.digest()).unwrap();
    assert_eq!(report.retired, 2);

    let after = db.character(c.id).unwrap();
    let flags: Vec<(&str, &str, bool)> =
        after.items.iter().map(|i| (i.entry_id.as_str(), i.name.as_str(), i.retired)).collect();
    assert_eq!(
        flags,
        [
            (SWORD, "Longsword", false),
            (CHAIN, "Chain Mail", false),
            (FARM, "Farm Implement", true),
            (LEATHER_SCALE, "Leather Scale", true),
        ]
    );
    assert_eq!(after.item(LEATHER_SCALE).unwrap().coverage, Some(ItemCoverage::Full), "its details still resolve");
    assert!(db.list(tome::Kind::Weapon, Some("ars-magica")).unwrap().iter().all(|w| w.id != FARM), "no longer listed");

    // The file says so, and still imports: the entry resolves on this database.
    let text = db.export_character(c.id).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["character"]["items"][2]["retired"], true);
    let imported = db.import_character(text.as_bytes()).unwrap();
    same_sheet(&imported, &after);

    // The character keeps saving, and the player can drop the retired items.
    let mut edit = after.clone();
    edit.set("strength", 3);
    let edit = db.save_character(&edit).unwrap();
    assert!(edit.item(FARM).unwrap().retired);
    let mut edit = edit;
    edit.items.retain(|i| !i.retired);
    let edit = db.save_character(&edit).unwrap();
    assert_eq!(edit.items.len(), 2);

    // Old revisions keep what they held, names as they were when saved.
    let old = db.character_revision(c.id, c.revision).unwrap();
    assert_eq!(old.items[0].name, "Sword, Long");
    let restored = db.restore_character(c.id, c.revision).unwrap();
    assert_eq!(restored.items.len(), 4);
}

#[test]
fn the_database_refuses_to_delete_an_entry_a_character_references() {
    let mut db = memory_db();
    let c = grog(&mut db);
    let err = db.connection().execute("DELETE FROM entry WHERE id = ?1", [SWORD]).unwrap_err();
    assert!(err.to_string().contains("FOREIGN KEY constraint failed"), "{err}");
    assert_eq!(db.character(c.id).unwrap(), c, "the character is untouched");
    assert!(
        db.connection().execute("DELETE FROM entry WHERE id = ?1", [JAVELIN]).is_ok(),
        "unreferenced entries can go"
    );
}

#[test]
fn the_schema_itself_holds_the_rules() {
    let db = memory_db();
    let conn = db.connection();
    conn.execute(
        "INSERT INTO character (id, system_id, name, created, updated) VALUES (1, 'ars-magica', 'A', 0, 0)",
        [],
    )
    .unwrap();
    for (sql, why) in [
        ("INSERT INTO character (system_id, name, created, updated) VALUES ('nope', 'A', 0, 0)", "FOREIGN KEY"),
        ("INSERT INTO character (system_id, name, created, updated) VALUES ('ars-magica', ' ', 0, 0)", "CHECK"),
        ("INSERT INTO character_value VALUES (1, 'a', 1, 'x')", "CHECK"),
        ("INSERT INTO character_value VALUES (1, 'a', NULL, NULL)", "CHECK"),
        ("INSERT INTO character_item VALUES (1, 'ars-magica/weapon/axe', 0, 0, 0, NULL)", "CHECK"),
        ("INSERT INTO character_item VALUES (1, 'ars-magica/weapon/axe', 0, 1, 2, NULL)", "CHECK"),
        ("INSERT INTO character_item VALUES (1, 'ars-magica/weapon/axe', 0, 1, 0, 'half')", "CHECK"),
        ("INSERT INTO character_item VALUES (1, 'ars-magica/weapon/laser', 0, 1, 0, NULL)", "FOREIGN KEY"),
        ("INSERT INTO character_condition VALUES (1, 'mythcraft/condition/nope', 0)", "FOREIGN KEY"),
        ("INSERT INTO character_spell VALUES (2, 'mlaf/spell/toad', 0)", "FOREIGN KEY"),
        ("INSERT INTO character_revision VALUES (1, 1, 0, 's', 'not json', NULL)", "CHECK"),
        ("INSERT INTO character_revision VALUES (1, 0, 0, 's', '{}', NULL)", "CHECK"),
    ] {
        let err = conn.execute(sql, []).expect_err(sql);
        assert!(err.to_string().contains(why), "{sql}: {err}");
    }
    conn.execute("INSERT INTO character_revision VALUES (1, 1, 0, 's', '{}', NULL)", []).unwrap();
    let err = conn.execute("INSERT INTO character_revision VALUES (1, 1, 0, 's', '{}', NULL)", []).unwrap_err();
    assert!(err.to_string().contains("UNIQUE"), "one revision per number: {err}");
}

#[test]
fn a_write_that_fails_halfway_leaves_nothing_behind() {
    let mut db = memory_db();
    let c = grog(&mut db);
    let mut caster = db.create_character("mlaf", "Grimbold").unwrap();
    let before = character_rows(&db);

    // The database fails on the last table a write touches, after every other row.
    db.connection()
        .execute_batch(
            "CREATE TEMP TRIGGER fail_spells BEFORE INSERT ON main.character_spell
             BEGIN SELECT RAISE(ABORT, 'simulated failure'); END;",
        )
        .unwrap();

    let mut file: Value = serde_json::from_str(&db.export_character(caster.id).unwrap()).unwrap();
    file["character"]["spells"] = json!(["mlaf/spell/toad"]);
    file["character"]["values"] = json!({"level": 2});
    let err = db.import_character(file.to_string().as_bytes()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Database);
    assert_eq!(character_rows(&db), before, "the import left no partial character");

    caster.spells = vec![db.character_ref("mlaf/spell/toad").unwrap()];
    caster.set("level", 2);
    assert_eq!(db.save_character(&caster).unwrap_err().code(), ErrorCode::Database);
    assert_eq!(character_rows(&db), before, "the save left neither rows nor a revision");
    assert_eq!(db.character(caster.id).unwrap().revision, 1);
    assert_eq!(db.character(c.id).unwrap(), c);

    db.connection().execute_batch("DROP TRIGGER temp.fail_spells").unwrap();
    assert_eq!(db.save_character(&caster).unwrap().revision, 2, "and the next save works");
}

// ---------------------------------------------------------------------------------------
// Interrupted saves. The parent test re-runs this test binary, filtered to `child`, with
// an environment variable saying what the child should do; the child then dies in the
// middle of a save, and the parent checks the database it left behind.

const CHILD_ROLE: &str = "TOME_CHARACTER_TEST_CHILD";
const CHILD_DB: &str = "TOME_CHARACTER_TEST_DB";
const HOOK_REACHED: &str = "child: every row written, aborting before commit";

/// A sheet edit big enough to span many database pages, so the interrupted transaction
/// has really written data (some of it into the WAL) when it dies.
fn big_edit(c: &mut Character, round: i64) {
    for i in 0..60 {
        c.set(&format!("note-{i}"), format!("{round}: {}", "lorem ipsum ".repeat(150)));
    }
    c.set("strength", round % 10);
}

/// Does nothing in a normal run; in a child process, the role it was given.
#[test]
fn child() {
    let Ok(role) = std::env::var(CHILD_ROLE) else { return };
    let path = PathBuf::from(std::env::var(CHILD_DB).unwrap());
    let mut db = Db::open(&path).unwrap();
    let id = db.characters().unwrap()[0].id;
    let mut c = db.character(id).unwrap();
    match role.as_str() {
        "abort-before-commit" => {
            // A tiny page cache makes SQLite spill the open transaction's pages into the
            // WAL before the commit, so the abort leaves uncommitted frames behind.
            db.connection().pragma_update(None, "cache_size", 2).unwrap();
            big_edit(&mut c, 7);
            c.items.clear();
            db.save_character_with_hook(&c, || {
                eprintln!("{HOOK_REACHED}");
                std::process::abort();
            })
            .unwrap();
            unreachable!("the hook aborts");
        }
        "save-until-killed" => {
            for round in 1.. {
                big_edit(&mut c, round);
                c = db.save_character(&c).unwrap();
                // Printed only once the save has committed.
                println!("saved {}", c.revision);
            }
        }
        other => panic!("unknown child role {other}"),
    }
}

fn spawn_child(role: &str, db: &Path) -> Command {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.arg(common::test_name(module_path!(), "child"))
        .args(["--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ROLE, role)
        .env(CHILD_DB, db);
    cmd
}

/// The database opens, SQLite finds nothing wrong with it, every reference resolves,
/// and the character's rows are exactly its latest revision.
#[track_caller]
fn assert_intact(path: &Path, id: i64) -> (Db, Character) {
    let mut db = Db::open(path).unwrap();
    let check: String = db.connection().query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok");
    let broken: i64 =
        db.connection().query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0)).unwrap();
    assert_eq!(broken, 0, "every foreign key holds");
    let c = db.character(id).unwrap();
    let latest = db.character_revision(id, c.revision).unwrap();
    assert_eq!(c.sheet(), latest, "the rows match the latest revision");
    assert_eq!(db.character_revisions(id).unwrap().len() as i64, c.revision, "no gaps, nothing half-written");
    // And it still takes saves.
    let mut next = c.clone();
    next.set("strength", -3);
    assert_eq!(db.save_character(&next).unwrap().revision, c.revision + 1);
    (db, c)
}

#[test]
fn a_process_that_dies_before_commit_leaves_the_last_completed_revision() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    let (id, last) = {
        let mut db = file_db(&path);
        let c = grog(&mut db);
        let mut c = c;
        c.set("notes", "The last save that finished.");
        let c = db.save_character(&c).unwrap();
        (c.id, c)
    };

    let out = spawn_child("abort-before-commit", &path).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(HOOK_REACHED), "the child reached the commit: {stderr}");
    assert!(!out.status.success());
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(6), "the child died of SIGABRT: {:?}", out.status);
    }

    // The aborted transaction really wrote: its pages are in the WAL, without a commit.
    let wal = std::fs::metadata(dir.path().join("tome.db-wal")).map(|m| m.len()).unwrap_or(0);
    assert!(wal > 0, "the child left its uncommitted pages in the WAL");

    let (_, c) = assert_intact(&path, id);
    assert_eq!(c, last, "the character is exactly the last completed revision");
    assert_eq!(c.revision, 3);
}

#[test]
fn a_process_killed_at_any_moment_of_saving_leaves_a_whole_revision() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    let id = {
        let mut db = file_db(&path);
        grog(&mut db).id
    };

    let mut child =
        spawn_child("save-until-killed", &path).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut completed = 0;
    while completed < 25 {
        let Some(line) = lines.next() else { panic!("the child stopped saving at revision {completed}") };
        if let Some(n) = line.unwrap().strip_prefix("saved ") {
            completed = n.parse().unwrap();
        }
    }
    // SIGKILL: no destructor, no rollback; the child is most likely inside a save.
    child.kill().unwrap();
    child.wait().unwrap();

    let (_, c) = assert_intact(&path, id);
    assert!(c.revision >= completed, "revision {} was reported saved, the database holds {}", completed, c.revision);
}
