//! Encounters: making them, their combatants, and the fight itself (start, act, change,
//! undo, the log, the end).

use std::collections::BTreeMap;

use tauri::State;
use tome::api::{EncounterKit, EncounterView, Lasting};
use tome::encounters::{Event, LogEntry, PhoneField, Summary};

use crate::{App, Reply};

#[tauri::command]
pub(crate) async fn encounters(app: State<'_, App>) -> Reply<Vec<Summary>> {
    app.run("encounters", move |t| t.encounters()).await
}

#[tauri::command]
pub(crate) async fn create_encounter(
    app: State<'_, App>,
    system: String,
    name: String,
    mode: Option<String>,
) -> Reply<EncounterView> {
    app.run("create_encounter", move |t| t.create_encounter_mode(&system, &name, mode.as_deref())).await
}

#[tauri::command]
pub(crate) async fn delete_encounter(app: State<'_, App>, id: i64) -> Reply<()> {
    app.run("delete_encounter", move |t| t.delete_encounter(id)).await
}

#[tauri::command]
pub(crate) async fn encounter(app: State<'_, App>, id: i64) -> Reply<EncounterView> {
    app.run("encounter", move |t| t.encounter(id)).await
}

#[tauri::command]
pub(crate) async fn encounter_kit(app: State<'_, App>, id: i64) -> Reply<EncounterKit> {
    app.run("encounter_kit", move |t| t.encounter_kit(id)).await
}

#[tauri::command]
pub(crate) async fn encounter_add_npc(
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
pub(crate) async fn encounter_duplicate(app: State<'_, App>, id: i64, name: String) -> Reply<EncounterView> {
    app.run("encounter_duplicate", move |t| t.encounter_duplicate(id, &name)).await
}

#[tauri::command]
pub(crate) async fn encounter_add_character(
    app: State<'_, App>,
    id: i64,
    character: i64,
    hidden: Option<bool>,
) -> Reply<EncounterView> {
    app.run("encounter_add_character", move |t| t.encounter_add_character_with(id, character, hidden)).await
}

#[tauri::command]
pub(crate) async fn newcomers_hidden(app: State<'_, App>, id: i64) -> Reply<bool> {
    app.run("newcomers_hidden", move |t| t.newcomers_hidden(id)).await
}

#[tauri::command]
pub(crate) async fn set_newcomers_hidden(app: State<'_, App>, id: i64, hidden: bool) -> Reply<()> {
    app.run("set_newcomers_hidden", move |t| t.set_newcomers_hidden(id, hidden)).await
}

#[tauri::command]
pub(crate) async fn encounter_offer_reveal(app: State<'_, App>, id: i64, on: bool) -> Reply<EncounterView> {
    app.run("encounter_offer_reveal", move |t| t.encounter_offer_reveal(id, on)).await
}

#[tauri::command]
pub(crate) async fn encounter_table_totals(app: State<'_, App>, id: i64, on: bool) -> Reply<EncounterView> {
    app.run("encounter_table_totals", move |t| t.encounter_table_totals(id, on)).await
}

#[tauri::command]
pub(crate) async fn encounter_start(
    app: State<'_, App>,
    id: i64,
    rolls: Vec<(String, i64)>,
    tie_rolls: Vec<(String, i64)>,
) -> Reply<EncounterView> {
    app.run("encounter_start", move |t| t.encounter_start(id, &rolls, &tie_rolls, None)).await
}

#[tauri::command]
pub(crate) async fn encounter_change(app: State<'_, App>, id: i64, event: Event) -> Reply<EncounterView> {
    app.run("encounter_change", move |t| t.encounter_change(id, event)).await
}

#[tauri::command]
pub(crate) async fn encounter_condition(
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
pub(crate) async fn encounter_act(
    app: State<'_, App>,
    id: i64,
    action: String,
    name: Option<String>,
    inputs: BTreeMap<String, String>,
) -> Reply<EncounterView> {
    app.run("encounter_act", move |t| t.encounter_act_form(id, &action, name.as_deref(), inputs, None)).await
}

#[tauri::command]
pub(crate) async fn encounter_phone_fields(
    app: State<'_, App>,
    id: i64,
    action: String,
    name: Option<String>,
    inputs: BTreeMap<String, String>,
) -> Reply<Vec<PhoneField>> {
    app.run("encounter_phone_fields", move |t| t.phone_fields(id, &action, name.as_deref(), &inputs)).await
}

#[tauri::command]
pub(crate) async fn encounter_reaction_field(app: State<'_, App>, id: i64, name: String) -> Reply<PhoneField> {
    app.run("encounter_reaction_field", move |t| t.reaction_field(id, &name)).await
}

#[tauri::command]
pub(crate) async fn encounter_undo(app: State<'_, App>, id: i64) -> Reply<EncounterView> {
    app.run("encounter_undo", move |t| t.encounter_undo(id)).await
}

#[tauri::command]
pub(crate) async fn encounter_redo(app: State<'_, App>, id: i64) -> Reply<EncounterView> {
    app.run("encounter_redo", move |t| t.encounter_redo(id)).await
}

#[tauri::command]
pub(crate) async fn encounter_log(app: State<'_, App>, id: i64, last: Option<usize>) -> Reply<Vec<LogEntry>> {
    app.run("encounter_log", move |t| match last {
        Some(n) => t.encounter_log_tail(id, n),
        None => t.encounter_log(id),
    })
    .await
}

#[tauri::command]
pub(crate) async fn encounter_again(app: State<'_, App>, id: i64, name: Option<String>) -> Reply<EncounterView> {
    app.run("encounter_again", move |t| t.encounter_again(id, name.as_deref())).await
}

#[tauri::command]
pub(crate) async fn encounter_end(app: State<'_, App>, id: i64, apply: bool) -> Reply<Vec<Lasting>> {
    app.run("encounter_end", move |t| t.encounter_end(id, apply)).await
}
