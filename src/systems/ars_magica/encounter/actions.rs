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
        name: "group-bonus",
        summary: "A trained group puts its bonus on Attack or on Defense (it may switch each round)",
        combatant: true,
        params: BONUS_PARAMS,
        rule: Some(R_TRAINED),
    },
];

pub(super) fn prepare(
    _book: &dyn Rulebook,
    s: &State,
    act: &Act<'_>,
    rng: &mut dyn rand::RngCore,
) -> Result<BTreeMap<String, String>> {
    let mut facts = BTreeMap::new();
    match act.action.name {
        "attack" => {
            stress_fact(&mut facts, "attack-die", act.inputs.opt_int("attack-die")?, rng);
            stress_fact(&mut facts, "defense-die", act.inputs.opt_int("defense-die")?, rng);
        }
        "fatigue-roll" => stress_fact(&mut facts, "die", act.inputs.opt_int("die")?, rng),
        "disengage" => {
            stress_fact(&mut facts, "die", act.inputs.opt_int("die")?, rng);
            for (name, die) in opponents(act.inputs.text("against"))? {
                let who = &s.combatants[s.find(&name)?].name;
                stress_fact(&mut facts, &format!("die:{who}"), die, rng);
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
        other => Err(Error::InvalidInput(format!("Ars Magica has no {other} action"))),
    }
}
