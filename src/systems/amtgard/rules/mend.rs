//! Mend: repairing armour, a shield or a weapon.

use super::*;

/// How much Mend restores, for every help text and outcome that uses it.
pub const MEND_INTERPRETATION: &str = "Interpretation: Mend restores a location to its full rating, a damaged or destroyed shield to whole, or one destroyed weapon; the document names Mend as the way back for destroyed armour without saying how much it restores";

/// What is being mended, as it is now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mendable {
    /// A hit location's armour (worn or Magic Armor): its rating and the points left.
    Location { rated: i64, points: i64 },
    /// A shield: the Shield Crushing hits it took, and whether it is destroyed.
    Shield { hits: i64, destroyed: bool },
    /// Weapons destroyed.
    Weapon { destroyed: i64 },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Mended {
    /// The same thing, repaired.
    pub after: Mendable,
    pub terms: Vec<Term>,
}

/// Repairs one thing. Armour destroyed by a Special Effect comes back only by Mend or a
/// similar ability (line 12); Magic Armor is repaired like any other (line 86); a
/// shield damaged by Shield Crushing may be repaired (line 210).
///
/// # Errors
/// [`Error::InvalidInput`] when there is nothing to repair (armour at its rating, a
/// whole shield, no destroyed weapon), or for values outside their ranges.
pub fn mend(m: Mendable) -> Result<Mended> {
    let mut terms = Vec::new();
    let after = match m {
        Mendable::Location { rated, points } => {
            check("armour rating", rated, (0, MAX_ARMOR))?;
            check("armour points", points, (0, rated))?;
            if rated == 0 {
                return Err(invalid("no armour at that location: there is nothing for Mend to repair"));
            }
            if points == rated {
                return Err(invalid(format!("the armour is whole ({points} of {rated}): nothing to repair")));
            }
            terms.push(Term::num("Armour points before", points, None));
            terms.push(Term::num("Mend: back to the armour's rating", rated - points, Some(R_MEND)));
            Mendable::Location { rated, points: rated }
        }
        Mendable::Shield { hits, destroyed } => {
            check("Shield Crushing hits", hits, (0, SHIELD_CRUSHING_HITS))?;
            if hits == 0 && !destroyed {
                return Err(invalid("the shield is whole: nothing to repair"));
            }
            let was =
                if destroyed { "destroyed".to_string() } else { format!("damaged ({hits} Shield Crushing hits)") };
            terms.push(Term::text(format!("Shield {was}"), "repaired: whole", Some(SE_SHIELD_CRUSHING)));
            Mendable::Shield { hits: 0, destroyed: false }
        }
        Mendable::Weapon { destroyed } => {
            check("weapons destroyed", destroyed, (0, MAX_WEAPONS))?;
            if destroyed == 0 {
                return Err(invalid("no weapon is destroyed: nothing to repair"));
            }
            // The count left is the answer: the destroyed ones, less the one repaired.
            terms.push(Term::num("Weapons destroyed", destroyed, Some(SE_WEAPON_DESTROYING)));
            terms.push(Term::num("Destroyed weapons repaired", -1, Some(SE_WEAPON_DESTROYING)));
            Mendable::Weapon { destroyed: destroyed - 1 }
        }
    };
    Ok(Mended { after, terms })
}

/// The most destroyed weapons counted for one player (a cap for typing mistakes; the
/// document sets none).
pub const MAX_WEAPONS: i64 = 10;

static PARAMS: &[Param] = &[
    Param {
        name: "what",
        help: "what is mended: a hit location's armour, a shield, or a weapon. Interpretation: Mend restores armour to its full rating, a shield to whole (destroyed too), or one weapon",
        kind: ParamKind::Choice { options: &["location", "shield", "weapon"] },
        required: false,
        default: Some("location"),
    },
    Param {
        name: "rated",
        help: "for a location: the armour's rating (Magic Armor: the enchantment's points)",
        kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "armor",
        help: "for a location: armour points left now",
        kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "shield-hits",
        help: "for a shield: Shield Crushing hits it has taken",
        kind: ParamKind::Int { min: 0, max: SHIELD_CRUSHING_HITS },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "destroyed",
        help: "for a shield: it is destroyed",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "weapons",
        help: "for a weapon: how many of the player's weapons are destroyed",
        kind: ParamKind::Int { min: 0, max: MAX_WEAPONS },
        required: false,
        default: Some("1"),
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "mend",
        summary: "Mend: a location's armour back to its rating, a damaged or destroyed shield made whole, a destroyed weapon repaired",
        params: PARAMS,
        rule: Some(R_MEND),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let m = match i.choice("what")?.unwrap_or("location") {
        "shield" => Mendable::Shield { hits: i.int("shield-hits")?, destroyed: i.flag("destroyed") },
        "weapon" => Mendable::Weapon { destroyed: i.int("weapons")? },
        _ => Mendable::Location { rated: i.int("rated")?, points: i.int("armor")? },
    };
    let r = mend(m)?;
    let out = match r.after {
        Mendable::Location { points, .. } => Outcome::default().field("armor_after", points),
        Mendable::Shield { .. } => Outcome::default().field("shield", "intact"),
        Mendable::Weapon { destroyed } => Outcome::default().field("weapons_destroyed", destroyed),
    };
    Ok(out.terms(r.terms).warn(MEND_INTERPRETATION))
}
