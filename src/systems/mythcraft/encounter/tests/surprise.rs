//! Surprise declared in the tracker (lines 419-428): whether it is complete is asked,
//! and its victims are Partially Surprised without the game master adding it by hand.

use super::*;

fn ambush() -> State {
    fight(&[("Assassin", &[("cor", 2)]), ("Guard", &[("cor", 2)]), ("Cook", &[("cor", 2)])])
}

fn surprise(s: &mut State, unaware: &str, alert: &str) -> Result<()> {
    act(s, "surprise", "Assassin", &[("victims", "Guard, Cook"), ("unaware", unaware), ("alert", alert)])
}

/// Line 426: the attacker of a complete surprise takes a single turn first; its
/// victims are then Partially Surprised (no turn in round 1, TD in round 2) with
/// nobody adding that condition by hand.
#[test]
fn a_complete_surprise_leaves_its_victims_partially_surprised() {
    let mut s = ambush();
    surprise(&mut s, "yes", "no").unwrap();
    assert!(said(&s).contains("complete surprise"), "{}", said(&s));
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    assert_eq!(s.order, vec!["Assassin".to_string()], "the surprise turn is the attacker's alone");
    next(&mut s);
    assert_eq!((s.round, s.current()), (1, Some("Assassin")));
    assert!(!has(&s, "Assassin", "surprise-complete"));
    next(&mut s);
    assert_eq!(s.current(), Some("Guard"));
    assert!(has(&s, "Guard", "surprise-partial"), "the victim is Partially Surprised afterwards");
    assert_eq!(value(&s, "Guard", "ap"), 0, "no action in the first round: {}", said(&s));
    next(&mut s);
    assert_eq!(value(&s, "Cook", "ap"), 0, "its ally too: {}", said(&s));
}

/// Lines 421-422: a target on alert (or aware of the attacker) gives no complete
/// surprise: no turn before round 1, and the victims are Partially Surprised only.
#[test]
fn a_surprise_on_a_target_on_alert_is_not_complete() {
    let mut s = ambush();
    surprise(&mut s, "yes", "yes").unwrap();
    assert!(said(&s).contains("Not a complete surprise"), "{}", said(&s));
    assert!(!has(&s, "Assassin", "surprise-complete"));
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    assert_eq!(s.order.len(), 3, "no surprise turn before round 1");
    assert!(has(&s, "Guard", "surprise-partial") && has(&s, "Cook", "surprise-partial"));
    let mut s = ambush();
    surprise(&mut s, "no", "no").unwrap();
    assert!(!has(&s, "Assassin", "surprise-complete"), "a target aware of the attacker is no complete surprise");
}

/// Whether the surprise is complete is asked, never assumed; and a surprise is sprung
/// before the fight, by someone on someone else.
#[test]
fn a_surprise_is_asked_before_the_start() {
    let mut s = ambush();
    let err = act(&mut s, "surprise", "Assassin", &[("victims", "Guard")]).unwrap_err();
    assert!(err.to_string().contains("unaware"), "{err}");
    let err = act(&mut s, "surprise", "Assassin", &[("victims", "Assassin"), ("unaware", "yes"), ("alert", "no")])
        .unwrap_err();
    assert!(err.to_string().contains("itself"), "{err}");
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    let err = surprise(&mut s, "yes", "no").unwrap_err();
    assert!(err.to_string().contains("before initiative"), "{err}");
}

/// The Surprise (Complete) entry says what the tracker and the `actions` calculator do:
/// a Stunned attacker keeps its one action, not two (it said the one action doubled).
#[test]
fn the_complete_surprise_entry_keeps_a_stunned_attacker_at_one_action() {
    let t = crate::Tome::open_in_memory().unwrap();
    let body = t.show("mythcraft/condition/surprise-complete").unwrap().body;
    assert!(!body.contains("one action doubled"), "{body}");
    assert!(body.contains("Stunned attacker keeps its single action"), "{body}");
}

/// The Unseen assassin's complete surprise has dropped the guard to 0 HP.
fn guard_downed_unseen() -> State {
    let mut s = ambush();
    entry(&mut s, "Assassin", "Unseen").unwrap();
    surprise(&mut s, "yes", "no").unwrap();
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    set(&mut s, "Guard", "hp", 0).unwrap();
    s
}

