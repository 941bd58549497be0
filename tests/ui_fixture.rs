//! The UI's tests (and `npm run dev` in a plain browser) answer IPC commands from
//! `ui/src/test/fixture.json`, a recording of the real core: this test makes it. It runs
//! the shell's commands (the same `Tome` calls as `src-tauri/src/commands/`) on the shipped
//! content, in the scripted scenarios below, and writes every answer down. The TypeScript
//! side only looks answers up; it holds no rules.
//!
//! The test fails when the checked-in fixture is stale; `make ui-fixture`
//! (`UPDATE_UI_FIXTURE=1 cargo test -p tome --test ui_fixture`) writes it again.
//!
//! Its own test binary: that command runs it with `UPDATE_UI_FIXTURE` set, to write the
//! fixture; that run is this file alone.
//!
//! # How the recording is laid out
//!
//! The database's states form a tree: the root is a fresh database, and each successful
//! write (create, save, import…) leads to a child state. Each state lists the calls made
//! in it and their answers; a write also names the state it leads to. A call is answered
//! in the state it was recorded in. Some reads, those every page makes whatever was saved
//! before (the catalog's lists, the characters, the sheet layouts), are marked `below`:
//! they are also answered in the states below, as in the nearest state above that lists
//! them. Before the file is written, each of them is run again in every state below and
//! listed there too where its answer differs, so that a lookup is always what the core
//! would answer in that state.
//!
//! What cannot be recorded as the shell does it is simulated, the same way every time:
//! - time: every timestamp a write stores is set to 2025-06-15 plus a minute per write
//!   before it on its path, so the answers do not depend on the clock;
//! - dice (`roll_dice`, `roll_table`): a seeded generator; a call made several times in a
//!   scenario keeps each answer, and the replay gives them in turn;
//! - the native dialogs: a save "picks" `/home/you/Documents/<suggested name>` (the file
//!   is written to a temporary folder), `import_pack` picks
//!   `examples/packs/hearth-and-blade` (a folder) or `examples/packs/fireside-tables.toml`
//!   (a file), `import_text` picks `tests/fixtures/text/markdown-rules.md`;
//! - a refused pack answers the core's `{code, message}` (the shell's list of problems,
//!   worded from the picked folder, is not recorded: the UI tests set their own).
//!
//! PDFs are the core's, with one change: the font programs embedded in them are left
//! out (the UI never reads them, and they are three quarters of each file), so a viewer
//! draws their text in a stand-in font. Each distinct PDF is stored once, in base64.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::OnceLock;

use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Deserialize;
use serde_json::{json, Value};
use tome::characters::Character;
use tome::db::Db;
use tome::pdf::PdfOptions;
use tome::search::SearchFilter;
use tome::{ErrorPayload, Kind, Tome};

