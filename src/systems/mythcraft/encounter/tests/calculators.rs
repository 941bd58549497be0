//! The tracker holds to the calculators: random attacks applied in `act … attack` give
//! the numbers the matching calculator gives for the same inputs (crit damage, Unseen,
//! Blinded's TA and TD, a Bleeding amount, one at a time).

use proptest::prelude::*;

use super::*;
use crate::dice::Dice;
use crate::systems::mythcraft::rules::{
    bleeding, condition_tactics, crit_damage, tactical, unseen_lost, AttackKind, AttackSituation, Effects, UnseenEvent,
};

const MAX_HP: i64 = 1000;

fn duel(luck: i64, attacker: &[&str], target: &[&str]) -> State {
    let mut s = fight(&[("Hero", &[("luck", luck)]), ("Foe", &[("max-hp", MAX_HP)])]);
    for c in attacker {
        entry(&mut s, "Hero", c).unwrap();
    }
    for c in target {
        entry(&mut s, "Foe", c).unwrap();
    }
    start(&mut s, &[("Hero", 18), ("Foe", 3)]);
    s
}

fn seen(names: &[&str]) -> Effects {
    Effects { seen: names.iter().map(|n| crate::slug::slugify(n)).collect(), ..Effects::default() }
}

/// Unseen brings Concealed with it, as the tracker reads it.
fn with_concealed<'a>(v: &[&'a str]) -> Vec<&'a str> {
    let mut v = v.to_vec();
    if v.contains(&"Unseen") {
        v.push("Concealed");
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Bleeding (N) takes off N as the bearer's turn starts, and a Medicine check with no
    /// damage typed stops it exactly when `calc bleeding` says the check reaches N + 10; a
    /// second Bleeding leaves one, of the greater amount (amounts.rs, ONE_AT_A_TIME).
    #[test]
    fn a_bleeding_amount_in_the_tracker_is_the_calculators(
        first in 1i64..=60, second in prop::option::of(1i64..=60), check in 0i64..=80,
    ) {
        let mut s = duel(0, &[], &[]);
        condition(&mut s, "Foe", Some("mythcraft/condition/bleeding"), &format!("Bleeding ({first})")).unwrap();
        if let Some(n) = second {
            condition(&mut s, "Foe", Some("mythcraft/condition/bleeding"), &format!("Bleeding ({n})")).unwrap();
        }
        let amount = first.max(second.unwrap_or(0));
        next(&mut s);
        prop_assert_eq!(MAX_HP - value(&s, "Foe", "hp"), amount, "{}", said(&s));
        act(&mut s, "medicine", "Foe", &[("check", &check.to_string())]).unwrap();
        let stops = bleeding(amount, Some(check)).unwrap().success == Some(true);
        prop_assert_eq!(!has(&s, "Foe", "bleeding"), stops, "{}", said(&s));
    }

    /// A weapon crit takes off what `crit-damage` computes.
    #[test]
    fn a_crit_in_the_tracker_is_the_calculators(
        count in 1u32..=4, sides in prop::sample::select(vec![4u32, 6, 8, 10, 12]),
        modifier in -5i64..=10, luck in -3i64..=12, pick in 0u32..1000,
    ) {
        let dice = Dice { count, sides };
        let second = i64::from(count) + i64::from(pick % (count * (sides - 1) + 1));
        let mut s = duel(luck, &[], &[]);
        let inputs = [
            ("target", "Foe".to_string()), ("roll", "1".into()), ("defense", "30".into()), ("amount", "1".into()),
            ("ap", "0".into()), ("range", "melee".into()), ("natural", "20".into()), ("dice", dice.to_string()),
            ("modifier", modifier.to_string()), ("crit-roll", second.to_string()),
        ];
        let inputs: Vec<(&str, &str)> = inputs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        act(&mut s, "attack", "Hero", &inputs).unwrap();
        let want = crit_damage(dice, modifier, second, luck).unwrap().damage;
        prop_assert_eq!(MAX_HP - value(&s, "Foe", "hp"), want, "{}", said(&s));
    }

    /// Unseen ends in the tracker exactly when `unseen-lost` says, for the attacker and
    /// for a target struck in melee; Blinded on either side moves the hit line by the
    /// TA and TD `condition_tactics` gives.
    #[test]
    fn unseen_and_blinded_in_the_tracker_are_the_calculators(
        attacker_blind in any::<bool>(), target_blind in any::<bool>(), attacker_unseen in any::<bool>(),
        target_unseen in any::<bool>(), melee in any::<bool>(), roll in 5i64..=15, kept in any::<bool>(),
    ) {
        let mut mine = Vec::new();
        let mut theirs = Vec::new();
        if attacker_blind { mine.push("Blinded"); }
        if attacker_unseen { mine.push("Unseen"); }
        if target_blind { theirs.push("Blinded"); }
        if target_unseen { theirs.push("Unseen"); }
        let mut s = duel(0, &mine, &theirs);
        let ranged = !melee;
        let range = if melee { "melee" } else { "ranged" };
        let roll_text = roll.to_string();
        let mut inputs = vec![("target", "Foe"), ("roll", roll_text.as_str()), ("defense", "10"), ("amount", "1"), ("ap", "0"), ("range", range)];
        if kept { inputs.push(("unseen-kept", "true")); }
        act(&mut s, "attack", "Hero", &inputs).unwrap();
        let situation = AttackSituation { ranged, ..AttackSituation::default() };
        let mut me = seen(&with_concealed(&mine));
        // Unseen's own TA and Concealed's (004, lines 446 and 289).
        me.ta = 2 * i64::from(attacker_unseen);
        let (ta, td, _) = condition_tactics(&me, &seen(&with_concealed(&theirs)), situation);
        let modifier = tactical(ta, td, AttackKind::Weapon, 0).unwrap().modifier;
        let hit = roll + modifier >= 10;
        prop_assert_eq!(value(&s, "Foe", "hp") < MAX_HP, hit, "TA {} TD {}: {}", ta, td, said(&s));
        if attacker_unseen {
            prop_assert_eq!(!has(&s, "Hero", "mythcraft/condition/unseen"), unseen_lost(UnseenEvent::DamagingAttack, kept).0);
        }
        if target_unseen {
            let struck = melee && hit && unseen_lost(UnseenEvent::StruckInMelee, false).0;
            prop_assert_eq!(!has(&s, "Foe", "mythcraft/condition/unseen"), struck, "{}", said(&s));
        }
    }
}
