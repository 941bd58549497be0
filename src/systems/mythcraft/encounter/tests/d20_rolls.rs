//! The d20 of an attack or a check under conditions (issue 72): Shaken's −2 and the two dice with
//! one kept count whoever rolls, the player typing or Tome, through the `d20-mode`
//! calculator's one function. Line numbers are of the rules document (004).

use super::*;
use crate::encounters::{EncounterRules, Facts};
use crate::systems::mythcraft::rules::{condition_effects, d20_mode, RollKind};
use proptest::prelude::*;
use rand::SeedableRng;

/// A fight between Vera (COR 2) and a Ghoul (AR 14, 40 HP), started, Vera first.
fn duel() -> State {
    let mut s = fight(&[("Vera", &[("cor", 2)]), ("Ghoul", &[("max-hp", 40), ("ar", 14)])]);
    start(&mut s, &[("Vera", 18), ("Ghoul", 3)]);
    s
}

/// What Tome prepares for `who`'s attack with `inputs` from `seed`: the dice it rolls.
fn prepared(s: &State, who: &str, inputs: &[(&str, &str)], seed: u64) -> Result<Facts> {
    let spec = crate::encounters::action_spec(&Rules, "attack")?;
    let raw = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let checked = crate::rules::Inputs::new(spec.params, raw)?;
    let db = crate::db::Db::open_in_memory()?;
    let none = BTreeMap::new();
    let act = crate::encounters::Act { action: spec, who: Some(s.find(who)?), inputs: &checked, facts: &none };
    Rules.prepare(&db, s, &act, &mut rand::rngs::StdRng::seed_from_u64(seed))
}

/// `who`'s attack as Tome sends it: its dice rolled from `seed`, then played.
fn rolled(s: &mut State, who: &str, inputs: &[(&str, &str)], seed: u64) -> Result<Facts> {
    let facts = prepared(s, who, inputs, seed)?;
    let raw = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let e =
        Event::Act { action: "attack".into(), name: Some(who.into()), inputs: raw, facts: facts.clone(), sent: None };
    ev(s, e)?;
    Ok(facts)
}

fn came_to(s: &State) -> String {
    s.came_to.as_ref().map(|c| c.with_totals.clone()).unwrap_or_default()
}

const SWING: [(&str, &str); 6] =
    [("target", "Ghoul"), ("amount", "4"), ("dice", "1d6"), ("ap", "0"), ("range", "melee"), ("bonus", "5")];

/// Line 389: a Shaken creature takes −2 on every d20, so a typed attack of 14 against
/// AR 14 comes to 12, a miss (the issue's own case).
#[test]
fn a_shaken_attackers_typed_roll_loses_two() {
    let mut s = duel();
    entry(&mut s, "Vera", "Shaken").unwrap();
    let inputs = [("target", "Ghoul"), ("roll", "14"), ("amount", "4"), ("ap", "0"), ("range", "melee")];
    act(&mut s, "attack", "Vera", &inputs).unwrap();
    assert_eq!(came_to(&s), "Attack 12 against AR 14: a miss", "{}", said(&s));
    assert_eq!(value(&s, "Ghoul", "hp"), 40);
    let log = s.log.last().unwrap();
    assert!(log.terms.iter().any(|t| t.label.starts_with("Shaken") && t.value == serde_json::json!(-2)));
}

/// Line 389, with the d20 Tome rolls (or the one typed without a total): the −2 counts
/// the same.
#[test]
fn a_shaken_attackers_d20_rolled_by_tome_loses_two() {
    let mut s = duel();
    entry(&mut s, "Vera", "Shaken").unwrap();
    let mut inputs = SWING.to_vec();
    inputs.push(("natural", "9"));
    rolled(&mut s, "Vera", &inputs, 1).unwrap();
    assert_eq!(came_to(&s), "Attack 12 against AR 14: a miss", "{}", said(&s));
    let facts = rolled(&mut s, "Vera", &SWING, 7).unwrap();
    let n: i64 = facts["natural"].parse().unwrap();
    assert!(came_to(&s).starts_with(&format!("Attack {} against AR 14", n + 5 - 2)), "{}", came_to(&s));
}

/// Line 381: Rallied holds Shaken off, so the roll stands.
#[test]
fn a_rallied_shaken_attacker_keeps_its_roll() {
    let mut s = duel();
    entry(&mut s, "Vera", "Shaken").unwrap();
    entry(&mut s, "Vera", "Rallied").unwrap();
    let inputs = [("target", "Ghoul"), ("roll", "14"), ("amount", "4"), ("ap", "0"), ("range", "melee")];
    act(&mut s, "attack", "Vera", &inputs).unwrap();
    assert_eq!(came_to(&s), "Attack 14 against AR 14: a hit", "{}", said(&s));
}

