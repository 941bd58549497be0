//! The battlegame board against issue 29: immunities from Traits, values a reeve sets by
//! hand, States that run out between changes, and the moves the board lacked. Line
//! numbers are of the Amtgard document (`000_01a13cf17059bcfe.txt`).

use std::collections::BTreeMap;

use crate::api::EncounterView;
use crate::encounters::{ConditionRef, Duration, EncounterRules, Event, NewCombatant, State};
use crate::Tome;

fn board(players: &[(&str, &[(&str, i64)])]) -> (Tome, i64) {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Field").unwrap().id;
    for (name, stats) in players {
        let stats: BTreeMap<String, i64> = stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        t.encounter_add_npc(e, name, 1, stats).unwrap();
    }
    t.encounter_start(e, &[], &[], None).unwrap();
    (t, e)
}

fn act(t: &mut Tome, e: i64, action: &str, who: &str, inputs: &[(&str, &str)]) -> crate::Result<EncounterView> {
    let inputs = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    t.encounter_act(e, action, Some(who), inputs, Some(1))
}

fn set(t: &mut Tome, e: i64, who: &str, field: &str, value: i64) -> crate::Result<EncounterView> {
    t.encounter_change(e, Event::Set { name: who.into(), field: field.into(), value })
}

fn player<'a>(v: &'a EncounterView, name: &str) -> &'a serde_json::Value {
    v.combatants.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no {name} in {v:?}"))
}

fn said(t: &Tome, e: i64) -> String {
    t.encounter_log(e).unwrap().last().unwrap().lines.join("\n")
}

fn states(v: &EncounterView, name: &str) -> Vec<String> {
    player(v, name)["conditions"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().into()).collect()
}

// --- Immunities recorded as Trait States (lines 157, 168, 177-183) ---

/// A Barbarian's "Immune to Death" from a Trait keeps Wounds Kill (always Death School,
/// line 204) from killing, without the per-hit flag. Before the fix only
/// `--immune-to-death` did, so the recorded Trait changed nothing.
#[test]
fn trait_immunity_to_death_keeps_a_wounds_kill_hit_from_killing() {
    let (mut t, e) = board(&[("Barbarian", &[])]);
    act(&mut t, e, "trait-state", "Barbarian", &[("state", "Immune to Death")]).unwrap();
    let v = act(&mut t, e, "hit", "Barbarian", &[("location", "left-arm"), ("effect", "wounds-kill")]).unwrap();
    let b = player(&v, "Barbarian");
    assert_eq!(b["dead"], false, "{}", said(&t, e));
    assert_eq!(b["wounds"], serde_json::json!(["left-arm"]));
    assert!(said(&t, e).contains("Immune to Death"), "{}", said(&t, e));
}

/// Immunity covers the player, not what they wear (line 181: a player Immune to Flame
/// can still have their armour destroyed by a Fireball). A Flame hit wounds nobody
/// Immune to Flame, but still empties the armoured torso.
#[test]
fn trait_immunity_to_flame_keeps_a_flame_hit_off_the_player_but_not_off_their_armour() {
    let (mut t, e) = board(&[("Scout", &[("worn-torso", 2)])]);
    act(&mut t, e, "trait-state", "Scout", &[("state", "Immunity to Flame")]).unwrap();
    let v = act(&mut t, e, "hit", "Scout", &[("location", "left-leg"), ("school", "flame")]).unwrap();
    assert_eq!(player(&v, "Scout")["wounds"], serde_json::json!([]), "{}", said(&t, e));
    let v =
        act(&mut t, e, "hit", "Scout", &[("location", "torso"), ("effect", "armor-destroying"), ("school", "flame")])
            .unwrap();
    assert_eq!(player(&v, "Scout")["armor"]["torso"], 0, "{}", said(&t, e));
    // Without the immunity the same Flame hit wounds.
    let (mut t, e) = board(&[("Scout", &[])]);
    let v = act(&mut t, e, "hit", "Scout", &[("location", "left-leg"), ("school", "flame")]).unwrap();
    assert_eq!(player(&v, "Scout")["wounds"], serde_json::json!(["left-leg"]));
}

