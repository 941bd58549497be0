//! The system's own moves, as described actions, and the dice each rolls when made.

use super::*;

pub(super) static ACTIONS: &[Action] = &[
    Action {
        name: "attack",
        summary: "An attack from both sides' totals and stress dice: advantage, Damage Total, Soak, the wound (one blow per group member)",
        combatant: true,
        params: ATTACK_PARAMS,
        rule: Some(R_SEQUENCE),
    },
    Action {
        name: "exert",
        summary: "Spend a Fatigue level (each member's, in a group) for the combat Ability as a bonus to attack or defense",
        combatant: true,
        params: EXERT_PARAMS,
        rule: Some(R_EXERTION),
    },
    Action {
        name: "fatigue-roll",
        summary: "A Fatigue roll for a brief strenuous act: Stamina − Encumbrance + stress die against 6",
        combatant: true,
        params: FATIGUE_PARAMS,
        rule: Some(R_SHORT_TERM_FATIGUE),
    },
    Action {
        name: "disengage",
        summary: "Try to leave the fight: a Defense Total (+3 per earlier try) against each recent attacker's Attack Total",
        combatant: true,
        params: DISENGAGE_PARAMS,
        rule: Some(R_DISENGAGING),
    },
    Action {
        name: "stunt",
        summary: "A trip, disarm or grab: Attack against Defense, working when the advantage reaches the Sample Advantages table's",
        combatant: true,
        params: STUNT_PARAMS,
        rule: Some(R_SPECIAL_EFFECTS),
    },
    Action {
        name: "scuffle",
        summary: "A blow to knock out: the exchange of an attack, read off the Scuffle Effects table (Short-Term Fatigue and a lesser wound)",
        combatant: true,
        params: nonlethal::SCUFFLE_PARAMS,
        rule: Some(R_NON_LETHAL),
    },
    Action {
        name: "grapple",
        summary: "Take hold of someone, tighten the grip, or (held) break free: the attack's advantage adds to or takes from the Grapple Strength",
        combatant: true,
        params: nonlethal::GRAPPLE_PARAMS,
        rule: Some(R_GRAPPLING),
    },
    Action {
        name: "defend",
        summary: "Guard other characters as their defenders (shield grogs): they are hurt only through a botched Defense",
        combatant: true,
        params: DEFEND_PARAMS,
        rule: Some(R_DEFENDER),
    },
    Action {
        name: "cast",
        summary: "Cast a spell: a normal one on its turn, one a round and taking the round; fast-cast in answer to another action",
        combatant: true,
        params: CAST_PARAMS,
        rule: Some(R_MAGIC),
    },
    Action {
        name: "overexert",
        summary: "A Recovery roll for doing more than the wounds allow (wounds brought in): it can hold or worsen the worst wound",
        combatant: true,
        params: OVEREXERT_PARAMS,
        rule: Some(R_ACTIVITIES),
    },
    Action {
        name: "group-bonus",
        summary: "A trained group puts its bonus on Attack or on Defense (it may switch each round)",
        combatant: true,
        params: BONUS_PARAMS,
        rule: Some(R_TRAINED),
    },
];

pub(super) fn prepare(book: &dyn Rulebook, s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
    let mut facts = BTreeMap::new();
    match act.action.name {
        "attack" => attack::prepare_exchange(&mut facts, act, rng)?,
        "stunt" => {
            stunts::prepare(book, &mut facts, act)?;
            attack::prepare_exchange(&mut facts, act, rng)?;
        }
        "scuffle" => {
            nonlethal::prepare_scuffle(book, &mut facts, act)?;
            attack::prepare_exchange(&mut facts, act, rng)?;
        }
        "grapple" if !act.inputs.flag("release") => attack::prepare_exchange(&mut facts, act, rng)?,
        "cast" => spells::prepare(&mut facts, act, rng)?,
        "fatigue-roll" => stress_fact(&mut facts, "die", act.inputs.opt_int("die")?, 1, rng),
        // A Recovery roll has no botch dice (as on the recovery track).
        "overexert" => stress_fact(&mut facts, "die", act.inputs.opt_int("die")?, 0, rng),
        "disengage" => {
            let botch_dice = u32::try_from(act.inputs.int("botch-dice")?).unwrap_or(1);
            let typed = act.inputs.opt_int("die")?;
            let botches = act.inputs.opt_int("botches")?;
            stress_fact_with_botches(&mut facts, "die", typed, botches, botch_dice, "botches", rng)?;
            for p in opponents(act.inputs.text("against"))? {
                let who = &s.combatants[s.find(&p.name)?].name;
                let param = format!("against {who}=0/N");
                stress_fact_with_botches(&mut facts, &format!("die:{who}"), p.die, p.botches, botch_dice, &param, rng)?;
            }
        }
        _ => {}
    }
    Ok(facts)
}

pub(super) fn act(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started(act.action.name)?;
    match act.action.name {
        "attack" => attack(s, act),
        "exert" => exert(&mut s.combatants[act.who()], act),
        "fatigue-roll" => roll_fatigue(&mut s.combatants[act.who()], act),
        "disengage" => disengage(s, act),
        "group-bonus" => place_bonus(&mut s.combatants[act.who()], act),
        "stunt" => stunts::stunt(s, act),
        "scuffle" => nonlethal::scuffle(s, act),
        "grapple" => nonlethal::grapple(s, act),
        "defend" => defend(s, act),
        "cast" => cast(s, act),
        "overexert" => overexert(&mut s.combatants[act.who()], act),
        other => Err(Error::InvalidInput(format!("Ars Magica has no {other} action"))),
    }
}
