//! Primal Wild's fight and Duel Arcane, played through the API as a game master would.
//! Line numbers are of the rules document 003_3934b0afde6de550.txt.

use std::collections::BTreeMap;

use serde_json::Value;
use tome::encounters::Event;
use tome::Tome;

fn stats(pairs: &[(&str, i64)]) -> BTreeMap<String, i64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn typed(pairs: &[(&str, i64)]) -> Vec<(String, i64)> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn combatant<'a>(view: &'a tome::api::EncounterView, name: &str) -> &'a Value {
    view.combatants.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name} in {view:#?}"))
}

fn act(
    t: &mut Tome,
    e: i64,
    action: &str,
    name: &str,
    inputs: &[(&str, &str)],
) -> tome::Result<tome::api::EncounterView> {
    let inputs = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    t.encounter_act(e, action, Some(name).filter(|n| !n.is_empty()), inputs, Some(1))
}

fn last_log(t: &Tome, e: i64) -> String {
    t.encounter_log(e).unwrap().last().unwrap().lines.join("\n")
}

fn wounds(v: &tome::api::EncounterView, name: &str) -> (i64, i64, i64) {
    let d = &combatant(v, name)["damage"];
    (d["aggravated"].as_i64().unwrap(), d["lethal"].as_i64().unwrap(), d["bashing"].as_i64().unwrap())
}

/// A fight between the Acanthus (acting first) and the Mastigos, started.
fn gunfight(t: &mut Tome) -> i64 {
    let e = t.create_encounter("primal-wild", "Alley").unwrap().id;
    t.encounter_add_npc(e, "Acanthus", 1, stats(&[("init", 9)])).unwrap();
    t.encounter_add_npc(e, "Mastigos", 1, stats(&[("init", 2), ("health", 8)])).unwrap();
    t.encounter_start(e, &typed(&[("Acanthus", 5), ("Mastigos", 1)]), &[], None).unwrap();
    e
}

/// Line 191: the covertly boosted gunshot rolling one success against the Mastigos's
/// covert shield (Potency 2) leaves a single bashing wound.
#[test]
fn covert_gunshot_against_a_shielded_mastigos_leaves_one_bashing() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    act(&mut t, e, "defensive-spell", "Mastigos", &[("aspect", "covert")]).unwrap();
    let v = act(&mut t, e, "boosted-attack", "Mastigos", &[("aspect", "covert"), ("rolled", "1")]).unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (0, 0, 1), "{}", last_log(&t, e));
}

/// Line 160: armour subtracts only the points above the roll: a vulgar boost rolling one
/// success against armour 3 still deals the rolled point.
#[test]
fn armour_never_takes_a_rolled_success() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("primal-wild", "Alley").unwrap().id;
    t.encounter_add_npc(e, "Obrimos", 1, stats(&[("init", 9)])).unwrap();
    t.encounter_add_npc(e, "Guard", 1, stats(&[("init", 2), ("armor", 3)])).unwrap();
    t.encounter_start(e, &typed(&[("Obrimos", 5), ("Guard", 1)]), &[], None).unwrap();
    let v = act(&mut t, e, "boosted-attack", "Guard", &[("aspect", "vulgar"), ("rolled", "1")]).unwrap();
    assert_eq!(wounds(&v, "Guard"), (0, 1, 0), "{}", last_log(&t, e));
}

/// Line 173: a vulgar aggravated attack with 5 successes is 3 aggravated and 2 lethal.
#[test]
fn vulgar_aggravated_attack_marks_only_three_aggravated() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    let v = act(
        &mut t,
        e,
        "boosted-attack",
        "Mastigos",
        &[("aspect", "vulgar"), ("rolled", "5"), ("factor", "aggravated")],
    )
    .unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (3, 2, 0), "{}", last_log(&t, e));
}

