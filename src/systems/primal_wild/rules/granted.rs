//! Influences and Numina a spell grants an ephemeral being: paid for only with that
//! spell's temporary Essence, at least one a use, split among the powers.

use super::*;

/// One granted power's share of the temporary Essence.
#[derive(Debug, Clone, PartialEq)]
pub struct GrantedUse {
    pub power: String,
    pub essence: i64,
    /// Essence one activation costs (at least 1).
    pub cost: i64,
    pub uses: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GrantedPowers {
    /// Temporary Essence the granting spell produced.
    pub essence: i64,
    /// Essence the mage set aside for named powers.
    pub allotted: i64,
    /// Essence left for the being to spend as it chooses.
    pub unallotted: i64,
    pub powers: Vec<GrantedUse>,
    pub terms: Vec<Term>,
}

/// The least a granted power costs each time it is used.
pub const GRANTED_MIN_COST: i64 = 1;

/// How the Essence `potency` against `rank` grants is split among granted powers
/// (`split`: power and Essence set aside for it) and how many uses each share buys at
/// its cost per use (`costs`; a power not listed costs the least, 1).
///
/// # Errors
/// [`Error::InvalidInput`] when the split hands out more Essence than the spell grants,
/// or a cost names a power the split does not.
pub fn granted_powers(
    potency: i64,
    rank: i64,
    split: &[(String, i64)],
    costs: &[(String, i64)],
) -> Result<GrantedPowers> {
    let grant = empower_ephemeral(potency, rank, None)?;
    let essence = grant.temporary_essence;
    let mut terms = grant.terms;
    for (name, cost) in costs {
        check("costs", *cost, (GRANTED_MIN_COST, ESSENCE.1))?;
        if !split.iter().any(|(p, _)| p.eq_ignore_ascii_case(name)) {
            return Err(Error::InvalidInput(format!(
                "--costs names {name}, which --split gives no Essence; list each power in --split first"
            )));
        }
    }
    let allotted: i64 = split.iter().map(|(_, n)| n).sum();
    if allotted > essence {
        return Err(Error::InvalidInput(format!(
            "--split hands out {allotted} Essence but the spell grants only {essence} (Potency {potency} against Rank {rank})"
        )));
    }
    let mut powers = Vec::new();
    for (name, share) in split {
        let cost = costs.iter().find(|(p, _)| p.eq_ignore_ascii_case(name)).map_or(GRANTED_MIN_COST, |(_, c)| *c);
        let uses = share / cost;
        terms.push(Term::text(
            format!("{name}: {share} Essence at {cost} a use"),
            format!("{uses} use{}", if uses == 1 { "" } else { "s" }),
            Some(R_GRANTING),
        ));
        powers.push(GrantedUse { power: name.clone(), essence: *share, cost, uses });
    }
    let unallotted = essence - allotted;
    terms.push(Term::note("Left for the being to spend as it chooses", unallotted, Some(R_GRANTING)));
    terms.push(Term::text("Paid with", "only this spell's temporary Essence, never the being's own", Some(R_GRANTING)));
    Ok(GrantedPowers { essence, allotted, unallotted, powers, terms })
}
