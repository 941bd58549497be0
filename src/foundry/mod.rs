//! Foundry VTT actors: reading the JSON file Foundry's "Export Data" writes for an actor,
//! telling which game system it belongs to, and the seam each of Tome's systems with a
//! Foundry system maps it through ([`Mapping`], returned by the system's
//! `GameSystem::foundry`).
//!
//! This module is generic: it knows the shape Foundry gives every actor (its name, its
//! `type`, its system data, its items and effects, and which system and version wrote
//! it), never what a system's fields mean. An actor names its system in `_stats.systemId`
//! and `_stats.systemVersion` (Foundry 10 and later), or, in files from older Foundry,
//! in `flags.exportSource.system` and `.systemVersion`, with its data under `data`
//! rather than `system`. Both are read; an actor of a system no Tome system maps is
//! refused by name ("a dnd5e actor: Tome reads arm5e and mythcraft actors").
//!
//! What Tome writes into an actor it exports, so its own sheet comes back whole, lives
//! in the actor's `flags.tome` (Foundry keeps a document's flags through its own export
//! and import): the Tome sheet as it was, and what Tome's mapping read from the actor it
//! wrote. Read back, every field the actor still holds as Tome wrote it takes Tome's own
//! value; a field changed in Foundry takes Foundry's ([`restore_sheet`],
//! [`restore_adversary`]).

pub mod carry;
pub mod text;

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::{json, Map, Value};
use ts_rs::TS;

use crate::adversaries::Adversary;
use crate::characters::{CharacterSheet, SheetValue};
use crate::error::{Error, Problem, Result};
use crate::rulebook::Rulebook;

/// The largest actor file read (8 MiB): a world actor with its biography, many items and
/// their descriptions runs to a few hundred kB; a file far larger is not one actor.
pub const MAX_FILE_BYTES: u64 = 8 << 20;

/// The `flags.tome` format written into exported actors.
pub const FLAGS_FORMAT: &str = "tome-foundry";

/// The largest number, either way, Tome reads from an actor: no field of either system
/// holds more (an arm5e Ability's experience runs to a few thousand, a MythCraft
/// creature's HP to hundreds), and every sum and score worked out from numbers within it
/// stays far inside a whole number's range. A number beyond it is read as the limit,
/// and the import says so by the field's path ([`Actor::bounded`]).
pub const NUMBER_LIMIT: i64 = 1_000_000;
pub const FLAGS_VERSION: i64 = 1;

/// One Foundry actor as its export file holds it.
#[derive(Debug, Clone)]
pub struct Actor {
    /// The Foundry system's id (`arm5e`).
    pub system: String,
    /// Where the file names its system: `_stats.systemId`, or in files from Foundry 9
    /// and before `flags.exportSource.system`.
    pub system_at: &'static str,
    /// The system's version that wrote it (`2.4.1.7`); empty when the file names none.
    pub version: String,
    /// Foundry's own version, when named.
    pub core: String,
    /// The actor's type in its system (`player`, `npc`, `beast`, `character`).
    pub kind: String,
    pub name: String,
    /// The system's data (`system`, or `data` in older files).
    pub data: Map<String, Value>,
    /// Where the data sits in the file: `system` or `data`.
    pub data_key: &'static str,
    pub items: Vec<Item>,
    /// The actor's active effects, as written.
    pub effects: Vec<Value>,
    pub flags: Map<String, Value>,
    /// The numbers beyond [`NUMBER_LIMIT`] read as the limit, each by its path in the
    /// file and what it held: the import's report says them.
    pub bounded: Vec<String>,
    /// The numbers a mapping read otherwise than as written (a fraction rounded down, a
    /// null read as 0), each by its path: the import's report says them too.
    pub readings: Readings,
    /// The actor as its file held it (no number bounded): what an import keeps of what
    /// Tome does not map is taken from here, as it came ([`carry`]).
    pub raw: Map<String, Value>,
}

/// What reading an actor's numbers changed, each line once, in the order read: a mapping
/// reads through [`Actor::int`], [`Actor::int_or`] and [`Item::int`], which say here what
/// they did. An actor's items share its readings, so what is read of an item is said with
/// the rest.
#[derive(Debug, Clone, Default)]
pub struct Readings(std::rc::Rc<std::cell::RefCell<Vec<String>>>);

impl Readings {
    fn say(&self, line: String) {
        let mut said = self.0.borrow_mut();
        if !said.contains(&line) {
            said.push(line);
        }
    }

    /// The lines said, in the order read.
    pub fn lines(&self) -> Vec<String> {
        self.0.borrow().clone()
    }

    /// The number at `path` of `data` (which sits at `at` in the file): a fraction is
    /// read rounded down, and said. The one read of [`Actor::int`] and [`Item::int`].
    fn int(&self, data: &Map<String, Value>, at: &str, path: &str) -> Option<i64> {
        let v = value_at(data, path)?;
        self.fraction(&format!("{at}.{path}"), v);
        number(v)
    }

    /// [`Readings::int`], `default` where `data` holds none: absent, unsaid (an older
    /// shape leaves fields out); present but no number (null, empty text, `true`), said
    /// by its place in the file.
    fn int_or(&self, data: &Map<String, Value>, at: &str, path: &str, default: i64) -> i64 {
        let Some(v) = value_at(data, path) else { return default };
        self.int(data, at, path).unwrap_or_else(|| {
            self.say(format!("`{at}.{path}` holds {}, not a number: read as {default}", shown(v)));
            default
        })
    }

    /// Says a fraction at `path` read as the whole number below it.
    fn fraction(&self, path: &str, v: &Value) {
        if let Value::Number(n) = v {
            if let Some(f) = n.as_f64().filter(|f| n.as_i64().is_none() && f.is_finite() && f.fract() != 0.0) {
                self.say(format!("`{path}` holds {n}, not a whole number: read as {}, rounded down", f.floor()));
            }
        }
    }
}

/// One item an actor carries.
#[derive(Debug, Clone)]
pub struct Item {
    pub id: String,
    /// The item's type in its system (`weapon`, `ability`).
    pub kind: String,
    pub name: String,
    pub data: Map<String, Value>,
    /// The item's own active effects (a Virtue's bonus to Soak), as written.
    pub effects: Vec<Value>,
    /// Its place in the file, for messages: `items[3]`.
    pub at: String,
    /// Where its data sits in the file (`items[3].system`), for what its reads say.
    pub data_at: String,
    /// The actor's readings, shared: [`Item::int`] says here a fraction it rounded down.
    pub readings: Readings,
}

impl Actor {
    /// A number of the system data at a dotted path (`characteristics.str.value`); a
    /// fraction is read rounded down, and said ([`Actor::readings`]).
    pub fn int(&self, path: &str) -> Option<i64> {
        self.readings.int(&self.data, self.data_key, path)
    }

