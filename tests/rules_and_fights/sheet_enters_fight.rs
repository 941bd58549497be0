//! Issue 72: a saved character enters the fight whole. Amtgard (document 000): Magic
//! Armor, enchantments and States on the sheet reach the board as the player joins and
//! when the sheet is saved mid-fight; the board's copy holds the sheet's own numbers
//! (what the sheet derives), for any valid sheet.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;
use tome::characters::{Character, CharacterRef, SheetValue};
use tome::encounters::Event;
use tome::Tome;

use crate::common::fight::combatant;

const LOCATIONS: [&str; 5] = ["torso", "left-arm", "right-arm", "left-leg", "right-leg"];
const STATES: [&str; 9] =
    ["cursed", "fragile", "frozen", "immune", "insubstantial", "invulnerable", "stopped", "stunned", "suppressed"];

/// A player's sheet: worn armour by location, Magic Armor sources, what was on first,
/// Magic Armor lost, worn enchantments and States.
#[derive(Debug, Clone)]
struct Sheet {
    worn: Vec<(usize, i64)>,
    magic: Vec<(&'static str, i64)>,
    magic_first: bool,
    lost: Vec<(usize, i64)>,
    enchantments: Vec<&'static str>,
    states: Vec<&'static str>,
}

impl Sheet {
    fn write(&self, c: &mut Character) {
        c.values.retain(|k, _| k == "class");
        for (loc, n) in &self.worn {
            c.values.insert(format!("armor.{}", LOCATIONS[*loc]), SheetValue::Int(*n));
        }
        let text = |items: Vec<String>| SheetValue::Text(items.join(", "));
        if !self.magic.is_empty() {
            c.values.insert("magic-armor".into(), text(self.magic.iter().map(|(n, p)| format!("{n}:{p}")).collect()));
            c.values
                .insert("armor-first".into(), SheetValue::Text(if self.magic_first { "magic" } else { "worn" }.into()));
        }
        if !self.lost.is_empty() {
            let lost = self.lost.iter().map(|(l, n)| format!("{}={n}", LOCATIONS[*l])).collect();
            c.values.insert("magic-armor-lost".into(), text(lost));
        }
        if !self.enchantments.is_empty() {
            c.values.insert("enchantments".into(), text(self.enchantments.iter().map(|e| e.to_string()).collect()));
        }
        c.conditions = self
            .states
            .iter()
            .map(|s| CharacterRef { entry_id: format!("amtgard/condition/{s}"), name: String::new(), retired: false })
            .collect();
    }
}

fn sheet() -> impl Strategy<Value = Sheet> {
    let loc = 0usize..5;
    (
        prop::collection::vec((loc.clone(), 0i64..=6), 0..4),
        prop::collection::vec((prop::sample::select(vec!["Stoneskin", "Barkskin", "Iron Skin"]), 1i64..=4), 0..3),
        any::<bool>(),
        prop::collection::vec((loc, 0i64..=3), 0..3),
        // At most one magical enchantment (the carrying limit): a valid sheet.
        (
            prop::option::of(prop::sample::select(vec!["m:Stoneskin", "m:Phoenix Tears", "m:Barkskin"])),
            prop::sample::subsequence(vec!["ex:Troll Blood", "ex:Iron Skin", "ex:Heart of the Swarm"], 0..3),
        ),
        prop::sample::subsequence(STATES.to_vec(), 0..4),
    )
        .prop_map(|(worn, mut magic, magic_first, lost, (m, ex), states)| {
            magic.dedup_by_key(|(n, _)| *n);
            let mut enchantments: Vec<&'static str> = m.into_iter().collect();
            enchantments.extend(ex);
            let mut worn = worn;
            worn.sort();
            worn.dedup_by_key(|(l, _)| *l);
            let mut lost = lost;
            lost.sort();
            lost.dedup_by_key(|(l, _)| *l);
            Sheet { worn, magic, magic_first, lost, enchantments, states }
        })
}

/// The enchantments the board shows on `c`, by name.
fn enchantments(c: &Value) -> Vec<String> {
    let mut names: Vec<String> = c["enchantments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap().split(" (").next().unwrap().to_lowercase())
        .collect();
    names.sort();
    names
}

/// The enchantments the board carries from `sheet`, by name: those it lists and its
/// Magic Armor sources where Magic Armor stands; where it does not (worn armour came
/// first), the Magic Armor enchantments fail (line 92) and are not carried.
fn carried(sheet: &Sheet, stands: bool) -> Vec<String> {
    let magic: Vec<String> = sheet.magic.iter().map(|(n, _)| n.to_lowercase()).collect();
    let mut names: Vec<String> = sheet
        .enchantments
        .iter()
        .map(|e| e.split_once(':').unwrap().1.to_lowercase())
        .filter(|n| stands || !magic.contains(n))
        .collect();
    if stands {
        names.extend(magic.into_iter().filter(|n| !sheet.enchantments.iter().any(|e| e.to_lowercase().ends_with(n))));
    }
    names
}

/// The board's copy of `name` holds what `saved`'s sheet derives: the armour points on
/// each location, the Magic Armor on it, the enchantments worn and the States held.
fn holds_the_sheets_numbers(t: &Tome, e: i64, name: &str, saved: &Character, sheet: &Sheet) -> Result<(), String> {
    let derived = t.derive_character(saved).unwrap();
    let view = t.encounter(e).unwrap();
    let c = combatant(&view, name);
    for loc in LOCATIONS {
        let want = derived.int(&format!("armor.{loc}")).unwrap_or(0);
        if c["armor"][loc] != want {
            return Err(format!("{loc}: board {} but the sheet {want}: {c}", c["armor"][loc]));
        }
    }
    let stands = derived.int("magic-armor").unwrap_or(0);
    let mut want = carried(sheet, stands > 0);
    if stands > 0 {
        let rating = c["enchantments"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|x| x.as_str()?.split("Magic Armor ").nth(1)?.split([',', ')']).next()?.parse::<i64>().ok())
            .max()
            .unwrap_or(0);
        if rating != stands {
            return Err(format!("Magic Armor {rating} on the board, {stands} on the sheet: {c}"));
        }
    }
    want.sort();
    if enchantments(c) != want {
        return Err(format!("enchantments {:?}, sheet {want:?}", enchantments(c)));
    }
    let mut held: Vec<String> =
        c["conditions"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap().to_lowercase()).collect();
    held.sort();
    let mut states: Vec<String> = sheet.states.iter().map(|s| s.to_string()).collect();
    states.sort();
    if held != states {
        return Err(format!("States {held:?}, sheet {states:?}"));
    }
    Ok(())
}

/// For any valid sheet, the player joins with the sheet's own numbers; for any other,
/// saved mid-fight, the board takes its numbers in turn.
#[test]
fn a_players_sheet_reaches_the_board_whole_at_join_and_after_a_save() {
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    runner
        .run(&(sheet(), sheet(), any::<bool>()), |(first, second, started)| {
            let mut t = Tome::open_in_memory().unwrap();
            let mut c = t.create_character("amtgard", "Ann").unwrap();
            first.write(&mut c);
            let saved = t.save_character(&c).unwrap();
            let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
            t.encounter_add_character(e, saved.id).unwrap();
            if started {
                t.encounter_start(e, &[], &[], None).unwrap();
            }
            holds_the_sheets_numbers(&t, e, "Ann", &saved, &first).map_err(TestCaseError::fail)?;
            let stood = t.derive_character(&saved).unwrap().int("magic-armor").unwrap_or(0) > 0;
            let mut next = saved.clone();
            second.write(&mut next);
            let saved = t.save_character(&next).unwrap();
            let stands = t.derive_character(&saved).unwrap().int("magic-armor").unwrap_or(0) > 0;
            let first_failed: Vec<String> =
                if stood { Vec::new() } else { first.magic.iter().map(|(n, _)| n.to_lowercase()).collect() };
            let stays_off: Vec<String> =
                carried(&second, stands).into_iter().filter(|n| first_failed.contains(n)).collect();
            if stays_off.is_empty() {
                holds_the_sheets_numbers(&t, e, "Ann", &saved, &second)
                    .map_err(|m| TestCaseError::fail(format!("after the save: {m}")))?;
            } else {
                // An enchantment that failed as it came is not cast by a later save that
                // still lists it.
                let view = t.encounter(e).unwrap();
                let on = enchantments(combatant(&view, "Ann"));
                prop_assert!(stays_off.iter().all(|n| !on.contains(n)), "{stays_off:?} failed, yet on: {on:?}");
            }
            // The fight replays to what it showed.
            prop_assert_eq!(t.encounter(e).unwrap().combatants, t.encounter_replayed(e).unwrap().combatants);
            Ok(())
        })
        .unwrap();
}

/// Issue 72, lines 87, 90 and 172: a sheet with 2 Magic Armor (Stoneskin) and Cursed.
/// "Magic Armor covers all locations on a player", "behaves identically to normal
/// armor"; Cursed "persists after death". The player joined with no armour, no
/// enchantment and no State, and died to one ordinary torso hit.
#[test]
fn stoneskin_and_cursed_on_the_sheet_are_on_the_board() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut c = t.create_character("amtgard", "Ann").unwrap();
    c.values.insert("magic-armor".into(), SheetValue::Text("Stoneskin:2".into()));
    c.values.insert("enchantments".into(), SheetValue::Text("m:Stoneskin".into()));
    c.conditions =
        vec![CharacterRef { entry_id: "amtgard/condition/cursed".into(), name: String::new(), retired: false }];
    let ann = t.save_character(&c).unwrap();
    let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
    t.encounter_add_character(e, ann.id).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let v = t.encounter(e).unwrap();
    let a = combatant(&v, "Ann");
    for loc in LOCATIONS {
        assert_eq!(a["armor"][loc], 2, "{loc}: {a}");
    }
    assert!(a["enchantments"][0].as_str().unwrap().starts_with("Stoneskin (m, Magic Armor 2"), "{a}");
    assert_eq!(a["conditions"][0]["name"], "Cursed");
    let v = t.encounter_change(e, Event::Damage { name: "Ann".into(), amount: 1, kind: Some("torso".into()) }).unwrap();
    let a = combatant(&v, "Ann");
    assert_eq!((a["armor"]["torso"].as_i64(), a["dead"].as_bool()), (Some(1), Some(false)), "{a}");
    let inputs: BTreeMap<String, String> = BTreeMap::new();
    let v = t.encounter_act(e, "die", Some("Ann"), inputs, None).unwrap();
    assert_eq!(combatant(&v, "Ann")["conditions"][0]["name"], "Cursed", "Cursed persists after death");
}

/// Line 85: with Stoneskin gone, Magic Armor tops out at 1 point, and every location
/// holding more drops to 1; taken off the sheet mid-fight, it is taken off the board so.
#[test]
fn stoneskin_taken_off_the_sheet_mid_fight_lowers_the_board_to_barkskin() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut c = t.create_character("amtgard", "Ann").unwrap();
    c.values.insert("magic-armor".into(), SheetValue::Text("Stoneskin:2, Barkskin:1".into()));
    c.values.insert("enchantments".into(), SheetValue::Text("m:Stoneskin, ex:Barkskin".into()));
    let ann = t.save_character(&c).unwrap();
    let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
    t.encounter_add_character(e, ann.id).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let mut c = ann.clone();
    c.values.insert("magic-armor".into(), SheetValue::Text("Barkskin:1".into()));
    c.values.insert("enchantments".into(), SheetValue::Text("ex:Barkskin".into()));
    t.save_character(&c).unwrap();
    let v = t.encounter(e).unwrap();
    let a = combatant(&v, "Ann");
    assert_eq!(a["armor"]["torso"], 1, "{a}");
    assert_eq!(enchantments(a), ["barkskin"]);
    assert!(t.encounter_log(e).unwrap().last().unwrap().lines[0].contains("Ann's sheet, saved: Stoneskin off"));
}

/// Issue 72's fresh-eyes review (W3): Magic Armor written as its points alone ("2")
/// beside the one magical enchantment the sheet lists (Stoneskin) came onto the board as
/// two enchantments, Stoneskin and a nameless source, so taking Stoneskin off left the
/// 2 points on every location. It is Stoneskin's (line 85: Magic Armor goes with it).
#[test]
fn magic_armor_written_as_points_alone_is_the_sheets_one_magical_enchantment() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut c = t.create_character("amtgard", "Ash").unwrap();
    c.values.insert("magic-armor".into(), SheetValue::Text("2".into()));
    c.values.insert("enchantments".into(), SheetValue::Text("m:Stoneskin".into()));
    let ash = t.save_character(&c).unwrap();
    let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
    t.encounter_add_character(e, ash.id).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let v = t.encounter(e).unwrap();
    let a = combatant(&v, "Ash");
    assert_eq!(enchantments(a), ["stoneskin"], "{a}");
    assert_eq!(a["armor"]["torso"], 2, "{a}");
    let inputs = BTreeMap::from([
        ("enchantment".to_string(), "Stoneskin".to_string()),
        ("remove".to_string(), "true".to_string()),
    ]);
    let v = t.encounter_act(e, "enchant", Some("Ash"), inputs, None).unwrap();
    let a = combatant(&v, "Ash");
    for loc in LOCATIONS {
        assert_eq!(a["armor"][loc], 0, "{loc}: Stoneskin's Magic Armor goes with it: {a}");
    }
    // One point, in words a reeve reads aloud.
    let inputs = BTreeMap::from([
        ("enchantment".to_string(), "m:Barkskin".to_string()),
        ("magic-armor".to_string(), "1".to_string()),
    ]);
    t.encounter_act(e, "enchant", Some("Ash"), inputs, None).unwrap();
    let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
    assert!(said.contains("Ash has 1 point of Magic Armor on every location"), "{said}");
}

