//! What an encounter's events add up to.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use super::{
    Act, ConditionRef, Duration, EncounterRules, Event, NewCombatant, Outcome, Pace, Roll, MAX_AMOUNT, MAX_COMBATANTS,
    MAX_DURATION,
};
use crate::error::{Error, Result};
use crate::rules::order::acting_order;
use crate::rules::{Inputs, Term};

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
}

/// The whole encounter as its events in force leave it.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    pub combatants: Vec<Combatant>,
    /// Seconds added to the real clock by `elapse` events: a duration in seconds runs
    /// out when the event time plus these reaches its end.
    pub clock: i64,
    /// What the system tracks of the whole encounter (an MLAF match's half and turn).
    pub values: BTreeMap<String, i64>,
    /// One entry per event in force, oldest first.
    pub log: Vec<LogEntry>,
}

/// One combatant and what its system tracks of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    pub conditions: Vec<ActiveCondition>,
    /// What the system keeps by name besides conditions (Amtgard's worn enchantments,
    /// MLAF's spells cast).
    pub marks: Vec<Mark>,
}

/// Something a system keeps by name on a combatant, in one of its lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct LogEntry {
    /// The event's number, from 1.
    pub seq: usize,
    /// Unix seconds.
    pub at: i64,
    pub round: i64,
    pub lines: Vec<String>,
    pub terms: Vec<Term>,
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
            log: Vec::new(),
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
        for (n, (at, event)) in events.iter().enumerate() {
            // A replay that fails is refused whole, so each event is applied in place
            // rather than to a copy (which made a long log quadratic to replay).
            let outcome = state.change(rules, *at, event, sheet).map_err(|e| {
                Error::InvalidInput(format!("encounter event {} ({}) no longer applies: {e}", n + 1, event.kind()))
            })?;
            state.log.push(LogEntry {
                seq: n + 1,
                at: *at,
                round: state.round,
                lines: outcome.lines,
                terms: outcome.terms,
            });
        }
        Ok(state)
    }

    /// The name of the combatant acting now.
    pub fn current(&self) -> Option<&str> {
        self.order.get(self.turn).map(String::as_str)
    }

    pub fn started(&self) -> bool {
        self.round > 0
    }

    /// The combatant called `name` (case aside).
    ///
    /// # Errors
    /// [`Error::NotFound`] with the combatants' names.
    pub fn find(&self, name: &str) -> Result<usize> {
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
        let mut next = self.clone();
        let outcome = next.change(rules, at, event, sheet)?;
        next.log.push(LogEntry {
            seq: self.log.len() + 1,
            at,
            round: next.round,
            lines: outcome.lines,
            terms: outcome.terms,
        });
        *self = next;
        Ok(())
    }

    fn change(
        &mut self,
        rules: &dyn EncounterRules,
        at: i64,
        event: &Event,
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<Outcome> {
        let mut out = Outcome::default();
        if let Event::Elapse { seconds } = event {
            if !(0..=MAX_DURATION).contains(seconds) {
                return Err(Error::InvalidInput(format!("elapse takes 0 to {MAX_DURATION} seconds, not {seconds}")));
            }
            self.clock += seconds;
            out.lines.push(if *seconds == 0 {
                "The clock is brought up to now".to_string()
            } else {
                format!("{seconds} s pass on the clock")
            });
        }
        out.lines.extend(self.expire_seconds(rules, at + self.clock));
        match event {
            Event::Elapse { .. } => {}
            Event::Act { action, name, inputs, facts } => {
                let spec = rules.actions().iter().find(|a| a.name.eq_ignore_ascii_case(action)).ok_or_else(|| {
                    Error::NotFound {
                        what: "action",
                        id: action.clone(),
                        suggestions: rules.actions().iter().map(|a| a.name.to_string()).collect(),
                    }
                })?;
                let who = match (spec.combatant, name) {
                    (true, Some(n)) => Some(self.find(n)?),
                    (true, None) => {
                        return Err(Error::InvalidInput(format!("{} needs the combatant it is about", spec.name)))
                    }
                    (false, Some(n)) => {
                        return Err(Error::InvalidInput(format!(
                            "{} is about the whole encounter, not one combatant (`{n}`)",
                            spec.name
                        )))
                    }
                    (false, None) => None,
                };
                let inputs = Inputs::new(spec.params, inputs.clone())?;
                let o = rules.act(self, &Act { action: spec, who, inputs: &inputs, facts })?;
                out.lines.extend(o.lines);
                out.terms.extend(o.terms);
            }
            Event::Add { combatants } => {
                if combatants.is_empty() {
                    return Err(Error::InvalidInput("no combatant to add".into()));
                }
                if self.combatants.len() + combatants.len() > MAX_COMBATANTS {
                    return Err(Error::InvalidInput(format!(
                        "an encounter holds at most {MAX_COMBATANTS} combatants ({} now, {} more asked)",
                        self.combatants.len(),
                        combatants.len()
                    )));
                }
                for new in combatants {
                    let c = self.join(rules, new, sheet)?;
                    let joined = if self.started() && rules.pace() == Pace::Initiative {
                        self.order.push(c.name.clone());
                        self.initiative_order.push(c.name.clone());
                        format!("{} joins, acting last in the order", c.name)
                    } else {
                        format!("{} joins", c.name)
                    };
                    out.lines.push(joined);
                    self.combatants.push(c);
                }
            }
            Event::Remove { name } => {
                let i = self.find(name)?;
                let gone = self.combatants.remove(i);
                self.initiative_order.retain(|n| *n != gone.name);
                if let Some(pos) = self.order.iter().position(|n| *n == gone.name) {
                    self.order.remove(pos);
                    if pos < self.turn || (pos == self.turn && self.turn >= self.order.len()) {
                        self.turn = self.turn.saturating_sub(1);
                    }
                    if self.order.is_empty() {
                        self.turn = 0;
                    }
                }
                out.lines.push(format!("{} leaves the encounter", gone.name));
            }
            Event::Hide { name, hidden } => {
                let i = self.find(name)?;
                let c = &mut self.combatants[i];
                c.hidden = *hidden;
                out.lines.push(if *hidden {
                    format!("{} is hidden from the player view", c.name)
                } else {
                    format!("{} is shown on the player view", c.name)
                });
            }
            Event::Start { rolls, tie_rolls } => {
                if self.started() {
                    return Err(Error::InvalidInput("the encounter has already started".into()));
                }
                if self.combatants.is_empty() {
                    return Err(Error::InvalidInput("add combatants before starting".into()));
                }
                if rules.pace() == Pace::Together {
                    if let Some(r) = rolls.iter().chain(tie_rolls).next() {
                        return Err(Error::InvalidInput(format!(
                            "{} encounters have no initiative: start takes no rolls (one was given for {})",
                            self.system, r.name
                        )));
                    }
                    self.round = 1;
                    self.turn = 0;
                    self.order.clear();
                    out.lines.push(format!("Under way, with no turn order: {}", self.names().join(", ")));
                    return Ok(out);
                }
                let mut parties = Vec::new();
                for c in &self.combatants {
                    let roll = rolls
                        .iter()
                        .find(|r| r.name.eq_ignore_ascii_case(&c.name))
                        .ok_or_else(|| Error::InvalidInput(format!("no initiative roll for {}", c.name)))?;
                    check_die(rules, &c.name, roll.value)?;
                    let (keys, o) = rules.initiative(c, roll.value);
                    let how = if roll.rolled { "rolled by Tome" } else { "typed" };
                    out.lines.push(format!("{}: die {} ({how}); initiative {}", c.name, roll.value, keys[0]));
                    out.terms.extend(o.terms);
                    parties.push((c.name.clone(), keys));
                }
                if let Some(stray) = rolls.iter().find(|r| self.find(&r.name).is_err()) {
                    return Err(Error::InvalidInput(format!("an initiative roll for {}, who is not here", stray.name)));
                }
                let given = group_rolls(tie_rolls);
                for (name, values) in &given {
                    for &v in values {
                        check_die(rules, name, v)?;
                    }
                }
                let mut missing = Vec::new();
                let order = acting_order(&parties, &given, &mut || {
                    missing.push(());
                    0
                });
                if !missing.is_empty() {
                    let tied: Vec<&str> =
                        order.tie_rolls.iter().filter(|t| t.rolled).map(|t| t.name.as_str()).collect();
                    return Err(Error::InvalidInput(format!("a tie needs re-rolls for: {}", tied.join(", "))));
                }
                for t in &order.tie_rolls {
                    out.lines.push(format!("{} re-rolls a tie: {}", t.name, t.value));
                }
                for (c, (_, keys)) in self.combatants.iter_mut().zip(&parties) {
                    c.initiative = Some(keys[0]);
                }
                self.order = order.order;
                self.initiative_order = self.order.clone();
                self.round = 1;
                self.turn = 0;
                out.lines.push(format!("Round 1. Order: {}", self.order.join(", ")));
                let first = self.current().map(str::to_string).unwrap_or_default();
                self.turn_starts(rules, &first, &mut out)?;
            }
            Event::Next if rules.pace() == Pace::Together => {
                self.require_started("the next turn")?;
                if rules.next_step().is_none() {
                    return Err(Error::InvalidInput(format!(
                        "{} encounters have no turns: time passes with `elapse`, and the system's actions say what happens",
                        self.system
                    )));
                }
                let o = rules.advance(self)?;
                out.lines.extend(o.lines);
                out.terms.extend(o.terms);
            }
            Event::Next => {
                self.require_started("the next turn")?;
                let acting = self.current().map(str::to_string).unwrap_or_default();
                let i = self.find(&acting)?;
                let ended = rules.end_turn(&mut self.combatants[i]);
                out.lines.push(format!("{acting}'s turn ends"));
                out.lines.extend(ended.lines);
                out.terms.extend(ended.terms);
                out.lines.extend(self.count_down(&acting));
                self.turn += 1;
                if self.turn >= self.order.len() {
                    self.turn = 0;
                    self.round += 1;
                    // A delay lasts one round: the next starts from the initiative order.
                    self.order = self.initiative_order.clone();
                    out.lines.push(format!("Round {}", self.round));
                }
                let next = self.current().map(str::to_string).unwrap_or_default();
                self.turn_starts(rules, &next, &mut out)?;
            }
            Event::Delay { after } => {
                self.require_started("delaying")?;
                let rule = rules.delay_rule().filter(|_| rules.pace() == Pace::Initiative).ok_or_else(|| {
                    Error::InvalidInput(format!(
                        "{} encounters have no delaying: the order stays as rolled",
                        self.system
                    ))
                })?;
                let acting = self.current().map(str::to_string).unwrap_or_default();
                let i = self.find(after)?;
                let other = self.combatants[i].name.clone();
                if other == acting {
                    return Err(Error::InvalidInput(format!("{acting} cannot delay until after itself")));
                }
                let pos = self.order.iter().position(|n| *n == other).unwrap_or(0);
                if pos < self.turn {
                    return Err(Error::InvalidInput(format!(
                        "{other} has already acted this round: {acting} can only wait for someone still to act"
                    )));
                }
                let me = self.order.remove(self.turn);
                // `pos` was after the acting one, so it moved up one place: insert behind it.
                self.order.insert(pos, me);
                out.lines.push(format!("{acting} delays, to act after {other} this round"));
                out.terms.push(Term::text(format!("{acting}: delayed"), format!("after {other}"), Some(rule)));
                let next = self.current().map(str::to_string).unwrap_or_default();
                self.turn_starts(rules, &next, &mut out)?;
            }
            Event::Damage { name, amount, kind } => {
                self.require_started("damage")?;
                check_amount("damage", *amount)?;
                let i = self.find(name)?;
                let o = rules.damage(&mut self.combatants[i], *amount, kind.as_deref())?;
                let what = kind.as_deref().map(|k| format!(" {k}")).unwrap_or_default();
                out.lines.push(format!("{} takes {amount}{what} damage", self.combatants[i].name));
                out.lines.extend(o.lines);
                out.terms.extend(o.terms);
            }
            Event::Heal { name, amount } => {
                self.require_started("healing")?;
                check_amount("healing", *amount)?;
                if *amount == 0 {
                    return Err(Error::InvalidInput("healing of 0 changes nothing: give an amount of 1 or more".into()));
                }
                let i = self.find(name)?;
                let o = rules.heal(&mut self.combatants[i], *amount)?;
                out.lines.push(format!("{} heals {amount}", self.combatants[i].name));
                out.lines.extend(o.lines);
                out.terms.extend(o.terms);
            }
            Event::AddCondition { name, condition, duration } => {
                let i = self.find(name)?;
                if rules.pace() == Pace::Together
                    && matches!(duration, Duration::Rounds { .. } | Duration::EndOfTurnOf { .. })
                {
                    return Err(Error::InvalidInput(format!(
                        "{} encounters have no turns to count: give the duration in seconds, or none (until removed)",
                        self.system
                    )));
                }
                let active = self.condition(condition, duration, at + self.clock)?;
                rules.can_gain(&self.combatants[i], &active.name)?;
                let longer = rules.longer_duration_replaces();
                let c = &mut self.combatants[i];
                match c.conditions.iter().position(|x| x.name.eq_ignore_ascii_case(&active.name)) {
                    Some(pos) if longer => {
                        let old = &c.conditions[pos];
                        let lasts = |x: &ActiveCondition| match x.duration {
                            Duration::UntilRemoved => i64::MAX,
                            _ => x.expires_at.or(x.remaining).unwrap_or(0),
                        };
                        if lasts(&active) > lasts(old) {
                            out.lines.push(format!(
                                "{} is already {}: the longer new duration replaces the old ({})",
                                c.name,
                                active.name,
                                duration_text(duration)
                            ));
                            c.conditions[pos] = active;
                        } else {
                            out.lines.push(format!(
                                "{} is already {} for at least as long: the duration stays as it was",
                                c.name, active.name
                            ));
                        }
                    }
                    Some(_) => return Err(Error::InvalidInput(format!("{} is already {}", c.name, active.name))),
                    None => {
                        out.lines.push(format!("{} gains {} ({})", c.name, active.name, duration_text(duration)));
                        c.conditions.push(active);
                    }
                }
            }
            Event::RemoveCondition { name, condition } => {
                let i = self.find(name)?;
                let c = &mut self.combatants[i];
                let pos = c.conditions.iter().position(|x| x.matches(condition)).ok_or_else(|| Error::NotFound {
                    what: "condition on this combatant",
                    id: condition.clone(),
                    suggestions: c.conditions.iter().map(|x| x.name.clone()).collect(),
                })?;
                let gone = c.conditions.remove(pos);
                out.lines.push(format!("{} is no longer {}", c.name, gone.name));
            }
            Event::Set { name, field, value } => {
                let i = self.find(name)?;
                let spec = resolve_stat(rules, field);
                let c = &mut self.combatants[i];
                if let Some(spec) = spec {
                    check_stat(spec, *value)?;
                    c.stats.insert(spec.key.to_string(), *value);
                    out.lines.push(format!("{}: {} set to {value}", c.name, spec.label));
                } else if c.values.contains_key(field.as_str()) {
                    let (min, max) = rules.value_range(c, field).unwrap_or((0, MAX_AMOUNT));
                    if !(min..=max).contains(value) {
                        return Err(Error::InvalidInput(format!(
                            "{field} must be between {min} and {max}, not {value}"
                        )));
                    }
                    c.values.insert(field.clone(), *value);
                    out.lines.push(format!("{}: {field} set to {value}", c.name));
                    let o = rules.after_set(c, field)?;
                    out.lines.extend(o.lines);
                    out.terms.extend(o.terms);
                } else {
                    let mut known: Vec<String> = rules.stats().iter().map(|s| s.key.to_string()).collect();
                    known.extend(c.values.keys().cloned());
                    known.push("hidden".into());
                    return Err(Error::NotFound { what: "value", id: field.clone(), suggestions: known });
                }
            }
        }
        let settled = rules.after_change(self, at + self.clock)?;
        out.lines.extend(settled.lines);
        out.terms.extend(settled.terms);
        Ok(out)
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
                "{what} comes after the start: roll initiative first (`tome encounter start`, which takes no rolls where the system has no initiative)"
            )))
        }
    }

    fn join(
        &self,
        rules: &dyn EncounterRules,
        new: &NewCombatant,
        sheet: &dyn Fn(i64) -> Result<BTreeMap<String, i64>>,
    ) -> Result<super::Combatant> {
        let name = new.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(Error::InvalidInput("a combatant's name has 1 to 100 characters".into()));
        }
        if self.find(name).is_ok() {
            return Err(Error::InvalidInput(format!("there is already a combatant called {name}")));
        }
        let mut stats: BTreeMap<String, i64> = match new.character {
            Some(id) => sheet(id)?,
            None => BTreeMap::new(),
        };
        for (key, &value) in &new.stats {
            let spec = resolve_stat(rules, key).ok_or_else(|| Error::NotFound {
                what: "stat",
                id: key.clone(),
                suggestions: rules.stats().iter().map(|s| s.key.to_string()).collect(),
            })?;
            check_stat(spec, value)?;
            stats.insert(spec.key.to_string(), value);
        }
        for spec in rules.stats() {
            stats.entry(spec.key.to_string()).or_insert(spec.default);
        }
        let mut c = Combatant {
            name: name.to_string(),
            character: new.character,
            hidden: false,
            stats,
            values: BTreeMap::new(),
            initiative: None,
            conditions: Vec::new(),
            marks: Vec::new(),
        };
        rules.join(&mut c);
        Ok(c)
    }

    fn turn_starts(&mut self, rules: &dyn EncounterRules, name: &str, out: &mut Outcome) -> Result<()> {
        let i = self.find(name)?;
        out.lines.push(format!("{name}'s turn"));
        let started = rules.start_turn(&mut self.combatants[i]);
        out.lines.extend(started.lines);
        out.terms.extend(started.terms);
        Ok(())
    }

    fn condition(&self, condition: &ConditionRef, duration: &Duration, at: i64) -> Result<ActiveCondition> {
        let name = condition.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(Error::InvalidInput("a condition's name has 1 to 100 characters".into()));
        }
        let (remaining, expires_at) = match duration {
            Duration::Rounds { rounds } => {
                check_duration("rounds", *rounds)?;
                (Some(*rounds), None)
            }
            Duration::Seconds { seconds } => {
                check_duration("seconds", *seconds)?;
                (None, Some(at.saturating_add(*seconds)))
            }
            Duration::EndOfTurnOf { name: whose } => {
                let i = self.find(whose)?;
                // "Until the end of its next turn": the turn in progress does not count.
                let acting = self.current() == Some(self.combatants[i].name.as_str());
                (Some(if acting { 2 } else { 1 }), None)
            }
            Duration::UntilRemoved => (None, None),
        };
        Ok(ActiveCondition {
            id: condition.id.clone(),
            name: name.to_string(),
            duration: duration.clone(),
            remaining,
            expires_at,
        })
    }

    /// Durations counted at the end of `acting`'s turn: rounds on its own conditions,
    /// "until the end of X's next turn" on everyone's.
    fn count_down(&mut self, acting: &str) -> Vec<String> {
        let mut lines = Vec::new();
        for c in &mut self.combatants {
            let own = c.name == acting;
            c.conditions.retain_mut(|x| {
                let counts = match &x.duration {
                    Duration::Rounds { .. } => own,
                    Duration::EndOfTurnOf { name } => name.eq_ignore_ascii_case(acting),
                    _ => false,
                };
                if counts {
                    let left = x.remaining.unwrap_or(0) - 1;
                    x.remaining = Some(left);
                    if left <= 0 {
                        lines.push(format!("{}'s {} ends", c.name, x.name));
                        return false;
                    }
                }
                true
            });
        }
        lines
    }

    /// Removes conditions whose seconds ran out by `now`, saying so.
    fn expire_seconds(&mut self, rules: &dyn EncounterRules, now: i64) -> Vec<String> {
        let mut lines = Vec::new();
        for c in &mut self.combatants {
            let (gone, kept): (Vec<_>, Vec<_>) =
                std::mem::take(&mut c.conditions).into_iter().partition(|x| x.expires_at.is_some_and(|t| t <= now));
            c.conditions = kept;
            for x in gone {
                lines.push(format!("{}'s {} ends (time is up)", c.name, x.name));
                lines.extend(rules.expired(c, &x));
            }
        }
        lines
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
        }
    }
}

