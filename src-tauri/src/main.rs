//! Tome's desktop shell. Every command is a thin adapter over [`tome::Tome`]; errors cross
//! IPC as the core's [`ErrorPayload`] (`{code, message, problems?, suggestions?}`), as the
//! core wrote them, so the UI branches on the code.
//!
//! The commands are the core's list ([`tome::ipc_commands!`], src/ipc.rs), which makes
//! the `invoke_handler` below and the UI's typed command map; `tests/bindings.rs` checks
//! that each function here takes and answers what the list says.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tauri::ipc::Response;
use tauri::{AppHandle, Emitter, Manager, State, WebviewWindow, WindowEvent};
use tauri_plugin_dialog::DialogExt;
use tome::adversaries::{Adversary, AdversarySummary, AdversaryView};
use tome::api::{ChangeHook, EncounterKit, EncounterView, Lasting, PlayerView, Repair, SessionPick, StartupProblem};
use tome::characters::{Character, CharacterChange, CharacterItem, CharacterRef, CharacterRevision, CharacterSummary};
use tome::db::parties::Party;
use tome::encounters::{Event, LogEntry, Summary};
use tome::error::Problem;
use tome::ipc::PdfSource;
use tome::model::{Entry, ListItem, SearchHit, System, Table, TableRoll};
use tome::packs::{PackImport, PackInfo};
use tome::pdf::PdfOptions;
use tome::rules::{CalculatorInfo, Outcome};
use tome::screen::Screen;
use tome::search::SearchFilter;
use tome::share::{Device, InboxItem, LocalAddress, Share, ShareOptions, ShareStatus};
use tome::shared::SharedTome;
use tome::sheets::recovery::{RecoveryReport, RecoveryRoll};
use tome::sheets::{CharacterView, Derived, SheetLayout};
use tome::textdocs::{DocImport, DocInfo};
use tome::{ErrorCode, ErrorPayload, Kind, Tome};

mod renderer;
mod startup_trace;

/// The open database, and where it is. Every command runs on a worker thread (never the
/// window's main thread, which would freeze the window meanwhile), one at a time against
/// the database; a command that panics answers `internal` and the next one works (see
/// [`SharedTome`]).
struct App {
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

type Reply<T> = Result<T, ErrorPayload>;

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
async fn off_main<T: Send + 'static>(what: &str, f: impl FnOnce() -> Reply<T> + Send + 'static) -> Reply<T> {
    tauri::async_runtime::spawn_blocking(f)
        .await
        .map_err(|e| ErrorPayload::from(tome::Error::Internal(format!("running `{what}` ({e})"))))?
}

#[tauri::command]
async fn systems(app: State<'_, App>) -> Reply<Vec<System>> {
    app.run("systems", move |t| t.systems()).await
}

#[tauri::command]
async fn list_entries(app: State<'_, App>, kind: Kind, system: Option<String>) -> Reply<Vec<ListItem>> {
    app.run("list_entries", move |t| t.list(kind, system.as_deref())).await
}

#[tauri::command]
async fn show_entry(app: State<'_, App>, id: String) -> Reply<Entry> {
    app.run("show_entry", move |t| t.show(&id)).await
}

#[tauri::command]
async fn get_table(app: State<'_, App>, id: String) -> Reply<Table> {
    app.run("get_table", move |t| t.table(&id, None)).await
}

#[tauri::command]
async fn roll_table(app: State<'_, App>, id: String) -> Reply<TableRoll> {
    app.run("roll_table", move |t| t.roll_table(&id, &mut rand::rng())).await
}

#[tauri::command]
async fn calculators(app: State<'_, App>) -> Reply<Vec<CalculatorInfo>> {
    app.run("calculators", move |t| t.calculators()).await
}

#[tauri::command]
async fn calculate(
    app: State<'_, App>,
    system: String,
    name: String,
    values: BTreeMap<String, String>,
) -> Reply<Outcome> {
    app.run("calculate", move |t| t.calculate_form(&system, &name, values)).await
}

#[tauri::command]
async fn roll_dice(dice: String) -> Reply<tome::dice::DiceRoll> {
    tome::dice::roll_spec(&dice, &mut rand::rng(), 1)
        .map_err(|message| ErrorPayload::new(ErrorCode::InvalidInput, message))
}

#[tauri::command]
async fn search(
    app: State<'_, App>,
    query: String,
    system: Option<String>,
    kind: Option<Kind>,
    limit: Option<usize>,
) -> Reply<Vec<SearchHit>> {
    app.run("search", move |t| t.search(&query, &SearchFilter { system, kind, limit })).await
}

// ---- Characters: storage, history and files (the core checks everything) ----

