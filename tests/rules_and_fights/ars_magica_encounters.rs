//! Ars Magica's fights (document 001): mounted combat, scuffles and grapples as fight
//! actions, and a group that splits when its vanguard falls, played through the API as a
//! storyguide would. Line numbers are of `001_aee625344e601f5d.txt`.

use crate::common;

use common::fight::{act, combatant, last_log, stats, typed};
use tome::encounters::Event;
use tome::Tome;

/// Lines 400-402: a mounted character adds his Ride score, at most +3, to his Attack
/// and Defense Totals. (Before, only the `mounted` calculator knew it.)
#[test]
fn ars_magica_a_rider_adds_ride_up_to_three_to_attack_and_defense_in_a_fight() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Joust").unwrap().id;
    let knight = stats(&[("init", 5), ("atk", 10), ("def", 6), ("soak", 30), ("mounted-ride", 5)]);
    t.encounter_add_npc(e, "Knight", 1, knight).unwrap();
    t.encounter_add_npc(e, "Squire", 1, stats(&[("atk", 4), ("def", 8), ("soak", 30)])).unwrap();
    t.encounter_start(e, &typed(&[("Knight", 9), ("Squire", 1)]), &[], None).unwrap();
    let blow = [("target", "Squire"), ("attack-die", "5"), ("defense-die", "5")];
    act(&mut t, e, "attack", "Knight", &blow).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Attack Total 18 against Defense Total 13"), "10 + 5 + Ride at most 3: {said}");
    t.encounter_change(e, Event::Next).unwrap();
    let back = [("target", "Knight"), ("attack-die", "5"), ("defense-die", "5")];
    act(&mut t, e, "attack", "Squire", &back).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Attack Total 9 against Defense Total 14"), "6 + 5 + Ride at most 3: {said}");
    assert_eq!(combatant(&t.encounter(e).unwrap(), "Knight")["mounted"], true);
}

/// Lines 413-436: a scuffle is the normal exchange, and the wound the blow would cause
/// in earnest is read off the Scuffle Effects table (Short-Term Fatigue, a lesser
/// wound); a real weapon costs −3 on Attack and its Dam. (Before, a calculator only.)
#[test]
fn ars_magica_a_scuffle_in_a_fight_costs_fatigue_by_the_scuffle_effects_table() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Tavern").unwrap().id;
    t.encounter_add_npc(e, "Brawler", 1, stats(&[("init", 5), ("atk", 10), ("dam", 5)])).unwrap();
    t.encounter_add_npc(e, "Drunk", 1, stats(&[("def", 5), ("soak", 2)])).unwrap();
    t.encounter_start(e, &typed(&[("Brawler", 9), ("Drunk", 1)]), &[], None).unwrap();
    let punch = [("target", "Drunk"), ("attack-die", "5"), ("defense-die", "5")];
    // 15 against 10: advantage 5, Damage Total 10, 8 past Soak: a Medium wound in
    // earnest, two Fatigue levels in a scuffle.
    let v = act(&mut t, e, "scuffle", "Brawler", &punch).unwrap();
    let drunk = combatant(&v, "Drunk");
    assert_eq!(drunk["fatigue"], "Weary", "{}", last_log(&t, e));
    assert_eq!(drunk["wounds"]["medium"], 0, "no wound from a Medium blow: {drunk}");
    assert!(last_log(&t, e).contains("loses 2 Short-Term Fatigue levels"), "{}", last_log(&t, e));
    // The same blow with a long sword: 12 against 10, Damage score 5 - 6: no effect.
    t.encounter_undo(e).unwrap();
    let mut cut = punch.to_vec();
    cut.push(("weapon", "Sword, Long"));
    let v = act(&mut t, e, "scuffle", "Brawler", &cut).unwrap();
    assert_eq!(combatant(&v, "Drunk")["fatigue"], "Fresh", "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("advantage 2"), "{}", last_log(&t, e));
    // Issue 72: the line gives the Attack Total the blow was read from, the −3 taken.
    let said = last_log(&t, e);
    assert!(said.contains("Attack Total 12 against Defense Total 10, advantage 2"), "{said}");
    // A heavy blow in earnest: two levels and a Light wound.
    t.encounter_undo(e).unwrap();
    t.encounter_change(e, Event::Set { name: "Brawler".into(), field: "dam".into(), value: 10 }).unwrap();
    let v = act(&mut t, e, "scuffle", "Brawler", &punch).unwrap();
    let drunk = combatant(&v, "Drunk");
    assert_eq!((drunk["fatigue"].as_str(), drunk["wounds"]["light"].as_i64()), (Some("Weary"), Some(1)), "{drunk}");
}

