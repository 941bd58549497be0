//! An Attack or Defense Total in the fight, and who may act at all.

use super::*;

/// Why the combatant cannot act now, if it cannot.
pub(super) fn cannot_act(c: &Combatant) -> Option<String> {
    if c.value("dead") > 0 {
        return Some(format!("{} is dead", c.name));
    }
    if c.value("left") > 0 {
        return Some(format!("{} has left the combat", c.name));
    }
    match penalty_of(c) {
        Some(p) if p.incapacitated || p.unconscious => {
            Some(format!("{} can take no action (incapacitated or unconscious)", c.name))
        }
        _ => None,
    }
}

pub(super) fn require_able(c: &Combatant) -> Result<()> {
    cannot_act(c).map_or(Ok(()), |why| Err(Error::InvalidInput(why)))
}

/// The two sides a bonus may go on, as actions take them.
pub(super) static SIDE: &[&str] = &["attack", "defense"];

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Attack,
    Defense,
}

impl Side {
    pub(super) fn key(self) -> &'static str {
        match self {
            Side::Attack => "attack",
            Side::Defense => "defense",
        }
    }

    pub(super) fn label(self) -> &'static str {
        match self {
            Side::Attack => "Attack",
            Side::Defense => "Defense",
        }
    }

    pub(super) fn rule(self) -> &'static str {
        match self {
            Side::Attack => R_ATTACK,
            Side::Defense => R_DEFENSE,
        }
    }

    pub(super) fn parse(s: Option<&str>) -> Side {
        if s == Some("defense") {
            Side::Defense
        } else {
            Side::Attack
        }
    }
}

/// An Attack or Defense Total: the score before the die, the die, the penalty from
/// wounds and fatigue, a trained group's bonus where it is placed, exertion, and
/// anything else the table adds.
pub(super) fn combat_total(c: &Combatant, side: Side, die: i64, modifier: i64) -> (i64, Vec<Term>) {
    let who = &c.name;
    let mut terms = vec![
        Term::num(format!("{who}: {} before the die", side.label()), c.stat(side.key()), Some(side.rule())),
        Term::num(format!("{who}: stress die"), die, Some(R_STRESS_DIE)),
    ];
    if let Some(p) = penalty_of(c).filter(|p| p.total != 0) {
        terms.push(Term::num(format!("{who}: wound and fatigue penalty"), p.total, Some(R_SEQUENCE)));
    }
    if let Some((bonus, why)) = trained_bonus(c).filter(|_| bonus_on(c) == side) {
        terms.push(Term::num(format!("{who}: trained group bonus"), bonus, Some(R_TRAINED)));
        // Members who are down no longer give theirs: say so beside the bonus.
        terms.extend(why.into_iter().filter(|t| t.label == OTHERS_DOWN));
    }
    // Lines 400-402: a rider adds his Ride score, at most +3, to Attack and Defense.
    if let Some((bonus, _)) = mounted_bonus(c.stat("mounted-ride")).ok().filter(|(b, _)| *b != 0) {
        terms.push(Term::num(format!("{who}: mounted, Ride (at most +3)"), bonus, Some(R_MOUNTED)));
    }
    let exerted = c.value(&format!("exert-{}", side.key()));
    if exerted != 0 {
        terms.push(Term::num(format!("{who}: exertion"), exerted, Some(R_EXERTION)));
    }
    if modifier != 0 {
        terms.push(Term::num(format!("{who}: other modifiers"), modifier, Some(side.rule())));
    }
    (terms.iter().filter_map(|t| t.value.as_i64()).sum(), terms)
}

/// One side's total from a stress die an action stored.
pub(super) struct Rolled {
    pub total: i64,
    pub botched: bool,
    pub terms: Vec<Term>,
    /// What a 0 on the die means, where it means something.
    pub note: Option<String>,
}

/// One side's total from the stress die stored under `key`: its score, die and
/// `modifier`, then a botch when the die botched (every combat roll botches alike);
/// `botch_param` is where the table types the botch dice of a 0.
pub(super) fn rolled_total(
    c: &Combatant,
    side: Side,
    act: &Act<'_>,
    key: &str,
    modifier: i64,
    botch_param: &str,
) -> Result<Rolled> {
    let die = stress(act, key)?;
    let (sum, mut terms) = combat_total(c, side, die.die, modifier);
    let roll = combat_roll(side.label(), sum - die.die, die.die, die.botches.unwrap_or(0))?;
    terms.extend(roll.terms);
    Ok(Rolled { total: roll.total, botched: roll.botched, terms, note: zero_note(&die, &c.name, botch_param) })
}

/// Where a trained group puts its bonus (Attack until it says otherwise).
pub(super) fn bonus_on(c: &Combatant) -> Side {
    if c.value("bonus-on") == 1 {
        Side::Defense
    } else {
        Side::Attack
    }
}
