//! Range and sight at the moment an incantation ends.

use super::*;

/// How close a hand must come to the target for Touch (and Other), in inches.
pub const TOUCH_INCHES: i64 = 6;
/// The farthest distance, in feet, the calculator takes (a typing-mistake guard).
pub const MAX_FEET: i64 = 1000;

/// An ability's printed range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// The caster only.
    Caster,
    /// The caster or others, by contact or a hand within 6 inches.
    Touch,
    /// Other players or equipment, within Touch range.
    Other,
    /// Within this many feet.
    Feet(i64),
}

impl Range {
    pub const OPTIONS: &'static [&'static str] = &["self", "touch", "other", "20ft", "50ft"];

    /// # Errors
    /// [`Error::InvalidInput`] listing the ranges.
    pub fn parse(raw: &str) -> Result<Range> {
        match raw.trim().to_ascii_lowercase().replace(['\'', ' ', '-'], "").as_str() {
            "self" => Ok(Range::Caster),
            "touch" => Ok(Range::Touch),
            "other" => Ok(Range::Other),
            "20ft" | "20" | "20feet" => Ok(Range::Feet(20)),
            "50ft" | "50" | "50feet" => Ok(Range::Feet(50)),
            _ => Err(invalid(format!("--range must be one of {}, not `{raw}`", Range::OPTIONS.join(", ")))),
        }
    }

    pub fn name(self) -> String {
        match self {
            Range::Caster => "Self".into(),
            Range::Touch => "Touch".into(),
            Range::Other => "Other".into(),
            Range::Feet(n) => format!("{n}'"),
        }
    }
}

/// What the ability is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// The caster themself.
    Caster,
    /// Another player.
    Player,
    /// A piece of equipment (the item itself must be in range and in view).
    Equipment,
}

impl Aim {
    pub const OPTIONS: &'static [&'static str] = &["player", "self", "equipment"];

    pub fn parse(raw: &str) -> Result<Aim> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "self" => Ok(Aim::Caster),
            "player" => Ok(Aim::Player),
            "equipment" => Ok(Aim::Equipment),
            _ => Err(invalid(format!("--target must be one of {}, not `{raw}`", Aim::OPTIONS.join(", ")))),
        }
    }
}

