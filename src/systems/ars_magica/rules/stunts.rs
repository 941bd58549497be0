//! Stunts inside a fight (a trip, a disarm): the normal attack sequence, succeeding on
//! the Attack Advantage the Sample Advantages table (or the storyguide) requires.

use super::*;

/// The largest advantage a storyguide may require.
pub const REQUIRED: (i64, i64) = (1, 1_000);

/// The advantage the Sample Advantages table requires for `name` (case aside).
///
/// # Errors
/// A stunt the table does not list, with the ones it does.
pub fn sample_advantage(book: &dyn Rulebook, name: &str) -> Result<(String, i64)> {
    let table = book.table(T_SAMPLE_ADVANTAGES, None)?;
    let rows: Vec<(String, i64)> = table
        .rows
        .iter()
        .filter_map(|r| Some((r.cells.first()?.clone(), r.cells.get(1)?.trim().parse().ok()?)))
        .collect();
    let wanted = crate::search::normalize(name);
    rows.iter().find(|(task, _)| crate::search::normalize(task) == wanted).cloned().ok_or_else(|| Error::NotFound {
        what: "stunt in the Sample Advantages table (or give the advantage required)",
        id: name.to_string(),
        suggestions: rows.into_iter().map(|(task, _)| task).collect(),
    })
}

/// A stunt worked out.
#[derive(Debug, Clone, PartialEq)]
pub struct Stunt {
    pub advantage: i64,
    pub required: i64,
    pub succeeds: bool,
    pub terms: Vec<Term>,
}

/// `attack` against `defense` (totals, dice included): the stunt succeeds when the
/// Attack Advantage reaches `required`. It deals no damage either way.
///
/// # Errors
/// A total or the required advantage out of range.
pub fn stunt(name: &str, attack: i64, defense: i64, required: i64) -> Result<Stunt> {
    check("Attack Total", attack, TOTAL)?;
    check("Defense Total", defense, TOTAL)?;
    check("Required advantage", required, REQUIRED)?;
    let advantage = attack - defense;
    let succeeds = advantage >= required;
    let terms = vec![
        Term::num("Attack Total", attack, Some(R_ATTACK)),
        Term::num("Defense Total", -defense, Some(R_DEFENSE)),
        Term::note("Attack Advantage", advantage, Some(R_ADVANTAGE)),
        Term::note(format!("{name}: advantage required"), required, Some(T_SAMPLE_ADVANTAGES)),
        Term::text(
            "Result",
            if succeeds { "the stunt works (no damage)" } else { "the stunt fails (no damage)" },
            Some(R_SPECIAL_EFFECTS),
        ),
    ];
    Ok(Stunt { advantage, required, succeeds, terms })
}
