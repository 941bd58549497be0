//! Wounds.

use super::*;

/// How bad a single wound is, from nothing at all to death.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum WoundLevel {
    None,
    Light,
    Medium,
    Heavy,
    Incapacitating,
    Dead,
}

impl WoundLevel {
    pub const ALL: [WoundLevel; 6] = [
        WoundLevel::None,
        WoundLevel::Light,
        WoundLevel::Medium,
        WoundLevel::Heavy,
        WoundLevel::Incapacitating,
        WoundLevel::Dead,
    ];

    /// The word the CLI prints: `none`, `light`, `medium`, `heavy`, `incapacitating`, `dead`.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(s: &str) -> Option<WoundLevel> {
        s.trim().parse().ok()
    }

    /// The Wound Table's penalty for one wound of this level; `None` for Incapacitating
    /// (no actions at all) and for the levels that are not wounds one carries.
    pub fn penalty(self) -> Option<i64> {
        match self {
            WoundLevel::Light => Some(-1),
            WoundLevel::Medium => Some(-3),
            WoundLevel::Heavy => Some(-5),
            _ => None,
        }
    }

    pub(super) fn worse(self) -> WoundLevel {
        match self {
            WoundLevel::None => WoundLevel::Light,
            WoundLevel::Light => WoundLevel::Medium,
            WoundLevel::Medium => WoundLevel::Heavy,
            WoundLevel::Heavy => WoundLevel::Incapacitating,
            WoundLevel::Incapacitating | WoundLevel::Dead => WoundLevel::Dead,
        }
    }

    pub(super) fn better(self) -> WoundLevel {
        match self {
            WoundLevel::None | WoundLevel::Light => WoundLevel::None,
            WoundLevel::Medium => WoundLevel::Light,
            WoundLevel::Heavy => WoundLevel::Medium,
            WoundLevel::Incapacitating => WoundLevel::Heavy,
            WoundLevel::Dead => WoundLevel::Dead,
        }
    }
}

/// How many points of damage each wound band of the Damage Table spans for a Size:
/// 5 + Size, and never less than 1 (Size −4 or smaller).
pub fn band_width(size: i64) -> i64 {
    size.saturating_add(5).max(1)
}

/// The wound from `damage` points past Soak on a creature of `size` (the Damage
/// Table, widened by one per band for each Size above +3). Zero or less is no wound;
/// past the fourth band the creature is dead.
pub fn wound_level(damage: i64, size: i64) -> WoundLevel {
    if damage <= 0 {
        return WoundLevel::None;
    }
    match (damage - 1) / band_width(size) {
        0 => WoundLevel::Light,
        1 => WoundLevel::Medium,
        2 => WoundLevel::Heavy,
        3 => WoundLevel::Incapacitating,
        _ => WoundLevel::Dead,
    }
}

/// A wound with the terms behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Wound {
    pub level: WoundLevel,
    pub band_width: i64,
    pub terms: Vec<Term>,
}

/// [`wound_level`] with its terms.
///
/// # Errors
/// Damage or Size out of range.
pub fn wound(damage: i64, size: i64) -> Result<Wound> {
    check("Damage", damage, DAMAGE)?;
    check("Size", size, SIZE)?;
    let level = wound_level(damage, size);
    let width = band_width(size);
    // The damage and the band width are what the table is read with; only the
    // Wound Table's penalty is a number the wound adds.
    let mut terms = vec![
        Term::note("Damage past Soak", damage, Some(R_WOUNDS)),
        Term::note(format!("Points per wound level at Size {size:+}"), width, Some(T_DAMAGE)),
        Term::text("Wound", level.as_str(), Some(T_DAMAGE)),
    ];
    if let Some(p) = level.penalty() {
        terms.push(Term::num("Wound Table penalty", p, Some(T_WOUND)));
    }
    Ok(Wound { level, band_width: width, terms })
}

