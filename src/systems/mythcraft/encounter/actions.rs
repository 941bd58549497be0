//! The MythCraft moves a game master makes through `tome encounter act`, each with
//! its parameters and the rule it follows; each is worked in its own file.

use super::{attack, bleeding, cover, dying, grapple, maneuvers, moving, shield, spend, surprise};
use crate::encounters::Action;

const R_ATTACKS: &str = "mythcraft/rule/attacks";
const C_FATIGUED: &str = "mythcraft/condition/fatigued";
const C_DYING: &str = "mythcraft/condition/dying";
const R_SHIELD: &str = "mythcraft/rule/shield-hp";
const R_DYING: &str = "mythcraft/rule/dying";
const C_GRAPPLED: &str = "mythcraft/condition/grappled-and-grappling";

const fn maneuver(
    name: &'static str,
    summary: &'static str,
    params: &'static [crate::rules::Param],
    rule: &'static str,
) -> Action {
    Action { name, summary, combatant: true, params, rule: Some(rule) }
}

pub(super) static ACTIONS: &[Action] = &[
    Action {
        name: "attack",
        summary: "An attack roll against a defense, its damage through Immune, Vulnerable, Resist, Affinity, DR, DT and Shield HP",
        combatant: true,
        params: attack::PARAMS,
        rule: Some(R_ATTACKS),
    },
    Action {
        name: "surprise",
        summary: "Before initiative: the combatant springs a surprise; asks whether it is complete (the target unaware and not on alert), and makes the victims Partially Surprised (after the attacker's single turn, when complete)",
        combatant: true,
        params: surprise::PARAMS,
        rule: Some("mythcraft/condition/surprise-complete"),
    },
    Action {
        name: "surprise-contests",
        summary: "In the surprise turn of a complete surprise that downed its victim: the victim's allies within 30 ft check AWR against the Unseen attacker's DEX (calc surprise-contests); if it wins them all it stays Unseen and combat does not begin (interpretation: the tracker goes back to before initiative)",
        combatant: true,
        params: surprise::CONTEST_PARAMS,
        rule: Some("mythcraft/condition/surprise-complete"),
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
    maneuver(
        "dodge",
        "Dodge: +2 to AR and physical defenses until the start of its next turn (2 AP; a creature 1 action)",
        &[],
        "mythcraft/maneuver/dodge",
    ),
    maneuver(
        "stand",
        "Stand up from Prone (1 AP; a creature 1 action); not at speed 0",
        &[],
        "mythcraft/maneuver/stand",
    ),
    maneuver("drop-prone", "Drop Prone: it gains the Prone condition (free)", &[], "mythcraft/maneuver/drop-prone"),
    maneuver(
        "wake",
        "Shake an Unconscious creature with at least 1 HP awake (1 creature action; interpretation: 1 AP)",
        maneuvers::WAKE_PARAMS,
        "mythcraft/condition/unconscious",
    ),
    maneuver(
        "hide",
        "Hide while Concealed: DEX (Sneaking) against the watchers' AWR (Perceiving); success makes it Unseen (1 AP)",
        maneuvers::HIDE_PARAMS,
        "mythcraft/maneuver/hide",
    ),
    maneuver(
        "trip",
        "Trip: STR attack against REF; a hit knocks the target Prone (2 AP; a creature 1 action)",
        maneuvers::TRIP_PARAMS,
        "mythcraft/maneuver/trip",
    ),
    maneuver(
        "shove",
        "Shove: STR attack against FORT; a hit pushes 5 ft; not a creature over 1 size larger (2 AP; a creature 1 action)",
        maneuvers::SHOVE_PARAMS,
        "mythcraft/maneuver/shove",
    ),
    maneuver(
        "disarm",
        "Disarm, an advanced maneuver: only for a creature an ability grants it (Interpretation: Tome cannot see abilities, so the MC's choice of it says the creature has one). STR attack against REF or FORT; a hit makes it drop an item (3 AP; a creature 2 actions)",
        maneuvers::DISARM_PARAMS,
        "mythcraft/maneuver/disarm",
    ),
    maneuver(
        "grapple",
        "Grapple: STR or DEX attack against REF or FORT; a hit Grapples the target, both speeds set by size (2 AP; a creature 1 action)",
        grapple::GRAPPLE_PARAMS,
        "mythcraft/maneuver/grapple",
    ),
    maneuver(
        "escape",
        "Break free of a grapple, on its own turn and once a turn: STR against FORT or DEX against REF (1 creature action; 2 from Restrained; Interpretation: 1 AP each)",
        grapple::ESCAPE_PARAMS,
        C_GRAPPLED,
    ),
    maneuver("release", "Let go of a creature it is grappling (free)", grapple::RELEASE_PARAMS, C_GRAPPLED),
    maneuver(
        "cover",
        "Cover: Partial (+1 to +3 against ranged attacks) or Total (no ranged attack can target it; Concealed)",
        cover::PARAMS,
        "mythcraft/condition/cover",
    ),
    maneuver(
        "medicine",
        "An INT (Medicine) check against Bleeding damage + 10 that stops the Bleeding (2 creature actions, by the bleeder or an ally within 5 ft)",
        bleeding::MEDICINE_PARAMS,
        "mythcraft/condition/bleeding",
    ),
    maneuver(
        "magic-heal",
        "Magical healing: heals, and any amount ends Bleeding",
        bleeding::MAGIC_HEAL_PARAMS,
        "mythcraft/condition/bleeding",
    ),
    maneuver(
        "recoup",
        "Recoup: remove 1 Death Point, none while Fatigued (Interpretation: no AP, as this document prices it nowhere)",
        &[],
        R_DYING,
    ),
    maneuver(
        "rest",
        "Rest: remove all Death Points; while Fatigued, end Fatigued instead (Interpretation: no AP, as this document prices it nowhere)",
        &[],
        R_DYING,
    ),
    Action {
        name: "exploit",
        summary: "Exploit, an advanced reaction: only for a creature an ability grants it (Interpretation: the MC's choice of it says the creature has one). Out of its turn, when a creature within its melee reach leaves it, gives or drinks a potion, or attacks at range, it attacks that creature at once, paying the weapon's usual AP from Reactive AP",
        combatant: true,
        params: attack::PARAMS,
        rule: Some("mythcraft/maneuver/exploit"),
    },
    maneuver(
        "catch-breath",
        "Catch its Breath: no Death Points at the end of its turns at 0 HP, a knock-out's Dazed or Stunned lifted, Bleeding ended (Interpretation: no AP, as this document prices it nowhere)",
        &[],
        "mythcraft/rule/catching-your-breath",
    ),
    maneuver(
        "move",
        "Move up to its speed (1 AP): walking, climbing or swimming (2 ft a foot without that speed); not at speed 0",
        moving::MOVE_PARAMS,
        "mythcraft/rule/movement",
    ),
    maneuver(
        "put-out-burning",
        "Put out Burning: fall Prone and roll in dirt or mud (2 creature actions; interpretation: 2 AP), or be doused in water",
        moving::PUT_OUT_PARAMS,
        "mythcraft/condition/burning",
    ),
];
