//! Ars Magica in an encounter: the Initiative Total (Quickness + weapon Init −
//! Encumbrance, from the sheet) plus a stress die, rolled once for the whole combat,
//! ties re-rolled among the tied only, and delaying an action within the round. An
//! attack is resolved from the two sides' totals and dice (or a Damage Total is typed),
//! goes through Soak to a wound by Size; wounds by level with their penalty, Fatigue
//! levels lost (exertion, the Fatigue roll), disengaging, incapacitation and death.
//! A trained or untrained group is one combatant: the vanguard's scores, one blow per
//! member, and a trained group's bonus on Attack or Defense.
//!
//! Every number comes from the calculators in `rules/`.

use std::collections::BTreeMap;

use super::rules::{
    disengage_bonus, exertion, fatigue, fatigue_roll, group_blows, group_bonus_from_sum, penalty, resolve_attack,
    wound, FatigueLevel, Penalty, WoundCounts, WoundLevel, ABILITY, CHAR, DAMAGE, ENC, FATIGUE_LOST, MAX_GROUP,
    R_ATTACK, R_DEFENSE, R_DISENGAGING, R_EXERTION, R_GROUP_DAMAGE, R_INITIATIVE, R_SEQUENCE, R_SHORT_TERM_FATIGUE,
    R_SOAK, R_STRESS_DIE, R_TRAINED, SIZE, WOUND_COUNT,
};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Act, Action, Combatant, EncounterRules, Outcome, StatSpec, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind, Term};
use crate::sheets::Derived;

/// The largest stress die read (ten doublings of a 10).
const DIE_MAX: i64 = 10_240;
/// A combat score before its die.
const SCORE: (i64, i64) = (-30, 60);

static STATS: &[StatSpec] = &[
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
        key: "others-ability",
        label: "The other members' combat Abilities, added up",
        aliases: &["others"],
        min: 0,
        max: ABILITY.1 * (MAX_GROUP - 1),
        default: 0,
    },
];

const DIE_HELP: &str = "stress die as the table read it (a 1 doubles the next roll); Tome rolls it when left out";

