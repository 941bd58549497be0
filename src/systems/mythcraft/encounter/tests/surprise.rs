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
