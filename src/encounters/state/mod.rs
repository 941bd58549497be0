//! What an encounter's events add up to: the state, and a handler per kind of event
//! (`roster`, `initiative`, `turns`, `harm`, `conditions`, `values`, `actions`), so
//! what a `next` or a `damage` does is read in one short file. What a system's rules do
//! on top lives in its own folder (`src/systems/<system>/encounter/`).

mod actions;
mod conditions;
mod harm;
mod initiative;
mod rolls;
mod roster;
mod shared;
mod turns;
mod values;

pub use initiative::check_die;
pub use shared::Shared;
pub use values::resolve_stat;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Duration, EncounterRules, Event, Outcome, Pace};
use crate::error::{Error, Result};
use crate::rules::Term;

/// Set in `values` while the turns before round 1 are played (MythCraft's complete
/// surprise): they are not a round, so round 1 follows them.
pub(super) const OPENING: &str = "opening-turns";

/// An encounter in a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Summary {
    pub id: i64,
    pub name: String,
    pub system: String,
    /// The kind of encounter (`fight`, `duel`, …).
    pub mode: String,
    pub round: i64,
    /// Unix seconds.
    pub updated: i64,
    /// When the game master ended it (Unix seconds); `None` while it goes on.
    pub ended: Option<i64>,
}

/// The whole encounter as its events in force leave it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub system: String,
    /// 0 until initiative is rolled, then the round being played.
    pub round: i64,
    /// Names in acting order this round (empty until the start).
    pub order: Vec<String>,
    /// The order initiative set, which every round starts from again (a delay changes
    /// `order` for one round only).
    pub initiative_order: Vec<String>,
    /// Index into `order` of the combatant acting now.
    pub turn: usize,
    /// Each shared with the states copied from this one until a change touches it.
    pub combatants: Vec<Shared<Combatant>>,
    /// Seconds added to the real clock by `elapse` events: a duration in seconds runs
    /// out when the event time plus these reaches its end.
    pub clock: i64,
    /// What the system tracks of the whole encounter (an MLAF match's half and turn).
    pub values: BTreeMap<String, i64>,
    /// How many events made this state (the log's last `seq`).
    pub applied: usize,
    /// One entry per event applied, oldest first; a state resumed from a checkpoint holds
    /// only the entries since it (and the checkpoint's own last one).
    pub log: Vec<LogEntry>,
    /// The latest open rolls players made, oldest first (at most [`ROLLS_KEPT`]): what
    /// the table is shown of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<SaidRoll>,
    /// Hidden combatants the latest change showed at work in view of the table: one that
    /// attacked a combatant the players see, or was struck by one
    /// ([`EncounterRules::exchange`]). What a fight that offers to reveal them offers
    /// (`offer_reveal` on the encounter's row).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exposed: Vec<Exposed>,
    /// What the latest action came to, as its player may be told (issue 56): an attack's
    /// hit or miss, with and without the totals compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub came_to: Option<CameTo>,
}

/// What an action came to, for its player's phone: `with_totals` ("Attack 19 against AR
/// 15: a hit") where the fight shows the table the defenders' totals, `without` ("A hit")
/// where it does not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CameTo {
    pub with_totals: String,
    pub without: String,
}

/// A hidden combatant seen at work: it attacked `other`, or `other` struck it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exposed {
    pub name: String,
    pub other: String,
    /// It attacked (else it was struck).
    pub attacked: bool,
}

impl Exposed {
    /// Why it is offered, in words: "Goblin attacked Hero", "Hero struck Goblin".
    pub fn why(&self) -> String {
        if self.attacked {
            format!("{} attacked {}, whom the players see", self.name, self.other)
        } else {
            format!("{}, whom the players see, struck {}", self.other, self.name)
        }
    }
}

/// Open rolls the table is shown, newest last.
pub const ROLLS_KEPT: usize = 5;

/// An open roll, as the table reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaidRoll {
    /// Who rolled (a combatant: shown only while that combatant is).
    pub name: String,
    /// The dice and total ("3d6: 4 + 1 + 4 = 9").
    pub text: String,
}

