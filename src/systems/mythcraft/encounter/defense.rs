//! The defense an attack or maneuver meets: the sheet's, plus Dodge, Protected and
//! Partial Cover (ranged attacks only), through the `defenses` calculator.

use super::conditions::effects;
use crate::encounters::Combatant;
use crate::error::Result;
use crate::rules::Term;
use crate::systems::mythcraft::rules::{defense_bonus, DefenseKind};

pub(super) static DEFENSES: &[&str] = DefenseKind::WORDS;

/// The defense `base` of kind `against` with the target's bonuses, and the terms.
pub(super) fn defense_total(t: &Combatant, against: &str, base: i64, ranged: bool) -> Result<(i64, Vec<Term>)> {
    let kind: DefenseKind = against.parse().map_err(|_| {
        crate::error::Error::InvalidInput(format!("--against must be one of {}, not `{against}`", DEFENSES.join(", ")))
    })?;
    let (bonus, _) = defense_bonus(kind, t.value("dodging") > 0, &effects(t), t.value("cover"), ranged)?;
    Ok((base + bonus.value, bonus.terms))
}

/// Whether a combatant pays the adventurers' AP costs rather than creature actions.
pub(super) fn adventurer(c: &Combatant) -> bool {
    c.character.is_some() || c.stat("adventurer") > 0
}
