//! Parties: a named group of saved characters that joins an encounter in one step, goes
//! on to the next fight, prints together; and an evening's encounters as a session log.

use tome::api::SessionPick;
use tome::encounters::Event;
use tome::pdf::PdfOptions;
use tome::{ErrorCode, Tome};

fn names(v: &tome::api::EncounterView) -> Vec<&str> {
    v.combatants.iter().map(|c| c["name"].as_str().unwrap()).collect()
}

/// A MythCraft party of two, Vex and Oru, and an Ars Magica character outside it.
fn lanterns(t: &mut Tome) -> (i64, i64, i64) {
    let vex = t.create_character("mythcraft", "Vex").unwrap().id;
    let oru = t.create_character("mythcraft", "Oru").unwrap().id;
    let aldo = t.create_character("ars-magica", "Aldo").unwrap().id;
    t.create_party("mythcraft", "The Lanterns").unwrap();
    t.party_add("the lanterns", &[vex, oru]).unwrap();
    (vex, oru, aldo)
}

#[test]
fn a_party_joins_an_encounter_in_one_step_and_one_undo_takes_it_out() {
    let mut t = Tome::open_in_memory().unwrap();
    let (vex, oru, _) = lanterns(&mut t);
    let e = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    let v = t.encounter_add_party(e, "The Lanterns").unwrap();
    assert_eq!(names(&v), ["Vex", "Oru"]);
    let linked: Vec<i64> = v.combatants.iter().map(|c| c["character"].as_i64().unwrap()).collect();
    assert_eq!(linked, [vex, oru], "the combatants are the saved characters");
    assert_eq!(t.encounter_log(e).unwrap().len(), 1, "one change for the whole party");
    let again = t.encounter_add_party(e, "The Lanterns").unwrap_err();
    assert_eq!(again.code(), ErrorCode::InvalidInput, "nobody is added twice");
    let undone = t.encounter_undo(e).unwrap();
    assert!(undone.combatants.is_empty());
}

