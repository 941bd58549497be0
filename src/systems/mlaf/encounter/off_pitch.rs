//! A caster who cannot cast where he is. The document (line 66) has a spellcaster on the
//! field and standing to cast, unless the spell says otherwise; MLAF tracks no injuries or
//! blocks, so the game master says it with a condition in Blood Bowl's own words: out of
//! play (KO'd, a Casualty, Sent off), off the field (in the Reserves) or not standing
//! (Prone, Stunned).
//!
//! Interpretation: no spell's text in the document lets its caster off that rule, so
//! Tome refuses every cast while such a condition lasts; only the out-of-play words put
//! the caster down on the screens.

use super::super::rules::{FIRE_BALL, LIGHTNING_BOLT, TORMENTED_SOUL};
use crate::encounters::{Act, ActiveCondition, Combatant, Duration};
use crate::error::{Error, Result};

/// A way of being where a caster cannot cast: Tome's word, the spellings a game master
/// may type for it, and why it stops a cast.
struct Word {
    word: &'static str,
    spellings: &'static [&'static str],
    why: &'static str,
}

/// Out of play: down on both screens (`match-rules` 3 on).
const OUT_OF_PLAY: &[Word] = &[
    Word { word: "KO'd", spellings: &["ko'd", "kod", "ko", "knocked out"], why: "off the pitch" },
    Word { word: "Casualty", spellings: &["casualty", "cas"], why: "off the pitch" },
    Word { word: "Sent off", spellings: &["sent off"], why: "off the pitch" },
];

/// On the roster but not on the field and standing (`match-rules` 5 on).
const NOT_ON_HIS_FEET: &[Word] = &[
    Word {
        word: "in the Reserves",
        spellings: &["reserves", "in reserves", "in the reserves", "reserve", "dugout", "in the dugout"],
        why: "not on the field",
    },
    Word { word: "Prone", spellings: &["prone", "knocked down", "knocked over", "placed prone"], why: "not standing" },
    Word { word: "Stunned", spellings: &["stunned"], why: "not standing" },
];

/// Whether `typed` is one of the words a game master may give for a caster who cannot cast.
pub(super) fn is_word(typed: &str) -> bool {
    let typed = typed.trim().to_lowercase().replace('’', "'");
    OUT_OF_PLAY.iter().chain(NOT_ON_HIS_FEET).any(|w| w.spellings.contains(&typed.as_str()))
}

fn first<'a>(c: &Combatant, words: &'a [Word]) -> Option<&'a Word> {
    c.conditions.iter().find_map(|cond| {
        let typed = cond.name.trim().to_lowercase().replace('’', "'");
        words.iter().find(|w| w.spellings.contains(&typed.as_str()))
    })
}

/// The first of the caster's conditions that puts him off the pitch, in Tome's words.
pub(super) fn down(c: &Combatant) -> Option<String> {
    first(c, OUT_OF_PLAY).map(|w| w.word.to_string())
}

/// Refuses a cast by a caster who is not on the field and standing, for actions stored by
/// the rules that check it (`match-rules` 3 on for out of play, 5 on for the Reserves,
/// Prone and Stunned): older ones replay as they were made.
pub(super) fn check(c: &Combatant, act: &Act<'_>) -> Result<()> {
    let version = super::rules_version(act);
    let found =
        first(c, OUT_OF_PLAY).filter(|_| version >= 3).or_else(|| first(c, NOT_ON_HIS_FEET).filter(|_| version >= 5));
    match found {
        Some(w) => Err(Error::InvalidInput(format!(
            "{} is {}: {}, and a caster must be on the field and standing to cast (Interpretation: until the condition is removed)",
            c.name, w.word, w.why
        ))),
        None => Ok(()),
    }
}

/// The spells whose failure puts their own caster down: the bolt or the ball goes off in
/// his square (lines 113, 134), or he goes down himself (line 239).
const FAILURE_KNOCKS_OVER: &[&str] = &[LIGHTNING_BOLT, FIRE_BALL, TORMENTED_SOUL];

/// A failed `spell_id` that knocks its caster over leaves him Prone (until the game master
/// removes it, when he stands up), which stops his next cast; a turnover if his team was
/// the moving one. What is said: nothing for a spell whose failure does not.
///
/// Interpretation: Tormented Soul's caster "goes down" is taken as Prone (no armour roll is
/// named for him, as none is for the bolt's or the ball's caster).
pub(super) fn knocked_over(c: &mut Combatant, spell_id: &str, moving: bool) -> Vec<String> {
    if !FAILURE_KNOCKS_OVER.contains(&spell_id) {
        return Vec::new();
    }
    if first(c, NOT_ON_HIS_FEET).is_none() {
        c.conditions.push(ActiveCondition {
            id: None,
            name: "Prone".into(),
            duration: Duration::UntilRemoved,
            remaining: None,
            expires_at: None,
        });
    }
    let mut lines = vec![format!(
        "{} is knocked over: Prone until he stands up (remove the condition then); no casting while he is down",
        c.name
    )];
    if moving {
        lines.push("Turnover: the caster's team was the moving team".into());
    }
    lines
}

/// Which cast left a caster Stunned, so a Counterspell can take it back.
const STUNNED_BY: &str = "stunned-by";

/// A Tormented Soul that works on a caster in the match (line 237): he hits the ground
/// Stunned, with no armour or injury roll, and casts nothing until the game master removes
/// the condition (when he is on his feet again). `seq` is the cast's.
pub(super) fn stunned(c: &mut Combatant, seq: i64) -> Vec<String> {
    if first(c, NOT_ON_HIS_FEET).is_none() {
        c.conditions.push(ActiveCondition {
            id: None,
            name: "Stunned".into(),
            duration: Duration::UntilRemoved,
            remaining: None,
            expires_at: None,
        });
        c.marks.push(crate::encounters::Mark {
            list: STUNNED_BY.into(),
            name: "Tormented Soul".into(),
            id: None,
            flags: Vec::new(),
            numbers: std::collections::BTreeMap::from([("seq".into(), seq)]),
        });
    }
    vec![format!(
        "{} hits the ground in torment: Stunned, no armour or injury roll; no casting until he is on his feet (remove the condition then)",
        c.name
    )]
}

/// A countered Tormented Soul (cast `seq`) leaves nobody Stunned.
pub(super) fn unstun(s: &mut crate::encounters::State, seq: i64) {
    for c in s.combatants.iter_mut().filter(|c| c.marks(STUNNED_BY).any(|m| m.number("seq") == seq)) {
        c.marks.retain(|m| !(m.list == STUNNED_BY && m.number("seq") == seq));
        c.conditions.retain(|x| !x.name.eq_ignore_ascii_case("Stunned"));
    }
}
