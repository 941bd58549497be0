//! The board holds to the calculator: random hits with Special Effects on a player's
//! armoured limb, Fragile or not, leave the armour, wounds and death the `hit`
//! calculator's function gives, hit after hit; and Resistances (to Wounds, to the
//! hit's School) are spent as it says.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::encounters::Duration;
use crate::systems::amtgard::rules::{hit, Effect, Hit, School};
use crate::Tome;

#[test]
fn hits_on_the_board_are_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let effects = prop::collection::vec(prop::sample::select(Effect::ALL.to_vec()), 1..=4);
    runner
        .run(&(0i64..=6, any::<bool>(), effects), |(armor, fragile, hits)| {
            let mut t = tome.borrow_mut();
            let e = t.create_encounter("amtgard", "Props").unwrap().id;
            let stats = BTreeMap::from([("worn-left-arm".to_string(), armor)]);
            t.encounter_add_npc(e, "Rook", 1, stats).unwrap();
            t.encounter_start(e, &[], &[], None).unwrap();
            if fragile {
                t.encounter_condition(e, "Rook", "Fragile", Duration::UntilRemoved, false).unwrap();
            }
            let (mut left, mut wounded, mut dead) = (armor, false, false);
            for effect in hits {
                let inputs = BTreeMap::from([
                    ("location".to_string(), "left-arm".to_string()),
                    ("effect".to_string(), effect.slug().to_string()),
                ]);
                let answer = t.encounter_act(e, "hit", Some("Rook"), inputs, Some(1));
                if dead {
                    prop_assert!(answer.is_err(), "a hit on the dead is refused");
                    continue;
                }
                let v = answer.unwrap();
                let r = hit(Hit { fragile, ..Hit::new(effect, left) }).unwrap();
                left = r.armor_after;
                // A limb wounded twice kills (the board's reading of the core rule).
                dead = r.killed || (r.wounded && wounded);
                wounded |= r.wounded;
                let rook = v.combatants.iter().find(|c| c["name"] == "Rook").unwrap();
                let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
                prop_assert_eq!(rook["armor"]["left-arm"].as_i64(), Some(left), "{}", said);
                prop_assert_eq!(rook["dead"].as_bool(), Some(dead), "{}", said);
                if !dead {
                    prop_assert_eq!(rook["wounds"].as_array().is_some_and(|w| !w.is_empty()), wounded, "{}", said);
                }
            }
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}

/// Hits of a School or none on a player Resistant to Wounds and to Flame (a State or a
/// Trait State, and Immune to Flame or not) leave the armour, wounds and Resistances the
/// `hit` calculator's function gives, each Resistance spent once it has acted.
#[test]
fn resistances_on_the_board_are_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    let schools =
        prop::collection::vec(prop::option::of(prop::sample::select(vec![School::Flame, School::Death])), 1..=4);
    runner
        .run(
            &(0i64..=2, any::<bool>(), any::<bool>(), any::<bool>(), schools),
            |(armor, as_trait, immune, wounds, hits)| {
                let mut t = tome.borrow_mut();
                let e = t.create_encounter("amtgard", "Props").unwrap().id;
                let stats = BTreeMap::from([("worn-left-arm".to_string(), armor)]);
                t.encounter_add_npc(e, "Rook", 1, stats).unwrap();
                t.encounter_start(e, &[], &[], None).unwrap();
                let mut give = |state: &str| {
                    if as_trait {
                        let inputs = BTreeMap::from([("state".to_string(), state.to_string())]);
                        t.encounter_act(e, "trait-state", Some("Rook"), inputs, None).unwrap();
                    } else {
                        t.encounter_custom_condition(e, "Rook", state, Duration::UntilRemoved).unwrap();
                    }
                };
                give("Resistant to Flame");
                if wounds {
                    give("Resistant to Wounds");
                }
                if immune {
                    let inputs = BTreeMap::from([("state".to_string(), "Immune to Flame".to_string())]);
                    t.encounter_act(e, "trait-state", Some("Rook"), inputs, None).unwrap();
                }
                let (mut left, mut to_flame, mut to_wounds, mut wounded) = (armor, true, wounds, false);
                for school in hits {
                    let mut inputs = BTreeMap::from([("location".to_string(), "left-arm".to_string())]);
                    if let Some(s) = school {
                        inputs.insert("school".into(), s.slug().into());
                    }
                    let answer = t.encounter_act(e, "hit", Some("Rook"), inputs, Some(1));
                    let v = answer.unwrap();
                    let r = hit(Hit {
                        resistant: to_wounds,
                        source: school,
                        immune_to_source: immune && school == Some(School::Flame),
                        resistant_to_source: to_flame && school == Some(School::Flame),
                        ..Hit::new(Effect::None, left)
                    })
                    .unwrap();
                    left = r.armor_after;
                    to_flame &= !r.resisted_source;
                    to_wounds &= !r.resisted;
                    let rook = v.combatants.iter().find(|c| c["name"] == "Rook").unwrap();
                    let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
                    prop_assert_eq!(rook["armor"]["left-arm"].as_i64(), Some(left), "{}", said);
                    // A limb wounded twice kills: the board's reading of the core rule.
                    let dead = r.wounded && wounded;
                    wounded |= r.wounded;
                    prop_assert_eq!(rook["dead"].as_bool(), Some(dead), "{}", said);
                    let held = |name: &str| {
                        let in_states = rook["conditions"].as_array().unwrap().iter().any(|c| c["name"] == name);
                        let in_traits = rook["trait_states"].as_array().is_some_and(|t| t.iter().any(|x| x == name));
                        in_states || in_traits
                    };
                    if dead {
                        break;
                    }
                    prop_assert_eq!(held("Resistant to Flame"), to_flame, "{}", said);
                    prop_assert_eq!(held("Resistant to Wounds"), to_wounds, "{}", said);
                }
                t.delete_encounter(e).unwrap();
                Ok(())
            },
        )
        .unwrap();
}
