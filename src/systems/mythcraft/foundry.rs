//! MythCraft and the official MythCraft system for Foundry VTT
//! (quasireal-publishing/mythcraft): its `character` and `npc` actors read into an
//! adventurer's sheet or the adversary library, and Tome's sheets and stat blocks
//! written back as actors its data models (`module/data/actor/*.mjs`) accept.
//!
//! What maps (the guide's "Foundry VTT" page has the whole table):
//! - level and the attributes (`attributes.str|dex|end|awr|int|cha`, and a character's
//!   `luck` and `cor`);
//! - HP (`hp.value`; the maximum as the character sheet computes it, 10 + level × the
//!   END hit die + level, unless `hpOverride`; an npc's as written), Shield HP
//!   (`hp.shield`), Death Points (`death.value`), SP (`sp.max`);
//! - the six defenses (`defenses.*`, formulas such as `10 + @DEX` worked out, with
//!   `bonuses.*`), movement (a character's speeds, an npc's `Walk 30 ft.` text);
//! - damage: `resist` and `vulnerable` ("fire 3, cold 2"), `immune` and `affinity`,
//!   reduction (DR and what bypasses it), threshold (DT); Foundry's `lightning` is
//!   Tome's Electric;
//! - conditions (status effects), Bleeding and Burning with their amount
//!   (`flags.mythcraft.value`, or the older `system.conditions.bleeding`);
//! - `weapon` items as written attacks ("Spear: +5, 1d8+3 sharp, melee, 3 AP"), an npc's
//!   features with an attack as attacks.
//!
//! Everything else (skills, senses, talents, spells, features, gear, currency) is kept
//! in the notes, line by line, and listed in the import's report.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::rules::{self as mc, DamageType, SYSTEM};
use crate::adversaries::{Adversary, AdversaryAttack};
use crate::characters::{Character, CharacterRef, CharacterSheet, SheetValue};
use crate::encounters::ConditionRef;
use crate::error::Result;
use crate::foundry::{self, text, Actor, Exported, FoundryReport, Imported, Item, Mapping, NumberPair, Target};
use crate::rulebook::Rulebook;
use crate::sheets::Derived;

pub(super) static MYTHCRAFT: MythCraftFoundry = MythCraftFoundry;

pub(super) struct MythCraftFoundry;

const FOUNDRY: &str = "mythcraft";
/// The MythCraft version whose data models the export follows (its CHANGELOG's latest,
/// at quasireal-publishing/mythcraft 4fdeac6, whose system.json says DEVELOPMENT).
const WRITES: &str = "0.6.4";
const IMG_ACTOR: &str = "icons/svg/mystery-man.svg";
const IMG_ITEM: &str = "icons/svg/sword.svg";

/// The attributes: Foundry's key and the sheet's field.
const ATTRIBUTES: [(&str, &str); 8] = [
    ("str", "strength"),
    ("dex", "dexterity"),
    ("end", "endurance"),
    ("awr", "awareness"),
    ("int", "intelligence"),
    ("cha", "charisma"),
    ("luck", "luck"),
    ("cor", "coordination"),
];

const DEFENSES: [&str; 6] = ["ar", "ref", "fort", "ant", "log", "will"];

/// Each defense's formula where an actor sets none, as MythCraft's data model starts it
/// (`module/data/actor/base-actor.mjs`, `defenses`): AR 10, the others 10 + an attribute.
const DEFENSE_FORMULAS: [(&str, &str); 6] = [
    ("ar", "10"),
    ("ref", "10 + @DEX"),
    ("fort", "10 + @END"),
    ("ant", "10 + @AWR"),
    ("log", "10 + @INT"),
    ("will", "10 + @CHA"),
];

/// What the export says of the defenses it wrote as the data model's formulas.
fn formulas_said(unset: &[&str], holder: &str) -> Vec<String> {
    let left: Vec<String> = DEFENSE_FORMULAS
        .iter()
        .filter(|(k, _)| unset.contains(k))
        .map(|(k, f)| format!("{} `{f}`", k.to_uppercase()))
        .collect();
    if left.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "defenses {holder} does not hold go out as MythCraft's own formulas, which Foundry works out: {}",
        left.join(", ")
    )]
}

/// The data model's starting formula for a defense.
fn default_formula(key: &str) -> &'static str {
    DEFENSE_FORMULAS.iter().find(|(k, _)| *k == key).map_or("10", |(_, f)| *f)
}

/// The speeds: Foundry's key and the sheet's field.
const SPEEDS: [(&str, &str); 5] = [
    ("walk", "speed.walk"),
    ("swim", "speed.swim"),
    ("fly", "speed.fly"),
    ("climb", "speed.climb"),
    ("burrow", "speed.burrow"),
];

/// Foundry's status ids (the system's and Foundry's own it stands for) and the slug of
/// Tome's condition entry; the first of each condition is what Tome writes.
const CONDITIONS: [(&str, &str); 45] = [
    ("bleeding", "bleeding"),
    ("bloodied", "bloodied"),
    ("burning", "burning"),
    ("broken", "broken"),
    ("charmed", "charmed"),
    ("chilled", "chilled"),
    ("concealed", "concealed"),
    ("partialCover", "cover"),
    ("totalCover", "cover"),
    ("dazed", "dazed"),
    ("deafened", "deafened"),
    ("demoralized", "demoralized"),
    ("engaged", "engaged"),
    ("enthralled", "enthralled"),
    ("fatigued", "fatigued"),
    ("frightened", "frightened"),
    ("grappled", "grappled-and-grappling"),
    ("grounded", "grounded"),
    ("helpless", "helpless"),
    ("paralyzed", "paralyzed"),
    ("pinned", "pinned"),
    ("prone", "prone"),
    ("protected", "protected"),
    ("rallied", "rallied"),
    ("restrained", "restrained"),
    ("shaken", "shaken"),
    ("sickened", "sickened"),
    ("silenced", "silenced"),
    ("slowed", "slowed"),
    ("staggered", "staggered"),
    ("stunned", "stunned"),
    ("suffocating", "suffocating"),
    ("suppressed", "suppressed"),
    ("completeSurprise", "surprise-complete"),
    ("partialSurprise", "surprise-partial"),
    ("unconscious", "unconscious"),
    ("unseen", "unseen"),
    ("blind", "blinded"),
    ("stun", "stunned"),
    ("fear", "frightened"),
    ("deaf", "deafened"),
    ("silence", "silenced"),
    ("paralysis", "paralyzed"),
    ("restrain", "restrained"),
    ("invisible", "unseen"),
];

/// The size categories and Tome's steps from a human's (medium, 0).
const SIZES: [(&str, i64); 18] = [
    ("fine", -4),
    ("diminutive", -3),
    ("tiny", -2),
    ("small", -1),
    ("medium", 0),
    ("large", 1),
    ("largeLong", 1),
    ("largeTall", 1),
    ("huge", 2),
    ("hugeLong", 2),
    ("hugeTall", 2),
    ("gargantuan", 3),
    ("gargantuanLong", 3),
    ("gargantuanTall", 3),
    ("colossal", 4),
    ("colossalLong", 4),
    ("colossalTall", 4),
    ("titan", 5),
];

/// The item types MythCraft defines that Tome keeps in the notes, by their label.
const KEPT_TYPES: [(&str, &str); 9] = [
    ("feature", "Features"),
    ("lineage", "Lineage"),
    ("background", "Background"),
    ("profession", "Profession"),
    ("talent", "Talents"),
    ("spell", "Spells"),
    ("armor", "Armour"),
    ("gear", "Gear"),
    ("advancement", "Advancements"),
];

const SHEET_NOTES_MAX: usize = crate::characters::check::MAX_TEXT_CHARS;

// ---- Reading ----

fn attribute(actor: &Actor, key: &str) -> i64 {
    actor.int_or(&format!("attributes.{key}"), 0)
}

/// The references a MythCraft formula reads (`@DEX`, `@attributes.dex`, `@level`).
fn lookup<'a>(actor: &'a Actor) -> impl Fn(&str) -> Option<i64> + 'a {
    move |name: &str| {
        let lower = name.to_ascii_lowercase();
        let key = lower.strip_prefix("attributes.").unwrap_or(&lower);
        if ATTRIBUTES.iter().any(|(k, _)| *k == key) {
            return Some(attribute(actor, key));
        }
        match key {
            "level" => actor.int("level"),
            _ => actor.int(name),
        }
    }
}

/// A defense as Foundry works it out: its formula (an npc's a number or a formula) and
/// the bonus its effects give. None, with the formula, when it does not work out.
fn defense(actor: &Actor, key: &str) -> std::result::Result<i64, String> {
    let bonus = actor.int_or(&format!("bonuses.{key}"), 0);
    let formula = match actor.get(&format!("defenses.{key}")) {
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
        _ => default_formula(key).to_string(),
    };
    foundry::eval_formula(&formula, &lookup(actor)).map(|v| v + bonus).ok_or(formula)
}

/// A character's maximum HP as MythCraft's sheet computes it: `hpOverride`, else 10 +
/// level × the hit die Endurance gives (d4 to END 2, d6 to 5, d8 to 8, d10 to 11, d12)
/// + level (`utils/character-math.mjs`); an npc's as written.
fn max_hp(actor: &Actor) -> (i64, String) {
    if actor.kind != "character" {
        return (actor.int_or("hp.max", 0), "hp.max as written".into());
    }
    if let Some(o) = actor.int("hpOverride") {
        return (o, "hpOverride".into());
    }
    let (level, end) = (actor.int_or("level", 1), attribute(actor, "end"));
    let die = match end {
        ..=2 => 4,
        3..=5 => 6,
        6..=8 => 8,
        9..=11 => 10,
        _ => 12,
    };
    (10 + level * die + level, format!("10 + level {level} × d{die} (END {end}) + level {level}"))
}

