//! Conditions with an amount (lines 259-261, 275-277): "Bleeding (3)" deals its 3 at the
//! start of each of the bearer's turns, "Burning (1d4)" a roll of 1d4. Only Bleeding and
//! Burning carry one; the amount is kept in the condition's name, as the tracker shows it.

use super::conditions::C_BLEEDING;
use crate::encounters::{ActiveCondition, Combatant, Outcome};
use crate::error::{Error, Result};
use crate::systems::mythcraft::rules::{Attack, DamageType, Portion, BLEEDING_MAX};

pub(super) const C_BURNING: &str = "mythcraft/condition/burning";

/// What a condition's amount is: a set number or a die roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Amount {
    Set(i64),
    Dice(String),
}

/// The text between the last brackets of a condition's name ("Bleeding (3)": "3").
fn bracketed(name: &str) -> Option<&str> {
    name.trim().strip_suffix(')').and_then(|t| t.rsplit_once('(')).map(|(_, a)| a.trim())
}

/// Whether it is one of the two conditions that carry an amount, and which.
fn carrier(x: &ActiveCondition) -> Option<(&'static str, DamageType)> {
    // Interpretation: Bleeding's "physical damage" (line 261) names no one type; it is
    // dealt as Blunt, as damage typed without a type is.
    if x.matches(C_BLEEDING) || x.id.is_none() && x.name.to_ascii_lowercase().starts_with("bleeding") {
        Some(("Bleeding", DamageType::Blunt))
    } else if x.matches(C_BURNING) || x.id.is_none() && x.name.to_ascii_lowercase().starts_with("burning") {
        Some(("Burning", DamageType::Fire))
    } else {
        None
    }
}

/// Reads an amount: a whole number from 1 to 999, or dice whose every roll is in that range.
fn parse(what: &str, text: &str) -> Result<Amount> {
    let bad = |why: String| Error::InvalidInput(format!("{what} ({text}): {why}"));
    if let Ok(n) = text.parse::<i64>() {
        return if (1..=BLEEDING_MAX).contains(&n) {
            Ok(Amount::Set(n))
        } else {
            Err(bad(format!("the amount is a number from 1 to {BLEEDING_MAX} or a die roll such as 1d4")))
        };
    }
    match crate::dice::spec_span(text) {
        Ok((low, high)) if low >= 0 && (1..=BLEEDING_MAX).contains(&high) && low <= high => {
            Ok(Amount::Dice(text.to_ascii_lowercase()))
        }
        Ok((low, high)) => Err(bad(format!("those dice roll {low} to {high}; an amount is 0 to {BLEEDING_MAX}"))),
        Err(e) => Err(bad(format!("the amount is a number or a die roll such as 1d4 ({e})"))),
    }
}

/// How a creature Bleeding (or Burning) is made to again is read.
pub(super) const ONE_AT_A_TIME: &str = "Interpretation: the document speaks of one Bleeding (and one Burning) a \
                                        creature suffers, ended by one check (lines 261, 277), so a second does \
                                        not add to it: the greater amount stays (dice by their average), the \
                                        earlier on a tie";

/// An amount's weight to compare two by: twice its average (a set number, or the dice's
/// lowest and highest rolls added, their average doubled). None for no amount.
fn weight(a: Option<&Amount>) -> i64 {
    match a {
        Some(Amount::Set(n)) => 2 * n,
        Some(Amount::Dice(d)) => crate::dice::spec_span(d).map_or(0, |(low, high)| low + high),
        None => 0,
    }
}

