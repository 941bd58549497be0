//! The values a reeve may set by hand (`encounter set NAME FIELD N`), each bounded by
//! its rule, and what the board refuses to be left in after any change.

use super::super::rules::{MAX_WEAPONS, SHIELD_CRUSHING_HITS};
use super::board::*;
use super::enchant::magic_rating;
use crate::encounters::{Combatant, Outcome};
use crate::error::{Error, Result};

/// The points a location's armour is rated at: the Magic Armor an enchantment grants,
/// or else the worn armour's rating there.
pub(super) fn rating(c: &Combatant, loc: &str) -> i64 {
    magic_rating(c).unwrap_or_else(|| c.stat(&format!("worn-{loc}")))
}

fn location_of<'a>(field: &'a str, prefix: &str) -> Option<&'a str> {
    field.strip_prefix(prefix).filter(|l| LOCATION_NAMES.contains(l))
}

/// A location's name typed to `set` (`torso`, `armor.torso`) names the armour points left
/// there, which the board shows under the location, not the worn armour's rating (its
/// stat `worn-torso`, which the same words name as a player joins).
pub(super) fn set_word(field: &str) -> Option<String> {
    let w = field.trim().to_ascii_lowercase().replace('_', "-");
    let loc = w.strip_prefix("armor.").or_else(|| w.strip_prefix("armour-")).unwrap_or(&w);
    LOCATION_NAMES.contains(&loc).then(|| armor_key(loc))
}

pub(super) fn value_range(c: &Combatant, field: &str) -> Option<(i64, i64)> {
    if let Some(loc) = location_of(field, "armor-") {
        return Some((0, rating(c, loc)));
    }
    if location_of(field, "wound-").is_some() {
        return Some((0, 1));
    }
    let lives = c.stat("lives");
    Some(match field {
        "dead" | "shield-destroyed" => (0, 1),
        // A living player has died at most one time fewer than their lives; a dead one
        // has died at least once.
        "deaths" if dead(c) => (1, lives),
        "deaths" => (0, lives - 1),
        // The third Shield Crushing hit destroys the shield, so a whole one holds two.
        "shield-hits" => (0, SHIELD_CRUSHING_HITS - 1),
        "weapon-destroyed" => (0, MAX_WEAPONS),
        _ => return None,
    })
}

pub(super) fn after_set(c: &mut Combatant, field: &str) -> Result<Outcome> {
    if field == "dead" {
        return Err(Error::InvalidInput(
            "dead changes through the die, respawn and return-to-life actions, which say what a death removes".into(),
        ));
    }
    if (field == "shield-hits" || field == "shield-destroyed") && !has_shield(c) {
        return Err(Error::InvalidInput(format!(
            "{} carries no shield (give them one with `set {} shield 1`)",
            c.name, c.name
        )));
    }
    if field == "shield" && has_shield(c) && c.value("shield-destroyed") > 0 {
        return Ok(Outcome::line(format!("{}'s shield is still destroyed{}", c.name, super::mend::SHIELD_BACK)));
    }
    if let Some(loc) = location_of(field, "wound-").filter(|_| c.value(field) > 0) {
        if dead(c) {
            return Err(Error::InvalidInput(format!("{} is dead: a wound on them counts for nothing", c.name)));
        }
        // A wound set by hand kills as one from a hit would.
        if let Some(why) = super::hits::wound_kills(c, loc, false) {
            let mut out = Outcome::line(format!("{}: {why}", c.name));
            let o = super::life::die(c, false)?;
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
            return Ok(out);
        }
    }
    Ok(Outcome::default())
}

/// What no change may leave on a player: armour above its rating (a rating lowered by
/// hand under what is left), worn armour beside Magic Armor (line 92), or a living
/// player with no life left (lives lowered under the deaths).
pub(super) fn check(c: &Combatant) -> Result<()> {
    for loc in LOCATION_NAMES {
        let (points, rated) = (c.value(&armor_key(loc)), rating(c, loc));
        if points > rated {
            return Err(Error::InvalidInput(format!(
                "{}'s {} holds {points} armour points, above its rating of {rated}: lower armor-{loc} first",
                c.name,
                label(loc).to_lowercase()
            )));
        }
        if c.stat(&format!("worn-{loc}")) > 0 && magic_rating(c).is_some() {
            return Err(Error::InvalidInput(format!(
                "{} bears an enchantment granting Magic Armor: worn armour rated above 0 may not be put on with it",
                c.name
            )));
        }
    }
    if !dead(c) && c.value("deaths") >= c.stat("lives") {
        return Err(Error::InvalidInput(format!(
            "{} has {} deaths and is alive: lives must be more than the deaths",
            c.name,
            c.value("deaths")
        )));
    }
    Ok(())
}
