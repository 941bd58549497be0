//! The character file: writing it, and reading it strictly. Reading walks the JSON by
//! hand rather than deriving it, so that every problem (not just the first) is reported
//! with its exact path, and a wrong part does not hide the parts after it.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use super::check::{value_path, Draft, StoredItem};
use super::{CharacterSheet, ItemCoverage, SheetValue};
use crate::error::Problem;

/// The `format` every character file names.
pub const FORMAT: &str = "tome-character";
/// The file format version this build writes and reads.
pub const VERSION: i64 = 1;
/// The largest file an import reads (1 MiB): far above any real sheet, and small enough
/// that a wrong file chosen by mistake is turned away before it is parsed.
pub const MAX_FILE_BYTES: usize = 1 << 20;

#[derive(Serialize)]
struct FileOut<'a> {
    format: &'static str,
    version: i64,
    character: &'a CharacterSheet,
}

/// The file for `sheet`: pretty JSON for people, compact for revisions.
pub(crate) fn write(sheet: &CharacterSheet, pretty: bool) -> String {
    let out = FileOut { format: FORMAT, version: VERSION, character: sheet };
    if pretty {
        let mut text = serde_json::to_string_pretty(&out).expect("plain data serializes");
        text.push('\n');
        text
    } else {
        serde_json::to_string(&out).expect("plain data serializes")
    }
}

/// Reads a file into a draft. Problems found here (size, encoding, syntax, shape, types)
/// come back with the draft of whatever could be read, so the database checks can still
/// run on the rest; a file that is not a character file at all comes back as `Err`.
pub(crate) fn read(bytes: &[u8]) -> Result<(Draft, Vec<Problem>), Vec<Problem>> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(vec![Problem::field(
            "",
            format!("the file is {} bytes; a character file is at most 1 MiB ({MAX_FILE_BYTES} bytes)", bytes.len()),
        )]);
    }
    // A byte-order mark (Notepad saves UTF-8 with one) says only that the text is UTF-8.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        vec![Problem::field("", format!("the file is not UTF-8 text (bad byte at offset {})", e.valid_up_to()))]
    })?;
    let (root, twice) =
        strict_json(text).map_err(|e| vec![Problem::field("", format!("the file is not valid JSON: {e}"))])?;

    let mut r = Reader::default();
    let Some(top) = r.object(&root, "") else { return Err(r.problems) };

    // A wrong format or version means the rest cannot be read with this format's
    // rules, so those are reported alone.
    match top.get("format") {
        None => r.problem("format", format!("missing; a Tome character file says \"format\": \"{FORMAT}\"")),
        Some(Value::String(f)) if f == FORMAT => {}
        Some(other) => r.problem("format", format!("must be \"{FORMAT}\", not {}", shown(other))),
    }
    match top.get("version") {
        None => r.problem("version", format!("missing; this Tome reads version {VERSION}")),
        Some(v) => match v.as_i64() {
            Some(VERSION) => {}
            Some(n) if n > VERSION => r.problem(
                "version",
                format!("the file is version {n}, from a newer Tome; this one reads version {VERSION}"),
            ),
            _ => r.problem("version", format!("must be {VERSION}, not {}", shown(v))),
        },
    }
    if !r.problems.is_empty() {
        return Err(r.problems);
    }
    // A key this format does not have is one problem among the others, all listed at
    // once (it used to be reported alone, hiding the rest).
    r.unknown_keys(top, "", &["format", "version", "character"]);
    for path in twice {
        r.problem(&path, "written twice; a key appears once in an object (which one to keep would be a guess)");
    }

    let Some(character) = top.get("character") else {
        r.problem("character", "missing: the file holds no character");
        return Err(r.problems);
    };
    let draft = r.character(character);
    Ok((draft, r.problems))
}

