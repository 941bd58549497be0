//! Minions: a being a continuing spell made or controls acts as part of its creator's
//! turn, so it leaves the turn order and its attack is its creator's one attack.

use crate::encounters::{Act, Action, Combatant, Mark, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::R_SPELL_CREATIONS;

static MINION_PARAMS: &[Param] = &[Param {
    name: "creator",
    help: "The mage whose continuing spell made or controls NAME. Interpretation: the minion's attack is that mage's one attack of the turn.",
    kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
    required: true,
    default: None,
}];

pub(super) const MINION: Action = Action {
    name: "minion",
    summary: "NAME is a minion of a mage's continuing spell: it acts in its creator's turn and leaves the turn order",
    combatant: true,
    params: MINION_PARAMS,
    rule: Some(R_SPELL_CREATIONS),
};

/// Whose minion a combatant is.
pub(super) fn creator(c: &Combatant) -> Option<&str> {
    c.marks("creator").next().map(|m| m.name.as_str())
}

pub(super) fn act(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let maker = s.find(act.inputs.text("creator").unwrap_or_default())?;
    let (name, maker_name) = (s.combatants[who].name.clone(), s.combatants[maker].name.clone());
    if who == maker {
        return Err(Error::InvalidInput(format!("{name} cannot be its own minion")));
    }
    if let Some(other) = creator(&s.combatants[maker]) {
        return Err(Error::InvalidInput(format!("{maker_name} is itself {other}'s minion: name the mage")));
    }
    if let Some(other) = creator(&s.combatants[who]) {
        return Err(Error::InvalidInput(format!("{name} is already {other}'s minion")));
    }
    if s.current() == Some(name.as_str()) {
        return Err(Error::InvalidInput(format!("{name} is acting now: make it a minion once its turn has passed")));
    }
    // Out of the order as the engine's own removal does it, keeping the acting one acting.
    if let Some(pos) = s.order.iter().position(|n| *n == name) {
        s.order.remove(pos);
        if pos < s.turn {
            s.turn -= 1;
        }
    }
    s.initiative_order.retain(|n| *n != name);
    s.combatants[who].marks.push(Mark {
        list: "creator".into(),
        name: maker_name.clone(),
        id: None,
        flags: Vec::new(),
        numbers: Default::default(),
    });
    Ok(Outcome::line(format!(
        "{name} is {maker_name}'s minion: it acts in {maker_name}'s turn, and its attack is {maker_name}'s one attack of the turn (Interpretation: a minion works as the spell behind it does)"
    )))
}
