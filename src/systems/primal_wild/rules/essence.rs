//! Temporary Essence from mage spells, and commanding an ephemeral being's powers.

use super::*;

/// What kind of spell offers the temporary Essence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum EssenceSource {
    /// Any other beneficial spell: one grant when cast.
    Spell,
    /// A covert rote costing no Mana: at most once a scene for each being.
    CovertRote,
    /// A sustained ritual: a grant when Shaped and again each hour.
    SustainedRitual,
}

pub const ESSENCE_SOURCE_NAMES: &[&str] = <EssenceSource as strum::VariantNames>::VARIANTS;

impl EssenceSource {
    pub fn parse(s: &str) -> Result<EssenceSource> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("source must be one of {}, not `{s}`", ESSENCE_SOURCE_NAMES.join(", ")))
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TemporaryEssence {
    /// What this spell offers now (0 when it can't empower or the rote was already used).
    pub offered: i64,
    /// The being's store afterwards: it keeps whichever is larger.
    pub temporary_essence: i64,
    /// The new total replaced the old store.
    pub took_new: bool,
    /// How many times the spell has delivered so far (a sustained ritual: at Shaping and
    /// each full hour).
    pub deliveries: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The highest Rank a covert spell enhances without Shaping.
pub const COVERT_REACH: i64 = 2;

/// Temporary Essence from a beneficial spell. Grants never add up: the being takes the
/// new total or keeps its store (read here as keeping the larger). A zero-Mana covert
/// rote helps a being once a scene; a sustained ritual delivers again every hour, each
/// delivery replacing (not adding to) the last.
pub fn temporary_essence(
    potency: i64,
    rank: i64,
    current: i64,
    source: EssenceSource,
    rote_used: bool,
    hours: i64,
) -> Result<TemporaryEssence> {
    check("current", current, ESSENCE)?;
    check("hours", hours, (0, 24))?;
    let grant = empower_ephemeral(potency, rank, None)?;
    let mut terms = grant.terms;
    let mut warnings = Vec::new();
    if source == EssenceSource::CovertRote && rank > COVERT_REACH {
        warnings.push(format!(
            "a covert rote enhances beings of Rank 1 or 2; this one is Rank {rank}: it takes a vulgar spell (Rank 3) or Shaping"
        ));
    }
    // The terms add up to what is offered.
    let offered = if source == EssenceSource::CovertRote && rote_used {
        terms.push(Term::num(
            "Zero-Mana covert rote already used on this being this scene: offers nothing",
            -grant.temporary_essence,
            Some(R_EMPOWER),
        ));
        0
    } else {
        grant.temporary_essence
    };
    let deliveries = match source {
        EssenceSource::SustainedRitual => {
            terms.push(Term::note("Deliveries: at Shaping and after each full hour", 1 + hours, Some(R_EMPOWER)));
            1 + hours
        }
        _ => 1,
    };
    let took_new = offered > current;
    let after = offered.max(current);
    terms.push(Term::note("Temporary Essence held before", current, Some(R_EMPOWER)));
    terms.push(Term::text(
        "No stacking: the being takes the new total or keeps its store",
        if took_new { "takes the new total" } else { "keeps its store" },
        Some(R_EMPOWER),
    ));
    Ok(TemporaryEssence { offered, temporary_essence: after, took_new, deliveries, terms, warnings })
}

#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    pub essence_from_potency: i64,
    pub essence_from_stores: i64,
    /// Essence still uncovered: the command can't be given.
    pub shortfall: i64,
    pub can_command: bool,
    /// Willpower the mage pays (the power's whole Willpower cost).
    pub willpower: i64,
    pub stored_after: i64,
    pub terms: Vec<Term>,
}

/// A mage forcing a controlled ephemeral being to use a power (an instant action): the
/// mage pays its Willpower cost and must cover all of its Essence cost, first from the
/// control spell's Potency above the being's Rank, then from Essence gathered by other
/// magic. The Potency margin is read as available to each command, not used up.
pub fn command_power(potency: i64, rank: i64, essence_cost: i64, willpower_cost: i64, stored: i64) -> Result<Command> {
    check("potency", potency, POTENCY)?;
    check("rank", rank, RANK)?;
    check("essence-cost", essence_cost, ESSENCE)?;
    check("willpower-cost", willpower_cost, WILLPOWER)?;
    check("stored-essence", stored, ESSENCE)?;
    let margin = (potency - rank).max(0);
    let essence_from_potency = margin.min(essence_cost);
    let essence_from_stores = (essence_cost - essence_from_potency).min(stored);
    let shortfall = essence_cost - essence_from_potency - essence_from_stores;
    let can_command = shortfall == 0;
    // The terms add up to the Essence left uncovered: the cost, less what each source covers.
    let mut terms = vec![
        Term::num("Essence cost of the power", essence_cost, Some(R_COMMANDING)),
        Term::num(
            format!("Covered by the control spell's Potency {potency} above Rank {rank}"),
            -essence_from_potency,
            Some(R_COMMANDING),
        ),
    ];
    if essence_from_stores > 0 {
        terms.push(Term::num("Covered from Essence the mage has gathered", -essence_from_stores, Some(R_COMMANDING)));
    }
    if shortfall > 0 {
        terms.push(Term::note("Uncovered: the mage can't force the power", shortfall, Some(R_COMMANDING)));
    }
    terms.push(Term::note("Willpower the mage pays", willpower_cost, Some(R_COMMANDING)));
    terms.push(Term::text("Takes", "an instant action", Some(R_COMMANDING)));
    Ok(Command {
        essence_from_potency,
        essence_from_stores,
        shortfall,
        can_command,
        willpower: willpower_cost,
        stored_after: if can_command { stored - essence_from_stores } else { stored },
        terms,
    })
}