/// `text` parsed as JSON, with the path of every key written twice in one object (which
/// `serde_json` would read as the last one, silently).
fn strict_json(text: &str) -> serde_json::Result<(Value, Vec<String>)> {
    use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
    use std::cell::RefCell;

    struct At<'a> {
        path: String,
        twice: &'a RefCell<Vec<String>>,
    }
    impl<'a> At<'a> {
        fn child(&self, step: String) -> At<'a> {
            let path = if self.path.is_empty() || step.starts_with('[') {
                self.path.clone() + &step
            } else {
                format!("{}.{step}", self.path)
            };
            At { path, twice: self.twice }
        }
    }
    impl<'de> DeserializeSeed<'de> for At<'_> {
        type Value = Value;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
            d.deserialize_any(self)
        }
    }
    impl<'de> Visitor<'de> for At<'_> {
        type Value = Value;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element_seed(self.child(format!("[{}]", out.len())))? {
                out.push(v);
            }
            Ok(Value::Array(out))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
            let mut out = Map::new();
            while let Some(key) = map.next_key::<String>()? {
                let at = self.child(key.clone());
                let path = at.path.clone();
                let v = map.next_value_seed(at)?;
                if out.insert(key, v).is_some() {
                    self.twice.borrow_mut().push(path);
                }
            }
            Ok(Value::Object(out))
        }
    }

    let twice = RefCell::new(Vec::new());
    let mut d = serde_json::Deserializer::from_str(text);
    let value = At { path: String::new(), twice: &twice }.deserialize(&mut d)?;
    d.end()?;
    Ok((value, twice.into_inner()))
}

