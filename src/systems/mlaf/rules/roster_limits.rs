//! What a roster may hold (line 5): one spellcaster per team, and the caster fills one
//! of the special-player slots; and where a caster must be to cast (line 66).

use super::*;

/// A typing-mistake guard on roster counts (a Blood Bowl roster holds 16 at most).
pub const ROSTER_MAX: i64 = 16;
/// Spellcasters one team may recruit.
pub const MAX_SPELLCASTERS: i64 = 1;
/// Special-player slots a team has. The document says only that a team with a caster may
/// have "only one other special player"; Interpretation: two slots in all.
pub const SPECIAL_SLOTS: i64 = 2;
pub const SLOTS_NOTE: &str =
    "Interpretation: two special-player slots a team (the document: with a caster, only one other special player)";

#[derive(Debug, Clone, PartialEq)]
pub struct RosterCheck {
    pub legal: bool,
    /// Special-player slots still free (below zero when over).
    pub slots_left: i64,
    /// What breaks the limits, one sentence each, naming the count at fault.
    pub problems: Vec<(&'static str, String)>,
    pub terms: Vec<Term>,
}

/// Checks a roster's spellcasters and other special players against line 5.
pub fn roster_check(spellcasters: i64, others: i64) -> Result<RosterCheck> {
    check("spellcasters", spellcasters, (0, ROSTER_MAX))?;
    check("special-players", others, (0, ROSTER_MAX))?;
    let mut problems = Vec::new();
    if spellcasters > MAX_SPELLCASTERS {
        problems.push(("spellcasters", format!("a team recruits one spellcaster at most, not {spellcasters}")));
    }
    // A second caster is already refused above; the others are measured against the
    // one caster the team may have.
    let allowed = SPECIAL_SLOTS - spellcasters.min(MAX_SPELLCASTERS);
    let slots_left = SPECIAL_SLOTS - spellcasters - others;
    if others > allowed {
        problems.push((
            "special-players",
            if spellcasters > 0 {
                format!(
                    "the spellcaster takes a special-player slot: {allowed} other special player allowed, not {others}"
                )
            } else {
                format!("{SPECIAL_SLOTS} special players at most, not {others}")
            },
        ));
    }
    let terms = vec![
        Term::num("Special-player slots (Interpretation: two)", SPECIAL_SLOTS, Some(SPELLCASTERS)),
        Term::num("Taken by spellcasters", -spellcasters, Some(SPELLCASTERS)),
        Term::num("Taken by other special players", -others, Some(SPELLCASTERS)),
        Term::note("Spellcasters a team may recruit", MAX_SPELLCASTERS, Some(SPELLCASTERS)),
    ];
    Ok(RosterCheck { legal: problems.is_empty(), slots_left, problems, terms })
}

/// Where the caster is when he would cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Presence {
    /// On the pitch and on his feet.
    Standing,
    /// On the pitch but prone or stunned.
    Down,
    /// In the reserves, knocked out or a casualty.
    OffField,
}

pub const PRESENCE_NAMES: &[&str] = <Presence as strum::VariantNames>::VARIANTS;

pub const PRESENCE_NOTE: &str = "Interpretation: a spell cast only outside play (before or after the match, at a kick-off, at the start of a half) does not need the caster on the pitch";

/// Whether the caster may cast `spell` from where he is: unless the spell says otherwise
/// he must be on the field and standing. Spells whose window lies wholly outside play are
/// read as saying otherwise (nobody is on the pitch then).
///
/// # Errors
/// [`Error::InvalidInput`] when the caster is down or off the field for a spell cast in play.
pub fn check_presence(spell: &SpellRef, presence: Presence) -> Result<Term> {
    let (moments, _, _) = windows(&spell.id);
    let in_play = moments.iter().any(|m| matches!(m, Moment::OwnTurn | Moment::OpponentsTurn));
    let place = match presence {
        Presence::Standing => "standing on the field",
        Presence::Down => "down on the field",
        Presence::OffField => "off the field",
    };
    if !in_play {
        return Ok(Term::text(
            format!("Caster {place}"),
            format!("{} is cast outside play: allowed ({PRESENCE_NOTE})", spell.name),
            Some(CASTING),
        ));
    }
    if presence != Presence::Standing {
        return Err(Error::InvalidInput(format!(
            "{} needs the caster on the field and standing; he is {place}",
            spell.name
        )));
    }
    Ok(Term::text("Caster", "on the field and standing", Some(CASTING)))
}
