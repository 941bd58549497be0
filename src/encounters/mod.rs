//! Encounters: a fight run by its own system's rules, kept as a log of events.
//!
//! Every change a game master makes is one [`Event`]. The [`State`] (round, acting
//! order, each combatant's tracked values and conditions, and a readable log) is what
//! the events add up to: [`State::replay`] folds them with the system's
//! [`EncounterRules`]. Undo and redo move a pointer over the stored events, and
//! resuming after a restart or a crash is a replay, so all three come from one
//! mechanism (see `schema/0005_encounters.sql`).
//!
//! Events hold every die that was rolled, typed or rolled by Tome, so a replay never
//! rolls: the same events always give the same state.

mod event;
mod state;

pub use event::{ConditionRef, Duration, Event, NewCombatant, Roll};
pub use state::{ActiveCondition, Combatant, LogEntry, State, Summary};

use std::collections::BTreeMap;

use crate::characters::Character;
use crate::error::Result;
use crate::rules::Term;
use crate::sheets::Derived;

/// The most combatants one encounter holds.
pub const MAX_COMBATANTS: usize = 200;
/// The most combatants one quick add makes ("Goblin" ×50).
pub const MAX_COUNT: i64 = 50;
/// The largest amount of damage or healing, or value set, in one event.
pub const MAX_AMOUNT: i64 = 100_000;
/// The longest duration, in rounds or seconds.
pub const MAX_DURATION: i64 = 100_000;
/// The most events one encounter keeps.
pub const MAX_EVENTS: usize = 100_000;

/// A value a system's tracker needs of each combatant, and the words that name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatSpec {
    /// The key (`awr`, `max-hp`), as `--stat KEY=VALUE` takes it.
    pub key: &'static str,
    /// What the tracker calls it ("Awareness (AWR)").
    pub label: &'static str,
    /// Other words for it: the documents' abbreviations and the sheet's field key.
    pub aliases: &'static [&'static str],
    pub min: i64,
    pub max: i64,
    /// Used when neither the sheet nor the game master gives it.
    pub default: i64,
}

/// What happened to a combatant, in words and the terms of every number.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    pub lines: Vec<String>,
    pub terms: Vec<Term>,
}

impl Outcome {
    pub fn line(text: impl Into<String>) -> Outcome {
        Outcome { lines: vec![text.into()], terms: Vec::new() }
    }
}

/// One system's encounter rules: how a combatant is set up, who acts first, what a
/// turn boundary, damage and healing do. A system that runs encounters returns these
/// from [`crate::systems::GameSystem::encounter`]; the engine stays generic.
pub trait EncounterRules: Send + Sync {
    /// The values a quick (non-player) combatant needs, in the order asked for.
    fn stats(&self) -> &'static [StatSpec];

    /// A saved character's values for [`EncounterRules::stats`], from the sheet (and
    /// what the rules derive from it). Missing ones take their default.
    fn stats_from_sheet(&self, c: &Character, derived: &Derived) -> BTreeMap<String, i64>;

    /// Sets up the tracked values of a combatant who has just joined (`stats` filled).
    fn join(&self, c: &mut Combatant);

    /// The initiative the combatant acts on from its die roll, with the terms; and the
    /// keys compared to order the combatants (the total first, then tie-breaks).
    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome);

    /// The die an initiative roll (and a tie re-roll) is, as [`crate::dice::roll_spec`]
    /// takes it (`1d20`, `stress`), and the values one may read.
    fn initiative_dice(&self) -> (&'static str, (i64, i64));

    /// The acting combatant's turn begins.
    fn start_turn(&self, c: &mut Combatant) -> Outcome;

    /// The acting combatant's turn ends.
    fn end_turn(&self, c: &mut Combatant) -> Outcome;

    /// Damage of `amount` (of type `kind`, where the system has types).
    ///
    /// # Errors
    /// An amount or type the rules do not take.
    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome>;

    /// Healing of `amount`.
    ///
    /// # Errors
    /// An amount the rules do not take.
    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome>;

    /// The combatant's tracked state as `show --json` gives it (`hp`, `wounds`, …).
    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value>;

    /// What lasts after the fight, as changes to the linked character's sheet values
    /// (field key → value).
    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64>;
}