#[test]
fn a_party_holds_characters_of_its_own_system_once_each_all_or_none() {
    let mut t = Tome::open_in_memory().unwrap();
    let (vex, oru, aldo) = lanterns(&mut t);
    let other = t.party_add("The Lanterns", &[aldo]).unwrap_err();
    assert_eq!(other.code(), ErrorCode::InvalidInput);
    assert!(other.to_string().contains("Aldo is of ars-magica"), "{other}");
    let twice = t.party_add("The Lanterns", &[vex]).unwrap_err();
    assert_eq!(twice.code(), ErrorCode::Conflict);
    let kit = t.create_character("mythcraft", "Kit").unwrap().id;
    // Kit is fine, Aldo is not: neither joins.
    assert!(t.party_add("The Lanterns", &[kit, aldo]).is_err());
    assert_eq!(t.party("The Lanterns").unwrap().members.len(), 2);
    let p = t.party_remove("The Lanterns", &[vex]).unwrap();
    assert_eq!(p.members.iter().map(|m| m.character).collect::<Vec<_>>(), [oru]);
    assert_eq!(t.party_remove("The Lanterns", &[vex]).unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(t.create_party("mythcraft", "the LANTERNS").unwrap_err().code(), ErrorCode::Conflict);
    assert_eq!(t.party("Nobody").unwrap_err().code(), ErrorCode::NotFound);
    // Deleting a character takes it out of its parties.
    t.delete_character(oru).unwrap();
    assert!(t.party("The Lanterns").unwrap().members.is_empty());
}

#[test]
fn next_fight_same_party_starts_a_new_encounter_with_the_saved_characters_in_it() {
    let mut t = Tome::open_in_memory().unwrap();
    lanterns(&mut t);
    let first = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_party(first, "The Lanterns").unwrap();
    t.encounter_add_npc(first, "Goblin", 2, Default::default()).unwrap();
    t.encounter_start(first, &[], &[], Some(4)).unwrap();
    t.encounter_end(first, true).unwrap();
    let next = t.encounter_next_fight(first, None).unwrap();
    assert_ne!(next.id, first);
    assert_eq!(next.name, "Bridge (next)");
    assert_eq!((next.system.as_str(), next.mode.as_str()), ("mythcraft", "fight"));
    assert_eq!(names(&next), ["Vex", "Oru"], "the party comes along, the goblins do not");
    assert_eq!(next.round, 0, "the new fight has not started");
    let named = t.encounter_next_fight(next.id, Some("Tower")).unwrap();
    assert_eq!(named.name, "Tower");
}

/// The party as it is saved now: Kit joined The Lanterns after the bridge fight and
/// comes to the next one; Oru, knocked out and taken off the tracker, comes back too,
/// as the party's member. A stranger who only fought at the bridge comes as well.
#[test]
fn next_fight_brings_the_saved_party_as_it_is_now() {
    let mut t = Tome::open_in_memory().unwrap();
    lanterns(&mut t);
    let ash = t.create_character("mythcraft", "Ash").unwrap().id;
    let first = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_party(first, "The Lanterns").unwrap();
    t.encounter_add_character(first, ash).unwrap();
    t.encounter_change(first, Event::Remove { name: "Oru".into() }).unwrap();
    let kit = t.create_character("mythcraft", "Kit").unwrap().id;
    t.party_add("The Lanterns", &[kit]).unwrap();
    let next = t.encounter_next_fight(first, None).unwrap();
    assert_eq!(names(&next), ["Vex", "Oru", "Kit", "Ash"]);
    assert_eq!(t.encounter_log(next.id).unwrap().len(), 1, "one change for everyone");
    // And on again: the party stays with the chain of fights.
    let kip = t.create_character("mythcraft", "Kip").unwrap().id;
    t.party_add("The Lanterns", &[kip]).unwrap();
    let third = t.encounter_next_fight(next.id, None).unwrap();
    assert_eq!(names(&third), ["Vex", "Oru", "Kit", "Kip", "Ash"]);
}

/// A party whose joining was undone is not "the party" of that fight.
#[test]
fn next_fight_leaves_out_a_party_whose_joining_was_undone() {
    let mut t = Tome::open_in_memory().unwrap();
    lanterns(&mut t);
    let first = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_party(first, "The Lanterns").unwrap();
    t.encounter_undo(first).unwrap();
    t.encounter_add_npc(first, "Goblin", 1, Default::default()).unwrap();
    let next = t.encounter_next_fight(first, None).unwrap();
    assert!(next.combatants.is_empty(), "{:?}", names(&next));
}

#[test]
fn the_party_prints_as_one_pdf_with_every_sheet() {
    let mut t = Tome::open_in_memory().unwrap();
    let (vex, oru, _) = lanterns(&mut t);
    let party = t.prepare_party_pdf("The Lanterns", &PdfOptions::default()).unwrap().finish();
    let one_by_one = t.characters_pdf(&[vex, oru], &PdfOptions::default()).unwrap();
    assert_eq!(party, one_by_one, "the same file as printing the two sheets, cards and all");
    t.create_party("mythcraft", "Empty").unwrap();
    let empty = t.prepare_party_pdf("Empty", &PdfOptions::default()).err().unwrap();
    assert_eq!(empty.code(), ErrorCode::InvalidInput);
}

#[test]
fn a_session_log_holds_each_fight_who_was_there_and_what_lasted() {
    let mut t = Tome::open_in_memory().unwrap();
    let (vex, _, _) = lanterns(&mut t);
    let first = bridge_fight(&mut t, 3);
    let second = t.encounter_next_fight(first, Some("Tower")).unwrap().id;
    let today = jiff::Zoned::now().date().to_string();
    let md = t.session_log(&SessionPick::Date(today.clone())).unwrap();
    assert!(md.starts_with(&format!("# Session log, {today}")), "{md}");
    let bridge = md.find("## Bridge").expect("the first fight");
    let tower = md.find("## Tower").expect("the second fight");
    assert!(bridge < tower, "oldest first");
    let first_part = &md[bridge..tower];
    assert!(first_part.contains("- Vex (character") && first_part.contains("- Oru (character"), "{first_part}");
    assert!(first_part.contains("Vex takes 3 damage"), "the fight's log: {first_part}");
    assert!(first_part.contains("### What lasted") && first_part.contains("Vex: HP"), "{first_part}");
    assert!(first_part.contains(&format!("character {vex}")));
    let picked = t.session_log(&SessionPick::Ids(vec![second])).unwrap();
    assert!(picked.contains("## Tower") && !picked.contains("## Bridge"));
    let none = t.session_log(&SessionPick::Date("1999-01-01".into())).unwrap_err();
    assert_eq!(none.code(), ErrorCode::InvalidInput);
    assert_eq!(t.session_log(&SessionPick::Ids(vec![])).unwrap_err().code(), ErrorCode::InvalidInput);
}

/// Vex of the Lanterns with 20 HP written on the sheet.
fn vex_with_hp(t: &mut Tome, vex: i64) {
    let mut c = t.character(vex).unwrap();
    c.values.insert("max-hp".into(), tome::characters::SheetValue::Int(20));
    t.save_character(&c).unwrap();
}

/// The Lanterns' fight at the bridge, started, with Vex hurt by `damage`.
fn bridge_fight(t: &mut Tome, damage: i64) -> i64 {
    let e = t.create_encounter("mythcraft", "Bridge").unwrap().id;
    t.encounter_add_party(e, "The Lanterns").unwrap();
    t.encounter_start(e, &[], &[], Some(1)).unwrap();
    t.encounter_change(e, Event::Damage { name: "Vex".into(), amount: damage, kind: None }).unwrap();
    e
}

/// The part of a session log about one fight, from its heading to the next.
fn fight_part<'a>(md: &'a str, heading: &str) -> &'a str {
    let at = md.find(&format!("## {heading}\n")).unwrap_or_else(|| panic!("no fight {heading}: {md}"));
    let rest = &md[at + 3..];
    rest.find("\n## ").map_or(rest, |end| &rest[..end])
}

