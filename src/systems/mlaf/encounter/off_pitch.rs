//! A caster off the pitch. MLAF tracks no injuries, so the game master says it with a
//! condition in Blood Bowl's own words: KO'd, Casualty or Sent off.
//!
//! Interpretation: the document names no such state for a spellcaster; Tome takes these
//! conditions as the caster being out of play, shows the word on both screens and refuses
//! his casts while it lasts.

use crate::encounters::{Act, Combatant};
use crate::error::{Error, Result};

/// The words, as Tome shows them, and the spellings a game master may type for each.
const WORDS: &[(&str, &[&str])] =
    &[("KO'd", &["ko'd", "kod", "ko", "knocked out"]), ("Casualty", &["casualty", "cas"]), ("Sent off", &["sent off"])];

/// The first of the caster's conditions that puts him off the pitch, in Tome's words.
pub(super) fn down(c: &Combatant) -> Option<String> {
    c.conditions.iter().find_map(|cond| {
        let typed = cond.name.trim().to_lowercase().replace('’', "'");
        WORDS.iter().find(|(_, spellings)| spellings.contains(&typed.as_str())).map(|(word, _)| word.to_string())
    })
}

/// Refuses a cast by a caster off the pitch, for actions stored by the rules that check it
/// (`match-rules` 3 on): older ones replay as they were made.
pub(super) fn check(c: &Combatant, act: &Act<'_>) -> Result<()> {
    let checked = super::rules_version(act) >= 3;
    match down(c) {
        Some(word) if checked => Err(Error::InvalidInput(format!(
            "{} is {word}: a caster off the pitch casts nothing (Interpretation: until the condition is removed)",
            c.name
        ))),
        _ => Ok(()),
    }
}
