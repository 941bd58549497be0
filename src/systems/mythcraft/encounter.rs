//! MythCraft in an encounter: 1d20 + AWR initiative (ties by AWR, then a d20), AP at
//! the start of each turn with Reactive AP kept and spent between turns, damage (typed,
//! or an attack against a defense) through Immune, Vulnerable, Resist, Affinity, DR, DT
//! and Shield HP to HP, Bloodied, Death Points (ending a turn at 0 HP, damage at 0 HP,
//! massive damage, Fatigue, Suffocating; none while Catching your Breath), death at 8,
//! knocking unconscious with nonlethal damage, surprise, and what each condition does
//! to AP, speed, defenses and d20 rolls.
//!
//! Every number comes from the calculators in `rules/`: this file only decides when
//! each applies.

use std::collections::BTreeMap;

use std::sync::LazyLock;

use super::rules::{
    action_points, apply_damage, bloodied, condition_effects, condition_speed, death_points, hp_after, initiative_keys,
    initiative_terms, knockout_recovery_hp, natural_roll, suffocating, turn_actions, Attack, DamageType, Daze,
    DeathEvent, Defenses, Effects, HitCheck, Portion, AMOUNT_MAX, COR_MAX, COR_MIN, DEATH_AT, DR_MAX, LEVEL_MAX,
    LEVEL_MIN, RATING_MAX, ROLL_MAX, ROLL_MIN, R_DYING, R_SHIELD,
};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Act, Action, ActiveCondition, Combatant, Duration, EncounterRules, Outcome, StatSpec, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};
use crate::sheets::Derived;

/// Catching your Breath: no Death Points are gained while it lasts.
const CATCHING_BREATH: &str = "catching your breath";
const C_FATIGUED: &str = "mythcraft/condition/fatigued";
const C_SUFFOCATING: &str = "mythcraft/condition/suffocating";
const R_REACTIVE: &str = "mythcraft/rule/reactive-ap";
const R_KNOCKING_OUT: &str = "mythcraft/rule/knocking-unconscious";
const R_ATTACKS: &str = "mythcraft/rule/attacks";
/// The base speed of every adventurer, in feet.
const BASE_SPEED: i64 = 20;

static BASE_STATS: &[StatSpec] = &[
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
    StatSpec { key: "endurance", label: "Endurance (END)", aliases: &["end"], min: COR_MIN, max: COR_MAX, default: 0 },
    StatSpec { key: "speed", label: "Speed (ft)", aliases: &[], min: 0, max: 1000, default: BASE_SPEED },
];

/// The protections by damage type: `resist-fire`, `vulnerable-sharp` (ratings),
/// `immune-toxic`, `affinity-cold` (1 for yes).
const PROTECTIONS: [(&str, &str, i64); 4] = [
    ("resist", "Resist", RATING_MAX),
    ("vulnerable", "Vulnerable", RATING_MAX),
    ("immune", "Immune to", 1),
    ("affinity", "Affinity with", 1),
];

