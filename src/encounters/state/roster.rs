//! Who is in the fight: joining, leaving, and being hidden from the players.

use std::collections::BTreeMap;

use super::values::{check_stat, resolve_stat};
use super::{Combatant, State};
use crate::encounters::{Duration, EncounterRules, NewCombatant, Outcome, Pace, Roll, MAX_COMBATANTS};
use crate::error::{Error, Result};

impl NewCombatant {
    /// Writes into the join each stat whose default changed
    /// ([`EncounterRules::older_defaults`]) that it does not give, at today's default, so
    /// its replay never takes it for an older Tome's join. A saved character's sheet
    /// gives its own: its stats are left until they are read ([`NewCombatant::from_sheet`]).
    pub fn name_changed_defaults(&mut self, rules: &dyn EncounterRules) {
        for (key, _) in rules.older_defaults() {
            let Some(spec) = rules.stats().iter().find(|s| s.key == *key) else { continue };
            let given = self.stats.keys().any(|k| resolve_stat(rules, k).is_some_and(|s| s.key == *key));
            let unsaid = match (self.character, &self.from_sheet) {
                (None, _) => true,
                (Some(_), Some(sheet)) => !sheet.contains_key(*key),
                (Some(_), None) => false,
            };
            if !given && unsaid {
                self.stats.insert(spec.key.to_string(), spec.default);
            }
        }
    }
}

impl State {
    /// Combatants join. After an initiative start, one with a roll takes its place in
    /// the order by the system's initiative; one without (a log older than rolls on
    /// joining) acts last.
    pub(super) fn on_add(
        &mut self,
        rules: &dyn EncounterRules,
        combatants: &[NewCombatant],
        rolls: &[Roll],
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
        at: i64,
        out: &mut Outcome,
    ) -> Result<()> {
        if combatants.is_empty() {
            return Err(Error::InvalidInput("no combatant to add".into()));
        }
        if self.combatants.len() + combatants.len() > MAX_COMBATANTS {
            return Err(Error::InvalidInput(format!(
                "an encounter holds at most {MAX_COMBATANTS} combatants ({} now, {} more asked)",
                self.combatants.len(),
                combatants.len()
            )));
        }
        if let Some(stray) = rolls.iter().find(|r| !combatants.iter().any(|c| c.name.trim() == r.name)) {
            return Err(Error::InvalidInput(format!("an initiative roll for {}, who is not joining", stray.name)));
        }
        let ordered = self.started() && rules.pace() == Pace::Initiative;
        if !ordered && !rolls.is_empty() {
            return Err(Error::InvalidInput(
                "initiative is rolled on joining only once an initiative fight has started".into(),
            ));
        }
        for new in combatants {
            let mut c = self.join(rules, new, sheet)?;
            rules.admit(self, &mut c)?;
            if c.character.is_some() {
                c.joined = rules.lasting(&c);
            }
            let roll = rolls.iter().find(|r| r.name == c.name);
            let mut joined = match (ordered, roll) {
                (false, _) => format!("{} joins", c.name),
                (true, _) if rules.leaves_order(&c).is_some() => format!("{} joins, with no turns", c.name),
                (true, None) => {
                    self.order.push(c.name.clone());
                    self.initiative_order.push(c.name.clone());
                    format!("{} joins, acting last in the order", c.name)
                }
                (true, Some(r)) => {
                    super::initiative::check_die(rules, &c.name, r.value)?;
                    let (keys, o) = rules.initiative(&c, r.value);
                    out.terms.extend(o.terms);
                    c.initiative = Some(keys[0]);
                    c.tie_keys = keys[1..].to_vec();
                    let how = if r.rolled { "rolled by Tome" } else { "typed" };
                    let when = self.place_late(&c.name, &keys);
                    format!("{} joins: die {} ({how}); initiative {}, {when}", c.name, r.value, keys[0])
                }
            };
            if c.hidden {
                joined.push_str(" (hidden from the player view)");
            }
            out.lines.push(joined);
            let name = c.name.clone();
            self.combatants.push(c.into());
            for condition in &new.conditions {
                self.on_add_condition(rules, &name, condition, &Duration::UntilRemoved, at, out)?;
            }
        }
        Ok(())
    }