/// Where the fixture lives, from the repository's root.
const FIXTURE: &str = "ui/src/test/fixture.json";
/// The time every write is pinned to (2025-06-15), plus a minute per write before it.
const PINNED: i64 = 1_750_000_000;
/// Where the simulated save dialog saves.
const SAVE_DIR: &str = "/home/you/Documents";
/// The commands that change what later commands answer.
const WRITES: &[&str] = &[
    "create_character",
    "save_character",
    "delete_character",
    "restore_character",
    "import_character",
    "import_pack",
    "remove_pack",
    "import_text",
    "remove_doc",
    "create_encounter",
    "delete_encounter",
    "encounter_add_npc",
    "encounter_add_character",
    "encounter_duplicate",
    "encounter_start",
    "encounter_change",
    "encounter_condition",
    "encounter_act",
    "encounter_undo",
    "encounter_redo",
    "encounter_end",
    "encounter_next_fight",
    "encounter_again",
    "encounter_add_party",
    "encounter_add_adversary",
    "create_adversary",
    "import_adversary",
    "save_adversary",
    "delete_adversary",
    "encounter_save_adversary",
    "create_party",
    "party_add",
    "party_remove",
    "delete_party",
    "screen_pin",
    "screen_unpin",
    "screen_move",
    "screen_reset",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---- The shell's commands, over the core ----

/// One answer: a value, an error payload, or bytes (a PDF).
#[derive(Debug, Clone, PartialEq)]
enum Answer {
    Ok(Value),
    Err(Value),
    Bytes(Vec<u8>),
}

fn refusal(e: tome::Error) -> Answer {
    Answer::Err(serde_json::to_value(ErrorPayload::from(e)).unwrap())
}

fn answer<T: serde::Serialize>(r: tome::Result<T>) -> Answer {
    match r {
        Ok(v) => Answer::Ok(serde_json::to_value(v).unwrap()),
        Err(e) => refusal(e),
    }
}

/// `args[name]`, read as the shell's command reads its argument.
fn arg<T: for<'de> Deserialize<'de>>(args: &Value, name: &str) -> T {
    serde_json::from_value(args.get(name).cloned().unwrap_or(Value::Null))
        .unwrap_or_else(|e| panic!("argument `{name}` of {args}: {e}"))
}

/// What to print (the shell's `PdfSource`).
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum PdfSource {
    Ids(Vec<i64>),
    Characters(Vec<Character>),
    Screen(String),
    Party(i64),
    Encounter(i64),
}

fn make_pdf(t: &Tome, args: &Value) -> tome::Result<Vec<u8>> {
    let options: PdfOptions = arg(args, "options");
    match arg::<PdfSource>(args, "source") {
        PdfSource::Ids(ids) => t.characters_pdf(&ids, &options),
        PdfSource::Characters(cs) => t.sheets_pdf(&cs, &options),
        PdfSource::Screen(system) => t.screen_pdf(&system, &options),
        PdfSource::Party(id) => Ok(t.prepare_party_pdf(&id.to_string(), &options)?.finish()),
        PdfSource::Encounter(id) => t.encounter_cards_pdf(id, &options),
    }
}

/// `pdf` without the font programs it embeds (the fixture's PDFs; see the top of this file).
fn without_fonts(pdf: &[u8]) -> Vec<u8> {
    let mut doc = lopdf::Document::load_mem(pdf).expect("the core's PDF reads");
    for object in doc.objects.values_mut() {
        if let Ok(dict) = object.as_dict_mut() {
            if dict.get(b"Type").and_then(lopdf::Object::as_name).is_ok_and(|n| n == b"FontDescriptor") {
                for key in [b"FontFile".as_slice(), b"FontFile2", b"FontFile3"] {
                    dict.remove(key);
                }
            }
        }
    }
    doc.prune_objects();
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// A fresh database with the shipped content, and a folder for the "saved" files.
struct Shell {
    tome: Tome,
    saves: tempfile::TempDir,
}

impl Shell {
    fn new() -> Shell {
        // The shipped content is loaded once, into a file each shell copies from.
        static TEMPLATE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
        let (_, template) = TEMPLATE.get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("shipped.db");
            Tome::open_in_memory().unwrap().db().backup_to(&file).unwrap();
            (dir, file)
        });
        let mut db = Db::open_in_memory().unwrap();
        db.restore_from(template).unwrap();
        Shell { tome: Tome::from_db(db).unwrap(), saves: tempfile::tempdir().unwrap() }
    }

    /// Where the simulated save dialog puts `file_name`, and the path it reports.
    fn save_path(&self, args: &Value) -> (PathBuf, String) {
        let name: String = arg(args, "fileName");
        (self.saves.path().join(&name), format!("{SAVE_DIR}/{name}"))
    }

    /// Runs one command as `src-tauri/src/commands/` does. `seed` seeds the dice.
    fn run(&mut self, cmd: &str, args: &Value, seed: u64) -> Answer {
        let mut rng = StdRng::seed_from_u64(seed);
        let t = &mut self.tome;
        match cmd {
            "systems" => answer(t.systems()),
            // The recording's database always opens.
            "startup_problem" => Answer::Ok(Value::Null),
            // Nor has it anything to repair.
            "repair_notice" => answer(t.take_repairs()),
            "list_entries" => answer(t.list(arg(args, "kind"), arg::<Option<String>>(args, "system").as_deref())),
            "show_entry" => answer(t.show(&arg::<String>(args, "id"))),
            "get_table" => answer(t.table(&arg::<String>(args, "id"), None)),
            "roll_table" => answer(t.roll_table(&arg::<String>(args, "id"), &mut rng)),
            "calculators" => answer(t.calculators()),
            "calculate" => answer(t.calculate_form(
                &arg::<String>(args, "system"),
                &arg::<String>(args, "name"),
                arg(args, "values"),
            )),
            "roll_dice" => answer(
                tome::dice::roll_spec(&arg::<String>(args, "dice"), &mut rng, 1).map_err(tome::Error::InvalidInput),
            ),
            "search" => answer(t.search(
                &arg::<String>(args, "query"),
                &SearchFilter {
                    system: arg(args, "system"),
                    kind: arg::<Option<Kind>>(args, "kind"),
                    limit: arg(args, "limit"),
                },
            )),
            "characters" => answer(t.characters()),
            "character_view" => answer(t.character_view(arg(args, "id"))),
            "create_character" => {
                answer(t.create_character(&arg::<String>(args, "system"), &arg::<String>(args, "name")))
            }
            "save_character" => {
                answer(t.save_character(&arg(args, "character")).and_then(|character| t.view_of(character)))
            }
            "delete_character" => answer(t.delete_character(arg(args, "id"))),
            "character_revisions" => answer(t.character_revisions(arg(args, "id"))),
            "character_diff" => answer(t.character_diff(arg(args, "id"), arg(args, "from"), arg(args, "to"))),
            "restore_character" => answer(
                t.restore_character(arg(args, "id"), arg(args, "number")).and_then(|character| t.view_of(character)),
            ),
            "sheet_layout" => answer(t.sheet_layout(&arg::<String>(args, "system"))),
            "derive_character" => answer(t.derive_character(&arg(args, "character"))),
            "member_key" => answer(t.member_key(
                &arg::<String>(args, "system"),
                &arg::<String>(args, "prefix"),
                &arg::<String>(args, "name"),
            )),
            "character_item" => answer(t.character_item(&arg::<String>(args, "entryId"))),
            "character_ref" => answer(t.character_ref(&arg::<String>(args, "entryId"))),
            "export_character_file" => {
                let id: i64 = arg(args, "id");
                if let Err(e) = t.character(id) {
                    return refusal(e);
                }
                let (path, shown) = self.save_path(args);
                answer(self.tome.export_character_file(id, &path).map(|()| shown))
            }
            "export_character_foundry_file" => {
                let id: i64 = arg(args, "id");
                if let Err(e) = t.export_character_foundry(id) {
                    return refusal(e);
                }
                let (path, shown) = self.save_path(args);
                let saved = self.tome.export_character_foundry_file(id, &path);
                answer(saved.map(|said| tome::api::FoundrySaved { path: shown, said }))
            }
            "check_character_file" => answer(t.check_character_file(arg::<String>(args, "text").as_bytes())),
            "import_character" => answer(t.import_character_reported(arg::<String>(args, "text").as_bytes())),
            "pdf_preview" => match make_pdf(t, args) {
                Ok(bytes) => Answer::Bytes(without_fonts(&bytes)),
                Err(e) => refusal(e),
            },
            "export_pdf" => match make_pdf(t, args) {
                Ok(bytes) => {
                    let (path, shown) = self.save_path(args);
                    std::fs::write(path, bytes).unwrap();
                    Answer::Ok(json!(shown))
                }
                Err(e) => refusal(e),
            },
            "packs" => answer(t.packs()),
            "import_pack" => {
                let picked = if arg(args, "folder") {
                    root().join("examples/packs/hearth-and-blade")
                } else {
                    root().join("examples/packs/fireside-tables.toml")
                };
                answer(t.import_pack(&picked).map(Some))
            }
            "remove_pack" => answer(t.remove_pack(&arg::<String>(args, "name"))),
            "docs" => answer(t.docs()),
            "import_text" => {
                let system: String = arg(args, "system");
                match t.systems() {
                    Ok(systems) if systems.iter().any(|s| s.id == system) => {}
                    Ok(_) => {
                        return refusal(tome::Error::NotFound {
                            what: "game system",
                            id: system,
                            suggestions: Vec::new(),
                        })
                    }
                    Err(e) => return refusal(e),
                }
                let title: Option<String> = arg(args, "title");
                let title = title.as_deref().map(str::trim).filter(|t| !t.is_empty());
                let picked = root().join("tests/fixtures/text/markdown-rules.md");
                answer(t.import_text_file(&picked, &system, title).map(Some))
            }
            "remove_doc" => answer(t.remove_doc(&arg::<String>(args, "id"))),
            // The fixture's world never shares with a table (the share panel's tests
            // answer for a server of their own).
            "share_status" => answer(Ok::<Option<tome::share::ShareStatus>, tome::Error>(None)),
            "set_doc_shared" => answer(t.set_doc_shared(&arg::<String>(args, "id"), arg(args, "shared"))),
            "encounters" => answer(t.encounters()),
            "create_encounter" => answer(t.create_encounter_mode(
                &arg::<String>(args, "system"),
                &arg::<String>(args, "name"),
                arg::<Option<String>>(args, "mode").as_deref(),
            )),
            "delete_encounter" => answer(t.delete_encounter(arg(args, "id"))),
            "encounter" => answer(t.encounter(arg(args, "id"))),
            "encounter_kit" => answer(t.encounter_kit(arg(args, "id"))),
            "encounter_add_npc" => answer(t.encounter_add_npc_with(
                arg(args, "id"),
                &arg::<String>(args, "name"),
                arg(args, "count"),
                arg(args, "stats"),
                arg::<Option<bool>>(args, "hidden"),
                Some(seed),
            )),
            "encounter_add_character" => answer(t.encounter_add_character_with(
                arg(args, "id"),
                arg(args, "character"),
                arg::<Option<bool>>(args, "hidden"),
            )),
            "newcomers_hidden" => answer(t.newcomers_hidden(arg(args, "id"))),
            "set_newcomers_hidden" => answer(t.set_newcomers_hidden(arg(args, "id"), arg(args, "hidden"))),
            "encounter_duplicate" => {
                answer(t.encounter_duplicate_seeded(arg(args, "id"), &arg::<String>(args, "name"), Some(seed)))
            }
            "encounter_start" => answer(t.encounter_start(
                arg(args, "id"),
                &arg::<Vec<(String, i64)>>(args, "rolls"),
                &arg::<Vec<(String, i64)>>(args, "tieRolls"),
                Some(seed),
            )),
            "encounter_change" => answer(t.encounter_change(arg(args, "id"), arg(args, "event"))),
            "encounter_condition" if arg::<Option<bool>>(args, "custom") == Some(true) => {
                answer(t.encounter_custom_condition(
                    arg(args, "id"),
                    &arg::<String>(args, "name"),
                    &arg::<String>(args, "condition"),
                    arg(args, "duration"),
                ))
            }
            "encounter_condition" => answer(t.encounter_condition(
                arg(args, "id"),
                &arg::<String>(args, "name"),
                &arg::<String>(args, "condition"),
                arg(args, "duration"),
                arg(args, "remove"),
            )),
            "encounter_act" => answer(t.encounter_act_form(
                arg(args, "id"),
                &arg::<String>(args, "action"),
                arg::<Option<String>>(args, "name").as_deref(),
                arg(args, "inputs"),
                Some(seed),
            )),
            "encounter_undo" => answer(t.encounter_undo(arg(args, "id"))),
            "encounter_redo" => answer(t.encounter_redo(arg(args, "id"))),
            "encounter_log" => match arg::<Option<usize>>(args, "last") {
                Some(n) => answer(t.encounter_log_tail(arg(args, "id"), n)),
                None => answer(t.encounter_log(arg(args, "id"))),
            },
            "encounter_end" => answer(t.encounter_end(arg(args, "id"), arg(args, "apply"))),
            "encounter_next_fight" => {
                answer(t.encounter_next_fight(arg(args, "id"), arg::<Option<String>>(args, "name").as_deref()))
            }
            "encounter_again" => {
                answer(t.encounter_again(arg(args, "id"), arg::<Option<String>>(args, "name").as_deref()))
            }
            "encounter_add_party" => answer(t.encounter_add_party_with(
                arg(args, "id"),
                &arg::<i64>(args, "party").to_string(),
                arg::<Option<bool>>(args, "hidden"),
            )),
            "encounter_add_adversary" => answer(t.encounter_add_adversary_named(
                arg(args, "id"),
                &arg::<String>(args, "adversary"),
                arg(args, "count"),
                arg::<Option<bool>>(args, "hidden"),
                None,
            )),
            "adversaries" => answer(t.adversaries()),
            "adversary_entry" => answer(t.adversary_entry(&arg::<String>(args, "id"))),
            "adversary_view" => answer(t.adversary_view(arg(args, "id"))),
            "adversary_stats" => answer(
                t.adversary_stats(&arg::<String>(args, "system"), &arg::<String>(args, "mode")).map(<[_]>::to_vec),
            ),
            "adversary_revisions" => answer(t.adversary_revisions(arg(args, "id"))),
            "check_adversary" => answer(t.check_adversary(&arg(args, "adversary")).map(|(_, v)| v)),
            "create_adversary" => answer(t.create_adversary(&arg(args, "adversary"))),
            "import_adversary" => answer(t.import_adversary_reported(arg::<String>(args, "text").as_bytes())),
            "save_adversary" => answer(t.save_adversary(&arg(args, "adversary"))),
            "delete_adversary" => answer(t.delete_adversary(arg(args, "id"))),
            "encounter_save_adversary" => answer(t.adversary_from_combatant(
                arg(args, "id"),
                &arg::<String>(args, "name"),
                arg::<Option<String>>(args, "adversaryName").as_deref(),
            )),
            "parties" => answer(t.parties()),
            "create_party" => answer(t.create_party(&arg::<String>(args, "system"), &arg::<String>(args, "name"))),
            "party_add" => {
                answer(t.party_add(&arg::<i64>(args, "party").to_string(), &arg::<Vec<i64>>(args, "characters")))
            }
            "party_remove" => {
                answer(t.party_remove(&arg::<i64>(args, "party").to_string(), &arg::<Vec<i64>>(args, "characters")))
            }
            "delete_party" => answer(t.delete_party(&arg::<i64>(args, "party").to_string())),
            "export_session_log" => match t.session_log(&arg(args, "pick")) {
                Ok(markdown) => {
                    let (path, shown) = self.save_path(args);
                    std::fs::write(path, markdown).unwrap();
                    Answer::Ok(json!(shown))
                }
                Err(e) => refusal(e),
            },
            "screen" => answer(t.screen(&arg::<String>(args, "system"))),
            "screen_pin" => answer(t.screen_pin(&arg::<String>(args, "system"), &arg::<String>(args, "item"))),
            "screen_unpin" => answer(t.screen_unpin(&arg::<String>(args, "system"), &arg::<String>(args, "what"))),
            "screen_move" => answer(t.screen_move(&arg::<String>(args, "system"), arg(args, "from"), arg(args, "to"))),
            "screen_reset" => answer(t.screen_reset(&arg::<String>(args, "system"))),
            "player_view" => answer(t.player_view(arg(args, "id"))),
            // The window opens in the shell; the recording has none to open.
            "open_player_view" => answer(t.encounter(arg(args, "id")).map(|_| ())),
            _ => panic!("the shell has no command `{cmd}`"),
        }
    }

    /// Sets every timestamp the last write stored (anything later than `fresh`) to `at`.
    fn pin_time(&self, fresh: i64, at: i64) {
        let conn = self.tome.db().connection();
        for (table, column) in [
            ("character", "created"),
            ("character", "updated"),
            ("character_revision", "saved_at"),
            ("pack", "imported_at"),
            ("doc", "imported_at"),
            ("encounter", "created"),
            ("encounter", "updated"),
            ("encounter", "ended"),
            ("encounter_event", "at"),
            ("adversary", "created"),
            ("adversary", "updated"),
            ("adversary_revision", "saved_at"),
        ] {
            conn.execute(&format!("UPDATE {table} SET {column} = ?1 WHERE {column} > ?2"), [at, fresh]).unwrap();
        }
        // An event's checksum covers its time: one pinned here is cleared, then sealed
        // again below, as the upgrade seals an older Tome's rows.
        conn.execute("UPDATE encounter_event SET check_sum = NULL WHERE at = ?1", [at]).unwrap();
        // So does a character's own row's (issue 73).
        conn.execute("UPDATE character SET check_sum = NULL WHERE created = ?1 OR updated = ?1", [at]).unwrap();
        // So does a character's revision's.
        conn.execute("UPDATE character_revision SET check_sum = NULL WHERE saved_at = ?1", [at]).unwrap();
        // And an adversary's, its revisions' (issue 58).
        conn.execute("UPDATE adversary SET check_sum = NULL WHERE created = ?1 OR updated = ?1", [at]).unwrap();
        conn.execute("UPDATE adversary_revision SET check_sum = NULL WHERE saved_at = ?1", [at]).unwrap();
        // And, since issue 73, an encounter's (its times among its columns) and an imported
        // document's (its import time): changed here behind Tome's back, they would read
        // as damage, exactly as a tool's change would.
        conn.execute("UPDATE encounter SET check_sum = NULL WHERE created = ?1 OR updated = ?1 OR ended = ?1", [at])
            .unwrap();
        conn.execute("UPDATE doc SET check_sum = NULL WHERE imported_at = ?1", [at]).unwrap();
        self.tome.db().seal_unsealed().unwrap();
    }
}

