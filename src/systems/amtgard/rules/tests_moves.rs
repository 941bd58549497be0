//! Tests of the calculators issue 29 added or widened: Immunities to a School on a hit,
//! death avoided by Phoenix Tears and Troll Blood, and Mend. Line numbers are of the
//! Amtgard document.

use std::collections::BTreeMap;

use super::*;
use crate::Tome;

fn calc(tome: &dyn Rulebook, name: &str, pairs: &[(&str, &str)]) -> Result<serde_json::Value> {
    let values: BTreeMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    crate::systems::calculate(tome, SYSTEM, name, values).map(|o| o.to_json())
}

/// The names a Trait or State gives an Immunity by: "Immune to Death", "Immunity to the
/// Flame School"; Cursed is Immunity to Spirit (line 172); other States grant none.
#[test]
fn immunity_names_read_as_schools() {
    assert_eq!(immunity_in("Immune to Death"), Some(School::Death));
    assert_eq!(immunity_in("immunity to the Flame school"), Some(School::Flame));
    assert_eq!(immunity_in("Cursed"), Some(School::Spirit));
    assert_eq!(immunity_in("Stopped"), None);
    assert_eq!(immunity_in("Immune to Fish"), None);
    assert_eq!(immunities(["Immune to Subdual", "Cursed", "Immunity to Subdual"]), [School::Subdual, School::Spirit]);
}

/// Line 181: Immunity to Flame keeps a Flame hit off the player, but their armour is
/// still destroyed; Immunity to Death in the list stops Wounds Kill killing (line 204).
#[test]
fn a_hit_of_a_school_the_player_is_immune_to_spares_the_player_not_the_armour() {
    let tome = Tome::open_in_memory().unwrap();
    let bare = calc(&tome, "hit", &[("school", "flame"), ("immune-to", "flame")]).unwrap();
    assert_eq!((bare["wounded"].clone(), bare["unaffected"].clone()), (false.into(), true.into()));
    let armoured = calc(
        &tome,
        "hit",
        &[("school", "flame"), ("immune-to", "flame"), ("armor", "2"), ("effect", "armor-destroying")],
    )
    .unwrap();
    assert_eq!(armoured["armor_after"], 0);
    let other = calc(&tome, "hit", &[("school", "death"), ("immune-to", "flame")]).unwrap();
    assert_eq!(other["wounded"], true);
    let wk = calc(&tome, "hit", &[("effect", "wounds-kill"), ("immune-to", "death, sorcery")]).unwrap();
    assert_eq!((wk["wounded"].clone(), wk["killed"].clone()), (true.into(), false.into()));
    assert!(calc(&tome, "hit", &[("immune-to", "fish")]).unwrap_err().to_string().contains("not a School"));
}

/// Line 24: Phoenix Tears and Troll Blood both go off and lose a strip; the player is
/// Frozen for 30 s instead of dying.
#[test]
fn phoenix_tears_and_troll_blood_each_lose_a_strip() {
    let a = avoid_death(&parse_wards("Phoenix Tears, Troll Blood").unwrap()).unwrap().unwrap();
    assert_eq!(a.frozen_seconds, 30);
    let left: Vec<(&str, i64)> = a.wards.iter().map(|w| (w.name.as_str(), w.strips)).collect();
    assert_eq!(left, [("Phoenix Tears", 1), ("Troll Blood", 2)]);
    assert_eq!(a.removed().count(), 0);
    assert_eq!(avoid_death(&[]).unwrap(), None, "no ward: the player dies");
}

/// Line 58: killed a second time, Phoenix Tears saves the player and removes itself.
#[test]
fn phoenix_tears_on_its_last_strip_removes_itself() {
    let tome = Tome::open_in_memory().unwrap();
    let v = calc(&tome, "avoid-death", &[("wards", "Phoenix Tears:1")]).unwrap();
    assert_eq!((v["removed"].clone(), v["strips_left"].clone()), ("Phoenix Tears".into(), "none".into()));
    assert_eq!(v["frozen_seconds"], 30);
    assert!(calc(&tome, "avoid-death", &[("wards", "Song of Survival")]).unwrap_err().to_string().contains("strips"));
    assert!(calc(&tome, "avoid-death", &[("wards", "Troll Blood:0")]).is_err());
}

/// Line 12: armour destroyed by Armor Destroying comes back by Mend; line 210: a
/// damaged shield may be repaired. What is whole is refused.
#[test]
fn mend_restores_armour_and_shields_and_refuses_what_is_whole() {
    let tome = Tome::open_in_memory().unwrap();
    let v = calc(&tome, "mend", &[("rated", "3"), ("armor", "0")]).unwrap();
    assert_eq!(v["armor_after"], 3);
    assert!(calc(&tome, "mend", &[("rated", "3"), ("armor", "3")]).unwrap_err().to_string().contains("whole"));
    assert!(calc(&tome, "mend", &[("rated", "2"), ("armor", "3")]).is_err(), "more points than the rating");
    let v = calc(&tome, "mend", &[("what", "shield"), ("shield-hits", "2")]).unwrap();
    assert_eq!(v["shield"], "intact");
    assert!(calc(&tome, "mend", &[("what", "shield")]).is_err());
    let v = calc(&tome, "mend", &[("what", "weapon"), ("weapons", "2")]).unwrap();
    assert_eq!(v["weapons_destroyed"], 1);
}

/// The entries the board's new moves link to are shipped, with their links whole.
#[test]
fn the_entries_the_new_moves_link_to_are_shipped() {
    let tome = Tome::open_in_memory().unwrap();
    for id in [R_MEND, R_PHOENIX_TEARS, "amtgard/rule/troll-blood"] {
        assert!(tome.show(id).is_ok(), "missing entry {id}");
    }
}
