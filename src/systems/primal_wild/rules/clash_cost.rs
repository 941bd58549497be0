//! The Duel Arcane: what a clash costs and who pays it.

use super::*;

/// How a duelist's clash is paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum ClashPayment {
    /// The duelist spends a Willpower point.
    Willpower,
    /// The duelist takes a Resistant lethal wound instead, as from Pattern scouring.
    Wound,
    /// The mage sustaining Squaring the Circle spends Willpower so both clash free.
    Circle,
    /// A Hallow pays (once a round, Sword used to match its resonance).
    Hallow,
    /// The duelist doesn't act this clash and only absorbs the attack.
    Pass,
}

pub const CLASH_PAYMENT_NAMES: &[&str] = <ClashPayment as strum::VariantNames>::VARIANTS;

impl ClashPayment {
    pub fn parse(s: &str) -> Result<ClashPayment> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("pay must be one of {}, not `{s}`", CLASH_PAYMENT_NAMES.join(", ")))
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClashCost {
    /// Who pays: "duelist", "circle", "hallow" or "nobody" (a duelist who passes).
    pub payer: &'static str,
    /// Willpower the duelist spends (and may count towards the round's `spent`).
    pub willpower_cost: i64,
    pub willpower_after: Option<i64>,
    pub resistant_lethal: i64,
    /// Willpower the circle's sustainer spends (covers both duelists).
    pub circle_willpower: i64,
    pub acts: bool,
    pub terms: Vec<Term>,
}

/// One clash's price for one duelist. `willpower` is the duelist's current Willpower
/// (needed to pay with it); `hallow_used` says a Hallow already paid a clash this round;
/// `matches_resonance` that the duelist's Sword is used in the Hallow's resonance, which
/// is asked by the parameter `resonance_param` where this clash is paid (the calculator's
/// `matches-resonance`, a duel's `resonance`), so a refusal names the flag or field the
/// user has in front of him.
pub fn clash_cost(
    pay: ClashPayment,
    willpower: Option<i64>,
    hallow_used: bool,
    matches_resonance: bool,
    resonance_param: &str,
) -> Result<ClashCost> {
    if let Some(w) = willpower {
        check("willpower", w, WILLPOWER)?;
    }
    let mut terms = vec![Term::note("A clash costs", 1, Some(R_CLASH_COST))];
    let mut cost = ClashCost {
        payer: "duelist",
        willpower_cost: 0,
        willpower_after: willpower,
        resistant_lethal: 0,
        circle_willpower: 0,
        acts: true,
        terms: Vec::new(),
    };
    match pay {
        ClashPayment::Willpower => {
            let w = willpower.ok_or_else(|| {
                Error::InvalidInput(
                    "--willpower (the duelist's current Willpower, 0 to 10) is needed to pay with it".into(),
                )
            })?;
            if w == 0 {
                return Err(Error::InvalidInput(
                    "--willpower is 0: pay with a Resistant lethal wound (--pay wound), or let the circle or a Hallow pay"
                        .into(),
                ));
            }
            cost.willpower_cost = 1;
            cost.willpower_after = Some(w - 1);
            // The terms add up to the Willpower left.
            terms.push(Term::num("The duelist's Willpower", w, Some(R_CLASH_COST)));
            terms.push(Term::num("Paid for the clash", -1, Some(R_CLASH_COST)));
        }
        ClashPayment::Wound => {
            cost.resistant_lethal = 1;
            terms.push(Term::note("Resistant lethal wound instead of Willpower", 1, Some(R_CLASH_COST)));
        }
        ClashPayment::Circle => {
            cost.payer = "circle";
            cost.circle_willpower = 1;
            terms.push(Term::note(
                "Willpower from the mage sustaining Squaring the Circle (both duelists clash free)",
                1,
                Some(R_CLASH_COST),
            ));
        }
        ClashPayment::Hallow => {
            if hallow_used {
                return Err(Error::InvalidInput(
                    "a Hallow already paid for a clash this round: it covers at most one each round".into(),
                ));
            }
            if !matches_resonance {
                return Err(Error::InvalidInput(format!(
                    "--{resonance_param} is not set: a Hallow pays only if the duelist's Sword is used in a way matching its resonance"
                )));
            }
            cost.payer = "hallow";
            terms.push(Term::text("Paid by", "a Hallow (its one clash this round)", Some(R_CLASH_COST)));
        }
        ClashPayment::Pass => {
            cost.payer = "nobody";
            cost.acts = false;
            terms.push(Term::text("Not acting", "absorbs the attack only", Some(R_CLASH_COST)));
        }
    }
    if cost.acts {
        terms.push(Term::text(
            "Counts as a use of Willpower: no more on this roll or anything else",
            "yes",
            Some(R_CLASH_COST),
        ));
    }
    cost.terms = terms;
    Ok(cost)
}
