//! The recovery track: a character's wounds healing over time. Every wound makes its own
//! Recovery roll at its level's interval (the [`recovery`] calculator decides each roll);
//! the track remembers what each wound carries to its next roll and moves wounds between
//! levels as they improve or worsen.

use super::*;

/// The levels that heal, soonest roll first: twice a day, weekly, monthly, each season.
pub const RECOVERY_ORDER: [WoundLevel; 4] =
    [WoundLevel::Incapacitating, WoundLevel::Light, WoundLevel::Medium, WoundLevel::Heavy];

/// A character's wounds on the way to healing.
///
/// Light, Medium and Heavy wounds are queues of carried bonuses, one per wound: the
/// front wound rolls next, and one that holds goes to the back, so each wound of a level
/// rolls once before any rolls again. Incapacitating wounds roll together (one roll
/// heals, worsens or kills them all), so they share one penalty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecoveryTrack {
    pub light: Vec<i64>,
    pub medium: Vec<i64>,
    pub heavy: Vec<i64>,
    pub incapacitating: i64,
    /// -1 per Incapacitated roll that went badly, until the wounds improve.
    pub incapacitated_bonus: i64,
}

/// One level's wounds, as the track lists what is due.
#[derive(Debug, Clone, PartialEq)]
pub struct DueLevel {
    pub row: RecoveryRow,
    pub count: i64,
    /// What each wound carries to its next roll, the next to roll first (one shared
    /// value for Incapacitating wounds).
    pub bonuses: Vec<i64>,
}

/// One roll made on the track.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackStep {
    pub level: WoundLevel,
    /// What the rolling wound carried into the roll.
    pub bonus: i64,
    pub recovery: Recovery,
    /// The character died (an Incapacitated roll of 0 or less).
    pub dies: bool,
    /// A short account for the revision list.
    pub note: String,
    /// Where the document left the step open and Tome chose.
    pub interpretations: Vec<&'static str>,
}

/// A roll of 0 on the die.
pub const NO_BOTCH: &str =
    "Interpretation: the document gives Recovery rolls no botch dice, so a 0 on the die counts as 0 and no more.";
/// A wound that becomes Incapacitating beside others.
pub const SHARED_PENALTY: &str =
    "Interpretation: a wound that becomes Incapacitating joins the others' twice-daily roll and shares their penalty.";
/// The death roll.
pub const DEATH_KEEPS_SHEET: &str =
    "Interpretation: the sheet has no mark for death, so its wounds are left as they were; record the death yourself.";

impl RecoveryTrack {
    /// The track for `counts` wounds, with the bonuses the sheet kept. A level with more
    /// wounds than kept bonuses gained fresh wounds (they carry 0, after the others); one
    /// with fewer lost wounds by other means (a healing spell, a hand edit), and the
    /// bonuses kept last are dropped.
    pub fn new(counts: WoundCounts, mut kept: [Vec<i64>; 3], incapacitated_bonus: i64) -> RecoveryTrack {
        for (queue, n) in kept.iter_mut().zip([counts.light, counts.medium, counts.heavy]) {
            queue.resize(usize::try_from(n.max(0)).unwrap_or(0), 0);
        }
        let [light, medium, heavy] = kept;
        let incapacitating = counts.incapacitating.max(0);
        RecoveryTrack {
            light,
            medium,
            heavy,
            incapacitating,
            incapacitated_bonus: if incapacitating > 0 { incapacitated_bonus } else { 0 },
        }
    }

    pub fn counts(&self) -> WoundCounts {
        WoundCounts {
            light: self.light.len() as i64,
            medium: self.medium.len() as i64,
            heavy: self.heavy.len() as i64,
            incapacitating: self.incapacitating,
        }
    }

    fn queue(&mut self, level: WoundLevel) -> Option<&mut Vec<i64>> {
        match level {
            WoundLevel::Light => Some(&mut self.light),
            WoundLevel::Medium => Some(&mut self.medium),
            WoundLevel::Heavy => Some(&mut self.heavy),
            _ => None,
        }
    }

    fn count(&self, level: WoundLevel) -> i64 {
        let c = self.counts();
        match level {
            WoundLevel::Light => c.light,
            WoundLevel::Medium => c.medium,
            WoundLevel::Heavy => c.heavy,
            WoundLevel::Incapacitating => c.incapacitating,
            _ => 0,
        }
    }

