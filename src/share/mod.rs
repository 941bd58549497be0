//! Sharing with the table: while the game master shares, a small web server on the local
//! network gives each player's phone (or the room's TV) the fight as the players' view
//! shows it, the rules, and that player's own character, pushed as they change.
//!
//! Everything a device reads is made by the same `Tome` calls the CLI and the app use
//! ([`Tome::table_view`], [`Tome::my_combatant`], search and entries), so nothing is
//! filtered twice. A device joins with the short-lived code in the QR and gets a random
//! token in an HttpOnly cookie; every data request needs it. Nothing a device sends is
//! written except a character file, which waits in the game master's inbox.

mod acting;
mod address;
pub mod arrivals;
mod asks;
pub mod conn;
mod devices;
mod feed;
mod http;
mod inbox;
mod pages;
mod proposals;
mod push;

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde::Serialize;
use tokio::sync::watch;
use ts_rs::TS;

pub use crate::encounters::AnswerForm;
pub use address::{choose, choose_here, join_url, local_addresses, qr_svg, qr_text, rank, Choice, LocalAddress};
pub use asks::{AskAnswer, AskCalculator, AskItem, MyAsk, RollAsk, MAX_ASKS};
pub use devices::{
    Device, ACTS_BURST, ACT_PERIOD, CODE_LEN, MAX_DEVICES, MAX_DEVICES_PER_ADDRESS, MAX_STREAMS, MOST_CODES_PER_SECOND,
    ROLLS_BURST, ROLL_PERIOD, WRONG_CODES_BURST,
};
pub use inbox::{InboxItem, MAX_WAITING, MAX_WAITING_PER_DEVICE};
pub use pages::PAGES_BUILT;
pub use proposals::{MyProposal, ProposalItem, ProposalState, DICE_UNSEEN, MAX_PROPOSALS, MAX_PROPOSALS_PER_DEVICE};
pub use push::MyCharacter;

use crate::api::EncounterView;
use crate::characters::Character;
use crate::error::{Error, Result};
use crate::shared::SharedTome;
use devices::Devices;
use inbox::Inbox;
use proposals::Proposals;

/// How long a join code works after it is shown.
pub const CODE_TTL: Duration = Duration::from_secs(5 * 60);
/// The port tried first; another free one is taken when it is in use.
pub const DEFAULT_PORT: u16 = 7878;

/// How to share.
#[derive(Debug, Clone)]
pub struct ShareOptions {
    /// The address to listen on; `None`: the likeliest of the machine's local network
    /// addresses ([`choose`]).
    pub address: Option<IpAddr>,
    /// `0`: any free port.
    pub port: u16,
    /// The encounter shown; `None`: the started encounter changed most recently (one
    /// still being prepared, at round 0, never reaches the table). [`Share::show`]
    /// changes it while sharing.
    pub encounter: Option<i64>,
    pub code_ttl: Duration,
    /// The bounds on connections and streams ([`conn::Limits`]).
    pub limits: conn::Limits,
    /// Where the phones' dice come from: `None` (always, but in tests) from the
    /// operating system's randomness; a seed makes every roll a phone asks for
    /// repeatable, so two tables fed the same requests roll the same dice.
    pub dice_seed: Option<u64>,
}

impl Default for ShareOptions {
    fn default() -> ShareOptions {
        ShareOptions {
            address: None,
            port: DEFAULT_PORT,
            encounter: None,
            code_ttl: CODE_TTL,
            limits: conn::Limits::default(),
            dice_seed: None,
        }
    }
}

