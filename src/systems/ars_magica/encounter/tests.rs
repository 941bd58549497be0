//! Ars Magica fights played through `Tome`, as `tome encounter` plays them: the
//! document's rules and examples (line numbers of the combat document).

use std::collections::BTreeMap;

use rand::SeedableRng;

use crate::api::EncounterView;
use crate::encounters::Event;
use crate::Tome;

fn stats(pairs: &[(&str, i64)]) -> BTreeMap<String, i64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn who<'a>(v: &'a EncounterView, name: &str) -> &'a serde_json::Value {
    v.combatants.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name} in {v:#?}"))
}

fn act(t: &mut Tome, e: i64, action: &str, name: &str, inputs: &[(&str, &str)]) -> crate::Result<EncounterView> {
    act_seeded(t, e, action, name, inputs, 1)
}

fn act_seeded(
    t: &mut Tome,
    e: i64,
    action: &str,
    name: &str,
    inputs: &[(&str, &str)],
    seed: u64,
) -> crate::Result<EncounterView> {
    let inputs = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    t.encounter_act(e, action, Some(name), inputs, Some(seed))
}

/// The terms of the last log entry, as the tracker and `--json` carry them.
fn terms_said(t: &Tome, e: i64) -> String {
    serde_json::to_string(&t.encounter_log(e).unwrap().last().unwrap().terms).unwrap()
}

fn said(t: &Tome, e: i64) -> String {
    t.encounter_log(e).unwrap().last().unwrap().lines.join("\n")
}

fn set(t: &mut Tome, e: i64, name: &str, field: &str, value: i64) -> crate::Result<EncounterView> {
    t.encounter_change(e, Event::Set { name: name.into(), field: field.into(), value })
}

/// An encounter with `parties` (name, stats), started in the order given.
fn fight(parties: &[(&str, &[(&str, i64)])]) -> (Tome, i64) {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Test").unwrap().id;
    for (name, s) in parties {
        t.encounter_add_npc(e, name, 1, stats(s)).unwrap();
    }
    let n = parties.len() as i64;
    let rolls: Vec<(String, i64)> =
        parties.iter().enumerate().map(|(i, (name, _))| (name.to_string(), 10 * (n - i as i64))).collect();
    t.encounter_start(e, &rolls, &[], None).unwrap();
    (t, e)
}

// ----- Combat botches (lines 37-48) ----------------------------------------------

/// Lines 37-42: a botched Defense roll makes the Defense Total 0, so the attacker's
/// whole Attack Total is its advantage. Brute (Dfn 12) botches against 12 + 5.
#[test]
fn botched_defense_faces_the_whole_attack_total() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 12), ("dam", 5)]), ("Brute", &[("def", 12), ("soak", 3)])]);
    let inputs = [("target", "Brute"), ("attack-die", "5"), ("defense-die", "0"), ("defense-botches", "1")];
    let v = act(&mut t, e, "attack", "Knight", &inputs).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Attack Total 17 against Defense Total 0, advantage 17"), "{s}");
    assert!(s.contains("Brute rolled a 0 and botches"), "{s}");
    // Damage 5 + 17 = 22, past Soak 3 by 19: an Incapacitating wound at Size 0.
    assert_eq!(who(&v, "Brute")["wounds"]["incapacitating"], 1);
}

/// Lines 44-47: a botch never raises a negative base Defense to 0; the die adds 0.
#[test]
fn botched_negative_defense_stays_negative() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 6)]), ("Peasant", &[("def", -3)])]);
    let inputs = [("target", "Peasant"), ("attack-die", "2"), ("defense-die", "0"), ("defense-botches", "2")];
    act(&mut t, e, "attack", "Knight", &inputs).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Attack Total 8 against Defense Total -3, advantage 11"), "{s}");
}

/// Line 37: a botched attack is an Attack Total of 0, a miss against any Defense of 0
/// or more.
#[test]
fn botched_attack_misses() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 15)]), ("Brute", &[("def", 0)])]);
    let inputs = [("target", "Brute"), ("attack-die", "0"), ("attack-botches", "1"), ("defense-die", "1")];
    act(&mut t, e, "attack", "Knight", &inputs).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Attack Total 0 against Defense Total 1") && s.contains("A miss"), "{s}");
}

/// A botch Tome rolls itself counts as one typed in: find a seed whose defense die is
/// a 0 with its botch die at 0, and the Defense Total is 0.
#[test]
fn a_botch_tome_rolls_counts_like_a_typed_one() {
    let seed = (0..100_000u64)
        .find(|&s| {
            let mut rng = rand::rngs::StdRng::seed_from_u64(s);
            let a = crate::dice::stress_die(&mut rng, 1);
            let d = crate::dice::stress_die(&mut rng, 1);
            a.total > 0 && a.total < 10 && d.total == 0 && d.botches > 0
        })
        .expect("a seed that botches");
    let (mut t, e) = fight(&[("Knight", &[("atk", 12)]), ("Brute", &[("def", 12)])]);
    act_seeded(&mut t, e, "attack", "Knight", &[("target", "Brute")], seed).unwrap();
    let s = said(&t, e);
    assert!(s.contains("against Defense Total 0"), "{s}");
}

