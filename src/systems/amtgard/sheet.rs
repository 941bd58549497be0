//! The Amtgard sheet (a player on the field): armour by hit location, Magic Armor,
//! worn enchantments, current States and the Special Effects the player carries.

use super::rules::{self as am, CameFirst, TouchTarget};
use crate::characters::Character;
use crate::error::Result;
use crate::rulebook::Rulebook;
use crate::rules::Term;
use crate::sheets::layout::{
    choice, family_section, header, list, list_section, notes, section, text, ListKind, SheetLayout,
};
use crate::sheets::{sheet_entry, Derived, Reader};
use crate::Kind;

const R_ENCHANTMENTS: &str = "amtgard/rule/enchantments";
const R_MAGIC_ARMOR: &str = "amtgard/rule/magic-armor";
const R_RANGE: &str = "amtgard/rule/range";
const R_SPECIAL_EFFECTS: &str = "amtgard/rule/special-effects";

const G_ARMOR: &str = "Armour";
const G_MAGIC: &str = "Enchantments";
const G_STATES: &str = "States";

/// The hit locations armour is counted on: (key after `armor.`, label).
pub(super) const LOCATIONS: &[(&str, &str)] = &[
    ("torso", "Torso"),
    ("left-arm", "Left arm"),
    ("right-arm", "Right arm"),
    ("left-leg", "Left leg"),
    ("right-leg", "Right leg"),
];

pub(crate) fn layout() -> SheetLayout {
    SheetLayout {
        system: super::rules::SYSTEM.into(),
        title: "Player".into(),
        sections: vec![
            header(vec![text("class", "Class", "The class you play, e.g. Barbarian, Scout or Paladin.")]),
            family_section("armor", "Armour points", "armor.", "Location", (0, am::MAX_ARMOR), LOCATIONS),
            section(
                "magic-armor",
                "Magic Armor",
                vec![
                    text(
                        "magic-armor",
                        "Magic Armor",
                        "Enchantments granting it, with points per location: Stoneskin:2, Barkskin:1.",
                    )
                    .rule(R_MAGIC_ARMOR),
                    text(
                        "magic-armor-lost",
                        "Magic Armor lost",
                        "Points of Magic Armor knocked off each location, LOCATION=N: torso=1, left-arm=2. Lower it when the armour is repaired.",
                    )
                    .rule(R_MAGIC_ARMOR),
                    choice(
                        "armor-first",
                        "On first",
                        &["worn", "magic"],
                        "With both worn armour and Magic Armor: which the player had first.",
                    )
                    .rule(R_MAGIC_ARMOR),
                ],
            ),
            section(
                "enchantments",
                "Enchantments",
                vec![text(
                    "enchantments",
                    "Worn enchantments",
                    "m:NAME for a magical one, ex:NAME for an extraordinary one, separated by commas.",
                )
                .rule(R_ENCHANTMENTS)],
            ),
            list_section(
                "states",
                "States",
                list(ListKind::Conditions, &[Kind::Condition], false, "The States on the player right now."),
                vec![],
            ),
            list_section(
                "special-effects",
                "Special Effects",
                list(
                    ListKind::Items,
                    &[Kind::SpecialEffect],
                    false,
                    "Special Effects your weapons or abilities carry; declare them when an engagement starts.",
                ),
                vec![],
            ),
            section("notes", "Notes", vec![notes()]),
        ],
    }
}

