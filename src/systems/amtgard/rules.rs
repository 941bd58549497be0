//! Amtgard: which enchantments may be worn together, which armour counts, what a hit
//! with a Special Effect does to armour, shields and weapons, when a Touch-range
//! ability may be used, and the order in which simultaneous effects go off.
//!
//! The document is a glossary, so the numbers here are few: Armor Breaking strips a
//! location holding 3 points or fewer, three Shield Crushing hits destroy a shield, one
//! magical enchantment at a time, and the four-step Ability Order table.

use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{check, Calculator, Inputs, Outcome, Param, ParamKind, Term};

pub(crate) const SYSTEM: &str = "amtgard";

// Entry ids the terms link to (each is checked against the shipped content in the tests).
const R_ENCHANTMENTS: &str = "amtgard/rule/enchantments";
const R_M_EX: &str = "amtgard/rule/magical-m-and-extraordinary-ex";
const R_MAGIC_ARMOR: &str = "amtgard/rule/magic-armor";
const R_SPECIAL_EFFECTS: &str = "amtgard/rule/special-effects";
const R_RANGE: &str = "amtgard/rule/range";
const R_ABILITY_ORDER: &str = "amtgard/rule/ability-order";
const T_ABILITY_ORDER: &str = "amtgard/table/ability-order";
const R_TRAITS: &str = "amtgard/rule/traits";
const R_RESISTANT: &str = "amtgard/rule/resistant";
const R_STATES: &str = "amtgard/rule/states";
const C_FRAGILE: &str = "amtgard/condition/fragile";
const C_FROZEN: &str = "amtgard/condition/frozen";
const C_IMMUNE: &str = "amtgard/condition/immune";
const C_INSUBSTANTIAL: &str = "amtgard/condition/insubstantial";
const C_INVULNERABLE: &str = "amtgard/condition/invulnerable";
const C_STUNNED: &str = "amtgard/condition/stunned";
const SE_ARMOR_BREAKING: &str = "amtgard/special-effect/armor-breaking";
const SE_ARMOR_DESTROYING: &str = "amtgard/special-effect/armor-destroying";
const SE_SHIELD_CRUSHING: &str = "amtgard/special-effect/shield-crushing";
const SE_SHIELD_DESTROYING: &str = "amtgard/special-effect/shield-destroying";
const SE_WEAPON_DESTROYING: &str = "amtgard/special-effect/weapon-destroying";
const SE_WOUNDS_KILL: &str = "amtgard/special-effect/wounds-kill";

/// The most armour points a location may be given here. The document sets no ceiling;
/// this is a generous cap so that typing mistakes are caught.
pub const MAX_ARMOR: i64 = 10;
/// Armor Breaking strips a location that holds this many points or fewer.
pub const ARMOR_BREAKING_THRESHOLD: i64 = 3;
/// Shield Crushing hits (from any mix of sources) that destroy a shield.
pub const SHIELD_CRUSHING_HITS: i64 = 3;
/// Points an ordinary hit removes from an armoured location (the document's Ability
/// Order example: a plain melee hit on armour costs that location 1 point).
pub const NORMAL_HIT_ARMOR_LOSS: i64 = 1;
/// Magical enchantments a player may carry at once.
pub const MAX_MAGICAL_ENCHANTMENTS: usize = 1;

fn invalid(msg: impl Into<String>) -> Error {
    Error::InvalidInput(msg.into())
}

/// Splits a comma-separated list, dropping blank items (a trailing comma is harmless).
fn items(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// Collapses runs of whitespace, keeping the name's own spelling.
fn tidy(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------
// Enchantments carried together
// ---------------------------------------------------------------------------------

/// How a class description marks an enchantment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnchantmentKind {
    /// (m): counts toward the one-magical-enchantment limit.
    Magical,
    /// (ex): outside the limit, but two of the same name are not allowed.
    Extraordinary,
}

impl EnchantmentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EnchantmentKind::Magical => "magical",
            EnchantmentKind::Extraordinary => "extraordinary",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enchantment {
    pub kind: EnchantmentKind,
    pub name: String,
}

impl Enchantment {
    pub fn magical(name: &str) -> Enchantment {
        Enchantment { kind: EnchantmentKind::Magical, name: name.to_string() }
    }

    pub fn extraordinary(name: &str) -> Enchantment {
        Enchantment { kind: EnchantmentKind::Extraordinary, name: name.to_string() }
    }
}

const ENCHANTMENT_FORMAT: &str =
    "write each enchantment as m:NAME (magical) or ex:NAME (extraordinary), separated by commas, e.g. \"m:Barkskin,ex:Ancestral Armor\"";

/// Parses `"m:Barkskin, ex:Ancestral Armor"`. The kind may also be spelled out
/// (`magical:`, `extraordinary:`), in any case. Blank items are skipped, so an empty
/// text is an empty list.
///
/// # Errors
/// [`Error::InvalidInput`] saying what an item must look like.
pub fn parse_enchantments(text: &str) -> Result<Vec<Enchantment>> {
    items(text)
        .map(|item| {
            let Some((kind, name)) = item.split_once(':') else {
                return Err(invalid(format!("--enchantments: `{item}` has no kind; {ENCHANTMENT_FORMAT}")));
            };
            let kind = match kind.trim().to_ascii_lowercase().as_str() {
                "m" | "magical" | "magic" => EnchantmentKind::Magical,
                "ex" | "extraordinary" => EnchantmentKind::Extraordinary,
                other => {
                    return Err(invalid(format!(
                        "--enchantments: the kind `{other}` in `{item}` is neither m (magical) nor ex (extraordinary); {ENCHANTMENT_FORMAT}"
                    )))
                }
            };
            let name = tidy(name);
            if name.is_empty() {
                return Err(invalid(format!("--enchantments: `{item}` has no name after the colon; {ENCHANTMENT_FORMAT}")));
            }
            Ok(Enchantment { kind, name })
        })
        .collect()
}

/// Whether a set of worn enchantments is legal, and every rule it breaks.
#[derive(Debug, Clone, PartialEq)]
pub struct EnchantmentCheck {
    pub allowed: bool,
    pub problems: Vec<String>,
    pub terms: Vec<Term>,
}

/// Checks the two carrying limits: at most one magical enchantment, and no two
/// extraordinary enchantments sharing a name (names compared ignoring case and spacing).
pub fn check_enchantments(worn: &[Enchantment]) -> EnchantmentCheck {
    let mut terms = Vec::new();
    let mut problems = Vec::new();
    if worn.is_empty() {
        terms.push(Term::text("Enchantments worn", "none", Some(R_ENCHANTMENTS)));
    }
    for e in worn {
        let (note, rule) = match e.kind {
            EnchantmentKind::Magical => ("counts toward the limit", R_ENCHANTMENTS),
            EnchantmentKind::Extraordinary => ("outside the limit", R_M_EX),
        };
        terms.push(Term::text(format!("{} ({})", e.name, e.kind.as_str()), note, Some(rule)));
    }

    let magical: Vec<&str> =
        worn.iter().filter(|e| e.kind == EnchantmentKind::Magical).map(|e| e.name.as_str()).collect();
    terms.push(Term::num(
        format!("Magical enchantments (at most {MAX_MAGICAL_ENCHANTMENTS})"),
        magical.len() as i64,
        Some(R_ENCHANTMENTS),
    ));
    if magical.len() > MAX_MAGICAL_ENCHANTMENTS {
        problems.push(format!(
            "only one magical enchantment may be carried at a time, but {} are worn ({})",
            magical.len(),
            magical.join(", ")
        ));
    }

    // Each extraordinary name worn more than once, reported once, in first-seen order.
    let mut seen: Vec<(String, &str, usize)> = Vec::new();
    for e in worn.iter().filter(|e| e.kind == EnchantmentKind::Extraordinary) {
        let key = crate::search::normalize(&e.name);
        match seen.iter_mut().find(|(k, _, _)| *k == key) {
            Some(entry) => entry.2 += 1,
            None => seen.push((key, e.name.as_str(), 1)),
        }
    }
    for (_, name, count) in seen.iter().filter(|(_, _, n)| *n > 1) {
        terms.push(Term::num(format!("(ex) {name} worn"), *count as i64, Some(R_M_EX)));
        problems
            .push(format!("no two extraordinary enchantments may share a name, but {name} (ex) is worn {count} times"));
    }

    EnchantmentCheck { allowed: problems.is_empty(), problems, terms }
}

// ---------------------------------------------------------------------------------
// Magic Armor
// ---------------------------------------------------------------------------------

/// One enchantment granting Magic Armor: its name and points per hit location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MagicArmorSource {
    pub name: String,
    pub points: i64,
}

