//! Bleeding and Suffocating.

use super::*;

/// Largest Bleeding damage accepted.
pub const BLEEDING_MAX: i64 = 999;
/// Most rounds of Suffocating counted.
pub const ROUNDS_MAX: i64 = 100;

#[derive(Debug, Clone, PartialEq)]
pub struct Bleeding {
    pub difficulty: i64,
    /// Whether the Medicine check given stops it.
    pub success: Option<bool>,
    pub terms: Vec<Term>,
}

/// The Difficulty of the INT (Medicine) check that stops Bleeding: its damage + 10;
/// `check` succeeds when it reaches the Difficulty. Interpretation: for a Bleeding die
/// (Bleeding (1d4)) the damage is what it last dealt.
///
/// # Errors
/// Damage outside 0..=999, a check outside -50..=100.
pub fn bleeding(damage: i64, check_total: Option<i64>) -> Result<Bleeding> {
    check("Bleeding damage", damage, (0, BLEEDING_MAX))?;
    let difficulty = damage + 10;
    let mut terms =
        vec![Term::num("Bleeding damage", damage, Some(C_BLEEDING)), Term::num("Base", 10, Some(C_BLEEDING))];
    let success = match check_total {
        Some(c) => {
            check("check total", c, (ROLL_MIN, ROLL_MAX))?;
            terms.push(Term::note("INT (Medicine) check", c, Some(C_BLEEDING)));
            Some(c >= difficulty)
        }
        None => None,
    };
    Ok(Bleeding { difficulty, success, terms })
}

#[derive(Debug, Clone, PartialEq)]
pub struct Suffocation {
    /// Rounds of Suffocating before Death Points start: END + 1.
    pub grace: i64,
    /// Whether the turn starting in round `round` gains a Death Point.
    pub gains: bool,
    /// Death Points from Suffocating so far, this turn's included.
    pub points: i64,
    pub terms: Vec<Term>,
}

/// Suffocating: after END + 1 rounds of it, a Death Point at the start of each turn.
/// `round` is the round of Suffocating a turn starts in (1 for the first).
/// Interpretation: the grace never goes below 0 rounds (END -3 or -2 gains from the
/// first turn), and each turn begun while Suffocating is a round of it.
///
/// # Errors
/// END outside -3..=12, a round outside 1..=100.
pub fn suffocating(end: i64, round: i64) -> Result<Suffocation> {
    check("END", end, (COR_MIN, COR_MAX))?;
    check("round", round, (1, ROUNDS_MAX))?;
    let grace = (end + 1).max(0);
    let points = (round - grace).max(0);
    let gains = round > grace;
    let mut terms = vec![Term::num("END", end, Some(C_SUFFOCATING)), Term::num("Plus 1", 1, Some(C_SUFFOCATING))];
    if end + 1 < 0 {
        terms.push(Term::num("Never fewer than 0 rounds (interpretation)", -(end + 1), None));
    }
    terms.push(Term::note("Round of Suffocating now", round, Some(C_SUFFOCATING)));
    if gains {
        terms.push(Term::note("Death Point at the start of this turn", 1, Some(C_SUFFOCATING)));
    }
    Ok(Suffocation { grace, gains, points, terms })
}

/// One row of the Monster Diseases table, found by name.
///
/// # Errors
/// [`Error::InvalidInput`] naming the diseases when `name` is none of them.
pub fn disease(tome: &dyn Rulebook, name: &str) -> Result<Vec<(String, String)>> {
    let table = tome.table(T_DISEASES, None)?;
    let wanted = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let row = table.rows.iter().find(|r| r.cells.first().is_some_and(|c| c.eq_ignore_ascii_case(&wanted))).ok_or_else(
        || {
            let all: Vec<&str> = table.rows.iter().filter_map(|r| r.cells.first().map(String::as_str)).collect();
            Error::InvalidInput(format!("--name: `{name}` is not a monster disease; one of {}", all.join(", ")))
        },
    )?;
    Ok(table.columns.iter().cloned().zip(row.cells.iter().cloned()).collect())
}
