//! Entry points for the fuzz targets in `fuzz/` (`cargo fuzz`), shared with the tests
//! that replay the inputs fuzzing found (`tests/fuzz_regressions.rs`). Each takes
//! arbitrary bytes, must never panic, and checks that what it accepts is well formed.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::sync::LazyLock;

use crate::encounters::{Duration, Event, Sent};
use crate::rules::{Listed, ParamKind};
use crate::seed::{Known, SeedFile, SeedFiles};
use crate::slug::is_slug;
use crate::Tome;

/// The shipped content, what a pack may link to.
static KNOWN: LazyLock<Known> =
    LazyLock::new(|| Known::from_content(&SeedFiles::embedded().load().expect("the shipped content loads")));

/// Where a pack folder's files go when the input is cut into several.
const FOLDER_FILES: [&str; 4] = ["ars-magica/a.toml", "mythcraft/b.toml", "mlaf/c.toml", "stray.toml"];

/// The pack parser: `data` as a single-file pack, or, when it holds `\n%%\n`, as a
/// pack folder (`pack.toml`, then files in system folders).
pub fn pack_parser(data: &[u8]) {
    let parts: Vec<&[u8]> = split_parts(data);
    let result = if parts.len() == 1 {
        crate::packs::check_bytes("fuzz.toml", data, &KNOWN)
    } else {
        let mut files = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let Ok(text) = std::str::from_utf8(part) else { return };
            let path =
                if i == 0 { "pack.toml".to_string() } else { FOLDER_FILES[(i - 1) % 4].replace('.', &format!("{i}.")) };
            files.push(SeedFile { path, text: text.to_string() });
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        SeedFiles { root: "fuzz".into(), files }.load_pack(false, &KNOWN)
    };
    match result {
        Err(problems) => {
            assert!(!problems.is_empty(), "a refusal names at least one problem");
            for p in problems.iter() {
                assert!(!p.message.is_empty(), "{p}");
            }
        }
        Ok(pack) => {
            let m = &pack.manifest;
            assert!(is_slug(&m.name) && !m.name.contains("--") && m.name.len() <= 40, "{}", m.name);
            let prefix = format!("{}--", m.name);
            let mut ids = HashSet::new();
            let own: HashSet<&str> = pack.entries.iter().map(|e| e.id.as_str()).collect();
            for e in &pack.entries {
                assert!(ids.insert(&e.id), "duplicate id {}", e.id);
                assert_eq!(e.id, format!("{}/{}/{}", e.system, e.kind, e.slug));
                let plain = e.slug.strip_prefix(&prefix).unwrap_or_else(|| panic!("{} is outside the namespace", e.id));
                assert!(is_slug(plain), "{}", e.id);
                assert!(m.systems.contains(&e.system));
                assert!(!e.name.trim().is_empty() && !e.summary.trim().is_empty() && !e.section.trim().is_empty());
                for link in &e.links {
                    let shipped = KNOWN.entries.get(link).is_some_and(|k| k.pack.is_none());
                    assert!(own.contains(link.as_str()) || shipped, "{} links to {link}", e.id);
                }
            }
        }
    }
}

fn split_parts(data: &[u8]) -> Vec<&[u8]> {
    const SEP: &[u8] = b"\n%%\n";
    let mut parts = Vec::new();
    let mut rest = data;
    while let Some(at) = rest.windows(SEP.len()).position(|w| w == SEP) {
        parts.push(&rest[..at]);
        rest = &rest[at + SEP.len()..];
        if parts.len() >= 8 {
            break;
        }
    }
    parts.push(rest);
    parts
}

/// The text importer: decoding, splitting and section ids.
pub fn text_import(data: &[u8]) {
    let Ok(doc) = crate::textdocs::prepare("fuzz.md", data, "mlaf", None) else { return };
    assert!(!doc.sections.is_empty());
    let prefix = format!("mlaf/section/{}--", doc.id);
    let mut ids = HashSet::new();
    for (id, s) in &doc.sections {
        assert!(ids.insert(id.clone()), "duplicate section id {id}");
        let slug = id.strip_prefix(&prefix).unwrap_or_else(|| panic!("{id} outside {prefix}"));
        assert!(is_slug(slug), "{id}");
        assert!(!s.heading.trim().is_empty(), "empty heading in {id}");
        assert!(s.level <= 6);
        assert!(s.body.len() <= crate::textdocs::split::MAX_SECTION_BYTES, "{id}: {} bytes", s.body.len());
        assert!(!s.body.trim().is_empty(), "{id} has no text");
        assert!(!s.body.contains('\r') && !s.body.chars().any(|c| c.is_control() && c != '\n' && c != '\t'));
        let _ = s.summary();
    }
}

