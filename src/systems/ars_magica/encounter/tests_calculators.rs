//! The tracker holds to the calculators: random attacks in `act … attack`, dice and
//! botches typed, wound the defender as `combat_roll` and `resolve_attack` (the
//! `attack` calculator's own functions) say for the same numbers.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::systems::ars_magica::rules::{
    combat_roll, grapple, mounted_bonus, resolve_attack, scuffle, GrappleSide, WoundLevel,
};
use crate::Tome;

/// A die and its botch dice at 0: a 0 botches with 1 or 2 of them, or does not with none.
fn die() -> impl Strategy<Value = (i64, i64)> {
    prop_oneof![(1i64..=24).prop_map(|d| (d, 0)), (0i64..=2).prop_map(|b| (0, b))]
}

#[test]
fn an_attack_in_the_tracker_is_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let numbers = ((-5i64..=25, -5i64..=25, 0i64..=20, -3i64..=15, -3i64..=3), die(), die());
    runner
        .run(&numbers, |((atk, def, dam, soak, size), (adie, abotch), (ddie, dbotch))| {
            let mut t = tome.borrow_mut();
            let e = t.create_encounter("ars-magica", "Props").unwrap().id;
            let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            t.encounter_add_npc(e, "Knight", 1, stats(&[("attack", atk), ("damage", dam)])).unwrap();
            t.encounter_add_npc(e, "Brute", 1, stats(&[("defense", def), ("soak", soak), ("size", size)])).unwrap();
            t.encounter_start(e, &[("Knight".into(), 20), ("Brute".into(), 1)], &[], None).unwrap();
            let inputs = exchange_inputs("Brute", (adie, abotch), (ddie, dbotch));
            let v = t.encounter_act(e, "attack", Some("Knight"), inputs, Some(1)).unwrap();
            let attack = combat_roll("Attack", atk, adie, abotch).unwrap().total;
            let defense = combat_roll("Defense", def, ddie, dbotch).unwrap().total;
            let want = resolve_attack(attack, defense, dam, soak, size).unwrap().wound;
            let brute = v.combatants.iter().find(|c| c["name"] == "Brute").unwrap();
            let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
            for level in [WoundLevel::Light, WoundLevel::Medium, WoundLevel::Heavy, WoundLevel::Incapacitating] {
                let n = brute["wounds"][level.as_str()].as_i64().unwrap();
                prop_assert_eq!(n, i64::from(want == level), "{}: {}", level.as_str(), said);
            }
            prop_assert_eq!(brute["dead"].as_bool(), Some(want == WoundLevel::Dead), "{}", said);
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}

/// The exchange's inputs: both dice, typed, and their botch dice on a 0.
fn exchange_inputs(target: &str, (adie, abotch): (i64, i64), (ddie, dbotch): (i64, i64)) -> BTreeMap<String, String> {
    let mut inputs: BTreeMap<String, String> = BTreeMap::new();
    inputs.insert("target".into(), target.into());
    inputs.insert("attack-die".into(), adie.to_string());
    inputs.insert("defense-die".into(), ddie.to_string());
    if adie == 0 {
        inputs.insert("attack-botches".into(), abotch.to_string());
    }
    if ddie == 0 {
        inputs.insert("defense-botches".into(), dbotch.to_string());
    }
    inputs
}

/// A scuffle in the tracker (`act … scuffle`, a rider's Ride on both sides) costs the
/// Fatigue levels and the wound the `scuffle` calculator's function gives for the same
/// totals, and the totals carry `mounted_bonus` as the `mounted` calculator's.
#[test]
fn a_scuffle_and_a_rider_in_the_tracker_are_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let numbers = ((-5i64..=25, -5i64..=25, 0i64..=20, -3i64..=15, -3i64..=3), (0i64..=6, 0i64..=6), die(), die());
    runner
        .run(&numbers, |((atk, def, dam, soak, size), (ride_a, ride_d), a_die, d_die)| {
            let mut t = tome.borrow_mut();
            let e = t.create_encounter("ars-magica", "Props").unwrap().id;
            let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            t.encounter_add_npc(e, "Bully", 1, stats(&[("attack", atk), ("damage", dam), ("mounted-ride", ride_a)]))
                .unwrap();
            let victim = stats(&[("defense", def), ("soak", soak), ("size", size), ("mounted-ride", ride_d)]);
            t.encounter_add_npc(e, "Victim", 1, victim).unwrap();
            t.encounter_start(e, &[("Bully".into(), 20), ("Victim".into(), 1)], &[], None).unwrap();
            let v =
                t.encounter_act(e, "scuffle", Some("Bully"), exchange_inputs("Victim", a_die, d_die), Some(1)).unwrap();
            let attack = combat_roll("Attack", atk + mounted_bonus(ride_a).unwrap().0, a_die.0, a_die.1).unwrap().total;
            let defense =
                combat_roll("Defense", def + mounted_bonus(ride_d).unwrap().0, d_die.0, d_die.1).unwrap().total;
            let want = scuffle(attack, defense, dam, soak, size, None).unwrap();
            let victim = v.combatants.iter().find(|c| c["name"] == "Victim").unwrap();
            let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
            prop_assert_eq!(victim["fatigue_levels_lost"].as_i64(), Some(want.fatigue_levels), "{}", said);
            for level in [WoundLevel::Light, WoundLevel::Medium] {
                let n = victim["wounds"][level.as_str()].as_i64().unwrap();
                prop_assert_eq!(n, i64::from(want.wound == level), "{}: {}", level.as_str(), said);
            }
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}

/// A grapple in the tracker (`act … grapple`: taking hold with the Brawl Attack, then
/// the held one's escape) leaves the Grapple Strength the `grapple` calculator's
/// function gives for the same advantages, and the grappler's Light wound on an escape.
#[test]
fn a_grapple_in_the_tracker_is_the_calculator() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let numbers = ((-5i64..=20, -5i64..=20, -5i64..=20, -5i64..=20), (1i64..=12, 1i64..=12, 1i64..=12, 1i64..=12));
    runner
        .run(&numbers, |((brawl, def_held, atk_held, def_grappler), (d1, d2, d3, d4))| {
            let mut t = tome.borrow_mut();
            let e = t.create_encounter("ars-magica", "Props").unwrap().id;
            let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            let grappler = stats(&[("brawl-attack", brawl), ("defense", def_grappler), ("soak", 50)]);
            t.encounter_add_npc(e, "Grappler", 1, grappler).unwrap();
            t.encounter_add_npc(e, "Held", 1, stats(&[("attack", atk_held), ("defense", def_held)])).unwrap();
            t.encounter_start(e, &[("Grappler".into(), 20), ("Held".into(), 1)], &[], None).unwrap();
            t.encounter_act(e, "grapple", Some("Grappler"), exchange_inputs("Held", (d1, 0), (d2, 0)), Some(1))
                .unwrap();
            let first = grapple(0, (brawl + d1) - (def_held + d2), GrappleSide::Grappler).unwrap();
            t.encounter_change(e, crate::encounters::Event::Next).unwrap();
            let v = t.encounter_act(e, "grapple", Some("Held"), exchange_inputs("Grappler", (d3, 0), (d4, 0)), Some(1));
            let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
            if first.strength == 0 {
                // No one was held: the second is a grapple of its own, not an escape.
                prop_assert!(v.is_ok(), "{:?}", v.err());
            } else {
                let v = v.unwrap();
                let second =
                    grapple(first.strength, (atk_held + d3) - (def_grappler + d4), GrappleSide::Grappled).unwrap();
                let g = v.combatants.iter().find(|c| c["name"] == "Grappler").unwrap();
                let strength = g.get("grips").map_or(0, |grips| grips[0]["strength"].as_i64().unwrap());
                prop_assert_eq!(strength, second.strength, "{}", said);
                prop_assert_eq!(g["wounds"]["light"].as_i64(), Some(i64::from(second.escaped)), "{}", said);
            }
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}
