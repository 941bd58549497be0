//! What an attack written as numbers ("+3, 1d6+2 sharp, melee, 2 AP": an adversary's, or
//! one on a character's sheet) fills in of the `attack` action: the bonus added to the
//! d20, the weapon's damage dice and modifier (what a crit maximises), the damage type,
//! melee or ranged, and its AP. The d20 itself is rolled at the attack, by Tome or at
//! the table.

use std::collections::BTreeMap;

use crate::dice::Dice;

/// The `attack` inputs the numbers give, by parameter name: `bonus` from the first
/// signed number standing alone ("+3"), `dice` ("1d6") and `modifier` ("2") from the
/// first dice written with or without a bonus ("1d6+2", "2d8 - 1"), `type` from the
/// first word that is one of `kinds` (the tracker's damage types), `range` from the
/// word melee or ranged, and `ap` from a number followed by "AP". Nothing is guessed:
/// what the text does not say is left out.
pub(in crate::systems::mythcraft) fn attack_inputs(numbers: &str, kinds: &[String]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let text = numbers.to_lowercase();
    // The modifier may be written apart from the dice ("1d6 + 2"): join them first.
    let joined = text.replace(" + ", "+").replace(" - ", "-");
    let words: Vec<&str> =
        joined.split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '(' || c == ')').collect();
    for w in &words {
        let (dice, modifier) = match w.find(['+', '-']) {
            Some(i) => (&w[..i], Some(&w[i..])),
            None => (*w, None),
        };
        if !dice.contains('d') || !dice.starts_with(|c: char| c.is_ascii_digit() || c == 'd') {
            continue;
        }
        let Ok(d) = dice.parse::<Dice>() else { continue };
        out.insert("dice".to_string(), d.to_string());
        if let Some(n) = modifier.and_then(|m| m.trim_start_matches('+').parse::<i64>().ok()) {
            out.insert("modifier".to_string(), n.to_string());
        }
        break;
    }
    let signed = |w: &&&str| w.starts_with(['+', '-']) && w[1..].chars().all(|c| c.is_ascii_digit()) && w.len() > 1;
    if let Some(n) = words.iter().find(signed).and_then(|w| w.trim_start_matches('+').parse::<i64>().ok()) {
        out.insert("bonus".to_string(), n.to_string());
    }
    // "2 AP" or "2ap".
    let ap = words.windows(2).find(|w| w[1] == "ap").map(|w| w[0]).or_else(|| {
        words
            .iter()
            .find_map(|w| w.strip_suffix("ap").filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())))
    });
    if let Some(n) = ap.and_then(|n| n.parse::<i64>().ok()) {
        out.insert("ap".to_string(), n.to_string());
    }
    if let Some(kind) = words.iter().find(|w| kinds.iter().any(|k| k == *w)) {
        out.insert("type".to_string(), (*kind).to_string());
    }
    if let Some(range) = words.iter().find(|w| super::attack::RANGES.contains(w)) {
        out.insert("range".to_string(), (*range).to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::attack_inputs;

    fn kinds() -> Vec<String> {
        ["blunt", "sharp", "fire"].map(String::from).to_vec()
    }

    #[test]
    fn an_adversarys_written_attack_fills_the_attack_forms_dice_modifier_and_type() {
        let got = attack_inputs("+3, 1d6+2 sharp, melee", &kinds());
        assert_eq!(got.get("range").map(String::as_str), Some("melee"));
        assert_eq!(got.get("bonus").map(String::as_str), Some("3"));
        assert!(!got.contains_key("ap"));
        let costed = attack_inputs("Short sword: -1, 1d6 sharp, melee, 2 AP", &kinds());
        assert_eq!((costed["bonus"].as_str(), costed["ap"].as_str()), ("-1", "2"));
        assert_eq!(attack_inputs("+5 2d4 fire 3ap", &kinds())["ap"], "3");
        assert_eq!(got.get("dice").map(String::as_str), Some("1d6"));
        assert_eq!(got.get("modifier").map(String::as_str), Some("2"));
        assert_eq!(got.get("type").map(String::as_str), Some("sharp"));
        let spaced = attack_inputs("Atk +5; 2d8 - 1 Fire", &kinds());
        assert_eq!(
            (spaced["dice"].as_str(), spaced["modifier"].as_str(), spaced["type"].as_str()),
            ("2d8", "-1", "fire")
        );
        let bare = attack_inputs("d20 bite", &kinds());
        assert_eq!(bare.get("dice").map(String::as_str), Some("1d20"));
        assert!(!bare.contains_key("modifier") && !bare.contains_key("type"));
        assert!(attack_inputs("a fearsome roar", &kinds()).is_empty(), "nothing guessed");
    }
}
