//! Encumbrance.

use super::*;

/// Burden and Encumbrance from total Load and Strength.
#[derive(Debug, Clone, PartialEq)]
pub struct Encumbrance {
    pub burden: i64,
    pub encumbrance: i64,
    pub terms: Vec<Term>,
}

/// The Load at which each Burden begins (the Encumbrance Table): Burden n needs Load
/// of at least `BURDEN_STEPS[n]`.
pub const BURDEN_STEPS: [i64; 11] = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55];

/// Burden for a total Load: the highest step reached (the table stops at Burden 10).
pub fn burden(load: i64) -> i64 {
    BURDEN_STEPS.iter().rposition(|&step| load >= step).unwrap_or(0) as i64
}

/// Encumbrance is the Burden when Strength is zero or less, otherwise the amount by
/// which Burden exceeds Strength, never below zero.
pub fn encumbrance(load: i64, strength: i64) -> Encumbrance {
    let burden = burden(load);
    let encumbrance = if strength <= 0 { burden } else { (burden - strength).max(0) };
    let mut terms =
        vec![Term::num(format!("Burden for Load {load}"), burden, Some("ars-magica/table/encumbrance-table"))];
    if strength > burden {
        // Strength takes Encumbrance down to 0, never below: the term says so and takes
        // away only what it can, so the terms still add up.
        terms.push(Term::num(
            format!("Strength {strength} (to 0 at most)"),
            -burden,
            Some("ars-magica/rule/encumbrance"),
        ));
    } else if strength > 0 {
        terms.push(Term::num("Strength", -strength, Some("ars-magica/rule/encumbrance")));
    } else {
        terms.push(Term::text(
            "Strength (zero or less: no reduction)",
            strength.to_string(),
            Some("ars-magica/rule/encumbrance"),
        ));
    }
    Encumbrance { burden, encumbrance, terms }
}
