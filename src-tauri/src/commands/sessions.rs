//! The session log, saved as a document.

use tauri::{State, WebviewWindow};
use tome::api::SessionPick;

use crate::{App, Reply, Saves};

/// Makes the session log, asks where to save it (suggesting `file_name`) and writes it
/// there; answers with the path, or `None` when the user cancelled.
#[tauri::command]
pub(crate) async fn export_session_log(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    pick: SessionPick,
    file_name: String,
) -> Reply<Option<String>> {
    // Made first: a log that cannot be made is reported before any question is asked.
    let markdown = app.run("export_session_log", move |t| t.session_log(&pick)).await?;
    saves.save(&window, "export_session_log", &file_name, ("Markdown document", &["md"]), markdown.into()).await
}
