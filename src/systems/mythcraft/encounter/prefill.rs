//! What a written attack ("+3, 1d6+2 sharp, melee, 2 AP": an adversary's, or one on a
//! character's sheet) fills in of the `attack` action, as [`WrittenAttack::parse`] reads
//! it: the bonus added to the d20, the first part of the damage (its dice and modifier,
//! what a crit maximises, and its type), the further parts of other types (`also`),
//! melee or ranged, its AP, and whether it is nonlethal. The d20 itself is rolled at the
//! attack, by Tome or at the table.

use std::collections::BTreeMap;

use crate::systems::mythcraft::rules::{damage_text, WrittenAttack};

/// The `attack` inputs a written attack's numbers give, by parameter name. Nothing is
/// guessed: what the text does not say is left out.
pub(in crate::systems::mythcraft) fn attack_inputs(numbers: &str) -> BTreeMap<String, String> {
    inputs_of(&WrittenAttack::parse(numbers))
}

/// The `attack` inputs of an attack as read.
pub(in crate::systems::mythcraft) fn inputs_of(w: &WrittenAttack) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut put = |k: &str, v: String| {
        out.insert(k.to_string(), v);
    };
    if let Some(b) = w.bonus {
        put("bonus", b.to_string());
    }
    if let Some((first, rest)) = w.damage.split_first() {
        match &first.dice {
            Some(d) => {
                put("dice", d.to_string());
                if first.modifier != 0 {
                    put("modifier", first.modifier.to_string());
                }
            }
            // A fixed amount is the damage dealt.
            None => put("amount", first.modifier.to_string()),
        }
        if let Some(k) = first.kind {
            put("type", k.label().to_lowercase());
        }
        if !rest.is_empty() {
            put("also", damage_text(rest));
        }
    }
    if let Some(r) = w.range {
        put("range", r.word().to_string());
    }
    if let Some(ap) = w.ap {
        put("ap", ap.to_string());
    }
    if w.nonlethal {
        put("nonlethal", "true".into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::attack_inputs;

    #[test]
    fn an_adversarys_written_attack_fills_the_attack_forms_dice_modifier_and_type() {
        let got = attack_inputs("+3, 1d6+2 sharp, melee");
        assert_eq!(got.get("range").map(String::as_str), Some("melee"));
        assert_eq!(got.get("bonus").map(String::as_str), Some("3"));
        assert!(!got.contains_key("ap"));
        let costed = attack_inputs("-1, 1d6 sharp, melee, 2 AP");
        assert_eq!((costed["bonus"].as_str(), costed["ap"].as_str()), ("-1", "2"));
        assert_eq!(attack_inputs("+5 2d4 fire 3ap")["ap"], "3");
        assert_eq!(got.get("dice").map(String::as_str), Some("1d6"));
        assert_eq!(got.get("modifier").map(String::as_str), Some("2"));
        assert_eq!(got.get("type").map(String::as_str), Some("sharp"));
        let spaced = attack_inputs("Atk +5; 2d8 - 1 Fire");
        assert_eq!(
            (spaced["dice"].as_str(), spaced["modifier"].as_str(), spaced["type"].as_str()),
            ("2d8", "-1", "fire")
        );
        let bare = attack_inputs("d20 bite");
        assert_eq!(bare.get("dice").map(String::as_str), Some("1d20"));
        assert!(!bare.contains_key("modifier") && !bare.contains_key("type"));
        assert!(attack_inputs("a fearsome roar").is_empty(), "nothing guessed");
    }

    /// Issue 72: "2d4+1d6 blunt" was read as 2d4, and "2d6+3 sharp + 1d4 toxic" as all
    /// toxic (line 112: an attack may deal several types of damage).
    #[test]
    fn several_dice_and_several_types_fill_the_form_whole() {
        let both = attack_inputs("+4, 2d4+1d6 blunt, melee");
        assert_eq!((both["dice"].as_str(), both["type"].as_str()), ("2d4+1d6", "blunt"));
        let two = attack_inputs("+5, 2d6+3 sharp + 1d4 toxic, melee, 2 AP");
        assert_eq!(
            (two["dice"].as_str(), two["modifier"].as_str(), two["type"].as_str(), two["also"].as_str()),
            ("2d6", "3", "sharp", "1d4 toxic")
        );
    }
}
