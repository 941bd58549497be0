//! A prepared encounter printed for the table: its adversaries' stat blocks as cards,
//! one card for each kind (the copies of one library adversary, or quick combatants of
//! one name and the same stats), with the reference cards for their conditions and spells.

use std::collections::BTreeMap;

use super::adversaries::adversary_entry;
use super::Tome;
use crate::adversaries::{Adversary, AdversaryView};
use crate::encounters::{Combatant, EncounterRules, Shared};
use crate::error::{Error, Found, Result};
use crate::pdf::{FoeCard, PdfOptions, Prepared};

impl Tome {
    /// The adversaries of encounter `id` as cards to cut out, several to a page: one per
    /// kind, each with the stat block the fight holds (the stats its copies have, what the
    /// rules derive with the reasons, attacks, starting conditions, who in the fight it
    /// is), then (unless `opts.cards` is off) the reference cards of the conditions and
    /// spells they bring. Saved characters have their sheets and are not printed here.
    ///
    /// # Errors
    /// No such encounter; one with no adversaries.
    pub fn prepare_encounter_cards(&self, id: i64, opts: &PdfOptions) -> Result<Prepared> {
        let row = self.db.encounter_row(id)?;
        let (_, rules) = Tome::encounter_mode(&row.system, &row.mode)?;
        let state = self.encounter_state(&row)?;
        let system = self
            .systems()?
            .into_iter()
            .find(|s| s.id == row.system)
            .ok_or_else(|| Error::not_found("system", &row.system))?;
        let foes = kinds(&state.combatants, rules)
            .into_iter()
            .map(|group| self.foe_card(&row, rules, &group))
            .collect::<Result<Vec<FoeCard>>>()?;
        crate::pdf::prepare_foes(self, &system, &row.name, foes, opts)
    }

    /// [`Tome::prepare_encounter_cards`] written out.
    ///
    /// # Errors
    /// As [`Tome::prepare_encounter_cards`].
    pub fn encounter_cards_pdf(&self, id: i64, opts: &PdfOptions) -> Result<Vec<u8>> {
        Ok(self.prepare_encounter_cards(id, opts)?.finish())
    }

    /// The card of one kind of adversary: its stat block as the fight has it, checked by
    /// the rules for what they derive; the library's tags and notes when it came from there
    /// (one deleted since prints as the fight holds it).
    ///
    /// # Errors
    /// Its library adversary, or an entry it names, does not read (damage).
    fn foe_card(
        &self,
        row: &crate::db::encounters::EncounterRow,
        rules: &dyn EncounterRules,
        group: &[&Combatant],
    ) -> Result<FoeCard> {
        let first = group[0];
        let from_library = first
            .adversary
            .map(|a| self.adversary(a).found())
            .transpose()?
            .flatten()
            .filter(|a| a.system == row.system);
        let mut a = from_library.unwrap_or_else(|| Adversary::new(&row.system, stem(&first.name)));
        a.mode.clone_from(&row.mode);
        a.stats = rules
            .stats()
            .iter()
            .filter_map(|s| first.stats.get(s.key).filter(|v| **v != s.default).map(|v| (s.key.to_string(), *v)))
            .collect();
        a.attacks.clone_from(&first.attacks);
        a.conditions.clone_from(&first.arrived_with);
        if a.position.is_none() {
            a.position = super::adversaries::position_of(first);
        }
        let view = match self.check_adversary(&a) {
            Ok((_, v)) => v,
            Err(e) if e.is_damage() => return Err(e),
            // What the rules refuse now still prints as the fight holds it.
            Err(_) => AdversaryView { stats: Vec::new(), derived: Vec::new(), adversary: a.clone(), position: None },
        };
        let mut lines = Vec::new();
        let given: Vec<String> = if view.stats.is_empty() {
            a.stats.iter().map(|(k, v)| format!("{k} {v}")).collect()
        } else {
            view.stats.iter().filter(|s| s.given).map(|s| format!("{} {}", card_label(&s.label), s.value)).collect()
        };
        lines.push(if given.is_empty() { "Every stat at its default".to_string() } else { given.join(" · ") });
        for d in &view.derived {
            lines.push(format!("{}: {} ({})", d.label, d.value_text(), d.breakdown()));
        }
        let mut references = Vec::new();
        if let Some(p) = &view.position {
            // The stat block's line is the position as he plays it (an MLAF caster's own
            // level); the roster's card would read a rookie's, so, as on a character's
            // sheet, the position has no card of its own and its racial spell has one.
            lines.push(format!("Position, {}: {}", p.name, p.facts.join("; ")));
            if let Some(crate::model::Entry { detail: Some(crate::model::Detail::Position(roster)), .. }) =
                self.show(&p.id).found()?
            {
                if let Some(spell) = roster.spell_id {
                    references.push((spell, format!("{}'s racial spell", a.name)));
                }
            }
        }
        for x in &a.attacks {
            let numbers = if x.numbers.is_empty() { String::new() } else { format!(": {}", x.numbers) };
            lines.push(format!("Attack, {}{numbers}", x.name));
            if let Some(e) = &x.entry {
                references.push((e.clone(), format!("Used by {}", a.name)));
            }
        }
        if !a.conditions.is_empty() {
            let names: Vec<&str> = a.conditions.iter().map(|c| c.name.as_str()).collect();
            lines.push(format!("Starts with: {}", names.join(", ")));
            for c in a.conditions.iter().filter_map(|c| c.id.clone()) {
                references.push((c, format!("{} starts with it", a.name)));
            }
        }
        let who: Vec<String> =
            group.iter().map(|c| if c.hidden { format!("{} (hidden)", c.name) } else { c.name.clone() }).collect();
        lines.push(format!("In this fight: {}", who.join(", ")));
        let mut entry = adversary_entry(&view);
        if first.adversary.is_none() {
            entry.source.document = format!("Encounter {}", row.name);
            entry.source.section = "typed for this fight".into();
        }
        Ok(FoeCard { entry, lines, who: format!("×{} in this fight", group.len()), references })
    }
}

/// The fight's adversaries by kind, in the order they joined: the copies of one library
/// adversary together, and quick combatants of one name (its number aside) with the same
/// stats together. Saved characters are left out.
fn kinds<'a>(combatants: &'a [Shared<Combatant>], rules: &dyn EncounterRules) -> Vec<Vec<&'a Combatant>> {
    type Key = (Option<i64>, String, BTreeMap<String, i64>);
    let key = |c: &Combatant| -> Key {
        let stats = rules.stats().iter().filter_map(|s| c.stats.get(s.key).map(|v| (s.key.to_string(), *v))).collect();
        (c.adversary, stem(&c.name).to_lowercase(), stats)
    };
    let mut groups: Vec<(Key, Vec<&Combatant>)> = Vec::new();
    for c in combatants.iter().map(|c| &**c).filter(|c| c.character.is_none()) {
        let k = key(c);
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, list)) => list.push(c),
            None => groups.push((k, vec![c])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// A stat's label as a card prints it: the tracker's note on what 0 means ("AR (0: typed
/// at each attack)") is for its form; a printed stat has its value.
fn card_label(label: &str) -> &str {
    label.split_once(" (0:").map_or(label, |(head, _)| head)
}

/// "Goblin 3" → "Goblin"; a name without a number is its own.
fn stem(name: &str) -> &str {
    match name.rsplit_once(' ') {
        Some((head, n)) if n.parse::<u32>().is_ok() => head,
        _ => name,
    }
}
