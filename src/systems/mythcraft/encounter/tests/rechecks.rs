//! What a number set by hand or run past its end must still obey: a knock-out's daze
//! lifts at the HP set as at the HP healed (lines 205-207), and Death Points stop at 8
//! (line 170).

use super::*;

fn duel() -> State {
    let mut s =
        fight(&[("Hero", &[("cor", 4), ("max-hp", 30), ("adventurer", 1)]), ("Ogre", &[("cor", 4), ("max-hp", 30)])]);
    start(&mut s, &[("Hero", 18), ("Ogre", 3)]);
    s
}

#[test]
fn setting_hp_past_the_recovery_line_lifts_a_knockout_daze_as_healing_does() {
    let mut s = duel();
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 40, kind: Some("nonlethal".into()) }).unwrap();
    assert!(has(&s, "Ogre", "dazed"), "{}", said(&s));
    set(&mut s, "Ogre", "hp", 10).unwrap();
    assert!(has(&s, "Ogre", "dazed"), "10 HP is still Bloodied and under 15: {}", said(&s));
    set(&mut s, "Ogre", "hp", 16).unwrap();
    assert!(!has(&s, "Ogre", "dazed"), "16 of 30 is no longer Bloodied: {}", said(&s));
    assert_eq!(value(&s, "Ogre", "knocked-out"), 0);
}

#[test]
fn death_points_never_read_more_than_eight() {
    let mut s = duel();
    ev(&mut s, Event::Damage { name: "Hero".into(), amount: 30, kind: None }).unwrap();
    set(&mut s, "Hero", "death-points", 7).unwrap();
    ev(&mut s, Event::Damage { name: "Hero".into(), amount: 3, kind: None }).unwrap();
    assert_eq!(value(&s, "Hero", "death-points"), 8, "{}", said(&s));
    assert!(!said(&s).contains("9 of 8"), "{}", said(&s));
    assert_eq!(value(&s, "Hero", "dead"), 1);
}

/// Lines 44-46 speak of adventurers keeping unspent AP as Reactive AP; Tome lets a creature
/// keep its unspent actions the same way, and says so as an interpretation where it does.
#[test]
fn a_creature_keeping_reactive_ap_is_marked_as_an_interpretation() {
    let mut s = duel();
    next(&mut s);
    act(&mut s, "spend", "Ogre", &[("ap", "1")]).unwrap();
    next(&mut s);
    let said = s.log.last().map(|l| l.lines.join("\n")).unwrap_or_default();
    assert!(said.contains("Ogre keeps") && said.contains("Interpretation"), "{said}");
    assert!(value(&s, "Ogre", "reactive-ap") > 0);
}

/// Bloodied is half the maximum HP or less (document 004): healing a creature that was
/// above that says nothing of Bloodied; healing one out of it says it is over. Before,
/// "no longer Bloodied" was printed for 17 of 30 healed, never Bloodied at all.
#[test]
fn healing_says_no_longer_bloodied_only_of_one_that_was() {
    let mut s = duel();
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 13, kind: None }).unwrap();
    ev(&mut s, Event::Heal { name: "Ogre".into(), amount: 2 }).unwrap();
    assert!(!said(&s).contains("Bloodied"), "19 of 30 was never Bloodied: {}", said(&s));
    ev(&mut s, Event::Damage { name: "Ogre".into(), amount: 5, kind: None }).unwrap();
    ev(&mut s, Event::Heal { name: "Ogre".into(), amount: 3 }).unwrap();
    assert!(said(&s).contains("Ogre is no longer Bloodied"), "14 of 30 healed to 17: {}", said(&s));
}
