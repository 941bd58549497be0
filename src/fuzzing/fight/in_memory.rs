//! The tracker's rules as the steps drive them with nothing stored: each change is the
//! event the API would store, built by the same code from the same state, applied to the
//! state in memory; an undo goes back to the state before, as the API's head move does.
//! Each state holds only its log's last entry, as the API's kept state does; the whole log
//! is kept beside them, as the stored events give it.

use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::{first_fields, Change, Fight};
use crate::api::{check_room, encounter_view, join_event, quick_combatants, roll_event, start_event};
use crate::db::encounters::EncounterRow;
use crate::encounters::{checkpoint, EncounterRules, Event, LogEntry, State};
use crate::error::{Error, Result};
use crate::Tome;

/// The event times: Unix seconds of a day in 2027, one second an event, so a replay
/// sees the times the changes saw.
const START: i64 = 1_800_000_000;

/// A fight in memory: the state now, the states before each event in force, and what an
/// undo took back. Every state holds its log's last entry only: copying the whole log for
/// each change made an input's cost grow with the square of its length.
pub(super) struct InMemory {
    system: &'static str,
    mode: &'static str,
    rules: &'static dyn EncounterRules,
    state: State,
    /// The state before each event in force: `before[k]` holds the first `k` events.
    before: Vec<State>,
    /// The events in force, with their times.
    events: Vec<(i64, Event)>,
    /// The log entry of each event in force.
    log: Vec<LogEntry>,
    /// The events undone, newest last, each with the state it left: what a redo brings
    /// back.
    undone: Vec<((i64, Event), State)>,
    at: i64,
}

/// Saved sheets are the stored target's: no quick combatant reads one.
fn no_sheet(id: i64) -> Result<BTreeMap<String, i64>> {
    Err(Error::InvalidInput(format!("no saved character {id} in a fight held in memory")))
}

impl InMemory {
    pub(super) fn open(_tome: &mut Tome, system: &'static str, mode: &'static str) -> Option<Box<dyn Fight>> {
        let (mode, rules) = Tome::encounter_mode(system, mode).ok()?;
        let state = State::new(system);
        Some(Box::new(InMemory {
            system,
            mode,
            rules,
            state,
            before: Vec::new(),
            events: Vec::new(),
            log: Vec::new(),
            undone: Vec::new(),
            at: START,
        }))
    }

    /// The event `change` makes from the state now, as the API makes it; `None` for
    /// what reads or writes a saved sheet. Not for an undo or a redo.
    fn event(&self, tome: &Tome, change: Change) -> Result<Option<Event>> {
        let (rules, state) = (self.rules, &self.state);
        Ok(Some(match change {
            Change::AddNpc { name, count, stats } => {
                // Tome rolls a late joiner's initiative: seeded by the time, to be replayable.
                let seed = u64::try_from(self.at).unwrap_or_default();
                join_event(rules, state, quick_combatants(&name, count, stats)?, Some(seed))?
            }
            Change::Start { typed, seed } => start_event(rules, state, &typed, &[], Some(seed))?,
            Change::Event(event) => event,
            Change::Condition { name, condition, duration, remove, custom } => {
                tome.condition_event(self.system, rules, &name, &condition, duration, remove, custom)?
            }
            Change::Act { action, who, inputs, seed, sent } => {
                let spec = crate::encounters::action_spec(rules, action)?;
                tome.act_event(rules, state, spec, who.as_deref(), inputs, Some(seed), sent)?
            }
            Change::Roll { name, dice, secret, seed } => {
                let rolled =
                    crate::dice::roll_spec(dice, &mut StdRng::seed_from_u64(seed), 1).map_err(Error::InvalidInput)?;
                roll_event(&name, &rolled, secret)
            }
            Change::AddCharacter | Change::WriteToSheets | Change::Undo | Change::Redo => return Ok(None),
        }))
    }

