//! Primal Wild (a Mage: the Awakening supplement): the Duel Arcane (clash pools, psychic
//! damage, round results), combat magic (boosted initiative, boosted and Shaped attacks,
//! defensive spells and immunity), spell displacement, and two small sums about created
//! and ephemeral beings.

use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{check, Calculator, Inputs, Outcome, Param, ParamKind, Term};

pub(crate) const SYSTEM: &str = "primal-wild";

// The entries the terms link to (each checked against the shipped content in the tests).
pub(crate) const R_CLASH_POOL: &str = "primal-wild/rule/clash-dice-pool";
pub(super) const T_CLASH_MODS: &str = "primal-wild/table/clash-dice-pool-modifiers";
pub(crate) const R_CLASH_RESULTS: &str = "primal-wild/rule/clash-results";
pub(crate) const R_ROUND_RESULTS: &str = "primal-wild/rule/round-results";
pub(super) const T_ROUND: &str = "primal-wild/table/duel-round-outcomes";
pub(crate) const R_INITIATIVE: &str = "primal-wild/rule/boosting-initiative";
pub(crate) const R_ATTACKS: &str = "primal-wild/rule/boosting-attacks";
pub(super) const R_DAMAGE_FACTORS: &str = "primal-wild/rule/damage-factors";
pub(super) const R_DURABILITY: &str = "primal-wild/rule/supernatural-durability";
pub(super) const T_BOOSTS: &str = "primal-wild/table/combat-boosts-by-aspect";
pub(crate) const R_SHAPING_ATTACKS: &str = "primal-wild/rule/shaping-attacks";
pub(super) const R_DEFENSE: &str = "primal-wild/rule/boosting-defense";
pub(super) const R_IMMUNITY: &str = "primal-wild/rule/damage-immunity";
pub(super) const R_DISPLACEMENT: &str = "primal-wild/rule/spell-displacement";
pub(super) const T_DISPLACEMENT: &str = "primal-wild/table/spell-displacement-outcomes";
pub(super) const R_COMPETITION: &str = "primal-wild/rule/spell-competition";
pub(super) const R_SENSORY_OPPOSED: &str = "primal-wild/rule/opposing-sensory-spells";
pub(super) const R_CREATED_RANK: &str = "primal-wild/rule/created-being-rank";
pub(super) const T_RANK_BENCH: &str = "primal-wild/table/created-being-rank-benchmarks";
pub(super) const R_ENHANCE: &str = "primal-wild/rule/enhancing-ephemeral-beings";
pub(super) const R_EMPOWER: &str = "primal-wild/rule/empowering-ephemeral-beings";
pub(super) const T_EMPOWER: &str = "primal-wild/table/empowering-ephemeral-beings-by-rank";
pub(super) const R_CLASH_COST: &str = "primal-wild/rule/clash-cost";
pub(super) const R_EPHEMERAL_RESISTANCE: &str = "primal-wild/rule/ephemeral-being-resistance";
pub(super) const R_FOREIGN_POWERS: &str = "primal-wild/rule/supernal-magic-and-other-supernatural-powers";
pub(super) const R_BOLSTERING: &str = "primal-wild/rule/bolstering-supernatural-powers";
pub(super) const R_COMMANDING: &str = "primal-wild/rule/commanding-ephemeral-powers";
pub(super) const R_PRIME_SUPPRESSION: &str = "primal-wild/rule/prime-magic-resistance-and-suppression";
pub(super) const R_SUSTAINED_ATTACKS: &str = "primal-wild/rule/sustained-attack-spells";
pub(super) const R_HAZARDS: &str = "primal-wild/rule/autonomous-hazards";
pub(super) const R_SHAPING_DEFENSE: &str = "primal-wild/rule/shaping-defense";
pub(super) const R_WEAPONS: &str = "primal-wild/rule/magical-weapons";
pub(super) const R_ENHANCED_ITEMS: &str = "primal-wild/rule/enhanced-items";
pub(super) const T_EDGES: &str = "primal-wild/table/magical-attack-edge-examples";
pub const R_SPELL_CREATIONS: &str = "primal-wild/rule/spell-sustained-creations";
pub const R_DUEL_ROUNDS: &str = "primal-wild/rule/duel-rounds";
pub const R_SWAPPING: &str = "primal-wild/rule/swapping-arcana";
pub(super) const R_GRANTING: &str = "primal-wild/rule/granting-influences-and-numina";
pub(super) const R_SCOPE: &str = "primal-wild/rule/sensory-scope-and-limitations";
pub(super) const R_MULTIPLE: &str = "primal-wild/rule/multiple-targets";
pub(super) const R_AUGMENTATIONS: &str = "primal-wild/rule/augmentations-and-transformations";
pub(super) const R_CREATED_MERITS: &str = "primal-wild/rule/created-beings-as-merits";
pub(super) const R_LASTING: &str = "primal-wild/rule/lasting-consequences";
pub(super) const T_ARCANA_BEINGS: &str = "primal-wild/table/arcana-for-ephemeral-beings";
pub(super) const R_AFFECTING: &str = "primal-wild/rule/affecting-ephemeral-beings";
pub(super) const R_RECIPROCITY: &str = "primal-wild/rule/reciprocity";
pub(super) const R_APPRENTICE: &str = "primal-wild/rule/apprentice-spells-on-ephemeral-beings";
pub(super) const R_DISCIPLE: &str = "primal-wild/rule/disciple-spells-on-ephemeral-beings";
pub(super) const R_MAGE_SIGHT: &str = "primal-wild/rule/mage-sight";
pub(super) const R_SENSORY_TARGETING: &str = "primal-wild/rule/sensory-targeting";
pub(super) const R_INVIOLABILITY: &str = "primal-wild/rule/inviolability";
pub(super) const R_ILLUSIONS: &str = "primal-wild/rule/illusions";
pub(super) const R_RESOURCES: &str = "primal-wild/rule/resources-and-servants";
pub(super) const R_GRANTING_SENSES: &str = "primal-wild/rule/granting-sensory-magic";
pub(super) const R_LASTING_BEINGS: &str = "primal-wild/rule/lasting-created-beings";
pub(super) const R_APPLICABILITY: &str = "primal-wild/rule/defensive-spell-applicability";

