//! Who may read the table: the join code shown in the QR, the devices that exchanged it
//! for a token, and the limit on wrong codes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use rand::Rng;
use serde::Serialize;
use subtle::ConstantTimeEq;
use ts_rs::TS;

use crate::error::{Error, Result};

/// Letters a player can type without confusing them (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Ten of the 31 letters: 31^10 ≈ 8.2 × 10^14 codes. Wrong codes are limited per
/// address only ([`WRONG_CODES_BURST`], then one every 12 s), so a flood of wrong codes
/// from many addresses never keeps out a player whose code is right (issue 57); the
/// bound on guessing is the code's length instead. A Wi-Fi network carries well under
/// a million new connections a second (each a handshake of several packets, and one
/// request per connection here), so over a code's five minutes an attacker with any
/// number of addresses checks fewer than 3 × 10^8 codes: a chance under 4 in 10^7 of
/// guessing it (DESIGN.md, "The join code";
/// `a_brute_force_has_less_than_one_chance_in_a_million_over_a_codes_life`).
pub const CODE_LEN: usize = 10;
/// Wrong codes one address may try at once; then one more every 12 seconds.
pub const WRONG_CODES_BURST: u32 = 5;
/// More codes a second than any network a table shares can carry to this machine: the
/// bound the code's length is chosen against.
pub const MOST_CODES_PER_SECOND: u32 = 1_000_000;
/// One more wrong code per address after the burst, each this long.
const WRONG_CODE_PERIOD: Duration = Duration::from_secs(12);
/// How many join attempts between forgetting the addresses whose wrong codes are old.
const FORGET_EVERY: u32 = 256;
/// At most this many devices (a table, not a crowd): a lost phone can rejoin after a revoke.
pub const MAX_DEVICES: usize = 64;
/// Devices one address may hold: a player with a phone and a tablet, a few browsers;
/// one address cannot fill the table (issue 57).
pub const MAX_DEVICES_PER_ADDRESS: usize = 6;
pub const MAX_NAME_CHARS: usize = 40;
/// How many devices that lost their place the share panel names.
const DISPLACED_SHOWN: usize = 8;
/// Live streams one device may hold at once: a phone with the page open in a few tabs,
/// not a device opening streams (each a task on the game master's machine) without end.
pub const MAX_STREAMS: u32 = 4;
/// Live streams a device without a character may hold: one page waiting for the game
/// master. With [`MAX_DEVICES`] at the table, devices nobody plays from can never hold
/// the table's streams between them (issue 71: idle devices held all 128, and a player's
/// phone opened its page to a refusal).
pub const IDLE_STREAMS: u32 = 1;
/// Rolls a device may make in a burst, and then one every [`ROLL_PERIOD`]: more than
/// any player rolls at a table, and few enough that one phone cannot fill the fight's log.
pub const ROLLS_BURST: u32 = 10;
pub const ROLL_PERIOD: Duration = Duration::from_secs(3);
/// Actions a device may send in a burst, and then one every [`ACT_PERIOD`]: a turn is
/// an action or two, and a declined one is sent again.
pub const ACTS_BURST: u32 = 6;
pub const ACT_PERIOD: Duration = Duration::from_secs(2);
/// Previews a device may ask for in a burst, and then one every [`PREVIEW_PERIOD`]: a
/// phone asks again as its player changes a field, so more than rolls, but each costs a
/// replay of the fight.
pub const PREVIEWS_BURST: u32 = 30;
pub const PREVIEW_PERIOD: Duration = Duration::from_millis(500);

/// A connected device as the game master sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Device {
    /// Its number in this sharing session (for rename, revoke, assign).
    pub id: u32,
    pub name: String,
    /// The saved character whose sheet and exact numbers it is shown.
    pub character: Option<i64>,
    /// Seconds since it joined.
    pub joined_secs: u64,
    /// It has the page open now (a live stream); a device that joined and closed its
    /// page stays listed, not connected, until the game master revokes it.
    pub connected: bool,
}

struct Entry {
    token: [u8; 16],
    /// The address it joined from.
    from: IpAddr,
    id: u32,
    name: String,
    character: Option<i64>,
    joined: Instant,
    /// Its live streams.
    streams: u32,
}

