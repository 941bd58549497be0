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
pub(super) const FORM_OF_MIST: &str = "mlaf/spell/form-of-mist";
pub(super) const BLIZZARD: &str = "mlaf/spell/blizzard";
pub(super) const WEATHER_CONTROL: &str = "mlaf/spell/weather-control";
pub(super) const DARK_INITIATION: &str = "mlaf/spell/dark-initiation";
pub(super) const TOAD: &str = "mlaf/spell/toad";
pub(crate) const LIBRARIAN: &str = "mlaf/spell/librarian";
pub(crate) const CLAIRVOYANCE: &str = "mlaf/spell/clairvoyance";

/// A square has eight neighbours, so a caster stands in at most eight enemy tackle zones.
pub const MAX_ENEMY_TZ: i64 = 8;
/// Rookie casters start at level 1. The document sets no ceiling (each Spell Table 18,
/// duplicate spell or doubles choice adds a level); Tome caps levels at 10.
pub const MAX_LEVEL: i64 = 10;

/// Rounds a probability to four decimals, as the calculators report it.
pub fn round4(p: f64) -> f64 {
    (p * 10_000.0).round() / 10_000.0
}

mod calculators;
mod casting;
mod dark_initiation;
mod per_match;
mod spell_dice;
mod spell_table;
#[cfg(test)]
mod tests;

pub use calculators::*;
pub use casting::*;
pub use dark_initiation::*;
pub use per_match::*;
pub use spell_dice::*;
pub use spell_table::*;
