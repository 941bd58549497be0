//! The game master's adversaries (issue 43): stat blocks of one system holding exactly
//! the stats its tracker uses, checked by its rules when saved (derived numbers with
//! their reasons, bad values refused with where and why), kept with revisions, exported
//! and imported, found by search, and added to a fight as numbered combatants.
//!
//! Rules documents cited by line: /work/shared/rules/ (`000_…` Amtgard, `001_…` Ars
//! Magica, `002_…` MLAF, `003_…` Primal Wild, `004_…` MythCraft).

use crate::common;

use std::collections::BTreeMap;

use common::Cli;
use tome::adversaries::{Adversary, AdversaryAttack, AdversaryView};
use tome::encounters::ConditionRef;
use tome::search::SearchFilter;
use tome::{Error, ErrorCode, Kind, Tome};

fn adversary(system: &str, name: &str, stats: &[(&str, i64)]) -> Adversary {
    let mut a = Adversary::new(system, name);
    a.stats = stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    a
}

fn derived(v: &AdversaryView, key: &str) -> serde_json::Value {
    v.derived.iter().find(|d| d.key == key).unwrap_or_else(|| panic!("no derived {key}: {:?}", v.derived)).value.clone()
}

fn terms(v: &AdversaryView, key: &str) -> Vec<String> {
    v.derived.iter().find(|d| d.key == key).unwrap().terms.iter().map(|t| t.line()).collect()
}

/// The fields a refusal names.
fn refused(e: &Error) -> Vec<String> {
    assert_eq!(e.code(), ErrorCode::InvalidInput, "{e}");
    e.problems().expect("a refusal lists its problems").iter().filter_map(|p| p.field.clone()).collect()
}

/// The library less Tome's starters, which every fresh database is given.
fn mine(t: &Tome) -> Vec<tome::adversaries::AdversarySummary> {
    t.adversaries().unwrap().into_iter().filter(|a| a.source.is_none()).collect()
}

fn names(v: &tome::api::EncounterView) -> Vec<&str> {
    v.combatants.iter().map(|c| c["name"].as_str().unwrap()).collect()
}

