//! The table's leak test, generated (issue 39): random sequences of what a game master
//! does (add, add hidden, duplicate, hide, unhide, assign a device, start, next, damage,
//! conditions, a duel's arms and clashes, import a document and share it or not, show
//! another encounter, undo, the newcomers setting) over every system and mode, and after
//! every step every endpoint and the push stream read as three devices (two with
//! characters, one TV). No byte any device is sent may hold a hidden combatant's name,
//! any combatant of an encounter not started, another character's exact numbers or
//! sheet, or the text of a document the table may not read.
//!
//! `TOME_LEAK_CASES` sets the number of cases: 2,000 by default, which `make test` runs
//! (about 2 minutes on two cores), and 10,000 in `make fuzz`, as issue 39 asked (about
//! 11 minutes: too long for CI's budget beside everything else, and the table's
//! differential test, `share_differential.rs`, now proves the stronger property there).
//!
//! A stream sends a kind of event only when it changed, and the view and a device's own
//! numbers (`mine`) are drawn apart: a `mine` drawn after a change can come before the
//! view drawn for it. Each device's stream is read until the last of each kind equals
//! what the endpoints answer ([`client::Stream::reach`]); waiting for one kind and then
//! the other once skipped a `mine` read on the way and stopped a 10,000-case run.

use crate::common::client;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
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

/// A system and mode with the names and stats its combatants can join with.
struct Kind {
    system: &'static str,
    mode: Option<&'static str>,
    names: &'static [&'static str],
    stats: &'static [(&'static str, i64)],
    conditions: &'static [&'static str],
}

const KINDS: &[Kind] = &[
    Kind {
        system: "mythcraft",
        mode: None,
        names: &["Zorblax", "Quimby", "Vexhorn"],
        stats: &[("max-hp", 12)],
        conditions: &["Prone", "Bleeding (2)", "Unseen"],
    },
    Kind {
        system: "ars-magica",
        mode: None,
        names: &["Zorblax", "Quimby", "Vexhorn"],
        stats: &[],
        conditions: &["Stunned", "Prone"],
    },
    Kind { system: "amtgard", mode: None, names: &["Zorblax", "Quimby", "Vexhorn"], stats: &[], conditions: &["Stun"] },
    Kind {
        system: "mlaf",
        mode: None,
        names: &["Grobnik", "Ulvasha", "Skarnwick"],
        stats: &[("team", 1), ("level", 2)],
        conditions: &["Prone"],
    },
    Kind {
        system: "primal-wild",
        mode: None,
        names: &["Zorblax", "Quimby", "Vexhorn"],
        stats: &[],
        conditions: &["Prone"],
    },
    Kind {
        system: "primal-wild",
        mode: Some("duel"),
        names: &["Zorblax", "Quimby"],
        stats: &[("gnosis", 2), ("death", 2), ("mind", 2), ("prime", 1), ("forces", 2), ("wp", 4)],
        conditions: &[],
    },
];

/// The two players' characters in every system: each sheet's notes hold a word no other
/// device may ever be sent.
const PLAYERS: [&str; 2] = ["Ilse", "Mira"];

fn marker(system: &str, player: usize) -> String {
    format!("SHEETSECRET{}{player}", system.replace('-', "").to_uppercase())
}

/// The adversary of the game master's library each kind of encounter adds (issue 43):
/// its notes hold a word no device may ever be sent, its name is sent only as a
/// combatant's when it is shown.
fn adversary_name(kind: &Kind) -> &'static str {
    if kind.mode.is_some() {
        "Lurkfang Duelist"
    } else {
        "Lurkfang"
    }
}

fn adversary_marker(kind: &Kind) -> String {
    format!("LIBRARYSECRET{}{}", kind.system.replace('-', "").to_uppercase(), kind.mode.unwrap_or("").to_uppercase())
}

#[derive(Debug, Clone)]
enum Op {
    AddNpc {
        name: usize,
        count: i64,
        hidden: Option<bool>,
    },
    AddAdversary {
        count: i64,
        hidden: Option<bool>,
    },
    AddPlayer {
        which: usize,
        hidden: Option<bool>,
    },
    Duplicate {
        who: usize,
    },
    Hide {
        who: usize,
        hidden: bool,
    },
    Remove {
        who: usize,
    },
    Assign {
        device: usize,
        player: Option<usize>,
    },
    RenameDevice {
        device: usize,
    },
    Start,
    Next,
    Undo,
    Redo,
    Damage {
        who: usize,
        amount: i64,
    },
    Condition {
        who: usize,
        condition: usize,
        rounds: i64,
    },
    Arms {
        who: usize,
        pick: usize,
    },
    Clash {
        first: u8,
        second: u8,
    },
    ImportDoc,
    ShareDoc(bool),
    ShowThis,
    ShowLatest,
    Newcomers(bool),
    /// A device's dice box: an open roll, or one for the game master alone.
    Roll {
        device: usize,
        secret: bool,
    },
    /// A phone sends one of the actions it is offered, aimed at any combatant, hidden
    /// ones included (by the game master's list, which the phone never has).
    Act {
        device: usize,
        action: usize,
        target: usize,
        value: i64,
    },
    /// The game master accepts (0), edits (1) or declines (2) a waiting action.
    Answer {
        pick: usize,
        how: u8,
    },
    AskInitiative,
    /// A phone's initiative: typed, or rolled by Tome.
    SendInitiative {
        device: usize,
        typed: Option<i64>,
    },
    StartFromPhones,
    /// The game master asks a roll of one player (or everyone); a phone answers one.
    AskRoll {
        player: Option<usize>,
        /// In dice (0), a choice (1) or a pool's successes (2).
        form: u8,
    },
    /// The tracker asks a phone for a field of one of the system's actions, between two
    /// combatants (hidden ones included), labelled by the core.
    AskField {
        action: usize,
        who: usize,
        target: usize,
    },
    AnswerRoll {
        device: usize,
        typed: Option<i64>,
        choice: bool,
    },
    /// The fight's players' rolls wait for the game master (or go to the log).
    HoldRolls(bool),
}

