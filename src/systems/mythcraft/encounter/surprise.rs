//! Declaring a surprise before the fight (lines 419-428): the game master answers the
//! two questions that make a surprise complete, names who is caught, and Tome puts the
//! conditions on: the attacker's single turn of a complete surprise, and the victims'
//! Partial Surprise that follows it.

use super::conditions::{gain_condition, lose_condition, C_UNCONSCIOUS, SURPRISE_COMPLETE, SURPRISE_PARTIAL};
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::mythcraft::rules::{complete_surprise, surprise_contests, C_UNSEEN};

const COMPLETE: (&str, &str) = ("mythcraft/condition/surprise-complete", "Surprise (Complete)");
const PARTIAL: (&str, &str) = ("mythcraft/condition/surprise-partial", "Surprise (Partial)");

const YES_NO: &[&str] = &["yes", "no"];

pub(super) static PARAMS: &[Param] = &[
    Param {
        name: "victims",
        help: "Who is caught by surprise, by name: the target and its allies.",
        kind: ParamKind::Listed { list: crate::rules::Listed::SomeCombatants },
        required: true,
        default: None,
    },
    Param {
        name: "unaware",
        help: "Whether the target neither perceives the attacker nor knows it is there.",
        kind: ParamKind::Choice { options: YES_NO },
        required: true,
        default: None,
    },
    Param {
        name: "alert",
        help: "Whether the target is on its guard: an alarm raised, or already in a fight, even with someone else.",
        kind: ParamKind::Choice { options: YES_NO },
        required: true,
        default: None,
    },
];

/// The attacker (`act.who`) springs a surprise on the victims, before initiative: a
/// complete one gives it its single turn first, and the victims, unaware through that
/// turn, are Partially Surprised from round 1 as the document says they are once they
/// survive it. Otherwise the victims are only Partially Surprised.
///
/// Interpretation: a surprise the two questions do not make complete is still a
/// surprise the game master declared, so its victims are Partially Surprised.
pub(super) fn declare(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    if s.started() {
        return Err(Error::InvalidInput(
            "a surprise is declared before initiative is rolled (`start`): the fight has begun".into(),
        ));
    }
    let me = act.who();
    let mut victims = Vec::new();
    for name in act.inputs.names("victims")? {
        let i = s.find(name)?;
        if i == me {
            return Err(Error::InvalidInput(format!("{} cannot surprise itself", s.combatants[me].name)));
        }
        if !victims.contains(&i) {
            victims.push(i);
        }
    }
    if victims.is_empty() {
        return Err(Error::InvalidInput("name at least one victim of the surprise".into()));
    }
    let yes = |name: &str| -> Result<bool> { Ok(act.inputs.choice(name)? == Some("yes")) };
    let (complete, terms) = complete_surprise(yes("unaware")?, yes("alert")?);
    let mut out = Outcome { lines: Vec::new(), terms };
    let attacker = s.combatants[me].name.clone();
    lose_condition(&mut s.combatants[me], SURPRISE_PARTIAL);
    lose_condition(&mut s.combatants[me], SURPRISE_COMPLETE);
    if complete {
        gain_condition(&mut s.combatants[me], COMPLETE);
        out.lines
            .push(format!("{attacker} strikes with complete surprise: a single turn with double AP before round 1"));
    } else {
        out.lines.push(format!("Not a complete surprise ({}): no turn before round 1", why_not(act)?));
    }
    for &i in &victims {
        let c = &mut s.combatants[i];
        lose_condition(c, SURPRISE_COMPLETE);
        lose_condition(c, SURPRISE_PARTIAL);
        gain_condition(c, PARTIAL);
        c.set("surprise-round", 0);
        c.set("acted", 0);
        out.lines.push(if complete {
            format!("{} is caught unaware: no reactions in the surprise turn, then Partially Surprised", c.name)
        } else {
            format!("{} is Partially Surprised", c.name)
        });
    }
    Ok(out)
}

