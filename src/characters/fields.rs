//! The sheet fields whose values the rules bound, per system.
//!
//! A sheet holds whatever a player writes, so most fields are free: any name, a whole
//! number or text. The fields listed here are the ones the calculators read, and they
//! are held to the same ranges the calculators accept (see `src/rules/`), so a saved or
//! imported character never carries a value its derived stats would reject. The sheet
//! editors can add fields here as they learn what each system's sheet holds.

/// A field the rules give a range for: a whole number in `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSpec {
    pub system: &'static str,
    /// The field's name, or a prefix ending in `.` that covers a family of fields
    /// (`ability.` covers `ability.brawl`, `ability.single-weapon`, …).
    pub field: &'static str,
    pub min: i64,
    pub max: i64,
}

const fn int(system: &'static str, field: &'static str, min: i64, max: i64) -> FieldSpec {
    FieldSpec { system, field, min, max }
}

/// Every bounded field. Ranges match the calculators' declared parameters.
pub const FIELDS: &[FieldSpec] = &[
    // Ars Magica: characteristics run -10..10, Abilities 0..30, Size -20..20.
    int("ars-magica", "intelligence", -10, 10),
    int("ars-magica", "perception", -10, 10),
    int("ars-magica", "strength", -10, 10),
    int("ars-magica", "stamina", -10, 10),
    int("ars-magica", "presence", -10, 10),
    int("ars-magica", "communication", -10, 10),
    int("ars-magica", "dexterity", -10, 10),
    int("ars-magica", "quickness", -10, 10),
    int("ars-magica", "size", -20, 20),
    int("ars-magica", "ability.", 0, 30),
    // Wounds are counts per level; fatigue is levels lost of each kind.
    int("ars-magica", "wounds.", 0, 100),
    int("ars-magica", "fatigue.", 0, 20),
    // MythCraft.
    int("mythcraft", "level", 1, 20),
    int("mythcraft", "str", -3, 12),
    int("mythcraft", "cor", -3, 12),
    int("mythcraft", "hp", 0, 9999),
    int("mythcraft", "max-hp", 1, 9999),
    int("mythcraft", "shield-hp", 0, 9999),
    int("mythcraft", "death-points", 0, 8),
    int("mythcraft", "dr", 0, 999),
    int("mythcraft", "speed", 0, 300),
    int("mythcraft", "speed.", 0, 300),
    // Amtgard: armour points per hit location.
    int("amtgard", "armor.", 0, 10),
    // MLAF.
    int("mlaf", "level", 1, 10),
    // Primal Wild: Gnosis 1..10, an Arcanum 0..5 dots, Willpower 0..10.
    int("primal-wild", "gnosis", 1, 10),
    int("primal-wild", "arcanum.", 0, 5),
    int("primal-wild", "willpower", 0, 10),
    int("primal-wild", "max-willpower", 1, 10),
];

/// The spec that bounds `field` on a sheet of `system`, if any: an exact name wins
/// over a prefix.
pub fn spec(system: &str, field: &str) -> Option<&'static FieldSpec> {
    let of_system = || FIELDS.iter().filter(move |s| s.system == system);
    of_system().find(|s| s.field == field && !s.field.ends_with('.')).or_else(|| {
        of_system().find(|s| s.field.ends_with('.') && field.starts_with(s.field) && field.len() > s.field.len())
    })
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
    fn exact_names_and_prefixes() {
        assert_eq!(spec("ars-magica", "strength").map(|s| (s.min, s.max)), Some((-10, 10)));
        assert_eq!(spec("ars-magica", "ability.brawl").map(|s| (s.min, s.max)), Some((0, 30)));
        assert_eq!(spec("ars-magica", "ability."), None, "a prefix alone is not a field");
        assert_eq!(spec("mythcraft", "strength"), None, "specs belong to one system");
        assert_eq!(spec("mythcraft", "speed.fly").map(|s| s.max), Some(300));
    }

    #[test]
    fn every_spec_has_a_sane_range_and_a_valid_name() {
        for s in FIELDS {
            assert!(s.min <= s.max, "{s:?}");
            let name = s.field.strip_suffix('.').unwrap_or(s.field);
            assert_eq!(field_name_problem(name), None, "{s:?}");
        }
    }

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
