//! The basic and advanced maneuvers (lines 178-237): Dodge, Stand, Hide, Shove, Trip
//! and Disarm, each paid for as its entry says.

use super::conditions::{effects, gain_condition, lose_condition};
use super::defense::{adventurer, defense_total};
use super::spend::pay;
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::mythcraft::rules::{attack_lands, maneuver_cost, shove_allowed, ROLL_MAX, ROLL_MIN};

const fn roll(name: &'static str, help: &'static str, required: bool) -> Param {
    Param { name, help, kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX }, required, default: None }
}

const TARGET: Param =
    Param { name: "target", help: "The creature, by name.", kind: ParamKind::Text, required: true, default: None };
const NATURAL: Param = Param {
    name: "natural",
    help: "The d20 as it landed, if told: 1 always misses, 20 always lands.",
    kind: ParamKind::Int { min: 1, max: 20 },
    required: false,
    default: None,
};

pub(super) static TRIP_PARAMS: &[Param] = &[
    TARGET,
    roll("roll", "The STR attack total.", true),
    roll("defense", "The target's REF (Tome adds Dodge and Protected).", true),
    NATURAL,
];
pub(super) static SHOVE_PARAMS: &[Param] = &[
    TARGET,
    roll("roll", "The STR attack total.", true),
    roll("defense", "The target's FORT (Tome adds Dodge and Protected).", true),
    NATURAL,
];
pub(super) static DISARM_PARAMS: &[Param] = &[
    TARGET,
    roll("roll", "The STR attack total.", true),
    roll("defense", "The target's REF or FORT, as it chooses (Tome adds Dodge and Protected).", true),
    NATURAL,
    Param { name: "item", help: "What it holds that it drops.", kind: ParamKind::Text, required: false, default: None },
];
pub(super) static HIDE_PARAMS: &[Param] = &[
    roll("roll", "The DEX (Sneaking) total.", true),
    roll(
        "against",
        "The best AWR (Perceiving) total among the creatures within 30 ft; leave out when none is there. Interpretation: a tie goes to the watcher.",
        false,
    ),
];

/// Pays a maneuver's cost, as an adventurer or a creature.
fn pay_for(s: &mut State, who: usize, slug: &str, what: &str) -> Result<Outcome> {
    let (n, term) = maneuver_cost(slug, adventurer(&s.combatants[who]))?;
    let mut out = pay(s, who, n, what)?;
    out.terms.insert(0, term);
    Ok(out)
}

/// The target of a contested maneuver, its roll against the defense (with the target's
/// bonuses): whether it lands, and the outcome so far.
fn contest(s: &mut State, act: &Act<'_>, slug: &str, what: &str) -> Result<(usize, bool, Outcome)> {
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    if target == act.who() {
        return Err(Error::InvalidInput(format!("{what} needs another creature as its target")));
    }
    let (defense, mut terms) = defense_total(&s.combatants[target], "ref", act.inputs.int("defense")?, false)?;
    let (hit, t) = attack_lands(act.inputs.int("roll")?, defense, act.inputs.opt_int("natural")?)?;
    terms.extend(t);
    let paid = pay_for(s, act.who(), slug, what)?;
    let mut out = Outcome {
        lines: vec![format!(
            "{} tries to {what} {}: {}",
            s.combatants[act.who()].name,
            s.combatants[target].name,
            if hit { "it lands" } else { "it misses" }
        )],
        terms,
    };
    out.lines.extend(paid.lines);
    out.terms.extend(paid.terms);
    Ok((target, hit, out))
}

pub(super) fn dodge(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    if s.combatants[who].value("dodging") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} is already Dodging until the start of its next turn (a second Dodge adds nothing)",
            s.combatants[who].name
        )));
    }
    let mut out = pay_for(s, who, "dodge", "Dodge")?;
    let c = &mut s.combatants[who];
    c.set("dodging", 1);
    out.lines.insert(0, format!("{} Dodges: +2 to AR and physical defenses until the start of its next turn", c.name));
    Ok(out)
}

pub(super) fn stand(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let c = &s.combatants[who];
    if !c.has("prone") {
        return Err(Error::InvalidInput(format!("{} is not Prone: there is nothing to stand up from", c.name)));
    }
    if super::stats::speed(c) == 0 {
        return Err(Error::InvalidInput(format!("{}'s speed is 0: it cannot Stand", c.name)));
    }
    let mut out = pay_for(s, who, "stand", "Stand")?;
    let c = &mut s.combatants[who];
    lose_condition(c, "prone");
    out.lines.insert(0, format!("{} stands up: no longer Prone", c.name));
    Ok(out)
}

pub(super) fn hide(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let c = &s.combatants[who];
    if !effects(c).seen.iter().any(|x| x == "concealed") && c.value("total-cover") == 0 {
        return Err(Error::InvalidInput(format!("{} is not Concealed: it has nowhere to Hide", c.name)));
    }
    let roll = act.inputs.int("roll")?;
    let hidden = act.inputs.opt_int("against")?.is_none_or(|a| roll > a);
    let mut out = pay_for(s, who, "hide", "Hide")?;
    let c = &mut s.combatants[who];
    if hidden {
        gain_condition(c, ("mythcraft/condition/unseen", "Unseen"));
        out.lines.insert(0, format!("{} hides: Unseen", c.name));
    } else {
        out.lines.insert(
            0,
            format!("{} is spotted: the watchers' Perceiving wins (a tie goes to them: interpretation)", c.name),
        );
    }
    Ok(out)
}

pub(super) fn trip(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let (target, hit, mut out) = contest(s, act, "trip", "Trip")?;
    if hit && gain_condition(&mut s.combatants[target], ("mythcraft/condition/prone", "Prone")) {
        out.lines.push(format!("{} falls Prone", s.combatants[target].name));
    }
    Ok(out)
}

pub(super) fn shove(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let size = shove_allowed(s.combatants[act.who()].stat("size"), s.combatants[target].stat("size"))?;
    let (target, hit, mut out) = contest(s, act, "shove", "Shove")?;
    out.terms.push(size);
    if hit {
        out.lines.push(format!("{} is pushed 5 ft, where the shover chooses", s.combatants[target].name));
    }
    Ok(out)
}

pub(super) fn disarm(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let (target, hit, mut out) = contest(s, act, "disarm", "Disarm")?;
    if hit {
        let item = act.inputs.text("item").map(str::trim).filter(|i| !i.is_empty()).unwrap_or("chosen item");
        out.lines.push(format!("{} drops its {item}", s.combatants[target].name));
    }
    Ok(out)
}
