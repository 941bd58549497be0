//! No answer to a phone depends on what is hidden (issue 57): noninterference, tested by
//! difference. Each case plays two tables side by side that differ only in what the
//! table does not see: hidden combatants present in one and absent in the other, or
//! there under other names, with other numbers, other conditions and other secret rolls;
//! and the game master's library and notes: adversaries and documents not shared.
//! Every visible change the game master makes, and every request a phone (two players, a
//! TV) or a stranger sends, is made at both tables; every answer, and what each device's
//! push stream shows once it has settled, must be the same byte for byte (less a
//! device's age in seconds and the seconds a timed condition shows, which are clocks).
//!
//! A phone's requests are drawn to probe: targets and free text from a pool holding the
//! hidden names of both tables, embedded in longer words and dice, and every endpoint.
//! The game master's accepting a phone's action is the one place the two tables may
//! rightly part (the game master decides with everything in view): the case ends there
//! when their answers differ, and the run says how often that happened.
//!
//! `TOME_DIFFERENTIAL_CASES` sets the number of cases (`make test` runs the default;
//! `make fuzz` more).

use crate::common::client;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use client::{get, join, request, Stream};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use tome::characters::SheetValue;
use tome::encounters::{Duration as Lasting, Event};
use tome::share::{Share, ShareOptions};
use tome::shared::SharedTome;
use tome::Tome;

const WAIT: Duration = Duration::from_secs(5);
const DEFAULT_CASES: u32 = 120;

struct Kind {
    system: &'static str,
    stats: &'static [(&'static str, i64)],
    /// The visible adversary's numbers an action is compared with (a MythCraft attack
    /// with its AR, an Ars Magica disengage with its Attack), which the table does not
    /// see while the fight keeps its totals from it ([`Hidden::Numbers`]).
    defense: &'static [&'static str],
    conditions: &'static [&'static str],
    /// The combatants the table sees at the start: Ilse and Mira (the players) and Quimby.
    /// An MLAF match has one caster a team: Ilse alone, and the other team's, if any, is
    /// hidden.
    seen: &'static [&'static str],
}

const KINDS: &[Kind] = &[
    Kind {
        system: "mythcraft",
        stats: &[("max-hp", 12)],
        defense: &["ar"],
        conditions: &["Prone", "Bleeding (2)", "Unseen"],
        seen: &["Ilse", "Mira", SEEN],
    },
    Kind {
        system: "ars-magica",
        stats: &[],
        defense: &["attack", "defense"],
        conditions: &["Stunned", "Prone"],
        seen: &["Ilse", "Mira", SEEN],
    },
    Kind { system: "amtgard", stats: &[], defense: &[], conditions: &["Stun"], seen: &["Ilse", "Mira", SEEN] },
    Kind { system: "mlaf", stats: &[("team", 2), ("level", 2)], defense: &[], conditions: &["Prone"], seen: &["Ilse"] },
    Kind { system: "primal-wild", stats: &[], defense: &[], conditions: &["Prone"], seen: &["Ilse", "Mira", SEEN] },
];

const PLAYERS: [&str; 2] = ["Ilse", "Mira"];
/// The visible adversary, at both tables.
const SEEN: &str = "Quimby";
/// The hidden combatants' names: either table may use any of them.
const HIDDEN: [&str; 3] = ["Nightglass", "Vexhorn", "Zorblax"];

/// What a phone types where it may type anything: the names the tables may hide, alone,
/// inside longer words, as dice; the names it sees; and names of no one.
const WORDS: &[&str] = &[
    "Nightglass",
    "nightglass",
    "Vexhorn",
    "Zorblax",
    "zombieorcnightglassdragon",
    "2d6+Nightglass",
    "2d6+Zzznobody",
    "Nightglass sword",
    "Zzznobody",
    "Quimby",
    "Ilse",
    "Mira",
    "1d20+3",
    "",
    // The game master's library and unshared notes: misspelt, and by id.
    "nightglas",
    "sworx",
    "frozne",
    "mythcraft/section/secret-notes--the-plot",
    "mythcraft/adversary/1",
    "ars-magica/adversary/2",
    "mythcraft/rule/sworx",
    // An attacker's probes (issue 71): parts of the hidden names and names of their
    // shape, each case and padding, inside dice and sums, and the words of the forms.
    "Night",
    "glass",
    "horn",
    "Zor",
    "blax",
    "NIGHTGLASS",
    " Vexhorn ",
    "Nightglow",
    "Vexhorne",
    "Zorblax, Quimby",
    "Quimby, Nightglass",
    "1d6+Vexhorn",
    "Zorblax+2",
    "d20 Nightglass",
    "Nightglass's",
    "attack",
    "Attack",
    "target",
    "roll",
    "dice",
    "sword",
    "Short sword",
    "bite",
    "8",
    "13",
    "20",
    // The other side's dice packed into a field of the player's own (the fifth
    // fresh-eyes attack: an Ars Magica disengage `against` the attacker's die).
    "Quimby=0/3",
    "Quimby=12",
    "Nightglass=0/1",
];

/// The names an attacker tries where a name is taken (an action, a target, a value):
/// each name either table may hide, shouted or padded, and one of their shape that no
/// one has.
const PROBES: &[&str] = &["Nightglass", " VEXHORN ", "zorblax", "Nightglow"];

