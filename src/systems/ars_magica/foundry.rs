//! Ars Magica and Foundry VTT's arm5e system (Xzotl42/arm5e): its `player`, `npc` and
//! `beast` actors read into a grog's or companion's sheet or the adversary library, and
//! Tome's sheets and stat blocks written back as actors its data model accepts.
//!
//! What maps (the guide's "Foundry VTT" page has the whole table):
//! - the eight characteristics (`characteristics.<int|per|…>.value`) and Size
//!   (`vitals.siz.value`);
//! - Abilities: an arm5e `ability` item stores experience points (`xp`); its score is the
//!   highest whose experience the points reach, 5 × the triangle number (5, 15, 30, 50,
//!   75 …), as arm5e's `getAbilityScoreFromXp` and the ArM5 core book's Ability table
//!   have it (an `accelerated` Ability, the triangle number alone); each becomes
//!   `ability.<name>`, the combat Abilities under the sheet's own words (Single Weapon,
//!   Great Weapon, Thrown Weapon, Bow, Brawl);
//! - `weapon` and `armor` items by name to the shipped tables' entries (the exact name or
//!   an alias, else the one entry the name's words name: "Long sword" is Sword, Long;
//!   else none, with the close names offered), armour's coverage from its `full` flag,
//!   what is in hand from the current combat preparation (`combatPreps`) or, in actors
//!   from before preparations, each item's `equipped`;
//! - wounds (`wound` items by `gravity`, their `bonus` the recovery bonus carried) and
//!   fatigue (`fatigueCurrent` levels lost, `fatigueLongTerm` of them long-term, the key
//!   arm5e's code reads; its template's `longTermFatigue` is read by nothing);
//! - the biography as the notes.
//!
//! Everything else (Virtues, Flaws, Might and Powers, spells, personality traits,
//! reputations, other items) is kept in the notes, line by line, and listed in the
//! import's report.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::rules::{self as am, ArmorStats, WeaponStats, ABILITY, CHAR, ENC, SIZE, SYSTEM};
use crate::adversaries::{Adversary, AdversaryAttack};
use crate::characters::{Character, CharacterItem, CharacterSheet, ItemCoverage, SheetValue};
use crate::error::Result;
use crate::foundry::{
    self, text, Actor, Exported, FoundryReport, Imported, Item, ItemMatch, Mapping, NumberPair, Target,
};
use crate::model::{Detail, Entry};
use crate::rulebook::Rulebook;
use crate::sheets::Derived;
use crate::Kind;

/// The mapping, as `GameSystem::foundry` hands it out.
pub(super) static ARM5E: Arm5e = Arm5e;

pub(super) struct Arm5e;

const FOUNDRY: &str = "arm5e";
/// The arm5e version whose data model the export follows (system.json at
/// Xzotl42/arm5e 9d1e652).
const WRITES: &str = "3.0.1.13";
const IMG_ACTOR: &str = "icons/svg/mystery-man.svg";
const IMG_ITEM: &str = "icons/svg/item-bag.svg";

/// The characteristics: arm5e's key and the sheet's field.
const CHARACTERISTICS: [(&str, &str); 8] = [
    ("int", "intelligence"),
    ("per", "perception"),
    ("str", "strength"),
    ("sta", "stamina"),
    ("pre", "presence"),
    ("com", "communication"),
    ("dex", "dexterity"),
    ("qik", "quickness"),
];

/// arm5e's Ability keys whose sheet name is not their key in words (`singleWeapon` is
/// `single-weapon` by itself): the key and the sheet's word.
const ABILITY_WORDS: [(&str, &str); 4] =
    [("bows", "bow"), ("trownWeapon", "thrown-weapon"), ("parma", "parma-magica"), ("artesLib", "artes-liberales")];

/// The Ability keys arm5e defines (`ALL_ABILITIES` in its `module/config.js`), each with
/// whether it takes an option (a Craft's trade, an Area Lore's area, a language): an
/// Ability item with another key arm5e turns into Awareness, so Tome writes only these.
const ARM5E_ABILITIES: [(&str, bool); 68] = [
    ("animalHandling", false),
    ("areaLore", true),
    ("athletics", false),
    ("awareness", false),
    ("bargain", false),
    ("brawl", false),
    ("carouse", false),
    ("charm", false),
    ("chirurgy", false),
    ("concentration", false),
    ("craft", true),
    ("etiquette", false),
    ("folkKen", false),
    ("guile", false),
    ("hunt", false),
    ("intrigue", false),
    ("knowledge", true),
    ("leadership", false),
    ("legerdemain", false),
    ("livingLanguage", true),
    ("music", false),
    ("organizationLore", true),
    ("profession", true),
    ("ride", false),
    ("stealth", false),
    ("survival", false),
    ("swim", false),
    ("teaching", false),
    ("artesLib", false),
    ("law", true),
    ("deadLanguage", true),
    ("medicine", false),
    ("philosophy", false),
    ("theology", true),
    ("academicAbility", true),
    ("hermeticCode", false),
    ("dominionLore", false),
    ("faerieLore", false),
    ("finesse", false),
    ("infernalLore", false),
    ("magicLore", false),
    ("magicTheory", false),
    ("parma", false),
    ("penetration", false),
    ("arcaneAbility", true),
    ("bows", false),
    ("singleWeapon", false),
    ("greatWeapon", false),
    ("trownWeapon", false),
    ("martialAbility", true),
    ("animalKen", false),
    ("dowsing", false),
    ("enchantingMusic", false),
    ("entrancement", false),
    ("magicSensitivity", false),
    ("premonitions", false),
    ("secondSight", false),
    ("senseHolyAndUnholy", false),
    ("shapeshifter", false),
    ("supernatural", true),
    ("wildernessSense", false),
    ("enigma", false),
    ("faerieMagic", false),
    ("heartbeast", false),
    ("verditiusMagic", false),
    ("cult", true),
    ("technique", true),
    ("form", true),
];

/// The Ability that takes any topic as its option: a sheet's Ability arm5e names no key
/// for ("ability.latin") goes out as Knowledge of it *(interpretation)*.
const ANY_TOPIC: &str = "knowledge";

/// The weapon tables' Ability words (`Single`) and arm5e's keys.
const WEAPON_ABILITIES: [(&str, &str); 5] = [
    ("Brawl", "brawl"),
    ("Single", "singleWeapon"),
    ("Great", "greatWeapon"),
    ("Thrown", "trownWeapon"),
    ("Bow", "bows"),
];

/// The wound levels: arm5e's gravity, the sheet's count and recovery fields.
const WOUNDS: [(&str, &str, Option<&str>); 4] = [
    ("light", "wounds.light", Some("recovery.light")),
    ("medium", "wounds.medium", Some("recovery.medium")),
    ("heavy", "wounds.heavy", Some("recovery.heavy")),
    ("incap", "wounds.incapacitating", None),
];

/// The item types arm5e defines (system.json) that Tome does not map: kept in the notes
/// by their label. A type not listed here, nor mapped, is unknown.
const KEPT_TYPES: [(&str, &str); 32] = [
    ("virtue", "Virtues"),
    ("flaw", "Flaws"),
    ("quality", "Qualities"),
    ("inferiority", "Inferiorities"),
    ("personalityTrait", "Personality traits"),
    ("personality", "Personality traits"),
    ("reputation", "Reputations"),
    ("spell", "Spells"),
    ("magicalEffect", "Magical effects"),
    ("power", "Powers"),
    ("powerFamiliar", "Familiar's powers"),
    ("abilityFamiliar", "Familiar's abilities"),
    ("item", "Items"),
    ("book", "Books"),
    ("mundaneBook", "Books"),
    ("vis", "Vis"),
    ("diaryEntry", "Diary entries"),
    ("speciality", "Specialities"),
    ("distinctive", "Distinctive features"),
    ("sanctumRoom", "Sanctum rooms"),
    ("magicItem", "Magic items"),
    ("enchantment", "Enchantments"),
    ("laboratoryText", "Laboratory texts"),
    ("baseEffect", "Base effects"),
    ("art", "Arts"),
    ("supernaturalEffect", "Supernatural effects"),
    ("inhabitant", "Inhabitants"),
    ("labCovenant", "Laboratories"),
    ("possessionsCovenant", "Possessions"),
    ("visSourcesCovenant", "Vis sources"),
    ("calendarCovenant", "Calendar"),
    ("incomingSource", "Incomes"),
];

/// Notes hold at most this much (the sheet's text limit, and the library's).
const SHEET_NOTES_MAX: usize = crate::characters::check::MAX_TEXT_CHARS;

// ---- The experience tables ----

/// The score `xp` experience points buy in an Art: the highest n with n(n+1)/2 ≤ xp
/// (arm5e's `getArtScore`, which counts a fraction of a point as a whole one: its loop
/// takes the next score while more points are left than the score, so 0.5 buys 1).
pub(crate) fn art_score(xp: f64) -> i64 {
    // `as` saturates: a Load of 1e300 is the largest whole number, NaN none.
    am::triangle_root(xp.max(0.0).ceil() as i64)
}

/// The score `xp` experience points buy in an Ability: 5 points for 1, 15 for 2, 30 for
/// 3, 50 for 4, 75 for 5, each score 5 × its number more than the last.
pub(crate) fn ability_score(xp: i64) -> i64 {
    art_score((xp.max(0) / 5) as f64)
}

