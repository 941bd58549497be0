//! The values a MythCraft combatant brings into a fight, what it starts with, and what
//! the tracker and the players' screen show of it.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use super::conditions::effects;
use crate::characters::{Character, SheetValue};
use crate::encounters::{Combatant, Outcome, StatSpec, MAX_AMOUNT};
use crate::error::{Error, Result};
use crate::systems::mythcraft::rules::{
    condition_speed, DamageType, DefenseKind, ACTIONS_MAX, AMOUNT_MAX, COR_MAX, COR_MIN, DEATH_AT, DR_MAX, LEVEL_MAX,
    LEVEL_MIN, RATING_MAX, REACTIVE_MAX, ROLL_MAX, ROUNDS_MAX, SIZE_DIFF_MAX,
};

/// The base speed of every adventurer, in feet.
const BASE_SPEED: i64 = 20;

static BASE_STATS: &[StatSpec] = &[
    // `hp` is the current HP, a tracked value: it is no other word for the maximum.
    StatSpec { key: "max-hp", label: "Maximum HP", aliases: &["max_hp"], min: 1, max: AMOUNT_MAX, default: 10 },
    StatSpec { key: "ar", label: "AR (0: typed at each attack)", aliases: &[], min: 0, max: ROLL_MAX, default: 0 },
    StatSpec { key: "ref", label: "REF (0: typed at each attack)", aliases: &[], min: 0, max: ROLL_MAX, default: 0 },
    StatSpec { key: "fort", label: "FORT (0: typed at each attack)", aliases: &[], min: 0, max: ROLL_MAX, default: 0 },
    StatSpec { key: "ant", label: "ANT (0: typed at each attack)", aliases: &[], min: 0, max: ROLL_MAX, default: 0 },
    StatSpec { key: "log", label: "LOG (0: typed at each attack)", aliases: &[], min: 0, max: ROLL_MAX, default: 0 },
    StatSpec { key: "will", label: "WILL (0: typed at each attack)", aliases: &[], min: 0, max: ROLL_MAX, default: 0 },
    StatSpec {
        key: "coordination",
        label: "Coordination (COR)",
        aliases: &["cor"],
        min: COR_MIN,
        max: COR_MAX,
        default: 0,
    },
    StatSpec { key: "awareness", label: "Awareness (AWR)", aliases: &["awr"], min: COR_MIN, max: COR_MAX, default: 0 },
    StatSpec {
        key: "attack-ap",
        label: "AP its usual attack costs (0: typed at each attack; a creature's is 1)",
        aliases: &[],
        min: 0,
        max: ACTIONS_MAX,
        default: 0,
    },
    StatSpec {
        key: "adventurer",
        label: "Adventurer (1 for yes: pays maneuvers in AP, dies by Death Points; 0, a creature: pays creature actions, Interpretation: 1 AP each, and dies at 0 HP)",
        aliases: &["pc"],
        min: 0,
        max: 1,
        default: 0,
    },
    StatSpec { key: "shield-hp", label: "Shield HP", aliases: &["shield"], min: 0, max: AMOUNT_MAX, default: 0 },
    StatSpec { key: "dr", label: "Damage Reduction (DR)", aliases: &[], min: 0, max: DR_MAX, default: 0 },
    StatSpec { key: "dt", label: "Damage Threshold (DT)", aliases: &[], min: 0, max: AMOUNT_MAX, default: 0 },
    StatSpec { key: "endurance", label: "Endurance (END)", aliases: &["end"], min: COR_MIN, max: COR_MAX, default: 0 },
    StatSpec { key: "speed", label: "Speed (ft)", aliases: &[], min: 0, max: 1000, default: BASE_SPEED },
    StatSpec { key: "luck", label: "Luck (LUCK)", aliases: &[], min: COR_MIN, max: COR_MAX, default: 0 },
    StatSpec { key: "level", label: "Level", aliases: &["lvl"], min: LEVEL_MIN, max: LEVEL_MAX, default: 1 },
    StatSpec { key: "max-sp", label: "Spell Points (SP) at most", aliases: &[], min: 0, max: AMOUNT_MAX, default: 0 },
    StatSpec {
        key: "size",
        label: "Size category (0 for a human's; each step larger +1, smaller -1)",
        aliases: &[],
        min: -SIZE_DIFF_MAX / 2,
        max: SIZE_DIFF_MAX / 2,
        default: 0,
    },
];

