//! The scores a combatant needs (typed for a quick combatant, read from a saved
//! character's sheet), and the wounds and fatigue it carries in.

use super::*;

/// A combat score before its die.
const SCORE: (i64, i64) = (-30, 60);

pub(super) static STATS: &[StatSpec] = &[
    StatSpec {
        key: "initiative",
        label: "Initiative Total before the die",
        aliases: &["init", "initiative-total"],
        min: -30,
        max: 30,
        default: 0,
    },
    StatSpec {
        key: "attack",
        label: "Attack Total before the die",
        aliases: &["atk", "attack-total"],
        min: SCORE.0,
        max: SCORE.1,
        default: 0,
    },
    StatSpec {
        key: "defense",
        label: "Defense Total before the die",
        aliases: &["def", "dfn", "defence", "defense-total"],
        min: SCORE.0,
        max: SCORE.1,
        default: 0,
    },
    StatSpec {
        key: "damage",
        label: "Damage score (Strength + weapon Dam)",
        aliases: &["dam"],
        min: SCORE.0,
        max: SCORE.1,
        default: 0,
    },
    StatSpec { key: "soak", label: "Soak Total", aliases: &["soak-total"], min: -30, max: 60, default: 0 },
    StatSpec { key: "size", label: "Size", aliases: &["siz"], min: SIZE.0, max: SIZE.1, default: 0 },
    StatSpec { key: "stamina", label: "Stamina", aliases: &["sta"], min: CHAR.0, max: CHAR.1, default: 0 },
    StatSpec { key: "encumbrance", label: "Encumbrance", aliases: &["enc"], min: ENC.0, max: ENC.1, default: 0 },
    StatSpec {
        key: "ability",
        label: "Combat Ability (the vanguard's, for a group)",
        aliases: &["combat-ability"],
        min: ABILITY.0,
        max: ABILITY.1,
        default: 0,
    },
    StatSpec {
        key: "members",
        label: "Members of the group (1 for one fighter)",
        aliases: &["group", "group-size"],
        min: 1,
        max: MAX_GROUP,
        default: 1,
    },
    StatSpec {
        key: "leadership",
        label: "The leader's Leadership (0: an untrained group)",
        aliases: &["ldr"],
        min: ABILITY.0,
        max: ABILITY.1,
        default: 0,
    },
    StatSpec {
        key: "leader",
        label: "Which member leads a trained group (1: the vanguard)",
        aliases: &["leader-member"],
        min: 1,
        max: MAX_GROUP,
        default: 1,
    },
    StatSpec {
        key: "others-ability",
        label: "The other members' combat Abilities, added up",
        aliases: &["others"],
        min: 0,
        max: ABILITY.1 * (MAX_GROUP - 1),
        default: 0,
    },
    StatSpec { key: "quickness", label: "Quickness", aliases: &["qik"], min: CHAR.0, max: CHAR.1, default: 0 },
    StatSpec {
        key: "casts",
        label: "Casts spells this fight (1: Initiative is Quickness alone)",
        aliases: &["magus", "caster"],
        min: 0,
        max: 1,
        default: 0,
    },
    StatSpec {
        key: "missile-defense",
        label: "Defense Total against missiles before the die: Quickness, Combat Ability and a shield's Defense only (0: not given)",
        aliases: &["missile-dfn", "missile-def"],
        min: SCORE.0,
        max: SCORE.1,
        default: 0,
    },
    StatSpec {
        key: "mounted-ride",
        label: "Ride score while mounted, adding at most +3 to Attack and Defense (0: on foot)",
        aliases: &["mounted", "ride"],
        min: ABILITY.0,
        max: ABILITY.1,
        default: 0,
    },
    StatSpec {
        key: "horseback-weapon",
        label: "Fights with a weapon used only from horseback, a lance (1: it attacks only while mounted)",
        aliases: &["lance"],
        min: 0,
        max: 1,
        default: 0,
    },
    StatSpec {
        key: "brawl-attack",
        label: "Attack Total before the die with Brawl and free hands, to grapple (0: not given, the Attack Total is used)",
        aliases: &["brawl", "grapple-attack"],
        min: SCORE.0,
        max: SCORE.1,
        default: 0,
    },
    StatSpec {
        key: "missile",
        label: "Carries a missile weapon (1: can do damage at range)",
        aliases: &["missiles", "ranged"],
        min: 0,
        max: 1,
        default: 0,
    },
];

