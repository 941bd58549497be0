//! Spells per match, Star Player Rolls.

use super::*;

/// How many spells a caster of `level` may cast in one match: one per level.
///
/// # Errors
/// [`Error::InvalidInput`] for a level outside 1 to [`MAX_LEVEL`].
pub fn spells_per_match(level: i64) -> Result<(i64, Vec<Term>)> {
    check("--level (the caster's level)", level, (1, MAX_LEVEL))?;
    let terms = vec![
        Term::num(format!("Level {level}: one spell for each level"), level, Some(SPELLCASTERS)),
        Term::text("Never more than one spell in a turn", "1 per turn", Some(CASTING)),
        Term::text("Librarian and Clairvoyance: once a game at any level", "1", Some(LIBRARIAN)),
    ];
    Ok((level, terms))
}

/// What a spellcaster may take for a Star Player Roll of two d6.
#[derive(Debug, Clone, PartialEq)]
pub struct StarPlayerRoll {
    pub total: i64,
    pub doubles: bool,
    /// The choices open to him.
    pub options: Vec<&'static str>,
    pub terms: Vec<Term>,
}

/// The choices a spellcaster's Star Player Roll `a`+`b` opens.
///
/// # Errors
/// [`Error::InvalidInput`] for a die outside 1 to 6.
pub fn star_player_roll(a: i64, b: i64) -> Result<StarPlayerRoll> {
    check("each die", a, (1, 6))?;
    check("each die", b, (1, 6))?;
    let total = a + b;
    let doubles = a == b;
    let mut options = Vec::new();
    let mut terms = vec![Term::num(format!("Star Player Roll {a}+{b}"), total, Some(STAR_PLAYER_ROLLS))];
    if doubles {
        options.extend([
            "any skill category (physical skills too for Chaos Priests and Skaven Warpers)",
            "any spell of the Spell Table",
            "+1 level",
        ]);
        terms.push(Term::text("Doubles", "any skill, any spell or +1 level", Some(STAR_PLAYER_ROLLS)));
    } else if total <= 9 {
        options.extend(["a skill from the caster's own categories", "a roll on the Spell Table (3d6)"]);
        terms.push(Term::text("2 to 9", "skill or Spell Table", Some(STAR_PLAYER_ROLLS)));
    } else {
        terms.push(Term::text("10 to 12 without doubles", "not covered by the MLAF rules", Some(STAR_PLAYER_ROLLS)));
    }
    Ok(StarPlayerRoll { total, doubles, options, terms })
}
