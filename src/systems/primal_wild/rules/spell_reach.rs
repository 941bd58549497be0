//! Whether a spell reaches its target: spells on ephemeral beings (which Arcanum, which
//! Practice, what a vulgar spell exposes the caster to), sensory spells against hiding,
//! and illusions against Disbelief.

use super::*;

/// The kind of ephemeral being a spell is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Being {
    Ghost,
    Spirit,
    Consciousness,
    /// Anything stranger.
    Other,
}

pub const BEING_NAMES: &[&str] = <Being as strum::VariantNames>::VARIANTS;

/// The Practice a spell uses, by level: the Apprentice ones and Weaving matter here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Practice {
    Ruling,
    Perfecting,
    Weaving,
    /// A higher Practice (Patterning, Unraveling, Making, Unmaking), read as including
    /// what Weaving allows.
    Higher,
}

pub const PRACTICE_NAMES: &[&str] = <Practice as strum::VariantNames>::VARIANTS;

fn parse<T: std::str::FromStr>(what: &str, s: &str, names: &[&str]) -> Result<T> {
    s.trim()
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--{what} must be one of {}, not `{s}`", names.join(", "))))
}

impl Being {
    pub fn parse(s: &str) -> Result<Being> {
        parse("being", s, BEING_NAMES)
    }
    /// The Arcanum that usually works on it (line 44).
    pub fn arcanum(self) -> &'static str {
        match self {
            Being::Ghost => "Death",
            Being::Spirit => "Spirit",
            Being::Consciousness => "Mind",
            Being::Other => "other Arcana or a combination, as the Storyteller rules",
        }
    }
}

impl Practice {
    pub fn parse(s: &str) -> Result<Practice> {
        parse("practice", s, PRACTICE_NAMES)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct EphemeralSpell {
    pub works: bool,
    /// The caster becomes visible and tangible to the being.
    pub reciprocal: bool,
    pub terms: Vec<Term>,
}

/// A spell on an intangible ephemeral being. A covert spell works with any Arcanum on a
/// being the mage perceives (Reciprocity, line 52); a vulgar one needs the Arcanum for
/// that being and, to act on it directly, Weaving (line 56), which makes the caster
/// visible and tangible to it until his next turn; a vulgar Apprentice spell only
/// controls Manifestations and empowers the being's powers on the caster (line 54).
pub fn ephemeral_spell(being: Being, aspect: Aspect, practice: Practice, perceives: bool) -> Result<EphemeralSpell> {
    let mut terms = vec![Term::text("Arcanum that usually works on it", being.arcanum(), Some(T_ARCANA_BEINGS))];
    let (works, reciprocal) = match aspect {
        Aspect::Sensory => {
            terms.push(Term::text(
                "Sensory spell",
                "shows the being to the caster, changes nothing",
                Some(R_AFFECTING),
            ));
            (true, false)
        }
        Aspect::Covert => {
            let t = if perceives {
                "works with any Arcanum; the being acts back only by its own powers"
            } else {
                "the mage must perceive the being (Unveiling, or its manifestation)"
            };
            terms.push(Term::text("Covert spell", t, Some(R_RECIPROCITY)));
            (perceives, false)
        }
        Aspect::Vulgar => match practice {
            Practice::Ruling | Practice::Perfecting => {
                terms.push(Term::text(
                    "Vulgar Apprentice spell",
                    "controls its Manifestations only, and empowers its Influences and Manifestations against the caster",
                    Some(R_APPRENTICE),
                ));
                (true, false)
            }
            Practice::Weaving | Practice::Higher => {
                terms.push(Term::text(
                    "Vulgar spell with Weaving",
                    "acts on it directly; the caster is visible and tangible to it until his next turn",
                    Some(R_DISCIPLE),
                ));
                (true, true)
            }
        },
    };
    if aspect == Aspect::Vulgar && being == Being::Other {
        terms.push(Term::text("Stranger beings", "may need other Arcana or a combination", Some(R_AFFECTING)));
    }
    Ok(EphemeralSpell { works, reciprocal, terms })
}

/// What a sensory spell meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Hiding {
    None,
    /// Camouflage, skill at hiding.
    Stealth,
    /// Sneaking and misdirection against the senses.
    Sneaking,
    /// Invisibility and other magical hiding (not supernal occlusion).
    Magical,
    /// A power that makes the watcher ignore his senses (Obfuscate).
    IgnoreSenses,
    /// A covert or vulgar spell in the way (a Mind shield).
    Shield,
    /// A Veiling spell.
    Veiling,
    /// A Fraying spell.
    Fraying,
}

pub const HIDING_NAMES: &[&str] = <Hiding as strum::VariantNames>::VARIANTS;

/// The sensory Practice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Sense {
    Unveiling,
    Knowing,
}

pub const SENSE_NAMES: &[&str] = <Sense as strum::VariantNames>::VARIANTS;

#[derive(Debug, Clone, PartialEq)]
pub struct SensorySpell {
    /// Base Mana cost: 0 for an improvised spell of a ruling Arcanum (Mage Sight).
    pub mana: Option<i64>,
    /// Whether it gets past what hides the subject (`None`: it depends on a roll or call).
    pub sees: Option<bool>,
    pub terms: Vec<Term>,
}

/// How a sensory spell comes to be cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SensoryCasting {
    /// An improvised spell of one of the mage's ruling Arcana (Mage Sight).
    pub ruling: bool,
    /// A sensory rote the mage knows covers it.
    pub rote: bool,
    /// Area factors were bought (Knowing).
    pub area_factors: bool,
}

