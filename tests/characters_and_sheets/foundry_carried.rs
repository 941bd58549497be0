//! Issue 75: a Foundry actor imported into Tome and exported again carries what Tome has
//! no home for (Virtues, Flaws, spells, talents, other items, the system's fields Tome
//! reads nowhere, Foundry's own token and folder) back out as it came in, while every
//! field Tome mapped goes out as Tome holds it. Generated from the real fixtures, with
//! random items and fields added that no mapping reads.

use proptest::prelude::*;
use serde_json::{json, Map, Value};
use std::cell::RefCell;
use tome::Tome;

thread_local! {
    static TOME: RefCell<Tome> = RefCell::new(Tome::open_in_memory().unwrap());
}

fn fixture(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/foundry").join(name);
    serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()
}

/// Each fixture, whether it is read as a character (else as an adversary), and item
/// types its system's mapping does not read (what an added item is).
const CASES: [(&str, bool); 8] = [
    ("arm5e-standard-soldier.json", true),
    ("arm5e-older-brother-anselm.json", true),
    ("arm5e-revenant-skeletal-form.json", false),
    ("arm5e-hound-canis.json", false),
    ("mythcraft-character-wren-ashvale.json", true),
    ("mythcraft-npc-cinder-hound.json", false),
    ("mythcraft-npc-ash-rat-older.json", false),
    ("mythcraft-character-wren-ashvale.json", false),
];

fn unread_types(fixture: &str) -> &'static [&'static str] {
    if fixture.starts_with("arm5e") {
        &["virtue", "flaw", "spell", "book", "personalityTrait", "reputation", "diaryEntry"]
    } else {
        &["talent", "lineage", "spell", "gear", "background", "profession"]
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1_000_000i64..=1_000_000).prop_map(|n| json!(n)),
        "[A-Za-z0-9 <>/.,'-]{0,24}".prop_map(Value::String),
    ];
    leaf.prop_recursive(2, 12, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z][A-Za-z]{0,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// What a test adds to an actor: items of types its mapping does not read, fields in its
/// system data (at the top, or in one of its objects), and fields of the actor itself.
#[derive(Debug, Clone)]
struct Added {
    items: Vec<(prop::sample::Index, String, Value)>,
    fields: Vec<(prop::sample::Index, String, Value)>,
    top: Vec<(String, Value)>,
}

fn added() -> impl Strategy<Value = Added> {
    (
        proptest::collection::vec(
            (any::<prop::sample::Index>(), "[A-Z][a-z]{2,9}( [A-Z][a-z]{2,9})?", json_value()),
            0..4,
        ),
        proptest::collection::vec((any::<prop::sample::Index>(), "zz[a-z]{2,8}", json_value()), 0..4),
        proptest::collection::vec(("zz[a-z]{2,8}", json_value()), 0..3),
    )
        .prop_map(|(items, fields, top)| Added { items, fields, top })
}

/// The actor with `added` in it, and where each added system field is (a JSON pointer
/// under `system`) with its value.
fn with_added(name: &str, mut actor: Value, added: &Added) -> (Value, Vec<Value>, Vec<(String, Value)>) {
    let key = if actor.get("system").is_some() { "system" } else { "data" };
    let mut items = Vec::new();
    for (n, (which, item_name, data)) in added.items.iter().enumerate() {
        let types = unread_types(name);
        let kind = types[which.index(types.len())];
        let item = json!({
            "_id": format!("zzAdded{n:09}"),
            "name": format!("{item_name} {}", "I".repeat(n + 1)),
            "type": kind,
            "img": "icons/svg/item-bag.svg",
            "system": { "description": data, "zzTome": n },
            "effects": [],
            "flags": { "zz-module": { "kept": n } },
            "sort": 100 * n,
        });
        actor["items"].as_array_mut().unwrap().push(item.clone());
        items.push(item);
    }
    // Objects of the system data a field can be added to (not lists or values).
    let objects: Vec<String> = actor[key]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, v)| v.is_object())
        .map(|(k, _)| format!("/{k}"))
        .chain(std::iter::once(String::new()))
        .collect();
    let mut fields = Vec::new();
    for (which, field, value) in &added.fields {
        let at = &objects[which.index(objects.len())];
        let holder = actor[key].pointer_mut(at).unwrap().as_object_mut().unwrap();
        holder.insert(field.clone(), value.clone());
        fields.push((format!("{at}/{field}"), value.clone()));
    }
    for (field, value) in &added.top {
        actor[field.as_str()] = value.clone();
    }
    (actor, items, fields)
}

