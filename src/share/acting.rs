//! Players acting from their phones: a device sends an action for its own character (a
//! proposal) or its initiative roll; the game master accepts, changes or declines. The
//! rules' checks are `Tome`'s ([`crate::Tome::prepare_proposal`]); this holds who may
//! send what, and what each side is told.

use std::collections::BTreeMap;

use super::proposals::{MyProposal, ProposalItem, ProposalState, Waiting};
use super::{Device, Hub, Share};
use crate::api::{EncounterView, InitiativeAnswer};
use crate::encounters::Sent;
use crate::error::{Error, Result};

/// The longest word the game master sends back with a decline.
pub const MAX_WORD: usize = 200;

/// A player's free roll waiting for the game master (any turn suits it).
fn is_roll(event: &crate::encounters::Event) -> bool {
    matches!(event, crate::encounters::Event::Roll { .. })
}

/// A roll from a device whose fight asks the game master before rolls reach its log
/// ([`Share::trust_rolls`]): it waits as a proposal. `None` when the fight takes rolls
/// as they come.
pub(crate) fn held_roll(
    hub: &Hub,
    t: &crate::Tome,
    fight: i64,
    name: &str,
    rolled: &crate::dice::DiceRoll,
    secret: bool,
) -> Result<Option<(i64, String, crate::api::Prepared)>> {
    let row = t.db().encounter_row(fight)?;
    if hub.proposals().trusts_rolls((fight, &row.name)) {
        return Ok(None);
    }
    // A hidden character's roll is logged as ever: it is never shown, and a waiting one
    // would tell its phone it is in the fight.
    if t.hidden_names(fight)?.iter().any(|n| n == name) {
        return Ok(None);
    }
    let round = t.encounter(fight)?.round;
    let event = crate::encounters::Event::Roll {
        name: name.to_string(),
        dice: rolled.dice.clone(),
        text: rolled.text.clone(),
        total: rolled.total,
        secret,
    };
    let asked = format!("Roll {}{}", rolled.text, if secret { " (for the game master only)" } else { "" });
    Ok(Some((
        fight,
        row.name,
        // The board's Latest rolls says it: no line of its own in the phones' log.
        crate::api::Prepared {
            event,
            actor: name.to_string(),
            round,
            turn: None,
            asked,
            rolled: Vec::new(),
            seed: None,
            tome_rolled: BTreeMap::new(),
            others_rolled: false,
            typed_dice: Vec::new(),
        },
    )))
}

/// Encounter `id` is still the fight called `name` that a proposal was sent in (not gone,
/// nor another made since under the same number).
///
/// # Errors
/// It is not, saying so.
fn same_fight(t: &crate::Tome, id: i64, name: &str) -> Result<()> {
    match t.db().encounter_row(id) {
        Ok(row) if row.name == name => Ok(()),
        _ => Err(Error::InvalidInput("the fight it was sent in is gone".into())),
    }
}

/// Something sent or asked in fight `fight` (called `name`), in `round` during `turn`'s
/// turn, still fits: the same fight, going on, and (unless `any_turn`) the same turn as
/// the table sees it ([`crate::Tome::proposal_current`]).
///
/// # Errors
/// It no longer fits, saying why.
pub(super) fn still_fits(
    t: &crate::Tome,
    fight: (i64, &str),
    turn: Option<&str>,
    round: i64,
    any_turn: bool,
) -> Result<()> {
    same_fight(t, fight.0, fight.1)?;
    t.proposal_current(fight.0, turn, round, any_turn)
}

/// The character a device acts for, and the fight the table is shown.
fn seat(hub: &Hub, t: &crate::Tome, device: &Device) -> Result<(i64, i64)> {
    let character = device
        .character
        .ok_or_else(|| Error::InvalidInput("the game master has not given this device a character".into()))?;
    let fight = hub.encounter_id(t)?.ok_or_else(|| Error::InvalidInput("no fight is shown to the table".into()))?;
    Ok((character, fight))
}

