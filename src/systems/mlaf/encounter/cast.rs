//! Casting a spell in a match: the `cast` action's parameters, what Tome looks up and
//! rolls for it before it is stored, and the cast itself. In order: the caster may still
//! cast (not drained, spells per match, one a turn), knows the spell, it is its moment
//! and in range, the target is the opposing caster; then the roll, SPP on success, the
//! failure's effect, and what the spell leaves on the pitch.

use std::collections::BTreeMap;

use rand::Rng;

use super::super::rules::{
    cast, check_range, check_window, evil_twin, fire_ball_landing, roster_spells, spell_detail, spells_per_match,
    CastOptions, Casting, Landing, Moment, SpellRef, Stadium, Throw, BLIZZARD, CASTING, CLAIRVOYANCE, COUNTERSPELL,
    EVIL_TWIN, FIRE_BALL, FORM_OF_MIST, LIBRARIAN, MAX_DISTANCE, MAX_ENEMY_TZ, MAX_LEVEL, PASS_READING, POWER_DRAIN,
    THROW_PARAM, TORMENTED_SOUL,
};
use super::match_clock::{self, get, TURNS};
use super::roster::{KNOWN, POSITION};
use super::stats::{casts, opponent, spells, CASTS, FROM_SHEET};
use super::{counter, effects, legacy};
use crate::encounters::{Act, Combatant, Facts, Mark, Outcome, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind, Term};
use crate::Kind;

