//! Homebrew packs. The import opens the native picker itself (`Opens`): the page never
//! names a path.

use tauri::{State, WebviewWindow};
use tome::packs::{PackImport, PackInfo};

use crate::dialogs::Pick;
use crate::{App, Opens, Reply};

#[tauri::command]
pub(crate) async fn packs(app: State<'_, App>) -> Reply<Vec<PackInfo>> {
    app.run("packs", move |t| t.packs()).await
}

/// Asks for a pack (a folder when `folder`, else a single `.toml` file) and imports it;
/// `None` when the user cancelled. An invalid pack is refused whole with every problem,
/// its files shown from the folder the pack was picked in (the core writes them so).
#[tauri::command]
pub(crate) async fn import_pack(
    window: WebviewWindow,
    app: State<'_, App>,
    opens: State<'_, Opens>,
    folder: bool,
) -> Reply<Option<PackImport>> {
    let pick = if folder { Pick::Folder } else { Pick::File { kind: "Tome pack", extensions: &["toml"] } };
    let Some(path) = opens.choose(&window, "Import a pack", pick).await? else {
        return Ok(None);
    };
    app.run("import_pack", move |t| t.import_pack_shown_from(&path, path.parent())).await.map(Some)
}

/// Removes a pack and its entries; refused while a character uses one of them.
#[tauri::command]
pub(crate) async fn remove_pack(app: State<'_, App>, name: String) -> Reply<PackInfo> {
    app.run("remove_pack", move |t| t.remove_pack(&name)).await
}