/// The protections by damage type: `resist-fire`, `vulnerable-sharp` (ratings),
/// `immune-toxic`, `affinity-cold`, `dr-except-fire` (DR X/fire: fire takes no DR)
/// (1 for yes).
const PROTECTIONS: [(&str, &str, i64); 5] = [
    ("resist", "Resist", RATING_MAX),
    ("vulnerable", "Vulnerable", RATING_MAX),
    ("immune", "Immune to", 1),
    ("affinity", "Affinity with", 1),
    ("dr-except", "DR bypassed by", 1),
];

pub(super) static STATS: LazyLock<Vec<StatSpec>> = LazyLock::new(|| {
    let mut all = BASE_STATS.to_vec();
    for (prefix, label, max) in PROTECTIONS {
        for t in DamageType::all() {
            let word = t.label().to_lowercase();
            all.push(StatSpec {
                key: Box::leak(format!("{prefix}-{word}").into_boxed_str()),
                label: Box::leak(
                    format!("{label} {} (0 for none{})", t.label(), if max == 1 { ", 1 for yes" } else { "" })
                        .into_boxed_str(),
                ),
                aliases: &[],
                min: 0,
                max,
                default: 0,
            });
        }
    }
    all
});

/// What a saved character brings from its sheet. Some keys differ from the fight's: the
/// sheet keeps walking speed as `speed.walk` beside its other speeds, its Resist and
/// Vulnerable ratings as families (`resist.fire`), and Immune, Affinity and the types
/// that bypass DR as comma-separated text, which become one yes-stat per type here.
pub(super) fn stats_from_sheet(c: &Character) -> BTreeMap<String, i64> {
    let int = |key: &str| match c.values.get(key) {
        Some(SheetValue::Int(n)) => Some(*n),
        _ => None,
    };
    let mut out = BTreeMap::new();
    for key in
        ["awareness", "coordination", "endurance", "luck", "level", "max-hp", "shield-hp", "dr", "hp", "death-points"]
    {
        if let Some(n) = int(key) {
            out.insert(key.to_string(), n);
        }
    }
    // The sheet's defenses: an attack on it needs none typed.
    for kind in DefenseKind::WORDS {
        if let Some(n) = int(&format!("defense.{kind}")).filter(|n| *n > 0) {
            out.insert((*kind).to_string(), n);
        }
    }
    if let Some(n) = int("attack-ap").filter(|n| *n > 0) {
        out.insert("attack-ap".to_string(), n);
    }
    // The fight moves at walking speed (Stand at speed 0, speeds in a grapple).
    if let Some(n) = int("speed.walk") {
        out.insert("speed".to_string(), n);
    }
    for (key, value) in &c.values {
        let Some((family, word)) = key.split_once('.') else { continue };
        let (Some(max), SheetValue::Int(n)) = (rated_family(family), value) else { continue };
        // A member that names no damage type is warned about on the sheet; it has
        // nothing to protect against here.
        if let Ok(t) = DamageType::parse(word) {
            out.insert(format!("{family}-{}", t.label().to_lowercase()), (*n).clamp(0, max));
        }
    }
    for (key, prefix) in [("immune", "immune"), ("affinity", "affinity"), ("dr-except", "dr-except")] {
        let Some(SheetValue::Text(raw)) = c.values.get(key) else { continue };
        for word in raw.split([',', ';']).map(str::trim).filter(|w| !w.is_empty()) {
            // Only damage types: DR's weapon tags and magic sources are the MC's to judge
            // at each hit (the sheet lists them for that).
            if let Ok(t) = DamageType::parse(word) {
                out.insert(format!("{prefix}-{}", t.label().to_lowercase()), 1);
            }
        }
    }
    out
}

/// The rated protection families a sheet keeps (`resist.fire` = 3) and their ceiling.
fn rated_family(family: &str) -> Option<i64> {
    PROTECTIONS.iter().find(|(prefix, _, max)| *prefix == family && *max > 1).map(|(_, _, max)| *max)
}

pub(super) fn join(c: &mut Combatant) {
    let max = c.stat("max-hp").max(1);
    // A sheet's current HP (and Death Points) carry into the fight.
    let hp = c.stats.remove("hp").unwrap_or(max).clamp(0, max);
    let dp = c.stats.remove("death-points").unwrap_or(0).clamp(0, DEATH_AT);
    c.set("hp", hp);
    c.set("shield-hp", c.stat("shield-hp"));
    c.set("death-points", dp);
    c.set("ap", 0);
    c.set("reactive-ap", 0);
    c.set("sp", c.stat("max-sp"));
    c.set("dead", i64::from(dp >= DEATH_AT));
    for key in [
        "knocked-out",
        "surprise-round",
        "acted",
        "suffocating-turns",
        "turns",
        "at-zero-hp",
        "dodging",
        "cover",
        "total-cover",
        "escape-tried",
    ] {
        c.set(key, 0);
    }
}

