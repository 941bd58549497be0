//! Death Points: what gains and removes them, and death at 8.

use super::conditions::{catching_breath, C_FATIGUED};
use crate::encounters::{Combatant, Outcome};
use crate::rules::Term;
use crate::systems::mythcraft::rules::{death_points, DeathEvent, DEATH_AT, R_DYING};

/// Marks it dead. A corpse acts no more, so the AP it held (its turn's and its Reactive
/// AP) go with it: otherwise the end of the turn it died on would turn them into
/// Reactive AP it could spend out of turn, and a Dodge it made would keep guarding it.
pub(super) fn die(c: &mut Combatant) {
    c.set("dead", 1);
    c.set("ap", 0);
    c.set("reactive-ap", 0);
    c.set("dodging", 0);
}

/// Adds the Death Points `events` give (none while Catching your Breath), and death
/// at 8.
pub(super) fn gain(c: &mut Combatant, events: &[DeathEvent], why: &str, mut out: Outcome) -> Outcome {
    let catching = catching_breath(c);
    let start = c.value("death-points").clamp(0, DEATH_AT);
    match death_points(start, events, catching, c.has(C_FATIGUED)) {
        Ok(track) => {
            let gained = track.points - start;
            c.set("death-points", track.points);
            out.terms.extend(track.terms);
            if catching {
                out.lines.push(format!("{} is Catching their Breath: no Death Points from {why}", c.name));
            } else if gained > 0 {
                out.lines.push(format!(
                    "{} gains {gained} Death Point{} from {why} ({} of {DEATH_AT})",
                    c.name,
                    if gained == 1 { "" } else { "s" },
                    track.points
                ));
            }
            if track.dead {
                die(c);
                out.lines.push(format!("{} dies ({DEATH_AT} Death Points)", c.name));
                out.terms.push(Term::text("Death", format!("{DEATH_AT} Death Points"), Some(R_DYING)));
            }
        }
        Err(e) => out.lines.push(format!("{}: Death Points not worked out: {e}", c.name)),
    }
    out
}

/// The combatant suffers Fatigue: a Death Point and the Fatigued condition.
pub(super) fn fatigue(c: &mut Combatant) -> crate::error::Result<Outcome> {
    if c.value("dead") > 0 {
        return Err(crate::error::Error::InvalidInput(format!("{} is dead", c.name)));
    }
    let fresh = super::conditions::gain_condition(c, super::conditions::C_FATIGUED_REF);
    let mut out = gain(c, &[DeathEvent::Fatigue], "Fatigue", Outcome::default());
    if fresh {
        out.lines.push(format!("{} is Fatigued", c.name));
    }
    Ok(out)
}

const R_CONDITION_DYING: &str = "mythcraft/condition/dying";

/// What 0 HP means for a combatant, as the MC chose (line 309).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fate {
    Dies,
    Unconscious,
    DeathPoints,
}

pub(super) static FATES: &[&str] = &["dies", "unconscious", "death-points"];

pub(super) static FATE_PARAMS: &[crate::rules::Param] = &[crate::rules::Param {
    name: "fate",
    help: "What 0 HP does to it: dies, unconscious (falls Unconscious) or death-points (dying, as a hero). Left unchosen, an adventurer (a saved character, or `adventurer` 1) gets Death Points and anyone else dies (interpretation of \"typically… dies or falls unconscious\"); a creature left Unconscious at 0 HP dies at the next damage (interpretation).",
    kind: crate::rules::ParamKind::Choice { options: FATES },
    required: true,
    default: None,
}];

/// The combatant's fate at 0 HP: the MC's choice, else Death Points for an adventurer (a
/// saved character, or a quick one marked `adventurer`) and death for anyone else.
pub(super) fn fate(c: &Combatant) -> Fate {
    match c.value("at-zero-hp") {
        1 => Fate::Dies,
        2 => Fate::Unconscious,
        3 => Fate::DeathPoints,
        _ if c.character.is_some() || c.stat("adventurer") > 0 => Fate::DeathPoints,
        _ => Fate::Dies,
    }
}

