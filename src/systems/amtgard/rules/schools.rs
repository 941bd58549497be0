//! Schools, and the Immunities a player holds to them.

use super::*;

/// The eight Schools abilities are divided into (lines 130-147).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum School {
    Command,
    Death,
    Flame,
    Neutral,
    Protection,
    Sorcery,
    Spirit,
    Subdual,
}

impl School {
    /// The lowercase word the parameters take.
    pub fn slug(self) -> &'static str {
        self.into()
    }

    /// The School as the document writes it ("Death").
    pub fn name(self) -> String {
        let s = self.slug();
        s[..1].to_ascii_uppercase() + &s[1..]
    }

    /// The School's entry.
    pub fn rule(self) -> String {
        format!("amtgard/school/{}", self.slug())
    }

    /// # Errors
    /// [`Error::InvalidInput`] listing the Schools.
    pub fn parse(raw: &str) -> Result<School> {
        raw.trim().parse().map_err(|_| {
            invalid(format!("`{raw}` is not a School: one of {}", <School as strum::VariantNames>::VARIANTS.join(", ")))
        })
    }
}

/// The School a State's name grants Immunity to: "Immune to Death", "Immunity to
/// Flame", "Immune to the Subdual School"; Cursed makes a player Immune to Spirit (line
/// 172). `None` for a State that grants no Immunity.
pub fn immunity_in(state: &str) -> Option<School> {
    let words = crate::search::normalize(state);
    if words == "cursed" {
        return Some(School::Spirit);
    }
    let rest = words.strip_prefix("immune to ").or_else(|| words.strip_prefix("immunity to "))?;
    let rest = rest.strip_prefix("the ").unwrap_or(rest);
    let rest = rest.strip_suffix(" school").unwrap_or(rest);
    rest.parse().ok()
}

/// What a Resistance is to (line 127: "the next effect of a given type").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resistance {
    /// The next wound (line 129).
    Wounds,
    /// The next hit of an ability or Magic Ball of that School.
    School(School),
}

/// What a State's name makes the player Resistant to: "Resistant to Wounds",
/// "Resistant to Flame", "Resistance to the Subdual School". `None` for a State that is
/// no Resistance, or one to a type a hit does not carry.
///
/// Interpretation: "Resistant" with no type named is to Wounds, the one type the
/// document spells out (line 129).
pub fn resistance_in(state: &str) -> Option<Resistance> {
    let words = crate::search::normalize(state);
    if words == "resistant" {
        return Some(Resistance::Wounds);
    }
    let rest = words.strip_prefix("resistant to ").or_else(|| words.strip_prefix("resistance to "))?;
    let rest = rest.strip_prefix("the ").unwrap_or(rest);
    if rest == "wounds" || rest == "wound" {
        return Some(Resistance::Wounds);
    }
    rest.strip_suffix(" school").unwrap_or(rest).parse().ok().map(Resistance::School)
}

/// Every School the named States (Trait States and others) make the player Immune to,
/// each once, in the order met.
pub fn immunities<'a>(states: impl IntoIterator<Item = &'a str>) -> Vec<School> {
    let mut out = Vec::new();
    for s in states.into_iter().filter_map(immunity_in) {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// Parses a comma-separated list of Schools (`"death, flame"`).
///
/// # Errors
/// [`Error::InvalidInput`] naming the word that is not a School.
pub fn parse_schools(param: &str, text: &str) -> Result<Vec<School>> {
    items(param, text)?.into_iter().map(|s| School::parse(s).map_err(|e| invalid(format!("--{param}: {e}")))).collect()
}
