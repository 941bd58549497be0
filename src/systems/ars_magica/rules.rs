//! Ars Magica: combat totals, encumbrance, wounds, fatigue, movement and other perils.
//!
//! Every combat total here is the fixed part of the roll: the stress die (see
//! [`crate::dice::stress_die`]) is left for the player to add, and each total says so
//! in its terms. Weapons, shields and armour are looked up in the shipped tables by
//! name or id; their n/a statistics are `None`, and a total that needs one is an error.

use serde_json::Value;

use crate::error::{Error, Result};
use crate::model::ItemCoverage;
use crate::model::{Detail, Entry};
use crate::rulebook::Rulebook;
use crate::rules::{check, Calculator, Inputs, Outcome, Param, ParamKind, Term};

pub(crate) const SYSTEM: &str = "ars-magica";

// The rules and tables the terms link to.
const R_INITIATIVE: &str = "ars-magica/rule/initiative-total";
const R_ATTACK: &str = "ars-magica/rule/attack-total";
const R_DEFENSE: &str = "ars-magica/rule/defense-total";
const R_DAMAGE: &str = "ars-magica/rule/damage-total";
const R_SOAK: &str = "ars-magica/rule/soak-total";
const R_ADVANTAGE: &str = "ars-magica/rule/attack-advantage";
const R_SEQUENCE: &str = "ars-magica/rule/combat-sequence";
const R_STRESS_DIE: &str = "ars-magica/rule/stress-die";
const R_ARMOR: &str = "ars-magica/rule/armor";
const R_MISSILE: &str = "ars-magica/rule/missile-combat";
const R_MOVING: &str = "ars-magica/rule/moving-in-combat";
const R_GROUP_DAMAGE: &str = "ars-magica/rule/group-damage";
const R_UNTRAINED: &str = "ars-magica/rule/untrained-group";
const R_TRAINED: &str = "ars-magica/rule/trained-group";
const R_DISENGAGING: &str = "ars-magica/rule/disengaging";
const R_EXERTION: &str = "ars-magica/rule/exertion";
const R_MOUNTED: &str = "ars-magica/rule/mounted-combat";
const R_ENCUMBRANCE: &str = "ars-magica/rule/encumbrance";
const R_FATIGUE: &str = "ars-magica/rule/fatigue";
const R_LONG_TERM_FATIGUE: &str = "ars-magica/rule/long-term-fatigue";
const R_WOUNDS: &str = "ars-magica/rule/wounds";
const R_ACTIVITIES: &str = "ars-magica/rule/activities-while-injured";
const R_RECOVERING: &str = "ars-magica/rule/recovering-from-wounds";
const R_INCAPACITATION: &str = "ars-magica/rule/recovery-from-incapacitation";
const R_INJURIES: &str = "ars-magica/rule/injuries";
const R_HEAT: &str = "ars-magica/rule/heat-and-corrosion";
const R_IMPACT: &str = "ars-magica/rule/impact";
const T_DAMAGE: &str = "ars-magica/table/damage-table";
const T_WOUND: &str = "ars-magica/table/wound-table";
const T_FATIGUE_LEVELS: &str = "ars-magica/table/fatigue-levels";
const T_FATIGUE_RECOVERY: &str = "ars-magica/table/fatigue-recovery-chart";
const T_RECOVERY: &str = "ars-magica/table/recovery-table";
const T_ACTIVITIES: &str = "ars-magica/table/wound-penalty-activities";
const T_HEAT: &str = "ars-magica/table/heat-and-corrosion-table";
const T_EXPOSURE: &str = "ars-magica/table/exposure-multipliers";
const T_IMPACT: &str = "ars-magica/table/impact-table";
const T_MOVEMENT: &str = "ars-magica/table/movement-rates";

// The ranges every input is held to, here and in the declared parameters.
/// A characteristic (Quickness, Dexterity, Strength, Stamina).
const CHAR: (i64, i64) = (-10, 10);
/// An Ability score (a combat Ability, Leadership, Ride, Chirurgy…).
const ABILITY: (i64, i64) = (0, 30);
/// Encumbrance: at most the top Burden of the Encumbrance Table.
const ENC: (i64, i64) = (0, 10);
/// A creature's Size.
const SIZE: (i64, i64) = (-20, 20);
/// A finished total (Attack, Defense, Damage, Soak), die included.
const TOTAL: (i64, i64) = (-200, 20_000);
/// Damage past Soak.
const DAMAGE: (i64, i64) = (-10_000, 10_000);
/// A count of wounds of one level.
const WOUND_COUNT: (i64, i64) = (0, 100);
/// Fatigue levels lost of one kind.
const FATIGUE_LOST: (i64, i64) = (0, 20);
/// A bonus such as a Form bonus to Soak or a magical aid to recovery.
const BONUS: (i64, i64) = (0, 50);

/// The reminder that a total leaves out its stress die.
fn stress_die_term() -> Term {
    Term::text("Stress die", "not included: add your roll", Some(R_STRESS_DIE))
}

// ---------------------------------------------------------------------------------
// Encumbrance
// ---------------------------------------------------------------------------------

/// Burden and Encumbrance from total Load and Strength.
#[derive(Debug, Clone, PartialEq)]
pub struct Encumbrance {
    pub burden: i64,
    pub encumbrance: i64,
    pub terms: Vec<Term>,
}

/// The Load at which each Burden begins (the Encumbrance Table): Burden n needs Load
/// of at least `BURDEN_STEPS[n]`.
pub const BURDEN_STEPS: [i64; 11] = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55];

/// Burden for a total Load: the highest step reached (the table stops at Burden 10).
pub fn burden(load: i64) -> i64 {
    BURDEN_STEPS.iter().rposition(|&step| load >= step).unwrap_or(0) as i64
}

/// Encumbrance is the Burden when Strength is zero or less, otherwise the amount by
/// which Burden exceeds Strength, never below zero.
pub fn encumbrance(load: i64, strength: i64) -> Encumbrance {
    let burden = burden(load);
    let encumbrance = if strength <= 0 { burden } else { (burden - strength).max(0) };
    let mut terms =
        vec![Term::num(format!("Burden for Load {load}"), burden, Some("ars-magica/table/encumbrance-table"))];
    if strength > 0 {
        terms.push(Term::num("Strength", -strength, Some("ars-magica/rule/encumbrance")));
    } else {
        terms.push(Term::text(
            "Strength (zero or less: no reduction)",
            strength.to_string(),
            Some("ars-magica/rule/encumbrance"),
        ));
    }
    Encumbrance { burden, encumbrance, terms }
}

// ---------------------------------------------------------------------------------
// Weapons, shields and armour
// ---------------------------------------------------------------------------------

/// A row of the melee or missile weapon table, with the entry it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct WeaponStats {
    pub id: String,
    pub name: String,
    /// The table row (`None` stats where the table has n/a).
    pub stats: crate::model::Weapon,
}

/// A weapon reads as its table row: `w.atk`, `w.str`…
impl std::ops::Deref for WeaponStats {
    type Target = crate::model::Weapon;

    fn deref(&self) -> &Self::Target {
        &self.stats
    }
}

impl WeaponStats {
    /// The weapon statistics of an Ars Magica weapon entry.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] when the entry is not an Ars Magica weapon.
    pub fn from_entry(e: &Entry) -> Result<WeaponStats> {
        match &e.detail {
            Some(Detail::Weapon(w)) if e.system == SYSTEM => {
                Ok(WeaponStats { id: e.id.clone(), name: e.name.clone(), stats: w.clone() })
            }
            _ => Err(Error::InvalidInput(format!("{} ({}) is not an Ars Magica weapon", e.name, e.id))),
        }
    }

    /// Whether this is one of the shields of the melee table.
    pub fn is_shield(&self) -> bool {
        self.id.starts_with("ars-magica/weapon/shield-")
    }

    /// Great weapons, bows and the sling take both hands.
    pub fn two_handed(&self) -> bool {
        matches!(self.ability.as_str(), "Great" | "Bow") || self.id == "ars-magica/weapon/sling"
    }
}

/// The statistic of a weapon a total reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    Init,
    Atk,
    Dfn,
    Dam,
}

impl Stat {
    fn of(self, w: &WeaponStats) -> Option<i64> {
        match self {
            Stat::Init => w.init,
            Stat::Atk => w.atk,
            Stat::Dfn => w.dfn,
            Stat::Dam => w.dam,
        }
    }

    fn short(self) -> &'static str {
        match self {
            Stat::Init => "Init",
            Stat::Atk => "Atk",
            Stat::Dfn => "Dfn",
            Stat::Dam => "Dam",
        }
    }

    /// What a weapon without this statistic cannot do.
    fn missing(self) -> &'static str {
        match self {
            Stat::Init => "it gives no Initiative",
            Stat::Atk => "it cannot be used to attack",
            Stat::Dfn => "it cannot be used to defend",
            Stat::Dam => "it deals no damage",
        }
    }
}

/// Adds the weapon's (and the shield's) modifier for `stat` to `terms`.
fn gear_modifier(stat: Stat, weapon: &WeaponStats, shield: Option<&WeaponStats>, terms: &mut Vec<Term>) -> Result<i64> {
    let mut sum = 0;
    for w in std::iter::once(weapon).chain(shield) {
        let v = stat.of(w).ok_or_else(|| {
            Error::InvalidInput(format!(
                "{} has no {} modifier (n/a in the weapon table): {}",
                w.name,
                stat.short(),
                stat.missing()
            ))
        })?;
        terms.push(Term::num(format!("{} {}", w.name, stat.short()), v, Some(w.id.as_str())));
        sum += v;
    }
    Ok(sum)
}

/// A shield must be one of the shields; a weapon that takes both hands leaves none free
/// for it, which is a warning rather than an error.
pub fn check_shield(weapon: &WeaponStats, shield: Option<&WeaponStats>) -> Result<Vec<String>> {
    let Some(s) = shield else { return Ok(Vec::new()) };
    if !s.is_shield() {
        return Err(Error::InvalidInput(format!(
            "{} is not a shield: the shields are Shield, Buckler; Shield, Round; and Shield, Heater",
            s.name
        )));
    }
    let mut warnings = Vec::new();
    if weapon.two_handed() {
        warnings.push(format!("{} needs both hands, which leaves no hand for {}", weapon.name, s.name));
    }
    Ok(warnings)
}

/// Warnings for a weapon or shield whose minimum Strength is above `strength`; each is
/// checked on its own, as the weapon table asks.
pub fn strength_warnings(strength: i64, weapon: &WeaponStats, shield: Option<&WeaponStats>) -> Vec<String> {
    std::iter::once(weapon)
        .chain(shield)
        .filter_map(|w| {
            let min = w.str?;
            (strength < min)
                .then(|| format!("Strength {strength:+} is below the minimum Strength of {min:+} for {}", w.name))
        })
        .collect()
}

/// A combat total before its die: the value, the terms that made it, and warnings.
#[derive(Debug, Clone, PartialEq)]
pub struct Total {
    pub total: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Initiative Total before the stress die: Quickness + weapon Init (+ shield Init) −
/// Encumbrance.
///
/// # Errors
/// A characteristic or Encumbrance out of range; a weapon without an Init modifier; a
/// `shield` that is not a shield.
pub fn initiative_total(
    quickness: i64,
    encumbrance: i64,
    weapon: &WeaponStats,
    shield: Option<&WeaponStats>,
) -> Result<Total> {
    check("Quickness", quickness, CHAR)?;
    check("Encumbrance", encumbrance, ENC)?;
    let warnings = check_shield(weapon, shield)?;
    let mut terms = vec![Term::num("Quickness", quickness, Some(R_INITIATIVE))];
    let gear = gear_modifier(Stat::Init, weapon, shield, &mut terms)?;
    terms.push(Term::num("Encumbrance", -encumbrance, Some(R_ENCUMBRANCE)));
    terms.push(stress_die_term());
    Ok(Total { total: quickness + gear - encumbrance, terms, warnings })
}

/// Attack Total before the stress die: Dexterity + combat Ability + weapon Atk (+ shield
/// Atk).
///
/// # Errors
/// Scores out of range; a weapon without an Atk modifier (Dodge); a `shield` that is
/// not a shield.
pub fn attack_total(dexterity: i64, ability: i64, weapon: &WeaponStats, shield: Option<&WeaponStats>) -> Result<Total> {
    check("Dexterity", dexterity, CHAR)?;
    check("Combat Ability", ability, ABILITY)?;
    let warnings = check_shield(weapon, shield)?;
    let mut terms = vec![
        Term::num("Dexterity", dexterity, Some(R_ATTACK)),
        Term::num(format!("Combat Ability ({})", weapon.ability), ability, Some(R_ATTACK)),
    ];
    let gear = gear_modifier(Stat::Atk, weapon, shield, &mut terms)?;
    terms.push(stress_die_term());
    Ok(Total { total: dexterity + ability + gear, terms, warnings })
}

/// Defense Total before the stress die: Quickness + combat Ability + weapon Dfn (+ shield
/// Dfn). Against missiles only a shield's Dfn counts.
///
/// # Errors
/// Scores out of range; a weapon without a Dfn modifier; a `shield` that is not a
/// shield.
pub fn defense_total(
    quickness: i64,
    ability: i64,
    weapon: &WeaponStats,
    shield: Option<&WeaponStats>,
    against_missiles: bool,
) -> Result<Total> {
    check("Quickness", quickness, CHAR)?;
    check("Combat Ability", ability, ABILITY)?;
    let warnings = check_shield(weapon, shield)?;
    let mut terms = vec![
        Term::num("Quickness", quickness, Some(R_DEFENSE)),
        Term::num(format!("Combat Ability ({})", weapon.ability), ability, Some(R_DEFENSE)),
    ];
    let mut gear = 0;
    for w in std::iter::once(weapon).chain(shield) {
        if against_missiles && !w.is_shield() {
            terms.push(Term::num(format!("{} Dfn (only a shield helps against missiles)", w.name), 0, Some(R_MISSILE)));
        } else {
            gear += gear_modifier(Stat::Dfn, w, None, &mut terms)?;
        }
    }
    terms.push(stress_die_term());
    Ok(Total { total: quickness + ability + gear, terms, warnings })
}

/// Damage Total: Strength + weapon Dam (+ shield Dam) (+ the Attack Advantage of a hit).
/// Warns when the weapon or shield needs more Strength.
///
/// # Errors
/// Strength out of range; an advantage below 1 (no hit) or too large; a weapon without
/// a Dam modifier (Dodge); a `shield` that is not a shield.
pub fn damage_total(
    strength: i64,
    weapon: &WeaponStats,
    shield: Option<&WeaponStats>,
    advantage: Option<i64>,
) -> Result<Total> {
    check("Strength", strength, CHAR)?;
    if let Some(a) = advantage {
        check("Attack Advantage (a hit is 1 or more)", a, (1, TOTAL.1))?;
    }
    let mut warnings = check_shield(weapon, shield)?;
    let mut terms = vec![Term::num("Strength", strength, Some(R_DAMAGE))];
    let gear = gear_modifier(Stat::Dam, weapon, shield, &mut terms)?;
    if let Some(a) = advantage {
        terms.push(Term::num("Attack Advantage", a, Some(R_ADVANTAGE)));
    }
    warnings.extend(strength_warnings(strength, weapon, shield));
    Ok(Total { total: strength + gear + advantage.unwrap_or(0), terms, warnings })
}

/// A row of the Armor Table.
#[derive(Debug, Clone, PartialEq)]
pub struct ArmorStats {
    pub id: String,
    pub name: String,
    /// Protection and Load worn as partial armour; `None` where the table has n/a.
    pub partial: Option<(i64, i64)>,
    /// Protection and Load worn as full armour; `None` where the table has n/a.
    pub full: Option<(i64, i64)>,
}

impl ArmorStats {
    /// The statistics of an Ars Magica armour entry.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] when the entry is not an Ars Magica armour.
    pub fn from_entry(e: &Entry) -> Result<ArmorStats> {
        match &e.detail {
            Some(Detail::Armor(a)) if e.system == SYSTEM => Ok(ArmorStats {
                id: e.id.clone(),
                name: e.name.clone(),
                partial: a.partial.map(|c| (c.prot, c.load)),
                full: a.full.map(|c| (c.prot, c.load)),
            }),
            _ => Err(Error::InvalidInput(format!("{} ({}) is not an Ars Magica armour", e.name, e.id))),
        }
    }
}

/// Soak Total: Stamina + the armour's Protection for its coverage (+ a magus's Form
/// bonus). `armor` is `None` for no armour.
///
/// # Errors
/// Scores out of range; an armour that does not come in that coverage (n/a).
pub fn soak_total(stamina: i64, armor: Option<(&ArmorStats, ItemCoverage)>, form_bonus: i64) -> Result<Total> {
    check("Stamina", stamina, CHAR)?;
    check("Form bonus", form_bonus, BONUS)?;
    let mut terms = vec![Term::num("Stamina", stamina, Some(R_SOAK))];
    let prot = match armor {
        None => {
            terms.push(Term::num("No armour", 0, Some(R_ARMOR)));
            0
        }
        Some((a, coverage)) => {
            let row = match coverage {
                ItemCoverage::Partial => a.partial,
                ItemCoverage::Full => a.full,
            };
            let (prot, _) = row.ok_or_else(|| {
                let other = match coverage {
                    ItemCoverage::Partial => "full",
                    ItemCoverage::Full => "partial",
                };
                Error::InvalidInput(format!(
                    "{} is not made as {} armour (n/a in the Armor Table); try {other}",
                    a.name,
                    coverage.as_str()
                ))
            })?;
            terms.push(Term::num(format!("{}, {} Prot", a.name, coverage.as_str()), prot, Some(a.id.as_str())));
            prot
        }
    };
    if form_bonus != 0 {
        terms.push(Term::num("Form bonus", form_bonus, Some(R_SOAK)));
    }
    Ok(Total { total: stamina + prot + form_bonus, terms, warnings: Vec::new() })
}

// ---------------------------------------------------------------------------------
// Wounds
// ---------------------------------------------------------------------------------

/// How bad a single wound is, from nothing at all to death.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum WoundLevel {
    None,
    Light,
    Medium,
    Heavy,
    Incapacitating,
    Dead,
}

