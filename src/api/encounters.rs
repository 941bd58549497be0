//! The `Tome` methods for encounters: each change is checked against the replayed
//! state, then stored as one event; undo and redo move over the stored events.

use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Serialize;
use ts_rs::TS;

use super::fight_events::{check_room, join_event, quick_combatants, roll_event, start_event};
use crate::characters::SheetValue;
use crate::db::encounters::EncounterRow;
use crate::encounters::{
    checkpoint, Act, Action, ActionInfo, Combatant, Duration, EncounterRules, Event, LogEntry, NewCombatant, Pace,
    SheetBrings, SheetDiff, StatSpec, State, Summary,
};
use crate::error::{Error, Found, Result};
use crate::Tome;

/// An encounter as the CLI's `show --json` and the app read it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct EncounterView {
    pub id: i64,
    pub name: String,
    pub system: String,
    /// The kind of encounter (`fight`, `battlegame`, `match`, `duel`).
    pub mode: String,
    /// How turns go: `initiative`, or `together` (no turn order).
    pub pace: Pace,
    pub round: i64,
    /// Whose turn it is.
    pub current: Option<String>,
    /// The same name as a possessive for "… turn": "Ilse's", a group "Grogs'".
    pub whose: Option<String>,
    /// Names in acting order (empty where there is no turn order).
    pub order: Vec<String>,
    /// Seconds `elapse` has added to the real clock.
    pub clock: i64,
    /// What the system tracks of the whole encounter (an MLAF match's half and turn).
    #[ts(type = "Record<string, unknown>")]
    pub values: serde_json::Map<String, serde_json::Value>,
    /// Where an encounter with no turn order stands once started, in its system's words,
    /// where "under way, no turn order" would not be true (an MLAF match before its
    /// kick-off: "set up, not yet kicked off"); `None` where those words hold.
    pub standing: Option<String>,
    /// Each combatant: `name`, `hidden`, `initiative`, `conditions` (`name`, `id`,
    /// `remaining`, `duration`), `character` for a saved one, `adversary` (the library's
    /// id) and `attacks` (`name`, `entry`, `numbers`, and where its numbers fill in the
    /// system's attack form, `action` and `inputs` by parameter) for one added from the
    /// library, and what its system tracks.
    #[ts(type = "Array<Record<string, unknown>>")]
    pub combatants: Vec<serde_json::Value>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// When the game master ended it (Unix seconds); any change opens it again.
    pub ended: Option<i64>,
    /// The last entry of the log in force (its `seq` is the log's length): what the screen
    /// says just happened, and all a screen holding the log before a change needs of it.
    pub latest: Option<LogEntry>,
    /// Whether the fight offers to show a hidden combatant that attacks one the players
    /// see, or is struck by one (off until the game master turns it on).
    pub offer_reveal: bool,
    /// What it offers after the latest change: each hidden combatant seen at work, and why.
    pub reveal: Vec<RevealOffer>,
    /// Whether a player's phone is told the totals their accepted action was compared
    /// with, the defender's among them, or only what it came to (off until turned on).
    pub table_totals: bool,
}

/// A hidden combatant the tracker offers to show, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct RevealOffer {
    pub name: String,
    /// "Goblin attacked Hero, whom the players see".
    pub why: String,
}

/// What ending an encounter keeps for each linked character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Lasting {
    pub combatant: String,
    pub character: i64,
    /// Sheet field → (before, after), only those that change.
    pub changes: BTreeMap<String, (Option<i64>, i64)>,
    /// What the sheet calls each field changed ("wounds.medium" → "Medium wounds").
    pub labels: BTreeMap<String, String>,
    /// The revision written, when applied.
    pub revision: Option<i64>,
    /// The character was deleted since it joined: what lasted is against its numbers as
    /// it joined, and no sheet is written (the fight still ends).
    pub deleted: bool,
}

/// What the players' screen shows of an encounter: no hidden combatant and no number the
/// game master keeps. It is all that window is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PlayerView {
    pub id: i64,
    pub name: String,
    pub system: String,
    pub round: i64,
    /// Whose turn it is, unless that combatant is hidden.
    pub current: Option<String>,
    /// Its possessive, as a heading says whose turn it is ("Ilse's", "Faerie grogs'").
    pub whose: Option<String>,
    /// It is a hidden combatant's turn: the table reads "someone else's turn", never a
    /// name, and no one is marked as acting or next.
    pub hidden_turn: bool,
    /// The visible combatants, in acting order (joining order where there is none).
    pub combatants: Vec<PlayerCombatant>,
    /// What heads the screen in place of the round and the turn, where the system counts
    /// otherwise (the Duel Arcane: "Round 2", "Clash 3"); empty otherwise.
    pub about: Vec<String>,
    /// The latest open rolls of the visible combatants' players, oldest first ("Ilse
    /// rolled 3d6: 4 + 1 + 4 = 9"); a secret roll, or a hidden combatant's, is never here.
    pub rolls: Vec<String>,
    /// What the table has seen happen while it was shared, oldest first ("Round 2:
    /// Vex's turn", "Goblin 1: Bloodied, +Prone"): filled in by the table's server from
    /// the boards it showed (empty elsewhere).
    pub log: Vec<String>,
}

impl PlayerView {
    /// A condition shown here counts seconds still running: the view changes every
    /// second with no event (an Amtgard State ticking down to "time is up").
    pub fn counting(&self) -> bool {
        self.combatants.iter().any(|c| c.conditions.iter().any(|x| x.counting))
    }
}

/// One visible combatant on the players' screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PlayerCombatant {
    pub name: String,
    /// A player character (a saved character), not one of the game master's.
    pub pc: bool,
    /// What the table may know of its state ("Bloodied", "HP 12 of 20" for a PC).
    pub status: Vec<String>,
    pub conditions: Vec<PlayerCondition>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PlayerCondition {
    pub name: String,
    /// The reference entry, if it is one.
    pub id: Option<String>,
    /// How long it has left, in words ("2 rounds", "25 s"); `None` until removed.
    pub remaining: Option<String>,
    /// Its time left is seconds still running out: what is shown of it moves with the
    /// clock alone, with no change made (the sharing server draws again every second).
    #[serde(skip)]
    #[ts(skip)]
    pub counting: bool,
}

/// A player's own combatant, as only that player's device is sent it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct MyCombatant {
    pub name: String,
    /// Its state in words with the exact numbers ("HP 12 of 20").
    pub status: Vec<String>,
    /// The numbers and flags its system tracks (`hp`, `wounds`, `ap`…), as `show --json`
    /// has them; lists and words left out (they may name a hidden combatant).
    #[ts(type = "Record<string, unknown>")]
    pub values: serde_json::Map<String, serde_json::Value>,
    pub conditions: Vec<PlayerCondition>,
    /// Its player may send an action now: it is its turn, or, where everyone acts at
    /// once, the fight is under way.
    pub acting: bool,
    /// Not its turn, but it may react (MythCraft's Reactive AP): its player may send an
    /// action, paid for as a reaction.
    pub reacting: bool,
}

/// Who a players' view is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Audience {
    /// The players' window the game master turns to the table: every player character's
    /// numbers, as the table sees them on its sheets anyway.
    Screen,
    /// Every device at the table alike: no one's exact numbers.
    Table,
}

/// A tracked value with its numbers and flags only: words (who grapples whom, whose
/// effect) could name a hidden combatant, so none is sent to a device.
fn numbers_only(v: serde_json::Value) -> Option<serde_json::Value> {
    use serde_json::Value;
    match v {
        Value::Number(_) | Value::Bool(_) => Some(v),
        Value::Object(map) => {
            let kept: serde_json::Map<String, Value> =
                map.into_iter().filter_map(|(k, v)| numbers_only(v).map(|v| (k, v))).collect();
            (!kept.is_empty()).then_some(Value::Object(kept))
        }
        Value::Array(_) | Value::String(_) | Value::Null => None,
    }
}

pub(super) fn visible(state: &State, name: &str) -> bool {
    state.combatants.iter().any(|c| c.name == name && !c.hidden)
}

