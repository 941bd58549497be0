//! MythCraft in an encounter: 1d20 + AWR initiative (ties by AWR, then a d20), AP at
//! the start of each turn with Reactive AP kept, damage through DR, DT and Shield HP to
//! HP, Bloodied, and Death Points (ending a turn at 0 HP, damage at 0 HP, massive
//! damage; none while Catching your Breath), death at 8.
//!
//! Every number comes from the calculators in `rules/`: this file only decides when
//! each applies.

use std::collections::BTreeMap;

use super::rules::{
    action_points, apply_damage, bloodied, death_points, hp_after, Attack, DamageType, DeathEvent, Defenses, Portion,
    AMOUNT_MAX, COR_MAX, COR_MIN, DEATH_AT, DR_MAX, LEVEL_MAX, LEVEL_MIN, R_DYING, R_SHIELD,
};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Combatant, EncounterRules, Outcome, StatSpec};
use crate::error::Result;
use crate::rules::Term;
use crate::sheets::Derived;

const R_INITIATIVE: &str = "mythcraft/rule/initiative";
/// Catching your Breath: no Death Points are gained while it lasts.
const CATCHING_BREATH: &str = "catching your breath";
const C_FATIGUED: &str = "mythcraft/condition/fatigued";

static STATS: &[StatSpec] = &[
    StatSpec { key: "awareness", label: "Awareness (AWR)", aliases: &["awr"], min: COR_MIN, max: COR_MAX, default: 0 },
    StatSpec {
        key: "coordination",
        label: "Coordination (COR)",
        aliases: &["cor"],
        min: COR_MIN,
        max: COR_MAX,
        default: 0,
    },
    StatSpec { key: "level", label: "Level", aliases: &["lvl"], min: LEVEL_MIN, max: LEVEL_MAX, default: 1 },
    StatSpec { key: "max-hp", label: "Maximum HP", aliases: &["hp", "max_hp"], min: 1, max: AMOUNT_MAX, default: 10 },
    StatSpec { key: "shield-hp", label: "Shield HP", aliases: &["shield"], min: 0, max: AMOUNT_MAX, default: 0 },
    StatSpec { key: "dr", label: "Damage Reduction (DR)", aliases: &[], min: 0, max: DR_MAX, default: 0 },
    StatSpec { key: "dt", label: "Damage Threshold (DT)", aliases: &[], min: 0, max: AMOUNT_MAX, default: 0 },
];

/// MythCraft's encounter rules.
pub struct Rules;