    /// A number at `path` that the mapping reads as `default` where the actor holds none:
    /// absent, it is `default` unsaid (an older shape leaves fields out); present but no
    /// number (null, empty text, `true`), it is `default`, said by its path.
    pub fn int_or(&self, path: &str, default: i64) -> i64 {
        self.readings.int_or(&self.data, self.data_key, path, default)
    }

    /// Text of the system data at a dotted path.
    pub fn text(&self, path: &str) -> Option<String> {
        text_at(&self.data, path)
    }

    /// The value at a dotted path of the system data.
    pub fn get(&self, path: &str) -> Option<&Value> {
        value_at(&self.data, path)
    }

    /// What the actor's active effects (its own and its items', when not disabled) add to
    /// the data at `key` (`system.bonuses.traits.soak`): the changes that add a number.
    /// A change to `key` that adds no whole number (a fraction, a formula, a multiply or
    /// an override) is said by its place in the file ([`Actor::readings`]): a fraction
    /// counts rounded down, the rest not at all.
    pub fn effect_bonus(&self, key: &str) -> i64 {
        let own = self.effects.iter().enumerate().map(|(i, e)| (format!("effects[{i}]"), e));
        let carried = self.items.iter().flat_map(|item| {
            item.effects.iter().enumerate().map(move |(i, e)| (format!("{}.effects[{i}]", item.at), e))
        });
        let mut sum = 0;
        for (at, effect) in own.chain(carried) {
            if effect.get("disabled").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            // Foundry 14 keeps the changes under `system`, each with its `type`; before,
            // at the top, each with its `mode` (2 is ADD).
            let (changes, changes_at) = match effect.get("changes") {
                Some(c) => (c, format!("{at}.changes")),
                None => match effect.get("system").and_then(|s| s.get("changes")) {
                    Some(c) => (c, format!("{at}.system.changes")),
                    None => continue,
                },
            };
            for (j, change) in changes.as_array().into_iter().flatten().enumerate() {
                if change.get("key").and_then(Value::as_str) != Some(key) {
                    continue;
                }
                let path = format!("{changes_at}[{j}]");
                let mode = change.get("mode").and_then(Value::as_i64);
                let kind = change.get("type").and_then(Value::as_str);
                if mode.is_some_and(|m| m != 2) || kind.is_some_and(|t| t != "add") {
                    let how =
                        kind.map_or_else(|| format!("mode {}", mode.unwrap_or_default()), |t| format!("type {t:?}"));
                    self.readings.say(format!("`{path}` changes {key} by {how}, not by adding: not counted"));
                    continue;
                }
                let value = change.get("value").unwrap_or(&Value::Null);
                // Foundry writes a change's value as text ("2", "1.5", "@abilities.x").
                let amount = match value {
                    Value::Number(x) => x.as_f64(),
                    Value::String(t) => t.trim().trim_start_matches('+').parse::<f64>().ok(),
                    _ => None,
                };
                match amount.filter(|f| f.is_finite()) {
                    Some(f) => {
                        let n = (f.floor() as i64).clamp(-NUMBER_LIMIT, NUMBER_LIMIT);
                        if f.fract() != 0.0 {
                            self.readings.say(format!(
                                "`{path}.value` holds {}, not a whole number: read as {n}, rounded down",
                                shown(value)
                            ));
                        }
                        sum += n;
                    }
                    None => self
                        .readings
                        .say(format!("`{path}.value` holds {}, not a number Tome adds: not counted", shown(value))),
                }
            }
        }
        sum.clamp(-NUMBER_LIMIT, NUMBER_LIMIT)
    }

    /// Items of one type.
    pub fn items_of<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Item> + 'a {
        self.items.iter().filter(move |i| i.kind == kind)
    }

    /// The status effects the actor is under (`bleeding`), each with the effect as written.
    pub fn statuses(&self) -> Vec<(String, &Value)> {
        let mut out = Vec::new();
        for e in &self.effects {
            if e.get("disabled").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            if let Some(list) = e.get("statuses").and_then(Value::as_array) {
                for s in list.iter().filter_map(Value::as_str) {
                    out.push((s.to_string(), e));
                }
            }
        }
        out
    }
}

impl Item {
    /// A number of the item's data at a dotted path (`atk`, `range.value`); a fraction is
    /// read rounded down, and said by its place in the file (`items[3].system.atk`).
    pub fn int(&self, path: &str) -> Option<i64> {
        self.readings.int(&self.data, &self.data_at, path)
    }

    /// A number at `path` that the mapping reads as `default` where the item holds none,
    /// as [`Actor::int_or`]: present but no number (null, empty text), it is said by its
    /// place in the file.
    pub fn int_or(&self, path: &str, default: i64) -> i64 {
        self.readings.int_or(&self.data, &self.data_at, path, default)
    }

    pub fn text(&self, path: &str) -> Option<String> {
        text_at(&self.data, path)
    }

    pub fn flag(&self, path: &str) -> Option<bool> {
        value_at(&self.data, path).and_then(Value::as_bool)
    }

    pub fn get(&self, path: &str) -> Option<&Value> {
        value_at(&self.data, path)
    }
}

/// The value at a dotted path.
pub fn value_at<'a>(m: &'a Map<String, Value>, path: &str) -> Option<&'a Value> {
    let mut parts = path.split('.');
    let mut v = m.get(parts.next()?)?;
    for p in parts {
        v = v.as_object()?.get(p)?;
    }
    Some(v)
}

/// A whole number at a dotted path: a JSON number (a fraction rounded down), or text
/// holding one ("3", "+2", as older actors wrote some numbers).
pub fn int_at(m: &Map<String, Value>, path: &str) -> Option<i64> {
    number(value_at(m, path)?)
}

/// A JSON value read as a whole number, within [`NUMBER_LIMIT`] either way.
pub fn number(v: &Value) -> Option<i64> {
    let n = match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().filter(|f| f.is_finite()).map(|f| f.floor() as i64)),
        Value::String(s) => s.trim().trim_start_matches('+').parse().ok(),
        _ => None,
    };
    n.map(|n| n.clamp(-NUMBER_LIMIT, NUMBER_LIMIT))
}

/// A number beyond [`NUMBER_LIMIT`] as the limit: a JSON number, or text that holds one
/// ("9223372036854775807", "1e308"), written back as the limit in the same kind. `None`
/// when `v` holds no number beyond it.
fn beyond_limit(v: &Value) -> Option<Value> {
    let limit = NUMBER_LIMIT as f64;
    match v {
        Value::Number(n) => {
            let f = n.as_i64().map_or_else(|| n.as_f64().unwrap_or(f64::MAX), |i| i as f64);
            (f.abs() > limit).then(|| json!(f.clamp(-limit, limit) as i64))
        }
        Value::String(s) => {
            let f: f64 = s.trim().trim_start_matches('+').parse().ok().filter(|f: &f64| f.is_finite())?;
            (f.abs() > limit).then(|| Value::String((f.clamp(-limit, limit) as i64).to_string()))
        }
        _ => None,
    }
}