/// `v` with every timestamp field later than `fresh` set to `at` (a write's own answer,
/// made before its times were pinned).
fn pin_answer(v: &mut Value, fresh: i64, at: i64) {
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                let stamp = matches!(k.as_str(), "created" | "updated" | "saved_at" | "imported_at" | "at" | "ended");
                if stamp && x.as_i64().is_some_and(|n| n > fresh) {
                    *x = json!(at);
                } else {
                    pin_answer(x, fresh, at);
                }
            }
        }
        Value::Array(xs) => xs.iter_mut().for_each(|x| pin_answer(x, fresh, at)),
        _ => {}
    }
}

// ---- Keys: a call's command and arguments, the same way `ui/src/lib/fixture-backend.ts` makes them ----

/// The arguments as compared: a text argument holding a JSON object (a character file)
/// counts as that object, so its layout does not matter.
fn normalized(v: &Value) -> Value {
    match v {
        Value::String(s) if s.trim_start().starts_with('{') => match serde_json::from_str::<Value>(s) {
            Ok(parsed @ Value::Object(_)) => json!(["$json", normalized(&parsed)]),
            _ => v.clone(),
        },
        Value::Array(xs) => Value::Array(xs.iter().map(normalized).collect()),
        Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), normalized(x))).collect()),
        _ => v.clone(),
    }
}

/// JSON with object keys sorted, no spaces.
fn canonical(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            let parts: Vec<String> =
                keys.iter().map(|k| format!("{}:{}", serde_json::to_string(k).unwrap(), canonical(&m[*k]))).collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(xs) => format!("[{}]", xs.iter().map(canonical).collect::<Vec<_>>().join(",")),
        _ => serde_json::to_string(v).unwrap(),
    }
}

/// How a call is looked up: its command and its arguments, an argument given as `null`
/// counting as one left out (the shell reads both as `None`), as `callKey` in
/// `ui/src/lib/fixture-backend.ts` does.
fn key(cmd: &str, args: &Value) -> String {
    let mut args = normalized(args);
    if let Value::Object(m) = &mut args {
        m.retain(|_, v| !v.is_null());
    }
    format!("{cmd} {}", canonical(&args))
}

/// A seed for the dice of the `n`th call of `key` (FNV-1a, stable across runs).
fn seed(key: &str, n: usize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes().chain(n.to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

// ---- The recording ----

#[derive(Clone)]
struct Call {
    cmd: String,
    args: Value,
    answers: Vec<Answer>,
    /// For a write that succeeded: the state it leads to.
    next: Option<usize>,
    /// A read also answered in the states below this one (where the recording checks it).
    below: bool,
}

struct State {
    parent: Option<usize>,
    /// Writes from the root to here.
    depth: i64,
    calls: BTreeMap<String, Call>,
    /// The `below` reads of the states above that were run again here.
    checked: BTreeSet<String>,
}

struct Recording {
    states: Vec<State>,
    /// Anything later than this is a timestamp a write just stored.
    fresh: i64,
}

impl Recording {
    fn new() -> Recording {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
        assert!(now - 86_400 > PINNED + 60 * 1000, "the clock is too early to tell stored times from pinned ones");
        Recording {
            states: vec![State { parent: None, depth: 0, calls: BTreeMap::new(), checked: BTreeSet::new() }],
            fresh: now - 86_400,
        }
    }

    /// A scenario on a fresh database, from the root state.
    fn session(&mut self) -> Session<'_> {
        // The starters a fresh library is given carry the time they were made: pinned, as
        // after every write, so that a read before any write answers the same each run.
        let shell = Shell::new();
        shell.pin_time(self.fresh, PINNED);
        Session { rec: self, shell, state: 0, below: false }
    }

    /// The states from the root's child to `state`, each with the write leading to it.
    fn path(&self, state: usize) -> Vec<(usize, Call)> {
        let mut out = Vec::new();
        let mut s = state;
        while let Some(parent) = self.states[s].parent {
            let call = self.states[parent].calls.values().find(|c| c.next == Some(s)).expect("the write to a state");
            out.push((s, call.clone()));
            s = parent;
        }
        out.reverse();
        out
    }

    /// The `below` reads of the states above `s` (each as the nearest state lists it) not
    /// yet run again in `s`.
    fn unchecked(&self, s: usize) -> Vec<(String, Call)> {
        let state = &self.states[s];
        let mut seen: BTreeSet<&String> = state.calls.keys().chain(&state.checked).collect();
        let mut out = Vec::new();
        let mut above = state.parent;
        while let Some(a) = above {
            for (k, call) in &self.states[a].calls {
                if call.below && seen.insert(k) {
                    out.push((k.clone(), call.clone()));
                }
            }
            above = self.states[a].parent;
        }
        out
    }

    /// Runs again in state `s` (which `shell` is in) every read a state above answers for
    /// the states below it, and lists it in `s` too where the answer differs, so that a
    /// lookup up the tree always gives the answer the core gives in `s`.
    fn check(&mut self, s: usize, shell: &mut Shell) {
        for (k, call) in self.unchecked(s) {
            let here: Vec<Answer> =
                (0..call.answers.len()).map(|n| shell.run(&call.cmd, &call.args, seed(&k, n))).collect();
            if here != call.answers {
                self.states[s].calls.insert(k.clone(), Call { answers: here, ..call });
            }
            self.states[s].checked.insert(k);
        }
    }

    /// Checks the states left unchecked: those below a state that gained a `below` read
    /// after they were visited. A database walks down to each of them.
    fn close(&mut self) {
        for s in 1..self.states.len() {
            if self.unchecked(s).is_empty() {
                continue;
            }
            let mut shell = Shell::new();
            for (t, write) in self.path(s) {
                let got = shell.run(&write.cmd, &write.args, seed(&key(&write.cmd, &write.args), 0));
                assert!(!matches!(got, Answer::Err(_)), "replaying {} {} failed: {got:?}", write.cmd, write.args);
                shell.pin_time(self.fresh, PINNED + 60 * self.states[t].depth);
                self.check(t, &mut shell);
            }
        }
    }

    /// The fixture's text: one call per line, then each distinct answer once, one per
    /// line, then each distinct PDF once, so that a change shows as a small diff.
    fn write(&self) -> String {
        let mut answers: Vec<String> = Vec::new();
        let mut numbers: HashMap<String, usize> = HashMap::new();
        let mut blobs: Vec<&[u8]> = Vec::new();
        let mut out = String::new();
        out.push_str(
            "{\"about\": \"Made by tests/ui_fixture.rs from the real core; do not edit: run `make ui-fixture`.\",\n",
        );
        out.push_str("\"states\": [\n");
        for (i, state) in self.states.iter().enumerate() {
            out.push_str(&format!(
                "{{\"parent\": {}, \"calls\": [\n",
                state.parent.map_or("null".into(), |p| p.to_string())
            ));
            let lines: Vec<String> = state
                .calls
                .values()
                .map(|c| {
                    let refs: Vec<usize> = c
                        .answers
                        .iter()
                        .map(|a| {
                            let text = match a {
                                Answer::Ok(v) => json!({ "ok": v }).to_string(),
                                Answer::Err(v) => json!({ "err": v }).to_string(),
                                Answer::Bytes(b) => {
                                    let n = blobs.iter().position(|x| x == b).unwrap_or_else(|| {
                                        blobs.push(b);
                                        blobs.len() - 1
                                    });
                                    json!({ "bytes": n }).to_string()
                                }
                            };
                            *numbers.entry(text.clone()).or_insert_with(|| {
                                answers.push(text);
                                answers.len() - 1
                            })
                        })
                        .collect();
                    let mut extra = c.next.map_or(String::new(), |n| format!(", \"next\": {n}"));
                    if c.below {
                        extra.push_str(", \"below\": true");
                    }
                    format!(
                        "{{\"cmd\": {}, \"args\": {}{extra}, \"answers\": {}}}",
                        json!(c.cmd),
                        serde_json::to_string(&c.args).unwrap(),
                        serde_json::to_string(&refs).unwrap()
                    )
                })
                .collect();
            out.push_str(&lines.join(",\n"));
            out.push_str(if i + 1 == self.states.len() { "\n]}\n" } else { "\n]},\n" });
        }
        mark_document_facts(&mut answers);
        out.push_str("],\n\"answers\": [\n");
        out.push_str(&answers.join(",\n"));
        out.push_str("\n],\n\"bytes\": [\n");
        let encoded: Vec<String> = blobs.iter().map(|b| format!("\"{}\"", base64(b))).collect();
        out.push_str(&encoded.join(",\n"));
        out.push_str("\n]}\n");
        out
    }
}

/// What the marker says on an answer that carries the documents' own words.
const FACTS_MARK: &str = r#", "verbatim-ok": "table cells and entry fields transcribed from the rules documents""#;

/// Marks the answers that hold a long run of the rules documents' words. Those are the
/// content's facts (a table's column of names, a spell's duration and failure) that the
/// seed and the calculators already hold, and that the shared check accepts when marked
/// (`verbatim-ok`); an answer holding prose of ours never needs it. Each answer is one
/// line, and the check says which lines hold a run, so only those are marked. Without
/// the check (no `shared/` beside the repository) nothing is marked, and the
/// up-to-date test compares the fixture without its marks.
fn mark_document_facts(answers: &mut [String]) {
    let check = root().join("../shared/tools/verbatim-check");
    if !check.exists() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let probe = dir.path().join("answers.txt");
    std::fs::write(&probe, answers.join("\n")).unwrap();
    let out = std::process::Command::new("python3").arg(&check).arg(&probe).output().expect("python3 runs the check");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let Some(rest) = line.split_once(".txt:").map(|(_, r)| r) else { continue };
        let Some(n) = rest.split(':').next().and_then(|n| n.parse::<usize>().ok()) else { continue };
        if let Some(answer) = answers.get_mut(n - 1) {
            if !answer.contains("verbatim-ok") && answer.ends_with('}') {
                answer.insert_str(answer.len() - 1, FACTS_MARK);
            }
        }
    }
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// One scripted scenario: calls made in order on one database, as the UI makes them.
struct Session<'r> {
    rec: &'r mut Recording,
    shell: Shell,
    state: usize,
    /// Whether the reads made now are also answered in the states below.
    below: bool,
}