impl WoundLevel {
    pub const ALL: [WoundLevel; 6] = [
        WoundLevel::None,
        WoundLevel::Light,
        WoundLevel::Medium,
        WoundLevel::Heavy,
        WoundLevel::Incapacitating,
        WoundLevel::Dead,
    ];

    /// The word the CLI prints: `none`, `light`, `medium`, `heavy`, `incapacitating`, `dead`.
    pub fn as_str(self) -> &'static str {
        match self {
            WoundLevel::None => "none",
            WoundLevel::Light => "light",
            WoundLevel::Medium => "medium",
            WoundLevel::Heavy => "heavy",
            WoundLevel::Incapacitating => "incapacitating",
            WoundLevel::Dead => "dead",
        }
    }

    pub fn parse(s: &str) -> Option<WoundLevel> {
        WoundLevel::ALL.into_iter().find(|l| l.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// The Wound Table's penalty for one wound of this level; `None` for Incapacitating
    /// (no actions at all) and for the levels that are not wounds one carries.
    pub fn penalty(self) -> Option<i64> {
        match self {
            WoundLevel::Light => Some(-1),
            WoundLevel::Medium => Some(-3),
            WoundLevel::Heavy => Some(-5),
            _ => None,
        }
    }

    fn worse(self) -> WoundLevel {
        match self {
            WoundLevel::None => WoundLevel::Light,
            WoundLevel::Light => WoundLevel::Medium,
            WoundLevel::Medium => WoundLevel::Heavy,
            WoundLevel::Heavy => WoundLevel::Incapacitating,
            WoundLevel::Incapacitating | WoundLevel::Dead => WoundLevel::Dead,
        }
    }

    fn better(self) -> WoundLevel {
        match self {
            WoundLevel::None | WoundLevel::Light => WoundLevel::None,
            WoundLevel::Medium => WoundLevel::Light,
            WoundLevel::Heavy => WoundLevel::Medium,
            WoundLevel::Incapacitating => WoundLevel::Heavy,
            WoundLevel::Dead => WoundLevel::Dead,
        }
    }
}

/// How many points of damage each wound band of the Damage Table spans for a Size:
/// 5 + Size, and never less than 1 (Size −4 or smaller).
pub fn band_width(size: i64) -> i64 {
    size.saturating_add(5).max(1)
}

/// The wound from `damage` points past Soak on a creature of `size` (the Damage
/// Table, widened by one per band for each Size above +3). Zero or less is no wound;
/// past the fourth band the creature is dead.
pub fn wound_level(damage: i64, size: i64) -> WoundLevel {
    if damage <= 0 {
        return WoundLevel::None;
    }
    match (damage - 1) / band_width(size) {
        0 => WoundLevel::Light,
        1 => WoundLevel::Medium,
        2 => WoundLevel::Heavy,
        3 => WoundLevel::Incapacitating,
        _ => WoundLevel::Dead,
    }
}

/// A wound with the terms behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Wound {
    pub level: WoundLevel,
    pub band_width: i64,
    pub terms: Vec<Term>,
}

/// [`wound_level`] with its terms.
///
/// # Errors
/// Damage or Size out of range.
pub fn wound(damage: i64, size: i64) -> Result<Wound> {
    check("Damage", damage, DAMAGE)?;
    check("Size", size, SIZE)?;
    let level = wound_level(damage, size);
    let width = band_width(size);
    let terms = vec![
        Term::num("Damage past Soak", damage, Some(R_WOUNDS)),
        Term::num(format!("Points per wound level at Size {size:+}"), width, Some(T_DAMAGE)),
        Term::text("Wound", level.as_str(), Some(T_DAMAGE)),
    ];
    Ok(Wound { level, band_width: width, terms })
}

/// One attack worked through: advantage, whether it hit, damage and the wound.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackResult {
    pub advantage: i64,
    pub hit: bool,
    /// The Damage Total (damage score + advantage), on a hit.
    pub damage_total: Option<i64>,
    /// How far the Damage Total passes the Soak Total, on a hit.
    pub damage: Option<i64>,
    pub wound: WoundLevel,
    pub terms: Vec<Term>,
}

/// Works an attack through from finished totals (dice included): the Attack Advantage
/// is Attack − Defense, a hit needs 1 or more, and the Damage Total (damage score +
/// advantage) past Soak gives the wound for the defender's Size.
///
/// # Errors
/// A total or Size out of range.
pub fn resolve_attack(attack: i64, defense: i64, damage_score: i64, soak: i64, size: i64) -> Result<AttackResult> {
    check("Attack Total", attack, TOTAL)?;
    check("Defense Total", defense, TOTAL)?;
    check("Damage score", damage_score, TOTAL)?;
    check("Soak Total", soak, TOTAL)?;
    check("Size", size, SIZE)?;
    let advantage = attack - defense;
    let mut terms = vec![
        Term::num("Attack Total", attack, Some(R_ATTACK)),
        Term::num("Defense Total", -defense, Some(R_DEFENSE)),
        Term::num("Attack Advantage", advantage, Some(R_ADVANTAGE)),
    ];
    if advantage < 1 {
        terms.push(Term::text("Result", "miss: no damage however high the Damage score", Some(R_SEQUENCE)));
        return Ok(AttackResult {
            advantage,
            hit: false,
            damage_total: None,
            damage: None,
            wound: WoundLevel::None,
            terms,
        });
    }
    let damage_total = damage_score + advantage;
    let damage = damage_total - soak;
    let wound = wound_level(damage, size);
    terms.extend([
        Term::num("Damage score", damage_score, Some(R_DAMAGE)),
        Term::num("Damage Total", damage_total, Some(R_DAMAGE)),
        Term::num("Soak Total", -soak, Some(R_SOAK)),
        Term::num("Damage past Soak", damage, Some(R_WOUNDS)),
        Term::num(format!("Points per wound level at Size {size:+}"), band_width(size), Some(T_DAMAGE)),
        Term::text("Wound", wound.as_str(), Some(T_DAMAGE)),
    ]);
    Ok(AttackResult { advantage, hit: true, damage_total: Some(damage_total), damage: Some(damage), wound, terms })
}

// ---------------------------------------------------------------------------------
// Wound and fatigue penalties, fatigue levels
// ---------------------------------------------------------------------------------

/// The Fatigue levels, freshest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FatigueLevel {
    Fresh,
    Winded,
    Weary,
    Tired,
    Dazed,
    Unconscious,
}

impl FatigueLevel {
    pub const ALL: [FatigueLevel; 6] = [
        FatigueLevel::Fresh,
        FatigueLevel::Winded,
        FatigueLevel::Weary,
        FatigueLevel::Tired,
        FatigueLevel::Dazed,
        FatigueLevel::Unconscious,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FatigueLevel::Fresh => "Fresh",
            FatigueLevel::Winded => "Winded",
            FatigueLevel::Weary => "Weary",
            FatigueLevel::Tired => "Tired",
            FatigueLevel::Dazed => "Dazed",
            FatigueLevel::Unconscious => "Unconscious",
        }
    }

    pub fn parse(s: &str) -> Option<FatigueLevel> {
        FatigueLevel::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The penalty to every roll; `None` for Unconscious, which allows no rolls at all.
    pub fn penalty(self) -> Option<i64> {
        match self {
            FatigueLevel::Fresh | FatigueLevel::Winded => Some(0),
            FatigueLevel::Weary => Some(-1),
            FatigueLevel::Tired => Some(-3),
            FatigueLevel::Dazed => Some(-5),
            FatigueLevel::Unconscious => None,
        }
    }

    /// Minutes of quiet rest to come down one level (the Fatigue Recovery Chart), with
    /// `extra` levels lost beyond Unconscious adding an hour each to Unconscious.
    pub fn recovery_minutes(self, extra: i64) -> Option<i64> {
        match self {
            FatigueLevel::Fresh => None,
            FatigueLevel::Winded => Some(2),
            FatigueLevel::Weary => Some(10),
            FatigueLevel::Tired => Some(30),
            FatigueLevel::Dazed => Some(60),
            FatigueLevel::Unconscious => Some(120 + 60 * extra.max(0)),
        }
    }
}

/// Wounds carried, counted by level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WoundCounts {
    pub light: i64,
    pub medium: i64,
    pub heavy: i64,
    pub incapacitating: i64,
}

/// The penalty to actions from wounds and fatigue.
#[derive(Debug, Clone, PartialEq)]
pub struct Penalty {
    pub wound_penalty: i64,
    /// `None` when Unconscious.
    pub fatigue_penalty: Option<i64>,
    /// Wound and fatigue penalties together (those that are numbers).
    pub total: i64,
    pub incapacitated: bool,
    pub unconscious: bool,
    pub terms: Vec<Term>,
}

/// Sums the Wound Table penalties of every wound with the Fatigue level's penalty.
///
/// # Errors
/// A count out of range.
impl Penalty {
    /// The terms of the wounds alone: every term but the last, which is the Fatigue
    /// level's.
    pub fn wound_terms(&self) -> &[Term] {
        &self.terms[..self.terms.len() - 1]
    }
}

pub fn penalty(wounds: WoundCounts, fatigue: FatigueLevel) -> Result<Penalty> {
    let mut terms = Vec::new();
    let mut wound_penalty = 0;
    for (count, level, name) in [
        (wounds.light, WoundLevel::Light, "Light wounds"),
        (wounds.medium, WoundLevel::Medium, "Medium wounds"),
        (wounds.heavy, WoundLevel::Heavy, "Heavy wounds"),
    ] {
        check(name, count, WOUND_COUNT)?;
        let each = level.penalty().unwrap_or(0);
        if count > 0 {
            terms.push(Term::num(format!("{name} ×{count} at {each} each"), count * each, Some(T_WOUND)));
        }
        wound_penalty += count * each;
    }
    check("Incapacitating wounds", wounds.incapacitating, WOUND_COUNT)?;
    let incapacitated = wounds.incapacitating > 0;
    if incapacitated {
        terms.push(Term::text("Incapacitating wound", "no actions possible", Some(T_WOUND)));
    }
    let fatigue_penalty = fatigue.penalty();
    let unconscious = fatigue_penalty.is_none();
    match fatigue_penalty {
        Some(p) => terms.push(Term::num(format!("Fatigue: {}", fatigue.name()), p, Some(T_FATIGUE_LEVELS))),
        None => terms.push(Term::text(
            format!("Fatigue: {}", fatigue.name()),
            "no actions possible",
            Some(T_FATIGUE_LEVELS),
        )),
    }
    let total = wound_penalty + fatigue_penalty.unwrap_or(0);
    Ok(Penalty { wound_penalty, fatigue_penalty, total, incapacitated, unconscious, terms })
}

/// Where a character stands after losing Fatigue levels.
#[derive(Debug, Clone, PartialEq)]
pub struct Fatigue {
    pub levels_lost: i64,
    pub level: FatigueLevel,
    /// Levels lost beyond Unconscious.
    pub extra_levels: i64,
    pub penalty: Option<i64>,
    /// Minutes of quiet rest to come down one level; `None` when Fresh or when the next
    /// level to recover is long-term (a night's rest).
    pub recovery_minutes: Option<i64>,
    /// The same in words: "30 minutes", "3 hours", "a night's rest", "none needed".
    pub recovery: String,
    pub terms: Vec<Term>,
}

