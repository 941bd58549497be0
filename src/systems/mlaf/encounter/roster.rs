//! The `roster` action: a caster's roster position and the open spells he learned, so
//! his casts are checked against the spells he knows and racial spells stay with their
//! race.

use std::collections::BTreeMap;

use super::super::rules::roster_spells;
use crate::encounters::{saved_sheet, Act, Facts, Mark, Outcome, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind};
use crate::Kind;

pub(super) const KNOWN: &str = "known";
pub(super) const POSITION: &str = "position";
/// The position's starting skills from the roster, in its order.
pub(super) const SKILLS: &str = "skill";

pub(super) static ROSTER_PARAMS: &[Param] = &[
    Param {
        name: "position",
        help: "The caster's roster position, by name or id (`Siren`); it brings its racial spell.",
        kind: ParamKind::Entry { kind: Kind::Position },
        required: true,
        default: None,
    },
    Param {
        name: "spells",
        help: "Open spells he learned from the Spell Table, comma-separated (`Fire Ball, Toad`); another race's racial spell is refused.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
];

/// The position and the spells, looked up once, as facts.
pub(super) fn prepare(book: &dyn Rulebook, act: &Act<'_>) -> Result<Facts> {
    let learned: Vec<&str> = act.inputs.text("spells").unwrap_or_default().split(',').collect();
    let k = roster_spells(book, act.inputs.text("position").unwrap_or_default(), &learned)?;
    let spells: Vec<String> = k.spells.iter().map(|(id, name)| format!("{id}={name}")).collect();
    Ok(BTreeMap::from([
        ("position".into(), k.position),
        ("position-id".into(), k.position_id),
        ("race".into(), k.race),
        ("racial".into(), k.racial.unwrap_or_default()),
        ("known".into(), spells.join("|")),
        ("skills".into(), k.skills.join("|")),
    ]))
}

/// Sets the caster's position and spells. Once the match is under way (`keep_known`,
/// for a roster stored by rules 8 on), a change that would drop a spell he knows is
/// refused, naming it: spells are learned by Star Player Rolls between matches (line
/// 40), never lost in one (interpretation); one he lacked may still be added.
pub(super) fn run(s: &mut State, act: &Act<'_>, keep_known: bool) -> Result<Outcome> {
    let position = act.fact("position").unwrap_or_default().to_string();
    let race = act.fact("race").unwrap_or_default().to_string();
    let racial = act.fact("racial").unwrap_or_default().to_string();
    let mut known = Vec::new();
    for pair in act.fact("known").unwrap_or_default().split('|').filter(|p| !p.is_empty()) {
        let (id, name) = pair
            .split_once('=')
            .ok_or_else(|| Error::InvalidInput(format!("the roster action holds a damaged spell `{pair}`")))?;
        known.push(Mark {
            list: KNOWN.into(),
            name: name.into(),
            id: Some(id.into()),
            flags: if id == racial { vec!["racial".into()] } else { Vec::new() },
            numbers: BTreeMap::new(),
        });
    }
    let started = s.started();
    let c = &mut s.combatants[act.who()];
    if keep_known && started {
        let dropped: Vec<&str> =
            c.marks(KNOWN).filter(|m| !known.iter().any(|k| k.id == m.id)).map(|m| m.name.as_str()).collect();
        if !dropped.is_empty() {
            return Err(Error::InvalidInput(format!(
                "{} knows {}: a roster change during the match cannot drop a spell he knows (interpretation: spells \
                 are learned between matches and kept); name them again, or change the roster before the match",
                c.name,
                dropped.join(", ")
            )));
        }
    }
    c.marks.retain(|m| m.list != KNOWN && m.list != POSITION && m.list != SKILLS);
    let names: Vec<String> = known
        .iter()
        .map(|m| if m.flagged("racial") { format!("{} (racial)", m.name) } else { m.name.clone() })
        .collect();
    let line = format!("{}: {position} ({race}), knows {}", c.name, names.join(", "));
    // A roster stored before Tome kept the position's id or skills has none.
    let skills = act.fact("skills").unwrap_or_default().split('|').filter(|n| !n.is_empty());
    c.marks.extend(marks(&format!("{position} ({race})"), act.fact("position-id"), skills, known));
    Ok(Outcome::line(line))
}

/// The `sheet` action: a caster's sheet saved, brought onto the board whole (his level
/// and SPP, his position, its skills and the spells he knows), as Tome made it from the
/// save. Once the match is under way a save that leaves off a spell he knows keeps it, as
/// a roster change does (interpretation: spells are learned between matches and kept),
/// and says so.
pub(super) fn sheet_saved(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let mut diff = saved_sheet(
        act,
        &s.combatants[act.who()],
        "`roster` for his position and the spells he knows, `set` for his level or SPP",
    )?;
    let started = s.started();
    let c = &mut s.combatants[act.who()];
    let mut kept = Vec::new();
    if started {
        let on = diff.marks_on.clone();
        diff.marks_off.retain(|(list, name)| {
            let dropped = list == KNOWN && !on.iter().any(|m| m.list == KNOWN && m.name == *name);
            if dropped {
                kept.push(name.clone());
            }
            !dropped
        });
    }
    diff.apply(c);
    // The roster's order: the position, its skills, then the spells he knows.
    let rank = |m: &Mark| [POSITION, SKILLS, KNOWN].iter().position(|l| *l == m.list).unwrap_or(3);
    c.marks.sort_by_key(rank);
    let mut out = Outcome::line(format!("{}'s sheet, saved: {}", c.name, diff.said()));
    if !kept.is_empty() {
        out.lines.push(format!(
            "{} still knows {}: a spell is not lost during the match (interpretation: spells are learned between \
             matches and kept)",
            c.name,
            kept.join(", ")
        ));
    }
    Ok(out)
}

/// A caster's position, its skills and the spells he knows, as his marks.
fn marks<'a>(
    position: &str,
    position_id: Option<&str>,
    skills: impl Iterator<Item = &'a str>,
    known: Vec<Mark>,
) -> Vec<Mark> {
    let mut out = vec![Mark {
        list: POSITION.into(),
        name: position.to_string(),
        id: position_id.map(String::from),
        flags: Vec::new(),
        numbers: BTreeMap::new(),
    }];
    out.extend(skills.map(skill));
    out.extend(known);
    out
}

