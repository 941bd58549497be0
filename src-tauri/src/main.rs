//! Tome's desktop shell. Every command is a thin adapter over [`tome::Tome`]; errors cross
//! IPC as `{code, message}` so the UI branches on the code.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Mutex;

use tauri::State;
use tome::db::SearchFilter;
use tome::model::{Entry, ListItem, SearchHit, System, Table, TableRoll};
use tome::rules::{Calculator, Outcome};
use tome::{ErrorCode, ErrorPayload, Kind, Tome};

/// The open database. Commands run one at a time against it (SQLite connections are
/// not shared across threads).
struct App(Mutex<Tome>);

type Reply<T> = Result<T, ErrorPayload>;

fn with<T>(app: &State<App>, f: impl FnOnce(&Tome) -> tome::Result<T>) -> Reply<T> {
    let tome = app.0.lock().map_err(|_| ErrorPayload {
        code: ErrorCode::Database,
        message: "an earlier command failed while holding the database; restart Tome".into(),
    })?;
    f(&tome).map_err(ErrorPayload::from)
}

#[tauri::command]
fn systems(app: State<App>) -> Reply<Vec<System>> {
    with(&app, |t| t.systems())
}

#[tauri::command]
fn list_entries(app: State<App>, kind: Kind, system: Option<String>) -> Reply<Vec<ListItem>> {
    with(&app, |t| t.list(kind, system.as_deref()))
}

#[tauri::command]
fn show_entry(app: State<App>, id: String) -> Reply<Entry> {
    with(&app, |t| t.show(&id))
}

#[tauri::command]
fn get_table(app: State<App>, id: String) -> Reply<Table> {
    with(&app, |t| t.table(&id, None))
}

#[tauri::command]
fn roll_table(app: State<App>, id: String) -> Reply<TableRoll> {
    with(&app, |t| t.roll_table(&id, &mut rand::rng()))
}

#[tauri::command]
fn calculators(app: State<App>) -> Reply<Vec<Calculator>> {
    with(&app, |t| Ok(t.calculators()))
}

#[tauri::command]
fn calculate(app: State<App>, system: String, name: String, values: BTreeMap<String, String>) -> Reply<Outcome> {
    with(&app, |t| t.calculate(&system, &name, values))
}

#[tauri::command]
fn roll_dice(dice: String) -> Reply<tome::dice::DiceRoll> {
    tome::dice::roll_spec(&dice, &mut rand::rng(), 1).map_err(|message| ErrorPayload { code: ErrorCode::InvalidInput, message })
}

#[tauri::command]
fn search(
    app: State<App>,
    query: String,
    system: Option<String>,
    kind: Option<Kind>,
    limit: Option<usize>,
) -> Reply<Vec<SearchHit>> {
    with(&app, |t| t.search(&query, &SearchFilter { system, kind, limit }))
}

fn main() -> ExitCode {
    let opened = Tome::resolve_db_path(None).and_then(|path| Tome::open(&path).map(|t| (t, path)));
    let tome = match opened {
        Ok((tome, _path)) => tome,
        Err(e) => {
            eprintln!("tome-desktop: {e}");
            return ExitCode::FAILURE;
        }
    };
    tauri::Builder::default()
        .manage(App(Mutex::new(tome)))
        .invoke_handler(tauri::generate_handler![
            systems,
            list_entries,
            show_entry,
            get_table,
            roll_table,
            search,
            calculators,
            calculate,
            roll_dice
        ])
        .run(tauri::generate_context!())
        .expect("the desktop shell failed to start");
    ExitCode::SUCCESS
}