fn minutes_text(m: i64) -> String {
    if m >= 120 && m % 60 == 0 {
        format!("{} hours", m / 60)
    } else {
        format!("{m} minutes")
    }
}

/// Short-term and long-term levels come off the same ladder; the most serious levels
/// count as short-term, so the next level back comes with rest when any short-term
/// level is lost, and only with a night's sleep otherwise.
///
/// # Errors
/// A count out of range.
pub fn fatigue(short_term: i64, long_term: i64) -> Result<Fatigue> {
    check("Short-term Fatigue levels lost", short_term, FATIGUE_LOST)?;
    check("Long-term Fatigue levels lost", long_term, FATIGUE_LOST)?;
    let lost = short_term + long_term;
    let top = FatigueLevel::ALL.len() as i64 - 1;
    let level = FatigueLevel::ALL[lost.min(top) as usize];
    let extra_levels = (lost - top).max(0);
    let penalty = level.penalty();
    let mut terms = vec![
        Term::num("Short-term levels lost", short_term, Some(R_FATIGUE)),
        Term::num("Long-term levels lost", long_term, Some(R_FATIGUE)),
    ];
    match penalty {
        Some(p) => terms.push(Term::num(format!("{} penalty", level.name()), p, Some(T_FATIGUE_LEVELS))),
        None => terms.push(Term::text(level.name(), "no actions possible", Some(T_FATIGUE_LEVELS))),
    }
    let (recovery_minutes, recovery) = if lost == 0 {
        (None, "none needed".to_string())
    } else if short_term > 0 {
        let m = level.recovery_minutes(extra_levels);
        terms.push(Term::text(
            "Next level back (short-term; doubled if active)",
            m.map(minutes_text).unwrap_or_default(),
            Some(T_FATIGUE_RECOVERY),
        ));
        (m, m.map(minutes_text).unwrap_or_default())
    } else {
        terms.push(Term::text("Next level back (long-term)", "a night's rest", Some(R_LONG_TERM_FATIGUE)));
        (None, "a night's rest".to_string())
    };
    Ok(Fatigue { levels_lost: lost, level, extra_levels, penalty, recovery_minutes, recovery, terms })
}

// ---------------------------------------------------------------------------------
// Recovery from wounds
// ---------------------------------------------------------------------------------

/// A row of the Recovery Table (Incapacitated from its own rule).
#[derive(Debug, Clone, PartialEq)]
pub struct RecoveryRow {
    pub level: WoundLevel,
    pub interval: &'static str,
    /// Keep the wound as it is (and earn +3) at or above this; `None` for Incapacitating.
    pub stable_ease: Option<i64>,
    /// The wound gets one level better at or above this.
    pub improvement_ease: i64,
}

/// The Recovery Table, plus the twice-daily roll of an Incapacitated character (9 or
/// more improves to Heavy, 0 or less is death).
///
/// # Errors
/// A level that is not a wound one recovers from (none, dead).
pub fn recovery_row(level: WoundLevel) -> Result<RecoveryRow> {
    let (interval, stable_ease, improvement_ease) = match level {
        WoundLevel::Light => ("one week", Some(4), 10),
        WoundLevel::Medium => ("one month", Some(6), 12),
        WoundLevel::Heavy => ("one season", Some(9), 15),
        WoundLevel::Incapacitating => ("twice a day, at sunrise and sunset", None, 9),
        WoundLevel::None | WoundLevel::Dead => {
            return Err(Error::InvalidInput(format!(
                "there is no recovery from `{}`: the wound must be light, medium, heavy or incapacitating",
                level.as_str()
            )))
        }
    };
    Ok(RecoveryRow { level, interval, stable_ease, improvement_ease })
}

/// What a Recovery roll did to the wound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecoveryResult {
    Improves,
    Stable,
    Worsens,
    Dies,
}

impl RecoveryResult {
    pub fn as_str(self) -> &'static str {
        match self {
            RecoveryResult::Improves => "improves",
            RecoveryResult::Stable => "stable",
            RecoveryResult::Worsens => "worsens",
            RecoveryResult::Dies => "dies",
        }
    }
}

/// A Recovery roll worked out.
#[derive(Debug, Clone, PartialEq)]
pub struct Recovery {
    pub row: RecoveryRow,
    /// Stamina + medic's Ability + magical aid + earlier bonuses, before the die.
    pub score: i64,
    /// `score` + the die, when a roll was given.
    pub total: Option<i64>,
    pub result: Option<RecoveryResult>,
    /// The wound's level after the roll.
    pub new_level: Option<WoundLevel>,
    pub terms: Vec<Term>,
}

/// The Recovery Total (Stamina + Chirurgy or Medicine of the medic + magical aid +
/// bonuses earned by earlier stable rolls, and penalties of an Incapacitated
/// character's earlier rolls) and, with the stress die's `roll`, what happens.
///
/// # Errors
/// A level with no recovery, or a score out of range.
pub fn recovery(
    level: WoundLevel,
    stamina: i64,
    medic: i64,
    magic: i64,
    bonus: i64,
    roll: Option<i64>,
) -> Result<Recovery> {
    let row = recovery_row(level)?;
    check("Stamina", stamina, CHAR)?;
    check("Medic's Ability", medic, ABILITY)?;
    check("Magical aid", magic, BONUS)?;
    check("Bonus from earlier rolls", bonus, (-100, 100))?;
    if let Some(r) = roll {
        check("Stress die roll", r, (0, TOTAL.1))?;
    }
    let score = stamina + medic + magic + bonus;
    let mut terms = vec![
        Term::text(
            "Roll every",
            row.interval,
            Some(if level == WoundLevel::Incapacitating { R_INCAPACITATION } else { T_RECOVERY }),
        ),
        Term::num("Stamina", stamina, Some(R_RECOVERING)),
    ];
    if medic != 0 {
        terms.push(Term::num("Medic's Chirurgy or Medicine", medic, Some(R_RECOVERING)));
    }
    if magic != 0 {
        terms.push(Term::num("Magical aid", magic, Some(R_RECOVERING)));
    }
    if bonus != 0 {
        terms.push(Term::num("From earlier Recovery rolls", bonus, Some(R_RECOVERING)));
    }
    let Some(roll) = roll else {
        terms.push(stress_die_term());
        return Ok(Recovery { row, score, total: None, result: None, new_level: None, terms });
    };
    terms.push(Term::num("Stress die", roll, Some(R_STRESS_DIE)));
    let total = score + roll;
    let (result, new_level, note) = if level == WoundLevel::Incapacitating {
        if total <= 0 {
            (RecoveryResult::Dies, WoundLevel::Dead, "0 or less: the character dies")
        } else if total >= row.improvement_ease {
            (RecoveryResult::Improves, WoundLevel::Heavy, "9 or more: every Incapacitating wound becomes Heavy")
        } else {
            (RecoveryResult::Worsens, level, "worse: a further -1 to every later roll until the wounds improve")
        }
    } else if total >= row.improvement_ease {
        (RecoveryResult::Improves, level.better(), "reaches the improvement Ease Factor: one level better")
    } else if total >= row.stable_ease.unwrap_or(i64::MAX) {
        (RecoveryResult::Stable, level, "reaches the stable Ease Factor: no change, +3 to later rolls")
    } else {
        (RecoveryResult::Worsens, level.worse(), "below the stable Ease Factor: infection makes it one level worse")
    };
    terms.push(Term::text(
        "Result",
        note,
        Some(if level == WoundLevel::Incapacitating { R_INCAPACITATION } else { R_RECOVERING }),
    ));
    Ok(Recovery { row, score, total: Some(total), result: Some(result), new_level: Some(new_level), terms })
}

// ---------------------------------------------------------------------------------
// Movement, groups and combat options
// ---------------------------------------------------------------------------------

/// Feet in a pace.
pub const FEET_PER_PACE: i64 = 3;

/// Combat speeds in paces per round, and in feet.
#[derive(Debug, Clone, PartialEq)]
pub struct Movement {
    pub walk: i64,
    pub hurry: i64,
    pub run: i64,
    pub terms: Vec<Term>,
}

/// Walk is 10 + Quickness − Encumbrance paces a round (never below 0); hurry doubles
/// it and run quadruples it.
///
/// # Errors
/// Quickness or Encumbrance out of range.
pub fn movement(quickness: i64, encumbrance: i64) -> Result<Movement> {
    check("Quickness", quickness, CHAR)?;
    check("Encumbrance", encumbrance, ENC)?;
    let walk = (10 + quickness - encumbrance).max(0);
    let mut terms = vec![
        Term::num("Base walk", 10, Some(T_MOVEMENT)),
        Term::num("Quickness", quickness, Some(R_MOVING)),
        Term::num("Encumbrance", -encumbrance, Some(R_ENCUMBRANCE)),
    ];
    if 10 + quickness - encumbrance < 0 {
        terms.push(Term::text("Walk", "cannot go below 0", Some(R_MOVING)));
    }
    terms.push(Term::factor("Hurry: walk", 2, Some(T_MOVEMENT)));
    terms.push(Term::factor("Run: walk", 4, Some(T_MOVEMENT)));
    Ok(Movement { walk, hurry: 2 * walk, run: 4 * walk, terms })
}

/// The most members a group may have, whatever the leader's Leadership.
pub const MAX_GROUP: i64 = 6;

/// A trained group's bonus.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupBonus {
    /// The bonus the group gets (0 when the leader cannot coordinate it).
    pub bonus: i64,
    /// The other members' combat Abilities added up.
    pub sum: i64,
    /// Three times the leader's Leadership.
    pub cap: i64,
    /// The vanguard plus the others.
    pub members: i64,
    /// How many fighters the leader can coordinate: Leadership, at most six.
    pub max_members: i64,
    pub coordinated: bool,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// A trained group's bonus to Attack or Defense: the combat Abilities of the members
/// other than the vanguard, summed and capped at 3 × the leader's Leadership. A group
/// bigger than the leader's Leadership fights as an untrained group (no bonus).
///
/// # Errors
/// Leadership or an Ability out of range; more than six members.
pub fn group_bonus(leadership: i64, others: &[i64]) -> Result<GroupBonus> {
    check("Leadership", leadership, ABILITY)?;
    for &a in others {
        check("Each member's combat Ability", a, ABILITY)?;
    }
    let members = others.len() as i64 + 1;
    if members > MAX_GROUP {
        return Err(Error::InvalidInput(format!(
            "a group has at most {MAX_GROUP} members, the vanguard and up to {} others; {} others were given",
            MAX_GROUP - 1,
            others.len()
        )));
    }
    let sum: i64 = others.iter().sum();
    let cap = 3 * leadership;
    let max_members = leadership.min(MAX_GROUP);
    let coordinated = members <= max_members;
    let capped = sum.min(cap);
    let mut terms = vec![
        Term::num(format!("Combat Abilities of the {} others", others.len()), sum, Some(R_TRAINED)),
        Term::num("Cap: 3 × Leadership", cap, Some(R_TRAINED)),
        Term::num("Fighters the leader can coordinate", max_members, Some(R_TRAINED)),
    ];
    let mut warnings = Vec::new();
    let bonus = if coordinated {
        capped
    } else {
        terms.push(Term::num("Too many to coordinate: fights as an untrained group", 0, Some(R_UNTRAINED)));
        warnings.push(format!(
            "{members} members (vanguard included) is more than the {max_members} a leader with Leadership {leadership} can coordinate: the group fights untrained, with no bonus (it would be {capped})"
        ));
        0
    };
    Ok(GroupBonus { bonus, sum, cap, members, max_members, coordinated, terms, warnings })
}

/// How a group's blows fall on the members of the group it hits.
#[derive(Debug, Clone, PartialEq)]
pub struct Blows {
    /// One blow per attacking member.
    pub blows: i64,
    /// Blows on each defender, the vanguard first.
    pub each: Vec<i64>,
    pub terms: Vec<Term>,
}

/// A group strikes once per member; the blows are shared out as evenly as they go, and
/// the vanguard never takes fewer than anyone else.
///
/// # Errors
/// A group size outside 1 to 6.
pub fn group_blows(attackers: i64, defenders: i64) -> Result<Blows> {
    check("Attacking group size", attackers, (1, MAX_GROUP))?;
    check("Defending group size", defenders, (1, MAX_GROUP))?;
    let (base, extra) = (attackers / defenders, attackers % defenders);
    let each: Vec<i64> = (0..defenders).map(|i| base + i64::from(i < extra)).collect();
    let terms = vec![
        Term::num("Blows: one per attacking member", attackers, Some(R_GROUP_DAMAGE)),
        Term::num("Defenders sharing them", defenders, Some(R_GROUP_DAMAGE)),
        Term::num("Blows on the vanguard", each[0], Some(R_GROUP_DAMAGE)),
    ];
    Ok(Blows { blows: attackers, each, terms })
}

/// The Attack penalty at range.
#[derive(Debug, Clone, PartialEq)]
pub struct RangePenalty {
    /// Range increments beyond the first.
    pub increments: i64,
    pub penalty: i64,
    pub terms: Vec<Term>,
}

/// −3 to Attack for each range increment beyond the first: a target within one
/// increment takes no penalty, one up to two increments away −3, and so on.
///
/// # Errors
/// A distance or increment out of range.
pub fn range_penalty(distance: i64, increment: i64) -> Result<RangePenalty> {
    check("Distance in paces", distance, (0, 100_000))?;
    check("Range increment in paces", increment, (1, 1_000))?;
    let increments = if distance <= 0 { 0 } else { (distance + increment - 1) / increment - 1 };
    let terms = vec![
        Term::num("Distance (paces)", distance, Some(R_MISSILE)),
        Term::num("Range increment (paces)", increment, Some(R_MISSILE)),
        Term::num("Increments beyond the first", increments, Some(R_MISSILE)),
        Term::num("Penalty per increment", -3, Some(R_MISSILE)),
    ];
    Ok(RangePenalty { increments, penalty: -3 * increments, terms })
}

/// Mounted: Ride added to Attack and Defense, at most +3.
///
/// # Errors
/// Ride out of range.
pub fn mounted_bonus(ride: i64) -> Result<(i64, Vec<Term>)> {
    check("Ride", ride, ABILITY)?;
    let bonus = ride.min(3);
    Ok((bonus, vec![Term::num("Ride (at most +3), to Attack and Defense", bonus, Some(R_MOUNTED))]))
}

