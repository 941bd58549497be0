//! What a duelist brings (Gnosis, Willpower, Arcana), what the tracker shows, and what
//! lasts after the duel.

use std::collections::BTreeMap;

use super::super::{title, ARCANA};
use super::arcana::{pool_of, psychic, rest, shield, sword, willpower};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Combatant, Outcome, StatSpec, State};
use crate::error::{Error, Result};
use crate::systems::primal_wild::rules::{ClashPool, ARCANUM, DISTRACTION, GNOSIS, UNUSED, WILLPOWER};
use crate::systems::primal_wild::sheet::RESISTANT_MAX;

macro_rules! arcanum {
    ($key:literal, $label:literal) => {
        StatSpec {
            key: $key,
            label: $label,
            aliases: &[concat!("arcanum.", $key)],
            min: ARCANUM.0,
            max: ARCANUM.1,
            default: 0,
        }
    };
}

pub(super) static DUEL_STATS: &[StatSpec] = &[
    StatSpec { key: "gnosis", label: "Gnosis", aliases: &["gn"], min: GNOSIS.0, max: GNOSIS.1, default: 1 },
    StatSpec {
        key: "willpower",
        label: "Willpower points",
        aliases: &["wp"],
        min: WILLPOWER.0,
        max: WILLPOWER.1,
        default: 5,
    },
    StatSpec {
        key: "willpower-dots",
        label: "Willpower dots (the most it holds; 0 for no cap)",
        aliases: &["max-willpower", "willpower.dots"],
        min: 0,
        max: WILLPOWER.1,
        default: 0,
    },
    StatSpec {
        key: "resistant-lethal",
        label: "Resistant lethal wounds already carried",
        aliases: &["wounds.resistant-lethal"],
        min: 0,
        max: RESISTANT_MAX,
        default: 0,
    },
    StatSpec {
        key: "sustaining",
        label: "Spells sustained on the duelist",
        aliases: &["sustained", "sustained.on-self"],
        min: 0,
        max: 20,
        default: 0,
    },
    arcanum!("death", "Death"),
    arcanum!("fate", "Fate"),
    arcanum!("forces", "Forces"),
    arcanum!("life", "Life"),
    arcanum!("matter", "Matter"),
    arcanum!("mind", "Mind"),
    arcanum!("prime", "Prime"),
    arcanum!("space", "Space"),
    arcanum!("spirit", "Spirit"),
    arcanum!("time", "Time"),
];

pub(super) fn stats_from_sheet(c: &Character, _derived: &crate::sheets::Derived) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    let int = |k: &str| match c.values.get(k) {
        Some(SheetValue::Int(n)) => Some(*n),
        _ => None,
    };
    for (key, field) in [
        ("gnosis", "gnosis"),
        ("willpower", "willpower"),
        ("willpower-dots", "willpower.dots"),
        ("sustaining", "sustained.on-self"),
        ("resistant-lethal", "wounds.resistant-lethal"),
    ] {
        if let Some(n) = int(field) {
            out.insert(key.to_string(), n);
        }
    }
    for ar in ARCANA {
        if let Some(n) = int(&format!("arcanum.{ar}")) {
            out.insert(ar.to_string(), n);
        }
    }
    out
}

/// How the duel ended for a duelist, by `duel-result` (0 while it goes on).
pub(super) const DUEL_ENDS: [&str; 4] = ["", "won", "conceded", "collapsed"];

pub(super) fn join(c: &mut Combatant) {
    for key in ["sword", "shield", "spent", "lethal", "rounds-won", "psychic-gnosis", "swapped"] {
        c.set(key, 0);
    }
    // Psychic damage on each Arcanum the duelist has, so a game master can correct it.
    for ar in ARCANA {
        if c.stat(ar) > 0 {
            c.set(&psychic(ar), 0);
        }
    }
}