/// The experience an Ability score takes.
pub(crate) fn ability_xp(score: i64) -> i64 {
    5 * score * (score + 1) / 2
}

// ---- Reading an actor ----

fn characteristic(actor: &Actor, key: &str) -> i64 {
    actor.int_or(&format!("characteristics.{key}.value"), 0)
}

/// An Ability as the actor holds it.
#[derive(Debug, Clone)]
struct Ability<'a> {
    item: &'a Item,
    key: String,
    option: String,
    /// Its word on Tome's sheet: `single-weapon`, `area-lore`.
    word: String,
    xp: i64,
    score: i64,
}

fn abilities(actor: &Actor) -> Vec<Ability<'_>> {
    actor
        .items_of("ability")
        .map(|item| {
            let key = item.text("key").unwrap_or_default();
            let option = item.text("option").unwrap_or_default();
            let word = ability_word(&key, &option, &item.name);
            // Actors from before experience points: `score` and the points toward the next.
            let xp = match item.int("xp") {
                Some(xp) => xp,
                None => {
                    let score = item.int_or("score", 0);
                    let experience = item.int_or("experience", 0);
                    let exp = ability_xp(score);
                    if experience >= exp {
                        experience
                    } else if experience >= (score + 1) * 5 {
                        exp
                    } else {
                        exp + experience
                    }
                }
            };
            let score = if item.flag("accelerated") == Some(true) { art_score(xp as f64) } else { ability_score(xp) };
            Ability { item, key, option, word, xp, score }
        })
        .collect()
}

/// The sheet's word for an Ability item, chosen so the export writes its key and option
/// back ([`ability_key`]): its name's word where that names the same key and option
/// (`Area Lore` with option `area-lore`), else the key's word and the option's
/// (`livingLanguage` with `native-language` is `living-language-native-language`).
fn ability_word(key: &str, option: &str, name: &str) -> String {
    let option = crate::slug::slugify(option);
    let by_name = crate::slug::slugify(name);
    if key.is_empty() {
        return by_name;
    }
    let takes_option = ARM5E_ABILITIES.iter().any(|(k, o)| *k == key && *o);
    if !takes_option {
        return sheet_word(key);
    }
    if !by_name.is_empty() && ability_key(&by_name) == (key.to_string(), option.clone()) {
        return by_name;
    }
    let base = sheet_word(key);
    if option.is_empty() || option == base {
        base
    } else {
        format!("{base}-{option}")
    }
}

/// The arm5e key and option a sheet's Ability word goes out as: a key's own word
/// (`single-weapon`; an option Ability's word alone is its own option, `area-lore`), a
/// key that takes an option and the rest of the word as the option (`craft-blacksmith`
/// is Craft with `blacksmith`), else Knowledge with the word as its topic *(interp.)*.
fn ability_key(word: &str) -> (String, String) {
    let own = foundry_key(word);
    if let Some((k, takes_option)) = ARM5E_ABILITIES.iter().find(|(k, _)| *k == own) {
        return ((*k).to_string(), if *takes_option { word.to_string() } else { String::new() });
    }
    let with_option = ARM5E_ABILITIES
        .iter()
        .filter(|(_, takes_option)| *takes_option)
        .filter_map(|(k, _)| {
            let rest = word.strip_prefix(&sheet_word(k))?.strip_prefix('-')?;
            (!rest.is_empty()).then_some((k, rest))
        })
        .max_by_key(|(k, _)| k.len());
    match with_option {
        Some((k, rest)) => ((*k).to_string(), rest.to_string()),
        None => (ANY_TOPIC.to_string(), word.to_string()),
    }
}

/// arm5e's Ability key as the sheet's word: `singleWeapon` → `single-weapon`.
fn sheet_word(key: &str) -> String {
    if let Some((_, w)) = ABILITY_WORDS.iter().find(|(k, _)| *k == key) {
        return (*w).to_string();
    }
    let mut out = String::new();
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    crate::slug::slugify(&out)
}

/// The sheet's word as arm5e's key: `single-weapon` → `singleWeapon`.
fn foundry_key(word: &str) -> String {
    if let Some((k, _)) = ABILITY_WORDS.iter().find(|(_, w)| *w == word) {
        return (*k).to_string();
    }
    let mut out = String::new();
    let mut upper = false;
    for c in word.chars() {
        if c == '-' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The Ability a weapon item is used with: its `ability` as `{key, option, id}` or, in
/// older actors, the Ability item's id alone.
fn weapon_ability<'a, 'b>(weapon: &Item, abilities: &'b [Ability<'a>]) -> Option<&'b Ability<'a>> {
    match weapon.get("ability") {
        Some(Value::Object(m)) => {
            let key = m.get("key").and_then(Value::as_str).unwrap_or_default();
            let option = m.get("option").and_then(Value::as_str).unwrap_or_default();
            let id = m.get("id").and_then(Value::as_str).unwrap_or_default();
            abilities
                .iter()
                .find(|a| !key.is_empty() && a.key == key && (option.is_empty() || a.option == option))
                .or_else(|| abilities.iter().find(|a| !id.is_empty() && a.item.id == id))
        }
        Some(Value::String(id)) => abilities.iter().find(|a| &a.item.id == id),
        _ => None,
    }
}

/// The weapon table's Ability word for a weapon's Ability (`singleWeapon` → `Single`).
fn table_ability(weapon: &Item, ability: Option<&Ability<'_>>) -> String {
    let key = match weapon.get("ability") {
        Some(Value::Object(m)) => m.get("key").and_then(Value::as_str).unwrap_or_default().to_string(),
        _ => ability.map(|a| a.key.clone()).unwrap_or_default(),
    };
    WEAPON_ABILITIES
        .iter()
        .find(|(_, k)| *k == key)
        .map_or_else(|| ability.map_or_else(|| "Brawl".to_string(), |a| a.item.name.clone()), |(w, _)| (*w).to_string())
}

/// What the actor holds in its hands and wears as arm5e reads it: the items of its
/// current combat preparation, or (actors from before preparations) those marked
/// equipped, or else its first natural weapon, which arm5e gives a preparation of its own.
struct Prep<'a> {
    items: Vec<&'a Item>,
    /// How it was chosen, for the report.
    how: String,
}

fn prep(actor: &Actor) -> Prep<'_> {
    let current = actor.text("combatPreps.current").unwrap_or_default();
    let ids: Vec<String> = actor
        .get(&format!("combatPreps.list.{current}.ids"))
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
        .unwrap_or_default();
    let by_id: Vec<&Item> = ids.iter().filter_map(|id| actor.items.iter().find(|i| &i.id == id)).collect();
    let combat = |i: &&Item| i.kind == "weapon" || i.kind == "armor";
    let mut items: Vec<&Item> = by_id.into_iter().filter(combat).collect();
    let mut how = format!("its combat preparation `{current}`");
    if items.is_empty() {
        items = actor.items.iter().filter(combat).filter(|i| i.flag("equipped") == Some(true)).collect();
        how = "the weapons and armour marked equipped".into();
    }
    if items.is_empty() {
        if let Some(natural) = actor.items_of("weapon").find(|w| w.flag("naturalWeapon") == Some(true)) {
            items = vec![natural];
            how = format!("its {} preparation (its current one holds nothing)", natural.name);
        } else {
            how = "no weapon or armour (its current preparation holds nothing)".into();
        }
    }
    // Natural and other weapons are not used together: with another weapon in the
    // preparation, a natural one is left out.
    let other = items.iter().any(|i| i.kind == "weapon" && i.flag("naturalWeapon") != Some(true));
    if other {
        items.retain(|i| !(i.kind == "weapon" && i.flag("naturalWeapon") == Some(true)));
    }
    Prep { items, how }
}

/// The combat scores arm5e computes (`computeCombatStats` in its `helpers/combat.js`,
/// from `_prepareCharacterData` in `actor/actor.js`).
#[derive(Debug, Clone, Default)]
struct FoundryCombat {
    load: f64,
    overload: i64,
    init: i64,
    atk: i64,
    dfn: i64,
    dam: i64,
    prot: i64,
    soak_bonus: i64,
    ability: i64,
    /// The speciality +1 of the last weapon marked `weaponExpert`.
    expert: bool,
    ride: i64,
    how: String,
}

