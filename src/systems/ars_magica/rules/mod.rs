//! Ars Magica: combat totals, encumbrance, wounds, fatigue, movement and other perils.
//!
//! Every combat total here is the fixed part of the roll: the stress die (see
//! [`crate::dice::stress_die`]) is left for the player to add, and each total says so
//! in its terms. Weapons, shields and armour are looked up in the shipped tables by
//! name or id; their n/a statistics are `None`, and a total that needs one is an error.

use serde_json::Value;

use crate::error::{Error, Result};
use crate::model::ItemCoverage;
use crate::model::{Detail, Entry};
use crate::rulebook::Rulebook;
use crate::rules::{check, Calculator, Inputs, Outcome, Param, ParamKind, Term};

pub(crate) const SYSTEM: &str = "ars-magica";

// The rules and tables the terms link to.
pub(super) const R_INITIATIVE: &str = "ars-magica/rule/initiative-total";
pub(super) const R_ATTACK: &str = "ars-magica/rule/attack-total";
pub(super) const R_DEFENSE: &str = "ars-magica/rule/defense-total";
pub(super) const R_DAMAGE: &str = "ars-magica/rule/damage-total";
pub(super) const R_SOAK: &str = "ars-magica/rule/soak-total";
pub(super) const R_ADVANTAGE: &str = "ars-magica/rule/attack-advantage";
pub(super) const R_SEQUENCE: &str = "ars-magica/rule/combat-sequence";
pub(super) const R_BOTCHES: &str = "ars-magica/rule/combat-botches";
pub(super) const R_STRESS_DIE: &str = "ars-magica/rule/stress-die";
pub(super) const R_ARMOR: &str = "ars-magica/rule/armor";
pub(super) const R_MISSILE: &str = "ars-magica/rule/missile-combat";
pub(super) const R_MOVING: &str = "ars-magica/rule/moving-in-combat";
pub(super) const R_GROUP_DAMAGE: &str = "ars-magica/rule/group-damage";
pub(super) const R_UNTRAINED: &str = "ars-magica/rule/untrained-group";
pub(super) const R_TRAINED: &str = "ars-magica/rule/trained-group";
pub(super) const R_DISENGAGING: &str = "ars-magica/rule/disengaging";
pub(super) const R_EXERTION: &str = "ars-magica/rule/exertion";
pub(super) const R_MOUNTED: &str = "ars-magica/rule/mounted-combat";
pub(super) const R_ENCUMBRANCE: &str = "ars-magica/rule/encumbrance";
pub(super) const R_FATIGUE: &str = "ars-magica/rule/fatigue";
pub(super) const R_SHORT_TERM_FATIGUE: &str = "ars-magica/rule/short-term-fatigue";
pub(super) const R_LONG_TERM_FATIGUE: &str = "ars-magica/rule/long-term-fatigue";
pub(super) const R_WOUNDS: &str = "ars-magica/rule/wounds";
pub(super) const R_ACTIVITIES: &str = "ars-magica/rule/activities-while-injured";
pub(super) const R_RECOVERING: &str = "ars-magica/rule/recovering-from-wounds";
pub(super) const R_INCAPACITATION: &str = "ars-magica/rule/recovery-from-incapacitation";
pub(super) const R_INJURIES: &str = "ars-magica/rule/injuries";
pub(super) const R_HEAT: &str = "ars-magica/rule/heat-and-corrosion";
pub(super) const R_IMPACT: &str = "ars-magica/rule/impact";
pub(super) const R_TIES: &str = "ars-magica/rule/initiative-ties";
pub(super) const R_SPELL_DAMAGE: &str = "ars-magica/rule/spell-damage";
pub(super) const R_FATIGUE_RECOVERY: &str = "ars-magica/rule/recovery-from-short-term-fatigue";
pub(super) const R_DEBILITATION: &str = "ars-magica/rule/debilitation";
pub(super) const R_POISONS: &str = "ars-magica/rule/poisons";
pub(super) const R_DISEASES: &str = "ars-magica/rule/diseases";
pub(super) const R_DEPRIVATION: &str = "ars-magica/rule/deprivation";
pub(super) const R_NON_LETHAL: &str = "ars-magica/rule/non-lethal-combat";
pub(super) const R_GRAPPLING: &str = "ars-magica/rule/grappling";
pub(super) const R_GROUPS: &str = "ars-magica/rule/groups";
pub(super) const R_SPLITTING: &str = "ars-magica/rule/splitting-groups";
pub(super) const R_TRAVEL: &str = "ars-magica/rule/travel";
pub(super) const T_DAMAGE: &str = "ars-magica/table/damage-table";
pub(super) const T_WOUND: &str = "ars-magica/table/wound-table";
pub(super) const T_FATIGUE_LEVELS: &str = "ars-magica/table/fatigue-levels";
pub(super) const T_FATIGUE_RECOVERY: &str = "ars-magica/table/fatigue-recovery-chart";
pub(super) const T_RECOVERY: &str = "ars-magica/table/recovery-table";
pub(super) const T_ACTIVITIES: &str = "ars-magica/table/wound-penalty-activities";
pub(super) const T_HEAT: &str = "ars-magica/table/heat-and-corrosion-table";
pub(super) const T_EXPOSURE: &str = "ars-magica/table/exposure-multipliers";
pub(super) const T_IMPACT: &str = "ars-magica/table/impact-table";
pub(super) const T_MOVEMENT: &str = "ars-magica/table/movement-rates";
pub(super) const T_POISON: &str = "ars-magica/table/poison-table";
pub(super) const T_DISEASE: &str = "ars-magica/table/disease-table";
pub(super) const T_DEPRIVATION: &str = "ars-magica/table/deprivation-table";
pub(super) const T_SCUFFLE: &str = "ars-magica/table/scuffle-effects";
pub(super) const T_SAMPLE_ADVANTAGES: &str = "ars-magica/table/sample-advantages";
pub(super) const R_DEFENDER: &str = "ars-magica/rule/defender";
pub(super) const R_MAGIC: &str = "ars-magica/rule/magic-in-combat";
pub(super) const R_SPECIAL_EFFECTS: &str = "ars-magica/rule/combat-special-effects";