/// What device `device`'s player may do now, as their phone lists it
/// ([`crate::Tome::table_menu`]), while its character is in the fight shown (nothing
/// otherwise).
///
/// # Errors
/// The fight cannot be read.
pub(crate) fn actions(hub: &Hub, device: &Device) -> Result<Vec<crate::encounters::PlayerAction>> {
    hub.tome.run("share actions", |t| {
        let Ok((character, fight)) = seat(hub, t, device) else { return Ok(Vec::new()) };
        if t.my_combatant(fight, character)?.is_none() {
            return Ok(Vec::new());
        }
        t.table_menu(fight, character)
    })
}

/// What an action device `device` is filling in would do if sent now, in the table's
/// words ([`crate::Tome::preview_proposal`]); nothing waits for the game master.
///
/// # Errors
/// No character, no fight, or what the rules refuse.
pub(crate) fn preview(
    hub: &Hub,
    device: &Device,
    action: &str,
    inputs: BTreeMap<String, String>,
) -> Result<crate::api::ProposalPreview> {
    hub.tome.run("share preview", |t| {
        let (character, fight) = seat(hub, t, device)?;
        t.preview_proposal(fight, character, &device.name, action, inputs)
    })
}

/// An action device `device` sends for its own character, checked and prepared by the
/// rules, to wait for the game master.
///
/// # Errors
/// No character, no fight, or what [`crate::Tome::prepare_proposal`] refuses; a bound
/// on what waits.
pub(crate) fn propose(
    hub: &Hub,
    device: &Device,
    action: &str,
    inputs: BTreeMap<String, String>,
) -> Result<MyProposal> {
    let (fight, fight_name, prepared, slot) = hub.tome.run("share act", |t| {
        let (character, fight) = seat(hub, t, device)?;
        let name = t.db().encounter_row(fight)?.name;
        let (actor, round) = t.proposal_seat(fight, character)?;
        let acted = hub.proposals().acted((fight, &name), &actor, round);
        let seed = hub.turn_seed(&(fight, &name, &actor, round, acted));
        let slot = (fight, name.clone(), actor, round, acted);
        let prepared = t.prepare_proposal(fight, character, &device.name, action, inputs, Some(seed))?;
        Ok((fight, name, prepared, slot))
    })?;
    // Tome's roll binds the turn's actions (issue 71): sent again after it was taken
    // back or declined, or sent as another action, no die may be typed in its place. The
    // player has not seen it (a phone is shown Tome's dice once the game master takes the
    // action), so the refusal names no number, and it does not hang on the dice: any die
    // typed (or a total or crit standing for one) is refused, whichever dice Tome rolled,
    // but the player's own: a die they typed in every action Tome rolled for this turn.
    // One typed value let through would tell the die by trying them all, and a refusal
    // of only the fields Tome happened to roll (the crit dice after a 20, the damage
    // after any other) would tell a crit from a miss. A die Tome rolls afresh where the
    // action's dice differ (another weapon's damage) is a roll of another action's dice,
    // unseen as the first was.
    let typed: std::collections::BTreeSet<String> = prepared.typed_dice.iter().map(|(f, _)| f.clone()).collect();
    if let Some(own) = hub.proposals().players_own_dice(&slot) {
        if let Some((_, label)) = prepared.typed_dice.iter().find(|(f, _)| !own.contains(f)) {
            return Err(Error::InvalidInput(format!(
                "Tome has rolled your dice for this turn already and that roll stands: leave {} empty and send \
                 it with Roll for me (you see the dice once the game master takes it)",
                label.to_lowercase()
            )));
        }
        // A die the player typed before, left to Tome now, would move every die Tome
        // rolls after it (a Fire Ball's scatter after its d6): the turn's dice would be
        // dealt again. The player's own die is typed again, as before.
        if let Some(field) = own.iter().find(|f| !typed.contains(*f) && prepared.tome_rolled.contains_key(*f)) {
            return Err(Error::InvalidInput(format!(
                "you typed your {} for this turn before: type it again (Tome's dice for this turn are rolled \
                 already, and a die you leave to it now would deal them again)",
                crate::rules::key_label(field).to_lowercase()
            )));
        }
    }
    hub.proposals().bind(slot, prepared.rolled_by_tome(), &typed);
    let asked = prepared.asked.clone();
    let would = hub.tome.run("share act", |t| t.proposal_outcome(fight, &prepared.event)).map(|o| o.lines);
    let (number, actor) = (hub.number(), prepared.actor.clone());
    // The proposal is numbered among this device's own; `number` is the table's.
    let told = hub.proposals().put(number, device.id, device.name.clone(), (fight, fight_name), prepared)?;
    hub.arrived(super::arrivals::Arrival::Proposal {
        id: number,
        from: device.name.clone(),
        actor,
        asked,
        would: would.unwrap_or_else(|e| vec![format!("cannot be accepted now: {e}")]),
    });
    hub.poke();
    Ok(told)
}

