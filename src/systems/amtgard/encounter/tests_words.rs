//! What the board says, read aloud by a reeve (issue 72's fresh-eyes review 77): counts
//! in words, refusals about an enchantment not yet carried, and the hints a refusal
//! gives. Line numbers are of the Amtgard document (`000_01a13cf17059bcfe.txt`).

use std::collections::BTreeMap;

use crate::api::EncounterView;
use crate::encounters::Event;
use crate::Tome;

fn board(players: &[(&str, &[(&str, i64)])]) -> (Tome, i64) {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Field").unwrap().id;
    for (name, stats) in players {
        let stats: BTreeMap<String, i64> = stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        t.encounter_add_npc(e, name, 1, stats).unwrap();
    }
    t.encounter_start(e, &[], &[], None).unwrap();
    (t, e)
}

fn act(t: &mut Tome, e: i64, action: &str, who: &str, inputs: &[(&str, &str)]) -> crate::Result<EncounterView> {
    let inputs = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    t.encounter_act(e, action, Some(who), inputs, Some(1))
}

fn said(t: &Tome, e: i64) -> String {
    t.encounter_log(e).unwrap().last().unwrap().lines.join("\n")
}

/// A player with one life who died once cannot respawn: said as "1 time", not "1 times".
#[test]
fn a_player_out_of_lives_has_died_1_time() {
    let (mut t, e) = board(&[("Pip", &[("lives", 1)])]);
    act(&mut t, e, "die", "Pip", &[]).unwrap();
    let err = act(&mut t, e, "respawn", "Pip", &[]).unwrap_err().to_string();
    assert!(err.contains("Pip has died 1 time and had 1 life"), "{err}");
}

/// The one-magical limit and the no-two-(ex)-of-a-name limit (the enchantment rules):
/// the refusal is about the enchantment asked for, which is not carried, so it does not
/// say it is worn.
#[test]
fn an_enchantment_refused_by_a_limit_is_not_said_to_be_worn() {
    let (mut t, e) = board(&[("Ann", &[])]);
    act(&mut t, e, "enchant", "Ann", &[("enchantment", "m:Stoneskin")]).unwrap();
    let err = act(&mut t, e, "enchant", "Ann", &[("enchantment", "m:Blessing Against Harm")]).unwrap_err().to_string();
    assert!(err.contains("not 2 together (Stoneskin, Blessing Against Harm)") && !err.contains("worn"), "{err}");
    act(&mut t, e, "enchant", "Ann", &[("enchantment", "ex:Gift of Air")]).unwrap();
    let err = act(&mut t, e, "enchant", "Ann", &[("enchantment", "ex:Gift of Air")]).unwrap_err().to_string();
    assert!(err.contains("not Gift of Air (ex) 2 times") && !err.contains("worn"), "{err}");
}

/// A respawn does not refit armour (Tome's interpretation): said of a player with
/// armour, not of one who never had any; and after Magic Armor went with its enchantment,
/// said of the rest, not as if nothing changed.
#[test]
fn a_respawn_speaks_of_armour_only_where_there_is_some() {
    let (mut t, e) = board(&[("Bare", &[]), ("Knight", &[("torso", 2)]), ("Stone", &[])]);
    for who in ["Bare", "Knight"] {
        act(&mut t, e, "die", who, &[]).unwrap();
        act(&mut t, e, "respawn", who, &[]).unwrap();
        assert_eq!(said(&t, e).contains("Armour stays as it was"), who == "Knight", "{who}: {}", said(&t, e));
    }
    act(&mut t, e, "enchant", "Stone", &[("enchantment", "m:Stoneskin"), ("magic-armor", "2")]).unwrap();
    act(&mut t, e, "die", "Stone", &[]).unwrap();
    act(&mut t, e, "respawn", "Stone", &[]).unwrap();
    let s = said(&t, e);
    assert!(s.contains("lowered from 2 to 0") && !s.contains("\nArmour stays as it was"), "{s}");
}

/// A destroyed shield comes back only by Mend: the refusal of a hit on it says so, and
/// setting the shield stat again says it is still destroyed (the `set` gave a shield to
/// a player without one; it mends nothing).
#[test]
fn a_destroyed_shield_points_to_mend() {
    let (mut t, e) = board(&[("Tank", &[("shield", 1)])]);
    act(&mut t, e, "hit", "Tank", &[("struck", "shield"), ("effect", "shield-destroying")]).unwrap();
    let err = act(&mut t, e, "hit", "Tank", &[("struck", "shield"), ("effect", "shield-crushing")]).unwrap_err();
    assert!(err.to_string().contains("mend action with --what shield"), "{err}");
    t.encounter_change(e, Event::Set { name: "Tank".into(), field: "shield".into(), value: 1 }).unwrap();
    assert!(said(&t, e).contains("Tank's shield is still destroyed (the mend action"), "{}", said(&t, e));
}
