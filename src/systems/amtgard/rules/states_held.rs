//! Stopped, Insubstantial's way back, and a State kept by Immunity to its remover.

use super::*;

/// When Stopped meets an ability or an enchantment's effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoppedCase {
    /// An ability that allows or needs movement, cast on a player already Stopped.
    CastWhileStopped,
    /// The ability was cast first; the player is Stopped later.
    StoppedAfter,
    /// An enchantment's effect goes off while the player is Stopped.
    EnchantmentActivates,
}

impl StoppedCase {
    pub const OPTIONS: &'static [&'static str] = &["cast-while-stopped", "stopped-after", "enchantment-activates"];

    fn parse(raw: &str) -> Result<StoppedCase> {
        Ok(match raw {
            "cast-while-stopped" => StoppedCase::CastWhileStopped,
            "stopped-after" => StoppedCase::StoppedAfter,
            "enchantment-activates" => StoppedCase::EnchantmentActivates,
            _ => {
                return Err(invalid(format!("--case must be one of {}, not `{raw}`", StoppedCase::OPTIONS.join(", "))))
            }
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct StoppedResult {
    pub fails: bool,
    /// The effect is applied but finishes only when Stopped ends.
    pub waits: bool,
    pub terms: Vec<Term>,
}

/// Stopped against movement: an ability that allows or needs movement fails only if it
/// is cast while the target is Stopped; an enchantment effect that goes off while the
/// player is Stopped still applies, but is completed only once Stopped ends (Gift of
/// Air's return to base waits).
pub fn stopped(case: StoppedCase, moves: bool) -> StoppedResult {
    let rule = Some(C_STOPPED);
    let (fails, waits, said) = match (case, moves) {
        (_, false) if case != StoppedCase::EnchantmentActivates => {
            (false, false, "needs no movement: Stopped does not matter")
        }
        (StoppedCase::CastWhileStopped, _) => (true, false, "cast on a Stopped target: it fails"),
        (StoppedCase::StoppedAfter, _) => (false, false, "cast before the Stop: it keeps working"),
        (StoppedCase::EnchantmentActivates, true) => (false, true, "applied now, completed when Stopped ends"),
        (StoppedCase::EnchantmentActivates, false) => (false, false, "applied now; no movement to wait for"),
    };
    StoppedResult { fails, waits, terms: vec![Term::text("Stopped", said, rule)] }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Return {
    pub allowed: bool,
    pub terms: Vec<Term>,
}

/// Times the Insubstantial player says the return call.
pub const RETURN_CALL_TIMES: i64 = 2;

/// Whether an Insubstantial player may end the State by the return call (said twice,
/// feet free to move, no free hand needed): only if they caused it themselves and it did
/// not come from an enchantment; otherwise the ability that caused it says how it ends.
pub fn insubstantial_return(self_caused: bool, from_enchantment: bool) -> Return {
    let rule = Some(C_INSUBSTANTIAL);
    let allowed = self_caused && !from_enchantment;
    let mut terms = vec![
        Term::text("Caused by the player", if self_caused { "yes" } else { "no" }, rule),
        Term::text("Imparted by an enchantment", if from_enchantment { "yes" } else { "no" }, rule),
    ];
    if allowed {
        terms.push(Term::note("Return call, said this many times", RETURN_CALL_TIMES, rule));
        terms.push(Term::text("While saying it", "feet may move; no free hand needed", rule));
    } else {
        terms.push(Term::text("The return call", "not available: end it as the causing ability says", rule));
    }
    Return { allowed, terms }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Removal {
    pub removed: bool,
    pub terms: Vec<Term>,
}

/// Whether an ability of School `remover` lifts a State or Ongoing Effect from a player
/// Immune to `immune`: not if the player is Immune to the remover's School (Release, a
/// Sorcery ability, cannot free a player Immune to Sorcery). Immunity to the School
/// that caused the State, gained after it landed, does not lift it.
pub fn remove_state(remover: School, immune: &[School], source: Option<School>) -> Removal {
    let rule = Some(C_IMMUNE);
    let mut terms = Vec::new();
    if let Some(s) = source.filter(|s| immune.contains(s)) {
        terms.push(Term::text(
            format!("Immune to {}, the State's own School", s.name()),
            "does not lift a State already there",
            rule,
        ));
    }
    let blocked = immune.contains(&remover);
    terms.push(Term::text(
        format!("Remover of the {} School", remover.name()),
        if blocked { "the player is Immune to it: the State stays" } else { "takes effect: the State is removed" },
        rule,
    ));
    Removal { removed: !blocked, terms }
}

static STOPPED_PARAMS: &[Param] = &[
    Param {
        name: "case",
        help: "cast-while-stopped (the target was Stopped when the ability was cast), stopped-after (Stopped later), enchantment-activates (an enchantment's effect goes off while Stopped)",
        kind: ParamKind::Choice { options: StoppedCase::OPTIONS },
        required: true,
        default: None,
    },
    Param {
        name: "moves",
        help: "the ability or effect allows or needs movement (Gift of Air's return to base)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

static RETURN_PARAMS: &[Param] = &[
    Param {
        name: "self-caused",
        help: "the player made themselves Insubstantial",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "from-enchantment",
        help: "the State was imparted by an enchantment",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

static SCHOOL_WORDS: &[&str] = &["command", "death", "flame", "neutral", "protection", "sorcery", "spirit", "subdual"];

static REMOVAL_PARAMS: &[Param] = &[
    Param {
        name: "remover",
        help: "the School of the ability that would lift the State (Release is Sorcery)",
        kind: ParamKind::Choice { options: SCHOOL_WORDS },
        required: true,
        default: None,
    },
    Param {
        name: "immune-to",
        help: "Schools the player is Immune to, comma-separated",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "source",
        help: "the School of the ability that gave the State (Immunity to it gained later does not lift it)",
        kind: ParamKind::Choice { options: SCHOOL_WORDS },
        required: false,
        default: None,
    },
];

pub(super) fn state_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "stopped",
            summary: "Stopped and movement: an ability cast on a Stopped target that needs movement fails; an enchantment's effect waits for Stopped to end",
            params: STOPPED_PARAMS,
            rule: Some(C_STOPPED),
            run: run_stopped,
        },
        Calculator {
            system: SYSTEM,
            name: "insubstantial-return",
            summary: "Whether an Insubstantial player may end it with the return call said twice (self-caused, not from an enchantment)",
            params: RETURN_PARAMS,
            rule: Some(C_INSUBSTANTIAL),
            run: run_return,
        },
        Calculator {
            system: SYSTEM,
            name: "state-removal",
            summary: "Whether an ability lifts a State: not from a player Immune to the remover's School; later Immunity to the State's source does not lift it",
            params: REMOVAL_PARAMS,
            rule: Some(C_IMMUNE),
            run: run_removal,
        },
    ]
}

fn run_stopped(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let s = stopped(StoppedCase::parse(i.choice("case")?.unwrap_or(""))?, i.flag("moves"));
    Ok(Outcome::default().field("fails", s.fails).field("waits_for_stopped_to_end", s.waits).terms(s.terms))
}

fn run_return(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let r = insubstantial_return(i.flag("self-caused"), i.flag("from-enchantment"));
    let mut out = Outcome::default().field("may_return", r.allowed);
    if r.allowed {
        out = out.field("call", "I return to the physical world").field("times", RETURN_CALL_TIMES);
    }
    Ok(out.terms(r.terms))
}

fn run_removal(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let remover = School::parse(i.choice("remover")?.unwrap_or(""))?;
    let immune = listed(i, "immune-to", |t| parse_schools("immune-to", t))?;
    let source = i.choice("source")?.map(School::parse).transpose()?;
    let r = remove_state(remover, &immune, source);
    Ok(Outcome::default().field("removed", r.removed).terms(r.terms))
}
