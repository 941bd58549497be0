//! Knocking unconscious with nonlethal damage.

use super::*;

/// The daze a knock-out leaves, one step worse each time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Daze {
    None,
    Dazed,
    Stunned,
    Unconscious,
}

impl Daze {
    pub const WORDS: &'static [&'static str] = <Daze as strum::VariantNames>::VARIANTS;

    /// The condition a knock-out leaves on a creature with this daze: Dazed, then
    /// Stunned, then Unconscious. Interpretation: a further knock-out of an Unconscious
    /// creature leaves it Unconscious.
    pub fn next(self) -> Daze {
        match self {
            Daze::None => Daze::Dazed,
            Daze::Dazed => Daze::Stunned,
            Daze::Stunned | Daze::Unconscious => Daze::Unconscious,
        }
    }

    /// "Dazed", "Stunned", "Unconscious"; "none".
    pub fn label(self) -> &'static str {
        match self {
            Daze::None => "none",
            Daze::Dazed => "Dazed",
            Daze::Stunned => "Stunned",
            Daze::Unconscious => "Unconscious",
        }
    }

    /// The condition's entry id.
    pub fn id(self) -> Option<String> {
        (self != Daze::None).then(|| format!("{SYSTEM}/condition/{}", self.label().to_lowercase()))
    }
}

/// The HP at which a knock-out's Dazed or Stunned ends: no longer Bloodied (more than
/// half the maximum) or 15 HP, whichever is lower.
pub fn knockout_recovery_hp(max_hp: i64) -> i64 {
    (max_hp / 2 + 1).min(15)
}

#[derive(Debug, Clone, PartialEq)]
pub struct Knockout {
    pub hp_left: i64,
    /// Whether this damage knocked it out.
    pub knocked_out: bool,
    pub daze: Daze,
    /// How the daze ends.
    pub ends: String,
    pub terms: Vec<Term>,
}

/// Nonlethal damage `damage` to a creature at `hp` of `max_hp` with the daze `daze`:
/// brought to 0 HP it is left at 1 HP, one step further down the daze.
///
/// # Errors
/// Max HP outside 1..=9999, HP outside 1..=max HP, damage outside 0..=9999.
pub fn knockout(hp: i64, max_hp: i64, damage: i64, daze: Daze) -> Result<Knockout> {
    check("maximum HP", max_hp, (1, AMOUNT_MAX))?;
    check("HP", hp, (1, max_hp))?;
    check("damage", damage, (0, AMOUNT_MAX))?;
    let mut terms = vec![Term::num("HP", hp, None), Term::num("Nonlethal damage", -damage, Some(R_KNOCKING_OUT))];
    let knocked_out = damage >= hp;
    let (hp_left, daze) = if knocked_out {
        let next = daze.next();
        terms.push(Term::text(
            "Reduced to 0 HP by nonlethal damage",
            format!("1 HP, {}", next.label()),
            Some(R_KNOCKING_OUT),
        ));
        // What takes the HP from below 1 back to 1, so the terms add up to it.
        terms.push(Term::num("Left at 1 HP", 1 - (hp - damage), Some(R_KNOCKING_OUT)));
        (1, next)
    } else {
        (hp - damage, daze)
    };
    let recover = knockout_recovery_hp(max_hp);
    let ends = match daze {
        Daze::None => String::new(),
        Daze::Dazed | Daze::Stunned => {
            terms.push(Term::note("Ends at this HP (no longer Bloodied, or 15)", recover, Some(R_KNOCKING_OUT)));
            format!("at {recover} HP or more, or on Catching your Breath")
        }
        Daze::Unconscious => "on taking any damage, or when shaken awake (1 monster action, at 1 HP or more)".into(),
    };
    Ok(Knockout { hp_left, knocked_out, daze, ends, terms })
}
