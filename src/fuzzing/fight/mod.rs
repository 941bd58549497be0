//! The encounter targets: bytes read as a fight's steps (the kind of encounter, then
//! combatants joining, initiative, damage, conditions, the systems' actions, undos…),
//! played either through the stored tracker ([`encounter_events`]: the API, every change
//! written to SQLite) or through the same rules in memory ([`encounter_rules`]: the same
//! events, built by the same code, applied to the state with nothing stored). One
//! decoder for both, so an input means the same fight to each, and the seeds and corpus
//! of one feed the other.

mod in_memory;
mod stored;

use std::cell::RefCell;
use std::collections::BTreeMap;

use super::TOME;
use crate::encounters::{Duration, Event, Sent};
use crate::error::Result;
use crate::rules::{Listed, ParamKind};
use crate::Tome;

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

/// The set-up of `system`'s `mode`, read (through an encounter of that kind, made and
/// deleted) the first time it is asked for.
fn setup_for(tome: &mut Tome, system: &'static str, mode: &'static str) -> std::rc::Rc<Setup> {
    if let Some(found) = SETUPS.with(|all| all.borrow().get(&(system, mode)).cloned()) {
        return found;
    }
    let e = tome.create_encounter_mode(system, "Setup", Some(mode)).expect("an encounter to read the kit from").id;
    let kit = tome.encounter_kit(e).expect("a new encounter has its kit");
    tome.delete_encounter(e).expect("and deletes");
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
    SETUPS.with(|all| all.borrow_mut().insert((system, mode), std::rc::Rc::clone(&made)));
    made
}

fn strings(l: &[String]) -> Vec<&str> {
    l.iter().map(String::as_str).collect()
}

