//! A system's own actions, and time passing on the encounter's clock.

use std::collections::BTreeMap;

use super::{Exposed, State};
use crate::encounters::{Act, EncounterRules, Outcome, MAX_DURATION};
use crate::error::{Error, Result};
use crate::rules::Inputs;

impl State {
    /// One of the system's own actions, with its inputs checked against its parameters.
    pub(super) fn on_act(
        &mut self,
        rules: &dyn EncounterRules,
        action: &str,
        name: Option<&str>,
        inputs: &BTreeMap<String, String>,
        facts: &BTreeMap<String, String>,
        out: &mut Outcome,
    ) -> Result<()> {
        let spec = crate::encounters::action_spec(rules, action)?;
        let who = match (spec.combatant, name) {
            (true, Some(n)) => Some(self.find(n)?),
            (true, None) => return Err(Error::InvalidInput(format!("{} needs the combatant it is about", spec.name))),
            (false, Some(n)) => {
                return Err(Error::InvalidInput(format!(
                    "{} is about the whole encounter, not one combatant (`{n}`)",
                    spec.name
                )))
            }
            (false, None) => None,
        };
        let inputs = Inputs::new(spec.params, inputs.clone())?;
        let act = Act { action: spec, who, inputs: &inputs, facts };
        let o = rules.act(self, &act)?;
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
        self.exposed = self.seen_at_work(rules.exchange(self, &act));
        Ok(())
    }

    /// The hidden side of an attack between a hidden combatant and one the players see
    /// (`attacker`, `struck`), if the attack had one.
    fn seen_at_work(&self, exchange: Option<(usize, usize)>) -> Vec<Exposed> {
        let Some((a, d)) = exchange.filter(|(a, d)| a != d && *a < self.combatants.len() && *d < self.combatants.len())
        else {
            return Vec::new();
        };
        let (a, d) = (&self.combatants[a], &self.combatants[d]);
        match (a.hidden, d.hidden) {
            (true, false) => vec![Exposed { name: a.name.clone(), other: d.name.clone(), attacked: true }],
            (false, true) => vec![Exposed { name: d.name.clone(), other: a.name.clone(), attacked: false }],
            _ => Vec::new(),
        }
    }

    /// Seconds added to the clock (before timed conditions are checked).
    pub(super) fn on_elapse(&mut self, seconds: i64, out: &mut Outcome) -> Result<()> {
        if !(0..=MAX_DURATION).contains(&seconds) {
            return Err(Error::InvalidInput(format!("elapse takes 0 to {MAX_DURATION} seconds, not {seconds}")));
        }
        self.clock += seconds;
        out.lines.push(if seconds == 0 {
            "The clock is brought up to now".to_string()
        } else {
            format!("{seconds} s pass on the clock")
        });
        Ok(())
    }
}