/// Botch dice only follow a 0: a typed botch on another die is refused, saying why.
#[test]
fn a_botch_on_a_die_that_is_not_zero_is_refused() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 12)]), ("Brute", &[("def", 12)])]);
    let inputs = [("target", "Brute"), ("attack-die", "4"), ("defense-die", "3"), ("defense-botches", "1")];
    let err = act(&mut t, e, "attack", "Knight", &inputs).unwrap_err().to_string();
    assert!(err.contains("defense-botches") && err.contains("0"), "{err}");
}

/// The two readings the document leaves open are marked where the botch is shown: the
/// base a botch reads is the whole total but the die, and a negative Attack stays
/// negative as a negative Defense does (lines 44-47).
#[test]
fn a_botch_marks_the_base_it_reads_as_an_interpretation() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 12)]), ("Brute", &[("def", 12)])]);
    let inputs = [("target", "Brute"), ("attack-die", "5"), ("defense-die", "0"), ("defense-botches", "1")];
    act(&mut t, e, "attack", "Knight", &inputs).unwrap();
    let terms = terms_said(&t, e);
    assert!(terms.contains("Interpretation: the base is the whole total but the die"), "{terms}");
    let (mut t, e) = fight(&[("Peasant", &[("atk", -3)]), ("Brute", &[("def", 0)])]);
    let inputs = [("target", "Brute"), ("attack-die", "0"), ("attack-botches", "1"), ("defense-die", "1")];
    act(&mut t, e, "attack", "Peasant", &inputs).unwrap();
    let terms = terms_said(&t, e);
    assert!(terms.contains("stays at -3") && terms.contains("negative base Attack the same way"), "{terms}");
}

// ----- Disengaging (lines 359-374) -----------------------------------------------

/// Line 37: a botch on any combat roll makes its total 0, a pursuer's Attack as much as
/// an attack's. Knight (Dfn 5 + 3 = 8) disengages from Brute (Atk 12), who botches: 0,
/// so the Knight gets away.
#[test]
fn a_pursuers_botched_attack_lets_the_party_get_away() {
    let (mut t, e) = fight(&[("Knight", &[("def", 5)]), ("Brute", &[("atk", 12)])]);
    let v = act(&mut t, e, "disengage", "Knight", &[("against", "Brute=0/1"), ("die", "3")]).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Brute: Attack Total 0, not enough") && s.contains("Brute rolled a 0 and botches"), "{s}");
    assert_eq!(who(&v, "Knight")["left"], true, "{s}");
}

/// The disengaging party's own botched Defense is 0 too, typed (`--botches`) or rolled;
/// botch dice after a die that is not a 0 are refused on either side.
#[test]
fn a_botched_disengage_keeps_the_party_in_the_fight() {
    let (mut t, e) = fight(&[("Knight", &[("def", 10)]), ("Brute", &[("atk", 0)])]);
    let err = act(&mut t, e, "disengage", "Knight", &[("against", "Brute=4/1"), ("die", "3")]).unwrap_err();
    assert!(err.to_string().contains("only a 0"), "{err}");
    let err =
        act(&mut t, e, "disengage", "Knight", &[("against", "Brute=4"), ("die", "3"), ("botches", "1")]).unwrap_err();
    assert!(err.to_string().contains("--botches"), "{err}");
    let inputs = [("against", "Brute=1"), ("die", "0"), ("botches", "1")];
    let v = act(&mut t, e, "disengage", "Knight", &inputs).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Defense Total 0") && s.contains("Brute: Attack Total 1, enough"), "{s}");
    assert_eq!(who(&v, "Knight")["left"], false, "{s}");
}

/// Line 364 says the Defense Total must beat the Attack Totals; Tome reads a tie as not
/// beating, and says on screen that this is its reading.
#[test]
fn a_disengage_tie_keeps_the_party_in_as_a_marked_interpretation() {
    let (mut t, e) = fight(&[("Knight", &[("def", 5)]), ("Brute", &[("atk", 5)])]);
    let v = act(&mut t, e, "disengage", "Knight", &[("against", "Brute=3"), ("die", "3")]).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Attack Total 8, a tie") && s.contains("Interpretation: the party gets away only"), "{s}");
    assert_eq!(who(&v, "Knight")["left"], false, "{s}");
}

