//! Non-lethal combat: grappling and scuffling.

use super::*;

/// An Attack Advantage: one finished total minus another.
pub const ADVANTAGE: (i64, i64) = (TOTAL.0 - TOTAL.1, TOTAL.1 - TOTAL.0);
/// A Grapple Strength: Attack Advantages added up.
pub const GRAPPLE: (i64, i64) = (0, 100_000);

/// Who made the attack in a grapple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum GrappleSide {
    /// The one holding on (or trying to take hold), with Brawl and free hands.
    Grappler,
    /// The one held, trying to break free.
    Grappled,
}

impl GrappleSide {
    pub fn parse(s: &str) -> Option<GrappleSide> {
        s.trim().parse().ok()
    }
}

/// A grapple after one attack.
#[derive(Debug, Clone, PartialEq)]
pub struct Grapple {
    /// The Grapple Strength now (0 when no one is held).
    pub strength: i64,
    pub held: bool,
    pub escaped: bool,
    /// The wound the grappler takes when the held character breaks free.
    pub grappler_wound: WoundLevel,
    pub terms: Vec<Term>,
}

/// One attack in a grapple. Only a hit (Attack Advantage 1 or more) changes anything:
/// the grappler's advantage starts the grapple or adds to its strength; the held
/// character's advantage takes strength away, and at 0 or less it breaks free and deals
/// the grappler a Light wound.
///
/// # Errors
/// A strength or advantage out of range; an escape attempt when no one is held.
pub fn grapple(strength: i64, advantage: i64, by: GrappleSide) -> Result<Grapple> {
    check("Grapple Strength", strength, GRAPPLE)?;
    check("Attack Advantage", advantage, ADVANTAGE)?;
    if by == GrappleSide::Grappled && strength == 0 {
        return Err(Error::InvalidInput(
            "--strength: no one is held at Grapple Strength 0; give the grapple's current strength".into(),
        ));
    }
    let mut terms = vec![
        Term::num("Grapple Strength before", strength, Some(R_GRAPPLING)),
        Term::note("Attack Advantage", advantage, Some(R_ADVANTAGE)),
    ];
    if advantage < 1 {
        terms.push(Term::text("Result", "no hit: the Grapple Strength stays as it was", Some(R_GRAPPLING)));
        return Ok(Grapple { strength, held: strength > 0, escaped: false, grappler_wound: WoundLevel::None, terms });
    }
    match by {
        GrappleSide::Grappler => {
            let what = if strength == 0 { "takes hold" } else { "tightens the grip" };
            let strength_after = (strength + advantage).min(GRAPPLE.1);
            terms.push(Term::num(format!("Grappler {what}"), strength_after - strength, Some(R_GRAPPLING)));
            let strength = strength_after;
            Ok(Grapple { strength, held: true, escaped: false, grappler_wound: WoundLevel::None, terms })
        }
        GrappleSide::Grappled => {
            // The strength goes no lower than 0, so the term takes away at most what there is.
            terms.push(Term::num("Held character's escape attempt", -advantage.min(strength), Some(R_GRAPPLING)));
            let left = strength - advantage;
            if left <= 0 {
                terms.push(Term::text("Result", "broken free: the grappler takes a Light wound", Some(R_GRAPPLING)));
                Ok(Grapple { strength: 0, held: false, escaped: true, grappler_wound: WoundLevel::Light, terms })
            } else {
                terms.push(Term::text("Result", "still held", Some(R_GRAPPLING)));
                Ok(Grapple { strength: left, held: true, escaped: false, grappler_wound: WoundLevel::None, terms })
            }
        }
    }
}

/// The Scuffle Effects table: the wound a blow would cause in earnest, and what it
/// causes in a scuffle instead (Short-Term Fatigue levels, and a lesser wound).
pub const SCUFFLE_EFFECTS: [(WoundLevel, i64, WoundLevel); 5] = [
    (WoundLevel::Light, 1, WoundLevel::None),
    (WoundLevel::Medium, 2, WoundLevel::None),
    (WoundLevel::Heavy, 2, WoundLevel::Light),
    (WoundLevel::Incapacitating, 3, WoundLevel::Light),
    (WoundLevel::Dead, 5, WoundLevel::Medium),
];

