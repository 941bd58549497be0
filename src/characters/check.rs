//! Checking a character before anything is written: the same checks for a save, an
//! import and a restore, every problem reported with the path of its field.

use std::collections::{BTreeMap, HashMap};

use rusqlite::{Connection, OptionalExtension};

use super::fields::{field_name_problem, FieldRule, FieldRules};
use super::{Character, CharacterSheet, ItemCoverage, SheetValue};
use crate::error::Problem;

/// The longest character name.
pub const MAX_NAME_CHARS: usize = 200;
/// The longest text value (a long backstory fits; a pasted book does not).
pub const MAX_TEXT_CHARS: usize = 10_000;
/// The most of one item a character carries; a cap catches a mistyped huge number.
pub const MAX_QUANTITY: i64 = 1_000_000;

/// The kinds an item may reference. Conditions and spells have their own lists; MLAF's
/// roster position is carried as an item so it, too, is held by a foreign key.
const ITEM_KINDS: &[&str] = &["weapon", "armor", "special-effect", "position"];

/// A character as read from a file or a save, before it is known to be valid. Parts the
/// file got wrong are `None` (their problems are already reported), so the rest can
/// still be checked and every index still matches the file.
#[derive(Debug, Clone, Default)]
pub(crate) struct Draft {
    pub system: Option<String>,
    pub name: Option<String>,
    pub values: BTreeMap<String, SheetValue>,
    pub items: Vec<Option<StoredItem>>,
    pub conditions: Vec<Option<String>>,
    pub spells: Vec<Option<String>>,
}

/// What the rows of an item hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StoredItem {
    pub entry_id: String,
    pub quantity: i64,
    pub equipped: bool,
    pub coverage: Option<ItemCoverage>,
}

/// What the rows of a character hold: a checked draft, or a loaded character without
/// the names and flags read from the entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stored {
    pub system: String,
    pub name: String,
    pub values: BTreeMap<String, SheetValue>,
    pub items: Vec<StoredItem>,
    pub conditions: Vec<String>,
    pub spells: Vec<String>,
}

impl Stored {
    pub fn of(c: &Character) -> Stored {
        Stored::of_sheet(&c.sheet())
    }

    /// What the rows of the character `c` would hold (a revision's sheet, to compare
    /// with the rows it saved).
    pub fn of_sheet(c: &CharacterSheet) -> Stored {
        Stored {
            system: c.system.clone(),
            name: c.name.clone(),
            values: c.values.clone(),
            items: c
                .items
                .iter()
                .map(|i| StoredItem {
                    entry_id: i.entry_id.clone(),
                    quantity: i.quantity,
                    equipped: i.equipped,
                    coverage: i.coverage,
                })
                .collect(),
            conditions: c.conditions.iter().map(|r| r.entry_id.clone()).collect(),
            spells: c.spells.iter().map(|r| r.entry_id.clone()).collect(),
        }
    }
}

impl Draft {
    pub fn of(c: &Character) -> Draft {
        let s = Stored::of(c);
        Draft {
            system: Some(s.system),
            name: Some(s.name),
            values: s.values,
            items: s.items.into_iter().map(Some).collect(),
            conditions: s.conditions.into_iter().map(Some).collect(),
            spells: s.spells.into_iter().map(Some).collect(),
        }
    }

    /// The stored form, once [`check`] found nothing wrong (and so nothing is missing).
    pub fn into_stored(self) -> Option<Stored> {
        Some(Stored {
            system: self.system?,
            name: self.name?,
            values: self.values,
            items: self.items.into_iter().collect::<Option<_>>()?,
            conditions: self.conditions.into_iter().collect::<Option<_>>()?,
            spells: self.spells.into_iter().collect::<Option<_>>()?,
        })
    }
}

