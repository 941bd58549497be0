//! MythCraft: action points, movement and jumping, crit range, applying damage, dying,
//! tactical advantage, grapples and the conditions that contain other conditions.
//!
//! Every function checks its inputs and returns the value together with the terms
//! behind it, each pointing at the shipped rule, table or condition entry.

use crate::error::{Error, Result};
use crate::model::Detail;
use crate::rulebook::Rulebook;
use crate::rules::{check, Calculator, Inputs, Outcome, Param, ParamKind, Term};
use crate::Kind;

pub(crate) const SYSTEM: &str = "mythcraft";

const R_AP: &str = "mythcraft/rule/action-points";
const R_REACTIVE: &str = "mythcraft/rule/reactive-ap";
const T_COR: &str = "mythcraft/table/coordination-cor-bonus-ap";
const R_MOVE: &str = "mythcraft/rule/movement";
const R_JUMP: &str = "mythcraft/rule/jump";
const R_CRIT: &str = "mythcraft/rule/critical-hits";
const R_WEAPON_CRIT: &str = "mythcraft/rule/weapon-crit";
const T_DAMAGE_TYPES: &str = "mythcraft/table/damage-types";
const R_IMMUNE: &str = "mythcraft/rule/immune";
const R_VULNERABLE: &str = "mythcraft/rule/vulnerable";
const R_RESIST: &str = "mythcraft/rule/resist";
const R_DR: &str = "mythcraft/rule/damage-reduction";
const R_DT: &str = "mythcraft/rule/damage-threshold";
const R_SHIELD: &str = "mythcraft/rule/shield-hp";
const C_AFFINITY: &str = "mythcraft/condition/affinity";
const R_MASSIVE: &str = "mythcraft/rule/massive-damage";
const R_DYING: &str = "mythcraft/rule/dying";
const C_BLOODIED: &str = "mythcraft/condition/bloodied";
const C_FATIGUED: &str = "mythcraft/condition/fatigued";
const C_SUFFOCATING: &str = "mythcraft/condition/suffocating";
const R_TA: &str = "mythcraft/rule/tactical-advantage-and-disadvantage";
const R_RANGED_IN_MELEE: &str = "mythcraft/rule/ranged-attacks-in-melee";
const C_GRAPPLED: &str = "mythcraft/condition/grappled-and-grappling";

// ---------------------------------------------------------------------------------
// Action points
// ---------------------------------------------------------------------------------

/// The Coordination scores the COR table covers.
pub const COR_MIN: i64 = -3;
pub const COR_MAX: i64 = 12;
/// Character levels.
pub const LEVEL_MIN: i64 = 1;
pub const LEVEL_MAX: i64 = 20;
/// The most Reactive AP a creature could have left over: a level 20 pool (3 + 6 + 11)
/// doubled by a complete surprise.
pub const REACTIVE_MAX: i64 = 40;
/// AP everyone gains at the start of a turn before COR.
pub const BASE_AP: i64 = 3;

/// The Coordination (COR) Bonus AP table: lowest COR, highest COR, bonus AP.
pub const COR_BONUS_AP: [(i64, i64, i64); 9] =
    [(-3, -3, -2), (-2, -1, -1), (0, 1, 0), (2, 3, 1), (4, 5, 2), (6, 7, 3), (8, 9, 4), (10, 11, 5), (12, 12, 6)];

/// Bonus AP for a COR score, from the table.
///
/// # Errors
/// COR outside -3..=12 (the table's range).
pub fn cor_bonus(cor: i64) -> Result<i64> {
    check("COR", cor, (COR_MIN, COR_MAX))?;
    COR_BONUS_AP
        .iter()
        .find(|(lo, hi, _)| (*lo..=*hi).contains(&cor))
        .map(|row| row.2)
        .ok_or_else(|| Error::InvalidInput(format!("COR must be from {COR_MIN} to {COR_MAX}, not {cor}")))
}

/// The most Reactive AP carried into a new turn: half the level, rounded up, plus 1
/// (levels 1-2 keep 2, levels 3-4 keep 3, …).
///
/// # Errors
/// Level outside 1..=20.
pub fn reactive_cap(level: i64) -> Result<i64> {
    check("level", level, (LEVEL_MIN, LEVEL_MAX))?;
    Ok((level + 1) / 2 + 1)
}

/// A turn's starting AP pool.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionPoints {
    pub cor_bonus: i64,
    /// 3 + COR bonus, before Reactive AP.
    pub ap: i64,
    pub reactive_cap: i64,
    /// Reactive AP actually carried over.
    pub carried: i64,
    /// Reactive AP beyond the cap, which is lost.
    pub lost: i64,
    pub total: i64,
    pub terms: Vec<Term>,
}

/// The AP at the start of a turn for a COR score, a level and the Reactive AP left
/// over from the last round.
///
/// # Errors
/// COR outside -3..=12, level outside 1..=20, Reactive AP outside 0..=40.
pub fn action_points(cor: i64, level: i64, reactive: i64) -> Result<ActionPoints> {
    let bonus = cor_bonus(cor)?;
    let cap = reactive_cap(level)?;
    check("Reactive AP", reactive, (0, REACTIVE_MAX))?;
    let carried = reactive.min(cap);
    let ap = BASE_AP + bonus;
    let terms = vec![
        Term::num("Base AP each turn", BASE_AP, Some(R_AP)),
        Term::num(format!("COR {cor} bonus AP"), bonus, Some(T_COR)),
        Term::num(
            format!("Reactive AP kept ({reactive} left, level {level} keeps at most {cap})"),
            carried,
            Some(R_REACTIVE),
        ),
    ];
    Ok(ActionPoints {
        cor_bonus: bonus,
        ap,
        reactive_cap: cap,
        carried,
        lost: reactive - carried,
        total: ap + carried,
        terms,
    })
}

// ---------------------------------------------------------------------------------
// Jumping and movement
// ---------------------------------------------------------------------------------

/// The STR scores accepted: the same -3..=12 span as the attribute table for COR.
pub const STR_MIN: i64 = -3;
pub const STR_MAX: i64 = 12;
/// Feet of vertical jump everyone has before STR.
pub const JUMP_BASE_FT: i64 = 3;

#[derive(Debug, Clone, PartialEq)]
pub struct Jump {
    pub vertical_ft: i64,
    pub horizontal_ft: i64,
    pub terms: Vec<Term>,
}

/// Jump distances: vertical 3 ft plus 1 ft per STR point, horizontal twice that.
///
/// # Errors
/// STR outside -3..=12.
pub fn jump(strength: i64) -> Result<Jump> {
    check("STR", strength, (STR_MIN, STR_MAX))?;
    let vertical = JUMP_BASE_FT + strength;
    let terms = vec![
        Term::num("Vertical jump base (ft)", JUMP_BASE_FT, Some(R_JUMP)),
        Term::num("STR (ft)", strength, Some(R_JUMP)),
        Term::num("Horizontal is vertical doubled (x)", 2, Some(R_JUMP)),
    ];
    Ok(Jump { vertical_ft: vertical, horizontal_ft: 2 * vertical, terms })
}

/// Largest speed accepted, in feet.
pub const SPEED_MAX: i64 = 300;
/// Largest distance moved in one mode, in feet.
pub const DISTANCE_MAX: i64 = 600;

/// A way of moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Walk,
    Swim,
    Fly,
    Climb,
    Burrow,
}

impl Mode {
    pub const ALL: [Mode; 5] = [Mode::Walk, Mode::Swim, Mode::Fly, Mode::Climb, Mode::Burrow];

    pub fn label(self) -> &'static str {
        match self {
            Mode::Walk => "Walk",
            Mode::Swim => "Swim",
            Mode::Fly => "Fly",
            Mode::Climb => "Climb",
            Mode::Burrow => "Burrow",
        }
    }
}

/// One number (a speed or a distance, in feet) per movement mode.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PerMode {
    pub walk: i64,
    pub swim: i64,
    pub fly: i64,
    pub climb: i64,
    pub burrow: i64,
}

impl PerMode {
    pub fn get(&self, mode: Mode) -> i64 {
        match mode {
            Mode::Walk => self.walk,
            Mode::Swim => self.swim,
            Mode::Fly => self.fly,
            Mode::Climb => self.climb,
            Mode::Burrow => self.burrow,
        }
    }
}

/// Whether a mix of movement fits in the single move that 1 AP buys.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveCheck {
    pub fits: bool,
    /// The largest speed: the whole move's allowance.
    pub budget_ft: i64,
    /// Movement spent, counting improvised climbing or swimming double.
    pub used_ft: i64,
    /// Why it does not fit (empty when it does).
    pub problems: Vec<String>,
    pub terms: Vec<Term>,
}

/// Checks a 1 AP move mixing modes: the allowance is the largest single speed (not
/// the sum), no mode may go past its own speed, and climbing or swimming without that
/// speed costs 2 ft per foot, charged to walking.
///
/// # Errors
/// A speed outside 0..=300 or a distance outside 0..=600.
pub fn movement(speeds: PerMode, moved: PerMode) -> Result<MoveCheck> {
    for mode in Mode::ALL {
        check(&format!("{} speed", mode.label()), speeds.get(mode), (0, SPEED_MAX))?;
        check(&format!("{} distance", mode.label()), moved.get(mode), (0, DISTANCE_MAX))?;
    }
    let budget = Mode::ALL.iter().map(|&m| speeds.get(m)).max().unwrap_or(0);
    let mut terms = vec![Term::num("Allowance: largest speed (ft)", budget, Some(R_MOVE))];
    let mut problems = Vec::new();
    let mut walk_used = moved.walk;
    let mut used = moved.walk;
    if moved.walk > 0 {
        terms.push(Term::num(format!("Walk {} ft (speed {})", moved.walk, speeds.walk), moved.walk, Some(R_MOVE)));
    }
    for mode in [Mode::Swim, Mode::Fly, Mode::Climb, Mode::Burrow] {
        let dist = moved.get(mode);
        let speed = speeds.get(mode);
        if dist == 0 {
            continue;
        }
        if speed > 0 {
            used += dist;
            terms.push(Term::num(format!("{} {dist} ft (speed {speed})", mode.label()), dist, Some(R_MOVE)));
            if dist > speed {
                problems.push(format!(
                    "{} {dist} ft is more than the {} speed of {speed} ft",
                    mode.label(),
                    mode.label()
                ));
            }
        } else if matches!(mode, Mode::Swim | Mode::Climb) {
            let cost = 2 * dist;
            used += cost;
            walk_used += cost;
            terms.push(Term::num(
                format!("{} {dist} ft without a {} speed: double cost", mode.label(), mode.label()),
                cost,
                Some(R_MOVE),
            ));
        } else {
            problems.push(format!("cannot {} without a {} speed", mode.label().to_lowercase(), mode.label()));
        }
    }
    if walk_used > speeds.walk {
        problems.push(format!(
            "{walk_used} ft of walking (improvised climbing and swimming included) is more than Speed {}",
            speeds.walk
        ));
    }
    if used > budget {
        problems.push(format!("{used} ft in all is more than the {budget} ft allowance"));
    }
    Ok(MoveCheck { fits: problems.is_empty(), budget_ft: budget, used_ft: used, problems, terms })
}

// ---------------------------------------------------------------------------------
// Critical hits
// ---------------------------------------------------------------------------------