/// One attack worked through: advantage, whether it hit, damage and the wound.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackResult {
    pub advantage: i64,
    pub hit: bool,
    /// The Damage Total (damage score + advantage), on a hit.
    pub damage_total: Option<i64>,
    /// How far the Damage Total passes the Soak Total, on a hit.
    pub damage: Option<i64>,
    pub wound: WoundLevel,
    pub terms: Vec<Term>,
}

/// Works an attack through from finished totals (dice included): the Attack Advantage
/// is Attack − Defense, a hit needs 1 or more, and the Damage Total (damage score +
/// advantage) past Soak gives the wound for the defender's Size.
///
/// # Errors
/// A total or Size out of range.
pub fn resolve_attack(attack: i64, defense: i64, damage_score: i64, soak: i64, size: i64) -> Result<AttackResult> {
    check("Attack Total", attack, TOTAL)?;
    check("Defense Total", defense, TOTAL)?;
    check("Damage score", damage_score, TOTAL)?;
    check("Soak Total", soak, TOTAL)?;
    check("Size", size, SIZE)?;
    let advantage = attack - defense;
    // The terms add up to the Attack Advantage, and on a hit on to the damage past Soak;
    // the totals reached on the way and the table's band width are said as notes.
    let mut terms = vec![
        Term::num("Attack Total", attack, Some(R_ATTACK)),
        Term::num("Defense Total", -defense, Some(R_DEFENSE)),
        Term::note("Attack Advantage", advantage, Some(R_ADVANTAGE)),
    ];
    if advantage < 1 {
        terms.push(Term::text("Result", "miss: no damage however high the Damage score", Some(R_SEQUENCE)));
        return Ok(AttackResult {
            advantage,
            hit: false,
            damage_total: None,
            damage: None,
            wound: WoundLevel::None,
            terms,
        });
    }
    let damage_total = damage_score + advantage;
    let damage = damage_total - soak;
    let wound = wound_level(damage, size);
    terms.extend([
        Term::num("Damage score", damage_score, Some(R_DAMAGE)),
        Term::note("Damage Total", damage_total, Some(R_DAMAGE)),
        Term::num("Soak Total", -soak, Some(R_SOAK)),
        Term::note("Damage past Soak", damage, Some(R_WOUNDS)),
        Term::note(format!("Points per wound level at Size {size:+}"), band_width(size), Some(T_DAMAGE)),
        Term::text("Wound", wound.as_str(), Some(T_DAMAGE)),
    ]);
    Ok(AttackResult { advantage, hit: true, damage_total: Some(damage_total), damage: Some(damage), wound, terms })
}

/// The Damage Table's ranges for `size`, as the table prints them: the Size, then the
/// Light, Medium, Heavy and Incapacitating ranges and the Dead threshold, each band
/// [`band_width`] points wide ("1-8", …, "33+" at Size +3; "1", …, "5+" at −4).
pub fn damage_table_cells(size: i64) -> Vec<String> {
    let w = band_width(size);
    let band = |k: i64| {
        let (lo, hi) = (k * w + 1, (k + 1) * w);
        if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        }
    };
    let label = if size > 0 { format!("+{size}") } else { size.to_string() };
    vec![label, band(0), band(1), band(2), band(3), format!("{}+", 4 * w + 1)]
}

/// The Damage Table's row for a Size past its printed ones (above +3, up to the largest
/// Size Tome takes): the document's line 119, each further +1 Size adding +1 to each
/// range.
pub fn damage_table_row_beyond(table: &crate::model::Table, size: i64) -> Option<crate::model::TableRow> {
    let printed_top = table.rows.iter().filter_map(|r| r.key.and_then(|k| k.to)).max()?;
    (table.id == T_DAMAGE && size > printed_top && size <= SIZE.1).then(|| crate::model::TableRow {
        roll: None,
        key: Some(crate::model::KeyRange { from: Some(size), to: Some(size) }),
        parts: damage_table_cells(size)
            .into_iter()
            .map(|text| vec![crate::model::TextPart { text, id: None }])
            .collect(),
        cells: damage_table_cells(size),
    })
}
