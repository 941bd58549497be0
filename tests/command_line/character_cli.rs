//! `tome character …`: a whole session at the command line, on a temporary database.

use crate::common;

use common::Cli;
use serde_json::Value;

fn stat(view: &Value, key: &str) -> Value {
    view["derived"]["stats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == key)
        .unwrap_or_else(|| panic!("no stat {key}"))["value"]
        .clone()
}

#[test]
fn build_a_grog_equip_him_and_read_his_sheet() {
    let cli = Cli::new();
    let v = cli.json(&["character", "new", "--system", "ars-magica", "--name", "Ignatio"]);
    let id = v["character"]["id"].as_i64().unwrap().to_string();
    assert_eq!(v["character"]["revision"], 1);

    cli.json(&[
        "character",
        "set",
        &id,
        "dexterity",
        "3",
        "quickness",
        "2",
        "strength",
        "+2",
        "stamina",
        "4",
        "ability.single-weapon",
        "6",
    ]);
    cli.json(&["character", "equip", &id, "Sword, Short"]);
    cli.json(&["character", "equip", &id, "shield-round"]);
    let v = cli.json(&["character", "equip", &id, "metal scale", "--coverage", "full"]);
    assert_eq!(stat(&v, "weapon.sword-short.attack"), 12);
    assert_eq!(stat(&v, "weapon.sword-short.initiative"), 1);
    assert_eq!(stat(&v, "soak"), 11);
    assert_eq!(stat(&v, "encumbrance"), 2);
    assert_eq!(v["character"]["revision"], 5);

    // The text sheet shows the values, every derived number and its reason.
    let text = cli.text(&["character", "show", &id]);
    for needle in [
        "Ignatio",
        "Strength: 2",
        "Single Weapon: 6",
        "[x] Metal Scale (full)",
        "Soak",
        "+11",
        "Stamina +4",
        "Metal Scale, full Prot +7",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }

    // Unequip keeps the armour (carried, its Load still counts); Soak drops.
    let v = cli.json(&["character", "unequip", &id, "Metal Scale"]);
    assert_eq!(stat(&v, "soak"), 4);
    assert_eq!(stat(&v, "load"), 10);
    let v = cli.json(&["character", "unequip", &id, "Metal Scale", "--drop"]);
    assert_eq!(stat(&v, "load"), 3);

    let revs = cli.json(&["character", "revisions", &id]);
    assert_eq!(revs.as_array().unwrap().len(), 7);
    let diff = cli.json(&["character", "diff", &id, "5", "7"]);
    assert_eq!(diff[0]["field"], "items[ars-magica/armor/metal-scale]");
    let v = cli.json(&["character", "restore", &id, "5"]);
    assert_eq!(stat(&v, "soak"), 11, "restoring revision 5 brings the armour back");
    assert_eq!(v["character"]["revision"], 8);
}

#[test]
fn export_import_delete_round_trip() {
    let cli = Cli::new();
    let v = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Zoë Łukasz"]);
    let id = v["character"]["id"].as_i64().unwrap().to_string();
    cli.json(&["character", "set", &id, "player", "42", "level", "3"]);
    let file = cli.dir.path().join("zoe.json");
    cli.json(&["character", "export", &id, "--out", file.to_str().unwrap()]);
    let v = cli.json(&["character", "import", file.to_str().unwrap()]);
    assert_eq!(v["character"]["name"], "Zoë Łukasz");
    assert_eq!(v["character"]["values"]["player"], "42", "a text field keeps digits as text");
    assert_eq!(v["character"]["values"]["level"], 3);
    assert_ne!(v["character"]["id"].as_i64().unwrap().to_string(), id);
    cli.json(&["character", "delete", &id]);
    let list = cli.json(&["character", "list"]);
    assert_eq!(list.as_array().unwrap().len(), 1);
}

#[test]
fn mistakes_get_clear_errors() {
    let cli = Cli::new();
    let v = cli.json(&["character", "new", "--system", "ars-magica", "--name", "Aldo"]);
    let id = v["character"]["id"].as_i64().unwrap().to_string();

    let (code, err) = cli.fails(&["character", "set", &id, "strength", "11"]);
    assert_eq!((code, err["code"].as_str().unwrap()), (2, "invalid_input"));
    assert!(err["message"].as_str().unwrap().contains("values.strength: must be from -10 to 10, not 11"), "{err}");
    // The refusal carries its problems, each with its field, as the app receives them.
    assert_eq!(
        err["problems"],
        serde_json::json!([{ "file": null, "line": null, "field": "values.strength", "message": "must be from -10 to 10, not 11" }])
    );

    let (_, err) = cli.fails(&["character", "set", &id, "strength", "strong"]);
    assert!(err["message"].as_str().unwrap().contains("strength takes a whole number, not `strong`"), "{err}");

    let (_, err) = cli.fails(&["character", "set", &id, "role", "knight"]);
    assert!(err["message"].as_str().unwrap().contains("role must be one of grog, companion"), "{err}");

    let (code, err) = cli.fails(&["character", "equip", &id, "Sword, Lung"]);
    assert_eq!(code, 3);
    assert!(err["message"].as_str().unwrap().contains("Sword, Long"), "suggests the close name: {err}");
    assert!(err["suggestions"].as_array().unwrap().iter().any(|s| s == "Sword, Long"), "{err}");

    let (_, err) = cli.fails(&["character", "equip", &id, "Chain Mail", "--coverage", "partial", "--quantity", "0"]);
    assert!(err["message"].as_str().unwrap().contains("quantity: must be from 1"), "{err}");

    let (code, _) = cli.fails(&["character", "show", "999"]);
    assert_eq!(code, 3);

    // Nothing above was saved.
    let revs = cli.json(&["character", "revisions", &id]);
    assert_eq!(revs.as_array().unwrap().len(), 1);
}

#[test]
fn pdf_prints_several_characters_on_the_paper_asked_for() {
    let cli = Cli::new();
    let mut ids = Vec::new();
    for (system, name) in [("ars-magica", "Ignatio"), ("mlaf", "Сергей")] {
        let v = cli.json(&["character", "new", "--system", system, "--name", name]);
        ids.push(v["character"]["id"].as_i64().unwrap().to_string());
    }
    let file = cli.dir.path().join("table.pdf");
    let v = cli.json(&["character", "pdf", &ids[0], &ids[1], "--out", file.to_str().unwrap(), "--paper", "letter"]);
    assert_eq!(v["characters"].as_array().unwrap().len(), 2);
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let info = std::process::Command::new("pdfinfo").arg(&file).output().expect("pdfinfo (poppler-utils) is installed");
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    let text = std::process::Command::new("pdftotext").arg(&file).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Ignatio") && text.contains("Сергей"), "{text}");

    // The same characters print the same bytes, unless a date is asked for.
    let again = cli.dir.path().join("again.pdf");
    cli.json(&["character", "pdf", &ids[0], &ids[1], "--out", again.to_str().unwrap(), "--paper", "letter"]);
    assert_eq!(std::fs::read(&again).unwrap(), bytes);

    let (code, err) = cli.fails(&["character", "pdf", &ids[0], "999", "--out", again.to_str().unwrap()]);
    assert_eq!(code, 3, "{err}");
}

/// `set` takes the documents' abbreviations for the field they name, and refuses a
/// field the sheet does not have (it used to be kept and do nothing).
#[test]
fn set_takes_abbreviations_and_refuses_unknown_fields() {
    let cli = Cli::new();
    let v = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Vex"]);
    let id = v["character"]["id"].as_i64().unwrap().to_string();
    let before = cli.json(&["character", "show", &id]);
    let ap = |v: &serde_json::Value| {
        v["derived"]["stats"].as_array().unwrap().iter().find(|s| s["key"] == "ap").unwrap()["value"].clone()
    };
    let v = cli.json(&["character", "set", &id, "COR", "6", "awr", "2"]);
    assert_eq!(v["character"]["values"]["coordination"], 6);
    assert_eq!(v["character"]["values"]["awareness"], 2);
    assert_ne!(ap(&v), ap(&before), "COR 6 changes the AP");

    let (code, err) = cli.fails(&["character", "set", &id, "cor", "6", "coordinaton", "3"]);
    assert_eq!((code, err["code"].as_str().unwrap()), (3, "not_found"));
    assert!(err["message"].as_str().unwrap().contains("coordinaton"), "{err}");
    assert!(err["suggestions"].as_array().unwrap().iter().any(|s| s == "coordination"), "{err}");
    let v = cli.json(&["character", "show", &id]);
    assert_eq!(v["character"]["revision"], 2, "nothing saved from a refused set");
}

/// Issue 40, defect 4: an import is held to what `character set` holds a sheet to, and
/// says every problem at once, each with its path.
#[test]
fn character_import_checks_what_set_checks_and_reports_every_problem_at_once() {
    let cli = Cli::new();
    let v = cli.json(&["character", "new", "--system", "ars-magica", "--name", "Aldo"]);
    let id = v["character"]["id"].as_i64().unwrap().to_string();
    // What `set` refuses.
    for (field, value) in [("bogus.field", "3"), ("awr", "2"), ("role", "knight"), ("name", "Al\u{202E}do")] {
        let (code, err) = cli.fails(&["character", "set", &id, field, value]);
        assert_ne!(code, 0, "set {field}: {err}");
    }
    // The same in a file, with a key written twice.
    let file = cli.dir.path().join("aldo.json");
    std::fs::write(
        &file,
        r#"{"format": "tome-character", "version": 1, "character": {
            "system": "ars-magica", "name": "Al\u0000do\u202e",
            "values": {"bogus.field": 3, "awr": 2, "role": "knight", "strength": 1, "strength": 9, "concept": 7},
            "items": [], "conditions": [], "spells": []}}"#,
    )
    .unwrap();
    let (code, err) = cli.fails(&["character", "import", file.to_str().unwrap()]);
    assert_eq!((code, err["code"].as_str()), (2, Some("invalid_input")), "{err}");
    let fields: Vec<&str> = err["problems"].as_array().unwrap().iter().map(|p| p["field"].as_str().unwrap()).collect();
    for field in [
        "character.name",
        "character.values.bogus.field",
        "character.values.awr",
        "character.values.role",
        "character.values.strength",
        "character.values.concept",
    ] {
        assert!(fields.contains(&field), "{field} in {fields:?}: {err}");
    }
    assert_eq!(cli.json(&["character", "list"]).as_array().unwrap().len(), 1, "nothing imported");
}

