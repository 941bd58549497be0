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

/// A default-ignorable code point (Unicode's DerivedCoreProperties list): shown as
/// nothing at all, so two names that differ only by one look the same.
pub fn ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whether two names could pass for each other on a screen or when the game master
/// types one: the same after Unicode's confusables skeleton (UTS #39), case, accents and
/// other scripts' look-alike letters aside, spaces aside ("Ann", "Аnn" with a Cyrillic
/// А, "ann", "Ánn" and "ANN"; "Bob" and "B0b"; "Ann" and "A nn" are not).
pub fn looks_like(a: &str, b: &str) -> bool {
    skeleton(a) == skeleton(b)
}

fn skeleton(name: &str) -> String {
    use unicode_security::skeleton as uts39;
    let kept: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    // Each script's letters as their Latin look-alikes, lower case, then the skeleton
    // (which reads a 0 as an O), lower case again.
    let plain = deunicode::deunicode(&kept).to_lowercase();
    uts39(&plain).collect::<String>().to_lowercase()
}

/// Text someone else typed, on one line with every break and separator shown: a line
/// break as ⏎, a tab as ⇥, other separators and control characters as �. Printed in a
/// list, it can never pass for a line of the list (issue 57).
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{0085}' | '\u{000B}' | '\u{000C}' => '⏎',
            '\t' => '⇥',
            c if c.is_control() || reorders(c) => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// What is wrong with `name` as the name of something a person keeps (a character, an
/// adversary, a party), beyond its length: nothing in it shows (only spaces, zero-width
/// characters, fillers), or it holds a control character or a direction override, which
/// change how a terminal, a list or the table's phones show it. `None` when it is fine.
pub fn name_problem(name: &str) -> Option<&'static str> {
    if name.chars().all(invisible) {
        return Some("a name needs something that shows (it is blank or only invisible characters)");
    }
    if name.chars().any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')) {
        return Some("a name cannot hold control characters or line breaks");
    }
    if name.chars().any(reorders) {
        return Some("a name cannot hold direction overrides (they turn the text after them around)");
    }
    // An emoji's joiner and presentation selector belong to the emoji ("👩‍🚀", "❤️").
    let mut before = ' ';
    for c in name.chars() {
        let emoji_part =
            matches!(c, '\u{200D}' | '\u{FE0E}' | '\u{FE0F}') && !before.is_alphanumeric() && before > '\u{2000}';
        if ignorable(c) && !emoji_part {
            return Some("a name cannot hold characters that show nothing (zero-width spaces, joiners, fillers)");
        }
        before = c;
    }
    None
}

/// [`name_problem`] said of `what` (`the title`, `the name`): "the title cannot hold
/// direction overrides (…)".
pub fn named_problem(what: &str, name: &str) -> Option<String> {
    name_problem(name).map(|why| format!("{what} {}", why.strip_prefix("a name ").unwrap_or(why)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_show_nothing_turn_text_or_break_lines_are_told() {
        for bad in ["Ann\u{200B}", "A\u{2060}nn", "Ann\nBob", "Ann\u{2028}", "\u{202E}nnA", "\u{3164}"] {
            assert!(name_problem(bad).is_some(), "{bad:?}");
        }
        for good in ["Ann", "Ann 🎲", "שרה", "Zoë", "Ann ❤\u{FE0F}", "👩\u{200D}🚀 Kim"] {
            assert_eq!(name_problem(good), None, "{good:?}");
        }
    }

    #[test]
    fn names_that_look_the_same_are_told() {
        assert!(looks_like("Ann", "\u{0410}nn"), "a Cyrillic A");
        assert!(looks_like("Ann", "Ann  "));
        assert!(!looks_like("Ann", "Anne"));
        for alike in ["ann", "\u{0410}NN", "\u{c1}nn", "\u{FF21}\u{FF4E}\u{FF4E}"] {
            assert!(looks_like("Ann", alike), "{alike}");
        }
        assert!(looks_like("Bob", "B0b") && looks_like("Bob", "\u{0392}ob"));
        assert!(!looks_like("Ann", "A nn") && !looks_like("Ann", "Ann 2"));
    }

    #[test]
    fn one_line_shows_every_break() {
        let forged = "sword\n  99  Vex (Ann): Attack\u{2028}x\u{2029}y\tz\u{1b}[2J";
        let shown = one_line(forged);
        assert!(!shown.contains(['\n', '\u{2028}', '\u{2029}', '\t', '\u{1b}']), "{shown:?}");
        assert!(shown.starts_with("sword⏎  99"), "{shown:?}");
    }

    #[test]
    fn overrides_and_blanks_are_told_from_letters() {
        assert!(reorders('\u{202E}') && reorders('\u{2067}'));
        assert!(!reorders('a') && !reorders('ש'));
        assert!("\u{200B}\u{3164} \u{2800}".chars().all(invisible));
        assert!(!"Ann".chars().any(invisible) && !invisible('ש') && !invisible('é'));
    }
}
