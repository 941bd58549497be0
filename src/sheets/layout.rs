//! What a system's sheet holds, section by section: the fields a player fills in, the
//! families of named fields (Abilities, Arcana), and the lists of entries (equipment,
//! conditions, spells). The app lays a sheet out from this, the CLI checks `set`
//! against it, saves check ranges against it and the PDF prints it.

use serde::Serialize;
use ts_rs::TS;

use crate::Kind;

/// The sheet of one game system.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SheetLayout {
    pub system: String,
    /// What a character of this system is ("Grog or companion").
    pub title: String,
    pub sections: Vec<SheetSection>,
}

/// A box of the sheet: a few fields, a family of named fields, or a list of entries.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SheetSection {
    /// Stable id (`characteristics`), for the app's layout and tests.
    pub id: String,
    pub title: String,
    pub fields: Vec<SheetField>,
    pub family: Option<FieldFamily>,
    pub list: Option<SheetList>,
}

/// A field with a fixed name.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SheetField {
    /// The value's key (`strength`, `wounds.light`).
    pub key: String,
    pub label: String,
    /// The sheet's abbreviation (`Str`), where the system uses one.
    pub short: Option<String>,
    pub kind: FieldKind,
    /// One line on what to write.
    pub help: String,
    /// The rule entry that explains the field.
    pub rule: Option<String>,
}

/// What a field holds.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FieldKind {
    /// A whole number in `min..=max`; an empty field counts as `default`.
    Int { min: i64, max: i64, default: i64 },
    /// Boxes ticked by hand: a whole number from 0 to `max`.
    Track { max: i64 },
    /// Free text.
    Text { multiline: bool },
    /// One of a few words, kept as text.
    Choice { options: Vec<ChoiceOption> },
}

/// One word a choice field may hold, and how the sheet writes it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ChoiceOption {
    /// What is kept (`worn`).
    pub value: String,
    /// What the sheet shows (`Worn`).
    pub label: String,
}

/// Fields the player names: `ability.single-weapon`, `arcanum.forces`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct FieldFamily {
    /// The keys' common start, ending in `.`.
    pub prefix: String,
    /// What one member is called ("Ability").
    pub label: String,
    pub min: i64,
    pub max: i64,
    /// Members the rules use, offered first: (key after the prefix, label).
    pub suggestions: Vec<(String, String)>,
}

impl FieldFamily {
    /// The key of the member a player names `typed` ("Great Weapon" →
    /// `ability.great-weapon`): a suggestion's key when `typed` is its label or key,
    /// else the name's slug (starting with a letter, short enough to be a field name).
    /// `None` when no letter is left to make a key of.
    pub fn member_key(&self, typed: &str) -> Option<String> {
        let t = typed.trim();
        if let Some((key, _)) = self.suggestions.iter().find(|(k, label)| label.eq_ignore_ascii_case(t) || k == t) {
            return Some(format!("{}{key}", self.prefix));
        }
        let slug = crate::slug::slugify(t);
        let rest = slug.trim_start_matches(|c: char| !c.is_ascii_lowercase());
        let room = crate::characters::fields::MAX_FIELD_LEN.saturating_sub(self.prefix.len());
        let rest = rest[..rest.len().min(room)].trim_end_matches('-');
        (!rest.is_empty()).then(|| format!("{}{rest}", self.prefix))
    }
}

/// A family member a player named: its field key and what the sheet calls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct NamedMember {
    pub key: String,
    pub label: String,
}

/// Which of a character's lists a section edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ListKind {
    Items,
    Conditions,
    Spells,
}

/// A list of entries on the sheet, picked from the database.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SheetList {
    pub list: ListKind,
    /// The kinds the picker offers.
    pub kinds: Vec<Kind>,
    /// Items can be equipped or carried; armour has a coverage.
    pub equip: bool,
    /// At most one entry (an MLAF position).
    pub single: bool,
    pub help: String,
}

pub use crate::characters::fields::FieldSpec;

impl SheetLayout {
    /// Every fixed field, section by section.
    pub fn fields(&self) -> impl Iterator<Item = &SheetField> {
        self.sections.iter().flat_map(|s| s.fields.iter())
    }

    pub fn field(&self, key: &str) -> Option<&SheetField> {
        self.fields().find(|f| f.key == key)
    }

