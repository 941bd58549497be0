//! The fields of an action a player's phone may be asked to fill (issue 42, "answer when
//! asked"): the rolls and calls that are a player's own, with the form the answer takes.
//! The game master's tracker offers "Ask Ilse's phone" beside each.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How a phone answers what it is asked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum AnswerForm {
    /// A roll of the ask's dice ("1d20", "stress"): Tome's, or the die as it landed.
    #[default]
    Dice,
    /// One of `options` (how each reads: `labels`): the player's own call, not a roll
    /// (an Amtgard player says where the blow landed).
    Choice { options: Vec<String>, labels: Vec<String> },
    /// The successes of a pool of `dice` d10s (8+ succeeds, a 10 rolls again), or of a
    /// chance die (only a 10 succeeds): Tome's roll ([`crate::dice::roll_pool`]), or
    /// the successes the player counted.
    Pool { dice: i64, chance: bool },
    /// Whether the player reacts now, out of their turn (MythCraft's Reactive AP): they
    /// answer `react` (and send the reaction from their phone's form) or `pass`.
    React,
}

impl AnswerForm {
    /// The options of a form answered by choosing, with how each reads.
    #[must_use]
    pub fn options(&self) -> Option<(Vec<String>, Vec<String>)> {
        match self {
            AnswerForm::Choice { options, labels } => Some((options.clone(), labels.clone())),
            AnswerForm::React => {
                Some((vec!["react".into(), "pass".into()], vec!["React".into(), "Let it pass".into()]))
            }
            _ => None,
        }
    }
}

/// The most successes a pool answer typed by a player may hold.
pub const MOST_SUCCESSES: i64 = 50;

/// A field of an action that a player's phone may be asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PhoneField {
    /// The action's parameter it fills.
    pub param: String,
    /// What the phone says is asked ("Defense (attack by Brigand)").
    pub label: String,
    /// The combatant whose player is asked, and their saved character.
    pub name: String,
    pub character: i64,
    /// The die, for [`AnswerForm::Dice`] ("1d20", "stress"); empty otherwise.
    pub dice: String,
    pub form: AnswerForm,
    /// The answer goes in as `NAME=N` among others in the field (a duel's successes,
    /// one per duelist) rather than as the field's whole value.
    pub named: bool,
}

/// A field the system's rules say a combatant's player answers, beyond a single die
/// ([`super::EncounterRules::phone_fields`]): the parameter, the combatant (by index),
/// the form, and whether the answer is `NAME=N`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnField {
    pub param: &'static str,
    /// What the phone says is asked, where the field's own name would read poorly
    /// ("Where were you struck?"); `None`: the field's label.
    pub asks: Option<&'static str>,
    pub who: usize,
    pub form: AnswerForm,
    pub named: bool,
}