impl FoundryCombat {
    fn of(actor: &Actor, abilities: &[Ability<'_>]) -> FoundryCombat {
        let prep = prep(actor);
        let mut c = FoundryCombat { how: prep.how, ..FoundryCombat::default() };
        let mut first: Option<&Ability<'_>> = None;
        for item in &prep.items {
            let f = |k: &str| item.int_or(k, 0);
            c.load += item.get("load").and_then(Value::as_f64).unwrap_or(0.0);
            if item.kind == "weapon" {
                c.init += f("init");
                c.atk += f("atk");
                c.dfn += f("dfn");
                c.dam += f("dam");
                if first.is_none() {
                    first = weapon_ability(item, abilities);
                }
                // arm5e sets the Ability again for each weapon, from the first one's Ability,
                // its own speciality and its own mount.
                c.expert = first.is_some() && item.flag("weaponExpert") == Some(true);
                c.ride = if first.is_some() && item.flag("horse") == Some(true) {
                    abilities.iter().find(|a| a.key == "ride").map_or(0, |a| a.score.min(3))
                } else {
                    0
                };
                c.ability = first.map_or(0, |a| a.score) + i64::from(c.expert) + c.ride;
            } else {
                c.prot += f("prot");
            }
        }
        let str_ = characteristic(actor, "str");
        c.overload = art_score(c.load) - str_.max(0);
        c.overload = c.overload.max(0);
        c.init += characteristic(actor, "qik") - c.overload;
        c.atk += c.ability + characteristic(actor, "dex");
        c.dfn += c.ability + characteristic(actor, "qik");
        c.dam += str_;
        c.soak_bonus = actor.effect_bonus("system.bonuses.traits.soak");
        c
    }

    fn soak(&self, actor: &Actor) -> i64 {
        self.prot + characteristic(actor, "sta") + self.soak_bonus
    }
}

// ---- Items to entries ----

/// What an item of the actor became.
struct Matched {
    entry: Option<Entry>,
    how: &'static str,
    near: Vec<String>,
}

/// The entry of the tables an item's name names: the name itself or an alias (`same`),
/// else the one entry its words name once the words that only describe it are left out
/// (`near`: "Long sword" is Sword, Long; "Full metal scale armor" is Metal Scale), else
/// none, with the close names.
fn match_entry(book: &dyn Rulebook, kind: Kind, name: &str) -> Matched {
    let exact = |e: &Entry| {
        let n = crate::search::normalize(name);
        crate::search::normalize(&e.name) == n || e.aliases.iter().any(|a| crate::search::normalize(a) == n)
    };
    let mut candidates = vec![name.to_string()];
    let lower = name.to_lowercase();
    // `(T) Knife`: arm5e's mark for a thrown weapon.
    if let Some(rest) = lower.strip_prefix("(t)") {
        candidates.push(format!("{} (thrown)", rest.trim()));
        candidates.push(format!("{}-thrown", rest.trim()));
    }
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '/')
        .filter(|w| !w.is_empty())
        .filter(|w| {
            !matches!(*w, "full" | "partial" | "armor" | "armour" | "suit" | "of" | "mounted" | "t" | "a" | "the")
        })
        .collect();
    if !words.is_empty() {
        candidates.push(words.join(" "));
    }
    for c in &candidates {
        if let Ok(e) = crate::rules::resolve_entry(book, SYSTEM, kind, c) {
            if e.system == SYSTEM && e.kind == kind {
                let how = if exact(&e) { "same" } else { "near" };
                return Matched { entry: Some(e), how, near: Vec::new() };
            }
        }
    }
    let near = book.close_names(SYSTEM, kind, candidates.last().expect("the name itself"));
    Matched { entry: None, how: "none", near }
}

/// "Init +1, Atk +4, Dfn +0, Dam +6" from a weapon item's own numbers.
fn item_numbers(item: &Item) -> String {
    let f = |k: &str| item.int_or(k, 0);
    let mut s = format!("Init {:+}, Atk {:+}, Dfn {:+}, Dam {:+}", f("init"), f("atk"), f("dfn"), f("dam"));
    if f("str") != 0 {
        s.push_str(&format!(", Str {:+}", f("str")));
    }
    if f("range") > 0 {
        s.push_str(&format!(", Range {}", f("range")));
    }
    s
}

/// Where an item's own numbers differ from its entry's.
fn differences(item: &Item, e: &Entry, coverage: Option<ItemCoverage>) -> Vec<String> {
    let mut out = Vec::new();
    let f = |k: &str| item.int(k);
    match &e.detail {
        Some(Detail::Weapon(w)) => {
            for (label, key, table) in
                [("Init", "init", w.init), ("Atk", "atk", w.atk), ("Dfn", "dfn", w.dfn), ("Dam", "dam", w.dam)]
            {
                let theirs = f(key).unwrap_or(0);
                if theirs != table.unwrap_or(0) {
                    let t = table.map_or_else(|| "n/a".to_string(), |n| format!("{n:+}"));
                    out.push(format!("{label} {theirs:+} in Foundry, {t} in the table"));
                }
            }
            let load = item.get("load").and_then(Value::as_f64).unwrap_or(0.0);
            if (load - w.load.unwrap_or(0) as f64).abs() > f64::EPSILON {
                out.push(format!("Load {load} in Foundry, {} in the table", w.load.unwrap_or(0)));
            }
        }
        Some(Detail::Armor(a)) => {
            let row = match coverage.unwrap_or(ItemCoverage::Full) {
                ItemCoverage::Full => a.full,
                ItemCoverage::Partial => a.partial,
            };
            if let Some(row) = row {
                let prot = f("prot").unwrap_or(0);
                if prot != row.prot {
                    out.push(format!("Prot {prot} in Foundry, {} in the Armor Table", row.prot));
                }
                let load = item.get("load").and_then(Value::as_f64).unwrap_or(0.0);
                if (load - row.load as f64).abs() > f64::EPSILON {
                    out.push(format!("Load {load} in Foundry, {} in the Armor Table", row.load));
                }
            } else {
                out.push("the Armor Table has no such coverage for it".into());
            }
        }
        _ => {}
    }
    out
}

