//! The rules documents' own words for the shipped entries: `vocabulary/<system>.toml`,
//! made by `examples/vocabulary.rs` from the documents and reviewed. Tome's entries
//! paraphrase the documents, so a word a player remembers from the book ("exhausted"
//! for Fatigue) may not be in Tome's text at all; search finds the entry by it, below
//! the entry's own name, aliases and summary. Words only, never the document's
//! sentences.

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

/// The embedded files' bytes, in a stable order (what a kept index was built with).
pub fn embedded_files() -> impl Iterator<Item = &'static [u8]> {
    EMBEDDED.files().map(|f| f.contents())
}

/// Every entry id's words, parsed from the embedded files.
///
/// # Errors
/// A file that is not valid TOML of that shape, or an entry with a term that is not a
/// single lower-case word or with more than [`MAX_TERMS`], named by file and entry.
pub fn parse() -> Result<HashMap<String, Vec<String>>, String> {
    let mut out = HashMap::new();
    for file in EMBEDDED.files() {
        let path = file.path().display();
        let text = file.contents_utf8().ok_or_else(|| format!("vocabulary/{path}: not UTF-8"))?;
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

/// The shipped words by entry id; empty if the embedded files do not parse (a test
/// keeps them valid, and search works without them).
pub fn shipped() -> &'static HashMap<String, Vec<String>> {
    static TERMS: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    TERMS.get_or_init(|| parse().unwrap_or_default())
}

/// `docs` with each shipped entry's words.
pub fn attach(mut docs: Vec<IndexDoc>) -> Vec<IndexDoc> {
    let terms = shipped();
    for d in &mut docs {
        if d.pack.is_none() {
            if let Some(t) = terms.get(&d.id) {
                d.terms.clone_from(t);
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
    }
}
