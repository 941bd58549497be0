//! The Duel Arcane: round results.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundSide {
    Winner,
    Loser,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RoundWillpower {
    pub willpower_after: i64,
    pub willpower_change: i64,
    /// Resistant lethal wounds taken because the loser had no Willpower to lose (0 or 1).
    pub resistant_lethal: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Willpower once a round is decided. The winner gets back everything spent and one
/// point more; the loser first loses a point (or takes a Resistant lethal wound with
/// none left), then gets back half of what was spent, rounded up. `willpower` is the
/// current pool when the round ends, `spent` the points paid for clashes and not yet
/// returned. With `max`, the result is held to that maximum (the core game's cap; the
/// supplement says nothing about it).
pub fn round_willpower(side: RoundSide, willpower: i64, spent: i64, max: Option<i64>) -> Result<RoundWillpower> {
    check("willpower", willpower, WILLPOWER)?;
    check("spent", spent, WILLPOWER)?;
    if let Some(m) = max {
        check("max-willpower", m, (1, WILLPOWER.1))?;
        check("willpower", willpower, (0, m))?;
        check("willpower + spent", willpower + spent, (0, m))?;
    }
    let mut terms = vec![Term::num("Willpower at the end of the round", willpower, Some(R_ROUND_RESULTS))];
    let mut warnings = Vec::new();
    let mut resistant_lethal = 0;
    let mut after = willpower;
    match side {
        RoundSide::Winner => {
            terms.push(Term::num("Winner: every point spent comes back", spent, Some(T_ROUND)));
            terms.push(Term::num("Winner: one extra point", 1, Some(T_ROUND)));
            after += spent + 1;
        }
        RoundSide::Loser => {
            if willpower > 0 {
                terms.push(Term::num("Loser: loses a point", -1, Some(T_ROUND)));
                after -= 1;
            } else {
                resistant_lethal = 1;
                terms.push(Term::text(
                    "Loser with no Willpower: one Resistant lethal wound instead",
                    "wound",
                    Some(T_ROUND),
                ));
            }
            let back = (spent + 1) / 2;
            terms.push(Term::num(format!("Loser: half of {spent} spent, rounded up"), back, Some(T_ROUND)));
            after += back;
        }
    }
    if let Some(m) = max {
        if after > m {
            terms.push(Term::num(format!("Held to maximum Willpower {m}"), m - after, None));
            warnings.push(format!(
                "Willpower can't go above its maximum of {m} (core Mage rule; the supplement doesn't mention a cap)"
            ));
            after = m;
        }
    } else if side == RoundSide::Winner {
        warnings.push(
            "Willpower normally can't exceed its maximum (Resolve + Composure); pass --max-willpower to cap it".into(),
        );
    }
    Ok(RoundWillpower {
        willpower_after: after,
        willpower_change: after - willpower,
        resistant_lethal,
        terms,
        warnings,
    })
}
