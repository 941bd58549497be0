//! Who or what a spell may be aimed at, where the document makes that a rule: Healing
//! Hand's patients (line 105), Time Bubble's second action (line 165), Rune of
//! Deflection's new target (line 245) and whom Dragon Claw strikes along its line
//! (lines 311-313).

use super::*;

pub(super) const HEALING_HAND: &str = "mlaf/spell/healing-hand";
pub(super) const TIME_BUBBLE: &str = "mlaf/spell/time-bubble";
pub(super) const RUNE_OF_DEFLECTION: &str = "mlaf/spell/rune-of-deflection";

/// What a player suffered, for Healing Hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Injury {
    BadlyHurt,
    SeriousInjury,
    /// A serious injury's lasting effects, which the spell may also undo.
    NigglingInjury,
    StatReduction,
    Dead,
}

pub const INJURY_NAMES: &[&str] = <Injury as strum::VariantNames>::VARIANTS;

impl Injury {
    fn words(self) -> &'static str {
        match self {
            Injury::BadlyHurt => "a Badly Hurt player",
            Injury::SeriousInjury => "a serious injury",
            Injury::NigglingInjury => "a niggling injury",
            Injury::StatReduction => "a stat reduction",
            Injury::Dead => "a dead player",
        }
    }
}

/// Whether Healing Hand can heal `injury`, suffered in this game (`this_game`) or an
/// earlier one: only this game's injuries and their lasting effects, never the dead.
pub fn healing_hand(injury: Injury, this_game: bool) -> (bool, Vec<Term>) {
    let when = if this_game { "in this game" } else { "in an earlier game" };
    let (heals, why) = match (injury, this_game) {
        (Injury::Dead, _) => (false, "the spell never raises the dead"),
        (_, false) => (false, "only this game's injuries and their effects can be healed"),
        (_, true) => (true, "healed, lasting effects included"),
    };
    (heals, vec![Term::text(format!("{} {when}", capitalise(injury.words())), why, Some(HEALING_HAND))])
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// A Blood Bowl action a player may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum TurnAction {
    Move,
    Block,
    Blitz,
    Foul,
    Pass,
}

pub const ACTION_NAMES: &[&str] = <TurnAction as strum::VariantNames>::VARIANTS;
/// The actions a team may take only once a turn, as line 165 names them.
pub const ONCE_A_TURN: &[TurnAction] = &[TurnAction::Blitz, TurnAction::Foul, TurnAction::Pass];
pub const ONCE_A_TURN_NOTE: &str = "Interpretation: only the Blitz, Foul and Pass the document names are limited; each card given for an action allows one more of it this turn";

impl TurnAction {
    pub fn parse(param: &str, s: &str) -> Result<TurnAction> {
        s.parse().map_err(|_| {
            Error::InvalidInput(format!("--{param}: `{s}` is not an action; use {}", ACTION_NAMES.join(", ")))
        })
    }

    fn name(self) -> &'static str {
        self.into()
    }
}

/// Whether Time Bubble's second action `second` is legal, when the team has already
/// taken `used` this turn (the target's first action among them) and cards allow the
/// actions in `cards` once more each.
pub fn time_bubble(second: TurnAction, used: &[TurnAction], cards: &[TurnAction]) -> Result<(bool, Vec<Term>)> {
    if let Some(c) = cards.iter().find(|c| !ONCE_A_TURN.contains(c)) {
        return Err(Error::InvalidInput(format!(
            "--cards: a {} is never limited, so no card is needed for it; name blitz, foul or pass",
            c.name()
        )));
    }
    if !ONCE_A_TURN.contains(&second) {
        let term = Term::text(format!("A second {}", second.name()), "legal: not limited a turn", Some(TIME_BUBBLE));
        return Ok((true, vec![term]));
    }
    let taken = used.iter().filter(|a| **a == second).count() as i64;
    let allowed = 1 + cards.iter().filter(|a| **a == second).count() as i64;
    let legal = taken < allowed;
    let terms = vec![
        Term::note(format!("{}s the team may take this turn", capitalise(second.name())), allowed, Some(TIME_BUBBLE)),
        Term::note(format!("{}s already taken", capitalise(second.name())), taken, Some(TIME_BUBBLE)),
        Term::text(
            format!("A {} now", second.name()),
            if legal { "legal" } else { "not legal: the turn's allowance is spent" },
            Some(TIME_BUBBLE),
        ),
    ];
    Ok((legal, terms))
}

