//! Casting a spell in a match: the `cast` action's parameters, what Tome looks up and
//! rolls for it before it is stored, and the cast itself, checked against the caster's
//! spells per match and the one-spell-a-turn rule, then rolled against its target.

use std::collections::BTreeMap;

use rand::Rng;

use super::super::rules::{
    cast, spell_ref, spells_per_match, CastOptions, SpellRef, Stadium, CASTING, CLAIRVOYANCE, COUNTERSPELL, LIBRARIAN,
    MAX_ENEMY_TZ, MAX_LEVEL, POWER_DRAIN,
};
use super::stats::{casts, spells, CASTS};
use crate::encounters::{Act, Mark, Outcome, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind, Term};
use crate::Kind;

pub(super) static CAST_PARAMS: &[Param] = &[
    Param {
        name: "spell",
        help: "The spell cast, by name or id (`Fire Ball`).",
        kind: ParamKind::Entry { kind: Kind::Spell },
        required: true,
        default: None,
    },
    Param {
        name: "roll",
        help: "The d6 the table rolled for the cast; Tome rolls it when left out.",
        kind: ParamKind::Int { min: 1, max: 6 },
        required: false,
        default: None,
    },
    Param {
        name: "enemy-tz",
        help: "Enemy tackle zones the caster stands in (each -1 on the roll).",
        kind: ParamKind::Int { min: 0, max: MAX_ENEMY_TZ },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "target",
        help: "The enemy spellcaster aimed at, by name, for Power Drain or Counterspell (their level counts, and a Power Drain that works stops them casting).",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "enemy-level",
        help: "The enemy caster's level, for Power Drain or Counterspell against a caster not in this encounter.",
        kind: ParamKind::Int { min: 1, max: MAX_LEVEL },
        required: false,
        default: None,
    },
    Param {
        name: "opposing",
        help: "Form of Mist cast on an opposing player (-1 on the roll).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "stadium",
        help: "Where a Blizzard is cast, if in one of the regions its text names.",
        kind: ParamKind::Choice { options: &["northmarks", "southern-provinces"] },
        required: false,
        default: None,
    },
];

/// The spell's entry (id, name, target) and the d6 when it was not typed, as facts.
pub(super) fn prepare(
    book: &dyn Rulebook,
    act: &Act<'_>,
    rng: &mut dyn rand::RngCore,
) -> Result<BTreeMap<String, String>> {
    let mut facts = BTreeMap::new();
    let spell = spell_ref(book, act.inputs.text("spell").unwrap_or_default())?;
    facts.insert("spell-id".into(), spell.id);
    facts.insert("spell-name".into(), spell.name);
    facts.insert("spell-target".into(), spell.target.to_string());
    let (roll, rolled) = match act.inputs.opt_int("roll")? {
        Some(r) => (r, false),
        None => (rng.random_range(1..=6), true),
    };
    facts.insert("roll".into(), roll.to_string());
    facts.insert("rolled".into(), rolled.to_string());
    Ok(facts)
}

pub(super) fn run(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started("casting")?;
    let turn = s.values.get("turns").copied().unwrap_or(1);
    let half = s.values.get("half").copied().unwrap_or(1);
    let spell = SpellRef {
        id: act.fact("spell-id").unwrap_or_default().to_string(),
        name: act.fact("spell-name").unwrap_or_default().to_string(),
        target: act.fact_int("spell-target")?,
    };
    let roll = act.fact_int("roll")?;
    let rolled = act.fact("rolled") == Some("true");
    let target = match act.inputs.text("target") {
        Some(t) => Some(s.find(t)?),
        None => None,
    };
    let me = act.who();
    let c = &s.combatants[me];
    if c.value("drained") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} was Power Drained: no more spells for the rest of this match",
            c.name
        )));
    }
    let (allowed, limit_terms) = spells_per_match(c.stat("level").clamp(1, MAX_LEVEL))?;
    let done = casts(c);
    if done >= allowed {
        return Err(Error::InvalidInput(format!(
            "{} is level {} and has already cast {} of the {} allowed in a match (one per level): {} is not cast",
            c.name,
            c.stat("level"),
            spells(done),
            spells(allowed),
            spell.name
        )));
    }
    if c.marks(CASTS).any(|m| m.number("turn") == turn) {
        return Err(Error::InvalidInput(format!(
            "{} has already cast a spell this turn: one spell a turn at most, whatever the level",
            c.name
        )));
    }
    if (spell.id == LIBRARIAN || spell.id == CLAIRVOYANCE) && c.marks(CASTS).any(|m| m.id.as_deref() == Some(&spell.id))
    {
        return Err(Error::InvalidInput(format!("{} can be cast only once a game, at any level", spell.name)));
    }
    let enemy_level = match (act.inputs.opt_int("enemy-level")?, target) {
        (Some(l), _) => Some(l),
        (None, Some(t)) if spell.id == POWER_DRAIN || spell.id == COUNTERSPELL => Some(s.combatants[t].stat("level")),
        _ => None,
    };
    let contest = spell.id == POWER_DRAIN || spell.id == COUNTERSPELL;
    let opts = CastOptions {
        enemy_tz: act.inputs.int("enemy-tz")?,
        level: contest.then(|| c.stat("level")),
        enemy_level,
        opposing: act.inputs.flag("opposing"),
        stadium: match act.inputs.choice("stadium")? {
            Some("northmarks") => Some(Stadium::Northmarks),
            Some(_) => Some(Stadium::SouthernProvinces),
            None => None,
        },
    };
    let odds = cast(&spell, &opts)?;
    let success = odds.faces.contains(&roll);
    let mut out = Outcome { lines: Vec::new(), terms: limit_terms };
    out.terms.extend(odds.terms);
    out.terms.push(Term::num(format!("d6 {}", if rolled { "rolled by Tome" } else { "typed" }), roll, Some(CASTING)));
    let c = &mut s.combatants[me];
    out.lines.push(format!(
        "{} casts {} (turn {turn} of half {half}): needs {}+, d6 {roll} ({}): {}",
        c.name,
        spell.name,
        odds.needs,
        if rolled { "rolled by Tome" } else { "typed" },
        if success { "it works" } else { "it fails" }
    ));
    out.lines.extend(odds.warnings.iter().map(|w| format!("Note: {w}")));
    if success {
        c.set("spp", c.value("spp") + 1);
        c.set("spp-earned", c.value("spp-earned") + 1);
        out.lines.push(format!(
            "{} earns 1 SPP for the successful cast ({} this match)",
            c.name,
            c.value("spp-earned")
        ));
        out.terms.push(Term::num("Successful cast", 1, Some(CASTING)));
    }
    c.marks.push(Mark {
        list: CASTS.into(),
        name: spell.name.clone(),
        id: Some(spell.id.clone()),
        flags: vec![if success { "success" } else { "failure" }.into()],
        numbers: BTreeMap::from([
            ("roll".into(), roll),
            ("needs".into(), odds.needs),
            ("turn".into(), turn),
            ("half".into(), half),
        ]),
    });
    out.lines.push(format!(
        "{} has cast {} of {} this match (interpretation: a failed roll uses a cast too)",
        c.name,
        spells(done + 1),
        allowed
    ));
    if spell.id == POWER_DRAIN {
        let drained = if success { target } else { Some(me) };
        match drained {
            Some(i) => {
                s.combatants[i].set("drained", 1);
                out.lines.push(format!("{} can cast no more spells this match", s.combatants[i].name));
            }
            None => out.lines.push("The enemy caster is not in this encounter: mark them by hand".into()),
        }
    }
    Ok(out)
}
