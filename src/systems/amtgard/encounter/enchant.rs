//! Enchantments worn (checked against the carrying limits) and the Magic Armor they grant.

use std::collections::BTreeMap;

use super::super::rules::{avoids_death, default_strips};
use super::super::rules::{
    check_enchantments, magic_armor, parse_enchantments_for, ArmorCount, CameFirst, Enchantment, EnchantmentKind,
    Enhancement, MagicArmorSource, WornArmor, MAX_ARMOR, MAX_STRIPS, R_MAGIC_ARMOR, STRIPS_INTERPRETATION,
};
use super::board::*;
use crate::encounters::{Act, Combatant, Mark, Outcome};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

pub(super) static ENCHANT_PARAMS: &[Param] = &[
    Param {
        name: "enchantment",
        help: "m:NAME for a magical enchantment, ex:NAME for an extraordinary one (`m:Stoneskin`); with --remove, its name.",
        kind: ParamKind::Text,
        required: true,
        default: None,
    },
    Param {
        name: "magic-armor",
        help: "Points of Magic Armor per location the enchantment grants, if any.",
        kind: ParamKind::Int { min: 1, max: MAX_ARMOR },
        required: false,
        default: None,
    },
    Param {
        name: "persistent",
        help: "The enchantment is Persistent: it stays through a respawn.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "strips",
        help: "Strips (uses) the enchantment has: it is removed when the last is spent. Phoenix Tears and Troll Blood start full unless given. Interpretation: Phoenix Tears has 2, as the document's twice-killed example implies; Troll Blood 3, from the Amtgard rulebook.",
        kind: ParamKind::Int { min: 1, max: MAX_STRIPS },
        required: false,
        default: None,
    },
    Param {
        name: "avoids-death",
        help: "The enchantment lets a killed bearer avoid death as Phoenix Tears and Troll Blood do (those two are known by name): a strip goes, and the player is Frozen for 30 s instead.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "remove",
        help: "Take the enchantment off (removed, dispelled or used up) instead of putting it on.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    super::casters::BY,
];

/// The Magic Armor points a location may hold: the highest any worn enchantment grants,
/// active or not (a dead player's inactive Stoneskin still has its points on them).
pub(super) fn magic_rating(c: &Combatant) -> Option<i64> {
    c.marks(ENCHANTMENTS).map(|m| m.number("magic-armor")).filter(|p| *p > 0).max()
}

/// The active enchantments that grant Magic Armor, as the calculator takes them.
pub(super) fn magic_sources(c: &Combatant) -> Vec<MagicArmorSource> {
    c.marks(ENCHANTMENTS)
        .filter(|m| !m.flagged("inactive") && m.number("magic-armor") > 0)
        .map(|m| MagicArmorSource::new(&m.name, m.number("magic-armor")))
        .collect()
}

pub(super) fn worn_max(c: &Combatant) -> i64 {
    LOCATION_NAMES.iter().map(|l| c.stat(&format!("worn-{l}"))).max().unwrap_or(0)
}

/// Lowers each location to the Magic Armor maximum left after an enchantment went (the
/// document's Stoneskin and Barkskin example), through [`magic_armor`].
pub(super) fn settle_magic_armor(c: &mut Combatant, out: &mut Outcome) -> Result<()> {
    let sources = magic_sources(c);
    for loc in LOCATION_NAMES {
        let current = c.value(&armor_key(loc));
        let worn = WornArmor { rated: worn_max(c), points: c.stat(&format!("worn-{loc}")) };
        let a = magic_armor(&sources, worn, CameFirst::Worn, Some(current), Enhancement::None)?;
        let after = a.location_points.unwrap_or(current);
        if after < current {
            c.set(&armor_key(loc), after);
            out.lines.push(format!("{}: {} armour lowered from {current} to {after}", c.name, label(loc)));
            out.terms.extend(a.terms);
        }
    }
    Ok(())
}

/// Stands for the bearer's name in what [`enchantment_mark`] says.
const BEARER: &str = "{bearer}";

/// Enchantment `e` as the board keeps it on a player (the `enchant` action's, and a
/// sheet's worn enchantments as the player joins): magical or extraordinary, Persistent
/// or not, and the strips of one that lets its bearer avoid death (Phoenix Tears and
/// Troll Blood start full unless `strips` says otherwise). What it says of that, with
/// [`BEARER`] for the bearer's name.
///
/// # Errors
/// An enchantment that avoids death with no strips given and none known.
pub(super) fn enchantment_mark(
    e: &Enchantment,
    persistent: bool,
    strips: Option<i64>,
    avoids: bool,
) -> Result<(Mark, Vec<String>)> {
    let mut lines = Vec::new();
    let mut mark = Mark {
        list: ENCHANTMENTS.into(),
        name: e.name.clone(),
        id: None,
        flags: vec![e.kind.as_str().into()],
        numbers: BTreeMap::new(),
    };
    if persistent {
        mark.flags.push("persistent".into());
    }
    if avoids || avoids_death(&e.name) {
        let n = strips.or_else(|| default_strips(&e.name)).ok_or_else(|| {
            Error::InvalidInput(format!("give --strips for {}: how many times it lets its bearer avoid death", e.name))
        })?;
        mark.flags.push("avoids-death".into());
        mark.numbers.insert("strips".into(), n);
        lines.push(format!("{} lets {BEARER} avoid death, {}", e.name, plural(n, "time")));
        if strips.is_none() {
            lines.push(STRIPS_INTERPRETATION.into());
        }
    } else if let Some(n) = strips {
        mark.numbers.insert("strips".into(), n);
    }
    Ok((mark, lines))
}

pub(super) fn enchant(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let text = act.inputs.text("enchantment").unwrap_or_default();
    if act.inputs.flag("remove") {
        let name = text.split_once(':').map_or(text, |(_, n)| n).trim();
        let pos = c.marks.iter().position(|m| m.list == ENCHANTMENTS && m.name.eq_ignore_ascii_case(name)).ok_or_else(
            || Error::NotFound {
                what: "enchantment on this player",
                id: name.to_string(),
                suggestions: c.marks(ENCHANTMENTS).map(|m| m.name.clone()).collect(),
            },
        )?;
        let gone = c.marks.remove(pos);
        let mut out = Outcome::line(format!("{} no longer carries {}", c.name, gone.name));
        settle_magic_armor(c, &mut out)?;
        return Ok(out);
    }
    if dead(c) {
        return Err(Error::InvalidInput(format!(
            "{} is dead: Tome puts enchantments only on living players (interpretation)",
            c.name
        )));
    }
    let mut new = parse_enchantments_for("enchantment", text)?;
    if new.len() != 1 {
        return Err(Error::InvalidInput(format!("one enchantment at a time, not {} (`{text}`)", new.len())));
    }
    let e = new.remove(0);
    let strips = act.inputs.opt_int("strips")?;
    let (mut mark, lines) =
        enchantment_mark(&e, act.inputs.flag("persistent"), strips, act.inputs.flag("avoids-death"))?;
    if let Some(points) = act.inputs.opt_int("magic-armor")? {
        mark.numbers.insert("magic-armor".into(), points);
    }
    let mut out = take_on(c, mark, true)?;
    let said: Vec<String> = lines.into_iter().map(|l| l.replace(BEARER, &c.name)).collect();
    out.lines.splice(1..1, said);
    Ok(out)
}

fn kind_of(m: &Mark) -> Enchantment {
    Enchantment {
        kind: if m.flagged("magical") { EnchantmentKind::Magical } else { EnchantmentKind::Extraordinary },
        name: m.name.clone(),
    }
}

/// The Magic Armor on a player once an enchantment granting `points` of it (`name`) is
/// added to the `sources` already on, through [`magic_armor`]; or why it fails: on a
/// player whose worn armour is rated above 0 anywhere (`worn_max`) it does not take hold
/// (line 92). The one check for the `enchant` action, a sheet's enchantments as the
/// player joins and a sheet saved mid-fight.
///
/// # Errors
/// [`Error::InvalidInput`] saying why it fails, naming `who`.
pub(super) fn magic_takes_hold(
    who: &str,
    sources: &[MagicArmorSource],
    name: &str,
    points: i64,
    worn_max: i64,
) -> Result<ArmorCount> {
    let mut sources = sources.to_vec();
    sources.push(MagicArmorSource::new(name, points));
    let a = magic_armor(&sources, WornArmor::intact(worn_max), CameFirst::Worn, None, Enhancement::None)?;
    match a.warnings.first() {
        Some(w) => Err(Error::InvalidInput(format!("{who}: {w}"))),
        None => Ok(a),
    }
}

/// Puts `mark` (an enchantment as [`enchantment_mark`] makes it, with the Magic Armor it
/// grants) on `c`, for the `enchant` action and for a sheet saved mid-fight alike:
/// checked against the carrying limits when `limits` (a sheet checks its own and warns),
/// and against worn armour when it grants Magic Armor ([`magic_takes_hold`]); a Magic
/// Armor above the one already on sets every location to it (line 87).
///
/// # Errors
/// Why `c` cannot take it; then nothing changed.
pub(super) fn take_on(c: &mut Combatant, mark: Mark, limits: bool) -> Result<Outcome> {
    let e = kind_of(&mark);
    let mut out = Outcome::line(format!("{} now carries {} ({})", c.name, e.name, e.kind.as_str()));
    if limits {
        let mut worn: Vec<_> = c.marks(ENCHANTMENTS).map(kind_of).collect();
        worn.push(e.clone());
        let check = check_enchantments(&worn);
        if !check.allowed {
            return Err(Error::InvalidInput(format!(
                "{} cannot take {} ({}): {}",
                c.name,
                e.name,
                e.kind.as_str(),
                check.problems.join("; ")
            )));
        }
        out.terms = check.terms;
    }
    let points = mark.number("magic-armor");
    if points > 0 {
        let before = magic_sources(c);
        let a = magic_takes_hold(&c.name, &before, &e.name, points, worn_max(c))?;
        out.terms.extend(a.terms);
        let old_max = before.iter().map(|s| s.points).max().unwrap_or(0);
        if a.counts > old_max {
            for loc in LOCATION_NAMES {
                c.set(&armor_key(loc), a.counts);
            }
            let points = crate::rules::plural(a.counts, "point");
            out.lines.push(format!("{} has {points} of Magic Armor on every location", c.name));
        } else {
            out.lines
                .push(format!("{}'s {points} Magic Armor is ignored while a higher one ({old_max}) is worn", e.name));
        }
        out.terms.push(Term::num("Magic Armor per location", a.counts, Some(R_MAGIC_ARMOR)));
    }
    c.marks.push(mark);
    Ok(out)
}