/// Why a join was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Wrong or expired code.
    BadCode,
    /// Too many wrong codes from this address: wait this long.
    Limited(Duration),
    /// Something else about the request (name, too many devices).
    Invalid(String),
    /// Every place at the table is taken by a device with a character or a page open.
    Full,
}

/// Why a live stream was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum StreamRefusal {
    /// The device holds as many as it may already ([`MAX_STREAMS`], or
    /// [`IDLE_STREAMS`] without a character): how many.
    Device(u32),
    /// Every device together holds as many as the table follows.
    Table,
}

pub struct Devices {
    code: String,
    code_issued: Instant,
    code_ttl: Duration,
    devices: Vec<Entry>,
    next_id: u32,
    wrong: DefaultKeyedRateLimiter<IpAddr>,
    blocked: HashMap<IpAddr, Instant>,
    attempts: u32,
    /// Rolls by device number.
    rolls: DefaultKeyedRateLimiter<u32>,
    /// Actions sent, by device number.
    acts: DefaultKeyedRateLimiter<u32>,
    /// The table was full when a device tried to join, and no place could be made.
    pub full: bool,
    /// Devices that lost their place to a newcomer, not yet announced.
    displaced: Vec<Device>,
    /// The last few that lost their place, newest last, for the share panel.
    pub recently_displaced: std::collections::VecDeque<Device>,
    /// Previews of an action by device number.
    previews: DefaultKeyedRateLimiter<u32>,
}

impl Devices {
    pub fn new(code_ttl: Duration) -> Devices {
        Devices::with_period(code_ttl, WRONG_CODE_PERIOD)
    }

    /// [`Devices::new`] with one more wrong code allowed each `period` per address.
    fn with_period(code_ttl: Duration, period: Duration) -> Devices {
        let burst = NonZeroU32::new(WRONG_CODES_BURST).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(period).unwrap_or(Quota::per_minute(burst)).allow_burst(burst);
        Devices {
            code: new_code(),
            code_issued: Instant::now(),
            code_ttl,
            devices: Vec::new(),
            next_id: 1,
            wrong: RateLimiter::keyed(quota),
            blocked: HashMap::new(),
            attempts: 0,
            rolls: RateLimiter::keyed(roll_quota(ROLL_PERIOD)),
            acts: RateLimiter::keyed(quota_of(ACTS_BURST, ACT_PERIOD)),
            full: false,
            displaced: Vec::new(),
            recently_displaced: std::collections::VecDeque::new(),
            previews: RateLimiter::keyed(quota_of(PREVIEWS_BURST, PREVIEW_PERIOD)),
        }
    }

    /// The join code now, and how long it stays valid; a fresh one once it has expired.
    pub fn code(&mut self) -> (String, Duration) {
        let left = self.code_ttl.saturating_sub(self.code_issued.elapsed());
        if left.is_zero() {
            self.renew_code();
            return (self.code.clone(), self.code_ttl);
        }
        (self.code.clone(), left)
    }

    /// One roll allowed each `period` after the burst (the default is [`ROLL_PERIOD`]).
    pub fn set_roll_period(&mut self, period: Duration) {
        self.rolls = RateLimiter::keyed(roll_quota(period));
        self.acts = RateLimiter::keyed(quota_of(ACTS_BURST, period.min(ACT_PERIOD)));
        // Previews come oftener than rolls: never held to a longer period than rolls are.
        self.previews = RateLimiter::keyed(quota_of(PREVIEWS_BURST, period.min(PREVIEW_PERIOD)));
    }

    /// Whether device `id` may roll now; how long it must wait otherwise.
    pub fn may_roll(&self, id: u32) -> std::result::Result<(), Duration> {
        self.rolls.check_key(&id).map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }

    /// Whether device `id` may send an action now; how long it must wait otherwise.
    pub fn may_act(&self, id: u32) -> std::result::Result<(), Duration> {
        self.acts.check_key(&id).map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }

    /// Whether device `id` may ask for a preview now; how long it must wait otherwise.
    pub fn may_preview(&self, id: u32) -> std::result::Result<(), Duration> {
        self.previews.check_key(&id).map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }

