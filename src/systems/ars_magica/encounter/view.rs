//! What the tracker shows of a combatant, what the players' screen may say, and what
//! lasts on the character after the fight.

use super::*;

pub(super) fn view(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let w = counts(c);
    let level = fatigue_level(c);
    let p = penalty_of(c);
    let mut m = serde_json::Map::new();
    m.insert(
        "wounds".into(),
        serde_json::json!({
            "light": w.light, "medium": w.medium, "heavy": w.heavy, "incapacitating": w.incapacitating
        }),
    );
    m.insert("penalty".into(), p.as_ref().map_or(0, |p| p.total).into());
    m.insert("fatigue".into(), level.name().into());
    m.insert("fatigue_levels_lost".into(), (c.value("fatigue-short") + c.value("fatigue-long")).into());
    m.insert("incapacitated".into(), p.as_ref().is_some_and(|p| p.incapacitated || p.unconscious).into());
    m.insert("dead".into(), (c.value("dead") > 0).into());
    m.insert("left".into(), (c.value("left") > 0).into());
    m.insert(
        "exertion".into(),
        serde_json::json!({ "attack": c.value("exert-attack"), "defense": c.value("exert-defense") }),
    );
    m.insert("disengage_attempts".into(), c.value("disengage-attempts").into());
    if c.stat("members") > 1 {
        let others: serde_json::Map<String, serde_json::Value> =
            OTHERS.iter().map(|(key, level)| (level.as_str().to_string(), c.value(key).into())).collect();
        let mut group = serde_json::json!({
            "members": c.stat("members"),
            "trained": trained_bonus(c).is_some(),
            "split": c.value("split") > 0,
            "others_wounds": others,
            // Members 2 onwards: each one's Size and whether it is down.
            "member_sizes": (2..=c.stat("members")).map(|m| c.value(&format!("member-{m}-size"))).collect::<Vec<_>>(),
            "members_down": (2..=c.stat("members")).filter(|m| c.value(&format!("member-{m}-down")) > 0).count(),
            // Members 2 onwards: each one's Fatigue level (one down kept what it had).
            "member_fatigue": (2..usize::try_from(c.stat("members")).unwrap_or(1) + 1).map(|m| member_fatigue(c, m).name()).collect::<Vec<_>>(),
        });
        // Only a trained group has a leader and a bonus to place (lines 265-268).
        if let Some((bonus, _)) = trained_bonus(c) {
            group["bonus"] = bonus.into();
            group["bonus_on"] = bonus_on(c).key().into();
            group["leader"] = c.stat("leader").into();
        }
        m.insert("group".into(), group);
    }
    // A defender out of the fight (dead, unconscious, incapacitated) guards no one: the
    // attack meets only those still able (`standing_defender`), so none is shown.
    let wards: Vec<&str> = c.marks("wards").map(|m| m.name.as_str()).collect();
    if !wards.is_empty() && cannot_act(c).is_none() {
        m.insert("guards".into(), wards.into());
    }
    // Whom it holds in a grapple, and how strongly (lines 440-441).
    let grips: Vec<serde_json::Value> =
        c.marks("grips").map(|g| serde_json::json!({ "name": g.name, "strength": g.number("strength") })).collect();
    if !grips.is_empty() {
        m.insert("grips".into(), grips.into());
    }
    if c.stat("mounted-ride") > 0 {
        m.insert("mounted".into(), true.into());
    }
    m.insert("spells".into(), serde_json::json!({ "normal": c.value("spell-normal"), "fast": c.value("spell-fast") }));
    m
}

/// Out of the fight in the document's words: Dead, Unconscious (Fatigue) or
/// Incapacitated (an Incapacitating wound).
pub(super) fn down(c: &Combatant) -> Option<String> {
    if c.value("dead") > 0 {
        return Some("Dead".into());
    }
    let p = penalty_of(c)?;
    if p.unconscious {
        Some("Unconscious".into())
    } else if p.incapacitated {
        Some("Incapacitated".into())
    } else {
        None
    }
}

/// Besides [`down`] (which the player view shows first).
pub(super) fn player_status(c: &Combatant, pc: bool) -> Vec<String> {
    let mut out = Vec::new();
    if c.value("dead") > 0 {
        return out;
    }
    if c.value("left") > 0 {
        out.push("Has left the fight".into());
    }
    let p = penalty_of(c);
    if p.as_ref().is_some_and(|p| p.incapacitated || p.unconscious) {
        return out;
    } else if pc {
        if let Some(p) = p.filter(|p| p.total != 0) {
            out.push(format!("{:+} to actions", p.total));
        }
        let level = fatigue_level(c);
        if level != FatigueLevel::Fresh {
            out.push(level.name().to_string());
        }
    } else if counts(c) != WoundCounts::default() {
        out.push("Wounded".into());
    }
    out
}

pub(super) fn lasting(c: &Combatant) -> BTreeMap<String, i64> {
    WOUNDS
        .iter()
        .map(|(value, field, _)| (field.to_string(), c.value(value)))
        .chain(FATIGUE.iter().map(|(value, field)| (field.to_string(), c.value(value))))
        .collect()
}