impl MagicArmorSource {
    pub fn new(name: &str, points: i64) -> MagicArmorSource {
        MagicArmorSource { name: name.to_string(), points }
    }
}

/// Parses `"Stoneskin:2,Barkskin:1"` or bare points `"2,1"` (then named "Magic Armor
/// source 1", "… 2").
///
/// # Errors
/// [`Error::InvalidInput`] for an item that is not `NAME:POINTS` or `POINTS`, or points
/// outside 1 to [`MAX_ARMOR`].
pub fn parse_magic_sources(text: &str) -> Result<Vec<MagicArmorSource>> {
    const FORMAT: &str =
        "write each source as NAME:POINTS (or just POINTS), separated by commas, e.g. \"Stoneskin:2,Barkskin:1\"";
    items(text)
        .enumerate()
        .map(|(i, item)| {
            let (name, points) = match item.rsplit_once(':') {
                Some((n, p)) => (tidy(n), p.trim()),
                None => (format!("Magic Armor source {}", i + 1), item),
            };
            if name.is_empty() {
                return Err(invalid(format!("--magic: `{item}` has no name before the colon; {FORMAT}")));
            }
            let points: i64 = points
                .trim_start_matches('+')
                .parse()
                .map_err(|_| invalid(format!("--magic: `{item}` has no whole number of points; {FORMAT}")))?;
            if !(1..=MAX_ARMOR).contains(&points) {
                return Err(invalid(format!(
                    "--magic: each source gives from 1 to {MAX_ARMOR} points, not {points} (`{item}`)"
                )));
            }
            Ok(MagicArmorSource { name, points })
        })
        .collect()
}

/// Which was on the player first when both worn armour and a Magic Armor enchantment
/// are in play (the rules let only one of them stand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CameFirst {
    /// The player was already in worn armour: the enchantment fails.
    Worn,
    /// The player already had Magic Armor: the worn armour may not be put on.
    Magic,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ArmorCount {
    /// Points per location that count.
    pub counts: i64,
    /// Where they come from: an enchantment's name, "worn armor" or "none".
    pub source: String,
    /// A location's points after capping at `counts` (when its current points were given).
    pub location_points: Option<i64>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The armour that counts: the single highest Magic Armor source (the rest are
/// ignored, never added); worn armour and Magic Armor never combine (an enchantment
/// cast on an armoured player fails; a player with Magic Armor may not put armour on),
/// except that armour rated 0 may be worn alongside. With `current`, a location's
/// present points are lowered to the new maximum if above it (as when Stoneskin is
/// removed and Barkskin's 1 point is left).
///
/// # Errors
/// [`Error::InvalidInput`] for points outside 0 (1 for a source) to [`MAX_ARMOR`].
pub fn magic_armor(
    magic: &[MagicArmorSource],
    worn: i64,
    came_first: CameFirst,
    current: Option<i64>,
) -> Result<ArmorCount> {
    check("worn armor", worn, (0, MAX_ARMOR))?;
    for s in magic {
        check(&format!("Magic Armor from {}", s.name), s.points, (1, MAX_ARMOR))?;
    }
    if let Some(c) = current {
        check("the location's current points", c, (0, MAX_ARMOR))?;
    }
    let mut terms = Vec::new();
    let mut warnings = Vec::new();

    // The highest source; on a tie the first named wins (they give the same points).
    let best = magic.iter().enumerate().max_by_key(|(i, s)| (s.points, std::cmp::Reverse(*i))).map(|(i, _)| i);
    for (i, s) in magic.iter().enumerate() {
        let label = if Some(i) == best {
            format!("{} (highest Magic Armor)", s.name)
        } else {
            format!("{} (ignored: only the highest Magic Armor counts)", s.name)
        };
        terms.push(Term::num(label, s.points, Some(R_MAGIC_ARMOR)));
    }
    if worn > 0 {
        terms.push(Term::num("Worn armor", worn, None));
    }

    let magic_best = best.map(|i| &magic[i]);
    let (counts, source) = match (magic_best, worn > 0) {
        (Some(m), true) => match came_first {
            CameFirst::Worn => {
                terms.push(Term::text("Magic Armor enchantment on an armoured player", "fails", Some(R_MAGIC_ARMOR)));
                warnings.push(format!(
                    "{} cannot take hold: Magic Armor enchantments fail on a player already in worn armor (only armor rated 0 may be kept on)",
                    m.name
                ));
                (worn, "worn armor".to_string())
            }
            CameFirst::Magic => {
                terms.push(Term::text(
                    "Putting on worn armor while holding Magic Armor",
                    "not allowed",
                    Some(R_MAGIC_ARMOR),
                ));
                warnings.push(format!(
                    "the worn armor may not be put on while {} grants Magic Armor (only armor rated 0 may be worn with it)",
                    m.name
                ));
                (m.points, m.name.clone())
            }
        },
        (Some(m), false) => (m.points, m.name.clone()),
        (None, true) => (worn, "worn armor".to_string()),
        (None, false) => (0, "none".to_string()),
    };
    if magic_best.is_some() && worn == 0 && counts > 0 {
        terms.push(Term::text(
            "Armor enhancements (Ancestral Armor, Imbue Armor)",
            "do not apply to Magic Armor",
            Some(R_MAGIC_ARMOR),
        ));
    }

    let location_points = current.map(|c| {
        let after = c.min(counts);
        if after < c {
            terms.push(Term::num(format!("Location lowered from {c} to the maximum"), after, Some(R_MAGIC_ARMOR)));
        } else {
            terms.push(Term::num("Location at or below the maximum: unchanged", after, Some(R_MAGIC_ARMOR)));
        }
        after
    });

    Ok(ArmorCount { counts, source, location_points, terms, warnings })
}

// ---------------------------------------------------------------------------------
// A hit with a Special Effect
// ---------------------------------------------------------------------------------

/// The Special Effect carried by a hit (or none: an ordinary hit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    None,
    ArmorBreaking,
    ArmorDestroying,
    ShieldCrushing,
    ShieldDestroying,
    WeaponDestroying,
    WoundsKill,
}

impl Effect {
    pub const ALL: [Effect; 7] = [
        Effect::None,
        Effect::ArmorBreaking,
        Effect::ArmorDestroying,
        Effect::ShieldCrushing,
        Effect::ShieldDestroying,
        Effect::WeaponDestroying,
        Effect::WoundsKill,
    ];

    /// The kebab-case word the calculator takes.
    pub fn slug(self) -> &'static str {
        match self {
            Effect::None => "none",
            Effect::ArmorBreaking => "armor-breaking",
            Effect::ArmorDestroying => "armor-destroying",
            Effect::ShieldCrushing => "shield-crushing",
            Effect::ShieldDestroying => "shield-destroying",
            Effect::WeaponDestroying => "weapon-destroying",
            Effect::WoundsKill => "wounds-kill",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Effect::None => "ordinary hit",
            Effect::ArmorBreaking => "Armor Breaking",
            Effect::ArmorDestroying => "Armor Destroying",
            Effect::ShieldCrushing => "Shield Crushing",
            Effect::ShieldDestroying => "Shield Destroying",
            Effect::WeaponDestroying => "Weapon Destroying",
            Effect::WoundsKill => "Wounds Kill",
        }
    }

    /// The effect's entry, or the Special Effects rule for an ordinary hit.
    pub fn rule(self) -> &'static str {
        match self {
            Effect::None => R_SPECIAL_EFFECTS,
            Effect::ArmorBreaking => SE_ARMOR_BREAKING,
            Effect::ArmorDestroying => SE_ARMOR_DESTROYING,
            Effect::ShieldCrushing => SE_SHIELD_CRUSHING,
            Effect::ShieldDestroying => SE_SHIELD_DESTROYING,
            Effect::WeaponDestroying => SE_WEAPON_DESTROYING,
            Effect::WoundsKill => SE_WOUNDS_KILL,
        }
    }

    /// # Errors
    /// [`Error::InvalidInput`] listing the accepted words.
    pub fn parse(raw: &str) -> Result<Effect> {
        let want = raw.trim().to_ascii_lowercase().replace([' ', '_'], "-").replace("armour", "armor");
        Effect::ALL.into_iter().find(|e| e.slug() == want).ok_or_else(|| {
            let all: Vec<&str> = Effect::ALL.iter().map(|e| e.slug()).collect();
            invalid(format!("--effect must be one of {}, not `{raw}`", all.join(", ")))
        })
    }
}

