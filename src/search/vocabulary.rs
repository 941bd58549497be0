//! The rules documents' own words for the shipped entries: `vocabulary/<system>.toml`,
//! made by `examples/vocabulary.rs` from the documents and reviewed. Tome's entries
//! paraphrase the documents, so a word a player remembers from the book ("exhausted"
//! for Fatigue) may not be in Tome's text at all; search finds the entry by it, below
//! the entry's own name, aliases and summary. Words only, never the document's
//! sentences. `vocabulary/other-games.toml` adds the phrases game masters bring from other
//! games ("attack of opportunity" for MythCraft's Exploit), each with its source: an editor
//! wrote each one for the entries it names, so they are searched as those entries' other
//! names (aliases), found alone and inside a longer query.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use include_dir::{include_dir, Dir};
use serde::Deserialize;

use super::IndexDoc;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/vocabulary");

/// The most words one entry may carry (the generator keeps 12).
pub const MAX_TERMS: usize = 24;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    terms: BTreeMap<String, Vec<String>>,
}

/// Other games' words for a system's own: `other-games.toml`.
const OTHER_GAMES: &str = "other-games.toml";
/// Everyday words for what the rules govern: `plain-words.toml` ([`super::plain_words`]).
pub(super) const PLAIN_WORDS: &str = "plain-words.toml";

/// The text of one embedded vocabulary file.
pub(super) fn embedded_text(name: &str) -> Result<&'static str, String> {
    let file = EMBEDDED.get_file(name).ok_or_else(|| format!("vocabulary/{name} is missing"))?;
    file.contents_utf8().ok_or_else(|| format!("vocabulary/{name}: not UTF-8"))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OtherGames {
    term: Vec<OtherTerm>,
}

/// Phrases a game master brings from other games (`say`), where they come from, and the
/// entries that hold the same rule (`means`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OtherTerm {
    say: Vec<String>,
    from: String,
    means: Vec<String>,
}

/// Words that say nothing of a rule: a phrase needs a word besides them.
const SMALL_WORDS: &[&str] = &["a", "an", "the", "of", "on", "in", "to", "your", "with", "out", "be"];

/// Every entry the other games' phrases point to, with the phrases.
///
/// # Errors
/// A file that is not of that shape, a phrase with no word, or a term with no source.
fn other_games(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let parsed: OtherGames = toml::from_str(text).map_err(|e| format!("vocabulary/{OTHER_GAMES}: {e}"))?;
    let mut out = Vec::new();
    for t in parsed.term {
        if t.from.trim().is_empty() {
            return Err(format!("vocabulary/{OTHER_GAMES}: {:?} says nothing of where it comes from", t.say));
        }
        for phrase in &t.say {
            let searched = phrase
                .split(|c: char| !c.is_alphabetic())
                .any(|w| w.chars().count() > 1 && !SMALL_WORDS.contains(&w.to_lowercase().as_str()));
            if !searched {
                return Err(format!("vocabulary/{OTHER_GAMES}: {phrase:?} has no word to search by"));
            }
        }
        for id in t.means {
            out.push((id, t.say.clone()));
        }
    }
    Ok(out)
}

/// The embedded files' bytes, in a stable order (what a kept index was built with).
pub fn embedded_files() -> impl Iterator<Item = &'static [u8]> {
    EMBEDDED.files().map(|f| f.contents())
}

/// Every entry id's words from the documents, parsed from the embedded files (other
/// games' phrases aside: [`borrowed`]).
///
/// # Errors
/// A file that is not valid TOML of that shape, or an entry with a term that is not a
/// single lower-case word or with more than [`MAX_TERMS`], named by file and entry.
pub fn parse() -> Result<HashMap<String, Vec<String>>, String> {
    let mut out = HashMap::new();
    for file in EMBEDDED.files() {
        let path = file.path().display();
        let text = file.contents_utf8().ok_or_else(|| format!("vocabulary/{path}: not UTF-8"))?;
        if file.path().as_os_str() == OTHER_GAMES || file.path().as_os_str() == PLAIN_WORDS {
            continue;
        }
        let parsed: File = toml::from_str(text).map_err(|e| format!("vocabulary/{path}: {e}"))?;
        for (id, terms) in parsed.terms {
            if terms.len() > MAX_TERMS {
                return Err(format!("vocabulary/{path}: `{id}` has {} words (at most {MAX_TERMS})", terms.len()));
            }
            if let Some(bad) =
                terms.iter().find(|t| t.is_empty() || !t.chars().all(|c| c.is_alphabetic() && !c.is_uppercase()))
            {
                return Err(format!("vocabulary/{path}: `{id}`: `{bad}` is not one lower-case word"));
            }
            out.insert(id, terms);
        }
    }
    Ok(out)
}

/// The phrases of `other-games.toml` by entry id (issue 44), one line per term.
///
/// # Errors
/// As [`other_games`].
pub fn borrowed() -> Result<Vec<(String, Vec<String>)>, String> {
    other_games(embedded_text(OTHER_GAMES)?)
}

/// The documents' words by entry id; empty if the embedded files do not parse (a test
/// keeps them valid, and search works without them).
pub fn shipped() -> &'static HashMap<String, Vec<String>> {
    static TERMS: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    TERMS.get_or_init(|| parse().unwrap_or_default())
}

/// Other games' phrases by entry id, each once; empty as [`shipped`] is.
pub fn phrases() -> &'static HashMap<String, Vec<String>> {
    static PHRASES: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    PHRASES.get_or_init(|| {
        let mut out: HashMap<String, Vec<String>> = HashMap::new();
        for (id, said) in borrowed().unwrap_or_default() {
            let known = out.entry(id).or_default();
            for p in said {
                if !known.contains(&p) {
                    known.push(p);
                }
            }
        }
        out
    })
}

/// `docs` with each shipped entry's words from the documents, and other games' phrases
/// for it among its aliases.
pub fn attach(mut docs: Vec<IndexDoc>) -> Vec<IndexDoc> {
    let (terms, phrases) = (shipped(), phrases());
    for d in &mut docs {
        if d.pack.is_none() {
            if let Some(t) = terms.get(&d.id) {
                d.terms.clone_from(t);
            }
            for p in phrases.get(&d.id).map(Vec::as_slice).unwrap_or_default() {
                if !d.aliases.contains(p) {
                    d.aliases.push(p.clone());
                }
            }
        }
    }
    docs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_files_parse_as_single_words() {
        let terms = parse().expect("vocabulary files are valid");
        assert!(terms.len() > 50, "{} entries have words", terms.len());
        assert!(terms["ars-magica/rule/fatigue"].contains(&"exhausted".to_string()));
        // Other games' phrases are kept whole, as aliases (issues 44 and 59).
        assert!(borrowed().expect("other-games.toml is valid").len() > 20);
        assert!(phrases()["mythcraft/maneuver/exploit"].contains(&"attack of opportunity".to_string()));
        assert!(!shipped().get("mythcraft/maneuver/exploit").is_some_and(|t| t.contains(&"opportunity".to_string())));
    }

    #[test]
    fn an_other_games_term_needs_its_source_and_a_word() {
        let no_source = "[[term]]\nsay = [\"aoo\"]\nfrom = \"\"\nmeans = [\"x/rule/y\"]";
        assert!(other_games(no_source).unwrap_err().contains("where it comes from"));
        let no_word = "[[term]]\nsay = [\"of the\"]\nfrom = \"d20\"\nmeans = [\"x/rule/y\"]";
        assert!(other_games(no_word).unwrap_err().contains("no word"));
    }
}
