//! Amtgard: which enchantments may be worn together, which armour counts, what a hit
//! with a Special Effect does to armour, shields and weapons, when a Touch-range
//! ability may be used, the order in which simultaneous effects go off, range and
//! sight when an incantation ends, how far calls carry, Charges, what survives death
//! and respawn, Kill and Wound Triggers, Magic Ball and Specialty Arrow limits, and
//! stacked Resistances and Meta-Magics.
//!
//! The document is a glossary, so the numbers here are few: Armor Breaking strips a
//! location holding 3 points or fewer, three Shield Crushing hits destroy a shield, one
//! magical enchantment at a time, and the four-step Ability Order table.

use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{check, Calculator, Inputs, Outcome, Param, ParamKind, Term};

pub(crate) const SYSTEM: &str = "amtgard";

// Entry ids the terms link to (each is checked against the shipped content in the tests).
pub(crate) const R_ENCHANTMENTS: &str = "amtgard/rule/enchantments";
pub(super) const R_M_EX: &str = "amtgard/rule/magical-m-and-extraordinary-ex";
pub(crate) const R_MAGIC_ARMOR: &str = "amtgard/rule/magic-armor";
pub(crate) const R_SPECIAL_EFFECTS: &str = "amtgard/rule/special-effects";
pub(super) const R_RANGE: &str = "amtgard/rule/range";
pub(super) const R_ABILITY_ORDER: &str = "amtgard/rule/ability-order";
pub(super) const T_ABILITY_ORDER: &str = "amtgard/table/ability-order";
pub(super) const R_TRAITS: &str = "amtgard/rule/traits";
pub(crate) const R_RESISTANT: &str = "amtgard/rule/resistant";
pub(crate) const R_STATES: &str = "amtgard/rule/states";
pub(crate) const R_ONGOING: &str = "amtgard/rule/ongoing-effects";
pub(super) const R_INCANTATION: &str = "amtgard/rule/incantation";
pub(super) const R_ALL_INCANTATIONS: &str = "amtgard/rule/all-incantations";
pub(super) const R_CHANT: &str = "amtgard/rule/chant";
pub(super) const R_CHARGE: &str = "amtgard/rule/charge";
pub(super) const T_CHARGE_INCANTATION: &str = "amtgard/table/charge-incantation";
pub(super) const R_TRIGGER: &str = "amtgard/rule/trigger";
pub(super) const R_KILL_TRIGGER: &str = "amtgard/rule/kill-trigger";
pub(super) const R_WOUND_TRIGGER: &str = "amtgard/rule/wound-trigger";
pub(super) const R_MAGIC_BALLS: &str = "amtgard/rule/magic-balls";
pub(super) const R_SPECIALTY_ARROWS: &str = "amtgard/rule/specialty-arrows";
pub(super) const R_META_MAGIC: &str = "amtgard/rule/meta-magic";
pub(crate) const R_MEND: &str = "amtgard/rule/mend";
pub(crate) const R_PHOENIX_TEARS: &str = "amtgard/rule/phoenix-tears";
pub(super) const C_CURSED: &str = "amtgard/condition/cursed";
pub(super) const C_SUPPRESSED: &str = "amtgard/condition/suppressed";
pub(super) const C_FRAGILE: &str = "amtgard/condition/fragile";
pub(super) const C_FROZEN: &str = "amtgard/condition/frozen";
pub(super) const C_IMMUNE: &str = "amtgard/condition/immune";
pub(super) const C_INSUBSTANTIAL: &str = "amtgard/condition/insubstantial";
pub(super) const C_INVULNERABLE: &str = "amtgard/condition/invulnerable";
pub(super) const C_STUNNED: &str = "amtgard/condition/stunned";
pub(super) const C_STOPPED: &str = "amtgard/condition/stopped";
pub(super) const R_ENGULFING: &str = "amtgard/rule/engulfing";
pub(super) const SE_ARMOR_BREAKING: &str = "amtgard/special-effect/armor-breaking";
pub(super) const SE_ARMOR_DESTROYING: &str = "amtgard/special-effect/armor-destroying";
pub(super) const SE_SHIELD_CRUSHING: &str = "amtgard/special-effect/shield-crushing";
pub(super) const SE_SHIELD_DESTROYING: &str = "amtgard/special-effect/shield-destroying";
pub(super) const SE_WEAPON_DESTROYING: &str = "amtgard/special-effect/weapon-destroying";
pub(super) const SE_WOUNDS_KILL: &str = "amtgard/special-effect/wounds-kill";

/// The most armour points a location may be given here. The document sets no ceiling;
/// this is a generous cap so that typing mistakes are caught.
pub const MAX_ARMOR: i64 = 10;
/// Armor Breaking strips a location that holds this many points or fewer.
pub const ARMOR_BREAKING_THRESHOLD: i64 = 3;
/// Shield Crushing hits (from any mix of sources) that destroy a shield.
pub const SHIELD_CRUSHING_HITS: i64 = 3;
/// Points an ordinary hit removes from an armoured location (the document's Ability
/// Order example: a plain melee hit on armour costs that location 1 point).
pub const NORMAL_HIT_ARMOR_LOSS: i64 = 1;
/// Magical enchantments a player may carry at once.
pub const MAX_MAGICAL_ENCHANTMENTS: usize = 1;

pub(super) fn invalid(msg: impl Into<String>) -> Error {
    Error::InvalidInput(msg.into())
}

/// The items of a comma-separated list given to `--{param}`, by the one list reading
/// every calculator uses ([`crate::rules::list::items`]): an empty item (`a,,b`, a
/// trailing comma) or a blank list is refused, never quietly dropped.
pub(super) fn items<'a>(param: &str, text: &'a str) -> Result<Vec<&'a str>> {
    crate::rules::list::items(param, text)
}

/// A list parameter read by `parse`, or an empty list when it is left out. A value that
/// is given is always read, so a blank one (`--states ""`) is refused as an empty list
/// rather than taken for "none".
pub(super) fn listed<T>(i: &Inputs, param: &str, parse: impl FnOnce(&str) -> Result<Vec<T>>) -> Result<Vec<T>> {
    match i.raw(param) {
        None => Ok(Vec::new()),
        Some(text) => parse(text),
    }
}

/// The names a list parameter gives, tidied; empty when it is left out.
pub(super) fn listed_names(i: &Inputs, param: &str) -> Result<Vec<String>> {
    listed(i, param, |t| Ok(items(param, t)?.into_iter().map(tidy).collect()))
}

/// Collapses runs of whitespace, keeping the name's own spelling.
pub(super) fn tidy(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

mod ability_order;
mod audible;
mod avoid_death;
mod calculators;
mod carried;
mod casting;
mod charge;
mod death;
mod enchantments;
mod hands;
mod hits;
mod incanting;
mod magic_armor;
mod mend;
mod naming;
mod range;
mod schools;
mod stacking;
mod states_held;
mod strikes;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_more;
#[cfg(test)]
mod tests_moves;
#[cfg(test)]
mod tests_procedures;
mod touch;
mod trigger;
mod uses;

pub use ability_order::*;
pub use audible::*;
pub use avoid_death::*;
pub use calculators::*;
pub use carried::*;
pub use casting::*;
pub use charge::*;
pub use death::*;
pub use enchantments::*;
pub use hands::*;
pub use hits::*;
pub use incanting::*;
pub use magic_armor::*;
pub use mend::*;
pub use naming::*;
pub use range::*;
pub use schools::*;
pub use stacking::*;
pub use states_held::*;
pub use strikes::*;
pub use touch::*;
pub use trigger::*;
pub use uses::*;
