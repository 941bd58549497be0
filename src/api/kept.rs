//! The states of the encounter read or changed last, kept in memory so the next change,
//! show, undo or redo of the same encounter starts from one instead of replaying the
//! events since the last checkpoint (a replay was most of what a change cost). A cache,
//! never the truth: it is read only while nothing could have changed the encounter since
//! it was kept.

use std::sync::Mutex;

use crate::encounters::State;
use crate::Tome;

/// How many heads of the encounter are kept: the last one read or changed and the one
/// before it, so an undo straight after a change (or a redo after an undo) replays
/// nothing.
const HEADS: usize = 2;

/// One encounter's states at a few heads, and what the database looked like then.
pub(super) struct KeptState {
    id: i64,
    /// SQLite's `data_version` read before the events were: it moves whenever another
    /// connection (another `tome`, the app) commits, whatever it wrote.
    version: i64,
    /// The rows this connection had inserted, updated or deleted when it was kept (the
    /// checkpoints a replay writes included): any write since, by any path of this Tome or
    /// raw SQL through its connection, moves it, except the ones this module is told of
    /// (a change's own event, an undo's or redo's move of the head).
    writes: u64,
    /// Each with the head it is the state at, oldest kept first.
    states: Vec<(usize, State)>,
}

/// Where a [`Tome`] keeps them: one encounter, the one at the table.
pub(super) type Kept = Mutex<Option<KeptState>>;

impl KeptState {
    fn holds(&self, id: i64, version: i64, writes: u64) -> bool {
        self.id == id && self.version == version && self.writes == writes
    }

    /// Adds the state at `head`, in place of any kept at the same head, dropping the
    /// oldest beyond [`HEADS`].
    fn push(&mut self, head: usize, state: State) {
        self.states.retain(|(h, _)| *h != head);
        self.states.push((head, state));
        if self.states.len() > HEADS {
            self.states.remove(0);
        }
    }
}

impl Tome {
    /// The kept state of encounter `id` at `head`, when nothing was written since it was
    /// kept and `version` (read before the caller's read of the encounter's row) is the one
    /// it was kept under.
    pub(super) fn kept_state(&self, id: i64, head: usize, version: i64) -> Option<State> {
        let kept = self.kept.lock().ok()?;
        let k = kept.as_ref().filter(|k| k.holds(id, version, self.db.writes()))?;
        k.states.iter().find(|(h, _)| *h == head).map(|(_, s)| s.clone())
    }

    /// Keeps a copy of `state`, encounter `id`'s at `head` as read under `version`, after
    /// everything the read wrote (its checkpoints). The states kept before stay beside it
    /// when nothing was written since they were kept.
    pub(super) fn keep_state(&self, id: i64, head: usize, version: i64, state: &State) {
        let Ok(mut kept) = self.kept.lock() else { return };
        let writes = self.db.writes();
        match kept.as_mut() {
            Some(k) if k.holds(id, version, writes) => k.push(head, last_entry_only(state)),
            _ => *kept = Some(KeptState { id, version, writes, states: vec![(head, last_entry_only(state))] }),
        }
    }

    /// Keeps `state`, made by one change at `head` from the state kept at `head - 1`, when
    /// that state is still kept and only the change itself (its event and checkpoint) was
    /// written since `writes_before`: what it was read under still holds. The states kept
    /// above `head - 1` are of the events the change replaced, and go.
    pub(super) fn keep_changed_state(&self, id: i64, head: usize, writes_before: u64, mut state: State) {
        let Ok(mut kept) = self.kept.lock() else { return };
        match kept.as_mut() {
            Some(k) if k.id == id && k.writes == writes_before && k.states.iter().any(|(h, _)| *h + 1 == head) => {
                k.writes = self.db.writes();
                k.states.retain(|(h, _)| *h < head);
                let last = state.log.pop();
                state.log.clear();
                state.log.extend(last);
                k.push(head, state);
            }
            _ => *kept = None,
        }
    }

    /// Tells the kept states that this Tome moved encounter `id`'s head (an undo or a
    /// redo), writing nothing else since `writes_before`: the events are as they were, so
    /// every state kept still holds at its head.
    pub(super) fn keep_across_head_move(&self, id: i64, writes_before: u64) {
        let Ok(mut kept) = self.kept.lock() else { return };
        match kept.as_mut() {
            Some(k) if k.id == id && k.writes == writes_before => k.writes = self.db.writes(),
            _ => *kept = None,
        }
    }
}

/// A copy of `state` whose log holds only its last entry: all that a state read through
/// [`Tome::encounter_state`] is read for (the view's latest entry), as a checkpoint keeps
/// it, so the copy costs the same however long the fight has run.
fn last_entry_only(state: &State) -> State {
    State {
        system: state.system.clone(),
        round: state.round,
        order: state.order.clone(),
        initiative_order: state.initiative_order.clone(),
        turn: state.turn,
        combatants: state.combatants.clone(),
        clock: state.clock,
        values: state.values.clone(),
        applied: state.applied,
        log: state.log.last().cloned().into_iter().collect(),
        rolls: state.rolls.clone(),
    }
}
