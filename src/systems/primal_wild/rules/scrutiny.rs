//! Knowing spells scrutinising a guarded secret.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct Scrutiny {
    /// Successes left once a Veiling's Tenacity has contested them.
    pub net_successes: i64,
    /// The mage gets an approximation of the secret.
    pub approximates: bool,
    pub terms: Vec<Term>,
}

/// A Knowing spell's scrutiny against sensitive, closely guarded information: it comes
/// through only approximately, and only with successes at least the target's guarding
/// trait. A Veiling contests the roll with its Tenacity (read as taking that many
/// successes off); a Fraying makes the scrutiny useless, though its caster can still be
/// traced.
pub fn scrutiny(successes: i64, guard: i64, veiling: i64, fraying: bool) -> Result<Scrutiny> {
    check("successes", successes, SUCCESSES)?;
    check("trait", guard, GUARD)?;
    check("veiling-tenacity", veiling, (0, POTENCY.1))?;
    let net = (successes - veiling).max(0);
    let mut terms = vec![Term::num("Scrutiny successes", successes, Some(R_SCOPE))];
    if veiling > 0 {
        terms.push(Term::num(
            "Veiling's Tenacity contests the roll (Interpretation: it takes that many successes off)",
            -veiling.min(successes),
            Some(R_SENSORY_OPPOSED),
        ));
    }
    terms.push(Term::note("Needed: the target's trait guarding the secret", guard, Some(R_SCOPE)));
    let approximates = !fraying && net >= guard;
    if fraying {
        terms.push(Term::text(
            "Fraying on the target",
            "scrutiny learns nothing of the secret, only about the Fraying's caster",
            Some(R_SENSORY_OPPOSED),
        ));
    } else {
        terms.push(Term::text(
            "Result",
            if approximates { "an approximation of the secret" } else { "not enough to approximate it" },
            Some(R_SCOPE),
        ));
    }
    Ok(Scrutiny { net_successes: net, approximates, terms })
}