/// Lines 83, 87 and 92, by two paths: a player whose worn armour took hits either takes
/// it off on the board and is given a Magic Armor enchantment there (`enchant`), or has
/// a sheet saved with the armour off and the enchantment on. Either way each location
/// holds the enchantment's points (the worn armour's lost points go with it); and with
/// the armour still on, the enchantment fails on both paths: not carried. Before, the
/// sheet's path kept the torso's lost point, and carried the failed enchantment.
#[test]
fn magic_armor_by_the_sheet_gives_the_board_what_the_enchant_action_gives() {
    let mut runner = TestRunner::new(Config { cases: 24, failure_persistence: None, ..Config::default() });
    let case = (
        prop::collection::vec(0i64..=3, 5),
        prop::collection::vec(0usize..5, 0..4),
        any::<bool>(),
        prop::sample::select(vec!["Stoneskin", "Barkskin", "Iron Skin"]),
        1i64..=4,
    );
    runner
        .run(&case, |(rated, hits, off, name, points)| {
            let mut t = Tome::open_in_memory().unwrap();
            let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
            let stats = LOCATIONS.iter().zip(&rated).map(|(l, r)| (l.to_string(), *r)).collect();
            t.encounter_add_npc(e, "Ann", 1, stats).unwrap();
            let mut c = t.create_character("amtgard", "Bea").unwrap();
            for (l, r) in LOCATIONS.iter().zip(&rated) {
                c.values.insert(format!("armor.{l}"), SheetValue::Int(*r));
            }
            let bea = t.save_character(&c).unwrap();
            t.encounter_add_character(e, bea.id).unwrap();
            t.encounter_start(e, &[], &[], None).unwrap();
            let mut left = rated.clone();
            for at in hits.into_iter().filter(|at| rated[*at] > 0) {
                if left[at] == 0 {
                    continue;
                }
                left[at] -= 1;
                for who in ["Ann", "Bea"] {
                    let hit = Event::Damage { name: who.into(), amount: 1, kind: Some(LOCATIONS[at].into()) };
                    t.encounter_change(e, hit).unwrap();
                }
            }
            // The board's path: the armour off by hand, then the enchant action.
            if off {
                for l in LOCATIONS {
                    for field in [format!("armor-{l}"), format!("worn-{l}")] {
                        t.encounter_change(e, Event::Set { name: "Ann".into(), field, value: 0 }).unwrap();
                    }
                }
            }
            let inputs = BTreeMap::from([
                ("enchantment".to_string(), format!("m:{name}")),
                ("magic-armor".to_string(), points.to_string()),
            ]);
            let refused = t.encounter_act(e, "enchant", Some("Ann"), inputs, None).is_err();
            prop_assert_eq!(refused, !off && rated.iter().any(|r| *r > 0));
            // The sheet's path: the same, saved mid-fight.
            let mut c = bea.clone();
            if off {
                for l in LOCATIONS {
                    c.values.insert(format!("armor.{l}"), SheetValue::Int(0));
                }
            }
            c.values.insert("enchantments".into(), SheetValue::Text(format!("m:{name}")));
            c.values.insert("magic-armor".into(), SheetValue::Text(format!("{name}:{points}")));
            t.save_character(&c).unwrap();
            let v = t.encounter(e).unwrap();
            let (ann, bea) = (combatant(&v, "Ann"), combatant(&v, "Bea"));
            for l in LOCATIONS {
                prop_assert_eq!(&ann["armor"][l], &bea["armor"][l], "{}: enchant gives {}, the sheet {}", l, ann, bea);
            }
            prop_assert_eq!(enchantments(ann), enchantments(bea));
            Ok(())
        })
        .unwrap();
}

