//! Primal Wild's fight and Duel Arcane, played through the API as a game master would.
//! Line numbers are of the rules document 003_3934b0afde6de550.txt.

use crate::common;

use common::fight::{act, ada_and_bram, combatant, last_log, stats, typed};
use serde_json::Value;
use tome::encounters::Event;
use tome::Tome;

fn wounds(v: &tome::api::EncounterView, name: &str) -> (i64, i64, i64) {
    let d = &combatant(v, name)["damage"];
    (d["aggravated"].as_i64().unwrap(), d["lethal"].as_i64().unwrap(), d["bashing"].as_i64().unwrap())
}

/// A fight between the Acanthus (acting first) and the Mastigos, two mages, started.
fn gunfight(t: &mut Tome) -> i64 {
    let e = t.create_encounter("primal-wild", "Alley").unwrap().id;
    t.encounter_add_npc(e, "Acanthus", 1, stats(&[("init", 9), ("mage", 1)])).unwrap();
    t.encounter_add_npc(e, "Mastigos", 1, stats(&[("init", 2), ("health", 8), ("mage", 1)])).unwrap();
    t.encounter_start(e, &typed(&[("Acanthus", 5), ("Mastigos", 1)]), &[], None).unwrap();
    e
}

/// A full Health track takes the being out of the fight: Incapacitated (Tome's word; the
/// supplement leaves it to Mage's core rules), on the tracker, the players' screen and in
/// the log when its turn comes.
#[test]
fn a_full_health_track_is_incapacitated_on_both_screens() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    let hit = |amount| Event::Damage { name: "Mastigos".into(), amount, kind: Some("lethal".into()) };
    let v = t.encounter_change(e, hit(7)).unwrap();
    assert_eq!(combatant(&v, "Mastigos")["down"], Value::Null);
    let v = t.encounter_change(e, hit(1)).unwrap();
    assert_eq!(combatant(&v, "Mastigos")["down"], "Incapacitated");
    assert!(last_log(&t, e).contains("Incapacitated (Interpretation:"), "{}", last_log(&t, e));
    let players = t.player_view(e).unwrap();
    let seen = players.combatants.iter().find(|c| c.name == "Mastigos").unwrap();
    assert_eq!(seen.status, ["Incapacitated"]);
    t.encounter_change(e, Event::Next).unwrap();
    assert!(last_log(&t, e).contains("Mastigos's Health track is full: Incapacitated"), "{}", last_log(&t, e));
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
    // The one acting is the default attacker, never its own target.
    let err = act(&mut t, e, "boosted-attack", "Acanthus", &[("aspect", "covert"), ("rolled", "1")]).unwrap_err();
    assert!(err.to_string().contains("attacking itself"), "{err}");
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
    let vulgar = [("potency", "5"), ("source", "spell"), ("aspect", "vulgar")];
    let v = act(&mut t, e, "empower", "Spirit", &vulgar).unwrap();
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

/// Lines 58 and 60: temporary Essence pays only for the powers a spell enhanced or
/// granted, and a granted power (at least 1 a use) with temporary Essence alone. A Rank 3
/// spirit given 3 temporary Essence by a Potency 5 spell pays 2 for a granted Blast, cannot
/// pay 2 more for it from the 1 left, pays 3 for an enhanced power (1 temporary, 2 its
/// own), and its own 8 cannot pay 9 for a power no spell touches.
#[test]
fn an_ephemeral_being_spends_temporary_essence_within_the_documents_limits() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    t.encounter_add_npc(e, "Spirit", 1, stats(&[("rank", 3), ("resistance", 3), ("max-essence", 10), ("corpus", 6)]))
        .unwrap();
    act(&mut t, e, "empower", "Spirit", &[("potency", "5"), ("aspect", "vulgar")]).unwrap();
    let held = |v: &tome::api::EncounterView| {
        let s = combatant(v, "Spirit");
        (s["temporary_essence"].as_i64().unwrap(), s["essence"].as_i64().unwrap())
    };
    let v = act(&mut t, e, "spend-essence", "Spirit", &[("cost", "2"), ("power", "granted")]).unwrap();
    assert_eq!(held(&v), (1, 10), "a granted power from temporary Essence alone");
    let err = act(&mut t, e, "spend-essence", "Spirit", &[("cost", "2"), ("power", "granted")]).unwrap_err();
    assert_eq!(err.code(), tome::ErrorCode::InvalidInput);
    let said = err.to_string();
    assert!(
        said.contains("Spirit cannot pay") && said.contains("costs 2") && said.contains("holds 1 temporary"),
        "{said}"
    );
    assert_eq!(held(&t.encounter(e).unwrap()), (1, 10), "nothing spent");
    let v = act(&mut t, e, "spend-essence", "Spirit", &[("cost", "3"), ("power", "enhanced")]).unwrap();
    assert_eq!(held(&v), (0, 8), "1 temporary first, 2 of its own");
    assert!(last_log(&t, e).contains("Spirit pays 3 Essence for a power (enhanced): 1 temporary, 2 its own"));
    let err = act(&mut t, e, "spend-essence", "Spirit", &[("cost", "9"), ("power", "native")]).unwrap_err();
    assert!(err.to_string().contains("holds 8 of its own"), "{err}");
    let err = act(&mut t, e, "spend-essence", "Spirit", &[("cost", "0"), ("power", "granted")]).unwrap_err();
    assert_eq!(err.code(), tome::ErrorCode::InvalidInput, "at least 1 a use: {err}");
    let err = act(&mut t, e, "spend-essence", "Mastigos", &[("cost", "1"), ("power", "native")]).unwrap_err();
    assert!(err.to_string().contains("not an ephemeral being"), "{err}");
}