/// A combatant's conditions as the table reads them; a condition lasting until a hidden
/// combatant's turn ends does not name it.
fn player_conditions(state: &State, c: &Combatant, now: i64) -> Vec<PlayerCondition> {
    c.conditions
        .iter()
        .map(|x| PlayerCondition {
            name: x.name.clone(),
            id: x.id.clone(),
            counting: matches!(x.duration, Duration::Seconds { .. })
                && State::seconds_left(x, now).is_some_and(|s| s > 0),
            remaining: match (&x.duration, State::seconds_left(x, now).or(x.remaining)) {
                (Duration::UntilRemoved, _) | (_, None) => None,
                (Duration::Seconds { .. }, Some(s)) if s <= 0 => Some("time is up".into()),
                (Duration::Seconds { .. }, Some(s)) => Some(format!("{s} s")),
                (Duration::EndOfTurnOf { name }, Some(_)) if visible(state, name) => {
                    Some(format!("until {name}'s turn ends"))
                }
                (Duration::EndOfTurnOf { .. }, Some(_)) => Some("for now".into()),
                (_, Some(1)) => Some("1 round".into()),
                (_, Some(n)) => Some(format!("{n} rounds")),
            },
        })
        .collect()
}

/// What the app builds an encounter's forms from: the stats a quick combatant takes, the
/// system's own actions, and how turns go.
#[derive(Debug, Clone, Serialize, TS)]
pub struct EncounterKit {
    pub stats: Vec<StatSpec>,
    /// Each parameter's help names the others by their labels, as the forms show them,
    /// and carries the values its form offers (`ParamInfo::choices`).
    pub actions: Vec<ActionInfo>,
    pub pace: Pace,
    /// Whether a combatant may hold its action until later in the round (`delay`).
    pub delay: bool,
    /// What the next-turn key (N) is called here ("Next turn", "Next team turn"); absent
    /// where the rules have no turns to pass (Amtgard, the Duel Arcane).
    pub next: Option<String>,
    /// The kinds damage takes (damage types, hit locations), the one used when none is
    /// given first unless `damage_kind_required`; empty where damage has no kinds.
    pub damage_kinds: Vec<String>,
    pub damage_kind_required: bool,
}

