//! What conditions leave of a creature's actions, speed and defenses.

use super::*;

/// Most creature actions (or AP) a turn is taken to start with.
pub const ACTIONS_MAX: i64 = 40;
/// Largest Partial Cover bonus (the MC picks +1 to +3).
pub const COVER_MAX: i64 = 3;
/// The Dodge maneuver's bonus to AR and physical defenses.
pub const DODGE_BONUS: i64 = 2;

/// Largest speed taken, in feet: as fast as an encounter's combatant may be.
pub const CONDITION_SPEED_MAX: i64 = 1000;

/// A number and the terms behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Limited {
    pub value: i64,
    pub terms: Vec<Term>,
}

/// The creature actions (or AP) of a turn: the normal number, cut by the conditions'
/// limits (see [`limit_ap`]), then doubled for the single turn of a complete surprise,
/// which cannot lift Stunned's ceiling of 1 nor give actions to whoever may take none.
/// Interpretation: the doubling comes after the other limits.
///
/// # Errors
/// A normal number outside 0..=40.
pub fn turn_actions(normal: i64, effects: &Effects, complete_surprise: bool) -> Result<Limited> {
    check("actions", normal, (0, ACTIONS_MAX))?;
    let (mut value, mut terms) = limit_ap(normal, effects);
    terms.insert(0, Term::num("Normal actions (or AP)", normal, Some(R_AP)));
    if complete_surprise {
        terms.push(Term::num("Complete surprise: doubled", value, Some(C_SURPRISE_COMPLETE)));
        value *= 2;
        // Stunned's maximum of 1 holds whatever would raise it.
        for (name, id, limit) in &effects.ap {
            if *limit == ApLimit::AtMostOne && value > 1 {
                terms.push(Term::num(format!("{name}: never above 1"), 1 - value, Some(id)));
                value = 1;
            }
        }
    }
    Ok(Limited { value, terms })
}

/// Speed in feet under the conditions: halved (rounded down) by Slowed, 0 under
/// Suppressed (no AP may go on moving), Grappled, Paralyzed or Unconscious, and 0
/// until the start of its next turn after an Engaged creature is hit leaving reach.
///
/// # Errors
/// A speed outside 0..=1000.
pub fn condition_speed(speed: i64, effects: &Effects, engaged_hit: bool) -> Result<Limited> {
    check("speed", speed, (0, CONDITION_SPEED_MAX))?;
    let mut value = speed;
    let mut terms = vec![Term::num("Speed (ft)", speed, Some(R_MOVE))];
    for (name, id, divisor) in &effects.speed_by {
        let after = if *divisor == 0 { 0 } else { value / divisor };
        terms.push(Term::num(
            if *divisor == 0 { format!("{name}: speed 0") } else { format!("{name}: halved") },
            after - value,
            Some(id),
        ));
        value = after;
    }
    if engaged_hit {
        terms.push(Term::num("Engaged: hit leaving reach, speed 0 until its next turn", -value, Some(C_ENGAGED)));
        value = 0;
    }
    Ok(Limited { value, terms })
}

/// The defenses an attack can target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum DefenseKind {
    Ar,
    Ref,
    Fort,
    Ant,
    Log,
    Will,
}

impl DefenseKind {
    pub const WORDS: &'static [&'static str] = <DefenseKind as strum::VariantNames>::VARIANTS;

    /// AR and the physical defenses (REF, FORT) take the bonuses; ANT, LOG and WILL do not.
    pub fn physical(self) -> bool {
        matches!(self, DefenseKind::Ar | DefenseKind::Ref | DefenseKind::Fort)
    }
}

/// The bonus to a defense from Dodge (+2), Protected (+2) and Partial Cover (+1 to +3,
/// ranged attacks only). Interpretation: different sources add up; none of them helps
/// ANT, LOG or WILL.
///
/// # Errors
/// A cover bonus outside 0..=3.
pub fn defense_bonus(
    against: DefenseKind,
    dodge: bool,
    effects: &Effects,
    cover: i64,
    ranged: bool,
) -> Result<(Limited, Vec<String>)> {
    check("Partial Cover bonus", cover, (0, COVER_MAX))?;
    let mut terms = Vec::new();
    let mut warnings = Vec::new();
    let mut bonus = 0;
    let mut add = |label: String, n: i64, rule: Option<&str>, terms: &mut Vec<Term>| {
        if against.physical() {
            bonus += n;
            terms.push(Term::num(label, n, rule));
        } else {
            terms.push(Term::num(format!("{label}: AR and physical defenses only"), 0, rule));
        }
    };
    if dodge {
        add("Dodge".into(), DODGE_BONUS, Some(M_DODGE), &mut terms);
    }
    for (name, id, n) in &effects.defenses_by {
        add(name.clone(), *n, Some(id), &mut terms);
    }
    if cover > 0 {
        if ranged {
            add("Partial Cover".into(), cover, Some(C_COVER), &mut terms);
        } else {
            warnings.push("Partial Cover only helps against ranged attacks (add --ranged)".to_string());
        }
    }
    Ok((Limited { value: bonus, terms }, warnings))
}
