//! Recovery from wounds.

use super::*;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum RecoveryResult {
    Improves,
    Stable,
    Worsens,
    Dies,
}

impl RecoveryResult {
    pub fn as_str(self) -> &'static str {
        self.into()
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
    /// What carries to the wound's next roll: +3 more after a stable roll, a further -1
    /// after an Incapacitated one that worsens, nothing once the wound changes level.
    pub bonus_next: i64,
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
        return Ok(Recovery { row, score, total: None, result: None, new_level: None, bonus_next: bonus, terms });
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
    let bonus_next = match result {
        RecoveryResult::Stable => bonus + 3,
        RecoveryResult::Worsens if level == WoundLevel::Incapacitating => bonus - 1,
        _ => 0,
    };
    if bonus_next != 0 {
        terms.push(Term::num("Carried to the next roll", bonus_next, Some(R_RECOVERING)));
    }
    Ok(Recovery { row, score, total: Some(total), result: Some(result), new_level: Some(new_level), bonus_next, terms })
}

/// The Recovery roll for the most serious wound of a character who did more than its
/// wounds allow: it may keep the wound or make it worse, never heal it, and a roll that
/// holds earns no +3 (the bonus already earned is kept, as the wound did not change).
///
/// # Errors
/// An Incapacitating wound (no activity at all is possible), or what [`recovery`]
/// refuses.
pub fn overexertion_recovery(
    level: WoundLevel,
    stamina: i64,
    medic: i64,
    magic: i64,
    bonus: i64,
    roll: i64,
) -> Result<Recovery> {
    if level == WoundLevel::Incapacitating {
        return Err(Error::InvalidInput(
            "an Incapacitated character can do nothing, so it cannot overexert: make its twice-daily roll instead"
                .into(),
        ));
    }
    let mut r = recovery(level, stamina, medic, magic, bonus, Some(roll))?;
    if r.result != Some(RecoveryResult::Worsens) {
        r.result = Some(RecoveryResult::Stable);
        r.new_level = Some(level);
        r.bonus_next = bonus;
        r.terms.retain(|t| t.label != "Result" && t.label != "Carried to the next roll");
        r.terms.push(Term::text("Result", "overexertion: the wound holds, with no bonus earned", Some(R_ACTIVITIES)));
    } else {
        r.terms.push(Term::text("Overexertion", "the roll can only hold or worsen the wound", Some(R_ACTIVITIES)));
    }
    Ok(r)
}
