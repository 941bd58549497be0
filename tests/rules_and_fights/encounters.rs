//! Encounters run by each system's rules, played through from the documents' examples.

use crate::common;

use std::collections::BTreeMap;

use common::fight::{act, ada_and_bram, combatant, last_log, mythcraft_attack, saved_character, stats, typed};
use proptest::prelude::*;
use serde_json::Value;
use tome::encounters::{Duration, Event};
use tome::{ErrorCode, Tome};

/// Ars Magica, Initiative Ties: A 10, B 6, C, D and E all 4, F 2; the tied three
/// re-roll C 12, D 4, E 1, and the order is A, B, C, D, E, F, the re-roll never
/// moving them past B or F.
#[test]
fn ars_magica_initiative_ties_example() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Ties").unwrap().id;
    for name in ["A", "B", "C", "D", "E", "F"] {
        t.encounter_add_npc(e, name, 1, BTreeMap::new()).unwrap();
    }
    let v = t
        .encounter_start(
            e,
            &typed(&[("A", 10), ("B", 6), ("C", 4), ("D", 4), ("E", 4), ("F", 2)]),
            &typed(&[("C", 12), ("D", 4), ("E", 1)]),
            None,
        )
        .unwrap();
    assert_eq!(v.order, ["A", "B", "C", "D", "E", "F"]);
    assert_eq!((v.round, v.current.as_deref()), (1, Some("A")));
    let log = t.encounter_log(e).unwrap();
    let start = log.last().unwrap().lines.join("\n");
    assert!(start.contains("C re-rolls a tie: 12") && start.contains("(typed)"), "{start}");
    // The order holds every round: six turns later it is A's turn again, in round 2.
    for _ in 0..6 {
        t.encounter_change(e, Event::Next).unwrap();
    }
    let v = t.encounter(e).unwrap();
    assert_eq!((v.round, v.current.as_deref()), (2, Some("A")));
}

/// Ars Magica, Combat: Simple Example, as an encounter. Ignatio (Init +1, Atk +12, Def
/// +11, Dam +7, Soak +11) rolls 2 for 3; the wolf Polandrus (+18, +11, +9, +8, Soak +6,
/// Size -1) rolls 6 for 24 and goes first. Each attack is worked from the dice the
/// example rolls: the wolf's 5 against 6 misses; Ignatio's 0 against 0 is an advantage
/// of 3, 10 damage, 4 past Soak, a Light wound; the wounded wolf's 6 (16) against 7 (18)
/// misses; Ignatio's 6 (18) against 2 (10 with the penalty) is 15 damage, 9 past Soak, a
/// Heavy wound, and the wolf is at -6.
#[test]
fn ars_magica_simple_combat_example_played_through() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Ignatio and the wolf").unwrap().id;
    let ignatio = stats(&[("initiative", 1), ("atk", 12), ("def", 11), ("dam", 7), ("soak", 11)]);
    t.encounter_add_npc(e, "Ignatio", 1, ignatio).unwrap();
    let wolf = stats(&[("init", 18), ("atk", 11), ("def", 9), ("dam", 8), ("soak", 6), ("siz", -1)]);
    t.encounter_add_npc(e, "Polandrus", 1, wolf).unwrap();
    let v = t.encounter_start(e, &typed(&[("Ignatio", 2), ("Polandrus", 6)]), &[], None).unwrap();
    assert_eq!(v.order, ["Polandrus", "Ignatio"]);
    assert_eq!(combatant(&v, "Ignatio")["initiative"], 3);
    assert_eq!(combatant(&v, "Polandrus")["initiative"], 24);
    let strike = |t: &mut Tome, who: &str, target: &str, a: &str, d: &str| {
        act(t, e, "attack", who, &[("target", target), ("attack-die", a), ("defense-die", d)]).unwrap()
    };

    // Round 1: the wolf's 16 against Ignatio's 17 misses.
    let v = strike(&mut t, "Polandrus", "Ignatio", "5", "6");
    assert_eq!(combatant(&v, "Ignatio")["wounds"]["light"], 0);
    assert!(last_log(&t, e).contains("Attack Total 16 against Defense Total 17"), "{}", last_log(&t, e));
    t.encounter_change(e, Event::Next).unwrap();
    let v = strike(&mut t, "Ignatio", "Polandrus", "0", "0");
    let said = last_log(&t, e);
    assert!(said.contains("Attack Total 12 against Defense Total 9, advantage 3"), "{said}");
    assert!(said.contains("Damage Total 10 − Soak 6 = 4 → light wound"), "{said}");
    assert!(said.contains("Ignatio rolled a 0: roll botch dice"), "{said}");
    let wolf = combatant(&v, "Polandrus");
    assert_eq!((wolf["wounds"]["light"].as_i64(), wolf["penalty"].as_i64()), (Some(1), Some(-1)));

    // Round 2: the wound penalty counts on the wolf's attack and defense.
    t.encounter_change(e, Event::Next).unwrap();
    strike(&mut t, "Polandrus", "Ignatio", "6", "7");
    assert!(last_log(&t, e).contains("Attack Total 16 against Defense Total 18"), "{}", last_log(&t, e));
    t.encounter_change(e, Event::Next).unwrap();
    let v = strike(&mut t, "Ignatio", "Polandrus", "6", "2");
    let said = last_log(&t, e);
    assert!(said.contains("Attack Total 18 against Defense Total 10, advantage 8"), "{said}");
    assert!(said.contains("Damage Total 15 − Soak 6 = 9 → heavy wound"), "{said}");
    let wolf = combatant(&v, "Polandrus");
    assert_eq!((wolf["wounds"]["light"].as_i64(), wolf["wounds"]["heavy"].as_i64()), (Some(1), Some(1)));
    assert_eq!(wolf["penalty"], -6);
    assert_eq!(v.round, 2);
    // A Damage Total typed straight in goes through the same Soak and Damage Table.
    let v = t.encounter_change(e, Event::Damage { name: "Polandrus".into(), amount: 10, kind: None }).unwrap();
    assert_eq!(combatant(&v, "Polandrus")["wounds"]["light"], 2);
}

/// Ars Magica, Combat: Complex Example, as an encounter. The grogs are a trained group
/// of three (vanguard Ignatio: Init +1, Atk +12, Def +11, Dam +7, Soak +11; leader Paul,
/// Leadership 3; the others' Single Weapon 6 + 5 = 11, capped at +9) with the bonus on
/// Attack; their faerie doubles an untrained group of three with the same vanguard. Both
/// roll 0 for initiative (1 each) and the re-roll (8 against 4) puts the grogs first.
/// Every total, wound and penalty below is the example's.
#[test]
fn ars_magica_complex_combat_example_played_through() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Faerie doubles").unwrap().id;
    let ignatio = [("init", 1), ("atk", 12), ("def", 11), ("dam", 7), ("soak", 11), ("ability", 6), ("members", 3)];
    let mut grogs = stats(&ignatio);
    grogs.extend(stats(&[("leadership", 3), ("others-ability", 11)]));
    t.encounter_add_npc(e, "Grogs", 1, grogs).unwrap();
    t.encounter_add_npc(e, "Faeries", 1, stats(&ignatio)).unwrap();
    let v = t
        .encounter_start(e, &typed(&[("Grogs", 0), ("Faeries", 0)]), &typed(&[("Grogs", 8), ("Faeries", 4)]), None)
        .unwrap();
    assert_eq!(v.order, ["Grogs", "Faeries"]);
    let g = &combatant(&v, "Grogs")["group"];
    assert_eq!(
        (g["trained"].as_bool(), g["bonus"].as_i64(), g["bonus_on"].as_str()),
        (Some(true), Some(9), Some("attack"))
    );
    assert_eq!(combatant(&v, "Faeries")["group"]["trained"], false);
    let strike = |t: &mut Tome, who: &str, target: &str, a: &str, d: &str| {
        act(t, e, "attack", who, &[("target", target), ("attack-die", a), ("defense-die", d)]).unwrap();
        last_log(t, e)
    };
    let next = |t: &mut Tome| t.encounter_change(e, Event::Next).unwrap();

    let said = strike(&mut t, "Grogs", "Faeries", "4", "12");
    assert!(said.contains("Attack Total 25 against Defense Total 23") && said.contains("no wound"), "{said}");
    next(&mut t);
    let said = strike(&mut t, "Faeries", "Grogs", "2", "2");
    assert!(said.contains("Attack Total 14 against Defense Total 13") && said.contains("no wound"), "{said}");
    next(&mut t);
    let said = strike(&mut t, "Grogs", "Faeries", "2", "2");
    assert!(said.contains("Attack Total 23 against Defense Total 13"), "{said}");
    assert!(said.contains("= 6 → medium wound") && said.contains("strike 3 times"), "{said}");
    let v = t.encounter(e).unwrap();
    let f = combatant(&v, "Faeries");
    assert_eq!((f["wounds"]["medium"].as_i64(), f["penalty"].as_i64()), (Some(1), Some(-3)));
    assert_eq!(f["group"]["others_wounds"]["medium"], 2, "a Medium wound on each of the three");
    next(&mut t);
    let said = strike(&mut t, "Faeries", "Grogs", "4", "3");
    assert!(said.contains("Attack Total 13 against Defense Total 14") && said.contains("A miss"), "{said}");
    next(&mut t);
    let said = strike(&mut t, "Grogs", "Faeries", "5", "2");
    assert!(said.contains("Attack Total 26 against Defense Total 10") && said.contains("heavy wound"), "{said}");
    assert_eq!(combatant(&t.encounter(e).unwrap(), "Faeries")["penalty"], -8);
    next(&mut t);
    // The faeries try to run: a 1 then a 3 is 6, a Defense Total of 9 against 23.
    act(&mut t, e, "disengage", "Faeries", &[("die", "6"), ("against", "Grogs=2")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Defense Total 9") && said.contains("Grogs: Attack Total 23"), "{said}");
    assert!(said.contains("still in the fight"), "{said}");
    next(&mut t);
    let said = strike(&mut t, "Grogs", "Faeries", "3", "9");
    assert!(said.contains("Attack Total 24 against Defense Total 12") && said.contains("= 8 → medium"), "{said}");
    assert_eq!(combatant(&t.encounter(e).unwrap(), "Faeries")["penalty"], -11);
    next(&mut t);
    // The second try gets +3, which only offsets the wounds: a 0 gives 3.
    act(&mut t, e, "disengage", "Faeries", &[("die", "0"), ("against", "Grogs=0")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("attempt 2): Defense Total 3") && said.contains("still in the fight"), "{said}");
    next(&mut t);
    // No disengage bonus on an ordinary defense: 6 is a Defense Total of 6.
    let said = strike(&mut t, "Grogs", "Faeries", "6", "6");
    assert!(said.contains("Attack Total 27 against Defense Total 6, advantage 21"), "{said}");
    assert!(said.contains("= 17 → incapacitating wound") && said.contains("Every member of Faeries is down"), "{said}");
    let v = t.encounter(e).unwrap();
    assert_eq!(combatant(&v, "Faeries")["incapacitated"], true);
    // Their turn comes round and they can do nothing.
    let v = next(&mut t);
    assert_eq!(v.current.as_deref(), Some("Faeries"));
    assert!(last_log(&t, e).contains("can take no action"), "{}", last_log(&t, e));
    assert!(act(&mut t, e, "attack", "Faeries", &[("target", "Grogs")]).is_err());
}

/// A saved Ars Magica character brings its sheet's scores (the first weapon's, here the
/// Fist) and its wounds; the wound penalty counts once, on the roll.
#[test]
fn ars_magica_character_scores_come_from_the_sheet() {
    let mut t = Tome::open_in_memory().unwrap();
    let c = saved_character(&mut t, "ars-magica", "Gerard", &[("quickness", 2), ("wounds.light", 1)]);
    let d = t.derive_character(&c).unwrap();
    let on_sheet = d.stats.iter().find(|s| s.key.ends_with(".initiative")).unwrap().value.as_i64().unwrap();
    assert_eq!(d.int("penalty"), Some(-1));
    let e = t.create_encounter("ars-magica", "Yard").unwrap().id;
    t.encounter_add_character(e, c.id).unwrap();
    let v = t.encounter_start(e, &typed(&[("Gerard", 4)]), &[], None).unwrap();
    let g = combatant(&v, "Gerard");
    assert_eq!(g["initiative"].as_i64(), Some(on_sheet + 4), "the sheet's total (its -1 counted once) and the die");
    assert_eq!((g["wounds"]["light"].as_i64(), g["penalty"].as_i64()), (Some(1), Some(-1)));
}

/// Ars Magica: a party with the higher initiative may hold its action until after a
/// later one, for that round only; exertion spends a Fatigue level for the combat
/// Ability on one attack; a Fatigue roll below 6 costs a Short-Term level.
#[test]
fn ars_magica_delay_exertion_and_fatigue() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Bridge").unwrap().id;
    t.encounter_add_npc(e, "Knight", 1, stats(&[("init", 5), ("atk", 10), ("ability", 5), ("sta", 1)])).unwrap();
    t.encounter_add_npc(e, "Brigand", 1, stats(&[("init", 2), ("def", 4), ("soak", 3)])).unwrap();
    t.encounter_add_npc(e, "Archer", 1, stats(&[("init", 0)])).unwrap();
    t.encounter_start(e, &typed(&[("Knight", 5), ("Brigand", 5), ("Archer", 5)]), &[], None).unwrap();
    let v = t.encounter_change(e, Event::Delay { after: "Brigand".into() }).unwrap();
    assert_eq!(v.order, ["Brigand", "Knight", "Archer"]);
    assert_eq!(v.current.as_deref(), Some("Brigand"));
    assert!(t.encounter_change(e, Event::Delay { after: "Knight".into() }).is_ok(), "the Brigand may wait too");
    t.encounter_undo(e).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    // The Knight exerts on its attack: +5, one Fatigue level (Winded, no penalty yet).
    let v = act(&mut t, e, "exert", "Knight", &[("on", "attack")]).unwrap();
    assert_eq!(combatant(&v, "Knight")["fatigue"], "Winded");
    assert_eq!(combatant(&v, "Knight")["exertion"]["attack"], 5);
    act(&mut t, e, "attack", "Knight", &[("target", "Brigand"), ("attack-die", "3"), ("defense-die", "3")]).unwrap();
    assert!(last_log(&t, e).contains("Attack Total 18 against Defense Total 7"), "{}", last_log(&t, e));
    let v = t.encounter(e).unwrap();
    assert_eq!(combatant(&v, "Knight")["exertion"]["attack"], 0, "exertion lasts one attack");
    // A Fatigue roll: Stamina 1 + 4 = 5, below 6: Weary.
    let v = act(&mut t, e, "fatigue-roll", "Knight", &[("die", "4")]).unwrap();
    assert_eq!(
        (combatant(&v, "Knight")["fatigue"].as_str(), combatant(&v, "Knight")["penalty"].as_i64()),
        (Some("Weary"), Some(-1))
    );
    // A 6 passes even with the -1 penalty? 1 + 6 - 1 = 6: yes.
    let v = act(&mut t, e, "fatigue-roll", "Knight", &[("die", "6")]).unwrap();
    assert_eq!(combatant(&v, "Knight")["fatigue"], "Weary");
    // A botch costs two.
    let v = act(&mut t, e, "fatigue-roll", "Knight", &[("die", "0"), ("botch", "true")]).unwrap();
    assert_eq!(combatant(&v, "Knight")["fatigue"], "Dazed");
    // Round 2 starts from the rolled order again.
    t.encounter_change(e, Event::Next).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!((v.round, v.order.clone()), (2, vec!["Knight".to_string(), "Brigand".into(), "Archer".into()]));
    // Only someone still to act can be waited for.
    t.encounter_change(e, Event::Next).unwrap();
    let err = t.encounter_change(e, Event::Delay { after: "Knight".into() }).unwrap_err();
    assert!(err.to_string().contains("already acted"), "{err}");
}

/// MythCraft: 1d20 + AWR, ties to the higher AWR, then an unmodified d20.
#[test]
fn mythcraft_initiative_ties_go_to_awareness_then_a_d20() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_npc(e, "Sentry", 1, stats(&[("awr", 1)])).unwrap();
    t.encounter_add_npc(e, "Scout", 1, stats(&[("awr", 3)])).unwrap();
    t.encounter_add_npc(e, "Goblin", 2, stats(&[("awr", 2)])).unwrap();
    // Sentry 13 + 1 = 14, Scout 11 + 3 = 14, Goblins 12 + 2 = 14 each.
    let v = t
        .encounter_start(
            e,
            &typed(&[("Sentry", 13), ("Scout", 11), ("Goblin 1", 12), ("Goblin 2", 12)]),
            &typed(&[("Goblin 1", 5), ("Goblin 2", 17)]),
            None,
        )
        .unwrap();
    assert_eq!(v.order, ["Scout", "Goblin 2", "Goblin 1", "Sentry"]);
}

