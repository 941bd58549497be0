//! States on a player: which may be gained, the call when one runs out, and the States
//! class Traits give.

use std::collections::BTreeMap;

use super::super::rules::{HOLDING_STATES, R_TRAITS};
use super::board::*;
use crate::encounters::{Act, ActiveCondition, Combatant, Duration, Mark, Outcome};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

pub(super) static TRAIT_PARAMS: &[Param] = &[Param {
    name: "state",
    help: "The State a class Trait gives the player, e.g. \"Immune to Subdual\": kept through death and respawn.",
    kind: ParamKind::Text,
    required: true,
    default: None,
}];

/// Records a State from a class Trait.
pub(super) fn trait_state(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let name = act.inputs.text("state").map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "));
    let name = name
        .filter(|n| !n.is_empty())
        .ok_or_else(|| Error::InvalidInput("--state needs the State's name, e.g. \"Immune to Subdual\"".into()))?;
    if c.marks(TRAIT_STATES).any(|m| m.name.eq_ignore_ascii_case(&name)) {
        return Err(Error::InvalidInput(format!("{} already has {name} from a Trait", c.name)));
    }
    c.marks.push(Mark {
        list: TRAIT_STATES.into(),
        name: name.clone(),
        id: None,
        flags: Vec::new(),
        numbers: BTreeMap::new(),
    });
    let mut out = Outcome::line(format!("{} has {name} from a Trait: it stays through death and respawn", c.name));
    out.terms.push(Term::text(format!("{name} (Trait)"), "never removed", Some(R_TRAITS)));
    Ok(out)
}

pub(super) fn can_gain(c: &Combatant, condition: &str) -> Result<()> {
    if dead(c) {
        return Err(Error::InvalidInput(format!(
            "{} is dead: States do not take hold on a dead player, so {condition} is not added",
            c.name
        )));
    }
    // Only what works on that State itself (Frozen again, say) reaches a Frozen,
    // Insubstantial or Invulnerable player; an enchantment's own States come through
    // `enchant`, which these States do not stop.
    if let Some(state) = super::hits::untouchable(c).filter(|s| !condition.eq_ignore_ascii_case(s)) {
        return Err(Error::InvalidInput(format!(
            "{} is {}: abilities do not affect them, so {condition} is not added",
            c.name,
            crate::rules::key_label(state)
        )));
    }
    Ok(())
}

/// Dates the States the board's own moves imposed without knowing the time (the Frozen
/// of an avoided death): their seconds run from the end of the change.
pub(super) fn date_states(c: &mut Combatant, now: i64) {
    for x in &mut c.conditions {
        if let (Duration::Seconds { seconds }, None) = (&x.duration, x.expires_at) {
            x.expires_at = Some(now.saturating_add(*seconds));
        }
    }
}

/// The States whose seconds have run out by `now`, though no change has yet removed them.
pub(super) fn run_out(c: &Combatant, now: i64) -> Vec<&ActiveCondition> {
    c.conditions.iter().filter(|x| x.expires_at.is_some_and(|t| t <= now)).collect()
}

pub(super) fn expired(c: &Combatant, condition: &ActiveCondition) -> Option<String> {
    HOLDING_STATES
        .iter()
        .any(|s| condition.matches(s.name()))
        .then(|| format!("{} calls out \"No longer {}\" so players within 20 feet hear it", c.name, condition.name))
}
