//! The combat maneuvers' costs, and whether a maneuver's attack roll lands.

use super::*;

/// A basic or advanced maneuver's cost: AP for an adventurer, creature (monster)
/// actions for anyone else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ManeuverCost {
    /// The last part of the maneuver's entry id.
    pub slug: &'static str,
    pub name: &'static str,
    pub pc_ap: i64,
    /// `None` where the creature list does not have it (Hide).
    pub creature_actions: Option<i64>,
}

/// The costs the document prints (lines 184-189, 199, 221-237).
pub const MANEUVER_COSTS: &[ManeuverCost] = &[
    ManeuverCost { slug: "dodge", name: "Dodge", pc_ap: 2, creature_actions: Some(1) },
    ManeuverCost { slug: "drop-prone", name: "Drop Prone", pc_ap: 0, creature_actions: Some(0) },
    ManeuverCost { slug: "grapple", name: "Grapple", pc_ap: 2, creature_actions: Some(1) },
    ManeuverCost { slug: "hide", name: "Hide", pc_ap: 1, creature_actions: None },
    ManeuverCost { slug: "shove", name: "Shove", pc_ap: 2, creature_actions: Some(1) },
    ManeuverCost { slug: "stand", name: "Stand", pc_ap: 1, creature_actions: Some(1) },
    ManeuverCost { slug: "trip", name: "Trip", pc_ap: 2, creature_actions: Some(1) },
    ManeuverCost { slug: "disarm", name: "Disarm", pc_ap: 3, creature_actions: Some(2) },
];

/// The most sizes larger than the shover a creature may be and still be shoved.
pub const SHOVE_SIZE_LIMIT: i64 = 1;

/// What a maneuver costs the one making it, in AP, with the term.
/// Interpretation: the tracker counts one creature action as 1 AP (as the conditions'
/// limits do), and a creature pays for Hide what an adventurer does.
///
/// # Errors
/// A maneuver not in the table.
pub fn maneuver_cost(slug: &str, adventurer: bool) -> Result<(i64, Term)> {
    let m = MANEUVER_COSTS
        .iter()
        .find(|m| m.slug == slug)
        .ok_or_else(|| Error::InvalidInput(format!("`{slug}` is not a maneuver with a set cost")))?;
    let id = format!("{SYSTEM}/maneuver/{slug}");
    Ok(match (adventurer, m.creature_actions) {
        (false, Some(n)) => {
            (n, Term::num(format!("{}: {n} creature action(s), 1 AP each (interpretation)", m.name), -n, Some(&id)))
        }
        (false, None) => (
            m.pc_ap,
            Term::num(
                format!("{}: {} AP, as an adventurer pays (interpretation)", m.name, m.pc_ap),
                -m.pc_ap,
                Some(&id),
            ),
        ),
        (true, _) => (m.pc_ap, Term::num(format!("{}: {} AP", m.name, m.pc_ap), -m.pc_ap, Some(&id))),
    })
}

/// Whether a maneuver's attack roll (or any attack's, without damage) lands: it meets
/// the defense, a natural 20 always does, a natural 1 never (line 146).
///
/// # Errors
/// A roll or defense outside -50..=100, a natural outside 1..=20.
pub fn attack_lands(roll: i64, defense: i64, natural: Option<i64>) -> Result<(bool, Vec<Term>)> {
    check("attack total", roll, (ROLL_MIN, ROLL_MAX))?;
    check("defense", defense, (ROLL_MIN, ROLL_MAX))?;
    let (crit, fumble) = natural_roll(natural, false)?;
    let hit = !fumble && (crit || roll >= defense);
    let mut terms = vec![Term::num("Attack total", roll, None), Term::note("Against defense", defense, None)];
    if fumble {
        terms.push(Term::text("Critical fail: misses whatever the total", "miss", Some(R_CRIT)));
    } else if crit {
        terms.push(Term::text("Crit: hits whatever the defenses", "hit", Some(R_CRIT)));
    } else {
        terms.push(Term::text("Meets the defense", if hit { "hit" } else { "miss" }, None));
    }
    Ok((hit, terms))
}

/// Whether a shove may be tried: the target no more than 1 size larger (lines 187, 225).
///
/// # Errors
/// The target is too large, said with both sizes.
pub fn shove_allowed(shover_size: i64, target_size: i64) -> Result<Term> {
    let larger = target_size - shover_size;
    if larger > SHOVE_SIZE_LIMIT {
        return Err(Error::InvalidInput(format!(
            "a creature {larger} sizes larger cannot be shoved (at most {SHOVE_SIZE_LIMIT} larger)"
        )));
    }
    Ok(Term::note("Target's size above the shover's", larger, Some(&format!("{SYSTEM}/maneuver/shove"))))
}
