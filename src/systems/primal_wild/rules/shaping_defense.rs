//! Shaping Defense: a defensive spell reflexively Shaped against one attack.

use super::*;

/// What the reflexive Shaping defends against.
#[derive(Debug, Clone, PartialEq)]
pub enum Threat {
    /// A physical attack: the Shaped Potency works as armor.
    Physical { incoming: Incoming, vulgar_vs_mundane: bool },
    /// A Shaping attack: the Shaping roll stands in for Defense + Wits.
    Shaping { aspect: Aspect, potency: i64 },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShapedDefense {
    /// The defensive spell's total Potency against this one attack.
    pub potency: i64,
    pub armor: Option<Defense>,
    pub against_shaping: Option<ShapingAttack>,
    pub terms: Vec<Term>,
}

/// A defensive spell of `aspect` Shaped with `successes` against one threat. Its total
/// Potency (base plus successes) is armor against a physical attack; against a Shaping
/// attack that total is read as the result that replaces the Defense + Wits successes,
/// while the spell's base Potency still limits the automatic damage cancelled.
pub fn shaping_defense(aspect: Aspect, successes: i64, threat: Threat) -> Result<ShapedDefense> {
    let potency = aspect.shaped_potency(successes)?;
    let mut terms = vec![
        Term::num(
            format!("Base Potency of the {} defensive spell", aspect.name()),
            aspect.default_potency(),
            Some(R_SHAPING_DEFENSE),
        ),
        Term::num("Reflexive Shaping successes", successes, Some(R_SHAPING_DEFENSE)),
    ];
    let (armor, against_shaping) = match threat {
        Threat::Physical { incoming, vulgar_vs_mundane } => {
            // The terms add up to the Potency; how it is spent is said as notes.
            let d = defend(potency, incoming, vulgar_vs_mundane, Immunity::None)?;
            terms.extend(d.terms.iter().cloned().map(Term::as_note));
            (Some(d), None)
        }
        Threat::Shaping { aspect: attack, potency: attack_potency } => {
            let s = shaping_attack(attack, attack_potency, potency, aspect.default_potency())?;
            terms.push(Term::note(
                "Shaped total, in place of the Defense + Wits successes",
                potency,
                Some(R_SHAPING_DEFENSE),
            ));
            terms.extend(s.terms.iter().cloned().map(Term::as_note));
            (None, Some(s))
        }
    };
    Ok(ShapedDefense { potency, armor, against_shaping, terms })
}
