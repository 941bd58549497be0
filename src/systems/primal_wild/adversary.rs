//! What Primal Wild's rules make of an adversary's stat block in a fight: a mortal foe
//! has a pool, armour and Health; an ephemeral being (one with a Rank) has Resistance,
//! Essence and Corpus, resists hostile spells with Resistance + Rank, and needs a
//! spell's Potency at its Rank to be empowered.

use std::collections::BTreeMap;

use super::rules::{rank_benchmark, R_EMPOWER, R_EPHEMERAL_RESISTANCE, T_RANK_BENCH};
use crate::adversaries::AdversaryCheck;
use crate::rules::Term;

pub(super) fn check(mode: &str, stats: &BTreeMap<String, i64>, out: &mut AdversaryCheck) {
    if mode == "duel" {
        // Line 17: a duelist arms a Sword and a Shield, two Arcana it has dots in
        // (Interpretation, as `arms` refuses an Arcanum without dots): with fewer it could
        // never clash.
        let held = super::encounter::ARCANA.iter().filter(|a| stats.get(**a).copied().unwrap_or(0) > 0).count();
        if held < 2 {
            out.refuse(
                super::encounter::ARCANA.iter().find(|a| stats.get(**a).copied().unwrap_or(0) == 0).copied().unwrap_or("gnosis"),
                format!(
                    "a duelist arms a Sword and a Shield, two Arcana with dots (line 17): it has {held}, so it could never clash; give it two Arcana"
                ),
            );
        }
        return;
    }
    let stat = |k: &str| stats.get(k).copied().unwrap_or(0);
    let (rank, resistance) = (stat("rank"), stat("resistance"));
    if rank == 0 {
        for key in ["resistance", "max-essence"] {
            if stat(key) > 0 {
                out.refuse(
                    key,
                    "only an ephemeral being has Resistance and Essence: give it a Rank (1 or more) or clear this",
                );
            }
        }
        return;
    }
    if resistance == 0 {
        out.refuse(
            "resistance",
            format!("an ephemeral being resists spells with Resistance + Rank ({R_EPHEMERAL_RESISTANCE}): give its Resistance (1 or more)"),
        );
        return;
    }
    out.derive(
        "rank-compares",
        "Its Rank compares to",
        rank_benchmark(rank),
        vec![Term::note("Rank", rank, Some(T_RANK_BENCH))],
    );
    out.derive(
        "resists-spells",
        "Dice it resists a hostile spell with",
        resistance + rank,
        vec![
            Term::num("Resistance", resistance, Some(R_EPHEMERAL_RESISTANCE)),
            Term::num("Rank", rank, Some(R_EPHEMERAL_RESISTANCE)),
        ],
    );
    out.derive(
        "severe-at",
        "Net successes a spell needs for severe consequences",
        resistance,
        vec![Term::num("Its Resistance", resistance, Some(R_EPHEMERAL_RESISTANCE))],
    );
    out.derive(
        "empowered-at",
        "Potency a spell needs to empower it",
        rank,
        vec![Term::num("Its Rank", rank, Some(R_EMPOWER))],
    );
}
