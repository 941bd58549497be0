//! Every strict-loading rule rejects a malformed seed with the file, the line and the reason.

use crate::common;

use common::DEMO_SYSTEMS as SYSTEMS;
use tome::seed::{SeedFile, SeedFiles};

const GOOD_WEAPON: &str = r#"
[[weapon]]
name = "Club"
section = "Weapons"
summary = "A heavy stick."
group = "melee"
ability = "Single"
init = 1
atk = 2
dfn = 1
dam = 3
str = -2
load = 1
cost = "inexpensive"
"#;

fn seed(files: &[(&str, &str)]) -> SeedFiles {
    let mut all = vec![SeedFile { path: "systems.toml".into(), text: SYSTEMS.into() }];
    all.extend(files.iter().map(|(p, t)| SeedFile { path: p.to_string(), text: t.to_string() }));
    SeedFiles { root: "fixture".into(), files: all }
}

/// Loads the fixture, expecting failure, and returns the problems as text.
fn problems(files: &[(&str, &str)]) -> String {
    match seed(files).load() {
        Ok(_) => panic!("fixture should not load"),
        Err(p) => p.to_string(),
    }
}

#[test]
fn a_valid_fixture_loads() {
    let content = seed(&[("demo/weapons.toml", GOOD_WEAPON)]).load().unwrap();
    assert_eq!(content.entries.len(), 1);
    assert_eq!(content.entries[0].id, "demo/weapon/club");
}

#[test]
fn unknown_field_names_file_and_line() {
    let text = GOOD_WEAPON.replace("load = 1\n", "load = 1\nweight = 3\n");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:14:"), "{msg}");
    assert!(msg.contains("unknown field `weight`"), "{msg}");
}

#[test]
fn missing_source_section_is_an_error() {
    let text = GOOD_WEAPON.replace("section = \"Weapons\"\n", "");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:2:"), "{msg}");
    assert!(msg.contains("missing field `section`"), "{msg}");
}

#[test]
fn empty_source_section_is_an_error() {
    let text = GOOD_WEAPON.replace("section = \"Weapons\"", "section = \" \"");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:2: weapon `Club`: `section` is required"), "{msg}");
}

#[test]
fn duplicate_ids_name_both_places() {
    let text = format!("{GOOD_WEAPON}\n{GOOD_WEAPON}");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:17: duplicate id `demo/weapon/club`"), "{msg}");
    assert!(msg.contains("first defined at fixture/demo/weapons.toml:2"), "{msg}");
}

#[test]
fn a_link_that_does_not_resolve_is_an_error() {
    let text = GOOD_WEAPON.replace("group = \"melee\"", "links = [\"demo/rule/nowhere\"]\ngroup = \"melee\"");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:2:"), "{msg}");
    assert!(msg.contains("link `demo/rule/nowhere` does not resolve"), "{msg}");
}

#[test]
fn a_number_out_of_range_points_at_the_value() {
    let text = GOOD_WEAPON.replace("atk = 2", "atk = 99");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:9:"), "{msg}");
    assert!(msg.contains("99 is out of range: expected -10 to 20"), "{msg}");
}

#[test]
fn wrong_type_is_an_error() {
    let text = GOOD_WEAPON.replace("dam = 3", "dam = \"three\"");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:11:"), "{msg}");
}

#[test]
fn toml_syntax_error_names_the_line() {
    let text = GOOD_WEAPON.replace("ability = \"Single\"", "ability = \"Single");
    let msg = problems(&[("demo/weapons.toml", &text)]);
    assert!(msg.contains("fixture/demo/weapons.toml:7:"), "{msg}");
}

#[test]
fn table_rows_must_match_columns_and_dice() {
    let text = r#"
[[table]]
name = "Omens"
section = "Omens"
summary = "What the sky says."
dice = "1d6"
columns = ["1d6", "Omen"]
rows = [
  { roll = [1, 3], cells = ["1-3", "Rain"] },
  { roll = [4, 7], cells = ["4-7", "Sun"] },
  { roll = [5, 5], cells = ["5"] },
]
"#;
    let msg = problems(&[("demo/tables.toml", text)]);
    assert!(
        msg.contains(
            "fixture/demo/tables.toml:2: table `Omens`, row 2: roll [4, 7] is outside what 1d6 can roll (1-6)"
        ),
        "{msg}"
    );
    assert!(msg.contains("row 3: 1 cells for 2 columns"), "{msg}");
    assert!(msg.contains("row 3: roll [5, 5] overlaps [4, 7]"), "{msg}");
}

#[test]
fn a_position_spell_must_be_a_spell() {
    let text = r#"
[[position]]
name = "Hedge Witch"
section = "Roster"
summary = "A caster."
race = "Human"
ma = 6
st = 3
ag = 3
av = 8
skills = ["Level 1"]
categories = ["Gen"]
cost = 100000
spell = "demo/spell/hexes"
"#;
    let msg = problems(&[("demo/positions.toml", text)]);
    assert!(
        msg.contains(
            "fixture/demo/positions.toml:2: position `Hedge Witch`: `spell` `demo/spell/hexes` does not resolve"
        ),
        "{msg}"
    );
}

#[test]
fn a_folder_that_is_not_a_system_is_an_error() {
    let msg = problems(&[("elsewhere/weapons.toml", GOOD_WEAPON)]);
    assert!(msg.contains("fixture/elsewhere/weapons.toml: folder `elsewhere` is not a system"), "{msg}");
}

#[test]
fn every_problem_is_reported_at_once() {
    let bad_link = GOOD_WEAPON.replace("group = \"melee\"", "links = [\"demo/rule/x\"]\ngroup = \"melee\"");
    let bad_range = GOOD_WEAPON.replace("atk = 2", "atk = 99").replace("Club", "Mace");
    let err = seed(&[("demo/a.toml", &bad_link), ("demo/b.toml", &bad_range)]).load().unwrap_err();
    assert_eq!(err.len(), 2, "{err}");
}
