//! The events the tracker's changes make, built from the state they apply to and
//! nothing stored: what the encounter API stores ([`Tome::encounter_start`] and the
//! others), and what the rules fuzz target applies in memory
//! (`crate::fuzzing::encounter_rules`), so both make the same events.

use rand::rngs::StdRng;
use rand::SeedableRng;

use std::collections::BTreeMap;

use crate::encounters::{ConditionRef, Duration, EncounterRules, Event, NewCombatant, Pace, Roll, State, MAX_COUNT};
use crate::error::{Error, Result};
use crate::Tome;

/// Initiative: the rolls typed in are used, every other one (and every tie re-roll
/// needed) is rolled by Tome, from `seed` when given; the event holds them all, so its
/// replay never rolls.
///
/// # Errors
/// A typed roll for an unknown combatant, or one the system's die cannot make.
pub(crate) fn start_event(
    rules: &dyn EncounterRules,
    state: &State,
    typed: &[(String, i64)],
    typed_ties: &[(String, i64)],
    seed: Option<u64>,
) -> Result<Event> {
    if rules.pace() == Pace::Together {
        // No initiative: any roll typed is passed on, for the engine to refuse by name.
        let given = |list: &[(String, i64)]| -> Vec<Roll> {
            list.iter().map(|(n, v)| Roll { name: n.clone(), value: *v, rolled: false }).collect()
        };
        return Ok(Event::Start { rolls: given(typed), tie_rolls: given(typed_ties) });
    }
    let mut rng = seed.map_or_else(|| StdRng::from_rng(&mut rand::rng()), StdRng::seed_from_u64);
    let (dice, _) = rules.initiative_dice();
    let mut roll = || crate::dice::roll_spec(dice, &mut rng, 0).map(|r| r.total).unwrap_or(0);
    // Checked here, not only as the event applies: the order is worked out below
    // from the typed rolls before the event is made.
    for (name, value) in typed.iter().chain(typed_ties) {
        crate::encounters::check_die(rules, &state.combatants[state.find(name)?].name, *value)?;
    }
    // Those the rules keep out of the turn order (a minion, the dead) roll nothing.
    let rolling: Vec<&crate::encounters::Combatant> =
        state.combatants.iter().map(|c| &**c).filter(|c| rules.leaves_order(c).is_none()).collect();
    let rolls: Vec<Roll> = rolling
        .iter()
        .map(|c| match typed.iter().find(|(n, _)| n.eq_ignore_ascii_case(&c.name)) {
            Some((_, v)) => Roll { name: c.name.clone(), value: *v, rolled: false },
            None => Roll { name: c.name.clone(), value: roll(), rolled: true },
        })
        .collect();
    // Work out the order once with Tome rolling what a tie needs; the event then
    // holds every re-roll, so replaying it never rolls.
    let mut parties = Vec::new();
    for c in &rolling {
        let value = rolls.iter().find(|r| r.name == c.name).map_or(0, |r| r.value);
        parties.push((c.name.clone(), rules.initiative(c, value).0));
    }
    let mut given: Vec<(String, Vec<i64>)> = Vec::new();
    for (name, v) in typed_ties {
        match given.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            Some((_, list)) => list.push(*v),
            None => given.push((name.clone(), vec![*v])),
        }
    }
    let order = crate::rules::order::acting_order(&parties, &given, &mut roll);
    let tie_rolls =
        order.tie_rolls.iter().map(|t| Roll { name: t.name.clone(), value: t.value, rolled: t.rolled }).collect();
    Ok(Event::Start { rolls, tie_rolls })
}

/// `count` quick combatants called `name` ("Goblin" ×3 → Goblin 1, Goblin 2, Goblin 3),
/// each with `stats`.
///
/// # Errors
/// A count out of range.
pub(crate) fn quick_combatants(name: &str, count: i64, stats: BTreeMap<String, i64>) -> Result<Vec<NewCombatant>> {
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(Error::InvalidInput(format!("how many to add must be between 1 and {MAX_COUNT}, not {count}")));
    }
    Ok((1..=count)
        .map(|n| {
            let name = if count == 1 { name.trim().to_string() } else { format!("{} {n}", name.trim()) };
            NewCombatant::quick(name, stats.clone())
        })
        .collect())
}

