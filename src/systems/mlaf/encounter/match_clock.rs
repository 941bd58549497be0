//! The match's clock: before the match, the halves' team turns (the teams alternate),
//! the kick-offs, and after the match. `next` passes the turn to the other team; the
//! `half`, `kick-off` and `full-time` actions mark the rest.
//!
//! Kept in the encounter's values: `phase`, `half`, `turn` (within the half, as the
//! turn marker counts), `team-moving`, `first` (the team that moves first in this half)
//! and `turns` (every team turn so far, which one-spell-a-turn counts by).

use super::super::rules::Moment;
use super::effects;
use crate::encounters::{Outcome, State};
use crate::error::{Error, Result};

pub(super) const BEFORE: i64 = 0;
pub(super) const TURNS: i64 = 1;
pub(super) const HALFTIME: i64 = 2;
pub(super) const KICK_OFF: i64 = 3;
pub(super) const AFTER: i64 = 4;

pub(super) fn get(s: &State, key: &str) -> i64 {
    s.values.get(key).copied().unwrap_or(0)
}

fn put(s: &mut State, key: &str, v: i64) {
    s.values.insert(key.to_string(), v);
}

pub(super) fn phase_words(phase: i64) -> &'static str {
    match phase {
        BEFORE => "before the match",
        TURNS => "team turns",
        HALFTIME => "halftime kick-off",
        KICK_OFF => "kick-off",
        _ => "after the match",
    }
}

/// Where the match stands, as the game master's heading says it: `start` only sets the
/// match up (the spells of the moment before it may be cast), the first `next` kicks it
/// off, the teams then take turns until full time.
pub(super) fn standing(s: &State) -> &'static str {
    match get(s, "phase") {
        BEFORE => "set up, not yet kicked off",
        AFTER => "full time, the match is over",
        _ => "under way, the teams taking turns",
    }
}

/// Where the match stands for a caster of `team`.
pub(super) fn moment(s: &State, team: i64) -> Moment {
    match get(s, "phase") {
        BEFORE => Moment::BeforeMatch,
        TURNS if get(s, "team-moving") == team => Moment::OwnTurn,
        TURNS => Moment::OpponentsTurn,
        HALFTIME => Moment::HalftimeKickOff,
        KICK_OFF => Moment::KickOff,
        _ => Moment::AfterMatch,
    }
}

/// "half 1, turn 3, team 2's turn (Shaman)", or the phase.
pub(super) fn when(s: &State) -> String {
    if get(s, "phase") != TURNS {
        return phase_words(get(s, "phase")).to_string();
    }
    format!("turn {} of half {}, {}", get(s, "turn"), get(s, "half"), team_name(s, get(s, "team-moving")))
}

/// "team 2 (Shaman)": the team and its caster.
pub(super) fn team_name(s: &State, team: i64) -> String {
    match s.combatants.iter().find(|c| c.stat("team") == team) {
        Some(c) => format!("team {team} ({})", c.name),
        None => format!("team {team}"),
    }
}

/// `next`: the other team's turn. The first `next` kicks off the match (team 1 moves
/// first); after halftime, team 2 moves first. Interpretation: the document does not say
/// who moves first; Tome lets team 1 open the match and team 2 the second half (the
/// kicking sides swap), and after a touchdown's kick-off the turns go on alternating.
/// The document sets no number of turns a half, so Tome counts without a cap.
pub(super) fn advance(s: &mut State) -> Result<Outcome> {
    let mut out = Outcome::default();
    match get(s, "phase") {
        AFTER => return Err(Error::InvalidInput("the match is over: there is no next turn".into())),
        BEFORE => {
            put(s, "half", 1);
            put(s, "turn", 1);
            put(s, "first", 1);
            put(s, "team-moving", 1);
        }
        HALFTIME => {
            put(s, "turn", 1);
            put(s, "first", 2);
            put(s, "team-moving", 2);
        }
        _ => {
            out.lines.extend(effects::expire(s, effects::END_OF_TURN));
            effects::one_turn_on(s);
            let moving = get(s, "team-moving");
            let other = if moving == 1 { 2 } else { 1 };
            if other == get(s, "first") {
                put(s, "turn", get(s, "turn") + 1);
            }
            put(s, "team-moving", other);
        }
    }
    put(s, "phase", TURNS);
    put(s, "turns", get(s, "turns") + 1);
    s.round = get(s, "turn");
    out.lines.insert(
        0,
        format!(
            "Half {}, turn {}: {} moves (Interpretation: team 1 opens the match, team 2 the second half; no cap on turns)",
            get(s, "half"),
            get(s, "turn"),
            team_name(s, get(s, "team-moving"))
        ),
    );
    Ok(out)
}

/// Halftime: the team turns of the first half are over; the second half's kick-off comes.
pub(super) fn half(s: &mut State, legacy: bool) -> Result<Outcome> {
    s.require_started("halftime")?;
    if legacy {
        // Stored before the match had phases: the second half began at its turn 1.
        put(s, "half", 2);
        put(s, "turn", 1);
        put(s, "first", 2);
        put(s, "team-moving", 2);
        put(s, "phase", TURNS);
        put(s, "turns", get(s, "turns") + 1);
        s.round = 1;
        return Ok(Outcome::line("Halftime: the second half begins, turn 1"));
    }
    if get(s, "phase") == AFTER {
        return Err(Error::InvalidInput("the match is over (full time): there is no half left to play".into()));
    }
    if get(s, "half") >= 2 {
        return Err(Error::InvalidInput("the second half is already being played".into()));
    }
    if get(s, "phase") == BEFORE {
        return Err(Error::InvalidInput(
            "halftime comes after the first half's turns: `next` kicks off the match".into(),
        ));
    }
    let mut out = Outcome::line("Halftime: the second half's kick-off comes next (`next` starts its turn 1)");
    out.lines.extend(effects::expire(s, effects::END_OF_TURN));
    out.lines.extend(effects::expire(s, effects::NEXT_KICK_OFF));
    put(s, "half", 2);
    put(s, "turn", 0);
    put(s, "team-moving", 0);
    put(s, "phase", HALFTIME);
    s.round = 1;
    Ok(out)
}

/// A touchdown: the teams set up for a kick-off, and effects lasting until the next
/// kick-off end.
pub(super) fn kick_off(s: &mut State) -> Result<Outcome> {
    s.require_started("a kick-off")?;
    if get(s, "phase") != TURNS {
        return Err(Error::InvalidInput(format!(
            "a kick-off after a touchdown comes during the team turns, not {}",
            phase_words(get(s, "phase"))
        )));
    }
    let mut out = Outcome::line(format!(
        "Touchdown in turn {} of half {}: the teams set up for a kick-off",
        get(s, "turn"),
        get(s, "half")
    ));
    out.lines.extend(effects::expire(s, effects::END_OF_TURN));
    out.lines.extend(effects::expire(s, effects::NEXT_KICK_OFF));
    put(s, "phase", KICK_OFF);
    Ok(out)
}

/// The final whistle: what is cast "after the match" comes now.
pub(super) fn full_time(s: &mut State) -> Result<Outcome> {
    s.require_started("full time")?;
    if get(s, "phase") == AFTER {
        return Err(Error::InvalidInput("the match is already over".into()));
    }
    let mut out = Outcome::line("Full time: the match is over; spells cast after the match come now");
    out.lines.extend(effects::expire(s, effects::END_OF_TURN));
    out.lines.extend(effects::expire(s, effects::NEXT_KICK_OFF));
    put(s, "team-moving", 0);
    put(s, "phase", AFTER);
    Ok(out)
}
