//! The moves a game master reaches for every round, with their costs (lines 178-237,
//! 337-349, 383-385, 293), and what conditions give an attack.

use super::*;

/// Hero: an adventurer with 5 AP a turn (COR 4). Ogre: a creature (its creature
/// actions read as AP).
fn brawl() -> State {
    let mut s =
        fight(&[("Hero", &[("cor", 4), ("adventurer", 1), ("max-hp", 30)]), ("Ogre", &[("cor", 4), ("max-hp", 30)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    s
}

fn ogre_attacks_hero(s: &mut State, roll: &str) {
    act(
        s,
        "attack",
        "Ogre",
        &[("target", "Hero"), ("roll", roll), ("defense", "10"), ("amount", "4"), ("ap", "0"), ("range", "melee")],
    )
    .unwrap();
}

/// Line 221: Dodge costs an adventurer 2 AP; +2 to AR and physical defenses until the
/// start of its next turn.
#[test]
fn dodge_costs_two_ap_and_turns_a_hit_into_a_miss_until_the_next_turn() {
    let mut s = brawl();
    act(&mut s, "dodge", "Hero", &[]).unwrap();
    assert_eq!(value(&s, "Hero", "ap"), 3);
    next(&mut s);
    ogre_attacks_hero(&mut s, "11");
    assert_eq!(value(&s, "Hero", "hp"), 30, "11 misses AR 10 + Dodge 2: {}", said(&s));
    next(&mut s);
    assert_eq!(value(&s, "Hero", "dodging"), 0, "it ends as the Hero's turn starts");
}

/// Line 184: a creature's Dodge is 1 monster action.
#[test]
fn a_creatures_dodge_costs_one_action() {
    let mut s = brawl();
    next(&mut s);
    let before = value(&s, "Ogre", "ap");
    act(&mut s, "dodge", "Ogre", &[]).unwrap();
    assert_eq!(value(&s, "Ogre", "ap"), before - 1);
}

/// Line 226: Stand costs 1 AP, and cannot be done at speed 0.
#[test]
fn stand_costs_one_ap_and_is_refused_at_speed_zero() {
    let mut s = brawl();
    entry(&mut s, "Hero", "Prone").unwrap();
    act(&mut s, "stand", "Hero", &[]).unwrap();
    assert!(!has(&s, "Hero", "prone"));
    assert_eq!(value(&s, "Hero", "ap"), 4);
    entry(&mut s, "Hero", "Prone").unwrap();
    entry(&mut s, "Hero", "Suppressed").unwrap();
    let err = act(&mut s, "stand", "Hero", &[]).unwrap_err().to_string();
    assert!(err.contains("speed"), "{err}");
}

fn contest(s: &mut State, what: &str, roll: &str) -> Result<()> {
    act(s, what, "Hero", &[("target", "Ogre"), ("roll", roll), ("defense", "11")])
}

/// Line 227: Trip, 2 AP, STR against REF: on a hit the target falls Prone.
#[test]
fn trip_knocks_the_target_prone_on_a_hit() {
    let mut s = brawl();
    contest(&mut s, "trip", "10").unwrap();
    assert!(!has(&s, "Ogre", "prone"));
    contest(&mut s, "trip", "11").unwrap();
    assert!(has(&s, "Ogre", "prone"), "{}", said(&s));
    assert_eq!(value(&s, "Hero", "ap"), 1);
}

/// Line 225: Shove, 2 AP, not against a creature more than 1 size larger.
#[test]
fn shove_is_refused_against_a_creature_two_sizes_larger() {
    let mut s = brawl();
    set(&mut s, "Ogre", "size", 2).unwrap();
    let err = contest(&mut s, "shove", "15").unwrap_err().to_string();
    assert!(err.contains("sizes larger"), "{err}");
    set(&mut s, "Ogre", "size", 1).unwrap();
    contest(&mut s, "shove", "15").unwrap();
    assert!(said(&s).contains("5 ft"), "{}", said(&s));
}

/// Line 237: Disarm, 3 AP.
#[test]
fn disarm_costs_three_ap_and_the_target_drops_the_item() {
    let mut s = brawl();
    act(&mut s, "disarm", "Hero", &[("target", "Ogre"), ("roll", "15"), ("defense", "11"), ("item", "club")]).unwrap();
    assert_eq!(value(&s, "Hero", "ap"), 2);
    assert!(said(&s).contains("drops its club"), "{}", said(&s));
}

/// Lines 193 and 231: Disarm is an advanced maneuver, only for a creature an ability
/// grants it; Tome says so in the move's summary and on each use.
#[test]
fn disarm_is_marked_as_an_advanced_maneuver() {
    let disarm = super::super::actions::ACTIONS.iter().find(|a| a.name == "disarm").unwrap();
    assert!(disarm.summary.contains("advanced maneuver") && disarm.summary.contains("Interpretation"));
    let mut s = brawl();
    act(&mut s, "disarm", "Hero", &[("target", "Ogre"), ("roll", "15"), ("defense", "11")]).unwrap();
    assert!(said(&s).contains("advanced maneuver") && said(&s).contains("Interpretation"), "{}", said(&s));
}

/// Line 19: TD counts on every kind of attack, maneuvers included; TA only on weapon
/// attacks. A Prone tripper (TD) needs one more than the defense.
#[test]
fn a_prone_tripper_has_td() {
    let mut s = brawl();
    entry(&mut s, "Hero", "Prone").unwrap();
    contest(&mut s, "trip", "11").unwrap();
    assert!(!has(&s, "Ogre", "prone"), "11 - 1 TD misses REF 11: {}", said(&s));
    contest(&mut s, "trip", "12").unwrap();
    assert!(has(&s, "Ogre", "prone"), "12 - 1 TD reaches 11: {}", said(&s));
    // The Ogre, now Prone, tries to break a grapple at TD too.
    let mut s = brawl();
    contest(&mut s, "grapple", "11").unwrap();
    next(&mut s);
    entry(&mut s, "Ogre", "Prone").unwrap();
    act(&mut s, "escape", "Ogre", &[("roll", "12"), ("defense", "12")]).unwrap();
    assert!(has(&s, "Ogre", "grappled-and-grappling"), "12 - 1 TD misses 12: {}", said(&s));
}

/// Line 19 again: a Prone target gives melee attackers TA, but TA helps weapon attacks
/// only, so a Trip against a Prone creature gains nothing.
#[test]
fn ta_does_not_help_a_maneuver() {
    let mut s = brawl();
    entry(&mut s, "Ogre", "Prone").unwrap();
    act(&mut s, "shove", "Hero", &[("target", "Ogre"), ("roll", "10"), ("defense", "11")]).unwrap();
    assert!(said(&s).contains("it misses"), "10 with no TA misses FORT 11: {}", said(&s));
}

/// The headline of issue 29: an attack spends the AP its weapon costs, from the turn's
/// AP on the attacker's turn and from Reactive AP out of it, and one it cannot pay for
/// is refused with nothing changed.
#[test]
fn an_attack_spends_its_ap_and_is_refused_without_enough() {
    let mut s = brawl();
    let swing = |s: &mut State, who: &str, target: &str, ap: &str| {
        act(
            s,
            "attack",
            who,
            &[("target", target), ("roll", "15"), ("defense", "10"), ("amount", "4"), ("ap", ap), ("range", "melee")],
        )
    };
    swing(&mut s, "Hero", "Ogre", "2").unwrap();
    assert_eq!(value(&s, "Hero", "ap"), 3, "5 AP less the sword's 2: {}", said(&s));
    assert_eq!(value(&s, "Ogre", "hp"), 26);
    let err = swing(&mut s, "Hero", "Ogre", "4").unwrap_err().to_string();
    assert!(err.contains("has 3 AP") && err.contains("4"), "{err}");
    assert_eq!((value(&s, "Hero", "ap"), value(&s, "Ogre", "hp")), (3, 26), "nothing changed");
    next(&mut s);
    assert_eq!(value(&s, "Hero", "reactive-ap"), 3);
    swing(&mut s, "Hero", "Ogre", "2").unwrap();
    assert_eq!(value(&s, "Hero", "reactive-ap"), 1, "out of its turn, from Reactive AP: {}", said(&s));
    let err = swing(&mut s, "Hero", "Ogre", "2").unwrap_err().to_string();
    assert!(err.contains("Reactive AP"), "{err}");
    assert_eq!(value(&s, "Ogre", "hp"), 22);
}

/// Lines 72-74: a spell spends its SP; without enough SP it cannot be cast at all.
#[test]
fn a_spell_spends_its_sp_and_cannot_be_cast_without_it() {
    let mut s =
        fight(&[("Mage", &[("cor", 4), ("adventurer", 1), ("max-sp", 5)]), ("Ogre", &[("cor", 4), ("max-hp", 30)])]);
    start(&mut s, &[("Mage", 18), ("Ogre", 3)]);
    let cast = |s: &mut State, sp: &str| {
        act(
            s,
            "attack",
            "Mage",
            &[
                ("target", "Ogre"),
                ("roll", "15"),
                ("defense", "10"),
                ("amount", "6"),
                ("type", "fire"),
                ("kind", "spell"),
                ("ap", "1"),
                ("sp", sp),
                ("range", "ranged"),
            ],
        )
    };
    cast(&mut s, "3").unwrap();
    assert_eq!((value(&s, "Mage", "sp"), value(&s, "Mage", "ap")), (2, 4), "{}", said(&s));
    assert_eq!(value(&s, "Ogre", "hp"), 24);
    let err = cast(&mut s, "3").unwrap_err().to_string();
    assert!(err.contains("cannot be cast") && err.contains("2 SP"), "{err}");
    assert_eq!((value(&s, "Mage", "sp"), value(&s, "Mage", "ap"), value(&s, "Ogre", "hp")), (2, 4, 24));
}

/// Line 224: Hide (1 AP) needs concealment; beating the watchers makes one Unseen.
#[test]
fn hide_needs_concealment_and_success_makes_unseen() {
    let mut s = brawl();
    let err = act(&mut s, "hide", "Hero", &[("roll", "15"), ("against", "10")]).unwrap_err().to_string();
    assert!(err.contains("Concealed"), "{err}");
    entry(&mut s, "Hero", "Concealed").unwrap();
    act(&mut s, "hide", "Hero", &[("roll", "15"), ("against", "10")]).unwrap();
    assert!(has(&s, "Hero", "unseen"), "{}", said(&s));
    assert_eq!(value(&s, "Hero", "ap"), 4);
}

fn speed(s: &State, name: &str) -> i64 {
    super::super::stats::view(&s.combatants[s.find(name).unwrap()])["speed"].as_i64().unwrap()
}

/// Lines 339-345: speeds in a grapple by size; the grappler is not Grappled.
#[test]
fn grapple_sets_both_speeds_by_size_and_leaves_the_grappler_free() {
    let mut s = brawl();
    contest(&mut s, "grapple", "12").unwrap();
    assert!(has(&s, "Ogre", "grappled-and-grappling"));
    assert!(!has(&s, "Hero", "grappled-and-grappling"), "the grappler is not Grappled");
    assert_eq!((speed(&s, "Ogre"), speed(&s, "Hero")), (0, 10), "same size: 0 and half");

    let mut s = brawl();
    set(&mut s, "Ogre", "size", 2).unwrap();
    contest(&mut s, "grapple", "12").unwrap();
    assert_eq!((speed(&s, "Ogre"), speed(&s, "Hero")), (10, 0), "2 sizes larger: half and 0");
}

/// The tracker's notes agree with the speed it shows: a creature two sizes larger than
/// its grappler moves at half speed (line 343), so its Grappled note no longer says
/// "speed 0" beside the 10 ft shown.
#[test]
fn the_grapple_note_agrees_with_the_speed_shown() {
    let mut s = brawl();
    set(&mut s, "Ogre", "size", 2).unwrap();
    contest(&mut s, "grapple", "12").unwrap();
    let v = super::super::stats::view(&s.combatants[s.find("Ogre").unwrap()]);
    let lines = v["effects"]["lines"].to_string();
    assert_eq!(v["speed"], 10);
    assert!(!lines.contains("speed 0") && lines.contains("speed 10 ft"), "{lines}");
}

/// Lines 347 and 385: escaping costs 1 creature action, Restrained 2; once a turn.
#[test]
fn escaping_a_grapple_frees_both_and_restrained_costs_more() {
    let mut s = brawl();
    contest(&mut s, "grapple", "12").unwrap();
    next(&mut s);
    let before = value(&s, "Ogre", "ap");
    act(&mut s, "escape", "Ogre", &[("roll", "8"), ("defense", "12")]).unwrap();
    assert!(has(&s, "Ogre", "grappled-and-grappling"), "a failed escape");
    let err = act(&mut s, "escape", "Ogre", &[("roll", "20"), ("defense", "12")]).unwrap_err().to_string();
    assert!(err.contains("once"), "{err}");
    assert_eq!(value(&s, "Ogre", "ap"), before - 1);
    next(&mut s);
    next(&mut s);
    entry(&mut s, "Ogre", "Restrained").unwrap();
    let before = value(&s, "Ogre", "ap");
    act(&mut s, "escape", "Ogre", &[("roll", "20"), ("defense", "12")]).unwrap();
    assert_eq!(value(&s, "Ogre", "ap"), before - 2);
    assert!(!has(&s, "Ogre", "grappled-and-grappling") && !has(&s, "Ogre", "restrained"), "{}", said(&s));
    assert_eq!(speed(&s, "Hero"), 20, "the grappler is free to move again");
}

/// Line 347: a Grappled creature tries to break free on its own turn, not out of it.
#[test]
fn escape_is_tried_only_on_its_own_turn() {
    let mut s = brawl();
    contest(&mut s, "grapple", "12").unwrap();
    let err = act(&mut s, "escape", "Ogre", &[("roll", "20"), ("defense", "12")]).unwrap_err().to_string();
    assert!(err.contains("own turn"), "{err}");
    assert_eq!(value(&s, "Ogre", "reactive-ap"), 0);
    next(&mut s);
    act(&mut s, "escape", "Ogre", &[("roll", "20"), ("defense", "12")]).unwrap();
    assert!(!has(&s, "Ogre", "grappled-and-grappling"), "{}", said(&s));
}

/// Line 349: the grappler lets go whenever it likes, for no AP; both are free again.
#[test]
fn release_lets_go_for_nothing_and_frees_both() {
    let mut s = brawl();
    contest(&mut s, "grapple", "12").unwrap();
    let ap = value(&s, "Hero", "ap");
    act(&mut s, "release", "Hero", &[("target", "Ogre")]).unwrap();
    assert!(!has(&s, "Ogre", "grappled-and-grappling"), "{}", said(&s));
    assert_eq!(value(&s, "Hero", "ap"), ap, "letting go is free");
    assert_eq!((speed(&s, "Ogre"), speed(&s, "Hero")), (20, 20));
    let err = act(&mut s, "release", "Hero", &[("target", "Ogre")]).unwrap_err().to_string();
    assert!(err.contains("not grappling"), "{err}");
}

/// Line 369: Pinned includes Prone, so a Pinned creature is never told it is "not
/// Prone"; standing does not end Pinned (an interpretation), nor can it stand at speed 0.
#[test]
fn a_pinned_creature_is_prone_and_cannot_stand_out_of_it() {
    let mut s = brawl();
    entry(&mut s, "Hero", "Pinned").unwrap();
    let err = act(&mut s, "stand", "Hero", &[]).unwrap_err().to_string();
    assert!(err.contains("speed is 0") && !err.contains("not Prone"), "Pinned brings Grappled's speed 0: {err}");
    // Held by a creature 3 sizes smaller, its speed is whole: Pinned alone keeps it down.
    let mut s = brawl();
    set(&mut s, "Hero", "size", 3).unwrap();
    next(&mut s);
    act(&mut s, "grapple", "Ogre", &[("target", "Hero"), ("roll", "15"), ("defense", "10")]).unwrap();
    next(&mut s);
    entry(&mut s, "Hero", "Pinned").unwrap();
    let ap = value(&s, "Hero", "ap");
    let err = act(&mut s, "stand", "Hero", &[]).unwrap_err().to_string();
    assert!(err.contains("Pinned") && err.contains("Interpretation"), "{err}");
    assert_eq!(value(&s, "Hero", "ap"), ap, "nothing paid");
}

/// Lines 174-176: Recoup removes 1 Death Point, Rest all.
#[test]
fn recoup_removes_one_death_point_and_rest_all() {
    let mut s = brawl();
    set(&mut s, "Hero", "death-points", 5).unwrap();
    act(&mut s, "recoup", "Hero", &[]).unwrap();
    assert_eq!(value(&s, "Hero", "death-points"), 4);
    act(&mut s, "rest", "Hero", &[]).unwrap();
    assert_eq!(value(&s, "Hero", "death-points"), 0);
}

/// Line 293: Total Cover cannot be targeted by ranged attacks; Partial Cover adds to
/// the defense against them.
#[test]
fn total_cover_refuses_ranged_attacks_and_partial_cover_raises_the_defense() {
    let mut s = brawl();
    act(&mut s, "cover", "Ogre", &[("total", "true")]).unwrap();
    let shot = |s: &mut State, roll: &str| {
        act(
            s,
            "attack",
            "Hero",
            &[("target", "Ogre"), ("roll", roll), ("defense", "10"), ("amount", "4"), ("ap", "1"), ("range", "ranged")],
        )
    };
    let err = shot(&mut s, "20").unwrap_err().to_string();
    assert!(err.contains("Total Cover"), "{err}");
    act(&mut s, "cover", "Ogre", &[("bonus", "2")]).unwrap();
    shot(&mut s, "11").unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 30, "11 misses 10 + cover 2: {}", said(&s));
}

/// Line 257: a monster with Affinity deals +3 damage of that type.
#[test]
fn affinity_adds_three_to_the_damage_of_its_type() {
    let mut s = fight(&[("Salamander", &[("affinity-fire", 1), ("cor", 2)]), ("Hero", &[("max-hp", 30)])]);
    start(&mut s, &[("Salamander", 18), ("Hero", 3)]);
    act(
        &mut s,
        "attack",
        "Salamander",
        &[
            ("target", "Hero"),
            ("roll", "15"),
            ("defense", "10"),
            ("amount", "4"),
            ("type", "fire"),
            ("ap", "1"),
            ("range", "melee"),
        ],
    )
    .unwrap();
    assert_eq!(value(&s, "Hero", "hp"), 23, "{}", said(&s));
}

/// Lines 281 and 289: a Concealed attacker's weapon attack gains TA (+1); a charmer has
/// TA against its Charmed target's WILL.
#[test]
fn concealed_and_charmed_give_ta_to_the_attack() {
    let mut s = brawl();
    entry(&mut s, "Hero", "Concealed").unwrap();
    ogre_attacks_hero(&mut s, "10");
    assert_eq!(value(&s, "Hero", "hp"), 30, "10 - 1 TD against a Concealed target misses: {}", said(&s));
    act(
        &mut s,
        "attack",
        "Hero",
        &[("target", "Ogre"), ("roll", "9"), ("defense", "10"), ("amount", "4"), ("ap", "1"), ("range", "melee")],
    )
    .unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 26, "9 + 1 TA hits: {}", said(&s));
    entry(&mut s, "Ogre", "Charmed").unwrap();
    act(
        &mut s,
        "attack",
        "Hero",
        &[
            ("target", "Ogre"),
            ("roll", "8"),
            ("defense", "10"),
            ("against", "will"),
            ("charmer", "true"),
            ("amount", "4"),
            ("ap", "1"),
            ("range", "melee"),
        ],
    )
    .unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 22, "8 + 2 TA (Concealed, charmer) hits WILL 10: {}", said(&s));
}

/// Line 261: a Medicine check reaching the Bleeding damage + 10 stops it; trying costs
/// 2 creature actions, by the bleeder or an ally within 5 ft.
#[test]
fn a_medicine_check_of_damage_plus_ten_stops_bleeding_for_two_actions() {
    let mut s = brawl();
    entry(&mut s, "Ogre", "Bleeding").unwrap();
    act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "12"), ("damage", "3")]).unwrap();
    assert!(has(&s, "Ogre", "bleeding"), "12 misses 3 + 10: {}", said(&s));
    act(&mut s, "medicine", "Hero", &[("patient", "Ogre"), ("check", "13"), ("damage", "3")]).unwrap();
    assert!(!has(&s, "Ogre", "bleeding"), "{}", said(&s));
    assert_eq!(value(&s, "Hero", "ap"), 1, "2 AP a try");
}

