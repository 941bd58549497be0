//! Unseen in the tracker (lines 446–456), as the `unseen-lost` calculator says.

use super::*;
use crate::systems::mythcraft::rules::{unseen_lost, UnseenEvent};

const UNSEEN: &str = "mythcraft/condition/unseen";

fn ambush() -> State {
    let mut s = fight(&[("Archer", &[]), ("Guard", &[("max-hp", 30)])]);
    start(&mut s, &[("Archer", 18), ("Guard", 3)]);
    s
}

fn shoot(s: &mut State, who: &str, target: &str, range: &str, roll: &str, extra: &[(&str, &str)]) -> Result<()> {
    let mut inputs =
        vec![("target", target), ("roll", roll), ("defense", "10"), ("amount", "4"), ("ap", "0"), ("range", range)];
    inputs.extend_from_slice(extra);
    act(s, "attack", who, &inputs)
}

/// Line 447: an Unseen creature that attacks is Unseen no more, as `unseen-lost` says
/// of a damaging attack; its target learns where the attack came from (line 456).
#[test]
fn an_unseen_archer_is_seen_once_it_attacks() {
    let mut s = ambush();
    entry(&mut s, "Archer", "Unseen").unwrap();
    shoot(&mut s, "Archer", "Guard", "ranged", "15", &[]).unwrap();
    assert!(unseen_lost(UnseenEvent::DamagingAttack, false).0);
    assert!(!has(&s, "Archer", UNSEEN), "{}", said(&s));
    assert!(said(&s).contains("no longer Unseen"), "{}", said(&s));
    assert!(said(&s).contains("direction"), "{}", said(&s));
}

/// The source of the Unseen may say the attack keeps it (line 446).
#[test]
fn an_unseen_attacker_whose_source_says_so_stays_unseen() {
    let mut s = ambush();
    entry(&mut s, "Archer", "Unseen").unwrap();
    shoot(&mut s, "Archer", "Guard", "ranged", "15", &[("unseen-kept", "true")]).unwrap();
    assert!(has(&s, "Archer", UNSEEN), "{}", said(&s));
}

/// Line 448: struck by a melee attack, the Unseen creature is Unseen no more; a miss
/// leaves it Unseen.
#[test]
fn an_unseen_creature_struck_in_melee_is_seen() {
    let mut s = ambush();
    entry(&mut s, "Guard", "Unseen").unwrap();
    shoot(&mut s, "Archer", "Guard", "melee", "2", &[]).unwrap();
    assert!(has(&s, "Guard", UNSEEN), "a miss does not strike it: {}", said(&s));
    shoot(&mut s, "Archer", "Guard", "ranged", "25", &[]).unwrap();
    assert!(has(&s, "Guard", UNSEEN), "a ranged hit that named no square leaves it Unseen: {}", said(&s));
    shoot(&mut s, "Archer", "Guard", "melee", "25", &[]).unwrap();
    assert!(unseen_lost(UnseenEvent::StruckInMelee, false).0);
    assert!(!has(&s, "Guard", UNSEEN), "{}", said(&s));
}
