//! The native file dialogs, in which the user picks every path the shell reads or
//! writes: the page never names one, so the capability grants no dialog or file-system
//! access.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tauri::{Manager, WebviewWindow};
use tauri_plugin_dialog::DialogExt;
use tome::{ErrorCode, ErrorPayload};

use crate::Reply;

/// Where files are saved: the native save dialog, in which the user picks every path.
/// The webview never names a path itself, so it cannot write anywhere the user did not
/// choose. The dialog opens in the folder of the last save, at first in Documents.
///
/// Test seam: `TOME_E2E_SAVE_DIR` set at start-up replaces the dialog (which WebDriver
/// cannot drive) by that folder: each file is saved there under the suggested name at
/// once. It is in release builds too, so the end-to-end tests drive the very app the
/// package installs; only whoever starts the process sets its environment, and they can
/// write those files themselves anyway.
pub(crate) struct Saves {
    e2e_dir: Option<PathBuf>,
    last_dir: Mutex<Option<PathBuf>>,
}

impl Saves {
    pub(crate) fn from_env() -> Saves {
        let e2e_dir = std::env::var_os("TOME_E2E_SAVE_DIR").map(PathBuf::from);
        Saves { e2e_dir, last_dir: Mutex::new(None) }
    }

    pub(crate) async fn choose(
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

    /// Asks where to save `bytes` (made before asking, so what cannot be made is said
    /// before any question), suggesting `file_name`, and writes them there whole or not at
    /// all; answers with the path, or `None` when the user cancelled. `what` names the
    /// command in an error.
    ///
    /// The one helper every export uses (a character's or an adversary's file, a PDF, the
    /// session log): each command only makes its bytes with the core and calls this. What
    /// the export commands still share is their signature (the window, the app, `Saves`,
    /// the file name), which Tauri's command attribute needs written out per command.
    pub(crate) async fn save(
        &self,
        window: &WebviewWindow,
        what: &'static str,
        file_name: &str,
        (kind, extensions): (&str, &[&str]),
        bytes: Vec<u8>,
    ) -> Reply<Option<String>> {
        let Some(path) = self.choose(window, file_name, kind, extensions).await? else { return Ok(None) };
        let shown = path.display().to_string();
        crate::off_main(what, move || tome::files::write_atomic(&path, &bytes).map_err(ErrorPayload::from)).await?;
        Ok(Some(shown))
    }
}

/// What an open dialog picks.
#[derive(Clone, Copy)]
pub(crate) enum Pick {
    Folder,
    File { kind: &'static str, extensions: &'static [&'static str] },
}

/// Where files are read from: the native open dialog (a file or a folder), in which the
/// user picks every path. It opens in the folder of the last pick, at first in Documents.
///
/// Test seam (in every build, as [`Saves`]'s): `TOME_E2E_OPEN_PATH` set at start-up replaces the
/// dialog (which WebDriver cannot drive): it names a small text file, and each time a
/// dialog would open the shell reads it and "picks" the path written in it (a missing or
/// empty file is a cancelled dialog). The test writes the path it wants before each import.
pub(crate) struct Opens {
    e2e_file: Option<PathBuf>,
    last_dir: Mutex<Option<PathBuf>>,
}

impl Opens {
    pub(crate) fn from_env() -> Opens {
        let e2e_file = std::env::var_os("TOME_E2E_OPEN_PATH").map(PathBuf::from);
        Opens { e2e_file, last_dir: Mutex::new(None) }
    }

    pub(crate) async fn choose(&self, window: &WebviewWindow, title: &str, pick: Pick) -> Reply<Option<PathBuf>> {
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
