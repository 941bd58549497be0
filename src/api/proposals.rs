//! What a player sends from their phone, checked by the rules before the game master
//! sees it: an action for their own combatant (a proposal, applied only when the game
//! master accepts it) and their initiative roll. The table's server (`crate::share`)
//! keeps what waits; these methods are the rules' side, so the checks are the CLI's and
//! the app's own (`Tome::encounter_act`'s inputs, preparation and refusals).
//!
//! Nothing here may tell a phone what the table may not see: targets are only the
//! combatants the table sees, a refusal that would name a hidden combatant is said
//! without it, and the outcome a phone reads is the table's words for what changes.

use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Serialize;
use ts_rs::TS;

use super::encounters::visible;
use crate::db::encounters::EncounterRow;
use crate::encounters::{
    check_die, ActionInfo, Combatant, EncounterRules, Event, MenuGroup, Pace, PlayerAction, Sent, SheetAction, State,
    MOST_BUTTONS,
};
use crate::error::{Error, Found, Result};
use crate::rules::{Listed, ParamKind, Term};
use crate::Tome;

/// An action a player sent, prepared by the rules (its dice rolled once, now), waiting
/// for the game master.
#[derive(Debug, Clone, PartialEq)]
pub struct Prepared {
    /// The event the game master's accept stores, marked as sent from the device.
    pub event: Event,
    /// The combatant acting: the device's character.
    pub actor: String,
    /// The round it was sent in; with turns, it is good for that turn only.
    pub round: i64,
    /// Whose turn it was sent in (the actor's own, or another's for a reaction); `None`
    /// where everyone acts at once. Kept on the game master's side only: it may be a
    /// hidden combatant's.
    pub turn: Option<String>,
    /// What was asked, in words ("attack: target Goblin 1, weapon Spear").
    pub asked: String,
    /// The player's own dice Tome rolled for it, in words ("Crit roll 57"): worked out
    /// on the fight as the table knows it, so nothing hidden changes them.
    pub rolled: Vec<String>,
    /// The seed its dice were rolled from: the game master's change of it rolls from the
    /// same, so the dice the player was dealt stand (issue 71).
    pub seed: Option<u64>,
    /// The player's own dice Tome rolled for it, by field, as a typed roll would give
    /// them: what binds the action for its turn (issue 71).
    pub tome_rolled: BTreeMap<String, String>,
    /// Tome rolled dice for it beyond the player's own fields (the other side's stress
    /// die, a Fire Ball's scatter): what it would do rests on them as on the player's own.
    pub others_rolled: bool,
    /// The fields the player typed that a die decides (the die itself, or a total or a
    /// crit standing for it), each with the form's label: once Tome's roll binds the
    /// turn, only the player's own dice may be (issue 71).
    pub typed_dice: Vec<(String, String)>,
}

impl Prepared {
    /// Whether Tome rolled any die for it, either side's: what it would do is then not a
    /// phone's to read before the game master takes it, nor the turn's dice to roll again.
    #[must_use]
    pub fn rolled_by_tome(&self) -> bool {
        !self.rolled.is_empty() || !self.tome_rolled.is_empty() || self.others_rolled
    }
}

/// What an action would do if the player sent it now, said before it is sent: checked
/// as a proposal is, in the table's words. Where Tome rolls a die the player left out,
/// the outcome waits for that roll (made once, when it is sent), so none is said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ProposalPreview {
    /// The action and what was given, by the form's labels.
    pub asked: String,
    /// The values Tome will roll when it is sent ("Attack roll (1d20)").
    pub rolled: Vec<String>,
    /// What the table would see change, when nothing is left to roll.
    pub table: Vec<String>,
}

/// One line the table is told, with the combatants it names.
pub type TableLine = (Vec<String>, String);

/// What a waiting proposal would do if accepted now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ProposalOutcome {
    /// The log's lines, with every number (the game master's).
    pub lines: Vec<String>,
    /// What the table would see change, in the table's words ("Goblin 1: Bloodied").
    pub table: Vec<String>,
    /// The combatants each line of `table` names: a line leaves a phone while one of
    /// them is hidden, as the phones' log's lines do.
    #[serde(skip)]
    #[ts(skip)]
    pub about: Vec<Vec<String>>,
}

impl ProposalOutcome {
    /// `table`'s lines, each with the combatants it names.
    #[must_use]
    pub fn table_lines(self) -> Vec<TableLine> {
        self.about.into_iter().chain(std::iter::repeat(Vec::new())).zip(self.table).collect()
    }
}

/// The game master asks a device for its character's initiative.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct InitiativeAsk {
    /// The device's combatant.
    pub name: String,
    /// The die rolled, as the dice box reads it ("1d20", "stress").
    pub dice: String,
    /// What a die read off the table may show.
    pub min: i64,
    pub max: i64,
}

/// A player's initiative roll, with what it comes to.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct InitiativeAnswer {
    pub name: String,
    /// The die as rolled or typed.
    pub roll: i64,
    /// Tome rolled it (the player pressed Roll) rather than the player typing it.
    pub rolled: bool,
    /// The initiative it gives, and its terms (the die, the stats the rules add).
    pub total: i64,
    pub terms: Vec<Term>,
}