/// A JSON value as a message shows it: short values whole, long ones by type.
fn shown(v: &Value) -> String {
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

#[derive(Default)]
struct Reader {
    problems: Vec<Problem>,
}

const CHARACTER_KEYS: &[&str] = &["system", "name", "values", "items", "conditions", "spells"];
const ITEM_KEYS: &[&str] = &["entry_id", "name", "kind", "quantity", "equipped", "coverage", "retired"];
const REF_KEYS: &[&str] = &["entry_id", "name", "retired"];

impl Reader {
    fn problem(&mut self, path: &str, message: impl Into<String>) {
        self.problems.push(Problem::field(path, message));
    }

    fn object<'v>(&mut self, v: &'v Value, path: &str) -> Option<&'v Map<String, Value>> {
        match v {
            Value::Object(m) => Some(m),
            other => {
                let at = if path.is_empty() { "the file" } else { "this" };
                self.problem(path, format!("{at} must be a JSON object, not {}", shown(other)));
                None
            }
        }
    }

    fn array<'v>(&mut self, v: Option<&'v Value>, path: &str) -> &'v [Value] {
        match v {
            None => &[],
            Some(Value::Array(a)) => a,
            Some(other) => {
                self.problem(path, format!("must be a list, not {}", shown(other)));
                &[]
            }
        }
    }

    fn unknown_keys(&mut self, m: &Map<String, Value>, path: &str, known: &[&str]) {
        for k in m.keys().filter(|k| !known.contains(&k.as_str())) {
            let at = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
            self.problem(&at, format!("unknown field (expected one of: {})", known.join(", ")));
        }
    }

    /// A required text field.
    fn text(&mut self, m: &Map<String, Value>, key: &str, path: &str) -> Option<String> {
        let at = format!("{path}.{key}");
        match m.get(key) {
            None => {
                self.problem(&at, "missing");
                None
            }
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => {
                self.problem(&at, format!("must be text, not {}", shown(other)));
                None
            }
        }
    }

    /// An informational field: read for its type only, its value is the database's.
    fn informational(&mut self, m: &Map<String, Value>, key: &str, path: &str, want_bool: bool) {
        match (m.get(key), want_bool) {
            (None, _) | (Some(Value::Bool(_)), true) | (Some(Value::String(_)), false) => {}
            (Some(other), true) => {
                self.problem(&format!("{path}.{key}"), format!("must be true or false, not {}", shown(other)))
            }
            (Some(other), false) => {
                self.problem(&format!("{path}.{key}"), format!("must be text, not {}", shown(other)))
            }
        }
    }

    fn character(&mut self, v: &Value) -> Draft {
        let path = "character";
        let mut draft = Draft::default();
        let Some(m) = self.object(v, path) else { return draft };
        self.unknown_keys(m, path, CHARACTER_KEYS);
        draft.system = self.text(m, "system", path);
        draft.name = self.text(m, "name", path);
        draft.values = self.values(m.get("values"));
        for (i, item) in self.array(m.get("items"), "character.items").iter().enumerate() {
            let item = self.item(item, &format!("character.items[{i}]"));
            draft.items.push(item);
        }
        for list in ["conditions", "spells"] {
            let at = format!("character.{list}");
            let refs: Vec<Option<String>> = self
                .array(m.get(list), &at)
                .iter()
                .enumerate()
                .map(|(i, r)| self.reference(r, &format!("{at}[{i}]")))
                .collect();
            match list {
                "conditions" => draft.conditions = refs,
                _ => draft.spells = refs,
            }
        }
        draft
    }

    fn values(&mut self, v: Option<&Value>) -> BTreeMap<String, SheetValue> {
        let mut out = BTreeMap::new();
        let Some(v) = v else { return out };
        let Some(m) = self.object(v, "character.values") else { return out };
        for (key, value) in m {
            let at = format!("character.{}", value_path(key));
            match value {
                Value::String(s) => {
                    out.insert(key.clone(), SheetValue::Text(s.clone()));
                }
                Value::Number(n) => match n.as_i64() {
                    Some(i) => {
                        out.insert(key.clone(), SheetValue::Int(i));
                    }
                    None if n.is_f64() => self.problem(&at, format!("must be a whole number or text, not {n}")),
                    None => self.problem(&at, format!("{n} is too large for a whole number")),
                },
                other => self.problem(&at, format!("must be a whole number or text, not {}", shown(other))),
            }
        }
        out
    }

    fn item(&mut self, v: &Value, path: &str) -> Option<StoredItem> {
        let m = self.object(v, path)?;
        self.unknown_keys(m, path, ITEM_KEYS);
        self.informational(m, "name", path, false);
        self.informational(m, "kind", path, false);
        self.informational(m, "retired", path, true);
        let entry_id = self.text(m, "entry_id", path);
        let quantity = match m.get("quantity") {
            None => Some(1),
            Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64(),
            Some(other) => {
                self.problem(&format!("{path}.quantity"), format!("must be a whole number, not {}", shown(other)));
                None
            }
        };
        let equipped = match m.get("equipped") {
            None => Some(false),
            Some(Value::Bool(b)) => Some(*b),
            Some(other) => {
                self.problem(&format!("{path}.equipped"), format!("must be true or false, not {}", shown(other)));
                None
            }
        };
        let coverage = match m.get("coverage") {
            None | Some(Value::Null) => Some(None),
            Some(Value::String(s)) if ItemCoverage::parse(s).is_some() => Some(ItemCoverage::parse(s)),
            Some(other) => {
                self.problem(
                    &format!("{path}.coverage"),
                    format!("must be \"partial\" or \"full\" (or null), not {}", shown(other)),
                );
                None
            }
        };
        Some(StoredItem { entry_id: entry_id?, quantity: quantity?, equipped: equipped?, coverage: coverage? })
    }

    /// A condition or spell: an id, or an object with `entry_id`.
    fn reference(&mut self, v: &Value, path: &str) -> Option<String> {
        match v {
            Value::String(id) => Some(id.clone()),
            Value::Object(m) => {
                self.unknown_keys(m, path, REF_KEYS);
                self.informational(m, "name", path, false);
                self.informational(m, "retired", path, true);
                self.text(m, "entry_id", path)
            }
            other => {
                self.problem(path, format!("must be an entry id or an object with \"entry_id\", not {}", shown(other)));
                None
            }
        }
    }
}