fn items_of(actor: &Value) -> Vec<Value> {
    actor["items"].as_array().cloned().unwrap_or_default()
}

fn without_tome_flags(actor: &Value) -> Vec<u8> {
    let mut plain = actor.clone();
    if let Some(f) = plain.get_mut("flags").and_then(Value::as_object_mut) {
        f.remove("tome");
    }
    plain.to_string().into_bytes()
}

/// Imports `bytes` (as a character or an adversary), exports it again and deletes it:
/// the exported actor, and the record as its mapped parts compare.
fn through_tome(t: &mut Tome, bytes: &[u8], character: bool) -> (Value, Value) {
    if character {
        let c = t.import_character(bytes).unwrap();
        let out: Value = serde_json::from_str(&t.export_character_foundry(c.id).unwrap()).unwrap();
        t.delete_character(c.id).unwrap();
        let mut values = c.values.clone();
        values.remove("notes");
        let items: Vec<_> = c.items.iter().map(|i| (i.entry_id.clone(), i.quantity, i.equipped)).collect();
        let conditions: Vec<_> = c.conditions.iter().map(|r| r.entry_id.clone()).collect();
        (out, json!({ "values": values, "items": items, "conditions": conditions }))
    } else {
        let a = t.import_adversary(bytes).unwrap().adversary;
        let out: Value = serde_json::from_str(&t.export_adversary_foundry(a.id).unwrap()).unwrap();
        t.delete_adversary(a.id).unwrap();
        let conditions: Vec<_> = a.conditions.iter().map(|c| c.name.clone()).collect();
        (out, json!({ "stats": a.stats, "attacks": a.attacks, "conditions": conditions }))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Any fixture actor with added items and fields no mapping reads, imported and
    /// exported: every added item comes out as it came in (its id, flags and data, as
    /// JSON values), as does every item of a type the mapping does not read; every added
    /// field of the system data and of the actor is where it was with its value; each
    /// of the system data's own fields is still there; and read back (without Tome's
    /// flags) it is the same record, each field Tome mapped as Tome held it. Imported
    /// and exported once more, it still carries them.
    #[test]
    fn a_foundry_actor_through_tome_carries_what_tome_does_not_map(
        which in 0usize..CASES.len(),
        added in added(),
    ) {
        let (name, character) = CASES[which];
        let (actor, items, fields) = with_added(name, fixture(name), &added);
        let unread = unread_types(name);
        let key = if actor.get("system").is_some() { "system" } else { "data" };
        TOME.with(|t| {
            let mut t = t.borrow_mut();
            let (out, record) = through_tome(&mut t, actor.to_string().as_bytes(), character);
            let out_items = items_of(&out);
            for item in items_of(&actor).iter().filter(|i| unread.contains(&i["type"].as_str().unwrap_or_default())) {
                prop_assert!(out_items.contains(item), "{}: {} is not carried: {:#}", name, item["name"], out["items"]);
            }
            for item in &items {
                prop_assert_eq!(out_items.iter().filter(|i| *i == item).count(), 1, "{}: {}", name, item["name"]);
            }
            for (at, value) in &fields {
                // A field Tome maps and writes in another shape (a MythCraft creature's
                // movement, an object in older actors, goes out as text) takes what was
                // added in it along.
                let parent = &at[..at.rfind('/').unwrap_or(0)];
                if !out["system"].pointer(parent).is_some_and(Value::is_object) {
                    continue;
                }
                prop_assert_eq!(out["system"].pointer(at), Some(value), "{}: system{}", name, at);
            }
            for (field, value) in &added.top {
                prop_assert_eq!(out.get(field), Some(value), "{}: {}", name, field);
            }
            // An older arm5e actor's wound counts are the sheet's wounds, out as wound items.
            for k in actor[key].as_object().unwrap().keys().filter(|k| !(name.starts_with("arm5e") && *k == "wounds")) {
                prop_assert!(out["system"].get(k).is_some(), "{}: system.{} is dropped", name, k);
            }
            // Read back without Tome's flags: each field Tome mapped as Tome held it.
            let (again, record_again) = through_tome(&mut t, &without_tome_flags(&out), character);
            prop_assert_eq!(&record_again, &record, "{}", name);
            // And once more: what was carried is carried still.
            let again_items = items_of(&again);
            for item in &items {
                prop_assert!(again_items.contains(item), "{}: {} lost the second time", name, item["name"]);
            }
            for (at, value) in &fields {
                let parent = &at[..at.rfind('/').unwrap_or(0)];
                if !out["system"].pointer(parent).is_some_and(Value::is_object) {
                    continue;
                }
                prop_assert_eq!(again["system"].pointer(at), Some(value), "{}: system{} the second time", name, at);
            }
            Ok(())
        })?;
    }
}

/// A character made in Tome goes out as before: only what Tome writes (no item, field or
/// key it did not make).
#[test]
fn a_tome_born_character_goes_out_with_only_what_tome_writes() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut c = t.create_character("mythcraft", "Born Here").unwrap();
    c.set("strength", 2);
    c.set("attack-1", "Spear +2, 1d8+2 piercing");
    let c = t.save_character(&c).unwrap();
    let out: Value = serde_json::from_str(&t.export_character_foundry(c.id).unwrap()).unwrap();
    let keys: Vec<&String> = out.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["_stats", "effects", "flags", "img", "items", "name", "system", "type"]);
    let kinds: Vec<String> = items_of(&out).iter().map(|i| i["type"].as_str().unwrap().to_string()).collect();
    assert_eq!(kinds, ["weapon"], "its one attack, and nothing else");
    let flags: &Map<String, Value> = out["flags"].as_object().unwrap();
    assert_eq!(flags.keys().collect::<Vec<_>>(), ["tome"]);
}

