//! What a cast leaves on the pitch for a while, kept on its caster as marks: Caterwauling
//! (the opponents' AG-table rolls, until the end of the turn), Guidance, Invisibility and
//! Taming the Beast (what they allow, until the end of the turn), Evil Twin (one more
//! tackle zone, until the next kick-off) and Swamp Call (mud, until the next kick-off);
//! and what a spell puts on a caster himself (his own failure, or the opposing caster's
//! success: Medusa's Gaze, Warpfire, Toad), which keeps him from casting. The numbers
//! come from the calculators in `rules/field_effects.rs`.

use std::collections::BTreeMap;

use super::super::rules::{
    caterwauling, CATERWAULING, CATERWAULING_AG, EVIL_TWIN, EVIL_TWIN_TZ, GUIDANCE, INVISIBILITY, MEDUSAS_GAZE,
    SWAMP_CALL, SWAMP_MA, TAMING_THE_BEAST, TOAD, WARPFIRE,
};
use super::match_clock::team_name;
use crate::encounters::{Combatant, Mark, State};
use crate::rules::Term;

pub(super) const EFFECTS: &str = "effects";
/// How long an effect lasts, kept as its `ends` number.
pub(super) const END_OF_TURN: i64 = 1;
pub(super) const NEXT_KICK_OFF: i64 = 2;
/// "This and the next turn": one turn end away from [`END_OF_TURN`].
pub(super) const END_OF_NEXT_TURN: i64 = 3;

/// What a spell puts on a caster and keeps him from casting, his own failure or the
/// opposing caster's success (lines 84, 86, 119-121, 345, 348): the start of the effect's
/// words, why, and the `match-rules` from which it is enforced.
pub(super) const ON_CASTER: [(&str, &str, i64); 3] = [
    ("Medusa's Gaze on", "he can take no action and use no skill this turn and the next", 0),
    ("Toad:", "a toad uses no learned skill (interpretation: his spells are learned skills) and gains no SPP", 0),
    (
        "Warpfire:",
        "blinded, he can perform no action (interpretation: a cast is one), so he casts nothing and earns no SPP",
        9,
    ),
];

/// The effects that may fall on the opposing caster when `--target` names him (`match-rules`
/// 9 on): Medusa's Gaze, Warpfire, Toad (Tormented Soul leaves him Stunned: `off_pitch`).
pub(super) const ON_TARGET: [&str; 3] = [MEDUSAS_GAZE, WARPFIRE, TOAD];

/// The lowest d6 at which a Toad that works turns its target into a toad (line 117);
/// below it, the spell scatters. Interpretation: the cast's own d6 is that roll.
pub(super) const TOAD_LANDS: i64 = 4;

/// An effect a cast leaves on the pitch.
pub(super) struct Left {
    pub words: String,
    /// How long it lasts ([`END_OF_TURN`], [`NEXT_KICK_OFF`]).
    pub ends: i64,
    /// The caster whose own rolls it hampers (an Evil Twin on him), if any: it is kept
    /// on him; any other effect is kept on the caster who made it.
    pub borne_by: Option<usize>,
    pub terms: Vec<Term>,
}

/// The effect a cast of `spell_id` leaves, if it is one of those Tome tracks; `twin` is
/// the caster in the match an Evil Twin, Medusa's Gaze, Warpfire or Toad was cast on, if
/// it was; `roll` the cast's d6.
pub(super) fn left_by(
    s: &State,
    me: usize,
    spell_id: &str,
    success: bool,
    twin: Option<usize>,
    roll: i64,
) -> Option<Left> {
    match (spell_id, success) {
        (EVIL_TWIN | MEDUSAS_GAZE | WARPFIRE | TOAD, true) => left_on_target(s, me, spell_id, twin, roll),
        (EVIL_TWIN | MEDUSAS_GAZE | WARPFIRE | TOAD, false) => left_on_failed_caster(s, me, spell_id),
        _ => left_on_the_pitch(s, me, spell_id, success),
    }
}

fn left(words: String, ends: i64, borne_by: Option<usize>, terms: Vec<Term>) -> Option<Left> {
    Some(Left { words, ends, borne_by, terms })
}

