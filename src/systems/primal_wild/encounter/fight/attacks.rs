//! Attacks: a spell-boosted attack and a Shaping attack on one target, one attack per
//! character per turn, their damage marked as wounds.

use std::collections::BTreeMap;

use super::defense::{defense_of, immunity_of, BREACHED};
use super::minions::creator;
use super::wounds::{down, mark_damage, DAMAGE_TYPES};
use crate::encounters::{Act, Action, Combatant, Mark, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::{
    boosted_hit, durable_type, immunity_against_shaping, shaping_attack, shaping_protection, Aspect, DamageType,
    Immunity, Protection, R_ATTACKS, R_SHAPING_ATTACKS,
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

const WILLPOWER_PARAM: Param = Param {
    name: "willpower",
    help: "The attacker spends a Willpower point on the attack: a damage immunity of the target's is armour to it, and a wound that gets through wills past it until it is recast (lines 201-203).",
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
    WILLPOWER_PARAM,
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
        help: "Automatic damage the target's defenses can absorb. Not given: its armour plus its defensive spell's base Potency (Interpretation: the two add), or, with no defensive spell, the sensory boost Mage Sight gives a conscious, mobile mage (line 199).",
        kind: ParamKind::Int { min: 0, max: 20 },
        required: false,
        default: None,
    },
    Param {
        name: "immobile",
        help: "The target cannot move (bound, paralysed): no Mage Sight boost for it (line 199).",
        kind: ParamKind::Flag,
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
    WILLPOWER_PARAM,
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

/// Who attacks: `--attacker`, or the one acting.
fn attacker_name(s: &State, act: &Act<'_>) -> Result<String> {
    let acting = s.current().map(str::to_string).unwrap_or_default();
    let who = match act.inputs.text("attacker") {
        Some(n) => s.find(n)?,
        None => s.find(&acting)?,
    };
    Ok(s.combatants[who].name.clone())
}

/// Charges the attack to the one acting (a minion's to its creator), refusing a second
/// in the same turn. Returns the attacker's name.
fn charge_attack(s: &mut State, act: &Act<'_>) -> Result<String> {
    let acting = s.current().map(str::to_string).unwrap_or_default();
    let name = attacker_name(s, act)?;
    let who = s.find(&name)?;
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

/// How the target's damage immunity stands against this attack by `attacker`: none
/// (or one its defensive spell does not cover), sealed (nothing gets through), willed
/// past already (an ordinary defensive spell), met with Willpower (armour), or holding.
fn immunity_against(s: &State, act: &Act<'_>, attacker: &str) -> Immunity {
    let c = &s.combatants[act.who()];
    match immunity_of(c) {
        _ if act.inputs.flag("unshielded") => Immunity::None,
        0 => Immunity::None,
        2 => Immunity::Holds,
        _ if c.marks(BREACHED).any(|m| m.name == attacker) => Immunity::None,
        _ if act.inputs.flag("willpower") => Immunity::Willpower,
        _ => Immunity::Holds,
    }
}

/// What the immunity did, in words, and the breach recorded.
fn after_immunity(c: &mut Combatant, attacker: &str, immunity: Immunity, breached: Option<bool>, out: &mut Outcome) {
    match (immunity, breached) {
        (Immunity::Holds, _) if immunity_of(c) == 2 => out.lines.push(format!(
            "{}'s immunity also keeps it from acting on others: nothing harms it, Willpower neither (line 203)",
            c.name
        )),
        (Immunity::Holds, _) => out.lines.push(format!(
            "{}'s immunity stops the attack (an important attacker spending Willpower, --willpower, treats it as armour)",
            c.name
        )),
        (Immunity::Willpower, Some(true)) => {
            c.marks.push(Mark {
                list: BREACHED.into(),
                name: attacker.into(),
                id: None,
                flags: Vec::new(),
                numbers: BTreeMap::new(),
            });
            out.lines.push(format!(
                "{attacker} has willed its way past {}'s immunity: to it an ordinary defensive spell until it is recast",
                c.name
            ));
        }
        (Immunity::Willpower, _) => {
            out.lines.push(format!("{}'s immunity holds as armour against {attacker}'s Willpower", c.name))
        }
        _ => {}
    }
}

pub(super) fn boosted(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started(act.action.name)?;
    let aspect = Aspect::parse(act.inputs.choice("aspect")?.unwrap_or("covert"))?;
    let weapon = DamageType::parse(act.inputs.choice("type")?.unwrap_or("lethal"))?;
    let factor = act.inputs.choice("factor")?.map(DamageType::parse).transpose()?;
    let target = act.who();
    let c = &s.combatants[target];
    let spell = defense_of(c).filter(|_| !act.inputs.flag("unshielded")).map_or(0, |(_, p)| p);
    let attacker = attacker_name(s, act)?;
    let immunity = immunity_against(s, act, &attacker);
    let c = &s.combatants[target];
    let protection =
        Protection { armor: c.stat("armor"), spell_potency: spell, durable: c.stat("durable") > 0, immunity };
    let h = boosted_hit(aspect, act.inputs.int("rolled")?, act.inputs.int("cancelled")?, weapon, factor, protection)?;
    charge_attack(s, act)?;
    let c = &mut s.combatants[target];
    let mut out = Outcome { lines: Vec::new(), terms: h.terms.clone() };
    out.lines.push(format!(
        "{attacker}'s {} boosted attack on {}: {} ({} automatic); {} aggravated, {} lethal, {} bashing get through",
        aspect.name(),
        c.name,
        crate::rules::plural(h.attack.successes, "success"),
        h.attack.automatic_left,
        h.aggravated,
        h.lethal,
        h.bashing
    ));
    if h.armor_cancelled > 0 {
        out.lines.push(format!("{}'s armour takes {} automatic point(s)", c.name, h.armor_cancelled));
    }
    if let Some(d) = h.defense.as_ref().filter(|_| immunity != Immunity::Holds) {
        out.lines.push(format!(
            "{}'s defensive spell (Potency {spell}) cancels {} automatic, downgrades {} to bashing and cancels {} bashing",
            c.name, d.automatic_cancelled, d.downgraded, d.bashing_cancelled
        ));
    }
    if weapon == DamageType::Lethal && c.stat("durable") > 0 {
        out.lines.push(if aspect == Aspect::Vulgar {
            format!("{} is supernaturally durable, but a vulgar boost deals lethal (line 162)", c.name)
        } else {
            format!("{} is supernaturally durable: the {} boost's lethal is bashing (line 162)", c.name, aspect.name())
        });
    }
    after_immunity(c, &attacker, immunity, h.defense.as_ref().and_then(|d| d.immunity_breached), &mut out);
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

/// Whether Mage Sight boosts the target against a Shaping attack (line 199): a mage (no
/// ephemeral being, no minion), conscious (not down) and mobile; only for an attack made
/// since Tome reads it (the `mage-sight` fact), so one stored before replays as it was.
fn mage_sight(c: &Combatant, act: &Act<'_>) -> bool {
    act.fact("mage-sight").is_some()
        && c.stat("mage") > 0
        && !super::beings::ephemeral(c)
        && creator(c).is_none()
        && down(c).is_none()
        && !act.inputs.flag("immobile")
}

pub(super) fn shaping(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started(act.action.name)?;
    let aspect = Aspect::parse(act.inputs.choice("aspect")?.unwrap_or("covert"))?;
    let target = act.who();
    let c = &s.combatants[target];
    let (kind, durability) =
        durable_type(aspect, DamageType::parse(act.inputs.choice("type")?.unwrap_or("lethal"))?, c.stat("durable") > 0);
    let spell_base = defense_of(c).filter(|_| !act.inputs.flag("unshielded")).map_or(0, |(a, _)| a.default_potency());
    let (protection, protection_terms, whose) = match act.inputs.opt_int("protection")? {
        Some(p) => (p, Vec::new(), "typed"),
        None => {
            let sight = spell_base == 0 && mage_sight(c, act);
            let (p, terms) = shaping_protection(c.stat("armor"), spell_base, sight);
            let whose = if sight {
                "the target's armour + Mage Sight's sensory boost, a conscious and mobile mage's (line 199; Interpretation: they add)"
            } else {
                "the target's armour + defensive spell's base Potency (Interpretation: they add)"
            };
            (p, terms, whose)
        }
    };
    let attacker = attacker_name(s, act)?;
    let immunity = immunity_against(s, act, &attacker);
    let a = shaping_attack(aspect, act.inputs.int("potency")?, act.inputs.int("defense-successes")?, protection)?;
    let (damage, breached, immunity_term) = immunity_against_shaping(a.damage, immunity);
    charge_attack(s, act)?;
    let c = &mut s.combatants[target];
    let mut out = Outcome { lines: Vec::new(), terms: protection_terms.into_iter().map(|t| t.as_note()).collect() };
    out.terms.extend(a.terms);
    out.terms.extend(immunity_term);
    out.terms.extend(durability.clone());
    out.lines.push(format!(
        "{attacker}'s {} Shaping attack on {}: {} damage ({} net, {} automatic, {} cancelled; protection {protection}, {whose})",
        aspect.name(),
        c.name,
        a.damage,
        a.net_successes,
        a.automatic,
        a.automatic_cancelled
    ));
    if durability.is_some() {
        out.lines.push(format!(
            "{} is supernaturally durable: a {} spell deals it {} (Interpretation: a Shaping attack as a boost of its aspect, lines 162, 175)",
            c.name,
            aspect.name(),
            kind_word(kind)
        ));
    }
    after_immunity(c, &attacker, immunity, breached, &mut out);
    out.lines.extend(a.warnings.into_iter().map(|w| format!("Note: {w}")));
    out.lines.extend(mark_damage(c, damage, kind_word(kind)).lines);
    Ok(out)
}

fn kind_word(kind: DamageType) -> &'static str {
    match kind {
        DamageType::Bashing => "bashing",
        DamageType::Lethal => "lethal",
        DamageType::Aggravated => "aggravated",
    }
}
