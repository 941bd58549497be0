//! A round's end, by defeat or surrender: Willpower back by the round's results, psychic
//! damage gone.

use super::super::ARCANA;
use super::arcana::{psychic, rest};
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::systems::primal_wild::rules::{round_willpower, RoundSide, WILLPOWER};

pub(super) fn duelists(s: &State) -> Result<(usize, usize)> {
    if s.combatants.len() != 2 {
        return Err(Error::InvalidInput(format!(
            "a Duel Arcane is between two duelists, and this one has {}",
            s.combatants.len()
        )));
    }
    Ok((0, 1))
}

/// The round's results: Willpower to each side, psychic damage gone, the next round.
pub(super) fn round_over(s: &mut State, winner: usize, loser: usize) -> Result<Outcome> {
    let mut out = Outcome::line(format!("{} wins round {}", s.combatants[winner].name, s.round));
    for (i, side) in [(winner, RoundSide::Winner), (loser, RoundSide::Loser)] {
        let c = &mut s.combatants[i];
        let dots = c.stat("willpower-dots");
        let max = (dots > 0).then_some(dots);
        let wp = c.value("willpower");
        let spent = c.value("spent").clamp(0, WILLPOWER.1);
        let r = round_willpower(side, wp, spent, max.map(|m| m.max(wp + spent)))?;
        out.terms.extend(r.terms.into_iter().map(|mut t| {
            t.label = format!("{}: {}", c.name, t.label);
            t
        }));
        c.set("willpower", r.willpower_after);
        c.set("spent", 0);
        c.set("lethal", c.value("lethal") + r.resistant_lethal);
        let what = if side == RoundSide::Winner { "wins" } else { "loses" };
        out.lines.push(format!("{} {what} the round and ends it with {} Willpower", c.name, r.willpower_after));
        if r.resistant_lethal > 0 {
            out.lines.push(format!("{} had no Willpower to lose and takes a Resistant lethal wound", c.name));
        }
        if side == RoundSide::Winner {
            c.set("rounds-won", c.value("rounds-won") + 1);
        }
        c.set("psychic-gnosis", 0);
        for ar in ARCANA {
            c.set(&psychic(ar), 0);
            c.set(&rest(ar), 0);
        }
    }
    out.lines.push(
        "Psychic damage fades from both duelists' Arcana and Gnosis; the Swords' rest starts again at 0 (interpretation: the document counts rest within a round)"
            .into(),
    );
    s.round += 1;
    s.values.insert("clash".into(), 0);
    out.lines.push(format!("Round {} may follow, or the duel ends here", s.round));
    Ok(out)
}

/// A duelist gives up the round.
pub(super) fn surrender(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started("surrendering")?;
    let (a, b) = duelists(s)?;
    let loser = act.who();
    let winner = if loser == a { b } else { a };
    let mut out = Outcome::line(format!("{} surrenders the round", s.combatants[loser].name));
    let o = round_over(s, winner, loser)?;
    out.lines.extend(o.lines);
    out.terms.extend(o.terms);
    Ok(out)
}
