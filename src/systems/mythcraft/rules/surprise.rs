//! Partial surprise.

use super::*;

/// Rounds of combat accepted.
pub const ROUND_MAX: i64 = 100;

#[derive(Debug, Clone, PartialEq)]
pub struct Surprise {
    /// Whether the surprised creature acts this round.
    pub acts: bool,
    /// TD on the surprised creature's attacks this round.
    pub td: i64,
    /// TA the others have against the surprised creature this round.
    pub ta_against: i64,
    /// Whether it may take reactions (spend Reactive AP) now.
    pub reactions: bool,
    /// Whether unspent AP carry over as Reactive AP now.
    pub carries_ap: bool,
    pub terms: Vec<Term>,
}

/// A Partially Surprised creature in round `round`: no turn in round 1, TD in round
/// 2, and attackers that were not surprised have TA against it in rounds 1 and 2; no
/// reactions and no AP carried over until after its first turn in which it can act
/// (`has_acted`).
///
/// # Errors
/// A round outside 1..=100.
pub fn partial_surprise(round: i64, has_acted: bool) -> Result<Surprise> {
    check("round", round, (1, ROUND_MAX))?;
    let mut terms = vec![Term::note("Round", round, Some(C_SURPRISE_PARTIAL))];
    let acts = round >= 2;
    let td = i64::from(round == 2);
    let ta_against = i64::from(round <= 2);
    let ready = acts && has_acted;
    if !acts {
        terms.push(Term::text("First round", "no turn", Some(C_SURPRISE_PARTIAL)));
    }
    if td > 0 {
        terms.push(Term::note("Second round: TD on its attacks", td, Some(C_SURPRISE_PARTIAL)));
    }
    if ta_against > 0 {
        terms.push(Term::note("Unsurprised attackers: TA against it", ta_against, Some(C_SURPRISE_PARTIAL)));
    }
    terms.push(Term::text(
        "Reactions and carried AP",
        if ready { "allowed (it has had a turn)" } else { "not until after its first turn" },
        Some(C_SURPRISE_PARTIAL),
    ));
    Ok(Surprise { acts, td, ta_against, reactions: ready, carries_ap: ready, terms })
}

/// Whether a surprise attack is a complete surprise (lines 419-424): only when the
/// targets neither perceive the attacker nor know it is there (`unaware`), and are not
/// on their guard (`alert`: an alarm raised, already fighting anyone). The terms say
/// which of the two held.
#[must_use]
pub fn complete_surprise(unaware: bool, alert: bool) -> (bool, Vec<Term>) {
    let terms = vec![
        Term::text(
            "Targets unaware of the attacker",
            if unaware { "yes" } else { "no: not complete" },
            Some(C_SURPRISE_COMPLETE),
        ),
        Term::text(
            "Targets on alert (an alarm, a fight under way)",
            if alert { "yes: not complete" } else { "no" },
            Some(C_SURPRISE_COMPLETE),
        ),
    ];
    (unaware && !alert, terms)
}