/// A weapon crits on a natural 20 before any widening.
pub const CRIT_NATURAL: i64 = 20;
/// The crit range never starts below 16 (16-20).
pub const CRIT_CAP: i64 = 16;
/// Largest number of crit range increases accepted (each of expansions and Vulnerable).
pub const EXPANSIONS_MAX: i64 = 20;

#[derive(Debug, Clone, PartialEq)]
pub struct CritRange {
    /// The lowest natural d20 roll that crits.
    pub crit_min: i64,
    /// Increases beyond the 16-20 cap, which do nothing.
    pub wasted: i64,
    pub terms: Vec<Term>,
}

/// The crit range: 20, lowered by one per expansion (a target's Vulnerable X to the
/// attack's damage type counts as X more), never below 16.
///
/// # Errors
/// Expansions or Vulnerable outside 0..=20.
pub fn crit_range(expansions: i64, vulnerable: i64) -> Result<CritRange> {
    check("crit range expansions", expansions, (0, EXPANSIONS_MAX))?;
    check("Vulnerable", vulnerable, (0, EXPANSIONS_MAX))?;
    let wanted = CRIT_NATURAL - expansions - vulnerable;
    let crit_min = wanted.max(CRIT_CAP);
    let mut terms = vec![Term::num("Natural crit", CRIT_NATURAL, Some(R_WEAPON_CRIT))];
    if expansions > 0 {
        terms.push(Term::num("Crit range expansions", -expansions, Some(R_WEAPON_CRIT)));
    }
    if vulnerable > 0 {
        terms.push(Term::num("Target Vulnerable to the damage", -vulnerable, Some(R_VULNERABLE)));
    }
    if wanted < CRIT_CAP {
        terms.push(Term::num("Capped at 16-20", CRIT_CAP - wanted, Some(R_WEAPON_CRIT)));
    }
    Ok(CritRange { crit_min, wasted: CRIT_CAP - wanted.min(CRIT_CAP), terms })
}

// ---------------------------------------------------------------------------------
// Damage
// ---------------------------------------------------------------------------------

/// The 11 damage types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DamageType {
    Blunt,
    Sharp,
    Cold,
    Corrosive,
    Electric,
    Fire,
    Toxic,
    Necrotic,
    Psychic,
    Radiant,
    Sonic,
}

impl DamageType {
    pub const ALL: [DamageType; 11] = [
        DamageType::Blunt,
        DamageType::Sharp,
        DamageType::Cold,
        DamageType::Corrosive,
        DamageType::Electric,
        DamageType::Fire,
        DamageType::Toxic,
        DamageType::Necrotic,
        DamageType::Psychic,
        DamageType::Radiant,
        DamageType::Sonic,
    ];

    pub fn label(self) -> &'static str {
        match self {
            DamageType::Blunt => "Blunt",
            DamageType::Sharp => "Sharp",
            DamageType::Cold => "Cold",
            DamageType::Corrosive => "Corrosive",
            DamageType::Electric => "Electric",
            DamageType::Fire => "Fire",
            DamageType::Toxic => "Toxic",
            DamageType::Necrotic => "Necrotic",
            DamageType::Psychic => "Psychic",
            DamageType::Radiant => "Radiant",
            DamageType::Sonic => "Sonic",
        }
    }

    /// Physical, Elemental or Energy.
    pub fn category(self) -> &'static str {
        match self {
            DamageType::Blunt | DamageType::Sharp => "Physical",
            DamageType::Cold | DamageType::Corrosive | DamageType::Electric | DamageType::Fire | DamageType::Toxic => {
                "Elemental"
            }
            DamageType::Necrotic | DamageType::Psychic | DamageType::Radiant | DamageType::Sonic => "Energy",
        }
    }

    /// A type by name, case-insensitive.
    ///
    /// # Errors
    /// An unknown word, listing the 11 types.
    pub fn parse(s: &str) -> Result<DamageType> {
        let s = s.trim();
        DamageType::ALL.iter().copied().find(|t| t.label().eq_ignore_ascii_case(s)).ok_or_else(|| {
            let all: Vec<String> = DamageType::ALL.iter().map(|t| t.label().to_lowercase()).collect();
            Error::InvalidInput(format!("`{s}` is not a damage type (one of: {})", all.join(", ")))
        })
    }
}

/// Largest damage, DT, Shield HP or HP accepted.
pub const AMOUNT_MAX: i64 = 9999;
/// Largest Resist or Vulnerable rating accepted.
pub const RATING_MAX: i64 = 20;
/// Largest DR accepted.
pub const DR_MAX: i64 = 999;
/// Attack totals and defenses accepted.
pub const ROLL_MIN: i64 = -50;
pub const ROLL_MAX: i64 = 100;

/// Some damage of one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Portion {
    pub amount: i64,
    pub kind: DamageType,
}

/// The defending creature's protections.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Defenses {
    pub immune: Vec<DamageType>,
    /// Vulnerable X by type.
    pub vulnerable: Vec<(DamageType, i64)>,
    /// Resist X by type.
    pub resist: Vec<(DamageType, i64)>,
    pub affinity: Vec<DamageType>,
    pub dr: i64,
    /// What follows the slash of `DR X/…`: damage types, weapon tags or magic sources
    /// that bypass the DR (lower case).
    pub dr_except: Vec<String>,
    pub dt: i64,
    pub shield_hp: i64,
}

/// The attack roll against the defense, when the damage comes from one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HitCheck {
    /// The attack total.
    pub roll: i64,
    /// The defense targeted, before Resist and Vulnerable.
    pub defense: i64,
    /// A crit hits whatever the defenses.
    pub crit: bool,
    /// The attack deals half damage on a miss.
    pub half_on_miss: bool,
}

/// One expenditure of AP's worth of damage.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Attack {
    pub portions: Vec<Portion>,
    /// `None` when no attack roll is involved (the damage simply lands).
    pub hit: Option<HitCheck>,
    /// The weapon's tags and the magic source (lower case), for `DR X/tag`.
    pub tags: Vec<String>,
    /// The damage ignores Resist (and therefore DR too).
    pub ignores_resist: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DamageResult {
    /// Whether the attack connected; `None` without an attack roll.
    pub hit: Option<bool>,
    /// Damage after every protection, before Shield HP.
    pub damage_taken: i64,
    pub shield_absorbed: i64,
    pub shield_left: i64,
    pub hp_lost: i64,
    pub terms: Vec<Term>,
}

fn rating(list: &[(DamageType, i64)], t: DamageType) -> Option<i64> {
    list.iter().filter(|(k, _)| *k == t).map(|(_, x)| *x).max()
}

/// Applies an attack's damage to a defender, step by step: Immune (unless Vulnerable),
/// the hit check with Resist (per resisted type, Vulnerable lowering the defense),
/// Affinity halving, DR (skipped for Vulnerable types, the DR's exceptions, and damage
/// that ignores Resist), DT (which Vulnerable damage ignores), then Shield HP.
/// Halving rounds down. Nothing ever goes below zero.
///
/// # Errors
/// Any amount, rating or roll outside its range (see the constants).
pub fn apply_damage(attack: &Attack, def: &Defenses) -> Result<DamageResult> {
    for p in &attack.portions {
        check("damage", p.amount, (0, AMOUNT_MAX))?;
    }
    for (_, x) in def.vulnerable.iter().chain(&def.resist) {
        check("Resist and Vulnerable ratings", *x, (0, RATING_MAX))?;
    }
    check("DR", def.dr, (0, DR_MAX))?;
    check("DT", def.dt, (0, AMOUNT_MAX))?;
    check("Shield HP", def.shield_hp, (0, AMOUNT_MAX))?;
    if let Some(h) = attack.hit {
        check("attack total", h.roll, (ROLL_MIN, ROLL_MAX))?;
        check("defense", h.defense, (ROLL_MIN, ROLL_MAX))?;
    }

    let vulnerable = |t: DamageType| rating(&def.vulnerable, t).is_some();
    let mut amt: Vec<i64> = attack.portions.iter().map(|p| p.amount).collect();
    let mut terms: Vec<Term> = attack
        .portions
        .iter()
        .map(|p| {
            Term::num(format!("{} damage ({})", p.kind.label(), p.kind.category()), p.amount, Some(T_DAMAGE_TYPES))
        })
        .collect();

    // 1. Immune, unless Vulnerable to the same type.
    for (i, p) in attack.portions.iter().enumerate() {
        if def.immune.contains(&p.kind) {
            if vulnerable(p.kind) {
                terms.push(Term::text(
                    format!("Immune to {} overridden by Vulnerable", p.kind.label()),
                    "no effect",
                    Some(R_VULNERABLE),
                ));
            } else if amt[i] > 0 {
                terms.push(Term::num(format!("Immune to {}", p.kind.label()), -amt[i], Some(R_IMMUNE)));
                amt[i] = 0;
            }
        }
    }

    // 2-3. The hit check: Vulnerable lowers the defense, Resist raises it per type.
    let mut hit = None;
    if let Some(h) = attack.hit {
        let lowered = attack.portions.iter().filter_map(|p| rating(&def.vulnerable, p.kind)).max().unwrap_or(0);
        let base = h.defense - lowered;
        if lowered > 0 {
            terms.push(Term::num("Vulnerable: defense lowered", -lowered, Some(R_VULNERABLE)));
        }
        if h.crit {
            terms.push(Term::text("Crit: hits whatever the defenses", "hit", Some(R_CRIT)));
        }
        let plain_hit = h.crit || h.roll >= base;
        if !plain_hit {
            terms.push(Term::text(format!("Attack {} against defense {base}", h.roll), "miss", Some(R_CRIT)));
        }
        let mut any_landed = false;
        for (i, p) in attack.portions.iter().enumerate() {
            let resist = rating(&def.resist, p.kind);
            let applies = match resist {
                Some(_) if vulnerable(p.kind) => {
                    terms.push(Term::text(
                        format!("Resist {} overridden by Vulnerable", p.kind.label()),
                        "no effect",
                        Some(R_VULNERABLE),
                    ));
                    None
                }
                Some(_) if attack.ignores_resist => {
                    terms.push(Term::text(
                        format!("Damage ignores Resist {}", p.kind.label()),
                        "no effect",
                        Some(R_DR),
                    ));
                    None
                }
                other => other,
            };
            let old = amt[i];
            if plain_hit {
                match applies {
                    Some(x) if !(h.crit || h.roll >= base + x) => {
                        terms.push(Term::num(
                            format!(
                                "{} resisted: {} misses defense {} with Resist {x}",
                                p.kind.label(),
                                h.roll,
                                base + x
                            ),
                            -old,
                            Some(R_RESIST),
                        ));
                        amt[i] = 0;
                    }
                    Some(x) => {
                        any_landed = true;
                        terms.push(Term::text(
                            format!("{}: still hits with Resist {x}", p.kind.label()),
                            "full",
                            Some(R_RESIST),
                        ));
                    }
                    None => any_landed = true,
                }
            } else if h.half_on_miss && applies.is_none() {
                amt[i] = old / 2;
                terms.push(Term::num(format!("Miss: half of the {} damage", p.kind.label()), -(old - amt[i]), None));
            } else {
                amt[i] = 0;
                let label = if h.half_on_miss {
                    format!("Miss: Resist {} cancels the half damage", p.kind.label())
                } else {
                    format!("Miss: no {} damage", p.kind.label())
                };
                terms.push(Term::num(label, -old, if h.half_on_miss { Some(R_RESIST) } else { None }));
            }
        }
        hit = Some(plain_hit && (any_landed || attack.portions.is_empty()));
    } else if attack.portions.iter().any(|p| rating(&def.resist, p.kind).is_some()) {
        terms.push(Term::text(
            "Resist only raises defenses against an attack roll; none given",
            "not checked",
            Some(R_RESIST),
        ));
    }

    // 4. Affinity: half of that type (rounded down).
    for (i, p) in attack.portions.iter().enumerate() {
        if def.affinity.contains(&p.kind) && amt[i] > 0 {
            let old = amt[i];
            amt[i] = old / 2;
            terms.push(Term::num(format!("Affinity with {}: half", p.kind.label()), -(old - amt[i]), Some(C_AFFINITY)));
        }
    }

    // 5. DR, once for the whole hit, except for what bypasses it.
    if def.dr > 0 {
        let mut pool = Vec::new();
        for (i, p) in attack.portions.iter().enumerate() {
            let name = p.kind.label().to_lowercase();
            let bypass = if vulnerable(p.kind) {
                Some(format!("{} bypasses DR (Vulnerable)", p.kind.label()))
            } else if attack.ignores_resist {
                Some(format!("{} ignores Resist, so DR too", p.kind.label()))
            } else {
                def.dr_except
                    .iter()
                    .find(|e| **e == name || attack.tags.contains(e))
                    .map(|tag| format!("{} bypasses DR {}/{tag}", p.kind.label(), def.dr))
            };
            match bypass {
                Some(label) if amt[i] > 0 => terms.push(Term::text(label, "full", Some(R_DR))),
                Some(_) => {}
                None => pool.push(i),
            }
        }
        let mut left = def.dr;
        let mut reduced = 0;
        for i in pool {
            let cut = left.min(amt[i]);
            amt[i] -= cut;
            left -= cut;
            reduced += cut;
        }
        terms.push(Term::num(format!("DR {}", def.dr), -reduced, Some(R_DR)));
    }

    // 6. DT: a hit below the threshold does nothing, except damage the defender is
    // Vulnerable to.
    if def.dt > 0 {
        let total: i64 = amt.iter().sum();
        if total < def.dt {
            let mut removed = 0;
            for (i, p) in attack.portions.iter().enumerate() {
                if !vulnerable(p.kind) {
                    removed += amt[i];
                    amt[i] = 0;
                } else if amt[i] > 0 {
                    terms.push(Term::text(format!("{} ignores DT (Vulnerable)", p.kind.label()), "full", Some(R_DT)));
                }
            }
            terms.push(Term::num(format!("{total} is below DT {}", def.dt), -removed, Some(R_DT)));
        } else {
            terms.push(Term::text(format!("{total} reaches DT {}", def.dt), "passes", Some(R_DT)));
        }
    }

    // 7. Shield HP takes what is left first.
    let damage_taken: i64 = amt.iter().sum::<i64>().max(0);
    let shield_absorbed = damage_taken.min(def.shield_hp);
    if def.shield_hp > 0 {
        terms.push(Term::num(format!("Shield HP {} absorbs", def.shield_hp), -shield_absorbed, Some(R_SHIELD)));
    }
    Ok(DamageResult {
        hit,
        damage_taken,
        shield_absorbed,
        shield_left: def.shield_hp - shield_absorbed,
        hp_lost: damage_taken - shield_absorbed,
        terms,
    })
}

