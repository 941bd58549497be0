//! What the tracker shows of a spellcaster and of the match, and what lasts after it.

use std::collections::BTreeMap;

use super::stats::{casts, limit, CASTS};
use crate::encounters::{Combatant, State};

pub(super) fn combatant(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    let allowed = limit(c);
    m.insert("level".into(), c.stat("level").into());
    m.insert("spells_per_match".into(), allowed.into());
    m.insert("spells_cast".into(), casts(c).into());
    m.insert("spells_left".into(), (allowed - casts(c)).max(0).into());
    m.insert("spp".into(), c.value("spp").into());
    m.insert("spp_earned".into(), c.value("spp-earned").into());
    m.insert("drained".into(), (c.value("drained") > 0).into());
    let list: Vec<serde_json::Value> = c
        .marks(CASTS)
        .map(|x| {
            let result = if x.flagged("success") { "works" } else { "fails" };
            format!(
                "{}: d6 {} against {}+, {result} (half {}, turn {})",
                x.name,
                x.number("roll"),
                x.number("needs"),
                x.number("half"),
                x.number("turn")
            )
            .into()
        })
        .collect();
    m.insert("casts".into(), list.into());
    m
}

pub(super) fn encounter(s: &State) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    if s.started() {
        m.insert("half".into(), s.values.get("half").copied().unwrap_or(1).into());
        m.insert("turn".into(), s.values.get("turn").copied().unwrap_or(1).into());
    }
    m
}

/// The SPP the caster ends the match with.
pub(super) fn lasting(c: &Combatant) -> BTreeMap<String, i64> {
    BTreeMap::from([("spp".to_string(), c.value("spp"))])
}
