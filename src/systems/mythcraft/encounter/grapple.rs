//! Grappling (lines 186, 223, 337-349, 383-385): the Grappled creature and the grappler
//! move at speeds set by their sizes; the grappled one may try once a turn to break
//! free (1 creature action, 2 from Restrained); the grappler lets go for nothing.

use std::collections::BTreeMap;

use super::conditions::{gain_condition, lose_condition};
use super::defense::{adventurer, defense_total};
use super::maneuvers::{maneuver_roll, roll, tactics_note, NATURAL, TARGET, TAUNTER};
use super::spend::pay;
use crate::encounters::{Act, Combatant, Mark, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};
use crate::systems::mythcraft::rules::{attack_lands, grapple, maneuver_cost, ROLL_MAX, ROLL_MIN};

const C_GRAPPLED: (&str, &str) = ("mythcraft/condition/grappled-and-grappling", "Grappled");
const C_RESTRAINED: &str = "mythcraft/condition/restrained";
const GRAPPLED_BY: &str = "grappled-by";
const GRAPPLING: &str = "grappling";
/// The lists above, each mark named by the other combatant in the grapple.
pub(super) const NAMING_COMBATANTS: &[&str] = &[GRAPPLED_BY, GRAPPLING];

pub(super) static GRAPPLE_PARAMS: &[Param] = &[
    TARGET,
    roll("roll", concat!("The STR or DEX attack total", tactics_note!(), "."), true),
    Param {
        name: "defense",
        help: "The target's REF or FORT, as it chooses, when its stats do not give them (left out: the better of the two; Tome adds Dodge and Protected).",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: false,
        default: None,
    },
    NATURAL,
    TAUNTER,
];
pub(super) static ESCAPE_PARAMS: &[Param] = &[
    roll(
        "roll",
        concat!("The STR attack total (against FORT) or DEX attack total (against REF)", tactics_note!(), "."),
        true,
    ),
    roll(
        "defense",
        "The grappler's FORT or REF, to match, when its stats do not give it (left out: the one --against names, or the lower of the two recorded; Tome adds Dodge and Protected).",
        false,
    ),
    NATURAL,
    TAUNTER,
    Param {
        name: "against",
        help: "Which of the grappler's defenses the attempt meets: FORT (a STR attack) or REF (a DEX attack). Left out: the lower of the two recorded (interpretation: the one breaking free picks what serves it).",
        kind: ParamKind::Choice { options: &["fort", "ref"] },
        required: false,
        default: None,
    },
];
pub(super) static RELEASE_PARAMS: &[Param] = &[Param {
    name: "target",
    help: "The creature let go.",
    kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
    required: true,
    default: None,
}];

/// The other side of each grapple a combatant is in, with the size difference (the
/// Grappled creature's size category minus the grappler's).
fn holds<'a>(c: &'a Combatant, list: &'a str) -> impl Iterator<Item = &'a Mark> + 'a {
    c.marks(list)
}

/// Its speed as the grapples it is in leave it, from the `grapple` calculator: `None`
/// when it is in none that Tome knows of.
pub(super) fn grappled_speed(c: &Combatant, speed: i64) -> Option<i64> {
    let mut out: Option<i64> = None;
    for m in holds(c, GRAPPLED_BY) {
        let s = grapple(m.number("size-difference"), speed, 0).map_or(0, |g| g.grappled_ft);
        out = Some(out.map_or(s, |o| o.min(s)));
    }
    for m in holds(c, GRAPPLING) {
        let s = grapple(m.number("size-difference"), 0, speed).map_or(0, |g| g.grappler_ft);
        out = Some(out.map_or(s, |o| o.min(s)));
    }
    out
}

fn mark(list: &str, other: &str, diff: i64) -> Mark {
    Mark {
        list: list.into(),
        name: other.into(),
        id: Some(C_GRAPPLED.0.into()),
        flags: Vec::new(),
        numbers: BTreeMap::from([("size-difference".to_string(), diff)]),
    }
}

