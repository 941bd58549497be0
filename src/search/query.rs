//! Reading what the user typed: words, and filters written as `sys:amtgard`,
//! `kind:spell` or `in:spell`. Nothing typed is an error: quotes, `%`, `*` and FTS
//! operators are just punctuation here.

use super::text;
use crate::Kind;

/// The longest query read, in characters; the rest is ignored (a search box, not a
/// document).
pub const MAX_QUERY_CHARS: usize = 256;
/// The most words a query uses.
const MAX_WORDS: usize = 8;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    /// Normalized words, in order.
    pub words: Vec<String>,
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
        q.words.truncate(MAX_WORDS);
        q
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
}
