//! The `roster` action: a caster's roster position and the open spells he learned, so
//! his casts are checked against the spells he knows and racial spells stay with their
//! race.

use std::collections::BTreeMap;

use super::super::rules::roster_spells;
use crate::encounters::{Act, Mark, Outcome, State};
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
pub(super) fn prepare(book: &dyn Rulebook, act: &Act<'_>) -> Result<BTreeMap<String, String>> {
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
    c.marks.push(Mark {
        list: POSITION.into(),
        name: format!("{position} ({race})"),
        // A roster stored before Tome kept the position's id has none.
        id: act.fact("position-id").map(String::from),
        flags: Vec::new(),
        numbers: BTreeMap::new(),
    });
    // A roster stored before Tome kept the position's skills has none to show.
    c.marks.extend(act.fact("skills").unwrap_or_default().split('|').filter(|n| !n.is_empty()).map(skill));
    c.marks.extend(known);
    Ok(Outcome::line(line))
}

/// One of the position's starting skills as the caster's mark.
pub(super) fn skill(name: &str) -> Mark {
    Mark { list: SKILLS.into(), name: name.into(), id: None, flags: Vec::new(), numbers: BTreeMap::new() }
}