    /// Replaces the join code: the old one no longer works (devices already joined stay).
    pub fn renew_code(&mut self) -> String {
        self.code = new_code();
        self.code_issued = Instant::now();
        self.code.clone()
    }

    /// Exchanges a join code for a device's token. A device that joined before (`again`:
    /// the token it still holds) is replaced by the new one, keeping its number and its
    /// character, so a phone joining twice takes one place at the table, not two.
    pub fn join(
        &mut self,
        from: IpAddr,
        code: &str,
        name: &str,
        again: Option<&[u8; 16]>,
    ) -> std::result::Result<[u8; 16], Refusal> {
        self.forget_old_wrong_codes();
        let now = Instant::now();
        if let Some(until) = self.blocked.get(&from).filter(|until| **until > now) {
            return Err(Refusal::Limited(*until - now));
        }
        self.blocked.remove(&from);
        let typed: String =
            code.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_uppercase();
        let fresh = self.code_issued.elapsed() < self.code_ttl;
        let right: bool = typed.as_bytes().ct_eq(self.code.as_bytes()).into();
        if !(right && fresh) {
            if let Err(not_until) = self.wrong.check_key(&from) {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                self.blocked.insert(from, now + wait);
                return Err(Refusal::Limited(wait));
            }
            return Err(Refusal::BadCode);
        }
        let name = check_name(name).map_err(|e| Refusal::Invalid(e.to_string()))?;
        let token: [u8; 16] = rand::rng().random();
        let me = again.and_then(|t| self.devices.iter().position(|d| bool::from(d.token.as_slice().ct_eq(t))));
        let others: Vec<&str> =
            self.devices.iter().enumerate().filter(|(i, _)| Some(*i) != me).map(|(_, d)| d.name.as_str()).collect();
        let name = unlike_others(name, &others);
        if let Some(d) = me.map(|at| &mut self.devices[at]) {
            (d.token, d.name, d.from) = (token, name, from);
            return Ok(token);
        }
        if self.devices.iter().filter(|d| d.from == from).count() >= MAX_DEVICES_PER_ADDRESS {
            // Its own devices without a character make room (the idle ones first), or
            // none joins.
            match self.room_from(|d| d.from == from) {
                Some(at) => self.displace(at),
                None => {
                    return Err(Refusal::Invalid(format!(
                        "this device's network address has {MAX_DEVICES_PER_ADDRESS} devices at the table already; \
                         the game master can revoke some"
                    )))
                }
            }
        }
        if self.devices.len() >= MAX_DEVICES {
            // Devices the game master has not given a character make room, page open or
            // not (issue 71: a code holder's 66 open pages once kept every player out for
            // the code's life): from the address holding the most places first, so one
            // phone waiting for its character is the last to go.
            match self.room_from(|_| true) {
                Some(at) => self.displace(at),
                None => {
                    self.full = true;
                    return Err(Refusal::Full);
                }
            }
        }
        self.devices.push(Entry { token, from, id: self.next_id, name, character: None, joined: now, streams: 0 });
        self.next_id += 1;
        Ok(token)
    }

    /// Which device among those `among` takes makes room for a newcomer: one without a
    /// character, from the address holding the most places, with no page open before
    /// one with, the newest first. The newest, since a flood from many addresses (one
    /// place each) pushed out the phone that had waited longest for its character, most
    /// likely a player's (the second fresh-eyes attack): now it pushes out its own.
    /// `None` when each has a character.
    fn room_from(&self, among: impl Fn(&Entry) -> bool) -> Option<usize> {
        let held = |from: IpAddr| self.devices.iter().filter(|d| d.from == from).count();
        self.devices
            .iter()
            .enumerate()
            .filter(|(_, d)| d.character.is_none() && among(d))
            .min_by_key(|(at, d)| (std::cmp::Reverse(held(d.from)), d.streams > 0, std::cmp::Reverse(*at)))
            .map(|(at, _)| at)
    }

    /// Takes device `at` off the table for a newcomer, keeping it to tell the game master.
    fn displace(&mut self, at: usize) {
        let gone = shown(&self.devices.remove(at));
        self.recently_displaced.push_back(gone.clone());
        while self.recently_displaced.len() > DISPLACED_SHOWN {
            self.recently_displaced.pop_front();
        }
        self.displaced.push(gone);
    }