pub(super) fn view(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let max = c.stat("max-hp").max(1);
    let hp = c.value("hp");
    let fx = effects(c);
    let speed = speed(c);
    let mut m = serde_json::Map::new();
    m.insert("hp".into(), hp.into());
    m.insert("max_hp".into(), max.into());
    m.insert("shield_hp".into(), c.value("shield-hp").into());
    // At 0 HP the combatant is down (Dying, Unconscious, Dead): that says more than Bloodied.
    m.insert("bloodied".into(), (hp > 0 && 2 * hp <= max).into());
    // What matters to this combatant: Death Points to an adventurer, to a creature whose
    // fate at 0 HP is Death Points, or to anyone who has some (a creature dies at 0 HP);
    // SP to a caster; cover when taken.
    let dp = c.value("death-points");
    if dp > 0 || c.value("at-zero-hp") > 0 || super::defense::adventurer(c) {
        m.insert("death_points".into(), dp.into());
    }
    m.insert("ap".into(), c.value("ap").into());
    m.insert("reactive_ap".into(), c.value("reactive-ap").into());
    m.insert("speed".into(), speed.into());
    if c.stat("max-sp") > 0 || c.value("sp") > 0 {
        m.insert("sp".into(), c.value("sp").into());
    }
    m.insert("dodging".into(), (c.value("dodging") > 0).into());
    if c.value("cover") > 0 {
        m.insert("cover".into(), c.value("cover").into());
    }
    m.insert("total_cover".into(), (c.value("total-cover") > 0).into());
    for (list, key) in [("grappling", "grappling"), ("grappled-by", "grappled_by")] {
        let names: Vec<&str> = c.marks(list).map(|m| m.name.as_str()).collect();
        m.insert(key.into(), names.into());
    }
    m.insert("dead".into(), (c.value("dead") > 0).into());
    m.insert(
        "effects".into(),
        serde_json::json!({
            "defenses": fx.defenses,
            "d20": fx.d20,
            "d20_lower": fx.d20_lower,
            "td": fx.td,
            "no_reactions": fx.no_reactions,
            "against": fx.against,
            "lines": grapple_lines(c, fx.lines),
        }),
    );
    m
}

/// The effect lines, with Grappled's flat "speed 0" read as the grapple Tome knows
/// gives it by size (the speed shown), so the note and the number agree.
fn grapple_lines(c: &Combatant, lines: Vec<String>) -> Vec<String> {
    let Some(by_size) = super::grapple::grappled_speed(c, c.stat("speed")) else { return lines };
    lines
        .into_iter()
        .map(|l| {
            if l.starts_with("Grappled and grappling") {
                l.replace("speed 0", &format!("speed {by_size} ft by the sizes in the grapple (calc grapple)"))
            } else {
                l
            }
        })
        .collect()
}

/// Its speed in feet: as the grapples it is in leave it (by size, from the `grapple`
/// calculator), then as its conditions leave that (from the `speed` calculator).
pub(super) fn speed(c: &Combatant) -> i64 {
    let mut fx = effects(c);
    let mut base = c.stat("speed");
    if let Some(s) = super::grapple::grappled_speed(c, base) {
        // Tome knows the grapple: its speeds come by size, not Grappled's flat 0.
        fx.speed_by.retain(|(_, id, _)| id != "mythcraft/condition/grappled-and-grappling");
        base = s;
    }
    condition_speed(base, &fx, false).map_or(0, |s| s.value)
}

/// Out of the fight, in the document's words: Dead; at 0 HP, Dying (Death Points) or
/// Unconscious (the MC's choice, or a knock-out).
pub(super) fn down(c: &Combatant) -> Option<String> {
    if c.value("dead") > 0 {
        return Some("Dead".into());
    }
    if c.value("hp") > 0 {
        return None;
    }
    Some(if super::dying::fate(c) == super::dying::Fate::DeathPoints { "Dying" } else { "Unconscious" }.into())
}

/// Besides [`down`] (which the player view shows first): a player character's HP and
/// Death Points, anyone else's Bloodied.
pub(super) fn player_status(c: &Combatant, pc: bool) -> Vec<String> {
    let max = c.stat("max-hp").max(1);
    let hp = c.value("hp");
    if c.value("dead") > 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    if pc {
        out.push(format!("HP {hp} of {max}"));
        if c.value("death-points") > 0 {
            out.push(format!("{} Death Points", c.value("death-points")));
        }
    } else if hp > 0 && 2 * hp <= max {
        out.push("Bloodied".into());
    }
    out
}

