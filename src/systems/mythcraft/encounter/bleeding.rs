//! Ending Bleeding (line 261): magical healing, or an INT (Medicine) check reaching the
//! Bleeding damage + 10, tried for 2 creature actions by the bleeder or an ally within
//! 5 ft. (Catching your Breath ends it too: see `conditions::gained`.)

use super::amounts::{bleeding_amount, Amount};
use super::conditions::{lose_condition, C_BLEEDING};
use super::spend::pay;
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};
use crate::systems::mythcraft::rules::{bleeding, AMOUNT_MAX, BLEEDING_MAX, ROLL_MAX, ROLL_MIN};

/// Trying the Medicine check costs 2 creature actions.
const MEDICINE_ACTIONS: i64 = 2;

pub(super) static MEDICINE_PARAMS: &[Param] = &[
    Param {
        name: "patient",
        help: "Who is Bleeding (within 5 ft); the one trying when left out.",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
        required: false,
        default: None,
    },
    Param {
        name: "check",
        help: "The INT (Medicine) check total, without Shaken's −2 (Tome adds it).",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: true,
        default: None,
    },
    Param {
        name: "damage",
        help: "The Bleeding damage, when the condition carries no set amount (Interpretation: for a die, what it last dealt); the Difficulty is it + 10.",
        kind: ParamKind::Int { min: 0, max: BLEEDING_MAX },
        required: false,
        default: None,
    },
];

pub(super) static MAGIC_HEAL_PARAMS: &[Param] = &[Param {
    name: "amount",
    help: "The HP the magic heals; any amount ends Bleeding.",
    kind: ParamKind::Int { min: 1, max: AMOUNT_MAX },
    required: true,
    default: None,
}];

pub(super) fn medicine(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let patient = match act.inputs.text("patient").map(str::trim).filter(|p| !p.is_empty()) {
        Some(p) => s.find(p)?,
        None => act.who(),
    };
    if !s.combatants[patient].has(C_BLEEDING) {
        return Err(Error::InvalidInput(format!("{} is not Bleeding", s.combatants[patient].name)));
    }
    let typed = act.inputs.opt_int("damage")?;
    let mut warning = None;
    let damage = match (bleeding_amount(&s.combatants[patient]), typed) {
        (Some(Amount::Set(n)), Some(t)) if t != n => {
            warning = Some(format!("Warning: {t} typed, but the Bleeding carries {n}: the Difficulty is from {n}"));
            n
        }
        (Some(Amount::Set(n)), _) => n,
        (_, Some(t)) => t,
        (Some(Amount::Dice(d)), None) => {
            return Err(Error::InvalidInput(format!(
                "{}'s Bleeding is a roll of {d}: give the damage it last dealt (--damage)",
                s.combatants[patient].name
            )))
        }
        (None, None) => {
            return Err(Error::InvalidInput(format!(
                "{}'s Bleeding carries no amount: give its damage (--damage), or add it as Bleeding (3)",
                s.combatants[patient].name
            )))
        }
    };
    let (check, shifted) = super::attack::check_d20(&s.combatants[act.who()], act.inputs.int("check")?);
    let b = bleeding(damage, Some(check))?;
    let paid = pay(s, act.who(), MEDICINE_ACTIONS, "a Medicine check")?;
    let (healer, name) = (s.combatants[act.who()].name.clone(), s.combatants[patient].name.clone());
    let mut out = Outcome { lines: Vec::new(), terms: b.terms };
    out.terms.extend(shifted);
    out.terms.push(Term::num(
        "Medicine check: 2 creature actions (Interpretation: 1 AP each)",
        -MEDICINE_ACTIONS,
        Some(C_BLEEDING),
    ));
    if b.success == Some(true) {
        lose_condition(&mut s.combatants[patient], C_BLEEDING);
        out.lines.push(format!("{healer}'s Medicine check reaches {}: {name} stops Bleeding", b.difficulty));
    } else {
        out.lines.push(format!("{healer}'s Medicine check falls short of {}: {name} still Bleeds", b.difficulty));
    }
    out.lines.extend(warning);
    out.lines.extend(paid.lines);
    out.terms.extend(paid.terms);
    Ok(out)
}

pub(super) fn magic_heal(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let c = &mut s.combatants[act.who()];
    let mut out = super::damage::heal(c, act.inputs.int("amount")?)?;
    if c.value("dead") == 0 && lose_condition(c, C_BLEEDING) {
        out.lines.push(format!("The magic stops {}'s Bleeding", c.name));
    }
    Ok(out)
}
