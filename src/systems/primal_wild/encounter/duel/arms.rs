//! Taking up arms before a round's first clash, and swapping one of them after a clash.

use super::super::{title, ARCANA};
use super::arcana::{arcanum_index, psychic, rest, shield, sword};
use super::round::{begin_round_if_due, require_going};
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::UNUSED_BONUS_MAX;

pub(super) static ARMS_PARAMS: &[Param] = &[
    Param {
        name: "sword",
        help: "The Arcanum the duelist attacks with.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: true,
        default: None,
    },
    Param {
        name: "shield",
        help: "The Arcanum that takes psychic damage first.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: true,
        default: None,
    },
];

pub(super) static SWAP_PARAMS: &[Param] = &[
    Param {
        name: "sword",
        help: "A new Sword, an Arcanum not in use.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: false,
        default: None,
    },
    Param {
        name: "shield",
        help: "A new Shield, an Arcanum not in use.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: false,
        default: None,
    },
    Param {
        name: "keep",
        help: "The duelist declares no swap after this clash and keeps both arms, so the other may now declare theirs (the last clash's winner declares first).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

/// The fact an `arms` or `swap` stores, naming the rules it was checked by: 2 refuses an
/// Arcanum with no dots, 3 the second duelist's swap before the first has declared. One
/// stored without it (an older Tome) replays as it was made.
pub(super) const RULES: &str = "duel-rules";

/// The duel's value naming who declares swaps first after the last clash (index + 1).
pub(super) const DECLARES_FIRST: &str = "declares-first";

fn rules_version(act: &Act<'_>) -> i64 {
    act.fact(RULES).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// Refuses an Arcanum the duelist has no dots in, for an action checked by rules 2.
///
/// Interpretation: the document has each mage select one of their Arcana as Sword and
/// one as Shield (line 17); an Arcanum with 0 dots is none of theirs (a Sword of it would
/// roll Gnosis alone).
fn require_dots(c: &crate::encounters::Combatant, act: &Act<'_>, arcanum: &str, role: &str) -> Result<()> {
    if act.fact(RULES).is_some() && c.stat(arcanum) == 0 {
        return Err(Error::InvalidInput(format!(
            "{} has no dots in {}: it cannot be their {role} (Interpretation: a duelist selects among the Arcana they have)",
            c.name,
            title(arcanum)
        )));
    }
    Ok(())
}

/// A duelist picks a Sword and a Shield.
pub(super) fn arms(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    require_going(s)?;
    let mut begun = Outcome::default();
    begin_round_if_due(s, &mut begun);
    let clash = s.values.get("clash").copied().unwrap_or(0);
    let c = &mut s.combatants[act.who()];
    if clash > 0 {
        return Err(Error::InvalidInput(format!(
            "the round's clashes have begun: {} changes arms with `swap`, one at a time",
            c.name
        )));
    }
    let (sw, sh) = (act.inputs.choice("sword")?.unwrap_or("death"), act.inputs.choice("shield")?.unwrap_or("death"));
    if sw == sh {
        return Err(Error::InvalidInput(format!(
            "{}'s Sword and Shield must be two Arcana, not {} twice",
            c.name,
            title(sw)
        )));
    }
    require_dots(c, act, sw, "Sword")?;
    require_dots(c, act, sh, "Shield")?;
    c.set("sword", arcanum_index(sw));
    c.set("shield", arcanum_index(sh));
    begun.lines.push(format!(
        "{} takes {} ({}) as Sword and {} ({}) as Shield",
        c.name,
        title(sw),
        crate::rules::plural(c.stat(sw), "dot"),
        title(sh),
        crate::rules::plural(c.stat(sh), "dot")
    ));
    Ok(begun)
}

/// A duelist swaps one Arcanum after a clash, or declares none (`--keep`). The duelist
/// who declares first (line 36: the last clash's winner, or the one drawn after nothing
/// but stalemates) does so before the other may swap.
pub(super) fn swap(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    require_going(s)?;
    let clash = s.values.get("clash").copied().unwrap_or(0);
    let me = act.who();
    let keep = act.inputs.flag("keep");
    let (new_sword, new_shield) = (act.inputs.choice("sword")?, act.inputs.choice("shield")?);
    let change = match (new_sword, new_shield, keep) {
        (Some(a), None, false) => Some(("sword", a)),
        (None, Some(a), false) => Some(("shield", a)),
        (None, None, true) => None,
        _ => {
            return Err(Error::InvalidInput(
                "a swap changes one Arcanum: give either --sword or --shield, or --keep to declare no swap".into(),
            ))
        }
    };
    let c = &s.combatants[me];
    if clash == 0 {
        return Err(Error::InvalidInput(format!(
            "swaps come after a clash; before the round's first, {} picks arms with `arms`",
            c.name
        )));
    }
    if c.value("swapped") == clash {
        return Err(Error::InvalidInput(format!(
            "{} has already declared a swap (or none) since clash {clash}",
            c.name
        )));
    }
    if let Some((role, new)) = change {
        if Some(new) == sword(c) || Some(new) == shield(c) {
            return Err(Error::InvalidInput(format!(
                "{} is already in use as {}'s Sword or Shield",
                title(new),
                c.name
            )));
        }
        require_dots(c, act, new, title(role).as_str())?;
    }
    let first = s.values.get(DECLARES_FIRST).and_then(|i| usize::try_from(*i - 1).ok()).filter(|&i| i != me);
    if let Some((f, other)) = first.filter(|_| rules_version(act) >= 3).and_then(|f| Some((f, s.combatants.get(f)?))) {
        if other.value("swapped") != clash {
            let why = if s.values.get("last-winner") == Some(&(f as i64 + 1)) {
                "won the last clash and declares any swaps first"
            } else {
                "was drawn to declare any swaps first"
            };
            return Err(Error::InvalidInput(format!(
                "{} {why}: {} swaps or keeps both arms (`swap {} --keep`) before {} may swap",
                other.name, other.name, other.name, c.name
            )));
        }
    }
    let c = &mut s.combatants[me];
    let Some((role, new)) = change else {
        c.set("swapped", clash);
        return Ok(Outcome::line(format!("{} keeps their Sword and Shield: no swap after clash {clash}", c.name)));
    };
    let old = if role == "sword" { sword(c) } else { shield(c) }.unwrap_or("death");
    c.set(role, arcanum_index(new));
    c.set("swapped", clash);
    let mut line = format!("{} swaps their {} from {} to {}", c.name, title(role), title(old), title(new));
    if role == "shield" && c.value(&psychic(new)) > 0 {
        line.push_str(&format!(" (it already holds {} psychic damage this round)", c.value(&psychic(new))));
    }
    if role == "sword" && c.value(&rest(new)) > 0 {
        line.push_str(&format!(
            " (it has rested {} clash{}: +{} dice)",
            c.value(&rest(new)),
            if c.value(&rest(new)) == 1 { "" } else { "es" },
            c.value(&rest(new)).min(UNUSED_BONUS_MAX)
        ));
    }
    Ok(Outcome::line(line))
}
