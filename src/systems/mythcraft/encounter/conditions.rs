//! Conditions on a MythCraft combatant: which it holds, what they add up to (with the
//! surprise rounds), and gaining or losing the ones the rules impose.

use crate::encounters::{ActiveCondition, Combatant, Duration, Outcome};
use crate::systems::mythcraft::rules::{condition_effects, Effects};

/// Catching your Breath, by its entry (or, typed without one, its name).
pub(super) const R_CATCHING_BREATH: &str = "mythcraft/rule/catching-your-breath";
pub(super) const C_FATIGUED: &str = "mythcraft/condition/fatigued";
pub(super) const C_SUFFOCATING: &str = "mythcraft/condition/suffocating";
pub(super) const C_DAZED: (&str, &str) = ("mythcraft/condition/dazed", "Dazed");
pub(super) const C_STUNNED: (&str, &str) = ("mythcraft/condition/stunned", "Stunned");
pub(super) const C_UNCONSCIOUS: (&str, &str) = ("mythcraft/condition/unconscious", "Unconscious");
pub(super) const C_FATIGUED_REF: (&str, &str) = (C_FATIGUED, "Fatigued");
pub(super) const C_BLEEDING: &str = "mythcraft/condition/bleeding";
pub(super) const SURPRISE_PARTIAL: &str = "surprise-partial";
pub(super) const SURPRISE_COMPLETE: &str = "surprise-complete";

/// The last part of each condition's entry id (or its name, for a custom one).
pub(super) fn held(c: &Combatant) -> Vec<String> {
    let mut out: Vec<String> = c
        .conditions
        .iter()
        .map(|x| match &x.id {
            Some(id) => id.rsplit('/').next().unwrap_or(id).to_string(),
            None => crate::slug::slugify(&x.name),
        })
        .collect();
    // Total Cover also Conceals (line 249).
    if c.value("total-cover") > 0 {
        out.push("concealed".into());
    }
    out
}

/// Whether it is Catching its Breath.
pub(super) fn catching_breath(c: &Combatant) -> bool {
    c.has(R_CATCHING_BREATH) || c.has("catching-your-breath") || c.has("catching your breath")
}

fn is_catching_breath(x: &ActiveCondition) -> bool {
    x.matches(R_CATCHING_BREATH) || x.matches("catching-your-breath") || x.matches("catching your breath")
}

/// The round of surprise a Partially Surprised creature is in: 0 before round 1 (the
/// attacker's surprise turn), then 1 and 2.
fn surprise_round(c: &Combatant) -> Option<i64> {
    c.has(SURPRISE_PARTIAL).then(|| c.value("surprise-round"))
}

/// Whether others have TA against it for surprise now: Partially Surprised, in the
/// first two rounds.
pub(super) fn surprised_now(c: &Combatant) -> bool {
    matches!(surprise_round(c), Some(1 | 2))
}

/// Whether it sits out this round for surprise: Partially Surprised, in round 1 (line
/// 432), so nothing it tries on its turn is for want of AP.
pub(super) fn sits_out(c: &Combatant) -> bool {
    matches!(surprise_round(c), Some(0 | 1))
}

/// Whether it may not react yet: surprised, until after its first turn with actions.
pub(super) fn unready(c: &Combatant) -> bool {
    c.has(SURPRISE_PARTIAL) && c.value("acted") == 0
}

pub(super) fn effects(c: &Combatant) -> Effects {
    let held = held(c);
    let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
    let mut e = condition_effects(&slugs);
    let against = "attacks against it from the unsurprised have TA in the first two rounds (Surprise)";
    match surprise_round(c) {
        Some(0) => e.lines.push(
            "Surprised: unaware during the surprise turn, no reactions [interpretation: the surprise turn is no round, so no TA or TD yet]"
                .into(),
        ),
        Some(1) => {
            e.lines.push("Surprised: no action this first round".into());
            e.against.push(against.into());
        }
        Some(2) => {
            e.td += 1;
            e.lines.push("Surprised: 1 TD this second round".into());
            e.against.push(against.into());
        }
        _ => {}
    }
    if unready(c) {
        e.no_reactions = true;
        e.lines.push("Surprised: no reactions and no Reactive AP kept until after its first turn with actions".into());
    }
    e
}

pub(super) fn gain_condition(c: &mut Combatant, (id, name): (&str, &str)) -> bool {
    if c.has(id) {
        return false;
    }
    c.conditions.push(ActiveCondition {
        id: Some(id.to_string()),
        name: name.to_string(),
        duration: Duration::UntilRemoved,
        remaining: None,
        expires_at: None,
    });
    true
}

pub(super) fn lose_condition(c: &mut Combatant, id: &str) -> bool {
    let before = c.conditions.len();
    c.conditions.retain(|x| !x.matches(id));
    c.conditions.len() != before
}

/// What a condition does as it is gained: Catching your Breath lifts a knock-out's
/// Dazed or Stunned and stops Bleeding (lines 207, 261).
pub(super) fn gained(c: &mut Combatant, x: &ActiveCondition) -> Outcome {
    let mut out = super::amounts::one_at_a_time(c, x);
    if is_catching_breath(x) {
        if c.value("knocked-out") > 0 {
            out.lines.extend(super::damage::recover_from_knockout(c, "Catching their Breath"));
        }
        if lose_condition(c, C_BLEEDING) {
            out.lines.push(format!("{} stops Bleeding (Catching their Breath)", c.name));
        }
    }
    out
}

/// A round begins: the Partially Surprised count it, and are no longer surprised once
/// the first two rounds are over.
pub(super) fn round_starts(s: &mut crate::encounters::State) -> Outcome {
    let mut out = Outcome::default();
    for c in &mut s.combatants {
        if !c.has(SURPRISE_PARTIAL) {
            continue;
        }
        let round = c.value("surprise-round") + 1;
        c.set("surprise-round", round.min(3));
        if round > 2 {
            lose_condition(c, SURPRISE_PARTIAL);
            out.lines.push(format!("{} is no longer surprised (the first two rounds are over)", c.name));
        }
    }
    out
}
