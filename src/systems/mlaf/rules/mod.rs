//! MLAF (Blood Bowl house rules) magic: casting odds, spells per match, the 3d6 Spell
//! Table, the Dark Initiation mutation table, and the small d6 tables some spells use.
//!
//! The dice tables are read from the shipped database (`Tome::table`), so a result here
//! always matches the table a user sees; the tests check those tables against numbers
//! transcribed from the document.

use crate::dice::Dice;
use crate::error::{Error, Result};
use crate::model::Detail;
use crate::rulebook::Rulebook;
use crate::rules::{
    check, resolve_entry, roll_or_seed, with_dice, Calculator, Inputs, Outcome, Param, ParamKind, Term,
};
use crate::Kind;

pub(crate) const SYSTEM: &str = "mlaf";

pub(crate) const SPELLCASTERS: &str = "mlaf/rule/spellcasters";
pub(crate) const CASTING: &str = "mlaf/rule/how-to-cast-spells";
pub(super) const STAR_PLAYER_ROLLS: &str = "mlaf/rule/star-player-rolls";
pub(super) const SPELL_TABLE: &str = "mlaf/table/spell-table";
pub(super) const MUTATION_TABLE: &str = "mlaf/table/mutation-table";
pub(super) const SOUL_TABLE: &str = "mlaf/table/a-soul-in-chains";
pub(super) const SHIFT_TABLE: &str = "mlaf/table/shift-of-power";
pub(super) const CLAIRVOYANCE_TABLE: &str = "mlaf/table/clairvoyance";
pub(super) const TOAD_PROFILE: &str = "mlaf/table/toad-profile";

pub(crate) const POWER_DRAIN: &str = "mlaf/spell/power-drain";
pub(crate) const COUNTERSPELL: &str = "mlaf/spell/counterspell";
pub(crate) const FORM_OF_MIST: &str = "mlaf/spell/form-of-mist";
pub(crate) const BLIZZARD: &str = "mlaf/spell/blizzard";
pub(super) const WEATHER_CONTROL: &str = "mlaf/spell/weather-control";
pub(super) const DARK_INITIATION: &str = "mlaf/spell/dark-initiation";
pub(super) const TOAD: &str = "mlaf/spell/toad";
pub(crate) const LIBRARIAN: &str = "mlaf/spell/librarian";
pub(crate) const CLAIRVOYANCE: &str = "mlaf/spell/clairvoyance";
pub(crate) const LIGHTNING_BOLT: &str = "mlaf/spell/lightning-bolt";
pub(crate) const FIRE_BALL: &str = "mlaf/spell/fire-ball";
pub(crate) const TORMENTED_SOUL: &str = "mlaf/spell/tormented-soul";
pub(super) const SIREN_SONG: &str = "mlaf/spell/siren-song";
pub(super) const CRY_OF_JYHAD: &str = "mlaf/spell/cry-of-jyhad";
pub(super) const SPEED_OF_LIGHT: &str = "mlaf/spell/speed-of-light";
pub(super) const LONG_DOOR: &str = "mlaf/spell/the-long-door";
pub(super) const MEDUSAS_GAZE: &str = "mlaf/spell/medusas-gaze";
pub(super) const WARPFIRE: &str = "mlaf/spell/warpfire";
pub(super) const CALL_ROOTS: &str = "mlaf/spell/call-roots";
pub(super) const DRAGON_CLAW: &str = "mlaf/spell/dragon-claw";

/// A square has eight neighbours, so a caster stands in at most eight enemy tackle zones.
pub const MAX_ENEMY_TZ: i64 = 8;
/// Rookie casters start at level 1. The document sets no ceiling (each Spell Table 18,
/// duplicate spell or doubles choice adds a level); Tome caps levels at 10.
pub const MAX_LEVEL: i64 = 10;

/// MA is typed from 1 to 10.
pub const MAX_MA: i64 = 10;
/// Special Play Cards are counted from 0 to 20.
pub const MAX_CARDS: i64 = 20;
/// SPP one player earns in one match, typed from 0 to 30.
pub const MAX_MATCH_SPP: i64 = 30;

/// Rounds a probability to four decimals, as the calculators report it.
pub fn round4(p: f64) -> f64 {
    (p * 10_000.0).round() / 10_000.0
}

mod calculators;
mod casting;
mod dark_initiation;
mod field_effects;
mod fire_ball_throw;
mod knockdowns;
mod per_match;
mod player_dice;
mod reach;
mod roster;
mod roster_limits;
mod spell_calculators;
mod spell_dice;
mod spell_table;
mod spell_targets;
mod stat_effects;
mod target_calculators;
mod team_spells;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_match;
#[cfg(test)]
mod tests_roster;
#[cfg(test)]
mod tests_spells;
#[cfg(test)]
mod tests_targets;

pub use calculators::*;
pub use casting::*;
pub use dark_initiation::*;
pub use field_effects::*;
pub use fire_ball_throw::*;
pub use knockdowns::*;
pub use per_match::*;
use player_dice::*;
pub use player_dice::{PITCH_PLAYERS, TEAM_PLAYERS};
pub use reach::*;
pub use roster::*;
pub use roster_limits::*;
pub use spell_calculators::*;
pub use spell_dice::*;
pub use spell_table::*;
pub use spell_targets::*;
pub use stat_effects::*;
pub use target_calculators::*;
pub use team_spells::*;