pub(super) static CAST_PARAMS: &[Param] = &[
    Param {
        name: "spell",
        help: "The spell cast, by name or id (`Fire Ball`); checked against the spells the caster knows and the spell's moment. Interpretation: \"any time\" is during the team turns, the moment before the match counts as before its first kick-off, and \"at the start of a turn\" is checked by whose turn it is.",
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
        help: "The opposing spellcaster aimed at, by name, for Power Drain (left out: the other team's caster) or Counterspell (left out: a Magic Item card is countered); for Evil Twin, the caster in the match it falls on, whose own casting rolls then count its tackle zone (left out: a player Tome does not track). Interpretation: a Counterspell answers the last spell cast in the match, by that caster, in the same turn.",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
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
        name: "distance",
        help: "Squares from the caster to the target, checked against the spell's range (7, 5 or 3 squares; adjacent for Power Drain). Interpretation: ranges by the range ruler or the bolt template are not checked.",
        kind: ParamKind::Int { min: 1, max: MAX_DISTANCE },
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
    THROW_PARAM,
    Param {
        name: "scatter",
        help: "Fire Ball only: the scatter d8s of an inaccurate (three) or fumbled (one) throw, comma-separated; Tome rolls them when left out.",
        kind: ParamKind::IntList { min: 1, max: 8 },
        required: false,
        default: None,
    },
];

/// The fact holding the scatter d8s Tome rolled for a wrong throw.
const SCATTER: &str = "scatter-rolled";

/// Where a Fire Ball thrown as `--throw` says comes down (its d8s typed or rolled), by the
/// fire-ball-landing rule; `None` without a throw.
fn landing(act: &Act<'_>) -> Result<Option<(Landing, bool)>> {
    let Some(throw) = act.inputs.choice("throw")?.map(Throw::parse).transpose()? else {
        if act.inputs.text("scatter").is_some() {
            return Err(Error::InvalidInput("--scatter needs --throw (inaccurate or fumbled)".into()));
        }
        return Ok(None);
    };
    let (d8s, rolled) = match act.fact(SCATTER) {
        Some(f) if act.inputs.text("scatter").is_none() => {
            (f.split(',').filter(|x| !x.is_empty()).filter_map(|x| x.parse().ok()).collect(), true)
        }
        _ => (act.inputs.ints("scatter")?, false),
    };
    Ok(Some((fire_ball_landing(throw, &d8s)?, rolled)))
}

/// The fact naming the racial spell of the caster's position (empty: it has none).
const POSITION_SPELL: &str = "position-spell";

/// The spell's entry (id, name, target, list, range, failure), the caster's own racial
/// spell when the spell is racial and his position is known, and the d6 when it was not
/// typed, as facts.
pub(super) fn prepare(book: &dyn Rulebook, s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
    let mut facts = BTreeMap::new();
    let (spell, detail) = spell_detail(book, act.inputs.text("spell").unwrap_or_default())?;
    // A racial spell is checked against the caster's position: its own racial spell,
    // looked up now so the replay needs no content.
    let position = s.combatants.get(act.who()).and_then(|c| c.marks(POSITION).find_map(|m| m.id.clone()));
    if let (true, Some(id)) = (detail.list == "racial", position) {
        let own = roster_spells(book, &id, &[])?.racial;
        facts.insert(POSITION_SPELL.into(), own.unwrap_or_default());
    }
    facts.insert("spell-id".into(), spell.id);
    facts.insert("spell-name".into(), spell.name);
    facts.insert("spell-target".into(), spell.target.to_string());
    facts.insert("spell-list".into(), detail.list);
    for (key, value) in
        [("spell-range", detail.range), ("spell-restriction", detail.restriction), ("spell-failure", detail.failure)]
    {
        if let Some(v) = value {
            facts.insert(key.into(), v);
        }
    }
    let (roll, rolled) = match act.inputs.opt_int("roll")? {
        Some(r) => (r, false),
        None => (rng.random_range(1..=6), true),
    };
    facts.insert("roll".into(), roll.to_string());
    facts.insert("rolled".into(), rolled.to_string());
    // A wrong throw's scatter d8s, rolled now when not typed, so the replay rolls none.
    if let Some(throw) = act.inputs.choice("throw")?.map(Throw::parse).transpose()? {
        if act.inputs.text("scatter").is_none() {
            let d8s: Vec<String> = (0..throw.scatters()).map(|_| rng.random_range(1..=8).to_string()).collect();
            facts.insert(SCATTER.into(), d8s.join(","));
        }
    }
    Ok(facts)
}

/// Whether the caster may still cast at all: not drained, within his spells per match,
/// one spell a team turn, Librarian and Clairvoyance once a game.
fn may_cast(s: &State, me: usize, spell: &SpellRef, version: i64) -> Result<(i64, Vec<Term>)> {
    let c = &s.combatants[me];
    if c.value("drained") > 0 && !(spell.id == COUNTERSPELL && counter::drained_just_now(s, me)) {
        return Err(Error::InvalidInput(format!(
            "{} was Power Drained: no more spells for the rest of this match",
            c.name
        )));
    }
    if let Some(why) = effects::held_back(c, version) {
        return Err(Error::InvalidInput(format!("{} cannot cast: {why}", c.name)));
    }
    let (allowed, terms) = spells_per_match(c.stat("level").clamp(1, MAX_LEVEL))?;
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
    // Interpretation: "one spell per turn" counts team turns; before the match, at a
    // kick-off and after it only the spells per match limit casts.
    let in_turns = get(s, "phase") == TURNS || legacy_turns(s);
    if in_turns && c.marks(CASTS).any(|m| m.number("at") == get(s, "turns") && m.number("phase") == TURNS) {
        return Err(Error::InvalidInput(format!(
            "{} has already cast a spell this turn: one spell a turn at most, whatever the level",
            c.name
        )));
    }
    if (spell.id == LIBRARIAN || spell.id == CLAIRVOYANCE) && c.marks(CASTS).any(|m| m.id.as_deref() == Some(&spell.id))
    {
        return Err(Error::InvalidInput(format!("{} can be cast only once a game, at any level", spell.name)));
    }
    Ok((allowed, terms))
}

/// A match stored before Tome knew the phases has its casts in play from the start.
fn legacy_turns(s: &State) -> bool {
    get(s, "phase") == 0 && get(s, "turns") > 0
}

/// Whether the caster knows the spell. A racial spell is his only when it is his
/// position's (line 172), so it is refused while his position is unknown; the open spells
/// he learned are checked against his list when he has one (from the `roster` action or
/// his sheet), and taken on trust when he has none. Casts stored before the rules of
/// `version` 4 replay as they were made: they checked only a recorded roster.
fn knows(s: &State, me: usize, spell: &SpellRef, act: &Act<'_>, version: i64) -> Result<Option<String>> {
    let c = &s.combatants[me];
    let known: Vec<&Mark> = c.marks(KNOWN).filter(|m| version >= 4 || !m.flagged(FROM_SHEET)).collect();
    let listed = known.iter().any(|m| m.id.as_deref() == Some(spell.id.as_str()));
    let restriction = act.fact("spell-restriction").unwrap_or("its own race alone");
    if act.fact("spell-list") == Some("racial") {
        let own = act.fact(POSITION_SPELL);
        let position = c.marks(POSITION).next().map_or(String::new(), |p| format!(", a {},", p.name));
        match own {
            Some(id) if id == spell.id => return Ok(None),
            Some(_) => {
                return Err(Error::InvalidInput(format!(
                    "{} is a racial spell ({restriction}): {}{position} cannot cast it",
                    spell.name, c.name
                )))
            }
            // A roster recorded before Tome kept the position's id flags the racial spell.
            None if known.iter().any(|m| m.id.as_deref() == Some(spell.id.as_str()) && m.flagged("racial")) => {
                return Ok(None)
            }
            None if version >= 4 => {
                return Err(Error::InvalidInput(format!(
                    "{} is a racial spell ({restriction}) and {}'s position is not known: record it with `roster {} --position NAME`, or add the caster from his sheet",
                    spell.name, c.name, c.name
                )))
            }
            None if !known.is_empty() => {
                return Err(Error::InvalidInput(format!(
                    "{} is a racial spell ({restriction}): {} cannot cast it",
                    spell.name, c.name
                )))
            }
            None => {}
        }
    }
    if known.is_empty() {
        return Ok(Some(format!(
            "Interpretation: no spells known recorded for {} (`roster`, or a sheet), so the open spells he knows are taken on trust",
            c.name
        )));
    }
    if listed {
        return Ok(None);
    }
    let names: Vec<&str> = known.iter().map(|m| m.name.as_str()).collect();
    Err(Error::InvalidInput(format!(
        "{} does not know {}: {} knows {} (add learned ones with `roster`, or on his sheet)",
        c.name,
        spell.name,
        c.name,
        names.join(", ")
    )))
}

/// The caster an Evil Twin (or, `match-rules` 9 on, a Medusa's Gaze, Warpfire, Toad or
/// Tormented Soul) is cast on, when `--target` names one in the match: a success leaves
/// its effect on him (the Twin's tackle zone on his casting rolls, no cast while gazed,
/// blinded, a toad or Stunned). Himself he cannot name: the spell falls on him only as
/// the failure.
fn twin_target(s: &State, me: usize, spell: &SpellRef, act: &Act<'_>) -> Result<Option<usize>> {
    let Some(name) = act.inputs.text("target") else { return Ok(None) };
    let t = s.find(name)?;
    if t == me {
        let falls = if spell.id == TORMENTED_SOUL {
            "he goes down only when it fails"
        } else {
            "it falls on him only when it fails"
        };
        return Err(Error::InvalidInput(format!(
            "{} cannot cast {} on himself: {falls}; name the player it is cast on, or leave --target out for one Tome does not track",
            s.combatants[me].name, spell.name
        )));
    }
    Ok(Some(t))
}

/// Whether `--target` may name a caster in the match for this spell, by the rules of
/// `version`.
fn takes_a_caster(spell_id: &str, version: i64) -> bool {
    (spell_id == EVIL_TWIN && version >= 4)
        || (version >= 9 && (effects::ON_TARGET.contains(&spell_id) || spell_id == TORMENTED_SOUL))
}

/// What the d6 must show, in the document's own form ("needs 4+"): the faces that
/// succeed once the natural 1 and 6 are counted, never a target below 1 or above 6
/// ("needs -2+" was the modifiers' sum).
fn needs_words(faces: &[i64]) -> String {
    match faces {
        [] => "no d6 succeeds".into(),
        [1, 2, 3, 4, 5, 6] => "any d6 succeeds".into(),
        [first, ..] if faces.iter().copied().eq(*first..=6) => format!("needs {first}+"),
        _ => format!("needs {}", faces.iter().map(i64::to_string).collect::<Vec<_>>().join(" or ")),
    }
}

/// A parameter given for a spell it does not change is refused, naming the spells it is
/// for, rather than ignored with a note (a typed --opposing on a Fire Ball is a mistake).
fn refuse_what_does_not_apply(spell: &SpellRef, act: &Act<'_>, version: i64) -> Result<()> {
    let id = spell.id.as_str();
    let contest = id == POWER_DRAIN || id == COUNTERSPELL;
    let given = |name: &str| act.inputs.text(name).is_some();
    let misplaced = [
        ("opposing", act.inputs.flag("opposing") && id != FORM_OF_MIST, "Form of Mist"),
        ("stadium", given("stadium") && id != BLIZZARD, "Blizzard"),
        ("enemy-level", given("enemy-level") && !contest, "Power Drain and Counterspell"),
        (
            "target",
            given("target") && !contest && !takes_a_caster(id, version.max(4)),
            if version >= 9 {
                "Power Drain, Counterspell, Evil Twin, Medusa's Gaze, Warpfire, Toad and Tormented Soul"
            } else {
                "Power Drain, Counterspell and Evil Twin"
            },
        ),
        ("throw", given("throw") && id != FIRE_BALL, "Fire Ball"),
        ("scatter", given("scatter") && id != FIRE_BALL, "Fire Ball"),
    ];
    match misplaced.iter().find(|(_, wrong, _)| *wrong) {
        Some((name, _, for_what)) => Err(Error::InvalidInput(format!(
            "--{name} does not apply to {}: it is for {for_what} only; leave it out",
            spell.name
        ))),
        None => Ok(()),
    }
}

/// The opposing caster a Power Drain or Counterspell is aimed at, if in the match. A
/// Counterspell with no target and no enemy level (`match-rules` 9 on) answers the
/// opposing caster's spell when he has just cast one that it may counter (line 139);
/// otherwise a Magic Item card, as before.
fn aimed_at(s: &State, me: usize, spell: &SpellRef, act: &Act<'_>, version: i64) -> Result<Option<usize>> {
    let named = match act.inputs.text("target") {
        Some(t) => Some(s.find(t)?),
        None => None,
    };
    let contest = spell.id == POWER_DRAIN || spell.id == COUNTERSPELL;
    if let Some(t) = named {
        if !contest {
            return Ok(None);
        }
        let c = &s.combatants[me];
        if t == me || s.combatants[t].stat("team") == c.stat("team") {
            return Err(Error::InvalidInput(format!(
                "{} is aimed at the opposing spellcaster; {} is on {}'s own team",
                spell.name, s.combatants[t].name, c.name
            )));
        }
        return Ok(Some(t));
    }
    // Power Drain has one possible target: the other team's caster.
    if spell.id == POWER_DRAIN && act.inputs.opt_int("enemy-level")?.is_none() {
        return Ok(opponent(s, me));
    }
    if spell.id == COUNTERSPELL && version >= 9 && act.inputs.opt_int("enemy-level")?.is_none() {
        return Ok(opponent(s, me).filter(|&o| counter::last_cast(s, o).is_ok()));
    }
    Ok(None)
}

/// What a Fire Ball's throw did, in the log: where it came down and who is within its
/// nine squares; nothing of the throw when the cast failed (the ball went off in the
/// caster's square instead).
fn throw_words(caster: &str, l: &Landing, rolled: bool, success: bool) -> Vec<String> {
    if !success {
        return vec!["The cast failed, so there is no throw: the fire ball goes off in the caster's square".into()];
    }
    let dice = |how: &str| format!("{how}, d8 {}", if rolled { "rolled by Tome" } else { "typed" });
    let mut lines = vec![match l.throw {
        Throw::Accurate => "The fire ball lands on its target square".to_string(),
        Throw::Inaccurate => format!(
            "The throw is inaccurate: the fire ball scatters three times from the target square ({}) and lands {}",
            dice("as a pass would"),
            l.words
        ),
        Throw::Fumbled => format!(
            "The throw is fumbled: the fire ball bounces once from {caster}'s square ({}) and lands {}",
            dice("as a pass would"),
            l.words.replace("the caster's square", "his square")
        ),
    }];
    lines.push(
        "Every player in the square it lands on and the eight around it rolls a D6 against his AG (the fire-ball calculator)"
            .into(),
    );
    if l.caster_in_area {
        lines.push(format!("{caster} is within those nine squares and rolls too"));
    }
    if l.throw != Throw::Accurate {
        lines.push(PASS_READING.into());
    }
    lines
}

pub(super) fn run(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started("casting")?;
    let spell = SpellRef {
        id: act.fact("spell-id").unwrap_or_default().to_string(),
        name: act.fact("spell-name").unwrap_or_default().to_string(),
        target: act.fact_int("spell-target")?,
    };
    let roll = act.fact_int("roll")?;
    let rolled = act.fact("rolled") == Some("true");
    let me = act.who();
    super::off_pitch::check(&s.combatants[me], act)?;
    let version = super::rules_version(act);
    if version >= 7 {
        refuse_what_does_not_apply(&spell, act, version)?;
    }
    let thrown = landing(act)?;
    let checked = !legacy(act);
    let (allowed, limit_terms) = may_cast(s, me, &spell, version)?;
    let done = casts(&s.combatants[me]);
    let mut out = Outcome { lines: Vec::new(), terms: limit_terms };
    let team = s.combatants[me].stat("team");
    let moment = match_clock::moment(s, team);
    if checked {
        window_checks(s, me, &spell, act, moment, &mut out)?;
    }
    let target = if checked { aimed_at(s, me, &spell, act, version)? } else { None };
    let twin = if takes_a_caster(&spell.id, version) { twin_target(s, me, &spell, act)? } else { None };
    let countering = match (spell.id == COUNTERSPELL, target) {
        (true, Some(t)) => Some(counter::last_cast(s, t)?),
        _ => None,
    };
    counter::drained_may_answer(&s.combatants[me], countering)?;
    if let Some(d) = act.inputs.opt_int("distance")? {
        let term = check_range(&spell, act.fact("spell-range"), d)?;
        if term.value_text().contains("Interpretation") {
            out.lines.push(format!("{}: {}", term.label, term.value_text()));
        }
        out.terms.push(term);
    }
    let opts = cast_options(s, me, &spell, act, target, &mut out)?;
    let odds = cast(&spell, &opts)?;
    let success = odds.faces.contains(&roll);
    out.terms.extend(odds.terms.iter().cloned());
    out.terms.push(Term::num(format!("d6 {}", if rolled { "rolled by Tome" } else { "typed" }), roll, Some(CASTING)));
    let when = match moment {
        Moment::OwnTurn | Moment::OpponentsTurn => format!("{} ({})", moment.words(), match_clock::when(s)),
        other => other.words().to_string(),
    };
    let seq = get(s, "casts") + 1;
    s.values.insert("casts".into(), seq);
    let clock = [get(s, "turn"), get(s, "half").max(1), get(s, "turns"), get(s, "phase")];
    // What the cast came to, for the caster's phone (issue 56).
    s.came_to = Some(crate::encounters::CameTo {
        with_totals: format!(
            "d6 {roll}, {}: {}",
            needs_words(&odds.faces),
            if success { "it works" } else { "it fails" }
        ),
        without: if success { "It works" } else { "It fails" }.to_string(),
    });
    let c = &mut *s.combatants[me];
    out.lines.insert(
        0,
        format!(
            "{} casts {} {when}: {}, d6 {roll} ({}): {}",
            c.name,
            spell.name,
            needs_words(&odds.faces),
            if rolled { "rolled by Tome" } else { "typed" },
            if success { "it works" } else { "it fails" }
        ),
    );
    out.lines.extend(odds.warnings.iter().map(|w| format!("Note: {w}")));
    if success {
        c.set("spp-earned", c.value("spp-earned") + 1);
        out.lines.push(format!(
            "{} earns 1 SPP for the successful cast ({} this match)",
            c.name,
            c.value("spp-earned")
        ));
        out.terms.push(Term::num("Successful cast", 1, Some(CASTING)));
    } else if let Some(failure) = act.fact("spell-failure") {
        out.lines.push(format!("Failure: {failure}"));
    }
    if let Some((l, rolled)) = &thrown {
        out.lines.extend(throw_words(&c.name, l, *rolled, success));
        if success {
            out.terms.extend(l.terms.iter().cloned());
        }
    }
    if !success && super::rules_version(act) >= 6 {
        let moving = matches!(moment, Moment::OwnTurn);
        out.lines.extend(super::off_pitch::knocked_over(c, &spell.id, moving));
    }
    mark_cast(c, &spell, success, roll, &odds, clock, seq);
    out.lines.push(format!(
        "{} has cast {} of {} this match (interpretation: a failed roll uses a cast too)",
        c.name,
        spells(done + 1),
        allowed
    ));
    aftermath(s, me, act, &Done { spell: &spell, roll, success, seq, target, twin, countering }, &mut out);
    Ok(out)
}

/// A cast once rolled and marked, for what it does after.
struct Done<'a> {
    spell: &'a SpellRef,
    roll: i64,
    success: bool,
    seq: i64,
    target: Option<usize>,
    twin: Option<usize>,
    /// The spell a Counterspell answers: its caster and its cast's number.
    countering: Option<(usize, i64)>,
}

