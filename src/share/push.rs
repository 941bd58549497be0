//! Pushing changes to the devices: the table view is drawn once per change and sent to
//! every device's stream; a device with a character also gets its own numbers.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::Event;
use tokio::sync::mpsc;

use super::Hub;

/// The table view as last drawn (JSON: the view, or `null` with no encounter).
#[derive(Default)]
pub struct Frame {
    pub view: String,
}

/// Draws the table view after every change, for as long as sharing lasts.
pub async fn draw(hub: Arc<Hub>) {
    let mut version = hub.version.subscribe();
    let mut stopping = hub.stopping.subscribe();
    loop {
        version.borrow_and_update();
        let drawn = hub.clone();
        let view = tokio::task::spawn_blocking(move || table_json(&drawn)).await.unwrap_or_else(|_| error_json());
        hub.frame.send_replace(Arc::new(Frame { view }));
        tokio::select! {
            changed = version.changed() => if changed.is_err() { return },
            _ = stopping.changed() => return,
        }
    }
}

/// Follows changes other processes commit (a game master on the command line): this
/// Tome's own changes come through its change hook at once.
pub async fn watch_other_processes(hub: Arc<Hub>, every: Duration) {
    let mut stopping = hub.stopping.subscribe();
    let read = |hub: &Arc<Hub>| hub.tome.run("share watch", |t| t.db().data_version()).ok();
    let mut last = read(&hub);
    loop {
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            _ = stopping.changed() => return,
        }
        let seen = hub.clone();
        let now = tokio::task::spawn_blocking(move || read(&seen)).await.ok().flatten();
        if now != last {
            last = now;
            hub.poke();
        }
    }
}

pub fn table_json(hub: &Hub) -> String {
    let drawn = hub.tome.run("share view", |t| match hub.encounter_id(t)? {
        Some(id) => t.table_view(id).map(Some),
        None => Ok(None),
    });
    match drawn {
        Ok(view) => serde_json::to_string(&view).unwrap_or_else(|_| error_json()),
        Err(_) => error_json(),
    }
}

/// What device `character`'s holder alone is sent: the sheet with its derived stats and,
/// when it is in the fight, its exact numbers there.
pub fn mine_json(hub: &Hub, character: Option<i64>) -> String {
    let Some(id) = character else { return "null".into() };
    let drawn = hub.tome.run("share mine", |t| {
        let sheet = t.character_view(id)?;
        let fight = match hub.encounter_id(t)? {
            Some(e) => t.my_combatant(e, id)?,
            None => None,
        };
        Ok(serde_json::json!({ "sheet": sheet, "fight": fight }))
    });
    drawn.map_or_else(|_| error_json(), |v| v.to_string())
}

/// What a device is sent when its view cannot be drawn: no detail of why, which is the
/// game master's to read.
fn error_json() -> String {
    r#"{"error":"the game master's Tome could not draw this; it will try again on the next change"}"#.into()
}

/// Feeds one device's stream until it is revoked, sharing stops or the page goes away.
pub async fn feed(hub: Arc<Hub>, token: [u8; 16], out: mpsc::Sender<Result<Event, Infallible>>) {
    let mut frames = hub.frame.subscribe();
    let mut stopping = hub.stopping.subscribe();
    let mut sent_view = String::new();
    let mut sent_mine = String::new();
    loop {
        if *stopping.borrow_and_update() {
            let _ = out.send(Ok(Event::default().event("stopped").data("sharing has stopped"))).await;
            return;
        }
        let frame = frames.borrow_and_update().clone();
        let Some(device) = hub.devices().by_token(&token) else {
            let _ =
                out.send(Ok(Event::default().event("revoked").data("the game master disconnected this device"))).await;
            return;
        };
        if frame.view != sent_view && !frame.view.is_empty() {
            if out.send(Ok(Event::default().event("view").data(&frame.view))).await.is_err() {
                return;
            }
            sent_view.clone_from(&frame.view);
        }
        let drawn = hub.clone();
        let mine = tokio::task::spawn_blocking(move || mine_json(&drawn, device.character))
            .await
            .unwrap_or_else(|_| error_json());
        if mine != sent_mine {
            if out.send(Ok(Event::default().event("mine").data(&mine))).await.is_err() {
                return;
            }
            sent_mine = mine;
        }
        tokio::select! {
            changed = frames.changed() => if changed.is_err() { return },
            _ = stopping.changed() => {},
            () = out.closed() => return,
        }
    }
}
