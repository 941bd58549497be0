//! The match's clock: halves and turns, moved on by `next` and the `half` action.

use crate::encounters::{Outcome, State};
use crate::error::{Error, Result};

/// The next turn of the match (either team's): a caster may cast again.
pub(super) fn advance(s: &mut State) -> Result<Outcome> {
    let turn = s.values.get("turn").copied().unwrap_or(1) + 1;
    s.values.insert("turn".into(), turn);
    s.values.insert("turns".into(), s.values.get("turns").copied().unwrap_or(1) + 1);
    let half = s.values.get("half").copied().unwrap_or(1);
    s.round = turn;
    Ok(Outcome::line(format!(
        "Turn {turn} of half {half} (interpretation: the document sets no number of turns, so Tome counts without a cap)"
    )))
}

/// Halftime: the second half starts at its first turn.
pub(super) fn half(s: &mut State) -> Result<Outcome> {
    s.require_started("halftime")?;
    let half = s.values.get("half").copied().unwrap_or(1);
    if half >= 2 {
        return Err(Error::InvalidInput("the second half is already being played".into()));
    }
    s.values.insert("half".into(), 2);
    s.values.insert("turn".into(), 1);
    s.values.insert("turns".into(), s.values.get("turns").copied().unwrap_or(1) + 1);
    s.round = 1;
    Ok(Outcome::line("Halftime: the second half begins, turn 1"))
}
