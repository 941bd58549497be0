//! Initiative order: the parties sorted by Initiative Total, ties re-rolled among the
//! tied only (the engine's [`acting_order`], which the encounter uses as well).

use super::*;
use crate::rules::order::acting_order;

/// The parties in acting order, with the re-rolls that settled their ties.
#[derive(Debug, Clone, PartialEq)]
pub struct InitiativeOrder {
    pub order: Vec<String>,
    /// Each re-roll Tome made itself, as "NAME re-roll K: N".
    pub rolled: Vec<String>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Orders `totals` (name, Initiative Total), highest first. Tied parties re-roll among
/// themselves: the `k`th re-roll of a party is its `k`th value in `tie_rolls`, or else
/// `roll()`. A re-roll only sorts the tied parties; it never moves one past a party
/// outside the tie.
///
/// # Errors
/// No party, or a total or re-roll out of range, or a re-roll for a name not listed.
pub fn initiative_order(
    totals: &[(String, i64)],
    tie_rolls: &[(String, Vec<i64>)],
    roll: &mut dyn FnMut() -> i64,
) -> Result<InitiativeOrder> {
    if totals.is_empty() {
        return Err(Error::InvalidInput("--totals: name at least one party, e.g. `A=10, B=6`".into()));
    }
    for (name, total) in totals {
        check(&format!("{name}'s Initiative Total"), *total, TOTAL)?;
    }
    for (name, values) in tie_rolls {
        if !totals.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Err(Error::InvalidInput(format!("--tie-rolls: {name} is not among --totals")));
        }
        for &v in values {
            check(&format!("{name}'s tie re-roll"), v, DIE)?;
        }
    }
    let parties: Vec<(String, Vec<i64>)> = totals.iter().map(|(n, t)| (n.clone(), vec![*t])).collect();
    let o = acting_order(&parties, tie_rolls, roll);
    // One total per party, each said as a note: no one number is what they add up to.
    let mut terms: Vec<Term> =
        totals.iter().map(|(n, t)| Term::note(format!("{n}: Initiative Total"), *t, Some(R_INITIATIVE))).collect();
    let mut rolled = Vec::new();
    for t in &o.tie_rolls {
        let how = if t.rolled { "rolled" } else { "given" };
        terms.push(Term::note(format!("{}: tie re-roll {} ({how})", t.name, t.round), t.value, Some(R_TIES)));
        if t.rolled {
            rolled.push(format!("{} re-roll {}: {}", t.name, t.round, t.value));
        }
    }
    let mut warnings: Vec<String> =
        o.unused.iter().map(|(n, v)| format!("{n}'s re-roll {v:?} settled no tie and was not used")).collect();
    if !o.unresolved.is_empty() {
        warnings.push(format!("still tied after every re-roll, left as listed: {}", o.unresolved.join(", ")));
    }
    Ok(InitiativeOrder { order: o.order, rolled, terms, warnings })
}

/// The Initiative Total of a party casting a spell, before the stress die: spells have
/// no initiative modifier, so it is Quickness alone. Interpretation: Encumbrance is not
/// taken off either, as the text names Quickness alone.
///
/// # Errors
/// Quickness out of range.
pub fn spell_initiative(quickness: i64) -> Result<Total> {
    check("Quickness", quickness, CHAR)?;
    let terms = vec![
        Term::num("Quickness alone (casting spells)", quickness, Some(R_MAGIC)),
        Term::text("Interpretation", "no weapon and no Encumbrance: the text names Quickness alone", Some(R_MAGIC)),
        stress_die_term(),
    ];
    Ok(Total { total: quickness, terms, warnings: Vec::new() })
}
