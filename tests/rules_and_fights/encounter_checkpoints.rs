//! Checkpoints never change what an encounter shows: the state resumed from the newest
//! checkpoint and the events after it is the state a replay of the whole log gives, for
//! any changes, undos and redos, with checkpoints deleted, damaged or left by other code
//! (`src/encounters/checkpoint.rs`), and with a saved character's sheet edited mid-fight.

use crate::common;

use std::collections::BTreeMap;

use common::fight::stats;
use proptest::prelude::*;
use tome::characters::SheetValue;
use tome::encounters::checkpoint::INTERVAL;
use tome::encounters::{ConditionRef, Duration, Event};
use tome::Tome;

/// A MythCraft skirmish: two goblins, a hero and Vex, a saved character, initiative
/// rolled. Returns Vex's id as well.
fn skirmish() -> (Tome, i64, i64) {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Long fight").unwrap().id;
    t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 40)])).unwrap();
    t.encounter_add_npc(e, "Hero", 1, stats(&[("max-hp", 60), ("cor", 3)])).unwrap();
    let vex = t.create_character("mythcraft", "Vex").unwrap().id;
    edit_sheet(&mut t, vex, 30);
    t.encounter_add_character(e, vex).unwrap();
    t.encounter_start(e, &[], &[], Some(3)).unwrap();
    (t, e, vex)
}

/// Vex's sheet saved with `hp` as both the maximum and the HP now (a level gained, a
/// healing written between two reads of the encounter).
fn edit_sheet(t: &mut Tome, vex: i64, hp: i64) {
    let mut c = t.character(vex).unwrap();
    c.values.insert("max-hp".into(), SheetValue::Int(hp));
    c.values.insert("hp".into(), SheetValue::Int(hp));
    t.save_character(&c).unwrap();
}

fn sql(t: &Tome, statement: &str) -> usize {
    t.db().connection().execute(statement, []).unwrap()
}