/// Line 178: an Immune player is not affected by that School's abilities, death
/// included. A `die` naming the killing ability's School is refused for a player Immune
/// to it (a Trait State, or Cursed for Spirit), and goes through for another School.
#[test]
fn a_death_by_a_school_the_player_is_immune_to_is_refused() {
    let (mut t, e) = board(&[("Barbarian", &[])]);
    act(&mut t, e, "trait-state", "Barbarian", &[("state", "Immune to Death")]).unwrap();
    let err = act(&mut t, e, "die", "Barbarian", &[("school", "death")]).unwrap_err();
    assert!(err.to_string().contains("Barbarian is Immune to Death"), "{err}");
    assert_eq!(player(&t.encounter(e).unwrap(), "Barbarian")["dead"], false);
    let err = act(&mut t, e, "die", "Barbarian", &[("school", "death"), ("voluntary", "")]).unwrap_err();
    assert!(err.to_string().contains("of one's own will"), "{err}");
    let v = act(&mut t, e, "die", "Barbarian", &[("school", "flame")]).unwrap();
    assert_eq!(player(&v, "Barbarian")["dead"], true, "{}", said(&t, e));
}

/// Line 178: an Immunity is to a School. A Trait State "Immune to Fire" names none, so it
/// would protect against nothing: refused, with the Schools listed; one naming a School
/// is kept.
#[test]
fn a_trait_immunity_that_names_no_school_is_refused_with_the_schools() {
    let (mut t, e) = board(&[("Scout", &[])]);
    let err = act(&mut t, e, "trait-state", "Scout", &[("state", "Immune to Fire")]).unwrap_err();
    let said_err = err.to_string();
    assert!(said_err.contains("names no School"), "{said_err}");
    assert!(
        ["Command", "Death", "Flame", "Neutral", "Protection", "Sorcery", "Spirit", "Subdual"]
            .iter()
            .all(|s| said_err.contains(s)),
        "{said_err}"
    );
    act(&mut t, e, "trait-state", "Scout", &[("state", "Immune to Flame")]).unwrap();
    // A Trait State that is no Immunity is no School's business.
    act(&mut t, e, "trait-state", "Scout", &[("state", "Resistant to Subdual")]).unwrap();
}

// --- Values set by hand (issue 29: armour above its rating, every tracked value) ---

/// Armour rated 2 on the torso cannot be set to 5 by hand: before the fix it was
/// taken, and the next hit silently clamped it to 10 and went on from there.
#[test]
fn hand_set_armour_above_its_rating_is_refused() {
    let (mut t, e) = board(&[("Knight", &[("worn-torso", 2)])]);
    act(&mut t, e, "hit", "Knight", &[("location", "torso")]).unwrap();
    let err = set(&mut t, e, "Knight", "armor-torso", 5).unwrap_err();
    assert!(err.to_string().contains("0 and 2"), "{err}");
    let err = set(&mut t, e, "Knight", "armor-torso", 50).unwrap_err();
    assert!(err.to_string().contains("0 and 2"), "{err}");
    let v = set(&mut t, e, "Knight", "armor-torso", 2).unwrap();
    assert_eq!(player(&v, "Knight")["armor"]["torso"], 2);
    // Magic Armor's rating is the enchantment's points (lines 83-84).
    let (mut t, e) = board(&[("Druid", &[])]);
    act(&mut t, e, "enchant", "Druid", &[("enchantment", "m:Stoneskin"), ("magic-armor", "2")]).unwrap();
    assert!(set(&mut t, e, "Druid", "armor-left-arm", 3).is_err());
    let v = set(&mut t, e, "Druid", "armor-left-arm", 1).unwrap();
    let v2 = act(&mut t, e, "hit", "Druid", &[("location", "left-arm")]).unwrap();
    assert_eq!(
        (player(&v, "Druid")["armor"]["left-arm"].as_i64(), player(&v2, "Druid")["armor"]["left-arm"].as_i64()),
        (Some(1), Some(0))
    );
}