/// MythCraft's AP each round (`calculateApMax`): `ap.override`, else 1 at COR -3 or
/// less, 2 to COR -1, 3 + half the COR (rounded down) from 0.
fn ap_max(actor: &Actor) -> (i64, String) {
    if let Some(o) = actor.int("ap.override") {
        return (o, "ap.override".into());
    }
    let cor = attribute(actor, "cor");
    let ap = match cor {
        ..=-3 => 1,
        -2..=-1 => 2,
        _ => 3 + cor.div_euclid(2),
    };
    (ap, format!("COR {cor}: 3 + half the COR, rounded down (1 and 2 below 0)"))
}

fn initiative(actor: &Actor) -> (i64, String) {
    if let Some(o) = actor.int("initiative.override") {
        return (o, "initiative.override".into());
    }
    let (awr, bonus) = (attribute(actor, "awr"), actor.int_or("initiative.bonus", 0));
    (awr + bonus, format!("AWR {awr} + bonus {bonus}"))
}

/// "fire 3, cold 2" (or "Fire (3)", "3 fire"): each damage type's rating; pieces that
/// name no type or no rating come back apart.
fn ratings(textual: &str) -> (Vec<(DamageType, i64)>, Vec<String>) {
    let mut out = Vec::new();
    let mut odd = Vec::new();
    for piece in textual.split([',', ';', '\n']).map(str::trim).filter(|p| !p.is_empty()) {
        let words: Vec<String> = piece
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        let kind = words.iter().find_map(|w| damage_type(w));
        let n = words.iter().find_map(|w| w.parse::<i64>().ok());
        match (kind, n) {
            (Some(k), Some(n)) => out.push((k, n)),
            _ => odd.push(piece.to_string()),
        }
    }
    (out, odd)
}

/// A damage type by Foundry's word: its own eleven, `lightning` being Tome's Electric.
fn damage_type(word: &str) -> Option<DamageType> {
    let w = word.trim().to_ascii_lowercase();
    if w == "lightning" {
        return Some(DamageType::Electric);
    }
    DamageType::parse(&w).ok()
}

/// Says Foundry's `lightning` is read as Tome's Electric, when the actor names it.
fn lightning_said(actor: &Actor, report: &mut FoundryReport) {
    let names =
        |v: &Map<String, Value>| Value::Object(v.clone()).to_string().to_ascii_lowercase().contains("lightning");
    if names(&actor.data) || actor.items.iter().any(|i| names(&i.data)) {
        report.interpretations.push("Foundry's `lightning` damage is Tome's Electric".into());
    }
}

/// Foundry's word for a damage type.
fn foundry_type(t: DamageType) -> String {
    match t {
        DamageType::Electric => "lightning".into(),
        other => other.label().to_lowercase(),
    }
}

fn set_of(actor: &Actor, path: &str) -> Vec<String> {
    match actor.get(path) {
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        Some(Value::String(s)) => s.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

/// DR and what bypasses it: a character's `{value, bypasses}`, an npc's "DR 5 (bypassed
/// by magic)".
fn reduction(actor: &Actor) -> (i64, String) {
    match actor.get("damage.reduction") {
        Some(Value::Object(_)) => {
            (actor.int_or("damage.reduction.value", 0), actor.text("damage.reduction.bypasses").unwrap_or_default())
        }
        Some(Value::String(s)) => {
            let n = s.split(|c: char| !c.is_ascii_digit()).find_map(|w| w.parse::<i64>().ok()).unwrap_or(0);
            let bypass = s
                .to_lowercase()
                .split_once("bypassed by")
                .map(|(_, b)| b.trim().trim_end_matches(')').trim().to_string())
                .or_else(|| s.split_once('/').map(|(_, b)| b.trim().to_string()))
                .unwrap_or_default();
            (n, bypass)
        }
        _ => (0, String::new()),
    }
}

/// The speeds: a character's numbers, an npc's "Walk 30 ft., Fly 60 ft." text.
fn speeds(actor: &Actor) -> (BTreeMap<&'static str, i64>, Vec<String>) {
    let mut out = BTreeMap::new();
    let mut odd = Vec::new();
    match actor.get("movement") {
        Some(Value::Object(_)) => {
            for (k, _) in SPEEDS {
                if let Some(n) = actor.int(&format!("movement.{k}")) {
                    out.insert(k, n);
                }
            }
        }
        Some(Value::String(s)) => {
            for piece in s.split([',', ';']).map(str::trim).filter(|p| !p.is_empty()) {
                let lower = piece.to_lowercase();
                let n = lower.split(|c: char| !c.is_ascii_digit()).find_map(|w| w.parse::<i64>().ok());
                let kind = SPEEDS.iter().map(|(k, _)| *k).find(|k| lower.contains(k)).or_else(|| {
                    // A bare "30 ft." is the walking speed.
                    lower.chars().next().filter(char::is_ascii_digit).map(|_| "walk")
                });
                match (kind, n) {
                    (Some(k), Some(n)) => {
                        out.insert(k, n);
                    }
                    _ => odd.push(piece.to_string()),
                }
            }
        }
        _ => {}
    }
    (out, odd)
}

/// The conditions an actor is under: Tome's entry slug (or none) with its amount, and
/// Foundry's word for it.
struct Condition {
    slug: Option<&'static str>,
    foundry: String,
    amount: Option<String>,
}

fn conditions(actor: &Actor) -> Vec<Condition> {
    let mut out: Vec<Condition> = Vec::new();
    for e in &actor.effects {
        if e.get("disabled").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        let amount =
            e.get("flags").and_then(|f| f.get("mythcraft")).and_then(|m| m.get("value")).and_then(|v| match v {
                Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            });
        let statuses: Vec<String> = e
            .get("statuses")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
            .unwrap_or_default();
        if statuses.is_empty() {
            if let Some(name) =
                e.get("name").or_else(|| e.get("label")).and_then(Value::as_str).filter(|n| !n.trim().is_empty())
            {
                out.push(Condition { slug: None, foundry: name.trim().to_string(), amount: None });
            }
            continue;
        }
        for s in statuses {
            let slug = CONDITIONS.iter().find(|(f, _)| *f == s).map(|(_, t)| *t);
            if out.iter().any(|c| c.foundry == s) {
                continue;
            }
            out.push(Condition { slug, foundry: s, amount: amount.clone() });
        }
    }
    // Older actors: `system.conditions.bleeding` and `.burning`, the amount alone.
    for (key, slug) in [("bleeding", "bleeding"), ("burning", "burning")] {
        let amount = actor.text(&format!("conditions.{key}")).filter(|a| !a.trim().is_empty() && a.trim() != "0");
        if let (Some(a), false) = (amount, out.iter().any(|c| c.foundry == key)) {
            out.push(Condition { slug: Some(slug), foundry: key.into(), amount: Some(a.trim().to_string()) });
        }
    }
    out
}

/// A MythCraft weapon item's fields (`module/data/item/weapon.mjs`): what Tome writes as
/// an attack line, and what an import keeps in the notes so an export writes the same
/// item back (its attribute, its formulas, its range's kind and distance).
#[derive(Debug, Clone, PartialEq)]
struct Weapon {
    name: String,
    attr: String,
    /// `attackModifier`, a formula.
    modifier: String,
    /// Each part's formula and Foundry's type word.
    damage: Vec<(String, String)>,
    /// `range.type`: melee, ranged, reach or thrown.
    range: String,
    range_value: Option<i64>,
    unit: String,
    /// `apcFormula`.
    apc: String,
}

/// How a kept weapon line starts in the notes.
const KEPT_WEAPON: &str = "Foundry weapon: ";

/// The attributes an adversary's stat block holds no stat for, and how the line keeping
/// them starts in its notes ("Attributes: STR 2, DEX 3").
const UNHELD_ATTRIBUTES: [&str; 4] = ["str", "dex", "int", "cha"];
const KEPT_ATTRIBUTES: &str = "Attributes: ";

/// A kept "Attributes: STR 2, DEX 3" line read back, each by Foundry's key.
fn kept_attributes(lines: &[&str]) -> BTreeMap<String, i64> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix(KEPT_ATTRIBUTES))
        .flat_map(|l| l.split(", "))
        .filter_map(|p| {
            let (k, v) = p.split_once(' ')?;
            let k = k.to_ascii_lowercase();
            UNHELD_ATTRIBUTES.contains(&k.as_str()).then_some((k, v.parse().ok()?))
        })
        .collect()
}

impl Weapon {
    fn of(w: &Item) -> Weapon {
        let damage = match w.get("damage") {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|d| {
                    Some((
                        d.get("formula")?.as_str()?.to_string(),
                        d.get("type").and_then(Value::as_str).unwrap_or("sharp").to_string(),
                    ))
                })
                .collect(),
            Some(Value::Object(d)) => d
                .get("formula")
                .and_then(Value::as_str)
                .map(|f| vec![(f.to_string(), d.get("type").and_then(Value::as_str).unwrap_or("sharp").to_string())])
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        Weapon {
            name: w.name.clone(),
            attr: w.text("attr").unwrap_or_else(|| "str".into()),
            modifier: w.text("attackModifier").unwrap_or_else(|| "0".into()),
            damage,
            range: w.text("range.type").unwrap_or_else(|| "melee".into()),
            range_value: w.int("range.value"),
            unit: w.text("range.unit").unwrap_or_else(|| "ft".into()),
            apc: w.text("apcFormula").unwrap_or_else(|| "3".into()),
        }
    }

