//! Damage.

use super::*;

/// The 11 damage types.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr, strum::EnumString, strum::VariantNames,
)]
#[strum(ascii_case_insensitive)]
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
    /// Every type, in the document's order.
    pub fn all() -> impl Iterator<Item = DamageType> {
        <DamageType as strum::IntoEnumIterator>::iter()
    }

    pub fn label(self) -> &'static str {
        self.into()
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
        s.parse().map_err(|_| {
            let all: Vec<String> = Self::all().map(|t| t.label().to_lowercase()).collect();
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
    /// A critical fail (a natural 1) misses whatever the total.
    pub fumble: bool,
    /// The attack deals half damage on a miss.
    pub half_on_miss: bool,
    /// The d20 as it landed, when told: it crits inside the crit range, which the
    /// target's Vulnerable rating widens.
    pub natural: Option<i64>,
    /// The attacker's own crit range increases (0 to 20).
    pub expansions: i64,
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
    /// The damage types the defender was Immune to, that the attack dealt.
    pub immune: Vec<DamageType>,
    pub terms: Vec<Term>,
}

/// The readings [`apply_damage`] makes where the document is silent, as the damage
/// calculator's help states them.
pub const DAMAGE_INTERPRETATIONS: &str = "Interpretation: Affinity halves first, then DR, then DT; DR comes off once per hit, not per damage type; halves round down.";

pub(super) fn rating(list: &[(DamageType, i64)], t: DamageType) -> Option<i64> {
    list.iter().filter(|(k, _)| *k == t).map(|(_, x)| *x).max()
}

/// Applies an attack's damage to a defender, step by step: Immune (unless Vulnerable),
/// the hit check with Resist (per resisted type, Vulnerable lowering the defense; a
/// critical fail always misses, a crit always hits), Affinity halving, DR (skipped for
/// Vulnerable types, the DR's exceptions, and damage that ignores Resist), DT (which
/// Vulnerable damage ignores), then Shield HP. Nothing ever goes below zero.
///
/// The document gives no order for these steps nor says how to round; these are
/// readings of it ([`DAMAGE_INTERPRETATIONS`]):
/// - Interpretation: Affinity halves first, then DR comes off, then the rest is held
///   against DT, so DT sees the damage that would really land.
/// - Interpretation: DR comes off once per hit (one expenditure of AP, as DT counts
///   it), from the whole hit, not once per damage type.
/// - Interpretation: half damage (Affinity, a half-damage miss) rounds down.
///
/// # Errors
/// Any amount, rating or roll outside its range (see the constants).
pub fn apply_damage(attack: &Attack, def: &Defenses) -> Result<DamageResult> {
    check_damage_inputs(attack, def)?;
    let mut amt: Vec<i64> = attack.portions.iter().map(|p| p.amount).collect();
    let mut terms: Vec<Term> = attack
        .portions
        .iter()
        .map(|p| {
            Term::num(format!("{} damage ({})", p.kind.label(), p.kind.category()), p.amount, Some(T_DAMAGE_TYPES))
        })
        .collect();

    let immune = immune_step(attack, def, &mut amt, &mut terms);
    let hit = match attack.hit {
        Some(h) => Some(hit_step(attack, def, h, &mut amt, &mut terms)?),
        None => {
            if attack.portions.iter().any(|p| rating(&def.resist, p.kind).is_some()) {
                terms.push(Term::text(
                    "Resist only raises defenses against an attack roll; none given",
                    "not checked",
                    Some(R_RESIST),
                ));
            }
            None
        }
    };
    affinity_step(attack, def, &mut amt, &mut terms);
    dr_step(attack, def, &mut amt, &mut terms);
    dt_step(attack, def, &mut amt, &mut terms);

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
        immune,
        terms,
    })
}

fn check_damage_inputs(attack: &Attack, def: &Defenses) -> Result<()> {
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
        if h.crit && h.fumble {
            return Err(Error::InvalidInput("an attack cannot be both a crit and a critical fail".into()));
        }
        if let Some(n) = h.natural {
            check("natural d20", n, (1, 20))?;
        }
    }
    Ok(())
}

fn is_vulnerable(def: &Defenses, t: DamageType) -> bool {
    rating(&def.vulnerable, t).is_some()
}

