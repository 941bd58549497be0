//! Amtgard in an encounter: a reeve's board for a battlegame. There is no initiative:
//! everyone plays at once, and States that last a number of seconds count down on the
//! clock (real seconds, plus any `elapse`). Each player has lives, armour points by hit
//! location, worn enchantments (checked with the carrying limits of
//! [`check_enchantments`](super::rules::check_enchantments)), and a shield; hits go
//! through [`hit`](super::rules::hit), Magic Armor through
//! [`magic_armor`](super::rules::magic_armor). Death and respawn remove what the
//! document says they remove.
//!
//! Where the document is silent (how many lives a battlegame gives, which wounds kill,
//! whether respawning refits armour), Tome chooses, and says so in the log as an
//! interpretation.
//!
//! A file per topic: `board.rs` (what is tracked of a player, and the words for it),
//! `hits.rs` (hits, damage and healing of wounds), `life.rs` (death and respawn),
//! `life.rs` also holds the return to life and the enchantments that avoid death,
//! `enchant.rs` (enchantments and Magic Armor), `mend.rs` (repairs), `states.rs`
//! (States and Trait States), `bounds.rs` (values set by hand, and what no change may
//! leave), `view.rs` (what the board shows and what lasts after).

mod board;
mod bounds;
mod casters;
mod enchant;
mod from_sheet;
mod hits;
mod life;
mod mend;
mod menu;
mod ongoing;
mod states;
mod uses;
mod view;

use std::collections::BTreeMap;

use super::rules::{R_CHARGE, R_ENCHANTMENTS, R_MEND, R_ONGOING, R_SPECIAL_EFFECTS, R_STATES, R_TRAITS};
use crate::characters::Character;
use crate::encounters::{
    Act, Action, ActiveCondition, Combatant, EncounterRules, Facts, Outcome, Pace, StatSpec, State,
};
use crate::error::{Error, Result};
use crate::sheets::Derived;

pub use board::DEFAULT_LIVES;

/// The fact naming the rules an action was checked by: from 2, a Trait State "Immune to
/// X" must name a School; from 3, `state` refuses a State the document does not define
/// unless `--custom`. Absent on actions stored before.
const RULES: &str = "board-rules";

/// The rules an action was checked by (0 for one stored before they were named).
fn rules_version(act: &Act<'_>) -> i64 {
    act.fact(RULES).and_then(|v| v.parse().ok()).unwrap_or(0)
}

static ACTIONS: &[Action] = &[
    Action {
        name: "hit",
        summary: "A hit on a player's location, shield or weapon, with its Special Effect",
        combatant: true,
        params: hits::HIT_PARAMS,
        rule: Some(R_SPECIAL_EFFECTS),
    },
    Action {
        name: "die",
        summary: "The player dies (States go except Cursed and Trait States, enchantments go quiet), unless Phoenix Tears or Troll Blood goes off instead",
        combatant: true,
        params: life::DIE_PARAMS,
        rule: Some(R_STATES),
    },
    Action {
        name: "respawn",
        summary: "A dead player comes back on a new life (wounds, States but Trait States, and non-Persistent enchantments go)",
        combatant: true,
        params: &[],
        rule: Some(R_ENCHANTMENTS),
    },
    Action {
        name: "return-to-life",
        summary: "A dead player is brought back to life by an ability (not a respawn): enchantments work again unless it removes them",
        combatant: true,
        params: life::RETURN_PARAMS,
        rule: Some(R_ENCHANTMENTS),
    },
    Action {
        name: "mend",
        summary: "Mend: a location's armour back to its rating, a damaged or destroyed shield made whole, or a destroyed weapon repaired",
        combatant: true,
        params: mend::MEND_PARAMS,
        rule: Some(R_MEND),
    },
    Action {
        name: "state",
        summary: "A State imparted (or ended) by an ability of a School, refused for a player Immune to that School",
        combatant: true,
        params: states::STATE_PARAMS,
        rule: Some(R_STATES),
    },
    Action {
        name: "ongoing",
        summary: "An Ongoing Effect an ability leaves on a player (Terror, Heat Weapon, Shove…), for its seconds or until removed, refused for a player Immune to that School; or, with --remove, ended by an ability of a School",
        combatant: true,
        params: ongoing::ONGOING_PARAMS,
        rule: Some(R_ONGOING),
    },
    Action {
        name: "heal",
        summary: "Wounds healed by an ability of a School, refused for a player Immune to that School",
        combatant: true,
        params: hits::HEAL_PARAMS,
        rule: Some(R_STATES),
    },
    Action {
        name: "trait-state",
        summary: "Record a State the player has from a class Trait (never removed, not by death nor respawn)",
        combatant: true,
        params: states::TRAIT_PARAMS,
        rule: Some(R_TRAITS),
    },
    Action {
        name: "enchant",
        summary: "Put an enchantment on a player (checked against the carrying limits), or take one off; Phoenix Tears and Troll Blood then keep a killed player alive, Frozen 30 s",
        combatant: true,
        params: enchant::ENCHANT_PARAMS,
        rule: Some(R_ENCHANTMENTS),
    },
    Action {
        name: "ability",
        summary: "A use of an ability with uses per life or per refresh: one is spent (a Charged one once they are), refused when none is left",
        combatant: true,
        params: uses::USE_PARAMS,
        rule: Some(R_CHARGE),
    },
    Action {
        name: "charge",
        summary: "Charge Incantations for an ability with Charge xN: after N full ones a use is held (one at a time), not while Suppressed",
        combatant: true,
        params: uses::CHARGE_PARAMS,
        rule: Some(R_CHARGE),
    },
    Action {
        name: "sheet",
        summary: "A player's sheet saved mid-fight, brought onto the board whole (worn armour, Magic Armor, enchantments and States): Tome makes it as the sheet is saved",
        combatant: true,
        params: &[],
        rule: Some(R_ENCHANTMENTS),
    },
    Action {
        name: "refresh",
        summary: "The reeve calls a refresh: every player's per-refresh uses come back",
        combatant: false,
        params: &[],
        rule: Some(R_CHARGE),
    },
];