/// Every other value on the board keeps to its rule: a wound is there or not, a shield
/// takes at most 2 Shield Crushing hits before the third destroys it (line 210), deaths
/// never pass the lives, and death itself goes through `die`, `respawn` or
/// `return-to-life`, which say what it removes.
#[test]
fn every_tracked_value_is_bounded_by_its_rule() {
    let (mut t, e) = board(&[("Guard", &[("lives", 3), ("shield", 1)])]);
    for (field, value) in [
        ("wound-left-arm", 2),
        ("shield-hits", 3),
        ("shield-destroyed", 2),
        ("deaths", 3),
        ("deaths", -1),
        ("weapon-destroyed", 11),
        ("dead", 1),
    ] {
        let before = t.encounter(e).unwrap();
        assert!(set(&mut t, e, "Guard", field, value).is_err(), "{field} = {value} was taken");
        assert_eq!(t.encounter(e).unwrap(), before, "{field} = {value} changed the board");
    }
    set(&mut t, e, "Guard", "shield-hits", 2).unwrap();
    set(&mut t, e, "Guard", "deaths", 2).unwrap();
    // Lives lowered below the deaths already taken would leave a living player on no life.
    let err = set(&mut t, e, "Guard", "lives", 2).unwrap_err();
    assert!(err.to_string().contains("deaths"), "{err}");
}

/// A wound set by hand follows the same rules as one from a hit: a second wounded limb
/// kills (the board's stated interpretation of the core rules).
#[test]
fn a_hand_set_wound_kills_as_a_hit_would() {
    let (mut t, e) = board(&[("Guard", &[])]);
    act(&mut t, e, "hit", "Guard", &[("location", "left-arm")]).unwrap();
    let v = set(&mut t, e, "Guard", "wound-right-leg", 1).unwrap();
    assert_eq!(player(&v, "Guard")["dead"], true, "{}", said(&t, e));
}

/// Lowering the worn armour's rating below what the location holds is refused, and
/// worn armour cannot go on while an enchantment grants Magic Armor (line 92).
#[test]
fn worn_armour_cannot_go_on_over_magic_armor_nor_below_what_is_left() {
    let (mut t, e) = board(&[("Knight", &[("worn-torso", 3)])]);
    let err = set(&mut t, e, "Knight", "worn-torso", 1).unwrap_err();
    assert!(err.to_string().contains("armor-torso"), "{err}");
    let (mut t, e) = board(&[("Druid", &[])]);
    act(&mut t, e, "enchant", "Druid", &[("enchantment", "m:Barkskin"), ("magic-armor", "1")]).unwrap();
    let err = set(&mut t, e, "Druid", "worn-torso", 2).unwrap_err();
    assert!(err.to_string().contains("Magic Armor"), "{err}");
}

// --- Shields ---

/// Only a player given a shield (`--stat shield=1`) has one: the board says nothing of
/// a shield otherwise, and a hit or a Mend on one is refused.
#[test]
fn shield_intact_only_for_players_with_a_shield() {
    let (mut t, e) = board(&[("Archer", &[]), ("Guard", &[("shield", 1)])]);
    let v = t.encounter(e).unwrap();
    assert!(player(&v, "Archer").get("shield").is_none(), "{}", player(&v, "Archer"));
    assert_eq!(player(&v, "Guard")["shield"], "intact");
    let err = act(&mut t, e, "hit", "Archer", &[("struck", "shield"), ("effect", "shield-crushing")]).unwrap_err();
    assert!(err.to_string().contains("no shield"), "{err}");
    let v = act(&mut t, e, "hit", "Guard", &[("struck", "shield"), ("effect", "shield-crushing")]).unwrap();
    assert_eq!(player(&v, "Guard")["shield"], "damaged (1 crushing hits)");
}

// --- States that run out between changes (line 169) ---

