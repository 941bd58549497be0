//! Damage and healing, each by the system's rules.

use super::State;
use crate::encounters::{EncounterRules, Outcome, MAX_AMOUNT};
use crate::error::{Error, Result};

impl State {
    /// Damage, of a type where the system has them; damage of nothing is refused as a
    /// mistake, as healing of nothing is.
    pub(super) fn on_damage(
        &mut self,
        rules: &dyn EncounterRules,
        name: &str,
        amount: i64,
        kind: Option<&str>,
        out: &mut Outcome,
    ) -> Result<()> {
        self.require_started("damage")?;
        check_amount("damage", amount)?;
        if amount == 0 {
            return Err(Error::InvalidInput("damage of 0 changes nothing: give an amount of 1 or more".into()));
        }
        let i = self.find(name)?;
        let o = rules.damage(&mut self.combatants[i], amount, kind)?;
        let what = kind.map(|k| format!(" {k}")).unwrap_or_default();
        out.lines.push(format!("{} takes {amount}{what} damage", self.combatants[i].name));
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
        Ok(())
    }

    /// Healing; healing of nothing is refused as a mistake.
    pub(super) fn on_heal(
        &mut self,
        rules: &dyn EncounterRules,
        name: &str,
        amount: i64,
        out: &mut Outcome,
    ) -> Result<()> {
        self.require_started("healing")?;
        check_amount("healing", amount)?;
        if amount == 0 {
            return Err(Error::InvalidInput("healing of 0 changes nothing: give an amount of 1 or more".into()));
        }
        let i = self.find(name)?;
        let o = rules.heal(&mut self.combatants[i], amount)?;
        out.lines.push(format!("{} heals {amount}", self.combatants[i].name));
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
        Ok(())
    }
}

fn check_amount(what: &str, amount: i64) -> Result<()> {
    if (0..=MAX_AMOUNT).contains(&amount) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("{what} must be between 0 and {MAX_AMOUNT}, not {amount}")))
    }
}
