//! What a fight says, as the fresh-eyes review 77 of issue 72 read it aloud: a name the
//! rules count as many takes "'" (a group's turn), damage a creature is Immune to says
//! so, only Tome's own dice are said as rolled by Tome, and counts agree with their noun.

use std::collections::BTreeMap;

use tome::encounters::Event;
use tome::Tome;

fn stats(pairs: &[(&str, i64)]) -> BTreeMap<String, i64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn inputs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn said(t: &Tome, e: i64) -> String {
    t.encounter_log(e).unwrap().last().unwrap().lines.join("\n")
}

/// Ars Magica groups (document 001, the group rules): a group of grogs acts as one
/// combatant with a plural name; its turn is "Grogs' turn", as its blows read "Grogs
/// attack", not "Grogs's turn".
#[test]
fn a_groups_turn_is_said_with_the_plural_possessive() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("ars-magica", "Group").unwrap().id;
    t.encounter_add_npc(e, "Grogs", 1, stats(&[("init", 5), ("members", 3)])).unwrap();
    t.encounter_add_npc(e, "Bear", 1, stats(&[("init", 0)])).unwrap();
    let v = t.encounter_start(e, &[("Grogs".into(), 5), ("Bear".into(), 1)], &[], None).unwrap();
    assert_eq!(v.whose.as_deref(), Some("Grogs'"));
    assert!(said(&t, e).contains("Grogs' turn"), "{}", said(&t, e));
    t.encounter_change(e, Event::Next).unwrap();
    assert!(said(&t, e).contains("Grogs' turn ends\n"), "{}", said(&t, e));
}

/// MythCraft Immune (document 004): an Immune creature takes no damage of that type.
/// The board says why it lost no HP, rather than "loses 0 HP" alone.
#[test]
fn damage_a_creature_is_immune_to_says_immune() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Vault").unwrap().id;
    t.encounter_add_npc(e, "Vex", 1, stats(&[("max-hp", 30), ("immune-toxic", 1)])).unwrap();
    t.encounter_start(e, &[("Vex".into(), 10)], &[], None).unwrap();
    t.encounter_change(e, Event::Damage { name: "Vex".into(), amount: 5, kind: Some("toxic".into()) }).unwrap();
    assert!(said(&t, e).contains("Vex is Immune to toxic damage"), "{}", said(&t, e));
}

/// A further damage part typed as its amount (`--also "3 fire"`) was not rolled: the
/// log does not say "rolled by Tome" of it.
#[test]
fn a_typed_further_damage_part_is_not_said_as_rolled_by_tome() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Vault").unwrap().id;
    t.encounter_add_npc(e, "Flamer", 1, stats(&[("max-hp", 15), ("cor", 4)])).unwrap();
    t.encounter_add_npc(e, "Vex", 1, stats(&[("max-hp", 20), ("ar", 14)])).unwrap();
    t.encounter_start(e, &[("Flamer".into(), 18), ("Vex".into(), 2)], &[], None).unwrap();
    let typed = inputs(&[("target", "Vex"), ("roll", "16"), ("amount", "4"), ("also", "3 fire"), ("range", "melee")]);
    t.encounter_act(e, "attack", Some("Flamer"), typed, Some(3)).unwrap();
    let log = said(&t, e);
    assert!(log.contains("Flamer attacks Vex") && !log.contains("rolled by Tome"), "{log}");
}

/// Primal Wild boosted attacks (document 003): one success is "1 success".
#[test]
fn one_success_is_said_in_the_singular() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("primal-wild", "Bout").unwrap().id;
    t.encounter_add_npc(e, "Ann", 1, stats(&[("init", 3)])).unwrap();
    t.encounter_add_npc(e, "Cal", 1, stats(&[])).unwrap();
    t.encounter_start(e, &[("Ann".into(), 7), ("Cal".into(), 1)], &[], None).unwrap();
    // The one named is the target; Ann, whose turn it is, attacks.
    t.encounter_act(e, "boosted-attack", Some("Cal"), inputs(&[("aspect", "sensory"), ("rolled", "0")]), None).unwrap();
    let log = said(&t, e);
    assert!(log.contains(": 1 success (1 automatic)"), "{log}");
}