    /// The key of the field a player names `typed`: a field's key, label or the
    /// document's abbreviation for it (`COR`, `Sta`, `Qik`), any case, or a family
    /// member's key (`ability.brawl`).
    ///
    /// # Errors
    /// [`Error::NotFound`](crate::Error::NotFound) with the closest fields' keys.
    pub fn resolve_key(&self, typed: &str) -> crate::Result<String> {
        let t = typed.trim();
        if self.field(t).is_some() || self.family(t).is_some() {
            return Ok(t.to_string());
        }
        let found = self.fields().find(|f| {
            f.key.eq_ignore_ascii_case(t)
                || f.label.eq_ignore_ascii_case(t)
                || f.short.as_deref().is_some_and(|s| s.eq_ignore_ascii_case(t))
        });
        if let Some(f) = found {
            return Ok(f.key.clone());
        }
        let lower = t.to_lowercase();
        let mut close: Vec<(f64, &str)> = self
            .fields()
            .map(|f| {
                let names = [Some(f.key.as_str()), Some(f.label.as_str()), f.short.as_deref()];
                let best = names
                    .into_iter()
                    .flatten()
                    .map(|n| strsim::jaro_winkler(&lower, &n.to_lowercase()))
                    .fold(0.0, f64::max);
                (best, f.key.as_str())
            })
            .filter(|(score, _)| *score >= 0.75)
            .collect();
        close.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
        Err(crate::Error::NotFound {
            what: "field on this sheet",
            id: t.to_string(),
            suggestions: close.into_iter().take(5).map(|(_, k)| k.to_string()).collect(),
        })
    }

    /// The family `key` belongs to (`ability.brawl` → Abilities).
    pub fn family(&self, key: &str) -> Option<&FieldFamily> {
        self.sections
            .iter()
            .filter_map(|s| s.family.as_ref())
            .find(|f| key.len() > f.prefix.len() && key.starts_with(&f.prefix))
    }

    /// The range of a whole-number field, if `key` is one: a fixed field wins over a
    /// family.
    pub fn spec(&self, key: &str) -> Option<FieldSpec> {
        if let Some(f) = self.field(key) {
            return match f.kind {
                FieldKind::Int { min, max, default } => Some(FieldSpec { min, max, default }),
                FieldKind::Track { max } => Some(FieldSpec { min: 0, max, default: 0 }),
                FieldKind::Text { .. } | FieldKind::Choice { .. } => None,
            };
        }
        self.family(key).map(|f| FieldSpec { min: f.min, max: f.max, default: 0.clamp(f.min, f.max) })
    }

    /// What a value of `key` may be: a choice's words, a whole number's range, anything
    /// (text), or nothing when the sheet has no such field.
    pub fn rule(&self, key: &str) -> crate::characters::fields::FieldRule {
        use crate::characters::fields::FieldRule;
        match self.field(key).map(|f| &f.kind) {
            Some(FieldKind::Choice { options }) => FieldRule::Choice(options.iter().map(|o| o.value.clone()).collect()),
            Some(FieldKind::Text { .. }) => FieldRule::Text,
            _ => self.spec(key).map_or(FieldRule::Unknown, FieldRule::Range),
        }
    }

    /// The label a player knows `key` by: the field's label, or the family member's.
    pub fn label(&self, key: &str) -> String {
        if let Some(f) = self.field(key) {
            return f.label.clone();
        }
        if let Some(fam) = self.family(key) {
            let rest = &key[fam.prefix.len()..];
            if let Some((_, label)) = fam.suggestions.iter().find(|(k, _)| k == rest) {
                return label.clone();
            }
            return title_case(rest);
        }
        key.to_string()
    }

    /// The sections that edit `list`.
    pub fn list(&self, list: ListKind) -> Option<&SheetList> {
        self.sections.iter().filter_map(|s| s.list.as_ref()).find(|l| l.list == list)
    }
}