#[tauri::command]
async fn characters(app: State<'_, App>) -> Reply<Vec<CharacterSummary>> {
    app.run("characters", move |t| t.characters()).await
}

/// A saved character with its derived stats.
#[tauri::command]
async fn character_view(app: State<'_, App>, id: i64) -> Reply<CharacterView> {
    app.run("character_view", move |t| t.character_view(id)).await
}

#[tauri::command]
async fn create_character(app: State<'_, App>, system: String, name: String) -> Reply<Character> {
    app.run("create_character", move |t| t.create_character(&system, &name)).await
}

/// Saves `character` (made from its `revision`) and answers with the stored character
/// and what the rules derive from it.
#[tauri::command]
async fn save_character(app: State<'_, App>, character: Character) -> Reply<CharacterView> {
    app.run("save_character", move |t| {
        let character = t.save_character(&character)?;
        t.view_of(character)
    })
    .await
}

#[tauri::command]
async fn delete_character(app: State<'_, App>, id: i64) -> Reply<()> {
    app.run("delete_character", move |t| t.delete_character(id)).await
}

// ---- Encounters ----

#[tauri::command]
async fn encounters(app: State<'_, App>) -> Reply<Vec<Summary>> {
    app.run("encounters", move |t| t.encounters()).await
}

#[tauri::command]
async fn create_encounter(
    app: State<'_, App>,
    system: String,
    name: String,
    mode: Option<String>,
) -> Reply<EncounterView> {
    app.run("create_encounter", move |t| t.create_encounter_mode(&system, &name, mode.as_deref())).await
}

#[tauri::command]
async fn delete_encounter(app: State<'_, App>, id: i64) -> Reply<()> {
    app.run("delete_encounter", move |t| t.delete_encounter(id)).await
}

#[tauri::command]
async fn encounter(app: State<'_, App>, id: i64) -> Reply<EncounterView> {
    app.run("encounter", move |t| t.encounter(id)).await
}

#[tauri::command]
async fn encounter_kit(app: State<'_, App>, id: i64) -> Reply<EncounterKit> {
    app.run("encounter_kit", move |t| t.encounter_kit(id)).await
}

#[tauri::command]
async fn encounter_add_npc(
    app: State<'_, App>,
    id: i64,
    name: String,
    count: i64,
    stats: BTreeMap<String, i64>,
    hidden: Option<bool>,
) -> Reply<EncounterView> {
    app.run("encounter_add_npc", move |t| t.encounter_add_npc_with(id, &name, count, stats, hidden, None)).await
}

#[tauri::command]
async fn encounter_duplicate(app: State<'_, App>, id: i64, name: String) -> Reply<EncounterView> {
    app.run("encounter_duplicate", move |t| t.encounter_duplicate(id, &name)).await
}

#[tauri::command]
async fn encounter_add_character(
    app: State<'_, App>,
    id: i64,
    character: i64,
    hidden: Option<bool>,
) -> Reply<EncounterView> {
    app.run("encounter_add_character", move |t| t.encounter_add_character_with(id, character, hidden)).await
}

#[tauri::command]
async fn newcomers_hidden(app: State<'_, App>) -> Reply<bool> {
    app.run("newcomers_hidden", |t| t.newcomers_hidden()).await
}

#[tauri::command]
async fn set_newcomers_hidden(app: State<'_, App>, hidden: bool) -> Reply<()> {
    app.run("set_newcomers_hidden", move |t| t.set_newcomers_hidden(hidden)).await
}

#[tauri::command]
async fn encounter_start(
    app: State<'_, App>,
    id: i64,
    rolls: Vec<(String, i64)>,
    tie_rolls: Vec<(String, i64)>,
) -> Reply<EncounterView> {
    app.run("encounter_start", move |t| t.encounter_start(id, &rolls, &tie_rolls, None)).await
}

#[tauri::command]
async fn encounter_change(app: State<'_, App>, id: i64, event: Event) -> Reply<EncounterView> {
    app.run("encounter_change", move |t| t.encounter_change(id, event)).await
}

#[tauri::command]
async fn encounter_condition(
    app: State<'_, App>,
    id: i64,
    name: String,
    condition: String,
    duration: tome::encounters::Duration,
    remove: bool,
    custom: Option<bool>,
) -> Reply<EncounterView> {
    app.run("encounter_condition", move |t| {
        if custom.unwrap_or(false) && !remove {
            t.encounter_custom_condition(id, &name, &condition, duration)
        } else {
            t.encounter_condition(id, &name, &condition, duration, remove)
        }
    })
    .await
}