static STATS: LazyLock<Vec<StatSpec>> = LazyLock::new(|| {
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

static SPEND_PARAMS: &[Param] = &[Param {
    name: "ap",
    help: "AP spent: from the turn's AP when it is this combatant's turn, else from its Reactive AP.",
    kind: ParamKind::Int { min: 1, max: 40 },
    required: true,
    default: None,
}];

static ATTACK_PARAMS: &[Param] = &[
    Param { name: "target", help: "The defender, by name.", kind: ParamKind::Text, required: true, default: None },
    Param {
        name: "roll",
        help: "The attack total (d20 and bonuses, TA and TD included).",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: true,
        default: None,
    },
    Param {
        name: "defense",
        help: "The defense targeted (AR, REF, FORT, ANT, LOG or WILL), before Resist and Vulnerable.",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: true,
        default: None,
    },
    Param {
        name: "amount",
        help: "The damage rolled.",
        kind: ParamKind::Int { min: 0, max: AMOUNT_MAX },
        required: true,
        default: None,
    },
    Param {
        name: "type",
        help: "The damage type (blunt, sharp, fire…); blunt when left out.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "natural",
        help: "The d20 as it landed, if told: a 1 is a critical fail (a miss whatever the total), a 20 a crit.",
        kind: ParamKind::Int { min: 1, max: 20 },
        required: false,
        default: None,
    },
    Param {
        name: "crit",
        help: "A crit: it hits whatever the defense.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "half-on-miss",
        help: "The attack deals half damage on a miss.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "nonlethal",
        help: "Blunt damage dealt to knock out rather than kill.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

static ACTIONS: &[Action] = &[
    Action {
        name: "attack",
        summary: "An attack roll against a defense, its damage through Immune, Vulnerable, Resist, Affinity, DR, DT and Shield HP",
        combatant: true,
        params: ATTACK_PARAMS,
        rule: Some(R_ATTACKS),
    },
    Action {
        name: "spend",
        summary: "Spend AP on the combatant's turn, or Reactive AP between its turns",
        combatant: true,
        params: SPEND_PARAMS,
        rule: Some(R_REACTIVE),
    },
    Action {
        name: "fatigue",
        summary: "The combatant suffers Fatigue: 1 Death Point and the Fatigued condition",
        combatant: true,
        params: &[],
        rule: Some(C_FATIGUED),
    },
];

/// MythCraft's encounter rules.
pub struct Rules;

const C_DAZED: (&str, &str) = ("mythcraft/condition/dazed", "Dazed");
const C_STUNNED: (&str, &str) = ("mythcraft/condition/stunned", "Stunned");
const C_UNCONSCIOUS: (&str, &str) = ("mythcraft/condition/unconscious", "Unconscious");
const C_FATIGUED_REF: (&str, &str) = (C_FATIGUED, "Fatigued");
const SURPRISE_PARTIAL: &str = "surprise-partial";
const SURPRISE_COMPLETE: &str = "surprise-complete";

/// The last part of each condition's entry id (or its name, for a custom one).
fn held(c: &Combatant) -> Vec<String> {
    c.conditions
        .iter()
        .map(|x| match &x.id {
            Some(id) => id.rsplit('/').next().unwrap_or(id).to_string(),
            None => crate::slug::slugify(&x.name),
        })
        .collect()
}

fn effects(c: &Combatant) -> Effects {
    let held = held(c);
    let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
    let mut e = condition_effects(&slugs);
    // Surprised creatures lose the first round and fight at TD in the second; the
    // others have TA against them for both.
    match c.value("surprise-turns") {
        0 if c.has(SURPRISE_PARTIAL) => {
            e.lines.push("Surprised: no action this first round; no Reactive AP until it has acted".into());
            e.against.push("attacks against it have TA in the first two rounds (Surprise)".into());
            e.no_reactions = true;
        }
        1 if c.has(SURPRISE_PARTIAL) => {
            e.td += 1;
            e.lines.push("Surprised: 1 TD this second round".into());
            e.against.push("attacks against it have TA in the first two rounds (Surprise)".into());
        }
        _ => {}
    }
    e
}

fn gain_condition(c: &mut Combatant, (id, name): (&str, &str)) -> bool {
    if c.has(id) {
        return false;
    }
    c.conditions.push(ActiveCondition {
        id: Some(id.to_string()),
        name: name.to_string(),
        duration: Duration::UntilRemoved,
        remaining: None,
        expires_at: None,
    });
    true
}

fn lose_condition(c: &mut Combatant, id: &str) -> bool {
    let before = c.conditions.len();
    c.conditions.retain(|x| !x.matches(id));
    c.conditions.len() != before
}

fn defenses(c: &Combatant) -> Defenses {
    let mut d = Defenses { dr: c.stat("dr"), dt: c.stat("dt"), shield_hp: c.value("shield-hp"), ..Defenses::default() };
    for t in DamageType::all() {
        let word = t.label().to_lowercase();
        let stat = |prefix: &str| c.stat(&format!("{prefix}-{word}"));
        if stat("immune") > 0 {
            d.immune.push(t);
        }
        if stat("affinity") > 0 {
            d.affinity.push(t);
        }
        if stat("resist") > 0 {
            d.resist.push((t, stat("resist")));
        }
        if stat("vulnerable") > 0 {
            d.vulnerable.push((t, stat("vulnerable")));
        }
    }
    d
}

/// `blunt`, `fire`, …, or `nonlethal` (blunt damage dealt to knock out).
fn damage_kind(kind: Option<&str>) -> Result<(DamageType, bool)> {
    match kind.map(str::trim) {
        None => Ok((DamageType::Blunt, false)),
        Some(k) if k.eq_ignore_ascii_case("nonlethal") => Ok((DamageType::Blunt, true)),
        Some(k) => Ok((DamageType::parse(k)?, false)),
    }
}

impl EncounterRules for Rules {
    fn stats(&self) -> &'static [StatSpec] {
        &STATS
    }

    fn stats_from_sheet(&self, c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        for key in [
            "awareness",
            "coordination",
            "endurance",
            "level",
            "max-hp",
            "shield-hp",
            "dr",
            "hp",
            "death-points",
            "speed",
        ] {
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
        for key in ["knocked-out", "surprise-turns", "suffocating-turns", "turns"] {
            c.set(key, 0);
        }
    }

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        let awr = c.stat("awareness");
        (initiative_keys(roll, awr), Outcome { lines: Vec::new(), terms: initiative_terms(&c.name, roll, awr) })
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        ("1d20", (1, 20))
    }

    fn actions(&self) -> &'static [Action] {
        ACTIONS
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        s.require_started(act.action.name)?;
        let acting = s.current().map(str::to_string);
        match act.action.name {
            "attack" => {
                let target = s.find(act.inputs.text("target").unwrap_or_default())?;
                let attacker = s.combatants[act.who()].name.clone();
                if s.combatants[target].value("dead") > 0 {
                    return Err(Error::InvalidInput(format!("{} is already dead", s.combatants[target].name)));
                }
                let (kind, nonlethal) = damage_kind(act.inputs.text("type"))?;
                let nonlethal = nonlethal || act.inputs.flag("nonlethal");
                if nonlethal && kind != DamageType::Blunt {
                    return Err(Error::InvalidInput(format!(
                        "only blunt damage can be nonlethal, not {}",
                        kind.label().to_lowercase()
                    )));
                }
                let (crit, fumble) = natural_roll(act.inputs.opt_int("natural")?, act.inputs.flag("crit"))?;
                let attack = Attack {
                    portions: vec![Portion { amount: act.inputs.int("amount")?, kind }],
                    hit: Some(HitCheck {
                        roll: act.inputs.int("roll")?,
                        defense: act.inputs.int("defense")?,
                        crit,
                        fumble,
                        half_on_miss: act.inputs.flag("half-on-miss"),
                    }),
                    ..Attack::default()
                };
                let mut out = self.hurt(&mut s.combatants[target], &attack, nonlethal)?;
                out.lines.insert(0, format!("{attacker} attacks {}", s.combatants[target].name));
                Ok(out)
            }
            "spend" => {
                let c = &mut s.combatants[act.who()];
                let n = act.inputs.int("ap")?;
                let own_turn = acting.as_deref() == Some(c.name.as_str());
                let key = if own_turn { "ap" } else { "reactive-ap" };
                if !own_turn {
                    if let Some(why) = effects(c).no_reactions.then_some(()).map(|()| {
                        format!("{} cannot take reactions now (its conditions or surprise forbid them)", c.name)
                    }) {
                        return Err(Error::InvalidInput(why));
                    }
                }
                let have = c.value(key);
                if n > have {
                    let what = if own_turn { "AP" } else { "Reactive AP" };
                    return Err(Error::InvalidInput(format!("{} has {have} {what}, not {n}", c.name)));
                }
                c.set(key, have - n);
                let what = if own_turn { "AP" } else { "Reactive AP" };
                Ok(Outcome {
                    lines: vec![format!("{} spends {n} {what} ({} left)", c.name, have - n)],
                    terms: vec![Term::num(format!("{what} spent"), -n, Some(R_REACTIVE))],
                })
            }
            "fatigue" => {
                let c = &mut s.combatants[act.who()];
                if c.value("dead") > 0 {
                    return Err(Error::InvalidInput(format!("{} is dead", c.name)));
                }
                let fresh = gain_condition(c, C_FATIGUED_REF);
                let mut out = self.gain(c, &[DeathEvent::Fatigue], "Fatigue", Outcome::default());
                if fresh {
                    out.lines.push(format!("{} is Fatigued", c.name));
                }
                Ok(out)
            }
            other => Err(Error::InvalidInput(format!("MythCraft has no {other} action"))),
        }
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        if c.value("dead") > 0 {
            return Outcome::line(format!("{} is dead", c.name));
        }
        let mut out = Outcome::default();
        c.set("turns", c.value("turns") + 1);
        // Catching your Breath ends the daze of a knock-out.
        if c.value("knocked-out") > 0 && (c.has(CATCHING_BREATH) || c.has("catching-your-breath")) {
            out.lines.extend(self.recover_from_knockout(c, "Catching their Breath"));
        }
        let level = c.stat("level").clamp(LEVEL_MIN, LEVEL_MAX);
        let cor = c.stat("coordination").clamp(COR_MIN, COR_MAX);
        let surprised = c.has(SURPRISE_PARTIAL);
        let first_surprised = surprised && c.value("surprise-turns") == 0;
        // Surprised: Reactive AP is not carried into the first turn it can act.
        let carried = if surprised { 0 } else { c.value("reactive-ap").clamp(0, 40) };
        let fx = effects(c);
        let complete = c.has(SURPRISE_COMPLETE) && c.value("turns") == 1;
        match action_points(cor, level, carried).and_then(|ap| Ok((turn_actions(ap.total, &fx, complete)?, ap))) {
            Ok((limited, ap)) => {
                let mut total = limited.value;
                out.terms.extend(ap.terms);
                out.terms.extend(limited.terms.into_iter().skip(1));
                if first_surprised {
                    total = 0;
                    out.lines.push(format!("{} is surprised and does not act this round", c.name));
                }
                if complete {
                    out.lines.push(format!(
                        "{} strikes with complete surprise: double AP this turn [interpretation: its single surprise turn is its first turn]",
                        c.name
                    ));
                }
                c.set("ap", total);
                c.set("reactive-ap", 0);
                let mut line = format!("{} has {total} AP", c.name);
                if ap.lost > 0 {
                    line.push_str(&format!(" ({} Reactive AP over the cap lost)", ap.lost));
                }
                out.lines.push(line);
                out.lines.extend(fx.lines);
            }
            Err(e) => out.lines.push(format!("{}: AP not worked out: {e}", c.name)),
        }
        if c.has(C_SUFFOCATING) || c.has("suffocating") {
            let turns = c.value("suffocating-turns") + 1;
            c.set("suffocating-turns", turns);
            let end = c.stat("endurance").clamp(COR_MIN, COR_MAX);
            match suffocating(end, turns.min(100)) {
                Ok(s) if s.gains => out = self.gain(c, &[DeathEvent::Suffocate], "Suffocating", out),
                Ok(s) => out
                    .lines
                    .push(format!("{} is Suffocating: round {turns} of {} before Death Points", c.name, s.grace)),
                Err(e) => out.lines.push(format!("{}: Suffocating not worked out: {e}", c.name)),
            }
        } else {
            c.set("suffocating-turns", 0);
        }
        for (slug, what) in [("bleeding", "Bleeding"), ("burning", "Burning")] {
            if c.has(slug) {
                out.lines.push(format!("{} takes its {what} damage now (roll it and enter it as damage)", c.name));
            }
        }
        out
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
        if c.has(SURPRISE_PARTIAL) {
            let n = c.value("surprise-turns") + 1;
            c.set("surprise-turns", n);
            if n >= 2 {
                lose_condition(c, SURPRISE_PARTIAL);
                out.lines.push(format!("{} is no longer surprised", c.name));
            }
        }
        if c.has(SURPRISE_COMPLETE) {
            lose_condition(c, SURPRISE_COMPLETE);
            out.lines.push(format!("{}'s surprise turn is over", c.name));
        }
        if c.value("hp") == 0 && c.value("dead") == 0 {
            out = self.gain(c, &[DeathEvent::EndTurn], "ending the turn at 0 HP", out);
        }
        out
    }

    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        // Interpretation: damage given without a type counts as Blunt (it matters only
        // against a type-specific protection).
        let (kind, nonlethal) = damage_kind(kind)?;
        let attack = Attack { portions: vec![Portion { amount, kind }], ..Attack::default() };
        self.hurt(c, &attack, nonlethal)
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
        // A knock-out's daze lifts at no longer Bloodied or 15 HP, whichever comes first.
        if c.value("knocked-out") > 0 && hp >= knockout_recovery_hp(max) {
            out.lines
                .extend(self.recover_from_knockout(c, if bloodied { "reaching 15 HP" } else { "no longer Bloodied" }));
        }
        Ok(out)
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        let max = c.stat("max-hp").max(1);
        let hp = c.value("hp");
        let fx = effects(c);
        let speed = condition_speed(c.stat("speed"), &fx, false).map_or(0, |s| s.value);
        let mut m = serde_json::Map::new();
        m.insert("hp".into(), hp.into());
        m.insert("max_hp".into(), max.into());
        m.insert("shield_hp".into(), c.value("shield-hp").into());
        m.insert("bloodied".into(), (2 * hp <= max).into());
        m.insert("death_points".into(), c.value("death-points").into());
        m.insert("ap".into(), c.value("ap").into());
        m.insert("reactive_ap".into(), c.value("reactive-ap").into());
        m.insert("speed".into(), speed.into());
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
                "lines": fx.lines,
            }),
        );
        m
    }

    fn player_status(&self, c: &Combatant, pc: bool) -> Vec<String> {
        let max = c.stat("max-hp").max(1);
        let hp = c.value("hp");
        if c.value("dead") > 0 {
            return vec!["Dead".into()];
        }
        let mut out = Vec::new();
        if pc {
            out.push(format!("HP {hp} of {max}"));
            if c.value("death-points") > 0 {
                out.push(format!("{} Death Points", c.value("death-points")));
            }
        } else if hp == 0 {
            out.push("Down".into());
        } else if 2 * hp <= max {
            out.push("Bloodied".into());
        }
        out
    }

    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        BTreeMap::from([("hp".to_string(), c.value("hp")), ("death-points".to_string(), c.value("death-points"))])
    }
}

