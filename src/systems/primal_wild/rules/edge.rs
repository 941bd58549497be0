//! The Edge of magical weapons and enhanced items.

use super::*;

/// Where the Edge comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum EdgeSource {
    /// A magical mode of attack (judged as a melee weapon of its size and danger).
    Weapon,
    /// An object given a higher Edge by lasting magic.
    Item,
}

pub const EDGE_SOURCE_NAMES: &[&str] = <EdgeSource as strum::VariantNames>::VARIANTS;

impl EdgeSource {
    pub fn parse(s: &str) -> Result<EdgeSource> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("source must be one of {}, not `{s}`", EDGE_SOURCE_NAMES.join(", ")))
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    pub edge: i64,
    pub capped: bool,
    pub terms: Vec<Term>,
}

/// A magical Edge: whatever the magic would give, an Edge stops at +5, as for ordinary
/// weapons.
pub fn magical_edge(wanted: i64, source: EdgeSource) -> Result<Edge> {
    check("edge", wanted, (0, 20))?;
    let rule = match source {
        EdgeSource::Weapon => R_WEAPONS,
        EdgeSource::Item => R_ENHANCED_ITEMS,
    };
    let edge = wanted.min(EDGE_MAX);
    let capped = wanted > EDGE_MAX;
    let mut terms = vec![Term::num("Edge the magic would give", wanted, Some(rule))];
    if capped {
        terms.push(Term::num(format!("Held to the +{EDGE_MAX} cap"), edge - wanted, Some(rule)));
    }
    if source == EdgeSource::Weapon {
        terms.push(Term::text("Benchmarks", "a searing hand +2; a roaring aura of flame +5", Some(T_EDGES)));
    }
    Ok(Edge { edge, capped, terms })
}
