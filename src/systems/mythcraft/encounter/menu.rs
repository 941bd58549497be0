//! A MythCraft player's actions on their phone (issue 56): the attacks written on their
//! sheet (which the phone, the app and the command line use by name, issue 72), and the
//! combat reference's other actions in a player's words.

use crate::characters::{Character, SheetValue};
use crate::encounters::{AdversaryAttack, MenuGroup, MenuWords, OptionWords};

/// The sheet's written attacks: `attack-1` to `attack-4`, each "Name: numbers".
pub(in crate::systems::mythcraft) const SHEET_ATTACKS: [&str; 4] = ["attack-1", "attack-2", "attack-3", "attack-4"];

pub(super) static MENU: &[MenuWords] = &[
    MenuWords::new("attack", "Attack", MenuGroup::Attack),
    MenuWords::new("trip", "Trip", MenuGroup::Attack),
    MenuWords::new("shove", "Shove", MenuGroup::Attack),
    MenuWords::new("grapple", "Grapple", MenuGroup::Attack),
    MenuWords::new("disarm", "Disarm", MenuGroup::Attack),
    MenuWords::new("exploit", "Exploit an opening", MenuGroup::Attack),
    MenuWords::new("magic-heal", "Heal by magic", MenuGroup::Spell),
    MenuWords::new("dodge", "Dodge", MenuGroup::Move),
    MenuWords::new("stand", "Stand up", MenuGroup::Move),
    MenuWords::new("drop-prone", "Drop prone", MenuGroup::Move),
    MenuWords::new("hide", "Hide", MenuGroup::Move),
    MenuWords::new("cover", "Take cover", MenuGroup::Move),
    MenuWords::new("escape", "Break free", MenuGroup::Move),
    MenuWords::new("release", "Let go", MenuGroup::Move),
    MenuWords::new("move", "Move", MenuGroup::Move),
    MenuWords::new("put-out-burning", "Put out the flames", MenuGroup::Move),
    MenuWords::new("wake", "Shake someone awake", MenuGroup::Other),
    MenuWords::new("medicine", "Stop the bleeding", MenuGroup::Other),
    MenuWords::new("spend", "Spend AP", MenuGroup::Other),
    MenuWords::new("recoup", "Recoup", MenuGroup::Other),
    MenuWords::new("catch-breath", "Catch your breath", MenuGroup::Other),
    MenuWords::new("rest", "Rest", MenuGroup::Other),
];

use crate::encounters::words as w;

/// The player's own choices of each action, in their words.
pub(super) fn option(action: &str, param: &str) -> Option<OptionWords> {
    match (action, param) {
        ("attack" | "exploit", "natural") => {
            w("Your d20", "Tap Roll for me, or type the d20 as it landed: Tome adds your bonus.")
        }
        ("attack", "amount") => w("Damage you rolled", "Left empty, Tome rolls your weapon's damage."),
        ("attack", "bonus") => w("Attack bonus", "What you add to the d20."),
        ("attack", "dice") => w("Damage dice", "Your weapon's dice, such as 1d6 or 2d4."),
        ("attack", "modifier") => w("Damage bonus", "Added to the damage dice."),
        ("attack", "type") => w("Damage type", "Blunt when left empty."),
        ("attack", "range") => w("Melee or ranged", "How you strike."),
        ("attack", "ap") => w("AP it costs", "Left empty, your usual attack's AP."),
        ("attack", "sp") => w("SP it costs", "For a spell: you need that many SP."),
        ("attack", "verbal") => w("Needs speech", "A spoken spell or ability: it fails while you are Silenced."),
        ("attack", "against") => w("Which defense", "AR for weapons; a spell may name another."),
        ("attack", "kind") => w("What it is", "A weapon, a spell, a maneuver or something else."),
        ("attack", "half-on-miss") => w("Half damage on a miss", "When your weapon or spell says so."),
        ("attack", "nonlethal") => w("To knock out", "Blunt damage that knocks out rather than kills."),
        ("attack", "two-handed") => w("Two-handed weapon", "Not while you are Prone."),
        ("trip" | "shove" | "disarm" | "grapple" | "escape", "roll") => {
            w("Your total", "The d20 with your bonus, as you rolled it.")
        }
        ("trip" | "shove" | "disarm" | "grapple" | "escape", "natural") => {
            w("The d20 alone", "A natural 1 always fails, a 20 always succeeds.")
        }
        ("disarm", "item") => w("What they drop", "The item you knock from their hands."),
        ("hide", "roll") => w("Your Sneaking total", "DEX (Sneaking), as you rolled it."),
        ("medicine", "check") => w("Your Medicine total", "INT (Medicine), as you rolled it."),
        ("medicine", "patient") => w("Who you treat", "Yourself when left empty."),
        ("magic-heal", "amount") => w("HP healed", "What the spell or ability heals."),
        ("spend", "ap") => w("AP", "What you spend them on is for the table to hear."),
        ("cover", "bonus") => w("Cover bonus", "1 to 3, against ranged attacks."),
        ("cover", "total") => w("Total cover", "No ranged attack can target you."),
        (_, "target") => w("Target", "Whom you aim at."),
        _ => None,
    }
}

/// The attacks written on `c`'s sheet, each "Name: numbers" ("Short sword: +5, 1d6+2
/// sharp, melee, 2 AP"); a line without a name is "Attack 2" (its place on the sheet).
pub(super) fn written_attacks(c: &Character) -> Vec<AdversaryAttack> {
    SHEET_ATTACKS
        .iter()
        .enumerate()
        .filter_map(|(i, key)| {
            let SheetValue::Text(line) = c.values.get(*key)? else { return None };
            let (name, numbers) = AdversaryAttack::split_written(line)?;
            let name = match name {
                "" => format!("Attack {}", i + 1),
                name => name.to_string(),
            };
            Some(AdversaryAttack { name, entry: None, numbers: numbers.to_string() })
        })
        .collect()
}
