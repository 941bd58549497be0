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
    /// Minutes of quiet rest to come down to the next named level; `None` when Fresh or
    /// when that level comes back only with a night's rest (a long-term level).
    pub recovery_minutes: Option<i64>,
    /// The same in words: "30 minutes", "3 hours", "a night's rest", "none needed", or
    /// what rest does when it cannot reach the next level.
    pub recovery: String,
    /// Minutes of quiet rest to win back every short-term level.
    pub rest_minutes: i64,
    /// The level left when only long-term levels remain.
    pub after_rest: FatigueLevel,
    /// Nights of rest for the long-term levels, one each.
    pub nights: i64,
    pub terms: Vec<Term>,
}

pub(super) fn minutes_text(m: i64) -> String {
    if m >= 120 && m % 60 == 0 {
        format!("{} hours", m / 60)
    } else {
        format!("{m} minutes")
    }
}

/// The level reached with `lost` levels lost.
fn level_at(lost: i64) -> FatigueLevel {
    let top = FatigueLevel::ALL.len() as i64 - 1;
    FatigueLevel::ALL[lost.clamp(0, top) as usize]
}

/// Minutes of rest to win back the `n`th level lost (1 is Winded): the chart's time for
/// levels 1 to 5, and an hour for each level past Unconscious (the chart's "+1 hour for
/// every additional level" on the way back to Dazed).
fn level_minutes(n: i64) -> i64 {
    let top = FatigueLevel::ALL.len() as i64 - 1;
    if n > top {
        60
    } else {
        level_at(n).recovery_minutes(0).unwrap_or(0)
    }
}

/// Short-term and long-term levels come off the same ladder, and the most serious levels
/// count as short-term: rest wins back the top `short_term` levels one at a time, and
/// each level under them needs a night's sleep. Past Unconscious this matters: with
/// fewer short-term levels than the levels above Dazed, rest alone never reaches Dazed.
///
/// # Errors
/// A count out of range.
pub fn fatigue(short_term: i64, long_term: i64) -> Result<Fatigue> {
    check("Short-term Fatigue levels lost", short_term, FATIGUE_LOST)?;
    check("Long-term Fatigue levels lost", long_term, FATIGUE_LOST)?;
    let lost = short_term + long_term;
    let top = FatigueLevel::ALL.len() as i64 - 1;
    let level = level_at(lost);
    let extra_levels = (lost - top).max(0);
    let penalty = level.penalty();
    let mut terms = vec![
        Term::note("Short-term levels lost", short_term, Some(R_FATIGUE)),
        Term::note("Long-term levels lost", long_term, Some(R_FATIGUE)),
    ];
    match penalty {
        Some(p) => terms.push(Term::num(format!("{} penalty", level.name()), p, Some(T_FATIGUE_LEVELS))),
        None => terms.push(Term::text(level.name(), "no actions possible", Some(T_FATIGUE_LEVELS))),
    }
    // Coming down to the next named level sheds the levels from the current one's up.
    let rest_minutes: i64 = (long_term + 1..=lost).map(level_minutes).sum();
    let after_rest = level_at(long_term);
    let here = lost.min(top);
    let (recovery_minutes, recovery) = if lost == 0 {
        (None, "none needed".to_string())
    } else if short_term == 0 {
        terms.push(Term::text("Next level back (long-term)", "a night's rest", Some(R_LONG_TERM_FATIGUE)));
        (None, "a night's rest".to_string())
    } else if long_term < here {
        let m: i64 = (here..=lost).map(level_minutes).sum();
        terms.push(Term::text(
            "Next level back (short-term; doubled if active)",
            minutes_text(m),
            Some(T_FATIGUE_RECOVERY),
        ));
        (Some(m), minutes_text(m))
    } else {
        let text = format!(
            "{} of rest wins back the short-term levels but leaves {}; then a night's rest per level",
            minutes_text(rest_minutes),
            after_rest.name()
        );
        terms.push(Term::text("Next level back", text.clone(), Some(R_LONG_TERM_FATIGUE)));
        (None, text)
    };
    // Said only when it is more than the next level back (which the term above gives).
    if short_term > 0 && recovery_minutes != Some(rest_minutes) {
        terms.push(Term::note("Rest for every short-term level (minutes)", rest_minutes, Some(T_FATIGUE_RECOVERY)));
    }
    if long_term > 0 {
        terms.push(Term::note("Nights of rest for the long-term levels", long_term, Some(R_LONG_TERM_FATIGUE)));
    }
    Ok(Fatigue {
        levels_lost: lost,
        level,
        extra_levels,
        penalty,
        recovery_minutes,
        recovery,
        rest_minutes,
        after_rest,
        nights: long_term,
        terms,
    })
}

