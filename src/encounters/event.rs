//! One change to an encounter, as stored (JSON in `encounter_event.event`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One change a game master made. Stored as JSON; unknown fields are refused, so a
/// damaged row is reported rather than half read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// Combatants join (a count of quick ones is already expanded to names). After an
    /// initiative start, each newcomer's initiative roll (typed or rolled by Tome) places
    /// it in the order; one without a roll (an older log) acts last.
    Add {
        combatants: Vec<NewCombatant>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<Roll>,
    },
    Remove {
        name: String,
    },
    /// Kept off (or back on) the player view.
    Hide {
        name: String,
        hidden: bool,
    },
    /// Initiative: every combatant's roll, then the re-rolls that settled ties (a
    /// name's second re-roll follows its first).
    Start {
        rolls: Vec<Roll>,
        #[serde(default)]
        tie_rolls: Vec<Roll>,
    },
    /// The acting combatant's turn ends and the next one's begins.
    Next,
    /// The acting combatant holds its action until after `after` has acted, this round
    /// only (where the rules allow it: [`super::EncounterRules::delay_rule`]).
    Delay {
        after: String,
    },
    Damage {
        name: String,
        amount: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<String>,
    },
    Heal {
        name: String,
        amount: i64,
    },
    AddCondition {
        name: String,
        condition: ConditionRef,
        duration: Duration,
    },
    RemoveCondition {
        name: String,
        condition: String,
    },
    /// A tracked value or a stat set by hand.
    Set {
        name: String,
        field: String,
        value: i64,
    },
    /// Seconds pass on the encounter's clock beyond the real ones (time skipped, or a
    /// reeve catching the board up): durations in seconds run down by that much more.
    Elapse {
        seconds: i64,
    },
    /// A player's roll of any dice (from their phone, or typed by the game master for
    /// them), as Tome made it: the log says it, and the table sees the latest open ones.
    Roll {
        /// The combatant whose player rolled.
        name: String,
        /// As asked: "3d6", "d20+2", "stress".
        dice: String,
        /// The dice and total as rolled ("3d6: 4 + 1 + 4 = 9").
        text: String,
        total: i64,
        /// For the game master alone: never shown to the table.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        secret: bool,
    },
    /// One of the system's own actions ([`super::EncounterRules::actions`]).
    Act {
        action: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// As typed, by parameter name.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        inputs: BTreeMap<String, String>,
        /// What Tome looked up or rolled for it when it was made.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        facts: BTreeMap<String, String>,
        /// A player sent it from their phone and the game master accepted it
        /// (`crate::share`); the log says so.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sent: Option<Sent>,
    },
}

/// Where an action a game master accepted came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Sent {
    /// The device's name at the table ("Ilse's phone").
    pub device: String,
    /// The game master changed it before accepting it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
}

/// A combatant joining: a saved character (its stats come from its sheet) or a quick
/// one with the stats typed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewCombatant {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<i64>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i64>,
    /// What a saved character's sheet gave when it joined, read by Tome as the change is
    /// made (whatever a caller sends is replaced). A replay reads these, never the sheet
    /// as it is now: ending the fight writes its wounds to the sheet, and they must not be
    /// dealt twice. `None` in an event stored by an older Tome: loading it fills them in
    /// once from the sheet's revision of the event's time, and stores them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_sheet: Option<BTreeMap<String, i64>>,
    /// Joins hidden from the players: in the same change, so no view drawn between the
    /// joining and a hide can show it to the table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Conditions it arrives with, until removed (an adversary's from the library): in
    /// the same change, so one undo takes the arrival back whole.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ConditionRef>,
    /// The library's adversary it is a copy of: what prints its card and what "run this
    /// fight again" keeps. The stats above are the fight's own, whatever the library says
    /// later.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adversary: Option<i64>,
    /// Its adversary's attacks and spells as they were when it joined (the tracker's
    /// attack form offers them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<AdversaryAttack>,
    /// What its adversary's roster position gives it as it joins (an MLAF caster's
    /// position, skills and spells known, `EncounterRules::adversary_marks`), read from
    /// the content when it was added, so a replay needs neither content nor library.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(skip)]
    pub marks: Vec<super::Mark>,
    /// What a saved character's sheet brings beyond its stats
    /// ([`super::EncounterRules::sheet_brings`]: Amtgard's enchantments, States and armour
    /// points), read by Tome as the change is made, as `from_sheet` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(skip)]
    pub brought: Option<super::SheetBrings>,
}

impl NewCombatant {
    /// A quick combatant, with the stats typed for it.
    pub fn quick(name: impl Into<String>, stats: BTreeMap<String, i64>) -> NewCombatant {
        NewCombatant {
            name: name.into(),
            character: None,
            stats,
            from_sheet: None,
            hidden: false,
            conditions: Vec::new(),
            adversary: None,
            attacks: Vec::new(),
            marks: Vec::new(),
            brought: None,
        }
    }

    /// A saved character, whose sheet Tome reads as the change is made.
    pub fn saved(name: impl Into<String>, character: i64) -> NewCombatant {
        NewCombatant { character: Some(character), ..NewCombatant::quick(name, BTreeMap::new()) }
    }
}

/// An attack or spell: a weapon or spell from the reference (by id), or typed, with its
/// numbers as the game master writes them ("+4, 1d6+2 sharp"). An adversary's, and a
/// combatant's added from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct AdversaryAttack {
    pub name: String,
    /// The weapon, spell or other entry it is, when the reference has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub entry: Option<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub numbers: String,
}

impl AdversaryAttack {
    /// A written attack's name and numbers as a sheet and the library write them on one
    /// line: "Short sword: +5, 1d6+2 sharp, melee, 2 AP" (no colon: all numbers, no name);
    /// `None` for an empty line. The one reading of that form: a sheet's written attacks,
    /// the library's `adversary attack` and [`AdversaryAttack::written`] agree.
    pub fn split_written(line: &str) -> Option<(&str, &str)> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        Some(match line.split_once(':') {
            Some((name, numbers)) => (name.trim(), numbers.trim()),
            None => ("", line),
        })
    }

    /// The attack on one line, as a sheet writes it: "Short sword: +5, 1d6+2 sharp" (its
    /// name alone without numbers, `name` standing in for an entry's unnamed one).
    pub fn written(&self, name: &str) -> String {
        match (name.trim(), self.numbers.trim()) {
            (name, "") => name.to_string(),
            ("", numbers) => numbers.to_string(),
            (name, numbers) => format!("{name}: {numbers}"),
        }
    }
}

/// A die roll: typed in from the table, or rolled by Tome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    pub name: String,
    pub value: i64,
    /// Rolled by Tome rather than typed.
    #[serde(default)]
    pub rolled: bool,
}

/// A condition, state or spell on a combatant: a reference entry (its id, so the app
/// can show its rules) or a custom one with only a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ConditionRef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub name: String,
}

/// How long a condition lasts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Duration {
    /// A number of rounds, counted down at the end of the bearer's turns.
    Rounds {
        rounds: i64,
    },
    /// Until the end of the named combatant's next turn.
    EndOfTurnOf {
        name: String,
    },
    /// Real seconds from when it was added (live-action play).
    Seconds {
        seconds: i64,
    },
    UntilRemoved,
}