    /// Whether a device lost its place since [`Devices::take_displaced`] was last asked.
    pub fn has_displaced(&self) -> bool {
        !self.displaced.is_empty()
    }

    /// The devices that lost their place to a newcomer since last asked.
    pub fn take_displaced(&mut self) -> Vec<Device> {
        std::mem::take(&mut self.displaced)
    }

    /// Takes every device without a character off the table (the game master's `revoke
    /// idle`): those it drops.
    pub fn revoke_without_character(&mut self) -> Vec<Device> {
        let (gone, kept): (Vec<Entry>, Vec<Entry>) =
            std::mem::take(&mut self.devices).into_iter().partition(|d| d.character.is_none());
        self.devices = kept;
        self.full = false;
        gone.iter().map(shown).collect()
    }

    /// Drops the records of addresses whose wrong codes no longer count, every
    /// [`FORGET_EVERY`] attempts: an attacker's many addresses are not kept for ever.
    fn forget_old_wrong_codes(&mut self) {
        self.attempts = self.attempts.wrapping_add(1);
        if self.attempts.is_multiple_of(FORGET_EVERY) {
            self.wrong.retain_recent();
            self.wrong.shrink_to_fit();
            let now = Instant::now();
            self.blocked.retain(|_, until| *until > now);
        }
    }

    /// Addresses whose wrong codes are still remembered.
    #[cfg(test)]
    fn remembered_addresses(&self) -> usize {
        self.wrong.len().max(self.blocked.len())
    }

    /// The device holding `token`, compared in constant time with every device's token.
    pub fn by_token(&self, token: &[u8]) -> Option<Device> {
        let mut found = None;
        for d in &self.devices {
            if bool::from(d.token.as_slice().ct_eq(token)) {
                found = Some(d);
            }
        }
        found.map(shown)
    }

    /// Counts a new live stream for the device holding `token`: refused when it holds as
    /// many as it may already ([`MAX_STREAMS`], [`IDLE_STREAMS`] without a character, or
    /// it holds no device), or every device together holds `total` — unless it is the
    /// first page of a device with a character: a device without one that has a page
    /// open makes room for it (kept to tell the game master, as a join's does).
    pub fn open_stream(&mut self, token: &[u8; 16], total: u32) -> std::result::Result<(), StreamRefusal> {
        let (mut at, room) = self.stream_room(token, total)?;
        if let Some(gone) = room {
            self.displace(gone);
            if gone < at {
                at -= 1;
            }
        }
        self.devices[at].streams += 1;
        Ok(())
    }

    /// Whether the device holding `token` may open a live stream now, as
    /// [`Devices::open_stream`] decides, without opening one: its place in the list and
    /// the device that would make room for it, or why not. A page whose stream was
    /// refused asks this to say why (a browser's stream shows no refusal's words).
    pub fn stream_room(
        &self,
        token: &[u8; 16],
        total: u32,
    ) -> std::result::Result<(usize, Option<usize>), StreamRefusal> {
        let Some(at) = self.devices.iter().position(|d| bool::from(d.token.as_slice().ct_eq(token))) else {
            return Err(StreamRefusal::Device(0));
        };
        let d = &self.devices[at];
        let most = if d.character.is_some() { MAX_STREAMS } else { IDLE_STREAMS };
        if d.streams >= most {
            return Err(StreamRefusal::Device(most));
        }
        let player_arrives = d.character.is_some() && d.streams == 0;
        if self.devices.iter().map(|d| d.streams).sum::<u32>() < total {
            return Ok((at, None));
        }
        let room = if player_arrives { self.room_from(|d| d.streams > 0) } else { None };
        room.map(|gone| (at, Some(gone))).ok_or(StreamRefusal::Table)
    }

    /// The address device `id` joined from.
    pub fn address_of(&self, id: u32) -> Option<IpAddr> {
        self.devices.iter().find(|d| d.id == id).map(|d| d.from)
    }

    /// Whether device `id` lost its place to a newcomer lately (its page is told so).
    pub fn was_displaced(&self, id: u32) -> bool {
        self.recently_displaced.iter().any(|d| d.id == id)
    }