/// Short-Term Fatigue levels and the wound a scuffling blow causes, from the wound it
/// would cause in earnest (nothing for no wound).
pub fn scuffle_effect(normal: WoundLevel) -> (i64, WoundLevel) {
    SCUFFLE_EFFECTS.iter().find(|(w, _, _)| *w == normal).map_or((0, WoundLevel::None), |&(_, f, w)| (f, w))
}

/// Brawling "weapons" one may scuffle with freely: the bare hands and feet, a gauntlet
/// and a sap (the Bludgeon row).
///
/// Interpretation: a gauntlet counts as unarmed; a dagger or knife is a real weapon.
pub const SCUFFLE_FREE: [&str; 5] = [
    "ars-magica/weapon/dodge",
    "ars-magica/weapon/fist",
    "ars-magica/weapon/kick",
    "ars-magica/weapon/gauntlet",
    "ars-magica/weapon/bludgeon",
];

/// A scuffling blow worked through.
#[derive(Debug, Clone, PartialEq)]
pub struct Scuffle {
    /// The Attack Total the blow is read from: the one given, less 3 with a real weapon.
    pub attack: i64,
    pub advantage: i64,
    pub hit: bool,
    /// Damage past Soak, on a hit.
    pub damage: Option<i64>,
    /// The wound the blow would have caused in earnest.
    pub normal_wound: WoundLevel,
    pub fatigue_levels: i64,
    pub wound: WoundLevel,
    pub terms: Vec<Term>,
}

/// A scuffle: the normal attack sequence, but the wound the blow would cause is read
/// off the Scuffle Effects table. With a real weapon (`weapon`: its name and Dam) the
/// Attack Total takes −3 and the weapon's Dam comes off the Damage score.
///
/// # Errors
/// A total or Size out of range.
pub fn scuffle(
    attack: i64,
    defense: i64,
    damage_score: i64,
    soak: i64,
    size: i64,
    weapon: Option<(&str, i64)>,
) -> Result<Scuffle> {
    check("Damage score", damage_score, TOTAL)?;
    let (given_attack, given_damage) = (attack, damage_score);
    let (attack, damage_score) = match weapon {
        Some((_, dam)) => (attack - 3, damage_score - dam),
        None => (attack, damage_score),
    };
    let r = resolve_attack(attack, defense, damage_score, soak, size)?;
    // A real weapon's changes follow what they change, which is shown as given; the
    // Attack Total the blow is read from is the one after the −3, and is said as such.
    let mut terms = Vec::with_capacity(r.terms.len() + 3);
    for t in r.terms {
        match (weapon, t.label.as_str()) {
            (Some((name, _)), "Attack Total") => terms.extend([
                Term {
                    label: "Attack Total before the real weapon's −3".into(),
                    value: given_attack.into(),
                    ..t.clone()
                },
                Term::num(format!("Scuffling with a real weapon ({name}): Attack"), -3, Some(R_NON_LETHAL)),
                Term { value: attack.into(), ..t }.as_note(),
            ]),
            (Some((name, dam)), "Damage score") => terms.extend([
                Term { value: given_damage.into(), ..t },
                Term::num(format!("{name}'s Dam left out of the Damage score"), -dam, Some(R_NON_LETHAL)),
            ]),
            _ => terms.push(t),
        }
    }
    let (fatigue_levels, wound) = scuffle_effect(r.wound);
    if r.hit {
        terms.push(Term::note("Short-Term Fatigue levels lost", fatigue_levels, Some(T_SCUFFLE)));
        terms.push(Term::text("Scuffle wound", wound.as_str(), Some(T_SCUFFLE)));
    }
    Ok(Scuffle {
        attack,
        advantage: r.advantage,
        hit: r.hit,
        damage: r.damage,
        normal_wound: r.wound,
        fatigue_levels,
        wound,
        terms,
    })
}
