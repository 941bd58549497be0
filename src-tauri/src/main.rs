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
use std::process::ExitCode;
use std::sync::Mutex;

use tauri::ipc::Response;
use tauri::{Manager, State, WebviewWindow};
use tauri_plugin_dialog::DialogExt;
use tome::characters::{Character, CharacterChange, CharacterItem, CharacterRef, CharacterRevision, CharacterSummary};
use tome::error::Problem;
use tome::ipc::PdfSource;
use tome::model::{Entry, ListItem, SearchHit, System, Table, TableRoll};
use tome::packs::{PackImport, PackInfo};
use tome::pdf::PdfOptions;
use tome::rules::{Calculator, Outcome};
use tome::search::SearchFilter;
use tome::sheets::{CharacterView, Derived, SheetLayout};
use tome::textdocs::{DocImport, DocInfo};
use tome::{ErrorCode, ErrorPayload, Kind, Tome};

/// The open database. Commands run one at a time against it (SQLite connections are
/// not shared across threads).
struct App(Mutex<Tome>);

type Reply<T> = Result<T, ErrorPayload>;

fn lock<'a>(app: &'a State<App>) -> Result<std::sync::MutexGuard<'a, Tome>, ErrorPayload> {
    app.0.lock().map_err(|_| {
        ErrorPayload::new(ErrorCode::Database, "an earlier command failed while holding the database; restart Tome")
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
    tome::dice::roll_spec(&dice, &mut rand::rng(), 1)
        .map_err(|message| ErrorPayload::new(ErrorCode::InvalidInput, message))
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

#[tauri::command]
fn member_key(app: State<App>, system: String, prefix: String, name: String) -> Reply<tome::sheets::NamedMember> {
    with(&app, |t| t.member_key(&system, &prefix, &name))
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
    with(&app, |t| t.character(id))?;
    let Some(path) = saves.choose(&window, &file_name, "Tome character file", &["json"]).await? else {
        return Ok(None);
    };
    with(&app, |t| t.export_character_file(id, &path))?;
    Ok(Some(path.display().to_string()))
}

// ---- Printable sheets (PDF) ----

fn make_pdf(app: &State<App>, source: &PdfSource, options: &PdfOptions) -> Reply<Vec<u8>> {
    with(app, |t| match source {
        PdfSource::Ids(ids) => t.characters_pdf(ids, options),
        PdfSource::Characters(characters) => t.sheets_pdf(characters, options),
    })
}

/// The PDF's bytes (an `ArrayBuffer` in the UI), for the print preview.
#[tauri::command]
async fn pdf_preview(app: State<'_, App>, source: PdfSource, options: PdfOptions) -> Reply<Response> {
    make_pdf(&app, &source, &options).map(Response::new)
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
    let bytes = make_pdf(&app, &source, &options)?;
    let Some(path) = saves.choose(&window, &file_name, "PDF document", &["pdf"]).await? else {
        return Ok(None);
    };
    write_whole(&path, &bytes)?;
    Ok(Some(path.display().to_string()))
}

/// Where files are saved: the native save dialog, in which the user picks every path.
/// The webview never names a path itself, so it cannot write anywhere the user did not
/// choose. The dialog opens in the folder of the last save, at first in Documents.
///
/// Test seam: in debug builds only, `TOME_E2E_SAVE_DIR` set at start-up replaces the
/// dialog (which WebDriver cannot drive) by that folder: each file is saved there under
/// the suggested name at once.
struct Saves {
    e2e_dir: Option<PathBuf>,
    last_dir: Mutex<Option<PathBuf>>,
}

impl Saves {
    fn from_env() -> Saves {
        let e2e_dir =
            if cfg!(debug_assertions) { std::env::var_os("TOME_E2E_SAVE_DIR").map(PathBuf::from) } else { None };
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

/// Writes `bytes` to `path` whole or not at all: beside it first, then renamed over it.
fn write_whole(path: &Path, bytes: &[u8]) -> Reply<()> {
    let io = |source| ErrorPayload::from(tome::Error::Io { path: path.to_path_buf(), source });
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

/// Every problem an import of `text` would report (empty when it would succeed).
#[tauri::command]
fn check_character_file(app: State<App>, text: String) -> Reply<Vec<Problem>> {
    with(&app, |t| t.check_character_file(text.as_bytes()))
}

/// Imports a character file's text as a new character.
#[tauri::command]
fn import_character(app: State<App>, text: String) -> Reply<Character> {
    with_mut(&app, |t| t.import_character(text.as_bytes()))
}

// ---- Your own content: homebrew packs and rulebook text ----
//
// The page never names a path: the import commands open the native file or folder picker
// themselves (see `Opens`), so the capability grants no dialog or file-system access.

#[tauri::command]
fn packs(app: State<App>) -> Reply<Vec<PackInfo>> {
    with(&app, |t| t.packs())
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
    with_mut(&app, |t| t.import_pack_shown_from(&path, path.parent())).map(Some)
}

/// Removes a pack and its entries; refused while a character uses one of them.
#[tauri::command]
fn remove_pack(app: State<App>, name: String) -> Reply<PackInfo> {
    with_mut(&app, |t| t.remove_pack(&name))
}

#[tauri::command]
fn docs(app: State<App>) -> Reply<Vec<DocInfo>> {
    with(&app, |t| t.docs())
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
    with(&app, |t| {
        let systems = t.systems()?;
        if systems.iter().any(|s| s.id == system) {
            Ok(())
        } else {
            let suggestions = systems.into_iter().map(|s| s.id).collect();
            Err(tome::Error::NotFound { what: "game system", id: system.clone(), suggestions })
        }
    })?;
    let pick = Pick::File { kind: "Rules text", extensions: &["txt", "md", "markdown", "text"] };
    let Some(path) = opens.choose(&window, "Import rulebook text", pick).await? else {
        return Ok(None);
    };
    let title = title.as_deref().map(str::trim).filter(|t| !t.is_empty());
    with_mut(&app, |t| t.import_text_file(&path, &system, title)).map(Some)
}

/// Removes an imported document and its sections.
#[tauri::command]
fn remove_doc(app: State<App>, id: String) -> Reply<DocInfo> {
    with_mut(&app, |t| t.remove_doc(&id))
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
/// Test seam: in debug builds only, `TOME_E2E_OPEN_PATH` set at start-up replaces the
/// dialog (which WebDriver cannot drive): it names a small text file, and each time a
/// dialog would open the shell reads it and "picks" the path written in it (a missing or
/// empty file is a cancelled dialog). The test writes the path it wants before each import.
struct Opens {
    e2e_file: Option<PathBuf>,
    last_dir: Mutex<Option<PathBuf>>,
}

impl Opens {
    fn from_env() -> Opens {
        let e2e_file =
            if cfg!(debug_assertions) { std::env::var_os("TOME_E2E_OPEN_PATH").map(PathBuf::from) } else { None };
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
        .plugin(tauri_plugin_dialog::init())
        .manage(App(Mutex::new(tome)))
        .manage(Saves::from_env())
        .manage(Opens::from_env())
        .invoke_handler(tome::ipc_commands!(handler))
        .run(tauri::generate_context!())
        .expect("the desktop shell failed to start");
    ExitCode::SUCCESS
}
