//! Who may read the table: the join code shown in the QR, the devices that exchanged it
//! for a token, and the limit on wrong codes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use rand::Rng;
use serde::Serialize;
use subtle::ConstantTimeEq;
use ts_rs::TS;

use crate::error::{Error, Result};

/// Letters a player can type without confusing them (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Eight of the 31 letters: 31^8 ≈ 8.5 × 10^11 codes (see [`WRONG_CODES_PER_SECOND`]).
pub const CODE_LEN: usize = 8;
/// Wrong codes one address may try at once; then one more every 12 seconds.
pub const WRONG_CODES_BURST: u32 = 5;
/// Wrong codes every address together may try each second, after a burst of
/// [`WRONG_CODES_TABLE_BURST`]; past that no code is checked, right or wrong, until the
/// budget refills. So over a code's five minutes at most 40 + 20 × 300 = 6,040 codes are
/// ever checked, however many addresses an attacker has: a chance of 6,040 in 31^8, about
/// 7 in a billion, of guessing it (DESIGN.md, "The join code").
pub const WRONG_CODES_PER_SECOND: u32 = 20;
pub const WRONG_CODES_TABLE_BURST: u32 = 40;
/// One more wrong code per address after the burst, each this long.
const WRONG_CODE_PERIOD: Duration = Duration::from_secs(12);
/// How many join attempts between forgetting the addresses whose wrong codes are old.
const FORGET_EVERY: u32 = 256;
/// At most this many devices (a table, not a crowd): a lost phone can rejoin after a revoke.
pub const MAX_DEVICES: usize = 64;
pub const MAX_NAME_CHARS: usize = 40;
/// Live streams one device may hold at once: a phone with the page open in a few tabs,
/// not a device opening streams (each a task on the game master's machine) without end.
pub const MAX_STREAMS: u32 = 4;
/// Rolls a device may make in a burst, and then one every [`ROLL_PERIOD`]: more than
/// any player rolls at a table, and few enough that one phone cannot fill the fight's log.
pub const ROLLS_BURST: u32 = 10;
pub const ROLL_PERIOD: Duration = Duration::from_secs(3);
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
    /// Too many wrong codes from everyone together: no code is checked for this long.
    Busy(Duration),
    /// Something else about the request (name, too many devices).
    Invalid(String),
}

