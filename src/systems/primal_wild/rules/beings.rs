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

/// The spell that would empower a being: its aspect, and whether it is Shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Empowering {
    pub aspect: Aspect,
    pub shaped: bool,
}

/// Whether a spell reaches a being of `rank` (line 48): a covert spell enhances Rank 1
/// or 2 easily, a vulgar one always Rank 3, and a mightier being takes Shaping, even
/// for a moment; with the reason in words, as the fight and the calculators say it.
///
/// Interpretation: a sensory spell, which the document does not name here, reaches no
/// being unShaped (covert is the least aspect it says enhances one).
pub fn empower_reach(rank: i64, spell: Empowering) -> (bool, String) {
    let aspect = spell.aspect.name();
    if spell.shaped {
        return (true, format!("a Shaped {aspect} spell empowers a being of any Rank (line 48)"));
    }
    let reach = match spell.aspect {
        Aspect::Sensory => 0,
        Aspect::Covert => COVERT_REACH,
        Aspect::Vulgar => COVERT_REACH + 1,
    };
    if rank <= reach {
        return (true, format!("an unShaped {aspect} spell reaches Rank {rank} (line 48)"));
    }
    let needs = match rank {
        3 => "a vulgar spell or Shaping",
        _ => "Shaping, even for a moment",
    };
    let why = match spell.aspect {
        Aspect::Sensory => {
            "Interpretation: an unShaped sensory spell empowers no being (covert is the least aspect line 48 names)"
                .to_string()
        }
        Aspect::Covert => "an unShaped covert spell reaches Rank 1 or 2".to_string(),
        Aspect::Vulgar => "an unShaped vulgar spell reaches up to Rank 3".to_string(),
    };
    (false, format!("{why}, not Rank {rank}: it takes {needs} (line 48)"))
}

/// A beneficial spell on an ephemeral being: it needs Potency at least the Rank; then it
/// gives 1 temporary Essence plus 1 per Potency above the Rank; the benefit lasts while
/// Tenacity is at least the Rank.
pub fn empower_ephemeral(potency: i64, rank: i64, tenacity: Option<i64>) -> Result<Empowerment> {
    empower_by(potency, rank, tenacity, None)
}

/// [`empower_ephemeral`] by a spell whose aspect and Shaping are known: one that does
/// not reach the being's Rank ([`empower_reach`]) empowers nothing, whatever its Potency.
pub fn empower_by(potency: i64, rank: i64, tenacity: Option<i64>, spell: Option<Empowering>) -> Result<Empowerment> {
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
    if let Some(spell) = spell {
        let (reaches, why) = empower_reach(rank, spell);
        if !reaches && temporary_essence > 0 {
            terms.push(Term::num(format!("Out of reach: {why}"), -temporary_essence, Some(R_EMPOWER)));
        } else {
            terms.push(Term::text("The spell", why, Some(R_EMPOWER)));
        }
        if !reaches {
            return Ok(Empowerment { empowers: false, temporary_essence: 0, lasts, terms });
        }
    }
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