/// Something only one table does: the part the players do not see.
#[derive(Debug, Clone)]
enum Hidden {
    Nothing,
    Add {
        name: usize,
        hp: i64,
    },
    Damage {
        which: usize,
        amount: i64,
    },
    Condition {
        which: usize,
        condition: usize,
    },
    SecretRoll {
        which: usize,
        sides: i64,
    },
    /// Notes of the game master's, not shared with the table, holding the hidden names
    /// and misspellings of rules' words.
    Notes {
        name: usize,
    },
    /// An adversary in the game master's library.
    Adversary {
        name: usize,
    },
    /// The visible adversary's defense, which the table does not see while the fight
    /// keeps its totals from it: set to another number at each table.
    Numbers {
        defense: i64,
    },
}

#[derive(Debug, Clone)]
enum Op {
    /// The game master's hidden work, at each table its own.
    Hidden {
        a: Hidden,
        b: Hidden,
    },
    /// The game master's visible work, the same at both.
    Damage {
        who: usize,
        amount: i64,
    },
    Condition {
        who: usize,
        condition: usize,
        rounds: i64,
    },
    /// On to the next turn the table sees (through any hidden turns between).
    Next,
    AskRoll {
        player: Option<usize>,
    },
    /// The game master answers the oldest waiting action: accept (0), decline (1).
    Answer {
        how: u8,
    },
    HoldRolls(bool),
    /// A phone's requests.
    Act {
        device: usize,
        action: usize,
        target: usize,
        text: usize,
        value: i64,
        preview: bool,
    },
    Roll {
        device: usize,
        dice: usize,
        secret: bool,
    },
    Initiative {
        device: usize,
        typed: Option<i64>,
    },
    AnswerAsk {
        device: usize,
        typed: Option<i64>,
    },
    /// A phone's requests written by an attacker rather than by its page: the same
    /// request once for each name either table may hide (and one name of their shape
    /// that no one has), the name as the action (`shape` 0), as a field's value (1),
    /// inside dice (2), as a field's name (3), or among targets (4); the field is one of
    /// the offered action `action`'s own.
    Probe {
        device: usize,
        shape: u8,
        action: usize,
        preview: bool,
    },
    /// A player's attack on the visible adversary, its die typed as `d20` (about the
    /// adversary's defense): what a preview says of it must not read the defense off.
    AttackSeen {
        device: usize,
        d20: i64,
        preview: bool,
    },
    /// The game master records on a player an effect each table draws from its own
    /// hidden combatant (`HIDDEN[a]`, `HIDDEN[b]`, hidden if new), or from no one where
    /// the system lets the source go unnamed (`None`): an Amtgard State "by" it, an MLAF
    /// Toad its hidden caster casts. The effect is the table's to see; who gave it is not
    /// (review 77's attack: the hidden caster's name in every refusal, a log line gone).
    Sourced {
        a: Option<usize>,
        b: Option<usize>,
        on: usize,
    },
    /// A phone takes back its action `seq` (its own number for it; one never sent too).
    Withdraw {
        device: usize,
        seq: u32,
    },
    Read {
        device: usize,
        what: usize,
        word: usize,
    },
}

fn hidden() -> impl Strategy<Value = Hidden> {
    prop_oneof![
        1 => Just(Hidden::Nothing),
        3 => (0..HIDDEN.len(), 3..30i64).prop_map(|(name, hp)| Hidden::Add { name, hp }),
        2 => (0..3usize, 1..9i64).prop_map(|(which, amount)| Hidden::Damage { which, amount }),
        2 => (0..3usize, 0..3usize).prop_map(|(which, condition)| Hidden::Condition { which, condition }),
        1 => (0..3usize, 2..30i64).prop_map(|(which, sides)| Hidden::SecretRoll { which, sides }),
        1 => (0..HIDDEN.len()).prop_map(|name| Hidden::Notes { name }),
        1 => (0..HIDDEN.len()).prop_map(|name| Hidden::Adversary { name }),
        // At the thresholds a typed d20 crosses.
        2 => (2..22i64).prop_map(|defense| Hidden::Numbers { defense }),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        5 => (hidden(), hidden()).prop_map(|(a, b)| Op::Hidden { a, b }),
        2 => (0..3usize, 1..9i64).prop_map(|(who, amount)| Op::Damage { who, amount }),
        1 => (0..3usize, 0..3usize, 1..3i64).prop_map(|(who, condition, rounds)| Op::Condition { who, condition, rounds }),
        2 => Just(Op::Next),
        1 => prop::option::of(0..2usize).prop_map(|player| Op::AskRoll { player }),
        2 => (0..2u8).prop_map(|how| Op::Answer { how }),
        1 => any::<bool>().prop_map(Op::HoldRolls),
        8 => (0..4usize, 0..24usize, 0..WORDS.len(), 0..WORDS.len(), -2..30i64, any::<bool>()).prop_map(
            |(device, action, target, text, value, preview)| Op::Act { device, action, target, text, value, preview }
        ),
        2 => (0..4usize, 0..WORDS.len(), any::<bool>()).prop_map(|(device, dice, secret)| Op::Roll { device, dice, secret }),
        1 => (0..4usize, prop::option::of(-1..25i64)).prop_map(|(device, typed)| Op::Initiative { device, typed }),
        2 => (0..4usize, prop::option::of(0..25i64)).prop_map(|(device, typed)| Op::AnswerAsk { device, typed }),
        1 => (0..4usize, 1..6u32).prop_map(|(device, seq)| Op::Withdraw { device, seq }),
        2 => (prop::option::of(0..HIDDEN.len()), prop::option::of(0..HIDDEN.len()), 0..2usize)
            .prop_map(|(a, b, on)| Op::Sourced { a, b, on }),
        3 => (0..2usize, 1..21i64, prop::bool::weighted(0.7))
            .prop_map(|(device, d20, preview)| Op::AttackSeen { device, d20, preview }),
        // Mostly from the players' phones, whose requests get past "no character".
        6 => (prop_oneof![3 => 0..2usize, 1 => 2..4usize], 0..5u8, 0..24usize, any::<bool>())
            .prop_map(|(device, shape, action, preview)| Op::Probe { device, shape, action, preview }),
        3 => (0..4usize, 0..11usize, 0..WORDS.len()).prop_map(|(device, what, word)| Op::Read { device, what, word }),
    ]
}

