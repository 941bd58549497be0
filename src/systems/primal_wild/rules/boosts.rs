//! Combat boosts.

use super::*;

/// What a boosting spell of one aspect does in a fight.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatBoost {
    pub aspect: Aspect,
    pub default_potency: i64,
    pub initiative_die_minimum: i64,
    pub guaranteed_successes: i64,
    pub again: i64,
    pub minimum_shaping_damage: Option<i64>,
    pub damage_factor_successes: i64,
    pub against_tough_creatures: Option<&'static str>,
    pub terms: Vec<Term>,
}

pub fn combat_boost(aspect: Aspect) -> CombatBoost {
    let p = aspect.default_potency();
    // Each number is its own answer, none a sum: all are said, as notes.
    let mut terms = vec![
        Term::note(
            format!("Initiative die minimum: twice the {} default Potency {p}", aspect.name()),
            aspect.initiative_die_minimum(),
            Some(R_INITIATIVE),
        ),
        Term::note("Attack successes guaranteed", aspect.guaranteed_successes(), Some(R_ATTACKS)),
        Term::note(
            if aspect == Aspect::Sensory {
                "Attack dice re-roll on (normal 10-again)"
            } else {
                "Attack dice re-roll on (n-again)"
            },
            aspect.again(),
            Some(T_BOOSTS),
        ),
    ];
    match aspect.minimum_shaping_damage() {
        Some(d) => terms.push(Term::note(
            "Least damage of a Shaping attack on an unprotected target",
            d,
            Some(R_SHAPING_ATTACKS),
        )),
        None => terms.push(Term::text(
            "Shaping attack",
            "not allowed: attack spells must be covert or vulgar",
            Some(R_SHAPING_ATTACKS),
        )),
    }
    terms.push(Term::note(
        "Guaranteed successes carrying damage factors",
        aspect.damage_factor_successes(),
        Some(R_DAMAGE_FACTORS),
    ));
    if let Some(t) = aspect.against_tough_creatures() {
        terms.push(Term::text("Damage to creatures that shrug lethal down to bashing", t, Some(R_DURABILITY)));
    }
    CombatBoost {
        aspect,
        default_potency: p,
        initiative_die_minimum: aspect.initiative_die_minimum(),
        guaranteed_successes: aspect.guaranteed_successes(),
        again: aspect.again(),
        minimum_shaping_damage: aspect.minimum_shaping_damage(),
        damage_factor_successes: aspect.damage_factor_successes(),
        against_tough_creatures: aspect.against_tough_creatures(),
        terms,
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Initiative {
    pub initiative: i64,
    /// The die as counted (raised to the boost's minimum), or 0 after a Shaping roll.
    pub die_counted: i64,
    pub terms: Vec<Term>,
}

pub(super) const MODIFIER: (i64, i64) = (-10, 30);

/// Initiative with a boosting spell: the d10 counts as at least twice the spell's
/// default Potency.
pub fn boosted_initiative(modifier: i64, die: i64, aspect: Option<Aspect>) -> Result<Initiative> {
    check("modifier", modifier, MODIFIER)?;
    check("die", die, (1, 10))?;
    let mut terms = vec![Term::num("Initiative modifier", modifier, Some(R_INITIATIVE))];
    let counted = match aspect {
        Some(a) if die < a.initiative_die_minimum() => {
            terms.push(Term::num(
                format!("Die rolled {die}, raised to the {} minimum", a.name()),
                a.initiative_die_minimum(),
                Some(R_INITIATIVE),
            ));
            a.initiative_die_minimum()
        }
        _ => {
            terms.push(Term::num("Die rolled", die, Some(R_INITIATIVE)));
            die
        }
    };
    Ok(Initiative { initiative: modifier + counted, die_counted: counted, terms })
}

/// Initiative from a Shaping roll instead of the die: the modifier plus twice the Shaped
/// spell's total Potency.
pub fn shaped_initiative(modifier: i64, shaped_potency: i64) -> Result<Initiative> {
    check("modifier", modifier, MODIFIER)?;
    check("shaped-potency", shaped_potency, POTENCY)?;
    let terms = vec![
        Term::num("Initiative modifier", modifier, Some(R_INITIATIVE)),
        Term::num(format!("Twice the Shaped Potency {shaped_potency}"), 2 * shaped_potency, Some(R_INITIATIVE)),
    ];
    Ok(Initiative { initiative: modifier + 2 * shaped_potency, die_counted: 0, terms })
}

/// A boosted attack's successes, split the ways the rules care about.
#[derive(Debug, Clone, PartialEq)]
pub struct BoostedAttack {
    /// The aspect's guaranteed (base) successes.
    pub guaranteed: i64,
    /// Successes (damage) after the guarantee and any cancellation.
    pub successes: i64,
    /// Points the guarantee added above what the dice rolled: what armor and defensive
    /// magic subtract (Boosting Attacks calls these automatic).
    pub automatic: i64,
    /// Successes a supernatural power's resistance cancelled outright.
    pub cancelled: i64,
    /// Automatic points still standing after the cancellation, for armor to remove.
    pub automatic_left: i64,
    /// Successes still carrying the spell's damage-factor effects (aggravated damage…).
    pub factor_successes: i64,
    /// The rest: ordinary damage for the weapon.
    pub other_successes: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// A boosted attack: the guaranteed successes are a floor on what was rolled; the
/// points above the roll are automatic, and only those can armor subtract. Resistance
/// that cancels successes (`cancelled`) takes the guaranteed ones, which carry the damage
/// factors, first; among those it is read as taking the automatic points before rolled
/// ones (an interpretation: the document doesn't split them).
pub fn boosted_attack(aspect: Aspect, rolled: i64, cancelled: i64) -> Result<BoostedAttack> {
    check("rolled", rolled, SUCCESSES)?;
    check("cancelled", cancelled, SUCCESSES)?;
    let g = aspect.guaranteed_successes();
    let before = rolled.max(g);
    let automatic = before - rolled;
    let cancelled = cancelled.min(before);
    let successes = before - cancelled;
    let automatic_left = (automatic - cancelled).max(0);
    let factor_successes = (aspect.damage_factor_successes() - cancelled).max(0);
    let other_successes = successes - factor_successes;
    let mut terms = vec![
        Term::num("Successes rolled", rolled, Some(R_ATTACKS)),
        Term::note(format!("{} guarantee (the base successes)", aspect.name()), g, Some(R_ATTACKS)),
    ];
    if automatic > 0 {
        terms.push(Term::num(
            "Automatic: raised to the guarantee, above the roll (only these can armor subtract)",
            automatic,
            Some(R_ATTACKS),
        ));
    }
    if cancelled > 0 {
        terms.push(Term::num(
            "Cancelled by a power's resistance (guaranteed successes go first, automatic ones before rolled)",
            -cancelled,
            Some(R_DAMAGE_FACTORS),
        ));
    }
    terms.push(Term::note("Automatic points left for armor or a defensive spell", automatic_left, Some(R_DEFENSE)));
    terms.push(Term::note(
        "Of the successes, those carrying the damage factors",
        factor_successes,
        Some(R_DAMAGE_FACTORS),
    ));
    let mut warnings = Vec::new();
    if aspect == Aspect::Sensory {
        warnings.push("The document names damage-factor successes only for covert (2) and vulgar (3) boosts; sensory ones are counted as carrying none".into());
    }
    if rolled >= g && cancelled > 0 {
        warnings.push(format!(
            "nothing here is automatic (the dice rolled {rolled}, at least the guarantee of {g}); the cancelled successes still come off the first {g}, which the Damage Factors example also calls automatic"
        ));
    }
    Ok(BoostedAttack {
        guaranteed: g,
        successes,
        automatic,
        cancelled,
        automatic_left,
        factor_successes,
        other_successes,
        terms,
        warnings,
    })
}
