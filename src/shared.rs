//! One open [`Tome`] shared by callers on several threads: the desktop shell runs each
//! command on a worker thread, off the window's main thread, one at a time against the
//! database.
//!
//! A bug that panics inside a command must not take the rest of the session with it. The
//! panic is caught while the lock is held, so the lock is never poisoned; the database is
//! put back in order ([`crate::db::Db::recover`]: an open transaction rolled back, the
//! file checked) and the search index rebuilt, and the command answers
//! [`Error::Internal`]. Later commands work as before. If the database cannot be put
//! back in order, it is closed and every later command says so.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::api::StartupProblem;
use crate::error::{Error, Result};
use crate::Tome;

/// The open Tome, or why none is open.
pub struct SharedTome {
    slot: Mutex<Slot>,
    /// Whether a thread follows other processes' changes already.
    following: AtomicBool,
}

/// How often a shared Tome looks for changes another process made (see
/// [`SharedTome::follow_other_processes`]): soon enough that a game master's command
/// line reaches the players' window and the table's phones at once.
pub const FOLLOW_EVERY: Duration = Duration::from_millis(100);

enum Slot {
    Open(Box<Tome>),
    /// Nothing open: the database could not be opened at start-up, could not be put
    /// back in order after a bug, or a command met damage. The error says which.
    Closed(Error),
    /// Closed by damage that only Tome's own content has (see
    /// [`StartupProblem::heals_on_retry`]).
    Healable(Error),
}

impl SharedTome {
    pub fn open(tome: Tome) -> SharedTome {
        SharedTome { slot: Mutex::new(Slot::Open(Box::new(tome))), following: AtomicBool::new(false) }
    }

    /// Nothing open yet, because of `why` (shown by every command until one is opened).
    pub fn closed(why: Error) -> SharedTome {
        SharedTome { slot: Mutex::new(Slot::Closed(why)), following: AtomicBool::new(false) }
    }

    /// Why no database is open, if none is.
    pub fn closed_because(&self) -> Option<crate::ErrorPayload> {
        match &*self.lock() {
            Slot::Open(_) => None,
            Slot::Closed(why) | Slot::Healable(why) => Some(why.into()),
        }
    }

    /// The start-up screen's problem for the file at `path` when a command's damage
    /// closed it, saying whether opening it again heals it; `None` while it is open.
    pub fn closed_problem(&self, path: &std::path::Path) -> Option<StartupProblem> {
        match &*self.lock() {
            Slot::Open(_) => None,
            Slot::Closed(why) => Some(StartupProblem::closed(path, why.into(), false)),
            Slot::Healable(why) => Some(StartupProblem::closed(path, why.into(), true)),
        }
    }

    /// Makes `tome` the open one (after a restore, or another file was opened).
    pub fn replace(&self, tome: Tome) {
        *self.lock() = Slot::Open(Box::new(tome));
    }

    /// Closes the database as the app quits, once the command running now (a save, say)
    /// has finished: its log folded into the file, which is remembered as whole, so the
    /// next start need not check it (`db/checked.rs`). A process that exits does not drop
    /// what it holds, so without this every start would find a crash's log.
    pub fn close(&self) {
        let closed = std::mem::replace(&mut *self.lock(), Slot::Closed(Error::Internal("Tome is quitting".into())));
        drop(closed);
    }