// ----- Groups (lines 268-296) ----------------------------------------------------

/// Lines 285-296: four strike three, 6 points past Soak; the vanguard takes two blows
/// (two Medium wounds), the other human one Medium, the Giant-Blooded member (Size +1)
/// only a Light wound.
#[test]
fn group_members_take_wounds_by_their_own_size() {
    let (mut t, e) = fight(&[
        ("Raiders", &[("atk", 10), ("dam", 4), ("members", 4)]),
        ("Grogs", &[("def", 5), ("soak", 4), ("members", 3)]),
    ]);
    set(&mut t, e, "Grogs", "member-3-size", 1).unwrap();
    // Attack 10 + 1 against 5 + 0: advantage 6; Damage 4 + 6 = 10, past Soak 4 by 6.
    let inputs = [("target", "Grogs"), ("attack-die", "1"), ("defense-die", "0"), ("defense-botches", "0")];
    let v = act(&mut t, e, "attack", "Raiders", &inputs).unwrap();
    let g = who(&v, "Grogs");
    assert_eq!(g["wounds"]["medium"], 2, "{g}");
    assert_eq!(g["group"]["others_wounds"]["medium"], 1, "{g}");
    assert_eq!(g["group"]["others_wounds"]["light"], 1, "{g}");
}

/// Line 273: the group splits when its leader falls, not only its vanguard. The leader
/// here is member 3 (Size 0); the vanguard and member 2 are Size +3, so 17 points past
/// Soak are Heavy for them and Incapacitating for the leader.
#[test]
fn a_group_splits_when_its_leader_falls() {
    let (mut t, e) = fight(&[
        ("Raiders", &[("atk", 20), ("dam", 10), ("members", 3)]),
        ("Guard", &[("def", 10), ("soak", 3), ("size", 3), ("members", 3), ("leadership", 3), ("leader", 3)]),
    ]);
    set(&mut t, e, "Guard", "member-3-size", 0).unwrap();
    // 20 + 0 against 10 + 0 (no botch): advantage 10; 10 + 10 = 20, past Soak 3 by 17.
    let inputs = [
        ("target", "Guard"),
        ("attack-die", "0"),
        ("attack-botches", "0"),
        ("defense-die", "0"),
        ("defense-botches", "0"),
    ];
    let v = act(&mut t, e, "attack", "Raiders", &inputs).unwrap();
    let g = who(&v, "Guard");
    assert_eq!(g["wounds"]["heavy"], 1, "{g}");
    assert!(g.get("group").is_none(), "the vanguard fights on alone: {g}");
    assert!(said(&t, e).contains("leader"), "{}", said(&t, e));
    // Member 2 stands and fights on as a combatant; the fallen leader does not.
    assert_eq!(who(&v, "Guard 2")["wounds"]["heavy"], 1, "{}", said(&t, e));
    assert_eq!(v.combatants.len(), 3, "{}", said(&t, e));
}

// ----- Exertion (lines 376-381) --------------------------------------------------

/// Exertion is for attack or defense in one round, not both, and once a round.
#[test]
fn exertion_is_for_attack_or_defense_in_a_round_not_both() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 10), ("ability", 5)]), ("Brute", &[("def", 4)])]);
    act(&mut t, e, "exert", "Knight", &[("on", "attack")]).unwrap();
    let err = act(&mut t, e, "exert", "Knight", &[("on", "defense")]).unwrap_err().to_string();
    assert!(err.contains("already exerted"), "{err}");
    act(&mut t, e, "attack", "Knight", &[("target", "Brute"), ("attack-die", "3"), ("defense-die", "3")]).unwrap();
    let err = act(&mut t, e, "exert", "Knight", &[("on", "attack")]).unwrap_err().to_string();
    assert!(err.contains("already exerted"), "{err}");
    // Its next turn is a new round: it may exert again.
    t.encounter_change(e, Event::Next).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    act(&mut t, e, "exert", "Knight", &[("on", "defense")]).unwrap();
}

