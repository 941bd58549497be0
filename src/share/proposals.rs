//! What players sent from their phones, waiting for the game master: actions for their
//! own combatants (proposals) and initiative rolls. Kept in memory only, like the inbox:
//! nothing a phone sends reaches the fight until the game master accepts it, and
//! stopping sharing drops what waits.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::Serialize;
use ts_rs::TS;

use crate::api::{InitiativeAnswer, Prepared, ProposalOutcome};
use crate::error::{Error, Result};

/// Actions waiting at once for the whole table.
pub const MAX_PROPOSALS: usize = 30;
/// Actions one device may have waiting at once: a phone cannot bury the game master's
/// strip, and a replayed request is refused rather than queued twice.
pub const MAX_PROPOSALS_PER_DEVICE: usize = 2;
/// How many of its answered proposals a device is shown.
const ANSWERS_KEPT: usize = 5;

/// What a phone reads of its own action Tome rolled dice for, until the game master
/// takes it (issue 71): the dice, and what they would do, shown while it waits would let
/// a player take back a poor roll and send an action that suits the die instead.
pub const DICE_UNSEEN: &str = "Tome has rolled its dice: you see them once the game master takes it";

/// Tome's dice for a player's action, as its phone is told them in state `state`: once
/// the game master has taken it, never before (nor after it was taken back, declined or
/// dropped: the roll still stands for the turn).
fn dice_told(state: ProposalState, rolled: &[String]) -> Vec<String> {
    if matches!(state, ProposalState::Accepted | ProposalState::Changed) {
        rolled.to_vec()
    } else {
        Vec::new()
    }
}

/// An action waiting for the game master.
#[derive(Debug, Clone)]
pub struct Waiting {
    pub id: u32,
    /// Its number on the phone that sent it: each device counts its own, so a phone
    /// cannot count what the others sent.
    pub seq: u32,
    pub device: u32,
    /// The device's name when it sent it.
    pub from: String,
    pub encounter: i64,
    /// The fight's name then: an encounter deleted and another made may take the same
    /// number, and what was sent in one is never shown or applied in the other.
    pub fight_name: String,
    pub prepared: Prepared,
}

impl Waiting {
    /// Whether its phone may read what it would do while it waits: not once Tome has
    /// rolled dice for it (`DICE_UNSEEN`), the other side's included (with the totals
    /// shown, a defender's Defense Total would tell its die).
    pub fn outcome_shown(&self) -> bool {
        !self.prepared.rolled_by_tome()
    }

    /// What its phone reads of it while it waits; `table` says what the table would see
    /// change, and is asked only where that may be shown.
    pub fn told(&self, table: impl Fn(&Waiting) -> Vec<String>) -> MyProposal {
        MyProposal {
            id: self.seq,
            actor: self.prepared.actor.clone(),
            asked: self.prepared.asked.clone(),
            state: ProposalState::Waiting,
            word: None,
            table: if self.outcome_shown() { table(self) } else { vec![DICE_UNSEEN.to_string()] },
            about: Vec::new(),
            dice: dice_told(ProposalState::Waiting, &self.prepared.rolled),
            encounter: self.encounter,
            fight_name: self.fight_name.clone(),
        }
    }
}

/// A waiting action as the game master's strip (and `tome share`'s `proposals`) shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ProposalItem {
    /// Its number (for accept, edit, decline); numbers are shared with the inbox's.
    pub id: u32,
    pub device: u32,
    pub from: String,
    pub encounter: i64,
    /// The combatant acting.
    pub actor: String,
    /// The action and its inputs, for the edit form.
    pub action: String,
    pub inputs: BTreeMap<String, String>,
    /// What was asked, in words.
    pub asked: String,
    /// What it would do if accepted now, with every number; `None` when it no longer
    /// fits (`problem` says why).
    pub outcome: Option<ProposalOutcome>,
    pub problem: Option<String>,
    /// The player's dice Tome rolled for it ("D20 8"), which its phone is not shown
    /// until the game master takes it.
    pub rolled: Vec<String>,
}

/// Where a device's proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ProposalState {
    Waiting,
    Accepted,
    /// The game master changed it, then accepted it.
    Changed,
    Declined,
    /// It no longer fitted when the game master came to it (its turn had passed).
    Dropped,
    /// The player took it back before the game master answered.
    Withdrawn,
}

