//! Ongoing Effects on a player (line 166): what an ability leaves behind that is not a
//! State (Terror, Heat Weapon, Shove), kept on the board beside the States so the clock
//! runs it down, the table sees it, and death ends it.

use super::super::rules::{parse_states, remove_state, School, C_IMMUNE, R_ONGOING};
use super::board::{dead, immunities};
use crate::encounters::{Act, ActiveCondition, Combatant, Duration, Outcome, MAX_DURATION};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

pub(super) static ONGOING_PARAMS: &[Param] = &[
    Param {
        name: "effect",
        help: "The Ongoing Effect, by the ability's name for it (Terror, Heat Weapon, Shove); a State goes through the state action.",
        kind: ParamKind::Text,
        required: true,
        default: None,
    },
    Param {
        name: "school",
        help: "The School of the ability that imparts it, or with --remove of the one that ends it: a player Immune to it is not affected (line 178), and an effect whose remover they are Immune to stays (line 181).",
        kind: ParamKind::Choice { options: <School as strum::VariantNames>::VARIANTS },
        required: true,
        default: None,
    },
    Param {
        name: "seconds",
        help: "How long it lasts; none: until an outside force removes it or its condition is met. Gained again, the longer duration stays.",
        kind: ParamKind::Int { min: 1, max: MAX_DURATION },
        required: false,
        default: None,
    },
    Param {
        name: "remove",
        help: "An ability of --school ends the Ongoing Effect instead.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    super::casters::BY,
];

/// Whether a condition on the board is an Ongoing Effect (not a State).
pub(super) fn is_ongoing(x: &ActiveCondition) -> bool {
    x.id.as_deref() == Some(R_ONGOING)
}

/// An Ongoing Effect imparted, or ended, by an ability of a School.
pub(super) fn ongoing(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let name =
        act.inputs.text("effect").map(|t| t.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default();
    if name.is_empty() {
        return Err(Error::InvalidInput("--effect needs the Ongoing Effect's name, e.g. Terror".into()));
    }
    let school = School::parse(act.inputs.choice("school")?.unwrap_or_default())?;
    if act.inputs.flag("remove") {
        let pos =
            c.conditions.iter().position(|x| is_ongoing(x) && x.name.eq_ignore_ascii_case(&name)).ok_or_else(|| {
                Error::NotFound {
                    what: "Ongoing Effect on this player",
                    id: name.clone(),
                    suggestions: c.conditions.iter().filter(|x| is_ongoing(x)).map(|x| x.name.clone()).collect(),
                }
            })?;
        let removal = remove_state(school, &immunities(c), None);
        if !removal.removed {
            return Err(Error::InvalidInput(format!(
                "{} is Immune to {}: an ability of that School cannot end their {} (line 181)",
                c.name,
                school.name(),
                c.conditions[pos].name
            )));
        }
        let gone = c.conditions.remove(pos);
        let mut out =
            Outcome::line(format!("A {} ability ends {}'s Ongoing Effect {}", school.name(), c.name, gone.name));
        out.terms.extend(removal.terms);
        return Ok(out);
    }
    if parse_states(&name).ok().and_then(|s| s.first().copied()).is_some() {
        return Err(Error::InvalidInput(format!("{name} is a State, not an Ongoing Effect: use the state action")));
    }
    if dead(c) {
        return Err(Error::InvalidInput(format!(
            "{} is dead: Ongoing Effects do not apply to a dead player (line 166), so {name} is not added",
            c.name
        )));
    }
    if let Some(state) = super::hits::untouchable(c) {
        return Err(Error::InvalidInput(format!(
            "{} is {}: abilities do not affect them, so {name} is not added",
            c.name,
            crate::rules::key_label(state)
        )));
    }
    if immunities(c).contains(&school) {
        return Err(Error::InvalidInput(format!(
            "{} is Immune to {}: {name} from an ability of that School does not take hold",
            c.name,
            school.name()
        )));
    }
    let seconds = act.inputs.opt_int("seconds")?;
    c.conditions.push(ActiveCondition {
        id: Some(R_ONGOING.into()),
        name: name.clone(),
        duration: seconds.map_or(Duration::UntilRemoved, |seconds| Duration::Seconds { seconds }),
        remaining: None,
        // Dated, and merged with the same effect already there (the longer stays), when
        // the change ends.
        expires_at: None,
    });
    let lasts = seconds.map_or("until removed or its condition is met".to_string(), |s| format!("{s} s"));
    let mut out = Outcome::line(format!(
        "{} is under {name}, an Ongoing Effect of a {} ability ({lasts})",
        c.name,
        school.name()
    ));
    out.terms.push(Term::text(format!("{} School", school.name()), "the player is not Immune to it", Some(C_IMMUNE)));
    out.terms.push(Term::text(format!("{name} (Ongoing Effect)"), lasts, Some(R_ONGOING)));
    Ok(out)
}
