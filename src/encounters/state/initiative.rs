//! The start: initiative rolled, ties settled, the acting order set.

use super::{State, OPENING};
use crate::encounters::{EncounterRules, Outcome, Pace, Roll};
use crate::error::{Error, Result};
use crate::rules::order::acting_order;

impl State {
    /// The start: every combatant's initiative, ties re-rolled, round 1.
    pub(super) fn on_start(
        &mut self,
        rules: &dyn EncounterRules,
        rolls: &[Roll],
        tie_rolls: &[Roll],
        out: &mut Outcome,
    ) -> Result<()> {
        if self.started() {
            return Err(Error::InvalidInput("the encounter has already started".into()));
        }
        if self.combatants.is_empty() {
            return Err(Error::InvalidInput("add combatants before starting".into()));
        }
        if rules.pace() == Pace::Together {
            if let Some(r) = rolls.iter().chain(tie_rolls).next() {
                return Err(Error::InvalidInput(format!(
                    "{} encounters have no initiative: start takes no rolls (one was given for {})",
                    self.system, r.name
                )));
            }
            self.round = 1;
            self.turn = 0;
            self.order.clear();
            let standing = rules.standing(self).map_or_else(
                || "Under way, with no turn order".to_string(),
                |w| format!("{}{}", w[..1].to_uppercase(), &w[1..]),
            );
            out.lines.push(format!("{standing}: {}", self.names().join(", ")));
            return Ok(());
        }
        let mut parties = Vec::new();
        for c in &self.combatants {
            // One who acts in another's turn (a minion), or has no turns (the dead), rolls none.
            if let Some(why) = rules.leaves_order(c) {
                out.lines.push(format!("{}: no initiative ({why})", c.name));
                continue;
            }
            let roll = rolls
                .iter()
                .find(|r| r.name.eq_ignore_ascii_case(&c.name))
                .ok_or_else(|| Error::InvalidInput(format!("no initiative roll for {}", c.name)))?;
            check_die(rules, &c.name, roll.value)?;
            let (keys, o) = rules.initiative(c, roll.value);
            let how = if roll.rolled { "rolled by Tome" } else { "typed" };
            out.lines.push(format!("{}: die {} ({how}); initiative {}", c.name, roll.value, keys[0]));
            out.terms.extend(o.terms);
            parties.push((c.name.clone(), keys));
        }
        if let Some(stray) = rolls.iter().find(|r| self.find(&r.name).is_err()) {
            return Err(Error::InvalidInput(format!("an initiative roll for {}, who is not here", stray.name)));
        }
        let given = group_rolls(tie_rolls);
        for (name, values) in &given {
            for &v in values {
                check_die(rules, name, v)?;
            }
        }
        let mut missing = Vec::new();
        let order = acting_order(&parties, &given, &mut || {
            missing.push(());
            0
        });
        if !missing.is_empty() {
            let tied: Vec<&str> = order.tie_rolls.iter().filter(|t| t.rolled).map(|t| t.name.as_str()).collect();
            return Err(Error::InvalidInput(format!("a tie needs re-rolls for: {}", tied.join(", "))));
        }
        for t in &order.tie_rolls {
            out.lines.push(format!("{} re-rolls a tie: {}", t.name, t.value));
        }
        for (name, keys) in &parties {
            let i = self.find(name)?;
            self.combatants[i].initiative = Some(keys[0]);
            self.combatants[i].tie_keys = keys[1..].to_vec();
        }
        self.order = order.order;
        self.initiative_order = self.order.clone();
        self.round = 1;
        self.turn = 0;
        out.lines.push(format!("Round 1. Order: {}", self.order.join(", ")));
        let opening = rules.opening_turns(self);
        if opening.is_empty() {
            let o = rules.round_starts(self);
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
        } else {
            self.order.retain(|n| opening.contains(n));
            self.values.insert(OPENING.into(), 1);
            out.lines.push(format!("Before round 1, a turn for: {}", self.order.join(", ")));
        }
        let first = self.current().map(str::to_string).unwrap_or_default();
        self.turn_starts(rules, &first, out)?;
        Ok(())
    }
}

impl State {
    /// Back to before initiative, as if `start` had not been given (MythCraft: an attacker
    /// who stays hidden after a complete surprise, so combat never began). The
    /// combatants, their harm and conditions stay; the order and the rolls go.
    pub fn back_before_start(&mut self) {
        self.round = 0;
        self.turn = 0;
        self.order.clear();
        self.initiative_order.clear();
        self.values.remove(OPENING);
        for c in &mut self.combatants {
            c.initiative = None;
            c.tie_keys.clear();
        }
    }
}

/// An initiative die read off the table, checked against the die the rules roll.
///
/// # Errors
/// A value the die cannot show, naming whose roll it is.
pub fn check_die(rules: &dyn EncounterRules, name: &str, value: i64) -> Result<()> {
    let (dice, (min, max)) = rules.initiative_dice();
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("{name}'s {dice} roll must be between {min} and {max}, not {value}")))
    }
}

/// Re-rolls by name, each name's in the order given.
fn group_rolls(rolls: &[Roll]) -> Vec<(String, Vec<i64>)> {
    let mut out: Vec<(String, Vec<i64>)> = Vec::new();
    for r in rolls {
        match out.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(&r.name)) {
            Some((_, v)) => v.push(r.value),
            None => out.push((r.name.clone(), vec![r.value])),
        }
    }
    out
}
