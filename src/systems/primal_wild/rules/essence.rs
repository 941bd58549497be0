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
///
/// `spell`, when known, is the spell's aspect and whether it is Shaped: one that does
/// not reach the being's Rank offers nothing ([`empower_reach`], line 48). A zero-Mana
/// covert rote is a covert spell, not Shaped, whether or not it is said.
///
/// # Errors
/// Numbers out of range; a covert rote said to be of another aspect or Shaped.
pub fn temporary_essence(
    potency: i64,
    rank: i64,
    current: i64,
    source: EssenceSource,
    rote_used: bool,
    hours: i64,
    spell: Option<Empowering>,
) -> Result<TemporaryEssence> {
    check("current", current, ESSENCE)?;
    check("hours", hours, (0, 24))?;
    let rote = Empowering { aspect: Aspect::Covert, shaped: false };
    if source == EssenceSource::CovertRote && spell.is_some_and(|s| s != rote) {
        return Err(Error::InvalidInput(
            "a zero-Mana covert rote is a covert spell and not Shaped: leave --aspect and --shaped out, or give --source spell".into(),
        ));
    }
    let spell = if source == EssenceSource::CovertRote { Some(rote) } else { spell };
    let grant = empower_by(potency, rank, None, spell)?;
    let mut terms = grant.terms;
    let mut warnings = Vec::new();
    let beyond_reach = spell.is_some_and(|s| !empower_reach(rank, s).0);
    if let Some(s) = spell.filter(|_| beyond_reach) {
        warnings.push(empower_reach(rank, s).1);
    }
    // The terms add up to what is offered.
    let offered = if beyond_reach {
        0
    } else if source == EssenceSource::CovertRote && rote_used {
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

/// Which power an ephemeral being pays Essence for, as the spells that touch it stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum PowerUse {
    /// An Influence or Numen a mage's spell granted it: temporary Essence alone pays.
    Granted,
    /// One of its own powers a spell enhances: temporary Essence may pay for it.
    Enhanced,
    /// A power no spell touches: its own Essence alone pays.
    Native,
}

pub const POWER_USE_NAMES: &[&str] = <PowerUse as strum::VariantNames>::VARIANTS;

impl PowerUse {
    pub fn parse(s: &str) -> Result<PowerUse> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("the power must be one of {}, not `{s}`", POWER_USE_NAMES.join(", ")))
        })
    }
}

/// Where the Essence for one use of a power came from, and what the being holds after.
#[derive(Debug, Clone, PartialEq)]
pub struct EssenceSpend {
    pub from_temporary: i64,
    pub from_own: i64,
    pub temporary_after: i64,
    pub essence_after: i64,
    pub terms: Vec<Term>,
}

/// A being pays `cost` Essence to use a power, holding `temporary` temporary Essence and
/// `own` of its own. Temporary Essence pays only for powers a spell enhanced or granted;
/// a granted power costs at least 1 each use and only temporary Essence pays for it.
/// Interpretation: for an enhanced power the temporary Essence goes first (it fades at
/// the end of the scene or hour), its own Essence paying the rest.
///
/// # Errors
/// A cost out of range, or not enough Essence of the kind that may pay, saying how much
/// the being holds.
pub fn spend_essence(cost: i64, power: PowerUse, temporary: i64, own: i64) -> Result<EssenceSpend> {
    check("cost", cost, (1, ESSENCE.1))?;
    check("temporary Essence", temporary, ESSENCE)?;
    check("Essence", own, ESSENCE)?;
    let (from_temporary, from_own, rule) = match power {
        PowerUse::Granted => {
            if temporary < cost {
                return Err(Error::InvalidInput(format!(
                    "a power a spell granted is paid with temporary Essence alone: it costs {cost} and the being holds {temporary} temporary Essence (its own Essence cannot pay)"
                )));
            }
            (cost, 0, R_GRANTING)
        }
        PowerUse::Enhanced => {
            if temporary + own < cost {
                return Err(Error::InvalidInput(format!(
                    "the power costs {cost} Essence and the being holds {temporary} temporary and {own} of its own"
                )));
            }
            let t = temporary.min(cost);
            (t, cost - t, R_EMPOWER)
        }
        PowerUse::Native => {
            if own < cost {
                return Err(Error::InvalidInput(format!(
                    "the power costs {cost} Essence and the being holds {own} of its own; temporary Essence pays only for the powers a spell enhanced or granted"
                )));
            }
            (0, cost, R_EMPOWER)
        }
    };
    let mut terms = vec![Term::note("Essence cost of the power", cost, Some(rule))];
    if from_temporary > 0 {
        terms.push(Term::num("Paid from temporary Essence", from_temporary, Some(rule)));
    }
    if from_own > 0 {
        terms.push(Term::num("Paid from its own Essence", from_own, Some(R_EMPOWER)));
    }
    if power == PowerUse::Enhanced && from_own > 0 && from_temporary > 0 {
        terms.push(Term::text(
            "Order of payment",
            "Interpretation: temporary Essence first, its own Essence for the rest",
            Some(R_EMPOWER),
        ));
    }
    Ok(EssenceSpend {
        from_temporary,
        from_own,
        temporary_after: temporary - from_temporary,
        essence_after: own - from_own,
        terms,
    })
}
