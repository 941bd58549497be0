//! A group fighting as one combatant: more than one member, the vanguard's scores, and a
//! trained group's bonus (the leader's Leadership caps it) placed on Attack or Defense.

use super::*;

/// Whether it still fights as a group (more than one member, its vanguard standing).
pub(super) fn is_group(c: &Combatant) -> bool {
    c.stat("members") > 1 && c.value("split") == 0
}

/// A trained group's bonus, where it has one (a leader and a group it can coordinate).
pub(super) fn trained_bonus(c: &Combatant) -> Option<(i64, Vec<Term>)> {
    if !is_group(c) || c.stat("leadership") == 0 {
        return None;
    }
    let g = group_bonus_from_sum(c.stat("leadership"), c.stat("others-ability"), c.stat("members")).ok()?;
    g.coordinated.then_some((g.bonus, g.terms))
}

pub(super) static BONUS_PARAMS: &[Param] = &[Param {
    name: "on",
    help: "Where the trained group puts its bonus from now on.",
    kind: ParamKind::Choice { options: SIDE },
    required: true,
    default: None,
}];

pub(super) fn place_bonus(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let side = Side::parse(act.inputs.choice("on")?);
    if c.stat("members") < 2 {
        return Err(Error::InvalidInput(format!("{} is one fighter, not a group: it has no group bonus", c.name)));
    }
    let g = group_bonus_from_sum(c.stat("leadership"), c.stat("others-ability"), c.stat("members"))?;
    if c.stat("leadership") == 0 || !g.coordinated || c.value("split") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} fights as an untrained group (no leader who can coordinate it): it has no bonus to place",
            c.name
        )));
    }
    c.set("bonus-on", i64::from(side == Side::Defense));
    Ok(Outcome {
        lines: vec![format!("{} puts its group bonus of {:+} on {}", c.name, g.bonus, side.key())],
        terms: g.terms,
    })
}
