//! Amtgard's board (document 000): Ongoing Effects and who may cast, played through the
//! API as a reeve would. Line numbers are of `000_01a13cf17059bcfe.txt`.

mod common;

use std::collections::BTreeMap;

use common::fight::{act, combatant, last_log};
use tome::encounters::Event;
use tome::Tome;

/// Ann, Bob and Cal (hidden) on a battlegame under way.
fn field(t: &mut Tome) -> i64 {
    let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
    for name in ["Ann", "Bob", "Cal"] {
        t.encounter_add_npc(e, name, 1, BTreeMap::new()).unwrap();
    }
    t.encounter_change(e, Event::Hide { name: "Cal".into(), hidden: true }).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    e
}

/// Line 166: an Ongoing Effect (Terror for 30 s) sits on the player's line, the show
/// output and the table's view (a hidden player's stays off it), linked to the Ongoing
/// Effects rule and counting down; gained again for longer, the longer stays; an Immunity
/// to its School keeps it off, and one to the remover's keeps it on (lines 178, 181); a
/// State is not one; death ends it. (Before, the tracker had no such action: a name not
/// a State went on as a State, and the condition command refused it.)
#[test]
fn an_ongoing_effect_is_on_the_board_and_lasts_as_the_document_says() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = field(&mut t);
    let spirit = |effect: &'static str, seconds: &'static str| {
        vec![("effect", effect), ("school", "spirit"), ("seconds", seconds)]
    };
    let v = act(&mut t, e, "ongoing", "Bob", &spirit("Terror", "30")).unwrap();
    let terror = &combatant(&v, "Bob")["conditions"][0];
    assert_eq!(
        (terror["name"].as_str(), terror["id"].as_str()),
        (Some("Terror"), Some("amtgard/rule/ongoing-effects"))
    );
    assert!(last_log(&t, e).contains("Bob is under Terror, an Ongoing Effect of a Spirit ability (30 s)"));
    act(&mut t, e, "ongoing", "Cal", &spirit("Terror", "30")).unwrap();
    let table = t.table_view(e).unwrap();
    let bob = table.combatants.iter().find(|c| c.name == "Bob").unwrap();
    assert_eq!(bob.conditions[0].name, "Terror");
    assert_eq!(bob.conditions[0].id.as_deref(), Some("amtgard/rule/ongoing-effects"));
    assert!(bob.conditions[0].remaining.as_deref().is_some_and(|r| r.contains('s')), "{:?}", bob.conditions);
    assert!(table.combatants.iter().all(|c| c.name != "Cal"), "a hidden player's effect stays off the table");

    act(&mut t, e, "ongoing", "Bob", &spirit("Terror", "60")).unwrap();
    assert!(last_log(&t, e).contains("Bob was already under Terror: the longer new duration replaces the old"));
    let v = t.encounter_change(e, Event::Elapse { seconds: 40 }).unwrap();
    assert_eq!(combatant(&v, "Bob")["conditions"][0]["name"], "Terror", "60 s, not 30");

    let err = act(&mut t, e, "ongoing", "Bob", &spirit("Frozen", "5")).unwrap_err().to_string();
    assert!(err.contains("Frozen is a State"), "{err}");
    act(&mut t, e, "trait-state", "Ann", &[("state", "Immune to Spirit")]).unwrap();
    let err = act(&mut t, e, "ongoing", "Ann", &spirit("Terror", "30")).unwrap_err().to_string();
    assert!(err.contains("Ann is Immune to Spirit"), "{err}");
    act(&mut t, e, "ongoing", "Ann", &[("effect", "Shove"), ("school", "command")]).unwrap();
    let err = act(&mut t, e, "ongoing", "Ann", &[("effect", "Shove"), ("school", "spirit"), ("remove", "")])
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot end their Shove"), "{err}");

    let v = act(&mut t, e, "hit", "Bob", &[("location", "torso")]).unwrap();
    assert!(combatant(&v, "Bob")["conditions"].as_array().unwrap().is_empty());
    assert!(
        last_log(&t, e).contains("Death clears Bob's Ongoing Effects (line 166): Terror removed"),
        "{}",
        last_log(&t, e)
    );
    let err = act(&mut t, e, "ongoing", "Bob", &spirit("Terror", "30")).unwrap_err().to_string();
    assert!(err.contains("dead"), "{err}");
}

/// Lines 199-200: a Suppressed player casts no ability, whichever it is (before, only
/// the charge calculator knew it): every ability action naming a Suppressed caster with
/// --by is refused, as one by a Stunned or Frozen player; once the State is lifted, the
/// cast goes on and the log names the caster.
#[test]
fn a_suppressed_player_casts_no_ability_whichever() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = field(&mut t);
    act(&mut t, e, "state", "Ann", &[("state", "Suppressed"), ("school", "sorcery"), ("seconds", "30")]).unwrap();
    let by_ann: [(&str, Vec<(&str, &str)>); 5] = [
        ("state", vec![("state", "Stopped"), ("school", "command")]),
        ("ongoing", vec![("effect", "Terror"), ("school", "spirit")]),
        ("hit", vec![("location", "left-arm"), ("school", "flame")]),
        ("heal", vec![("school", "spirit")]),
        ("enchant", vec![("enchantment", "Stoneskin")]),
    ];
    for (action, inputs) in &by_ann {
        let mut inputs = inputs.clone();
        inputs.push(("by", "Ann"));
        let err = act(&mut t, e, action, "Bob", &inputs).unwrap_err().to_string();
        assert!(err.contains("Ann is Suppressed") && err.contains("the ability is not cast"), "{action}: {err}");
    }
    let err = act(&mut t, e, "hit", "Bob", &[("location", "torso"), ("by", "Ann")]).unwrap_err().to_string();
    assert!(err.contains("--school"), "{err}");
    act(&mut t, e, "state", "Ann", &[("state", "Suppressed"), ("school", "sorcery"), ("remove", "")]).unwrap();
    act(&mut t, e, "state", "Bob", &[("state", "Stunned"), ("school", "subdual"), ("by", "Ann")]).unwrap();
    assert!(last_log(&t, e).contains("Cast by Ann"), "{}", last_log(&t, e));
    let err = act(&mut t, e, "ongoing", "Ann", &[("effect", "Terror"), ("school", "spirit"), ("by", "Bob")])
        .unwrap_err()
        .to_string();
    assert!(err.contains("Bob is Stunned"), "{err}");
}

/// Lines 167-199 define nine States: `state` refuses a name that is none of them
/// ("Stoped", "Sparkly"), as `condition` refuses an unknown name, suggesting the nearest,
/// unless `--custom` says the game master means one of his own.
#[test]
fn the_state_action_refuses_a_state_it_does_not_know_unless_custom() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = field(&mut t);
    let err = act(&mut t, e, "state", "Bob", &[("state", "Stoped"), ("school", "command")]).unwrap_err();
    assert!(err.suggestions().iter().any(|s| s == "Stopped"), "{err} {:?}", err.suggestions());
    let err = act(&mut t, e, "state", "Bob", &[("state", "Sparkly"), ("school", "command")]).unwrap_err();
    assert!(err.to_string().contains("--custom"), "{err}");
    let v = t.encounter(e).unwrap();
    assert!(combatant(&v, "Bob")["conditions"].as_array().unwrap().is_empty());
    act(&mut t, e, "state", "Bob", &[("state", "Sparkly"), ("school", "command"), ("custom", "")]).unwrap();
    let v = t.encounter(e).unwrap();
    assert_eq!(combatant(&v, "Bob")["conditions"][0]["name"], "Sparkly");
}