/// One table: a Tome, its share, the two players' phones and the TV with their streams.
struct Table {
    tome: Arc<SharedTome>,
    share: Share,
    addr: SocketAddr,
    /// Ann's, Bob's and the TV's cookies; the fourth device is a stranger, with none.
    cookies: [String; 3],
    streams: Vec<Stream>,
    players: BTreeMap<&'static str, [i64; 2]>,
}

impl Table {
    fn new() -> Table {
        let mut t = Tome::open_in_memory().unwrap();
        let mut players = BTreeMap::new();
        for kind in KINDS {
            let mut ids = [0; 2];
            for (i, name) in PLAYERS.iter().enumerate() {
                let mut c = t.create_character(kind.system, name).unwrap();
                if kind.system == "mythcraft" {
                    c.values.insert("max-hp".into(), SheetValue::Int(20));
                    // The attack her phone offers by name, with what Tome rolls for it.
                    c.values.insert("attack-1".into(), "Short sword: +5, 1d6+2 sharp, melee, 1 AP".into());
                }
                ids[i] = t.save_character(&c).unwrap().id;
            }
            players.insert(kind.system, ids);
        }
        let tome = Arc::new(SharedTome::open(t));
        let options = ShareOptions {
            address: Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
            port: 0,
            code_ttl: Duration::from_secs(3600),
            limits: tome::share::conn::Limits { roll_period: Duration::from_millis(1), ..Default::default() },
            // Both tables deal the phones the same dice.
            dice_seed: Some(57),
            ..Default::default()
        };
        let share = Share::start(tome.clone(), options).unwrap();
        let addr = share.address();
        let cookies = ["Ann", "Bob", "TV"].map(|n| join(addr, &share.code(), n).unwrap());
        let streams = cookies.iter().map(|c| Stream::open(addr, c)).collect();
        Table { tome, share, addr, cookies, streams, players }
    }

    fn gm<T>(&self, f: impl FnOnce(&mut Tome) -> tome::Result<T>) -> tome::Result<T> {
        self.tome.run("differential test", f)
    }

    fn cookie(&self, device: usize) -> Option<&str> {
        self.cookies.get(device).map(String::as_str)
    }

    /// What device `device` is answered for `method path body`, as bytes to compare.
    fn ask(&self, device: usize, method: &str, path: &str, body: &str) -> String {
        let mut headers = vec![("Content-Type", "application/json")];
        let cookie = self.cookie(device).map(str::to_string);
        if let Some(c) = &cookie {
            headers.push(("Cookie", c.as_str()));
        }
        let a = request(self.addr, method, path, &headers, body.as_bytes());
        format!("{} {}", a.status, clockless(&a.body))
    }

    fn names(&self, encounter: i64) -> Vec<(String, bool)> {
        let v = self.gm(|t| t.encounter(encounter)).unwrap();
        v.combatants.iter().map(|c| (c["name"].as_str().unwrap_or_default().to_string(), c["hidden"] == true)).collect()
    }

    fn hidden_names(&self, encounter: i64) -> Vec<String> {
        self.names(encounter).into_iter().filter(|(_, h)| *h).map(|(n, _)| n).collect()
    }

    fn visible_names(&self, encounter: i64) -> Vec<String> {
        self.names(encounter).into_iter().filter(|(_, h)| !*h).map(|(n, _)| n).collect()
    }