    /// Runs `f` against the open Tome. `command` names it in the error a panic becomes.
    ///
    /// # Errors
    /// What `f` answers; [`Error::Internal`] when it panicked; the reason nothing is open
    /// when nothing is.
    pub fn run<T>(&self, command: &str, f: impl FnOnce(&mut Tome) -> Result<T>) -> Result<T> {
        let mut slot = self.lock();
        let tome = match &mut *slot {
            Slot::Open(tome) => tome,
            Slot::Closed(why) | Slot::Healable(why) => return Err(not_open(why)),
        };
        // The Tome is not used again after a panic until `recover` has put it in order.
        match panic::catch_unwind(AssertUnwindSafe(|| f(tome))) {
            Ok(Err(e)) if e.is_damage() => {
                // Damage a backup must mend: the file is closed (so a restore can replace
                // it) and the next open checks it; every later command answers why, as
                // one at start-up does, and the app offers the restore.
                tome.db.found_damage();
                // Whether anything of the user's is damaged decides the way out: if not,
                // the damage is in Tome's own content, which the next open rewrites.
                let heals = tome.db.heals_on_reopen();
                *slot = if heals { Slot::Healable(not_open(&e)) } else { Slot::Closed(not_open(&e)) };
                Err(e)
            }
            Ok(answer) => answer,
            Err(_) => {
                if let Err(why) = recover(tome) {
                    *slot = Slot::Closed(why);
                }
                Err(Error::Internal(format!("running `{command}`")))
            }
        }
    }

    /// From now on, every `every`, tells the open Tome's change hooks of changes another
    /// process committed to its database ([`Tome::notice_other_processes`]): the players'
    /// window and the table's phones follow a game master who changes the fight from the
    /// command line while the app is open. One thread per shared Tome, whichever asks
    /// first (the app, or sharing with the table); it ends once the shared Tome is
    /// dropped. Answers whether this call started it.
    pub fn follow_other_processes(self: &Arc<Self>, every: Duration) -> bool {
        if self.following.swap(true, Ordering::SeqCst) {
            return false;
        }
        let shared = Arc::downgrade(self);
        let started = std::thread::Builder::new().name("tome-follow".into()).spawn(move || loop {
            std::thread::sleep(every);
            let Some(tome) = shared.upgrade() else { return };
            // Nothing open (or a file closed by damage): nothing to follow until one is.
            let _ = tome.run("follow other processes", Tome::notice_other_processes);
        });
        if started.is_err() {
            self.following.store(false, Ordering::SeqCst);
        }
        started.is_ok()
    }

    fn lock(&self) -> MutexGuard<'_, Slot> {
        // A panic is caught inside the lock, so a poisoned lock means one escaped the
        // catch (a panic while panicking aborts instead). The Tome is put back in order
        // before anyone uses it again.
        self.slot.lock().unwrap_or_else(|poisoned| {
            let mut slot = poisoned.into_inner();
            if let Slot::Open(tome) = &mut *slot {
                if let Err(why) = recover(tome) {
                    *slot = Slot::Closed(why);
                }
            }
            self.slot.clear_poison();
            slot
        })
    }
}

fn recover(tome: &mut Tome) -> Result<()> {
    tome.db.recover()?;
    tome.reindex()
}