/// What the cast does to the others and leaves behind: a drained caster, a countered
/// spell, a stunned or missed twin, an effect that lasts.
fn aftermath(s: &mut State, me: usize, act: &Act<'_>, d: &Done<'_>, out: &mut Outcome) {
    let (spell, roll, success, seq) = (d.spell, d.roll, d.success, d.seq);
    if spell.id == POWER_DRAIN {
        power_drain(s, if success { d.target } else { Some(me) }, success, seq, out);
    }
    if let (Some((who, mark_seq)), true) = (d.countering, success) {
        out.lines.push(counter::counter(s, who, mark_seq, me));
    }
    if spell.id == COUNTERSPELL && act.inputs.text("target").is_none() {
        if let Some(t) = d.target {
            out.lines.push(format!(
                "Interpretation: with no --target, a Counterspell right after {}'s spell answers that spell, not a Magic Item card",
                s.combatants[t].name
            ));
        }
    }
    if let (Some(t), true) = (d.twin, success) {
        on_the_twin(s, t, spell, roll, seq, out);
    }
    if let Some(left) = effects::left_by(s, me, &spell.id, success, d.twin, roll) {
        out.lines.push(left.words.clone());
        out.terms.extend(left.terms);
        let holder = left.borne_by.unwrap_or(me);
        effects::keep(&mut s.combatants[holder], left.words, left.ends, left.borne_by.is_some(), seq);
    }
}