/// The dice device `d`'s secret roll asks for, which no other answer holds: found in what
/// another device was sent, it leaked. (The device that rolled is said its own roll, and
/// shown it waiting when the fight holds rolls.)
const SECRET_DICE: [&str; 3] = ["11d13", "11d17", "11d19"];

fn op() -> impl Strategy<Value = Op> {
    let hidden = prop_oneof![Just(None), Just(Some(true)), Just(Some(false))];
    prop_oneof![
        4 => (0..3usize, 1..3i64, hidden.clone()).prop_map(|(name, count, hidden)| Op::AddNpc { name, count, hidden }),
        2 => (1..3i64, hidden.clone()).prop_map(|(count, hidden)| Op::AddAdversary { count, hidden }),
        3 => (0..2usize, hidden).prop_map(|(which, hidden)| Op::AddPlayer { which, hidden }),
        2 => (0..8usize).prop_map(|who| Op::Duplicate { who }),
        3 => (0..8usize, any::<bool>()).prop_map(|(who, hidden)| Op::Hide { who, hidden }),
        1 => (0..8usize).prop_map(|who| Op::Remove { who }),
        1 => (0..2usize, prop::option::of(0..2usize)).prop_map(|(device, player)| Op::Assign { device, player }),
        1 => (0..3usize).prop_map(|device| Op::RenameDevice { device }),
        3 => Just(Op::Start),
        3 => Just(Op::Next),
        1 => Just(Op::Undo),
        1 => Just(Op::Redo),
        3 => (0..8usize, 1..9i64).prop_map(|(who, amount)| Op::Damage { who, amount }),
        2 => (0..8usize, 0..3usize, 1..3i64).prop_map(|(who, condition, rounds)| Op::Condition { who, condition, rounds }),
        2 => (0..8usize, 0..4usize).prop_map(|(who, pick)| Op::Arms { who, pick }),
        2 => (0..6u8, 0..6u8).prop_map(|(first, second)| Op::Clash { first, second }),
        1 => Just(Op::ImportDoc),
        1 => any::<bool>().prop_map(Op::ShareDoc),
        1 => Just(Op::ShowThis),
        1 => Just(Op::ShowLatest),
        1 => any::<bool>().prop_map(Op::Newcomers),
        4 => (0..3usize, any::<bool>()).prop_map(|(device, secret)| Op::Roll { device, secret }),
        // Mostly the two phones with characters; now and then the TV, which has none.
        // The first action offered (a sheet's own attack, where it has one) often, as the
        // phone lists it first: the rest at random.
        6 => (prop_oneof![4 => 0..2usize, 1 => Just(2usize)], prop_oneof![2 => Just(0usize), 3 => 0..20usize], 0..8usize, -2..30i64)
            .prop_map(|(device, action, target, value)| Op::Act { device, action, target, value }),
        4 => (0..3usize, 0..3u8).prop_map(|(pick, how)| Op::Answer { pick, how }),
        1 => Just(Op::AskInitiative),
        2 => (0..3usize, prop::option::of(-1..25i64)).prop_map(|(device, typed)| Op::SendInitiative { device, typed }),
        1 => Just(Op::StartFromPhones),
        1 => (prop::option::of(0..2usize), 0..3u8).prop_map(|(player, form)| Op::AskRoll { player, form }),
        2 => (0..20usize, 0..8usize, 0..8usize).prop_map(|(action, who, target)| Op::AskField { action, who, target }),
        2 => (0..3usize, prop::option::of(0..25i64), any::<bool>())
            .prop_map(|(device, typed, choice)| Op::AnswerRoll { device, typed, choice }),
        1 => any::<bool>().prop_map(Op::HoldRolls),
    ]
}

/// The shared table every case plays on: one Tome, one share, three devices with their
/// live streams, the players' characters of every system.
struct Table {
    tome: Arc<SharedTome>,
    share: Share,
    addr: SocketAddr,
    /// Ann and Bob (phones with characters when assigned) and the TV.
    cookies: [String; 3],
    ids: [u32; 3],
    streams: Vec<Stream>,
    /// Each system's two players' character ids.
    players: BTreeMap<&'static str, [i64; 2]>,
    /// Each kind's adversary in the library, by its place in `KINDS`.
    adversaries: Vec<i64>,
    case: u64,
}

