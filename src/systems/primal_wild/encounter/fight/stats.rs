//! What a fighter brings: the stats asked for, and what the tracker shows.

use super::beings::ephemeral;
use super::defense::defense_of;
use super::minions::creator;
use crate::encounters::{Combatant, StatSpec};
use crate::systems::primal_wild::rules::{ARMOR, ESSENCE, RANK, RESISTANCE};

const ASPECTS: &[&str] = &["none", "sensory", "covert", "vulgar"];
/// Health when the game master gives none (Mage's Stamina + Size for an average adult;
/// not in the supplement, so Tome's choice).
const DEFAULT_HEALTH: i64 = 7;

/// What a saved character brings to a fight: whether it is a mage, which its sheet says
/// by its Gnosis (a mage's own trait: one with Gnosis 1 or more is Awakened).
pub(super) fn from_sheet(c: &crate::characters::Character) -> std::collections::BTreeMap<String, i64> {
    let gnosis = match c.values.get("gnosis") {
        Some(crate::characters::SheetValue::Int(n)) => *n,
        _ => 0,
    };
    std::collections::BTreeMap::from([("mage".to_string(), i64::from(gnosis >= 1))])
}

pub(super) static FIGHT_STATS: &[StatSpec] = &[
    StatSpec {
        key: "initiative",
        label: "Initiative modifier",
        aliases: &["init", "modifier"],
        min: -10,
        max: 30,
        default: 0,
    },
    StatSpec {
        key: "boost",
        label: "Initiative boost (0 none, 1 sensory, 2 covert, 3 vulgar)",
        aliases: &["aspect", "initiative-boost"],
        min: 0,
        max: 3,
        default: 0,
    },
    StatSpec {
        key: "shaped-potency",
        label: "Shaped Potency replacing the initiative roll (0 for none)",
        aliases: &["shaped", "shaping"],
        min: 0,
        max: 40,
        default: 0,
    },
    StatSpec {
        key: "health",
        label: "Health (an ephemeral being's Corpus)",
        aliases: &["hp", "corpus"],
        min: 1,
        max: 30,
        default: DEFAULT_HEALTH,
    },
    StatSpec {
        key: "armor",
        label: "Armour rating (takes only boosted damage above the roll)",
        aliases: &["armour"],
        min: ARMOR.0,
        max: ARMOR.1,
        default: 0,
    },
    StatSpec {
        key: "durable",
        label: "Supernaturally durable (1: a vampire, a werewolf): lethal from a boost short of vulgar is bashing",
        aliases: &["supernatural-durability", "tough"],
        min: 0,
        max: 1,
        default: 0,
    },
    StatSpec {
        key: "mage",
        label: "A mage (1), whose Mage Sight is a sensory boost against Shaping while conscious and mobile; 0 (the \
                default): not a mage; a saved character with Gnosis is one",
        aliases: &["mage-sight"],
        min: 0,
        max: 1,
        default: 0,
    },
    StatSpec {
        key: "rank",
        label: "Rank (an ephemeral being; 0 for anyone else)",
        aliases: &[],
        min: 0,
        max: RANK.1,
        default: 0,
    },
    StatSpec {
        key: "resistance",
        label: "Resistance (an ephemeral being)",
        aliases: &["res"],
        min: 0,
        max: RESISTANCE.1,
        default: 0,
    },
    StatSpec {
        key: "max-essence",
        label: "Essence, the most it holds (an ephemeral being)",
        aliases: &["essence-max"],
        min: 0,
        max: ESSENCE.1,
        default: 0,
    },
];

pub(super) fn view(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    let track = if ephemeral(c) { "corpus" } else { "health" };
    m.insert(track.into(), c.stat("health").into());
    m.insert(
        "damage".into(),
        serde_json::json!({ "bashing": c.value("bashing"), "lethal": c.value("lethal"), "aggravated": c.value("aggravated") }),
    );
    let boost = ASPECTS[c.stat("boost").clamp(0, 3) as usize];
    if boost != "none" {
        m.insert("initiative_boost".into(), boost.into());
    }
    if c.stat("shaped-potency") > 0 {
        m.insert("shaped_potency".into(), c.stat("shaped-potency").into());
    }
    if c.stat("armor") > 0 {
        m.insert("armor".into(), c.stat("armor").into());
    }
    if let Some((aspect, potency)) = defense_of(c) {
        let immune = match super::defense::immunity_of(c) {
            0 => String::new(),
            1 => ", immune to the damage".to_string(),
            _ => ", immune and sealed".to_string(),
        };
        m.insert("defensive_spell".into(), format!("{} Potency {potency}{immune}", aspect.name()).into());
        let past: Vec<serde_json::Value> = c.marks(super::defense::BREACHED).map(|b| b.name.clone().into()).collect();
        if !past.is_empty() {
            m.insert("immunity_breached_by".into(), past.into());
        }
    }
    if c.stat("durable") > 0 {
        m.insert("durable".into(), true.into());
    }
    // Who counts as a mage, so the table sees whose Mage Sight meets a Shaping attack.
    m.insert("mage".into(), (c.stat("mage") > 0).into());
    if ephemeral(c) {
        m.insert("rank".into(), c.stat("rank").into());
        m.insert("resistance".into(), c.stat("resistance").into());
        m.insert("essence".into(), c.value("essence").into());
        m.insert("max_essence".into(), c.stat("max-essence").into());
        m.insert("temporary_essence".into(), c.value("temporary-essence").into());
    }
    if let Some(who) = creator(c) {
        m.insert("minion_of".into(), who.into());
    }
    m
}
