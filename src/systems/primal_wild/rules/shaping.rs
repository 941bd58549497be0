//! Shaping attacks.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct ShapingAttack {
    pub net_successes: i64,
    pub minimum_damage: i64,
    pub automatic: i64,
    pub automatic_cancelled: i64,
    pub damage: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// A Shaping attack: Shaped Potency against the target's Defense + Wits successes. The
/// damage never falls below the aspect's minimum (2 covert, 3 vulgar); the part above
/// the net successes is automatic, and the target's rolled successes can cancel it only
/// up to what its armor or defensive spell absorbs (`protection`, e.g. a defensive
/// spell's base Potency).
pub fn shaping_attack(aspect: Aspect, potency: i64, defense_successes: i64, protection: i64) -> Result<ShapingAttack> {
    check("potency", potency, POTENCY)?;
    check("defense-successes", defense_successes, SUCCESSES)?;
    check("protection", protection, (0, 20))?;
    let Some(minimum) = aspect.minimum_shaping_damage() else {
        return Err(Error::InvalidInput(
            "aspect must be covert or vulgar: a spell dealing damage with its Potency can't be sensory".into(),
        ));
    };
    let net = (potency - defense_successes).max(0);
    let automatic = (minimum - net).max(0);
    let automatic_cancelled = automatic.min(defense_successes).min(protection);
    let damage = net + automatic - automatic_cancelled;
    let mut terms = vec![
        Term::num("Shaped Potency", potency, Some(R_SHAPING_ATTACKS)),
        Term::num("Defense + Wits successes", -defense_successes.min(potency), Some(R_SHAPING_ATTACKS)),
    ];
    if automatic > 0 {
        terms.push(Term::num(
            format!("Automatic, up to the {} minimum of {minimum}", aspect.name()),
            automatic,
            Some(R_SHAPING_ATTACKS),
        ));
    }
    if automatic_cancelled > 0 {
        terms.push(Term::num(
            format!("Automatic damage cancelled (protection absorbs up to {protection})"),
            -automatic_cancelled,
            Some(R_SHAPING_ATTACKS),
        ));
    }
    let mut warnings = Vec::new();
    if potency < aspect.default_potency() {
        warnings.push(format!(
            "a Shaped {} spell has at least Potency {} (base plus successes)",
            aspect.name(),
            aspect.default_potency()
        ));
    }
    Ok(ShapingAttack {
        net_successes: net,
        minimum_damage: minimum,
        automatic,
        automatic_cancelled,
        damage,
        terms,
        warnings,
    })
}

/// Characters one attack may name.
pub const TARGETS: (i64, i64) = (1, 50);

#[derive(Debug, Clone, PartialEq)]
pub struct ShapingReach {
    /// Characters the attack actually strikes (each with the full damage).
    pub struck: i64,
    pub terms: Vec<Term>,
    pub warning: Option<String>,
}

/// Whom a Shaping attack reaches: it uses neither autofire nor the multiple-target rules,
/// so no penalty, but it strikes only as many characters as the Shaped spell's area and
/// target factors cover.
pub fn shaping_reach(targets: i64, covered: i64) -> Result<ShapingReach> {
    check("targets", targets, TARGETS)?;
    check("covered", covered, TARGETS)?;
    let struck = targets.min(covered);
    let mut terms =
        vec![Term::note("Characters struck (area and target factors allow)", struck, Some(R_SHAPING_ATTACKS))];
    if targets > 1 {
        terms.push(Term::text(
            "Multiple-target penalty",
            "none: Shaping attacks don't use it",
            Some(R_SHAPING_ATTACKS),
        ));
    }
    let warning = (targets > covered).then(|| {
        format!(
            "the spell's area and target factors cover {covered}; the other {} can't be struck without more factors",
            targets - covered
        )
    });
    Ok(ShapingReach { struck, terms, warning })
}
