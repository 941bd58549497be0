//! Ars Magica in an encounter: the Initiative Total (Quickness + weapon Init −
//! Encumbrance, from the sheet) plus a stress die, rolled once for the whole combat,
//! ties re-rolled among the tied only; a Damage Total through Soak to a wound by Size;
//! wounds by level with their penalty, Fatigue levels lost, incapacitation and death.
//!
//! Every number comes from the calculators in `rules/`.

use std::collections::BTreeMap;

use super::rules::{
    fatigue, penalty, wound, FatigueLevel, WoundCounts, WoundLevel, DAMAGE, R_INITIATIVE, R_SOAK, SIZE,
};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Combatant, EncounterRules, Outcome, StatSpec};
use crate::error::{Error, Result};
use crate::rules::Term;
use crate::sheets::Derived;

static STATS: &[StatSpec] = &[
    StatSpec {
        key: "initiative",
        label: "Initiative Total before the die",
        aliases: &["init", "initiative-total"],
        min: -30,
        max: 30,
        default: 0,
    },
    StatSpec { key: "soak", label: "Soak Total", aliases: &["soak-total"], min: -30, max: 60, default: 0 },
    StatSpec { key: "size", label: "Size", aliases: &["siz"], min: SIZE.0, max: SIZE.1, default: 0 },
];

/// The tracked wound counts, worst last, with the sheet fields they come from.
const WOUNDS: [(&str, &str, WoundLevel); 4] = [
    ("wounds-light", "wounds.light", WoundLevel::Light),
    ("wounds-medium", "wounds.medium", WoundLevel::Medium),
    ("wounds-heavy", "wounds.heavy", WoundLevel::Heavy),
    ("wounds-incapacitating", "wounds.incapacitating", WoundLevel::Incapacitating),
];
const FATIGUE: [(&str, &str); 2] = [("fatigue-short", "fatigue.short-term"), ("fatigue-long", "fatigue.long-term")];

/// Ars Magica's encounter rules.
pub struct Rules;

fn counts(c: &Combatant) -> WoundCounts {
    WoundCounts {
        light: c.value("wounds-light"),
        medium: c.value("wounds-medium"),
        heavy: c.value("wounds-heavy"),
        incapacitating: c.value("wounds-incapacitating"),
    }
}

fn fatigue_level(c: &Combatant) -> FatigueLevel {
    fatigue(c.value("fatigue-short"), c.value("fatigue-long")).map_or(FatigueLevel::Fresh, |f| f.level)
}

impl EncounterRules for Rules {
    fn stats(&self) -> &'static [StatSpec] {
        STATS
    }

    fn stats_from_sheet(&self, c: &Character, derived: &Derived) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        for key in ["initiative", "soak"] {
            if let Some(n) = derived.int(key) {
                out.insert(key.to_string(), n);
            }
        }
        let int = |k: &str| match c.values.get(k) {
            Some(SheetValue::Int(n)) => Some(*n),
            _ => None,
        };
        if let Some(size) = int("size") {
            out.insert("size".into(), size);
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

    fn join(&self, c: &mut Combatant) {
        for key in WOUNDS.iter().map(|w| w.0).chain(FATIGUE.iter().map(|f| f.0)) {
            let carried = c.stats.remove(key).unwrap_or(0).clamp(0, 100);
            c.set(key, carried);
        }
        c.set("dead", 0);
    }

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        let base = c.stat("initiative");
        let terms = vec![
            Term::num(format!("{}: Initiative Total before the die", c.name), base, Some(R_INITIATIVE)),
            Term::num(format!("{}: stress die", c.name), roll, Some(R_INITIATIVE)),
        ];
        (vec![base + roll], Outcome { lines: Vec::new(), terms })
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        // A stress die doubles on each 1 (ten doublings at most): 0 to 10 × 1024.
        ("stress", (0, 10_240))
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        if c.value("dead") > 0 {
            return Outcome::line(format!("{} is dead", c.name));
        }
        match penalty(counts(c), fatigue_level(c)) {
            Ok(p) if p.incapacitated || p.unconscious => {
                Outcome::line(format!("{} can take no action (incapacitated or unconscious)", c.name))
            }
            Ok(p) if p.total != 0 => Outcome {
                lines: vec![format!("{} acts at {:+} (wounds and fatigue)", c.name, p.total)],
                terms: p.terms,
            },
            _ => Outcome::default(),
        }
    }

    fn end_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    /// `amount` is the attacker's Damage Total; what passes the Soak Total is the
    /// wound, by the target's Size.
    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        if let Some(k) = kind {
            return Err(Error::InvalidInput(format!(
                "Ars Magica damage has no types (`{k}`): give the Damage Total alone"
            )));
        }
        let soak = c.stat("soak");
        let past = (amount - soak).clamp(DAMAGE.0, DAMAGE.1);
        let mut terms =
            vec![Term::num("Damage Total", amount, Some(R_SOAK)), Term::num("Soak Total", -soak, Some(R_SOAK))];
        if past <= 0 {
            terms.push(Term::text("Wound", "none", Some(R_SOAK)));
            return Ok(Outcome { lines: vec![format!("Soak {soak} stops it: no wound")], terms });
        }
        let w = wound(past, c.stat("size"))?;
        terms.extend(w.terms);
        let mut lines = vec![format!("{amount} − Soak {soak} = {past} → {} wound", w.level.as_str())];
        match WOUNDS.iter().find(|(_, _, level)| *level == w.level) {
            Some((key, _, _)) => {
                let n = c.value(key) + 1;
                c.set(key, n);
                if w.level == WoundLevel::Incapacitating {
                    lines.push(format!("{} is incapacitated", c.name));
                }
            }
            None if w.level == WoundLevel::Dead => {
                c.set("dead", 1);
                lines.push(format!("{} is killed", c.name));
            }
            None => {}
        }
        if let Ok(p) = penalty(counts(c), fatigue_level(c)) {
            lines.push(format!("{}'s total penalty is now {:+}", c.name, p.total));
        }
        Ok(Outcome { lines, terms })
    }

    fn heal(&self, _c: &mut Combatant, _amount: i64) -> Result<Outcome> {
        Err(Error::InvalidInput(
            "Ars Magica wounds heal by Recovery rolls over days, not during a fight: set a wound count (e.g. `wounds-light 0`) to correct one".into(),
        ))
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        let w = counts(c);
        let level = fatigue_level(c);
        let p = penalty(w, level).ok();
        let mut m = serde_json::Map::new();
        m.insert(
            "wounds".into(),
            serde_json::json!({
                "light": w.light, "medium": w.medium, "heavy": w.heavy, "incapacitating": w.incapacitating
            }),
        );
        m.insert("penalty".into(), p.as_ref().map_or(0, |p| p.total).into());
        m.insert("fatigue".into(), level.name().into());
        m.insert("incapacitated".into(), p.as_ref().is_some_and(|p| p.incapacitated || p.unconscious).into());
        m.insert("dead".into(), (c.value("dead") > 0).into());
        m
    }

    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        WOUNDS
            .iter()
            .map(|(value, field, _)| (field.to_string(), c.value(value)))
            .chain(FATIGUE.iter().map(|(value, field)| (field.to_string(), c.value(value))))
            .collect()
    }
}
