//! What the tracker shows of a spellcaster and of the match, and what lasts after it.

use std::collections::BTreeMap;

use super::effects;
use super::match_clock::{get, phase_words, team_name, TURNS};
use super::roster::{KNOWN, POSITION, SKILLS};
use super::stats::{casts, limit, spp, CASTS};
use crate::encounters::{Combatant, State};

pub(super) fn combatant(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    let allowed = limit(c);
    m.insert("team".into(), c.stat("team").into());
    if let Some(p) = c.marks(POSITION).next() {
        m.insert("position".into(), p.name.clone().into());
    }
    // The position's starting skills from the roster (line 7's table), for the game
    // master to read during the match: Tome applies none of them, Blood Bowl's rules do.
    // The roster's "Level 1" (or "L-1") is the level a rookie starts at: a caster of another
    // level shows his own.
    let level = c.stat("level");
    let skills: Vec<serde_json::Value> =
        c.marks(SKILLS).map(|k| crate::systems::mlaf::rules::skill_at_level(&k.name, level).into()).collect();
    if !skills.is_empty() {
        m.insert("skills".into(), skills.into());
    }
    m.insert("level".into(), c.stat("level").into());
    m.insert("spells_per_match".into(), allowed.into());
    m.insert("spells_cast".into(), casts(c).into());
    m.insert("spells_left".into(), (allowed - casts(c)).max(0).into());
    m.insert("spp".into(), spp(c).into());
    m.insert("spp_earned".into(), c.value("spp-earned").into());
    m.insert("drained".into(), (c.value("drained") > 0).into());
    let known: Vec<serde_json::Value> = c.marks(KNOWN).map(|k| k.name.clone().into()).collect();
    if !known.is_empty() {
        m.insert("knows".into(), known.into());
    }
    let list: Vec<serde_json::Value> = c
        .marks(CASTS)
        .map(|x| {
            let result = if x.flagged("success") { "works" } else { "fails" };
            let countered = x.flags.iter().find(|f| f.starts_with("countered")).map(|f| format!(", {f}"));
            // A cast stored before Tome kept the phase has none: it was in the team turns.
            let phase = x.numbers.get("phase").copied();
            let when = if phase == Some(TURNS) || (phase.is_none() && x.number("turn") > 0) {
                format!("half {}, turn {}", x.number("half"), x.number("turn"))
            } else {
                phase_words(x.number("phase")).to_string()
            };
            // A cast stored before the lowest face was kept shows the modifiers' sum, held
            // to a face a d6 has.
            let from = x.numbers.get("from").copied().unwrap_or_else(|| x.number("needs").clamp(1, 6));
            format!(
                "{}: d6 {} against {}, {result}{} ({when})",
                x.name,
                x.number("roll"),
                if from > 6 { "no face".to_string() } else { format!("{from}+") },
                countered.unwrap_or_default()
            )
            .into()
        })
        .collect();
    m.insert("casts".into(), list.into());
    m
}

pub(super) fn encounter(s: &State) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    if !s.started() {
        return m;
    }
    let phase = get(s, "phase");
    if get(s, "half") > 0 {
        m.insert("half".into(), get(s, "half").into());
    }
    if phase == TURNS {
        m.insert("turn".into(), get(s, "turn").into());
        m.insert("moving".into(), team_name(s, get(s, "team-moving")).into());
    } else {
        m.insert("phase".into(), phase_words(phase).into());
    }
    let lines = effects::lines(s);
    if !lines.is_empty() {
        m.insert("effects".into(), lines.into());
    }
    m
}

/// The SPP the caster ends the match with.
pub(super) fn lasting(c: &Combatant) -> BTreeMap<String, i64> {
    BTreeMap::from([("spp".to_string(), spp(c))])
}
