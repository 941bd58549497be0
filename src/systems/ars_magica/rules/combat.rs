//! Weapons, shields and armour.

use super::*;

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

    /// What the weapon's Attack Total says when the weapon is used as itself only from
    /// horseback (lines 816-818): a note, so the fight can ask whether its bearer rides.
    pub fn horseback_term(&self) -> Option<Term> {
        self.horseback.then(|| {
            Term::text(
                HORSEBACK_ONLY,
                format!(
                    "{} as itself from the saddle only; dismounted, wield it two-handed as a Long Spear",
                    self.name
                ),
                Some(self.id.as_str()),
            )
        })
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
pub(super) fn gear_modifier(
    stat: Stat,
    weapon: &WeaponStats,
    shield: Option<&WeaponStats>,
    terms: &mut Vec<Term>,
) -> Result<i64> {
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

/// The label of the note a horseback weapon puts on its Attack Total.
pub const HORSEBACK_ONLY: &str = "Horseback only";

/// A shield must be one of the shields, and a shield as the weapon takes no second one; a
/// weapon that takes both hands leaves none free for it, which is a warning rather than
/// an error.
pub fn check_shield(weapon: &WeaponStats, shield: Option<&WeaponStats>) -> Result<Vec<String>> {
    let Some(s) = shield else { return Ok(Vec::new()) };
    if !s.is_shield() {
        return Err(Error::InvalidInput(format!(
            "{} is not a shield: the shields are Shield, Buckler; Shield, Round; and Shield, Heater",
            s.name
        )));
    }
    if weapon.is_shield() {
        return Err(Error::InvalidInput(format!(
            "{} as the weapon and {} as the shield are two shields: a character fights with one; \
             leave --shield out to strike with {}",
            weapon.name, s.name, weapon.name
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
    terms.extend(weapon.horseback_term());
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

/// The most botch dice a storyguide calls for on one roll.
pub const BOTCH_DICE: (i64, i64) = (0, 20);

/// What a botch looks at as the total's base, where the document leaves it open.
pub const BOTCH_BASE: &str = "Interpretation: the base is the whole total but the die, \
                              wound and fatigue penalties, bonuses and modifiers included";

/// The negative-base exception on an Attack, which the document states for Defense.
pub const NEGATIVE_ATTACK_BOTCH: &str = "Interpretation: the document keeps a negative base Defense negative on a \
                                         botch; Tome treats a negative base Attack the same way";

/// A combat roll's total, die included, with a botch taken into account.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatRoll {
    pub total: i64,
    pub botched: bool,
    pub terms: Vec<Term>,
}

/// `base` (the total before the die) + the stress die; on a botch (a 0 on the die and
/// `botches` botch dice at 0) the total is 0, except that a negative base stays as it
/// is, since a botch never makes a total better.
///
/// # Errors
/// Botches after a die that is not 0, or more than [`BOTCH_DICE`].
pub fn combat_roll(what: &str, base: i64, die: i64, botches: i64) -> Result<CombatRoll> {
    check("Stress die", die, DIE)?;
    check("Botch dice at 0", botches, BOTCH_DICE)?;
    if botches > 0 && die != 0 {
        return Err(Error::InvalidInput(format!(
            "only a 0 on the stress die calls for botch dice: {what} rolled {die}, so it cannot botch"
        )));
    }
    if botches == 0 {
        return Ok(CombatRoll { total: base + die, botched: false, terms: Vec::new() });
    }
    let total = base.min(0);
    let note = if base < 0 && what == "Attack" {
        format!(
            "{botches} botch die at 0: the die adds 0 and the negative total stays at {base} ({NEGATIVE_ATTACK_BOTCH})"
        )
    } else if base < 0 {
        format!("{botches} botch die at 0: the die adds 0 and the negative total stays at {base} ({BOTCH_BASE})")
    } else {
        format!("{botches} botch die at 0: the {what} Total drops to 0 ({BOTCH_BASE})")
    };
    Ok(CombatRoll { total, botched: true, terms: vec![Term::text(format!("{what} botched"), note, Some(R_BOTCHES))] })
}