#[tauri::command]
async fn encounter_act(
    app: State<'_, App>,
    id: i64,
    action: String,
    name: Option<String>,
    inputs: BTreeMap<String, String>,
) -> Reply<EncounterView> {
    app.run("encounter_act", move |t| t.encounter_act_form(id, &action, name.as_deref(), inputs, None)).await
}

#[tauri::command]
async fn encounter_undo(app: State<'_, App>, id: i64) -> Reply<EncounterView> {
    app.run("encounter_undo", move |t| t.encounter_undo(id)).await
}

#[tauri::command]
async fn encounter_redo(app: State<'_, App>, id: i64) -> Reply<EncounterView> {
    app.run("encounter_redo", move |t| t.encounter_redo(id)).await
}

#[tauri::command]
async fn encounter_log(app: State<'_, App>, id: i64, last: Option<usize>) -> Reply<Vec<LogEntry>> {
    app.run("encounter_log", move |t| match last {
        Some(n) => t.encounter_log_tail(id, n),
        None => t.encounter_log(id),
    })
    .await
}

#[tauri::command]
async fn encounter_next_fight(app: State<'_, App>, id: i64, name: Option<String>) -> Reply<EncounterView> {
    app.run("encounter_next_fight", move |t| t.encounter_next_fight(id, name.as_deref())).await
}

#[tauri::command]
async fn encounter_again(app: State<'_, App>, id: i64, name: Option<String>) -> Reply<EncounterView> {
    app.run("encounter_again", move |t| t.encounter_again(id, name.as_deref())).await
}

#[tauri::command]
async fn encounter_add_party(app: State<'_, App>, id: i64, party: i64, hidden: Option<bool>) -> Reply<EncounterView> {
    app.run("encounter_add_party", move |t| t.encounter_add_party_with(id, &party.to_string(), hidden)).await
}

// ---- The adversaries library ----

#[tauri::command]
async fn encounter_add_adversary(
    app: State<'_, App>,
    id: i64,
    adversary: String,
    count: i64,
    hidden: Option<bool>,
) -> Reply<EncounterView> {
    app.run("encounter_add_adversary", move |t| t.encounter_add_adversary_named(id, &adversary, count, hidden, None))
        .await
}

#[tauri::command]
async fn adversaries(app: State<'_, App>) -> Reply<Vec<AdversarySummary>> {
    app.run("adversaries", move |t| t.adversaries()).await
}

#[tauri::command]
async fn adversary_view(app: State<'_, App>, id: i64) -> Reply<AdversaryView> {
    app.run("adversary_view", move |t| t.adversary_view(id)).await
}

#[tauri::command]
async fn check_adversary(app: State<'_, App>, adversary: Adversary) -> Reply<AdversaryView> {
    app.run("check_adversary", move |t| t.check_adversary(&adversary).map(|(_, view)| view)).await
}

#[tauri::command]
async fn create_adversary(app: State<'_, App>, adversary: Adversary) -> Reply<AdversaryView> {
    app.run("create_adversary", move |t| t.create_adversary(&adversary)).await
}

#[tauri::command]
async fn save_adversary(app: State<'_, App>, adversary: Adversary) -> Reply<AdversaryView> {
    app.run("save_adversary", move |t| t.save_adversary(&adversary)).await
}

#[tauri::command]
async fn delete_adversary(app: State<'_, App>, id: i64) -> Reply<()> {
    app.run("delete_adversary", move |t| t.delete_adversary(id)).await
}

#[tauri::command]
async fn encounter_save_adversary(
    app: State<'_, App>,
    id: i64,
    name: String,
    adversary_name: Option<String>,
) -> Reply<AdversaryView> {
    app.run("encounter_save_adversary", move |t| t.adversary_from_combatant(id, &name, adversary_name.as_deref())).await
}

#[tauri::command]
async fn adversary_entry(app: State<'_, App>, id: String) -> Reply<Entry> {
    app.run("adversary_entry", move |t| t.adversary_entry(&id)).await
}

// ---- Parties and the session log ----

#[tauri::command]
async fn parties(app: State<'_, App>) -> Reply<Vec<Party>> {
    app.run("parties", move |t| t.parties()).await
}

#[tauri::command]
async fn create_party(app: State<'_, App>, system: String, name: String) -> Reply<Party> {
    app.run("create_party", move |t| t.create_party(&system, &name)).await
}

#[tauri::command]
async fn party_add(app: State<'_, App>, party: i64, characters: Vec<i64>) -> Reply<Party> {
    app.run("party_add", move |t| t.party_add(&party.to_string(), &characters)).await
}

#[tauri::command]
async fn party_remove(app: State<'_, App>, party: i64, characters: Vec<i64>) -> Reply<Party> {
    app.run("party_remove", move |t| t.party_remove(&party.to_string(), &characters)).await
}