/// The tracked wound counts, worst last, with the sheet fields they come from.
pub(super) const WOUNDS: [(&str, &str, WoundLevel); 4] = [
    ("wounds-light", "wounds.light", WoundLevel::Light),
    ("wounds-medium", "wounds.medium", WoundLevel::Medium),
    ("wounds-heavy", "wounds.heavy", WoundLevel::Heavy),
    ("wounds-incapacitating", "wounds.incapacitating", WoundLevel::Incapacitating),
];
pub(super) const FATIGUE: [(&str, &str); 2] =
    [("fatigue-short", "fatigue.short-term"), ("fatigue-long", "fatigue.long-term")];
/// What the rest of a group took, by wound level (the vanguard's own are `WOUNDS`).
pub(super) const OTHERS: [(&str, WoundLevel); 5] = [
    ("others-light", WoundLevel::Light),
    ("others-medium", WoundLevel::Medium),
    ("others-heavy", WoundLevel::Heavy),
    ("others-incapacitating", WoundLevel::Incapacitating),
    ("others-dead", WoundLevel::Dead),
];

pub(super) fn counts(c: &Combatant) -> WoundCounts {
    WoundCounts {
        light: c.value("wounds-light"),
        medium: c.value("wounds-medium"),
        heavy: c.value("wounds-heavy"),
        incapacitating: c.value("wounds-incapacitating"),
    }
}

pub(super) fn fatigue_level(c: &Combatant) -> FatigueLevel {
    fatigue(c.value("fatigue-short"), c.value("fatigue-long")).map_or(FatigueLevel::Fresh, |f| f.level)
}

pub(super) fn penalty_of(c: &Combatant) -> Option<Penalty> {
    penalty(counts(c), fatigue_level(c)).ok()
}

/// The first weapon's score `key` on the sheet (`weapon.<slug>.attack`), without the
/// wound and fatigue penalty the sheet folds in (the encounter applies its own).
fn weapon_score(derived: &Derived, key: &str) -> Option<i64> {
    let suffix = format!(".{key}");
    let stat = derived.stats.iter().find(|s| s.key.starts_with("weapon.") && s.key.ends_with(&suffix))?;
    let value = stat.value.as_i64()?;
    let folded: i64 =
        stat.terms.iter().filter(|t| t.label == "Wound and fatigue penalty").filter_map(|t| t.value.as_i64()).sum();
    Some(value - folded)
}

pub(super) fn from_sheet(c: &Character, derived: &Derived) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    for key in ["initiative", "attack", "defense", "damage"] {
        if let Some(n) = weapon_score(derived, key) {
            out.insert(key.to_string(), n);
        }
    }
    for key in ["soak", "encumbrance"] {
        if let Some(n) = derived.int(key) {
            out.insert(key.to_string(), n);
        }
    }
    // The first weapon's combat Ability, as its Attack Total's terms name it, and
    // whether that weapon is one for horseback only (its Attack Total says so).
    let first_attack = derived.stats.iter().find(|s| s.key.starts_with("weapon.") && s.key.ends_with(".attack"));
    let ability = first_attack
        .and_then(|s| s.terms.iter().find(|t| t.label.starts_with("Combat Ability")))
        .and_then(|t| t.value.as_i64());
    if let Some(a) = ability {
        out.insert("ability".into(), a);
    }
    if first_attack.is_some_and(|s| s.terms.iter().any(|t| t.label == HORSEBACK_ONLY)) {
        out.insert("horseback-weapon".into(), 1);
    }
    let int = |k: &str| match c.values.get(k) {
        Some(SheetValue::Int(n)) => Some(*n),
        _ => None,
    };
    for key in ["size", "stamina", "quickness"] {
        if let Some(n) = int(key) {
            out.insert(key.into(), n);
        }
    }
    // The wounds and fatigue the character comes in with.
    for (value, field, _) in WOUNDS {
        out.insert(value.to_string(), int(field).unwrap_or(0));
    }
    for (value, field) in FATIGUE {
        out.insert(value.to_string(), int(field).unwrap_or(0));
    }
    out
}

