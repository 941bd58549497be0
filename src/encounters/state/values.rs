//! Values set by hand: a stat, or a tracked value within its rule's range.

use super::State;
use crate::encounters::{EncounterRules, Outcome, StatSpec, MAX_AMOUNT};
use crate::error::{Error, Result};

impl State {
    /// A stat or a tracked value set by hand, within the range its rule allows.
    pub(super) fn on_set(
        &mut self,
        rules: &dyn EncounterRules,
        name: &str,
        field: &str,
        value: i64,
        out: &mut Outcome,
    ) -> Result<()> {
        let i = self.find(name)?;
        let spec = resolve_stat(rules, field);
        let c = &mut self.combatants[i];
        if let Some(spec) = spec {
            check_stat(spec, value)?;
            let mut changed = c.clone();
            changed.stats.insert(spec.key.to_string(), value);
            rules.admit(self, &mut changed)?;
            let c = &mut self.combatants[i];
            *c = changed;
            out.lines.push(format!("{}: {} set to {value}", c.name, spec.label));
            let o = rules.after_set(c, spec.key)?;
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
        } else if c.values.contains_key(field) {
            let (min, max) = rules.value_range(c, field).unwrap_or((0, MAX_AMOUNT));
            if !(min..=max).contains(&value) {
                return Err(Error::InvalidInput(format!("{field} must be between {min} and {max}, not {value}")));
            }
            c.values.insert(field.to_string(), value);
            out.lines.push(format!("{}: {field} set to {value}", c.name));
            let o = rules.after_set(c, field)?;
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
        } else {
            let mut known: Vec<String> = rules.stats().iter().map(|s| s.key.to_string()).collect();
            known.extend(c.values.keys().cloned());
            known.push("hidden".into());
            // A system may keep a value under a stat's key; each is offered once.
            let mut seen = std::collections::BTreeSet::new();
            known.retain(|k| seen.insert(k.clone()));
            return Err(Error::NotFound { what: "value", id: field.to_string(), suggestions: known });
        }
        Ok(())
    }
}

/// A stat's spec by its key or one of its other words (case aside).
pub fn resolve_stat(rules: &dyn EncounterRules, word: &str) -> Option<&'static StatSpec> {
    let w = word.trim().to_ascii_lowercase().replace('_', "-");
    rules.stats().iter().find(|s| s.key == w || s.aliases.iter().any(|a| a.eq_ignore_ascii_case(&w)))
}

pub(super) fn check_stat(spec: &StatSpec, value: i64) -> Result<()> {
    if (spec.min..=spec.max).contains(&value) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("{} must be between {} and {}, not {value}", spec.label, spec.min, spec.max)))
    }
}
