//! A boosted attack's dice pool: the targets' Defense and the multiple-target penalty
//! cut the dice, never the guaranteed successes.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct AttackPool {
    /// The penalty every roll takes for striking several targets (0 or less).
    pub penalty: i64,
    /// Dice for each target's roll, in the order given (0 means a chance die).
    pub pools: Vec<i64>,
    /// Successes each roll is sure of whatever its dice show.
    pub guaranteed: i64,
    pub terms: Vec<Term>,
}

/// Most targets one boosted attack lists.
pub const MAX_TARGETS: usize = 20;

/// Each target's roll for a boosted attack: the pool, less the multiple-target penalty,
/// less that target's Defense. The document defers the penalty to the usual rules;
/// Interpretation: −1 for each target after the first (Chronicles of Darkness's
/// autofire), or an area's penalty given instead.
pub fn attack_pool(aspect: Aspect, pool: i64, defenses: &[i64], area_penalty: Option<i64>) -> Result<AttackPool> {
    check("pool", pool, POOL)?;
    if defenses.is_empty() || defenses.len() > MAX_TARGETS {
        return Err(Error::InvalidInput(format!(
            "--defense takes each target's Defense, 1 to {MAX_TARGETS} targets, not {}",
            defenses.len()
        )));
    }
    for d in defenses {
        check("defense", *d, DEFENSE)?;
    }
    let targets = defenses.len() as i64;
    let penalty = match area_penalty {
        Some(p) => -check("area-penalty", p, (0, 10))?,
        None => -(targets - 1),
    };
    let guaranteed = aspect.guaranteed_successes();
    let mut terms = vec![Term::num("Attack pool (Attribute + Skill + Edge)", pool, Some(R_ATTACKS))];
    if penalty != 0 {
        let why = match area_penalty {
            Some(_) => "Area penalty (the Storyteller's, for the area's scope)".to_string(),
            None => format!("Multiple targets: {targets} (Interpretation: -1 per target after the first)"),
        };
        terms.push(Term::num(why, penalty, Some(R_MULTIPLE)));
    }
    let pools: Vec<i64> = defenses.iter().map(|d| (pool + penalty - d).max(0)).collect();
    for (n, d) in defenses.iter().enumerate() {
        terms.push(Term::note(format!("Target {}: Defense {d} off the dice, pool", n + 1), pools[n], Some(R_ATTACKS)));
    }
    terms.push(Term::note(
        format!("Guaranteed successes of a {} boost, whatever Defense does", aspect.name()),
        guaranteed,
        Some(T_BOOSTS),
    ));
    Ok(AttackPool { penalty, pools, guaranteed, terms })
}
