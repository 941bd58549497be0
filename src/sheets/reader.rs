//! Reading a sheet's values for the rules: a missing number is its field's default, a
//! number out of range is brought into range and warned about, and text where a number
//! belongs is warned about and read as the default.

use std::collections::BTreeSet;

use super::{SheetLayout, SheetWarning};
use crate::characters::{Character, SheetValue};

pub struct Reader<'a> {
    layout: &'a SheetLayout,
    character: &'a Character,
    warned: BTreeSet<String>,
    warnings: Vec<SheetWarning>,
}

impl<'a> Reader<'a> {
    pub fn new(layout: &'a SheetLayout, character: &'a Character) -> Reader<'a> {
        let mut r = Reader { layout, character, warned: BTreeSet::new(), warnings: Vec::new() };
        // Every bounded value is checked, read by a stat or not, so the sheet shows
        // each bad value beside its field.
        for key in character.values.keys() {
            if layout.spec(key).is_some() {
                r.int(key);
            }
        }
        r
    }

    /// The number in `key`, within its range; 0 for a field the layout does not bound.
    pub fn int(&mut self, key: &str) -> i64 {
        let spec = self.layout.spec(key);
        let default = spec.map_or(0, |s| s.default);
        match self.character.values.get(key) {
            None => default,
            Some(SheetValue::Int(n)) => match spec {
                Some(s) if *n < s.min || *n > s.max => {
                    let used = (*n).clamp(s.min, s.max);
                    let label = self.layout.label(key);
                    self.warn_once(
                        key,
                        format!("{label} must be from {} to {}, not {n}; derived stats use {used}", s.min, s.max),
                    );
                    used
                }
                _ => *n,
            },
            Some(SheetValue::Text(t)) => {
                let label = self.layout.label(key);
                self.warn_once(key, format!("{label} must be a whole number, not {t:?}; derived stats use {default}"));
                default
            }
        }
    }

    /// The text in `key`, trimmed; `None` when empty or absent. A number reads as its
    /// digits.
    pub fn text(&self, key: &str) -> Option<String> {
        match self.character.values.get(key)? {
            SheetValue::Text(t) => Some(t.trim().to_string()).filter(|t| !t.is_empty()),
            SheetValue::Int(n) => Some(n.to_string()),
        }
    }

    /// The members of a family that the sheet has values for, as (key, label, value),
    /// in key order.
    pub fn family(&mut self, prefix: &str) -> Vec<(String, String, i64)> {
        let keys: Vec<String> =
            self.character.values.keys().filter(|k| k.starts_with(prefix) && k.len() > prefix.len()).cloned().collect();
        keys.into_iter()
            .map(|k| {
                let v = self.int(&k);
                let label = self.layout.label(&k);
                (k, label, v)
            })
            .collect()
    }

    /// A warning about the value in `key`, said once however many stats read it.
    pub fn warn_once(&mut self, key: &str, message: String) {
        if self.warned.insert(key.to_string()) {
            self.warnings.push(SheetWarning { field: Some(key.to_string()), message, rule: None });
        }
    }

    pub fn into_warnings(self) -> Vec<SheetWarning> {
        self.warnings
    }
}