/// Line 92 and the one-magical limit: Stoneskin saved on the sheet of a player still in
/// armour fails, so the board does not carry it, it does not count toward the limit
/// (another magical enchantment may be cast), and taking the armour off the sheet later
/// does not make it Magic Armor: it would have to be cast again.
#[test]
fn a_magic_armor_enchantment_failing_on_the_sheet_is_not_carried_and_does_not_come_back() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut c = t.create_character("amtgard", "Cob").unwrap();
    c.values.insert("armor.torso".into(), SheetValue::Int(2));
    let cob = t.save_character(&c).unwrap();
    let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
    t.encounter_add_character(e, cob.id).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let mut c = cob.clone();
    c.values.insert("enchantments".into(), SheetValue::Text("m:Stoneskin".into()));
    c.values.insert("magic-armor".into(), SheetValue::Text("2".into()));
    let cob = t.save_character(&c).unwrap();
    let v = t.encounter(e).unwrap();
    assert!(enchantments(combatant(&v, "Cob")).is_empty(), "{}", combatant(&v, "Cob"));
    let said = t.encounter_log(e).unwrap().last().unwrap().lines.join("\n");
    assert!(said.contains("Stoneskin stays off Cob"), "{said}");
    // The armour comes off the sheet: the failed Stoneskin is not cast by it.
    let mut c = cob.clone();
    c.values.insert("armor.torso".into(), SheetValue::Int(0));
    t.save_character(&c).unwrap();
    let v = t.encounter(e).unwrap();
    let a = combatant(&v, "Cob");
    assert!(enchantments(a).is_empty(), "{a}");
    for loc in LOCATIONS {
        assert_eq!(a["armor"][loc], 0, "{loc}: {a}");
    }
    let inputs = BTreeMap::from([("enchantment".to_string(), "m:Blessing Against Harm".to_string())]);
    let v = t.encounter_act(e, "enchant", Some("Cob"), inputs, None).unwrap();
    assert_eq!(enchantments(combatant(&v, "Cob")), ["blessing against harm"]);
}