/// What the game master's panel shows while sharing.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ShareStatus {
    /// `http://address:port`.
    pub url: String,
    /// The page the QR opens: the address with the join code.
    pub join_url: String,
    pub code: String,
    /// Seconds the code has left.
    pub code_secs: u64,
    /// The join page as a QR code (SVG).
    pub qr_svg: String,
    /// A word of caution about the address: it reaches every network, or this machine
    /// only, or a container's, VM's or VPN's network; or the machine is on several
    /// local networks, and the phones may be on another (they are named).
    pub caution: Option<String>,
    pub devices: Vec<Device>,
    pub inbox: Vec<InboxItem>,
    /// Actions players sent, waiting for the game master, oldest first.
    pub proposals: Vec<ProposalItem>,
    /// The encounter whose initiative the phones are asked for, and what they sent.
    pub asking: Option<i64>,
    pub initiative: Vec<crate::api::InitiativeAnswer>,
    /// The fights whose players' free rolls wait for the game master's accept.
    pub rolls_held: Vec<i64>,
    /// Rolls asked of the phones, with their answers.
    pub asks: Vec<AskItem>,
    /// False when this Tome was built without the phone pages (the API still answers).
    pub pages: bool,
    /// The encounter the game master chose to show; `null`: the table follows the
    /// started encounter changed most recently.
    pub chosen: Option<i64>,
    /// The encounter the table sees now, if any.
    pub showing: Option<Showing>,
    /// Newcomers to the fight shown join hidden from the table unless the game master says
    /// otherwise as they add them ([`crate::Tome::newcomers_hidden`]); `false` when no fight
    /// is shown.
    pub newcomers_hidden: bool,
    /// A device could not join: every place is taken by a device with a character.
    /// Revoking one makes room.
    pub full: bool,
    /// The last devices without a character that lost their place to a newcomer while
    /// the table was full (issue 71), newest last.
    pub displaced: Vec<Device>,
}

/// The encounter the table sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Showing {
    pub id: i64,
    pub name: String,
}

/// What the server's tasks and the game master's handle share.
pub struct Hub {
    tome: Arc<SharedTome>,
    /// The address shared: a request naming another host is refused (DNS rebinding).
    addr: SocketAddr,
    limits: conn::Limits,
    /// The connections open now.
    conns: Arc<conn::Conns>,
    /// The encounter the game master chose (`None`: follow the latest started one).
    encounter: Mutex<Option<i64>>,
    devices: Mutex<Devices>,
    inbox: Mutex<Inbox>,
    proposals: Mutex<Proposals>,
    asks: Mutex<asks::Asks>,
    /// What the table has seen happen, for the phones' log.
    feed: Mutex<feed::Feed>,
    /// Told after every change (the game master's screen reads what the phones sent).
    watcher: Mutex<Option<Arc<dyn Fn() + Send + Sync>>>,
    /// The last number given to an inbox item or a waiting action.
    numbered: std::sync::atomic::AtomicU32,
    /// The phones' dice: one draw per request that rolls, whatever it rolls, so what a
    /// phone is dealt never depends on how many dice the game master's side rolled.
    dice: Mutex<rand::rngs::StdRng>,
    /// The secret behind the dice of players' actions ([`Hub::turn_seed`]).
    turn_dice: u64,
    /// Bumped by every change the table may see (and every device change).
    version: watch::Sender<u64>,
    /// What the phones send, as it arrives ([`Share::arrivals`]).
    arrivals: tokio::sync::broadcast::Sender<arrivals::Arrival>,
    /// The table view as last drawn, for every device to send.
    frame: watch::Sender<Arc<push::Frame>>,
    stopping: watch::Sender<bool>,
}

impl Hub {
    fn devices(&self) -> MutexGuard<'_, Devices> {
        self.devices.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn inbox(&self) -> MutexGuard<'_, Inbox> {
        self.inbox.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn asks(&self) -> MutexGuard<'_, asks::Asks> {
        self.asks.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn feed(&self) -> MutexGuard<'_, feed::Feed> {
        self.feed.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn proposals(&self) -> MutexGuard<'_, Proposals> {
        self.proposals.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A seed for the dice of one request a phone makes.
    pub(crate) fn dice_seed(&self) -> u64 {
        use rand::Rng;
        self.dice.lock().unwrap_or_else(std::sync::PoisonError::into_inner).random()
    }

