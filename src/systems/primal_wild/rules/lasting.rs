//! Traits magic raises for good: bought with experience like any other, held to the
//! trait's normal maximum, and paid on credit only where the Storyteller allows debt.

use super::*;

/// What magic raises, with its usual experience cost per dot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum LastingTrait {
    Attribute,
    Skill,
    Specialty,
    Merit,
    /// Wealth magic provides.
    Resources,
    /// A simple created servant.
    Retainer,
    /// Several simple created servants.
    Staff,
    /// A more powerful created being on good terms with its maker.
    Allies,
}

pub const LASTING_TRAIT_NAMES: &[&str] = <LastingTrait as strum::VariantNames>::VARIANTS;

impl LastingTrait {
    pub fn parse(s: &str) -> Result<LastingTrait> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("kind must be one of {}, not `{s}`", LASTING_TRAIT_NAMES.join(", ")))
        })
    }

    /// The document asks for "the experience normally required" without a price list.
    /// Interpretation: Chronicles of Darkness's usual costs, a flat price per dot.
    pub fn cost_per_dot(self) -> i64 {
        match self {
            LastingTrait::Attribute => 4,
            LastingTrait::Skill => 2,
            _ => 1,
        }
    }

    fn rule(self) -> &'static str {
        match self {
            LastingTrait::Retainer | LastingTrait::Staff | LastingTrait::Allies => R_CREATED_MERITS,
            LastingTrait::Resources => R_RESOURCES,
            _ => R_AUGMENTATIONS,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct LastingGain {
    /// The rating reached: what was asked, held to the maximum.
    pub rating: i64,
    pub capped: bool,
    pub dots: i64,
    pub cost: i64,
    /// Experience left; below zero only when debt is allowed.
    pub experience_after: i64,
    pub debt: i64,
    /// Whether the trait can be had now (paid in full, or on allowed debt).
    pub bought: bool,
    pub terms: Vec<Term>,
}

pub const TRAIT: (i64, i64) = (0, 10);
pub const EXPERIENCE: (i64, i64) = (0, 500);

/// A trait raised by lasting magic from `from` to `to` dots: the usual experience for
/// each dot (`per_dot` overrides the usual price), never above `maximum`.
pub fn lasting_gain(
    kind: LastingTrait,
    from: i64,
    to: i64,
    maximum: i64,
    experience: i64,
    debt_allowed: bool,
    per_dot: Option<i64>,
) -> Result<LastingGain> {
    check("from", from, TRAIT)?;
    check("to", to, TRAIT)?;
    check("maximum", maximum, (1, TRAIT.1))?;
    check("experience", experience, EXPERIENCE)?;
    if let Some(p) = per_dot {
        check("cost-per-dot", p, (1, 10))?;
    }
    if from > maximum {
        return Err(Error::InvalidInput(format!("--from {from} is already above --maximum {maximum}")));
    }
    if to <= from {
        return Err(Error::InvalidInput(format!("--to must be above --from ({from}), not {to}")));
    }
    let rule = kind.rule();
    let rating = to.min(maximum);
    let capped = to > maximum;
    let dots = rating - from;
    let price = per_dot.unwrap_or(kind.cost_per_dot());
    let cost = dots * price;
    let mut terms = vec![
        Term::num(format!("Dots bought ({from} to {rating})"), dots, Some(rule)),
        Term::factor(
            match per_dot {
                Some(_) => format!("Experience per {} dot (as given)", kind.name()),
                None => format!("Experience per {} dot (Interpretation: the usual price)", kind.name()),
            },
            price,
            Some(rule),
        ),
    ];
    if capped {
        terms.push(Term::note(format!("Held to the normal maximum, not {to}"), maximum, Some(R_AUGMENTATIONS)));
    }
    let short = cost - experience;
    let bought = short <= 0 || debt_allowed;
    let debt = if bought { short.max(0) } else { 0 };
    let experience_after = if bought { experience - cost } else { experience };
    terms.push(Term::note("Experience available", experience, Some(R_LASTING)));
    if short > 0 {
        terms.push(Term::text(
            format!("Short by {short}"),
            if debt_allowed {
                "taken as experience debt (the Storyteller allows it)"
            } else {
                "not bought: no debt allowed"
            },
            Some(R_LASTING),
        ));
    }
    Ok(LastingGain { rating, capped, dots, cost, experience_after, debt, bought, terms })
}

impl LastingTrait {
    pub fn name(self) -> &'static str {
        self.into()
    }
}
