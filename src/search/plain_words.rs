//! Everyday words for what the rules govern (`vocabulary/plain-words.toml`, issue 76).
//! A player asks "how do I get back up after I've been knocked over"; the rules say
//! Stand and Prone. Each concept of the file pairs the phrases players say with the
//! words the documents use for the same thing; a query's phrase becomes one word of the
//! query that any of those words answers ([`read`]), so an entry holding "prone" holds
//! "knocked over", in whichever system or pack it is.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::text;
use super::vocabulary::{embedded_text, PLAIN_WORDS};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    concept: Vec<Concept>,
}

/// One concept: what the rules decide of it and where (`about`), the phrases players say
/// for it, and the words the documents use.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Concept {
    pub about: String,
    pub say: Vec<String>,
    pub means: Vec<String>,
}

/// The most words a phrase may have between two of its own ("knock him over", "get my
/// spell back"), and how many of them may be more than a function word.
const MAX_GAP: usize = 3;
const MAX_GAP_WORDS_SAID: usize = 1;

/// The concepts' phrases by the root of their first word: the roots of the rest and the
/// words meant, longest phrase first.
#[derive(Debug, Default)]
pub struct Phrases {
    by_first: HashMap<String, Vec<(Vec<String>, usize)>>,
    means: Vec<Vec<String>>,
}

/// The concepts of `text` (the file's TOML), checked.
///
/// # Errors
/// A file not of that shape; a concept with no phrase, no word meant or nothing said of
/// it; a word meant that is not one lower-case word; a phrase that is one function word
/// (it would change every question it is in; "get up" is a phrase, "up" is not).
pub fn parse(text: &str) -> Result<Vec<Concept>, String> {
    let file: File = toml::from_str(text).map_err(|e| format!("vocabulary/{PLAIN_WORDS}: {e}"))?;
    for c in &file.concept {
        let at = format!("vocabulary/{PLAIN_WORDS}: {:?}", c.say.first().map_or("", String::as_str));
        if c.about.trim().is_empty() || c.say.is_empty() || c.means.is_empty() {
            return Err(format!("{at}: a concept needs `about`, `say` and `means`"));
        }
        if let Some(bad) = c.means.iter().find(|m| text::words(m).collect::<Vec<_>>() != [m.as_str()]) {
            return Err(format!("{at}: `{bad}` is not one lower-case word"));
        }
        for phrase in &c.say {
            let words: Vec<String> = text::words(phrase).collect();
            if words.is_empty() || (words.len() == 1 && text::is_function_word(&words[0])) {
                return Err(format!("{at}: {phrase:?} is no phrase but a function word"));
            }
        }
    }
    Ok(file.concept)
}

impl Phrases {
    fn new(concepts: &[Concept]) -> Phrases {
        let mut out = Phrases::default();
        for (i, c) in concepts.iter().enumerate() {
            out.means.push(c.means.clone());
            for phrase in &c.say {
                let roots: Vec<String> = text::words(phrase).map(|w| text::root(&w)).collect();
                if let Some((first, rest)) = roots.split_first() {
                    out.by_first.entry(first.clone()).or_default().push((rest.to_vec(), i));
                }
            }
        }
        for list in out.by_first.values_mut() {
            list.sort_by_key(|(rest, _)| std::cmp::Reverse(rest.len()));
        }
        out
    }

    /// Where the phrase `rest` goes on after `at` in `roots` (positions not yet `used`),
    /// with at most [`MAX_GAP`] words between two of its words, of which at most
    /// [`MAX_GAP_WORDS_SAID`] are more than function words.
    fn follow(rest: &[String], at: usize, words: &[String], roots: &[String], used: &[bool]) -> Option<Vec<usize>> {
        let mut places = vec![at];
        let mut from = at + 1;
        for r in rest {
            let mut said = 0;
            let mut found = None;
            for (k, root) in roots.iter().enumerate().skip(from).take(MAX_GAP + 1) {
                if used[k] {
                    break;
                }
                if root == r {
                    found = Some(k);
                    break;
                }
                said += usize::from(!text::is_function_word(&words[k]));
                if said > MAX_GAP_WORDS_SAID {
                    break;
                }
            }
            let k = found?;
            places.push(k);
            from = k + 1;
        }
        Some(places)
    }
}

/// The phrases of the shipped file; none if it does not parse (a test keeps it valid).
fn shipped() -> &'static Phrases {
    static PHRASES: OnceLock<Phrases> = OnceLock::new();
    PHRASES.get_or_init(|| {
        let concepts = embedded_text(PLAIN_WORDS).and_then(parse).unwrap_or_default();
        Phrases::new(&concepts)
    })
}

/// The shipped concepts, as the file holds them.
///
/// # Errors
/// As [`parse`].
pub fn concepts() -> Result<Vec<Concept>, String> {
    parse(embedded_text(PLAIN_WORDS)?)
}

