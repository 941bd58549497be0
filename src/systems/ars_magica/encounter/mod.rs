//! Ars Magica in an encounter, a file per topic:
//!
//! - `stats.rs`: the scores a combatant needs, read from a sheet or typed, and the
//!   wounds and fatigue it carries in and out;
//! - `initiative.rs`: the Initiative Total plus a stress die, rolled once for the
//!   whole combat (ties re-rolled among the tied only; a party may delay);
//! - `dice.rs`: stress dice rolled when an action is made, and what a 0 means;
//! - `totals.rs`: an Attack or Defense Total with its die and every modifier (a
//!   rider's Ride among them);
//! - `attack.rs`: one attack from both sides' totals through Soak to the wound;
//! - `wounds.rs`: wounds by level and Size, a Damage Total typed in, incapacitation
//!   and death;
//! - `groups.rs`: a group as one combatant (the vanguard's scores, one blow per member,
//!   a trained group's bonus);
//! - `exertion.rs`, `fatigue.rs`, `disengage.rs`: those combat options;
//! - `defenders.rs`: shield grogs guarding another character;
//! - `stunts.rs`: a trip or disarm against the Sample Advantages table;
//! - `nonlethal.rs`: a scuffle (the Scuffle Effects table) and a grapple (its Grapple
//!   Strength kept on the grappler);
//! - `spells.rs`: casting in the fight (Quickness alone, spells a round);
//! - `overexertion.rs`: the Recovery roll for doing more than the wounds allow;
//! - `view.rs`: what the tracker and the players' screen show, and what lasts after.
//!
//! Every number comes from the calculators in `rules/`.

use std::collections::BTreeMap;

use super::rules::{
    combat_roll, disengage_bonus, exertion, fatigue, fatigue_roll, grapple as grapple_step, group_blows,
    group_bonus_from_sum, mounted_bonus, overexertion_recovery, penalty, resolve_attack, sample_advantage,
    scuffle as scuffle_blow, spell_initiative, wound, FatigueLevel, GrappleSide, GroupBonus, Penalty, WoundCounts,
    WoundLevel, ABILITY, ADVANTAGE, BONUS, BOTCH_DICE, CHAR, DAMAGE, ENC, FATIGUE_LOST, HORSEBACK_ONLY, MAX_GROUP,
    NO_BOTCH, REQUIRED, R_ACTIVITIES, R_ATTACK, R_DEFENDER, R_DEFENSE, R_DISENGAGING, R_EXERTION, R_GRAPPLING,
    R_GROUPS, R_GROUP_DAMAGE, R_INITIATIVE, R_MAGIC, R_MOUNTED, R_NON_LETHAL, R_SEQUENCE, R_SHORT_TERM_FATIGUE, R_SOAK,
    R_SPECIAL_EFFECTS, R_STRESS_DIE, R_TRAINED, SIZE, T_DAMAGE, WOUND_COUNT,
};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Act, Action, Combatant, EncounterRules, Facts, Outcome, StatSpec, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind, Term};
use crate::sheets::Derived;

mod actions;
mod attack;
mod defenders;
mod dice;
mod disengage;
mod exertion;
mod fatigue;
mod groups;
mod initiative;
mod menu;
mod nonlethal;
mod overexertion;
mod spells;
mod stats;
mod stunts;
mod totals;
mod view;
mod wounds;

use attack::BOTCHES;
use attack::{attack, ATTACK_PARAMS};
use defenders::{defend, standing_defender, DEFENDED_NOTE, DEFEND_PARAMS};
use dice::{
    die_note, die_param, opponents, stress, stress_fact, stress_fact_with_botches, zero_note, BOTCH_DICE_HELP, DIE_MAX,
};
use disengage::{disengage, DISENGAGE_PARAMS};
use exertion::{exert, EXERT_PARAMS};
use fatigue::{roll_fatigue, FATIGUE_PARAMS};
use groups::{
    check_split, is_group, join_members, member_fatigue, member_key, place_bonus, spend_fatigue, standing,
    trained_bonus, BONUS_PARAMS, FALLEN_FATIGUE, OTHERS_DOWN,
};
use overexertion::{overexert, OVEREXERT_PARAMS};
use spells::{cast, CAST_PARAMS};
use stats::{counts, fatigue_level, penalty_of, FATIGUE, OTHERS, WOUNDS};
use stunts::STUNT_PARAMS;
use totals::{bonus_on, cannot_act, require_able, rolled_total, Rolled, Side, SIDE};
use wounds::take_blows;

