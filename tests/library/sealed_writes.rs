//! Issue 73: every write Tome makes to a sealed row seals it again. Generated sequences
//! of the user's writes (fights made, changed, undone, redone, ended, flagged, copied
//! and deleted; characters made, renamed, joined and deleted; parties filled and
//! emptied; documents imported, shared and removed) run on a database opened in memory
//! and filled from a copy (`Db::open_in_memory`, then `restore_from`, as the UI fixture
//! and the shell's restore do). After each step every fight, party and document still
//! reads, and at the end `tome db check` finds nothing changed. Tome's own write that
//! left a sealed row unsealed would read back as damage, the user's work refused.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use proptest::prelude::*;
use tome::db::Db;
use tome::error::{Error, ErrorCode};
use tome::Tome;

/// A Tome over an in-memory database restored from a copy of the shipped content.
fn restored() -> Tome {
    static TEMPLATE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, template) = TEMPLATE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("shipped.db");
        Tome::open_in_memory().unwrap().db().backup_to(&file).unwrap();
        (dir, file)
    });
    let mut db = Db::open_in_memory().unwrap();
    db.restore_from(template).unwrap();
    Tome::from_db(db).unwrap()
}

#[derive(Debug, Clone)]
enum Step {
    NewFight,
    AddNpc(usize, i64),
    Undo(usize),
    Redo(usize),
    End(usize, bool),
    Flag(usize, u8, bool),
    Copy(usize),
    DeleteFight(usize),
    NewCharacter,
    Rename(usize),
    DeleteCharacter(usize),
    Join(usize, usize),
    NewParty,
    PartyAdd(usize, usize),
    PartyRemove(usize, usize),
    PartyJoins(usize, usize),
    ImportDoc(u8),
    ShareDoc(usize, bool),
    RemoveDoc(usize),
}

fn step() -> impl Strategy<Value = Step> {
    let i = || 0usize..4;
    prop_oneof![
        1 => Just(Step::NewFight),
        3 => (i(), 1i64..30).prop_map(|(f, hp)| Step::AddNpc(f, hp)),
        1 => i().prop_map(Step::Undo),
        1 => i().prop_map(Step::Redo),
        1 => (i(), any::<bool>()).prop_map(|(f, a)| Step::End(f, a)),
        1 => (i(), 0u8..3, any::<bool>()).prop_map(|(f, w, on)| Step::Flag(f, w, on)),
        1 => i().prop_map(Step::Copy),
        1 => i().prop_map(Step::DeleteFight),
        1 => Just(Step::NewCharacter),
        1 => i().prop_map(Step::Rename),
        1 => i().prop_map(Step::DeleteCharacter),
        1 => (i(), i()).prop_map(|(f, c)| Step::Join(f, c)),
        1 => Just(Step::NewParty),
        1 => (i(), i()).prop_map(|(p, c)| Step::PartyAdd(p, c)),
        1 => (i(), i()).prop_map(|(p, c)| Step::PartyRemove(p, c)),
        1 => (i(), i()).prop_map(|(f, p)| Step::PartyJoins(f, p)),
        1 => (0u8..3).prop_map(Step::ImportDoc),
        1 => (i(), any::<bool>()).prop_map(|(d, on)| Step::ShareDoc(d, on)),
        1 => i().prop_map(Step::RemoveDoc),
    ]
}

/// The `n`th of `ids` (wrapping), or a number no row has.
fn pick(ids: &[i64], n: usize) -> i64 {
    if ids.is_empty() {
        9_999
    } else {
        ids[n % ids.len()]
    }
}

/// A refusal the user can be given (a missing row, a step the rules refuse) is fine;
/// a database error (damage named among them) is not.
fn allowed<T>(what: &Step, r: Result<T, Error>) -> Result<Option<T>, TestCaseError> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e) if matches!(e.code(), ErrorCode::Database | ErrorCode::Internal | ErrorCode::Io) => {
            Err(TestCaseError::fail(format!("{what:?}: {e}")))
        }
        Err(_) => Ok(None),
    }
}