    /// Puts a newcomer with initiative `keys` into the order by the system's keys: its
    /// initiative, then the tie-breaks (MythCraft's AWR). Interpretation: one tied on every
    /// key goes after those it ties with, since the start's re-rolls settled their order
    /// among themselves; and a place this round's turns have already passed means it first
    /// acts next round. Says which.
    fn place_late(&mut self, name: &str, keys: &[i64]) -> String {
        let keys_of = |s: &State, n: &str| -> Vec<i64> {
            s.find(n).ok().map_or_else(Vec::new, |i| {
                let c = &s.combatants[i];
                c.initiative.into_iter().chain(c.tie_keys.iter().copied()).collect()
            })
        };
        let tied: Vec<String> = self.initiative_order.iter().filter(|n| keys_of(self, n) == keys).cloned().collect();
        let tie = if tied.is_empty() {
            String::new()
        } else {
            format!(" (tied with {}: after them, as the order set stands; Interpretation)", tied.join(", "))
        };
        let at = self
            .initiative_order
            .iter()
            .position(|n| keys_of(self, n).as_slice() < keys)
            .unwrap_or(self.initiative_order.len());
        self.initiative_order.insert(at, name.to_string());
        if self.values.contains_key(super::OPENING) {
            return format!("acting from round 1{tie}");
        }
        let pos = self.order.iter().position(|n| keys_of(self, n).as_slice() < keys).unwrap_or(self.order.len());
        self.order.insert(pos, name.to_string());
        if pos <= self.turn && self.order.len() > 1 {
            self.turn += 1;
            format!("acting from next round (Interpretation: its place this round has passed){tie}")
        } else {
            format!("acting this round{tie}")
        }
    }

    /// A combatant leaves; the turn stays with whoever was acting.
    pub(super) fn on_remove(&mut self, name: &str, out: &mut Outcome) -> Result<()> {
        let i = self.find(name)?;
        let gone = self.combatants.remove(i);
        self.initiative_order.retain(|n| *n != gone.name);
        if let Some(pos) = self.order.iter().position(|n| *n == gone.name) {
            self.order.remove(pos);
            if pos < self.turn || (pos == self.turn && self.turn >= self.order.len()) {
                self.turn = self.turn.saturating_sub(1);
            }
            if self.order.is_empty() {
                self.turn = 0;
            }
        }
        out.lines.push(format!("{} leaves the encounter", gone.name));
        Ok(())
    }

    /// Kept off (or put back on) the player view.
    pub(super) fn on_hide(&mut self, name: &str, hidden: bool, out: &mut Outcome) -> Result<()> {
        let i = self.find(name)?;
        let c = &mut self.combatants[i];
        c.hidden = hidden;
        out.lines.push(if hidden {
            format!("{} is hidden from the player view", c.name)
        } else {
            format!("{} is shown on the player view", c.name)
        });
        Ok(())
    }

    fn join(
        &self,
        rules: &dyn EncounterRules,
        new: &NewCombatant,
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<super::Combatant> {
        let name = new.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(Error::InvalidInput("a combatant's name has 1 to 100 characters".into()));
        }
        if self.find(name).is_ok() {
            return Err(Error::InvalidInput(format!("there is already a combatant called {name}")));
        }
        let mut stats: BTreeMap<String, i64> = match (new.character, &new.from_sheet) {
            (Some(_), Some(kept)) => kept.clone(),
            // Only where no stats were kept: Tome fills them in before a change is applied
            // and upgrades an older Tome's stored event on loading it (`api/encounters.rs`).
            (Some(id), None) => sheet(id)?,
            (None, _) => BTreeMap::new(),
        };
        let mut given = std::collections::BTreeSet::new();
        for (key, &value) in &new.stats {
            let spec = resolve_stat(rules, key).ok_or_else(|| Error::NotFound {
                what: "stat",
                id: key.clone(),
                suggestions: rules.stats().iter().map(|s| s.key.to_string()).collect(),
            })?;
            check_stat(spec, value)?;
            // Two words for one stat (`init` and `initiative`): which was meant is unknown.
            if !given.insert(spec.key) {
                return Err(Error::InvalidInput(format!("{} is given twice: give it once", spec.label)));
            }
            stats.insert(spec.key.to_string(), value);
        }
        let older = rules.older_defaults();
        for spec in rules.stats() {
            // A stat whose default changed is in every join Tome stores now: one without
            // it is an older Tome's, and takes the default it had then.
            let default = older.iter().find(|(key, _)| *key == spec.key).map_or(spec.default, |(_, d)| *d);
            stats.entry(spec.key.to_string()).or_insert(default);
        }
        let mut c = Combatant {
            name: name.to_string(),
            character: new.character,
            hidden: new.hidden,
            stats,
            values: BTreeMap::new(),
            initiative: None,
            conditions: Vec::new(),
            marks: new.marks.clone(),
            joined: BTreeMap::new(),
            tie_keys: Vec::new(),
            adversary: new.adversary,
            attacks: new.attacks.clone(),
            arrived_with: new.conditions.clone(),
            arrived_marks: new.marks.clone(),
        };
        rules.join(&mut c);
        if let Some(brought) = &new.brought {
            brought.place(&mut c);
        }
        Ok(c)
    }
}