impl ProposalState {
    /// How an answered proposal is said ("accepted", "declined").
    pub fn past(self) -> &'static str {
        match self {
            ProposalState::Waiting => "waiting",
            ProposalState::Accepted => "accepted",
            ProposalState::Changed => "changed and accepted",
            ProposalState::Declined => "declined",
            ProposalState::Dropped => "dropped",
            ProposalState::Withdrawn => "withdrawn",
        }
    }
}

/// A device's own proposal, as its phone shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct MyProposal {
    /// Its number among this device's own.
    pub id: u32,
    /// Whose action it was: a phone given another character says so beside the earlier
    /// character's (issue 74).
    pub actor: String,
    pub asked: String,
    pub state: ProposalState,
    /// The game master's word back, with a decline; why it was dropped.
    pub word: Option<String>,
    /// What the table would see change, while it waits; what the table saw it do, once
    /// accepted.
    pub table: Vec<String>,
    /// The player's own dice Tome rolled for it ("Crit roll 57").
    pub dice: Vec<String>,
    /// The combatants each line of an answered one's `table` names (empty for a waiting
    /// one's, worked out afresh on the fight as the table sees it).
    #[serde(skip)]
    #[ts(skip)]
    pub about: Vec<Vec<String>>,
    /// The fight it was sent in (number and name): a phone is shown those of the fight
    /// it is shown only.
    #[serde(skip)]
    #[ts(skip)]
    pub encounter: i64,
    #[serde(skip)]
    #[ts(skip)]
    pub fight_name: String,
}

#[derive(Default)]
pub struct Proposals {
    waiting: Vec<Waiting>,
    /// Each device's answered proposals, newest last.
    answered: BTreeMap<u32, VecDeque<MyProposal>>,
    /// The encounter whose initiative the phones are asked for.
    asking: Option<i64>,
    /// Initiative rolls sent for it, by combatant.
    initiative: BTreeMap<String, (u32, InitiativeAnswer)>,
    /// The initiative rolls the game master took, by name, where the fight holds rolls.
    used: std::collections::BTreeSet<String>,
    /// The fights whose players' free rolls wait for the game master, by number and name
    /// (a deleted encounter's number taken by a new one does not inherit it).
    rolls_held: std::collections::BTreeSet<(i64, String)>,
    /// The last number each device gave its own proposals.
    counted: BTreeMap<u32, u32>,
    /// What became of the proposals answered, by the game master's number, so an answer
    /// given twice says what happened the first time.
    outcomes: BTreeMap<u32, ProposalState>,
    /// How many actions of each combatant that used dice Tome rolled were accepted, by
    /// fight (number and name), combatant and round: what the dice of its next one are
    /// drawn from ([`super::Hub::turn_seed`]). An accepted action Tome rolled nothing for
    /// (an exertion) does not count: it would have dealt fresh dice to an attack taken
    /// back after its die was seen (the second fresh-eyes attack).
    acted: BTreeMap<(i64, String, String, i64), u32>,
    /// The turn's [`Slot`]s Tome rolled a player's dice in, each with the dice fields the
    /// player typed in every action that rolled them: Tome's roll binds every action
    /// sent in that slot, however often it is taken back and sent again and under
    /// another action's name (issue 71), and only the player's own dice may be typed.
    bound: BTreeMap<Slot, BTreeSet<String>>,
    /// The proposals the game master is answering now (an accept or an edit the rules
    /// are checking): they stay listed as waiting, on the phone and the game master's
    /// strip alike, until the answer is given; a second answer meanwhile is refused.
    answering: std::collections::BTreeSet<u32>,
}

/// Whose dice, when: a fight (number and name), a combatant, a round and how many of
/// its actions were accepted in it ([`super::Hub::turn_seed`]).
pub type Slot = (i64, String, String, i64, u32);

/// The most actions whose dice are kept to bind them: a few rounds of a full table.
const BOUND_KEPT: usize = 512;