/// How many seeds a preview prepares an action from to tell whether its outcome hangs on
/// Tome's dice: four readings of one d6 agree by chance once in 216.
const PREVIEW_SEEDS: u64 = 4;

/// The longest action name (and field name) a phone may send.
pub const MAX_ACTION_NAME: usize = 64;
/// The most fields an action a phone sends may have.
pub const MAX_FIELDS: usize = 24;
/// The longest value of one field a phone may send (an item's name, dice, a target).
pub const MAX_FIELD: usize = 200;

impl Tome {
    /// The actions a player may send for their own combatant in encounter `id`: the
    /// system's actions about one combatant, with the values their forms offer. The
    /// combatants a target may be are the table view's.
    ///
    /// # Errors
    /// No such encounter.
    pub fn table_actions(&self, id: i64, character: i64) -> Result<Vec<ActionInfo>> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let state = self.encounter_state(&row)?;
        let mut actions: Vec<ActionInfo> = self
            .encounter_kit(id)?
            .actions
            .into_iter()
            .filter(|a| a.combatant && rules.players_action(a.name))
            .collect();
        for a in &mut actions {
            let name = a.name;
            a.params.retain(|p| rules.players_param(name, p.name));
        }
        // What the rules take of this combatant alone (a caster's own spells), so the
        // phone offers the player's own, as their sheet has them.
        if let Ok(me) = own_combatant(&state, character) {
            for p in actions.iter_mut().flat_map(|a| a.params.iter_mut()) {
                if let Some(own) = rules.offered(self, me, p.name) {
                    p.choices = own;
                }
            }
        }
        Ok(actions)
    }

    /// What character `character`'s phone offers to do in encounter `id` (issue 56): the
    /// actions of [`Tome::table_actions`] named as a player names them, those the sheet
    /// makes first ("Attack with Short sword", with the weapon's numbers filled in),
    /// grouped (attacks, spells, moves, other), each asking only what the player decides.
    ///
    /// # Errors
    /// What [`Tome::table_actions`] refuses.
    pub fn table_menu(&self, id: i64, character: i64) -> Result<Vec<PlayerAction>> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let actions = self.table_actions(id, character)?;
        let made = self.sheet_made(rules, &row, character)?;
        let mut menu: Vec<PlayerAction> = made
            .into_iter()
            .filter_map(|m| {
                let a = actions.iter().find(|a| a.name == m.action)?;
                Some(player_action(rules, a, m.label, m.group, m.hint, m.preset))
            })
            .collect();
        for a in &actions {
            let words = rules.players_menu().iter().find(|w| w.action == a.name);
            let label = action_name(rules, a.name, None);
            let group = words.map_or(MenuGroup::Other, |w| w.group);
            // A caster's few spells are a button each ("Cast Fire Ball").
            let each = words.and_then(|w| w.each).and_then(|(param, each)| {
                let p = a.params.iter().find(|p| p.name == param)?;
                (!p.choices.is_empty() && p.choices.len() <= MOST_BUTTONS).then_some((param, each, &p.choices))
            });
            match each {
                Some((param, each, values)) => {
                    for v in values {
                        let preset = BTreeMap::from([(param.to_string(), v.clone())]);
                        menu.push(player_action(rules, a, each.replace("{}", v), group, a.summary.to_string(), preset));
                    }
                }
                None => menu.push(player_action(rules, a, label, group, a.summary.to_string(), BTreeMap::new())),
            }
        }
        // Each label once (the phone keeps the player's pick by it): a sheet's attack
        // called as the system's own action keeps the sheet's.
        let mut seen = std::collections::BTreeSet::new();
        menu.retain(|m| seen.insert(m.label.to_lowercase()));
        menu.sort_by_key(|m| m.group);
        Ok(menu)
    }

    /// The actions character `character`'s sheet makes in the fight of `row`: its
    /// combatant's written attacks, read as the command line's `--with` reads them
    /// ([`Tome::attacks_of`]), then the system's other sheet actions (an Ars Magica
    /// character's weapon).
    fn sheet_made(&self, rules: &dyn EncounterRules, row: &EncounterRow, character: i64) -> Result<Vec<SheetAction>> {
        let state = self.encounter_state(row)?;
        match own_combatant(&state, character) {
            Ok(me) => self.sheet_made_for(rules, me),
            Err(_) => Ok(self.character(character).found()?.map(|c| rules.sheet_actions(self, &c)).unwrap_or_default()),
        }
    }

    /// [`Tome::sheet_made`] for combatant `me` as it stands: its written attacks, then its
    /// sheet's other actions (also what the phones' log names an action by).
    pub(super) fn sheet_made_for(&self, rules: &dyn EncounterRules, me: &Combatant) -> Result<Vec<SheetAction>> {
        let written = self.attacks_of(rules, me)?;
        let others = match me.character {
            Some(c) => self.character(c).found()?.map(|c| rules.sheet_actions(self, &c)).unwrap_or_default(),
            None => Vec::new(),
        };
        Ok(written.iter().filter_map(super::AttackUse::sheet_action).chain(others).collect())
    }

    /// The combatant that is character `character` in encounter `id` as the table sees
    /// it, and the round: whose action a phone is sending, and when.
    ///
    /// # Errors
    /// No such encounter; the character is not in it (or the table does not see it).
    pub(crate) fn proposal_seat(&self, id: i64, character: i64) -> Result<(String, i64)> {
        let row = self.db.encounter_row(id)?;
        let state = self.encounter_state(&row)?;
        Ok((own_combatant(&state, character)?.name.clone(), state.round))
    }

    /// What action `action` with `inputs` would do for character `character` in
    /// encounter `id` if sent now: checked as [`Tome::prepare_proposal`] checks it,
    /// nothing stored and nothing rolled that counts (the dice are rolled again when it
    /// is sent).
    ///
    /// # Errors
    /// What [`Tome::prepare_proposal`] refuses.
    pub fn preview_proposal(
        &self,
        id: i64,
        character: i64,
        device: &str,
        action: &str,
        inputs: BTreeMap<String, String>,
    ) -> Result<ProposalPreview> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        // Worked out on the fight as the table knows it, so nothing hidden changes it:
        // what is hidden is not in it to refuse, to name or to compare against.
        let state = self.encounter_state(&row)?.as_the_table_sees(rules);
        let prepare = |seed| self.prepare_in(&row, &state, character, device, action, inputs.clone(), Some(seed));
        let prepared = prepare(1)?;
        // Whether the outcome hangs on Tome's dice: prepared again from other seeds, the
        // event differs (a die left out, a crit's extra dice).
        let random = (2..=PREVIEW_SEEDS).any(|seed| prepare(seed).map_or(true, |other| other.event != prepared.event));
        if !random {
            let table = self.phone_outcome(&row, &state, &prepared.event)?;
            return Ok(ProposalPreview { asked: prepared.asked, rolled: Vec::new(), table });
        }
        let spec = rules.actions().iter().find(|a| a.name.eq_ignore_ascii_case(action.trim()));
        let mut rolled: Vec<String> = spec
            .map(|a| a.params)
            .unwrap_or_default()
            .iter()
            .filter(|p| p.rolled() && inputs.get(p.name).is_none_or(|v| v.trim().is_empty()))
            // Only what Tome rolled for it: a d20 left out beside a typed total is not rolled.
            .filter(|p| matches!(&prepared.event, Event::Act { facts, .. } if facts.contains_key(p.name)))
            .map(|p| match p.die() {
                Some(die) => format!("{} ({die})", crate::rules::key_label(p.name)),
                None => crate::rules::key_label(p.name),
            })
            .collect();
        if rolled.is_empty() {
            rolled.push("the dice its rules call for".into());
        }
        Ok(ProposalPreview { asked: prepared.asked, rolled, table: Vec::new() })
    }

    /// Checks and prepares action `action` with `inputs` for the combatant that is
    /// saved character `character` in encounter `id`, as `tome encounter act` would (its
    /// dice rolled now, from `seed` when given); nothing is stored. `device` is the
    /// sender's name, which the log keeps.
    ///
    /// # Errors
    /// The fight has ended or not started; the character is not in it (or the table
    /// does not see it); it is not their turn; an action not about one combatant; a
    /// target the table does not see; inputs the parameters refuse; an action the rules
    /// refuse now. A refusal never names a combatant the table does not see.
    pub fn prepare_proposal(
        &self,
        id: i64,
        character: i64,
        device: &str,
        action: &str,
        inputs: BTreeMap<String, String>,
        seed: Option<u64>,
    ) -> Result<Prepared> {
        let row = self.db.encounter_row(id)?;
        let real = self.encounter_state(&row)?;
        let seed = seed.unwrap_or_else(|| rand::Rng::random(&mut rand::rng()));
        // The phone's answer is the fight as the table knows it: what is hidden can
        // neither refuse an action nor let one through (issue 57), nor be named.
        let table = real.as_the_table_sees(Tome::encounter_rules(&row)?);
        let prepare = |seed| self.prepare_in(&row, &table, character, device, action, inputs.clone(), Some(seed));
        let mut seen = prepare(seed)?;
        // Whether Tome rolled anything for it, told by what it does rather than by the
        // fields its dice are kept under (a defender's die kept as `die:Goblin`, a Fire
        // Ball's scatter): prepared again from other seeds, the event differs. Such an
        // action binds its turn's dice, and its outcome is not a phone's to read before
        // the game master takes it (the fifth fresh-eyes attack).
        // (Asked only where the fields do not say so already: an attack Tome rolls the
        // player's die for is prepared once, as before.)
        let other = |k: u64| seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if !seen.rolled_by_tome() {
            seen.others_rolled =
                (1..PREVIEW_SEEDS).any(|k| prepare(other(k)).map_or(true, |again| again.event != seen.event));
        }
        // The game master's side is the whole fight, with the same dice: where the hidden
        // part refuses it, the action waits all the same and the game master reads why.
        let turn = seen_turn(rules_pace(&row)?, &real);
        match self.prepare_in(&row, &real, character, device, action, inputs, Some(seed)) {
            // What the phone is told, and what binds its turn, is worked out on the
            // fight as the table knows it: nothing hidden changes it.
            Ok(whole) => Ok(Prepared {
                turn,
                rolled: seen.rolled.clone(),
                tome_rolled: seen.tome_rolled.clone(),
                others_rolled: seen.others_rolled,
                typed_dice: seen.typed_dice.clone(),
                ..whole
            }),
            Err(e) if e.is_damage() => Err(e),
            Err(_) => Ok(Prepared { turn, ..seen }),
        }
    }

    /// What the table would see change if `event` were stored in encounter `id` now, on
    /// the fight as the table knows it; `None` when the rules would not take it. All of
    /// it: what an accepted action did, which the game master decided with everything in
    /// view.
    ///
    /// # Errors
    /// No such encounter.
    pub fn table_outcome(&self, id: i64, event: &Event) -> Result<Option<Vec<TableLine>>> {
        let row = self.db.encounter_row(id)?;
        let state = self.encounter_state(&row)?.as_the_table_sees(Tome::encounter_rules(&row)?);
        match self.outcome_in(&row, &state, event) {
            Ok(o) => Ok(Some(o.table_lines())),
            Err(e) if e.is_damage() => Err(e),
            Err(_) => Ok(None),
        }
    }

    /// What a phone is told `event` would do in encounter `id` before the game master
    /// takes it (a waiting action's line): as [`Tome::table_outcome`], but only what the
    /// table may know beforehand ([`Tome::phone_outcome`]); `None` when the rules would
    /// not take it.
    ///
    /// # Errors
    /// No such encounter.
    pub fn table_outcome_before(&self, id: i64, event: &Event) -> Result<Option<Vec<String>>> {
        let row = self.db.encounter_row(id)?;
        let state = self.encounter_state(&row)?.as_the_table_sees(Tome::encounter_rules(&row)?);
        // What the rules refuse now is `None`; damage is the read's failure.
        match self.phone_outcome(&row, &state, event) {
            Ok(table) => Ok(Some(table)),
            Err(e) if e.is_damage() => Err(e),
            Err(_) => Ok(None),
        }
    }

    /// What a phone may be told `event` would do before it is accepted, on the fight as
    /// the table knows it (`state`). With the defenders' totals shown to the table
    /// (`table_totals`), all of it. Without, what it does to anyone but the one acting
    /// may hang on numbers the table does not see (a defense, HP left), so a preview
    /// saying "a hit" from 8 and "a miss" below would read the target's defense off in a
    /// few tries (issue 71): it says only whom it is up to.
    fn phone_outcome(&self, row: &EncounterRow, state: &State, event: &Event) -> Result<Vec<String>> {
        let rules = Tome::encounter_rules(row)?;
        let others = others_named(rules, event);
        // An action that may pick another combatant reaches one even with the pick left
        // out (MLAF's Power Drain aims at the other team's caster), and some reach one
        // through the fight's marks (a MythCraft escape, its grappler): whether it works
        // may hang on that one's unseen numbers, so it is said as a pick would be. Told
        // by the action's form and its rules, never by what it did.
        let reaches = !others.is_empty()
            || picks_combatants(rules, event)
            || matches!(event, Event::Act { action, .. } if rules.reaches_others(action));
        let outcome = match self.outcome_in(row, state, event) {
            Ok(outcome) => outcome,
            // A number the game master has yet to give (a target's defense never set):
            // the action waits for it. With the totals off, said as any hidden number is.
            Err(Error::NeedsNumber(_)) if row.table_totals && !others.is_empty() => {
                return Ok(vec![format!(
                    "What it does to {} waits on a number the game master gives when answering",
                    others.join(", ")
                )])
            }
            Err(Error::NeedsNumber(_)) => ProposalOutcome { lines: Vec::new(), table: Vec::new(), about: Vec::new() },
            Err(e) => return Err(e),
        };
        if row.table_totals || !reaches {
            return Ok(outcome.table);
        }
        if others.is_empty() {
            return Ok(vec![
                "What it does hangs on numbers only the game master sees: the game master's answer says".into()
            ]);
        }
        Ok(vec![format!(
            "What it does to {} hangs on numbers only the game master sees: the game master's answer says",
            others.join(", ")
        )])
    }

    /// [`Tome::prepare_proposal`] on the fight as already read, so a preview reads and
    /// replays it once however many times it prepares the action.
    #[allow(clippy::too_many_arguments)]
    fn prepare_in(
        &self,
        row: &EncounterRow,
        state: &State,
        character: i64,
        device: &str,
        action: &str,
        inputs: BTreeMap<String, String>,
        seed: Option<u64>,
    ) -> Result<Prepared> {
        let rules = Tome::encounter_rules(row)?;
        // Sizes a phone's form needs, no more: a request is not a place to try names by
        // the thousand (issue 71).
        if action.chars().count() > MAX_ACTION_NAME {
            return Err(Error::InvalidInput(format!("an action's name is at most {MAX_ACTION_NAME} characters")));
        }
        if inputs.len() > MAX_FIELDS {
            return Err(Error::InvalidInput(format!("an action has at most {MAX_FIELDS} fields")));
        }
        if let Some((key, _)) =
            inputs.iter().find(|(k, v)| k.chars().count() > MAX_ACTION_NAME || v.chars().count() > MAX_FIELD)
        {
            return Err(Error::InvalidInput(format!(
                "{} is at most {MAX_FIELD} characters",
                crate::rules::key_label(&key.chars().take(MAX_ACTION_NAME).collect::<String>())
            )));
        }
        // Every field is one line of plain text: what a player typed is printed on the
        // game master's screen and written in the log, where a line break could pass
        // for a line of Tome's own (issue 57).
        if let Some((key, _)) = inputs.iter().find(|(_, v)| {
            v.chars().any(|c| c.is_control() || crate::text::reorders(c) || matches!(c, '\u{2028}' | '\u{2029}'))
        }) {
            return Err(Error::InvalidInput(format!(
                "{} must be one line of plain text (no line breaks, tabs or control characters)",
                crate::rules::key_label(key)
            )));
        }
        if row.ended.is_some() {
            return Err(Error::InvalidInput("this fight has ended".into()));
        }
        if !state.started() {
            return Err(Error::InvalidInput("this fight has not started yet".into()));
        }
        let me = own_combatant(state, character)?;
        // Out of its turn a combatant acts only as a reaction its rules allow (and then
        // pays for it as they say: the preparation below refuses what it cannot pay).
        if rules.pace() == Pace::Initiative && state.current() != Some(me.name.as_str()) && !rules.reacts(me) {
            return Err(Error::InvalidInput(
                "it is not your turn: send your action when your phone says it is (or ask the game master)".into(),
            ));
        }
        let players = || rules.actions().iter().filter(|a| a.combatant && rules.players_action(a.name));
        let spec = players().find(|a| a.name.eq_ignore_ascii_case(action.trim())).ok_or_else(|| Error::NotFound {
            what: "action",
            id: action.to_string(),
            suggestions: players().map(|a| a.name.to_string()).collect(),
        })?;
        // A field the action does not have is refused in the form's words, naming the
        // player's own fields only (the rules' own refusal lists every flag, the game
        // master's among them, and read garbled once rewritten for a phone).
        if let Some(key) = inputs.keys().find(|k| !spec.params.iter().any(|p| p.name == k.as_str())) {
            let own: Vec<String> = spec
                .params
                .iter()
                .filter(|p| rules.players_param(spec.name, p.name))
                .map(|p| {
                    rules
                        .players_option(spec.name, p.name)
                        .map_or_else(|| crate::rules::key_label(p.name), |w| w.label.to_string())
                })
                .collect();
            return Err(Error::InvalidInput(format!(
                "{} is not a field of this action (it takes {})",
                crate::rules::key_label(key),
                if own.is_empty() { "none".to_string() } else { own.join(", ") }
            )));
        }
        // The other side's dice and numbers are never a player's to give (issue 56): the
        // same refusal whatever the fight holds.
        if let Some(p) =
            spec.params.iter().find(|p| inputs.contains_key(p.name) && !rules.players_param(spec.name, p.name))
        {
            return Err(Error::InvalidInput(format!(
                "{} is not yours to give: the game master or the other side's roll sets it",
                crate::rules::key_label(p.name)
            )));
        }
        if let Some(problem) = spec
            .params
            .iter()
            .find_map(|p| inputs.get(p.name).and_then(|v| rules.players_value_problem(spec.name, p.name, v)))
        {
            return Err(Error::InvalidInput(problem));
        }
        for p in spec.params {
            let ParamKind::Listed { list: list @ (Listed::Combatants | Listed::SomeCombatants) } = p.kind else {
                continue;
            };
            let Some(value) = inputs.get(p.name) else { continue };
            let named: Vec<&str> =
                if list == Listed::SomeCombatants { value.split(',').collect() } else { vec![value.as_str()] };
            for n in named.into_iter().map(str::trim).filter(|n| !n.is_empty()) {
                if !state.combatants.iter().any(|c| c.name.eq_ignore_ascii_case(n) && !c.hidden) {
                    return Err(Error::NotFound {
                        what: "combatant",
                        id: n.to_string(),
                        suggestions: state.combatants.iter().filter(|c| !c.hidden).map(|c| c.name.clone()).collect(),
                    });
                }
            }
        }
        // Refusals read as a form reads them (its fields' labels, not the CLI's flags).
        let for_the_form = |e: Error| match e {
            Error::InvalidInput(message) => {
                // Asked for the other side's number (a target's defense Tome does not know),
                // which the player's form does not offer: that is the game master's to set.
                let theirs = spec
                    .params
                    .iter()
                    .any(|p| !rules.players_param(spec.name, p.name) && message.contains(&format!("--{}", p.name)));
                let message = match message.split_once(':') {
                    Some((what, _)) if theirs => format!("{}: the game master has to set it first", what.trim()),
                    _ => message,
                };
                let (message, field) = crate::rules::for_form(&message, spec.params);
                let problems =
                    field.map(|f| vec![crate::error::Problem::field(f, message.clone())]).unwrap_or_default();
                Error::FormInvalid { message, problems: crate::error::Problems(problems) }
            }
            other => other,
        };
        // The sheet's own action it is ("Attack with Short sword"), where its numbers are
        // the sheet's.
        let made = self
            .sheet_made(rules, row, character)?
            .into_iter()
            .find(|m| m.action == spec.name && m.preset.iter().all(|(k, v)| inputs.get(k).is_some_and(|x| x == v)));
        let asked = asked_in_words(rules, spec, &inputs, made.as_ref());
        let typed: Vec<String> = inputs.iter().filter(|(_, v)| !v.trim().is_empty()).map(|(k, _)| k.clone()).collect();
        let sent = Some(Sent { device: device.to_string(), changed: false });
        let event = self.act_event(rules, state, spec, Some(&me.name), inputs, seed, sent).map_err(for_the_form)?;
        // The player's own dice Tome rolled, by field.
        // The player's own dice Tome rolled, by field, in the form's order (the other
        // side's are theirs).
        let own: Vec<(String, String)> = match &event {
            Event::Act { facts: made, .. } => spec
                .params
                .iter()
                .filter(|p| p.rolled() && !typed.iter().any(|k| k == p.name) && rules.players_param(spec.name, p.name))
                .filter_map(|p| made.get(p.name).map(|v| (p.name.to_string(), v.clone())))
                .collect(),
            _ => Vec::new(),
        };
        let rolled = match &event {
            // The rules say them as the player reads them, where they do.
            Event::Act { facts: made, .. } if made.keys().any(|k| k.starts_with(crate::encounters::SAID)) => {
                made.iter().filter(|(k, _)| k.starts_with(crate::encounters::SAID)).map(|(_, v)| v.clone()).collect()
            }
            _ => own.iter().map(|(k, v)| format!("{} {v}", crate::rules::key_label(k))).collect(),
        };
        let tome_rolled: BTreeMap<String, String> = own.into_iter().collect();
        let others_rolled = match &event {
            Event::Act { facts: made, .. } => spec.params.iter().any(|p| {
                p.rolled()
                    && !typed.iter().any(|k| k == p.name)
                    && !rules.players_param(spec.name, p.name)
                    && made.contains_key(p.name)
            }),
            _ => false,
        };
        let typed_dice = spec
            .params
            .iter()
            .filter(|p| typed.iter().any(|k| k == p.name))
            .filter(|p| p.rolled() || rules.stands_for_roll(spec.name, p.name))
            .map(|p| {
                let label = rules
                    .players_option(spec.name, p.name)
                    .map_or_else(|| crate::rules::key_label(p.name), |w| w.label.to_string());
                (p.name.to_string(), label)
            })
            .collect();
        // The rules must take it now, or the game master would be shown one that fails.
        let mut tried = state.clone();
        match tried.apply(rules, super::encounters::now(), &event, &|cid| self.sheet_stats(rules, &row.system, cid)) {
            // A number the game master keeps and has not set (a target's defense): the
            // action waits, and the game master gives it when answering (issue 74).
            Ok(_) | Err(Error::NeedsNumber(_)) => {}
            Err(e) => return Err(for_the_form(e)),
        }
        let turn = (rules.pace() == Pace::Initiative).then(|| state.current().map(str::to_string)).flatten();
        Ok(Prepared {
            event,
            actor: me.name.clone(),
            round: state.round,
            turn,
            asked,
            rolled,
            seed,
            tome_rolled,
            others_rolled,
            typed_dice,
        })
    }

    /// Whether a proposal made in `round` during `turn`'s turn still fits encounter `id`:
    /// the fight goes on and, where there are turns (unless `any_turn`: a roll), it is
    /// still that turn.
    ///
    /// # Errors
    /// It no longer fits, saying why.
    pub fn proposal_current(&self, id: i64, turn: Option<&str>, round: i64, any_turn: bool) -> Result<()> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let state = self.encounter_state(&row)?;
        if row.ended.is_some() {
            return Err(Error::InvalidInput("the fight it was sent in has ended".into()));
        }
        // Hidden turns read as one to the table: a reaction sent during one lasts through
        // the hidden turns after it, or its drop would count them for the phone.
        let seen = |n: Option<&str>| -> Option<Option<String>> {
            n.map(|n| (!state.combatants.iter().any(|c| c.name == n && c.hidden)).then(|| n.to_string()))
        };
        if !any_turn
            && rules.pace() == Pace::Initiative
            && (state.round != round || seen(state.current()) != seen(turn))
        {
            return Err(Error::InvalidInput("the turn it was sent in has passed".into()));
        }
        Ok(())
    }

    /// What `event` would do to encounter `id` if stored now, in the game master's words
    /// and in the table's.
    ///
    /// # Errors
    /// No such encounter; the rules refuse it now (why, in the game master's words).
    pub fn proposal_outcome(&self, id: i64, event: &Event) -> Result<ProposalOutcome> {
        let row = self.db.encounter_row(id)?;
        let state = self.encounter_state(&row)?;
        self.outcome_in(&row, &state, event)
    }

    /// [`Tome::proposal_outcome`] on the fight as already read.
    fn outcome_in(&self, row: &EncounterRow, state: &State, event: &Event) -> Result<ProposalOutcome> {
        let rules = Tome::encounter_rules(row)?;
        // What it would do, said as the log will say it, less the accept's own mark.
        let mut event = event.clone();
        if let Event::Act { sent, .. } = &mut event {
            *sent = None;
        }
        let mut after = state.clone();
        after.apply(rules, super::encounters::now(), &event, &|cid| self.sheet_stats(rules, &row.system, cid))?;
        let lines = after.log.last().map(|e| e.lines.clone()).unwrap_or_default();
        let seen = |c: &Combatant| -> (Vec<String>, Vec<String>) {
            (
                rules.down(c).into_iter().chain(rules.player_status(c, false)).collect(),
                c.conditions.iter().map(|x| x.name.clone()).collect(),
            )
        };
        let mut table: Vec<(Vec<String>, String)> = Vec::new();
        for c in after.combatants.iter().filter(|c| !c.hidden) {
            let before = state.combatants.iter().map(|b| &**b).find(|b| b.name == c.name);
            let (status, conditions) = seen(c);
            let (was, had) = before.map(seen).unwrap_or_default();
            let mut said: Vec<String> = Vec::new();
            if status != was {
                said.push(if status.is_empty() { "unharmed".into() } else { status.join(", ") });
            }
            said.extend(conditions.iter().filter(|x| !had.contains(x)).map(|x| format!("+{x}")));
            said.extend(had.iter().filter(|x| !conditions.contains(x)).map(|x| format!("−{x}")));
            if !said.is_empty() {
                table.push((vec![c.name.clone()], format!("{}: {}", c.name, said.join(", "))));
            }
        }
        // Who did what to whom and what it came to, first, as the phones' log says it:
        // with the totals compared where the fight shows the table the defenders'
        // numbers (the game master's choice, `table_totals`).
        if let Some(acted) = self.acted(rules, &after, &event, row.table_totals)? {
            table.insert(0, acted);
        }
        if table.is_empty() {
            table.push((Vec::new(), "nothing the table sees changes".into()));
        }
        let (about, table) = table.into_iter().unzip();
        Ok(ProposalOutcome { lines, table, about })
    }

    /// The names of encounter `id`'s combatants the table does not see.
    ///
    /// # Errors
    /// No such encounter.
    pub fn hidden_names(&self, id: i64) -> Result<Vec<String>> {
        self.names_hidden(id, true)
    }

    /// The names of encounter `id`'s combatants the table sees.
    ///
    /// # Errors
    /// No such encounter.
    pub fn shown_names(&self, id: i64) -> Result<Vec<String>> {
        self.names_hidden(id, false)
    }

    fn names_hidden(&self, id: i64, hidden: bool) -> Result<Vec<String>> {
        let row = self.db.encounter_row(id)?;
        let state = self.encounter_state(&row)?;
        Ok(state.combatants.iter().filter(|c| c.hidden == hidden).map(|c| c.name.clone()).collect())
    }

    /// What device of character `character` is asked about initiative in encounter
    /// `id`: its combatant and the die, while the fight waits to start (in a system with
    /// initiative, for a combatant the table sees that takes a place in the order).
    ///
    /// # Errors
    /// No such encounter.
    pub fn initiative_ask(&self, id: i64, character: i64) -> Result<Option<InitiativeAsk>> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        if row.ended.is_some() || rules.pace() != Pace::Initiative {
            return Ok(None);
        }
        let state = self.encounter_state(&row)?;
        if state.started() {
            return Ok(None);
        }
        let Ok(me) = own_combatant(&state, character) else { return Ok(None) };
        if rules.leaves_order(me).is_some() {
            return Ok(None);
        }
        let (dice, (min, max)) = rules.initiative_dice();
        Ok(Some(InitiativeAsk { name: me.name.clone(), dice: dice.to_string(), min, max }))
    }

    /// Character `character`'s initiative in encounter `id`: the die `typed` as read off
    /// the table, or rolled by Tome (from `seed` when given), with what it comes to.
    /// Nothing is stored: the start takes it.
    ///
    /// # Errors
    /// Initiative is not asked of this character now ([`Tome::initiative_ask`]); a die
    /// it cannot show.
    pub fn initiative_answer(
        &self,
        id: i64,
        character: i64,
        typed: Option<i64>,
        seed: Option<u64>,
    ) -> Result<InitiativeAnswer> {
        let Some(ask) = self.initiative_ask(id, character)? else {
            return Err(Error::InvalidInput("no initiative roll is asked of you now".into()));
        };
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let state = self.encounter_state(&row)?;
        let me = own_combatant(&state, character)?;
        let (roll, rolled) = match typed {
            Some(v) => {
                check_die(rules, &me.name, v)?;
                (v, false)
            }
            None => {
                let mut rng = seed.map_or_else(|| StdRng::from_rng(&mut rand::rng()), StdRng::seed_from_u64);
                let r = crate::dice::roll_spec(&ask.dice, &mut rng, 0).map_err(Error::Internal)?;
                (r.total, true)
            }
        };
        let (keys, outcome) = rules.initiative(me, roll);
        let total = crate::rules::fold(&outcome.terms).or(keys.first().copied()).unwrap_or(roll);
        Ok(InitiativeAnswer { name: me.name.clone(), roll, rolled, total, terms: outcome.terms })
    }
}

