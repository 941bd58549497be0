//! What a spellcaster brings to a match: the stats a GM types or the sheet gives, and
//! the values the match tracks from them.

use std::collections::BTreeMap;

use super::super::rules::{spells_per_match, MAX_LEVEL};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Combatant, StatSpec};

/// The most SPP a sheet holds (as the sheet's own field).
const SPP_MAX: i64 = 500;
pub(super) const CASTS: &str = "casts";

pub(super) static STATS: &[StatSpec] = &[
    StatSpec { key: "level", label: "Spellcaster level", aliases: &["lvl", "l"], min: 1, max: MAX_LEVEL, default: 1 },
    StatSpec {
        key: "spp",
        label: "SPP before the match",
        aliases: &["star-player-points"],
        min: 0,
        max: SPP_MAX,
        default: 0,
    },
];

pub(super) fn from_sheet(c: &Character) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    for key in ["level", "spp"] {
        if let Some(SheetValue::Int(n)) = c.values.get(key) {
            out.insert(key.to_string(), *n);
        }
    }
    out
}

pub(super) fn join(c: &mut Combatant) {
    c.set("spp", c.stat("spp"));
    c.set("spp-earned", 0);
    c.set("drained", 0);
}

pub(super) fn casts(c: &Combatant) -> i64 {
    c.marks(CASTS).count() as i64
}

pub(super) fn limit(c: &Combatant) -> i64 {
    spells_per_match(c.stat("level").clamp(1, MAX_LEVEL)).map_or(1, |(n, _)| n)
}

pub(super) fn spells(n: i64) -> String {
    if n == 1 {
        "1 spell".into()
    } else {
        format!("{n} spells")
    }
}
