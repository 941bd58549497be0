//! Attacks: a spell-boosted attack and a Shaping attack on one target, one attack per
//! character per turn, their damage marked as wounds.

use super::defense::defense_of;
use super::minions::creator;
use super::wounds::{mark_damage, DAMAGE_TYPES};
use crate::encounters::{Act, Action, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::{
    boosted_hit, shaping_attack, Aspect, DamageType, Protection, R_ATTACKS, R_SHAPING_ATTACKS,
};

const ASPECT_PARAM: Param = Param {
    name: "aspect",
    help: "The aspect of the boosting or Shaped spell: sensory, covert or vulgar.",
    kind: ParamKind::Choice { options: &["sensory", "covert", "vulgar"] },
    required: true,
    default: None,
};

const ATTACKER_PARAM: Param = Param {
    name: "attacker",
    help: "Who attacks: the one acting (the default) or one of its minions. One attack a turn, whatever is sustained.",
    kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
    required: false,
    default: None,
};

const UNSHIELDED_PARAM: Param = Param {
    name: "unshielded",
    help: "The target's defensive spell does not cover this attack (a shield against bullets meets claws). Interpretation: where it does and the target wears armour too, the armour takes the automatic points first.",
    kind: ParamKind::Flag,
    required: false,
    default: None,
};

static BOOSTED_PARAMS: &[Param] = &[
    ASPECT_PARAM,
    Param {
        name: "rolled",
        help: "Successes the attack dice rolled (after the target's Defense and any armour penalty to the pool).",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: true,
        default: None,
    },
    Param {
        name: "cancelled",
        help: "Successes a supernatural power of the target's cancels outright (the guaranteed ones go first). Armour and a defensive spell are the target's own, applied by Tome.",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "type",
        help: "What the weapon deals by nature: bashing or lethal.",
        kind: ParamKind::Choice { options: &["bashing", "lethal"] },
        required: false,
        default: Some("lethal"),
    },
    Param {
        name: "factor",
        help: "A damage type the spell grants as a damage factor (aggravated): only the first 2 (covert) or 3 (vulgar) successes carry it.",
        kind: ParamKind::Choice { options: &DAMAGE_TYPES },
        required: false,
        default: None,
    },
    UNSHIELDED_PARAM,
    ATTACKER_PARAM,
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
        help: "Automatic damage the target's defenses can absorb. Not given: its armour plus its defensive spell's base Potency (Interpretation: the two add).",
        kind: ParamKind::Int { min: 0, max: 20 },
        required: false,
        default: None,
    },
    Param {
        name: "type",
        help: "The damage's type (bashing, lethal or aggravated).",
        kind: ParamKind::Choice { options: &DAMAGE_TYPES },
        required: false,
        default: Some("lethal"),
    },
    UNSHIELDED_PARAM,
    ATTACKER_PARAM,
];

pub(super) const BOOSTED_ATTACK: Action = Action {
    name: "boosted-attack",
    summary: "A spell-boosted attack on NAME: the aspect's guaranteed successes, the damage factor on those only, the target's armour and defensive spell against the points above the roll",
    combatant: true,
    params: BOOSTED_PARAMS,
    rule: Some(R_ATTACKS),
};

pub(super) const SHAPING_ATTACK: Action = Action {
    name: "shaping-attack",
    summary: "A Shaping attack on NAME: Shaped Potency against Defense + Wits, never below the aspect's minimum",
    combatant: true,
    params: SHAPING_PARAMS,
    rule: Some(R_SHAPING_ATTACKS),
};

/// Charges the attack to the one acting (a minion's to its creator), refusing a second
/// in the same turn. Returns the attacker's name.
fn charge_attack(s: &mut State, act: &Act<'_>) -> Result<String> {
    let acting = s.current().map(str::to_string).unwrap_or_default();
    let who = match act.inputs.text("attacker") {
        Some(n) => s.find(n)?,
        None => s.find(&acting)?,
    };
    let name = s.combatants[who].name.clone();
    if who == act.who() {
        return Err(Error::InvalidInput(format!(
            "{name} would be attacking itself: name who attacks with --attacker (the one acting, or a minion of theirs)"
        )));
    }
    let charged = if name == acting {
        who
    } else if creator(&s.combatants[who]) == Some(acting.as_str()) {
        s.find(&acting)?
    } else if let Some(maker) = creator(&s.combatants[who]) {
        return Err(Error::InvalidInput(format!(
            "it is {acting}'s turn: {name} is {maker}'s minion and attacks in {maker}'s turn"
        )));
    } else {
        return Err(Error::InvalidInput(format!("it is {acting}'s turn: {name} attacks in its own turn")));
    };
    let c = &mut s.combatants[charged];
    if c.value("attacked") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has already attacked this turn: one attack a turn, whatever spells are sustained",
            c.name
        )));
    }
    c.set("attacked", 1);
    Ok(name)
}