/// Lines 378-382: in a group every member spends a Fatigue level to exert, for the
/// vanguard's Combat Ability; lines 301-302 (and 273-274): a member who is incapacitated
/// has left the fight. Interpretation (marked in the log): a member who is down exerts
/// nothing, so it spends no level and keeps the Fatigue it had when it fell. Guard: 3
/// members, member 3 down, exerts twice (two rounds): the vanguard and member 2 go Fresh →
/// Winded → Weary, member 3 stays Fresh; 2 levels spent each time, not 3.
#[test]
fn a_fallen_group_member_spends_no_fatigue_on_exertion() {
    let (mut t, e) = fight(&[
        ("Guard", &[("atk", 5), ("def", 5), ("soak", 4), ("members", 3), ("ability", 4)]),
        ("Brute", &[("def", 4)]),
    ]);
    set(&mut t, e, "Guard", "member-3-down", 1).unwrap();
    let v = act(&mut t, e, "exert", "Guard", &[("on", "attack")]).unwrap();
    let g = who(&v, "Guard");
    assert_eq!(g["fatigue"], "Winded", "{g}");
    assert_eq!(g["group"]["member_fatigue"], serde_json::json!(["Winded", "Fresh"]), "{g}");
    assert_eq!(g["exertion"]["attack"], 4, "the vanguard's Ability");
    let terms = terms_said(&t, e);
    assert!(terms.contains(r#""label":"Fatigue levels spent (one per member)","value":2"#), "{terms}");
    let s = said(&t, e);
    assert!(s.contains("Each of its 2 members standing spends a Fatigue level: now Winded"), "{s}");
    assert!(s.contains("member 3 down: no Fatigue spent (Interpretation:"), "{s}");
    t.encounter_change(e, Event::Next).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    let v = act(&mut t, e, "exert", "Guard", &[("on", "defense")]).unwrap();
    let g = who(&v, "Guard");
    assert_eq!(
        (g["fatigue"].as_str(), &g["group"]["member_fatigue"]),
        (Some("Weary"), &serde_json::json!(["Weary", "Fresh"]))
    );
    // All standing: all three spend.
    let (mut t, e) = fight(&[("Guard", &[("members", 3), ("ability", 4)]), ("Brute", &[])]);
    let v = act(&mut t, e, "exert", "Guard", &[("on", "attack")]).unwrap();
    assert_eq!(who(&v, "Guard")["group"]["member_fatigue"], serde_json::json!(["Winded", "Winded"]));
    assert!(terms_said(&t, e).contains(r#""label":"Fatigue levels spent (one per member)","value":3"#));
}

/// Lines 299-302: the other members give their bonus until they are incapacitated, and
/// a member who is down neither strikes nor shares the blows. Guard: 3 members,
/// Leadership 3, the others' Abilities 6; member 3 is down, so its half of the 6 goes.
#[test]
fn a_fallen_member_gives_no_bonus_and_takes_no_blows() {
    let (mut t, e) = fight(&[
        ("Guard", &[("atk", 5), ("def", 5), ("soak", 4), ("members", 3), ("leadership", 3), ("others", 6)]),
        ("Raiders", &[("atk", 10), ("dam", 4), ("members", 3)]),
        ("Brute", &[("def", 0), ("soak", 20)]),
    ]);
    set(&mut t, e, "Guard", "member-3-down", 1).unwrap();
    act(&mut t, e, "attack", "Guard", &[("target", "Brute"), ("attack-die", "1"), ("defense-die", "1")]).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Guard attacks Brute: Attack Total 9 against Defense Total 1"), "5 + 3 + 1: {s}");
    assert!(terms_said(&t, e).contains("Interpretation: Tome keeps the other members' Abilities only as a sum"));
    // Three blows of 6 past Soak (Medium) on the two standing: two on the vanguard, one
    // on member 2, none on the fallen member 3.
    let inputs =
        [("target", "Guard"), ("attack-die", "1"), ("defense-die", "0"), ("defense-botches", "0"), ("delayed", "true")];
    let v = act(&mut t, e, "attack", "Raiders", &inputs).unwrap();
    let g = who(&v, "Guard");
    assert_eq!(g["wounds"]["medium"], 2, "{g}");
    assert_eq!(g["group"]["others_wounds"]["medium"], 1, "{g}");
    assert!(terms_said(&t, e).contains("strikes no blow"), "{}", terms_said(&t, e));
}

// ----- Values a GM sets by hand ----------------------------------------------------

/// Every tracked value is held to its rule when set by hand; a group whose vanguard is
/// set Incapacitating splits.
#[test]
fn hand_set_values_are_bounded_by_their_rules() {
    let (mut t, e) = fight(&[("Knight", &[]), ("Grogs", &[("members", 3)])]);
    for (field, bad) in [
        ("wounds-light", 101),
        ("wounds-heavy", -1),
        ("fatigue-short", 21),
        ("dead", 2),
        ("left", 3),
        ("split", 2),
        ("bonus-on", 2),
        ("disengage-attempts", -1),
        ("member-2-size", 21),
    ] {
        let err = set(&mut t, e, "Grogs", field, bad).unwrap_err().to_string();
        assert!(err.contains(field), "{field}: {err}");
    }
    let err = set(&mut t, e, "Grogs", "others-dead", 3).unwrap_err().to_string();
    assert!(err.contains("others-dead") && err.contains('2'), "two other members die once each: {err}");
    let v = set(&mut t, e, "Grogs", "wounds-incapacitating", 1).unwrap();
    assert!(who(&v, "Grogs").get("group").is_none());
    assert_eq!(who(&v, "Grogs 3")["name"], "Grogs 3", "the survivors fight on alone");
    let err = set(&mut t, e, "Knight", "member-2-size", 0).unwrap_err().to_string();
    assert!(err.contains("member-2-size"), "a lone fighter has no member 2: {err}");
}

/// A group's leader is one of its members; members added by hand stand with the
/// vanguard's Size (and can be given their own), members taken away are forgotten.
#[test]
fn hand_set_group_members_keep_leader_and_sizes_in_step() {
    let (mut t, e) = fight(&[("Knight", &[]), ("Grogs", &[("members", 3), ("size", 1)])]);
    let err = set(&mut t, e, "Grogs", "leader", 4).unwrap_err().to_string();
    assert!(err.contains("leader") && err.contains("only 3 members"), "{err}");
    set(&mut t, e, "Grogs", "leader", 3).unwrap();
    let err = set(&mut t, e, "Grogs", "members", 2).unwrap_err().to_string();
    assert!(err.contains("leader is member 3"), "{err}");
    set(&mut t, e, "Grogs", "leader", 1).unwrap();
    let v = set(&mut t, e, "Grogs", "members", 5).unwrap();
    assert_eq!(who(&v, "Grogs")["group"]["member_sizes"], serde_json::json!([1, 1, 1, 1]));
    let v = set(&mut t, e, "Grogs", "member-5-size", -1).unwrap();
    assert_eq!(who(&v, "Grogs")["group"]["member_sizes"], serde_json::json!([1, 1, 1, -1]));
    set(&mut t, e, "Grogs", "members", 2).unwrap();
    let err = set(&mut t, e, "Grogs", "member-3-size", 0).unwrap_err().to_string();
    assert!(err.contains("member-3-size"), "member 3 is gone: {err}");
    let err = t.encounter_add_npc(e, "Band", 1, stats(&[("members", 2), ("leader", 3)])).unwrap_err().to_string();
    assert!(err.contains("only 2 members"), "{err}");
}

/// Line 378: the exertion bonus is for a single attack roll; a stunt is one, so the
/// attack after it has no exertion.
#[test]
fn a_stunt_spends_the_exertion_bonus() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 8), ("ability", 5)]), ("Brute", &[("def", 6)])]);
    act(&mut t, e, "exert", "Knight", &[("on", "attack")]).unwrap();
    let trip = [("target", "Brute"), ("stunt", "trip"), ("attack-die", "1"), ("defense-die", "1")];
    act(&mut t, e, "stunt", "Knight", &trip).unwrap();
    assert!(terms_said(&t, e).contains("Knight: exertion"), "the stunt takes the bonus");
    // The GM lets the Knight strike again this round (a second attack is otherwise refused).
    set(&mut t, e, "Knight", "attacked", 0).unwrap();
    act(&mut t, e, "attack", "Knight", &[("target", "Brute"), ("attack-die", "1"), ("defense-die", "1")]).unwrap();
    let s = said(&t, e);
    assert!(s.contains("Attack Total 9 against"), "8 + 1, no exertion: {s}");
    assert!(!terms_said(&t, e).contains("exertion"), "{}", terms_said(&t, e));
}

