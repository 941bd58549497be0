//! What Amtgard's rules make of an adversary's stat block: the armour it wears in all,
//! and where one Armor Breaking hit strips a location whole.

use std::collections::BTreeMap;

use super::rules::{ARMOR_BREAKING_THRESHOLD, SE_ARMOR_BREAKING};
use super::sheet::LOCATIONS;
use crate::adversaries::AdversaryCheck;
use crate::rules::Term;

pub(super) fn check(
    stats: &BTreeMap<String, i64>,
    _attacks: &[crate::adversaries::AdversaryAttack],
    out: &mut AdversaryCheck,
) {
    let worn: Vec<(&str, i64)> = LOCATIONS
        .iter()
        .map(|(loc, label)| (*label, stats.get(&format!("worn-{loc}")).copied().unwrap_or(0)))
        .collect();
    let total: i64 = worn.iter().map(|(_, n)| n).sum();
    let terms = worn.iter().filter(|(_, n)| *n > 0).map(|(loc, n)| Term::num(*loc, *n, None)).collect();
    out.derive("armor-total", "Armour points worn, all locations", total, terms);
    // A hit with Armor Breaking takes every point from a location holding three or fewer.
    let stripped: Vec<String> = worn
        .iter()
        .filter(|(_, n)| (1..=ARMOR_BREAKING_THRESHOLD).contains(n))
        .map(|(loc, n)| format!("{loc} ({n})"))
        .collect();
    let terms = vec![Term::note(
        "A location with this many points or fewer loses them all to one Armor Breaking hit",
        ARMOR_BREAKING_THRESHOLD,
        Some(SE_ARMOR_BREAKING),
    )];
    let shown = if stripped.is_empty() { "none".to_string() } else { stripped.join(", ") };
    out.derive("armor-breaking", "Armour one Armor Breaking hit strips whole", shown, terms);
}