#[test]
fn an_adversary_holds_exactly_the_stats_its_systems_tracker_uses() {
    let t = Tome::open_in_memory().unwrap();
    for system in ["mythcraft", "ars-magica", "amtgard", "mlaf", "primal-wild"] {
        let specs = t.adversary_stats(system, "").unwrap();
        let v = t.check_adversary(&Adversary::new(system, "Foe")).unwrap().1;
        let keys: Vec<&str> = v.stats.iter().map(|s| s.key.as_str()).collect();
        let tracker: Vec<&str> = specs.iter().map(|s| s.key).collect();
        assert_eq!(keys, tracker, "{system}: the stat block is the tracker's stats");
        assert!(v.stats.iter().all(|s| !s.given), "nothing given yet: every stat at its default");
    }
    // Primal Wild's Duel Arcane asks for other stats than its fights.
    let duel: Vec<&str> = t.adversary_stats("primal-wild", "duel").unwrap().iter().map(|s| s.key).collect();
    assert!(duel.contains(&"gnosis") && !duel.contains(&"rank"), "{duel:?}");
    // A word the tracker does not know is refused, naming it and the stats there are.
    let e = t.check_adversary(&adversary("mythcraft", "Goblin", &[("strength", 3)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.strength"]);
    assert!(e.to_string().contains("max-hp"), "{e}");
    // The documents' abbreviations are saved under the tracker's key.
    let (a, _) = t.check_adversary(&adversary("mythcraft", "Goblin", &[("cor", 4), ("AWR", 2)])).unwrap();
    assert_eq!(a.stats, BTreeMap::from([("awareness".into(), 2), ("coordination".into(), 4)]));
}

/// MythCraft (004, lines 29-40): 3 AP at the start of each turn plus the COR table's
/// bonus (COR 4 to 5: +2); Bloodied at half the maximum HP or less (line 269).
#[test]
fn mythcraft_derives_a_monsters_ap_from_its_cor_and_where_it_is_bloodied() {
    let mut t = Tome::open_in_memory().unwrap();
    let v = t.create_adversary(&adversary("mythcraft", "Goblin", &[("cor", 4), ("max-hp", 13)])).unwrap();
    assert_eq!(derived(&v, "ap"), 5);
    assert_eq!(terms(&v, "ap"), ["Base AP each turn +3", "COR 4 bonus AP +2"]);
    assert_eq!(derived(&v, "bloodied-at"), 6, "13 HP: Bloodied at 6 or fewer");
    let slow = t.check_adversary(&adversary("mythcraft", "Slug", &[("cor", -3)])).unwrap().1;
    assert_eq!(derived(&slow, "ap"), 1, "COR -3: -2 AP (line 32)");
}

/// MythCraft (004, line 120): Vulnerable always supersedes Resist and Immune, so a stat
/// block with both against one type is refused, naming the stat; and a type bypassing a
/// DR of 0 (line 132) bypasses nothing.
#[test]
fn mythcraft_refuses_protections_its_rules_make_pointless() {
    let t = Tome::open_in_memory().unwrap();
    let both = adversary("mythcraft", "Ember Imp", &[("vulnerable-cold", 2), ("immune-cold", 1), ("resist-fire", 3)]);
    let e = t.check_adversary(&both).unwrap_err();
    assert_eq!(refused(&e), ["stats.immune-cold"]);
    assert!(e.to_string().contains("supersedes"), "{e}");
    let e = t.check_adversary(&adversary("mythcraft", "Wraith", &[("dr-except-radiant", 1)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.dr-except-radiant"]);
    assert!(t.check_adversary(&adversary("mythcraft", "Wraith", &[("dr-except-radiant", 1), ("dr", 5)])).is_ok());
    // Out of the tracker's range: where and why.
    let e = t.check_adversary(&adversary("mythcraft", "Giant", &[("max-hp", 0)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.max-hp"]);
    assert!(e.to_string().contains("Maximum HP must be between 1 and"), "{e}");
}

/// Ars Magica (001, line 27): Soak Total is Stamina + armour Protection (+ Form bonus);
/// the Damage Table (lines 111 and 119): at Size 0 each wound range spans 5 points;
/// a trained group's bonus is capped at three times the leader's Leadership (lines
/// 328-329; the faerie grogs, lines 512-526: abilities 11, Leadership 3, bonus +9).
#[test]
fn ars_magica_checks_soak_against_stamina_and_derives_wounds_and_a_groups_bonus() {
    let t = Tome::open_in_memory().unwrap();
    let polandrus = adversary(
        "ars-magica",
        "Polandrus",
        &[("init", 18), ("atk", 11), ("dfn", 9), ("dam", 8), ("soak", 6), ("stamina", 2)],
    );
    let v = t.check_adversary(&polandrus).unwrap().1;
    assert_eq!(derived(&v, "soak"), 6);
    assert_eq!(terms(&v, "soak"), ["Stamina +2", "Armour Protection and other bonuses +4"]);
    assert_eq!(derived(&v, "wound-ranges"), "Light 1–5, Medium 6–10, Heavy 11–15, Incapacitating 16–20, Dead 21+");
    let big = t.check_adversary(&adversary("ars-magica", "Bear", &[("size", 2)])).unwrap().1;
    assert_eq!(derived(&big, "wound-ranges"), "Light 1–7, Medium 8–14, Heavy 15–21, Incapacitating 22–28, Dead 29+");

    let e = t.check_adversary(&adversary("ars-magica", "Wisp", &[("soak", 1), ("stamina", 3)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.soak"]);
    assert!(e.to_string().contains("at least its Stamina, 3"), "{e}");

    let grogs = adversary(
        "ars-magica",
        "Faerie grogs",
        &[("members", 3), ("leadership", 3), ("leader", 3), ("others-ability", 11), ("soak", 11)],
    );
    let v = t.check_adversary(&grogs).unwrap().1;
    assert_eq!(derived(&v, "group-bonus"), 9);
    let e = t.check_adversary(&adversary("ars-magica", "Lone grog", &[("leadership", 2)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.leadership"], "a lone fighter has no one to lead");
}

/// Amtgard (000, line 206): Armor Breaking strips a location holding three points or
/// fewer; the derived line says which of the adversary's locations that is.
#[test]
fn amtgard_derives_the_armour_worn_and_what_armor_breaking_strips() {
    let t = Tome::open_in_memory().unwrap();
    let knight = adversary("amtgard", "Knight", &[("torso", 4), ("left-arm", 3), ("right-arm", 2), ("lives", 3)]);
    let v = t.check_adversary(&knight).unwrap().1;
    assert_eq!(derived(&v, "armor-total"), 9);
    assert_eq!(derived(&v, "armor-breaking"), "Left arm (3), Right arm (2)");
    let e = t.check_adversary(&adversary("amtgard", "Troll", &[("lives", 0)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.lives"]);
}

/// MLAF (002, line 5): a spellcaster casts one spell per level in a match.
#[test]
fn mlaf_derives_a_casters_spells_per_match_from_its_level() {
    let t = Tome::open_in_memory().unwrap();
    let v = t.check_adversary(&adversary("mlaf", "Rival Shaman", &[("level", 3)])).unwrap().1;
    assert_eq!(derived(&v, "spells-per-match"), 3);
    let e = t.check_adversary(&adversary("mlaf", "Archmage", &[("level", 11)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.level"]);
}

/// Primal Wild (003, line 46): ephemeral beings resist hostile spells with Resistance +
/// Rank, and a spell needs net successes equal to the Resistance for severe
/// consequences; only a being with a Rank has Resistance and Essence.
#[test]
fn primal_wild_derives_an_ephemeral_beings_resistance_and_refuses_it_on_a_mortal() {
    let t = Tome::open_in_memory().unwrap();
    let spirit = adversary("primal-wild", "Storm spirit", &[("rank", 3), ("resistance", 4), ("max-essence", 15)]);
    let v = t.check_adversary(&spirit).unwrap().1;
    assert_eq!(derived(&v, "resists-spells"), 7);
    assert_eq!(derived(&v, "severe-at"), 4);
    let e = t.check_adversary(&adversary("primal-wild", "Thug", &[("resistance", 2)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.resistance"]);
    let e = t.check_adversary(&adversary("primal-wild", "Ghost", &[("rank", 2)])).unwrap_err();
    assert_eq!(refused(&e), ["stats.resistance"], "a being with a Rank needs its Resistance");
}

#[test]
fn a_save_keeps_revisions_refuses_a_stale_one_and_a_taken_name() {
    let mut t = Tome::open_in_memory().unwrap();
    let v = t.create_adversary(&adversary("mythcraft", "Goblin", &[("max-hp", 12)])).unwrap();
    let mut a = v.adversary.clone();
    assert_eq!(a.revision, 1);
    a.stats.insert("max-hp".into(), 15);
    a.tags = vec!["goblinoid".into(), " Goblinoid ".into(), "small".into()];
    let v2 = t.save_adversary(&a).unwrap();
    assert_eq!(v2.adversary.revision, 2);
    assert_eq!(v2.adversary.tags, ["goblinoid", "small"], "tags trimmed, repeats dropped");
    assert_eq!(t.save_adversary(&v2.adversary).unwrap().adversary.revision, 2, "no change, no revision");
    let stale = t.save_adversary(&a).unwrap_err();
    assert_eq!(stale.code(), ErrorCode::Conflict);
    let revs = t.adversary_revisions(a.id).unwrap();
    assert_eq!(revs.len(), 2);
    assert!(revs[1].summary.contains("max-hp 15"), "{:?}", revs[1]);
    let back = t.restore_adversary(a.id, 1).unwrap();
    assert_eq!(back.adversary.stats["max-hp"], 12);
    assert_eq!(back.adversary.revision, 3);

    let e = t.create_adversary(&adversary("mythcraft", "GOBLIN", &[])).unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidInput);
    assert!(e.to_string().contains("already has an adversary called GOBLIN"), "{e}");
    assert!(t.create_adversary(&adversary("ars-magica", "Goblin", &[])).is_ok(), "names are per system");
    let e = t.create_adversary(&adversary("mythcraft", "Goblin 2", &[])).unwrap_err();
    assert_eq!(refused(&e), ["name"], "a numbered name would read as a fight's copy");
    t.delete_adversary(a.id).unwrap();
    assert_eq!(t.adversary(a.id).unwrap_err().code(), ErrorCode::NotFound);
}

#[test]
fn attacks_and_starting_conditions_name_the_reference_or_are_the_game_masters_own() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut a = adversary("ars-magica", "Bandit", &[("atk", 8)]);
    a.attacks = vec![
        AdversaryAttack {
            name: String::new(),
            entry: Some("ars-magica/weapon/sword-short".into()),
            numbers: String::new(),
        },
        AdversaryAttack { name: "Thrown rock".into(), entry: None, numbers: "Atk +2, Dam +1".into() },
    ];
    let v = t.create_adversary(&a).unwrap();
    assert_eq!(v.adversary.attacks[0].name, "Sword, Short", "named by its entry");
    let mut bad = v.adversary.clone();
    bad.attacks.push(AdversaryAttack {
        name: "Laser".into(),
        entry: Some("ars-magica/weapon/laser".into()),
        numbers: "".into(),
    });
    bad.conditions.push(ConditionRef { id: Some("mythcraft/condition/bloodied".into()), name: "Bloodied".into() });
    let e = t.save_adversary(&bad).unwrap_err();
    assert_eq!(refused(&e), ["attacks[2].entry", "conditions[0]"]);
}

#[test]
fn an_adversary_joins_a_fight_as_numbered_copies_each_with_its_own_stats_and_hp() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut goblin = adversary("mythcraft", "Goblin", &[("max-hp", 12), ("cor", 4)]);
    goblin.conditions = vec![ConditionRef { id: None, name: "Prone".into() }];
    let goblin = t.create_adversary(&goblin).unwrap().adversary;
    assert!(goblin.conditions[0].id.is_some(), "Prone is the reference's condition");
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    let v = t.encounter_add_adversary(e, goblin.id, 3, Some(true), None).unwrap();
    assert_eq!(names(&v), ["Goblin 1", "Goblin 2", "Goblin 3"]);
    for c in &v.combatants {
        assert_eq!(c["hidden"], true, "hidden on arrival");
        assert_eq!(c["hp"], 12);
        assert_eq!(c["max_hp"], 12);
        assert_eq!(c["conditions"][0]["name"], "Prone", "{c}");
    }
    // Nothing of a hidden arrival reaches the table, not even its starting condition.
    let table = serde_json::to_string(&t.table_view(e).unwrap()).unwrap();
    assert!(!table.contains("Goblin") && !table.contains("Prone"), "{table}");
    // Shown ones are numbered by the names the table sees, so "Goblin 4" would tell of
    // three hidden ones: where the number is a hidden one's, the game master is asked
    // (issue 71's review 77).
    let asked = t.encounter_add_adversary(e, goblin.id, 2, Some(false), None).unwrap_err().to_string();
    assert!(asked.contains("Goblin 1") && asked.contains("hidden combatant's"), "{asked}");
    let v = t.encounter_add_adversary(e, goblin.id, 2, Some(true), None).unwrap();
    assert_eq!(names(&v)[3..], ["Goblin 4", "Goblin 5"], "hidden ones numbered after those already there");
    assert_eq!(v.combatants[3]["hidden"], true);
    // Each copy is its own: damage to one leaves the others whole.
    t.encounter_start(e, &[], &[], Some(3)).unwrap();
    let v = t
        .encounter_change(e, tome::encounters::Event::Damage { name: "Goblin 2".into(), amount: 5, kind: None })
        .unwrap();
    let hp = |n: &str| v.combatants.iter().find(|c| c["name"] == n).unwrap()["hp"].clone();
    assert_eq!((hp("Goblin 2"), hp("Goblin 1")), (7.into(), 12.into()));
    // Another system's fight, or a count out of range, is refused.
    let other = t.create_encounter("ars-magica", "Elsewhere").unwrap().id;
    let e2 = t.encounter_add_adversary(other, goblin.id, 1, None, None).unwrap_err();
    assert!(e2.to_string().contains("mythcraft adversary"), "{e2}");
    assert_eq!(t.encounter_add_adversary(e, goblin.id, 0, None, None).unwrap_err().code(), ErrorCode::InvalidInput);
}

#[test]
fn search_finds_adversaries_with_the_entries_by_name_and_tag() {
    let mut t = Tome::open_in_memory().unwrap();
    let all = SearchFilter::default();
    let before = t.search("goblin", &all).unwrap();
    assert!(before.iter().all(|h| h.name != "Goblin Skulker"));
    let mut g = adversary("mythcraft", "Goblin Skulker", &[]);
    g.tags = vec!["goblinoid".into()];
    g.notes = "Hides in the reeds.".into();
    let id = t.create_adversary(&g).unwrap().adversary.id;
    let hits = t.search("goblin", &all).unwrap();
    let hit = hits.iter().find(|h| h.kind == Kind::Adversary).expect("the adversary is found");
    assert_eq!(hit.name, "Goblin Skulker");
    assert_eq!(hit.id, format!("mythcraft/adversary/{id}"));
    assert!(hits.iter().any(|h| h.kind != Kind::Adversary), "the rules mentioning goblins are still found");
    let by_tag = t.search("goblinoid", &all).unwrap();
    assert_eq!(by_tag.first().map(|h| h.name.as_str()), Some("Goblin Skulker"));
    let only = SearchFilter { kind: Some(Kind::Adversary), ..SearchFilter::default() };
    assert!(t.search("goblin", &only).unwrap().iter().all(|h| h.kind == Kind::Adversary));
    t.delete_adversary(id).unwrap();
    assert!(t.search("goblin", &all).unwrap().iter().all(|h| h.name != "Goblin Skulker"), "gone from search");
}

#[test]
fn an_exported_adversary_imports_whole_and_a_bad_file_changes_nothing() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut g = adversary("mythcraft", "Goblin", &[("max-hp", 12)]);
    g.notes = "Raids at dusk.".into();
    let id = t.create_adversary(&g).unwrap().adversary.id;
    let file = t.export_adversary(id).unwrap();
    t.delete_adversary(id).unwrap();
    let back = t.import_adversary(file.as_bytes()).unwrap().adversary;
    assert_eq!((back.name.as_str(), back.stats["max-hp"], back.notes.as_str()), ("Goblin", 12, "Raids at dusk."));

    let bad = file.replace("\"max-hp\": 12", "\"max-hp\": -4");
    let e = t.import_adversary(bad.as_bytes()).unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidInput);
    for junk in ["not json", "{\"name\": \"x\"}", "{\"tome_adversary\": 9, \"adversary\": {}}"] {
        let e = t.import_adversary(junk.as_bytes()).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidInput, "{junk}: {e}");
    }
    assert_eq!(mine(&t).len(), 1, "nothing imported from a bad file");
}

#[test]
fn cli_builds_an_adversary_and_adds_three_hidden_to_a_fight() {
    let cli = Cli::new();
    let a = cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12", "cor", "4"]);
    assert_eq!(a["adversary"]["stats"]["coordination"], 4);
    let ap = a["derived"].as_array().unwrap().iter().find(|d| d["key"] == "ap").unwrap().clone();
    assert_eq!(ap["value"], 5);
    cli.json(&["adversary", "set", "goblin", "tags", "goblinoid, small", "awr", "2"]);
    cli.json(&["adversary", "attack", "Goblin", "Rusty blade", "--numbers", "+3, 1d6 sharp"]);
    let shown = cli.text(&["adversary", "show", "Goblin"]);
    assert!(shown.contains("AP at the start of each turn") && shown.contains("Rusty blade: +3, 1d6 sharp"), "{shown}");
    let (code, err) = cli.fails(&["adversary", "set", "Goblin", "max-hp", "0"]);
    assert_eq!(code, 2);
    assert_eq!(err["problems"][0]["field"], "stats.max-hp");

    cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Ambush"]);
    let v = cli.json(&["encounter", "add", "1", "--adversary", "goblin", "--count", "3", "--hidden"]);
    let added: Vec<(&str, bool)> = v["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["hidden"] == true))
        .collect();
    assert_eq!(added, [("Goblin 1", true), ("Goblin 2", true), ("Goblin 3", true)]);
    let (code, err) = cli.fails(&["encounter", "add", "1", "--adversary", "Gobbo"]);
    assert_eq!(code, 3);
    assert_eq!(err["suggestions"][0], "Goblin");

    let list = cli.text(&["adversary", "list"]);
    assert!(list.contains("Goblin") && list.contains("goblinoid, small"), "{list}");
    let out = cli.dir.path().join("goblin.json");
    cli.json(&["adversary", "export", "Goblin", "--out", out.to_str().unwrap()]);
    cli.json(&["adversary", "delete", "Goblin"]);
    let back = cli.json(&["adversary", "import", out.to_str().unwrap()]);
    assert_eq!(back["adversary"]["attacks"][0]["name"], "Rusty blade");
}

#[test]
fn one_undo_takes_back_a_whole_arrival_with_its_starting_conditions() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut wolf = adversary("mythcraft", "Wolf", &[("max-hp", 9)]);
    wolf.conditions =
        vec![ConditionRef { id: None, name: "Prone".into() }, ConditionRef { id: None, name: "Howling".into() }];
    let wolf = t.create_adversary(&wolf).unwrap().adversary;
    let e = t.create_encounter("mythcraft", "Den").unwrap().id;
    let v = t.encounter_add_adversary(e, wolf.id, 2, None, None).unwrap();
    let held: Vec<Vec<&str>> = v
        .combatants
        .iter()
        .map(|c| c["conditions"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap()).collect())
        .collect();
    assert_eq!(held, [["Prone", "Howling"], ["Prone", "Howling"]], "a custom condition is kept in its own words");
    assert_eq!(t.encounter_log(e).unwrap().len(), 1, "one change");
    assert!(t.encounter_undo(e).unwrap().combatants.is_empty(), "one undo takes the pack back");
}

#[test]
fn cli_shows_a_search_hit_on_the_library_and_lists_it_as_a_kind() {
    let cli = Cli::new();
    let troll = cli.json(&["adversary", "new", "--system", "amtgard", "--name", "Troll", "lives", "3", "torso", "2"]);
    let number = troll["adversary"]["id"].as_i64().unwrap();
    let hits = cli.json(&["search", "troll", "--kind", "adversary"]);
    let id = hits[0]["id"].as_str().unwrap().to_string();
    assert_eq!(id, format!("amtgard/adversary/{number}"));
    let shown = cli.text(&["show", &id]);
    let head = format!("Troll (#{number}) — amtgard adversary");
    assert!(shown.contains(&head) && shown.contains("Lives in this battlegame"), "{shown}");
    let listed = cli.json(&["list", "adversaries"]);
    assert!(listed.as_array().unwrap().iter().any(|a| a["name"] == "Troll"), "{listed}");
}

#[test]
fn a_combatant_typed_mid_fight_is_saved_to_the_library_in_one_step() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Road").unwrap().id;
    let stats = BTreeMap::from([("max-hp".to_string(), 14), ("cor".to_string(), 2), ("resist-fire".to_string(), 2)]);
    t.encounter_add_npc(e, "Bandit", 3, stats).unwrap();
    t.encounter_start(e, &[], &[], Some(5)).unwrap();
    t.encounter_change(e, tome::encounters::Event::Damage { name: "Bandit 2".into(), amount: 4, kind: None }).unwrap();
    let v = t.adversary_from_combatant(e, "Bandit 2", None).unwrap();
    assert_eq!(v.adversary.name, "Bandit", "named without its number");
    assert_eq!(
        v.adversary.stats,
        BTreeMap::from([("coordination".into(), 2), ("max-hp".into(), 14), ("resist-fire".into(), 2)]),
        "its stats, not the fight's damage"
    );
    assert_eq!(derived(&v, "ap"), 4, "checked as any save: COR 2 gives +1 AP (004, line 35)");
    // Added back to another fight, it is the bandit as typed.
    let next = t.create_encounter("mythcraft", "Inn").unwrap().id;
    let again = t.encounter_add_adversary(next, v.adversary.id, 1, None, None).unwrap();
    assert_eq!((again.combatants[0]["name"].as_str(), again.combatants[0]["hp"].as_i64()), (Some("Bandit"), Some(14)));
    let e2 = t.adversary_from_combatant(e, "Bandit 1", None).unwrap_err();
    assert!(e2.to_string().contains("already has an adversary called Bandit"), "{e2}");
    assert_eq!(t.adversary_from_combatant(e, "Bandit 1", Some("Road bandit")).unwrap().adversary.name, "Road bandit");
    let cli = Cli::new();
    cli.json(&["encounter", "new", "--system", "amtgard", "--name", "Field"]);
    cli.json(&["encounter", "add", "1", "--npc", "Rook", "--stat", "torso=2", "--stat", "lives=3"]);
    let saved = cli.json(&["encounter", "save-adversary", "1", "Rook"]);
    assert_eq!(saved["adversary"]["stats"]["worn-torso"], 2);
}

/// A single-file pack of `system` holding `body` after its manifest.
fn pack_file(dir: &tempfile::TempDir, name: &str, system: &str, body: &str) -> std::path::PathBuf {
    let path = dir.path().join(format!("{name}.toml"));
    let manifest =
        format!("[pack]\nname = \"{name}\"\nversion = \"1\"\nauthor = \"A GM\"\nsystems = [\"{system}\"]\n\n");
    std::fs::write(&path, manifest + body).unwrap();
    path
}

const GOBLINS: &str = r#"[[rule]]
name = "Goblin Tactics"
section = "House Rules"
summary = "Goblins fight in threes."

[[adversary]]
name = "Goblin"
stats = { max-hp = 12, cor = 4 }
attacks = [{ name = "Rusty blade", numbers = "+3, 1d6 sharp" }, { entry = "mythcraft/maneuver/trip" }]
conditions = ["Prone"]
tags = ["goblinoid"]
notes = "Raids at dusk."

[[adversary]]
name = "Goblin Boss"
stats = { max-hp = 20, cor = 6, level = 3 }
"#;

#[test]
fn a_pack_ships_adversaries_checked_by_their_systems_rules_and_takes_them_away_with_it() {
    let mut t = Tome::open_in_memory().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = pack_file(&dir, "goblin-warren", "mythcraft", GOBLINS);
    t.import_pack(&path).unwrap();
    let library = mine(&t);
    assert_eq!(library.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["Goblin", "Goblin Boss"]);
    let boss = t.find_adversary("goblin boss", None).unwrap();
    assert_eq!(boss.pack.as_deref(), Some("goblin-warren"));
    assert_eq!(derived(&t.adversary_view(boss.id).unwrap(), "ap"), 6, "COR 6: +3 AP (004, line 37)");
    let goblin = t.find_adversary("Goblin", Some("mythcraft")).unwrap();
    assert_eq!(goblin.conditions[0].id.as_deref(), Some("mythcraft/condition/prone"));
    assert_eq!(goblin.attacks[1].name, "Trip", "an attack named by a shipped entry");
    assert!(t.search("goblin", &SearchFilter::default()).unwrap().iter().any(|h| h.kind == Kind::Adversary));
    let e = t.create_encounter("mythcraft", "Warren").unwrap().id;
    assert_eq!(names(&t.encounter_add_adversary(e, goblin.id, 2, None, None).unwrap()), ["Goblin 1", "Goblin 2"]);

    // A pack's adversary changes with the pack.
    let e = t.save_adversary(&Adversary { notes: "mine now".into(), ..goblin.clone() }).unwrap_err();
    assert!(e.to_string().contains("comes from the pack `goblin-warren`"), "{e}");
    assert_eq!(t.delete_adversary(goblin.id).unwrap_err().code(), ErrorCode::InvalidInput);

    // Imported again, the pack's adversaries are the new version's; removed, they go.
    std::fs::write(&path, std::fs::read_to_string(&path).unwrap().replace("max-hp = 20", "max-hp = 25")).unwrap();
    t.import_pack(&path).unwrap();
    assert_eq!(mine(&t).len(), 2);
    assert_eq!(t.find_adversary("Goblin Boss", None).unwrap().stats["max-hp"], 25);
    t.remove_pack("goblin-warren").unwrap();
    assert!(mine(&t).is_empty());
    let hits = t.search("goblin", &SearchFilter::default()).unwrap();
    assert!(hits.iter().all(|h| h.kind != Kind::Adversary || h.name == "Rookie Botcher"), "{hits:?}");
}

#[test]
fn a_pack_with_a_bad_adversary_says_where_and_imports_nothing() {
    let mut t = Tome::open_in_memory().unwrap();
    let dir = tempfile::tempdir().unwrap();
    // Line 20 of the file: the manifest's 6 lines, the rule's 5, the first adversary's 8.
    let bad = GOBLINS.replace("max-hp = 20, cor = 6", "max-hp = 0, cor = 6, strength = 2");
    let path = pack_file(&dir, "goblin-warren", "mythcraft", &bad);
    let e = t.import_pack(&path).unwrap_err();
    assert_eq!(e.code(), ErrorCode::ContentInvalid);
    let lines: Vec<String> = e.problems().unwrap().iter().map(|p| p.to_string()).collect();
    let at = format!("{}:20: adversary `Goblin Boss`:", path.display());
    assert!(
        lines.iter().any(|l| l.starts_with(&at) && l.contains("stats.max-hp: Maximum HP must be between 1")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with(&at) && l.contains("stats.strength")), "{lines:?}");
    assert!(mine(&t).is_empty() && t.packs().unwrap().is_empty(), "nothing imported");
    let check = t.check_pack(&path).unwrap_err();
    assert_eq!(check.code(), ErrorCode::ContentInvalid, "`tome pack check` says the same");

    // A misspelt field of an adversary is refused by the loader, at its line.
    let typo = pack_file(&dir, "typo", "mythcraft", "[[adversary]]\nname = \"Imp\"\nstat = { max-hp = 3 }\n");
    let e = t.import_pack(&typo).unwrap_err();
    assert!(e.to_string().contains("typo.toml:9"), "{e}");

    // A name the game master's own library holds is refused, naming it.
    t.create_adversary(&adversary("mythcraft", "Goblin", &[])).unwrap();
    let clash = pack_file(&dir, "goblin-warren", "mythcraft", GOBLINS);
    let e = t.import_pack(&clash).unwrap_err();
    assert!(e.to_string().contains("already has an adversary called Goblin"), "{e}");
    assert_eq!(mine(&t).len(), 1);
}

#[test]
fn a_damaged_stat_block_is_named_by_the_library_and_by_db_check() {
    let cli = Cli::new();
    let goblin = cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    let id = goblin["adversary"]["id"].as_i64().unwrap();
    {
        let t = Tome::open(&cli.db).unwrap();
        // JSON that parses, but not as a stat block: what a failing disk may leave.
        let damage = format!("UPDATE adversary SET stat_block = '{{\"shelf\": 3}}' WHERE id = {id}");
        t.db().connection().execute_batch(&damage).unwrap();
    }
    let (code, err) = cli.fails(&["adversary", "list"]);
    assert_eq!(code, 1);
    assert_eq!(err["code"], "database");
    // Its checksum (issue 58) or its stat block that does not read: either names it.
    let message = err["message"].as_str().unwrap();
    assert!(message.contains(&format!("adversary {id}")) && message.contains("cannot be read"), "{err}");
    let out = cli.cmd(&["db", "check"]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    let named = format!("adversary {id} (Goblin): stat_block: stored data that does not read back");
    assert!(said.contains(&named), "{said}");
}

/// The search box finds the game master's adversaries; a phone at the table searching the
/// same words never sees them, by search or by id.
#[test]
fn the_tables_phones_never_find_or_read_the_game_masters_adversaries() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut g = adversary("mythcraft", "Goblin Ambusher", &[("max-hp", 9)]);
    g.notes = "Waits under the bridge for the party.".into();
    let id = t.create_adversary(&g).unwrap().adversary.id;
    let filter = SearchFilter::default();
    assert!(t.search("goblin ambusher", &filter).unwrap().iter().any(|h| h.kind == Kind::Adversary));
    for q in ["goblin", "ambusher", "bridge", "goblin ambusher"] {
        let hits = t.table_search(q, &filter).unwrap();
        assert!(hits.iter().all(|h| h.kind != Kind::Adversary && !h.name.contains("Ambusher")), "{q}: {hits:?}");
    }
    let e = t.table_show(&format!("mythcraft/adversary/{id}")).unwrap_err();
    assert_eq!(e.code(), ErrorCode::NotFound);
    assert!(!e.to_string().contains("Ambusher"), "{e}");
}

/// The tracker's attack form starts from the adversary's attacks: the core says, for each
/// attack a combatant brought from the library, which action its numbers fill in and with
/// what (the dice, modifier and type MythCraft's attack takes), and those inputs are taken
/// as they are by the action.
#[test]
fn a_combatant_from_the_library_carries_its_attacks_filled_in_for_the_attack_form() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut gob = adversary("mythcraft", "Goblin", &[("max-hp", 12)]);
    gob.attacks = vec![
        AdversaryAttack { name: "Rusty blade".into(), entry: None, numbers: "+3, 1d6+2 sharp, melee".into() },
        AdversaryAttack { name: "Battle cry".into(), entry: None, numbers: String::new() },
    ];
    let gob = t.create_adversary(&gob).unwrap().adversary.id;
    let e = t.create_encounter("mythcraft", "Ford").unwrap().id;
    t.encounter_add_adversary(e, gob, 1, None, None).unwrap();
    let v = t.encounter_add_npc(e, "Vex", 1, BTreeMap::from([("max-hp".into(), 20), ("ar".into(), 10)])).unwrap();
    let attacks = v.combatants[0]["attacks"].as_array().unwrap();
    assert_eq!(attacks[0]["name"], "Rusty blade");
    assert_eq!(attacks[0]["action"], "attack");
    assert_eq!(
        attacks[0]["inputs"],
        serde_json::json!({ "bonus": "3", "dice": "1d6", "modifier": "2", "type": "sharp", "range": "melee" })
    );
    assert!(attacks[1].get("inputs").is_none(), "nothing to fill in from no numbers");
    assert!(v.combatants[1].get("attacks").is_none(), "a quick combatant has none");

    t.encounter_start(e, &[("Goblin".into(), 20), ("Vex".into(), 1)], &[], Some(1)).unwrap();
    let mut inputs: BTreeMap<String, String> = serde_json::from_value(attacks[0]["inputs"].clone()).unwrap();
    inputs.extend([("target".into(), "Vex".into()), ("roll".into(), "15".into()), ("amount".into(), "5".into())]);
    let hit = t.encounter_act(e, "attack", Some("Goblin"), inputs, Some(2)).unwrap();
    let vex = hit.combatants.iter().find(|c| c["name"] == "Vex").unwrap();
    assert_eq!(vex["hp"], 15, "the filled-in attack lands as typed: 5 sharp damage");
}

/// The app's new-encounter and new-adversary forms offer the kinds of encounter the core
/// lists with each system (no table of them in the UI): Primal Wild's fight and its Duel
/// Arcane, the usual kind first.
#[test]
fn each_system_lists_its_kinds_of_encounter_with_labels() {
    let t = Tome::open_in_memory().unwrap();
    let systems = t.systems().unwrap();
    let modes = |id: &str| -> Vec<(String, String)> {
        let s = systems.iter().find(|s| s.id == id).unwrap();
        s.modes.iter().map(|m| (m.name.clone(), m.label.clone())).collect()
    };
    assert_eq!(modes("primal-wild"), [("fight".into(), "Fight".into()), ("duel".into(), "Duel Arcane".into())]);
    assert_eq!(modes("mlaf"), [("match".into(), "Match".into())]);
    for s in &systems {
        assert!(!s.modes.is_empty(), "{} runs encounters: its kinds are listed", s.id);
        // Each kind's stats are what the form asks, by the same name the core takes.
        for m in &s.modes {
            let stats = t.adversary_stats(&s.id, &m.name).unwrap();
            assert!(!stats.is_empty(), "{} {}", s.id, m.name);
            assert!(stats.iter().all(|st| st.min <= st.default && st.default <= st.max), "{} {}", s.id, m.name);
        }
    }
}

/// A combatant from the library names its stat block and its attacks by name in
/// `encounter show`, not "adversary 1 · attacks (name rusty blade …)" as if they were stats.
#[test]
fn encounter_show_names_the_stat_block_and_its_attacks() {
    let cli = Cli::new();
    cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    cli.json(&["adversary", "attack", "Goblin", "Rusty blade", "--numbers", "+3, 1d6 sharp"]);
    cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Ambush"]);
    cli.json(&["encounter", "add", "1", "--adversary", "goblin"]);
    let shown = cli.text(&["encounter", "show", "1"]);
    assert!(!shown.contains("adversary 1") && !shown.contains("(name "), "{shown}");
    assert!(shown.contains("from Goblin") && shown.contains("Rusty blade (+3, 1d6 sharp)"), "{shown}");
}

/// An adversary of another system asked for in a fight is named with its system, not "no
/// adversary named Goblin".
#[test]
fn an_adversary_of_another_system_says_which_system_it_is() {
    let mut t = Tome::open_in_memory().unwrap();
    t.create_adversary(&Adversary::new("mythcraft", "Goblin")).unwrap();
    let e = t.create_encounter("ars-magica", "Road").unwrap().id;
    let err = t.encounter_add_adversary_named(e, "Goblin", 1, None, None).unwrap_err().to_string();
    assert!(err.contains("MythCraft") || err.contains("mythcraft"), "{err}");
}

/// Primal Wild line 17: a duelist arms a Sword and a Shield, two Arcana it has dots in
/// (Interpretation, as `arms` refuses an Arcanum without dots): a duel adversary with
/// fewer could never clash, so it is refused, saying why.
#[test]
fn a_duel_adversary_without_two_arcana_is_refused() {
    let t = Tome::open_in_memory().unwrap();
    let mut a = adversary("primal-wild", "Rival", &[("gnosis", 3), ("forces", 2)]);
    a.mode = "duel".into();
    let e = t.check_adversary(&a).unwrap_err();
    let said: String = e.problems().map_or(e.to_string(), |p| p.iter().map(|p| p.to_string()).collect());
    assert!(said.contains("two Arcana"), "{said}");
    a.stats.insert("prime".into(), 1);
    t.check_adversary(&a).unwrap();
}

/// MLAF line 172: a racial spell belongs to its position alone; a caster carrying one
/// with no position could never cast it, so the stat block is refused, saying so.
#[test]
fn an_mlaf_caster_with_a_racial_spell_and_no_position_is_refused() {
    let t = Tome::open_in_memory().unwrap();
    let mut a = Adversary::new("mlaf", "Lone Siren");
    a.attacks = vec![AdversaryAttack {
        name: String::new(),
        entry: Some("mlaf/spell/siren-song".into()),
        numbers: String::new(),
    }];
    let e = t.check_adversary(&a).unwrap_err();
    let said: String = e.problems().map_or(e.to_string(), |p| p.iter().map(|p| p.to_string()).collect());
    assert!(said.contains("racial") && said.contains("position"), "{said}");
}

/// A derived line's reason says each number once: an ephemeral being's Rank reads
/// "Rank 3", not "Rank 3 3".
#[test]
fn a_derived_reason_says_each_number_once() {
    let t = Tome::open_in_memory().unwrap();
    let a = adversary("primal-wild", "Spirit", &[("rank", 3), ("resistance", 2), ("max-essence", 8), ("corpus", 5)]);
    let (_, v) = t.check_adversary(&a).unwrap();
    let lines = terms(&v, "rank-compares");
    assert!(lines.iter().all(|l| !l.contains("3 3") && !l.contains("3: 3")), "{lines:?}");
}
