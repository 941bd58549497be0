//! The empty hand an incantation asks for.

use super::*;

/// What one hand holds or touches while incanting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hand {
    Empty,
    /// Material Components.
    Material,
    /// The target of a Touch or Other range ability.
    TouchTarget,
    /// A Small shield strapped securely to the arm, touched only incidentally.
    StrappedSmallShield,
    Weapon,
    Shield,
    Other,
}

impl Hand {
    pub const OPTIONS: &'static [&'static str] =
        &["empty", "material", "touch-target", "strapped-small-shield", "weapon", "shield", "other"];

    fn parse(raw: &str) -> Result<Hand> {
        Ok(match raw {
            "empty" => Hand::Empty,
            "material" => Hand::Material,
            "touch-target" => Hand::TouchTarget,
            "strapped-small-shield" => Hand::StrappedSmallShield,
            "weapon" => Hand::Weapon,
            "shield" => Hand::Shield,
            "other" => Hand::Other,
            _ => return Err(invalid(format!("a hand holds one of {}, not `{raw}`", Hand::OPTIONS.join(", ")))),
        })
    }

    /// Whether it counts as an empty hand, and why.
    fn counts(self) -> (bool, &'static str) {
        match self {
            Hand::Empty => (true, "empty"),
            Hand::Material => (true, "Material Components are allowed"),
            Hand::TouchTarget => (true, "the target of a Touch or Other ability is allowed"),
            Hand::StrappedSmallShield => (true, "a strapped Small shield touched incidentally is allowed"),
            Hand::Weapon => (false, "touching a weapon: not empty"),
            Hand::Shield => (false, "touching a shield: not empty"),
            Hand::Other => (false, "holding something else: not empty"),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct HandCheck {
    pub allowed: bool,
    pub terms: Vec<Term>,
}

/// Whether an incantation has the empty hand it needs: one hand empty, or holding only
/// Material Components or the Touch or Other target, or incidentally touching a Small
/// shield strapped to the arm; an Extraordinary (ex) incantation needs none. Without it
/// a Magical ability fails.
pub fn empty_hand(hands: [Hand; 2], extraordinary: bool) -> HandCheck {
    let rule = Some(R_ALL_INCANTATIONS);
    if extraordinary {
        return HandCheck {
            allowed: true,
            terms: vec![Term::text("Extraordinary (ex) incantation", "no free hand needed", rule)],
        };
    }
    let mut terms = Vec::new();
    for (side, hand) in ["Left hand", "Right hand"].into_iter().zip(hands) {
        terms.push(Term::text(side, hand.counts().1, rule));
    }
    let allowed = hands.iter().any(|h| h.counts().0);
    if !allowed {
        terms.push(Term::text("No empty hand", "the ability fails", Some(R_INCANTATION)));
    }
    HandCheck { allowed, terms }
}

static PARAMS: &[Param] = &[
    Param {
        name: "left",
        help: "what the left hand holds or touches",
        kind: ParamKind::Choice { options: Hand::OPTIONS },
        required: false,
        default: Some("empty"),
    },
    Param {
        name: "right",
        help: "what the right hand holds or touches",
        kind: ParamKind::Choice { options: Hand::OPTIONS },
        required: false,
        default: Some("empty"),
    },
    Param {
        name: "ex",
        help: "the incantation is Extraordinary (ex): no free hand needed",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "empty-hand",
        summary: "Whether an incantation has its empty hand: Material Components, the Touch target and a strapped Small shield allowed; (ex) needs none",
        params: PARAMS,
        rule: Some(R_ALL_INCANTATIONS),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let left = Hand::parse(i.choice("left")?.unwrap_or("empty"))?;
    let right = Hand::parse(i.choice("right")?.unwrap_or("empty"))?;
    let h = empty_hand([left, right], i.flag("ex"));
    Ok(Outcome::default().field("allowed", h.allowed).terms(h.terms))
}