fn kept(t: &Tome, e: i64) -> Vec<i64> {
    let mut stmt = t
        .db()
        .connection()
        .prepare("SELECT seq FROM encounter_checkpoint WHERE encounter_id = ?1 ORDER BY seq")
        .unwrap();
    stmt.query_map([e], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

/// What opening the encounter shows with no checkpoint and nothing kept in memory: a
/// replay of every event.
fn replayed(t: &Tome, e: i64) -> tome::api::EncounterView {
    t.encounter_replayed(e).unwrap()
}

fn hit(name: &str, amount: i64) -> Event {
    Event::Damage { name: name.into(), amount, kind: None }
}

/// The `n`th of a run of changes that leave everyone as they were in pairs: a blow of 1,
/// then its healing.
fn blow_or_heal(name: &str, n: i64) -> Event {
    if n % 2 == 0 {
        hit(name, 1)
    } else {
        Event::Heal { name: name.into(), amount: 1 }
    }
}

#[test]
fn a_long_fight_keeps_a_checkpoint_every_interval_and_shows_what_a_replay_shows() {
    let (mut t, e, _) = skirmish();
    for i in 0..(3 * INTERVAL as i64) {
        let ev = if i % 3 == 0 { Event::Next } else { blow_or_heal("Goblin 1", i % 3 - 1) };
        t.encounter_change(e, ev).unwrap();
    }
    let head = 4 + 3 * INTERVAL; // three adds and the start, then the changes
    assert_eq!(kept(&t, e), vec![INTERVAL as i64, 2 * INTERVAL as i64, 3 * INTERVAL as i64], "head {head}");
    let v = t.encounter(e).unwrap();
    assert_eq!(v, replayed(&t, e));
    assert_eq!(v.latest.as_ref().unwrap().seq, head, "the log's last entry is the head's");
    let log = t.encounter_log(e).unwrap();
    assert_eq!(log.len(), head, "the whole log is there, checkpoints or not");
    assert_eq!(t.encounter_log_tail(e, 10).unwrap(), log[head - 10..].to_vec());
    assert_eq!(t.encounter_log_tail(e, 10_000).unwrap(), log);
}

#[test]
fn undoing_past_a_checkpoint_and_changing_drops_it() {
    let (mut t, e, _) = skirmish();
    while t.encounter(e).unwrap().latest.unwrap().seq < INTERVAL + 2 {
        t.encounter_change(e, Event::Next).unwrap();
    }
    assert_eq!(kept(&t, e), vec![INTERVAL as i64]);
    for _ in 0..4 {
        t.encounter_undo(e).unwrap();
    }
    t.encounter_change(e, hit("Goblin 2", 7)).unwrap();
    assert!(kept(&t, e).is_empty(), "the checkpoint after event {INTERVAL} was of events no longer in force");
    let v = t.encounter(e).unwrap();
    assert_eq!(v, replayed(&t, e));
    assert!(!v.can_redo);
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_replayed_over_not_read() {
    let (mut t, e, _) = skirmish();
    for i in 0..INTERVAL as i64 {
        t.encounter_change(e, blow_or_heal("Goblin 1", i)).unwrap();
    }
    t.encounter_change(e, hit("Goblin 1", 5)).unwrap();
    let good = t.encounter(e).unwrap();
    // A state that reads as valid JSON but is not the fight's: the checksum catches it.
    sql(&t, "UPDATE encounter_checkpoint SET state = CAST(replace(CAST(state AS TEXT), '\"round\":', '\"round\":9') AS BLOB)");
    assert_eq!(t.encounter(e).unwrap(), good, "a damaged checkpoint is passed over");
    // A checkpoint made by other rules (an older Tome) is not read, whatever it holds.
    // Such a Tome sealed no encounter; the upgrade sealed it as it was.
    sql(&t, "UPDATE encounter_checkpoint SET key = 'tome-0.0.0-older'");
    sql(&t, "UPDATE encounter SET check_sum = NULL");
    t.db().seal_unsealed().unwrap();
    assert_eq!(t.encounter(e).unwrap(), good);
    assert_eq!(kept(&t, e).len(), 1, "the replay wrote this build's checkpoint in its place");
}

#[derive(Debug, Clone)]
enum Step {
    Change(Event),
    Undo(usize),
    Redo(usize),
    DropCheckpoints,
    DamageCheckpoint,
    EditSheet(i64),
}

fn any_change() -> impl Strategy<Value = Event> {
    let name = prop::sample::select(vec!["Goblin 1", "Goblin 2", "Hero", "Vex", "Nobody"]);
    prop_oneof![
        4 => Just(Event::Next),
        3 => (name.clone(), 1i64..12).prop_map(|(n, a)| hit(n, a)),
        1 => (name.clone(), 1i64..12).prop_map(|(n, a)| Event::Heal { name: n.into(), amount: a }),
        1 => (name.clone(), 1i64..4).prop_map(|(n, r)| Event::AddCondition {
            name: n.into(),
            condition: ConditionRef { id: None, name: "Marked".into() },
            duration: Duration::Rounds { rounds: r },
        }),
        1 => name.clone().prop_map(|n| Event::RemoveCondition { name: n.into(), condition: "Marked".into() }),
        1 => (name, 1i64..3).prop_map(|(n, a)| Event::Act {
            action: "spend".into(),
            name: Some(n.into()),
            inputs: [("ap".to_string(), a.to_string())].into(),
            facts: BTreeMap::new(), sent: None,
        }),
    ]
}

/// A checkpoint is a cache that vouches for itself: one lost, moved to another place or
/// copied from another fight (as a tool writing the file might leave it) is passed over
/// for a replay, and never makes the fight unreadable or shows the other fight's state.
#[test]
fn a_checkpoint_lost_moved_or_from_another_fight_is_passed_over() {
    let (mut t, e, _) = skirmish();
    let other = t.create_encounter("mythcraft", "Other fight").unwrap().id;
    t.encounter_add_npc(other, "Troll", 1, stats(&[("max-hp", 90)])).unwrap();
    t.encounter_add_npc(other, "Hero", 1, stats(&[("max-hp", 60)])).unwrap();
    t.encounter_start(other, &[], &[], Some(5)).unwrap();
    for i in 0..(INTERVAL as i64 + 3) {
        t.encounter_change(e, blow_or_heal("Goblin 1", i)).unwrap();
        t.encounter_change(other, hit("Hero", 1)).unwrap();
    }
    assert_eq!(kept(&t, e).len(), 1);
    let truth = t.encounter_replayed(e).unwrap();
    let tries: &[(&str, String)] = &[
        ("lost", format!("DELETE FROM encounter_checkpoint WHERE encounter_id = {e}")),
        ("moved", format!("UPDATE encounter_checkpoint SET seq = seq - 1 WHERE encounter_id = {e}")),
        (
            "from another fight",
            format!(
                "DELETE FROM encounter_checkpoint WHERE encounter_id = {e};
                 UPDATE encounter_checkpoint SET encounter_id = {e} WHERE encounter_id = {other}"
            ),
        ),
    ];
    for (what, statement) in tries {
        // A write the Tome did not make: the states it keeps in memory are not trusted past it.
        t.db().connection().execute_batch(statement).unwrap();
        assert_eq!(t.encounter(e).unwrap(), truth, "a checkpoint {what}");
        let check = t.check_database().unwrap();
        assert!(check.is_whole(), "a checkpoint {what} is no damage: {check:?}");
    }
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        20 => any_change().prop_map(Step::Change),
        2 => (1usize..70).prop_map(Step::Undo),
        1 => (1usize..70).prop_map(Step::Redo),
        1 => Just(Step::DropCheckpoints),
        1 => Just(Step::DamageCheckpoint),
        1 => (1i64..80).prop_map(Step::EditSheet),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// After every step of any run of changes, undos, redos, lost or damaged checkpoints
    /// and edits to a saved character's sheet, what the encounter shows is what a replay
    /// of its whole log shows, and the answer to each change is what opening the
    /// encounter afterwards shows.
    #[test]
    fn state_from_a_checkpoint_and_its_tail_is_the_full_replay(steps in prop::collection::vec(any_step(), 60..160)) {
        let (mut t, e, vex) = skirmish();
        for step in steps {
            match step {
                Step::Change(ev) => {
                    if let Ok(answer) = t.encounter_change(e, ev.clone()) {
                        prop_assert_eq!(&answer, &t.encounter(e).unwrap(), "the answer to {:?}", ev);
                    }
                }
                Step::Undo(n) => {
                    for _ in 0..n {
                        if t.encounter_undo(e).is_err() { break; }
                    }
                }
                Step::Redo(n) => {
                    for _ in 0..n {
                        if t.encounter_redo(e).is_err() { break; }
                    }
                }
                Step::DropCheckpoints => { sql(&t, "DELETE FROM encounter_checkpoint"); }
                Step::DamageCheckpoint => {
                    sql(&t, "UPDATE encounter_checkpoint SET state = CAST(replace(CAST(state AS TEXT), '\"hp\":', '\"hp\":1') AS BLOB)");
                }
                Step::EditSheet(hp) => edit_sheet(&mut t, vex, hp),
            }
            let shown = t.encounter(e).unwrap();
            prop_assert_eq!(&shown, &replayed(&t, e));
            let log = t.encounter_log(e).unwrap();
            prop_assert_eq!(shown.latest.as_ref(), log.last());
            let tail = t.encounter_log_tail(e, 7).unwrap();
            prop_assert_eq!(&tail[..], &log[log.len().saturating_sub(7)..]);
        }
    }
}