/// Line 389 counts for a contested maneuver's d20 too: a Shaken trip of 14 against
/// REF 14 misses.
#[test]
fn a_shaken_trip_loses_two() {
    let mut s =
        fight(&[("Vera", &[("cor", 4), ("adventurer", 1)]), ("Ghoul", &[("max-hp", 30), ("ref", 14), ("fort", 16)])]);
    start(&mut s, &[("Vera", 18), ("Ghoul", 3)]);
    entry(&mut s, "Vera", "Shaken").unwrap();
    act(&mut s, "trip", "Vera", &[("target", "Ghoul"), ("roll", "14")]).unwrap();
    assert!(!has(&s, "Ghoul", "prone"), "{}", said(&s));
}

/// Line 389 says all d20 rolls: a check's too. A Shaken creature's Hide of 12 against
/// watchers at 11 comes to 10 and is spotted; its Medicine check of 14 against a
/// Bleeding (3)'s 13 comes to 12 and fails. Not Shaken, both succeed.
#[test]
fn a_shaken_creatures_checks_lose_two() {
    for shaken in [false, true] {
        let mut s = fight(&[
            ("Hero", &[("cor", 4), ("adventurer", 1), ("max-hp", 30)]),
            ("Ogre", &[("cor", 4), ("max-hp", 30)]),
        ]);
        start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
        entry(&mut s, "Hero", "Concealed").unwrap();
        if shaken {
            entry(&mut s, "Hero", "Shaken").unwrap();
        }
        act(&mut s, "hide", "Hero", &[("roll", "12"), ("against", "11")]).unwrap();
        assert_eq!(has(&s, "Hero", "unseen"), !shaken, "shaken {shaken}: {}", said(&s));
        condition(&mut s, "Ogre", Some("mythcraft/condition/bleeding"), "Bleeding (3)").unwrap();
        act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "14")]).unwrap();
        assert_eq!(has(&s, "Ogre", "bleeding"), shaken, "shaken {shaken}: {}", said(&s));
        if shaken {
            let log = s.log.last().unwrap();
            assert!(log.terms.iter().any(|t| t.label.starts_with("Shaken") && t.value == serde_json::json!(-2)));
        }
    }
}

/// Which die Tome keeps of its two, with the dice it rolled.
fn kept_of(facts: &Facts) -> (Vec<i64>, i64) {
    let dice = facts["d20s"].split(',').map(|n| n.parse().unwrap()).collect();
    (dice, facts["natural"].parse().unwrap())
}

/// Lines 385, 393, 446, 458: Tome rolls two d20s for a Sickened attacker (lower kept),
/// an Unseen one (higher), against a Restrained target (higher) or an Unseen one
/// (lower), and the log shows both dice and the one kept.
#[test]
fn tome_rolls_two_d20s_and_keeps_the_one_the_conditions_say() {
    for (on, label, higher) in [
        ("Vera", "Sickened", false),
        ("Vera", "Unseen", true),
        ("Ghoul", "Restrained", true),
        ("Ghoul", "Unseen", false),
    ] {
        for seed in 0..6 {
            let mut s = duel();
            entry(&mut s, on, label).unwrap();
            let facts = rolled(&mut s, "Vera", &SWING, seed).unwrap();
            let (dice, kept) = kept_of(&facts);
            assert_eq!(dice.len(), 2, "{label} on {on}: {facts:?}");
            let want = if higher { *dice.iter().max().unwrap() } else { *dice.iter().min().unwrap() };
            assert_eq!(kept, want, "{label} on {on}: {facts:?}");
            let terms = &s.log.last().unwrap().terms;
            let roll = &terms.iter().find(|t| t.label.starts_with("Attack roll")).unwrap().label;
            assert!(roll.contains(&format!("({}, {})", dice[0], dice[1])), "both dice in the log: {roll}");
            assert!(facts["said.1-roll"].contains("2d20 keep"), "the phone's line: {facts:?}");
        }
    }
}

/// Lines 446 and 458 together: an Unseen attacker on an Unseen target keeps the higher
/// and the lower at once; Tome reads them as cancelling to one d20 (the calculator's
/// interpretation), and with no such condition it rolls one.
#[test]
fn keep_higher_and_keep_lower_together_roll_one_d20() {
    let mut s = duel();
    entry(&mut s, "Vera", "Unseen").unwrap();
    entry(&mut s, "Ghoul", "Unseen").unwrap();
    assert_eq!(kept_of(&rolled(&mut s, "Vera", &SWING, 3).unwrap()).0.len(), 1);
    let mut s = duel();
    assert_eq!(kept_of(&rolled(&mut s, "Vera", &SWING, 3).unwrap()).0.len(), 1);
}