/// MythCraft's Death Points: ending a turn at 0 HP (+1), damage at 0 HP (+2), massive
/// damage (+4), none while Catching your Breath, and death at the eighth.
#[test]
fn mythcraft_death_points_sequence() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Last stand").unwrap().id;
    t.encounter_add_npc(e, "Hero", 1, stats(&[("max-hp", 20), ("cor", 2), ("level", 3)])).unwrap();
    t.encounter_add_npc(e, "Ogre", 1, stats(&[("max-hp", 40)])).unwrap();
    t.encounter_start(e, &typed(&[("Hero", 15), ("Ogre", 2)]), &[], None).unwrap();
    // A quick combatant dies at 0 HP unless the MC gives it Death Points, as a hero.
    act(&mut t, e, "at-zero-hp", "Hero", &[("fate", "death-points")]).unwrap();
    let hit = |t: &mut Tome, amount| {
        t.encounter_change(e, Event::Damage { name: "Hero".into(), amount, kind: Some("blunt".into()) }).unwrap()
    };
    let v = hit(&mut t, 12);
    assert_eq!(
        (combatant(&v, "Hero")["hp"].as_i64(), combatant(&v, "Hero")["bloodied"].as_bool()),
        (Some(8), Some(true))
    );
    let v = hit(&mut t, 8);
    assert_eq!(combatant(&v, "Hero")["hp"], 0);
    assert_eq!(combatant(&v, "Hero")["death_points"], 0, "reaching 0 HP is not damage taken at 0 HP");
    // The Hero ends its turn at 0 HP: +1.
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Hero")["death_points"], 1);
    // Hit at 0 HP: +2.
    let v = hit(&mut t, 3);
    assert_eq!(combatant(&v, "Hero")["death_points"], 3);
    // Catching your Breath: no Death Points at all while it lasts.
    t.encounter_condition(e, "Hero", "Catching your Breath", Duration::UntilRemoved, false).unwrap();
    let v = hit(&mut t, 3);
    assert_eq!(combatant(&v, "Hero")["death_points"], 3);
    t.encounter_condition(e, "Hero", "Catching your Breath", Duration::UntilRemoved, true).unwrap();
    // Massive damage at 0 HP (down to -max or lower): +2 and +4, and the eighth kills.
    let v = hit(&mut t, 20);
    let hero = combatant(&v, "Hero");
    assert!(hero["death_points"].as_i64().unwrap() >= 8, "{hero}");
    assert_eq!(hero["dead"], true);
}

/// MythCraft's AP: 3 + COR bonus at the start of each turn, plus the Reactive AP kept
/// from the last turn, capped by level.
#[test]
fn mythcraft_reactive_ap_carry_over_with_the_level_cap() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Duel").unwrap().id;
    t.encounter_add_npc(e, "Fencer", 1, stats(&[("cor", 4), ("level", 1)])).unwrap();
    t.encounter_add_npc(e, "Brute", 1, BTreeMap::new()).unwrap();
    let v = t.encounter_start(e, &typed(&[("Fencer", 20), ("Brute", 1)]), &[], None).unwrap();
    let start = combatant(&v, "Fencer")["ap"].as_i64().unwrap();
    let base = tome::systems::mythcraft::rules::action_points(4, 1, 0).unwrap().total;
    assert_eq!(start, base, "the first turn's AP is 3 + COR bonus");
    // The Fencer spends one AP and keeps the rest as Reactive AP…
    t.encounter_change(e, Event::Set { name: "Fencer".into(), field: "ap".into(), value: start - 1 }).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Fencer")["reactive_ap"], start - 1);
    // …spends none of it during the Brute's turn, and starts the next with the capped rest.
    let v = t.encounter_change(e, Event::Next).unwrap();
    let cap = tome::systems::mythcraft::rules::reactive_cap(1).unwrap();
    assert_eq!(combatant(&v, "Fencer")["ap"], base + (start - 1).min(cap));
    assert_eq!(combatant(&v, "Fencer")["reactive_ap"], 0);
}

fn effects(v: &tome::api::EncounterView, name: &str) -> Value {
    combatant(v, name)["effects"].clone()
}

/// MythCraft: what conditions do, on the combatant. Stunned leaves 1 AP, Staggered half;
/// Slowed halves the speed and Grappled stops it; Protected is +2 to AR and physical
/// defenses; Broken brings Frightened (1 TD) and Shaken (-2 to every d20), which
/// Rallied holds off.
#[test]
fn mythcraft_condition_effects_on_ap_speed_defenses_and_d20() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Effects").unwrap().id;
    t.encounter_add_npc(e, "Hero", 1, stats(&[("cor", 4), ("level", 5), ("speed", 30)])).unwrap();
    t.encounter_add_npc(e, "Foe", 1, BTreeMap::new()).unwrap();
    let v = t.encounter_start(e, &typed(&[("Hero", 20), ("Foe", 1)]), &[], None).unwrap();
    let full = combatant(&v, "Hero")["ap"].as_i64().unwrap();
    assert!(full >= 4, "{full}");
    let add = |t: &mut Tome, what: &str| t.encounter_condition(e, "Hero", what, Duration::UntilRemoved, false).unwrap();
    let drop = |t: &mut Tome, what: &str| t.encounter_condition(e, "Hero", what, Duration::UntilRemoved, true).unwrap();
    add(&mut t, "Stunned");
    t.encounter_change(e, Event::Set { name: "Hero".into(), field: "ap".into(), value: 0 }).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Hero")["ap"], 1, "Stunned: at most 1 AP");
    drop(&mut t, "Stunned");
    add(&mut t, "Staggered");
    t.encounter_change(e, Event::Set { name: "Hero".into(), field: "ap".into(), value: 0 }).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Hero")["ap"].as_i64(), Some(full / 2), "Staggered: half, rounded down");
    drop(&mut t, "Staggered");

    let v = add(&mut t, "Slowed");
    assert_eq!(combatant(&v, "Hero")["speed"], 15);
    let v = add(&mut t, "Grappled and Grappling");
    assert_eq!(combatant(&v, "Hero")["speed"], 0);
    let v = add(&mut t, "Protected");
    assert_eq!(effects(&v, "Hero")["defenses"], 2);
    let v = add(&mut t, "Broken");
    let fx = effects(&v, "Hero");
    assert_eq!((fx["td"].as_i64(), fx["d20"].as_i64()), (Some(1), Some(-2)), "{fx}");
    assert!(fx["lines"].to_string().contains("Shaken (through Broken)"), "{fx}");
    let v = add(&mut t, "Rallied");
    let fx = effects(&v, "Hero");
    assert_eq!((fx["td"].as_i64(), fx["d20"].as_i64()), (Some(0), Some(0)), "Rallied holds them off: {fx}");
    let v = add(&mut t, "Sickened");
    assert_eq!(effects(&v, "Hero")["d20_lower"], true);
}

/// The tracker's table of what conditions include matches the shipped entries'.
#[test]
fn mythcraft_condition_effects_follow_the_entries() {
    let t = Tome::open_in_memory().unwrap();
    for e in tome::systems::mythcraft::rules::EFFECTS {
        let entry = t.show(&format!("mythcraft/condition/{}", e.slug)).unwrap();
        let Some(tome::model::Detail::Condition(c)) = &entry.detail else { panic!("{} is not a condition", e.slug) };
        let mut shipped: Vec<String> = c.implies.iter().map(|i| i.rsplit('/').next().unwrap().to_string()).collect();
        let mut ours: Vec<String> = e.includes.iter().map(|s| s.to_string()).collect();
        shipped.sort();
        ours.sort();
        assert_eq!(ours, shipped, "{}", e.slug);
    }
}

/// MythCraft, Knocking Unconscious: nonlethal blunt damage that drops a creature to 0
/// HP leaves it at 1 HP and Dazed, then Stunned, then Unconscious; any damage wakes it;
/// healing past Bloodied lifts the daze.
#[test]
fn mythcraft_knocking_unconscious() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Brawl").unwrap().id;
    t.encounter_add_npc(e, "Thug", 1, stats(&[("max-hp", 10)])).unwrap();
    t.encounter_add_npc(e, "Hero", 1, BTreeMap::new()).unwrap();
    t.encounter_start(e, &typed(&[("Thug", 2), ("Hero", 18)]), &[], None).unwrap();
    act(&mut t, e, "at-zero-hp", "Thug", &[("fate", "death-points")]).unwrap();
    let knock = |t: &mut Tome, amount| {
        t.encounter_change(e, Event::Damage { name: "Thug".into(), amount, kind: Some("nonlethal".into()) }).unwrap()
    };
    let v = knock(&mut t, 12);
    assert_eq!((combatant(&v, "Thug")["hp"].as_i64(), conditions(&v, "Thug")), (Some(1), vec!["Dazed".to_string()]));
    assert_eq!(combatant(&v, "Thug")["death_points"], 0);
    let v = knock(&mut t, 5);
    assert_eq!(conditions(&v, "Thug"), ["Dazed", "Stunned"]);
    let v = knock(&mut t, 5);
    assert!(conditions(&v, "Thug").contains(&"Unconscious".to_string()));
    assert_eq!(combatant(&v, "Thug")["ap"], 0);
    // Any damage wakes it (and this lethal blow drops it to 0 HP).
    let v = t.encounter_change(e, Event::Damage { name: "Thug".into(), amount: 1, kind: None }).unwrap();
    assert!(!conditions(&v, "Thug").contains(&"Unconscious".to_string()), "{:?}", conditions(&v, "Thug"));
    // Healed past half its HP, the daze lifts.
    let v = t.encounter_change(e, Event::Heal { name: "Thug".into(), amount: 6 }).unwrap();
    assert!(conditions(&v, "Thug").is_empty(), "{:?}", conditions(&v, "Thug"));
    // Only blunt damage can be nonlethal.
    let err =
        mythcraft_attack(&mut t, e, "Hero", "Thug", "15", "3", &[("type", "fire"), ("nonlethal", "true"), ("ap", "2")])
            .unwrap_err();
    assert!(err.to_string().contains("only blunt"), "{err}");
}

/// MythCraft, surprise: the attacker with complete surprise takes a single turn with
/// double AP before round 1; then round 1 goes as rolled, the surprised not acting,
/// carrying no Reactive AP into their first turn and not reacting before it, and
/// fighting at TD in the second round.
#[test]
fn mythcraft_surprise() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_npc(e, "Assassin", 1, stats(&[("cor", 2)])).unwrap();
    t.encounter_add_npc(e, "Guard", 1, stats(&[("cor", 2)])).unwrap();
    t.encounter_condition(e, "Assassin", "Surprise (Complete)", Duration::UntilRemoved, false).unwrap();
    t.encounter_condition(e, "Guard", "Surprise (Partial)", Duration::UntilRemoved, false).unwrap();
    let v = t.encounter_start(e, &typed(&[("Assassin", 15), ("Guard", 5)]), &[], None).unwrap();
    let normal = tome::systems::mythcraft::rules::action_points(2, 1, 0).unwrap().total;
    assert_eq!(combatant(&v, "Assassin")["ap"].as_i64(), Some(2 * normal));
    let err = act(&mut t, e, "spend", "Guard", &[("ap", "1")]).unwrap_err();
    assert!(err.to_string().contains("cannot take reactions"), "{err}");
    // Round 1 as rolled: the Assassin again, then the Guard, who does not act.
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!((v.round, v.current.as_deref()), (1, Some("Assassin")));
    assert!(conditions(&v, "Assassin").is_empty(), "the surprise turn is over");
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Guard")["ap"], 0, "no action in the first round");
    t.encounter_change(e, Event::Next).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Guard")["ap"].as_i64(), Some(normal));
    assert_eq!(effects(&v, "Guard")["td"], 1, "TD in the second round");
    t.encounter_change(e, Event::Next).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(v.round, 3);
    assert!(conditions(&v, "Guard").is_empty(), "surprise is over after the second round");
}

/// MythCraft: AP are spent on one's turn, Reactive AP between turns, never more than
/// one has; Dazed allows no reactions.
#[test]
fn mythcraft_spending_ap_and_reactive_ap() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Parry").unwrap().id;
    t.encounter_add_npc(e, "Fencer", 1, stats(&[("cor", 2), ("level", 3)])).unwrap();
    t.encounter_add_npc(e, "Brute", 1, BTreeMap::new()).unwrap();
    let v = t.encounter_start(e, &typed(&[("Fencer", 20), ("Brute", 1)]), &[], None).unwrap();
    let ap = combatant(&v, "Fencer")["ap"].as_i64().unwrap();
    let v = act(&mut t, e, "spend", "Fencer", &[("ap", "1")]).unwrap();
    assert_eq!(combatant(&v, "Fencer")["ap"].as_i64(), Some(ap - 1));
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Fencer")["reactive_ap"].as_i64(), Some(ap - 1));
    // During the Brute's turn the Fencer reacts with its Reactive AP.
    let v = act(&mut t, e, "spend", "Fencer", &[("ap", "1")]).unwrap();
    assert_eq!(combatant(&v, "Fencer")["reactive_ap"].as_i64(), Some(ap - 2));
    let err = act(&mut t, e, "spend", "Fencer", &[("ap", "40")]).unwrap_err();
    assert!(err.to_string().contains("Reactive AP"), "{err}");
    t.encounter_condition(e, "Fencer", "Dazed", Duration::UntilRemoved, false).unwrap();
    assert!(act(&mut t, e, "spend", "Fencer", &[("ap", "1")]).is_err(), "Dazed: no reactions");
}