    /// Applies `event` to a copy of the state, as the API's change does: the state before
    /// stays for an undo, and one the event does not apply to is dropped half-changed.
    fn apply(&mut self, event: Event) -> Result<()> {
        check_room(self.rules, &self.state, &event)?;
        let at = self.at + 1;
        let mut next = self.state.clone().applied(self.rules, at, &event, &no_sheet)?;
        let entry = last_entry_only(&mut next);
        self.log.extend(entry);
        self.at = at;
        self.before.push(std::mem::replace(&mut self.state, next));
        self.events.push((at, event));
        self.undone.clear();
        Ok(())
    }

    /// Back to the state before the last event, as the API's undo moves the head.
    fn undo(&mut self) -> Result<()> {
        let (Some(event), Some(before)) = (self.events.pop(), self.before.pop()) else {
            return Err(Error::InvalidInput("nothing to undo".into()));
        };
        let after = std::mem::replace(&mut self.state, before);
        self.log.pop();
        self.undone.push((event, after));
        Ok(())
    }

    fn redo(&mut self) -> Result<()> {
        let Some((event, after)) = self.undone.pop() else {
            return Err(Error::InvalidInput("nothing to redo".into()));
        };
        self.log.extend(after.log.last().cloned());
        self.before.push(std::mem::replace(&mut self.state, after));
        self.events.push(event);
        Ok(())
    }

    fn view(&self) -> crate::api::EncounterView {
        let row = EncounterRow {
            id: 1,
            name: "Fuzz".into(),
            system: self.system.into(),
            mode: self.mode.into(),
            head: self.events.len(),
            updated: self.at,
            ended: None,
            offer_reveal: false,
            table_totals: false,
        };
        encounter_view(&row, &self.state, self.events.len(), self.at, &|r, c| crate::api::written_attacks(r, c, None))
    }
}

impl Fight for InMemory {
    fn make(&mut self, tome: &mut Tome, change: Change) -> Result<()> {
        let made = match change {
            Change::Undo => self.undo(),
            Change::Redo => self.redo(),
            change => match self.event(tome, change) {
                Ok(Some(event)) => self.apply(event),
                Ok(None) => Ok(()),
                Err(e) => Err(e),
            },
        };
        if let Err(e) = &made {
            assert!(!e.to_string().is_empty(), "a refusal says why");
        }
        made
    }

    fn fields(&self) -> Vec<String> {
        first_fields(&self.view())
    }

    fn finish(self: Box<Self>, _tome: &mut Tome) {
        // A replay from nothing of the first half, then, from a checkpoint of it written
        // and read back, a resume of the rest: together one replay of every event accepted.
        let (rules, n) = (self.rules, self.events.len());
        let k = n / 2;
        let mut first =
            State::replay(self.system, rules, &self.events[..k], &no_sheet).expect("the events accepted replay");
        let log = std::mem::take(&mut first.log);
        assert_eq!(log, self.log[..k], "a replay logs what the changes logged");
        first.log.extend(log.last().cloned());
        let at_k = self.before.get(k).unwrap_or(&self.state);
        assert_eq!(&first, at_k, "a replay of the events accepted is the state they left");
        let (blob, sum) = checkpoint::encode(1, &mut first);
        let mut resumed = checkpoint::decode(1, &blob, sum, k).expect("a checkpoint just written reads back");
        resumed.resume(rules, &self.events[k..], &no_sheet).expect("the events after a checkpoint resume");
        assert_eq!(resumed.log, self.log[k.saturating_sub(1)..], "the log resumed from a checkpoint");
        last_entry_only(&mut resumed);
        assert_eq!(resumed, self.state, "a fight resumed from a checkpoint is the state the changes left");
        let view = self.view();
        assert!(serde_json::to_string(&view).is_ok_and(|json| !json.is_empty()), "the view serializes");
    }
}

/// Cuts `state`'s log to its last entry, as the API keeps a state, and gives that entry.
fn last_entry_only(state: &mut State) -> Option<LogEntry> {
    let keep = state.log.len().saturating_sub(1);
    state.log.drain(..keep);
    state.log.last().cloned()
}
