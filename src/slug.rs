//! Stable ids: `system/kind/slug`.

/// The slug of a name: letters and digits beyond ASCII spelled in ASCII ([`deunicode`]:
/// `Über` → `Uber`, `Café` → `Cafe`), lower-cased, apostrophes dropped, every other run
/// of non-alphanumerics turned into `-`, with no leading or trailing `-`.
///
/// ```
/// assert_eq!(tome::slug::slugify("Sword, Long"), "sword-long");
/// assert_eq!(tome::slug::slugify("Medusa’s Gaze"), "medusas-gaze");
/// assert_eq!(tome::slug::slugify("Überwald Notes"), "uberwald-notes");
/// ```
pub fn slugify(name: &str) -> String {
    // Only letters and digits are spelled out: symbols (`×`, `°`, emoji) still part
    // words, as they always have, so that the slugs of ASCII names stay what they were.
    let mut ascii = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '’' => {}
            c if c.is_ascii() => ascii.push(c),
            c if c.is_alphanumeric() => ascii.push_str(deunicode::deunicode_char(c).unwrap_or(" ")),
            _ => ascii.push(' '),
        }
    }
    let mut out = String::with_capacity(ascii.len());
    let mut pending_dash = false;
    for c in ascii.chars().filter(|&c| c != '\'') {
        if c.is_ascii_alphanumeric() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            out.push(c.to_ascii_lowercase());
        } else {
            pending_dash = true;
        }
    }
    out
}

/// Whether `s` is already a valid slug (what a seed's explicit `slug` must be).
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_follow_the_id_rule() {
        assert_eq!(slugify("Sword, Long"), "sword-long");
        assert_eq!(slugify("A Soul in Chains"), "a-soul-in-chains");
        assert_eq!(slugify("Medusa's Gaze"), "medusas-gaze");
        assert_eq!(slugify("Surprise (Complete)"), "surprise-complete");
        assert_eq!(slugify("Coordination (COR) Bonus AP"), "coordination-cor-bonus-ap");
        assert_eq!(slugify("  Quilted/Fur "), "quilted-fur");
    }

    #[test]
    fn letters_beyond_ascii_are_transliterated() {
        assert_eq!(slugify("Überwald Notes"), "uberwald-notes");
        assert_eq!(slugify("Café Brawls"), "cafe-brawls");
        assert_eq!(slugify("Ærø’s Ballad"), "aeros-ballad");
    }

    #[test]
    fn symbols_still_part_words() {
        assert_eq!(slugify("2×4 Plank"), "2-4-plank");
        assert_eq!(slugify("Range 30°"), "range-30");
        assert_eq!(slugify("🐉 Fire — Breath"), "fire-breath");
    }

    #[test]
    fn slug_validation() {
        assert!(is_slug("knife-thrown"));
        assert!(!is_slug("Knife"));
        assert!(!is_slug("-knife"));
        assert!(!is_slug("knife--thrown"));
        assert!(!is_slug(""));
    }
}