#[tauri::command]
async fn delete_party(app: State<'_, App>, party: i64) -> Reply<()> {
    app.run("delete_party", move |t| t.delete_party(&party.to_string())).await
}

/// Makes the session log, asks where to save it (suggesting `file_name`) and writes it
/// there; answers with the path, or `None` when the user cancelled.
#[tauri::command]
async fn export_session_log(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    pick: SessionPick,
    file_name: String,
) -> Reply<Option<String>> {
    // Made first: a log that cannot be made is reported before any question is asked.
    let markdown = app.run("export_session_log", move |t| t.session_log(&pick)).await?;
    let Some(path) = saves.choose(&window, &file_name, "Markdown document", &["md"]).await? else {
        return Ok(None);
    };
    let shown = path.display().to_string();
    off_main("export_session_log", move || {
        tome::files::write_atomic(&path, markdown.as_bytes()).map_err(ErrorPayload::from)
    })
    .await?;
    Ok(Some(shown))
}

// ---- The game master's screen ----

#[tauri::command]
async fn screen(app: State<'_, App>, system: String) -> Reply<Screen> {
    app.run("screen", move |t| t.screen(&system)).await
}

#[tauri::command]
async fn screen_pin(app: State<'_, App>, system: String, item: String) -> Reply<Screen> {
    app.run("screen_pin", move |t| t.screen_pin(&system, &item)).await
}

#[tauri::command]
async fn screen_unpin(app: State<'_, App>, system: String, what: String) -> Reply<Screen> {
    app.run("screen_unpin", move |t| t.screen_unpin(&system, &what)).await
}

#[tauri::command]
async fn screen_move(app: State<'_, App>, system: String, from: usize, to: usize) -> Reply<Screen> {
    app.run("screen_move", move |t| t.screen_move(&system, from, to)).await
}

#[tauri::command]
async fn screen_reset(app: State<'_, App>, system: String) -> Reply<Screen> {
    app.run("screen_reset", move |t| t.screen_reset(&system)).await
}

#[tauri::command]
async fn encounter_end(app: State<'_, App>, id: i64, apply: bool) -> Reply<Vec<Lasting>> {
    app.run("encounter_end", move |t| t.encounter_end(id, apply)).await
}

#[tauri::command]
async fn player_view(app: State<'_, App>, id: i64) -> Reply<PlayerView> {
    app.run("player_view", move |t| t.player_view(id)).await
}

fn lock_share(slot: &Mutex<Option<Share>>) -> std::sync::MutexGuard<'_, Option<Share>> {
    slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn not_sharing() -> ErrorPayload {
    ErrorPayload::new(ErrorCode::InvalidInput, "Tome is not sharing with the table")
}

/// Runs `f` on the running share, on the blocking pool.
async fn on_share<T: Send + 'static>(
    app: &App,
    command: &'static str,
    f: impl FnOnce(&Share) -> tome::Result<T> + Send + 'static,
) -> Reply<T> {
    let slot = app.sharing.clone();
    off_main(command, move || {
        let slot = lock_share(&slot);
        let share = slot.as_ref().ok_or_else(not_sharing)?;
        f(share).map_err(ErrorPayload::from)
    })
    .await
}

#[tauri::command]
async fn share_addresses() -> Reply<Vec<LocalAddress>> {
    off_main("share_addresses", || Ok(tome::share::local_addresses())).await
}

/// Starts sharing (the server runs on its own threads until `share_stop` or quitting);
/// when already sharing, answers how.
#[tauri::command]
async fn share_start(
    app: State<'_, App>,
    address: Option<String>,
    port: Option<u16>,
    encounter: Option<i64>,
) -> Reply<ShareStatus> {
    let address = match address.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        Some(a) => Some(a.parse::<std::net::IpAddr>().map_err(|_| {
            ErrorPayload::new(ErrorCode::InvalidInput, format!("`{a}` is not an IP address (such as 192.168.1.20)"))
        })?),
        None => None,
    };
    let tome = app.tome.clone();
    let slot = app.sharing.clone();
    off_main("share_start", move || {
        let mut slot = lock_share(&slot);
        if let Some(running) = slot.as_ref() {
            return running.status().map_err(ErrorPayload::from);
        }
        let options = ShareOptions {
            address,
            port: port.unwrap_or(tome::share::DEFAULT_PORT),
            encounter,
            ..ShareOptions::default()
        };
        let started = Share::start(tome, options)?;
        let status = started.status()?;
        *slot = Some(started);
        Ok(status)
    })
    .await
}

#[tauri::command]
async fn share_show(app: State<'_, App>, encounter: Option<i64>) -> Reply<ShareStatus> {
    on_share(&app, "share_show", move |s| {
        s.show(encounter)?;
        s.status()
    })
    .await
}

