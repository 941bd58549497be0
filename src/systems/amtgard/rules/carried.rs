//! Limits on Magic Balls and Specialty Arrows.

use super::*;

/// The most uses, balls or arrows the calculator takes (a typing-mistake guard).
pub const MAX_MISSILES: i64 = 40;
/// Magic Balls one player may have active at once.
pub const MAX_ACTIVE_BALLS: i64 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missile {
    MagicBall,
    SpecialtyArrow,
}

impl Missile {
    fn plural(self) -> &'static str {
        match self {
            Missile::MagicBall => "Magic Balls",
            Missile::SpecialtyArrow => "Specialty Arrows",
        }
    }

    fn rule(self) -> &'static str {
        match self {
            Missile::MagicBall => R_MAGIC_BALLS,
            Missile::SpecialtyArrow => R_SPECIALTY_ARROWS,
        }
    }
}

/// Who has the balls or arrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Owner,
    /// Someone carrying them back to the owner or the owner's base, with leave.
    Returning,
    /// Someone else who wants to use them.
    Borrowing,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Carried {
    pub missile: Missile,
    /// The owner's maximum uses.
    pub uses: i64,
    /// How many the owner carries or brings onto the field.
    pub carried: i64,
    /// Magic Balls active at once.
    pub active: i64,
    /// Specialty Arrows fired in one shot.
    pub together: i64,
    pub holder: Holder,
    /// A borrower has the ability to use them (and the owner's leave).
    pub has_ability: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CarriedCheck {
    pub allowed: bool,
    pub problems: Vec<String>,
    /// How many more the owner may carry.
    pub spare: i64,
    pub terms: Vec<Term>,
}

/// The carrying and use limits: no more balls or arrows carried or brought onto the
/// field than the owner's maximum uses; one Magic Ball active at a time; Specialty
/// Arrows fired one at a time; others may carry them back for the owner with leave, and
/// may use Magic Balls (never Specialty Arrows) with leave and the ability to do so.
///
/// Interpretation: balls or arrows a player carries only to return them to their owner
/// count toward the owner's limit, not the carrier's.
///
/// # Errors
/// [`Error::InvalidInput`] for counts out of bounds.
pub fn carried(c: Carried) -> Result<CarriedCheck> {
    check("uses", c.uses, (0, MAX_MISSILES))?;
    check("carried", c.carried, (0, MAX_MISSILES))?;
    check("active", c.active, (0, MAX_MISSILES))?;
    check("together", c.together, (1, MAX_MISSILES))?;
    let rule = Some(c.missile.rule());
    let what = c.missile.plural();
    let mut terms = Vec::new();
    let mut problems = Vec::new();

    terms.push(Term::note(format!("Maximum uses: the most {what} carried or brought"), c.uses, rule));
    terms.push(Term::note(format!("{what} carried"), c.carried, rule));
    if c.carried > c.uses {
        problems.push(format!("{} {what} carried, but the owner's maximum uses allow {}", c.carried, c.uses));
    }
    match c.missile {
        Missile::MagicBall => {
            terms.push(Term::note(format!("Active at once (at most {MAX_ACTIVE_BALLS})"), c.active, rule));
            if c.active > MAX_ACTIVE_BALLS {
                problems.push(format!("{} Magic Balls active; a player may have only one active at a time", c.active));
            }
            if c.together > 1 {
                problems
                    .push("--together counts Specialty Arrows fired at once; it does not apply to Magic Balls".into());
            }
        }
        Missile::SpecialtyArrow => {
            terms.push(Term::note("Fired in one shot (alone)", c.together, rule));
            if c.together > 1 {
                problems.push(format!("{} arrows in one shot; a Specialty Arrow must be fired alone", c.together));
            }
            if c.active > 0 {
                problems.push("--active counts Magic Balls; it does not apply to Specialty Arrows".into());
            }
            terms.push(Term::text("A properly activated arrow", "a normal arrow hit plus its effect", rule));
        }
    }
    match c.holder {
        Holder::Owner => {}
        Holder::Returning => {
            terms.push(Term::text("Carried back for the owner, with leave", "allowed", rule));
        }
        Holder::Borrowing => match c.missile {
            Missile::SpecialtyArrow => {
                terms.push(Term::text("Used by someone else", "never", rule));
                problems.push("no one but the owner may use Specialty Arrows".into());
            }
            Missile::MagicBall => {
                terms.push(Term::text(
                    "Used by someone else with the owner's leave",
                    if c.has_ability { "allowed: they have the ability" } else { "not without the ability" },
                    rule,
                ));
                if !c.has_ability {
                    problems.push("another player may use these Magic Balls only if they have the ability to".into());
                }
            }
        },
    }
    Ok(CarriedCheck { allowed: problems.is_empty(), problems, spare: (c.uses - c.carried).max(0), terms })
}

static PARAMS: &[Param] = &[
    Param {
        name: "kind",
        help: "magic-ball or specialty-arrow",
        kind: ParamKind::Choice { options: &["magic-ball", "specialty-arrow"] },
        required: false,
        default: Some("magic-ball"),
    },
    Param {
        name: "uses",
        help: "the owner's maximum uses of the ability",
        kind: ParamKind::Int { min: 0, max: MAX_MISSILES },
        required: true,
        default: None,
    },
    Param {
        name: "carried",
        help: "how many the owner carries or brings onto the field (Interpretation: ones a friend carries back for the owner count for the owner)",
        kind: ParamKind::Int { min: 0, max: MAX_MISSILES },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "active",
        help: "Magic Balls active at once",
        kind: ParamKind::Int { min: 0, max: MAX_MISSILES },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "together",
        help: "Specialty Arrows fired in one shot",
        kind: ParamKind::Int { min: 1, max: MAX_MISSILES },
        required: false,
        default: Some("1"),
    },
    Param {
        name: "holder",
        help: "who has them: the owner, someone returning them to the owner or base, or someone borrowing them to use",
        kind: ParamKind::Choice { options: &["owner", "returning", "borrowing"] },
        required: false,
        default: Some("owner"),
    },
    Param {
        name: "has-ability",
        help: "a borrower has the ability to use these Magic Balls (and the owner's leave)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "magic-balls",
        summary: "Whether Magic Balls or Specialty Arrows are carried and used within their limits: no more than the maximum uses, one ball active, arrows fired alone, who else may carry or use them",
        params: PARAMS,
        rule: Some(R_MAGIC_BALLS),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = carried(Carried {
        missile: if i.choice("kind")? == Some("specialty-arrow") {
            Missile::SpecialtyArrow
        } else {
            Missile::MagicBall
        },
        uses: i.int("uses")?,
        carried: i.int("carried")?,
        active: i.int("active")?,
        together: i.int("together")?,
        holder: match i.choice("holder")? {
            Some("returning") => Holder::Returning,
            Some("borrowing") => Holder::Borrowing,
            _ => Holder::Owner,
        },
        has_ability: i.flag("has-ability"),
    })?;
    let problems = if c.problems.is_empty() { "none".to_string() } else { c.problems.join("; ") };
    let mut out = Outcome::default()
        .field("allowed", c.allowed)
        .field("spare", c.spare)
        .field("problems", problems)
        .terms(c.terms);
    out = out.warn_all(c.problems);
    Ok(out)
}