/// What a game master may set by hand: psychic damage up to the Arcanum's dots (and
/// Gnosis's), spending within the Willpower scale, wounds within their track.
pub(super) fn value_range(c: &Combatant, field: &str) -> Option<(i64, i64)> {
    if let Some(ar) = field.strip_prefix("psychic-") {
        return Some((0, c.stat(ar)));
    }
    if field.starts_with("rest-") {
        return Some(UNUSED);
    }
    match field {
        "spent" => Some(WILLPOWER),
        "lethal" => Some((0, RESISTANT_MAX - c.stat("resistant-lethal"))),
        "sword" | "shield" => Some((1, ARCANA.len() as i64)),
        "duel-result" => Some((0, DUEL_ENDS.len() as i64 - 1)),
        // The clash of this round after which the duelist last swapped (0: not yet).
        // The document sets no most clashes a round; each costs a Willpower point, a
        // lethal wound or another's magic, so 100 is far past any round played.
        "swapped" => Some((0, 100)),
        _ => None,
    }
}

/// Sword and Shield set by hand are two Arcana; the Arcanum that is one keeps a dot, as
/// `arms` refuses an Arcanum with none (Interpretation: a duelist selects among the Arcana
/// they have).
pub(super) fn after_set(c: &mut Combatant, field: &str) -> Result<Outcome> {
    if matches!(field, "sword" | "shield") && c.value("sword") == c.value("shield") {
        return Err(Error::InvalidInput(format!("{}'s Sword and Shield must be two Arcana", c.name)));
    }
    for (held, role) in [(sword(c), "Sword"), (shield(c), "Shield")] {
        if held == Some(field) && c.stat(field) == 0 {
            return Err(Error::InvalidInput(format!(
                "{} is {}'s {role}: it cannot have no dots while it is (Interpretation: a duelist selects among the Arcana they have); change the {role} with `arms` first",
                title(field),
                c.name
            )));
        }
    }
    Ok(Outcome::default())
}

pub(super) fn view(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    m.insert("gnosis".into(), c.stat("gnosis").into());
    m.insert("willpower".into(), willpower(c).into());
    m.insert("willpower_spent".into(), c.value("spent").into());
    m.insert("sword".into(), sword(c).map(title).into());
    m.insert("shield".into(), shield(c).map(title).into());
    if let Some(sh) = shield(c) {
        m.insert("shield_room".into(), (c.stat(sh) - c.value(&psychic(sh))).max(0).into());
    }
    m.insert("gnosis_room".into(), (c.stat("gnosis") - c.value("psychic-gnosis")).max(0).into());
    if let Some(sw) = sword(c) {
        m.insert("sword_rest".into(), c.value(&rest(sw)).into());
    }
    // The clash pool at each distraction level (0 to 3), for the app's pool builder.
    let pools: Vec<serde_json::Value> = (DISTRACTION.0..=DISTRACTION.1)
        .filter_map(|d| pool_of(c, d).ok())
        .map(|p| serde_json::json!({ "dice": p.dice_pool, "chance_die": p.chance_die, "terms": p.terms }))
        .collect();
    if !pools.is_empty() {
        m.insert("pools".into(), pools.into());
    }
    if let (Ok(p), Some(sw)) = (pool_of(c, 0), sword(c)) {
        m.insert("clash_pool".into(), pool_words(&p, sw).into());
    }
    let arcana: serde_json::Map<String, serde_json::Value> =
        ARCANA.iter().filter(|a| c.stat(a) > 0).map(|a| (a.to_string(), c.stat(a).into())).collect();
    m.insert("arcana".into(), arcana.into());
    let marked: serde_json::Map<String, serde_json::Value> = ARCANA
        .iter()
        .filter(|a| c.value(&psychic(a)) > 0)
        .map(|a| (a.to_string(), c.value(&psychic(a)).into()))
        .collect();
    m.insert("psychic_damage".into(), marked.into());
    m.insert("resistant_lethal".into(), (c.stat("resistant-lethal") + c.value("lethal")).into());
    m.insert("rounds_won".into(), c.value("rounds-won").into());
    if let Some(end) = DUEL_ENDS.get(usize::try_from(c.value("duel-result")).unwrap_or(0)).filter(|e| !e.is_empty()) {
        m.insert("duel".into(), (*end).into());
    }
    m
}