impl Session<'_> {
    /// Makes a call `times` times (dice give a new answer each time) and records it in
    /// the current state; a write that succeeds moves on to the state it leads to.
    fn call_n(&mut self, cmd: &str, args: Value, times: usize) -> Answer {
        let k = key(cmd, &args);
        let write = WRITES.contains(&cmd);
        assert!(!write || times == 1, "{cmd} is a write: it is made once");
        let mut answers: Vec<Answer> = (0..times).map(|n| self.shell.run(cmd, &args, seed(&k, n))).collect();
        let moves = write && !matches!(answers[0], Answer::Err(_));
        let depth = self.rec.states[self.state].depth + 1;
        if moves {
            let at = PINNED + 60 * depth;
            self.shell.pin_time(self.rec.fresh, at);
            if let Answer::Ok(v) = &mut answers[0] {
                pin_answer(v, self.rec.fresh, at);
            }
        }
        let recorded = self.rec.states[self.state].calls.get(&k).cloned();
        let next = match recorded {
            Some(old) => {
                assert!(
                    old.answers[..times.min(old.answers.len())] == answers[..times.min(old.answers.len())],
                    "{cmd} {args} answered differently in two scenarios: the core is not deterministic here"
                );
                let call = self.rec.states[self.state].calls.get_mut(&k).unwrap();
                if answers.len() > old.answers.len() {
                    call.answers = answers.clone();
                }
                call.below |= self.below && !write;
                old.next
            }
            None => {
                let next = moves.then(|| {
                    self.rec.states.push(State {
                        parent: Some(self.state),
                        depth,
                        calls: BTreeMap::new(),
                        checked: BTreeSet::new(),
                    });
                    self.rec.states.len() - 1
                });
                self.rec.states[self.state].calls.insert(
                    k,
                    Call { cmd: cmd.into(), args, answers: answers.clone(), next, below: self.below && !write },
                );
                next
            }
        };
        if let Some(next) = next {
            self.state = next;
            self.rec.check(next, &mut self.shell);
        }
        answers.swap_remove(0)
    }

    fn call(&mut self, cmd: &str, args: Value) -> Answer {
        self.call_n(cmd, args, 1)
    }

    /// Runs `f` with its reads also answered in every state below the one they are made
    /// in (the recording checks them there): for what every page asks whatever was saved.
    fn below<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.below = true;
        let r = f(self);
        self.below = false;
        r
    }

    /// A call that must succeed, and its value.
    fn ok(&mut self, cmd: &str, args: Value) -> Value {
        match self.call(cmd, args.clone()) {
            Answer::Ok(v) => v,
            other => panic!("{cmd} {args} failed: {other:?}"),
        }
    }

    /// A call that must fail.
    fn err(&mut self, cmd: &str, args: Value) {
        let got = self.call(cmd, args.clone());
        assert!(matches!(got, Answer::Err(_)), "{cmd} {args} was expected to fail: {got:?}");
    }

    fn create(&mut self, system: &str, name: &str) -> Value {
        self.ok("create_character", json!({ "system": system, "name": name }))
    }

    /// The stored character `id`.
    fn stored(&mut self, id: i64) -> Value {
        self.ok("character_view", json!({ "id": id }))["character"].clone()
    }

    /// Saves `character` (a draft, as the sheet sends it) and answers the stored one.
    fn save(&mut self, character: &Value) -> Value {
        self.ok("save_character", json!({ "character": character }))["character"].clone()
    }

    fn derive(&mut self, character: &Value) {
        self.ok("derive_character", json!({ "character": character }));
    }

    /// A new sheet item for `entry_id`, as the picker adds it.
    fn item(&mut self, entry_id: &str) -> Value {
        self.ok("character_item", json!({ "entryId": entry_id }))
    }

    /// What the app reads on every page: the systems and every list (the catalog).
    fn catalog(&mut self) {
        self.ok("startup_problem", json!({}));
        self.ok("repair_notice", json!({}));
        self.ok("systems", json!({}));
        self.ok("packs", json!({}));
        self.ok("docs", json!({}));
        self.ok("share_status", json!({}));
        for kind in Kind::ALL {
            self.ok("list_entries", json!({ "kind": kind, "system": null }));
        }
    }

    /// The MythCraft round of eight issue 33 and 44's scenarios play: Wren (an adventurer),
    /// a Skulker, four goblins and two wolves on the bridge, not yet started.
    fn bridge(&mut self) {
        self.ok("create_encounter", json!({ "system": "mythcraft", "name": "The bridge", "mode": null }));
        for (name, count, stats) in [
            ("Wren", 1, json!({ "max-hp": 20, "awareness": 3, "adventurer": 1 })),
            ("Skulker", 1, json!({ "max-hp": 14, "awareness": 2 })),
            ("Goblin", 4, json!({ "max-hp": 8 })),
            ("Wolf", 2, json!({ "max-hp": 10, "awareness": 1 })),
        ] {
            self.ok("encounter_add_npc", json!({ "id": 1, "name": name, "count": count, "stats": stats }));
        }
    }

    /// The MythCraft ambush several scenarios play: two goblins and Sneak (hidden), started,
    /// Goblin 1 hurt for 7.
    fn ambush(&mut self) {
        self.ok("create_encounter", json!({ "system": "mythcraft", "name": "Ambush", "mode": null }));
        self.ok("encounter_add_npc", json!({ "id": 1, "name": "Goblin", "count": 2, "stats": { "max-hp": 12 } }));
        self.ok("encounter_add_npc", json!({ "id": 1, "name": "Sneak", "count": 1, "stats": { "max-hp": 9 } }));
        self.ok("encounter_change", json!({ "id": 1, "event": { "type": "hide", "name": "Sneak", "hidden": true } }));
        self.ok(
            "encounter_start",
            json!({ "id": 1, "rolls": [["Goblin 1", 12], ["Goblin 2", 9], ["Sneak", 4]], "tieRolls": [] }),
        );
        self.ok(
            "encounter_change",
            json!({ "id": 1, "event": { "type": "damage", "name": "Goblin 1", "amount": 7, "kind": null } }),
        );
    }

    /// What the tracker's page reads when it opens encounter `id`: the encounter, its kit
    /// and log, and the lists its forms pick from.
    fn tracker(&mut self, id: i64) {
        self.ok("encounter", json!({ "id": id }));
        self.ok("encounter_kit", json!({ "id": id }));
        self.ok("encounter_log", json!({ "id": id, "last": 200 }));
        self.ok("characters", json!({}));
        self.ok("parties", json!({}));
        self.ok("adversaries", json!({}));
        self.ok("newcomers_hidden", json!({ "id": id }));
    }

    /// What the character pages read about the characters that exist.
    fn characters(&mut self, ids: &[i64]) {
        self.ok("characters", json!({}));
        for &id in ids {
            self.call("character_view", json!({ "id": id }));
            self.call("character_revisions", json!({ "id": id }));
        }
    }

    /// What the search box sends for `query`.
    fn search(&mut self, query: &str) -> Value {
        self.ok("search", json!({ "query": query, "system": null, "kind": null, "limit": 20 }))
    }

    /// What a sheet's entry picker sends for `query`: a search per kind the list takes.
    fn pick(&mut self, query: &str, system: &str, kinds: &[&str]) {
        for kind in kinds {
            self.ok("search", json!({ "query": query, "system": system, "kind": kind, "limit": 15 }));
        }
    }

    /// What the sheet sends as the player types `values` into `c` (made from `revision`):
    /// the draft is derived, then saved. Answers the stored character.
    fn type_and_save(&mut self, c: &Value, values: Value, revision: i64) -> Value {
        let draft = with_values(c, values);
        self.derive(&draft);
        self.save(&at_revision(&draft, revision))
    }
}

/// `c` with `values` as its values.
fn with_values(c: &Value, values: Value) -> Value {
    let mut c = c.clone();
    c["values"] = values;
    c
}

/// `c` as sent from `revision` (the sheet keeps the rest of what it first loaded).
fn at_revision(c: &Value, revision: i64) -> Value {
    let mut c = c.clone();
    c["revision"] = json!(revision);
    c
}

/// `c` carrying `items`.
fn with_items(c: &Value, items: Vec<Value>) -> Value {
    let mut c = c.clone();
    c["items"] = json!(items);
    c
}

/// `item` changed by `change` (its fields).
fn changed(item: &Value, change: Value) -> Value {
    let mut item = item.clone();
    for (k, v) in change.as_object().unwrap() {
        item[k] = v.clone();
    }
    item
}

