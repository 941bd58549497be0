//! MLAF in an encounter: a match. The combatants are the teams' spellcasters; the match
//! has halves and turns (no initiative: `next` is the next turn, either team's), and
//! each cast is checked against the caster's spells per match (one per level) and the
//! one-spell-a-turn rule, then rolled against its target. A successful roll earns 1 SPP.
//!
//! The document does not say how many turns a half has, so Tome does not cap them; it
//! does not say whether a failed roll uses up one of the match's casts either, and Tome
//! counts it (both marked as interpretations where they show).
//!
//! A file per topic: `stats.rs` (what a caster brings, his team), `match_clock.rs`
//! (before the match, halves, team turns, kick-offs, after it), `roster.rs` (the spells a
//! caster knows), `cast.rs` (the cast action), `counter.rs` (Counterspell), `effects.rs`
//! (what a cast leaves on the pitch), `off_pitch.rs` (a caster not on the field and standing),
//! `view.rs` (what the tracker shows).

mod cast;
mod counter;
mod effects;
mod match_clock;
mod menu;
mod off_pitch;
mod roster;
mod stats;
#[cfg(test)]
mod tests;
mod view;

use std::collections::BTreeMap;

use super::rules::{CASTING, SPELLCASTERS};
use crate::encounters::{Act, Action, Combatant, EncounterRules, Facts, Outcome, Pace, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;

static ACTIONS: &[Action] = &[
    Action {
        name: "cast",
        summary: "A spellcaster casts a spell: checked against the match's limit, rolled, SPP on success",
        combatant: true,
        params: cast::CAST_PARAMS,
        rule: Some(CASTING),
    },
    Action {
        name: "half",
        summary: "Halftime: the first half's turns are over; the second half's kick-off comes (Interpretation: team 2 moves first in the second half)",
        combatant: false,
        params: &[],
        rule: None,
    },
    Action {
        name: "kick-off",
        summary: "A touchdown: the teams set up for a kick-off (effects lasting until the next kick-off end)",
        combatant: false,
        params: &[],
        rule: None,
    },
    Action {
        name: "full-time",
        summary: "The final whistle: spells cast after the match come now",
        combatant: false,
        params: &[],
        rule: None,
    },
    Action {
        name: "roster",
        summary: "A caster's roster position (bringing its racial spell) and the open spells he learned: casts are checked against them (Interpretation: during the match a change may add a spell, never drop one he knows)",
        combatant: true,
        params: roster::ROSTER_PARAMS,
        rule: Some(SPELLCASTERS),
    },
    Action {
        name: "sheet",
        summary: "A caster's sheet saved, brought into the match whole (level, SPP, roster position, its skills and the spells he knows): Tome makes it as the sheet is saved (Interpretation: during the match a save never drops a spell he knows)",
        combatant: true,
        params: &[],
        rule: Some(SPELLCASTERS),
    },
];

/// Whether an action was stored by a Tome that did not yet check teams, timing and the
/// spells known: it replays as it did then.
fn legacy(act: &Act<'_>) -> bool {
    act.fact(RULES).is_none()
}

/// The fact every action stores, naming the rules it was checked by: 3 refuses a caster
/// off the pitch; 4 checks racial spells without a roster, reads a sheet's spells known
/// and lets an Evil Twin fall on the opposing caster; 5 refuses a caster in the Reserves,
/// Prone or Stunned; 6 knocks over the caster of a failed Lightning Bolt, Fire Ball or
/// Tormented Soul; 7 refuses a cast's parameters that do not apply to its spell; 8
/// refuses a roster change during the match that would drop a spell the caster knows; 9
/// lets a Medusa's Gaze, Warpfire, Toad or Tormented Soul fall on the opposing caster
/// (`--target`), keeps a caster blinded by Warpfire from casting, and has a Counterspell
/// without a target answer the spell just cast.
const RULES: &str = "match-rules";

/// The rules an action was checked by (0 for one stored before they were named).
fn rules_version(act: &Act<'_>) -> i64 {
    act.fact(RULES).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// MLAF's encounter rules: a match.
pub struct Rules;

impl EncounterRules for Rules {
    fight_home!(menu: menu::MENU, menu::option);

    /// A caster's roster position and learned spells are the team sheet, set by the
    /// game master before or between drives, not a play made on the pitch.
    fn players_action(&self, action: &str) -> bool {
        action != "roster" && action != "sheet"
    }

    fight_home!(stats: stats);

    fn sheet_brings(
        &self,
        _book: &dyn Rulebook,
        c: &crate::characters::Character,
        derived: &crate::sheets::Derived,
    ) -> crate::encounters::SheetBrings {
        crate::encounters::SheetBrings { marks: stats::sheet_marks(c, derived), ..Default::default() }
    }

    fn sheet_action(&self) -> Option<&'static str> {
        Some("sheet")
    }

    fn adversary_marks(
        &self,
        book: &dyn Rulebook,
        position: Option<&str>,
        entries: &[&str],
    ) -> Result<Vec<crate::encounters::Mark>> {
        roster::adversary_marks(book, position, entries)
    }

    fn admit(&self, s: &State, c: &mut Combatant) -> Result<()> {
        stats::admit(s, c)
    }

    fn value_range(&self, _c: &Combatant, field: &str) -> Option<(i64, i64)> {
        stats::value_range(field)
    }

    fn pace(&self) -> Pace {
        Pace::Together
    }

    fn next_step(&self) -> Option<&'static str> {
        Some("Next team turn")
    }

    fn advance(&self, s: &mut State) -> Result<Outcome> {
        match_clock::advance(s)
    }

    /// A caster with a list of spells learned (from the roster or his sheet) is offered
    /// his position's racial spell and those; one with none is taken on trust (line
    /// 172), so he is offered every spell.
    fn offered(&self, book: &dyn Rulebook, c: &Combatant, param: &str) -> Option<Vec<String>> {
        if param != "spell" || c.marks(roster::KNOWN).next().is_none() {
            return None;
        }
        let position = c.marks(roster::POSITION).find_map(|m| m.id.clone());
        let mut names: Vec<String> = position
            .and_then(|id| super::rules::roster_spells(book, &id, &[]).ok())
            .map(|k| k.spells.into_iter().map(|(_, name)| name).collect())
            .unwrap_or_default();
        for k in c.marks(roster::KNOWN) {
            if !names.contains(&k.name) {
                names.push(k.name.clone());
            }
        }
        Some(names)
    }

    /// Blood Bowl's words for a caster out of play, off the field or not standing.
    fn own_condition(&self, name: &str) -> bool {
        off_pitch::is_word(name)
    }

    fn down(&self, c: &Combatant) -> Option<String> {
        off_pitch::down(c)
    }

    /// What a spell on him shows the whole table (a toad on the pitch is plain to see):
    /// what a player's phone is answered hangs on it, so the board shows it too.
    fn player_status(&self, c: &Combatant, _pc: bool) -> Vec<String> {
        effects::borne(c)
    }

    fn damage(&self, c: &mut Combatant, _amount: i64, _kind: Option<&str>) -> Result<Outcome> {
        Err(Error::InvalidInput(format!(
            "MLAF tracks {}'s spells and SPP, not damage: injuries go by the Blood Bowl rules",
            c.name
        )))
    }

    fn heal(&self, c: &mut Combatant, _amount: i64) -> Result<Outcome> {
        Err(Error::InvalidInput(format!("MLAF tracks {}'s spells and SPP, not healing", c.name)))
    }

    fn actions(&self) -> &'static [Action] {
        ACTIONS
    }

    fn prepare(&self, book: &dyn Rulebook, s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
        let mut facts = match act.action.name {
            "cast" => cast::prepare(book, s, act, rng)?,
            "roster" => roster::prepare(book, act)?,
            _ => BTreeMap::new(),
        };
        facts.insert(RULES.into(), "9".into());
        Ok(facts)
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        match act.action.name {
            "cast" => cast::run(s, act),
            "half" => match_clock::half(s, legacy(act)),
            "kick-off" => match_clock::kick_off(s),
            "full-time" => match_clock::full_time(s),
            "roster" => roster::run(s, act, rules_version(act) >= 8),
            "sheet" => roster::sheet_saved(s, act),
            other => Err(Error::InvalidInput(format!("MLAF has no {other} action"))),
        }
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        view::combatant(c)
    }

    fn view_encounter(&self, s: &State) -> serde_json::Map<String, serde_json::Value> {
        view::encounter(s)
    }

    fn standing(&self, s: &State) -> Option<String> {
        Some(match_clock::standing(s).to_string())
    }

    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        view::lasting(c)
    }
}

#[cfg(test)]
mod tests_calculators;

#[cfg(test)]
mod tests_moments;