/// MythCraft: a saved character fights with its sheet's walking speed and damage traits
/// (Immune, DR and what bypasses it, Vulnerable, Resist, Affinity), as a quick
/// combatant given the same stats would.
#[test]
fn a_saved_mythcraft_character_brings_its_speed_and_damage_traits() {
    use tome::characters::SheetValue::{Int, Text};
    let mut t = Tome::open_in_memory().unwrap();
    let mut vex = t.create_character("mythcraft", "Vex").unwrap();
    for (key, value) in [
        ("max-hp", Int(30)),
        ("coordination", Int(4)),
        ("speed.walk", Int(30)),
        ("immune", Text("toxic".into())),
        ("dr", Int(5)),
        ("dr-except", Text("electric".into())),
        ("vulnerable.sharp", Int(2)),
        ("resist.cold", Int(3)),
        ("affinity", Text("fire".into())),
    ] {
        vex.values.insert(key.into(), value);
    }
    let vex = t.save_character(&vex).unwrap();
    let e = t.create_encounter("mythcraft", "Traits").unwrap().id;
    t.encounter_add_character(e, vex.id).unwrap();
    t.encounter_add_npc(e, "Imp", 1, stats(&[("max-hp", 30), ("cor", 2)])).unwrap();
    let v = t.encounter_start(e, &typed(&[("Vex", 18), ("Imp", 3)]), &[], None).unwrap();
    assert_eq!(combatant(&v, "Vex")["speed"], 30, "the sheet's walking speed, not the default 20");
    let v = act(&mut t, e, "grapple", "Vex", &[("target", "Imp"), ("roll", "15"), ("defense", "10")]).unwrap();
    assert_eq!(combatant(&v, "Vex")["speed"], 15, "a same-size grapple halves the grappler's 30 ft");
    act(&mut t, e, "release", "Vex", &[("target", "Imp")]).unwrap();

    let hurt = |t: &mut Tome, amount: i64, kind: &str| {
        let v = t.encounter_change(e, Event::Damage { name: "Vex".into(), amount, kind: Some(kind.into()) }).unwrap();
        combatant(&v, "Vex")["hp"].as_i64().unwrap()
    };
    assert_eq!(hurt(&mut t, 10, "toxic"), 30, "Immune to toxic");
    assert_eq!(hurt(&mut t, 10, "blunt"), 25, "DR 5");
    assert_eq!(hurt(&mut t, 10, "electric"), 15, "DR 5/electric: electric takes no DR");

    let imp_attacks = |t: &mut Tome, kind: &str, roll: &str, natural: &str| {
        let v = mythcraft_attack(
            t,
            e,
            "Imp",
            "Vex",
            roll,
            "4",
            &[("type", kind), ("natural", natural), ("dice", "1d4"), ("ap", "0")],
        )
        .unwrap();
        combatant(&v, "Vex")["hp"].as_i64().unwrap()
    };
    assert_eq!(imp_attacks(&mut t, "cold", "12", "10"), 15, "Resist 3 lifts the defense against cold to 13");
    assert!(imp_attacks(&mut t, "sharp", "5", "18") < 15, "Vulnerable 2 to sharp: a natural 18 crits and hits");

    let v = mythcraft_attack(&mut t, e, "Vex", "Imp", "15", "4", &[("type", "fire")]).unwrap();
    assert_eq!(combatant(&v, "Imp")["hp"], 23, "Affinity with fire: 4 + 3");
}

/// MythCraft: Fatigue is a Death Point and the Fatigued condition; Suffocating gains
/// one at the start of each turn once END + 1 rounds have passed.
#[test]
fn mythcraft_fatigue_and_suffocating_death_points() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Drowning").unwrap().id;
    t.encounter_add_npc(e, "Diver", 1, stats(&[("end", 1)])).unwrap();
    t.encounter_start(e, &typed(&[("Diver", 10)]), &[], None).unwrap();
    let v = act(&mut t, e, "fatigue", "Diver", &[]).unwrap();
    assert_eq!(combatant(&v, "Diver")["death_points"], 1);
    assert_eq!(conditions(&v, "Diver"), ["Fatigued"]);
    t.encounter_condition(e, "Diver", "Suffocating", Duration::UntilRemoved, false).unwrap();
    // END 1: two rounds of grace, then a Death Point at each turn's start.
    let dp = |t: &mut Tome| combatant(&t.encounter_change(e, Event::Next).unwrap(), "Diver")["death_points"].as_i64();
    assert_eq!(dp(&mut t), Some(1));
    assert_eq!(dp(&mut t), Some(1));
    assert_eq!(dp(&mut t), Some(2));
    assert_eq!(dp(&mut t), Some(3));
}

/// MythCraft: an attack against a defense goes through Resist (the defense rises for a
/// resisted type), Immune and Vulnerable before DR.
#[test]
fn mythcraft_attack_through_protections() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Salamander").unwrap().id;
    t.encounter_add_npc(
        e,
        "Salamander",
        1,
        stats(&[("max-hp", 30), ("resist-fire", 3), ("immune-toxic", 1), ("vulnerable-cold", 2), ("dr", 2)]),
    )
    .unwrap();
    t.encounter_add_npc(e, "Mage", 1, stats(&[("cor", 2)])).unwrap();
    t.encounter_start(e, &typed(&[("Mage", 20), ("Salamander", 1)]), &[], None).unwrap();
    let hit = |t: &mut Tome, roll: &str, kind: &str| {
        let v =
            mythcraft_attack(t, e, "Mage", "Salamander", roll, "8", &[("type", kind), ("range", "ranged")]).unwrap();
        combatant(&v, "Salamander")["hp"].as_i64().unwrap()
    };
    assert_eq!(hit(&mut t, "12", "fire"), 30, "12 against 10 + Resist 3 misses");
    assert!(last_log(&t, e).contains("A miss"), "{}", last_log(&t, e));
    assert_eq!(hit(&mut t, "14", "fire"), 24, "a hit: 8 - DR 2");
    assert_eq!(hit(&mut t, "20", "toxic"), 24, "Immune");
    assert_eq!(hit(&mut t, "9", "cold"), 16, "Vulnerable 2 lowers the defense to 8 and ignores DR");
}

/// Durations count down at turn boundaries and the log says when one ends.
#[test]
fn conditions_expire_at_the_right_boundary() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Stun").unwrap().id;
    t.encounter_add_npc(e, "Knight", 1, BTreeMap::new()).unwrap();
    t.encounter_add_npc(e, "Mage", 1, BTreeMap::new()).unwrap();
    t.encounter_start(e, &typed(&[("Knight", 18), ("Mage", 3)]), &[], None).unwrap();
    // The Knight stuns the Mage for 1 round, and Dazes itself until the end of the Mage's next turn.
    let v = t.encounter_condition(e, "Mage", "stunned", Duration::Rounds { rounds: 1 }, false).unwrap();
    let stunned = &combatant(&v, "Mage")["conditions"][0];
    assert_eq!(stunned["id"], "mythcraft/condition/stunned", "a reference entry, with its id: {stunned}");
    assert_eq!(stunned["remaining"], 1);
    t.encounter_condition(e, "Knight", "Dazed", Duration::EndOfTurnOf { name: "Mage".into() }, false).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(combatant(&v, "Mage")["conditions"].as_array().unwrap().len(), 1, "not yet: the Mage's turn ends first");
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert!(combatant(&v, "Mage")["conditions"].as_array().unwrap().is_empty());
    assert!(combatant(&v, "Knight")["conditions"].as_array().unwrap().is_empty());
    let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
    assert!(said.contains("Mage's Stunned ends") && said.contains("Knight's Dazed ends"), "{said}");
}

#[test]
fn mistakes_are_clear_and_change_nothing() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Errors").unwrap().id;
    t.encounter_add_npc(e, "Goblin", 2, BTreeMap::new()).unwrap();
    let before = t.encounter(e).unwrap();
    let err = t.encounter_change(e, Event::Damage { name: "Goblin 1".into(), amount: 3, kind: None }).unwrap_err();
    assert!(err.to_string().contains("start the encounter first"), "{err}");
    t.encounter_start(e, &[], &[], Some(7)).unwrap();
    let started = t.encounter(e).unwrap();
    let err = t.encounter_change(e, Event::Damage { name: "Orc".into(), amount: 3, kind: None }).unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    assert!(err.to_string().contains("Orc") && err.to_string().contains("Goblin 1"), "{err}");
    let err = t.encounter_change(e, Event::Damage { name: "Goblin 1".into(), amount: -4, kind: None }).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    let err = t.encounter_add_npc(e, "Horde", 4_000_000_000, BTreeMap::new()).unwrap_err();
    assert!(err.to_string().contains("how many to add must be between 1 and 50"), "{err}");
    let err = t.encounter_add_npc(e, "Bat", 1, stats(&[("awr", 99)])).unwrap_err();
    assert!(err.to_string().contains("Awareness"), "{err}");
    let err = t.encounter_add_npc(e, "Bat", 1, stats(&[("wings", 2)])).unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    assert_eq!(t.encounter(e).unwrap(), started, "nothing changed");
    assert_ne!(before, started);
    let fresh = t.create_encounter("mythcraft", "Empty").unwrap().id;
    assert!(t.encounter_undo(fresh).unwrap_err().to_string().contains("nothing to undo"));
    let err = t.create_encounter_mode("amtgard", "Duel", Some("duel")).unwrap_err();
    assert!(err.to_string().contains("duel") && err.to_string().contains("battlegame"), "{err}");
}

/// Brother Aldo (Stamina 1, saved) and a Bandit in a started Ars Magica fight on the
/// road; with his Soak, to deal him a Light Wound.
fn brother_aldo_on_the_road(t: &mut Tome) -> (tome::characters::Character, i64, i64) {
    let c = saved_character(t, "ars-magica", "Brother Aldo", &[("stamina", 1)]);
    let e = t.create_encounter("ars-magica", "Road").unwrap().id;
    t.encounter_add_character(e, c.id).unwrap();
    t.encounter_add_npc(e, "Bandit", 1, BTreeMap::new()).unwrap();
    t.encounter_start(e, &[], &[], Some(3)).unwrap();
    let soak = t.derive_character(&c).unwrap().int("soak").unwrap();
    (c, e, soak)
}

/// A saved character joins with the stats of its sheet, and ending the fight writes
/// what lasts to the sheet as a new revision.
#[test]
fn a_characters_wounds_are_kept_when_the_fight_ends() {
    let mut t = Tome::open_in_memory().unwrap();
    let (c, e, soak) = brother_aldo_on_the_road(&mut t);
    t.encounter_change(e, Event::Damage { name: "Brother Aldo".into(), amount: soak + 3, kind: None }).unwrap();
    let preview = t.encounter_end(e, false).unwrap();
    assert_eq!(preview[0].changes["wounds.light"], (None, 1));
    assert_eq!(t.character(c.id).unwrap().revision, c.revision, "nothing written before confirming");
    let done = t.encounter_end(e, true).unwrap();
    let saved = t.character(c.id).unwrap();
    assert_eq!(done[0].revision, Some(saved.revision));
    assert_eq!(saved.values["wounds.light"], tome::characters::SheetValue::Int(1));
}

/// A character deleted in the middle of a fight does not stop the fight from ending: the
/// end says what lasted for it (against its numbers as it joined) and that there is no
/// sheet to write, writes the others' sheets and marks the fight ended. (It said "no
/// character with id 1" and ended nothing.)
#[test]
fn a_fight_whose_character_was_deleted_still_ends() {
    let mut t = Tome::open_in_memory().unwrap();
    let (aldo, e, soak) = brother_aldo_on_the_road(&mut t);
    let gone = saved_character(&mut t, "ars-magica", "Sister Ida", &[("stamina", 0)]);
    t.encounter_add_character(e, gone.id).unwrap();
    t.encounter_change(e, Event::Damage { name: "Brother Aldo".into(), amount: soak + 3, kind: None }).unwrap();
    let ida_soak = t.derive_character(&gone).unwrap().int("soak").unwrap();
    t.encounter_change(e, Event::Damage { name: "Sister Ida".into(), amount: ida_soak + 3, kind: None }).unwrap();
    t.delete_character(gone.id).unwrap();
    for apply in [false, true] {
        let lasting = t.encounter_end(e, apply).unwrap();
        let ida = lasting.iter().find(|l| l.combatant == "Sister Ida").unwrap();
        assert!(ida.deleted && ida.revision.is_none(), "{ida:?}");
        assert_eq!(ida.changes["wounds.light"], (Some(0), 1), "what lasted, against her numbers as she joined");
        let aldo_now = lasting.iter().find(|l| l.combatant == "Brother Aldo").unwrap();
        assert!(!aldo_now.deleted);
        assert_eq!(aldo_now.revision.is_some(), apply);
    }
    assert_eq!(t.character(aldo.id).unwrap().values["wounds.light"], tome::characters::SheetValue::Int(1));
    assert!(t.encounter(e).unwrap().ended.is_some(), "the fight ended");
}

/// Issue 44: the list says which fights are over. Ending marks it ended, a look at its
/// lasting effects does not, and any later change (an event, an undo) opens it again.
#[test]
fn an_ended_encounter_says_so_until_it_changes_again() {
    let mut t = Tome::open_in_memory().unwrap();
    let (_, e, _) = brother_aldo_on_the_road(&mut t);
    let listed = |t: &Tome| t.encounters().unwrap().into_iter().find(|s| s.id == e).unwrap().ended;
    assert_eq!(listed(&t), None);
    t.encounter_end(e, false).unwrap();
    assert_eq!(listed(&t), None, "a preview ends nothing");
    t.encounter_end(e, true).unwrap();
    assert!(listed(&t).is_some() && t.encounter(e).unwrap().ended.is_some());
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!((v.ended, listed(&t)), (None, None), "played on: open again");
    t.encounter_end(e, true).unwrap();
    t.encounter_undo(e).unwrap();
    assert_eq!(listed(&t), None, "an undo is a change too");
}