/// What the hit landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Struck {
    /// A hit location of the player (armoured or not).
    Location,
    /// A shield the player carries.
    Shield,
    /// A weapon the player carries.
    Weapon,
}

impl Struck {
    pub fn parse(raw: &str) -> Result<Struck> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "location" => Ok(Struck::Location),
            "shield" => Ok(Struck::Shield),
            "weapon" => Ok(Struck::Weapon),
            _ => Err(invalid(format!("--struck must be one of location, shield, weapon, not `{raw}`"))),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShieldState {
    Intact,
    /// Took at least one Shield Crushing hit; may be repaired.
    Damaged,
    Destroyed,
}

impl ShieldState {
    pub fn as_str(self) -> &'static str {
        match self {
            ShieldState::Intact => "intact",
            ShieldState::Damaged => "damaged",
            ShieldState::Destroyed => "destroyed",
        }
    }
}

/// The situation a hit lands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub effect: Effect,
    pub struck: Struck,
    /// Armour points at the location (Magic Armor counts the same).
    pub armor: i64,
    /// Shield Crushing hits the shield has already taken.
    pub shield_hits: i64,
    /// The player is Fragile (dies on the next wound).
    pub fragile: bool,
    /// The player is Immune to the Death School (Wounds Kill is a Death effect).
    pub immune_to_death: bool,
}

impl Hit {
    pub fn new(effect: Effect, armor: i64) -> Hit {
        Hit { effect, struck: Struck::Location, armor, shield_hits: 0, fragile: false, immune_to_death: false }
    }

    pub fn on_shield(effect: Effect, shield_hits: i64) -> Hit {
        Hit { struck: Struck::Shield, shield_hits, ..Hit::new(effect, 0) }
    }

    pub fn on_weapon(effect: Effect) -> Hit {
        Hit { struck: Struck::Weapon, ..Hit::new(effect, 0) }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct HitResult {
    pub armor_after: i64,
    pub shield: ShieldState,
    pub shield_hits_after: i64,
    pub weapon_destroyed: bool,
    pub wounded: bool,
    pub killed: bool,
    pub terms: Vec<Term>,
}

/// What one hit does. On a location: armour above 0 absorbs the hit (an ordinary hit
/// costs [`NORMAL_HIT_ARMOR_LOSS`] point; Armor Breaking empties a location at 3 or
/// fewer points and is otherwise ordinary; Armor Destroying empties it); with no
/// armour left the player is wounded, and killed by Wounds Kill (unless Immune to
/// Death) or when Fragile. On a shield: each Shield Crushing hit damages it and the
/// third destroys it; Shield Destroying destroys it at once. On a weapon: Weapon
/// Destroying destroys it. Effects meant for something else act as an ordinary hit.
///
/// # Errors
/// [`Error::InvalidInput`] for armour outside 0 to [`MAX_ARMOR`] or prior Shield
/// Crushing hits outside 0 to 2 (a third destroys the shield).
pub fn hit(h: Hit) -> Result<HitResult> {
    check("armor", h.armor, (0, MAX_ARMOR))?;
    if !(0..SHIELD_CRUSHING_HITS).contains(&h.shield_hits) {
        return Err(invalid(format!(
            "shield hits must be from 0 to {}, not {} (the {SHIELD_CRUSHING_HITS}rd Shield Crushing hit already destroys the shield)",
            SHIELD_CRUSHING_HITS - 1,
            h.shield_hits
        )));
    }
    let rule = Some(h.effect.rule());
    let mut terms = Vec::new();
    let mut armor_after = h.armor;
    let mut shield_hits_after = h.shield_hits;
    let mut shield_destroyed = false;
    let mut weapon_destroyed = false;
    let mut wounded = false;
    let mut killed = false;

    match h.struck {
        Struck::Location if h.armor > 0 => {
            terms.push(Term::num("Armor at the location", h.armor, None));
            match h.effect {
                Effect::ArmorBreaking if h.armor <= ARMOR_BREAKING_THRESHOLD => {
                    armor_after = 0;
                    terms.push(Term::num(
                        format!("Armor Breaking on {ARMOR_BREAKING_THRESHOLD} points or fewer: all removed"),
                        -h.armor,
                        rule,
                    ));
                }
                Effect::ArmorBreaking => {
                    armor_after = h.armor - NORMAL_HIT_ARMOR_LOSS;
                    terms.push(Term::num(
                        format!("Armor Breaking on more than {ARMOR_BREAKING_THRESHOLD} points: an ordinary hit"),
                        -NORMAL_HIT_ARMOR_LOSS,
                        rule,
                    ));
                }
                Effect::ArmorDestroying => {
                    armor_after = 0;
                    terms.push(Term::num("Armor Destroying: the location drops to 0", -h.armor, rule));
                }
                other => {
                    let label = match other {
                        Effect::None => "Ordinary hit on armor".to_string(),
                        Effect::WoundsKill => "Wounds Kill does not affect armor: an ordinary hit".to_string(),
                        e => format!("{} has no effect on a hit location: an ordinary hit", e.name()),
                    };
                    armor_after = (h.armor - NORMAL_HIT_ARMOR_LOSS).max(0);
                    terms.push(Term::num(label, -NORMAL_HIT_ARMOR_LOSS, rule));
                }
            }
            terms.push(Term::text("Armor took the hit", "no wound", rule));
        }
        Struck::Location => {
            wounded = true;
            let label = match h.effect {
                Effect::None | Effect::WoundsKill => "No armor at the location: the player is wounded".to_string(),
                e => format!("No armor at the location: {} changes nothing and the player is wounded", e.name()),
            };
            terms.push(Term::text(label, "wounded", rule));
            if h.effect == Effect::WoundsKill {
                if h.immune_to_death {
                    terms.push(Term::text(
                        "Wounds Kill is Death School; the player is Immune to Death",
                        "not killed",
                        Some(C_IMMUNE),
                    ));
                } else {
                    killed = true;
                    terms.push(Term::text("Wounds Kill: a wound from it kills", "killed", rule));
                }
            }
            if h.fragile && !killed {
                killed = true;
                terms.push(Term::text("Fragile: the next wound kills", "killed", Some(C_FRAGILE)));
            }
        }
        Struck::Shield => {
            if h.shield_hits > 0 {
                terms.push(Term::num("Earlier Shield Crushing hits", h.shield_hits, Some(SE_SHIELD_CRUSHING)));
            }
            match h.effect {
                Effect::ShieldCrushing => {
                    shield_hits_after = h.shield_hits + 1;
                    shield_destroyed = shield_hits_after >= SHIELD_CRUSHING_HITS;
                    let label = if shield_destroyed {
                        format!("Shield Crushing hit {shield_hits_after} of {SHIELD_CRUSHING_HITS}: the shield is destroyed")
                    } else {
                        format!("Shield Crushing hit {shield_hits_after} of {SHIELD_CRUSHING_HITS}: damaged, can be repaired")
                    };
                    terms.push(Term::num(label, shield_hits_after, rule));
                }
                Effect::ShieldDestroying => {
                    shield_destroyed = true;
                    terms.push(Term::text("Shield Destroying: one hit destroys the shield", "destroyed", rule));
                }
                e => {
                    let label = match e {
                        Effect::None => "Ordinary hit on a shield".to_string(),
                        e => format!("{} does not affect shields", e.name()),
                    };
                    terms.push(Term::text(label, "no change", rule));
                }
            }
        }
        Struck::Weapon => {
            if h.effect == Effect::WeaponDestroying {
                weapon_destroyed = true;
                terms.push(Term::text("Weapon Destroying: the weapon struck is destroyed", "destroyed", rule));
            } else {
                let label = match h.effect {
                    Effect::None => "Ordinary hit on a weapon".to_string(),
                    e => format!("{} does not affect weapons", e.name()),
                };
                terms.push(Term::text(label, "no change", rule));
            }
        }
    }

    let shield = if shield_destroyed {
        ShieldState::Destroyed
    } else if shield_hits_after > 0 {
        ShieldState::Damaged
    } else {
        ShieldState::Intact
    };
    Ok(HitResult { armor_after, shield, shield_hits_after, weapon_destroyed, wounded, killed, terms })
}

// ---------------------------------------------------------------------------------
// Touch range
// ---------------------------------------------------------------------------------

/// What a Touch-range target may be: the States, plus Dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetState {
    Dead,
    Cursed,
    Fragile,
    Frozen,
    Immune,
    Insubstantial,
    Invulnerable,
    Stopped,
    Stunned,
    Suppressed,
}

impl TargetState {
    pub const ALL: [TargetState; 10] = [
        TargetState::Dead,
        TargetState::Cursed,
        TargetState::Fragile,
        TargetState::Frozen,
        TargetState::Immune,
        TargetState::Insubstantial,
        TargetState::Invulnerable,
        TargetState::Stopped,
        TargetState::Stunned,
        TargetState::Suppressed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TargetState::Dead => "Dead",
            TargetState::Cursed => "Cursed",
            TargetState::Fragile => "Fragile",
            TargetState::Frozen => "Frozen",
            TargetState::Immune => "Immune",
            TargetState::Insubstantial => "Insubstantial",
            TargetState::Invulnerable => "Invulnerable",
            TargetState::Stopped => "Stopped",
            TargetState::Stunned => "Stunned",
            TargetState::Suppressed => "Suppressed",
        }
    }
}