/// Every entry id this module links to.
pub const LINKED_ENTRIES: &[&str] = &[
    R_LASTING_BEINGS,
    R_APPLICABILITY,
    R_CLASH_POOL,
    T_CLASH_MODS,
    R_CLASH_RESULTS,
    R_ROUND_RESULTS,
    T_ROUND,
    R_INITIATIVE,
    R_ATTACKS,
    R_DAMAGE_FACTORS,
    R_DURABILITY,
    T_BOOSTS,
    R_SHAPING_ATTACKS,
    R_DEFENSE,
    R_IMMUNITY,
    R_DISPLACEMENT,
    T_DISPLACEMENT,
    R_COMPETITION,
    R_SENSORY_OPPOSED,
    R_CREATED_RANK,
    T_RANK_BENCH,
    R_ENHANCE,
    R_EMPOWER,
    T_EMPOWER,
    R_CLASH_COST,
    R_EPHEMERAL_RESISTANCE,
    R_FOREIGN_POWERS,
    R_BOLSTERING,
    R_COMMANDING,
    R_PRIME_SUPPRESSION,
    R_SUSTAINED_ATTACKS,
    R_HAZARDS,
    R_SHAPING_DEFENSE,
    R_WEAPONS,
    R_ENHANCED_ITEMS,
    T_EDGES,
    R_SPELL_CREATIONS,
    R_DUEL_ROUNDS,
    R_SWAPPING,
    R_GRANTING,
    R_SCOPE,
    R_MULTIPLE,
    R_AUGMENTATIONS,
    R_CREATED_MERITS,
    R_LASTING,
    T_ARCANA_BEINGS,
    R_AFFECTING,
    R_RECIPROCITY,
    R_APPRENTICE,
    R_DISCIPLE,
    R_MAGE_SIGHT,
    R_SENSORY_TARGETING,
    R_INVIOLABILITY,
    R_ILLUSIONS,
    R_RESOURCES,
    R_GRANTING_SENSES,
];

// Ranges. Gnosis runs 1 to 10 and an Arcanum 0 to 5 dots in Mage.
pub const GNOSIS: (i64, i64) = (1, 10);
pub const ARCANUM: (i64, i64) = (0, 5);
/// Consecutive clashes a Sword may have sat out (any real duel's count fits).
pub const UNUSED: (i64, i64) = (0, 100);
/// The unused-Sword bonus stops at +5 however many clashes it sat out.
pub const UNUSED_BONUS_MAX: i64 = 5;
/// Noisy or distracting surroundings: -1 to -3 (0 for none).
pub const DISTRACTION: (i64, i64) = (0, 3);
pub const WILLPOWER: (i64, i64) = (0, 10);
pub const SUCCESSES: (i64, i64) = (0, 50);
pub const POTENCY: (i64, i64) = (1, 40);
pub(super) const DAMAGE: (i64, i64) = (0, 40);
/// A being's Rank, and a Resistance Attribute, 1 to 10.
pub const RANK: (i64, i64) = (1, 10);
pub const RESISTANCE: (i64, i64) = (1, 10);
/// Essence a single power costs, or a being or mage holds, in one go.
pub const ESSENCE: (i64, i64) = (0, 50);
/// The most damaging spells one mage sustains at once that a user can list.
pub(super) const MAX_HAZARDS: usize = 10;
/// A boosted attack's dice before Defense (Attribute + Skill + Edge and bonuses).
pub const POOL: (i64, i64) = (0, 40);
/// One target's Defense.
pub const DEFENSE: (i64, i64) = (0, 10);
/// The target's trait that guards a secret from scrutiny.
pub const GUARD: (i64, i64) = (1, 10);
/// Edges run up to +5 for weapons and enhanced items alike.
pub const EDGE_MAX: i64 = 5;

mod aspects;
mod attack_pool;
mod beings;
mod boosted_hit;
mod boosts;
mod calculators;
mod clash;
mod clash_cost;
mod combat_calculators;
mod defense;
mod displacement;
mod edge;
mod essence;
mod granted;
mod hazards;
#[cfg(test)]
mod hit_tests;
mod lasting;
mod more_calculators;
mod power_calculators;
#[cfg(test)]
mod procedure_tests;
mod psychic_damage;
mod resistance;
mod rounds;
mod scrutiny;
mod shaping;
mod shaping_defense;
mod spell_reach;
#[cfg(test)]
mod tests;

pub use aspects::*;
pub use attack_pool::*;
pub use beings::*;
pub use boosted_hit::*;
pub use boosts::*;
pub use calculators::*;
pub use clash::*;
pub use clash_cost::*;
pub use defense::*;
pub use displacement::*;
pub use edge::*;
pub use essence::*;
pub use granted::*;
pub use hazards::*;
pub use lasting::*;
pub use psychic_damage::*;
pub use resistance::*;
pub use rounds::*;
pub use scrutiny::*;
pub use shaping::*;
pub use shaping_defense::*;
pub use spell_reach::*;