/// What losing HP does to a creature.
#[derive(Debug, Clone, PartialEq)]
pub struct HpAfter {
    /// HP left; HP does not go below 0.
    pub hp_left: i64,
    /// The loss would have taken HP to minus the maximum or lower.
    pub massive: bool,
    pub bloodied: bool,
    /// +2 for damage taken at 0 HP, +4 for massive damage (both can apply).
    pub death_points_gained: i64,
    pub terms: Vec<Term>,
}

/// HP after losing `hp_lost`, with Massive Damage and damage at 0 HP.
///
/// # Errors
/// Max HP outside 1..=9999, HP outside 0..=max HP, loss outside 0..=9999.
pub fn hp_after(hp: i64, max_hp: i64, hp_lost: i64) -> Result<HpAfter> {
    check("maximum HP", max_hp, (1, AMOUNT_MAX))?;
    check("HP", hp, (0, max_hp))?;
    check("HP lost", hp_lost, (0, AMOUNT_MAX))?;
    let would = hp - hp_lost;
    let massive = hp_lost > 0 && would <= -max_hp;
    let hp_left = would.max(0);
    let mut terms = vec![Term::num("HP lost", -hp_lost, None)];
    let mut points = 0;
    if hp == 0 && hp_lost > 0 {
        points += 2;
        terms.push(Term::num("Damaged at 0 HP: Death Points", 2, Some(R_DYING)));
    }
    if massive {
        points += 4;
        terms.push(Term::num(
            format!("Massive damage ({would} HP is at or below -{max_hp}): Death Points"),
            4,
            Some(R_MASSIVE),
        ));
    }
    let (bloodied, _) = bloodied(hp_left, max_hp)?;
    if bloodied {
        terms.push(Term::text("At or below half maximum HP", "Bloodied", Some(C_BLOODIED)));
    }
    Ok(HpAfter { hp_left, massive, bloodied, death_points_gained: points, terms })
}

/// Whether a creature is Bloodied (HP at most half its maximum), and the highest HP at
/// which it is.
///
/// # Errors
/// Max HP outside 1..=9999 or HP outside 0..=max HP.
pub fn bloodied(hp: i64, max_hp: i64) -> Result<(bool, i64)> {
    check("maximum HP", max_hp, (1, AMOUNT_MAX))?;
    check("HP", hp, (0, max_hp))?;
    Ok((2 * hp <= max_hp, max_hp / 2))
}

// ---------------------------------------------------------------------------------
// Dying
// ---------------------------------------------------------------------------------

/// Death Points at which a creature dies.
pub const DEATH_AT: i64 = 8;

/// Something that changes Death Points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeathEvent {
    /// Ending a turn at 0 HP: +1 (none while Catching your Breath).
    EndTurn,
    /// Taking damage at 0 HP: +2.
    Hit,
    /// Massive damage: +4.
    Massive,
    /// Suffering Fatigue: +1 and Fatigued.
    Fatigue,
    /// A turn of Suffocating past the limit: +1.
    Suffocate,
    /// Recoup: -1 (none while Fatigued).
    Recoup,
    /// Rest: all removed (while Fatigued, the Rest ends Fatigued instead).
    Rest,
}

impl DeathEvent {
    pub const ALL: [DeathEvent; 7] = [
        DeathEvent::EndTurn,
        DeathEvent::Hit,
        DeathEvent::Massive,
        DeathEvent::Fatigue,
        DeathEvent::Suffocate,
        DeathEvent::Recoup,
        DeathEvent::Rest,
    ];

