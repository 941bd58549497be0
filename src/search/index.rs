//! The in-memory title index: names, aliases and summaries of every listed entry, with
//! exact, prefix, misspelling and subsequence matching. Bodies are searched in SQLite's
//! FTS5 index (see `Db::search_bodies`); this index only supplies their vocabulary, so
//! misspelled body words can be corrected before they are looked up.

use std::collections::HashMap;

use fuzzy_matcher::skim::SkimMatcherV2;
use fuzzy_matcher::FuzzyMatcher;

use super::query::Query;
use super::text::{self, letter_mask};
use super::typo::TypoIndex;
use crate::Kind;

/// What the index needs of an entry.
#[derive(Debug, Clone)]
pub struct IndexDoc {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub system: String,
    pub aliases: Vec<String>,
    pub summary: String,
}

/// Which field of an entry a word matched, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    Name = 0,
    Alias = 1,
    Summary = 2,
}

#[derive(Debug)]
struct Doc {
    src: IndexDoc,
    system: u16,
    name_norm: String,
    aliases_norm: Vec<String>,
    /// Letters of the name, for the subsequence prefilter.
    mask: u32,
}

/// How a query word was matched to a vocabulary word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum How {
    Exact,
    Prefix,
    Typo(u8),
}

impl How {
    fn penalty(self) -> u32 {
        match self {
            How::Exact => 0,
            How::Prefix => 1,
            How::Typo(d) => 4 * u32::from(d),
        }
    }
}

/// A title-level match.
#[derive(Debug, Clone, PartialEq)]
pub struct TitleHit {
    pub doc: u32,
    pub score: i64,
    pub field: Field,
    /// The vocabulary words that matched, to mark in the text shown.
    pub words: Vec<(String, How)>,
}

/// How many vocabulary words one prefix may expand to.
const MAX_PREFIX_EXPANSION: usize = 64;

pub struct SearchIndex {
    docs: Vec<Doc>,
    systems: Vec<String>,
    /// Every word of names, aliases, summaries and bodies, sorted.
    vocab: Vec<String>,
    /// For each vocabulary word, the (doc, field) pairs holding it; bodies have none.
    postings: Vec<Vec<(u32, Field)>>,
    typos: TypoIndex,
    /// Docs by the first letter of their name, for subsequence matching.
    by_initial: HashMap<char, Vec<u32>>,
}

impl SearchIndex {
    /// Indexes `docs`; `body_words` are the words of their bodies (from the FTS index).
    pub fn build(docs: Vec<IndexDoc>, body_words: impl IntoIterator<Item = String>) -> SearchIndex {
        let mut systems: Vec<String> = Vec::new();
        let mut occurrences: HashMap<String, Vec<(u32, Field)>> = HashMap::new();
        let mut out_docs = Vec::with_capacity(docs.len());
        let mut by_initial: HashMap<char, Vec<u32>> = HashMap::new();
        for (i, d) in docs.into_iter().enumerate() {
            let i = i as u32;
            let system = match systems.iter().position(|s| *s == d.system) {
                Some(p) => p,
                None => {
                    systems.push(d.system.clone());
                    systems.len() - 1
                }
            } as u16;
            let mut add = |text: &str, field: Field| {
                for w in text::words(text) {
                    let list = occurrences.entry(w).or_default();
                    if list.last() != Some(&(i, field)) {
                        list.push((i, field));
                    }
                }
            };
            add(&d.name, Field::Name);
            for a in &d.aliases {
                add(a, Field::Alias);
            }
            add(&d.summary, Field::Summary);
            let name_norm = text::normalize(&d.name);
            if let Some(c) = name_norm.chars().next() {
                by_initial.entry(c).or_default().push(i);
            }
            out_docs.push(Doc {
                mask: letter_mask(&name_norm),
                aliases_norm: d.aliases.iter().map(|a| text::normalize(a)).collect(),
                name_norm,
                system,
                src: d,
            });
        }
        for w in body_words {
            occurrences.entry(w).or_default();
        }
        let mut vocab: Vec<(String, Vec<(u32, Field)>)> = occurrences.into_iter().collect();
        vocab.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let (vocab, mut postings): (Vec<String>, Vec<Vec<(u32, Field)>>) = vocab.into_iter().unzip();
        for p in &mut postings {
            p.sort_unstable();
            p.dedup();
        }
        let typos = TypoIndex::build(&vocab);
        SearchIndex { docs: out_docs, systems, vocab, postings, typos, by_initial }
    }