/// A spell that works on another caster: kept on him (an Evil Twin cast on no caster in
/// the match is kept on its caster).
fn left_on_target(s: &State, me: usize, spell_id: &str, twin: Option<usize>, roll: i64) -> Option<Left> {
    let caster = &s.combatants[me];
    match spell_id {
        EVIL_TWIN => match twin {
            Some(t) => left(
                format!(
                    "Evil Twin on {} (the opposing caster's spell): {EVIL_TWIN_TZ} more enemy tackle zone in all {} does, his casting rolls included, until the next kick-off",
                    s.combatants[t].name, s.combatants[t].name
                ),
                NEXT_KICK_OFF,
                Some(t),
                vec![Term::num(format!("Evil Twin: tackle zones on {}", s.combatants[t].name), EVIL_TWIN_TZ, Some(EVIL_TWIN))],
            ),
            None => left(
                format!(
                    "Evil Twin ({}): its target counts {EVIL_TWIN_TZ} more enemy tackle zone in all it does, until the next kick-off",
                    caster.name
                ),
                NEXT_KICK_OFF,
                None,
                vec![Term::num("Evil Twin: tackle zones on the target", EVIL_TWIN_TZ, Some(EVIL_TWIN))],
            ),
        },
        _ => {
            let t = twin.filter(|_| spell_id != TOAD || roll >= TOAD_LANDS)?;
            // The caster is not named on his target: the table may not see him, and what
            // the target carries is worked into what a player's phone is answered.
            let target = &s.combatants[t].name;
            let (words, ends) = match spell_id {
                MEDUSAS_GAZE => (
                    format!("Medusa's Gaze on {target} (the opposing caster's spell): no tackle zone, no action and no skill, ST halved, the ball dropped, this turn and the next"),
                    END_OF_NEXT_TURN,
                ),
                WARPFIRE => (
                    format!("Warpfire: {target} is blinded (the opposing caster's spell): no action, not even one begun, and no tackle zone for the rest of this turn"),
                    END_OF_TURN,
                ),
                TOAD => (
                    format!("Toad: {target} is a toad (the opposing caster's spell): the ball dropped, no learned skill and no SPP, until the next kick-off or the end of the match"),
                    NEXT_KICK_OFF,
                ),
                _ => return None,
            };
            left(words, ends, Some(t), Vec::new())
        }
    }
}

/// A failed spell meant for another caster: it falls on the caster himself.
fn left_on_failed_caster(s: &State, me: usize, spell_id: &str) -> Option<Left> {
    let who = &s.combatants[me].name;
    let (words, ends, terms) = match spell_id {
        EVIL_TWIN => (
            format!("Evil Twin on {who} (the caster, a failure): {EVIL_TWIN_TZ} more enemy tackle zone in all the caster does, until the next kick-off"),
            NEXT_KICK_OFF,
            vec![Term::num(format!("Evil Twin: tackle zones on {who}"), EVIL_TWIN_TZ, Some(EVIL_TWIN))],
        ),
        MEDUSAS_GAZE => (
            format!("Medusa's Gaze on {who} (the caster, a failure): no tackle zone, no action and no skill, ST halved, the ball dropped, this turn and the next"),
            END_OF_NEXT_TURN,
            Vec::new(),
        ),
        WARPFIRE => (
            format!("Warpfire: {who} is blinded (the caster, a failure) this turn and the next; no turnover"),
            END_OF_NEXT_TURN,
            Vec::new(),
        ),
        TOAD => (
            format!("Toad: {who} is a toad (the caster, a failure): the ball dropped, no learned skill and no SPP, until the next kick-off or the end of the match"),
            NEXT_KICK_OFF,
            Vec::new(),
        ),
        _ => return None,
    };
    left(words, ends, Some(me), terms)
}

/// A spell on a team or the pitch, kept on the caster who made it.
fn left_on_the_pitch(s: &State, me: usize, spell_id: &str, success: bool) -> Option<Left> {
    let caster = &s.combatants[me];
    let team = caster.stat("team");
    let other = if team == 1 { 2 } else { 1 };
    match (spell_id, success) {
        (CATERWAULING, true) => left(
            format!(
                "Caterwauling ({}): {}'s AG-table rolls {CATERWAULING_AG} until the end of this turn",
                caster.name,
                team_name(s, other)
            ),
            END_OF_TURN,
            None,
            vec![caterwauling()],
        ),
        // Interpretation: Guidance names no duration; its one action is taken this turn.
        (GUIDANCE, true) => left(
            format!(
                "Guidance ({}): the target's next single action (a dodge, a block, an interception…) succeeds without a roll, this turn",
                caster.name
            ),
            END_OF_TURN,
            None,
            Vec::new(),
        ),
        (INVISIBILITY, true) => left(
            format!(
                "Invisibility ({}): the target is invisible until the end of the turn: not to be attacked, opposing tackle zones ignored when moving, no pass or hand-off to him, no assists on his attacks",
                caster.name
            ),
            END_OF_TURN,
            None,
            Vec::new(),
        ),
        (TAMING_THE_BEAST, true) => left(
            format!(
                "Taming the Beast ({}): {}'s players lose Rage for this team turn",
                caster.name,
                team_name(s, team)
            ),
            END_OF_TURN,
            None,
            Vec::new(),
        ),
        (SWAMP_CALL, _) => left(
            format!(
                "Swamp Call ({}): {}; each move out of the mud costs {SWAMP_MA} MA, no going for it from there, until the next kick-off",
                caster.name,
                if success { "the chosen square and the eight around it" } else { "the caster's own square and the eight around it (a failure)" }
            ),
            NEXT_KICK_OFF,
            None,
            vec![Term::num("Swamp Call: MA for each move out of the mud", SWAMP_MA, Some(SWAMP_CALL))],
        ),
        _ => None,
    }
}

