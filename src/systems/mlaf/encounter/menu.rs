//! An MLAF player's actions on their phone (issue 56): a button per spell a caster
//! knows ("Cast Fire Ball"), in a player's words.

use crate::encounters::{words as w, MenuGroup, MenuWords, OptionWords};

pub(super) static MENU: &[MenuWords] =
    &[MenuWords::new("cast", "Cast a spell", MenuGroup::Spell).each("spell", "Cast {}")];

/// The player's own choices of each action, in their words.
pub(super) fn option(action: &str, param: &str) -> Option<OptionWords> {
    match (action, param) {
        ("cast", "spell") => w("Spell", "One your position knows or you learned."),
        ("cast", "roll") => w("Your d6", "Tap Roll for me, or type the die as it landed."),
        ("cast", "target") => w("Target", "The player the spell is aimed at."),
        ("cast", "distance") => w("Distance (squares)", "For a spell that reaches."),
        ("cast", "enemy-tz") => w("Enemy tackle zones", "On the caster's square."),
        ("cast", "throw") => w("How the throw went", "For a thrown spell."),
        _ => None,
    }
}