impl Table {
    fn new() -> Table {
        let mut t = Tome::open_in_memory().unwrap();
        unheard_of(&t);
        let mut players = BTreeMap::new();
        for kind in KINDS {
            if players.contains_key(kind.system) {
                continue;
            }
            let mut ids = [0; 2];
            for (i, name) in PLAYERS.iter().enumerate() {
                let mut c = t.create_character(kind.system, name).unwrap();
                c.values.insert("notes".into(), SheetValue::Text(marker(kind.system, i)));
                if kind.system == "mythcraft" {
                    // The attack her phone offers by name, with what Tome rolls for it.
                    c.values.insert("attack-1".into(), "Short sword: +5, 1d6+2 sharp, melee, 1 AP".into());
                }
                let sheet: &[(&str, i64)] = match kind.system {
                    "mythcraft" => &[("max-hp", 20)],
                    // A duelist: Gnosis, Willpower and the Arcana the duel's arms take.
                    "primal-wild" => &[
                        ("gnosis", 2),
                        ("willpower", 5),
                        ("willpower.dots", 5),
                        ("arcanum.death", 2),
                        ("arcanum.mind", 2),
                        ("arcanum.prime", 1),
                        ("arcanum.forces", 2),
                    ],
                    _ => &[],
                };
                for (key, value) in sheet {
                    c.values.insert((*key).into(), SheetValue::Int(value + i as i64));
                }
                ids[i] = t.save_character(&c).unwrap().id;
            }
            players.insert(kind.system, ids);
        }
        let adversaries = KINDS
            .iter()
            .map(|kind| {
                let mut a = tome::adversaries::Adversary::new(kind.system, adversary_name(kind));
                a.mode = kind.mode.unwrap_or_default().to_string();
                a.stats = kind.stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
                a.notes = adversary_marker(kind);
                a.tags = vec![adversary_marker(kind)];
                t.create_adversary(&a).unwrap().adversary.id
            })
            .collect();
        let tome = Arc::new(SharedTome::open(t));
        let options = ShareOptions {
            address: Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
            port: 0,
            code_ttl: Duration::from_secs(3600),
            // Rolls are drawn in every case: the per-device bound is tested in tests/table/share.rs.
            limits: tome::share::conn::Limits { roll_period: Duration::from_millis(1), ..Default::default() },
            ..Default::default()
        };
        let share = Share::start(tome.clone(), options).unwrap();
        let addr = share.address();
        let cookies = ["Ann", "Bob", "TV"].map(|n| join(addr, &share.code(), n).unwrap());
        let ids = ["Ann", "Bob", "TV"].map(|n| share.devices().iter().find(|d| d.name == n).unwrap().id);
        let streams = cookies.iter().map(|c| Stream::open(addr, c)).collect();
        Table { tome, share, addr, cookies, ids, streams, players, adversaries, case: 0 }
    }

    fn gm<T>(&self, f: impl FnOnce(&mut Tome) -> tome::Result<T>) -> tome::Result<T> {
        self.tome.run("leak test", f)
    }

    /// Reads each device's stream up to what its endpoints answer now, discarding it:
    /// between cases, what the last case's clean-up pushed (under the last case's
    /// assignments) is not the next case's to judge.
    fn settle(&mut self) {
        for d in 0..3 {
            let cookie = self.cookies[d].clone();
            let view = get(self.addr, "/api/view", Some(&cookie)).body;
            let mine = get(self.addr, "/api/mine", Some(&cookie)).body;
            let reached = self.streams[d].reach(&[("view", &view), ("mine", &mine)], WAIT);
            assert!(reached, "device {d}'s stream never reached view {view} and mine {mine}");
        }
    }
}

/// What the game master's own view says now, and what each device must never be sent.
struct Secrets {
    /// Names no device may see: hidden combatants', and everyone's in an encounter not
    /// started.
    names: Vec<String>,
    /// Per device: text only another device (or the game master) may see.
    others: [Vec<String>; 3],
    /// Per device: its own character's exact numbers now.
    own: [Vec<String>; 3],
    /// Words of a document the table may not read.
    words: Vec<String>,
}

/// Whether `hay` names `name` as a whole name ("Goblin 1" is not in "Goblin 10", and
/// "Goblin" is not in "Goblin 2").
fn names(hay: &str, name: &str) -> bool {
    hay.match_indices(name).any(|(at, _)| {
        let before = hay[..at].chars().next_back();
        let rest = &hay[at + name.len()..];
        let mut after = rest.chars();
        let next = after.next();
        let numbered = next == Some(' ') && after.next().is_some_and(|c| c.is_ascii_digit());
        !before.is_some_and(char::is_alphanumeric)
            && !next.is_some_and(|c| c.is_alphanumeric() || c.is_ascii_digit())
            && !numbered
    })
}

/// The combatants' names (the game master's, the players', the library's) are the fight's
/// own: no entry of their system's reference names them. A phone is sent the reference,
/// so a hidden "Siren" could not be told from the Siren position a cast's form lists (a
/// 10,000-case run failed so).
fn unheard_of(t: &Tome) {
    for kind in KINDS {
        for name in kind.names.iter().chain(&PLAYERS).chain([&adversary_name(kind)]) {
            let filter = tome::search::SearchFilter { system: Some(kind.system.into()), kind: None, limit: Some(50) };
            for hit in t.search(name, &filter).unwrap() {
                let entry = serde_json::to_string(&t.show(&hit.id).unwrap()).unwrap();
                assert!(!names(&entry, name), "{name}, a combatant's name, is a word of {}: pick another", hit.id);
            }
        }
    }
}

