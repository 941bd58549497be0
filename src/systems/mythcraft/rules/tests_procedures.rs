//! Tests of the procedures issue 30 added: climbing, moving through creatures, crits on
//! checks, spotting the Unseen, the contests after a complete surprise, flanking,
//! combining magical effects, and the Focused, Taunt, Grounded and Phobic effects.
//! Line numbers are of the MythCraft document (004).

use std::collections::BTreeMap;

use super::*;
use crate::Tome;

fn run(name: &str, args: &[(&str, &str)]) -> Result<Outcome> {
    let values: BTreeMap<String, String> = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    crate::systems::calculate(&Tome::open_in_memory().unwrap(), SYSTEM, name, values)
}

fn field(o: &Outcome, key: &str) -> serde_json::Value {
    o.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no field {key}"))
}

/// Line 60: without a Climb speed each foot climbed costs 2 ft of movement; a
/// challenging surface asks a STR check to which Athletics adds.
#[test]
fn climbing_without_a_climb_speed_costs_double_and_a_hard_surface_asks_str_plus_athletics() {
    let plain = run("climb", &[("feet", "10")]).unwrap();
    assert_eq!(field(&plain, "movement_used_ft"), 20);
    let fast = run("climb", &[("feet", "10"), ("climb-speed", "true")]).unwrap();
    assert_eq!(field(&fast, "movement_used_ft"), 10);
    let hard = run(
        "climb",
        &[
            ("feet", "10"),
            ("challenging", "true"),
            ("str", "2"),
            ("athletics", "3"),
            ("roll", "9"),
            ("difficulty", "14"),
        ],
    )
    .unwrap();
    assert_eq!((field(&hard, "check_total"), field(&hard, "success")), (14.into(), true.into()));
    let low =
        run("climb", &[("feet", "5"), ("challenging", "true"), ("str", "2"), ("roll", "9"), ("difficulty", "14")])
            .unwrap();
    assert_eq!(field(&low, "success"), false, "11 without Athletics falls short of 14");
    assert!(run("climb", &[("feet", "5"), ("difficulty", "14")]).is_err(), "a Difficulty needs a roll");
}

/// Lines 72-74: an ally's space is passable as difficult terrain but no place to end a
/// turn; a hostile one only if Paralyzed, Restrained, Unconscious or 3 sizes larger.
#[test]
fn hostile_spaces_open_only_to_the_helpless_or_the_much_larger() {
    let ally = run("move-through", &[("other", "ally")]).unwrap();
    assert_eq!(
        (field(&ally, "may_pass"), field(&ally, "difficult_terrain"), field(&ally, "may_end_turn_there")),
        (true.into(), true.into(), false.into())
    );
    for (conditions, size, pass) in [
        ("", "0", false),
        ("", "2", false),
        ("", "3", true),
        ("Paralyzed", "0", true),
        ("Restrained", "0", true),
        ("Unconscious", "0", true),
        ("Pinned", "0", false),
        ("Prone", "-1", false),
    ] {
        // No conditions is the list left out (a blank list is refused).
        let mut args = vec![("other", "hostile"), ("size-difference", size)];
        if !conditions.is_empty() {
            args.push(("conditions", conditions));
        }
        let o = run("move-through", &args).unwrap();
        assert_eq!(field(&o, "may_pass"), pass, "{conditions} {size}");
        assert_eq!(field(&o, "difficult_terrain"), pass);
    }
}