/// Ending an Ars Magica fight writes Brother Aldo's Light Wound to his sheet. The fight,
/// replayed from its first event (the tracker of a short fight, its log), still shows
/// the one wound it dealt, not the sheet's wound brought in and dealt again; ending it a
/// second time writes nothing more.
#[test]
fn an_ars_magica_wound_written_to_the_sheet_is_not_dealt_twice_on_replay() {
    let mut t = Tome::open_in_memory().unwrap();
    let (c, e, soak) = brother_aldo_on_the_road(&mut t);
    let fought =
        t.encounter_change(e, Event::Damage { name: "Brother Aldo".into(), amount: soak + 3, kind: None }).unwrap();
    assert_eq!(combatant(&fought, "Brother Aldo")["wounds"]["light"], 1);
    let log = t.encounter_log(e).unwrap();
    t.encounter_end(e, true).unwrap();
    let light = |t: &Tome| t.character(c.id).unwrap().values["wounds.light"].clone();
    assert_eq!(light(&t), tome::characters::SheetValue::Int(1));
    let shown = t.encounter(e).unwrap();
    assert_eq!(combatant(&shown, "Brother Aldo")["wounds"]["light"], 1, "one wound, not two");
    assert!(shown.ended.is_some(), "ended");
    let shown = tome::api::EncounterView { ended: None, ..shown };
    assert_eq!(shown, fought, "the tracker shows what it showed before the sheet was written");
    assert_eq!(t.encounter_log(e).unwrap(), log, "the log, replayed from its first event, is unchanged");
    let again = t.encounter_end(e, true).unwrap();
    assert!(again[0].changes.is_empty() && again[0].revision.is_none(), "nothing more to write: {again:?}");
    assert_eq!(light(&t), tome::characters::SheetValue::Int(1));
}

/// Vex (a saved MythCraft character, 20 HP) and a Goblin at the ford, the fight started
/// and Vex down to 14: the character, the encounter and what it shows.
fn vex_hurt_at_the_ford(t: &mut Tome) -> (tome::characters::Character, i64, tome::api::EncounterView) {
    let c = saved_character(t, "mythcraft", "Vex", &[("max-hp", 20)]);
    let e = t.create_encounter("mythcraft", "Ford").unwrap().id;
    t.encounter_add_character(e, c.id).unwrap();
    t.encounter_add_npc(e, "Goblin", 1, stats(&[("max-hp", 9)])).unwrap();
    t.encounter_start(e, &[], &[], Some(5)).unwrap();
    let shown = t.encounter_change(e, Event::Damage { name: "Vex".into(), amount: 6, kind: None }).unwrap();
    assert_eq!(combatant(&shown, "Vex")["hp"], 14);
    (c, e, shown)
}

/// A sheet changed during the fight (a level gained, a typo fixed) changes the fight
/// under way only by a change of its own in the fight's log (issue 56: its stats reach
/// the fight), never by rewriting what came before: what the sheet gave on joining is
/// kept in the event, so a replay with every checkpoint gone shows the same (an older
/// Tome's event: the test after this one). The HP the fight counts stay the fight's.
#[test]
fn a_sheet_edited_mid_fight_reaches_the_fight_only_by_a_change_in_its_log() {
    use tome::characters::SheetValue;
    let mut t = Tome::open_in_memory().unwrap();
    let (c, e, shown) = vex_hurt_at_the_ford(&mut t);
    let before = t.encounter_log(e).unwrap();
    let mut edited = t.character(c.id).unwrap();
    edited.values.insert("max-hp".into(), SheetValue::Int(40));
    edited.values.insert("hp".into(), SheetValue::Int(30));
    t.save_character(&edited).unwrap();
    let now = t.encounter(e).unwrap();
    assert_eq!(
        (combatant(&now, "Vex")["hp"].as_i64(), combatant(&now, "Vex")["max_hp"].as_i64()),
        (Some(14), Some(40))
    );
    assert!(last_log(&t, e).contains("set to 40"), "{}", last_log(&t, e));
    assert_eq!(t.encounter_log(e).unwrap()[..before.len()], before[..], "what came before stays as it was");
    assert_ne!(now, shown);
    let sql = |t: &Tome, statement: &str| t.db().connection().execute(statement, [e]).unwrap();
    sql(&t, "DELETE FROM encounter_checkpoint WHERE encounter_id = ?1");
    assert_eq!(t.encounter(e).unwrap(), now);
    assert_eq!(t.encounter_replayed(e).unwrap(), now);
}

/// An Add event stored by an older Tome kept no stats for its saved character. Its replay
/// reads the sheet as it was when the event was made (the newest revision saved by then),
/// never as it is now, and keeps those stats in the stored event: a sheet edited later,
/// once or twice, with every checkpoint gone each time, leaves the old fight as it was.
#[test]
fn an_older_tomes_add_event_replays_the_same_after_the_sheet_is_edited() {
    use tome::characters::SheetValue;
    let mut t = Tome::open_in_memory().unwrap();
    let (c, e, shown) = vex_hurt_at_the_ford(&mut t);
    let log = t.encounter_log(e).unwrap();
    let sql = |t: &Tome, statement: &str| t.db().connection().execute(statement, [e]).unwrap();
    // As an older Tome stored it: the saved character's event holds no stats.
    // An older Tome's event: no stats kept, and no checksum (it wrote none).
    let older = "UPDATE encounter_event SET event = json_remove(event, '$.combatants[0].from_sheet'), \
                 check_sum = NULL WHERE encounter_id = ?1 AND seq = 1";
    assert_eq!(sql(&t, older), 1);
    // The upgrade sealed such an event as it was.
    t.db().seal_unsealed().unwrap();
    let kept = |t: &Tome| -> bool {
        t.db()
            .connection()
            .query_row(
                "SELECT json_extract(event, '$.combatants[0].from_sheet') IS NOT NULL FROM encounter_event \
                 WHERE encounter_id = ?1 AND seq = 1",
                [e],
                |r| r.get(0),
            )
            .unwrap()
    };
    assert!(!kept(&t));
    for (max_hp, hp) in [(40, 30), (50, 45)] {
        let mut edited = t.character(c.id).unwrap();
        edited.values.insert("max-hp".into(), SheetValue::Int(max_hp));
        edited.values.insert("hp".into(), SheetValue::Int(hp));
        let saved = t.save_character(&edited).unwrap();
        // Saved after the fight was set up (a minute on: the clock counts whole seconds).
        // A revision's checksum covers its time: the moved one is sealed again, as the
        // upgrade sealed an older Tome's.
        t.db()
            .connection()
            .execute(
                "UPDATE character_revision SET saved_at = saved_at + 60, check_sum = NULL
                  WHERE character_id = ?1 AND number = ?2",
                [c.id, saved.revision],
            )
            .unwrap();
        t.db().seal_unsealed().unwrap();
        sql(&t, "DELETE FROM encounter_checkpoint WHERE encounter_id = ?1");
        let replayed = t.encounter_replayed(e).unwrap();
        assert_eq!(combatant(&replayed, "Vex")["hp"], 14, "20 HP when it joined, less 6, not {hp} less 6");
        // The sheet's new maximum came as a change of its own (issue 56); what came before
        // replays as it was.
        assert_eq!(replayed, t.encounter(e).unwrap());
        assert_ne!(replayed, shown);
        assert_eq!(t.encounter_log(e).unwrap()[..log.len()], log[..]);
        assert!(kept(&t), "the stats read once are kept in the stored event");
    }
}

/// A condition lasting no time at all is refused in Tome's own words, and nothing
/// changes (the command line's negative durations: `tests/command_line/cli.rs`).
#[test]
fn a_duration_of_nothing_is_refused() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Yard").unwrap().id;
    t.encounter_add_npc(e, "Hero", 1, stats(&[("max-hp", 10)])).unwrap();
    let before = t.encounter_start(e, &[], &[], Some(1)).unwrap();
    for (duration, unit) in [(Duration::Rounds { rounds: 0 }, "rounds"), (Duration::Seconds { seconds: 0 }, "seconds")]
    {
        let err = t.encounter_condition(e, "Hero", "Stunned", duration, false).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidInput);
        assert!(err.to_string().contains(&format!("a duration in {unit} must be between 1 and")), "{err}");
    }
    assert_eq!(t.encounter(e).unwrap(), before, "nothing changed");
}

#[test]
fn an_encounter_survives_closing_tome() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    let e = {
        let mut t = Tome::open(&path).unwrap();
        let e = t.create_encounter("mythcraft", "Saved").unwrap().id;
        t.encounter_add_npc(e, "Wolf", 3, stats(&[("max-hp", 9)])).unwrap();
        t.encounter_start(e, &[], &[], Some(11)).unwrap();
        t.encounter_change(e, Event::Damage { name: "Wolf 2".into(), amount: 4, kind: None }).unwrap();
        t.encounter_undo(e).unwrap();
        e
    };
    let t = Tome::open(&path).unwrap();
    let v = t.encounter(e).unwrap();
    assert_eq!(combatant(&v, "Wolf 2")["hp"], 9, "the undone damage stays undone");
    assert!(v.can_redo && v.can_undo);
    assert_eq!(v.order.len(), 3);
}

/// Makes the changes (those that apply), each answering what a replay of the stored
/// events shows; undoes as many and checks the state is the one before them, then
/// redoes them all and checks the state (a replay from the stored events) is the one
/// after them.
fn undo_all_then_redo_all(t: &mut Tome, e: i64, events: Vec<Event>) -> Result<(), TestCaseError> {
    let first = t.encounter(e).unwrap();
    let mut applied = 0;
    for ev in events {
        if let Ok(answer) = t.encounter_change(e, ev.clone()) {
            prop_assert_eq!(&answer, &t.encounter(e).unwrap(), "the answer to {:?}", ev);
            // A screen keeps its log from the answer's last entry alone.
            let log = t.encounter_log(e).unwrap();
            prop_assert_eq!(answer.latest.as_ref(), log.last());
            applied += 1;
        }
    }
    let last = t.encounter(e).unwrap();
    for _ in 0..applied {
        let v = t.encounter_undo(e).unwrap();
        let log = t.encounter_log(e).unwrap();
        prop_assert_eq!(v.latest.as_ref(), log.last(), "undo's answer names the entry now last");
    }
    let back = t.encounter(e).unwrap();
    prop_assert_eq!(
        (back.combatants, back.order, back.round, back.current),
        (first.combatants, first.order, first.round, first.current)
    );
    for _ in 0..applied {
        t.encounter_redo(e).unwrap();
    }
    prop_assert_eq!(t.encounter(e).unwrap(), last);
    Ok(())
}

fn any_event() -> impl Strategy<Value = Event> {
    let name = prop::sample::select(vec!["Goblin 1", "Goblin 2", "Hero", "Nobody"]);
    prop_oneof![
        Just(Event::Next),
        (name.clone(), 0i64..30).prop_map(|(n, a)| Event::Damage { name: n.into(), amount: a, kind: None }),
        (name.clone(), 0i64..30).prop_map(|(n, a)| Event::Heal { name: n.into(), amount: a }),
        (name.clone(), any::<bool>()).prop_map(|(n, h)| Event::Hide { name: n.into(), hidden: h }),
        (name.clone(), 1i64..4).prop_map(|(n, r)| Event::AddCondition {
            name: n.into(),
            condition: tome::encounters::ConditionRef { id: None, name: "Marked".into() },
            duration: Duration::Rounds { rounds: r },
        }),
        name.clone().prop_map(|n| Event::RemoveCondition { name: n.into(), condition: "Marked".into() }),
        (name.clone(), 0i64..15).prop_map(|(n, a)| Event::Damage {
            name: n.into(),
            amount: a,
            kind: Some("nonlethal".into())
        }),
        (name.clone(), 1i64..4).prop_map(|(n, a)| Event::Act {
            action: "spend".into(),
            name: Some(n.into()),
            inputs: [("ap".to_string(), a.to_string())].into(),
            facts: BTreeMap::new(),
            sent: None,
        }),
        name.clone().prop_map(|n| Event::Act {
            action: "fatigue".into(),
            name: Some(n.into()),
            inputs: BTreeMap::new(),
            facts: BTreeMap::new(),
            sent: None
        }),
        (name.clone(), name, 1i64..25, 0i64..12).prop_map(|(a, d, roll, amount)| Event::Act {
            action: "attack".into(),
            name: Some(a.into()),
            inputs: [
                ("target", d.to_string()),
                ("roll", roll.to_string()),
                ("defense", "10".into()),
                ("amount", amount.to_string())
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
            facts: BTreeMap::new(),
            sent: None,
        }),
        Just(Event::AddCondition {
            name: "Hero".into(),
            condition: tome::encounters::ConditionRef {
                id: Some("mythcraft/condition/stunned".into()),
                name: "Stunned".into()
            },
            duration: Duration::Rounds { rounds: 1 },
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Any run of changes, then as many undos, gives back the state before them; redo
    /// all of them and opening the encounter afresh (a replay) gives the same state.
    #[test]
    fn undo_returns_to_the_first_state_and_replay_is_the_same(events in prop::collection::vec(any_event(), 1..25)) {
        let mut t = Tome::open_in_memory().unwrap();
        let e = t.create_encounter("mythcraft", "Prop").unwrap().id;
        t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 12)])).unwrap();
        t.encounter_add_npc(e, "Hero", 1, stats(&[("max-hp", 20), ("cor", 3)])).unwrap();
        t.encounter_start(e, &[], &[], Some(1)).unwrap();
        undo_all_then_redo_all(&mut t, e, events)?;
    }
}

