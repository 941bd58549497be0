//! Spells against resistance: ephemeral beings, foreign supernatural powers, and Prime
//! hindrances.

use super::*;

/// How hard a contested spell lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Consequence {
    None,
    Normal,
    Severe,
}

impl Consequence {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The consequence in a sentence: "no consequence", "a normal consequence".
    pub fn words(self) -> &'static str {
        match self {
            Consequence::None => "no consequence",
            Consequence::Normal => "a normal consequence",
            Consequence::Severe => "a severe consequence",
        }
    }

    /// Net successes against a Resistance: a severe consequence needs net successes
    /// equal to the Resistance. The document fixes only that threshold, so any smaller
    /// positive margin is read as a normal consequence (an interpretation).
    pub fn of(net: i64, resistance: i64) -> Consequence {
        match net {
            n if n <= 0 => Consequence::None,
            n if n >= resistance => Consequence::Severe,
            _ => Consequence::Normal,
        }
    }
}

pub(super) const CONSEQUENCE_READING: &str =
    "Interpretation: a margin of 1 up to one less than Resistance is a normal consequence; the document only sets the severe threshold";

#[derive(Debug, Clone, PartialEq)]
pub struct Contest {
    /// Dice the resisting side rolls, where the calculator knows them.
    pub dice_pool: Option<i64>,
    /// Spell Potency minus the resisting successes (0 or more).
    pub net_successes: i64,
    pub consequence: Consequence,
    pub terms: Vec<Term>,
}

/// An ephemeral being resisting a hostile spell: it rolls Resistance + Rank against the
/// spell's Potency; net successes equal to its Resistance make a severe consequence.
pub fn ephemeral_resistance(potency: i64, resistance: i64, rank: i64, resist_successes: i64) -> Result<Contest> {
    check("potency", potency, POTENCY)?;
    check("resistance", resistance, RESISTANCE)?;
    check("rank", rank, RANK)?;
    check("resist-successes", resist_successes, SUCCESSES)?;
    let net = (potency - resist_successes).max(0);
    let consequence = Consequence::of(net, resistance);
    let mut terms = vec![
        Term::note(
            format!("Resistance pool: Resistance {resistance} + Rank {rank}"),
            resistance + rank,
            Some(R_EPHEMERAL_RESISTANCE),
        ),
        Term::num("Spell Potency", potency, Some(R_EPHEMERAL_RESISTANCE)),
        Term::num("Resisting successes", -resist_successes.min(potency), Some(R_EPHEMERAL_RESISTANCE)),
        Term::note(
            "Net successes a severe consequence needs (the Resistance)",
            resistance,
            Some(R_EPHEMERAL_RESISTANCE),
        ),
        Term::text("Consequence", consequence.as_str(), Some(R_EPHEMERAL_RESISTANCE)),
    ];
    if rank >= 3 {
        terms.push(Term::text(
            "Rank 3 or more",
            "superhuman Attributes make drastic effects hard to land",
            Some(R_EPHEMERAL_RESISTANCE),
        ));
    }
    Ok(Contest { dice_pool: Some(resistance + rank), net_successes: net, consequence, terms })
}

#[derive(Debug, Clone, PartialEq)]
pub struct Dispel {
    pub beats_power: bool,
    pub beats_roll: bool,
    /// Both beaten: the power is dispelled, transformed or altered.
    pub success: bool,
    pub terms: Vec<Term>,
}

/// A spell against an already-active foreign power: its Potency must overcome both the
/// power's own successes (or Potency) and the Resistance + power-trait roll. Overcoming
/// is read as exceeding, since ties keep the status quo elsewhere in these rules.
pub fn dispel_power(potency: i64, power: i64, resist_successes: i64) -> Result<Dispel> {
    check("potency", potency, POTENCY)?;
    check("power", power, SUCCESSES)?;
    check("resist-successes", resist_successes, SUCCESSES)?;
    let beats_power = potency > power;
    let beats_roll = potency > resist_successes;
    let word = |b: bool| if b { "overcome" } else { "holds (a tie keeps the power)" };
    let terms = vec![
        // Held against two numbers, added to none: a note.
        Term::note("Spell Potency", potency, Some(R_FOREIGN_POWERS)),
        Term::text(
            format!("Against the power's successes or Potency {power}"),
            word(beats_power),
            Some(R_FOREIGN_POWERS),
        ),
        Term::text(
            format!("Against {resist_successes} successes on Resistance + power trait"),
            word(beats_roll),
            Some(R_FOREIGN_POWERS),
        ),
    ];
    Ok(Dispel { beats_power, beats_roll, success: beats_power && beats_roll, terms })
}