/// Line 144: a crit on an attribute check gives the best feasible outcome.
#[test]
fn a_natural_twenty_on_a_check_is_a_crit_and_succeeds() {
    let c = run("check-crit", &[("natural", "20"), ("total", "12"), ("difficulty", "25")]).unwrap();
    assert_eq!((field(&c, "crit"), field(&c, "success")), (true.into(), true.into()));
    let n = run("check-crit", &[("natural", "19"), ("total", "12"), ("difficulty", "25")]).unwrap();
    assert_eq!((field(&n, "crit"), field(&n, "success")), (false.into(), false.into()));
    let wide = run("check-crit", &[("natural", "18"), ("expansions", "9")]).unwrap();
    assert_eq!(field(&wide, "crit"), true, "widened, capped at 16-20");
    assert!(run("check-crit", &[("natural", "15"), ("expansions", "9")]).map(|o| field(&o, "crit")).unwrap() == false);
    assert!(run("check-crit", &[("natural", "12"), ("total", "3")]).is_err());
}

/// Line 454: AWR against the Unseen creature's ANT reveals its square (it stays
/// Unseen); beyond 60 ft the spotter loses; once a turn.
#[test]
fn spotting_the_unseen_is_awr_against_ant_within_sixty_feet() {
    let hit = run("spot-unseen", &[("awr", "14"), ("ant", "12"), ("distance", "60")]).unwrap();
    assert_eq!((field(&hit, "found"), field(&hit, "still_unseen")), (true.into(), true.into()));
    let far = run("spot-unseen", &[("awr", "30"), ("ant", "12"), ("distance", "65")]).unwrap();
    assert_eq!(field(&far, "found"), false);
    let miss = run("spot-unseen", &[("awr", "11"), ("ant", "12"), ("distance", "10")]).unwrap();
    assert_eq!(field(&miss, "found"), false);
    let again = run("spot-unseen", &[("awr", "14"), ("ant", "12"), ("distance", "5"), ("tried-this-turn", "true")]);
    assert!(again.unwrap_err().to_string().contains("once"));
}

/// Line 428: allies within 30 ft check AWR against the attacker's DEX; the attacker
/// stays hidden only by winning every contest.
#[test]
fn the_hidden_attacker_must_win_every_contest_within_thirty_feet() {
    let won = run("surprise-contests", &[("dex", "15"), ("allies", "Ada=14, Cy=20"), ("distances", "Ada=30, Cy=35")])
        .unwrap();
    assert_eq!((field(&won, "attacker_hidden"), field(&won, "too_far")), (true.into(), "Cy".into()));
    let lost =
        run("surprise-contests", &[("dex", "15"), ("allies", "Ada=14, Bram=16"), ("distances", "Ada=5, Bram=10")])
            .unwrap();
    assert_eq!((field(&lost, "combat_begins"), field(&lost, "noticed_by")), (true.into(), "Bram".into()));
    let tie = run("surprise-contests", &[("dex", "15"), ("allies", "Ada=15"), ("distances", "Ada=5")]).unwrap();
    assert_eq!(field(&tie, "attacker_hidden"), false, "interpretation: a tie is no win for the attacker");
    assert!(run("surprise-contests", &[("dex", "15"), ("allies", "Ada=15"), ("distances", "Bo=5")]).is_err());
}

/// Lines 325-327: two allies on opposite borders or corners flank; a larger creature
/// or one with a longer reach flanks from any border square it threatens; an
/// Unconscious one threatens nothing, a Prone one still does.
#[test]
fn flanking_needs_opposite_squares_and_a_creature_able_to_attack() {
    let f = |args: &[(&str, &str)]| field(&run("flanking", args).unwrap(), "flanking");
    assert_eq!(f(&[("target", "0,0"), ("first", "-1,0"), ("second", "1,0")]), true, "west and east");
    assert_eq!(f(&[("target", "0,0"), ("first", "-1,-1"), ("second", "1,1")]), true, "corner and far corner");
    assert_eq!(f(&[("target", "0,0"), ("first", "-1,0"), ("second", "1,1")]), false, "side and corner");
    assert_eq!(f(&[("target", "0,0"), ("first", "-1,0"), ("second", "0,1")]), false, "at right angles");
    assert_eq!(
        f(&[("target", "0,0"), ("first", "-2,0"), ("first-reach", "10"), ("second", "1,0")]),
        true,
        "a 10 ft reach threatens the west border from two squares away"
    );
    assert_eq!(f(&[("target", "0,0"), ("first", "-2,0"), ("second", "1,0")]), false, "out of reach");
    assert_eq!(
        f(&[("target", "0,0"), ("first", "-2,-1"), ("first-squares", "2"), ("second", "1,1")]),
        true,
        "a two-square creature threatens the north-west corner"
    );
    assert_eq!(f(&[("target", "0,0"), ("target-squares", "2"), ("first", "-1,0"), ("second", "2,1")]), true);
    assert_eq!(
        f(&[("target", "0,0"), ("first", "-1,0"), ("second", "1,0"), ("second-conditions", "Unconscious")]),
        false
    );
    assert_eq!(f(&[("target", "0,0"), ("first", "-1,0"), ("second", "1,0"), ("second-conditions", "Prone")]), true);
    assert!(run("flanking", &[("target", "0;0"), ("first", "-1,0"), ("second", "1,0")]).is_err());
    assert!(run("flanking", &[("target", "0,0"), ("first", "0,0"), ("second", "1,0")]).is_err());
}