/// A State whose seconds have run out shows as expired on the board read after it
/// ends, before any change is made; before the fix the board showed the player still
/// Frozen until the next write.
#[test]
fn expired_state_shows_as_expired_when_the_board_is_read() {
    let rules = super::Rules;
    let events = vec![
        (1000, Event::Add { combatants: vec![NewCombatant::quick("Rook", BTreeMap::new())], rolls: Vec::new() }),
        (1000, Event::Start { rolls: Vec::new(), tie_rolls: Vec::new() }),
        (
            1000,
            Event::AddCondition {
                name: "Rook".into(),
                condition: ConditionRef { id: None, name: "Frozen".into() },
                duration: Duration::Seconds { seconds: 30 },
            },
        ),
    ];
    let s = State::replay("amtgard", &rules, &events, &|_| Ok(BTreeMap::new())).unwrap();
    let early = rules.view_at(&s.combatants[0], 1010);
    assert!(early.get("expired").is_none(), "{early:?}");
    let late = rules.view_at(&s.combatants[0], 1031);
    assert_eq!(late["expired"], serde_json::json!(["Frozen"]), "{late:?}");
    assert!(late["calls"].to_string().contains("No longer Frozen"), "{late:?}");
}

// --- Moves the board lacked ---

fn frozen_left(v: &EncounterView, name: &str) -> Option<i64> {
    player(v, name)["conditions"].as_array().unwrap().iter().find(|c| c["name"] == "Frozen")?["remaining"].as_i64()
}

/// Line 24: a player bearing Phoenix Tears and Troll Blood dies; both go off and lose a
/// strip, the player is Frozen for 30 s and ignores the killing effect, and when the
/// Frozen is removed every wound is removed.
#[test]
fn phoenix_tears_and_troll_blood_both_lose_a_strip_and_freeze_for_30_seconds() {
    let (mut t, e) = board(&[("Warrior", &[])]);
    act(&mut t, e, "enchant", "Warrior", &[("enchantment", "m:Phoenix Tears")]).unwrap();
    act(&mut t, e, "enchant", "Warrior", &[("enchantment", "ex:Troll Blood")]).unwrap();
    act(&mut t, e, "hit", "Warrior", &[("location", "left-arm")]).unwrap();
    let v = act(&mut t, e, "hit", "Warrior", &[("location", "torso")]).unwrap();
    let w = player(&v, "Warrior");
    assert_eq!((w["dead"].as_bool(), w["lives_left"].as_i64()), (Some(false), Some(5)), "{}", said(&t, e));
    assert!((29..=30).contains(&frozen_left(&v, "Warrior").unwrap()), "{w}");
    assert_eq!(
        w["enchantments"],
        serde_json::json!(["Phoenix Tears (m, 1 strip)", "Troll Blood (ex, 2 strips)"]),
        "each loses a strip"
    );
    assert_eq!(w["wounds"], serde_json::json!(["torso", "left-arm"]), "the wounds stay while Frozen");
    // Released from Frozen: every wound goes.
    let v = t.encounter_condition(e, "Warrior", "Frozen", Duration::UntilRemoved, true).unwrap();
    assert_eq!(player(&v, "Warrior")["wounds"], serde_json::json!([]), "{}", said(&t, e));
    assert!(said(&t, e).contains("every wound is removed"), "{}", said(&t, e));
}