    fn hidden_work(&self, encounter: i64, kind: &Kind, h: &Hidden) {
        let hidden = self.hidden_names(encounter);
        let pick = |which: usize| hidden.get(which % hidden.len().max(1)).cloned();
        let _ = match h {
            Hidden::Nothing => Ok(()),
            Hidden::Add { name, hp } => {
                let mut stats: BTreeMap<String, i64> = kind.stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
                if kind.system == "mythcraft" {
                    stats.insert("max-hp".into(), *hp);
                }
                // The other team's caster, at a level the table does not see (the fifth
                // fresh-eyes attack read it off a Power Drain left without a target).
                if kind.system == "mlaf" {
                    stats.insert("level".into(), hp % 6 + 1);
                }
                self.gm(|t| t.encounter_add_npc_with(encounter, HIDDEN[*name], 1, stats, Some(true), Some(7))).map(drop)
            }
            Hidden::Damage { which, amount } => match pick(*which) {
                Some(name) => self
                    .gm(|t| t.encounter_change(encounter, Event::Damage { name, amount: *amount, kind: None }))
                    .map(drop),
                None => Ok(()),
            },
            Hidden::Condition { which, condition } => match pick(*which) {
                Some(name) => {
                    let c = kind.conditions[condition % kind.conditions.len()];
                    self.gm(|t| t.encounter_custom_condition(encounter, &name, c, Lasting::Rounds { rounds: 2 }))
                        .map(drop)
                }
                None => Ok(()),
            },
            Hidden::SecretRoll { which, sides } => match pick(*which) {
                Some(name) => {
                    let mut dice = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(*sides as u64);
                    let rolled = tome::dice::roll_spec(&format!("1d{sides}"), &mut dice, 0).unwrap();
                    self.gm(|t| t.encounter_said_roll(encounter, &name, &rolled, true)).map(drop)
                }
                None => Ok(()),
            },
            Hidden::Notes { name } => {
                let notes = format!("# The plot\n\n{} swore to sworx the swodr; poisn and frozne.\n", HIDDEN[*name]);
                self.gm(|t| t.import_text("notes.md", notes.as_bytes(), kind.system, Some("Secret notes"))).map(drop)
            }
            Hidden::Adversary { name } => self
                .gm(|t| t.create_adversary(&tome::adversaries::Adversary::new(kind.system, HIDDEN[*name])))
                .map(drop),
            Hidden::Numbers { defense } => kind.defense.iter().try_for_each(|field| {
                self.gm(|t| {
                    let (name, field, value) = (SEEN.to_string(), field.to_string(), *defense);
                    t.encounter_change(encounter, Event::Set { name, field, value })
                })
                .map(drop)
            }),
        };
    }

    /// [`Op::Sourced`] at this table, from `source`: whether the fight took it.
    fn sourced(&self, encounter: i64, kind: &Kind, source: Option<usize>, on: usize) -> bool {
        let seen: Vec<&str> = PLAYERS.iter().copied().filter(|p| kind.seen.contains(p)).collect();
        let target = seen[on % seen.len()];
        let hidden = self.hidden_names(encounter);
        let add = |name: &str| {
            let stats: BTreeMap<String, i64> = kind.stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            self.gm(|t| t.encounter_add_npc_with(encounter, name, 1, stats, Some(true), Some(7))).is_ok()
        };
        match (kind.system, source) {
            ("amtgard", by) => {
                let by = by.map(|i| HIDDEN[i]);
                if by.is_some_and(|b| !hidden.iter().any(|h| h == b) && !add(b)) {
                    return false;
                }
                let mut inputs = vec![("state", "Suppressed"), ("school", "sorcery"), ("seconds", "600")];
                inputs.extend(by.map(|b| ("by", b)));
                self.gm(|t| crate::common::fight::act(t, encounter, "state", target, &inputs)).is_ok()
            }
            // One caster a team: the hidden one there is, else a new one.
            ("mlaf", Some(i)) => {
                let caster = match hidden.first() {
                    Some(h) => h.clone(),
                    None if add(HIDDEN[i]) => HIDDEN[i].to_string(),
                    None => return false,
                };
                let cast = [("spell", "Toad"), ("target", target), ("roll", "6")];
                self.gm(|t| crate::common::fight::act(t, encounter, "cast", &caster, &cast)).is_ok()
            }
            _ => false,
        }
    }

    /// On to the next turn the table sees: hidden turns between are played through.
    fn next_seen(&self, encounter: i64) -> bool {
        let mut ok = self.gm(|t| t.encounter_change(encounter, Event::Next)).is_ok();
        for _ in 0..12 {
            let v = self.gm(|t| t.encounter(encounter)).unwrap();
            let current = v.current.clone();
            let hidden = self.hidden_names(encounter);
            if !current.is_some_and(|c| hidden.contains(&c)) {
                break;
            }
            ok &= self.gm(|t| t.encounter_change(encounter, Event::Next)).is_ok();
        }
        ok
    }

    /// What each device's page shows once its stream has caught up: the view, its own
    /// numbers and itself, as the endpoints answer and as the stream last sent them.
    fn settled(&mut self) -> Result<Vec<String>, TestCaseError> {
        let mut out = Vec::new();
        for d in 0..3 {
            let cookie = self.cookies[d].clone();
            let view = get(self.addr, "/api/view", Some(&cookie)).body;
            let mine = get(self.addr, "/api/mine", Some(&cookie)).body;
            let device = get(self.addr, "/api/device", Some(&cookie)).body;
            let reached = self.streams[d].reach(&[("view", &view), ("mine", &mine)], WAIT);
            prop_assert!(
                reached,
                "device {d}'s stream never reached view {view} and mine {mine}; it last sent view {:?} and mine {:?}",
                self.streams[d].latest.get("view"),
                self.streams[d].latest.get("mine").map(|m| m.len())
            );
            out.extend([view, mine, device].iter().map(|s| clockless(s)));
        }
        Ok(out)
    }
}

