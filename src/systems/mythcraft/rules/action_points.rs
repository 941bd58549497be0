//! Action points.

use super::*;

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