/// Line 58: temporary Essence disappears at the end of each scene or hour, and a covert
/// rote empowers a being once a scene. After an hour the spirit's 3 temporary Essence is
/// gone but the covert rote is still spent; after the scene it may be used again.
#[test]
fn temporary_essence_disappears_when_the_scene_or_the_hour_ends() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    t.encounter_add_npc(e, "Spirit", 1, stats(&[("rank", 2), ("resistance", 2), ("max-essence", 8), ("corpus", 5)]))
        .unwrap();
    let v = act(&mut t, e, "empower", "Spirit", &[("potency", "2"), ("source", "covert-rote")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 1, "Potency 2 on Rank 2: 1");
    let v = act(&mut t, e, "essence-fades", "", &[("ends", "hour")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 0);
    assert!(last_log(&t, e).contains("Spirit loses 1 temporary Essence"), "{}", last_log(&t, e));
    act(&mut t, e, "empower", "Spirit", &[("potency", "2"), ("source", "covert-rote")]).unwrap();
    let v = t.encounter(e).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 0, "a second covert rote in the scene gives nothing");
    act(&mut t, e, "essence-fades", "", &[]).unwrap();
    assert!(last_log(&t, e).contains("A covert rote may empower Spirit again"), "{}", last_log(&t, e));
    let v = act(&mut t, e, "empower", "Spirit", &[("potency", "2"), ("source", "covert-rote")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 1, "a new scene: the covert rote works again");
}

/// Line 190 ff.: harm typed by hand on a shielded combatant goes through the defensive
/// spell as an attack's does: a covert spell of Potency 2 spends itself downgrading 2 of
/// 3 lethal, so 1 lethal and 2 bashing are marked. A vulgar one (Potency 3) turns
/// mundane harm to bashing, then cancels 3 of it. (The 3 lethal were marked as typed.)
#[test]
fn hand_damage_on_a_shielded_combatant_goes_through_the_spell() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    act(&mut t, e, "defensive-spell", "Mastigos", &[("aspect", "covert")]).unwrap();
    let hit = |amount| Event::Damage { name: "Mastigos".into(), amount, kind: Some("lethal".into()) };
    let v = t.encounter_change(e, hit(3)).unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (0, 1, 2), "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("defensive spell (Potency 2)"), "{}", last_log(&t, e));
    act(&mut t, e, "defensive-spell", "Mastigos", &[("aspect", "vulgar")]).unwrap();
    let v = t.encounter_change(e, hit(4)).unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (0, 1, 3), "4 lethal to bashing, 3 cancelled: {}", last_log(&t, e));
}

