//! The phones' log (issue 71): the fight's own log as the table sees it. Each event in
//! force is said as the change it made to the board the table is shown (who acted on
//! whom, what the board shows changed), worked out by replaying the fight event by event;
//! an undone event is not in force, so its lines leave the phones, and one redone comes
//! back. A line naming a combatant the table does not see now is left out, so a
//! combatant hidden again takes its lines with it and one revealed brings them as the
//! board showed them; a combatant down or dead is still seen, and its lines stay.
//!
//! What was worked out is kept ([`TableLog`]): a change adds the lines of its own event,
//! and only an undo or an event changed under the kept ones replays the fight again.

use super::encounters::{players_board, Audience};
use crate::encounters::{EncounterRules, Event, State};
use crate::error::Result;
use crate::Tome;

/// How many lines the phones are sent, the newest kept.
pub const TABLE_LOG_KEPT: usize = 60;

/// One line of the phones' log, with the combatants it names.
type Line = (Vec<String>, String);

/// The phones' log of one fight as last worked out: the events in force, the lines each
/// made, and the fight after the last of them.
#[derive(Default)]
pub struct TableLog {
    /// The fight (number and name: a deleted one's number reused starts afresh).
    fight: Option<(i64, String)>,
    events: Vec<(i64, Event)>,
    lines: Vec<Vec<Line>>,
    /// The fight after `events`, and its board.
    state: Option<(State, crate::api::PlayerView)>,
}

impl Tome {
    /// The phones' log of encounter `id`, oldest first (the newest [`TABLE_LOG_KEPT`]):
    /// the fight's log as the table sees it now, worked out from `kept` where it still
    /// holds.
    ///
    /// # Errors
    /// No such encounter; a stored event that no longer applies.
    pub fn table_log(&self, id: i64, kept: &mut TableLog) -> Result<Vec<String>> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let mut events = self.db.encounter_events_between(row.id, 0, row.head)?;
        self.upgrade_older_adds(&row, rules, 1, &mut events)?;
        let fight = Some((row.id, row.name.clone()));
        if kept.fight != fight {
            *kept = TableLog { fight, ..TableLog::default() };
        }
        // The events kept that are still in force, as they were.
        let same = kept.events.iter().zip(&events).take_while(|(a, b)| a == b).count();
        if same < kept.events.len() {
            kept.events.truncate(same);
            kept.lines.truncate(same);
            kept.state = None;
        }
        let sheet = |cid| self.sheet_stats(rules, &row.system, cid);
        let (mut state, mut board) = match kept.state.take() {
            Some(kept) => kept,
            None => {
                let mut state = State::new(&row.system);
                state.resume(rules, &events[..same], &sheet)?;
                let board = players_board(&row, rules, &state, Audience::Table);
                (state, board)
            }
        };
        for event in &events[same..] {
            state.resume(rules, std::slice::from_ref(event), &sheet)?;
            let after = players_board(&row, rules, &state, Audience::Table);
            let mut said: Vec<Line> = self.acted(rules, &state, &event.1, row.table_totals)?.into_iter().collect();
            said.extend(changes(&board, &after));
            kept.events.push(event.clone());
            kept.lines.push(said);
            board = after;
        }
        // Who the table does not see now: their lines are left out.
        let hidden: Vec<&str> = state.combatants.iter().filter(|c| c.hidden).map(|c| c.name.as_str()).collect();
        let mut shown: Vec<String> = std::iter::once(format!("The table follows {}", row.name))
            .chain(
                kept.lines
                    .iter()
                    .flatten()
                    .filter(|(names, _)| !names.iter().any(|n| hidden.contains(&n.as_str())))
                    .map(|(_, line)| line.clone()),
            )
            .collect();
        kept.state = Some((state, board));
        let from = shown.len().saturating_sub(TABLE_LOG_KEPT);
        Ok(shown.split_off(from))
    }

    /// What an action says at the table before the board's changes: "Vex: Attack with
    /// Short sword → Goblin 1: a hit", its actor and the combatants picked for it, named
    /// as the player's phone names it (the sheet's own attack, or the system's word), and
    /// what it came to (`state` is the fight just after it; with the defenders' totals
    /// where the table is shown them, `totals`). What it came to is said for a player's
    /// character only: a game master's creature's would tell its numbers. Nothing when
    /// its actor is not seen.
    pub(super) fn acted(
        &self,
        rules: &dyn EncounterRules,
        state: &State,
        event: &Event,
        totals: bool,
    ) -> Result<Option<Line>> {
        let Event::Act { action, name: Some(actor), inputs, .. } = event else { return Ok(None) };
        let Some(me) = state.combatants.iter().find(|c| &c.name == actor) else { return Ok(None) };
        let Some(spec) = rules.actions().iter().find(|a| a.name == action) else { return Ok(None) };
        if me.hidden {
            return Ok(None);
        }
        let made = self
            .sheet_made_for(rules, me)?
            .into_iter()
            .find(|m| m.action == spec.name && m.preset.iter().all(|(k, v)| inputs.get(k).is_some_and(|x| x == v)));
        let named = match made {
            Some(m) => m.label,
            // The choice that decides the maneuver names it ("Trip", not "Trip, disarm or
            // grab"): the one the player's form asks first.
            None => asked_choice(rules, spec, inputs)
                .unwrap_or_else(|| super::proposals::action_name(rules, spec.name, None)),
        };
        // One the table does not see, named where the action lets a name be left out
        // (who cast the State an Amtgard player bears), is left out: the line reads as if
        // no one were named, so it says nothing of a hidden one (issue 71's attack: the
        // line went and its board change stayed). One the action cannot go without (its
        // target) keeps the line off the phones, as a hidden actor does.
        let hidden = |n: &str| state.combatants.iter().any(|c| c.hidden && c.name == n);
        let picked = super::proposals::picked_names_where(spec, inputs, |p, n| p.required || !hidden(n));
        let mut line = if picked.is_empty() {
            format!("{actor}: {named}")
        } else {
            format!("{actor}: {named} → {}", picked.join(", "))
        };
        if let Some(came) = state.came_to.as_ref().filter(|_| me.character.is_some()) {
            let came = if totals { came.with_totals.clone() } else { lowercase_first(&came.without) };
            line.push_str(&format!(": {came}"));
        }
        Ok(Some((std::iter::once(actor.clone()).chain(picked).collect(), line)))
    }
}

