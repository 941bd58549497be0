//! Spell displacement.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
pub enum Displaced {
    /// The intruding spell overcame the standing one.
    #[strum(to_string = "new spell displaces the standing one")]
    New,
    /// The standing spell stays.
    #[strum(to_string = "standing spell remains")]
    Standing,
    /// Cast together: the first spell takes effect.
    #[strum(to_string = "first spell takes effect")]
    First,
    /// Cast together: the second spell takes effect.
    #[strum(to_string = "second spell takes effect")]
    Second,
    /// Cast together with equal Potency: neither takes effect.
    #[strum(to_string = "neither spell takes effect")]
    Neither,
}

impl Displaced {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Displacement {
    pub outcome: Displaced,
    pub stalemate: bool,
    /// How far the winner is ahead (0 on a stalemate).
    pub margin: i64,
    pub terms: Vec<Term>,
}

/// A new spell against one already in place: it takes over only when its Potency is
/// greater than the standing spell's Tenacity; equal keeps the standing spell.
pub fn displace(new_potency: i64, standing_tenacity: i64) -> Result<Displacement> {
    check("potency", new_potency, POTENCY)?;
    check("tenacity", standing_tenacity, POTENCY)?;
    let d = new_potency - standing_tenacity;
    let outcome = if d > 0 { Displaced::New } else { Displaced::Standing };
    let mut terms = margin_terms(
        ("New spell's Potency", new_potency),
        ("Standing spell's Tenacity", standing_tenacity),
        R_DISPLACEMENT,
    );
    terms.push(Term::text("Result", outcome.as_str(), Some(T_DISPLACEMENT)));
    Ok(Displacement { outcome, stalemate: d == 0, margin: d.abs(), terms })
}

/// Two spells cast at the same moment: the higher Potency takes effect; a tie means
/// neither does. (Spell competition compares Potencies the same way.)
pub fn simultaneous(first_potency: i64, second_potency: i64) -> Result<Displacement> {
    check("potency", first_potency, POTENCY)?;
    check("other-potency", second_potency, POTENCY)?;
    let d = first_potency - second_potency;
    let outcome = match d {
        d if d > 0 => Displaced::First,
        0 => Displaced::Neither,
        _ => Displaced::Second,
    };
    let mut terms = margin_terms(
        ("First spell's Potency", first_potency),
        ("Second spell's Potency", second_potency),
        R_COMPETITION,
    );
    terms.push(Term::text("Result", outcome.as_str(), Some(T_DISPLACEMENT)));
    Ok(Displacement { outcome, stalemate: d == 0, margin: d.abs(), terms })
}

/// The larger of two compared numbers less the smaller, so the terms add up to the
/// margin however the comparison falls.
fn margin_terms(a: (&str, i64), b: (&str, i64), rule: &str) -> Vec<Term> {
    let (high, low) = if a.1 >= b.1 { (a, b) } else { (b, a) };
    vec![Term::num(high.0, high.1, Some(rule)), Term::num(low.0, -low.1, Some(rule))]
}
