//! Cover (lines 245-249, 291-293): Partial Cover's +1 to +3 against ranged attacks, and
//! Total Cover, which no ranged attack can target and which also Conceals.

use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};
use crate::systems::mythcraft::rules::COVER_MAX;

const C_COVER: &str = "mythcraft/condition/cover";

pub(super) static PARAMS: &[Param] = &[
    Param {
        name: "bonus",
        help: "Partial Cover's bonus to AR and physical defenses against ranged attacks, +1 to +3 as the MC judges (0: none).",
        kind: ParamKind::Int { min: 0, max: COVER_MAX },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "total",
        help: "Total Cover: ranged attacks and line-of-sight effects cannot target it, and it is Concealed.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn cover(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let c = &mut s.combatants[act.who()];
    let bonus = act.inputs.int("bonus")?;
    let total = act.inputs.flag("total");
    if total && bonus > 0 {
        return Err(Error::InvalidInput("give either --bonus (Partial Cover) or --total, not both".into()));
    }
    c.set("cover", bonus);
    c.set("total-cover", i64::from(total));
    let line = match (total, bonus) {
        (true, _) => format!("{} has Total Cover: no ranged attack can target it, and it is Concealed", c.name),
        (false, 0) => format!("{} has no cover", c.name),
        (false, n) => format!("{} has Partial Cover: +{n} to AR and physical defenses against ranged attacks", c.name),
    };
    let term = if total {
        Term::text("Total Cover", "untargetable at range", Some(C_COVER))
    } else {
        Term::num("Partial Cover", bonus, Some(C_COVER))
    };
    Ok(Outcome { lines: vec![line], terms: vec![term] })
}