/// Line 48: covert spells enhance beings of Rank 1 or 2; a Rank 3 being takes a vulgar
/// spell or Shaping. A covert rote on one grants nothing, and the log says why (it gave
/// Potency 4's 2 temporary Essence with only a note beside it).
#[test]
fn a_covert_rote_cannot_empower_a_rank_3_being() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    t.encounter_add_npc(e, "Spirit", 1, stats(&[("rank", 3), ("resistance", 2), ("max-essence", 8), ("corpus", 5)]))
        .unwrap();
    let v = act(&mut t, e, "empower", "Spirit", &[("potency", "4"), ("source", "covert-rote")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 0, "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("A covert rote cannot empower Spirit, a Rank 3 being"), "{}", last_log(&t, e));
    let v =
        act(&mut t, e, "empower", "Spirit", &[("potency", "4"), ("source", "spell"), ("aspect", "vulgar")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 2, "a vulgar spell of Potency 4 reaches Rank 3");
}

/// Line 48: `empower` takes the spell's aspect and whether it is Shaped. A covert spell
/// that is no rote cannot empower a Rank 3 being either (it gave Potency 4's 2), a vulgar
/// one can, a Rank 4 being takes Shaping whatever the aspect, and the log gives the
/// reason the `temporary-essence` calculator gives for the same spell. (Before, only a
/// covert rote was held to its reach.)
#[test]
fn empower_reaches_a_being_by_the_spells_aspect_and_shaping() {
    use tome::systems::primal_wild::rules::{empower_reach, temporary_essence, Aspect, Empowering, EssenceSource};
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    for (name, rank) in [("Spirit", 3), ("Titan", 4)] {
        t.encounter_add_npc(e, name, 1, stats(&[("rank", rank), ("resistance", 2), ("max-essence", 8)])).unwrap();
    }
    let covert = [("potency", "4"), ("aspect", "covert")];
    let v = act(&mut t, e, "empower", "Spirit", &covert).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 0, "{}", last_log(&t, e));
    let why = empower_reach(3, Empowering { aspect: Aspect::Covert, shaped: false }).1;
    assert!(last_log(&t, e).contains(&why), "{why} in {}", last_log(&t, e));
    let calc = temporary_essence(
        4,
        3,
        0,
        EssenceSource::Spell,
        false,
        0,
        Some(Empowering { aspect: Aspect::Covert, shaped: false }),
    )
    .unwrap();
    assert_eq!(calc.warnings, [why], "the calculator says the same");
    // Not given, the aspect is covert: refused alike.
    let v = act(&mut t, e, "empower", "Spirit", &[("potency", "4")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 0, "{}", last_log(&t, e));
    let v = act(&mut t, e, "empower", "Spirit", &[("potency", "4"), ("aspect", "vulgar")]).unwrap();
    assert_eq!(combatant(&v, "Spirit")["temporary_essence"], 2);
    let v = act(&mut t, e, "empower", "Titan", &[("potency", "5"), ("aspect", "vulgar")]).unwrap();
    assert_eq!(combatant(&v, "Titan")["temporary_essence"], 0, "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("Shaping"), "{}", last_log(&t, e));
    let v = act(&mut t, e, "empower", "Titan", &[("potency", "5"), ("aspect", "covert"), ("shaped", "")]).unwrap();
    assert_eq!(combatant(&v, "Titan")["temporary_essence"], 2, "{}", last_log(&t, e));
    let err = act(&mut t, e, "empower", "Spirit", &[("potency", "2"), ("source", "covert-rote"), ("shaped", "")])
        .unwrap_err()
        .to_string();
    assert!(err.contains("not Shaped"), "{err}");
}

// ---------------------------------------------------------------- the Duel Arcane

/// Ada (Gnosis 3, Forces 3, Prime 2, Willpower 5 of 6) and Bram (Gnosis 2, Death 2,
/// Mind 2, Prime 1, Willpower 4), armed and under way.
fn duel(t: &mut Tome) -> i64 {
    let e = ada_and_bram(t, "Duel");
    t.encounter_start(e, &[], &[], None).unwrap();
    act(t, e, "arms", "Ada", &[("sword", "forces"), ("shield", "prime")]).unwrap();
    act(t, e, "arms", "Bram", &[("sword", "death"), ("shield", "mind")]).unwrap();
    e
}

fn willpower(v: &tome::api::EncounterView, name: &str) -> i64 {
    combatant(v, name)["willpower"].as_i64().unwrap()
}

#[test]
fn a_duelist_named_twice_in_rolls_is_refused() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let err = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,ada=3")]).unwrap_err();
    assert!(err.to_string().contains("Ada is given twice"), "{err}");
}

#[test]
fn the_app_s_clash_form_is_refused_in_its_own_words_not_the_command_line_s() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let inputs = [("rolls".to_string(), "Ada 2".to_string())].into_iter().collect();
    let err = t.encounter_act_form(e, "clash", None, inputs, Some(1)).unwrap_err();
    let message = err.to_string();
    assert!(!message.contains("--"), "{message}");
    assert!(message.starts_with("Rolls takes NAME=N"), "{message}");
    let problems = err.problems().expect("the field is marked");
    assert_eq!(problems.0.iter().map(|p| p.field.as_deref()).collect::<Vec<_>>(), [Some("rolls")]);
}

/// Issue 33: a Hallow without the resonance box was refused naming a flag the clash does
/// not have ("add --matches-resonance"); the app names the clash's own field and marks it.
#[test]
fn an_arcanum_of_one_dot_reads_1_dot() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter_mode("primal-wild", "Duel", Some("duel")).unwrap().id;
    t.encounter_add_npc(e, "Bram", 1, stats(&[("gnosis", 2), ("death", 2), ("prime", 1), ("wp", 4)])).unwrap();
    t.encounter_add_npc(e, "Ada", 1, stats(&[("gnosis", 3), ("forces", 3), ("prime", 2), ("wp", 5)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    act(&mut t, e, "arms", "Bram", &[("sword", "death"), ("shield", "prime")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Death (2 dots) as Sword and Prime (1 dot) as Shield"), "{said}");
}

/// The players' screen of a duel heads it with the duel's own round and clash, and shows
/// of a duelist who is not a player's character only what the duel shows across the
/// table (issue 39: its exact Willpower, boxes and rounds won reached every phone):
/// whether the Shield holds, whether the mage is hurt, how the duel ended.
#[test]
fn the_duel_s_player_view_shows_no_number_of_a_duelist_who_is_not_yours() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    act(&mut t, e, "clash", "", &[("rolls", "Ada=3,Bram=1")]).unwrap();
    for seen in [t.player_view(e).unwrap(), t.table_view(e).unwrap()] {
        assert_eq!(seen.about, ["Round 1", "Clash 1"]);
        let status = |n: &str| seen.combatants.iter().find(|c| c.name == n).unwrap().status.clone();
        assert_eq!(status("Bram"), ["Shield broken"], "{}", last_log(&t, e));
        assert_eq!(status("Ada"), ["Shield holding"]);
        let bytes = serde_json::to_string(&seen).unwrap();
        for secret in ["Willpower", "Rounds won", "boxes marked", "dots"] {
            assert!(!bytes.contains(secret), "{secret} in {bytes}");
        }
    }
}

/// Line 34: a Shield holds one point per dot, Gnosis the rest; a hand-set value cannot
/// pass them.
#[test]
fn hand_set_psychic_damage_stays_within_the_arcanums_dots() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let set = |t: &mut Tome, field: &str, value| {
        t.encounter_change(e, Event::Set { name: "Bram".into(), field: field.into(), value })
    };
    let err = set(&mut t, "psychic-mind", 3).unwrap_err();
    assert!(err.to_string().contains("between 0 and 2"), "{err}");
    let err = set(&mut t, "psychic-gnosis", 3).unwrap_err();
    assert!(err.to_string().contains("between 0 and 2"), "{err}");
    let v = set(&mut t, "psychic-mind", 2).unwrap();
    assert_eq!(combatant(&v, "Bram")["shield_room"], 0);
    // Willpower set by hand is the current pool, listed once among the fields.
    let v = set(&mut t, "willpower", 1).unwrap();
    assert_eq!(willpower(&v, "Bram"), 1);
    let err = set(&mut t, "nonsense", 1).unwrap_err();
    let named = err.suggestions().iter().filter(|s| *s == "willpower").count();
    assert_eq!(named, 1, "{:?}", err.suggestions());
}

/// The clash a duelist last swapped after, set by hand, has a bound of its own (0 to
/// 100), not the engine's catch-all of 100,000.
#[test]
fn hand_set_swap_mark_is_bounded() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let set =
        |t: &mut Tome, value| t.encounter_change(e, Event::Set { name: "Bram".into(), field: "swapped".into(), value });
    let err = set(&mut t, 101).unwrap_err();
    assert!(err.to_string().contains("between 0 and 100"), "{err}");
    set(&mut t, 0).unwrap();
}

/// Line 36: after nothing but stalemates, who declares swaps first is drawn at random
/// (rolled once and stored); after a win, the winner of the last clash declares first.
#[test]
fn swap_order_after_stalemates_is_drawn_and_kept() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("declares any swaps first (drawn at random"), "{said}");
    // Replaying gives the same draw.
    let before = said.clone();
    t.encounter_change(e, Event::Set { name: "Ada".into(), field: "hidden".into(), value: 0 }).ok();
    let log = t.encounter_log(e).unwrap();
    assert!(log.iter().any(|l| l.lines.join("\n") == before), "the draw is stored, not rolled again");
    act(&mut t, e, "clash", "", &[("rolls", "Ada=3,Bram=2")]).unwrap();
    assert!(last_log(&t, e).contains("Ada won the last clash and declares any swaps first"), "{}", last_log(&t, e));
}