    /// The seed of the dice Tome rolls for an action a player sends: `whose` is the
    /// fight (number and name), the combatant, the round and how many of its actions were
    /// accepted in that round already. The same however often an action is sent,
    /// withdrawn and sent again, so "Roll for me" rolls once (issue 56), and the next
    /// action accepted gets new dice. Nothing hidden goes in (whose turn it is may be a
    /// hidden combatant's). Unknown to the phones: keyed with a secret drawn as the table
    /// opens.
    pub(crate) fn turn_seed(&self, whose: &(i64, &str, &str, i64, u32)) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        self.turn_dice.hash(&mut h);
        whose.hash(&mut h);
        h.finish()
    }

    /// The dice of one request a phone makes.
    pub(crate) fn dice(&self) -> rand::rngs::StdRng {
        use rand::SeedableRng;
        rand::rngs::StdRng::seed_from_u64(self.dice_seed())
    }

    /// The next number for something waiting for the game master.
    fn number(&self) -> u32 {
        self.numbered.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1
    }

    /// Something changed: the view is drawn again and every device told.
    pub(crate) fn poke(&self) {
        self.version.send_modify(|v| *v += 1);
        let watcher = self.watcher.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        if let Some(told) = watcher {
            told();
        }
    }

    /// Tells the game master of the devices that lost their place to a newcomer (a
    /// join, a player's first page), and forgets what they sent; their pages are told
    /// at the next draw.
    pub(crate) fn tell_displaced(&self) {
        let displaced = self.devices().take_displaced();
        for d in displaced {
            self.forget_device(d.id);
            self.arrived(arrivals::Arrival::Displaced { device: d.id, name: d.name });
        }
    }

    /// Forgets what a device no longer at the table sent: its waiting actions and the
    /// characters it sent to the inbox.
    fn forget_device(&self, device: u32) {
        self.proposals().forget_device(device);
        self.inbox().forget_device(device);
    }

    /// Tells whoever listens that something arrived (no one listening is fine).
    pub(crate) fn arrived(&self, arrival: arrivals::Arrival) {
        let _ = self.arrivals.send(arrival);
    }

    fn chosen(&self) -> Option<i64> {
        *self.encounter.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The encounter shown now. A chosen one that is not started (its start undone since)
    /// shows nothing: an encounter being prepared never reaches the table by any path.
    fn encounter_id(&self, tome: &crate::Tome) -> Result<Option<i64>> {
        match self.chosen() {
            Some(id) => Ok(tome.encounter(id).ok().filter(|e| e.round > 0).map(|_| id)),
            None => tome.latest_started_encounter(),
        }
    }
}

/// A running share: the game master's handle on it. Dropping it stops sharing.
pub struct Share {
    hub: Arc<Hub>,
    addr: SocketAddr,
    /// What the game master is told about the address ([`Choice`]).
    caution: Option<String>,
    /// Its change hook on the Tome, removed when sharing stops.
    hook: u64,
    runtime: Option<tokio::runtime::Runtime>,
    server: Option<tokio::task::JoinHandle<()>>,
}

