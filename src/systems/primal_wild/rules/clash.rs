//! The Duel Arcane: the clash pool.

use super::*;

/// A duelist's situation for one clash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClashInput {
    /// Gnosis, 1 to 10.
    pub gnosis: i64,
    /// Dots in the Arcanum used as Sword, 0 to 5.
    pub sword: i64,
    /// Consecutive earlier clashes in which this Sword didn't attack, 0 to 5.
    pub unused: i64,
    /// Any spell is being sustained on the duelist's person.
    pub sustaining: bool,
    /// How noisy or distracting the surroundings are, 0 to 3.
    pub distraction: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClashPool {
    /// Dice to roll, never below 0.
    pub dice_pool: i64,
    /// The modifiers took the pool to 0 or less: roll one chance die instead.
    pub chance_die: bool,
    /// The sum before clamping (may be negative).
    pub total: i64,
    pub terms: Vec<Term>,
}

/// The clash dice pool: Gnosis + Sword Arcanum, plus one die per consecutive earlier
/// clash the Sword sat out, minus 1 while sustaining spells on oneself, minus the
/// distraction penalty. At 0 or below, Mage's usual chance die applies.
pub fn clash_pool(c: ClashInput) -> Result<ClashPool> {
    check("gnosis", c.gnosis, GNOSIS)?;
    check("sword (Arcanum dots)", c.sword, ARCANUM)?;
    check("unused", c.unused, UNUSED)?;
    check("distraction", c.distraction, DISTRACTION)?;
    let mut terms = vec![
        Term::num("Gnosis", c.gnosis, Some(R_CLASH_POOL)),
        Term::num("Sword Arcanum", c.sword, Some(R_CLASH_POOL)),
    ];
    let rested = c.unused.min(UNUSED_BONUS_MAX);
    if c.unused > 0 {
        let capped =
            if c.unused > UNUSED_BONUS_MAX { format!(" (at most +{UNUSED_BONUS_MAX})") } else { String::new() };
        terms.push(Term::num(
            format!("Sword rested for {} consecutive clash{}{capped}", c.unused, if c.unused == 1 { "" } else { "es" }),
            rested,
            Some(T_CLASH_MODS),
        ));
    }
    if c.sustaining {
        terms.push(Term::num("Spells sustained on the duelist", -1, Some(T_CLASH_MODS)));
    }
    if c.distraction > 0 {
        terms.push(Term::num("Noisy or distracting surroundings", -c.distraction, Some(T_CLASH_MODS)));
    }
    let total = c.gnosis + c.sword + rested - i64::from(c.sustaining) - c.distraction;
    let chance_die = total <= 0;
    if chance_die {
        terms.push(Term::num("No fewer than 0 dice", -total, Some(R_CLASH_POOL)));
        terms.push(Term::text(
            "No dice left: roll a single chance die (Mage's core rule; the supplement doesn't repeat it)",
            "chance die",
            Some(R_CLASH_POOL),
        ));
    }
    Ok(ClashPool { dice_pool: total.max(0), chance_die, total, terms })
}
