//! An Ars Magica player's actions on their phone (issue 56): "Attack with" the weapon
//! their sheet's scores are for, and the combat chapter's other actions in a player's
//! words.

use crate::characters::Character;
use crate::encounters::{asked_words, words as w, MenuGroup, MenuWords, OptionWords, SheetAction};
use crate::Kind;

pub(super) static MENU: &[MenuWords] = &[
    MenuWords::new("attack", "Attack", MenuGroup::Attack),
    MenuWords::new("stunt", "Trip, disarm or grab", MenuGroup::Attack),
    MenuWords::new("scuffle", "Knock them out", MenuGroup::Attack),
    MenuWords::new("grapple", "Grapple", MenuGroup::Attack),
    MenuWords::new("cast", "Cast a spell", MenuGroup::Spell),
    MenuWords::new("disengage", "Leave the fight", MenuGroup::Move),
    MenuWords::new("defend", "Guard others", MenuGroup::Other),
    MenuWords::new("exert", "Exert yourself", MenuGroup::Other),
    MenuWords::new("group-bonus", "Group bonus", MenuGroup::Other),
    MenuWords::new("fatigue-roll", "Fatigue roll", MenuGroup::Other),
    MenuWords::new("overexert", "Push through your wounds", MenuGroup::Other),
];

const STRESS: &str = "Tap Roll for me, or type the die as it landed: a 1 rolls again and doubles, a 0 may be a botch.";

/// The player's own choices of each action, in their words.
pub(super) fn option(action: &str, param: &str) -> Option<OptionWords> {
    match (action, param) {
        (_, "attack-die") => w("Your attack die", STRESS),
        (_, "attack-botches") => w("Botches rolled", "Only when your die showed 0: the botch dice's zeros."),
        (_, "attack-modifier") => w("Other bonus", "Anything else the game master allows, plus or minus."),
        ("attack", "at-range") => w("At range", "A missile or thrown attack."),
        // The row is the player's choice, asked first; a stunt the table does not list is the
        // storyguide's to price (`required`), so it is not on the phone.
        ("stunt", "stunt") => {
            asked_words("What you try", "Trip, disarm or another: the advantage it needs is the table's.")
        }
        ("scuffle", "weapon") => w("With", "Fists when left empty."),
        ("grapple", "release") => w("Let go", "End the hold instead."),
        ("cast", "spell") => w("Spell", "Its name, as on your sheet."),
        ("cast", "target") => w("Target", "Whom the spell is aimed at."),
        ("cast", "fast") => w("Fast-cast", "In answer to another's action."),
        ("cast", "damage-die") => w("Damage die", STRESS),
        ("disengage" | "fatigue-roll" | "overexert", "die") => w("Your die", STRESS),
        ("disengage", "modifier") | ("overexert", "bonus") => {
            w("Other bonus", "Anything else the game master allows, plus or minus.")
        }
        ("exert" | "group-bonus", "on") => w("For", "Attack or defense."),
        ("defend", "wards") => w("Whom you guard", "Names, separated by commas."),
        (_, "target") => w("Target", "Whom you aim at."),
        _ => None,
    }
}

/// "Attack with Long sword": the first weapon the sheet carries, whose scores the fight
/// took; none ("Attack", bare-handed) when it carries none.
pub(super) fn weapon_attack(c: &Character) -> Vec<SheetAction> {
    let Some(weapon) = c.items.iter().find(|i| i.kind == Kind::Weapon) else { return Vec::new() };
    vec![SheetAction {
        label: format!("Attack with {}", crate::rules::spoken_name(&weapon.name)),
        action: "attack",
        group: MenuGroup::Attack,
        preset: std::collections::BTreeMap::new(),
        hint: "Your sheet's Attack, Defense and Damage with it.".into(),
    }]
}