static ATTACK_PARAMS: &[Param] = &[
    Param { name: "target", help: "The defender, by name.", kind: ParamKind::Text, required: true, default: None },
    Param {
        name: "attack-die",
        help: DIE_HELP,
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "defense-die",
        help: DIE_HELP,
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "attack-modifier",
        help: "Anything else on the Attack Total (range -3 per increment, mounted +Ride…).",
        kind: ParamKind::Int { min: -50, max: 50 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "defense-modifier",
        help: "Anything else on the Defense Total (only a shield's Dfn against missiles…).",
        kind: ParamKind::Int { min: -50, max: 50 },
        required: false,
        default: Some("0"),
    },
];

static SIDE: &[&str] = &["attack", "defense"];

static EXERT_PARAMS: &[Param] = &[Param {
    name: "on",
    help: "Where the bonus goes: the next attack, or every defense until the next turn.",
    kind: ParamKind::Choice { options: SIDE },
    required: true,
    default: None,
}];

static BONUS_PARAMS: &[Param] = &[Param {
    name: "on",
    help: "Where the trained group puts its bonus from now on.",
    kind: ParamKind::Choice { options: SIDE },
    required: true,
    default: None,
}];

static FATIGUE_PARAMS: &[Param] = &[
    Param {
        name: "die",
        help: DIE_HELP,
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "botch",
        help: "A typed 0 was a botch (its botch dice showed a 0): two levels lost.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

static DISENGAGE_PARAMS: &[Param] = &[
    Param {
        name: "against",
        help: "Who attacked it since its last turn, each NAME or NAME=DIE (their stress die), comma-separated; none: it leaves at once.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "die",
        help: DIE_HELP,
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "modifier",
        help: "Anything else on the Defense Total.",
        kind: ParamKind::Int { min: -50, max: 50 },
        required: false,
        default: Some("0"),
    },
];

static ACTIONS: &[Action] = &[
    Action {
        name: "attack",
        summary: "An attack from both sides' totals and stress dice: advantage, Damage Total, Soak, the wound (one blow per group member)",
        combatant: true,
        params: ATTACK_PARAMS,
        rule: Some(R_SEQUENCE),
    },
    Action {
        name: "exert",
        summary: "Spend a Fatigue level (each member's, in a group) for the combat Ability as a bonus to attack or defense",
        combatant: true,
        params: EXERT_PARAMS,
        rule: Some(R_EXERTION),
    },
    Action {
        name: "fatigue-roll",
        summary: "A Fatigue roll for a brief strenuous act: Stamina − Encumbrance + stress die against 6",
        combatant: true,
        params: FATIGUE_PARAMS,
        rule: Some(R_SHORT_TERM_FATIGUE),
    },
    Action {
        name: "disengage",
        summary: "Try to leave the fight: a Defense Total (+3 per earlier try) against each recent attacker's Attack Total",
        combatant: true,
        params: DISENGAGE_PARAMS,
        rule: Some(R_DISENGAGING),
    },
    Action {
        name: "group-bonus",
        summary: "A trained group puts its bonus on Attack or on Defense (it may switch each round)",
        combatant: true,
        params: BONUS_PARAMS,
        rule: Some(R_TRAINED),
    },
];

/// The tracked wound counts, worst last, with the sheet fields they come from.
const WOUNDS: [(&str, &str, WoundLevel); 4] = [
    ("wounds-light", "wounds.light", WoundLevel::Light),
    ("wounds-medium", "wounds.medium", WoundLevel::Medium),
    ("wounds-heavy", "wounds.heavy", WoundLevel::Heavy),
    ("wounds-incapacitating", "wounds.incapacitating", WoundLevel::Incapacitating),
];
const FATIGUE: [(&str, &str); 2] = [("fatigue-short", "fatigue.short-term"), ("fatigue-long", "fatigue.long-term")];
/// What the rest of a group took, by wound level (the vanguard's own are `WOUNDS`).
const OTHERS: [(&str, WoundLevel); 5] = [
    ("others-light", WoundLevel::Light),
    ("others-medium", WoundLevel::Medium),
    ("others-heavy", WoundLevel::Heavy),
    ("others-incapacitating", WoundLevel::Incapacitating),
    ("others-dead", WoundLevel::Dead),
];

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

fn penalty_of(c: &Combatant) -> Option<Penalty> {
    penalty(counts(c), fatigue_level(c)).ok()
}

/// Whether it still fights as a group (more than one member, its vanguard standing).
fn is_group(c: &Combatant) -> bool {
    c.stat("members") > 1 && c.value("split") == 0
}

/// A trained group's bonus, where it has one (a leader and a group it can coordinate).
fn trained_bonus(c: &Combatant) -> Option<(i64, Vec<Term>)> {
    if !is_group(c) || c.stat("leadership") == 0 {
        return None;
    }
    let g = group_bonus_from_sum(c.stat("leadership"), c.stat("others-ability"), c.stat("members")).ok()?;
    g.coordinated.then_some((g.bonus, g.terms))
}

/// Why the combatant cannot act now, if it cannot.
fn cannot_act(c: &Combatant) -> Option<String> {
    if c.value("dead") > 0 {
        return Some(format!("{} is dead", c.name));
    }
    if c.value("left") > 0 {
        return Some(format!("{} has left the combat", c.name));
    }
    match penalty_of(c) {
        Some(p) if p.incapacitated || p.unconscious => {
            Some(format!("{} can take no action (incapacitated or unconscious)", c.name))
        }
        _ => None,
    }
}

fn require_able(c: &Combatant) -> Result<()> {
    cannot_act(c).map_or(Ok(()), |why| Err(Error::InvalidInput(why)))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Attack,
    Defense,
}

impl Side {
    fn key(self) -> &'static str {
        match self {
            Side::Attack => "attack",
            Side::Defense => "defense",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Side::Attack => "Attack",
            Side::Defense => "Defense",
        }
    }

    fn rule(self) -> &'static str {
        match self {
            Side::Attack => R_ATTACK,
            Side::Defense => R_DEFENSE,
        }
    }

    fn parse(s: Option<&str>) -> Side {
        if s == Some("defense") {
            Side::Defense
        } else {
            Side::Attack
        }
    }
}

/// An Attack or Defense Total: the score before the die, the die, the penalty from
/// wounds and fatigue, a trained group's bonus where it is placed, exertion, and
/// anything else the table adds.
fn combat_total(c: &Combatant, side: Side, die: i64, modifier: i64) -> (i64, Vec<Term>) {
    let who = &c.name;
    let mut terms = vec![
        Term::num(format!("{who}: {} before the die", side.label()), c.stat(side.key()), Some(side.rule())),
        Term::num(format!("{who}: stress die"), die, Some(R_STRESS_DIE)),
    ];
    if let Some(p) = penalty_of(c).filter(|p| p.total != 0) {
        terms.push(Term::num(format!("{who}: wound and fatigue penalty"), p.total, Some(R_SEQUENCE)));
    }
    if let Some((bonus, _)) = trained_bonus(c).filter(|_| bonus_on(c) == side) {
        terms.push(Term::num(format!("{who}: trained group bonus"), bonus, Some(R_TRAINED)));
    }
    let exerted = c.value(&format!("exert-{}", side.key()));
    if exerted != 0 {
        terms.push(Term::num(format!("{who}: exertion"), exerted, Some(R_EXERTION)));
    }
    if modifier != 0 {
        terms.push(Term::num(format!("{who}: other modifiers"), modifier, Some(side.rule())));
    }
    (terms.iter().filter_map(|t| t.value.as_i64()).sum(), terms)
}

/// Where a trained group puts its bonus (Attack until it says otherwise).
fn bonus_on(c: &Combatant) -> Side {
    if c.value("bonus-on") == 1 {
        Side::Defense
    } else {
        Side::Attack
    }
}

/// A die the action stored, and a note on a 0 (a possible botch).
fn die_note(act: &Act<'_>, key: &str, whose: &str) -> Result<(i64, Option<String>)> {
    let die = act.fact_int(key)?;
    let rolled = act.fact(&format!("{key}-rolled")) == Some("true");
    let note = (die == 0).then(|| match act.fact(&format!("{key}-botches")) {
        Some("0") => format!("{whose} rolled a 0: the botch die shows no botch"),
        Some(n) if rolled => {
            format!("{whose} rolled a 0 and botches ({n} botch die at 0): the storyguide says what goes wrong")
        }
        _ => format!("{whose} rolled a 0: roll botch dice (the storyguide says how many)"),
    });
    Ok((die, note))
}

/// Rolls a stress die (one botch die on a 0) unless `typed`, into `facts` under `key`.
fn stress_fact(facts: &mut BTreeMap<String, String>, key: &str, typed: Option<i64>, rng: &mut dyn rand::RngCore) {
    match typed {
        Some(d) => {
            facts.insert(key.to_string(), d.to_string());
        }
        None => {
            let r = crate::dice::stress_die(&mut &mut *rng, 1);
            facts.insert(key.to_string(), r.total.to_string());
            facts.insert(format!("{key}-rolled"), "true".into());
            if r.total == 0 {
                facts.insert(format!("{key}-botches"), r.botches.to_string());
            }
        }
    }
}

/// `NAME` or `NAME=DIE`, comma-separated.
fn opponents(text: Option<&str>) -> Result<Vec<(String, Option<i64>)>> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else { return Ok(Vec::new()) };
    text.split(',')
        .map(|part| match part.split_once('=') {
            Some((name, die)) => {
                let d: i64 = die.trim().parse().map_err(|_| {
                    Error::InvalidInput(format!("`{part}`: a stress die is a whole number, as in NAME=7"))
                })?;
                if !(0..=DIE_MAX).contains(&d) {
                    return Err(Error::InvalidInput(format!("`{part}`: a stress die reads 0 to {DIE_MAX}")));
                }
                Ok((name.trim().to_string(), Some(d)))
            }
            None => Ok((part.trim().to_string(), None)),
        })
        .collect()
}

