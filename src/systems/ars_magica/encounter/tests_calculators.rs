//! The tracker holds to the calculators: random attacks in `act … attack`, dice and
//! botches typed, wound the defender as `combat_roll` and `resolve_attack` (the
//! `attack` calculator's own functions) say for the same numbers.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::systems::ars_magica::rules::{combat_roll, resolve_attack, WoundLevel};
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
            let mut inputs: BTreeMap<String, String> = BTreeMap::new();
            inputs.insert("target".into(), "Brute".into());
            inputs.insert("attack-die".into(), adie.to_string());
            inputs.insert("defense-die".into(), ddie.to_string());
            if adie == 0 {
                inputs.insert("attack-botches".into(), abotch.to_string());
            }
            if ddie == 0 {
                inputs.insert("defense-botches".into(), dbotch.to_string());
            }
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
