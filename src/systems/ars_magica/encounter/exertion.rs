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
    // Lines 380-382: every member spends a level, the bonus is the vanguard's Ability.
    let members = if is_group(c) { i64::try_from(standing(c).len()).unwrap_or(1) } else { 1 };
    let mut e = exertion(c.stat("ability"), members)?;
    let grouped = is_group(c);
    let spared = spend_fatigue(c, 1);
    let spared = if grouped { spared } else { Vec::new() };
    c.set(&key, e.bonus);
    c.set("exerted", 1);
    let lasts = match side {
        Side::Attack => "on its next attack",
        Side::Defense => "on every defense until its next turn",
    };
    let mut lines = vec![format!("{} exerts itself: {:+} {lasts}", c.name, e.bonus)];
    lines.push(if members > 1 {
        format!("Each of its {members} members standing spends a Fatigue level: now {}", fatigue_level(c).name())
    } else {
        format!("It spends a Fatigue level: now {}", fatigue_level(c).name())
    });
    if !spared.is_empty() {
        let which: Vec<String> = spared.iter().map(|m| format!("member {m}")).collect();
        lines.push(format!("{} down: no Fatigue spent ({FALLEN_FATIGUE})", which.join(", ")));
        e.terms.push(Term::text(
            "Members down",
            format!("{}: none spent ({FALLEN_FATIGUE})", which.join(", ")),
            Some(R_EXERTION),
        ));
    }
    Ok(Outcome { lines, terms: e.terms })
}