/// Bounds what the mappings read of a document (the actor, or one of its items at
/// `at`): its system data, and the changes of its active effects; its items' the same
/// way. Foundry's own bookkeeping (`sort`, `_stats` times) is no number Tome reads.
fn bound_document(doc: &mut Map<String, Value>, at: &str, said: &mut Vec<String>) {
    for key in ["system", "data"] {
        if let Some(v) = doc.get_mut(key) {
            bound_numbers(v, &format!("{at}{key}"), said);
        }
    }
    if let Some(Value::Array(effects)) = doc.get_mut("effects") {
        for (i, e) in effects.iter_mut().enumerate() {
            let at = format!("{at}effects[{i}]");
            if let Some(v) = e.get_mut("changes") {
                bound_numbers(v, &format!("{at}.changes"), said);
            }
            if let Some(v) = e.get_mut("system").and_then(|s| s.get_mut("changes")) {
                bound_numbers(v, &format!("{at}.system.changes"), said);
            }
        }
    }
    if at.is_empty() {
        if let Some(Value::Array(items)) = doc.get_mut("items") {
            for (i, item) in items.iter_mut().enumerate() {
                if let Value::Object(item) = item {
                    bound_document(item, &format!("items[{i}]."), said);
                }
            }
        }
    }
}

/// Holds every number under `v` (at `path` in the file) within [`NUMBER_LIMIT`], saying
/// each one it changed in `said`: the one place an actor's numbers are bounded, so no
/// mapping meets a number whose sums overflow or whose score takes forever to count.
fn bound_numbers(v: &mut Value, path: &str, said: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                bound_numbers(x, &format!("{path}.{k}"), said);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter_mut().enumerate() {
                bound_numbers(x, &format!("{path}[{i}]"), said);
            }
        }
        _ => {
            if let Some(bounded) = beyond_limit(v) {
                said.push(format!(
                    "`{path}` holds {}, beyond the {NUMBER_LIMIT} either way Tome reads from an actor: read as {}",
                    shown(v),
                    number(&bounded).unwrap_or_default()
                ));
                *v = bounded;
            }
        }
    }
}

pub fn text_at(m: &Map<String, Value>, path: &str) -> Option<String> {
    match value_at(m, path)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Whether `bytes` look like a Foundry actor rather than a Tome file: a JSON object with
/// an actor's `type` and its data (`system` or `data`), marked by Foundry (`_stats`,
/// `flags`, a token), and none of Tome's own format keys. A file that does not parse is
/// Foundry's when its text carries Foundry's marks, so its error says where it breaks.
pub fn sniff(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let Ok(text) = std::str::from_utf8(bytes) else { return false };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(m)) => {
            let tome = m.contains_key("format") || m.contains_key("tome_adversary");
            let shaped = m.contains_key("type") && (m.contains_key("system") || m.contains_key("data"));
            let marked = ["_stats", "flags", "prototypeToken", "token", "items"].iter().any(|k| m.contains_key(*k));
            // Any document Foundry wrote names its system; it is refused as Foundry's.
            let foundry = m.get("_stats").and_then(|s| s.get("systemId")).is_some();
            !tome && ((shaped && marked) || foundry)
        }
        Ok(_) => false,
        Err(_) => {
            // A Tome file names its format first, so even a cut one says so.
            let tome = text.contains("\"tome-character\"") || text.contains("\"tome_adversary\"");
            let marked =
                text.contains("\"_stats\"") || text.contains("\"prototypeToken\"") || text.contains("\"exportSource\"");
            let shaped = text.trim_start().starts_with('{')
                && text.contains("\"type\"")
                && (text.contains("\"system\"") || text.contains("\"data\""));
            !tome && (marked || shaped)
        }
    }
}

/// Reads an actor file. Every problem of shape comes back at once, each at its JSON path;
/// a file that is not JSON says the line and column where it breaks.
///
/// # Errors
/// The problems that keep the file from being read as an actor.
pub fn read(bytes: &[u8]) -> std::result::Result<Actor, Vec<Problem>> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(vec![Problem::field(
            "",
            format!(
                "the file is {} bytes; a Foundry actor file Tome reads is at most {MAX_FILE_BYTES} bytes",
                bytes.len()
            ),
        )]);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        vec![Problem::field("", format!("the file is not UTF-8 text (bad byte at offset {})", e.valid_up_to()))]
    })?;
    let value: Value = serde_json::from_str(text).map_err(|e| {
        vec![Problem::field(
            "",
            format!("the file is not valid JSON: line {}, column {}: {}", e.line(), e.column(), json_error_words(&e)),
        )]
    })?;
    from_value(value)
}