/// `json` less its clocks: a device's seconds since joining, a sheet's times saved, a
/// timed condition's seconds left.
fn clockless(json: &str) -> String {
    let mut out = json.to_string();
    for key in ["\"joined_secs\":", "\"created\":", "\"updated\":"] {
        let mut kept = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(at) = rest.find(key) {
            let (before, value) = rest.split_at(at + key.len());
            kept.push_str(before);
            rest = value.trim_start_matches(|c: char| c.is_ascii_digit());
        }
        kept.push_str(rest);
        out = kept;
    }
    let mut timed = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.find(" s\"") {
        let digits = rest[..at].trim_end_matches(|c: char| c.is_ascii_digit());
        timed.push_str(digits);
        timed.push_str(" s\"");
        rest = &rest[at + 3..];
    }
    timed.push_str(rest);
    timed
}

/// Where `a` and `b` first part, with some of each around it.
fn parting(a: &str, b: &str) -> String {
    let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let window = |s: &str| -> String {
        let from = (0..=at.saturating_sub(200)).rev().find(|i| s.is_char_boundary(*i)).unwrap_or(0);
        s[from..].chars().take(400).collect()
    };
    format!("\n  one table: …{}\n  the other: …{}", window(a), window(b))
}

/// Cases where the game master's accept parted the tables (they rightly may), and
/// actions the rules took from a phone.
static PARTED: AtomicU32 = AtomicU32::new(0);
/// Cases ended at an accept after the visible adversary's defense was set apart (what
/// the action does then rightly differs: the game master decided with it in view).
static PARTED_BY_NUMBERS: AtomicU32 = AtomicU32::new(0);
static TAKEN: AtomicU32 = AtomicU32::new(0);

struct Case<'a> {
    a: &'a mut Table,
    b: &'a mut Table,
    kind: &'static Kind,
    encounter: i64,
    /// The visible adversary's defense may differ between the tables.
    numbers_apart: bool,
}

