//! The `Tome` methods for parties: a named group of saved characters of one system that
//! joins an encounter in one step, goes on to the next fight, and prints together.

use crate::db::parties::Party;
use crate::encounters::NewCombatant;
use crate::error::{Error, Found, Result};
use crate::pdf::{PdfOptions, Prepared};
use crate::Tome;

use super::EncounterView;

impl Tome {
    /// A new, empty party of `system`.
    ///
    /// # Errors
    /// An unknown system, a bad name, or a name another party has.
    pub fn create_party(&mut self, system: &str, name: &str) -> Result<Party> {
        crate::systems::require(system)?;
        self.db.create_party(system, name)
    }

    /// Every party, by name.
    pub fn parties(&self) -> Result<Vec<Party>> {
        self.db.parties()
    }

    /// Every party, by name: those that read whole (their members' characters too), and
    /// the damage of each that does not.
    ///
    /// # Errors
    /// The list itself cannot be read.
    pub fn parties_vouched(&self) -> Result<crate::db::Vouched<Party>> {
        self.db.parties_vouched()
    }

    /// A party by number or name.
    ///
    /// # Errors
    /// [`Error::NotFound`] naming the parties there are.
    pub fn party(&self, what: &str) -> Result<Party> {
        self.db.find_party(what)
    }

    /// Adds saved characters to a party, in order; all of them or none.
    ///
    /// # Errors
    /// No such party or character, one of another system or already in the party.
    pub fn party_add(&mut self, party: &str, characters: &[i64]) -> Result<Party> {
        let id = self.db.find_party(party)?.id;
        self.db.add_party_members(id, characters)
    }

    /// Takes characters out of a party (they stay saved); all of them or none.
    ///
    /// # Errors
    /// No such party, or a character not in it.
    pub fn party_remove(&mut self, party: &str, characters: &[i64]) -> Result<Party> {
        let id = self.db.find_party(party)?.id;
        self.db.remove_party_members(id, characters)
    }

    /// Deletes a party; its characters stay saved.
    ///
    /// # Errors
    /// No such party.
    pub fn delete_party(&mut self, party: &str) -> Result<()> {
        let id = self.db.find_party(party)?.id;
        self.db.delete_party(id)
    }

    /// Adds every character of a party to an encounter as one change (one undo takes
    /// them all out again); those already in it are left as they are.
    ///
    /// # Errors
    /// No such encounter or party, a party of another system, or nobody left to add.
    pub fn encounter_add_party(&mut self, id: i64, party: &str) -> Result<EncounterView> {
        self.encounter_add_party_with(id, party, None)
    }

    /// [`Tome::encounter_add_party`], hidden from the players on arrival or not (`None`:
    /// shown; player characters never follow the fight's [`Tome::newcomers_hidden`]).
    ///
    /// # Errors
    /// As [`Tome::encounter_add_party`].
    pub fn encounter_add_party_with(&mut self, id: i64, party: &str, hidden: Option<bool>) -> Result<EncounterView> {
        let p = self.db.find_party(party)?;
        let here = self.encounter(id)?;
        if here.system != p.system {
            return Err(Error::InvalidInput(format!(
                "the party {} is of {}; the encounter {} is of {}",
                p.name, p.system, here.name, here.system
            )));
        }
        let present: Vec<i64> =
            here.combatants.iter().filter_map(|c| c.get("character").and_then(serde_json::Value::as_i64)).collect();
        let combatants: Vec<NewCombatant> = p
            .members
            .iter()
            .filter(|m| !present.contains(&m.character))
            .map(|m| NewCombatant::saved(m.name.clone(), m.character))
            .collect();
        if combatants.is_empty() {
            let why = if p.members.is_empty() { "has nobody in it yet" } else { "is in the encounter already" };
            return Err(Error::InvalidInput(format!("the party {} {why}", p.name)));
        }
        let view = self.encounter_join(id, combatants, hidden, None)?;
        self.db.note_encounter_party(id, p.id)?;
        Ok(view)
    }

