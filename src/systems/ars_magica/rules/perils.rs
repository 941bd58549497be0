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
            terms.push(Term::text("Soft surface", "halved, rounding down", Some(T_IMPACT)));
            base / 2
        }
    };
    terms.push(Term::text("Stress die", "not included: add your roll", Some(R_IMPACT)));
    Ok(DamageBonus { bonus, terms })
}
