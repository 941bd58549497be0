//! Issue 72: a written attack ("Short sword: +5, 1d6+2 sharp, melee, 2 AP"), a sheet's or
//! an adversary's stat block's, is read whole and used by name through one function of
//! the API (`Tome::combatant_attack`, `Tome::written_inputs`): the phone's menu, the
//! app's form (the board's `attacks`) and the command line fill the attack in alike.

use std::collections::BTreeMap;

use tome::adversaries::{Adversary, AdversaryAttack};
use tome::characters::SheetValue;
use tome::Tome;

use crate::common::fight::{combatant, stats, typed};

/// Vera (a saved MythCraft character with two written attacks) and a Bandit from the
/// library (one: a club of two dice sizes), started with Vera to act.
fn fight() -> (Tome, i64, i64) {
    let mut t = Tome::open_in_memory().unwrap();
    let mut vera = t.create_character("mythcraft", "Vera").unwrap();
    for (k, v) in [("max-hp", 20), ("coordination", 2), ("level", 1)] {
        vera.values.insert(k.into(), SheetValue::Int(v));
    }
    vera.values.insert("attack-1".into(), "Short sword: +5, 2d6+3 sharp + 1d4 toxic, melee, 2 AP".into());
    vera.values.insert("attack-2".into(), "Bow: +4, 1d8 sharp, ranged, 2 AP".into());
    let vera = t.save_character(&vera).unwrap();
    let mut bandit = Adversary::new("mythcraft", "Bandit");
    bandit.stats = stats(&[("max-hp", 40), ("ar", 11), ("resist-toxic", 4)]);
    bandit.attacks =
        vec![AdversaryAttack { name: "Club".into(), entry: None, numbers: "+3, 2d4+1d6 blunt, melee, 1 AP".into() }];
    let bandit = t.create_adversary(&bandit).unwrap();
    let e = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_character(e, vera.id).unwrap();
    t.encounter_add_adversary(e, bandit.adversary.id, 1, Some(false), Some(1)).unwrap();
    t.encounter_start(e, &typed(&[("Vera", 20), ("Bandit", 2)]), &[], None).unwrap();
    (t, e, vera.id)
}

fn inputs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[test]
fn a_sheets_written_attack_is_found_by_name_and_read_whole() {
    let (t, e, _) = fight();
    let sword = t.combatant_attack(e, "Vera", Some("short SWORD")).unwrap();
    assert_eq!(sword.action, Some("attack"));
    let want = inputs(&[
        ("bonus", "5"),
        ("dice", "2d6"),
        ("modifier", "3"),
        ("type", "sharp"),
        ("also", "1d4 toxic"),
        ("range", "melee"),
        ("ap", "2"),
    ]);
    assert_eq!(sword.inputs, want);
    let club = t.combatant_attack(e, "Bandit", None).unwrap();
    assert_eq!((club.inputs["dice"].as_str(), club.inputs["type"].as_str()), ("2d4+1d6", "blunt"));
    // A miss names the combatant's written attacks; with none named, the only one.
    let miss = t.combatant_attack(e, "Vera", Some("Short swrd")).unwrap_err().to_string();
    assert!(miss.contains("did you mean one of: `Short sword`, `Bow`"), "{miss}");
    let which = t.combatant_attack(e, "Vera", None).unwrap_err().to_string();
    assert!(which.contains("2 written attacks") && which.contains("Bow"), "{which}");
}

