//! The tests of this system's rules: the documents' worked examples and tables.

use super::*;
use crate::Tome;
use std::collections::BTreeMap;

fn args(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn pool(gnosis: i64, sword: i64, unused: i64, sustaining: bool, distraction: i64) -> ClashPool {
    clash_pool(ClashInput { gnosis, sword, unused, sustaining, distraction }).unwrap()
}

fn state(shield: i64, shield_damage: i64, gnosis: i64, gnosis_damage: i64) -> DuelistState {
    DuelistState { shield, shield_damage, gnosis, gnosis_damage }
}

fn field(o: &Outcome, key: &str) -> serde_json::Value {
    o.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no field {key}"))
}

/// A calculator run through the registry as the CLI calls it, that must succeed (`ok`),
/// and one that must refuse in words holding `needle` (`bad`).
#[allow(clippy::type_complexity)] // the two closures' types, written where they are made
fn through_registry(
    tome: &Tome,
) -> (impl Fn(&str, &[(&str, &str)]) -> Outcome + '_, impl Fn(&str, &[(&str, &str)], &str) + '_) {
    let ok = |name: &str, pairs: &[(&str, &str)]| {
        crate::systems::calculate(tome, SYSTEM, name, args(pairs)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let bad = |name: &str, pairs: &[(&str, &str)], needle: &str| {
        let e = crate::systems::calculate(tome, SYSTEM, name, args(pairs)).expect_err(name).to_string();
        assert!(e.contains(needle), "{name}: `{e}` should mention `{needle}`");
    };
    (ok, bad)
}

fn err_text(r: Result<impl std::fmt::Debug>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

// ----- clash pool -----

#[test]
fn clash_pool_is_gnosis_plus_sword() {
    let p = pool(3, 2, 0, false, 0);
    assert_eq!(p.dice_pool, 5);
    assert!(!p.chance_die);
    assert_eq!(p.terms.len(), 2, "no modifier terms when none apply");
}

#[test]
fn clash_modifier_unused_sword_adds_one_die_per_clash_up_to_five() {
    for k in 0..=5 {
        assert_eq!(pool(3, 2, k, false, 0).dice_pool, 5 + k);
    }
    // A Sword that sat out more clashes still adds +5 at most (7 used to be refused).
    for k in [6, 7, 20] {
        let p = pool(3, 2, k, false, 0);
        assert_eq!(p.dice_pool, 10, "{k} clashes");
        assert!(p.terms.iter().any(|t| t.label.contains("at most +5")), "{k}: {:?}", p.terms);
    }
    assert!(err_text(clash_pool(ClashInput { gnosis: 3, sword: 2, unused: 101, ..Default::default() }))
        .contains("0 to 100"));
}

#[test]
fn clash_modifier_sustaining_takes_one_die() {
    let p = pool(3, 2, 0, true, 0);
    assert_eq!(p.dice_pool, 4);
    assert!(p.terms.iter().any(|t| t.value == serde_json::json!(-1) && t.rule.as_deref() == Some(T_CLASH_MODS)));
}

#[test]
fn clash_modifier_distraction_takes_one_to_three_dice() {
    for d in 0..=3 {
        assert_eq!(pool(3, 2, 0, false, d).dice_pool, 5 - d);
    }
}

#[test]
fn clash_modifiers_are_cumulative() {
    // Gnosis 4, Sword 3, rested 2 clashes, sustaining, distraction 2: 4+3+2-1-2 = 6.
    assert_eq!(pool(4, 3, 2, true, 2).dice_pool, 6);
}

#[test]
fn clash_pool_at_zero_or_less_is_a_chance_die() {
    // Gnosis 1, Sword 0, sustaining, distraction 3: 1 - 1 - 3 = -3.
    let p = pool(1, 0, 0, true, 3);
    assert_eq!(p.dice_pool, 0);
    assert_eq!(p.total, -3);
    assert!(p.chance_die);
    // Exactly zero counts too; one die left does not.
    assert!(pool(1, 0, 0, true, 0).chance_die);
    assert!(!pool(1, 0, 0, false, 0).chance_die);
    assert_eq!(pool(1, 0, 0, false, 0).dice_pool, 1);
}

#[test]
fn clash_pool_bad_inputs_name_the_range() {
    assert!(err_text(clash_pool(ClashInput { gnosis: 0, ..Default::default() })).contains("1 to 10"));
    assert!(err_text(clash_pool(ClashInput { gnosis: 11, ..Default::default() })).contains("1 to 10"));
    assert!(err_text(clash_pool(ClashInput { gnosis: 3, sword: 6, ..Default::default() })).contains("0 to 5"));
    assert!(err_text(clash_pool(ClashInput { gnosis: 3, sword: -1, ..Default::default() })).contains("0 to 5"));
    assert!(err_text(clash_pool(ClashInput { gnosis: 3, distraction: 4, ..Default::default() })).contains("0 to 3"));
}

/// Over every valid input: the pool is never negative, a chance die exactly when the
/// sum is 0 or less, and more Gnosis or Sword never means fewer dice (and always one
/// more once the pool is above zero).
#[test]
fn clash_pool_never_negative_and_monotonic() {
    for g in 1..=10 {
        for a in 0..=5 {
            for k in 0..=5 {
                for s in [false, true] {
                    for d in 0..=3 {
                        let p = pool(g, a, k, s, d);
                        assert!(p.dice_pool >= 0);
                        assert_eq!(p.chance_die, p.dice_pool == 0);
                        assert_eq!(p.dice_pool, (g + a + k - i64::from(s) - d).max(0));
                        if g < 10 {
                            let up = pool(g + 1, a, k, s, d);
                            assert!(up.dice_pool >= p.dice_pool);
                            if up.total > 0 {
                                assert_eq!(up.dice_pool, p.dice_pool + 1);
                            }
                        }
                        if a < 5 {
                            assert!(pool(g, a + 1, k, s, d).dice_pool >= p.dice_pool);
                        }
                        if k < 5 {
                            assert!(pool(g, a, k + 1, s, d).dice_pool >= p.dice_pool);
                        }
                        if d < 3 {
                            assert!(pool(g, a, k, s, d + 1).dice_pool <= p.dice_pool);
                        }
                        assert!(pool(g, a, k, true, d).dice_pool <= pool(g, a, k, false, d).dice_pool);
                    }
                }
            }
        }
    }
}

// ----- clash results -----

#[test]
fn equal_successes_are_a_stalemate_with_no_damage() {
    let r = clash_result(3, 3, state(2, 0, 3, 0)).unwrap();
    assert_eq!(r.winner, ClashWinner::Stalemate);
    assert_eq!(r.defender.shield_absorbed + r.defender.gnosis_absorbed, 0);
    assert!(!r.defender.round_lost);
}

#[test]
fn defender_winning_takes_no_damage() {
    let r = clash_result(1, 4, state(2, 0, 3, 0)).unwrap();
    assert_eq!(r.winner, ClashWinner::Defender);
    assert_eq!(r.net_successes, 3);
    assert_eq!(r.defender.damage, 0);
    assert_eq!(r.defender.shield_after, 2);
}

#[test]
fn damage_goes_to_shield_first() {
    // Shield 3 dots, 2 net successes: the Shield holds both, Gnosis untouched.
    let r = clash_result(4, 2, state(3, 0, 3, 0)).unwrap();
    assert_eq!(r.winner, ClashWinner::Attacker);
    assert_eq!(r.defender.shield_absorbed, 2);
    assert_eq!(r.defender.shield_after, 1);
    assert_eq!(r.defender.gnosis_absorbed, 0);
    assert!(!r.defender.round_lost);
}

#[test]
fn damage_exactly_filling_the_shield() {
    let a = absorb_psychic(3, state(3, 0, 4, 0)).unwrap();
    assert_eq!((a.shield_absorbed, a.shield_after, a.gnosis_absorbed, a.gnosis_after), (3, 0, 0, 4));
    assert!(!a.round_lost);
    // One more spills into Gnosis.
    let a = absorb_psychic(4, state(3, 0, 4, 0)).unwrap();
    assert_eq!((a.shield_absorbed, a.gnosis_absorbed, a.gnosis_after), (3, 1, 3));
    assert!(!a.round_lost);
}

#[test]
fn damage_exactly_filling_shield_and_gnosis_does_not_lose() {
    let a = absorb_psychic(7, state(3, 0, 4, 0)).unwrap();
    assert_eq!((a.shield_after, a.gnosis_absorbed, a.gnosis_after, a.overflow), (0, 4, 0, 0));
    assert!(!a.round_lost);
}

#[test]
fn one_point_past_shield_and_gnosis_loses_the_round() {
    let a = absorb_psychic(8, state(3, 0, 4, 0)).unwrap();
    assert_eq!((a.shield_absorbed, a.gnosis_absorbed, a.overflow), (3, 4, 1));
    assert!(a.round_lost);
}

#[test]
fn damage_already_marked_shrinks_the_room() {
    // Shield 3 with 2 marked, Gnosis 2 with 1 absorbed: room 1 + 1.
    let a = absorb_psychic(2, state(3, 2, 2, 1)).unwrap();
    assert_eq!((a.shield_absorbed, a.gnosis_absorbed, a.shield_damage_after, a.gnosis_damage_after), (1, 1, 3, 2));
    assert!(!a.round_lost);
    assert!(absorb_psychic(3, state(3, 2, 2, 1)).unwrap().round_lost);
    // A Shield Arcanum with no dots (or full) passes everything to Gnosis.
    let a = absorb_psychic(2, state(0, 0, 2, 0)).unwrap();
    assert_eq!((a.shield_absorbed, a.gnosis_absorbed), (0, 2));
    assert!(!a.round_lost);
}

#[test]
fn marked_damage_beyond_the_rating_is_an_error() {
    assert!(err_text(absorb_psychic(1, state(2, 3, 3, 0))).contains("0 to 2"));
    assert!(err_text(absorb_psychic(1, state(2, 0, 3, 4))).contains("0 to 3"));
}

/// Exhaustively: absorbed damage adds up, the Shield fills before Gnosis, and the round
/// is lost exactly when damage passes the combined room.
#[test]
fn absorption_invariants() {
    for sh in 0..=5 {
        for sd in 0..=sh {
            for g in 1..=10 {
                for gd in 0..=g {
                    for dmg in 0..=20 {
                        let a = absorb_psychic(dmg, state(sh, sd, g, gd)).unwrap();
                        assert_eq!(a.shield_absorbed + a.gnosis_absorbed + a.overflow, dmg);
                        assert!(a.gnosis_absorbed == 0 || a.shield_after == 0);
                        assert_eq!(a.round_lost, dmg > (sh - sd) + (g - gd));
                        assert!(a.shield_after >= 0 && a.gnosis_after >= 0);
                    }
                }
            }
        }
    }
}

// ----- round results -----

#[test]
fn round_winner_regains_everything_spent_plus_one() {
    let r = round_willpower(RoundSide::Winner, 2, 3, None).unwrap();
    assert_eq!(r.willpower_after, 6);
    assert_eq!(r.willpower_change, 4);
    assert_eq!(r.resistant_lethal, 0);
    // Capped at a given maximum.
    let r = round_willpower(RoundSide::Winner, 2, 3, Some(5)).unwrap();
    assert_eq!(r.willpower_after, 5);
    assert!(!r.warnings.is_empty());
}

#[test]
fn round_loser_loses_one_then_regains_half_rounded_up() {
    // 2 left, spent 3: 2 - 1 + 2 = 3.
    let r = round_willpower(RoundSide::Loser, 2, 3, None).unwrap();
    assert_eq!((r.willpower_after, r.resistant_lethal), (3, 0));
    // Spent 4: half is exactly 2.
    assert_eq!(round_willpower(RoundSide::Loser, 2, 4, None).unwrap().willpower_after, 3);
    // Spent 0: just the lost point.
    assert_eq!(round_willpower(RoundSide::Loser, 2, 0, None).unwrap().willpower_after, 1);
}

#[test]
fn round_loser_with_no_willpower_takes_a_resistant_lethal_wound() {
    // Out of Willpower, spent 5: a wound instead of the point, then 3 back.
    let r = round_willpower(RoundSide::Loser, 0, 5, None).unwrap();
    assert_eq!((r.willpower_after, r.resistant_lethal), (3, 1));
    let r = round_willpower(RoundSide::Loser, 0, 0, None).unwrap();
    assert_eq!((r.willpower_after, r.resistant_lethal), (0, 1));
}

#[test]
fn round_willpower_bad_inputs() {
    assert!(err_text(round_willpower(RoundSide::Winner, 11, 0, None)).contains("0 to 10"));
    assert!(err_text(round_willpower(RoundSide::Winner, 5, 3, Some(6))).contains("0 to 6"));
}

/// Exhaustively: the winner always ends higher than the loser from the same start,
/// and nobody ends below zero.
#[test]
fn round_winner_always_beats_loser() {
    for w in 0..=10 {
        for s in 0..=10 {
            let win = round_willpower(RoundSide::Winner, w, s, None).unwrap();
            let lose = round_willpower(RoundSide::Loser, w, s, None).unwrap();
            assert!(win.willpower_after > lose.willpower_after);
            assert!(lose.willpower_after >= 0);
            assert_eq!(lose.resistant_lethal, i64::from(w == 0));
        }
    }
}

// ----- combat boosts -----

/// The document: the initiative die floor is twice the default Potency, which is 2,
/// 4 and 6 for sensory, covert and vulgar; attacks are sure of 1, 2 (with 9-again) and
/// 3 (with 8-again) successes; Shaping attacks do at least 2 (covert) or 3 (vulgar).
#[test]
fn combat_boosts_by_aspect_from_the_document() {
    let got: Vec<_> = Aspect::ALL
        .iter()
        .map(|&a| {
            let b = combat_boost(a);
            (
                b.initiative_die_minimum,
                b.guaranteed_successes,
                b.again,
                b.minimum_shaping_damage,
                b.damage_factor_successes,
            )
        })
        .collect();
    assert_eq!(got, vec![(2, 1, 10, None, 0), (4, 2, 9, Some(2), 2), (6, 3, 8, Some(3), 3)]);
    assert_eq!(combat_boost(Aspect::Covert).against_tough_creatures, Some("bashing"));
    assert_eq!(combat_boost(Aspect::Vulgar).against_tough_creatures, Some("lethal"));
}

/// The shipped table, cell by cell, against the constants.
#[test]
fn combat_boosts_match_the_shipped_table() {
    let tome = Tome::open_in_memory().unwrap();
    let t = tome.table(T_BOOSTS, None).unwrap();
    assert_eq!(t.rows.len(), 3);
    for (row, a) in t.rows.iter().zip(Aspect::ALL) {
        assert_eq!(row.cells[0].to_ascii_lowercase(), a.name());
        assert_eq!(row.cells[1], a.initiative_die_minimum().to_string());
        assert_eq!(row.cells[2], a.guaranteed_successes().to_string());
        let again = if a.again() == 10 { "normal".to_string() } else { format!("{}-again", a.again()) };
        assert_eq!(row.cells[3], again);
        match a.minimum_shaping_damage() {
            Some(d) => assert_eq!(row.cells[4], d.to_string()),
            None => assert!(row.cells[4].starts_with("n/a")),
        }
    }
}

#[test]
fn clash_modifiers_match_the_shipped_table() {
    let tome = Tome::open_in_memory().unwrap();
    let t = tome.table(T_CLASH_MODS, None).unwrap();
    let mods: Vec<&str> = t.rows.iter().map(|r| r.cells[0].as_str()).collect();
    assert_eq!(mods, vec!["+1 to +5", "-1", "-1 to -3"]);
    assert_eq!(UNUSED_BONUS_MAX, 5, "the table's +1 to +5");
    assert_eq!(DISTRACTION, (0, 3));
    assert_eq!(pool(5, 5, 0, true, 0).dice_pool, 9);
}

#[test]
fn round_outcomes_match_the_shipped_table() {
    let tome = Tome::open_in_memory().unwrap();
    let t = tome.table(T_ROUND, None).unwrap();
    let who: Vec<&str> = t.rows.iter().map(|r| r.cells[0].as_str()).collect();
    assert_eq!(who, vec!["Both", "Winner", "Loser"]);
    assert!(t.rows[1].cells[1].contains("plus 1"));
    assert!(t.rows[2].cells[1].contains("half, rounded up"));
}

#[test]
fn displacement_matches_the_shipped_table() {
    let tome = Tome::open_in_memory().unwrap();
    let t = tome.table(T_DISPLACEMENT, None).unwrap();
    assert_eq!(t.rows.len(), 4);
    // Row by row: simultaneous higher, simultaneous tie, new exceeds, new doesn't.
    assert_eq!(simultaneous(4, 3).unwrap().outcome, Displaced::First);
    assert!(t.rows[0].cells[1].starts_with("Higher Potency"));
    assert_eq!(simultaneous(3, 3).unwrap().outcome, Displaced::Neither);
    assert!(t.rows[1].cells[1].starts_with("Neither"));
    assert_eq!(displace(4, 3).unwrap().outcome, Displaced::New);
    assert!(t.rows[2].cells[1].contains("displaces"));
    assert_eq!(displace(3, 3).unwrap().outcome, Displaced::Standing);
    assert_eq!(displace(2, 3).unwrap().outcome, Displaced::Standing);
    assert!(t.rows[3].cells[1].contains("remains"));
}

#[test]
fn created_being_benchmarks_match_the_shipped_table() {
    let tome = Tome::open_in_memory().unwrap();
    let t = tome.table(T_RANK_BENCH, None).unwrap();
    assert_eq!(t.rows.len(), 3);
    assert!(t.rows[0].cells[1].contains("normal animal") && rank_benchmark(1).contains("animal"));
    assert!(t.rows[1].cells[1].contains("human") && rank_benchmark(2).contains("person"));
    assert!(t.rows[2].cells[1].contains("supernatural") && rank_benchmark(3).contains("supernatural"));
    assert_eq!(rank_benchmark(5), rank_benchmark(3));
}

#[test]
fn empowering_by_rank_matches_the_shipped_table() {
    let tome = Tome::open_in_memory().unwrap();
    let t = tome.table(T_EMPOWER, None).unwrap();
    assert_eq!(t.rows.len(), 3);
    assert!(t.rows[0].cells[1].starts_with("Covert"));
    assert!(empower_note(1).contains("covert") && empower_note(2).contains("covert"));
    assert!(t.rows[1].cells[1].starts_with("Vulgar"));
    assert!(empower_note(3).contains("vulgar"));
    assert!(t.rows[2].cells[1].starts_with("Shaping"));
    assert!(empower_note(4).contains("Shaping"));
}

// ----- initiative -----

#[test]
fn boosted_initiative_raises_low_dice() {
    // Modifier 5, die 1: vulgar boost counts the die as 6.
    assert_eq!(boosted_initiative(5, 1, Some(Aspect::Vulgar)).unwrap().initiative, 11);
    assert_eq!(boosted_initiative(5, 1, Some(Aspect::Covert)).unwrap().initiative, 9);
    assert_eq!(boosted_initiative(5, 1, Some(Aspect::Sensory)).unwrap().initiative, 7);
    assert_eq!(boosted_initiative(5, 1, None).unwrap().initiative, 6);
    // A higher roll stands.
    assert_eq!(boosted_initiative(5, 9, Some(Aspect::Vulgar)).unwrap().initiative, 14);
    // Shaping instead: modifier plus twice the Shaped Potency.
    assert_eq!(shaped_initiative(5, 4).unwrap().initiative, 13);
    assert!(err_text(boosted_initiative(5, 11, None)).contains("1 to 10"));
}

#[test]
fn boosted_initiative_is_never_below_the_floor_nor_the_roll() {
    for a in Aspect::ALL {
        for die in 1..=10 {
            let i = boosted_initiative(0, die, Some(a)).unwrap();
            assert!(i.die_counted >= a.initiative_die_minimum());
            assert!(i.die_counted >= die);
        }
    }
}

// ----- worked examples from Combat Magic -----

/// Boosting Attacks: a vulgar boost with a single rolled success makes 3 damage, of
/// which the last 2 are automatic (the text drops the "three"; the guarantee gives it).
#[test]
fn example_vulgar_boost_one_success_rolled() {
    let a = boosted_attack(Aspect::Vulgar, 1, 0).unwrap();
    assert_eq!(a.successes, 3);
    assert_eq!(a.automatic, 2);
    // The shipped rule's aside: a covert boost with one success is 2, 1 automatic.
    let a = boosted_attack(Aspect::Covert, 1, 0).unwrap();
    assert_eq!((a.successes, a.automatic), (2, 1));
}

/// Damage Factors: a vulgar boost granting aggravated damage with 5 successes is 3
/// aggravated and 2 ordinary; if a power cancels 1 of the sure successes, 2 aggravated
/// and 2 ordinary.
#[test]
fn example_damage_factors_aggravated_vulgar_boost() {
    let a = boosted_attack(Aspect::Vulgar, 5, 0).unwrap();
    assert_eq!((a.successes, a.factor_successes, a.other_successes, a.automatic), (5, 3, 2, 0));
    let a = boosted_attack(Aspect::Vulgar, 5, 1).unwrap();
    assert_eq!((a.successes, a.factor_successes, a.other_successes), (4, 2, 2));
    // The covert boost's first 2 carry the factor.
    assert_eq!(boosted_attack(Aspect::Covert, 5, 0).unwrap().factor_successes, 2);
}

/// Shaping Attacks: a Shaped vulgar fireball of total Potency 5 meets a covertly
/// boosted Defense + Wits roll of 5 successes: 3 automatic damage, the covert defense
/// can soak only 2 of it, so 1 lethal gets through.
#[test]
fn example_vulgar_fireball_against_covert_reflexes() {
    let a = shaping_attack(Aspect::Vulgar, 5, 5, Aspect::Covert.default_potency()).unwrap();
    assert_eq!(a.net_successes, 0);
    assert_eq!(a.automatic, 3);
    assert_eq!(a.automatic_cancelled, 2);
    assert_eq!(a.damage, 1);
}

/// Shaping Attacks: an unprotected target takes at least 2 from a covert attack spell
/// and 3 from a vulgar one.
#[test]
fn shaping_attack_minimums_on_unprotected_targets() {
    assert_eq!(shaping_attack(Aspect::Covert, 2, 9, 0).unwrap().damage, 2);
    assert_eq!(shaping_attack(Aspect::Vulgar, 3, 9, 0).unwrap().damage, 3);
    // Net successes above the minimum count in full.
    assert_eq!(shaping_attack(Aspect::Vulgar, 8, 2, 3).unwrap().damage, 6);
    // Only the automatic part can be cancelled: Potency 3 against 1 success is 2 net
    // plus 1 automatic, and protection 3 removes just that 1.
    let s = shaping_attack(Aspect::Vulgar, 3, 1, 3).unwrap();
    assert_eq!((s.net_successes, s.automatic, s.automatic_cancelled, s.damage), (2, 1, 1, 2));
    assert!(err_text(shaping_attack(Aspect::Sensory, 3, 0, 0)).contains("covert or vulgar"));
}

/// Exhaustively: a Shaping attack never does less than the minimum minus what the
/// protection may cancel, and never less than the net successes.
#[test]
fn shaping_attack_floors() {
    for a in [Aspect::Covert, Aspect::Vulgar] {
        let min = a.minimum_shaping_damage().unwrap();
        for p in 1..=12 {
            for d in 0..=12 {
                for prot in 0..=4 {
                    let s = shaping_attack(a, p, d, prot).unwrap();
                    assert!(s.damage >= (p - d).max(0));
                    assert!(s.damage >= min - prot.min(d));
                    assert!(s.damage <= (p - d).max(0).max(min));
                }
            }
        }
    }
}

/// Boosting Defense: a covertly boosted gunshot rolls 1 success against a covert
/// shield (Potency 2). Unprotected it would be 2 lethal; the shield cancels the 1
/// automatic point and downgrades the rolled one, leaving 1 bashing. Had nothing been
/// rolled, both automatic points would be cancelled.
#[test]
fn example_covert_gunshot_against_covert_shield() {
    let attack = boosted_attack(Aspect::Covert, 1, 0).unwrap();
    assert_eq!((attack.successes, attack.automatic), (2, 1));
    let incoming = Incoming {
        automatic: attack.automatic,
        automatic_type: DamageType::Lethal,
        aggravated: 0,
        lethal: 1,
        bashing: 0,
    };
    let unprotected = defend(0, incoming, false, Immunity::None).unwrap();
    assert_eq!(unprotected.lethal_taken, 2);
    let d = defend(2, incoming, false, Immunity::None).unwrap();
    assert_eq!((d.automatic_cancelled, d.downgraded, d.bashing_cancelled), (1, 1, 0));
    assert_eq!((d.lethal_taken, d.bashing_taken), (0, 1));

    let attack = boosted_attack(Aspect::Covert, 0, 0).unwrap();
    assert_eq!(attack.automatic, 2);
    let incoming = Incoming { automatic: 2, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 0, bashing: 0 };
    let d = defend(2, incoming, false, Immunity::None).unwrap();
    assert_eq!(d.automatic_cancelled, 2);
    assert_eq!(d.lethal_taken + d.bashing_taken, 0);
}

#[test]
fn defense_order_automatic_then_downgrade_then_cancel_bashing() {
    let inc = Incoming { automatic: 2, automatic_type: DamageType::Lethal, aggravated: 1, lethal: 2, bashing: 1 };
    // Potency 2: only the automatic points go.
    let d = defend(2, inc, false, Immunity::None).unwrap();
    assert_eq!((d.automatic_cancelled, d.downgraded, d.bashing_cancelled), (2, 0, 0));
    assert_eq!((d.aggravated_taken, d.lethal_taken, d.bashing_taken), (1, 2, 1));
    // Potency 4: then the aggravated point, then one lethal, downgraded.
    let d = defend(4, inc, false, Immunity::None).unwrap();
    assert_eq!((d.automatic_cancelled, d.downgraded, d.bashing_cancelled), (2, 2, 0));
    assert_eq!((d.aggravated_taken, d.lethal_taken, d.bashing_taken), (0, 1, 3));
    // Potency 7: all downgraded, then two bashing cancelled.
    let d = defend(7, inc, false, Immunity::None).unwrap();
    assert_eq!((d.downgraded, d.bashing_cancelled), (3, 2));
    assert_eq!((d.aggravated_taken, d.lethal_taken, d.bashing_taken), (0, 0, 2));
    // Potency 9: nothing left.
    let d = defend(9, inc, false, Immunity::None).unwrap();
    assert_eq!(d.aggravated_taken + d.lethal_taken + d.bashing_taken, 0);
    assert_eq!(d.potency_unused, 0);
    let d = defend(12, inc, false, Immunity::None).unwrap();
    assert_eq!(d.potency_unused, 3);
}

/// The Combat Magic text: most mages carry a free covert defensive rote, worth 2 points
/// of armor. Against a plain 3-lethal blow it downgrades 2 of them.
#[test]
fn covert_rote_is_two_points_of_armor() {
    let inc = Incoming { automatic: 0, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 3, bashing: 0 };
    let d = defend(Aspect::Covert.default_potency(), inc, false, Immunity::None).unwrap();
    assert_eq!((d.lethal_taken, d.bashing_taken), (1, 2));
}

#[test]
fn vulgar_defense_turns_mundane_damage_to_bashing() {
    // A mundane 4-lethal blow against a vulgar Potency 3 armor: 4 bashing, 3 cancelled.
    let inc = Incoming { automatic: 0, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 4, bashing: 0 };
    let d = defend(3, inc, true, Immunity::None).unwrap();
    assert_eq!((d.lethal_taken, d.bashing_taken, d.bashing_cancelled), (0, 1, 3));
    // Without the flag (a supernaturally potent attack): 3 downgraded, 1 lethal left.
    let d = defend(3, inc, false, Immunity::None).unwrap();
    assert_eq!((d.lethal_taken, d.bashing_taken), (1, 3));
}

#[test]
fn damage_immunity() {
    let inc = Incoming { automatic: 0, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 4, bashing: 0 };
    // Without Willpower, nothing gets through.
    let d = defend(3, inc, false, Immunity::Holds).unwrap();
    assert_eq!(d.lethal_taken + d.bashing_taken + d.aggravated_taken, 0);
    assert_eq!(d.immunity_breached, Some(false));
    // With Willpower: armor of Potency 3; one lethal wound isn't downgraded, so it breaks.
    let d = defend(3, inc, false, Immunity::Willpower).unwrap();
    assert_eq!((d.lethal_taken, d.bashing_taken), (1, 3));
    assert_eq!(d.immunity_breached, Some(true));
    // Three lethal: all downgraded, so the immunity holds even though bashing lands.
    let inc3 = Incoming { lethal: 3, ..inc };
    let d = defend(3, inc3, false, Immunity::Willpower).unwrap();
    assert_eq!((d.lethal_taken, d.bashing_taken), (0, 3));
    assert_eq!(d.immunity_breached, Some(false));
}

/// Exhaustively: defense never adds damage, more Potency never lets more through, and
/// every point of Potency is either used or reported unused.
#[test]
fn defense_is_monotonic_in_potency() {
    for auto in 0..=3 {
        for l in 0..=3 {
            for b in 0..=2 {
                let inc = Incoming {
                    automatic: auto,
                    automatic_type: DamageType::Lethal,
                    aggravated: 0,
                    lethal: l,
                    bashing: b,
                };
                let mut prev = i64::MAX;
                let mut prev_lethal = i64::MAX;
                for p in 0..=12 {
                    let d = defend(p, inc, false, Immunity::None).unwrap();
                    let total = d.lethal_taken + d.bashing_taken;
                    assert!(total <= auto + l + b);
                    assert!(total <= prev);
                    assert!(d.lethal_taken <= prev_lethal);
                    assert_eq!(d.automatic_cancelled + d.downgraded + d.bashing_cancelled + d.potency_unused, p);
                    prev = total;
                    prev_lethal = d.lethal_taken;
                }
            }
        }
    }
}

// ----- displacement and competition (spell interaction examples) -----

/// Covert scrying at Potency 2 against a covert anti-scrying ward of Tenacity 2: a
/// stalemate, so the ward's status quo stands and the scrying fails.
#[test]
fn example_scrying_stalemates_with_ward() {
    let d = displace(2, 2).unwrap();
    assert_eq!(d.outcome, Displaced::Standing);
    assert!(d.stalemate);
}

/// A vulgar Prime ward of Tenacity 3 against vulgar Matter of base Potency 3: not
/// enough until Shaped to 4, which beats the ward.
#[test]
fn example_shaped_matter_beats_prime_ward() {
    assert_eq!(displace(3, 3).unwrap().outcome, Displaced::Standing);
    let shaped = Aspect::Vulgar.shaped_potency(1).unwrap();
    assert_eq!(shaped, 4);
    let d = displace(shaped, 3).unwrap();
    assert_eq!(d.outcome, Displaced::New);
    assert_eq!(d.margin, 1);
}

/// Vulgar Mind at Potency 3 against a covert Mind shield of Tenacity 2: the vulgar
/// spell takes effect.
#[test]
fn example_vulgar_terror_through_covert_shield() {
    assert_eq!(displace(3, 2).unwrap().outcome, Displaced::New);
}

/// Competition: a covert Mind shield and a covert attention-deflecting spell, both
/// Potency 2, stalemate. Zombies at Potency 3 against a wall of Tenacity 3 get nowhere
/// until Shaped to 4.
#[test]
fn example_competition_ties_and_zombies_against_wall() {
    let d = simultaneous(2, 2).unwrap();
    assert!(d.stalemate);
    assert_eq!(d.outcome, Displaced::Neither);
    assert_eq!(displace(3, 3).unwrap().outcome, Displaced::Standing);
    assert_eq!(displace(Aspect::Vulgar.shaped_potency(1).unwrap(), 3).unwrap().outcome, Displaced::New);
}

#[test]
fn displacement_ties() {
    for p in 1..=10 {
        let d = displace(p, p).unwrap();
        assert_eq!((d.outcome, d.stalemate, d.margin), (Displaced::Standing, true, 0));
        let s = simultaneous(p, p).unwrap();
        assert_eq!((s.outcome, s.stalemate), (Displaced::Neither, true));
    }
    assert_eq!(simultaneous(2, 5).unwrap().outcome, Displaced::Second);
    assert!(err_text(displace(0, 2)).contains("1 to 40"));
}

#[test]
fn sensory_spells_cannot_be_shaped() {
    assert!(err_text(Aspect::Sensory.shaped_potency(2)).contains("covert or vulgar"));
    assert_eq!(Aspect::Covert.shaped_potency(0).unwrap(), 2);
}

// ----- created and ephemeral beings -----

#[test]
fn created_being_rank_is_half_gnosis_rounded_up() {
    let ranks: Vec<i64> = (1..=10).map(|g| created_being_max_rank(g).unwrap().0).collect();
    assert_eq!(ranks, vec![1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    assert!(err_text(created_being_max_rank(0)).contains("1 to 10"));
}

#[test]
fn ephemeral_essence() {
    // Potency equal to Rank: 1 Essence; each point above: 1 more; below: nothing.
    assert_eq!(empower_ephemeral(2, 2, None).unwrap().temporary_essence, 1);
    assert_eq!(empower_ephemeral(4, 2, None).unwrap().temporary_essence, 3);
    let e = empower_ephemeral(1, 2, Some(3)).unwrap();
    assert!(!e.empowers);
    assert_eq!(e.temporary_essence, 0);
    assert_eq!(empower_ephemeral(3, 3, Some(3)).unwrap().lasts, Some(true));
    assert_eq!(empower_ephemeral(3, 3, Some(2)).unwrap().lasts, Some(false));
}

// ----- the registry -----

#[test]
fn every_linked_entry_exists() {
    let tome = Tome::open_in_memory().unwrap();
    for id in LINKED_ENTRIES {
        tome.show(id).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
    for c in calculators() {
        if let Some(r) = c.rule {
            assert!(LINKED_ENTRIES.contains(&r), "{r}");
        }
    }
}

#[test]
fn calculators_through_the_registry() {
    let tome = Tome::open_in_memory().unwrap();
    let (ok, bad) = through_registry(&tome);

    // clash: the CLI contract.
    let o =
        ok("clash", &[("gnosis", "3"), ("sword", "2"), ("unused", "2"), ("sustaining", "true"), ("distraction", "1")]);
    assert_eq!(field(&o, "dice_pool"), serde_json::json!(5));
    assert_eq!(field(&o, "chance_die"), serde_json::json!(false));
    let o = ok("clash", &[("gnosis", "1"), ("sword", "1"), ("distraction", "3")]);
    assert_eq!(field(&o, "dice_pool"), serde_json::json!(0));
    assert_eq!(field(&o, "chance_die"), serde_json::json!(true));
    assert!(!o.warnings.is_empty());
    bad("clash", &[("gnosis", "0"), ("sword", "2")], "1 to 10");
    bad("clash", &[("gnosis", "11"), ("sword", "2")], "1 to 10");
    bad("clash", &[("gnosis", "3"), ("sword", "6")], "1 to 5");
    bad("clash", &[("gnosis", "3"), ("sword", "2"), ("distraction", "4")], "0 to 3");
    bad("clash", &[("gnosis", "3"), ("sword", "2"), ("unused", "101")], "0 to 100");

    let o = ok(
        "clash-result",
        &[("attacker-successes", "6"), ("defender-successes", "2"), ("shield", "2"), ("gnosis", "2")],
    );
    assert_eq!(field(&o, "shield_after"), serde_json::json!(0));
    assert_eq!(field(&o, "gnosis_absorbed"), serde_json::json!(2));
    assert_eq!(field(&o, "round_lost"), serde_json::json!(false));
    let o = ok(
        "clash-result",
        &[("attacker-successes", "7"), ("defender-successes", "2"), ("shield", "2"), ("gnosis", "2")],
    );
    assert_eq!(field(&o, "round_lost"), serde_json::json!(true));
    bad(
        "clash-result",
        &[("attacker-successes", "1"), ("defender-successes", "0"), ("shield", "6"), ("gnosis", "2")],
        "1 to 5",
    );
    bad(
        "clash-result",
        &[
            ("attacker-successes", "1"),
            ("defender-successes", "0"),
            ("shield", "2"),
            ("shield-damage", "3"),
            ("gnosis", "2"),
        ],
        "0 to 2",
    );

    let o = ok("round-result", &[("result", "loser"), ("willpower", "0"), ("spent", "3")]);
    assert_eq!(field(&o, "willpower_after"), serde_json::json!(2));
    assert_eq!(field(&o, "resistant_lethal"), serde_json::json!(1));
    bad("round-result", &[("result", "draw"), ("willpower", "0"), ("spent", "3")], "winner, loser");
    bad("round-result", &[("result", "winner"), ("willpower", "11"), ("spent", "3")], "0 to 10");

    let o = ok("combat-boost", &[("aspect", "vulgar")]);
    assert_eq!(field(&o, "guaranteed_successes"), serde_json::json!(3));
    assert_eq!(field(&o, "again"), serde_json::json!(8));
    assert_eq!(field(&o, "initiative_die_minimum"), serde_json::json!(6));
    let o = ok("combat-boost", &[("aspect", "sensory")]);
    assert_eq!(field(&o, "minimum_shaping_damage"), serde_json::Value::Null);
    bad("combat-boost", &[("aspect", "loud")], "sensory, covert, vulgar");

    let o = ok("initiative", &[("modifier", "5"), ("die", "2"), ("aspect", "covert")]);
    assert_eq!(field(&o, "initiative"), serde_json::json!(9));
    let o = ok("initiative", &[("modifier", "5"), ("shaped-potency", "4")]);
    assert_eq!(field(&o, "initiative"), serde_json::json!(13));
    bad("initiative", &[("modifier", "5")], "1 to 10");
    bad("initiative", &[("modifier", "5"), ("die", "0")], "1 to 10");

    let o = ok("boosted-attack", &[("aspect", "vulgar"), ("rolled", "1")]);
    assert_eq!(field(&o, "successes"), serde_json::json!(3));
    assert_eq!(field(&o, "automatic"), serde_json::json!(2));
    bad("boosted-attack", &[("aspect", "vulgar"), ("rolled", "-1")], "0 to 50");

    let o = ok(
        "shaping-attack",
        &[("aspect", "vulgar"), ("potency", "5"), ("defense-successes", "5"), ("protection", "2")],
    );
    assert_eq!(field(&o, "damage"), serde_json::json!(1));
    bad("shaping-attack", &[("aspect", "sensory"), ("potency", "5"), ("defense-successes", "5")], "covert or vulgar");
    bad("shaping-attack", &[("aspect", "vulgar"), ("potency", "0"), ("defense-successes", "5")], "1 to 40");

    let o = ok("defensive-spell", &[("potency", "2"), ("automatic", "1"), ("lethal", "1")]);
    assert_eq!(field(&o, "automatic_cancelled"), serde_json::json!(1));
    assert_eq!(field(&o, "downgraded"), serde_json::json!(1));
    assert_eq!(field(&o, "bashing_cancelled"), serde_json::json!(0));
    assert_eq!(field(&o, "bashing_taken"), serde_json::json!(1));
    assert_eq!(field(&o, "lethal_taken"), serde_json::json!(0));
    let o = ok("defensive-spell", &[("potency", "3"), ("lethal", "4"), ("immunity", "true"), ("willpower", "true")]);
    assert_eq!(field(&o, "immunity_breached"), serde_json::json!(true));
    bad("defensive-spell", &[("potency", "41")], "0 to 40");
    bad("defensive-spell", &[("potency", "2"), ("willpower", "true")], "--immunity");
    bad("defensive-spell", &[("potency", "2"), ("automatic-type", "fire")], "bashing, lethal, aggravated");

    let o = ok("spell-displacement", &[("potency", "2"), ("tenacity", "2")]);
    assert_eq!(field(&o, "outcome"), serde_json::json!("standing spell remains"));
    assert_eq!(field(&o, "stalemate"), serde_json::json!(true));
    let o = ok("spell-displacement", &[("potency", "3"), ("other-potency", "3")]);
    assert_eq!(field(&o, "outcome"), serde_json::json!("neither spell takes effect"));
    bad("spell-displacement", &[("potency", "3")], "exactly one");
    bad("spell-displacement", &[("potency", "3"), ("tenacity", "2"), ("other-potency", "1")], "exactly one");
    bad("spell-displacement", &[("potency", "0"), ("tenacity", "2")], "1 to 40");

    let o = ok("shaped-potency", &[("aspect", "vulgar"), ("successes", "1")]);
    assert_eq!(field(&o, "potency"), serde_json::json!(4));
    bad("shaped-potency", &[("aspect", "sensory"), ("successes", "1")], "covert or vulgar");

    let o = ok("created-being-rank", &[("gnosis", "5")]);
    assert_eq!(field(&o, "max_rank"), serde_json::json!(3));
    bad("created-being-rank", &[("gnosis", "11")], "1 to 10");

    let o = ok("ephemeral-essence", &[("potency", "4"), ("rank", "2"), ("tenacity", "2")]);
    assert_eq!(field(&o, "temporary_essence"), serde_json::json!(3));
    assert_eq!(field(&o, "lasts"), serde_json::json!(true));
    bad("ephemeral-essence", &[("potency", "4"), ("rank", "0")], "1 to 10");

    let o = ok("boosted-hit", &[("aspect", "covert"), ("rolled", "1"), ("defense-potency", "2")]);
    assert_eq!((field(&o, "bashing"), field(&o, "lethal")), (serde_json::json!(1), serde_json::json!(0)));
    bad("boosted-hit", &[("aspect", "vulgar"), ("rolled", "2"), ("armor", "21")], "0 to 20");
    bad("boosted-hit", &[("aspect", "vulgar"), ("rolled", "2"), ("type", "aggravated")], "--factor aggravated");

    // Every registered calculator was exercised above.
    let names: Vec<&str> = calculators().iter().map(|c| c.name).collect();
    assert_eq!(
        names,
        vec![
            "clash",
            "clash-result",
            "round-result",
            "combat-boost",
            "initiative",
            "boosted-attack",
            "shaping-attack",
            "defensive-spell",
            "spell-displacement",
            "shaped-potency",
            "created-being-rank",
            "ephemeral-essence",
            "ephemeral-resistance",
            "foreign-power",
            "command-power",
            "temporary-essence",
            "prime-suppression",
            "boosted-hit",
            "clash-cost",
            "hazard",
            "shaping-defense",
            "magical-edge",
            "granted-powers",
            "scrutiny",
            "attack-pool",
            "lasting-trait",
            "ephemeral-spell",
            "sensory-spell",
            "grant-senses",
            "illusion"
        ]
    );
}

// ----- ephemeral beings and foreign powers resisting spells -----

/// Ephemeral Being Resistance: the being rolls Resistance + Rank; a severe consequence
/// takes net successes equal to its Resistance.
#[test]
fn ephemeral_resistance_pool_and_severe_threshold() {
    // Resistance 3, Rank 2: five dice.
    let c = ephemeral_resistance(5, 3, 2, 2).unwrap();
    assert_eq!(c.dice_pool, Some(5));
    // Potency 5 against 2 successes: 3 net, equal to Resistance 3: severe.
    assert_eq!((c.net_successes, c.consequence), (3, Consequence::Severe));
    // One short of the Resistance: normal (the interpretation).
    let c = ephemeral_resistance(4, 3, 2, 2).unwrap();
    assert_eq!((c.net_successes, c.consequence), (2, Consequence::Normal));
    // Resisted entirely, and never a negative margin.
    let c = ephemeral_resistance(2, 3, 2, 4).unwrap();
    assert_eq!((c.net_successes, c.consequence), (0, Consequence::None));
    // Rank 3 and up carries the warning term.
    assert!(ephemeral_resistance(5, 3, 3, 0).unwrap().terms.iter().any(|t| t.label.contains("Rank 3")));
    assert!(err_text(ephemeral_resistance(5, 0, 2, 0)).contains("1 to 10"));
    assert!(err_text(ephemeral_resistance(5, 3, 11, 0)).contains("1 to 10"));
}

/// Severe exactly at the Resistance for every Resistance and margin.
#[test]
fn consequence_thresholds_exhaustive() {
    for r in 1..=10 {
        for net in 0..=12 {
            let c = Consequence::of(net, r);
            let want = if net == 0 {
                Consequence::None
            } else if net >= r {
                Consequence::Severe
            } else {
                Consequence::Normal
            };
            assert_eq!(c, want, "net {net}, Resistance {r}");
        }
    }
}

/// Dispelling an active power: the spell must overcome both the power and the
/// Resistance + power trait roll; a tie with either keeps the power.
#[test]
fn dispelling_a_foreign_power_needs_both() {
    let d = dispel_power(4, 3, 2).unwrap();
    assert!(d.beats_power && d.beats_roll && d.success);
    let d = dispel_power(4, 3, 5).unwrap();
    assert!(d.beats_power && !d.beats_roll && !d.success);
    let d = dispel_power(4, 4, 0).unwrap();
    assert!(!d.beats_power && !d.success, "a tie keeps the power");
    let d = dispel_power(3, 1, 3).unwrap();
    assert!(!d.success, "a tie with the roll keeps the power");
}

/// Bolstering: the victim contests the spell's Potency; a normal or severe result lets
/// the power land at that size.
#[test]
fn bolstering_a_foreign_power() {
    let c = bolster_power(3, 1, Some(2)).unwrap();
    assert_eq!((c.net_successes, c.consequence), (2, Consequence::Severe));
    let c = bolster_power(3, 1, Some(3)).unwrap();
    assert_eq!(c.consequence, Consequence::Normal);
    let c = bolster_power(3, 3, Some(2)).unwrap();
    assert_eq!(c.consequence, Consequence::None);
    // Without a Resistance, any margin is at least normal.
    assert_eq!(bolster_power(5, 1, None).unwrap().consequence, Consequence::Normal);
}

/// Prime suppression: the hindrance's aspect successes (covert 2, vulgar 3) contest the
/// spell's Potency; equal is a stalemate that leaves the hindrance holding.
#[test]
fn prime_suppression_contests_potency_with_aspect_successes() {
    let s = prime_suppression(2, Aspect::Covert).unwrap();
    assert_eq!((s.contested_by, s.net_potency, s.gets_through), (2, 0, false));
    let s = prime_suppression(4, Aspect::Vulgar).unwrap();
    assert_eq!((s.contested_by, s.net_potency, s.gets_through), (3, 1, true));
    // A vulgar spell's base 3 stalemates with a vulgar hindrance until Shaped.
    assert!(!prime_suppression(Aspect::Vulgar.default_potency(), Aspect::Vulgar).unwrap().gets_through);
    assert!(prime_suppression(Aspect::Vulgar.shaped_potency(1).unwrap(), Aspect::Vulgar).unwrap().gets_through);
    assert!(s.terms.iter().any(|t| t.label.contains("resisting") && t.value_text().contains("vulgar")));
    assert!(err_text(prime_suppression(3, Aspect::Sensory)).contains("covert or vulgar"));
}

// ----- Essence -----

/// Commanding: the mage pays the Willpower; the Essence comes from Potency above Rank,
/// then gathered stores; any shortfall forbids the command.
#[test]
fn commanding_an_ephemeral_power() {
    // Potency 5 against Rank 3 covers 2 Essence of a 2-Essence power; 1 Willpower paid.
    let c = command_power(5, 3, 2, 1, 0).unwrap();
    assert_eq!((c.essence_from_potency, c.essence_from_stores, c.shortfall, c.can_command), (2, 0, 0, true));
    assert_eq!(c.willpower, 1);
    // A 3-Essence power: 2 from Potency, 1 from stores.
    let c = command_power(5, 3, 3, 0, 4).unwrap();
    assert_eq!((c.essence_from_potency, c.essence_from_stores, c.stored_after), (2, 1, 3));
    // Potency only matching Rank covers nothing; without stores the command fails.
    let c = command_power(3, 3, 1, 0, 0).unwrap();
    assert_eq!((c.essence_from_potency, c.shortfall, c.can_command), (0, 1, false));
    assert_eq!(c.stored_after, 0);
    // A free power is always commandable.
    assert!(command_power(1, 5, 0, 0, 0).unwrap().can_command);
    assert!(err_text(command_power(5, 3, 51, 0, 0)).contains("0 to 50"));
}

/// Temporary Essence: Potency equal to Rank gives 1, each point above 1 more; grants
/// don't stack (the larger store stays); a zero-Mana covert rote helps once a scene; a
/// sustained ritual delivers at Shaping and each hour.
#[test]
fn temporary_essence_rules() {
    // Rank 2, Potency 4: 3 (the document's own arithmetic), on an empty store.
    let e = temporary_essence(4, 2, 0, EssenceSource::Spell, false, 0, None).unwrap();
    assert_eq!((e.offered, e.temporary_essence, e.took_new), (3, 3, true));
    // A second, weaker spell adds nothing: the being keeps its 3.
    let e = temporary_essence(2, 2, 3, EssenceSource::Spell, false, 0, None).unwrap();
    assert_eq!((e.offered, e.temporary_essence, e.took_new), (1, 3, false));
    // A stronger one replaces the store, it doesn't add to it.
    let e = temporary_essence(5, 2, 3, EssenceSource::Spell, false, 0, None).unwrap();
    assert_eq!(e.temporary_essence, 4);
    // The once-a-scene covert rote.
    assert_eq!(temporary_essence(2, 2, 0, EssenceSource::CovertRote, false, 0, None).unwrap().offered, 1);
    // Line 48: a covert rote cannot empower a being of Rank 3 or more, whatever its
    // Potency (it offered Potency 4's 2 before, with only a warning).
    let e = temporary_essence(4, 3, 0, EssenceSource::CovertRote, false, 0, None).unwrap();
    assert_eq!((e.offered, e.temporary_essence), (0, 0));
    assert!(e.warnings[0].contains("vulgar"), "{:?}", e.warnings);
    let e = temporary_essence(2, 2, 0, EssenceSource::CovertRote, true, 0, None).unwrap();
    assert_eq!((e.offered, e.temporary_essence), (0, 0));
    // A sustained ritual: at Shaping plus each hour, never more than one grant held.
    let e = temporary_essence(3, 2, 2, EssenceSource::SustainedRitual, false, 3, None).unwrap();
    assert_eq!((e.deliveries, e.temporary_essence), (4, 2));
    // Too weak to empower: nothing offered.
    assert_eq!(temporary_essence(1, 2, 0, EssenceSource::Spell, false, 0, None).unwrap().offered, 0);
    assert!(err_text(temporary_essence(3, 2, 0, EssenceSource::Spell, false, 25, None)).contains("0 to 24"));
}

// ----- the Duel Arcane: clash cost -----

#[test]
fn clash_cost_and_who_pays() {
    let c = clash_cost(ClashPayment::Willpower, Some(4), false, false, "matches-resonance").unwrap();
    assert_eq!((c.payer, c.willpower_cost, c.willpower_after, c.resistant_lethal), ("duelist", 1, Some(3), 0));
    let c = clash_cost(ClashPayment::Wound, Some(0), false, false, "matches-resonance").unwrap();
    assert_eq!((c.willpower_cost, c.resistant_lethal), (0, 1));
    let c = clash_cost(ClashPayment::Circle, None, false, false, "matches-resonance").unwrap();
    assert_eq!((c.payer, c.willpower_cost, c.circle_willpower), ("circle", 0, 1));
    let c = clash_cost(ClashPayment::Hallow, None, false, true, "matches-resonance").unwrap();
    assert_eq!((c.payer, c.willpower_cost), ("hallow", 0));
    let c = clash_cost(ClashPayment::Pass, Some(2), false, false, "matches-resonance").unwrap();
    assert_eq!((c.payer, c.acts, c.willpower_cost), ("nobody", false, 0));
    // Clashing is a use of Willpower whoever pays.
    assert!(clash_cost(ClashPayment::Circle, None, false, false, "matches-resonance")
        .unwrap()
        .terms
        .iter()
        .any(|t| t.label.contains("use of Willpower")));
    // The refusals: no Willpower left, a second Hallow clash, a Sword off resonance.
    assert!(err_text(clash_cost(ClashPayment::Willpower, Some(0), false, false, "matches-resonance"))
        .contains("--pay wound"));
    assert!(
        err_text(clash_cost(ClashPayment::Willpower, None, false, false, "matches-resonance")).contains("--willpower")
    );
    assert!(
        err_text(clash_cost(ClashPayment::Hallow, None, true, true, "matches-resonance")).contains("one each round")
    );
    assert!(err_text(clash_cost(ClashPayment::Hallow, None, false, false, "matches-resonance")).contains("resonance"));
}

// ----- hazards -----

/// Autonomous Hazards: several damaging spells around one target: only the highest
/// Potency; a target already struck this round takes nothing more from them.
#[test]
fn hazards_apply_only_the_highest_potency_once_a_round() {
    let h = hazard(&[2, 5, 3], false).unwrap();
    assert_eq!((h.potency, h.applies, h.ignored), (5, true, 2));
    let h = hazard(&[4], true).unwrap();
    assert_eq!((h.potency, h.applies, h.ignored), (0, false, 1));
    assert!(err_text(hazard(&[], false)).contains("at least one"));
    assert!(err_text(hazard(&[1; 11], false)).contains("at most 10"));
    assert!(err_text(hazard(&[0], false)).contains("1 to 40"));
}

// ----- Shaping Defense -----

/// The fireball example met by Shaping Defense instead: a covert defense Shaped with 3
/// successes totals 5, which stands in for the 5 Defense + Wits successes; its base
/// Potency 2 cancels 2 of the 3 automatic points, so 1 gets through, as in the document.
#[test]
fn shaping_defense_against_the_fireball() {
    let d = shaping_defense(Aspect::Covert, 3, Threat::Shaping { aspect: Aspect::Vulgar, potency: 5 }).unwrap();
    assert_eq!(d.potency, 5);
    let s = d.against_shaping.unwrap();
    assert_eq!((s.automatic, s.automatic_cancelled, s.damage), (3, 2, 1));
}

/// Against a physical attack the Shaped total is armor, able to downgrade more than the
/// usual 2 or 3 points: covert base 2 + 3 successes = 5 against 3 automatic and 2 rolled
/// lethal cancels the 3 and downgrades the 2.
#[test]
fn shaping_defense_as_heavier_armor() {
    let incoming = Incoming { automatic: 3, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 2, bashing: 0 };
    let d = shaping_defense(Aspect::Covert, 3, Threat::Physical { incoming, vulgar_vs_mundane: false }).unwrap();
    let a = d.armor.unwrap();
    assert_eq!((a.automatic_cancelled, a.downgraded, a.lethal_taken, a.bashing_taken), (3, 2, 0, 2));
    // The unShaped rote (Potency 2) stops only the automatic part.
    let plain = defend(2, incoming, false, Immunity::None).unwrap();
    assert_eq!(plain.lethal_taken, 3);
    assert!(err_text(shaping_defense(Aspect::Sensory, 1, Threat::Physical { incoming, vulgar_vs_mundane: false }))
        .contains("covert or vulgar"));
}

// ----- Edge -----

/// Magical Weapons: a searing hand +2, a roaring aura +5; Edges stop at +5, for enhanced
/// items too.
#[test]
fn magical_edge_caps_at_five() {
    assert_eq!(magical_edge(2, EdgeSource::Weapon).unwrap().edge, 2);
    let e = magical_edge(5, EdgeSource::Weapon).unwrap();
    assert_eq!((e.edge, e.capped), (5, false));
    let e = magical_edge(7, EdgeSource::Item).unwrap();
    assert_eq!((e.edge, e.capped), (5, true));
    assert!(e.terms.iter().any(|t| t.rule.as_deref() == Some(R_ENHANCED_ITEMS)));
    assert!(err_text(magical_edge(21, EdgeSource::Weapon)).contains("0 to 20"));
}

// ----- defects (issue 14) -----

/// clash-result places the damage on whichever duelist lost: with the attacker's Shield
/// and Gnosis given, a defender's win marks the attacker.
#[test]
fn clash_result_places_damage_on_either_duelist() {
    let tome = Tome::open_in_memory().unwrap();
    let run = |pairs: &[(&str, &str)]| {
        crate::systems::calculate(&tome, SYSTEM, "clash-result", args(pairs)).unwrap_or_else(|e| panic!("{e}"))
    };
    let o = run(&[
        ("attacker-successes", "1"),
        ("defender-successes", "5"),
        ("shield", "3"),
        ("gnosis", "3"),
        ("attacker-shield", "2"),
        ("attacker-gnosis", "3"),
    ]);
    assert_eq!(field(&o, "winner"), serde_json::json!("defender"));
    assert_eq!(field(&o, "damaged"), serde_json::json!("attacker"));
    assert_eq!(field(&o, "shield_absorbed"), serde_json::json!(2));
    assert_eq!(field(&o, "gnosis_absorbed"), serde_json::json!(2));
    assert_eq!(field(&o, "gnosis_after"), serde_json::json!(1));
    assert_eq!(field(&o, "round_lost"), serde_json::json!(false));
    // The attacker winning still marks the defender.
    let o = run(&[("attacker-successes", "4"), ("defender-successes", "1"), ("shield", "2"), ("gnosis", "3")]);
    assert_eq!(field(&o, "damaged"), serde_json::json!("defender"));
    assert_eq!(field(&o, "shield_absorbed"), serde_json::json!(2));
    // Half an attacker is refused.
    let e = crate::systems::calculate(
        &tome,
        SYSTEM,
        "clash-result",
        args(&[
            ("attacker-successes", "1"),
            ("defender-successes", "5"),
            ("shield", "3"),
            ("gnosis", "3"),
            ("attacker-shield", "2"),
        ]),
    )
    .expect_err("half an attacker");
    assert!(e.to_string().contains("--attacker-gnosis"));
}

/// boosted-attack tells automatic points (above the roll; armor removes them) from
/// successes a power cancels (guaranteed ones first).
#[test]
fn boosted_attack_explains_automatic_versus_cancelled() {
    // Vulgar, 1 rolled: 3 successes, 2 automatic. A power cancels 1: 2 left, 1 automatic.
    let a = boosted_attack(Aspect::Vulgar, 1, 1).unwrap();
    assert_eq!((a.guaranteed, a.successes, a.automatic, a.cancelled, a.automatic_left), (3, 2, 2, 1, 1));
    assert!(a.terms.iter().any(|t| t.label.contains("only these can armor subtract")));
    assert!(a.terms.iter().any(|t| t.label.contains("guaranteed successes go first")));
    // The Damage Factors example: 5 rolled, 1 cancelled; nothing automatic in the armor
    // sense, and the output says so.
    let a = boosted_attack(Aspect::Vulgar, 5, 1).unwrap();
    assert_eq!((a.automatic, a.cancelled, a.automatic_left, a.factor_successes), (0, 1, 0, 2));
    assert!(a.warnings.iter().any(|w| w.contains("also calls automatic")));
    let tome = Tome::open_in_memory().unwrap();
    let o = crate::systems::calculate(
        &tome,
        SYSTEM,
        "boosted-attack",
        args(&[("aspect", "vulgar"), ("rolled", "1"), ("cancelled", "1")]),
    )
    .unwrap();
    assert_eq!(field(&o, "automatic_left"), serde_json::json!(1));
    assert_eq!(field(&o, "cancelled"), serde_json::json!(1));
    let calc = calculators().into_iter().find(|c| c.name == "boosted-attack").unwrap();
    let help = calc.params.iter().find(|p| p.name == "cancelled").unwrap().help;
    assert!(help.contains("Armor doesn't go here"), "{help}");
}

/// Each entry's section is the heading the document prints over its passage (run-in
/// labels such as "Clash Cost:" and capitals such as "SHAPING DEFENSE:"); passages
/// with no printed heading keep a descriptive one.
#[test]
fn sections_are_the_printed_headings() {
    let tome = Tome::open_in_memory().unwrap();
    let want = [
        ("rule/clash-cost", "Clash Cost"),
        ("rule/clash-dice-pool", "Clash Dicepool"),
        ("rule/clash-results", "Clash Results"),
        ("rule/swapping-arcana", "Swapping Arcana"),
        ("rule/round-results", "Round Results"),
        ("rule/duel-rounds", "Round Results"),
        ("rule/reciprocity", "Reciprocity"),
        ("rule/empowering-ephemeral-beings", "Empowering Ephemeral Beings"),
        ("rule/commanding-ephemeral-powers", "Empowering Ephemeral Beings"),
        ("rule/enhanced-items", "Enhanced Items"),
        ("rule/sensory-targeting", "Targeting"),
        ("rule/sensory-scope-and-limitations", "Scope and Limitations"),
        ("rule/spell-coexistence", "Coexistence"),
        ("rule/spell-competition", "Competition"),
        ("rule/prime-magic-resistance-and-suppression", "Competition"),
        ("rule/spell-displacement", "Displacement"),
        ("rule/boosting-initiative", "Boosting Initiative"),
        ("rule/boosting-attacks", "Boosting Attacks"),
        ("rule/damage-factors", "Damage Factors"),
        ("rule/shaping-attacks", "Shaping Attacks"),
        ("rule/autonomous-hazards", "Shaping Attacks"),
        ("rule/boosting-defense", "Boosting Defense"),
        ("rule/damage-immunity", "Damage Immunity"),
        ("rule/shaping-defense", "Shaping Defense"),
        ("rule/spell-allocation-in-combat", "Spell Allocation in Combat"),
        ("table/clash-dice-pool-modifiers", "Clash Dicepool"),
        ("table/duel-round-outcomes", "Round Results"),
        ("table/spell-displacement-outcomes", "Displacement"),
        ("table/magical-attack-edge-examples", "Magical Weapons"),
        // No printed heading over these passages.
        ("rule/the-duel-arcane", "The Duel Arcane"),
        ("rule/ephemeral-being-resistance", "Ephemeral Beings"),
    ];
    for (id, section) in want {
        let e = tome.show(&format!("primal-wild/{id}")).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(e.source.section, section, "{id}");
    }
}

/// The document never says how much psychic damage Gnosis holds; the one-per-dot
/// reading is marked as an interpretation in the calculator and the rule card.
#[test]
fn gnosis_capacity_is_marked_as_an_interpretation() {
    let calc = calculators().into_iter().find(|c| c.name == "clash-result").unwrap();
    assert!(calc.summary.contains("Interpretation"), "{}", calc.summary);
    let help = calc.params.iter().find(|p| p.name == "gnosis").unwrap().help;
    assert!(help.contains("Interpretation"), "{help}");
    let tome = Tome::open_in_memory().unwrap();
    let e = tome.show(R_CLASH_RESULTS).unwrap();
    assert!(e.body.contains("Interpretation: Gnosis holds"), "{}", e.body);
    let a = absorb_psychic(1, state(0, 0, 2, 0)).unwrap();
    assert!(a.terms.iter().any(|t| t.label.contains("interpretation")));
}

/// Every calculator added for issue 14, through the registry as the CLI calls it.
#[test]
fn new_calculators_through_the_registry() {
    let tome = Tome::open_in_memory().unwrap();
    let (ok, bad) = through_registry(&tome);

    let o =
        ok("ephemeral-resistance", &[("potency", "5"), ("resistance", "3"), ("rank", "2"), ("resist-successes", "2")]);
    assert_eq!(field(&o, "dice_pool"), serde_json::json!(5));
    assert_eq!(field(&o, "consequence"), serde_json::json!("severe"));
    bad("ephemeral-resistance", &[("potency", "5"), ("resistance", "3"), ("rank", "2")], "--resist-successes");

    let o = ok("foreign-power", &[("mode", "dispel"), ("potency", "4"), ("power", "3"), ("resist-successes", "2")]);
    assert_eq!(field(&o, "success"), serde_json::json!(true));
    bad("foreign-power", &[("mode", "dispel"), ("potency", "4"), ("resist-successes", "2")], "--power");
    let o =
        ok("foreign-power", &[("mode", "bolster"), ("potency", "3"), ("resist-successes", "1"), ("resistance", "2")]);
    assert_eq!(field(&o, "consequence"), serde_json::json!("severe"));
    bad("foreign-power", &[("mode", "boost"), ("potency", "3"), ("resist-successes", "1")], "dispel, bolster");

    let o = ok("command-power", &[("potency", "5"), ("rank", "3"), ("essence-cost", "3"), ("stored-essence", "1")]);
    assert_eq!(field(&o, "can_command"), serde_json::json!(true));
    assert_eq!(field(&o, "essence_from_stores"), serde_json::json!(1));

    let o = ok("temporary-essence", &[("potency", "4"), ("rank", "2"), ("current", "1")]);
    assert_eq!(field(&o, "temporary_essence"), serde_json::json!(3));
    let o =
        ok("temporary-essence", &[("potency", "4"), ("rank", "2"), ("source", "covert-rote"), ("rote-used", "true")]);
    assert_eq!(field(&o, "offered"), serde_json::json!(0));
    bad("temporary-essence", &[("potency", "4"), ("rank", "2"), ("source", "prayer")], "covert-rote");

    let o = ok("prime-suppression", &[("potency", "4"), ("hindrance-aspect", "vulgar")]);
    assert_eq!(field(&o, "net_potency"), serde_json::json!(1));
    assert_eq!(field(&o, "resist_boost"), serde_json::json!("vulgar"));

    let o = ok("clash-cost", &[("willpower", "3")]);
    assert_eq!(field(&o, "payer"), serde_json::json!("duelist"));
    assert_eq!(field(&o, "willpower_after"), serde_json::json!(2));
    let o = ok("clash-cost", &[("pay", "wound")]);
    assert_eq!(field(&o, "resistant_lethal"), serde_json::json!(1));
    assert!(!o.warnings.is_empty());
    bad("clash-cost", &[("pay", "hallow"), ("matches-resonance", "true"), ("hallow-used", "true")], "one each round");

    let o = ok("hazard", &[("potencies", "2,5,3")]);
    assert_eq!(field(&o, "potency"), serde_json::json!(5));
    bad("hazard", &[("potencies", "2,41")], "1 to 40");

    let o = ok(
        "shaping-defense",
        &[
            ("aspect", "covert"),
            ("successes", "3"),
            ("against", "shaping"),
            ("attack-aspect", "vulgar"),
            ("attack-potency", "5"),
        ],
    );
    assert_eq!(field(&o, "damage"), serde_json::json!(1));
    let o = ok(
        "shaping-defense",
        &[("aspect", "covert"), ("successes", "3"), ("against", "physical"), ("automatic", "3"), ("lethal", "2")],
    );
    assert_eq!(field(&o, "lethal_taken"), serde_json::json!(0));
    assert_eq!(field(&o, "bashing_taken"), serde_json::json!(2));
    bad("shaping-defense", &[("aspect", "covert"), ("successes", "3"), ("against", "shaping")], "--attack-aspect");

    let o = ok("magical-edge", &[("edge", "7")]);
    assert_eq!(field(&o, "edge"), serde_json::json!(5));
    assert_eq!(field(&o, "capped"), serde_json::json!(true));
}

/// The duel refuses an Arcanum with no dots as Sword or Shield (interpretation: a duelist
/// picks among the Arcana they have); `calc clash` and `calc clash-result` refuse it too,
/// in the same words.
#[test]
fn the_calculators_refuse_a_sword_or_shield_of_no_dots_as_the_duel_does() {
    let tome = Tome::open_in_memory().unwrap();
    let run = |name: &str, pairs: &[(&str, &str)]| crate::systems::calculate(&tome, SYSTEM, name, args(pairs));
    let e = run("clash", &[("gnosis", "3"), ("sword", "0")]).expect_err("a Sword of no dots").to_string();
    assert!(e.contains("1 to 5"), "{e}");
    let e = run(
        "clash-result",
        &[("attacker-successes", "2"), ("defender-successes", "1"), ("shield", "0"), ("gnosis", "2")],
    )
    .expect_err("a Shield of no dots")
    .to_string();
    assert!(e.contains("1 to 5"), "{e}");
}