// The ranges every input is held to, here and in the declared parameters.
/// A characteristic (Quickness, Dexterity, Strength, Stamina).
pub(super) const CHAR: (i64, i64) = (-10, 10);
/// An Ability score (a combat Ability, Leadership, Ride, Chirurgy…).
pub(super) const ABILITY: (i64, i64) = (0, 30);
/// Encumbrance: at most the top Burden of the Encumbrance Table.
pub(super) const ENC: (i64, i64) = (0, 10);
/// A creature's Size.
pub(super) const SIZE: (i64, i64) = (-20, 20);
/// A finished total (Attack, Defense, Damage, Soak), die included.
pub(super) const TOTAL: (i64, i64) = (-200, 20_000);
/// Damage past Soak.
pub(super) const DAMAGE: (i64, i64) = (-10_000, 10_000);
/// A count of wounds of one level.
pub(super) const WOUND_COUNT: (i64, i64) = (0, 100);
/// Fatigue levels lost of one kind.
pub(super) const FATIGUE_LOST: (i64, i64) = (0, 20);
/// A bonus such as a Form bonus to Soak or a magical aid to recovery.
pub(super) const BONUS: (i64, i64) = (0, 50);

/// A stress die as typed: a 1 doubles the next roll, ten doublings at most.
pub(super) const DIE: (i64, i64) = (0, 10_240);
/// A penalty from wounds and fatigue (see the penalty calculator).
pub(super) const PENALTY: (i64, i64) = (-1_000, 0);

/// The reminder that a total leaves out its stress die.
pub(super) fn stress_die_term() -> Term {
    Term::text("Stress die", "not included: add your roll", Some(R_STRESS_DIE))
}

/// A required whole-number parameter over one of the ranges above.
macro_rules! int {
    ($name:expr, $help:expr, $range:expr) => {
        Param {
            name: $name,
            help: $help,
            kind: ParamKind::Int { min: $range.0, max: $range.1 },
            required: true,
            default: None,
        }
    };
}

/// An optional whole-number parameter with a default.
macro_rules! int_or {
    ($name:expr, $help:expr, $range:expr, $default:expr) => {
        Param {
            name: $name,
            help: $help,
            kind: ParamKind::Int { min: $range.0, max: $range.1 },
            required: false,
            default: Some($default),
        }
    };
}

/// An optional whole-number parameter without a default.
macro_rules! int_opt {
    ($name:expr, $help:expr, $range:expr) => {
        Param {
            name: $name,
            help: $help,
            kind: ParamKind::Int { min: $range.0, max: $range.1 },
            required: false,
            default: None,
        }
    };
}

/// A flag.
macro_rules! flag {
    ($name:expr, $help:expr) => {
        Param { name: $name, help: $help, kind: ParamKind::Flag, required: false, default: None }
    };
}

mod calculators;
mod calculators_combat;
mod calculators_perils;
mod combat;
mod debilitation;
mod encumbrance;
mod fatigue;
mod initiative;
mod movement;
mod nonlethal;
mod perils;
mod recovery;
mod recovery_track;
mod stunts;
#[cfg(test)]
mod tests;
mod travel;
mod wounds;

pub use calculators::*;
pub use combat::*;
pub use debilitation::*;
pub use encumbrance::*;
pub use fatigue::*;
pub use initiative::*;
pub use movement::*;
pub use nonlethal::*;
pub use perils::*;
pub use recovery::*;
pub use recovery_track::*;
pub use stunts::*;
pub use travel::*;
pub use wounds::*;