impl Case<'_> {
    fn both<T: PartialEq + std::fmt::Debug>(&self, f: impl Fn(&Table) -> T) -> (T, T) {
        (f(self.a), f(self.b))
    }

    /// Plays `op` at both tables; `Ok(false)` when the game master's accept parted them.
    fn step(&mut self, op: &Op) -> Result<bool, TestCaseError> {
        let e = self.encounter;
        let kind = self.kind;
        let answers: (Vec<String>, Vec<String>) = match op {
            Op::Hidden { a, b } => {
                let numbers = |h: &Hidden| matches!(h, Hidden::Numbers { .. }) && !kind.defense.is_empty();
                self.numbers_apart |= numbers(a) || numbers(b);
                self.a.hidden_work(e, kind, a);
                self.b.hidden_work(e, kind, b);
                (Vec::new(), Vec::new())
            }
            Op::Sourced { a, b, on } => {
                // An MLAF spell is cast in play: a team turn begun at both tables first.
                if kind.system == "mlaf" {
                    self.both(|t| t.next_seen(e));
                }
                let took = (self.a.sourced(e, kind, *a, *on), self.b.sourced(e, kind, *b, *on));
                // Taken at one table alone (its hidden caster's own limits): taken back
                // there, so the fight the tables see stays one.
                match took {
                    (true, false) => drop(self.a.gm(|t| t.encounter_undo(e)).unwrap()),
                    (false, true) => drop(self.b.gm(|t| t.encounter_undo(e)).unwrap()),
                    _ => {}
                }
                (Vec::new(), Vec::new())
            }
            Op::Damage { who, amount } => {
                let (a, b) = self.both(|t| {
                    let names = t.visible_names(e);
                    let name = names[who % names.len()].clone();
                    t.gm(|t| t.encounter_change(e, Event::Damage { name, amount: *amount, kind: None })).is_ok()
                });
                (vec![a.to_string()], vec![b.to_string()])
            }
            Op::Condition { who, condition, rounds } => {
                let (a, b) = self.both(|t| {
                    let names = t.visible_names(e);
                    let name = names[who % names.len()].clone();
                    let c = kind.conditions[condition % kind.conditions.len()];
                    t.gm(|t| t.encounter_custom_condition(e, &name, c, Lasting::Rounds { rounds: *rounds })).is_ok()
                });
                (vec![a.to_string()], vec![b.to_string()])
            }
            Op::Next => {
                let (a, b) = self.both(|t| t.next_seen(e));
                (vec![a.to_string()], vec![b.to_string()])
            }
            Op::AskRoll { player } => {
                let (a, b) = self.both(|t| {
                    let to = player.map(|p| t.players[kind.system][p]);
                    let ask = tome::share::RollAsk {
                        label: "Soak".into(),
                        dice: "1d20".into(),
                        to,
                        calculator: None,
                        form: Default::default(),
                    };
                    t.share.ask_roll(ask).map(|a| a.id).map_err(|e| e.to_string())
                });
                (vec![format!("{a:?}")], vec![format!("{b:?}")])
            }
            Op::Answer { how: 0 } if self.numbers_apart && !self.a.share.proposals().is_empty() => {
                // What the action does may rightly differ now: the game master accepts
                // with the defense in view. The case ends here.
                for t in [&*self.a, &*self.b] {
                    if let Some(p) = t.share.proposals().into_iter().next() {
                        let _ = t.share.accept_proposal(p.id);
                    }
                }
                PARTED_BY_NUMBERS.fetch_add(1, Ordering::Relaxed);
                return Ok(false);
            }
            Op::Answer { how } => {
                let (a, b) = self.both(|t| {
                    let Some(p) = t.share.proposals().into_iter().next() else { return "none".to_string() };
                    match how {
                        0 => t.share.accept_proposal(p.id).map_or("refused", |_| "ok"),
                        _ => t.share.decline_proposal(p.id, Some("not now")).map_or("refused", |()| "ok"),
                    }
                    .to_string()
                });
                if a != b {
                    PARTED.fetch_add(1, Ordering::Relaxed);
                    return Ok(false);
                }
                (vec![a], vec![b])
            }
            Op::HoldRolls(held) => {
                let (a, b) = self.both(|t| t.share.trust_rolls(e, !held).is_ok());
                (vec![a.to_string()], vec![b.to_string()])
            }
            Op::Act { device, action, target, text, value, preview } => {
                let path = if *preview { "/api/preview" } else { "/api/act" };
                let body = self.act_body(*device, *action, *target, *text, *value);
                let (a, b) = self.both(|t| t.ask(*device, "POST", path, &body));
                if a.starts_with("200") && !preview {
                    TAKEN.fetch_add(1, Ordering::Relaxed);
                }
                (vec![body.clone(), a], vec![body, b])
            }
            Op::Probe { device, shape, action, preview } => {
                let path = if *preview { "/api/preview" } else { "/api/act" };
                let (mut a, mut b) = (Vec::new(), Vec::new());
                for name in PROBES {
                    let body = self.probe_body(*device, *shape, *action, name);
                    let (x, y) = self.both(|t| t.ask(*device, "POST", path, &body));
                    a.extend([body.clone(), x]);
                    b.extend([body, y]);
                }
                (a, b)
            }
            Op::AttackSeen { device, d20, preview } => {
                let path = if *preview { "/api/preview" } else { "/api/act" };
                let body = self.attack_body(*device, *d20);
                let (a, b) = self.both(|t| t.ask(*device, "POST", path, &body));
                if a.starts_with("200") && !preview {
                    TAKEN.fetch_add(1, Ordering::Relaxed);
                }
                (vec![body.clone(), a], vec![body, b])
            }
            Op::Roll { device, dice, secret } => {
                let body = serde_json::json!({ "dice": WORDS[*dice], "secret": secret }).to_string();
                let (a, b) = self.both(|t| t.ask(*device, "POST", "/api/dice", &body));
                (vec![a], vec![b])
            }
            Op::Initiative { device, typed } => {
                let body = serde_json::json!({ "roll": typed }).to_string();
                let (a, b) = self.both(|t| t.ask(*device, "POST", "/api/initiative", &body));
                (vec![a], vec![b])
            }
            Op::AnswerAsk { device, typed } => {
                let (a, b) = self.both(|t| {
                    let id = t.share.asks().last().map_or(1, |a| a.id);
                    let body = serde_json::json!({ "ask": id, "roll": typed }).to_string();
                    t.ask(*device, "POST", "/api/answer", &body)
                });
                (vec![a], vec![b])
            }
            Op::Withdraw { device, seq } => {
                let body = serde_json::json!({ "id": seq }).to_string();
                let (a, b) = self.both(|t| t.ask(*device, "POST", "/api/withdraw", &body));
                (vec![a], vec![b])
            }
            Op::Read { device, what, word } => {
                let q = WORDS[*word].replace(' ', "+").replace('+', "%2B");
                let path = match what {
                    0 => "/api/view".to_string(),
                    1 => "/api/mine".to_string(),
                    2 => "/api/device".to_string(),
                    3 => "/api/actions".to_string(),
                    4 => "/api/systems".to_string(),
                    5 => format!("/api/search?q={q}"),
                    6 => format!("/api/entry?id={q}"),
                    7 => "/api/whoami".to_string(),
                    8 => format!("/api/table?id={q}"),
                    9 => format!("/api/roll?id={q}"),
                    _ => "/".to_string(),
                };
                let method = if *what == 9 { "POST" } else { "GET" };
                let (a, b) = self.both(|t| t.ask(*device, method, &path, ""));
                (vec![path.clone(), a], vec![path, b])
            }
        };
        for (x, y) in answers.0.iter().zip(&answers.1) {
            prop_assert!(x == y, "{:?}: the two tables answered differently:{}", op, parting(x, y));
        }
        let (a, b) = (self.a.settled()?, self.b.settled()?);
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            let what = ["view", "mine", "device"][i % 3];
            prop_assert!(x == y, "after {:?}: device {}'s {} differs:{}", op, i / 3, what, parting(x, y));
        }
        Ok(true)
    }

    /// The first attack device `device` is offered, at the visible adversary, with each
    /// die it may type as `d20`.
    fn attack_body(&self, device: usize, d20: i64) -> String {
        let offered = match self.a.cookie(device) {
            Some(c) => get(self.a.addr, "/api/actions", Some(c)).body,
            None => "[]".into(),
        };
        let actions: Vec<serde_json::Value> = serde_json::from_str(&offered).unwrap_or_default();
        let Some(attack) = actions.iter().find(|a| a["action"] == "attack").or(actions.first()) else {
            return serde_json::json!({ "action": "attack", "inputs": { "target": SEEN } }).to_string();
        };
        let mut inputs = attack["preset"].as_object().cloned().unwrap_or_default();
        for p in attack["params"].as_array().into_iter().flatten() {
            let Some(name) = p["name"].as_str() else { continue };
            if p["kind"]["list"]["from"].as_str().is_some_and(|l| l.contains("combatants")) {
                inputs.insert(name.into(), SEEN.into());
            } else if !p["die"].is_null() {
                let (min, max) = (p["kind"]["min"].as_i64().unwrap_or(1), p["kind"]["max"].as_i64().unwrap_or(20));
                inputs.insert(name.into(), d20.clamp(min, max).to_string().into());
            }
        }
        serde_json::json!({ "action": attack["action"], "inputs": inputs }).to_string()
    }

    /// A request an attacker writes, with `name` where [`Op::Probe`]'s `shape` puts it.
    fn probe_body(&self, device: usize, shape: u8, action: usize, name: &str) -> String {
        let offered = match self.a.cookie(device) {
            Some(c) => get(self.a.addr, "/api/actions", Some(c)).body,
            None => "[]".into(),
        };
        let actions: Vec<serde_json::Value> = serde_json::from_str(&offered).unwrap_or_default();
        let picked = actions.get(action % actions.len().max(1));
        let own = picked.and_then(|a| a["action"].as_str()).unwrap_or("attack");
        let mut inputs = picked.and_then(|a| a["preset"].as_object().cloned()).unwrap_or_default();
        let params = picked.and_then(|a| a["params"].as_array()).cloned().unwrap_or_default();
        let field = |pick: &dyn Fn(&serde_json::Value) -> bool| {
            params.iter().find(|p| pick(p)).and_then(|p| p["name"].as_str()).unwrap_or("target").to_string()
        };
        let combatants =
            |p: &serde_json::Value| p["kind"]["list"]["from"].as_str().is_some_and(|l| l.contains("combatants"));
        let action = match shape {
            0 => name.to_string(),
            1 => {
                inputs.insert(field(&|p| p["kind"]["type"] != "flag"), name.into());
                own.to_string()
            }
            2 => {
                inputs.insert(
                    field(&|p| p["kind"]["type"] == "text" || p["kind"]["type"] == "int"),
                    format!("1d6+{name}").into(),
                );
                own.to_string()
            }
            3 => {
                inputs.insert(name.to_string(), "1".into());
                own.to_string()
            }
            _ => {
                inputs.insert(field(&combatants), format!("{SEEN}, {name}").into());
                own.to_string()
            }
        };
        serde_json::json!({ "action": action, "inputs": inputs }).to_string()
    }

    /// An action's body as the phone sends it: one of the actions it is offered, its
    /// combatant fields `target`, its text fields `text`, its numbers `value`.
    fn act_body(&self, device: usize, action: usize, target: usize, text: usize, value: i64) -> String {
        // The actions offered: the same at both tables (the answers say so, below).
        let offered = match self.a.cookie(device) {
            Some(c) => get(self.a.addr, "/api/actions", Some(c)).body,
            None => "[]".into(),
        };
        let actions: Vec<serde_json::Value> = serde_json::from_str(&offered).unwrap_or_default();
        let Some(action) = actions.get(action % actions.len().max(1)) else {
            return serde_json::json!({ "action": WORDS[text], "inputs": {} }).to_string();
        };
        // What Tome filled in from the sheet goes with it, as the phone sends it.
        let mut inputs = action["preset"].as_object().cloned().unwrap_or_default();
        for p in action["params"].as_array().into_iter().flatten() {
            let kind = &p["kind"];
            if p["required"] != true && value % 3 != 0 {
                continue;
            }
            let first = |list: &serde_json::Value| list.as_array().and_then(|l| l.first()).cloned();
            let given = match (kind["type"].as_str(), kind["list"]["from"].as_str()) {
                // Half the time the visible adversary: an attack on it, its outcome read.
                (Some("listed"), Some("combatants" | "some-combatants")) if target.is_multiple_of(2) => {
                    Some(SEEN.into())
                }
                (Some("listed"), Some("combatants" | "some-combatants")) => Some(WORDS[target].into()),
                (Some("int"), _) => {
                    let (min, max) = (kind["min"].as_i64().unwrap_or(0), kind["max"].as_i64().unwrap_or(0));
                    Some(value.clamp(min, max).to_string().into())
                }
                // Any of the choices (a Power Drain among the spells), by the text drawn.
                (Some("choice" | "entry" | "listed"), _) => {
                    let choices = p["choices"].as_array().cloned().unwrap_or_default();
                    choices.get(text % choices.len().max(1)).cloned().or_else(|| first(&p["choices"]))
                }
                (Some("flag"), _) if value % 2 == 0 => Some("true".into()),
                (Some(_), _) => Some(WORDS[text].into()),
                _ => None,
            };
            if let (Some(name), Some(v)) = (p["name"].as_str(), given) {
                inputs.insert(name.to_string(), v);
            }
        }
        serde_json::json!({ "action": action["action"], "inputs": inputs }).to_string()
    }
}