/// Line 261: any magical healing ends Bleeding.
#[test]
fn magical_healing_heals_and_stops_bleeding() {
    let mut s = brawl();
    ev(&mut s, Event::Damage { name: "Hero".into(), amount: 10, kind: None }).unwrap();
    entry(&mut s, "Hero", "Bleeding").unwrap();
    act(&mut s, "magic-heal", "Hero", &[("amount", "4")]).unwrap();
    assert_eq!(value(&s, "Hero", "hp"), 24);
    assert!(!has(&s, "Hero", "bleeding"), "{}", said(&s));
}

/// Lines 331 and 438: a Focused attacker has TA against the target it named; a Taunted
/// one TA against its taunter and TD against anyone else.
#[test]
fn focused_and_taunt_give_ta_against_their_mark_and_taunt_td_against_others() {
    let hero_hits = |s: &mut State, roll: &str, extra: &[(&str, &str)]| {
        let mut args = vec![
            ("target", "Ogre"),
            ("roll", roll),
            ("defense", "10"),
            ("amount", "4"),
            ("ap", "0"),
            ("range", "melee"),
        ];
        args.extend_from_slice(extra);
        act(s, "attack", "Hero", &args).unwrap();
    };
    let mut s = brawl();
    entry(&mut s, "Hero", "Focused").unwrap();
    hero_hits(&mut s, "9", &[]);
    assert_eq!(value(&s, "Ogre", "hp"), 30, "9 misses 10 against a creature it is not Focused on: {}", said(&s));
    hero_hits(&mut s, "9", &[("focus-target", "true")]);
    assert_eq!(value(&s, "Ogre", "hp"), 26, "9 + 1 TA (Focused) hits 10: {}", said(&s));

    let mut s = brawl();
    entry(&mut s, "Hero", "Taunt").unwrap();
    hero_hits(&mut s, "10", &[]);
    assert_eq!(value(&s, "Ogre", "hp"), 30, "10 - 1 TD (attacking other than the taunter) misses: {}", said(&s));
    hero_hits(&mut s, "9", &[("taunter", "true")]);
    assert_eq!(value(&s, "Ogre", "hp"), 26, "9 + 1 TA against the taunter hits: {}", said(&s));
}

