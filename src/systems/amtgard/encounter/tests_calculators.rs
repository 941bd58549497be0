//! The board holds to the calculator: random hits with Special Effects on a player's
//! armoured limb, Fragile or not, leave the armour, wounds and death the `hit`
//! calculator's function gives, hit after hit.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::encounters::Duration;
use crate::systems::amtgard::rules::{hit, Effect, Hit};
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