    /// A stream of the device holding `token` ended (the device may be gone already).
    /// The device, when that was its last page open.
    pub fn close_stream(&mut self, token: &[u8; 16]) -> Option<Device> {
        let d = self.devices.iter_mut().find(|d| bool::from(d.token.as_slice().ct_eq(token)))?;
        d.streams = d.streams.saturating_sub(1);
        (d.streams == 0).then(|| shown(d))
    }

    pub fn list(&self) -> Vec<Device> {
        self.devices.iter().map(shown).collect()
    }

    pub fn rename(&mut self, id: u32, name: &str) -> Result<Device> {
        let name = check_name(name)?;
        let others: Vec<&str> = self.devices.iter().filter(|d| d.id != id).map(|d| d.name.as_str()).collect();
        let name = unlike_others(name, &others);
        let d = self.find(id)?;
        d.name = name;
        Ok(shown(d))
    }

    /// Shows `character`'s sheet and numbers on device `id` (`None`: none).
    pub fn assign(&mut self, id: u32, character: Option<i64>) -> Result<Device> {
        let d = self.find(id)?;
        d.character = character;
        Ok(shown(d))
    }

    pub fn revoke(&mut self, id: u32) -> Result<()> {
        let before = self.devices.len();
        self.devices.retain(|d| d.id != id);
        self.full = false;
        if self.devices.len() == before {
            return Err(Error::not_found("device", &id.to_string()));
        }
        Ok(())
    }

    pub fn revoke_all(&mut self) {
        self.devices.clear();
        self.full = false;
    }

    fn find(&mut self, id: u32) -> Result<&mut Entry> {
        self.devices.iter_mut().find(|d| d.id == id).ok_or_else(|| Error::not_found("device", &id.to_string()))
    }
}

fn shown(d: &Entry) -> Device {
    Device {
        id: d.id,
        name: d.name.clone(),
        character: d.character,
        joined_secs: d.joined.elapsed().as_secs(),
        connected: d.streams > 0,
    }
}

fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::InvalidInput("a device needs a name (the player's, say)".into()));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(Error::InvalidInput(format!("a device's name is at most {MAX_NAME_CHARS} characters")));
    }
    if let Some(why) = crate::text::name_problem(name) {
        return Err(Error::InvalidInput(format!("the device's name: {why}")));
    }
    // The game master's console writes a device by its name in parentheses after a ▸:
    // a name holding those could print as two arrivals (issue 71).
    if let Some(c) = name.chars().find(|c| super::arrivals::CONSOLE_MARKS.contains(c)) {
        return Err(Error::InvalidInput(format!(
            "a device's name cannot hold \"{c}\" (the game master's screen uses it): letters, numbers and spaces will do"
        )));
    }
    Ok(name.to_string())
}

/// `name`, numbered ("Ann 2") when it looks the same as the name of another device at
/// the table: the game master must be able to tell two devices apart (issue 57: "Ann"
/// and "Ann" with a zero-width space once sat side by side as one name).
fn unlike_others(name: String, others: &[&str]) -> String {
    if !others.iter().any(|o| crate::text::looks_like(o, &name)) {
        return name;
    }
    (2..)
        .map(|n| format!("{name} {n}"))
        .find(|numbered| !others.iter().any(|o| crate::text::looks_like(o, numbered)))
        .unwrap_or(name)
}

fn roll_quota(period: Duration) -> Quota {
    quota_of(ROLLS_BURST, period)
}

/// `burst` at once, then one each `period`.
fn quota_of(burst: u32, period: Duration) -> Quota {
    let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(period).unwrap_or(Quota::per_minute(burst)).allow_burst(burst)
}

fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN).map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())])).collect()
}

/// A token as the cookie carries it.
pub fn token_text(token: &[u8; 16]) -> String {
    token.iter().map(|b| format!("{b:02x}")).collect()
}