/// The error's own words without serde's "at line … column …" tail (said before it).
fn json_error_words(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// An actor from its parsed JSON (as [`read`], once parsed).
///
/// # Errors
/// The problems that keep it from being read as an actor.
pub fn from_value(mut value: Value) -> std::result::Result<Actor, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut bounded = Vec::new();
    let raw = match &value {
        Value::Object(m) => m.clone(),
        _ => Map::new(),
    };
    if let Value::Object(top) = &mut value {
        bound_document(top, "", &mut bounded);
    }
    let Value::Object(top) = value else {
        return Err(vec![Problem::field(
            "",
            "a Foundry actor file holds one JSON object (the actor), not a list or a value",
        )]);
    };
    let (system, version) = match (system_of(&top), version_of(&top)) {
        (Some(s), v) => (s, v.unwrap_or_default()),
        (None, _) => {
            return Err(vec![Problem::field(
                "_stats.systemId",
                "missing: a Foundry actor names its game system in `_stats.systemId` (or, from Foundry 9 and \
                 before, in `flags.exportSource.system`); this file names none",
            )]);
        }
    };
    let core = top
        .get("_stats")
        .and_then(|s| s.get("coreVersion"))
        .or_else(|| top.get("flags").and_then(|f| f.get("exportSource")).and_then(|e| e.get("coreVersion")))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    // Another kind of Foundry document (an Adventure holds actors, scenes, items …).
    if !top.contains_key("type") && ["actors", "scenes", "journal"].iter().any(|k| top.contains_key(*k)) {
        return Err(vec![Problem::field(
            "",
            "this is a Foundry adventure (it holds actors, scenes and more), not one actor: export the actor \
             itself from Foundry (right-click it, Export Data)",
        )]);
    }
    let kind = match top.get("type") {
        Some(Value::String(t)) if !t.trim().is_empty() => t.clone(),
        Some(other) => {
            problems.push(Problem::field("type", format!("must be the actor's type as text, not {}", shown(other))));
            String::new()
        }
        None => {
            problems.push(Problem::field("type", "missing: an actor names its type (player, npc, character…)"));
            String::new()
        }
    };
    let name = match top.get("name") {
        Some(Value::String(n)) => n.trim().to_string(),
        Some(other) => {
            problems.push(Problem::field("name", format!("must be text, not {}", shown(other))));
            String::new()
        }
        None => {
            problems.push(Problem::field("name", "missing: an actor has a name"));
            String::new()
        }
    };
    let (data_key, data) = match (top.get("system"), top.get("data")) {
        (Some(Value::Object(m)), _) => ("system", m.clone()),
        (None, Some(Value::Object(m))) => ("data", m.clone()),
        (Some(other), _) | (None, Some(other)) => {
            let key = if top.contains_key("system") { "system" } else { "data" };
            problems.push(Problem::field(key, format!("must be an object (the system's data), not {}", shown(other))));
            (key, Map::new())
        }
        (None, None) => {
            problems.push(Problem::field("system", "missing: an actor carries its system's data in `system`"));
            ("system", Map::new())
        }
    };
    let readings = Readings::default();
    let mut items = Vec::new();
    match top.get("items") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for (i, v) in list.iter().enumerate() {
                let at = format!("items[{i}]");
                let Value::Object(m) = v else {
                    problems.push(Problem::field(at, format!("an item is an object, not {}", shown(v))));
                    continue;
                };
                let kind = match m.get("type") {
                    Some(Value::String(t)) => t.clone(),
                    other => {
                        let what =
                            other.map_or_else(|| "missing".to_string(), |o| format!("must be text, not {}", shown(o)));
                        problems.push(Problem::field(format!("{at}.type"), what));
                        continue;
                    }
                };
                let name = match m.get("name") {
                    Some(Value::String(n)) => n.trim().to_string(),
                    None => String::new(),
                    Some(other) => {
                        problems
                            .push(Problem::field(format!("{at}.name"), format!("must be text, not {}", shown(other))));
                        continue;
                    }
                };
                let data_at = format!("{at}.{}", if m.contains_key("system") { "system" } else { "data" });
                let data = match m.get("system").or_else(|| m.get("data")) {
                    Some(Value::Object(d)) => d.clone(),
                    None | Some(Value::Null) => Map::new(),
                    Some(other) => {
                        problems.push(Problem::field(
                            format!("{at}.system"),
                            format!("must be an object (the item's data), not {}", shown(other)),
                        ));
                        continue;
                    }
                };
                let id = m.get("_id").and_then(Value::as_str).unwrap_or_default().to_string();
                let effects = m.get("effects").and_then(Value::as_array).cloned().unwrap_or_default();
                items.push(Item { id, kind, name, data, effects, at, data_at, readings: readings.clone() });
            }
        }
        Some(other) => problems.push(Problem::field("items", format!("must be a list, not {}", shown(other)))),
    }
    let effects = match top.get("effects") {
        Some(Value::Array(list)) => list.clone(),
        None | Some(Value::Null) => Vec::new(),
        Some(other) => {
            problems.push(Problem::field("effects", format!("must be a list, not {}", shown(other))));
            Vec::new()
        }
    };
    let flags = match top.get("flags") {
        Some(Value::Object(m)) => m.clone(),
        _ => Map::new(),
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let system_at = if top.get("_stats").and_then(|s| s.get("systemId")).and_then(Value::as_str).is_some() {
        "_stats.systemId"
    } else {
        "flags.exportSource.system"
    };
    Ok(Actor {
        system,
        system_at,
        version,
        core,
        kind,
        name,
        data,
        data_key,
        items,
        effects,
        flags,
        bounded,
        readings,
        raw,
    })
}

fn system_of(top: &Map<String, Value>) -> Option<String> {
    let stats = top.get("_stats").and_then(|s| s.get("systemId")).and_then(Value::as_str);
    let export =
        top.get("flags").and_then(|f| f.get("exportSource")).and_then(|e| e.get("system")).and_then(Value::as_str);
    stats.or(export).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

fn version_of(top: &Map<String, Value>) -> Option<String> {
    let version = |v: &Value| match v {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    top.get("_stats")
        .and_then(|s| s.get("systemVersion"))
        .and_then(version)
        .or_else(|| {
            top.get("flags").and_then(|f| f.get("exportSource")).and_then(|e| e.get("systemVersion")).and_then(version)
        })
        .filter(|v| !v.is_empty())
}

/// A JSON value as a message shows it.
pub fn shown(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.chars().count() <= 40 => format!("{s:?}"),
        Value::String(_) => "a long text".into(),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// What kind of record an actor is read into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Character,
    Adversary,
}

impl Target {
    pub fn word(self) -> &'static str {
        match self {
            Target::Character => "character",
            Target::Adversary => "adversary",
        }
    }
}

/// How one of Tome's systems maps actors of its Foundry system: in, out, and the numbers
/// both compute. Each system with a Foundry system implements it in its own folder.
pub trait Mapping: Send + Sync {
    /// The Foundry system's id (`arm5e`).
    fn foundry_id(&self) -> &'static str;

    /// The Tome system it maps to (`ars-magica`).
    fn tome_system(&self) -> &'static str;

    /// The versions of the Foundry system Tome reads, as a sentence names them ("1 to 3").
    fn versions(&self) -> &'static str;

    /// Whether Tome reads actors written by `version` of the Foundry system (an empty
    /// version: the file names none).
    fn reads_version(&self, version: &str) -> bool;

    /// The actor types read into a record of `into`.
    fn actor_types(&self, into: Target) -> &'static [&'static str];

    /// The version written into exported actors' `_stats.systemVersion`.
    fn writes_version(&self) -> &'static str;

    /// The item types an export writes wholly from a record read into `into`, whatever
    /// their names (a wound of a count): an imported actor's items of these types are
    /// never carried back out beside Tome's ([`carry`]). Items of other types are carried
    /// unless the export writes one of the same type and name.
    fn whole_item_types(&self, _into: Target) -> &'static [&'static str] {
        &[]
    }

    /// The fields of the system data a mapping reads into the record from an older
    /// shape and writes in another (arm5e's wound counts, now wound items): not carried.
    fn uncarried_fields(&self) -> &'static [&'static str] {
        &[]
    }

    /// The keys of the data an active effect changes that the mapping reads into a record
    /// of `into` (a creature's Soak counts what its effects add): an effect changing one
    /// is the record's now, and is not carried (on the actor, or on an item carried), so
    /// Foundry does not count it twice.
    fn taken_effect_keys(&self, _into: Target) -> &'static [&'static str] {
        &[]
    }

    /// What makes an item of type `kind` with system data `data` the same as another
    /// beside its name, where the system names one thing in more than one way (arm5e's
    /// Ability `key` and `option`): an exported item with the same is the import's own.
    fn item_key(&self, _kind: &str, _data: &Value) -> Option<String> {
        None
    }

    /// The actor as a Tome character sheet, with what the import made of it.
    ///
    /// # Errors
    /// Content errors only: what the actor holds never makes a mapping fail; what Tome
    /// cannot use is kept in the notes and said in the report.
    fn character(&self, book: &dyn Rulebook, actor: &Actor) -> Result<Imported<CharacterSheet>>;

    /// The actor as an adversary of Tome's library.
    ///
    /// # Errors
    /// As [`Mapping::character`].
    fn adversary(&self, book: &dyn Rulebook, actor: &Actor) -> Result<Imported<Adversary>>;

    /// Every number both sides compute for the character `c` read from `actor` (after
    /// Tome's own values came back from its flags): Foundry's by its system's code,
    /// Tome's by the document, and why they differ.
    ///
    /// # Errors
    /// Content errors only.
    fn character_numbers(&self, book: &dyn Rulebook, actor: &Actor, c: &CharacterSheet) -> Result<Vec<NumberPair>>;

    /// As [`Mapping::character_numbers`], for an adversary.
    ///
    /// # Errors
    /// Content errors only.
    fn adversary_numbers(&self, book: &dyn Rulebook, actor: &Actor, a: &Adversary) -> Result<Vec<NumberPair>>;

    /// A Tome character as an actor of the Foundry system (without `flags.tome`, which
    /// the caller adds).
    ///
    /// # Errors
    /// Content errors (an item's entry that does not read).
    fn export_character(&self, book: &dyn Rulebook, c: &CharacterSheet) -> Result<Exported>;

    /// An adversary as an actor of the Foundry system (without `flags.tome`).
    ///
    /// # Errors
    /// As [`Mapping::export_character`].
    fn export_adversary(&self, book: &dyn Rulebook, a: &Adversary) -> Result<Exported>;
}

