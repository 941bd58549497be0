//! Text normalization shared by indexing and querying.

/// Lower-cased words of `text`: letters and digits, apostrophes dropped ("Medusa’s" →
/// "medusas"), everything else a separator.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .map(|w| w.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>())
        .filter(|w| !w.is_empty())
}

/// The whole text normalized for comparing names: its words joined by single spaces.
pub fn normalize(text: &str) -> String {
    words(text).collect::<Vec<_>>().join(" ")
}

/// British spellings and the American ones Tome's content mostly uses, as word starts:
/// a word beginning with the first is compared as if it began with the second
/// ("armoured" as "armored"). Longer starts come before the shorter ones they contain.
const VARIANTS: &[(&str, &str)] = &[
    ("armour", "armor"),
    ("behaviour", "behavior"),
    ("clamour", "clamor"),
    ("colour", "color"),
    ("favour", "favor"),
    ("harbour", "harbor"),
    ("honour", "honor"),
    ("humour", "humor"),
    ("labour", "labor"),
    ("odour", "odor"),
    ("rumour", "rumor"),
    ("valour", "valor"),
    ("vigour", "vigor"),
    ("defence", "defense"),
    ("offence", "offense"),
    ("licence", "license"),
    ("centre", "center"),
    ("metre", "meter"),
    ("theatre", "theater"),
    ("grey", "gray"),
    ("manoeuvre", "maneuver"),
    ("manoeuvr", "maneuver"),
    ("travell", "travel"),
    ("hypnotis", "hypnotiz"),
    ("mesmeris", "mesmeriz"),
    ("paralys", "paralyz"),
    ("immobilis", "immobiliz"),
    ("neutralis", "neutraliz"),
    ("recognis", "recogniz"),
    ("realis", "realiz"),
    ("organis", "organiz"),
    ("energis", "energiz"),
    ("memoris", "memoriz"),
    ("stabilis", "stabiliz"),
];

/// The root a word is compared by when it is not found as it is: American spelling,
/// then its English (Snowball) stem. "jumping" and "jumps" → "jump", "frightening" and
/// "Frightened" → "frighten", "armour" and "armor" → "armor". `word` is one of
/// [`words`]' (lower-case).
pub fn root(word: &str) -> String {
    static STEMMER: std::sync::OnceLock<rust_stemmers::Stemmer> = std::sync::OnceLock::new();
    let stemmer = STEMMER.get_or_init(|| rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English));
    let american = VARIANTS
        .iter()
        .find(|(british, _)| word.starts_with(british))
        .map(|(british, american)| format!("{american}{}", &word[british.len()..]));
    stemmer.stem(american.as_deref().unwrap_or(word)).into_owned()
}

/// The whole text with each word as its root, joined by single spaces: names compared
/// whatever form or spelling they are written in.
pub fn rooted(text: &str) -> String {
    words(text).map(|w| root(&w)).collect::<Vec<_>>().join(" ")
}

/// A 26-bit set of the ASCII letters in a normalized text, for cheap subsequence prefilters.
pub fn letter_mask(text: &str) -> u32 {
    text.bytes().filter(u8::is_ascii_lowercase).fold(0, |m, b| m | 1 << (b - b'a'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fold_case_and_apostrophes() {
        assert_eq!(words("Medusa’s Gaze, Sword-Long!").collect::<Vec<_>>(), ["medusas", "gaze", "sword", "long"]);
        assert_eq!(normalize("  Sword,   Long "), "sword long");
    }

    #[test]
    fn word_forms_and_spellings_share_a_root() {
        for (a, b) in [
            ("jumping", "jump"),
            ("frightening", "frightened"),
            ("chanting", "chant"),
            ("enchanting", "enchantments"),
            ("wounded", "wounds"),
            ("armour", "armor"),
            ("armoured", "armored"),
            ("manoeuvres", "maneuvers"),
            ("hypnotising", "hypnotizing"),
            ("defence", "defense"),
        ] {
            assert_eq!(root(a), root(b), "{a} / {b}");
        }
        for (a, b) in [("grounded", "wounded"), ("armory", "army"), ("four", "for")] {
            assert_ne!(root(a), root(b), "{a} / {b}");
        }
    }

    #[test]
    fn masks_hold_letters() {
        assert_eq!(letter_mask("ab"), 0b11);
        assert_eq!(letter_mask("ba a"), 0b11);
    }
}