/// Disengaging: +3 for each attempt after the first, in a row (attacking resets it).
///
/// # Errors
/// An attempt number below 1 or too large.
pub fn disengage_bonus(attempt: i64) -> Result<(i64, Vec<Term>)> {
    check("Attempt", attempt, (1, 100))?;
    let bonus = 3 * (attempt - 1);
    Ok((bonus, vec![Term::num(format!("Attempt {attempt}: +3 for each earlier attempt"), bonus, Some(R_DISENGAGING))]))
}

/// Exertion: the combat Ability (the vanguard's, for a group) added to Attack or
/// Defense for a round, paid for with one Fatigue level by every member.
#[derive(Debug, Clone, PartialEq)]
pub struct Exertion {
    pub bonus: i64,
    /// Fatigue levels spent by the whole party: one each.
    pub fatigue_levels: i64,
    pub terms: Vec<Term>,
}

/// See [`Exertion`].
///
/// # Errors
/// The Ability or the number of members out of range.
pub fn exertion(ability: i64, members: i64) -> Result<Exertion> {
    check("Combat Ability", ability, ABILITY)?;
    check("Members", members, (1, MAX_GROUP))?;
    let terms = vec![
        Term::num("Combat Ability, to Attack or Defense this round", ability, Some(R_EXERTION)),
        Term::num("Fatigue levels spent (one per member)", members, Some(R_EXERTION)),
    ];
    Ok(Exertion { bonus: ability, fatigue_levels: members, terms })
}

// ---------------------------------------------------------------------------------
// Other perils: heat and corrosion, falling
// ---------------------------------------------------------------------------------

/// The Heat and Corrosion Table: source and damage bonus.
pub const HEAT_SOURCES: [(&str, i64); 9] = [
    ("Wood Fire", 5),
    ("Boiling Water", 3),
    ("Boiling Oil", 6),
    ("Molten Lead", 9),
    ("Molten Iron", 12),
    // cold, then the corrosives
    ("Ice", 1),
    ("Lye", 3),
    ("Quicklime", 6),
    ("Vitriol", 9),
];

/// The source names alone, for the calculator's choice of `--source`.
const HEAT_SOURCE_NAMES: [&str; HEAT_SOURCES.len()] = {
    let mut names = [""; HEAT_SOURCES.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = HEAT_SOURCES[i].0;
        i += 1;
    }
    names
};

/// The damage bonus of a heat or corrosion source, by name (any case).
pub fn heat_source(name: &str) -> Option<i64> {
    HEAT_SOURCES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name.trim())).map(|&(_, b)| b)
}

/// How much of the body is in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exposure {
    /// A hand or a foot.
    Part,
    /// A whole limb.
    Limb,
    /// Half the body.
    Half,
    /// The whole body.
    Full,
}

impl Exposure {
    pub const ALL: [Exposure; 4] = [Exposure::Part, Exposure::Limb, Exposure::Half, Exposure::Full];

    pub fn as_str(self) -> &'static str {
        match self {
            Exposure::Part => "part",
            Exposure::Limb => "limb",
            Exposure::Half => "half",
            Exposure::Full => "full",
        }
    }

    pub fn parse(s: &str) -> Option<Exposure> {
        Exposure::ALL.into_iter().find(|e| e.as_str().eq_ignore_ascii_case(s.trim()))
    }

    pub fn multiplier(self) -> i64 {
        match self {
            Exposure::Part => 1,
            Exposure::Limb => 2,
            Exposure::Half => 3,
            Exposure::Full => 4,
        }
    }
}

/// A damage bonus with its terms (the stress die is added to it when rolled).
#[derive(Debug, Clone, PartialEq)]
pub struct DamageBonus {
    pub bonus: i64,
    pub terms: Vec<Term>,
}

/// Heat or corrosion: the source's bonus times 1 (a hand or foot), 2 (a limb), 3 (half
/// the body) or 4 (all of it), before the stress die; dealt every round.
///
/// # Errors
/// A source bonus out of range.
pub fn heat_damage(source: &str, base: i64, exposure: Exposure) -> Result<DamageBonus> {
    check("Source damage bonus", base, (0, 100))?;
    let terms = vec![
        Term::num(format!("{source} bonus"), base, Some(T_HEAT)),
        Term::factor(format!("Exposure ({})", exposure.as_str()), exposure.multiplier(), Some(T_EXPOSURE)),
        Term::text("Stress die", "not included: add your roll, once per round", Some(R_INJURIES)),
    ];
    Ok(DamageBonus { bonus: base * exposure.multiplier(), terms })
}

/// What a faller lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    Normal,
    Hard,
    Soft,
}

impl Surface {
    pub fn parse(s: &str) -> Option<Surface> {
        match s.trim().to_ascii_lowercase().as_str() {
            "normal" => Some(Surface::Normal),
            "hard" => Some(Surface::Hard),
            "soft" => Some(Surface::Soft),
            _ => None,
        }
    }
}

/// Falling: +1 for every full two feet fallen, doubled onto a hard surface, halved
/// (rounding down) onto a soft one; taken once, before the stress die.
///
/// # Errors
/// A height out of range.
pub fn falling_damage(feet: i64, surface: Surface) -> Result<DamageBonus> {
    check("Height in feet", feet, (0, 100_000))?;
    let base = feet / 2;
    let mut terms = vec![Term::num(format!("{feet} feet: +1 per two feet"), base, Some(T_IMPACT))];
    let bonus = match surface {
        Surface::Normal => base,
        Surface::Hard => {
            terms.push(Term::factor("Hard surface", 2, Some(T_IMPACT)));
            base * 2
        }
        Surface::Soft => {
            terms.push(Term::text("Soft surface", "halved, rounding down", Some(T_IMPACT)));
            base / 2
        }
    };
    terms.push(Term::text("Stress die", "not included: add your roll", Some(R_IMPACT)));
    Ok(DamageBonus { bonus, terms })
}

// ---------------------------------------------------------------------------------
// Calculators
// ---------------------------------------------------------------------------------

/// A required whole-number parameter over one of the ranges above.
macro_rules! int {
    ($name:expr, $help:expr, $range:expr) => {
        Param {
            name: $name,
            help: $help,
            kind: ParamKind::Int { min: $range.0, max: $range.1 },
            required: true,
            default: None,
        }
    };
}

/// An optional whole-number parameter with a default.
macro_rules! int_or {
    ($name:expr, $help:expr, $range:expr, $default:expr) => {
        Param {
            name: $name,
            help: $help,
            kind: ParamKind::Int { min: $range.0, max: $range.1 },
            required: false,
            default: Some($default),
        }
    };
}

const WEAPON: Param = Param {
    name: "weapon",
    help: "weapon name or id (melee or missile table)",
    kind: ParamKind::Entry { kind: crate::Kind::Weapon },
    required: true,
    default: None,
};
const SHIELD: Param = Param {
    name: "shield",
    help: "shield carried with the weapon (Shield, Buckler / Round / Heater)",
    kind: ParamKind::Entry { kind: crate::Kind::Weapon },
    required: false,
    default: None,
};
const CHECK_STRENGTH: Param = Param {
    name: "strength",
    help: "Strength, to check the weapon's and shield's minimum",
    kind: ParamKind::Int { min: CHAR.0, max: CHAR.1 },
    required: false,
    default: None,
};

