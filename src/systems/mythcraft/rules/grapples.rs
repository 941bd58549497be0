//! Grapples.

use super::*;

/// Size categories of difference accepted.
pub const SIZE_DIFF_MAX: i64 = 10;

#[derive(Debug, Clone, PartialEq)]
pub struct GrappleSpeeds {
    pub grappled_ft: i64,
    pub grappler_ft: i64,
    pub terms: Vec<Term>,
}

/// Speeds during a grapple. `size_difference` is the Grappled creature's size category
/// minus the grappler's (positive: the Grappled creature is bigger). Halving rounds
/// down to a whole foot.
///
/// # Errors
/// Difference outside -10..=10, speeds outside 0..=300.
pub fn grapple(size_difference: i64, grappled_speed: i64, grappler_speed: i64) -> Result<GrappleSpeeds> {
    check("size difference", size_difference, (-SIZE_DIFF_MAX, SIZE_DIFF_MAX))?;
    check("Grappled creature's speed", grappled_speed, (0, SPEED_MAX))?;
    check("grappler's speed", grappler_speed, (0, SPEED_MAX))?;
    let (case, grappled, grappler) = match size_difference {
        d if d <= -2 => ("Grappled is 2+ sizes smaller", 0, grappler_speed),
        -1 | 0 => ("Grappled is the same size or 1 smaller", 0, grappler_speed / 2),
        1 | 2 => ("Grappled is 1-2 sizes larger", grappled_speed / 2, 0),
        _ => ("Grappled is 3+ sizes larger", grappled_speed, 0),
    };
    let terms = vec![
        Term::text("Size comparison", case, Some(C_GRAPPLED)),
        Term::num("Grappled creature's speed (ft)", grappled, Some(C_GRAPPLED)),
        Term::num("Grappler's speed (ft)", grappler, Some(C_GRAPPLED)),
    ];
    Ok(GrappleSpeeds { grappled_ft: grappled, grappler_ft: grappler, terms })
}
