//! Tome's desktop shell. Every command is a thin adapter over [`tome::Tome`]; errors cross
//! IPC as the core's [`ErrorPayload`] (`{code, message, problems?, suggestions?}`), as the
//! core wrote them, so the UI branches on the code.
//!
//! The commands are the core's list ([`tome::ipc_commands!`], src/ipc.rs), which makes
//! the `invoke_handler` below and the UI's typed command map. Their functions live in
//! [`commands`], one module per area as the core's API is (`src/api/`);
//! `tests/bindings.rs` checks that each takes and answers what the list says. This file
//! holds what they share (the open database, running off the window's thread) and the
//! start-up.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tauri::{AppHandle, Emitter, Manager, WindowEvent};
use tome::api::{ChangeHook, StartupProblem};
use tome::share::Share;
use tome::shared::SharedTome;
use tome::{ErrorCode, ErrorPayload, Tome};

use dialogs::{Opens, Saves};

mod commands;
mod dialogs;
mod renderer;
mod startup_trace;

/// The open database, and where it is. Every command runs on a worker thread (never the
/// window's main thread, which would freeze the window meanwhile), one at a time against
/// the database; a command that panics answers `internal` and the next one works (see
/// [`SharedTome`]).
pub(crate) struct App {
    tome: Arc<SharedTome>,
    /// The file, and why it could not be opened at start-up (until it is).
    db: Mutex<Db>,
    /// Tells every window that something the table sees changed (`tome://changed`, which
    /// carries nothing): the players' window asks for its view again.
    changed: ChangeHook,
    /// Sharing with the table, while it is on.
    sharing: Arc<Mutex<Option<Share>>>,
}

struct Db {
    path: PathBuf,
    problem: Option<StartupProblem>,
}

pub(crate) type Reply<T> = Result<T, ErrorPayload>;

impl App {
    /// Runs `f` against the open Tome on a worker thread; `command` names it if it panics.
    async fn run<T: Send + 'static>(
        &self,
        command: &'static str,
        f: impl FnOnce(&mut Tome) -> tome::Result<T> + Send + 'static,
    ) -> Reply<T> {
        let tome = self.tome.clone();
        let answer = off_main(command, move || tome.run(command, f).map_err(ErrorPayload::from)).await;
        if answer.as_ref().is_err_and(|e| e.code == ErrorCode::Database) {
            self.closed_by_damage();
        }
        answer
    }

    /// A command found damage and the core closed the file: `startup_problem` now says
    /// so, with the ways out the start-up screen offers (restore the newest backup…).
    fn closed_by_damage(&self) {
        let path = self.db().path.clone();
        if let Some(problem) = self.tome.closed_problem(&path) {
            let mut db = self.db();
            if db.problem.is_none() {
                db.problem = Some(problem);
            }
        }
    }

    fn db(&self) -> std::sync::MutexGuard<'_, Db> {
        self.db.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Makes `opened` (of the file `path`) the open Tome, or keeps why it failed.
    fn opened(&self, path: PathBuf, opened: tome::Result<Tome>) -> Reply<()> {
        let mut db = self.db();
        match opened {
            Ok(mut tome) => {
                tome.add_change_hook(self.changed.clone());
                // The table was shown the database being replaced: sharing stops with it
                // (off this async thread, as stopping waits for the server).
                if let Some(share) = lock_share(&self.sharing).take() {
                    std::thread::spawn(move || share.stop());
                }
                self.tome.replace(tome);
                *db = Db { path, problem: None };
                Ok(())
            }
            Err(e) => {
                if db.problem.is_some() {
                    db.problem = Some(StartupProblem::new(&path, &e));
                }
                Err(e.into())
            }
        }
    }
}

/// Runs slow work on the blocking pool; a panic there answers `internal`.
pub(crate) async fn off_main<T: Send + 'static>(what: &str, f: impl FnOnce() -> Reply<T> + Send + 'static) -> Reply<T> {
    tauri::async_runtime::spawn_blocking(f)
        .await
        .map_err(|e| ErrorPayload::from(tome::Error::Internal(format!("running `{what}` ({e})"))))?
}

/// The running share, if any; a command that panicked holding it does not lose it.
pub(crate) fn lock_share(slot: &Mutex<Option<Share>>) -> std::sync::MutexGuard<'_, Option<Share>> {
    slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The `invoke_handler` of every command in the core's list (`tome::ipc_commands!`). The
/// page calls each by its function's own name (`commands::encounters::encounter_act` is
/// `encounter_act`): Tauri names a command by the last segment of its path.
macro_rules! handler {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        tauri::generate_handler![$(commands::$name),*]
    };
}

/// Set once the main window asked the page to save before closing.
static CLOSING: AtomicBool = AtomicBool::new(false);
/// How long the page has to save what is pending before the window closes anyway.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// Closing the main window (its button, the window manager, Alt+F4) first asks the page
/// to save what is pending (a sheet change within the autosave's delay); the page answers
/// `close_ready`. A page that never answers does not keep the window open: it closes
/// after [`CLOSE_GRACE`]. A second request closes at once.
fn on_window_event(window: &tauri::Window, event: &WindowEvent) {
    if let WindowEvent::CloseRequested { api, .. } = event {
        if window.label() == "main" && !CLOSING.swap(true, Ordering::SeqCst) {
            // Each step of closing is said on standard error (one line each): a window that
            // stays open after a close is then told apart from a close that never arrived.
            eprintln!("tome-desktop: asked to close; saving what is pending first");
            api.prevent_close();
            let _ = window.emit("tome://before-close", ());
            let handle = window.app_handle().clone();
            std::thread::spawn(move || {
                std::thread::sleep(CLOSE_GRACE);
                eprintln!("tome-desktop: the page did not answer in {} s; closing anyway", CLOSE_GRACE.as_secs());
                handle.exit(0);
            });
        }
    }
}

