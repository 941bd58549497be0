//! Death Points: what gains and removes them, and death at 8.

use super::conditions::{CATCHING_BREATH, C_FATIGUED};
use crate::encounters::{Combatant, Outcome};
use crate::rules::Term;
use crate::systems::mythcraft::rules::{death_points, DeathEvent, DEATH_AT, R_DYING};

/// Adds the Death Points `events` give (none while Catching your Breath), and death
/// at 8.
pub(super) fn gain(c: &mut Combatant, events: &[DeathEvent], why: &str, mut out: Outcome) -> Outcome {
    let catching = c.has(CATCHING_BREATH) || c.has("mythcraft/condition/catching-your-breath");
    let start = c.value("death-points").clamp(0, DEATH_AT);
    match death_points(start, events, catching, c.has(C_FATIGUED)) {
        Ok(track) => {
            let gained = track.points - start;
            c.set("death-points", track.points);
            out.terms.extend(track.terms);
            if catching {
                out.lines.push(format!("{} is Catching their Breath: no Death Points from {why}", c.name));
            } else if gained > 0 {
                out.lines.push(format!(
                    "{} gains {gained} Death Point{} from {why} ({} of {DEATH_AT})",
                    c.name,
                    if gained == 1 { "" } else { "s" },
                    track.points
                ));
            }
            if track.dead {
                c.set("dead", 1);
                out.lines.push(format!("{} dies ({DEATH_AT} Death Points)", c.name));
                out.terms.push(Term::text("Death", format!("{DEATH_AT} Death Points"), Some(R_DYING)));
            }
        }
        Err(e) => out.lines.push(format!("{}: Death Points not worked out: {e}", c.name)),
    }
    out
}

/// The combatant suffers Fatigue: a Death Point and the Fatigued condition.
pub(super) fn fatigue(c: &mut Combatant) -> crate::error::Result<Outcome> {
    if c.value("dead") > 0 {
        return Err(crate::error::Error::InvalidInput(format!("{} is dead", c.name)));
    }
    let fresh = super::conditions::gain_condition(c, super::conditions::C_FATIGUED_REF);
    let mut out = gain(c, &[DeathEvent::Fatigue], "Fatigue", Outcome::default());
    if fresh {
        out.lines.push(format!("{} is Fatigued", c.name));
    }
    Ok(out)
}