/// Ends a grapple between the two, on both sides.
fn part(s: &mut State, grappler: usize, grappled: usize) {
    let (a, b) = (s.combatants[grappler].name.clone(), s.combatants[grappled].name.clone());
    s.combatants[grappler].marks.retain(|m| !(m.list == GRAPPLING && m.name == b));
    let c = &mut s.combatants[grappled];
    c.marks.retain(|m| !(m.list == GRAPPLED_BY && m.name == a));
    if c.marks(GRAPPLED_BY).next().is_none() {
        lose_condition(c, C_GRAPPLED.0);
        lose_condition(c, C_RESTRAINED);
    }
}

pub(super) fn grapple_move(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    if target == who {
        return Err(Error::InvalidInput("a creature cannot Grapple itself".into()));
    }
    super::maneuvers::refuse_dead(&s.combatants[target], "Grapple")?;
    let (roll, mut terms) = maneuver_roll(s, act, Some(target))?;
    let typed = act.inputs.opt_int("defense")?;
    let (base, known) = super::maneuvers::maneuver_defense(&s.combatants[target], typed, "grapple")?;
    terms.extend(known);
    let (defense, t) = defense_total(&s.combatants[target], "ref", base, false)?;
    terms.extend(t);
    let (hit, t) = attack_lands(roll, defense, act.inputs.opt_int("natural")?)?;
    terms.extend(t);
    let (cost, term) = maneuver_cost("grapple", adventurer(&s.combatants[who]))?;
    let paid = pay(s, who, cost, "Grapple")?;
    let (me, it) = (s.combatants[who].name.clone(), s.combatants[target].name.clone());
    let mut out = Outcome { lines: vec![format!("{me} tries to Grapple {it}")], terms };
    out.terms.push(term);
    out.lines.extend(paid.lines);
    out.terms.extend(paid.terms);
    if !hit {
        out.lines.push("It misses".into());
        return Ok(out);
    }
    let diff = s.combatants[target].stat("size") - s.combatants[who].stat("size");
    let speeds = grapple(diff, s.combatants[target].stat("speed"), s.combatants[who].stat("speed"))?;
    gain_condition(&mut s.combatants[target], C_GRAPPLED);
    s.combatants[target].marks.retain(|m| !(m.list == GRAPPLED_BY && m.name == me));
    s.combatants[target].marks.push(mark(GRAPPLED_BY, &me, diff));
    s.combatants[who].marks.retain(|m| !(m.list == GRAPPLING && m.name == it));
    s.combatants[who].marks.push(mark(GRAPPLING, &it, diff));
    out.lines.push(format!(
        "{it} is Grappled by {me}: {it}'s speed {} ft, {me}'s {} ft ({me} is not Grappled)",
        speeds.grappled_ft, speeds.grappler_ft
    ));
    out.terms.extend(speeds.terms);
    Ok(out)
}

