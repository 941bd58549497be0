//! Where a Fire Ball lands when its throw goes wrong (line 132: "as with inaccurate or
//! fumbled passes"). The document leaves passes to Blood Bowl's own rules; Tome reads
//! them as the Living Rulebook's: an inaccurate pass scatters three times from the target
//! square, a fumbled one bounces once from the thrower's square, each a d8 on the scatter
//! template. A fire ball cannot be caught, so it goes off where it comes down.

use super::*;

/// How the throw went, as the pass roll of Blood Bowl says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throw {
    Accurate,
    Inaccurate,
    Fumbled,
}

impl Throw {
    pub const OPTIONS: &'static [&'static str] = &["accurate", "inaccurate", "fumbled"];

    /// # Errors
    /// A word that is none of [`Throw::OPTIONS`].
    pub fn parse(word: &str) -> Result<Throw> {
        match word {
            "accurate" => Ok(Throw::Accurate),
            "inaccurate" => Ok(Throw::Inaccurate),
            "fumbled" => Ok(Throw::Fumbled),
            other => {
                Err(Error::InvalidInput(format!("--throw must be accurate, inaccurate or fumbled, not `{other}`")))
            }
        }
    }

    /// The d8 scatters the throw takes.
    pub fn scatters(self) -> usize {
        match self {
            Throw::Accurate => 0,
            Throw::Inaccurate => 3,
            Throw::Fumbled => 1,
        }
    }
}

/// Interpretation said wherever a wrong throw is worked out.
pub const PASS_READING: &str = "Interpretation: Blood Bowl's pass rules as in the Living Rulebook (inaccurate: three scatters from the target square; fumbled: one bounce from the thrower's square), a d8 each on the scatter template (1-3 the row above, 4 left, 5 right, 6-8 the row below)";

/// One square's step for a d8 on the scatter template: (right, down).
fn step(d8: i64) -> (i64, i64) {
    match d8 {
        1 => (-1, -1),
        2 => (0, -1),
        3 => (1, -1),
        4 => (-1, 0),
        5 => (1, 0),
        6 => (-1, 1),
        7 => (0, 1),
        _ => (1, 1),
    }
}

fn direction(d8: i64) -> &'static str {
    ["up-left", "up", "up-right", "left", "right", "down-left", "down", "down-right"][(d8 - 1) as usize]
}

/// Where the ball comes down.
#[derive(Debug, Clone, PartialEq)]
pub struct Landing {
    pub throw: Throw,
    /// Squares right (negative: left) and down (negative: up) of where it scattered from.
    pub right: i64,
    pub down: i64,
    /// The caster is among the nine squares the ball reaches (a fumble's bounce is next
    /// to him).
    pub caster_in_area: bool,
    /// The landing in words: "2 squares left and 1 up of the target square".
    pub words: String,
    pub terms: Vec<Term>,
}

/// Where a Fire Ball thrown `throw` lands, given its scatter d8s (three for an inaccurate
/// throw, one for a fumble, none for an accurate one).
///
/// # Errors
/// [`Error::InvalidInput`] for the wrong number of d8s or a face outside 1 to 8.
pub fn fire_ball_landing(throw: Throw, d8s: &[i64]) -> Result<Landing> {
    let want = throw.scatters();
    if d8s.len() != want {
        let what = match throw {
            Throw::Accurate => "an accurate throw does not scatter: leave --scatter out".to_string(),
            Throw::Inaccurate => "an inaccurate throw scatters three times: give three d8 (like 2,5,7)".to_string(),
            Throw::Fumbled => "a fumbled throw bounces once: give one d8".to_string(),
        };
        return Err(Error::InvalidInput(format!("--scatter: {what}, not {}", d8s.len())));
    }
    for d in d8s {
        check("--scatter (a d8 on the scatter template)", *d, (1, 8))?;
    }
    let from = if throw == Throw::Fumbled { "the caster's square" } else { "the target square" };
    let mut terms = vec![Term::text(
        "Throw",
        match throw {
            Throw::Accurate => "accurate: lands on the target square",
            Throw::Inaccurate => "inaccurate: scatters three times from the target square",
            Throw::Fumbled => "fumbled: bounces once from the caster's square",
        },
        Some(FIRE_BALL),
    )];
    let (mut right, mut down) = (0, 0);
    for (n, d) in d8s.iter().enumerate() {
        let (r, w) = step(*d);
        right += r;
        down += w;
        terms.push(Term::text(format!("Scatter {}: d8 {d}", n + 1), direction(*d), Some(FIRE_BALL)));
    }
    let mut parts = Vec::new();
    for (n, more, less) in [(right, "right", "left"), (down, "down", "up")] {
        if n != 0 {
            let squares = if n.abs() == 1 { "square" } else { "squares" };
            parts.push(format!("{} {squares} {}", n.abs(), if n > 0 { more } else { less }));
        }
    }
    let words = if parts.is_empty() { format!("on {from}") } else { format!("{} of {from}", parts.join(" and ")) };
    terms.push(Term::text("Lands", words.clone(), Some(FIRE_BALL)));
    let caster_in_area = throw == Throw::Fumbled;
    if caster_in_area {
        terms.push(Term::text("The caster", "within the nine squares: rolls a D6 against his AG too", Some(FIRE_BALL)));
    }
    Ok(Landing { throw, right, down, caster_in_area, words, terms })
}
