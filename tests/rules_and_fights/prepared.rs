//! Prepared fights (issue 43): an encounter not yet started is kept as the game master
//! prepared it, and "run this fight again" copies a prepared or finished one as a new
//! prepared one, with the same people and fresh HP, conditions and log.

use crate::common;

use std::collections::BTreeMap;

use common::Cli;
use tome::adversaries::{Adversary, AdversaryAttack};
use tome::encounters::{ConditionRef, Duration, Event};
use tome::Tome;

fn names(v: &tome::api::EncounterView) -> Vec<&str> {
    v.combatants.iter().map(|c| c["name"].as_str().unwrap()).collect()
}

fn combatant<'a>(v: &'a tome::api::EncounterView, name: &str) -> &'a serde_json::Value {
    v.combatants.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no {name} in {:?}", names(v)))
}

fn condition_names(c: &serde_json::Value) -> Vec<&str> {
    c["conditions"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap()).collect()
}

/// A MythCraft goblin of the library: 12 HP, a blade, and it starts every fight Prone.
fn goblin(t: &mut Tome) -> i64 {
    let mut a = Adversary::new("mythcraft", "Goblin");
    a.stats = BTreeMap::from([("max-hp".into(), 12), ("cor".into(), 4)]);
    a.attacks = vec![AdversaryAttack { name: "Rusty blade".into(), entry: None, numbers: "+3, 1d6 sharp".into() }];
    a.conditions = vec![ConditionRef { id: None, name: "Prone".into() }];
    t.create_adversary(&a).unwrap().adversary.id
}

/// A finished fight: the Lanterns' Vex (a party), two hidden goblins, a bandit whose
/// max HP was set by hand; started, hurt, a condition given, ended.
fn finished_fight(t: &mut Tome) -> (i64, i64, i64) {
    let vex = t.create_character("mythcraft", "Vex").unwrap().id;
    t.create_party("mythcraft", "The Lanterns").unwrap();
    t.party_add("The Lanterns", &[vex]).unwrap();
    let gob = goblin(t);
    let e = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_party(e, "The Lanterns").unwrap();
    t.encounter_add_adversary(e, gob, 2, Some(true), None).unwrap();
    t.encounter_add_npc(e, "Bandit", 1, BTreeMap::from([("max-hp".into(), 10)])).unwrap();
    t.encounter_change(e, Event::Set { name: "Bandit".into(), field: "max-hp".into(), value: 15 }).unwrap();
    t.encounter_change(e, Event::Hide { name: "Goblin 2".into(), hidden: false }).unwrap();
    t.encounter_start(e, &[], &[], Some(3)).unwrap();
    t.encounter_change(e, Event::Damage { name: "Goblin 1".into(), amount: 5, kind: None }).unwrap();
    t.encounter_change(e, Event::Damage { name: "Bandit".into(), amount: 4, kind: None }).unwrap();
    t.encounter_condition(e, "Goblin 1", "Bleeding", Duration::UntilRemoved, false).unwrap();
    t.encounter_end(e, true).unwrap();
    (e, vex, gob)
}

#[test]
fn a_finished_fight_runs_again_as_a_new_prepared_one_with_fresh_hp_and_conditions() {
    let mut t = Tome::open_in_memory().unwrap();
    let (e, vex, gob) = finished_fight(&mut t);
    let old = t.encounter(e).unwrap();
    assert!(old.ended.is_some() && old.round >= 1);

    let v = t.encounter_again(e, None).unwrap();
    assert_ne!(v.id, e);
    assert_eq!(v.name, "Bridge (again)");
    assert_eq!((v.round, v.ended, v.order.len()), (0, None, 0), "prepared: not started, no order yet");
    assert_eq!(names(&v), ["Vex", "Goblin 1", "Goblin 2", "Bandit"], "the same people, in the joining order");
    assert_eq!(combatant(&v, "Vex")["character"], vex, "the saved character, as its sheet is now");
    let g1 = combatant(&v, "Goblin 1");
    assert_eq!((g1["hp"].as_i64(), g1["hidden"].as_bool()), (Some(12), Some(true)), "fresh HP, still hidden");
    assert_eq!(condition_names(g1), ["Prone"], "its starting condition again, not the fight's Bleeding");
    assert_eq!(g1["adversary"], gob, "still the library's goblin");
    assert_eq!(g1["attacks"][0]["name"], "Rusty blade");
    assert_eq!(combatant(&v, "Goblin 2")["hidden"], false, "the hidden state as the game master left it");
    let bandit = combatant(&v, "Bandit");
    assert_eq!((bandit["max_hp"].as_i64(), bandit["hp"].as_i64()), (Some(15), Some(15)), "stats set by hand");
    assert_eq!(t.encounter_log(v.id).unwrap().len(), 1, "a fresh log: one change, the arrival");
    assert!(t.encounter_undo(v.id).unwrap().combatants.is_empty(), "one undo empties it");
    t.encounter_redo(v.id).unwrap();

    // The old fight is left as it was.
    assert_eq!(t.encounter(e).unwrap(), old);
    // A copy of the copy is named on; a prepared one runs again too.
    assert_eq!(t.encounter_again(v.id, None).unwrap().name, "Bridge (again 2)");
    let named = t.encounter_again(v.id, Some("Bridge, second night")).unwrap();
    assert_eq!((named.name.as_str(), names(&named).len()), ("Bridge, second night", 4));
}