/// Adds `on_vanguard` wounds of `level` to the combatant (the vanguard, for a group) and
/// `on_others` to the rest of its group, saying what follows.
fn take_wounds(c: &mut Combatant, level: WoundLevel, on_vanguard: i64, on_others: i64) -> Vec<String> {
    let mut lines = Vec::new();
    let was_group = is_group(c);
    if on_vanguard > 0 {
        match WOUNDS.iter().find(|(_, _, l)| *l == level) {
            Some((key, _, _)) => {
                let n = (c.value(key) + on_vanguard).min(WOUND_COUNT.1);
                c.set(key, n);
                if level == WoundLevel::Incapacitating {
                    lines.push(format!("{} is incapacitated", vanguard(c)));
                }
            }
            None if level == WoundLevel::Dead => {
                c.set("dead", 1);
                lines.push(format!("{} is killed", vanguard(c)));
            }
            None => {}
        }
    }
    if on_others > 0 {
        if let Some((key, _)) = OTHERS.iter().find(|(_, l)| *l == level) {
            c.set(key, c.value(key) + on_others);
        }
        lines.push(format!(
            "The rest of {} take {on_others} {} wound{}",
            c.name,
            level.as_str(),
            if on_others == 1 { "" } else { "s" }
        ));
    }
    let down = c.value("dead") > 0 || c.value("wounds-incapacitating") > 0;
    if was_group && down {
        c.set("split", 1);
        let others_down = c.value("others-incapacitating") + c.value("others-dead");
        if others_down >= c.stat("members") - 1 {
            lines.push(format!("Every member of {} is down", c.name));
        } else {
            lines.push(format!(
                "{}'s vanguard is down: the group splits into individuals (add those still standing as combatants)",
                c.name
            ));
        }
    }
    if let Some(p) = penalty_of(c) {
        lines.push(format!("{}'s total penalty is now {:+}", c.name, p.total));
    }
    lines
}

