//! How far spoken components must carry, and how long a pause they allow.

use super::*;

/// An incantation's reach: 50', or the recipient if closer.
pub const INCANTATION_FEET: i64 = 50;
/// A self-targeted incantation, a "No longer" call and removing one's own enchantments.
pub const SELF_FEET: i64 = 20;
/// A Chant, like a Specialty Arrow's incantation, carries to 50'.
pub const CHANT_FEET: i64 = 50;
/// The longest pause between an incantation's words, in seconds.
pub const WORD_GAP_SECONDS: i64 = 2;
/// The longest pause between a Chant's repetitions, in seconds.
pub const CHANT_GAP_SECONDS: i64 = 5;

/// The spoken thing being judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    /// An incantation aimed at someone else.
    Incantation,
    /// An incantation for an ability that targets the caster.
    SelfIncantation,
    Chant,
    /// A Specialty Arrow's incantation, said just before firing.
    Arrow,
    /// "No longer [State]" when a State that held the player still runs out.
    NoLonger,
    /// Declaring that one removes one's own enchantments.
    RemoveEnchantments,
}

impl Call {
    pub const OPTIONS: &'static [&'static str] =
        &["incantation", "self", "chant", "arrow", "no-longer", "remove-enchantments"];

    pub fn parse(raw: &str) -> Result<Call> {
        Ok(match raw.trim().to_ascii_lowercase().as_str() {
            "incantation" => Call::Incantation,
            "self" => Call::SelfIncantation,
            "chant" => Call::Chant,
            "arrow" => Call::Arrow,
            "no-longer" => Call::NoLonger,
            "remove-enchantments" => Call::RemoveEnchantments,
            _ => return Err(invalid(format!("--call must be one of {}, not `{raw}`", Call::OPTIONS.join(", ")))),
        })
    }

    fn rule(self) -> &'static str {
        match self {
            Call::Incantation | Call::SelfIncantation => R_ALL_INCANTATIONS,
            Call::Chant => R_CHANT,
            Call::Arrow => R_SPECIALTY_ARROWS,
            Call::NoLonger => R_STATES,
            Call::RemoveEnchantments => R_ENCHANTMENTS,
        }
    }
}

