//! Pushing changes to the devices: the table view is drawn once per change and sent to
//! every device's stream; a device with a character also gets its own numbers.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::Event;
use serde::Serialize;
use tokio::sync::mpsc;
use ts_rs::TS;

use super::proposals::MyProposal;
use super::Device;
use super::Hub;
use crate::api::{InitiativeAnswer, InitiativeAsk, MyCombatant};
use crate::sheets::{CharacterView, SheetLayout};

/// The table view as last drawn (JSON: the view, or `null` with no encounter).
#[derive(Default)]
pub struct Frame {
    pub view: String,
}

/// How often the view is drawn again while a condition counts seconds.
pub const TICK: Duration = Duration::from_secs(1);

/// Draws the table view after every change, for as long as sharing lasts, and every
/// [`TICK`] while a shown condition counts seconds (they run out with no change made).
pub async fn draw(hub: Arc<Hub>) {
    let mut version = hub.version.subscribe();
    let mut stopping = hub.stopping.subscribe();
    loop {
        version.borrow_and_update();
        let drawn = hub.clone();
        // An action whose turn has passed is dropped as the change that passed it is
        // drawn, so its phone and the game master's list learn it together.
        let ((view, counting), dropped) = tokio::task::spawn_blocking(move || {
            let dropped = super::acting::drop_stale(&drawn) | super::asks::close_stale(&drawn);
            (table_frame(&drawn), dropped)
        })
        .await
        .unwrap_or_else(|_| ((error_json(), false), false));
        hub.frame.send_replace(Arc::new(Frame { view }));
        if dropped {
            hub.poke();
        }
        tokio::select! {
            changed = version.changed() => if changed.is_err() { return },
            () = tokio::time::sleep(TICK), if counting => {},
            _ = stopping.changed() => return,
        }
    }
}

pub fn table_json(hub: &Hub) -> String {
    table_frame(hub).0
}

/// The table view as JSON with what the table has seen happen, and whether it counts
/// seconds. Every board drawn or read joins the table's log, the view worked out under
/// the log's lock: two boards worked out at once would otherwise join it out of order.
fn table_frame(hub: &Hub) -> (String, bool) {
    let mut feed = hub.feed();
    let drawn = hub.tome.run("share view", |t| match hub.encounter_id(t)? {
        Some(id) => {
            let mut view = t.table_view(id)?;
            view.log = t.table_log(id, &mut feed.log)?;
            Ok(Some(view))
        }
        None => Ok(None),
    });
    drop(feed);
    match drawn {
        Ok(view) => (
            serde_json::to_string(&view).unwrap_or_else(|_| error_json()),
            view.as_ref().is_some_and(crate::api::PlayerView::counting),
        ),
        Err(_) => (error_json(), false),
    }
}

/// What the device a character was given alone is sent (`mine`): the sheet with its
/// derived stats and, when that character is in the fight, its exact numbers there.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct MyCharacter {
    pub sheet: CharacterView,
    /// The system's sheet layout, so the page lays the sheet's own fields out as the
    /// app does (read-only).
    pub layout: SheetLayout,
    pub fight: Option<MyCombatant>,
    /// The game master asks for this character's initiative (the fight waits to start).
    pub initiative: Option<InitiativeAsk>,
    /// The initiative this device sent for it.
    pub initiative_sent: Option<InitiativeAnswer>,
    /// What this device sent: actions waiting, then the answered ones, newest last.
    pub proposals: Vec<MyProposal>,
    /// Rolls the game master asks of this character.
    pub asks: Vec<super::MyAsk>,
}

