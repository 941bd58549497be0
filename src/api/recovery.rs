//! Wounds healing over time (Ars Magica): what Recovery rolls a character has due, and
//! one roll made and kept on the sheet as a revision.

use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Tome;
use crate::characters::Character;
use crate::dice::{stress_die, StressRoll};
use crate::error::{Error, Result};
use crate::rules::Term;
use crate::systems::ars_magica::recovery as sheet_track;
use crate::systems::ars_magica::rules::{self as am, RecoveryTrack, WoundLevel};

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
    pub stamina: i64,
    /// Soonest roll first; empty when the character is unhurt.
    pub wounds: Vec<DueWound>,
    /// The level `character_recover` rolls for when none is named.
    pub next: Option<String>,
}

/// A Recovery roll to make.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct RecoveryRoll {
    /// The wound level rolling; the soonest due when unset (the most serious wound for
    /// an overexertion roll).
    pub wound: Option<String>,
    /// The stress die as rolled at the table; Tome rolls it when unset.
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

/// A Recovery roll made and saved.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct RecoveryReport {
    pub character: i64,
    /// The revision the roll was saved as (the one before it when the roll changed
    /// nothing on the sheet: see `changed`).
    pub revision: i64,
    /// The roll changed the sheet, and a revision was written.
    pub changed: bool,
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
    /// The track after the roll.
    pub due: RecoveryDue,
}

fn ars_magica(c: &Character) -> Result<()> {
    if c.system != am::SYSTEM {
        return Err(Error::InvalidInput(format!(
            "character {} ({}) is a {} character: the recovery track is Ars Magica's",
            c.id, c.name, c.system
        )));
    }
    Ok(())
}

fn due_of(c: &Character, t: &RecoveryTrack) -> Result<RecoveryDue> {
    let wounds = t
        .due()?
        .into_iter()
        .map(|d| DueWound {
            level: d.row.level.as_str().into(),
            count: d.count,
            interval: d.row.interval.into(),
            stable_ease: d.row.stable_ease,
            improvement_ease: d.row.improvement_ease,
            carried: d.bonuses,
        })
        .collect();
    Ok(RecoveryDue {
        character: c.id,
        name: c.name.clone(),
        stamina: sheet_track::stamina(c),
        wounds,
        next: t.next_level(false).map(|l| l.as_str().into()),
    })
}

impl Tome {
    /// The Recovery rolls character `id` has due: each wound level, its interval, Ease
    /// Factors and what each wound carries to its next roll.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character; [`Error::InvalidInput`] for one not
    /// of Ars Magica, or a sheet whose carried bonuses do not read.
    pub fn character_recovery(&self, id: i64) -> Result<RecoveryDue> {
        let c = self.character(id)?;
        ars_magica(&c)?;
        due_of(&c, &sheet_track::track(&c)?)
    }

    /// Makes one Recovery roll for character `id` (rolling the stress die when none is
    /// typed), moves the wound as the roll says and saves the sheet as one revision
    /// whose note tells the roll.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown character; [`Error::InvalidInput`] for one not
    /// of Ars Magica, an unknown wound level, a level without wounds, or a value out of
    /// its range.
    pub fn character_recover(&mut self, id: i64, req: &RecoveryRoll) -> Result<RecoveryReport> {
        let mut c = self.character(id)?;
        ars_magica(&c)?;
        let level = match req.wound.as_deref() {
            None => None,
            Some(w) => Some(WoundLevel::parse(w).filter(|l| am::RECOVERY_ORDER.contains(l)).ok_or_else(|| {
                Error::InvalidInput(format!(
                    "wound: `{w}` is not a wound level that heals: use light, medium, heavy or incapacitating"
                ))
            })?),
        };
        let mut track = sheet_track::track(&c)?;
        // Recovery rolls name no botch dice, so a 0 on the die is simply 0.
        let rolled = match req.roll {
            Some(_) => None,
            None => {
                let mut rng = req.seed.map_or_else(|| StdRng::from_rng(&mut rand::rng()), StdRng::seed_from_u64);
                Some(stress_die(&mut rng, 0))
            }
        };
        let die = req.roll.or(rolled.as_ref().map(|r| r.total)).unwrap_or(0);
        let step = track.roll(level, sheet_track::stamina(&c), req.medic, req.magic, die, req.overexertion)?;
        sheet_track::write_track(&mut c, &track);
        let saved = self.db.save_character_noted(&c, step.note.clone())?;
        let r = &step.recovery;
        Ok(RecoveryReport {
            character: id,
            revision: saved.revision,
            changed: saved.revision != c.revision,
            level: step.level.as_str().into(),
            bonus: step.bonus,
            rolled,
            die,
            total: r.total.unwrap_or(0),
            result: r.result.map_or("", am::RecoveryResult::as_str).into(),
            new_level: r.new_level.map_or("", WoundLevel::as_str).into(),
            bonus_next: r.bonus_next,
            terms: r.terms.clone(),
            note: step.note,
            dies: step.dies,
            interpretations: step.interpretations.iter().map(|s| s.to_string()).collect(),
            due: due_of(&saved, &track)?,
        })
    }
}
