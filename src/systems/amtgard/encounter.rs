//! Amtgard in an encounter: a reeve's board for a battlegame. There is no initiative:
//! everyone plays at once, and States that last a number of seconds count down on the
//! clock (real seconds, plus any `elapse`). Each player has lives, armour points by hit
//! location, worn enchantments (checked with the carrying limits of
//! [`check_enchantments`]), and a shield; hits go through [`hit`], Magic Armor through
//! [`magic_armor`]. Death and respawn remove what the document says they remove.
//!
//! Where the document is silent (how many lives a battlegame gives, which wounds kill,
//! whether respawning refits armour), Tome chooses, and says so in the log as an
//! interpretation.

use std::collections::BTreeMap;

use super::rules::{
    check_enchantments, hit, magic_armor, parse_enchantments, CameFirst, Effect, EnchantmentKind, Enhancement, Hit,
    MagicArmorSource, ShieldState, Struck, WornArmor, HOLDING_STATES, MAX_ARMOR, R_ENCHANTMENTS, R_MAGIC_ARMOR,
    R_SPECIAL_EFFECTS, R_STATES, R_TRAITS,
};
use super::sheet::LOCATIONS;
use crate::characters::{Character, SheetValue};
use crate::encounters::{
    Act, Action, ActiveCondition, Combatant, EncounterRules, Mark, Outcome, Pace, StatSpec, State,
};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};
use crate::sheets::Derived;

/// Lives a player has when the game master gives none. The document leaves lives to
/// each battlegame; this default is Tome's choice.
pub const DEFAULT_LIVES: i64 = 5;
/// The most hits one `damage` event counts.
const MAX_HITS: i64 = 20;
const ENCHANTMENTS: &str = "enchantments";
/// States the player has from class Traits (Immunity to Subdual, say): nothing removes them.
const TRAIT_STATES: &str = "trait-states";

/// States that keep combat from affecting the player at all.
const UNTOUCHABLE: [&str; 3] = ["frozen", "insubstantial", "invulnerable"];

macro_rules! worn {
    ($key:literal, $label:literal, $loc:literal) => {
        StatSpec {
            key: $key,
            label: $label,
            aliases: &[$loc, concat!("armor.", $loc), concat!("armour-", $loc)],
            min: 0,
            max: MAX_ARMOR,
            default: 0,
        }
    };
}

static STATS: &[StatSpec] = &[
    StatSpec {
        key: "lives",
        label: "Lives in this battlegame",
        aliases: &["life"],
        min: 1,
        max: 99,
        default: DEFAULT_LIVES,
    },
    worn!("worn-torso", "Worn armour, torso", "torso"),
    worn!("worn-left-arm", "Worn armour, left arm", "left-arm"),
    worn!("worn-right-arm", "Worn armour, right arm", "right-arm"),
    worn!("worn-left-leg", "Worn armour, left leg", "left-leg"),
    worn!("worn-right-leg", "Worn armour, right leg", "right-leg"),
];

const LOCATION_NAMES: &[&str] = &["torso", "left-arm", "right-arm", "left-leg", "right-leg"];

