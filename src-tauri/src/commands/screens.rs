//! The game master's screen.

use tauri::State;
use tome::screen::Screen;

use crate::{App, Reply};

#[tauri::command]
pub(crate) async fn screen(app: State<'_, App>, system: String) -> Reply<Screen> {
    app.run("screen", move |t| t.screen(&system)).await
}

#[tauri::command]
pub(crate) async fn screen_pin(app: State<'_, App>, system: String, item: String) -> Reply<Screen> {
    app.run("screen_pin", move |t| t.screen_pin(&system, &item)).await
}

#[tauri::command]
pub(crate) async fn screen_unpin(app: State<'_, App>, system: String, what: String) -> Reply<Screen> {
    app.run("screen_unpin", move |t| t.screen_unpin(&system, &what)).await
}

#[tauri::command]
pub(crate) async fn screen_move(app: State<'_, App>, system: String, from: usize, to: usize) -> Reply<Screen> {
    app.run("screen_move", move |t| t.screen_move(&system, from, to)).await
}

#[tauri::command]
pub(crate) async fn screen_reset(app: State<'_, App>, system: String) -> Reply<Screen> {
    app.run("screen_reset", move |t| t.screen_reset(&system)).await
}
