//! Abilities with uses per life or per refresh (lines 29–36, 55): each use spends one,
//! none is left once they are spent, and a Charge xN wins one back after N full Charge
//! Incantations, worked out by the `charge` calculator's own function. A new life
//! brings the per-life uses back; the reeve's refresh, the per-refresh ones.

use std::collections::BTreeMap;

use super::super::rules::{charge, ChargeCase, Per, MAX_CHARGE, MAX_REPETITIONS, R_CHARGE};
use super::board::dead;
use crate::encounters::{Act, Combatant, Mark, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

/// The list a player's abilities with counted uses are kept in: one mark each, its
/// `per-life` or `per-refresh` flag, and the numbers `uses` (a life's or a refresh's),
/// `spent`, `charge` (N of Charge xN, 0 for none), `said` (Charge Incantations said
/// towards the next use) and `charged` (a Charged use held).
const ABILITIES: &str = "abilities";

/// The most uses an ability is given.
const MAX_USES: i64 = 99;

/// How a per-life Charged use fares at a new life.
const PER_LIFE_CHARGE: &str = "Interpretation: a per-life Charged use does not carry into the next life (only \
                               per-refresh ones are said to, line 34)";

const ABILITY: Param = Param {
    name: "ability",
    help: "The ability, by name (as the player's class lists it).",
    kind: ParamKind::Text,
    required: true,
    default: None,
};

const ENCHANTMENT: Param = Param {
    name: "enchantment",
    help: "The enchantment that grants the ability, if one does: its uses are counted apart from the player's own (line 55).",
    kind: ParamKind::Text,
    required: false,
    default: None,
};

const PER: Param = Param {
    name: "per",
    help: "Whether its uses come per life or per refresh (needed the first time; kept after).",
    kind: ParamKind::Choice { options: &["life", "refresh"] },
    required: false,
    default: None,
};

const USES: Param = Param {
    name: "uses",
    help: "How many uses it has a life or a refresh (needed the first time; kept after).",
    kind: ParamKind::Int { min: 1, max: MAX_USES },
    required: false,
    default: None,
};

const CHARGE: Param = Param {
    name: "charge",
    help: "N of its \"Charge xN\", if it has one: N full Charge Incantations win a use back (kept after).",
    kind: ParamKind::Int { min: 1, max: MAX_CHARGE },
    required: false,
    default: None,
};

pub(super) static USE_PARAMS: &[Param] = &[ABILITY, PER, USES, CHARGE, ENCHANTMENT];

pub(super) static CHARGE_PARAMS: &[Param] = &[
    ABILITY,
    Param {
        name: "said",
        help: "Full, uninterrupted Charge Incantations said now, the ability named at the start (all N: leave it out); they add up until N.",
        kind: ParamKind::Int { min: 1, max: MAX_REPETITIONS },
        required: false,
        default: None,
    },
    PER,
    USES,
    CHARGE,
    ENCHANTMENT,
];

/// The name its uses are kept under: the ability, and the enchantment granting it.
fn key(act: &Act<'_>) -> Result<String> {
    let tidy = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let ability = act.inputs.text("ability").map(tidy).filter(|t| !t.is_empty());
    let ability = ability.ok_or_else(|| Error::InvalidInput("--ability needs the ability's name".into()))?;
    Ok(match act.inputs.text("enchantment").map(tidy).filter(|t| !t.is_empty()) {
        Some(e) => format!("{ability} (from {e})"),
        None => ability,
    })
}

fn per_of(m: &Mark) -> Per {
    if m.flagged("per-refresh") {
        Per::Refresh
    } else {
        Per::Life
    }
}

fn per_word(per: Per) -> &'static str {
    match per {
        Per::Life => "life",
        Per::Refresh => "refresh",
    }
}