#[test]
fn a_fight_run_again_keeps_its_parties_for_the_next_fight() {
    let mut t = Tome::open_in_memory().unwrap();
    let (e, _, _) = finished_fight(&mut t);
    let copy = t.encounter_again(e, None).unwrap().id;
    // Someone joins the party after the copy: the next fight after the copy brings them,
    // so the copy is linked to the party as the original was.
    let kit = t.create_character("mythcraft", "Kit").unwrap().id;
    t.party_add("The Lanterns", &[kit]).unwrap();
    let next = t.encounter_next_fight(copy, None).unwrap();
    assert_eq!(names(&next), ["Vex", "Kit"]);
}

#[test]
fn a_copy_leaves_out_a_character_deleted_since_and_keeps_the_newcomers_own_hidden_state() {
    let mut t = Tome::open_in_memory().unwrap();
    let (e, vex, _) = finished_fight(&mut t);
    t.set_newcomers_hidden(e, true).unwrap();
    t.delete_character(vex).unwrap();
    let v = t.encounter_again(e, None).unwrap();
    assert_eq!(names(&v), ["Goblin 1", "Goblin 2", "Bandit"]);
    let hidden: Vec<bool> = v.combatants.iter().map(|c| c["hidden"].as_bool().unwrap()).collect();
    assert_eq!(hidden, [true, false, false], "the fight's setting for newcomers does not hide the copies");
    assert!(!t.newcomers_hidden(v.id).unwrap(), "the next fight starts without the last one's setting");
}

#[test]
fn cli_runs_a_fight_again() {
    let cli = Cli::new();
    cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Ambush"]);
    cli.json(&["encounter", "add", "1", "--adversary", "goblin", "--count", "2", "--hidden"]);
    cli.json(&["encounter", "start", "1", "--seed", "4"]);
    cli.json(&["encounter", "damage", "1", "Goblin 1", "--amount", "5"]);
    cli.json(&["encounter", "end", "1", "--apply"]);
    let v = cli.json(&["encounter", "again", "1", "--name", "Ambush at dusk"]);
    assert_eq!((v["id"].as_i64(), v["name"].as_str(), v["round"].as_i64()), (Some(2), Some("Ambush at dusk"), Some(0)));
    let hp: Vec<i64> = v["combatants"].as_array().unwrap().iter().map(|c| c["hp"].as_i64().unwrap()).collect();
    assert_eq!(hp, [12, 12]);
    let text = cli.text(&["encounter", "again", "2"]);
    assert!(text.contains("Ambush at dusk (again)"), "{text}");
    let (code, err) = cli.fails(&["encounter", "again", "9"]);
    assert_eq!((code, err["code"].as_str()), (3, Some("not_found")));
}

/// Runs a Poppler tool on a PDF written to a temporary folder.
fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cards.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-enc", "UTF-8", "-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("Poppler's pdftotext (apt-get install poppler-utils)");
    String::from_utf8(out.stdout).unwrap()
}

