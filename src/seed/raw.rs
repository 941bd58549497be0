//! The seed files' shape, exactly as written in TOML. Strict: unknown fields are errors,
//! and bounded numbers are checked while parsing so the error points at the value.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use toml::Spanned;

/// `systems.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SystemsFile {
    pub system: Vec<Spanned<SystemSeed>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SystemSeed {
    pub id: String,
    pub name: String,
    pub document: String,
    pub title: String,
}

/// A homebrew pack's manifest: the `[pack]` table of a pack (see `docs/packs.md`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestSeed {
    pub name: String,
    pub version: String,
    pub author: String,
    pub systems: Vec<String>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
}

/// One content file under `seed/<system>/` (or in a pack, where the `[pack]` manifest
/// may stand in the same file).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContentFile {
    #[serde(default)]
    pub pack: Option<Spanned<ManifestSeed>>,
    #[serde(default)]
    pub weapon: Vec<Spanned<WeaponSeed>>,
    #[serde(default)]
    pub armor: Vec<Spanned<ArmorSeed>>,
    #[serde(default)]
    pub spell: Vec<Spanned<SpellSeed>>,
    #[serde(default)]
    pub condition: Vec<Spanned<ConditionSeed>>,
    #[serde(default)]
    pub special_effect: Vec<Spanned<PlainSeed>>,
    #[serde(default)]
    pub school: Vec<Spanned<PlainSeed>>,
    #[serde(default)]
    pub maneuver: Vec<Spanned<ManeuverSeed>>,
    #[serde(default)]
    pub position: Vec<Spanned<PositionSeed>>,
    #[serde(default)]
    pub table: Vec<Spanned<TableSeed>>,
    #[serde(default)]
    pub rule: Vec<Spanned<RuleSeed>>,
    /// Packs only: the game master's adversaries it ships (see `docs/packs.md`).
    #[serde(default)]
    pub adversary: Vec<Spanned<AdversarySeed>>,
}

/// An adversary a pack or Tome's own content ships: a stat block of the file's system,
/// checked by that system's rules when the pack is imported or the starters are given to
/// the library (`crate::api`, which knows the systems).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdversarySeed {
    pub name: String,
    /// The section of the rules document its numbers come from (required of Tome's own).
    #[serde(default)]
    pub section: Option<String>,
    /// The kind of encounter it fights in (`duel`), when not the system's usual one.
    #[serde(default)]
    pub mode: Option<String>,
    /// The tracker's stats by key or abbreviation (`max-hp = 12`, `cor = 4`).
    #[serde(default)]
    pub stats: std::collections::BTreeMap<String, i64>,
    /// Its roster position, by id or name (MLAF: `mlaf/position/siren`).
    #[serde(default)]
    pub position: Option<String>,
    #[serde(default)]
    pub attacks: Vec<AttackSeed>,
    /// Conditions it starts a fight with, by name.
    #[serde(default)]
    pub conditions: Vec<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub notes: String,
}

/// An adversary's attack or spell: a shipped entry by id, or named with its numbers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackSeed {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub entry: Option<String>,
    #[serde(default)]
    pub numbers: String,
}

/// The fields every entry has, shared by the per-kind structs (serde cannot combine
/// `flatten` with `deny_unknown_fields`, so the macro writes them into each struct).
pub struct Common<'a> {
    pub name: &'a str,
    pub slug: Option<&'a str>,
    pub section: &'a str,
    pub summary: &'a str,
    pub body: &'a str,
    pub aliases: &'a [String],
    pub links: &'a [String],
}

macro_rules! seed_kind {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident : $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            pub name: String,
            #[serde(default)]
            pub slug: Option<String>,
            pub section: String,
            pub summary: String,
            #[serde(default)]
            pub body: String,
            #[serde(default)]
            pub aliases: Vec<String>,
            #[serde(default)]
            pub links: Vec<String>,
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl $name {
            pub fn common(&self) -> Common<'_> {
                Common {
                    name: &self.name,
                    slug: self.slug.as_deref(),
                    section: &self.section,
                    summary: &self.summary,
                    body: &self.body,
                    aliases: &self.aliases,
                    links: &self.links,
                }
            }
        }
    };
}

seed_kind!(
    /// An entry with no typed fields (special effects, schools).
    PlainSeed {}
);