/// States that keep a player from moving; the call is owed when one of these runs out
/// on its timer. Interpretation: the document does not list them; Tome takes Frozen,
/// Stopped and Stunned, and Insubstantial (held to its spot).
pub const HOLDING_STATES: [TargetState; 4] =
    [TargetState::Frozen, TargetState::Stopped, TargetState::Stunned, TargetState::Insubstantial];

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Spoken {
    /// Feet to the recipient (an incantation need only carry that far when closer than 50').
    pub recipient: Option<i64>,
    /// How far it was actually heard, in feet.
    pub heard: Option<i64>,
    /// The longest pause, in seconds (between words, or between a Chant's repetitions).
    pub gap: Option<i64>,
    /// The speaker moved their feet while saying it.
    pub moved: bool,
    /// The ability lets its user move while incanting (Ambulant, or its description says so).
    pub ambulant: bool,
    /// For "No longer": the State that ended, and whether it ran out on its timer.
    pub state: Option<TargetState>,
    pub by_timer: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Audible {
    /// Whether anything must be said at all (a "No longer" call is owed only sometimes).
    pub needed: bool,
    /// How far it must carry, in feet.
    pub audible_to: i64,
    /// The longest pause allowed, in seconds, where one applies.
    pub max_gap: Option<i64>,
    /// Every given condition is met.
    pub ok: bool,
    /// What happens: the normal result, or what a failure costs.
    pub result: String,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The distance a spoken component must carry and the longest pause it allows: an
/// incantation 50' or to its recipient if closer (20' when the ability targets the
/// caster), no pause over 2 seconds between words and no moving the feet (or it is
/// interrupted: not spent, start again); a Chant 50' with no more than 5 seconds
/// between repetitions, moving allowed (or the effect ends); a Specialty Arrow's
/// incantation 50', said just before firing, moving allowed; "No longer [State]" and
/// removing one's own enchantments 20'.
///
/// # Errors
/// [`Error::InvalidInput`] for a "No longer" call without its State.
pub fn audible(call: Call, s: &Spoken) -> Result<Audible> {
    let rule = Some(call.rule());
    let mut terms = Vec::new();
    let mut warnings = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    let mut needed = true;

    let audible_to = match call {
        Call::Incantation => match s.recipient {
            Some(r) if r < INCANTATION_FEET => {
                terms.push(Term::note("Recipient closer than 50': heard by them", r, rule));
                r
            }
            _ => {
                terms.push(Term::note("Incantation heard within", INCANTATION_FEET, rule));
                INCANTATION_FEET
            }
        },
        Call::SelfIncantation => {
            terms.push(Term::note("Incantation for a self-targeted ability heard within", SELF_FEET, rule));
            SELF_FEET
        }
        Call::Chant => {
            terms.push(Term::note("Chant heard within", CHANT_FEET, rule));
            CHANT_FEET
        }
        Call::Arrow => {
            terms.push(Term::note("Specialty Arrow incantation heard within", CHANT_FEET, rule));
            terms.push(Term::text("Said", "immediately before firing", rule));
            CHANT_FEET
        }
        Call::NoLonger => {
            let state = s.state.ok_or_else(|| {
                invalid("--state is needed for a No longer call: the State that ended (e.g. Stopped)")
            })?;
            let holds = HOLDING_STATES.contains(&state);
            needed = holds && s.by_timer;
            terms.push(Term::text(
                format!(
                    "{} keeps the player from moving (interpretation: Frozen, Stopped, Stunned, Insubstantial)",
                    state.name()
                ),
                if holds { "yes" } else { "no" },
                rule,
            ));
            terms.push(Term::text("It ended because its time ran out", if s.by_timer { "yes" } else { "no" }, rule));
            terms.push(Term::note(format!("\"No longer {}\" heard within", state.name()), SELF_FEET, rule));
            SELF_FEET
        }
        Call::RemoveEnchantments => {
            terms.push(Term::note("Declaring one's own enchantments removed, heard within", SELF_FEET, rule));
            SELF_FEET
        }
    };

    if let Some(heard) = s.heard {
        check("heard", heard, (0, MAX_FEET))?;
        terms.push(Term::note("Heard to (feet)", heard, rule));
        if needed && heard < audible_to {
            failures.push(format!("it carried {heard}', short of {audible_to}'"));
        }
    }

    let max_gap = match call {
        Call::Incantation | Call::SelfIncantation | Call::Arrow => Some(WORD_GAP_SECONDS),
        Call::Chant => Some(CHANT_GAP_SECONDS),
        Call::NoLonger | Call::RemoveEnchantments => None,
    };
    match (max_gap, s.gap) {
        (Some(limit), Some(gap)) => {
            check("gap", gap, (0, MAX_GAP_SECONDS))?;
            let label = if call == Call::Chant {
                format!("Longest pause between repetitions (at most {limit}s)")
            } else {
                format!("Longest pause between words (at most {limit}s)")
            };
            terms.push(Term::note(label, gap, rule));
            if gap > limit {
                failures.push(format!("a pause of {gap}s is over {limit}s"));
            }
        }
        (None, Some(_)) => warnings.push("--gap does not apply to this call".into()),
        _ => {}
    }

    let may_move = matches!(call, Call::Chant | Call::Arrow | Call::NoLonger | Call::RemoveEnchantments) || s.ambulant;
    if s.moved {
        terms.push(Term::text("Feet moved while speaking", if may_move { "allowed" } else { "not allowed" }, rule));
        if !may_move {
            failures.push("the caster moved their feet".into());
        }
    }

    let ok = failures.is_empty();
    let result = match (call, ok, needed) {
        (Call::NoLonger, _, false) => {
            "no call is owed: the State did not hold the player still, or did not run out on its timer".to_string()
        }
        (_, true, _) => "said properly".to_string(),
        (Call::Incantation | Call::SelfIncantation | Call::Arrow, false, _) => {
            let quiet_only = failures.iter().all(|f| f.starts_with("it carried"));
            if quiet_only {
                warnings.push(
                    "the document does not say whether a use is spent when an incantation is too quiet; ask the reeve"
                        .into(),
                );
                format!("improperly cast, so the ability fails: {}", failures.join("; "))
            } else {
                format!(
                    "interrupted: the ability is not used up; start the incantation again from the beginning ({})",
                    failures.join("; ")
                )
            }
        }
        (Call::Chant, false, _) => format!("the Chant fails and its effect ends: {}", failures.join("; ")),
        (_, false, _) => format!("not done properly: {}", failures.join("; ")),
    };
    Ok(Audible { needed, audible_to, max_gap, ok, result, terms, warnings })
}

/// The longest pause the calculator takes, in seconds (a typing-mistake guard).
pub const MAX_GAP_SECONDS: i64 = 600;

const STATE_OPTIONS: &[&str] =
    &["frozen", "stopped", "stunned", "insubstantial", "cursed", "fragile", "immune", "invulnerable", "suppressed"];

static PARAMS: &[Param] = &[
    Param {
        name: "call",
        help: "what is spoken: incantation (at another), self (an ability on the caster), chant, arrow (a Specialty Arrow), no-longer (a State ending) or remove-enchantments",
        kind: ParamKind::Choice { options: Call::OPTIONS },
        required: false,
        default: Some("incantation"),
    },
    Param {
        name: "recipient",
        help: "for an incantation: feet to the recipient; it need only carry that far when closer than 50'",
        kind: ParamKind::Int { min: 0, max: MAX_FEET },
        required: false,
        default: None,
    },
    Param {
        name: "heard",
        help: "how far it was heard, in feet",
        kind: ParamKind::Int { min: 0, max: MAX_FEET },
        required: false,
        default: None,
    },
    Param {
        name: "gap",
        help: "the longest pause in seconds: between words of an incantation (2 at most) or between a Chant's repetitions (5 at most)",
        kind: ParamKind::Int { min: 0, max: MAX_GAP_SECONDS },
        required: false,
        default: None,
    },
    Param {
        name: "moved",
        help: "the speaker moved their feet while saying it",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "ambulant",
        help: "the ability may be cast while moving (Ambulant, or its description says so)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "state",
        help: "for no-longer: the State that ended. Interpretation: Frozen, Stopped, Stunned and Insubstantial are the ones that keep a player from moving",
        kind: ParamKind::Choice { options: STATE_OPTIONS },
        required: false,
        default: None,
    },
    Param {
        name: "removed",
        help: "for no-longer: the State was removed (by an ability, say) rather than running out on its timer, so no call is owed",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "audible",
        summary: "How far an incantation, Chant or call must be heard and the longest pause it allows, and what a failure costs",
        params: PARAMS,
        rule: Some(R_ALL_INCANTATIONS),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let call = Call::parse(i.choice("call")?.unwrap_or("incantation"))?;
    let state = match i.choice("state")? {
        Some(s) => Some(parse_states(s)?[0]),
        None => None,
    };
    let spoken = Spoken {
        recipient: i.opt_int("recipient")?,
        heard: i.opt_int("heard")?,
        gap: i.opt_int("gap")?,
        moved: i.flag("moved"),
        ambulant: i.flag("ambulant"),
        state,
        by_timer: !i.flag("removed"),
    };
    let a = audible(call, &spoken)?;
    let mut out = Outcome::default().field("needed", a.needed).field("audible_to", a.audible_to);
    if let Some(g) = a.max_gap {
        out = out.field("max_gap", g);
    }
    let mut out = out.field("ok", a.ok).field("result", a.result).terms(a.terms);
    out = out.warn_all(a.warnings);
    Ok(out)
}