impl Proposals {
    /// Keeps an action the rules prepared.
    ///
    /// # Errors
    /// The table's or the device's bound is reached; the same action waits already.
    pub fn put(
        &mut self,
        id: u32,
        device: u32,
        from: String,
        fight: (i64, String),
        prepared: Prepared,
    ) -> Result<MyProposal> {
        let (encounter, fight_name) = fight;
        if self.waiting.len() >= MAX_PROPOSALS {
            return Err(Error::InvalidInput(format!(
                "{MAX_PROPOSALS} actions or rolls wait for the game master already: wait until they answer"
            )));
        }
        let mine: Vec<&Waiting> = self.waiting.iter().filter(|w| w.device == device).collect();
        if mine.iter().any(|w| w.prepared.asked == prepared.asked && w.encounter == encounter) {
            return Err(Error::InvalidInput("this action waits for the game master already".into()));
        }
        if mine.len() >= MAX_PROPOSALS_PER_DEVICE {
            return Err(Error::InvalidInput(format!(
                "this device has {MAX_PROPOSALS_PER_DEVICE} actions or rolls waiting for the game master: wait until they answer"
            )));
        }
        let seq = self.counted.entry(device).or_default();
        *seq += 1;
        let seq = *seq;
        let waiting = Waiting { id, seq, device, from, encounter, fight_name, prepared };
        // Nothing is worked out for it at the send: the phone reads its outcome at the next draw.
        let told = waiting.told(|_| Vec::new());
        self.waiting.push(waiting);
        Ok(told)
    }

    /// How many of `actor`'s actions were accepted in `round` of fight `fight`.
    pub fn acted(&self, fight: (i64, &str), actor: &str, round: i64) -> u32 {
        self.acted.get(&(fight.0, fight.1.to_string(), actor.to_string(), round)).copied().unwrap_or(0)
    }

    /// The dice fields the player may still type in `slot`, where Tome rolled their
    /// dice before (`None`: it has not): those they typed in every action Tome rolled
    /// for. Which fields these are hangs on what the player typed, never on the dice
    /// (a crit's dice or a hit's damage): a refusal that did would tell them apart.
    pub fn players_own_dice(&self, slot: &Slot) -> Option<&BTreeSet<String>> {
        self.bound.get(slot)
    }

    /// Tome rolled dice in `slot` (`rolled`: the player's own, or any the action's rules
    /// roll), for an action in which the player typed the dice fields `typed`.
    pub fn bind(&mut self, slot: Slot, rolled: bool, typed: &BTreeSet<String>) {
        if !rolled {
            return;
        }
        self.bound.entry(slot).and_modify(|own| own.retain(|f| typed.contains(f))).or_insert_with(|| typed.clone());
        while self.bound.len() > BOUND_KEPT {
            // The oldest fights' first rounds go first.
            self.bound.pop_first();
        }
    }

    /// How action `id` was answered, if it was.
    pub fn answered_as(&self, id: u32) -> Option<ProposalState> {
        self.outcomes.get(&id).copied()
    }

    pub fn waiting(&self) -> &[Waiting] {
        &self.waiting
    }

    /// Proposal `id`, to answer it (a copy): it keeps waiting, listed as ever, until
    /// [`Proposals::answered_with`] takes it out or [`Proposals::release`] lets it go.
    /// A phone drawn while the rules check an accept still sees its action waiting; one
    /// taken out and put back when the rules refused it was once drawn as gone, and
    /// stayed gone until the next change.
    ///
    /// # Errors
    /// No such proposal waits (answered already, or never sent), or another answer to it
    /// is under way.
    pub fn claim(&mut self, id: u32) -> Result<Waiting> {
        let w = self.find(id)?.clone();
        if !self.answering.insert(id) {
            return Err(Error::InvalidInput(format!("action {id} is being answered already")));
        }
        Ok(w)
    }

    /// Lets go of proposal `id` claimed for an answer the rules refused: it waits on.
    pub fn release(&mut self, id: u32) {
        self.answering.remove(&id);
    }

    /// Takes proposal `id` out, to answer it at once (under the same lock as the answer,
    /// so no phone is drawn between).
    ///
    /// # Errors
    /// No such proposal waits, or an answer to it is under way.
    pub fn take(&mut self, id: u32) -> Result<Waiting> {
        self.find(id)?;
        if self.answering.contains(&id) {
            return Err(Error::InvalidInput(format!("action {id} is being answered already")));
        }
        let at = self.waiting.iter().position(|w| w.id == id).expect("found above");
        Ok(self.waiting.remove(at))
    }

    fn find(&self, id: u32) -> Result<&Waiting> {
        self.waiting.iter().find(|w| w.id == id).ok_or_else(|| match self.outcomes.get(&id) {
            Some(state) => Error::InvalidInput(format!("action {id} was {} already", state.past())),
            None => Error::not_found("waiting action", &id.to_string()),
        })
    }