/// Line 21: a duelist may take a Resistant lethal wound instead of spending Willpower;
/// a Hallow pays once a round, and only for a Sword used to match its resonance.
#[test]
fn paying_for_a_clash_with_a_wound_or_a_hallow() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let v = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2"), ("wound", "Bram")]).unwrap();
    assert_eq!((willpower(&v, "Ada"), willpower(&v, "Bram")), (4, 4));
    assert_eq!(combatant(&v, "Bram")["resistant_lethal"], 1);
    let err = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2"), ("hallow", "Ada")]).unwrap_err();
    assert!(err.to_string().contains("resonance"), "{err}");
    let v = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2"), ("hallow", "Ada"), ("resonance", "")]).unwrap();
    assert_eq!(willpower(&v, "Ada"), 4, "the Hallow paid");
    let err =
        act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2"), ("hallow", "Bram"), ("resonance", "")]).unwrap_err();
    assert!(err.to_string().contains("already paid for a clash this round"), "{err}");
    let err = act(&mut t, e, "clash", "", &[("rolls", "Ada=2"), ("passive", "Bram"), ("wound", "Bram")]).unwrap_err();
    assert!(err.to_string().contains("Bram is passive"), "{err}");
}

/// Line 21: a Hallow that pays without its resonance is refused naming the duel's own
/// `--resonance` (the clash-cost calculator's `--matches-resonance` is not there); the app
/// is told the field's label and marks that field, and the calculator keeps its own word.
#[test]
fn a_hallow_without_resonance_names_the_duels_own_field() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let err = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2"), ("hallow", "Ada")]).unwrap_err();
    let said = err.to_string();
    assert!(said.contains("--resonance") && !said.contains("matches-resonance"), "{said}");
    let inputs = [("rolls", "Ada=2,Bram=2"), ("hallow", "Ada")].iter().map(|(k, v)| (k.to_string(), v.to_string()));
    let err = t.encounter_act_form(e, "clash", None, inputs.collect(), Some(1)).unwrap_err();
    let tome::Error::FormInvalid { message, problems } = err else { panic!("{err}") };
    assert!(message.starts_with("Resonance is not set: a Hallow pays only") && !message.contains("--"), "{message}");
    assert_eq!(problems.0.iter().map(|p| p.field.as_deref()).collect::<Vec<_>>(), vec![Some("resonance")]);
    let values = [("pay", "hallow")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let err = t.calculate_form("primal-wild", "clash-cost", values).unwrap_err();
    assert!(err.to_string().starts_with("Matches resonance is not set"), "{err}");
}

/// Line 42: a duel ends when a duelist surrenders or collapses; the Resistant lethal
/// wounds paid for clashes stay on the character's sheet (line 40).
#[test]
fn a_duel_ends_by_concession_and_its_wounds_stay_on_the_sheet() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut bram = t.create_character("primal-wild", "Bram").unwrap();
    for (k, n) in
        [("gnosis", 2), ("arcanum.death", 2), ("arcanum.mind", 2), ("willpower", 4), ("wounds.resistant-lethal", 1)]
    {
        bram.values.insert(k.into(), tome::characters::SheetValue::Int(n));
    }
    let bram = t.save_character(&bram).unwrap();
    let e = t.create_encounter_mode("primal-wild", "Duel", Some("duel")).unwrap().id;
    t.encounter_add_npc(e, "Ada", 1, stats(&[("gnosis", 3), ("forces", 3), ("prime", 2), ("wp", 5)])).unwrap();
    t.encounter_add_character(e, bram.id).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    act(&mut t, e, "arms", "Ada", &[("sword", "forces"), ("shield", "prime")]).unwrap();
    act(&mut t, e, "arms", "Bram", &[("sword", "death"), ("shield", "mind")]).unwrap();
    act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2"), ("wound", "Bram")]).unwrap();
    act(&mut t, e, "end-duel", "Bram", &[("how", "concession")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("Bram concedes") && said.contains("Ada wins the duel"), "{said}");
    let err = act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2")]).unwrap_err();
    assert!(err.to_string().contains("the duel is over"), "{err}");
    let v = t.encounter(e).unwrap();
    assert_eq!(
        (combatant(&v, "Ada")["duel"].as_str(), combatant(&v, "Bram")["duel"].as_str()),
        (Some("won"), Some("conceded"))
    );
    assert_eq!(v.values["duel_round"], 1, "the duel ended in round 1");
    let lasting = t.encounter_end(e, true).unwrap();
    let bram_lasting = lasting.iter().find(|l| l.combatant == "Bram").unwrap();
    assert_eq!(bram_lasting.changes["wounds.resistant-lethal"], (Some(1), 2), "{lasting:?}");
    let sheet = t.character(bram.id).unwrap();
    assert_eq!(sheet.values["wounds.resistant-lethal"], tome::characters::SheetValue::Int(2));
}

/// The log labels each clash with the round it was fought in: the clash that loses
/// round 1 is in round 1, and what follows in round 2.
#[test]
fn the_log_labels_the_round_a_clash_was_fought_in() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    // Ada wins by 5: Bram's Mind Shield (2) and Gnosis (2) cannot hold it.
    let v = act(&mut t, e, "clash", "", &[("rolls", "Ada=5,Bram=0")]).unwrap();
    let log = t.encounter_log(e).unwrap();
    let last = log.last().unwrap();
    assert!(last.lines.join(" ").contains("Ada wins round 1"), "{:?}", last.lines);
    assert_eq!(last.round, 1);
    assert_eq!(v.values["duel_round"], 2, "the next round is the one to come");
    act(&mut t, e, "surrender", "Bram", &[]).unwrap();
    let log = t.encounter_log(e).unwrap();
    let last = log.last().unwrap();
    assert!(last.lines.join(" ").contains("wins round 2"), "{:?}", last.lines);
    assert_eq!(last.round, 2);
}

/// The duel's state reads as words: each pool as dice and what makes them, never the
/// structures the app draws from.
#[test]
fn the_duel_view_says_the_clash_pool_in_words() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let v = t.encounter(e).unwrap();
    let pool = combatant(&v, "Ada")["clash_pool"].as_str().unwrap().to_string();
    assert_eq!(pool, "6 dice (Gnosis +3, Forces +3)");
}