/// Line 58, example two: Phoenix Tears keeps a "killed" player alive and Frozen; a
/// Release ends the Frozen; killed again, Phoenix Tears saves them once more and
/// removes itself, and the Frozen stays. A third killing blow kills.
#[test]
fn phoenix_tears_killed_twice_removes_itself_and_its_frozen_stays() {
    let (mut t, e) = board(&[("Healer", &[])]);
    act(&mut t, e, "enchant", "Healer", &[("enchantment", "m:Phoenix Tears")]).unwrap();
    t.encounter_condition(e, "Healer", "Stopped", Duration::UntilRemoved, false).unwrap();
    // Suppressed does not stop an enchantment going off (line 200).
    t.encounter_condition(e, "Healer", "Suppressed", Duration::UntilRemoved, false).unwrap();
    let v = act(&mut t, e, "die", "Healer", &[]).unwrap();
    assert_eq!(states(&v, "Healer"), ["Frozen"], "avoiding death removes the other States (line 169)");
    t.encounter_condition(e, "Healer", "Frozen", Duration::UntilRemoved, true).unwrap();
    let v = act(&mut t, e, "die", "Healer", &[]).unwrap();
    let h = player(&v, "Healer");
    assert_eq!((h["dead"].as_bool(), h["enchantments"].clone()), (Some(false), serde_json::json!([])));
    assert_eq!(states(&v, "Healer"), ["Frozen"]);
    assert!(said(&t, e).contains("Phoenix Tears is removed"), "{}", said(&t, e));
    t.encounter_condition(e, "Healer", "Frozen", Duration::UntilRemoved, true).unwrap();
    let v = act(&mut t, e, "die", "Healer", &[]).unwrap();
    assert_eq!(player(&v, "Healer")["dead"], true);
}

/// A voluntary death removes every enchantment (line 53), so Phoenix Tears does not go
/// off for it.
#[test]
fn a_voluntary_death_is_not_avoided() {
    let (mut t, e) = board(&[("Healer", &[])]);
    act(&mut t, e, "enchant", "Healer", &[("enchantment", "m:Phoenix Tears")]).unwrap();
    let v = act(&mut t, e, "die", "Healer", &[("voluntary", "true")]).unwrap();
    assert_eq!(player(&v, "Healer")["dead"], true);
}

/// Line 52 and its Example One (line 57): a player returned to life, rather than
/// respawned, keeps their enchantments and they work again; the returning ability may
/// remove them instead.
#[test]
fn return_to_life_wakes_the_enchantments() {
    let (mut t, e) = board(&[("Druid", &[("lives", 3)])]);
    act(&mut t, e, "enchant", "Druid", &[("enchantment", "m:Stoneskin"), ("magic-armor", "2")]).unwrap();
    act(&mut t, e, "hit", "Druid", &[("location", "torso"), ("effect", "armor-destroying")]).unwrap();
    act(&mut t, e, "hit", "Druid", &[("location", "torso")]).unwrap();
    let v = act(&mut t, e, "return-to-life", "Druid", &[]).unwrap();
    let d = player(&v, "Druid");
    assert_eq!(d["dead"], false);
    assert_eq!(d["enchantments"], serde_json::json!(["Stoneskin (m, Magic Armor 2)"]));
    assert_eq!(d["lives_left"], 3, "{}", said(&t, e));
    assert!(said(&t, e).contains("Interpretation"), "{}", said(&t, e));
    let err = act(&mut t, e, "return-to-life", "Druid", &[]).unwrap_err();
    assert!(err.to_string().contains("alive"), "{err}");
    act(&mut t, e, "die", "Druid", &[]).unwrap();
    let v = act(&mut t, e, "return-to-life", "Druid", &[("removes-enchantments", "true")]).unwrap();
    assert_eq!(player(&v, "Druid")["enchantments"], serde_json::json!([]));
}

/// Cursed makes a player Immune to Spirit (line 172) and outlasts death, so a Spirit
/// ability cannot return them to life; one of another School can.
#[test]
fn a_cursed_player_cannot_be_returned_to_life_by_spirit() {
    let (mut t, e) = board(&[("Vampire", &[])]);
    t.encounter_condition(e, "Vampire", "Cursed", Duration::UntilRemoved, false).unwrap();
    act(&mut t, e, "die", "Vampire", &[]).unwrap();
    let before = t.encounter(e).unwrap();
    let err = act(&mut t, e, "return-to-life", "Vampire", &[]).unwrap_err();
    assert!(err.to_string().contains("Immune to Spirit (Cursed)"), "{err}");
    assert_eq!(t.encounter(e).unwrap(), before);
    let v = act(&mut t, e, "return-to-life", "Vampire", &[("school", "sorcery")]).unwrap();
    assert_eq!(player(&v, "Vampire")["dead"], false);
}