fn vanguard(c: &Combatant) -> String {
    if is_group(c) {
        format!("{}'s vanguard", c.name)
    } else {
        c.name.clone()
    }
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

impl EncounterRules for Rules {
    fn stats(&self) -> &'static [StatSpec] {
        STATS
    }

    fn stats_from_sheet(&self, c: &Character, derived: &Derived) -> BTreeMap<String, i64> {
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
        // The first weapon's combat Ability, as its Attack Total's terms name it.
        let ability = derived
            .stats
            .iter()
            .find(|s| s.key.starts_with("weapon.") && s.key.ends_with(".attack"))
            .and_then(|s| s.terms.iter().find(|t| t.label.starts_with("Combat Ability")))
            .and_then(|t| t.value.as_i64());
        if let Some(a) = ability {
            out.insert("ability".into(), a);
        }
        let int = |k: &str| match c.values.get(k) {
            Some(SheetValue::Int(n)) => Some(*n),
            _ => None,
        };
        for key in ["size", "stamina"] {
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

    fn join(&self, c: &mut Combatant) {
        for key in WOUNDS.iter().map(|w| w.0).chain(FATIGUE.iter().map(|f| f.0)) {
            let carried = c.stats.remove(key).unwrap_or(0).clamp(0, FATIGUE_LOST.1.min(WOUND_COUNT.1));
            c.set(key, carried);
        }
        for key in ["dead", "left", "split", "bonus-on", "exert-attack", "exert-defense", "disengage-attempts"] {
            c.set(key, 0);
        }
        if c.stat("members") > 1 {
            for (key, _) in OTHERS {
                c.set(key, 0);
            }
        }
    }

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        let base = c.stat("initiative");
        let mut terms = vec![
            Term::num(format!("{}: Initiative Total before the die", c.name), base, Some(R_INITIATIVE)),
            Term::num(format!("{}: stress die", c.name), roll, Some(R_INITIATIVE)),
        ];
        // Wounds and fatigue brought into the fight count against the roll, as on the sheet.
        let p = penalty_of(c).map_or(0, |p| p.total);
        if p != 0 {
            terms.push(Term::num(format!("{}: wound and fatigue penalty", c.name), p, Some(R_SEQUENCE)));
        }
        (vec![base + roll + p], Outcome { lines: Vec::new(), terms })
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        // A stress die doubles on each 1 (ten doublings at most): 0 to 10 × 1024.
        ("stress", (0, DIE_MAX))
    }

    fn delay_rule(&self) -> Option<&'static str> {
        Some(R_SEQUENCE)
    }

    fn actions(&self) -> &'static [Action] {
        ACTIONS
    }

    fn prepare(
        &self,
        _book: &dyn Rulebook,
        s: &State,
        act: &Act<'_>,
        rng: &mut dyn rand::RngCore,
    ) -> Result<BTreeMap<String, String>> {
        let mut facts = BTreeMap::new();
        match act.action.name {
            "attack" => {
                stress_fact(&mut facts, "attack-die", act.inputs.opt_int("attack-die")?, rng);
                stress_fact(&mut facts, "defense-die", act.inputs.opt_int("defense-die")?, rng);
            }
            "fatigue-roll" => stress_fact(&mut facts, "die", act.inputs.opt_int("die")?, rng),
            "disengage" => {
                stress_fact(&mut facts, "die", act.inputs.opt_int("die")?, rng);
                for (name, die) in opponents(act.inputs.text("against"))? {
                    let who = &s.combatants[s.find(&name)?].name;
                    stress_fact(&mut facts, &format!("die:{who}"), die, rng);
                }
            }
            _ => {}
        }
        Ok(facts)
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        s.require_started(act.action.name)?;
        match act.action.name {
            "attack" => attack(s, act),
            "exert" => exert(&mut s.combatants[act.who()], act),
            "fatigue-roll" => roll_fatigue(&mut s.combatants[act.who()], act),
            "disengage" => disengage(s, act),
            "group-bonus" => place_bonus(&mut s.combatants[act.who()], act),
            other => Err(Error::InvalidInput(format!("Ars Magica has no {other} action"))),
        }
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        // Exertion lasts until the exerting party's turn comes round again.
        c.set("exert-attack", 0);
        c.set("exert-defense", 0);
        if let Some(why) = cannot_act(c) {
            return Outcome::line(why);
        }
        match penalty_of(c) {
            Some(p) if p.total != 0 => Outcome {
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
    /// wound, by the target's Size (one blow, on the vanguard of a group).
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
        lines.extend(take_wounds(c, w.level, 1, 0));
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
            m.insert(
                "group".into(),
                serde_json::json!({
                    "members": c.stat("members"),
                    "trained": trained_bonus(c).is_some(),
                    "bonus": trained_bonus(c).map_or(0, |b| b.0),
                    "bonus_on": bonus_on(c).key(),
                    "split": c.value("split") > 0,
                    "others_wounds": others,
                }),
            );
        }
        m
    }

    fn player_status(&self, c: &Combatant, pc: bool) -> Vec<String> {
        let mut out = Vec::new();
        if c.value("dead") > 0 {
            out.push("Dead".to_string());
            return out;
        }
        if c.value("left") > 0 {
            out.push("Has left the fight".into());
        }
        let p = penalty_of(c);
        if p.as_ref().is_some_and(|p| p.incapacitated || p.unconscious) {
            out.push("Out of the fight".into());
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

    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        WOUNDS
            .iter()
            .map(|(value, field, _)| (field.to_string(), c.value(value)))
            .chain(FATIGUE.iter().map(|(value, field)| (field.to_string(), c.value(value))))
            .collect()
    }
}

/// One attack, worked through from both sides' totals and dice.
fn attack(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let (a, d) = (&s.combatants[me], &s.combatants[target]);
    if me == target {
        return Err(Error::InvalidInput(format!("{} cannot attack itself", a.name)));
    }
    require_able(a)?;
    if d.value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is already dead", d.name)));
    }
    if d.value("left") > 0 {
        return Err(Error::InvalidInput(format!("{} has left the combat and cannot be attacked", d.name)));
    }
    let (attack_die, attack_note) = die_note(act, "attack-die", &a.name)?;
    let (defense_die, defense_note) = die_note(act, "defense-die", &d.name)?;
    let (atk, mut terms) = combat_total(a, Side::Attack, attack_die, act.inputs.int("attack-modifier")?);
    // An incapacitated defender rolls nothing: its Defense Total is its score alone.
    let (def, dterms) = combat_total(d, Side::Defense, defense_die, act.inputs.int("defense-modifier")?);
    terms.extend(dterms);
    let r = resolve_attack(atk, def, a.stat("damage"), d.stat("soak"), d.stat("size"))?;
    terms.extend(r.terms);
    let mut lines = vec![format!(
        "{} attacks {}: Attack Total {atk} against Defense Total {def}, advantage {}",
        a.name, d.name, r.advantage
    )];
    lines.extend(attack_note);
    lines.extend(defense_note);
    let blows_from = if is_group(a) { a.stat("members") } else { 1 };
    let blows_on = if is_group(d) { d.stat("members") } else { 1 };
    let a_name = a.name.clone();
    let soak = d.stat("soak");
    {
        let a = &mut s.combatants[me];
        a.set("exert-attack", 0);
        a.set("disengage-attempts", 0);
    }
    if !r.hit {
        lines.push("A miss: no damage".into());
        return Ok(Outcome { lines, terms });
    }
    let damage_total = r.damage_total.unwrap_or(0);
    let past = r.damage.unwrap_or(0);
    if r.wound == WoundLevel::None {
        lines.push(format!("Damage Total {damage_total} does not get past Soak {soak}: no wound"));
        return Ok(Outcome { lines, terms });
    }
    lines.push(format!("Damage Total {damage_total} − Soak {soak} = {past} → {} wound", r.wound.as_str()));
    let (on_vanguard, on_others) = if blows_from > 1 || blows_on > 1 {
        let b = group_blows(blows_from, blows_on)?;
        terms.extend(b.terms);
        lines.push(format!(
            "{a_name} strike{} {} time{}",
            if blows_from > 1 { "" } else { "s" },
            b.blows,
            if b.blows == 1 { "" } else { "s" }
        ));
        (b.each[0], b.each[1..].iter().sum())
    } else {
        (1, 0)
    };
    if blows_from > 1 {
        terms.push(Term::num("Blows (one per member)", blows_from, Some(R_GROUP_DAMAGE)));
    }
    lines.extend(take_wounds(&mut s.combatants[target], r.wound, on_vanguard, on_others));
    Ok(Outcome { lines, terms })
}

