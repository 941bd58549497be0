//! Characters that change how text reads without being seen: what a name typed by
//! someone else (a player's device, a shared character) must not be allowed to do on
//! the game master's screen.

/// A bidirectional control: it turns the text after it around (U+202E shows "exe.txt"
/// as "txt.exe") or isolates it, unseen.
pub fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// A character that shows nothing: spaces of every width, joiners, fillers and marks
/// that only steer their neighbours.
pub fn invisible(c: char) -> bool {
    c.is_whitespace()
        || reorders(c)
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// What is wrong with `name` as the name of something a person keeps (a character, an
/// adversary, a party), beyond its length: nothing in it shows (only spaces, zero-width
/// characters, fillers), or it holds a control character or a direction override, which
/// change how a terminal, a list or the table's phones show it. `None` when it is fine.
pub fn name_problem(name: &str) -> Option<&'static str> {
    if name.chars().all(invisible) {
        Some("a name needs something that shows (it is blank or only invisible characters)")
    } else if name.chars().any(|c| c.is_control() || reorders(c)) {
        Some("a name cannot hold control characters or direction overrides")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_and_blanks_are_told_from_letters() {
        assert!(reorders('\u{202E}') && reorders('\u{2067}'));
        assert!(!reorders('a') && !reorders('ש'));
        assert!("\u{200B}\u{3164} \u{2800}".chars().all(invisible));
        assert!(!"Ann".chars().any(invisible) && !invisible('ש') && !invisible('é'));
    }
}
