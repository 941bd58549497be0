//! What a fighter brings: the stats asked for, and what the tracker shows.

use crate::encounters::{Combatant, StatSpec};

const ASPECTS: &[&str] = &["none", "sensory", "covert", "vulgar"];
/// Health when the game master gives none (Mage's Stamina + Size for an average adult;
/// not in the supplement, so Tome's choice).
const DEFAULT_HEALTH: i64 = 7;

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
    StatSpec { key: "health", label: "Health", aliases: &["hp"], min: 1, max: 30, default: DEFAULT_HEALTH },
];

pub(super) fn view(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    m.insert("health".into(), c.stat("health").into());
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
    m
}
