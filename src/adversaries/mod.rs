//! The game master's adversaries: named stat blocks of one system, kept in a library and
//! added to any fight in one step.
//!
//! An [`Adversary`] holds exactly the stats its system's tracker uses (its
//! `EncounterRules::stats`, for the kind of encounter it fights in), its attacks and
//! spells, the conditions it starts a fight with, tags and the game master's notes. This
//! module is the data and its file; what the rules make of the stats (the derived
//! numbers with their reasons, and what they refuse) comes from each system's
//! `adversary.rs` through `GameSystem::check_adversary`, and the API
//! (`src/api/adversaries.rs`) puts the two together when one is saved.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::encounters::ConditionRef;
use crate::error::Problem;
use crate::sheets::DerivedStat;

/// The longest name: a numbered copy in a fight ("Goblin 12") stays within a
/// combatant's 100 characters.
pub const MAX_NAME: usize = 80;
pub const MAX_TAGS: usize = 20;
pub const MAX_TAG: usize = 40;
pub const MAX_ATTACKS: usize = 30;
pub const MAX_CONDITIONS: usize = 20;
pub const MAX_TEXT: usize = 200;
pub const MAX_NOTES: usize = 20_000;
/// The largest adversary file read.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// The file format's version, written in every export.
pub const FILE_FORMAT: u32 = 1;

/// One adversary of the library.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Adversary {
    /// 0 before it is first saved.
    #[serde(default)]
    pub id: i64,
    pub system: String,
    /// The kind of encounter it fights in (`duel` for Primal Wild's Duel Arcane); empty
    /// for the system's usual one.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mode: String,
    pub name: String,
    /// The tracker's stats it differs from their defaults in, by key (`max-hp`, `cor`
    /// and other words the tracker takes are saved under its key).
    #[serde(default)]
    pub stats: BTreeMap<String, i64>,
    /// The roster position it plays (an entry of kind `position`: an MLAF caster's, which
    /// brings the position's skills and racial spell into a match). Saved as the entry's
    /// id; a name is taken too. Systems without positions refuse one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub position: Option<String>,
    #[serde(default)]
    pub attacks: Vec<AdversaryAttack>,
    /// The conditions it starts a fight with: a reference entry, or a custom one.
    #[serde(default)]
    pub conditions: Vec<ConditionRef>,
    /// The game master's words for sorting and finding it ("undead", "city guard").
    #[serde(default)]
    pub tags: Vec<String>,
    /// In the game master's own words.
    #[serde(default)]
    pub notes: String,
    /// The homebrew pack that ships it: changed by importing the pack again, not saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pack: Option<String>,
    /// Where its numbers come from, when it is one of Tome's starters (`seed/<system>/
    /// adversaries.toml`): the rules document's section. Kept beside the stat block, not in
    /// it, so the game master's edits never change it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source: Option<String>,
    /// 0 before it is first saved.
    #[serde(default)]
    pub revision: i64,
    #[serde(default)]
    pub created: i64,
    #[serde(default)]
    pub updated: i64,
}

impl Adversary {
    /// A new, empty adversary of `system` called `name`.
    pub fn new(system: &str, name: &str) -> Adversary {
        Adversary {
            id: 0,
            system: system.to_string(),
            mode: String::new(),
            name: name.to_string(),
            stats: BTreeMap::new(),
            position: None,
            attacks: Vec::new(),
            conditions: Vec::new(),
            tags: Vec::new(),
            notes: String::new(),
            pack: None,
            source: None,
            revision: 0,
            created: 0,
            updated: 0,
        }
    }

    /// The stat block as stored: what a revision keeps, without the record's own
    /// numbers (id, revision, times), so an unchanged save is seen as one.
    pub fn body(&self) -> String {
        let kept = Adversary { id: 0, revision: 0, created: 0, updated: 0, pack: None, source: None, ..self.clone() };
        serde_json::to_string(&kept).expect("plain data")
    }

