//! Sustained damaging spells and autonomous hazards.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct Hazard {
    /// The Potency that strikes the target (0 when none may this round).
    pub potency: i64,
    pub applies: bool,
    /// Sustained damaging spells whose Potency doesn't count against this target.
    pub ignored: i64,
    pub terms: Vec<Term>,
}

/// One mage's sustained damaging spells against one target: only the highest Potency
/// applies, and a mage's spell Potency strikes a target at most once a round (from the
/// start of one of the mage's turns to the start of the next).
pub fn hazard(potencies: &[i64], already_struck: bool) -> Result<Hazard> {
    if potencies.is_empty() {
        return Err(Error::InvalidInput("--potencies needs at least one Potency".into()));
    }
    if potencies.len() > MAX_HAZARDS {
        return Err(Error::InvalidInput(format!(
            "--potencies takes at most {MAX_HAZARDS} spells, not {}",
            potencies.len()
        )));
    }
    for &p in potencies {
        check("each of --potencies", p, POTENCY)?;
    }
    let highest = potencies.iter().copied().max().unwrap_or(0);
    let mut terms = vec![Term::note(
        format!(
            "Highest of {} sustained damaging spell{}",
            potencies.len(),
            if potencies.len() == 1 { "" } else { "s" }
        ),
        highest,
        Some(R_HAZARDS),
    )];
    let applies = !already_struck;
    if already_struck {
        terms.push(Term::text(
            "Already struck by this mage's spell Potency this round (until the mage's next turn)",
            "no damage",
            Some(R_SUSTAINED_ATTACKS),
        ));
    }
    terms.push(Term::text(
        "Defense or other resistance (an entering character is struck on their own turn)",
        "applies as usual",
        Some(R_HAZARDS),
    ));
    let potency = if applies { highest } else { 0 };
    let ignored = potencies.len() as i64 - i64::from(applies);
    Ok(Hazard { potency, applies, ignored, terms })
}
