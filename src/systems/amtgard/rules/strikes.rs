//! What a thrown Magic Ball affects where it lands.

use super::*;

/// What the ball strikes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BallStruck {
    /// A valid hit location on a player.
    Player,
    Garb,
    /// Equipment the player wields.
    Wielded,
    /// Equipment a player carries but does not wield (a sword on the hip).
    Carried,
    /// Equipment nobody carries or wields.
    Unheld,
    Terrain,
}

impl BallStruck {
    pub const OPTIONS: &'static [&'static str] = &["player", "garb", "wielded", "carried", "unheld", "terrain"];

    fn parse(raw: &str) -> Result<BallStruck> {
        Ok(match raw {
            "player" => BallStruck::Player,
            "garb" => BallStruck::Garb,
            "wielded" => BallStruck::Wielded,
            "carried" => BallStruck::Carried,
            "unheld" => BallStruck::Unheld,
            "terrain" => BallStruck::Terrain,
            _ => {
                return Err(invalid(format!("--struck must be one of {}, not `{raw}`", BallStruck::OPTIONS.join(", "))))
            }
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Strike {
    /// `player`, `equipment` or `nothing`.
    pub affects: &'static str,
    pub terms: Vec<Term>,
}

/// What a Magic Ball affects: the first valid player or wielded equipment it strikes;
/// garb counts as the player when the ball would have gone on to hit them; an Engulfing
/// ball affects the player through a hit location, garb or carried equipment; a
/// Subdual ball does nothing to equipment nobody carries; terrain ends it; abilities
/// that stop projectiles do not stop it.
///
/// Interpretations: a ball of another School affects equipment nobody carries (the
/// document singles out Subdual); a non-Engulfing ball on carried, unwielded equipment
/// affects that equipment.
pub fn ball_strike(
    struck: BallStruck,
    school: Option<School>,
    engulfing: bool,
    would_continue: bool,
    deflection: bool,
) -> Strike {
    let rule = Some(R_MAGIC_BALLS);
    let subdual = school == Some(School::Subdual);
    let (affects, why): (&'static str, String) = match struck {
        BallStruck::Player => ("player", "a valid hit location".into()),
        BallStruck::Garb | BallStruck::Carried if engulfing => {
            ("player", "Engulfing: garb and carried equipment count as the player".into())
        }
        BallStruck::Wielded if engulfing => ("player", "Engulfing: wielded equipment counts as the player".into()),
        BallStruck::Garb if would_continue => {
            ("player", "garb, and the ball would have gone on to hit the player".into())
        }
        BallStruck::Garb => ("nothing", "garb only, the ball would not have reached the player".into()),
        BallStruck::Wielded => ("equipment", "wielded equipment".into()),
        BallStruck::Carried => ("equipment", "carried equipment (interpretation: the item itself)".into()),
        BallStruck::Unheld if subdual => ("nothing", "Subdual balls do not affect equipment nobody carries".into()),
        BallStruck::Unheld => ("equipment", "equipment nobody carries (interpretation: only Subdual spares it)".into()),
        BallStruck::Terrain => ("nothing", "the terrain: the ball goes inactive".into()),
    };
    let mut terms = vec![Term::text("Struck", why, rule)];
    if engulfing {
        terms.push(Term::text(
            "Engulfing",
            "hit location, garb or carried equipment affect the player",
            Some(R_ENGULFING),
        ));
    }
    if deflection {
        terms.push(Term::text(
            "Protection from Projectiles, Song of Deflection or the like",
            "does not stop a Magic Ball",
            rule,
        ));
    }
    terms.push(Term::text("Affects", affects, rule));
    Strike { affects, terms }
}

static SCHOOLS: &[&str] =
    &["none", "command", "death", "flame", "neutral", "protection", "sorcery", "spirit", "subdual"];

static PARAMS: &[Param] = &[
    Param {
        name: "struck",
        help: "what the ball strikes first: player (a hit location), garb, wielded, carried (not wielded), unheld (nobody carries it), terrain. Interpretation: a non-Engulfing ball affects carried equipment itself, and only Subdual spares equipment nobody carries",
        kind: ParamKind::Choice { options: BallStruck::OPTIONS },
        required: true,
        default: None,
    },
    Param {
        name: "school",
        help: "the ball's School (Subdual spares equipment nobody carries)",
        kind: ParamKind::Choice { options: SCHOOLS },
        required: false,
        default: Some("none"),
    },
    Param {
        name: "engulfing",
        help: "the ball is Engulfing",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "deflection",
        help: "the player struck has Protection from Projectiles, Song of Deflection or the like (it does not stop a ball)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "would-continue",
        help: "for garb: the ball would have gone on to hit the player",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "ball-strike",
        summary: "What a thrown Magic Ball affects: the player, the equipment or nothing (garb, Engulfing, Subdual on equipment nobody carries, terrain)",
        params: PARAMS,
        rule: Some(R_MAGIC_BALLS),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let struck = BallStruck::parse(i.choice("struck")?.unwrap_or("player"))?;
    let school = match i.choice("school")?.unwrap_or("none") {
        "none" => None,
        s => Some(School::parse(s)?),
    };
    let would_continue = i.flag("would-continue");
    let s = ball_strike(struck, school, i.flag("engulfing"), would_continue, i.flag("deflection"));
    let mut out = Outcome::default().field("affects", s.affects).terms(s.terms);
    if would_continue && struck != BallStruck::Garb {
        out = out.warn("--would-continue only matters for a garb strike");
    }
    Ok(out)
}
