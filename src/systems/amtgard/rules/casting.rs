//! Whether a player may cast an ability at all, whichever ability it is.

use super::*;

/// The States that keep a player from casting, and why. Suppressed bars every ability
/// and the Charge Incantation (lines 199-200: one cast anyway fails, line 20); Stunned and
/// Frozen bar every action (lines 175, 197); an Insubstantial player may target only
/// themselves (line 185); and the dead cast nothing (Interpretation: Amtgard's core rule,
/// not in this document).
pub fn casting_barred(states: &[TargetState], on_self: bool) -> Option<(TargetState, Term)> {
    let why = |state: TargetState| -> Option<(&'static str, &'static str)> {
        Some(match state {
            TargetState::Suppressed => ("no ability, whichever; one cast anyway fails", C_SUPPRESSED),
            TargetState::Stunned => ("unable to act in any manner", C_STUNNED),
            TargetState::Frozen => ("may not speak or take any action", C_FROZEN),
            TargetState::Insubstantial if !on_self => ("may target only themselves", C_INSUBSTANTIAL),
            TargetState::Dead => ("casts nothing (Interpretation: Amtgard's core rule)", R_STATES),
            _ => return None,
        })
    };
    let order = [
        TargetState::Dead,
        TargetState::Suppressed,
        TargetState::Frozen,
        TargetState::Stunned,
        TargetState::Insubstantial,
    ];
    order
        .into_iter()
        .filter(|s| states.contains(s))
        .find_map(|s| why(s).map(|(words, rule)| (s, Term::text(format!("Caster {}", s.name()), words, Some(rule)))))
}

static PARAMS: &[Param] = &[
    Param {
        name: "states",
        help: "the caster's States, comma-separated: Dead, Cursed, Fragile, Frozen, Immune, Insubstantial, Invulnerable, Stopped, Stunned, Suppressed (or none)",
        kind: ParamKind::Text,
        required: true,
        default: None,
    },
    Param {
        name: "self",
        help: "the ability targets the caster themself (an Insubstantial player may cast only that)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "can-cast",
        summary: "Whether a player may cast an ability now, whichever it is: not while Suppressed, Stunned, Frozen or dead, and only on themselves while Insubstantial",
        params: PARAMS,
        rule: Some(C_SUPPRESSED),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let states = listed(i, "states", parse_states)?;
    let (can, reason, term) = match casting_barred(&states, i.flag("self")) {
        Some((_, t)) => (false, format!("{}: {}", t.label, t.value_text()), t),
        None => (
            true,
            "no State stops the cast".to_string(),
            Term::text("Caster's States", "none stops a cast", Some(R_STATES)),
        ),
    };
    Ok(Outcome::default().field("can-cast", can).field("reason", reason).terms([term]))
}