impl Tome {
    /// The stats, actions and pace of an encounter's rules.
    ///
    /// # Errors
    /// No such encounter.
    pub fn encounter_kit(&self, id: i64) -> Result<EncounterKit> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let damage_kinds = rules.damage_kinds();
        let mut actions = Vec::new();
        for a in rules.actions() {
            let mut info = ActionInfo::from(a.clone());
            for (p, shown) in a.params.iter().zip(&mut info.params) {
                shown.help = crate::rules::help_for_form(p.help, a.params);
                shown.choices = crate::rules::choices(p.kind, self, &row.system, &damage_kinds)?;
                shown.first = rules.asked_first(a.name, p.name);
            }
            actions.push(info);
        }
        Ok(EncounterKit {
            stats: rules.stats().to_vec(),
            actions,
            pace: rules.pace(),
            delay: rules.delay_rule().is_some(),
            next: rules.next_step().map(str::to_string),
            damage_kinds,
            damage_kind_required: rules.damage_kind_required(),
        })
    }

    /// The players' screen of an encounter: hidden combatants left out entirely.
    ///
    /// # Errors
    /// No such encounter.
    pub fn player_view(&self, id: i64) -> Result<PlayerView> {
        self.players_view(id, Audience::Screen)
    }

    /// What every device at the table is sent of an encounter (`crate::share`): the
    /// players' screen, with no combatant's exact numbers, a player's character's
    /// included, since each phone is one player's ([`Tome::my_character`] gives a
    /// device its own).
    ///
    /// # Errors
    /// No such encounter.
    pub fn table_view(&self, id: i64) -> Result<PlayerView> {
        self.players_view(id, Audience::Table)
    }

    fn players_view(&self, id: i64, audience: Audience) -> Result<PlayerView> {
        let (row, rules, state) = self.encounter_now(id)?;
        let state = self.shown(&row, state)?;
        Ok(players_board(&row, rules, &state, audience))
    }

    /// One player's own place in an encounter: the visible combatant that is saved
    /// character `character`, with its exact numbers (what the table view leaves out);
    /// `None` when it is not in the fight or the game master hides it.
    ///
    /// # Errors
    /// No such encounter.
    pub fn my_combatant(&self, id: i64, character: i64) -> Result<Option<MyCombatant>> {
        let (row, rules, state) = self.encounter_now(id)?;
        let now = now() + state.clock;
        let going = row.ended.is_none() && state.started();
        Ok(state.combatants.iter().find(|c| c.character == Some(character) && !c.hidden).map(|c| {
            let acting = going && (rules.pace() == Pace::Together || state.current() == Some(c.name.as_str()));
            MyCombatant {
                name: c.name.clone(),
                status: rules.player_status(c, true),
                values: rules.view(c).into_iter().filter_map(|(k, v)| numbers_only(v).map(|v| (k, v))).collect(),
                conditions: player_conditions(&state, c, now),
                acting,
                reacting: going && !acting && rules.reacts(c),
            }
        }))
    }

    /// The combatant that is saved character `character` in encounter `id`, hidden or
    /// not, while the encounter goes on (`None` once it has ended: nothing a player does
    /// reopens a fight the game master ended).
    ///
    /// # Errors
    /// No such encounter.
    pub fn character_combatant(&self, id: i64, character: i64) -> Result<Option<String>> {
        let row = self.db.encounter_row(id)?;
        if row.ended.is_some() {
            return Ok(None);
        }
        let state = self.encounter_state(&row)?;
        Ok(state.combatants.iter().find(|c| c.character == Some(character)).map(|c| c.name.clone()))
    }

    /// The rules of `system`'s encounters of the kind `mode` (empty: its usual one), and
    /// that kind's name.
    pub(crate) fn encounter_mode(system: &str, mode: &str) -> Result<(&'static str, &'static dyn EncounterRules)> {
        let modes = crate::systems::require(system)?.encounter_modes();
        if modes.is_empty() {
            let running: Vec<&str> =
                crate::systems::all().iter().filter(|s| !s.encounter_modes().is_empty()).map(|s| s.id()).collect();
            return Err(Error::InvalidInput(format!(
                "Tome does not run {system} encounters yet (it does for {})",
                running.join(", ")
            )));
        }
        let wanted = mode.trim();
        let found =
            if wanted.is_empty() { modes.first() } else { modes.iter().find(|m| m.name.eq_ignore_ascii_case(wanted)) };
        found.map(|m| (m.name, m.rules)).ok_or_else(|| Error::NotFound {
            what: "encounter mode",
            id: format!("{system} {wanted}"),
            suggestions: modes.iter().map(|m| m.name.to_string()).collect(),
        })
    }

    pub(super) fn encounter_rules(row: &EncounterRow) -> Result<&'static dyn EncounterRules> {
        Ok(Tome::encounter_mode(&row.system, &row.mode)?.1)
    }

    /// An encounter as it stands: its row, the rules of its system and kind, and its
    /// state (replayed from the newest checkpoint), as most calls here begin.
    ///
    /// # Errors
    /// No such encounter, or one whose events do not replay.
    pub(super) fn encounter_now(
        &self,
        id: i64,
    ) -> Result<(EncounterRow, &'static dyn EncounterRules, std::sync::Arc<State>)> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let state = self.encounter_state(&row)?;
        Ok((row, rules, state))
    }

    /// The system's own actions an encounter takes (`tome encounter act`).
    pub fn encounter_actions(&self, id: i64) -> Result<&'static [Action]> {
        let row = self.db.encounter_row(id)?;
        Ok(Tome::encounter_rules(&row)?.actions())
    }

    /// One of the system's own actions, by `name` if it is about one combatant, with its
    /// inputs by parameter name. What it needs from the content, and any die not typed in
    /// (rolled from `seed` when given), is worked out now and stored with it.
    ///
    /// # Errors
    /// An unknown action or combatant, inputs its parameters refuse, or an action the
    /// rules do not allow now; nothing changes.
    pub fn encounter_act(
        &mut self,
        id: i64,
        action: &str,
        name: Option<&str>,
        inputs: BTreeMap<String, String>,
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        self.encounter_act_sent(id, action, name, inputs, seed, None)
    }

    /// [`Tome::encounter_act`] for an action a player sent from their phone (`sent`),
    /// which the log marks as theirs.
    ///
    /// # Errors
    /// As [`Tome::encounter_act`].
    pub fn encounter_act_sent(
        &mut self,
        id: i64,
        action: &str,
        name: Option<&str>,
        inputs: BTreeMap<String, String>,
        seed: Option<u64>,
        sent: Option<crate::encounters::Sent>,
    ) -> Result<EncounterView> {
        let event = self.encounter_act_event(id, action, name, inputs, seed, sent)?;
        self.encounter_change(id, event)
    }

    /// The event [`Tome::encounter_act_sent`] would store, nothing stored: to say what
    /// it does before it is ([`Tome::table_outcome`]), then store it with
    /// [`Tome::encounter_change`].
    ///
    /// # Errors
    /// As [`Tome::encounter_act`].
    pub fn encounter_act_event(
        &self,
        id: i64,
        action: &str,
        name: Option<&str>,
        inputs: BTreeMap<String, String>,
        seed: Option<u64>,
        sent: Option<crate::encounters::Sent>,
    ) -> Result<Event> {
        let (_, rules, state) = self.encounter_now(id)?;
        let spec = crate::encounters::action_spec(rules, action)?;
        self.act_event(rules, &state, spec, name, inputs, seed, sent)
    }

    /// Action `spec` by combatant `name` (when it is about one) with `inputs`, checked by
    /// its parameters and prepared by the rules (what it needs from the content, and its
    /// dice, rolled now from `seed` when given): the event to store, nothing stored.
    ///
    /// # Errors
    /// An unknown combatant; inputs the parameters refuse; what the rules refuse to
    /// prepare.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn act_event(
        &self,
        rules: &dyn EncounterRules,
        state: &State,
        spec: &Action,
        name: Option<&str>,
        inputs: BTreeMap<String, String>,
        seed: Option<u64>,
        sent: Option<crate::encounters::Sent>,
    ) -> Result<Event> {
        let who = match name {
            Some(n) if spec.combatant => Some(state.find(n)?),
            _ => None,
        };
        let checked = crate::rules::Inputs::new(spec.params, inputs.clone())?;
        let mut rng = seed.map_or_else(|| StdRng::from_rng(&mut rand::rng()), StdRng::seed_from_u64);
        let none = BTreeMap::new();
        let facts = rules.prepare(self, state, &Act { action: spec, who, inputs: &checked, facts: &none }, &mut rng)?;
        Ok(Event::Act { action: spec.name.to_string(), name: name.map(str::to_string), inputs, facts, sent })
    }

    /// A roll of any dice (`dice`: "3d6", "d20+2", "stress") by combatant `name`'s player,
    /// made by Tome from `seed` when given; it goes to the log, and when not `secret` the
    /// table sees it while that combatant is visible.
    ///
    /// # Errors
    /// Dice Tome cannot roll (what it accepts is said), an unknown combatant; nothing
    /// changes.
    pub fn encounter_roll(
        &mut self,
        id: i64,
        name: &str,
        dice: &str,
        secret: bool,
        seed: Option<u64>,
    ) -> Result<(crate::dice::DiceRoll, EncounterView)> {
        let mut rng = seed.map_or_else(|| StdRng::from_rng(&mut rand::rng()), StdRng::seed_from_u64);
        let rolled = crate::dice::roll_spec(dice, &mut rng, 1).map_err(Error::InvalidInput)?;
        let view = self.encounter_said_roll(id, name, &rolled, secret)?;
        Ok((rolled, view))
    }

    /// A roll already made (`rolled`), said in encounter `id`'s log as combatant `name`'s
    /// player's ([`Tome::encounter_roll`]).
    ///
    /// # Errors
    /// An unknown combatant; nothing changes.
    pub fn encounter_said_roll(
        &mut self,
        id: i64,
        name: &str,
        rolled: &crate::dice::DiceRoll,
        secret: bool,
    ) -> Result<EncounterView> {
        self.encounter_change(id, roll_event(name, rolled, secret))
    }

    /// [`Tome::encounter_act`] for a form (the app): a refusal names each value by its
    /// field's label rather than its flag, and says which field it is about, as
    /// [`Tome::calculate_form`] does for a calculator.
    ///
    /// # Errors
    /// As [`Tome::encounter_act`]; a refused input is [`Error::FormInvalid`].
    pub fn encounter_act_form(
        &mut self,
        id: i64,
        action: &str,
        name: Option<&str>,
        inputs: BTreeMap<String, String>,
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        match self.encounter_act(id, action, name, inputs.clone(), seed) {
            Err(e @ Error::NotFound { .. }) => {
                let params = self
                    .encounter_actions(id)?
                    .iter()
                    .find(|a| a.name.eq_ignore_ascii_case(action))
                    .map_or(&[][..], |a| a.params);
                Err(crate::rules::not_found_in_form(e, &inputs, params))
            }
            Err(Error::InvalidInput(message)) => {
                let params = self
                    .encounter_actions(id)?
                    .iter()
                    .find(|a| a.name.eq_ignore_ascii_case(action))
                    .map_or(&[][..], |a| a.params);
                let (message, field) = crate::rules::for_form(&message, params);
                let problems =
                    field.map(|f| vec![crate::error::Problem::field(f, message.clone())]).unwrap_or_default();
                Err(Error::FormInvalid { message, problems: crate::error::Problems(problems) })
            }
            other => other,
        }
    }

    /// A new encounter of `system`.
    ///
    /// # Errors
    /// An unknown system, one whose encounters Tome does not run, or a bad name.
    pub fn create_encounter(&mut self, system: &str, name: &str) -> Result<EncounterView> {
        self.create_encounter_mode(system, name, None)
    }

    /// A new encounter of `system`, of the kind `mode` where the system runs more than
    /// one (Primal Wild: `fight` or `duel`); its usual one when `None`.
    ///
    /// # Errors
    /// An unknown system or mode, one whose encounters Tome does not run, or a bad name.
    pub fn create_encounter_mode(&mut self, system: &str, name: &str, mode: Option<&str>) -> Result<EncounterView> {
        let (mode, _) = Tome::encounter_mode(system, mode.unwrap_or_default())?;
        let row = self.db.create_encounter(system, name, mode)?;
        self.changed();
        self.encounter(row.id)
    }

    /// Every encounter, the most recently changed first.
    ///
    /// # Errors
    /// An encounter that does not read (all of them refused:
    /// [`Tome::encounters_vouched`] lists the others).
    pub fn encounters(&self) -> Result<Vec<Summary>> {
        self.encounters_vouched()?.whole()
    }

    /// Every encounter, the most recently changed first: those that read, and the damage
    /// of each that does not.
    ///
    /// # Errors
    /// The list itself cannot be read.
    pub fn encounters_vouched(&self) -> Result<crate::db::Vouched<Summary>> {
        let mut out = crate::db::Vouched::default();
        let listed = self.db.encounter_rows_vouched()?;
        out.unread = listed.unread;
        for row in listed.rows {
            // An encounter whose log no longer replays under today's rules still lists
            // (at round 0, for the user to open and see why); a damaged one is damage,
            // never shown as data.
            let round = match self.encounter_state(&row) {
                Ok(s) => s.round,
                Err(e) if e.is_damage() => {
                    out.unread.push(e.naming(&format!("encounter {}", row.id)));
                    continue;
                }
                Err(_) => 0,
            };
            let mode = Tome::encounter_mode(&row.system, &row.mode).map_or(row.mode.clone(), |m| m.0.to_string());
            out.rows.push(Summary {
                id: row.id,
                name: row.name,
                system: row.system,
                mode,
                round,
                updated: row.updated,
                ended: row.ended,
            });
        }
        Ok(out)
    }

    /// The encounter changed most recently, if there is one (what sharing with the table
    /// follows unless told which).
    pub fn latest_encounter(&self) -> Result<Option<i64>> {
        Ok(self.db.encounter_rows()?.first().map(|row| row.id))
    }

    /// The encounter changed most recently among those that have started (round 1 or
    /// more), if there is one: what sharing with the table follows unless told which, so
    /// an encounter the game master is still preparing never reaches the table.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn latest_started_encounter(&self) -> Result<Option<i64>> {
        for row in self.db.encounter_rows()? {
            if self.encounter_state(&row)?.round > 0 {
                return Ok(Some(row.id));
            }
        }
        Ok(None)
    }

    /// Deletes an encounter with its log.
    pub fn delete_encounter(&mut self, id: i64) -> Result<()> {
        self.db.delete_encounter(id)?;
        self.changed();
        Ok(())
    }

    /// The state the events in force add up to: the one kept in memory when nothing was
    /// written since (`kept.rs`), else resumed from the newest checkpoint, and kept.
    /// Shared with what is kept, so a read copies nothing; a change copies it
    /// ([`Tome::encounter_change`]) to apply its event to.
    pub(crate) fn encounter_state(&self, row: &EncounterRow) -> Result<std::sync::Arc<State>> {
        let version = self.db.data_version()?;
        if let Some(state) = self.kept_state(row.id, row.head, version) {
            return Ok(state);
        }
        let state = self.encounter_state_from(row, row.head)?;
        Ok(self.keep_state(row.id, row.head, version, state))
    }

    /// The state the events in force add up to, resumed from the newest checkpoint at or
    /// below `from` (so its log holds at least the entries after `from`). A checkpoint
    /// that is damaged or was made by other code is passed over, and a replay keeps
    /// checkpoints on its way, so the next call is short again.
    fn encounter_state_from(&self, row: &EncounterRow, from: usize) -> Result<State> {
        let rules = Tome::encounter_rules(row)?;
        let key = checkpoint::key();
        let mut state = State::new(&row.system);
        if let Some((seq, sum, blob)) = self.db.encounter_checkpoint(row.id, from.min(row.head), key)? {
            match checkpoint::decode(row.id, &blob, sum, seq) {
                Ok(kept) if kept.system == row.system => state = kept,
                // Not to be read again: the replay below writes a good one in its place.
                _ => self.db.drop_encounter_checkpoint(row.id, seq).unwrap_or(()),
            }
        }
        let mut tail = self.db.encounter_events_between(row.id, state.applied, row.head)?;
        self.upgrade_older_adds(row, rules, state.applied + 1, &mut tail)?;
        let sheet = |id| self.sheet_stats(rules, &row.system, id);
        let mut rest = tail.as_slice();
        while !rest.is_empty() {
            let every = self.checkpoint_interval;
            let step = (every - state.applied % every).min(rest.len());
            state.resume(rules, &rest[..step], &sheet).map_err(|e| self.log_damage(row, e))?;
            rest = &rest[step..];
            self.keep_checkpoint(row.id, &mut state);
        }
        Ok(state)
    }

    /// `e`, from replaying the stored log of `row`, as what it is: the events Tome stored
    /// were applied when made, so one that no longer applies is damage, not bad input.
    fn log_damage(&self, row: &EncounterRow, e: Error) -> Error {
        if e.is_damage() {
            return e;
        }
        self.db.noticed(Error::damaged(self.db.label(), &format!("encounter {}", row.id), e))
    }

    /// Every encounter whose stored events (those undone included) are not as Tome wrote
    /// them, or whose events in force no longer replay from the start: `tome db check`'s
    /// part that needs the game systems' rules. Checkpoints are not read.
    ///
    /// # Errors
    /// The database cannot be read.
    pub(crate) fn encounters_that_do_not_replay(&self) -> Result<Vec<crate::db::damage::DamagedRecord>> {
        let mut found = Vec::new();
        for row in self.db.encounter_rows()? {
            let replayed = self.db.encounter_events(row.id).and_then(|events| {
                let rules = Tome::encounter_rules(&row)?;
                let sheet = |id| self.sheet_stats(rules, &row.system, id);
                if row.head > events.len() {
                    // The head counts events in force: those it counts must be stored.
                    return Err(self.db.noticed(Error::damaged(
                        self.db.label(),
                        &format!("encounter {}", row.id),
                        format!("it is missing events: {} are in force and {} stored", row.head, events.len()),
                    )));
                }
                let in_force = &events[..row.head];
                State::replay(&row.system, rules, in_force, &sheet).map_err(|e| self.log_damage(&row, e))
            });
            if let Err(e) = replayed {
                let problem = e.damage_detail().unwrap_or_else(|| e.to_string());
                found.push(crate::db::damage::DamagedRecord {
                    record: format!("encounter {} ({})", row.id, row.name),
                    problem,
                });
            }
        }
        Ok(found)
    }

    /// Drops every checkpoint of this build's code whose checksum or state does not match
    /// what it holds or where it stands (changed, moved, or copied from another fight):
    /// `tome db check`'s part for them, each named. A checkpoint is a cache, so this
    /// loses nothing; reads already pass such a one over.
    ///
    /// # Errors
    /// The database cannot be read or written.
    pub(crate) fn drop_checkpoints_that_do_not_match(&self) -> Result<Vec<String>> {
        let mut dropped = Vec::new();
        for c in self.db.encounter_checkpoints_by(checkpoint::key())? {
            if checkpoint::decode(c.encounter, &c.state, c.sum, c.seq).is_err() {
                self.db.drop_encounter_checkpoint(c.encounter, c.seq)?;
                dropped.push(format!("encounter {}, its state after event {}", c.encounter, c.seq));
            }
        }
        Ok(dropped)
    }

    /// Keeps a fight's checkpoints every `events` events from now on (at least one) rather
    /// than every [`checkpoint::INTERVAL`]: for the stored fuzz target, whose fights are
    /// too short to reach the usual one.
    pub(crate) fn set_checkpoint_interval(&mut self, events: usize) {
        self.checkpoint_interval = events.max(1);
    }

    /// Keeps a checkpoint of `state` when it is at one of the checkpoints' steps. A
    /// checkpoint is a cache: one that cannot be written (a read-only file) is no loss.
    fn keep_checkpoint(&self, id: i64, state: &mut State) {
        if checkpoint::due(state.applied, self.checkpoint_interval) {
            let (blob, sum) = checkpoint::encode(id, state);
            self.db.put_encounter_checkpoint(id, state.applied, checkpoint::key(), sum, &blob).unwrap_or(());
        }
    }

    /// Gives an Add stored by an older Tome, which kept no stats for its saved characters,
    /// the stats their sheets gave when it was made: each character's newest revision
    /// saved by the event's time (its first, if none is that old), read once and written
    /// into the stored event, so replaying it never depends on the sheet as it is later.
    /// `first` is the number of `events[0]`. A copy that cannot be written back (a
    /// read-only file) is read from the revisions again next time, to the same result.
    ///
    /// # Errors
    /// A character that is no longer saved, or of another system.
    pub(super) fn upgrade_older_adds(
        &self,
        row: &EncounterRow,
        rules: &dyn EncounterRules,
        first: usize,
        events: &mut [(i64, Event)],
    ) -> Result<()> {
        for (i, (at, event)) in events.iter_mut().enumerate() {
            let Event::Add { combatants, .. } = event else { continue };
            let mut upgraded = false;
            for c in combatants.iter_mut().filter(|c| c.from_sheet.is_none()) {
                if let Some(id) = c.character {
                    c.from_sheet = Some(self.sheet_stats_at(rules, &row.system, id, *at)?);
                    upgraded = true;
                }
            }
            if upgraded {
                self.db.rewrite_encounter_event(row.id, first + i, event).unwrap_or(());
            }
        }
        Ok(())
    }

    /// What a character's sheet, changed from `before` to `after`, changes in the fights
    /// going on that have them (issue 56: an AP written on the sheet mid-fight is what the
    /// next attack costs): each fight's id, the combatant, and the stats to set. Only what
    /// the sheet changed: a stat the game master set by hand in the fight stays until the
    /// sheet changes it. Read before the new sheet is saved, so a fight replayed to find
    /// its combatant reads the sheets it was played with. A fight whose log no longer
    /// replays under today's rules is passed over (it cannot take the change).
    ///
    /// # Errors
    /// The fights, the sheets' references or a fight's log do not read (damage): a save
    /// that cannot tell the fights what it changes is refused, never saved with the
    /// fights left on the old numbers (issue 73).
    pub(super) fn fights_to_tell(
        &self,
        before: &crate::characters::Character,
        after: &crate::characters::Character,
    ) -> Result<Vec<SheetToFight>> {
        let rows = self.db.encounter_rows()?;
        let mut rows = rows.into_iter().filter(|r| r.ended.is_none() && r.system == after.system).peekable();
        if rows.peek().is_none() {
            // No fight going on in the system: a save (the app's, as the player types)
            // derives nothing more.
            return Ok(Vec::new());
        }
        // Each sheet derived once, whatever the number of fights.
        let (derived_before, derived_after) = (self.derive_character(before)?, self.derive_character(after)?);
        let mut told = Vec::new();
        for row in rows {
            let Ok(rules) = Tome::encounter_rules(&row) else { continue };
            let stats = |c: &crate::characters::Character, derived| -> BTreeMap<String, i64> {
                let mut s = rules.stats_from_sheet(c, derived);
                s.retain(|k, _| rules.stats().iter().any(|spec| spec.key == k));
                s
            };
            let (old, new) = (stats(before, &derived_before), stats(after, &derived_after));
            let tell = match rules.sheet_action() {
                // The whole sheet, in one change: its stats, marks, conditions and values.
                Some(action) => {
                    let diff = SheetDiff::between(
                        (&old, &rules.sheet_brings(self, before, &derived_before)),
                        (&new, &rules.sheet_brings(self, after, &derived_after)),
                    );
                    if diff.is_empty() {
                        continue;
                    }
                    Told::Sheet(action, diff)
                }
                // The stats that changed, one by one, and the conditions the sheet now
                // lists or no longer does (MythCraft's Shaken), each as its own change.
                None => {
                    let changed: Vec<(String, i64)> = new.into_iter().filter(|(k, v)| old.get(k) != Some(v)).collect();
                    let held = SheetDiff::between(
                        (&BTreeMap::new(), &rules.sheet_brings(self, before, &derived_before)),
                        (&BTreeMap::new(), &rules.sheet_brings(self, after, &derived_after)),
                    );
                    if changed.is_empty() && held.held_on.is_empty() && held.held_off.is_empty() {
                        continue;
                    }
                    Told::Sets { stats: changed, held_on: held.held_on, held_off: held.held_off }
                }
            };
            let state = match self.encounter_state(&row) {
                Ok(state) => state,
                Err(e) if e.is_damage() => return Err(e.naming(&format!("encounter {}", row.id))),
                Err(_) => continue,
            };
            if let Some(c) = state.combatants.iter().find(|c| c.character == Some(after.id)) {
                told.push((row.id, c.name.clone(), tell));
            }
        }
        Ok(told)
    }

    /// Sets in each fight what [`Tome::fights_to_tell`] found, a change each in its log,
    /// in the save's transaction ([`Tome::one_write`]). A fight whose rules refuse a value
    /// keeps its own; the save stands either way.
    ///
    /// # Errors
    /// A fight that cannot be read or written (damage, a full disk): the save with it.
    pub(super) fn tell_fights(&mut self, told: Vec<SheetToFight>) -> Result<()> {
        for (id, name, tell) in told {
            let events: Vec<Event> = match tell {
                Told::Sets { stats, held_on, held_off } => held_off
                    .into_iter()
                    .map(|condition| Event::RemoveCondition { name: name.clone(), condition })
                    .chain(stats.into_iter().map(|(field, value)| Event::Set { name: name.clone(), field, value }))
                    .chain(held_on.into_iter().map(|condition| Event::AddCondition {
                        name: name.clone(),
                        condition,
                        duration: crate::encounters::Duration::UntilRemoved,
                    }))
                    .collect(),
                Told::Sheet(action, diff) => {
                    let Ok(json) = serde_json::to_string(&diff) else { continue };
                    vec![Event::Act {
                        action: action.to_string(),
                        name: Some(name),
                        inputs: BTreeMap::new(),
                        facts: BTreeMap::from([(crate::encounters::SHEET_FACT.to_string(), json)]),
                        sent: None,
                    }]
                }
            };
            // Values bounded by one another (Willpower points by the dots) may be refused
            // one at a time in the order given: what is refused is tried again once the
            // others are set, for as long as that sets more.
            let mut pending = events;
            loop {
                let before = pending.len();
                let mut refused = Vec::new();
                for event in pending {
                    match self.encounter_change(id, event.clone()) {
                        Ok(_) => {}
                        Err(e) if e.code() == crate::ErrorCode::InvalidInput => refused.push(event),
                        Err(e) => return Err(e),
                    }
                }
                if refused.is_empty() || refused.len() == before {
                    break;
                }
                pending = refused;
            }
        }
        Ok(())
    }

    /// [`Tome::sheet_stats`] of character `id` as its newest revision saved at or before
    /// `at` (Unix seconds) had it; its first revision when all are newer.
    fn sheet_stats_at(
        &self,
        rules: &dyn EncounterRules,
        system: &str,
        id: i64,
        at: i64,
    ) -> Result<BTreeMap<String, i64>> {
        let revisions = self.db.character_revisions(id)?;
        let number = revisions.iter().rev().find(|r| r.saved_at <= at).unwrap_or(&revisions[0]).number;
        let mut c = self.character(id)?;
        if c.system != system {
            return Err(Error::InvalidInput(format!("{} is a {} character, not {system}", c.name, c.system)));
        }
        if number != c.revision {
            let then = self.db.character_revision(id, number)?;
            (c.name, c.values, c.items, c.conditions, c.spells, c.revision) =
                (then.name, then.values, then.items, then.conditions, then.spells, number);
        }
        let derived = self.derive_character(&c)?;
        Ok(rules.stats_from_sheet(&c, &derived))
    }

    pub(super) fn sheet_stats(
        &self,
        rules: &dyn EncounterRules,
        system: &str,
        id: i64,
    ) -> Result<BTreeMap<String, i64>> {
        Ok(self.sheet_join(rules, system, id)?.0)
    }

    /// What character `id`'s sheet brings into a fight of `system` as it joins: its stats
    /// and the rest ([`EncounterRules::sheet_brings`]), from one reading of the sheet.
    fn sheet_join(
        &self,
        rules: &dyn EncounterRules,
        system: &str,
        id: i64,
    ) -> Result<(BTreeMap<String, i64>, SheetBrings)> {
        let c = self.character(id)?;
        if c.system != system {
            return Err(Error::InvalidInput(format!("{} is a {} character, not {system}", c.name, c.system)));
        }
        let derived = self.derive_character(&c)?;
        Ok((rules.stats_from_sheet(&c, &derived), rules.sheet_brings(self, &c, &derived)))
    }

    /// An encounter as it stands.
    pub fn encounter(&self, id: i64) -> Result<EncounterView> {
        let row = self.db.encounter_row(id)?;
        let state = self.shown(&row, self.encounter_state(&row)?)?;
        let stored = self.db.encounter_event_count(id)?;
        let attacks = self.attacks_in(Tome::encounter_rules(&row)?, &state)?;
        Ok(view(&row, &state, stored, now(), &|_, c| attacks.get(&c.name).cloned().unwrap_or_default()))
    }

    /// `state` as the board shows it: after an undo, the States the real clock ended
    /// with the change taken back stay ended ([`State::settled`]).
    fn shown(&self, row: &EncounterRow, state: std::sync::Arc<State>) -> Result<std::sync::Arc<State>> {
        let Some(at) = self.db.encounter_undone_at(row.id, row.head)? else { return Ok(state) };
        Ok(state.settled(Tome::encounter_rules(row)?, at)?.map_or(state, std::sync::Arc::new))
    }

    /// The encounter as a replay of its whole stored log shows it, no checkpoint read and
    /// nothing kept in memory used: what the tests and the fuzz target hold
    /// [`Tome::encounter`] to.
    ///
    /// # Errors
    /// No such encounter, or a stored event that no longer applies (damage).
    pub fn encounter_replayed(&self, id: i64) -> Result<EncounterView> {
        let row = self.db.encounter_row(id)?;
        let state = self.shown(&row, std::sync::Arc::new(self.encounter_state_from(&row, 0)?))?;
        let stored = self.db.encounter_event_count(id)?;
        let attacks = self.attacks_in(Tome::encounter_rules(&row)?, &state)?;
        Ok(view(&row, &state, stored, now(), &|_, c| attacks.get(&c.name).cloned().unwrap_or_default()))
    }

    /// The log of the events in force, oldest first.
    pub fn encounter_log(&self, id: i64) -> Result<Vec<LogEntry>> {
        let row = self.db.encounter_row(id)?;
        Ok(self.encounter_state_from(&row, 0)?.log)
    }

    /// The last `count` entries of the log in force (all of them when there are fewer),
    /// oldest first: what a screen shows on opening, at the same cost however long the
    /// fight has run.
    pub fn encounter_log_tail(&self, id: i64, count: usize) -> Result<Vec<LogEntry>> {
        let row = self.db.encounter_row(id)?;
        let from = row.head.saturating_sub(count);
        let mut log = self.encounter_state_from(&row, from)?.log;
        let first = from + 1;
        log.retain(|e| e.seq >= first);
        Ok(log)
    }

    /// Makes one change: checked against the current state (nothing is stored if it
    /// does not apply), then stored as the next event. A saved character joining has its
    /// sheet read now and its stats kept in the event, so replaying the fight never
    /// depends on what the sheet says later.
    ///
    /// # Errors
    /// Whatever makes the change not apply (an unknown combatant, damage before the
    /// start, a value out of range, a character that is not saved or of another system),
    /// with nothing changed.
    pub fn encounter_change(&mut self, id: i64, event: Event) -> Result<EncounterView> {
        let row = self.db.encounter_row(id)?;
        let state = self.encounter_state(&row)?;
        self.change_from(row, state, event)
    }

    /// [`Tome::encounter_change`] from the `state` its caller has just read of `row`
    /// (to build the event), so a change replays the fight once.
    fn change_from(
        &mut self,
        row: EncounterRow,
        state: std::sync::Arc<State>,
        mut event: Event,
    ) -> Result<EncounterView> {
        let id = row.id;
        let rules = Tome::encounter_rules(&row)?;
        check_room(rules, &state, &event)?;
        if let Event::Set { field, .. } = &mut event {
            if let Some(key) = rules.set_word(field) {
                *field = key;
            }
        }
        if let Event::Add { combatants, .. } = &mut event {
            for c in combatants {
                (c.from_sheet, c.brought) = match c.character {
                    Some(cid) => {
                        let (stats, brought) = self.sheet_join(rules, &row.system, cid)?;
                        (Some(stats), Some(brought).filter(|b| *b != SheetBrings::default()))
                    }
                    None => (None, None),
                };
                c.name_changed_defaults(rules);
            }
        }
        let at = now();
        // A copy: the state read stays kept (an undo straight after reads it), and one the
        // event does not apply to is dropped half-changed.
        let state = std::sync::Arc::unwrap_or_clone(state);
        let mut state = state.applied(rules, at, &event, &|cid| self.sheet_stats(rules, &row.system, cid))?;
        let writes = self.db.writes();
        self.db.push_encounter_event(id, row.head, &event, at)?;
        self.changed();
        self.keep_checkpoint(id, &mut state);
        // The state just worked out is what a replay of the stored events gives (the same
        // events at the same times), so the answer is drawn from it rather than replaying
        // the whole log again; the events above the old head are gone, so none is to redo.
        let head = row.head + 1;
        let row = EncounterRow { head, updated: at, ended: None, ..row };
        let attacks = self.attacks_in(rules, &state)?;
        let shown = view(&row, &state, head, at, &|_, c| attacks.get(&c.name).cloned().unwrap_or_default());
        self.keep_changed_state(id, head, writes, state);
        Ok(shown)
    }

    /// Adds `count` quick combatants called `name` ("Goblin" ×3 → Goblin 1, Goblin 2,
    /// Goblin 3), with `stats` by key or abbreviation.
    pub fn encounter_add_npc(
        &mut self,
        id: i64,
        name: &str,
        count: i64,
        stats: BTreeMap<String, i64>,
    ) -> Result<EncounterView> {
        self.encounter_add_npc_seeded(id, name, count, stats, None)
    }

    /// [`Tome::encounter_add_npc`], with the initiative Tome rolls for a late joiner made
    /// repeatable by `seed`.
    pub fn encounter_add_npc_seeded(
        &mut self,
        id: i64,
        name: &str,
        count: i64,
        stats: BTreeMap<String, i64>,
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        self.encounter_add_npc_with(id, name, count, stats, None, seed)
    }

    /// [`Tome::encounter_add_npc_seeded`], hidden from the players on arrival or not
    /// (`None`: as the fight's setting says, [`Tome::newcomers_hidden`]).
    ///
    /// # Errors
    /// A count out of range, a name taken, a stat the rules refuse.
    pub fn encounter_add_npc_with(
        &mut self,
        id: i64,
        name: &str,
        count: i64,
        stats: BTreeMap<String, i64>,
        hidden: Option<bool>,
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        self.encounter_join(id, quick_combatants(name, count, stats)?, hidden, seed)
    }

    /// Whether those who join the encounter `id` without a word join hidden from the
    /// players: the game master's choice for that fight, chosen while sharing (off until
    /// chosen). Player characters never follow it: a saved character joins shown unless
    /// the add says hidden. Kept with the encounter, so the command line in another process
    /// follows it, and the next fight starts without it.
    ///
    /// # Errors
    /// No such encounter.
    pub fn newcomers_hidden(&self, id: i64) -> Result<bool> {
        self.db.encounter_newcomers_hidden(id)
    }

    /// Sets whether encounter `id` offers to show a hidden combatant that attacks one the
    /// players see, or is struck by one ([`EncounterView::reveal`]); a fight offers nothing
    /// until told to. The fight as it stands then.
    ///
    /// # Errors
    /// No such encounter.
    pub fn encounter_offer_reveal(&mut self, id: i64, on: bool) -> Result<EncounterView> {
        // The setting is the row's, not the fight's state: what is kept of it stays good.
        let writes = self.db.writes();
        self.db.set_offer_reveal(id, on)?;
        self.keep_across(id, writes);
        self.changed();
        self.encounter(id)
    }

    /// Sets whether a player's phone is told the totals their accepted action was
    /// compared with, the defender's among them ([`EncounterView::table_totals`]). The
    /// fight as it stands then.
    ///
    /// # Errors
    /// No such encounter.
    pub fn encounter_table_totals(&mut self, id: i64, on: bool) -> Result<EncounterView> {
        let writes = self.db.writes();
        self.db.set_table_totals(id, on)?;
        self.keep_across(id, writes);
        self.changed();
        self.encounter(id)
    }

    /// Sets [`Tome::newcomers_hidden`] for the encounter `id`.
    ///
    /// # Errors
    /// No such encounter.
    pub fn set_newcomers_hidden(&mut self, id: i64, hidden: bool) -> Result<()> {
        self.db.set_encounter_newcomers_hidden(id, hidden)?;
        self.changed();
        Ok(())
    }

    /// Combatants join; once an initiative fight has started, Tome rolls each one's
    /// initiative by the system's dice, stored with the event.
    /// Each joins hidden as `hidden` says (`None`: as the fight's
    /// [`Tome::newcomers_hidden`] says, for all but saved characters, who join shown; a
    /// newcomer already marked hidden stays hidden), in the same change, so the table is
    /// never drawn with it between its joining and a hide.
    pub(crate) fn encounter_join(
        &mut self,
        id: i64,
        mut combatants: Vec<NewCombatant>,
        hidden: Option<bool>,
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        let setting = match hidden {
            Some(_) => false,
            None => self.newcomers_hidden(id)?,
        };
        for c in &mut combatants {
            c.hidden |= hidden.unwrap_or(setting && c.character.is_none());
        }
        let (row, rules, state) = self.encounter_now(id)?;
        let event = join_event(rules, &state, combatants, seed)?;
        self.change_from(row, state, event)
    }

    /// Adds a copy of a combatant as a quick one with the same stats, named as the next of
    /// its kind ("Goblin 2" after "Goblin 1" and "Goblin"; "Vex 2" for a saved Vex).
    ///
    /// # Errors
    /// No such encounter or combatant.
    pub fn encounter_duplicate(&mut self, id: i64, name: &str) -> Result<EncounterView> {
        self.encounter_duplicate_seeded(id, name, None)
    }

    /// [`Tome::encounter_duplicate`], with the copy's initiative (after the start) made
    /// repeatable by `seed`.
    pub fn encounter_duplicate_seeded(&mut self, id: i64, name: &str, seed: Option<u64>) -> Result<EncounterView> {
        let (_, rules, state) = self.encounter_now(id)?;
        let original = &state.combatants[state.find(name)?];
        // "Goblin 3" → "Goblin"; a name without a number is its own stem.
        let stem = match original.name.rsplit_once(' ') {
            Some((head, n)) if n.parse::<u32>().is_ok() => head.to_string(),
            _ => original.name.clone(),
        };
        // A shown copy is numbered by the names the table sees, so its number never
        // tells of a hidden one (issue 71's attack: a hidden "Raider 2" made the copy
        // "Raider 3"); where that number is a hidden one's, the game master is asked.
        let counts = |c: &crate::encounters::Combatant| original.hidden || !c.hidden;
        let taken = |n: &str| state.combatants.iter().any(|c| counts(c) && c.name.eq_ignore_ascii_case(n));
        let copy = (2..=crate::encounters::MAX_COMBATANTS + 1)
            .map(|n| format!("{stem} {n}"))
            .find(|n| !taken(n))
            .unwrap_or_else(|| format!("{stem} copy"));
        super::adversaries::not_a_hidden_name(&state, &copy)?;
        let stats = original
            .stats
            .iter()
            .filter(|(k, _)| rules.stats().iter().any(|s| s.key == k.as_str()))
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        // A copy of a hidden combatant is as hidden as the original.
        let copy = NewCombatant { hidden: original.hidden, ..NewCombatant::quick(copy, stats) };
        self.encounter_join(id, vec![copy], None, seed)
    }

    /// Adds a saved character: its stats come from its sheet as it is now, and are kept
    /// in the event (see [`Tome::encounter_change`]).
    pub fn encounter_add_character(&mut self, id: i64, character: i64) -> Result<EncounterView> {
        self.encounter_add_character_with(id, character, None)
    }

    /// [`Tome::encounter_add_character`], hidden from the players on arrival or not
    /// (`None`: shown; a player character never follows the fight's
    /// [`Tome::newcomers_hidden`]).
    ///
    /// # Errors
    /// No such character or encounter; a character of another system or already in it.
    pub fn encounter_add_character_with(
        &mut self,
        id: i64,
        character: i64,
        hidden: Option<bool>,
    ) -> Result<EncounterView> {
        let c = self.character(character)?;
        self.encounter_join(id, vec![NewCombatant::saved(c.name, character)], hidden, None)
    }

    /// Rolls initiative: the rolls typed in are used, every other one (and every tie
    /// re-roll needed) is rolled by Tome, from `seed` when given. All of them go in the
    /// log.
    pub fn encounter_start(
        &mut self,
        id: i64,
        typed: &[(String, i64)],
        typed_ties: &[(String, i64)],
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        let (row, rules, state) = self.encounter_now(id)?;
        let event = start_event(rules, &state, typed, typed_ties, seed)?;
        self.change_from(row, state, event)
    }

    /// Rolls initiative with the rolls the players' phones sent (`sent`: the combatant,
    /// the die, and whether Tome rolled it on the phone rather than the player typing
    /// it, which the log says); Tome rolls the rest, as [`Tome::encounter_start`] does.
    ///
    /// # Errors
    /// What [`Tome::encounter_start`] refuses.
    pub fn encounter_start_sent(
        &mut self,
        id: i64,
        sent: &[(String, i64, bool)],
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        let (row, rules, state) = self.encounter_now(id)?;
        let typed: Vec<(String, i64)> = sent.iter().map(|(n, v, _)| (n.clone(), *v)).collect();
        let mut event = start_event(rules, &state, &typed, &[], seed)?;
        if let Event::Start { rolls, .. } = &mut event {
            for r in rolls.iter_mut() {
                r.rolled |= sent.iter().any(|(n, _, rolled)| *rolled && n.eq_ignore_ascii_case(&r.name));
            }
        }
        self.change_from(row, state, event)
    }

    /// Adds (or with `remove`, takes off) a condition the system's reference holds, by id,
    /// name or alias ("Bleeding (2)": the entry with its amount). A name the reference
    /// does not know is refused with what may have been meant
    /// ([`Tome::encounter_custom_condition`] keeps it as the game master's own).
    ///
    /// # Errors
    /// `not_found` for a name the reference does not know, with suggestions.
    pub fn encounter_condition(
        &mut self,
        id: i64,
        name: &str,
        condition: &str,
        duration: Duration,
        remove: bool,
    ) -> Result<EncounterView> {
        self.change_condition(id, name, condition, duration, remove, false)
    }

    /// Adds a condition the game master explicitly keeps as its own when the reference
    /// does not know its name (a name it knows is still its entry, so the rules apply).
    pub fn encounter_custom_condition(
        &mut self,
        id: i64,
        name: &str,
        condition: &str,
        duration: Duration,
    ) -> Result<EncounterView> {
        self.change_condition(id, name, condition, duration, false, true)
    }

    fn change_condition(
        &mut self,
        id: i64,
        name: &str,
        condition: &str,
        duration: Duration,
        remove: bool,
        custom: bool,
    ) -> Result<EncounterView> {
        let row = self.db.encounter_row(id)?;
        let rules = Tome::encounter_rules(&row)?;
        let event = self.condition_event(&row.system, rules, name, condition, duration, remove, custom)?;
        let state = self.encounter_state(&row)?;
        self.change_from(row, state, event)
    }

    /// A condition name the reference does not know: refused, with the system's entries
    /// whose names (or aliases, summaries) the search finds closest, so a typo is never
    /// kept as an inert custom condition.
    pub(super) fn unknown_condition(&self, system: &str, text: &str) -> Error {
        let filter = crate::search::SearchFilter { system: Some(system.to_string()), kind: None, limit: Some(5) };
        let mut suggestions: Vec<String> = Vec::new();
        let names = self.index().map(|index| crate::search::names(index, text, &filter)).unwrap_or_default();
        for name in names {
            if !suggestions.contains(&name) && suggestions.len() < 3 {
                suggestions.push(name);
            }
        }
        let meant = match suggestions.as_slice() {
            [] => ".".to_string(),
            [one] => format!("; did you mean `{one}`?"),
            many => format!(
                "; did you mean one of: {}?",
                many.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
            ),
        };
        Error::FormNotFound {
            message: format!(
                "the {system} reference has no condition named `{text}`{meant} To keep it as your own condition, add it as custom"
            ),
            problems: crate::error::Problems::default(),
            suggestions,
        }
    }

    /// The id and name of the system's entry (a condition, or a rule tracked as one such
    /// as Catching your Breath) known by this id, or by this name or alias (case aside): a
    /// search hit on another entry's text is no match, however it ranks. Two queries, no
    /// search: the search's folded spellings were never taken, as a match had to equal
    /// the text (case aside) all the same.
    ///
    /// # Errors
    /// The entries do not read (damage): never "no such condition".
    pub(crate) fn condition_entry(&self, system: &str, text: &str) -> Result<Option<(String, String)>> {
        if let Some(found) = self.db.entry_named(system, text)? {
            return Ok(Some(found));
        }
        Ok(self.db.entry(text).found()?.filter(|e| e.system == system).map(|e| (e.id, e.name)))
    }

    /// Takes back the last change in force.
    ///
    /// # Errors
    /// Nothing to undo.
    pub fn encounter_undo(&mut self, id: i64) -> Result<EncounterView> {
        let row = self.db.encounter_row(id)?;
        if row.head == 0 {
            return Err(Error::InvalidInput(format!("encounter {id} has nothing to undo")));
        }
        self.move_head(id, row.head - 1)
    }

    /// Brings back the last change undone.
    ///
    /// # Errors
    /// Nothing to redo.
    pub fn encounter_redo(&mut self, id: i64) -> Result<EncounterView> {
        let row = self.db.encounter_row(id)?;
        if row.head >= self.db.encounter_event_count(id)? {
            return Err(Error::InvalidInput(format!("encounter {id} has nothing to redo")));
        }
        self.move_head(id, row.head + 1)
    }

    /// Moves encounter `id`'s head (an undo or a redo), telling the kept states that only
    /// the head moved, and shows the encounter there.
    fn move_head(&mut self, id: i64, head: usize) -> Result<EncounterView> {
        let writes = self.db.writes();
        self.db.set_encounter_head(id, head)?;
        self.keep_across(id, writes);
        self.changed();
        self.encounter(id)
    }

    /// What lasts after the fight for each linked character; with `apply`, written to
    /// each as a new revision and the encounter marked ended (until its next change).
    pub fn encounter_end(&mut self, id: i64, apply: bool) -> Result<Vec<Lasting>> {
        if apply {
            // The sheets and the fight's end together, or none of them (issue 73).
            return self.one_write(|t| t.encounter_end_in(id, true));
        }
        self.encounter_end_in(id, false)
    }

    fn encounter_end_in(&mut self, id: i64, apply: bool) -> Result<Vec<Lasting>> {
        let (row, rules, state) = self.encounter_now(id)?;
        let writes = self.db.writes();
        let mut out = Vec::new();
        for c in state.combatants.iter() {
            let Some(cid) = c.character else { continue };
            let mut sheet = match self.character(cid) {
                Ok(sheet) => sheet,
                Err(Error::NotFound { .. }) => {
                    // Deleted since it joined: said, against the numbers it joined with,
                    // and skipped; the others' sheets are written and the fight ends.
                    out.push(Lasting { deleted: true, ..lasted(&row.system, rules, c, cid) });
                    continue;
                }
                Err(e) => return Err(e),
            };
            let mut changes = BTreeMap::new();
            for (field, value) in rules.lasting(c) {
                let before = match sheet.values.get(&field) {
                    Some(SheetValue::Int(n)) => Some(*n),
                    _ => None,
                };
                if before.unwrap_or(0) != value {
                    changes.insert(field.clone(), (before, value));
                    sheet.values.insert(field, SheetValue::Int(value));
                }
            }
            let revision =
                if apply && !changes.is_empty() { Some(self.save_character(&sheet)?.revision) } else { None };
            let labels = field_labels(&row.system, &changes);
            out.push(Lasting { combatant: c.name.clone(), character: cid, changes, labels, revision, deleted: false });
        }
        if apply {
            self.db.end_encounter(id, now())?;
            self.keep_across(id, writes);
            self.changed();
        }
        Ok(out)
    }

    /// What the fight changed on each saved character still in it: what lasts
    /// ([`EncounterRules::lasting`]) as it ends, against the same fields as they stood
    /// when the character joined. Unlike [`Tome::encounter_end`] this never reads the
    /// sheet, so it says the same after the sheets are written, after a later fight, and
    /// once the character is deleted.
    pub(crate) fn encounter_lasted(&self, id: i64) -> Result<Vec<Lasting>> {
        let (row, rules, state) = self.encounter_now(id)?;
        Ok(state.combatants.iter().filter_map(|c| Some(lasted(&row.system, rules, c, c.character?))).collect())
    }
}