/// The ability's mark, made from `--per`, `--uses` and `--charge` the first time; given
/// again, they must be what was kept.
fn tracked<'a>(c: &'a mut Combatant, act: &Act<'_>) -> Result<&'a mut Mark> {
    let name = key(act)?;
    let per = act.inputs.choice("per")?.map(|p| if p == "refresh" { Per::Refresh } else { Per::Life });
    let uses = act.inputs.opt_int("uses")?;
    let times = act.inputs.opt_int("charge")?;
    let who = c.name.clone();
    let Some(i) = c.marks.iter().position(|m| m.list == ABILITIES && m.name.eq_ignore_ascii_case(&name)) else {
        let (Some(per), Some(uses)) = (per, uses) else {
            return Err(Error::InvalidInput(format!(
                "{who}'s {name} is not tracked yet: give --per (life or refresh) and --uses the first time"
            )));
        };
        c.marks.push(Mark {
            list: ABILITIES.into(),
            name,
            id: None,
            flags: vec![format!("per-{}", per_word(per))],
            numbers: BTreeMap::from([
                ("uses".to_string(), uses),
                ("spent".to_string(), 0),
                ("charge".to_string(), times.unwrap_or(0)),
                ("said".to_string(), 0),
                ("charged".to_string(), 0),
            ]),
        });
        return Ok(c.marks.last_mut().expect("just pushed"));
    };
    let m = &c.marks[i];
    let differs = per.is_some_and(|p| p != per_of(m))
        || uses.is_some_and(|u| u != m.number("uses"))
        || times.is_some_and(|n| n != m.number("charge"));
    if differs {
        return Err(Error::InvalidInput(format!(
            "{who}'s {} is tracked with {} per {}{}: give the same, or leave them out",
            m.name,
            crate::rules::plural(m.number("uses"), "use"),
            per_word(per_of(m)),
            if m.number("charge") > 0 { format!(" and Charge x{}", m.number("charge")) } else { String::new() }
        )));
    }
    Ok(&mut c.marks[i])
}

/// Refuses what the player cannot do now: the dead, and those the can-cast rule bars
/// (Suppressed, Stunned, Frozen; an Insubstantial player acts on themself).
fn require_able(c: &Combatant, what: &str) -> Result<()> {
    if dead(c) {
        return Err(Error::InvalidInput(format!("{} is dead: {what} waits for a new life", c.name)));
    }
    super::casters::own(c).map(|_| ())
}

/// A use of the ability: one of its uses, else the Charged one held; refused when
/// none is left.
pub(super) fn use_ability(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    require_able(c, "using an ability")?;
    let who = c.name.clone();
    let m = tracked(c, act)?;
    let (uses, spent, charged) = (m.number("uses"), m.number("spent"), m.number("charged"));
    let per = per_word(per_of(m));
    let name = m.name.clone();
    let mut terms = vec![Term::note(format!("Uses a {per}"), uses, Some(R_CHARGE))];
    let line = if spent < uses {
        m.numbers.insert("spent".into(), spent + 1);
        terms.push(Term::note("Spent before this one", spent, Some(R_CHARGE)));
        format!("{who} uses {name}: {} of {uses} left this {per}", uses - spent - 1)
    } else if charged > 0 {
        m.numbers.insert("charged".into(), 0);
        terms.push(Term::text("The Charged use held", "spent", Some(R_CHARGE)));
        format!("{who} uses {name}, its Charged use: none left this {per}")
    } else {
        let back = if m.number("charge") > 0 {
            format!(" (Charge x{} wins one back)", m.number("charge"))
        } else {
            String::new()
        };
        return Err(Error::InvalidInput(format!(
            "{who} has no use of {name} left: all {uses} of this {per} are spent{back}"
        )));
    };
    Ok(Outcome { lines: vec![line], terms })
}

