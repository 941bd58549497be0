//! Burning and how it ends, and what ends the Unseen condition.

use super::*;

/// Monster actions the roll in dirt or mud costs.
pub const BURNING_ROLL_ACTIONS: i64 = 2;

/// How a Burning creature tries to put itself out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Douse {
    /// Nothing yet: it burns.
    None,
    /// Doused in water.
    Water,
    /// Falls Prone and rolls in dirt or mud.
    Roll,
}

impl Douse {
    pub const WORDS: &'static [&'static str] = <Douse as strum::VariantNames>::VARIANTS;
}

#[derive(Debug, Clone, PartialEq)]
pub struct Burning {
    /// Fire damage at the start of this turn.
    pub damage: i64,
    pub ends: bool,
    /// Monster actions (AP for an adventurer) it spends.
    pub actions: i64,
    pub prone: bool,
    pub terms: Vec<Term>,
}

/// Burning: the fire damage given at the start of each of its turns, until it is doused
/// in water or falls Prone and rolls in dirt or mud for 2 monster actions.
///
/// Interpretation: for an adventurer the 2 monster actions are 2 AP, as the other
/// monster-worded conditions are read.
///
/// # Errors
/// [`Error::InvalidInput`] for damage out of range.
pub fn burning(damage: i64, douse: Douse) -> Result<Burning> {
    check("damage", damage, (0, BLEEDING_MAX))?;
    let rule = Some(C_BURNING);
    let mut terms = vec![Term::num("Fire damage at the start of its turn", damage, rule)];
    let (ends, actions, prone) = match douse {
        Douse::None => (false, 0, false),
        Douse::Water => (true, 0, false),
        Douse::Roll => (true, BURNING_ROLL_ACTIONS, true),
    };
    match douse {
        Douse::None => terms.push(Term::text("Put out", "not yet: it burns again next turn", rule)),
        Douse::Water => terms.push(Term::text("Doused in water", "ends", rule)),
        Douse::Roll => {
            terms.push(Term::note(
                "Falls Prone and rolls in dirt or mud: monster actions (interpretation: AP)",
                actions,
                rule,
            ));
            terms.push(Term::text("Then", "ends; it is Prone", rule));
        }
    }
    Ok(Burning { damage, ends, actions, prone, terms })
}

/// What can happen to an Unseen creature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum UnseenEvent {
    /// It attacks, or casts a spell that deals damage.
    DamagingAttack,
    /// It attacks without dealing damage (a spell that deals none).
    HarmlessSpell,
    /// A melee attack strikes it.
    StruckInMelee,
    /// A creature's movement would take it into its space.
    SpaceEntered,
    /// An attack that named its square hits it.
    HitInGuessedSquare,
    /// It steps into clear sight (bright light, out of concealment).
    IntoClearSight,
    /// Someone spots its square (the spot-unseen calculator).
    Spotted,
}

impl UnseenEvent {
    pub const WORDS: &'static [&'static str] = <UnseenEvent as strum::VariantNames>::VARIANTS;
}

/// Whether an event ends Unseen: its damaging attacks and spells, a melee strike on it,
/// a creature moving into its space, a hit aimed at its square, and stepping into clear
/// sight do; being spotted does not (its square is known, it stays Unseen). The source
/// of the condition may say otherwise.
///
/// Interpretation: an attack always ends it; a spell only when it deals damage.
pub fn unseen_lost(event: UnseenEvent, source_says_otherwise: bool) -> (bool, Vec<Term>) {
    let rule = Some(C_UNSEEN);
    let (lost, why) = match event {
        UnseenEvent::DamagingAttack => (true, "it attacks or casts a damaging spell"),
        UnseenEvent::HarmlessSpell => (false, "a spell that deals no damage (interpretation: it stays Unseen)"),
        UnseenEvent::StruckInMelee => (true, "a melee attack strikes it"),
        UnseenEvent::SpaceEntered => (true, "a creature moves into its space"),
        UnseenEvent::HitInGuessedSquare => (true, "an attack aimed at its square hits it"),
        UnseenEvent::IntoClearSight => (true, "it moves into clear sight"),
        UnseenEvent::Spotted => (false, "spotted: its square is known, it stays Unseen"),
    };
    let mut terms = vec![Term::text("Event", why, rule)];
    if source_says_otherwise && lost {
        terms.push(Term::text("The Unseen source says otherwise", "it stays Unseen", rule));
        return (false, terms);
    }
    terms.push(Term::text("Unseen", if lost { "lost" } else { "kept" }, rule));
    (lost, terms)
}