/// A MythCraft actor with six weapons: as an adversary, each one is a written attack; as a
/// character, whose sheet holds four written attacks, the four first are, and the fifth
/// and sixth (kept in the notes) go back out to Foundry as the items they were.
#[test]
fn a_mythcraft_actor_with_six_weapons_keeps_them_all() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut actor = fixture("mythcraft-character-wren-ashvale.json");
    let spear = items_of(&actor).into_iter().find(|i| i["name"] == "Spear").unwrap();
    let items = actor["items"].as_array_mut().unwrap();
    items.retain(|i| i["type"] != "weapon");
    let weapons: Vec<Value> = ["Spear", "Glaive", "Pike", "Trident", "Halberd", "Lance"]
        .iter()
        .enumerate()
        .map(|(n, name)| {
            let mut w = spear.clone();
            w["name"] = json!(name);
            w["_id"] = json!(format!("weaponNumber{n:04}"));
            w
        })
        .collect();
    items.extend(weapons.iter().cloned());
    let bytes = actor.to_string().into_bytes();
    let a = t.import_adversary(&bytes).unwrap().adversary;
    let names: Vec<&str> = a.attacks.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["Spear", "Glaive", "Pike", "Trident", "Halberd", "Lance"]);
    let imported = t.import_character_reported(&bytes).unwrap();
    let c = imported.character;
    // The report says where each weapon went: the fifth and sixth into the notes, as the
    // sheet holds four attacks; the first four onto it.
    let report = imported.foundry.unwrap();
    for i in report.items.iter().filter(|i| i.item_type == "weapon") {
        let into_notes = i.differs.iter().any(|d| d.contains("notes") && d.contains("four attacks"));
        assert_eq!(into_notes, ["Halberd", "Lance"].contains(&i.foundry.as_str()), "{}: {:?}", i.foundry, i.differs);
    }
    let notes = c.values.get("notes").map(|v| v.to_string()).unwrap_or_default();
    assert!(notes.contains("Halberd") && notes.contains("Lance"), "{notes}");
    for (n, name) in ["Spear", "Glaive", "Pike", "Trident"].iter().enumerate() {
        let line = c.values.get(&format!("attack-{}", n + 1)).map(|v| v.to_string()).unwrap_or_default();
        assert!(line.contains(name), "attack-{}: {line}", n + 1);
    }
    let out: Value = serde_json::from_str(&t.export_character_foundry(c.id).unwrap()).unwrap();
    let out_items = items_of(&out);
    for w in &weapons[4..] {
        assert!(out_items.contains(w), "{} goes back out as it came: {:#}", w["name"], out["items"]);
    }
    let out_weapons: Vec<&str> =
        out_items.iter().filter(|i| i["type"] == "weapon").map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(out_weapons, ["Spear", "Glaive", "Pike", "Trident", "Halberd", "Lance"]);
}