/// Line 347: breaking free is a STR attack on the grappler's FORT or a DEX attack on its
/// REF; with both recorded, Tome reads them rather than asking for --defense: the one
/// named, or the lower (the one breaking free picks).
#[test]
fn escape_reads_the_grapplers_recorded_fort_and_ref() {
    let mut s = brawl();
    set(&mut s, "Hero", "fort", 15).unwrap();
    set(&mut s, "Hero", "ref", 12).unwrap();
    contest(&mut s, "grapple", "12").unwrap();
    next(&mut s);
    act(&mut s, "escape", "Ogre", &[("roll", "13"), ("against", "fort")]).unwrap();
    assert!(has(&s, "Ogre", "grappled-and-grappling"), "13 misses FORT 15: {}", said(&s));
    next(&mut s);
    next(&mut s);
    act(&mut s, "escape", "Ogre", &[("roll", "13")]).unwrap();
    assert!(!has(&s, "Ogre", "grappled-and-grappling"), "13 reaches REF 12, the lower: {}", said(&s));
}

/// Line 52: 1 AP moves a creature up to its speed (20 ft unless told); line 60: a climb
/// without a climb speed costs 2 ft a foot, so 10 ft of climbing fills a 20 ft move and
/// 15 ft is refused; line 417: a Suppressed creature cannot spend AP to move.
#[test]
fn moving_costs_one_ap_and_fits_the_speed() {
    let mut s = brawl();
    let ap = value(&s, "Hero", "ap");
    act(&mut s, "move", "Hero", &[("walk", "20")]).unwrap();
    assert_eq!(value(&s, "Hero", "ap"), ap - 1, "{}", said(&s));
    act(&mut s, "move", "Hero", &[("climb", "10")]).unwrap();
    let err = act(&mut s, "move", "Hero", &[("climb", "15")]).unwrap_err().to_string();
    assert!(err.contains("30 ft"), "{err}");
    assert_eq!(value(&s, "Hero", "ap"), ap - 2, "a refused move costs nothing");
    entry(&mut s, "Hero", "Suppressed").unwrap();
    let err = act(&mut s, "move", "Hero", &[("walk", "5")]).unwrap_err().to_string();
    assert!(err.contains("cannot move") && err.contains("Suppressed"), "{err}");
}

