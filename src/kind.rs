//! The kinds of reference entry.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What sort of reference item an entry is; the middle part of its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Weapon,
    Armor,
    Spell,
    Condition,
    SpecialEffect,
    School,
    Maneuver,
    Position,
    Table,
    Rule,
    /// A section of a rules document the user imported as text (`tome import-text`).
    Section,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::Weapon,
        Kind::Armor,
        Kind::Spell,
        Kind::Condition,
        Kind::SpecialEffect,
        Kind::School,
        Kind::Maneuver,
        Kind::Position,
        Kind::Table,
        Kind::Rule,
        Kind::Section,
    ];

    /// The kind as it appears in ids and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Weapon => "weapon",
            Kind::Armor => "armor",
            Kind::Spell => "spell",
            Kind::Condition => "condition",
            Kind::SpecialEffect => "special-effect",
            Kind::School => "school",
            Kind::Maneuver => "maneuver",
            Kind::Position => "position",
            Kind::Table => "table",
            Kind::Rule => "rule",
            Kind::Section => "section",
        }
    }

    /// A human label, in the plural, for headings.
    pub fn plural_label(self) -> &'static str {
        match self {
            Kind::Weapon => "Weapons",
            Kind::Armor => "Armour",
            Kind::Spell => "Spells",
            Kind::Condition => "Conditions and states",
            Kind::SpecialEffect => "Special effects",
            Kind::School => "Schools",
            Kind::Maneuver => "Maneuvers",
            Kind::Position => "Positions",
            Kind::Table => "Tables",
            Kind::Rule => "Rules",
            Kind::Section => "Document sections",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The words a user may type for a kind: the id form, plurals, British spellings and
/// the name other systems use ("state" is Amtgard's word for a condition).
impl FromStr for Kind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let k = s.trim().to_ascii_lowercase().replace('_', "-");
        let kind = match k.as_str() {
            "weapon" | "weapons" => Kind::Weapon,
            "armor" | "armors" | "armour" | "armours" => Kind::Armor,
            "spell" | "spells" => Kind::Spell,
            "condition" | "conditions" | "state" | "states" => Kind::Condition,
            "special-effect" | "special-effects" | "effect" | "effects" => Kind::SpecialEffect,
            "school" | "schools" => Kind::School,
            "maneuver" | "maneuvers" | "manoeuvre" | "manoeuvres" => Kind::Maneuver,
            "position" | "positions" => Kind::Position,
            "table" | "tables" => Kind::Table,
            "rule" | "rules" => Kind::Rule,
            "section" | "sections" => Kind::Section,
            _ => {
                let known: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
                return Err(format!("unknown kind `{s}` (kinds: {})", known.join(", ")));
            }
        };
        Ok(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_id_form() {
        for k in Kind::ALL {
            assert_eq!(k.as_str().parse::<Kind>().unwrap(), k);
        }
    }

    #[test]
    fn user_words_map_to_kinds() {
        assert_eq!("states".parse::<Kind>().unwrap(), Kind::Condition);
        assert_eq!("Armour".parse::<Kind>().unwrap(), Kind::Armor);
        assert_eq!("special_effect".parse::<Kind>().unwrap(), Kind::SpecialEffect);
        assert!("wand".parse::<Kind>().unwrap_err().contains("weapon"));
    }
}