/// An actor with more weapons than an adversary holds attacks (the library's 30): the
/// attacks past the 30th are kept in the stat block's notes, each written out, and the
/// report says so, for either system; none is dropped.
#[test]
fn attacks_past_the_librarys_limit_are_kept_in_the_notes_and_said() {
    let mut t = Tome::open_in_memory().unwrap();
    let limit = tome::adversaries::MAX_ATTACKS;
    for (file, weapon) in [("mythcraft-npc-cinder-hound.json", "Spear"), ("arm5e-hound-canis.json", "Bite")] {
        let mut actor = fixture(file);
        let model = if file.starts_with("mythcraft") {
            items_of(&fixture("mythcraft-character-wren-ashvale.json")).into_iter().find(|i| i["name"] == weapon)
        } else {
            items_of(&actor).into_iter().find(|i| i["name"] == weapon)
        }
        .unwrap();
        let items = actor["items"].as_array_mut().unwrap();
        items.retain(|i| i["type"] != "weapon");
        for n in 0..limit + 2 {
            let mut w = model.clone();
            w["name"] = json!(format!("Claw {n:02}"));
            w["_id"] = json!(format!("clawNumber{n:06}"));
            items.push(w);
        }
        let names: Vec<String> =
            items.iter().filter(|i| i["type"] == "weapon").map(|i| i["name"].as_str().unwrap().to_string()).collect();
        let imported = t.import_adversary_reported(actor.to_string().as_bytes()).unwrap();
        let a = &imported.adversary.adversary;
        assert_eq!(a.attacks.len(), limit, "{file}");
        for past in &names[limit..] {
            assert!(a.notes.contains(past.as_str()), "{file}: {past} in the notes: {}", a.notes);
        }
        let said = imported.foundry.unwrap().interpretations;
        assert!(
            said.iter().any(|l| l.contains(&format!("{limit} attacks")) && l.contains("notes")),
            "{file}: {said:?}"
        );
    }
}