fn ars_magica_event() -> impl Strategy<Value = Event> {
    let name = prop::sample::select(vec!["Grogs", "Wolf", "Knight", "Nobody"]);
    let die = 0i64..12;
    let act = |action: &str, name: &str, inputs: &[(&str, String)]| Event::Act {
        action: action.into(),
        name: Some(name.into()),
        inputs: inputs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
        facts: inputs.iter().filter(|(k, _)| k.ends_with("die")).map(|(k, v)| (k.to_string(), v.clone())).collect(),
        sent: None,
    };
    prop_oneof![
        Just(Event::Next),
        name.clone().prop_map(|n| Event::Delay { after: n.into() }),
        (name.clone(), 0i64..40).prop_map(|(n, a)| Event::Damage { name: n.into(), amount: a, kind: None }),
        (name.clone(), name.clone(), die.clone(), die.clone()).prop_map(move |(a, d, x, y)| act(
            "attack",
            a,
            &[("target", d.into()), ("attack-die", x.to_string()), ("defense-die", y.to_string())]
        )),
        (name.clone(), any::<bool>()).prop_map(move |(n, atk)| act(
            "exert",
            n,
            &[("on", if atk { "attack" } else { "defense" }.into())]
        )),
        (name.clone(), die).prop_map(move |(n, d)| act("fatigue-roll", n, &[("die", d.to_string())])),
        name.clone().prop_map(move |n| act("group-bonus", n, &[("on", "defense".into())])),
        (name, 1i64..3).prop_map(|(n, r)| Event::AddCondition {
            name: n.into(),
            condition: tome::encounters::ConditionRef { id: None, name: "Shaken".into() },
            duration: Duration::Rounds { rounds: r },
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The same for Ars Magica's own events: attacks, exertion, Fatigue rolls, a
    /// group's bonus and delays.
    #[test]
    fn ars_magica_undo_and_replay(events in prop::collection::vec(ars_magica_event(), 1..25)) {
        let mut t = Tome::open_in_memory().unwrap();
        let e = t.create_encounter("ars-magica", "Prop").unwrap().id;
        t.encounter_add_npc(e, "Grogs", 1, stats(&[("atk", 12), ("def", 11), ("dam", 7), ("soak", 11), ("members", 3), ("leadership", 3), ("others-ability", 11), ("ability", 6)])).unwrap();
        t.encounter_add_npc(e, "Wolf", 1, stats(&[("init", 18), ("atk", 11), ("def", 9), ("dam", 8), ("soak", 6), ("siz", -1)])).unwrap();
        t.encounter_add_npc(e, "Knight", 1, stats(&[("atk", 10), ("def", 8), ("dam", 9), ("soak", 8), ("ability", 5), ("sta", 2)])).unwrap();
        t.encounter_start(e, &[], &[], Some(7)).unwrap();
        undo_all_then_redo_all(&mut t, e, events)?;
    }
}

const CHILD_DB: &str = "TOME_ENCOUNTER_CRASH_DB";

/// Not a test on its own: the child process of the crash test, changing an encounter
/// as fast as it can until it is killed.
#[test]
fn crash_child() {
    let Ok(path) = std::env::var(CHILD_DB) else { return };
    let mut t = Tome::open(std::path::Path::new(&path)).unwrap();
    let e = t.encounters().unwrap()[0].id;
    println!("open");
    for n in 0i64.. {
        let event = match n % 4 {
            0 => Event::Damage { name: "Goblin 1".into(), amount: 1, kind: None },
            1 => Event::Heal { name: "Goblin 1".into(), amount: 1 },
            2 => Event::Next,
            _ => Event::Hide { name: "Goblin 2".into(), hidden: n % 8 == 3 },
        };
        t.encounter_change(e, event).unwrap();
        if n % 7 == 6 {
            t.encounter_undo(e).unwrap();
        }
    }
}

/// A process killed in the middle of changes leaves the encounter at its last whole
/// event: it opens, replays, and undo and redo still walk every stored event.
#[test]
fn a_process_killed_mid_change_leaves_the_last_whole_event() {
    use rand::{Rng, SeedableRng};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    {
        let mut t = Tome::open(&path).unwrap();
        let e = t.create_encounter("mythcraft", "Crash").unwrap().id;
        t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 30)])).unwrap();
        t.encounter_start(e, &[], &[], Some(2)).unwrap();
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(20_261_122);
    for _ in 0..6 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .arg(common::test_name(module_path!(), "crash_child"))
            .args(["--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD_DB, &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        while !line.contains("open") {
            line.clear();
            assert!(std::io::BufRead::read_line(&mut out, &mut line).unwrap() > 0, "the child opens the database");
        }
        std::thread::sleep(std::time::Duration::from_millis(rng.random_range(20..400)));
        child.kill().unwrap();
        let status = child.wait().unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(status.signal(), Some(9), "the child was killed, not stopped by an error");
        }

        let mut t = Tome::open(&path).unwrap();
        let e = t.encounters().unwrap()[0].id;
        let v = t.encounter(e).unwrap();
        let log = t.encounter_log(e).unwrap();
        assert_eq!(log.last().map(|l| l.seq), Some(log.len()), "the log is every event in force, numbered");
        assert!(log.len() >= 2, "the add and the start are still there");
        assert_eq!(Tome::open(&path).unwrap().encounter(e).unwrap(), v, "opening again replays to the same state");
        if v.can_undo {
            t.encounter_undo(e).unwrap();
            t.encounter_redo(e).unwrap();
            assert_eq!(t.encounter(e).unwrap(), v, "undo then redo returns to the same state");
        }
    }
}

fn conditions(v: &tome::api::EncounterView, name: &str) -> Vec<String> {
    combatant(v, name)["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect()
}

/// Amtgard, Frozen for 30 s (as Phoenix Tears leaves a "killed" player): the board has
/// no initiative and no turns; the State counts down in seconds, a second Frozen that
/// would end sooner leaves the longer one, nothing in combat touches the Frozen player,
/// and when the time is up the log says so and the player calls "No longer Frozen".
#[test]
fn amtgard_frozen_state_expiring() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Bridge battle").unwrap().id;
    t.encounter_add_npc(e, "Rook", 1, stats(&[("torso", 2)])).unwrap();
    t.encounter_add_npc(e, "Wren", 1, BTreeMap::new()).unwrap();
    let err = t.encounter_start(e, &typed(&[("Rook", 5)]), &[], None).unwrap_err();
    assert!(err.to_string().contains("no initiative") && err.to_string().contains("Rook"), "{err}");
    let v = t.encounter_start(e, &[], &[], None).unwrap();
    assert!(v.order.is_empty() && v.current.is_none(), "no turn order: {v:?}");
    let err = t.encounter_change(e, Event::Next).unwrap_err();
    assert!(err.to_string().contains("no turns"), "{err}");
    let err = t.encounter_condition(e, "Rook", "Frozen", Duration::Rounds { rounds: 2 }, false).unwrap_err();
    assert!(err.to_string().contains("seconds"), "{err}");

    let v = t.encounter_condition(e, "Rook", "Frozen", Duration::Seconds { seconds: 30 }, false).unwrap();
    let frozen = &combatant(&v, "Rook")["conditions"][0];
    assert_eq!(frozen["id"], "amtgard/condition/frozen", "{frozen}");
    assert!((29..=30).contains(&frozen["remaining"].as_i64().unwrap()), "{frozen}");

    // A Frozen player is not affected by combat: the hit changes nothing.
    let before = t.encounter(e).unwrap();
    let err = act(&mut t, e, "hit", "Rook", &[("location", "torso")]).unwrap_err();
    assert!(err.to_string().contains("Frozen"), "{err}");
    assert_eq!(t.encounter(e).unwrap(), before);

    let v = t.encounter_change(e, Event::Elapse { seconds: 20 }).unwrap();
    assert_eq!(conditions(&v, "Rook"), ["Frozen"]);
    assert!((9..=10).contains(&combatant(&v, "Rook")["conditions"][0]["remaining"].as_i64().unwrap()));
    // Frozen again for 5 s would end sooner: the longer duration stays.
    let v = t.encounter_condition(e, "Rook", "Frozen", Duration::Seconds { seconds: 5 }, false).unwrap();
    assert!(combatant(&v, "Rook")["conditions"][0]["remaining"].as_i64().unwrap() >= 9);
    assert!(last_log(&t, e).contains("stays"), "{}", last_log(&t, e));

    let v = t.encounter_change(e, Event::Elapse { seconds: 10 }).unwrap();
    assert!(conditions(&v, "Rook").is_empty());
    let said = last_log(&t, e);
    assert!(said.contains("Rook's Frozen ends (time is up)") && said.contains("No longer Frozen"), "{said}");
    // Thawed, the hit lands: the torso's 2 points of armour take it.
    let v = act(&mut t, e, "hit", "Rook", &[("location", "torso")]).unwrap();
    assert_eq!(combatant(&v, "Rook")["armor"]["torso"], 1);
    assert_eq!(combatant(&v, "Rook")["dead"], false);
}

/// Amtgard, death and respawn: death clears every State but Cursed and leaves the
/// enchantments on but inactive; respawning clears Cursed and every enchantment that is
/// not Persistent (Magic Armor falling to the maximum left, as in the document's
/// Stoneskin and Barkskin example); a voluntary death removes every enchantment; and a
/// player out of lives cannot respawn. The carrying limits are checked when an
/// enchantment goes on.
#[test]
fn amtgard_death_and_respawn_remove_what_the_document_says() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Ditch").unwrap().id;
    t.encounter_add_npc(e, "Paladin", 1, stats(&[("lives", 2)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    act(&mut t, e, "enchant", "Paladin", &[("enchantment", "m:Stoneskin"), ("magic-armor", "2")]).unwrap();
    let v = act(
        &mut t,
        e,
        "enchant",
        "Paladin",
        &[("enchantment", "ex:Barkskin"), ("magic-armor", "1"), ("persistent", "true")],
    )
    .unwrap();
    assert_eq!(combatant(&v, "Paladin")["armor"]["left-arm"], 2, "only the highest Magic Armor counts");
    let before = t.encounter(e).unwrap();
    let err = act(&mut t, e, "enchant", "Paladin", &[("enchantment", "m:Heart of the Swarm")]).unwrap_err();
    assert!(err.to_string().contains("only one magical enchantment"), "{err}");
    let err = act(&mut t, e, "enchant", "Paladin", &[("enchantment", "ex:barkskin")]).unwrap_err();
    assert!(err.to_string().contains("share a name"), "{err}");
    assert_eq!(t.encounter(e).unwrap(), before, "refused enchantments change nothing");

    // Armour Destroying empties the right leg.
    act(&mut t, e, "hit", "Paladin", &[("location", "right-leg"), ("effect", "armor-destroying")]).unwrap();
    t.encounter_condition(e, "Paladin", "Cursed", Duration::UntilRemoved, false).unwrap();
    // Cursed makes the Paladin Immune to Spirit: a State given by hand names no School,
    // so the next one comes through the `state` action.
    let err = t.encounter_condition(e, "Paladin", "Stopped", Duration::Seconds { seconds: 60 }, false).unwrap_err();
    assert!(err.to_string().contains("Immune to Spirit"), "{err}");
    act(&mut t, e, "state", "Paladin", &[("state", "Stopped"), ("school", "sorcery"), ("seconds", "60")]).unwrap();
    let v = act(&mut t, e, "die", "Paladin", &[]).unwrap();
    let p = combatant(&v, "Paladin");
    assert_eq!(conditions(&v, "Paladin"), ["Cursed"]);
    assert_eq!((p["dead"].as_bool(), p["lives_left"].as_i64()), (Some(true), Some(1)));
    assert!(p["enchantments"].as_array().unwrap().iter().all(|x| x.as_str().unwrap().contains("inactive")), "{p}");
    let err = t.encounter_condition(e, "Paladin", "Stunned", Duration::UntilRemoved, false).unwrap_err();
    assert!(err.to_string().contains("dead"), "{err}");

    let v = act(&mut t, e, "respawn", "Paladin", &[]).unwrap();
    let p = combatant(&v, "Paladin");
    assert!(conditions(&v, "Paladin").is_empty(), "Cursed goes on respawn");
    assert_eq!(p["enchantments"], serde_json::json!(["Barkskin (ex, Magic Armor 1, persistent)"]));
    // Stoneskin gone: locations above Barkskin's 1 point fall to 1; the emptied leg stays at 0.
    assert_eq!((p["armor"]["torso"].as_i64(), p["armor"]["right-leg"].as_i64()), (Some(1), Some(0)));

    let v = act(&mut t, e, "die", "Paladin", &[("voluntary", "true")]).unwrap();
    let p = combatant(&v, "Paladin");
    assert_eq!(p["enchantments"], serde_json::json!([]), "a voluntary death removes every enchantment");
    assert_eq!(p["out_of_lives"], true);
    let err = act(&mut t, e, "respawn", "Paladin", &[]).unwrap_err();
    assert!(err.to_string().contains("no life left"), "{err}");
}

/// MLAF, spells per match: a rookie spellcaster (level 1) casts one spell a match, a
/// level 2 caster two, never more than one in a turn. The Siren's Fire Ball (2+) from
/// one enemy tackle zone needs 3+; her roll of 3 works and earns 1 SPP. The cast past
/// her limit is refused by name and changes nothing; halftime does not give it back.
#[test]
fn mlaf_caster_hitting_the_per_match_limit() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mlaf", "Amazons v Orcs").unwrap().id;
    t.encounter_add_npc(e, "Siren", 1, BTreeMap::new()).unwrap();
    t.encounter_add_npc(e, "Shaman", 1, stats(&[("level", 2), ("spp", 5)])).unwrap();
    let err = act(&mut t, e, "cast", "Siren", &[("spell", "Fire Ball"), ("roll", "3")]).unwrap_err();
    assert!(err.to_string().contains("after the start"), "{err}");
    t.encounter_start(e, &[], &[], None).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!((v.values["half"].as_i64(), v.values["turn"].as_i64()), (Some(1), Some(1)));

    let v = act(&mut t, e, "cast", "Siren", &[("spell", "Fire Ball"), ("roll", "3"), ("enemy-tz", "1")]).unwrap();
    let siren = combatant(&v, "Siren");
    assert_eq!(
        (siren["spells_per_match"].as_i64(), siren["spells_cast"].as_i64(), siren["spells_left"].as_i64()),
        (Some(1), Some(1), Some(0))
    );
    assert_eq!((siren["spp"].as_i64(), siren["spp_earned"].as_i64()), (Some(1), Some(1)));
    let said = last_log(&t, e);
    assert!(said.contains("needs 3+, d6 3 (typed): it works"), "{said}");

    // The Shaman's Invisibility rolls a 1: no SPP, and a second spell in the same turn is refused.
    let v = act(&mut t, e, "cast", "Shaman", &[("spell", "Invisibility"), ("roll", "1")]).unwrap();
    assert_eq!(
        (combatant(&v, "Shaman")["spp"].as_i64(), combatant(&v, "Shaman")["spells_left"].as_i64()),
        (Some(5), Some(1))
    );
    let err = act(&mut t, e, "cast", "Shaman", &[("spell", "Toad"), ("roll", "5")]).unwrap_err();
    assert!(err.to_string().contains("one spell a turn"), "{err}");

    // Next turn, the Orcs': the Siren is at her limit. The refusal names her, her level and the spell, and changes nothing.
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(
        (v.values["turn"].as_i64(), v.values["moving"].as_str().map(|m| m.starts_with("team 2"))),
        (Some(1), Some(true))
    );
    let before = t.encounter(e).unwrap();
    let err = act(&mut t, e, "cast", "Siren", &[("spell", "Toad"), ("roll", "6")]).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("Siren is level 1") && msg.contains("1 spell") && msg.contains("Toad is not cast"), "{msg}");
    assert_eq!(t.encounter(e).unwrap(), before);

    // The Shaman's second cast works (Toad, 2+); then he too has none left, halftime or not.
    let v = act(&mut t, e, "cast", "Shaman", &[("spell", "Toad"), ("roll", "2")]).unwrap();
    assert_eq!(
        (combatant(&v, "Shaman")["spp"].as_i64(), combatant(&v, "Shaman")["spells_left"].as_i64()),
        (Some(6), Some(0))
    );
    t.encounter_act(e, "half", None, BTreeMap::new(), None).unwrap();
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!((v.values["half"].as_i64(), v.values["turn"].as_i64()), (Some(2), Some(1)));
    let err = act(&mut t, e, "cast", "Shaman", &[("spell", "Guidance")]).unwrap_err();
    assert!(err.to_string().contains("2 spells"), "{err}");
    // A spell Tome rolls for is logged as rolled, and the same seed gives the same die.
    let log = t.encounter_log(e).unwrap();
    assert!(log.iter().all(|l| !l.lines.join(" ").contains("Guidance")), "the refused cast left no trace");
}