/// `tome encounter show` writes a duelist's pool as words, not the app's structures.
#[test]
fn the_duels_text_output_is_readable() {
    let cli = common::Cli::new();
    cli.text(&["encounter", "new", "--system", "primal-wild", "--name", "Duel", "--mode", "duel"]);
    for (name, sword) in [("Ada", "forces=3"), ("Bram", "death=2")] {
        cli.text(&["encounter", "add", "1", "--npc", name, "--stat", "gnosis=3", "--stat", sword, "--stat", "prime=2"]);
    }
    cli.text(&["encounter", "start", "1"]);
    cli.text(&["encounter", "act", "1", "arms", "Ada", "--sword", "forces", "--shield", "prime"]);
    let shown = cli.text(&["encounter", "act", "1", "arms", "Bram", "--sword", "death", "--shield", "prime"]);
    assert!(shown.contains("clash pool 6 dice (Gnosis +3, Forces +3)"), "{shown}");
    assert!(!shown.contains("primal-wild/rule") && !shown.contains("op add"), "{shown}");
}

#[test]
fn hand_set_willpower_above_the_dots_is_refused() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter_mode("primal-wild", "Duel", Some("duel")).unwrap().id;
    t.encounter_add_npc(e, "Ada", 1, stats(&[("gnosis", 3), ("forces", 3), ("willpower", 4), ("willpower-dots", 5)]))
        .unwrap();
    let err = t
        .encounter_change(e, tome::encounters::Event::Set { name: "Ada".into(), field: "willpower".into(), value: 7 })
        .unwrap_err();
    assert!(err.to_string().contains("5 Willpower dots"), "{err}");
    let v = t.encounter(e).unwrap();
    assert_eq!(combatant(&v, "Ada")["willpower"], 4, "nothing changed");
    t.encounter_change(e, tome::encounters::Event::Set { name: "Ada".into(), field: "willpower".into(), value: 5 })
        .unwrap();
    assert!(t
        .encounter_add_npc(e, "Bram", 1, stats(&[("gnosis", 2), ("willpower", 6), ("willpower-dots", 3)]))
        .is_err());
}

/// A minion made before the fight starts rolls no initiative and never takes a turn of
/// its own: it acts in its creator's.
#[test]
fn a_minion_made_before_the_start_rolls_no_initiative() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("primal-wild", "Ambush").unwrap().id;
    t.encounter_add_npc(e, "Mastigos", 1, stats(&[("init", 5)])).unwrap();
    t.encounter_add_npc(e, "Acanthus", 1, stats(&[("init", 3)])).unwrap();
    t.encounter_add_npc(e, "Zombie", 1, stats(&[("health", 5)])).unwrap();
    act(&mut t, e, "minion", "Zombie", &[("creator", "Mastigos")]).unwrap();
    let v = t.encounter_start(e, &typed(&[("Mastigos", 4), ("Acanthus", 2)]), &[], Some(1)).unwrap();
    assert_eq!(v.order, ["Mastigos", "Acanthus"]);
    assert!(combatant(&v, "Zombie")["initiative"].is_null(), "{v:#?}");
    assert!(t.encounter_log(e).unwrap().iter().any(|l| l.lines.iter().any(|x| x.contains("Zombie: no initiative"))));
    for _ in 0..3 {
        let v = t.encounter_change(e, Event::Next).unwrap();
        assert_ne!(v.current.as_deref(), Some("Zombie"));
    }
}

/// Each name once, in the order given: what `encounter set` offers after an unknown field.
fn offered_once(t: &mut Tome, e: i64, name: &str) -> Vec<String> {
    let err = t.encounter_change(e, Event::Set { name: name.into(), field: "nerve".into(), value: 1 }).unwrap_err();
    let offered = err.suggestions().to_vec();
    let mut seen = std::collections::BTreeSet::new();
    let twice: Vec<&String> = offered.iter().filter(|f| !seen.insert(*f)).collect();
    assert!(twice.is_empty(), "offered twice: {twice:?} in {offered:?}");
    offered
}

#[test]
fn an_unknown_field_in_a_duel_offers_each_valid_field_once() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let offered = offered_once(&mut t, e, "Ada");
    assert!(offered.contains(&"willpower".to_string()), "{offered:?}");
}

#[test]
fn a_name_of_only_spaces_is_refused_as_empty() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let err = t.encounter_change(e, Event::Set { name: "   ".into(), field: "wp".into(), value: 1 }).unwrap_err();
    assert_eq!(err.code(), tome::ErrorCode::InvalidInput, "{err}");
    assert!(err.to_string().contains("empty"), "{err}");
}

/// A Duel Arcane is between two duelists (line 17): a third is refused as it is added,
/// naming the two already there, not at the first clash; nothing is stored.
#[test]
fn a_third_duelist_is_refused_when_added() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    let before = t.encounter(e).unwrap();
    let err = t.encounter_add_npc(e, "Cole", 1, stats(&[("gnosis", 1)])).unwrap_err();
    let said = err.to_string();
    assert!(said.contains("at most 2 duelists") && said.contains("Ada, Bram"), "{said}");
    assert_eq!(t.encounter(e).unwrap(), before, "nothing stored");
    let e = t.create_encounter_mode("primal-wild", "Crowd", Some("duel")).unwrap().id;
    let err = t.encounter_add_npc(e, "Mage", 3, stats(&[])).unwrap_err();
    assert!(err.to_string().contains("at most 2 duelists"), "{err}");
}