/// An actor written for Foundry, with what the export says of how it wrote what the
/// Foundry system holds otherwise than Tome (a damage type it has not, a defense left
/// to its formula): the export's report.
#[derive(Debug, Clone)]
pub struct Exported {
    pub actor: Value,
    pub said: Vec<String>,
}

impl Exported {
    /// An actor the export has nothing to say of.
    pub fn plain(actor: Value) -> Exported {
        Exported { actor, said: Vec::new() }
    }
}

/// A record read from an actor, with what the import made of it.
#[derive(Debug, Clone)]
pub struct Imported<T> {
    pub record: T,
    pub report: FoundryReport,
}

/// What an import from Foundry made of the actor: what each item became, what Tome has
/// no home for (kept in the record's notes), item types it does not know, and every
/// number both Foundry and Tome compute, side by side.
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
pub struct FoundryReport {
    /// The Foundry system (`arm5e`) and the version that wrote the actor.
    pub system: String,
    pub version: String,
    /// The actor's type in its system.
    pub actor_type: String,
    pub name: String,
    /// The actor was one Tome wrote: every field left as Tome wrote it took Tome's own
    /// value back (`flags.tome`).
    pub restored: bool,
    /// What each weapon, armour (or other mapped item) became.
    pub items: Vec<ItemMatch>,
    /// What Tome has no home for, each kept in the record's notes (or said dropped).
    pub kept: Vec<String>,
    /// Items of types the mapping does not read, by type and name: listed, not fatal.
    pub unknown_items: Vec<String>,
    /// How the import read what the two systems hold differently.
    pub interpretations: Vec<String>,
    /// The numbers both sides compute.
    pub numbers: Vec<NumberPair>,
}

/// One item of the actor and the entry of Tome's it was taken as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ItemMatch {
    /// The item's name and type in Foundry.
    pub foundry: String,
    pub item_type: String,
    /// The entry it became, if any.
    pub entry: Option<String>,
    pub entry_name: Option<String>,
    /// `same` (the name or an alias), `near` (read as the one entry its words name), or
    /// `none` (no entry: kept in the notes, or as an attack written out).
    pub how: String,
    /// The entries whose names are close, offered when none was taken.
    pub near: Vec<String>,
    /// Where its own numbers differ from the entry's ("Atk +4 in Foundry, +5 in Tome").
    pub differs: Vec<String>,
}

/// A number both sides compute: Foundry's (by its system's code) and Tome's (by the
/// document), and why they differ when they do.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct NumberPair {
    pub label: String,
    /// Foundry's number and how its system reaches it; `None` where Foundry computes none.
    pub foundry: Option<i64>,
    pub foundry_how: String,
    /// Tome's number and its terms; `None` where Tome shows none.
    pub tome: Option<i64>,
    pub tome_how: String,
    pub differs: bool,
    /// Why they differ, by the document (empty when they agree).
    pub why: Vec<String>,
}

impl NumberPair {
    /// Both sides, and whether they differ; the reasons (what could make them differ)
    /// stay only when they do.
    pub fn new(
        label: &str,
        foundry: (Option<i64>, String),
        tome: (Option<i64>, String),
        why: Vec<String>,
    ) -> NumberPair {
        let differs = foundry.0.is_some() && tome.0.is_some() && foundry.0 != tome.0;
        NumberPair {
            label: label.to_string(),
            foundry: foundry.0,
            foundry_how: foundry.1,
            tome: tome.0,
            tome_how: tome.1,
            differs,
            why: if differs { why } else { Vec::new() },
        }
    }
}

/// The mapping for an actor among `mappings`, refusing by name an actor of a system none
/// maps, of a version none reads, or of a type not read into `into`.
///
/// # Errors
/// [`Error::Rejected`] saying why, naming what Tome reads.
pub fn mapping_for<'a>(actor: &Actor, mappings: &[&'a dyn Mapping], into: Target) -> Result<&'a dyn Mapping> {
    let heading = format!("cannot import {}:", if actor.name.is_empty() { "the actor" } else { &actor.name });
    let ids: Vec<&str> = mappings.iter().map(|m| m.foundry_id()).collect();
    let Some(m) = mappings.iter().find(|m| m.foundry_id() == actor.system) else {
        let why = format!("{} {} actor: Tome reads {} actors", article(&actor.system), actor.system, and_list(&ids));
        return Err(Error::rejected(heading, vec![Problem::field(actor.system_at, why)]));
    };
    if !m.reads_version(&actor.version) {
        let shown =
            if actor.version.is_empty() { "no version".to_string() } else { format!("version {}", actor.version) };
        let why = format!(
            "an {} actor of {shown}: Tome reads {} actors of versions {}",
            actor.system,
            actor.system,
            m.versions()
        );
        let at = if actor.system_at == "_stats.systemId" {
            "_stats.systemVersion"
        } else {
            "flags.exportSource.systemVersion"
        };
        return Err(Error::rejected(heading, vec![Problem::field(at, why)]));
    }
    let types = m.actor_types(into);
    if !types.contains(&actor.kind.as_str()) {
        let other = match into {
            Target::Character => Target::Adversary,
            Target::Adversary => Target::Character,
        };
        let hint = if m.actor_types(other).contains(&actor.kind.as_str()) {
            format!(" (import it as an {}: `tome {} import`)", other.word(), other.word())
        } else {
            String::new()
        };
        // A type neither library reads may be no actor at all (an item's `weapon`).
        let what = if hint.is_empty() {
            format!("{} {} document of type `{}`", article(&actor.system), actor.system, actor.kind)
        } else {
            format!("{} {} {} actor", article(&actor.system), actor.system, actor.kind)
        };
        let why =
            format!("{what}: {} {} is read from {} actors{hint}", article(into.word()), into.word(), or_list(types));
        return Err(Error::rejected(heading, vec![Problem::field("type", why)]));
    }
    Ok(*m)
}

fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// "a, b and c".
pub fn and_list(words: &[&str]) -> String {
    joined(words, "and")
}

fn or_list(words: &[&str]) -> String {
    joined(words, "or")
}

fn joined(words: &[&str], last: &str) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// A name the sheet takes: within its length; a longer one is cut, and the report says so.
pub fn character_name(name: &str, report: &mut FoundryReport) -> String {
    within_length(name, crate::characters::check::MAX_NAME_CHARS, "the sheet's", report)
}

/// `name` cut to `max` characters, the cut said in the report with the whole name.
fn within_length(name: &str, max: usize, whose: &str, report: &mut FoundryReport) -> String {
    let out: String = name.chars().take(max).collect();
    if out.len() < name.len() {
        report.interpretations.push(format!(
            "the name was cut to {whose} {max} characters; in Foundry it has {}: {name}",
            name.chars().count()
        ));
    }
    out
}

/// A name the library takes: within its length, and not ending in a number (its copies
/// in a fight are numbered): "Revenant 2" becomes "Revenant (2)".
pub fn adversary_name(name: &str, report: &mut FoundryReport) -> String {
    let mut out = within_length(name.trim(), crate::adversaries::MAX_NAME, "the library's", report);
    if let Some((head, n)) = out.rsplit_once(' ') {
        if n.parse::<u32>().is_ok() {
            let renamed = format!("{head} ({n})");
            report.interpretations.push(format!("named {renamed}: an adversary's name may not end in a number"));
            out = renamed;
        }
    }
    out
}

/// The starting conditions an adversary holds (the library's
/// [`crate::adversaries::MAX_CONDITIONS`], each name within
/// [`crate::adversaries::MAX_TEXT`]): the rest are written out in `kept` (the stat
/// block's notes) as "More conditions: …", and the report says how many and why.
pub fn conditions_within_the_library(
    conditions: Vec<crate::encounters::ConditionRef>,
    kept: &mut Vec<String>,
    report: &mut FoundryReport,
) -> Vec<crate::encounters::ConditionRef> {
    use crate::adversaries::{MAX_CONDITIONS, MAX_TEXT};
    let (mut held, mut more) = (Vec::new(), Vec::new());
    for c in conditions {
        if held.len() < MAX_CONDITIONS && c.name.chars().count() <= MAX_TEXT {
            held.push(c);
        } else {
            more.push(c.name);
        }
    }
    if !more.is_empty() {
        report.interpretations.push(format!(
            "{} kept in the notes (\"More conditions\"): the library holds {MAX_CONDITIONS} starting conditions of up to {MAX_TEXT} characters each",
            counted(more.len(), "condition", "conditions")
        ));
        kept.push(format!("More conditions: {}", more.join(", ")));
    }
    held
}

/// The tags an adversary holds (the library's [`crate::adversaries::MAX_TAGS`], each of
/// 1 to [`crate::adversaries::MAX_TAG`] characters, no repeats): the rest are written out
/// in `kept` as "More tags: …", and the report says how many and why.
pub fn tags_within_the_library(tags: Vec<String>, kept: &mut Vec<String>, report: &mut FoundryReport) -> Vec<String> {
    use crate::adversaries::{MAX_TAG, MAX_TAGS};
    let (mut held, mut more) = (Vec::<String>::new(), Vec::new());
    for t in tags {
        let t = t.trim().to_string();
        if t.is_empty() || held.iter().any(|h| h.to_lowercase() == t.to_lowercase()) {
            continue;
        }
        if held.len() < MAX_TAGS && t.chars().count() <= MAX_TAG {
            held.push(t);
        } else {
            more.push(t);
        }
    }
    if !more.is_empty() {
        report.interpretations.push(format!(
            "{} kept in the notes (\"More tags\"): the library holds {MAX_TAGS} tags of up to {MAX_TAG} characters each",
            counted(more.len(), "tag", "tags")
        ));
        kept.push(format!("More tags: {}", more.join(", ")));
    }
    held
}

fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The attacks an adversary holds (the library's [`crate::adversaries::MAX_ATTACKS`]):
/// those past it are written out in `kept` (the stat block's notes), each as the library
/// would show it, and the report says how many and why, so none is dropped unsaid.
pub fn attacks_within_the_library(
    attacks: &mut Vec<crate::adversaries::AdversaryAttack>,
    kept: &mut Vec<String>,
    report: &mut FoundryReport,
) {
    let limit = crate::adversaries::MAX_ATTACKS;
    if attacks.len() <= limit {
        return;
    }
    let past = attacks.split_off(limit);
    report.interpretations.push(format!(
        "the actor makes {} attacks and an adversary holds {limit} attacks: the {} past them are kept in the notes",
        limit + past.len(),
        past.len()
    ));
    for a in past {
        let name = if a.name.is_empty() { a.entry.clone().unwrap_or_default() } else { a.name };
        kept.push(format!("Attack: {name}: {}", a.numbers));
    }
}

// ---- What Tome writes into an actor, and reads back ----

/// The `flags.tome` of an exported character: the sheet as it was and what the mapping
/// reads from the actor written.
pub fn character_flags(sheet: &CharacterSheet, mapped: &CharacterSheet) -> Value {
    json!({
        "format": FLAGS_FORMAT,
        "version": FLAGS_VERSION,
        "character": stored_sheet(sheet),
        "mapped": stored_sheet(mapped),
    })
}

/// The `flags.tome` of an exported adversary.
pub fn adversary_flags(a: &Adversary, mapped: &Adversary) -> Value {
    json!({
        "format": FLAGS_FORMAT,
        "version": FLAGS_VERSION,
        "adversary": serde_json::from_str::<Value>(&a.body()).expect("plain data"),
        "mapped": serde_json::from_str::<Value>(&mapped.body()).expect("plain data"),
    })
}

/// A sheet as the flags keep it: what its rows hold (no names read from entries).
fn stored_sheet(s: &CharacterSheet) -> Value {
    json!({
        "name": s.name,
        "values": s.values,
        "items": s.items.iter().map(|i| json!({
            "entry_id": i.entry_id, "quantity": i.quantity, "equipped": i.equipped, "coverage": i.coverage,
        })).collect::<Vec<_>>(),
        "conditions": s.conditions.iter().map(|r| r.entry_id.clone()).collect::<Vec<_>>(),
        "spells": s.spells.iter().map(|r| r.entry_id.clone()).collect::<Vec<_>>(),
    })
}

/// The parts of a kept sheet, compared part by part.
#[derive(Debug, Clone, PartialEq, Default)]
struct Parts {
    name: Option<String>,
    values: BTreeMap<String, Value>,
    items: Value,
    conditions: Value,
    spells: Value,
}

fn parts_of(v: &Value) -> Option<Parts> {
    let m = v.as_object()?;
    Some(Parts {
        name: m.get("name").and_then(Value::as_str).map(str::to_string),
        values: m.get("values")?.as_object()?.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        items: m.get("items").cloned().unwrap_or(Value::Array(Vec::new())),
        conditions: m.get("conditions").cloned().unwrap_or(Value::Array(Vec::new())),
        spells: m.get("spells").cloned().unwrap_or(Value::Array(Vec::new())),
    })
}

/// The Tome flags of an actor, when it carries Tome's own: `(kept, mapped)` for `key`
/// (`character` or `adversary`).
fn tome_flags<'a>(actor: &'a Actor, key: &str) -> Option<(&'a Value, &'a Value)> {
    let t = actor.flags.get("tome")?.as_object()?;
    if t.get("format").and_then(Value::as_str) != Some(FLAGS_FORMAT)
        || t.get("version").and_then(Value::as_i64) != Some(FLAGS_VERSION)
    {
        return None;
    }
    Some((t.get(key)?, t.get("mapped")?))
}