/// Rune of Deflection: whether a new target `distance` squares from the opposing caster
/// is in the deflected spell's range (`None`: no target in reach at all, so the spell
/// is lost). Interpretation: the range is counted from the opposing caster, as when he
/// cast it.
pub fn deflect(spell: &SpellRef, range: Option<&str>, distance: Option<i64>) -> Result<(bool, Vec<Term>)> {
    let lost = |why: String| {
        Ok((false, vec![Term::text(why, "deflected into the void: no effect", Some(RUNE_OF_DEFLECTION))]))
    };
    let Some(d) = distance else {
        return lost(format!("No legal new target for {}", spell.name));
    };
    match check_range(spell, range, d) {
        Ok(t) => Ok((
            true,
            vec![t, Term::text("New target", format!("{} goes to him instead", spell.name), Some(RUNE_OF_DEFLECTION))],
        )),
        // A distance outside the pitch is a typing mistake; one beyond the spell's reach
        // is the rule at work.
        Err(_) if (1..=MAX_DISTANCE).contains(&d) => {
            lost(format!("Target {d} squares away, beyond {}'s range", spell.name))
        }
        Err(e) => Err(e),
    }
}

/// A player the range ruler's line touches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnLine {
    pub name: String,
    /// Squares from the caster.
    pub distance: i64,
    pub prone: bool,
}

/// Dragon Claw's victim. With a `target` (the cast succeeded) the first standing player
/// the line touches before him is hit instead, prone players letting it pass; without
/// one (the cast failed and the claw scatters along `line`) the first standing player
/// within `reach` squares is hit, if any. Players at the same distance are taken in the
/// order given.
///
/// # Errors
/// [`Error::InvalidInput`] for a target not on the line, prone, or beyond reach.
pub fn dragon_claw_line(line: &[OnLine], target: Option<&str>, reach: i64) -> Result<(Option<String>, Vec<Term>)> {
    let mut order: Vec<&OnLine> = line.iter().collect();
    order.sort_by_key(|p| p.distance);
    let mut terms = Vec::new();
    let end = match target {
        Some(t) => {
            let aim = line.iter().find(|p| p.name.eq_ignore_ascii_case(t)).ok_or_else(|| {
                let names: Vec<&str> = line.iter().map(|p| p.name.as_str()).collect();
                Error::InvalidInput(format!(
                    "--target: {t} is not one of the players on the line ({})",
                    names.join(", ")
                ))
            })?;
            if aim.prone {
                return Err(Error::InvalidInput(format!(
                    "--target: {} is prone; Dragon Claw is thrown at a standing player",
                    aim.name
                )));
            }
            if aim.distance > reach {
                return Err(Error::InvalidInput(format!(
                    "--target: {} is {} squares away; Dragon Claw reaches {reach}",
                    aim.name, aim.distance
                )));
            }
            terms.push(Term::text(
                format!("Aimed at {}", aim.name),
                format!("{} squares away", aim.distance),
                Some(DRAGON_CLAW),
            ));
            Some(aim)
        }
        None => {
            terms.push(Term::text(
                "Cast failed",
                format!("scatters: first standing player within {reach} squares"),
                Some(DRAGON_CLAW),
            ));
            None
        }
    };
    for p in order {
        if let Some(aim) = end {
            if std::ptr::eq(p, aim) {
                break;
            }
            if p.distance > aim.distance {
                break;
            }
        } else if p.distance > reach {
            break;
        }
        if p.prone {
            terms.push(Term::text(format!("{} (prone)", p.name), "does not block the line", Some(DRAGON_CLAW)));
            continue;
        }
        terms.push(Term::text(
            format!("{}, {} squares away", p.name, p.distance),
            "standing: struck",
            Some(DRAGON_CLAW),
        ));
        return Ok((Some(p.name.clone()), terms));
    }
    match end {
        Some(aim) => {
            terms.push(Term::text(aim.name.clone(), "the line is clear: struck", Some(DRAGON_CLAW)));
            Ok((Some(aim.name.clone()), terms))
        }
        None => {
            terms.push(Term::text("Nobody standing in range", "the claw strikes no one", Some(DRAGON_CLAW)));
            Ok((None, terms))
        }
    }
}