    pub fn word(self) -> &'static str {
        match self {
            DeathEvent::EndTurn => "end-turn",
            DeathEvent::Hit => "hit",
            DeathEvent::Massive => "massive",
            DeathEvent::Fatigue => "fatigue",
            DeathEvent::Suffocate => "suffocate",
            DeathEvent::Recoup => "recoup",
            DeathEvent::Rest => "rest",
        }
    }

    /// # Errors
    /// An unknown word, listing the known ones.
    pub fn parse(s: &str) -> Result<DeathEvent> {
        let s = s.trim();
        DeathEvent::ALL.iter().copied().find(|e| e.word().eq_ignore_ascii_case(s)).ok_or_else(|| {
            let all: Vec<&str> = DeathEvent::ALL.iter().map(|e| e.word()).collect();
            Error::InvalidInput(format!("`{s}` is not a Death Point event (one of: {})", all.join(", ")))
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct DeathTrack {
    pub points: i64,
    pub dead: bool,
    pub fatigued: bool,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Runs Death Point events in order from `start` points. Death at 8 is final: later
/// events are ignored (with a warning).
///
/// # Errors
/// `start` outside 0..=8.
pub fn death_points(start: i64, events: &[DeathEvent], catching_breath: bool, fatigued: bool) -> Result<DeathTrack> {
    check("Death Points", start, (0, DEATH_AT))?;
    let mut points = start;
    let mut fatigued = fatigued;
    let mut terms = vec![Term::num("Death Points at the start", start, Some(R_DYING))];
    let mut warnings = Vec::new();
    for (n, &event) in events.iter().enumerate() {
        if points >= DEATH_AT {
            warnings
                .push(format!("dead at {points} Death Points: the last {} event(s) change nothing", events.len() - n));
            break;
        }
        match event {
            DeathEvent::EndTurn if catching_breath => {
                terms.push(Term::num("End of turn at 0 HP, Catching your Breath", 0, Some(R_DYING)));
            }
            DeathEvent::EndTurn => {
                points += 1;
                terms.push(Term::num("End of turn at 0 HP", 1, Some(R_DYING)));
            }
            DeathEvent::Hit => {
                points += 2;
                terms.push(Term::num("Damage taken at 0 HP", 2, Some(R_DYING)));
            }
            DeathEvent::Massive => {
                points += 4;
                terms.push(Term::num("Massive damage", 4, Some(R_MASSIVE)));
            }
            DeathEvent::Fatigue => {
                points += 1;
                fatigued = true;
                terms.push(Term::num("Fatigue (now Fatigued)", 1, Some(C_FATIGUED)));
            }
            DeathEvent::Suffocate => {
                points += 1;
                terms.push(Term::num("Suffocating, turn past the limit", 1, Some(C_SUFFOCATING)));
            }
            DeathEvent::Recoup if fatigued => {
                terms.push(Term::num("Recoup while Fatigued removes none", 0, Some(C_FATIGUED)));
            }
            DeathEvent::Recoup => {
                let cut = points.min(1);
                points -= cut;
                terms.push(Term::num("Recoup", -cut, Some(R_DYING)));
            }
            DeathEvent::Rest if fatigued => {
                fatigued = false;
                terms.push(Term::num("Rest while Fatigued: ends Fatigued (if fed), removes none", 0, Some(C_FATIGUED)));
            }
            DeathEvent::Rest => {
                terms.push(Term::num("Rest removes all", -points, Some(R_DYING)));
                points = 0;
            }
        }
    }
    let dead = points >= DEATH_AT;
    if dead {
        terms.push(Term::text(format!("{DEATH_AT} or more Death Points"), "dead", Some(R_DYING)));
    }
    Ok(DeathTrack { points, dead, fatigued, terms, warnings })
}

// ---------------------------------------------------------------------------------
// Tactical advantage
// ---------------------------------------------------------------------------------

/// Sources of TA or TD, and hostile creatures within 5 ft, accepted.
pub const SOURCES_MAX: i64 = 20;

/// What kind of attack the d20 is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackKind {
    Weapon,
    Spell,
    Maneuver,
    Other,
}

impl AttackKind {
    pub const WORDS: &'static [&'static str] = &["weapon", "spell", "maneuver", "other"];

    pub fn parse(s: &str) -> Result<AttackKind> {
        match s.trim().to_ascii_lowercase().as_str() {
            "weapon" => Ok(AttackKind::Weapon),
            "spell" => Ok(AttackKind::Spell),
            "maneuver" => Ok(AttackKind::Maneuver),
            "other" => Ok(AttackKind::Other),
            _ => Err(Error::InvalidInput(format!("attack must be one of {}, not `{s}`", AttackKind::WORDS.join(", ")))),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tactical {
    /// What to add to the d20.
    pub modifier: i64,
    pub ta_counted: i64,
    pub td_counted: i64,
    pub terms: Vec<Term>,
}

/// The d20 modifier from TA and TD sources: +1 per TA on weapon attacks only, -1 per TD
/// on any attack, and one more TD per hostile creature within 5 ft of a ranged attacker.
///
/// # Errors
/// Any count outside 0..=20.
pub fn tactical(ta: i64, td: i64, kind: AttackKind, ranged_foes_adjacent: i64) -> Result<Tactical> {
    check("TA sources", ta, (0, SOURCES_MAX))?;
    check("TD sources", td, (0, SOURCES_MAX))?;
    check("hostile creatures within 5 ft", ranged_foes_adjacent, (0, SOURCES_MAX))?;
    let mut terms = Vec::new();
    let ta_counted = if kind == AttackKind::Weapon { ta } else { 0 };
    if ta > 0 {
        if kind == AttackKind::Weapon {
            terms.push(Term::num("TA sources", ta, Some(R_TA)));
        } else {
            terms.push(Term::num(format!("TA sources ({ta}) help weapon attacks only"), 0, Some(R_TA)));
        }
    }
    if td > 0 {
        terms.push(Term::num("TD sources", -td, Some(R_TA)));
    }
    if ranged_foes_adjacent > 0 {
        terms.push(Term::num("Ranged with foes within 5 ft: TD each", -ranged_foes_adjacent, Some(R_RANGED_IN_MELEE)));
    }
    let td_counted = td + ranged_foes_adjacent;
    Ok(Tactical { modifier: ta_counted - td_counted, ta_counted, td_counted, terms })
}

// ---------------------------------------------------------------------------------
// Grapples
// ---------------------------------------------------------------------------------

/// Size categories of difference accepted.
pub const SIZE_DIFF_MAX: i64 = 10;

#[derive(Debug, Clone, PartialEq)]
pub struct GrappleSpeeds {
    pub grappled_ft: i64,
    pub grappler_ft: i64,
    pub terms: Vec<Term>,
}

/// Speeds during a grapple. `size_difference` is the Grappled creature's size category
/// minus the grappler's (positive: the Grappled creature is bigger). Halving rounds
/// down to a whole foot.
///
/// # Errors
/// Difference outside -10..=10, speeds outside 0..=300.
pub fn grapple(size_difference: i64, grappled_speed: i64, grappler_speed: i64) -> Result<GrappleSpeeds> {
    check("size difference", size_difference, (-SIZE_DIFF_MAX, SIZE_DIFF_MAX))?;
    check("Grappled creature's speed", grappled_speed, (0, SPEED_MAX))?;
    check("grappler's speed", grappler_speed, (0, SPEED_MAX))?;
    let (case, grappled, grappler) = match size_difference {
        d if d <= -2 => ("Grappled is 2+ sizes smaller", 0, grappler_speed),
        -1 | 0 => ("Grappled is the same size or 1 smaller", 0, grappler_speed / 2),
        1 | 2 => ("Grappled is 1-2 sizes larger", grappled_speed / 2, 0),
        _ => ("Grappled is 3+ sizes larger", grappled_speed, 0),
    };
    let terms = vec![
        Term::text("Size comparison", case, Some(C_GRAPPLED)),
        Term::num("Grappled creature's speed (ft)", grappled, Some(C_GRAPPLED)),
        Term::num("Grappler's speed (ft)", grappler, Some(C_GRAPPLED)),
    ];
    Ok(GrappleSpeeds { grappled_ft: grappled, grappler_ft: grappler, terms })
}

// ---------------------------------------------------------------------------------
// Compound conditions
// ---------------------------------------------------------------------------------

/// A condition included in another.
#[derive(Debug, Clone, PartialEq)]
pub struct Included {
    pub id: String,
    pub name: String,
    /// The name of the condition that brings it in.
    pub via: String,
}

/// Every condition a condition includes, directly or through the ones it includes
/// (read from the shipped entries' `implies`), each once, nearest first.
///
/// # Errors
/// An unknown id, or an entry that is not a MythCraft condition.
pub fn implied_conditions(tome: &dyn Rulebook, id: &str) -> Result<(Vec<Included>, Vec<Term>)> {
    let root = tome.show(id)?;
    if root.kind != Kind::Condition || root.system != SYSTEM {
        return Err(Error::InvalidInput(format!("`{id}` is not a MythCraft condition")));
    }
    let mut seen = vec![root.id.clone()];
    let mut queue = std::collections::VecDeque::from([root]);
    let mut out = Vec::new();
    let mut terms = Vec::new();
    while let Some(entry) = queue.pop_front() {
        let implies = match &entry.detail {
            Some(Detail::Condition(c)) => c.implies.clone(),
            _ => Vec::new(),
        };
        for child in implies {
            if seen.contains(&child) {
                continue;
            }
            seen.push(child.clone());
            let e = tome.show(&child)?;
            terms.push(Term::text(format!("{} (through {})", e.name, entry.name), "included", Some(e.id.as_str())));
            out.push(Included { id: e.id.clone(), name: e.name.clone(), via: entry.name.clone() });
            queue.push_back(e);
        }
    }
    Ok((out, terms))
}

// ---------------------------------------------------------------------------------
// Parsing of the text parameters
// ---------------------------------------------------------------------------------

fn items(raw: &str) -> impl Iterator<Item = &str> {
    raw.split([',', '+', ';']).map(str::trim).filter(|s| !s.is_empty())
}

/// "8 sharp + 4 fire" (or "fire 4").
fn parse_portions(raw: &str) -> Result<Vec<Portion>> {
    let mut out = Vec::new();
    for item in items(raw) {
        let words: Vec<&str> = item.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [a, b] => match (a.parse::<i64>(), b.parse::<i64>()) {
                (Ok(n), Err(_)) => Some((n, *b)),
                (Err(_), Ok(n)) => Some((n, *a)),
                _ => None,
            },
            _ => None,
        };
        let Some((amount, kind)) = parsed else {
            return Err(Error::InvalidInput(format!(
                "--damage: `{item}` should look like `8 fire` (amount and damage type)"
            )));
        };
        if !(0..=AMOUNT_MAX).contains(&amount) {
            return Err(Error::InvalidInput(format!(
                "--damage: each amount must be from 0 to {AMOUNT_MAX}, not {amount}"
            )));
        }
        out.push(Portion {
            amount,
            kind: DamageType::parse(kind).map_err(|e| Error::InvalidInput(format!("--damage: {e}")))?,
        });
    }
    if out.is_empty() {
        return Err(Error::InvalidInput("--damage is required: amounts and types such as `8 sharp + 4 fire`".into()));
    }
    Ok(out)
}

/// "fire, cold".
fn parse_types(param: &str, raw: Option<&str>) -> Result<Vec<DamageType>> {
    items(raw.unwrap_or_default())
        .map(|s| DamageType::parse(s).map_err(|e| Error::InvalidInput(format!("--{param}: {e}"))))
        .collect()
}

/// "fire 3, cold 2" (also "fire:3"); without a number the rating is `default`.
fn parse_rated(param: &str, raw: Option<&str>, default: Option<i64>) -> Result<Vec<(DamageType, i64)>> {
    let mut out = Vec::new();
    for item in items(raw.unwrap_or_default()) {
        let spaced = item.replace([':', '='], " ");
        let words: Vec<&str> = spaced.split_whitespace().collect();
        let (kind, x) = match (words.as_slice(), default) {
            ([k], Some(d)) => (*k, d),
            ([k, n], _) => (
                *k,
                n.trim_start_matches('+')
                    .parse::<i64>()
                    .map_err(|_| Error::InvalidInput(format!("--{param}: `{item}` should look like `fire 3`")))?,
            ),
            _ => return Err(Error::InvalidInput(format!("--{param}: `{item}` should look like `fire 3`"))),
        };
        if !(0..=RATING_MAX).contains(&x) {
            return Err(Error::InvalidInput(format!("--{param}: each rating must be from 0 to {RATING_MAX}, not {x}")));
        }
        out.push((DamageType::parse(kind).map_err(|e| Error::InvalidInput(format!("--{param}: {e}")))?, x));
    }
    Ok(out)
}

fn parse_words(raw: Option<&str>) -> Vec<String> {
    items(raw.unwrap_or_default()).map(|s| s.to_lowercase()).collect()
}

// ---------------------------------------------------------------------------------
// Calculators
// ---------------------------------------------------------------------------------

const fn int(name: &'static str, help: &'static str, min: i64, max: i64, default: Option<&'static str>) -> Param {
    Param { name, help, kind: ParamKind::Int { min, max }, required: default.is_none(), default }
}

const fn opt_int(name: &'static str, help: &'static str, min: i64, max: i64) -> Param {
    Param { name, help, kind: ParamKind::Int { min, max }, required: false, default: None }
}

const fn flag(name: &'static str, help: &'static str) -> Param {
    Param { name, help, kind: ParamKind::Flag, required: false, default: None }
}

const fn text(name: &'static str, help: &'static str, required: bool) -> Param {
    Param { name, help, kind: ParamKind::Text, required, default: None }
}

const AP_PARAMS: &[Param] = &[
    int("cor", "Coordination (COR) score", COR_MIN, COR_MAX, None),
    int("level", "character level", LEVEL_MIN, LEVEL_MAX, Some("1")),
    int("reactive", "Reactive AP left unspent since your last turn", 0, REACTIVE_MAX, Some("0")),
];

const JUMP_PARAMS: &[Param] = &[
    int("str", "Strength (STR) score", STR_MIN, STR_MAX, None),
    opt_int("movement-left", "feet of movement you still have (a jump cannot go further)", 0, DISTANCE_MAX),
];

const CRIT_PARAMS: &[Param] = &[
    int("expansions", "how many times abilities widen your crit range", 0, EXPANSIONS_MAX, None),
    int("vulnerable", "the target's Vulnerable rating against the attack's damage type", 0, EXPANSIONS_MAX, Some("0")),
];

const MOVE_PARAMS: &[Param] = &[
    int("speed", "walking Speed in ft", 0, SPEED_MAX, Some("20")),
    int("swim-speed", "Swim speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("fly-speed", "Fly speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("climb-speed", "Climb speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("burrow-speed", "Burrow speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("walk", "feet walked or run", 0, DISTANCE_MAX, Some("0")),
    int("swim", "feet swum", 0, DISTANCE_MAX, Some("0")),
    int("fly", "feet flown", 0, DISTANCE_MAX, Some("0")),
    int("climb", "feet climbed", 0, DISTANCE_MAX, Some("0")),
    int("burrow", "feet burrowed", 0, DISTANCE_MAX, Some("0")),
];

const DAMAGE_PARAMS: &[Param] = &[
    text("damage", "damage by type, e.g. `8 sharp + 4 fire` (amounts 0 to 9999)", true),
    text("immune", "damage types the target is Immune to, e.g. `fire, cold`", false),
    text("vulnerable", "Vulnerable ratings, e.g. `fire 2` (ratings 0 to 20)", false),
    text("resist", "Resist ratings, e.g. `cold 3` (ratings 0 to 20)", false),
    text("affinity", "damage types the target has Affinity with", false),
    int("dr", "Damage Reduction", 0, DR_MAX, Some("0")),
    text("dr-except", "what follows the slash of DR X/…: a damage type, weapon tag or magic source", false),
    text("tags", "the attack's weapon tags and magic source, e.g. `silvered`", false),
    flag("ignores-resist", "the damage ignores Resist (and so DR too)"),
    int("dt", "Damage Threshold", 0, AMOUNT_MAX, Some("0")),
    int("shield-hp", "Shield HP", 0, AMOUNT_MAX, Some("0")),
    opt_int("attack", "attack total, for the hit check (with --defense)", ROLL_MIN, ROLL_MAX),
    opt_int("defense", "the defense attacked, before Resist and Vulnerable", ROLL_MIN, ROLL_MAX),
    flag("crit", "the attack is a crit (hits whatever the defenses)"),
    flag("half-on-miss", "the attack deals half damage on a miss"),
    opt_int("hp", "current HP (with --max-hp)", 0, AMOUNT_MAX),
    opt_int("max-hp", "maximum HP (with --hp)", 1, AMOUNT_MAX),
];

const BLOODIED_PARAMS: &[Param] =
    &[int("hp", "current HP", 0, AMOUNT_MAX, None), int("max-hp", "maximum HP", 1, AMOUNT_MAX, None)];

const DEATH_PARAMS: &[Param] = &[
    int("points", "Death Points before the events", 0, DEATH_AT, Some("0")),
    text("events", "in order, comma-separated: end-turn, hit, massive, fatigue, suffocate, recoup, rest", false),
    flag("catching-breath", "Catching your Breath: ending a turn at 0 HP adds nothing"),
    flag("fatigued", "already Fatigued"),
];

const TACTICAL_PARAMS: &[Param] = &[
    int("ta", "sources of Tactical Advantage", 0, SOURCES_MAX, Some("0")),
    int("td", "sources of Tactical Disadvantage", 0, SOURCES_MAX, Some("0")),
    Param {
        name: "attack",
        help: "kind of attack (TA only helps weapon attacks)",
        kind: ParamKind::Choice { options: AttackKind::WORDS },
        required: false,
        default: Some("weapon"),
    },
    flag("ranged", "a ranged or thrown attack"),
    int("foes-adjacent", "hostile creatures within 5 ft (counts for ranged attacks)", 0, SOURCES_MAX, Some("0")),
];

const GRAPPLE_PARAMS: &[Param] = &[
    int(
        "size-difference",
        "Grappled creature's size category minus the grappler's (negative: smaller)",
        -SIZE_DIFF_MAX,
        SIZE_DIFF_MAX,
        None,
    ),
    int("grappled-speed", "the Grappled creature's speed in ft", 0, SPEED_MAX, Some("20")),
    int("grappler-speed", "the grappler's speed in ft", 0, SPEED_MAX, Some("20")),
];

const CONDITION_PARAMS: &[Param] = &[Param {
    name: "condition",
    help: "a condition's name or id, e.g. Pinned",
    kind: ParamKind::Entry { kind: Kind::Condition },
    required: true,
    default: None,
}];

pub fn calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "ap",
            summary: "AP at the start of a turn: 3 + COR bonus + Reactive AP kept (capped by level)",
            params: AP_PARAMS,
            rule: Some(R_AP),
            run: run_ap,
        },
        Calculator {
            system: SYSTEM,
            name: "jump",
            summary: "Vertical and horizontal jump distances from STR",
            params: JUMP_PARAMS,
            rule: Some(R_JUMP),
            run: run_jump,
        },
        Calculator {
            system: SYSTEM,
            name: "crit-range",
            summary: "The lowest natural d20 that crits, after expansions (never below 16)",
            params: CRIT_PARAMS,
            rule: Some(R_WEAPON_CRIT),
            run: run_crit,
        },
        Calculator {
            system: SYSTEM,
            name: "movement",
            summary: "Whether a mix of walking, swimming, flying, climbing and burrowing fits in 1 AP",
            params: MOVE_PARAMS,
            rule: Some(R_MOVE),
            run: run_movement,
        },
        Calculator {
            system: SYSTEM,
            name: "damage",
            summary: "Damage taken after Immune, Vulnerable, Resist, Affinity, DR, DT and Shield HP",
            params: DAMAGE_PARAMS,
            rule: Some("mythcraft/rule/damage"),
            run: run_damage,
        },
        Calculator {
            system: SYSTEM,
            name: "bloodied",
            summary: "Whether a creature is Bloodied (HP at most half its maximum)",
            params: BLOODIED_PARAMS,
            rule: Some(C_BLOODIED),
            run: run_bloodied,
        },
        Calculator {
            system: SYSTEM,
            name: "death-points",
            summary: "Death Points after a sequence of events; death at 8",
            params: DEATH_PARAMS,
            rule: Some(R_DYING),
            run: run_death,
        },
        Calculator {
            system: SYSTEM,
            name: "tactical",
            summary: "Net d20 modifier from Tactical Advantage and Disadvantage sources",
            params: TACTICAL_PARAMS,
            rule: Some(R_TA),
            run: run_tactical,
        },
        Calculator {
            system: SYSTEM,
            name: "grapple",
            summary: "Both creatures' speeds in a grapple, by size difference",
            params: GRAPPLE_PARAMS,
            rule: Some(C_GRAPPLED),
            run: run_grapple,
        },
        Calculator {
            system: SYSTEM,
            name: "implied-conditions",
            summary: "Every condition a compound condition brings with it",
            params: CONDITION_PARAMS,
            rule: None,
            run: run_conditions,
        },
    ]
}

fn run_ap(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let a = action_points(i.int("cor")?, i.int("level")?, i.int("reactive")?)?;
    let mut out = Outcome::default()
        .field("cor_bonus", a.cor_bonus)
        .field("ap", a.ap)
        .field("reactive_cap", a.reactive_cap)
        .field("carried", a.carried)
        .field("total", a.total)
        .terms(a.terms);
    if a.lost > 0 {
        out = out.warn(format!("{} Reactive AP above the cap of {} is lost", a.lost, a.reactive_cap));
    }
    Ok(out)
}

fn run_jump(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let j = jump(i.int("str")?)?;
    let mut out =
        Outcome::default().field("vertical_ft", j.vertical_ft).field("horizontal_ft", j.horizontal_ft).terms(j.terms);
    if let Some(left) = i.opt_int("movement-left")? {
        out =
            out.field("vertical_now_ft", j.vertical_ft.min(left)).field("horizontal_now_ft", j.horizontal_ft.min(left));
        if j.horizontal_ft > left {
            out = out.warn(format!("only {left} ft of movement left: a jump cannot go further than that"));
        }
    }
    Ok(out)
}

fn run_crit(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = crit_range(i.int("expansions")?, i.int("vulnerable")?)?;
    let range = if c.crit_min == CRIT_NATURAL { "20".to_string() } else { format!("{}-20", c.crit_min) };
    let mut out = Outcome::default()
        .field("crit_min", c.crit_min)
        .field("crit_range", range)
        .field("crit_chance_pct", (CRIT_NATURAL + 1 - c.crit_min) * 5)
        .terms(c.terms);
    if c.wasted > 0 {
        out = out.warn(format!("{} of the increases go past the 16-20 cap and do nothing", c.wasted));
    }
    Ok(out)
}

fn run_movement(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let speeds = PerMode {
        walk: i.int("speed")?,
        swim: i.int("swim-speed")?,
        fly: i.int("fly-speed")?,
        climb: i.int("climb-speed")?,
        burrow: i.int("burrow-speed")?,
    };
    let moved = PerMode {
        walk: i.int("walk")?,
        swim: i.int("swim")?,
        fly: i.int("fly")?,
        climb: i.int("climb")?,
        burrow: i.int("burrow")?,
    };
    let m = movement(speeds, moved)?;
    let mut out = Outcome::default()
        .field("fits", m.fits)
        .field("budget_ft", m.budget_ft)
        .field("used_ft", m.used_ft)
        .field("left_ft", (m.budget_ft - m.used_ft).max(0))
        .terms(m.terms);
    for p in m.problems {
        out = out.warn(p);
    }
    Ok(out)
}

fn run_damage(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let hit = match (i.opt_int("attack")?, i.opt_int("defense")?) {
        (Some(roll), Some(defense)) => {
            Some(HitCheck { roll, defense, crit: i.flag("crit"), half_on_miss: i.flag("half-on-miss") })
        }
        (None, None) if !i.flag("crit") && !i.flag("half-on-miss") => None,
        _ => return Err(Error::InvalidInput("the hit check needs both --attack and --defense".into())),
    };
    let attack = Attack {
        portions: parse_portions(i.text("damage").unwrap_or_default())?,
        hit,
        tags: parse_words(i.text("tags")),
        ignores_resist: i.flag("ignores-resist"),
    };
    let def = Defenses {
        immune: parse_types("immune", i.text("immune"))?,
        vulnerable: parse_rated("vulnerable", i.text("vulnerable"), Some(0))?,
        resist: parse_rated("resist", i.text("resist"), None)?,
        affinity: parse_types("affinity", i.text("affinity"))?,
        dr: i.int("dr")?,
        dr_except: parse_words(i.text("dr-except")),
        dt: i.int("dt")?,
        shield_hp: i.int("shield-hp")?,
    };
    let d = apply_damage(&attack, &def)?;
    let mut out = Outcome::default()
        .field("hit", d.hit)
        .field("damage_taken", d.damage_taken)
        .field("shield_absorbed", d.shield_absorbed)
        .field("shield_left", d.shield_left)
        .field("hp_lost", d.hp_lost)
        .terms(d.terms);
    match (i.opt_int("hp")?, i.opt_int("max-hp")?) {
        (Some(hp), Some(max_hp)) => {
            if hp > max_hp {
                return Err(Error::InvalidInput(format!("--hp must be from 0 to --max-hp ({max_hp}), not {hp}")));
            }
            let h = hp_after(hp, max_hp, d.hp_lost)?;
            out = out
                .field("hp_left", h.hp_left)
                .field("bloodied", h.bloodied)
                .field("massive_damage", h.massive)
                .field("death_points_gained", h.death_points_gained)
                .terms(h.terms);
        }
        (None, None) => {}
        _ => return Err(Error::InvalidInput("--hp and --max-hp go together".into())),
    }
    Ok(out)
}

fn run_bloodied(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (hp, max_hp) = (i.int("hp")?, i.int("max-hp")?);
    if hp > max_hp {
        return Err(Error::InvalidInput(format!("--hp must be from 0 to --max-hp ({max_hp}), not {hp}")));
    }
    let (b, at) = bloodied(hp, max_hp)?;
    Ok(Outcome::default().field("bloodied", b).field("bloodied_at_or_below", at).terms([
        Term::num("Half of maximum HP, rounded down", at, Some(C_BLOODIED)),
        Term::num("Current HP", hp, None),
    ]))
}

fn run_death(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let events: Vec<DeathEvent> =
        items(i.text("events").unwrap_or_default()).map(DeathEvent::parse).collect::<Result<_>>()?;
    let t = death_points(i.int("points")?, &events, i.flag("catching-breath"), i.flag("fatigued"))?;
    let mut out = Outcome::default()
        .field("death_points", t.points)
        .field("dead", t.dead)
        .field("fatigued", t.fatigued)
        .field("until_death", (DEATH_AT - t.points).max(0))
        .terms(t.terms);
    for w in t.warnings {
        out = out.warn(w);
    }
    Ok(out)
}

fn run_tactical(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let kind = AttackKind::parse(i.choice("attack")?.unwrap_or("weapon"))?;
    let ranged = i.flag("ranged");
    let foes = i.int("foes-adjacent")?;
    let t = tactical(i.int("ta")?, i.int("td")?, kind, if ranged { foes } else { 0 })?;
    let mut out = Outcome::default()
        .field("modifier", t.modifier)
        .field("ta_counted", t.ta_counted)
        .field("td_counted", t.td_counted)
        .terms(t.terms);
    if foes > 0 && !ranged {
        out = out.warn("hostile creatures within 5 ft only add TD to ranged or thrown attacks (add --ranged)");
    }
    Ok(out)
}

fn run_grapple(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let g = grapple(i.int("size-difference")?, i.int("grappled-speed")?, i.int("grappler-speed")?)?;
    Ok(Outcome::default()
        .field("grappled_speed_ft", g.grappled_ft)
        .field("grappler_speed_ft", g.grappler_ft)
        .terms(g.terms))
}

fn run_conditions(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let entry = i.entry("condition", SYSTEM, tome)?;
    let (included, terms) = implied_conditions(tome, &entry.id)?;
    let names: Vec<&str> = included.iter().map(|c| c.name.as_str()).collect();
    Ok(Outcome::default()
        .field("condition", entry.name.clone())
        .field("includes", names.join(", "))
        .field("count", included.len() as i64)
        .terms(terms))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::Tome;

    fn tome() -> Tome {
        Tome::open_in_memory().expect("in-memory tome")
    }

    fn doc() -> String {
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/rules/004_ab77d6485b392712.txt"))
            .or_else(|_| std::fs::read_to_string("/work/shared/rules/004_ab77d6485b392712.txt"))
            .unwrap_or_default()
    }

    fn run(name: &str, args: &[(&str, &str)]) -> Result<Outcome> {
        let values: BTreeMap<String, String> = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        crate::systems::calculate(&tome(), SYSTEM, name, values)
    }

    fn field(o: &Outcome, key: &str) -> serde_json::Value {
        o.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no field {key}"))
    }

    /// A calculator, its arguments, and what its error must mention.
    type BadCase<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);

    fn err(r: Result<Outcome>) -> String {
        r.expect_err("should be rejected").to_string()
    }

    // ---- COR table ----

    /// Every COR from -3 to 12 against the table: -3 gives -2, -2..-1 give -1, 0..1
    /// give 0, then +1 per two points up to +6 at 12.
    #[test]
    fn cor_table_row_by_row() {
        let expected = [
            (-3, -2),
            (-2, -1),
            (-1, -1),
            (0, 0),
            (1, 0),
            (2, 1),
            (3, 1),
            (4, 2),
            (5, 2),
            (6, 3),
            (7, 3),
            (8, 4),
            (9, 4),
            (10, 5),
            (11, 5),
            (12, 6),
        ];
        for (cor, bonus) in expected {
            assert_eq!(cor_bonus(cor).unwrap(), bonus, "COR {cor}");
            let a = action_points(cor, 1, 0).unwrap();
            assert_eq!(a.ap, 3 + bonus, "AP at COR {cor}");
        }
    }

    /// The constants agree with the shipped table, cell by cell.
    #[test]
    fn cor_table_matches_shipped_table() {
        let t = tome().table(T_COR, None).unwrap();
        assert_eq!(t.rows.len(), COR_BONUS_AP.len());
        for (row, &(lo, hi, bonus)) in t.rows.iter().zip(COR_BONUS_AP.iter()) {
            let key = row.key.expect("lookup rows have keys");
            assert_eq!((key.from, key.to), (Some(lo), Some(hi)));
            let printed = if lo == hi { lo.to_string() } else { format!("{lo} to {hi}") };
            assert_eq!(row.cells[0], printed);
            let b = if bonus > 0 { format!("+{bonus}") } else { bonus.to_string() };
            assert_eq!(row.cells[1], b);
        }
    }

    /// The constants agree with the document's printed table too.
    #[test]
    fn cor_table_matches_document() {
        let d = doc();
        if d.is_empty() {
            return;
        }
        for &(lo, hi, bonus) in &COR_BONUS_AP {
            let key = if lo == hi { lo.to_string() } else { format!("{lo} to {hi}") };
            let b = if bonus > 0 { format!("+{bonus}") } else { bonus.to_string() };
            let line = format!("\n{key} {b}\n");
            assert!(d.contains(&line), "document lacks row `{}`", line.trim());
        }
    }

    #[test]
    fn cor_out_of_range_names_the_range() {
        for cor in [13, -4] {
            let e = cor_bonus(cor).unwrap_err().to_string();
            assert!(e.contains("-3 to 12"), "{e}");
            let e = err(run("ap", &[("cor", &cor.to_string())]));
            assert!(e.contains("-3 to 12"), "{e}");
        }
    }

    /// Property: more COR never means fewer AP, and each step adds at most 1.
    #[test]
    fn cor_bonus_is_monotonic() {
        for cor in COR_MIN..COR_MAX {
            let (a, b) = (cor_bonus(cor).unwrap(), cor_bonus(cor + 1).unwrap());
            assert!(b >= a && b - a <= 1, "COR {cor} -> {}", cor + 1);
        }
    }

    // ---- Reactive AP ----

    /// The document's examples: levels 1 and 2 keep 2 Reactive AP, levels 3 and 4 keep 3.
    #[test]
    fn reactive_cap_examples() {
        assert_eq!(reactive_cap(1).unwrap(), 2);
        assert_eq!(reactive_cap(2).unwrap(), 2);
        assert_eq!(reactive_cap(3).unwrap(), 3);
        assert_eq!(reactive_cap(4).unwrap(), 3);
        assert_eq!(reactive_cap(20).unwrap(), 11);
        for level in LEVEL_MIN..LEVEL_MAX {
            let (a, b) = (reactive_cap(level).unwrap(), reactive_cap(level + 1).unwrap());
            assert!(b == a || b == a + 1, "level {level}");
        }
        assert!(reactive_cap(0).unwrap_err().to_string().contains("1 to 20"));
        assert!(reactive_cap(21).unwrap_err().to_string().contains("1 to 20"));
    }

    /// COR 4, level 3, 5 Reactive AP left: 3 + 2 = 5 AP, keep 3 of the 5, total 8.
    #[test]
    fn ap_with_carried_reactive() {
        let o = run("ap", &[("cor", "4"), ("level", "3"), ("reactive", "5")]).unwrap();
        assert_eq!(field(&o, "cor_bonus"), 2);
        assert_eq!(field(&o, "ap"), 5);
        assert_eq!(field(&o, "reactive_cap"), 3);
        assert_eq!(field(&o, "carried"), 3);
        assert_eq!(field(&o, "total"), 8);
        assert_eq!(o.warnings.len(), 1, "2 AP lost is worth a warning");
        let o = run("ap", &[("cor", "0")]).unwrap();
        assert_eq!(field(&o, "total"), 3, "defaults: level 1, no Reactive AP");
        assert!(err(run("ap", &[("cor", "0"), ("level", "21")])).contains("1 to 20"));
    }

    // ---- Movement ----

    /// The document's example: Speed 20, Swim 20, Fly 30. Running 10, swimming 10 and
    /// flying 10 in one AP fits; swimming 30 does not.
    #[test]
    fn movement_worked_example() {
        let speeds = PerMode { walk: 20, swim: 20, fly: 30, climb: 0, burrow: 0 };
        let ok = movement(speeds, PerMode { walk: 10, swim: 10, fly: 10, ..Default::default() }).unwrap();
        assert!(ok.fits, "{:?}", ok.problems);
        assert_eq!(ok.budget_ft, 30);
        assert_eq!(ok.used_ft, 30);
        let bad = movement(speeds, PerMode { swim: 30, ..Default::default() }).unwrap();
        assert!(!bad.fits);
        assert!(bad.problems[0].contains("Swim"), "{:?}", bad.problems);
        // Through the calculator.
        let o = run(
            "movement",
            &[("swim-speed", "20"), ("fly-speed", "30"), ("walk", "10"), ("swim", "10"), ("fly", "10")],
        )
        .unwrap();
        assert_eq!(field(&o, "fits"), true);
        let o = run("movement", &[("swim-speed", "20"), ("fly-speed", "30"), ("swim", "30")]).unwrap();
        assert_eq!(field(&o, "fits"), false);
    }

    /// The allowance is the largest speed, not the sum; improvised swimming costs double.
    #[test]
    fn movement_budget_and_improvised_modes() {
        let speeds = PerMode { walk: 20, swim: 20, fly: 30, ..Default::default() };
        let over = movement(speeds, PerMode { walk: 20, fly: 20, ..Default::default() }).unwrap();
        assert!(!over.fits, "40 ft is more than the 30 ft allowance");
        let plain = PerMode { walk: 20, ..Default::default() };
        let swim = movement(plain, PerMode { swim: 10, ..Default::default() }).unwrap();
        assert!(swim.fits);
        assert_eq!(swim.used_ft, 20, "10 ft swum without a Swim speed uses 20 ft");
        let swim = movement(plain, PerMode { walk: 5, swim: 10, ..Default::default() }).unwrap();
        assert!(!swim.fits);
        let fly = movement(plain, PerMode { fly: 5, ..Default::default() }).unwrap();
        assert!(!fly.fits, "no flying without a Fly speed");
        assert!(movement(PerMode { walk: 301, ..Default::default() }, PerMode::default())
            .unwrap_err()
            .to_string()
            .contains("0 to 300"));
    }

    // ---- Jump ----

    /// Vertical 3 ft + STR ft, horizontal double: STR 2 jumps 5 ft up and 10 ft across;
    /// STR 0 jumps 3 and 6; STR -3 cannot jump.
    #[test]
    fn jump_rule_numbers() {
        for (s, v, h) in [(2, 5, 10), (0, 3, 6), (-3, 0, 0), (12, 15, 30)] {
            let j = jump(s).unwrap();
            assert_eq!((j.vertical_ft, j.horizontal_ft), (v, h), "STR {s}");
        }
        for s in STR_MIN..=STR_MAX {
            let j = jump(s).unwrap();
            assert_eq!(j.vertical_ft, 3 + s);
            assert_eq!(j.horizontal_ft, 2 * j.vertical_ft);
        }
        let o = run("jump", &[("str", "4")]).unwrap();
        assert_eq!(field(&o, "vertical_ft"), 7);
        assert_eq!(field(&o, "horizontal_ft"), 14);
        let o = run("jump", &[("str", "4"), ("movement-left", "10")]).unwrap();
        assert_eq!(field(&o, "horizontal_now_ft"), 10);
        assert_eq!(o.warnings.len(), 1);
        assert!(err(run("jump", &[("str", "13")])).contains("-3 to 12"));
    }

    /// The jump rule's numbers are the document's: 3 ft base, double for horizontal.
    #[test]
    fn jump_numbers_in_document() {
        let d = doc();
        if d.is_empty() {
            return;
        }
        assert!(d.contains("3ft + a number"), "vertical jump base is 3 ft");
        assert!(d.contains("horizontal jump distance is double"));
    }

    // ---- Crit range ----

    /// Normally a natural 20; one increase gives 19-20 (the document's example); never
    /// wider than 16-20.
    #[test]
    fn crit_range_examples() {
        assert_eq!(crit_range(0, 0).unwrap().crit_min, 20);
        assert_eq!(crit_range(1, 0).unwrap().crit_min, 19);
        assert_eq!(crit_range(4, 0).unwrap().crit_min, 16);
        assert_eq!(crit_range(5, 0).unwrap().crit_min, 16);
        assert_eq!(crit_range(1, 2).unwrap().crit_min, 17, "Vulnerable 2 widens it by 2 more");
        let o = run("crit-range", &[("expansions", "1")]).unwrap();
        assert_eq!(field(&o, "crit_min"), 19);
        assert_eq!(field(&o, "crit_range"), "19-20");
        assert_eq!(field(&o, "crit_chance_pct"), 10);
        assert!(err(run("crit-range", &[("expansions", "21")])).contains("0 to 20"));
    }

    /// Property: for every number of expansions 0..=20 the range starts between 16 and
    /// 20 and never narrows as expansions grow.
    #[test]
    fn crit_range_never_past_cap() {
        let mut last = CRIT_NATURAL;
        for n in 0..=EXPANSIONS_MAX {
            for v in 0..=EXPANSIONS_MAX {
                let c = crit_range(n, v).unwrap();
                assert!((CRIT_CAP..=CRIT_NATURAL).contains(&c.crit_min), "{n} expansions, Vulnerable {v}");
            }
            let c = crit_range(n, 0).unwrap().crit_min;
            assert!(c <= last);
            last = c;
        }
    }

    // ---- Damage ----

    fn fire(amount: i64) -> Vec<Portion> {
        vec![Portion { amount, kind: DamageType::Fire }]
    }

    fn hit(roll: i64, defense: i64) -> Option<HitCheck> {
        Some(HitCheck { roll, defense, crit: false, half_on_miss: false })
    }

    #[test]
    fn damage_types_match_shipped_table() {
        let t = tome().table(T_DAMAGE_TYPES, None).unwrap();
        let mut count = 0;
        for row in &t.rows {
            let category = row.cells[0].trim_end_matches(" Damage");
            for name in row.cells[1].split(", ") {
                let ty = DamageType::parse(name).unwrap();
                assert_eq!(ty.category(), category, "{name}");
                count += 1;
            }
        }
        assert_eq!(count, 11);
    }

    #[test]
    fn immune_takes_nothing_unless_vulnerable() {
        let def = Defenses { immune: vec![DamageType::Fire], ..Default::default() };
        let d = apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap();
        assert_eq!(d.damage_taken, 0);
        let def =
            Defenses { immune: vec![DamageType::Fire], vulnerable: vec![(DamageType::Fire, 2)], ..Default::default() };
        let d = apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap();
        assert_eq!(d.damage_taken, 12, "Vulnerable overrides Immune");
    }

    #[test]
    fn vulnerable_lowers_defense_and_beats_resist_dr_dt() {
        // Attack 13 against defense 15 with Vulnerable 2: 13 >= 13 hits.
        let def = Defenses {
            vulnerable: vec![(DamageType::Fire, 2)],
            resist: vec![(DamageType::Fire, 5)],
            dr: 5,
            dt: 50,
            ..Default::default()
        };
        let d = apply_damage(&Attack { portions: fire(10), hit: hit(13, 15), ..Default::default() }, &def).unwrap();
        assert_eq!(d.hit, Some(true));
        assert_eq!(d.damage_taken, 10, "no Resist, DR or DT against a Vulnerable type");
    }

    /// A single resisted type: the Resist bonus joins the defense.
    #[test]
    fn resist_single_type() {
        let def = Defenses { resist: vec![(DamageType::Fire, 3)], ..Default::default() };
        let atk = |roll| Attack { portions: fire(10), hit: hit(roll, 14), ..Default::default() };
        assert_eq!(apply_damage(&atk(16), &def).unwrap().damage_taken, 0, "16 misses 14 + 3");
        assert_eq!(apply_damage(&atk(16), &def).unwrap().hit, Some(false));
        assert_eq!(apply_damage(&atk(17), &def).unwrap().damage_taken, 10, "17 reaches 14 + 3");
        let crit = Attack { hit: Some(HitCheck { roll: 2, defense: 14, crit: true, half_on_miss: false }), ..atk(2) };
        assert_eq!(apply_damage(&crit, &def).unwrap().damage_taken, 10, "a crit hits regardless");
    }

    /// Mixed types: hits without Resist but not with it, so only the unresisted part lands;
    /// a half-damage miss deals nothing of the resisted type.
    #[test]
    fn resist_mixed_types_and_half_on_miss() {
        let def = Defenses { resist: vec![(DamageType::Fire, 3)], ..Default::default() };
        let portions =
            vec![Portion { amount: 8, kind: DamageType::Sharp }, Portion { amount: 4, kind: DamageType::Fire }];
        let a = Attack { portions: portions.clone(), hit: hit(15, 14), ..Default::default() };
        let d = apply_damage(&a, &def).unwrap();
        assert_eq!((d.hit, d.damage_taken), (Some(true), 8));
        let a = Attack { portions: portions.clone(), hit: hit(17, 14), ..Default::default() };
        assert_eq!(apply_damage(&a, &def).unwrap().damage_taken, 12, "still hits with the bonus: all of it");
        let miss = Attack {
            portions: fire(10),
            hit: Some(HitCheck { roll: 5, defense: 14, crit: false, half_on_miss: true }),
            ..Default::default()
        };
        assert_eq!(apply_damage(&miss, &Defenses::default()).unwrap().damage_taken, 5, "half on a miss");
        assert_eq!(apply_damage(&miss, &def).unwrap().damage_taken, 0, "Resist cancels the half");
        let ignoring =
            Attack { ignores_resist: true, ..Attack { portions: fire(10), hit: hit(15, 14), ..Default::default() } };
        assert_eq!(apply_damage(&ignoring, &def).unwrap().damage_taken, 10);
    }

    /// DR 5/Fire takes fire in full and 5 off everything else; DR 15/Silvered likewise
    /// for silvered weapons; damage that ignores Resist ignores DR.
    #[test]
    fn damage_reduction_and_exceptions() {
        let def = Defenses { dr: 5, dr_except: vec!["fire".into()], ..Default::default() };
        let sharp = vec![Portion { amount: 12, kind: DamageType::Sharp }];
        assert_eq!(apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap().damage_taken, 12);
        assert_eq!(
            apply_damage(&Attack { portions: sharp.clone(), ..Default::default() }, &def).unwrap().damage_taken,
            7
        );
        let def = Defenses { dr: 15, dr_except: vec!["silvered".into()], ..Default::default() };
        let plain = Attack { portions: sharp.clone(), ..Default::default() };
        assert_eq!(apply_damage(&plain, &def).unwrap().damage_taken, 0);
        let silvered = Attack { tags: vec!["silvered".into()], ..plain.clone() };
        assert_eq!(apply_damage(&silvered, &def).unwrap().damage_taken, 12);
        let ignoring = Attack { ignores_resist: true, ..plain };
        assert_eq!(apply_damage(&ignoring, &def).unwrap().damage_taken, 12);
    }

    #[test]
    fn damage_threshold() {
        let def = Defenses { dt: 10, ..Default::default() };
        assert_eq!(apply_damage(&Attack { portions: fire(9), ..Default::default() }, &def).unwrap().damage_taken, 0);
        assert_eq!(apply_damage(&Attack { portions: fire(10), ..Default::default() }, &def).unwrap().damage_taken, 10);
        let vuln = Defenses { dt: 10, vulnerable: vec![(DamageType::Fire, 1)], ..Default::default() };
        assert_eq!(apply_damage(&Attack { portions: fire(3), ..Default::default() }, &vuln).unwrap().damage_taken, 3);
    }

    #[test]
    fn shield_hp_first() {
        let def = Defenses { shield_hp: 5, ..Default::default() };
        let d = apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap();
        assert_eq!((d.damage_taken, d.shield_absorbed, d.shield_left, d.hp_lost), (12, 5, 0, 7));
        let d = apply_damage(&Attack { portions: fire(3), ..Default::default() }, &def).unwrap();
        assert_eq!((d.shield_absorbed, d.shield_left, d.hp_lost), (3, 2, 0));
    }

    #[test]
    fn affinity_halves() {
        let def = Defenses { affinity: vec![DamageType::Fire], ..Default::default() };
        assert_eq!(apply_damage(&Attack { portions: fire(11), ..Default::default() }, &def).unwrap().damage_taken, 5);
    }

    /// Property: whatever the protections, damage taken and HP lost are never negative
    /// and never more than the damage dealt.
    #[test]
    fn damage_never_negative() {
        for amount in [0, 1, 2, 5, 9, 10, 17] {
            for dr in [0, 1, 4, 20] {
                for dt in [0, 3, 10] {
                    for shield in [0, 4, 30] {
                        for roll in [0, 10, 14, 20] {
                            for flags in 0..16u8 {
                                let def = Defenses {
                                    resist: if flags & 1 != 0 { vec![(DamageType::Fire, 3)] } else { vec![] },
                                    affinity: if flags & 2 != 0 { vec![DamageType::Fire] } else { vec![] },
                                    immune: if flags & 4 != 0 { vec![DamageType::Sharp] } else { vec![] },
                                    dr,
                                    dt,
                                    shield_hp: shield,
                                    ..Default::default()
                                };
                                let attack = Attack {
                                    portions: vec![
                                        Portion { amount, kind: DamageType::Fire },
                                        Portion { amount: amount / 2, kind: DamageType::Sharp },
                                    ],
                                    hit: Some(HitCheck {
                                        roll,
                                        defense: 12,
                                        crit: false,
                                        half_on_miss: flags & 8 != 0,
                                    }),
                                    ..Default::default()
                                };
                                let d = apply_damage(&attack, &def).unwrap();
                                assert!(d.damage_taken >= 0 && d.hp_lost >= 0 && d.shield_left >= 0);
                                assert!(d.damage_taken <= amount + amount / 2);
                                assert_eq!(d.shield_absorbed + d.hp_lost, d.damage_taken);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn damage_calculator_end_to_end() {
        let o = run(
            "damage",
            &[
                ("damage", "8 sharp + 4 fire"),
                ("resist", "fire 3"),
                ("attack", "15"),
                ("defense", "14"),
                ("dr", "2"),
                ("shield-hp", "3"),
                ("hp", "10"),
                ("max-hp", "20"),
            ],
        )
        .unwrap();
        // 8 sharp lands, fire is resisted; DR 2 leaves 6; Shield takes 3; 3 HP lost.
        assert_eq!(field(&o, "damage_taken"), 6);
        assert_eq!(field(&o, "hp_lost"), 3);
        assert_eq!(field(&o, "hp_left"), 7);
        assert_eq!(field(&o, "bloodied"), true);
        assert!(err(run("damage", &[("damage", "8 wood")])).contains("not a damage type"));
        assert!(err(run("damage", &[("damage", "8 fire"), ("resist", "fire 30")])).contains("0 to 20"));
        assert!(err(run("damage", &[("damage", "8 fire"), ("attack", "12")])).contains("--defense"));
        assert!(err(run("damage", &[("damage", "8 fire"), ("dr", "-1")])).contains("0 to 999"));
    }

    /// Massive damage: a hit taking HP to minus the maximum or lower gives 4 Death
    /// Points; damage at 0 HP gives 2.
    #[test]
    fn massive_and_zero_hp_damage() {
        let h = hp_after(5, 20, 25).unwrap();
        assert!(h.massive);
        assert_eq!((h.hp_left, h.death_points_gained), (0, 4));
        assert!(!hp_after(5, 20, 24).unwrap().massive, "-19 is not -20");
        assert_eq!(hp_after(0, 20, 3).unwrap().death_points_gained, 2);
        assert_eq!(hp_after(0, 20, 0).unwrap().death_points_gained, 0);
    }

    // ---- Bloodied ----

    #[test]
    fn bloodied_at_half() {
        assert_eq!(bloodied(10, 20).unwrap(), (true, 10));
        assert_eq!(bloodied(11, 20).unwrap(), (false, 10));
        assert_eq!(bloodied(10, 21).unwrap(), (true, 10));
        assert_eq!(bloodied(11, 21).unwrap(), (false, 10));
        let o = run("bloodied", &[("hp", "3"), ("max-hp", "7")]).unwrap();
        assert_eq!(field(&o, "bloodied"), true);
        assert!(err(run("bloodied", &[("hp", "8"), ("max-hp", "7")])).contains("0 to --max-hp"));
    }

    // ---- Death Points ----

    /// Death at 8: four hits at 0 HP (2 each) kill; seven turn ends do not.
    #[test]
    fn death_at_eight() {
        let t = death_points(0, &[DeathEvent::Hit; 4], false, false).unwrap();
        assert_eq!((t.points, t.dead), (8, true));
        let t = death_points(0, &[DeathEvent::EndTurn; 7], false, false).unwrap();
        assert_eq!((t.points, t.dead), (7, false));
        let t = death_points(7, &[DeathEvent::EndTurn, DeathEvent::Rest], false, false).unwrap();
        assert!(t.dead, "a Rest after death does not undo it");
        assert_eq!(t.warnings.len(), 1);
        let t = death_points(4, &[DeathEvent::Massive], false, false).unwrap();
        assert!(t.dead, "4 + massive 4 = 8");
    }

    #[test]
    fn death_point_removal_and_breath() {
        let t = death_points(5, &[DeathEvent::Recoup], false, false).unwrap();
        assert_eq!(t.points, 4);
        let t = death_points(5, &[DeathEvent::Rest], false, false).unwrap();
        assert_eq!(t.points, 0);
        let t = death_points(0, &[DeathEvent::Recoup], false, false).unwrap();
        assert_eq!(t.points, 0, "never below zero");
        let t = death_points(2, &[DeathEvent::EndTurn, DeathEvent::EndTurn], true, false).unwrap();
        assert_eq!(t.points, 2, "Catching your Breath: no points for ending turns");
        let t = death_points(
            2,
            &[DeathEvent::Fatigue, DeathEvent::Recoup, DeathEvent::Rest, DeathEvent::Rest],
            false,
            false,
        )
        .unwrap();
        assert_eq!((t.points, t.fatigued), (0, false), "first Rest ends Fatigued, second clears points");
        let o = run("death-points", &[("points", "6"), ("events", "end-turn, end-turn")]).unwrap();
        assert_eq!(field(&o, "dead"), true);
        assert!(err(run("death-points", &[("events", "sneeze")])).contains("end-turn"));
        assert!(err(run("death-points", &[("points", "9")])).contains("0 to 8"));
    }

    // ---- Tactical advantage ----

    #[test]
    fn tactical_net() {
        assert_eq!(tactical(3, 1, AttackKind::Weapon, 0).unwrap().modifier, 2);
        assert_eq!(tactical(3, 1, AttackKind::Spell, 0).unwrap().modifier, -1, "TA only helps weapon attacks");
        assert_eq!(tactical(1, 0, AttackKind::Weapon, 2).unwrap().modifier, -1, "two foes adjacent to a ranged attack");
        let o = run("tactical", &[("ta", "2"), ("td", "3")]).unwrap();
        assert_eq!(field(&o, "modifier"), -1);
        let o = run("tactical", &[("ta", "2"), ("foes-adjacent", "2")]).unwrap();
        assert_eq!(field(&o, "modifier"), 2, "adjacent foes only matter for ranged attacks");
        assert_eq!(o.warnings.len(), 1);
        assert!(err(run("tactical", &[("ta", "21")])).contains("0 to 20"));
        assert!(err(run("tactical", &[("attack", "psionic")])).contains("weapon"));
    }

    // ---- Grapple ----

    /// The four size bands of the Grappled and Grappling condition.
    #[test]
    fn grapple_speed_bands() {
        let s = |d| {
            let g = grapple(d, 30, 20).unwrap();
            (g.grappled_ft, g.grappler_ft)
        };
        assert_eq!(s(0), (0, 10), "same size: Grappled 0, grappler halved");
        assert_eq!(s(-1), (0, 10));
        assert_eq!(s(-2), (0, 20), "2+ smaller: grappler unaffected");
        assert_eq!(s(-5), (0, 20));
        assert_eq!(s(1), (15, 0), "1-2 larger: Grappled halved, grappler 0");
        assert_eq!(s(2), (15, 0));
        assert_eq!(s(3), (30, 0), "3+ larger: Grappled unaffected");
        let o = run("grapple", &[("size-difference", "1"), ("grappled-speed", "25")]).unwrap();
        assert_eq!(field(&o, "grappled_speed_ft"), 12);
        assert_eq!(field(&o, "grappler_speed_ft"), 0);
        assert!(err(run("grapple", &[("size-difference", "11")])).contains("-10 to 10"));
    }

    /// The shipped entry's speed table agrees with the bands.
    #[test]
    fn grapple_matches_shipped_entry() {
        let body = tome().show(C_GRAPPLED).unwrap().body;
        for row in [
            "| same size or 1 category smaller | 0 ft | halved |",
            "| 2 or more categories smaller | 0 ft | unaffected |",
            "| 1 or 2 categories larger | halved | 0 ft |",
            "| 3 or more categories larger | unaffected | 0 ft |",
        ] {
            assert!(body.contains(row), "entry lacks {row}");
        }
    }

    // ---- Compound conditions ----

    #[test]
    fn compound_conditions() {
        let t = tome();
        let names = |id: &str| -> Vec<String> {
            let (inc, _) = implied_conditions(&t, &format!("mythcraft/condition/{id}")).unwrap();
            inc.into_iter().map(|c| c.name).collect()
        };
        assert_eq!(names("broken"), ["Frightened", "Shaken"]);
        assert_eq!(names("pinned"), ["Prone", "Grappled and Grappling"]);
        assert_eq!(names("paralyzed"), ["Helpless"]);
        assert_eq!(names("unconscious"), ["Helpless"]);
        assert_eq!(names("enthralled"), ["Charmed"]);
        assert_eq!(names("restrained"), ["Grappled and Grappling"]);
        assert!(names("prone").is_empty());
        let o = run("implied-conditions", &[("condition", "Pinned")]).unwrap();
        assert_eq!(field(&o, "includes"), "Prone, Grappled and Grappling");
        assert!(implied_conditions(&t, R_JUMP).is_err(), "a rule is not a condition");
        assert!(run("implied-conditions", &[("condition", "Flummoxed")]).is_err());
    }

    // ---- Registry ----

    /// Every calculator runs with good inputs, every term links to a real entry, and bad
    /// inputs are rejected naming the range.
    #[test]
    fn every_calculator_runs_and_links() {
        let t = tome();
        let good: &[(&str, &[(&str, &str)])] = &[
            ("ap", &[("cor", "12"), ("level", "20"), ("reactive", "40")]),
            ("jump", &[("str", "-3"), ("movement-left", "0")]),
            ("crit-range", &[("expansions", "20"), ("vulnerable", "20")]),
            ("movement", &[("walk", "10"), ("swim", "5"), ("climb", "5"), ("fly", "5"), ("burrow", "5")]),
            (
                "damage",
                &[
                    ("damage", "8 sharp, 4 fire, 3 cold"),
                    ("immune", "cold"),
                    ("vulnerable", "cold 1"),
                    ("resist", "fire:2"),
                    ("affinity", "sharp"),
                    ("dr", "1"),
                    ("dr-except", "fire"),
                    ("dt", "2"),
                    ("shield-hp", "1"),
                    ("attack", "12"),
                    ("defense", "12"),
                    ("half-on-miss", "true"),
                    ("hp", "0"),
                    ("max-hp", "5"),
                ],
            ),
            ("bloodied", &[("hp", "0"), ("max-hp", "1")]),
            (
                "death-points",
                &[("events", "end-turn,hit,fatigue,suffocate,recoup,rest,massive"), ("catching-breath", "true")],
            ),
            ("tactical", &[("ta", "1"), ("td", "1"), ("ranged", "true"), ("foes-adjacent", "1"), ("attack", "spell")]),
            ("grapple", &[("size-difference", "-10")]),
            ("implied-conditions", &[("condition", "mythcraft/condition/broken")]),
        ];
        let bad: &[BadCase] = &[
            ("ap", &[("cor", "-4")], "-3 to 12"),
            ("jump", &[("str", "99")], "-3 to 12"),
            ("crit-range", &[("expansions", "-1")], "0 to 20"),
            ("movement", &[("fly", "601")], "0 to 600"),
            ("damage", &[("damage", "10000 fire")], "0 to 9999"),
            ("bloodied", &[("hp", "1"), ("max-hp", "0")], "1 to 9999"),
            ("death-points", &[("points", "-1")], "0 to 8"),
            ("tactical", &[("td", "30")], "0 to 20"),
            ("grapple", &[("size-difference", "1"), ("grappler-speed", "400")], "0 to 300"),
        ];
        let calcs = calculators();
        assert_eq!(calcs.len(), good.len());
        for c in &calcs {
            let (_, args) =
                good.iter().find(|(n, _)| *n == c.name).unwrap_or_else(|| panic!("no good case for {}", c.name));
            let values = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            let o = crate::systems::calculate(&t, SYSTEM, c.name, values).unwrap_or_else(|e| panic!("{}: {e}", c.name));
            assert!(!o.fields.is_empty() && !o.terms.is_empty(), "{}", c.name);
            for term in &o.terms {
                if let Some(id) = &term.rule {
                    assert!(t.show(id).is_ok() || t.table(id, None).is_ok(), "{}: term links to missing {id}", c.name);
                }
            }
            if let Some(rule) = c.rule {
                assert!(t.show(rule).is_ok(), "{}: missing rule {rule}", c.name);
            }
        }
        for (name, args, range) in bad {
            let values = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            let e = crate::systems::calculate(&t, SYSTEM, name, values).expect_err(name).to_string();
            assert!(e.contains(range), "{name}: `{e}` should mention {range}");
        }
    }

    #[test]
    fn contract_names() {
        let ap = run("ap", &[("cor", "3")]).unwrap();
        let keys: Vec<&str> = ap.fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["cor_bonus", "ap", "reactive_cap", "carried", "total"]);
        let j = run("jump", &[("str", "1")]).unwrap();
        let keys: Vec<&str> = j.fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["vertical_ft", "horizontal_ft"]);
        let c = run("crit-range", &[("expansions", "0")]).unwrap();
        assert_eq!(c.fields[0].0, "crit_min");
    }
}
