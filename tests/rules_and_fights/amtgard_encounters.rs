//! Amtgard's board (document 000): Ongoing Effects and who may cast, played through the
//! API as a reeve would. Line numbers are of `000_01a13cf17059bcfe.txt`.

use crate::common;

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

/// A State ended by the real clock as a hit came stays ended when the hit is undone:
/// time does not go back, so the board is the hit's undoing and nothing more (no State
/// back at "0 s left", no second "No longer Stunned" to call), the CLI's and the app's
/// "taken back" leave the ending out, and redo brings the hit back. An undone `elapse`
/// still takes back what its seconds ended. (Before, the undo put the State back.)
#[test]
fn undoing_a_hit_leaves_a_state_the_real_clock_ended_with_it_ended() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = field(&mut t);
    act(&mut t, e, "state", "Ann", &[("state", "Stunned"), ("school", "subdual"), ("seconds", "1")]).unwrap();
    // The clock counts whole seconds: past the next two, the second is surely up.
    std::thread::sleep(std::time::Duration::from_millis(2100));
    act(&mut t, e, "hit", "Bob", &[("location", "torso")]).unwrap();
    let hit = t.encounter_log(e).unwrap().pop().unwrap();
    assert!(hit.lines[0].contains("Ann's Stunned ends (time is up)"), "{:?}", hit.lines);
    assert_eq!(hit.clock, Some(2), "the ending and its call: {:?}", hit.lines);
    let v = t.encounter_undo(e).unwrap();
    let ann = combatant(&v, "Ann");
    assert!(ann["conditions"].as_array().unwrap().is_empty(), "{ann}");
    assert!(ann.get("calls").is_none() && ann.get("expired").is_none(), "called once already: {ann}");
    assert_eq!(combatant(&v, "Bob")["dead"], false, "the hit is taken back");
    let table = t.table_view(e).unwrap();
    assert!(table.combatants.iter().find(|c| c.name == "Ann").unwrap().conditions.is_empty());
    assert_eq!(t.encounter_replayed(e).unwrap(), v);
    let v = t.encounter_redo(e).unwrap();
    assert_eq!(combatant(&v, "Bob")["dead"], true);
    t.encounter_undo(e).unwrap();
    // The next change ends it in the log in force, and the board is as replayed.
    let v = act(&mut t, e, "hit", "Bob", &[("location", "left-arm")]).unwrap();
    assert!(last_log(&t, e).contains("Ann's Stunned ends"), "{}", last_log(&t, e));
    assert_eq!(t.encounter_replayed(e).unwrap(), v);
    // An elapse is the board's own clock: undone, what it ended comes back.
    act(&mut t, e, "state", "Ann", &[("state", "Stopped"), ("school", "command"), ("seconds", "30")]).unwrap();
    t.encounter_change(e, Event::Elapse { seconds: 60 }).unwrap();
    let v = t.encounter_undo(e).unwrap();
    assert_eq!(combatant(&v, "Ann")["conditions"][0]["name"], "Stopped");
}

/// Lines 29-36 and 55: an ability's uses per life or per refresh are counted in the
/// fight: each use spends one, none is left once they are spent, a Charge xN wins one
/// back after N full Charge Incantations (one held at a time, none while Suppressed), a
/// respawn brings the per-life ones back (a per-life Charged use does not carry), the
/// reeve's refresh the per-refresh ones, and an enchantment's are counted apart.
/// (Before, only the charge calculator knew of uses.)
#[test]
fn uses_per_life_and_per_refresh_are_counted_and_charged_in_the_fight() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = field(&mut t);
    let first = [("ability", "Heal"), ("per", "life"), ("uses", "2"), ("charge", "3")];
    act(&mut t, e, "ability", "Ann", &first).unwrap();
    assert!(last_log(&t, e).contains("1 of 2 left this life"), "{}", last_log(&t, e));
    let heal = [("ability", "Heal")];
    act(&mut t, e, "ability", "Ann", &heal).unwrap();
    let err = act(&mut t, e, "ability", "Ann", &heal).unwrap_err().to_string();
    assert!(err.contains("no use of Heal left") && err.contains("Charge x3"), "{err}");
    let err = act(&mut t, e, "ability", "Ann", &[("ability", "Heal"), ("uses", "5")]).unwrap_err().to_string();
    assert!(err.contains("2 uses per life"), "{err}");
    // Two Charge Incantations, then the third: a use held, spent next.
    act(&mut t, e, "charge", "Ann", &[("ability", "Heal"), ("said", "2")]).unwrap();
    assert!(last_log(&t, e).contains("1 more full Charge Incantation"), "{}", last_log(&t, e));
    act(&mut t, e, "charge", "Ann", &[("ability", "Heal"), ("said", "1")]).unwrap();
    let err = act(&mut t, e, "charge", "Ann", &heal).unwrap_err().to_string();
    assert!(err.contains("already held"), "one held at a time: {err}");
    act(&mut t, e, "ability", "Ann", &heal).unwrap();
    assert!(last_log(&t, e).contains("its Charged use"), "{}", last_log(&t, e));
    // Suppressed: no Charge Incantation.
    act(&mut t, e, "state", "Ann", &[("state", "Suppressed"), ("school", "sorcery"), ("seconds", "30")]).unwrap();
    let err = act(&mut t, e, "charge", "Ann", &heal).unwrap_err().to_string();
    assert!(err.contains("Suppressed"), "{err}");
    act(&mut t, e, "state", "Ann", &[("state", "Suppressed"), ("school", "sorcery"), ("remove", "")]).unwrap();
    // A per-refresh ability, and one an enchantment grants, counted apart.
    let bless = [("ability", "Bless"), ("per", "refresh"), ("uses", "1")];
    act(&mut t, e, "ability", "Ann", &bless).unwrap();
    let granted = [("ability", "Heal"), ("enchantment", "Blessing"), ("per", "life"), ("uses", "1")];
    act(&mut t, e, "ability", "Ann", &granted).unwrap();
    // Death and respawn: the per-life uses come back, the per-refresh one does not.
    act(&mut t, e, "die", "Ann", &[]).unwrap();
    let err = act(&mut t, e, "ability", "Ann", &heal).unwrap_err().to_string();
    assert!(err.contains("dead"), "{err}");
    let v = act(&mut t, e, "respawn", "Ann", &[]).unwrap();
    assert!(last_log(&t, e).contains("per-life uses come back: Heal, Heal (from Blessing)"), "{}", last_log(&t, e));
    let abilities = combatant(&v, "Ann")["abilities"].clone();
    assert_eq!(
        abilities,
        serde_json::json!([
            "Heal: 2 of 2 left this life",
            "Bless: 0 of 1 left this refresh",
            "Heal (from Blessing): 1 of 1 left this life"
        ])
    );
    let err = act(&mut t, e, "ability", "Ann", &[("ability", "Bless")]).unwrap_err().to_string();
    assert!(err.contains("this refresh are spent"), "{err}");
    t.encounter_act(e, "refresh", None, BTreeMap::new(), None).unwrap();
    act(&mut t, e, "ability", "Ann", &[("ability", "Bless")]).unwrap();
}

