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

/// Burden for a total Load: the highest step reached. Past the table's last row (Load
/// 55, Burden 10) the steps go on as they grow in the table, each one more than the
/// last, so Burden n begins at Load n(n+1)/2 (Interpretation: the document stops at 10
/// and says nothing of more Load; 66 is Burden 11).
pub fn burden(load: i64) -> i64 {
    let mut n = BURDEN_STEPS.iter().rposition(|&step| load >= step).unwrap_or(0) as i64;
    while n >= 10 && (n + 1) * (n + 2) / 2 <= load {
        n += 1;
    }
    n
}

/// Said beside a Burden past the table's last row.
pub const BEYOND_TABLE: &str =
    "past the table's last row (Load 55): extended by its pattern, Burden n from Load n(n+1)/2 (interpretation)";

/// Encumbrance is the Burden when Strength is zero or less, otherwise the amount by
/// which Burden exceeds Strength, never below zero.
pub fn encumbrance(load: i64, strength: i64) -> Encumbrance {
    let burden = burden(load);
    let encumbrance = if strength <= 0 { burden } else { (burden - strength).max(0) };
    let label = if load > BURDEN_STEPS[10] && burden > 10 {
        format!("Burden for Load {load}, {BEYOND_TABLE}")
    } else {
        format!("Burden for Load {load}")
    };
    let mut terms = vec![Term::num(label, burden, Some("ars-magica/table/encumbrance-table"))];
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
