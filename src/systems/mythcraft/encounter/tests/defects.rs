//! The wrong results issue 29 found, each shown by what a game master would see.

use super::*;

fn duel() -> State {
    let mut s = fight(&[("Hero", &[("cor", 4), ("max-hp", 30)]), ("Ogre", &[("max-hp", 30)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    s
}

#[test]
fn set_hp_changes_current_hp_and_leaves_the_maximum() {
    let mut s = duel();
    set(&mut s, "Ogre", "hp", 12).unwrap();
    let ogre = &s.combatants[s.find("Ogre").unwrap()];
    assert_eq!((ogre.value("hp"), ogre.stat("max-hp")), (12, 30));
    set(&mut s, "Ogre", "max-hp", 40).unwrap();
    assert_eq!(s.combatants[s.find("Ogre").unwrap()].stat("max-hp"), 40);
}

#[test]
fn set_hp_above_the_maximum_is_refused_with_the_range() {
    let mut s = duel();
    let err = set(&mut s, "Ogre", "hp", 31).unwrap_err().to_string();
    assert!(err.contains("0") && err.contains("30"), "{err}");
    assert_eq!(value(&s, "Ogre", "hp"), 30, "nothing changed");
}

/// Lines 164-170: at 8 Death Points you die; there is no ninth.
#[test]
fn hand_set_death_points_stay_within_0_to_8() {
    let mut s = duel();
    for bad in [99, 9, -1] {
        let err = set(&mut s, "Hero", "death-points", bad).unwrap_err().to_string();
        assert!(err.contains("between 0 and 8"), "{bad}: {err}");
    }
}

#[test]
fn eight_death_points_set_by_hand_kill() {
    let mut s = duel();
    set(&mut s, "Hero", "death-points", 8).unwrap();
    assert_eq!(value(&s, "Hero", "dead"), 1);
    assert!(said(&s).contains("dies"), "{}", said(&s));
}

/// Line 106: Shield HP soak damage first; of several sources only the largest counts.
#[test]
fn shield_hp_granted_mid_fight_absorbs_first_and_the_larger_source_is_kept() {
    let mut s = duel();
    act(&mut s, "shield", "Ogre", &[("amount", "5")]).unwrap();
    act(&mut s, "shield", "Ogre", &[("amount", "3")]).unwrap();
    assert_eq!(value(&s, "Ogre", "shield-hp"), 5, "the larger source is kept: {}", said(&s));
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 7, kind: None }).unwrap();
    assert_eq!((value(&s, "Ogre", "shield-hp"), value(&s, "Ogre", "hp")), (0, 28));
}

/// Line 397: a Silenced creature fails any roll needing speech or verbal components.
#[test]
fn silenced_caster_fails_a_verbal_spell_attack_automatically() {
    let mut s = duel();
    entry(&mut s, "Hero", "Silenced").unwrap();
    act(
        &mut s,
        "attack",
        "Hero",
        &[
            ("target", "Ogre"),
            ("roll", "30"),
            ("defense", "10"),
            ("amount", "9"),
            ("type", "fire"),
            ("ap", "2"),
            ("range", "ranged"),
            ("verbal", "true"),
        ],
    )
    .unwrap();
    assert_eq!(value(&s, "Ogre", "hp"), 30, "{}", said(&s));
    assert!(said(&s).contains("Silenced"), "{}", said(&s));
}

/// Line 409: Stunned caps creature actions at 1, which a complete surprise cannot raise.
#[test]
fn stunned_attacker_keeps_one_ap_even_with_complete_surprise() {
    let mut s = fight(&[("Assassin", &[("cor", 4)]), ("Guard", &[])]);
    entry(&mut s, "Assassin", "Stunned").unwrap();
    condition(&mut s, "Assassin", Some("mythcraft/condition/surprise-complete"), "Surprise (Complete)").unwrap();
    start(&mut s, &[("Assassin", 15), ("Guard", 5)]);
    assert_eq!(value(&s, "Assassin", "ap"), 1, "{}", said(&s));
}

/// Lines 118, 146: Vulnerable X widens the attacker's crit range by X, and a crit hits.
#[test]
fn vulnerable_target_is_crit_on_a_natural_18_and_hit_whatever_its_defense() {
    let mut s = fight(&[("Hero", &[("cor", 4)]), ("Yeti", &[("max-hp", 30), ("vulnerable-fire", 2)])]);
    start(&mut s, &[("Hero", 18), ("Yeti", 3)]);
    act(
        &mut s,
        "attack",
        "Hero",
        &[
            ("target", "Yeti"),
            ("roll", "5"),
            ("defense", "20"),
            ("amount", "6"),
            ("type", "fire"),
            ("natural", "18"),
            ("dice", "1d6"),
            ("crit-roll", "1"),
            ("ap", "2"),
            ("range", "melee"),
        ],
    )
    .unwrap();
    assert_eq!(value(&s, "Yeti", "hp"), 23, "a crit: 1d6 at 6, rolled again 1, LUCK 0; {}", said(&s));
}

fn strike(s: &mut State, range: &str) {
    act(
        s,
        "attack",
        "Hero",
        &[
            ("target", "Ogre"),
            ("roll", "15"),
            ("defense", "10"),
            ("amount", "3"),
            ("type", "sharp"),
            ("ap", "1"),
            ("range", range),
        ],
    )
    .unwrap();
}

/// Line 357: a Helpless creature loses all its HP to melee damage.
#[test]
fn helpless_target_loses_all_its_hp_to_a_melee_hit() {
    let mut s = duel();
    entry(&mut s, "Ogre", "Paralyzed").unwrap();
    strike(&mut s, "melee");
    assert_eq!(value(&s, "Ogre", "hp"), 0, "{}", said(&s));
}

#[test]
fn helpless_target_takes_only_the_damage_of_a_ranged_hit() {
    let mut s = duel();
    entry(&mut s, "Ogre", "Paralyzed").unwrap();
    strike(&mut s, "ranged");
    assert_eq!(value(&s, "Ogre", "hp"), 27, "{}", said(&s));
}

#[test]
fn an_attack_must_say_melee_or_ranged() {
    let mut s = duel();
    let err = act(
        &mut s,
        "attack",
        "Hero",
        &[("target", "Ogre"), ("roll", "15"), ("defense", "10"), ("amount", "3"), ("ap", "1")],
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("range"), "{err}");
}

/// Line 213: an effect of exactly the same name replaces the older one.
#[test]
fn a_second_slowed_replaces_the_first_rather_than_being_refused() {
    let mut s = duel();
    let slowed = ConditionRef { id: Some("mythcraft/condition/slowed".into()), name: "Slowed".into() };
    ev(
        &mut s,
        Event::AddCondition {
            name: "Ogre".into(),
            condition: slowed.clone(),
            duration: Duration::Rounds { rounds: 1 },
        },
    )
    .unwrap();
    ev(
        &mut s,
        Event::AddCondition { name: "Ogre".into(), condition: slowed, duration: Duration::Rounds { rounds: 3 } },
    )
    .unwrap();
    let ogre = &s.combatants[s.find("Ogre").unwrap()];
    assert_eq!(ogre.conditions.len(), 1);
    assert_eq!(ogre.conditions[0].remaining, Some(3), "the newer one: {}", said(&s));
}

/// Lines 426-434: the attacker's single surprise turn comes before round 1; in round 1
/// (which it also plays) the surprised do not act.
#[test]
fn complete_surprise_is_one_turn_before_round_one_then_round_one_as_rolled() {
    let mut s = fight(&[("Assassin", &[("cor", 2)]), ("Guard", &[("cor", 2)]), ("Captain", &[])]);
    condition(&mut s, "Assassin", Some("mythcraft/condition/surprise-complete"), "Surprise (Complete)").unwrap();
    for who in ["Guard", "Captain"] {
        condition(&mut s, who, Some("mythcraft/condition/surprise-partial"), "Surprise (Partial)").unwrap();
    }
    start(&mut s, &[("Guard", 19), ("Assassin", 15), ("Captain", 5)]);
    assert_eq!(s.current(), Some("Assassin"), "the surprise turn comes first: {}", said(&s));
    let normal = crate::systems::mythcraft::rules::action_points(2, 1, 0).unwrap().total;
    assert_eq!(value(&s, "Assassin", "ap"), 2 * normal);
    next(&mut s);
    assert_eq!((s.round, s.current()), (1, Some("Guard")), "{}", said(&s));
    assert_eq!(value(&s, "Guard", "ap"), 0, "the surprised do not act in round 1");
    next(&mut s);
    assert_eq!(s.current(), Some("Assassin"));
    let kept = crate::systems::mythcraft::rules::reactive_cap(1).unwrap();
    assert_eq!(value(&s, "Assassin", "ap"), normal + kept, "round 1's own turn, with the Reactive AP kept");
}

/// Line 434: TA against the surprised lasts the first two rounds, for everyone acting in
/// them, even after the surprised creature's own second turn.
#[test]
fn partial_surprise_lasts_to_the_end_of_round_two_for_everyone() {
    let mut s = fight(&[("Guard", &[]), ("Bandit", &[])]);
    condition(&mut s, "Guard", Some("mythcraft/condition/surprise-partial"), "Surprise (Partial)").unwrap();
    start(&mut s, &[("Guard", 19), ("Bandit", 5)]);
    next(&mut s); // Bandit, round 1
    next(&mut s); // Guard, round 2
    next(&mut s); // Bandit, round 2, after the Guard's second turn
    assert_eq!((s.round, s.current()), (2, Some("Bandit")));
    assert!(has(&s, "Guard", "surprise-partial"), "still surprised in round 2: {}", said(&s));
    next(&mut s); // round 3
    assert!(!has(&s, "Guard", "surprise-partial"), "{}", said(&s));
}

/// Line 309: a creature typically dies (or falls unconscious) at 0 HP; Death Points are
/// for heroes and the creatures the MC picks.
#[test]
fn a_monster_dies_at_zero_hp_unless_the_mc_chooses_otherwise() {
    let mut s = duel();
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 30, kind: None }).unwrap();
    assert_eq!(value(&s, "Ogre", "dead"), 1, "{}", said(&s));

    let mut s = duel();
    act(&mut s, "at-zero-hp", "Ogre", &[("fate", "unconscious")]).unwrap();
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 30, kind: None }).unwrap();
    assert!(has(&s, "Ogre", "unconscious"), "{}", said(&s));
    assert_eq!(value(&s, "Ogre", "dead"), 0);

    let mut s = duel();
    act(&mut s, "at-zero-hp", "Ogre", &[("fate", "death-points")]).unwrap();
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 30, kind: None }).unwrap();
    next(&mut s);
    next(&mut s);
    assert_eq!((value(&s, "Ogre", "dead"), value(&s, "Ogre", "death-points")), (0, 1), "{}", said(&s));
}

