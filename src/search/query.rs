//! Reading what the user typed: words, and filters written as `sys:amtgard`,
//! `kind:spell` or `in:spell`. Nothing typed is an error: quotes, `%`, `*` and FTS
//! operators are just punctuation here.

use super::{plain_words, text};
use crate::Kind;

/// The longest query read, in characters; the rest is ignored (a search box, not a
/// document).
pub const MAX_QUERY_CHARS: usize = 256;
/// The most words a query uses.
const MAX_WORDS: usize = 8;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    /// Normalized words, in order; an everyday phrase is one word, its words joined by
    /// spaces ("knocked over").
    pub words: Vec<String>,
    /// Beside each word, the words of the rules documents it also stands for
    /// ([`plain_words`]: "prone" for "knocked over"); empty for most.
    pub also: Vec<Vec<String>>,
    /// The words that are the second half of a word typed together with the word before
    /// ("ball" of "fireball", read as "fire ball": [`crate::search::SearchIndex::apart`]),
    /// by position; empty when none is.
    pub halves: Vec<usize>,
    /// Whether the last word may be the start of a longer one (the user is still typing).
    pub last_is_prefix: bool,
    pub system: Option<String>,
    pub kind: Option<Kind>,
}

impl Query {
    pub fn parse(input: &str) -> Query {
        let input: String = input.chars().take(MAX_QUERY_CHARS).collect();
        let mut q = Query { last_is_prefix: !input.ends_with(char::is_whitespace), ..Query::default() };
        for token in input.split_whitespace() {
            if let Some((key, value)) = token.split_once(':') {
                let value = value.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
                match key.to_ascii_lowercase().as_str() {
                    "sys" | "system" if !value.is_empty() => {
                        q.system = Some(value.to_ascii_lowercase());
                        continue;
                    }
                    "kind" | "in" => {
                        if let Ok(kind) = value.parse() {
                            q.kind = Some(kind);
                            continue;
                        }
                    }
                    _ => {}
                }
            }
            q.words.extend(text::words(token));
        }
        (q.words, q.also) = plain_words::read(std::mem::take(&mut q.words));
        q.keep_the_words_said();
        q
    }

    /// At most [`MAX_WORDS`] words: past that, a question's function words go first (they
    /// only glue: "how do I get back up after I've been knocked over" keeps what it asks),
    /// then the last words.
    fn keep_the_words_said(&mut self) {
        let mut glue = self.words.len().saturating_sub(MAX_WORDS);
        let mut at = 0;
        while glue > 0 && at < self.words.len() {
            if self.also[at].is_empty() && text::is_function_word(&self.words[at]) {
                self.words.remove(at);
                self.also.remove(at);
                glue -= 1;
            } else {
                at += 1;
            }
        }
        self.words.truncate(MAX_WORDS);
        self.also.truncate(MAX_WORDS);
    }

    /// The documents' words the word at `i` also stands for.
    pub fn also(&self, i: usize) -> &[String] {
        self.also.get(i).map(Vec::as_slice).unwrap_or_default()
    }

    /// Whether the word at `i` is the second half of a word typed together with the one
    /// before it: the two are one of the words said ("fireball").
    pub fn second_half(&self, i: usize) -> bool {
        self.halves.contains(&i)
    }

    /// The words as one normalized string ("sword long").
    pub fn phrase(&self) -> String {
        self.words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_come_out_of_the_words() {
        let q = Query::parse("sys:amtgard kind:condition stun");
        assert_eq!(q.words, ["stun"]);
        assert_eq!(q.system.as_deref(), Some("amtgard"));
        assert_eq!(q.kind, Some(Kind::Condition));
        assert_eq!(Query::parse("in:spell bolt").kind, Some(Kind::Spell));
        assert_eq!(Query::parse("in:states x").kind, Some(Kind::Condition));
    }

    #[test]
    fn an_unknown_kind_is_just_words() {
        let q = Query::parse("kind:wand fire");
        assert_eq!(q.kind, None);
        assert_eq!(q.words, ["kind", "wand", "fire"]);
    }

    #[test]
    fn operators_and_quotes_are_punctuation() {
        assert_eq!(Query::parse("\"chain AND NEAR( mail* 100%").words, ["chain", "and", "near", "mail", "100"]);
        assert!(Query::parse("\"").words.is_empty());
    }

    #[test]
    fn typing_state_and_limits() {
        assert!(Query::parse("swo").last_is_prefix);
        assert!(!Query::parse("sword ").last_is_prefix);
        assert_eq!(Query::parse(&"word ".repeat(2000)).words.len(), MAX_WORDS);
    }

    #[test]
    fn a_long_question_drops_its_glue_before_what_it_asks() {
        // Eleven words, two of them everyday phrases of two and three words: each phrase
        // is one word, so all eight are kept (the first eight words lost "knocked over").
        let q = Query::parse("how do I get back up after I've been knocked over");
        assert_eq!(q.words, ["how", "do", "i", "get back up", "after", "ive", "been", "knocked over"]);
        assert_eq!(q.also(3), ["stand"]);
        assert_eq!(q.also(7), ["prone"]);
        // Three more words of glue: the first three of it go, not the end of the question.
        let q = Query::parse("so tell me how do I get back up after I've been knocked over");
        assert_eq!(q.words, ["tell", "do", "i", "get back up", "after", "ive", "been", "knocked over"]);
        // Eight words or fewer keep every word.
        assert_eq!(Query::parse("what is a bow").words, ["what", "is", "a", "bow"]);
    }
}
