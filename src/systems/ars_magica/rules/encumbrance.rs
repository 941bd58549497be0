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
    triangle_root(load)
}

/// The highest n whose triangle number n(n+1)/2 is at most `x` (0 for anything less
/// than 1): the table's steps are the triangle numbers, so this is the Burden a Load
/// reaches, and arm5e's score for experience in an Art. Worked out from the square root,
/// not counted up step by step, so a Load in the billions answers at once.
pub fn triangle_root(x: i64) -> i64 {
    if x <= 0 {
        return 0;
    }
    let tri = |n: i128| n * (n + 1) / 2;
    let x = i128::from(x);
    // The root as floating point is within one of the answer; the steps below settle it.
    let mut n = (((8.0 * x as f64 + 1.0).sqrt() - 1.0) / 2.0) as i128;
    while tri(n) > x {
        n -= 1;
    }
    while tri(n + 1) <= x {
        n += 1;
    }
    n as i64
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