/// Issue 40, defect 4: an import reads only a regular file, through the bounded reader.
#[test]
fn character_import_refuses_what_is_not_a_regular_file_without_waiting_on_it() {
    let cli = Cli::new();
    let fifo = cli.dir.path().join("pipe.json");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for path in [fifo.to_str().unwrap(), "/dev/zero"] {
        let out = cli
            .cmd(&["character", "import", path, "--json"])
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{path}: {}", String::from_utf8_lossy(&out.stderr));
        let err: Value = serde_json::from_slice(&out.stderr).unwrap();
        assert!(err["message"].as_str().unwrap().contains("not a regular file"), "{path}: {err}");
    }
}

/// Issue 58: `--json` covers a command group called without its command: the answer is
/// `{code, message}`, not the help text.
#[test]
fn a_command_group_without_its_command_answers_json_under_json() {
    let cli = Cli::new();
    // `--json` before the group, as the issue typed it (after it, clap already refused).
    let out = cli.cmd(&["--json", "character"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
    let err: Value = serde_json::from_slice(&out.stderr).unwrap_or_else(|e| {
        panic!("{e}: not JSON: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    });
    assert_eq!(err["code"], "invalid_input", "{err}");
    assert!(err["message"].as_str().unwrap().contains("`tome character --help`"), "{err}");
}

/// Issue 75: a Foundry VTT actor at the command line: imported with its report under
/// `foundry`, written back with `--format foundry`, another system's refused by name.
#[test]
fn foundry_actors_come_in_with_their_report_and_go_out_as_actors() {
    let cli = Cli::new();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/foundry");
    let soldier = fixtures.join("arm5e-standard-soldier.json");
    let v = cli.json(&["character", "import", soldier.to_str().unwrap()]);
    assert_eq!(v["character"]["name"], "The Standard Soldier");
    assert_eq!(v["foundry"]["system"], "arm5e");
    assert!(v["foundry"]["numbers"].as_array().unwrap().iter().any(|n| n["label"] == "Soak" && n["foundry"] == 8));
    let id = v["character"]["id"].as_i64().unwrap().to_string();
    let out = cli.dir.path().join("soldier.foundry.json");
    let w = cli.json(&["character", "export", &id, "--format", "foundry", "--out", out.to_str().unwrap()]);
    assert_eq!(w["format"], "foundry");
    let actor: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!((actor["type"].as_str(), actor["_stats"]["systemId"].as_str()), (Some("player"), Some("arm5e")));
    let text = cli.text(&["adversary", "import", fixtures.join("mythcraft-npc-cinder-hound.json").to_str().unwrap()]);
    assert!(text.contains("Imported from Foundry VTT: mythcraft") && text.contains("relic \"Kiln Key\""), "{text}");
    // The export says how it wrote what MythCraft holds otherwise: a damage type it has
    // not, the defenses the sheet leaves to MythCraft's formulas.
    let wren =
        cli.json(&["character", "new", "--system", "mythcraft", "--name", "Wren"])["character"]["id"].to_string();
    cli.json(&["character", "set", &wren, "attack-1", "Bow: +4, 1d6 piercing, ranged, 2 AP"]);
    let out = cli.dir.path().join("wren.foundry.json");
    let text = cli.text(&["character", "export", &wren, "--format", "foundry", "--out", out.to_str().unwrap()]);
    assert!(text.contains("How the export wrote it"), "{text}");
    assert!(text.contains("Bow: MythCraft has no piercing damage") && text.contains("`10 + @DEX`"), "{text}");
    let (code, err) = cli.fails(&["character", "import", fixtures.join("other-dnd5e-goblin.json").to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.to_string().contains("a dnd5e actor: Tome reads arm5e and mythcraft actors"), "{err}");
}

/// Issue 72's fresh-eyes review: two MLAF rosters have a Black Mage (lines 22 and 32, with
/// other numbers and skills), and `equip "Black Mage"` silently took the Khemri one for
/// an Undead coach. Named bare, it is refused with both choices, each as it can be
/// typed; named with its roster, it is the one meant. A name two entries share where one
/// is the plain one (Ars Magica's Knife beside its thrown copy) is still that one.
#[test]
fn a_name_two_entries_share_asks_which_unless_one_is_the_plain_one() {
    let cli = Cli::new();
    let id = cli.json(&["character", "new", "--system", "mlaf", "--name", "Bones"])["character"]["id"].to_string();
    let out = cli.cmd(&["character", "equip", &id, "Black Mage"]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(said.contains("Black Mage (Khemri)") && said.contains("Black Mage (Undead)"), "{said}");
    let v = cli.json(&["character", "equip", &id, "Black Mage (Undead)"]);
    assert_eq!(v["character"]["items"][0]["entry_id"], "mlaf/position/black-mage-undead", "{v}");
    let k = cli.json(&["character", "new", "--system", "ars-magica", "--name", "K"])["character"]["id"].to_string();
    let v = cli.json(&["character", "equip", &k, "Knife"]);
    assert_eq!(v["character"]["items"][0]["entry_id"], "ars-magica/weapon/knife", "{v}");
}