/// Line 277: Burning ends when the creature drops Prone and rolls in dirt or mud for 2
/// creature actions (2 AP), or is doused in water.
#[test]
fn putting_out_burning_by_rolling_costs_two_ap_and_leaves_it_prone() {
    let mut s = brawl();
    condition(&mut s, "Hero", Some("mythcraft/condition/burning"), "Burning (1d4)").unwrap();
    let ap = value(&s, "Hero", "ap");
    act(&mut s, "put-out-burning", "Hero", &[]).unwrap();
    assert!(!has(&s, "Hero", "mythcraft/condition/burning"), "{}", said(&s));
    assert!(has(&s, "Hero", "prone"), "{}", said(&s));
    assert_eq!(value(&s, "Hero", "ap"), ap - 2);
    let err = act(&mut s, "put-out-burning", "Hero", &[]).unwrap_err().to_string();
    assert!(err.contains("not Burning"), "{err}");
    condition(&mut s, "Hero", Some("mythcraft/condition/burning"), "Burning (1d4)").unwrap();
    act(&mut s, "put-out-burning", "Hero", &[("how", "water")]).unwrap();
    assert!(!has(&s, "Hero", "mythcraft/condition/burning"));
    assert_eq!(value(&s, "Hero", "ap"), ap - 2, "doused: no AP of its own");
}

