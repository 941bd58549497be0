//! Misspelling lookup over a vocabulary (the symmetric-delete method): every word is
//! stored under each form with up to `MAX_EDITS` letters deleted; a query word's own
//! deletions meet them, and a true edit distance confirms the candidates. It finds
//! transpositions, dropped, doubled and wrong letters without scanning the vocabulary.

use std::collections::HashMap;

/// The most edits a misspelling may have.
pub const MAX_EDITS: usize = 2;

/// How many edits a word of this length may carry: short words allow fewer, or every
/// three-letter word would match every other.
pub fn allowed_edits(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=6 => 1,
        _ => MAX_EDITS,
    }
}

#[derive(Debug, Default)]
pub struct TypoIndex {
    deletes: HashMap<Box<str>, Vec<u32>>,
}

impl TypoIndex {
    /// Indexes `words` (by their position in the slice).
    #[cfg(test)]
    pub fn build(words: &[String]) -> TypoIndex {
        TypoIndex::build_some(words, &vec![true; words.len()])
    }

    /// Indexes the words of `words` whose flag in `keep` is set (by their position in
    /// the slice); the others are never offered as corrections.
    pub fn build_some(words: &[String], keep: &[bool]) -> TypoIndex {
        let count = keep.iter().filter(|&&k| k).count();
        let mut deletes: HashMap<Box<str>, Vec<u32>> = HashMap::with_capacity(count * 8);
        for (i, w) in words.iter().enumerate().filter(|&(i, _)| keep[i]) {
            let edits = allowed_edits(w.chars().count());
            if edits == 0 {
                continue;
            }
            for d in deletions(w, edits) {
                deletes.entry(d.into_boxed_str()).or_default().push(i as u32);
            }
        }
        for ids in deletes.values_mut() {
            ids.sort_unstable();
            ids.dedup();
        }
        TypoIndex { deletes }
    }

    /// Words of the vocabulary within the allowed edits of `query`, with their distance
    /// (transpositions count as one edit). The query word itself is not returned.
    pub fn lookup(&self, query: &str, words: &[String]) -> Vec<(u32, usize)> {
        let edits = allowed_edits(query.chars().count());
        if edits == 0 {
            return Vec::new();
        }
        let mut seen: Vec<u32> = Vec::new();
        let mut out = Vec::new();
        for d in deletions(query, edits) {
            if let Some(ids) = self.deletes.get(d.as_str()) {
                for &id in ids {
                    if seen.contains(&id) {
                        continue;
                    }
                    seen.push(id);
                    let word = &words[id as usize];
                    if word == query {
                        continue;
                    }
                    let dist = strsim::damerau_levenshtein(query, word);
                    if dist <= edits.min(allowed_edits(word.chars().count()).max(1)) {
                        out.push((id, dist));
                    }
                }
            }
        }
        out.sort_unstable_by_key(|&(id, d)| (d, id));
        out
    }
}

/// `word` itself and every form of it with 1..=`edits` characters deleted.
fn deletions(word: &str, edits: usize) -> Vec<String> {
    let mut out = vec![word.to_string()];
    let mut frontier = vec![word.to_string()];
    for _ in 0..edits {
        let mut next = Vec::new();
        for w in &frontier {
            let chars: Vec<char> = w.chars().collect();
            if chars.len() <= 1 {
                continue;
            }
            for i in 0..chars.len() {
                let d: String = chars.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, c)| c).collect();
                if !out.contains(&d) {
                    out.push(d.clone());
                    next.push(d);
                }
            }
        }
        frontier = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab() -> Vec<String> {
        ["chain", "mail", "grappled", "insubstantial", "encumbrance", "lightning", "bolt", "lightening"]
            .map(String::from)
            .to_vec()
    }

    fn found(q: &str) -> Vec<String> {
        let v = vocab();
        let idx = TypoIndex::build(&v);
        idx.lookup(q, &v).into_iter().map(|(id, _)| v[id as usize].clone()).collect()
    }

    #[test]
    fn finds_misspellings_of_every_shape() {
        assert_eq!(found("chian"), ["chain"], "transposition");
        assert_eq!(found("grapled"), ["grappled"], "dropped double letter");
        assert_eq!(found("insubstantal"), ["insubstantial"], "dropped letter");
        assert_eq!(found("encumberance"), ["encumbrance"], "extra letter");
        assert_eq!(found("lightening"), ["lightning"], "the word exists too, so only its neighbour is new");
        assert_eq!(found("bolf"), ["bolt"], "wrong letter");
    }

    #[test]
    fn short_words_need_exact_matches() {
        assert!(found("mal").is_empty());
    }
}
