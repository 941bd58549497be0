//! Encounters: a fight run by its own system's rules, kept as a log of events.
//!
//! Every change a game master makes is one [`Event`]. The [`State`] (round, acting
//! order, each combatant's tracked values and conditions, and a readable log) is what
//! the events add up to: [`State::replay`] folds them with the system's
//! [`EncounterRules`]. Undo and redo move a pointer over the stored events, and
//! resuming after a restart or a crash is a replay, so all three come from one
//! mechanism (see `schema/0005_encounters.sql`).
//!
//! Events hold every die that was rolled, typed or rolled by Tome, so a replay never
//! rolls: the same events always give the same state.

pub mod checkpoint;
mod event;
mod menu;
mod phone;
mod sheet;
mod state;

pub use event::{AdversaryAttack, ConditionRef, Duration, Event, NewCombatant, Roll, Sent};
pub use menu::{asked_words, words, MenuGroup, MenuWords, OptionWords, PlayerAction, SheetAction, MOST_BUTTONS};
pub use phone::{AnswerForm, OwnField, PhoneField, MOST_SUCCESSES};
pub use sheet::{saved_sheet, SheetBrings, SheetDiff};
/// The stat of a system's tracker a word names (its key or an abbreviation).
pub use state::{check_die, resolve_stat, Shared};
pub use state::{ActiveCondition, CameTo, Combatant, Exposed, LogEntry, Mark, State, Summary};

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use crate::characters::Character;
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Inputs, Param, Term};
use crate::sheets::Derived;

/// The system's action called `action` (any case).
///
/// # Errors
/// No such action, with the system's actions as suggestions.
pub fn action_spec(rules: &dyn EncounterRules, action: &str) -> Result<&'static Action> {
    let action = action.trim();
    rules.actions().iter().find(|a| a.name.eq_ignore_ascii_case(action)).ok_or_else(|| Error::NotFound {
        what: "action",
        id: action.to_string(),
        suggestions: rules.actions().iter().map(|a| a.name.to_string()).collect(),
    })
}

/// The most combatants one encounter holds.
pub const MAX_COMBATANTS: usize = 200;
/// The most combatants one quick add makes ("Goblin" ×50).
pub const MAX_COUNT: i64 = 50;
/// The largest amount of damage or healing, or value set, in one event.
pub const MAX_AMOUNT: i64 = 100_000;
/// The longest duration, in rounds or seconds.
pub const MAX_DURATION: i64 = 100_000;
/// The most events one encounter keeps.
pub const MAX_EVENTS: usize = 100_000;

/// A value a system's tracker needs of each combatant, and the words that name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct StatSpec {
    /// The key (`awr`, `max-hp`), as `--stat KEY=VALUE` takes it.
    pub key: &'static str,
    /// What the tracker calls it ("Awareness (AWR)").
    pub label: &'static str,
    /// Other words for it: the documents' abbreviations and the sheet's field key.
    pub aliases: &'static [&'static str],
    pub min: i64,
    pub max: i64,
    /// Used when neither the sheet nor the game master gives it.
    pub default: i64,
}

/// How turns go in a system's encounters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Pace {
    /// Initiative is rolled at the start and sets an acting order; `next` passes the
    /// turn along it and a round ends when everyone has acted.
    Initiative,
    /// No turn order: everyone acts at once (a live-action battlegame, a duel's clashes,
    /// a match's team turns). `start` takes no rolls; `next` is the rules' own step
    /// ([`EncounterRules::advance`]), refused where they have none; durations run in
    /// seconds (and `elapse`) rather than turns.
    Together,
}

/// A system's own kind of change besides damage, healing and conditions (an Amtgard
/// respawn, an MLAF spell cast, a clash of the Duel Arcane), with the parameters it
/// takes, described like a calculator's so the CLI and the app build their forms from it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(into = "ActionInfo")]
#[ts(as = "ActionInfo")]
pub struct Action {
    /// The word the CLI takes (`tome encounter act ENC cast …`).
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// Whether it is done by (or to) one combatant, named after the action.
    pub combatant: bool,
    pub params: &'static [Param],
    /// The rule it follows, to link to.
    pub rule: Option<&'static str>,
}

/// An action as the CLI's JSON and the app see it: its parameters with labels and the
/// values their forms offer.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(rename = "Action")]
pub struct ActionInfo {
    /// The word the CLI takes (`tome encounter act ENC cast …`).
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// Whether it is done by (or to) one combatant, named after the action.
    pub combatant: bool,
    pub params: Vec<crate::rules::ParamInfo>,
    /// The rule it follows, to link to.
    pub rule: Option<&'static str>,
}

