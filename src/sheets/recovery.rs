//! Wounds healing over time, for a system whose rules keep a recovery track on the sheet
//! (Ars Magica's Recovery rolls): what the API, the CLI and the app's sheet show, and the
//! seam a system implements ([`Recovery`], through `GameSystem::recovery`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::characters::Character;
use crate::dice::StressRoll;
use crate::error::Result;
use crate::rules::Term;

/// One wound level's Recovery rolls.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct DueWound {
    /// `light`, `medium`, `heavy` or `incapacitating`.
    pub level: String,
    pub count: i64,
    /// How often each wound rolls ("one week"…).
    pub interval: String,
    /// At or above: the wound holds (none for Incapacitating).
    pub stable_ease: Option<i64>,
    /// At or above: the wound gets one level better.
    pub improvement_ease: i64,
    /// What each wound carries to its next roll, the next to roll first (one shared value
    /// for Incapacitating wounds, which roll together).
    pub carried: Vec<i64>,
}

/// What a character has due on the recovery track.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct RecoveryDue {
    pub character: i64,
    pub name: String,
    /// What every roll adds (Ars Magica's Stamina).
    pub stamina: i64,
    /// Soonest roll first; empty when the character is unhurt.
    pub wounds: Vec<DueWound>,
    /// The level `character_recover` rolls for when none is named.
    pub next: Option<String>,
    /// The entry of the rule the track follows, to link to.
    pub rule: String,
}

/// A Recovery roll to make.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct RecoveryRoll {
    /// The wound level rolling; the soonest due when unset (the most serious wound for
    /// an overexertion roll).
    pub wound: Option<String>,
    /// The die as rolled at the table; Tome rolls it when unset.
    pub roll: Option<i64>,
    /// The attending medic's Chirurgy (injuries) or Medicine (poison, disease).
    pub medic: i64,
    /// Healing magic's bonus.
    pub magic: i64,
    /// The roll for doing more than the wounds allow: it can only hold or worsen.
    pub overexertion: bool,
    /// Seeds Tome's roll, for a repeatable one.
    pub seed: Option<u64>,
}

/// One roll as the system made it on the sheet (the API saves the sheet and reports it
/// inside a [`RecoveryReport`]).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct RecoveryRolled {
    pub level: String,
    /// What the wound carried into the roll.
    pub bonus: i64,
    /// The die Tome rolled (unset when one was typed).
    pub rolled: Option<StressRoll>,
    pub die: i64,
    pub total: i64,
    /// `improves`, `stable`, `worsens` or `dies`.
    pub result: String,
    pub new_level: String,
    /// What the wound carries to its next roll.
    pub bonus_next: i64,
    pub terms: Vec<Term>,
    /// The revision's note.
    pub note: String,
    /// The character died (an Incapacitated roll of 0 or less).
    pub dies: bool,
    /// Where the document left this roll open and Tome chose ("Interpretation: …").
    pub interpretations: Vec<String>,
}

/// A Recovery roll made and saved.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct RecoveryReport {
    pub character: i64,
    /// The revision the roll was saved as (the one before it when the roll changed
    /// nothing on the sheet: see `changed`).
    pub revision: i64,
    /// The roll changed the sheet, and a revision was written.
    pub changed: bool,
    /// The roll itself, its fields beside these in JSON and in the UI's type.
    #[serde(flatten)]
    #[ts(flatten)]
    pub roll: RecoveryRolled,
    /// The track after the roll.
    pub due: RecoveryDue,
}

/// A system's recovery track, kept on its sheets.
pub trait Recovery: Send + Sync {
    /// The rolls `c` has due.
    ///
    /// # Errors
    /// A sheet whose track does not read (a carried bonus that is not a number).
    fn due(&self, c: &Character) -> Result<RecoveryDue>;

    /// Makes one roll (rolling the die when `req` types none) and writes its result onto
    /// `c`'s sheet; the caller saves the sheet.
    ///
    /// # Errors
    /// An unknown wound level, a level without wounds, a value out of its range.
    fn roll(&self, c: &mut Character, req: &RecoveryRoll) -> Result<RecoveryRolled>;
}
