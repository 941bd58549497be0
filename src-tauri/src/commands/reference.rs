//! The rules reference: entries, tables, search, the calculators and the dice.

use std::collections::BTreeMap;

use tauri::State;
use tome::model::{Entry, ListItem, SearchHit, System, Table, TableRoll};
use tome::rules::{CalculatorInfo, Outcome};
use tome::search::SearchFilter;
use tome::{ErrorCode, ErrorPayload, Kind};

use crate::{App, Reply};

#[tauri::command]
pub(crate) async fn systems(app: State<'_, App>) -> Reply<Vec<System>> {
    app.run("systems", move |t| t.systems()).await
}

#[tauri::command]
pub(crate) async fn list_entries(app: State<'_, App>, kind: Kind, system: Option<String>) -> Reply<Vec<ListItem>> {
    app.run("list_entries", move |t| t.list(kind, system.as_deref())).await
}

#[tauri::command]
pub(crate) async fn show_entry(app: State<'_, App>, id: String) -> Reply<Entry> {
    app.run("show_entry", move |t| t.show(&id)).await
}

#[tauri::command]
pub(crate) async fn get_table(app: State<'_, App>, id: String) -> Reply<Table> {
    app.run("get_table", move |t| t.table(&id, None)).await
}

#[tauri::command]
pub(crate) async fn roll_table(app: State<'_, App>, id: String) -> Reply<TableRoll> {
    app.run("roll_table", move |t| t.roll_table(&id, &mut rand::rng())).await
}

#[tauri::command]
pub(crate) async fn calculators(app: State<'_, App>) -> Reply<Vec<CalculatorInfo>> {
    app.run("calculators", move |t| t.calculators()).await
}

#[tauri::command]
pub(crate) async fn calculate(
    app: State<'_, App>,
    system: String,
    name: String,
    values: BTreeMap<String, String>,
) -> Reply<Outcome> {
    app.run("calculate", move |t| t.calculate_form(&system, &name, values)).await
}

#[tauri::command]
pub(crate) async fn roll_dice(dice: String) -> Reply<tome::dice::DiceRoll> {
    tome::dice::roll_spec(&dice, &mut rand::rng(), 1)
        .map_err(|message| ErrorPayload::new(ErrorCode::InvalidInput, message))
}

#[tauri::command]
pub(crate) async fn search(
    app: State<'_, App>,
    query: String,
    system: Option<String>,
    kind: Option<Kind>,
    limit: Option<usize>,
) -> Reply<Vec<SearchHit>> {
    app.run("search", move |t| t.search(&query, &SearchFilter { system, kind, limit })).await
}
