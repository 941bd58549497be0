//! Prepared fights: an encounter not yet started (round 0) is one the game master is
//! preparing, kept until it starts; "run this fight again" makes a new prepared one from
//! any encounter, prepared or finished.

use super::parties::follow_name;
use super::{EncounterView, Tome};
use crate::encounters::{NewCombatant, State};
use crate::error::{Found, Result};

impl Tome {
    /// A new prepared (not started) encounter of the same system and kind as `id`, with
    /// the same people in the same joining order: saved characters as their sheets are
    /// now, every other combatant with the stats it has in `id` (those set by hand
    /// included), its hidden state, the conditions it joined with (an adversary's
    /// starting ones), its adversary and attacks; and the parties `id` was given. What
    /// the fight did is not copied: HP, wounds, conditions gained, the order and the log
    /// start afresh, and initiative is rolled again at the start (a place in the order
    /// that the system keeps as a stat, an MLAF roster position, comes with the stats).
    /// A character deleted since is left out. Named `name`, or after the old one
    /// ("… (again)"). One change: one undo empties the new encounter.
    ///
    /// # Errors
    /// No such encounter; a bad name; what the tracker refuses of a copy (then no new
    /// encounter is left behind).
    pub fn encounter_again(&mut self, id: i64, name: Option<&str>) -> Result<EncounterView> {
        // The new encounter, its people and its parties together, or none (issue 73).
        self.one_write(|t| t.encounter_again_in(id, name))
    }

    fn encounter_again_in(&mut self, id: i64, name: Option<&str>) -> Result<EncounterView> {
        let row = self.db.encounter_row(id)?;
        let (_, rules) = Tome::encounter_mode(&row.system, &row.mode)?;
        let state = self.encounter_state(&row)?;
        let combatants = self.copies(&state, rules)?;
        let parties = self.db.encounter_parties(id)?;
        let name = name.map_or_else(|| follow_name(&row.name, "again"), |n| n.trim().to_string());
        let new = self.create_encounter_mode(&row.system, &name, Some(&row.mode))?;
        if combatants.is_empty() {
            return Ok(new);
        }
        // Each keeps its own hidden state, whatever the table's setting for newcomers.
        let view = match self.encounter_join(new.id, combatants, Some(false), None) {
            Ok(v) => v,
            Err(e) => {
                self.delete_encounter(new.id)?;
                return Err(e);
            }
        };
        for p in parties.iter().filter(|p| p.system == row.system) {
            self.db.note_encounter_party(new.id, p.id)?;
        }
        Ok(view)
    }

    /// Each combatant of `state` as it would join a fresh fight (a character deleted since
    /// left out).
    ///
    /// # Errors
    /// A character's sheet does not read (damage is not "deleted since").
    fn copies(&self, state: &State, rules: &dyn crate::encounters::EncounterRules) -> Result<Vec<NewCombatant>> {
        state
            .combatants
            .iter()
            .filter_map(|c| {
                let copy = match c.character {
                    Some(cid) => match self.character(cid).found() {
                        Ok(Some(sheet)) => NewCombatant::saved(sheet.name, cid),
                        Ok(None) => return None,
                        Err(e) => return Some(Err(e)),
                    },
                    None => {
                        let stats = rules
                            .stats()
                            .iter()
                            .filter_map(|s| c.stats.get(s.key).map(|v| (s.key.to_string(), *v)))
                            .collect();
                        NewCombatant {
                            conditions: c.arrived_with.clone(),
                            adversary: c.adversary,
                            attacks: c.attacks.clone(),
                            marks: c.arrived_marks.clone(),
                            ..NewCombatant::quick(c.name.clone(), stats)
                        }
                    }
                };
                Some(Ok(NewCombatant { hidden: c.hidden, ..copy }))
            })
            .collect()
    }
}
