//! The recovery track as the sheet keeps it: wound counts in `wounds.<level>`, each
//! wound's carried bonus in `recovery.<level>` (one signed number per wound, the next to
//! roll first) and the Incapacitated penalty in `recovery.incapacitated`.

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::rules::{self as am, RecoveryTrack, WoundCounts, WoundLevel};
use crate::characters::{Character, SheetValue};
use crate::dice::stress_die;
use crate::error::{Error, Result};
use crate::sheets::recovery::{DueWound, Recovery, RecoveryDue, RecoveryRoll, RecoveryRolled};

/// Recovering From Wounds (lines 1119-1152), the entry the track follows.
const RULE: &str = "ars-magica/rule/recovering-from-wounds";

/// Ars Magica's recovery track, through the [`Recovery`] seam.
pub struct Track;

impl Recovery for Track {
    fn due(&self, c: &Character) -> Result<RecoveryDue> {
        due_of(c, &track(c)?)
    }

    fn roll(&self, c: &mut Character, req: &RecoveryRoll) -> Result<RecoveryRolled> {
        let level = match req.wound.as_deref() {
            None => None,
            Some(w) => Some(WoundLevel::parse(w).filter(|l| am::RECOVERY_ORDER.contains(l)).ok_or_else(|| {
                Error::InvalidInput(format!(
                    "wound: `{w}` is not a wound level that heals: use light, medium, heavy or incapacitating"
                ))
            })?),
        };
        let mut track = track(c)?;
        // Recovery rolls name no botch dice, so a 0 on the stress die is simply 0.
        let rolled = match req.roll {
            Some(_) => None,
            None => {
                let mut rng = req.seed.map_or_else(|| StdRng::from_rng(&mut rand::rng()), StdRng::seed_from_u64);
                Some(stress_die(&mut rng, 0))
            }
        };
        let die = req.roll.or(rolled.as_ref().map(|r| r.total)).unwrap_or(0);
        let step = track.roll(level, stamina(c), req.medic, req.magic, die, req.overexertion)?;
        write_track(c, &track);
        let r = &step.recovery;
        Ok(RecoveryRolled {
            level: step.level.as_str().into(),
            bonus: step.bonus,
            rolled,
            die,
            total: r.total.unwrap_or(0),
            result: r.result.map_or("", am::RecoveryResult::as_str).into(),
            new_level: r.new_level.map_or("", WoundLevel::as_str).into(),
            bonus_next: r.bonus_next,
            terms: r.terms.clone(),
            note: step.note.clone(),
            dies: step.dies,
            interpretations: step.interpretations.iter().map(|s| s.to_string()).collect(),
        })
    }
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
        stamina: stamina(c),
        wounds,
        next: t.next_level(false).map(|l| l.as_str().into()),
        rule: RULE.into(),
    })
}

const QUEUES: [(&str, &str); 3] =
    [("wounds.light", "recovery.light"), ("wounds.medium", "recovery.medium"), ("wounds.heavy", "recovery.heavy")];
const INCAPACITATED: &str = "recovery.incapacitated";

fn int(c: &Character, key: &str) -> i64 {
    match c.values.get(key) {
        Some(SheetValue::Int(n)) => *n,
        _ => 0,
    }
}

/// The bonuses written in a `recovery.<level>` field: `+3 0`, `3, 6`.
pub(crate) fn parse_bonuses(field: &str, text: &str) -> Result<Vec<i64>> {
    text.split(|ch: char| ch.is_whitespace() || ch == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.trim_start_matches('+').parse::<i64>().ok().filter(|n| (-100..=100).contains(n)).ok_or_else(|| {
                Error::InvalidInput(format!(
                    "{field}: `{w}` is not a carried bonus: write one whole number from -100 to 100 per wound, e.g. `+3 0`"
                ))
            })
        })
        .collect()
}

/// The bonuses as the field keeps them, without the trailing zeros the track adds back
/// (so a roll for one level does not write out every other level's fresh wounds).
fn bonuses_text(bonuses: &[i64]) -> String {
    let kept = bonuses.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    bonuses[..kept].iter().map(|b| format!("{b:+}")).collect::<Vec<_>>().join(" ")
}

/// The character's track.
///
/// # Errors
/// A `recovery.<level>` field that is not a list of bonuses.
pub fn track(c: &Character) -> Result<RecoveryTrack> {
    let mut kept: [Vec<i64>; 3] = Default::default();
    for (queue, (_, field)) in kept.iter_mut().zip(QUEUES) {
        match c.values.get(field) {
            Some(SheetValue::Text(t)) => *queue = parse_bonuses(field, t)?,
            Some(SheetValue::Int(n)) => *queue = parse_bonuses(field, &n.to_string())?,
            None => {}
        }
    }
    let counts = WoundCounts {
        light: int(c, QUEUES[0].0),
        medium: int(c, QUEUES[1].0),
        heavy: int(c, QUEUES[2].0),
        incapacitating: int(c, "wounds.incapacitating"),
    };
    Ok(RecoveryTrack::new(counts, kept, int(c, INCAPACITATED)))
}

/// Writes `t` back onto the sheet (a level without wounds clears its fields).
pub fn write_track(c: &mut Character, t: &RecoveryTrack) {
    for ((count, field), queue) in QUEUES.iter().zip([&t.light, &t.medium, &t.heavy]) {
        set_count(c, count, queue.len() as i64);
        let text = bonuses_text(queue);
        if text.is_empty() {
            c.values.remove(*field);
        } else {
            c.values.insert(field.to_string(), SheetValue::Text(text));
        }
    }
    set_count(c, "wounds.incapacitating", t.incapacitating);
    if t.incapacitated_bonus == 0 {
        c.values.remove(INCAPACITATED);
    } else {
        c.values.insert(INCAPACITATED.into(), SheetValue::Int(t.incapacitated_bonus));
    }
}

/// Sets a wound count, leaving an unset field unset when it stays 0 (so the revision
/// lists only what the roll changed).
fn set_count(c: &mut Character, key: &str, n: i64) {
    if int(c, key) != n {
        c.values.insert(key.to_string(), SheetValue::Int(n));
    }
}

/// The character's Stamina, which every Recovery roll adds.
pub fn stamina(c: &Character) -> i64 {
    int(c, "stamina")
}
