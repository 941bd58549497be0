//! Which fields of an action the game master's tracker may ask a player's phone for
//! (issue 42, "answer when asked"), whatever the system.

use std::collections::BTreeMap;

use crate::encounters::{AnswerForm, OwnField, PhoneField, State};
use crate::error::{Error, Result};
use crate::rules::key_label;
use crate::Tome;

impl Tome {
    /// The fields of action `action` (for `who`, with the game master's `inputs` so
    /// far) that a player's phone may be asked to fill, each with whose phone and how it
    /// answers. A single die Tome rolls when left out is rolled by the one acting, or by
    /// the action's target where the system says so (an Ars Magica defender's Defense or
    /// Soak die, [`crate::encounters::EncounterRules::target_rolls`]); the rules add the calls and pools that are a player's own
    /// ([`crate::encounters::EncounterRules::phone_fields`]). A combatant the table does
    /// not see is never asked, and the label names the one acting only when the table
    /// sees it (not before the start, when the table is shown no one).
    ///
    /// # Errors
    /// No such encounter or action.
    pub fn phone_fields(
        &self,
        id: i64,
        action: &str,
        who: Option<&str>,
        inputs: &BTreeMap<String, String>,
    ) -> Result<Vec<PhoneField>> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let state = self.encounter_state(&row)?;
        let spec = crate::encounters::action_spec(rules, action)?;
        let who = who.and_then(|n| state.find(n).ok());
        let target = inputs.get("target").and_then(|n| state.find(n).ok());
        let player = |i: Option<usize>| i.filter(|i| asked(&state, *i).is_some());
        let mut own: Vec<OwnField> = spec
            .params
            .iter()
            .filter(|p| p.die().is_some())
            .filter_map(|p| {
                let whose = if rules.target_rolls(p.name) { player(target) } else { player(who) }?;
                Some(OwnField { param: p.name, asks: None, who: whose, form: AnswerForm::Dice, named: false })
            })
            .collect();
        own.extend(rules.phone_fields(&state, spec.name, who, inputs));
        // Before the start the table is shown no one, so no one is named then either.
        let by =
            who.filter(|i| state.round > 0 && !state.combatants[*i].hidden).map(|i| state.combatants[i].name.as_str());
        Ok(own
            .into_iter()
            .filter_map(|f| {
                let character = asked(&state, f.who)?;
                let param = spec.params.iter().find(|p| p.name == f.param)?;
                let c = &state.combatants[f.who];
                let by = by.filter(|n| *n != c.name).map(|n| format!(" by {n}")).unwrap_or_default();
                Some(PhoneField {
                    param: f.param.to_string(),
                    label: format!(
                        "{} ({}{by})",
                        f.asks.map_or_else(|| key_label(f.param), str::to_string),
                        key_label(spec.name)
                    ),
                    name: c.name.clone(),
                    character,
                    dice: if f.form == AnswerForm::Dice { param.die().unwrap_or_default() } else { String::new() },
                    form: f.form,
                    named: f.named,
                })
            })
            .collect())
    }
}

impl Tome {
    /// Asking combatant `name`'s player whether they react now, out of their turn
    /// (MythCraft's Reactive AP): the label names whose turn it is only when the table
    /// sees it.
    ///
    /// # Errors
    /// No such combatant; not a player's character the table sees; one the rules do not
    /// let react now (no Reactive AP kept, a condition forbidding reactions, its own turn).
    pub fn reaction_field(&self, id: i64, name: &str) -> Result<PhoneField> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let state = self.encounter_state(&row)?;
        let i = state.find(name)?;
        let c = &state.combatants[i];
        let character = asked(&state, i).ok_or_else(|| {
            Error::InvalidInput(format!("{} is not a player's character the table sees: no phone to ask", c.name))
        })?;
        let current = state.current();
        if current == Some(c.name.as_str()) {
            return Err(Error::InvalidInput(format!("it is {}'s turn: a reaction is out of turn", c.name)));
        }
        if !rules.reacts(c) {
            return Err(Error::InvalidInput(format!(
                "{} cannot react now (the rules want Reactive AP kept and no condition forbidding reactions)",
                c.name
            )));
        }
        let visible = current.filter(|n| state.find(n).is_ok_and(|j| !state.combatants[j].hidden));
        Ok(PhoneField {
            param: String::new(),
            label: visible.map_or_else(|| "React now?".to_string(), |n| format!("React to {n}?")),
            name: c.name.clone(),
            character,
            dice: String::new(),
            form: AnswerForm::React,
            named: false,
        })
    }
}

/// The saved character whose phone may be asked for combatant `i`: a player's
/// character the table sees.
fn asked(state: &State, i: usize) -> Option<i64> {
    let c = state.combatants.get(i)?;
    c.character.filter(|_| !c.hidden)
}
