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
    fn masks_hold_letters() {
        assert_eq!(letter_mask("ab"), 0b11);
        assert_eq!(letter_mask("ba a"), 0b11);
    }
}