fn exert(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    require_able(c)?;
    let side = Side::parse(act.inputs.choice("on")?);
    let key = format!("exert-{}", side.key());
    if c.value(&key) != 0 {
        return Err(Error::InvalidInput(format!("{} is already exerting itself on {}", c.name, side.key())));
    }
    let members = if is_group(c) { c.stat("members") } else { 1 };
    let e = exertion(c.stat("ability"), members)?;
    let short = (c.value("fatigue-short") + 1).min(FATIGUE_LOST.1);
    c.set("fatigue-short", short);
    c.set(&key, e.bonus);
    let lasts = match side {
        Side::Attack => "on its next attack",
        Side::Defense => "on every defense until its next turn",
    };
    let mut lines = vec![format!("{} exerts itself: {:+} {lasts}", c.name, e.bonus)];
    lines.push(if members > 1 {
        format!("Each of its {members} members spends a Fatigue level: now {}", fatigue_level(c).name())
    } else {
        format!("It spends a Fatigue level: now {}", fatigue_level(c).name())
    });
    Ok(Outcome { lines, terms: e.terms })
}

fn roll_fatigue(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    if c.value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is dead", c.name)));
    }
    let (die, note) = die_note(act, "die", &c.name)?;
    let botched = act.inputs.flag("botch") || act.fact("die-botches").is_some_and(|n| n != "0");
    if act.inputs.flag("botch") && die != 0 {
        return Err(Error::InvalidInput(format!("only a 0 on the stress die can botch, not {die}")));
    }
    let p = penalty_of(c).map_or(0, |p| p.total);
    let r = fatigue_roll(c.stat("stamina"), c.stat("encumbrance"), die, p, botched)?;
    let short = (c.value("fatigue-short") + r.levels_lost).min(FATIGUE_LOST.1);
    c.set("fatigue-short", short);
    let mut lines = vec![match (r.passed, botched) {
        (true, _) => format!("{}'s Fatigue roll: {} against 6, no level lost", c.name, r.total),
        (false, true) => format!("{}'s Fatigue roll botches: two Short-Term levels lost", c.name),
        (false, false) => format!("{}'s Fatigue roll: {} against 6, one Short-Term level lost", c.name, r.total),
    }];
    lines.extend(note);
    if r.levels_lost > 0 {
        lines.push(format!("{} is now {}", c.name, fatigue_level(c).name()));
    }
    Ok(Outcome { lines, terms: r.terms })
}