thread_local! {
    static TOME: RefCell<Tome> = RefCell::new(Tome::open_in_memory().expect("an in-memory Tome opens"));
}

/// The character file importer: the check, then the import when the check passes.
pub fn character_import(data: &[u8]) {
    TOME.with(|t| {
        let mut tome = t.borrow_mut();
        match tome.check_character_file(data) {
            Ok(problems) if problems.is_empty() => {
                let c = tome.import_character(data).expect("a file that passes the check imports");
                let again = tome.export_character(c.id).expect("an imported character exports");
                assert!(tome.check_character_file(again.as_bytes()).expect("its export checks").is_empty());
                tome.delete_character(c.id).expect("and deletes");
            }
            Ok(problems) => assert!(problems.iter().all(|p| !p.message.is_empty())),
            Err(_) => {}
        }
    });
}

/// The word only the game master's own imported document holds, kept from the table.
const SECRET: &str = "qzfuzzbutler";

/// What a device at the table sends (`crate::share`), cut at 0xFF bytes: a join request's
/// body; what follows as a cookie header (a join again with its token) and an upload; a
/// `Host` header; a search; an entry's id. A join needs the code; an upload the check
/// accepts is one the import takes; a host is taken only when it names the address
/// shared; a search or entry never reaches the document the table may not read.
pub fn share_requests(data: &[u8]) {
    let mut parts = data.split(|&b| b == 0xFF);
    let join = parts.next().unwrap_or_default();
    let rest = parts.next().unwrap_or_default();
    let host = parts.next().unwrap_or_default();
    let query = parts.next().unwrap_or_default();
    let id = parts.next().unwrap_or_default();
    crate::share::fuzz_join_and_cookie(join, rest);
    crate::share::fuzz_host(host);
    TOME.with(|t| {
        let mut tome = t.borrow_mut();
        if tome.docs().map(|d| d.is_empty()).unwrap_or(false) {
            let notes = format!("# The plot\n\nThe {SECRET} did it.\n");
            tome.import_text("notes.md", notes.as_bytes(), "mythcraft", Some("Secret notes")).expect("notes import");
        }
        let as_text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let filter = crate::search::SearchFilter { limit: Some(20), ..Default::default() };
        if let Ok(hits) = tome.table_search(&as_text(query), &filter) {
            assert!(hits.len() <= 20);
            assert!(!serde_json::to_string(&hits).unwrap_or_default().contains(SECRET), "a kept document was found");
        }
        let asked = as_text(id);
        match tome.table_show(&asked) {
            Ok(entry) => assert!(!entry.body.contains(SECRET), "a kept document was read"),
            Err(e) => assert!(!e.to_string().replace(&asked, "").contains("secret-notes"), "{e}"),
        }
        if let Ok((name, system)) = crate::share::check_upload(&tome, rest) {
            let c = tome.import_character(rest).expect("an upload that passes the check imports");
            assert_eq!((c.name.as_str(), c.system.as_str()), (name.as_str(), system.as_str()));
            tome.delete_character(c.id).expect("and deletes");
        }
    });
}

/// What every encounter of one system and mode starts from: its kit (stats, actions and
/// their parameters) and the reference's condition names. Read once per process, not per
/// input: the content does not change while the fuzzer runs.
struct Setup {
    kit: crate::api::EncounterKit,
    conditions: Vec<String>,
    /// The names of the entries of each kind an action's parameter names (MLAF's spells).
    entries: std::collections::HashMap<crate::Kind, Vec<String>>,
    /// All of those names, sorted: what a free-text parameter may list (an MLAF caster's
    /// spells learned).
    names: Vec<String>,
}

thread_local! {
    static SETUPS: RefCell<std::collections::HashMap<(&'static str, &'static str), std::rc::Rc<Setup>>> =
        RefCell::new(std::collections::HashMap::new());
}