/// Charge Incantations said for an ability with Charge xN: after N in all, a use is
/// held (one at a time), as the `charge` calculator says.
pub(super) fn charge_ability(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    require_able(c, "a Charge")?;
    let who = c.name.clone();
    let suppressed = c.has("suppressed");
    let m = tracked(c, act)?;
    let times = m.number("charge");
    if times == 0 {
        return Err(Error::InvalidInput(format!(
            "{who}'s {} has no Charge xN: give --charge N if it has one; else its uses come back only with a new {}",
            m.name,
            per_word(per_of(m))
        )));
    }
    let said = act.inputs.opt_int("said")?.unwrap_or(times - m.number("said"));
    let done = (m.number("said") + said).min(MAX_REPETITIONS);
    let r = charge(ChargeCase {
        times,
        done,
        per: per_of(m),
        designated: true,
        holding: m.number("charged") > 0,
        suppressed,
    })?;
    let name = m.name.clone();
    let line = if r.charged {
        m.numbers.insert("charged".into(), 1);
        m.numbers.insert("said".into(), 0);
        format!("{who} Charges {name}: {}", r.reason)
    } else if r.repetitions_left > 0 {
        m.numbers.insert("said".into(), done);
        format!("{who} Charges {name}: {}", r.reason)
    } else {
        return Err(Error::InvalidInput(format!("{who} cannot Charge {name}: {}", r.reason)));
    };
    let mut lines = vec![line];
    lines.extend(r.warnings);
    Ok(Outcome { lines, terms: r.terms })
}

/// A new life (a respawn): the per-life uses come back, and a per-life Charged use
/// held is gone; per-refresh ones stay as they were.
pub(super) fn new_life(c: &mut Combatant) -> Vec<String> {
    let mut back = Vec::new();
    let mut lost = Vec::new();
    for m in c.marks.iter_mut().filter(|m| m.list == ABILITIES && per_of(m) == Per::Life) {
        if m.number("spent") > 0 {
            back.push(m.name.clone());
        }
        if m.number("charged") > 0 {
            lost.push(m.name.clone());
        }
        for key in ["spent", "said", "charged"] {
            m.numbers.insert(key.into(), 0);
        }
    }
    let mut lines = Vec::new();
    if !back.is_empty() {
        lines.push(format!("{}'s per-life uses come back: {}", c.name, back.join(", ")));
    }
    if !lost.is_empty() {
        lines.push(format!("{}'s Charged use of {} is gone ({PER_LIFE_CHARGE})", c.name, lost.join(", ")));
    }
    lines
}

/// The reeve calls a refresh: every player's per-refresh uses come back (a Charged use
/// held stays held).
pub(super) fn refresh(s: &mut State) -> Outcome {
    let mut lines = Vec::new();
    for c in s.combatants.iter_mut().filter(|c| c.marks(ABILITIES).any(|m| per_of(m) == Per::Refresh)) {
        let mut back = Vec::new();
        for m in c.marks.iter_mut().filter(|m| m.list == ABILITIES && per_of(m) == Per::Refresh) {
            if m.number("spent") > 0 {
                back.push(m.name.clone());
            }
            m.numbers.insert("spent".into(), 0);
        }
        if !back.is_empty() {
            lines.push(format!("{}'s per-refresh uses come back: {}", c.name, back.join(", ")));
        }
    }
    if lines.is_empty() {
        lines.push("A refresh: no per-refresh use was spent".into());
    } else {
        lines.insert(0, "A refresh: every per-refresh use comes back".into());
    }
    Outcome { lines, terms: vec![Term::text("Refresh", "per-refresh uses back", Some(R_CHARGE))] }
}

/// What the board shows of the abilities: "Heat Weapon: 1 of 2 left this life, a
/// Charged use held".
pub(super) fn view(c: &Combatant) -> Vec<serde_json::Value> {
    c.marks(ABILITIES)
        .map(|m| {
            let per = per_word(per_of(m));
            let mut text =
                format!("{}: {} of {} left this {per}", m.name, m.number("uses") - m.number("spent"), m.number("uses"));
            if m.number("charged") > 0 {
                text.push_str(", a Charged use held");
            } else if m.number("said") > 0 {
                text.push_str(&format!(", Charge {} of {} said", m.number("said"), m.number("charge")));
            }
            text.into()
        })
        .collect()
}