pub fn calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "encumbrance",
            summary: "Burden from total Load, and Encumbrance after Strength",
            params: &[
                Param {
                    name: "load",
                    help: "total Load carried",
                    kind: ParamKind::Int { min: 0, max: 200 },
                    required: true,
                    default: None,
                },
                Param {
                    name: "strength",
                    help: "Strength characteristic",
                    kind: ParamKind::Int { min: -10, max: 10 },
                    required: true,
                    default: None,
                },
            ],
            rule: Some("ars-magica/rule/encumbrance"),
            run: run_encumbrance,
        },
        Calculator {
            system: SYSTEM,
            name: "initiative",
            summary: "Initiative Total before the stress die: Quickness + weapon (and shield) Init - Encumbrance",
            params: &[
                int!("quickness", "Quickness characteristic", CHAR),
                int!("encumbrance", "Encumbrance (see the encumbrance calculator)", ENC),
                WEAPON,
                SHIELD,
                CHECK_STRENGTH,
            ],
            rule: Some(R_INITIATIVE),
            run: run_initiative,
        },
        Calculator {
            system: SYSTEM,
            name: "attack",
            summary: "Attack Total before the stress die: Dexterity + combat Ability + weapon (and shield) Atk",
            params: &[
                int!("dexterity", "Dexterity characteristic", CHAR),
                int!("ability", "score in the weapon's combat Ability", ABILITY),
                WEAPON,
                SHIELD,
                CHECK_STRENGTH,
            ],
            rule: Some(R_ATTACK),
            run: run_attack,
        },
        Calculator {
            system: SYSTEM,
            name: "defense",
            summary: "Defense Total before the stress die: Quickness + combat Ability + weapon (and shield) Dfn",
            params: &[
                int!("quickness", "Quickness characteristic", CHAR),
                int!("ability", "score in the weapon's combat Ability", ABILITY),
                WEAPON,
                SHIELD,
                Param {
                    name: "against-missiles",
                    help: "defending against missiles: only a shield's Dfn counts",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                CHECK_STRENGTH,
            ],
            rule: Some(R_DEFENSE),
            run: run_defense,
        },
        Calculator {
            system: SYSTEM,
            name: "damage",
            summary: "Damage Total: Strength + weapon (and shield) Dam, plus the Attack Advantage of a hit",
            params: &[
                int!("strength", "Strength characteristic", CHAR),
                WEAPON,
                SHIELD,
                Param {
                    name: "advantage",
                    help: "Attack Advantage of the hit (leave out for the Damage score alone)",
                    kind: ParamKind::Int { min: 1, max: TOTAL.1 },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_DAMAGE),
            run: run_damage,
        },
        Calculator {
            system: SYSTEM,
            name: "soak",
            summary: "Soak Total: Stamina + armour Protection (+ Form bonus); no die in combat",
            params: &[
                int!("stamina", "Stamina characteristic", CHAR),
                Param {
                    name: "armor",
                    help: "armour name or id, or `none`",
                    kind: ParamKind::Entry { kind: crate::Kind::Armor },
                    required: true,
                    default: None,
                },
                Param {
                    name: "coverage",
                    help: "how much of the body the armour covers (needed unless --armor none)",
                    kind: ParamKind::Choice { options: &["partial", "full"] },
                    required: false,
                    default: None,
                },
                int_or!("form-bonus", "a magus's Form bonus to Soak", BONUS, "0"),
            ],
            rule: Some(R_SOAK),
            run: run_soak,
        },
        Calculator {
            system: SYSTEM,
            name: "resolve-attack",
            summary: "One attack from finished totals: Attack Advantage, hit or miss, damage past Soak and the wound",
            params: &[
                int!("attack", "attacker's Attack Total, die included", TOTAL),
                int!("defense", "defender's Defense Total, die included", TOTAL),
                int!("damage", "attacker's Damage score (Strength + weapon Dam)", TOTAL),
                int!("soak", "defender's Soak Total", TOTAL),
                int_or!("size", "defender's Size", SIZE, "0"),
            ],
            rule: Some(R_SEQUENCE),
            run: run_resolve_attack,
        },
        Calculator {
            system: SYSTEM,
            name: "wound",
            summary: "The wound from damage past Soak, by Size (the Damage Table)",
            params: &[
                int!("damage", "damage past Soak: Damage Total minus Soak Total", DAMAGE),
                int!("size", "Size of the wounded creature (0 for a human)", SIZE),
            ],
            rule: Some(T_DAMAGE),
            run: run_wound,
        },
        Calculator {
            system: SYSTEM,
            name: "penalty",
            summary: "Total penalty to actions from wounds carried and the Fatigue level",
            params: &[
                int_or!("light", "Light wounds carried", WOUND_COUNT, "0"),
                int_or!("medium", "Medium wounds carried", WOUND_COUNT, "0"),
                int_or!("heavy", "Heavy wounds carried", WOUND_COUNT, "0"),
                int_or!("incapacitating", "Incapacitating wounds carried", WOUND_COUNT, "0"),
                Param {
                    name: "fatigue",
                    help: "current Fatigue level",
                    kind: ParamKind::Choice { options: &["fresh", "winded", "weary", "tired", "dazed", "unconscious"] },
                    required: false,
                    default: Some("fresh"),
                },
            ],
            rule: Some(R_WOUNDS),
            run: run_penalty,
        },
        Calculator {
            system: SYSTEM,
            name: "fatigue",
            summary: "Fatigue level and penalty from short- and long-term levels lost, and the rest to recover one",
            params: &[
                int_or!("short-term", "short-term Fatigue levels lost", FATIGUE_LOST, "0"),
                int_or!("long-term", "long-term Fatigue levels lost", FATIGUE_LOST, "0"),
            ],
            rule: Some(R_FATIGUE),
            run: run_fatigue,
        },
        Calculator {
            system: SYSTEM,
            name: "recovery",
            summary: "Recovery interval and Ease Factors for a wound; with --roll, what the roll does",
            params: &[
                Param {
                    name: "wound",
                    help: "the wound's level",
                    kind: ParamKind::Choice { options: &["light", "medium", "heavy", "incapacitating"] },
                    required: true,
                    default: None,
                },
                int_or!("stamina", "Stamina characteristic", CHAR, "0"),
                int_or!("medic", "attending medic's Chirurgy (injuries) or Medicine (poison, disease)", ABILITY, "0"),
                int_or!("magic", "bonus from healing magic", BONUS, "0"),
                int_or!(
                    "bonus",
                    "+3 per earlier stable roll, or -1 per earlier worsening while Incapacitated",
                    (-100, 100),
                    "0"
                ),
                Param {
                    name: "roll",
                    help: "the stress die rolled (leave out to see the numbers needed)",
                    kind: ParamKind::Int { min: 0, max: TOTAL.1 },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_RECOVERING),
            run: run_recovery,
        },
        Calculator {
            system: SYSTEM,
            name: "movement",
            summary: "Walk, hurry and run in paces per round (and feet)",
            params: &[int!("quickness", "Quickness characteristic", CHAR), int!("encumbrance", "Encumbrance", ENC)],
            rule: Some(R_MOVING),
            run: run_movement,
        },
        Calculator {
            system: SYSTEM,
            name: "group-bonus",
            summary: "A trained group's bonus to Attack or Defense, capped by the leader's Leadership",
            params: &[
                int!("leadership", "the leader's Leadership score", ABILITY),
                Param {
                    name: "abilities",
                    help: "combat Abilities of the members other than the vanguard, comma-separated",
                    kind: ParamKind::IntList { min: ABILITY.0, max: ABILITY.1 },
                    required: true,
                    default: None,
                },
            ],
            rule: Some(R_TRAINED),
            run: run_group_bonus,
        },
        Calculator {
            system: SYSTEM,
            name: "group-blows",
            summary: "How a group's blows (one per member) are shared among the group it hits",
            params: &[
                int!("attackers", "members of the attacking group", (1, MAX_GROUP)),
                int!("defenders", "members of the defending group", (1, MAX_GROUP)),
            ],
            rule: Some(R_GROUP_DAMAGE),
            run: run_group_blows,
        },
        Calculator {
            system: SYSTEM,
            name: "range-penalty",
            summary: "Attack penalty for a missile weapon at a distance: -3 per range increment past the first",
            params: &[WEAPON, int!("distance", "distance to the target in paces (a pace is three feet)", (0, 100_000))],
            rule: Some(R_MISSILE),
            run: run_range_penalty,
        },
        Calculator {
            system: SYSTEM,
            name: "mounted",
            summary: "Bonus to Attack and Defense on horseback: Ride, at most +3",
            params: &[int!("ride", "Ride score", ABILITY)],
            rule: Some(R_MOUNTED),
            run: run_mounted,
        },
        Calculator {
            system: SYSTEM,
            name: "disengage",
            summary: "Bonus to the Defense Total of a repeated attempt to disengage",
            params: &[int!("attempt", "which attempt in a row this is (1 for the first)", (1, 100))],
            rule: Some(R_DISENGAGING),
            run: run_disengage,
        },
        Calculator {
            system: SYSTEM,
            name: "exertion",
            summary: "Exertion: combat Ability added to Attack or Defense for a round, for a Fatigue level each",
            params: &[
                int!("ability", "combat Ability (the vanguard's, for a group)", ABILITY),
                int_or!("members", "members of the group (1 when alone)", (1, MAX_GROUP), "1"),
            ],
            rule: Some(R_EXERTION),
            run: run_exertion,
        },
        Calculator {
            system: SYSTEM,
            name: "heat",
            summary: "Damage bonus of heat or corrosion for the exposure, before the stress die",
            params: &[
                Param {
                    name: "source",
                    help: "a source from the Heat and Corrosion Table",
                    kind: ParamKind::Choice { options: &HEAT_SOURCE_NAMES },
                    required: false,
                    default: None,
                },
                Param {
                    name: "bonus",
                    help: "a source's damage bonus, instead of --source",
                    kind: ParamKind::Int { min: 0, max: 100 },
                    required: false,
                    default: None,
                },
                Param {
                    name: "exposure",
                    help: "part (hand or foot), limb, half (half the body) or full (immersed)",
                    kind: ParamKind::Choice { options: &["part", "limb", "half", "full"] },
                    required: true,
                    default: None,
                },
            ],
            rule: Some(R_HEAT),
            run: run_heat,
        },
        Calculator {
            system: SYSTEM,
            name: "falling",
            summary: "Damage bonus of a fall, before the stress die",
            params: &[
                int!("feet", "height fallen in feet", (0, 100_000)),
                Param {
                    name: "surface",
                    help: "what the faller lands on",
                    kind: ParamKind::Choice { options: &["normal", "hard", "soft"] },
                    required: false,
                    default: Some("normal"),
                },
            ],
            rule: Some(R_IMPACT),
            run: run_falling,
        },
    ]
}

fn run_encumbrance(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let e = encumbrance(i.int("load")?, i.int("strength")?);
    Ok(Outcome::default().field("burden", e.burden).field("encumbrance", e.encumbrance).terms(e.terms))
}

/// The entry a name-or-id parameter names. `resolve_entry` reads any value with a
/// slash as an id, so names that contain one ("Quilted/Fur") are retried as names.
fn entry_param(i: &Inputs, name: &str, kind: crate::Kind, tome: &dyn Rulebook) -> Result<Entry> {
    match i.entry(name, SYSTEM, tome) {
        Err(e) if e.is_not_found() => {
            let wanted = crate::search::normalize(i.text(name).unwrap_or_default());
            match tome.list(kind, Some(SYSTEM))?.into_iter().find(|it| crate::search::normalize(&it.name) == wanted) {
                Some(item) => tome.show(&item.id),
                None => Err(e),
            }
        }
        found => found,
    }
}

/// The weapon named by `--weapon`.
fn weapon_param(i: &Inputs, tome: &dyn Rulebook) -> Result<WeaponStats> {
    let e = entry_param(i, "weapon", crate::Kind::Weapon, tome)?;
    WeaponStats::from_entry(&e).map_err(|err| Error::InvalidInput(format!("--weapon: {err}")))
}

/// The shield named by `--shield`, if any.
fn shield_param(i: &Inputs, tome: &dyn Rulebook) -> Result<Option<WeaponStats>> {
    if i.text("shield").is_none() {
        return Ok(None);
    }
    let e = entry_param(i, "shield", crate::Kind::Weapon, tome)?;
    WeaponStats::from_entry(&e).map(Some).map_err(|err| Error::InvalidInput(format!("--shield: {err}")))
}

/// A total as an outcome under `field`, with the optional Strength check.
fn total_outcome(field: &str, t: Total, strength_check: Vec<String>) -> Outcome {
    let mut out = Outcome::default().field(field, t.total).terms(t.terms);
    out.warnings.extend(t.warnings);
    out.warnings.extend(strength_check);
    out
}

fn optional_strength_check(i: &Inputs, weapon: &WeaponStats, shield: Option<&WeaponStats>) -> Result<Vec<String>> {
    Ok(i.opt_int("strength")?.map(|s| strength_warnings(s, weapon, shield)).unwrap_or_default())
}

fn run_initiative(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t = initiative_total(i.int("quickness")?, i.int("encumbrance")?, &weapon, shield.as_ref())?;
    Ok(total_outcome("initiative", t, optional_strength_check(i, &weapon, shield.as_ref())?))
}

fn run_attack(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t = attack_total(i.int("dexterity")?, i.int("ability")?, &weapon, shield.as_ref())?;
    Ok(total_outcome("attack", t, optional_strength_check(i, &weapon, shield.as_ref())?))
}

fn run_defense(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t =
        defense_total(i.int("quickness")?, i.int("ability")?, &weapon, shield.as_ref(), i.flag("against-missiles"))?;
    Ok(total_outcome("defense", t, optional_strength_check(i, &weapon, shield.as_ref())?))
}

fn run_damage(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t = damage_total(i.int("strength")?, &weapon, shield.as_ref(), i.opt_int("advantage")?)?;
    Ok(total_outcome("damage", t, Vec::new()))
}

fn run_soak(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let armor = match i.text("armor") {
        Some(t) if t.eq_ignore_ascii_case("none") => None,
        _ => {
            let e = entry_param(i, "armor", crate::Kind::Armor, tome)?;
            Some(ArmorStats::from_entry(&e).map_err(|err| Error::InvalidInput(format!("--armor: {err}")))?)
        }
    };
    let coverage = i.choice("coverage")?.and_then(ItemCoverage::parse);
    let worn = match (&armor, coverage) {
        (None, _) => None,
        (Some(a), Some(c)) => Some((a, c)),
        (Some(a), None) => {
            return Err(Error::InvalidInput(format!("--coverage is required with {}: partial or full", a.name)));
        }
    };
    let t = soak_total(i.int("stamina")?, worn, i.int("form-bonus")?)?;
    Ok(total_outcome("soak", t, Vec::new()))
}

fn run_resolve_attack(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let r = resolve_attack(i.int("attack")?, i.int("defense")?, i.int("damage")?, i.int("soak")?, i.int("size")?)?;
    Ok(Outcome::default()
        .field("advantage", r.advantage)
        .field("hit", r.hit)
        .field("damage_total", r.damage_total)
        .field("damage", r.damage)
        .field("wound", r.wound.as_str())
        .terms(r.terms))
}

fn run_wound(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let w = wound(i.int("damage")?, i.int("size")?)?;
    Ok(Outcome::default().field("wound", w.level.as_str()).field("penalty", w.level.penalty()).terms(w.terms))
}

fn run_penalty(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let wounds = WoundCounts {
        light: i.int("light")?,
        medium: i.int("medium")?,
        heavy: i.int("heavy")?,
        incapacitating: i.int("incapacitating")?,
    };
    let fatigue = i.choice("fatigue")?.and_then(FatigueLevel::parse).unwrap_or(FatigueLevel::Fresh);
    let p = penalty(wounds, fatigue)?;
    // What the wounds still allow, from the shipped Activities While Injured table.
    let (can_do, cannot_do, note) = if p.incapacitated {
        (
            Value::from("nothing"),
            Value::from("any action"),
            Term::text("Activities", "none while Incapacitated", Some(R_ACTIVITIES)),
        )
    } else if p.wound_penalty < 0 {
        let row = tome.table(T_ACTIVITIES, Some(p.wound_penalty))?.rows.into_iter().next();
        let cell =
            |n: usize| row.as_ref().and_then(|r| r.cells.get(n).cloned()).map(Value::from).unwrap_or(Value::Null);
        let band = row.as_ref().and_then(|r| r.cells.first().cloned()).unwrap_or_default();
        (cell(1), cell(2), Term::text("Activities allowed at wound penalty", band, Some(T_ACTIVITIES)))
    } else {
        (Value::Null, Value::Null, Term::text("Activities", "no limits from wounds", Some(R_ACTIVITIES)))
    };
    let mut terms = p.terms;
    terms.push(note);
    Ok(Outcome::default()
        .field("wound_penalty", p.wound_penalty)
        .field("fatigue_penalty", p.fatigue_penalty)
        .field("penalty", p.total)
        .field("incapacitated", p.incapacitated)
        .field("unconscious", p.unconscious)
        .field("can_act", !(p.incapacitated || p.unconscious))
        .field("can_do", can_do)
        .field("cannot_do", cannot_do)
        .terms(terms))
}

fn run_fatigue(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let f = fatigue(i.int("short-term")?, i.int("long-term")?)?;
    Ok(Outcome::default()
        .field("level", f.level.name())
        .field("penalty", f.penalty)
        .field("levels_lost", f.levels_lost)
        .field("extra_levels", f.extra_levels)
        .field("recovery", f.recovery)
        .field("recovery_minutes", f.recovery_minutes)
        .terms(f.terms))
}

fn run_recovery(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let level = i.choice("wound")?.and_then(WoundLevel::parse).unwrap_or(WoundLevel::Light);
    let r = recovery(level, i.int("stamina")?, i.int("medic")?, i.int("magic")?, i.int("bonus")?, i.opt_int("roll")?)?;
    Ok(Outcome::default()
        .field("interval", r.row.interval)
        .field("stable_ease", r.row.stable_ease)
        .field("improvement_ease", r.row.improvement_ease)
        .field("recovery_score", r.score)
        .field("total", r.total)
        .field("result", r.result.map(RecoveryResult::as_str))
        .field("new_level", r.new_level.map(WoundLevel::as_str))
        .terms(r.terms))
}

fn run_movement(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let m = movement(i.int("quickness")?, i.int("encumbrance")?)?;
    Ok(Outcome::default()
        .field("walk", m.walk)
        .field("hurry", m.hurry)
        .field("run", m.run)
        .field("walk_ft", m.walk * FEET_PER_PACE)
        .field("hurry_ft", m.hurry * FEET_PER_PACE)
        .field("run_ft", m.run * FEET_PER_PACE)
        .terms(m.terms))
}

fn run_group_bonus(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let g = group_bonus(i.int("leadership")?, &i.ints("abilities")?)?;
    let mut out = Outcome::default()
        .field("bonus", g.bonus)
        .field("max_members", g.max_members)
        .field("members", g.members)
        .field("coordinated", g.coordinated)
        .terms(g.terms);
    out.warnings.extend(g.warnings);
    Ok(out)
}

fn run_group_blows(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let b = group_blows(i.int("attackers")?, i.int("defenders")?)?;
    Ok(Outcome::default().field("blows", b.blows).field("vanguard", b.each[0]).field("each", b.each).terms(b.terms))
}

fn run_range_penalty(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let weapon = weapon_param(i, tome)?;
    let increment = weapon.range.ok_or_else(|| {
        Error::InvalidInput(format!(
            "{} is a melee weapon: it has no range increment (see the missile weapon table)",
            weapon.name
        ))
    })?;
    let mut r = range_penalty(i.int("distance")?, increment)?;
    r.terms[1] = Term::num(format!("{} range increment (paces)", weapon.name), increment, Some(weapon.id.as_str()));
    Ok(Outcome::default().field("increments", r.increments).field("penalty", r.penalty).terms(r.terms))
}

fn run_mounted(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (bonus, terms) = mounted_bonus(i.int("ride")?)?;
    Ok(Outcome::default().field("bonus", bonus).terms(terms))
}

fn run_disengage(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (bonus, terms) = disengage_bonus(i.int("attempt")?)?;
    Ok(Outcome::default().field("bonus", bonus).terms(terms))
}

fn run_exertion(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let e = exertion(i.int("ability")?, i.int("members")?)?;
    Ok(Outcome::default().field("bonus", e.bonus).field("fatigue_levels", e.fatigue_levels).terms(e.terms))
}

fn run_heat(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let exposure = i.choice("exposure")?.and_then(Exposure::parse).unwrap_or(Exposure::Part);
    let (source, base) = match (i.choice("source")?, i.opt_int("bonus")?) {
        (Some(s), None) => (s.to_string(), heat_source(s).unwrap_or(0)),
        (None, Some(b)) => ("Source".to_string(), b),
        _ => {
            return Err(Error::InvalidInput(
                "give either --source (a table entry) or --bonus (its damage bonus), not both".into(),
            ))
        }
    };
    let d = heat_damage(&source, base, exposure)?;
    Ok(Outcome::default()
        .field("base", base)
        .field("multiplier", exposure.multiplier())
        .field("bonus", d.bonus)
        .terms(d.terms))
}

fn run_falling(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let surface = i.choice("surface")?.and_then(Surface::parse).unwrap_or(Surface::Normal);
    let d = falling_damage(i.int("feet")?, surface)?;
    Ok(Outcome::default().field("bonus", d.bonus).terms(d.terms))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::rules::resolve_entry;
    use crate::Kind;
    use crate::Tome;

    fn tome() -> Tome {
        Tome::open_in_memory().expect("shipped content loads")
    }

    fn weapon(tome: &dyn Rulebook, name: &str) -> WeaponStats {
        WeaponStats::from_entry(&resolve_entry(tome, SYSTEM, Kind::Weapon, name).unwrap()).unwrap()
    }

    fn armor(tome: &dyn Rulebook, name: &str) -> ArmorStats {
        ArmorStats::from_entry(&resolve_entry(tome, SYSTEM, Kind::Armor, name).unwrap()).unwrap()
    }

    fn calc(tome: &dyn Rulebook, name: &str, args: &[(&str, &str)]) -> Result<Outcome> {
        let values: BTreeMap<String, String> = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        crate::systems::calculate(tome, SYSTEM, name, values)
    }

    fn field<'a>(o: &'a Outcome, key: &str) -> &'a Value {
        &o.fields.iter().find(|(k, _)| k == key).unwrap_or_else(|| panic!("no field `{key}` in {:?}", o.fields)).1
    }

    fn err(r: Result<impl std::fmt::Debug>) -> String {
        r.expect_err("should be rejected").to_string()
    }

    /// Every term and the calculator itself link to entries that exist.
    fn assert_links(tome: &dyn Rulebook, o: &Outcome) {
        for t in &o.terms {
            if let Some(id) = &t.rule {
                assert!(tome.show(id).is_ok(), "term `{}` links to missing entry {id}", t.label);
            }
        }
    }

    /// A shipped table's rows as their cells.
    fn shipped(tome: &dyn Rulebook, id: &str) -> Vec<Vec<String>> {
        tome.table(id, None).unwrap().rows.into_iter().map(|r| r.cells).collect()
    }

    // ----- Encumbrance ------------------------------------------------------------

    /// Every step of the Encumbrance Table, at its threshold and just below it.
    #[test]
    fn burden_table_row_by_row() {
        for (b, &step) in BURDEN_STEPS.iter().enumerate() {
            assert_eq!(burden(step), b as i64, "load {step}");
            if step > 0 {
                assert_eq!(burden(step - 1), b as i64 - 1, "load {}", step - 1);
            }
        }
        assert_eq!(burden(200), 10, "the table stops at Burden 10");
    }

    /// The document's worked examples: Load 9 is Burden 3; Burden 2 with Strength 0 or
    /// less is Encumbrance 2, with +1 is 1, with +3 is 0 (no bonus).
    #[test]
    fn worked_examples() {
        assert_eq!(burden(9), 3);
        assert_eq!(encumbrance(3, 0).encumbrance, 2);
        assert_eq!(encumbrance(3, -2).encumbrance, 2);
        assert_eq!(encumbrance(3, 1).encumbrance, 1);
        assert_eq!(encumbrance(3, 3).encumbrance, 0);
    }

    /// The shipped Encumbrance Table holds the same steps.
    #[test]
    fn burden_steps_match_shipped_table() {
        let rows = shipped(&tome(), "ars-magica/table/encumbrance-table");
        assert_eq!(rows.len(), BURDEN_STEPS.len());
        for (b, (row, &step)) in rows.iter().zip(&BURDEN_STEPS).enumerate() {
            assert_eq!(row[0], step.to_string());
            assert_eq!(row[1], b.to_string());
        }
    }

    /// Property: Encumbrance is never negative and never above Burden.
    #[test]
    fn encumbrance_is_between_zero_and_burden() {
        for load in 0..=200 {
            for strength in CHAR.0..=CHAR.1 {
                let e = encumbrance(load, strength);
                assert!(e.encumbrance >= 0 && e.encumbrance <= e.burden, "load {load} strength {strength}: {e:?}");
            }
        }
    }

    // ----- Worked examples ----------------------------------------------------------

    /// Simple Example, Ignatio's block: Init +1, Atk +12, Def +11, Dam +7, Soak +11 with
    /// a short sword and a round shield. The document gives no characteristics; Single
    /// Weapon 6 comes from the Complex Example, and Quickness +2, Dexterity +3, Strength
    /// +2, Encumbrance 2, Stamina +2 in full chain mail are one set that fits the block.
    #[test]
    fn simple_example_ignatio_totals() {
        let tome = tome();
        let sword = weapon(&tome, "Sword, Short");
        let shield = weapon(&tome, "Shield, Round");
        assert_eq!(initiative_total(2, 2, &sword, Some(&shield)).unwrap().total, 1);
        assert_eq!(attack_total(3, 6, &sword, Some(&shield)).unwrap().total, 12);
        assert_eq!(defense_total(2, 6, &sword, Some(&shield), false).unwrap().total, 11);
        let dam = damage_total(2, &sword, Some(&shield), None).unwrap();
        assert_eq!(dam.total, 7);
        assert!(dam.warnings.is_empty(), "Strength +2 meets both minimums: {:?}", dam.warnings);
        let chain = armor(&tome, "Chain Mail");
        assert_eq!(soak_total(2, Some((&chain, ItemCoverage::Full)), 0).unwrap().total, 11);
        // The same through the calculators, with the die left out and said so.
        let o = calc(
            &tome,
            "attack",
            &[("dexterity", "3"), ("ability", "6"), ("weapon", "sword, short"), ("shield", "Shield, Round")],
        )
        .unwrap();
        assert_eq!(field(&o, "attack"), &Value::from(12));
        assert!(o.terms.iter().any(|t| t.rule.as_deref() == Some(R_STRESS_DIE)), "says the die is not added");
        assert_links(&tome, &o);
    }

    /// Simple Example, the exchange: Ignatio's Attack 12 against the wolf's Defense 9 is
    /// an advantage of 3, so 7 + 3 = 10 damage; Soak 6 lets 4 through, a Light wound at
    /// Size -1. Next round Attack 18 against Defense 10 (advantage 8) puts 9 through: a
    /// Heavy wound, for -1 - 5 = -6 in all. The wolf's own attacks (16 against 17, then
    /// 16 against 18) miss.
    #[test]
    fn simple_example_ignatio_against_polandrus() {
        let first = resolve_attack(12, 9, 7, 6, -1).unwrap();
        assert_eq!((first.advantage, first.hit, first.damage_total, first.damage), (3, true, Some(10), Some(4)));
        assert_eq!(first.wound, WoundLevel::Light);
        assert_eq!(first.wound.penalty(), Some(-1));
        let second = resolve_attack(18, 10, 7, 6, -1).unwrap();
        assert_eq!((second.advantage, second.damage_total, second.damage), (8, Some(15), Some(9)));
        assert_eq!(second.wound, WoundLevel::Heavy);
        let p = penalty(WoundCounts { light: 1, heavy: 1, ..Default::default() }, FatigueLevel::Fresh).unwrap();
        assert_eq!(p.total, -6);
        for (atk, dfn) in [(16, 17), (16, 18)] {
            let miss = resolve_attack(atk, dfn, 8, 11, 0).unwrap();
            assert!(!miss.hit);
            assert_eq!(miss.wound, WoundLevel::None);
        }
    }

    /// Group damage example: four attackers against three defenders share the four
    /// blows 2 (vanguard), 1, 1; 6 points is Medium on a normal human and only Light on
    /// the Giant Blooded member (Size +1).
    #[test]
    fn group_damage_example() {
        assert_eq!(group_blows(4, 3).unwrap().each, vec![2, 1, 1]);
        assert_eq!(wound_level(6, 0), WoundLevel::Medium);
        assert_eq!(wound_level(6, 1), WoundLevel::Light);
    }

    /// Complex Example: Paul leads (Leadership 3), Ignatio is the vanguard; the others'
    /// Abilities (Gerard 6, Paul 5) total 11 but the bonus stops at 9. Then, with the
    /// vanguard's Atk 12, Def 11, Dam 7, Soak 11 on both sides: 25 vs 23 does 9 damage,
    /// which Soak stops; 14 vs 13 is too little; 23 vs 13 puts 6 through (Medium); 26 vs
    /// 10 puts 12 through (Heavy, -8 in all); 24 vs 12 puts 8 through (Medium, -11);
    /// 27 vs 6 puts 17 through (Incapacitating).
    #[test]
    fn complex_example_group_and_wounds() {
        let g = group_bonus(3, &[6, 5]).unwrap();
        assert_eq!((g.sum, g.cap, g.bonus, g.members, g.max_members, g.coordinated), (11, 9, 9, 3, 3, true));
        assert!(g.warnings.is_empty());
        // Attack 12 + bonus 9 + die 4 = 25.
        let r = resolve_attack(12 + 9 + 4, 23, 7, 11, 0).unwrap();
        assert_eq!((r.hit, r.damage_total, r.wound), (true, Some(9), WoundLevel::None));
        assert_eq!(resolve_attack(14, 13, 7, 11, 0).unwrap().wound, WoundLevel::None);
        let expected = [
            (23, 13, 6, WoundLevel::Medium),
            (26, 10, 12, WoundLevel::Heavy),
            (24, 12, 8, WoundLevel::Medium),
            (27, 6, 17, WoundLevel::Incapacitating),
        ];
        for (atk, dfn, through, level) in expected {
            let r = resolve_attack(atk, dfn, 7, 11, 0).unwrap();
            assert_eq!(r.damage, Some(through), "{atk} vs {dfn}");
            assert_eq!(r.wound, level, "{atk} vs {dfn}");
            assert_eq!(wound_level(through, 0), level);
        }
        let after = |medium, heavy| {
            penalty(WoundCounts { medium, heavy, ..Default::default() }, FatigueLevel::Fresh).unwrap().total
        };
        assert_eq!(after(1, 0), -3);
        assert_eq!(after(1, 1), -8);
        assert_eq!(after(2, 1), -11);
    }

    /// Complex Example, running away: at -8 the faeries' Defense is 11 + 6 - 8 = 9; on
    /// the second attempt the +3 bonus and -11 leave 11 + 0 - 11 + 3 = 3.
    #[test]
    fn complex_example_disengaging() {
        let (first, _) = disengage_bonus(1).unwrap();
        assert_eq!(11 + 6 - 8 + first, 9);
        let (second, _) = disengage_bonus(2).unwrap();
        assert_eq!(second, 3);
        let (defense, roll, wounds) = (11, 0, -11);
        assert_eq!(defense + roll + wounds + second, 3);
        assert_eq!(disengage_bonus(3).unwrap().0, 6);
    }

    /// Fatigue example: one short-term and two long-term levels lost is Tired, -3. Half
    /// an hour's rest brings back Weary; the rest needs a night's sleep.
    #[test]
    fn fatigue_example() {
        let f = fatigue(1, 2).unwrap();
        assert_eq!((f.level, f.penalty), (FatigueLevel::Tired, Some(-3)));
        assert_eq!((f.recovery_minutes, f.recovery.as_str()), (Some(30), "30 minutes"));
        let rested = fatigue(0, 2).unwrap();
        assert_eq!(rested.level, FatigueLevel::Weary);
        assert_eq!((rested.recovery_minutes, rested.recovery.as_str()), (None, "a night's rest"));
    }

    /// Wound penalty examples: one Heavy wound is -5; two Light and one Medium is also -5.
    #[test]
    fn wound_penalty_examples() {
        let heavy = penalty(WoundCounts { heavy: 1, ..Default::default() }, FatigueLevel::Fresh).unwrap();
        assert_eq!(heavy.wound_penalty, -5);
        let mixed = penalty(WoundCounts { light: 2, medium: 1, ..Default::default() }, FatigueLevel::Fresh).unwrap();
        assert_eq!(mixed.wound_penalty, -5);
        // Fatigue adds on top.
        let tired = penalty(WoundCounts { light: 2, medium: 1, ..Default::default() }, FatigueLevel::Tired).unwrap();
        assert_eq!((tired.wound_penalty, tired.fatigue_penalty, tired.total), (-5, Some(-3), -8));
    }

    // ----- Tables ---------------------------------------------------------------------

    /// The Damage Table as the document prints it.
    const DOC_DAMAGE_TABLE: [(i64, [&str; 5]); 8] = [
        (-4, ["1", "2", "3", "4", "5+"]),
        (-3, ["1-2", "3-4", "5-6", "7-8", "9+"]),
        (-2, ["1-3", "4-6", "7-9", "10-12", "13+"]),
        (-1, ["1-4", "5-8", "9-12", "13-16", "17+"]),
        (0, ["1-5", "6-10", "11-15", "16-20", "21+"]),
        (1, ["1-6", "7-12", "13-18", "19-24", "25+"]),
        (2, ["1-7", "8-14", "15-21", "22-28", "29+"]),
        (3, ["1-8", "9-16", "17-24", "25-32", "33+"]),
    ];

    /// "a-b", "a" or "a+" as a range (an open end as `None`).
    fn cell_range(cell: &str) -> (i64, Option<i64>) {
        if let Some(lo) = cell.strip_suffix('+') {
            (lo.parse().unwrap(), None)
        } else if let Some((lo, hi)) = cell.split_once('-') {
            (lo.parse().unwrap(), Some(hi.parse().unwrap()))
        } else {
            let n = cell.parse().unwrap();
            (n, Some(n))
        }
    }

    /// Every size row and every band boundary of the Damage Table, and the same cells in
    /// the shipped table.
    #[test]
    fn damage_table_row_by_row() {
        let levels =
            [WoundLevel::Light, WoundLevel::Medium, WoundLevel::Heavy, WoundLevel::Incapacitating, WoundLevel::Dead];
        for (size, cells) in DOC_DAMAGE_TABLE {
            assert_eq!(wound_level(0, size), WoundLevel::None, "size {size}: no damage, no wound");
            for (cell, (i, level)) in cells.iter().zip(levels.iter().enumerate()) {
                let (lo, hi) = cell_range(cell);
                assert_eq!(wound_level(lo, size), *level, "size {size}, {lo}");
                assert_eq!(
                    wound_level(lo - 1, size),
                    if i == 0 { WoundLevel::None } else { levels[i - 1] },
                    "size {size}, {}",
                    lo - 1
                );
                let hi = hi.unwrap_or(lo + 1000);
                assert_eq!(wound_level(hi, size), *level, "size {size}, {hi}");
            }
        }
        // "-4 or less": smaller creatures read the same row.
        for size in -20..=-4 {
            assert_eq!(
                (1..=6).map(|d| wound_level(d, size)).collect::<Vec<_>>(),
                [&levels[..], &[WoundLevel::Dead]].concat()
            );
        }
        let rows = shipped(&tome(), T_DAMAGE);
        assert_eq!(rows.len(), DOC_DAMAGE_TABLE.len());
        for (row, (_, cells)) in rows.iter().zip(DOC_DAMAGE_TABLE) {
            assert_eq!(&row[1..], &cells[..], "shipped row {}", row[0]);
        }
    }

    /// Beyond +3 each Size widens every band by one: Size +4 is 1-9, 10-18, 19-27,
    /// 28-36, 37+; Size +10 bands are 15 wide.
    #[test]
    fn damage_table_beyond_plus_three() {
        assert_eq!(band_width(4), 9);
        assert_eq!(wound_level(9, 4), WoundLevel::Light);
        assert_eq!(wound_level(10, 4), WoundLevel::Medium);
        assert_eq!(wound_level(36, 4), WoundLevel::Incapacitating);
        assert_eq!(wound_level(37, 4), WoundLevel::Dead);
        assert_eq!(wound_level(60, 10), WoundLevel::Incapacitating);
        assert_eq!(wound_level(61, 10), WoundLevel::Dead);
        assert_eq!(band_width(-4), 1);
        assert_eq!(band_width(-10), 1);
    }

    /// Property: more damage never means a lesser wound, and a bigger creature never
    /// takes a worse wound from the same damage.
    #[test]
    fn wound_level_is_monotonic() {
        for size in -10..=10 {
            for damage in -5..=100 {
                assert!(wound_level(damage + 1, size) >= wound_level(damage, size), "size {size}, damage {damage}");
                assert!(wound_level(damage, size + 1) <= wound_level(damage, size), "size {size}, damage {damage}");
            }
        }
        // And nothing breaks at the ends of i64.
        assert_eq!(wound_level(i64::MIN, i64::MIN), WoundLevel::None);
        assert_eq!(wound_level(i64::MAX, i64::MAX), WoundLevel::Light);
        assert_eq!(wound_level(i64::MAX, i64::MIN), WoundLevel::Dead);
    }

    /// The Wound Table: Light -1, Medium -3, Heavy -5, Incapacitated no actions at all.
    #[test]
    fn wound_table_row_by_row() {
        let doc = [
            (WoundLevel::Light, "Light", "-1"),
            (WoundLevel::Medium, "Medium", "-3"),
            (WoundLevel::Heavy, "Heavy", "-5"),
            (WoundLevel::Incapacitating, "Incapacitated", "*"),
        ];
        let rows = shipped(&tome(), T_WOUND);
        assert_eq!(rows.len(), doc.len());
        for (row, (level, name, cell)) in rows.iter().zip(doc) {
            assert_eq!((row[0].as_str(), row[1].as_str()), (name, cell));
            assert_eq!(level.penalty().map(|p| p.to_string()).unwrap_or("*".into()), cell);
        }
    }

    /// The Fatigue levels: Fresh and Winded carry no penalty, Weary -1, Tired -3, Dazed
    /// -5, and Unconscious is its own penalty.
    #[test]
    fn fatigue_levels_row_by_row() {
        let doc = [
            ("Fresh", Some(0)),
            ("Winded", Some(0)),
            ("Weary", Some(-1)),
            ("Tired", Some(-3)),
            ("Dazed", Some(-5)),
            ("Unconscious", None),
        ];
        let rows = shipped(&tome(), T_FATIGUE_LEVELS);
        assert_eq!(rows.len(), doc.len());
        for ((row, (name, pen)), level) in rows.iter().zip(doc).zip(FatigueLevel::ALL) {
            assert_eq!((level.name(), level.penalty()), (name, pen));
            assert_eq!(row[0], name);
            let shipped_pen = match row[1].as_str() {
                "none" => Some(0),
                "*" => None,
                n => Some(n.parse().unwrap()),
            };
            assert_eq!(shipped_pen, pen, "{name}");
            assert_eq!(FatigueLevel::parse(&name.to_lowercase()), Some(level));
        }
        // Levels lost, one by one, walk down the ladder; past Unconscious they pile up.
        for (lost, level) in FatigueLevel::ALL.iter().enumerate() {
            assert_eq!(fatigue(lost as i64, 0).unwrap().level, *level);
        }
        let deep = fatigue(4, 3).unwrap();
        assert_eq!((deep.level, deep.extra_levels, deep.penalty), (FatigueLevel::Unconscious, 2, None));
    }

    /// The Fatigue Recovery Chart: 2, 10, 30 and 60 minutes, then 2 hours plus an hour
    /// per level beyond Unconscious.
    #[test]
    fn fatigue_recovery_chart_row_by_row() {
        let doc = [
            (FatigueLevel::Winded, 2, "2 minutes"),
            (FatigueLevel::Weary, 10, "10 minutes"),
            (FatigueLevel::Tired, 30, "30 minutes"),
            (FatigueLevel::Dazed, 60, "60 minutes"),
            (FatigueLevel::Unconscious, 120, "2 hours"),
        ];
        let rows = shipped(&tome(), T_FATIGUE_RECOVERY);
        assert_eq!(rows.len(), doc.len());
        for (row, (level, minutes, text)) in rows.iter().zip(doc) {
            assert_eq!(row[0], level.name());
            assert!(row[1].starts_with(text), "{} vs {text}", row[1]);
            assert_eq!(level.recovery_minutes(0), Some(minutes));
            assert_eq!(fatigue(level as i64, 0).unwrap().recovery, text);
        }
        assert_eq!(FatigueLevel::Unconscious.recovery_minutes(3), Some(300));
        assert_eq!(fatigue(8, 0).unwrap().recovery, "5 hours");
        assert_eq!(fatigue(0, 0).unwrap().recovery, "none needed");
    }

    /// The Recovery Table: Light weekly (4 / 10), Medium monthly (6 / 12), Heavy each
    /// season (9 / 15); each boundary of each Ease Factor.
    #[test]
    fn recovery_table_row_by_row() {
        let doc = [
            (WoundLevel::Light, "One week", 4, 10),
            (WoundLevel::Medium, "One month", 6, 12),
            (WoundLevel::Heavy, "One season", 9, 15),
        ];
        let rows = shipped(&tome(), T_RECOVERY);
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[3][0], "Incapacitated");
        for (row, (level, interval, stable, improve)) in rows.iter().zip(doc) {
            let r = recovery_row(level).unwrap();
            assert_eq!(r.interval, interval.to_lowercase());
            assert_eq!((r.stable_ease, r.improvement_ease), (Some(stable), improve));
            assert_eq!(row[1..], [interval.to_string(), stable.to_string(), improve.to_string()]);
            let outcome = |total| recovery(level, 0, 0, 0, 0, Some(total)).unwrap();
            assert_eq!(
                (outcome(improve).result, outcome(improve).new_level),
                (Some(RecoveryResult::Improves), Some(level.better()))
            );
            assert_eq!(outcome(improve - 1).result, Some(RecoveryResult::Stable));
            assert_eq!(outcome(stable).result, Some(RecoveryResult::Stable));
            assert_eq!(
                (outcome(stable - 1).result, outcome(stable - 1).new_level),
                (Some(RecoveryResult::Worsens), Some(level.worse()))
            );
        }
        assert_eq!(recovery(WoundLevel::Light, 0, 0, 0, 0, Some(10)).unwrap().new_level, Some(WoundLevel::None));
        assert_eq!(
            recovery(WoundLevel::Heavy, 0, 0, 0, 0, Some(0)).unwrap().new_level,
            Some(WoundLevel::Incapacitating)
        );
        // The score adds Stamina, the medic, magic and earlier bonuses.
        let r = recovery(WoundLevel::Medium, 2, 3, 1, 3, Some(3)).unwrap();
        assert_eq!((r.score, r.total, r.result), (9, Some(12), Some(RecoveryResult::Improves)));
        assert!(recovery_row(WoundLevel::Dead).is_err());
        assert!(recovery_row(WoundLevel::None).is_err());
    }

    /// Incapacitated: 0 or less dies, 9 or more becomes Heavy, anything else worsens.
    #[test]
    fn incapacitation_recovery() {
        let at = |total| recovery(WoundLevel::Incapacitating, 0, 0, 0, 0, Some(total)).unwrap();
        assert_eq!((at(0).result, at(0).new_level), (Some(RecoveryResult::Dies), Some(WoundLevel::Dead)));
        assert_eq!(at(1).result, Some(RecoveryResult::Worsens));
        assert_eq!(at(8).new_level, Some(WoundLevel::Incapacitating));
        assert_eq!((at(9).result, at(9).new_level), (Some(RecoveryResult::Improves), Some(WoundLevel::Heavy)));
        let penalised = recovery(WoundLevel::Incapacitating, 1, 0, 0, -3, Some(2)).unwrap();
        assert_eq!((penalised.total, penalised.result), (Some(0), Some(RecoveryResult::Dies)));
    }

    /// The Heat and Corrosion Table and the exposure multipliers, with the shipped rows;
    /// molten lead all over is 9 x 4 = 36.
    #[test]
    fn heat_and_corrosion_tables() {
        let tome = tome();
        let rows = shipped(&tome, T_HEAT);
        assert_eq!(rows.len(), HEAT_SOURCES.len());
        for (row, (name, bonus)) in rows.iter().zip(HEAT_SOURCES) {
            assert_eq!((row[0].as_str(), row[1].as_str()), (name, format!("+{bonus}").as_str()));
            assert_eq!(heat_source(&name.to_uppercase()), Some(bonus));
        }
        assert_eq!(HEAT_SOURCE_NAMES, HEAT_SOURCES.map(|(n, _)| n));
        let rows = shipped(&tome, T_EXPOSURE);
        for (row, e) in rows.iter().zip(Exposure::ALL) {
            assert_eq!(row[1], format!("x{}", e.multiplier()));
        }
        assert_eq!(heat_damage("Molten Lead", 9, Exposure::Full).unwrap().bonus, 36);
        assert_eq!(heat_damage("Wood Fire", 5, Exposure::Limb).unwrap().bonus, 10);
        assert_eq!(heat_damage("Ice", 1, Exposure::Part).unwrap().bonus, 1);
    }

    /// Falling: +1 per two feet, doubled on a hard surface, halved on a soft one.
    #[test]
    fn falling_damage_rules() {
        assert_eq!(falling_damage(10, Surface::Normal).unwrap().bonus, 5);
        assert_eq!(falling_damage(11, Surface::Normal).unwrap().bonus, 5);
        assert_eq!(falling_damage(10, Surface::Hard).unwrap().bonus, 10);
        assert_eq!(falling_damage(10, Surface::Soft).unwrap().bonus, 2);
        assert_eq!(falling_damage(1, Surface::Hard).unwrap().bonus, 0);
        for feet in 0..=500 {
            let n = falling_damage(feet, Surface::Normal).unwrap().bonus;
            assert!(falling_damage(feet, Surface::Soft).unwrap().bonus <= n);
            assert!(falling_damage(feet, Surface::Hard).unwrap().bonus >= n);
            assert!(falling_damage(feet + 1, Surface::Normal).unwrap().bonus >= n);
        }
        assert!(falling_damage(-1, Surface::Normal).is_err());
    }

    // ----- Movement, groups, options --------------------------------------------------

    /// Walk 10 + Qik - Enc, hurry twice that, run four times; a pace is 3 feet.
    #[test]
    fn movement_rates() {
        let m = movement(0, 0).unwrap();
        assert_eq!((m.walk, m.hurry, m.run), (10, 20, 40));
        let m = movement(2, 3).unwrap();
        assert_eq!((m.walk, m.hurry, m.run), (9, 18, 36));
        let o = calc(&tome(), "movement", &[("quickness", "2"), ("encumbrance", "3")]).unwrap();
        assert_eq!(
            (field(&o, "walk_ft"), field(&o, "hurry_ft"), field(&o, "run_ft")),
            (&Value::from(27), &Value::from(54), &Value::from(108))
        );
    }

    /// Property: movement is never negative, and hurry and run stay 2x and 4x a walk.
    #[test]
    fn movement_is_never_negative() {
        for q in CHAR.0..=CHAR.1 {
            for e in ENC.0..=ENC.1 {
                let m = movement(q, e).unwrap();
                assert!(m.walk >= 0, "qik {q} enc {e}");
                assert_eq!((m.hurry, m.run), (2 * m.walk, 4 * m.walk));
            }
        }
        assert_eq!(movement(-10, 10).unwrap().walk, 0);
    }

    /// The group bonus: capped by 3 x Leadership (more than 18 at Leadership 7), a
    /// group bigger than the leader can coordinate gets nothing, and no group has more
    /// than six members.
    #[test]
    fn group_bonus_rules() {
        let g = group_bonus(7, &[5, 5, 5, 5, 5]).unwrap();
        assert_eq!((g.bonus, g.max_members, g.coordinated), (21, 6, true));
        let small = group_bonus(2, &[1]).unwrap();
        assert_eq!((small.bonus, small.cap), (1, 6));
        let big = group_bonus(2, &[4, 4]).unwrap();
        assert_eq!((big.bonus, big.members, big.max_members, big.coordinated), (0, 3, 2, false));
        assert_eq!(big.warnings.len(), 1);
        assert!(big.warnings[0].contains("untrained"));
        assert!(err(group_bonus(10, &[1, 1, 1, 1, 1, 1])).contains("at most 6"));
        // Property: the bonus never exceeds the cap or the sum.
        for l in 0..=10 {
            for a in 0..=10 {
                for n in 0..=5usize {
                    let g = group_bonus(l, &vec![a; n]).unwrap();
                    assert!(g.bonus <= 3 * l && g.bonus <= a * n as i64 && g.bonus >= 0);
                    assert_eq!(g.max_members, l.min(6));
                }
            }
        }
    }

    /// Property: blows add up to the attackers, the vanguard takes the most, and the
    /// spread is as even as it can be.
    #[test]
    fn group_blows_are_even() {
        for a in 1..=6 {
            for d in 1..=6 {
                let b = group_blows(a, d).unwrap();
                assert_eq!(b.each.iter().sum::<i64>(), a);
                let (max, min) = (*b.each.iter().max().unwrap(), *b.each.iter().min().unwrap());
                assert_eq!(b.each[0], max);
                assert!(max - min <= 1);
            }
        }
    }

    /// Missile range: a javelin (10 paces) has no penalty to 10, -3 from 11 to 20, -6 at
    /// 21; the penalty only grows with distance.
    #[test]
    fn range_penalty_rules() {
        let tome = tome();
        let javelin = weapon(&tome, "Javelin");
        assert_eq!(javelin.range, Some(10));
        for (distance, penalty) in [(0, 0), (10, 0), (11, -3), (20, -3), (21, -6), (100, -27)] {
            assert_eq!(range_penalty(distance, 10).unwrap().penalty, penalty, "{distance} paces");
        }
        let mut last = 0;
        for d in 0..=400 {
            let p = range_penalty(d, 15).unwrap().penalty;
            assert!(p <= last && p % 3 == 0);
            last = p;
        }
        let e = err(calc(&tome, "range-penalty", &[("weapon", "Sword, Long"), ("distance", "5")]));
        assert!(e.contains("no range increment"), "{e}");
    }

    /// Mounted: Ride up to +3; exertion: the Ability for a Fatigue level per member.
    #[test]
    fn mounted_and_exertion() {
        for ride in 0..=30 {
            assert_eq!(mounted_bonus(ride).unwrap().0, ride.min(3));
        }
        let e = exertion(6, 3).unwrap();
        assert_eq!((e.bonus, e.fatigue_levels), (6, 3));
    }

    // ----- Weapons and armour -----------------------------------------------------------

    /// Dodge has no Atk or Dam (n/a): attacking or damaging with it is a clear error,
    /// while its Init and Dfn work.
    #[test]
    fn dodge_cannot_attack() {
        let tome = tome();
        let dodge = weapon(&tome, "Dodge");
        assert!(err(attack_total(2, 3, &dodge, None)).contains("Dodge has no Atk modifier"));
        assert!(err(damage_total(2, &dodge, None, None)).contains("deals no damage"));
        assert_eq!(defense_total(1, 3, &dodge, None, false).unwrap().total, 4);
        assert_eq!(initiative_total(1, 0, &dodge, None).unwrap().total, 1);
        let e = err(calc(&tome, "attack", &[("dexterity", "0"), ("ability", "3"), ("weapon", "dodge")]));
        assert!(e.contains("n/a"), "{e}");
    }

    /// The minimum Strength of weapon and shield is checked separately, and only warns.
    #[test]
    fn minimum_strength_warns_for_each() {
        let tome = tome();
        let (long, heater) = (weapon(&tome, "Sword, Long"), weapon(&tome, "Shield, Heater"));
        let (short, buckler) = (weapon(&tome, "Sword, Short"), weapon(&tome, "Shield, Buckler"));
        assert_eq!(strength_warnings(-2, &long, Some(&heater)).len(), 2);
        assert!(strength_warnings(0, &long, Some(&buckler)).is_empty());
        let w = strength_warnings(-2, &short, Some(&buckler));
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("Sword, Short"));
        // Fist has no minimum at all.
        assert!(strength_warnings(-10, &weapon(&tome, "Fist"), None).is_empty());
        let o = calc(&tome, "damage", &[("strength", "-1"), ("weapon", "warhammer")]).unwrap();
        assert_eq!(field(&o, "damage"), &Value::from(11));
        assert_eq!(o.warnings.len(), 1, "a warning, not an error");
        let o =
            calc(&tome, "attack", &[("dexterity", "1"), ("ability", "4"), ("weapon", "warhammer"), ("strength", "1")])
                .unwrap();
        assert_eq!(o.warnings.len(), 1);
    }

    /// A shield must be a shield; a two-handed weapon with a shield is allowed but
    /// warned about; against missiles only the shield's Dfn counts.
    #[test]
    fn shields() {
        let tome = tome();
        let (axe, round) = (weapon(&tome, "Axe"), weapon(&tome, "Shield, Round"));
        assert!(err(attack_total(0, 0, &round, Some(&axe))).contains("not a shield"));
        let great = attack_total(0, 0, &weapon(&tome, "Sword, Great"), Some(&round)).unwrap();
        assert_eq!(great.warnings.len(), 1);
        let sword = weapon(&tome, "Sword, Long");
        assert_eq!(defense_total(1, 4, &sword, Some(&round), false).unwrap().total, 1 + 4 + 1 + 2);
        assert_eq!(defense_total(1, 4, &sword, Some(&round), true).unwrap().total, 1 + 4 + 2);
        assert_eq!(defense_total(1, 4, &sword, None, true).unwrap().total, 1 + 4);
        let o = calc(
            &tome,
            "defense",
            &[
                ("quickness", "1"),
                ("ability", "4"),
                ("weapon", "sword-long"),
                ("shield", "ars-magica/weapon/shield-round"),
                ("against-missiles", "true"),
            ],
        )
        .unwrap();
        assert_eq!(field(&o, "defense"), &Value::from(7));
        // Damage with an Attack Advantage.
        assert_eq!(damage_total(1, &sword, None, Some(4)).unwrap().total, 11);
        assert!(damage_total(1, &sword, None, Some(0)).is_err());
    }

    /// Soak: Stamina + Prot for the coverage; armour without a full suit is an error.
    #[test]
    fn soak_rules() {
        let tome = tome();
        let quilted = armor(&tome, "ars-magica/armor/quilted-fur");
        assert_eq!(soak_total(1, Some((&quilted, ItemCoverage::Partial)), 0).unwrap().total, 2);
        assert!(err(soak_total(1, Some((&quilted, ItemCoverage::Full)), 0)).contains("n/a"));
        assert_eq!(soak_total(3, None, 2).unwrap().total, 5);
        let o = calc(
            &tome,
            "soak",
            &[("stamina", "2"), ("armor", "chain mail"), ("coverage", "full"), ("form-bonus", "1")],
        )
        .unwrap();
        assert_eq!(field(&o, "soak"), &Value::from(12));
        // A name with a slash in it is still a name.
        let o = calc(&tome, "soak", &[("stamina", "2"), ("armor", "quilted/fur"), ("coverage", "partial")]).unwrap();
        assert_eq!(field(&o, "soak"), &Value::from(3));
        let o = calc(&tome, "soak", &[("stamina", "2"), ("armor", "none")]).unwrap();
        assert_eq!(field(&o, "soak"), &Value::from(2));
        assert!(err(calc(&tome, "soak", &[("stamina", "2"), ("armor", "Chain Mail")])).contains("--coverage"));
        assert!(calc(&tome, "soak", &[("stamina", "2"), ("armor", "Sword, Long"), ("coverage", "full")]).is_err());
        assert!(calc(
            &tome,
            "soak",
            &[("stamina", "2"), ("armor", "ars-magica/weapon/sword-long"), ("coverage", "full")]
        )
        .is_err());
    }

    // ----- The registry -------------------------------------------------------------------

    /// Every calculator runs with good inputs (fields present, links valid) and rejects
    /// an out-of-range value with a message that names the range.
    #[test]
    fn every_calculator_runs_and_rejects_bad_input() {
        let tome = tome();
        type Case = (
            &'static str,
            &'static [(&'static str, &'static str)],
            &'static [&'static str],
            (&'static str, &'static str),
            &'static str,
        );
        let cases: &[Case] = &[
            (
                "encumbrance",
                &[("load", "9"), ("strength", "1")],
                &["burden", "encumbrance"],
                ("load", "-1"),
                "from 0 to 200",
            ),
            (
                "initiative",
                &[("quickness", "1"), ("encumbrance", "0"), ("weapon", "Axe")],
                &["initiative"],
                ("quickness", "11"),
                "from -10 to 10",
            ),
            (
                "attack",
                &[("dexterity", "1"), ("ability", "3"), ("weapon", "Axe")],
                &["attack"],
                ("ability", "-1"),
                "from 0 to 30",
            ),
            (
                "defense",
                &[("quickness", "1"), ("ability", "3"), ("weapon", "Axe")],
                &["defense"],
                ("quickness", "-11"),
                "from -10 to 10",
            ),
            (
                "damage",
                &[("strength", "1"), ("weapon", "Axe"), ("advantage", "3")],
                &["damage"],
                ("advantage", "0"),
                "from 1 to 20000",
            ),
            (
                "soak",
                &[("stamina", "1"), ("armor", "Leather Scale"), ("coverage", "partial")],
                &["soak"],
                ("stamina", "99"),
                "from -10 to 10",
            ),
            (
                "resolve-attack",
                &[("attack", "12"), ("defense", "9"), ("damage", "7"), ("soak", "6"), ("size", "-1")],
                &["advantage", "hit", "damage_total", "damage", "wound"],
                ("size", "21"),
                "from -20 to 20",
            ),
            ("wound", &[("damage", "4"), ("size", "-1")], &["wound"], ("size", "-21"), "from -20 to 20"),
            (
                "penalty",
                &[("light", "2"), ("medium", "1"), ("fatigue", "Tired")],
                &["wound_penalty", "fatigue_penalty", "penalty", "incapacitated", "can_do"],
                ("heavy", "-1"),
                "from 0 to 100",
            ),
            (
                "fatigue",
                &[("short-term", "1"), ("long-term", "2")],
                &["level", "penalty", "recovery"],
                ("long-term", "21"),
                "from 0 to 20",
            ),
            (
                "recovery",
                &[("wound", "medium"), ("stamina", "1"), ("roll", "5")],
                &["interval", "stable_ease", "improvement_ease", "result"],
                ("medic", "31"),
                "from 0 to 30",
            ),
            (
                "movement",
                &[("quickness", "1"), ("encumbrance", "2")],
                &["walk", "hurry", "run", "walk_ft", "hurry_ft", "run_ft"],
                ("encumbrance", "11"),
                "from 0 to 10",
            ),
            (
                "group-bonus",
                &[("leadership", "3"), ("abilities", "6,5")],
                &["bonus", "max_members"],
                ("abilities", "6,31"),
                "from 0 to 30",
            ),
            (
                "group-blows",
                &[("attackers", "4"), ("defenders", "3")],
                &["blows", "vanguard", "each"],
                ("defenders", "7"),
                "from 1 to 6",
            ),
            (
                "range-penalty",
                &[("weapon", "Bow, Long"), ("distance", "61")],
                &["increments", "penalty"],
                ("distance", "-1"),
                "from 0 to 100000",
            ),
            ("mounted", &[("ride", "5")], &["bonus"], ("ride", "31"), "from 0 to 30"),
            ("disengage", &[("attempt", "2")], &["bonus"], ("attempt", "0"), "from 1 to 100"),
            (
                "exertion",
                &[("ability", "5"), ("members", "3")],
                &["bonus", "fatigue_levels"],
                ("members", "7"),
                "from 1 to 6",
            ),
            (
                "heat",
                &[("source", "molten lead"), ("exposure", "full")],
                &["base", "multiplier", "bonus"],
                ("bonus", "101"),
                "from 0 to 100",
            ),
            ("falling", &[("feet", "20"), ("surface", "hard")], &["bonus"], ("feet", "-2"), "from 0 to 100000"),
        ];
        let all = calculators();
        assert_eq!(all.len(), cases.len(), "every calculator has a case");
        for (name, good, fields, (bad_key, bad_value), range) in cases {
            let calc_def = all.iter().find(|c| c.name == *name).unwrap_or_else(|| panic!("no calculator {name}"));
            assert!(tome.show(calc_def.rule.unwrap()).is_ok(), "{name}'s rule exists");
            let o = calc(&tome, name, good).unwrap_or_else(|e| panic!("{name}: {e}"));
            for f in *fields {
                field(&o, f);
            }
            assert!(!o.terms.is_empty(), "{name} explains itself");
            assert_links(&tome, &o);
            let mut bad: Vec<(&str, &str)> = good.iter().filter(|(k, _)| k != bad_key).copied().collect();
            bad.push((bad_key, bad_value));
            let e = err(calc(&tome, name, &bad));
            assert!(e.contains(range), "{name}: `{e}` should name the range {range}");
        }
        // Missing and unknown names are errors too.
        assert!(err(calc(&tome, "wound", &[("damage", "3")])).contains("--size"));
        assert!(calc(&tome, "attack", &[("dexterity", "1"), ("ability", "3"), ("weapon", "Laser Sword")])
            .unwrap_err()
            .is_not_found());
        assert!(err(calc(&tome, "heat", &[("exposure", "full")])).contains("--source"));
        assert!(err(calc(&tome, "heat", &[("source", "Lava"), ("exposure", "full")])).contains("Molten Iron"));
    }

    /// The CLI contract: names, parameters and fields exactly.
    #[test]
    fn cli_contract() {
        let tome = tome();
        let o = calc(
            &tome,
            "soak",
            &[
                ("stamina", "2"),
                ("armor", "ars-magica/armor/metal-scale"),
                ("coverage", "partial"),
                ("form-bonus", "3"),
            ],
        )
        .unwrap();
        assert_eq!(field(&o, "soak"), &Value::from(9));
        let o = calc(&tome, "encumbrance", &[("load", "9"), ("strength", "1")]).unwrap();
        assert_eq!((field(&o, "burden"), field(&o, "encumbrance")), (&Value::from(3), &Value::from(2)));
        for (damage, size, word) in [
            ("0", "0", "none"),
            ("-3", "0", "none"),
            ("5", "0", "light"),
            ("6", "0", "medium"),
            ("15", "0", "heavy"),
            ("20", "0", "incapacitating"),
            ("21", "0", "dead"),
            ("5", "-4", "dead"),
        ] {
            let o = calc(&tome, "wound", &[("damage", damage), ("size", size)]).unwrap();
            assert_eq!(field(&o, "wound"), &Value::from(word), "{damage} at {size}");
        }
        let o = calc(&tome, "movement", &[("quickness", "-3"), ("encumbrance", "2")]).unwrap();
        let got: Vec<&Value> =
            ["walk", "hurry", "run", "walk_ft", "hurry_ft", "run_ft"].iter().map(|f| field(&o, f)).collect();
        assert_eq!(
            got,
            [5, 10, 20, 15, 30, 60].iter().map(|&n| Value::from(n)).collect::<Vec<_>>().iter().collect::<Vec<_>>()
        );
        let o = calc(&tome, "group-bonus", &[("leadership", "3"), ("abilities", "6,5")]).unwrap();
        assert_eq!((field(&o, "bonus"), field(&o, "max_members")), (&Value::from(9), &Value::from(3)));
        assert!(o.warnings.is_empty());
        let o = calc(&tome, "group-bonus", &[("leadership", "2"), ("abilities", "3,3,3")]).unwrap();
        assert_eq!(o.warnings.len(), 1, "more members than Leadership 2 can coordinate");
        assert_eq!(field(&o, "max_members"), &Value::from(2));
        let o = calc(&tome, "group-bonus", &[("leadership", "9"), ("abilities", "9,9,9,9,9")]).unwrap();
        assert_eq!((field(&o, "bonus"), field(&o, "max_members")), (&Value::from(27), &Value::from(6)));
    }

    /// Functions called directly reject values outside the rules' ranges.
    #[test]
    fn direct_calls_check_ranges() {
        assert!(err(movement(11, 0)).contains("from -10 to 10"));
        assert!(err(movement(0, -1)).contains("from 0 to 10"));
        assert!(err(wound(0, 99)).contains("from -20 to 20"));
        assert!(err(penalty(WoundCounts { light: -1, ..Default::default() }, FatigueLevel::Fresh))
            .contains("from 0 to 100"));
        assert!(err(fatigue(-1, 0)).contains("from 0 to 20"));
        assert!(err(group_blows(0, 1)).contains("from 1 to 6"));
        assert!(err(range_penalty(10, 0)).contains("from 1 to 1000"));
        assert!(err(disengage_bonus(0)).contains("from 1 to 100"));
        assert!(err(resolve_attack(i64::MAX, 0, 0, 0, 0)).contains("from -200 to 20000"));
        assert!(err(recovery(WoundLevel::Light, 0, 0, 0, 0, Some(-1))).contains("from 0 to 20000"));
    }
}
