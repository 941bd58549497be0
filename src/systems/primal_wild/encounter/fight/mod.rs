//! The fight: a Primal Wild combat with boosted initiative and attacks.

mod attacks;
mod initiative;
mod stats;
mod wounds;

use std::collections::BTreeMap;

use crate::characters::Character;
use crate::encounters::{Act, Action, Combatant, EncounterRules, Outcome, StatSpec, State};
use crate::error::Result;
use crate::sheets::Derived;

/// Primal Wild fights: initiative with boosts and Shaping.
pub struct Fight;

impl EncounterRules for Fight {
    fn stats(&self) -> &'static [StatSpec] {
        stats::FIGHT_STATS
    }

    fn stats_from_sheet(&self, _c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        BTreeMap::new()
    }

    fn join(&self, c: &mut Combatant) {
        wounds::join(c);
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

    fn end_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        wounds::damage(c, amount, kind)
    }

    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome> {
        wounds::heal(c, amount)
    }

    fn actions(&self) -> &'static [Action] {
        attacks::FIGHT_ACTIONS
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        attacks::act(s, act)
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        stats::view(c)
    }

    fn lasting(&self, _c: &Combatant) -> BTreeMap<String, i64> {
        BTreeMap::new()
    }
}