/// The part of `hay` around `needle`, for a failure's message.
fn around(hay: &str, needle: &str) -> String {
    let at = hay.find(needle).unwrap_or(0);
    let chars: Vec<char> = hay.chars().collect();
    let at = hay[..at].chars().count();
    let (start, end) = (at.saturating_sub(300), (at + needle.chars().count() + 300).min(chars.len()));
    chars[start..end].iter().collect()
}

struct Case<'a> {
    table: &'a mut Table,
    kind: &'static Kind,
    /// The kind's place in `KINDS`.
    index: usize,
    encounter: i64,
    /// The document imported in this case: its id, its secret word, its section's id.
    doc: Option<(String, String, String)>,
    /// The players assigned to Ann and Bob.
    assigned: [Option<usize>; 2],
    /// A secret roll was made in this case.
    secret_rolled: [bool; 3],
    /// Each device's own exact numbers at any check of this case: its stream still holds
    /// them after they change, and another player's may come to read the same (a fresh
    /// combatant's values are everyone's), which is no leak.
    owned: [Vec<String>; 3],
    /// What each device was answered in this step (its own requests' answers).
    answers: [Vec<String>; 3],
    /// The names each device typed itself (an action's target): its own words come back
    /// to it as it typed them (issue 57), a name it knows whatever became of it since.
    typed: [Vec<String>; 3],
}