/// The set-up of `system`'s `mode`, read through encounter `e` (one of that kind) the
/// first time it is asked for.
fn setup_of(tome: &Tome, e: i64, system: &'static str, mode: &'static str) -> std::rc::Rc<Setup> {
    SETUPS.with(|all| {
        let mut all = all.borrow_mut();
        if let Some(found) = all.get(&(system, mode)) {
            return std::rc::Rc::clone(found);
        }
        let kit = tome.encounter_kit(e).expect("a new encounter has its kit");
        let conditions: Vec<String> = tome
            .list(crate::Kind::Condition, Some(system))
            .map(|l| l.into_iter().map(|i| i.name).collect())
            .unwrap_or_default();
        let mut entries = std::collections::HashMap::new();
        for p in kit.actions.iter().flat_map(|a| &a.params) {
            if let ParamKind::Entry { kind } = p.kind {
                let names = tome.list(kind, Some(system)).map(|l| l.into_iter().map(|i| i.name).collect());
                entries.entry(kind).or_insert_with(|| names.unwrap_or_default());
            }
        }
        let mut names: Vec<String> = entries.values().flatten().cloned().collect();
        names.sort();
        names.dedup();
        let made = std::rc::Rc::new(Setup { kit, conditions, entries, names });
        all.insert((system, mode), std::rc::Rc::clone(&made));
        made
    })
}

fn strings(l: &[String]) -> Vec<&str> {
    l.iter().map(String::as_str).collect()
}

/// A step of a fight written as [`encounter_events`] reads it ([`encounter_seed`]).
pub enum SeedStep<'a> {
    /// One quick combatant, one of the names the target picks from, with its stats.
    Add {
        name: &'a str,
        stats: &'a [(&'a str, i64)],
    },
    /// Initiative, all of it Tome's (seeded).
    Start,
    Next,
    /// An action by `name` with the parameters given; the others left out.
    Act {
        name: &'a str,
        action: &'a str,
        inputs: &'a [(&'a str, &'a str)],
    },
}

