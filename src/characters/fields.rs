//! The sheet fields whose values the rules bound, per system.
//!
//! A sheet holds whatever a player writes, so most fields are free: any name, a whole
//! number or text. The whole-number fields of a system's sheet layout
//! ([`crate::sheets`]) are held to their ranges, so a saved or imported character never
//! carries a value its derived stats would reject.

/// The range the rules hold a whole-number field to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSpec {
    pub min: i64,
    pub max: i64,
    pub default: i64,
}

/// What the sheet of a system says a field may hold: what a save, an import and a
/// restore hold its value to, as `tome character set` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldRule {
    /// Anything at all (no sheet to ask: storage used without the game systems).
    Free,
    /// Words a player writes: a text field of the sheet. A number here is refused, as
    /// `character set` stores what it is given for such a field as text.
    Text,
    /// A whole number in this range.
    Range(FieldSpec),
    /// One of these words.
    Choice(Vec<String>),
    /// The sheet has no such field.
    Unknown,
}

/// Where saves look up what `field` on a sheet of `system` may hold (each system's sheet
/// layout, given by the layer above: see `crate::systems::field_rule`).
pub type FieldRules = fn(system: &str, field: &str) -> FieldRule;

/// What the sheet of `system` calls `field` ("Heavy wounds" for `wounds.heavy`), for
/// the history's words (see `crate::systems::field_label`).
pub type FieldLabels = fn(system: &str, field: &str) -> String;

/// Fields go by their keys: a database used without the game systems.
pub fn keys(_system: &str, field: &str) -> String {
    field.to_string()
}

/// Every field is free: a database used without the game systems (tools, tests of
/// storage alone).
pub fn unbounded(_system: &str, _field: &str) -> FieldRule {
    FieldRule::Free
}

/// The longest field name a sheet accepts.
pub const MAX_FIELD_LEN: usize = 64;

/// Why `name` cannot be a field name, if it cannot. Field names are lower-case words of
/// letters and digits joined by `-` or `.` (`strength`, `ability.great-weapon`), so
/// they read the same in the CLI, in JSON paths and in the database.
pub fn field_name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("a field needs a name".into());
    }
    if name.len() > MAX_FIELD_LEN {
        return Some(format!("a field name is at most {MAX_FIELD_LEN} characters"));
    }
    let starts_with_letter = name.chars().next().is_some_and(|c| c.is_ascii_lowercase());
    let allowed = name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
    let separators_ok = !name.ends_with(['-', '.'])
        && !name.contains("--")
        && !name.contains("..")
        && !name.contains("-.")
        && !name.contains(".-");
    if starts_with_letter && allowed && separators_ok {
        None
    } else {
        Some("a field name is lower-case letters and digits, words joined by `-` or `.`, starting with a letter".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_names() {
        for ok in ["strength", "ability.great-weapon", "armor.left-arm", "a1"] {
            assert_eq!(field_name_problem(ok), None, "{ok}");
        }
        for bad in ["", "Strength", "1st", "a..b", "a-", "a.", "with space", "a_b", &"x".repeat(65)] {
            assert!(field_name_problem(bad).is_some(), "{bad:?}");
        }
    }
}