impl EncounterRules for Rules {
    fn stats(&self) -> &'static [StatSpec] {
        STATS
    }

    fn stats_from_sheet(&self, c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        for key in ["awareness", "coordination", "level", "max-hp", "shield-hp", "dr", "hp", "death-points"] {
            if let Some(SheetValue::Int(n)) = c.values.get(key) {
                out.insert(key.to_string(), *n);
            }
        }
        out
    }

    fn join(&self, c: &mut Combatant) {
        let max = c.stat("max-hp").max(1);
        // A sheet's current HP (and Death Points) carry into the fight.
        let hp = c.stats.remove("hp").unwrap_or(max).clamp(0, max);
        let dp = c.stats.remove("death-points").unwrap_or(0).clamp(0, DEATH_AT);
        c.set("hp", hp);
        c.set("shield-hp", c.stat("shield-hp"));
        c.set("death-points", dp);
        c.set("ap", 0);
        c.set("reactive-ap", 0);
        c.set("dead", i64::from(dp >= DEATH_AT));
    }

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        let awr = c.stat("awareness");
        let terms = vec![
            Term::num(format!("{}: d20", c.name), roll, Some(R_INITIATIVE)),
            Term::num(format!("{}: AWR", c.name), awr, Some(R_INITIATIVE)),
        ];
        // Ties go to the higher AWR, then to an unmodified d20 re-roll.
        (vec![roll + awr, awr], Outcome { lines: Vec::new(), terms })
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        ("1d20", (1, 20))
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        if c.value("dead") > 0 {
            return Outcome::line(format!("{} is dead", c.name));
        }
        let level = c.stat("level").clamp(LEVEL_MIN, LEVEL_MAX);
        let cor = c.stat("coordination").clamp(COR_MIN, COR_MAX);
        match action_points(cor, level, c.value("reactive-ap").clamp(0, 40)) {
            Ok(ap) => {
                c.set("ap", ap.total);
                c.set("reactive-ap", 0);
                let mut line = format!("{} has {} AP", c.name, ap.total);
                if ap.lost > 0 {
                    line.push_str(&format!(" ({} Reactive AP over the cap lost)", ap.lost));
                }
                Outcome { lines: vec![line], terms: ap.terms }
            }
            Err(e) => Outcome::line(format!("{}: AP not worked out: {e}", c.name)),
        }
    }

    fn end_turn(&self, c: &mut Combatant) -> Outcome {
        // AP not spent this turn are kept as Reactive AP until the next one.
        let unspent = c.value("ap");
        c.set("reactive-ap", unspent);
        c.set("ap", 0);
        let mut out = Outcome::default();
        if unspent > 0 {
            out.lines.push(format!("{} keeps {unspent} Reactive AP", c.name));
        }
        if c.value("hp") == 0 && c.value("dead") == 0 {
            out = self.gain(c, &[DeathEvent::EndTurn], "ending the turn at 0 HP", out);
        }
        out
    }

    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        // Interpretation: damage given without a type counts as Blunt (it matters only
        // against a type-specific protection, which quick combatants do not have).
        let kind = kind.map(DamageType::parse).transpose()?.unwrap_or(DamageType::Blunt);
        let attack = Attack { portions: vec![Portion { amount, kind }], ..Attack::default() };
        let defenses =
            Defenses { dr: c.stat("dr"), dt: c.stat("dt"), shield_hp: c.value("shield-hp"), ..Defenses::default() };
        let result = apply_damage(&attack, &defenses)?;
        let mut out = Outcome { lines: Vec::new(), terms: result.terms };
        c.set("shield-hp", result.shield_left);
        if result.shield_absorbed > 0 {
            out.lines.push(format!("Shield HP absorb {} ({} left)", result.shield_absorbed, result.shield_left));
            out.terms.push(Term::num("Shield HP absorb", -result.shield_absorbed, Some(R_SHIELD)));
        }
        let max = c.stat("max-hp").max(1);
        let hp_before = c.value("hp").clamp(0, max);
        let after = hp_after(hp_before, max, result.hp_lost)?;
        c.set("hp", after.hp_left);
        out.terms.extend(after.terms);
        out.lines.push(format!("{} loses {} HP: {} of {max} left", c.name, result.hp_lost, after.hp_left));
        if after.bloodied && after.hp_left > 0 {
            out.lines.push(format!("{} is Bloodied", c.name));
        }
        if c.value("dead") == 0 {
            let mut events = Vec::new();
            if hp_before == 0 && result.hp_lost > 0 {
                events.push(DeathEvent::Hit);
            }
            if after.massive {
                events.push(DeathEvent::Massive);
            }
            if !events.is_empty() {
                out = self.gain(c, &events, "the damage", out);
            }
        }
        Ok(out)
    }

    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome> {
        if c.value("dead") > 0 {
            return Ok(Outcome::line(format!("{} is dead: healing changes nothing", c.name)));
        }
        let max = c.stat("max-hp").max(1);
        let hp = (c.value("hp") + amount).min(max);
        c.set("hp", hp);
        let (bloodied, _) = bloodied(hp, max)?;
        let mut out = Outcome::line(format!("{}: {hp} of {max} HP", c.name));
        if !bloodied {
            out.lines.push(format!("{} is no longer Bloodied", c.name));
        }
        Ok(out)
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        let max = c.stat("max-hp").max(1);
        let hp = c.value("hp");
        let mut m = serde_json::Map::new();
        m.insert("hp".into(), hp.into());
        m.insert("max_hp".into(), max.into());
        m.insert("shield_hp".into(), c.value("shield-hp").into());
        m.insert("bloodied".into(), (2 * hp <= max).into());
        m.insert("death_points".into(), c.value("death-points").into());
        m.insert("ap".into(), c.value("ap").into());
        m.insert("reactive_ap".into(), c.value("reactive-ap").into());
        m.insert("dead".into(), (c.value("dead") > 0).into());
        m
    }

    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        BTreeMap::from([("hp".to_string(), c.value("hp")), ("death-points".to_string(), c.value("death-points"))])
    }
}

impl Rules {
    /// Adds the Death Points `events` give (none while Catching your Breath), and death
    /// at 8.
    fn gain(&self, c: &mut Combatant, events: &[DeathEvent], why: &str, mut out: Outcome) -> Outcome {
        let catching = c.has(CATCHING_BREATH) || c.has("mythcraft/condition/catching-your-breath");
        let start = c.value("death-points").clamp(0, DEATH_AT);
        match death_points(start, events, catching, c.has(C_FATIGUED)) {
            Ok(track) => {
                let gained = track.points - start;
                c.set("death-points", track.points);
                out.terms.extend(track.terms);
                if catching {
                    out.lines.push(format!("{} is Catching their Breath: no Death Points from {why}", c.name));
                } else if gained > 0 {
                    out.lines.push(format!(
                        "{} gains {gained} Death Point{} from {why} ({} of {DEATH_AT})",
                        c.name,
                        if gained == 1 { "" } else { "s" },
                        track.points
                    ));
                }
                if track.dead {
                    c.set("dead", 1);
                    out.lines.push(format!("{} dies ({DEATH_AT} Death Points)", c.name));
                    out.terms.push(Term::text("Death", format!("{DEATH_AT} Death Points"), Some(R_DYING)));
                }
            }
            Err(e) => out.lines.push(format!("{}: Death Points not worked out: {e}", c.name)),
        }
        out
    }
}