#[tauri::command]
async fn share_status(app: State<'_, App>) -> Reply<Option<ShareStatus>> {
    let slot = app.sharing.clone();
    off_main("share_status", move || {
        lock_share(&slot).as_ref().map(Share::status).transpose().map_err(ErrorPayload::from)
    })
    .await
}

#[tauri::command]
async fn share_stop(app: State<'_, App>) -> Reply<()> {
    let slot = app.sharing.clone();
    off_main("share_stop", move || {
        let running = lock_share(&slot).take();
        if let Some(share) = running {
            share.stop();
        }
        Ok(())
    })
    .await
}

#[tauri::command]
async fn share_new_code(app: State<'_, App>) -> Reply<ShareStatus> {
    on_share(&app, "share_new_code", |s| {
        s.renew_code();
        s.status()
    })
    .await
}

#[tauri::command]
async fn share_rename(app: State<'_, App>, device: u32, name: String) -> Reply<Device> {
    on_share(&app, "share_rename", move |s| s.rename(device, &name)).await
}

#[tauri::command]
async fn share_assign(app: State<'_, App>, device: u32, character: Option<i64>) -> Reply<Device> {
    on_share(&app, "share_assign", move |s| s.assign(device, character)).await
}

#[tauri::command]
async fn share_revoke(app: State<'_, App>, device: u32) -> Reply<()> {
    on_share(&app, "share_revoke", move |s| s.revoke(device)).await
}

#[tauri::command]
async fn share_revoke_all(app: State<'_, App>) -> Reply<()> {
    on_share(&app, "share_revoke_all", |s| {
        s.revoke_all();
        Ok(())
    })
    .await
}

#[tauri::command]
async fn share_accept(app: State<'_, App>, item: u32, encounter: Option<i64>) -> Reply<Character> {
    on_share(&app, "share_accept", move |s| s.accept(item, encounter).map(|(c, _)| c)).await
}

#[tauri::command]
async fn share_decline(app: State<'_, App>, item: u32) -> Reply<InboxItem> {
    on_share(&app, "share_decline", move |s| s.decline(item)).await
}

/// The player view's window: made on the first call, then shown at the encounter asked.
/// Its capability (capabilities/player.json) grants it `player_view` and `show_entry` (to
/// open a condition's rule card) and nothing else.
#[tauri::command]
async fn open_player_view(handle: AppHandle, id: i64) -> Reply<()> {
    let route = format!("#/player/{id}");
    if let Some(window) = handle.get_webview_window("player") {
        let _ = window.eval(format!("window.location.hash = {route:?}"));
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
        return Ok(());
    }
    tauri::WebviewWindowBuilder::new(&handle, "player", tauri::WebviewUrl::App(format!("index.html{route}").into()))
        .title("Tome — player view")
        .inner_size(1280.0, 720.0)
        .min_inner_size(640.0, 400.0)
        .build()
        .map(|_| ())
        .map_err(|e| ErrorPayload::new(ErrorCode::Internal, format!("the player view's window could not open: {e}")))
}

#[tauri::command]
async fn character_revisions(app: State<'_, App>, id: i64) -> Reply<Vec<CharacterRevision>> {
    app.run("character_revisions", move |t| t.character_revisions(id)).await
}

#[tauri::command]
async fn character_diff(app: State<'_, App>, id: i64, from: i64, to: i64) -> Reply<Vec<CharacterChange>> {
    app.run("character_diff", move |t| t.character_diff(id, from, to)).await
}

/// Makes revision `number` current again (as a new revision) and answers with the view.
#[tauri::command]
async fn restore_character(app: State<'_, App>, id: i64, number: i64) -> Reply<CharacterView> {
    app.run("restore_character", move |t| {
        let character = t.restore_character(id, number)?;
        t.view_of(character)
    })
    .await
}

/// Makes one Recovery roll and saves the sheet as a revision.
#[tauri::command]
async fn character_recover(app: State<'_, App>, id: i64, roll: RecoveryRoll) -> Reply<RecoveryReport> {
    app.run("character_recover", move |t| t.character_recover(id, &roll)).await
}

#[tauri::command]
async fn sheet_layout(app: State<'_, App>, system: String) -> Reply<SheetLayout> {
    app.run("sheet_layout", move |t| t.sheet_layout(&system)).await
}

#[tauri::command]
async fn member_key(
    app: State<'_, App>,
    system: String,
    prefix: String,
    name: String,
) -> Reply<tome::sheets::NamedMember> {
    app.run("member_key", move |t| t.member_key(&system, &prefix, &name)).await
}