/// Amtgard's encounter rules: a battlegame.
pub struct Rules;

impl EncounterRules for Rules {
    fight_home!(menu: menu::MENU, menu::option);

    fn stats(&self) -> &'static [StatSpec] {
        board::STATS
    }

    fn stats_from_sheet(&self, c: &Character, derived: &Derived) -> BTreeMap<String, i64> {
        from_sheet::stats_from_sheet(c, derived)
    }

    fn sheet_brings(
        &self,
        book: &dyn crate::rulebook::Rulebook,
        c: &Character,
        derived: &Derived,
    ) -> crate::encounters::SheetBrings {
        from_sheet::brings(book, c, derived)
    }

    fn sheet_action(&self) -> Option<&'static str> {
        Some("sheet")
    }

    /// The sheet's own action is Tome's, made as the sheet is saved.
    fn players_action(&self, action: &str) -> bool {
        action != "sheet"
    }

    fn join(&self, c: &mut Combatant) {
        board::join(c);
    }

    fn pace(&self) -> Pace {
        Pace::Together
    }

    fn damage_kinds(&self) -> Vec<String> {
        board::LOCATION_NAMES.iter().map(|l| l.to_string()).collect()
    }

    fn damage_kind_required(&self) -> bool {
        true
    }

    /// `amount` ordinary hits on the location named by `kind`.
    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        hits::damage(c, amount, kind)
    }

    /// Heals `amount` wounds (limbs first, in the sheet's order), by hand: on a player
    /// with an Immunity the `heal` action, which names the School, is the way.
    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome> {
        hits::heal_checks(c)?;
        states::by_hand(c, "healing")?;
        hits::heal(c, amount)
    }

    fn actions(&self) -> &'static [Action] {
        ACTIONS
    }

    /// Where a blow landed on a player is the player's own call: the phone of the one
    /// hit may be asked for the location (a hit on the body, not a shield or weapon).
    fn phone_fields(
        &self,
        _s: &State,
        action: &str,
        who: Option<usize>,
        inputs: &BTreeMap<String, String>,
    ) -> Vec<crate::encounters::OwnField> {
        let on_body = inputs.get("struck").is_none_or(|s| s.trim().is_empty() || s == "location");
        match who {
            Some(who) if action == "hit" && on_body => vec![crate::encounters::OwnField {
                param: "location",
                asks: Some("Where were you struck?"),
                who,
                form: crate::encounters::AnswerForm::Choice {
                    options: board::LOCATION_NAMES.iter().map(|l| (*l).to_string()).collect(),
                    labels: board::LOCATION_NAMES.iter().map(|l| crate::rules::key_label(l)).collect(),
                },
                named: false,
            }],
            _ => Vec::new(),
        }
    }

    /// Every action stores the rules it was checked by, so one stored before a check
    /// came in replays as it was made.
    fn prepare(
        &self,
        _book: &dyn crate::rulebook::Rulebook,
        _s: &State,
        _act: &Act<'_>,
        _rng: &mut dyn rand::RngCore,
    ) -> Result<Facts> {
        Ok(BTreeMap::from([(RULES.into(), "3".into())]))
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        // A sheet saved before the battlegame starts reaches the board all the same.
        if act.action.name == "sheet" {
            return from_sheet::sheet_saved(&mut s.combatants[act.who()], act);
        }
        s.require_started(act.action.name)?;
        if act.action.name == "refresh" {
            return Ok(uses::refresh(s));
        }
        let caster = casters::check(s, act)?;
        let c = &mut s.combatants[act.who()];
        let mut out = match act.action.name {
            "hit" => hits::hit_action(c, act),
            "die" => life::die_action(c, act),
            "respawn" => life::respawn(c),
            "return-to-life" => life::return_to_life(c, act),
            "mend" => mend::mend(c, act),
            "enchant" => enchant::enchant(c, act),
            "trait-state" => states::trait_state(c, act),
            "state" => states::state_from_ability(c, act),
            "heal" => hits::heal_action(c, act),
            "ongoing" => ongoing::ongoing(c, act),
            "ability" => uses::use_ability(c, act),
            "charge" => uses::charge_ability(c, act),
            other => Err(Error::InvalidInput(format!("Amtgard has no {other} action"))),
        }?;
        if let Some((name, term)) = caster {
            out.lines.push(format!("Cast by {name}, who may cast (not Suppressed, Stunned, Frozen or dead)"));
            out.terms.push(term);
        }
        Ok(out)
    }

    /// A State gained again keeps the longer of the two durations.
    fn gaining_again(&self) -> crate::encounters::GainingAgain {
        crate::encounters::GainingAgain::LongerStays
    }

    /// A State given by hand (not through the `state` action).
    fn can_gain(&self, c: &Combatant, condition: &ActiveCondition) -> Result<()> {
        states::can_gain(c, &condition.name)?;
        states::by_hand(c, &format!("{} given", condition.name))
    }

    /// A State ended by hand (not through the `state` action).
    fn can_lose(&self, c: &Combatant, condition: &ActiveCondition) -> Result<()> {
        states::by_hand(c, &format!("{} ended", condition.name))
    }

    fn expired(&self, c: &Combatant, condition: &ActiveCondition) -> Option<String> {
        states::expired(c, condition)
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        view::view(c)
    }

    /// Dead until a respawn; Out of lives once the last one is spent.
    fn down(&self, c: &Combatant) -> Option<String> {
        board::dead(c).then(|| if board::lives_left(c) == 0 { "Out of lives" } else { "Dead" }.to_string())
    }

    /// The worn armour left on each location (Magic Armor is not written to the sheet).
    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        view::lasting(c)
    }

    fn value_range(&self, c: &Combatant, field: &str) -> Option<(i64, i64)> {
        bounds::value_range(c, field)
    }

    fn set_word(&self, field: &str) -> Option<String> {
        bounds::set_word(field)
    }

    fn after_set(&self, c: &mut Combatant, field: &str) -> Result<Outcome> {
        bounds::after_set(c, field)
    }

    fn view_at(&self, c: &Combatant, now: i64) -> serde_json::Map<String, serde_json::Value> {
        view::view_at(c, now)
    }

    /// Dates the States the board's moves imposed, removes an avoided death's wounds once
    /// its Frozen has ended, and refuses a change that leaves a value beyond its rule.
    fn after_change(&self, s: &mut State, now: i64) -> Result<Outcome> {
        let mut out = Outcome::default();
        for c in &mut s.combatants {
            // Written to only when there is something to date or remove: a write copies
            // the combatant from the states it is shared with.
            if states::to_date(c) {
                out.lines.extend(states::date_states(c, now));
            }
            if life::frozen_over(c) {
                out.lines.extend(life::after_frozen(c));
            }
            bounds::check(c)?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_calculators;
#[cfg(test)]
mod tests_words;
