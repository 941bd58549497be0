//! The types the API returns: what the CLI prints as JSON and the UI renders.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{Error, Result};
use crate::Kind;

/// A game system and how much of it Tome holds.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct System {
    pub id: String,
    pub name: String,
    /// The rules document the system's content comes from.
    pub document: String,
    pub entries: u32,
    /// How the system looks and reads (from its home in `crate::systems`); `None` only
    /// for a system that has content but no home in this build.
    pub style: Option<SystemStyle>,
    /// The kinds of encounter it runs, its usual one first (from its home; empty where
    /// Tome runs none of its encounters).
    pub modes: Vec<SystemMode>,
    /// The Foundry VTT system its characters and adversaries go out to and come in from
    /// (`arm5e`), where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub foundry: Option<String>,
}

/// One kind of encounter a system runs, as the app offers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SystemMode {
    /// The word the core takes (`duel`); the usual kind is also taken as no word.
    pub name: String,
    /// What the app calls it ("Duel Arcane").
    pub label: String,
    pub summary: String,
}

/// A system's look and words, for the PDF and the app.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SystemStyle {
    /// Titles and frames on its printed sheet, and its mark in the app (`#7a221c`).
    pub accent: String,
    /// The dice its tables and rules roll, most used first, as `tome roll` takes them.
    pub dice: Vec<String>,
    /// What this system calls a kind, where it differs from Tome's word (Amtgard's
    /// conditions are States): (kind, singular, plural).
    pub kind_names: Vec<(Kind, String, String)>,
    /// Families of fields whose members the player names freely (Ars Magica's
    /// Abilities): the sheet leaves room to add more. Others list every member.
    pub open_families: Vec<String>,
    /// The system's mark in the app: text and background, in each theme.
    pub colors: SystemColors,
}

/// A system's colours in the app, each pair readable (WCAG AA) on the other.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SystemColors {
    pub light: String,
    pub light_bg: String,
    pub dark: String,
    pub dark_bg: String,
}

impl SystemColors {
    pub fn new(light: &str, light_bg: &str, dark: &str, dark_bg: &str) -> SystemColors {
        SystemColors { light: light.into(), light_bg: light_bg.into(), dark: dark.into(), dark_bg: dark_bg.into() }
    }
}

impl SystemStyle {
    /// The accent as red, green and blue.
    pub fn accent_rgb(&self) -> (u8, u8, u8) {
        let hex = self.accent.trim_start_matches('#');
        let part = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0x33);
        (part(0), part(2), part(4))
    }
}

/// Where an entry's facts come from.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Source {
    /// The document's title.
    pub document: String,
    /// The document's file name in the rules collection.
    pub file: String,
    /// The heading within the document.
    pub section: String,
}

/// One reference entry, whole.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Entry {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub system: String,
    pub summary: String,
    /// Markdown, in Tome's own words.
    pub body: String,
    pub source: Source,
    pub aliases: Vec<String>,
    /// Ids of the entries this one refers to: those its seed names and those its text
    /// mentions.
    pub links: Vec<String>,
    /// The entries the summary and body mention by name, to link those words.
    pub mentions: Vec<Mention>,
    /// The summary cut into plain text and links to the entries it mentions.
    pub summary_parts: Vec<TextPart>,
    /// The body with the first mention of each entry in every paragraph written as a
    /// link to it: what to render.
    pub body_linked: String,
    /// Ids of the entries that refer to this one.
    pub backlinks: Vec<String>,
    /// The kind's typed fields, where the kind has any.
    pub detail: Option<Detail>,
    /// Those fields' numbers in a few short lines ([`crate::facts`]).
    pub facts: Vec<String>,
    /// The homebrew pack the entry comes from; absent for shipped content.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pack: Option<String>,
}

/// An entry mentioned by name in another entry's text.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Mention {
    pub id: String,
    /// The words that mention it in the text (its name or an alias).
    pub name: String,
}

/// A piece of plain text: a link to an entry where `id` is set.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, TS)]
pub struct TextPart {
    pub text: String,
    pub id: Option<String>,
}

/// An entry as it appears in a list: its identity plus the kind's typed fields.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct ListItem {
    pub id: String,
    pub name: String,
    pub system: String,
    pub kind: Kind,
    pub summary: String,
    /// The kind's typed fields, at the top level of the item.
    #[serde(flatten)]
    pub detail: Detail,
    /// Those fields' numbers in a few short lines ([`crate::facts`]): what a picker shows.
    pub facts: Vec<String>,
    /// The homebrew pack the entry comes from; absent for shipped content.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pack: Option<String>,
}

/// The typed fields of an entry, by kind.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(untagged)]
pub enum Detail {
    Weapon(Weapon),
    Armor(Armor),
    Spell(Spell),
    Condition(Condition),
    Maneuver(Maneuver),
    Position(Position),
    Table(TableInfo),
    Rule(Rule),
    /// Kinds with no typed fields (schools, special effects).
    Plain(Plain),
}

/// No typed fields.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Plain {}

/// Cost tier of a weapon or armour (the tables' Inexp./Std./Exp.).
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, TS, strum::IntoStaticStr, strum::EnumString)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum CostTier {
    Inexpensive,
    Standard,
    Expensive,
}

impl CostTier {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(s: &str) -> Option<CostTier> {
        s.parse().ok()
    }
}

/// An Ars Magica weapon's table row. `None` where the table says n/a.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Weapon {
    /// `melee` or `missile`: which table it is in.
    pub group: String,
    pub ability: String,
    pub init: Option<i64>,
    pub atk: Option<i64>,
    pub dfn: Option<i64>,
    pub dam: Option<i64>,
    pub str: Option<i64>,
    pub load: Option<i64>,
    /// Range increment in paces; `None` for melee weapons.
    pub range: Option<i64>,
    pub cost: Option<CostTier>,
    /// Used as itself only from horseback (the lance); on foot it is another weapon.
    pub horseback: bool,
}

