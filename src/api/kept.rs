//! The states of the encounter read or changed last, kept in memory so the next change,
//! show, undo or redo of the same encounter starts from one instead of replaying the
//! events since the last checkpoint (a replay was most of what a change cost). A cache,
//! never the truth: it is read only while nothing could have changed the encounter since
//! it was kept.

use std::sync::{Arc, Mutex};

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
    /// (a change's own event, an undo's or redo's move of the head, the sheets written
    /// at the end of a fight).
    writes: u64,
    /// Each with the head it is the state at, oldest kept first; shared with the callers
    /// that read them, so a read copies nothing.
    states: Vec<(usize, Arc<State>)>,
}

/// Where a [`Tome`] keeps them: one encounter, the one at the table.
pub(super) type Kept = Mutex<Option<KeptState>>;

impl KeptState {
    fn holds(&self, id: i64, version: i64, writes: u64) -> bool {
        self.id == id && self.version == version && self.writes == writes
    }

    /// Adds the state at `head`, in place of any kept at the same head, dropping the
    /// oldest beyond [`HEADS`].
    fn push(&mut self, head: usize, state: Arc<State>) {
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
    pub(super) fn kept_state(&self, id: i64, head: usize, version: i64) -> Option<Arc<State>> {
        let kept = self.kept.lock().ok()?;
        let k = kept.as_ref().filter(|k| k.holds(id, version, self.db.writes()))?;
        k.states.iter().find(|(h, _)| *h == head).map(|(_, s)| Arc::clone(s))
    }

    /// Keeps `state`, encounter `id`'s at `head` as read under `version`, after everything
    /// the read wrote (its checkpoints), with its log cut to its last entry, and gives it
    /// back shared. The states kept before stay beside it when nothing was written since
    /// they were kept.
    pub(super) fn keep_state(&self, id: i64, head: usize, version: i64, state: State) -> Arc<State> {
        let state = Arc::new(last_entry_only(state));
        let Ok(mut kept) = self.kept.lock() else { return state };
        let writes = self.db.writes();
        match kept.as_mut() {
            Some(k) if k.holds(id, version, writes) => k.push(head, Arc::clone(&state)),
            _ => *kept = Some(KeptState { id, version, writes, states: vec![(head, Arc::clone(&state))] }),
        }
        state
    }

    /// Keeps `state`, made by one change at `head` from the state kept at `head - 1`, when
    /// that state is still kept and only the change itself (its event and checkpoint) was
    /// written since `writes_before`: what it was read under still holds. The states kept
    /// above `head - 1` are of the events the change replaced, and go.
    pub(super) fn keep_changed_state(&self, id: i64, head: usize, writes_before: u64, state: State) {
        let Ok(mut kept) = self.kept.lock() else { return };
        match kept.as_mut() {
            Some(k) if k.id == id && k.writes == writes_before && k.states.iter().any(|(h, _)| *h + 1 == head) => {
                k.writes = self.db.writes();
                k.states.retain(|(h, _)| *h < head);
                k.push(head, Arc::new(last_entry_only(state)));
            }
            _ => *kept = None,
        }
    }

    /// Lets every kept state go (a transaction they were kept in was rolled back).
    pub(super) fn forget_kept_states(&self) {
        if let Ok(mut kept) = self.kept.lock() {
            *kept = None;
        }
    }

    /// Tells the kept states that this Tome wrote nothing to encounter `id`'s events since
    /// `writes_before`, only around them: its head moved (an undo or a redo), or the fight
    /// was written to the sheets and marked ended. Every state kept still holds at its
    /// head: a state is its events replayed, and a saved character's stats are kept in the
    /// event it joined by, never read from the sheet again.
    pub(super) fn keep_across(&self, id: i64, writes_before: u64) {
        let Ok(mut kept) = self.kept.lock() else { return };
        match kept.as_mut() {
            Some(k) if k.id == id && k.writes == writes_before => k.writes = self.db.writes(),
            _ => *kept = None,
        }
    }
}

/// `state` with its log cut to its last entry: all that a state read through
/// [`Tome::encounter_state`] is read for (the view's latest entry), as a checkpoint keeps
/// it, so what is kept is the same size however long the fight has run.
fn last_entry_only(mut state: State) -> State {
    if state.log.len() > 1 {
        state.log.drain(..state.log.len() - 1);
    }
    state
}