/// Device `device`'s initiative for the fight the game master asks about: `typed` as
/// read off the table, or rolled by Tome. It replaces one sent before.
///
/// # Errors
/// Nothing is asked of this device; a die the rules' die cannot show.
pub(crate) fn send_initiative(hub: &Hub, device: &Device, typed: Option<i64>) -> Result<InitiativeAnswer> {
    let asking = hub.proposals().asking();
    let answer = hub.tome.run("share initiative", |t| {
        let (Some(character), Some(fight)) = (device.character, asking) else {
            return Err(Error::InvalidInput("no initiative roll is asked of you now".into()));
        };
        t.initiative_answer(fight, character, typed, Some(hub.dice_seed()))
    })?;
    // The first roll Tome makes is the roll (issue 56): pressing Roll again shows it
    // again, and a typed die cannot replace it. A new roll comes from the game master
    // asking again.
    let before = hub.proposals().initiative().into_iter().find(|a| a.name == answer.name && a.rolled);
    if let Some(before) = before {
        return match typed {
            None => Ok(before),
            Some(_) => Err(Error::InvalidInput(format!(
                "Tome rolled your initiative already ({}, for {}): the game master can ask again",
                before.roll, before.total
            ))),
        };
    }
    hub.proposals().put_initiative(device.id, answer.clone());
    hub.arrived(super::arrivals::Arrival::Initiative {
        from: device.name.clone(),
        name: answer.name.clone(),
        roll: answer.roll,
        total: answer.total,
        rolled: answer.rolled,
    });
    hub.poke();
    Ok(answer)
}

/// Device `device` takes back its own waiting action `seq` (its number on the phone).
///
/// # Errors
/// No such action of this device waits.
pub(crate) fn withdraw(hub: &Hub, device: &Device, seq: u32) -> Result<MyProposal> {
    // Taken out and answered under one lock: no phone is drawn between.
    let (w, told) = {
        let mut proposals = hub.proposals();
        let w = proposals.withdraw(device.id, seq)?;
        let told = proposals.answered(&w, ProposalState::Withdrawn, None);
        (w, told)
    };
    hub.arrived(super::arrivals::Arrival::Withdrawn { id: w.id, from: w.from, actor: w.prepared.actor });
    hub.poke();
    Ok(told)
}

/// The word a phone reads for an action dropped because its turn passed: the same
/// whoever's turn it is now, hidden or not.
const TURN_PASSED: &str = "its turn passed";