/// A spell bolstering a foreign power against its victim: the victim's Resistance +
/// power-trait successes contest the spell's Potency; a normal or severe consequence lets
/// the power take effect at that size even if it failed on its own. The severe threshold
/// is read from the ephemeral-being rule (net successes equal to the victim's Resistance)
/// when a Resistance is given.
pub fn bolster_power(potency: i64, resist_successes: i64, resistance: Option<i64>) -> Result<Contest> {
    check("potency", potency, POTENCY)?;
    check("resist-successes", resist_successes, SUCCESSES)?;
    if let Some(r) = resistance {
        check("resistance", r, RESISTANCE)?;
    }
    let net = (potency - resist_successes).max(0);
    let consequence = match resistance {
        Some(r) => Consequence::of(net, r),
        None if net > 0 => Consequence::Normal,
        None => Consequence::None,
    };
    let mut terms = vec![
        Term::num("Bolstering spell's Potency", potency, Some(R_BOLSTERING)),
        Term::num("Victim's Resistance + power trait successes", -resist_successes.min(potency), Some(R_BOLSTERING)),
    ];
    if let Some(r) = resistance {
        terms.push(Term::note(
            "Net successes for a severe consequence (interpretation: the victim's Resistance)",
            r,
            Some(R_EPHEMERAL_RESISTANCE),
        ));
    }
    terms.push(Term::text(
        "The bolstered power",
        match consequence {
            Consequence::None => "gets no help from the spell",
            Consequence::Normal => "takes effect at normal size, even if it failed on its own",
            Consequence::Severe => "takes effect at severe size, even if it failed on its own",
        },
        Some(R_BOLSTERING),
    ));
    Ok(Contest { dice_pool: None, net_successes: net, consequence, terms })
}

#[derive(Debug, Clone, PartialEq)]
pub struct Suppression {
    /// The hindrance's successes from its aspect.
    pub contested_by: i64,
    /// Potency left after the contest (the margin).
    pub net_potency: i64,
    /// The spell gets through at all.
    pub gets_through: bool,
    pub terms: Vec<Term>,
}

/// Casting through a Prime hindrance: the hindrance's aspect successes (covert 2,
/// vulgar 3) automatically contest the spell's Potency, as in spell competition; equal
/// is a stalemate, which leaves the hindrance in place. What gets through is read as the
/// margin.
pub fn prime_suppression(potency: i64, hindrance: Aspect) -> Result<Suppression> {
    check("potency", potency, POTENCY)?;
    if hindrance == Aspect::Sensory {
        return Err(Error::InvalidInput(
            "hindrance-aspect must be covert or vulgar: sensory spells change nothing in the world, so they can't hinder magic".into(),
        ));
    }
    let contested_by = hindrance.guaranteed_successes();
    let net_potency = (potency - contested_by).max(0);
    let gets_through = net_potency > 0;
    let mut terms = vec![
        Term::num("Spell Potency", potency, Some(R_PRIME_SUPPRESSION)),
        Term::num(
            format!("{} hindrance's aspect successes", hindrance.name()),
            -contested_by,
            Some(R_PRIME_SUPPRESSION),
        ),
    ];
    if potency < contested_by {
        // The net Potency goes no lower than 0.
        terms.push(Term::num("No net Potency below 0", contested_by - potency, Some(R_PRIME_SUPPRESSION)));
    }
    terms.extend([
        Term::text(
            "Result",
            if gets_through {
                "the spell gets through by its margin"
            } else {
                "stalemate or worse: the hindrance holds"
            },
            Some(R_COMPETITION),
        ),
        Term::text(
            "Anyone resisting the spell",
            format!("gets a {} boost", hindrance.name()),
            Some(R_PRIME_SUPPRESSION),
        ),
    ]);
    Ok(Suppression { contested_by, net_potency, gets_through, terms })
}