/// The error of a command run while nothing is open: the reason, kept with its code.
fn not_open(why: &Error) -> Error {
    match why {
        Error::UnusableDatabase { path, reason, details, advice } => Error::UnusableDatabase {
            path: path.clone(),
            reason: reason.clone(),
            details: details.clone(),
            advice: advice.clone(),
        },
        Error::NotFound { what, id, suggestions } => {
            Error::NotFound { what, id: id.clone(), suggestions: suggestions.clone() }
        }
        other => Error::InvalidInput(format!("no database is open: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tome_on_disk() -> (tempfile::TempDir, Tome) {
        let dir = tempfile::tempdir().unwrap();
        let tome = Tome::open(&dir.path().join("tome.db")).unwrap();
        (dir, tome)
    }

    /// A started MythCraft fight with one goblin, through `tome`: its id.
    fn goblin_fight(tome: &mut Tome) -> i64 {
        let e = tome.create_encounter("mythcraft", "Bridge").unwrap().id;
        let stats = std::iter::once(("max-hp".to_string(), 12)).collect();
        tome.encounter_add_npc(e, "Goblin", 1, stats).unwrap();
        tome.encounter_start(e, &[("Goblin".to_string(), 10)], &[], None).unwrap();
        e
    }

    fn blow(tome: &mut Tome, e: i64) {
        let event = crate::encounters::Event::Damage { name: "Goblin".into(), amount: 3, kind: None };
        tome.encounter_change(e, event).unwrap();
    }

    #[test]
    fn another_handles_commit_is_noticed_once_and_this_ones_own_never_twice() {
        let (dir, mut here) = tome_on_disk();
        let told = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = told.clone();
        here.add_change_hook(Arc::new(move || {
            count.fetch_add(1, Ordering::SeqCst);
        }));
        assert!(!here.notice_other_processes().unwrap(), "nothing changed yet");
        let mut there = Tome::open(&dir.path().join("tome.db")).unwrap();
        let e = goblin_fight(&mut there);
        assert!(here.notice_other_processes().unwrap(), "the other handle's fight");
        assert_eq!(told.load(Ordering::SeqCst), 1);
        assert!(!here.notice_other_processes().unwrap(), "told once");
        blow(&mut here, e);
        assert_eq!(told.load(Ordering::SeqCst), 2, "its own change is told as it is made");
        assert!(!here.notice_other_processes().unwrap(), "and not again as another's");
        blow(&mut there, e);
        assert!(here.notice_other_processes().unwrap());
        let hp = here.encounter(e).unwrap().combatants[0]["hp"].as_i64();
        assert_eq!(hp, Some(6), "this handle reads the other's blow");
    }

    #[test]
    fn a_subscriber_of_one_shared_tome_hears_a_change_made_through_another_handle() {
        let (dir, mut here) = tome_on_disk();
        let (tx, rx) = std::sync::mpsc::channel();
        let tx = Mutex::new(tx);
        here.add_change_hook(Arc::new(move || {
            let _ = tx.lock().unwrap().send(());
        }));
        let shared = Arc::new(SharedTome::open(here));
        assert!(shared.follow_other_processes(Duration::from_millis(10)));
        assert!(!shared.follow_other_processes(Duration::from_millis(10)), "one thread per shared Tome");
        let mut there = Tome::open(&dir.path().join("tome.db")).unwrap();
        let e = goblin_fight(&mut there);
        rx.recv_timeout(Duration::from_secs(5)).expect("the other handle's fight is heard");
        // The fight is three commits, which the follower may hear one by one, the last
        // after any wait of ours: caught up here, so a word after this is the blow's.
        shared.run("catch up", Tome::notice_other_processes).unwrap();
        while rx.try_recv().is_ok() {}
        blow(&mut there, e);
        rx.recv_timeout(Duration::from_secs(5)).expect("the other handle's blow is heard");
        let hp = shared.run("view", |t| t.encounter(e)).unwrap().combatants[0]["hp"].as_i64();
        assert_eq!(hp, Some(9));
        // Nothing changes: nothing is told.
        while rx.try_recv().is_ok() {}
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err(), "no change, no word");
    }

    #[test]
    fn closing_as_the_app_quits_leaves_a_file_the_next_start_need_not_check() {
        let (dir, tome) = tome_on_disk();
        let db = dir.path().join("tome.db");
        let shared = SharedTome::open(tome);
        shared.run("create_character", |t| t.create_character("amtgard", "Kept")).unwrap();
        assert!(!crate::db::checked::unchanged(&db), "open: the log is part of the file");
        shared.close();
        assert!(!dir.path().join("tome.db-wal").exists(), "the log was folded in");
        assert!(crate::db::checked::unchanged(&db), "remembered as whole");
        assert!(shared.closed_because().is_some(), "nothing is open after");
    }

    #[test]
    fn a_command_that_panics_mid_transaction_changes_nothing_and_the_next_one_works() {
        let (_dir, mut tome) = tome_on_disk();
        let kept = tome.create_character("mythcraft", "Kept").unwrap();
        let shared = SharedTome::open(tome);
        let panicked = shared.run("save_character", |t| -> Result<()> {
            t.db.connection().execute_batch("BEGIN IMMEDIATE").unwrap();
            t.db.connection().execute("DELETE FROM character WHERE id = ?1", [kept.id]).unwrap();
            panic!("a bug halfway through a write");
        });
        let err = panicked.unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Internal);
        assert!(err.to_string().contains("`save_character`"), "{err}");
        // The delete was rolled back, and the database takes new work.
        let names: Vec<String> =
            shared.run("characters", |t| t.characters()).unwrap().into_iter().map(|c| c.name).collect();
        assert_eq!(names, ["Kept"]);
        shared.run("create_character", |t| t.create_character("amtgard", "Next")).unwrap();
        assert!(!shared.run("search", |t| t.search("frozen", &Default::default())).unwrap().is_empty());
    }

    #[test]
    fn a_poisoned_lock_is_recovered_rather_than_failing_every_later_command() {
        let (_dir, tome) = tome_on_disk();
        let shared = std::sync::Arc::new(SharedTome::open(tome));
        let holder = shared.clone();
        // Poison the lock from outside `run`, as a panic that escaped the catch would.
        let _ = std::thread::spawn(move || {
            let _slot = holder.slot.lock().unwrap();
            panic!("poison");
        })
        .join();
        assert!(shared.slot.is_poisoned());
        assert!(shared.run("systems", |t| t.systems()).unwrap().len() >= 5);
        assert!(!shared.slot.is_poisoned());
    }

    #[test]
    fn a_damaged_record_closes_the_file_so_the_app_offers_the_restore() {
        let (dir, mut tome) = tome_on_disk();
        let db = dir.path().join("tome.db");
        let id = tome.create_character("mythcraft", "Wren").unwrap().id;
        // A byte that is not UTF-8 in the name, where only a read of the row can see it.
        tome.db.connection().execute("UPDATE character SET name = CAST(X'57FF' AS TEXT) WHERE id = ?1", [id]).unwrap();
        let shared = SharedTome::open(tome);
        let err = shared.run("character", |t| t.character(id)).unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Database);
        assert!(err.to_string().contains(&format!("character {id} cannot be read")), "{err}");
        let why = shared.closed_because().expect("closed, as a file refused at start-up");
        assert!(why.message.contains("tome db restore FILE"), "{}", why.message);
        assert!(!crate::db::checked::unchanged(&db), "the next open checks the file");
        assert_eq!(shared.run("systems", |t| t.systems()).unwrap_err().code(), crate::ErrorCode::Database);
        let problem = shared.closed_problem(&db).unwrap();
        assert!(!problem.heals_on_retry, "the user's record needs a backup");
    }

    #[test]
    fn damage_only_in_tomes_own_content_says_opening_again_heals_it_and_it_does() {
        let (dir, tome) = tome_on_disk();
        let db = dir.path().join("tome.db");
        let id = "primal-wild/rule/clash-results";
        let body = tome.show(id).unwrap().body;
        tome.db.connection().execute("UPDATE entry SET body = CAST(X'43FF' AS TEXT) WHERE id = ?1", [id]).unwrap();
        let shared = SharedTome::open(tome);
        let err = shared.run("show", |t| t.show(id)).unwrap_err();
        assert!(err.is_damage(), "{err}");
        let problem = shared.closed_problem(&db).expect("closed");
        assert!(problem.heals_on_retry, "nothing of the user's is damaged");
        assert_eq!(problem.error.code, crate::ErrorCode::Database);
        // What "Try again" does: open the file again, which checks it and rewrites the entry.
        let again = Tome::open(&db).unwrap();
        assert_eq!(again.repaired_at_open(), [id.to_string()]);
        assert_eq!(again.show(id).unwrap().body, body);
    }

    #[test]
    fn nothing_open_answers_why_with_its_code() {
        let shared = SharedTome::closed(Error::unusable("/x/tome.db", "it is damaged (disk image is malformed)"));
        let err = shared.run("systems", |t| t.systems()).unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Database);
        assert!(err.to_string().contains("damaged"), "{err}");
        assert_eq!(shared.closed_because().unwrap().code, crate::ErrorCode::Database);
    }
}