fn contests(s: &mut State, cook_awr: &str, cook_ft: &str) -> Result<()> {
    let allies = format!("Cook={cook_awr}");
    let distances = format!("Cook={cook_ft}");
    act(s, "surprise-contests", "Assassin", &[("dex", "15"), ("allies", &allies), ("distances", &distances)])
}

/// Line 428: the victim's ally within 30 ft fails its AWR check against the Unseen
/// attacker's DEX, so the attacker stays Unseen and combat does not begin: the tracker
/// is back before initiative, nobody surprised, and another surprise may be sprung.
#[test]
fn an_unseen_attacker_who_wins_the_contests_after_a_complete_surprise_stays_hidden() {
    let mut s = guard_downed_unseen();
    contests(&mut s, "14", "20").unwrap();
    assert!(said(&s).contains("stays Unseen and combat does not begin"), "{}", said(&s));
    assert!(!s.started(), "combat has not begun");
    assert!(has(&s, "Assassin", "unseen"));
    assert!(!has(&s, "Cook", "surprise-partial") && !has(&s, "Assassin", "surprise-complete"));
    // An ally beyond 30 ft makes no check at all.
    let mut s = guard_downed_unseen();
    contests(&mut s, "20", "35").unwrap();
    assert!(!s.started(), "{}", said(&s));
    // Still unnoticed: the assassin strikes again.
    surprise(&mut s, "yes", "no").unwrap();
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    assert_eq!(s.order, vec!["Assassin".to_string()]);
}

/// Line 428: an ally who notices the attacker begins the combat: the order stands and
/// the surprised stay Partially Surprised.
#[test]
fn an_ally_who_notices_after_a_complete_surprise_begins_the_combat() {
    let mut s = guard_downed_unseen();
    contests(&mut s, "15", "30").unwrap();
    assert!(said(&s).contains("Noticed by Cook"), "a tie notices (the calculator's reading): {}", said(&s));
    assert!(s.started() && has(&s, "Cook", "surprise-partial"));
    next(&mut s);
    assert_eq!((s.round, s.current()), (1, Some("Assassin")));
}

/// The contests come only where the document puts them: in the surprise turn of a
/// complete surprise, with the attacker Unseen and a victim down.
#[test]
fn surprise_contests_are_refused_where_the_document_has_none() {
    let mut s = ambush();
    surprise(&mut s, "yes", "no").unwrap();
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    set(&mut s, "Guard", "hp", 0).unwrap();
    let err = contests(&mut s, "10", "5").unwrap_err().to_string();
    assert!(err.contains("not Unseen"), "{err}");
    let mut s = ambush();
    entry(&mut s, "Assassin", "Unseen").unwrap();
    surprise(&mut s, "yes", "no").unwrap();
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    let err = contests(&mut s, "10", "5").unwrap_err().to_string();
    assert!(err.contains("0 HP or Unconscious"), "{err}");
    set(&mut s, "Guard", "hp", 0).unwrap();
    next(&mut s);
    let err = contests(&mut s, "10", "5").unwrap_err().to_string();
    assert!(err.contains("surprise turn"), "{err}");
}

/// Line 432: a Partially Surprised creature does not act in round 1; a move it tries
/// then is refused for the surprise, not for the AP it lacks.
#[test]
fn a_partially_surprised_creature_in_round_1_is_refused_for_the_surprise() {
    let mut s = ambush();
    surprise(&mut s, "yes", "yes").unwrap();
    start(&mut s, &[("Assassin", 15), ("Guard", 10), ("Cook", 5)]);
    next(&mut s);
    assert_eq!(s.current(), Some("Guard"));
    for (action, inputs) in [
        ("spend", vec![("ap", "1")]),
        (
            "attack",
            vec![
                ("target", "Assassin"),
                ("roll", "15"),
                ("defense", "10"),
                ("amount", "3"),
                ("ap", "0"),
                ("range", "melee"),
            ],
        ),
        ("dodge", vec![]),
    ] {
        let e = act(&mut s, action, "Guard", &inputs).unwrap_err().to_string();
        assert!(e.to_lowercase().contains("surprised") && !e.contains("has 0 AP"), "{action}: {e}");
    }
}