/// Drops every waiting action that no longer fits its fight (its turn passed, the fight
/// ended or is gone): its phone reads "dropped" and the game master's list loses it.
/// Whether any was dropped.
pub(crate) fn drop_stale(hub: &Hub) -> bool {
    let waiting: Vec<(u32, i64, String, Option<String>, i64, bool)> = hub
        .proposals()
        .waiting()
        .iter()
        .map(|w| {
            let p = &w.prepared;
            (w.id, w.encounter, w.fight_name.clone(), p.turn.clone(), p.round, is_roll(&p.event))
        })
        .collect();
    let stale: Vec<u32> = waiting
        .into_iter()
        .filter(|(_, fight, name, turn, round, roll)| {
            hub.tome.run("share stale", |t| still_fits(t, (*fight, name), turn.as_deref(), *round, *roll)).is_err()
        })
        .map(|(id, ..)| id)
        .collect();
    for id in &stale {
        let w = {
            let mut proposals = hub.proposals();
            let Ok(w) = proposals.take(*id) else { continue };
            proposals.answered(&w, ProposalState::Dropped, Some(TURN_PASSED.into()));
            w
        };
        hub.arrived(super::arrivals::Arrival::Dropped {
            id: w.id,
            from: w.from.clone(),
            actor: w.prepared.actor.clone(),
        });
    }
    !stale.is_empty()
}

/// What device `device`'s phone is shown of the actions it sent: those waiting with the
/// table's words for what they would do, then the answered ones.
pub(crate) fn mine(hub: &Hub, device: u32) -> Vec<MyProposal> {
    // Drawn for every device after every change: one that sent nothing costs no replay.
    if !hub.proposals().sent_any(device) {
        return Vec::new();
    }
    let waiting: Vec<(u32, i64, crate::encounters::Event)> = hub
        .proposals()
        .waiting()
        .iter()
        // One Tome rolled for says nothing of what it would do until it is taken.
        .filter(|w| w.device == device && w.outcome_shown())
        .map(|w| (w.id, w.encounter, w.prepared.event.clone()))
        .collect();
    let tables: Vec<(u32, Vec<String>)> = waiting
        .into_iter()
        .map(|(id, fight, event)| {
            // On the fight as the table knows it: what is hidden changes nothing here.
            let table = hub
                .tome
                .run("share mine", |t| t.table_outcome_before(fight, &event))
                .ok()
                .flatten()
                .unwrap_or_else(|| vec!["the rules would not take it now".into()]);
            (id, table)
        })
        .collect();
    // A player's own words come back as they were typed: a name in them is one they
    // wrote, and saying it otherwise would tell them it is a hidden combatant's.
    let shown = hub
        .tome
        .run("share mine", |t| match hub.encounter_id(t)? {
            Some(fight) => Ok(Some((fight, t.db().encounter_row(fight)?.name, t.hidden_names(fight)?))),
            None => Ok(None),
        })
        .unwrap_or_default();
    let proposals = hub.proposals();
    let Some((fight, name, hidden)) = shown else { return Vec::new() };
    let mut mine = proposals.mine(device, (fight, &name), |w| {
        tables.iter().find(|(id, _)| *id == w.id).map(|(_, t)| t.clone()).unwrap_or_default()
    });
    // What an answered action did, as the phones' log says it: a line naming a combatant
    // hidden since leaves with it, and comes back when it is shown.
    for p in &mut mine {
        let names_hidden = |i: usize| p.about.get(i).is_some_and(|about| about.iter().any(|n| hidden.contains(n)));
        p.table = p.table.iter().enumerate().filter(|(i, _)| !names_hidden(*i)).map(|(_, line)| line.clone()).collect();
    }
    mine
}

impl Share {
    /// The actions waiting, oldest first, each with what it would do now.
    pub fn proposals(&self) -> Vec<ProposalItem> {
        let waiting: Vec<(u32, u32, String, i64, String, crate::api::Prepared)> = self
            .hub
            .proposals()
            .waiting()
            .iter()
            .map(|w| (w.id, w.device, w.from.clone(), w.encounter, w.fight_name.clone(), w.prepared.clone()))
            .collect();
        waiting
            .into_iter()
            .map(|(id, device, from, encounter, fight_name, p)| {
                let checked = self.hub.tome.run("share proposals", |t| {
                    still_fits(t, (encounter, &fight_name), p.turn.as_deref(), p.round, is_roll(&p.event))?;
                    t.proposal_outcome(encounter, &p.event)
                });
                let (action, inputs) = match &p.event {
                    crate::encounters::Event::Act { action, inputs, .. } => (action.clone(), inputs.clone()),
                    _ => (String::new(), BTreeMap::new()),
                };
                let (outcome, problem) = match checked {
                    Ok(o) => (Some(o), None),
                    Err(e) => (None, Some(e.to_string())),
                };
                ProposalItem {
                    id,
                    device,
                    from,
                    encounter,
                    actor: p.actor,
                    action,
                    inputs,
                    asked: p.asked,
                    outcome,
                    problem,
                    rolled: p.rolled,
                }
            })
            .collect()
    }