/// Lines 419-421: scuffling with a real weapon takes 3 from the Attack Total. The terms
/// under a scuffle's result name as its Attack Total the one the blow is read from (12),
/// the total before the −3 (15) named as such, in the fight's log and in the `scuffle`
/// calculator alike. (They said "Attack Total +15", then the −3.)
#[test]
fn ars_magica_a_scuffles_terms_give_the_attack_total_after_a_real_weapons_minus_three() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Tavern").unwrap().id;
    t.encounter_add_npc(e, "Brawler", 1, stats(&[("init", 5), ("atk", 10), ("dam", 5)])).unwrap();
    t.encounter_add_npc(e, "Drunk", 1, stats(&[("def", 5), ("soak", 2)])).unwrap();
    t.encounter_start(e, &typed(&[("Brawler", 9), ("Drunk", 1)]), &[], None).unwrap();
    let cut = [("target", "Drunk"), ("attack-die", "5"), ("defense-die", "5"), ("weapon", "Sword, Long")];
    act(&mut t, e, "scuffle", "Brawler", &cut).unwrap();
    let logged = t.encounter_log(e).unwrap().last().unwrap().terms.clone();
    let inputs = [("attack", "15"), ("defense", "10"), ("damage", "5"), ("soak", "2"), ("weapon", "Sword, Long")];
    let values = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let calculated = t.calculate("ars-magica", "scuffle", values).unwrap().terms;
    for terms in [logged, calculated] {
        let said: Vec<String> = terms.iter().map(|x| format!("{} {}", x.label, x.value_text())).collect();
        let totals: Vec<&String> = said.iter().filter(|l| l.starts_with("Attack Total")).collect();
        assert_eq!(totals, ["Attack Total before the real weapon's −3 +15", "Attack Total 12"], "{said:?}");
    }
}

/// Lines 438-458: a grapple takes hold with the Attack Advantage as its Grapple
/// Strength (Brawl with free hands); the held one may only try to break free, its
/// advantage taking strength away, and breaking free deals the grappler a Light wound.
/// (Before, a calculator only.)
#[test]
fn ars_magica_a_grapple_in_a_fight_holds_until_the_held_one_breaks_free() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Pit").unwrap().id;
    t.encounter_add_npc(e, "Wrestler", 1, stats(&[("atk", 3), ("brawl-attack", 8), ("soak", 5)])).unwrap();
    t.encounter_add_npc(e, "Thief", 1, stats(&[("atk", 6), ("def", 4)])).unwrap();
    t.encounter_start(e, &typed(&[("Wrestler", 9), ("Thief", 1)]), &[], None).unwrap();
    let hold = [("target", "Thief"), ("attack-die", "5"), ("defense-die", "5")];
    // Brawl 8 + 5 against 4 + 5: advantage 4.
    let v = act(&mut t, e, "grapple", "Wrestler", &hold).unwrap();
    assert_eq!(combatant(&v, "Wrestler")["grips"][0]["strength"], 4, "{}", last_log(&t, e));
    t.encounter_change(e, Event::Next).unwrap();
    let stab = [("target", "Wrestler"), ("attack-die", "5"), ("defense-die", "5")];
    let err = act(&mut t, e, "attack", "Thief", &stab).unwrap_err().to_string();
    assert!(err.contains("held by Wrestler") && err.contains("grapple --target Wrestler"), "{err}");
    assert!(act(&mut t, e, "disengage", "Thief", &[]).unwrap_err().to_string().contains("held by Wrestler"));
    // 6 + 2 against 0 + 5: advantage 3, Grapple Strength 4 - 3.
    let wriggle = [("target", "Wrestler"), ("attack-die", "2"), ("defense-die", "5")];
    let v = act(&mut t, e, "grapple", "Thief", &wriggle).unwrap();
    assert_eq!(combatant(&v, "Wrestler")["grips"][0]["strength"], 1, "{}", last_log(&t, e));
    t.encounter_undo(e).unwrap();
    // 6 + 5 against 0 + 5: advantage 6, free, and the grappler takes a Light wound.
    let v = act(&mut t, e, "grapple", "Thief", &stab).unwrap();
    let wrestler = combatant(&v, "Wrestler");
    assert!(wrestler.get("grips").is_none(), "{wrestler}");
    assert_eq!(wrestler["wounds"]["light"], 1, "{}", last_log(&t, e));
}