/// Step 1, Immune: unless Vulnerable to the same type.
fn immune_step(attack: &Attack, def: &Defenses, amt: &mut [i64], terms: &mut Vec<Term>) -> Vec<DamageType> {
    let mut immune = Vec::new();
    for (i, p) in attack.portions.iter().enumerate() {
        if def.immune.contains(&p.kind) {
            if is_vulnerable(def, p.kind) {
                terms.push(Term::text(
                    format!("Immune to {} overridden by Vulnerable", p.kind.label()),
                    "no effect",
                    Some(R_VULNERABLE),
                ));
            } else if amt[i] > 0 {
                terms.push(Term::num(format!("Immune to {}", p.kind.label()), -amt[i], Some(R_IMMUNE)));
                amt[i] = 0;
                if !immune.contains(&p.kind) {
                    immune.push(p.kind);
                }
            }
        }
    }
    immune
}

/// Steps 2 and 3, the hit check: Vulnerable lowers the defense, Resist raises it per
/// type. Whether the attack connected.
fn hit_step(attack: &Attack, def: &Defenses, h: HitCheck, amt: &mut [i64], terms: &mut Vec<Term>) -> Result<bool> {
    let lowered = attack.portions.iter().filter_map(|p| rating(&def.vulnerable, p.kind)).max().unwrap_or(0);
    let base = h.defense - lowered;
    if lowered > 0 {
        // The defense is held against, not taken from the damage: said, not added.
        terms.push(Term::note("Vulnerable: defense lowered by", lowered, Some(R_VULNERABLE)));
    }
    let h = crit_from_natural(h, lowered, terms)?;
    if h.fumble {
        terms.push(Term::text("Critical fail: misses whatever the total", "miss", Some(R_CRIT)));
    } else if h.crit {
        terms.push(Term::text("Crit: hits whatever the defenses", "hit", Some(R_CRIT)));
    }
    let plain_hit = !h.fumble && (h.crit || h.roll >= base);
    if !plain_hit && !h.fumble {
        terms.push(Term::text(format!("Attack {} against defense {base}", h.roll), "miss", Some(R_CRIT)));
    } else if !h.fumble && h.roll >= base {
        // A hit says both totals too, as a miss does.
        terms.push(Term::text(format!("Attack {} against defense {base}", h.roll), "hit", Some(R_CRIT)));
    }
    let mut any_landed = false;
    for (i, p) in attack.portions.iter().enumerate() {
        let applies = resist_that_applies(attack, def, *p, terms);
        if plain_hit {
            any_landed |= resisted_on_hit(h, base, applies, *p, &mut amt[i], terms);
        } else {
            miss_damage(h, applies, *p, &mut amt[i], terms);
        }
    }
    Ok(plain_hit && (any_landed || attack.portions.is_empty()))
}

/// A natural inside the crit range is a crit: Vulnerable widens the attacker's range.
fn crit_from_natural(mut h: HitCheck, lowered: i64, terms: &mut Vec<Term>) -> Result<HitCheck> {
    if let Some(n) = h.natural.filter(|_| !h.crit && !h.fumble) {
        let range = crit_range(h.expansions, lowered)?;
        if n >= range.crit_min {
            // How the crit range was reached, said beside the damage.
            terms.extend(range.terms.into_iter().map(Term::as_note));
            terms.push(Term::text(
                format!("Natural {n} is in the crit range {}-20", range.crit_min),
                "crit",
                Some(R_CRIT),
            ));
            h.crit = true;
        }
    }
    Ok(h)
}

/// The portion's Resist rating, unless Vulnerable or the damage overrides it.
fn resist_that_applies(attack: &Attack, def: &Defenses, p: Portion, terms: &mut Vec<Term>) -> Option<i64> {
    match rating(&def.resist, p.kind) {
        Some(_) if is_vulnerable(def, p.kind) => {
            terms.push(Term::text(
                format!("Resist {} overridden by Vulnerable", p.kind.label()),
                "no effect",
                Some(R_VULNERABLE),
            ));
            None
        }
        Some(_) if attack.ignores_resist => {
            terms.push(Term::text(format!("Damage ignores Resist {}", p.kind.label()), "no effect", Some(R_DR)));
            None
        }
        other => other,
    }
}