/// Line 127-129: a Resistant player is unaffected by the next effect of its type, and
/// the Resistance is spent. On `hit`: Resistant to Wounds (a State, or a Trait State,
/// which comes back with the next life) stops the next wound; Resistant to a School
/// keeps that School's next hit off the player, their armour aside, after an Immunity
/// has had its turn. (Before, only a State named exactly "Resistant" counted.)
#[test]
fn resistant_on_a_hit_stops_the_next_effect_of_its_type_and_is_spent() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = field(&mut t);
    act(&mut t, e, "trait-state", "Ann", &[("state", "Resistant to Wounds")]).unwrap();
    let v = act(&mut t, e, "hit", "Ann", &[("location", "torso")]).unwrap();
    assert_eq!(combatant(&v, "Ann")["dead"], false, "{}", last_log(&t, e));
    assert!(last_log(&t, e).contains("spent until the next life"), "{}", last_log(&t, e));
    assert_eq!(combatant(&v, "Ann")["trait_states"][0], "Resistant to Wounds (spent this life)");
    let v = act(&mut t, e, "hit", "Ann", &[("location", "torso")]).unwrap();
    assert_eq!(combatant(&v, "Ann")["dead"], true, "spent: {}", last_log(&t, e));
    let v = act(&mut t, e, "respawn", "Ann", &[]).unwrap();
    assert_eq!(combatant(&v, "Ann")["trait_states"][0], "Resistant to Wounds");
    // A State "Resistant to Flame": the next Flame hit leaves Bob alone, and it goes.
    act(&mut t, e, "state", "Bob", &[("state", "Resistant to Flame"), ("school", "protection"), ("custom", "")])
        .unwrap();
    let fireball = [("location", "torso"), ("school", "flame")];
    let v = act(&mut t, e, "hit", "Bob", &fireball).unwrap();
    assert_eq!(combatant(&v, "Bob")["dead"], false, "{}", last_log(&t, e));
    assert!(combatant(&v, "Bob")["conditions"].as_array().unwrap().is_empty(), "used up");
    let v = act(&mut t, e, "hit", "Bob", &fireball).unwrap();
    assert_eq!(combatant(&v, "Bob")["dead"], true);
}

/// The board shows each location's armour points; `set Knight torso 3` is read as those
/// points (the worn armour's rating is `worn-torso`), within the rating, and the change
/// stored names the points. (Issue 72: it set the rating and left the points.)
#[test]
fn set_a_location_sets_the_armour_points_left_there() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Meadow").unwrap().id;
    t.encounter_add_npc(e, "Knight", 1, BTreeMap::from([("torso".to_string(), 3)])).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let hit = Event::Damage { name: "Knight".into(), amount: 2, kind: Some("torso".into()) };
    let v = t.encounter_change(e, hit).unwrap();
    assert_eq!(combatant(&v, "Knight")["armor"]["torso"], 1);
    let set = |field: &str, value| Event::Set { name: "Knight".into(), field: field.into(), value };
    let v = t.encounter_change(e, set("torso", 3)).unwrap();
    assert_eq!(combatant(&v, "Knight")["armor"]["torso"], 3, "{}", last_log(&t, e));
    let err = t.encounter_change(e, set("torso", 4)).unwrap_err().to_string();
    assert!(err.contains("between 0 and 3"), "no more points than the rating: {err}");
    let v = t.encounter_change(e, set("armor.torso", 2)).unwrap();
    assert_eq!(combatant(&v, "Knight")["armor"]["torso"], 2);
    // The rating by its own key: 2 stays within it.
    t.encounter_change(e, set("worn-torso", 2)).unwrap();
    let err = t.encounter_change(e, set("torso", 3)).unwrap_err().to_string();
    assert!(err.contains("between 0 and 2"), "{err}");
    assert_eq!(t.encounter(e).unwrap().combatants, t.encounter_replayed(e).unwrap().combatants);
}