/// What `device` alone is sent ([`MyCharacter`]; `null` with no character).
pub fn mine_json(hub: &Hub, device: &Device) -> String {
    let Some(id) = device.character else { return "null".into() };
    let asking = hub.proposals().asking();
    let drawn = hub.tome.run("share mine", |t| {
        let sheet = t.character_view(id)?;
        let fight = match hub.encounter_id(t)? {
            Some(e) => t.my_combatant(e, id)?,
            None => None,
        };
        let layout = t.sheet_layout(&sheet.character.system)?;
        // The fight asked about may be gone (deleted since): nothing is asked then.
        let initiative = asking.and_then(|e| t.initiative_ask(e, id).ok().flatten());
        Ok((sheet, layout, fight, initiative))
    });
    let Ok((sheet, layout, fight, initiative)) = drawn else { return error_json() };
    let proposals = super::acting::mine(hub, device.id);
    // Only the roll sent for the character asked about now: a device given another
    // character since it rolled is not shown the first one's roll.
    let initiative_sent = initiative.as_ref().and_then(|ask| hub.proposals().my_initiative(device.id, &ask.name));
    let asks = super::asks::mine(hub, device);
    let mine = MyCharacter { sheet, layout, fight, initiative, initiative_sent, proposals, asks };
    serde_json::to_string(&mine).unwrap_or_else(|_| error_json())
}

/// What a device is sent when its view cannot be drawn: no detail of why, which is the
/// game master's to read.
fn error_json() -> String {
    r#"{"error":"the game master's Tome could not draw this; it will try again on the next change"}"#.into()
}

/// One live stream of a device, counted while it lasts (the device shows as connected;
/// [`super::devices::MAX_STREAMS`] at most).
pub struct Live {
    hub: Arc<Hub>,
    token: [u8; 16],
}

impl Live {
    /// Refused when the device holds as many streams as it may, or the table does.
    pub fn open(hub: &Arc<Hub>, token: [u8; 16]) -> Result<Live, super::devices::StreamRefusal> {
        hub.devices().open_stream(&token, hub.limits.streams)?;
        // A player's page may have taken an idle device's place: its page is told now.
        if hub.devices().has_displaced() {
            hub.tell_displaced();
            hub.poke();
        }
        Ok(Live { hub: hub.clone(), token })
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let closed = self.hub.devices().close_stream(&self.token);
        if let Some(d) = closed {
            self.hub.arrived(super::arrivals::Arrival::Left { device: d.id, name: d.name });
        }
    }
}

/// Feeds one device's stream until it is revoked, sharing stops or the page goes away.
pub async fn feed(live: Live, out: mpsc::Sender<Result<Event, Infallible>>) {
    let hub = live.hub.clone();
    let token = live.token;
    let mut frames = hub.frame.subscribe();
    let mut stopping = hub.stopping.subscribe();
    let mut sent_view = String::new();
    let mut sent_mine = String::new();
    // The name the page was given when it joined; a rename is pushed as `device`.
    let first = hub.devices().by_token(&token);
    let mut sent_name = first.as_ref().map(|d| d.name.clone()).unwrap_or_default();
    let id = first.map(|d| d.id);
    loop {
        if *stopping.borrow_and_update() {
            let _ = out.send(Ok(Event::default().event("stopped").data("sharing has stopped"))).await;
            return;
        }
        let frame = frames.borrow_and_update().clone();
        let Some(device) = hub.devices().by_token(&token) else {
            // A device without a character whose place a player took is told so, not
            // that the game master sent it away.
            let gone = if id.is_some_and(|id| hub.devices().was_displaced(id)) {
                Event::default().event("displaced").data("a player's phone took this device's place at the table")
            } else {
                Event::default().event("revoked").data("the game master disconnected this device")
            };
            let _ = out.send(Ok(gone)).await;
            return;
        };
        if device.name != sent_name {
            let data = serde_json::to_string(&device).unwrap_or_default();
            if out.send(Ok(Event::default().event("device").data(data))).await.is_err() {
                return;
            }
            sent_name.clone_from(&device.name);
        }
        if frame.view != sent_view && !frame.view.is_empty() {
            if out.send(Ok(Event::default().event("view").data(&frame.view))).await.is_err() {
                return;
            }
            sent_view.clone_from(&frame.view);
        }
        let drawn = hub.clone();
        let mine =
            tokio::task::spawn_blocking(move || mine_json(&drawn, &device)).await.unwrap_or_else(|_| error_json());
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
