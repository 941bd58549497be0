//! Wound and fatigue penalties, fatigue levels.

use super::*;

/// The Fatigue levels, freshest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::IntoStaticStr, strum::EnumString)]
#[strum(ascii_case_insensitive)]
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
        self.into()
    }

    pub fn parse(s: &str) -> Option<FatigueLevel> {
        s.trim().parse().ok()
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

pub(super) fn minutes_text(m: i64) -> String {
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

/// The Ease Factor of a Fatigue roll.
pub const FATIGUE_EASE: i64 = 6;

/// A Fatigue roll for a brief strenuous act, worked through.
#[derive(Debug, Clone, PartialEq)]
pub struct FatigueRoll {
    pub total: i64,
    pub passed: bool,
    /// Short-Term levels lost: 0, 1 on a failure, 2 on a botch.
    pub levels_lost: i64,
    pub terms: Vec<Term>,
}

/// Stamina − Encumbrance + stress die + the penalty from wounds and fatigue, against
/// Ease Factor 6: a failure costs one Short-Term Fatigue level and a botch two.
///
/// Interpretation: the penalty is the whole one for wounds and fatigue (the document
/// names the Fatigue penalty for this roll, and wound penalties apply to every action).
///
/// # Errors
/// A score, die or penalty out of range.
pub fn fatigue_roll(stamina: i64, encumbrance: i64, die: i64, penalty: i64, botch: bool) -> Result<FatigueRoll> {
    check("Stamina", stamina, CHAR)?;
    check("Encumbrance", encumbrance, ENC)?;
    check("Stress die", die, (0, 10_240))?;
    check("Penalty from wounds and fatigue", penalty, (-1_000, 0))?;
    let total = stamina - encumbrance + die + penalty;
    let passed = !botch && total >= FATIGUE_EASE;
    let levels_lost = if botch {
        2
    } else if passed {
        0
    } else {
        1
    };
    let mut terms = vec![
        Term::num("Stamina", stamina, Some(R_SHORT_TERM_FATIGUE)),
        Term::num("Encumbrance", -encumbrance, Some(R_ENCUMBRANCE)),
        Term::num("Stress die", die, Some(R_STRESS_DIE)),
    ];
    if penalty != 0 {
        terms.push(Term::num("Wound and Fatigue penalty", penalty, Some(R_FATIGUE)));
    }
    terms.push(Term::num("Ease Factor", FATIGUE_EASE, Some(R_SHORT_TERM_FATIGUE)));
    terms.push(Term::num("Short-Term levels lost", levels_lost, Some(R_SHORT_TERM_FATIGUE)));
    Ok(FatigueRoll { total, passed, levels_lost, terms })
}