/// The command line's path (`written_inputs`, then `encounter_act`) strikes as the
/// attack typed with the written numbers does, with the same dice.
#[test]
fn an_attack_used_by_name_is_the_attack_typed_with_its_numbers() {
    let (mut by_name, e, _) = fight();
    let (mut typed_out, e2, _) = fight();
    let (used, filled) = by_name
        .written_inputs(
            e,
            "attack",
            Some("Vera"),
            Some("Short sword"),
            inputs(&[("target", "Bandit"), ("natural", "14")]),
        )
        .unwrap();
    assert_eq!(used.unwrap().name, "Short sword");
    let a = by_name.encounter_act(e, "attack", Some("Vera"), filled, Some(7)).unwrap();
    let written = inputs(&[
        ("target", "Bandit"),
        ("natural", "14"),
        ("bonus", "5"),
        ("dice", "2d6"),
        ("modifier", "3"),
        ("type", "sharp"),
        ("also", "1d4 toxic"),
        ("range", "melee"),
        ("ap", "2"),
    ]);
    let b = typed_out.encounter_act(e2, "attack", Some("Vera"), written, Some(7)).unwrap();
    assert_eq!(combatant(&a, "Bandit")["hp"], combatant(&b, "Bandit")["hp"]);
    assert_eq!(by_name.encounter_log(e).unwrap().last(), typed_out.encounter_log(e2).unwrap().last());
    // Typed wins over written; a typed damage leaves the written attack out.
    let (_, mine) = by_name
        .written_inputs(e, "attack", Some("Bandit"), None, inputs(&[("target", "Vera"), ("dice", "1d4")]))
        .unwrap();
    assert_eq!(mine, inputs(&[("target", "Vera"), ("dice", "1d4")]));
    let (_, over) = by_name
        .written_inputs(e, "attack", Some("Bandit"), None, inputs(&[("target", "Vera"), ("bonus", "9")]))
        .unwrap();
    assert_eq!((over["bonus"].as_str(), over["dice"].as_str()), ("9", "2d4+1d6"));
}

/// The phone's "Attack with Short sword" and the app's form (the board's `attacks`) carry
/// what the command line's `--with` fills in.
#[test]
fn the_phone_the_app_and_the_command_line_read_one_written_attack_alike() {
    let (t, e, vera) = fight();
    let cli = t.combatant_attack(e, "Vera", Some("Short sword")).unwrap();
    let menu = t.table_menu(e, vera).unwrap();
    let phone = menu.iter().find(|m| m.label == "Attack with Short sword").expect("the sheet's attack on the phone");
    assert_eq!(phone.preset, cli.inputs);
    assert!(menu.iter().any(|m| m.label == "Attack with Bow"));
    let board = t.encounter(e).unwrap();
    let app = &combatant(&board, "Vera")["attacks"][0];
    assert_eq!(app["name"], "Short sword");
    assert_eq!(app["inputs"], serde_json::to_value(&cli.inputs).unwrap());
    assert_eq!(combatant(&board, "Bandit")["attacks"][0]["from"], "library");
}

/// Line 112: an attack of several damage types against a defender who resists one of
/// them is checked twice, with and without that Resist's bonus to the defense; a total
/// that hits only without it lands the parts the defender does not resist. Sharp and
/// toxic against AR 11 and Resist 4 toxic: a total of 13 hits AR 11 but not 15, so only
/// the sharp lands.
#[test]
fn an_attack_of_two_types_meets_resist_to_one_as_line_112_says() {
    let (mut t, e, _) = fight();
    let v = t
        .encounter_act(
            e,
            "attack",
            Some("Vera"),
            inputs(&[
                ("target", "Bandit"),
                ("roll", "13"),
                ("amount", "6"),
                ("type", "sharp"),
                ("also", "3 toxic"),
                ("range", "melee"),
                ("ap", "2"),
            ]),
            Some(1),
        )
        .unwrap();
    assert_eq!(combatant(&v, "Bandit")["hp"], 34, "only the 6 sharp: {:?}", t.encounter_log(e).unwrap().last());
    t.encounter_undo(e).unwrap();
    let v = t
        .encounter_act(
            e,
            "attack",
            Some("Vera"),
            inputs(&[
                ("target", "Bandit"),
                ("roll", "15"),
                ("amount", "6"),
                ("type", "sharp"),
                ("also", "3 toxic"),
                ("range", "melee"),
                ("ap", "2"),
            ]),
            Some(1),
        )
        .unwrap();
    assert_eq!(combatant(&v, "Bandit")["hp"], 31, "a hit even with Resist: all 9");
}
