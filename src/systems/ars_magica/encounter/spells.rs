//! Casting in the fight: a normal spell at the caster's place in the order (Quickness
//! alone, see `initiative.rs`), one a round and taking the round; fast-cast spells in
//! answer to another action.

use super::*;
use crate::systems::ars_magica::rules::{injury, DamageBonus, R_SPELL_DAMAGE};

pub(super) static CAST_PARAMS: &[Param] = &[
    Param { name: "spell", help: "The spell, for the log.", kind: ParamKind::Text, required: false, default: None },
    Param {
        name: "fast",
        help: "Fast-cast, in answer to another action rather than at its place in the order.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "very-fast",
        help: "The storyguide lets this very quick magus fast-cast another spell this round. Interpretation: without \
               it, one fast-cast spell a round.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "target",
        help: "Whom the spell hurts, by name (with --damage).",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "damage",
        help: "The spell's damage as written, the X of +X: with a stress die it makes the Damage Total, against the target's Soak plus a stress die of its own (as `calc non-combat-damage`).",
        kind: ParamKind::Int { min: 0, max: 1_000 },
        required: false,
        default: None,
    },
    die_param("damage-die"),
    Param {
        name: "damage-botches",
        help: "with a typed --damage-die of 0: the botch dice at 0 (a botched damage die does no damage)",
        kind: ParamKind::Int { min: 0, max: 10 },
        required: false,
        default: None,
    },
    Param {
        name: "soak-die",
        help: "the target's stress die for Soak (line 94); Tome rolls it when left out. Interpretation: a botch on it changes nothing",
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
];

/// The dice of a damaging spell, rolled as it is cast unless typed: the damage die (one
/// botch die on a 0 Tome rolls) and the target's Soak die (no botch).
pub(super) fn prepare(facts: &mut BTreeMap<String, String>, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<()> {
    if act.inputs.opt_int("damage")?.is_none() {
        for p in ["target", "damage-die", "damage-botches", "soak-die"] {
            if act.inputs.raw(p).is_some() {
                return Err(Error::InvalidInput(format!("--{p} goes with --damage (the spell's +X)")));
            }
        }
        return Ok(());
    }
    if act.inputs.text("target").is_none() {
        return Err(Error::InvalidInput("--damage needs --target: whom the spell hurts".into()));
    }
    let (die, botches) = (act.inputs.opt_int("damage-die")?, act.inputs.opt_int("damage-botches")?);
    stress_fact_with_botches(facts, "damage-die", die, botches, 1, "damage-botches", rng)?;
    stress_fact(facts, "soak-die", act.inputs.opt_int("soak-die")?, 0, rng);
    Ok(())
}

/// Lines 91-97: a spell's damage is +X and a stress die, against the target's Soak
/// Total and a stress die; aiming does not add to it. Worked by the calculator of
/// `calc non-combat-damage` ([`injury`]), the wound then taken as any blow.
///
/// Interpretation: a spell on a group wounds its vanguard, one blow.
fn spell_damage(s: &mut State, act: &Act<'_>, out: &mut Outcome) -> Result<()> {
    let Some(bonus) = act.inputs.opt_int("damage")? else { return Ok(()) };
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let die = stress(act, "damage-die")?;
    let soak_die = act.fact_int("soak-die")?;
    let botch = die.die == 0 && die.botches.unwrap_or(0) > 0;
    let h = &s.combatants[target];
    let given = DamageBonus {
        bonus,
        terms: vec![
            Term::num("Spell damage (+X)", bonus, Some(R_SPELL_DAMAGE)),
            Term::text("Aiming", "does not add to a spell's damage", Some(R_SPELL_DAMAGE)),
        ],
    };
    let r = injury(given, die.die, botch, h.stat("soak"), soak_die, h.stat("size"))?;
    let name = h.name.clone();
    out.terms.extend(r.terms);
    if let Some(note) = zero_note(&die, "The damage die", "damage-botches") {
        out.lines.push(note);
    }
    if botch {
        out.lines.push(format!("The damage die botches: the spell does {name} no harm"));
        return Ok(());
    }
    out.lines.push(format!(
        "Damage Total {} (+{bonus}, die {}) against Soak {} + die {soak_die} = {}",
        r.damage_total,
        die.die,
        r.soak_total - soak_die,
        r.soak_total
    ));
    if r.damage <= 0 {
        out.lines.push(format!("{name}'s Soak stops it: no wound"));
        return Ok(());
    }
    out.lines.push(format!("{} past Soak → {} wound on {name}", r.damage, r.wound.as_str()));
    let (more, terms) = take_blows(&mut s.combatants[target], r.damage, &[1])?;
    out.lines.extend(more);
    out.terms.extend(terms.into_iter().map(|t| t.as_note()));
    Ok(())
}

pub(super) fn cast(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let acting = s.current() == Some(s.combatants[me].name.as_str());
    let c = &mut *s.combatants[me];
    require_able(c)?;
    let spell = act.inputs.text("spell").map_or_else(|| "a spell".to_string(), str::to_string);
    let term = |what: &str| vec![Term::text("Casting", what.to_string(), Some(R_MAGIC))];
    if act.inputs.flag("fast") {
        if c.value("spell-fast") > 0 && !act.inputs.flag("very-fast") {
            return Err(Error::InvalidInput(format!(
                "{} has fast-cast a spell this round already; a second is beyond most magi (Interpretation: only \
                 with --very-fast, when the storyguide allows it)",
                c.name
            )));
        }
        c.set("spell-fast", c.value("spell-fast") + 1);
        let mut out = Outcome {
            lines: vec![format!("{} fast-casts {spell}, in answer to another action", c.name)],
            terms: term("fast-cast: at no point in the order"),
        };
        spell_damage(s, act, &mut out)?;
        return Ok(out);
    }
    if !acting {
        return Err(Error::InvalidInput(format!(
            "{} casts a normal spell on its own turn (its place in the order, by Quickness alone); use --fast to answer another action",
            c.name
        )));
    }
    if c.value("spell-normal") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has cast a normal spell this round: one takes the whole round (it may still fast-cast)",
            c.name
        )));
    }
    if c.value("attacked") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has attacked this turn: a normal spell takes the whole round (it may still fast-cast)",
            c.name
        )));
    }
    c.set("spell-normal", 1);
    let mut out = Outcome {
        lines: vec![format!("{} casts {spell}: its action for the round (no attack until its next turn)", c.name)],
        terms: term("normal spell: one a round, taking the round"),
    };
    spell_damage(s, act, &mut out)?;
    Ok(out)
}