/// Kept lines for the item types Tome does not map, by type; unknown types listed apart.
fn kept_items(actor: &Actor, mapped: &[&str], kept: &mut Vec<String>, unknown: &mut Vec<String>) {
    let mut by_label: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut order: Vec<&str> = Vec::new();
    for item in &actor.items {
        if mapped.contains(&item.kind.as_str()) {
            continue;
        }
        match KEPT_TYPES.iter().find(|(t, _)| *t == item.kind) {
            Some((_, label)) => {
                if !order.contains(label) {
                    order.push(label);
                }
                let mut name = item.name.clone();
                if let Some(impact) = item.text("impact.value").filter(|i| !i.is_empty() && i != "free") {
                    name.push_str(&format!(" ({impact})"));
                }
                if item.kind == "spell" || item.kind == "power" {
                    if let Some(level) = item.int("level").filter(|l| *l > 0) {
                        name.push_str(&format!(" (level {level})"));
                    }
                }
                if item.kind == "personalityTrait" || item.kind == "reputation" {
                    if let Some(xp) = item.int("xp") {
                        name.push_str(&format!(" {:+}", ability_score(xp)));
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

/// Lines for what the actor's data holds that Tome's sheet does not.
fn kept_data(actor: &Actor, kept: &mut Vec<String>) {
    if let Some(might) = actor.int("might.value").filter(|m| *m != 0) {
        let form = actor
            .text("might.form")
            .filter(|f| !f.is_empty())
            .map(|f| format!(" ({})", form_name(&f)))
            .unwrap_or_default();
        let points =
            actor.int("might.points").filter(|p| *p != might).map(|p| format!(", {p} points left")).unwrap_or_default();
        kept.push(format!("Might {might}{form}{points}"));
    }
    let realms: Vec<&str> = ["magic", "faeric", "divine", "infernal"]
        .into_iter()
        .filter(|r| actor.get(&format!("realms.{r}.aligned")).and_then(Value::as_bool) == Some(true))
        .collect();
    if !realms.is_empty() {
        kept.push(format!("Realm: {}", realms.join(", ")));
    }
    if let Some(cun) = actor.int("characteristics.cun.value").filter(|c| *c != 0) {
        kept.push(format!("Cunning {cun:+}"));
    }
    for (key, label) in [
        ("con.score", "Confidence"),
        ("warping.points", "Warping points"),
        ("decrepitude.points", "Decrepitude points"),
    ] {
        if let Some(n) = actor.int(key).filter(|n| *n != 0) {
            kept.push(format!("{label} {n}"));
        }
    }
    if let Some(age) = actor.int("age.value").filter(|a| *a > 0) {
        kept.push(format!("Age {age}"));
    }
    for (key, _) in CHARACTERISTICS {
        if let Some(aging) = actor.int(&format!("characteristics.{key}.aging")).filter(|a| *a != 0) {
            kept.push(format!("{} aging points: {aging}", key.to_uppercase()));
        }
    }
}

/// A kept "Might 6 (Corpus), 4 points left" line read back: the Might, its Form's key and
/// the points left (the Might when not said).
fn kept_might(line: &str) -> Option<(i64, &'static str, i64)> {
    let rest = line.strip_prefix("Might ")?;
    let (head, points) = match rest.split_once(", ") {
        Some((h, p)) => (h, Some(p.strip_suffix(" points left")?.parse::<i64>().ok()?)),
        None => (rest, None),
    };
    let (value, form) = match head.split_once(" (") {
        Some((v, f)) => (v, f.strip_suffix(')')?),
        None => (head, ""),
    };
    let value: i64 = value.parse().ok()?;
    let key = FORMS.iter().find(|(_, name)| *name == form).map_or("", |(k, _)| *k);
    Some((value, key, points.unwrap_or(value)))
}

/// The Forms' keys in arm5e and their names.
const FORMS: [(&str, &str); 10] = [
    ("an", "Animal"),
    ("aq", "Aquam"),
    ("au", "Auram"),
    ("co", "Corpus"),
    ("he", "Herbam"),
    ("ig", "Ignem"),
    ("im", "Imaginem"),
    ("me", "Mentem"),
    ("te", "Terram"),
    ("vi", "Vim"),
];

fn form_name(key: &str) -> &str {
    FORMS.iter().find(|(k, _)| *k == key).map_or(key, |(_, name)| *name)
}

fn biography(actor: &Actor) -> String {
    let html = match actor.get("biography") {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    let text = text::html_to_text(&html);
    // arm5e's template writes this where nothing was written.
    if text == "Character biography, notes, &c." {
        String::new()
    } else {
        text
    }
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

// ---- Characters ----

fn read_character(book: &dyn Rulebook, actor: &Actor) -> Result<Imported<CharacterSheet>> {
    let mut report = report(actor);
    let mut values: BTreeMap<String, SheetValue> = BTreeMap::new();
    let mut kept = Vec::new();
    match actor.text("charType.value").as_deref() {
        Some(r @ ("grog" | "companion")) => {
            values.insert("role".into(), SheetValue::Text(r.to_string()));
        }
        Some("mundane") | None => {}
        Some(other) => kept.push(format!("Character type: {other} (Tome's sheet is a grog's or a companion's)")),
    }
    for (key, field) in CHARACTERISTICS {
        let v = characteristic(actor, key);
        if v != 0 {
            values.insert(field.into(), SheetValue::Int(v.clamp(CHAR.0, CHAR.1)));
        }
        if !(CHAR.0..=CHAR.1).contains(&v) {
            report
                .interpretations
                .push(format!("{field} {v} is outside the sheet's range; written as {}", v.clamp(CHAR.0, CHAR.1)));
        }
    }
    if let Some(size) = actor.int("vitals.siz.value").filter(|s| *s != 0) {
        values.insert("size".into(), SheetValue::Int(size.clamp(SIZE.0, SIZE.1)));
    }
    let abilities = abilities(actor);
    let mut specialities = Vec::new();
    for a in &abilities {
        let field = format!("ability.{}", a.word);
        if crate::characters::fields::field_name_problem(&field).is_some() || values.contains_key(&field) {
            kept.push(format!("Ability {} {} ({} xp)", a.item.name, a.score, a.xp));
            continue;
        }
        if a.score > 0 {
            values.insert(field, SheetValue::Int(a.score.clamp(ABILITY.0, ABILITY.1)));
        }
        if let Some(s) = a.item.text("speciality").filter(|s| !s.trim().is_empty()) {
            specialities.push(format!("{} ({})", a.item.name, s.trim()));
        }
        if a.score > 0 && ability_xp(a.score) != a.xp {
            kept.push(format!(
                "{}: {} xp, {} toward score {}",
                a.item.name,
                a.xp,
                a.xp - ability_xp(a.score),
                a.score + 1
            ));
        }
    }
    if !specialities.is_empty() {
        kept.push(format!("Specialities: {}", specialities.join(", ")));
    }
    if !abilities.is_empty() {
        report.interpretations.push(
            "Ability scores from experience: 5 xp for 1, 15 for 2, 30 for 3, 50 for 4, 75 for 5 (ArM5's Ability table, \
             arm5e's getAbilityScoreFromXp); the points beyond a score are kept in the notes"
                .into(),
        );
    }
    let in_hand: Vec<String> = prep(actor).items.iter().map(|i| i.id.clone()).collect();
    let older = actor.get("combatPreps").is_none();
    let mut items: Vec<CharacterItem> = Vec::new();
    for item in actor.items.iter().filter(|i| i.kind == "weapon" || i.kind == "armor") {
        let kind = if item.kind == "weapon" { Kind::Weapon } else { Kind::Armor };
        let m = match_entry(book, kind, &item.name);
        let quantity = item.int_or("quantity", 1);
        let coverage = (kind == Kind::Armor).then(|| {
            if item.flag("full") == Some(true) {
                ItemCoverage::Full
            } else {
                ItemCoverage::Partial
            }
        });
        let equipped = if older { item.flag("equipped") == Some(true) } else { in_hand.contains(&item.id) };
        let mut row = ItemMatch {
            foundry: item.name.clone(),
            item_type: item.kind.clone(),
            entry: m.entry.as_ref().map(|e| e.id.clone()),
            entry_name: m.entry.as_ref().map(|e| e.name.clone()),
            how: m.how.to_string(),
            near: m.near.clone(),
            differs: m.entry.as_ref().map(|e| differences(item, e, coverage)).unwrap_or_default(),
        };
        match m.entry {
            Some(e) if quantity > 0 => {
                if let Some(had) = items.iter_mut().find(|i| i.entry_id == e.id) {
                    had.equipped |= equipped;
                    kept.push(format!("{} (read as {}, already on the sheet)", item.name, e.name));
                    row.differs.push("already on the sheet: kept in the notes".into());
                } else {
                    items.push(CharacterItem {
                        entry_id: e.id.clone(),
                        name: e.name.clone(),
                        kind: e.kind,
                        quantity: quantity.min(crate::characters::check::MAX_QUANTITY),
                        equipped,
                        coverage,
                        retired: false,
                    });
                }
            }
            _ => {
                let what = if kind == Kind::Weapon { item_numbers(item) } else { armour_numbers(item) };
                let why = if quantity <= 0 { "none carried" } else { "no entry of Tome's tables" };
                kept.push(format!(
                    "{} {}: {what} ({why})",
                    if kind == Kind::Weapon { "Weapon" } else { "Armour" },
                    item.name
                ));
            }
        }
        report.items.push(row);
    }
    // Wounds, with the recovery bonus each carries.
    let mut counts: BTreeMap<&str, (i64, Vec<i64>)> = BTreeMap::new();
    for w in actor.items_of("wound") {
        let gravity = w.text("gravity").unwrap_or_else(|| "light".into());
        if gravity == "dead" {
            kept.push(format!("A wound that killed: {}", w.name));
        }
        let e = counts.entry(match gravity.as_str() {
            "light" => "light",
            "medium" => "medium",
            "heavy" => "heavy",
            "incap" => "incap",
            _ => continue,
        });
        let c = e.or_default();
        c.0 += 1;
        c.1.push(w.int_or("bonus", 0));
    }
    for (gravity, field, recovery) in WOUNDS {
        // Actors from before wound items: `wounds.<level>.number.value`.
        let legacy = actor.int_or(&format!("wounds.{gravity}.number.value"), 0);
        let (n, bonuses) = counts.get(gravity).cloned().unwrap_or_default();
        let n = n + legacy;
        if n > 0 {
            values.insert(field.into(), SheetValue::Int(n.min(100)));
        }
        if let (Some(recovery), true) = (recovery, bonuses.iter().any(|b| *b != 0)) {
            values.insert(recovery.into(), SheetValue::Text(bonuses_text(&bonuses)));
        }
    }
    let lost = actor.int_or("fatigueCurrent", 0).max(0);
    // arm5e's code keeps the long-term levels in `fatigueLongTerm` (actor.js reads it as
    // `fatigueLongTerm ?? 0`, and its migration sets it); its template.json also declares a
    // `longTermFatigue`, which nothing in arm5e reads or writes, so Foundry shows none of
    // it: Tome reads it no more, and says so when it holds levels.
    let long = actor.int_or("fatigueLongTerm", 0).clamp(0, lost);
    if let Some(unread) = actor.int("longTermFatigue").filter(|n| *n != 0) {
        report.interpretations.push(format!(
            "`{}.longTermFatigue` holds {unread}: arm5e declares it but counts long-term fatigue in \
             `fatigueLongTerm` ({long} here), as Tome does; it is carried back out as it came",
            actor.data_key
        ));
    }
    if lost - long > 0 {
        values.insert("fatigue.short-term".into(), SheetValue::Int((lost - long).min(20)));
    }
    if long > 0 {
        values.insert("fatigue.long-term".into(), SheetValue::Int(long.min(20)));
    }
    kept_data(actor, &mut kept);
    kept_items(actor, &["weapon", "armor", "ability", "wound"], &mut kept, &mut report.unknown_items);
    let (notes, cut) = text::notes(&biography(actor), &kept, &source(actor), SHEET_NOTES_MAX);
    if cut {
        report.interpretations.push(format!("the notes were cut to the sheet's {SHEET_NOTES_MAX} characters"));
    }
    if !notes.is_empty() {
        values.insert("notes".into(), SheetValue::Text(notes));
    }
    report.kept = kept;
    let sheet = CharacterSheet {
        system: SYSTEM.into(),
        name: foundry::character_name(&actor.name, &mut report),
        values,
        items,
        conditions: Vec::new(),
        spells: Vec::new(),
    };
    Ok(Imported { record: sheet, report })
}

fn armour_numbers(item: &Item) -> String {
    let prot = item.int_or("prot", 0);
    let load = item.get("load").and_then(Value::as_f64).unwrap_or(0.0);
    let full = if item.flag("full") == Some(true) { "full" } else { "partial" };
    format!("Prot {prot}, Load {load}, {full}")
}

/// Recovery bonuses as the sheet keeps them: `+3 0`, without the trailing zeros.
fn bonuses_text(bonuses: &[i64]) -> String {
    let kept = bonuses.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    bonuses[..kept].iter().map(|b| format!("{b:+}")).collect::<Vec<_>>().join(" ")
}

/// A derived stat: its value and terms.
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
    let abilities = abilities(actor);
    let f = FoundryCombat::of(actor, &abilities);
    let prep = prep(actor);
    // The weapon Tome's scores are for: the entry of the preparation's first weapon that
    // is no shield, where Tome has one; bare hands otherwise.
    let mut weapon_note = None;
    let mut slug = "fist".to_string();
    for item in prep.items.iter().filter(|i| i.kind == "weapon") {
        let m = match_entry(book, Kind::Weapon, &item.name);
        match m.entry {
            Some(e) if e.id.starts_with("ars-magica/weapon/shield-") => {}
            Some(e) => {
                if sheet.items.iter().any(|i| i.entry_id == e.id && i.equipped) {
                    slug = e.id.rsplit('/').next().unwrap_or("fist").to_string();
                }
                break;
            }
            None => {
                weapon_note = Some(format!(
                    "Tome has no entry for {}: its combat scores are bare-handed (Fist), Foundry's the item's",
                    item.name
                ));
                break;
            }
        }
    }
    if sheet.items.iter().filter(|i| i.equipped && i.entry_id.starts_with("ars-magica/weapon/")).count() > 0
        && slug == "fist"
    {
        // The preparation's weapon is not Tome's first in hand: Tome's first weapon scores.
        if let Some(first) = d.stats.iter().find(|s| s.key.starts_with("weapon.") && s.key.ends_with(".initiative")) {
            slug = first.key.trim_start_matches("weapon.").trim_end_matches(".initiative").to_string();
        }
    }
    let penalty = d.int("penalty").unwrap_or(0);
    let penalty_note = (penalty != 0).then(|| {
        format!(
            "Tome's sheet folds the wound and fatigue penalty ({penalty:+}) into the total, as it applies to all rolls \
             (document lines 966-970); arm5e applies it when the roll is made"
        )
    });
    let expert_note = f.expert.then(|| {
        "arm5e adds +1 for the weapon's speciality (`weaponExpert`); the document's Attack and Defense Totals (lines \
         18-22) add none, and a speciality counts only on a roll about it, so Tome's sheet leaves it out"
            .to_string()
    });
    let ride_note = (f.ride > 0).then(|| {
        format!("arm5e adds Ride ({:+}, at most +3) for a mounted weapon; Tome's sheet does not (the tracker's mounted-ride does)", f.ride)
    });
    let enc_t = d.int("encumbrance").unwrap_or(0);
    let load_t = d.int("load").unwrap_or(0);
    let enc_note = (enc_t != f.overload).then(|| {
        format!(
            "arm5e's Encumbrance counts the Load of its combat preparation only (Load {}, Encumbrance {}); the \
             document adds up all the Load the character carries (lines 914-919): Load {load_t}, Encumbrance {enc_t}",
            f.load, f.overload
        )
    });
    let item_notes: Vec<String> = report_differences(book, &prep);
    let ability_t = d
        .stats
        .iter()
        .find(|s| s.key == format!("weapon.{slug}.attack"))
        .and_then(|s| s.terms.iter().find(|t| t.label.starts_with("Combat Ability")))
        .and_then(|t| t.value.as_i64());
    let ability_note = ability_t.filter(|t| *t != f.ability - i64::from(f.expert) - f.ride).map(|t| {
        format!(
            "Combat Ability {} in arm5e (the first weapon's Ability item), {t} on Tome's sheet (the weapon table's Ability)",
            f.ability - i64::from(f.expert) - f.ride
        )
    });
    let soak_notes: Vec<String> = {
        let mut v: Vec<String> = prep
            .items
            .iter()
            .filter(|i| i.kind == "armor")
            .filter_map(|i| match match_entry(book, Kind::Armor, &i.name).entry {
                None => Some(format!("Tome has no entry for {}: its Soak counts no armour", i.name)),
                Some(_) => None,
            })
            .collect();
        if f.soak_bonus != 0 {
            v.push(format!(
                "arm5e adds {:+} to Soak from active effects (a Virtue such as Tough); Tome's sheet has no field for it",
                f.soak_bonus
            ));
        }
        v.extend(item_notes.iter().filter(|n| n.contains("Prot")).cloned());
        v
    };
    let with = |mut base: Vec<String>, extra: &[&Option<String>]| {
        base.extend(extra.iter().filter_map(|o| (*o).clone()));
        base
    };
    // An item's own number that differs from the table's, for the total that reads it.
    let about = |words: &[&str]| -> Vec<String> {
        item_notes.iter().filter(|n| words.iter().any(|w| n.contains(&format!("): {w} ")))).cloned().collect()
    };
    let fhow = |what: &str| format!("{what} (arm5e, with {})", f.how);
    let qik = characteristic(actor, "qik");
    let dex = characteristic(actor, "dex");
    let str_ = characteristic(actor, "str");
    let sta = characteristic(actor, "sta");
    Ok(vec![
        NumberPair::new(
            "Soak",
            (
                Some(f.soak(actor)),
                fhow(&format!("Stamina {sta:+}, Protection {:+}, bonuses {:+}", f.prot, f.soak_bonus)),
            ),
            stat(&d, "soak"),
            soak_notes,
        ),
        NumberPair::new(
            "Encumbrance",
            (Some(f.overload), fhow(&format!("Burden of Load {} less Strength", f.load))),
            stat(&d, "encumbrance"),
            with(Vec::new(), &[&enc_note]),
        ),
        NumberPair::new(
            "Initiative",
            (Some(f.init), fhow(&format!("Quickness {qik:+}, weapons' Init, Encumbrance {:+}", -f.overload))),
            stat(&d, &format!("weapon.{slug}.initiative")),
            with(about(&["Init", "Load"]), &[&weapon_note, &enc_note, &penalty_note]),
        ),
        NumberPair::new(
            "Attack",
            (Some(f.atk), fhow(&format!("Dexterity {dex:+}, Ability {:+}, weapons' Atk", f.ability))),
            stat(&d, &format!("weapon.{slug}.attack")),
            with(about(&["Atk"]), &[&weapon_note, &expert_note, &ride_note, &ability_note, &penalty_note]),
        ),
        NumberPair::new(
            "Defense",
            (Some(f.dfn), fhow(&format!("Quickness {qik:+}, Ability {:+}, weapons' Dfn", f.ability))),
            stat(&d, &format!("weapon.{slug}.defense")),
            with(about(&["Dfn"]), &[&weapon_note, &expert_note, &ride_note, &ability_note, &penalty_note]),
        ),
        NumberPair::new(
            "Damage",
            (Some(f.dam), fhow(&format!("Strength {str_:+}, weapons' Dam"))),
            stat(&d, &format!("weapon.{slug}.damage")),
            with(about(&["Dam"]), &[&weapon_note]),
        ),
    ])
}

/// What the preparation's items hold that the tables do not, item by item.
fn report_differences(book: &dyn Rulebook, prep: &Prep<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for item in &prep.items {
        let kind = if item.kind == "weapon" { Kind::Weapon } else { Kind::Armor };
        let coverage = (kind == Kind::Armor).then(|| {
            if item.flag("full") == Some(true) {
                ItemCoverage::Full
            } else {
                ItemCoverage::Partial
            }
        });
        if let Some(e) = match_entry(book, kind, &item.name).entry {
            for d in differences(item, &e, coverage) {
                out.push(format!("{} (Tome's {}): {d}", item.name, e.name));
            }
        }
    }
    out
}

fn export_character(book: &dyn Rulebook, c: &CharacterSheet) -> Result<Exported> {
    let int = |k: &str| match c.values.get(k) {
        Some(SheetValue::Int(n)) => *n,
        _ => 0,
    };
    let text_of = |k: &str| match c.values.get(k) {
        Some(SheetValue::Text(t)) => t.clone(),
        _ => String::new(),
    };
    let seed = |what: &str| format!("{}|{what}", c.name);
    let mut items: Vec<Value> = Vec::new();
    let mut said = Vec::new();
    let mut ability_ids: BTreeMap<String, String> = BTreeMap::new();
    for (key, v) in c.values.range("ability.".to_string()..) {
        let Some(word) = key.strip_prefix("ability.") else { break };
        let SheetValue::Int(score) = v else { continue };
        let name = crate::systems::field_label(SYSTEM, key);
        let (ability, option) = ability_key(word);
        if ability == ANY_TOPIC && word != ANY_TOPIC && !word.starts_with("knowledge-") {
            said.push(format!(
                "{name}: arm5e has no Ability of that name, so it goes out as Knowledge ({ANY_TOPIC}) of `{option}`"
            ));
        }
        let item = foundry::item(
            &seed(key),
            &name,
            "ability",
            IMG_ITEM,
            json!({ "key": ability, "option": option, "xp": ability_xp(*score), "speciality": "", "accelerated": false }),
        );
        if option.is_empty() {
            ability_ids.insert(ability, item["_id"].as_str().expect("an id").to_string());
        }
        items.push(item);
    }
    let mut in_hand = Vec::new();
    for (n, i) in c.items.iter().enumerate() {
        let e = book.show(&i.entry_id)?;
        let item = match &e.detail {
            Some(Detail::Weapon(w)) => {
                let key = WEAPON_ABILITIES.iter().find(|(a, _)| *a == w.ability).map_or("brawl", |(_, k)| *k);
                foundry::item(
                    &seed(&format!("item{n}|{}", e.id)),
                    &e.name,
                    "weapon",
                    IMG_ITEM,
                    json!({
                        "init": w.init.unwrap_or(0), "atk": w.atk.unwrap_or(0), "dfn": w.dfn.unwrap_or(0),
                        "dam": w.dam.unwrap_or(0), "str": w.str.unwrap_or(0), "load": w.load.unwrap_or(0),
                        "range": w.range.unwrap_or(0), "quantity": i.quantity,
                        "weaponExpert": false, "horse": false, "naturalWeapon": false,
                        "ability": { "key": key, "option": "", "id": ability_ids.get(key) },
                    }),
                )
            }
            Some(Detail::Armor(_)) => {
                let a = ArmorStats::from_entry(&e)?;
                let coverage =
                    i.coverage.unwrap_or(if a.full.is_some() { ItemCoverage::Full } else { ItemCoverage::Partial });
                let (prot, load) = match coverage {
                    ItemCoverage::Full => a.full,
                    ItemCoverage::Partial => a.partial,
                }
                .unwrap_or((0, 0));
                foundry::item(
                    &seed(&format!("item{n}|{}", e.id)),
                    &e.name,
                    "armor",
                    IMG_ITEM,
                    json!({ "prot": prot, "load": load, "full": coverage == ItemCoverage::Full, "quantity": i.quantity }),
                )
            }
            _ => continue,
        };
        if i.equipped {
            in_hand.push(item["_id"].clone());
        }
        items.push(item);
    }
    for (gravity, field, recovery) in WOUNDS {
        let bonuses = recovery
            .and_then(|r| match c.values.get(r) {
                Some(SheetValue::Text(t)) => super::recovery::parse_bonuses(r, t).ok(),
                _ => None,
            })
            .unwrap_or_default();
        for n in 0..int(field).max(0) {
            let bonus = bonuses.get(n as usize).copied().unwrap_or(0);
            items.push(foundry::item(
                &seed(&format!("{field}|{n}")),
                &format!("{} wound", capitalised(if gravity == "incap" { "incapacitating" } else { gravity })),
                "wound",
                IMG_ITEM,
                json!({ "gravity": gravity, "originalGravity": gravity, "bonus": bonus, "trend": 0 }),
            ));
        }
    }
    // A grog or a companion is a `player` of that type; a sheet with neither is an
    // `npc` of arm5e's `mundane` type (its player types are magus, companion and grog
    // only), which reads back as no role.
    let role = text_of("role");
    let (actor_type, char_type) =
        if role == "grog" || role == "companion" { ("player", role.as_str()) } else { ("npc", "mundane") };
    if actor_type == "npc" {
        said.push("no role (grog or companion): written as an npc of arm5e's mundane type, as arm5e's player types are magus, companion and grog".into());
    }
    let mut characteristics = Map::new();
    for (key, field) in CHARACTERISTICS {
        characteristics.insert(key.into(), json!({ "value": int(field), "aging": 0 }));
    }
    let short = int("fatigue.short-term").max(0);
    let long = int("fatigue.long-term").max(0);
    let actor = json!({
        "name": c.name,
        "type": actor_type,
        "img": IMG_ACTOR,
        "system": {
            "charType": { "value": char_type },
            "characteristics": characteristics,
            "vitals": { "siz": { "value": int("size") }, "soa": { "value": 0 }, "enc": { "value": 0 } },
            "biography": text::text_to_html(text::own_notes(&text_of("notes"))),
            "fatigueCurrent": short + long,
            "fatigueLongTerm": long,
            "combatPreps": { "current": "custom", "list": { "custom": { "ids": in_hand } } },
        },
        "items": items,
        "effects": [],
        "flags": {},
        "_stats": foundry::stats(FOUNDRY, WRITES),
    });
    Ok(Exported { actor, said })
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

// ---- Adversaries ----

/// A weapon of the actor as the rules read it: its entry's id when Tome has one (so a
/// shield is known), its own numbers always (what the actor was written with).
fn weapon_stats(item: &Item, entry: Option<&Entry>, ability: Option<&Ability<'_>>) -> WeaponStats {
    let f = |k: &str| item.int_or(k, 0);
    let range = f("range");
    WeaponStats {
        id: entry.map_or_else(|| format!("foundry/weapon/{}", crate::slug::slugify(&item.name)), |e| e.id.clone()),
        name: item.name.clone(),
        stats: crate::model::Weapon {
            group: if range > 0 { "missile".into() } else { "melee".into() },
            ability: table_ability(item, ability),
            init: Some(f("init")),
            atk: Some(f("atk")),
            dfn: Some(f("dfn")),
            dam: Some(f("dam")),
            str: Some(f("str")),
            load: Some(item.get("load").and_then(Value::as_f64).unwrap_or(0.0).floor() as i64),
            range: (range > 0).then_some(range),
            cost: None,
            // The content's mark where Tome knows the weapon (the lance).
            horseback: entry.is_some_and(|e| matches!(&e.detail, Some(crate::model::Detail::Weapon(w)) if w.horseback)),
        },
    }
}

/// The totals the document gives a weapon (with a shield): Initiative, Attack, Defense,
/// Damage; an n/a total is 0, said in `notes`.
fn totals(
    w: &WeaponStats,
    shield: Option<&WeaponStats>,
    (qik, dex, str_): (i64, i64, i64),
    ability: i64,
    enc: i64,
    notes: &mut Vec<String>,
) -> [i64; 4] {
    let clamp = |v: i64, r: (i64, i64)| v.clamp(r.0, r.1);
    let (qik, dex, str_, ability, enc) =
        (clamp(qik, CHAR), clamp(dex, CHAR), clamp(str_, CHAR), clamp(ability, ABILITY), clamp(enc, ENC));
    let mut one = |label: &str, t: Result<am::Total>| match t {
        Ok(t) => t.total,
        Err(e) => {
            notes.push(format!("{} {label}: {e}", w.name));
            0
        }
    };
    [
        one("Initiative", am::initiative_total(qik, enc, w, shield)),
        one("Attack", am::attack_total(dex, ability, w, shield)),
        one("Defense", am::defense_total(qik, ability, w, shield, false)),
        one("Damage", am::damage_total(str_, w, shield, None)),
    ]
}

fn read_adversary(book: &dyn Rulebook, actor: &Actor) -> Result<Imported<Adversary>> {
    let mut report = report(actor);
    let mut kept = Vec::new();
    let abilities = abilities(actor);
    let (qik, dex, str_, sta) = (
        characteristic(actor, "qik"),
        characteristic(actor, "dex"),
        characteristic(actor, "str"),
        characteristic(actor, "sta"),
    );
    let size = actor.int_or("vitals.siz.value", 0);
    let prep = prep(actor);
    // Everything carried adds its Load (document lines 914-919).
    let load: f64 = actor
        .items
        .iter()
        .filter(|i| i.kind == "weapon" || i.kind == "armor")
        .map(|i| i.get("load").and_then(Value::as_f64).unwrap_or(0.0) * i.int_or("quantity", 1).max(0) as f64)
        .sum();
    let enc = am::encumbrance(load.floor() as i64, str_.clamp(CHAR.0, CHAR.1)).encumbrance;
    let matched: Vec<(&Item, Matched)> =
        actor.items_of("weapon").map(|w| (w, match_entry(book, Kind::Weapon, &w.name))).collect();
    let stats_of = |w: &Item| {
        let m = matched.iter().find(|(i, _)| std::ptr::eq(*i, w)).map(|(_, m)| m);
        let ability = weapon_ability(w, &abilities);
        (weapon_stats(w, m.and_then(|m| m.entry.as_ref()), ability), ability.map_or(0, |a| a.score))
    };
    let in_hand: Vec<&Item> = prep.items.iter().copied().filter(|i| i.kind == "weapon").collect();
    let shield = in_hand.iter().map(|w| stats_of(w).0).find(WeaponStats::is_shield);
    let primary = in_hand.iter().copied().find(|w| !stats_of(w).0.is_shield());
    let mut notes_rules = Vec::new();
    let mut stats: BTreeMap<String, i64> = BTreeMap::new();
    let mut put = |k: &str, v: i64| {
        stats.insert(k.to_string(), v);
    };
    if let Some(w) = primary {
        let (ws, ability) = stats_of(w);
        let [init, atk, dfn, dam] = totals(&ws, shield.as_ref(), (qik, dex, str_), ability, enc, &mut notes_rules);
        put("initiative", init);
        put("attack", atk);
        put("defense", dfn);
        put("damage", dam);
        put("ability", ability);
    } else {
        // Bare hands: the Fist.
        let fist = WeaponStats::from_entry(&book.show("ars-magica/weapon/fist")?)?;
        let brawl = abilities.iter().find(|a| a.key == "brawl").map_or(0, |a| a.score);
        let [init, atk, dfn, dam] = totals(&fist, shield.as_ref(), (qik, dex, str_), brawl, enc, &mut notes_rules);
        put("initiative", init);
        put("attack", atk);
        put("defense", dfn);
        put("damage", dam);
        put("ability", brawl);
    }
    let prot: i64 = prep.items.iter().filter(|i| i.kind == "armor").map(|i| i.int_or("prot", 0)).sum();
    // What its effects add to Soak (a Virtue such as Tough, a creature's own toughness)
    // is part of its Soak Total, as the stat block the compendium copies prints it.
    let soak_bonus = actor.effect_bonus("system.bonuses.traits.soak");
    put("soak", sta + prot + soak_bonus);
    if soak_bonus != 0 {
        report.interpretations.push(format!("its Soak Total counts the {soak_bonus:+} its active effects add to Soak"));
    }
    put("size", size);
    put("stamina", sta);
    put("quickness", qik);
    put("encumbrance", enc);
    if actor.items_of("weapon").any(|w| w.int_or("range", 0) > 0) {
        put("missile", 1);
    }
    // Within the tracker's ranges (a stat block out of them could not be saved).
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
    stats.retain(|k, v| *v != specs.iter().find(|s| s.key == k.as_str()).map_or(0, |s| s.default));
    // Attacks: each weapon, its entry where Tome has one, else its totals written out.
    let mut attacks = Vec::new();
    for (w, m) in &matched {
        let (ws, ability) = stats_of(w);
        let with_shield = if primary.is_some_and(|p| std::ptr::eq(p, *w)) { shield.as_ref() } else { None };
        let [init, atk, dfn, dam] = totals(&ws, with_shield, (qik, dex, str_), ability, enc, &mut notes_rules);
        report.items.push(ItemMatch {
            foundry: w.name.clone(),
            item_type: w.kind.clone(),
            entry: m.entry.as_ref().map(|e| e.id.clone()),
            entry_name: m.entry.as_ref().map(|e| e.name.clone()),
            how: m.how.to_string(),
            near: m.near.clone(),
            differs: m.entry.as_ref().map(|e| differences(w, e, None)).unwrap_or_default(),
        });
        if ws.is_shield() {
            continue;
        }
        let numbers = format!("Init {init:+}, Atk {atk:+}, Dfn {dfn:+}, Dam {dam:+}");
        match &m.entry {
            Some(e) => attacks.push(AdversaryAttack { name: String::new(), entry: Some(e.id.clone()), numbers }),
            None => attacks.push(AdversaryAttack { name: w.name.clone(), entry: None, numbers }),
        }
    }
    foundry::attacks_within_the_library(&mut attacks, &mut kept, &mut report);
    for a in actor.items_of("armor") {
        kept.push(format!("Armour {}: {}", a.name, armour_numbers(a)));
    }
    let named: Vec<String> = CHARACTERISTICS
        .iter()
        .map(|(k, _)| (k, characteristic(actor, k)))
        .filter(|(k, v)| *v != 0 && !matches!(**k, "qik" | "sta"))
        .map(|(k, v)| format!("{} {v:+}", capitalised(k)))
        .collect();
    if !named.is_empty() {
        kept.push(format!("Characteristics: {}", named.join(", ")));
    }
    let scores: Vec<String> = abilities
        .iter()
        .map(|a| {
            let spec = a
                .item
                .text("speciality")
                .filter(|s| !s.trim().is_empty())
                .map(|s| format!(" ({})", s.trim()))
                .unwrap_or_default();
            format!("{} {}{spec}", a.item.name, a.score)
        })
        .collect();
    if !scores.is_empty() {
        kept.push(format!("Abilities: {}", scores.join(", ")));
    }
    kept_data(actor, &mut kept);
    kept_items(actor, &["weapon", "armor", "ability", "wound"], &mut kept, &mut report.unknown_items);
    kept.extend(notes_rules);
    let (notes, cut) = text::notes(&biography(actor), &kept, &source(actor), crate::adversaries::MAX_NOTES);
    if cut {
        report
            .interpretations
            .push(format!("the notes were cut to the library's {} characters", crate::adversaries::MAX_NOTES));
    }
    report.interpretations.push(format!(
        "the stat block's totals are the document's (lines 13-27) from the actor's own weapon numbers, with {}",
        prep.how
    ));
    let mut tags: Vec<String> = vec![actor.kind.clone()];
    for (realm, tag) in [("magic", "magic"), ("faeric", "faerie"), ("divine", "divine"), ("infernal", "infernal")] {
        if actor.get(&format!("realms.{realm}.aligned")).and_then(Value::as_bool) == Some(true) {
            tags.push(tag.into());
        }
    }
    if actor.int("might.value").is_some_and(|m| m > 0) {
        tags.push("might".into());
    }
    report.kept = kept;
    let mut a = Adversary::new(SYSTEM, &foundry::adversary_name(&actor.name, &mut report));
    a.stats = stats;
    a.attacks = attacks;
    a.tags = tags;
    a.notes = notes;
    Ok(Imported { record: a, report })
}

fn adversary_numbers(book: &dyn Rulebook, actor: &Actor, a: &Adversary) -> Result<Vec<NumberPair>> {
    let _ = book;
    let abilities = abilities(actor);
    let f = FoundryCombat::of(actor, &abilities);
    let expert_note = f.expert.then(|| {
        "arm5e adds +1 for the weapon's speciality (`weaponExpert`); the document's Attack and Defense Totals (lines \
         18-22) add none"
            .to_string()
    });
    let tome_enc = a.stats.get("encumbrance").copied().unwrap_or(0);
    let enc_note = (tome_enc != f.overload).then(|| {
        format!(
            "arm5e's Encumbrance counts the Load of its combat preparation only ({}); the document adds up all the \
             Load carried (lines 914-919): {tome_enc}",
            f.overload
        )
    });
    let soak_note = None;
    let stat = |k: &str| (Some(a.stats.get(k).copied().unwrap_or(0)), format!("the stat block's {k}"));
    let fhow = |what: &str| format!("{what} (arm5e, with {})", f.how);
    let some = |v: &[&Option<String>]| v.iter().filter_map(|o| (*o).clone()).collect::<Vec<_>>();
    Ok(vec![
        NumberPair::new(
            "Soak",
            (Some(f.soak(actor)), fhow("Stamina, Protection, bonuses")),
            stat("soak"),
            some(&[&soak_note]),
        ),
        NumberPair::new(
            "Encumbrance",
            (Some(f.overload), fhow("Burden less Strength")),
            stat("encumbrance"),
            some(&[&enc_note]),
        ),
        NumberPair::new(
            "Initiative",
            (Some(f.init), fhow("Quickness, weapons' Init, Encumbrance")),
            stat("initiative"),
            some(&[&enc_note]),
        ),
        NumberPair::new(
            "Attack",
            (Some(f.atk), fhow("Dexterity, Ability, weapons' Atk")),
            stat("attack"),
            some(&[&expert_note]),
        ),
        NumberPair::new(
            "Defense",
            (Some(f.dfn), fhow("Quickness, Ability, weapons' Dfn")),
            stat("defense"),
            some(&[&expert_note]),
        ),
        NumberPair::new("Damage", (Some(f.dam), fhow("Strength, weapons' Dam")), stat("damage"), Vec::new()),
    ])
}

/// An adversary as an arm5e `npc`: its Quickness, Stamina and Size as characteristics,
/// its combat Ability as an Ability item, and one weapon whose numbers make arm5e's own
/// totals the stat block's (the document's formulas with Dexterity and Strength 0 and
/// the Load on the weapon that gives its Encumbrance), armour for the rest of its Soak;
/// its other attacks as weapons of their entries (with no Load) or with no numbers.
fn export_adversary(book: &dyn Rulebook, a: &Adversary) -> Result<Exported> {
    let stat = |k: &str| a.stats.get(k).copied().unwrap_or(0);
    let seed = |what: &str| format!("{}|{what}", a.name);
    let (qik, sta, ability, enc) = (stat("quickness"), stat("stamina"), stat("ability"), stat("encumbrance"));
    let mut items = Vec::new();
    let mut in_hand = Vec::new();
    let first = a.attacks.first();
    let first_entry = first.and_then(|x| x.entry.as_deref()).map(|id| book.show(id)).transpose()?;
    let table_ability = first_entry
        .as_ref()
        .and_then(|e| match &e.detail {
            Some(Detail::Weapon(w)) => Some(w.ability.clone()),
            _ => None,
        })
        .unwrap_or_else(|| "Brawl".into());
    let key = WEAPON_ABILITIES.iter().find(|(w, _)| *w == table_ability).map_or("brawl", |(_, k)| *k);
    let ability_item = foundry::item(
        &seed("ability"),
        &crate::systems::field_label(SYSTEM, &format!("ability.{}", sheet_word(key))),
        "ability",
        IMG_ITEM,
        json!({ "key": key, "option": "", "xp": ability_xp(ability), "speciality": "", "accelerated": false }),
    );
    let ability_id = ability_item["_id"].clone();
    items.push(ability_item);
    let fights = first.is_some() || ["initiative", "attack", "defense", "damage"].iter().any(|k| stat(k) != 0);
    if fights {
        let name = match (first, &first_entry) {
            (_, Some(e)) => e.name.clone(),
            (Some(x), None) if !x.name.is_empty() => x.name.clone(),
            _ => "Attack".into(),
        };
        let weapon = foundry::item(
            &seed("weapon"),
            &name,
            "weapon",
            IMG_ITEM,
            json!({
                "init": stat("initiative") - qik + enc, "atk": stat("attack") - ability,
                "dfn": stat("defense") - ability - qik, "dam": stat("damage"), "str": 0,
                "load": enc * (enc + 1) / 2, "range": 0, "quantity": 1,
                "weaponExpert": false, "horse": false, "naturalWeapon": false,
                "ability": { "key": key, "option": "", "id": ability_id },
            }),
        );
        in_hand.push(weapon["_id"].clone());
        items.push(weapon);
    }
    if stat("soak") > sta {
        let armour = foundry::item(
            &seed("armour"),
            "Protection (Soak)",
            "armor",
            IMG_ITEM,
            json!({ "prot": stat("soak") - sta, "load": 0, "full": false, "quantity": 1 }),
        );
        in_hand.push(armour["_id"].clone());
        items.push(armour);
    }
    for (n, x) in a.attacks.iter().enumerate().skip(1) {
        let entry = x.entry.as_deref().map(|id| book.show(id)).transpose()?;
        let (name, numbers) = match &entry {
            Some(e) => match &e.detail {
                Some(Detail::Weapon(w)) => (e.name.clone(), (w.init, w.atk, w.dfn, w.dam, w.str, w.range)),
                _ => (e.name.clone(), Default::default()),
            },
            None => (x.name.clone(), Default::default()),
        };
        let (init, atk, dfn, dam, str_, range) = numbers;
        items.push(foundry::item(
            &seed(&format!("attack{n}")),
            &name,
            "weapon",
            IMG_ITEM,
            json!({
                "init": init.unwrap_or(0), "atk": atk.unwrap_or(0), "dfn": dfn.unwrap_or(0), "dam": dam.unwrap_or(0),
                "str": str_.unwrap_or(0), "load": 0, "range": range.unwrap_or(0), "quantity": 1,
                "weaponExpert": false, "horse": false, "naturalWeapon": false,
                "ability": { "key": "brawl", "option": "", "id": null },
                "description": x.numbers,
            }),
        ));
    }
    let mut characteristics = Map::new();
    for (key, _) in CHARACTERISTICS {
        let v = match key {
            "qik" => qik,
            "sta" => sta,
            _ => 0,
        };
        characteristics.insert(key.into(), json!({ "value": v, "aging": 0 }));
    }
    // Its Might, from the line an import kept ("Might 6 (Corpus)"), and the realms its
    // tags name: a creature with Might is one of arm5e's entities *(interpretation)*.
    let (might, form, points) = text::kept_lines(&a.notes).into_iter().find_map(kept_might).unwrap_or((0, "", 0));
    let mut realms = Map::new();
    for (realm, tag) in [("magic", "magic"), ("faeric", "faerie"), ("divine", "divine"), ("infernal", "infernal")] {
        realms.insert(realm.into(), json!({ "aligned": a.tags.iter().any(|t| t == tag), "susceptible": false }));
    }
    Ok(Exported::plain(json!({
        "name": a.name,
        "type": "npc",
        "img": IMG_ACTOR,
        "system": {
            "charType": { "value": if might > 0 { "entity" } else { "mundane" } },
            "realms": realms,
            "characteristics": characteristics,
            "vitals": { "siz": { "value": stat("size") }, "soa": { "value": 0 }, "enc": { "value": 0 } },
            "biography": text::text_to_html(text::own_notes(&a.notes)),
            "might": { "label": "Might", "form": form, "value": might, "points": points },
            "fatigueCurrent": 0,
            "fatigueLongTerm": 0,
            "combatPreps": { "current": "custom", "list": { "custom": { "ids": in_hand } } },
        },
        "items": items,
        "effects": [],
        "flags": {},
        "_stats": foundry::stats(FOUNDRY, WRITES),
    })))
}

impl Mapping for Arm5e {
    fn foundry_id(&self) -> &'static str {
        FOUNDRY
    }

    fn tome_system(&self) -> &'static str {
        SYSTEM
    }

    fn versions(&self) -> &'static str {
        "1 to 3"
    }

    fn reads_version(&self, version: &str) -> bool {
        version.split('.').next().and_then(|m| m.trim().parse::<u32>().ok()).is_some_and(|m| (1..=3).contains(&m))
    }

    fn actor_types(&self, into: Target) -> &'static [&'static str] {
        match into {
            Target::Character => &["player", "npc"],
            Target::Adversary => &["npc", "beast", "player"],
        }
    }

    fn writes_version(&self) -> &'static str {
        WRITES
    }

    /// Wounds go out by their count on the sheet; a creature's armour as the one piece
    /// that gives its Soak (`export_adversary`).
    fn whole_item_types(&self, into: Target) -> &'static [&'static str] {
        match into {
            Target::Character => &["wound"],
            Target::Adversary => &["wound", "armor"],
        }
    }

    /// An older actor's wound counts, read as the sheet's wounds and written as wound items.
    fn uncarried_fields(&self) -> &'static [&'static str] {
        &["wounds"]
    }

    /// A creature's Soak counts what its effects add (`read_adversary`).
    fn taken_effect_keys(&self, into: Target) -> &'static [&'static str] {
        match into {
            Target::Character => &[],
            Target::Adversary => &["system.bonuses.traits.soak"],
        }
    }

    /// An Ability is its `key` and `option` (`Bows` goes out as the sheet's Bow).
    fn item_key(&self, kind: &str, data: &Value) -> Option<String> {
        let key = data.get("key").and_then(Value::as_str).filter(|k| !k.is_empty())?;
        let option = data.get("option").and_then(Value::as_str).unwrap_or_default();
        (kind == "ability").then(|| format!("{key}|{option}"))
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

    /// The Ability table: 5 xp for 1, 15 for 2, 30 for 3, 50 for 4, 75 for 5.
    #[test]
    fn ability_scores_from_experience() {
        for (xp, score) in
            [(0, 0), (4, 0), (5, 1), (14, 1), (15, 2), (30, 3), (49, 3), (50, 4), (75, 5), (139, 6), (140, 7), (180, 8)]
        {
            assert_eq!(ability_score(xp), score, "{xp} xp");
        }
        for s in 0..=30 {
            assert_eq!(ability_score(ability_xp(s)), s);
            assert_eq!(ability_score(ability_xp(s + 1) - 1), s);
        }
        assert_eq!(art_score(6.0), 3);
        assert_eq!(art_score(10.0), 4);
        // A fraction of a point counts as a whole one in arm5e's loop.
        assert_eq!((art_score(0.5), art_score(2.5), art_score(-3.0)), (1, 2, 0));
        // Worked out at once however large: the highest n with n(n+1)/2 within it.
        let huge = art_score(1e300);
        assert!(huge > 4_000_000_000 && i128::from(huge) * i128::from(huge + 1) / 2 <= i128::from(i64::MAX), "{huge}");
        assert_eq!(art_score(f64::NAN), 0);
    }

    #[test]
    fn ability_keys_and_words() {
        for (key, word) in [
            ("singleWeapon", "single-weapon"),
            ("bows", "bow"),
            ("trownWeapon", "thrown-weapon"),
            ("folkKen", "folk-ken"),
            ("brawl", "brawl"),
        ] {
            assert_eq!(sheet_word(key), word);
            assert_eq!(foundry_key(word), key);
        }
    }

    /// Every Ability word goes out as a key arm5e defines, an option Ability with an
    /// option; and the word an import gives an item goes out as the item's key and option.
    #[test]
    fn ability_words_go_out_as_arm5e_keys_with_options() {
        let pair = |k: &str, o: &str| (k.to_string(), o.to_string());
        assert_eq!(ability_key("single-weapon"), pair("singleWeapon", ""));
        assert_eq!(ability_key("bow"), pair("bows", ""));
        assert_eq!(ability_key("area-lore"), pair("areaLore", "area-lore"));
        assert_eq!(ability_key("craft-blacksmith"), pair("craft", "blacksmith"));
        assert_eq!(ability_key("living-language-native-language"), pair("livingLanguage", "native-language"));
        assert_eq!(ability_key("organization-lore-the-order"), pair("organizationLore", "the-order"));
        assert_eq!(ability_key("latin"), pair("knowledge", "latin"));
        for word in ["latin", "native-language", "craft-baker", "profession-merchant", "area-lore-arques", "x"] {
            let (k, o) = ability_key(word);
            let takes = ARM5E_ABILITIES.iter().find(|(key, _)| *key == k).map(|(_, t)| *t);
            assert_eq!(takes, Some(!o.is_empty()), "{word}: {k}/{o}");
        }
        for (key, option, name) in [
            ("livingLanguage", "native-language", "Native Language"),
            ("areaLore", "area-lore", "Area Lore"),
            ("craft", "blacksmith", "Craft: Blacksmith"),
            ("deadLanguage", "latin", "Latin"),
            ("bows", "", "Bows"),
            ("knowledge", "heraldry", "Heraldry"),
        ] {
            let word = ability_word(key, option, name);
            assert_eq!(ability_key(&word), pair(key, option), "{name} read as {word}");
        }
    }
}