impl Share {
    /// Starts sharing `tome` with the table.
    ///
    /// # Errors
    /// The address cannot be listened on ([`Error::InvalidInput`] naming it).
    pub fn start(tome: Arc<SharedTome>, options: ShareOptions) -> Result<Share> {
        let Choice { ip, caution } = choose_here(options.address);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("tome-share")
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| Error::Internal(format!("starting the sharing server: {e}")))?;
        let listener = runtime.block_on(bind(ip, options.port))?;
        let addr = listener.local_addr().map_err(|e| Error::InvalidInput(format!("{ip}: {e}")))?;
        let (version, _) = watch::channel(0);
        let (frame, _) = watch::channel(Arc::new(push::Frame::default()));
        let (stopping, _) = watch::channel(false);
        let mut dice = {
            use rand::SeedableRng;
            match options.dice_seed {
                Some(seed) => rand::rngs::StdRng::seed_from_u64(seed),
                None => rand::rngs::StdRng::from_rng(&mut rand::rng()),
            }
        };
        let turn_dice = rand::Rng::random(&mut dice);
        let hub = Arc::new(Hub {
            tome,
            addr,
            limits: options.limits,
            conns: conn::Conns::new(options.limits),
            encounter: Mutex::new(options.encounter),
            devices: Mutex::new({
                let mut devices = Devices::new(options.code_ttl);
                devices.set_roll_period(options.limits.roll_period);
                devices
            }),
            inbox: Mutex::new(Inbox::new()),
            proposals: Mutex::new(Proposals::default()),
            asks: Mutex::new(asks::Asks::default()),
            feed: Mutex::new(feed::Feed::default()),
            watcher: Mutex::new(None),
            numbered: std::sync::atomic::AtomicU32::new(0),
            dice: Mutex::new(dice),
            turn_dice,
            version,
            arrivals: tokio::sync::broadcast::channel(arrivals::KEPT).0,
            frame,
            stopping,
        });
        let hook_hub = Arc::downgrade(&hub);
        let hook = hub.tome.run("share", |t| {
            Ok(t.add_change_hook(Arc::new(move || {
                if let Some(hub) = hook_hub.upgrade() {
                    hub.poke();
                }
            })))
        })?;
        // Changes another process commits (a game master on the command line) come
        // through the same hook, from the shared Tome's follower.
        hub.tome.follow_other_processes(crate::shared::FOLLOW_EVERY);
        let _guard = runtime.enter();
        tokio::spawn(push::draw(hub.clone()));
        let server = tokio::spawn(http::serve(hub.clone(), listener));
        Ok(Share { hub, addr, caution, hook, runtime: Some(runtime), server: Some(server) })
    }

    /// Calls `told` after every change sharing sees (an action or a roll a phone sent, a
    /// device joining, a change to the fight), so the game master's screen reads what
    /// waits at once rather than on a timer. It carries nothing: the screen asks.
    pub fn watch(&self, told: Arc<dyn Fn() + Send + Sync>) {
        *self.hub.watcher.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(told);
    }

    /// What the phones send from now on, each as it arrives (`tome share` prints them).
    pub fn arrivals(&self) -> tokio::sync::broadcast::Receiver<arrivals::Arrival> {
        self.hub.arrivals.subscribe()
    }

    /// `http://address:port`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn address(&self) -> SocketAddr {
        self.addr
    }

    /// Everything the game master's panel shows.
    ///
    /// # Errors
    /// The join page does not fit a QR code (it always does).
    pub fn status(&self) -> Result<ShareStatus> {
        let (showing, newcomers_hidden) = self.hub.tome.run("share status", |t| {
            let Some(id) = self.hub.encounter_id(t)? else { return Ok((None, false)) };
            // A chosen encounter deleted since shows nothing (the table's view says so too).
            let Ok(row) = t.db().encounter_row(id) else { return Ok((None, false)) };
            Ok((Some(Showing { id, name: row.name }), t.newcomers_hidden(id)?))
        })?;
        let (asking, initiative) = self.initiative();
        let (code, left) = self.hub.devices().code();
        // Read under one lock, in a statement of their own: a guard made in the struct
        // literal below would live to its end, and a second would wait on it for ever.
        let (full, displaced) = {
            let devices = self.hub.devices();
            (devices.full, devices.recently_displaced.iter().cloned().collect())
        };
        let url = self.url();
        let join = join_url(&url, &code);
        Ok(ShareStatus {
            qr_svg: qr_svg(&join)?,
            join_url: join,
            url,
            code,
            // Rounded up: "0 s left" is said only of a code that no longer works.
            code_secs: left.as_secs() + u64::from(left.subsec_nanos() > 0),
            caution: self.caution.clone(),
            devices: self.devices(),
            inbox: self.inbox(),
            proposals: self.proposals(),
            asking,
            initiative,
            asks: self.asks(),
            rolls_held: self.rolls_held()?,
            pages: PAGES_BUILT,
            chosen: self.hub.chosen(),
            showing,
            newcomers_hidden,
            full,
            displaced,
        })
    }

    /// Shows encounter `encounter` to the table from now on (`None`: follow the started
    /// encounter changed most recently), without disconnecting anyone: the next fight, or
    /// another one, with the same phones.
    ///
    /// # Errors
    /// No such encounter, or one not started yet: an encounter being prepared never
    /// reaches the table (its combatants, hidden or not, are the game master's until the
    /// fight begins).
    pub fn show(&self, encounter: Option<i64>) -> Result<()> {
        if let Some(id) = encounter {
            let e = self.hub.tome.run("share show", |t| t.encounter(id))?;
            if e.round == 0 {
                return Err(Error::InvalidInput(format!(
                    "encounter {id} ({}) has not started: an encounter being prepared is not shown to the table; \
                     start it first (`tome encounter start {id}`, or Start in the app)",
                    e.name
                )));
            }
        }
        *self.hub.encounter.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = encounter;
        self.hub.poke();
        Ok(())
    }

    /// The join code now (a fresh one once the last has expired).
    pub fn code(&self) -> String {
        self.hub.devices().code().0
    }

    /// A new join code at once; the old one stops working.
    pub fn renew_code(&self) -> String {
        self.hub.devices().renew_code()
    }

    pub fn devices(&self) -> Vec<Device> {
        self.hub.devices().list()
    }

    /// Connections the server holds open now (at most [`conn::Limits::total`]).
    pub fn connections(&self) -> usize {
        self.hub.conns.count()
    }

    /// # Errors
    /// No such device, or a name that is empty, too long or holds control characters.
    pub fn rename(&self, device: u32, name: &str) -> Result<Device> {
        let d = self.hub.devices().rename(device, name)?;
        self.hub.poke();
        Ok(d)
    }

    /// Shows saved character `character`'s sheet and exact numbers on `device` alone
    /// (`None`: no character).
    ///
    /// # Errors
    /// No such device or character.
    pub fn assign(&self, device: u32, character: Option<i64>) -> Result<Device> {
        if let Some(id) = character {
            self.hub.tome.run("share assign", |t| t.character(id).map(|_| ()))?;
        }
        let d = self.hub.devices().assign(device, character)?;
        self.hub.poke();
        Ok(d)
    }

    /// Disconnects `device`: its token stops working and its page is told.
    ///
    /// # Errors
    /// No such device.
    pub fn revoke(&self, device: u32) -> Result<()> {
        self.hub.devices().revoke(device)?;
        self.hub.forget_device(device);
        self.hub.poke();
        Ok(())
    }

    pub fn revoke_all(&self) {
        let gone = self.hub.devices().list();
        self.hub.devices().revoke_all();
        for d in gone {
            self.hub.forget_device(d.id);
        }
        self.hub.poke();
    }

    /// Disconnects every device the game master has not given a character (a flood of
    /// joins, phones that wandered off), keeping the players': those it disconnected.
    pub fn revoke_idle(&self) -> Vec<Device> {
        let gone = self.hub.devices().revoke_without_character();
        for d in &gone {
            self.hub.forget_device(d.id);
        }
        self.hub.poke();
        gone
    }

    pub fn inbox(&self) -> Vec<InboxItem> {
        self.hub.inbox().list()
    }

    /// Imports inbox item `item` as an ordinary character, adds it to `encounter` when
    /// given, and shows it on the device that sent it.
    ///
    /// # Errors
    /// No such item; the import's errors (the item stays in the inbox); adding it to the
    /// encounter fails (the character is kept).
    pub fn accept(&self, item: u32, encounter: Option<i64>) -> Result<(Character, Option<EncounterView>)> {
        let taken = self.hub.inbox().take(item)?;
        let imported = self.hub.tome.run("share accept", |t| t.import_character(taken.bytes()));
        let character = match imported {
            Ok(c) => c,
            Err(e) => {
                self.hub.inbox().put_back(taken);
                return Err(e);
            }
        };
        // The device may have been revoked meanwhile: the character is imported all the same.
        let _ = self.hub.devices().assign(taken.item().device, Some(character.id));
        self.hub.poke();
        let view = match encounter {
            Some(id) => Some(self.hub.tome.run("share accept", |t| t.encounter_add_character(id, character.id))?),
            None => None,
        };
        Ok((character, view))
    }

    /// Drops inbox item `item` unread.
    ///
    /// # Errors
    /// No such item.
    pub fn decline(&self, item: u32) -> Result<InboxItem> {
        Ok(self.hub.inbox().take(item)?.into_item())
    }

    /// Stops sharing: every page is told, every connection closed, the server gone.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        let Some(runtime) = self.runtime.take() else { return };
        self.hub.stopping.send_replace(true);
        self.hub.devices().revoke_all();
        let hook = self.hook;
        let _ = self.hub.tome.run("share stop", |t| {
            t.remove_change_hook(hook);
            Ok(())
        });
        if let Some(server) = self.server.take() {
            // Streams end once told; a page that does not read its last message is cut off.
            let _ = runtime.block_on(async { tokio::time::timeout(Duration::from_secs(2), server).await });
        }
        runtime.shutdown_timeout(Duration::from_secs(1));
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// A roll of any dice from a device's dice box, made by Tome. When the device's
/// character is in the fight the table follows, the roll goes to that fight's log under
/// the character's name (and the table sees it, unless `secret`); otherwise it is the
/// device's alone. The device is answered the same either way, so the answer tells
/// nothing of the fight (a hidden character's roll is logged, never shown).
///
/// # Errors
/// Dice Tome cannot roll, saying what it accepts.
pub(crate) fn player_roll(hub: &Hub, device: &Device, dice: &str, secret: bool) -> Result<crate::dice::DiceRoll> {
    let rolled = hub.tome.run("share dice", |t| {
        let fighter = match (device.character, hub.encounter_id(t)?) {
            (Some(character), Some(id)) => t.character_combatant(id, character)?.map(|name| (id, name)),
            _ => None,
        };
        let rolled = crate::dice::roll_spec(dice, &mut hub.dice(), 1).map_err(Error::InvalidInput)?;
        let mut held = None;
        if let Some((id, name)) = &fighter {
            held = acting::held_roll(hub, t, *id, name, &rolled, secret)?;
            if held.is_none() {
                // The reason stays with the game master: it could name the fight's combatants.
                t.encounter_said_roll(*id, name, &rolled, secret).map_err(|_| {
                    Error::InvalidInput("the game master's Tome could not write this roll to the fight's log".into())
                })?;
            }
        }
        Ok((rolled, held, fighter.map(|(_, name)| name)))
    })?;
    let (rolled, held, fighter) = rolled;
    if held.is_none() {
        hub.arrived(arrivals::Arrival::Roll {
            from: device.name.clone(),
            who: fighter.unwrap_or_else(|| device.name.clone()),
            line: rolled.text.clone(),
            secret,
        });
    }
    if let Some((fight, name, prepared)) = held {
        let (actor, asked) = (prepared.actor.clone(), prepared.asked.clone());
        let id = hub.number();
        hub.proposals().put(id, device.id, device.name.clone(), (fight, name), prepared)?;
        hub.arrived(arrivals::Arrival::Proposal { id, from: device.name.clone(), actor, asked, would: Vec::new() });
        hub.poke();
    }
    Ok(rolled)
}