/// What a caster from the library joins a match with, as the `roster` action records it:
/// his roster position, its skills, and the spells he knows (the position's racial spell,
/// then the spells among his attacks, learned from the Spell Table). No position, nothing.
///
/// # Errors
/// A position or spell the content does not hold; another race's racial spell (line 172).
pub(super) fn adversary_marks(book: &dyn Rulebook, position: Option<&str>, entries: &[&str]) -> Result<Vec<Mark>> {
    let learned: Vec<&str> =
        entries.iter().copied().filter(|id| id.split('/').nth(1) == Some(Kind::Spell.as_str())).collect();
    let Some(position) = position else {
        // A racial spell is its position's alone (line 172): without the position it could
        // never be cast.
        for id in &learned {
            let (spell, detail) = super::super::rules::spell_detail(book, id)?;
            if detail.list == "racial" {
                return Err(crate::error::Error::InvalidInput(format!(
                    "{} is a racial spell ({}): give the caster his roster position, or he can never cast it",
                    spell.name,
                    detail.restriction.as_deref().unwrap_or("its own race alone")
                )));
            }
        }
        return Ok(Vec::new());
    };
    let k = roster_spells(book, position, &learned)?;
    let known = k
        .spells
        .iter()
        .map(|(id, name)| Mark {
            list: KNOWN.into(),
            name: name.clone(),
            id: Some(id.clone()),
            flags: if k.racial.as_ref() == Some(id) { vec!["racial".into()] } else { Vec::new() },
            numbers: BTreeMap::new(),
        })
        .collect();
    let name = format!("{} ({})", k.position, k.race);
    Ok(marks(&name, Some(&k.position_id), k.skills.iter().map(String::as_str), known))
}

/// One of the position's starting skills as the caster's mark.
pub(super) fn skill(name: &str) -> Mark {
    Mark { list: SKILLS.into(), name: name.into(), id: None, flags: Vec::new(), numbers: BTreeMap::new() }
}