/// `mapped` (the sheet the mapping read from the actor) with Tome's own values back
/// wherever the actor still holds what Tome wrote: a field whose mapped value is the one
/// Tome's export mapped takes the kept sheet's value (a field Foundry has no home for
/// among them); a field changed in Foundry keeps Foundry's. The items, conditions and
/// spells go as a whole the same way. Answers whether Tome's flags were read.
pub fn restore_sheet(actor: &Actor, mapped: CharacterSheet, book: &dyn Rulebook) -> (CharacterSheet, bool) {
    let Some((kept, then)) = tome_flags(actor, "character") else { return (mapped, false) };
    let (Some(kept), Some(then)) = (parts_of(kept), parts_of(then)) else { return (mapped, false) };
    let now = parts_of(&stored_sheet(&mapped)).expect("a sheet's parts");
    let mut out = mapped.clone();
    if now.name == then.name {
        if let Some(n) = kept.name.clone() {
            out.name = n;
        }
    }
    let keys: BTreeSet<&String> = now.values.keys().chain(then.values.keys()).chain(kept.values.keys()).collect();
    let mut values = BTreeMap::new();
    for k in keys {
        let chosen = if now.values.get(k) == then.values.get(k) { kept.values.get(k) } else { now.values.get(k) };
        if let Some(v) = chosen.and_then(sheet_value) {
            values.insert(k.clone(), v);
        }
    }
    out.values = values;
    if now.items == then.items {
        if let Some(items) = items_of(&kept.items, book) {
            out.items = items;
        }
    }
    for (list, now_l, then_l, kept_l) in [
        ("conditions", &now.conditions, &then.conditions, &kept.conditions),
        ("spells", &now.spells, &then.spells, &kept.spells),
    ] {
        if now_l == then_l {
            if let Some(refs) = refs_of(kept_l, book) {
                if list == "conditions" {
                    out.conditions = refs;
                } else {
                    out.spells = refs;
                }
            }
        }
    }
    (out, true)
}

fn sheet_value(v: &Value) -> Option<SheetValue> {
    match v {
        Value::String(s) => Some(SheetValue::Text(s.clone())),
        Value::Number(n) => n.as_i64().map(SheetValue::Int),
        _ => None,
    }
}

fn items_of(v: &Value, book: &dyn Rulebook) -> Option<Vec<crate::characters::CharacterItem>> {
    v.as_array()?
        .iter()
        .map(|i| {
            let entry_id = i.get("entry_id")?.as_str()?.to_string();
            let e = book.show(&entry_id).ok()?;
            Some(crate::characters::CharacterItem {
                entry_id,
                name: e.name,
                kind: e.kind,
                quantity: i.get("quantity").and_then(Value::as_i64).unwrap_or(1),
                equipped: i.get("equipped").and_then(Value::as_bool).unwrap_or(false),
                coverage: i.get("coverage").and_then(Value::as_str).and_then(crate::characters::ItemCoverage::parse),
                retired: false,
            })
        })
        .collect()
}

fn refs_of(v: &Value, book: &dyn Rulebook) -> Option<Vec<crate::characters::CharacterRef>> {
    v.as_array()?
        .iter()
        .map(|id| {
            let id = id.as_str()?.to_string();
            let e = book.show(&id).ok()?;
            Some(crate::characters::CharacterRef { entry_id: id, name: e.name, retired: false })
        })
        .collect()
}

/// As [`restore_sheet`], for an adversary: each stat, the name, attacks, starting
/// conditions, tags, notes, kind of encounter and position.
pub fn restore_adversary(actor: &Actor, mapped: Adversary) -> (Adversary, bool) {
    let Some((kept, then)) = tome_flags(actor, "adversary") else { return (mapped, false) };
    let (Ok(kept), Ok(then)) =
        (serde_json::from_value::<Adversary>(kept.clone()), serde_json::from_value::<Adversary>(then.clone()))
    else {
        return (mapped, false);
    };
    let now = mapped;
    let mut out = now.clone();
    let keys: BTreeSet<&String> = now.stats.keys().chain(then.stats.keys()).chain(kept.stats.keys()).collect();
    out.stats = keys
        .into_iter()
        .filter_map(|k| {
            let v = if now.stats.get(k) == then.stats.get(k) { kept.stats.get(k) } else { now.stats.get(k) };
            v.map(|v| (k.clone(), *v))
        })
        .collect();
    macro_rules! back {
        ($($field:ident),*) => {$(
            if now.$field == then.$field {
                out.$field = kept.$field.clone();
            }
        )*};
    }
    back!(name, mode, position, attacks, conditions, tags, notes);
    (out, true)
}