    /// The written attack: "Spear: +5, 1d8+3 sharp, melee, 3 AP". The bonus is the
    /// weapon's attribute and its `attackModifier`; damage formulas with their references
    /// worked out; reach is melee and thrown is ranged (Tome's attack words). With what
    /// did not work out, or was read otherwise.
    fn line(&self, look: &dyn Fn(&str) -> Option<i64>) -> (String, Vec<String>) {
        let mut notes = Vec::new();
        let own = look(&self.attr).unwrap_or(0);
        let bonus = match foundry::eval_formula(&self.modifier, look) {
            Some(m) => own + m,
            None => {
                notes.push(format!("{}: attack modifier `{}` not worked out", self.name, self.modifier));
                own
            }
        };
        let mut parts = vec![format!("{bonus:+}")];
        for (formula, kind) in &self.damage {
            parts.push(damage_words(formula, kind, look));
        }
        let word = match self.range.as_str() {
            "ranged" | "thrown" => "ranged",
            _ => "melee",
        };
        if self.range == "reach" || self.range == "thrown" {
            notes.push(format!("{}: {}, written as {word}", self.name, self.range));
        }
        parts.push(word.into());
        match foundry::eval_formula(&self.apc, look) {
            Some(ap) => parts.push(format!("{ap} AP")),
            None => notes.push(format!("{}: AP cost `{}` not worked out", self.name, self.apc)),
        }
        (format!("{}: {}", self.name, parts.join(", ")), notes)
    }

    /// The line an import keeps: "Foundry weapon: Spear; attr str; modifier 1; damage
    /// 1d8 + @STR sharp; range reach 10 ft; AP 3".
    fn kept(&self) -> String {
        let mut parts = vec![self.name.clone(), format!("attr {}", self.attr), format!("modifier {}", self.modifier)];
        parts.extend(self.damage.iter().map(|(f, t)| format!("damage {f} {t}")));
        let value = self.range_value.map(|v| format!(" {v} {}", self.unit)).unwrap_or_default();
        parts.push(format!("range {}{value}", self.range));
        parts.push(format!("AP {}", self.apc));
        format!("{KEPT_WEAPON}{}", parts.join("; "))
    }

    /// A kept line read back; `None` for any other line, or one that does not read whole.
    fn from_kept(line: &str) -> Option<Weapon> {
        let mut pieces = line.strip_prefix(KEPT_WEAPON)?.split("; ");
        let mut w = Weapon {
            name: pieces.next()?.to_string(),
            attr: String::new(),
            modifier: String::new(),
            damage: Vec::new(),
            range: String::new(),
            range_value: None,
            unit: "ft".into(),
            apc: String::new(),
        };
        for piece in pieces {
            let (key, rest) = piece.split_once(' ')?;
            match key {
                "attr" => w.attr = rest.to_string(),
                "modifier" => w.modifier = rest.to_string(),
                "damage" => {
                    let (formula, kind) = rest.rsplit_once(' ')?;
                    w.damage.push((formula.to_string(), kind.to_string()));
                }
                "range" => {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    match words.as_slice() {
                        [kind] => w.range = (*kind).to_string(),
                        [kind, value, unit] => {
                            w.range = (*kind).to_string();
                            w.range_value = Some(value.parse().ok()?);
                            w.unit = (*unit).to_string();
                        }
                        _ => return None,
                    }
                }
                "AP" => w.apc = rest.to_string(),
                _ => return None,
            }
        }
        let whole = [&w.attr, &w.modifier, &w.range, &w.apc].iter().all(|f| !f.is_empty());
        whole.then_some(w)
    }

    /// The item's system data, with its description.
    fn system(&self, description: &str) -> Value {
        json!({
            "description": { "value": description, "gm": "" },
            "tags": [],
            "_mcid": crate::slug::slugify(&self.name),
            "quantity": 1,
            "damage": self.damage.iter().map(|(f, t)| json!({ "formula": f, "type": t })).collect::<Vec<_>>(),
            "attackModifier": self.modifier,
            "defenseTarget": "ar",
            "attr": self.attr,
            "apcFormula": self.apc,
            "range": { "type": self.range, "value": self.range_value, "unit": self.unit },
        })
    }
}

/// A weapon of the actor as a written attack, with what the import says of it.
fn written(actor: &Actor, w: &Item) -> (String, Vec<String>) {
    Weapon::of(w).line(&lookup(actor))
}

/// One part of a weapon's or a feature's damage in Tome's words: the formula with its
/// references worked out and the type after it ("1d8+2 sharp"). A label Foundry rolls
/// with the formula (`1d6[piercing]`) is the word Tome writes, where the type field is
/// how Foundry deals it: Tome's export labels damage of a type MythCraft has not so.
fn damage_words(formula: &str, kind: &str, look: &dyn Fn(&str) -> Option<i64>) -> String {
    let (bare, label) = without_labels(formula);
    let word = label.unwrap_or_else(|| kind.to_string());
    let word = damage_type(&word).map_or(word, |t| t.label().to_lowercase());
    format!("{} {word}", dice_text(&bare, look))
}

/// A formula without Foundry's `[label]`s, and the first label.
fn without_labels(formula: &str) -> (String, Option<String>) {
    let mut out = String::new();
    let mut label = None;
    let mut rest = formula;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| c + open) else { break };
        out.push_str(&rest[..open]);
        let inner = rest[open + 1..close].trim();
        if label.is_none() && !inner.is_empty() {
            label = Some(inner.to_lowercase());
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    (out, label)
}

/// A damage formula with its references worked out: `1d6 + @STR` → `1d6+3`.
fn dice_text(formula: &str, look: &dyn Fn(&str) -> Option<i64>) -> String {
    let mut out = String::new();
    let mut rest = formula;
    while let Some(i) = rest.find('@') {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 1..];
        let end = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_')).unwrap_or(tail.len());
        match look(&tail[..end]) {
            Some(v) => out.push_str(&v.to_string()),
            None => {
                out.push('@');
                out.push_str(&tail[..end]);
            }
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    let compact: String = out.chars().filter(|c| !c.is_whitespace()).collect();
    compact.replace("+-", "-").replace("+0", "").trim_start_matches('+').to_string()
}

/// A written attack read back: name, bonus, damage (formula, type), melee or ranged, AP;
/// what does not read is the rest.
struct Attack {
    name: String,
    bonus: Option<i64>,
    /// The defense a creature's attack is against (`+5 vs AR`), where written.
    against: Option<String>,
    damage: Vec<(String, String)>,
    /// "melee" or "ranged", where written.
    reach: Option<&'static str>,
    ap: Option<i64>,
    rest: Vec<String>,
    /// The damage types MythCraft has not ("piercing"), each carried as its formula's
    /// label and dealt as blunt.
    relabelled: Vec<String>,
    /// Dice written with no type, dealt as blunt.
    untyped: bool,
}

impl Attack {
    /// The item's description: what of the line Tome has no field for, and how a damage
    /// type MythCraft has not was carried.
    fn description(&self) -> String {
        let mut said = Vec::new();
        if !self.rest.is_empty() {
            said.push(self.rest.join(", "));
        }
        said.extend(self.relabelled.iter().map(|k| {
            format!(
                "Tome's {k} damage: MythCraft has no {k} type, so the dice carry the word as their label and \
                 are dealt as blunt, as Tome's tracker deals a type it does not know."
            )
        }));
        text::text_to_html(&said.join("\n\n"))
    }

    /// What the export says of how it wrote this attack; `feature`: as a creature's
    /// feature, whose range and AP lead its description.
    fn said(&self, feature: bool) -> Vec<String> {
        let mut out: Vec<String> = self
            .relabelled
            .iter()
            .map(|k| {
                format!(
                    "{}: MythCraft has no {k} damage: its dice go out labelled `[{k}]` (read back as {k}), dealt as \
                     blunt in Foundry, as Tome's tracker deals a type it does not know",
                    self.name
                )
            })
            .collect();
        if self.untyped {
            out.push(format!("{}: dice with no type go out as blunt, as Tome's tracker deals them", self.name));
        }
        let lead: Vec<String> =
            self.reach.map(str::to_string).into_iter().chain(self.ap.map(|ap| format!("{ap} AP"))).collect();
        if feature && !lead.is_empty() {
            out.push(format!(
                "{}: `{}` written as the first words of the feature's description, where the import reads \
                 them back (a MythCraft feature has no field for range or AP)",
                self.name,
                lead.join(", ")
            ));
        }
        if !self.rest.is_empty() {
            out.push(format!("{}: `{}` goes out in the item's description", self.name, self.rest.join(", ")));
        }
        out
    }

    /// A creature's feature's description: its range and AP first ("ranged, 2 AP"), which
    /// the feature has no field for, then the rest.
    fn feature_description(&self) -> String {
        let lead: Vec<String> =
            self.reach.map(str::to_string).into_iter().chain(self.ap.map(|ap| format!("{ap} AP"))).collect();
        let rest = self.description();
        match (lead.is_empty(), rest.is_empty()) {
            (true, _) => rest,
            (false, true) => text::text_to_html(&lead.join(", ")),
            (false, false) => text::text_to_html(&lead.join(", ")) + &rest,
        }
    }
}

impl Weapon {
    /// The weapon a written attack goes out as: its bonus on STR (`strength` on the
    /// sheet) with the rest as the modifier, its dice, melee or ranged, its AP (or
    /// `ap`, else 3).
    fn from_attack(a: &Attack, strength: i64, ap: Option<i64>) -> Weapon {
        Weapon {
            name: a.name.clone(),
            attr: "str".into(),
            modifier: a.bonus.map_or(0, |b| b - strength).to_string(),
            damage: a.damage.clone(),
            range: a.reach.unwrap_or("melee").into(),
            range_value: None,
            unit: "ft".into(),
            apc: a.ap.or(ap).unwrap_or(3).to_string(),
        }
    }
}

fn parse_written(line: &str, fallback: &str) -> Attack {
    let (name, numbers) = match line.split_once(':') {
        Some((n, rest)) if !n.trim().is_empty() => (n.trim().to_string(), rest),
        _ => (fallback.to_string(), line),
    };
    let mut a = Attack {
        name,
        bonus: None,
        against: None,
        damage: Vec::new(),
        reach: None,
        ap: None,
        rest: Vec::new(),
        relabelled: Vec::new(),
        untyped: false,
    };
    for part in numbers.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let lower = part.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        if a.bonus.is_none() && part.parse::<i64>().is_ok() && (part.starts_with('+') || part.starts_with('-')) {
            a.bonus = part.parse().ok();
        } else if let (None, [n, "vs", target]) = (a.bonus, words.as_slice()) {
            match (n.parse::<i64>(), DEFENSES.contains(target)) {
                (Ok(n), true) => {
                    a.bonus = Some(n);
                    a.against = Some((*target).to_string());
                }
                _ => a.rest.push(part.into()),
            }
        } else if lower == "melee" {
            a.reach.get_or_insert("melee");
        } else if lower == "ranged" {
            a.reach.get_or_insert("ranged");
        } else if let [n, "ap"] = words.as_slice() {
            if let Ok(n) = n.parse() {
                a.ap = Some(n);
            } else {
                a.rest.push(part.into());
            }
        } else if let [dice, kind] = words.as_slice() {
            match damage_type(kind) {
                Some(t) if is_dice(dice) => a.damage.push((dice.to_string(), foundry_type(t))),
                // A type MythCraft has not: the dice go out labelled with its word, dealt
                // as blunt, as Tome's tracker deals damage of a type it does not know
                // *(interpretation)*.
                None if is_dice(dice) && kind.chars().all(char::is_alphabetic) => {
                    a.damage.push((format!("{dice}[{kind}]"), "blunt".into()));
                    a.relabelled.push((*kind).to_string());
                }
                _ => a.rest.push(part.into()),
            }
        } else if let [dice] = words.as_slice() {
            // Dice with no type are dealt as blunt, as Tome's tracker deals them.
            if is_dice(dice) {
                a.damage.push((dice.to_string(), "blunt".into()));
                a.untyped = true;
            } else {
                a.rest.push(part.into());
            }
        } else {
            a.rest.push(part.into());
        }
    }
    a
}