seed_kind!(WeaponSeed {
    group: WeaponGroup,
    ability: String,
    init: OrNa<Bounded<-10, 20>>,
    atk: OrNa<Bounded<-10, 20>>,
    dfn: OrNa<Bounded<-10, 20>>,
    dam: OrNa<Bounded<-10, 20>>,
    str: OrNa<Bounded<-10, 20>>,
    load: OrNa<Bounded<0, 20>>,
    #[serde(default)]
    range: Option<OrNa<Bounded<1, 1000>>>,
    cost: OrNa<Cost>,
    #[serde(default)]
    horseback: bool,
});

seed_kind!(ArmorSeed {
    partial: OrNa<CoverageSeed>,
    full: OrNa<CoverageSeed>,
    cost: OrNa<Cost>,
});

seed_kind!(SpellSeed {
    list: SpellList,
    success: String,
    #[serde(default)]
    when: Option<String>,
    #[serde(default)]
    range: Option<String>,
    #[serde(default)]
    duration: Option<String>,
    #[serde(default)]
    restriction: Option<String>,
    #[serde(default)]
    failure: Option<String>,
});

seed_kind!(ConditionSeed {
    #[serde(default)]
    implies: Vec<String>,
});

seed_kind!(ManeuverSeed {
    #[serde(default)]
    tier: Option<Tier>,
    costs: Vec<CostSeed>,
});

seed_kind!(PositionSeed {
    race: String,
    ma: Bounded<1, 10>,
    st: Bounded<1, 10>,
    ag: Bounded<1, 6>,
    av: Bounded<1, 12>,
    skills: Vec<String>,
    categories: Vec<String>,
    cost: Bounded<0, 2_000_000>,
    #[serde(default)]
    spell: Option<String>,
});

seed_kind!(TableSeed {
    #[serde(default)]
    dice: Option<String>,
    columns: Vec<String>,
    rows: Vec<RowSeed>,
});

seed_kind!(RuleSeed {
    #[serde(default)]
    formula: Option<String>,
});

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum WeaponGroup {
    Melee,
    Missile,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Cost {
    Inexpensive,
    Standard,
    Expensive,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverageSeed {
    pub prot: Bounded<0, 30>,
    pub load: Bounded<0, 30>,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum SpellList {
    Open,
    Racial,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Tier {
    Basic,
    Advanced,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Actor {
    Pc,
    Creature,
    Any,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, strum::IntoStaticStr)]
pub enum CostUnit {
    #[serde(rename = "AP")]
    #[strum(serialize = "AP")]
    Ap,
    #[serde(rename = "reactive AP")]
    #[strum(serialize = "reactive AP")]
    ReactiveAp,
    #[serde(rename = "creature action")]
    #[strum(serialize = "creature action")]
    CreatureAction,
    #[serde(rename = "creature reaction")]
    #[strum(serialize = "creature reaction")]
    CreatureReaction,
    #[serde(rename = "attack advantage")]
    #[strum(serialize = "attack advantage")]
    AttackAdvantage,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostSeed {
    pub actor: Actor,
    #[serde(default)]
    pub amount: Option<Bounded<0, 100>>,
    pub unit: CostUnit,
    pub printed: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowSeed {
    #[serde(default)]
    pub roll: Option<[i64; 2]>,
    #[serde(default)]
    pub key: Option<KeySeed>,
    pub cells: Vec<String>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeySeed {
    #[serde(default)]
    pub from: Option<i64>,
    #[serde(default)]
    pub to: Option<i64>,
}

/// An integer that must lie in `LO..=HI`; checked while parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounded<const LO: i64, const HI: i64>(pub i64);

impl<'de, const LO: i64, const HI: i64> Deserialize<'de> for Bounded<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = i64::deserialize(d)?;
        if (LO..=HI).contains(&n) {
            Ok(Bounded(n))
        } else {
            Err(de::Error::custom(format!("{n} is out of range: expected {LO} to {HI}")))
        }
    }
}

/// A value, or the string `"n/a"` where the document's table says n/a.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrNa<T> {
    Value(T),
    Na,
}

impl<T> OrNa<T> {
    pub fn value(self) -> Option<T> {
        match self {
            OrNa::Value(v) => Some(v),
            OrNa::Na => None,
        }
    }
}

/// Deserialized by hand rather than `untagged`, so a bad value keeps its own error
/// message (an out-of-range number says so) instead of "did not match any variant".
impl<'de, T: Deserialize<'de>> Deserialize<'de> for OrNa<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = OrNa<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a value or \"n/a\"")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                if s == "n/a" {
                    return Ok(OrNa::Na);
                }
                T::deserialize(de::value::StrDeserializer::new(s)).map(OrNa::Value)
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
                T::deserialize(de::value::I64Deserializer::new(n)).map(OrNa::Value)
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(OrNa::Value)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}