/// Ars Magica's encounter rules.
pub struct Rules;

impl EncounterRules for Rules {
    fn marks_naming_combatants(&self) -> &'static [&'static str] {
        nonlethal::NAMING_COMBATANTS
    }

    fight_home!(menu: menu::MENU, menu::option);

    fn sheet_actions(&self, _book: &dyn Rulebook, c: &Character) -> Vec<crate::encounters::SheetAction> {
        menu::weapon_attack(c)
    }

    fight_home!(stats: stats);

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        initiative::initiative(c, roll)
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        // A stress die doubles on each 1 (ten doublings at most): 0 to 10 × 1024.
        ("stress", (0, DIE_MAX))
    }

    fn delay_rule(&self) -> Option<&'static str> {
        Some(R_SEQUENCE)
    }

    fn actions(&self) -> &'static [Action] {
        actions::ACTIONS
    }

    /// The defender rolls their own Defense die, and Soak against a spell (lines 93–94).
    fn target_rolls(&self, param: &str) -> bool {
        matches!(param, "defense-die" | "soak-die")
    }

    fn many(&self, c: &Combatant) -> bool {
        groups::is_group(c)
    }

    /// The defender's die, its botches and its modifier are the defender's; how many
    /// botch dice a 0 calls for is the storyguide's (the circumstances set it).
    fn players_param(&self, _action: &str, param: &str) -> bool {
        !(self.target_rolls(param) || matches!(param, "defense-botches" | "defense-modifier" | "botch-dice"))
    }

    /// A phone names who attacked (`against`) but never their dice: `NAME=DIE` is the
    /// attacker's stress die, the game master's to type or Tome's to roll (issue 56).
    fn players_value_problem(&self, _action: &str, param: &str, value: &str) -> Option<String> {
        (param == "against" && value.contains('=')).then(|| {
            "Against names who attacked, without their dice: their stress dice are rolled by Tome or the game master"
                .to_string()
        })
    }

    fn prepare(&self, book: &dyn Rulebook, s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
        actions::prepare(book, s, act, rng)
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        actions::act(s, act)
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        initiative::start_turn(c)
    }

    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        wounds::damage(c, amount, kind)
    }

    fn heal(&self, _c: &mut Combatant, _amount: i64) -> Result<Outcome> {
        Err(Error::InvalidInput(
            "Ars Magica wounds heal by Recovery rolls over days, not during a fight: set a wound count (e.g. `wounds-light 0`) to correct one".into(),
        ))
    }

    fn admit(&self, _s: &State, c: &mut Combatant) -> Result<()> {
        stats::admit(c)
    }

    fn value_range(&self, c: &Combatant, field: &str) -> Option<(i64, i64)> {
        stats::value_range(c, field)
    }

    fn after_set(&self, c: &mut Combatant, field: &str) -> Result<Outcome> {
        Ok(stats::after_set(c, field))
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        view::view(c)
    }

    fn player_status(&self, c: &Combatant, pc: bool) -> Vec<String> {
        view::player_status(c, pc)
    }

    fn down(&self, c: &Combatant) -> Option<String> {
        view::down(c)
    }

    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        view::lasting(c)
    }

    /// The Fatigue levels and the wound that takes a character out ("Unconscious",
    /// "Incapacitated") are aliases of the Fatigue and Wounds entries: given as a
    /// condition, each is itself, linked to its entry, not the entry's name.
    /// An attack, a stunt, a scuffle and a grapple (not a release): the one acting
    /// against the one it aims at.
    fn exchange(&self, s: &State, act: &Act<'_>) -> Option<(usize, usize)> {
        let strikes = matches!(act.action.name, "attack" | "stunt" | "scuffle")
            || act.action.name == "grapple" && !act.inputs.flag("release");
        if !strikes {
            return None;
        }
        s.find(act.inputs.text("target")?).ok().map(|t| (act.who(), t))
    }

    /// A group that split (line 273) has its survivors made combatants.
    fn after_change(&self, s: &mut State, _now: i64) -> Result<Outcome> {
        Ok(groups::split_off(s))
    }

    fn own_condition(&self, name: &str) -> bool {
        OWN_CONDITIONS.iter().any(|w| w.eq_ignore_ascii_case(name.trim()))
    }
}

/// The states a character is in that the document names within another rule's entry.
const OWN_CONDITIONS: &[&str] = &["Winded", "Weary", "Tired", "Dazed", "Unconscious", "Incapacitated"];

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_calculators;