/// Protection and load of one armour coverage.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, TS)]
pub struct Coverage {
    pub prot: i64,
    pub load: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Armor {
    pub cost: Option<CostTier>,
    pub partial: Option<Coverage>,
    pub full: Option<Coverage>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Spell {
    /// `open` or `racial`.
    pub list: String,
    /// The success roll as printed ("2+", "auto").
    pub success: String,
    /// The d6 target, where there is one.
    pub success_target: Option<i64>,
    pub when: Option<String>,
    pub range: Option<String>,
    pub duration: Option<String>,
    pub restriction: Option<String>,
    pub failure: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Condition {
    /// Ids of the conditions this one includes.
    pub implies: Vec<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct ManeuverCost {
    /// `pc`, `creature` or `any`.
    pub actor: String,
    /// `None` where the cost varies ("X Reactive AP").
    pub amount: Option<i64>,
    pub unit: String,
    pub printed: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Maneuver {
    pub tier: Option<String>,
    pub costs: Vec<ManeuverCost>,
}

/// An MLAF roster position.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Position {
    pub race: String,
    pub ma: i64,
    pub st: i64,
    pub ag: i64,
    pub av: i64,
    pub skills: Vec<String>,
    pub categories: Vec<String>,
    /// Gold pieces.
    pub cost: i64,
    /// The racial spell's name.
    pub spell: Option<String>,
    pub spell_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Rule {
    pub formula: Option<String>,
}

/// What a list shows of a table.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct TableInfo {
    pub dice: Option<String>,
    pub columns: Vec<String>,
}

/// A roll or lookup table, whole.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct Table {
    pub id: String,
    pub name: String,
    pub system: String,
    /// The dice rolled on it ("3d6"), or `None` for a lookup table.
    pub dice: Option<String>,
    pub columns: Vec<String>,
    pub rows: Vec<TableRow>,
    /// The number that selected `rows` (with `tome table --roll N`, or a roll of the dice).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rolled: Option<i64>,
    /// Each die, when the dice were rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub faces: Option<Vec<i64>>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct TableRow {
    /// The range of rolls that select the row, on a dice table.
    pub roll: Option<[i64; 2]>,
    /// The range of values that select the row, on a lookup table; `None` ends are open.
    pub key: Option<KeyRange>,
    pub cells: Vec<String>,
    /// Each cell cut into text and links to the entries it names (the Spell Table's
    /// "Power Drain" links to Power Drain); empty where the table was not read from a
    /// database.
    pub parts: Vec<Vec<TextPart>>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, TS)]
pub struct KeyRange {
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl KeyRange {
    pub fn contains(&self, n: i64) -> bool {
        self.from.is_none_or(|lo| n >= lo) && self.to.is_none_or(|hi| n <= hi)
    }
}

impl Table {
    /// With `roll`, the table cut to the row it selects (with `rolled` set); without,
    /// the whole table.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] when no row covers `roll`.
    pub fn select(mut self, roll: Option<i64>) -> Result<Table> {
        let Some(n) = roll else { return Ok(self) };
        let row = self.rows.iter().find(|r| r.selected_by(n)).cloned().ok_or_else(|| {
            let what = match &self.dice {
                Some(d) => format!(" ({d})"),
                None if self.rows.iter().all(|r| r.key.is_none()) => {
                    " (it is looked up by name, not by number)".to_string()
                }
                None => String::new(),
            };
            Error::InvalidInput(format!("no row of {}{what} covers {n}", self.name))
        })?;
        self.rows = vec![row];
        self.rolled = Some(n);
        Ok(self)
    }
}

impl TableRow {
    /// Whether rolling (or looking up) `n` selects this row.
    pub fn selected_by(&self, n: i64) -> bool {
        match (self.roll, self.key) {
            (Some([lo, hi]), _) => (lo..=hi).contains(&n),
            (None, Some(key)) => key.contains(n),
            (None, None) => false,
        }
    }
}

/// A search result.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct SearchHit {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub system: String,
    /// A short piece of text around the match.
    pub snippet: String,
    /// The matched words in `snippet`, as `[start, end)` character ranges.
    pub marks: Vec<[u32; 2]>,
    /// The matched words in `name`, as `[start, end)` character ranges.
    pub name_marks: Vec<[u32; 2]>,
    /// Which field matched: `name`, `alias`, `summary` or `body`.
    pub matched: String,
    /// The ranking score: higher is better (see the `search` module for the tiers).
    pub score: f64,
    /// It holds only some of a several-word query's words (ranked below those holding
    /// all); a list of close names leaves it out.
    #[serde(skip)]
    #[ts(skip)]
    pub partial: bool,
    /// The homebrew pack the entry comes from; absent for shipped content.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pack: Option<String>,
}

/// A roll on a table: the dice and the row they selected.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct TableRoll {
    pub roll: crate::dice::Roll,
    /// Index into the table's rows.
    pub row: usize,
    /// The dice and the total as the app writes them: "3d6: 4 + 1 + 4 = 9".
    pub text: String,
}

/// How much of the body a piece of armour covers: on a sheet, and in the Ars Magica
/// Armor Table's two columns.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    TS,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantNames,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum ItemCoverage {
    Partial,
    Full,
}

impl ItemCoverage {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// `full` or `partial`, in any case.
    pub fn parse(s: &str) -> Option<ItemCoverage> {
        s.trim().parse().ok()
    }
}
