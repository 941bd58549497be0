//! The game master's adversaries library, and adversaries in and out of encounters.

use tauri::{State, WebviewWindow};
use tome::adversaries::{Adversary, AdversaryRevision, AdversarySummary, AdversaryView};
use tome::api::{AdversaryImport, EncounterView, FoundrySaved};
use tome::encounters::StatSpec;
use tome::model::Entry;

use crate::{App, Reply, Saves};

#[tauri::command]
pub(crate) async fn adversaries(app: State<'_, App>) -> Reply<Vec<AdversarySummary>> {
    app.run("adversaries", move |t| t.adversaries()).await
}

#[tauri::command]
pub(crate) async fn adversary_view(app: State<'_, App>, id: i64) -> Reply<AdversaryView> {
    app.run("adversary_view", move |t| t.adversary_view(id)).await
}

#[tauri::command]
pub(crate) async fn check_adversary(app: State<'_, App>, adversary: Adversary) -> Reply<AdversaryView> {
    app.run("check_adversary", move |t| t.check_adversary(&adversary).map(|(_, view)| view)).await
}

#[tauri::command]
pub(crate) async fn create_adversary(app: State<'_, App>, adversary: Adversary) -> Reply<AdversaryView> {
    app.run("create_adversary", move |t| t.create_adversary(&adversary)).await
}

#[tauri::command]
pub(crate) async fn save_adversary(app: State<'_, App>, adversary: Adversary) -> Reply<AdversaryView> {
    app.run("save_adversary", move |t| t.save_adversary(&adversary)).await
}

#[tauri::command]
pub(crate) async fn delete_adversary(app: State<'_, App>, id: i64) -> Reply<()> {
    app.run("delete_adversary", move |t| t.delete_adversary(id)).await
}

#[tauri::command]
pub(crate) async fn adversary_entry(app: State<'_, App>, id: String) -> Reply<Entry> {
    app.run("adversary_entry", move |t| t.adversary_entry(&id)).await
}

#[tauri::command]
pub(crate) async fn encounter_add_adversary(
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
pub(crate) async fn encounter_save_adversary(
    app: State<'_, App>,
    id: i64,
    name: String,
    adversary_name: Option<String>,
) -> Reply<AdversaryView> {
    app.run("encounter_save_adversary", move |t| t.adversary_from_combatant(id, &name, adversary_name.as_deref())).await
}

#[tauri::command]
pub(crate) async fn adversary_stats(app: State<'_, App>, system: String, mode: String) -> Reply<Vec<StatSpec>> {
    app.run("adversary_stats", move |t| t.adversary_stats(&system, &mode).map(<[StatSpec]>::to_vec)).await
}

#[tauri::command]
pub(crate) async fn adversary_revisions(app: State<'_, App>, id: i64) -> Reply<Vec<AdversaryRevision>> {
    app.run("adversary_revisions", move |t| t.adversary_revisions(id)).await
}

#[tauri::command]
pub(crate) async fn restore_adversary(app: State<'_, App>, id: i64, number: i64) -> Reply<AdversaryView> {
    app.run("restore_adversary", move |t| t.restore_adversary(id, number)).await
}

/// Asks where to save the adversary file (suggesting `file_name`) and writes it there;
/// answers with the path, or `None` when the user cancelled.
#[tauri::command]
pub(crate) async fn export_adversary_file(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    id: i64,
    file_name: String,
) -> Reply<Option<String>> {
    let text = app.run("export_adversary_file", move |t| t.export_adversary(id)).await?;
    saves.save(&window, "export_adversary_file", &file_name, ("Tome adversary file", &["json"]), text.into()).await
}

/// Asks where to save the adversary as a Foundry VTT actor (suggesting `file_name`) and
/// writes it there; answers with the path and how the export wrote it, or `None` when
/// the user cancelled.
#[tauri::command]
pub(crate) async fn export_adversary_foundry_file(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    id: i64,
    file_name: String,
) -> Reply<Option<FoundrySaved>> {
    let (text, said) =
        app.run("export_adversary_foundry_file", move |t| t.export_adversary_foundry_reported(id)).await?;
    let saved = saves
        .save(&window, "export_adversary_foundry_file", &file_name, ("Foundry VTT actor", &["json"]), text.into())
        .await?;
    Ok(saved.map(|path| FoundrySaved { path, said }))
}

/// Imports an adversary file's text as a new adversary (checked whole first).
#[tauri::command]
pub(crate) async fn import_adversary(app: State<'_, App>, text: String) -> Reply<AdversaryImport> {
    app.run("import_adversary", move |t| t.import_adversary_reported(text.as_bytes())).await
}