/// Lines 231-234: Exploit strikes at once, out of the attacker's turn, when a creature in
/// its melee reach leaves it (or drinks a potion, or shoots), paying the weapon's usual
/// AP from Reactive AP; on its own turn it is refused, as is an Exploit with no cause.
#[test]
fn exploit_strikes_out_of_turn_with_reactive_ap() {
    let mut s = brawl();
    let swing =
        [("target", "Ogre"), ("roll", "20"), ("defense", "10"), ("amount", "4"), ("ap", "2"), ("range", "melee")];
    let mut with_trigger = swing.to_vec();
    with_trigger.push(("trigger", "leaves-reach"));
    let err = act(&mut s, "exploit", "Hero", &with_trigger).unwrap_err().to_string();
    assert!(err.contains("out of its own turn"), "{err}");
    next(&mut s);
    let reactive = value(&s, "Hero", "reactive-ap");
    assert!(reactive >= 2, "Hero kept Reactive AP: {reactive}");
    let err = act(&mut s, "exploit", "Hero", &swing).unwrap_err().to_string();
    assert!(err.contains("--trigger"), "{err}");
    act(&mut s, "exploit", "Hero", &with_trigger).unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 26, "{}", said(&s));
    assert_eq!(value(&s, "Hero", "reactive-ap"), reactive - 2);
    assert!(said(&s).contains("Exploit"), "{}", said(&s));
}

/// Lines 172 and 261: Catching your Breath, taken as a move, ends Bleeding and keeps a
/// creature at 0 HP from gaining a Death Point as its turn ends.
#[test]
fn catching_breath_ends_bleeding_and_keeps_death_points_off() {
    let mut s = brawl();
    condition(&mut s, "Hero", Some("mythcraft/condition/bleeding"), "Bleeding (2)").unwrap();
    act(&mut s, "catch-breath", "Hero", &[]).unwrap();
    assert!(!has(&s, "Hero", "mythcraft/condition/bleeding"), "{}", said(&s));
    ev(&mut s, Event::Damage { name: "Hero".into(), amount: 30, kind: None }).unwrap();
    let before = value(&s, "Hero", "death-points");
    next(&mut s);
    assert_eq!(value(&s, "Hero", "death-points"), before, "{}", said(&s));
    let err = act(&mut s, "catch-breath", "Hero", &[]).unwrap_err().to_string();
    assert!(err.contains("already"), "{err}");
}