/// What the rules derive from a sheet that may not be saved yet (live, as the player types).
#[tauri::command]
async fn derive_character(app: State<'_, App>, character: Character) -> Reply<Derived> {
    app.run("derive_character", move |t| t.derive_character(&character)).await
}

#[tauri::command]
async fn character_item(app: State<'_, App>, entry_id: String) -> Reply<CharacterItem> {
    app.run("character_item", move |t| t.character_item(&entry_id)).await
}

#[tauri::command]
async fn character_ref(app: State<'_, App>, entry_id: String) -> Reply<CharacterRef> {
    app.run("character_ref", move |t| t.character_ref(&entry_id)).await
}

/// Asks where to save the character file (suggesting `file_name`) and writes it there;
/// answers with the path, or `None` when the user cancelled.
#[tauri::command]
async fn export_character_file(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    id: i64,
    file_name: String,
) -> Reply<Option<String>> {
    // Fail before asking when there is nothing to write.
    app.run("export_character_file", move |t| t.character(id)).await?;
    let Some(path) = saves.choose(&window, &file_name, "Tome character file", &["json"]).await? else {
        return Ok(None);
    };
    let shown = path.display().to_string();
    app.run("export_character_file", move |t| t.export_character_file(id, &path)).await?;
    Ok(Some(shown))
}

// ---- Printable sheets (PDF) ----

/// Lays the PDF out against the database, then writes its bytes with the database free
/// for other commands (typing in the search box or a sheet never waits on a PDF).
async fn make_pdf(app: &App, command: &'static str, source: PdfSource, options: PdfOptions) -> Reply<Vec<u8>> {
    let prepared = app.run(command, move |t| t.prepare_pdf(&source, &options)).await?;
    off_main(command, move || Ok(prepared.finish())).await
}

/// The PDF's bytes (an `ArrayBuffer` in the UI), for the print preview.
#[tauri::command]
async fn pdf_preview(app: State<'_, App>, source: PdfSource, options: PdfOptions) -> Reply<Response> {
    make_pdf(&app, "pdf_preview", source, options).await.map(Response::new)
}

/// Makes the PDF, asks where to save it (suggesting `file_name`) and writes it there,
/// whole or not at all; answers with the path, or `None` when the user cancelled.
#[tauri::command]
async fn export_pdf(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    source: PdfSource,
    options: PdfOptions,
    file_name: String,
) -> Reply<Option<String>> {
    // Made first: a PDF that cannot be made is reported before any question is asked.
    let bytes = make_pdf(&app, "export_pdf", source, options).await?;
    let Some(path) = saves.choose(&window, &file_name, "PDF document", &["pdf"]).await? else {
        return Ok(None);
    };
    let shown = path.display().to_string();
    off_main("export_pdf", move || tome::files::write_atomic(&path, &bytes).map_err(ErrorPayload::from)).await?;
    Ok(Some(shown))
}

/// Where files are saved: the native save dialog, in which the user picks every path.
/// The webview never names a path itself, so it cannot write anywhere the user did not
/// choose. The dialog opens in the folder of the last save, at first in Documents.
///
/// Test seam: `TOME_E2E_SAVE_DIR` set at start-up replaces the dialog (which WebDriver
/// cannot drive) by that folder: each file is saved there under the suggested name at
/// once. It is in release builds too, so the end-to-end tests drive the very app the
/// package installs; only whoever starts the process sets its environment, and they can
/// write those files themselves anyway.
struct Saves {
    e2e_dir: Option<PathBuf>,
    last_dir: Mutex<Option<PathBuf>>,
}

impl Saves {
    fn from_env() -> Saves {
        let e2e_dir = std::env::var_os("TOME_E2E_SAVE_DIR").map(PathBuf::from);
        Saves { e2e_dir, last_dir: Mutex::new(None) }
    }

    async fn choose(
        &self,
        window: &WebviewWindow,
        file_name: &str,
        kind: &str,
        extensions: &[&str],
    ) -> Reply<Option<PathBuf>> {
        // Only a file name is suggested, never a folder.
        let name = Path::new(file_name).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if name.trim().is_empty() {
            return Err(ErrorPayload::new(ErrorCode::InvalidInput, "no file name to suggest"));
        }
        if let Some(dir) = &self.e2e_dir {
            return Ok(Some(dir.join(name)));
        }
        let last = self.last_dir.lock().ok().and_then(|d| d.clone());
        let start = last.or_else(|| window.path().document_dir().ok()).filter(|d| d.is_dir());
        let mut dialog = window
            .dialog()
            .file()
            .set_parent(window)
            .set_title(format!("Save {name}"))
            .set_file_name(name)
            .add_filter(kind, extensions);
        if let Some(dir) = start {
            dialog = dialog.set_directory(dir);
        }
        let picked = tauri::async_runtime::spawn_blocking(move || dialog.blocking_save_file())
            .await
            .map_err(|e| ErrorPayload::new(ErrorCode::Io, format!("the save dialog failed: {e}")))?;
        let Some(picked) = picked else { return Ok(None) };
        let path =
            picked.into_path().map_err(|e| ErrorPayload::new(ErrorCode::Io, format!("cannot save there: {e}")))?;
        if let (Some(dir), Ok(mut last)) = (path.parent(), self.last_dir.lock()) {
            *last = Some(dir.to_path_buf());
        }
        Ok(Some(path))
    }
}