impl Rules {
    /// Damage through the target's protections to Shield HP and HP; Bloodied, Death
    /// Points, and the knock-out of nonlethal damage.
    fn hurt(&self, c: &mut Combatant, attack: &Attack, nonlethal: bool) -> Result<Outcome> {
        let result = apply_damage(attack, &defenses(c))?;
        let mut out = Outcome { lines: Vec::new(), terms: result.terms };
        if result.hit == Some(false) && result.hp_lost == 0 && result.shield_absorbed == 0 {
            out.lines.push(format!("A miss: {} takes no damage", c.name));
            return Ok(out);
        }
        c.set("shield-hp", result.shield_left);
        if result.shield_absorbed > 0 {
            out.lines.push(format!("Shield HP absorb {} ({} left)", result.shield_absorbed, result.shield_left));
            out.terms.push(Term::num("Shield HP absorb", -result.shield_absorbed, Some(R_SHIELD)));
        }
        let max = c.stat("max-hp").max(1);
        let hp_before = c.value("hp").clamp(0, max);
        let after = hp_after(hp_before, max, result.hp_lost)?;
        if result.damage_taken > 0 && lose_condition(c, C_UNCONSCIOUS.0) {
            out.lines.push(format!("The damage wakes {}: no longer Unconscious", c.name));
        }
        if nonlethal && after.hp_left == 0 && hp_before > 0 {
            // Knocked out rather than dying: back to 1 HP, and a step down the daze.
            c.set("hp", 1);
            c.set("knocked-out", 1);
            let now = if c.has(C_STUNNED.0) {
                Daze::Stunned
            } else if c.has(C_DAZED.0) {
                Daze::Dazed
            } else {
                Daze::None
            };
            let step = match now.next() {
                Daze::Dazed => C_DAZED,
                Daze::Stunned => C_STUNNED,
                _ => C_UNCONSCIOUS,
            };
            gain_condition(c, step);
            out.lines.push(format!(
                "{} loses {} HP to nonlethal damage: back to 1 HP and {}",
                c.name, result.hp_lost, step.1
            ));
            out.terms.push(Term::text("Nonlethal damage at 0 HP", format!("1 HP, {}", step.1), Some(R_KNOCKING_OUT)));
            return Ok(out);
        }
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

    /// Lifts the Dazed or Stunned a knock-out left.
    fn recover_from_knockout(&self, c: &mut Combatant, why: &str) -> Vec<String> {
        c.set("knocked-out", 0);
        let mut lines = Vec::new();
        for (id, name) in [C_DAZED, C_STUNNED] {
            if lose_condition(c, id) {
                lines.push(format!("{} is no longer {name} ({why})", c.name));
            }
        }
        lines
    }

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