/// The path of a value's field: `values.strength`, or `values["Odd Key"]` when the key
/// is not a plain field name (it will be reported as one).
pub(crate) fn value_path(key: &str) -> String {
    if field_name_problem(key).is_none() {
        format!("values.{key}")
    } else {
        format!("values[{}]", serde_json::to_string(key).expect("a string serializes"))
    }
}

/// What a check needs to know of an entry.
struct EntryInfo {
    system: String,
    kind: String,
    name: String,
    /// The coverages an armour comes in.
    coverages: Vec<String>,
}

/// Every problem with `draft` against the database, with paths under `prefix`
/// (`"character."` for a file, `""` for a save).
pub(crate) fn check(
    conn: &Connection,
    draft: &Draft,
    prefix: &str,
    rules: FieldRules,
) -> rusqlite::Result<Vec<Problem>> {
    let mut problems = Vec::new();
    let mut report = |path: String, message: String| problems.push(Problem::field(format!("{prefix}{path}"), message));

    // The system decides which ranges apply and which entries belong; when it is
    // unknown, those checks are skipped rather than reported a second time.
    let system = match &draft.system {
        Some(s) if system_exists(conn, s)? => Some(s.as_str()),
        Some(s) => {
            let known = known_systems(conn)?;
            report("system".into(), format!("no game system {s:?}; Tome has: {}", known.join(", ")));
            None
        }
        None => None,
    };

    if let Some(name) = &draft.name {
        if name.trim().is_empty() {
            report("name".into(), "a character needs a name".into());
        } else if name.chars().count() > MAX_NAME_CHARS {
            report("name".into(), format!("a name is at most {MAX_NAME_CHARS} characters"));
        } else if let Some(why) = crate::text::name_problem(name) {
            // Names are printed on terminals, listed, and shared with the table's phones.
            report("name".into(), why.into());
        }
    }

    for (key, value) in &draft.values {
        let path = value_path(key);
        if let Some(why) = field_name_problem(key) {
            report(path, why);
            continue;
        }
        if let SheetValue::Text(t) = value {
            if t.chars().count() > MAX_TEXT_CHARS {
                report(path.clone(), format!("text is at most {MAX_TEXT_CHARS} characters"));
            }
        }
        let Some(system) = system else { continue };
        match (rules(system, key), value) {
            (FieldRule::Free, _) | (FieldRule::Text, SheetValue::Text(_)) => {}
            (FieldRule::Text, SheetValue::Int(n)) => {
                report(path, format!("is a text field: write the number as text in quotes (\"{n}\")"))
            }
            (FieldRule::Unknown, _) => report(path, format!("no field on the {system} sheet is named `{key}`")),
            (FieldRule::Range(spec), SheetValue::Int(n)) if (spec.min..=spec.max).contains(n) => {}
            (FieldRule::Range(spec), SheetValue::Int(n)) => {
                report(path, format!("must be from {} to {}, not {n}", spec.min, spec.max))
            }
            (FieldRule::Range(spec), SheetValue::Text(t)) => {
                report(path, format!("must be a whole number from {} to {}, not the text {t:?}", spec.min, spec.max))
            }
            (FieldRule::Choice(words), SheetValue::Text(t)) if words.contains(t) => {}
            (FieldRule::Choice(words), v) => report(path, format!("must be one of {}, not {v}", words.join(", "))),
        }
    }

    let mut entries: HashMap<String, Option<EntryInfo>> = HashMap::new();

    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, item) in draft.items.iter().enumerate() {
        let Some(item) = item else { continue };
        let at = format!("items[{i}]");
        if let Some(first) = seen.insert(&item.entry_id, i) {
            seen.insert(&item.entry_id, first);
            report(
                format!("{at}.entry_id"),
                format!("{:?} is already at items[{first}]; list an entry once, with a quantity", item.entry_id),
            );
        }
        if !(1..=MAX_QUANTITY).contains(&item.quantity) {
            report(format!("{at}.quantity"), format!("must be from 1 to {MAX_QUANTITY}, not {}", item.quantity));
        }
        let Some(info) = lookup(conn, &mut entries, &item.entry_id)? else {
            report(format!("{at}.entry_id"), format!("no entry {:?}", item.entry_id));
            continue;
        };
        if let Some(why) =
            reference_problem(info, system, ITEM_KINDS, "items are weapons, armour, special effects or positions")
        {
            report(format!("{at}.entry_id"), format!("{:?} {why}", item.entry_id));
        }
        if let Some(coverage) = item.coverage {
            if info.kind != "armor" {
                report(
                    format!("{at}.coverage"),
                    format!("only armour has a coverage, and {} is a {}", info.name, info.kind),
                );
            } else if !info.coverages.iter().any(|c| c == coverage.as_str()) {
                let why = match info.coverages.as_slice() {
                    [] => format!("{} comes in no coverage", info.name),
                    [only] => format!("{} comes only in {only} coverage", info.name),
                    _ => format!("{} has no {} coverage", info.name, coverage.as_str()),
                };
                report(format!("{at}.coverage"), why);
            }
        }
    }

    for (list, refs, kind, plural) in
        [("conditions", &draft.conditions, "condition", "conditions"), ("spells", &draft.spells, "spell", "spells")]
    {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (i, id) in refs.iter().enumerate() {
            let Some(id) = id else { continue };
            let at = format!("{list}[{i}]");
            if let Some(first) = seen.insert(id, i) {
                seen.insert(id, first);
                report(at.clone(), format!("{id:?} is already at {list}[{first}]"));
            }
            let Some(info) = lookup(conn, &mut entries, id)? else {
                report(at, format!("no entry {id:?}"));
                continue;
            };
            if let Some(why) = reference_problem(info, system, &[kind], &format!("this list holds {plural}")) {
                report(at, format!("{id:?} {why}"));
            }
        }
    }

    Ok(problems)
}