/// Whether a word is dice as a written attack has them: "1d6", "2d4+1", "d20".
fn is_dice(word: &str) -> bool {
    let digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
    let die = |t: &str| t.split_once('d').is_some_and(|(n, s)| digits(n) && !s.is_empty() && digits(s));
    let terms: Vec<&str> = word.split(['+', '-']).collect();
    terms.iter().all(|t| die(t) || (!t.is_empty() && digits(t))) && terms.iter().any(|t| die(t))
}

/// The range and AP a feature's description starts with ("ranged, 2 AP", as Tome's
/// export writes them): each only as a piece of its own, so prose that merely names a
/// range is not read as one.
fn feature_reach_and_ap(f: &Item) -> Vec<String> {
    let said = text::html_to_text(&f.text("description.value").unwrap_or_default());
    let first = said.lines().next().unwrap_or_default().to_lowercase();
    let pieces: Vec<&str> = first.split(',').map(|p| p.trim().trim_end_matches('.')).collect();
    let reach = pieces.iter().find(|p| matches!(**p, "melee" | "ranged")).map(|p| (*p).to_string());
    let ap = pieces.iter().find_map(|p| match p.split_whitespace().collect::<Vec<_>>().as_slice() {
        [n, "ap"] => n.parse::<i64>().ok().map(|n| format!("{n} AP")),
        _ => None,
    });
    reach.into_iter().chain(ap).collect()
}

/// Kept lines for the items Tome does not map, by type; unknown types listed apart.
fn kept_items(actor: &Actor, mapped: &[&str], kept: &mut Vec<String>, unknown: &mut Vec<String>) {
    let mut by_label: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut order = Vec::new();
    for item in &actor.items {
        if mapped.contains(&item.kind.as_str()) {
            continue;
        }
        match KEPT_TYPES.iter().find(|(t, _)| *t == item.kind) {
            Some((_, label)) => {
                if !order.contains(label) {
                    order.push(*label);
                }
                let mut name = item.name.clone();
                if item.kind == "armor" {
                    if let Some(ar) = item.int("ar") {
                        name.push_str(&format!(" (AR {ar})"));
                    }
                }
                by_label.entry(label).or_default().push(name);
            }
            None => unknown.push(format!("{} \"{}\" ({})", item.kind, item.name, item.at)),
        }
    }
    for label in order {
        kept.push(format!("{label}: {}", by_label[label].join(", ")));
    }
}

/// Lines for what the actor's data holds that Tome keeps nowhere else.
fn kept_data(actor: &Actor, kept: &mut Vec<String>) {
    if let Some(Value::Object(skills)) = actor.get("skills") {
        let list: Vec<String> = skills
            .iter()
            .filter_map(|(k, v)| {
                let n = actor.int_or(&format!("skills.{k}.value"), 0);
                let spec = v
                    .get("specialization")
                    .and_then(Value::as_str)
                    .filter(|s| !s.is_empty())
                    .map(|s| format!(" ({s})"))
                    .unwrap_or_default();
                (n != 0 || !spec.is_empty()).then(|| format!("{k} {n}{spec}"))
            })
            .collect();
        if !list.is_empty() {
            kept.push(format!("Skills: {}", list.join(", ")));
        }
    }
    match actor.get("senses") {
        Some(Value::String(s)) if !s.trim().is_empty() => kept.push(format!("Senses: {}", s.trim())),
        Some(Value::Object(m)) if !m.is_empty() => {
            let list: Vec<String> = m
                .iter()
                .filter_map(|(k, _)| {
                    actor.int(&format!("senses.{k}.value")).filter(|n| *n > 0).map(|n| format!("{k} {n} ft."))
                })
                .collect();
            if !list.is_empty() {
                kept.push(format!("Senses: {}", list.join(", ")));
            }
        }
        _ => {}
    }
    for (path, label) in [("tags", "Tags"), ("traits", "Traits")] {
        let set = set_of(actor, path);
        if !set.is_empty() {
            kept.push(format!("{label}: {}", set.join(", ")));
        }
    }
    if let Some(Value::Object(absorb)) = actor.get("damage.absorb") {
        let list: Vec<String> = absorb
            .iter()
            .filter_map(|(k, _)| actor.int(&format!("damage.absorb.{k}")).map(|n| format!("{k} {n}")))
            .collect();
        if !list.is_empty() {
            kept.push(format!("Absorbs: {}", list.join(", ")));
        }
    }
    for (path, label) in [("initiative.bonus", "Initiative bonus"), ("ap.special", "Special AP"), ("lp.value", "LP")] {
        if let Some(n) = actor.int(path).filter(|n| *n != 0) {
            kept.push(format!("{label} {n}"));
        }
    }
    if let Some(a) = actor.text("actions").map(|h| text::html_to_text(&h)).filter(|t| !t.is_empty()) {
        kept.push(format!("Actions: {}", a.replace('\n', " ")));
    }
    if let Some(book) = actor.text("source.book").filter(|b| !b.is_empty()) {
        let page =
            actor.text("source.page").filter(|p| !p.is_empty()).map(|p| format!(", page {p}")).unwrap_or_default();
        kept.push(format!("Source: {book}{page}"));
    }
}

fn biography(actor: &Actor) -> String {
    let html = actor.text("biography.value").unwrap_or_default();
    text::html_to_text(&html)
}

fn report(actor: &Actor) -> FoundryReport {
    FoundryReport {
        system: actor.system.clone(),
        version: actor.version.clone(),
        actor_type: actor.kind.clone(),
        name: actor.name.clone(),
        ..FoundryReport::default()
    }
}

fn source(actor: &Actor) -> String {
    format!("{} {}, {}", actor.system, actor.version, actor.kind)
}

fn size_step(actor: &Actor) -> (i64, Option<String>) {
    let s = actor.text("size").unwrap_or_else(|| "medium".into());
    match SIZES.iter().find(|(k, _)| *k == s) {
        Some((_, n)) => (*n, s.ends_with("Long").then(|| s.clone()).or_else(|| s.ends_with("Tall").then(|| s.clone()))),
        None => (0, Some(s)),
    }
}

// ---- Characters ----