/// Each duelist selects Sword and Shield among their own Arcana (line 17): an Arcanum
/// they have no dots in is refused, in `arms` and in `swap` (Interpretation).
#[test]
fn an_arcanum_with_no_dots_is_refused() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter_mode("primal-wild", "Duel", Some("duel")).unwrap().id;
    t.encounter_add_npc(e, "Ada", 1, stats(&[("gnosis", 3), ("forces", 3), ("prime", 2)])).unwrap();
    t.encounter_add_npc(e, "Bram", 1, stats(&[("gnosis", 2), ("death", 2), ("mind", 2)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let err = act(&mut t, e, "arms", "Ada", &[("sword", "forces"), ("shield", "mind")]).unwrap_err();
    assert!(err.to_string().contains("Ada has no dots in Mind"), "{err}");
    act(&mut t, e, "arms", "Ada", &[("sword", "forces"), ("shield", "prime")]).unwrap();
    act(&mut t, e, "arms", "Bram", &[("sword", "death"), ("shield", "mind")]).unwrap();
    act(&mut t, e, "clash", "", &[("rolls", "Ada=1,Bram=1")]).unwrap();
    let err = act(&mut t, e, "swap", "Bram", &[("sword", "forces")]).unwrap_err();
    assert!(err.to_string().contains("Bram has no dots in Forces"), "{err}");
}

/// Line 36: after a won clash its winner declares any swaps first, so the loser's swap
/// waits until the winner has swapped or kept both arms (`--keep`); each declares once a
/// clash, and a new round counts its clashes afresh.
#[test]
fn the_loser_of_a_clash_swaps_only_after_the_winner_has_declared() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    act(&mut t, e, "clash", "", &[("rolls", "Ada=3,Bram=2")]).unwrap();
    let err = act(&mut t, e, "swap", "Bram", &[("sword", "prime")]).unwrap_err().to_string();
    assert!(err.contains("Ada won the last clash and declares any swaps first") && err.contains("--keep"), "{err}");
    let v = t.encounter(e).unwrap();
    assert_eq!(v.values["declares_swaps_first"], "Ada");
    act(&mut t, e, "swap", "Ada", &[("keep", "")]).unwrap();
    assert!(last_log(&t, e).contains("Ada keeps their Sword and Shield: no swap after clash 1"), "{}", last_log(&t, e));
    let err = act(&mut t, e, "swap", "Ada", &[("shield", "death")]).unwrap_err().to_string();
    assert!(err.contains("Ada has already declared"), "{err}");
    act(&mut t, e, "swap", "Bram", &[("sword", "prime")]).unwrap();
    let err = act(&mut t, e, "swap", "Bram", &[]).unwrap_err().to_string();
    assert!(err.contains("--keep"), "{err}");
    // Bram wins the next clash: now Ada waits for him.
    act(&mut t, e, "clash", "", &[("rolls", "Ada=1,Bram=3")]).unwrap();
    let err = act(&mut t, e, "swap", "Ada", &[("keep", "")]).unwrap_err().to_string();
    assert!(err.contains("Bram won the last clash"), "{err}");
    act(&mut t, e, "swap", "Bram", &[("shield", "death")]).unwrap();
    act(&mut t, e, "swap", "Ada", &[("keep", "")]).unwrap();
}

/// Lines 183-185: a vulgar boost guarantees 3 successes; rolled 1, one cancelled by a
/// power's resistance, 2 remain and 1 of them is automatic. The headline says the
/// automatic points the log's terms count (it said 2, before the cancellation).
#[test]
fn the_headline_s_automatic_successes_are_the_log_s() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    act(&mut t, e, "boosted-attack", "Mastigos", &[("aspect", "vulgar"), ("rolled", "1"), ("cancelled", "1")]).unwrap();
    let entry = t.encounter_log(e).unwrap().last().unwrap().clone();
    let left = entry.terms.iter().find(|t| t.label.starts_with("Automatic points left")).expect("the term");
    assert_eq!(left.value, 1);
    assert!(entry.lines[0].contains("2 successes (1 automatic)"), "{}", entry.lines[0]);
}

/// A hostile spell whose Potency the being's roll matches or beats has no consequence,
/// said in words (it read "a none consequence").
#[test]
fn a_hostile_spell_fully_resisted_has_no_consequence() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    t.encounter_add_npc(e, "Spirit", 1, stats(&[("rank", 2), ("resistance", 3), ("max-essence", 10), ("corpus", 6)]))
        .unwrap();
    act(&mut t, e, "hostile-spell", "Spirit", &[("potency", "2"), ("resist-successes", "4")]).unwrap();
    let said = last_log(&t, e);
    assert!(said.contains("0 net: no consequence") && !said.contains("none"), "{said}");
}

/// Line 36: swaps are declared after each clash, and a new round counts its clashes from
/// 1 again: a swap after round 1's first clash does not bar one after round 2's (it was
/// refused as "already swapped since clash 1").
#[test]
fn a_swap_in_one_round_does_not_bar_one_in_the_next() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    act(&mut t, e, "clash", "", &[("rolls", "Ada=3,Bram=2")]).unwrap();
    act(&mut t, e, "swap", "Ada", &[("keep", "")]).unwrap();
    act(&mut t, e, "swap", "Bram", &[("sword", "prime")]).unwrap();
    act(&mut t, e, "clash", "", &[("rolls", "Ada=5,Bram=0")]).unwrap();
    assert!(last_log(&t, e).contains("Ada wins round 1"), "{}", last_log(&t, e));
    act(&mut t, e, "clash", "", &[("rolls", "Ada=2,Bram=2")]).unwrap();
    act(&mut t, e, "swap", "Ada", &[("keep", "")]).unwrap();
    act(&mut t, e, "swap", "Bram", &[("sword", "death")]).unwrap();
}

/// Ada's Sword is Forces: setting Forces to 0 by hand would leave her a Sword of no dots,
/// which `arms` refuses, so the set is refused too (Prime, her Shield, likewise).
#[test]
fn setting_the_swords_arcanum_to_no_dots_is_refused_as_arms_refuses_it() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = duel(&mut t);
    for arcanum in ["forces", "prime"] {
        let err = t
            .encounter_change(e, Event::Set { name: "Ada".into(), field: arcanum.into(), value: 0 })
            .unwrap_err()
            .to_string();
        assert!(err.contains("no dots"), "{arcanum}: {err}");
    }
    let v = t.encounter(e).unwrap();
    assert_eq!(combatant(&v, "Ada")["arcana"]["forces"], 3);
    t.encounter_change(e, Event::Set { name: "Ada".into(), field: "mind".into(), value: 0 }).unwrap();
}

