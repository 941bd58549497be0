//! Initiative: the d10 raised by a boosting spell, or replaced by a Shaping roll.

use crate::encounters::{Combatant, Outcome};
use crate::systems::primal_wild::rules::{boosted_initiative, shaped_initiative, Aspect};

pub(super) fn aspect_of(n: i64) -> Option<Aspect> {
    match n {
        1 => Some(Aspect::Sensory),
        2 => Some(Aspect::Covert),
        3 => Some(Aspect::Vulgar),
        _ => None,
    }
}

pub(super) fn initiative(c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
    let modifier = c.stat("initiative").clamp(-10, 30);
    let shaped = c.stat("shaped-potency");
    let result = if shaped > 0 {
        shaped_initiative(modifier, shaped)
    } else {
        boosted_initiative(modifier, roll.clamp(1, 10), aspect_of(c.stat("boost")))
    };
    match result {
        Ok(i) => {
            let mut terms = i.terms;
            for t in &mut terms {
                t.label = format!("{}: {}", c.name, t.label);
            }
            // Interpretation: ties go to the higher modifier, then a re-roll.
            (vec![i.initiative, modifier], Outcome { lines: Vec::new(), terms })
        }
        Err(e) => (vec![modifier + roll, modifier], Outcome::line(format!("{}: {e}", c.name))),
    }
}
