//! Initiative: 1d20 + AWR, ties to the higher AWR, then plain d20s among the tied.

use super::*;
use crate::rules::order::acting_order;

/// A creature's initiative keys, compared in turn: the total, then AWR. Equal keys go to
/// plain d20 re-rolls among the tied (see [`initiative_order`]).
pub fn initiative_keys(d20: i64, awr: i64) -> Vec<i64> {
    vec![d20 + awr, awr]
}

/// The terms of one creature's initiative roll.
pub fn initiative_terms(name: &str, d20: i64, awr: i64) -> Vec<Term> {
    vec![
        Term::num(format!("{name}: d20"), d20, Some(R_INITIATIVE)),
        Term::num(format!("{name}: AWR"), awr, Some(R_INITIATIVE)),
    ]
}

/// The acting order and how it was reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Initiative {
    /// Names, first to act first.
    pub order: Vec<String>,
    /// Each one's 1d20 + AWR, in acting order.
    pub totals: Vec<i64>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Orders creatures by 1d20 + AWR from their d20s (`rolls`) and AWR scores; a tie goes
/// to the higher AWR, and one still tied to plain d20s among the tied (`tie_rolls`
/// in turn for each name, else `roll()`), again while they tie.
///
/// # Errors
/// A d20 outside 1..=20, an AWR outside -3..=12, a creature with a d20 but no AWR (or
/// the reverse), or a tie re-roll for a creature that is not rolling.
pub fn initiative_order(
    rolls: &[(String, i64)],
    awr: &[(String, i64)],
    tie_rolls: &[(String, Vec<i64>)],
    roll: &mut dyn FnMut() -> i64,
) -> Result<Initiative> {
    let find =
        |list: &[(String, i64)], name: &str| list.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| *v);
    if rolls.is_empty() {
        return Err(Error::InvalidInput("--rolls needs at least one creature, e.g. `Ada=14`".into()));
    }
    let mut parties = Vec::with_capacity(rolls.len());
    let mut terms = Vec::new();
    for (name, d20) in rolls {
        check(&format!("{name}'s d20"), *d20, (1, 20))?;
        let a = find(awr, name)
            .ok_or_else(|| Error::InvalidInput(format!("--awr gives no AWR for {name} (write {name}=N)")))?;
        check(&format!("{name}'s AWR"), a, (COR_MIN, COR_MAX))?;
        // One total per creature, so none of them is what the terms add up to: each
        // creature's reckoning is said, as a note of its total.
        terms.push(Term::note(format!("{name}: d20 {d20}, AWR {a:+}"), d20 + a, Some(R_INITIATIVE)));
        parties.push((name.clone(), initiative_keys(*d20, a)));
    }
    if let Some((name, _)) = awr.iter().find(|(n, _)| find(rolls, n).is_none()) {
        return Err(Error::InvalidInput(format!("--awr names {name}, who has no d20 in --rolls")));
    }
    for (name, values) in tie_rolls {
        if find(rolls, name).is_none() {
            return Err(Error::InvalidInput(format!("--tie-rolls names {name}, who has no d20 in --rolls")));
        }
        for v in values {
            check(&format!("{name}'s tie re-roll"), *v, (1, 20))?;
        }
    }
    let keys = |name: &str| &parties.iter().find(|(n, _)| n == name).expect("ordered from the parties").1;
    let o = acting_order(&parties, tie_rolls, roll);
    for pair in o.order.windows(2) {
        let (a, b) = (keys(&pair[0]), keys(&pair[1]));
        if a[0] == b[0] && a[1] != b[1] {
            terms.push(Term::text(
                format!("{} and {} tie at {}", pair[0], pair[1], a[0]),
                format!("{} first (higher AWR)", pair[0]),
                Some(R_INITIATIVE),
            ));
        }
    }
    for t in &o.tie_rolls {
        let how = if t.rolled { "rolled by Tome" } else { "given" };
        terms.push(Term::note(
            format!("{}: plain d20 to break a tie (re-roll {}, {how})", t.name, t.round),
            t.value,
            Some(R_INITIATIVE),
        ));
    }
    let mut warnings = Vec::new();
    for (name, left) in &o.unused {
        let left: Vec<String> = left.iter().map(i64::to_string).collect();
        warnings.push(format!("{name}'s tie re-roll(s) {} were not needed", left.join("/")));
    }
    if !o.unresolved.is_empty() {
        warnings.push(format!("still tied after every re-roll, left as given: {}", o.unresolved.join(", ")));
    }
    let totals = o.order.iter().map(|n| keys(n)[0]).collect();
    Ok(Initiative { order: o.order, totals, terms, warnings })
}