/// Every problem an import of `text` would report (empty when it would succeed).
#[tauri::command]
async fn check_character_file(app: State<'_, App>, text: String) -> Reply<Vec<Problem>> {
    app.run("check_character_file", move |t| t.check_character_file(text.as_bytes())).await
}

/// Imports a character file's text as a new character.
#[tauri::command]
async fn import_character(app: State<'_, App>, text: String) -> Reply<Character> {
    app.run("import_character", move |t| t.import_character(text.as_bytes())).await
}

// ---- Your own content: homebrew packs and rulebook text ----
//
// The page never names a path: the import commands open the native file or folder picker
// themselves (see `Opens`), so the capability grants no dialog or file-system access.

#[tauri::command]
async fn packs(app: State<'_, App>) -> Reply<Vec<PackInfo>> {
    app.run("packs", move |t| t.packs()).await
}

/// Asks for a pack (a folder when `folder`, else a single `.toml` file) and imports it;
/// `None` when the user cancelled. An invalid pack is refused whole with every problem,
/// its files shown from the folder the pack was picked in (the core writes them so).
#[tauri::command]
async fn import_pack(
    window: WebviewWindow,
    app: State<'_, App>,
    opens: State<'_, Opens>,
    folder: bool,
) -> Reply<Option<PackImport>> {
    let pick = if folder { Pick::Folder } else { Pick::File { kind: "Tome pack", extensions: &["toml"] } };
    let Some(path) = opens.choose(&window, "Import a pack", pick).await? else {
        return Ok(None);
    };
    app.run("import_pack", move |t| t.import_pack_shown_from(&path, path.parent())).await.map(Some)
}

/// Removes a pack and its entries; refused while a character uses one of them.
#[tauri::command]
async fn remove_pack(app: State<'_, App>, name: String) -> Reply<PackInfo> {
    app.run("remove_pack", move |t| t.remove_pack(&name)).await
}

#[tauri::command]
async fn docs(app: State<'_, App>) -> Reply<Vec<DocInfo>> {
    app.run("docs", move |t| t.docs()).await
}

/// Asks for a rules document (`.txt` or `.md`) and imports it for `system`, under `title`
/// (or one made from the file's name); `None` when the user cancelled.
#[tauri::command]
async fn import_text(
    window: WebviewWindow,
    app: State<'_, App>,
    opens: State<'_, Opens>,
    system: String,
    title: Option<String>,
) -> Reply<Option<DocImport>> {
    // An unknown system fails before anything is asked.
    let asked = system.clone();
    app.run("import_text", move |t| {
        let systems = t.systems()?;
        if systems.iter().any(|s| s.id == asked) {
            Ok(())
        } else {
            let suggestions = systems.into_iter().map(|s| s.id).collect();
            Err(tome::Error::NotFound { what: "game system", id: asked, suggestions })
        }
    })
    .await?;
    let pick = Pick::File { kind: "Rules text", extensions: &["txt", "md", "markdown", "text"] };
    let Some(path) = opens.choose(&window, "Import rulebook text", pick).await? else {
        return Ok(None);
    };
    let title = title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    app.run("import_text", move |t| t.import_text_file(&path, &system, title.as_deref())).await.map(Some)
}

/// Removes an imported document and its sections.
#[tauri::command]
async fn remove_doc(app: State<'_, App>, id: String) -> Reply<DocInfo> {
    app.run("remove_doc", move |t| t.remove_doc(&id)).await
}

#[tauri::command]
async fn set_doc_shared(app: State<'_, App>, id: String, shared: bool) -> Reply<DocInfo> {
    app.run("set_doc_shared", move |t| t.set_doc_shared(&id, shared)).await
}

