//! Turns and rounds: the next turn, the rules' own step where there is no order, and
//! delaying.

use super::{ActiveCondition, State, OPENING};
use crate::encounters::Duration;
use crate::encounters::{EncounterRules, Outcome, Pace};
use crate::error::{Error, Result};
use crate::rules::Term;

impl State {
    /// The rules' own step, where everyone acts together (an MLAF match's next team turn).
    pub(super) fn on_advance(&mut self, rules: &dyn EncounterRules, out: &mut Outcome) -> Result<()> {
        self.require_started("the next turn")?;
        if rules.next_step().is_none() {
            return Err(Error::InvalidInput(format!(
                "{} encounters have no turns: time passes with `elapse`, and the system's actions say what happens",
                self.system
            )));
        }
        let o = rules.advance(self)?;
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
        Ok(())
    }

    /// The acting combatant's turn ends (durations counted down) and the next one's begins.
    pub(super) fn on_next(&mut self, rules: &dyn EncounterRules, out: &mut Outcome) -> Result<()> {
        self.require_started("the next turn")?;
        let acting = self.current().map(str::to_string).unwrap_or_default();
        let i = self.find(&acting)?;
        let whose = crate::rules::possessive(&acting, rules.many(&self.combatants[i]));
        let ended = rules.end_turn(&mut self.combatants[i]);
        out.lines.push(format!("{whose} turn ends"));
        out.lines.extend(ended.lines);
        out.terms.extend(ended.terms);
        out.lines.extend(self.count_down(&acting));
        self.turn += 1;
        self.drop_leavers(rules, out);
        if self.turn >= self.order.len() {
            self.turn = 0;
            // The opening turns are not a round: round 1 follows them.
            if self.values.remove(OPENING).is_none() {
                self.round += 1;
            }
            // A delay lasts one round: the next starts from the initiative order.
            self.order = self.initiative_order.clone();
            out.lines.push(format!("Round {}", self.round));
            let o = rules.round_starts(self);
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
        }
        if self.order.is_empty() {
            out.lines.push("No one is left in the turn order".into());
            return Ok(());
        }
        let next = self.current().map(str::to_string).unwrap_or_default();
        self.turn_starts(rules, &next, out)?;
        Ok(())
    }

    /// The acting combatant waits until after another has acted, this round only.
    pub(super) fn on_delay(&mut self, rules: &dyn EncounterRules, after: &str, out: &mut Outcome) -> Result<()> {
        self.require_started("delaying")?;
        let rule = rules.delay_rule().filter(|_| rules.pace() == Pace::Initiative).ok_or_else(|| {
            Error::InvalidInput(format!("{} encounters have no delaying: the order stays as rolled", self.system))
        })?;
        let acting = self.current().map(str::to_string).unwrap_or_default();
        let i = self.find(after)?;
        let other = self.combatants[i].name.clone();
        if other == acting {
            return Err(Error::InvalidInput(format!("{acting} cannot delay until after itself")));
        }
        let pos = self.order.iter().position(|n| *n == other).unwrap_or(0);
        if pos < self.turn {
            return Err(Error::InvalidInput(format!(
                "{other} has already acted this round: {acting} can only wait for someone still to act"
            )));
        }
        let me = self.order.remove(self.turn);
        // `pos` was after the acting one, so it moved up one place: insert behind it.
        self.order.insert(pos, me);
        out.lines.push(format!("{acting} delays, to act after {other} this round"));
        out.terms.push(Term::text(format!("{acting}: delayed"), format!("after {other}"), Some(rule)));
        let next = self.current().map(str::to_string).unwrap_or_default();
        self.turn_starts(rules, &next, out)?;
        Ok(())
    }

    pub(super) fn turn_starts(&mut self, rules: &dyn EncounterRules, name: &str, out: &mut Outcome) -> Result<()> {
        let i = self.find(name)?;
        out.lines.push(format!("{} turn", crate::rules::possessive(name, rules.many(&self.combatants[i]))));
        let started = rules.start_turn(&mut self.combatants[i]);
        out.lines.extend(started.lines);
        out.terms.extend(started.terms);
        Ok(())
    }

    /// Durations counted at the end of `acting`'s turn: rounds on its own conditions,
    /// "until the end of X's next turn" on everyone's.
    fn count_down(&mut self, acting: &str) -> Vec<String> {
        let counts = |own: bool, x: &ActiveCondition| match &x.duration {
            Duration::Rounds { .. } => own,
            Duration::EndOfTurnOf { name } => name.eq_ignore_ascii_case(acting),
            _ => false,
        };
        let mut lines = Vec::new();
        // Only the combatants with a duration to count are written to (and so copied from
        // the state they share them with).
        for c in self.combatants.iter_mut().filter(|c| c.conditions.iter().any(|x| counts(c.name == acting, x))) {
            let c = &mut **c;
            let own = c.name == acting;
            c.conditions.retain_mut(|x| {
                if counts(own, x) {
                    let left = x.remaining.unwrap_or(0) - 1;
                    x.remaining = Some(left);
                    if left <= 0 {
                        lines.push(format!("{}'s {} ends", c.name, x.name));
                        return false;
                    }
                }
                true
            });
        }
        lines
    }

    /// Takes out of the turn order whoever the rules say has no more turns, keeping
    /// `turn` on the one due next.
    fn drop_leavers(&mut self, rules: &dyn EncounterRules, out: &mut Outcome) {
        let leaving: Vec<(String, String)> = self
            .combatants
            .iter()
            .filter(|c| self.initiative_order.contains(&c.name))
            .filter_map(|c| rules.leaves_order(c).map(|why| (c.name.clone(), why)))
            .collect();
        for (name, why) in leaving {
            if let Some(pos) = self.order.iter().position(|n| *n == name) {
                self.order.remove(pos);
                if pos < self.turn {
                    self.turn -= 1;
                }
            }
            self.initiative_order.retain(|n| *n != name);
            out.lines.push(format!("{name} leaves the turn order ({why})"));
        }
    }
}
