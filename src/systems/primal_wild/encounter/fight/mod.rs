//! The fight: a Primal Wild combat with boosted initiative and attacks, defensive
//! spells, minions and ephemeral beings.

mod attacks;
mod beings;
mod defense;
mod initiative;
mod minions;
mod stats;
mod wounds;

use std::collections::BTreeMap;

use crate::characters::Character;
use crate::encounters::{Act, Action, Combatant, EncounterRules, Facts, Outcome, StatSpec, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::sheets::Derived;
use crate::systems::primal_wild::rules::{ESSENCE, POTENCY};

/// Primal Wild fights: initiative with boosts and Shaping.
pub struct Fight;

static FIGHT_ACTIONS: &[Action] = &[
    attacks::BOOSTED_ATTACK,
    attacks::SHAPING_ATTACK,
    defense::DEFENSIVE_SPELL,
    minions::MINION,
    beings::HOSTILE_SPELL,
    beings::EMPOWER,
    beings::SPEND_ESSENCE,
    beings::ESSENCE_FADES,
];

impl EncounterRules for Fight {
    fn marks_naming_combatants(&self) -> &'static [&'static str] {
        // A breached immunity is named by the attacker who breached it.
        &[defense::BREACHED]
    }

    fight_home!(menu: super::menu::FIGHT, super::menu::option);

    /// A player's phone sends what their mage does for themself: a defensive spell. The
    /// attacks are recorded on the one struck (the action's name is the target's), and
    /// minions and ephemeral beings' Essence are the storyteller's, so these stay with
    /// the game master (interpretation: until a phone can name a target for them).
    fn players_action(&self, action: &str) -> bool {
        action == "defensive-spell"
    }

    /// A minion acts in its creator's turn: it rolls no initiative and takes no turn.
    fn leaves_order(&self, c: &Combatant) -> Option<String> {
        minions::creator(c).map(|m| format!("{m}'s minion, acting in that mage's turn"))
    }

    fn stats(&self) -> &'static [StatSpec] {
        stats::FIGHT_STATS
    }

    fn stats_from_sheet(&self, c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        stats::from_sheet(c)
    }

    /// Until issue 72 a combatant was a mage unless marked `mage=0`, a saved character
    /// too (its sheet gave the fight nothing): a fight stored then replays so.
    /// Interpretation: a join that does not say is such a fight's, since Tome now says it
    /// in every join it stores.
    fn older_defaults(&self) -> &'static [(&'static str, i64)] {
        &[("mage", 1)]
    }

    fn join(&self, c: &mut Combatant) {
        wounds::join(c);
        beings::join(c);
    }

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        initiative::initiative(c, roll)
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        ("1d10", (1, 10))
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        wounds::start_turn(c)
    }

    fn down(&self, c: &Combatant) -> Option<String> {
        wounds::down(c)
    }

    /// Lethal when none is given.
    fn damage_kinds(&self) -> Vec<String> {
        let mut kinds: Vec<String> = wounds::DAMAGE_TYPES.iter().map(|t| t.to_string()).collect();
        kinds.sort_by_key(|k| k != "lethal");
        kinds
    }

    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        wounds::damage(c, amount, kind)
    }

    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome> {
        wounds::heal(c, amount)
    }

    fn actions(&self) -> &'static [Action] {
        FIGHT_ACTIONS
    }

    fn prepare(&self, _book: &dyn Rulebook, s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
        // A fact marks the actions made since a rule came in, so one stored before it
        // replays as it was made: Mage Sight against Shaping (line 199), an empowering
        // spell's reach by its aspect (line 48).
        match act.action.name {
            "hostile-spell" => beings::prepare(s, act, rng),
            "shaping-attack" => Ok(BTreeMap::from([("mage-sight".into(), "1".into())])),
            "empower" => Ok(BTreeMap::from([("reach".into(), "1".into())])),
            _ => Ok(BTreeMap::new()),
        }
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        match act.action.name {
            "boosted-attack" => attacks::boosted(s, act),
            "shaping-attack" => attacks::shaping(s, act),
            "defensive-spell" => defense::act(s, act),
            "minion" => minions::act(s, act),
            "hostile-spell" => beings::hostile(s, act),
            "empower" => beings::empower(s, act),
            "spend-essence" => beings::spend(s, act),
            "essence-fades" => beings::fades(s, act),
            other => Err(Error::InvalidInput(format!("a Primal Wild fight has no {other} action"))),
        }
    }

    fn value_range(&self, c: &Combatant, field: &str) -> Option<(i64, i64)> {
        wounds::wound_range(c, field).or(match field {
            "essence" => Some((0, c.stat("max-essence"))),
            "temporary-essence" => Some(ESSENCE),
            "defense-potency" => Some((0, POTENCY.1)),
            "defense-aspect" => Some((0, 3)),
            "attacked" | "covert-rote-used" => Some((0, 1)),
            "immunity" => Some((0, 2)),
            _ => None,
        })
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        stats::view(c)
    }

    fn lasting(&self, _c: &Combatant) -> BTreeMap<String, i64> {
        BTreeMap::new()
    }
}

#[cfg(test)]
mod tests_calculators;