/// What lasts of combatant `c` (saved character `character`) against its numbers as it
/// joined the fight, read from no sheet.
fn lasted(system: &str, rules: &dyn EncounterRules, c: &Combatant, character: i64) -> Lasting {
    let changes = rules
        .lasting(c)
        .into_iter()
        .filter_map(|(field, after)| {
            let before = c.joined.get(&field).copied();
            (before != Some(after)).then_some((field, (before, after)))
        })
        .collect();
    let labels = field_labels(system, &changes);
    Lasting { combatant: c.name.clone(), character, changes, labels, revision: None, deleted: false }
}

/// What the sheet of `system` calls each field in `changes`.
fn field_labels<V>(system: &str, changes: &BTreeMap<String, V>) -> BTreeMap<String, String> {
    changes.keys().map(|f| (f.clone(), crate::systems::field_label(system, f))).collect()
}

/// A combatant's written attacks, as the board shows them.
pub(crate) type Attacks<'a> = dyn Fn(&dyn EncounterRules, &Combatant) -> Vec<super::AttackUse> + 'a;

/// A fight a changed sheet reaches: its id, the character's combatant, and what to tell
/// it ([`Tome::fights_to_tell`]).
pub(super) type SheetToFight = (i64, String, Told);

/// What a saved sheet tells a fight: the stats to set, one change each; or, where the
/// system brings a sheet in whole, its action and what changed.
pub(super) enum Told {
    /// The stats to set, and the conditions to add and to remove (by name).
    Sets {
        stats: Vec<(String, i64)>,
        held_on: Vec<crate::encounters::ConditionRef>,
        held_off: Vec<String>,
    },
    Sheet(&'static str, SheetDiff),
}

pub(super) fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// What `audience` is shown of fight `row` in `state`: hidden combatants left out, and
/// at the table no one's exact numbers.
pub(crate) fn players_board(
    row: &EncounterRow,
    rules: &'static dyn EncounterRules,
    state: &State,
    audience: Audience,
) -> PlayerView {
    let now = now() + state.clock;
    let names: Vec<&str> = if state.order.is_empty() {
        state.combatants.iter().map(|c| c.name.as_str()).collect()
    } else {
        state.order.iter().map(String::as_str).collect()
    };
    let exact = |c: &Combatant| c.character.is_some() && audience == Audience::Screen;
    let combatants = names
        .into_iter()
        .filter(|n| visible(state, n))
        .filter_map(|n| state.combatants.iter().find(|c| c.name == n))
        .map(|c| PlayerCombatant {
            name: c.name.clone(),
            pc: c.character.is_some(),
            status: rules.down(c).into_iter().chain(rules.player_status(c, exact(c))).collect(),
            conditions: player_conditions(state, c, now),
        })
        .collect();
    PlayerView {
        id: row.id,
        name: row.name.clone(),
        system: row.system.clone(),
        round: state.round,
        current: state.current().filter(|n| visible(state, n)).map(str::to_string),
        whose: state
            .current()
            .filter(|n| visible(state, n))
            .and_then(|n| state.find(n).ok())
            .map(|i| crate::rules::possessive(&state.combatants[i].name, rules.many(&state.combatants[i]))),
        hidden_turn: state.current().is_some_and(|n| !visible(state, n)),
        combatants,
        about: rules.player_encounter(state),
        rolls: state
            .rolls
            .iter()
            .filter(|r| visible(state, &r.name))
            .map(|r| format!("{} rolled {}", r.name, r.text))
            .collect(),
        log: Vec::new(),
    }
}

/// What the board shows of `state`; `attacks` gives a combatant's written attacks
/// ([`Tome::attacks_of`]), which the app's form fills the attack from.
pub(crate) fn view(row: &EncounterRow, state: &State, stored: usize, now: i64, attacks: &Attacks<'_>) -> EncounterView {
    let rules = Tome::encounter_rules(row).ok();
    let combatants = state
        .combatants
        .iter()
        .map(|c| {
            let mut m = serde_json::Map::new();
            m.insert("name".into(), c.name.clone().into());
            m.insert("hidden".into(), c.hidden.into());
            m.insert("initiative".into(), c.initiative.into());
            if let Some(id) = c.character {
                m.insert("character".into(), id.into());
            }
            if let Some(id) = c.adversary {
                m.insert("adversary".into(), id.into());
            }
            // Each with what it fills in of the system's attack form, so the app only shows it.
            let written = rules.map(|r| attacks(r, c)).unwrap_or_default();
            if !written.is_empty() {
                m.insert("attacks".into(), serde_json::to_value(written).unwrap_or_default());
            }
            if let Some(r) = rules {
                m.extend(r.view_at(c, now + state.clock));
                m.insert("down".into(), r.down(c).into());
                // Whether its player may be asked to react now (said only where it may).
                if r.reacts(c) {
                    m.insert("reacts".into(), true.into());
                }
            }
            let conditions: Vec<serde_json::Value> = c
                .conditions
                .iter()
                .map(|x| {
                    let remaining = State::seconds_left(x, now + state.clock).or(x.remaining);
                    let mut v = serde_json::json!({ "name": x.name, "remaining": remaining, "duration": x.duration });
                    if let Some(id) = &x.id {
                        v["id"] = id.clone().into();
                    }
                    v
                })
                .collect();
            m.insert("conditions".into(), conditions.into());
            serde_json::Value::Object(m)
        })
        .collect();
    EncounterView {
        id: row.id,
        name: row.name.clone(),
        system: row.system.clone(),
        mode: Tome::encounter_mode(&row.system, &row.mode).map_or(row.mode.clone(), |m| m.0.to_string()),
        pace: rules.map_or(Pace::Initiative, |r| r.pace()),
        round: state.round,
        current: state.current().map(str::to_string),
        whose: state.current().and_then(|n| state.find(n).ok()).map(|i| {
            let c = &state.combatants[i];
            crate::rules::possessive(&c.name, rules.is_some_and(|r| r.many(c)))
        }),
        order: state.order.clone(),
        clock: state.clock,
        values: rules.map(|r| r.view_encounter(state)).unwrap_or_default(),
        standing: rules.filter(|r| state.started() && r.pace() == Pace::Together).and_then(|r| r.standing(state)),
        combatants,
        can_undo: row.head > 0,
        can_redo: row.head < stored,
        ended: row.ended,
        latest: state.log.last().cloned(),
        offer_reveal: row.offer_reveal,
        reveal: reveal_offers(row, state),
        table_totals: row.table_totals,
    }
}

/// The hidden combatants the latest change showed at work in view of the table, offered
/// for showing where the fight offers it ([`EncounterRow::offer_reveal`]) and while they
/// are still hidden.
fn reveal_offers(row: &EncounterRow, state: &State) -> Vec<RevealOffer> {
    if !row.offer_reveal {
        return Vec::new();
    }
    state
        .exposed
        .iter()
        .filter(|x| state.combatants.iter().any(|c| c.name == x.name && c.hidden))
        .map(|x| RevealOffer { name: x.name.clone(), why: x.why() })
        .collect()
}