/// The combatants other than its actor that act `event` picks (a target, those warded),
/// by name as given.
fn others_named(rules: &dyn EncounterRules, event: &Event) -> Vec<String> {
    let Event::Act { action, inputs, name: Some(actor), .. } = event else { return Vec::new() };
    let Ok(spec) = crate::encounters::action_spec(rules, action) else { return Vec::new() };
    picked_names(spec, inputs).into_iter().filter(|n| !n.eq_ignore_ascii_case(actor)).collect()
}

/// Whether parameter `p` picks combatants (a target, those warded).
fn picks_a_combatant(p: &crate::rules::Param) -> bool {
    matches!(p.kind, ParamKind::Listed { list: Listed::Combatants | Listed::SomeCombatants })
}

/// Whether `event`'s action has a field that picks combatants, filled or not.
fn picks_combatants(rules: &dyn EncounterRules, event: &Event) -> bool {
    let Event::Act { action, .. } = event else { return false };
    crate::encounters::action_spec(rules, action).is_ok_and(|spec| spec.params.iter().any(picks_a_combatant))
}

/// The combatants action `spec` picks in `inputs` (a target, those warded), by name as
/// given, in the parameters' order.
pub(super) fn picked_names(spec: &crate::encounters::Action, inputs: &BTreeMap<String, String>) -> Vec<String> {
    picked_names_where(spec, inputs, |_, _| true)
}

