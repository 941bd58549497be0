//! Stable ids: `system/kind/slug`.

/// The slug of a name: lower-cased, apostrophes dropped, every other run of
/// non-alphanumerics turned into `-`, with no leading or trailing `-`.
///
/// ```
/// assert_eq!(tome::slug::slugify("Sword, Long"), "sword-long");
/// assert_eq!(tome::slug::slugify("Medusa’s Gaze"), "medusas-gaze");
/// ```
pub fn slugify(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_dash = false;
    for c in name.chars() {
        if c == '\'' || c == '’' {
            continue;
        }
        if c.is_alphanumeric() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            out.extend(c.to_lowercase());
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
    fn slug_validation() {
        assert!(is_slug("knife-thrown"));
        assert!(!is_slug("Knife"));
        assert!(!is_slug("-knife"));
        assert!(!is_slug("knife--thrown"));
        assert!(!is_slug(""));
    }
}