// ----- Moves ------------------------------------------------------------------------

/// Lines 335-354: shield grogs guard a magus; an attack on him meets them, and only
/// their botched Defense lets it through to him. No more wards than defenders.
#[test]
fn shield_grogs_take_the_blows_meant_for_their_magus() {
    let (mut t, e) = fight(&[
        ("Brute", &[("atk", 10), ("dam", 5)]),
        ("Grogs", &[("def", 3), ("soak", 2), ("members", 2)]),
        ("Magus", &[("def", 0), ("soak", 1)]),
        ("Apprentice", &[]),
        ("Scribe", &[]),
    ]);
    let err = act(&mut t, e, "defend", "Grogs", &[("wards", "Magus, Apprentice, Scribe")]).unwrap_err();
    assert!(err.to_string().contains("no more characters"), "{err}");
    act(&mut t, e, "defend", "Grogs", &[("wards", "Magus")]).unwrap();
    let hit = [("target", "Magus"), ("attack-die", "2"), ("defense-die", "4")];
    let v = act(&mut t, e, "attack", "Brute", &hit).unwrap();
    assert!(said(&t, e).contains("Attack Total 12 against Defense Total 7"), "{}", said(&t, e));
    assert_eq!(who(&v, "Magus")["wounds"]["light"], 0);
    assert_eq!(who(&v, "Grogs")["wounds"]["medium"], 1, "10 past Soak 2 is 8: Medium, on the grogs");
    let botch = [("target", "Magus"), ("attack-die", "2"), ("defense-die", "0"), ("defense-botches", "1")];
    set(&mut t, e, "Brute", "attacked", 0).unwrap();
    let v = act(&mut t, e, "attack", "Brute", &botch).unwrap();
    assert!(said(&t, e).contains("gets through to Magus"), "{}", said(&t, e));
    // 5 + 12 = 17 against Soak 1: 16, Incapacitating at Size 0.
    assert_eq!(who(&v, "Magus")["wounds"]["incapacitating"], 1);
}

