//! Mend: a location's armour, a shield or a weapon repaired.

use super::super::rules::{mend as mended, Mendable, MEND_INTERPRETATION};
use super::board::*;
use super::bounds::rating;
use crate::encounters::{Act, Combatant, Outcome};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};

/// What brings a destroyed shield back, said wherever one is found destroyed: a `set` of
/// the shield stat gives a player a shield, it does not mend one.
pub(super) const SHIELD_BACK: &str = " (the mend action with --what shield makes it whole)";

pub(super) static MEND_PARAMS: &[Param] = &[
    Param {
        name: "what",
        help: "What is repaired: the armour at a --location, the player's shield, or one of their destroyed weapons. Interpretation: armour comes back to its full rating, a shield (damaged or destroyed) to whole.",
        kind: ParamKind::Choice { options: &["location", "shield", "weapon"] },
        required: false,
        default: Some("location"),
    },
    Param {
        name: "location",
        help: "The hit location whose armour is repaired.",
        kind: ParamKind::Choice { options: LOCATION_NAMES },
        required: false,
        default: None,
    },
];

pub(super) fn mend(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    // Frozen, Insubstantial and Invulnerable keep abilities off what the player carries
    // and wears, too.
    if let Some(state) = super::hits::untouchable(c) {
        return Err(Error::InvalidInput(format!(
            "{} is {}: abilities do not affect them or their equipment, so Mend does nothing",
            c.name,
            crate::rules::key_label(state)
        )));
    }
    let what = act.inputs.choice("what")?.unwrap_or("location");
    let mut out = Outcome::default();
    match what {
        "shield" => {
            if !has_shield(c) {
                return Err(Error::InvalidInput(format!(
                    "{} has no shield to mend (give them one with `set {} shield 1`)",
                    c.name, c.name
                )));
            }
            let r =
                mended(Mendable::Shield { hits: c.value("shield-hits"), destroyed: c.value("shield-destroyed") > 0 })
                    .map_err(|e| Error::InvalidInput(format!("{}'s shield: {}", c.name, plain(e))))?;
            c.set("shield-hits", 0);
            c.set("shield-destroyed", 0);
            out.lines.push(format!("Mend: {}'s shield is whole again", c.name));
            out.terms = r.terms;
        }
        "weapon" => {
            let r = mended(Mendable::Weapon { destroyed: c.value("weapon-destroyed") })
                .map_err(|e| Error::InvalidInput(format!("{}: {}", c.name, plain(e))))?;
            if let Mendable::Weapon { destroyed } = r.after {
                c.set("weapon-destroyed", destroyed);
            }
            out.lines.push(format!("Mend: one of {}'s destroyed weapons is repaired", c.name));
            out.terms = r.terms;
        }
        _ => {
            let loc = act.inputs.choice("location")?.ok_or_else(|| {
                Error::InvalidInput(format!("Mend on armour needs its --location ({})", LOCATION_NAMES.join(", ")))
            })?;
            let before = c.value(&armor_key(loc));
            let r = mended(Mendable::Location { rated: rating(c, loc), points: before }).map_err(|e| {
                Error::InvalidInput(format!("{}'s {}: {}", c.name, label(loc).to_lowercase(), plain(e)))
            })?;
            if let Mendable::Location { points, .. } = r.after {
                c.set(&armor_key(loc), points);
                out.lines.push(format!("Mend: {}'s {} armour {before} → {points}", c.name, label(loc).to_lowercase()));
            }
            out.terms = r.terms;
        }
    }
    out.lines.push(MEND_INTERPRETATION.into());
    Ok(out)
}

/// An error's message without its kind, to prefix with where it happened.
fn plain(e: Error) -> String {
    match e {
        Error::InvalidInput(m) => m,
        other => other.to_string(),
    }
}