    /// A line for lists and search: its tags, then the first line of its notes.
    pub fn summary(&self) -> String {
        let first = self.notes.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
        let first: String = first.chars().take(160).collect();
        match (self.tags.is_empty(), first.is_empty()) {
            (false, false) => format!("{} · {first}", self.tags.join(", ")),
            (false, true) => self.tags.join(", "),
            _ => first,
        }
    }

    /// Every problem with what the game master typed that needs no rules: names, tags,
    /// attacks and notes within bounds. The stats are the system's to check.
    pub fn shape_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let name = self.name.trim();
        if name.is_empty() {
            out.push(Problem::field("name", "an adversary needs a name"));
        } else if name.chars().count() > MAX_NAME {
            out.push(Problem::field("name", format!("a name has at most {MAX_NAME} characters")));
        } else if let Some(why) = crate::text::name_problem(name) {
            out.push(Problem::field("name", why));
        } else if name.rsplit_once(' ').is_some_and(|(_, n)| n.parse::<u32>().is_ok()) {
            // Its copies in a fight are numbered: "Goblin 2" would be read as a copy.
            out.push(Problem::field("name", "a name may not end in a number (its copies in a fight are numbered)"));
        }
        if self.tags.len() > MAX_TAGS {
            out.push(Problem::field("tags", format!("at most {MAX_TAGS} tags")));
        }
        for (i, t) in self.tags.iter().enumerate() {
            if t.trim().is_empty() || t.chars().count() > MAX_TAG {
                out.push(Problem::field(format!("tags[{i}]"), format!("a tag has 1 to {MAX_TAG} characters")));
            }
        }
        if self.attacks.len() > MAX_ATTACKS {
            out.push(Problem::field("attacks", format!("at most {MAX_ATTACKS} attacks and spells")));
        }
        for (i, a) in self.attacks.iter().enumerate() {
            if a.name.trim().is_empty() || a.name.chars().count() > MAX_TEXT {
                out.push(Problem::field(
                    format!("attacks[{i}].name"),
                    format!("a name has 1 to {MAX_TEXT} characters"),
                ));
            }
            if a.numbers.chars().count() > MAX_TEXT {
                out.push(Problem::field(format!("attacks[{i}].numbers"), format!("at most {MAX_TEXT} characters")));
            }
        }
        if self.conditions.len() > MAX_CONDITIONS {
            out.push(Problem::field("conditions", format!("at most {MAX_CONDITIONS} starting conditions")));
        }
        for (i, c) in self.conditions.iter().enumerate() {
            if c.name.trim().is_empty() || c.name.chars().count() > MAX_TEXT {
                out.push(Problem::field(
                    format!("conditions[{i}]"),
                    format!("a condition's name has 1 to {MAX_TEXT} characters"),
                ));
            }
        }
        if self.notes.chars().count() > MAX_NOTES {
            out.push(Problem::field("notes", format!("notes hold at most {MAX_NOTES} characters")));
        }
        out
    }

    /// Tags trimmed, without repeats (any case), in the order given.
    pub fn tidy(&mut self) {
        self.name = self.name.trim().to_string();
        let mut seen = Vec::<String>::new();
        self.tags.retain_mut(|t| {
            *t = t.trim().to_string();
            let folded = t.to_lowercase();
            let keep = !t.is_empty() && !seen.contains(&folded);
            seen.push(folded);
            keep
        });
        self.position = self.position.take().map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
        for a in &mut self.attacks {
            a.name = a.name.trim().to_string();
            a.numbers = a.numbers.trim().to_string();
        }
    }
}

/// An attack or spell (kept in the encounters' module, since a combatant added from the
/// library carries its adversary's into the fight and the tracker's attack form).
pub use crate::encounters::AdversaryAttack;

/// What the rules make of an adversary's stats: the derived numbers (each with the
/// terms that reach it), and the problems that refuse a save (each with its field).
#[derive(Debug, Clone, Default)]
pub struct AdversaryCheck {
    pub derived: Vec<DerivedStat>,
    pub problems: Vec<Problem>,
}