/// A cookie's token back to bytes; anything but 32 hex digits is no token.
pub fn token_bytes(text: &str) -> Option<[u8; 16]> {
    if text.len() != 32 || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CODE_TTL_SECS: f64 = 300.0;
    const HOME: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    #[test]
    fn a_code_joins_once_per_device_and_expires() {
        let mut d = Devices::new(Duration::from_millis(50));
        let (code, _) = d.code();
        assert!(d.join(HOME, &code.to_lowercase(), "Ann", None).is_ok());
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(d.join(HOME, &code, "Bob", None), Err(Refusal::BadCode));
        assert_eq!(d.list().len(), 1);
    }

    #[test]
    fn wrong_codes_are_limited_per_address() {
        let mut d = Devices::new(Duration::from_secs(60));
        for _ in 0..WRONG_CODES_BURST {
            assert_eq!(d.join(HOME, "WRONG1", "x", None), Err(Refusal::BadCode));
        }
        let (code, _) = d.code();
        assert!(matches!(d.join(HOME, "WRONG1", "x", None), Err(Refusal::Limited(_))));
        // Blocked means blocked: even the right code waits, so guessing learns nothing.
        assert!(matches!(d.join(HOME, &code, "x", None), Err(Refusal::Limited(_))));
        let other = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));
        assert!(d.join(other, &code, "x", None).is_ok());
    }

    fn address(n: u32) -> IpAddr {
        IpAddr::V4(std::net::Ipv4Addr::from(0x7f00_0000 + n))
    }

    /// Issue 57: wrong codes from 1,000 addresses once locked the right code out for as
    /// long as they came. Each address is held to its own few; a player's first try
    /// from an address of its own is checked however many others are guessing.
    #[test]
    fn wrong_codes_from_many_addresses_never_keep_the_right_code_out() {
        let mut d = Devices::new(Duration::from_secs(300));
        let (code, _) = d.code();
        let mut checked = 0;
        for n in 2..1002 {
            for _ in 0..8 {
                match d.join(address(n), "WRONGCODE1", "x", None) {
                    Err(Refusal::BadCode) => checked += 1,
                    Err(Refusal::Limited(_)) => {}
                    other => panic!("{other:?}"),
                }
            }
        }
        assert_eq!(checked, 1000 * WRONG_CODES_BURST, "each address checked its own burst, no more");
        assert!(d.join(address(5000), &code, "Ann", None).is_ok(), "the right code joins during the flood");
        assert!(matches!(d.join(address(7), &code, "Bob", None), Err(Refusal::Limited(_))), "a guessing address waits");
    }

    /// The chance the issue bounds: every code a network could carry over a code's life,
    /// against every code there is, whatever the number of addresses.
    #[test]
    fn a_brute_force_has_less_than_one_chance_in_a_million_over_a_codes_life() {
        let checked = f64::from(MOST_CODES_PER_SECOND) * CODE_TTL_SECS;
        let codes = (CODE_ALPHABET.len() as f64).powi(CODE_LEN as i32);
        assert!(checked / codes < 1e-6, "{checked} of {codes}");
    }

    /// A code is read as the player types it: case, spaces and a dash aside.
    #[test]
    fn a_code_is_read_with_its_spaces_and_dash() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        let typed = format!(" {}-{} ", &code[..5].to_lowercase(), &code[5..]);
        assert!(d.join(HOME, &typed, "Ann", None).is_ok());
    }

    /// Issue 57: anyone with the code could fill the 64 places. One address holds a few,
    /// and a full table makes room from devices with no character.
    #[test]
    fn one_address_cannot_fill_the_table_and_a_full_table_makes_room() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        for _ in 0..20 {
            let _ = d.join(HOME, &code, "Spam", None);
        }
        assert_eq!(d.list().len(), MAX_DEVICES_PER_ADDRESS, "one address holds its share");
        let mut tokens = Vec::new();
        for n in 2..2 + MAX_DEVICES as u32 {
            if let Ok(t) = d.join(address(n), &code, "Phone", None) {
                tokens.push(t);
            }
        }
        assert_eq!(d.list().len(), MAX_DEVICES);
        // The flooding address made room until it held no more than any other; then the
        // newest make room (its first device is as old as the first phones).
        let spam = d.list().iter().filter(|x| x.name.starts_with("Spam")).count();
        assert!(spam <= 1, "the flooding address made room first: {spam} of its devices stay");
        // Each phone still at the table opens its page (those that made room have none).
        for t in &tokens {
            let _ = d.open_stream(t, 1000);
        }
        // Every place holds a page open, none a character: a newcomer still finds one.
        assert!(d.join(address(900), &code, "Late", None).is_ok());
        let ids: Vec<u32> = d.list().iter().map(|x| x.id).collect();
        for id in ids {
            d.assign(id, Some(1)).unwrap();
        }
        assert_eq!(d.join(address(901), &code, "Later", None), Err(Refusal::Full), "only characters hold places");
        assert!(d.full, "the game master is told");
    }

    /// Issue 71: 66 joins from 11 addresses, each keeping its page open, took every
    /// place, and honest phones found none for the code's five minutes; the places went
    /// with nothing said. Devices without a character make room, page open or not, from
    /// the address holding the most places first, and each is announced.
    #[test]
    fn a_code_holder_with_open_pages_cannot_keep_the_players_out() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        let mut flood = Vec::new();
        for n in 0..66u32 {
            if let Ok(t) = d.join(address(100 + n % 11), &code, "Spam", None) {
                d.open_stream(&t, 1000).unwrap();
                flood.push(t);
            }
        }
        assert_eq!(d.list().len(), MAX_DEVICES);
        let mut honest = 0;
        for n in 0..9u32 {
            let t = d.join(address(200 + n), &code, "Player", None).expect("an honest phone finds a place");
            d.open_stream(&t, 1000).unwrap();
            honest += 1;
        }
        assert_eq!(honest, 9);
        let players: Vec<Device> = d.list().into_iter().filter(|x| x.name.starts_with("Player")).collect();
        assert_eq!(players.len(), 9, "no honest phone was pushed out by another: {:?}", d.list());
        let displaced = d.take_displaced();
        assert!(displaced.len() >= 9 && displaced.iter().all(|x| x.name.starts_with("Spam")), "{displaced:?}");
        assert!(d.take_displaced().is_empty(), "each is told once");
        // The game master drops every device without a character in one go.
        d.assign(players[0].id, Some(7)).unwrap();
        let gone = d.revoke_without_character();
        assert_eq!(d.list().len(), 1);
        assert!(gone.iter().all(|x| x.character.is_none()));
    }

    /// The addresses that tried wrong codes are forgotten once their codes no longer
    /// count, so an attacker's many addresses do not pile up for the sharing's life.
    #[test]
    fn addresses_are_forgotten_when_their_wrong_codes_expire() {
        let mut d = Devices::with_period(Duration::from_secs(60), Duration::from_millis(2));
        for n in 2..302 {
            let _ = d.join(address(n), "WRONGONE", "x", None);
        }
        assert!(d.remembered_addresses() > 30, "{}", d.remembered_addresses());
        std::thread::sleep(Duration::from_millis(50));
        for _ in 0..FORGET_EVERY {
            let _ = d.join(address(1), "", "x", None);
        }
        assert!(d.remembered_addresses() <= 1, "{}", d.remembered_addresses());
    }

    /// A phone that joins again with the token it holds takes its own place, with its
    /// number and character, and its old token stops working.
    #[test]
    fn a_device_joining_again_replaces_itself() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        let first = d.join(HOME, &code, "Ann", None).unwrap();
        d.assign(1, Some(7)).unwrap();
        let second = d.join(HOME, &code, "Ann's phone", Some(&first)).unwrap();
        assert_eq!(d.list().len(), 1);
        assert!(d.by_token(&first).is_none());
        let me = d.by_token(&second).unwrap();
        assert_eq!((me.id, me.name.as_str(), me.character), (1, "Ann's phone", Some(7)));
    }

    #[test]
    fn a_device_is_connected_while_a_stream_is_open_and_streams_are_capped() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        let token = d.join(HOME, &code, "Ann", None).unwrap();
        assert!(!d.list()[0].connected, "joined, no page open yet");
        assert_eq!(d.open_stream(&token, 100), Ok(()));
        assert_eq!(d.open_stream(&token, 100), Err(StreamRefusal::Device(IDLE_STREAMS)), "no character: one page");
        d.assign(d.list()[0].id, Some(7)).unwrap();
        for _ in 1..MAX_STREAMS {
            assert_eq!(d.open_stream(&token, 100), Ok(()));
        }
        assert_eq!(d.open_stream(&token, 100), Err(StreamRefusal::Device(MAX_STREAMS)), "one stream too many");
        assert!(d.list()[0].connected);
        for _ in 0..MAX_STREAMS {
            d.close_stream(&token);
        }
        assert!(!d.list()[0].connected, "every page closed");
        assert_eq!(d.open_stream(&[0; 16], 100), Err(StreamRefusal::Device(0)), "no such device");
        d.close_stream(&token);
        assert_eq!(d.open_stream(&token, 0), Err(StreamRefusal::Table), "the table's cap, with no one to make room");
    }

    /// Issue 71: devices nobody plays from cannot keep a player's page closed. Each holds
    /// one page at most, and when the table follows as many as it may, a player's first
    /// page takes the place of one of theirs (the game master is told); a player's second
    /// tab does not, nor does an idle device's page.
    #[test]
    fn idle_pages_make_room_for_a_players_first_page() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        let idle: Vec<[u8; 16]> =
            (0..3).map(|i| d.join(IpAddr::from([10, 0, 0, i + 1]), &code, "Lurker", None).unwrap()).collect();
        for t in &idle {
            assert_eq!(d.open_stream(t, 3), Ok(()));
        }
        let late = d.join(IpAddr::from([10, 0, 0, 9]), &code, "Late", None).unwrap();
        assert_eq!(d.open_stream(&late, 3), Err(StreamRefusal::Table), "an idle page makes no room");
        let ann = d.join(HOME, &code, "Ann", None).unwrap();
        let ann_id = d.by_token(&ann).unwrap().id;
        d.assign(ann_id, Some(7)).unwrap();
        assert_eq!(d.open_stream(&ann, 3), Ok(()), "the player's page opens");
        let gone = d.take_displaced();
        assert_eq!(gone.len(), 1, "one idle device made room: {gone:?}");
        assert!(d.by_token(&ann).unwrap().connected);
        assert_eq!(d.open_stream(&ann, 3), Err(StreamRefusal::Table), "a second tab makes no room");
        assert!(d.take_displaced().is_empty());
    }

    /// Issue 39: a device name shows on the game master's screen as it is.
    #[test]
    fn a_device_name_that_hides_or_turns_text_around_is_refused() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        for name in ["\u{202E}nnA", "Ann\u{2067}", "\u{200B}\u{200B}", "\u{3164}", "\u{1b}[2J"] {
            assert!(matches!(d.join(HOME, &code, name, None), Err(Refusal::Invalid(_))), "{name:?}");
        }
        assert!(d.join(HOME, &code, "Ann 🎲", None).is_ok());
        assert!(d.join(HOME, &code, "שרה", None).is_ok(), "right-to-left letters are letters");
        assert!(matches!(d.join(HOME, &code, "Ann\u{200B}", None), Err(Refusal::Invalid(_))), "a zero-width space");
        assert!(matches!(d.join(HOME, &code, "Vex\n  99  Ann", None), Err(Refusal::Invalid(_))), "a line break");
    }

    /// Issue 57: a name that looks like one at the table is numbered, so the game
    /// master tells the two apart; a device joining again keeps its own name.
    #[test]
    fn a_name_that_looks_like_another_at_the_table_is_numbered() {
        let mut d = Devices::new(Duration::from_secs(60));
        let (code, _) = d.code();
        let ann = d.join(HOME, &code, "Ann", None).unwrap();
        d.join(HOME, &code, "\u{0410}nn", None).unwrap();
        d.join(HOME, &code, "Ann", None).unwrap();
        let names: Vec<String> = d.list().into_iter().map(|x| x.name).collect();
        assert_eq!(names, ["Ann", "\u{0410}nn 2", "Ann 3"]);
        d.join(HOME, &code, "Ann", Some(&ann)).unwrap();
        assert_eq!(d.list()[0].name, "Ann", "itself is no other");
    }

    #[test]
    fn tokens_round_trip_and_junk_is_no_token() {
        let t = [0xab; 16];
        assert_eq!(token_bytes(&token_text(&t)), Some(t));
        assert_eq!(token_bytes("zz"), None);
        assert_eq!(token_bytes(&"é".repeat(16)), None);
    }
}