fn disengage(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    require_able(&s.combatants[me])?;
    let attempt = s.combatants[me].value("disengage-attempts") + 1;
    let (bonus, mut terms) = disengage_bonus(attempt)?;
    let against = opponents(act.inputs.text("against"))?;
    let name = s.combatants[me].name.clone();
    let mut lines = Vec::new();
    let escaped = if against.is_empty() {
        lines.push(format!("No one has attacked {name} since its last turn: it leaves the combat at once"));
        true
    } else {
        let (die, note) = die_note(act, "die", &name)?;
        let modifier = act.inputs.int("modifier")? + bonus;
        let (def, dterms) = combat_total(&s.combatants[me], Side::Defense, die, modifier);
        terms.extend(dterms);
        lines.push(format!("{name} tries to disengage (attempt {attempt}): Defense Total {def}"));
        lines.extend(note);
        let mut beaten = true;
        for (other, _) in &against {
            let i = s.find(other)?;
            if i == me {
                return Err(Error::InvalidInput(format!("{name} cannot be among its own attackers")));
            }
            let o = &s.combatants[i];
            let (die, note) = die_note(act, &format!("die:{}", o.name), &o.name)?;
            let (atk, aterms) = combat_total(o, Side::Attack, die, 0);
            terms.extend(aterms);
            lines.extend(note);
            // Interpretation: to get away the Defense Total must be higher than each
            // Attack Total; a tie keeps the party in the fight.
            let held = atk >= def;
            lines.push(format!(
                "{}: Attack Total {atk}{}",
                o.name,
                if held { ", enough to keep it in the fight" } else { ", not enough" }
            ));
            beaten &= !held;
        }
        beaten
    };
    let c = &mut s.combatants[me];
    c.set("disengage-attempts", attempt);
    if escaped {
        c.set("left", 1);
        lines.push(format!("{name} gets away: it has left the combat"));
    } else {
        lines.push(format!("{name} is still in the fight (+3 more on its next try)"));
    }
    Ok(Outcome { lines, terms })
}

fn place_bonus(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let side = Side::parse(act.inputs.choice("on")?);
    if c.stat("members") < 2 {
        return Err(Error::InvalidInput(format!("{} is one fighter, not a group: it has no group bonus", c.name)));
    }
    let g = group_bonus_from_sum(c.stat("leadership"), c.stat("others-ability"), c.stat("members"))?;
    if c.stat("leadership") == 0 || !g.coordinated || c.value("split") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} fights as an untrained group (no leader who can coordinate it): it has no bonus to place",
            c.name
        )));
    }
    c.set("bonus-on", i64::from(side == Side::Defense));
    Ok(Outcome {
        lines: vec![format!("{} puts its group bonus of {:+} on {}", c.name, g.bonus, side.key())],
        terms: g.terms,
    })
}