/// The Duel Arcane played to its end (the document has no worked example, so this one
/// follows its rules step by step). Ada (Gnosis 3, Forces 3, Prime 2, Willpower 5 of 6)
/// duels Bram (Gnosis 2, Death 2, Mind 2, Prime 1, Willpower 4). A stalemate; Bram swaps
/// his Sword to Prime, which rested a clash (+1 die); Ada wins by 2 (Bram's Mind Shield
/// holds both), by 2 again while Bram does not act (his Gnosis takes them), and by 1,
/// which neither can hold: Bram loses the round. Ada gets back her 4 Willpower and one
/// more (6); Bram, who paid for 3 clashes, loses one and gets back half of his 3,
/// rounded up (2). In round 2 Bram surrenders: Ada's Willpower stays at her 6 dots,
/// Bram's falls to 1.
#[test]
fn a_duel_arcane_played_to_its_end() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = ada_and_bram(&mut t, "Duel at the Hallow");
    let v = t.encounter_start(e, &[], &[], None).unwrap();
    assert_eq!(v.mode, "duel");
    let err = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2")]).unwrap_err();
    assert!(err.to_string().contains("no Sword and Shield"), "{err}");
    act(&mut t, e, "arms", "Ada", &[("sword", "forces"), ("shield", "prime")]).unwrap();
    act(&mut t, e, "arms", "Bram", &[("sword", "death"), ("shield", "mind")]).unwrap();
    let err = act(&mut t, e, "swap", "Bram", &[("sword", "prime")]).unwrap_err();
    assert!(err.to_string().contains("after a clash"), "{err}");

    // Clash 1: 6 dice against 4, two successes each: a stalemate. Each pays a Willpower point.
    let v = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Ada clashes with Forces (6 dice)") && said.contains("stalemate"), "{said}");
    assert_eq!(
        (combatant(&v, "Ada")["willpower"].as_i64(), combatant(&v, "Bram")["willpower"].as_i64()),
        (Some(4), Some(3))
    );
    let err = act(&mut t, e, "swap", "Bram", &[("sword", "mind")]).unwrap_err();
    assert!(err.to_string().contains("already in use"), "{err}");
    let v = act(&mut t, e, "swap", "Bram", &[("sword", "prime")]).unwrap();
    assert_eq!(combatant(&v, "Bram")["sword_rest"], 1);

    // Clash 2: Bram's Prime Sword rolls Gnosis 2 + Prime 1 + 1 for its rest = 4 dice. Ada wins by 2.
    let v = act(&mut t, e, "clash", "", &[("rolls", "Ada=3,Bram=1")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Bram clashes with Prime (4 dice)"), "{said}");
    assert!(
        said.contains("Ada wins the clash by 2: Bram takes 2 psychic damage, 2 on the Mind Shield and 0 in Gnosis"),
        "{said}"
    );
    let bram = combatant(&v, "Bram");
    assert_eq!((bram["shield_room"].as_i64(), bram["gnosis_room"].as_i64()), (Some(0), Some(2)));

    // Clash 3: Bram does not act (no roll, no cost); Ada's 2 go into his Gnosis.
    let err = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=1"), ("passive", "Bram")]).unwrap_err();
    assert!(err.to_string().contains("passive"), "{err}");
    let v = act(&mut t, e, "clash", "", &[("rolls", "Ada=2"), ("passive", "Bram")]).unwrap();
    let bram = combatant(&v, "Bram");
    assert_eq!((bram["gnosis_room"].as_i64(), bram["willpower"].as_i64()), (Some(0), Some(2)));

    // Clash 4: Ada wins by 1, which neither Shield nor Gnosis can hold: Bram loses the round.
    let v = act(&mut t, e, "clash", "", &[("rolls", "Ada=1,Bram=0")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Bram clashes with Prime (4 dice)"), "the rested Prime again: {said}");
    assert!(said.contains("the round is lost") && said.contains("Ada wins round 1"), "{said}");
    let (ada, bram) = (combatant(&v, "Ada"), combatant(&v, "Bram"));
    assert_eq!((ada["willpower"].as_i64(), bram["willpower"].as_i64()), (Some(6), Some(2)));
    assert_eq!(
        (ada["rounds_won"].as_i64(), bram["gnosis_room"].as_i64(), bram["shield_room"].as_i64()),
        (Some(1), Some(2), Some(2))
    );
    assert_eq!(v.values["duel_round"], 2);

    // Round 2: Bram surrenders. Ada would reach 7 but holds 6 dots; Bram loses a point.
    let v = act(&mut t, e, "surrender", "Bram", &[]).unwrap();
    let (ada, bram) = (combatant(&v, "Ada"), combatant(&v, "Bram"));
    assert_eq!((ada["willpower"].as_i64(), bram["willpower"].as_i64()), (Some(6), Some(1)));
    assert_eq!(ada["rounds_won"], 2);

    // Three is a crowd: a duel is between two, so a third is refused as it is added.
    let err = t.encounter_add_npc(e, "Cass", 1, BTreeMap::new()).unwrap_err();
    assert!(err.to_string().contains("at most 2 duelists"), "{err}");
}

/// Primal Wild initiative: the d10 counts as at least twice a boosting spell's default
/// Potency (4 for covert, 6 for vulgar), and a Shaping roll replaces it with twice the
/// Shaped Potency.
#[test]
fn primal_wild_boosted_and_shaped_initiative() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("primal-wild", "Warehouse").unwrap().id;
    t.encounter_add_npc(e, "Thyrsus", 1, stats(&[("init", 5), ("boost", 3)])).unwrap();
    t.encounter_add_npc(e, "Obrimos", 1, stats(&[("init", 4), ("shaped-potency", 5)])).unwrap();
    t.encounter_add_npc(e, "Thug", 1, stats(&[("init", 3)])).unwrap();
    let v = t.encounter_start(e, &typed(&[("Thyrsus", 2), ("Obrimos", 1), ("Thug", 9)]), &[], None).unwrap();
    assert_eq!(v.mode, "fight");
    assert_eq!(combatant(&v, "Thyrsus")["initiative"], 11, "5 + the die raised to 6");
    assert_eq!(combatant(&v, "Obrimos")["initiative"], 14, "4 + twice Potency 5");
    assert_eq!(combatant(&v, "Thug")["initiative"], 12);
    assert_eq!(v.order, ["Obrimos", "Thug", "Thyrsus"]);
    // The Obrimos throws a vulgar fireball, Shaped to Potency 5, at the Thyrsus, whose
    // boosted Defense + Wits scores 5 and whose covert defence absorbs 2: 1 lethal.
    let v = act(
        &mut t,
        e,
        "shaping-attack",
        "Thyrsus",
        &[("aspect", "vulgar"), ("potency", "5"), ("defense-successes", "5"), ("protection", "2")],
    )
    .unwrap();
    assert_eq!(combatant(&v, "Thyrsus")["damage"]["lethal"], 1);
}

/// The players' screen leaves a hidden combatant out entirely (its name appears nowhere
/// in what the window is sent, even as whose turn it is or in another's duration) and
/// shows the game master's combatants only as the table sees them.
#[test]
fn the_player_view_never_carries_a_hidden_combatant_or_gm_numbers() {
    let mut t = Tome::open_in_memory().unwrap();
    let hero = saved_character(&mut t, "mythcraft", "Vex", &[("max-hp", 20)]);
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_character(e, hero.id).unwrap();
    t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 12)])).unwrap();
    t.encounter_add_npc(e, "Sneak", 1, stats(&[("max-hp", 9)])).unwrap();
    t.encounter_change(e, Event::Hide { name: "Sneak".into(), hidden: true }).unwrap();
    t.encounter_start(e, &typed(&[("Sneak", 20), ("Vex", 10), ("Goblin 1", 5), ("Goblin 2", 3)]), &[], None).unwrap();
    t.encounter_condition(e, "Goblin 1", "Prone", Duration::EndOfTurnOf { name: "Sneak".into() }, false).unwrap();
    t.encounter_change(e, Event::Damage { name: "Goblin 1".into(), amount: 7, kind: None }).unwrap();
    t.encounter_change(e, Event::Damage { name: "Vex".into(), amount: 5, kind: None }).unwrap();
    let v = t.player_view(e).unwrap();
    let sent = serde_json::to_string(&v).unwrap();
    assert!(!sent.contains("Sneak"), "{sent}");
    assert_eq!(v.current, None, "the hidden Sneak is acting: the screen names nobody");
    assert_eq!(v.combatants.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Vex", "Goblin 1", "Goblin 2"]);
    let goblin = &v.combatants[1];
    assert_eq!(goblin.status, ["Bloodied"], "not its HP");
    assert!(!sent.contains("\"hp\"") && !sent.contains("5 of 12"), "{sent}");
    assert_eq!(v.combatants[0].status, ["HP 15 of 20"], "a player character's own HP");
    assert_eq!(goblin.conditions[0].remaining.as_deref(), Some("for now"));
}

/// Duplicating a combatant adds a quick one with the same stats, named as the next of its
/// kind; a saved character's copy is not linked to the sheet.
#[test]
fn duplicating_a_combatant() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "More goblins").unwrap().id;
    t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 12), ("awr", 2)])).unwrap();
    let v = t.encounter_duplicate(e, "Goblin 1").unwrap();
    let copy = combatant(&v, "Goblin 3");
    assert_eq!((copy["max_hp"].as_i64(), copy["hp"].as_i64()), (Some(12), Some(12)));
    let v = t.encounter_duplicate(e, "goblin 3").unwrap();
    assert_eq!(v.combatants.len(), 4);
    combatant(&v, "Goblin 4");
    let vex = saved_character(&mut t, "mythcraft", "Vex", &[("max-hp", 20)]);
    t.encounter_add_character(e, vex.id).unwrap();
    let v = t.encounter_duplicate(e, "Vex").unwrap();
    let copy = combatant(&v, "Vex 2");
    assert_eq!(copy["max_hp"], 20);
    assert!(copy.get("character").is_none(), "the copy is not the saved character");
    let err = t.encounter_duplicate(e, "Nobody").unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
}

/// The app shows a next-turn button (and the N key works) exactly where `next` does
/// something: by initiative and in an MLAF match, not in Amtgard or the Duel Arcane.
#[test]
fn the_next_step_the_kit_names_is_the_one_next_takes() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut named = BTreeMap::new();
    for system in tome::systems::all() {
        for mode in system.encounter_modes() {
            let e = t.create_encounter_mode(system.id(), "Check", Some(mode.name)).unwrap().id;
            t.encounter_add_npc(e, "Ada", 1, BTreeMap::new()).unwrap();
            t.encounter_add_npc(e, "Bram", 1, BTreeMap::new()).unwrap();
            t.encounter_start(e, &[], &[], Some(3)).unwrap();
            let kit = t.encounter_kit(e).unwrap();
            let next = t.encounter_change(e, Event::Next);
            assert_eq!(
                kit.next.is_some(),
                next.is_ok(),
                "{} {}: kit {:?}, next {next:?}",
                system.id(),
                mode.name,
                kit.next
            );
            if let Err(err) = next {
                assert_eq!(err.code(), ErrorCode::InvalidInput, "{err}");
            }
            named.insert(format!("{} {}", system.id(), mode.name), kit.next);
        }
    }
    let label = |k: &str| named.get(k).cloned().flatten();
    assert_eq!(label("ars-magica fight").as_deref(), Some("Next turn"));
    assert_eq!(label("mythcraft fight").as_deref(), Some("Next turn"));
    assert_eq!(label("mlaf match").as_deref(), Some("Next team turn"));
    assert_eq!(label("amtgard battlegame"), None);
    assert_eq!(label("primal-wild duel"), None);
}

/// MythCraft: an attack whose d20 landed on 1 misses whatever its total (a critical
/// fail); a natural 20 hits as a crit even below the defense.
#[test]
fn mythcraft_attack_natural_one_misses_and_twenty_crits() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Duel").unwrap().id;
    t.encounter_add_npc(e, "Hero", 1, stats(&[("cor", 2), ("max-hp", 20)])).unwrap();
    t.encounter_add_npc(e, "Thug", 1, stats(&[("cor", 1), ("max-hp", 20)])).unwrap();
    t.encounter_start(e, &typed(&[("Hero", 15), ("Thug", 5)]), &[], None).unwrap();
    let hit = |t: &mut Tome, natural: &str, roll: &str| {
        mythcraft_attack(t, e, "Hero", "Thug", roll, "4", &[("natural", natural), ("dice", "1d4")])
    };
    let v = hit(&mut t, "1", "25").unwrap();
    assert_eq!(combatant(&v, "Thug")["hp"].as_i64(), Some(20), "a natural 1 with a total of 25 misses");
    let v = hit(&mut t, "20", "5").unwrap();
    assert!(combatant(&v, "Thug")["hp"].as_i64().unwrap() < 20, "a natural 20 hits below the defense");
    let err =
        mythcraft_attack(&mut t, e, "Hero", "Thug", "25", "4", &[("natural", "1"), ("crit", "true")]).unwrap_err();
    assert!(err.to_string().contains("critical fail"), "{err}");
}

/// Damage or healing of 0 is a slip of the finger, refused the same way and changing
/// nothing (before, a 0 blow was logged as "takes 0 damage").
#[test]
fn damage_and_healing_of_nothing_are_refused_alike() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_npc(e, "Ogre", 1, stats(&[("max-hp", 40)])).unwrap();
    t.encounter_start(e, &typed(&[("Ogre", 2)]), &[], None).unwrap();
    let before = t.encounter(e).unwrap();
    let hurt = t.encounter_change(e, Event::Damage { name: "Ogre".into(), amount: 0, kind: None }).unwrap_err();
    let healed = t.encounter_change(e, Event::Heal { name: "Ogre".into(), amount: 0 }).unwrap_err();
    assert!(hurt.to_string().contains("damage of 0 changes nothing"), "{hurt}");
    assert!(healed.to_string().contains("healing of 0 changes nothing"), "{healed}");
    assert_eq!(t.encounter(e).unwrap(), before);
}

/// The app builds its action forms from the kit: a help there names another field by its
/// label ("With Hallow: …"), never by the command line's flag ("With --hallow").
#[test]
fn the_kit_s_action_help_speaks_the_app_s_words() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut flags = Vec::new();
    for system in tome::systems::all() {
        for mode in system.encounter_modes() {
            let e = t.create_encounter_mode(system.id(), "Words", Some(mode.name)).unwrap().id;
            let kit = serde_json::to_value(t.encounter_kit(e).unwrap()).unwrap();
            for a in kit["actions"].as_array().unwrap() {
                for p in a["params"].as_array().unwrap() {
                    let help = p["help"].as_str().unwrap();
                    if help.contains("--") {
                        flags.push(format!("{} {} {} {}: {help}", system.id(), mode.name, a["name"], p["name"]));
                    }
                }
            }
        }
    }
    assert!(flags.is_empty(), "{flags:#?}");
}

