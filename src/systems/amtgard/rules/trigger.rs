//! Kill Triggers and Wound Triggers.

use super::*;

/// Seconds after the killing blow a Kill Trigger stays open.
pub const KILL_WINDOW_SECONDS: i64 = 30;
/// A Kill Trigger needs every living enemy beyond this many feet.
pub const KILL_CLEAR_FEET: i64 = 10;
/// The longest wait the calculator takes, in seconds (a typing-mistake guard).
pub const MAX_SECONDS: i64 = 3600;

/// What the caster's blow did to the enemy (for a Kill Trigger).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blow {
    /// The final blow: the enemy died.
    Killed,
    /// The blow set off an effect that let the enemy avoid death (Troll Blood, Phoenix
    /// Tears, Song of Survival).
    DeathAvoided,
    /// Neither.
    NoKill,
}

/// What the caster's hit did (for a Wound Trigger).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WoundDone {
    /// The enemy received a wound (a wound that kills counts).
    Received,
    /// The wound was not received (a Resistance stopped it).
    Resisted,
    NoWound,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TriggerCheck {
    pub allowed: bool,
    pub reason: String,
    /// Seconds of the Kill Trigger window still open.
    pub seconds_left: Option<i64>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

fn verdict(problems: Vec<String>, ok: &str) -> (bool, String) {
    if problems.is_empty() {
        (true, ok.to_string())
    } else {
        (false, problems.join("; "))
    }
}

/// Whether a Kill Trigger ability may be used: within 30 seconds of a killing blow (or
/// of a blow that set off a death-avoiding effect), every living enemy more than 10'
/// away, and no other Kill Trigger used on that blow.
///
/// Interpretations: "within 30 seconds" includes the 30th second; "outside of 10'"
/// means more than 10 feet.
///
/// # Errors
/// [`Error::InvalidInput`] for seconds or feet out of bounds.
pub fn kill_trigger(blow: Blow, seconds: i64, nearest_enemy: Option<i64>, used: i64) -> Result<TriggerCheck> {
    check("seconds", seconds, (0, MAX_SECONDS))?;
    check("Kill Triggers already used", used, (0, 10))?;
    let mut terms = Vec::new();
    let mut warnings = Vec::new();
    let mut problems = Vec::new();
    let blow_label = match blow {
        Blow::Killed => "the final blow on an enemy",
        Blow::DeathAvoided => {
            "a blow that set off a death-avoiding effect (Troll Blood, Phoenix Tears, Song of Survival)"
        }
        Blow::NoKill => "no killing blow",
    };
    terms.push(Term::text("The caster struck", blow_label, Some(R_KILL_TRIGGER)));
    if blow == Blow::NoKill {
        problems.push(
            "a Kill Trigger needs the caster's killing blow (or one that made an enemy's death-avoiding effect go off)"
                .to_string(),
        );
    }
    terms.push(Term::note(
        format!("Seconds since the blow (at most {KILL_WINDOW_SECONDS})"),
        seconds,
        Some(R_KILL_TRIGGER),
    ));
    let left = KILL_WINDOW_SECONDS - seconds;
    if left < 0 {
        problems.push(format!("{seconds} seconds have passed; the window is {KILL_WINDOW_SECONDS}"));
    }
    match nearest_enemy {
        Some(d) => {
            check("nearest living enemy", d, (0, MAX_FEET))?;
            terms.push(Term::note(
                format!("Nearest living enemy, feet (must be more than {KILL_CLEAR_FEET})"),
                d,
                Some(R_KILL_TRIGGER),
            ));
            if d <= KILL_CLEAR_FEET {
                problems.push(format!("a living enemy is {d}' away; the caster must be more than {KILL_CLEAR_FEET}' from every one"));
            }
        }
        None => warnings.push(format!(
            "no distance to the nearest living enemy was given: the caster must be more than {KILL_CLEAR_FEET}' from every living enemy"
        )),
    }
    terms.push(Term::note("Kill Triggers already used on this blow (at most 1)", used, Some(R_KILL_TRIGGER)));
    if used > 0 {
        problems.push("only one Kill Trigger ability may be used per eligible killing blow".to_string());
    }
    let (allowed, reason) = verdict(problems, "the Kill Trigger may be used");
    let seconds_left = Some(left.max(0)).filter(|_| blow != Blow::NoKill);
    Ok(TriggerCheck { allowed, reason, seconds_left, terms, warnings })
}

/// Whether a Wound Trigger ability may be used: right after the caster wounds an enemy
/// (a wound that kills counts; one stopped by a Resistance does not).
pub fn wound_trigger(wound: WoundDone, immediately: bool) -> TriggerCheck {
    let mut terms = Vec::new();
    let mut problems = Vec::new();
    let (label, rule) = match wound {
        WoundDone::Received => ("a wound the enemy received (even one that kills)", R_WOUND_TRIGGER),
        WoundDone::Resisted => ("a wound the enemy did not receive (Resistant)", R_RESISTANT),
        WoundDone::NoWound => ("no wound", R_WOUND_TRIGGER),
    };
    terms.push(Term::text("The caster caused", label, Some(rule)));
    match wound {
        WoundDone::Received => {}
        WoundDone::Resisted => problems
            .push("a wound that was not received (stopped by a Resistance) does not open a Wound Trigger".to_string()),
        WoundDone::NoWound => problems.push("a Wound Trigger needs the caster to have wounded an enemy".to_string()),
    }
    terms.push(Term::text("Used right after the wound", if immediately { "yes" } else { "no" }, Some(R_WOUND_TRIGGER)));
    if !immediately {
        problems.push("a Wound Trigger must be used immediately after the wound".to_string());
    }
    let (allowed, reason) = verdict(problems, "the Wound Trigger may be used");
    TriggerCheck { allowed, reason, seconds_left: None, terms, warnings: Vec::new() }
}

static PARAMS: &[Param] = &[
    Param {
        name: "kind",
        help: "kill (a Kill Trigger) or wound (a Wound Trigger)",
        kind: ParamKind::Choice { options: &["kill", "wound"] },
        required: true,
        default: None,
    },
    Param {
        name: "blow",
        help: "for kill: the caster's blow killed the enemy, set off a death-avoiding effect (death-avoided), or neither (none)",
        kind: ParamKind::Choice { options: &["killed", "death-avoided", "none"] },
        required: false,
        default: Some("killed"),
    },
    Param {
        name: "seconds",
        help: "for kill: seconds since the blow (Interpretation: the 30th second still counts)",
        kind: ParamKind::Int { min: 0, max: MAX_SECONDS },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "nearest-enemy",
        help: "for kill: feet to the nearest living enemy (Interpretation: \"outside of 10'\" means more than 10 feet)",
        kind: ParamKind::Int { min: 0, max: MAX_FEET },
        required: false,
        default: None,
    },
    Param {
        name: "used",
        help: "for kill: Kill Trigger abilities already used on this blow",
        kind: ParamKind::Int { min: 0, max: 10 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "wound",
        help: "for wound: the enemy received the wound (even a killing one), resisted it, or there was none",
        kind: ParamKind::Choice { options: &["received", "resisted", "none"] },
        required: false,
        default: Some("received"),
    },
    Param {
        name: "later",
        help: "for wound: something else came between the wound and the ability, so it is not immediate",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "trigger",
        summary: "Whether a Kill Trigger (30 seconds, more than 10' from living enemies, one per kill) or a Wound Trigger (right after a received wound) may be used",
        params: PARAMS,
        rule: Some(R_TRIGGER),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let t = if i.choice("kind")? == Some("wound") {
        let wound = match i.choice("wound")? {
            Some("resisted") => WoundDone::Resisted,
            Some("none") => WoundDone::NoWound,
            _ => WoundDone::Received,
        };
        wound_trigger(wound, !i.flag("later"))
    } else {
        let blow = match i.choice("blow")? {
            Some("death-avoided") => Blow::DeathAvoided,
            Some("none") => Blow::NoKill,
            _ => Blow::Killed,
        };
        kill_trigger(blow, i.int("seconds")?, i.opt_int("nearest-enemy")?, i.int("used")?)?
    };
    let mut out = Outcome::default().field("allowed", t.allowed).field("reason", t.reason);
    if let Some(s) = t.seconds_left {
        out = out.field("seconds_left", s);
    }
    let mut out = out.terms(t.terms);
    out = out.warn_all(t.warnings);
    Ok(out)
}