/// What an open dialog picks.
#[derive(Clone, Copy)]
enum Pick {
    Folder,
    File { kind: &'static str, extensions: &'static [&'static str] },
}

/// Where files are read from: the native open dialog (a file or a folder), in which the
/// user picks every path. It opens in the folder of the last pick, at first in Documents.
///
/// Test seam (in every build, as [`Saves`]'s): `TOME_E2E_OPEN_PATH` set at start-up replaces the
/// dialog (which WebDriver cannot drive): it names a small text file, and each time a
/// dialog would open the shell reads it and "picks" the path written in it (a missing or
/// empty file is a cancelled dialog). The test writes the path it wants before each import.
struct Opens {
    e2e_file: Option<PathBuf>,
    last_dir: Mutex<Option<PathBuf>>,
}

impl Opens {
    fn from_env() -> Opens {
        let e2e_file = std::env::var_os("TOME_E2E_OPEN_PATH").map(PathBuf::from);
        Opens { e2e_file, last_dir: Mutex::new(None) }
    }

    async fn choose(&self, window: &WebviewWindow, title: &str, pick: Pick) -> Reply<Option<PathBuf>> {
        if let Some(file) = &self.e2e_file {
            let picked = std::fs::read_to_string(file).unwrap_or_default();
            let picked = picked.trim();
            return Ok((!picked.is_empty()).then(|| PathBuf::from(picked)));
        }
        let last = self.last_dir.lock().ok().and_then(|d| d.clone());
        let start = last.or_else(|| window.path().document_dir().ok()).filter(|d| d.is_dir());
        let mut dialog = window.dialog().file().set_parent(window).set_title(title);
        if let Pick::File { kind, extensions } = pick {
            dialog = dialog.add_filter(kind, extensions);
        }
        if let Some(dir) = start {
            dialog = dialog.set_directory(dir);
        }
        let picked = tauri::async_runtime::spawn_blocking(move || match pick {
            Pick::Folder => dialog.blocking_pick_folder(),
            Pick::File { .. } => dialog.blocking_pick_file(),
        })
        .await
        .map_err(|e| ErrorPayload::new(ErrorCode::Io, format!("the open dialog failed: {e}")))?;
        let Some(picked) = picked else { return Ok(None) };
        let path =
            picked.into_path().map_err(|e| ErrorPayload::new(ErrorCode::Io, format!("cannot open that: {e}")))?;
        if let (Some(dir), Ok(mut last)) = (path.parent(), self.last_dir.lock()) {
            *last = Some(dir.to_path_buf());
        }
        Ok(Some(path))
    }
}

/// The `invoke_handler` of every command in the core's list (`tome::ipc_commands!`).
macro_rules! handler {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        tauri::generate_handler![$($name),*]
    };
}

// ---- Start-up and closing ----

/// Why the database could not be opened, with the ways out; `None` once it is open.
#[tauri::command]
async fn startup_problem(app: State<'_, App>) -> Reply<Option<StartupProblem>> {
    Ok(app.db().problem.clone())
}

/// What the checks Tome ran by itself repaired, told once (the page shows a notice).
#[tauri::command]
async fn repair_notice(app: State<'_, App>) -> Reply<Vec<Repair>> {
    app.run("repair_notice", |t| t.take_repairs()).await
}

#[tauri::command]
async fn retry_open(app: State<'_, App>) -> Reply<()> {
    let path = app.db().path.clone();
    let at = path.clone();
    let opened = off_main("retry_open", move || Ok(Tome::open(&at))).await?;
    app.opened(path, opened)
}

#[tauri::command]
async fn restore_newest_backup(app: State<'_, App>) -> Reply<()> {
    let path = app.db().path.clone();
    let at = path.clone();
    let opened = off_main("restore_newest_backup", move || Ok(Tome::restore_newest_backup(&at))).await?;
    app.opened(path, opened)
}

#[tauri::command]
async fn open_other_database(window: WebviewWindow, app: State<'_, App>, opens: State<'_, Opens>) -> Reply<bool> {
    let pick = Pick::File { kind: "Tome database", extensions: &["db", "sqlite", "sqlite3"] };
    let Some(path) = opens.choose(&window, "Open a Tome database", pick).await? else {
        return Ok(false);
    };
    let at = path.clone();
    let opened = off_main("open_other_database", move || Ok(Tome::open(&at))).await?;
    app.opened(path, opened).map(|()| true)
}

#[tauri::command]
async fn quit(handle: AppHandle) -> Reply<()> {
    handle.exit(0);
    Ok(())
}

#[tauri::command]
async fn close_ready(handle: AppHandle) -> Reply<()> {
    handle.exit(0);
    Ok(())
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
            api.prevent_close();
            let _ = window.emit("tome://before-close", ());
            let handle = window.app_handle().clone();
            std::thread::spawn(move || {
                std::thread::sleep(CLOSE_GRACE);
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
        eprintln!("tome-desktop: the window could not start: {e}");
        std::process::exit(1);
    }
}
