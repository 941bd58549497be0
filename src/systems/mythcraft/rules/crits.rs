//! Critical hits.

use super::*;

/// A weapon crits on a natural 20 before any widening.
pub const CRIT_NATURAL: i64 = 20;
/// The crit range never starts below 16 (16-20).
pub const CRIT_CAP: i64 = 16;
/// Largest number of crit range increases accepted (each of expansions and Vulnerable).
pub const EXPANSIONS_MAX: i64 = 20;

#[derive(Debug, Clone, PartialEq)]
pub struct CritRange {
    /// The lowest natural d20 roll that crits.
    pub crit_min: i64,
    /// Increases beyond the 16-20 cap, which do nothing.
    pub wasted: i64,
    pub terms: Vec<Term>,
}

/// The crit range: 20, lowered by one per expansion (a target's Vulnerable X to the
/// attack's damage type counts as X more), never below 16.
///
/// # Errors
/// Expansions or Vulnerable outside 0..=20.
pub fn crit_range(expansions: i64, vulnerable: i64) -> Result<CritRange> {
    check("crit range expansions", expansions, (0, EXPANSIONS_MAX))?;
    check("Vulnerable", vulnerable, (0, EXPANSIONS_MAX))?;
    let wanted = CRIT_NATURAL - expansions - vulnerable;
    let crit_min = wanted.max(CRIT_CAP);
    let mut terms = vec![Term::num("Natural crit", CRIT_NATURAL, Some(R_WEAPON_CRIT))];
    if expansions > 0 {
        terms.push(Term::num("Crit range expansions", -expansions, Some(R_WEAPON_CRIT)));
    }
    if vulnerable > 0 {
        terms.push(Term::num("Target Vulnerable to the damage", -vulnerable, Some(R_VULNERABLE)));
    }
    if wanted < CRIT_CAP {
        terms.push(Term::num("Capped at 16-20", CRIT_CAP - wanted, Some(R_WEAPON_CRIT)));
    }
    Ok(CritRange { crit_min, wasted: CRIT_CAP - wanted.min(CRIT_CAP), terms })
}
