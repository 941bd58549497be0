//! Magic Armor.

use super::*;

/// One enchantment granting Magic Armor: its name and points per hit location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MagicArmorSource {
    pub name: String,
    pub points: i64,
}

impl MagicArmorSource {
    pub fn new(name: &str, points: i64) -> MagicArmorSource {
        MagicArmorSource { name: name.to_string(), points }
    }
}

/// Parses `"Stoneskin:2,Barkskin:1"` or bare points `"2,1"` (then named "Magic Armor
/// source 1", "… 2").
///
/// # Errors
/// [`Error::InvalidInput`] for an item that is not `NAME:POINTS` or `POINTS`, or points
/// outside 1 to [`MAX_ARMOR`].
pub fn parse_magic_sources(text: &str) -> Result<Vec<MagicArmorSource>> {
    const FORMAT: &str =
        "write each source as NAME:POINTS (or just POINTS), separated by commas, e.g. \"Stoneskin:2,Barkskin:1\"";
    items(text)
        .enumerate()
        .map(|(i, item)| {
            let (name, points) = match item.rsplit_once(':') {
                Some((n, p)) => (tidy(n), p.trim()),
                None => (format!("Magic Armor source {}", i + 1), item),
            };
            if name.is_empty() {
                return Err(invalid(format!("--magic: `{item}` has no name before the colon; {FORMAT}")));
            }
            let points: i64 = points
                .trim_start_matches('+')
                .parse()
                .map_err(|_| invalid(format!("--magic: `{item}` has no whole number of points; {FORMAT}")))?;
            if !(1..=MAX_ARMOR).contains(&points) {
                return Err(invalid(format!(
                    "--magic: each source gives from 1 to {MAX_ARMOR} points, not {points} (`{item}`)"
                )));
            }
            Ok(MagicArmorSource { name, points })
        })
        .collect()
}

/// Which was on the player first when both worn armour and a Magic Armor enchantment
/// are in play (the rules let only one of them stand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CameFirst {
    /// The player was already in worn armour: the enchantment fails.
    Worn,
    /// The player already had Magic Armor: the worn armour may not be put on.
    Magic,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ArmorCount {
    /// Points per location that count.
    pub counts: i64,
    /// Where they come from: an enchantment's name, "worn armor" or "none".
    pub source: String,
    /// A location's points after capping at `counts` (when its current points were given).
    pub location_points: Option<i64>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The armour that counts: the single highest Magic Armor source (the rest are
/// ignored, never added); worn armour and Magic Armor never combine (an enchantment
/// cast on an armoured player fails; a player with Magic Armor may not put armour on),
/// except that armour rated 0 may be worn alongside. With `current`, a location's
/// present points are lowered to the new maximum if above it (as when Stoneskin is
/// removed and Barkskin's 1 point is left).
///
/// # Errors
/// [`Error::InvalidInput`] for points outside 0 (1 for a source) to [`MAX_ARMOR`].
pub fn magic_armor(
    magic: &[MagicArmorSource],
    worn: i64,
    came_first: CameFirst,
    current: Option<i64>,
) -> Result<ArmorCount> {
    check("worn armor", worn, (0, MAX_ARMOR))?;
    for s in magic {
        check(&format!("Magic Armor from {}", s.name), s.points, (1, MAX_ARMOR))?;
    }
    if let Some(c) = current {
        check("the location's current points", c, (0, MAX_ARMOR))?;
    }
    let mut terms = Vec::new();
    let mut warnings = Vec::new();

    // The highest source; on a tie the first named wins (they give the same points).
    let best = magic.iter().enumerate().max_by_key(|(i, s)| (s.points, std::cmp::Reverse(*i))).map(|(i, _)| i);
    for (i, s) in magic.iter().enumerate() {
        let label = if Some(i) == best {
            format!("{} (highest Magic Armor)", s.name)
        } else {
            format!("{} (ignored: only the highest Magic Armor counts)", s.name)
        };
        terms.push(Term::num(label, s.points, Some(R_MAGIC_ARMOR)));
    }
    if worn > 0 {
        terms.push(Term::num("Worn armor", worn, None));
    }

    let magic_best = best.map(|i| &magic[i]);
    let (counts, source) = match (magic_best, worn > 0) {
        (Some(m), true) => match came_first {
            CameFirst::Worn => {
                terms.push(Term::text("Magic Armor enchantment on an armoured player", "fails", Some(R_MAGIC_ARMOR)));
                warnings.push(format!(
                    "{} cannot take hold: Magic Armor enchantments fail on a player already in worn armor (only armor rated 0 may be kept on)",
                    m.name
                ));
                (worn, "worn armor".to_string())
            }
            CameFirst::Magic => {
                terms.push(Term::text(
                    "Putting on worn armor while holding Magic Armor",
                    "not allowed",
                    Some(R_MAGIC_ARMOR),
                ));
                warnings.push(format!(
                    "the worn armor may not be put on while {} grants Magic Armor (only armor rated 0 may be worn with it)",
                    m.name
                ));
                (m.points, m.name.clone())
            }
        },
        (Some(m), false) => (m.points, m.name.clone()),
        (None, true) => (worn, "worn armor".to_string()),
        (None, false) => (0, "none".to_string()),
    };
    if magic_best.is_some() && worn == 0 && counts > 0 {
        terms.push(Term::text(
            "Armor enhancements (Ancestral Armor, Imbue Armor)",
            "do not apply to Magic Armor",
            Some(R_MAGIC_ARMOR),
        ));
    }

    let location_points = current.map(|c| {
        let after = c.min(counts);
        if after < c {
            terms.push(Term::num(format!("Location lowered from {c} to the maximum"), after, Some(R_MAGIC_ARMOR)));
        } else {
            terms.push(Term::num("Location at or below the maximum: unchanged", after, Some(R_MAGIC_ARMOR)));
        }
        after
    });

    Ok(ArmorCount { counts, source, location_points, terms, warnings })
}
