//! Created and ephemeral beings.

use super::*;

/// The highest effective Rank a lasting created being can have: half the strongest
/// creator's Gnosis, rounded up.
pub fn created_being_max_rank(gnosis: i64) -> Result<(i64, Vec<Term>)> {
    check("gnosis", gnosis, GNOSIS)?;
    let rank = (gnosis + 1) / 2;
    let terms = vec![
        Term::num(format!("Half of Gnosis {gnosis}, rounded up"), rank, Some(R_CREATED_RANK)),
        Term::text("Benchmark", rank_benchmark(rank), Some(T_RANK_BENCH)),
    ];
    Ok((rank, terms))
}

/// Where a power a lasting created being is meant to have would come from (line 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum PowerSource {
    /// A mage in the ritual can produce the effect himself.
    Creator,
    /// The kind of being made, or what the ritual draws on, already holds the power.
    Inherent,
    /// Neither.
    Neither,
}

pub const POWER_SOURCE_NAMES: &[&str] = <PowerSource as strum::VariantNames>::VARIANTS;

pub const POWER_SOURCE_NOTE: &str =
    "Interpretation: the document gives this as the general rule, so a Storyteller may still allow an exception";

/// Whether a created being may have a supernatural power from `source`: one of its makers
/// must be able to produce the effect, or the power must already be inherent in the kind
/// of being or the ritual's materials.
pub fn created_power(source: PowerSource) -> (bool, Term) {
    let (allowed, why) = match source {
        PowerSource::Creator => (true, "a creator can produce the effect"),
        PowerSource::Inherent => (true, "already inherent in the being or the ritual's materials"),
        PowerSource::Neither => (false, "no creator can produce it and nothing in the ritual holds it"),
    };
    let value = format!("{} ({why})", if allowed { "may have it" } else { "may not have it" });
    (allowed, Term::text("The power", value, Some(R_LASTING_BEINGS)))
}

/// What a created being's Rank compares to.
pub fn rank_benchmark(rank: i64) -> &'static str {
    match rank {
        i64::MIN..=1 => "an ordinary animal",
        2 => "a person, or a dangerous animal",
        _ => "more and more supernatural might",
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Empowerment {
    /// Potency reaches the being's Rank.
    pub empowers: bool,
    pub temporary_essence: i64,
    /// Tenacity keeps the benefit going (when a Tenacity was given).
    pub lasts: Option<bool>,
    pub terms: Vec<Term>,
}

/// A beneficial spell on an ephemeral being: it needs Potency at least the Rank; then it
/// gives 1 temporary Essence plus 1 per Potency above the Rank; the benefit lasts while
/// Tenacity is at least the Rank.
pub fn empower_ephemeral(potency: i64, rank: i64, tenacity: Option<i64>) -> Result<Empowerment> {
    check("potency", potency, POTENCY)?;
    check("rank", rank, (1, 10))?;
    if let Some(t) = tenacity {
        check("tenacity", t, POTENCY)?;
    }
    let empowers = potency >= rank;
    let temporary_essence = if empowers { potency - rank + 1 } else { 0 };
    let mut terms = vec![Term::text(
        format!("Potency {potency} against Rank {rank}"),
        if empowers { "enough to empower" } else { "too weak to empower" },
        Some(R_ENHANCE),
    )];
    if empowers {
        terms.push(Term::num("Temporary Essence for matching the Rank", 1, Some(R_EMPOWER)));
        if potency > rank {
            terms.push(Term::num("One more per Potency above the Rank", potency - rank, Some(R_EMPOWER)));
        }
    }
    let lasts = tenacity.map(|t| t >= rank);
    if let (Some(t), Some(l)) = (tenacity, lasts) {
        terms.push(Term::text(
            format!("Tenacity {t} against Rank {rank}"),
            if l { "benefit lasts" } else { "benefit fades" },
            Some(R_ENHANCE),
        ));
    }
    terms.push(Term::text("Which spells manage this Rank", empower_note(rank), Some(T_EMPOWER)));
    Ok(Empowerment { empowers, temporary_essence, lasts, terms })
}

/// Which spells can empower a being of this Rank without more effort.
pub fn empower_note(rank: i64) -> &'static str {
    match rank {
        i64::MIN..=2 => "a covert spell does it easily",
        3 => "a vulgar spell always can",
        _ => "only Shaping, even briefly; lasting help usually takes a ritual or Atlantean inscription",
    }
}
