//! Initiative: the Initiative Total plus a stress die, rolled once for the whole combat;
//! and what the start of a turn does.

use super::*;

pub(super) fn initiative(c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
    let mut lines = Vec::new();
    let (base, mut terms) = match spell_initiative(c.stat("quickness")).ok().filter(|_| c.stat("casts") > 0) {
        Some(t) => {
            lines.push(format!(
                "{} casts spells: Quickness {:+} alone, no weapon (Interpretation: no Encumbrance either)",
                c.name, t.total
            ));
            (t.total, vec![Term::num(format!("{}: Quickness alone (casting)", c.name), t.total, Some(R_MAGIC))])
        }
        None => (
            c.stat("initiative"),
            vec![Term::num(
                format!("{}: Initiative Total before the die", c.name),
                c.stat("initiative"),
                Some(R_INITIATIVE),
            )],
        ),
    };
    terms.push(Term::num(format!("{}: stress die", c.name), roll, Some(R_INITIATIVE)));
    // Wounds and fatigue brought into the fight count against the roll, as on the sheet.
    let p = penalty_of(c).map_or(0, |p| p.total);
    if p != 0 {
        terms.push(Term::num(format!("{}: wound and fatigue penalty", c.name), p, Some(R_SEQUENCE)));
    }
    (vec![base + roll + p], Outcome { lines, terms })
}

pub(super) fn start_turn(c: &mut Combatant) -> Outcome {
    // Exertion lasts until the exerting party's turn comes round again.
    // A round, for exertion and spells, runs from one of its turns to the next.
    for key in ["exert-attack", "exert-defense", "exerted", "attacked", "disengaging", "spell-normal", "spell-fast"] {
        c.set(key, 0);
    }
    if let Some(why) = cannot_act(c) {
        return Outcome::line(why);
    }
    match penalty_of(c) {
        Some(p) if p.total != 0 => {
            Outcome { lines: vec![format!("{} acts at {:+} (wounds and fatigue)", c.name, p.total)], terms: p.terms }
        }
        _ => Outcome::default(),
    }
}