    /// Whether number `id` is an action waiting (rather than an inbox item).
    pub fn is_proposal(&self, id: u32) -> bool {
        self.hub.proposals().waiting().iter().any(|w| w.id == id)
    }

    /// Whether number `id` was an action, answered since: an accept of it says so.
    pub fn was_proposal(&self, id: u32) -> bool {
        self.hub.proposals().answered_as(id).is_some()
    }

    /// Accepts waiting action `id`: it is stored as the player's, exactly as prepared
    /// (its dice rolled when it was sent), and their phone reads "accepted".
    ///
    /// # Errors
    /// No such action waits; it no longer fits (its turn has passed: it is dropped and
    /// the phone told); the rules refuse it now (it keeps waiting, to edit or decline).
    pub fn accept_proposal(&self, id: u32) -> Result<EncounterView> {
        let w = self.hub.proposals().claim(id)?;
        let stale = self.hub.tome.run("share accept", |t| {
            let p = &w.prepared;
            still_fits(t, (w.encounter, &w.fight_name), p.turn.as_deref(), p.round, is_roll(&p.event))
        });
        if let Err(e) = stale {
            self.hub.proposals().answered(&w, ProposalState::Dropped, Some(e.to_string()));
            self.hub.poke();
            return Err(Error::InvalidInput(format!("action {id} was dropped: {e}")));
        }
        // What the table sees it do, worked out before it is stored: the phone that sent
        // it reads this beside "accepted" (issue 56).
        let seen = self.hub.tome.run("share accept", |t| t.table_outcome(w.encounter, &w.prepared.event));
        // Every phone's log says whose action it was, then what the board shows of it:
        // the fight's log as the table sees it (`Tome::table_log`).
        let applied = self.hub.tome.run("share accept", |t| t.encounter_change(w.encounter, w.prepared.event.clone()));
        self.answer(w, applied, ProposalState::Accepted, seen.ok().flatten().unwrap_or_default())
    }

    /// Accepts waiting action `id` as the game master changed it: `action` (its own
    /// when `None`) with `inputs` (over what the player sent, for its own action), for
    /// the same combatant, its dice as they were rolled when it was sent unless given. The
    /// phone reads "changed by the game master" and what the table saw it do.
    ///
    /// # Errors
    /// No such action waits; what `tome encounter act` refuses (it keeps waiting).
    pub fn edit_proposal(
        &self,
        id: u32,
        action: Option<&str>,
        inputs: BTreeMap<String, String>,
    ) -> Result<EncounterView> {
        self.edit_proposal_said(id, action, inputs).map(|(view, _)| view)
    }

