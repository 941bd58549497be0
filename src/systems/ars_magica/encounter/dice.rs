//! Stress dice: rolled when an action is made (so a replay never rolls) unless the
//! table typed them, and what a 0 on one means.

use super::*;

/// The largest stress die read (ten doublings of a 10).
pub(super) const DIE_MAX: i64 = 10_240;

pub(super) const DIE_HELP: &str =
    "stress die as the table read it (a 1 doubles the next roll); Tome rolls it when left out";

/// A die the action stored, and a note on a 0 (a possible botch).
pub(super) fn die_note(act: &Act<'_>, key: &str, whose: &str) -> Result<(i64, Option<String>)> {
    let die = act.fact_int(key)?;
    let rolled = act.fact(&format!("{key}-rolled")) == Some("true");
    let note = (die == 0).then(|| match act.fact(&format!("{key}-botches")) {
        Some("0") => format!("{whose} rolled a 0: the botch die shows no botch"),
        Some(n) if rolled => {
            format!("{whose} rolled a 0 and botches ({n} botch die at 0): the storyguide says what goes wrong")
        }
        _ => format!("{whose} rolled a 0: roll botch dice (the storyguide says how many)"),
    });
    Ok((die, note))
}

/// Rolls a stress die (one botch die on a 0) unless `typed`, into `facts` under `key`.
pub(super) fn stress_fact(
    facts: &mut BTreeMap<String, String>,
    key: &str,
    typed: Option<i64>,
    rng: &mut dyn rand::RngCore,
) {
    match typed {
        Some(d) => {
            facts.insert(key.to_string(), d.to_string());
        }
        None => {
            let r = crate::dice::stress_die(&mut &mut *rng, 1);
            facts.insert(key.to_string(), r.total.to_string());
            facts.insert(format!("{key}-rolled"), "true".into());
            if r.total == 0 {
                facts.insert(format!("{key}-botches"), r.botches.to_string());
            }
        }
    }
}

/// `NAME` or `NAME=DIE`, comma-separated.
pub(super) fn opponents(text: Option<&str>) -> Result<Vec<(String, Option<i64>)>> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else { return Ok(Vec::new()) };
    text.split(',')
        .map(|part| match part.split_once('=') {
            Some((name, die)) => {
                let d: i64 = die.trim().parse().map_err(|_| {
                    Error::InvalidInput(format!("`{part}`: a stress die is a whole number, as in NAME=7"))
                })?;
                if !(0..=DIE_MAX).contains(&d) {
                    return Err(Error::InvalidInput(format!("`{part}`: a stress die reads 0 to {DIE_MAX}")));
                }
                Ok((name.trim().to_string(), Some(d)))
            }
            None => Ok((part.trim().to_string(), None)),
        })
        .collect()
}