/// Whether the caster knows the spell and may cast it at this moment of the match.
fn window_checks(
    s: &State,
    me: usize,
    spell: &SpellRef,
    act: &Act<'_>,
    moment: Moment,
    out: &mut Outcome,
) -> Result<()> {
    if let Some(note) = knows(s, me, spell, act, super::rules_version(act))? {
        out.lines.push(note);
    }
    let (term, note) = check_window(spell, moment)?;
    out.terms.push(term);
    out.lines.extend(note.map(String::from));
    if !matches!(moment, Moment::OwnTurn | Moment::OpponentsTurn) {
        out.lines.push(
            "Interpretation: outside the team turns, only the spells per match limit casts (one a turn counts team turns)"
                .into(),
        );
    }
    Ok(())
}

/// What the casting roll is made with: the tackle zones (an Evil Twin's among them),
/// the levels of a contest, the stadium.
fn cast_options(
    s: &State,
    me: usize,
    spell: &SpellRef,
    act: &Act<'_>,
    target: Option<usize>,
    out: &mut Outcome,
) -> Result<CastOptions> {
    let enemy_level = match (act.inputs.opt_int("enemy-level")?, target) {
        // Refused whatever level is given, and the level not named: a refusal of only
        // the wrong levels would tell a player's phone the caster's level (the fifth
        // fresh-eyes attack).
        (Some(_), Some(t)) => {
            return Err(Error::InvalidInput(format!(
                "--enemy-level: {} is in the match, and the match holds its level; leave --enemy-level out",
                s.combatants[t].name
            )))
        }
        (Some(l), None) => Some(l),
        (None, Some(t)) => Some(s.combatants[t].stat("level")),
        (None, None) => None,
    };
    let contest = spell.id == POWER_DRAIN || spell.id == COUNTERSPELL;
    let mut enemy_tz = act.inputs.int("enemy-tz")?;
    if effects::own_tackle_zones(&s.combatants[me]) > 0 {
        let (tz, terms) = evil_twin(enemy_tz)?;
        out.lines.push(format!(
            "Evil Twin on {}: {tz} enemy tackle zones on the roll, {enemy_tz} of them real (Interpretation: casting is one of the actions the Twin hampers)",
            s.combatants[me].name
        ));
        out.terms.extend(terms);
        enemy_tz = tz.min(MAX_ENEMY_TZ);
    }
    Ok(CastOptions {
        enemy_tz,
        level: contest.then(|| s.combatants[me].stat("level")),
        enemy_level,
        opposing: act.inputs.flag("opposing"),
        stadium: match act.inputs.choice("stadium")? {
            Some("northmarks") => Some(Stadium::Northmarks),
            Some(_) => Some(Stadium::SouthernProvinces),
            None => None,
        },
    })
}