/// The situation when the incantation is completed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeCase {
    pub range: Range,
    pub aim: Aim,
    /// Feet from caster to target (needed for 20' and 50').
    pub distance: Option<i64>,
    /// The caster is in contact with the target or has a hand within 6 inches of it.
    pub touching: bool,
    /// The target (or the equipment itself) is not even partly in view.
    pub hidden: bool,
    /// For a Touch ability on another player: whether they are willing and their States.
    pub touch: TouchTarget,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RangeCheck {
    pub in_range: bool,
    pub visible: bool,
    /// For Touch on another player: one of the qualifying conditions holds.
    pub touch_allowed: bool,
    pub takes_effect: bool,
    pub reason: String,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Whether an ability reaches its target when its incantation ends. Only that moment
/// counts: in range (Self: the caster; Touch: contact or a hand within 6 inches, or the
/// caster; Other: another player or item within Touch; 20' and 50': that many feet or
/// fewer) and at least partly in view. A Touch ability on another player also needs
/// the target willing, Dead, Stunned, Frozen or held Insubstantial ([`touch`]). When any
/// of these fails the ability does nothing, and it is spent all the same.
///
/// Interpretation: the willing/Dead/Stunned/Frozen/Insubstantial list is checked for a
/// player target only; the document does not say how it applies to equipment.
///
/// # Errors
/// [`Error::InvalidInput`] when a 20' or 50' range has no distance, or a distance is
/// outside 0 to [`MAX_FEET`].
pub fn reach(case: &RangeCase) -> Result<RangeCheck> {
    let mut terms = Vec::new();
    let mut warnings = Vec::new();
    let mut reasons: Vec<String> = Vec::new();
    let self_aim = case.aim == Aim::Caster;
    terms.push(Term::text("Range", case.range.name(), Some(R_RANGE)));

    let in_range = match case.range {
        Range::Caster => {
            if !self_aim {
                reasons.push("a Self ability can only target the caster".into());
            }
            self_aim
        }
        Range::Other if self_aim => {
            reasons.push("an Other ability targets other players or equipment, never the caster".into());
            false
        }
        Range::Touch if self_aim => {
            terms.push(Term::text("Touch on the caster", "in range", Some(R_RANGE)));
            true
        }
        Range::Touch | Range::Other => {
            terms.push(Term::note("Touch: contact, or a hand within this many inches", TOUCH_INCHES, Some(R_RANGE)));
            if !case.touching {
                reasons.push(format!(
                    "the caster is not touching the target (contact, or a hand within {TOUCH_INCHES} inches)"
                ));
            }
            if case.distance.is_some() {
                warnings.push("--distance does not decide Touch or Other range; --touching does".into());
            }
            case.touching
        }
        Range::Feet(limit) if self_aim => {
            terms.push(Term::note(format!("{limit}' range on the caster"), 0, Some(R_RANGE)));
            true
        }
        Range::Feet(limit) => within_feet(case, limit, &mut terms, &mut reasons)?,
    };

    let visible = self_aim || !case.hidden;
    if !self_aim {
        let what = if case.aim == Aim::Equipment { "The equipment itself" } else { "The target" };
        terms.push(Term::text(
            format!("{what} at least partly in view at the end"),
            if visible { "yes" } else { "no" },
            Some(R_ALL_INCANTATIONS),
        ));
        if !visible {
            reasons.push(format!("{} is not in view when the incantation ends", what.to_lowercase()));
        }
    }

    let mut touch_allowed = true;
    if case.range == Range::Touch && case.aim == Aim::Player {
        let t = touch(&TouchTarget { is_self: false, ..case.touch.clone() }, false);
        touch_allowed = t.allowed;
        terms.extend(t.terms);
        warnings.extend(t.warnings);
        if !t.allowed {
            reasons.push(t.reason);
        }
    } else if case.range == Range::Touch && case.aim == Aim::Equipment {
        warnings.push("Interpretation: Tome checks the willing, Dead, Stunned, Frozen or held-Insubstantial list only for a player target, not for equipment".into());
    }

    let takes_effect = in_range && visible && touch_allowed;
    terms.push(Term::text(
        "Completing the incantation spends the ability",
        if takes_effect { "spent, takes effect" } else { "spent, no effect" },
        Some(R_ALL_INCANTATIONS),
    ));
    let reason = if takes_effect {
        "in range and in view when the incantation ends".to_string()
    } else {
        format!("no effect, but the ability is still spent: {}", reasons.join("; "))
    };
    Ok(RangeCheck { in_range, visible, touch_allowed, takes_effect, reason, terms, warnings })
}

/// A 20' or 50' range on another: the distance when the incantation ends, and the
/// target named or pointed at.
fn within_feet(case: &RangeCase, limit: i64, terms: &mut Vec<Term>, reasons: &mut Vec<String>) -> Result<bool> {
    let d = case.distance.ok_or_else(|| {
        invalid(format!("--distance (feet to the target when the incantation ends) is needed for a {limit}' range"))
    })?;
    check("distance", d, (0, MAX_FEET))?;
    terms.push(Term::note(format!("Distance at the end of the incantation (at most {limit}')"), d, Some(R_RANGE)));
    if d > limit {
        reasons.push(format!("the target is {d}' away, beyond {limit}'"));
    }
    terms.push(Term::text(
        "Beyond Touch: name the target, or point with a free hand and give two descriptors",
        "required",
        Some(R_INCANTATION),
    ));
    Ok(d <= limit)
}

static PARAMS: &[Param] = &[
    Param {
        name: "range",
        help: "the ability's range: self, touch, other, 20ft or 50ft",
        kind: ParamKind::Choice { options: Range::OPTIONS },
        required: true,
        default: None,
    },
    Param {
        name: "target",
        help: "what the ability is aimed at: another player, the caster (self) or a piece of equipment",
        kind: ParamKind::Choice { options: Aim::OPTIONS },
        required: false,
        default: Some("player"),
    },
    Param {
        name: "distance",
        help: "feet from the caster to the target when the incantation ends (for 20ft and 50ft)",
        kind: ParamKind::Int { min: 0, max: MAX_FEET },
        required: false,
        default: None,
    },
    Param {
        name: "touching",
        help: "for touch and other: the caster touches the target, or has a hand within 6 inches of it, when the incantation ends",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "hidden",
        help: "the target (for equipment, the item itself) is not even partly in view when the incantation ends",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "willing",
        help: "for touch on another player: the target agrees",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "states",
        help: "for touch on another player: their States, comma-separated (Dead, Stunned, Frozen, Insubstantial, …). Interpretation: the Touch list is checked for players only, not equipment",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "range",
        summary: "Whether an ability reaches its target when the incantation ends (in range, in view, and for Touch a qualifying target); if not, it does nothing but is spent",
        params: PARAMS,
        rule: Some(R_RANGE),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let case = RangeCase {
        range: Range::parse(i.choice("range")?.unwrap_or("touch"))?,
        aim: Aim::parse(i.choice("target")?.unwrap_or("player"))?,
        distance: i.opt_int("distance")?,
        touching: i.flag("touching"),
        hidden: i.flag("hidden"),
        touch: TouchTarget {
            willing: i.flag("willing"),
            is_self: false,
            states: listed(i, "states", parse_states)?,
            can_move: false,
        },
    };
    let r = reach(&case)?;
    let mut out = Outcome::default()
        .field("in_range", r.in_range)
        .field("visible", r.visible)
        .field("takes_effect", r.takes_effect)
        .field("expended", true)
        .field("reason", r.reason)
        .terms(r.terms);
    out = out.warn_all(r.warnings);
    Ok(out)
}