/// The two dice typed (`--d20s`) are kept as Tome's would be: Sickened keeps the lower;
/// a count the conditions do not roll is refused, saying how many.
#[test]
fn two_d20s_typed_keep_the_one_the_conditions_say() {
    let mut s = duel();
    entry(&mut s, "Vera", "Sickened").unwrap();
    let mut inputs = SWING.to_vec();
    inputs.push(("d20s", "14 6"));
    rolled(&mut s, "Vera", &inputs, 0).unwrap();
    assert_eq!(came_to(&s), "Attack 11 against AR 14: a miss", "{}", said(&s));
    let mut inputs = SWING.to_vec();
    inputs.push(("d20s", "14"));
    let err = rolled(&mut s, "Vera", &inputs, 0).unwrap_err().to_string();
    assert!(err.contains("2d20 keep lower") && err.contains("give 2 d20s"), "{err}");
}

const CONDITIONS: [&str; 12] = [
    "Shaken",
    "Sickened",
    "Unseen",
    "Restrained",
    "Prone",
    "Concealed",
    "Blinded",
    "Demoralized",
    "Frightened",
    "Rallied",
    "Protected",
    "Helpless",
];

fn subset() -> impl Strategy<Value = Vec<&'static str>> {
    proptest::sample::subsequence(CONDITIONS.to_vec(), 0..=4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// For any conditions on attacker and target, an attack Tome rolls from a seed
    /// comes to what the same attack typed with the dice that seed rolled comes to:
    /// typed as a total with its d20, or as every d20 with the bonus.
    #[test]
    fn an_attack_rolled_by_tome_matches_it_typed(
        mine in subset(),
        theirs in subset(),
        seed in 0u64..1000,
        bonus in -3i64..8,
        ranged in any::<bool>(),
    ) {
        let setup = || {
            let mut s = duel();
            for c in &mine { entry(&mut s, "Vera", c).unwrap(); }
            for c in &theirs { entry(&mut s, "Ghoul", c).unwrap(); }
            s
        };
        let bonus = bonus.to_string();
        let range = if ranged { "ranged" } else { "melee" };
        let base = [("target", "Ghoul"), ("dice", "1d6"), ("modifier", "2"), ("ap", "0"), ("range", range)];
        let mut by_tome = setup();
        let mut inputs = base.to_vec();
        inputs.push(("bonus", &bonus));
        let Ok(facts) = rolled(&mut by_tome, "Vera", &inputs, seed) else {
            // What Tome refuses to roll, it refuses typed too.
            let mut typed = base.to_vec();
            typed.extend([("roll", "10"), ("amount", "3")]);
            prop_assert!(act(&mut setup(), "attack", "Vera", &typed).is_err());
            return Ok(());
        };
        // The dice Tome rolled are as many as the calculator's mode for these conditions.
        let slugs = |names: &[&str]| names.iter().map(|c| c.to_lowercase()).collect::<Vec<_>>();
        let (held, on) = (slugs(&mine), slugs(&theirs));
        let held: Vec<&str> = held.iter().map(String::as_str).collect();
        let on = condition_effects(&on.iter().map(String::as_str).collect::<Vec<_>>()).seen;
        let on: Vec<&str> = on.iter().map(String::as_str).collect();
        let mode = d20_mode(RollKind::Attack, &held, &condition_effects(&held), &on);
        prop_assert_eq!(kept_of(&facts).0.len() as i64, mode.dice);

        let mut as_total = setup();
        let mut typed = base.to_vec();
        let roll = facts["roll"].clone();
        typed.extend([("roll", roll.as_str()), ("natural", facts["natural"].as_str())]);
        // A weapon crit rolls no ordinary damage: only its dice again.
        if let Some(amount) = facts.get("amount") { typed.push(("amount", amount.as_str())); }
        if let Some(again) = facts.get("crit-roll") { typed.push(("crit-roll", again.as_str())); }
        act(&mut as_total, "attack", "Vera", &typed).unwrap();
        prop_assert_eq!(&as_total.combatants, &by_tome.combatants);
        prop_assert_eq!(&as_total.came_to, &by_tome.came_to);

        let mut as_dice = setup();
        let d20s = facts["d20s"].replace(',', " ");
        let mut typed = base.to_vec();
        typed.extend([("bonus", bonus.as_str()), ("d20s", d20s.as_str())]);
        if let Some(amount) = facts.get("amount") { typed.push(("amount", amount.as_str())); }
        if let Some(again) = facts.get("crit-roll") { typed.push(("crit-roll", again.as_str())); }
        rolled(&mut as_dice, "Vera", &typed, seed.wrapping_add(1)).unwrap();
        prop_assert_eq!(&as_dice.combatants, &by_tome.combatants);
        prop_assert_eq!(&as_dice.came_to, &by_tome.came_to);
    }
}

