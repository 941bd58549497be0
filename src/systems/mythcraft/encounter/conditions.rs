//! Conditions on a MythCraft combatant: which it holds, what they add up to (with the
//! surprise rounds), and gaining or losing the ones the rules impose.

use crate::encounters::{ActiveCondition, Combatant, Duration};
use crate::systems::mythcraft::rules::{condition_effects, Effects};

/// Catching your Breath: no Death Points are gained while it lasts.
pub(super) const CATCHING_BREATH: &str = "catching your breath";
pub(super) const C_FATIGUED: &str = "mythcraft/condition/fatigued";
pub(super) const C_SUFFOCATING: &str = "mythcraft/condition/suffocating";
pub(super) const C_DAZED: (&str, &str) = ("mythcraft/condition/dazed", "Dazed");
pub(super) const C_STUNNED: (&str, &str) = ("mythcraft/condition/stunned", "Stunned");
pub(super) const C_UNCONSCIOUS: (&str, &str) = ("mythcraft/condition/unconscious", "Unconscious");
pub(super) const C_FATIGUED_REF: (&str, &str) = (C_FATIGUED, "Fatigued");
pub(super) const SURPRISE_PARTIAL: &str = "surprise-partial";
pub(super) const SURPRISE_COMPLETE: &str = "surprise-complete";

/// The last part of each condition's entry id (or its name, for a custom one).
pub(super) fn held(c: &Combatant) -> Vec<String> {
    c.conditions
        .iter()
        .map(|x| match &x.id {
            Some(id) => id.rsplit('/').next().unwrap_or(id).to_string(),
            None => crate::slug::slugify(&x.name),
        })
        .collect()
}

pub(super) fn effects(c: &Combatant) -> Effects {
    let held = held(c);
    let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
    let mut e = condition_effects(&slugs);
    // Surprised creatures lose the first round and fight at TD in the second; the
    // others have TA against them for both.
    match c.value("surprise-turns") {
        0 if c.has(SURPRISE_PARTIAL) => {
            e.lines.push("Surprised: no action this first round; no Reactive AP until it has acted".into());
            e.against.push("attacks against it have TA in the first two rounds (Surprise)".into());
            e.no_reactions = true;
        }
        1 if c.has(SURPRISE_PARTIAL) => {
            e.td += 1;
            e.lines.push("Surprised: 1 TD this second round".into());
            e.against.push("attacks against it have TA in the first two rounds (Surprise)".into());
        }
        _ => {}
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
