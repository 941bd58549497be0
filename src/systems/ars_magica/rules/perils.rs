//! Other perils: heat and corrosion, falling.

use super::*;

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
pub(super) const HEAT_SOURCE_NAMES: [&str; HEAT_SOURCES.len()] = {
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
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
        self.into()
    }

    pub fn parse(s: &str) -> Option<Exposure> {
        s.trim().parse().ok()
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Surface {
    Normal,
    Hard,
    Soft,
}

impl Surface {
    pub fn parse(s: &str) -> Option<Surface> {
        s.trim().parse().ok()
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
            // Halving as an addend, so the terms add up: -(base - base/2).
            terms.push(Term::num("Soft surface: halved, rounding down", base / 2 - base, Some(T_IMPACT)));
            base / 2
        }
    };
    terms.push(Term::text("Stress die", "not included: add your roll", Some(R_IMPACT)));
    Ok(DamageBonus { bonus, terms })
}

/// The Impact Table's fixed items: the calculator's word, the item, its damage bonus.
pub const IMPACTS: [(&str, &str, i64); 4] = [
    ("jug", "Jug dropped from second floor", 6),
    ("wooden-house", "Inside collapsing wooden house", 15),
    ("tree", "Mature tree felled onto character", 18),
    ("stone-building", "Inside collapsing stone building", 21),
];

/// The words of [`IMPACTS`], for the calculator's choice of `--impact`.
pub(super) const IMPACT_KEYS: [&str; IMPACTS.len()] = {
    let mut keys = [""; IMPACTS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = IMPACTS[i].0;
        i += 1;
    }
    keys
};

/// A fixed Impact Table item by its word, with its bonus and terms.
pub fn impact_item(key: &str) -> Option<DamageBonus> {
    IMPACTS
        .iter()
        .find(|(k, _, _)| k.eq_ignore_ascii_case(key.trim()))
        .map(|&(_, name, bonus)| DamageBonus { bonus, terms: vec![Term::num(name, bonus, Some(T_IMPACT))] })
}

/// Non-combat damage (a spell, heat, corrosion, a fall, an impact) worked through.
#[derive(Debug, Clone, PartialEq)]
pub struct InjuryResult {
    pub damage_total: i64,
    pub soak_total: i64,
    /// How far the Damage Total passes the Soak Total (0 when it does not).
    pub damage: i64,
    pub wound: WoundLevel,
    pub terms: Vec<Term>,
}

/// Damage bonus + stress die against Soak Total + stress die; the difference gives the
/// wound by Size. A botched damage die does no damage at all.
///
/// Interpretation: the Soak die cannot botch to any effect (the document names a botch
/// only for the damage roll).
///
/// # Errors
/// A bonus, total, die or Size out of range.
pub fn injury(
    bonus: DamageBonus,
    damage_die: i64,
    botch: bool,
    soak: i64,
    soak_die: i64,
    size: i64,
) -> Result<InjuryResult> {
    check("Damage bonus", bonus.bonus, (0, 1_000))?;
    check("Damage stress die", damage_die, DIE)?;
    check("Soak Total", soak, TOTAL)?;
    check("Soak stress die", soak_die, DIE)?;
    check("Size", size, SIZE)?;
    // The bonus's own reminder to add a die is replaced by the die itself.
    let mut terms: Vec<Term> = bonus.terms.into_iter().filter(|t| t.label != "Stress die").collect();
    let soak_total = soak + soak_die;
    if botch {
        if damage_die != 0 {
            return Err(Error::InvalidInput(format!("only a 0 on the damage die can botch, not {damage_die}")));
        }
        terms.push(Term::text("Damage die", "botched: no damage", Some(R_INJURIES)));
        return Ok(InjuryResult { damage_total: 0, soak_total, damage: 0, wound: WoundLevel::None, terms });
    }
    let damage_total = bonus.bonus + damage_die;
    terms.extend([
        Term::num("Damage stress die", damage_die, Some(R_STRESS_DIE)),
        Term::num("Soak Total", -soak, Some(R_SOAK)),
        Term::num("Soak stress die", -soak_die, Some(R_INJURIES)),
    ]);
    let past = damage_total - soak_total;
    let wound = wound_level(past, size);
    if past < 0 {
        // The terms add up to the damage, which is never below 0.
        terms.push(Term::num("Soak stops it all: no damage below 0", -past, Some(R_WOUNDS)));
    }
    terms.extend([
        Term::note("Damage past Soak", past, Some(R_WOUNDS)),
        Term::note(format!("Points per wound level at Size {size:+}"), band_width(size), Some(T_DAMAGE)),
        Term::text("Wound", wound.as_str(), Some(T_DAMAGE)),
    ]);
    Ok(InjuryResult { damage_total, soak_total, damage: past.max(0), wound, terms })
}
