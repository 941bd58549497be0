//! What a Foundry actor holds that Tome does not map, kept with the record it became and
//! carried back out when that record is exported (issue 75: "carries the rest through
//! untouched"): its items and effects Tome's export does not write (Virtues, Flaws,
//! spells, talents, a weapon no entry matched), its system data and Foundry's own fields
//! (token, folder, other modules' flags) as the file held them.
//!
//! What Tome maps wins: the export is written from the record as for any record, then
//! the kept actor fills in only what that export does not write. So an item is carried
//! only when the export of the record just imported writes no item of its type and name
//! (or of the entry it was read as); a field of the system data is carried only where the
//! export writes none. Both are decided at import, against the export of the record the
//! import made, so nothing Tome maps ever comes out twice.

use serde_json::{Map, Value};

use super::{Actor, FoundryReport, Mapping, Target};

/// Whether two item or effect names are the same one (Foundry's names differ in case).
fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

fn name_of(v: &Value) -> &str {
    v.get("name").and_then(Value::as_str).unwrap_or_default()
}

fn type_of(v: &Value) -> &str {
    v.get("type").and_then(Value::as_str).unwrap_or_default()
}

fn statuses(v: &Value) -> Vec<&str> {
    v.get("statuses")
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Whether `item` is one `written` holds: of its type, and of its name, of `also` (the
/// entry it was read as), or of what else makes it the same ([`Mapping::item_key`]).
fn written_has(mapping: &dyn Mapping, written: &[Value], item: &Value, also: Option<&str>) -> bool {
    let kind = type_of(item);
    let key = |v: &Value| mapping.item_key(kind, v.get("system").or_else(|| v.get("data")).unwrap_or(&Value::Null));
    let mine = key(item);
    written.iter().filter(|w| type_of(w) == kind).any(|w| {
        same_name(name_of(w), name_of(item))
            || also.is_some_and(|a| same_name(name_of(w), a))
            || (mine.is_some() && key(w) == mine)
    })
}

/// Whether an active effect changes one of `keys` (Foundry 14 keeps the changes under
/// `system`, 13 at the top).
fn changes_any(effect: &Value, keys: &[&str]) -> bool {
    let changes = effect.get("changes").or_else(|| effect.get("system").and_then(|s| s.get("changes")));
    changes
        .and_then(Value::as_array)
        .is_some_and(|l| l.iter().any(|c| c.get("key").and_then(Value::as_str).is_some_and(|k| keys.contains(&k))))
}

/// What an import keeps of `actor`, read by `mapping` into a record of `into`: the actor
/// as its file held it, without the items and effects `written` (the export of the
/// record the import made) writes itself, without the effects whose changes the record
/// took ([`Mapping::taken_effect_keys`]) and the fields read from an older shape
/// ([`Mapping::uncarried_fields`]), and without Tome's own flags (an export writes them
/// anew). `report` says which entry each item was read as.
pub fn kept(mapping: &dyn Mapping, into: Target, actor: &Actor, written: &Value, report: &FoundryReport) -> Value {
    let mut out = actor.raw.clone();
    let whole = mapping.whole_item_types(into);
    let taken = mapping.taken_effect_keys(into);
    let written_items = written.get("items").and_then(Value::as_array).cloned().unwrap_or_default();
    let read_as = |item: &Value| -> Option<String> {
        report
            .items
            .iter()
            .find(|m| m.item_type == type_of(item) && same_name(&m.foundry, name_of(item)))
            .and_then(|m| m.entry_name.clone())
    };
    if let Some(Value::Array(items)) = out.get_mut("items") {
        items.retain(|item| {
            !whole.contains(&type_of(item)) && !written_has(mapping, &written_items, item, read_as(item).as_deref())
        });
        for item in items.iter_mut() {
            if let Some(Value::Array(effects)) = item.get_mut("effects") {
                effects.retain(|e| !changes_any(e, taken));
            }
        }
    }
    let written_effects = written.get("effects").and_then(Value::as_array).cloned().unwrap_or_default();
    if let Some(Value::Array(effects)) = out.get_mut("effects") {
        // An effect is Tome's when the export writes one of its name or of a status it
        // is under (a condition read from it).
        effects.retain(|e| {
            let mine = statuses(e);
            !changes_any(e, taken)
                && !written_effects
                    .iter()
                    .any(|w| same_name(name_of(w), name_of(e)) || statuses(w).iter().any(|s| mine.contains(s)))
        });
    }
    for key in ["system", "data"] {
        if let Some(Value::Object(data)) = out.get_mut(key) {
            for field in mapping.uncarried_fields() {
                data.remove(*field);
            }
        }
    }
    if let Some(Value::Object(flags)) = out.get_mut("flags") {
        flags.remove("tome");
    }
    Value::Object(out)
}

/// The actor Tome's export wrote (`fresh`, by `mapping`) with what `kept` carries: each
/// field `fresh` writes as it wrote it (its system data field by field, so a field it
/// does not write comes from `kept`), then the items and effects `kept` carries, in the
/// order they came, but for one that is the same as one Tome now writes. The actor's
/// picture stays the one it had.
pub fn merged(mapping: &dyn Mapping, kept: &Value, fresh: Value) -> Value {
    let (Value::Object(kept), Value::Object(fresh)) = (kept, fresh.clone()) else { return fresh };
    let mut out = kept.clone();
    // An older actor's data (`data`) goes out where the data model keeps it now.
    let data = out.remove("system").or_else(|| out.remove("data")).unwrap_or_else(|| Value::Object(Map::new()));
    out.remove("data");
    let items = out.remove("items");
    let effects = out.remove("effects");
    let with_carried = |written: Value, carried: &Option<Value>| -> Value {
        let mut list = match written {
            Value::Array(l) => l,
            _ => Vec::new(),
        };
        if let Some(Value::Array(carried)) = carried {
            let extra: Vec<Value> = carried.iter().filter(|c| !written_has(mapping, &list, c, None)).cloned().collect();
            list.extend(extra);
        }
        Value::Array(list)
    };
    for (key, value) in fresh {
        let v = match key.as_str() {
            "system" => overlaid(data.clone(), value),
            "items" => with_carried(value, &items),
            "effects" => with_carried(value, &effects),
            "img" if out.get("img").and_then(Value::as_str).is_some_and(|s| !s.is_empty()) => continue,
            _ => match out.remove(&key) {
                Some(was) => overlaid(was, value),
                None => value,
            },
        };
        out.insert(key, v);
    }
    Value::Object(out)
}

/// `top` over `base`: objects field by field (a field `top` has not keeps `base`'s),
/// anything else `top` whole.
fn overlaid(base: Value, top: Value) -> Value {
    match (base, top) {
        (Value::Object(mut base), Value::Object(top)) => {
            for (k, v) in top {
                let merged = match base.remove(&k) {
                    Some(was) => overlaid(was, v),
                    None => v,
                };
                base.insert(k, merged);
            }
            Value::Object(base)
        }
        (_, top) => top,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A mapping with no say in what is carried (the defaults).
    struct Plain;
    impl Mapping for Plain {
        fn foundry_id(&self) -> &'static str {
            "plain"
        }
        fn tome_system(&self) -> &'static str {
            "plain"
        }
        fn versions(&self) -> &'static str {
            "any"
        }
        fn reads_version(&self, _: &str) -> bool {
            true
        }
        fn actor_types(&self, _: Target) -> &'static [&'static str] {
            &["npc"]
        }
        fn writes_version(&self) -> &'static str {
            "1"
        }
        fn character(
            &self,
            _: &dyn crate::rulebook::Rulebook,
            _: &Actor,
        ) -> crate::error::Result<super::super::Imported<crate::characters::CharacterSheet>> {
            unreachable!("not read")
        }
        fn adversary(
            &self,
            _: &dyn crate::rulebook::Rulebook,
            _: &Actor,
        ) -> crate::error::Result<super::super::Imported<crate::adversaries::Adversary>> {
            unreachable!("not read")
        }
        fn character_numbers(
            &self,
            _: &dyn crate::rulebook::Rulebook,
            _: &Actor,
            _: &crate::characters::CharacterSheet,
        ) -> crate::error::Result<Vec<super::super::NumberPair>> {
            unreachable!("not read")
        }
        fn adversary_numbers(
            &self,
            _: &dyn crate::rulebook::Rulebook,
            _: &Actor,
            _: &crate::adversaries::Adversary,
        ) -> crate::error::Result<Vec<super::super::NumberPair>> {
            unreachable!("not read")
        }
        fn export_character(
            &self,
            _: &dyn crate::rulebook::Rulebook,
            _: &crate::characters::CharacterSheet,
        ) -> crate::error::Result<super::super::Exported> {
            unreachable!("not written")
        }
        fn export_adversary(
            &self,
            _: &dyn crate::rulebook::Rulebook,
            _: &crate::adversaries::Adversary,
        ) -> crate::error::Result<super::super::Exported> {
            unreachable!("not written")
        }
    }

    #[test]
    fn tomes_fields_win_and_the_rest_comes_as_it_was() {
        let kept = json!({
            "name": "Old", "type": "npc", "img": "portrait.webp", "folder": "F1",
            "system": { "hp": { "value": 3, "max": 9, "temp": 2 }, "skills": { "lore": 4 }, "tags": ["a"] },
            "items": [ { "name": "Tough", "type": "virtue", "system": { "x": 1 } },
                       { "name": "Spear", "type": "weapon", "system": { "old": true } } ],
            "effects": [ { "name": "Blessed", "statuses": [] } ],
            "flags": { "other": { "k": 1 } },
        });
        let fresh = json!({
            "name": "New", "type": "npc", "img": "default.svg",
            "system": { "hp": { "value": 5, "max": 10 }, "tags": [] },
            "items": [ { "name": "spear", "type": "weapon", "system": { "new": true } } ],
            "effects": [], "flags": {},
        });
        let out = merged(&Plain, &kept, fresh);
        assert_eq!(out["name"], "New");
        assert_eq!(out["img"], "portrait.webp");
        assert_eq!(out["folder"], "F1");
        assert_eq!(
            out["system"],
            json!({ "hp": { "value": 5, "max": 10, "temp": 2 }, "skills": { "lore": 4 }, "tags": [] })
        );
        assert_eq!(
            out["items"],
            json!([ { "name": "spear", "type": "weapon", "system": { "new": true } },
                                          { "name": "Tough", "type": "virtue", "system": { "x": 1 } } ])
        );
        assert_eq!(out["effects"], json!([ { "name": "Blessed", "statuses": [] } ]));
        assert_eq!(out["flags"], json!({ "other": { "k": 1 } }));
    }

    #[test]
    fn an_older_actors_data_goes_out_as_system() {
        let kept = json!({ "name": "A", "type": "player", "data": { "extra": 1, "size": 0 } });
        let out = merged(&Plain, &kept, json!({ "name": "A", "type": "player", "system": { "size": 2 } }));
        assert_eq!(out["system"], json!({ "extra": 1, "size": 2 }));
        assert!(out.get("data").is_none());
    }
}
