//! An attack: its roll against a defense, then its damage through the target's
//! protections.

use super::damage::{damage_kind, hurt};
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::mythcraft::rules::{
    natural_roll, Attack, DamageType, HitCheck, Portion, AMOUNT_MAX, ROLL_MAX, ROLL_MIN,
};

pub(super) static PARAMS: &[Param] = &[
    Param { name: "target", help: "The defender, by name.", kind: ParamKind::Text, required: true, default: None },
    Param {
        name: "roll",
        help: "The attack total (d20 and bonuses, TA and TD included).",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: true,
        default: None,
    },
    Param {
        name: "defense",
        help: "The defense targeted (AR, REF, FORT, ANT, LOG or WILL), before Resist and Vulnerable.",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: true,
        default: None,
    },
    Param {
        name: "amount",
        help: "The damage rolled.",
        kind: ParamKind::Int { min: 0, max: AMOUNT_MAX },
        required: true,
        default: None,
    },
    Param {
        name: "type",
        help: "The damage type (blunt, sharp, fire…); blunt when left out.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "natural",
        help: "The d20 as it landed, if told: a 1 is a critical fail (a miss whatever the total), a 20 a crit.",
        kind: ParamKind::Int { min: 1, max: 20 },
        required: false,
        default: None,
    },
    Param {
        name: "crit",
        help: "A crit: it hits whatever the defense.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "half-on-miss",
        help: "The attack deals half damage on a miss.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "nonlethal",
        help: "Blunt damage dealt to knock out rather than kill.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn attack(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let attacker = s.combatants[act.who()].name.clone();
    if s.combatants[target].value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is already dead", s.combatants[target].name)));
    }
    let (kind, nonlethal) = damage_kind(act.inputs.text("type"))?;
    let nonlethal = nonlethal || act.inputs.flag("nonlethal");
    if nonlethal && kind != DamageType::Blunt {
        return Err(Error::InvalidInput(format!(
            "only blunt damage can be nonlethal, not {}",
            kind.label().to_lowercase()
        )));
    }
    let (crit, fumble) = natural_roll(act.inputs.opt_int("natural")?, act.inputs.flag("crit"))?;
    let attack = Attack {
        portions: vec![Portion { amount: act.inputs.int("amount")?, kind }],
        hit: Some(HitCheck {
            roll: act.inputs.int("roll")?,
            defense: act.inputs.int("defense")?,
            crit,
            fumble,
            half_on_miss: act.inputs.flag("half-on-miss"),
        }),
        ..Attack::default()
    };
    let mut out = hurt(&mut s.combatants[target], &attack, nonlethal)?;
    out.lines.insert(0, format!("{attacker} attacks {}", s.combatants[target].name));
    Ok(out)
}