/// A 16-letter document id for an exported item, the same for the same seed (Foundry
/// ids are 16 letters and digits).
pub fn document_id(seed: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    // FNV-1a, stretched: deterministic across builds and platforms.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut out = String::with_capacity(16);
    for round in 0..16u64 {
        for b in seed.bytes().chain(round.to_le_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        out.push(ALPHABET[(h % ALPHABET.len() as u64) as usize] as char);
    }
    out
}

/// The `_stats` of an exported document, marking its system and version.
pub fn stats(system: &str, version: &str) -> Value {
    json!({
        "systemId": system,
        "systemVersion": version,
        "coreVersion": "13.351",
        "exportSource": { "worldId": null, "uuid": null, "coreVersion": "13.351", "systemId": system, "systemVersion": version },
    })
}

/// An exported item: its id, name, type, system data and what every item carries.
pub fn item(seed: &str, name: &str, kind: &str, img: &str, system: Value) -> Value {
    json!({
        "_id": document_id(seed),
        "name": name,
        "type": kind,
        "img": img,
        "system": system,
        "effects": [],
        "flags": {},
        "sort": 0,
    })
}

/// A deterministic Foundry formula (`10 + @DEX`, `floor(@level / 2) + 3`) as a whole
/// number: numbers, `+ - * /`, brackets, `floor ceil round abs min max`, and `@name`
/// references `lookup` answers (`@DEX`, `@attributes.dex`). None for anything else (a
/// die, an unknown reference): the formula is then said, not guessed.
pub fn eval_formula(formula: &str, lookup: &dyn Fn(&str) -> Option<i64>) -> Option<i64> {
    struct P<'a> {
        s: &'a [u8],
        i: usize,
        lookup: &'a dyn Fn(&str) -> Option<i64>,
    }
    impl P<'_> {
        fn ws(&mut self) {
            while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
                self.i += 1;
            }
        }
        fn peek(&mut self) -> Option<u8> {
            self.ws();
            self.s.get(self.i).copied()
        }
        fn expr(&mut self) -> Option<f64> {
            let mut v = self.term()?;
            while let Some(c @ (b'+' | b'-')) = self.peek() {
                self.i += 1;
                let r = self.term()?;
                v = if c == b'+' { v + r } else { v - r };
            }
            Some(v)
        }
        fn term(&mut self) -> Option<f64> {
            let mut v = self.unary()?;
            while let Some(c @ (b'*' | b'/')) = self.peek() {
                self.i += 1;
                let r = self.unary()?;
                v = if c == b'*' { v * r } else { (r != 0.0).then(|| v / r)? };
            }
            Some(v)
        }
        fn unary(&mut self) -> Option<f64> {
            match self.peek()? {
                b'-' => {
                    self.i += 1;
                    Some(-self.unary()?)
                }
                b'+' => {
                    self.i += 1;
                    self.unary()
                }
                _ => self.atom(),
            }
        }
        fn word(&mut self) -> &str {
            let start = self.i;
            while self.i < self.s.len()
                && (self.s[self.i].is_ascii_alphanumeric() || matches!(self.s[self.i], b'_' | b'.'))
            {
                self.i += 1;
            }
            std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default()
        }
        fn atom(&mut self) -> Option<f64> {
            match self.peek()? {
                b'(' => {
                    self.i += 1;
                    let v = self.expr()?;
                    (self.peek()? == b')').then_some(())?;
                    self.i += 1;
                    Some(v)
                }
                b'@' => {
                    self.i += 1;
                    let name = self.word().to_string();
                    (self.lookup)(&name).map(|v| v as f64)
                }
                c if c.is_ascii_digit() => {
                    let start = self.i;
                    while self.i < self.s.len() && (self.s[self.i].is_ascii_digit() || self.s[self.i] == b'.') {
                        self.i += 1;
                    }
                    // A die (`1d6`) is not deterministic.
                    if self.s.get(self.i).is_some_and(|c| c.is_ascii_alphabetic()) {
                        return None;
                    }
                    std::str::from_utf8(&self.s[start..self.i]).ok()?.parse().ok()
                }
                c if c.is_ascii_alphabetic() => {
                    let f = self.word().to_ascii_lowercase();
                    (self.peek()? == b'(').then_some(())?;
                    self.i += 1;
                    let mut args = vec![self.expr()?];
                    while self.peek()? == b',' {
                        self.i += 1;
                        args.push(self.expr()?);
                    }
                    (self.peek()? == b')').then_some(())?;
                    self.i += 1;
                    match (f.as_str(), args.as_slice()) {
                        ("floor", [a]) => Some(a.floor()),
                        ("ceil", [a]) => Some(a.ceil()),
                        ("round", [a]) => Some(a.round()),
                        ("abs", [a]) => Some(a.abs()),
                        ("min", [_, ..]) => args.iter().copied().reduce(f64::min),
                        ("max", [_, ..]) => args.iter().copied().reduce(f64::max),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
    }
    let mut p = P { s: formula.trim().as_bytes(), i: 0, lookup };
    p.peek()?;
    let v = p.expr()?;
    // A result beyond what Tome reads from an actor is not a defense or a bonus.
    if p.peek().is_some() || !v.is_finite() || v.abs() > NUMBER_LIMIT as f64 {
        return None;
    }
    Some(v.floor() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_sixteen_letters_and_stable() {
        let a = document_id("x");
        assert_eq!(a.len(), 16);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_eq!(a, document_id("x"));
        assert_ne!(a, document_id("y"));
    }

    #[test]
    fn the_system_is_read_from_stats_or_the_older_flags() {
        let new = json!({"name": "A", "type": "npc", "system": {}, "_stats": {"systemId": "arm5e", "systemVersion": "2.4.1.7"}});
        let a = from_value(new).unwrap();
        assert_eq!((a.system.as_str(), a.version.as_str(), a.data_key), ("arm5e", "2.4.1.7", "system"));
        let old = json!({"name": "B", "type": "npc", "data": {"x": 1},
            "flags": {"exportSource": {"system": "arm5e", "systemVersion": "1.3.2", "coreVersion": "9.280"}}});
        let b = from_value(old).unwrap();
        assert_eq!(
            (b.system.as_str(), b.version.as_str(), b.data_key, b.core.as_str()),
            ("arm5e", "1.3.2", "data", "9.280")
        );
        let none = json!({"name": "C", "type": "npc", "system": {}});
        assert!(from_value(none).unwrap_err()[0].message.contains("names none"));
    }

    #[test]
    fn malformed_json_says_where() {
        let err = read(b"{\n  \"name\": \"A\",\n  \"type\" \"npc\"\n}").unwrap_err();
        assert!(err[0].message.contains("line 3, column 10"), "{}", err[0].message);
    }

    #[test]
    fn sniffing_tells_foundry_from_tome() {
        assert!(sniff(br#"{"name":"A","type":"npc","system":{},"_stats":{"systemId":"dnd5e"}}"#));
        assert!(!sniff(br#"{"format":"tome-character","version":1,"character":{}}"#));
        assert!(!sniff(br#"{"tome_adversary":1,"adversary":{}}"#));
        assert!(sniff(b"{\"_stats\": {\"systemId\": \"arm5e\"}, oops"));
    }

    #[test]
    fn formulas_evaluate_when_deterministic() {
        let look = |n: &str| match n {
            "DEX" | "attributes.dex" => Some(3),
            "level" => Some(5),
            _ => None,
        };
        assert_eq!(eval_formula("10 + @DEX", &look), Some(13));
        assert_eq!(eval_formula("12", &look), Some(12));
        assert_eq!(eval_formula("floor(@level / 2) + 3", &look), Some(5));
        assert_eq!(eval_formula("10 + @attributes.dex - (2 * 1)", &look), Some(11));
        assert_eq!(eval_formula("max(1, -@DEX)", &look), Some(1));
        assert_eq!(eval_formula("1d6 + 2", &look), None);
        assert_eq!(eval_formula("10 + @WIS", &look), None);
        assert_eq!(eval_formula("", &look), None);
        assert_eq!(eval_formula("10 +", &look), None);
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(and_list(&["arm5e", "mythcraft"]), "arm5e and mythcraft");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
    }
}
