//! Characters: storage, history, derived stats and files (the core checks everything).

use tauri::{State, WebviewWindow};
use tome::api::{CharacterImport, FoundrySaved};
use tome::characters::{Character, CharacterChange, CharacterItem, CharacterRef, CharacterRevision, CharacterSummary};
use tome::error::Problem;
use tome::sheets::recovery::{RecoveryReport, RecoveryRoll};
use tome::sheets::{CharacterView, Derived, SheetLayout};

use crate::{App, Reply, Saves};

#[tauri::command]
pub(crate) async fn characters(app: State<'_, App>) -> Reply<Vec<CharacterSummary>> {
    app.run("characters", move |t| t.characters()).await
}

/// A saved character with its derived stats.
#[tauri::command]
pub(crate) async fn character_view(app: State<'_, App>, id: i64) -> Reply<CharacterView> {
    app.run("character_view", move |t| t.character_view(id)).await
}

#[tauri::command]
pub(crate) async fn create_character(app: State<'_, App>, system: String, name: String) -> Reply<Character> {
    app.run("create_character", move |t| t.create_character(&system, &name)).await
}

/// Saves `character` (made from its `revision`) and answers with the stored character
/// and what the rules derive from it.
#[tauri::command]
pub(crate) async fn save_character(app: State<'_, App>, character: Character) -> Reply<CharacterView> {
    app.run("save_character", move |t| {
        let character = t.save_character(&character)?;
        t.view_of(character)
    })
    .await
}

#[tauri::command]
pub(crate) async fn delete_character(app: State<'_, App>, id: i64) -> Reply<()> {
    app.run("delete_character", move |t| t.delete_character(id)).await
}

#[tauri::command]
pub(crate) async fn character_revisions(app: State<'_, App>, id: i64) -> Reply<Vec<CharacterRevision>> {
    app.run("character_revisions", move |t| t.character_revisions(id)).await
}

#[tauri::command]
pub(crate) async fn character_diff(app: State<'_, App>, id: i64, from: i64, to: i64) -> Reply<Vec<CharacterChange>> {
    app.run("character_diff", move |t| t.character_diff(id, from, to)).await
}

/// Makes revision `number` current again (as a new revision) and answers with the view.
#[tauri::command]
pub(crate) async fn restore_character(app: State<'_, App>, id: i64, number: i64) -> Reply<CharacterView> {
    app.run("restore_character", move |t| {
        let character = t.restore_character(id, number)?;
        t.view_of(character)
    })
    .await
}

/// Makes one Recovery roll and saves the sheet as a revision.
#[tauri::command]
pub(crate) async fn character_recover(app: State<'_, App>, id: i64, roll: RecoveryRoll) -> Reply<RecoveryReport> {
    app.run("character_recover", move |t| t.character_recover(id, &roll)).await
}

#[tauri::command]
pub(crate) async fn sheet_layout(app: State<'_, App>, system: String) -> Reply<SheetLayout> {
    app.run("sheet_layout", move |t| t.sheet_layout(&system)).await
}

#[tauri::command]
pub(crate) async fn member_key(
    app: State<'_, App>,
    system: String,
    prefix: String,
    name: String,
) -> Reply<tome::sheets::NamedMember> {
    app.run("member_key", move |t| t.member_key(&system, &prefix, &name)).await
}

/// What the rules derive from a sheet that may not be saved yet (live, as the player types).
#[tauri::command]
pub(crate) async fn derive_character(app: State<'_, App>, character: Character) -> Reply<Derived> {
    app.run("derive_character", move |t| t.derive_character(&character)).await
}

#[tauri::command]
pub(crate) async fn character_item(app: State<'_, App>, entry_id: String) -> Reply<CharacterItem> {
    app.run("character_item", move |t| t.character_item(&entry_id)).await
}

#[tauri::command]
pub(crate) async fn character_ref(app: State<'_, App>, entry_id: String) -> Reply<CharacterRef> {
    app.run("character_ref", move |t| t.character_ref(&entry_id)).await
}

/// Every problem an import of `text` would report (empty when it would succeed).
#[tauri::command]
pub(crate) async fn check_character_file(app: State<'_, App>, text: String) -> Reply<Vec<Problem>> {
    app.run("check_character_file", move |t| t.check_character_file(text.as_bytes())).await
}

/// Imports a character file's text as a new character.
#[tauri::command]
pub(crate) async fn import_character(app: State<'_, App>, text: String) -> Reply<CharacterImport> {
    app.run("import_character", move |t| t.import_character_reported(text.as_bytes())).await
}

/// Asks where to save the character file (suggesting `file_name`) and writes it there;
/// answers with the path, or `None` when the user cancelled.
#[tauri::command]
pub(crate) async fn export_character_file(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    id: i64,
    file_name: String,
) -> Reply<Option<String>> {
    let text = app.run("export_character_file", move |t| t.export_character(id)).await?;
    saves.save(&window, "export_character_file", &file_name, ("Tome character file", &["json"]), text.into()).await
}

/// Asks where to save the character as an actor of its system's Foundry VTT system
/// (suggesting `file_name`) and writes it there; answers with the path and how the export
/// wrote it, or `None` when the user cancelled.
#[tauri::command]
pub(crate) async fn export_character_foundry_file(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    id: i64,
    file_name: String,
) -> Reply<Option<FoundrySaved>> {
    let (text, said) =
        app.run("export_character_foundry_file", move |t| t.export_character_foundry_reported(id)).await?;
    let saved = saves
        .save(&window, "export_character_foundry_file", &file_name, ("Foundry VTT actor", &["json"]), text.into())
        .await?;
    Ok(saved.map(|path| FoundrySaved { path, said }))
}