impl AdversaryCheck {
    /// A problem with the stat `key`.
    pub fn refuse(&mut self, key: &str, message: impl Into<String>) {
        self.problems.push(Problem::field(format!("stats.{key}"), message));
    }

    /// A problem with the written attack at `index`'s numbers.
    pub fn refuse_attack(&mut self, index: usize, message: impl Into<String>) {
        self.problems.push(Problem::field(format!("attacks[{index}].numbers"), message));
    }

    /// A derived number and its reason.
    pub fn derive(
        &mut self,
        key: &str,
        label: &str,
        value: impl Into<serde_json::Value>,
        terms: Vec<crate::rules::Term>,
    ) {
        self.derived.push(DerivedStat {
            key: key.to_string(),
            label: label.to_string(),
            group: "Derived".to_string(),
            value: value.into(),
            terms,
            rule: None,
            signed: false,
        });
    }
}

/// One stat of an adversary's block as shown: every stat the tracker uses, given or at
/// its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct AdversaryStat {
    pub key: String,
    pub label: String,
    pub value: i64,
    /// Typed by the game master (or else the tracker's default).
    pub given: bool,
}

/// An adversary with its whole stat block and what the rules derive from it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AdversaryView {
    pub adversary: Adversary,
    pub stats: Vec<AdversaryStat>,
    pub derived: Vec<DerivedStat>,
    /// Its roster position, as the reference gives it (MLAF: race, MA ST AG AV, skills).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub position: Option<AdversaryPosition>,
}

/// The roster position an adversary plays, read from the reference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct AdversaryPosition {
    pub id: String,
    pub name: String,
    /// The entry's facts, as its cards and lists word them.
    pub facts: Vec<String>,
}

/// An adversary in the library's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct AdversarySummary {
    pub id: i64,
    pub system: String,
    /// The kind of encounter it fights in, named as an encounter's `mode` is.
    pub mode: String,
    pub name: String,
    pub tags: Vec<String>,
    pub summary: String,
    pub revision: i64,
    pub updated: i64,
    /// The homebrew pack that ships it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pack: Option<String>,
    /// Where its numbers come from, when it is one of Tome's starters.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source: Option<String>,
}

impl From<&Adversary> for AdversarySummary {
    fn from(a: &Adversary) -> AdversarySummary {
        AdversarySummary {
            id: a.id,
            system: a.system.clone(),
            mode: a.mode.clone(),
            name: a.name.clone(),
            tags: a.tags.clone(),
            summary: a.summary(),
            revision: a.revision,
            updated: a.updated,
            pack: a.pack.clone(),
            source: a.source.clone(),
        }
    }
}

/// One saved revision, for the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct AdversaryRevision {
    pub number: i64,
    pub saved_at: i64,
    pub summary: String,
}

/// An adversary as a file: the format's version and the stat block.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdversaryFile {
    pub tome_adversary: u32,
    pub adversary: Adversary,
}

/// What changed between two saves, in a few words for the revision list.
pub fn change_note(before: &Adversary, after: &Adversary) -> String {
    let mut parts = Vec::new();
    if before.name != after.name {
        parts.push(format!("renamed {}", after.name));
    }
    let keys: std::collections::BTreeSet<&String> = before.stats.keys().chain(after.stats.keys()).collect();
    let changed: Vec<String> = keys
        .into_iter()
        .filter(|k| before.stats.get(*k) != after.stats.get(*k))
        .map(|k| match after.stats.get(k) {
            Some(v) => format!("{k} {v}"),
            None => format!("{k} cleared"),
        })
        .collect();
    if !changed.is_empty() {
        parts.push(changed.join(", "));
    }
    for (what, differs) in [
        ("attacks", before.attacks != after.attacks),
        ("conditions", before.conditions != after.conditions),
        ("position", before.position != after.position),
        ("tags", before.tags != after.tags),
        ("notes", before.notes != after.notes),
        ("encounter kind", before.mode != after.mode),
    ] {
        if differs {
            parts.push(what.to_string());
        }
    }
    if parts.is_empty() {
        "saved".to_string()
    } else {
        parts.join("; ")
    }
}
