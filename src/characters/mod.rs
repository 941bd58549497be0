//! Character sheets: what a player writes on a sheet of one game system, kept as
//! normalized rows that reference the content, with every save kept as a revision and a
//! JSON file format to move a character between machines.
//!
//! # How a character is kept
//!
//! - **Rows** (`schema/0003_characters.sql`): the character, its field values (a whole
//!   number or text each), its items (entry, quantity, equipped, coverage), conditions
//!   and spells. References to entries are foreign keys: shipped entries are never
//!   deleted, only retired, so a reference always resolves; a retired one stays on the
//!   sheet with [`CharacterItem::retired`] / [`CharacterRef::retired`] set. Names and
//!   kinds are read from the entry, so a renamed entry shows its new name.
//! - **Revisions**: every save that changes something writes the rows *and* appends a
//!   snapshot (the character in the export format) in one `BEGIN IMMEDIATE`
//!   transaction, so a crash leaves either the old character and its history or the new
//!   one, never a mix. A save that changes nothing writes nothing.
//! - **Saves are checked** before anything is written, with the same checks as an
//!   import: every problem is reported at once, each with the path of the field.
//! - **Stale saves are refused**: a save carries the revision it was made from, and one
//!   made from an older revision than the stored one (another window saved meanwhile)
//!   is an error instead of silently undoing the other save.
//!
//! # The file format
//!
//! ```json
//! { "format": "tome-character", "version": 1,
//!   "character": { "system": "ars-magica", "name": "Brother Aldo",
//!                  "values": { "strength": 2, "notes": "Carries the abbey's keys." },
//!                  "items": [ { "entry_id": "ars-magica/armor/chain-mail", "quantity": 1,
//!                               "equipped": true, "coverage": "full" } ],
//!                  "conditions": [], "spells": [] } }
//! ```
//!
//! Item `name`, `kind` and `retired` (and a condition's or spell's `name` and
//! `retired`) are written for people reading the file; an import reads them but takes
//! the database's values. Conditions and spells may also be plain id strings.

pub(crate) mod check;
pub(crate) mod diff;
pub mod fields;
pub(crate) mod file;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::Kind;

pub use crate::model::ItemCoverage;
pub use file::{FORMAT, MAX_FILE_BYTES, VERSION};

/// What a player wrote in one field: a whole number or text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum SheetValue {
    Int(i64),
    Text(String),
}

impl From<i64> for SheetValue {
    fn from(n: i64) -> Self {
        SheetValue::Int(n)
    }
}

impl From<&str> for SheetValue {
    fn from(s: &str) -> Self {
        SheetValue::Text(s.to_string())
    }
}

impl From<String> for SheetValue {
    fn from(s: String) -> Self {
        SheetValue::Text(s)
    }
}

impl fmt::Display for SheetValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SheetValue::Int(n) => write!(f, "{n}"),
            SheetValue::Text(s) => write!(f, "{s:?}"),
        }
    }
}

/// Something the character carries: a reference to an entry (a weapon, armour, a
/// special effect, an MLAF roster position).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CharacterItem {
    pub entry_id: String,
    /// The entry's current name (read from the entry; ignored when saving).
    pub name: String,
    /// The entry's kind (read from the entry; ignored when saving).
    pub kind: Kind,
    /// At least 1.
    pub quantity: i64,
    pub equipped: bool,
    /// For armour: the coverage worn, if set. Always unset for anything else.
    pub coverage: Option<ItemCoverage>,
    /// The shipped content no longer has this entry: it still resolves, but the player
    /// should replace it (read from the entry; ignored when saving).
    pub retired: bool,
}

/// A condition the character is under, or a spell the character knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CharacterRef {
    pub entry_id: String,
    /// The entry's current name (ignored when saving).
    pub name: String,
    /// The shipped content no longer has this entry (ignored when saving).
    pub retired: bool,
}

/// A character, as stored at its latest revision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Character {
    pub id: i64,
    /// The game system's id; a character never changes system.
    pub system: String,
    pub name: String,
    /// The latest revision; a save must carry the revision it was made from.
    pub revision: i64,
    /// Unix seconds.
    pub created: i64,
    /// Unix seconds of the latest revision.
    pub updated: i64,
    /// Field name to value, sorted by name.
    pub values: BTreeMap<String, SheetValue>,
    pub items: Vec<CharacterItem>,
    pub conditions: Vec<CharacterRef>,
    pub spells: Vec<CharacterRef>,
}

impl Character {
    /// The sheet alone: what a file or a revision holds (no id, revision or times).
    pub fn sheet(&self) -> CharacterSheet {
        CharacterSheet {
            system: self.system.clone(),
            name: self.name.clone(),
            values: self.values.clone(),
            items: self.items.clone(),
            conditions: self.conditions.clone(),
            spells: self.spells.clone(),
        }
    }

    /// Sets a field, replacing what it held.
    pub fn set(&mut self, field: &str, value: impl Into<SheetValue>) {
        self.values.insert(field.to_string(), value.into());
    }

    /// A whole-number field's value, if the sheet holds one.
    pub fn int(&self, field: &str) -> Option<i64> {
        match self.values.get(field) {
            Some(SheetValue::Int(n)) => Some(*n),
            _ => None,
        }
    }

    /// The item referencing `entry_id`, if the character has it.
    pub fn item(&self, entry_id: &str) -> Option<&CharacterItem> {
        self.items.iter().find(|i| i.entry_id == entry_id)
    }

    pub fn item_mut(&mut self, entry_id: &str) -> Option<&mut CharacterItem> {
        self.items.iter_mut().find(|i| i.entry_id == entry_id)
    }
}

/// A character without its storage identity: the `character` of an export file and of a
/// revision's snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CharacterSheet {
    pub system: String,
    pub name: String,
    pub values: BTreeMap<String, SheetValue>,
    pub items: Vec<CharacterItem>,
    pub conditions: Vec<CharacterRef>,
    pub spells: Vec<CharacterRef>,
}

/// A character in the list of characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct CharacterSummary {
    pub id: i64,
    pub system: String,
    pub name: String,
    pub revision: i64,
    pub updated: i64,
}

/// One save of a character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct CharacterRevision {
    /// 1 for the first save, then one more for each save.
    pub number: i64,
    /// Unix seconds.
    pub saved_at: i64,
    /// What the save changed, in a few words ("created", "strength 1 → 2; added Axe").
    pub summary: String,
}

/// One difference between two revisions.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CharacterChange {
    /// What changed: `name`; `values.FIELD`; `items[ENTRY]` (added or removed, with the
    /// item as the value), `items[ENTRY].quantity`, `.equipped` or `.coverage`;
    /// `conditions[ENTRY]` or `spells[ENTRY]` (added or removed, with the name as the
    /// value); `items`, `conditions` or `spells` alone when only the order changed
    /// (with the ids in order as the value).
    pub field: String,
    /// The value before; absent (`null`) when the field was added.
    #[ts(type = "unknown")]
    pub before: Option<serde_json::Value>,
    /// The value after; absent (`null`) when the field was removed.
    #[ts(type = "unknown")]
    pub after: Option<serde_json::Value>,
    /// What changed, in the sheet's words ("Strength", "Chain Mail · equipped",
    /// "Equipment: Javelin").
    pub what: String,
    /// The values as the history writes them ("—" for none, "yes", "Javelin, ×3").
    pub before_text: String,
    pub after_text: String,
    pub how: ChangeHow,
}

/// Whether a change added, removed or changed what it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ChangeHow {
    Added,
    Removed,
    Changed,
}