/// `single-weapon` → `Single Weapon`: a family member's label when the layout has none.
pub(crate) fn title_case(key: &str) -> String {
    key.split(['-', '.'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

// ---- Builders the system modules use to write their layouts tersely ----

pub fn int(
    key: &str,
    label: &str,
    short: Option<&str>,
    (min, max, default): (i64, i64, i64),
    help: &str,
) -> SheetField {
    SheetField {
        key: key.into(),
        label: label.into(),
        short: short.map(Into::into),
        kind: FieldKind::Int { min, max, default },
        help: help.into(),
        rule: None,
    }
}

pub fn track(key: &str, label: &str, max: i64, help: &str) -> SheetField {
    SheetField {
        key: key.into(),
        label: label.into(),
        short: None,
        kind: FieldKind::Track { max },
        help: help.into(),
        rule: None,
    }
}

pub fn text(key: &str, label: &str, help: &str) -> SheetField {
    SheetField {
        key: key.into(),
        label: label.into(),
        short: None,
        kind: FieldKind::Text { multiline: false },
        help: help.into(),
        rule: None,
    }
}

pub fn notes() -> SheetField {
    SheetField {
        key: "notes".into(),
        label: "Notes".into(),
        short: None,
        kind: FieldKind::Text { multiline: true },
        help: "Anything else worth writing down.".into(),
        rule: None,
    }
}

pub fn choice(key: &str, label: &str, options: &[&str], help: &str) -> SheetField {
    SheetField {
        key: key.into(),
        label: label.into(),
        short: None,
        kind: FieldKind::Choice {
            options: options.iter().map(|o| ChoiceOption { value: o.to_string(), label: title_case(o) }).collect(),
        },
        help: help.into(),
        rule: None,
    }
}

impl SheetField {
    pub fn rule(mut self, id: &str) -> SheetField {
        self.rule = Some(id.into());
        self
    }
}

pub fn section(id: &str, title: &str, fields: Vec<SheetField>) -> SheetSection {
    SheetSection { id: id.into(), title: title.into(), fields, family: None, list: None }
}

pub fn family_section(
    id: &str,
    title: &str,
    prefix: &str,
    label: &str,
    (min, max): (i64, i64),
    suggestions: &[(&str, &str)],
) -> SheetSection {
    SheetSection {
        id: id.into(),
        title: title.into(),
        fields: Vec::new(),
        family: Some(FieldFamily {
            prefix: prefix.into(),
            label: label.into(),
            min,
            max,
            suggestions: suggestions.iter().map(|(k, l)| (k.to_string(), l.to_string())).collect(),
        }),
        list: None,
    }
}

pub fn list_section(id: &str, title: &str, list: SheetList, fields: Vec<SheetField>) -> SheetSection {
    SheetSection { id: id.into(), title: title.into(), fields, family: None, list: Some(list) }
}

pub fn list(list: ListKind, kinds: &[Kind], equip: bool, help: &str) -> SheetList {
    SheetList { list, kinds: kinds.to_vec(), equip, single: false, help: help.into() }
}

/// The header every sheet starts with (the character's name is the character's own).
pub fn header(extra: Vec<SheetField>) -> SheetSection {
    let mut fields = vec![text("player", "Player", "Who plays this character.")];
    fields.extend(extra);
    section("header", "Character", fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::characters::fields::field_name_problem;

    fn all() -> Vec<SheetLayout> {
        crate::systems::all().iter().map(|s| s.sheet_layout()).collect()
    }

    #[test]
    fn every_key_is_a_valid_field_name_and_unique() {
        for l in &all() {
            let mut seen = std::collections::HashSet::new();
            for f in l.fields() {
                assert_eq!(field_name_problem(&f.key), None, "{}: {}", l.system, f.key);
                assert!(seen.insert(f.key.clone()), "{}: {} twice", l.system, f.key);
                if let Some(FieldSpec { min, max, default }) = l.spec(&f.key) {
                    assert!(min <= default && default <= max, "{}: {}", l.system, f.key);
                }
            }
            for fam in l.sections.iter().filter_map(|s| s.family.as_ref()) {
                assert!(fam.prefix.ends_with('.'), "{}", fam.prefix);
                for (k, _) in &fam.suggestions {
                    assert_eq!(field_name_problem(&format!("{}{k}", fam.prefix)), None, "{k}");
                }
            }
        }
    }

    #[test]
    fn every_system_has_a_sheet() {
        let layouts = all();
        let systems: Vec<&str> = layouts.iter().map(|l| l.system.as_str()).collect();
        assert_eq!(systems, ["ars-magica", "mythcraft", "amtgard", "mlaf", "primal-wild"]);
    }
}