/// Issue 33: the app wrote "Tome rolls" in every empty optional number of an action form,
/// also where Tome rolls nothing (Ars Magica's Attack modifier). The kit says which
/// values Tome rolls when they are left out, so the form says it only there.
#[test]
fn the_kit_marks_only_the_values_tome_rolls_when_left_out() {
    let mut t = Tome::open_in_memory().unwrap();
    let rolled = |t: &mut Tome, system: &str, mode: &str, action: &str| {
        let e = t.create_encounter_mode(system, "Dice", Some(mode)).unwrap().id;
        let kit = serde_json::to_value(t.encounter_kit(e).unwrap()).unwrap();
        let a = kit["actions"].as_array().unwrap().iter().find(|a| a["name"] == action).unwrap().clone();
        a["params"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["rolled"] == true)
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(rolled(&mut t, "ars-magica", "fight", "attack"), ["attack-die", "defense-die"]);
    assert_eq!(rolled(&mut t, "mlaf", "match", "cast"), ["roll", "scatter"]);
    // The d20 and the damage (issue 56), and a crit's extra dice, rolled by Tome when
    // they are not typed.
    assert_eq!(rolled(&mut t, "mythcraft", "fight", "attack"), ["amount", "natural", "crit-roll"]);
}

/// A combatant as `late_join` takes it: its name, its stats and its initiative die.
type Joining<'a> = (&'a str, &'a [(&'a str, i64)], i64);

/// Starts `system`'s fight with `first` (name, stats, initiative die), then adds `late`
/// with its die, as the app does after the start (a roll on joining); the acting order
/// and what the log said of the newcomer.
fn late_join(system: &str, first: &[Joining<'_>], late: Joining<'_>) -> (Vec<String>, String) {
    use tome::encounters::{NewCombatant, Roll};
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter(system, "Late").unwrap().id;
    for (name, st, _) in first {
        t.encounter_add_npc(e, name, 1, stats(st)).unwrap();
    }
    t.encounter_start(e, &typed(&first.iter().map(|(n, _, d)| (*n, *d)).collect::<Vec<_>>()), &[], Some(1)).unwrap();
    let (name, st, die) = late;
    let add = Event::Add {
        combatants: vec![NewCombatant::quick(name, stats(st))],
        rolls: vec![Roll { name: name.into(), value: die, rolled: true }],
    };
    let v = t.encounter_change(e, add).unwrap();
    let order = v.order.clone();
    let said = t.encounter_log(e).unwrap().last().unwrap().lines.join(" · ");
    (order, said)
}

/// Issue 33, MythCraft (initiative 1d20 + AWR, ties to the higher AWR): a Goblin joining
/// on 12 with AWR 2 goes between the Hero (12, AWR 3) and the Orc (12, AWR 1), by the
/// system's tie rule, not after everyone on 12 nor last.
#[test]
fn a_late_mythcraft_combatant_tied_on_initiative_is_placed_by_awr() {
    let (order, said) = late_join(
        "mythcraft",
        &[("Hero", &[("awareness", 3)], 9), ("Orc", &[("awareness", 1)], 11), ("Rat", &[], 2)],
        ("Goblin", &[("awareness", 2)], 10),
    );
    assert_eq!(order, ["Hero", "Goblin", "Orc", "Rat"], "{said}");
    assert!(said.contains("Goblin joins: die 10 (rolled by Tome); initiative 12"), "{said}");
    assert!(!said.contains("tied with"), "AWR settles it: {said}");
}

/// Issue 33, Primal Wild (ties to the higher Initiative modifier): a newcomer on 10 with
/// modifier 4 goes before one on 10 with modifier 2 and after one with modifier 6.
#[test]
fn a_late_primal_wild_combatant_tied_on_initiative_is_placed_by_its_modifier() {
    let (order, said) = late_join(
        "primal-wild",
        &[("Ada", &[("initiative", 6)], 4), ("Bram", &[("initiative", 2)], 8)],
        ("Cole", &[("initiative", 4)], 6),
    );
    assert_eq!(order, ["Ada", "Cole", "Bram"], "{said}");
    assert!(said.contains("Cole joins: die 6 (rolled by Tome); initiative 10, acting this round"), "{said}");
}

/// Issue 33, Ars Magica (the Initiative Total alone; the start re-rolls ties): a newcomer
/// on the same total as one already placed goes after it, and the log says so as an
/// interpretation; one above everyone acts first from the next round.
#[test]
fn a_late_ars_magica_combatant_takes_its_place_by_its_initiative_total() {
    let placed: &[Joining<'_>] = &[("Ignatio", &[("initiative", 3)], 5), ("Polandrus", &[("initiative", 0)], 4)];
    let (order, said) = late_join("ars-magica", placed, ("Wolf", &[("initiative", 2)], 6));
    assert_eq!(order, ["Ignatio", "Wolf", "Polandrus"], "{said}");
    assert!(said.contains("initiative 8"), "{said}");
    assert!(said.contains("tied with Ignatio") && said.contains("Interpretation"), "{said}");
    let (order, said) = late_join("ars-magica", placed, ("Bear", &[("initiative", 5)], 9));
    assert_eq!(order, ["Bear", "Ignatio", "Polandrus"], "{said}");
    assert!(said.contains("acting from next round"), "{said}");
}

/// Issue 33: where everyone acts together (Amtgard's battlegame, an MLAF match) there is
/// no order to take a place in: a combatant added after the start joins, with no roll
/// and never "acting last".
#[test]
fn a_late_combatant_where_everyone_acts_together_simply_joins() {
    let mut t = Tome::open_in_memory().unwrap();
    for (system, mode) in [("amtgard", "battlegame"), ("mlaf", "match")] {
        let e = t.create_encounter_mode(system, "Together", Some(mode)).unwrap().id;
        t.encounter_add_npc(e, "Ada", 1, BTreeMap::new()).unwrap();
        t.encounter_start(e, &[], &[], Some(1)).unwrap();
        let v = t.encounter_add_npc(e, "Bram", 1, BTreeMap::new()).unwrap();
        assert!(v.order.is_empty(), "{system}: {:?}", v.order);
        let said = t.encounter_log(e).unwrap().last().unwrap().lines.join(" · ");
        assert!(
            said.contains("Bram joins") && !said.contains("acting last") && !said.contains("die"),
            "{system}: {said}"
        );
    }
}

/// Issue 33: a value from a closed list (a system's damage types, a row of a table, a
/// spell of the reference) is offered as a choice. The kit carries each parameter's
/// choices from the core: the encounter's damage kinds, the table's rows, the entries.
#[test]
fn the_kit_offers_closed_lists_as_choices() {
    let mut t = Tome::open_in_memory().unwrap();
    let choices = |t: &mut Tome, system: &str, mode: &str, action: &str, param: &str| {
        let e = t.create_encounter_mode(system, "Lists", Some(mode)).unwrap().id;
        let kit = serde_json::to_value(t.encounter_kit(e).unwrap()).unwrap();
        let a = kit["actions"].as_array().unwrap().iter().find(|a| a["name"] == action).unwrap().clone();
        let p = a["params"].as_array().unwrap().iter().find(|p| p["name"] == param).unwrap().clone();
        (p["kind"].clone(), serde_json::from_value::<Vec<String>>(p["choices"].clone()).unwrap(), kit)
    };
    // MythCraft's attack takes the damage types the Damage button offers.
    let (kind, types, kit) = choices(&mut t, "mythcraft", "fight", "attack", "type");
    assert_eq!(kind["type"], "listed");
    assert_eq!(types, serde_json::from_value::<Vec<String>>(kit["damage_kinds"].clone()).unwrap());
    assert_eq!(types[0], "blunt");
    assert!(types.iter().any(|k| k == "fire"));
    // Ars Magica's stunt: the rows of the Sample Advantages table.
    let (_, stunts, _) = choices(&mut t, "ars-magica", "fight", "stunt", "stunt");
    assert!(stunts.iter().any(|s| s == "Trip") && stunts.iter().any(|s| s == "Disarm"), "{stunts:?}");
    // MLAF: the spells of the reference, by name; a position too.
    let (_, spells, _) = choices(&mut t, "mlaf", "match", "cast", "spell");
    assert!(spells.iter().any(|s| s == "Fire Ball"), "{spells:?}");
    let (_, positions, _) = choices(&mut t, "mlaf", "match", "roster", "position");
    assert!(positions.iter().any(|p| p == "Siren"), "{positions:?}");
    // Primal Wild's arts stay a choice of their own words.
    let (kind, arts, _) = choices(&mut t, "primal-wild", "duel", "arms", "sword");
    assert_eq!(kind["type"], "choice");
    assert!(!arts.is_empty());
    // A combatant is picked from the encounter's roster, which the form holds.
    let (kind, names, _) = choices(&mut t, "mythcraft", "fight", "attack", "target");
    assert_eq!(kind, serde_json::json!({ "type": "listed", "list": { "from": "combatants" } }));
    assert!(names.is_empty());
}

/// Issue 33: refusals the app gets from the tracker's bar and its Add form (not through an
/// action form, so never reworded) named command-line flags and commands ("--count",
/// "--type", "`tome encounter start`", "`act ENC arms …`"). They are said in words that
/// read in both the app and the CLI.
#[test]
fn the_tracker_s_refusals_name_no_flags_or_commands() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut said = Vec::new();
    let mut refuse = |r: tome::Result<tome::api::EncounterView>| said.push(r.unwrap_err().to_string());
    let e = t.create_encounter("mythcraft", "Words").unwrap().id;
    refuse(t.encounter_add_npc(e, "Goblin", 60, BTreeMap::new()));
    t.encounter_add_npc(e, "Goblin", 1, BTreeMap::new()).unwrap();
    refuse(t.encounter_change(e, Event::Damage { name: "Goblin".into(), amount: 3, kind: None }));
    let a = t.create_encounter("amtgard", "Words").unwrap().id;
    t.encounter_add_npc(a, "Ash", 1, BTreeMap::new()).unwrap();
    t.encounter_start(a, &[], &[], Some(1)).unwrap();
    refuse(t.encounter_change(a, Event::Damage { name: "Ash".into(), amount: 1, kind: None }));
    refuse(t.encounter_change(a, Event::Damage { name: "Ash".into(), amount: 99, kind: Some("left-arm".into()) }));
    let d = t.create_encounter_mode("primal-wild", "Words", Some("duel")).unwrap().id;
    t.encounter_add_npc(d, "Ada", 1, stats(&[("gnosis", 3), ("forces", 3), ("prime", 2), ("willpower", 5)])).unwrap();
    t.encounter_add_npc(d, "Bram", 1, stats(&[("gnosis", 2), ("death", 2), ("mind", 2), ("willpower", 4)])).unwrap();
    t.encounter_start(d, &[], &[], Some(1)).unwrap();
    refuse(t.encounter_act_form(d, "clash", None, BTreeMap::new(), Some(1)));
    assert_eq!(said.len(), 5);
    for message in &said {
        assert!(!message.contains("--") && !message.contains('`'), "{message}");
    }
    assert!(said[0].contains("between 1 and 50, not 60"), "{}", said[0]);
    assert!(said[3].contains("1 to 20 hits at a time, not 99"), "{}", said[3]);
    assert!(said[4].contains("take up arms first"), "{}", said[4]);
}

/// Issue 44: a creature whose AP nobody counts in the tracker (the game master deals quick
/// damage and passes turns) was said to lose "3 Reactive AP over the cap" every turn. Its
/// AP still carry as the rule says; the words come only when AP are spent in the tracker.
#[test]
fn mythcraft_reactive_ap_lost_over_the_cap_is_said_only_when_ap_are_counted() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Quiet").unwrap().id;
    t.encounter_add_npc(e, "Goblin", 1, [("max-hp".to_string(), 8)].into()).unwrap();
    t.encounter_start(e, &[("Goblin".to_string(), 10)], &[], None).unwrap();
    let said = |t: &mut Tome| {
        let v = t.encounter_change(e, Event::Next).unwrap();
        v.latest.map(|l| l.lines.join(" | ")).unwrap_or_default()
    };
    for _ in 0..3 {
        let line = said(&mut t);
        assert!(!line.contains("over the cap") && !line.contains("keeps"), "{line}");
    }
    // Spending in the tracker: what is kept, and what is lost over the cap, is said.
    t.encounter_change(e, Event::Set { name: "Goblin".into(), field: "ap".into(), value: 2 }).unwrap();
    let line = said(&mut t);
    assert!(line.contains("keeps 2 Reactive AP"), "{line}");
}

/// MythCraft lines 261, 277: "Bleeding (2)" and "Burning (1d4)" are the conditions
/// Bleeding and Burning with their amount, not inert custom conditions.
#[test]
fn a_condition_with_an_amount_in_its_name_is_the_real_condition() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_npc(e, "Ogre", 1, stats(&[("max-hp", 40)])).unwrap();
    for (typed, id) in
        [("Bleeding (2)", "mythcraft/condition/bleeding"), ("burning (1d4)", "mythcraft/condition/burning")]
    {
        let v = t.encounter_condition(e, "Ogre", typed, tome::encounters::Duration::UntilRemoved, false).unwrap();
        let conditions = combatant(&v, "Ogre")["conditions"].to_string();
        assert!(conditions.contains(id), "{typed}: {conditions}");
    }
    let conditions = combatant(&t.encounter(e).unwrap(), "Ogre")["conditions"].to_string();
    assert!(conditions.contains("Bleeding (2)") && conditions.contains("Burning (1d4)"), "{conditions}");
}

