//! Finding the entries a text mentions by name, so bodies link to them.
//!
//! Rules documents capitalize the terms they define ("the creature is Frightened"), so a
//! mention is a case-sensitive, whole-word occurrence of another entry's name in the
//! same system. A one-word name at the start of a sentence is not counted: there the
//! capital says nothing.

use std::collections::{HashMap, HashSet};

use super::ContentEntry;

/// For every entry, the other entries of its system that its summary or body mentions,
/// in order of first mention, with the words that mention each (its name or an alias
/// that is capitalized like a name). `extra` are more names that may be mentioned, as
/// (system, name, id): a pack's entries may mention shipped ones.
pub(super) fn find<'a>(
    entries: &'a [ContentEntry],
    extra: &[(&'a str, &'a str, &'a str)],
) -> Vec<Vec<(String, String)>> {
    let mut by_system: HashMap<&str, Vec<(&str, &str)>> = HashMap::new();
    for e in entries {
        let names = std::iter::once(e.name.as_str())
            .chain(e.aliases.iter().map(String::as_str).filter(|a| a.starts_with(char::is_uppercase)));
        for name in names.filter(|n| n.chars().count() >= 3) {
            by_system.entry(&e.system).or_default().push((name, &e.id));
        }
    }
    for &(system, name, id) in extra {
        if name.chars().count() >= 3 {
            by_system.entry(system).or_default().push((name, id));
        }
    }
    for names in by_system.values_mut() {
        // Longest first, so "Shield HP" is found before "HP" could claim part of it.
        names.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(b.0)));
    }
    entries
        .iter()
        .map(|e| {
            let text = format!("{}\n{}", e.summary, e.body);
            let names = by_system.get(e.system.as_str()).map(Vec::as_slice).unwrap_or_default();
            mentions_in(&text, names, &e.id)
        })
        .collect()
}

fn mentions_in(text: &str, names: &[(&str, &str)], own_id: &str) -> Vec<(String, String)> {
    let mut taken = vec![false; text.len()];
    let mut found: Vec<(usize, String, String)> = Vec::new();
    // A name can only occur where its first word is a word of the text: looking that up
    // first keeps the search linear in the text, however many names there are.
    let words: HashSet<&str> = text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    for &(name, id) in names {
        if id == own_id {
            continue;
        }
        let first_word = name.split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default();
        if !first_word.is_empty() && !words.contains(first_word) {
            continue;
        }
        let one_word = !name.contains(' ');
        let mut first = None;
        for (at, _) in text.match_indices(name) {
            let end = at + name.len();
            let before = text[..at].chars().next_back();
            let after = text[end..].chars().next();
            let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '\'' && c != '’');
            if !boundary(before) || !boundary(after) || taken[at..end].iter().any(|&t| t) {
                continue;
            }
            if one_word && sentence_start(&text[..at]) {
                continue;
            }
            taken[at..end].iter_mut().for_each(|t| *t = true);
            first.get_or_insert(at);
        }
        if let Some(at) = first {
            if !found.iter().any(|(_, known, _)| known == id) {
                found.push((at, id.to_string(), name.to_string()));
            }
        }
    }
    found.sort();
    found.into_iter().map(|(_, id, name)| (id, name)).collect()
}

/// Whether the text before a word ends a sentence or a line (markup aside).
fn sentence_start(before: &str) -> bool {
    let trimmed = before.trim_end_matches([' ', '*', '_', '"', '“', '(']);
    trimmed.is_empty()
        || trimmed.ends_with(['.', '!', '?', ':', '\n'])
        || trimmed.ends_with("\n-")
        || trimmed.ends_with("\n*")
        || trimmed.ends_with("\n>")
        || trimmed.ends_with('#')
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[(&str, &str)] = &[
        ("Shield HP", "m/rule/shield-hp"),
        ("Frightened", "m/condition/frightened"),
        ("Prone", "m/condition/prone"),
        ("Damage", "m/rule/damage"),
        ("HP", "m/rule/hp"),
    ];

    fn ids(found: Vec<(String, String)>) -> Vec<String> {
        found.into_iter().map(|(id, _)| id).collect()
    }

    #[test]
    fn capitalized_whole_words_are_mentions() {
        let found = ids(mentions_in("The target is Frightened and falls Prone.", NAMES, "m/x"));
        assert_eq!(found, ["m/condition/frightened", "m/condition/prone"]);
    }

    #[test]
    fn not_inside_other_words_nor_lower_case() {
        assert!(mentions_in("It was unFrightened, frightened, Proneness.", NAMES, "m/x").is_empty());
    }

    #[test]
    fn longest_name_wins_and_sentence_starts_do_not_count() {
        let found = ids(mentions_in("Damage hits Shield HP first. Damage then spills over.", NAMES, "m/x"));
        assert_eq!(found, ["m/rule/shield-hp"], "Damage only starts sentences here; HP is inside Shield HP");
        let found = ids(mentions_in("Resist halves Damage.", NAMES, "m/x"));
        assert_eq!(found, ["m/rule/damage"]);
    }

    #[test]
    fn an_entry_does_not_mention_itself() {
        assert!(mentions_in("Creatures become Frightened.", NAMES, "m/condition/frightened").is_empty());
    }
}