/// The bytes that make [`encounter_events`] play `steps` in an encounter of `system`'s
/// `mode`: a seed written on purpose for what random bytes seldom reach.
///
/// # Panics
/// A name, stat, action, parameter or value the target cannot pick, said as such.
pub fn encounter_seed(system: &str, mode: &str, steps: &[SeedStep<'_>]) -> Vec<u8> {
    let modes: Vec<(&'static str, &'static str)> = crate::systems::all()
        .iter()
        .flat_map(|s| s.encounter_modes().into_iter().map(move |m| (s.id(), m.name)))
        .collect();
    let at = modes.iter().position(|&m| m == (system, mode)).unwrap_or_else(|| panic!("no mode {system} {mode}"));
    let (system, mode) = modes[at];
    let setup = TOME.with(|t| {
        let mut tome = t.borrow_mut();
        let e = tome.create_encounter_mode(system, "Seed", Some(mode)).expect("an encounter to read the kit from").id;
        let setup = setup_of(&tome, e, system, mode);
        tome.delete_encounter(e).expect("and deletes");
        setup
    });
    let index = |list: &[&str], what: &str| -> u8 {
        let i = list
            .iter()
            .position(|x| x.eq_ignore_ascii_case(what))
            .unwrap_or_else(|| panic!("{what} is not in {list:?}"));
        u8::try_from(i).expect("a list a byte can pick from")
    };
    let number = |v: i64, min: i64| -> Vec<u8> {
        let [lo, hi] = u16::try_from(v - min).expect("a value in its range").to_le_bytes();
        vec![3, lo, hi]
    };
    let mut bytes = vec![u8::try_from(at).expect("fewer than 256 modes")];
    for step in steps {
        match step {
            SeedStep::Add { name, stats } => {
                bytes.extend([index(&COMBATANTS, name), 0, u8::try_from(stats.len()).expect("at most 3 stats")]);
                for (key, value) in *stats {
                    let keys: Vec<&str> = setup.kit.stats.iter().map(|s| s.key).collect();
                    let stat = &setup.kit.stats[usize::from(index(&keys, key))];
                    bytes.push(index(&keys, key));
                    bytes.extend(number(*value, stat.min));
                }
                bytes.push(0);
            }
            SeedStep::Start => bytes.extend([0, 2, 0, 1]),
            SeedStep::Next => bytes.extend([0, 3]),
            SeedStep::Act { name, action, inputs } => {
                let names: Vec<&str> = setup.kit.actions.iter().map(|a| a.name).collect();
                let a = &setup.kit.actions[usize::from(index(&names, action))];
                bytes.extend([index(&COMBATANTS, name), 8, index(&names, action)]);
                for p in &a.params {
                    let Some(&(_, value)) = inputs.iter().find(|(k, _)| *k == p.name) else {
                        assert!(!p.required, "{action} needs --{}", p.name);
                        bytes.push(0);
                        continue;
                    };
                    if !p.required {
                        bytes.push(1);
                    }
                    match p.kind {
                        ParamKind::Int { min, .. } => bytes.extend(number(value.parse().expect("a number"), min)),
                        ParamKind::IntList { min, .. } => {
                            let list: Vec<i64> = value.split(',').map(|x| x.trim().parse().expect("numbers")).collect();
                            bytes.push(u8::try_from(list.len() - 1).expect("one to four"));
                            for v in list {
                                bytes.extend(number(v, min));
                            }
                        }
                        ParamKind::Flag => {}
                        ParamKind::Choice { options } => bytes.push(index(options, value)),
                        ParamKind::Entry { kind } => bytes.push(index(&strings(&setup.entries[&kind]), value)),
                        ParamKind::Text if p.name == "dice" => bytes.push(index(&DICE, value)),
                        ParamKind::Listed { list: Listed::Combatants } => bytes.push(index(&COMBATANTS, value)),
                        ParamKind::Listed { list: Listed::SomeCombatants } => {
                            let list: Vec<&str> = value.split(", ").collect();
                            bytes.push(u8::try_from(list.len() - 1).expect("one to three"));
                            bytes.extend(list.iter().map(|v| index(&COMBATANTS, v)));
                        }
                        ParamKind::Text if COMBATANTS.contains(&value) => bytes.extend([0, index(&COMBATANTS, value)]),
                        ParamKind::Text if setup.conditions.iter().any(|x| x == value) => {
                            bytes.extend([1, index(&strings(&setup.conditions), value)]);
                        }
                        ParamKind::Text => {
                            let list: Vec<&str> = value.split(", ").collect();
                            bytes.extend([2, u8::try_from(list.len() - 1).expect("one or two")]);
                            bytes.extend(list.iter().map(|v| index(&strings(&setup.names), v)));
                        }
                        ParamKind::Listed { .. } => bytes.push(index(&strings(&p.choices), value)),
                        ParamKind::Named { .. } => panic!("--{} is not written by encounter_seed", p.name),
                    }
                }
                bytes.extend([1, 0]);
            }
        }
    }
    bytes
}

/// Bytes read one at a time as the fuzzer's choices; zeros once they run out.
struct Choices<'a>(&'a [u8]);

impl Choices<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else { return 0 };
        self.0 = rest;
        b
    }

    fn done(&self) -> bool {
        self.0.is_empty()
    }

    fn pick<'b, T>(&mut self, from: &'b [T]) -> Option<&'b T> {
        (!from.is_empty()).then(|| &from[usize::from(self.byte()) % from.len()])
    }

    /// A number near a range (and now and then far outside it, or absurd).
    fn number(&mut self, min: i64, max: i64) -> i64 {
        match self.byte() % 16 {
            0 => -1 - i64::from(self.byte()),
            1 => max.saturating_add(1 + i64::from(self.byte())),
            2 => [i64::MIN, i64::MAX, 0][usize::from(self.byte()) % 3],
            _ => {
                let span = max.saturating_sub(min).saturating_add(1).max(1);
                min.saturating_add(i64::from(u16::from_le_bytes([self.byte(), self.byte()])) % span)
            }
        }
    }
}

const COMBATANTS: [&str; 4] = ["Ada", "Bram", "Cole", "Dun"];
const WORDS: [&str; 8] = ["fire", "lethal", "bashing", "aggravated", "sharp", "Stunned", "", "Marked"];

/// Dice typed for a weapon: the usual ones, the largest accepted, and malformed ones.
const DICE: [&str; 6] = ["1d6", "2d8", "d20", "20d100", "0d6", "2d"];