/// Line 12: armour destroyed by Armor Destroying comes back only by Mend; line 86:
/// Magic Armor is repaired like any other; line 210: a damaged shield may be repaired.
#[test]
fn mend_repairs_destroyed_armour_a_crushed_shield_and_a_weapon() {
    let (mut t, e) = board(&[("Knight", &[("worn-torso", 3), ("shield", 1)])]);
    act(&mut t, e, "hit", "Knight", &[("location", "torso"), ("effect", "armor-destroying")]).unwrap();
    let v = act(&mut t, e, "mend", "Knight", &[("location", "torso")]).unwrap();
    assert_eq!(player(&v, "Knight")["armor"]["torso"], 3);
    let err = act(&mut t, e, "mend", "Knight", &[("location", "torso")]).unwrap_err();
    assert!(err.to_string().contains("whole"), "{err}");
    let err = act(&mut t, e, "mend", "Knight", &[("location", "left-arm")]).unwrap_err();
    assert!(err.to_string().contains("no armour"), "{err}");
    for _ in 0..3 {
        act(&mut t, e, "hit", "Knight", &[("struck", "shield"), ("effect", "shield-crushing")]).unwrap();
    }
    let v = act(&mut t, e, "mend", "Knight", &[("what", "shield")]).unwrap();
    assert_eq!(player(&v, "Knight")["shield"], "intact");
    act(&mut t, e, "hit", "Knight", &[("struck", "weapon"), ("effect", "weapon-destroying")]).unwrap();
    let v = act(&mut t, e, "mend", "Knight", &[("what", "weapon")]).unwrap();
    assert!(player(&v, "Knight").get("weapons_destroyed").is_none(), "{}", player(&v, "Knight"));
    assert!(act(&mut t, e, "mend", "Knight", &[("what", "weapon")]).is_err());
    // Magic Armor mends to the enchantment's points.
    let (mut t, e) = board(&[("Druid", &[])]);
    act(&mut t, e, "enchant", "Druid", &[("enchantment", "m:Stoneskin"), ("magic-armor", "2")]).unwrap();
    act(&mut t, e, "hit", "Druid", &[("location", "left-leg"), ("effect", "armor-breaking")]).unwrap();
    let v = act(&mut t, e, "mend", "Druid", &[("location", "left-leg")]).unwrap();
    assert_eq!(player(&v, "Druid")["armor"]["left-leg"], 2);
    assert!(said(&t, e).contains("Interpretation"), "{}", said(&t, e));
}

// --- Found reading the document line by line ---

/// Line 53: a voluntary death removes every enchantment, Stoneskin too, so its Magic
/// Armor goes with it (line 85: the locations fall to what is left). Before the fix
/// the board kept 2 points on every location after Stoneskin was gone.
#[test]
fn a_voluntary_death_takes_the_magic_armor_with_its_enchantment() {
    let (mut t, e) = board(&[("Druid", &[])]);
    act(&mut t, e, "enchant", "Druid", &[("enchantment", "m:Stoneskin"), ("magic-armor", "2")]).unwrap();
    let v = act(&mut t, e, "die", "Druid", &[("voluntary", "true")]).unwrap();
    assert_eq!(player(&v, "Druid")["armor"]["torso"], 0, "{}", said(&t, e));
    let v = act(&mut t, e, "respawn", "Druid", &[]).unwrap();
    assert_eq!(player(&v, "Druid")["armor"]["left-arm"], 0);
}