fn run(t: &mut Tome, step: &Step) -> Result<(), TestCaseError> {
    let fights: Vec<i64> = t.encounters().unwrap().iter().map(|s| s.id).collect();
    let characters: Vec<i64> = t.characters().unwrap().iter().map(|c| c.id).collect();
    let parties: Vec<String> = t.parties().unwrap().iter().map(|p| p.id.to_string()).collect();
    let docs: Vec<String> = t.docs().unwrap().iter().map(|d| d.id.clone()).collect();
    let party = |n: usize| parties.get(n % parties.len().max(1)).cloned().unwrap_or_else(|| "9999".into());
    let doc = |n: usize| docs.get(n % docs.len().max(1)).cloned().unwrap_or_else(|| "none".into());
    match *step {
        Step::NewFight => allowed(step, t.create_encounter("mythcraft", "Road").map(drop))?,
        Step::AddNpc(f, hp) => allowed(
            step,
            t.encounter_add_npc(
                pick(&fights, f),
                &format!("Goblin {hp}"),
                1,
                BTreeMap::from([("max-hp".to_string(), hp)]),
            )
            .map(drop),
        )?,
        Step::Undo(f) => allowed(step, t.encounter_undo(pick(&fights, f)).map(drop))?,
        Step::Redo(f) => allowed(step, t.encounter_redo(pick(&fights, f)).map(drop))?,
        Step::End(f, apply) => allowed(step, t.encounter_end(pick(&fights, f), apply).map(drop))?,
        Step::Flag(f, which, on) => {
            let id = pick(&fights, f);
            let r = match which {
                0 => t.encounter_offer_reveal(id, on).map(drop),
                1 => t.encounter_table_totals(id, on).map(drop),
                _ => t.set_newcomers_hidden(id, on),
            };
            allowed(step, r)?
        }
        Step::Copy(f) => allowed(
            step,
            t.encounter_duplicate(pick(&fights, f), if f % 2 == 0 { "Goblin 9" } else { "Goblin 12" }).map(drop),
        )?,
        Step::DeleteFight(f) => allowed(step, t.delete_encounter(pick(&fights, f)))?,
        Step::NewCharacter => allowed(step, t.create_character("mythcraft", "Ann").map(drop))?,
        Step::Rename(c) => {
            let found = allowed(step, t.character(pick(&characters, c)))?;
            match found {
                Some(mut ch) => {
                    ch.name = format!("{} the Bold", ch.name.split(' ').next().unwrap_or("Ann"));
                    allowed(step, t.save_character(&ch).map(drop))?
                }
                None => None,
            }
        }
        Step::DeleteCharacter(c) => allowed(step, t.delete_character(pick(&characters, c)))?,
        Step::Join(f, c) => allowed(step, t.encounter_add_character(pick(&fights, f), pick(&characters, c)).map(drop))?,
        Step::NewParty => allowed(step, t.create_party("mythcraft", &format!("Wardens {}", parties.len())).map(drop))?,
        Step::PartyAdd(p, c) => allowed(step, t.party_add(&party(p), &[pick(&characters, c)]).map(drop))?,
        Step::PartyRemove(p, c) => allowed(step, t.party_remove(&party(p), &[pick(&characters, c)]).map(drop))?,
        Step::PartyJoins(f, p) => allowed(step, t.encounter_add_party(pick(&fights, f), &party(p)).map(drop))?,
        Step::ImportDoc(n) => {
            let text = format!("# Stalls {n}\n\nWares and prices.\n\n# Lanterns\n\nViolet flames hum at night.\n");
            allowed(step, t.import_text(&format!("notes-{n}.md"), text.as_bytes(), "mythcraft", None).map(drop))?
        }
        Step::ShareDoc(d, on) => allowed(step, t.set_doc_shared(&doc(d), on).map(drop))?,
        Step::RemoveDoc(d) => allowed(step, t.remove_doc(&doc(d)).map(drop))?,
    };
    Ok(())
}

/// Every fight, party and document reads.
fn all_read(t: &Tome, after: &Step) -> Result<(), TestCaseError> {
    for s in t.encounters().map_err(|e| TestCaseError::fail(format!("{after:?}: the fights: {e}")))? {
        t.encounter(s.id).map_err(|e| TestCaseError::fail(format!("{after:?}: fight {}: {e}", s.id)))?;
    }
    for p in t.parties().map_err(|e| TestCaseError::fail(format!("{after:?}: the parties: {e}")))? {
        t.party(&p.id.to_string()).map_err(|e| TestCaseError::fail(format!("{after:?}: party {}: {e}", p.id)))?;
    }
    t.docs().map_err(|e| TestCaseError::fail(format!("{after:?}: the documents: {e}")))?;
    Ok(())
}

proptest! {
    // Few cases: each builds a database and ends with a whole check (more in `make fuzz`).
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn every_write_to_a_sealed_row_reads_back(steps in prop::collection::vec(step(), 4..24)) {
        let mut t = restored();
        for s in [Step::NewFight, Step::NewFight, Step::AddNpc(0, 9), Step::AddNpc(1, 12), Step::NewCharacter,
            Step::NewCharacter, Step::NewParty, Step::PartyAdd(0, 0), Step::ImportDoc(0)] {
            run(&mut t, &s)?;
        }
        for s in &steps {
            run(&mut t, s)?;
            all_read(&t, s)?;
        }
        let check = t.check_database().unwrap();
        prop_assert!(check.damaged.is_empty(), "db check after {:?}: {:?}", steps, check.damaged);
    }
}
