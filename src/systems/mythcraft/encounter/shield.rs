//! Shield HP granted during the fight (line 106): they take damage before HP, and of
//! several sources only the largest counts.

use crate::encounters::{Act, Outcome, State};
use crate::error::Result;
use crate::rules::{Param, ParamKind};
use crate::systems::mythcraft::rules::{shield_gain, AMOUNT_MAX};

pub(super) static PARAMS: &[Param] = &[Param {
    name: "amount",
    help: "The Shield HP the new source gives; the larger of it and those held is kept.",
    kind: ParamKind::Int { min: 1, max: AMOUNT_MAX },
    required: true,
    default: None,
}];

pub(super) fn shield(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let c = &mut s.combatants[act.who()];
    let (kept, term) = shield_gain(c.value("shield-hp"), act.inputs.int("amount")?)?;
    let line = if kept > c.value("shield-hp") {
        format!("{} now has {kept} Shield HP", c.name)
    } else {
        format!("{} keeps its {kept} Shield HP: sources never add up, the larger counts", c.name)
    };
    c.set("shield-hp", kept);
    Ok(Outcome { lines: vec![line], terms: vec![term] })
}
