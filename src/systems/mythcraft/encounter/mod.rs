//! MythCraft in an encounter: 1d20 + AWR initiative (ties by AWR, then a d20), AP at
//! the start of each turn with Reactive AP kept and spent between turns, damage (typed,
//! or an attack against a defense) through Immune, Vulnerable, Resist, Affinity, DR, DT
//! and Shield HP to HP, Bloodied, Death Points (ending a turn at 0 HP, damage at 0 HP,
//! massive damage, Fatigue, Suffocating; none while Catching your Breath), death at 8,
//! knocking unconscious with nonlethal damage, surprise, and what each condition does
//! to AP, speed, defenses and d20 rolls.
//!
//! Every number comes from the calculators in `rules/`: these files only decide when
//! each applies. One file per topic: `stats` (what a combatant brings and shows),
//! `turns` (initiative, a turn's start and end), `damage` (damage and healing),
//! `dying` (Death Points), `conditions`, and one file per move (`attack`, `spend`),
//! listed in `actions`.

mod actions;
mod amounts;
mod attack;
mod bleeding;
mod conditions;
mod cover;
mod damage;
mod defense;
mod dying;
mod grapple;
mod maneuvers;
pub(super) mod menu;
mod moving;
pub(super) mod prefill;
mod shield;
mod spend;
mod stats;
mod surprise;
mod turns;

use std::collections::BTreeMap;

use crate::characters::Character;
use crate::encounters::{Act, Action, ActiveCondition, Combatant, EncounterRules, Facts, Outcome, StatSpec, State};
use crate::error::{Error, Result};
use crate::sheets::Derived;
use crate::systems::mythcraft::rules::{Attack, DeathEvent};

/// MythCraft's encounter rules.
pub struct Rules;