    pub fn len(&self) -> usize {
        self.docs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    pub fn doc(&self, i: u32) -> &IndexDoc {
        &self.docs[i as usize].src
    }

    /// The vocabulary words a query word stands for: itself, words it begins (when the
    /// user may still be typing it), and near misspellings.
    pub fn expand(&self, word: &str, allow_prefix: bool) -> Vec<(u32, How)> {
        let mut out = Vec::new();
        let start = self.vocab.partition_point(|v| v.as_str() < word);
        if self.vocab.get(start).is_some_and(|v| v == word) {
            out.push((start as u32, How::Exact));
        }
        if allow_prefix {
            let from = if out.is_empty() { start } else { start + 1 };
            out.extend(
                self.vocab[from..]
                    .iter()
                    .take_while(|v| v.starts_with(word))
                    .take(MAX_PREFIX_EXPANSION)
                    .enumerate()
                    .map(|(k, _)| ((from + k) as u32, How::Prefix)),
            );
        }
        // A short word that is itself in the vocabulary is taken as meant ("near" is not a
        // misspelt "fear"); longer ones may still be near-misses of a commoner word.
        let exact = out.first().is_some_and(|&(_, how)| how == How::Exact);
        if !exact || word.chars().count() >= 6 {
            out.extend(self.typos.lookup(word, &self.vocab).into_iter().map(|(id, d)| (id, How::Typo(d as u8))));
        }
        out
    }

    pub fn word(&self, id: u32) -> &str {
        &self.vocab[id as usize]
    }

    /// Entries whose name, aliases or summary match every word, best first.
    pub fn search_titles(&self, q: &Query) -> Vec<TitleHit> {
        let n = q.words.len();
        if n == 0 {
            return Vec::new();
        }
        let system = match &q.system {
            Some(s) => match self.systems.iter().position(|x| x == s) {
                Some(p) => Some(p as u16),
                None => return Vec::new(),
            },
            None => None,
        };
        let allowed = |d: &Doc| system.is_none_or(|s| d.system == s) && q.kind.is_none_or(|k| d.src.kind == k);

        // Per doc: which words matched, the worst field among them, the summed penalty.
        #[derive(Clone, Copy, Default)]
        struct Acc {
            matched: u8,
            worst: u8,
            penalty: u32,
        }
        let mut acc: HashMap<u32, Acc> = HashMap::new();
        let mut used: Vec<Vec<(u32, How)>> = Vec::with_capacity(n);
        for (i, w) in q.words.iter().enumerate() {
            let allow_prefix = i + 1 == n && (q.last_is_prefix || w.chars().count() >= 3);
            let expansions = self.expand(w, allow_prefix);
            // Best (field, penalty) of this word per doc.
            let mut best: HashMap<u32, (Field, u32)> = HashMap::new();
            for &(vid, how) in &expansions {
                for &(doc, field) in &self.postings[vid as usize] {
                    if !allowed(&self.docs[doc as usize]) {
                        continue;
                    }
                    let cand = (field, how.penalty());
                    best.entry(doc).and_modify(|b| *b = (*b).min(cand)).or_insert(cand);
                }
            }
            for (doc, (field, pen)) in best {
                if i > 0 && !acc.contains_key(&doc) {
                    continue;
                }
                let a = acc.entry(doc).or_default();
                if a.matched as usize == i {
                    a.matched += 1;
                    a.worst = a.worst.max(field as u8);
                    a.penalty += pen;
                }
            }
            acc.retain(|_, a| a.matched as usize == i + 1);
            used.push(expansions);
            if acc.is_empty() {
                break;
            }
        }

        let phrase = q.phrase();
        let mut hits: Vec<TitleHit> = acc
            .into_iter()
            .filter(|(_, a)| a.matched as usize == n)
            .map(|(doc, a)| {
                let d = &self.docs[doc as usize];
                let field = match a.worst {
                    0 => Field::Name,
                    1 => Field::Alias,
                    _ => Field::Summary,
                };
                let (base, field) = if d.name_norm == phrase {
                    (1000, Field::Name)
                } else if d.aliases_norm.iter().any(|x| *x == phrase) {
                    (950, Field::Alias)
                } else if d.name_norm.starts_with(&phrase) {
                    (900, Field::Name)
                } else if d.aliases_norm.iter().any(|x| x.starts_with(&phrase)) {
                    (860, Field::Alias)
                } else {
                    let base = match field {
                        Field::Name => 800,
                        Field::Alias => 740,
                        Field::Summary => 400,
                    };
                    (base, field)
                };
                let score = base - 10 * i64::from(a.penalty) - (d.name_norm.len() as i64).min(40) / 8;
                TitleHit { doc, score, field, words: self.used_words(&used) }
            })
            .collect();
        self.sort(&mut hits);
        hits
    }

    /// Entries whose name holds the query's letters in order ("lbolt" → Lightning Bolt),
    /// for queries the word matching missed. Only names starting with the query's first
    /// letter and holding all its letters are scored.
    pub fn search_subsequence(&self, q: &Query, skip: &[u32]) -> Vec<TitleHit> {
        let joined: String = q.words.concat();
        let Some(first) = joined.chars().next() else { return Vec::new() };
        if joined.chars().count() < 3 {
            return Vec::new();
        }
        let mask = letter_mask(&joined);
        let system = q.system.as_ref().and_then(|s| self.systems.iter().position(|x| x == s)).map(|p| p as u16);
        if q.system.is_some() && system.is_none() {
            return Vec::new();
        }
        let matcher = SkimMatcherV2::default();
        let Some(candidates) = self.by_initial.get(&first) else { return Vec::new() };
        let mut hits: Vec<TitleHit> = candidates
            .iter()
            .filter(|&&i| !skip.contains(&i))
            .filter_map(|&i| {
                let d = &self.docs[i as usize];
                if d.mask & mask != mask
                    || !system.is_none_or(|s| d.system == s)
                    || !q.kind.is_none_or(|k| d.src.kind == k)
                {
                    return None;
                }
                let s = matcher.fuzzy_match(&d.name_norm, &joined)?;
                // Skim rewards consecutive runs and word starts; a scatter of single
                // letters scores low and is not a match worth showing.
                (s >= 20 * joined.chars().count() as i64).then(|| TitleHit {
                    doc: i,
                    score: 500 + s.min(400) / 4,
                    field: Field::Name,
                    words: Vec::new(),
                })
            })
            .collect();
        self.sort(&mut hits);
        hits
    }

    fn used_words(&self, used: &[Vec<(u32, How)>]) -> Vec<(String, How)> {
        used.iter().flatten().map(|&(id, how)| (self.vocab[id as usize].clone(), how)).collect()
    }

    /// Best score first; ties by shorter name, then name, then id, so the order is stable.
    fn sort(&self, hits: &mut [TitleHit]) {
        hits.sort_by(|a, b| {
            let (da, db) = (&self.docs[a.doc as usize], &self.docs[b.doc as usize]);
            b.score
                .cmp(&a.score)
                .then(da.name_norm.len().cmp(&db.name_norm.len()))
                .then(da.src.name.cmp(&db.src.name))
                .then(da.src.id.cmp(&db.src.id))
        });
    }

    /// The index position of an entry id.
    pub fn position(&self, id: &str) -> Option<u32> {
        self.docs.iter().position(|d| d.src.id == id).map(|p| p as u32)
    }
}
