//! Amtgard's sheet and battlegame board against the defects issue 14 found.

use std::collections::BTreeMap;

use crate::Tome;

fn int(d: &crate::sheets::Derived, key: &str) -> i64 {
    d.int(key).unwrap_or_else(|| panic!("no whole-number stat {key}"))
}

/// Damage to Magic Armor is recorded on the sheet (LOCATION=N) and lowers that
/// location only. Before the fix the sheet had no such field and every location showed
/// the enchantment's full points.
#[test]
fn sheet_records_damage_to_magic_armor() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut c = t.create_character("amtgard", "Druid").unwrap();
    c.set("magic-armor", "Stoneskin:2");
    c.set("enchantments", "m:Stoneskin");
    c.set("magic-armor-lost", "torso=2, Left arm=1");
    let d = t.derive_character(&c).unwrap();
    assert!(t
        .sheet_layout("amtgard")
        .unwrap()
        .sections
        .iter()
        .flat_map(|s| &s.fields)
        .any(|f| f.key == "magic-armor-lost"));
    assert_eq!(int(&d, "magic-armor"), 2);
    assert_eq!((int(&d, "armor.torso"), int(&d, "armor.left-arm"), int(&d, "armor.right-arm")), (0, 1, 2));
    assert_eq!(int(&d, "armor-total"), 7);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);

    // More lost than the location holds leaves it at 0; a wrong location is named.
    c.set("magic-armor-lost", "torso=5, tail=1");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "armor.torso"), 0);
    assert!(d.warnings_for("magic-armor-lost").any(|w| w.message.contains("tail is not a hit location")));
    // Without Magic Armor there is nothing to lose.
    c.set("magic-armor", "");
    c.set("magic-armor-lost", "torso=1");
    let d = t.derive_character(&c).unwrap();
    assert!(d.warnings_for("magic-armor-lost").any(|w| w.message.contains("no Magic Armor")));
}

fn act(
    t: &mut Tome,
    e: i64,
    action: &str,
    who: &str,
    inputs: &[(&str, &str)],
) -> crate::Result<crate::api::EncounterView> {
    let inputs = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    t.encounter_act(e, action, Some(who), inputs, Some(1))
}

/// A State from a Trait stays through death and respawn, as Cursed stays through death.
/// Before the fix the board had no way to record one and death cleared every State but
/// Cursed.
#[test]
fn trait_states_survive_death_on_the_board() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Field").unwrap().id;
    t.encounter_add_npc(e, "Barbarian", 1, BTreeMap::new()).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    act(&mut t, e, "trait-state", "Barbarian", &[("state", "Immune to Subdual")]).unwrap();
    // Given by abilities of a School the Trait does not cover (a hand move names none).
    act(&mut t, e, "state", "Barbarian", &[("state", "Cursed"), ("school", "death")]).unwrap();
    act(&mut t, e, "state", "Barbarian", &[("state", "Stopped"), ("school", "sorcery")]).unwrap();
    let v = act(&mut t, e, "die", "Barbarian", &[]).unwrap();
    let b = v.combatants.iter().find(|c| c["name"] == "Barbarian").unwrap();
    assert_eq!(b["trait_states"], serde_json::json!(["Immune to Subdual"]));
    let names: Vec<&str> = b["conditions"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Cursed"]);
    let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
    assert!(said.contains("keeps the States from Traits: Immune to Subdual"), "{said}");
    let v = act(&mut t, e, "respawn", "Barbarian", &[]).unwrap();
    let b = v.combatants.iter().find(|c| c["name"] == "Barbarian").unwrap();
    assert_eq!(b["trait_states"], serde_json::json!(["Immune to Subdual"]));
    assert!(act(&mut t, e, "trait-state", "Barbarian", &[("state", "immune to subdual")]).is_err());
}

/// Armour knocked down to 0 still keeps a Magic Armor enchantment off the player.
#[test]
fn board_refuses_magic_armor_over_broken_armour() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Field").unwrap().id;
    t.encounter_add_npc(e, "Knight", 1, [("worn-torso".to_string(), 2)].into()).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    act(&mut t, e, "hit", "Knight", &[("location", "torso"), ("effect", "armor-destroying")]).unwrap();
    let err = act(&mut t, e, "enchant", "Knight", &[("enchantment", "m:Stoneskin"), ("magic-armor", "2")]).unwrap_err();
    assert!(err.to_string().contains("cannot take hold"), "{err}");
}
