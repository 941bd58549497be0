//! Wounds healing over time: what Recovery rolls a character has due, and one roll made
//! and kept on the sheet as a revision. The track is the character's system's
//! ([`crate::sheets::recovery::Recovery`]).

use super::Tome;
use crate::characters::Character;
use crate::error::{Error, Result};
use crate::sheets::recovery::{Recovery, RecoveryDue, RecoveryReport, RecoveryRoll};

/// The recovery track of `c`'s system.
fn track_of(c: &Character) -> Result<&'static dyn Recovery> {
    crate::systems::require(&c.system)?.recovery().ok_or_else(|| {
        let keeping: Vec<&str> =
            crate::systems::all().iter().filter(|s| s.recovery().is_some()).map(|s| s.id()).collect();
        Error::InvalidInput(format!(
            "character {} ({}) is a {} character, whose rules keep no recovery track (kept by: {})",
            c.id,
            c.name,
            c.system,
            keeping.join(", ")
        ))
    })
}

impl Tome {
    /// The Recovery rolls character `id` has due: each wound level, its interval, Ease
    /// Factors and what each wound carries to its next roll.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character; [`Error::InvalidInput`] for one whose
    /// system keeps no recovery track, or a sheet whose carried bonuses do not read.
    pub fn character_recovery(&self, id: i64) -> Result<RecoveryDue> {
        let c = self.character(id)?;
        track_of(&c)?.due(&c)
    }

    /// Makes one Recovery roll for character `id` (rolling the die when none is typed),
    /// moves the wound as the roll says and saves the sheet as one revision whose note
    /// tells the roll.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character; [`Error::InvalidInput`] for one whose
    /// system keeps no recovery track, an unknown wound level, a level without wounds, or
    /// a value out of its range.
    pub fn character_recover(&mut self, id: i64, req: &RecoveryRoll) -> Result<RecoveryReport> {
        let mut c = self.character(id)?;
        let track = track_of(&c)?;
        let rolled = track.roll(&mut c, req)?;
        let saved = self.db.save_character_noted(&c, rolled.note.clone())?;
        // The wound moved: a device showing this sheet follows, as after any save.
        self.changed();
        let due = track.due(&saved)?;
        Ok(RecoveryReport {
            character: id,
            revision: saved.revision,
            changed: saved.revision != c.revision,
            roll: rolled,
            due,
        })
    }
}
