//! What MLAF's rules make of an adversary's stat block: a spellcaster casts one spell
//! per level in a match.

use std::collections::BTreeMap;

use super::rules::spells_per_match;
use crate::adversaries::AdversaryCheck;

pub(super) fn check(
    stats: &BTreeMap<String, i64>,
    _attacks: &[crate::adversaries::AdversaryAttack],
    out: &mut AdversaryCheck,
) {
    let level = stats.get("level").copied().unwrap_or(1);
    if let Ok((n, terms)) = spells_per_match(level) {
        out.derive("spells-per-match", "Spells in one match", n, terms);
    }
}