/// Why a live stream was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum StreamRefusal {
    /// The device holds [`MAX_STREAMS`] already.
    Device,
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
    /// Wrong codes from everyone together, and until when no code is checked.
    wrong_everywhere: DefaultDirectRateLimiter,
    all_blocked: Option<Instant>,
    attempts: u32,
    /// Rolls by device number.
    rolls: DefaultKeyedRateLimiter<u32>,
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
            wrong_everywhere: RateLimiter::direct(table_quota()),
            all_blocked: None,
            attempts: 0,
            rolls: RateLimiter::keyed(roll_quota(ROLL_PERIOD)),
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
        // Previews come oftener than rolls: never held to a longer period than rolls are.
        self.previews = RateLimiter::keyed(quota_of(PREVIEWS_BURST, period.min(PREVIEW_PERIOD)));
    }

    /// Whether device `id` may roll now; how long it must wait otherwise.
    pub fn may_roll(&self, id: u32) -> std::result::Result<(), Duration> {
        self.rolls.check_key(&id).map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
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
        if let Some(until) = self.all_blocked.filter(|until| *until > now) {
            return Err(Refusal::Busy(until - now));
        }
        self.blocked.remove(&from);
        self.all_blocked = None;
        let typed = code.trim().to_ascii_uppercase();
        let fresh = self.code_issued.elapsed() < self.code_ttl;
        let right: bool = typed.as_bytes().ct_eq(self.code.as_bytes()).into();
        if !(right && fresh) {
            let clock = DefaultClock::default();
            if let Err(not_until) = self.wrong.check_key(&from) {
                let wait = not_until.wait_time_from(clock.now());
                self.blocked.insert(from, now + wait);
                return Err(Refusal::Limited(wait));
            }
            if let Err(not_until) = self.wrong_everywhere.check() {
                let wait = not_until.wait_time_from(clock.now());
                self.all_blocked = Some(now + wait);
                return Err(Refusal::Busy(wait));
            }
            return Err(Refusal::BadCode);
        }
        let name = check_name(name).map_err(|e| Refusal::Invalid(e.to_string()))?;
        let token: [u8; 16] = rand::rng().random();
        if let Some(d) = again.and_then(|t| self.devices.iter_mut().find(|d| bool::from(d.token.as_slice().ct_eq(t)))) {
            (d.token, d.name) = (token, name);
            return Ok(token);
        }
        if self.devices.len() >= MAX_DEVICES {
            return Err(Refusal::Invalid(format!(
                "{MAX_DEVICES} devices are connected already; the game master can revoke some"
            )));
        }
        self.devices.push(Entry { token, id: self.next_id, name, character: None, joined: now, streams: 0 });
        self.next_id += 1;
        Ok(token)
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

    /// Counts a new live stream for the device holding `token`: refused when it holds
    /// [`MAX_STREAMS`] already (or holds no device), or every device together holds
    /// `total`.
    pub fn open_stream(&mut self, token: &[u8; 16], total: u32) -> std::result::Result<(), StreamRefusal> {
        if self.devices.iter().map(|d| d.streams).sum::<u32>() >= total {
            return Err(StreamRefusal::Table);
        }
        match self.devices.iter_mut().find(|d| bool::from(d.token.as_slice().ct_eq(token))) {
            Some(d) if d.streams < MAX_STREAMS => {
                d.streams += 1;
                Ok(())
            }
            _ => Err(StreamRefusal::Device),
        }
    }

    /// A stream of the device holding `token` ended (the device may be gone already).
    pub fn close_stream(&mut self, token: &[u8; 16]) {
        if let Some(d) = self.devices.iter_mut().find(|d| bool::from(d.token.as_slice().ct_eq(token))) {
            d.streams = d.streams.saturating_sub(1);
        }
    }

    pub fn list(&self) -> Vec<Device> {
        self.devices.iter().map(shown).collect()
    }

    pub fn rename(&mut self, id: u32, name: &str) -> Result<Device> {
        let name = check_name(name)?;
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
        if self.devices.len() == before {
            return Err(Error::not_found("device", &id.to_string()));
        }
        Ok(())
    }

    pub fn revoke_all(&mut self) {
        self.devices.clear();
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
    if name.chars().any(char::is_control) {
        return Err(Error::InvalidInput("a device's name cannot hold control characters".into()));
    }
    if name.chars().any(crate::text::reorders) {
        return Err(Error::InvalidInput(
            "a device's name cannot hold direction overrides (they turn the text after them around)".into(),
        ));
    }
    if name.chars().all(crate::text::invisible) {
        return Err(Error::InvalidInput("a device's name needs a letter or sign that shows".into()));
    }
    Ok(name.to_string())
}

fn roll_quota(period: Duration) -> Quota {
    quota_of(ROLLS_BURST, period)
}

/// `burst` at once, then one each `period`.
fn quota_of(burst: u32, period: Duration) -> Quota {
    let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(period).unwrap_or(Quota::per_minute(burst)).allow_burst(burst)
}

fn table_quota() -> Quota {
    let per_second = NonZeroU32::new(WRONG_CODES_PER_SECOND).unwrap_or(NonZeroU32::MIN);
    let burst = NonZeroU32::new(WRONG_CODES_TABLE_BURST).unwrap_or(NonZeroU32::MIN);
    Quota::per_second(per_second).allow_burst(burst)
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

    /// Issue 39: 200 addresses checked 1,000 codes in 0.4 s. Together they get the
    /// table's burst and then nothing, the right code included, until it refills.
    #[test]
    fn wrong_codes_from_many_addresses_are_limited_together() {
        let mut d = Devices::new(Duration::from_secs(300));
        let (code, _) = d.code();
        let mut checked = 0;
        let mut busy = 0;
        for n in 2..202 {
            for _ in 0..5 {
                match d.join(address(n), "WRONGONE", "x", None) {
                    Err(Refusal::BadCode) => checked += 1,
                    Err(Refusal::Busy(_)) => busy += 1,
                    other => panic!("{other:?}"),
                }
            }
        }
        assert!(checked <= WRONG_CODES_TABLE_BURST + 2, "{checked} codes checked");
        assert!(busy > 900);
        assert!(matches!(d.join(address(500), &code, "Ann", None), Err(Refusal::Busy(_))), "not even checked");
        std::thread::sleep(Duration::from_millis(120));
        assert!(d.join(address(500), &code, "Ann", None).is_ok(), "the budget refills");
    }

    /// The chance the issue bounds: every code checked over a code's life, at most,
    /// against every code there is.
    #[test]
    fn a_brute_force_has_less_than_one_chance_in_a_million_over_a_codes_life() {
        let checked = f64::from(WRONG_CODES_TABLE_BURST) + f64::from(WRONG_CODES_PER_SECOND) * CODE_TTL_SECS;
        let codes = (CODE_ALPHABET.len() as f64).powi(CODE_LEN as i32);
        assert!(checked / codes < 1e-6, "{checked} of {codes}");
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
        for _ in 0..MAX_STREAMS {
            assert_eq!(d.open_stream(&token, 100), Ok(()));
        }
        assert_eq!(d.open_stream(&token, 100), Err(StreamRefusal::Device), "one stream too many");
        assert!(d.list()[0].connected);
        for _ in 0..MAX_STREAMS {
            d.close_stream(&token);
        }
        assert!(!d.list()[0].connected, "every page closed");
        assert_eq!(d.open_stream(&[0; 16], 100), Err(StreamRefusal::Device), "no such device");
        d.close_stream(&token);
        assert_eq!(d.open_stream(&token, 0), Err(StreamRefusal::Table), "the table's cap");
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
    }

    #[test]
    fn tokens_round_trip_and_junk_is_no_token() {
        let t = [0xab; 16];
        assert_eq!(token_bytes(&token_text(&t)), Some(t));
        assert_eq!(token_bytes("zz"), None);
        assert_eq!(token_bytes(&"é".repeat(16)), None);
    }
}
