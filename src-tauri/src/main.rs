//! Tome's desktop shell. Every command is a thin adapter over [`tome::Tome`]; errors cross
//! IPC as `{code, message}` so the UI branches on the code.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Mutex;

use tauri::State;
use tome::db::SearchFilter;
use tome::model::{Entry, ListItem, SearchHit, System, Table, TableRoll};
use tome::characters::{
    Character, CharacterChange, CharacterItem, CharacterRef, CharacterRevision, CharacterSummary, FieldProblem,
};
use tome::rules::{Calculator, Outcome};
use tome::sheets::{CharacterView, Derived, SheetLayout};
use tome::{ErrorCode, ErrorPayload, Kind, Tome};

/// The open database. Commands run one at a time against it (SQLite connections are
/// not shared across threads).
struct App(Mutex<Tome>);

type Reply<T> = Result<T, ErrorPayload>;

fn lock<'a>(app: &'a State<App>) -> Result<std::sync::MutexGuard<'a, Tome>, ErrorPayload> {
    app.0.lock().map_err(|_| ErrorPayload {
        code: ErrorCode::Database,
        message: "an earlier command failed while holding the database; restart Tome".into(),
    })
}

/// Runs a read against the open Tome.
fn with<T>(app: &State<App>, f: impl FnOnce(&Tome) -> tome::Result<T>) -> Reply<T> {
    let tome = lock(app)?;
    f(&tome).map_err(ErrorPayload::from)
}

/// Runs a write (a save, an import…) against the open Tome.
fn with_mut<T>(app: &State<App>, f: impl FnOnce(&mut Tome) -> tome::Result<T>) -> Reply<T> {
    let mut tome = lock(app)?;
    f(&mut tome).map_err(ErrorPayload::from)
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

// ---- Characters: storage, history and files (the core checks everything) ----

#[tauri::command]
fn characters(app: State<App>) -> Reply<Vec<CharacterSummary>> {
    with(&app, |t| t.characters())
}

/// A saved character with its derived stats.
#[tauri::command]
fn character_view(app: State<App>, id: i64) -> Reply<CharacterView> {
    with(&app, |t| t.character_view(id))
}

#[tauri::command]
fn create_character(app: State<App>, system: String, name: String) -> Reply<Character> {
    with_mut(&app, |t| t.create_character(&system, &name))
}

/// Saves `character` (made from its `revision`) and answers with the stored character
/// and what the rules derive from it.
#[tauri::command]
fn save_character(app: State<App>, character: Character) -> Reply<CharacterView> {
    with_mut(&app, |t| {
        let character = t.save_character(&character)?;
        let derived = t.derive_character(&character)?;
        Ok(CharacterView { character, derived })
    })
}

#[tauri::command]
fn delete_character(app: State<App>, id: i64) -> Reply<()> {
    with_mut(&app, |t| t.delete_character(id))
}

#[tauri::command]
fn character_revisions(app: State<App>, id: i64) -> Reply<Vec<CharacterRevision>> {
    with(&app, |t| t.character_revisions(id))
}

#[tauri::command]
fn character_diff(app: State<App>, id: i64, from: i64, to: i64) -> Reply<Vec<CharacterChange>> {
    with(&app, |t| t.character_diff(id, from, to))
}

/// Makes revision `number` current again (as a new revision) and answers with the view.
#[tauri::command]
fn restore_character(app: State<App>, id: i64, number: i64) -> Reply<CharacterView> {
    with_mut(&app, |t| {
        let character = t.restore_character(id, number)?;
        let derived = t.derive_character(&character)?;
        Ok(CharacterView { character, derived })
    })
}

#[tauri::command]
fn sheet_layout(app: State<App>, system: String) -> Reply<SheetLayout> {
    with(&app, |t| t.sheet_layout(&system))
}

/// What the rules derive from a sheet that may not be saved yet (live, as the player types).
#[tauri::command]
fn derive_character(app: State<App>, character: Character) -> Reply<Derived> {
    with(&app, |t| t.derive_character(&character))
}

#[tauri::command]
fn character_item(app: State<App>, entry_id: String) -> Reply<CharacterItem> {
    with(&app, |t| t.character_item(&entry_id))
}

#[tauri::command]
fn character_ref(app: State<App>, entry_id: String) -> Reply<CharacterRef> {
    with(&app, |t| t.character_ref(&entry_id))
}

/// The character file's text (JSON), for the UI to offer as a download.
#[tauri::command]
fn export_character(app: State<App>, id: i64) -> Reply<String> {
    with(&app, |t| t.export_character(id))
}

/// Every problem an import of `text` would report (empty when it would succeed).
#[tauri::command]
fn check_character_file(app: State<App>, text: String) -> Reply<Vec<FieldProblem>> {
    with(&app, |t| t.check_character_file(text.as_bytes()))
}

/// Imports a character file's text as a new character.
#[tauri::command]
fn import_character(app: State<App>, text: String) -> Reply<Character> {
    with_mut(&app, |t| t.import_character(text.as_bytes()))
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
            roll_dice,
            characters,
            character_view,
            create_character,
            save_character,
            delete_character,
            character_revisions,
            character_diff,
            restore_character,
            sheet_layout,
            derive_character,
            character_item,
            character_ref,
            export_character,
            check_character_file,
            import_character
        ])
        .run(tauri::generate_context!())
        .expect("the desktop shell failed to start");
    ExitCode::SUCCESS
}