/// Checks a character file a device sent exactly as `tome character import` checks one
/// (nothing is written) and keeps it for the game master.
///
/// # Errors
/// Every problem the import would reject it for; a full inbox.
pub(crate) fn receive(hub: &Hub, device: &Device, bytes: Vec<u8>) -> Result<InboxItem> {
    let (name, system) = hub.tome.run("share upload", |t| check_upload(t, &bytes))?;
    let address = hub
        .devices()
        .address_of(device.id)
        .ok_or_else(|| Error::InvalidInput("this device is no longer at the table: join again".into()))?;
    let kept = hub.inbox().put(hub.number(), (name, system), (device.id, device.name.clone(), address), bytes)?;
    if let Some(gone) = kept.dropped {
        hub.arrived(arrivals::Arrival::InboxFull { id: gone.id, name: gone.name, from: gone.from });
    }
    let item = kept.item;
    hub.arrived(arrivals::Arrival::Upload {
        id: item.id,
        name: item.name.clone(),
        system: item.system.clone(),
        from: item.from.clone(),
    });
    Ok(item)
}

/// What an upload is checked with: the import's own check; the character's name and
/// system when it passes.
///
/// # Errors
/// Every problem the import would reject the file for.
pub fn check_upload(tome: &crate::Tome, bytes: &[u8]) -> Result<(String, String)> {
    const HEADING: &str = "the character file cannot be imported:";
    let problems = tome.check_character_file(bytes)?;
    if !problems.is_empty() {
        return Err(Error::rejected(HEADING, problems));
    }
    let (draft, _) = crate::characters::file::read(bytes).map_err(|p| Error::rejected(HEADING, p))?;
    // The import's check holds the name to `text::name_problem`: it shows as what it is.
    Ok((draft.name.unwrap_or_default(), draft.system.unwrap_or_default()))
}