/// A character file's text, as the import dialog's tests type it.
fn file(character: Value) -> String {
    json!({ "format": "tome-character", "version": 1, "character": character }).to_string()
}

/// The character file of a sheet's draft, as the sheet checks a refused save.
fn sheet_file(c: &Value) -> String {
    let keep = ["system", "name", "values", "items", "conditions", "spells"];
    let character: serde_json::Map<String, Value> = c
        .as_object()
        .unwrap()
        .iter()
        .filter(|(k, _)| keep.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    file(Value::Object(character))
}

// ---- The scenarios: what the UI's tests (ui/src/test/*.test.ts) ask ----

fn reference(rec: &mut Recording) {
    let mut s = rec.session();
    // What the pages ask whatever was saved or imported before.
    s.below(|s| {
        s.catalog();
        s.characters(&[1, 2, 3, 99]);
        for system in ["ars-magica", "mythcraft", "amtgard", "mlaf", "primal-wild", "gurps"] {
            s.call("sheet_layout", json!({ "system": system }));
        }
    });
    for (kind, system) in [("weapon", "ars-magica"), ("armor", "ars-magica")] {
        s.ok("list_entries", json!({ "kind": kind, "system": system }));
    }
    for id in [
        "mythcraft/condition/broken",
        "mythcraft/condition/frightened",
        "ars-magica/rule/attack-total",
        "ars-magica/weapon/mace-and-chain",
        "ars-magica/weapon/sword-long",
        "ars-magica/armor/chain-mail",
        "mlaf/table/spell-table",
        "mlaf/position/siren",
        "mlaf/spell/siren-song",
        "mlaf/spell/bolt-of-lightning",
        "x/y/z",
    ] {
        s.call("show_entry", json!({ "id": id }));
    }
    for id in ["mlaf/table/spell-table", "mlaf/table/mutation-table", "ars-magica/table/damage-table"] {
        s.call("get_table", json!({ "id": id }));
    }
    s.call_n("roll_table", json!({ "id": "mlaf/table/spell-table" }), 3);

    // Search: the search box, and the pickers on the sheets.
    for query in [
        "stun",
        "st",
        "broken",
        "stunned",
        "medusa",
        "xyzzy",
        "chian mail",
        "sys:amtgard stun",
        "sys:amtgard kind:condition",
        "bolt of lightning",
        "a",
        "\"",
        "\"\"",
        "\"chain mail\"",
        "%",
        "*",
        "AND",
        "NEAR(",
        "stun*",
        "sys:",
        "in:nothing",
        "\"unbalanced",
        "a OR b NOT c",
        "🙂",
        "\u{0}",
        // A table rolled straight from the results.
        "spell table",
    ] {
        s.search(query);
    }
    // 10 kB pasted: the box sends its first 256 characters.
    s.search(&"zyx \"NEAR( %*".repeat(800).chars().take(256).collect::<String>());
    // An entry that is not there: the entry view searches its last words.
    s.ok("search", json!({ "query": "bolt of lightning", "system": null, "kind": null, "limit": 5 }));
    s.ok("search", json!({ "query": "stunned", "system": null, "kind": "condition", "limit": 5 }));

    // Calculators and dice.
    s.ok("calculators", json!({}));
    s.ok("list_entries", json!({ "kind": "spell", "system": "mlaf" }));
    for (system, name, values) in [
        ("ars-magica", "encumbrance", json!({ "load": "9", "strength": "1" })),
        ("ars-magica", "encumbrance", json!({ "load": "9", "strength": "99" })),
        // "-3" typed after the "1" a field held.
        ("ars-magica", "encumbrance", json!({ "load": "9", "strength": "1-3" })),
        ("ars-magica", "encumbrance", json!({ "load": "9", "strength": "2" })),
        ("ars-magica", "encumbrance", json!({ "load": "55", "strength": "1" })),
        ("ars-magica", "encumbrance", json!({ "load": "60", "strength": "0" })),
        ("ars-magica", "encumbrance", json!({ "load": "9", "strength": "0" })),
        ("ars-magica", "encumbrance", json!({ "load": "3", "strength": "0" })),
        ("ars-magica", "encumbrance", json!({ "load": "1", "strength": "0" })),
        ("ars-magica", "soak", json!({ "stamina": "2", "armor": "none", "coverage": "full", "form-bonus": "0" })),
        ("ars-magica", "soak", json!({ "stamina": "2", "armor": "chian mail", "coverage": "full", "form-bonus": "0" })),
        ("ars-magica", "soak", json!({ "stamina": "2", "armor": "chain", "coverage": "full", "form-bonus": "0" })),
        // Issue 33: a spell the reference does not have, said beside the Spell field.
        ("mlaf", "cast", json!({ "spell": "Fire Bawl", "enemy-tz": "0", "caster": "standing" })),
        (
            "mythcraft",
            "movement",
            json!({ "speed": "20", "swim-speed": "0", "fly-speed": "0", "climb-speed": "0",
            "burrow-speed": "0", "walk": "0", "swim": "0", "fly": "0", "climb": "0", "burrow": "0" }),
        ),
    ] {
        s.call("calculate", json!({ "system": system, "name": name, "values": values }));
    }
    for dice in ["3d6", "2d6", "d20", "3x6", "0d6", "2d1", "2d6+3", "3d6+d6"] {
        s.call("roll_dice", json!({ "dice": dice }));
    }
    s.call_n("roll_dice", json!({ "dice": "stress" }), 60);
    s.call_n("roll_dice", json!({ "dice": "simple" }), 20);
}

/// character-sheet.test.ts: Brother Aldo's sheet, typed into.
fn sheet_editing(rec: &mut Recording) {
    const CHAIN: &str = "ars-magica/armor/chain-mail";
    const SWORD: &str = "ars-magica/weapon/sword-long";

    // Derived as typed; saved a pause later, twice.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.derive(&with_values(&aldo, json!({ "stamina": 3 })));
    s.type_and_save(&aldo, json!({ "concept": "Shield grog" }), 1);
    s.type_and_save(&aldo, json!({ "concept": "Shield grog, loyal" }), 2);

    // Refused, then fixed.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    let refused = with_values(&aldo, json!({ "strength": 50 }));
    s.derive(&refused);
    s.err("save_character", json!({ "character": refused }));
    s.ok("check_character_file", json!({ "text": sheet_file(&refused) }));
    s.type_and_save(&aldo, json!({ "strength": 5 }), 1);

    // Saved elsewhere first: a conflict, then the changes put back.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.save(&with_values(&aldo, json!({ "concept": "Archer" })));
    let mine = with_values(&aldo, json!({ "stamina": 2 }));
    s.derive(&mine);
    s.err("save_character", json!({ "character": mine }));
    let again = at_revision(&mine, 2);
    s.derive(&again);
    s.save(&again);

    // Undo and redo: what is saved is the draft undone to.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    let refused = with_values(&aldo, json!({ "stamina": 3, "strength": 12 }));
    s.derive(&refused);
    s.err("save_character", json!({ "character": refused }));
    s.ok("check_character_file", json!({ "text": sheet_file(&refused) }));
    s.type_and_save(&aldo, json!({ "stamina": 3 }), 1);

    // Equipment from the database.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.pick("chain", "ars-magica", &["weapon", "armor"]);
    let chain = s.item(CHAIN);
    let sword = s.item(SWORD);
    s.derive(&with_items(&aldo, vec![chain.clone()]));
    s.derive(&with_items(&aldo, vec![chain.clone(), sword.clone()]));
    let worn = changed(&chain, json!({ "coverage": "full", "equipped": true }));
    s.derive(&with_items(&aldo, vec![worn.clone(), sword.clone()]));
    let two = changed(&sword, json!({ "quantity": 2 }));
    s.derive(&with_items(&aldo, vec![worn.clone(), two.clone()]));
    s.save(&with_items(&aldo, vec![worn, two]));

    // A family member by name.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.derive(&with_values(&aldo, json!({ "ability.single-weapon": 0 })));
    s.ok("member_key", json!({ "system": "ars-magica", "prefix": "ability.", "name": "Area Lore" }));
    s.err("member_key", json!({ "system": "ars-magica", "prefix": "ability.", "name": "42" }));
    s.derive(&with_values(&aldo, json!({ "ability.single-weapon": 0, "ability.area-lore": 0 })));
    s.derive(&with_values(&aldo, json!({ "ability.single-weapon": 0, "ability.area-lore": 3 })));
    s.type_and_save(&aldo, json!({ "ability.area-lore": 3 }), 1);

    // Armour worn, saved before the sheet opens.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    let chain = changed(&s.item(CHAIN), json!({ "coverage": "full", "equipped": true }));
    s.save(&with_items(&with_values(&aldo, json!({ "stamina": 2 })), vec![chain]));

    // Saved when the page closes, the window loses focus or is hidden.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.save(&with_values(&aldo, json!({ "concept": "Hunter" })));
    s.save(&at_revision(&with_values(&aldo, json!({ "concept": "Hunter, tracker" })), 2));

    // Any system's sheet: an MLAF position and a spell.
    let mut s = rec.session();
    let grim = s.create("mlaf", "Grim");
    let siren = s.item("mlaf/position/siren");
    let sorcerer = s.item("mlaf/position/sorcerer");
    s.derive(&with_items(&grim, vec![siren]));
    s.derive(&with_items(&grim, vec![sorcerer.clone()]));
    s.pick("lightning", "mlaf", &["spell"]);
    let bolt = s.ok("character_ref", json!({ "entryId": "mlaf/spell/lightning-bolt" }));
    let mut known = with_items(&grim, vec![sorcerer]);
    known["spells"] = json!([bolt]);
    s.derive(&known);

    // The picker's keys: "grapled" (misspelt) on a MythCraft sheet, then ↓ and Enter.
    let mut s = rec.session();
    let vex = s.create("mythcraft", "Vex");
    s.pick("grapled", "mythcraft", &["condition"]);
    let grappled = s.ok("character_ref", json!({ "entryId": "mythcraft/condition/grappled-and-grappling" }));
    let mut held = vex.clone();
    held["conditions"] = json!([grappled]);
    s.derive(&held);
}

/// characters.test.ts: the list, new characters, files in and out, history.
fn characters(rec: &mut Recording) {
    // A new character from the list's dialog.
    let mut s = rec.session();
    s.create("mythcraft", "Vex");

    // Importing: a file with problems, then good ones.
    let mut s = rec.session();
    let bad = json!({ "system": "ars-magica", "name": "", "values": { "strength": 40, "stamina": "lots" },
                      "items": [], "conditions": [], "spells": [] });
    s.ok("check_character_file", json!({ "text": file(bad) }));
    s.ok("check_character_file", json!({ "text": "{\"format\": \"something-else\"}" }));
    let ignatio = file(json!({ "system": "ars-magica", "name": "Ignatio", "values": { "strength": 1 },
                               "items": [], "conditions": [], "spells": [] }));
    s.ok("check_character_file", json!({ "text": ignatio }));
    s.ok("import_character", json!({ "text": ignatio }));
    let mut s = rec.session();
    let grim =
        file(json!({ "system": "mlaf", "name": "Grim", "values": {}, "items": [], "conditions": [], "spells": [] }));
    s.ok("check_character_file", json!({ "text": grim }));
    s.ok("import_character", json!({ "text": grim }));
    // A MythCraft actor exported from Foundry VTT: the import's report (issue 75).
    let mut s = rec.session();
    let wren = std::fs::read_to_string("tests/fixtures/foundry/mythcraft-character-wren-ashvale.json").unwrap();
    s.ok("check_character_file", json!({ "text": wren }));
    s.ok("import_character", json!({ "text": wren }));

    // Two saves, their differences, and the first revision restored.
    let mut s = rec.session();
    s.create("ars-magica", "Brother Aldo");
    let aldo = s.stored(1);
    s.save(&with_values(&aldo, json!({ "strength": 1 })));
    let aldo = s.stored(1);
    s.save(&with_values(&aldo, json!({ "strength": 2, "stamina": 1 })));
    s.ok("character_diff", json!({ "id": 1, "from": 2, "to": 3 }));
    s.ok("character_diff", json!({ "id": 1, "from": 1, "to": 3 }));
    s.ok("restore_character", json!({ "id": 1, "number": 1 }));
    s.ok("character_diff", json!({ "id": 1, "from": 1, "to": 3 }));

    // Deleted; exported after a save.
    let mut s = rec.session();
    s.create("ars-magica", "Brother Aldo");
    s.ok("delete_character", json!({ "id": 1 }));
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.save(&with_values(&aldo, json!({ "strength": 3 })));
}

/// pdf.test.ts: print previews of a sheet as typed and of characters from the list.
fn pdfs(rec: &mut Recording) {
    let a4 = json!({ "paper": "a4", "cards": true, "printed": null });
    let letter = json!({ "paper": "letter", "cards": true, "printed": null });
    let letter_bare = json!({ "paper": "letter", "cards": false, "printed": null });

    // A new sheet: as typed, on either paper; one saved by id.
    let mut s = rec.session();
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.call("pdf_preview", json!({ "source": { "ids": [1] }, "options": letter_bare }));
    for options in [&a4, &letter] {
        s.call("pdf_preview", json!({ "source": { "characters": [aldo] }, "options": options }));
    }
    let monk = with_values(&aldo, json!({ "concept": "Wandering monk" }));
    s.call("pdf_preview", json!({ "source": { "characters": [monk] }, "options": a4 }));

    // Wearing chain mail.
    let chain = s.item("ars-magica/armor/chain-mail");
    let aldo = s.save(&with_items(&aldo, vec![chain]));
    for options in [&a4, &letter, &letter_bare] {
        s.call("pdf_preview", json!({ "source": { "characters": [aldo] }, "options": options }));
    }

    // Three characters, two of them printed together, then all three.
    let mut s = rec.session();
    s.create("mythcraft", "Vex");
    let aldo = s.create("ars-magica", "Brother Aldo");
    s.create("mlaf", "Grim");
    let chain = s.item("ars-magica/armor/chain-mail");
    s.save(&with_items(&aldo, vec![chain]));
    s.call("pdf_preview", json!({ "source": { "ids": [2, 1] }, "options": letter }));
    s.call(
        "export_pdf",
        json!({ "source": { "ids": [2, 1] }, "options": letter, "fileName": "Brother Aldo, Vex.pdf" }),
    );
    s.call("pdf_preview", json!({ "source": { "ids": [2, 3, 1] }, "options": letter }));

    // One of two deleted before printing.
    let mut s = rec.session();
    s.create("ars-magica", "Brother Aldo");
    s.create("mythcraft", "Vex");
    s.ok("delete_character", json!({ "id": 2 }));
    s.err("pdf_preview", json!({ "source": { "ids": [1, 2] }, "options": letter }));
}

/// content.test.ts: packs and rulebook text imported and removed, and their badges.
fn content(rec: &mut Recording) {
    const SPEAR: &str = "ars-magica/weapon/hearth-and-blade--boar-spear";

    // One import of each kind.
    let mut s = rec.session();
    s.ok("import_pack", json!({ "folder": true }));
    let mut s = rec.session();
    s.ok("import_pack", json!({ "folder": false }));
    let mut s = rec.session();
    s.ok("import_text", json!({ "system": "mythcraft", "title": "Lantern Road" }));
    s.ok("import_text", json!({ "system": "mythcraft", "title": null }));

    // The pack and a document, shown, then removed.
    let mut s = rec.session();
    s.ok("import_pack", json!({ "folder": true }));
    s.ok("import_text", json!({ "system": "mythcraft", "title": "House Rules" }));
    for query in ["boar spear", "called shots", "sword long"] {
        s.search(query);
    }
    for id in [SPEAR, "mythcraft/section/house-rules--called-shots", "ars-magica/weapon/sword-long"] {
        s.ok("show_entry", json!({ "id": id }));
    }
    s.pick("boar", "ars-magica", &["weapon", "armor"]);
    s.item(SPEAR);
    s.ok("remove_pack", json!({ "name": "hearth-and-blade" }));
    let mut s = rec.session();
    s.ok("import_pack", json!({ "folder": true }));
    s.ok("import_text", json!({ "system": "mythcraft", "title": "House Rules" }));
    s.ok("remove_doc", json!({ "id": "house-rules" }));

    // A character carrying the pack's spear.
    let mut s = rec.session();
    s.ok("import_pack", json!({ "folder": true }));
    s.ok("import_text", json!({ "system": "mythcraft", "title": "House Rules" }));
    let oswin = s.create("ars-magica", "Oswin");
    s.pick("boar", "ars-magica", &["weapon", "armor"]);
    let spear = s.item(SPEAR);
    s.derive(&with_items(&oswin, vec![spear]));
}

/// encounters.test.ts: an Ars Magica fight on the game master's screen.
fn encounters(rec: &mut Recording) {
    let mut s = rec.session();
    s.catalog();
    s.ok("encounters", json!({}));
    s.ok("create_encounter", json!({ "system": "ars-magica", "name": "Ignatio and the wolf", "mode": null }));
    let open = |s: &mut Session<'_>| {
        s.ok("encounter", json!({ "id": 1 }));
        s.ok("encounter_kit", json!({ "id": 1 }));
        s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
        s.ok("characters", json!({}));
        s.ok("parties", json!({}));
        s.ok("adversaries", json!({}));
        s.ok("newcomers_hidden", json!({ "id": 1 }));
    };
    open(&mut s);
    let stats = |pairs: &[(&str, i64)]| -> Value { pairs.iter().map(|(k, v)| ((*k).to_string(), json!(v))).collect() };
    s.ok(
        "encounter_add_npc",
        json!({ "id": 1, "name": "Ignatio", "count": 1, "stats": stats(&[("initiative", 1), ("attack", 12), ("defense", 11), ("damage", 7), ("soak", 11)]) }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok(
        "encounter_add_npc",
        json!({ "id": 1, "name": "Polandrus", "count": 1, "stats": stats(&[("initiative", 18), ("soak", 6), ("size", -1)]) }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("encounter_start", json!({ "id": 1, "rolls": [["Ignatio", 2], ["Polandrus", 6]], "tieRolls": [] }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("encounter_change", json!({ "id": 1, "event": { "type": "next" } }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok(
        "encounter_change",
        json!({ "id": 1, "event": { "type": "damage", "name": "Polandrus", "amount": 15, "kind": null } }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.err("encounter_change", json!({ "id": 1, "event": { "type": "heal", "name": "Polandrus", "amount": 3 } }));
    s.ok("encounter_undo", json!({ "id": 1 }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("encounters", json!({}));

    // The player view: a hidden goblin is nowhere in it.
    let mut s = rec.session();
    s.ambush();
    s.ok("player_view", json!({ "id": 1 }));
    s.err("player_view", json!({ "id": 9 }));
    // The tracker of it: a goblin duplicated.
    s.catalog();
    s.tracker(1);
    s.ok("encounter_duplicate", json!({ "id": 1, "name": "Goblin 2" }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    // A condition found by the search, misspelt, with its rule card, then added.
    s.ok("search", json!({ "query": "stuned", "system": "mythcraft", "kind": "condition", "limit": 8 }));
    s.ok("show_entry", json!({ "id": "mythcraft/condition/stunned" }));
    s.ok(
        "encounter_condition",
        json!({ "id": 1, "name": "Goblin 1", "condition": "Stunned", "duration": { "kind": "rounds", "rounds": 1 }, "remove": false, "custom": false }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    // A name the reference does not know is refused with suggestions; the GM then keeps
    // it as its own condition, saying so.
    s.ok("search", json!({ "query": "Glowing rune", "system": "mythcraft", "kind": "condition", "limit": 8 }));
    let unknown = json!({ "id": 1, "name": "Goblin 1", "condition": "Glowing rune", "duration": { "kind": "until_removed" }, "remove": false });
    let mut refused = unknown.clone();
    refused["custom"] = json!(false);
    s.err("encounter_condition", refused);
    let mut custom = unknown;
    custom["custom"] = json!(true);
    s.ok("encounter_condition", custom);
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));

    // Issue 39: a late assassin joins hidden from the add form, in the same change.
    let mut s = rec.session();
    s.ambush();
    s.catalog();
    s.tracker(1);
    // Issue 44: Export as Markdown goes through the save dialog and says where it went.
    s.ok("export_session_log", json!({ "pick": { "ids": [1] }, "fileName": "Ambush log.md" }));
    s.ok("encounter_add_npc", json!({ "id": 1, "name": "Assassin", "count": 1, "stats": {}, "hidden": true }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("player_view", json!({ "id": 1 }));

    // Issue 33: a MythCraft round with 8 combatants, run from the action bar: the hero
    // Wren downed (Dying) as its turn comes, a late Ogre rolling its initiative.
    let mut s = rec.session();
    s.catalog();
    s.bridge();
    let rolls = json!([
        ["Wren", 9],
        ["Skulker", 17],
        ["Goblin 1", 12],
        ["Goblin 2", 11],
        ["Goblin 3", 6],
        ["Goblin 4", 4],
        ["Wolf 1", 14],
        ["Wolf 2", 2]
    ]);
    s.ok("encounter_start", json!({ "id": 1, "rolls": rolls, "tieRolls": [] }));
    s.tracker(1);
    s.ok("search", json!({ "query": "daze", "system": "mythcraft", "kind": "condition", "limit": 8 }));
    s.ok("show_entry", json!({ "id": "mythcraft/condition/dazed" }));
    s.err(
        "encounter_change",
        json!({ "id": 1, "event": { "type": "damage", "name": "Skulker", "amount": 5, "kind": "wood" } }),
    );
    s.ok(
        "encounter_change",
        json!({ "id": 1, "event": { "type": "damage", "name": "Skulker", "amount": 5, "kind": "fire" } }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok(
        "encounter_condition",
        json!({ "id": 1, "name": "Skulker", "condition": "Dazed", "duration": { "kind": "rounds", "rounds": 1 }, "remove": false, "custom": false }),
    );
    s.ok("encounter_change", json!({ "id": 1, "event": { "type": "next" } }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok(
        "encounter_change",
        json!({ "id": 1, "event": { "type": "damage", "name": "Wren", "amount": 20, "kind": "blunt" } }),
    );
    s.ok("player_view", json!({ "id": 1 }));
    for _ in 0..4 {
        s.ok("encounter_change", json!({ "id": 1, "event": { "type": "next" } }));
    }
    s.ok("encounter", json!({ "id": 1 }));
    s.ok("encounter_kit", json!({ "id": 1 }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("characters", json!({}));
    s.ok("encounter_undo", json!({ "id": 1 }));
    s.ok("encounter_add_npc", json!({ "id": 1, "name": "Ogre", "count": 1, "stats": { "max-hp": 30 } }));

    // Issue 44: the action's By follows the turn through Next and Undo.
    let mut s = rec.session();
    s.catalog();
    s.bridge();
    s.ok("encounter_start", json!({ "id": 1, "rolls": rolls, "tieRolls": [] }));
    s.tracker(1);
    s.ok("encounter_change", json!({ "id": 1, "event": { "type": "next" } }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("encounter_undo", json!({ "id": 1 }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));

    // Issue 33: down is said in the system's own word, on the GM's screen and the
    // players' alike: an Ars Magica grog Incapacitated, an Amtgard player Out of lives.
    let mut s = rec.session();
    s.catalog();
    s.ok("create_encounter", json!({ "system": "ars-magica", "name": "Down", "mode": null }));
    s.ok("encounter_add_npc", json!({ "id": 1, "name": "Grog", "count": 1, "stats": { "soak": 0 } }));
    s.ok("encounter_add_npc", json!({ "id": 1, "name": "Wolf", "count": 1, "stats": {} }));
    s.ok("encounter_start", json!({ "id": 1, "rolls": [["Grog", 5], ["Wolf", 3]], "tieRolls": [] }));
    s.ok(
        "encounter_change",
        json!({ "id": 1, "event": { "type": "damage", "name": "Grog", "amount": 18, "kind": null } }),
    );
    s.tracker(1);
    s.ok("player_view", json!({ "id": 1 }));
    let mut s = rec.session();
    s.catalog();
    s.ok("create_encounter", json!({ "system": "amtgard", "name": "Down", "mode": null }));
    s.ok("encounter_add_npc", json!({ "id": 1, "name": "Ada", "count": 1, "stats": { "lives": 1 } }));
    s.ok("encounter_add_npc", json!({ "id": 1, "name": "Bram", "count": 1, "stats": {} }));
    s.ok("encounter_start", json!({ "id": 1, "rolls": [], "tieRolls": [] }));
    s.ok("encounter_act", json!({ "id": 1, "action": "die", "name": "Ada", "inputs": {} }));
    s.tracker(1);
    s.ok("player_view", json!({ "id": 1 }));

    // An Ars Magica grog guards his magus: the wards field ticks combatants by name.
    let mut s = rec.session();
    s.catalog();
    s.ok("create_encounter", json!({ "system": "ars-magica", "name": "Guard", "mode": null }));
    for name in ["Magus", "Grog", "Wolf"] {
        s.ok("encounter_add_npc", json!({ "id": 1, "name": name, "count": 1, "stats": {} }));
    }
    s.ok("encounter_start", json!({ "id": 1, "rolls": [["Magus", 9], ["Grog", 6], ["Wolf", 3]], "tieRolls": [] }));
    s.tracker(1);
    s.ok("encounter_act", json!({ "id": 1, "action": "defend", "name": "Grog", "inputs": { "wards": "Magus" } }));

    // A MythCraft creature (not an adventurer) at 0 HP is Dead, on both screens.
    let mut s = rec.session();
    s.catalog();
    s.ok("create_encounter", json!({ "system": "mythcraft", "name": "Down", "mode": null }));
    s.ok("encounter_add_npc", json!({ "id": 1, "name": "Ogre", "count": 1, "stats": { "max-hp": 10 } }));
    s.ok(
        "encounter_add_npc",
        json!({ "id": 1, "name": "Hero", "count": 1, "stats": { "max-hp": 10, "adventurer": 1 } }),
    );
    s.ok("encounter_start", json!({ "id": 1, "rolls": [["Ogre", 10], ["Hero", 5]], "tieRolls": [] }));
    s.ok(
        "encounter_change",
        json!({ "id": 1, "event": { "type": "damage", "name": "Ogre", "amount": 10, "kind": null } }),
    );
    s.tracker(1);
    s.ok("player_view", json!({ "id": 1 }));

    // The Duel Arcane's own layout, after one clash.
    let mut s = rec.session();
    s.catalog();
    s.ok("create_encounter", json!({ "system": "primal-wild", "name": "Duel at the Hallow", "mode": "duel" }));
    for (name, stats) in [
        ("Ada", json!({ "gnosis": 3, "forces": 3, "prime": 2, "willpower": 5 })),
        ("Bram", json!({ "gnosis": 2, "death": 2, "mind": 2, "willpower": 4 })),
    ] {
        s.ok("encounter_add_npc", json!({ "id": 1, "name": name, "count": 1, "stats": stats }));
    }
    s.ok("encounter_start", json!({ "id": 1, "rolls": [], "tieRolls": [] }));
    s.ok(
        "encounter_act",
        json!({ "id": 1, "action": "arms", "name": "Ada", "inputs": { "sword": "forces", "shield": "prime" } }),
    );
    s.ok(
        "encounter_act",
        json!({ "id": 1, "action": "arms", "name": "Bram", "inputs": { "sword": "death", "shield": "mind" } }),
    );
    s.ok("encounter_act", json!({ "id": 1, "action": "clash", "name": null, "inputs": { "rolls": "Ada=3,Bram=1" } }));
    s.tracker(1);
    // The players' screen of the duel: arms, boxes, Willpower, rounds, the clash.
    s.ok("player_view", json!({ "id": 1 }));
    // The pool builder's clash: one die off each pool for distraction, the table's rolls.
    s.ok(
        "encounter_act",
        json!({ "id": 1, "action": "clash", "name": null, "inputs": { "distraction": "1", "rolls": "Ada=2,Bram=2" } }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    // The board's Hallow and wound (issue 33): a Hallow without the resonance box is
    // refused in the clash's words; with it, the Hallow pays Ada's clash while Bram takes
    // a Resistant lethal wound in place of Willpower.
    // The page opened at this clash.
    s.ok("encounter", json!({ "id": 1 }));
    s.ok("encounter_kit", json!({ "id": 1 }));
    s.ok("characters", json!({}));
    s.ok("parties", json!({}));
    s.ok("adversaries", json!({}));
    s.ok("newcomers_hidden", json!({ "id": 1 }));
    let hallow = json!({ "distraction": "0", "hallow": "Ada", "rolls": "Ada=2,Bram=1" });
    s.err("encounter_act", json!({ "id": 1, "action": "clash", "name": null, "inputs": hallow }));
    s.ok(
        "encounter_act",
        json!({ "id": 1, "action": "clash", "name": null, "inputs": { "distraction": "0", "hallow": "Ada", "resonance": "true", "wound": "Bram", "rolls": "Ada=2,Bram=1" } }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
}

/// session.test.ts: the game master's screen, a party that joins a fight in one step and
/// goes on to the next, and the session log.
fn session(rec: &mut Recording) {
    let letter = json!({ "paper": "letter", "cards": true, "printed": null });
    // The screen: shipped, printed, a table pinned from its page, moved up, unpinned, reset.
    let mut s = rec.session();
    s.catalog();
    s.ok("screen", json!({ "system": "mlaf" }));
    s.call("pdf_preview", json!({ "source": { "screen": "mlaf" }, "options": letter }));
    s.ok("export_pdf", json!({ "source": { "screen": "mlaf" }, "options": letter, "fileName": "MLAF (Blood Bowl) game master's screen.pdf" }));
    s.ok("show_entry", json!({ "id": "mlaf/table/mutation-table" }));
    s.ok("get_table", json!({ "id": "mlaf/table/mutation-table" }));
    s.ok("screen_pin", json!({ "system": "mlaf", "item": "mlaf/table/mutation-table" }));
    s.err("screen_pin", json!({ "system": "mlaf", "item": "mlaf/table/mutation-table" }));
    s.ok("screen", json!({ "system": "mlaf" }));
    s.ok("screen_move", json!({ "system": "mlaf", "from": 4, "to": 3 }));
    s.ok("screen_unpin", json!({ "system": "mlaf", "what": "1" }));
    s.ok("screen_reset", json!({ "system": "mlaf" }));

    // A party made from two ticked characters, printed, added to a fight in one step; the
    // fight ends and the next one starts with the party in it; the evening is logged.
    let mut s = rec.session();
    s.catalog();
    s.create("mythcraft", "Vex");
    s.create("mythcraft", "Oru");
    s.ok("characters", json!({}));
    s.ok("parties", json!({}));
    s.ok("adversaries", json!({}));
    let party = s.ok("create_party", json!({ "system": "mythcraft", "name": "The Lanterns" }));
    // The list is by name: Oru, then Vex.
    s.ok("party_add", json!({ "party": party["id"], "characters": [2, 1] }));
    s.ok("parties", json!({}));
    s.ok("adversaries", json!({}));
    s.call("pdf_preview", json!({ "source": { "party": 1 }, "options": letter }));
    s.ok("party_remove", json!({ "party": 1, "characters": [1] }));
    s.ok("parties", json!({}));
    s.ok("adversaries", json!({}));
    s.ok("party_add", json!({ "party": 1, "characters": [1] }));
    s.ok("parties", json!({}));
    s.ok("adversaries", json!({}));
    s.ok("encounters", json!({}));
    s.ok("create_encounter", json!({ "system": "mythcraft", "name": "Bridge", "mode": null }));
    s.tracker(1);
    s.ok("encounter_add_party", json!({ "id": 1, "party": 1 }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("encounter_start", json!({ "id": 1, "rolls": [["Oru", 9], ["Vex", 12]], "tieRolls": [] }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok(
        "encounter_change",
        json!({ "id": 1, "event": { "type": "damage", "name": "Vex", "amount": 4, "kind": "blunt" } }),
    );
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));
    s.ok("encounter_end", json!({ "id": 1, "apply": false }));
    s.ok("encounter_end", json!({ "id": 1, "apply": true }));
    s.ok("encounter_next_fight", json!({ "id": 1, "name": null }));
    s.ok("encounter", json!({ "id": 2 }));
    s.ok("encounter_kit", json!({ "id": 2 }));
    s.ok("encounter_log", json!({ "id": 2, "last": 200 }));
    s.ok("characters", json!({}));
    s.ok("parties", json!({}));
    s.ok("adversaries", json!({}));
    s.ok("newcomers_hidden", json!({ "id": 2 }));
    s.ok("encounters", json!({}));
    s.ok("export_session_log", json!({ "pick": { "ids": [1, 2] }, "fileName": "Session log.md" }));
    // Issue 44: the list deletes an encounter (the next fight, never started).
    s.ok("delete_encounter", json!({ "id": 2 }));
    s.ok("encounters", json!({}));
    s.ok("delete_party", json!({ "party": 1 }));
    s.ok("parties", json!({}));
    s.ok("adversaries", json!({}));
}

/// adversaries.test.ts: three goblins from the library join a MythCraft fight hidden.
fn adversaries(rec: &mut Recording) {
    let mut s = rec.session();
    s.catalog();
    // The stats the adversary form offers, for each system and kind of encounter (the
    // usual one asked as no kind, as a new adversary is).
    s.below(|s| {
        for system in tome::systems::all() {
            let modes = system.encounter_modes();
            let names = modes.iter().skip(1).map(|m| m.name);
            for mode in std::iter::once("").chain(names) {
                s.ok("adversary_stats", json!({ "system": system.id(), "mode": mode }));
            }
        }
    });
    let goblin =
        json!({ "system": "mythcraft", "name": "Goblin", "stats": { "max-hp": 12, "cor": 4 }, "tags": ["goblinoid"] });
    let made = s.ok("create_adversary", json!({ "adversary": goblin }));
    s.ok("adversary_revisions", json!({ "id": made["adversary"]["id"] }));
    s.ok("create_encounter", json!({ "system": "mythcraft", "name": "Ambush", "mode": null }));
    s.tracker(1);
    s.err("encounter_add_adversary", json!({ "id": 1, "adversary": "Gobbo", "count": 3, "hidden": true }));
    s.ok("encounter_add_adversary", json!({ "id": 1, "adversary": "Goblin", "count": 3, "hidden": true }));
    s.ok("encounter_log", json!({ "id": 1, "last": 200 }));

    // Issue 43: a fight from the library ended, then run again from its page and from the
    // list (prepared.test.ts); its attack form starts from the goblin's blade.
    let mut s = rec.session();
    s.catalog();
    let armed = json!({ "system": "mythcraft", "name": "Goblin", "stats": { "max-hp": 12, "cor": 4 },
        "attacks": [{ "name": "Rusty blade", "numbers": "+3, 1d6+2 sharp, melee" }, { "name": "Sling", "numbers": "+2, 1d4 blunt, ranged" }] });
    s.ok("create_adversary", json!({ "adversary": armed }));
    s.ok("create_encounter", json!({ "system": "mythcraft", "name": "Ambush", "mode": null }));
    s.ok("encounter_add_adversary", json!({ "id": 1, "adversary": "Goblin", "count": 2, "hidden": true }));
    /// What the tracker's page reads on opening encounter `id`.
    fn page(s: &mut Session<'_>, id: i64) {
        s.ok("encounter", json!({ "id": id }));
        s.ok("encounter_kit", json!({ "id": id }));
        s.ok("encounter_log", json!({ "id": id, "last": 200 }));
        s.ok("characters", json!({}));
        s.ok("parties", json!({}));
        s.ok("adversaries", json!({}));
        s.ok("newcomers_hidden", json!({ "id": id }));
    }
    page(&mut s, 1);
    s.ok("encounter_end", json!({ "id": 1, "apply": true }));
    page(&mut s, 1);
    s.ok("encounters", json!({}));
    s.ok("encounter_again", json!({ "id": 1, "name": null }));
    page(&mut s, 2);

    // Issue 43: the attack form of a started fight starts from the goblin's blade.
    let mut s = rec.session();
    s.catalog();
    s.ok("create_adversary", json!({ "adversary": armed }));
    s.ok("create_encounter", json!({ "system": "mythcraft", "name": "Ambush", "mode": null }));
    s.ok("encounter_add_adversary", json!({ "id": 1, "adversary": "Goblin", "count": 2, "hidden": true }));
    s.ok("encounter_start", json!({ "id": 1, "rolls": [["Goblin 1", 15], ["Goblin 2", 5]], "tieRolls": [] }));
    page(&mut s, 1);
    // Its adversaries' cards printed from the page (Print cards…), on either paper.
    let paper = |p: &str| json!({ "paper": p, "cards": true, "printed": null });
    s.call("pdf_preview", json!({ "source": { "encounter": 1 }, "options": paper("letter") }));
    s.call("pdf_preview", json!({ "source": { "encounter": 1 }, "options": paper("a4") }));
    s.ok(
        "export_pdf",
        json!({ "source": { "encounter": 1 }, "options": paper("a4"), "fileName": "Ambush adversary cards.pdf" }),
    );

    // Issue 43: a bandit typed mid-fight goes to the library from its row.
    let mut s = rec.session();
    s.catalog();
    s.ok("create_encounter", json!({ "system": "mythcraft", "name": "Road", "mode": null }));
    s.ok(
        "encounter_add_npc",
        json!({ "id": 1, "name": "Bandit", "count": 1, "stats": { "max-hp": 14, "cor": 2 }, "hidden": null }),
    );
    page(&mut s, 1);
    s.ok("encounter_save_adversary", json!({ "id": 1, "name": "Bandit", "adversaryName": null }));
    s.ok("adversaries", json!({}));

    // An arm5e creature from the compendia, exported from Foundry VTT: the import's report,
    // then its stat block (issue 75).
    let mut s = rec.session();
    s.catalog();
    s.ok("adversaries", json!({}));
    let hound = std::fs::read_to_string("tests/fixtures/foundry/arm5e-hound-canis.json").unwrap();
    let made = s.ok("import_adversary", json!({ "text": hound }));
    let id = made["adversary"]["adversary"]["id"].as_i64().expect("the hound's number");
    s.ok("adversary_view", json!({ "id": id }));
    s.ok("adversary_revisions", json!({ "id": id }));
    s.ok("adversaries", json!({}));

    // A search hit on the library opens its stat block in the entry view.
    let mut s = rec.session();
    s.catalog();
    let made = s.ok("create_adversary", json!({ "adversary": goblin }));
    // Numbered after Tome's starters, which every library is given.
    let id = made["adversary"]["id"].as_i64().expect("the new adversary's number");
    s.ok("adversary_entry", json!({ "id": format!("mythcraft/adversary/{id}") }));
}

fn record() -> Recording {
    let mut rec = Recording::new();
    reference(&mut rec);
    sheet_editing(&mut rec);
    characters(&mut rec);
    pdfs(&mut rec);
    content(&mut rec);
    encounters(&mut rec);
    session(&mut rec);
    adversaries(&mut rec);
    rec.close();
    rec
}

#[test]
fn ui_fixture_is_up_to_date() {
    let path = root().join(FIXTURE);
    let fresh = record().write();
    if std::env::var_os("UPDATE_UI_FIXTURE").is_some() {
        // Written without the check, the fixture would lose its marks and CI's word check
        // (which has `shared/` beside the clone) would fail on it: refuse rather than drop them.
        assert!(
            root().join("../shared/tools/verbatim-check").exists(),
            "{FIXTURE} is recorded only where ../shared/tools/verbatim-check is beside the repository \
             (it marks the documents' facts); run `make ui-fixture` in such a clone"
        );
        std::fs::write(&path, &fresh).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default().replace(FACTS_MARK, "");
    let fresh = fresh.replace(FACTS_MARK, "");
    if have != fresh {
        let line = have.lines().zip(fresh.lines()).position(|(a, b)| a != b).unwrap_or(0) + 1;
        panic!("{FIXTURE} is stale (first difference at line {line}): run `make ui-fixture`");
    }
}