    /// "Next fight, same party": a new encounter of the same system and kind as `id`,
    /// with (one change) the saved parties that joined it as they are now (someone who
    /// joined a party since, or sat the last fight out, comes along) and every other
    /// saved character who was in it, as their sheets are now. A party whose members are
    /// all gone from the last fight (its joining undone) does not come. Named `name`, or
    /// after the old one ("… (next)").
    ///
    /// # Errors
    /// No such encounter; a bad name.
    pub fn encounter_next_fight(&mut self, id: i64, name: Option<&str>) -> Result<EncounterView> {
        let old = self.encounter(id)?;
        let present: Vec<i64> =
            old.combatants.iter().filter_map(|c| c.get("character").and_then(serde_json::Value::as_i64)).collect();
        let parties: Vec<_> = self
            .db
            .encounter_parties(id)?
            .into_iter()
            .filter(|p| p.system == old.system && p.members.iter().any(|m| present.contains(&m.character)))
            .collect();
        let mut characters: Vec<i64> = Vec::new();
        for c in parties.iter().flat_map(|p| p.members.iter().map(|m| m.character)).chain(present) {
            if !characters.contains(&c) {
                characters.push(c);
            }
        }
        let name = name.map_or_else(|| next_name(&old.name), str::to_string);
        let new = self.create_encounter_mode(&old.system, &name, Some(&old.mode))?;
        let mut combatants = Vec::new();
        for c in characters {
            // A character deleted since the fight cannot come along; the others do.
            if let Some(sheet) = self.character(c).found()? {
                combatants.push(NewCombatant::saved(sheet.name, c));
            }
        }
        if combatants.is_empty() {
            return Ok(new);
        }
        let view = self.encounter_join(new.id, combatants, None, None)?;
        for p in &parties {
            self.db.note_encounter_party(new.id, p.id)?;
        }
        Ok(view)
    }

    /// The party's sheets in one PDF, each followed by its reference cards (unless
    /// `opts.cards` is off).
    ///
    /// # Errors
    /// No such party, or one with nobody in it.
    pub fn prepare_party_pdf(&self, party: &str, opts: &PdfOptions) -> Result<Prepared> {
        let p = self.db.find_party(party)?;
        if p.members.is_empty() {
            return Err(Error::InvalidInput(format!("the party {} has nobody in it to print", p.name)));
        }
        let characters = p.members.iter().map(|m| self.character(m.character)).collect::<Result<Vec<_>>>()?;
        crate::pdf::prepare(self, &self.systems()?, &characters, opts)
    }
}

/// "Bridge fight" → "Bridge fight (next)", "… (next 2)", and on.
fn next_name(old: &str) -> String {
    follow_name(old, "next")
}

/// A name for the fight that follows `old`, marked by `word`: "Bridge" → "Bridge (again)",
/// "Bridge (again)" → "Bridge (again 2)", and on.
pub(super) fn follow_name(old: &str, word: &str) -> String {
    let base = old.trim_end();
    if let Some(stem) = base.strip_suffix(&format!(" ({word})")) {
        return format!("{stem} ({word} 2)");
    }
    if let Some((stem, n)) = base.strip_suffix(')').and_then(|b| b.rsplit_once(&format!(" ({word} "))) {
        if let Ok(n) = n.parse::<u32>() {
            return format!("{stem} ({word} {})", n + 1);
        }
    }
    let mark = format!(" ({word})");
    let name = format!("{base}{mark}");
    // Names are at most 200 characters; a long one keeps its end marker.
    if name.chars().count() > 200 {
        let keep: String = base.chars().take(200 - mark.chars().count()).collect();
        return format!("{keep}{mark}");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::next_name;

    #[test]
    fn the_next_fight_is_named_after_the_last() {
        assert_eq!(next_name("Bridge"), "Bridge (next)");
        assert_eq!(next_name("Bridge (next)"), "Bridge (next 2)");
        assert_eq!(next_name("Bridge (next 9)"), "Bridge (next 10)");
        assert_eq!(next_name(&"x".repeat(200)).chars().count(), 200);
    }
}
