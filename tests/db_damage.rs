//! Damage SQLite's own check cannot see: bytes changed inside stored text. Tome's own
//! content is repaired from the copy built into Tome; the user's records are named, with
//! the restore advice; no read answers with a raw decoding error.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::Cli;
use tome::Tome;

const SHIPPED: &str = "primal-wild/rule/clash-results";
const CHARACTER: &str = "Wrenna Quillfeather";
const NPC: &str = "Grimbold Stonejaw";

/// A database with a character and an encounter, closed cleanly; the shipped entry's
/// body, the character's id and the encounter's id.
fn filled(cli: &Cli) -> (String, String, i64, i64) {
    let mut t = Tome::open(&cli.db).unwrap();
    let shipped = t.show(SHIPPED).unwrap();
    let character = t.create_character("mythcraft", CHARACTER).unwrap().id;
    let encounter = t.create_encounter("mythcraft", "Ogre bridge").unwrap().id;
    t.encounter_add_npc(encounter, NPC, 1, BTreeMap::from([("max-hp".to_string(), 40)])).unwrap();
    (shipped.body, shipped.summary, character, encounter)
}

/// Puts a byte that is never valid UTF-8 in the middle of every copy of `text` in the
/// file, as a failing disk would, leaving every page well formed. With `keep_time`, the
/// file keeps its modification time, so the marker of its last clean close still
/// matches it and opening skips the whole-file check.
fn damage(db: &Path, text: &str, keep_time: bool) {
    let before = std::fs::metadata(db).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(db).unwrap();
    let needle = text.as_bytes();
    let mut hits = 0;
    let mut at = 0;
    while let Some(i) = bytes[at..].windows(needle.len()).position(|w| w == needle) {
        bytes[at + i + needle.len() / 2] = 0xff;
        at += i + needle.len();
        hits += 1;
    }
    assert!(hits > 0, "{text:?} is in the file");
    let f = std::fs::OpenOptions::new().write(true).open(db).unwrap();
    std::io::Write::write_all(&mut &f, &bytes).unwrap();
    if keep_time {
        f.set_modified(before).unwrap();
    }
}

/// The middle of a shipped text, long enough to be found only where that text is stored.
fn piece(text: &str) -> &str {
    let n = text.chars().count();
    assert!(n >= 36, "{text:?}");
    let at = |k: usize| text.char_indices().nth(k).map(|(i, _)| i).unwrap();
    &text[at(n / 3)..at(2 * n / 3)]
}