pub(super) fn join(c: &mut Combatant) {
    for key in WOUNDS.iter().map(|w| w.0).chain(FATIGUE.iter().map(|f| f.0)) {
        let carried = c.stats.remove(key).unwrap_or(0).clamp(0, FATIGUE_LOST.1.min(WOUND_COUNT.1));
        c.set(key, carried);
    }
    for key in FLAGS.iter().chain(&["exert-attack", "exert-defense", "disengage-attempts", "spell-fast"]) {
        c.set(key, 0);
    }
    join_members(c);
}

/// Whether the combatant's group stats hang together: its leader is one of its members.
pub(super) fn admit(c: &Combatant) -> Result<()> {
    let (leader, members) = (c.stat("leader"), c.stat("members"));
    if leader > members {
        return Err(Error::InvalidInput(format!(
            "{}: the leader is member {leader}, but the group has only {members} member{}: set `leader` to one of them \
             first (1 is the vanguard)",
            c.name,
            if members == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

/// The tracked values that are yes (1) or no (0).
const FLAGS: [&str; 10] = [
    "dead",
    "left",
    "split",
    "split-pending",
    "bonus-on",
    "exerted",
    "attacked",
    "disengaging",
    "spell-normal",
    "wounded-here",
];

/// The range a game master may set a tracked value to by hand, by its rule.
pub(super) fn value_range(c: &Combatant, field: &str) -> Option<(i64, i64)> {
    if WOUNDS.iter().any(|w| w.0 == field) {
        return Some(WOUND_COUNT);
    }
    if FATIGUE.iter().any(|f| f.0 == field) {
        return Some(FATIGUE_LOST);
    }
    if FLAGS.contains(&field) {
        return Some((0, 1));
    }
    let others = (c.stat("members") - 1).max(0);
    match field {
        "exert-attack" | "exert-defense" => Some(ABILITY),
        "disengage-attempts" => Some((0, 100)),
        "spell-fast" => Some((0, 10)),
        // A member is incapacitated or killed once.
        "others-incapacitating" | "others-dead" => Some((0, others)),
        f if f.starts_with("others-") => Some(WOUND_COUNT),
        f if f.starts_with("member-") && f.ends_with("-size") => Some(SIZE),
        // A member's own wounds (`member-3-wounds-light`).
        f if f.starts_with("member-") && f.contains("-wounds-") => Some(WOUND_COUNT),
        // 0 standing, 1 incapacitated, 2 dead.
        f if f.starts_with("member-") && f.ends_with("-down") => Some((0, 2)),
        // The levels a member was spared once down (groups.rs, `spend_fatigue`).
        f if f.starts_with("member-") && f.ends_with("-spared") => Some(FATIGUE_LOST),
        _ => None,
    }
}

/// What follows from a value set by hand: new members of a group stand with the
/// vanguard's Size and members taken away are forgotten; a group whose vanguard or
/// leader is now down splits.
pub(super) fn after_set(c: &mut Combatant, field: &str) -> Outcome {
    let mut lines = Vec::new();
    if field == "members" {
        let had = c.values.keys().filter(|k| k.starts_with("member-") && k.ends_with("-size")).count() + 1;
        join_members(c);
        let members = usize::try_from(c.stat("members")).unwrap_or(1);
        if members > had {
            lines.push(format!(
                "Members {}–{members} of {} join at the vanguard's Size {:+} (set `member-N-size` for another)",
                had + 1,
                c.name,
                c.stat("size")
            ));
        }
    }
    let was_group = c.stat("members") > 1 && c.value("split") == 0;
    lines.extend(check_split(c, was_group));
    Outcome { lines, terms: Vec::new() }
}
