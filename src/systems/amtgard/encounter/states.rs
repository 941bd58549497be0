//! States on a player: which may be gained, the call when one runs out, and the States
//! class Traits give.

use std::collections::BTreeMap;

use super::super::rules::{
    immunity_in, parse_states, remove_state, School, C_IMMUNE, HOLDING_STATES, R_STATES, R_TRAITS,
};
use super::board::*;
use crate::encounters::{Act, ActiveCondition, Combatant, Duration, Mark, Outcome, MAX_DURATION};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

pub(super) static STATE_PARAMS: &[Param] = &[
    Param {
        name: "state",
        help: "The State the ability imparts (Frozen, Stopped, Stunned, Suppressed, Fragile, Cursed, Insubstantial, Invulnerable, or another by name), or with --remove the one it ends.",
        // Offered from the States in the reference; a name it does not hold is still taken.
        kind: ParamKind::Entry { kind: crate::Kind::Condition },
        required: true,
        default: None,
    },
    Param {
        name: "school",
        help: "The School of the ability (an Iceball's Frozen is Subdual, Release is Sorcery): a player Immune to it is not affected, so the State neither takes hold nor is removed.",
        kind: ParamKind::Choice { options: <School as strum::VariantNames>::VARIANTS },
        required: true,
        default: None,
    },
    Param {
        name: "seconds",
        help: "How long the State lasts; none: until removed.",
        kind: ParamKind::Int { min: 1, max: MAX_DURATION },
        required: false,
        default: None,
    },
    Param {
        name: "remove",
        help: "The ability ends the State instead (Release).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "custom",
        help: "The State is the game master's own, not one of the document's nine: taken by name, with no rule of its own.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    super::casters::BY,
];

/// Refuses a State the document does not define (lines 167-199), nearest names first,
/// unless the game master says it is his own (`board-rules` 3 on).
fn check_known(name: &str, act: &Act<'_>) -> Result<()> {
    if act.inputs.flag("custom") || super::rules_version(act) < 3 || parse_states(name).is_ok() {
        return Ok(());
    }
    let mut names: Vec<(usize, &str)> = super::super::rules::TargetState::ALL
        .iter()
        .filter(|s| **s != super::super::rules::TargetState::Dead)
        .map(|s| (strsim::damerau_levenshtein(&name.to_lowercase(), &s.name().to_lowercase()), s.name()))
        .collect();
    names.sort();
    let near: Vec<String> = names.iter().filter(|(d, _)| *d <= 3).map(|(_, n)| n.to_string()).collect();
    let suggestions = if near.is_empty() { names.iter().map(|(_, n)| n.to_string()).collect() } else { near };
    Err(Error::NotFound {
        what: "State of the document (give --custom for one of your own)",
        id: name.to_string(),
        suggestions,
    })
}

/// A State imparted, or ended, by an ability of a School: the player's Immunities to
/// that School stop both (lines 178, 181).
pub(super) fn state_from_ability(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let name = act.inputs.text("state").map(|t| t.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default();
    if name.is_empty() {
        return Err(Error::InvalidInput("--state needs the State's name, e.g. Frozen".into()));
    }
    let school = School::parse(act.inputs.choice("school")?.unwrap_or_default())?;
    let immune = immunities(c).contains(&school);
    if act.inputs.flag("remove") {
        let pos = c.conditions.iter().position(|x| x.matches(&name)).ok_or_else(|| Error::NotFound {
            what: "State on this player",
            id: name.clone(),
            suggestions: c.conditions.iter().map(|x| x.name.clone()).collect(),
        })?;
        if !remove_state(school, &immunities(c), None).removed {
            return Err(Error::InvalidInput(format!(
                "{} is Immune to {}: an ability of that School cannot end their {}",
                c.name,
                school.name(),
                c.conditions[pos].name
            )));
        }
        let gone = c.conditions.remove(pos);
        let mut out = Outcome::line(format!("A {} ability ends {}'s {}", school.name(), c.name, gone.name));
        out.terms.push(Term::text(
            format!("{} ended by a {} ability", gone.name, school.name()),
            "removed",
            Some(R_STATES),
        ));
        return Ok(out);
    }
    check_known(&name, act)?;
    can_gain(c, &name)?;
    if immune {
        return Err(Error::InvalidInput(format!(
            "{} is Immune to {}: {name} from an ability of that School does not take hold",
            c.name,
            school.name()
        )));
    }
    let known = parse_states(&name).ok().and_then(|s| s.first().copied());
    let seconds = act.inputs.opt_int("seconds")?;
    c.conditions.push(ActiveCondition {
        id: known.map(|s| format!("amtgard/condition/{}", s.name().to_ascii_lowercase())),
        name: known.map_or(name.clone(), |s| s.name().to_string()),
        duration: seconds.map_or(Duration::UntilRemoved, |seconds| Duration::Seconds { seconds }),
        remaining: None,
        // Dated, and merged with the same State already there, when the change ends.
        expires_at: None,
    });
    let lasts = seconds.map_or("until removed".to_string(), |s| format!("{s} s"));
    let mut out = Outcome::line(format!("{} is {name} by a {} ability ({lasts})", c.name, school.name()));
    out.terms.push(Term::text(format!("{} School", school.name()), "the player is not Immune to it", Some(C_IMMUNE)));
    Ok(out)
}

pub(super) static TRAIT_PARAMS: &[Param] = &[Param {
    name: "state",
    help: "The State a class Trait gives the player, e.g. \"Immune to Subdual\": kept through death and respawn.",
    kind: ParamKind::Text,
    required: true,
    default: None,
}];

/// Records a State from a class Trait.
pub(super) fn trait_state(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let name = act.inputs.text("state").map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "));
    let name = name
        .filter(|n| !n.is_empty())
        .ok_or_else(|| Error::InvalidInput("--state needs the State's name, e.g. \"Immune to Subdual\"".into()))?;
    if c.marks(TRAIT_STATES).any(|m| m.name.eq_ignore_ascii_case(&name)) {
        return Err(Error::InvalidInput(format!("{} already has {name} from a Trait", c.name)));
    }
    // An Immunity is always to a School (line 178); one to anything else would be kept
    // and protect against nothing.
    let says_immune = crate::search::normalize(&name).starts_with("immun");
    if says_immune && immunity_in(&name).is_none() && super::rules_version(act) >= 2 {
        let schools: Vec<String> = <School as strum::VariantNames>::VARIANTS
            .iter()
            .filter_map(|s| School::parse(s).ok())
            .map(School::name)
            .collect();
        return Err(Error::InvalidInput(format!(
            "--state \"{name}\" names no School: an Immunity is to one of {} (e.g. \"Immune to Flame\")",
            schools.join(", ")
        )));
    }
    c.marks.push(Mark {
        list: TRAIT_STATES.into(),
        name: name.clone(),
        id: None,
        flags: Vec::new(),
        numbers: BTreeMap::new(),
    });
    let mut out = Outcome::line(format!("{} has {name} from a Trait: it stays through death and respawn", c.name));
    out.terms.push(Term::text(format!("{name} (Trait)"), "never removed", Some(R_TRAITS)));
    Ok(out)
}

/// A State given or ended by hand names no School, so on a player with an Immunity it
/// cannot be told whether the Immunity stops it (lines 178, 181): the `state` action,
/// which names the School, is the way then.
pub(super) fn by_hand(c: &Combatant, what: &str) -> Result<()> {
    let immune = immunities(c);
    if immune.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = immune.iter().map(|s| s.name()).collect();
    Err(Error::InvalidInput(format!(
        "{} is Immune to {}: {what} by hand names no School, so Tome cannot tell whether the Immunity stops it; use the State action with the ability's School",
        c.name,
        names.join(", ")
    )))
}

pub(super) fn can_gain(c: &Combatant, condition: &str) -> Result<()> {
    if dead(c) {
        return Err(Error::InvalidInput(format!(
            "{} is dead: States do not take hold on a dead player, so {condition} is not added",
            c.name
        )));
    }
    // Only what works on that State itself (Frozen again, say) reaches a Frozen,
    // Insubstantial or Invulnerable player; an enchantment's own States come through
    // `enchant`, which these States do not stop.
    if let Some(state) = super::hits::untouchable(c).filter(|s| !condition.eq_ignore_ascii_case(s)) {
        return Err(Error::InvalidInput(format!(
            "{} is {}: abilities do not affect them, so {condition} is not added",
            c.name,
            crate::rules::key_label(state)
        )));
    }
    Ok(())
}

/// Whether [`date_states`] has anything to do: a State in seconds not yet dated, or one
/// held twice.
pub(super) fn to_date(c: &Combatant) -> bool {
    let undated = c.conditions.iter().any(|x| matches!(x.duration, Duration::Seconds { .. }) && x.expires_at.is_none());
    undated
        || c.conditions
            .iter()
            .enumerate()
            .any(|(i, x)| c.conditions[..i].iter().any(|y| y.name.eq_ignore_ascii_case(&x.name)))
}

/// Dates the States the board's own moves imposed without knowing the time (the Frozen
/// of an avoided death, a State from an ability): their seconds run from the end of the
/// change. A State the player already had keeps whichever lasts longer (line 169).
pub(super) fn date_states(c: &mut Combatant, now: i64) -> Vec<String> {
    for x in &mut c.conditions {
        if let (Duration::Seconds { seconds }, None) = (&x.duration, x.expires_at) {
            x.expires_at = Some(now.saturating_add(*seconds));
        }
    }
    let lasts = |x: &ActiveCondition| match x.duration {
        Duration::UntilRemoved => i64::MAX,
        _ => x.expires_at.unwrap_or(0),
    };
    let mut lines = Vec::new();
    let mut i = 0;
    while i < c.conditions.len() {
        let same = (0..i).find(|&j| c.conditions[j].name.eq_ignore_ascii_case(&c.conditions[i].name));
        if let Some(j) = same {
            let newer = c.conditions.remove(i);
            // An Ongoing Effect gained again goes by the same rule (line 166).
            let was = if super::ongoing::is_ongoing(&newer) { "was already under" } else { "was already" };
            if lasts(&newer) > lasts(&c.conditions[j]) {
                lines.push(format!("{} {was} {}: the longer new duration replaces the old", c.name, newer.name));
                c.conditions[j] = newer;
            } else {
                lines.push(format!("{} {was} {} for at least as long: it stays as it was", c.name, newer.name));
            }
        } else {
            i += 1;
        }
    }
    lines
}

/// The States whose seconds have run out by `now`, though no change has yet removed them.
pub(super) fn run_out(c: &Combatant, now: i64) -> Vec<&ActiveCondition> {
    c.conditions.iter().filter(|x| x.expires_at.is_some_and(|t| t <= now)).collect()
}

pub(super) fn expired(c: &Combatant, condition: &ActiveCondition) -> Option<String> {
    HOLDING_STATES
        .iter()
        .any(|s| condition.matches(s.name()))
        .then(|| format!("{} calls out \"No longer {}\" so players within 20 feet hear it", c.name, condition.name))
}