/// Line 213: effects of the same name do not stack; the newer replaces the older.
#[test]
fn a_same_named_effect_replaces_the_older_one() {
    let c = run("combine-effects", &[("effects", "Bless, Haste, Bless")]).unwrap();
    assert_eq!((field(&c, "in_force"), field(&c, "replaced")), ("Haste, Bless".into(), 1.into()));
    let two = run("combine-effects", &[("effects", "Bless, Haste")]).unwrap();
    assert_eq!(field(&two, "replaced"), 0);
    assert!(run("combine-effects", &[("effects", "Bless,,Haste")]).unwrap_err().to_string().contains("item 2"));
}

/// Lines 331, 353, 365 and 438: Focused and Taunt give TA and TD by target, Grounded
/// stops teleporting and plane shifts, Phobic says when Frightened applies.
#[test]
fn focused_taunt_grounded_and_phobic_have_their_effects() {
    let none = condition_effects(&[]);
    let at = |focus_target: bool, taunter: bool| AttackSituation {
        ranged: false,
        mental: false,
        charmer: false,
        target_surprised: false,
        focus_target,
        taunter,
    };
    let focused = condition_effects(&["focused"]);
    assert_eq!(condition_tactics(&focused, &none, at(true, false)).0, 1);
    assert_eq!(condition_tactics(&focused, &none, at(false, false)).0, 0);
    let taunt = condition_effects(&["taunt"]);
    let (ta, td, _) = condition_tactics(&taunt, &none, at(false, true));
    assert_eq!((ta, td), (1, 0));
    let (ta, td, _) = condition_tactics(&taunt, &none, at(false, false));
    assert_eq!((ta, td), (0, 1));
    let grounded = condition_effects(&["grounded"]);
    assert!(grounded.cannot[0].contains("teleport"), "{:?}", grounded.lines);
    let phobic = condition_effects(&["phobic"]);
    assert_eq!(phobic.td, 0, "Frightened only while the subject is in sight: the GM adds it then");
    assert!(phobic.lines.iter().any(|l| l.contains("Frightened while the subject")), "{:?}", phobic.lines);
}

/// Lines 329-365 and 395-397, through the calculator every reader's table feeds: each
/// of Focused, Taunt, Grounded, Phobic and Silenced says what it does.
#[test]
fn the_condition_effects_calculator_shows_each_new_condition() {
    let o = run("condition-effects", &[("conditions", "Grounded, Phobic, Taunt, Focused, Silenced")]).unwrap();
    let said: Vec<String> = o.terms.iter().map(|t| format!("{}: {}", t.label, t.value_text())).collect();
    for (name, words) in [
        ("Grounded", "teleport"),
        ("Phobic", "Frightened"),
        ("Taunt", "1 TD attacking any other"),
        ("Focused", "1 TA"),
        ("Silenced", "speech"),
    ] {
        assert!(said.iter().any(|l| l.starts_with(name) && l.contains(words)), "{name}: {said:?}");
    }
    assert_eq!(field(&o, "td"), 0, "Phobic adds Frightened's TD only once Frightened is added");
    assert!(run("condition-effects", &[("conditions", "")]).is_err());
}