impl From<Action> for ActionInfo {
    fn from(a: Action) -> ActionInfo {
        ActionInfo {
            name: a.name,
            summary: a.summary,
            combatant: a.combatant,
            params: a.params.iter().cloned().map(crate::rules::ParamInfo::from).collect(),
            rule: a.rule,
        }
    }
}

/// The fact a system's [`EncounterRules::sheet_action`] reads: the [`SheetDiff`] a save
/// of the sheet brought, as JSON.
pub const SHEET_FACT: &str = "sheet";

/// The prefix of the [`Facts`] that say one of the acting player's rolls as they read
/// it ("said.1-roll" = "Attack d20 14 + 5 = 19"): their phone shows these, in key order.
pub const SAID: &str = "said.";

/// What [`EncounterRules::prepare`] works out as an action is made (the content it reads,
/// the dice Tome rolls), by name: stored with the event, so a replay needs neither.
pub type Facts = BTreeMap<String, String>;

/// One action as the rules receive it: checked inputs, and what Tome looked up or
/// rolled for it when it was made ([`EncounterRules::prepare`]).
pub struct Act<'a> {
    pub action: &'a Action,
    /// The combatant, for an action about one.
    pub who: Option<usize>,
    pub inputs: &'a Inputs,
    pub facts: &'a Facts,
}

impl Act<'_> {
    /// A fact [`EncounterRules::prepare`] stored, as a whole number.
    ///
    /// # Errors
    /// A stored event missing it (a damaged row).
    pub fn fact_int(&self, key: &str) -> Result<i64> {
        self.facts
            .get(key)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| Error::InvalidInput(format!("the {} action holds no `{key}`", self.action.name)))
    }

    pub fn fact(&self, key: &str) -> Option<&str> {
        self.facts.get(key).map(String::as_str)
    }

    /// The combatant it is about (actions declared with `combatant: true` always have one).
    pub fn who(&self) -> usize {
        self.who.unwrap_or(0)
    }
}

/// What happened to a combatant, in words and the terms of every number.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    pub lines: Vec<String>,
    pub terms: Vec<Term>,
}

impl Outcome {
    pub fn line(text: impl Into<String>) -> Outcome {
        Outcome { lines: vec![text.into()], terms: Vec::new() }
    }
}

/// What gaining a condition one already has does, by the system's rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GainingAgain {
    /// Refused: it is already there.
    Refused,
    /// The longer of the two durations stays (Amtgard's States).
    LongerStays,
    /// The newer always replaces the older (MythCraft's magical effects).
    NewerReplaces,
}

/// One system's encounter rules: how a combatant is set up, who acts first, what a
/// turn boundary, damage and healing do. A system that runs encounters returns these
/// from [`crate::systems::GameSystem::encounter`]; the engine stays generic.
pub trait EncounterRules: Send + Sync {
    /// The values a quick (non-player) combatant needs, in the order asked for.
    fn stats(&self) -> &'static [StatSpec];

    /// A saved character's values for [`EncounterRules::stats`], from the sheet (and
    /// what the rules derive from it). Missing ones take their default.
    fn stats_from_sheet(&self, c: &Character, derived: &Derived) -> BTreeMap<String, i64>;

    /// Sets up the tracked values of a combatant who has just joined (`stats` filled).
    fn join(&self, c: &mut Combatant);

    /// How turns go: by initiative (the default) or all together.
    fn pace(&self) -> Pace {
        Pace::Initiative
    }

    /// The initiative the combatant acts on from its die roll, with the terms; and the
    /// keys compared to order the combatants (the total first, then tie-breaks). Only
    /// asked in [`Pace::Initiative`].
    fn initiative(&self, _c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        (vec![roll], Outcome::default())
    }