/// The MC chooses what 0 HP does to this combatant.
pub(super) fn choose_fate(c: &mut Combatant, word: &str) -> crate::error::Result<Outcome> {
    let n = FATES.iter().position(|f| f.eq_ignore_ascii_case(word)).ok_or_else(|| {
        crate::error::Error::InvalidInput(format!("--fate must be one of {}, not `{word}`", FATES.join(", ")))
    })?;
    c.set("at-zero-hp", n as i64 + 1);
    let what = ["dies", "falls Unconscious", "is dying and gains Death Points, as a hero"][n];
    Ok(Outcome {
        lines: vec![format!("At 0 HP, {} {what} (the MC's choice)", c.name)],
        terms: vec![Term::text("At 0 HP", what, Some(R_CONDITION_DYING))],
    })
}

/// HP have just reached 0: death, unconsciousness or dying, by its fate.
pub(super) fn at_zero(c: &mut Combatant, mut out: Outcome) -> Outcome {
    match fate(c) {
        Fate::Dies => {
            die(c);
            let why =
                if c.value("at-zero-hp") == 0 { "a creature's usual end [interpretation]" } else { "the MC's choice" };
            out.lines.push(format!("{} dies at 0 HP ({why})", c.name));
            out.terms.push(Term::text("At 0 HP", "dies", Some(R_CONDITION_DYING)));
        }
        Fate::Unconscious => {
            super::conditions::gain_condition(c, super::conditions::C_UNCONSCIOUS);
            out.lines.push(format!("{} falls Unconscious at 0 HP (the MC's choice)", c.name));
            out.terms.push(Term::text("At 0 HP", "Unconscious", Some(R_CONDITION_DYING)));
        }
        Fate::DeathPoints => out.lines.push(format!("{} is dying: Death Points from now on", c.name)),
    }
    out
}

/// Damage at 0 HP to a combatant that does not use Death Points.
/// Interpretation: a creature left Unconscious at 0 HP dies when it is damaged again.
pub(super) fn hit_at_zero(c: &mut Combatant, mut out: Outcome) -> Outcome {
    if c.value("dead") == 0 {
        die(c);
        out.lines.push(format!("{} dies: damaged at 0 HP without Death Points [interpretation]", c.name));
        out.terms.push(Term::text("Damaged at 0 HP", "dies", Some(R_CONDITION_DYING)));
    }
    out
}

/// Recoup (−1 Death Point) or Rest (all), none while Fatigued; a Rest ends Fatigued
/// instead. Interpretation: this document prices neither, so they cost no AP here.
pub(super) fn recover(c: &mut Combatant, event: DeathEvent) -> crate::error::Result<Outcome> {
    if c.value("dead") > 0 {
        return Err(crate::error::Error::InvalidInput(format!("{} is dead", c.name)));
    }
    let start = c.value("death-points").clamp(0, DEATH_AT);
    let fatigued = c.has(C_FATIGUED);
    let track = death_points(start, &[event], catching_breath(c), fatigued)?;
    c.set("death-points", track.points);
    let what = if event == DeathEvent::Rest { "Rests" } else { "Recoups" };
    let mut out = Outcome {
        lines: vec![format!(
            "{} {what}: {} Death Points (was {start}; Interpretation: it costs no AP here)",
            c.name, track.points
        )],
        terms: track.terms,
    };
    if fatigued && !track.fatigued && super::conditions::lose_condition(c, C_FATIGUED) {
        out.lines.push(format!("{} is no longer Fatigued (if it ate and drank enough)", c.name));
    }
    Ok(out)
}

/// Catching your Breath, as a move (lines 172, 207, 261): it gains the condition, which
/// keeps Death Points off at the end of its turns at 0 HP, lifts a knock-out's Dazed or
/// Stunned and ends Bleeding ([`super::conditions::gained`]). Interpretation: this
/// document prices it nowhere, so it costs no AP here (the MC may spend them).
pub(super) fn catch_breath(c: &mut Combatant) -> crate::error::Result<Outcome> {
    if catching_breath(c) {
        return Err(crate::error::Error::InvalidInput(format!("{} is already Catching their Breath", c.name)));
    }
    let x = crate::encounters::ActiveCondition {
        id: Some(super::conditions::R_CATCHING_BREATH.into()),
        name: "Catching your Breath".into(),
        duration: crate::encounters::Duration::UntilRemoved,
        remaining: None,
        expires_at: None,
    };
    c.conditions.push(x.clone());
    let mut out = super::conditions::gained(c, &x);
    out.lines.insert(
        0,
        format!("{} is Catching their Breath: no Death Points at the end of its turns while it lasts", c.name),
    );
    Ok(out)
}