/// Line 176: a Frozen player is affected only by what works on States in general or on
/// Frozen itself, so a heal and a new State (Stopped) do not reach them; Frozen again
/// (a longer one) does. Before the fix both were taken.
#[test]
fn a_frozen_player_is_neither_healed_nor_given_other_states() {
    let (mut t, e) = board(&[("Rook", &[])]);
    act(&mut t, e, "hit", "Rook", &[("location", "left-arm")]).unwrap();
    t.encounter_condition(e, "Rook", "Frozen", Duration::Seconds { seconds: 30 }, false).unwrap();
    let err = t.encounter_change(e, Event::Heal { name: "Rook".into(), amount: 1 }).unwrap_err();
    assert!(err.to_string().contains("Frozen"), "{err}");
    let err = t.encounter_condition(e, "Rook", "Stopped", Duration::Seconds { seconds: 30 }, false).unwrap_err();
    assert!(err.to_string().contains("Frozen"), "{err}");
    let v = t.encounter_condition(e, "Rook", "Frozen", Duration::Seconds { seconds: 60 }, false).unwrap();
    assert!(frozen_left(&v, "Rook").unwrap() > 30);
}

/// Immunity covers States too (line 178): an Iceball's Frozen (Subdual) does not take
/// hold on a player Immune to Subdual from a Trait, and Release (Sorcery) cannot end
/// the Frozen of a player Immune to Sorcery (line 181's example). A second Frozen that
/// lasts longer replaces the first (line 169).
#[test]
fn immunity_keeps_states_of_its_school_on_and_off() {
    let (mut t, e) = board(&[("Barbarian", &[]), ("Wizard", &[])]);
    act(&mut t, e, "trait-state", "Barbarian", &[("state", "Immune to Subdual")]).unwrap();
    let err = act(&mut t, e, "state", "Barbarian", &[("state", "Frozen"), ("school", "subdual"), ("seconds", "30")])
        .unwrap_err();
    assert!(err.to_string().contains("Immune to Subdual"), "{err}");
    let v =
        act(&mut t, e, "state", "Wizard", &[("state", "frozen"), ("school", "subdual"), ("seconds", "30")]).unwrap();
    assert!((29..=30).contains(&frozen_left(&v, "Wizard").unwrap()), "{}", player(&v, "Wizard"));
    assert_eq!(player(&v, "Wizard")["conditions"][0]["id"], "amtgard/condition/frozen");
    let v =
        act(&mut t, e, "state", "Wizard", &[("state", "Frozen"), ("school", "subdual"), ("seconds", "60")]).unwrap();
    assert_eq!(states(&v, "Wizard"), ["Frozen"]);
    assert!(frozen_left(&v, "Wizard").unwrap() > 30, "{}", said(&t, e));
    act(&mut t, e, "trait-state", "Wizard", &[("state", "Immunity to Sorcery")]).unwrap();
    let err = act(&mut t, e, "state", "Wizard", &[("state", "Frozen"), ("school", "sorcery"), ("remove", "true")])
        .unwrap_err();
    assert!(err.to_string().contains("Immune to Sorcery"), "{err}");
    let v =
        act(&mut t, e, "state", "Wizard", &[("state", "Frozen"), ("school", "spirit"), ("remove", "true")]).unwrap();
    assert!(states(&v, "Wizard").is_empty());
}

// --- Immunity on the board's plain moves (lines 178, 181) ---

/// A plain heal names no School, so it cannot tell whether a player's Immunity stops
/// it: on a player with one it is refused, pointing at the `heal` action, which takes
/// the School and checks it (before the fix the plain heal went through).
#[test]
fn a_player_with_an_immunity_is_healed_only_by_an_ability_of_a_named_school() {
    let (mut t, e) = board(&[("Barbarian", &[]), ("Wizard", &[])]);
    act(&mut t, e, "trait-state", "Barbarian", &[("state", "Immune to Spirit")]).unwrap();
    act(&mut t, e, "hit", "Barbarian", &[("location", "left-arm")]).unwrap();
    let err = t.encounter_change(e, Event::Heal { name: "Barbarian".into(), amount: 1 }).unwrap_err();
    assert!(err.to_string().contains("Immune to Spirit") && err.to_string().contains("School"), "{err}");
    let err = act(&mut t, e, "heal", "Barbarian", &[("school", "spirit")]).unwrap_err();
    assert!(err.to_string().contains("Immune to Spirit"), "{err}");
    let v = act(&mut t, e, "heal", "Barbarian", &[("school", "sorcery")]).unwrap();
    assert_eq!(player(&v, "Barbarian")["wounds"], serde_json::json!([]), "{}", said(&t, e));
    // A player without Immunities is healed by the plain move, as before.
    act(&mut t, e, "hit", "Wizard", &[("location", "left-arm")]).unwrap();
    t.encounter_change(e, Event::Heal { name: "Wizard".into(), amount: 1 }).unwrap();
}