/// A sensory spell: what it costs, how far a Knowing spell reaches, and whether it gets
/// past a kind of hiding (lines 90–116).
pub fn sensory_spell(sense: Sense, how: SensoryCasting, hiding: Hiding) -> SensorySpell {
    let mut terms = Vec::new();
    let free = how.ruling || how.rote;
    let mana = free.then_some(0);
    terms.push(Term::text(
        "Mana",
        match (how.ruling, how.rote) {
            (true, _) => "0: an improvised spell of a ruling Arcanum (Mage Sight)",
            (false, true) => "0: a rote the mage knows, constant within its own scope",
            (false, false) => "the spell's usual cost",
        },
        Some(R_MAGE_SIGHT),
    ));
    match sense {
        Sense::Unveiling => {
            terms.push(Term::text(
                "Spell factors",
                "none: Unveiling targets the caster's own senses",
                Some(R_SENSORY_TARGETING),
            ));
        }
        Sense::Knowing => terms.push(Term::text(
            "Reach",
            if how.area_factors { "the area its factors buy" } else { "about arm's reach, without area factors" },
            Some(R_SENSORY_TARGETING),
        )),
    }
    use Hiding::*;
    let (sees, why) = match (hiding, sense) {
        (None, _) => (Some(true), "nothing in the way"),
        (Stealth | Magical, _) => (Some(true), "sensory magic can get past mundane or magical stealth"),
        (Sneaking, Sense::Unveiling) => (Some(false), "Unveiling works through the senses, which sneaking fools"),
        (Sneaking, Sense::Knowing) => (Some(true), "a targeted Knowing spell beats skill at hiding"),
        (IgnoreSenses, _) => (Some(false), "a power that makes the watcher ignore his senses can make it irrelevant"),
        (Shield, _) => {
            (Some(false), "covert and vulgar effects beat sensory ones automatically; it notices the shield only")
        }
        (Veiling, Sense::Unveiling) => (Some(false), "a Veiling changes what Unveiling shows"),
        (Veiling, Sense::Knowing) => (Option::None, "the Veiling's Tenacity contests the scrutiny roll (see scrutiny)"),
        (Fraying, Sense::Knowing) => (Some(false), "a Fraying makes Knowing scrutiny useless"),
        (Fraying, Sense::Unveiling) => {
            (Option::None, "a Fraying foils Knowing scrutiny; against Unveiling the document says nothing")
        }
    };
    terms.push(Term::text(format!("Against {}", <&str>::from(hiding)), why, Some(R_SENSORY_OPPOSED)));
    if matches!(hiding, Veiling | Fraying | Shield) {
        terms.push(Term::text("Still learns", "the occlusion's source, by its resonance", Some(R_SENSORY_OPPOSED)));
    }
    terms.push(Term::text(
        "Can be dispelled or countered",
        "no: only by effects that reach the soul",
        Some(R_INVIOLABILITY),
    ));
    SensorySpell { mana, sees, terms }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Illusion {
    pub aspect: Aspect,
    pub disbelief: bool,
    pub terms: Vec<Term>,
}

/// An illusion (line 64): cast vulgar, obviously magic; lowered to covert at once it
/// provokes Disbelief only when it makes no sense in its context.
pub fn illusion(lowered: bool, fits_context: bool) -> Illusion {
    let aspect = if lowered { Aspect::Covert } else { Aspect::Vulgar };
    let disbelief = !lowered || !fits_context;
    let terms = vec![
        Term::text("Cast as", "vulgar, wrapped in the caster's nimbus", Some(R_ILLUSIONS)),
        Term::text(
            "Lowered to covert at once",
            if lowered {
                "yes: as burdensome to sustain, but it can fool later onlookers"
            } else {
                "no: it stays obvious magic"
            },
            Some(R_ILLUSIONS),
        ),
        Term::text(
            "Disbelief",
            match (lowered, fits_context) {
                (false, _) => "provoked: it is plainly magic",
                (true, true) => "not provoked while it makes sense in context",
                (true, false) => "provoked: it makes no sense in context",
            },
            Some(R_ILLUSIONS),
        ),
    ];
    Illusion { aspect, disbelief, terms }
}

/// An Arcanum, for granting sensory magic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum GrantArcanum {
    Prime,
    Life,
    Mind,
    Forces,
    Matter,
    Other,
}

pub const GRANT_ARCANUM_NAMES: &[&str] = <GrantArcanum as strum::VariantNames>::VARIANTS;

/// Whether a spell can give someone else sensory magic (line 100): a covert Prime spell
/// anchors it in their soul; covert Life or Mind joined with other Arcana keys their
/// senses to hidden things; a vulgar Forces, Matter or Prime spell shows it to them.
pub fn grant_senses(arcanum: GrantArcanum, aspect: Aspect, with_others: bool) -> (bool, Term) {
    use GrantArcanum::*;
    let how = match (arcanum, aspect) {
        (Prime, Aspect::Covert) => Some("anchors a sensory effect in the subject's soul"),
        (Life | Mind, Aspect::Covert) if with_others => Some("keys the subject's thoughts or senses to hidden things"),
        (Forces | Matter | Prime, Aspect::Vulgar) => Some("conjures a display of what the subject can't sense"),
        _ => None,
    };
    let term = Term::text(
        format!("A {} {} spell for another", aspect.name(), <&str>::from(arcanum)),
        how.unwrap_or("can't grant sensory magic"),
        Some(R_GRANTING_SENSES),
    );
    (how.is_some(), term)
}