/// A dead shield grog guards no one: the attack meets only defenders still able, and
/// the tracker no longer shows the fallen one as guarding.
#[test]
fn a_dead_shield_grog_is_not_shown_guarding() {
    let (mut t, e) = fight(&[("Brute", &[("atk", 10), ("dam", 5)]), ("Grog", &[("def", 3)]), ("Magus", &[])]);
    let v = act(&mut t, e, "defend", "Grog", &[("wards", "Magus")]).unwrap();
    assert_eq!(who(&v, "Grog")["guards"], serde_json::json!(["Magus"]));
    let v = set(&mut t, e, "Grog", "dead", 1).unwrap();
    assert!(who(&v, "Grog").get("guards").is_none(), "{}", who(&v, "Grog"));
}

/// Lines 459-481: a stunt works when the advantage reaches the table's; Trip needs 3.
#[test]
fn a_trip_needs_an_advantage_of_three() {
    let (mut t, e) = fight(&[("Knight", &[("atk", 8)]), ("Brute", &[("def", 6)])]);
    let v = act(
        &mut t,
        e,
        "stunt",
        "Knight",
        &[("target", "Brute"), ("stunt", "trip"), ("attack-die", "1"), ("defense-die", "0"), ("defense-botches", "0")],
    )
    .unwrap();
    assert!(said(&t, e).contains("advantage 3 (needs 3)") && said(&t, e).contains("Trip works"), "{}", said(&t, e));
    assert_eq!(who(&v, "Brute")["wounds"]["light"], 0, "a stunt deals no damage");
    let err = act(&mut t, e, "stunt", "Knight", &[("target", "Brute"), ("stunt", "Juggle")]).unwrap_err();
    assert!(err.to_string().contains("Juggle"), "{err}");
}

/// Lines 383-394: a magus casts on Quickness alone; one normal spell a round, which
/// takes the round; a fast-cast spell answers at any time, one a round.
#[test]
fn a_magus_casts_on_quickness_alone_one_spell_a_round() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Test").unwrap().id;
    t.encounter_add_npc(e, "Magus", 1, stats(&[("init", 9), ("qik", 2), ("casts", 1)])).unwrap();
    t.encounter_add_npc(e, "Brute", 1, stats(&[("init", 0)])).unwrap();
    let v = t.encounter_start(e, &[("Magus".into(), 4), ("Brute".into(), 4)], &[], None).unwrap();
    assert_eq!(who(&v, "Magus")["initiative"], 6, "Quickness 2 + 4, not the weapon's 9 + 4");
    act(&mut t, e, "cast", "Magus", &[("spell", "Pilum of Fire")]).unwrap();
    let err = act(&mut t, e, "cast", "Magus", &[]).unwrap_err().to_string();
    assert!(err.contains("whole round"), "{err}");
    let err = act(&mut t, e, "attack", "Magus", &[("target", "Brute")]).unwrap_err().to_string();
    assert!(err.contains("takes the round"), "{err}");
    act(&mut t, e, "cast", "Magus", &[("fast", "true")]).unwrap();
    let err = act(&mut t, e, "cast", "Magus", &[("fast", "true")]).unwrap_err().to_string();
    assert!(err.contains("Interpretation"), "{err}");
    act(&mut t, e, "cast", "Magus", &[("fast", "true"), ("very-fast", "true")]).unwrap();
    // On the Brute's turn a normal spell waits; a fast-cast one may answer.
    t.encounter_change(e, Event::Next).unwrap();
    assert!(act(&mut t, e, "cast", "Magus", &[]).is_err());
}