/// One combatant and what its system tracks of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combatant {
    pub name: String,
    /// The saved character it stands for, if any.
    pub character: Option<i64>,
    /// Kept off the player view.
    pub hidden: bool,
    /// What the rules read (from the sheet or typed): `awr`, `max-hp`, `soak`, …
    pub stats: BTreeMap<String, i64>,
    /// What the fight changes: `hp`, `ap`, `death-points`, `wounds-light`, …
    pub values: BTreeMap<String, i64>,
    /// The initiative it acts on, once rolled.
    pub initiative: Option<i64>,
    /// The keys after the initiative that break its ties, by the system's rule
    /// ([`crate::encounters::EncounterRules::initiative`]: MythCraft's AWR, Primal Wild's
    /// modifier): a combatant joining late with the same initiative is placed by them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tie_keys: Vec<i64>,
    pub conditions: Vec<ActiveCondition>,
    /// What the system keeps by name besides conditions (Amtgard's worn enchantments,
    /// MLAF's spells cast).
    pub marks: Vec<Mark>,
    /// A saved character's sheet fields that outlast the fight
    /// ([`EncounterRules::lasting`]) as they stood when it joined: what the session log
    /// measures the fight's changes from, whatever the sheet says since.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub joined: BTreeMap<String, i64>,
    /// The library's adversary it was added from ([`super::NewCombatant::adversary`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adversary: Option<i64>,
    /// Its adversary's attacks and spells, as they were when it joined.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<super::AdversaryAttack>,
    /// The conditions it joined with (an adversary's starting ones): what a copy of the
    /// fight starts it with again, whatever the fight did to them since.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived_with: Vec<super::ConditionRef>,
    /// The marks its adversary's roster position gave it as it joined
    /// ([`super::NewCombatant::marks`]): what a copy of the fight starts it with again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived_marks: Vec<Mark>,
}

/// Something a system keeps by name on a combatant, in one of its lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    /// The list it is in (`enchantments`, `casts`).
    pub list: String,
    pub name: String,
    /// The reference entry, if it is one.
    pub id: Option<String>,
    /// Words the system sets on it (`magical`, `persistent`, `inactive`, `success`).
    pub flags: Vec<String>,
    /// Numbers the system keeps with it (a cast's roll and target).
    pub numbers: BTreeMap<String, i64>,
}

impl Mark {
    pub fn flagged(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }

    pub fn number(&self, key: &str) -> i64 {
        self.numbers.get(key).copied().unwrap_or(0)
    }
}

impl Combatant {
    pub fn stat(&self, key: &str) -> i64 {
        self.stats.get(key).copied().unwrap_or(0)
    }

    pub fn value(&self, key: &str) -> i64 {
        self.values.get(key).copied().unwrap_or(0)
    }

    pub fn set(&mut self, key: &str, value: i64) {
        self.values.insert(key.to_string(), value);
    }

    /// Whether it carries a condition (by entry id or name, case aside).
    pub fn has(&self, condition: &str) -> bool {
        self.conditions.iter().any(|c| c.matches(condition))
    }

    /// The marks in one list, in the order made.
    pub fn marks<'a>(&'a self, list: &'a str) -> impl Iterator<Item = &'a Mark> + 'a {
        self.marks.iter().filter(move |m| m.list == list)
    }
}

/// A condition on a combatant and how long it has left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActiveCondition {
    /// The reference entry, if it is one.
    pub id: Option<String>,
    pub name: String,
    pub duration: Duration,
    /// Rounds left, or the named combatant's turn ends left; none for the others.
    pub remaining: Option<i64>,
    /// Unix seconds at which a duration in seconds runs out.
    pub expires_at: Option<i64>,
}

impl ActiveCondition {
    /// Whether it is this condition: its entry id, the id's last part, or its name (case
    /// aside).
    pub fn matches(&self, what: &str) -> bool {
        self.id.as_deref().is_some_and(|id| id.eq_ignore_ascii_case(what))
            || self.name.eq_ignore_ascii_case(what)
            || self.id.as_deref().is_some_and(|id| id.rsplit('/').next().is_some_and(|s| s.eq_ignore_ascii_case(what)))
    }
}