    /// The die an initiative roll (and a tie re-roll) is, as [`crate::dice::roll_spec`]
    /// takes it (`1d20`, `stress`), and the values one may read.
    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        ("1d10", (1, 10))
    }

    /// The rule that lets a combatant hold its action until later in the round, to link
    /// to; `None` where the rules have no delaying (and `delay` is refused).
    fn delay_rule(&self) -> Option<&'static str> {
        None
    }

    /// What `next` is called on the screen: the next turn by initiative; in
    /// [`Pace::Together`], the system's own step (an MLAF match's next team turn), or
    /// `None` where the rules have no turns at all and `next` is refused. Systems that
    /// name a step here do it in [`EncounterRules::advance`].
    fn next_step(&self) -> Option<&'static str> {
        (self.pace() == Pace::Initiative).then_some("Next turn")
    }

    /// In [`Pace::Together`], what `next` does, for the rules whose
    /// [`EncounterRules::next_step`] names one.
    fn advance(&self, _s: &mut State) -> Result<Outcome> {
        Err(Error::InvalidInput("these rules have no next step".into()))
    }

    /// The system's own actions (`tome encounter act`).
    fn actions(&self) -> &'static [Action] {
        &[]
    }

    /// The action an attack of the library (its numbers as the game master wrote them,
    /// "+3, 1d6+2 sharp") fills in, and the inputs those numbers give it by parameter name:
    /// what the tracker's attack form starts from when its attacker has the attack. `None`
    /// where the system's attack takes nothing the numbers say (Ars Magica reads its totals
    /// from the stats).
    fn attack_inputs(&self, _numbers: &str) -> Option<(&'static str, BTreeMap<String, String>)> {
        None
    }

    /// The marks a copy of a library adversary joins with beyond its stats, read from the
    /// content as it is added (MLAF: its roster position, the position's skills and the
    /// spells it knows), so a replay needs neither the content nor the library.
    /// `position` is the adversary's roster position (an entry id), `entries` the entries
    /// its attacks name. Asked when an adversary is saved too, so what it refuses is
    /// refused then. By default a system has no positions, and refuses one.
    ///
    /// # Errors
    /// What the rules refuse of them (another race's racial spell); a position where the
    /// system keeps none.
    fn adversary_marks(&self, _book: &dyn Rulebook, position: Option<&str>, _entries: &[&str]) -> Result<Vec<Mark>> {
        match position {
            Some(p) => Err(Error::InvalidInput(format!("this tracker gives a combatant no roster position (`{p}`)"))),
            None => Ok(Vec::new()),
        }
    }

    /// Completes an action before it is stored: looks up what it needs from the content
    /// (a spell's casting target) and rolls the dice not typed in, returning them as
    /// facts, so that replaying the stored event needs neither content nor dice.
    ///
    /// # Errors
    /// Something named that the content does not hold.
    fn prepare(&self, _book: &dyn Rulebook, _s: &State, _act: &Act<'_>, _rng: &mut dyn rand::RngCore) -> Result<Facts> {
        Ok(BTreeMap::new())
    }

    /// Does an action (already checked against its parameters) to the state. Whatever
    /// it returns as an error, nothing changes.
    ///
    /// # Errors
    /// The action does not fit the state (the rules forbid it now), said plainly.
    fn act(&self, _s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        Err(Error::InvalidInput(format!("the {} action is not handled", act.action.name)))
    }

    /// The most combatants the rules let the encounter hold (the Duel Arcane's two), with
    /// what they are called, checked as combatants are added (not on a replay, so a log
    /// stored before the check still reads); `None`: only [`MAX_COMBATANTS`].
    fn most_combatants(&self) -> Option<(usize, &'static str)> {
        None
    }

    /// The tracked value a word typed to `set` names where a stat answers to the same word
    /// (Amtgard's `torso`: the armour points left there, not the worn armour's rating).
    /// Tome writes the value's own key into the stored change, so one stored before
    /// replays as it was made. `None`: the word is read as it is.
    fn set_word(&self, _field: &str) -> Option<String> {
        None
    }

    /// The stats whose default an older Tome gave otherwise, each with that older default
    /// (Primal Wild's `mage`: a quick combatant was a mage unless marked 0, until issue 72).
    /// Tome writes such a stat into every join it stores now, at today's default when it
    /// is not given ([`NewCombatant::name_changed_defaults`]), so a stored join without it
    /// is an older Tome's: it replays with the older default, as the fight was played.
    fn older_defaults(&self) -> &'static [(&'static str, i64)] {
        &[]
    }

    /// The fewest combatants the encounter may start with (the Duel Arcane's two), with
    /// what they are called, checked as it starts; `None`: any number.
    fn fewest_to_start(&self) -> Option<(usize, &'static str)> {
        None
    }

    /// The lists of marks ([`Mark`]) whose names are other combatants' (a grapple's
    /// holder, an immunity breached by an attacker): the table's copy of the fight
    /// leaves out those naming a combatant it does not see
    /// ([`State::as_the_table_sees`]).
    fn marks_naming_combatants(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether combatant `c` may act now though it is not its turn, paying for a
    /// reaction (MythCraft's Reactive AP); the rules of each action still refuse what it
    /// cannot pay. A player's phone offers its actions out of turn only then.
    fn reacts(&self, _c: &Combatant) -> bool {
        false
    }

    /// Whether the single die of parameter `param` is rolled by the action's target (an
    /// Ars Magica defender's Defense or Soak die) rather than by the one acting.
    fn target_rolls(&self, _param: &str) -> bool {
        false
    }

    /// Whether combatant `c` is many under one name (an Ars Magica group of grogs), so
    /// its name takes a plural possessive ("the Faerie grogs' turn").
    fn many(&self, _c: &Combatant) -> bool {
        false
    }

    /// Whether a player may send action `action` from their phone for their own
    /// combatant: something the character does (an attack, a dodge, a spell), not the
    /// game master's ruling or bookkeeping (a surprise's set-up, what 0 HP does, a
    /// minion's leaving the order). The phone offers only these, and the table's server
    /// refuses the others whatever a phone sends.
    fn players_action(&self, _action: &str) -> bool {
        true
    }

    /// Whether parameter `param` of action `action` is the acting player's to give: not
    /// the other side's die or number (a defender's Defense die, a target's defense), which
    /// is the defender's (asked of their phone), Tome's (rolled at the accept) or the game
    /// master's. A player's form never shows the others, and the server refuses them.
    fn players_param(&self, _action: &str, param: &str) -> bool {
        !self.target_rolls(param)
    }

    /// Whether action `action` reaches a combatant its form does not pick, through the
    /// fight's own marks (a MythCraft escape meets the grappler's FORT or REF): what it
    /// does may then hang on numbers the table does not see, and a phone is told so
    /// before the game master takes it, as for an action aimed at another.
    fn reaches_others(&self, _action: &str) -> bool {
        false
    }

    /// What is wrong with `value`, given by a player's phone for parameter `param` of
    /// action `action`, that the game master may type: the other side's die packed into
    /// a field of the player's own (an Ars Magica disengage's `against`, whose
    /// `NAME=DIE` is the attacker's stress die). `None`: nothing.
    fn players_value_problem(&self, _action: &str, _param: &str, _value: &str) -> Option<String> {
        None
    }

    /// Whether parameter `param` of action `action`, though not a die Tome rolls, gives
    /// what such a die decides (a MythCraft attack's total, or its crit): once Tome's roll
    /// binds a turn, it may no more be typed in the die's place than the die itself.
    fn stands_for_roll(&self, _action: &str, _param: &str) -> bool {
        false
    }

    /// Whether optional parameter `param` of action `action` is shown on the game
    /// master's form before "More": a number Tome rolls only from numbers a quick
    /// combatant does not have (a MythCraft attack's total and damage).
    fn asked_first(&self, _action: &str, _param: &str) -> bool {
        false
    }

    /// How a player names the system's actions on their phone, and where it lists them
    /// (an action not named here reads as its own word, under "Other").
    fn players_menu(&self) -> &'static [MenuWords] {
        &[]
    }

    /// Optional parameter `param` of action `action` as a player's own choice, in their
    /// words; `None` leaves it off the phone's form (the game master's bookkeeping, or a
    /// number Tome fills in).
    fn players_option(&self, _action: &str, _param: &str) -> Option<OptionWords> {
        None
    }

    /// The actions character `c`'s sheet makes beyond its written attacks (an Ars
    /// Magica character's weapon), listed on the phone before the system's others.
    fn sheet_actions(&self, _book: &dyn Rulebook, _c: &Character) -> Vec<SheetAction> {
        Vec::new()
    }

    /// The attacks written on character `c`'s sheet, each by its name and numbers as
    /// written (a MythCraft sheet's `attack-1` to `attack-4`, "Short sword: +5, 1d6+2
    /// sharp, melee, 2 AP"). Its combatant attacks with them by name as an adversary's
    /// copy does with its stat block's, each filled in by [`Self::attack_inputs`]: the
    /// phone, the app's form and the command line alike (`Tome::combatant_attack`).
    fn written_attacks(&self, _c: &Character) -> Vec<AdversaryAttack> {
        Vec::new()
    }

    /// What character `c`'s sheet brings into a fight beyond its stats as its combatant
    /// joins (Amtgard: the enchantments worn, with the Magic Armor they grant, the States
    /// it holds and the armour points left on each location), from the sheet and what
    /// it derives: read by Tome as the change is made and kept in the event. By default
    /// nothing: the stats ([`Self::stats_from_sheet`]) are all a sheet brings.
    fn sheet_brings(&self, _book: &dyn Rulebook, _c: &Character, _derived: &Derived) -> SheetBrings {
        SheetBrings::default()
    }

    /// The action that brings a sheet saved mid-fight into the fight whole (its stats and
    /// what [`Self::sheet_brings`] reads, a [`SheetDiff`] Tome stores with it as the fact
    /// [`SHEET_FACT`]); `None` where a save sets only the stats that changed.
    fn sheet_action(&self) -> Option<&'static str> {
        None
    }

    /// The action a written attack fills in ([`Self::attack_inputs`]): MythCraft's
    /// `attack`. `None` where written attacks fill in nothing.
    fn written_action(&self) -> Option<&'static str> {
        None
    }

    /// The fields of action `action` (with the game master's `inputs` so far, and `who`
    /// acting) whose value is a player's own beyond a single die, which the tracker may
    /// ask that player's phone for: an Amtgard player's hit location, a duelist's clash
    /// pool. Single dice are asked by the generic rule ([`crate::Tome::phone_fields`]).
    fn phone_fields(
        &self,
        _s: &State,
        _action: &str,
        _who: Option<usize>,
        _inputs: &BTreeMap<String, String>,
    ) -> Vec<OwnField> {
        Vec::new()
    }

    /// The values combatant `c`'s own form offers for parameter `param`, where the rules
    /// take fewer than the form's list for everyone (an MLAF caster's spells: the
    /// position's and those learned); `None` for the whole list.
    fn offered(&self, _book: &dyn Rulebook, _c: &Combatant, _param: &str) -> Option<Vec<String>> {
        None
    }

    /// Whether the tracker knows `name` as a condition of its own that the reference has
    /// no entry for (MLAF's Blood Bowl words for a player out of play, KO'd or Prone): it
    /// is added as typed, where any other unknown name is refused unless kept as custom.
    fn own_condition(&self, _name: &str) -> bool {
        false
    }

    /// What gaining a condition one already has (by name) does: refused by default.
    fn gaining_again(&self) -> GainingAgain {
        GainingAgain::Refused
    }

    /// Whether the combatant may gain a condition now (Amtgard: no States on the dead).
    ///
    /// # Errors
    /// Why not.
    fn can_gain(&self, _c: &Combatant, _condition: &ActiveCondition) -> Result<()> {
        Ok(())
    }

    /// Whether a condition may be taken off by hand now (Amtgard: not from a player whose
    /// Immunity could stop the ability that ends it, since a hand move names no School).
    ///
    /// # Errors
    /// Why not.
    fn can_lose(&self, _c: &Combatant, _condition: &ActiveCondition) -> Result<()> {
        Ok(())
    }

    /// A line to add when a condition runs out on its own (Amtgard: call "No longer
    /// Frozen").
    fn expired(&self, _c: &Combatant, _condition: &ActiveCondition) -> Option<String> {
        None
    }

    /// What the system tracks of the whole encounter (an MLAF match's half), for the view.
    fn view_encounter(&self, _s: &State) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }

    /// Where an encounter started in [`Pace::Together`] stands, in the system's own words,
    /// where "under way, with no turn order" would not be true (an MLAF match set up but
    /// not yet kicked off, its teams taking turns, or over at full time); `None` for those
    /// words. The game master's heading and the start's line say it.
    fn standing(&self, _s: &State) -> Option<String> {
        None
    }

    /// What the players' screen says of the whole encounter in place of the round and the
    /// turn, where the system counts otherwise (the Duel Arcane's round and clash); empty
    /// for the round and the turn.
    fn player_encounter(&self, _s: &State) -> Vec<String> {
        Vec::new()
    }

    /// The acting combatant's turn begins: nothing happens unless the system says so
    /// (where everyone acts together there are no turns to begin).
    fn start_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    /// The acting combatant's turn ends: nothing happens unless the system says so.
    fn end_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    /// Damage of `amount` (of type `kind`, where the system has types).
    ///
    /// # Errors
    /// An amount or type the rules do not take.
    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome>;

    /// Healing of `amount`.
    ///
    /// # Errors
    /// An amount the rules do not take.
    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome>;

    /// The words `damage` takes as its kind (MythCraft's damage types, Amtgard's hit
    /// locations), for the app to offer as a list; empty where damage has no kinds. The
    /// first is what no kind means, unless [`EncounterRules::damage_kind_required`].
    fn damage_kinds(&self) -> Vec<String> {
        Vec::new()
    }

    /// Whether `damage` needs a kind (Amtgard: a hit lands on a location).
    fn damage_kind_required(&self) -> bool {
        false
    }

    /// The system's own word for a combatant out of the fight ("Dying", "Dead",
    /// "Incapacitated", "Out of lives"), if it is: the tracker and the player view both
    /// show it as `down`, and the tracker warns before such a combatant's turn.
    fn down(&self, _c: &Combatant) -> Option<String> {
        None
    }

    /// What the players' screen says of the combatant's state: for a player character
    /// (`pc`) what its player knows anyway, for anyone else only what the table can see
    /// ("Bloodied", "Down"), never a number the game master keeps.
    fn player_status(&self, _c: &Combatant, _pc: bool) -> Vec<String> {
        Vec::new()
    }

    /// The range a game master may set a tracked value to by hand (`set NAME FIELD N`),
    /// by the system's rule (MythCraft's Death Points 0–8, an Amtgard armour's rating).
    /// `None` leaves the engine's own bound, 0 to [`MAX_AMOUNT`].
    fn value_range(&self, _c: &Combatant, _field: &str) -> Option<(i64, i64)> {
        None
    }

    /// What follows from a value the game master set by hand (8 Death Points kill), after
    /// it is set; an error refuses the change. Also called with a stat's key after a stat
    /// is set (a lower maximum HP brings the current HP down).
    ///
    /// # Errors
    /// The rules do not allow the value now.
    fn after_set(&self, _c: &mut Combatant, _field: &str) -> Result<Outcome> {
        Ok(Outcome::default())
    }

    /// The combatant's tracked state as `show --json` gives it (`hp`, `wounds`, …).
    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value>;

    /// What lasts after the fight, as changes to the linked character's sheet values
    /// (field key → value).
    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64>;

    /// Whether a combatant just set up (stats filled, [`EncounterRules::join`] done), or
    /// one whose stat the game master has just set, may be in the encounter as it stands
    /// (`s` still holds it as it was), completing what depends on the others (an MLAF
    /// caster joins the team still without one; a team has one caster).
    ///
    /// # Errors
    /// Why not, said plainly; nothing joins.
    fn admit(&self, _s: &State, _c: &mut Combatant) -> Result<()> {
        Ok(())
    }

    /// What follows from a condition just gained (MythCraft: Catching your Breath lifts a
    /// knock-out's daze and stops Bleeding), after it is on the combatant.
    fn gained(&self, _c: &mut Combatant, _condition: &ActiveCondition) -> Outcome {
        Outcome::default()
    }

    /// The combatants who take a turn before round 1 (MythCraft's complete surprise), in
    /// initiative order; round 1 then begins as rolled.
    fn opening_turns(&self, _s: &State) -> Vec<String> {
        Vec::new()
    }

    /// A round begins (round 1 after any opening turns, and every later one), before its
    /// first turn starts: what the rules count by round (MythCraft's surprise rounds).
    fn round_starts(&self, _s: &mut State) -> Outcome {
        Outcome::default()
    }

    /// Why the combatant has no more turns (dead), if so: `next` then takes it out of the
    /// turn order, saying so in the log; it stays in the encounter.
    fn leaves_order(&self, _c: &Combatant) -> Option<String> {
        None
    }

    /// The combatant's tracked state as the board is read at `now` (the reading's time
    /// plus the encounter's clock): a State whose seconds ran out since the last change
    /// shows as expired without a change being made. By default,
    /// [`EncounterRules::view`].
    fn view_at(&self, c: &Combatant, _now: i64) -> serde_json::Map<String, serde_json::Value> {
        self.view(c)
    }

    /// Who attacks whom in an action that is an attack (MythCraft's attack, trip, shove,
    /// grapple): the attacker's and the one struck's places in the roster, read once the
    /// action is made. What a fight that offers to reveal a hidden combatant seen at work
    /// reads ([`State::exposed`]); `None` for an action that is no attack.
    fn exchange(&self, _s: &State, _act: &Act<'_>) -> Option<(usize, usize)> {
        None
    }

    /// What follows from any change once it is made, at `now` (the event's time plus the
    /// clock), for rules that act on the whole state after it (Amtgard dates the Frozen
    /// that Phoenix Tears imposes, and removes the wounds once it ends, however it ended);
    /// an error refuses the change.
    ///
    /// # Errors
    /// The state the change leaves breaks the rules (armour above its rating).
    fn after_change(&self, _s: &mut State, _now: i64) -> Result<Outcome> {
        Ok(Outcome::default())
    }
}