/// The cast in the caster's list: `clock` is the turn, half, team turns and phase.
fn mark_cast(c: &mut Combatant, spell: &SpellRef, success: bool, roll: i64, odds: &Casting, clock: [i64; 4], seq: i64) {
    let [turn, half, turns, phase] = clock;
    c.marks.push(Mark {
        list: CASTS.into(),
        name: spell.name.clone(),
        id: Some(spell.id.clone()),
        flags: vec![if success { "success" } else { "failure" }.into()],
        numbers: BTreeMap::from([
            ("roll".into(), roll),
            ("needs".into(), odds.needs),
            // The lowest face that succeeds (7: none does), for the list of casts.
            ("from".into(), odds.faces.first().copied().unwrap_or(7)),
            ("turn".into(), turn),
            ("half".into(), half),
            ("at".into(), turns),
            ("phase".into(), phase),
            ("seq".into(), seq),
        ]),
    });
}

/// Power Drain leaves the enemy caster (on a success) or the caster himself (on a
/// failure) with no more spells this match.
fn power_drain(s: &mut State, drained: Option<usize>, success: bool, seq: i64, out: &mut Outcome) {
    match drained {
        Some(i) => {
            s.combatants[i].set("drained", 1);
            if success {
                counter::drained_by(&mut s.combatants[i], seq);
            }
            out.lines.push(format!("{} can cast no more spells this match", s.combatants[i].name));
        }
        None => out.lines.push("The enemy caster is not in this encounter: mark them by hand".into()),
    }
}

/// What a successful spell aimed at another caster does to him at once.
fn on_the_twin(s: &mut State, t: usize, spell: &SpellRef, roll: i64, seq: i64, out: &mut Outcome) {
    if spell.id == TORMENTED_SOUL {
        out.lines.extend(super::off_pitch::stunned(&mut s.combatants[t], seq));
    }
    if spell.id == super::super::rules::TOAD && roll < effects::TOAD_LANDS {
        out.lines.push(format!(
            "The toad misses {}: the spell scatters {roll} times (the d6) and turns whoever stands where it lands into a toad (Interpretation: the cast's d6 is the toad roll, 4+ on the target); Tome tracks no other player",
            s.combatants[t].name
        ));
    }
}