    /// Takes device `device`'s own waiting proposal `seq` (its number on that phone) out:
    /// the player withdraws it.
    ///
    /// # Errors
    /// This device has no such proposal waiting (answered already, or never sent); the
    /// game master is answering it.
    pub fn withdraw(&mut self, device: u32, seq: u32) -> Result<Waiting> {
        let at = self.waiting.iter().position(|w| w.device == device && w.seq == seq).ok_or_else(|| {
            let answered = self.answered.get(&device).and_then(|a| a.iter().find(|p| p.id == seq));
            match answered {
                Some(p) => Error::InvalidInput(format!("your action {seq} was {} already", p.state.past())),
                None => Error::not_found("action of yours waiting", &seq.to_string()),
            }
        })?;
        if self.answering.contains(&self.waiting[at].id) {
            return Err(Error::InvalidInput(format!("the game master is answering your action {seq} now")));
        }
        Ok(self.waiting.remove(at))
    }

    /// Tells the device how proposal `w` was answered.
    /// What its phone is told, as kept.
    pub fn answered(&mut self, w: &Waiting, state: ProposalState, word: Option<String>) -> MyProposal {
        self.answered_with(w, state, word, Vec::new())
    }

    /// [`Proposals::answered`], with what the table saw it do (`table`).
    pub fn answered_with(
        &mut self,
        w: &Waiting,
        state: ProposalState,
        word: Option<String>,
        table: Vec<(Vec<String>, String)>,
    ) -> MyProposal {
        let (about, table): (Vec<Vec<String>>, Vec<String>) = table.into_iter().unzip();
        // A claimed one leaves the waiting list now, with its answer.
        self.waiting.retain(|x| x.id != w.id);
        self.answering.remove(&w.id);
        self.outcomes.insert(w.id, state);
        if matches!(state, ProposalState::Accepted | ProposalState::Changed) && w.prepared.rolled_by_tome() {
            let key = (w.encounter, w.fight_name.clone(), w.prepared.actor.clone(), w.prepared.round);
            *self.acted.entry(key).or_default() += 1;
        }
        let told = MyProposal {
            id: w.seq,
            actor: w.prepared.actor.clone(),
            asked: w.prepared.asked.clone(),
            state,
            word,
            table,
            about,
            dice: dice_told(state, &w.prepared.rolled),
            encounter: w.encounter,
            fight_name: w.fight_name.clone(),
        };
        let kept = self.answered.entry(w.device).or_default();
        kept.push_back(told.clone());
        while kept.len() > ANSWERS_KEPT {
            kept.pop_front();
        }
        told
    }

    /// Whether device `device` has anything waiting or answered.
    pub fn sent_any(&self, device: u32) -> bool {
        self.waiting.iter().any(|w| w.device == device) || self.answered.get(&device).is_some_and(|a| !a.is_empty())
    }

    /// Device `device`'s proposals in fight `fight`: the answered ones, then those
    /// waiting (with `table`, what the table would see change), newest last.
    pub fn mine(&self, device: u32, fight: (i64, &str), table: impl Fn(&Waiting) -> Vec<String>) -> Vec<MyProposal> {
        let answered = self
            .answered
            .get(&device)
            .into_iter()
            .flatten()
            .filter(|p| (p.encounter, p.fight_name.as_str()) == fight)
            .cloned();
        let waiting =
            self.waiting.iter().filter(|w| w.device == device && (w.encounter, w.fight_name.as_str()) == fight);
        answered.chain(waiting.map(|w| w.told(&table))).collect()
    }

    pub fn trusts_rolls(&self, fight: (i64, &str)) -> bool {
        !self.rolls_held.iter().any(|(id, name)| (*id, name.as_str()) == fight)
    }

    pub fn set_trusts_rolls(&mut self, fight: (i64, String), trust: bool) {
        if trust {
            self.rolls_held.remove(&fight);
        } else {
            self.rolls_held.insert(fight);
        }
    }

    /// The fights whose players' rolls wait for the game master, by number and name.
    pub fn rolls_held(&self) -> Vec<(i64, String)> {
        self.rolls_held.iter().cloned().collect()
    }

    /// Forgets what a device sent (it was revoked).
    pub fn forget_device(&mut self, device: u32) {
        self.waiting.retain(|w| w.device != device);
        self.answered.remove(&device);
        self.initiative.retain(|_, (d, _)| *d != device);
    }

    /// Asks the phones for encounter `id`'s initiative (`None`: stops asking).
    pub fn ask_initiative(&mut self, id: Option<i64>) {
        if self.asking != id {
            self.initiative.clear();
            self.used.clear();
        }
        self.asking = id;
    }

    pub fn asking(&self) -> Option<i64> {
        self.asking
    }

