//! The state of the encounter read or changed last is kept in memory (`src/api/kept.rs`)
//! and read only while nothing could have changed the encounter: another process's commit
//! or any write through this Tome's own connection means reading the database again, even
//! when the encounter's length is the same as before.

use std::collections::BTreeMap;

use tome::encounters::Event;
use tome::error::ErrorCode;
use tome::Tome;

fn goblin_hp(v: &tome::api::EncounterView) -> i64 {
    let g = v.combatants.iter().find(|c| c["name"] == "Goblin").expect("the goblin is there");
    g["hp"].as_i64().expect("its HP")
}

fn blow(amount: i64) -> Event {
    Event::Damage { name: "Goblin".into(), amount, kind: None }
}

/// A MythCraft goblin of 40 HP, a hero and the saved character Vex, initiative rolled,
/// the goblin struck for 3.
fn fight(t: &mut Tome) -> i64 {
    let e = t.create_encounter("mythcraft", "Kept").unwrap().id;
    let stats = |hp: i64| -> BTreeMap<String, i64> { [("max-hp".to_string(), hp)].into() };
    t.encounter_add_npc(e, "Goblin", 1, stats(40)).unwrap();
    t.encounter_add_npc(e, "Hero", 1, stats(60)).unwrap();
    let vex = t.create_character("mythcraft", "Vex").unwrap().id;
    t.encounter_add_character(e, vex).unwrap();
    t.encounter_start(e, &[], &[], Some(3)).unwrap();
    assert_eq!(goblin_hp(&t.encounter_change(e, blow(3)).unwrap()), 37);
    e
}

#[test]
fn another_process_replacing_the_last_change_is_seen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    let mut table = Tome::open(&path).unwrap();
    let e = fight(&mut table);
    assert_eq!(goblin_hp(&table.encounter(e).unwrap()), 37);
    // The command line, while the app is open: the blow of 3 undone and one of 5 made, so
    // the fight is as long as the app last saw it.
    let mut cli = Tome::open(&path).unwrap();
    cli.encounter_undo(e).unwrap();
    assert_eq!(goblin_hp(&cli.encounter_change(e, blow(5)).unwrap()), 35);
    assert_eq!(goblin_hp(&table.encounter(e).unwrap()), 35, "the app shows the blow of 5");
    assert_eq!(goblin_hp(&table.encounter_change(e, blow(1)).unwrap()), 34, "and builds on it");
    assert_eq!(table.encounter(e).unwrap(), table.encounter_replayed(e).unwrap());
}

#[test]
fn a_write_through_the_same_connection_is_seen() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = fight(&mut t);
    assert_eq!(goblin_hp(&t.encounter(e).unwrap()), 37);
    // The blow's stored event changed behind Tome's back (its checksum left as it was):
    // damage, said as such, not the fight as it was kept.
    let changed = t
        .db()
        .connection()
        .execute(
            "UPDATE encounter_event SET event = replace(event, '\"amount\":3', '\"amount\":30') \
             WHERE encounter_id = ?1 AND seq = 5",
            [e],
        )
        .unwrap();
    assert_eq!(changed, 1);
    let err = t.encounter(e).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Database, "{err}");
}

/// What one of two Tomes on the same file (the app and the command line) does next.
#[derive(Debug, Clone)]
enum Op {
    Blow(i64),
    Next,
    Undo,
    Redo,
    Show,
    /// The saved character wounded.
    Wound(i64),
    /// The fight written to the sheets and marked ended: a write around the events, after
    /// which the kept states still hold.
    WriteToSheets,
    /// A write through its connection that is not a change of the fight (the checkpoints
    /// dropped): the kept states must not be trusted past it.
    RawWrite,
}

fn op() -> impl proptest::strategy::Strategy<Value = Op> {
    use proptest::prelude::*;
    prop_oneof![
        3 => (1..5i64).prop_map(Op::Blow),
        1 => Just(Op::Next),
        3 => Just(Op::Undo),
        3 => Just(Op::Redo),
        1 => Just(Op::Show),
        2 => (1..5i64).prop_map(Op::Wound),
        2 => Just(Op::WriteToSheets),
        1 => Just(Op::RawWrite),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Changes, undos, redos, shows and the fight written to the sheets, by the app and the
    /// command line on one file, in any order: after each, what either shows is what a
    /// replay of the stored log shows, whichever states each keeps (an undo straight after
    /// a change reads the state before it; a redo after an undo the state after).
    #[test]
    fn the_kept_states_always_show_what_a_replay_shows(
        steps in proptest::collection::vec((proptest::bool::ANY, op()), 1..40)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        let mut app = Tome::open(&path).unwrap();
        let e = fight(&mut app);
        let mut cli = Tome::open(&path).unwrap();
        for (by_cli, op) in steps {
            let t = if by_cli { &mut cli } else { &mut app };
            let answer = match op {
                Op::Blow(amount) => t.encounter_change(e, blow(amount)),
                Op::Next => t.encounter_change(e, Event::Next),
                Op::Undo => t.encounter_undo(e),
                Op::Redo => t.encounter_redo(e),
                Op::Show => t.encounter(e),
                Op::Wound(amount) => t.encounter_change(e, Event::Damage { name: "Vex".into(), amount, kind: None }),
                Op::WriteToSheets => t.encounter_end(e, true).and_then(|_| t.encounter(e)),
                Op::RawWrite => {
                    t.db().connection().execute("DELETE FROM encounter_checkpoint WHERE encounter_id = ?1", [e]).unwrap();
                    t.encounter(e)
                }
            };
            if let Ok(shown) = answer {
                proptest::prop_assert_eq!(&shown, &t.encounter_replayed(e).unwrap());
            }
            proptest::prop_assert_eq!(app.encounter(e).unwrap(), app.encounter_replayed(e).unwrap());
            proptest::prop_assert_eq!(cli.encounter(e).unwrap(), cli.encounter_replayed(e).unwrap());
        }
    }
}