/// Keeps an effect on a caster (who made it, or whose own rolls it hampers: `on_self`),
/// with the cast that made it (`seq`), so a Counterspell can take it back.
pub(super) fn keep(c: &mut Combatant, words: String, ends: i64, on_self: bool, seq: i64) {
    c.marks.push(Mark {
        list: EFFECTS.into(),
        name: words,
        id: None,
        flags: if on_self { vec!["self".into()] } else { Vec::new() },
        numbers: BTreeMap::from([("ends".into(), ends), ("seq".into(), seq)]),
    });
}

/// Ends the effects that last until `ends`, saying so.
pub(super) fn expire(s: &mut State, ends: i64) -> Vec<String> {
    let mut lines = Vec::new();
    let due = |m: &Mark| m.list == EFFECTS && m.number("ends") == ends;
    // Only a player with an effect to end is written to (a write copies him).
    for c in s.combatants.iter_mut().filter(|c| c.marks.iter().any(due)) {
        c.marks.retain(|m| {
            let gone = due(m);
            if gone {
                lines.push(format!("Ends: {}", m.name));
            }
            !gone
        });
    }
    lines
}

/// A turn ends: what lasts "this and the next turn" now lasts to the end of this one.
pub(super) fn one_turn_on(s: &mut State) {
    let due = |m: &Mark| m.list == EFFECTS && m.number("ends") == END_OF_NEXT_TURN;
    for c in s.combatants.iter_mut().filter(|c| c.marks.iter().any(due)) {
        for m in c.marks.iter_mut().filter(|m| due(m)) {
            m.numbers.insert("ends".into(), END_OF_TURN);
        }
    }
}

/// What a spell on him (his own failure, or the opposing caster's success) keeps the
/// caster from doing now, if anything, by the `match-rules` of the cast he tries.
pub(super) fn held_back(c: &Combatant, version: i64) -> Option<String> {
    c.marks(EFFECTS).filter(|m| m.flagged("self")).find_map(|m| {
        ON_CASTER
            .iter()
            .find(|(start, _, from)| m.name.starts_with(start) && version >= *from)
            .map(|(_, why, _)| format!("{}: {why}", m.name))
    })
}

/// What the spells on a caster are called on the board ("Toad", "Evil Twin", "Power
/// Drained"): the start of each effect's words, before its first `:`, ` on ` or ` (`.
pub(super) fn borne(c: &Combatant) -> Vec<String> {
    let mut said: Vec<String> = c
        .marks(EFFECTS)
        .filter(|m| m.flagged("self"))
        .map(|m| {
            let cut = [":", " on ", " ("].iter().filter_map(|sep| m.name.find(sep)).min().unwrap_or(m.name.len());
            m.name[..cut].to_string()
        })
        .collect();
    if c.value("drained") > 0 {
        said.push("Power Drained".into());
    }
    said.dedup();
    said
}

/// Takes back the effects a countered cast made.
pub(super) fn undo(s: &mut State, seq: i64) {
    for c in &mut s.combatants {
        c.marks.retain(|m| !(m.list == EFFECTS && m.number("seq") == seq));
    }
}

/// The extra tackle zones the caster carries on his own rolls (his own Evil Twin failed,
/// or the opposing caster's worked on him).
pub(super) fn own_tackle_zones(c: &Combatant) -> i64 {
    c.marks(EFFECTS).filter(|m| m.flagged("self") && m.name.starts_with("Evil Twin")).count() as i64 * EVIL_TWIN_TZ
}

/// Every effect in force, for the match's view.
pub(super) fn lines(s: &State) -> Vec<String> {
    s.combatants.iter().flat_map(|c| c.marks(EFFECTS).map(|m| m.name.clone())).collect()
}