/// Line 162: a supernaturally durable creature takes only bashing from a covertly
/// boosted attack that would deal lethal; a vulgar boost deals it lethal. (Before, only
/// the combat-boost calculator's note said so: the fight marked lethal.)
#[test]
fn a_supernaturally_durable_creature_takes_bashing_from_a_covert_boost() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("primal-wild", "Crypt").unwrap().id;
    t.encounter_add_npc(e, "Acanthus", 1, stats(&[("init", 9)])).unwrap();
    t.encounter_add_npc(e, "Vampire", 1, stats(&[("init", 2), ("health", 9), ("durable", 1)])).unwrap();
    t.encounter_start(e, &typed(&[("Acanthus", 5), ("Vampire", 1)]), &[], None).unwrap();
    let shot = |aspect: &'static str| vec![("aspect", aspect), ("rolled", "1"), ("type", "lethal")];
    let v = act(&mut t, e, "boosted-attack", "Vampire", &shot("covert")).unwrap();
    assert_eq!(wounds(&v, "Vampire"), (0, 0, 2), "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("supernaturally durable"), "{}", last_log(&t, e));
    t.encounter_undo(e).unwrap();
    let v = act(&mut t, e, "boosted-attack", "Vampire", &shot("vulgar")).unwrap();
    assert_eq!(wounds(&v, "Vampire"), (0, 3, 0), "a vulgar boost deals lethal: {}", last_log(&t, e));
}

/// Lines 201-203: a damage immunity stops an attack outright, unless its attacker spends
/// Willpower: then it is armour, and a wound it did not downgrade wills past it, so to
/// that attacker it is an ordinary defensive spell until it is recast (to another it still
/// holds); one that also keeps its subject from acting on others yields to nothing.
/// (Before, only the defensive-spell calculator knew of immunity.)
#[test]
fn a_damage_immunity_holds_until_willpower_breaches_it() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    t.encounter_add_npc(e, "Obrimos", 1, stats(&[("init", 1)])).unwrap();
    act(&mut t, e, "defensive-spell", "Mastigos", &[("aspect", "vulgar"), ("immunity", "")]).unwrap();
    let shot = vec![("aspect", "covert"), ("rolled", "5"), ("type", "lethal")];
    let v = act(&mut t, e, "boosted-attack", "Mastigos", &shot).unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (0, 0, 0), "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("immunity stops the attack"), "{}", last_log(&t, e));
    t.encounter_undo(e).unwrap();
    let mut willed = shot.clone();
    willed.push(("willpower", ""));
    // 5 lethal: Potency 3 downgrades 3, and 2 lethal get through: breached.
    let v = act(&mut t, e, "boosted-attack", "Mastigos", &willed).unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (0, 2, 3), "{}", last_log(&t, e));
    assert_eq!(combatant(&v, "Mastigos")["immunity_breached_by"][0], "Acanthus");
    // Round 2: to Acanthus an ordinary spell now; to the Obrimos it still holds.
    while t.encounter(e).unwrap().round < 2 {
        t.encounter_change(e, Event::Next).unwrap();
    }
    // 3 lethal, all downgraded by Potency 3.
    let three = vec![("aspect", "covert"), ("rolled", "3"), ("type", "lethal")];
    let v = act(&mut t, e, "boosted-attack", "Mastigos", &three).unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (0, 2, 6), "{}", last_log(&t, e));
    while t.encounter(e).unwrap().current.as_deref() != Some("Obrimos") {
        t.encounter_change(e, Event::Next).unwrap();
    }
    let v = act(&mut t, e, "boosted-attack", "Mastigos", &three).unwrap();
    assert_eq!(wounds(&v, "Mastigos"), (0, 2, 6), "the Obrimos has not breached it: {}", last_log(&t, e));
    assert!(last_log(&t, e).contains("immunity stops the attack"), "{}", last_log(&t, e));
    // Sealed: Willpower neither.
    act(&mut t, e, "defensive-spell", "Acanthus", &[("aspect", "vulgar"), ("immunity", ""), ("sealed", "")]).unwrap();
    while t.encounter(e).unwrap().current.as_deref() != Some("Mastigos") {
        t.encounter_change(e, Event::Next).unwrap();
    }
    let mut at_acanthus = willed.clone();
    at_acanthus.push(("attacker", "Mastigos"));
    let v = act(&mut t, e, "boosted-attack", "Acanthus", &at_acanthus).unwrap();
    assert_eq!(wounds(&v, "Acanthus"), (0, 0, 0), "{}", last_log(&t, e));
}