/// Line 273: when a group's vanguard is killed or incapacitated, the group splits into
/// individuals; those still standing become combatants in the same change, each with
/// the wounds it took in the group, acting at the group's initiative. Undo takes them
/// back. (Before, the log said to add them by hand.)
#[test]
fn ars_magica_a_group_whose_vanguard_falls_splits_into_its_survivors_in_one_step() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Ford").unwrap().id;
    let grogs = stats(&[("atk", 5), ("def", 0), ("members", 3), ("ability", 3), ("others-ability", 4)]);
    t.encounter_add_npc(e, "Grogs", 1, grogs).unwrap();
    t.encounter_add_npc(e, "Bandits", 1, stats(&[("atk", 10), ("dam", 5), ("members", 3)])).unwrap();
    t.encounter_add_npc(e, "Knight", 1, stats(&[("atk", 20), ("dam", 30)])).unwrap();
    t.encounter_start(e, &typed(&[("Bandits", 20), ("Knight", 15), ("Grogs", 1)]), &[], None).unwrap();
    let blow = [("target", "Grogs"), ("attack-die", "5"), ("defense-die", "5")];
    // 15 against 5: 15 past Soak, a Heavy wound on each of the three.
    act(&mut t, e, "attack", "Bandits", &blow).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    let v = act(&mut t, e, "attack", "Knight", &blow).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("vanguard is killed") && said.contains("Grogs 2, Grogs 3 fight on"), "{said}");
    for name in ["Grogs 2", "Grogs 3"] {
        let c = combatant(&v, name);
        assert_eq!(c["wounds"]["heavy"], 1, "{name} keeps its own wound: {c}");
        assert!(c.get("group").is_none(), "{name} fights alone: {c}");
    }
    assert!(combatant(&v, "Grogs").get("group").is_none(), "the vanguard alone is left");
    assert_eq!(v.order, ["Bandits", "Knight", "Grogs", "Grogs 2", "Grogs 3"], "at the group's initiative");
    let v = t.encounter_undo(e).unwrap();
    assert_eq!(v.combatants.len(), 3, "undo takes the survivors back");
    assert_eq!(combatant(&v, "Grogs")["group"]["members"], 3);
}