/// [`picked_names`], those `keep` takes (the parameter, the name).
pub(super) fn picked_names_where(
    spec: &crate::encounters::Action,
    inputs: &BTreeMap<String, String>,
    keep: impl Fn(&crate::rules::Param, &str) -> bool,
) -> Vec<String> {
    spec.params
        .iter()
        .filter(|p| picks_a_combatant(p))
        .filter_map(|p| inputs.get(p.name).map(|v| (p, v)))
        .flat_map(|(p, v)| v.split(',').map(move |n| (p, n.trim())))
        .filter(|(p, n)| !n.is_empty() && keep(p, n))
        .map(|(_, n)| n.to_string())
        .collect()
}

/// The combatant that is saved character `character`, if the table sees it: a hidden
/// one is as good as absent to its own phone.
fn own_combatant(state: &State, character: i64) -> Result<&Combatant> {
    state
        .combatants
        .iter()
        .map(|c| &**c)
        .find(|c| c.character == Some(character) && visible(state, &c.name))
        .ok_or_else(|| Error::InvalidInput("your character is not in the fight the table is shown".into()))
}

/// Whose turn a proposal is sent in, kept on the game master's side only (it may be a
/// hidden combatant's); `None` where everyone acts at once.
fn seen_turn(pace: Pace, state: &State) -> Option<String> {
    (pace == Pace::Initiative).then(|| state.current().map(str::to_string)).flatten()
}

