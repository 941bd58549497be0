//! Imported rulebook text. The import opens the native picker itself (`Opens`): the
//! page never names a path.

use tauri::{State, WebviewWindow};
use tome::textdocs::{DocImport, DocInfo};

use crate::dialogs::Pick;
use crate::{App, Opens, Reply};

#[tauri::command]
pub(crate) async fn docs(app: State<'_, App>) -> Reply<Vec<DocInfo>> {
    app.run("docs", move |t| t.docs()).await
}

/// Asks for a rules document (`.txt` or `.md`) and imports it for `system`, under `title`
/// (or one made from the file's name); `None` when the user cancelled.
#[tauri::command]
pub(crate) async fn import_text(
    window: WebviewWindow,
    app: State<'_, App>,
    opens: State<'_, Opens>,
    system: String,
    title: Option<String>,
) -> Reply<Option<DocImport>> {
    // An unknown system fails before anything is asked.
    let asked = system.clone();
    app.run("import_text", move |t| {
        let systems = t.systems()?;
        if systems.iter().any(|s| s.id == asked) {
            Ok(())
        } else {
            let suggestions = systems.into_iter().map(|s| s.id).collect();
            Err(tome::Error::NotFound { what: "game system", id: asked, suggestions })
        }
    })
    .await?;
    let pick = Pick::File { kind: "Rules text", extensions: &["txt", "md", "markdown", "text"] };
    let Some(path) = opens.choose(&window, "Import rulebook text", pick).await? else {
        return Ok(None);
    };
    let title = title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    app.run("import_text", move |t| t.import_text_file(&path, &system, title.as_deref())).await.map(Some)
}

/// Removes an imported document and its sections.
#[tauri::command]
pub(crate) async fn remove_doc(app: State<'_, App>, id: String) -> Reply<DocInfo> {
    app.run("remove_doc", move |t| t.remove_doc(&id)).await
}

#[tauri::command]
pub(crate) async fn set_doc_shared(app: State<'_, App>, id: String, shared: bool) -> Reply<DocInfo> {
    app.run("set_doc_shared", move |t| t.set_doc_shared(&id, shared)).await
}
