//! Tactical advantage.

use super::*;

/// Sources of TA or TD, and hostile creatures within 5 ft, accepted.
pub const SOURCES_MAX: i64 = 20;

/// What kind of attack the d20 is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum AttackKind {
    Weapon,
    Spell,
    Maneuver,
    Other,
}

impl AttackKind {
    pub const WORDS: &'static [&'static str] = <AttackKind as strum::VariantNames>::VARIANTS;

    pub fn parse(s: &str) -> Result<AttackKind> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("attack must be one of {}, not `{s}`", AttackKind::WORDS.join(", ")))
        })
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