/// A calculator's message without the command-line flag it starts with, and with a
/// capital letter.
fn tidy(message: &str) -> String {
    let m = message.split_once(": ").filter(|(flag, _)| flag.starts_with("--")).map_or(message, |(_, rest)| rest);
    let mut chars = m.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// What the rules derive from an Amtgard sheet, step by step: the enchantments worn
/// (allowed together or not), the armour on each location (worn, or Magic Armor with
/// what it has lost), the States others' Touch abilities meet, and what the player
/// declares when an engagement starts.
pub(crate) fn derive(tome: &dyn Rulebook, c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
    let mut declare: Vec<Term> = Vec::new();
    let enchantments = worn_enchantments(r, &mut declare, out);
    armour(c, r, enchantments.as_deref(), &mut declare, out);
    touch_states(tome, c, out)?;
    declaration(tome, c, declare, out)
}

/// The enchantments worn, checked together, each to be declared; `None` when the
/// field cannot be read (with its warning).
fn worn_enchantments(r: &mut Reader, declare: &mut Vec<Term>, out: &mut Derived) -> Option<Vec<am::Enchantment>> {
    let enchantments = match r.text("enchantments") {
        None => Some(Vec::new()),
        Some(t) => match am::parse_enchantments(&t) {
            Ok(list) => Some(list),
            Err(e) => {
                out.warn(Some("enchantments".into()), tidy(&e.to_string()), Some(R_ENCHANTMENTS));
                None
            }
        },
    };
    if let Some(worn) = &enchantments {
        let check = am::check_enchantments(worn);
        out.push(
            "enchantments.allowed",
            "Enchantments allowed together",
            G_MAGIC,
            check.allowed,
            check.terms,
            Some(R_ENCHANTMENTS),
        );
        for problem in &check.problems {
            out.warn(Some("enchantments".into()), tidy(problem), Some(R_ENCHANTMENTS));
        }
        for e in worn {
            declare.push(Term::text(format!("{} ({})", e.name, e.kind.as_str()), "enchantment", Some(R_ENCHANTMENTS)));
        }
    }

    enchantments
}

/// Armour: worn by location, or Magic Armor on every location (which keeps worn armour
/// off, and fails on a player already in armour), less what it has lost, and the total.
fn armour(
    c: &Character,
    r: &mut Reader,
    enchantments: Option<&[am::Enchantment]>,
    declare: &mut Vec<Term>,
    out: &mut Derived,
) {
    let sources = match r.text("magic-armor") {
        None => Vec::new(),
        Some(t) => am::parse_magic_sources(&t).unwrap_or_else(|e| {
            out.warn(Some("magic-armor".into()), tidy(&e.to_string()), Some(R_MAGIC_ARMOR));
            Vec::new()
        }),
    };
    let came_first = match r.text("armor-first").as_deref() {
        Some("magic") => CameFirst::Magic,
        _ => CameFirst::Worn,
    };
    let mut locations: Vec<(String, String, i64)> =
        LOCATIONS.iter().map(|(k, l)| (format!("armor.{k}"), l.to_string(), 0)).collect();
    for (key, label, points) in r.family("armor.") {
        match locations.iter_mut().find(|(k, _, _)| *k == key) {
            Some(loc) => loc.2 = points,
            None => locations.push((key, label, points)),
        }
    }
    let worn_max = locations.iter().map(|(_, _, p)| *p).max().unwrap_or(0);
    let magic_points = if sources.is_empty() {
        None
    } else {
        let standing = magic_armor(r, &sources, worn_max, came_first, enchantments, out);
        declare.push(Term::text("Magic Armor", "must be declared", Some(R_MAGIC_ARMOR)));
        standing
    };
    let lost = magic_armor_lost(r, &locations, magic_points.is_some(), out);
    let written = worn_max > 0 || !sources.is_empty() || c.values.keys().any(|k| k.starts_with("armor."));
    armour_by_location(&locations, magic_points.as_ref(), &lost, !sources.is_empty(), written, out);
}

/// Which armour stands, decided for the whole player: worn armour anywhere makes a
/// Magic Armor enchantment fail, and Magic Armor keeps worn armour off. The Magic Armor
/// standing (its points and source), if any; a source not among the worn enchantments
/// is warned about.
fn magic_armor(
    r: &mut Reader,
    sources: &[am::MagicArmorSource],
    worn_max: i64,
    came_first: CameFirst,
    enchantments: Option<&[am::Enchantment]>,
    out: &mut Derived,
) -> Option<(i64, String)> {
    let mut magic_points = None;
    match am::magic_armor(sources, am::WornArmor::intact(worn_max), came_first, None, am::Enhancement::None) {
        Ok(a) => {
            let wins = a.source != "worn armor" && a.source != "none";
            out.push(
                "magic-armor",
                "Magic Armor per location",
                G_ARMOR,
                if wins { a.counts } else { 0 },
                a.terms,
                Some(R_MAGIC_ARMOR),
            );
            for w in &a.warnings {
                out.warn(Some("magic-armor".into()), tidy(w), Some(R_MAGIC_ARMOR));
            }
            if wins {
                magic_points = Some((a.counts, a.source));
            }
        }
        Err(e) => out.warn(Some("magic-armor".into()), tidy(&e.to_string()), Some(R_MAGIC_ARMOR)),
    }
    if let Some(worn) = enchantments.filter(|_| r.text("enchantments").is_some()) {
        for s in sources {
            if !worn.iter().any(|e| e.name.eq_ignore_ascii_case(&s.name)) && !s.name.starts_with("Magic Armor source") {
                out.warn(
                    Some("magic-armor".into()),
                    format!("{} grants Magic Armor but is not among the worn enchantments", s.name),
                    Some(R_MAGIC_ARMOR),
                );
            }
        }
    }
    magic_points
}

/// What Magic Armor has lost, by location, as the player recorded it (Magic Armor
/// takes damage like any armour).
fn magic_armor_lost(
    r: &mut Reader,
    locations: &[(String, String, i64)],
    standing: bool,
    out: &mut Derived,
) -> Vec<(String, i64)> {
    let mut lost: Vec<(String, i64)> = Vec::new();
    if let Some(raw) = r.text("magic-armor-lost") {
        match crate::rules::named::parse_named("magic-armor-lost", &raw, (0, am::MAX_ARMOR), false) {
            Ok(pairs) => {
                for (name, values) in pairs {
                    let want = name.to_ascii_lowercase().replace([' ', '_'], "-");
                    match locations
                        .iter()
                        .find(|(k, l, _)| k.trim_start_matches("armor.") == want || l.eq_ignore_ascii_case(&name))
                    {
                        Some((k, _, _)) => lost.push((k.clone(), values[0])),
                        None => out.warn(
                            Some("magic-armor-lost".into()),
                            format!(
                                "{name} is not a hit location ({})",
                                LOCATIONS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
                            ),
                            Some(R_MAGIC_ARMOR),
                        ),
                    }
                }
            }
            Err(e) => out.warn(Some("magic-armor-lost".into()), tidy(&e.to_string()), Some(R_MAGIC_ARMOR)),
        }
        if !standing && lost.iter().any(|(_, n)| *n > 0) {
            out.warn(
                Some("magic-armor-lost".into()),
                "Magic Armor lost is recorded, but no Magic Armor stands on the player".to_string(),
                Some(R_MAGIC_ARMOR),
            );
        }
    }
    lost
}

/// The armour points on each location (shown once any armour is written) and in all.
fn armour_by_location(
    locations: &[(String, String, i64)],
    magic_points: Option<&(i64, String)>,
    lost: &[(String, i64)],
    magic_sources: bool,
    written: bool,
    out: &mut Derived,
) {
    let mut total = 0;
    let mut total_terms = Vec::new();
    for (key, label, worn) in locations {
        let (points, terms, rule) = match magic_points {
            Some((p, source)) => {
                let mut terms = vec![Term::num(format!("Magic Armor from {source}"), *p, Some(R_MAGIC_ARMOR))];
                if *worn > 0 {
                    terms.push(Term::text(format!("Worn armour ({worn})"), "may not be put on", Some(R_MAGIC_ARMOR)));
                }
                let gone = lost.iter().find(|(k, _)| k == key).map_or(0, |(_, n)| (*n).min(*p));
                if gone > 0 {
                    terms.push(Term::num("Magic Armor lost", -gone, Some(R_MAGIC_ARMOR)));
                }
                (*p - gone, terms, Some(R_MAGIC_ARMOR))
            }
            None => {
                let mut terms = vec![Term::num("Worn armour", *worn, None)];
                if magic_sources {
                    terms.push(Term::text("Magic Armor", "fails on a player already in armour", Some(R_MAGIC_ARMOR)));
                }
                (*worn, terms, None)
            }
        };
        total += points;
        total_terms.push(Term::num(label.clone(), points, rule));
        if written {
            out.push(key.clone(), label.clone(), G_ARMOR, points, terms, rule);
        }
    }
    out.push("armor-total", "Armour points in all", G_ARMOR, total, total_terms, None);
}

/// States: whether others can use Touch abilities on the player unasked.
fn touch_states(tome: &dyn Rulebook, c: &Character, out: &mut Derived) -> Result<()> {
    let mut states = Vec::new();
    for cond in &c.conditions {
        if let Some(e) = sheet_entry(tome, &cond.entry_id, format!("condition:{}", cond.entry_id), out)? {
            if let Ok(found) = am::parse_states(&e.name) {
                states.extend(found);
            }
        }
    }
    let touch = am::touch(&TouchTarget { willing: false, is_self: false, states, can_move: false }, false);
    out.push(
        "touch-unwilling",
        "Touch abilities usable on the player unasked",
        G_STATES,
        touch.allowed,
        touch.terms,
        Some(R_RANGE),
    );
    Ok(())
}

/// What to declare when an engagement starts: the enchantments, Magic Armor and the
/// Special Effects carried.
fn declaration(tome: &dyn Rulebook, c: &Character, mut declare: Vec<Term>, out: &mut Derived) -> Result<()> {
    for item in &c.items {
        if let Some(e) = sheet_entry(tome, &item.entry_id, format!("item:{}", item.entry_id), out)? {
            if e.kind == Kind::SpecialEffect {
                declare.push(Term::text(e.name.clone(), "special effect", Some(e.id.as_str())));
            }
        }
    }
    let value = if declare.is_empty() {
        "nothing".to_string()
    } else {
        declare.iter().map(|t| t.label.as_str()).collect::<Vec<_>>().join(", ")
    };
    if declare.is_empty() {
        declare.push(Term::text("Enchantments, Magic Armor, Special Effects", "none", Some(R_SPECIAL_EFFECTS)));
    }
    out.push("declare", "Declare when an engagement starts", G_MAGIC, value, declare, Some(R_SPECIAL_EFFECTS));
    Ok(())
}
