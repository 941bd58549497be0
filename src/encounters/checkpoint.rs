//! Checkpoints: the state after some events, kept so that a change, an undo or a show
//! replays only the events since the newest one, and a fight costs the same at its
//! twenty-thousandth blow as at its first (`schema/0008_encounter_checkpoints.sql`).
//!
//! A checkpoint is a cache, never the truth. It is read only when it was made by this
//! build's replay code ([`key`]) and its checksum holds; anything else (missing, damaged,
//! from an older Tome) means a replay from the log, which then writes a fresh one. The
//! database drops every checkpoint that an event written or deleted could make stale.

use super::State;
use crate::error::{Error, Result};

/// A checkpoint is kept every this many events: a change replays at most this many. (The
/// stored fuzz target keeps them every 4, so that its short fights reach them.)
pub const INTERVAL: usize = 50;

/// The code checkpoints are made by: the version and a hash of every source a replay runs
/// (worked out by `build.rs`).
pub fn key() -> &'static str {
    concat!(env!("CARGO_PKG_VERSION"), "-", env!("TOME_FIGHT_CODE"))
}

/// Whether a state after `applied` events is one to keep, a checkpoint every `interval`.
pub fn due(applied: usize, interval: usize) -> bool {
    applied > 0 && applied.is_multiple_of(interval)
}

/// The state of encounter `encounter` as stored, with its checksum. Only the log's last
/// entry is kept: it is what a view shows as just happened, and the rest of the log is
/// the events' to give.
///
/// The checksum covers where the state stands (the encounter and its event count) as
/// well as what it holds, so a checkpoint moved to another fight or another place does
/// not read there. That makes a checkpoint vouch for itself: lost, it is a replay, never
/// damage (the encounter's own seal leaves its checkpoints out, `db/sealed.rs`).
pub fn encode(encounter: i64, state: &mut State) -> (Vec<u8>, i64) {
    // The log is set aside rather than copied: a long replay's log is most of the state.
    let log = std::mem::take(&mut state.log);
    state.log.extend(log.last().cloned());
    // A state holds only strings, numbers and maps of them: it always serializes.
    let blob = serde_json::to_vec(&*state).unwrap_or_default();
    state.log = log;
    let sum = checksum(encounter, state.applied, &blob);
    (blob, sum)
}

/// The state a stored checkpoint of encounter `encounter` holds, for the events `1..=seq`.
///
/// # Errors
/// A checksum that does not match (the state changed, or was written for another fight
/// or another place), a state that cannot be read or that is not of `seq` events: the
/// caller replays instead.
pub fn decode(encounter: i64, blob: &[u8], sum: i64, seq: usize) -> Result<State> {
    if checksum(encounter, seq, blob) != sum {
        return Err(Error::InvalidInput(format!("the checkpoint after event {seq} is damaged (checksum)")));
    }
    let state: State = serde_json::from_slice(blob)
        .map_err(|e| Error::InvalidInput(format!("the checkpoint after event {seq} cannot be read: {e}")))?;
    if state.applied != seq || state.log.last().is_some_and(|l| l.seq != seq) {
        return Err(Error::InvalidInput(format!(
            "the checkpoint after event {seq} holds the state after {} events",
            state.applied
        )));
    }
    Ok(state)
}

/// FNV-1a of the encounter, the event count and the stored state, folded to SQLite's
/// signed 64-bit integer.
fn checksum(encounter: i64, seq: usize, bytes: &[u8]) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let place = encounter.to_le_bytes().into_iter().chain((seq as u64).to_le_bytes());
    for b in place.chain(bytes.iter().copied()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_comes_back_as_it_went_in_with_the_last_log_entry() {
        let mut s = State::new("mythcraft");
        s.round = 3;
        s.applied = 50;
        for (seq, at, line) in [(49, 1, "a"), (50, 2, "b")] {
            s.log.push(crate::encounters::LogEntry {
                seq,
                at,
                round: 3,
                lines: vec![line.into()],
                terms: vec![],
                clock: None,
            });
        }
        let (blob, sum) = encode(7, &mut s);
        let back = decode(7, &blob, sum, 50).unwrap();
        assert_eq!(back.round, 3);
        assert_eq!(back.log.len(), 1, "only the last entry is kept");
        assert_eq!(back.log[0].lines, vec!["b".to_string()]);
    }

    #[test]
    fn a_damaged_or_misplaced_checkpoint_is_refused() {
        let mut s = State::new("amtgard");
        s.applied = 100;
        let (mut blob, sum) = encode(7, &mut s);
        assert!(decode(7, &blob, sum, 100).is_ok());
        assert!(decode(7, &blob, sum, 50).is_err(), "a state of 100 events is not the one after 50");
        assert!(decode(8, &blob, sum, 100).is_err(), "another fight's checkpoint is not this one's");
        let last = blob.len() - 2;
        blob[last] ^= 0x20;
        assert!(decode(7, &blob, sum, 100).is_err(), "a changed byte fails the checksum");
    }

    #[test]
    fn the_key_names_this_build_and_fits_its_column() {
        assert!(key().starts_with(env!("CARGO_PKG_VERSION")));
        assert!(key().len() <= 128);
        assert!(due(INTERVAL, INTERVAL) && !due(INTERVAL + 1, INTERVAL) && !due(0, INTERVAL));
        assert!(due(6, 3) && !due(7, 3));
    }
}
