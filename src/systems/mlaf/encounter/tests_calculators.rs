//! The match holds to the calculator: random casts (spell, d6, enemy tackle zones) in
//! `act … cast` succeed exactly when `cast` (the casting calculator's function) says,
//! earn the SPP a success earns, and a failed Medusa's Gaze, Warpfire or Toad falls on
//! the caster.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::encounters::Event;
use crate::systems::mlaf::rules::{cast, spell_detail, CastOptions};
use crate::Tome;

const SPELLS: [&str; 5] = ["Fire Ball", "Lightning Bolt", "Medusa's Gaze", "Warpfire", "Toad"];
/// The spells whose failure Tome puts on the caster (lines 84-86, 120-121, 348).
const ON_THE_CASTER: [&str; 3] = ["Medusa's Gaze", "Warpfire", "Toad"];

/// A match of the Siren (team 1) and the Shaman (team 2), kicked off: team 1's first
/// turn, the Siren's own; she is a Skaven Warper when `spell` is Warpfire, a racial spell.
fn kicked_off(t: &mut Tome, spell: &str) -> i64 {
    let e = t.create_encounter("mlaf", "Props").unwrap().id;
    let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    t.encounter_add_npc(e, "Siren", 1, stats(&[("team", 1), ("level", 2)])).unwrap();
    t.encounter_add_npc(e, "Shaman", 1, stats(&[("team", 2), ("level", 2)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    if spell == "Warpfire" {
        let roster = BTreeMap::from([("position".to_string(), "Warper".to_string())]);
        t.encounter_act(e, "roster", Some("Siren"), roster, Some(1)).unwrap();
    }
    t.encounter_change(e, Event::Next).unwrap();
    e
}

#[test]
fn a_cast_in_the_match_is_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    runner
        .run(&(prop::sample::select(SPELLS.to_vec()), 1i64..=6, 0i64..=2), |(spell, roll, tz)| {
            let mut t = tome.borrow_mut();
            let e = kicked_off(&mut t, spell);
            let inputs = BTreeMap::from([
                ("spell".to_string(), spell.to_string()),
                ("roll".to_string(), roll.to_string()),
                ("enemy-tz".to_string(), tz.to_string()),
            ]);
            let v = t.encounter_act(e, "cast", Some("Siren"), inputs, Some(1)).unwrap();
            let (spell_ref, _) = spell_detail(&*t, spell).unwrap();
            let opts = CastOptions { enemy_tz: tz, level: None, enemy_level: None, opposing: false, stadium: None };
            let success = cast(&spell_ref, &opts).unwrap().faces.contains(&roll);
            let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
            let siren = v.combatants.iter().find(|c| c["name"] == "Siren").unwrap();
            prop_assert_eq!(siren["spp_earned"].as_i64(), Some(i64::from(success)), "{}", said);
            prop_assert_eq!(siren["spells_cast"].as_i64(), Some(1), "{}", said);
            let effects = serde_json::to_string(&v.values).unwrap();
            let on_caster = effects.contains("Siren") && effects.contains("the caster, a failure");
            prop_assert_eq!(on_caster, !success && ON_THE_CASTER.contains(&spell), "{}\n{}", said, effects);
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}

/// `cast` refuses a parameter its spell does not take (it printed a note and went on):
/// --opposing is Form of Mist's, --stadium Blizzard's, --enemy-level a contest's.
#[test]
fn a_cast_refuses_a_parameter_its_spell_does_not_take() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mlaf", "Flags").unwrap().id;
    let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    t.encounter_add_npc(e, "Siren", 1, stats(&[("team", 1), ("level", 2)])).unwrap();
    t.encounter_add_npc(e, "Shaman", 1, stats(&[("team", 2), ("level", 2)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    for (flag, value, names) in [
        ("opposing", "true", "Form of Mist"),
        ("stadium", "northmarks", "Blizzard"),
        ("enemy-level", "2", "Counterspell"),
    ] {
        let inputs = BTreeMap::from([
            ("spell".to_string(), "Fire Ball".to_string()),
            ("roll".to_string(), "5".to_string()),
            (flag.to_string(), value.to_string()),
        ]);
        let err = t.encounter_act(e, "cast", Some("Siren"), inputs, Some(1)).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains(&format!("--{flag} does not apply to Fire Ball")) && msg.contains(names), "{msg}");
    }
    let inputs =
        BTreeMap::from([("spell".to_string(), "Fire Ball".to_string()), ("roll".to_string(), "5".to_string())]);
    let v = t.encounter_act(e, "cast", Some("Siren"), inputs, Some(1)).unwrap();
    assert_eq!(v.combatants.iter().find(|c| c["name"] == "Siren").unwrap()["spells_cast"], 1);
}

/// Invisibility's summary says what the document does (line 158): no pass or hand-off
/// to the invisible player; it said he could not receive the ball at all.
#[test]
fn invisibility_names_the_pass_and_the_hand_off() {
    let t = Tome::open_in_memory().unwrap();
    let summary = t.show("mlaf/spell/invisibility").unwrap().summary;
    assert!(summary.contains("pass or hand-off") && !summary.contains("receive the ball"), "{summary}");
}

/// A cast whose modifiers fold below 1 reads as the document's success number: a Power
/// Drain by a level-6 caster on a level-1 one needs 2+ (a natural 1 always fails), not
/// "needs -2+", in the log and in the caster's list of casts.
#[test]
fn a_cast_says_the_face_it_needs_as_the_document_does() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mlaf", "Levels").unwrap().id;
    let stats = |pairs: &[(&str, i64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    t.encounter_add_npc(e, "Siren", 1, stats(&[("team", 1), ("level", 6)])).unwrap();
    t.encounter_add_npc(e, "Shaman", 1, stats(&[("team", 2), ("level", 1)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    let inputs = BTreeMap::from([
        ("spell".to_string(), "Power Drain".to_string()),
        ("roll".to_string(), "4".to_string()),
        ("enemy-tz".to_string(), "1".to_string()),
    ]);
    let v = t.encounter_act(e, "cast", Some("Siren"), inputs, Some(1)).unwrap();
    let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
    assert!(said.contains("needs 2+") && !said.contains("needs -"), "{said}");
    let casts = v.combatants.iter().find(|c| c["name"] == "Siren").unwrap()["casts"].to_string();
    assert!(casts.contains("against 2+"), "{casts}");
}

/// A Medusa's Gaze, Warpfire or Toad cast on the opposing caster (lines 84, 118-120, 345)
/// stops his casting exactly when `cast` says the roll succeeds (a Toad only when its d6 is
/// 4+: interpretation, the cast's d6 is the toad roll).
#[test]
fn an_effect_on_the_opposing_caster_is_the_calculators() {
    let tome = RefCell::new(Tome::open_in_memory().unwrap());
    let mut runner = TestRunner::new(Config { cases: 36, failure_persistence: None, ..Config::default() });
    runner
        .run(&(prop::sample::select(ON_THE_CASTER.to_vec()), 1i64..=6), |(spell, roll)| {
            let mut t = tome.borrow_mut();
            let e = kicked_off(&mut t, spell);
            let inputs = BTreeMap::from([
                ("spell".to_string(), spell.to_string()),
                ("roll".to_string(), roll.to_string()),
                ("target".to_string(), "Shaman".to_string()),
            ]);
            t.encounter_act(e, "cast", Some("Siren"), inputs, Some(1)).unwrap();
            let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
            let (spell_ref, _) = spell_detail(&*t, spell).unwrap();
            let opts = CastOptions { enemy_tz: 0, level: None, enemy_level: None, opposing: false, stadium: None };
            let success = cast(&spell_ref, &opts).unwrap().faces.contains(&roll);
            let lands = success && (spell != "Toad" || roll >= 4);
            let answer =
                BTreeMap::from([("spell".to_string(), "Fire Ball".to_string()), ("roll".to_string(), "6".to_string())]);
            let refused = t.encounter_act(e, "cast", Some("Shaman"), answer, Some(1)).is_err();
            prop_assert_eq!(refused, lands, "{}", said);
            t.delete_encounter(e).unwrap();
            Ok(())
        })
        .unwrap();
}