/// A condition name the reference does not know is refused with what may have been
/// meant (it was kept as an inert custom condition, so "Stunnd" stunned nobody); the
/// game master keeps a name as its own only by saying so, and a name the reference knows
/// is its entry even then. In all five systems.
#[test]
fn an_unknown_condition_is_refused_with_suggestions_unless_kept_as_custom() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Typo").unwrap().id;
    t.encounter_add_npc(e, "Ogre", 1, stats(&[])).unwrap();
    let err = t.encounter_condition(e, "Ogre", "Stunnd", Duration::UntilRemoved, false).unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound, "{err}");
    // The condition meant, not the rules whose summaries mention being stunned.
    assert_eq!(err.suggestions(), ["Stunned"], "{err}");
    assert!(err.to_string().contains("custom"), "{err}");
    assert!(conditions(&t.encounter(e).unwrap(), "Ogre").is_empty(), "nothing added");
    let v = t.encounter_custom_condition(e, "Ogre", "Marked by the witch", Duration::UntilRemoved).unwrap();
    assert_eq!(conditions(&v, "Ogre"), ["Marked by the witch"]);
    let v = t.encounter_custom_condition(e, "Ogre", "stunned", Duration::UntilRemoved).unwrap();
    let stunned =
        combatant(&v, "Ogre")["conditions"].as_array().unwrap().iter().find(|c| c["name"] == "Stunned").cloned();
    assert_eq!(stunned.unwrap()["id"], "mythcraft/condition/stunned", "a known name is its entry, custom or not");

    for system in ["ars-magica", "amtgard", "mlaf", "primal-wild", "mythcraft"] {
        let e = t.create_encounter(system, "Five").unwrap().id;
        t.encounter_add_npc(e, "Rook", 1, stats(&[])).unwrap();
        let err = t.encounter_condition(e, "Rook", "Zzyzx glow", Duration::UntilRemoved, false).unwrap_err();
        assert_eq!(err.code(), ErrorCode::NotFound, "{system}: {err}");
        t.encounter_custom_condition(e, "Rook", "Zzyzx glow", Duration::UntilRemoved).unwrap();
        if let Some(known) = t.list(tome::Kind::Condition, Some(system)).unwrap().first() {
            t.encounter_condition(e, "Rook", &known.name, Duration::UntilRemoved, false)
                .unwrap_or_else(|err| panic!("{system}: {}: {err}", known.name));
        }
    }
}

/// "Did you mean" offers entries whose names (aliases, summaries) come close to what was
/// typed, never one that only mentions the word in its text: "covenant" is answered with
/// Covenant grogs, not Travel, whose text speaks of leaving the covenant.
#[test]
fn an_unknown_condition_is_answered_with_close_names_not_text_that_mentions_it() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Words").unwrap().id;
    t.encounter_add_npc(e, "Rook", 1, stats(&[])).unwrap();
    let filter = tome::search::SearchFilter { system: Some("ars-magica".into()), kind: None, limit: Some(20) };
    let in_text: Vec<String> =
        t.search("covenant", &filter).unwrap().into_iter().filter(|h| h.matched == "body").map(|h| h.name).collect();
    assert!(in_text.contains(&"Travel".to_string()), "{in_text:?}");
    let err = t.encounter_condition(e, "Rook", "covenant", Duration::UntilRemoved, false).unwrap_err();
    assert_eq!(err.suggestions(), ["Covenant grogs"], "{err}");
    assert!(err.to_string().contains("did you mean `Covenant grogs`?"), "{err}");
    // Nothing close: the sentence still ends before the next begins.
    let err = t.encounter_condition(e, "Rook", "Zzyzx", Duration::UntilRemoved, false).unwrap_err();
    assert!(err.suggestions().is_empty(), "{err}");
    assert!(err.to_string().contains("named `Zzyzx`. To keep it as your own condition"), "{err}");
}

/// A typed initiative roll outside what the system's die rolls is refused with the
/// reason before the order is worked out (fuzzing found an Ars Magica start with a roll
/// of i64::MIN overflowing the Initiative Total), and nothing is stored.
#[test]
fn a_typed_initiative_roll_the_die_cannot_make_is_refused() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Ambush").unwrap().id;
    t.encounter_add_npc(e, "Ignatio", 1, stats(&[("initiative", -6)])).unwrap();
    t.encounter_add_npc(e, "Polandrus", 1, stats(&[])).unwrap();
    for roll in [i64::MIN, -1, i64::MAX] {
        let err = t.encounter_start(e, &typed(&[("ignatio", roll)]), &[], Some(1)).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidInput, "{err}");
        assert!(err.to_string().contains("Ignatio's stress roll must be between 0 and"), "{err}");
        assert_eq!(t.encounter(e).unwrap().round, 0, "nothing started");
    }
    let err = t.encounter_start(e, &[], &typed(&[("Polandrus", i64::MIN)]), Some(1)).unwrap_err();
    assert!(err.to_string().contains("Polandrus's stress roll"), "{err}");
    assert_eq!(t.encounter(e).unwrap().round, 0, "nothing started");
    let v = t.encounter_start(e, &typed(&[("Ignatio", 7)]), &[], Some(1)).unwrap();
    assert_eq!(v.round, 1);
}

/// Ars Magica: "Unconscious" is a Fatigue level, found through the Fatigue entry's alias:
/// the condition added is Unconscious (linked to that entry), not "Fatigue" beside it,
/// and `--remove Unconscious` takes it off.
#[test]
fn ars_magica_unconscious_adds_only_unconscious() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Cellar").unwrap().id;
    t.encounter_add_npc(e, "Grog", 1, stats(&[("init", 1)])).unwrap();
    let v = t.encounter_condition(e, "Grog", "Unconscious", Duration::UntilRemoved, false).unwrap();
    let conditions = v.combatants[0]["conditions"].as_array().unwrap().clone();
    let names: Vec<&str> = conditions.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Unconscious"], "{conditions:?}");
    let v = t.encounter_condition(e, "Grog", "Unconscious", Duration::UntilRemoved, true).unwrap();
    assert!(v.combatants[0]["conditions"].as_array().unwrap().is_empty(), "{:?}", v.combatants[0]);
}

/// A stat given twice under two of its words (`init` and `initiative`) is refused, not
/// "the last one wins".
#[test]
fn a_stat_given_twice_under_two_words_is_refused() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Twice").unwrap().id;
    let err = t.encounter_add_npc(e, "Grog", 1, stats(&[("init", 1), ("initiative", 4)])).unwrap_err().to_string();
    assert!(err.contains("twice"), "{err}");
    assert!(t.encounter(e).unwrap().combatants.is_empty());
}

/// Ars Magica lines 265-268: only a trained group has a leader and a bonus to place; an
/// untrained one shows neither (it read "bonus on attack, leader 1").
#[test]
fn ars_magica_an_untrained_group_shows_no_bonus_or_leader() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Mob").unwrap().id;
    t.encounter_add_npc(e, "Peasants", 1, stats(&[("members", 4)])).unwrap();
    t.encounter_add_npc(e, "Guards", 1, stats(&[("members", 3), ("leadership", 3), ("others-ability", 6)])).unwrap();
    let v = t.encounter(e).unwrap();
    let mob = combatant(&v, "Peasants")["group"].as_object().unwrap().clone();
    assert!(!mob.contains_key("leader") && !mob.contains_key("bonus_on"), "{mob:?}");
    let guards = combatant(&v, "Guards")["group"].clone();
    assert_eq!(guards["trained"], true, "{guards}");
    assert_eq!(guards["leader"], 1, "{guards}");
}

/// Ars Magica line 158: against missiles only a shield's Defense bonus counts. An archer
/// shooting `--at-range` meets the target's Missile Defense (`missile-defense`: Quickness,
/// Combat Ability and the shield's Defense) when it is given; when it is not, the full
/// Defense Total stands and the log says what to type.
#[test]
fn ars_magica_missile_defense_counts_only_the_shield_at_range() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Butts").unwrap().id;
    t.encounter_add_npc(e, "Archer", 1, stats(&[("init", 5), ("atk", 10), ("missile", 1), ("dam", 5)])).unwrap();
    t.encounter_add_npc(e, "Knight", 1, stats(&[("def", 12), ("missile-defense", 4), ("soak", 20)])).unwrap();
    t.encounter_add_npc(e, "Squire", 1, stats(&[("def", 12), ("soak", 20)])).unwrap();
    t.encounter_start(e, &typed(&[("Archer", 9), ("Knight", 1), ("Squire", 1)]), &[], None).unwrap();
    let shot = [("target", "Knight"), ("at-range", ""), ("attack-die", "5"), ("defense-die", "5")];
    act(&mut t, e, "attack", "Archer", &shot).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Attack Total 15 against Defense Total 9"), "{said}");
    t.encounter_undo(e).unwrap();
    let shot = [("target", "Squire"), ("at-range", ""), ("attack-die", "5"), ("defense-die", "5")];
    act(&mut t, e, "attack", "Archer", &shot).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Defense Total 17") && said.contains("missile-defense"), "{said}");
}

/// MythCraft: a hidden adversary that attacks a combatant the players see, or is struck
/// by one, is offered for showing: `reveal` names it and why, but only in a fight set to
/// offer it (off by default, a setting of each fight), only while it is still hidden, and
/// only after the change that showed it at work. The table's phones hear nothing of it.
#[test]
fn mythcraft_a_hidden_adversary_seen_at_work_is_offered_for_revealing_where_the_fight_says() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_npc(e, "Hero", 1, stats(&[("max-hp", 20)])).unwrap();
    t.encounter_add_npc(e, "Mage", 1, stats(&[("max-hp", 20)])).unwrap();
    t.encounter_add_npc_with(e, "Goblin", 1, stats(&[("max-hp", 30)]), Some(true), None).unwrap();
    t.encounter_start(e, &typed(&[("Goblin", 20), ("Hero", 10), ("Mage", 5)]), &[], None).unwrap();
    let v = mythcraft_attack(&mut t, e, "Goblin", "Hero", "15", "3", &[]).unwrap();
    assert!(!v.offer_reveal && v.reveal.is_empty(), "off by default: {:?}", v.reveal);
    t.encounter_undo(e).unwrap();
    let v = t.encounter_offer_reveal(e, true).unwrap();
    assert!(v.offer_reveal);
    let v = mythcraft_attack(&mut t, e, "Goblin", "Hero", "15", "3", &[]).unwrap();
    assert_eq!(v.reveal.len(), 1, "{:?}", v.reveal);
    assert_eq!(v.reveal[0].name, "Goblin");
    assert!(v.reveal[0].why.contains("Goblin attacked Hero"), "{}", v.reveal[0].why);
    assert_eq!(t.encounter(e).unwrap().reveal, v.reveal, "the board says it until the next change");
    assert!(serde_json::to_string(&t.table_view(e).unwrap()).unwrap().find("Goblin").is_none(), "not to the table");
    // The next change offers nothing more; the Hero striking it back offers it again.
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert!(v.reveal.is_empty(), "{:?}", v.reveal);
    let v = mythcraft_attack(&mut t, e, "Hero", "Goblin", "15", "3", &[]).unwrap();
    assert!(v.reveal[0].why.contains("Hero, whom the players see, struck Goblin"), "{:?}", v.reveal);
    // Shown, it is offered no more; nor is a hidden one among the hidden.
    t.encounter_change(e, Event::Hide { name: "Goblin".into(), hidden: false }).unwrap();
    assert!(t.encounter(e).unwrap().reveal.is_empty());
    let v = t.encounter_offer_reveal(e, false).unwrap();
    assert!(!v.offer_reveal);
}

/// Issue 56: a MythCraft attack with no roll typed is rolled by Tome, the d20 plus the
/// attacker's bonus, and its damage from the weapon's dice plus modifier; the log says
/// the dice as they fell, as Tome's.
#[test]
fn mythcraft_attack_left_to_tome_rolls_the_d20_with_its_bonus_and_the_weapons_damage() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Yard").unwrap().id;
    t.encounter_add_npc(e, "Vex", 1, stats(&[("max-hp", 20), ("attack-ap", 2), ("adventurer", 1)])).unwrap();
    t.encounter_add_npc(e, "Ogre", 1, stats(&[("max-hp", 60), ("ar", 1)])).unwrap();
    t.encounter_start(e, &typed(&[("Vex", 20), ("Ogre", 1)]), &[], None).unwrap();
    let before = 60;
    let inputs = [("target", "Ogre"), ("bonus", "5"), ("dice", "1d6"), ("modifier", "2"), ("range", "melee")];
    let v = act(&mut t, e, "attack", "Vex", &inputs).unwrap();
    let log = last_log(&t, e);
    // The d20 and its bonus, as Tome rolled them: "d20 N + 5 = N+5".
    let said = log
        .lines()
        .chain(t.encounter_log(e).unwrap().last().unwrap().terms.iter().map(|x| x.label.as_str()))
        .find(|l| l.contains("rolled by Tome"))
        .unwrap_or_else(|| panic!("no roll of Tome's in {log}"))
        .to_string();
    let d20: i64 = said
        .split("d20 ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!((1..=20).contains(&d20) && said.contains(&format!("+ 5 = {}", d20 + 5)), "{said}");
    let hp = combatant(&v, "Ogre")["hp"].as_i64().unwrap();
    if d20 == 1 {
        assert_eq!(hp, before, "a natural 1 misses: {log}");
    } else if d20 < 20 {
        // AR 1 is always reached: the damage is 1d6 + 2.
        assert!((before - 8..=before - 3).contains(&hp), "{hp}: {log}");
    }
    // Without the weapon's dice, Tome cannot roll the damage, and says what to give.
    let err = act(&mut t, e, "attack", "Vex", &[("target", "Ogre"), ("range", "melee")]).unwrap_err().to_string();
    assert!(err.contains("--dice") && err.contains("--amount"), "{err}");
}

/// Issue 56: a stat changed on a character's sheet mid-fight reaches the fight (an AP per
/// attack written on the sheet is what the next attack costs), and only what the sheet
/// changed: a stat the game master set by hand in the fight stays.
#[test]
fn a_stat_changed_on_the_sheet_reaches_the_fight_going_on() {
    let mut t = Tome::open_in_memory().unwrap();
    let vex = saved_character(&mut t, "mythcraft", "Vex", &[("max-hp", 20)]);
    let e = t.create_encounter("mythcraft", "Yard").unwrap().id;
    t.encounter_add_character(e, vex.id).unwrap();
    t.encounter_add_npc(e, "Ogre", 1, stats(&[("max-hp", 30), ("ar", 5)])).unwrap();
    t.encounter_start(e, &typed(&[("Vex", 20), ("Ogre", 1)]), &[], None).unwrap();
    // The game master gives Vex 25 HP at most for this fight.
    t.encounter_change(e, Event::Set { name: "Vex".into(), field: "max-hp".into(), value: 25 }).unwrap();

    let mut c = t.character(vex.id).unwrap();
    c.values.insert("attack-ap".into(), tome::characters::SheetValue::Int(2));
    t.save_character(&c).unwrap();
    assert!(last_log(&t, e).starts_with("Vex: AP its usual attack costs"), "{}", last_log(&t, e));
    // The next attack costs the sheet's AP with none typed.
    let v = act(&mut t, e, "attack", "Vex", &[("target", "Ogre"), ("roll", "15"), ("amount", "4"), ("range", "melee")])
        .unwrap();
    assert_eq!(combatant(&v, "Vex")["ap"].as_i64(), Some(1), "3 AP less the sheet's 2: {}", last_log(&t, e));

    let mut c = t.character(vex.id).unwrap();
    c.values.insert("notes".into(), "A scar over one eye".into());
    t.save_character(&c).unwrap();
    let v = t.encounter(e).unwrap();
    assert_eq!(
        combatant(&v, "Vex")["max_hp"].as_i64(),
        Some(25),
        "the game master's maximum stays: the sheet's did not change"
    );
}
