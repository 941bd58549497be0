//! Finding the entries a text mentions by name, so bodies link to them.
//!
//! Rules documents capitalize the terms they define ("the creature is Frightened"), so a
//! mention is a case-sensitive, whole-word occurrence of another entry's name in the
//! same system. A one-word name at the start of a sentence is not counted: there the
//! capital says nothing.

use std::collections::HashMap;

use aho_corasick::{AhoCorasick, MatchKind};

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
    let names: HashMap<&str, Names> = by_system.into_iter().map(|(system, list)| (system, Names::new(list))).collect();
    entries
        .iter()
        .map(|e| {
            let text = format!("{}\n{}", e.summary, e.body);
            names.get(e.system.as_str()).map(|n| n.mentions_in(&text, &e.id)).unwrap_or_default()
        })
        .collect()
}

/// The names the entries of one system may be mentioned by, and one automaton that
/// finds them all in a single pass over a text.
struct Names<'a> {
    /// Each distinct name with the ids it names (entries may share a name), longest
    /// first, so that "Shield HP" claims its words before "HP" can.
    names: Vec<(&'a str, Vec<&'a str>)>,
    /// Finds every occurrence of every name, overlapping ones included: which of two
    /// overlapping names counts is decided by length, not by which comes first in the
    /// text (what `MatchKind::LeftmostLongest` would decide), and a name that cannot
    /// count where it stands (inside a longer word, the entry's own name) must leave
    /// the names inside it free to count.
    finder: AhoCorasick,
}

impl<'a> Names<'a> {
    fn new(mut list: Vec<(&'a str, &'a str)>) -> Names<'a> {
        // A stable sort: entries sharing a name keep their order.
        list.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(b.0)));
        let mut names: Vec<(&str, Vec<&str>)> = Vec::new();
        for (name, id) in list {
            match names.last_mut() {
                Some((last, ids)) if *last == name => ids.push(id),
                _ => names.push((name, vec![id])),
            }
        }
        let finder = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(names.iter().map(|(name, _)| name))
            .expect("names are at most a few MiB of text, far within the automaton's limits");
        Names { names, finder }
    }

    /// The ids `text` mentions (other than `own_id`) with the words that mention each,
    /// in order of first mention.
    fn mentions_in(&self, text: &str, own_id: &str) -> Vec<(String, String)> {
        // Every occurrence that is a whole word, and not a one-word name starting a
        // sentence: (name, start, end).
        let mut candidates: Vec<(usize, usize, usize)> = Vec::new();
        // A name's own occurrences do not overlap (as with `str::match_indices`): where
        // each name may next occur.
        let mut next = vec![0; self.names.len()];
        for m in self.finder.find_overlapping_iter(text) {
            let (n, at, end) = (m.pattern().as_usize(), m.start(), m.end());
            if at < next[n] {
                continue;
            }
            next[n] = end;
            let before = text[..at].chars().next_back();
            let after = text[end..].chars().next();
            let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '\'' && c != '’');
            let one_word = !self.names[n].0.contains(' ');
            if boundary(before) && boundary(after) && !(one_word && sentence_start(&text[..at])) {
                candidates.push((n, at, end));
            }
        }
        // Longest name first, then each name's occurrences in order: each claims its
        // words, and a later one overlapping words already claimed does not count.
        candidates.sort_unstable();
        let mut taken = vec![false; text.len()];
        let mut found: Vec<(usize, String, String)> = Vec::new();
        for (n, at, end) in candidates {
            let (name, ids) = &self.names[n];
            // Of entries sharing a name, the first names the others' words too.
            let Some(id) = ids.iter().find(|&&id| id != own_id) else { continue };
            if taken[at..end].iter().any(|&t| t) {
                continue;
            }
            taken[at..end].fill(true);
            if !found.iter().any(|(_, known, _)| known == id) {
                found.push((at, id.to_string(), name.to_string()));
            }
        }
        found.sort();
        found.into_iter().map(|(_, id, name)| (id, name)).collect()
    }
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

    fn mentions_in(text: &str, names: &[(&str, &str)], own_id: &str) -> Vec<(String, String)> {
        Names::new(names.to_vec()).mentions_in(text, own_id)
    }

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

    #[test]
    fn a_longer_name_wins_over_an_earlier_shorter_one_it_overlaps() {
        let names = &[("HP Pool Size", "m/rule/pool"), ("Shield HP", "m/rule/shield-hp")];
        assert_eq!(ids(mentions_in("Track your Shield HP Pool Size.", names, "m/x")), ["m/rule/pool"]);
    }

    #[test]
    fn a_name_that_cannot_count_leaves_the_names_inside_it_free() {
        let names = &[("Shield HP", "m/rule/shield-hp"), ("Shield", "m/rule/shield"), ("HP", "m/rule/hp")];
        // Inside a longer word: "Shield HPs" is no mention of Shield HP, but of Shield.
        assert_eq!(ids(mentions_in("All Shield HPs.", names, "m/x")), ["m/rule/shield"]);
        // The entry's own name: its words may mention others.
        assert_eq!(ids(mentions_in("The Shield HP soak.", names, "m/rule/shield-hp")), ["m/rule/shield", "m/rule/hp"]);
    }

    #[test]
    fn entries_sharing_a_name_are_mentioned_as_the_first_of_them() {
        let names = &[("Prone", "m/condition/prone"), ("Prone", "m/rule/prone")];
        assert_eq!(ids(mentions_in("Falls Prone.", names, "m/x")), ["m/condition/prone"]);
        assert_eq!(ids(mentions_in("Falls Prone.", names, "m/condition/prone")), ["m/rule/prone"]);
    }

    #[test]
    fn every_name_is_found_in_one_pass_whatever_their_number() {
        let many: Vec<(String, String)> =
            (0..5_000).map(|i| (format!("Name Number {i}"), format!("m/rule/n{i}"))).collect();
        let names: Vec<(&str, &str)> = many.iter().map(|(n, id)| (n.as_str(), id.as_str())).collect();
        let text = "See Name Number 42 and Name Number 4999, not Name Number 50000.";
        assert_eq!(ids(mentions_in(text, &names, "m/x")), ["m/rule/n42", "m/rule/n4999"]);
    }
}