pub(super) fn lasting(c: &Combatant) -> BTreeMap<String, i64> {
    BTreeMap::from([("hp".to_string(), c.value("hp")), ("death-points".to_string(), c.value("death-points"))])
}

/// The range each tracked value may be set to by hand, by its rule.
pub(super) fn value_range(c: &Combatant, field: &str) -> Option<(i64, i64)> {
    Some(match field {
        "hp" => (0, c.stat("max-hp").max(1)),
        "shield-hp" => (0, AMOUNT_MAX),
        "death-points" => (0, DEATH_AT),
        "ap" | "ap-given" => (0, ACTIONS_MAX),
        "reactive-ap" => (0, REACTIVE_MAX),
        "sp" => (0, c.stat("max-sp")),
        "dead" | "knocked-out" | "acted" | "dodging" | "total-cover" | "escape-tried" | "ap-counted" => (0, 1),
        "cover" => (0, crate::systems::mythcraft::rules::COVER_MAX),
        // The surprise rounds: none yet, the first, the second, over.
        "surprise-round" => (0, 3),
        "suffocating-turns" => (0, ROUNDS_MAX),
        "at-zero-hp" => (0, 3),
        "turns" => (0, MAX_AMOUNT),
        _ => return None,
    })
}

/// What follows from a value (or stat) set by hand.
pub(super) fn after_set(c: &mut Combatant, field: &str) -> Result<Outcome> {
    let mut out = Outcome::default();
    match field {
        "hp" if c.value("hp") == 0 && c.value("dead") == 0 => out = super::dying::at_zero(c, out),
        // A knock-out's daze lifts at the HP set as at the HP healed (lines 205-207).
        "hp" if c.value("knocked-out") > 0
            && c.value("hp") >= crate::systems::mythcraft::rules::knockout_recovery_hp(c.stat("max-hp").max(1)) =>
        {
            let why = if 2 * c.value("hp") > c.stat("max-hp") { "no longer Bloodied" } else { "reaching 15 HP" };
            out.lines.extend(super::damage::recover_from_knockout(c, why));
        }
        "death-points" if c.value("death-points") >= DEATH_AT && c.value("dead") == 0 => {
            super::dying::die(c);
            out.lines.push(format!("{} dies ({DEATH_AT} Death Points)", c.name));
        }
        "dead" if c.value("dead") == 0 && c.value("death-points") >= DEATH_AT => {
            return Err(Error::InvalidInput(format!(
                "{} has {DEATH_AT} Death Points and so is dead: lower death-points first",
                c.name
            )));
        }
        "dead" if c.value("dead") == 1 => {
            super::dying::die(c);
            out.lines.push(format!("{} is dead: its AP and Reactive AP are gone", c.name));
        }
        // A corpse acts no more, so it holds no AP to act with.
        "ap" | "reactive-ap" if c.value("dead") > 0 && c.value(field) > 0 => {
            return Err(Error::InvalidInput(format!("{} is dead and acts no more: it has no {field} to set", c.name)));
        }
        "max-hp" if c.value("hp") > c.stat("max-hp") => {
            c.set("hp", c.stat("max-hp"));
            out.lines.push(format!("{}'s HP come down to the new maximum, {}", c.name, c.stat("max-hp")));
        }
        // Set by hand, Shield HP are what the game master says, not the larger source.
        "shield-hp" => c.set("shield-hp", c.stat("shield-hp")),
        // SP set by hand are already within 0..max-sp (`value_range`); a lower maximum
        // brings the SP held down to it, as a lower max-hp does HP.
        "max-sp" if c.value("sp") > c.stat("max-sp") => {
            c.set("sp", c.stat("max-sp"));
            out.lines.push(format!("{}'s SP come down to the new maximum, {}", c.name, c.stat("max-sp")));
        }
        _ => {}
    }
    Ok(out)
}

/// What a sheet brings beyond its stats: the conditions it lists.
pub(super) fn sheet_brings(c: &Character) -> crate::encounters::SheetBrings {
    crate::encounters::SheetBrings {
        held: c
            .conditions
            .iter()
            .map(|x| crate::encounters::ConditionRef { id: Some(x.entry_id.clone()), name: x.name.clone() })
            .collect(),
        ..Default::default()
    }
}
