//! Jumping and movement.

use super::*;

/// The STR scores accepted: the same -3..=12 span as the attribute table for COR.
pub const STR_MIN: i64 = -3;
pub const STR_MAX: i64 = 12;
/// Feet of vertical jump everyone has before STR.
pub const JUMP_BASE_FT: i64 = 3;

#[derive(Debug, Clone, PartialEq)]
pub struct Jump {
    pub vertical_ft: i64,
    pub horizontal_ft: i64,
    pub terms: Vec<Term>,
}

/// Jump distances: vertical 3 ft plus 1 ft per STR point, horizontal twice that.
///
/// # Errors
/// STR outside -3..=12.
pub fn jump(strength: i64) -> Result<Jump> {
    check("STR", strength, (STR_MIN, STR_MAX))?;
    let vertical = JUMP_BASE_FT + strength;
    let terms = vec![
        Term::num("Vertical jump base (ft)", JUMP_BASE_FT, Some(R_JUMP)),
        Term::num("STR (ft)", strength, Some(R_JUMP)),
        Term::factor("Horizontal is vertical doubled", 2, Some(R_JUMP)),
    ];
    Ok(Jump { vertical_ft: vertical, horizontal_ft: 2 * vertical, terms })
}

/// Largest speed accepted, in feet.
pub const SPEED_MAX: i64 = 300;
/// Largest distance moved in one mode, in feet.
pub const DISTANCE_MAX: i64 = 600;

/// A way of moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr)]
pub enum Mode {
    Walk,
    Swim,
    Fly,
    Climb,
    Burrow,
}

impl Mode {
    /// Every mode, walking first.
    pub fn all() -> impl Iterator<Item = Mode> {
        <Mode as strum::IntoEnumIterator>::iter()
    }

    pub fn label(self) -> &'static str {
        self.into()
    }
}

/// One number (a speed or a distance, in feet) per movement mode.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PerMode {
    pub walk: i64,
    pub swim: i64,
    pub fly: i64,
    pub climb: i64,
    pub burrow: i64,
}

impl PerMode {
    pub fn get(&self, mode: Mode) -> i64 {
        match mode {
            Mode::Walk => self.walk,
            Mode::Swim => self.swim,
            Mode::Fly => self.fly,
            Mode::Climb => self.climb,
            Mode::Burrow => self.burrow,
        }
    }
}

/// Whether a mix of movement fits in the single move that 1 AP buys.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveCheck {
    pub fits: bool,
    /// The largest speed: the whole move's allowance.
    pub budget_ft: i64,
    /// Movement spent, counting improvised climbing or swimming double.
    pub used_ft: i64,
    /// Why it does not fit (empty when it does).
    pub problems: Vec<String>,
    pub terms: Vec<Term>,
}

/// Checks a 1 AP move mixing modes: the allowance is the largest single speed (not
/// the sum), no mode may go past its own speed, and climbing or swimming without that
/// speed costs 2 ft per foot, charged to walking.
///
/// # Errors
/// A speed outside 0..=300 or a distance outside 0..=600.
pub fn movement(speeds: PerMode, moved: PerMode) -> Result<MoveCheck> {
    for mode in Mode::all() {
        check(&format!("{} speed", mode.label()), speeds.get(mode), (0, SPEED_MAX))?;
        check(&format!("{} distance", mode.label()), moved.get(mode), (0, DISTANCE_MAX))?;
    }
    let budget = Mode::all().map(|m| speeds.get(m)).max().unwrap_or(0);
    // The allowance is what the distances are held against; the distances add up to
    // the feet used.
    let mut terms = vec![Term::note("Allowance: largest speed (ft)", budget, Some(R_MOVE))];
    let mut problems = Vec::new();
    let mut walk_used = moved.walk;
    let mut used = moved.walk;
    if moved.walk > 0 {
        terms.push(Term::num(format!("Walk {} ft (speed {})", moved.walk, speeds.walk), moved.walk, Some(R_MOVE)));
    }
    for mode in [Mode::Swim, Mode::Fly, Mode::Climb, Mode::Burrow] {
        let dist = moved.get(mode);
        let speed = speeds.get(mode);
        if dist == 0 {
            continue;
        }
        if speed > 0 {
            used += dist;
            terms.push(Term::num(format!("{} {dist} ft (speed {speed})", mode.label()), dist, Some(R_MOVE)));
            if dist > speed {
                problems.push(format!(
                    "{} {dist} ft is more than the {} speed of {speed} ft",
                    mode.label(),
                    mode.label()
                ));
            }
        } else if matches!(mode, Mode::Swim | Mode::Climb) {
            let cost = 2 * dist;
            used += cost;
            walk_used += cost;
            terms.push(Term::num(
                format!("{} {dist} ft without a {} speed: double cost", mode.label(), mode.label()),
                cost,
                Some(R_MOVE),
            ));
        } else {
            problems.push(format!("cannot {} without a {} speed", mode.label().to_lowercase(), mode.label()));
        }
    }
    if walk_used > speeds.walk {
        problems.push(format!(
            "{walk_used} ft of walking (improvised climbing and swimming included) is more than Speed {}",
            speeds.walk
        ));
    }
    if used > budget {
        problems.push(format!("{used} ft in all is more than the {budget} ft allowance"));
    }
    Ok(MoveCheck { fits: problems.is_empty(), budget_ft: budget, used_ft: used, problems, terms })
}