/// One stat-block card per kind of adversary (the library's goblins together; quick
/// bandits of one name and the same stats together, one with other stats apart), saved
/// characters left out; then one reference card per condition they start with.
#[test]
fn a_prepared_fight_prints_one_card_per_kind_of_adversary_with_its_conditions_cards() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut a = Adversary::new("mythcraft", "Goblin");
    a.stats = BTreeMap::from([("max-hp".into(), 12), ("cor".into(), 4)]);
    a.attacks = vec![AdversaryAttack { name: "Rusty blade".into(), entry: None, numbers: "+3, 1d6 sharp".into() }];
    a.conditions = vec![ConditionRef { id: None, name: "Frightened".into() }];
    a.tags = vec!["goblinoid".into()];
    let gob = t.create_adversary(&a).unwrap().adversary.id;
    let vex = t.create_character("mythcraft", "Vex").unwrap().id;
    let e = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_character(e, vex).unwrap();
    t.encounter_add_adversary(e, gob, 3, Some(true), None).unwrap();
    t.encounter_add_npc(e, "Bandit", 2, BTreeMap::from([("max-hp".into(), 10)])).unwrap();
    t.encounter_add_npc(e, "Bandit chief", 1, BTreeMap::from([("max-hp".into(), 20)])).unwrap();

    for paper in [tome::pdf::Paper::A4, tome::pdf::Paper::Letter] {
        let opts = tome::pdf::PdfOptions { paper, ..Default::default() };
        let text = pdf_text(&t.encounter_cards_pdf(e, &opts).unwrap());
        let squashed = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(squashed.matches("ADVERSARY").count() - squashed.matches("ADVERSARY CARDS").count(), 3, "{text}");
        assert!(squashed.contains("×3 in this fight") && squashed.contains("×2 in this fight"), "{text}");
        assert!(squashed.contains("Goblin 1 (hidden), Goblin 2 (hidden), Goblin 3 (hidden)"), "{text}");
        assert!(squashed.contains("Attack, Rusty blade: +3, 1d6 sharp"), "{text}");
        assert!(squashed.contains("AP at the start of each turn: 5"), "the rules' numbers with reasons: {text}");
        assert!(squashed.contains("Bandit chief") && !squashed.contains("Vex ·"), "{text}");
        assert_eq!(squashed.matches("CONDITION").count(), 1, "Frightened's reference card: {text}");
        let pages = text.matches('\u{c}').count();
        assert_eq!(pages, 1, "three stat blocks and a condition's card fit on one page");
    }
    let stats_only = tome::pdf::PdfOptions { cards: false, ..Default::default() };
    let text = pdf_text(&t.encounter_cards_pdf(e, &stats_only).unwrap());
    assert!(!text.contains("CONDITION"), "{text}");
    let empty = t.create_encounter("mythcraft", "Empty").unwrap().id;
    assert_eq!(t.encounter_cards_pdf(empty, &stats_only).unwrap_err().code(), tome::ErrorCode::InvalidInput);
}

#[test]
fn cli_prints_an_encounters_adversary_cards() {
    let cli = Cli::new();
    cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Ambush"]);
    cli.json(&["encounter", "add", "1", "--adversary", "goblin", "--count", "2"]);
    let out = cli.dir.path().join("cards.pdf");
    let v = cli.json(&["encounter", "pdf", "1", "--out", out.to_str().unwrap(), "--paper", "letter"]);
    assert_eq!(v["encounter"], 1);
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(pdf_text(&bytes).contains("Goblin 1, Goblin 2"));
}

/// The app prints the cards through the same preview and save as the sheets: the page
/// sends `{"encounter": id}`, and the paper it chose is the paper printed.
#[test]
fn the_apps_print_source_of_an_encounter_makes_its_adversary_cards() {
    let mut t = Tome::open_in_memory().unwrap();
    let gob = goblin(&mut t);
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_adversary(e, gob, 3, Some(true), None).unwrap();
    let source: tome::ipc::PdfSource = serde_json::from_str(&format!(r#"{{"encounter": {e}}}"#)).unwrap();
    let letter = tome::pdf::PdfOptions { paper: tome::pdf::Paper::Letter, ..Default::default() };
    let bytes = t.prepare_pdf(&source, &letter).unwrap().finish();
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(bytes, t.encounter_cards_pdf(e, &letter).unwrap(), "the CLI's cards, byte for byte");
    let squashed = pdf_text(&bytes).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squashed.contains("Goblin 1 (hidden), Goblin 2 (hidden), Goblin 3 (hidden)"), "{squashed}");
    let missing: tome::ipc::PdfSource = serde_json::from_str(r#"{"encounter": 999}"#).unwrap();
    let err = t.prepare_pdf(&missing, &letter).err().unwrap();
    assert_eq!(err.code(), tome::ErrorCode::NotFound);
}

/// An MLAF caster of level 3 from the library: his card reads his own level, and no
/// other card on the page reads the roster's rookie "Level 1" for him (the position is
/// described on his stat block, as a character's sheet describes it on its row; its
/// racial spell gets the reference card).
#[test]
fn an_mlaf_casters_cards_print_his_level_never_the_rosters_level_1() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut a = Adversary::new("mlaf", "Rival Priest");
    a.stats = BTreeMap::from([("level".into(), 3)]);
    a.position = Some("Priest".into());
    let id = t.create_adversary(&a).unwrap().adversary.id;
    let e = t.create_encounter("mlaf", "Cup").unwrap().id;
    t.encounter_add_adversary(e, id, 1, Some(false), None).unwrap();
    let text = pdf_text(&t.encounter_cards_pdf(e, &tome::pdf::PdfOptions::default()).unwrap());
    let squashed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squashed.contains("Skills: Level 3, Blessing"), "{squashed}");
    assert!(!squashed.contains("Level 1"), "a card reads the rookie's level: {squashed}");
    assert!(squashed.contains("SPELL Rival Priest's racial spell Blessing"), "the racial spell's card: {squashed}");
}