/// Parses `"Stunned, Stopped"` (any case; `none` or blank for no state).
///
/// # Errors
/// [`Error::InvalidInput`] listing the accepted words.
pub fn parse_states(text: &str) -> Result<Vec<TargetState>> {
    let mut out = Vec::new();
    for item in items(text) {
        if item.eq_ignore_ascii_case("none") {
            continue;
        }
        let state = TargetState::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(item)).ok_or_else(|| {
            let all: Vec<&str> = TargetState::ALL.iter().map(|s| s.name()).collect();
            invalid(format!("--states takes a comma-separated list of none, {}; `{item}` is not one", all.join(", ")))
        })?;
        if !out.contains(&state) {
            out.push(state);
        }
    }
    Ok(out)
}

/// The target of a Touch-range ability.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TouchTarget {
    /// The target agrees to be affected.
    pub willing: bool,
    /// The caster is touching themself (Touch may target Self).
    pub is_self: bool,
    pub states: Vec<TargetState>,
    /// An Insubstantial target whose ability lets them move about; only one held in
    /// place qualifies.
    pub can_move: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TouchCheck {
    pub allowed: bool,
    pub reason: String,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Whether an ability may be used at Touch range on this target: only when the target
/// is willing, Dead, Stunned, Frozen, or Insubstantial and held in place (the caster
/// touching themself counts as willing). Enchantments further need a willing target.
/// Warnings say when the ability may still do nothing (Frozen, Insubstantial,
/// Invulnerable and Immune players are shielded from most effects).
pub fn touch(target: &TouchTarget, enchantment: bool) -> TouchCheck {
    let has = |s: TargetState| target.states.contains(&s);
    let willing = target.willing || target.is_self;
    let mut terms = Vec::new();
    let mut warnings = Vec::new();

    if target.is_self {
        terms.push(Term::text("Target is the caster (Touch may target Self)", "willing", Some(R_RANGE)));
    } else if target.willing {
        terms.push(Term::text("Target is willing", "yes", Some(R_RANGE)));
    }

    let (allowed, reason) = if enchantment {
        terms.push(Term::text(
            "Enchantments go only on willing players",
            if willing { "yes" } else { "no" },
            Some(R_ENCHANTMENTS),
        ));
        if willing {
            (true, "an Enchantment on a willing player".to_string())
        } else {
            (false, "Enchantments may only be cast on willing players, whatever state the target is in".to_string())
        }
    } else {
        let mut grounds: Vec<String> = Vec::new();
        if willing {
            grounds.push(if target.is_self {
                "the target is the caster".into()
            } else {
                "the target is willing".into()
            });
        }
        for (state, rule) in
            [(TargetState::Dead, R_RANGE), (TargetState::Stunned, C_STUNNED), (TargetState::Frozen, C_FROZEN)]
        {
            if has(state) {
                terms.push(Term::text(format!("Target is {}", state.name()), "qualifies", Some(rule)));
                grounds.push(format!("the target is {}", state.name()));
            }
        }
        if has(TargetState::Insubstantial) {
            if target.can_move {
                terms.push(Term::text(
                    "Target is Insubstantial but free to move",
                    "does not qualify",
                    Some(C_INSUBSTANTIAL),
                ));
            } else {
                terms.push(Term::text("Target is Insubstantial and held in place", "qualifies", Some(C_INSUBSTANTIAL)));
                grounds.push("the target is Insubstantial and cannot leave their spot".into());
            }
        }
        if grounds.is_empty() {
            terms.push(Term::text("Willing, Dead, Stunned, Frozen or held Insubstantial", "none", Some(R_RANGE)));
            (
                false,
                "Touch needs a target that is willing, Dead, Stunned, Frozen, or Insubstantial and unable to move; this one is none of those"
                    .to_string(),
            )
        } else {
            (true, grounds.join("; "))
        }
    };

    if allowed {
        if has(TargetState::Frozen) && !enchantment {
            warnings.push("a Frozen player is affected only by abilities that work on States in general or on Frozen in particular (such as Release or Shatter)".into());
        }
        if has(TargetState::Insubstantial) && !enchantment {
            warnings.push("an Insubstantial player is affected only by abilities that work on States in general or on Insubstantial in particular".into());
        }
        if has(TargetState::Invulnerable) && !enchantment {
            terms.push(Term::text(
                "Target is Invulnerable",
                "unaffected unless the ability says otherwise",
                Some(C_INVULNERABLE),
            ));
            warnings
                .push("an Invulnerable player is unaffected unless the ability works on Invulnerable players".into());
        }
        if has(TargetState::Immune) && !enchantment {
            terms.push(Term::text("Target is Immune", "can be targeted", Some(C_IMMUNE)));
            warnings.push(
                "an Immune player may be targeted, but abilities of the School they are Immune to do not affect them"
                    .into(),
            );
        }
        if has(TargetState::Dead) {
            warnings.push("most States cannot be applied to a dead player".into());
            terms.push(Term::text("States on the dead", "most do not apply", Some(R_STATES)));
        }
    }

    TouchCheck { allowed, reason, terms, warnings }
}

// ---------------------------------------------------------------------------------
// Ability Order
// ---------------------------------------------------------------------------------

/// The four steps of the Ability Order table, first to last.
pub const ABILITY_ORDER: [&str; 4] = ["Traits", "Immunities", "Resistances", "Other Enchantments"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum EffectType {
    Trait,
    Immunity,
    Resistance,
    Enchantment,
}

impl EffectType {
    /// Position in the Ability Order table (1 first).
    pub fn step(self) -> i64 {
        match self {
            EffectType::Trait => 1,
            EffectType::Immunity => 2,
            EffectType::Resistance => 3,
            EffectType::Enchantment => 4,
        }
    }

    /// The table's row name.
    pub fn table_name(self) -> &'static str {
        ABILITY_ORDER[(self.step() - 1) as usize]
    }

    pub fn singular(self) -> &'static str {
        match self {
            EffectType::Trait => "Trait",
            EffectType::Immunity => "Immunity",
            EffectType::Resistance => "Resistance",
            EffectType::Enchantment => "Enchantment",
        }
    }

    fn rule(self) -> &'static str {
        match self {
            EffectType::Trait => R_TRAITS,
            EffectType::Immunity => C_IMMUNE,
            EffectType::Resistance => R_RESISTANT,
            EffectType::Enchantment => R_ENCHANTMENTS,
        }
    }

    /// # Errors
    /// [`Error::InvalidInput`] listing the accepted words.
    pub fn parse(raw: &str) -> Result<EffectType> {
        let want = raw.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        let want = tidy(&want);
        match want.as_str() {
            "trait" | "traits" => Ok(EffectType::Trait),
            "immunity" | "immunities" | "immune" => Ok(EffectType::Immunity),
            "resistance" | "resistances" | "resistant" => Ok(EffectType::Resistance),
            "enchantment" | "enchantments" | "other" | "other enchantment" | "other enchantments" => {
                Ok(EffectType::Enchantment)
            }
            _ => Err(invalid(format!(
                "--effects: `{raw}` is not an effect type; use trait, immunity, resistance or enchantment, optionally followed by :NAME (e.g. \"enchantment:Troll Blood,trait\")"
            ))),
        }
    }
}

/// One simultaneous effect: its type and, optionally, what it is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimultaneousEffect {
    pub kind: EffectType,
    pub name: Option<String>,
}

impl SimultaneousEffect {
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} ({})", self.kind.singular()),
            None => self.kind.table_name().to_string(),
        }
    }
}

