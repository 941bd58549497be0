//! The kinds of reference entry.

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use strum::EnumMessage;
use ts_rs::TS;

/// What sort of reference item an entry is; the middle part of its id.
//
// (Not in the doc comment, which goes into the UI's generated types.) Each variant
// declares its id form (`as_str`, `Display`) and the other words a user may type for
// it: plurals, British spellings and the name other systems use ("state" is Amtgard's
// word for a condition). `FromStr` takes any of them.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    TS,
    strum::IntoStaticStr,
    strum::Display,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    #[strum(to_string = "weapon", serialize = "weapons")]
    Weapon,
    #[strum(to_string = "armor", serialize = "armors", serialize = "armour", serialize = "armours")]
    Armor,
    #[strum(to_string = "spell", serialize = "spells")]
    Spell,
    #[strum(to_string = "condition", serialize = "conditions", serialize = "state", serialize = "states")]
    Condition,
    #[strum(to_string = "special-effect", serialize = "special-effects", serialize = "effect", serialize = "effects")]
    SpecialEffect,
    #[strum(to_string = "school", serialize = "schools")]
    School,
    #[strum(to_string = "maneuver", serialize = "maneuvers", serialize = "manoeuvre", serialize = "manoeuvres")]
    Maneuver,
    #[strum(to_string = "position", serialize = "positions")]
    Position,
    #[strum(to_string = "table", serialize = "tables")]
    Table,
    #[strum(to_string = "rule", serialize = "rules")]
    Rule,
    /// A section of a rules document the user imported as text (`tome import-text`).
    #[strum(to_string = "section", serialize = "sections")]
    Section,
    /// One of the game master's adversaries: a stat block kept in the library
    /// (`tome adversary`), found by search with the entries.
    #[strum(
        to_string = "adversary",
        serialize = "adversaries",
        serialize = "monster",
        serialize = "monsters",
        serialize = "creature",
        serialize = "creatures"
    )]
    Adversary,
}

impl Kind {
    pub const ALL: [Kind; 12] = [
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
        Kind::Adversary,
    ];

    /// The kind as it appears in ids and on the command line.
    pub fn as_str(self) -> &'static str {
        self.into()
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
            Kind::Adversary => "Adversaries",
        }
    }
}

/// Any of the words a kind declares, in any case, with `_` for `-`.
impl FromStr for Kind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_ascii_lowercase().replace('_', "-");
        Kind::ALL.into_iter().find(|k| k.get_serializations().contains(&word.as_str())).ok_or_else(|| {
            let known: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
            format!("unknown kind `{s}` (kinds: {})", known.join(", "))
        })
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
    fn every_word_of_a_kind_parses_to_it() {
        for k in Kind::ALL {
            assert_eq!(k.to_string(), k.as_str());
            assert!(k.get_serializations().contains(&k.as_str()), "{k:?}");
            for word in k.get_serializations() {
                assert_eq!(word.parse::<Kind>().unwrap(), k, "{word}");
                assert_eq!(format!(" {} ", word.to_uppercase().replace('-', "_")).parse::<Kind>().unwrap(), k);
            }
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