pub(super) fn escape(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let c = &s.combatants[who];
    if !c.has(C_GRAPPLED.0) && !c.has(C_RESTRAINED) {
        return Err(Error::InvalidInput(format!("{} is neither Grappled nor Restrained", c.name)));
    }
    // Line 347: the attempt is made on its own turn, paid from that turn's AP, never
    // from Reactive AP between turns.
    if s.current() != Some(c.name.as_str()) {
        return Err(Error::InvalidInput(format!(
            "{} can try to break free only on its own turn, and it is not its turn now",
            c.name
        )));
    }
    if c.value("escape-tried") > 0 {
        return Err(Error::InvalidInput(format!("{} has already tried to break free this turn (once a turn)", c.name)));
    }
    let restrained = c.has(C_RESTRAINED);
    // One creature action, two from Restrained, read as AP (interpretation).
    let cost = if restrained { 2 } else { 1 };
    let grapplers: Vec<usize> = c.marks(GRAPPLED_BY).filter_map(|m| s.find(&m.name).ok()).collect();
    let (roll, mut terms) = maneuver_roll(s, act, grapplers.first().copied())?;
    let (against, base, known) = escape_defense(s, act, grapplers.first().copied())?;
    terms.extend(known);
    let (defense, t) = match grapplers.first() {
        Some(&g) => defense_total(&s.combatants[g], against, base, false)?,
        None => (base, Vec::new()),
    };
    terms.extend(t);
    let (free, t) = attack_lands(roll, defense, act.inputs.opt_int("natural")?)?;
    terms.extend(t);
    terms.push(Term::num(
        format!(
            "Breaking free: {cost} creature action(s), 1 AP each (interpretation){}",
            if restrained { ", Restrained" } else { "" }
        ),
        -cost,
        Some(if restrained { C_RESTRAINED } else { C_GRAPPLED.0 }),
    ));
    let paid = pay(s, who, cost, "breaking free")?;
    s.combatants[who].set("escape-tried", 1);
    let name = s.combatants[who].name.clone();
    let mut out = Outcome { lines: Vec::new(), terms };
    if free {
        for g in grapplers {
            part(s, g, who);
        }
        let c = &mut s.combatants[who];
        lose_condition(c, C_GRAPPLED.0);
        lose_condition(c, C_RESTRAINED);
        out.lines
            .push(format!("{name} breaks free: no longer Grappled{}", if restrained { " or Restrained" } else { "" }));
    } else {
        out.lines.push(format!("{name} fails to break free"));
    }
    out.lines.extend(paid.lines);
    out.terms.extend(paid.terms);
    Ok(out)
}

/// The grappler's defense an escape meets (line 347: STR against FORT or DEX against
/// REF): the one typed, or else the grappler's recorded FORT or REF (the one named, or
/// the lower: interpretation, the one breaking free picks what serves it).
fn escape_defense(s: &State, act: &Act<'_>, grappler: Option<usize>) -> Result<(&'static str, i64, Option<Term>)> {
    let named = act.inputs.choice("against")?;
    let against = |d: &str| if d == "fort" { "fort" } else { "ref" };
    if let Some(n) = act.inputs.opt_int("defense")? {
        return Ok((against(named.unwrap_or("ref")), n, None));
    }
    // A number the game master gives (as for an attack's unknown defense): a player's
    // action waits for it rather than being refused by whether the grappler's number is
    // set, which the table does not see (the sixth fresh-eyes attack).
    let Some(g) = grappler.map(|g| &*s.combatants[g]) else {
        return Err(Error::NeedsNumber(
            "Tome does not know who holds it: type the grappler's FORT or REF (--defense)".into(),
        ));
    };
    let which: Vec<&str> = named.map_or(vec!["fort", "ref"], |d| vec![against(d)]);
    let known: Vec<(&str, i64)> = which.iter().map(|d| (*d, g.stat(d))).filter(|(_, n)| *n > 0).collect();
    let Some((d, n)) = known.iter().copied().min_by_key(|(_, n)| *n) else {
        return Err(Error::NeedsNumber(format!(
            "Tome does not know {}'s {}: type the defense (--defense), or set its {} stat",
            g.name,
            which.iter().map(|d| d.to_uppercase()).collect::<Vec<_>>().join(" or "),
            which.join(" and ")
        )));
    };
    let d = against(d);
    let why = if known.len() == 2 { ", the lower (interpretation)" } else { "" };
    Ok((d, n, Some(Term::num(format!("{}'s {}{why}", g.name, d.to_uppercase()), n, None))))
}

pub(super) fn release(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let it = s.combatants[target].name.clone();
    if !s.combatants[who].marks(GRAPPLING).any(|m| m.name == it) {
        return Err(Error::InvalidInput(format!("{} is not grappling {it}", s.combatants[who].name)));
    }
    part(s, who, target);
    Ok(Outcome::line(format!("{} lets go of {it} (it costs nothing)", s.combatants[who].name)))
}