    /// [`Share::edit_proposal`], with what it kept of the player's dice in words ("the
    /// player's dice stand: Roll 8"), when it kept any.
    ///
    /// # Errors
    /// As [`Share::edit_proposal`].
    pub fn edit_proposal_said(
        &self,
        id: u32,
        action: Option<&str>,
        inputs: BTreeMap<String, String>,
    ) -> Result<(EncounterView, Option<String>)> {
        if self.hub.proposals().waiting().iter().any(|w| w.id == id && is_roll(&w.prepared.event)) {
            return Err(Error::InvalidInput(format!("{id} is a roll: accept it or decline it")));
        }
        let w = self.hub.proposals().claim(id)?;
        let (own, sent) = match &w.prepared.event {
            crate::encounters::Event::Act { action, inputs, .. } => (action.clone(), inputs.clone()),
            _ => (String::new(), BTreeMap::new()),
        };
        let same = action.is_none_or(|other| other.eq_ignore_ascii_case(&own));
        // The dice Tome rolled for the player stand unless the game master types others
        // (issue 71: an edit to the same target once rolled a miss again into a kill):
        // the change rolls from the seed the player's action was rolled from.
        let kept: Vec<String> = if same {
            w.prepared
                .tome_rolled
                .iter()
                .filter(|(k, _)| !inputs.contains_key(*k))
                .map(|(k, v)| format!("{} {v}", crate::rules::key_label(k)))
                .collect()
        } else {
            Vec::new()
        };
        // The same action starts from what the player sent: only what is given changes
        // (issue 61: `edit 4 amount=3` once forgot the target).
        let inputs = if same { sent.into_iter().chain(inputs).collect() } else { inputs };
        let sent = Sent { device: w.from.clone(), changed: true };
        let seed = w.prepared.seed;
        let applied = self.hub.tome.run("share edit", |t| {
            let event = t.encounter_act_event(
                w.encounter,
                action.unwrap_or(&own),
                Some(&w.prepared.actor),
                inputs,
                seed,
                Some(sent),
            )?;
            // What the table sees it do, as an accepted one's phone reads it.
            let seen = t.table_outcome(w.encounter, &event)?.unwrap_or_default();
            Ok((t.encounter_change(w.encounter, event)?, seen))
        });
        let (applied, seen) = match applied {
            Ok((view, seen)) => (Ok(view), seen),
            Err(e) => (Err(e), Vec::new()),
        };
        let said = (!kept.is_empty()).then(|| format!("The player's dice stand: {}.", kept.join(", ")));
        self.answer(w, applied, ProposalState::Changed, seen).map(|view| (view, said))
    }

    /// Declines waiting action `id`, with an optional word back to the phone.
    ///
    /// # Errors
    /// No such action waits; a word too long or holding control characters.
    pub fn decline_proposal(&self, id: u32, word: Option<&str>) -> Result<()> {
        let word = word.map(str::trim).filter(|w| !w.is_empty());
        if let Some(w) = word {
            if w.chars().count() > MAX_WORD || w.chars().any(|c| c.is_control() || crate::text::reorders(c)) {
                return Err(Error::InvalidInput(format!(
                    "the word back is at most {MAX_WORD} characters of plain text on one line"
                )));
            }
        }
        {
            let mut proposals = self.hub.proposals();
            let w = proposals.take(id)?;
            proposals.answered(&w, ProposalState::Declined, word.map(str::to_string));
        }
        self.hub.poke();
        Ok(())
    }

    fn answer(
        &self,
        w: Waiting,
        applied: Result<EncounterView>,
        state: ProposalState,
        table: Vec<(Vec<String>, String)>,
    ) -> Result<EncounterView> {
        match applied {
            Ok(view) => {
                self.hub.proposals().answered_with(&w, state, None, table);
                self.hub.poke();
                Ok(view)
            }
            Err(e) => {
                self.hub.proposals().release(w.id);
                Err(e)
            }
        }
    }

    /// Whether players' free rolls in encounter `encounter` go to its log as they come
    /// (`true`, the usual) or wait for the game master like actions (`false`).
    ///
    /// # Errors
    /// No such encounter.
    pub fn trust_rolls(&self, encounter: i64, trust: bool) -> Result<()> {
        let name = self.hub.tome.run("share trust", |t| Ok(t.db().encounter_row(encounter)?.name))?;
        self.hub.proposals().set_trusts_rolls((encounter, name), trust);
        self.hub.poke();
        Ok(())
    }