fn read_character(book: &dyn Rulebook, actor: &Actor) -> Result<Imported<CharacterSheet>> {
    let mut report = report(actor);
    let mut values: BTreeMap<String, SheetValue> = BTreeMap::new();
    let mut kept = Vec::new();
    let mut put = |k: &str, v: i64| {
        values.insert(k.to_string(), SheetValue::Int(v));
    };
    let level = actor.int_or("level", 1);
    put("level", level.clamp(mc::LEVEL_MIN, mc::LEVEL_MAX));
    if !(mc::LEVEL_MIN..=mc::LEVEL_MAX).contains(&level) {
        report.interpretations.push(format!(
            "level {level} is outside 1 to 20: written as {}",
            level.clamp(mc::LEVEL_MIN, mc::LEVEL_MAX)
        ));
    }
    for (key, field) in ATTRIBUTES {
        let v = attribute(actor, key);
        if v != 0 {
            put(field, v.clamp(mc::COR_MIN, mc::COR_MAX));
        }
    }
    let (max, _) = max_hp(actor);
    if max > 0 {
        put("max-hp", max.min(mc::AMOUNT_MAX));
    }
    if let Some(hp) = actor.int("hp.value") {
        put("hp", hp.clamp(0, mc::AMOUNT_MAX));
    }
    if let Some(s) = actor.int("hp.shield").filter(|s| *s > 0) {
        put("shield-hp", s.min(mc::AMOUNT_MAX));
    }
    if let Some(d) = actor.int("death.value").filter(|d| *d > 0) {
        put("death-points", d.min(mc::DEATH_AT));
    }
    for key in DEFENSES {
        match defense(actor, key) {
            Ok(v) => put(&format!("defense.{key}"), v.clamp(mc::ROLL_MIN, mc::ROLL_MAX)),
            Err(formula) => kept.push(format!("{} defense: {formula}", key.to_uppercase())),
        }
    }
    let (speeds, odd) = speeds(actor);
    for (k, field) in SPEEDS {
        if let Some(n) = speeds.get(k).filter(|n| k == "walk" || **n > 0) {
            put(field, (*n).clamp(0, mc::SPEED_MAX));
        }
    }
    kept.extend(odd.into_iter().map(|o| format!("Movement: {o}")));
    // Crit range: each step of the threshold below 20 is one increase.
    if let Some(hit) = actor.int("critical.hit").filter(|h| *h < mc::CRIT_NATURAL) {
        put("crit-expansions", (mc::CRIT_NATURAL - hit).clamp(0, mc::EXPANSIONS_MAX));
    }
    for (family, path) in [("resist", "damage.resist"), ("vulnerable", "damage.vulnerable")] {
        let (rated, odd) = ratings(&actor.text(path).unwrap_or_default());
        for (t, n) in rated {
            values
                .insert(format!("{family}.{}", t.label().to_lowercase()), SheetValue::Int(n.clamp(0, mc::RATING_MAX)));
        }
        kept.extend(odd.into_iter().map(|o| format!("{}: {o}", capitalised(family))));
    }
    for (field, path) in [("immune", "damage.immune"), ("affinity", "damage.affinity")] {
        let (known, odd): (Vec<String>, Vec<String>) =
            set_of(actor, path).into_iter().partition(|w| damage_type(w).is_some());
        if !known.is_empty() {
            let words: Vec<String> =
                known.iter().filter_map(|w| damage_type(w)).map(|t| t.label().to_lowercase()).collect();
            values.insert(field.into(), SheetValue::Text(words.join(", ")));
        }
        kept.extend(odd.into_iter().map(|o| format!("{}: {o}", capitalised(field))));
    }
    let (dr, bypass) = reduction(actor);
    if dr > 0 {
        values.insert("dr".into(), SheetValue::Int(dr.min(mc::DR_MAX)));
    }
    if !bypass.trim().is_empty() {
        values.insert("dr-except".into(), SheetValue::Text(bypass.trim().to_string()));
    }
    if let Some(dt) = actor.int("damage.threshold").filter(|d| *d > 0) {
        kept.push(format!("Damage threshold (DT) {dt}"));
    }
    if let Some(sp) = actor.int("sp.max").filter(|s| *s > 0) {
        kept.push(format!("SP {} of {sp}", actor.int("sp.value").unwrap_or(sp)));
    }
    let weapons: Vec<&Item> = actor.items_of("weapon").collect();
    for (n, w) in weapons.iter().enumerate() {
        let (line, notes) = written(actor, w);
        report.interpretations.extend(notes);
        let slots = super::encounter::menu::SHEET_ATTACKS;
        let became = if let Some(key) = slots.get(n) {
            values.insert((*key).to_string(), SheetValue::Text(line));
            // The item's own fields, so an export writes it back as Foundry had it.
            kept.push(Weapon::of(w).kept());
            format!("written out as the sheet's attack {}: MythCraft's reference has no weapon entries", n + 1)
        } else {
            kept.push(format!("Attack: {line}"));
            format!(
                "kept in the notes as a written attack, not on the sheet: Tome's MythCraft sheet holds {} attacks and \
                 this is weapon {}",
                number_word(slots.len()),
                n + 1
            )
        };
        report.items.push(foundry::ItemMatch {
            foundry: w.name.clone(),
            item_type: w.kind.clone(),
            entry: None,
            entry_name: None,
            how: "none".into(),
            near: Vec::new(),
            differs: vec![became],
        });
    }
    if !weapons.is_empty() {
        if let Some(ap) =
            weapons.first().and_then(|w| w.text("apcFormula")).and_then(|f| foundry::eval_formula(&f, &lookup(actor)))
        {
            values.insert("attack-ap".into(), SheetValue::Int(ap.clamp(0, mc::ACTIONS_MAX)));
        }
    }
    let mut conds: Vec<CharacterRef> = Vec::new();
    for c in conditions(actor) {
        let entry = c.slug.map(|s| format!("{SYSTEM}/condition/{s}")).and_then(|id| book.show(&id).ok());
        match entry {
            Some(e) => {
                if let Some(a) = &c.amount {
                    kept.push(format!("{} ({a})", e.name));
                }
                if !conds.iter().any(|r| r.entry_id == e.id) {
                    conds.push(CharacterRef { entry_id: e.id, name: e.name, retired: false });
                }
            }
            None => kept.push(format!("Condition: {}", c.foundry)),
        }
    }
    kept_data(actor, &mut kept);
    kept_items(actor, &["weapon"], &mut kept, &mut report.unknown_items);
    let own = biography(actor);
    for (path, label) in [
        ("personality.values", "Values"),
        ("personality.drive", "Drive"),
        ("personality.quirk", "Quirk"),
        ("appearance.description", "Appearance"),
    ] {
        if let Some(t) = actor.text(path).filter(|t| !t.trim().is_empty()) {
            kept.push(format!("{label}: {}", t.trim()));
        }
    }
    if let Some(Value::Object(cur)) = actor.get("currency") {
        let list: Vec<String> = cur
            .iter()
            .filter_map(|(k, _)| actor.int(&format!("currency.{k}")).filter(|n| *n > 0).map(|n| format!("{n} {k}")))
            .collect();
        if !list.is_empty() {
            kept.push(format!("Currency: {}", list.join(", ")));
        }
    }
    let (notes, cut) = text::notes(&own, &kept, &source(actor), SHEET_NOTES_MAX);
    if cut {
        report.interpretations.push(format!("the notes were cut to the sheet's {SHEET_NOTES_MAX} characters"));
    }
    if !notes.is_empty() {
        values.insert("notes".into(), SheetValue::Text(notes));
    }
    report.kept = kept;
    lightning_said(actor, &mut report);
    let sheet = CharacterSheet {
        system: SYSTEM.into(),
        name: foundry::character_name(&actor.name, &mut report),
        values,
        items: Vec::new(),
        conditions: conds,
        spells: Vec::new(),
    };
    Ok(Imported { record: sheet, report })
}