/// Encounters: arbitrary sequences of changes, system actions, undos and redos, through
/// every system's rules (the first byte picks the system and the kind of encounter), with
/// a saved character joining and the fight written to its sheet mid-fight. No input may
/// panic; every change refused leaves the stored encounter as it was, writing to the
/// sheet changes nothing the encounter shows, and opening the encounter afresh (a replay
/// of its stored log, no checkpoint read, nothing kept in memory) gives what the last answer showed. Besides the
/// changes of the tracker, the steps take combatants out, hide them and delay turns, and
/// send actions as a player's phone does.
pub fn encounter_events(data: &[u8]) {
    run_encounter_events(data, &mut |_| {});
}

/// What [`encounter_events`] made of `data` that the tracker accepted, a line per change:
/// an action as `system action --param value…` (parameters in name order), a condition as
/// `system condition NAME`. The tests read it to show that the seeds reach each action.
pub fn encounter_events_accepted(data: &[u8]) -> Vec<String> {
    let mut lines = Vec::new();
    run_encounter_events(data, &mut |line| lines.push(line));
    lines
}

fn run_encounter_events(data: &[u8], accepted: &mut dyn FnMut(String)) {
    let mut c = Choices(data);
    let modes: Vec<(&str, &str)> = crate::systems::all()
        .iter()
        .flat_map(|s| s.encounter_modes().into_iter().map(move |m| (s.id(), m.name)))
        .collect();
    let Some(&(system, mode)) = c.pick(&modes) else { return };
    TOME.with(|t| {
        let mut tome = t.borrow_mut();
        let Ok(made) = tome.create_encounter_mode(system, "Fuzz", Some(mode)) else { return };
        let e = made.id;
        let setup = setup_of(&tome, e, system, mode);
        let (kit, conditions) = (&setup.kit, &setup.conditions);
        // A saved character of the system, named as one of the combatants the steps pick.
        let saved = tome.create_character(system, COMBATANTS[0]).expect("a new character saves").id;
        let mut last = made;
        let mut steps = 0;
        while !c.done() && steps < 64 {
            steps += 1;
            let before = stored(&tome, e);
            let mut said = None;
            let name = c.pick(&COMBATANTS).copied().unwrap_or("Ada").to_string();
            let answer = match c.byte() % 16 {
                0 | 1 => {
                    let mut stats = BTreeMap::new();
                    for _ in 0..c.byte() % 4 {
                        if let Some(s) = c.pick(&kit.stats) {
                            stats.insert(s.key.to_string(), c.number(s.min, s.max));
                        }
                    }
                    let count = i64::from(c.byte() % 3) + 1;
                    tome.encounter_add_npc(e, &name, count, stats)
                }
                2 => {
                    let typed: Vec<(String, i64)> =
                        (0..c.byte() % 3).map(|_| (name.clone(), c.number(0, 20))).collect();
                    tome.encounter_start(e, &typed, &[], Some(u64::from(c.byte())))
                }
                3 => tome.encounter_change(e, Event::Next),
                4 => {
                    let kind = (c.byte() % 2 == 0).then(|| c.pick(&WORDS).copied().unwrap_or("").to_string());
                    tome.encounter_change(e, Event::Damage { name, amount: c.number(0, 20), kind })
                }
                5 => tome.encounter_change(e, Event::Heal { name, amount: c.number(0, 20) }),
                6 => {
                    // Mostly the reference's conditions, now and then a word it does not know
                    // (refused unless kept as custom) or one with an amount ("Bleeding (2)").
                    let condition = match c.byte() % 8 {
                        0 => c.pick(&WORDS).copied().unwrap_or("Marked").to_string(),
                        1 => format!("{} ({})", c.pick(conditions).map_or("Marked", String::as_str), c.byte() % 5),
                        _ => c.pick(conditions).cloned().unwrap_or_else(|| "Marked".into()),
                    };
                    let duration = match c.byte() % 4 {
                        0 => Duration::Rounds { rounds: c.number(1, 5) },
                        // Long enough not to run out in the real seconds a run takes.
                        1 => Duration::Seconds { seconds: c.number(100, 300) },
                        2 => Duration::EndOfTurnOf { name: c.pick(&COMBATANTS).copied().unwrap_or("Ada").into() },
                        _ => Duration::UntilRemoved,
                    };
                    said = Some(format!("{system} condition {condition}"));
                    match c.byte() % 8 {
                        0 | 1 => tome.encounter_condition(e, &name, &condition, duration, true),
                        2 => tome.encounter_custom_condition(e, &name, &condition, duration),
                        _ => tome.encounter_condition(e, &name, &condition, duration, false),
                    }
                }
                7 => {
                    let field = match c.byte() % 3 {
                        0 => c.pick(&kit.stats).map_or("hp".to_string(), |s| s.key.to_string()),
                        _ => last
                            .combatants
                            .first()
                            .and_then(|v| v.as_object())
                            .and_then(|o| {
                                let keys: Vec<&String> = o.keys().collect();
                                c.pick(&keys).map(|k| (*k).clone())
                            })
                            .unwrap_or_else(|| "hp".into()),
                    };
                    tome.encounter_change(e, Event::Set { name, field, value: c.number(0, 30) })
                }
                8..=10 => {
                    let Some(action) = c.pick(&kit.actions) else { continue };
                    let mut inputs = BTreeMap::new();
                    for p in &action.params {
                        if !p.required && c.byte() % 3 == 0 {
                            continue;
                        }
                        let value = match p.kind {
                            ParamKind::Int { min, max } => c.number(min, max).to_string(),
                            // One to four (a Fire Ball's scatter takes one or three d8s).
                            ParamKind::IntList { min, max } => {
                                let n = usize::from(c.byte() % 4) + 1;
                                let numbers: Vec<String> = (0..n).map(|_| c.number(min, max).to_string()).collect();
                                numbers.join(",")
                            }
                            ParamKind::Named { min, max, .. } => format!("{}={}", name, c.number(min, max)),
                            ParamKind::Flag => "true".into(),
                            ParamKind::Choice { options } => c.pick(options).copied().unwrap_or("").to_string(),
                            ParamKind::Entry { kind } => {
                                setup.entries.get(&kind).and_then(|l| c.pick(l).cloned()).unwrap_or_default()
                            }
                            // A weapon's dice (MythCraft's crit damage), well formed or not.
                            ParamKind::Text if p.name == "dice" => c.pick(&DICE).copied().unwrap_or("").to_string(),
                            // Several by name (a surprise's victims, a defender's wards).
                            ParamKind::Listed { list: Listed::SomeCombatants } => {
                                let n = usize::from(c.byte() % 3) + 1;
                                let picked: Vec<&str> =
                                    (0..n).map(|_| c.pick(&COMBATANTS).copied().unwrap_or("")).collect();
                                picked.join(", ")
                            }
                            ParamKind::Listed { list: Listed::Combatants } => {
                                c.pick(&COMBATANTS).copied().unwrap_or("").to_string()
                            }
                            // Free text: a name, one of the system's conditions (an Amtgard
                            // State or Ongoing Effect is named in words), or a list of the
                            // content's names (an MLAF caster's spells learned).
                            ParamKind::Text => match c.byte() % 3 {
                                0 => c.pick(&COMBATANTS).copied().unwrap_or("").to_string(),
                                1 => c.pick(conditions).cloned().unwrap_or_default(),
                                _ => {
                                    let n = usize::from(c.byte() % 2) + 1;
                                    let picked: Vec<String> =
                                        (0..n).filter_map(|_| c.pick(&setup.names).cloned()).collect();
                                    picked.join(", ")
                                }
                            },
                            ParamKind::Listed { .. } => c.pick(&p.choices).cloned().unwrap_or_default(),
                        };
                        inputs.insert(p.name.to_string(), value);
                    }
                    let given: Vec<String> = inputs.iter().map(|(k, v)| format!("--{k} {v}")).collect();
                    said = Some(format!("{system} {} {}", action.name, given.join(" ")));
                    let who = action.combatant.then_some(name.as_str());
                    // Now and then as a player's phone sent it, accepted as sent or changed.
                    let sent = match c.byte() % 4 {
                        0 => Some(Sent { device: format!("{name}'s phone"), changed: c.byte() % 2 == 0 }),
                        _ => None,
                    };
                    tome.encounter_act_sent(e, action.name, who, inputs, Some(u64::from(c.byte())), sent)
                }
                11 => tome.encounter_undo(e),
                12 => tome.encounter_redo(e),
                13 => tome.encounter_add_character(e, saved),
                14 => {
                    // "Write to the sheets" mid-fight: the sheet now holds what the fight
                    // did, and the fight must not read it back in (a wound dealt twice).
                    if tome.encounter_end(e, true).is_err() {
                        continue;
                    }
                    let now = tome.encounter(e).expect("an encounter written to the sheets stays readable");
                    assert_eq!(settled(&now), settled(&last), "writing to the sheets changed the encounter");
                    continue;
                }
                // The clock; a player's roll: dice well formed or not, open or secret, or a
                // roll event as the app could send one, with words of its own; a combatant
                // taken out, hidden or shown, or delaying its turn.
                _ => match c.byte() % 8 {
                    0 | 1 => tome.encounter_change(e, Event::Elapse { seconds: c.number(0, 60) }),
                    2 => tome.encounter_change(
                        e,
                        Event::Roll {
                            name,
                            dice: c.pick(&WORDS).copied().unwrap_or("").to_string(),
                            text: c.pick(&WORDS).copied().unwrap_or("").to_string(),
                            total: c.number(-5, 50),
                            secret: c.byte() % 2 == 0,
                        },
                    ),
                    3 | 4 => {
                        let dice = c.pick(&DICE).copied().unwrap_or("d6");
                        tome.encounter_roll(e, &name, dice, c.byte() % 2 == 0, Some(u64::from(c.byte())))
                            .map(|(_, v)| v)
                    }
                    5 => tome.encounter_change(e, Event::Remove { name }),
                    6 => tome.encounter_change(e, Event::Hide { name, hidden: c.byte() % 2 == 0 }),
                    _ => tome.encounter_change(e, Event::Delay { after: name }),
                },
            };
            match answer {
                Ok(v) => {
                    last = v;
                    if let Some(line) = said {
                        accepted(line);
                    }
                }
                Err(err) => {
                    assert!(!err.to_string().is_empty(), "a refusal says why");
                    // What the encounter is read from is as it was: the view, a replay of it
                    // (the final check below), cannot have changed. A new read of the view
                    // cost more than the change itself.
                    assert_eq!(stored(&tome, e), before, "a refused change ({err}) changed the stored encounter");
                }
            }
        }
        let replayed = tome.encounter_replayed(e).expect("the stored log replays");
        assert_eq!(settled(&replayed), settled(&last), "a replay of the stored log is what the last answer showed");
        tome.delete_encounter(e).expect("and deletes");
        tome.delete_character(saved).expect("the character deletes");
    });
}

