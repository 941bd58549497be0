//! The state of the encounter read or changed last, kept in memory so the next change or
//! show of the same encounter starts from it instead of replaying the events since the
//! last checkpoint (a replay was most of what a change cost). A cache, never the truth:
//! it is read only while nothing could have changed the encounter since it was kept.

use std::sync::Mutex;

use crate::encounters::State;
use crate::Tome;

/// One encounter's state at one head, and what the database looked like then.
pub(super) struct KeptState {
    id: i64,
    head: usize,
    /// SQLite's `data_version` read before the events were: it moves whenever another
    /// connection (another `tome`, the app) commits, whatever it wrote.
    version: i64,
    /// The rows this connection had inserted, updated or deleted when it was kept (the
    /// checkpoints a replay writes included): any write since, by any path of this Tome or
    /// raw SQL through its connection, moves it.
    writes: u64,
    state: State,
}

/// Where a [`Tome`] keeps it: at most one encounter, the one at the table.
pub(super) type Kept = Mutex<Option<KeptState>>;

impl Tome {
    /// The kept state of encounter `id` at `head`, when nothing was written since it was
    /// kept and `version` (read before the caller's read of the encounter's row) is the one
    /// it was kept under.
    pub(super) fn kept_state(&self, id: i64, head: usize, version: i64) -> Option<State> {
        let kept = self.kept.lock().ok()?;
        let k = kept.as_ref()?;
        (k.id == id && k.head == head && k.version == version && k.writes == self.db.writes()).then(|| k.state.clone())
    }

    /// Keeps a copy of `state`, encounter `id`'s at `head` as read under `version`, after
    /// everything the read wrote (its checkpoints).
    pub(super) fn keep_state(&self, id: i64, head: usize, version: i64, state: &State) {
        if let Ok(mut kept) = self.kept.lock() {
            *kept = Some(KeptState { id, head, version, writes: self.db.writes(), state: last_entry_only(state) });
        }
    }

    /// Keeps `state`, made by one change at `head` from the state kept at `head - 1`, when
    /// that state is still the kept one and only the change itself (`writes` rows, its
    /// event and checkpoint) was written since: what it was read under still holds.
    pub(super) fn keep_changed_state(&self, id: i64, head: usize, writes_before: u64, state: State) {
        if let Ok(mut kept) = self.kept.lock() {
            match kept.as_mut() {
                Some(k) if k.id == id && k.head + 1 == head && k.writes == writes_before => {
                    k.head = head;
                    k.writes = self.db.writes();
                    k.state = state;
                    let last = k.state.log.pop();
                    k.state.log.clear();
                    k.state.log.extend(last);
                }
                _ => *kept = None,
            }
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