/// Refuses combatants joining beyond what the rules take (a duel's two duelists),
/// naming who is already there, and a start with fewer than they need.
///
/// # Errors
/// Too many combatants for the rules.
pub(crate) fn check_room(rules: &dyn EncounterRules, state: &State, event: &Event) -> Result<()> {
    if let (Event::Start { .. }, Some((fewest, who))) = (event, rules.fewest_to_start()) {
        if state.combatants.len() < fewest {
            let there: Vec<&str> = state.combatants.iter().map(|c| c.name.as_str()).collect();
            return Err(Error::InvalidInput(format!(
                "these rules start with {fewest} {who}, and {} here{}: add the other before starting",
                state.combatants.len(),
                if there.is_empty() { " are".to_string() } else { format!(" is ({})", there.join(", ")) }
            )));
        }
    }
    let (Event::Add { combatants, .. }, Some((most, who))) = (event, rules.most_combatants()) else { return Ok(()) };
    if state.combatants.len() + combatants.len() <= most {
        return Ok(());
    }
    let there: Vec<&str> = state.combatants.iter().map(|c| c.name.as_str()).collect();
    let adding: Vec<&str> = combatants.iter().map(|c| c.name.as_str()).collect();
    Err(Error::InvalidInput(format!(
        "these rules take at most {most} {who}: adding {} makes {}{}",
        adding.join(", "),
        state.combatants.len() + combatants.len(),
        if there.is_empty() { String::new() } else { format!(" (already here: {})", there.join(", ")) }
    )))
}

/// A player's roll (`rolled`) said in the log as combatant `name`'s.
pub(crate) fn roll_event(name: &str, rolled: &crate::dice::DiceRoll, secret: bool) -> Event {
    Event::Roll {
        name: name.to_string(),
        dice: rolled.dice.clone(),
        text: rolled.text.clone(),
        total: rolled.total,
        secret,
    }
}

/// Combatants joining; once an initiative fight has started, each one's initiative is
/// rolled now by the system's dice (from `seed` when given) and kept in the event.
///
/// # Errors
/// Initiative dice Tome cannot roll.
pub(crate) fn join_event(
    rules: &dyn EncounterRules,
    state: &State,
    mut combatants: Vec<NewCombatant>,
    seed: Option<u64>,
) -> Result<Event> {
    for c in &mut combatants {
        c.name_changed_defaults(rules);
    }
    let mut rolls = Vec::new();
    if state.started() && rules.pace() == Pace::Initiative {
        let mut rng = seed.map_or_else(|| StdRng::from_rng(&mut rand::rng()), StdRng::seed_from_u64);
        let (dice, _) = rules.initiative_dice();
        for c in &combatants {
            let value = crate::dice::roll_spec(dice, &mut rng, 0).map_err(Error::InvalidInput)?.total;
            rolls.push(Roll { name: c.name.trim().to_string(), value, rolled: true });
        }
    }
    Ok(Event::Add { combatants, rolls })
}

impl Tome {
    /// A condition put on combatant `name` (or with `remove`, taken off): the system's
    /// reference entry by id, name or alias ("Bleeding (2)": the entry with its amount);
    /// a name the reference does not know only when `custom` or the rules keep it as
    /// their own.
    ///
    /// # Errors
    /// `not_found` for a name the reference does not know, with suggestions.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn condition_event(
        &self,
        system: &str,
        rules: &dyn EncounterRules,
        name: &str,
        condition: &str,
        duration: Duration,
        remove: bool,
        custom: bool,
    ) -> Result<Event> {
        if remove {
            return Ok(Event::RemoveCondition { name: name.to_string(), condition: condition.to_string() });
        }
        // "Bleeding (2)", "Burning (1d4)": the condition Bleeding with its amount, kept in
        // the name the tracker shows.
        let trimmed = condition.trim();
        let amount = trimmed
            .strip_suffix(')')
            .and_then(|t| t.rsplit_once('('))
            .map(|(base, amount)| (base.trim(), amount.trim()))
            .filter(|(base, amount)| !base.is_empty() && !amount.is_empty());
        let found = match self.condition_entry(system, trimmed)? {
            Some(found) => Some(found),
            None => amount.map(|(base, _)| self.condition_entry(system, base)).transpose()?.flatten(),
        };
        let reference = match found {
            // A state the rules keep as their own, named by an alias of a broader entry
            // (Ars Magica's "Unconscious", a Fatigue level): itself, linked to that entry.
            Some((id, name))
                if amount.is_none() && !name.eq_ignore_ascii_case(trimmed) && rules.own_condition(trimmed) =>
            {
                ConditionRef { id: Some(id), name: capitalised(trimmed) }
            }
            Some((id, name)) if name.eq_ignore_ascii_case(trimmed) || amount.is_none() => {
                ConditionRef { id: Some(id), name }
            }
            Some((id, name)) => ConditionRef { id: Some(id), name: format!("{name} ({})", amount.map_or("", |a| a.1)) },
            None if custom || rules.own_condition(trimmed) => ConditionRef { id: None, name: trimmed.to_string() },
            None => return Err(self.unknown_condition(system, trimmed)),
        };
        Ok(Event::AddCondition { name: name.to_string(), condition: reference, duration })
    }
}

/// A typed word with its first letter in capitals ("unconscious": "Unconscious").
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