/// Tome's own handling of what a device sends, for fuzzing: a join request's body
/// against a fresh set of devices, and a cookie header. Never panics; a join is accepted
/// only with the code.
#[doc(hidden)]
pub fn fuzz_join_and_cookie(body: &[u8], cookie: &[u8]) {
    let mut devices = Devices::new(CODE_TTL);
    let (code, _) = devices.code();
    let from = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
    if let Ok(asked) = serde_json::from_slice::<http::JoinRequest>(body) {
        let joined = devices.join(from, &asked.code, &asked.name, None);
        if let Ok(token) = &joined {
            let typed: String = asked.code.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
            assert_eq!(typed.to_ascii_uppercase(), code, "joined without the code");
            let name = &devices.by_token(token).expect("the device joined").name;
            assert!(!name.chars().any(|c| c.is_control() || crate::text::reorders(c)), "{name:?}");
            // Joining again with its token replaces the device rather than adding one.
            let again = devices.join(from, &asked.code, &asked.name, Some(token));
            assert!(again.is_ok() && devices.list().len() == 1, "{again:?}");
        }
    }
    if let Ok(value) = axum::http::HeaderValue::from_bytes(cookie) {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(axum::http::header::COOKIE, value);
        if let Some(token) = http::cookie_token(&headers) {
            assert!(devices.by_token(&token).is_none() || devices.list().len() == 1);
        }
    }
}

/// A `Host` header as a device sends it, for fuzzing: it is taken only when it names the
/// address shared, port included; never panics.
#[doc(hidden)]
pub fn fuzz_host(host: &[u8]) {
    let shared = SocketAddr::from(([192, 168, 1, 20], 7878));
    let Ok(text) = std::str::from_utf8(host) else { return };
    if http::names_us(text, shared) {
        assert_eq!(text.trim().parse::<SocketAddr>().ok(), Some(shared), "{text:?} taken for {shared}");
    }
}

async fn bind(ip: IpAddr, port: u16) -> Result<tokio::net::TcpListener> {
    let first = tokio::net::TcpListener::bind((ip, port)).await;
    let listener = match first {
        Ok(l) => Ok(l),
        // The usual port taken (another Tome sharing?): any free one will do.
        Err(e) if port == DEFAULT_PORT && e.kind() == std::io::ErrorKind::AddrInUse => {
            tokio::net::TcpListener::bind((ip, 0)).await
        }
        Err(e) => Err(e),
    };
    listener.map_err(|e| Error::InvalidInput(format!("cannot share on {ip} port {port}: {e}")))
}