/// The Ease Factor of the Stamina roll that halves the time to recover from fatigue.
pub const FATIGUE_RECOVERY_EASE: i64 = 9;

/// The rest a fatigued character needs once the optional modifiers are applied.
#[derive(Debug, Clone, PartialEq)]
pub struct FatigueRecovery {
    pub fatigue: Fatigue,
    /// Minutes to the next named level; `None` as in [`Fatigue::recovery_minutes`].
    pub minutes: Option<i64>,
    /// Minutes to win back every short-term level.
    pub rest_minutes: i64,
    /// The Stamina roll's total, when one was made.
    pub roll_total: Option<i64>,
    pub halved: bool,
    pub terms: Vec<Term>,
}

/// The Fatigue Recovery Chart's times, doubled when the character stays active and
/// halved when a Stamina roll (Stamina + stress die + penalty) reaches 9. The roll is the
/// storyguide's option: `None` is no roll.
///
/// The roll takes the Fatigue penalty of the levels given (lines 966-967: every roll
/// but Soak), which Tome adds itself; the third number of `roll` is the wound penalty.
///
/// Interpretation: staying active and a successful roll together cancel out.
///
/// # Errors
/// A count, score, die or penalty out of range.
pub fn fatigue_recovery(
    short_term: i64,
    long_term: i64,
    active: bool,
    roll: Option<(i64, i64, i64)>,
) -> Result<FatigueRecovery> {
    let f = fatigue(short_term, long_term)?;
    // The terms add up to the minutes until the next level comes back; the Fatigue they
    // start from and the Stamina roll are said as notes.
    let mut terms: Vec<Term> = f.terms.iter().cloned().map(Term::as_note).collect();
    let mut times = 1;
    let mut halves = 1;
    if active {
        times = 2;
    }
    let mut roll_total = None;
    let mut halved = false;
    if let Some((stamina, die, wound_penalty)) = roll {
        check("Stamina", stamina, CHAR)?;
        check("Stress die", die, DIE)?;
        check("Wound penalty", wound_penalty, PENALTY)?;
        let fatigue_penalty = f.penalty.unwrap_or(0);
        let total = stamina + die + fatigue_penalty + wound_penalty;
        terms.extend([
            Term::note("Stamina", stamina, Some(R_FATIGUE_RECOVERY)),
            Term::note("Stress die", die, Some(R_STRESS_DIE)),
        ]);
        if fatigue_penalty != 0 {
            terms.push(Term::note(format!("Fatigue penalty ({})", f.level.name()), fatigue_penalty, Some(R_FATIGUE)));
        }
        if wound_penalty != 0 {
            terms.push(Term::note("Wound penalty", wound_penalty, Some(R_FATIGUE)));
        }
        terms.push(Term::note("Ease Factor", FATIGUE_RECOVERY_EASE, Some(R_FATIGUE_RECOVERY)));
        halved = total >= FATIGUE_RECOVERY_EASE;
        terms.push(Term::text(
            "Stamina roll",
            if halved { "made: half the time" } else { "missed: the usual time" },
            Some(R_FATIGUE_RECOVERY),
        ));
        if halved {
            halves = 2;
        }
        roll_total = Some(total);
    }
    // The chart's times are all even, so halving them never leaves a fraction.
    let adjust = |m: i64| m * times / halves;
    match f.recovery_minutes {
        Some(m) => {
            terms.push(Term::num("Fatigue Recovery Chart: minutes to the next level", m, Some(R_FATIGUE_RECOVERY)));
            if active {
                terms.push(Term::factor("Active, not resting quietly", 2, Some(R_FATIGUE_RECOVERY)));
            }
            if halved {
                terms.push(Term::num("Stamina roll made: half the time", -(m * times / 2), Some(R_FATIGUE_RECOVERY)));
            }
        }
        None if active => {
            terms.push(Term::text("Active, not resting quietly", "times doubled", Some(R_FATIGUE_RECOVERY)))
        }
        None => {}
    }
    Ok(FatigueRecovery {
        minutes: f.recovery_minutes.map(adjust),
        rest_minutes: adjust(f.rest_minutes),
        fatigue: f,
        roll_total,
        halved,
        terms,
    })
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
    check("Stress die", die, DIE)?;
    check("Penalty from wounds and fatigue", penalty, PENALTY)?;
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
    // The terms add up to the total; what it is held against and its cost are said.
    terms.push(Term::note("Ease Factor", FATIGUE_EASE, Some(R_SHORT_TERM_FATIGUE)));
    terms.push(Term::note("Short-Term levels lost", levels_lost, Some(R_SHORT_TERM_FATIGUE)));
    Ok(FatigueRoll { total, passed, levels_lost, terms })
}