/// What encounter `e` is read from: its row and every stored event's number and checksum.
fn stored(tome: &Tome, e: i64) -> Option<(i64, i64, Option<i64>, Option<String>)> {
    tome.db()
        .connection()
        .prepare_cached(
            "SELECT head, updated, ended,
                    (SELECT group_concat(seq || ':' || check_sum, ',') FROM encounter_event WHERE encounter_id = ?1)
               FROM encounter WHERE id = ?1",
        )
        .and_then(|mut s| s.query_row([e], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))))
        .ok()
}

/// A view without what depends on the moment it is read (seconds left on a timed
/// condition, which a replay a moment later may show one fewer of, and the States a
/// board read a moment later shows as run out).
fn settled(v: &crate::api::EncounterView) -> serde_json::Value {
    let mut json = serde_json::to_value(v).unwrap_or_default();
    // Writing to the sheets marks the fight ended; the fight itself is what must not change.
    if let Some(o) = json.as_object_mut() {
        o.remove("ended");
    }
    if let Some(cs) = json.get_mut("combatants").and_then(|c| c.as_array_mut()) {
        for c in cs {
            if let Some(o) = c.as_object_mut() {
                o.remove("expired");
                o.remove("calls");
            }
            if let Some(conds) = c.get_mut("conditions").and_then(|x| x.as_array_mut()) {
                for x in conds {
                    if x.get("duration").and_then(|d| d.get("kind")).and_then(|k| k.as_str()) == Some("seconds") {
                        if let Some(o) = x.as_object_mut() {
                            o.remove("remaining");
                        }
                    }
                }
            }
        }
    }
    json
}
