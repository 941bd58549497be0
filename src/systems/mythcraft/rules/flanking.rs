//! When two allies flank an enemy, on a square grid of 5 ft squares.

use super::*;

/// Grid coordinates accepted, each way (a typing-mistake guard).
pub const GRID_MAX: i64 = 1000;
/// A creature's width in squares, at most.
pub const SQUARES_MAX: i64 = 10;
/// The longest reach accepted, in ft.
pub const REACH_MAX: i64 = 100;

/// One creature on the grid: its top-left square, its width in squares, its reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub x: i64,
    pub y: i64,
    pub squares: i64,
    pub reach_ft: i64,
}

impl Placed {
    fn check(&self, who: &str) -> Result<()> {
        check(&format!("{who} x"), self.x, (-GRID_MAX, GRID_MAX))?;
        check(&format!("{who} y"), self.y, (-GRID_MAX, GRID_MAX))?;
        check(&format!("{who} squares"), self.squares, (1, SQUARES_MAX))?;
        check(&format!("{who} reach"), self.reach_ft, (5, REACH_MAX)).map(|_| ())
    }

    fn occupies(&self, (x, y): (i64, i64)) -> bool {
        (self.x..self.x + self.squares).contains(&x) && (self.y..self.y + self.squares).contains(&y)
    }

    /// Squares between it and the square, counting diagonals as one (0: its own).
    fn gap(&self, (x, y): (i64, i64)) -> i64 {
        let dx = (self.x - x).max(x - (self.x + self.squares - 1)).max(0);
        let dy = (self.y - y).max(y - (self.y + self.squares - 1)).max(0);
        dx.max(dy)
    }

    /// One square and a 5 ft reach.
    fn small(&self) -> bool {
        self.squares == 1 && self.reach_ft <= 5
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Flank {
    pub flanking: bool,
    pub reason: String,
    pub terms: Vec<Term>,
}

/// The squares bordering the target, corners included.
fn border(t: &Placed) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for x in t.x - 1..=t.x + t.squares {
        for y in t.y - 1..=t.y + t.squares {
            if !t.occupies((x, y)) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The border squares a flanker counts as holding: a one-square creature with a 5 ft
/// reach its own square (if it borders the target); a larger one, or one with a longer
/// reach, every border square it threatens.
fn held(f: &Placed, ring: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let reach = (f.reach_ft / 5).max(1);
    ring.iter().copied().filter(|s| if f.small() { f.occupies(*s) } else { f.gap(*s) <= reach }).collect()
}

/// Whether `first` and `second` flank `target`: each must be able to make a melee
/// attack (`can_attack`), and they must hold border squares opposite each other across
/// the target (a corner's opposite is the far corner).
///
/// Interpretation: "threaten" is read on the grid as within reach (diagonals count as
/// one square); a one-square creature with a 5 ft reach flanks from the square it stands
/// in; a creature that can take no actions (Paralyzed, Unconscious) cannot melee attack.
///
/// # Errors
/// [`Error::InvalidInput`] for positions, sizes or reaches out of range, or creatures
/// overlapping.
pub fn flanking(target: Placed, first: Placed, second: Placed, can_attack: [bool; 2]) -> Result<Flank> {
    target.check("target")?;
    first.check("first")?;
    second.check("second")?;
    let rule = Some(C_FLANKING);
    for (who, f) in [("first", &first), ("second", &second)] {
        if (f.x..f.x + f.squares).any(|x| (f.y..f.y + f.squares).any(|y| target.occupies((x, y)))) {
            return Err(Error::InvalidInput(format!("--{who} overlaps the target's space")));
        }
    }
    let mut terms = Vec::new();
    for (who, ok) in ["First", "Second"].iter().zip(can_attack) {
        if !ok {
            terms.push(Term::text(
                format!("{who} flanker"),
                "takes no actions, so cannot melee attack or threaten (interpretation)",
                rule,
            ));
        }
    }
    if can_attack.contains(&false) {
        return Ok(Flank { flanking: false, reason: "a flanker cannot make a melee attack".into(), terms });
    }
    let ring = border(&target);
    let (a, b) = (held(&first, &ring), held(&second, &ring));
    terms.push(Term::note(
        "Border squares the first threatens (interpretation: its own square at 5 ft reach, else all in reach)",
        a.len() as i64,
        rule,
    ));
    terms.push(Term::note("Border squares the second threatens", b.len() as i64, rule));
    let opposite = |(x, y): (i64, i64)| (2 * target.x + target.squares - 1 - x, 2 * target.y + target.squares - 1 - y);
    let pair = a.iter().find(|s| b.contains(&opposite(**s)));
    let (flanking, reason) = match pair {
        Some(s) => {
            let o = opposite(*s);
            (true, format!("({}, {}) and ({}, {}) are opposite across the target", s.0, s.1, o.0, o.1))
        }
        None if a.is_empty() || b.is_empty() => (false, "a flanker threatens no square bordering the target".into()),
        None => (false, "they threaten no pair of opposite border squares".into()),
    };
    terms.push(Term::text("Opposite border or corner", if flanking { "yes" } else { "no" }, rule));
    Ok(Flank { flanking, reason, terms })
}

/// "3,4" as grid coordinates.
pub(super) fn parse_square(param: &str, raw: &str) -> Result<(i64, i64)> {
    let bad = || Error::InvalidInput(format!("--{param} must be a square as `x,y` (whole numbers), not `{raw}`"));
    let (x, y) = raw.split_once(',').ok_or_else(bad)?;
    Ok((x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
}
