//! What starting an incantation does to a player's other magic.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct Started {
    /// Active Magic Balls left active.
    pub balls_active: i64,
    /// A Chant in progress still going.
    pub chant_kept: bool,
    /// An incantation in progress that has to start over.
    pub interrupted: bool,
    pub terms: Vec<Term>,
}

/// Starting an incantation makes every active Magic Ball inactive and interrupts any
/// other incantation or Chant in progress (an interrupted incantation spends nothing and
/// must start over); only one Chant is kept up at a time.
///
/// # Errors
/// [`Error::InvalidInput`] for more than one active Magic Ball or Chant.
pub fn start_incantation(balls_active: i64, chant: bool, incanting: bool) -> Result<Started> {
    check("active-balls", balls_active, (0, MAX_ACTIVE_BALLS))?;
    let mut terms = Vec::new();
    if balls_active > 0 {
        terms.push(Term::text("Active Magic Ball", "inactive", Some(R_MAGIC_BALLS)));
    }
    if chant {
        terms.push(Term::text("Chant in progress", "broken: its effect ends", Some(R_CHANT)));
    }
    if incanting {
        terms.push(Term::text(
            "Other incantation in progress",
            "interrupted: nothing spent, start again from the beginning",
            Some(R_ALL_INCANTATIONS),
        ));
    }
    if terms.is_empty() {
        terms.push(Term::text("Nothing else in progress", "nothing lost", Some(R_ALL_INCANTATIONS)));
    }
    Ok(Started { balls_active: 0, chant_kept: false, interrupted: incanting, terms })
}

static PARAMS: &[Param] = &[
    Param {
        name: "active-balls",
        help: "Magic Balls active in hand (at most 1)",
        kind: ParamKind::Int { min: 0, max: MAX_ACTIVE_BALLS },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "chant",
        help: "a Chant is being kept up (only one at a time)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "incanting",
        help: "another incantation is under way",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "start-incantation",
        summary: "What starting an incantation costs: active Magic Balls go inactive, a Chant or another incantation in progress is broken (one Chant at a time)",
        params: PARAMS,
        rule: Some(R_ALL_INCANTATIONS),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let s = start_incantation(i.int("active-balls")?, i.flag("chant"), i.flag("incanting"))?;
    let mut out = Outcome::default()
        .field("active_balls", s.balls_active)
        .field("chant_kept", s.chant_kept)
        .field("interrupted", s.interrupted)
        .terms(s.terms);
    if i.flag("chant") {
        out = out.warn("a new Chant may be started only once the old one has ended: one Chant at a time");
    }
    Ok(out)
}
