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
/// How a source written as its points alone is named ("Magic Armor source 1").
pub const UNNAMED_SOURCE: &str = "Magic Armor source";

pub fn parse_magic_sources(text: &str) -> Result<Vec<MagicArmorSource>> {
    const FORMAT: &str =
        "write each source as NAME:POINTS (or just POINTS), separated by commas, e.g. \"Stoneskin:2,Barkskin:1\"";
    items("magic", text)?
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let (name, points) = match item.rsplit_once(':') {
                Some((n, p)) => (tidy(n), p.trim()),
                None => (format!("{UNNAMED_SOURCE} {}", i + 1), item),
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

/// Worn (non-magic) armour on the player. The Magic Armor rule looks at the player,
/// not one location, and at the armour's rating, not what is left of it: armour rated
/// above 0 that has been knocked down to 0 still blocks a Magic Armor enchantment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WornArmor {
    /// The highest rating (as made, before damage) of any worn armour on the player.
    pub rated: i64,
    /// The worn armour's points at the location asked about, now.
    pub points: i64,
}

impl WornArmor {
    /// Undamaged armour: rated and holding `points`.
    pub fn intact(points: i64) -> WornArmor {
        WornArmor { rated: points, points }
    }
}

/// An armour enhancement (Ancestral Armor, Imbue Armor) meeting Magic Armor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Enhancement {
    #[default]
    None,
    /// From another ability: it never improves Magic Armor.
    Separate,
    /// Built into the Magic Armor enchantment itself: it applies.
    Inherent,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ArmorCount {
    /// Points per location that count.
    pub counts: i64,
    /// Where they come from: an enchantment's name, "worn armor" or "none".
    pub source: String,
    /// A location's points after capping at `counts` (when its current points were given).
    pub location_points: Option<i64>,
    /// Whether an armour enhancement improves the Magic Armor (only one inherent to the
    /// enchantment does); `None` when no enhancement was given or Magic Armor does not stand.
    pub enhancement_applies: Option<bool>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The armour that counts: the single highest Magic Armor source (the rest are
/// ignored, never added); worn armour and Magic Armor never combine (an enchantment
/// cast on a player in worn armour fails, even armour knocked down to 0, since the rule
/// looks at the armour's rating over the whole player; a player with Magic Armor may
/// not put armour on), except that armour rated 0 may be worn alongside. With
/// `current`, a location's present points are lowered to the new maximum if above it
/// (as when Stoneskin is removed and Barkskin's 1 point is left). An armour enhancement
/// improves Magic Armor only when it is part of the enchantment.
///
/// # Errors
/// [`Error::InvalidInput`] for points outside 0 (1 for a source) to [`MAX_ARMOR`], or
/// worn points above the armour's rating.
pub fn magic_armor(
    magic: &[MagicArmorSource],
    worn: WornArmor,
    came_first: CameFirst,
    current: Option<i64>,
    enhancement: Enhancement,
) -> Result<ArmorCount> {
    check("worn armor's rating", worn.rated, (0, MAX_ARMOR))?;
    check("worn armor", worn.points, (0, worn.rated))?;
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
    let in_armor = worn.rated > 0;
    // One source counts, never a sum: the worn armour when it was on first, else the
    // highest Magic Armor. The points that count are the term's addend; the others are
    // said, as notes.
    let worn_counts = in_armor && (best.is_none() || came_first == CameFirst::Worn);
    for (i, s) in magic.iter().enumerate() {
        if Some(i) == best && !worn_counts {
            terms.push(Term::num(format!("{} (highest Magic Armor)", s.name), s.points, Some(R_MAGIC_ARMOR)));
        } else if Some(i) == best {
            terms.push(Term::note(format!("{} (highest Magic Armor)", s.name), s.points, Some(R_MAGIC_ARMOR)));
        } else {
            let label = format!("{} (ignored: only the highest Magic Armor counts)", s.name);
            terms.push(Term::note(label, s.points, Some(R_MAGIC_ARMOR)));
        }
    }
    if in_armor {
        let label = if worn.points < worn.rated {
            format!("Worn armor (rated {} on the player, {} left here)", worn.rated, worn.points)
        } else {
            format!("Worn armor (rated {} on the player)", worn.rated)
        };
        terms.push(if worn_counts {
            Term::num(label, worn.points, None)
        } else {
            Term::note(label, worn.points, None)
        });
    }

    let magic_best = best.map(|i| &magic[i]);
    let (counts, source) = match (magic_best, in_armor) {
        (Some(m), true) => match came_first {
            CameFirst::Worn => {
                terms.push(Term::text(
                    "Magic Armor enchantment on a player in armour rated above 0",
                    "fails",
                    Some(R_MAGIC_ARMOR),
                ));
                let knocked = if worn.points == 0 { ", even knocked down to 0 points" } else { "" };
                warnings.push(format!(
                    "{} cannot take hold: Magic Armor enchantments fail on a player wearing armour rated above 0 anywhere{knocked} (only armour rated 0 may be kept on)",
                    m.name
                ));
                (worn.points, "worn armor".to_string())
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
        (None, true) => (worn.points, "worn armor".to_string()),
        (None, false) => (0, "none".to_string()),
    };

    let magic_stands = magic_best.is_some() && !(in_armor && came_first == CameFirst::Worn);
    let enhancement_applies = match (magic_stands, enhancement) {
        (false, _) | (true, Enhancement::None) => {
            if magic_stands {
                terms.push(Term::text(
                    "Armor enhancements (Ancestral Armor, Imbue Armor)",
                    "apply only when part of the enchantment",
                    Some(R_MAGIC_ARMOR),
                ));
            }
            None
        }
        (true, Enhancement::Separate) => {
            terms.push(Term::text(
                "Armor enhancement from another ability",
                "does not apply to Magic Armor",
                Some(R_MAGIC_ARMOR),
            ));
            warnings.push(format!(
                "an armour enhancement such as Ancestral Armor or Imbue Armor does not improve the Magic Armor from {source} unless {source} itself includes it"
            ));
            Some(false)
        }
        (true, Enhancement::Inherent) => {
            terms.push(Term::text(
                format!("Armor enhancement that is part of {source}"),
                "applies",
                Some(R_MAGIC_ARMOR),
            ));
            Some(true)
        }
    };

    // The terms add up to the points that count; a location's points held against them
    // are said beside them.
    let location_points = current.map(|c| {
        let after = c.min(counts);
        if after < c {
            terms.push(Term::note(format!("Location lowered from {c} to the maximum"), after, Some(R_MAGIC_ARMOR)));
        } else {
            terms.push(Term::note("Location at or below the maximum: unchanged", after, Some(R_MAGIC_ARMOR)));
        }
        after
    });

    Ok(ArmorCount { counts, source, location_points, enhancement_applies, terms, warnings })
}
