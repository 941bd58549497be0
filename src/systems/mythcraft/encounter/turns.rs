//! A MythCraft turn: initiative, the AP gained at its start (with Reactive AP kept,
//! conditions and surprise), what starts and ends with it.

use super::conditions::{
    catching_breath, effects, lose_condition, unready, C_SUFFOCATING, SURPRISE_COMPLETE, SURPRISE_PARTIAL,
};
use super::damage::recover_from_knockout;
use super::dying::{fate, gain, Fate};
use crate::encounters::{Combatant, Outcome};
use crate::systems::mythcraft::rules::{
    action_points, initiative_keys, initiative_terms, suffocating, turn_actions, DeathEvent, COR_MAX, COR_MIN,
    LEVEL_MAX, LEVEL_MIN,
};

/// Initiative is an AWR check (004 line 11), so what a creature's conditions do to every
/// d20 counts on it: a Shaken creature's d20 is 2 lower (issue 72).
pub(super) fn initiative(c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
    let awr = c.stat("awareness");
    let (d20, shifted) = super::attack::check_d20(c, roll);
    let mut terms = initiative_terms(&c.name, roll, awr);
    terms.extend(shifted);
    (initiative_keys(d20, awr), Outcome { lines: Vec::new(), terms })
}

pub(super) fn start_turn(c: &mut Combatant) -> Outcome {
    if c.value("dead") > 0 {
        return Outcome::line(format!("{} is dead", c.name));
    }
    let mut out = Outcome::default();
    c.set("turns", c.value("turns") + 1);
    c.set("escape-tried", 0);
    if c.value("dodging") > 0 {
        c.set("dodging", 0);
        out.lines.push(format!("{}'s Dodge ends", c.name));
    }
    // Catching your Breath ends the daze of a knock-out.
    if c.value("knocked-out") > 0 && catching_breath(c) {
        out.lines.extend(recover_from_knockout(c, "Catching their Breath"));
    }
    let level = c.stat("level").clamp(LEVEL_MIN, LEVEL_MAX);
    let cor = c.stat("coordination").clamp(COR_MIN, COR_MAX);
    let first_surprised = c.has(SURPRISE_PARTIAL) && c.value("surprise-round") <= 1;
    // Surprised: Reactive AP is not carried into the first turn it can act.
    let carried = if unready(c) { 0 } else { c.value("reactive-ap").clamp(0, 40) };
    let fx = effects(c);
    let complete = c.has(SURPRISE_COMPLETE) && c.value("turns") == 1;
    match action_points(cor, level, carried).and_then(|ap| Ok((turn_actions(ap.total, &fx, complete)?, ap))) {
        Ok((limited, ap)) => {
            let mut total = limited.value;
            out.terms.extend(ap.terms);
            out.terms.extend(limited.terms.into_iter().skip(1));
            if first_surprised {
                total = 0;
                out.lines.push(format!("{} is surprised and does not act this round", c.name));
            }
            if complete {
                out.lines.push(format!(
                    "{} strikes with complete surprise: double AP for its single turn before round 1",
                    c.name
                ));
            }
            c.set("ap", total);
            c.set("ap-given", total);
            c.set("reactive-ap", 0);
            let mut line = format!("{} has {total} AP", c.name);
            // Said only when the game master spends AP in the tracker: for a creature whose
            // AP nobody counts, "over the cap lost" every turn is noise (issue 44). The
            // terms still show what was kept.
            if ap.lost > 0 && c.value("ap-counted") > 0 {
                line.push_str(&format!(" ({} Reactive AP over the cap lost)", ap.lost));
            }
            out.lines.push(line);
            out.lines.extend(fx.lines);
        }
        Err(e) => out.lines.push(format!("{}: AP not worked out: {e}", c.name)),
    }
    if c.has(C_SUFFOCATING) || c.has("suffocating") {
        let turns = c.value("suffocating-turns") + 1;
        c.set("suffocating-turns", turns);
        let end = c.stat("endurance").clamp(COR_MIN, COR_MAX);
        match suffocating(end, turns.min(100)) {
            Ok(s) if s.gains => out = gain(c, &[DeathEvent::Suffocate], "Suffocating", out),
            Ok(s) => {
                out.lines.push(format!("{} is Suffocating: round {turns} of {} before Death Points", c.name, s.grace))
            }
            Err(e) => out.lines.push(format!("{}: Suffocating not worked out: {e}", c.name)),
        }
    } else {
        c.set("suffocating-turns", 0);
    }
    super::amounts::at_turn_start(c, &mut out);
    out
}

pub(super) fn end_turn(c: &mut Combatant) -> Outcome {
    // AP not spent this turn are kept as Reactive AP until the next one.
    let unspent = c.value("ap");
    // Whether any AP were spent in the tracker this turn: if none were, nobody is counting
    // them, and what is kept or lost goes unsaid (the rule still applies).
    let counted = unspent < c.value("ap-given");
    c.set("ap-counted", i64::from(counted));
    c.set("reactive-ap", unspent);
    c.set("ap", 0);
    let mut out = Outcome::default();
    if unspent > 0 && counted {
        let mut line = format!("{} keeps {unspent} Reactive AP", c.name);
        if !super::defense::adventurer(c) {
            // Lines 44-46 speak of adventurers; the creatures' pages say nothing of it.
            line.push_str(
                " (Interpretation: a creature keeps its unspent actions as Reactive AP, as an adventurer does)",
            );
        }
        out.lines.push(line);
    }
    if c.has(SURPRISE_PARTIAL) && c.value("surprise-round") >= 2 {
        c.set("acted", 1);
    }
    if c.has(SURPRISE_COMPLETE) {
        lose_condition(c, SURPRISE_COMPLETE);
        out.lines.push(format!("{}'s surprise turn is over", c.name));
    }
    if c.value("hp") == 0 && c.value("dead") == 0 && fate(c) == Fate::DeathPoints {
        out = gain(c, &[DeathEvent::EndTurn], "ending the turn at 0 HP", out);
    }
    out
}