/// The damage dice Tome rolled, which the player's phone shows, are in the log line too.
#[test]
fn the_log_line_shows_the_damage_dice_tome_rolled() {
    let mut s = duel();
    let inputs = [
        ("target", "Ghoul"),
        ("natural", "19"),
        ("bonus", "5"),
        ("dice", "1d6"),
        ("modifier", "2"),
        ("ap", "0"),
        ("range", "melee"),
    ];
    let facts = rolled(&mut s, "Vera", &inputs, 4).unwrap();
    let line = &s.log.last().unwrap().lines[0];
    assert!(line.contains(&facts["said.2-damage"]) && line.contains("Damage 1d6"), "{line}");
}

/// Lines 150-154: a weapon crit deals its dice at their maximum with the modifier, then
/// the dice rolled a second time, then LUCK; what the dice of an ordinary hit would have
/// come to plays no part. So Tome rolls no ordinary damage for it, and the log line says
/// the dice rolled again and each number of the damage (it said "Damage 1d6 4 + 2 = 6",
/// a damage never dealt).
#[test]
fn a_weapon_crits_log_line_shows_only_the_numbers_its_damage_is_made_of() {
    let mut s = fight(&[("Vera", &[("cor", 2), ("luck", 2)]), ("Ghoul", &[("max-hp", 40), ("ar", 14)])]);
    start(&mut s, &[("Vera", 18), ("Ghoul", 3)]);
    let inputs = [
        ("target", "Ghoul"),
        ("natural", "20"),
        ("bonus", "5"),
        ("dice", "1d6"),
        ("modifier", "2"),
        ("ap", "0"),
        ("range", "melee"),
    ];
    let facts = rolled(&mut s, "Vera", &inputs, 4).unwrap();
    assert!(!facts.contains_key("amount"), "no ordinary damage rolled: {facts:?}");
    let again: i64 = facts["crit-roll"].parse().unwrap();
    let lines = &s.log.last().unwrap().lines;
    assert!(
        lines[0].ends_with(&format!("a critical hit [rolled by Tome: Critical damage: 1d6 rolled again {again}]")),
        "{lines:?}"
    );
    let damage = 6 + 2 + again + 2;
    let said = format!("{damage} critical damage (1d6 at its maximum 6, modifier +2, rolled again {again}, LUCK 2)");
    assert!(lines.contains(&said), "{said} in {lines:?}");
    assert_eq!(value(&s, "Ghoul", "hp"), 40 - damage, "{lines:?}");
}

/// Line 11: initiative is an AWR check, and line 389 takes 2 from every d20 of a Shaken
/// creature: a Goblin Shaken before the fight with a d20 of 10 totals 8 and acts after an
/// Orc's 9, and the log says why; so does one joining late. (Initiative did not count it.)
#[test]
fn a_shaken_creatures_initiative_is_two_lower() {
    let mut s = fight(&[("Goblin", &[]), ("Orc", &[])]);
    entry(&mut s, "Goblin", "Shaken").unwrap();
    start(&mut s, &[("Goblin", 10), ("Orc", 9)]);
    assert_eq!(s.order, ["Orc", "Goblin"]);
    let terms: Vec<String> = s.log.last().unwrap().terms.iter().map(|t| t.label.clone()).collect();
    assert!(terms.iter().any(|t| t.contains("Shaken")), "{terms:?}");

    let mut s = fight(&[("Hero", &[]), ("Orc", &[])]);
    start(&mut s, &[("Hero", 18), ("Orc", 9)]);
    let combatants = vec![NewCombatant::quick("Goblin", BTreeMap::new())];
    ev(&mut s, Event::Add { combatants, rolls: Vec::new() }).unwrap();
    entry(&mut s, "Goblin", "Shaken").unwrap();
    let rules: &dyn EncounterRules = &Rules;
    let goblin = &s.combatants[s.find("Goblin").unwrap()];
    assert_eq!(rules.initiative(goblin, 10).0[0], 8, "1d20 10 + AWR 0 − 2");
}