/// Why an existing entry cannot be referenced from a list of `kinds` on a sheet of
/// `system`, if it cannot.
fn reference_problem(info: &EntryInfo, system: Option<&str>, kinds: &[&str], holds: &str) -> Option<String> {
    if !kinds.contains(&info.kind.as_str()) {
        return Some(format!("is {}; {holds}", a(&info.kind)));
    }
    match system {
        Some(s) if s != info.system => {
            Some(format!("is {} of {}, and this is {} character", a(&info.kind), info.system, a(s)))
        }
        _ => None,
    }
}

/// `word` after "a" or "an", as it is spoken ("an armor", "a mythcraft").
fn a(word: &str) -> String {
    let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {word}")
}

fn lookup<'a>(
    conn: &Connection,
    cache: &'a mut HashMap<String, Option<EntryInfo>>,
    id: &str,
) -> rusqlite::Result<Option<&'a EntryInfo>> {
    if !cache.contains_key(id) {
        let info = conn
            .query_row(
                "SELECT e.system_id, e.kind, e.name,
                        (SELECT group_concat(coverage, ',') FROM armor_coverage c WHERE c.entry_id = e.id)
                 FROM entry e WHERE e.id = ?1",
                [id],
                |r| {
                    let coverages: Option<String> = r.get(3)?;
                    Ok(EntryInfo {
                        system: r.get(0)?,
                        kind: r.get(1)?,
                        name: r.get(2)?,
                        coverages: coverages.map(|c| c.split(',').map(str::to_string).collect()).unwrap_or_default(),
                    })
                },
            )
            .optional()?;
        cache.insert(id.to_string(), info);
    }
    Ok(cache[id].as_ref())
}

fn system_exists(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.query_row("SELECT 1 FROM game_system WHERE id = ?1", [id], |_| Ok(())).optional().map(|o| o.is_some())
}

pub(crate) fn known_systems(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT id FROM game_system ORDER BY ord")?;
    let ids = stmt.query_map([], |r| r.get(0))?.collect();
    ids
}