/// Lines 93-94: a spell's damage (+X and a stress die) meets the target's Soak Total
/// plus a stress die, as `calc non-combat-damage` works it: +10, die 5, against Soak 2
/// and a Soak die of 3 is 10 past Soak, a Medium wound, not the Heavy one 13 past a
/// bare Soak would give.
#[test]
fn a_spell_in_the_fight_meets_soak_and_its_stress_die() {
    let (mut t, e) = fight(&[("Magus", &[]), ("Brute", &[("soak", 2)])]);
    let spell =
        [("spell", "Pilum of Fire"), ("target", "Brute"), ("damage", "10"), ("damage-die", "5"), ("soak-die", "3")];
    let v = act(&mut t, e, "cast", "Magus", &spell).unwrap();
    assert!(said(&t, e).contains("Soak 2 + die 3 = 5"), "{}", said(&t, e));
    let calc = t
        .calculate(
            "ars-magica",
            "non-combat-damage",
            [("bonus", "10"), ("damage-die", "5"), ("soak", "2"), ("soak-die", "3")]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
        .unwrap();
    let wound = serde_json::to_value(&calc).unwrap().to_string();
    assert!(wound.contains(r#"["wound","medium"]"#), "{wound}");
    assert_eq!(who(&v, "Brute")["wounds"]["medium"], 1, "{}", said(&t, e));
    assert_eq!(who(&v, "Brute")["wounds"]["heavy"], 0);
    // Tome rolls both dice when they are left out, and a spell without --damage hurts no one.
    t.encounter_change(e, Event::Next).unwrap();
    let err = act(&mut t, e, "cast", "Brute", &[("target", "Magus")]).unwrap_err().to_string();
    assert!(err.contains("goes with --damage"), "{err}");
    act(&mut t, e, "cast", "Brute", &[("target", "Magus"), ("damage", "0")]).unwrap();
    assert!(said(&t, e).contains("Damage Total"), "{}", said(&t, e));
}

/// Line 151: only a side with missile weapons does damage at range.
#[test]
fn without_a_missile_weapon_no_damage_at_range() {
    let (mut t, e) = fight(&[("Archer", &[("atk", 9), ("missile", 1)]), ("Brute", &[("atk", 9)])]);
    act(
        &mut t,
        e,
        "attack",
        "Archer",
        &[("target", "Brute"), ("at-range", "true"), ("attack-die", "3"), ("defense-die", "3")],
    )
    .unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    let err = act(&mut t, e, "attack", "Brute", &[("target", "Archer"), ("at-range", "true")]).unwrap_err();
    assert!(err.to_string().contains("no damage"), "{err}");
}

/// Lines 1094-1102: a wound brought into the fight; overexerting calls for a Recovery
/// roll that can hold it or worsen it, never heal it; a wound taken here calls for none.
#[test]
fn overexerting_can_only_make_a_wound_worse() {
    let (mut t, e) = fight(&[("Grog", &[("sta", 1)]), ("Brute", &[("atk", 3)])]);
    set(&mut t, e, "Grog", "wounds-medium", 1).unwrap();
    // 1 + 12 = 13 reaches the improvement Ease Factor 12: it only holds.
    let v = act(&mut t, e, "overexert", "Grog", &[("die", "12")]).unwrap();
    assert_eq!(who(&v, "Grog")["wounds"]["medium"], 1);
    // 1 + 4 = 5, below 6: Heavy.
    let v = act(&mut t, e, "overexert", "Grog", &[("die", "4")]).unwrap();
    assert_eq!(
        (who(&v, "Grog")["wounds"]["medium"].as_i64(), who(&v, "Grog")["wounds"]["heavy"].as_i64()),
        (Some(0), Some(1))
    );
    t.encounter_change(e, Event::Next).unwrap();
    act(&mut t, e, "attack", "Brute", &[("target", "Grog"), ("attack-die", "1"), ("defense-die", "1")]).unwrap();
    let err = act(&mut t, e, "overexert", "Grog", &[("die", "4")]).unwrap_err().to_string();
    assert!(err.contains("wounded in this fight"), "{err}");
}

/// Lines 1095-1102 and the recovery track: a Recovery roll has no botch dice, so a 0
/// on overexertion's roll is a 0 and no more, typed or rolled, worded as `character
/// recover` words it.
#[test]
fn overexertion_rolls_no_botch_dice() {
    let (mut t, e) = fight(&[("Grog", &[("sta", 1)]), ("Brute", &[])]);
    set(&mut t, e, "Grog", "wounds-light", 2).unwrap();
    act(&mut t, e, "overexert", "Grog", &[("die", "0")]).unwrap();
    let s = said(&t, e);
    assert!(s.contains(crate::systems::ars_magica::rules::NO_BOTCH) && !s.contains("roll botch dice"), "{s}");
    // A seed whose first die is a 0 that one botch die would have botched.
    let seed = (0..100_000u64)
        .find(|&s| {
            let mut rng = rand::rngs::StdRng::seed_from_u64(s);
            let d = crate::dice::stress_die(&mut rng, 1);
            d.total == 0 && d.botches > 0
        })
        .expect("a seed that rolls a 0");
    act_seeded(&mut t, e, "overexert", "Grog", &[], seed).unwrap();
    let s = said(&t, e);
    assert!(s.contains("rolled a 0 (Interpretation") && !s.contains("botches"), "{s}");
}

/// Wound Table (lines 1037-1069): 17 past Soak on a Size 0 fighter is an Incapacitating
/// wound, 6 a Medium one (-3). The log says he is incapacitated, and never that his penalty is
/// now +0 (he takes no actions at all); a lesser wound still says the new penalty.
#[test]
fn an_incapacitating_wound_says_so_and_no_penalty() {
    let (mut t, e) = fight(&[("Knight", &[("soak", 0)]), ("Squire", &[("soak", 0)])]);
    t.encounter_change(e, Event::Damage { name: "Squire".into(), amount: 6, kind: None }).unwrap();
    assert!(said(&t, e).contains("Squire's total penalty is now -3"), "{}", said(&t, e));
    let v = t.encounter_change(e, Event::Damage { name: "Knight".into(), amount: 17, kind: None }).unwrap();
    let log = said(&t, e);
    assert!(log.contains("Knight is incapacitated"), "{log}");
    assert!(!log.contains("penalty is now"), "{log}");
    assert_eq!(who(&v, "Knight")["down"], "Incapacitated", "{v:#?}");
}

/// Issue 44: "Bandits's total penalty", "Bandits attacks": a group named as many reads as
/// many.
#[test]
fn a_group_named_as_many_reads_as_many() {
    let (mut t, e) = fight(&[
        ("Bandits", &[("atk", 10), ("dam", 4), ("members", 3), ("def", 3), ("soak", 2)]),
        ("Brute", &[("def", 0), ("soak", 1), ("atk", 9), ("dam", 8)]),
    ]);
    // Each party attacks on its own turn (lines 62–63).
    let turn = |t: &mut Tome, name: &str| {
        if t.encounter(e).unwrap().current.as_deref() != Some(name) {
            t.encounter_change(e, Event::Next).unwrap();
        }
    };
    turn(&mut t, "Bandits");
    act(&mut t, e, "attack", "Bandits", &[("target", "Brute"), ("attack-die", "1"), ("defense-die", "1")]).unwrap();
    assert!(said(&t, e).contains("Bandits attack Brute"), "{}", said(&t, e));
    turn(&mut t, "Brute");
    let inputs = [("target", "Bandits"), ("attack-die", "9"), ("defense-die", "0"), ("defense-botches", "0")];
    act(&mut t, e, "attack", "Brute", &inputs).unwrap();
    let s = said(&t, e);
    assert!(!s.contains("Bandits's") && !s.contains("Bandits attacks"), "{s}");
}

/// Lines 62–63, 126–127: each party acts once a round, in its place in the order (a
/// party may delay its action to answer a later one); lines 359–361: disengaging is
/// its action instead of an attack. An attack out of turn, a second one, or one after
/// disengaging is refused, as spells are.
#[test]
fn one_attack_per_party_per_round_on_its_own_turn() {
    let (mut t, e) =
        fight(&[("Knight", &[("attack", 9), ("defense", 6)]), ("Brute", &[("attack", 5), ("defense", 5)])]);
    let swing = [("target", "Brute"), ("attack-die", "1"), ("defense-die", "1")];
    let back = [("target", "Knight"), ("attack-die", "1"), ("defense-die", "1")];
    let err = act(&mut t, e, "attack", "Brute", &back).unwrap_err();
    assert!(err.to_string().contains("not its turn"), "out of turn: {err}");
    act(&mut t, e, "attack", "Knight", &swing).unwrap();
    let err = act(&mut t, e, "attack", "Knight", &swing).unwrap_err();
    assert!(err.to_string().contains("already attacked this round"), "a second attack: {err}");
    t.encounter_change(e, Event::Next).unwrap();
    act(&mut t, e, "attack", "Brute", &back).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    act(&mut t, e, "disengage", "Knight", &[("against", "Brute=0"), ("die", "1")]).unwrap();
    if who(&t.encounter(e).unwrap(), "Knight")["left"] != true {
        let err = act(&mut t, e, "attack", "Knight", &swing).unwrap_err();
        assert!(err.to_string().contains("disengag"), "after disengaging: {err}");
    }
}

/// Line 63: a party that delayed its action may attack out of its place, once.
#[test]
fn a_delayed_party_attacks_out_of_its_place_once() {
    let (mut t, e) = fight(&[("Knight", &[("attack", 9)]), ("Brute", &[("attack", 5)])]);
    let back = [("target", "Knight"), ("attack-die", "1"), ("defense-die", "1"), ("delayed", "true")];
    act(&mut t, e, "attack", "Brute", &back).unwrap();
    let err = act(&mut t, e, "attack", "Brute", &back).unwrap_err();
    assert!(err.to_string().contains("already attacked this round"), "{err}");
}