static HIT_PARAMS: &[Param] = &[
    Param {
        name: "location",
        help: "The hit location struck (for a hit on the player rather than a shield or weapon).",
        kind: ParamKind::Choice { options: LOCATION_NAMES },
        required: false,
        default: None,
    },
    Param {
        name: "effect",
        help: "The Special Effect the hit carries, if any.",
        kind: ParamKind::Choice { options: <Effect as strum::VariantNames>::VARIANTS },
        required: false,
        default: Some("none"),
    },
    Param {
        name: "struck",
        help: "What the hit landed on: the player (a location), their shield or their weapon.",
        kind: ParamKind::Choice { options: &["location", "shield", "weapon"] },
        required: false,
        default: Some("location"),
    },
    Param {
        name: "immune-to-death",
        help: "The player is Immune to the Death School (Wounds Kill is a Death effect).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

static DIE_PARAMS: &[Param] = &[Param {
    name: "voluntary",
    help: "The player takes the death of their own will: every enchantment they carry goes.",
    kind: ParamKind::Flag,
    required: false,
    default: None,
}];

static ENCHANT_PARAMS: &[Param] = &[
    Param {
        name: "enchantment",
        help: "m:NAME for a magical enchantment, ex:NAME for an extraordinary one (`m:Stoneskin`); with --remove, its name.",
        kind: ParamKind::Text,
        required: true,
        default: None,
    },
    Param {
        name: "magic-armor",
        help: "Points of Magic Armor per location the enchantment grants, if any.",
        kind: ParamKind::Int { min: 1, max: MAX_ARMOR },
        required: false,
        default: None,
    },
    Param {
        name: "persistent",
        help: "The enchantment is Persistent: it stays through a respawn.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "remove",
        help: "Take the enchantment off (removed, dispelled or used up) instead of putting it on.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

static TRAIT_PARAMS: &[Param] = &[Param {
    name: "state",
    help: "The State a class Trait gives the player, e.g. \"Immune to Subdual\": kept through death and respawn.",
    kind: ParamKind::Text,
    required: true,
    default: None,
}];

static ACTIONS: &[Action] = &[
    Action {
        name: "hit",
        summary: "A hit on a player's location, shield or weapon, with its Special Effect",
        combatant: true,
        params: HIT_PARAMS,
        rule: Some(R_SPECIAL_EFFECTS),
    },
    Action {
        name: "die",
        summary: "The player dies (States go except Cursed and Trait States, enchantments go quiet)",
        combatant: true,
        params: DIE_PARAMS,
        rule: Some(R_STATES),
    },
    Action {
        name: "respawn",
        summary: "A dead player comes back on a new life (wounds, States but Trait States, and non-Persistent enchantments go)",
        combatant: true,
        params: &[],
        rule: Some(R_ENCHANTMENTS),
    },
    Action {
        name: "trait-state",
        summary: "Record a State the player has from a class Trait (never removed, not by death nor respawn)",
        combatant: true,
        params: TRAIT_PARAMS,
        rule: Some(R_TRAITS),
    },
    Action {
        name: "enchant",
        summary: "Put an enchantment on a player (checked against the carrying limits), or take one off",
        combatant: true,
        params: ENCHANT_PARAMS,
        rule: Some(R_ENCHANTMENTS),
    },
];

/// Amtgard's encounter rules: a battlegame.
pub struct Rules;

fn armor_key(loc: &str) -> String {
    format!("armor-{loc}")
}

fn wound_key(loc: &str) -> String {
    format!("wound-{loc}")
}

fn label(loc: &str) -> &'static str {
    LOCATIONS.iter().find(|(k, _)| *k == loc).map_or("location", |(_, l)| l)
}

fn is_limb(loc: &str) -> bool {
    loc != "torso"
}

fn plural(n: i64, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// The active enchantments that grant Magic Armor, as the calculator takes them.
fn magic_sources(c: &Combatant) -> Vec<MagicArmorSource> {
    c.marks(ENCHANTMENTS)
        .filter(|m| !m.flagged("inactive") && m.number("magic-armor") > 0)
        .map(|m| MagicArmorSource::new(&m.name, m.number("magic-armor")))
        .collect()
}

fn worn_max(c: &Combatant) -> i64 {
    LOCATION_NAMES.iter().map(|l| c.stat(&format!("worn-{l}"))).max().unwrap_or(0)
}

/// Lowers each location to the Magic Armor maximum left after an enchantment went (the
/// document's Stoneskin and Barkskin example), through [`magic_armor`].
fn settle_magic_armor(c: &mut Combatant, out: &mut Outcome) -> Result<()> {
    let sources = magic_sources(c);
    for loc in LOCATION_NAMES {
        let current = c.value(&armor_key(loc)).clamp(0, MAX_ARMOR);
        let worn = WornArmor { rated: worn_max(c), points: c.stat(&format!("worn-{loc}")) };
        let a = magic_armor(&sources, worn, CameFirst::Worn, Some(current), Enhancement::None)?;
        let after = a.location_points.unwrap_or(current);
        if after < current {
            c.set(&armor_key(loc), after);
            out.lines.push(format!("{}: {} armour lowered from {current} to {after}", c.name, label(loc)));
            out.terms.extend(a.terms);
        }
    }
    Ok(())
}

fn dead(c: &Combatant) -> bool {
    c.value("dead") > 0
}

fn lives_left(c: &Combatant) -> i64 {
    (c.stat("lives") - c.value("deaths")).max(0)
}

impl Rules {
    fn hit_on(
        &self,
        c: &mut Combatant,
        loc: Option<&str>,
        effect: Effect,
        struck: Struck,
        immune: bool,
    ) -> Result<Outcome> {
        if dead(c) {
            return Err(Error::InvalidInput(format!("{} is dead: a hit on them counts for nothing", c.name)));
        }
        if let Some(state) = UNTOUCHABLE.iter().find(|s| c.has(s)) {
            return Err(Error::InvalidInput(format!(
                "{} is {}: combat does not affect them, so the hit changes nothing",
                c.name,
                crate::rules::key_label(state)
            )));
        }
        let loc = match (struck, loc) {
            (Struck::Location, Some(l)) => Some(l),
            (Struck::Location, None) => {
                return Err(Error::InvalidInput(format!(
                    "a hit on the player needs its --location ({})",
                    LOCATION_NAMES.join(", ")
                )))
            }
            _ => None,
        };
        if struck == Struck::Shield && c.value("shield-destroyed") > 0 {
            return Err(Error::InvalidInput(format!("{}'s shield is already destroyed", c.name)));
        }
        let armor = loc.map_or(0, |l| c.value(&armor_key(l)).clamp(0, MAX_ARMOR));
        let result = hit(Hit {
            effect,
            struck,
            armor,
            shield_hits: c.value("shield-hits").clamp(0, 2),
            fragile: c.has("fragile"),
            immune_to_death: immune,
            resistant: c.has("resistant"),
            protected: None,
        })?;
        let mut out = Outcome { lines: Vec::new(), terms: result.terms };
        let what = match loc {
            Some(l) => label(l).to_lowercase(),
            None if struck == Struck::Shield => "shield".to_string(),
            None => "weapon".to_string(),
        };
        out.lines.push(format!("{} is hit ({}) on the {what}", c.name, effect.name()));
        if let Some(l) = loc {
            if result.armor_after != armor {
                c.set(&armor_key(l), result.armor_after);
                out.lines.push(format!("{} armour: {armor} → {}", label(l), result.armor_after));
            }
        }
        if result.shield_hits_after != c.value("shield-hits") {
            c.set("shield-hits", result.shield_hits_after);
        }
        match result.shield {
            ShieldState::Destroyed => {
                c.set("shield-destroyed", 1);
                out.lines.push(format!("{}'s shield is destroyed", c.name));
            }
            ShieldState::Damaged if struck == Struck::Shield && effect == Effect::ShieldCrushing => {
                out.lines
                    .push(format!("{}'s shield is damaged ({} of 3 crushing hits)", c.name, result.shield_hits_after));
            }
            _ => {}
        }
        if result.weapon_destroyed {
            c.set("weapon-destroyed", c.value("weapon-destroyed") + 1);
            out.lines.push(format!("{}'s weapon is destroyed", c.name));
        }
        if result.resisted {
            if let Some(pos) = c.conditions.iter().position(|x| x.matches("resistant")) {
                let gone = c.conditions.remove(pos);
                out.lines.push(format!(
                    "{} is {} and does not receive the wound ({} is used up)",
                    c.name, gone.name, gone.name
                ));
            }
            return Ok(out);
        }
        let Some(l) = loc.filter(|_| result.wounded) else { return Ok(out) };
        let again = c.value(&wound_key(l)) > 0;
        c.set(&wound_key(l), 1);
        let limbs = LOCATION_NAMES.iter().filter(|x| is_limb(x) && c.value(&wound_key(x)) > 0).count();
        out.lines.push(format!("{} is wounded in the {}", c.name, label(l).to_lowercase()));
        const CORE: &str = "interpretation: Amtgard's core rule, not in this document";
        let killed_by = if result.killed {
            Some("the hit kills (Wounds Kill, or the player was Fragile)".to_string())
        } else if !is_limb(l) {
            Some(format!("a wound to the torso kills ({CORE})"))
        } else if again {
            Some(format!("a wound to a limb already wounded kills ({CORE})"))
        } else if limbs >= 2 {
            Some(format!("a second wounded limb kills ({CORE})"))
        } else {
            None
        };
        if let Some(why) = killed_by {
            out.lines.push(format!("{}: {why}", c.name));
            let o = self.die(c, false)?;
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
        }
        Ok(out)
    }

    fn die(&self, c: &mut Combatant, voluntary: bool) -> Result<Outcome> {
        if dead(c) {
            return Err(Error::InvalidInput(format!("{} is already dead", c.name)));
        }
        c.set("dead", 1);
        c.set("deaths", c.value("deaths") + 1);
        let mut out = Outcome::line(format!(
            "{} dies ({} of {} left)",
            c.name,
            plural(lives_left(c), "life").replace("lifes", "lives"),
            c.stat("lives")
        ));
        out.terms.push(Term::num("Deaths", c.value("deaths"), None));
        let (kept, gone): (Vec<ActiveCondition>, Vec<ActiveCondition>) =
            std::mem::take(&mut c.conditions).into_iter().partition(|x| x.matches("cursed"));
        c.conditions = kept;
        if !gone.is_empty() {
            let names: Vec<&str> = gone.iter().map(|x| x.name.as_str()).collect();
            out.lines.push(format!(
                "Death clears {}'s States but Cursed and Trait States: {} removed",
                c.name,
                names.join(", ")
            ));
            out.terms.push(Term::text("States on death", "removed, Cursed and Trait States aside", Some(R_STATES)));
        }
        if c.has("cursed") {
            out.lines.push(format!("{} stays Cursed through death", c.name));
        }
        let traits: Vec<&str> = c.marks(TRAIT_STATES).map(|m| m.name.as_str()).collect();
        if !traits.is_empty() {
            out.lines.push(format!("{} keeps the States from Traits: {}", c.name, traits.join(", ")));
            out.terms.push(Term::text("Trait States on death", "kept", Some(R_TRAITS)));
        }
        let enchantments: Vec<String> = c.marks(ENCHANTMENTS).map(|m| m.name.clone()).collect();
        if !enchantments.is_empty() {
            if voluntary {
                c.marks.retain(|m| m.list != ENCHANTMENTS);
                out.lines.push(format!(
                    "A death taken of one's own will removes every enchantment: {} gone",
                    enchantments.join(", ")
                ));
                out.terms.push(Term::text("Voluntary death", "all enchantments removed", Some(R_ENCHANTMENTS)));
            } else {
                for m in c.marks.iter_mut().filter(|m| m.list == ENCHANTMENTS && !m.flagged("inactive")) {
                    m.flags.push("inactive".into());
                }
                out.lines.push(format!(
                    "{}'s enchantments stay on but go inactive until a respawn or a return to life: {}",
                    c.name,
                    enchantments.join(", ")
                ));
                out.terms.push(Term::text("Enchantments on death", "kept, inactive", Some(R_ENCHANTMENTS)));
            }
        }
        if lives_left(c) == 0 {
            out.lines.push(format!("{} has no lives left: out of the game", c.name));
        }
        Ok(out)
    }

    fn respawn(&self, c: &mut Combatant) -> Result<Outcome> {
        if !dead(c) {
            return Err(Error::InvalidInput(format!("{} is alive: only a dead player respawns", c.name)));
        }
        if lives_left(c) == 0 {
            return Err(Error::InvalidInput(format!(
                "{} has died {} times and had {}: no life left to respawn on",
                c.name,
                c.value("deaths"),
                plural(c.stat("lives"), "life").replace("lifes", "lives")
            )));
        }
        c.set("dead", 0);
        let mut out = Outcome::line(format!("{} respawns ({} of {} left)", c.name, lives_left(c), c.stat("lives")));
        let states: Vec<String> = c.conditions.drain(..).map(|x| x.name).collect();
        if !states.is_empty() {
            out.lines.push(format!("Respawning clears {}: {} removed", c.name, states.join(", ")));
            out.terms.push(Term::text("States on respawn", "removed, Cursed too", Some(R_STATES)));
        }
        if c.marks(TRAIT_STATES).next().is_some() {
            let traits: Vec<&str> = c.marks(TRAIT_STATES).map(|m| m.name.as_str()).collect();
            out.lines.push(format!("{} keeps the States from Traits: {}", c.name, traits.join(", ")));
            out.terms.push(Term::text("Trait States on respawn", "kept", Some(R_TRAITS)));
        }
        let wounds: Vec<&str> = LOCATION_NAMES.iter().copied().filter(|l| c.value(&wound_key(l)) > 0).collect();
        for l in &wounds {
            c.set(&wound_key(l), 0);
        }
        if !wounds.is_empty() {
            out.lines.push(format!("{}'s wounds are gone", c.name));
        }
        let (kept, gone): (Vec<Mark>, Vec<Mark>) =
            std::mem::take(&mut c.marks).into_iter().partition(|m| m.list != ENCHANTMENTS || m.flagged("persistent"));
        c.marks = kept;
        for m in c.marks.iter_mut().filter(|m| m.list == ENCHANTMENTS) {
            m.flags.retain(|f| f != "inactive");
        }
        if !gone.is_empty() {
            let names: Vec<&str> = gone.iter().map(|m| m.name.as_str()).collect();
            out.lines.push(format!("Respawning removes enchantments that are not Persistent: {}", names.join(", ")));
            out.terms.push(Term::text("Enchantments on respawn", "removed unless Persistent", Some(R_ENCHANTMENTS)));
        }
        if c.marks(ENCHANTMENTS).next().is_some() {
            let names: Vec<&str> = c.marks(ENCHANTMENTS).map(|m| m.name.as_str()).collect();
            out.lines.push(format!("Persistent enchantments work again: {}", names.join(", ")));
        }
        settle_magic_armor(c, &mut out)?;
        out.lines.push(
            "Armour stays as it was (interpretation: the document does not say a respawn refits it; `set` it if your game does)"
                .into(),
        );
        Ok(out)
    }

    fn enchant(&self, c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
        let text = act.inputs.text("enchantment").unwrap_or_default();
        if act.inputs.flag("remove") {
            let name = text.split_once(':').map_or(text, |(_, n)| n).trim();
            let pos =
                c.marks.iter().position(|m| m.list == ENCHANTMENTS && m.name.eq_ignore_ascii_case(name)).ok_or_else(
                    || Error::NotFound {
                        what: "enchantment on this player",
                        id: name.to_string(),
                        suggestions: c.marks(ENCHANTMENTS).map(|m| m.name.clone()).collect(),
                    },
                )?;
            let gone = c.marks.remove(pos);
            let mut out = Outcome::line(format!("{} no longer carries {}", c.name, gone.name));
            settle_magic_armor(c, &mut out)?;
            return Ok(out);
        }
        if dead(c) {
            return Err(Error::InvalidInput(format!(
                "{} is dead: Tome puts enchantments only on living players (interpretation)",
                c.name
            )));
        }
        let mut new = parse_enchantments(text)?;
        if new.len() != 1 {
            return Err(Error::InvalidInput(format!("one enchantment at a time, not {} (`{text}`)", new.len())));
        }
        let e = new.remove(0);
        let mut worn: Vec<_> = c
            .marks(ENCHANTMENTS)
            .map(|m| super::rules::Enchantment {
                kind: if m.flagged("magical") { EnchantmentKind::Magical } else { EnchantmentKind::Extraordinary },
                name: m.name.clone(),
            })
            .collect();
        worn.push(e.clone());
        let check = check_enchantments(&worn);
        if !check.allowed {
            return Err(Error::InvalidInput(format!(
                "{} cannot take {} ({}): {}",
                c.name,
                e.name,
                e.kind.as_str(),
                check.problems.join("; ")
            )));
        }
        let mut out = Outcome {
            lines: vec![format!("{} now carries {} ({})", c.name, e.name, e.kind.as_str())],
            terms: check.terms,
        };
        let mut mark = Mark {
            list: ENCHANTMENTS.into(),
            name: e.name.clone(),
            id: None,
            flags: vec![e.kind.as_str().into()],
            numbers: BTreeMap::new(),
        };
        if act.inputs.flag("persistent") {
            mark.flags.push("persistent".into());
        }
        if let Some(points) = act.inputs.opt_int("magic-armor")? {
            let before = magic_sources(c);
            let mut sources = before.clone();
            sources.push(MagicArmorSource::new(&e.name, points));
            let a = magic_armor(&sources, WornArmor::intact(worn_max(c)), CameFirst::Worn, None, Enhancement::None)?;
            if let Some(w) = a.warnings.first() {
                return Err(Error::InvalidInput(format!("{}: {w}", c.name)));
            }
            out.terms.extend(a.terms);
            let old_max = before.iter().map(|s| s.points).max().unwrap_or(0);
            if a.counts > old_max {
                for loc in LOCATION_NAMES {
                    c.set(&armor_key(loc), a.counts);
                }
                out.lines.push(format!("{} has {} points of Magic Armor on every location", c.name, a.counts));
            } else {
                out.lines.push(format!(
                    "{}'s {points} Magic Armor is ignored while a higher one ({old_max}) is worn",
                    e.name
                ));
            }
            out.terms.push(Term::num("Magic Armor per location", a.counts, Some(R_MAGIC_ARMOR)));
            mark.numbers.insert("magic-armor".into(), points);
        }
        c.marks.push(mark);
        Ok(out)
    }
}

impl EncounterRules for Rules {
    fn stats(&self) -> &'static [StatSpec] {
        STATS
    }

    fn stats_from_sheet(&self, c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        for loc in LOCATION_NAMES {
            if let Some(SheetValue::Int(n)) = c.values.get(&format!("armor.{loc}")) {
                out.insert(format!("worn-{loc}"), (*n).clamp(0, MAX_ARMOR));
            }
        }
        out
    }

    fn join(&self, c: &mut Combatant) {
        for loc in LOCATION_NAMES {
            c.set(&armor_key(loc), c.stat(&format!("worn-{loc}")));
            c.set(&wound_key(loc), 0);
        }
        for key in ["deaths", "dead", "shield-hits", "shield-destroyed", "weapon-destroyed"] {
            c.set(key, 0);
        }
    }

    fn pace(&self) -> Pace {
        Pace::Together
    }

    fn start_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    fn end_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    /// `amount` ordinary hits on the location named by `kind`.
    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        let loc = kind.map(|k| k.trim().to_ascii_lowercase().replace([' ', '_'], "-")).ok_or_else(|| {
            Error::InvalidInput(format!(
                "Amtgard damage is hits on a location: give it with --type ({})",
                LOCATION_NAMES.join(", ")
            ))
        })?;
        let loc = LOCATION_NAMES.iter().copied().find(|l| *l == loc).ok_or_else(|| Error::NotFound {
            what: "hit location",
            id: loc.clone(),
            suggestions: LOCATION_NAMES.iter().map(|l| l.to_string()).collect(),
        })?;
        if !(1..=MAX_HITS).contains(&amount) {
            return Err(Error::InvalidInput(format!("an Amtgard --amount is 1 to {MAX_HITS} hits, not {amount}")));
        }
        let mut out = Outcome::default();
        for _ in 0..amount {
            if dead(c) {
                break;
            }
            let o = self.hit_on(c, Some(loc), Effect::None, Struck::Location, false)?;
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
        }
        Ok(out)
    }

    /// Heals `amount` wounds (limbs first, in the sheet's order).
    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome> {
        if dead(c) {
            return Err(Error::InvalidInput(format!("{} is dead: a dead player respawns rather than heals", c.name)));
        }
        let wounded: Vec<&str> = LOCATION_NAMES.iter().copied().filter(|l| c.value(&wound_key(l)) > 0).collect();
        if wounded.is_empty() {
            return Err(Error::InvalidInput(format!("{} has no wound to heal", c.name)));
        }
        let healed: Vec<&str> = wounded.into_iter().take(amount.max(0) as usize).collect();
        for l in &healed {
            c.set(&wound_key(l), 0);
        }
        let names: Vec<String> = healed.iter().map(|l| label(l).to_lowercase()).collect();
        Ok(Outcome::line(format!("{}'s wound healed: {}", c.name, names.join(", "))))
    }

    fn actions(&self) -> &'static [Action] {
        ACTIONS
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        s.require_started(act.action.name)?;
        let c = &mut s.combatants[act.who()];
        match act.action.name {
            "hit" => {
                let effect = Effect::parse(act.inputs.choice("effect")?.unwrap_or("none"))?;
                let struck = Struck::parse(act.inputs.choice("struck")?.unwrap_or("location"))?;
                let loc = act.inputs.choice("location")?;
                self.hit_on(c, loc, effect, struck, act.inputs.flag("immune-to-death"))
            }
            "die" => self.die(c, act.inputs.flag("voluntary")),
            "respawn" => self.respawn(c),
            "enchant" => self.enchant(c, act),
            "trait-state" => {
                let name = act.inputs.text("state").map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "));
                let name = name.filter(|n| !n.is_empty()).ok_or_else(|| {
                    Error::InvalidInput("--state needs the State's name, e.g. \"Immune to Subdual\"".into())
                })?;
                if c.marks(TRAIT_STATES).any(|m| m.name.eq_ignore_ascii_case(&name)) {
                    return Err(Error::InvalidInput(format!("{} already has {name} from a Trait", c.name)));
                }
                c.marks.push(Mark {
                    list: TRAIT_STATES.into(),
                    name: name.clone(),
                    id: None,
                    flags: Vec::new(),
                    numbers: BTreeMap::new(),
                });
                let mut out =
                    Outcome::line(format!("{} has {name} from a Trait: it stays through death and respawn", c.name));
                out.terms.push(Term::text(format!("{name} (Trait)"), "never removed", Some(R_TRAITS)));
                Ok(out)
            }
            other => Err(Error::InvalidInput(format!("Amtgard has no {other} action"))),
        }
    }

    fn longer_duration_replaces(&self) -> bool {
        true
    }

    fn can_gain(&self, c: &Combatant, condition: &str) -> Result<()> {
        if dead(c) {
            return Err(Error::InvalidInput(format!(
                "{} is dead: States do not take hold on a dead player, so {condition} is not added",
                c.name
            )));
        }
        Ok(())
    }

    fn expired(&self, c: &Combatant, condition: &ActiveCondition) -> Option<String> {
        HOLDING_STATES
            .iter()
            .any(|s| condition.matches(s.name()))
            .then(|| format!("{} calls out \"No longer {}\" so players within 20 feet hear it", c.name, condition.name))
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        m.insert("lives".into(), c.stat("lives").into());
        m.insert("lives_left".into(), lives_left(c).into());
        m.insert("dead".into(), dead(c).into());
        m.insert("out_of_lives".into(), (dead(c) && lives_left(c) == 0).into());
        let armor: serde_json::Map<String, serde_json::Value> =
            LOCATION_NAMES.iter().map(|l| (l.to_string(), c.value(&armor_key(l)).into())).collect();
        m.insert("armor".into(), armor.into());
        let wounds: Vec<serde_json::Value> =
            LOCATION_NAMES.iter().filter(|l| c.value(&wound_key(l)) > 0).map(|l| (*l).into()).collect();
        m.insert("wounds".into(), wounds.into());
        let enchantments: Vec<serde_json::Value> = c
            .marks(ENCHANTMENTS)
            .map(|e| {
                let mut words = vec![if e.flagged("magical") { "m" } else { "ex" }.to_string()];
                if e.number("magic-armor") > 0 {
                    words.push(format!("Magic Armor {}", e.number("magic-armor")));
                }
                words.extend(e.flags.iter().filter(|f| *f == "persistent" || *f == "inactive").cloned());
                format!("{} ({})", e.name, words.join(", ")).into()
            })
            .collect();
        m.insert("enchantments".into(), enchantments.into());
        let traits: Vec<serde_json::Value> = c.marks(TRAIT_STATES).map(|t| t.name.clone().into()).collect();
        if !traits.is_empty() {
            m.insert("trait_states".into(), traits.into());
        }
        let shield = if c.value("shield-destroyed") > 0 {
            "destroyed".to_string()
        } else if c.value("shield-hits") > 0 {
            format!("damaged ({} crushing hits)", c.value("shield-hits"))
        } else {
            "intact".to_string()
        };
        m.insert("shield".into(), shield.into());
        if c.value("weapon-destroyed") > 0 {
            m.insert("weapons_destroyed".into(), c.value("weapon-destroyed").into());
        }
        m
    }

    /// The worn armour left on each location (Magic Armor is not written to the sheet).
    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        if !magic_sources(c).is_empty() {
            return BTreeMap::new();
        }
        LOCATION_NAMES.iter().map(|l| (format!("armor.{l}"), c.value(&armor_key(l)))).collect()
    }
}
