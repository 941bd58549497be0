//! Aspects.

use super::*;

/// A spell's aspect, which sets what it does for combat without Shaping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Aspect {
    Sensory,
    Covert,
    Vulgar,
}

pub const ASPECT_NAMES: &[&str] = <Aspect as strum::VariantNames>::VARIANTS;

impl Aspect {
    pub const ALL: [Aspect; 3] = [Aspect::Sensory, Aspect::Covert, Aspect::Vulgar];

    /// Parses "sensory", "covert" or "vulgar" (any case).
    pub fn parse(s: &str) -> Result<Aspect> {
        s.trim()
            .parse()
            .map_err(|_| Error::InvalidInput(format!("aspect must be one of {}, not `{s}`", ASPECT_NAMES.join(", "))))
    }

    pub fn name(self) -> &'static str {
        self.into()
    }

    /// A spell's Potency without Shaping: 1, 2 or 3. The initiative rule gives it away
    /// (the die minimum is twice this: 2, 4, 6).
    pub fn default_potency(self) -> i64 {
        match self {
            Aspect::Sensory => 1,
            Aspect::Covert => 2,
            Aspect::Vulgar => 3,
        }
    }

    /// The lowest result the initiative die can show under a boost of this aspect.
    pub fn initiative_die_minimum(self) -> i64 {
        2 * self.default_potency()
    }

    /// Successes a boosted attack is sure of.
    pub fn guaranteed_successes(self) -> i64 {
        match self {
            Aspect::Sensory => 1,
            Aspect::Covert => 2,
            Aspect::Vulgar => 3,
        }
    }

    /// The lowest die face that is rolled again: 10 (the normal rule), 9 or 8.
    pub fn again(self) -> i64 {
        match self {
            Aspect::Sensory => 10,
            Aspect::Covert => 9,
            Aspect::Vulgar => 8,
        }
    }

    /// The least damage a Shaping attack of this aspect does to an unprotected target;
    /// `None` for sensory, since attack spells must be covert or vulgar.
    pub fn minimum_shaping_damage(self) -> Option<i64> {
        match self {
            Aspect::Sensory => None,
            Aspect::Covert => Some(2),
            Aspect::Vulgar => Some(3),
        }
    }

    /// How many of a boosted attack's first successes carry damage-factor effects. The
    /// document names only covert (2) and vulgar (3); sensory magic changes nothing in the
    /// world, so it carries none.
    pub fn damage_factor_successes(self) -> i64 {
        match self {
            Aspect::Sensory => 0,
            Aspect::Covert => 2,
            Aspect::Vulgar => 3,
        }
    }

    /// What a boosted attack deals to creatures that take only bashing from ordinary
    /// lethal attacks; the document says nothing for sensory boosts.
    pub fn against_tough_creatures(self) -> Option<&'static str> {
        match self {
            Aspect::Sensory => None,
            Aspect::Covert => Some("bashing"),
            Aspect::Vulgar => Some("lethal"),
        }
    }

    /// The spell's Potency when Shaped: its base Potency plus the rolled successes.
    /// Sensory spells can't be Shaped.
    pub fn shaped_potency(self, successes: i64) -> Result<i64> {
        check("successes", successes, SUCCESSES)?;
        if self == Aspect::Sensory {
            return Err(Error::InvalidInput("aspect must be covert or vulgar: sensory spells can't be Shaped".into()));
        }
        Ok(self.default_potency() + successes)
    }
}
