//! The phones' log is the fight's log as the table sees it (issue 71): after any
//! sequence of the game master's steps (actions, damage, conditions, turns, undo, redo,
//! hiding, revealing, removing, newcomers hidden or not), what a phone is sent as the log
//! is exactly the fight's events in force said as the table sees them, worked out afresh
//! from the stored log; an undo brings the phones' log back to what it was before the
//! step and a redo to what it was after; no line names a combatant the table does not see
//! now; a combatant that goes down keeps its lines.
//!
//! Before, the log was the boards the table was shown diffed one after another: an undone
//! step's line stayed on every phone ("Dame Isolde: Dead" beside "Wounded"), and a goblin
//! that died took every line naming it, its killing blow included.

use crate::common::{self, client};

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Duration;

use client::{get, join};
use common::fight::stats;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use tome::encounters::{Duration as Lasting, Event};
use tome::share::{Share, ShareOptions};
use tome::shared::SharedTome;
use tome::Tome;

const NAMES: [&str; 4] = ["Goblin 1", "Goblin 2", "Vex", "Ogre"];

#[derive(Debug, Clone)]
enum Step {
    Damage {
        who: usize,
        amount: i64,
    },
    Condition {
        who: usize,
    },
    Next,
    Undo,
    Redo,
    Hide {
        who: usize,
        hidden: bool,
    },
    Remove {
        who: usize,
    },
    /// The Ogre joins, hidden or not (the second time it is refused: already there).
    Ogre {
        hidden: bool,
    },
    /// The acting combatant attacks `target` with a typed d20 and damage.
    Attack {
        target: usize,
        d20: i64,
        amount: i64,
    },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..4usize, 1..14i64).prop_map(|(who, amount)| Step::Damage { who, amount }),
        1 => (0..4usize).prop_map(|who| Step::Condition { who }),
        2 => Just(Step::Next),
        3 => Just(Step::Undo),
        2 => Just(Step::Redo),
        2 => (0..4usize, any::<bool>()).prop_map(|(who, hidden)| Step::Hide { who, hidden }),
        1 => (0..4usize).prop_map(|who| Step::Remove { who }),
        1 => any::<bool>().prop_map(|hidden| Step::Ogre { hidden }),
        3 => (0..4usize, 1..21i64, 1..14i64).prop_map(|(target, d20, amount)| Step::Attack { target, d20, amount }),
    ]
}

struct Table {
    tome: Arc<SharedTome>,
    share: Share,
    encounter: i64,
    phone: String,
}