/// A quick combatant marked as an adventurer is dying at 0 HP, as a hero is: Death Points
/// at the end of its turn, not death.
#[test]
fn a_quick_adventurer_at_zero_hp_gains_death_points_rather_than_dying() {
    let mut s = fight(&[("Hero", &[("cor", 4), ("max-hp", 30), ("adventurer", 1)]), ("Ogre", &[("max-hp", 30)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    ev(&mut s, Event::Damage { name: "Hero".into(), amount: 30, kind: None }).unwrap();
    next(&mut s);
    assert_eq!((value(&s, "Hero", "dead"), value(&s, "Hero", "death-points")), (0, 1), "{}", said(&s));
}

/// Lines 205-207: a knock-out's Dazed ends when the creature Catches its Breath.
#[test]
fn catching_your_breath_lifts_a_knockout_daze_as_it_begins() {
    let mut s = duel();
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 40, kind: Some("nonlethal".into()) }).unwrap();
    assert!(has(&s, "Ogre", "dazed"));
    condition(&mut s, "Ogre", Some("mythcraft/rule/catching-your-breath"), "Catching your Breath").unwrap();
    assert!(!has(&s, "Ogre", "dazed"), "{}", said(&s));
}

/// Line 261: Catching your Breath ends Bleeding.
#[test]
fn catching_your_breath_stops_bleeding() {
    let mut s = duel();
    entry(&mut s, "Hero", "Bleeding").unwrap();
    condition(&mut s, "Hero", Some("mythcraft/rule/catching-your-breath"), "Catching your Breath").unwrap();
    assert!(!has(&s, "Hero", "bleeding"), "{}", said(&s));
}

/// Line 172, by its entry whatever the spelling the game master typed.
#[test]
fn catching_your_breath_is_known_by_its_entry_not_its_spelling() {
    let mut t = crate::Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Breather").unwrap().id;
    t.encounter_add_npc(e, "Hero", 1, BTreeMap::new()).unwrap();
    let rolls = [("Hero".to_string(), 10)];
    t.encounter_start(e, &rolls, &[], None).unwrap();
    let fate = BTreeMap::from([("fate".to_string(), "death-points".to_string())]);
    t.encounter_act(e, "at-zero-hp", Some("Hero"), fate, Some(1)).unwrap();
    t.encounter_change(e, Event::Set { name: "Hero".into(), field: "hp".into(), value: 0 }).unwrap();
    let v = t.encounter_condition(e, "Hero", "catch your breath", Duration::UntilRemoved, false).unwrap();
    assert_eq!(v.combatants[0]["conditions"][0]["id"], "mythcraft/rule/catching-your-breath");
    let v = t.encounter_change(e, Event::Next).unwrap();
    assert_eq!(v.combatants[0]["death_points"], 0, "no Death Point while Catching your Breath");
}

/// A dead combatant's turns are over: it leaves the order, and the log says so.
#[test]
fn the_dead_leave_the_turn_order_and_the_log_says_so() {
    let mut s = fight(&[("Hero", &[]), ("Goblin", &[("max-hp", 5)]), ("Orc", &[])]);
    start(&mut s, &[("Hero", 18), ("Goblin", 10), ("Orc", 3)]);
    ev(&mut s, Event::Damage { name: "Goblin".into(), amount: 5, kind: None }).unwrap();
    next(&mut s);
    assert_eq!(s.current(), Some("Orc"), "{}", said(&s));
    assert!(said(&s).contains("Goblin leaves the turn order"), "{}", said(&s));
    assert_eq!(s.order, ["Hero", "Orc"]);
    assert_eq!(s.combatants.len(), 3, "still in the encounter, as dead");
}

/// Issue 29, every system: each value a game master can set is bounded by its rule, and
/// one past either end is refused, saying the range.
#[test]
fn every_tracked_value_refuses_a_hand_set_value_past_its_rule() {
    let mut s = duel();
    let keys: Vec<String> = s.combatants[0].values.keys().cloned().collect();
    for key in keys {
        let c = &s.combatants[0];
        let (min, max) = super::super::stats::value_range(c, &key).unwrap_or_else(|| panic!("{key} has no bound"));
        for bad in [min - 1, max + 1] {
            let err = set(&mut s, "Hero", &key, bad).unwrap_err().to_string();
            assert!(err.contains(&format!("between {min} and {max}")), "{key} = {bad}: {err}");
        }
    }
}

/// SP set by hand stay as set; a lower maximum brings the SP held down to it.
#[test]
fn setting_sp_keeps_the_value_and_lowering_max_sp_lowers_sp() {
    let mut s = fight(&[("Mage", &[("max-sp", 5)]), ("Ogre", &[])]);
    start(&mut s, &[("Mage", 18), ("Ogre", 3)]);
    set(&mut s, "Mage", "sp", 3).unwrap();
    assert_eq!(value(&s, "Mage", "sp"), 3, "not raised to the maximum: {}", said(&s));
    assert!(!said(&s).contains("come down"), "{}", said(&s));
    set(&mut s, "Mage", "max-sp", 2).unwrap();
    assert_eq!(value(&s, "Mage", "sp"), 2);
    assert!(said(&s).contains("SP come down to the new maximum, 2"), "{}", said(&s));
    set(&mut s, "Mage", "max-sp", 8).unwrap();
    assert_eq!(value(&s, "Mage", "sp"), 2, "a higher maximum gives no SP");
}

/// A dead combatant acts no more: no attack, maneuver or Dodge by it (on its turn or
/// out of it, where its unspent AP would have become Reactive AP), and no maneuver
/// against it; only its fate at 0 HP may still be recorded.
#[test]
fn the_dead_take_no_actions() {
    let mut s = fight(&[("Hero", &[("cor", 4), ("adventurer", 1)]), ("Ogre", &[("cor", 4), ("max-hp", 30)])]);
    start(&mut s, &[("Ogre", 18), ("Hero", 3)]);
    assert!(value(&s, "Ogre", "ap") > 0);
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 30, kind: None }).unwrap();
    assert_eq!(value(&s, "Ogre", "dead"), 1);
    assert_eq!((value(&s, "Ogre", "ap"), value(&s, "Ogre", "reactive-ap")), (0, 0), "its AP die with it");
    let strike =
        [("target", "Hero"), ("roll", "20"), ("defense", "10"), ("amount", "4"), ("ap", "1"), ("range", "melee")];
    for (action, inputs) in [("attack", &strike[..]), ("dodge", &[][..])] {
        let err = act(&mut s, action, "Ogre", inputs).unwrap_err().to_string();
        assert!(err.contains("Ogre is dead"), "{action}: {err}");
    }
    next(&mut s);
    assert_eq!(s.current(), Some("Hero"));
    assert_eq!(value(&s, "Ogre", "reactive-ap"), 0, "a corpse keeps no Reactive AP");
    let err = act(&mut s, "attack", "Ogre", &strike).unwrap_err().to_string();
    assert!(err.contains("Ogre is dead"), "{err}");
    assert_eq!(value(&s, "Hero", "hp"), 10);
    for action in ["trip", "grapple"] {
        let err = act(&mut s, action, "Hero", &[("target", "Ogre"), ("roll", "20"), ("defense", "10")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("Ogre is dead"), "{action}: {err}");
    }
    assert_eq!(value(&s, "Hero", "ap"), 5, "nothing paid for a move on a corpse");
    assert!(set(&mut s, "Ogre", "reactive-ap", 3).is_err(), "no AP given to a corpse by hand");
    act(&mut s, "at-zero-hp", "Ogre", &[("fate", "unconscious")]).unwrap();
}

/// Lines 430-434: everyone not surprised has TA against the Partially Surprised in the
/// first two rounds (a weapon attack one short of the defense hits), not in the third;
/// a surprised attacker gains no such TA.
#[test]
fn attacks_on_the_partially_surprised_gain_ta_in_rounds_one_and_two_only() {
    let mut s = fight(&[("Guard", &[("max-hp", 30)]), ("Scout", &[]), ("Bandit", &[("cor", 4)])]);
    for who in ["Guard", "Scout"] {
        condition(&mut s, who, Some("mythcraft/condition/surprise-partial"), "Surprise (Partial)").unwrap();
    }
    start(&mut s, &[("Guard", 19), ("Scout", 12), ("Bandit", 5)]);
    let swing = |s: &mut State, who: &str, roll: &str| {
        act(
            s,
            "attack",
            who,
            &[("target", "Guard"), ("roll", roll), ("defense", "10"), ("amount", "4"), ("ap", "0"), ("range", "melee")],
        )
        .unwrap();
    };
    next(&mut s);
    next(&mut s);
    assert_eq!((s.round, s.current()), (1, Some("Bandit")));
    swing(&mut s, "Bandit", "9");
    assert_eq!(value(&s, "Guard", "hp"), 26, "round 1: 9 + 1 TA hits 10: {}", said(&s));
    next(&mut s);
    next(&mut s);
    assert_eq!((s.round, s.current()), (2, Some("Scout")));
    swing(&mut s, "Scout", "10");
    assert_eq!(value(&s, "Guard", "hp"), 26, "a surprised attacker: 10 - 1 TD, no TA, misses: {}", said(&s));
    next(&mut s);
    swing(&mut s, "Bandit", "9");
    assert_eq!(value(&s, "Guard", "hp"), 22, "round 2: 9 + 1 TA hits 10: {}", said(&s));
    next(&mut s);
    next(&mut s);
    next(&mut s);
    assert_eq!((s.round, s.current()), (3, Some("Bandit")));
    swing(&mut s, "Bandit", "9");
    assert_eq!(value(&s, "Guard", "hp"), 22, "round 3: no TA, 9 misses 10: {}", said(&s));
}

/// A combatant cannot attack itself: refused, nothing spent.
#[test]
fn a_combatant_cannot_attack_itself() {
    let mut s = fight(&[("Hero", &[("cor", 2)]), ("Ogre", &[])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    let ap = value(&s, "Hero", "ap");
    let err = act(
        &mut s,
        "attack",
        "Hero",
        &[("target", "Hero"), ("roll", "15"), ("defense", "10"), ("amount", "3"), ("ap", "1"), ("range", "melee")],
    )
    .unwrap_err();
    assert!(err.to_string().contains("cannot attack itself"), "{err}");
    assert_eq!(value(&s, "Hero", "ap"), ap);
}
