//! Climbing and swimming without the speed for it, and the STR check a hard climb asks.

use super::*;

/// The largest Athletics bonus or Difficulty accepted (a typing-mistake guard).
pub const CHECK_BONUS_MAX: i64 = 30;

#[derive(Debug, Clone, PartialEq)]
pub struct Climb {
    /// Feet of movement the climb uses.
    pub cost_ft: i64,
    /// What the STR check adds to its d20 (STR plus Athletics), or its total with a roll.
    pub check: Option<i64>,
    /// Whether the check reaches the Difficulty, when both are given.
    pub success: Option<bool>,
    pub terms: Vec<Term>,
}

/// A climb of `feet`: without a Climb speed every foot costs 2 ft of movement; a surface
/// the MC calls challenging asks a STR check, to which the Athletics bonus adds.
/// The terms add up to the check (its total with a roll); the cost is a note.
///
/// # Errors
/// [`Error::InvalidInput`] for values out of range, or a Difficulty without a roll.
pub fn climb(
    feet: i64,
    has_climb_speed: bool,
    challenging: bool,
    str_score: i64,
    athletics: i64,
    roll: Option<i64>,
    difficulty: Option<i64>,
) -> Result<Climb> {
    check("feet", feet, (0, DISTANCE_MAX))?;
    check("str", str_score, (STR_MIN, STR_MAX))?;
    check("athletics", athletics, (0, CHECK_BONUS_MAX))?;
    let cost_ft = if has_climb_speed { feet } else { feet * 2 };
    let mut terms = Vec::new();
    let cost_label = if has_climb_speed {
        "Movement used (a Climb speed: 1 ft per ft)"
    } else {
        "Movement used (no Climb speed: 2 ft per ft climbed)"
    };
    if !challenging {
        if difficulty.is_some() || roll.is_some() {
            return Err(Error::InvalidInput(
                "--roll and --difficulty are for a challenging climb (add --challenging)".into(),
            ));
        }
        terms.push(Term::note(cost_label, cost_ft, Some(R_MOVE)));
        terms.push(Term::text("Check", "none unless the MC calls the surface challenging", Some(R_MOVE)));
        return Ok(Climb { cost_ft, check: None, success: None, terms });
    }
    if let Some(r) = roll {
        check("roll", r, (1, 20))?;
        terms.push(Term::num("d20", r, Some(R_MOVE)));
    }
    terms.push(Term::num("STR", str_score, Some(R_MOVE)));
    if athletics > 0 {
        terms.push(Term::num("Athletics bonus", athletics, Some(R_MOVE)));
    }
    let total = roll.unwrap_or(0) + str_score + athletics;
    let success = match (roll, difficulty) {
        (Some(_), Some(d)) => {
            check("difficulty", d, (0, CHECK_BONUS_MAX + 20))?;
            terms.push(Term::note("Difficulty (the MC's)", d, Some(R_MOVE)));
            Some(total >= d)
        }
        (None, Some(_)) => {
            return Err(Error::InvalidInput("--difficulty needs the --roll to compare with".into()));
        }
        _ => None,
    };
    terms.push(Term::note(cost_label, cost_ft, Some(R_MOVE)));
    Ok(Climb { cost_ft, check: Some(total), success, terms })
}
