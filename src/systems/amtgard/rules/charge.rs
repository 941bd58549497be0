//! Charge xN: winning back a spent use with the Charge Incantation.

use super::*;

/// The largest N of "Charge xN" the calculator takes (a typing-mistake guard).
pub const MAX_CHARGE: i64 = 10;
/// The most completed repetitions the calculator takes.
pub const MAX_REPETITIONS: i64 = 50;

/// Whether the ability's uses come per life or per refresh.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    Life,
    Refresh,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChargeCase {
    /// N in "Charge xN": full Charge Incantations per use regained.
    pub times: i64,
    /// Full, uninterrupted Charge Incantations said so far.
    pub done: i64,
    pub per: Per,
    /// The ability was named at the start of the Charge.
    pub designated: bool,
    /// A Charged use of it is already held, unused.
    pub holding: bool,
    /// The player is Suppressed (no Charge Incantation).
    pub suppressed: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChargeResult {
    pub charged: bool,
    /// Full repetitions still to say (0 once charged or when charging is barred).
    pub repetitions_left: i64,
    /// A Charged use not spent this life is still there next life.
    pub carries_over: bool,
    pub reason: String,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Whether a Charge earns back a use: the ability named at the start, then N complete
/// Charge Incantations; a Suppressed player cannot Charge. The use is then held for
/// later in the game and needs its own incantation to fire. Per-refresh Charges carry
/// into the next life.
///
/// Interpretations: one Charged use is held at a time (the document lets a player
/// charge again once the held use is spent), so repetitions beyond N bank nothing; a
/// per-life Charged use does not carry into the next life (only per-refresh ones are
/// said to).
///
/// # Errors
/// [`Error::InvalidInput`] for N outside 1 to [`MAX_CHARGE`] or repetitions outside 0
/// to [`MAX_REPETITIONS`].
pub fn charge(c: ChargeCase) -> Result<ChargeResult> {
    check("Charge xN", c.times, (1, MAX_CHARGE))?;
    check("repetitions", c.done, (0, MAX_REPETITIONS))?;
    let mut terms = vec![
        Term::note("Full Charge Incantations for one use (the N of Charge xN)", c.times, Some(R_CHARGE)),
        Term::note("Full Charge Incantations said", c.done, Some(T_CHARGE_INCANTATION)),
    ];
    let mut warnings = Vec::new();
    let carries_over = c.per == Per::Refresh;
    terms.push(Term::text(
        if carries_over {
            "Per-refresh Charge: an unspent use carries to the next life"
        } else {
            "Per-life Charge: an unspent use does not carry to the next life (interpretation)"
        },
        if carries_over { "carries" } else { "does not carry" },
        Some(R_CHARGE),
    ));

    let barred = if c.suppressed {
        terms.push(Term::text("Suppressed", "no Charge Incantation", Some(C_SUPPRESSED)));
        Some("a Suppressed player cannot use the Charge Incantation".to_string())
    } else if !c.designated {
        terms.push(Term::text("Ability named at the start of the Charge", "no", Some(R_CHARGE)));
        Some("the ability being Charged must be named when the Charge begins; start again".to_string())
    } else if c.holding {
        terms.push(Term::text("A Charged use already held", "spend it first (interpretation)", Some(R_CHARGE)));
        Some("a Charged use of this ability is already held; use it, then Charge again".to_string())
    } else {
        None
    };
    if let Some(reason) = barred {
        return Ok(ChargeResult { charged: false, repetitions_left: 0, carries_over, reason, terms, warnings });
    }

    let left = (c.times - c.done).max(0);
    terms.push(Term::note("Repetitions still to say", left, Some(R_CHARGE)));
    let charged = left == 0;
    if c.done > c.times {
        warnings.push(format!(
            "{} repetitions beyond the {} needed bank nothing (interpretation: one Charged use is held at a time)",
            c.done - c.times,
            c.times
        ));
    }
    let reason = if charged {
        "one use regained: hold it for later in this game; using it takes its own incantation, and naming it does not set it off".to_string()
    } else {
        format!("{left} more full Charge Incantation{} to go", if left == 1 { "" } else { "s" })
    };
    Ok(ChargeResult { charged, repetitions_left: left, carries_over, reason, terms, warnings })
}

static PARAMS: &[Param] = &[
    Param {
        name: "times",
        help: "N in the ability's \"Charge xN\": full Charge Incantations for one use",
        kind: ParamKind::Int { min: 1, max: MAX_CHARGE },
        required: true,
        default: None,
    },
    Param {
        name: "done",
        help: "full, uninterrupted Charge Incantations said so far (an interrupted one does not count)",
        kind: ParamKind::Int { min: 0, max: MAX_REPETITIONS },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "per",
        help: "the ability's uses come per life or per refresh (per-refresh Charges carry between lives; Interpretation: per-life ones do not)",
        kind: ParamKind::Choice { options: &["life", "refresh"] },
        required: false,
        default: Some("life"),
    },
    Param {
        name: "undesignated",
        help: "the ability was not named at the start of the Charge",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "holding",
        help: "a Charged use of this ability is already held unspent (Interpretation: one at a time)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "suppressed",
        help: "the player is Suppressed and cannot use the Charge Incantation",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "charge",
        summary: "Whether Charge xN wins back a use: the ability named first, N full Charge Incantations, not Suppressed; and whether the use carries to the next life",
        params: PARAMS,
        rule: Some(R_CHARGE),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = charge(ChargeCase {
        times: i.int("times")?,
        done: i.int("done")?,
        per: if i.choice("per")? == Some("refresh") { Per::Refresh } else { Per::Life },
        designated: !i.flag("undesignated"),
        holding: i.flag("holding"),
        suppressed: i.flag("suppressed"),
    })?;
    let mut out = Outcome::default()
        .field("charged", c.charged)
        .field("repetitions_left", c.repetitions_left)
        .field("carries_over", c.carries_over)
        .field("reason", c.reason)
        .terms(c.terms);
    out = out.warn_all(c.warnings);
    Ok(out)
}
