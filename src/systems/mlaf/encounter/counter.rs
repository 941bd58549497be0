//! Counterspell (lines 137-141): cast immediately after the opponent's spell, it leaves
//! that spell without effect. Interpretation: "immediately after" is the last spell cast
//! in the match, by the opposing caster aimed at, in the same turn (or the same moment
//! outside the turns), not yet countered; a countered spell keeps its caster's SPP, since
//! SPP go by the d6 roll (line 66), and still counts against his spells per match. A
//! caster a Power Drain has just stopped may still counter that Power Drain, and is free
//! again if he does (Interpretation: "immediately after" comes before the drain holds).

use std::collections::BTreeMap;

use super::effects;
use super::match_clock::get;
use super::stats::CASTS;
use crate::encounters::{Combatant, Mark, State};
use crate::error::{Error, Result};

/// The cast a Counterspell aimed at `target` answers: (the caster, the cast's `seq`).
///
/// # Errors
/// [`Error::InvalidInput`] when there is no such cast to answer now.
pub(super) fn last_cast(s: &State, target: usize) -> Result<(usize, i64)> {
    let name = &s.combatants[target].name;
    let latest = s
        .combatants
        .iter()
        .enumerate()
        .flat_map(|(i, c)| c.marks(CASTS).map(move |m| (i, m)))
        .max_by_key(|(_, m)| m.number("seq"));
    let Some((who, m)) = latest else {
        return Err(Error::InvalidInput(format!(
            "nothing to counter: no spell has been cast in this match ({name} aimed at)"
        )));
    };
    if who != target {
        return Err(Error::InvalidInput(format!(
            "nothing to counter from {name}: the last spell cast was {}'s {}",
            s.combatants[who].name, m.name
        )));
    }
    if m.number("at") != get(s, "turns") || m.number("phase") != get(s, "phase") {
        return Err(Error::InvalidInput(format!(
            "nothing to counter: {name}'s {} was cast earlier, and a Counterspell comes right after the spell",
            m.name
        )));
    }
    if !m.flagged("success") {
        return Err(Error::InvalidInput(format!("{name}'s {} failed: there is nothing to counter", m.name)));
    }
    if m.flags.iter().any(|f| f.starts_with("countered")) {
        return Err(Error::InvalidInput(format!("{name}'s {} is already countered", m.name)));
    }
    Ok((who, m.number("seq")))
}

const DRAINED_BY: &str = "drained-by";

/// Notes which cast (`seq`) Power Drained the caster, so he may counter that one.
pub(super) fn drained_by(c: &mut Combatant, seq: i64) {
    c.marks.push(Mark {
        list: DRAINED_BY.into(),
        name: "Power Drain".into(),
        id: None,
        flags: Vec::new(),
        numbers: BTreeMap::from([("seq".into(), seq)]),
    });
}

/// Whether the last cast of the match Power Drained `me`.
pub(super) fn drained_just_now(s: &State, me: usize) -> bool {
    s.combatants[me].marks(DRAINED_BY).any(|m| m.number("seq") == get(s, "casts"))
}

/// A Power Drained caster casts nothing more this match (line 98); the one cast left to
/// him is a Counterspell against the very Power Drain that stopped him (`countering`:
/// the cast it answers), not against a later spell or a Magic Item card.
///
/// # Errors
/// [`Error::InvalidInput`] for any other cast by a drained caster.
pub(super) fn drained_may_answer(c: &Combatant, countering: Option<(usize, i64)>) -> Result<()> {
    if c.value("drained") == 0 {
        return Ok(());
    }
    let answers_the_drain = countering.is_some_and(|(_, seq)| c.marks(DRAINED_BY).any(|m| m.number("seq") == seq));
    if answers_the_drain {
        return Ok(());
    }
    Err(Error::InvalidInput(format!(
        "{} was Power Drained: no more spells for the rest of this match; only a Counterspell against that Power \
         Drain, right after it, was left to him (not one against a Magic Item card or any other spell)",
        c.name
    )))
}

/// The countered cast loses its effect: marked so, and what it left on the pitch goes.
pub(super) fn counter(s: &mut State, who: usize, seq: i64, by: usize) -> String {
    let by = s.combatants[by].name.clone();
    effects::undo(s, seq);
    super::off_pitch::unstun(s, seq);
    for c in &mut s.combatants {
        let before = c.marks.len();
        c.marks.retain(|m| !(m.list == DRAINED_BY && m.number("seq") == seq));
        if c.marks.len() < before {
            c.set("drained", 0);
        }
    }
    let c = &mut s.combatants[who];
    let mut spell = String::new();
    if let Some(m) = c.marks.iter_mut().find(|m| m.list == CASTS && m.number("seq") == seq) {
        m.flags.push(format!("countered by {by}"));
        spell = m.name.clone();
    }
    format!(
        "{}'s {spell} is countered: it has no effect (Interpretation: {} keeps the SPP of the roll, and the cast counts against the spells per match; a Power Drain countered drains nobody)",
        c.name, c.name
    )
}