fn why_not(act: &Act<'_>) -> Result<&'static str> {
    Ok(match (act.inputs.choice("unaware")?, act.inputs.choice("alert")?) {
        (Some("no"), Some("yes")) => "the target knew of the attacker and was on alert",
        (Some("no"), _) => "the target knew of the attacker",
        _ => "the target was on alert",
    })
}

/// The contests after a complete surprise (line 428), with the `surprise-contests`
/// calculator's parameters: the attacker's DEX check, each ally's AWR check and distance.
pub(super) static CONTEST_PARAMS: &[Param] = crate::systems::mythcraft::rules::CONTEST_PARAMS;

/// Line 428: the Unseen attacker of a complete surprise has downed its victim (0 HP or
/// Unconscious); the victim's allies within 30 ft check AWR against its DEX, as the
/// `surprise-contests` calculator works out. If the attacker wins them all, it stays
/// Unseen and combat does not begin: the tracker goes back to before initiative
/// (interpretation), with no one surprised, so the game master may declare another
/// surprise or `start` when the fight begins. Otherwise the fight goes on as rolled, the
/// victims Partially Surprised (interpretation: the initiative Tome rolled at `start`
/// is the one the document has rolled now).
pub(super) fn contests(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let attacker = s.combatants[me].name.clone();
    if !s.combatants[me].has(SURPRISE_COMPLETE) || s.current() != Some(attacker.as_str()) {
        return Err(Error::InvalidInput(format!(
            "the contests follow a complete surprise, in the attacker's surprise turn: {attacker} is not taking one"
        )));
    }
    if !s.combatants[me].has(C_UNSEEN) {
        return Err(Error::InvalidInput(format!(
            "{attacker} is not Unseen, so no contests are made: combat begins as rolled, the victims Partially Surprised"
        )));
    }
    let downed: Vec<String> = s
        .combatants
        .iter()
        .filter(|c| c.has(SURPRISE_PARTIAL) && (c.value("hp") <= 0 || c.has(C_UNCONSCIOUS.0)))
        .map(|c| c.name.clone())
        .collect();
    if downed.is_empty() {
        return Err(Error::InvalidInput(format!(
            "no victim of {attacker}'s surprise is at 0 HP or Unconscious, so no contests are made: combat begins as rolled"
        )));
    }
    let mut allies = Vec::new();
    for (name, v) in act.inputs.named("allies")? {
        let i = s.find(&name)?;
        if i == me {
            return Err(Error::InvalidInput(format!(
                "--allies: {attacker} is the attacker, not one of the victim's allies"
            )));
        }
        allies.push((s.combatants[i].name.clone(), v[0]));
    }
    let mut distances = Vec::new();
    for (name, v) in act.inputs.named("distances")? {
        let i = s.find(&name)?;
        distances.push((s.combatants[i].name.clone(), v[0]));
    }
    let c = surprise_contests(act.inputs.int("dex")?, &allies, &distances)?;
    let mut out = Outcome { lines: Vec::new(), terms: c.terms };
    out.lines.push(format!(
        "After {attacker}'s complete surprise downs {}: the allies within 30 ft contest it",
        downed.join(", ")
    ));
    if !c.out_of_range.is_empty() {
        out.lines.push(format!("Too far to check (beyond 30 ft): {}", c.out_of_range.join(", ")));
    }
    if c.hidden {
        out.lines.push(format!("{attacker} wins every contest: it stays Unseen and combat does not begin"));
        for x in &mut s.combatants {
            lose_condition(x, SURPRISE_PARTIAL);
            lose_condition(x, SURPRISE_COMPLETE);
            x.set("surprise-round", 0);
        }
        s.back_before_start();
        out.lines.push(
            "Interpretation: the tracker goes back to before initiative, no one surprised; declare another surprise, or `start` when the fight begins"
                .into(),
        );
    } else {
        out.lines.push(format!(
            "Noticed by {}: combat begins; the surprised stay Partially Surprised (interpretation: the initiative rolled at the start stands)",
            c.noticed_by.join(", ")
        ));
    }
    Ok(out)
}
