//! Start-up (a database that did not open, and the ways out) and closing.

use tauri::{AppHandle, State, WebviewWindow};
use tome::api::{Repair, StartupProblem};
use tome::Tome;

use crate::dialogs::Pick;
use crate::{off_main, App, Opens, Reply};

/// Why the database could not be opened, with the ways out; `None` once it is open.
#[tauri::command]
pub(crate) async fn startup_problem(app: State<'_, App>) -> Reply<Option<StartupProblem>> {
    Ok(app.db().problem.clone())
}

/// What the checks Tome ran by itself repaired, told once (the page shows a notice).
#[tauri::command]
pub(crate) async fn repair_notice(app: State<'_, App>) -> Reply<Vec<Repair>> {
    app.run("repair_notice", |t| t.take_repairs()).await
}

#[tauri::command]
pub(crate) async fn retry_open(app: State<'_, App>) -> Reply<()> {
    let path = app.db().path.clone();
    let at = path.clone();
    let opened = off_main("retry_open", move || Ok(Tome::open(&at))).await?;
    app.opened(path, opened)
}

#[tauri::command]
pub(crate) async fn restore_newest_backup(app: State<'_, App>) -> Reply<()> {
    let path = app.db().path.clone();
    let at = path.clone();
    let opened = off_main("restore_newest_backup", move || Ok(Tome::restore_newest_backup(&at))).await?;
    app.opened(path, opened)
}

#[tauri::command]
pub(crate) async fn open_other_database(
    window: WebviewWindow,
    app: State<'_, App>,
    opens: State<'_, Opens>,
) -> Reply<bool> {
    let pick = Pick::File { kind: "Tome database", extensions: &["db", "sqlite", "sqlite3"] };
    let Some(path) = opens.choose(&window, "Open a Tome database", pick).await? else {
        return Ok(false);
    };
    let at = path.clone();
    let opened = off_main("open_other_database", move || Ok(Tome::open(&at))).await?;
    app.opened(path, opened).map(|()| true)
}

#[tauri::command]
pub(crate) async fn quit(handle: AppHandle) -> Reply<()> {
    handle.exit(0);
    Ok(())
}

#[tauri::command]
pub(crate) async fn close_ready(handle: AppHandle) -> Reply<()> {
    eprintln!("tome-desktop: the page saved what was pending; closing");
    handle.exit(0);
    Ok(())
}
