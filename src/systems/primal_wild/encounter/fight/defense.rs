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
        name: "immunity",
        help: "It also immunizes NAME against this kind of damage (lines 201-203): it stops every attack but one whose attacker spends Willpower (Willpower, on the attack), which treats it as armour and, once a wound gets through, has willed its way past it until it is recast.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "sealed",
        help: "With --immunity: the immunity also keeps NAME from acting on others (frozen in time, made unbreakable), so nothing harms it and Willpower cannot breach it (line 203).",
        kind: ParamKind::Flag,
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

/// The list of attackers who have willed their way past a combatant's damage immunity
/// (line 201): to them it is an ordinary defensive spell until it is recast.
pub(super) const BREACHED: &str = "immunity-breached-by";

/// The damage immunity its defensive spell grants: 0 none, 1 one Willpower can breach,
/// 2 one that also keeps it from acting on others (sealed).
pub(super) fn immunity_of(c: &Combatant) -> i64 {
    if defense_of(c).is_some() {
        c.value("immunity")
    } else {
        0
    }
}

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
        c.set("immunity", 0);
        c.marks.retain(|m| m.list != BREACHED);
        return Ok(Outcome::line(format!("{}'s defensive spell ends", c.name)));
    }
    let (immune, sealed) = (act.inputs.flag("immunity"), act.inputs.flag("sealed"));
    if sealed && !immune {
        return Err(Error::InvalidInput("--sealed goes with --immunity".into()));
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
    c.set("immunity", i64::from(immune) + i64::from(sealed));
    // Cast again, an immunity someone had willed past holds against them again.
    c.marks.retain(|m| m.list != BREACHED);
    let mut out = Outcome::line(format!(
        "{} is shielded by a {} defensive spell of Potency {potency} (Interpretation: it guards against every attack until it ends; give --unshielded on an attack it does not cover)",
        c.name,
        aspect.name()
    ));
    if immune {
        out.lines.push(if sealed {
            format!(
                "It makes {} immune to the damage and unable to act on others: nothing harms it, Willpower neither",
                c.name
            )
        } else {
            format!("It makes {} immune to the damage: only an attacker spending Willpower gets through", c.name)
        });
    }
    Ok(out)
}
