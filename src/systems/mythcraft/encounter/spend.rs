//! Spending AP on one's turn, or Reactive AP between turns.

use super::conditions::{effects, sits_out};
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

pub(super) const R_REACTIVE: &str = "mythcraft/rule/reactive-ap";

pub(super) static PARAMS: &[Param] = &[Param {
    name: "ap",
    help: "AP spent: from the turn's AP when it is this combatant's turn, else from its Reactive AP.",
    kind: ParamKind::Int { min: 1, max: 40 },
    required: true,
    default: None,
}];

/// Pays `n` AP for a move by combatant `who`: from its turn's AP on its own turn, else
/// from its Reactive AP (where it may react). Says what is left.
///
/// # Errors
/// Not enough AP, or no reactions allowed now; nothing is spent then.
pub(super) fn pay(s: &mut State, who: usize, n: i64, what: &str) -> Result<Outcome> {
    let acting = s.current().map(str::to_string);
    let c = &mut s.combatants[who];
    let own_turn = acting.as_deref() == Some(c.name.as_str());
    if own_turn && sits_out(c) {
        return Err(surprised(&c.name, what));
    }
    if n == 0 {
        return Ok(Outcome::default());
    }
    let (key, pool) = if own_turn { ("ap", "AP") } else { ("reactive-ap", "Reactive AP") };
    if !own_turn && effects(c).no_reactions {
        return Err(Error::InvalidInput(format!(
            "{} cannot take reactions now (its conditions or surprise forbid them), so cannot {what} out of its turn",
            c.name
        )));
    }
    let have = c.value(key);
    if n > have {
        return Err(Error::InvalidInput(format!("{} has {have} {pool}, not the {n} that {what} costs", c.name)));
    }
    c.set(key, have - n);
    Ok(Outcome {
        lines: vec![format!("{} spends {n} {pool} ({} left)", c.name, have - n)],
        terms: vec![Term::num(format!("{pool} spent: {what}"), -n, Some(R_REACTIVE))],
    })
}

/// Line 432: the surprised do not act in the first round.
fn surprised(name: &str, what: &str) -> Error {
    Error::InvalidInput(format!(
        "{name} is Partially Surprised: it does not act in the first round, so {what} waits until round 2"
    ))
}

pub(super) fn spend(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let acting = s.current().map(str::to_string);
    let c = &mut s.combatants[act.who()];
    let n = act.inputs.int("ap")?;
    let own_turn = acting.as_deref() == Some(c.name.as_str());
    let key = if own_turn { "ap" } else { "reactive-ap" };
    if own_turn && sits_out(c) {
        return Err(surprised(&c.name, "spending AP"));
    }
    if !own_turn {
        if let Some(why) = effects(c)
            .no_reactions
            .then_some(())
            .map(|()| format!("{} cannot take reactions now (its conditions or surprise forbid them)", c.name))
        {
            return Err(Error::InvalidInput(why));
        }
    }
    let have = c.value(key);
    if n > have {
        let what = if own_turn { "AP" } else { "Reactive AP" };
        return Err(Error::InvalidInput(format!("{} has {have} {what}, not {n}", c.name)));
    }
    c.set(key, have - n);
    let what = if own_turn { "AP" } else { "Reactive AP" };
    Ok(Outcome {
        lines: vec![format!("{} spends {n} {what} ({} left)", c.name, have - n)],
        terms: vec![Term::num(format!("{what} spent"), -n, Some(R_REACTIVE))],
    })
}
