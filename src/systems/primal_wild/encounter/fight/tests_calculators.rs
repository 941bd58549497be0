//! The tracker holds to the calculator: random boosted attacks on a target with armour,
//! a defensive spell (granting a damage immunity or not) and supernatural durability mark
//! the wounds `boosted_hit` (the `boosted-hit` calculator's function) gives for the same
//! numbers; Shaping attacks on a mage with or without Mage Sight, those of
//! `shaping_attack` with `shaping_protection`.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::systems::primal_wild::rules::{
    boosted_hit, shaping_attack, shaping_protection, Aspect, DamageType, Immunity, Protection,
};
use crate::Tome;

const ASPECTS: [&str; 3] = ["sensory", "covert", "vulgar"];

#[test]
fn a_boosted_attack_in_the_tracker_is_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let shield = prop::option::of((prop::sample::select(ASPECTS.to_vec()), 0i64..=2, any::<bool>()));
    let attack = (prop::sample::select(ASPECTS.to_vec()), 0i64..=8, 0i64..=2, any::<bool>(), any::<bool>());
    let target = (0i64..=3, any::<bool>(), any::<bool>());
    runner
        .run(
            &(target, shield, attack),
            |((armor, durable, willpower), shield, (aspect, rolled, cancelled, lethal, aggravated))| {
                let mut t = tome.borrow_mut();
                let e = t.create_encounter("primal-wild", "Props").unwrap().id;
                let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
                t.encounter_add_npc(e, "Acanthus", 1, stats(&[])).unwrap();
                let target = stats(&[("armor", armor), ("health", 30), ("durable", i64::from(durable))]);
                t.encounter_add_npc(e, "Mastigos", 1, target).unwrap();
                t.encounter_start(e, &[("Acanthus".into(), 5), ("Mastigos".into(), 1)], &[], None).unwrap();
                let mut potency = 0;
                let mut immunity = Immunity::None;
                if let Some((spell, above, immune)) = shield {
                    potency = Aspect::parse(spell).unwrap().default_potency() + above;
                    let mut inputs: BTreeMap<String, String> =
                        BTreeMap::from([("aspect".into(), spell.to_string()), ("potency".into(), potency.to_string())]);
                    if immune {
                        inputs.insert("immunity".into(), String::new());
                        immunity = if willpower { Immunity::Willpower } else { Immunity::Holds };
                    }
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
                if willpower {
                    inputs.insert("willpower".into(), String::new());
                }
                let v = t.encounter_act(e, "boosted-attack", Some("Mastigos"), inputs, Some(1)).unwrap();
                let want = boosted_hit(
                    Aspect::parse(aspect).unwrap(),
                    rolled,
                    cancelled,
                    DamageType::parse(weapon).unwrap(),
                    aggravated.then_some(DamageType::Aggravated),
                    Protection { armor, spell_potency: potency, durable, immunity },
                )
                .unwrap();
                let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
                let m = v.combatants.iter().find(|c| c["name"] == "Mastigos").unwrap();
                prop_assert_eq!(m["damage"]["aggravated"].as_i64(), Some(want.aggravated), "{}", said);
                prop_assert_eq!(m["damage"]["lethal"].as_i64(), Some(want.lethal), "{}", said);
                prop_assert_eq!(m["damage"]["bashing"].as_i64(), Some(want.bashing), "{}", said);
                t.delete_encounter(e).unwrap();
                Ok(())
            },
        )
        .unwrap();
}

/// A Shaping attack in the tracker on a mage (or not), mobile (or not), with armour and a
/// defensive spell or none, does the damage `shaping_attack` gives with the protection
/// `shaping_protection` works out: Mage Sight's sensory boost where no spell counts.
#[test]
fn a_shaping_attack_in_the_tracker_is_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let target = (0i64..=2, any::<bool>(), any::<bool>(), prop::option::of(prop::sample::select(ASPECTS.to_vec())));
    let attack = (prop::sample::select(vec!["covert", "vulgar"]), 1i64..=8, 0i64..=6);
    runner
        .run(&(target, attack), |((armor, mage, immobile, spell), (aspect, potency, defense))| {
            let mut t = tome.borrow_mut();
            let e = t.create_encounter("primal-wild", "Props").unwrap().id;
            let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            t.encounter_add_npc(e, "Obrimos", 1, stats(&[])).unwrap();
            let target = stats(&[("armor", armor), ("health", 30), ("mage", i64::from(mage))]);
            t.encounter_add_npc(e, "Thyrsus", 1, target).unwrap();
            t.encounter_start(e, &[("Obrimos".into(), 5), ("Thyrsus".into(), 1)], &[], None).unwrap();
            let mut base = 0;
            if let Some(spell) = spell {
                base = Aspect::parse(spell).unwrap().default_potency();
                let inputs = BTreeMap::from([("aspect".into(), spell.to_string())]);
                t.encounter_act(e, "defensive-spell", Some("Thyrsus"), inputs, Some(1)).unwrap();
            }
            let mut inputs = BTreeMap::from([
                ("aspect".to_string(), aspect.to_string()),
                ("potency".to_string(), potency.to_string()),
                ("defense-successes".to_string(), defense.to_string()),
            ]);
            if immobile {
                inputs.insert("immobile".into(), String::new());
            }
            let v = t.encounter_act(e, "shaping-attack", Some("Thyrsus"), inputs, Some(1)).unwrap();
            let (protection, _) = shaping_protection(armor, base, mage && !immobile);
            let want = shaping_attack(Aspect::parse(aspect).unwrap(), potency, defense, protection).unwrap();
            let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
            let th = v.combatants.iter().find(|c| c["name"] == "Thyrsus").unwrap();
            prop_assert_eq!(th["damage"]["lethal"].as_i64(), Some(want.damage), "{}", said);
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}
