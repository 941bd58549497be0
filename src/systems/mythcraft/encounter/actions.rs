//! The MythCraft moves a game master makes through `tome encounter act`, each with
//! its parameters and the rule it follows; each is worked in its own file.

use super::{attack, dying, shield, spend};
use crate::encounters::Action;

const R_ATTACKS: &str = "mythcraft/rule/attacks";
const C_FATIGUED: &str = "mythcraft/condition/fatigued";
const C_DYING: &str = "mythcraft/condition/dying";
const R_SHIELD: &str = "mythcraft/rule/shield-hp";

pub(super) static ACTIONS: &[Action] = &[
    Action {
        name: "attack",
        summary: "An attack roll against a defense, its damage through Immune, Vulnerable, Resist, Affinity, DR, DT and Shield HP",
        combatant: true,
        params: attack::PARAMS,
        rule: Some(R_ATTACKS),
    },
    Action {
        name: "spend",
        summary: "Spend AP on the combatant's turn, or Reactive AP between its turns",
        combatant: true,
        params: spend::PARAMS,
        rule: Some(spend::R_REACTIVE),
    },
    Action {
        name: "fatigue",
        summary: "The combatant suffers Fatigue: 1 Death Point and the Fatigued condition",
        combatant: true,
        params: &[],
        rule: Some(C_FATIGUED),
    },
    Action {
        name: "shield",
        summary: "Shield HP granted now: they take damage first, and of several sources the larger is kept",
        combatant: true,
        params: shield::PARAMS,
        rule: Some(R_SHIELD),
    },
    Action {
        name: "at-zero-hp",
        summary: "The MC chooses what 0 HP does to this combatant: dies, falls unconscious, or gains Death Points",
        combatant: true,
        params: dying::FATE_PARAMS,
        rule: Some(C_DYING),
    },
];