/// A stat's spec by its key or one of its other words (case aside).
pub fn resolve_stat(rules: &dyn EncounterRules, word: &str) -> Option<&'static super::StatSpec> {
    let w = word.trim().to_ascii_lowercase().replace('_', "-");
    rules.stats().iter().find(|s| s.key == w || s.aliases.iter().any(|a| a.eq_ignore_ascii_case(&w)))
}

fn check_stat(spec: &super::StatSpec, value: i64) -> Result<()> {
    if (spec.min..=spec.max).contains(&value) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("{} must be between {} and {}, not {value}", spec.label, spec.min, spec.max)))
    }
}

fn check_amount(what: &str, amount: i64) -> Result<()> {
    if (0..=MAX_AMOUNT).contains(&amount) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("{what} must be between 0 and {MAX_AMOUNT}, not {amount}")))
    }
}

fn check_duration(what: &str, n: i64) -> Result<()> {
    if (1..=MAX_DURATION).contains(&n) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("a duration in {what} must be between 1 and {MAX_DURATION}, not {n}")))
    }
}

fn check_die(rules: &dyn EncounterRules, name: &str, value: i64) -> Result<()> {
    let (dice, (min, max)) = rules.initiative_dice();
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!("{name}'s {dice} roll must be between {min} and {max}, not {value}")))
    }
}

/// Re-rolls by name, each name's in the order given.
fn group_rolls(rolls: &[Roll]) -> Vec<(String, Vec<i64>)> {
    let mut out: Vec<(String, Vec<i64>)> = Vec::new();
    for r in rolls {
        match out.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(&r.name)) {
            Some((_, v)) => v.push(r.value),
            None => out.push((r.name.clone(), vec![r.value])),
        }
    }
    out
}

/// A duration in words, for the log.
pub fn duration_text(d: &Duration) -> String {
    match d {
        Duration::Rounds { rounds: 1 } => "1 round".into(),
        Duration::Rounds { rounds } => format!("{rounds} rounds"),
        Duration::Seconds { seconds } => format!("{seconds} s"),
        Duration::EndOfTurnOf { name } => format!("until the end of {name}'s next turn"),
        Duration::UntilRemoved => "until removed".into(),
    }
}
