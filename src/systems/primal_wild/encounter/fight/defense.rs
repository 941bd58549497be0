//! A defensive spell on a combatant: its aspect and Potency, applied to every attack
//! on them until it ends (or an attack says it does not apply).

use super::initiative::aspect_of;
use crate::encounters::{Act, Action, Combatant, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::{Aspect, ASPECT_NAMES, POTENCY, R_DEFENSE};

static DEFENSE_PARAMS: &[Param] = &[
    Param {
        name: "aspect",
        help: "The defensive spell's aspect: sensory, covert (most mages' free rote) or vulgar.",
        kind: ParamKind::Choice { options: ASPECT_NAMES },
        required: false,
        default: Some("covert"),
    },
    Param {
        name: "potency",
        help: "Its Potency, if Shaped above the aspect's own (sensory 1, covert 2, vulgar 3).",
        kind: ParamKind::Int { min: POTENCY.0, max: POTENCY.1 },
        required: false,
        default: None,
    },
    Param {
        name: "end",
        help: "The spell ends: attacks on NAME meet no defensive magic. Interpretation: until then it guards against every attack (an attack it does not cover is marked Unshielded on that attack).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) const DEFENSIVE_SPELL: Action = Action {
    name: "defensive-spell",
    summary: "NAME is shielded by a defensive spell: its Potency cancels automatic damage, then downgrades lethal and aggravated, then cancels bashing",
    combatant: true,
    params: DEFENSE_PARAMS,
    rule: Some(R_DEFENSE),
};

/// The defensive spell on a combatant, if any: its aspect and Potency.
pub(super) fn defense_of(c: &Combatant) -> Option<(Aspect, i64)> {
    let potency = c.value("defense-potency");
    aspect_of(c.value("defense-aspect")).filter(|_| potency > 0).map(|a| (a, potency))
}

pub(super) fn act(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let c = &mut s.combatants[act.who()];
    if act.inputs.flag("end") {
        if defense_of(c).is_none() {
            return Err(Error::InvalidInput(format!("{} has no defensive spell to end", c.name)));
        }
        c.set("defense-potency", 0);
        c.set("defense-aspect", 0);
        return Ok(Outcome::line(format!("{}'s defensive spell ends", c.name)));
    }
    let aspect = Aspect::parse(act.inputs.choice("aspect")?.unwrap_or("covert"))?;
    let potency = act.inputs.opt_int("potency")?.unwrap_or(aspect.default_potency());
    if potency < aspect.default_potency() {
        return Err(Error::InvalidInput(format!(
            "--potency {potency} is below a {} spell's own Potency of {}",
            aspect.name(),
            aspect.default_potency()
        )));
    }
    c.set("defense-potency", potency);
    c.set("defense-aspect", aspect.default_potency());
    Ok(Outcome::line(format!(
        "{} is shielded by a {} defensive spell of Potency {potency} (Interpretation: it guards against every attack until it ends; give --unshielded on an attack it does not cover)",
        c.name,
        aspect.name()
    )))
}
