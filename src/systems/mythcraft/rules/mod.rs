//! MythCraft: initiative, action points, movement and jumping, crit range and critical
//! damage, applying damage, dying, knocking unconscious, tactical advantage, grapples,
//! surprise, and what conditions do to actions, speed, defenses and d20 rolls.
//!
//! Every function checks its inputs and returns the value together with the terms
//! behind it, each pointing at the shipped rule, table or condition entry.

use crate::dice::Dice;
use crate::error::{Error, Result};
use crate::model::Detail;
use crate::rulebook::Rulebook;
use crate::rules::{check, with_dice, Calculator, Inputs, Outcome, Param, ParamKind, Term};
use crate::Kind;

pub(crate) const SYSTEM: &str = "mythcraft";

pub(super) const R_INITIATIVE: &str = "mythcraft/rule/initiative";
pub(super) const R_AP: &str = "mythcraft/rule/action-points";
pub(super) const R_REACTIVE: &str = "mythcraft/rule/reactive-ap";
pub(super) const T_COR: &str = "mythcraft/table/coordination-cor-bonus-ap";
pub(super) const R_MOVE: &str = "mythcraft/rule/movement";
pub(super) const R_JUMP: &str = "mythcraft/rule/jump";
pub(super) const R_CRIT: &str = "mythcraft/rule/critical-hits";
pub(super) const R_WEAPON_CRIT: &str = "mythcraft/rule/weapon-crit";
pub(super) const T_DAMAGE_TYPES: &str = "mythcraft/table/damage-types";
pub(super) const R_IMMUNE: &str = "mythcraft/rule/immune";
pub(super) const R_VULNERABLE: &str = "mythcraft/rule/vulnerable";
pub(super) const R_RESIST: &str = "mythcraft/rule/resist";
pub(super) const R_DR: &str = "mythcraft/rule/damage-reduction";
pub(super) const R_DT: &str = "mythcraft/rule/damage-threshold";
pub(super) const R_SHIELD: &str = "mythcraft/rule/shield-hp";
pub(super) const C_AFFINITY: &str = "mythcraft/condition/affinity";
pub(super) const R_MASSIVE: &str = "mythcraft/rule/massive-damage";
pub(super) const R_DYING: &str = "mythcraft/rule/dying";
pub(super) const C_BLOODIED: &str = "mythcraft/condition/bloodied";
pub(super) const C_FATIGUED: &str = "mythcraft/condition/fatigued";
pub(super) const C_SUFFOCATING: &str = "mythcraft/condition/suffocating";
pub(super) const R_TA: &str = "mythcraft/rule/tactical-advantage-and-disadvantage";
pub(super) const R_RANGED_IN_MELEE: &str = "mythcraft/rule/ranged-attacks-in-melee";
pub(super) const C_GRAPPLED: &str = "mythcraft/condition/grappled-and-grappling";
pub(super) const R_KNOCKING_OUT: &str = "mythcraft/rule/knocking-unconscious";
pub(super) const C_SURPRISE_COMPLETE: &str = "mythcraft/condition/surprise-complete";
pub(super) const C_SURPRISE_PARTIAL: &str = "mythcraft/condition/surprise-partial";
pub(super) const C_ENGAGED: &str = "mythcraft/condition/engaged";
pub(super) const C_COVER: &str = "mythcraft/condition/cover";
pub(super) const C_BLEEDING: &str = "mythcraft/condition/bleeding";
pub(super) const C_PROTECTED: &str = "mythcraft/condition/protected";
pub(super) const C_SHAKEN: &str = "mythcraft/condition/shaken";
pub(super) const M_DODGE: &str = "mythcraft/maneuver/dodge";
pub(super) const R_MOVE_THROUGH: &str = "mythcraft/rule/moving-through-creatures";
pub(super) const R_COMBINING: &str = "mythcraft/rule/combining-magical-effects";
pub(super) const C_FLANKING: &str = "mythcraft/condition/flanking";
pub(super) const C_UNSEEN: &str = "mythcraft/condition/unseen";
pub(super) const C_BURNING: &str = "mythcraft/condition/burning";
pub(super) const R_SPECIAL_AP: &str = "mythcraft/rule/special-ap";
pub(super) const T_DISEASES: &str = "mythcraft/table/monster-diseases";

mod action_points;
mod afflictions;
mod calculators;
mod climbing;
mod combining;
mod condition_calculators;
mod condition_effects;
mod condition_limits;
mod conditions;
mod crits;
mod crowding;
mod d20_mode;
mod damage;
mod dying;
mod flanking;
mod grapples;
mod initiative;
mod knockout;
mod maneuvers;
mod movement;
mod parse;
mod procedure_calculators;
mod spotting;
mod surprise;
mod tactical_advantage;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_procedures;
mod unseen_burning;
mod written;

pub use action_points::*;
pub use afflictions::*;
pub use calculators::*;
pub use climbing::*;
pub use combining::*;
use condition_calculators::*;
pub use condition_effects::*;
pub use condition_limits::*;
pub use conditions::*;
pub use crits::*;
pub use crowding::*;
pub use d20_mode::*;
pub use damage::*;
pub use dying::*;
pub use flanking::*;
pub use grapples::*;
pub use initiative::*;
pub use knockout::*;
pub use maneuvers::*;
pub use movement::*;
use parse::*;
/// The tracker's `surprise-contests` action takes the calculator's parameters.
pub(super) use procedure_calculators::CONTEST_PARAMS;
use procedure_calculators::*;
pub use spotting::*;
pub use surprise::*;
pub use tactical_advantage::*;
pub use unseen_burning::*;
pub use written::*;