/// Line 199: a conscious, mobile mage's Mage Sight is a sensory boost against Shaping
/// attacks, so one with no defensive spell cancels an automatic point with a success;
/// one who is not a mage, or cannot move, does not. (Before, the shaping-attack
/// calculator only noted it.)
#[test]
fn mage_sight_boosts_a_mage_against_a_shaping_attack_in_the_fight() {
    use tome::systems::primal_wild::rules::{shaping_attack, shaping_protection, Aspect};
    let mut t = Tome::open_in_memory().unwrap();
    let e = gunfight(&mut t);
    let spell = [("aspect", "covert"), ("potency", "1"), ("defense-successes", "1")];
    // Net 0, 2 automatic up to the covert minimum, 1 cancelled by the sensory boost.
    let v = act(&mut t, e, "shaping-attack", "Mastigos", &spell).unwrap();
    let (protection, _) = shaping_protection(0, 0, true);
    let want = shaping_attack(Aspect::Covert, 1, 1, protection).unwrap().damage;
    assert_eq!((wounds(&v, "Mastigos").1, want), (1, 1), "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("Mage Sight"), "{}", last_log(&t, e));
    t.encounter_undo(e).unwrap();
    let mut bound = spell.to_vec();
    bound.push(("immobile", ""));
    let v = act(&mut t, e, "shaping-attack", "Mastigos", &bound).unwrap();
    assert_eq!(wounds(&v, "Mastigos").1, 2, "{}", last_log(&t, e));
    t.encounter_undo(e).unwrap();
    t.encounter_change(e, Event::Set { name: "Mastigos".into(), field: "mage".into(), value: 0 }).unwrap();
    let v = act(&mut t, e, "shaping-attack", "Mastigos", &spell).unwrap();
    assert_eq!(wounds(&v, "Mastigos").1, 2, "no mage, no Mage Sight: {}", last_log(&t, e));
}

/// Lines 177 and 199: a covert Shaped spell deals at least 2, and only a mage's Mage
/// Sight (a sensory boost) takes one of them away. A quick combatant is no mage unless
/// the game master marks it so; a saved character is one when its sheet gives it Gnosis;
/// the board says who counts as one. (Issue 72: everyone was a mage unless marked `mage=0`,
/// so a mundane thug took 1.)
#[test]
fn only_a_marked_mage_has_mage_sight_and_the_board_says_who() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("primal-wild", "Alley").unwrap().id;
    t.encounter_add_npc(e, "Thug", 1, stats(&[("init", 2), ("health", 7)])).unwrap();
    let mut c = t.create_character("primal-wild", "Ada").unwrap();
    c.values.insert("gnosis".into(), tome::characters::SheetValue::Int(3));
    let ada = t.save_character(&c).unwrap();
    t.encounter_add_character(e, ada.id).unwrap();
    let v = t.encounter_start(e, &typed(&[("Ada", 5), ("Thug", 1)]), &[], None).unwrap();
    assert_eq!(combatant(&v, "Thug")["mage"], false, "{}", combatant(&v, "Thug"));
    assert_eq!(combatant(&v, "Ada")["mage"], true, "Gnosis 3 on the sheet");
    let spell = [("aspect", "covert"), ("potency", "1"), ("defense-successes", "1")];
    let v = act(&mut t, e, "shaping-attack", "Thug", &spell).unwrap();
    assert_eq!(wounds(&v, "Thug").1, 2, "the covert minimum, no Mage Sight: {}", last_log(&t, e));
    assert!(!last_log(&t, e).contains("Mage Sight"), "{}", last_log(&t, e));
    // A mage's covert Shaping on Ada, in another turn.
    t.encounter_change(e, Event::Next).unwrap();
    t.encounter_change(e, Event::Set { name: "Thug".into(), field: "mage".into(), value: 1 }).unwrap();
    let v = act(&mut t, e, "shaping-attack", "Ada", &spell).unwrap();
    assert_eq!(wounds(&v, "Ada").1, 1, "Mage Sight cancels one: {}", last_log(&t, e));
    assert_eq!(combatant(&v, "Thug")["mage"], true, "marked by the game master");
}

/// Line 17: a Duel Arcane is a contest between two mages, so it does not start with
/// one (or none); the refusal says how many are there. (Issue 72: it started.)
#[test]
fn a_duel_arcane_does_not_start_with_one_duelist() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter_mode("primal-wild", "Duel", Some("duel")).unwrap().id;
    let err = t.encounter_start(e, &[], &[], None).unwrap_err().to_string();
    assert!(err.contains("2 duelists"), "{err}");
    t.encounter_add_npc(e, "Ada", 1, stats(&[("gnosis", 3), ("forces", 3), ("wp", 5)])).unwrap();
    let err = t.encounter_start(e, &[], &[], None).unwrap_err().to_string();
    assert!(err.contains("2 duelists") && err.contains("(Ada)"), "{err}");
    assert_eq!(t.encounter_log(e).unwrap().len(), 1, "only Ada joined: no start");
    t.encounter_add_npc(e, "Bram", 1, stats(&[("gnosis", 2), ("death", 2), ("wp", 4)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
}

/// Line 199: a mage's Mage Sight stands against a Shaping attack as a sensory boost, so
/// a covert one (at least 2, line 177) takes 1 off a mage. Until issue 72 every
/// combatant counted as a mage unless marked `mage=0`, a saved character too (its sheet
/// gave the fight nothing), and fights were played so. A fight stored then, whose joins
/// say nothing of the mark, replays as it was played: the Thug and Ada took 1 from the
/// covert attack, and the board says they count as mages (Interpretation: a join that
/// does not say is such a fight's, since Tome now says it in every join it stores). The
/// same fight stored now keeps them mundane: 2 each.
#[test]
fn a_fight_stored_before_the_mage_mark_replays_its_combatants_as_they_were_played() {
    let mut t = Tome::open_in_memory().unwrap();
    let ada = t.create_character("primal-wild", "Ada").unwrap();
    let e = t.create_encounter("primal-wild", "Alley").unwrap().id;
    t.encounter_add_npc(e, "Thug", 1, stats(&[("init", 2), ("health", 7)])).unwrap();
    t.encounter_add_character(e, ada.id).unwrap();
    t.encounter_start(e, &typed(&[("Ada", 5), ("Thug", 1)]), &[], None).unwrap();
    let spell = [("aspect", "covert"), ("potency", "1"), ("defense-successes", "1")];
    act(&mut t, e, "shaping-attack", "Thug", &spell).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    let now = act(&mut t, e, "shaping-attack", "Ada", &spell).unwrap();
    for name in ["Thug", "Ada"] {
        assert_eq!(combatant(&now, name)["mage"], false, "{name}");
        assert_eq!(wounds(&now, name).1, 2, "{name}: the covert minimum");
    }
    let sql = |t: &Tome, statement: &str| t.db().connection().execute(statement, [e]).unwrap();
    // As the older Tome stored the joins: the quick one's stats and the sheet's numbers
    // without the mark, and no checksum (it wrote none).
    let older = "UPDATE encounter_event SET event = json_remove(event, '$.combatants[0].stats.mage', \
                 '$.combatants[0].from_sheet.mage'), check_sum = NULL WHERE encounter_id = ?1 AND seq IN (1, 2)";
    assert_eq!(sql(&t, older), 2);
    t.db().seal_unsealed().unwrap();
    sql(&t, "DELETE FROM encounter_checkpoint WHERE encounter_id = ?1");
    let then = t.encounter_replayed(e).unwrap();
    for name in ["Thug", "Ada"] {
        assert_eq!(combatant(&then, name)["mage"], true, "{name}: {}", combatant(&then, name));
        assert_eq!(wounds(&then, name).1, 1, "{name}: Mage Sight took one off, as played then");
    }
}