/// On a hit, a resisted portion must still reach the raised defense. Whether it landed.
fn resisted_on_hit(
    h: HitCheck,
    base: i64,
    applies: Option<i64>,
    p: Portion,
    amt: &mut i64,
    terms: &mut Vec<Term>,
) -> bool {
    match applies {
        Some(x) if !(h.crit || h.roll >= base + x) => {
            terms.push(Term::num(
                format!("{} resisted: {} misses defense {} with Resist {x}", p.kind.label(), h.roll, base + x),
                -*amt,
                Some(R_RESIST),
            ));
            *amt = 0;
            false
        }
        Some(x) => {
            terms.push(Term::text(format!("{}: still hits with Resist {x}", p.kind.label()), "full", Some(R_RESIST)));
            true
        }
        None => true,
    }
}

/// On a miss, half damage where the attack says so and no Resist cancels it, else none.
fn miss_damage(h: HitCheck, applies: Option<i64>, p: Portion, amt: &mut i64, terms: &mut Vec<Term>) {
    let old = *amt;
    if h.half_on_miss && applies.is_none() {
        *amt = old / 2;
        terms.push(Term::num(format!("Miss: half of the {} damage", p.kind.label()), -(old - *amt), None));
    } else {
        *amt = 0;
        let label = if h.half_on_miss {
            format!("Miss: Resist {} cancels the half damage", p.kind.label())
        } else {
            format!("Miss: no {} damage", p.kind.label())
        };
        terms.push(Term::num(label, -old, if h.half_on_miss { Some(R_RESIST) } else { None }));
    }
}

/// Step 4, Affinity: half of that type (rounded down), before DR and DT (interpretation).
fn affinity_step(attack: &Attack, def: &Defenses, amt: &mut [i64], terms: &mut Vec<Term>) {
    for (i, p) in attack.portions.iter().enumerate() {
        if def.affinity.contains(&p.kind) && amt[i] > 0 {
            let old = amt[i];
            amt[i] = old / 2;
            terms.push(Term::num(format!("Affinity with {}: half", p.kind.label()), -(old - amt[i]), Some(C_AFFINITY)));
        }
    }
}

/// Step 5, DR: once for the whole hit (interpretation), except for what bypasses it.
fn dr_step(attack: &Attack, def: &Defenses, amt: &mut [i64], terms: &mut Vec<Term>) {
    if def.dr <= 0 {
        return;
    }
    let mut pool = Vec::new();
    for (i, p) in attack.portions.iter().enumerate() {
        let name = p.kind.label().to_lowercase();
        let bypass = if is_vulnerable(def, p.kind) {
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

/// Step 6, DT: a hit below the threshold does nothing, except damage the defender is
/// Vulnerable to.
fn dt_step(attack: &Attack, def: &Defenses, amt: &mut [i64], terms: &mut Vec<Term>) {
    if def.dt <= 0 {
        return;
    }
    let total: i64 = amt.iter().sum();
    if total < def.dt {
        let mut removed = 0;
        for (i, p) in attack.portions.iter().enumerate() {
            if !is_vulnerable(def, p.kind) {
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

/// What Affinity adds to the damage of its type that the monster deals.
pub const AFFINITY_BONUS: i64 = 3;

/// The damage an attacker deals of a type it has Affinity with: +3 (none on a portion of
/// 0, which dealt nothing).
pub fn affinity_damage(amount: i64, kind: DamageType) -> Result<(i64, Term)> {
    check("damage", amount, (0, AMOUNT_MAX))?;
    let added = if amount > 0 { AFFINITY_BONUS } else { 0 };
    Ok((amount + added, Term::num(format!("Attacker's Affinity with {}", kind.label()), added, Some(C_AFFINITY))))
}

/// Shield HP after a new source offers `offered`: sources never add up, the larger is
/// kept.
///
/// # Errors
/// Either amount outside 0..=9999.
pub fn shield_gain(current: i64, offered: i64) -> Result<(i64, Term)> {
    check("Shield HP", current, (0, AMOUNT_MAX))?;
    check("Shield HP offered", offered, (0, AMOUNT_MAX))?;
    let kept = current.max(offered);
    let label = if offered > current {
        format!("New Shield HP {offered} replace {current}")
    } else {
        format!("New Shield HP {offered} are not more than the {current} held")
    };
    Ok((kept, Term::num(label, kept, Some(R_SHIELD))))
}