/// Plays one case at both tables: a fight of the kind with both players and Quimby, under
/// way with Ilse first, then `ops`.
/// `Ok(false)`: the game master's accept parted the tables, which start afresh.
/// The visible adversary's defense is `defenses` at the two tables, where its system has
/// one ([`Kind::defense`]).
fn play(
    a: &mut Table,
    b: &mut Table,
    kind: usize,
    defenses: (i64, i64),
    ops: &[Op],
    case: u32,
) -> Result<bool, TestCaseError> {
    let kind = &KINDS[kind];
    let name = format!("Case {case}");
    let mut encounter = 0;
    for (t, defense) in [(&mut *a, defenses.0), (&mut *b, defenses.1)] {
        let players = t.players[kind.system];
        encounter = t.gm(|t| t.create_encounter_mode(kind.system, &name, None)).unwrap().id;
        let stats: BTreeMap<String, i64> = kind.stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        for (i, _) in PLAYERS.iter().enumerate().filter(|(_, p)| kind.seen.contains(p)) {
            t.gm(|t| t.encounter_add_character_with(encounter, players[i], Some(false))).unwrap();
        }
        if kind.seen.contains(&SEEN) {
            let mut stats = stats.clone();
            for field in kind.defense {
                stats.insert(field.to_string(), defense);
            }
            t.gm(|t| t.encounter_add_npc_with(encounter, SEEN, 1, stats, Some(false), Some(7))).unwrap();
        }
        let order: Vec<(String, i64)> = kind.seen.iter().zip([19, 12, 5]).map(|(n, r)| (n.to_string(), r)).collect();
        // Where everyone acts together there is no order to type.
        if t.gm(|t| t.encounter_start(encounter, &order, &[], Some(11))).is_err() {
            t.gm(|t| t.encounter_start(encounter, &[], &[], Some(11))).unwrap();
        }
        let devices: Vec<u32> = t.share.devices().iter().map(|d| d.id).collect();
        t.share.assign(devices[0], Some(players[0])).unwrap();
        t.share.assign(devices[1], Some(players[1])).unwrap();
        t.share.show(None).unwrap();
    }
    let numbers_apart = !kind.defense.is_empty() && defenses.0 != defenses.1;
    let mut case = Case { a, b, kind, encounter, numbers_apart };
    let mut played = || -> Result<bool, TestCaseError> {
        let (x, y) = (case.a.settled()?, case.b.settled()?);
        for (x, y) in x.iter().zip(&y) {
            prop_assert!(x == y, "the two tables differ before anything hidden happened:{}", parting(x, y));
        }
        for op in ops {
            if !case.step(op)? {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let result = played();
    for t in [&mut *case.a, &mut *case.b] {
        for asked in t.share.asks() {
            let _ = t.share.close_ask(asked.id);
        }
        for p in t.share.proposals() {
            let _ = t.share.decline_proposal(p.id, None);
        }
        t.gm(|t| t.delete_encounter(encounter)).unwrap();
    }
    result
}

#[test]
fn no_answer_to_a_phone_depends_on_what_is_hidden() {
    let cases = std::env::var("TOME_DIFFERENTIAL_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(DEFAULT_CASES);
    let tables = std::cell::RefCell::new((Table::new(), Table::new()));
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    // The visible adversary's defense at each table: about a d20's thresholds.
    let strategy = (0..KINDS.len(), (2..22i64, 2..22i64), prop::collection::vec(op(), 1..14));
    let started = std::time::Instant::now();
    let case = std::cell::Cell::new(0);
    let result = runner.run(&strategy, |(kind, defenses, ops)| {
        case.set(case.get() + 1);
        let mut t = tables.borrow_mut();
        let (a, b) = &mut *t;
        let played = play(a, b, kind, defenses, &ops, case.get());
        if !matches!(played, Ok(true)) {
            // What a failed or parted case left (its numbers, its answered actions) would
            // part the tables in the next: they start afresh.
            *t = (Table::new(), Table::new());
        }
        played.map(drop)
    });
    let (parted, taken) = (PARTED.load(Ordering::Relaxed), TAKEN.load(Ordering::Relaxed));
    eprintln!(
        "{cases} cases in {:.1} s; {taken} actions taken from phones; {parted} cases parted by an accept; \
         {} ended at an accept with the defenses apart",
        started.elapsed().as_secs_f64(),
        PARTED_BY_NUMBERS.load(Ordering::Relaxed)
    );
    result.unwrap();
    assert!(cases < 50 || taken > 0, "no phone's action was ever taken: the generator reaches nothing");
    assert!(parted * 4 <= cases.max(4), "{parted} of {cases} cases parted at an accept: too few compared to the end");
}

/// The case the generator found on 2026-11-29 (a MythCraft fight): Quimby's Prone, for one
/// round, ended as the round turned. At one table a hidden combatant acted after Quimby,
/// so "Quimby: −Prone" came at the end of Quimby's turn, before "Round 2"; at the other it
/// came after "Round 2: Ilse's turn", in the same step: the order of two lines told the
/// phones a hidden combatant was there. Kept as it was found, whatever the generator draws.
#[test]
fn a_condition_ending_as_the_round_turns_reads_the_same_with_a_hidden_turn_between() {
    let (mut a, mut b) = (Table::new(), Table::new());
    let ops = [
        Op::Condition { who: 2, condition: 0, rounds: 1 },
        Op::Next,
        Op::Next,
        Op::Hidden { a: Hidden::Add { name: 0, hp: 3 }, b: Hidden::Damage { which: 0, amount: 1 } },
        Op::Next,
    ];
    assert!(play(&mut a, &mut b, 0, (2, 2), &ops, 176).unwrap(), "the tables did not part at an accept");
}