/// Line 182: one attack per character per turn, whatever they sustain.
#[test]
fn a_second_attack_in_the_same_turn_is_refused() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    act(&mut t, e, "boosted-attack", "Mastigos", &[("aspect", "covert"), ("rolled", "1")]).unwrap();
    let err = act(&mut t, e, "shaping-attack", "Mastigos", &[("aspect", "vulgar"), ("potency", "4")]).unwrap_err();
    assert!(err.to_string().contains("Acanthus has already attacked this turn"), "{err}");
    // Not the Mastigos's turn yet.
    let err = act(
        &mut t,
        e,
        "boosted-attack",
        "Acanthus",
        &[("aspect", "covert"), ("rolled", "1"), ("attacker", "Mastigos")],
    )
    .unwrap_err();
    assert!(err.to_string().contains("Acanthus's turn"), "{err}");
    // The next turn is the Mastigos's own, and a new round gives the Acanthus another.
    t.encounter_change(e, Event::Next).unwrap();
    act(&mut t, e, "boosted-attack", "Acanthus", &[("aspect", "covert"), ("rolled", "0")]).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    act(&mut t, e, "boosted-attack", "Mastigos", &[("aspect", "covert"), ("rolled", "0")]).unwrap();
}

/// Line 7: a minion acts as part of its creator's turn: it leaves the turn order, and
/// its attack is its creator's one attack of the turn.
#[test]
fn a_minion_attacks_in_its_creators_turn() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    t.encounter_add_npc(e, "Zombie", 1, stats(&[("health", 5)])).unwrap();
    let v = act(&mut t, e, "minion", "Zombie", &[("creator", "Mastigos")]).unwrap();
    assert_eq!(v.order, ["Acanthus", "Mastigos"]);
    let err =
        act(&mut t, e, "boosted-attack", "Acanthus", &[("aspect", "covert"), ("rolled", "1"), ("attacker", "Zombie")])
            .unwrap_err();
    assert!(err.to_string().contains("Mastigos's turn"), "{err}");
    t.encounter_change(e, Event::Next).unwrap();
    act(&mut t, e, "boosted-attack", "Acanthus", &[("aspect", "covert"), ("rolled", "1"), ("attacker", "Zombie")])
        .unwrap();
    let err = act(&mut t, e, "boosted-attack", "Acanthus", &[("aspect", "covert"), ("rolled", "1")]).unwrap_err();
    assert!(err.to_string().contains("Mastigos has already attacked this turn"), "{err}");
    let err = act(&mut t, e, "minion", "Mastigos", &[("creator", "Mastigos")]).unwrap_err();
    assert!(err.to_string().contains("its own minion"), "{err}");
}

/// Lines 46 and 48: an ephemeral being with Rank, Resistance, Essence and Corpus. A
/// hostile spell of Potency 5 against Resistance 3 resisted with 2 successes nets 3: a
/// severe consequence. A covert rote cannot reach a Rank 3 being.
#[test]
fn an_ephemeral_being_in_the_fight() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    t.encounter_add_npc(e, "Spirit", 1, stats(&[("rank", 3), ("resistance", 3), ("max-essence", 10), ("corpus", 6)]))
        .unwrap();
    let v = t.encounter(e).unwrap();
    let spirit = combatant(&v, "Spirit");
    assert_eq!(
        (spirit["corpus"].as_i64(), spirit["rank"].as_i64(), spirit["essence"].as_i64()),
        (Some(6), Some(3), Some(10))
    );
    act(&mut t, e, "hostile-spell", "Spirit", &[("potency", "5"), ("resist-successes", "2")]).unwrap();
    assert!(last_log(&t, e).contains("severe"), "{}", last_log(&t, e));
    act(&mut t, e, "empower", "Spirit", &[("potency", "2"), ("source", "covert-rote")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("covert") && said.contains("Rank 1 or 2"), "{said}");
    let v = act(&mut t, e, "empower", "Spirit", &[("potency", "5"), ("source", "spell")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 3, "1 for matching Rank 3, 2 more above it");
    let err = act(&mut t, e, "hostile-spell", "Mastigos", &[("potency", "5")]).unwrap_err();
    assert!(err.to_string().contains("not an ephemeral being"), "{err}");
    // Hand-set values stay within the rules.
    let err =
        t.encounter_change(e, Event::Set { name: "Spirit".into(), field: "essence".into(), value: 11 }).unwrap_err();
    assert!(err.to_string().contains("between 0 and 10"), "{err}");
    let err =
        t.encounter_change(e, Event::Set { name: "Mastigos".into(), field: "lethal".into(), value: 9 }).unwrap_err();
    assert!(err.to_string().contains("between 0 and 8"), "{err}");
}
