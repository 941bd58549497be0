//! Exertion: a Fatigue level (each member's, in a group) for the combat Ability as a bonus.

use super::*;

pub(super) static EXERT_PARAMS: &[Param] = &[Param {
    name: "on",
    help: "Where the bonus goes: the next attack, or every defense until the next turn.",
    kind: ParamKind::Choice { options: SIDE },
    required: true,
    default: None,
}];

pub(super) fn exert(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    require_able(c)?;
    let side = Side::parse(act.inputs.choice("on")?);
    let key = format!("exert-{}", side.key());
    if c.value("exerted") != 0 {
        return Err(Error::InvalidInput(format!(
            "{} has already exerted itself this round: exertion is for attack or defense, once, until its next turn",
            c.name
        )));
    }
    let members = if is_group(c) { c.stat("members") } else { 1 };
    let e = exertion(c.stat("ability"), members)?;
    let short = (c.value("fatigue-short") + 1).min(FATIGUE_LOST.1);
    c.set("fatigue-short", short);
    c.set(&key, e.bonus);
    c.set("exerted", 1);
    let lasts = match side {
        Side::Attack => "on its next attack",
        Side::Defense => "on every defense until its next turn",
    };
    let mut lines = vec![format!("{} exerts itself: {:+} {lasts}", c.name, e.bonus)];
    lines.push(if members > 1 {
        format!("Each of its {members} members spends a Fatigue level: now {}", fatigue_level(c).name())
    } else {
        format!("It spends a Fatigue level: now {}", fatigue_level(c).name())
    });
    Ok(Outcome { lines, terms: e.terms })
}
