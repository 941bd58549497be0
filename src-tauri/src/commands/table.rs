//! What the table sees: the players' window, and sharing with the players' phones.

use std::collections::BTreeMap;
use tauri::{AppHandle, Emitter, Manager, State};

use tome::api::{EncounterView, PlayerView};
use tome::characters::Character;
use tome::share::{AskItem, Device, InboxItem, LocalAddress, RollAsk, Share, ShareOptions, ShareStatus};
use tome::{ErrorCode, ErrorPayload};

use crate::{lock_share, off_main, App, Reply};

#[tauri::command]
pub(crate) async fn player_view(app: State<'_, App>, id: i64) -> Reply<PlayerView> {
    app.run("player_view", move |t| t.player_view(id)).await
}

/// The player view's window: made on the first call, then shown at the encounter asked.
/// Its capability (capabilities/player.json) grants it `player_view` and `show_entry` (to
/// open a condition's rule card) and nothing else.
#[tauri::command]
pub(crate) async fn open_player_view(handle: AppHandle, id: i64) -> Reply<()> {
    let route = format!("#/player/{id}");
    if let Some(window) = handle.get_webview_window("player") {
        let _ = window.eval(format!("window.location.hash = {route:?}"));
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
        return Ok(());
    }
    tauri::WebviewWindowBuilder::new(&handle, "player", tauri::WebviewUrl::App(format!("index.html{route}").into()))
        .title("Tome — player view")
        .inner_size(1280.0, 720.0)
        .min_inner_size(640.0, 400.0)
        .build()
        .map(|_| ())
        .map_err(|e| ErrorPayload::new(ErrorCode::Internal, format!("the player view's window could not open: {e}")))
}

fn not_sharing() -> ErrorPayload {
    ErrorPayload::new(ErrorCode::InvalidInput, "Tome is not sharing with the table")
}

/// Runs `f` on the running share, on the blocking pool.
async fn on_share<T: Send + 'static>(
    app: &App,
    command: &'static str,
    f: impl FnOnce(&Share) -> tome::Result<T> + Send + 'static,
) -> Reply<T> {
    let slot = app.sharing.clone();
    off_main(command, move || {
        let slot = lock_share(&slot);
        let share = slot.as_ref().ok_or_else(not_sharing)?;
        f(share).map_err(ErrorPayload::from)
    })
    .await
}

#[tauri::command]
pub(crate) async fn share_addresses() -> Reply<Vec<LocalAddress>> {
    off_main("share_addresses", || Ok(tome::share::local_addresses())).await
}

/// Starts sharing (the server runs on its own threads until `share_stop` or quitting);
/// when already sharing, answers how.
#[tauri::command]
pub(crate) async fn share_start(
    app: State<'_, App>,
    handle: AppHandle,
    address: Option<String>,
    port: Option<u16>,
    encounter: Option<i64>,
) -> Reply<ShareStatus> {
    let address = match address.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        Some(a) => Some(a.parse::<std::net::IpAddr>().map_err(|_| {
            ErrorPayload::new(ErrorCode::InvalidInput, format!("`{a}` is not an IP address (such as 192.168.1.20)"))
        })?),
        None => None,
    };
    let tome = app.tome.clone();
    let slot = app.sharing.clone();
    off_main("share_start", move || {
        let mut slot = lock_share(&slot);
        if let Some(running) = slot.as_ref() {
            return running.status().map_err(ErrorPayload::from);
        }
        let options = ShareOptions {
            address,
            port: port.unwrap_or(tome::share::DEFAULT_PORT),
            encounter,
            ..ShareOptions::default()
        };
        let started = Share::start(tome, options)?;
        // The tracker's strip of what the phones sent follows at once (`tome://table`).
        started.watch(std::sync::Arc::new(move || {
            let _ = handle.emit("tome://table", ());
        }));
        let status = started.status()?;
        *slot = Some(started);
        Ok(status)
    })
    .await
}

#[tauri::command]
pub(crate) async fn share_show(app: State<'_, App>, encounter: Option<i64>) -> Reply<ShareStatus> {
    on_share(&app, "share_show", move |s| {
        s.show(encounter)?;
        s.status()
    })
    .await
}

#[tauri::command]
pub(crate) async fn share_status(app: State<'_, App>) -> Reply<Option<ShareStatus>> {
    let slot = app.sharing.clone();
    off_main("share_status", move || {
        lock_share(&slot).as_ref().map(Share::status).transpose().map_err(ErrorPayload::from)
    })
    .await
}