/// The same for States given or ended by hand: on a player with an Immunity, the plain
/// condition moves are refused and the `state` action (which names the School) is the
/// way; a player without one is unchanged.
#[test]
fn a_player_with_an_immunity_gains_and_loses_states_only_through_a_named_school() {
    let (mut t, e) = board(&[("Barbarian", &[]), ("Wizard", &[])]);
    act(&mut t, e, "state", "Barbarian", &[("state", "Stopped"), ("school", "subdual")]).unwrap();
    act(&mut t, e, "trait-state", "Barbarian", &[("state", "Immune to Sorcery")]).unwrap();
    let err = t.encounter_condition(e, "Barbarian", "Fragile", Duration::UntilRemoved, false).unwrap_err();
    assert!(err.to_string().contains("Immune to Sorcery") && err.to_string().contains("School"), "{err}");
    let err = t.encounter_condition(e, "Barbarian", "Stopped", Duration::UntilRemoved, true).unwrap_err();
    assert!(err.to_string().contains("Immune to Sorcery") && err.to_string().contains("School"), "{err}");
    let v = act(&mut t, e, "state", "Barbarian", &[("state", "Stopped"), ("school", "spirit"), ("remove", "true")])
        .unwrap();
    assert!(states(&v, "Barbarian").is_empty(), "{}", said(&t, e));
    let v = t.encounter_condition(e, "Wizard", "Fragile", Duration::UntilRemoved, false).unwrap();
    assert_eq!(states(&v, "Wizard"), ["Fragile"]);
    let v = t.encounter_condition(e, "Wizard", "Fragile", Duration::UntilRemoved, true).unwrap();
    assert!(states(&v, "Wizard").is_empty());
}

/// On the players' screen, a State whose seconds ran out since the last change reads
/// "time is up", as on the reeve's board, not "0 s".
#[test]
fn a_state_run_out_reads_time_is_up_on_the_player_view() {
    let (mut t, e) = board(&[("Rook", &[])]);
    t.encounter_condition(e, "Rook", "Stopped", Duration::Seconds { seconds: 1 }, false).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2100));
    let v = t.player_view(e).unwrap();
    let stopped = &v.combatants[0].conditions[0];
    assert_eq!((stopped.name.as_str(), stopped.remaining.as_deref()), ("Stopped", Some("time is up")));
}

/// Lines 176, 188, 194: a Frozen, Insubstantial or Invulnerable player is not affected
/// by combat or abilities, so a `die` from either is refused, as `hit` and `state` are;
/// once the State is gone, the death goes through.
#[test]
fn die_is_refused_for_a_frozen_insubstantial_or_invulnerable_player() {
    for state in ["Frozen", "Insubstantial", "Invulnerable"] {
        let (mut t, e) = board(&[("Wizard", &[])]);
        act(&mut t, e, "state", "Wizard", &[("state", state), ("school", "sorcery"), ("seconds", "30")]).unwrap();
        for inputs in [&[][..], &[("school", "death")][..]] {
            let err = act(&mut t, e, "die", "Wizard", inputs).unwrap_err();
            assert!(err.to_string().contains(&format!("Wizard is {state}")), "{state}: {err}");
            assert_eq!(player(&t.encounter(e).unwrap(), "Wizard")["dead"], false, "{state}");
        }
    }
}