pub(super) fn boosted(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started(act.action.name)?;
    let aspect = Aspect::parse(act.inputs.choice("aspect")?.unwrap_or("covert"))?;
    let weapon = DamageType::parse(act.inputs.choice("type")?.unwrap_or("lethal"))?;
    let factor = act.inputs.choice("factor")?.map(DamageType::parse).transpose()?;
    let target = act.who();
    let c = &s.combatants[target];
    let spell = defense_of(c).filter(|_| !act.inputs.flag("unshielded")).map_or(0, |(_, p)| p);
    let protection = Protection { armor: c.stat("armor"), spell_potency: spell };
    let h = boosted_hit(aspect, act.inputs.int("rolled")?, act.inputs.int("cancelled")?, weapon, factor, protection)?;
    let attacker = charge_attack(s, act)?;
    let c = &mut s.combatants[target];
    let mut out = Outcome { lines: Vec::new(), terms: h.terms.clone() };
    out.lines.push(format!(
        "{attacker}'s {} boosted attack on {}: {} successes ({} automatic); {} aggravated, {} lethal, {} bashing get through",
        aspect.name(),
        c.name,
        h.attack.successes,
        h.attack.automatic_left,
        h.aggravated,
        h.lethal,
        h.bashing
    ));
    if h.armor_cancelled > 0 {
        out.lines.push(format!("{}'s armour takes {} automatic point(s)", c.name, h.armor_cancelled));
    }
    if let Some(d) = &h.defense {
        out.lines.push(format!(
            "{}'s defensive spell (Potency {spell}) cancels {} automatic, downgrades {} to bashing and cancels {} bashing",
            c.name, d.automatic_cancelled, d.downgraded, d.bashing_cancelled
        ));
    }
    out.lines.extend(h.warnings.iter().map(|w| format!("Note: {w}")));
    // The worst wounds first, so a full track leaves the lightest unmarked.
    for (n, kind) in [(h.aggravated, "aggravated"), (h.lethal, "lethal"), (h.bashing, "bashing")] {
        if n > 0 {
            out.lines.extend(mark_damage(c, n, kind).lines);
        }
    }
    if h.total() == 0 {
        out.lines.push(format!("{} takes no damage", c.name));
    }
    Ok(out)
}

pub(super) fn shaping(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started(act.action.name)?;
    let aspect = Aspect::parse(act.inputs.choice("aspect")?.unwrap_or("covert"))?;
    let kind = act.inputs.choice("type")?.unwrap_or("lethal");
    let target = act.who();
    let c = &s.combatants[target];
    let spell_base = defense_of(c).filter(|_| !act.inputs.flag("unshielded")).map_or(0, |(a, _)| a.default_potency());
    let (protection, whose) = match act.inputs.opt_int("protection")? {
        Some(p) => (p, "typed"),
        // Automatic damage never passes 3, so holding the sum to the calculator's 20 changes nothing.
        None => (
            (c.stat("armor") + spell_base).min(20),
            "the target's armour + defensive spell's base Potency (Interpretation: they add)",
        ),
    };
    let a = shaping_attack(aspect, act.inputs.int("potency")?, act.inputs.int("defense-successes")?, protection)?;
    let attacker = charge_attack(s, act)?;
    let c = &mut s.combatants[target];
    let mut out = Outcome { lines: Vec::new(), terms: a.terms };
    out.lines.push(format!(
        "{attacker}'s {} Shaping attack on {}: {} damage ({} net, {} automatic, {} cancelled; protection {protection}, {whose})",
        aspect.name(),
        c.name,
        a.damage,
        a.net_successes,
        a.automatic,
        a.automatic_cancelled
    ));
    out.lines.extend(a.warnings.into_iter().map(|w| format!("Note: {w}")));
    out.lines.extend(mark_damage(c, a.damage, kind).lines);
    Ok(out)
}
