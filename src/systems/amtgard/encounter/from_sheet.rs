//! What a player's sheet brings onto the board (issue 72: "a saved character enters the
//! fight whole"): the worn armour's rating by location, the worn enchantments (each as
//! the `enchant` action keeps it, [`enchantment_mark`]) with the Magic Armor they grant
//! where it stands ("Magic Armor covers all locations", line 92), the States the sheet
//! holds (Cursed "persists after death", line 171), and the armour points left on each
//! location. The numbers are the sheet's own, as it derives them (`sheet.rs`): which
//! armour stands and what it has lost are decided there once, and read here.

use std::collections::BTreeMap;

use super::super::rules::{
    parse_enchantments, parse_magic_sources, EnchantmentKind, MagicArmorSource, MAX_ARMOR, UNNAMED_SOURCE,
};
use super::board::*;
use super::enchant::{enchantment_mark, magic_rating, magic_takes_hold, take_on};
use crate::characters::{Character, SheetValue};
use crate::encounters::{saved_sheet, Act, Combatant, ConditionRef, Mark, Outcome, SheetBrings};
use crate::error::Result;
use crate::rulebook::Rulebook;
use crate::sheets::Derived;

/// Whether Magic Armor stands on the sheet (it fails on a player already in worn armour,
/// and keeps worn armour off one who had it first): the sheet says so by its points.
fn magic_stands(derived: &Derived) -> bool {
    derived.int("magic-armor").unwrap_or(0) > 0
}

/// The worn armour's rating on each location: the sheet's (none where it writes none),
/// or none anywhere where Magic Armor stands (worn armour "may not be put on" then).
pub(super) fn stats_from_sheet(c: &Character, derived: &Derived) -> BTreeMap<String, i64> {
    LOCATION_NAMES
        .iter()
        .map(|loc| {
            let worn = match c.values.get(&format!("armor.{loc}")) {
                Some(SheetValue::Int(n)) if !magic_stands(derived) => (*n).clamp(0, MAX_ARMOR),
                _ => 0,
            };
            (format!("worn-{loc}"), worn)
        })
        .collect()
}

/// The enchantments, States and armour points the sheet brings.
pub(super) fn brings(book: &dyn Rulebook, c: &Character, derived: &Derived) -> SheetBrings {
    let text = |key: &str| match c.values.get(key) {
        Some(SheetValue::Text(t)) if !t.trim().is_empty() => Some(t.clone()),
        _ => None,
    };
    let mut marks: Vec<Mark> = text("enchantments")
        .and_then(|t| parse_enchantments(&t).ok())
        .unwrap_or_default()
        .iter()
        .filter_map(|e| enchantment_mark(e, false, None, false).ok().map(|(m, _)| m))
        .collect();
    {
        let sources = text("magic-armor").and_then(|t| parse_magic_sources(&t).ok()).unwrap_or_default();
        for source in sources {
            let points = source.points.clamp(1, MAX_ARMOR);
            // Interpretation: Magic Armor written as its points alone ("2") is the one
            // magical enchantment the sheet lists, when it lists one without its own
            // points (as the sheet counts it: one magical enchantment, not two).
            let unnamed = source.name.starts_with(UNNAMED_SOURCE);
            let magical = |m: &Mark| m.flags.iter().any(|f| f == EnchantmentKind::Magical.as_str());
            let sole = || {
                let open: Vec<usize> = (0..marks.len())
                    .filter(|&i| magical(&marks[i]) && !marks[i].numbers.contains_key("magic-armor"))
                    .collect();
                (open.len() == 1).then(|| open[0])
            };
            let at = marks.iter().position(|m| m.name.eq_ignore_ascii_case(&source.name)).or_else(|| {
                if unnamed {
                    sole()
                } else {
                    None
                }
            });
            match at.map(|i| &mut marks[i]) {
                Some(m) => {
                    m.numbers.insert("magic-armor".into(), points);
                }
                // A source the enchantments do not list (the sheet warns of it) is worn all
                // the same: the Magic Armor is on the player.
                None => marks.push(Mark {
                    list: ENCHANTMENTS.into(),
                    name: source.name.clone(),
                    id: None,
                    flags: vec![EnchantmentKind::Magical.as_str().into()],
                    numbers: BTreeMap::from([("magic-armor".to_string(), points)]),
                }),
            }
        }
    }
    // Each Magic Armor enchantment checked as the `enchant` action checks it, against
    // the worn armour the sheet brings and the Magic Armor already on: one that fails
    // (line 92) is not carried, so it counts toward no limit.
    let worn_max = stats_from_sheet(c, derived).into_values().max().unwrap_or(0);
    let (mut on, mut refused) = (Vec::new(), Vec::new());
    for m in marks {
        let points = m.numbers.get("magic-armor").copied().unwrap_or(0);
        let sources: Vec<MagicArmorSource> = on
            .iter()
            .filter(|x: &&Mark| x.numbers.get("magic-armor").is_some_and(|p| *p > 0))
            .map(|x| MagicArmorSource::new(&x.name, x.numbers["magic-armor"]))
            .collect();
        if points > 0 && magic_takes_hold(&c.name, &sources, &m.name, points, worn_max).is_err() {
            refused.push(m);
        } else {
            on.push(m);
        }
    }
    let held = c
        .conditions
        .iter()
        .map(|x| {
            let name = book.show(&x.entry_id).map(|e| e.name).unwrap_or_else(|_| {
                if x.name.is_empty() {
                    crate::rules::key_label(x.entry_id.rsplit('/').next().unwrap_or(&x.entry_id))
                } else {
                    x.name.clone()
                }
            });
            ConditionRef { id: Some(x.entry_id.clone()), name }
        })
        .collect();
    let values = LOCATION_NAMES
        .iter()
        .filter_map(|loc| derived.int(&format!("armor.{loc}")).map(|n| (armor_key(loc), n.clamp(0, MAX_ARMOR))))
        .collect();
    SheetBrings { marks: on, held, values, refused }
}

