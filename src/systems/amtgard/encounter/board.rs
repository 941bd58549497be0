//! What the board tracks of a player: lives, worn armour by location, wounds, shield
//! and weapons, and the words for them.

use super::super::rules::{immunities as immune_schools, School, MAX_ARMOR};
use super::super::sheet::LOCATIONS;
use crate::encounters::{Combatant, StatSpec};

/// Lives a player has when the game master gives none. The document leaves lives to
/// each battlegame; this default is Tome's choice.
pub const DEFAULT_LIVES: i64 = 5;
/// The most hits one `damage` event counts.
pub(super) const MAX_HITS: i64 = 20;
pub(super) const ENCHANTMENTS: &str = "enchantments";
/// States the player has from class Traits (Immunity to Subdual, say): nothing removes them.
pub(super) const TRAIT_STATES: &str = "trait-states";

macro_rules! worn {
    ($key:literal, $label:literal, $loc:literal) => {
        StatSpec {
            key: $key,
            label: $label,
            aliases: &[$loc, concat!("armor.", $loc), concat!("armour-", $loc)],
            min: 0,
            max: MAX_ARMOR,
            default: 0,
        }
    };
}

pub(super) static STATS: &[StatSpec] = &[
    StatSpec {
        key: "lives",
        label: "Lives in this battlegame",
        aliases: &["life"],
        min: 1,
        max: 99,
        default: DEFAULT_LIVES,
    },
    // Joining, `torso=3` is the armour worn there; in a `set`, `torso` is the points left
    // (`bounds::set_word`), and the rating is set by its key, `worn-torso`.
    worn!("worn-torso", "Worn armour rating, torso", "torso"),
    worn!("worn-left-arm", "Worn armour rating, left arm", "left-arm"),
    worn!("worn-right-arm", "Worn armour rating, right arm", "right-arm"),
    worn!("worn-left-leg", "Worn armour rating, left leg", "left-leg"),
    worn!("worn-right-leg", "Worn armour rating, right leg", "right-leg"),
    StatSpec {
        key: "shield",
        label: "Carries a shield (1) or not (0)",
        aliases: &["has-shield"],
        min: 0,
        max: 1,
        default: 0,
    },
];

pub(super) const LOCATION_NAMES: &[&str] = &["torso", "left-arm", "right-arm", "left-leg", "right-leg"];

pub(super) fn armor_key(loc: &str) -> String {
    format!("armor-{loc}")
}

pub(super) fn wound_key(loc: &str) -> String {
    format!("wound-{loc}")
}

pub(super) fn label(loc: &str) -> &'static str {
    LOCATIONS.iter().find(|(k, _)| *k == loc).map_or("location", |(_, l)| l)
}

pub(super) fn is_limb(loc: &str) -> bool {
    loc != "torso"
}

pub(super) use crate::rules::plural;

pub(super) fn dead(c: &Combatant) -> bool {
    c.value("dead") > 0
}

pub(super) fn lives_left(c: &Combatant) -> i64 {
    (c.stat("lives") - c.value("deaths")).max(0)
}

pub(super) fn has_shield(c: &Combatant) -> bool {
    c.stat("shield") > 0
}

/// The Schools the player is Immune to: from Trait States ("Immune to Death"), from
/// States named so, and Spirit while Cursed.
pub(super) fn immunities(c: &Combatant) -> Vec<School> {
    immune_schools(c.marks(TRAIT_STATES).map(|m| m.name.as_str()).chain(c.conditions.iter().map(|x| x.name.as_str())))
}

pub(super) fn join(c: &mut Combatant) {
    for loc in LOCATION_NAMES {
        c.set(&armor_key(loc), c.stat(&format!("worn-{loc}")));
        c.set(&wound_key(loc), 0);
    }
    for key in ["deaths", "dead", "shield-hits", "shield-destroyed", "weapon-destroyed"] {
        c.set(key, 0);
    }
}