/// What one event did, in words and the terms of every number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LogEntry {
    /// The event's number, from 1.
    pub seq: usize,
    /// Unix seconds.
    pub at: i64,
    pub round: i64,
    pub lines: Vec<String>,
    pub terms: Vec<Term>,
    /// How many of `lines`, from the first, say what the real clock ended as the change
    /// came (a State whose seconds were up): an undo of the change leaves those ended,
    /// since time does not go back ([`State::settled`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub clock: Option<usize>,
}

impl State {
    pub fn new(system: &str) -> State {
        State {
            system: system.to_string(),
            round: 0,
            order: Vec::new(),
            initiative_order: Vec::new(),
            turn: 0,
            combatants: Vec::new(),
            clock: 0,
            values: BTreeMap::new(),
            applied: 0,
            log: Vec::new(),
            rolls: Vec::new(),
            exposed: Vec::new(),
            came_to: None,
        }
    }

    /// The state `events` (with their times) add up to, from nothing.
    ///
    /// # Errors
    /// A stored event that no longer applies (a damaged database), named by number.
    pub fn replay(
        system: &str,
        rules: &dyn EncounterRules,
        events: &[(i64, Event)],
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<State> {
        let mut state = State::new(system);
        state.resume(rules, events, sheet)?;
        Ok(state)
    }

    /// Applies the events that follow the ones this state holds (a checkpoint's tail).
    ///
    /// # Errors
    /// A stored event that no longer applies (a damaged database), named by number; the
    /// state is then part-way and must be dropped.
    pub fn resume(
        &mut self,
        rules: &dyn EncounterRules,
        events: &[(i64, Event)],
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<()> {
        for (at, event) in events {
            // A replay that fails is refused whole, so each event is applied in place
            // rather than to a copy (which made a long log quadratic to replay).
            let seq = self.applied + 1;
            let (outcome, clock) = self.change(rules, *at, event, sheet).map_err(|e| {
                Error::InvalidInput(format!("encounter event {seq} ({}) no longer applies: {e}", event.kind()))
            })?;
            self.record(*at, outcome, clock);
        }
        Ok(())
    }

    /// Logs an event just applied.
    fn record(&mut self, at: i64, outcome: Outcome, clock: usize) {
        self.applied += 1;
        self.log.push(LogEntry {
            seq: self.applied,
            at,
            round: self.round,
            lines: outcome.lines,
            terms: outcome.terms,
            clock: (clock > 0).then_some(clock),
        });
    }

    /// The state as the board reads it at `at` (the latest time a stored change was made,
    /// undone ones included), when a change taken back had ended States whose seconds
    /// were up on the real clock: they stay ended, and what their end brings follows, as
    /// time does not go back. `None` when nothing more ends. The clock moved on by an
    /// `elapse` is the state's own, so an undone elapse takes back what it ended.
    ///
    /// # Errors
    /// The system's rules refuse what the end leaves (they never should: the change
    /// taken back was accepted with it).
    pub fn settled(&self, rules: &dyn EncounterRules, at: i64) -> Result<Option<State>> {
        let due = |x: &ActiveCondition| x.expires_at.is_some_and(|t| t <= at + self.clock);
        if !self.combatants.iter().any(|c| c.conditions.iter().any(due)) {
            return Ok(None);
        }
        let mut next = self.clone();
        let now = at + next.clock;
        next.expire_seconds(rules, now);
        rules.after_change(&mut next, now)?;
        Ok(Some(next))
    }

    /// The name of the combatant acting now.
    pub fn current(&self) -> Option<&str> {
        self.order.get(self.turn).map(String::as_str)
    }

    pub fn started(&self) -> bool {
        self.round > 0
    }

    /// The fight as the table knows it: every hidden combatant taken out (from the
    /// roster and the acting order; a hidden combatant's turn is no one's), and the log
    /// and the kept rolls, which may speak of them, dropped; and what a visible combatant
    /// holds that names a hidden one (a grapple's holder, a condition lasting to a hidden
    /// one's turn) as if no one the table knows. What a phone is answered is worked out
    /// on this, so no answer can depend on what is hidden (issue 57), and no refusal can
    /// name a hidden combatant: nothing is left to scan for hidden names (issue 71).
    pub fn as_the_table_sees(&self, rules: &dyn EncounterRules) -> State {
        let hidden = |name: &String| self.combatants.iter().any(|c| &c.name == name && c.hidden);
        let naming = rules.marks_naming_combatants();
        let seen = |c: &Shared<Combatant>| {
            let names_hidden = c.marks.iter().any(|m| naming.contains(&m.list.as_str()) && hidden(&m.name))
                || c.conditions.iter().any(|x| matches!(&x.duration, Duration::EndOfTurnOf { name } if hidden(name)));
            if !names_hidden {
                return c.clone();
            }
            let mut c = c.clone();
            c.marks.retain(|m| !(naming.contains(&m.list.as_str()) && hidden(&m.name)));
            for x in &mut c.conditions {
                if matches!(&x.duration, Duration::EndOfTurnOf { name } if hidden(name)) {
                    // Lasting to the turn of someone the table does not know: no one's.
                    x.duration = Duration::EndOfTurnOf { name: String::new() };
                }
            }
            c
        };
        let current = self.current().filter(|n| !self.combatants.iter().any(|c| c.name == *n && c.hidden));
        let order: Vec<String> = self.order.iter().filter(|n| !hidden(n)).cloned().collect();
        let turn = current.and_then(|c| order.iter().position(|n| n == c)).unwrap_or(order.len());
        State {
            system: self.system.clone(),
            round: self.round,
            initiative_order: self.initiative_order.iter().filter(|n| !hidden(n)).cloned().collect(),
            order,
            turn,
            combatants: self.combatants.iter().filter(|c| !c.hidden).map(seen).collect(),
            clock: self.clock,
            values: self.values.clone(),
            applied: 0,
            log: Vec::new(),
            rolls: Vec::new(),
            exposed: Vec::new(),
            came_to: None,
        }
    }

    /// The combatant called `name` (case aside).
    ///
    /// # Errors
    /// [`Error::NotFound`] with the combatants' names; [`Error::InvalidInput`] for a name
    /// of nothing but spaces.
    pub fn find(&self, name: &str) -> Result<usize> {
        if name.trim().is_empty() {
            return Err(Error::InvalidInput("the combatant's name is empty: name one of the combatants".into()));
        }
        self.combatants.iter().position(|c| c.name.eq_ignore_ascii_case(name.trim())).ok_or_else(|| Error::NotFound {
            what: "combatant",
            id: name.to_string(),
            suggestions: self.combatants.iter().map(|c| c.name.clone()).collect(),
        })
    }

    /// Applies one event, or changes nothing and says why.
    ///
    /// # Errors
    /// An event that does not fit the state (an unknown combatant, damage before the
    /// start, a value out of range, …).
    pub fn apply(
        &mut self,
        rules: &dyn EncounterRules,
        at: i64,
        event: &Event,
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<()> {
        // The change is tried on a copy, less the log: no change reads it, and it is most
        // of what a long replay holds.
        let log = std::mem::take(&mut self.log);
        let mut next = self.clone();
        match next.change(rules, at, event, sheet) {
            Ok((outcome, clock)) => {
                next.log = log;
                next.record(at, outcome, clock);
                *self = next;
                Ok(())
            }
            Err(e) => {
                self.log = log;
                Err(e)
            }
        }
    }

    /// [`State::apply`] for a state its caller drops when the event does not apply (a
    /// change about to be stored): applied in place, with no copy kept to go back to.
    ///
    /// # Errors
    /// As [`State::apply`]; the state is then gone.
    pub fn applied(
        mut self,
        rules: &dyn EncounterRules,
        at: i64,
        event: &Event,
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<State> {
        let (outcome, clock) = self.change(rules, at, event, sheet)?;
        self.record(at, outcome, clock);
        Ok(self)
    }

    /// One event's change, by its kind's handler; timed conditions run out first: those
    /// the real clock ended (how many lines say so comes back with the outcome), then,
    /// for an `elapse`, those its seconds end.
    fn change(
        &mut self,
        rules: &dyn EncounterRules,
        at: i64,
        event: &Event,
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<(Outcome, usize)> {
        let mut out = Outcome::default();
        self.exposed.clear();
        self.came_to = None;
        out.lines.extend(self.expire_seconds(rules, at + self.clock));
        let clock = out.lines.len();
        if let Event::Elapse { seconds } = event {
            self.on_elapse(*seconds, &mut out)?;
            out.lines.extend(self.expire_seconds(rules, at + self.clock));
        }
        match event {
            Event::Elapse { .. } => Ok(()),
            Event::Act { action, name, inputs, facts, sent } => {
                let first = out.lines.len();
                self.on_act(rules, action, name.as_deref(), inputs, facts, &mut out).map(|()| {
                    if let (Some(sent), Some(first)) = (sent, out.lines.get_mut(first)) {
                        let how = if sent.changed { "changed and accepted" } else { "accepted" };
                        first.push_str(&format!(" (sent from {}, {how} by the game master)", sent.device));
                    }
                    // The dice Tome rolled for the action, as the player's phone shows
                    // them, go in the log line too, for every system.
                    let rolled: Vec<&str> = facts
                        .iter()
                        .filter(|(k, _)| k.starts_with(crate::encounters::SAID))
                        .map(|(_, v)| v.as_str())
                        .collect();
                    if let (false, Some(first)) = (rolled.is_empty(), out.lines.get_mut(first)) {
                        first.push_str(&format!(" [rolled by Tome: {}]", rolled.join("; ")));
                    }
                })
            }
            Event::Add { combatants, rolls } => self.on_add(rules, combatants, rolls, sheet, at, &mut out),
            Event::Remove { name } => self.on_remove(name, &mut out),
            Event::Hide { name, hidden } => self.on_hide(name, *hidden, &mut out),
            Event::Start { rolls, tie_rolls } => self.on_start(rules, rolls, tie_rolls, &mut out),
            Event::Next if rules.pace() == Pace::Together => self.on_advance(rules, &mut out),
            Event::Next => self.on_next(rules, &mut out),
            Event::Delay { after } => self.on_delay(rules, after, &mut out),
            Event::Damage { name, amount, kind } => self.on_damage(rules, name, *amount, kind.as_deref(), &mut out),
            Event::Heal { name, amount } => self.on_heal(rules, name, *amount, &mut out),
            Event::AddCondition { name, condition, duration } => {
                self.on_add_condition(rules, name, condition, duration, at, &mut out)
            }
            Event::RemoveCondition { name, condition } => self.on_remove_condition(rules, name, condition, &mut out),
            Event::Set { name, field, value } => self.on_set(rules, name, field, *value, &mut out),
            // The total is kept in the event for whoever reads the log as data; the text says it.
            Event::Roll { name, dice, text, secret, total: _ } => self.on_roll(name, dice, text, *secret, &mut out),
        }?;
        let settled = rules.after_change(self, at + self.clock)?;
        out.lines.extend(settled.lines);
        out.terms.extend(settled.terms);
        Ok((out, clock))
    }

    /// Every combatant's name, in the order they joined.
    pub fn names(&self) -> Vec<String> {
        self.combatants.iter().map(|c| c.name.clone()).collect()
    }

    /// # Errors
    /// [`Error::InvalidInput`] before the start, naming `what` was tried.
    pub fn require_started(&self, what: &str) -> Result<()> {
        if self.started() {
            Ok(())
        } else {
            Err(Error::InvalidInput(format!(
                "{what} comes after the start: start the encounter first (where the system has initiative, that rolls it)"
            )))
        }
    }

    /// Seconds left on a timed condition at `now` (0 once run out).
    pub fn seconds_left(condition: &ActiveCondition, now: i64) -> Option<i64> {
        condition.expires_at.map(|t| (t - now).max(0))
    }
}

impl Event {
    /// The event's kind as stored (`damage`, `next`, …), for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Add { .. } => "add",
            Event::Remove { .. } => "remove",
            Event::Hide { .. } => "hide",
            Event::Start { .. } => "start",
            Event::Next => "next",
            Event::Delay { .. } => "delay",
            Event::Damage { .. } => "damage",
            Event::Heal { .. } => "heal",
            Event::AddCondition { .. } => "add_condition",
            Event::RemoveCondition { .. } => "remove_condition",
            Event::Set { .. } => "set",
            Event::Elapse { .. } => "elapse",
            Event::Act { .. } => "act",
            Event::Roll { .. } => "roll",
        }
    }
}