/// A small count as a word ("four"), as the report says it.
fn number_word(n: usize) -> String {
    const WORDS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    WORDS.get(n).map_or_else(|| n.to_string(), |w| (*w).to_string())
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

fn stat(d: &Derived, key: &str) -> (Option<i64>, String) {
    d.stats
        .iter()
        .find(|s| s.key == key)
        .map_or((None, "not on Tome's sheet".into()), |s| (s.value.as_i64(), s.breakdown()))
}

fn character_numbers(book: &dyn Rulebook, actor: &Actor, sheet: &CharacterSheet) -> Result<Vec<NumberPair>> {
    let c = Character {
        id: 0,
        system: sheet.system.clone(),
        name: sheet.name.clone(),
        revision: 0,
        created: 0,
        updated: 0,
        values: sheet.values.clone(),
        items: sheet.items.clone(),
        conditions: sheet.conditions.clone(),
        spells: sheet.spells.clone(),
    };
    let d = crate::systems::derive(book, &c)?;
    let int = |k: &str| match sheet.values.get(k) {
        Some(SheetValue::Int(n)) => Some(*n),
        _ => None,
    };
    let mut out = Vec::new();
    let (init, how) = initiative(actor);
    let init_why = vec!["the document's initiative is AWR added to a d20 (line 11); MythCraft's sheet adds its `initiative.bonus` or takes `initiative.override`, which Tome's sheet has no field for".to_string()];
    out.push(NumberPair::new("Initiative", (Some(init), how), stat(&d, "initiative"), init_why));
    let (ap, how) = ap_max(actor);
    let ap_why = vec!["MythCraft's sheet takes `ap.override` where set; the document's AP is 3 plus the COR table's bonus (lines 29-41)".to_string()];
    out.push(NumberPair::new("AP each turn", (Some(ap), how), stat(&d, "ap"), ap_why));
    let (max, how) = max_hp(actor);
    let hp_why = vec!["Tome's sheet holds the maximum HP as written (the combat reference gives no formula for it), here Tome's own value, kept from its export".to_string()];
    out.push(NumberPair::new(
        "Maximum HP",
        (Some(max), how),
        (int("max-hp"), "as written on the sheet".into()),
        hp_why,
    ));
    out.push(NumberPair::new(
        "Bloodied at HP",
        (Some(max / 2), "half the maximum HP, rounded down".into()),
        stat(&d, "bloodied-at"),
        Vec::new(),
    ));
    for key in DEFENSES {
        let (f, how) = match defense(actor, key) {
            Ok(v) => (
                Some(v),
                format!(
                    "{} with bonus {}",
                    actor.text(&format!("defenses.{key}")).unwrap_or_default(),
                    actor.int_or(&format!("bonuses.{key}"), 0)
                ),
            ),
            Err(formula) => (None, format!("`{formula}` does not work out")),
        };
        let why = vec![format!("Tome's sheet holds {} as written; MythCraft works out its formula (here with the attributes changed since Tome's export)", key.to_uppercase())];
        out.push(NumberPair::new(
            &key.to_uppercase(),
            (f, how),
            (int(&format!("defense.{key}")), "as written on the sheet".into()),
            why,
        ));
    }
    let hit = actor.int("critical.hit").unwrap_or(mc::CRIT_NATURAL);
    let luck = attribute(actor, "luck");
    let foundry_crit = hit - luck.max(0);
    let tome_crit =
        mc::crit_range(int("crit-expansions").unwrap_or(0).clamp(0, mc::EXPANSIONS_MAX), 0).ok().map(|c| c.crit_min);
    let crit_why = vec![format!(
        "MythCraft's sheet lowers the crit threshold by LUCK ({luck:+}); the document adds LUCK to critical damage instead (line 154), and no crit range is wider than 16-20 (line 158)"
    )];
    out.push(NumberPair::new(
        "Crit range starts at (natural d20)",
        (Some(foundry_crit), format!("critical.hit {hit} less LUCK {luck} (when above 0)")),
        (tome_crit, stat(&d, "crit-range").1),
        crit_why,
    ));
    Ok(out)
}

fn export_character(_book: &dyn Rulebook, c: &CharacterSheet) -> Result<Exported> {
    let int = |k: &str| match c.values.get(k) {
        Some(SheetValue::Int(n)) => Some(*n),
        _ => None,
    };
    let text_of = |k: &str| match c.values.get(k) {
        Some(SheetValue::Text(t)) => t.clone(),
        _ => String::new(),
    };
    let mut attributes = Map::new();
    for (key, field) in ATTRIBUTES {
        attributes.insert(key.into(), json!(int(field).unwrap_or(0)));
    }
    let level = int("level").unwrap_or(1);
    let end = int("endurance").unwrap_or(0);
    let max = int("max-hp").unwrap_or(0);
    let die = match end {
        ..=2 => 4,
        3..=5 => 6,
        6..=8 => 8,
        9..=11 => 10,
        _ => 12,
    };
    let formula = 10 + level * die + level;
    // The sheet's numbers as MythCraft's formulas read them (`@DEX`, `@level`).
    let look = |name: &str| -> Option<i64> {
        let lower = name.to_ascii_lowercase();
        let key = lower.strip_prefix("attributes.").unwrap_or(&lower);
        match ATTRIBUTES.iter().find(|(k, _)| *k == key) {
            Some((_, field)) => Some(int(field).unwrap_or(0)),
            None => (key == "level").then_some(level),
        }
    };
    // A defense the sheet does not hold (a new character's) goes out as the data model's
    // own formula, so Foundry works it out from the attributes rather than showing 0; so
    // does one the formula gives today (REF 13 at DEX 3 is `10 + @DEX`), which keeps
    // following the attribute in Foundry as it did before Tome read it *(interpretation)*;
    // any other as its number.
    let mut defenses = Map::new();
    let mut said = Vec::new();
    let mut unset = Vec::new();
    for key in DEFENSES {
        let formula = default_formula(key);
        let written = match int(&format!("defense.{key}")) {
            None => {
                unset.push(key);
                formula.to_string()
            }
            Some(n) if foundry::eval_formula(formula, &look) == Some(n) => formula.to_string(),
            Some(n) => n.to_string(),
        };
        defenses.insert(key.into(), json!(written));
    }
    said.extend(formulas_said(&unset, "the sheet"));
    let mut movement = Map::new();
    for (k, field) in SPEEDS {
        let v = int(field);
        movement.insert(
            k.into(),
            if k == "walk" { json!(v.unwrap_or(20)) } else { v.filter(|n| *n > 0).map_or(Value::Null, |n| json!(n)) },
        );
    }
    let rated = |family: &str| {
        c.values
            .iter()
            .filter_map(|(k, v)| {
                let t = damage_type(k.strip_prefix(&format!("{family}."))?)?;
                match v {
                    SheetValue::Int(n) if *n > 0 => Some(format!("{} {n}", foundry_type(t))),
                    _ => None,
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let typed = |field: &str| -> Vec<String> {
        text_of(field).split([',', ';']).filter_map(damage_type).map(foundry_type).collect()
    };
    let kept: Vec<Weapon> = text::kept_lines(&text_of("notes")).into_iter().filter_map(Weapon::from_kept).collect();
    let mut items = Vec::new();
    for (n, key) in super::encounter::menu::SHEET_ATTACKS.iter().enumerate() {
        let line = text_of(key);
        if line.trim().is_empty() {
            continue;
        }
        let a = parse_written(&line, &format!("Attack {}", n + 1));
        // The weapon an import kept, while the sheet's line is still the one it gives:
        // its attribute, formulas and range go back as Foundry had them.
        let weapon = match kept.iter().find(|w| w.name == a.name && w.line(&look).0 == line.trim()) {
            Some(w) => {
                said.push(format!("{}: written back as the Foundry import kept it ({})", w.name, w.kept()));
                w.clone()
            }
            None => {
                said.extend(a.said(false));
                Weapon::from_attack(&a, int("strength").unwrap_or(0), None)
            }
        };
        items.push(foundry::item(
            &format!("{}|{key}", c.name),
            &weapon.name,
            "weapon",
            IMG_ITEM,
            weapon.system(&a.description()),
        ));
    }
    let effects: Vec<Value> = c
        .conditions
        .iter()
        .enumerate()
        .map(|(n, r)| condition_effect(&c.name, n, &r.entry_id, &r.name, None))
        .collect();
    let actor = json!({
        "name": c.name,
        "type": "character",
        "img": IMG_ACTOR,
        "system": {
            "biography": { "value": text::text_to_html(text::own_notes(&text_of("notes"))), "gm": "" },
            "size": "medium",
            "level": level,
            "hp": { "value": int("hp").unwrap_or(max), "max": max, "shield": int("shield-hp").unwrap_or(0) },
            "hpOverride": if max == formula { Value::Null } else { json!(max) },
            "death": { "value": int("death-points").unwrap_or(0), "max": mc::DEATH_AT },
            "attributes": attributes,
            "defenses": defenses,
            "movement": movement,
            // The data model's threshold is 1 to 20.
            "critical": { "hit": (mc::CRIT_NATURAL - int("crit-expansions").unwrap_or(0)).max(1), "fail": 1 },
            "damage": {
                "resist": rated("resist"),
                "vulnerable": rated("vulnerable"),
                "absorb": {},
                "affinity": typed("affinity"),
                "immune": typed("immune"),
                "reduction": { "value": int("dr").unwrap_or(0), "bypasses": text_of("dr-except") },
                "threshold": 0,
            },
        },
        "items": items,
        "effects": effects,
        "flags": {},
        "_stats": foundry::stats(FOUNDRY, WRITES),
    });
    Ok(Exported { actor, said })
}

/// A condition as a status effect (Foundry's own for a condition it knows, named for one
/// it does not), with Bleeding's or Burning's amount in `flags.mythcraft.value`.
fn condition_effect(owner: &str, n: usize, entry_id: &str, name: &str, amount: Option<&str>) -> Value {
    let slug = entry_id.rsplit('/').next().unwrap_or_default();
    let status = CONDITIONS.iter().find(|(_, t)| *t == slug).map(|(f, _)| *f);
    let mut flags = Map::new();
    if let Some(a) = amount {
        flags.insert("mythcraft".into(), json!({ "value": a }));
    }
    json!({
        "_id": foundry::document_id(&format!("{owner}|condition{n}|{entry_id}|{name}")),
        "name": name,
        "img": "icons/svg/aura.svg",
        "type": "base",
        // Foundry 14 keeps the changes under `system`; 13, at the top.
        "system": { "changes": [] },
        "changes": [],
        "disabled": false,
        "duration": {},
        "statuses": status.map_or_else(Vec::new, |s| vec![s]),
        "flags": flags,
    })
}

// ---- Adversaries ----

fn read_adversary(book: &dyn Rulebook, actor: &Actor) -> Result<Imported<Adversary>> {
    let mut report = report(actor);
    let mut kept = Vec::new();
    let mut stats: BTreeMap<String, i64> = BTreeMap::new();
    let mut put = |k: &str, v: i64| {
        stats.insert(k.to_string(), v);
    };
    let (max, _) = max_hp(actor);
    put("max-hp", max.max(1));
    if let Some(hp) = actor.int("hp.value").filter(|hp| *hp < max) {
        kept.push(format!("HP {hp} of {max} when exported"));
    }
    put("shield-hp", actor.int_or("hp.shield", 0));
    for key in DEFENSES {
        match defense(actor, key) {
            Ok(v) => put(key, v),
            Err(formula) => kept.push(format!("{} defense: {formula}", key.to_uppercase())),
        }
    }
    for (key, stat) in [("awr", "awareness"), ("end", "endurance"), ("cor", "coordination"), ("luck", "luck")] {
        put(stat, attribute(actor, key));
    }
    // The attributes a stat block has no stat for, kept so an export writes them back
    // (and the weapons' `@STR` formulas read the same).
    let unheld: Vec<String> = UNHELD_ATTRIBUTES
        .iter()
        .map(|k| (k, attribute(actor, k)))
        .filter(|(_, v)| *v != 0)
        .map(|(k, v)| format!("{} {v}", k.to_uppercase()))
        .collect();
    if !unheld.is_empty() {
        kept.push(format!("{KEPT_ATTRIBUTES}{}", unheld.join(", ")));
    }
    put("level", actor.int_or("level", 1));
    put("adventurer", i64::from(actor.kind == "character"));
    let (speeds, odd) = speeds(actor);
    if let Some(walk) = speeds.get("walk") {
        put("speed", *walk);
    }
    let others: Vec<String> =
        speeds.iter().filter(|(k, n)| **k != "walk" && **n > 0).map(|(k, n)| format!("{k} {n} ft.")).collect();
    if !others.is_empty() {
        kept.push(format!("Other speeds: {}", others.join(", ")));
    }
    kept.extend(odd.into_iter().map(|o| format!("Movement: {o}")));
    if let Some(sp) = actor.int("sp.max") {
        put("max-sp", sp);
    }
    let (step, note) = size_step(actor);
    put("size", step);
    if let Some(n) = note {
        kept.push(format!("Size: {n}"));
    }
    let (dr, bypass) = reduction(actor);
    put("dr", dr);
    put("dt", actor.int_or("damage.threshold", 0));
    for word in bypass.split([',', ';', ' ']).filter(|w| !w.is_empty()) {
        match damage_type(word) {
            Some(t) => put(&format!("dr-except-{}", t.label().to_lowercase()), 1),
            None if !matches!(word, "and" | "or" | "by") => kept.push(format!("DR bypassed by: {word}")),
            None => {}
        }
    }
    for (family, path) in [("resist", "damage.resist"), ("vulnerable", "damage.vulnerable")] {
        let (rated, odd) = ratings(&actor.text(path).unwrap_or_default());
        for (t, n) in rated {
            put(&format!("{family}-{}", t.label().to_lowercase()), n);
        }
        kept.extend(odd.into_iter().map(|o| format!("{}: {o}", capitalised(family))));
    }
    for (family, path) in [("immune", "damage.immune"), ("affinity", "damage.affinity")] {
        for w in set_of(actor, path) {
            match damage_type(&w) {
                Some(t) => put(&format!("{family}-{}", t.label().to_lowercase()), 1),
                None => kept.push(format!("{}: {w}", capitalised(family))),
            }
        }
    }
    // Attacks: weapons written out, and an npc's features that attack.
    let mut attacks = Vec::new();
    for w in actor.items_of("weapon") {
        let (line, notes) = written(actor, w);
        report.interpretations.extend(notes);
        // The item's own fields, so an export writes it back as Foundry had it.
        kept.push(Weapon::of(w).kept());
        let numbers = line.split_once(": ").map_or(line.clone(), |(_, n)| n.to_string());
        attacks.push(AdversaryAttack { name: w.name.clone(), entry: None, numbers });
        report.items.push(foundry::ItemMatch {
            foundry: w.name.clone(),
            item_type: w.kind.clone(),
            entry: None,
            entry_name: None,
            how: "none".into(),
            near: Vec::new(),
            differs: vec!["written out as an attack".into()],
        });
    }
    for f in actor.items_of("feature").filter(|f| f.flag("hasAttack") == Some(true)) {
        let look = lookup(actor);
        let bonus = f.text("attackBonus").and_then(|b| foundry::eval_formula(&b, &look)).unwrap_or(0);
        let target = f.text("defenseTarget").unwrap_or_else(|| "ar".into()).to_uppercase();
        let mut parts = vec![format!("{bonus:+} vs {target}")];
        if let Some(Value::Array(d)) = f.get("damage") {
            for part in d {
                if let Some(formula) = part.get("formula").and_then(Value::as_str) {
                    let kind = part.get("type").and_then(Value::as_str).unwrap_or("sharp");
                    parts.push(damage_words(formula, kind, &look));
                }
            }
        }
        parts.extend(feature_reach_and_ap(f));
        attacks.push(AdversaryAttack { name: f.name.clone(), entry: None, numbers: parts.join(", ") });
    }
    if let Some(ap) = actor
        .items_of("weapon")
        .next()
        .and_then(|w| w.text("apcFormula"))
        .and_then(|f| foundry::eval_formula(&f, &lookup(actor)))
    {
        if actor.kind == "character" {
            put("attack-ap", ap);
        }
    }
    foundry::attacks_within_the_library(&mut attacks, &mut kept, &mut report);
    let mut conds = Vec::new();
    for c in conditions(actor) {
        let entry = c.slug.map(|s| format!("{SYSTEM}/condition/{s}")).and_then(|id| book.show(&id).ok());
        let name = match (&entry, &c.amount) {
            (Some(e), Some(a)) => format!("{} ({a})", e.name),
            (Some(e), None) => e.name.clone(),
            (None, _) => c.foundry.clone(),
        };
        let id = if c.amount.is_some() { None } else { entry.map(|e| e.id) };
        if !conds.iter().any(|x: &ConditionRef| x.name == name) {
            conds.push(ConditionRef { id, name });
        }
    }
    let conds = foundry::conditions_within_the_library(conds, &mut kept, &mut report);
    // Within the tracker's ranges.
    let specs = <super::encounter::Rules as crate::encounters::EncounterRules>::stats(&super::encounter::Rules);
    for s in specs {
        if let Some(v) = stats.get_mut(s.key) {
            if !(s.min..=s.max).contains(v) {
                report.interpretations.push(format!(
                    "{} {} is beyond the tracker's {} to {}: written as {}",
                    s.label,
                    v,
                    s.min,
                    s.max,
                    (*v).clamp(s.min, s.max)
                ));
                *v = (*v).clamp(s.min, s.max);
            }
        }
    }
    stats.retain(|k, v| specs.iter().find(|s| s.key == k.as_str()).is_none_or(|s| *v != s.default));
    // Vulnerable supersedes Resist and Immune (the library refuses both): Vulnerable stays.
    let vulnerable: Vec<String> =
        stats.keys().filter_map(|k| k.strip_prefix("vulnerable-").map(str::to_string)).collect();
    for t in vulnerable {
        for other in ["resist", "immune"] {
            if stats.remove(&format!("{other}-{t}")).is_some() {
                kept.push(format!("{} {t} (Vulnerable to {t} supersedes it)", capitalised(other)));
            }
        }
    }
    if stats.get("dr").copied().unwrap_or(0) == 0 {
        stats.retain(|k, _| !k.starts_with("dr-except-"));
    }
    kept_data(actor, &mut kept);
    // Its tags are the library's tags; its attacking features are its attacks.
    kept.retain(|k| !k.starts_with("Tags: "));
    let tags = foundry::tags_within_the_library(set_of(actor, "tags"), &mut kept, &mut report);
    let attacking: Vec<&str> =
        actor.items_of("feature").filter(|f| f.flag("hasAttack") == Some(true)).map(|f| f.name.as_str()).collect();
    let mut items_kept = Vec::new();
    kept_items(actor, &["weapon"], &mut items_kept, &mut report.unknown_items);
    for line in items_kept {
        match line.strip_prefix("Features: ") {
            Some(list) => {
                let rest: Vec<&str> = list.split(", ").filter(|n| !attacking.contains(n)).collect();
                if !rest.is_empty() {
                    kept.push(format!("Features: {}", rest.join(", ")));
                }
            }
            None => kept.push(line),
        }
    }
    let (notes, cut) = text::notes(&biography(actor), &kept, &source(actor), crate::adversaries::MAX_NOTES);
    if cut {
        report
            .interpretations
            .push(format!("the notes were cut to the library's {} characters", crate::adversaries::MAX_NOTES));
    }
    lightning_said(actor, &mut report);
    report.kept = kept;
    let mut a = Adversary::new(SYSTEM, &foundry::adversary_name(&actor.name, &mut report));
    a.stats = stats;
    a.attacks = attacks;
    a.conditions = conds;
    a.tags = tags;
    a.notes = notes;
    Ok(Imported { record: a, report })
}

fn adversary_numbers(_book: &dyn Rulebook, actor: &Actor, a: &Adversary) -> Result<Vec<NumberPair>> {
    let stat = |k: &str| (Some(a.stats.get(k).copied().unwrap_or(0)), format!("the stat block's {k}"));
    let mut out = Vec::new();
    let (init, how) = initiative(actor);
    let (awr, _) = stat("awareness");
    out.push(NumberPair::new(
        "Initiative (added to a d20)",
        (Some(init), how),
        (awr, "AWR (document line 11)".into()),
        vec!["MythCraft's sheet adds `initiative.bonus` (or takes `initiative.override`); the document's initiative is AWR alone (line 11)".into()],
    ));
    let foundry_ap = if actor.kind == "character" { Some(ap_max(actor)) } else { None };
    let tome_ap = mc::action_points(
        a.stats.get("coordination").copied().unwrap_or(0),
        a.stats.get("level").copied().unwrap_or(1).clamp(1, 20),
        0,
    )
    .ok()
    .map(|ap| ap.ap);
    out.push(NumberPair::new(
        "AP at the start of a turn",
        foundry_ap.map_or(
            (None, "MythCraft's npc sheet keeps no AP (a creature takes creature actions)".into()),
            |(v, h)| (Some(v), h),
        ),
        (tome_ap, "3 + the COR table's bonus (lines 29-41)".into()),
        vec!["MythCraft's sheet takes `ap.override` where set".into()],
    ));
    let (max, how) = max_hp(actor);
    out.push(NumberPair::new(
        "Maximum HP",
        (Some(max), how),
        stat("max-hp"),
        vec!["Tome's stat block holds its own maximum HP, kept from its export".into()],
    ));
    for key in DEFENSES {
        let f = defense(actor, key).ok();
        let written = a.stats.get(key).copied().unwrap_or(0);
        out.push(NumberPair::new(
            &key.to_uppercase(),
            (f, actor.text(&format!("defenses.{key}")).unwrap_or_default()),
            (Some(written), if written == 0 { "0: typed at each attack".into() } else { "the stat block's".into() }),
            vec!["Tome's stat block holds the defense as a number; MythCraft works out its formula".into()],
        ));
    }
    Ok(out)
}

/// An adversary as a MythCraft actor: an adventurer (`adventurer` 1) as a `character`,
/// anyone else as an `npc`, each field where its data model has one.
fn export_adversary(_book: &dyn Rulebook, a: &Adversary) -> Result<Exported> {
    let stat = |k: &str| a.stats.get(k).copied();
    let adventurer = stat("adventurer") == Some(1);
    let max = stat("max-hp").unwrap_or(10);
    let kept_lines = text::kept_lines(&a.notes);
    let unheld = kept_attributes(&kept_lines);
    let mut attributes = Map::new();
    for (key, field) in [("str", ""), ("dex", ""), ("end", "endurance"), ("awr", "awareness"), ("int", ""), ("cha", "")]
    {
        // One the stat block has no stat for goes out as the import kept it, else 0.
        let v = if field.is_empty() { unheld.get(key).copied().unwrap_or(0) } else { stat(field).unwrap_or(0) };
        attributes.insert(key.into(), json!(v));
    }
    if adventurer {
        attributes.insert("cor".into(), json!(stat("coordination").unwrap_or(0)));
        attributes.insert("luck".into(), json!(stat("luck").unwrap_or(0)));
    }
    // The references a weapon's formulas read, as the actor written holds them.
    let look = |name: &str| -> Option<i64> {
        let lower = name.to_ascii_lowercase();
        let key = lower.strip_prefix("attributes.").unwrap_or(&lower);
        match key {
            "level" => Some(stat("level").unwrap_or(1)),
            _ => attributes
                .get(key)
                .and_then(Value::as_i64)
                .or_else(|| ATTRIBUTES.iter().any(|(k, _)| *k == key).then_some(0)),
        }
    };
    let kept_weapons: Vec<Weapon> = kept_lines.iter().copied().filter_map(Weapon::from_kept).collect();
    // A defense the stat block leaves unset (0: typed at each attack) goes out as the
    // data model's own formula, as a character's does, so Foundry shows AR 10, not 0.
    let mut defenses = Map::new();
    let mut said = Vec::new();
    let mut unset = Vec::new();
    for key in DEFENSES {
        let written = match stat(key).filter(|v| *v != 0) {
            Some(v) => v.to_string(),
            None => {
                unset.push(key);
                default_formula(key).to_string()
            }
        };
        defenses.insert(key.into(), json!(written));
    }
    said.extend(formulas_said(&unset, "the stat block"));
    let typed = |family: &str, rated: bool| -> Vec<String> {
        DamageType::all()
            .filter_map(|t| {
                let v = stat(&format!("{family}-{}", t.label().to_lowercase())).filter(|v| *v > 0)?;
                Some(if rated { format!("{} {v}", foundry_type(t)) } else { foundry_type(t) })
            })
            .collect()
    };
    let bypass = typed("dr-except", false).join(", ");
    let step = stat("size").unwrap_or(0);
    let Some(size) = SIZES.iter().find(|(_, n)| *n == step).map(|(k, _)| *k) else {
        let (smallest, largest) = (SIZES[0], SIZES[SIZES.len() - 1]);
        return Err(crate::error::Error::rejected(
            format!("{} cannot be written as a MythCraft actor:", a.name),
            vec![crate::error::Problem::field(
                "stats.size",
                format!(
                    "size {step:+} has no size in MythCraft's Foundry system, whose sizes run from {} ({:+}) to {} \
                     ({:+}): give the stat block a size within them to export it",
                    smallest.0, smallest.1, largest.0, largest.1
                ),
            )],
        ));
    };
    let mut items = Vec::new();
    for (n, x) in a.attacks.iter().enumerate() {
        let name = if x.name.is_empty() {
            x.entry.clone().unwrap_or_else(|| format!("Attack {}", n + 1))
        } else {
            x.name.clone()
        };
        let parsed = parse_written(&format!("{name}: {}", x.numbers), &name);
        if let Some(target) = &parsed.against {
            said.extend(parsed.said(true));
            // A creature's attack: a feature that attacks, as MythCraft's npcs carry them.
            // A feature has no range or AP of its own: they lead its description, where the
            // import reads them back.
            items.push(foundry::item(
                &format!("{}|attack{n}", a.name),
                &parsed.name,
                "feature",
                IMG_ITEM,
                json!({
                    "description": { "value": parsed.feature_description(), "gm": "" },
                    "tags": [],
                    "_mcid": crate::slug::slugify(&parsed.name),
                    "category": "action",
                    "prerequisites": "",
                    "hasAttack": true,
                    "attackBonus": parsed.bonus.unwrap_or(0).to_string(),
                    "defenseTarget": target,
                    "hasSave": false,
                    "damage": parsed.damage.iter().map(|(f, t)| json!({ "formula": f, "type": t })).collect::<Vec<_>>(),
                }),
            ));
            continue;
        }
        // The weapon an import kept, while the attack is still the one it gives: its
        // attribute, formulas and range go back as Foundry had them.
        let line = format!("{name}: {}", x.numbers);
        let weapon = match kept_weapons.iter().find(|w| w.name == name && w.line(&look).0 == line.trim()) {
            Some(w) => {
                said.push(format!("{}: written back as the Foundry import kept it ({})", w.name, w.kept()));
                w.clone()
            }
            None => {
                said.extend(parsed.said(false));
                Weapon::from_attack(&parsed, 0, stat("attack-ap").filter(|v| *v > 0))
            }
        };
        items.push(foundry::item(
            &format!("{}|attack{n}", a.name),
            &weapon.name,
            "weapon",
            IMG_ITEM,
            weapon.system(&parsed.description()),
        ));
    }
    let effects: Vec<Value> = a
        .conditions
        .iter()
        .enumerate()
        .map(|(n, c)| {
            // "Bleeding (1d4)": the status and its amount.
            let (head, amount) = match c.name.trim().strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
                Some((h, am)) if ["bleeding", "burning"].contains(&h.trim().to_lowercase().as_str()) => {
                    (h.trim().to_string(), Some(am.trim().to_string()))
                }
                _ => (c.name.clone(), None),
            };
            let id = c.id.clone().unwrap_or_else(|| format!("{SYSTEM}/condition/{}", crate::slug::slugify(&head)));
            condition_effect(&a.name, n, &id, &c.name, amount.as_deref())
        })
        .collect();
    let speed = stat("speed").unwrap_or(20);
    let system = if adventurer {
        json!({
            "biography": { "value": text::text_to_html(text::own_notes(&a.notes)), "gm": "" },
            "size": size, "level": stat("level").unwrap_or(1),
            "hp": { "value": max, "max": max, "shield": stat("shield-hp").unwrap_or(0) },
            "hpOverride": max,
            "sp": { "value": stat("max-sp"), "max": stat("max-sp") },
            "tags": a.tags,
            "attributes": attributes, "defenses": defenses,
            "movement": { "walk": speed, "climb": null, "swim": null, "fly": null, "burrow": null },
            "damage": {
                "resist": typed("resist", true).join(", "), "vulnerable": typed("vulnerable", true).join(", "),
                "absorb": {}, "affinity": typed("affinity", false), "immune": typed("immune", false),
                "reduction": { "value": stat("dr").unwrap_or(0), "bypasses": bypass },
                "threshold": stat("dt").unwrap_or(0),
            },
        })
    } else {
        let dr = stat("dr").unwrap_or(0);
        let reduction = match (dr, bypass.is_empty()) {
            (0, _) => String::new(),
            (d, true) => format!("DR {d}"),
            (d, false) => format!("DR {d} (bypassed by {bypass})"),
        };
        json!({
            "biography": { "value": text::text_to_html(text::own_notes(&a.notes)), "gm": "" },
            "size": size, "level": stat("level").unwrap_or(1),
            "hp": { "value": max, "max": max, "shield": stat("shield-hp").unwrap_or(0) },
            "sp": { "value": stat("max-sp"), "max": stat("max-sp") },
            "attributes": attributes, "defenses": defenses,
            "movement": format!("Walk {speed} ft."),
            "damage": {
                "resist": typed("resist", true).join(", "), "vulnerable": typed("vulnerable", true).join(", "),
                "absorb": {}, "affinity": typed("affinity", false), "immune": typed("immune", false),
                "reduction": reduction, "threshold": stat("dt").unwrap_or(0),
            },
            "tags": a.tags,
            "traits": [],
            "actions": "",
        })
    };
    let actor = json!({
        "name": a.name,
        "type": if adventurer { "character" } else { "npc" },
        "img": IMG_ACTOR,
        "system": system,
        "items": items,
        "effects": effects,
        "flags": {},
        "_stats": foundry::stats(FOUNDRY, WRITES),
    });
    Ok(Exported { actor, said })
}

impl Mapping for MythCraftFoundry {
    fn foundry_id(&self) -> &'static str {
        FOUNDRY
    }

    fn tome_system(&self) -> &'static str {
        SYSTEM
    }

    fn versions(&self) -> &'static str {
        "0.x (and DEVELOPMENT builds)"
    }

    fn reads_version(&self, version: &str) -> bool {
        version == "DEVELOPMENT" || version.split('.').next().and_then(|m| m.trim().parse::<u32>().ok()) == Some(0)
    }

    fn actor_types(&self, into: Target) -> &'static [&'static str] {
        match into {
            Target::Character => &["character", "npc"],
            Target::Adversary => &["npc", "character"],
        }
    }

    fn writes_version(&self) -> &'static str {
        WRITES
    }

    fn character(&self, book: &dyn Rulebook, actor: &Actor) -> Result<Imported<CharacterSheet>> {
        read_character(book, actor)
    }

    fn adversary(&self, book: &dyn Rulebook, actor: &Actor) -> Result<Imported<Adversary>> {
        read_adversary(book, actor)
    }

    fn character_numbers(&self, book: &dyn Rulebook, actor: &Actor, c: &CharacterSheet) -> Result<Vec<NumberPair>> {
        character_numbers(book, actor, c)
    }

    fn adversary_numbers(&self, book: &dyn Rulebook, actor: &Actor, a: &Adversary) -> Result<Vec<NumberPair>> {
        adversary_numbers(book, actor, a)
    }

    fn export_character(&self, book: &dyn Rulebook, c: &CharacterSheet) -> Result<Exported> {
        export_character(book, c)
    }

    fn export_adversary(&self, book: &dyn Rulebook, a: &Adversary) -> Result<Exported> {
        export_adversary(book, a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_read_in_either_order() {
        let (r, odd) = ratings("fire 3, Cold (2); 4 lightning, all magic");
        assert_eq!(r, vec![(DamageType::Fire, 3), (DamageType::Cold, 2), (DamageType::Electric, 4)]);
        assert_eq!(odd, vec!["all magic"]);
    }

    #[test]
    fn written_attacks_read_back() {
        let a = parse_written("Spear: +5, 1d8+3 sharp, 1d4 fire, melee, 3 AP, reach 10 ft", "x");
        assert_eq!(a.name, "Spear");
        assert_eq!(a.bonus, Some(5));
        assert_eq!(a.damage, vec![("1d8+3".into(), "sharp".into()), ("1d4".into(), "fire".into())]);
        assert_eq!(a.reach, Some("melee"));
        assert_eq!(a.ap, Some(3));
        assert_eq!(a.rest, vec!["reach 10 ft"]);
        let bite = parse_written("Bite: +5 vs AR, 1d6+3 sharp", "x");
        assert_eq!((bite.bonus, bite.against.as_deref()), (Some(5), Some("ar")));
    }

    #[test]
    fn damage_formulas_take_their_numbers() {
        let look = |n: &str| (n == "STR").then_some(3);
        assert_eq!(dice_text("1d6 + @STR", &look), "1d6+3");
        assert_eq!(dice_text("2d4", &look), "2d4");
    }
}