/// Line 277: Burning deals its fire damage each turn until doused in water or rolled
/// out Prone for 2 monster actions.
#[test]
fn burning_ends_by_water_or_two_actions_rolling_prone() {
    let burns = run("burning", &[("damage", "3")]).unwrap();
    assert_eq!((field(&burns, "fire_damage"), field(&burns, "ends")), (3.into(), false.into()));
    let water = run("burning", &[("damage", "3"), ("douse", "water")]).unwrap();
    assert_eq!((field(&water, "ends"), field(&water, "actions")), (true.into(), 0.into()));
    let roll = run("burning", &[("damage", "3"), ("douse", "roll")]).unwrap();
    assert_eq!(
        (field(&roll, "ends"), field(&roll, "actions"), field(&roll, "prone")),
        (true.into(), 2.into(), true.into())
    );
}

/// Lines 446-454: five events end Unseen unless its source says otherwise; being
/// spotted does not.
#[test]
fn the_events_that_end_unseen() {
    for (event, lost) in [
        ("damaging-attack", true),
        ("harmless-spell", false),
        ("struck-in-melee", true),
        ("space-entered", true),
        ("hit-in-guessed-square", true),
        ("into-clear-sight", true),
        ("spotted", false),
    ] {
        assert_eq!(field(&run("unseen-lost", &[("event", event)]).unwrap(), "unseen_lost"), lost, "{event}");
    }
    let kept = run("unseen-lost", &[("event", "struck-in-melee"), ("source-says-otherwise", "true")]).unwrap();
    assert_eq!(field(&kept, "unseen_lost"), false);
}

/// Line 48: one source of special AP at most; offered two, the creature keeps one.
#[test]
fn only_one_source_of_special_ap_is_kept() {
    let two = run("special-ap", &[("sources", "Rage AP, Support AP"), ("keep", "Rage AP")]).unwrap();
    assert_eq!((field(&two, "kept"), field(&two, "given_up")), ("Rage AP".into(), "Support AP".into()));
    let unchosen = run("special-ap", &[("sources", "Rage AP, Support AP")]).unwrap();
    assert_eq!(field(&unchosen, "kept"), "not chosen");
    assert!(!unchosen.warnings.is_empty());
    assert_eq!(field(&run("special-ap", &[("sources", "Rage AP")]).unwrap(), "kept"), "Rage AP");
    assert!(run("special-ap", &[("sources", "Rage AP"), ("keep", "Support AP")]).is_err());
}

/// Lines 464-471: every row of the Monster Diseases table.
#[test]
fn every_monster_disease_row() {
    // The table's cells as printed. verbatim-ok
    for (name, rarity, lethality, spread) in [
        ("Beasian Boils", "Very Rare", "Medium", "High"), // verbatim-ok
        ("Deepshroom Poisoning", "Rare", "High", "Low"),  // verbatim-ok
        ("Fleshling Fever", "Rare", "High", "Low"),       // verbatim-ok
        ("Gift of the Chosen", "Rare", "High", "Medium"), // verbatim-ok
        ("Stonerot", "Uncommon", "Low", "High"),          // verbatim-ok
        ("Vampirism", "Rare", "Low", "Low"),              // verbatim-ok
        ("Zombie Plague", "Uncommon", "Extreme", "High"), // verbatim-ok
    ] {
        let o = run("disease", &[("name", name)]).unwrap();
        assert_eq!(
            (field(&o, "rarity"), field(&o, "leathality"), field(&o, "transmissibility")),
            (rarity.into(), lethality.into(), spread.into()),
            "{name}"
        );
    }
}