    /// Every level with wounds, soonest roll first.
    ///
    /// # Errors
    /// None in practice: every level listed has a Recovery Table row.
    pub fn due(&self) -> Result<Vec<DueLevel>> {
        let mut out = Vec::new();
        for level in RECOVERY_ORDER {
            let count = self.count(level);
            if count == 0 {
                continue;
            }
            let bonuses = match level {
                WoundLevel::Light => self.light.clone(),
                WoundLevel::Medium => self.medium.clone(),
                WoundLevel::Heavy => self.heavy.clone(),
                _ => vec![self.incapacitated_bonus],
            };
            out.push(DueLevel { row: recovery_row(level)?, count, bonuses });
        }
        Ok(out)
    }

    /// The level a roll is for when none is named: the soonest due, or for an
    /// overexertion roll the most serious wound.
    pub fn next_level(&self, overexertion: bool) -> Option<WoundLevel> {
        if overexertion {
            [WoundLevel::Heavy, WoundLevel::Medium, WoundLevel::Light].into_iter().find(|l| self.count(*l) > 0)
        } else {
            RECOVERY_ORDER.into_iter().find(|l| self.count(*l) > 0)
        }
    }

    /// Makes the next roll for a wound of `level` (the soonest due when `None`) with the
    /// stress die's `roll`, and moves the wound as the roll says. A wound that improves
    /// or worsens starts its new level carrying nothing.
    ///
    /// # Errors
    /// No wound to roll for, or what [`recovery`] / [`overexertion_recovery`] refuse.
    #[allow(clippy::too_many_arguments)]
    pub fn roll(
        &mut self,
        level: Option<WoundLevel>,
        stamina: i64,
        medic: i64,
        magic: i64,
        roll: i64,
        overexertion: bool,
    ) -> Result<TrackStep> {
        let level = match level {
            Some(l) => l,
            None => self.next_level(overexertion).ok_or_else(|| {
                Error::InvalidInput("no wounds to recover from: the sheet's wound counts are all 0".into())
            })?,
        };
        recovery_row(level)?;
        if self.count(level) == 0 {
            let c = self.counts();
            return Err(Error::InvalidInput(format!(
                "no {} wound to roll for: the character has {} light, {} medium, {} heavy, {} incapacitating",
                level.as_str(),
                c.light,
                c.medium,
                c.heavy,
                c.incapacitating
            )));
        }
        let bonus = match self.queue(level) {
            Some(q) => q[0],
            None => self.incapacitated_bonus,
        };
        let r = if overexertion {
            overexertion_recovery(level, stamina, medic, magic, bonus, roll)?
        } else {
            recovery(level, stamina, medic, magic, bonus, Some(roll))?
        };
        let result = r.result.expect("a roll was given");
        let new_level = r.new_level.expect("a roll was given");
        let total = r.total.unwrap_or(0);
        let mut dies = false;
        let mut interpretations = Vec::new();
        if roll == 0 {
            interpretations.push(NO_BOTCH);
        }
        let what = if level == WoundLevel::Incapacitating {
            match result {
                RecoveryResult::Improves => {
                    let n = self.incapacitating;
                    self.heavy.extend(std::iter::repeat_n(0, n as usize));
                    self.incapacitating = 0;
                    self.incapacitated_bonus = 0;
                    format!("every Incapacitating wound ({n}) is now Heavy")
                }
                RecoveryResult::Dies => {
                    dies = true;
                    interpretations.push(DEATH_KEEPS_SHEET);
                    "the character dies".to_string()
                }
                _ => {
                    self.incapacitated_bonus = r.bonus_next;
                    format!("worse: later rolls at {:+}", r.bonus_next)
                }
            }
        } else {
            let queue = self.queue(level).expect("a wound level with a queue");
            queue.remove(0);
            match new_level {
                l if l == level => {
                    queue.push(r.bonus_next);
                    format!("holds, carrying {:+} to its next roll", r.bonus_next)
                }
                WoundLevel::None => "heals".to_string(),
                WoundLevel::Incapacitating => {
                    if self.incapacitating > 0 && self.incapacitated_bonus != 0 {
                        interpretations.push(SHARED_PENALTY);
                    }
                    self.incapacitating += 1;
                    "becomes Incapacitating".to_string()
                }
                l => {
                    self.queue(l).expect("a wound level with a queue").push(0);
                    format!("{} to {}", if l > level { "worsens" } else { "improves" }, l.as_str())
                }
            }
        };
        let kind = if overexertion { "overexertion Recovery roll" } else { "Recovery roll" };
        let wound = if level == WoundLevel::Incapacitating {
            "the Incapacitating wounds".to_string()
        } else {
            format!("a {} wound", level.as_str())
        };
        let note = format!("{kind} for {wound}: die {roll}, total {total} ({}): {what}", result.as_str());
        Ok(TrackStep { level, bonus, recovery: r, dies, note, interpretations })
    }
}
