//! Ability Order.

use super::*;

/// The four steps of the Ability Order table, first to last.
pub const ABILITY_ORDER: [&str; 4] = ["Traits", "Immunities", "Resistances", "Other Enchantments"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::IntoStaticStr, strum::EnumString)]
#[strum(ascii_case_insensitive)]
pub enum EffectType {
    #[strum(to_string = "Trait", serialize = "traits")]
    Trait,
    #[strum(to_string = "Immunity", serialize = "immunities", serialize = "immune")]
    Immunity,
    #[strum(to_string = "Resistance", serialize = "resistances", serialize = "resistant")]
    Resistance,
    #[strum(
        to_string = "Enchantment",
        serialize = "enchantments",
        serialize = "other",
        serialize = "other enchantment",
        serialize = "other enchantments"
    )]
    Enchantment,
}

impl EffectType {
    /// Position in the Ability Order table (1 first).
    pub fn step(self) -> i64 {
        match self {
            EffectType::Trait => 1,
            EffectType::Immunity => 2,
            EffectType::Resistance => 3,
            EffectType::Enchantment => 4,
        }
    }

    /// The table's row name.
    pub fn table_name(self) -> &'static str {
        ABILITY_ORDER[(self.step() - 1) as usize]
    }

    pub fn singular(self) -> &'static str {
        self.into()
    }

    pub(super) fn rule(self) -> &'static str {
        match self {
            EffectType::Trait => R_TRAITS,
            EffectType::Immunity => C_IMMUNE,
            EffectType::Resistance => R_RESISTANT,
            EffectType::Enchantment => R_ENCHANTMENTS,
        }
    }

    /// # Errors
    /// [`Error::InvalidInput`] listing the accepted words.
    pub fn parse(raw: &str) -> Result<EffectType> {
        let want = raw.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        let want = tidy(&want);
        want.parse().map_err(|_| {
            invalid(format!(
                "--effects: `{raw}` is not an effect type; use trait, immunity, resistance or enchantment, optionally followed by :NAME (e.g. \"enchantment:Troll Blood,trait\")"
            ))
        })
    }
}

/// One simultaneous effect: its type and, optionally, what it is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimultaneousEffect {
    pub kind: EffectType,
    pub name: Option<String>,
}

impl SimultaneousEffect {
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} ({})", self.kind.singular()),
            None => self.kind.table_name().to_string(),
        }
    }
}

/// Parses `"enchantment:Phoenix Tears, trait, resistance:Resist Death"`.
///
/// # Errors
/// [`Error::InvalidInput`] for an unknown type or an empty name after a colon.
pub fn parse_effects(text: &str) -> Result<Vec<SimultaneousEffect>> {
    items("effects", text)?
        .into_iter()
        .map(|item| {
            let (kind, name) = match item.split_once(':') {
                Some((k, n)) => {
                    let n = tidy(n);
                    if n.is_empty() {
                        return Err(invalid(format!("--effects: `{item}` has no name after the colon")));
                    }
                    (k, Some(n))
                }
                None => (item, None),
            };
            Ok(SimultaneousEffect { kind: EffectType::parse(kind)?, name })
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ordered {
    pub order: Vec<SimultaneousEffect>,
    /// Each effect's step in the table, in the same order.
    pub steps: Vec<i64>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Sorts effects by the Ability Order (Traits, Immunities, Resistances, other
/// Enchantments), keeping the given order within a step; several other Enchantments
/// all go off at the same moment.
pub fn ability_order(effects: &[SimultaneousEffect]) -> Ordered {
    let mut order = effects.to_vec();
    order.sort_by_key(|e| e.kind.step());
    let steps: Vec<i64> = order.iter().map(|e| e.kind.step()).collect();
    let mut terms = Vec::new();
    for e in &order {
        // A row of the table, said rather than added.
        terms.push(Term::note(
            format!("{}: step of the Ability Order", e.label()),
            e.kind.step(),
            Some(T_ABILITY_ORDER),
        ));
    }
    let mut warnings = Vec::new();
    let enchantments: Vec<String> =
        order.iter().filter(|e| e.kind == EffectType::Enchantment).map(SimultaneousEffect::label).collect();
    if enchantments.len() > 1 {
        terms.push(Term::text("Other Enchantments", "all trigger together", Some(R_ABILITY_ORDER)));
        warnings.push(format!(
            "{} trigger at the same time, even if one's result would stop another",
            enchantments.join(", ")
        ));
    }
    if order.iter().any(|e| e.kind == EffectType::Trait) {
        terms.push(Term::text("Traits", "always first", Some(EffectType::Trait.rule())));
    }
    Ordered { order, steps, terms, warnings }
}