    /// Forgets `name`'s initiative roll, so their phone rolls (or types) once more: the
    /// one way a player gets a new roll. The name as the phone sent it.
    ///
    /// # Errors
    /// No roll sent by that name (with the names that sent one).
    pub fn ask_initiative_again(&mut self, name: &str) -> Result<String> {
        let found = self.initiative.keys().find(|k| k.eq_ignore_ascii_case(name.trim())).cloned().ok_or_else(|| {
            crate::error::Error::NotFound {
                what: "initiative roll sent",
                id: name.to_string(),
                suggestions: self.initiative.keys().cloned().collect(),
            }
        })?;
        self.initiative.remove(&found);
        self.used.remove(&found);
        Ok(found)
    }

    pub fn put_initiative(&mut self, device: u32, answer: InitiativeAnswer) {
        // A roll sent again waits to be taken again.
        self.used.remove(&answer.name);
        self.initiative.insert(answer.name.clone(), (device, answer));
    }

    /// The game master takes `name`'s initiative roll (`None`: every roll sent); the
    /// names taken.
    ///
    /// # Errors
    /// No roll sent by that name (with the names that sent one); none sent at all.
    pub fn use_initiative(&mut self, name: Option<&str>) -> Result<Vec<String>> {
        let names: Vec<String> = match name {
            Some(n) => {
                let found = self.initiative.keys().find(|k| k.eq_ignore_ascii_case(n.trim())).cloned();
                vec![found.ok_or_else(|| crate::error::Error::NotFound {
                    what: "initiative roll sent",
                    id: n.to_string(),
                    suggestions: self.initiative.keys().cloned().collect(),
                })?]
            }
            None if self.initiative.is_empty() => {
                return Err(crate::error::Error::InvalidInput("no phone has sent its initiative yet".into()))
            }
            None => self.initiative.keys().cloned().collect(),
        };
        self.used.extend(names.iter().cloned());
        Ok(names)
    }

    /// The initiative rolls sent and taken by the game master, and those sent and not.
    pub fn initiative_taken(&self) -> (Vec<InitiativeAnswer>, Vec<InitiativeAnswer>) {
        self.initiative.values().map(|(_, a)| a.clone()).partition(|a| self.used.contains(&a.name))
    }

    /// The initiative rolls sent for the encounter asked about.
    pub fn initiative(&self) -> Vec<InitiativeAnswer> {
        self.initiative.values().map(|(_, a)| a.clone()).collect()
    }

    /// The initiative roll device `device` sent for combatant `name`, if it sent one.
    pub fn my_initiative(&self, device: u32, name: &str) -> Option<InitiativeAnswer> {
        self.initiative.get(name).filter(|(d, _)| *d == device).map(|(_, a)| a.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(name: &str) -> Prepared {
        Prepared {
            event: crate::encounters::Event::Roll {
                name: name.into(),
                dice: "1d20".into(),
                text: "1d20: 7".into(),
                total: 7,
                secret: false,
            },
            actor: name.into(),
            round: 1,
            turn: None,
            asked: "Roll 1d20".into(),
            rolled: Vec::new(),
            seed: None,
            tome_rolled: BTreeMap::new(),
            others_rolled: false,
            typed_dice: Vec::new(),
        }
    }

    /// While the rules check an accept, the phone and the game master's strip still list
    /// the action (it was once taken out, and a phone drawn meanwhile lost it until the
    /// next change); a second answer meanwhile is refused, and a refused accept leaves it
    /// waiting for another.
    #[test]
    fn an_action_being_answered_stays_listed_until_its_answer() {
        let mut p = Proposals::default();
        let seq = p.put(7, 1, "Ann".into(), (1, "Fight".into()), roll("Vex")).unwrap().id;
        let w = p.claim(7).unwrap();
        assert_eq!(p.waiting().len(), 1);
        assert_eq!(p.mine(1, (1, "Fight"), |_| Vec::new()).len(), 1);
        assert!(p.claim(7).is_err());
        assert!(p.take(7).is_err());
        assert!(p.withdraw(1, seq).is_err());
        p.release(7);
        let w2 = p.claim(7).unwrap();
        assert_eq!(w2.id, w.id);
        p.answered(&w2, ProposalState::Accepted, None);
        assert!(p.waiting().is_empty());
        let mine = p.mine(1, (1, "Fight"), |_| Vec::new());
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].state, ProposalState::Accepted);
        assert!(p.claim(7).unwrap_err().to_string().contains("accepted already"));
    }
}