/// A MythCraft weapon as Foundry holds it, drawn: its attribute, attack modifier (a number
/// or a formula), damage parts (dice with an attribute's `@` reference or none, of a type
/// MythCraft has, or labelled with one it has not), AP and range.
fn mythcraft_weapon() -> impl Strategy<Value = Value> {
    const ATTRS: [&str; 6] = ["str", "dex", "end", "awr", "int", "cha"];
    const TYPES: [&str; 5] = ["sharp", "blunt", "fire", "cold", "toxic"];
    const RANGES: [&str; 3] = ["melee", "reach", "ranged"];
    (
        0usize..6,
        prop_oneof![Just("0".to_string()), (1i64..=3).prop_map(|n| n.to_string()), Just("1 + @level".to_string())],
        proptest::collection::vec((1u32..=2, 4u32..=10, proptest::option::of(0usize..6), 0usize..6), 1..3),
        1i64..=4,
        (0usize..3, 5i64..=60),
    )
        .prop_map(|(attr, modifier, parts, ap, (range, distance))| {
            let damage: Vec<Value> = parts
                .into_iter()
                .map(|(dice, sides, plus, kind)| {
                    let plus = plus.map(|a| format!(" + @{}", ATTRS[a].to_uppercase())).unwrap_or_default();
                    // Piercing: a type MythCraft has not, as Tome writes it (a label, dealt blunt).
                    match TYPES.get(kind) {
                        Some(t) => json!({ "formula": format!("{dice}d{sides}{plus}"), "type": t }),
                        None => json!({ "formula": format!("{dice}d{sides}[piercing]{plus}"), "type": "blunt" }),
                    }
                })
                .collect();
            let range = match RANGES[range] {
                "melee" => json!({ "type": "melee", "value": null, "unit": "ft" }),
                kind => json!({ "type": kind, "value": distance, "unit": "ft" }),
            };
            json!({
                "attr": ATTRS[attr], "attackModifier": modifier, "damage": damage,
                "apcFormula": ap.to_string(), "range": range,
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// A MythCraft actor's weapons, drawn as Foundry holds them, through Tome (as a
    /// character, and as an adversary of the library) and out again are the same items
    /// (attribute, modifier formula, damage formulas with their `@` references and types,
    /// AP, range), as are its attributes, with Tome's flags and without; read back without
    /// the flags, the record is the same.
    #[test]
    fn mythcraft_weapons_keep_their_attribute_formulas_and_range_through_tome(
        weapons in proptest::collection::vec(mythcraft_weapon(), 1..4),
        attributes in proptest::collection::vec(-3i64..=8, 6),
    ) {
        let mut actor = fixture("mythcraft-character-wren-ashvale.json");
        // The attributes the formulas read (a stat block holds END and AWR, not the rest).
        for (k, v) in ["str", "dex", "end", "awr", "int", "cha"].iter().zip(&attributes) {
            actor["system"]["attributes"][*k] = json!(v);
        }
        let spear = items_of(&actor).into_iter().find(|i| i["name"] == "Spear").unwrap();
        let items = actor["items"].as_array_mut().unwrap();
        items.retain(|i| i["type"] != "weapon");
        let mut drawn = Vec::new();
        for (n, system) in weapons.iter().enumerate() {
            let mut w = spear.clone();
            w["name"] = json!(format!("Drawn {}", ["One", "Two", "Three"][n]));
            w["_id"] = json!(format!("drawnWeapon{n:05}"));
            for (k, v) in system.as_object().unwrap() {
                w["system"][k] = v.clone();
            }
            items.push(w.clone());
            drawn.push(w);
        }
        let fields = |v: &Value| -> Vec<Value> {
            items_of(v)
                .iter()
                .filter(|i| i["type"] == "weapon")
                .map(|i| {
                    let s = &i["system"];
                    json!([i["name"], s["attr"], s["attackModifier"], s["damage"], s["apcFormula"], s["range"]])
                })
                .collect()
        };
        TOME.with(|t| {
            let mut t = t.borrow_mut();
            for character in [true, false] {
                let (out, record) = through_tome(&mut t, actor.to_string().as_bytes(), character);
                prop_assert_eq!(fields(&out), fields(&actor), "as a character: {}", character);
                for k in ["str", "dex", "end", "awr", "int", "cha"] {
                    prop_assert_eq!(&out["system"]["attributes"][k], &actor["system"]["attributes"][k], "{} as a character: {}", k, character);
                }
                let (again, record_again) = through_tome(&mut t, &without_tome_flags(&out), character);
                prop_assert_eq!(fields(&again), fields(&actor), "as a character: {}", character);
                prop_assert_eq!(record_again, record);
            }
            Ok(())
        })?;
    }
}

/// A MythCraft creature under more conditions than the library holds (20, each name of up
/// to 200 characters) and with more or longer tags than it holds (20, each of up to 40
/// characters), and a name past the library's 80: what does not fit is kept in the stat
/// block's notes ("More conditions", "More tags") and the report says each cut; nothing
/// goes unsaid.
#[test]
fn conditions_and_tags_past_the_librarys_limits_are_kept_in_the_notes_and_said() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut actor = fixture("mythcraft-npc-cinder-hound.json");
    let long_status = "a".repeat(tome::adversaries::MAX_TEXT + 1);
    let mut effects: Vec<Value> = (0..24)
        .map(|n| json!({"_id": format!("effect{n:010}"), "name": format!("Hex {n:02}"), "type": "base", "disabled": false, "statuses": []}))
        .collect();
    effects.push(json!({"_id": "effectLongName00", "name": long_status, "type": "base", "disabled": false}));
    actor["effects"] = Value::Array(effects);
    let long_tag = "t".repeat(tome::adversaries::MAX_TAG + 1);
    let mut tags: Vec<String> = (0..22).map(|n| format!("tag{n:02}")).collect();
    tags.insert(3, long_tag.clone());
    actor["system"]["tags"] = json!(tags);
    let long_name = format!("Cinder Hound of the {}", "Ember ".repeat(20));
    actor["name"] = json!(long_name);
    let imported = t.import_adversary_reported(actor.to_string().as_bytes()).unwrap();
    let a = &imported.adversary.adversary;
    let said = imported.foundry.unwrap().interpretations;

    assert_eq!(a.conditions.len(), tome::adversaries::MAX_CONDITIONS);
    let more = a.notes.lines().find(|l| l.starts_with("- More conditions: ")).expect("More conditions in the notes");
    for n in 20..24 {
        assert!(more.contains(&format!("Hex {n:02}")), "{more}");
    }
    assert!(more.contains(&long_status), "the long condition is kept");
    assert!(said.iter().any(|l| l.contains("5 conditions") && l.contains("More conditions")), "{said:?}");

    assert_eq!(a.tags.len(), tome::adversaries::MAX_TAGS);
    assert!(!a.tags.contains(&long_tag));
    let more = a.notes.lines().find(|l| l.starts_with("- More tags: ")).expect("More tags in the notes");
    assert!(more.contains(&long_tag) && more.contains("tag21") && more.contains("tag20"), "{more}");
    assert!(said.iter().any(|l| l.contains("3 tags") && l.contains("More tags")), "{said:?}");

    let cut: String = long_name.chars().take(tome::adversaries::MAX_NAME).collect();
    assert_eq!(a.name, cut.trim_end(), "the name is cut to the library's length");
    assert!(said.iter().any(|l| l.contains("name was cut") && l.contains(long_name.trim())), "{said:?}");
}

/// What the import reads otherwise than as written is said by its place in the file: an
/// active effect's fractional or formula amount to Soak (rounded down, or not counted), a
/// change that overrides rather than adds, and a null where an item's number belongs.
#[test]
fn effect_amounts_and_null_item_numbers_read_otherwise_are_said() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut actor = fixture("arm5e-standard-soldier.json");
    let key = "system.bonuses.traits.soak";
    actor["effects"] = json!([
        {"_id": "soakHalf00000000", "name": "Half", "disabled": false, "changes": [{"key": key, "mode": 2, "value": "1.5"}]},
        {"_id": "soakFormula00000", "name": "Formula", "disabled": false, "changes": [{"key": key, "mode": 2, "value": "@characteristics.sta.value"}]},
        {"_id": "soakOverride0000", "name": "Override", "disabled": false, "changes": [{"key": key, "mode": 5, "value": "9"}]},
        {"_id": "soakWhole0000000", "name": "Whole", "disabled": false, "changes": [{"key": key, "mode": 2, "value": "2"}]}
    ]);
    let armour = actor["items"].as_array_mut().unwrap().iter_mut().position(|i| i["type"] == "armor");
    let armour = armour.expect("the soldier wears armour");
    actor["items"][armour]["system"]["prot"] = Value::Null;
    let imported = t.import_character_reported(actor.to_string().as_bytes()).unwrap();
    let report = imported.foundry.unwrap();
    let said = report.interpretations.join("\n");
    assert!(said.contains("`effects[0].changes[0].value` holds \"1.5\", not a whole number: read as 1"), "{said}");
    assert!(said.contains("`effects[1].changes[0].value`") && said.contains("not counted"), "{said}");
    assert!(said.contains("`effects[2].changes[0]`") && said.contains("mode 5"), "{said}");
    assert!(!said.contains("effects[3]"), "a whole amount is read as written: {said}");
    assert!(said.contains(&format!("`items[{armour}].system.prot` holds null, not a number: read as 0")), "{said}");
}
