//! What Ars Magica's rules make of an adversary's stat block: the Damage Table's wound
//! ranges for its Size, the reason behind its Soak Total, and a group's bonus from its
//! leader's Leadership.

use std::collections::BTreeMap;

use super::rules::{band_width, group_bonus_from_sum, wound_level, WoundLevel, R_SOAK, R_TRAINED, R_WOUNDS};
use crate::adversaries::AdversaryCheck;
use crate::rules::Term;

pub(super) fn check(
    stats: &BTreeMap<String, i64>,
    _attacks: &[crate::adversaries::AdversaryAttack],
    out: &mut AdversaryCheck,
) {
    let stat = |k: &str| stats.get(k).copied().unwrap_or(0);
    wound_ranges(stat("size"), out);
    // Soak Total is Stamina + armour Protection (+ a magus's Form bonus): neither of the
    // last two is below 0, so a Soak below Stamina cannot be reached.
    let (soak, stamina) = (stat("soak"), stat("stamina"));
    if soak < stamina {
        out.refuse(
            "soak",
            format!(
                "a Soak Total is Stamina + armour Protection (+ Form bonus) ({R_SOAK}), so it is at least its Stamina, {stamina}, not {soak}"
            ),
        );
    } else {
        let terms = vec![
            Term::num("Stamina", stamina, Some(R_SOAK)),
            Term::num("Armour Protection and other bonuses", soak - stamina, Some(R_SOAK)),
        ];
        out.derive("soak", "Soak Total", soak, terms);
    }
    let members = stat("members");
    if members <= 1 {
        for key in ["others-ability", "leadership"] {
            if stat(key) > 0 {
                out.refuse(
                    key,
                    "it fights alone (members 1): only a group has other members and a leader to coordinate them",
                );
            }
        }
        if stat("leader") > 1 {
            out.refuse("leader", "it fights alone (members 1): the leader can only be member 1");
        }
        return;
    }
    if stat("leader") > members {
        out.refuse("leader", format!("the leader is member {}, but the group has {members}", stat("leader")));
    }
    if let Ok(g) = group_bonus_from_sum(stat("leadership"), stat("others-ability"), members) {
        let mut terms = g.terms;
        if stat("leadership") == 0 {
            terms.push(Term::num("No leader: an untrained group", -g.bonus, Some(R_TRAINED)));
        }
        let bonus = if stat("leadership") == 0 { 0 } else { g.bonus };
        out.derive("group-bonus", "Trained group's bonus", bonus, terms);
    }
}

/// The damage past Soak that gives each wound, by the Damage Table for its Size.
fn wound_ranges(size: i64, out: &mut AdversaryCheck) {
    let width = band_width(size);
    let mut text = Vec::new();
    let mut from = 1;
    for level in [WoundLevel::Light, WoundLevel::Medium, WoundLevel::Heavy, WoundLevel::Incapacitating] {
        let to = (from..from + 4 * width + 1).take_while(|d| wound_level(*d, size) == level).last().unwrap_or(from);
        text.push(format!("{level:?} {from}–{to}"));
        from = to + 1;
    }
    text.push(format!("Dead {from}+"));
    let terms =
        vec![Term::note(format!("Size {size:+}: each wound range spans 5 + Size points"), width, Some(R_WOUNDS))];
    out.derive("wound-ranges", "Wounds by damage past Soak", text.join(", "), terms);
}