fn stderr(cli: &Cli, args: &[&str]) -> (Option<i32>, String) {
    let out = cli.cmd(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The guidance every damaged read gives: the damage named, and the way out.
fn advises(err: &str, record: &str) {
    assert!(err.contains("damaged") && err.contains(record), "names {record}: {err}");
    assert!(err.contains("tome db restore FILE") && err.contains("tome db check"), "says what to do: {err}");
    assert!(!err.contains("Conversion error") || err.contains("cannot be read"), "no raw error alone: {err}");
}

#[test]
fn damage_after_a_clean_close_is_named_by_every_read_and_db_check_repairs_tomes_own_content() {
    let cli = Cli::new();
    let (body, summary, character, encounter) = filled(&cli);
    damage(&cli.db, piece(&body), true);
    damage(&cli.db, piece(&summary), true);
    damage(&cli.db, CHARACTER, true);
    damage(&cli.db, NPC, true);

    // Opening skips the whole-file check (the marker matches): reads meet the damage.
    let (code, err) = stderr(&cli, &["show", SHIPPED]);
    assert_eq!(code, Some(1));
    advises(&err, &format!("entry {SHIPPED}"));
    let (code, err) = stderr(&cli, &["list", "rule", "--system", "primal-wild"]);
    assert_eq!(code, Some(1));
    advises(&err, "an entry of kind rule of primal-wild");
    let (code, err) = stderr(&cli, &["search", "clash"]);
    if code != Some(0) {
        advises(&err, "");
    }
    let (code, err) = stderr(&cli, &["character", "show", &character.to_string()]);
    assert_eq!(code, Some(1));
    advises(&err, &format!("character {character}"));
    let (code, err) = stderr(&cli, &["encounter", "show", &encounter.to_string()]);
    assert_eq!(code, Some(1));
    advises(&err, &format!("encounter {encounter}, event"));
    let (_, json) = cli.fails(&["show", SHIPPED]);
    assert_eq!(json["code"], "database", "the code of a refused open: {json}");

    // The whole check repairs the shipped entry and names the user's two records.
    let (code, err) = stderr(&cli, &["db", "check"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("Repaired") && err.contains(SHIPPED), "says what it repaired: {err}");
    advises(&err, &format!("character {character} ("));
    advises(&err, &format!("encounter {encounter}, event 1: event: text that is not valid UTF-8"));

    // Tome's own entry reads as it was shipped; the user's records still say what to do.
    let shown = cli.json(&["show", SHIPPED]);
    assert_eq!(shown["body"], body);
    assert!(cli.text(&["list", "rule", "--system", "primal-wild"]).contains("Clash"));
    assert!(cli.text(&["search", "clash"]).contains(SHIPPED));
    let (_, err) = stderr(&cli, &["encounter", "show", &encounter.to_string()]);
    advises(&err, &format!("encounter {encounter}, event 1"));
    let (code, err) = stderr(&cli, &["db", "check"]);
    assert_eq!(code, Some(1));
    assert!(!err.contains("Repaired"), "nothing more to repair: {err}");
}

#[test]
fn damage_found_at_open_repairs_tomes_own_content_and_says_so() {
    let cli = Cli::new();
    let (body, summary, _, _) = filled(&cli);
    // The file's time changes with the damage: opening checks it.
    damage(&cli.db, piece(&body), false);
    damage(&cli.db, piece(&summary), false);
    let out = cli.cmd(&["show", SHIPPED]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("of Tome's own records from the content built into Tome: ") && err.contains(SHIPPED), "{err}");
    let shown = cli.json(&["show", SHIPPED]);
    assert_eq!(shown["body"], body);
    assert_eq!(shown["summary"], summary);
    let out = cli.cmd(&["db", "check"]).output().unwrap();
    assert!(out.status.success(), "nothing of the user's is damaged: {}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no damage left"));
}

#[test]
fn a_changed_shipped_entry_is_named_by_db_check_and_rewritten() {
    let cli = Cli::new();
    let (body, _, _, _) = filled(&cli);
    // A change that decodes fine (a digit turned into another) is found all the same.
    {
        let t = Tome::open(&cli.db).unwrap();
        t.db().connection().execute("UPDATE entry SET body = body || ' 7' WHERE id = ?1", [SHIPPED]).unwrap();
    }
    let out = cli.cmd(&["db", "check"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(SHIPPED), "{err}");
    assert_eq!(cli.json(&["show", SHIPPED])["body"], body);
}

#[test]
fn the_apps_background_check_runs_once_a_week_and_reports_damage_as_a_damaged_read_does() {
    let cli = Cli::new();
    let (_, _, character, _) = filled(&cli);
    let mut t = Tome::open(&cli.db).unwrap();
    let day = 24 * 60 * 60;
    let now = 1_900_000_000;
    assert!(t.check_if_due(now).unwrap().is_some(), "never checked: due");
    assert!(t.check_if_due(now + day).unwrap().is_none(), "checked yesterday");
    assert!(t.check_if_due(now + 6 * day).unwrap().is_none(), "checked six days ago");
    drop(t);
    damage(&cli.db, CHARACTER, true);
    let mut t = Tome::open(&cli.db).unwrap();
    let err = t.check_if_due(now + 7 * day).unwrap_err();
    assert_eq!(err.code(), tome::ErrorCode::Database);
    advises(&err.to_string(), &format!("character {character} ("));
    assert!(t.check_if_due(now + 7 * day + 1).is_err(), "a check that found damage is due again");
}