/// The app's own evening: each fight ends with "write to the sheets", the next one
/// starts with the same party. The log still says what each fight did, from where that
/// fight started, not "nothing" (the sheet already holds it) nor the first fight against
/// the second's values.
#[test]
fn a_session_log_after_the_sheets_are_written_says_what_each_fight_changed() {
    let mut t = Tome::open_in_memory().unwrap();
    let (vex, _, _) = lanterns(&mut t);
    vex_with_hp(&mut t, vex);
    let first = bridge_fight(&mut t, 3);
    t.encounter_end(first, true).unwrap();
    let second = t.encounter_next_fight(first, Some("Tower")).unwrap().id;
    t.encounter_start(second, &[], &[], Some(2)).unwrap();
    t.encounter_change(second, Event::Damage { name: "Vex".into(), amount: 5, kind: None }).unwrap();
    t.encounter_end(second, true).unwrap();
    assert_eq!(t.character(vex).unwrap().values["hp"], tome::characters::SheetValue::Int(12));
    let md = t.session_log(&SessionPick::Ids(vec![first, second])).unwrap();
    let bridge = fight_part(&md, "Bridge");
    assert!(bridge.contains("- Vex: HP 20 → 17"), "{bridge}");
    assert!(!bridge.contains("Nothing carries over"), "{bridge}");
    let tower = fight_part(&md, "Tower");
    assert!(tower.contains("- Vex: HP 17 → 12"), "{tower}");
    let lasted = tower.split("### What lasted").nth(1).unwrap();
    assert!(!lasted.contains("Oru"), "Oru was not hurt: {lasted}");
}

/// A character deleted since the fight is still in its log, with what the fight did to
/// it; the export does not fail.
#[test]
fn a_session_log_holds_a_fight_whose_character_was_deleted_since() {
    let mut t = Tome::open_in_memory().unwrap();
    let (vex, oru, _) = lanterns(&mut t);
    vex_with_hp(&mut t, vex);
    let e = bridge_fight(&mut t, 4);
    t.delete_character(vex).unwrap();
    t.delete_character(oru).unwrap();
    let md = t.session_log(&SessionPick::Ids(vec![e])).unwrap();
    let bridge = fight_part(&md, "Bridge");
    assert!(bridge.contains(&format!("- Vex (character {vex})")), "{bridge}");
    assert!(bridge.contains("Vex takes 4 damage"), "{bridge}");
    assert!(bridge.contains("- Vex: HP 20 → 16"), "{bridge}");
}
