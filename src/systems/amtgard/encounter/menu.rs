//! An Amtgard player's actions on their phone (issue 56): what they say happened to
//! them on the field, and the magic they use, in a player's words.

use crate::encounters::{words as w, MenuGroup, MenuWords, OptionWords};

pub(super) static MENU: &[MenuWords] = &[
    MenuWords::new("ability", "Use an ability", MenuGroup::Spell),
    MenuWords::new("charge", "Charge an ability", MenuGroup::Spell),
    MenuWords::new("enchant", "An enchantment", MenuGroup::Spell),
    MenuWords::new("state", "A State", MenuGroup::Spell),
    MenuWords::new("ongoing", "An ongoing effect", MenuGroup::Spell),
    MenuWords::new("heal", "Healed", MenuGroup::Spell),
    MenuWords::new("mend", "Mend", MenuGroup::Spell),
    MenuWords::new("hit", "I was hit", MenuGroup::Other),
    MenuWords::new("die", "I died", MenuGroup::Other),
    MenuWords::new("respawn", "Respawn", MenuGroup::Other),
    MenuWords::new("return-to-life", "Back to life", MenuGroup::Other),
    MenuWords::new("trait-state", "A State from a Trait", MenuGroup::Other),
];

/// The player's own choices of each action, in their words.
pub(super) fn option(action: &str, param: &str) -> Option<OptionWords> {
    match (action, param) {
        ("hit", "location") => w("Where", "Where the blow landed."),
        ("hit", "struck") => w("What was struck", "You, your shield or your weapon."),
        ("hit", "effect") => w("Special effect", "What the weapon or spell called."),
        ("mend", "what") => w("What", "A location's armour, your shield or your weapon."),
        ("mend", "location") => w("Where", "The location whose armour comes back."),
        (_, "school") => w("School", "The School of the ability."),
        (_, "by") => w("By whom", "Who used it, if it matters."),
        (_, "seconds") => w("Seconds", "How long it lasts, when it says."),
        (_, "remove") => w("It ends", "Taken off, not put on."),
        ("heal", "amount") => w("Wounds healed", "One when left empty."),
        ("ability" | "charge", "per") => w("Uses per", "Per life or per refresh."),
        ("ability" | "charge", "uses") => w("Uses", "How many it has."),
        ("charge", "said") => w("Incantations said", "One when left empty."),
        ("die", "voluntary") => w("By choice", "You chose to die."),
        _ => None,
    }
}
