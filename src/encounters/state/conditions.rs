//! Conditions: gained, removed, and running out by rounds, turns or seconds.

use super::{ActiveCondition, State};
use crate::encounters::{ConditionRef, Duration, EncounterRules, GainingAgain, Outcome, Pace, MAX_DURATION};
use crate::error::{Error, Result};

impl State {
    /// A condition gained (or, where the rules say, a longer duration replacing a shorter).
    pub(super) fn on_add_condition(
        &mut self,
        rules: &dyn EncounterRules,
        name: &str,
        condition: &ConditionRef,
        duration: &Duration,
        at: i64,
        out: &mut Outcome,
    ) -> Result<()> {
        let i = self.find(name)?;
        if rules.pace() == Pace::Together && matches!(duration, Duration::Rounds { .. } | Duration::EndOfTurnOf { .. })
        {
            return Err(Error::InvalidInput(format!(
                "{} encounters have no turns to count: give the duration in seconds, or none (until removed)",
                self.system
            )));
        }
        let active = self.condition(condition, duration, at + self.clock)?;
        rules.can_gain(&self.combatants[i], &active)?;
        let again = rules.gaining_again();
        let c = &mut self.combatants[i];
        match c.conditions.iter().position(|x| x.name.eq_ignore_ascii_case(&active.name)) {
            Some(pos) => {
                let lasts = |x: &ActiveCondition| match x.duration {
                    Duration::UntilRemoved => i64::MAX,
                    _ => x.expires_at.or(x.remaining).unwrap_or(0),
                };
                let replaces = match again {
                    GainingAgain::Refused => {
                        return Err(Error::InvalidInput(format!("{} is already {}", c.name, active.name)))
                    }
                    GainingAgain::LongerStays if lasts(&active) <= lasts(&c.conditions[pos]) => None,
                    GainingAgain::LongerStays => Some("the longer new duration replaces the old"),
                    GainingAgain::NewerReplaces => Some("the newer one replaces it"),
                };
                if let Some(why) = replaces {
                    out.lines.push(format!(
                        "{} is already {}: {why} ({})",
                        c.name,
                        active.name,
                        duration_text(duration)
                    ));
                    c.conditions[pos] = active.clone();
                } else {
                    out.lines.push(format!(
                        "{} is already {} for at least as long: the duration stays as it was",
                        c.name, active.name
                    ));
                }
            }
            None => {
                out.lines.push(format!("{} gains {} ({})", c.name, active.name, duration_text(duration)));
                c.conditions.push(active.clone());
            }
        }
        let o = rules.gained(c, &active);
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
        Ok(())
    }

    /// A condition taken off.
    pub(super) fn on_remove_condition(
        &mut self,
        rules: &dyn EncounterRules,
        name: &str,
        condition: &str,
        out: &mut Outcome,
    ) -> Result<()> {
        let i = self.find(name)?;
        let c = &mut self.combatants[i];
        let pos = c.conditions.iter().position(|x| x.matches(condition)).ok_or_else(|| Error::NotFound {
            what: "condition on this combatant",
            id: condition.to_string(),
            suggestions: c.conditions.iter().map(|x| x.name.clone()).collect(),
        })?;
        rules.can_lose(c, &c.conditions[pos])?;
        let gone = c.conditions.remove(pos);
        out.lines.push(format!("{} is no longer {}", c.name, gone.name));
        Ok(())
    }

    fn condition(&self, condition: &ConditionRef, duration: &Duration, at: i64) -> Result<ActiveCondition> {
        let name = condition.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(Error::InvalidInput("a condition's name has 1 to 100 characters".into()));
        }
        let (remaining, expires_at) = match duration {
            Duration::Rounds { rounds } => {
                check_duration("rounds", *rounds)?;
                (Some(*rounds), None)
            }
            Duration::Seconds { seconds } => {
                check_duration("seconds", *seconds)?;
                (None, Some(at.saturating_add(*seconds)))
            }
            Duration::EndOfTurnOf { name: whose } => {
                let i = self.find(whose)?;
                // "Until the end of its next turn": the turn in progress does not count.
                let acting = self.current() == Some(self.combatants[i].name.as_str());
                (Some(if acting { 2 } else { 1 }), None)
            }
            Duration::UntilRemoved => (None, None),
        };
        Ok(ActiveCondition {
            id: condition.id.clone(),
            name: name.to_string(),
            duration: duration.clone(),
            remaining,
            expires_at,
        })
    }

    /// Removes conditions whose seconds ran out by `now`, saying so.
    pub(super) fn expire_seconds(&mut self, rules: &dyn EncounterRules, now: i64) -> Vec<String> {
        let mut lines = Vec::new();
        let due = |x: &ActiveCondition| x.expires_at.is_some_and(|t| t <= now);
        // Only a combatant with a condition to end is written to (a write copies it).
        for c in self.combatants.iter_mut().filter(|c| c.conditions.iter().any(due)) {
            let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut c.conditions).into_iter().partition(due);
            c.conditions = kept;
            for x in gone {
                lines.push(format!("{}'s {} ends (time is up)", c.name, x.name));
                lines.extend(rules.expired(c, &x));
            }
        }
        lines
    }
}

fn check_duration(what: &str, n: i64) -> Result<()> {
    if (1..=MAX_DURATION).contains(&n) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("a duration in {what} must be between 1 and {MAX_DURATION}, not {n}")))
    }
}

/// A duration in words, for the log.
pub fn duration_text(d: &Duration) -> String {
    match d {
        Duration::Rounds { rounds: 1 } => "1 round".into(),
        Duration::Rounds { rounds } => format!("{rounds} rounds"),
        Duration::Seconds { seconds } => format!("{seconds} s"),
        Duration::EndOfTurnOf { name } => format!("until the end of {name}'s next turn"),
        Duration::UntilRemoved => "until removed".into(),
    }
}