/// Lines 360-361: a party disengages by making a Defense Total where it would have made
/// an Attack Total, so one that has attacked this round (a scuffle too) may not also
/// try to leave; the refusal says why and changes nothing. (Issue 72: both were taken.)
#[test]
fn ars_magica_a_party_that_attacked_cannot_disengage_in_the_same_turn() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Bridge").unwrap().id;
    t.encounter_add_npc(e, "Knight", 1, stats(&[("atk", 9), ("def", 6)])).unwrap();
    t.encounter_add_npc(e, "Brute", 1, stats(&[("atk", 5), ("def", 5), ("soak", 30)])).unwrap();
    t.encounter_start(e, &typed(&[("Knight", 9), ("Brute", 1)]), &[], None).unwrap();
    for action in ["attack", "scuffle"] {
        act(&mut t, e, action, "Knight", &[("target", "Brute"), ("attack-die", "1"), ("defense-die", "1")]).unwrap();
        let before = t.encounter_log(e).unwrap().len();
        let err = act(&mut t, e, "disengage", "Knight", &[("against", "Brute=1"), ("die", "9")]).unwrap_err();
        assert!(err.to_string().contains("already attacked this round"), "after {action}: {err}");
        assert_eq!(t.encounter_log(e).unwrap().len(), before, "nothing changed");
        assert_eq!(combatant(&t.encounter(e).unwrap(), "Knight")["left"], false);
        t.encounter_undo(e).unwrap();
    }
    // On its next turn, without attacking first, it may try.
    act(&mut t, e, "disengage", "Knight", &[("against", "Brute=1"), ("die", "9")]).unwrap();
    assert_eq!(combatant(&t.encounter(e).unwrap(), "Knight")["left"], true, "{}", last_log(&t, e));
}

/// Lines 816-818: the lance is used as itself only from horseback; dismounted it is
/// wielded two-handed as a Long Spear. The content marks it, its Attack Total says it,
/// and a knight whose sheet holds a lance may strike with it only while mounted.
/// (Issue 72: it was marked nowhere, and a knight on foot lanced away.)
#[test]
fn ars_magica_the_lance_strikes_only_from_horseback() {
    let mut t = Tome::open_in_memory().unwrap();
    let lance = t.show("ars-magica/weapon/lance").unwrap();
    assert!(matches!(&lance.detail, Some(tome::model::Detail::Weapon(w)) if w.horseback), "{lance:?}");
    let spear = t.show("ars-magica/weapon/spear-long").unwrap();
    assert!(matches!(&spear.detail, Some(tome::model::Detail::Weapon(w)) if !w.horseback));
    let mut c = t.create_character("ars-magica", "Knight").unwrap();
    c.values.insert("dexterity".into(), tome::characters::SheetValue::Int(1));
    c.values.insert("ability.single-weapon".into(), tome::characters::SheetValue::Int(5));
    let mut item = t.character_item("ars-magica/weapon/lance").unwrap();
    item.equipped = true;
    c.items.push(item);
    let knight = t.save_character(&c).unwrap();
    let derived = t.derive_character(&knight).unwrap();
    let atk = derived.stats.iter().find(|s| s.key == "weapon.lance.attack").unwrap();
    // Dexterity 1 + Single Weapon 5 + Lance Atk 4.
    assert_eq!(atk.value, 10);
    assert!(atk.terms.iter().any(|t| t.label == "Horseback only"), "{:?}", atk.terms);
    let e = t.create_encounter("ars-magica", "Lists").unwrap().id;
    t.encounter_add_character(e, knight.id).unwrap();
    t.encounter_add_npc(e, "Squire", 1, stats(&[("def", 3), ("soak", 30)])).unwrap();
    t.encounter_start(e, &typed(&[("Knight", 9), ("Squire", 1)]), &[], None).unwrap();
    let blow = [("target", "Squire"), ("attack-die", "5"), ("defense-die", "5")];
    let err = act(&mut t, e, "attack", "Knight", &blow).unwrap_err().to_string();
    assert!(err.contains("only from horseback") && err.contains("mounted-ride"), "{err}");
    t.encounter_change(e, Event::Set { name: "Knight".into(), field: "mounted-ride".into(), value: 2 }).unwrap();
    act(&mut t, e, "attack", "Knight", &blow).unwrap();
    let said = last_log(&t, e);
    // 10 + 5 + Ride 2 against 3 + 5.
    assert!(said.contains("Attack Total 17 against Defense Total 8"), "{said}");
}
