//! Attacks: a spell-boosted attack and a Shaping attack, their damage marked as wounds.

use super::wounds::{mark_damage, DAMAGE_TYPES};
use crate::encounters::{Act, Action, Outcome, State};
use crate::error::Result;
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::{boosted_attack, shaping_attack, Aspect, R_ATTACKS, R_SHAPING_ATTACKS};

const ASPECT_PARAM: Param = Param {
    name: "aspect",
    help: "The aspect of the boosting or Shaped spell: sensory, covert or vulgar.",
    kind: ParamKind::Choice { options: &["sensory", "covert", "vulgar"] },
    required: true,
    default: None,
};

const TYPE_PARAM: Param = Param {
    name: "type",
    help: "The damage's type (bashing, lethal or aggravated).",
    kind: ParamKind::Choice { options: &DAMAGE_TYPES },
    required: false,
    default: Some("lethal"),
};

static BOOSTED_PARAMS: &[Param] = &[
    ASPECT_PARAM,
    Param {
        name: "rolled",
        help: "Successes the attack roll scored.",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: true,
        default: None,
    },
    Param {
        name: "cancelled",
        help: "Successes the target's armour or defensive magic cancels (guaranteed ones first).",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: false,
        default: Some("0"),
    },
    TYPE_PARAM,
];

static SHAPING_PARAMS: &[Param] = &[
    ASPECT_PARAM,
    Param {
        name: "potency",
        help: "The Shaped spell's total Potency.",
        kind: ParamKind::Int { min: 1, max: 40 },
        required: true,
        default: None,
    },
    Param {
        name: "defense-successes",
        help: "Successes of the target's Defense + Wits roll.",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "protection",
        help: "Automatic damage the target's armour or defensive spell can absorb (its base Potency).",
        kind: ParamKind::Int { min: 0, max: 20 },
        required: false,
        default: Some("0"),
    },
    TYPE_PARAM,
];

pub(super) static FIGHT_ACTIONS: &[Action] = &[
    Action {
        name: "boosted-attack",
        summary: "A spell-boosted attack on NAME: the aspect's guaranteed successes, less what is cancelled, as damage",
        combatant: true,
        params: BOOSTED_PARAMS,
        rule: Some(R_ATTACKS),
    },
    Action {
        name: "shaping-attack",
        summary: "A Shaping attack on NAME: Shaped Potency against Defense + Wits, never below the aspect's minimum",
        combatant: true,
        params: SHAPING_PARAMS,
        rule: Some(R_SHAPING_ATTACKS),
    },
];

pub(super) fn act(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started(act.action.name)?;
    let aspect = Aspect::parse(act.inputs.choice("aspect")?.unwrap_or("covert"))?;
    let kind = act.inputs.choice("type")?.unwrap_or("lethal");
    let c = &mut s.combatants[act.who()];
    let (damage, mut out) = match act.action.name {
        "boosted-attack" => {
            let a = boosted_attack(aspect, act.inputs.int("rolled")?, act.inputs.int("cancelled")?)?;
            let mut out = Outcome { lines: Vec::new(), terms: a.terms };
            out.lines.push(format!(
                "A {} boosted attack on {}: {} successes ({} automatic)",
                aspect.name(),
                c.name,
                a.successes,
                a.automatic
            ));
            out.lines.extend(a.warnings.into_iter().map(|w| format!("Note: {w}")));
            (a.successes, out)
        }
        _ => {
            let a = shaping_attack(
                aspect,
                act.inputs.int("potency")?,
                act.inputs.int("defense-successes")?,
                act.inputs.int("protection")?,
            )?;
            let mut out = Outcome { lines: Vec::new(), terms: a.terms };
            out.lines.push(format!(
                "A {} Shaping attack on {}: {} damage ({} net, {} automatic, {} cancelled)",
                aspect.name(),
                c.name,
                a.damage,
                a.net_successes,
                a.automatic,
                a.automatic_cancelled
            ));
            out.lines.extend(a.warnings.into_iter().map(|w| format!("Note: {w}")));
            (a.damage, out)
        }
    };
    let marked = mark_damage(c, damage, kind);
    out.lines.extend(marked.lines);
    Ok(out)
}