impl EncounterRules for Rules {
    fn marks_naming_combatants(&self) -> &'static [&'static str] {
        grapple::NAMING_COMBATANTS
    }

    fn stats(&self) -> &'static [StatSpec] {
        &stats::STATS
    }

    fn stats_from_sheet(&self, c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        stats::stats_from_sheet(c)
    }

    fn join(&self, c: &mut Combatant) {
        stats::join(c);
    }

    /// The conditions the sheet lists (Shaken's −2 on every d20 is the fight's as well as
    /// the sheet's), held until removed; a save mid-fight adds and removes those the save
    /// changed ([`crate::Tome`]'s sheet-to-fight).
    fn sheet_brings(
        &self,
        _book: &dyn crate::rulebook::Rulebook,
        c: &Character,
        _derived: &Derived,
    ) -> crate::encounters::SheetBrings {
        stats::sheet_brings(c)
    }

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        turns::initiative(c, roll)
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        ("1d20", (1, 20))
    }

    fn actions(&self) -> &'static [Action] {
        actions::ACTIONS
    }

    /// Out of its turn, a creature acts with the Reactive AP it kept, unless its
    /// conditions or a surprise forbid reactions.
    /// The MC's own: a surprise's set-up and its contests, Fatigue suffered, Shield HP
    /// granted, and what 0 HP does: rulings and bookkeeping, not a character's deed.
    fn players_action(&self, action: &str) -> bool {
        !matches!(action, "surprise" | "surprise-contests" | "fatigue" | "shield" | "at-zero-hp")
    }

    /// Breaking free meets the grappler's FORT or REF, found through the Grappled mark,
    /// not picked on the form.
    fn reaches_others(&self, action: &str) -> bool {
        action == "escape"
    }

    /// The defense an attack or maneuver meets is the target's (the tracker reads it from
    /// its stats), and the AWR a Hide is against is the watchers'.
    fn players_param(&self, action: &str, param: &str) -> bool {
        !(param == "defense" || (action == "hide" && param == "against"))
    }

    /// An attack's total is its kept d20 with the bonus, and a crit is what a d20 in the
    /// crit range makes it.
    fn stands_for_roll(&self, action: &str, param: &str) -> bool {
        matches!(action, "attack" | "exploit") && matches!(param, "roll" | "crit")
    }

    /// The attack's total and damage: Tome rolls them only from the attacker's written
    /// bonus and dice (an adversary's attack, a sheet's), which a quick combatant lacks.
    fn asked_first(&self, action: &str, param: &str) -> bool {
        matches!(action, "attack" | "exploit") && matches!(param, "roll" | "amount")
    }

    fight_home!(menu: menu::MENU, menu::option);

    fn written_attacks(&self, c: &Character) -> Vec<crate::encounters::AdversaryAttack> {
        menu::written_attacks(c)
    }

    fn reacts(&self, c: &Combatant) -> bool {
        c.value("reactive-ap") > 0 && !conditions::effects(c).no_reactions
    }

    fn written_action(&self) -> Option<&'static str> {
        Some("attack")
    }

    fn attack_inputs(&self, numbers: &str) -> Option<(&'static str, BTreeMap<String, String>)> {
        let inputs = prefill::attack_inputs(numbers);
        (!inputs.is_empty()).then_some(("attack", inputs))
    }

    fn prepare(
        &self,
        _book: &dyn crate::rulebook::Rulebook,
        _s: &State,
        act: &Act<'_>,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Facts> {
        let mut facts = BTreeMap::new();
        if matches!(act.action.name, "attack" | "exploit") {
            attack::prepare(&mut facts, _s, act, rng)?;
        }
        Ok(facts)
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        if act.action.name == "at-zero-hp" {
            return dying::choose_fate(&mut s.combatants[act.who()], act.inputs.choice("fate")?.unwrap_or_default());
        }
        if act.action.name == "surprise" {
            return surprise::declare(s, act);
        }
        s.require_started(act.action.name)?;
        // The dead act no more (they leave the turn order too): no move by a corpse, and
        // no Shield HP, cover or healing for one. Only its fate at 0 HP, above, may still
        // be chosen, since that is the MC's record of how it fell.
        let c = &s.combatants[act.who()];
        if c.value("dead") > 0 {
            return Err(Error::InvalidInput(format!(
                "{} is dead: it takes no `{}` (a dead combatant acts no more)",
                c.name, act.action.name
            )));
        }
        match act.action.name {
            "shield" => shield::shield(s, act),
            "surprise-contests" => surprise::contests(s, act),
            "dodge" => maneuvers::dodge(s, act),
            "stand" => maneuvers::stand(s, act),
            "drop-prone" => maneuvers::drop_prone(s, act),
            "wake" => maneuvers::wake(s, act),
            "hide" => maneuvers::hide(s, act),
            "trip" => maneuvers::trip(s, act),
            "shove" => maneuvers::shove(s, act),
            "disarm" => maneuvers::disarm(s, act),
            "grapple" => grapple::grapple_move(s, act),
            "escape" => grapple::escape(s, act),
            "release" => grapple::release(s, act),
            "cover" => cover::cover(s, act),
            "medicine" => bleeding::medicine(s, act),
            "magic-heal" => bleeding::magic_heal(s, act),
            "recoup" => dying::recover(&mut s.combatants[act.who()], DeathEvent::Recoup),
            "rest" => dying::recover(&mut s.combatants[act.who()], DeathEvent::Rest),
            "attack" => attack::attack(s, act),
            "exploit" => attack::exploit(s, act),
            "spend" => spend::spend(s, act),
            "move" => moving::move_up(s, act),
            "put-out-burning" => moving::put_out(s, act),
            "fatigue" => dying::fatigue(&mut s.combatants[act.who()]),
            "catch-breath" => dying::catch_breath(&mut s.combatants[act.who()]),
            other => Err(Error::InvalidInput(format!("MythCraft has no {other} action"))),
        }
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        turns::start_turn(c)
    }

    fn end_turn(&self, c: &mut Combatant) -> Outcome {
        turns::end_turn(c)
    }

    /// Blunt when none is given; `nonlethal` is blunt dealt to knock out.
    fn damage_kinds(&self) -> Vec<String> {
        let types = crate::systems::mythcraft::rules::DamageType::all().map(|t| t.label().to_lowercase());
        types.chain(["nonlethal".to_string()]).collect()
    }

    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        // Interpretation: damage given without a type counts as Blunt (it matters only
        // against a type-specific protection).
        let (kind, nonlethal) = damage::damage_kind(kind)?;
        let attack =
            Attack { portions: vec![crate::systems::mythcraft::rules::Portion { amount, kind }], ..Attack::default() };
        let helpless = conditions::effects(c).seen.iter().any(|s| s == "helpless");
        let mut out = damage::hurt(c, &attack, nonlethal, false)?;
        if helpless {
            out.lines.push(
                "Interpretation: damage entered without an attack is not melee; a melee hit on the Helpless is an Attack at melee range"
                    .into(),
            );
        }
        Ok(out)
    }

    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome> {
        damage::heal(c, amount)
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        stats::view(c)
    }

    fn player_status(&self, c: &Combatant, pc: bool) -> Vec<String> {
        stats::player_status(c, pc)
    }

    fn down(&self, c: &Combatant) -> Option<String> {
        stats::down(c)
    }

    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        stats::lasting(c)
    }

    fn value_range(&self, c: &Combatant, field: &str) -> Option<(i64, i64)> {
        stats::value_range(c, field)
    }

    fn after_set(&self, c: &mut Combatant, field: &str) -> Result<Outcome> {
        stats::after_set(c, field)
    }

    /// Line 213: the newer of two effects of exactly the same name replaces the older.
    /// An attack and the contested maneuvers that strike (Trip, Shove, Disarm, Grapple):
    /// the one acting against its target.
    fn exchange(&self, s: &State, act: &Act<'_>) -> Option<(usize, usize)> {
        if !matches!(act.action.name, "attack" | "exploit" | "trip" | "shove" | "disarm" | "grapple") {
            return None;
        }
        s.find(act.inputs.text("target")?).ok().map(|t| (act.who(), t))
    }

    fn gaining_again(&self) -> crate::encounters::GainingAgain {
        crate::encounters::GainingAgain::NewerReplaces
    }

    /// Lines 261, 277: only Bleeding and Burning carry an amount, and it must be one.
    fn can_gain(&self, _c: &Combatant, condition: &ActiveCondition) -> Result<()> {
        amounts::check(condition)
    }

    fn gained(&self, c: &mut Combatant, condition: &ActiveCondition) -> Outcome {
        conditions::gained(c, condition)
    }

    /// Lines 426-428: whoever strikes with complete surprise takes its single turn first.
    fn opening_turns(&self, s: &State) -> Vec<String> {
        s.order
            .iter()
            .filter(|n| s.find(n).is_ok_and(|i| s.combatants[i].has(conditions::SURPRISE_COMPLETE)))
            .cloned()
            .collect()
    }

    fn round_starts(&self, s: &mut State) -> Outcome {
        conditions::round_starts(s)
    }

    fn leaves_order(&self, c: &Combatant) -> Option<String> {
        (c.value("dead") > 0).then(|| "dead".to_string())
    }
}

#[cfg(test)]
mod tests;