/// A step of a fight written as [`encounter_events`] reads it ([`encounter_seed`]).
#[derive(Clone, Copy)]
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
    /// One of the reference's conditions on `name`, until removed.
    Condition {
        name: &'a str,
        condition: &'a str,
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
    let setup = TOME.with(|t| setup_for(&mut t.borrow_mut(), system, mode));
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
            SeedStep::Condition { name, condition } => {
                // The step's kind, then: a known condition, this one, until removed, added.
                bytes.extend([index(&COMBATANTS, name), 6, 2, index(&strings(&setup.conditions), condition), 3, 3]);
            }
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
/// of its stored log, no checkpoint read, nothing kept in memory) gives what the last
/// answer showed. Besides the changes of the tracker, the steps take combatants out, hide
/// them and delay turns, and send actions as a player's phone does.
pub fn encounter_events(data: &[u8]) {
    play(data, None, stored::Stored::open);
}

/// What [`encounter_events`] made of `data` that the tracker accepted, a line per change:
/// an action as `system action --param value…` (parameters in name order), a condition as
/// `system condition NAME`. The tests read it to show that the seeds reach each action.
pub fn encounter_events_accepted(data: &[u8]) -> Vec<String> {
    accepted(data, stored::Stored::open)
}

/// The same steps as [`encounter_events`], through the same rules, with nothing stored:
/// each change is the event the API would store (built by the same code from the same
/// state), applied to the state in memory: about three times the inputs a second of the
/// stored target, so the rules themselves are searched faster. No input may
/// panic; a refusal says why; replaying the events accepted from nothing, and resuming
/// them from a checkpoint written and read back part-way, give the state the changes
/// left; and the game master's view of it builds.
pub fn encounter_rules(data: &[u8]) {
    play(data, None, in_memory::InMemory::open);
}

/// What [`encounter_rules`] made of `data` that the rules accepted, said as
/// [`encounter_events_accepted`] says it.
pub fn encounter_rules_accepted(data: &[u8]) -> Vec<String> {
    accepted(data, in_memory::InMemory::open)
}

fn accepted(data: &[u8], open: Open) -> Vec<String> {
    let mut lines = Vec::new();
    play(data, Some(&mut lines), open);
    lines
}

/// One change a step asks for, in the API's terms.
enum Change {
    AddNpc {
        name: String,
        count: i64,
        stats: BTreeMap<String, i64>,
    },
    Start {
        typed: Vec<(String, i64)>,
        seed: u64,
    },
    Event(Event),
    Condition {
        name: String,
        condition: String,
        duration: Duration,
        remove: bool,
        custom: bool,
    },
    Act {
        action: &'static str,
        who: Option<String>,
        inputs: BTreeMap<String, String>,
        seed: u64,
        sent: Option<Sent>,
    },
    Undo,
    Redo,
    /// The system's saved character, named as the first of [`COMBATANTS`], joins.
    AddCharacter,
    /// "Write to the sheets" mid-fight.
    WriteToSheets,
    Roll {
        name: String,
        dice: &'static str,
        secret: bool,
        seed: u64,
    },
}

/// What the steps drive: a fight of one system and kind, stored or in memory.
trait Fight {
    /// Makes one change; a refusal says why and leaves the fight as it was.
    fn make(&mut self, tome: &mut Tome, change: Change) -> Result<()>;
    /// The fields the first combatant shows (what a `set` may name).
    fn fields(&self) -> Vec<String>;
    /// The checks at the end of an input, and what it leaves behind cleared away.
    fn finish(self: Box<Self>, tome: &mut Tome);
}

/// The fields the first combatant of `view` shows.
fn first_fields(view: &crate::api::EncounterView) -> Vec<String> {
    let first = view.combatants.first().and_then(|v| v.as_object());
    first.map(|o| o.keys().cloned().collect()).unwrap_or_default()
}

/// Opens a fight of a system's kind of encounter (`None` when it cannot be made).
type Open = fn(&mut Tome, &'static str, &'static str) -> Option<Box<dyn Fight>>;

/// Plays `data` as a fight opened by `open`, saying each action and condition accepted
/// in `accepted`.
fn play(data: &[u8], mut accepted: Option<&mut Vec<String>>, open: Open) {
    let mut c = Choices(data);
    let modes: Vec<(&str, &str)> = crate::systems::all()
        .iter()
        .flat_map(|s| s.encounter_modes().into_iter().map(move |m| (s.id(), m.name)))
        .collect();
    let Some(&(system, mode)) = c.pick(&modes) else { return };
    TOME.with(|t| {
        let mut tome = t.borrow_mut();
        let setup = setup_for(&mut tome, system, mode);
        let Some(mut fight) = open(&mut tome, system, mode) else { return };
        let mut steps = 0;
        while !c.done() && steps < 64 {
            steps += 1;
            let name = c.pick(&COMBATANTS).copied().unwrap_or("Ada").to_string();
            let Some((change, said)) = step(&mut c, &setup, system, name, &*fight) else { continue };
            if fight.make(&mut tome, change).is_ok() {
                if let (Some(lines), Some(line)) = (accepted.as_deref_mut(), said) {
                    lines.push(line);
                }
            }
        }
        fight.finish(&mut tome);
    });
}

/// The change the next bytes ask for, and how it is said when accepted (an action, a
/// condition); `None` for an action of a system with none.
fn step(
    c: &mut Choices<'_>,
    setup: &Setup,
    system: &str,
    name: String,
    fight: &dyn Fight,
) -> Option<(Change, Option<String>)> {
    let (kit, conditions) = (&setup.kit, &setup.conditions);
    let mut said = None;
    let change = match c.byte() % 16 {
        0 | 1 => {
            let mut stats = BTreeMap::new();
            for _ in 0..c.byte() % 4 {
                if let Some(s) = c.pick(&kit.stats) {
                    stats.insert(s.key.to_string(), c.number(s.min, s.max));
                }
            }
            let count = i64::from(c.byte() % 3) + 1;
            Change::AddNpc { name, count, stats }
        }
        2 => {
            let typed: Vec<(String, i64)> = (0..c.byte() % 3).map(|_| (name.clone(), c.number(0, 20))).collect();
            Change::Start { typed, seed: u64::from(c.byte()) }
        }
        3 => Change::Event(Event::Next),
        4 => {
            let kind = (c.byte().is_multiple_of(2)).then(|| c.pick(&WORDS).copied().unwrap_or("").to_string());
            Change::Event(Event::Damage { name, amount: c.number(0, 20), kind })
        }
        5 => Change::Event(Event::Heal { name, amount: c.number(0, 20) }),
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
            let (remove, custom) = match c.byte() % 8 {
                0 | 1 => (true, false),
                2 => (false, true),
                _ => (false, false),
            };
            Change::Condition { name, condition, duration, remove, custom }
        }
        7 => {
            let field = match c.byte() % 3 {
                0 => c.pick(&kit.stats).map_or("hp".to_string(), |s| s.key.to_string()),
                _ => c.pick(&fight.fields()).cloned().unwrap_or_else(|| "hp".into()),
            };
            Change::Event(Event::Set { name, field, value: c.number(0, 30) })
        }
        8..=10 => {
            let action = c.pick(&kit.actions)?;
            let inputs = action_inputs(c, setup, action, &name);
            let given: Vec<String> = inputs.iter().map(|(k, v)| format!("--{k} {v}")).collect();
            said = Some(format!("{system} {} {}", action.name, given.join(" ")));
            // Now and then as a player's phone sent it, accepted as sent or changed.
            let sent = match c.byte() % 4 {
                0 => Some(Sent { device: format!("{name}'s phone"), changed: c.byte().is_multiple_of(2) }),
                _ => None,
            };
            let who = action.combatant.then_some(name);
            Change::Act { action: action.name, who, inputs, seed: u64::from(c.byte()), sent }
        }
        11 => Change::Undo,
        12 => Change::Redo,
        13 => Change::AddCharacter,
        14 => Change::WriteToSheets,
        // The clock; a player's roll: dice well formed or not, open or secret, or a roll
        // event as the app could send one, with words of its own; a combatant taken out,
        // hidden or shown, or delaying its turn.
        _ => match c.byte() % 8 {
            0 | 1 => Change::Event(Event::Elapse { seconds: c.number(0, 60) }),
            2 => Change::Event(Event::Roll {
                name,
                dice: c.pick(&WORDS).copied().unwrap_or("").to_string(),
                text: c.pick(&WORDS).copied().unwrap_or("").to_string(),
                total: c.number(-5, 50),
                secret: c.byte().is_multiple_of(2),
            }),
            3 | 4 => {
                let dice = c.pick(&DICE).copied().unwrap_or("d6");
                Change::Roll { name, dice, secret: c.byte().is_multiple_of(2), seed: u64::from(c.byte()) }
            }
            5 => Change::Event(Event::Remove { name }),
            6 => Change::Event(Event::Hide { name, hidden: c.byte().is_multiple_of(2) }),
            _ => Change::Event(Event::Delay { after: name }),
        },
    };
    Some((change, said))
}