pub(super) fn view_encounter(s: &State) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    if s.started() {
        // Between rounds, the round to come; once the duel is over, its last.
        let over = s.values.contains_key("duel-winner");
        let next = if over { 0 } else { s.values.get("round-decided").copied().unwrap_or(0) };
        m.insert("duel_round".into(), (s.round + next).into());
        m.insert("clash".into(), s.values.get("clash").copied().unwrap_or(0).into());
        let first =
            s.values.get(super::arms::DECLARES_FIRST).and_then(|i| s.combatants.get(usize::try_from(*i - 1).ok()?));
        if let Some(c) = first {
            m.insert("declares_swaps_first".into(), c.name.clone().into());
        }
    }
    m
}

/// The duel's round and clash, as the players' screen heads it.
pub(super) fn player_encounter(s: &State) -> Vec<String> {
    let v = view_encounter(s);
    let n = |k: &str| v.get(k).and_then(serde_json::Value::as_i64).unwrap_or(0);
    if !s.started() {
        return vec!["Getting ready".into()];
    }
    let mut out = vec![format!("Round {}", n("duel_round"))];
    if n("clash") > 0 {
        out.push(format!("Clash {}", n("clash")));
    }
    out
}

/// What a duelist's own player sees (`own`): Sword and Shield, the boxes marked on the
/// Shield and in Gnosis, Willpower, rounds won, and how the duel ended for them. Anyone
/// else sees only what the duel shows across the table: whether the Shield still holds,
/// whether the mage is hurt, and how the duel ended; never a number.
pub(super) fn player_status(c: &Combatant, own: bool) -> Vec<String> {
    if !own {
        return table_status(c);
    }
    let mut out = Vec::new();
    if let Some(sw) = sword(c) {
        out.push(format!("Sword {} ({})", title(sw), crate::rules::plural(c.stat(sw), "dot")));
    }
    if let Some(sh) = shield(c) {
        out.push(format!("Shield {} ({})", title(sh), crate::rules::plural(c.stat(sh), "dot")));
        out.push(format!("Shield boxes marked {} of {}", c.value(&psychic(sh)).min(c.stat(sh)), c.stat(sh)));
    }
    out.push(format!(
        "Gnosis boxes marked {} of {}",
        c.value("psychic-gnosis").min(c.stat("gnosis")),
        c.stat("gnosis")
    ));
    out.push(format!("Willpower {}", willpower(c)));
    out.push(format!("Rounds won {}", c.value("rounds-won")));
    if let Some(end) = DUEL_ENDS.get(usize::try_from(c.value("duel-result")).unwrap_or(0)).filter(|e| !e.is_empty()) {
        out.push(format!("Duel {end}"));
    }
    out
}

/// A duelist as the rest of the table sees them (see [`player_status`]).
fn table_status(c: &Combatant) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(sh) = shield(c) {
        let broken = c.stat(sh) > 0 && c.value(&psychic(sh)) >= c.stat(sh);
        out.push(if broken { "Shield broken" } else { "Shield holding" }.to_string());
    }
    if c.value("psychic-gnosis") > 0 {
        out.push("Hurt".into());
    }
    if let Some(end) = DUEL_ENDS.get(usize::try_from(c.value("duel-result")).unwrap_or(0)).filter(|e| !e.is_empty()) {
        out.push(format!("Duel {end}"));
    }
    out
}

/// The Willpower each duelist ends with, and the Resistant lethal wounds that stay.
pub(super) fn lasting(c: &Combatant) -> BTreeMap<String, i64> {
    BTreeMap::from([
        ("willpower".to_string(), willpower(c)),
        ("wounds.resistant-lethal".to_string(), c.stat("resistant-lethal") + c.value("lethal")),
    ])
}

/// A clash pool in words: "6 dice (Gnosis +3, Forces +3)".
fn pool_words(p: &ClashPool, sword: &str) -> String {
    let dice = if p.chance_die { "a chance die".to_string() } else { format!("{} dice", p.dice_pool) };
    let terms: Vec<String> = p
        .terms
        .iter()
        .map(|t| {
            let label = if t.label == "Sword Arcanum" { title(sword) } else { t.label.clone() };
            format!("{label} {}", t.value_text())
        })
        .collect();
    format!("{dice} ({})", terms.join(", "))
}