/// The player's answer to the choice that decides action `spec` (the one its form asks
/// first, as Ars Magica's "What you try"), as the table says it.
fn asked_choice(
    rules: &dyn EncounterRules,
    spec: &crate::encounters::Action,
    inputs: &std::collections::BTreeMap<String, String>,
) -> Option<String> {
    let p = spec.params.iter().find(|p| rules.players_option(spec.name, p.name).is_some_and(|w| w.asked))?;
    let v = inputs.get(p.name).map(|v| v.trim()).filter(|v| !v.is_empty())?;
    Some(match p.kind {
        crate::rules::ParamKind::Choice { .. } => crate::rules::key_label(v),
        _ => v.to_string(),
    })
}

/// "A hit" as it reads after a colon: "a hit".
fn lowercase_first(text: &str) -> String {
    let mut c = text.chars();
    c.next().map(|f| f.to_lowercase().chain(c).collect()).unwrap_or_default()
}

/// What changed from board `before` to board `after` of the same fight, as the table saw it.
/// Each line comes with the combatant it is about, if one. A combatant that leaves the
/// board says nothing.
fn changes(before: &crate::api::PlayerView, after: &crate::api::PlayerView) -> Vec<Line> {
    let mut said = Vec::new();
    let turn = |v: &crate::api::PlayerView| (v.round, v.current.clone(), v.hidden_turn);
    // Whose turn it is, when the table sees whose: a hidden turn leaves no line, so the log
    // reads the same whether hidden combatants took turns between.
    let turn_line =
        (turn(before) != turn(after) && after.round > 0 && !after.hidden_turn).then(|| match &after.whose {
            Some(whose) => {
                (after.current.clone().into_iter().collect(), format!("Round {}: {whose} turn", after.round))
            }
            None => (Vec::new(), format!("Round {}", after.round)),
        });
    // What changed on the board before that turn began (the turn that ended, the round's
    // start) comes before its line, and what its start did to the one whose turn it is
    // after: with a hidden turn between, the two come in two steps, and the log must read
    // the same whether one came between or not (the generated two-table test: "Quimby:
    // −Prone" after "Round 2" told of a hidden combatant acting after Quimby).
    let starting = turn_line.as_ref().and(after.current.as_deref());
    let mut started = Vec::new();
    for c in &after.combatants {
        let about = vec![c.name.clone()];
        let line = match before.combatants.iter().find(|b| b.name == c.name) {
            None => Some(format!("{} joins the fight", c.name)),
            Some(b) => combatant_change(b, c),
        };
        match line {
            Some(line) if starting == Some(c.name.as_str()) => started.push((about, line)),
            Some(line) => said.push((about, line)),
            None => {}
        }
    }
    said.extend(turn_line);
    said.extend(started);
    // The open rolls shown are the latest few: those not shown before are new.
    let mut old = before.rolls.clone();
    for roll in &after.rolls {
        match old.iter().position(|r| r == roll) {
            Some(at) => {
                old.remove(at);
            }
            None => {
                let who = after.combatants.iter().find(|c| roll.starts_with(&format!("{} rolled", c.name)));
                said.push((who.map(|c| c.name.clone()).into_iter().collect(), roll.clone()));
            }
        }
    }
    said
}

/// How one combatant's line on the board changed ("Goblin 1: Bloodied, +Prone").
fn combatant_change(before: &crate::api::PlayerCombatant, after: &crate::api::PlayerCombatant) -> Option<String> {
    let names = |c: &crate::api::PlayerCombatant| c.conditions.iter().map(|x| x.name.clone()).collect::<Vec<_>>();
    let (had, has) = (names(before), names(after));
    let mut parts = Vec::new();
    if before.status != after.status {
        parts.push(if after.status.is_empty() { "unharmed".to_string() } else { after.status.join(", ") });
    }
    parts.extend(has.iter().filter(|x| !had.contains(x)).map(|x| format!("+{x}")));
    parts.extend(had.iter().filter(|x| !has.contains(x)).map(|x| format!("−{x}")));
    (!parts.is_empty()).then(|| format!("{}: {}", after.name, parts.join(", ")))
}
