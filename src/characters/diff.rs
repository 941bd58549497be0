//! The differences between two versions of a sheet, field by field, and the few words
//! a revision list shows for them.

use std::collections::{BTreeSet, HashMap};

use serde_json::{json, Value};

use super::{ChangeHow, CharacterChange, CharacterItem, CharacterRef, CharacterSheet, SheetValue};

/// One change and how a revision summary says it.
pub(crate) struct Described {
    pub change: CharacterChange,
    pub words: String,
}

/// A value on one side of a change: as data, and as the history writes it.
type Side = Option<(Value, String)>;

fn change(field: String, what: String, before: Side, after: Side, words: String) -> Described {
    let how = match (&before, &after) {
        (None | Some((Value::Null, _)), _) => ChangeHow::Added,
        (_, None | Some((Value::Null, _))) => ChangeHow::Removed,
        _ => ChangeHow::Changed,
    };
    let (before, before_text) = before.map_or((None, NONE.to_string()), |(v, t)| (Some(v), t));
    let (after, after_text) = after.map_or((None, NONE.to_string()), |(v, t)| (Some(v), t));
    Described { change: CharacterChange { field, what, before, after, before_text, after_text, how }, words }
}

/// How the history writes a value that is not there.
const NONE: &str = "—";

fn value_side(v: &SheetValue) -> (Value, String) {
    match v {
        SheetValue::Int(n) => (json!(n), n.to_string()),
        SheetValue::Text(s) => (json!(s), s.clone()),
    }
}

fn item_side(i: &CharacterItem) -> (Value, String) {
    let json = json!({ "name": i.name, "quantity": i.quantity, "equipped": i.equipped, "coverage": i.coverage });
    let mut words = vec![i.name.clone()];
    if i.quantity != 1 {
        words.push(format!("×{}", i.quantity));
    }
    words.extend(i.coverage.map(|c| c.as_str().to_string()));
    if i.equipped {
        words.push("equipped".into());
    }
    (json, words.join(", "))
}

fn yes_no(b: bool) -> (Value, String) {
    (json!(b), if b { "yes" } else { "no" }.into())
}

/// What the sheet calls a list.
fn list_title(list: &str) -> &'static str {
    match list {
        "items" => "Equipment",
        "conditions" => "Conditions",
        _ => "Spells",
    }
}

/// Everything that differs from `a` to `b`, in sheet order: name, values by field,
/// items, conditions, spells. `label` names a field as the sheet does.
pub(crate) fn compare(a: &CharacterSheet, b: &CharacterSheet, label: &dyn Fn(&str) -> String) -> Vec<Described> {
    let mut out = Vec::new();
    if a.name != b.name {
        let side = |name: &String| Some((json!(name), name.clone()));
        out.push(change(
            "name".into(),
            "Name".into(),
            side(&a.name),
            side(&b.name),
            format!("renamed to {:?}", b.name),
        ));
    }

    let fields: BTreeSet<&String> = a.values.keys().chain(b.values.keys()).collect();
    for f in fields {
        let (before, after) = (a.values.get(f), b.values.get(f));
        if before == after {
            continue;
        }
        let what = label(f);
        let words = match (before, after) {
            (Some(x), Some(y)) => format!("{what} {x} → {y}"),
            (None, Some(y)) => format!("{what} set to {y}"),
            _ => format!("{what} cleared"),
        };
        out.push(change(format!("values.{f}"), what, before.map(value_side), after.map(value_side), words));
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
            let what = format!("Equipment: {}", x.name);
            out.push(change(at, what, Some(item_side(x)), None, format!("removed {}", x.name)));
            continue;
        };
        if x.quantity != y.quantity {
            let words = format!("{} ×{} → ×{}", y.name, x.quantity, y.quantity);
            let side = |q: i64| Some((json!(q), q.to_string()));
            let what = format!("{} · quantity", y.name);
            out.push(change(format!("{at}.quantity"), what, side(x.quantity), side(y.quantity), words));
        }
        if x.equipped != y.equipped {
            let words = format!("{} {}", if y.equipped { "equipped" } else { "unequipped" }, y.name);
            let what = format!("{} · equipped", y.name);
            out.push(change(format!("{at}.equipped"), what, Some(yes_no(x.equipped)), Some(yes_no(y.equipped)), words));
        }
        if x.coverage != y.coverage {
            let said = |c: Option<super::ItemCoverage>| c.map_or("no", |c| c.as_str());
            let words = format!("{} {} → {} coverage", y.name, said(x.coverage), said(y.coverage));
            let side = |c: Option<super::ItemCoverage>| Some((json!(c), c.map_or(NONE, |c| c.as_str()).to_string()));
            let what = format!("{} · coverage", y.name);
            out.push(change(format!("{at}.coverage"), what, side(x.coverage), side(y.coverage), words));
        }
    }
    for y in b.iter().filter(|y| !in_a.contains_key(y.entry_id.as_str())) {
        let what = format!("Equipment: {}", y.name);
        out.push(change(format!("items[{}]", y.entry_id), what, None, Some(item_side(y)), format!("added {}", y.name)));
    }
    let ids = |list: &[CharacterItem]| list.iter().map(|i| (i.entry_id.clone(), i.name.clone())).collect::<Vec<_>>();
    order_change("items", &ids(a), &ids(b), out);
}

fn compare_refs(list: &str, what: &str, a: &[CharacterRef], b: &[CharacterRef], out: &mut Vec<Described>) {
    let has = |refs: &[CharacterRef], id: &str| refs.iter().any(|r| r.entry_id == id);
    for x in a.iter().filter(|x| !has(b, &x.entry_id)) {
        out.push(change(
            format!("{list}[{}]", x.entry_id),
            format!("{}: {}", list_title(list), x.name),
            Some((json!(x.name), x.name.clone())),
            None,
            format!("removed {what} {}", x.name),
        ));
    }
    for y in b.iter().filter(|y| !has(a, &y.entry_id)) {
        out.push(change(
            format!("{list}[{}]", y.entry_id),
            format!("{}: {}", list_title(list), y.name),
            None,
            Some((json!(y.name), y.name.clone())),
            format!("added {what} {}", y.name),
        ));
    }
    let ids = |refs: &[CharacterRef]| refs.iter().map(|r| (r.entry_id.clone(), r.name.clone())).collect::<Vec<_>>();
    order_change(list, &ids(a), &ids(b), out);
}

/// A change of order alone: the entries both sides hold (id, name), in a different
/// sequence.
fn order_change(list: &str, a: &[(String, String)], b: &[(String, String)], out: &mut Vec<Described>) {
    let common_a: Vec<&String> = a.iter().map(|(id, _)| id).filter(|id| b.iter().any(|(y, _)| y == *id)).collect();
    let common_b: Vec<&String> = b.iter().map(|(id, _)| id).filter(|id| a.iter().any(|(x, _)| x == *id)).collect();
    if common_a != common_b {
        let side = |l: &[(String, String)]| {
            let ids: Vec<&String> = l.iter().map(|(id, _)| id).collect();
            let names: Vec<&str> = l.iter().map(|(_, name)| name.as_str()).collect();
            Some((json!(ids), names.join(", ")))
        };
        let what = format!("{} order", list_title(list));
        out.push(change(list.into(), what, side(a), side(b), format!("reordered {list}")));
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