/// Parses `"enchantment:Phoenix Tears, trait, resistance:Resist Death"`.
///
/// # Errors
/// [`Error::InvalidInput`] for an unknown type or an empty name after a colon.
pub fn parse_effects(text: &str) -> Result<Vec<SimultaneousEffect>> {
    items(text)
        .map(|item| {
            let (kind, name) = match item.split_once(':') {
                Some((k, n)) => {
                    let n = tidy(n);
                    if n.is_empty() {
                        return Err(invalid(format!("--effects: `{item}` has no name after the colon")));
                    }
                    (k, Some(n))
                }
                None => (item, None),
            };
            Ok(SimultaneousEffect { kind: EffectType::parse(kind)?, name })
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ordered {
    pub order: Vec<SimultaneousEffect>,
    /// Each effect's step in the table, in the same order.
    pub steps: Vec<i64>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Sorts effects by the Ability Order (Traits, Immunities, Resistances, other
/// Enchantments), keeping the given order within a step; several other Enchantments
/// all go off at the same moment.
pub fn ability_order(effects: &[SimultaneousEffect]) -> Ordered {
    let mut order = effects.to_vec();
    order.sort_by_key(|e| e.kind.step());
    let steps: Vec<i64> = order.iter().map(|e| e.kind.step()).collect();
    let mut terms = Vec::new();
    for e in &order {
        terms.push(Term::num(
            format!("{}: step of the Ability Order", e.label()),
            e.kind.step(),
            Some(T_ABILITY_ORDER),
        ));
    }
    let mut warnings = Vec::new();
    let enchantments: Vec<String> =
        order.iter().filter(|e| e.kind == EffectType::Enchantment).map(SimultaneousEffect::label).collect();
    if enchantments.len() > 1 {
        terms.push(Term::text("Other Enchantments", "all trigger together", Some(R_ABILITY_ORDER)));
        warnings.push(format!(
            "{} trigger at the same time, even if one's result would stop another",
            enchantments.join(", ")
        ));
    }
    if order.iter().any(|e| e.kind == EffectType::Trait) {
        terms.push(Term::text("Traits", "always first", Some(EffectType::Trait.rule())));
    }
    Ordered { order, steps, terms, warnings }
}

// ---------------------------------------------------------------------------------
// Calculators
// ---------------------------------------------------------------------------------

const EFFECT_OPTIONS: &[&str] = &[
    "none",
    "armor-breaking",
    "armor-destroying",
    "shield-crushing",
    "shield-destroying",
    "weapon-destroying",
    "wounds-kill",
];

pub fn calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "enchantments",
            summary: "Whether a set of worn enchantments is legal: one magical at most, no two extraordinary of one name",
            params: &[Param {
                name: "enchantments",
                help: "worn enchantments, comma-separated, each m:NAME (magical) or ex:NAME (extraordinary), e.g. \"m:Barkskin,ex:Ancestral Armor\"",
                kind: ParamKind::Text,
                required: true,
                default: None,
            }],
            rule: Some(R_ENCHANTMENTS),
            run: run_enchantments,
        },
        Calculator {
            system: SYSTEM,
            name: "magic-armor",
            summary: "The armour that counts when Magic Armor enchantments (highest only) and worn armour meet",
            params: &[
                Param {
                    name: "magic",
                    help: "Magic Armor enchantments, comma-separated NAME:POINTS (or POINTS), e.g. \"Stoneskin:2,Barkskin:1\"",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "worn",
                    help: "points of worn (non-magic) armour at the location; armour rated 0 may be worn with Magic Armor",
                    kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
                    required: false,
                    default: Some("0"),
                },
                Param {
                    name: "came-first",
                    help: "with both: worn (armour on first, so the enchantment fails) or magic (enchanted first, so the armour may not go on)",
                    kind: ParamKind::Choice { options: &["worn", "magic"] },
                    required: false,
                    default: Some("worn"),
                },
                Param {
                    name: "current",
                    help: "a location's present points, lowered to the new maximum if above it (e.g. after Stoneskin is removed)",
                    kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_MAGIC_ARMOR),
            run: run_magic_armor,
        },
        Calculator {
            system: SYSTEM,
            name: "hit",
            summary: "What one hit with a Special Effect does to the location's armour, a shield or a weapon, and whether it wounds or kills",
            params: &[
                Param {
                    name: "effect",
                    help: "the hit's Special Effect, or none for an ordinary hit",
                    kind: ParamKind::Choice { options: EFFECT_OPTIONS },
                    required: false,
                    default: Some("none"),
                },
                Param {
                    name: "struck",
                    help: "what the hit landed on: a hit location, a shield or a weapon",
                    kind: ParamKind::Choice { options: &["location", "shield", "weapon"] },
                    required: false,
                    default: Some("location"),
                },
                Param {
                    name: "armor",
                    help: "armour points at the location struck (Magic Armor counts the same); 0 means unarmoured",
                    kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
                    required: false,
                    default: Some("0"),
                },
                Param {
                    name: "shield-hits",
                    help: "Shield Crushing hits the shield has already taken (the third destroys it)",
                    kind: ParamKind::Int { min: 0, max: SHIELD_CRUSHING_HITS - 1 },
                    required: false,
                    default: Some("0"),
                },
                Param {
                    name: "fragile",
                    help: "the player is Fragile: the next wound kills",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "immune-death",
                    help: "the player is Immune to the Death School, so Wounds Kill only wounds",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_SPECIAL_EFFECTS),
            run: run_hit,
        },
        Calculator {
            system: SYSTEM,
            name: "touch",
            summary: "Whether an ability may be used at Touch range on a target, given whether they are willing and their States",
            params: &[
                Param {
                    name: "willing",
                    help: "the target agrees to receive the ability",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "self",
                    help: "the caster targets themself",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "states",
                    help: "the target's States, comma-separated: Dead, Cursed, Fragile, Frozen, Immune, Insubstantial, Invulnerable, Stopped, Stunned, Suppressed (or none)",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "can-move",
                    help: "an Insubstantial target is free to move (their ability allows it), so Insubstantial alone does not qualify",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "enchantment",
                    help: "the ability is an Enchantment, which needs a willing target",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_RANGE),
            run: run_touch,
        },
        Calculator {
            system: SYSTEM,
            name: "order",
            summary: "The order simultaneous effects go off in: Traits, Immunities, Resistances, then other Enchantments together",
            params: &[Param {
                name: "effects",
                help: "effects, comma-separated, each trait, immunity, resistance or enchantment, optionally TYPE:NAME, e.g. \"enchantment:Troll Blood,trait:Immunity to Subdual\"",
                kind: ParamKind::Text,
                required: true,
                default: None,
            }],
            rule: Some(R_ABILITY_ORDER),
            run: run_order,
        },
    ]
}

fn run_enchantments(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let worn = parse_enchantments(i.text("enchantments").unwrap_or(""))?;
    let c = check_enchantments(&worn);
    let problems = if c.problems.is_empty() { "none".to_string() } else { c.problems.join("; ") };
    let mut out = Outcome::default().field("allowed", c.allowed).field("problems", problems).terms(c.terms);
    for p in c.problems {
        out = out.warn(p);
    }
    Ok(out)
}

fn run_magic_armor(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let magic = parse_magic_sources(i.text("magic").unwrap_or(""))?;
    let came_first = match i.choice("came-first")? {
        Some("magic") => CameFirst::Magic,
        _ => CameFirst::Worn,
    };
    let a = magic_armor(&magic, i.int("worn")?, came_first, i.opt_int("current")?)?;
    let mut out = Outcome::default().field("counts", a.counts).field("source", a.source);
    if let Some(p) = a.location_points {
        out = out.field("location_points", p);
    }
    let mut out = out.terms(a.terms);
    for w in a.warnings {
        out = out.warn(w);
    }
    Ok(out)
}

fn run_hit(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let h = Hit {
        effect: Effect::parse(i.choice("effect")?.unwrap_or("none"))?,
        struck: Struck::parse(i.choice("struck")?.unwrap_or("location"))?,
        armor: i.int("armor")?,
        shield_hits: i.int("shield-hits")?,
        fragile: i.flag("fragile"),
        immune_to_death: i.flag("immune-death"),
    };
    let r = hit(h)?;
    Ok(Outcome::default()
        .field("armor_after", r.armor_after)
        .field("shield", r.shield.as_str())
        .field("shield_hits_after", r.shield_hits_after)
        .field("weapon", if r.weapon_destroyed { "destroyed" } else { "intact" })
        .field("wounded", r.wounded)
        .field("killed", r.killed)
        .terms(r.terms))
}

fn run_touch(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let target = TouchTarget {
        willing: i.flag("willing"),
        is_self: i.flag("self"),
        states: parse_states(i.text("states").unwrap_or(""))?,
        can_move: i.flag("can-move"),
    };
    let t = touch(&target, i.flag("enchantment"));
    let mut out = Outcome::default().field("allowed", t.allowed).field("reason", t.reason).terms(t.terms);
    for w in t.warnings {
        out = out.warn(w);
    }
    Ok(out)
}

fn run_order(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let text = i.text("effects").ok_or_else(|| {
        invalid("--effects needs at least one of trait, immunity, resistance, enchantment (comma-separated)")
    })?;
    let effects = parse_effects(text)?;
    let o = ability_order(&effects);
    let order: Vec<String> = o.order.iter().map(SimultaneousEffect::label).collect();
    let mut out = Outcome::default().field("order", order.join(", ")).field("steps", o.steps).terms(o.terms);
    for w in o.warnings {
        out = out.warn(w);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::Tome;

    fn values(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn calc(tome: &dyn Rulebook, name: &str, pairs: &[(&str, &str)]) -> Result<serde_json::Value> {
        crate::systems::calculate(tome, SYSTEM, name, values(pairs)).map(|o| o.to_json())
    }

    fn err(tome: &dyn Rulebook, name: &str, pairs: &[(&str, &str)]) -> String {
        match crate::systems::calculate(tome, SYSTEM, name, values(pairs)) {
            Ok(o) => panic!("{name} {pairs:?} should fail, gave {:?}", o.fields),
            Err(e) => e.to_string(),
        }
    }

    // --- Enchantments ------------------------------------------------------------

    /// One magical enchantment on its own is fine.
    #[test]
    fn one_magical_enchantment_is_allowed() {
        let c = check_enchantments(&[Enchantment::magical("Barkskin")]);
        assert!(c.allowed);
        assert!(c.problems.is_empty());
    }

    /// A second magical enchantment breaks the one-at-a-time limit, and the problem names both.
    #[test]
    fn two_magical_enchantments_are_not() {
        let c = check_enchantments(&[Enchantment::magical("Barkskin"), Enchantment::magical("Stoneskin")]);
        assert!(!c.allowed);
        assert_eq!(c.problems.len(), 1);
        assert!(c.problems[0].contains("only one magical"), "{:?}", c.problems);
        assert!(c.problems[0].contains("Barkskin") && c.problems[0].contains("Stoneskin"));
    }

    /// (ex) enchantments do not count toward the magical limit, and differently named ones
    /// may be worn together alongside one magical enchantment.
    #[test]
    fn extraordinary_of_different_names_are_allowed() {
        let c = check_enchantments(&[
            Enchantment::magical("Barkskin"),
            Enchantment::extraordinary("Ancestral Armor"),
            Enchantment::extraordinary("Gift of Air"),
        ]);
        assert!(c.allowed, "{:?}", c.problems);
    }

    /// Two (ex) enchantments of one name are never allowed, even with different spacing or case.
    #[test]
    fn extraordinary_of_the_same_name_are_not() {
        let c = check_enchantments(&[
            Enchantment::extraordinary("Ancestral Armor"),
            Enchantment::extraordinary("ancestral  armor"),
        ]);
        assert!(!c.allowed);
        assert_eq!(c.problems.len(), 1);
        assert!(c.problems[0].contains("Ancestral Armor") && c.problems[0].contains("2 times"), "{:?}", c.problems);
    }

    /// Both rules broken at once: both are reported.
    #[test]
    fn both_enchantment_rules_broken_are_both_reported() {
        let worn = parse_enchantments("m:Barkskin, m:Stoneskin, ex:Ancestral Armor, ex:Ancestral Armor").unwrap();
        let c = check_enchantments(&worn);
        assert!(!c.allowed);
        assert_eq!(c.problems.len(), 2, "{:?}", c.problems);
        let rules: Vec<_> = c.terms.iter().filter_map(|t| t.rule.as_deref()).collect();
        assert!(rules.contains(&R_ENCHANTMENTS) && rules.contains(&R_M_EX));
    }

    #[test]
    fn enchantment_list_parsing() {
        let worn = parse_enchantments(" M:Barkskin ,extraordinary: Ancestral   Armor,,").unwrap();
        assert_eq!(worn, vec![Enchantment::magical("Barkskin"), Enchantment::extraordinary("Ancestral Armor")]);
        assert!(parse_enchantments("").unwrap().is_empty());
        for bad in ["Barkskin", "x:Barkskin", "m:", "m:Barkskin,ex"] {
            let e = parse_enchantments(bad).unwrap_err().to_string();
            assert!(e.contains("m:NAME") && e.contains("ex:NAME"), "{bad}: {e}");
        }
    }

    // --- Magic Armor -------------------------------------------------------------

    /// The document's example: Stoneskin (2) with Barkskin (1) gives 2, from Stoneskin;
    /// with Stoneskin gone the maximum is Barkskin's 1, a location at 2 falls to 1 and a
    /// location at 1 or 0 stays where it is.
    #[test]
    fn stoneskin_and_barkskin_example() {
        let both = [MagicArmorSource::new("Stoneskin", 2), MagicArmorSource::new("Barkskin", 1)];
        let a = magic_armor(&both, 0, CameFirst::Worn, None).unwrap();
        assert_eq!((a.counts, a.source.as_str()), (2, "Stoneskin"));
        assert!(a.terms.iter().any(|t| t.label.starts_with("Barkskin (ignored")));

        let bark = [MagicArmorSource::new("Barkskin", 1)];
        for (current, after) in [(2, 1), (1, 1), (0, 0)] {
            let a = magic_armor(&bark, 0, CameFirst::Worn, Some(current)).unwrap();
            assert_eq!(a.counts, 1);
            assert_eq!(a.location_points, Some(after), "location at {current}");
        }
    }

    /// Magic Armor never adds up: the highest single source counts, whatever the order given.
    #[test]
    fn magic_armor_takes_the_highest_never_the_sum() {
        for a in 1..=MAX_ARMOR {
            for b in 1..=MAX_ARMOR {
                let r = magic_armor(
                    &[MagicArmorSource::new("A", a), MagicArmorSource::new("B", b)],
                    0,
                    CameFirst::Worn,
                    None,
                )
                .unwrap();
                assert_eq!(r.counts, a.max(b));
                assert_eq!(r.source, if b > a { "B" } else { "A" });
            }
        }
    }

    /// Worn armour and Magic Armor do not combine: which one stands depends on which was
    /// there first; armour rated 0 may be worn alongside.
    #[test]
    fn worn_and_magic_armor_do_not_stack() {
        let stone = [MagicArmorSource::new("Stoneskin", 2)];
        let a = magic_armor(&stone, 3, CameFirst::Worn, None).unwrap();
        assert_eq!((a.counts, a.source.as_str()), (3, "worn armor"));
        assert!(a.warnings[0].contains("fail"));
        let a = magic_armor(&stone, 3, CameFirst::Magic, None).unwrap();
        assert_eq!((a.counts, a.source.as_str()), (2, "Stoneskin"));
        assert!(a.warnings[0].contains("may not be put on"));
        let a = magic_armor(&stone, 0, CameFirst::Worn, None).unwrap();
        assert_eq!((a.counts, a.source.as_str()), (2, "Stoneskin"));
        assert!(a.warnings.is_empty());
        let a = magic_armor(&[], 0, CameFirst::Worn, None).unwrap();
        assert_eq!((a.counts, a.source.as_str()), (0, "none"));
    }

    #[test]
    fn magic_armor_bad_inputs() {
        assert!(magic_armor(&[], -1, CameFirst::Worn, None).unwrap_err().to_string().contains("from 0 to 10"));
        assert!(magic_armor(&[MagicArmorSource::new("X", 0)], 0, CameFirst::Worn, None).is_err());
        for bad in ["Stoneskin", "Stoneskin:two", ":2", "Stoneskin:0", "Stoneskin:11"] {
            let e = parse_magic_sources(bad).unwrap_err().to_string();
            assert!(e.contains("NAME:POINTS") || e.contains("from 1 to 10"), "{bad}: {e}");
        }
        assert_eq!(parse_magic_sources("2, 1").unwrap()[1], MagicArmorSource::new("Magic Armor source 2", 1));
    }

    // --- Special Effects -----------------------------------------------------------

    /// An ordinary hit on armour costs the location 1 point (the Ability Order example)
    /// and does not wound; on an unarmoured location it wounds.
    #[test]
    fn ordinary_hit() {
        let r = hit(Hit::new(Effect::None, 3)).unwrap();
        assert_eq!((r.armor_after, r.wounded, r.killed), (2, false, false));
        let r = hit(Hit::new(Effect::None, 0)).unwrap();
        assert_eq!((r.armor_after, r.wounded, r.killed), (0, true, false));
    }

    /// Armor Breaking: 3 points or fewer are stripped to 0; 4 or more take an ordinary hit.
    #[test]
    fn armor_breaking_boundary() {
        let four = hit(Hit::new(Effect::ArmorBreaking, 4)).unwrap();
        assert_eq!(four.armor_after, 3, "4 points: ordinary hit");
        assert!(!four.wounded);
        let three = hit(Hit::new(Effect::ArmorBreaking, 3)).unwrap();
        assert_eq!(three.armor_after, 0, "3 points: all removed");
        assert!(!three.wounded);
        for armor in 1..=ARMOR_BREAKING_THRESHOLD {
            assert_eq!(hit(Hit::new(Effect::ArmorBreaking, armor)).unwrap().armor_after, 0);
        }
        for armor in ARMOR_BREAKING_THRESHOLD + 1..=MAX_ARMOR {
            assert_eq!(hit(Hit::new(Effect::ArmorBreaking, armor)).unwrap().armor_after, armor - 1);
        }
        // Players are not affected by Armor Breaking: with no armour it is a plain wound.
        let bare = hit(Hit::new(Effect::ArmorBreaking, 0)).unwrap();
        assert_eq!((bare.wounded, bare.killed), (true, false));
    }

    /// Armor Destroying takes any armoured location to 0, however many points it had.
    #[test]
    fn armor_destroying() {
        for armor in 1..=MAX_ARMOR {
            let r = hit(Hit::new(Effect::ArmorDestroying, armor)).unwrap();
            assert_eq!((r.armor_after, r.wounded), (0, false), "armor {armor}");
        }
    }

    /// Shield Crushing: the 1st and 2nd hits leave the shield damaged (repairable), the
    /// 3rd destroys it.
    #[test]
    fn shield_crushing_three_hits() {
        let first = hit(Hit::on_shield(Effect::ShieldCrushing, 0)).unwrap();
        assert_eq!((first.shield, first.shield_hits_after), (ShieldState::Damaged, 1));
        let second = hit(Hit::on_shield(Effect::ShieldCrushing, 1)).unwrap();
        assert_eq!((second.shield, second.shield_hits_after), (ShieldState::Damaged, 2));
        let third = hit(Hit::on_shield(Effect::ShieldCrushing, 2)).unwrap();
        assert_eq!((third.shield, third.shield_hits_after), (ShieldState::Destroyed, 3));
        assert!(!third.wounded);
    }

    /// Shield Destroying: one hit destroys even an untouched shield.
    #[test]
    fn shield_destroying() {
        for prior in 0..SHIELD_CRUSHING_HITS {
            assert_eq!(hit(Hit::on_shield(Effect::ShieldDestroying, prior)).unwrap().shield, ShieldState::Destroyed);
        }
        // An ordinary hit, or an armour effect, leaves a shield as it was.
        assert_eq!(hit(Hit::on_shield(Effect::None, 0)).unwrap().shield, ShieldState::Intact);
        assert_eq!(hit(Hit::on_shield(Effect::ArmorDestroying, 1)).unwrap().shield, ShieldState::Damaged);
    }

    /// Weapon Destroying destroys the weapon it hits; other effects leave weapons alone.
    #[test]
    fn weapon_destroying() {
        assert!(hit(Hit::on_weapon(Effect::WeaponDestroying)).unwrap().weapon_destroyed);
        for e in Effect::ALL.into_iter().filter(|e| *e != Effect::WeaponDestroying) {
            assert!(!hit(Hit::on_weapon(e)).unwrap().weapon_destroyed, "{e:?}");
        }
    }

    /// Wounds Kill: a wound from it kills; armour is not affected by it (an ordinary hit),
    /// and a player Immune to Death is only wounded.
    #[test]
    fn wounds_kill() {
        let bare = hit(Hit::new(Effect::WoundsKill, 0)).unwrap();
        assert_eq!((bare.wounded, bare.killed), (true, true));
        let armored = hit(Hit::new(Effect::WoundsKill, 2)).unwrap();
        assert_eq!((armored.armor_after, armored.wounded, armored.killed), (1, false, false));
        let immune = hit(Hit { immune_to_death: true, ..Hit::new(Effect::WoundsKill, 0) }).unwrap();
        assert_eq!((immune.wounded, immune.killed), (true, false));
    }

    /// Fragile: the next wound kills, whatever caused it.
    #[test]
    fn fragile_dies_on_the_next_wound() {
        let r = hit(Hit { fragile: true, ..Hit::new(Effect::None, 0) }).unwrap();
        assert_eq!((r.wounded, r.killed), (true, true));
        let r = hit(Hit { fragile: true, ..Hit::new(Effect::None, 1) }).unwrap();
        assert_eq!((r.wounded, r.killed), (false, false), "armour took the hit");
    }

    /// Exhaustive: for every effect, target, armour and shield state, armour after a hit
    /// is never negative and never more than before; a wound only happens on an
    /// unarmoured location; shield hits never go down.
    #[test]
    fn hit_bounds_exhaustive() {
        for effect in Effect::ALL {
            for struck in [Struck::Location, Struck::Shield, Struck::Weapon] {
                for armor in 0..=MAX_ARMOR {
                    for shield_hits in 0..SHIELD_CRUSHING_HITS {
                        for fragile in [false, true] {
                            let h = Hit { effect, struck, armor, shield_hits, fragile, immune_to_death: false };
                            let r = hit(h).unwrap();
                            assert!(r.armor_after >= 0 && r.armor_after <= armor, "{h:?} -> {}", r.armor_after);
                            assert!(!r.wounded || (struck == Struck::Location && armor == 0), "{h:?}");
                            assert!(!r.killed || r.wounded, "{h:?}");
                            assert!(r.shield_hits_after >= shield_hits, "{h:?}");
                            assert!(!r.terms.is_empty());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn hit_bad_inputs() {
        assert!(hit(Hit::new(Effect::None, -1)).unwrap_err().to_string().contains("from 0 to 10"));
        assert!(hit(Hit::new(Effect::None, 11)).unwrap_err().to_string().contains("from 0 to 10"));
        assert!(hit(Hit::on_shield(Effect::ShieldCrushing, 3)).unwrap_err().to_string().contains("from 0 to 2"));
        let e = Effect::parse("fireball").unwrap_err().to_string();
        assert!(e.contains("armor-breaking") && e.contains("wounds-kill"), "{e}");
        assert_eq!(Effect::parse("Armour Breaking").unwrap(), Effect::ArmorBreaking);
    }

    // --- Touch ----------------------------------------------------------------------

    fn target(states: &[TargetState]) -> TouchTarget {
        TouchTarget { states: states.to_vec(), ..TouchTarget::default() }
    }

    /// Touch works on a willing, Dead, Stunned, Frozen or held-in-place Insubstantial
    /// target, and on the caster; on anyone else it does not.
    #[test]
    fn touch_states() {
        assert!(touch(&TouchTarget { willing: true, ..TouchTarget::default() }, false).allowed);
        assert!(touch(&TouchTarget { is_self: true, ..TouchTarget::default() }, false).allowed);
        for s in [TargetState::Dead, TargetState::Stunned, TargetState::Frozen, TargetState::Insubstantial] {
            let t = touch(&target(&[s]), false);
            assert!(t.allowed, "{s:?}");
            assert!(t.reason.contains(s.name()), "{}", t.reason);
        }
        let free = TouchTarget { can_move: true, ..target(&[TargetState::Insubstantial]) };
        assert!(!touch(&free, false).allowed, "an Insubstantial player free to move does not qualify");
        for s in [
            TargetState::Cursed,
            TargetState::Fragile,
            TargetState::Immune,
            TargetState::Invulnerable,
            TargetState::Stopped,
            TargetState::Suppressed,
        ] {
            let t = touch(&target(&[s]), false);
            assert!(!t.allowed, "{s:?} alone does not open Touch");
            assert!(t.reason.contains("willing, Dead, Stunned, Frozen"), "{}", t.reason);
        }
        assert!(!touch(&TouchTarget::default(), false).allowed);
        // Any one qualifying state is enough.
        assert!(touch(&target(&[TargetState::Stopped, TargetState::Stunned]), false).allowed);
    }

    /// Enchantments go only on willing players: a Stunned stranger cannot be enchanted.
    #[test]
    fn touch_enchantments_need_willing() {
        assert!(!touch(&target(&[TargetState::Stunned]), true).allowed);
        assert!(touch(&TouchTarget { willing: true, ..target(&[TargetState::Stunned]) }, true).allowed);
    }

    /// A Frozen target may be touched, but the warning says most abilities will not affect it.
    #[test]
    fn touch_frozen_warns() {
        let t = touch(&target(&[TargetState::Frozen]), false);
        assert!(t.allowed && t.warnings.iter().any(|w| w.contains("Release")));
    }

    #[test]
    fn state_parsing() {
        assert_eq!(parse_states("stunned, FROZEN,stunned").unwrap(), vec![TargetState::Stunned, TargetState::Frozen]);
        assert!(parse_states("none").unwrap().is_empty());
        let e = parse_states("asleep").unwrap_err().to_string();
        assert!(e.contains("Stunned") && e.contains("asleep"), "{e}");
    }

    // --- Ability Order --------------------------------------------------------------

    /// The table's four steps, each in the shipped table row by row.
    #[test]
    fn ability_order_table_matches_shipped() {
        let tome = Tome::open_in_memory().unwrap();
        let table = tome.table(T_ABILITY_ORDER, None).unwrap();
        assert_eq!(table.rows.len(), ABILITY_ORDER.len());
        for (i, row) in table.rows.iter().enumerate() {
            assert_eq!(row.cells[0], (i + 1).to_string());
            assert_eq!(row.cells[1], ABILITY_ORDER[i]);
        }
        for kind in [EffectType::Trait, EffectType::Immunity, EffectType::Resistance, EffectType::Enchantment] {
            assert_eq!(table.rows[(kind.step() - 1) as usize].cells[1], kind.table_name());
        }
    }

    /// Given in reverse, the types come back Traits, Immunities, Resistances, other Enchantments.
    #[test]
    fn ability_order_sorts() {
        let effects = parse_effects("enchantment, resistance, immunity, trait").unwrap();
        let o = ability_order(&effects);
        let labels: Vec<String> = o.order.iter().map(SimultaneousEffect::label).collect();
        assert_eq!(labels, ABILITY_ORDER);
        assert_eq!(o.steps, vec![1, 2, 3, 4]);
    }

    /// The document's first example: Phoenix Tears and Troll Blood both go off at once.
    /// Named enchantments keep their given order within the step and are flagged as simultaneous.
    #[test]
    fn phoenix_tears_and_troll_blood_trigger_together() {
        let effects =
            parse_effects("enchantment:Phoenix Tears, trait:Immunity to Subdual, enchantment:Troll Blood").unwrap();
        let o = ability_order(&effects);
        let labels: Vec<String> = o.order.iter().map(SimultaneousEffect::label).collect();
        assert_eq!(labels, ["Immunity to Subdual (Trait)", "Phoenix Tears (Enchantment)", "Troll Blood (Enchantment)"]);
        assert_eq!(o.steps, vec![1, 4, 4]);
        assert!(o.warnings[0].contains("same time"));
    }

    #[test]
    fn effect_parsing_errors() {
        let e = parse_effects("trait, archetype").unwrap_err().to_string();
        assert!(e.contains("archetype") && e.contains("trait, immunity, resistance or enchantment"), "{e}");
        assert!(parse_effects("enchantment:").is_err());
        assert_eq!(parse_effects("Other Enchantments").unwrap()[0].kind, EffectType::Enchantment);
    }

    // --- Through the registry ----------------------------------------------------------

    #[test]
    fn calculators_through_the_registry() {
        let tome = Tome::open_in_memory().unwrap();

        let ok = calc(&tome, "enchantments", &[("enchantments", "m:Barkskin,ex:Ancestral Armor,ex:Ancestral Armor")])
            .unwrap();
        assert_eq!(ok["allowed"], false);
        assert!(ok["problems"].as_str().unwrap().contains("Ancestral Armor"));
        assert_eq!(ok["warnings"].as_array().unwrap().len(), 1);
        let ok = calc(&tome, "enchantments", &[("enchantments", "m:Barkskin,ex:Ancestral Armor")]).unwrap();
        assert_eq!((ok["allowed"].clone(), ok["problems"].clone()), (true.into(), "none".into()));
        assert!(err(&tome, "enchantments", &[("enchantments", "Barkskin")]).contains("m:NAME"));
        assert!(err(&tome, "enchantments", &[]).contains("--enchantments is required"));

        let ok = calc(&tome, "magic-armor", &[("magic", "Stoneskin:2,Barkskin:1"), ("current", "2")]).unwrap();
        assert_eq!(
            (ok["counts"].clone(), ok["source"].clone(), ok["location_points"].clone()),
            (2.into(), "Stoneskin".into(), 2.into())
        );
        assert!(err(&tome, "magic-armor", &[("worn", "-1")]).contains("from 0 to 10"));
        assert!(err(&tome, "magic-armor", &[("came-first", "later")]).contains("worn, magic"));

        let ok = calc(&tome, "hit", &[("effect", "armor-breaking"), ("armor", "3")]).unwrap();
        assert_eq!((ok["armor_after"].clone(), ok["wounded"].clone()), (0.into(), false.into()));
        let ok =
            calc(&tome, "hit", &[("effect", "shield-crushing"), ("struck", "shield"), ("shield-hits", "2")]).unwrap();
        assert_eq!(ok["shield"], "destroyed");
        let ok = calc(&tome, "hit", &[("effect", "wounds-kill")]).unwrap();
        assert_eq!((ok["wounded"].clone(), ok["killed"].clone()), (true.into(), true.into()));
        assert!(err(&tome, "hit", &[("armor", "-1")]).contains("from 0 to 10"));
        assert!(err(&tome, "hit", &[("shield-hits", "3")]).contains("from 0 to 2"));
        let e = err(&tome, "hit", &[("effect", "fireball")]);
        assert!(e.contains("none, armor-breaking") && e.contains("wounds-kill"), "{e}");

        let ok = calc(&tome, "touch", &[("states", "Stunned")]).unwrap();
        assert_eq!(ok["allowed"], true);
        let ok = calc(&tome, "touch", &[("states", "Stopped")]).unwrap();
        assert_eq!(ok["allowed"], false);
        let ok = calc(&tome, "touch", &[("willing", "true"), ("enchantment", "true")]).unwrap();
        assert_eq!(ok["allowed"], true);
        assert!(err(&tome, "touch", &[("states", "sleepy")]).contains("Frozen"));

        let ok = calc(&tome, "order", &[("effects", "enchantment,trait,resistance")]).unwrap();
        assert_eq!(ok["order"], "Traits, Resistances, Other Enchantments");
        assert_eq!(ok["steps"], serde_json::json!([1, 3, 4]));
        assert!(err(&tome, "order", &[("effects", "magic")]).contains("trait, immunity"));
        assert!(err(&tome, "order", &[("effects", " ")]).contains("at least one"));
    }

    /// Every entry id a term or calculator links to exists in the shipped content.
    #[test]
    fn every_linked_rule_exists() {
        let tome = Tome::open_in_memory().unwrap();
        let mut ids: Vec<String> = calculators().iter().filter_map(|c| c.rule.map(str::to_string)).collect();
        let mut add = |terms: &[Term]| ids.extend(terms.iter().filter_map(|t| t.rule.clone()));
        add(&check_enchantments(&parse_enchantments("m:A,m:B,ex:C,ex:C").unwrap()).terms);
        add(&check_enchantments(&[]).terms);
        for first in [CameFirst::Worn, CameFirst::Magic] {
            add(&magic_armor(&[MagicArmorSource::new("S", 2)], 3, first, Some(3)).unwrap().terms);
            add(&magic_armor(&[MagicArmorSource::new("S", 2)], 0, first, Some(1)).unwrap().terms);
        }
        for effect in Effect::ALL {
            for struck in [Struck::Location, Struck::Shield, Struck::Weapon] {
                for armor in [0, 2, 5] {
                    for immune_to_death in [false, true] {
                        let h = Hit { effect, struck, armor, shield_hits: 1, fragile: true, immune_to_death };
                        add(&hit(h).unwrap().terms);
                    }
                }
            }
        }
        let all = TouchTarget { willing: false, is_self: false, states: TargetState::ALL.to_vec(), can_move: false };
        add(&touch(&all, false).terms);
        add(&touch(&TouchTarget { is_self: true, ..all.clone() }, true).terms);
        add(&touch(&TouchTarget::default(), false).terms);
        add(&ability_order(&parse_effects("trait,immunity,resistance,enchantment,enchantment").unwrap()).terms);
        for kind in [EffectType::Trait, EffectType::Immunity, EffectType::Resistance, EffectType::Enchantment] {
            ids.push(kind.rule().to_string());
        }
        ids.sort();
        ids.dedup();
        for id in ids {
            assert!(tome.show(&id).is_ok() || tome.table(&id, None).is_ok(), "missing entry {id}");
        }
    }
}
