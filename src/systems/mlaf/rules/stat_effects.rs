//! Spells that read or change a player's ST: Medusa's Gaze (halved), Call Roots (a d6
//! below ST to leave), Dragon Claw (a ST 10 block).

use super::*;

/// ST is typed from 1 to 10 (Dragon Claw's own ST 10 is the top of the scale here).
pub const MAX_ST: i64 = 10;
/// Dragon Claw strikes as a player of this ST.
pub const DRAGON_CLAW_ST: i64 = 10;

/// Medusa's Gaze on a player.
#[derive(Debug, Clone, PartialEq)]
pub struct Gaze {
    pub st: i64,
    pub drops_ball: bool,
    pub turnover: bool,
    pub terms: Vec<Term>,
}

/// Medusa's Gaze on a player of `st`: ST halved, rounded down; the ball drops if he
/// held it, a turnover if his team was moving.
pub fn medusas_gaze(st: i64, ball: bool, moving: bool) -> Result<Gaze> {
    check("--st (the victim's ST)", st, (1, MAX_ST))?;
    let halved = st / 2;
    let mut terms = vec![
        Term::num("The victim's ST", st, Some(MEDUSAS_GAZE)),
        Term::num("Halved, rounded down", halved - st, Some(MEDUSAS_GAZE)),
        Term::text("No tackle zone, no actions, no skills", "this turn and the next", Some(MEDUSAS_GAZE)),
    ];
    if ball {
        terms.push(Term::text("He held the ball", "dropped", Some(MEDUSAS_GAZE)));
    }
    let turnover = ball && moving;
    if turnover {
        terms.push(Term::text("His team was the moving team", "turnover", Some(MEDUSAS_GAZE)));
    }
    Ok(Gaze { st: halved, drops_ball: ball, turnover, terms })
}

/// Call Roots: a player of `st` leaves the rooted square when the d6 is below his ST.
/// Returns whether he leaves, the chance of it, and the terms.
pub fn call_roots(st: i64, roll: i64) -> Result<(bool, f64, Vec<Term>)> {
    check("--st (the player's ST)", st, (1, MAX_ST))?;
    check("--roll (the d6 to leave the roots)", roll, (1, 6))?;
    let leaves = roll < st;
    let chance = (st - 1).clamp(0, 6) as f64 / 6.0;
    let terms = vec![
        Term::note(format!("d6 {roll} against ST {st}: below it leaves"), roll, Some(CALL_ROOTS)),
        Term::text(
            "Held by the roots",
            if leaves { "breaks free" } else { "stays; may still block, pass or catch; no turnover" },
            Some(CALL_ROOTS),
        ),
    ];
    Ok((leaves, chance, terms))
}

/// Dragon Claw against a standing player of `st`: the block dice of a ST 10 block.
/// Interpretation: the document says only "a ST10 block with Mighty Blow"; the count is
/// Blood Bowl's block rule (more than double the ST: three dice, more: two, equal: one,
/// the stronger side's coach choosing), with no assists, since no player blocks.
pub fn dragon_claw(st: i64) -> Result<(i64, Vec<Term>)> {
    check("--st (the target's ST)", st, (1, MAX_ST))?;
    let dice = if DRAGON_CLAW_ST > 2 * st {
        3
    } else if DRAGON_CLAW_ST > st {
        2
    } else {
        1
    };
    let who = if dice == 1 { "one die, no choice" } else { "the caster's coach chooses" };
    let terms = vec![
        Term::note("Dragon Claw strikes with ST", DRAGON_CLAW_ST, Some(DRAGON_CLAW)),
        Term::note(format!("Block dice against ST {st} ({who})"), dice, Some(DRAGON_CLAW)),
        Term::text("With Mighty Blow", "as the skill gives", Some(DRAGON_CLAW)),
    ];
    Ok((dice, terms))
}
