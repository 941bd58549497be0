//! The Duel Arcane: two duelists, a Sword and a Shield each, clashing round after round.

mod arcana;
mod arms;
mod clash;
mod round;
mod stats;

use std::collections::BTreeMap;

use crate::characters::Character;
use crate::encounters::{Act, Action, Combatant, EncounterRules, Facts, Outcome, Pace, StatSpec, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::sheets::Derived;
use crate::systems::primal_wild::rules::{R_CLASH_POOL, R_CLASH_RESULTS, R_ROUND_RESULTS, R_SWAPPING};

static DUEL_ACTIONS: &[Action] = &[
    Action {
        name: "arms",
        summary: "A duelist picks a Sword and a Shield Arcanum (before the round's first clash)",
        combatant: true,
        params: arms::ARMS_PARAMS,
        rule: Some(R_CLASH_POOL),
    },
    Action {
        name: "clash",
        summary: "Both duelists clash: pools, Willpower costs, successes, psychic damage into Shield then Gnosis",
        combatant: false,
        params: clash::CLASH_PARAMS,
        rule: Some(R_CLASH_RESULTS),
    },
    Action {
        name: "swap",
        summary: "After a clash, a duelist swaps their Sword or Shield for an Arcanum not in use",
        combatant: true,
        params: arms::SWAP_PARAMS,
        rule: Some(R_SWAPPING),
    },
    Action {
        name: "surrender",
        summary: "A duelist gives up the round: the other wins it",
        combatant: true,
        params: &[],
        rule: Some(R_ROUND_RESULTS),
    },
    round::END_DUEL,
];

/// The Duel Arcane.
pub struct Duel;

impl EncounterRules for Duel {
    fight_home!(menu: super::menu::DUEL, super::menu::option);

    /// A clash takes both duelists' successes: the game master resolves it, asking each
    /// duelist's phone for their own pool ([`EncounterRules::phone_fields`]).
    fn players_action(&self, action: &str) -> bool {
        action != "clash"
    }

    fn stats(&self) -> &'static [StatSpec] {
        stats::DUEL_STATS
    }

    /// A Duel Arcane is between two duelists: a third is refused as it is added, not at
    /// the first clash.
    fn most_combatants(&self) -> Option<(usize, &'static str)> {
        Some((2, "duelists"))
    }

    /// Nor does a duel start with one duelist: it would have no one to clash with.
    fn fewest_to_start(&self) -> Option<(usize, &'static str)> {
        Some((2, "duelists"))
    }

    /// Willpower points never above the Willpower dots, when the dots are given: a
    /// point set by hand past them is refused, not kept.
    fn admit(&self, _s: &State, c: &mut Combatant) -> Result<()> {
        let (points, dots) = (c.stat("willpower"), c.stat("willpower-dots"));
        if dots > 0 && points > dots {
            return Err(Error::InvalidInput(format!(
                "{}'s Willpower points must be between 0 and its {dots} Willpower dots, not {points}",
                c.name
            )));
        }
        Ok(())
    }

    fn stats_from_sheet(&self, c: &Character, derived: &Derived) -> BTreeMap<String, i64> {
        stats::stats_from_sheet(c, derived)
    }

    fn join(&self, c: &mut Combatant) {
        stats::join(c);
    }

    fn pace(&self) -> Pace {
        Pace::Together
    }

    fn damage(&self, c: &mut Combatant, _amount: i64, _kind: Option<&str>) -> Result<Outcome> {
        Err(Error::InvalidInput(format!("in a Duel Arcane, {} takes psychic damage from clashes only", c.name)))
    }

    fn heal(&self, c: &mut Combatant, _amount: i64) -> Result<Outcome> {
        Err(Error::InvalidInput(format!("psychic damage fades from {} when the round ends, not by healing", c.name)))
    }

    fn actions(&self) -> &'static [Action] {
        DUEL_ACTIONS
    }

    /// Each duelist rolls their own clash pool: a player's phone may be asked for its
    /// successes, rolled from the pool the duel's terms give now (not for a passive
    /// duelist, nor one whose successes are typed already).
    fn phone_fields(
        &self,
        s: &State,
        action: &str,
        _who: Option<usize>,
        inputs: &BTreeMap<String, String>,
    ) -> Vec<crate::encounters::OwnField> {
        if action != "clash" {
            return Vec::new();
        }
        let distraction = inputs.get("distraction").and_then(|d| d.trim().parse().ok()).unwrap_or(0);
        let passive = inputs.get("passive").and_then(|n| s.find(n).ok());
        let typed = clash::named_numbers(inputs.get("rolls").map(String::as_str), s).unwrap_or_default();
        (0..s.combatants.len())
            .filter(|i| Some(*i) != passive && !typed.contains_key(i))
            .filter_map(|i| {
                let pool = arcana::pool_of(&s.combatants[i], distraction).ok()?;
                Some(crate::encounters::OwnField {
                    param: "rolls",
                    asks: Some("Your clash successes"),
                    who: i,
                    form: crate::encounters::AnswerForm::Pool { dice: pool.dice_pool, chance: pool.chance_die },
                    named: true,
                })
            })
            .collect()
    }

    fn prepare(&self, book: &dyn Rulebook, s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
        let mut facts = clash::prepare(book, s, act, rng)?;
        if matches!(act.action.name, "arms" | "swap") {
            facts.insert(arms::RULES.into(), "3".into());
        }
        Ok(facts)
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        match act.action.name {
            "clash" => clash::clash(s, act),
            "arms" => arms::arms(s, act),
            "swap" => arms::swap(s, act),
            "surrender" => round::surrender(s, act),
            "end-duel" => round::end_duel(s, act),
            other => Err(Error::InvalidInput(format!("the Duel Arcane has no {other} action"))),
        }
    }

    fn value_range(&self, c: &Combatant, field: &str) -> Option<(i64, i64)> {
        stats::value_range(c, field)
    }

    fn after_set(&self, c: &mut Combatant, field: &str) -> Result<Outcome> {
        stats::after_set(c, field)
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        stats::view(c)
    }

    fn view_encounter(&self, s: &State) -> serde_json::Map<String, serde_json::Value> {
        stats::view_encounter(s)
    }

    fn player_encounter(&self, s: &State) -> Vec<String> {
        stats::player_encounter(s)
    }

    /// A duelist's own player sees their arms and boxes; the table, only what shows.
    fn player_status(&self, c: &Combatant, pc: bool) -> Vec<String> {
        stats::player_status(c, pc)
    }

    /// The Willpower each duelist ends with, and the Resistant lethal wounds that stay.
    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        stats::lasting(c)
    }
}