fn rules_pace(row: &EncounterRow) -> Result<Pace> {
    Ok(Tome::encounter_rules(row)?.pace())
}

/// "Attack: Target Goblin 1, Roll 18": the action and what was given, by the labels the
/// forms show, in the parameters' order, leaving out values that are only the defaults.
fn asked_in_words(
    rules: &dyn EncounterRules,
    action: &crate::encounters::Action,
    inputs: &BTreeMap<String, String>,
    made: Option<&crate::encounters::SheetAction>,
) -> String {
    // Named as the player's phone named it; what the sheet filled in goes without saying.
    let preset = made.map(|m| &m.preset);
    let said: Vec<String> = action
        .params
        .iter()
        .filter(|p| preset.is_none_or(|m| !m.contains_key(p.name)))
        .filter_map(|p| {
            let v = inputs.get(p.name)?;
            let flag_off = matches!(p.kind, ParamKind::Flag) && v == "false";
            let label = rules
                .players_option(action.name, p.name)
                .map_or_else(|| crate::rules::key_label(p.name), |w| w.label.to_string());
            (p.default != Some(v.as_str()) && !flag_off && !v.trim().is_empty()).then(|| match p.kind {
                ParamKind::Flag => label,
                // A pick reads as itself: "Goblin 1", "Melee", "Left arm".
                ParamKind::Listed { list: Listed::Combatants } => v.clone(),
                ParamKind::Choice { .. } => crate::rules::key_label(v),
                _ => format!("{label} {v}"),
            })
        })
        .collect();
    let name = action_name(rules, action.name, made);
    if said.is_empty() {
        name
    } else {
        format!("{name}: {}", said.join(", "))
    }
}

