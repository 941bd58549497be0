//! Moving (line 52: 1 AP moves up to the creature's speed, from the `movement`
//! calculator) and putting out Burning (line 277, from the `burning` calculator).

use super::conditions::{effects, gain_condition, lose_condition};
use super::spend::pay;
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};
use crate::systems::mythcraft::rules::{burning, movement, Douse, PerMode, DISTANCE_MAX};

const C_BURNING: &str = "mythcraft/condition/burning";

const fn feet(name: &'static str, help: &'static str) -> Param {
    Param { name, help, kind: ParamKind::Int { min: 0, max: DISTANCE_MAX }, required: false, default: Some("0") }
}

pub(super) static MOVE_PARAMS: &[Param] = &[
    feet("walk", "Feet walked (or run)."),
    feet("climb", "Feet climbed: without a climb speed each foot costs 2 ft of the move."),
    feet("swim", "Feet swum: without a swim speed each foot costs 2 ft of the move."),
];

pub(super) static PUT_OUT_PARAMS: &[Param] = &[Param {
    name: "how",
    help: "roll: it falls Prone and rolls in dirt or mud (2 creature actions; interpretation: 2 AP); water: it is doused (no AP of its own).",
    kind: ParamKind::Choice { options: &["roll", "water"] },
    required: false,
    default: Some("roll"),
}];

/// A 1 AP move (line 52): the feet moved must fit the combatant's speed as the fight
/// shows it (its conditions and grapples counted), climbing and swimming at double cost
/// (line 60). Interpretation: the fight keeps one speed, walking; a climb, swim, fly or
/// burrow speed is the `movement` calculator's to weigh.
pub(super) fn move_up(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let c = &s.combatants[who];
    let speed = super::stats::speed(c);
    if speed == 0 {
        let why = effects(c).speed_by.iter().map(|(n, ..)| n.clone()).collect::<Vec<_>>().join(", ");
        let why = if why.is_empty() { "its speed is 0".to_string() } else { format!("its speed is 0 ({why})") };
        return Err(Error::InvalidInput(format!("{} cannot move: {why}", c.name)));
    }
    let moved = PerMode {
        walk: act.inputs.int("walk")?,
        climb: act.inputs.int("climb")?,
        swim: act.inputs.int("swim")?,
        ..PerMode::default()
    };
    if moved == PerMode::default() {
        return Err(Error::InvalidInput("say how far it moves: --walk, --climb or --swim, in feet".into()));
    }
    let check = movement(PerMode { walk: speed, ..PerMode::default() }, moved)?;
    if !check.fits {
        return Err(Error::InvalidInput(format!(
            "{} cannot move so far for 1 AP: {}",
            c.name,
            check.problems.join("; ")
        )));
    }
    let name = c.name.clone();
    let paid = pay(s, who, 1, "moving")?;
    let mut out = Outcome::line(format!("{name} moves {} ft of its {speed} ft (1 AP)", check.used_ft));
    out.terms.extend(check.terms);
    out.lines.extend(paid.lines);
    out.terms.extend(paid.terms);
    Ok(out)
}

/// Putting out Burning (line 277): doused in water, or Prone and rolling in dirt or mud
/// for 2 creature actions (2 AP, the calculator's interpretation); either ends it.
pub(super) fn put_out(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let name = s.combatants[who].name.clone();
    if !s.combatants[who].has(C_BURNING) {
        return Err(Error::InvalidInput(format!("{name} is not Burning")));
    }
    let douse = if act.inputs.choice("how")? == Some("water") { Douse::Water } else { Douse::Roll };
    let b = burning(0, douse)?;
    let mut out = Outcome::line(match douse {
        Douse::Water => format!("{name} is doused in water: no longer Burning"),
        _ => format!("{name} drops Prone and rolls in the dirt: no longer Burning"),
    });
    if b.actions > 0 {
        let paid = pay(s, who, b.actions, "rolling out the flames")?;
        out.lines.extend(paid.lines);
        out.terms.extend(paid.terms);
    }
    let c = &mut s.combatants[who];
    if b.prone && gain_condition(c, ("mythcraft/condition/prone", "Prone")) {
        out.lines.push(format!("{name} is Prone"));
    }
    lose_condition(c, C_BURNING);
    // The calculator's first term is the fire damage of a turn, which putting out is not.
    out.terms.extend(b.terms.into_iter().skip(1).map(Term::as_note));
    Ok(out)
}
