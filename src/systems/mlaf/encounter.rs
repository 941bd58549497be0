//! MLAF in an encounter: a match. The combatants are the teams' spellcasters; the match
//! has halves and turns (no initiative: `next` is the next turn, either team's), and
//! each cast is checked against the caster's spells per match ([`spells_per_match`]:
//! one per level) and the one-spell-a-turn rule, then rolled against its target
//! ([`cast`]). A successful roll earns 1 SPP.
//!
//! The document does not say how many turns a half has, so Tome does not cap them; it
//! does not say whether a failed roll uses up one of the match's casts either, and Tome
//! counts it (both marked as interpretations where they show).

use std::collections::BTreeMap;

use rand::Rng;

use super::rules::{
    cast, spell_ref, spells_per_match, CastOptions, SpellRef, Stadium, CASTING, CLAIRVOYANCE, COUNTERSPELL, LIBRARIAN,
    MAX_ENEMY_TZ, MAX_LEVEL, POWER_DRAIN,
};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Act, Action, Combatant, EncounterRules, Mark, Outcome, Pace, StatSpec, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind, Term};
use crate::sheets::Derived;
use crate::Kind;

/// The most SPP a sheet holds (as the sheet's own field).
const SPP_MAX: i64 = 500;
const CASTS: &str = "casts";

static STATS: &[StatSpec] = &[
    StatSpec { key: "level", label: "Spellcaster level", aliases: &["lvl", "l"], min: 1, max: MAX_LEVEL, default: 1 },
    StatSpec {
        key: "spp",
        label: "SPP before the match",
        aliases: &["star-player-points"],
        min: 0,
        max: SPP_MAX,
        default: 0,
    },
];

static CAST_PARAMS: &[Param] = &[
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

static ACTIONS: &[Action] = &[
    Action {
        name: "cast",
        summary: "A spellcaster casts a spell: checked against the match's limit, rolled, SPP on success",
        combatant: true,
        params: CAST_PARAMS,
        rule: Some(CASTING),
    },
    Action {
        name: "half",
        summary: "Halftime: the second half begins at its first turn",
        combatant: false,
        params: &[],
        rule: None,
    },
];

/// MLAF's encounter rules: a match.
pub struct Rules;

fn casts(c: &Combatant) -> i64 {
    c.marks(CASTS).count() as i64
}

fn limit(c: &Combatant) -> i64 {
    spells_per_match(c.stat("level").clamp(1, MAX_LEVEL)).map_or(1, |(n, _)| n)
}

fn spells(n: i64) -> String {
    if n == 1 {
        "1 spell".into()
    } else {
        format!("{n} spells")
    }
}

impl Rules {
    fn cast(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
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
        if (spell.id == LIBRARIAN || spell.id == CLAIRVOYANCE)
            && c.marks(CASTS).any(|m| m.id.as_deref() == Some(&spell.id))
        {
            return Err(Error::InvalidInput(format!("{} can be cast only once a game, at any level", spell.name)));
        }
        let enemy_level = match (act.inputs.opt_int("enemy-level")?, target) {
            (Some(l), _) => Some(l),
            (None, Some(t)) if spell.id == POWER_DRAIN || spell.id == COUNTERSPELL => {
                Some(s.combatants[t].stat("level"))
            }
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
        out.terms.push(Term::num(
            format!("d6 {}", if rolled { "rolled by Tome" } else { "typed" }),
            roll,
            Some(CASTING),
        ));
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
}

impl EncounterRules for Rules {
    fn stats(&self) -> &'static [StatSpec] {
        STATS
    }

    fn stats_from_sheet(&self, c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        for key in ["level", "spp"] {
            if let Some(SheetValue::Int(n)) = c.values.get(key) {
                out.insert(key.to_string(), *n);
            }
        }
        out
    }

    fn join(&self, c: &mut Combatant) {
        c.set("spp", c.stat("spp"));
        c.set("spp-earned", 0);
        c.set("drained", 0);
    }

    fn pace(&self) -> Pace {
        Pace::Together
    }

    fn next_step(&self) -> Option<&'static str> {
        Some("Next team turn")
    }

    /// The next turn of the match (either team's): a caster may cast again.
    fn advance(&self, s: &mut State) -> Result<Outcome> {
        let turn = s.values.get("turn").copied().unwrap_or(1) + 1;
        s.values.insert("turn".into(), turn);
        s.values.insert("turns".into(), s.values.get("turns").copied().unwrap_or(1) + 1);
        let half = s.values.get("half").copied().unwrap_or(1);
        s.round = turn;
        Ok(Outcome::line(format!(
            "Turn {turn} of half {half} (interpretation: the document sets no number of turns, so Tome counts without a cap)"
        )))
    }

    fn start_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    fn end_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    fn damage(&self, c: &mut Combatant, _amount: i64, _kind: Option<&str>) -> Result<Outcome> {
        Err(Error::InvalidInput(format!(
            "MLAF tracks {}'s spells and SPP, not damage: injuries go by the Blood Bowl rules",
            c.name
        )))
    }

    fn heal(&self, c: &mut Combatant, _amount: i64) -> Result<Outcome> {
        Err(Error::InvalidInput(format!("MLAF tracks {}'s spells and SPP, not healing", c.name)))
    }

    fn actions(&self) -> &'static [Action] {
        ACTIONS
    }

    fn prepare(
        &self,
        book: &dyn Rulebook,
        _s: &State,
        act: &Act<'_>,
        rng: &mut dyn rand::RngCore,
    ) -> Result<BTreeMap<String, String>> {
        let mut facts = BTreeMap::new();
        if act.action.name != "cast" {
            return Ok(facts);
        }
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

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        match act.action.name {
            "cast" => self.cast(s, act),
            "half" => {
                s.require_started("halftime")?;
                let half = s.values.get("half").copied().unwrap_or(1);
                if half >= 2 {
                    return Err(Error::InvalidInput("the second half is already being played".into()));
                }
                s.values.insert("half".into(), 2);
                s.values.insert("turn".into(), 1);
                s.values.insert("turns".into(), s.values.get("turns").copied().unwrap_or(1) + 1);
                s.round = 1;
                Ok(Outcome::line("Halftime: the second half begins, turn 1"))
            }
            other => Err(Error::InvalidInput(format!("MLAF has no {other} action"))),
        }
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        let allowed = limit(c);
        m.insert("level".into(), c.stat("level").into());
        m.insert("spells_per_match".into(), allowed.into());
        m.insert("spells_cast".into(), casts(c).into());
        m.insert("spells_left".into(), (allowed - casts(c)).max(0).into());
        m.insert("spp".into(), c.value("spp").into());
        m.insert("spp_earned".into(), c.value("spp-earned").into());
        m.insert("drained".into(), (c.value("drained") > 0).into());
        let list: Vec<serde_json::Value> = c
            .marks(CASTS)
            .map(|x| {
                let result = if x.flagged("success") { "works" } else { "fails" };
                format!(
                    "{}: d6 {} against {}+, {result} (half {}, turn {})",
                    x.name,
                    x.number("roll"),
                    x.number("needs"),
                    x.number("half"),
                    x.number("turn")
                )
                .into()
            })
            .collect();
        m.insert("casts".into(), list.into());
        m
    }

    fn view_encounter(&self, s: &State) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        if s.started() {
            m.insert("half".into(), s.values.get("half").copied().unwrap_or(1).into());
            m.insert("turn".into(), s.values.get("turn").copied().unwrap_or(1).into());
        }
        m
    }

    /// The SPP the caster ends the match with.
    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        BTreeMap::from([("spp".to_string(), c.value("spp"))])
    }
}
