//! The player who casts an ability on the board, when the reeve names them: one who
//! cannot cast now (the can-cast rule: Suppressed, Stunned, Frozen, dead, or Insubstantial
//! but for themself) has the ability refused, whichever ability it is.

use super::super::rules::{casting_barred, parse_states, TargetState};
use super::board::dead;
use crate::encounters::{Act, Combatant, State};
use crate::error::{Error, Result};
use crate::rules::{Listed, Param, ParamKind, Term};

pub(super) const BY: Param = Param {
    name: "by",
    help: "The player on the board who casts the ability, if any: refused while they are Suppressed (no ability, whichever), Stunned, Frozen or dead, or Insubstantial and aiming at someone else.",
    kind: ParamKind::Listed { list: Listed::Combatants },
    required: false,
    default: None,
};

/// The caster's States as the can-cast rule reads them.
fn caster_states(c: &Combatant) -> Vec<TargetState> {
    let mut states: Vec<TargetState> =
        c.conditions.iter().filter_map(|x| parse_states(&x.name).ok()?.first().copied()).collect();
    if dead(c) {
        states.push(TargetState::Dead);
    }
    states
}

/// The caster `--by` names, checked: the term saying they may cast, or why not as an
/// error. `None` for an action that takes no caster or names none.
pub(super) fn check(s: &State, act: &Act<'_>) -> Result<Option<(String, Term)>> {
    if !act.action.params.iter().any(|p| p.name == BY.name) {
        return Ok(None);
    }
    let Some(name) = act.inputs.text(BY.name) else { return Ok(None) };
    let i = s.find(name)?;
    if act.action.name == "hit" && act.inputs.text("school").is_none() {
        return Err(Error::InvalidInput(
            "--by names the caster of an ability or Magic Ball: give its --school too (a weapon's hit has no caster to check)"
                .into(),
        ));
    }
    let c = &s.combatants[i];
    if let Some((state, term)) = casting_barred(&caster_states(c), act.who == Some(i)) {
        return Err(Error::InvalidInput(format!(
            "{} is {} ({}): the ability is not cast",
            c.name,
            if state == TargetState::Dead { "dead".to_string() } else { state.name().to_string() },
            term.value_text()
        )));
    }
    Ok(Some((
        c.name.clone(),
        Term::text(format!("Caster {}", c.name), "no State stops the cast", Some(super::super::rules::R_STATES)),
    )))
}

/// The player acting on their own account (using or Charging an ability): refused as
/// a caster named with `--by` is.
///
/// # Errors
/// The State that bars the player from casting.
pub(super) fn own(c: &Combatant) -> Result<Term> {
    if let Some((state, term)) = casting_barred(&caster_states(c), true) {
        return Err(Error::InvalidInput(format!(
            "{} is {} ({}): no ability now",
            c.name,
            if state == TargetState::Dead { "dead".to_string() } else { state.name().to_string() },
            term.value_text()
        )));
    }
    Ok(Term::text(c.name.clone(), "no State stops the ability", Some(super::super::rules::R_STATES)))
}
