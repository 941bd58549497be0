//! A round's end, by defeat or surrender: Willpower back by the round's results, psychic
//! damage gone.

use super::super::ARCANA;
use super::arcana::{psychic, rest, set_willpower, willpower};
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::{round_willpower, RoundSide, R_DUEL_ROUNDS, WILLPOWER};

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
        let c = &mut *s.combatants[i];
        let dots = c.stat("willpower-dots");
        let max = (dots > 0).then_some(dots);
        let wp = willpower(c);
        let spent = c.value("spent").clamp(0, WILLPOWER.1);
        let r = round_willpower(side, wp, spent, max.map(|m| m.max(wp + spent)))?;
        out.terms.extend(r.terms.into_iter().map(|mut t| {
            t.label = format!("{}: {}", c.name, t.label);
            t
        }));
        set_willpower(c, r.willpower_after);
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
        // Swaps are declared clash by clash within a round, whose clashes count from 1 again.
        c.set("swapped", 0);
        for ar in ARCANA {
            c.set(&psychic(ar), 0);
            c.set(&rest(ar), 0);
        }
    }
    out.lines.push(
        "Psychic damage fades from both duelists' Arcana and Gnosis; the Swords' rest starts again at 0 (interpretation: the document counts rest within a round)"
            .into(),
    );
    // The next round begins with its first action, so this one's log stays in this round.
    s.values.insert("round-decided".into(), 1);
    s.values.insert("clash".into(), 0);
    s.values.remove(super::arms::DECLARES_FIRST);
    out.lines.push(format!("Round {} may follow, or the duel ends here (`end-duel`)", s.round + 1));
    Ok(out)
}

/// A duelist gives up the round.
pub(super) fn surrender(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started("surrendering")?;
    require_going(s)?;
    let (a, b) = duelists(s)?;
    let loser = act.who();
    let winner = if loser == a { b } else { a };
    let mut out = Outcome::default();
    begin_round_if_due(s, &mut out);
    out.lines.push(format!("{} surrenders round {}", s.combatants[loser].name, s.round));
    let o = round_over(s, winner, loser)?;
    out.lines.extend(o.lines);
    out.terms.extend(o.terms);
    Ok(out)
}

/// The round after a decided one begins with the duel's next action.
pub(super) fn begin_round_if_due(s: &mut State, out: &mut Outcome) {
    if s.values.get("round-decided").copied().unwrap_or(0) > 0 {
        s.round += 1;
        s.values.insert("round-decided".into(), 0);
        out.lines.push(format!("Round {} begins", s.round));
    }
}

/// # Errors
/// The duel has ended.
pub(super) fn require_going(s: &State) -> Result<()> {
    match s.values.get("duel-winner").and_then(|w| s.combatants.get(usize::try_from(*w - 1).ok()?)) {
        Some(w) => Err(Error::InvalidInput(format!(
            "the duel is over: {} won it. Start a new encounter for another duel",
            w.name
        ))),
        None => Ok(()),
    }
}

static END_PARAMS: &[Param] = &[Param {
    name: "how",
    help: "concession (NAME gives up the duel) or collapse (NAME can go on no longer). Interpretation: mid-round, either loses that round first, with its Willpower results.",
    kind: ParamKind::Choice { options: &["concession", "collapse"] },
    required: true,
    default: None,
}];

pub(super) const END_DUEL: crate::encounters::Action = crate::encounters::Action {
    name: "end-duel",
    summary: "The duel ends: NAME concedes or collapses, and the other wins it",
    combatant: true,
    params: END_PARAMS,
    rule: Some(R_DUEL_ROUNDS),
};

/// A duelist concedes or collapses: the other wins the duel.
pub(super) fn end_duel(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started("ending the duel")?;
    require_going(s)?;
    let (a, b) = duelists(s)?;
    let loser = act.who();
    let winner = if loser == a { b } else { a };
    let how = act.inputs.choice("how")?.unwrap_or("concession");
    let (lname, wname) = (s.combatants[loser].name.clone(), s.combatants[winner].name.clone());
    let verb = if how == "collapse" { "collapses" } else { "concedes" };
    let mut out = Outcome::line(format!("{lname} {verb}: {wname} wins the duel"));
    let mid_round = s.values.get("clash").copied().unwrap_or(0) > 0;
    if mid_round {
        out.lines.push(format!(
            "Interpretation: round {} was under way, so {lname} loses it first, with the round's Willpower results",
            s.round
        ));
        let o = round_over(s, winner, loser)?;
        out.lines.extend(o.lines.into_iter().filter(|l| !l.starts_with("Round ")));
        out.terms.extend(o.terms);
    }
    s.values.insert("duel-winner".into(), winner as i64 + 1);
    s.combatants[winner].set("duel-result", 1);
    s.combatants[loser].set("duel-result", if how == "collapse" { 3 } else { 2 });
    out.lines.push("Resistant lethal wounds taken in the duel stay on each duelist and heal at the usual rate".into());
    Ok(out)
}
