//! A Primal Wild player's actions on their phone (issue 56), in a player's words: a
//! defensive spell in a fight, and the duelist's choices in a Duel Arcane.

use crate::encounters::{words as w, MenuGroup, MenuWords, OptionWords};

pub(super) static FIGHT: &[MenuWords] = &[MenuWords::new("defensive-spell", "Shield yourself", MenuGroup::Spell)];

pub(super) static DUEL: &[MenuWords] = &[
    MenuWords::new("arms", "Choose Sword and Shield", MenuGroup::Spell),
    MenuWords::new("swap", "Swap an Arcanum", MenuGroup::Spell),
    MenuWords::new("surrender", "Give up the round", MenuGroup::Other),
    MenuWords::new("end-duel", "Concede the duel", MenuGroup::Other),
];

/// The player's own choices of each action, in their words.
pub(super) fn option(action: &str, param: &str) -> Option<OptionWords> {
    match (action, param) {
        ("defensive-spell", "aspect") => w("Aspect", "Sensory, covert or vulgar."),
        ("defensive-spell", "potency") => w("Potency", "The spell's Potency."),
        ("defensive-spell", "end") => w("It ends", "The spell is over."),
        ("arms" | "swap", "sword") => w("Sword", "The Arcanum you strike with."),
        ("arms" | "swap", "shield") => w("Shield", "The Arcanum you guard with."),
        ("swap", "keep") => w("Keep both", "Swap nothing."),
        ("end-duel", "how") => w("How", "You concede, or you collapse."),
        _ => None,
    }
}