/// A query's words with each everyday phrase in them made one word, the phrase's words
/// joined by spaces, and beside each word the documents' words it also stands for (none
/// for a word of no phrase). At each word the longest phrase starting there is taken;
/// words between a phrase's own stay words of their own, after it.
pub fn read(words: Vec<String>) -> (Vec<String>, Vec<Vec<String>>) {
    read_with(shipped(), words)
}

fn read_with(phrases: &Phrases, words: Vec<String>) -> (Vec<String>, Vec<Vec<String>>) {
    if phrases.by_first.is_empty() {
        let n = words.len();
        return (words, vec![Vec::new(); n]);
    }
    let roots: Vec<String> = words.iter().map(|w| text::root(w)).collect();
    let mut used = vec![false; words.len()];
    let (mut out, mut also) = (Vec::new(), Vec::new());
    for i in 0..words.len() {
        if used[i] {
            continue;
        }
        let found = phrases.by_first.get(&roots[i]).and_then(|list| {
            // The longest phrase, then the one whose words are closest together.
            list.iter()
                .filter_map(|(rest, concept)| Some((Phrases::follow(rest, i, &words, &roots, &used)?, *concept)))
                .min_by_key(|(places, _)| (std::cmp::Reverse(places.len()), places.last().copied()))
        });
        match found {
            Some((places, concept)) => {
                for &k in &places {
                    used[k] = true;
                }
                out.push(places.iter().map(|&k| words[k].as_str()).collect::<Vec<_>>().join(" "));
                also.push(phrases.means[concept].clone());
            }
            None => {
                used[i] = true;
                out.push(words[i].clone());
                also.push(Vec::new());
            }
        }
    }
    (out, also)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phrases() -> Phrases {
        let text = r#"
            [[concept]]
            about = "lying down"
            say = ["knocked over", "knocked over and out", "on the ground"]
            means = ["prone"]
            [[concept]]
            about = "getting up"
            say = ["get up", "get back"]
            means = ["stand"]
            [[concept]]
            about = "shooting"
            say = ["shoot"]
            means = ["ranged"]
        "#;
        Phrases::new(&parse(text).expect("parses"))
    }

    fn read(q: &str) -> (Vec<String>, Vec<Vec<String>>) {
        read_with(&phrases(), text::words(q).collect())
    }

    #[test]
    fn a_phrase_in_any_form_becomes_one_word_meaning_the_rules_word() {
        let (words, also) = read("what if I'm knocking over a chair");
        assert_eq!(words, ["what", "if", "im", "knocking over", "a", "chair"]);
        assert_eq!(also[3], ["prone"]);
        assert!(also.iter().enumerate().all(|(i, a)| i == 3 || a.is_empty()));
        assert_eq!(read("shooting").1, [["ranged"]]);
    }

    #[test]
    fn small_words_may_come_between_a_phrases_own_and_stay_words() {
        // "him" and "back" are function words; "spell" is one word said in between.
        assert_eq!(read("knocked him over").0, ["knocked over", "him"]);
        let (words, also) = read("get my spell back");
        assert_eq!(words, ["get back", "my", "spell"]);
        assert_eq!(also[0], ["stand"]);
        // Two words said in between are too many: no phrase.
        assert_eq!(read("get spell book back").1.concat(), Vec::<String>::new());
    }

    #[test]
    fn the_longest_phrase_wins_then_the_closest() {
        assert_eq!(read("knocked over and out").0, ["knocked over and out"]);
        // "get back" is whole where "get up" has a word between: the whole one is taken.
        assert_eq!(read("get back up").0, ["get back", "up"]);
    }

    #[test]
    fn a_concept_needs_a_word_and_the_words_meant_are_single_words() {
        let only_glue = "[[concept]]\nabout = \"x\"\nsay = [\"get up\"]\nmeans = [\"stand\"]\n[[concept]]\nabout = \"y\"\nsay = [\"up\"]\nmeans = [\"stand\"]";
        assert!(parse(only_glue).unwrap_err().contains("a function word"));
        let two_words = "[[concept]]\nabout = \"x\"\nsay = [\"fall\"]\nmeans = [\"lying down\"]";
        assert!(parse(two_words).unwrap_err().contains("one lower-case word"));
        let no_about = "[[concept]]\nabout = \" \"\nsay = [\"fall\"]\nmeans = [\"prone\"]";
        assert!(parse(no_about).unwrap_err().contains("needs"));
    }

    #[test]
    fn the_shipped_file_parses() {
        let concepts = concepts().expect("plain-words.toml is valid");
        assert!(concepts.len() >= 40, "{} concepts", concepts.len());
        assert_eq!(read_with(shipped(), text::words("knocked over").collect()).1, [["prone"]]);
    }
}
