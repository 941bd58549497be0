//! The tracker holds to the calculator: random boosted attacks on a target with armour
//! and a defensive spell mark the wounds `boosted_hit` (the `boosted-hit` calculator's
//! function) gives for the same numbers.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::systems::primal_wild::rules::{boosted_hit, Aspect, DamageType, Protection};
use crate::Tome;

const ASPECTS: [&str; 3] = ["sensory", "covert", "vulgar"];

#[test]
fn a_boosted_attack_in_the_tracker_is_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let shield = prop::option::of((prop::sample::select(ASPECTS.to_vec()), 0i64..=2));
    let attack = (prop::sample::select(ASPECTS.to_vec()), 0i64..=8, 0i64..=2, any::<bool>(), any::<bool>());
    runner
        .run(&(0i64..=3, shield, attack), |(armor, shield, (aspect, rolled, cancelled, lethal, aggravated))| {
            let mut t = tome.borrow_mut();
            let e = t.create_encounter("primal-wild", "Props").unwrap().id;
            let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            t.encounter_add_npc(e, "Acanthus", 1, stats(&[])).unwrap();
            t.encounter_add_npc(e, "Mastigos", 1, stats(&[("armor", armor), ("health", 30)])).unwrap();
            t.encounter_start(e, &[("Acanthus".into(), 5), ("Mastigos".into(), 1)], &[], None).unwrap();
            let mut potency = 0;
            if let Some((spell, above)) = shield {
                potency = Aspect::parse(spell).unwrap().default_potency() + above;
                let inputs =
                    BTreeMap::from([("aspect".into(), spell.to_string()), ("potency".into(), potency.to_string())]);
                t.encounter_act(e, "defensive-spell", Some("Mastigos"), inputs, Some(1)).unwrap();
            }
            let weapon = if lethal { "lethal" } else { "bashing" };
            let mut inputs = BTreeMap::from([
                ("aspect".to_string(), aspect.to_string()),
                ("rolled".to_string(), rolled.to_string()),
                ("cancelled".to_string(), cancelled.to_string()),
                ("type".to_string(), weapon.to_string()),
            ]);
            if aggravated {
                inputs.insert("factor".into(), "aggravated".into());
            }
            let v = t.encounter_act(e, "boosted-attack", Some("Mastigos"), inputs, Some(1)).unwrap();
            let want = boosted_hit(
                Aspect::parse(aspect).unwrap(),
                rolled,
                cancelled,
                DamageType::parse(weapon).unwrap(),
                aggravated.then_some(DamageType::Aggravated),
                Protection { armor, spell_potency: potency },
            )
            .unwrap();
            let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
            let m = v.combatants.iter().find(|c| c["name"] == "Mastigos").unwrap();
            prop_assert_eq!(m["damage"]["aggravated"].as_i64(), Some(want.aggravated), "{}", said);
            prop_assert_eq!(m["damage"]["lethal"].as_i64(), Some(want.lethal), "{}", said);
            prop_assert_eq!(m["damage"]["bashing"].as_i64(), Some(want.bashing), "{}", said);
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}