/// The `sheet` action: a sheet saved mid-fight, brought onto the board whole (what
/// changed of its armour, Magic Armor, enchantments and States), as Tome made it from
/// the save. Armour above the rating the new sheet leaves is lowered to it.
pub(super) fn sheet_saved(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let diff = saved_sheet(
        act,
        c,
        "`enchant` for an enchantment, `state` for a State, `set` for the armour points on a location",
    )?;
    let was: Vec<i64> = LOCATION_NAMES.iter().map(|loc| c.value(&armor_key(loc))).collect();
    let (mut lines, mut terms, mut failed, mut raised) = (Vec::new(), Vec::new(), Vec::new(), false);
    // Each enchantment comes on as the `enchant` action puts it on (the sheet checks the
    // carrying limits itself): one the board's worn armour makes fail stays off.
    diff.apply_putting_on(c, |c, m| {
        if m.list != ENCHANTMENTS {
            return c.marks.push(m.clone());
        }
        let before = magic_rating(c);
        match take_on(c, m.clone(), false) {
            Ok(o) => {
                raised |= magic_rating(c) > before;
                lines.extend(o.lines.into_iter().skip(1));
                terms.extend(o.terms);
            }
            Err(e) => failed.push(format!("{} fails: {e}", m.name)),
        }
    });
    // New Magic Armor starts every location afresh: at the sheet's points there (the
    // Magic Armor less what the sheet says it has lost), not the worn armour's.
    if raised {
        for (k, v) in diff.values_now.iter().filter(|(k, _)| k.starts_with("armor-")) {
            c.set(k, *v);
        }
    }
    let mut out = Outcome::line(format!("{}'s sheet, saved: {}", c.name, diff.said()));
    out.lines.extend(lines);
    out.lines.extend(failed);
    out.terms = terms;
    if !diff.refused.is_empty() {
        out.lines.push(format!(
            "{} stays off {}: Magic Armor enchantments fail on a player in worn armour, and one that failed takes hold only when cast again (the enchant action, or taken off the sheet and written back)",
            diff.refused.join(", "),
            c.name
        ));
    }
    for (loc, was) in LOCATION_NAMES.iter().zip(was) {
        let (points, rated) = (c.value(&armor_key(loc)), super::bounds::rating(c, loc));
        if points > rated {
            c.set(&armor_key(loc), rated);
            if was > rated {
                out.lines.push(format!("{}: {} armour lowered from {was} to {rated}", c.name, label(loc)));
            }
        }
    }
    Ok(out)
}