impl Table {
    fn new() -> Table {
        let mut t = Tome::open_in_memory().unwrap();
        let mut hero = t.create_character("mythcraft", "Vex").unwrap();
        hero.values.insert("max-hp".into(), tome::characters::SheetValue::Int(20));
        let hero = t.save_character(&hero).unwrap();
        let e = t.create_encounter("mythcraft", "Log").unwrap().id;
        t.encounter_add_character(e, hero.id).unwrap();
        t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 12), ("ar", 10)])).unwrap();
        let order: Vec<(String, i64)> =
            [("Vex", 10), ("Goblin 1", 5), ("Goblin 2", 3)].iter().map(|(n, r)| (n.to_string(), *r)).collect();
        t.encounter_start(e, &order, &[], None).unwrap();
        let tome = Arc::new(SharedTome::open(t));
        let options = ShareOptions {
            address: Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
            port: 0,
            encounter: Some(e),
            code_ttl: Duration::from_secs(600),
            ..Default::default()
        };
        let share = Share::start(tome.clone(), options).unwrap();
        let phone = join(share.address(), &share.code(), "TV").unwrap();
        Table { tome, share, encounter: e, phone }
    }

    fn gm<T>(&self, f: impl FnOnce(&mut Tome) -> tome::Result<T>) -> tome::Result<T> {
        self.tome.run("log test", f)
    }

    /// The log a phone is sent now; `None` while no fight is shown (its start undone).
    fn phones_log(&self) -> Option<Vec<String>> {
        let view: serde_json::Value =
            serde_json::from_str(&get(self.share.address(), "/api/view", Some(&self.phone)).body)
                .expect("the view is JSON");
        if view.is_null() {
            let round = self.gm(|t| t.encounter(self.encounter)).unwrap().round;
            assert_eq!(round, 0, "a fight under way is shown");
            return None;
        }
        Some(
            view["log"]
                .as_array()
                .unwrap_or_else(|| panic!("{view}"))
                .iter()
                .map(|l| l.as_str().unwrap().to_string())
                .collect(),
        )
    }

    /// The fight's log as the table sees it, worked out afresh from the stored log.
    fn projection(&self) -> Vec<String> {
        self.gm(|t| t.table_log(self.encounter, &mut tome::api::TableLog::default())).unwrap()
    }

    fn hidden(&self) -> Vec<String> {
        let v = self.gm(|t| t.encounter(self.encounter)).unwrap();
        v.combatants
            .iter()
            .filter(|c| c["hidden"] == true)
            .map(|c| c["name"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// How many events are in force.
    fn head(&self) -> usize {
        let last = self.gm(|t| t.encounter_log_tail(self.encounter, 1)).unwrap();
        last.last().map_or(0, |e| e.seq)
    }

    /// Plays `step`; whether the fight took it.
    fn play(&self, step: &Step) -> bool {
        let e = self.encounter;
        let change = |event: Event| self.gm(|t| t.encounter_change(e, event)).is_ok();
        match step {
            Step::Damage { who, amount } => {
                change(Event::Damage { name: NAMES[*who].into(), amount: *amount, kind: None })
            }
            Step::Condition { who } => self
                .gm(|t| t.encounter_custom_condition(e, NAMES[*who], "Prone", Lasting::Rounds { rounds: 2 }))
                .is_ok(),
            Step::Next => change(Event::Next),
            Step::Undo => self.gm(|t| t.encounter_undo(e)).is_ok(),
            Step::Redo => self.gm(|t| t.encounter_redo(e)).is_ok(),
            Step::Hide { who, hidden } => change(Event::Hide { name: NAMES[*who].into(), hidden: *hidden }),
            Step::Remove { who } => change(Event::Remove { name: NAMES[*who].into() }),
            Step::Ogre { hidden } => self
                .gm(|t| {
                    t.encounter_add_npc_with(e, "Ogre", 1, stats(&[("max-hp", 30), ("ar", 12)]), Some(*hidden), Some(4))
                })
                .is_ok(),
            Step::Attack { target, d20, amount } => {
                let Some(actor) = self.gm(|t| t.encounter(e)).unwrap().current else { return false };
                let inputs: BTreeMap<String, String> = [
                    ("target", NAMES[*target].to_string()),
                    ("natural", d20.to_string()),
                    ("bonus", "3".to_string()),
                    ("amount", amount.to_string()),
                    ("range", "melee".to_string()),
                    ("ap", "1".to_string()),
                ]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
                self.gm(|t| t.encounter_act(e, "attack", Some(&actor), inputs, Some(7))).is_ok()
            }
        }
    }
}

#[test]
fn the_phones_log_is_the_fights_log_as_the_table_sees_it() {
    let cases = std::env::var("TOME_LOG_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(40);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let result = runner.run(&prop::collection::vec(step(), 1..24), |steps| {
        let t = Table::new();
        // The phones' log at each head the fight has had, to hold undo and redo to it.
        let mut at_head: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        at_head.insert(t.head(), t.phones_log().expect("the fight is shown"));
        for step in &steps {
            let hidden_before = t.hidden();
            let took = t.play(step);
            let head = t.head();
            let Some(log) = t.phones_log() else {
                at_head.remove(&head);
                continue;
            };
            prop_assert_eq!(&log, &t.projection(), "after {:?}: the phones' log is not the fight's", step);
            let hidden = t.hidden();
            for line in &log {
                prop_assert!(
                    !hidden.iter().any(|h| line.contains(h.as_str())),
                    "after {:?}: {:?} names a hidden one",
                    step,
                    line
                );
            }
            // Undo and redo move the head through events already seen: the log is what it
            // was there, unless the table sees other combatants now (a hide undone).
            if took && matches!(step, Step::Undo | Step::Redo) && hidden == hidden_before {
                if let Some(then) = at_head.get(&head) {
                    prop_assert_eq!(&log, then, "after {:?}: the log is not what it was at this step", step);
                }
            }
            if took && !matches!(step, Step::Undo | Step::Redo) {
                // A new step drops the redo's future.
                at_head.retain(|h, _| *h < head);
            }
            at_head.insert(head, log);
        }
        Ok(())
    });
    result.unwrap();
}

/// A combatant that goes down is still seen: its lines, the blow that felled it among
/// them, stay on the phones.
#[test]
fn a_fallen_goblin_keeps_its_lines() {
    let t = Table::new();
    assert!(t.play(&Step::Attack { target: 0, d20: 15, amount: 5 }));
    let before = t.phones_log().unwrap();
    assert!(before.iter().any(|l| l.starts_with("Vex: Attack") && l.contains("Goblin 1")), "{before:?}");
    assert!(t.play(&Step::Damage { who: 0, amount: 30 }));
    let after = t.phones_log().unwrap();
    assert!(before.iter().all(|l| after.contains(l)), "lines went with the goblin: {before:?} → {after:?}");
    // An undo takes the step's lines away, a redo brings them back.
    assert!(t.play(&Step::Undo));
    assert_eq!(t.phones_log(), Some(before));
    assert!(t.play(&Step::Redo));
    assert_eq!(t.phones_log(), Some(after));
}