/// A Bleeding or Burning just gained where the creature already suffered it: one stays,
/// the greater amount ([`ONE_AT_A_TIME`]). Says which.
pub(super) fn one_at_a_time(c: &mut Combatant, gained: &ActiveCondition) -> Outcome {
    let mut out = Outcome::default();
    let Some((what, _)) = carrier(gained) else { return out };
    let same: Vec<usize> =
        (0..c.conditions.len()).filter(|&i| carrier(&c.conditions[i]).is_some_and(|(w, _)| w == what)).collect();
    if same.len() < 2 {
        return out;
    }
    // The earliest of the heaviest stays: the one held before wins a tie.
    let keep = same.iter().copied().fold(same[0], |best, i| {
        if weight(amount(&c.conditions[i]).as_ref()) > weight(amount(&c.conditions[best]).as_ref()) {
            i
        } else {
            best
        }
    });
    let kept = c.conditions[keep].name.clone();
    let dropped: Vec<String> = same.iter().filter(|&&i| i != keep).map(|&i| c.conditions[i].name.clone()).collect();
    let mut i = 0;
    c.conditions.retain(|_| {
        let stays = !same.contains(&i) || i == keep;
        i += 1;
        stays
    });
    out.lines.push(format!(
        "{} suffers one {what}: {kept} stays, {} goes (the greater amount stays)",
        c.name,
        dropped.join(", ")
    ));
    let rule = if what == "Bleeding" { C_BLEEDING } else { C_BURNING };
    out.terms.push(crate::rules::Term::text(format!("{what} gained again"), ONE_AT_A_TIME, Some(rule)));
    out
}

/// The amount a held condition carries, if it is Bleeding or Burning with one.
pub(super) fn amount(x: &ActiveCondition) -> Option<Amount> {
    let (what, _) = carrier(x)?;
    parse(what, bracketed(&x.name)?).ok()
}

/// The amount of the Bleeding it holds, if any.
pub(super) fn bleeding_amount(c: &Combatant) -> Option<Amount> {
    c.conditions.iter().find(|x| x.matches(C_BLEEDING)).and_then(amount)
}

/// Whether bracketed text reads as an amount (a number or dice: "3", "-3", "1d4"), not a
/// word that is part of a condition's name ("Surprise (Partial)").
fn looks_like_amount(text: &str) -> bool {
    let t = text.trim_start_matches(['+', '-']);
    t.starts_with(|c: char| c.is_ascii_digit())
        || (t.starts_with(['d', 'D']) && t[1..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Refuses an amount that is not one ("Bleeding (abc)", "Bleeding (-3)", "Burning (1d0)")
/// and an amount on a condition of the document that carries none ("Prone (3)").
pub(super) fn check(x: &ActiveCondition) -> Result<()> {
    let Some(text) = bracketed(&x.name) else {
        return Ok(());
    };
    match carrier(x) {
        Some((what, _)) => parse(what, text).map(|_| ()),
        None if looks_like_amount(text) && x.id.as_deref().is_some_and(|id| id.starts_with("mythcraft/condition/")) => {
            let base = x.name.trim().strip_suffix(')').and_then(|t| t.rsplit_once('(')).map_or("", |(b, _)| b.trim());
            Err(Error::InvalidInput(format!(
                "{base} carries no amount: only Bleeding and Burning do (lines 261, 277); add it as {base}"
            )))
        }
        None => Ok(()),
    }
}

/// The start of a turn: each Bleeding or Burning with a set amount deals it (lines 261,
/// 277); one with dice says what to roll (the tracker rolls nothing as a turn starts, so
/// a fight replays the same).
pub(super) fn at_turn_start(c: &mut Combatant, out: &mut Outcome) {
    let held: Vec<ActiveCondition> = c.conditions.iter().filter(|x| carrier(x).is_some()).cloned().collect();
    for x in held {
        let Some((what, kind)) = carrier(&x) else { continue };
        if c.value("dead") > 0 {
            break;
        }
        match amount(&x) {
            Some(Amount::Set(n)) => {
                out.lines.push(format!("{} takes {n} {} damage from {what}", c.name, kind.label().to_lowercase()));
                let attack = Attack { portions: vec![Portion { amount: n, kind }], ..Attack::default() };
                match super::damage::hurt(c, &attack, false, false) {
                    Ok(o) => {
                        out.lines.extend(o.lines);
                        out.terms.extend(o.terms.into_iter().map(|t| t.as_note()));
                    }
                    Err(e) => out.lines.push(format!("{}: {what} damage not dealt: {e}", c.name)),
                }
            }
            Some(Amount::Dice(d)) => out.lines.push(format!(
                "{} takes its {what} damage now: roll {d} and enter it as {} damage",
                c.name,
                kind.label().to_lowercase()
            )),
            None => out.lines.push(format!(
                "{} takes its {what} damage now (no amount given with it: roll or read it and enter it as damage)",
                c.name
            )),
        }
    }
}