impl Case<'_> {
    fn combatant(&self, who: usize) -> Option<String> {
        let v = self.table.gm(|t| t.encounter(self.encounter)).ok()?;
        let n = v.combatants.len();
        (n > 0).then(|| v.combatants[who % n]["name"].as_str().unwrap_or_default().to_string())
    }

    fn names_now(&self) -> Vec<(String, bool)> {
        let v = self.table.gm(|t| t.encounter(self.encounter)).unwrap();
        v.combatants.iter().map(|c| (c["name"].as_str().unwrap_or_default().to_string(), c["hidden"] == true)).collect()
    }

    /// Applies one step, and checks that whoever joins hidden (asked for, or by the
    /// table's setting) is hidden in the change that adds them; a refusal (a rule, an
    /// unknown name) changes nothing and is fine.
    fn step(&mut self, op: &Op) -> Result<(), TestCaseError> {
        let before = self.names_now();
        let setting = self.table.gm(|t| t.newcomers_hidden(self.encounter)).unwrap();
        self.apply(op);
        let hidden_asked = match op {
            Op::AddNpc { hidden, .. } | Op::AddAdversary { hidden, .. } => hidden.unwrap_or(setting),
            // A player character never follows the fight's setting.
            Op::AddPlayer { hidden, .. } => hidden.unwrap_or(false),
            // A copy of a hidden combatant is hidden.
            Op::Duplicate { who } => setting || (!before.is_empty() && before[who % before.len()].1),
            _ => return Ok(()),
        };
        for (name, hidden) in self.names_now().into_iter().filter(|(n, _)| !before.iter().any(|(b, _)| b == n)) {
            if hidden_asked {
                prop_assert!(hidden, "{op:?}: {name} joined shown");
            }
        }
        Ok(())
    }

    /// Applies one step; a refusal (a rule, an unknown name) changes nothing and is fine.
    fn apply(&mut self, op: &Op) {
        let e = self.encounter;
        let kind = self.kind;
        let stats: BTreeMap<String, i64> = kind.stats.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        let players = self.table.players[kind.system];
        let _ = match op {
            Op::AddNpc { name, count, hidden } => self
                .table
                .gm(|t| {
                    t.encounter_add_npc_with(e, kind.names[name % kind.names.len()], *count, stats, *hidden, Some(7))
                })
                .map(drop),
            Op::AddAdversary { count, hidden } => {
                let adversary = self.table.adversaries[self.index];
                self.table.gm(|t| t.encounter_add_adversary(e, adversary, *count, *hidden, Some(7))).map(drop)
            }
            Op::AddPlayer { which, hidden } => {
                self.table.gm(|t| t.encounter_add_character_with(e, players[*which], *hidden)).map(drop)
            }
            Op::Duplicate { who } => match self.combatant(*who) {
                Some(n) => self.table.gm(|t| t.encounter_duplicate_seeded(e, &n, Some(3))).map(drop),
                None => Ok(()),
            },
            Op::Hide { who, hidden } => match self.combatant(*who) {
                Some(name) => self.table.gm(|t| t.encounter_change(e, Event::Hide { name, hidden: *hidden })).map(drop),
                None => Ok(()),
            },
            Op::Remove { who } => match self.combatant(*who) {
                Some(name) => self.table.gm(|t| t.encounter_change(e, Event::Remove { name })).map(drop),
                None => Ok(()),
            },
            Op::Assign { device, player } => {
                self.assigned[*device] = *player;
                self.table.share.assign(self.table.ids[*device], player.map(|p| players[p])).map(drop)
            }
            Op::RenameDevice { device } => {
                let name = format!("Phone {}", self.table.case % 97);
                self.table.share.rename(self.table.ids[*device], &name).map(drop)
            }
            Op::Start => self.table.gm(|t| t.encounter_start(e, &[], &[], Some(11))).map(drop),
            Op::Next => self.table.gm(|t| t.encounter_change(e, Event::Next)).map(drop),
            Op::Undo => self.table.gm(|t| t.encounter_undo(e)).map(drop),
            Op::Redo => self.table.gm(|t| t.encounter_redo(e)).map(drop),
            Op::Damage { who, amount } => match self.combatant(*who) {
                Some(name) => self
                    .table
                    .gm(|t| t.encounter_change(e, Event::Damage { name, amount: *amount, kind: None }))
                    .map(drop),
                None => Ok(()),
            },
            Op::Condition { who, condition, rounds } => match (self.combatant(*who), kind.conditions.len()) {
                (Some(name), n) if n > 0 => {
                    let c = kind.conditions[condition % n];
                    self.table
                        // Kept as custom where the reference has no such entry (Amtgard's
                        // "Stun"), as they were before unknown names were refused.
                        .gm(|t| t.encounter_custom_condition(e, &name, c, Lasting::Rounds { rounds: *rounds }))
                        .map(drop)
                }
                _ => Ok(()),
            },
            Op::Arms { who, pick } => match (self.combatant(*who), kind.mode) {
                (Some(name), Some("duel")) => {
                    let arcana = ["death", "mind", "prime", "forces"];
                    let inputs: BTreeMap<String, String> = [
                        ("sword".to_string(), arcana[pick % 4].to_string()),
                        ("shield".to_string(), arcana[(pick + 1) % 4].to_string()),
                    ]
                    .into();
                    self.table.gm(|t| t.encounter_act(e, "arms", Some(&name), inputs, Some(5))).map(drop)
                }
                _ => Ok(()),
            },
            Op::Clash { first, second } => match kind.mode {
                Some("duel") => {
                    let v = self.table.gm(|t| t.encounter(e));
                    let names: Vec<String> = v
                        .map(|v| {
                            v.combatants.iter().map(|c| c["name"].as_str().unwrap_or_default().to_string()).collect()
                        })
                        .unwrap_or_default();
                    if names.len() == 2 {
                        let rolls = format!("{}={first},{}={second}", names[0], names[1]);
                        let inputs: BTreeMap<String, String> = [("rolls".to_string(), rolls)].into();
                        self.table.gm(|t| t.encounter_act(e, "clash", None, inputs, Some(5))).map(drop)
                    } else {
                        Ok(())
                    }
                }
                _ => Ok(()),
            },
            Op::ImportDoc => {
                let word = format!("qzplot{}", self.table.case);
                let text = format!("# Plot {word}\n\nThe butler {word} is the villain.\n");
                let title = format!("Notes {}", self.table.case);
                match self.table.gm(|t| t.import_text("notes.md", text.as_bytes(), kind.system, Some(&title))) {
                    Ok(done) => {
                        self.doc = Some((done.doc.id.clone(), word, done.first_sections[0].id.clone()));
                        Ok(())
                    }
                    Err(e) => Err(e),
                }
            }
            Op::ShareDoc(shared) => match &self.doc {
                Some((id, ..)) => self.table.gm(|t| t.set_doc_shared(id, *shared)).map(drop),
                None => Ok(()),
            },
            Op::ShowThis => self.table.share.show(Some(e)),
            Op::ShowLatest => self.table.share.show(None),
            Op::Newcomers(on) => self.table.gm(|t| t.set_newcomers_hidden(e, *on)),
            Op::Roll { device, secret } => {
                let dice = if *secret { SECRET_DICE[*device] } else { "2d6" };
                let body = format!(r#"{{"dice": "{dice}", "secret": {secret}}}"#);
                let cookie = self.table.cookies[*device].clone();
                let answer = request(self.table.addr, "POST", "/api/dice", &[("Cookie", &cookie)], body.as_bytes());
                // A fight that holds rolls keeps them as waiting actions, bounded per device.
                let bounded = answer.status == 400 && answer.body.contains("waiting for the game master");
                assert!(answer.status == 200 || bounded, "{op:?}: {} {}", answer.status, answer.body);
                // The answer is the device's own roll (its dice said back): not a leak.
                self.secret_rolled[*device] |= *secret;
                Ok(())
            }
            Op::Act { device, action, target, value } => {
                let cookie = self.table.cookies[*device].clone();
                // Mostly the game master passes the turns until this phone's character
                // acts (few random sequences reach that turn by themselves).
                for _ in 0..12 {
                    let mine: serde_json::Value =
                        serde_json::from_str(&get(self.table.addr, "/api/mine", Some(&cookie)).body)
                            .unwrap_or_default();
                    if value % 4 == 3 || mine["fight"]["acting"] == true || mine["fight"].is_null() {
                        break;
                    }
                    let _ = self.table.gm(|t| t.encounter_change(e, Event::Next));
                }
                let offered = get(self.table.addr, "/api/actions", Some(&cookie)).body;
                let actions: Vec<serde_json::Value> = serde_json::from_str(&offered).unwrap_or_default();
                self.answers[*device].push(offered);
                let target = self.combatant(*target).unwrap_or_default();
                self.typed[*device].push(target.clone());
                let body = match actions.get(action % actions.len().max(1)) {
                    Some(a) => serde_json::json!({ "action": a["action"], "inputs": inputs_for(a, &target, *value) }),
                    None => serde_json::json!({ "action": "attack", "inputs": {} }),
                };
                // Half the time the phone previews it first, as its form does.
                if value % 2 == 0 {
                    let seen = request(
                        self.table.addr,
                        "POST",
                        "/api/preview",
                        &[("Cookie", &cookie)],
                        body.to_string().as_bytes(),
                    );
                    assert!([200, 400, 404].contains(&seen.status), "{op:?} {body}: {} {}", seen.status, seen.body);
                    self.answers[*device].push(if seen.status == 404 {
                        seen.body.replace(&target, "")
                    } else {
                        seen.body
                    });
                }
                let answer =
                    request(self.table.addr, "POST", "/api/act", &[("Cookie", &cookie)], body.to_string().as_bytes());
                assert!([200, 400, 404].contains(&answer.status), "{op:?} {body}: {} {}", answer.status, answer.body);
                if answer.status == 200 {
                    SENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    // Half the time the game master accepts it at once, as at the table:
                    // an accept waiting for a later draw mostly finds its turn passed.
                    // The answer's `id` is the phone's own number for it; the game master
                    // accepts by the table's, the newest waiting from this device.
                    let id = self
                        .table
                        .share
                        .proposals()
                        .iter()
                        .filter(|p| p.device == self.table.ids[*device])
                        .map(|p| p.id)
                        .max();
                    if let Some(id) = id.filter(|_| value % 2 != 0) {
                        if self.table.share.accept_proposal(id).is_ok() {
                            ACCEPTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                }
                // "No combatant named X" says back the name the phone sent, which it
                // knows (and says it of a hidden one exactly as of one that never was):
                // only the rest of the answer counts.
                let body = if answer.status == 404 { answer.body.replace(&target, "") } else { answer.body };
                self.answers[*device].push(body);
                Ok(())
            }
            Op::Answer { pick, how } => {
                let waiting = self.table.share.proposals();
                match waiting.get(pick % waiting.len().max(1)) {
                    Some(p) if *how == 0 => self.table.share.accept_proposal(p.id).map(|_| {
                        ACCEPTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }),
                    Some(p) if *how == 1 => self.table.share.edit_proposal(p.id, None, p.inputs.clone()).map(drop),
                    Some(p) => self.table.share.decline_proposal(p.id, Some("not now")),
                    None => Ok(()),
                }
            }
            Op::AskInitiative => self.table.share.ask_initiative(Some(e)),
            Op::SendInitiative { device, typed } => {
                let cookie = self.table.cookies[*device].clone();
                let body = serde_json::json!({ "roll": typed }).to_string();
                let answer =
                    request(self.table.addr, "POST", "/api/initiative", &[("Cookie", &cookie)], body.as_bytes());
                assert!([200, 400].contains(&answer.status), "{op:?}: {} {}", answer.status, answer.body);
                self.answers[*device].push(answer.body);
                Ok(())
            }
            Op::StartFromPhones => self.table.share.start_fight(e, Some(5), true).map(drop),
            Op::HoldRolls(held) => self.table.share.trust_rolls(e, !held),
            Op::AskRoll { player, form } => {
                use tome::encounters::AnswerForm;
                let to = player.map(|p| players[p]);
                let form = match form {
                    0 => AnswerForm::Dice,
                    1 => AnswerForm::Choice { options: vec!["torso".into(), "left-arm".into()], labels: vec![] },
                    _ => AnswerForm::Pool { dice: 3, chance: false },
                };
                let ask =
                    tome::share::RollAsk { label: "Soak".into(), dice: "1d20".into(), to, calculator: None, form };
                self.table.share.ask_roll(ask).map(drop)
            }
            Op::AskField { action, who, target } => {
                let names: Vec<String> = self.names_now().into_iter().map(|(n, _)| n).collect();
                let actions = self.table.gm(|t| t.encounter_kit(e)).unwrap().actions;
                let (Some(action), Some(who)) = (actions.get(action % actions.len().max(1)), names.get(*who)) else {
                    return;
                };
                let target = names.get(*target).cloned().unwrap_or_default();
                let inputs = BTreeMap::from([("target".to_string(), target)]);
                let fields =
                    self.table.gm(|t| t.phone_fields(e, action.name, Some(who.as_str()), &inputs)).unwrap_or_default();
                match fields.first() {
                    Some(f) => self
                        .table
                        .share
                        .ask_roll(tome::share::RollAsk {
                            label: f.label.clone(),
                            dice: f.dice.clone(),
                            to: Some(f.character),
                            calculator: None,
                            form: f.form.clone(),
                        })
                        .map(drop),
                    None => Ok(()),
                }
            }
            Op::AnswerRoll { device, typed, choice } => {
                let cookie = self.table.cookies[*device].clone();
                let asks = self.table.share.asks();
                let id = asks.last().map_or(0, |a| a.id);
                let body = match choice {
                    true => serde_json::json!({ "ask": id, "choice": "left-arm" }).to_string(),
                    false => serde_json::json!({ "ask": id, "roll": typed }).to_string(),
                };
                let answer = request(self.table.addr, "POST", "/api/answer", &[("Cookie", &cookie)], body.as_bytes());
                assert!([200, 400, 404].contains(&answer.status), "{op:?}: {} {}", answer.status, answer.body);
                self.answers[*device].push(answer.body);
                Ok(())
            }
        };
    }

    fn secrets(&self) -> Secrets {
        let e = self.encounter;
        let v = self.table.gm(|t| t.encounter(e)).unwrap();
        let names = v
            .combatants
            .iter()
            .filter(|c| v.round == 0 || c["hidden"] == true)
            .map(|c| c["name"].as_str().unwrap_or_default().to_string())
            .collect();
        let players = self.table.players[self.kind.system];
        // Each player's exact numbers: the lines of their own status that hold a number
        // (the table's words for anyone's state hold none: "Bloodied", "Shield holding"),
        // their values, their sheet.
        let exact: Vec<Vec<String>> = (0..2)
            .map(|p| {
                let mut lines = vec![marker(self.kind.system, p)];
                if let Some(mine) = self.table.gm(|t| t.my_combatant(e, players[p])).unwrap() {
                    lines.extend(mine.status.iter().filter(|s| s.chars().any(|c| c.is_ascii_digit())).cloned());
                    lines.push(serde_json::to_string(&mine.values).unwrap());
                }
                lines
            })
            .collect();
        let device_sees = |d: usize| -> Vec<usize> {
            match d {
                0 | 1 => self.assigned[d].into_iter().collect(),
                _ => Vec::new(),
            }
        };
        let own = [0, 1, 2].map(|d| -> Vec<String> { device_sees(d).iter().flat_map(|p| exact[*p].clone()).collect() });
        let others = [0, 1, 2].map(|d| {
            (0..2)
                .filter(|p| !device_sees(d).contains(p))
                .flat_map(|p| exact[p].clone())
                .filter(|line| !own[d].contains(line) && !self.owned[d].contains(line))
                .collect()
        });
        let shared = match &self.doc {
            Some((id, ..)) => self.table.gm(|t| t.docs()).unwrap().iter().any(|d| &d.id == id && d.shared),
            None => true,
        };
        let mut words = match (&self.doc, shared) {
            (Some((_, word, _)), false) => vec![word.clone()],
            _ => Vec::new(),
        };
        words.push(adversary_marker(self.kind));
        for (d, rolled) in self.secret_rolled.iter().enumerate() {
            if *rolled {
                words.push(SECRET_DICE[d].to_string());
            }
        }
        Secrets { names, others, own, words }
    }

    /// Reads everything each device may read, and its stream up to now, and checks every
    /// byte against what it must not be sent.
    fn check(&mut self, step: &str) -> Result<(), TestCaseError> {
        let secrets = self.secrets();
        for (owned, now) in self.owned.iter_mut().zip(&secrets.own) {
            owned.extend(now.iter().filter(|l| !owned.contains(l)).cloned().collect::<Vec<_>>());
        }
        let addr = self.table.addr;
        let doc_reads: Vec<String> = match &self.doc {
            Some((_, word, section)) => {
                let tv = Some(self.table.cookies[2].as_str());
                let near = section.replace("plot", "plo");
                // A "no entry with id …" says back the id the device asked for, which it
                // knows: only the rest of the answer counts.
                let read = |id: &str| get(addr, &format!("/api/entry?id={id}"), tv).body.replace(id, "");
                vec![
                    get(addr, &format!("/api/search?q={word}"), tv).body,
                    get(addr, "/api/search?q=butler+villain", tv).body,
                    read(section),
                    read(&near),
                ]
            }
            None => Vec::new(),
        };
        for (d, own_dice) in SECRET_DICE.iter().enumerate() {
            let cookie = self.table.cookies[d].clone();
            let view = get(addr, "/api/view", Some(&cookie)).body;
            let mine = get(addr, "/api/mine", Some(&cookie)).body;
            let device = get(addr, "/api/device", Some(&cookie)).body;
            let stream = &mut self.table.streams[d];
            let before = stream.raw.len();
            // The stream sends a view or mine only when it changed: wait for each to
            // reach what the endpoints answer now.
            let reached = stream.reach(&[("view", &view), ("mine", &mine)], WAIT);
            prop_assert!(
                reached,
                "{step}: device {d}'s stream never reached view {view} and mine {mine}; it last sent view {} and mine {}",
                stream.latest.get("view").map_or("(none)", String::as_str),
                stream.latest.get("mine").map_or("(none)", String::as_str),
            );
            let streamed = String::from_utf8_lossy(&stream.raw[before..]).to_string();
            let answered = std::mem::take(&mut self.answers[d]).concat();
            let mut sent = [view, mine, device, streamed, answered].concat();
            if d == 2 {
                sent.extend(doc_reads.iter().map(String::as_str));
            }
            // A device's own character's sheet names it, hidden in the fight or not: its
            // player knows the name.
            let own: Option<&str> = self.assigned.get(d).copied().flatten().map(|p| PLAYERS[p]);
            let typed = &self.typed[d];
            for name in secrets.names.iter().filter(|n| Some(n.as_str()) != own && !typed.contains(n)) {
                prop_assert!(
                    !names(&sent, name),
                    "{step}: device {d} was sent the hidden {name:?}: {}",
                    around(&sent, name)
                );
            }
            for line in &secrets.others[d] {
                prop_assert!(
                    !sent.contains(line.as_str()),
                    "{step}: device {d} was sent {line:?}: {}",
                    around(&sent, line)
                );
            }
            for word in secrets.words.iter().filter(|w| w.as_str() != *own_dice) {
                prop_assert!(
                    !sent.contains(word.as_str()),
                    "{step}: device {d} was sent {word:?}: {}",
                    around(&sent, word)
                );
            }
        }
        Ok(())
    }
}

fn play(table: &mut Table, kind: usize, ops: &[Op]) -> Result<(), TestCaseError> {
    table.case += 1;
    let index = kind;
    let kind = &KINDS[kind];
    let name = format!("Case {}", table.case);
    let encounter = table.gm(|t| t.create_encounter_mode(kind.system, &name, kind.mode)).unwrap().id;
    let _ = table.share.show(None);
    table.settle();
    let players = table.players[kind.system];
    for (device, player) in table.ids.iter().zip(players) {
        table.share.assign(*device, Some(player)).unwrap();
    }
    let mut case = Case {
        table,
        kind,
        index,
        encounter,
        doc: None,
        assigned: [Some(0), Some(1)],
        secret_rolled: [false; 3],
        owned: Default::default(),
        answers: Default::default(),
        typed: Default::default(),
    };
    let mut played = || -> Result<(), TestCaseError> {
        case.check("the start")?;
        for (i, op) in ops.iter().enumerate() {
            case.step(op)?;
            case.check(&format!("step {i} ({op:?}) of {ops:?}"))?;
        }
        Ok(())
    };
    let result = played();
    // Each case starts from a table with no fight and no document, even after a failure
    // (shrinking plays on).
    if let Some((id, ..)) = case.doc.take() {
        case.table.gm(|t| t.remove_doc(&id)).unwrap();
    }
    let _ = case.table.share.show(None);
    for asked in case.table.share.asks() {
        let _ = case.table.share.close_ask(asked.id);
    }
    case.table.gm(|t| t.delete_encounter(encounter)).unwrap();
    result
}

/// Actions phones sent that the rules took, and actions the game master accepted, over
/// the run: said at its end, so a generator that stops reaching them is noticed.
static SENT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
static ACCEPTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Inputs for an action a phone is offered: every parameter it requires (and some it
/// does not), the combatants among them `target`, numbers `value` kept in range.
fn inputs_for(action: &serde_json::Value, target: &str, value: i64) -> serde_json::Map<String, serde_json::Value> {
    // What Tome filled in from the sheet goes with it, as the phone sends it.
    let mut inputs = action["preset"].as_object().cloned().unwrap_or_default();
    for p in action["params"].as_array().into_iter().flatten() {
        let kind = &p["kind"];
        if p["required"] != true && value % 3 != 0 {
            continue;
        }
        let first = |list: &serde_json::Value| list.as_array().and_then(|l| l.first()).cloned();
        let given = match (kind["type"].as_str(), kind["list"]["from"].as_str()) {
            (Some("listed"), Some("combatants" | "some-combatants")) => Some(target.into()),
            (Some("int"), _) => {
                let (min, max) = (kind["min"].as_i64().unwrap_or(0), kind["max"].as_i64().unwrap_or(0));
                Some(value.clamp(min, max).to_string().into())
            }
            (Some("int-list"), _) => Some(kind["min"].as_i64().unwrap_or(0).to_string().into()),
            (Some("choice" | "entry" | "listed"), _) => first(&p["choices"]),
            (Some("text"), _) => Some("x".into()),
            (Some("flag"), _) if value % 2 == 0 => Some("true".into()),
            _ => None,
        };
        if let (Some(name), Some(v)) = (p["name"].as_str(), given) {
            inputs.insert(name.to_string(), v);
        }
    }
    inputs
}

#[test]
fn no_device_is_ever_sent_what_is_hidden_from_it() {
    let cases = std::env::var("TOME_LEAK_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2_000);
    let table = std::cell::RefCell::new(Table::new());
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    // Half the cases begin with a fight under way (both players and two others, started):
    // the table sees only a started fight, and few random sequences reach one by chance.
    let under_way = [
        Op::AddPlayer { which: 0, hidden: None },
        Op::AddPlayer { which: 1, hidden: None },
        Op::AddNpc { name: 0, count: 2, hidden: None },
        Op::Start,
    ];
    let strategy =
        (0..KINDS.len(), any::<bool>(), prop::collection::vec(op(), 1..8)).prop_map(move |(kind, fight, ops)| {
            let opening = if fight { under_way.to_vec() } else { Vec::new() };
            (kind, [opening, ops].concat())
        });
    let started = std::time::Instant::now();
    runner.run(&strategy, |(kind, ops)| play(&mut table.borrow_mut(), kind, &ops)).unwrap();
    let (sent, accepted) =
        (SENT.load(std::sync::atomic::Ordering::Relaxed), ACCEPTED.load(std::sync::atomic::Ordering::Relaxed));
    eprintln!(
        "{cases} cases in {:.1} s; {sent} actions sent from phones, {accepted} accepted",
        started.elapsed().as_secs_f64()
    );
    assert!(cases < 100 || accepted > 0, "no case reached an accepted action from a phone");
}

/// Cases the generator once found failing, played again on every run.
#[test]
fn the_cases_found_once_still_hold() {
    use Op::*;
    let found: &[(usize, &[Op])] = &[
        // A phone's attack on a player whose defense is unset, then damage to the
        // attacker: the stream stopped short of the mine the endpoint answered.
        (
            0,
            &[
                AddPlayer { which: 0, hidden: None },
                AddPlayer { which: 1, hidden: None },
                AddNpc { name: 0, count: 2, hidden: None },
                Start,
                Damage { who: 5, amount: 3 },
                Act { device: 1, action: 0, target: 4, value: 1 },
                Damage { who: 4, amount: 6 },
            ],
        ),
    ];
    let mut table = Table::new();
    for (kind, ops) in found {
        play(&mut table, *kind, ops).unwrap();
    }
}
