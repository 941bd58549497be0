//! Fights played through the MythCraft rules, event by event, as the engine replays
//! them; each test names what a game master would notice. Line numbers are of the
//! rules document (004).

mod amounts;
mod attack_log;
mod blinded;
mod calculators;
mod crits;
mod d20_rolls;
mod defects;
mod known;
mod late;
mod moves;
mod prone_and_waking;
mod rechecks;
mod sharing;
mod surprise;
mod unseen;

use std::collections::BTreeMap;

use super::Rules;
use crate::encounters::{ConditionRef, Duration, Event, NewCombatant, Roll, State};
use crate::error::Result;

/// A fight with these combatants (name, stats), not yet started.
pub(super) fn fight(who: &[(&str, &[(&str, i64)])]) -> State {
    let mut s = State::new("mythcraft");
    let combatants = who
        .iter()
        .map(|(name, stats)| NewCombatant::quick(*name, stats.iter().map(|(k, v)| (k.to_string(), *v)).collect()))
        .collect();
    ev(&mut s, Event::Add { combatants, rolls: Vec::new() }).unwrap();
    s
}

/// Starts it with these initiative dice.
pub(super) fn start(s: &mut State, rolls: &[(&str, i64)]) {
    let rolls = rolls.iter().map(|(n, v)| Roll { name: n.to_string(), value: *v, rolled: false }).collect();
    ev(s, Event::Start { rolls, tie_rolls: Vec::new() }).unwrap();
}

pub(super) fn ev(s: &mut State, e: Event) -> Result<()> {
    s.apply(&Rules, 0, &e, &|_| Ok(BTreeMap::new()))
}

pub(super) fn act(s: &mut State, action: &str, name: &str, inputs: &[(&str, &str)]) -> Result<()> {
    let inputs = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let name = Some(name.to_string()).filter(|n| !n.is_empty());
    ev(s, Event::Act { action: action.into(), name, inputs, facts: BTreeMap::new(), sent: None })
}

pub(super) fn next(s: &mut State) {
    ev(s, Event::Next).unwrap();
}

pub(super) fn set(s: &mut State, name: &str, field: &str, value: i64) -> Result<()> {
    ev(s, Event::Set { name: name.into(), field: field.into(), value })
}

pub(super) fn condition(s: &mut State, name: &str, id: Option<&str>, label: &str) -> Result<()> {
    let condition = ConditionRef { id: id.map(str::to_string), name: label.into() };
    ev(s, Event::AddCondition { name: name.into(), condition, duration: Duration::UntilRemoved })
}

/// A MythCraft condition by its entry.
pub(super) fn entry(s: &mut State, name: &str, label: &str) -> Result<()> {
    let id = format!("mythcraft/condition/{}", crate::slug::slugify(label));
    condition(s, name, Some(&id), label)
}

pub(super) fn value(s: &State, name: &str, key: &str) -> i64 {
    s.combatants[s.find(name).unwrap()].value(key)
}

pub(super) fn has(s: &State, name: &str, condition: &str) -> bool {
    s.combatants[s.find(name).unwrap()].has(condition)
}

/// The last event's lines.
pub(super) fn said(s: &State) -> String {
    s.log.last().map(|l| l.lines.join("\n")).unwrap_or_default()
}