#[tauri::command]
pub(crate) async fn share_stop(app: State<'_, App>) -> Reply<()> {
    let slot = app.sharing.clone();
    off_main("share_stop", move || {
        let running = lock_share(&slot).take();
        if let Some(share) = running {
            share.stop();
        }
        Ok(())
    })
    .await
}

#[tauri::command]
pub(crate) async fn share_new_code(app: State<'_, App>) -> Reply<ShareStatus> {
    on_share(&app, "share_new_code", |s| {
        s.renew_code();
        s.status()
    })
    .await
}

#[tauri::command]
pub(crate) async fn share_rename(app: State<'_, App>, device: u32, name: String) -> Reply<Device> {
    on_share(&app, "share_rename", move |s| s.rename(device, &name)).await
}

#[tauri::command]
pub(crate) async fn share_assign(app: State<'_, App>, device: u32, character: Option<i64>) -> Reply<Device> {
    on_share(&app, "share_assign", move |s| s.assign(device, character)).await
}

#[tauri::command]
pub(crate) async fn share_revoke(app: State<'_, App>, device: u32) -> Reply<()> {
    on_share(&app, "share_revoke", move |s| s.revoke(device)).await
}

#[tauri::command]
pub(crate) async fn share_revoke_all(app: State<'_, App>) -> Reply<()> {
    on_share(&app, "share_revoke_all", |s| {
        s.revoke_all();
        Ok(())
    })
    .await
}

#[tauri::command]
pub(crate) async fn share_accept(app: State<'_, App>, item: u32, encounter: Option<i64>) -> Reply<Character> {
    on_share(&app, "share_accept", move |s| s.accept(item, encounter).map(|(c, _)| c)).await
}

#[tauri::command]
pub(crate) async fn share_decline(app: State<'_, App>, item: u32) -> Reply<InboxItem> {
    on_share(&app, "share_decline", move |s| s.decline(item)).await
}

#[tauri::command]
pub(crate) async fn share_accept_proposal(app: State<'_, App>, id: u32) -> Reply<EncounterView> {
    on_share(&app, "share_accept_proposal", move |s| s.accept_proposal(id)).await
}

#[tauri::command]
pub(crate) async fn share_edit_proposal(
    app: State<'_, App>,
    id: u32,
    action: Option<String>,
    inputs: BTreeMap<String, String>,
) -> Reply<EncounterView> {
    on_share(&app, "share_edit_proposal", move |s| s.edit_proposal(id, action.as_deref(), inputs)).await
}

#[tauri::command]
pub(crate) async fn share_decline_proposal(app: State<'_, App>, id: u32, word: Option<String>) -> Reply<()> {
    on_share(&app, "share_decline_proposal", move |s| s.decline_proposal(id, word.as_deref())).await
}

#[tauri::command]
pub(crate) async fn share_ask_initiative(app: State<'_, App>, encounter: Option<i64>) -> Reply<()> {
    on_share(&app, "share_ask_initiative", move |s| s.ask_initiative(encounter)).await
}

#[tauri::command]
pub(crate) async fn share_ask_initiative_again(app: State<'_, App>, name: String) -> Reply<String> {
    on_share(&app, "share_ask_initiative_again", move |s| s.ask_initiative_again(&name)).await
}

#[tauri::command]
pub(crate) async fn share_start_fight(app: State<'_, App>, encounter: i64) -> Reply<EncounterView> {
    on_share(&app, "share_start_fight", move |s| s.start_fight(encounter, None, false)).await
}

#[tauri::command]
pub(crate) async fn share_ask_roll(app: State<'_, App>, ask: RollAsk) -> Reply<AskItem> {
    on_share(&app, "share_ask_roll", move |s| s.ask_roll(ask)).await
}

#[tauri::command]
pub(crate) async fn share_close_ask(app: State<'_, App>, id: u32) -> Reply<AskItem> {
    on_share(&app, "share_close_ask", move |s| s.close_ask(id)).await
}

#[tauri::command]
pub(crate) async fn share_trust_rolls(app: State<'_, App>, encounter: i64, trust: bool) -> Reply<()> {
    on_share(&app, "share_trust_rolls", move |s| s.trust_rolls(encounter, trust)).await
}
