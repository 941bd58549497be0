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

#[derive(Debug, Clone, PartialEq)]
pub struct SpecialAp {
    /// The one kind kept, if chosen (or the only one offered).
    pub kept: Option<String>,
    pub dropped: Vec<String>,
    pub terms: Vec<Term>,
}

/// Special AP (Rage AP, Support AP): a creature has one source at most; offered more,
/// it picks the one it keeps.
///
/// # Errors
/// [`Error::InvalidInput`] for an empty name, or a kept kind not among the sources.
pub fn special_ap(sources: &[&str], keep: Option<&str>) -> Result<SpecialAp> {
    let mut names: Vec<String> = Vec::new();
    for (n, raw) in sources.iter().enumerate() {
        let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() {
            return Err(Error::InvalidInput(format!("--sources: item {} is empty", n + 1)));
        }
        if !names.iter().any(|x| x.eq_ignore_ascii_case(&name)) {
            names.push(name);
        }
    }
    let rule = Some(R_SPECIAL_AP);
    let kept = match keep.map(str::trim) {
        Some(k) => Some(names.iter().find(|n| n.eq_ignore_ascii_case(k)).cloned().ok_or_else(|| {
            Error::InvalidInput(format!("--keep: `{k}` is not among the --sources ({})", names.join(", ")))
        })?),
        None if names.len() == 1 => Some(names[0].clone()),
        None => None,
    };
    let mut terms = vec![Term::note("Sources of special AP offered", names.len() as i64, rule)];
    terms.push(Term::note("Sources a creature may have", SPECIAL_AP_SOURCES, rule));
    let dropped: Vec<String> = match &kept {
        Some(k) => names.iter().filter(|n| *n != k).cloned().collect(),
        None => Vec::new(),
    };
    if let Some(k) = &kept {
        terms.push(Term::text("Kept", k.clone(), rule));
    }
    Ok(SpecialAp { kept, dropped, terms })
}

/// Sources of special AP a creature may have at once.
pub const SPECIAL_AP_SOURCES: i64 = 1;
