//! Stress dice: rolled when an action is made (so a replay never rolls) unless the
//! table typed them, and what a 0 on one means.

use super::*;

/// The largest stress die read (ten doublings of a 10).
pub(super) const DIE_MAX: i64 = crate::dice::STRESS_MAX;

pub(super) const DIE_HELP: &str =
    "stress die as the table read it (a 1 doubles the next roll); Tome rolls it when left out";

/// A stress die the table may type, as every action that rolls one takes it.
pub(super) const fn die_param(name: &'static str) -> Param {
    Param { name, help: DIE_HELP, kind: ParamKind::Int { min: 0, max: DIE_MAX }, required: false, default: None }
}

/// How many botch dice Tome rolls on a 0 it rolled, unless the storyguide says otherwise.
pub(super) const BOTCH_DICE_HELP: &str =
    "botch dice Tome rolls on a 0 it rolls itself (the storyguide says how many; 1 unless told)";

/// A stress die as an action stored it.
pub(super) struct Stress {
    pub die: i64,
    /// Botch dice at 0 after a 0; `None` on a 0 whose botch dice were not given.
    pub botches: Option<i64>,
}

/// The stress die stored under `key`, with its botch dice.
pub(super) fn stress(act: &Act<'_>, key: &str) -> Result<Stress> {
    let die = act.fact_int(key)?;
    let botches = act.fact(&format!("{key}-botches")).and_then(|n| n.parse().ok());
    Ok(Stress { die, botches })
}

/// What a 0 on `whose` die means, in words, where it means something.
pub(super) fn zero_note(s: &Stress, whose: &str, botch_param: &str) -> Option<String> {
    (s.die == 0).then(|| match s.botches {
        Some(0) => format!("{whose} rolled a 0: no botch die at 0, so the 0 counts as 0"),
        Some(n) => format!(
            "{whose} rolled a 0 and botches ({n} botch {} at 0): the storyguide says what else goes wrong",
            if n == 1 { "die" } else { "dice" }
        ),
        None => format!(
            "{whose} rolled a 0: roll botch dice (the storyguide says how many) and give the ones at 0 as --{botch_param} (undo this first)"
        ),
    })
}

/// A die the action stored, and a note on a 0 (a possible botch).
pub(super) fn die_note(act: &Act<'_>, key: &str, whose: &str) -> Result<(i64, Option<String>)> {
    let s = stress(act, key)?;
    let note = (s.die == 0).then(|| match s.botches {
        Some(0) => format!("{whose} rolled a 0: the botch die shows no botch"),
        Some(n) => format!("{whose} rolled a 0 and botches ({n} botch die at 0): the storyguide says what goes wrong"),
        None => format!("{whose} rolled a 0: roll botch dice (the storyguide says how many)"),
    });
    Ok((s.die, note))
}

/// Rolls a stress die (`botch_dice` botch dice on a 0: none for a roll that cannot
/// botch) unless `typed`, into `facts` under `key`.
pub(super) fn stress_fact(
    facts: &mut BTreeMap<String, String>,
    key: &str,
    typed: Option<i64>,
    botch_dice: u32,
    rng: &mut dyn rand::RngCore,
) {
    match typed {
        Some(d) => {
            facts.insert(key.to_string(), d.to_string());
        }
        None => roll_into(facts, key, botch_dice, rng),
    }
}

fn roll_into(facts: &mut BTreeMap<String, String>, key: &str, botch_dice: u32, rng: &mut dyn rand::RngCore) {
    let r = crate::dice::stress_die(&mut &mut *rng, botch_dice);
    facts.insert(key.to_string(), r.total.to_string());
    facts.insert(format!("{key}-rolled"), "true".into());
    if r.total == 0 {
        facts.insert(format!("{key}-botches"), r.botches.to_string());
    }
}

/// Rolls a stress die unless `typed` (with `botch_dice` botch dice on a 0 Tome rolls),
/// into `facts` under `key`; the botch dice at 0 typed with a die (`typed_botches`,
/// the parameter `botch_param`) are stored with it.
///
/// # Errors
/// Botch dice typed with a die that is not a 0, or with no die typed.
pub(super) fn stress_fact_with_botches(
    facts: &mut BTreeMap<String, String>,
    key: &str,
    typed: Option<i64>,
    typed_botches: Option<i64>,
    botch_dice: u32,
    botch_param: &str,
    rng: &mut dyn rand::RngCore,
) -> Result<()> {
    match (typed, typed_botches) {
        (Some(d), Some(b)) if d != 0 && b > 0 => {
            return Err(Error::InvalidInput(format!(
                "--{botch_param}: only a 0 on the stress die calls for botch dice, and --{key} is {d}"
            )))
        }
        (None, Some(_)) => {
            return Err(Error::InvalidInput(format!(
                "--{botch_param} goes with a typed --{key} of 0: Tome rolls the botch dice of the dice it rolls"
            )))
        }
        (Some(d), botches) => {
            facts.insert(key.to_string(), d.to_string());
            if let Some(b) = botches.filter(|_| d == 0) {
                facts.insert(format!("{key}-botches"), b.to_string());
            }
        }
        (None, None) => roll_into(facts, key, botch_dice, rng),
    }
    Ok(())
}

/// One of the attackers a disengaging party answers to, as typed.
pub(super) struct Pursuer {
    pub name: String,
    pub die: Option<i64>,
    /// The botch dice at 0 after a typed 0.
    pub botches: Option<i64>,
}

/// `NAME`, `NAME=DIE` or `NAME=0/BOTCHES` (the botch dice at 0 after a 0),
/// comma-separated.
///
/// # Errors
/// A die or botch count that is not a number in range, or botch dice after a die that
/// is not a 0.
pub(super) fn opponents(text: Option<&str>) -> Result<Vec<Pursuer>> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else { return Ok(Vec::new()) };
    text.split(',')
        .map(|part| {
            let Some((name, roll)) = part.split_once('=') else {
                return Ok(Pursuer { name: part.trim().to_string(), die: None, botches: None });
            };
            let (die, botches) = match roll.split_once('/') {
                Some((die, botches)) => (die, Some(botches)),
                None => (roll, None),
            };
            let d: i64 = die.trim().parse().map_err(|_| {
                Error::InvalidInput(format!("`{part}`: a stress die is a whole number, as in NAME=7 (or NAME=0/1)"))
            })?;
            if !(0..=DIE_MAX).contains(&d) {
                return Err(Error::InvalidInput(format!("`{part}`: a stress die reads 0 to {DIE_MAX}")));
            }
            let botches = match botches {
                None => None,
                Some(b) => {
                    let b: i64 = b.trim().parse().map_err(|_| {
                        Error::InvalidInput(format!("`{part}`: the botch dice at 0 are a whole number, as in NAME=0/1"))
                    })?;
                    if !(BOTCH_DICE.0..=BOTCH_DICE.1).contains(&b) {
                        return Err(Error::InvalidInput(format!(
                            "`{part}`: botch dice at 0 are from {} to {}",
                            BOTCH_DICE.0, BOTCH_DICE.1
                        )));
                    }
                    if d != 0 && b > 0 {
                        return Err(Error::InvalidInput(format!(
                            "`{part}`: only a 0 on the stress die calls for botch dice, and this die is {d}"
                        )));
                    }
                    Some(b)
                }
            };
            Ok(Pursuer { name: name.trim().to_string(), die: Some(d), botches })
        })
        .collect()
}