/// Values for `action`'s parameters, each as its kind takes them (an optional one now
/// and then left out).
fn action_inputs(
    c: &mut Choices<'_>,
    setup: &Setup,
    action: &crate::encounters::ActionInfo,
    name: &str,
) -> BTreeMap<String, String> {
    let mut inputs = BTreeMap::new();
    for p in &action.params {
        if !p.required && c.byte().is_multiple_of(3) {
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
            ParamKind::Entry { kind } => setup.entries.get(&kind).and_then(|l| c.pick(l).cloned()).unwrap_or_default(),
            // A weapon's dice (MythCraft's crit damage), well formed or not.
            ParamKind::Text if p.name == "dice" => c.pick(&DICE).copied().unwrap_or("").to_string(),
            // Several by name (a surprise's victims, a defender's wards).
            ParamKind::Listed { list: Listed::SomeCombatants } => {
                let n = usize::from(c.byte() % 3) + 1;
                let picked: Vec<&str> = (0..n).map(|_| c.pick(&COMBATANTS).copied().unwrap_or("")).collect();
                picked.join(", ")
            }
            ParamKind::Listed { list: Listed::Combatants } => c.pick(&COMBATANTS).copied().unwrap_or("").to_string(),
            // Free text: a name, one of the system's conditions (an Amtgard State or
            // Ongoing Effect is named in words), or a list of the content's names (an
            // MLAF caster's spells learned).
            ParamKind::Text => match c.byte() % 3 {
                0 => c.pick(&COMBATANTS).copied().unwrap_or("").to_string(),
                1 => c.pick(&setup.conditions).cloned().unwrap_or_default(),
                _ => {
                    let n = usize::from(c.byte() % 2) + 1;
                    let picked: Vec<String> = (0..n).filter_map(|_| c.pick(&setup.names).cloned()).collect();
                    picked.join(", ")
                }
            },
            ParamKind::Listed { .. } => c.pick(&p.choices).cloned().unwrap_or_default(),
        };
        inputs.insert(p.name.to_string(), value);
    }
    inputs
}
