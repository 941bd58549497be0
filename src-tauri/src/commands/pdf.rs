//! Printable sheets (PDF): the preview and the saved file.

use tauri::ipc::Response;
use tauri::{State, WebviewWindow};
use tome::ipc::PdfSource;
use tome::pdf::PdfOptions;

use crate::{off_main, App, Reply, Saves};

/// Lays the PDF out against the database, then writes its bytes with the database free
/// for other commands (typing in the search box or a sheet never waits on a PDF).
async fn make_pdf(app: &App, command: &'static str, source: PdfSource, options: PdfOptions) -> Reply<Vec<u8>> {
    let prepared = app.run(command, move |t| t.prepare_pdf(&source, &options)).await?;
    off_main(command, move || Ok(prepared.finish())).await
}

/// The PDF's bytes (an `ArrayBuffer` in the UI), for the print preview.
#[tauri::command]
pub(crate) async fn pdf_preview(app: State<'_, App>, source: PdfSource, options: PdfOptions) -> Reply<Response> {
    make_pdf(&app, "pdf_preview", source, options).await.map(Response::new)
}

/// Makes the PDF, asks where to save it (suggesting `file_name`) and writes it there,
/// whole or not at all; answers with the path, or `None` when the user cancelled.
#[tauri::command]
pub(crate) async fn export_pdf(
    window: WebviewWindow,
    app: State<'_, App>,
    saves: State<'_, Saves>,
    source: PdfSource,
    options: PdfOptions,
    file_name: String,
) -> Reply<Option<String>> {
    // Made first: a PDF that cannot be made is reported before any question is asked.
    let bytes = make_pdf(&app, "export_pdf", source, options).await?;
    saves.save(&window, "export_pdf", &file_name, ("PDF document", &["pdf"]), bytes).await
}