    /// Asks every phone whose character is in encounter `encounter` for its initiative
    /// (`None`: stops asking). What they send waits for the start ([`Share::start_fight`]).
    ///
    /// # Errors
    /// No such encounter; one started already.
    pub fn ask_initiative(&self, encounter: Option<i64>) -> Result<()> {
        if let Some(id) = encounter {
            let e = self.hub.tome.run("share ask", |t| t.encounter(id))?;
            if e.round > 0 {
                return Err(Error::InvalidInput(format!(
                    "encounter {id} ({}) has started: initiative is asked before the start",
                    e.name
                )));
            }
        }
        self.hub.proposals().ask_initiative(encounter);
        self.hub.poke();
        Ok(())
    }

    /// The encounter whose initiative the phones are asked for, and what they sent.
    /// The encounters whose players' rolls wait for the game master (those still called
    /// what they were called when the game master said so).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn rolls_held(&self) -> Result<Vec<i64>> {
        let held = self.hub.proposals().rolls_held();
        self.hub.tome.run("share rolls held", |t| {
            Ok(held
                .into_iter()
                .filter(|(id, name)| t.db().encounter_row(*id).is_ok_and(|row| &row.name == name))
                .map(|(id, _)| id)
                .collect())
        })
    }

    pub fn initiative(&self) -> (Option<i64>, Vec<InitiativeAnswer>) {
        let p = self.hub.proposals();
        (p.asking(), p.initiative())
    }

    /// Asks `name`'s phone for its initiative once more, forgetting what it sent (Tome's
    /// first roll is the roll: a new one comes only so). The name as the phone sent it.
    ///
    /// # Errors
    /// No roll sent by that name.
    pub fn ask_initiative_again(&self, name: &str) -> Result<String> {
        let name = self.hub.proposals().ask_initiative_again(name)?;
        self.hub.poke();
        Ok(name)
    }

    /// The game master takes a phone's initiative roll (`None`: every one sent), where
    /// the fight holds players' rolls for a per-roll accept ([`Share::trust_rolls`]).
    ///
    /// # Errors
    /// No roll sent by that name, or none at all.
    pub fn use_initiative(&self, name: Option<&str>) -> Result<Vec<String>> {
        let names = self.hub.proposals().use_initiative(name)?;
        self.hub.poke();
        Ok(names)
    }

    /// Starts encounter `encounter` with the initiative the phones sent; Tome rolls for
    /// everyone else (from `seed` when given). The phones are no longer asked. Where the
    /// fight holds players' rolls, only those the game master took count
    /// ([`Share::use_initiative`]); one sent and not taken is refused unless `anyway`
    /// (then Tome rolls for that combatant too).
    ///
    /// # Errors
    /// What `tome encounter start` refuses; a roll sent that waits for the game master.
    pub fn start_fight(&self, encounter: i64, seed: Option<u64>, anyway: bool) -> Result<EncounterView> {
        let trusted = !self.rolls_held()?.contains(&encounter);
        let sent: Vec<(String, i64, bool)> = {
            let p = self.hub.proposals();
            if p.asking() != Some(encounter) {
                Vec::new()
            } else if trusted {
                p.initiative().into_iter().map(|a| (a.name, a.roll, a.rolled)).collect()
            } else {
                let (taken, waiting) = p.initiative_taken();
                if !waiting.is_empty() && !anyway {
                    let said: Vec<String> = waiting.iter().map(|a| format!("{} ({})", a.name, a.total)).collect();
                    return Err(Error::InvalidInput(format!(
                        "this fight's players' rolls wait for you, and {} sent one you have not taken: \
                         take it (`initiative use NAME` or `initiative use all`), or start anyway and Tome rolls for them",
                        said.join(", ")
                    )));
                }
                taken.into_iter().map(|a| (a.name, a.roll, a.rolled)).collect()
            }
        };
        let view = self.hub.tome.run("share start", |t| t.encounter_start_sent(encounter, &sent, seed))?;
        self.hub.proposals().ask_initiative(None);
        self.hub.poke();
        Ok(view)
    }
}
