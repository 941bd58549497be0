//! Moving through another creature's space.

use super::*;

/// Size categories larger a hostile creature must be to be moved through.
pub const PASS_HOSTILE_SIZES: i64 = 3;
/// Conditions that let a creature move through a hostile one's space.
pub const PASSABLE_CONDITIONS: [&str; 3] = ["paralyzed", "restrained", "unconscious"];

#[derive(Debug, Clone, PartialEq)]
pub struct PassThrough {
    pub allowed: bool,
    /// The space counts as difficult terrain.
    pub difficult: bool,
    /// It may end its turn there.
    pub may_end_there: bool,
    pub reason: String,
    pub terms: Vec<Term>,
}

/// Whether a creature may move through another's space: an ally's always, as difficult
/// terrain, but never ending its turn there; a hostile one's only when that creature is
/// Paralyzed, Restrained or Unconscious (its own or brought by another condition) or at
/// least 3 size categories larger, again as difficult terrain.
///
/// Interpretation: the document forbids ending a turn only in an ally's space; a hostile
/// one's space is treated the same way.
///
/// # Errors
/// [`Error::InvalidInput`] for a size difference out of range.
pub fn pass_through(hostile: bool, other_conditions: &Effects, size_difference: i64) -> Result<PassThrough> {
    check("size-difference", size_difference, (-SIZE_DIFF_MAX, SIZE_DIFF_MAX))?;
    let rule = Some(R_MOVE_THROUGH);
    let mut terms = Vec::new();
    if !hostile {
        terms.push(Term::text("An ally's space", "may pass, as difficult terrain", rule));
        terms.push(Term::text("Ending the turn there", "not allowed", rule));
        return Ok(PassThrough {
            allowed: true,
            difficult: true,
            may_end_there: false,
            reason: "an ally's space".into(),
            terms,
        });
    }
    let by_condition = PASSABLE_CONDITIONS.iter().find(|c| other_conditions.seen.iter().any(|s| s == *c));
    terms.push(Term::note("Size categories larger than the mover", size_difference, rule));
    terms.push(Term::note("Needed to pass a hostile creature by size", PASS_HOSTILE_SIZES, rule));
    let reason = match (by_condition, size_difference >= PASS_HOSTILE_SIZES) {
        (Some(c), _) => {
            terms.push(Term::text("Hostile creature's condition", format!("{} lets others through", title(c)), rule));
            Some(format!("it is {}", title(c)))
        }
        (None, true) => Some(format!("it is {size_difference} sizes larger")),
        (None, false) => None,
    };
    let allowed = reason.is_some();
    terms.push(Term::text(
        "A hostile creature's space",
        if allowed { "may pass, as difficult terrain" } else { "may not pass" },
        rule,
    ));
    if allowed {
        terms.push(Term::text("Ending the turn there", "not allowed (interpretation: as for an ally)", rule));
    }
    Ok(PassThrough {
        allowed,
        difficult: allowed,
        may_end_there: false,
        reason: reason.unwrap_or_else(|| {
            "hostile, not Paralyzed, Restrained or Unconscious, and fewer than 3 sizes larger".into()
        }),
        terms,
    })
}

fn title(slug: &str) -> String {
    let mut s = slug.to_string();
    if let Some(f) = s.get_mut(0..1) {
        f.make_ascii_uppercase();
    }
    s
}