/// How long after the start the weekly whole-file check may run: past the start itself and
/// a quick look-up (start, search, quit), so neither shares the machine with it.
const WEEKLY_CHECK_AFTER: std::time::Duration = std::time::Duration::from_secs(90);

/// Opens the database (or keeps why it could not be opened, to say so in the window) and
/// starts building the search index while the window starts, not on the first keystroke.
fn open_database(handle: AppHandle) -> App {
    let path = Tome::resolve_db_path(None).unwrap_or_else(|_| PathBuf::from("tome.db"));
    let (tome, problem) = match Tome::open(&path) {
        Ok(tome) => (SharedTome::open(tome), None),
        Err(e) => {
            eprintln!("tome-desktop: {e}");
            let problem = StartupProblem::new(&path, &e);
            (SharedTome::closed(e), Some(problem))
        }
    };
    let tome = Arc::new(tome);
    let checked = handle.clone();
    // The players' window follows the command line too (`tome encounter act …` while the
    // app is open): the open Tome's hooks hear other processes' commits.
    tome.follow_other_processes(tome::shared::FOLLOW_EVERY);
    let changed: ChangeHook = Arc::new(move || {
        let _ = handle.emit("tome://changed", ());
    });
    // Nothing open yet (a start-up problem): `opened` adds it once a database opens.
    let _ = tome.run("follow changes", |t| Ok(t.add_change_hook(changed.clone())));
    let warm = tome.clone();
    std::thread::spawn(move || {
        let _ = warm.run("warm_search", |t| t.warm_search());
        // Once a week, the whole check (`tome db check`), well after the start: it holds
        // the database for a second or more and takes a core, which a start must not
        // wait on (a start that quits sooner leaves it for the next). What it finds
        // closes the file. The page is told when it repaired or found something
        // (`tome://checked`): it asks `repair_notice`, which names the repairs, or
        // answers `database`, and the page offers the restore.
        std::thread::sleep(WEEKLY_CHECK_AFTER);
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
        let found = warm.run("weekly_check", |t| t.check_if_due(now));
        let tell = match &found {
            Ok(check) => check.as_ref().is_some_and(|c| c.made_repairs()),
            Err(e) => e.is_damage(),
        };
        if tell {
            let _ = checked.emit("tome://checked", ());
        }
    });
    App { tome, db: Mutex::new(Db { path, problem }), changed, sharing: Arc::default() }
}

fn main() {
    startup_trace::mark("main");
    renderer::choose();
    let mut builder = tauri::Builder::default()
        // First, so a second launch hands over before anything else starts: it focuses
        // this window and exits, without opening the database.
        .plugin(tauri_plugin_single_instance::init(|handle, _args, _cwd| {
            if let Some(window) = handle.get_webview_window("main") {
                let _ = window.unminimize();
                let _ = window.show();
                let _ = window.set_focus();
            }
        }))
        .plugin(tauri_plugin_dialog::init())
        // Runs before the window's page can ask anything (commands wait for the event
        // loop, which starts after this). A database that cannot be opened is explained
        // in the window, with the ways out (restore the newest backup, open another file,
        // try again, quit), not a silent exit.
        .setup(|app| {
            startup_trace::mark("window made");
            app.manage(open_database(app.handle().clone()));
            startup_trace::mark("database open");
            Ok(())
        });
    if startup_trace::enabled() {
        builder = builder
            .plugin(startup_trace::plugin())
            .on_page_load(|_, page| startup_trace::mark(&format!("page load {:?}", page.event())));
    }
    let built = builder
        .manage(Saves::from_env())
        .manage(Opens::from_env())
        .on_window_event(on_window_event)
        .invoke_handler(tome::ipc_commands!(handler))
        .build(tauri::generate_context!())
        .map(|app| {
            app.run(|handle, event| {
                // As the app is asked to quit, before its windows are torn down (a crash
                // there must not leave the file as a crash's); again at the very end, for
                // a way out that skipped the request. Closing twice is harmless.
                if let tauri::RunEvent::ExitRequested { .. } | tauri::RunEvent::Exit = event {
                    if matches!(event, tauri::RunEvent::ExitRequested { .. }) {
                        eprintln!("tome-desktop: quitting");
                    }
                    if let Some(app) = handle.try_state::<App>() {
                        // Quitting ends every device's session before the database closes.
                        let sharing = lock_share(&app.sharing).take();
                        drop(sharing);
                        app.tome.close();
                    }
                }
            });
        });
    if let Err(e) = built {
        if let tauri::Error::PluginInitialization(plugin, _) = &e {
            if plugin == "single-instance" {
                start_again_once();
            }
        }
        eprintln!("tome-desktop: the window could not start: {e}");
        std::process::exit(1);
    }
}

/// A second launch found a Tome running and asked it to take over, but that Tome was
/// quitting and left the session bus without answering: its name is free now, so this
/// launch starts once more, in place (the same process), and becomes the running Tome
/// or hands over to one. Only once: a bus that never answers is said and not looped on.
fn start_again_once() {
    const AGAIN: &str = "TOME_STARTED_AGAIN";
    if std::env::var_os(AGAIN).is_some() {
        return;
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        if let Ok(me) = std::env::current_exe() {
            let err = std::process::Command::new(me).args(std::env::args_os().skip(1)).env(AGAIN, "1").exec();
            eprintln!("tome-desktop: could not start again after the running Tome quit: {err}");
        }
    }
}
