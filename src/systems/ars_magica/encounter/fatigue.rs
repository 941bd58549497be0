//! A Fatigue roll for a brief strenuous act.

use super::*;

pub(super) static FATIGUE_PARAMS: &[Param] = &[
    die_param("die"),
    Param {
        name: "botch",
        help: "A typed 0 was a botch (its botch dice showed a 0): two levels lost.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn roll_fatigue(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    if c.value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is dead", c.name)));
    }
    let (die, note) = die_note(act, "die", &c.name)?;
    let botched = act.inputs.flag("botch") || act.fact("die-botches").is_some_and(|n| n != "0");
    if act.inputs.flag("botch") && die != 0 {
        return Err(Error::InvalidInput(format!("only a 0 on the stress die can botch, not {die}")));
    }
    let p = penalty_of(c).map_or(0, |p| p.total);
    let r = fatigue_roll(c.stat("stamina"), c.stat("encumbrance"), die, p, botched)?;
    // A group's members still standing lose the levels together; those down are spared.
    spend_fatigue(c, r.levels_lost);
    let mut lines = vec![match (r.passed, botched) {
        (true, _) => format!("{}'s Fatigue roll: {} against 6, no level lost", c.name, r.total),
        (false, true) => format!("{}'s Fatigue roll botches: two Short-Term levels lost", c.name),
        (false, false) => format!("{}'s Fatigue roll: {} against 6, one Short-Term level lost", c.name, r.total),
    }];
    lines.extend(note);
    if r.levels_lost > 0 {
        lines.push(format!("{} is now {}", c.name, fatigue_level(c).name()));
    }
    Ok(Outcome { lines, terms: r.terms })
}
