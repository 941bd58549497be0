//! Parties, and bringing them into encounters.

use tauri::State;
use tome::api::EncounterView;
use tome::db::parties::Party;

use crate::{App, Reply};

#[tauri::command]
pub(crate) async fn parties(app: State<'_, App>) -> Reply<Vec<Party>> {
    app.run("parties", move |t| t.parties()).await
}

#[tauri::command]
pub(crate) async fn create_party(app: State<'_, App>, system: String, name: String) -> Reply<Party> {
    app.run("create_party", move |t| t.create_party(&system, &name)).await
}

#[tauri::command]
pub(crate) async fn party_add(app: State<'_, App>, party: i64, characters: Vec<i64>) -> Reply<Party> {
    app.run("party_add", move |t| t.party_add(&party.to_string(), &characters)).await
}

#[tauri::command]
pub(crate) async fn party_remove(app: State<'_, App>, party: i64, characters: Vec<i64>) -> Reply<Party> {
    app.run("party_remove", move |t| t.party_remove(&party.to_string(), &characters)).await
}

#[tauri::command]
pub(crate) async fn delete_party(app: State<'_, App>, party: i64) -> Reply<()> {
    app.run("delete_party", move |t| t.delete_party(&party.to_string())).await
}

#[tauri::command]
pub(crate) async fn encounter_add_party(
    app: State<'_, App>,
    id: i64,
    party: i64,
    hidden: Option<bool>,
) -> Reply<EncounterView> {
    app.run("encounter_add_party", move |t| t.encounter_add_party_with(id, &party.to_string(), hidden)).await
}

#[tauri::command]
pub(crate) async fn encounter_next_fight(app: State<'_, App>, id: i64, name: Option<String>) -> Reply<EncounterView> {
    app.run("encounter_next_fight", move |t| t.encounter_next_fight(id, name.as_deref())).await
}
