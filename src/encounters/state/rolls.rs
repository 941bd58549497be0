//! A player's roll of any dice: said in the log, and kept for the table when open.

use super::{SaidRoll, State, ROLLS_KEPT};
use crate::encounters::Outcome;
use crate::error::{Error, Result};

/// The longest roll text kept: Tome's own texts are far shorter (ten terms of a sum, a
/// stress die's run of 1s), so a longer one did not come from a roll.
const MAX_TEXT: usize = 400;

impl State {
    /// A roll as Tome made it; the combatant must be in the encounter.
    pub(super) fn on_roll(
        &mut self,
        name: &str,
        dice: &str,
        text: &str,
        secret: bool,
        out: &mut Outcome,
    ) -> Result<()> {
        let i = self.find(name)?;
        if dice.trim().is_empty() || text.trim().is_empty() {
            return Err(Error::InvalidInput("a roll says its dice and what they showed".into()));
        }
        if text.chars().count() > MAX_TEXT || dice.chars().count() > MAX_TEXT {
            return Err(Error::InvalidInput(format!("a roll's words are at most {MAX_TEXT} characters")));
        }
        if text.chars().chain(dice.chars()).any(|c| c.is_control() || crate::text::reorders(c)) {
            return Err(Error::InvalidInput("a roll's words hold a control character".into()));
        }
        let who = self.combatants[i].name.clone();
        if secret {
            out.lines.push(format!("{who} rolled {text} (secret: the game master's alone)"));
        } else {
            out.lines.push(format!("{who} rolled {text}"));
            self.rolls.push(SaidRoll { name: who, text: text.to_string() });
            let over = self.rolls.len().saturating_sub(ROLLS_KEPT);
            self.rolls.drain(..over);
        }
        Ok(())
    }
}