/// Action `a` as one button of a player's phone: the parameters Tome did not fill in
/// from the sheet (`preset`) that the player decides, in their words. Required ones and
/// the player's own die stay; an optional one stays only where the rules word it for a
/// player.
fn player_action(
    rules: &dyn EncounterRules,
    a: &ActionInfo,
    label: String,
    group: MenuGroup,
    hint: String,
    preset: BTreeMap<String, String>,
) -> PlayerAction {
    let params = a
        .params
        .iter()
        .filter(|p| !preset.contains_key(p.name))
        .filter_map(|p| {
            let words = rules.players_option(a.name, p.name);
            if !(p.required || p.die.is_some() || words.is_some()) {
                return None;
            }
            let mut p = p.clone();
            if let Some(w) = words {
                p.label = w.label.to_string();
                p.help = w.hint.to_string();
                p.required |= w.asked;
            }
            Some(p)
        })
        .collect();
    PlayerAction { label, group, action: a.name, hint, preset, params }
}

/// Action `action` named as the player's phone names it: the sheet's own (`made`), the
/// rules' words for it, or its own word.
pub(super) fn action_name(
    rules: &dyn EncounterRules,
    action: &str,
    made: Option<&crate::encounters::SheetAction>,
) -> String {
    match made {
        Some(m) => m.label.clone(),
        None => rules
            .players_menu()
            .iter()
            .find(|w| w.action == action)
            .map_or_else(|| crate::rules::key_label(action), |w| w.label.to_string()),
    }
}
