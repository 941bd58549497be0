//! The differences between two versions of a sheet, field by field, and the few words
//! a revision list shows for them.

use std::collections::{BTreeSet, HashMap};

use serde_json::{json, Value};

use super::{CharacterChange, CharacterItem, CharacterRef, CharacterSheet, SheetValue};

/// One change and how a revision summary says it.
pub(crate) struct Described {
    pub change: CharacterChange,
    pub words: String,
}

fn change(field: String, before: Option<Value>, after: Option<Value>, words: String) -> Described {
    Described { change: CharacterChange { field, before, after }, words }
}

fn value_json(v: &SheetValue) -> Value {
    match v {
        SheetValue::Int(n) => json!(n),
        SheetValue::Text(s) => json!(s),
    }
}

fn item_json(i: &CharacterItem) -> Value {
    json!({ "name": i.name, "quantity": i.quantity, "equipped": i.equipped, "coverage": i.coverage })
}

/// Everything that differs from `a` to `b`, in sheet order: name, values by field,
/// items, conditions, spells.
pub(crate) fn compare(a: &CharacterSheet, b: &CharacterSheet) -> Vec<Described> {
    let mut out = Vec::new();
    if a.name != b.name {
        out.push(change("name".into(), Some(json!(a.name)), Some(json!(b.name)), format!("renamed to {:?}", b.name)));
    }

    let fields: BTreeSet<&String> = a.values.keys().chain(b.values.keys()).collect();
    for f in fields {
        let (before, after) = (a.values.get(f), b.values.get(f));
        if before == after {
            continue;
        }
        let words = match (before, after) {
            (Some(x), Some(y)) => format!("{f} {x} → {y}"),
            (None, Some(y)) => format!("{f} set to {y}"),
            _ => format!("{f} cleared"),
        };
        out.push(change(format!("values.{f}"), before.map(value_json), after.map(value_json), words));
    }

    compare_items(&a.items, &b.items, &mut out);
    compare_refs("conditions", "condition", &a.conditions, &b.conditions, &mut out);
    compare_refs("spells", "spell", &a.spells, &b.spells, &mut out);
    out
}

fn compare_items(a: &[CharacterItem], b: &[CharacterItem], out: &mut Vec<Described>) {
    let in_b: HashMap<&str, &CharacterItem> = b.iter().map(|i| (i.entry_id.as_str(), i)).collect();
    let in_a: HashMap<&str, &CharacterItem> = a.iter().map(|i| (i.entry_id.as_str(), i)).collect();
    for x in a {
        let at = format!("items[{}]", x.entry_id);
        let Some(y) = in_b.get(x.entry_id.as_str()) else {
            out.push(change(at, Some(item_json(x)), None, format!("removed {}", x.name)));
            continue;
        };
        if x.quantity != y.quantity {
            let words = format!("{} ×{} → ×{}", y.name, x.quantity, y.quantity);
            out.push(change(format!("{at}.quantity"), Some(json!(x.quantity)), Some(json!(y.quantity)), words));
        }
        if x.equipped != y.equipped {
            let words = format!("{} {}", if y.equipped { "equipped" } else { "unequipped" }, y.name);
            out.push(change(format!("{at}.equipped"), Some(json!(x.equipped)), Some(json!(y.equipped)), words));
        }
        if x.coverage != y.coverage {
            let said = |c: Option<super::ItemCoverage>| c.map_or("no", |c| c.as_str());
            let words = format!("{} {} → {} coverage", y.name, said(x.coverage), said(y.coverage));
            out.push(change(format!("{at}.coverage"), Some(json!(x.coverage)), Some(json!(y.coverage)), words));
        }
    }
    for y in b.iter().filter(|y| !in_a.contains_key(y.entry_id.as_str())) {
        out.push(change(format!("items[{}]", y.entry_id), None, Some(item_json(y)), format!("added {}", y.name)));
    }
    let ids = |list: &[CharacterItem]| list.iter().map(|i| i.entry_id.clone()).collect::<Vec<_>>();
    order_change("items", &ids(a), &ids(b), out);
}

fn compare_refs(list: &str, what: &str, a: &[CharacterRef], b: &[CharacterRef], out: &mut Vec<Described>) {
    let has = |refs: &[CharacterRef], id: &str| refs.iter().any(|r| r.entry_id == id);
    for x in a.iter().filter(|x| !has(b, &x.entry_id)) {
        out.push(change(
            format!("{list}[{}]", x.entry_id),
            Some(json!(x.name)),
            None,
            format!("removed {what} {}", x.name),
        ));
    }
    for y in b.iter().filter(|y| !has(a, &y.entry_id)) {
        out.push(change(
            format!("{list}[{}]", y.entry_id),
            None,
            Some(json!(y.name)),
            format!("added {what} {}", y.name),
        ));
    }
    let ids = |refs: &[CharacterRef]| refs.iter().map(|r| r.entry_id.clone()).collect::<Vec<_>>();
    order_change(list, &ids(a), &ids(b), out);
}

/// A change of order alone: the entries both sides hold, in a different sequence.
fn order_change(list: &str, a: &[String], b: &[String], out: &mut Vec<Described>) {
    let common_a: Vec<&String> = a.iter().filter(|id| b.contains(id)).collect();
    let common_b: Vec<&String> = b.iter().filter(|id| a.contains(id)).collect();
    if common_a != common_b {
        out.push(change(list.into(), Some(json!(a)), Some(json!(b)), format!("reordered {list}")));
    }
}

/// A revision's summary: the first few changes in words, and how many more there are.
pub(crate) fn summary(changes: &[Described]) -> String {
    const SHOWN: usize = 3;
    if changes.is_empty() {
        return "no changes".into();
    }
    let mut words: Vec<&str> = changes.iter().take(SHOWN).map(|d| d.words.as_str()).collect();
    let more = changes.len().saturating_sub(SHOWN);
    let tail = format!("and {more} more");
    if more > 0 {
        words.push(&tail);
    }
    words.join("; ")
}
