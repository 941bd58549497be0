//! The in-memory title index: names, aliases and summaries of every listed entry, with
//! exact, prefix, misspelling and subsequence matching. Bodies are searched in SQLite's
//! FTS5 index (see `Db::search_bodies`); this index only supplies their vocabulary, so
//! misspelled body words can be corrected before they are looked up.

// A fast hasher: the keys are our own words and ids, and building the maps is much of a
// one-off `tome search`.
use rustc_hash::FxHashMap as HashMap;

use fuzzy_matcher::skim::SkimMatcherV2;
use fuzzy_matcher::FuzzyMatcher;
use serde::{Deserialize, Serialize};

use super::docs::{Doc, Docs, NewDoc};
use super::packed::{Lists, NumSlice, Number, Nums, WordMap, Words};
use super::query::Query;
use super::text::{self, letter_mask, Relation};
use super::typo::TypoIndex;
use crate::Kind;

/// What the index needs of an entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct IndexDoc {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub system: String,
    pub aliases: Vec<String>,
    pub summary: String,
    /// Words the rules document uses for the entry that its own text does not
    /// ([`super::vocabulary`]): found below the name, aliases and summary.
    pub terms: Vec<String>,
    /// The homebrew pack the entry comes from, if any.
    pub pack: Option<String>,
}

/// An entry holding a word and the field holding it, in one number (the entry's position
/// above the field's two bits): half the memory of the pair, and a quarter smaller kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Posting(u32);

impl Number for Posting {
    fn to_u32(self) -> u32 {
        self.0
    }

    fn from_u32(n: u32) -> Posting {
        Posting(n)
    }
}

impl Posting {
    fn new(doc: u32, field: Field) -> Posting {
        assert!(doc < 1 << 30, "an index of under a billion entries");
        Posting(doc << 2 | field as u32)
    }

    fn doc(self) -> u32 {
        self.0 >> 2
    }

    fn field(self) -> Field {
        match self.0 & 3 {
            0 => Field::Name,
            1 => Field::Alias,
            2 => Field::Summary,
            _ => Field::Terms,
        }
    }
}

/// A word of the family map and how it is related: kept as the word's position with a
/// bit for the relation, as only the two relations of a family are ever in it.
impl Number for (u32, How) {
    fn to_u32(self) -> u32 {
        assert!(self.0 < 1 << 31, "a vocabulary of under two billion words");
        assert!(matches!(self.1, How::Stem | How::Family), "the family map holds forms and relatives");
        self.0 << 1 | u32::from(self.1 == How::Family)
    }

    fn from_u32(n: u32) -> (u32, How) {
        (n >> 1, if n & 1 == 1 { How::Family } else { How::Stem })
    }
}

/// Which field of an entry a word matched, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Field {
    Name = 0,
    Alias = 1,
    Summary = 2,
    /// The document's own words for the entry.
    Terms = 3,
}

/// What a search shows of an entry: what the index keeps of its [`IndexDoc`].
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub kind: Kind,
    pub system: &'a str,
    pub summary: &'a str,
    pub pack: Option<&'a str>,
}

/// How a query word was matched to a vocabulary word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum How {
    Exact,
    Prefix,
    /// Another form or spelling of the word ("jumping" for Jump, "armour" for Armor,
    /// "duelling" for Duel).
    Stem,
    /// A word of its family ("encumbered" for Encumbrance): see [`text::relatives`].
    Family,
    Typo(u8),
}

impl How {
    fn penalty(self) -> u32 {
        match self {
            How::Exact => 0,
            How::Prefix => 1,
            How::Stem => 2,
            How::Family => 3,
            How::Typo(d) => 4 * u32::from(d),
        }
    }
}

/// A title-level match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TitleHit {
    pub doc: u32,
    pub score: i64,
    pub field: Field,
    /// Of an entry whose title holds only some of the query's words
    /// ([`SearchIndex::search_partial`]), how many of them it holds (a question's own
    /// words aside); 0 else.
    pub held: u8,
}

/// The best title matches of a query, and the vocabulary words its words stood for (to
/// mark in the text shown).
#[derive(Debug, Clone, Default)]
pub struct TitleMatches {
    pub hits: Vec<TitleHit>,
    /// How many entries matched in all (`hits` holds the best `limit` of them).
    pub total: usize,
    pub words: Vec<(String, How)>,
}

/// The most vocabulary words the misspelling index covers. Each costs dozens of stored
/// deletions, so a huge imported document must not put all its words in: names and
/// aliases come first, then summary words, then body words, the commonest first. The
/// shipped content has a few thousand words, far below this.
pub const MAX_TYPO_WORDS: usize = 20_000;

/// Which vocabulary words (by position) get misspelling lookup: all of them when there
/// are at most [`MAX_TYPO_WORDS`], else the most useful ones.
///
/// A word only the documents' vocabulary holds is never a correction: it is weak
/// evidence, and a typo that lands on it ("marshes" → "crashes") is noise.
fn typo_words(vocab: &[String], postings: &[Vec<(u32, Field)>], body_rank: &HashMap<String, u32>) -> Vec<bool> {
    let terms_only = |i: usize| !postings[i].is_empty() && postings[i].iter().all(|&(_, f)| f == Field::Terms);
    if vocab.len() <= MAX_TYPO_WORDS {
        return (0..vocab.len()).map(|i| !terms_only(i)).collect();
    }
    let mut order: Vec<(u8, u64, usize)> = vocab
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let best = postings[i].iter().map(|&(_, f)| f as u8).min();
            match best {
                Some(field) => (field, u64::MAX - postings[i].len() as u64, i),
                None => (4, u64::from(body_rank.get(w).copied().unwrap_or(u32::MAX)), i),
            }
        })
        .collect();
    order.select_nth_unstable(MAX_TYPO_WORDS - 1);
    let mut keep = vec![false; vocab.len()];
    for &(_, _, i) in &order[..MAX_TYPO_WORDS] {
        keep[i] = !terms_only(i);
    }
    keep
}

/// The family map ([`SearchIndex`]'s `families`): each vocabulary word is found under
/// the roots of its other spellings, whether or not the content holds them (so
/// "dueling" finds a document that writes only "duelling"), and under the roots of its
/// relatives that the content holds; and its own root leads to those relatives' words.
///
/// Irregular forms join it too ([`text::irregular_forms`]): the forms of each word whose
/// root names, aliases or describes an entry lead to that root's words ("burnt" to
/// "burning", "flew" to "fly").
fn families(
    vocab: &[String],
    postings: &[Vec<(u32, Field)>],
    roots: &HashMap<String, Vec<u32>>,
) -> HashMap<String, Vec<(u32, How)>> {
    let mut out: HashMap<String, Vec<(u32, How)>> = HashMap::default();
    for (i, w) in vocab.iter().enumerate() {
        // Numbers and one- or two-letter words have no family.
        if w.len() < 3 || !w.starts_with(|c: char| c.is_alphabetic()) {
            continue;
        }
        let i = i as u32;
        let own = text::root(w);
        for (key, relation) in text::relatives(w) {
            let how = if relation == Relation::Spelling { How::Stem } else { How::Family };
            let held = roots.get(&key);
            if relation == Relation::Spelling || held.is_some() {
                out.entry(key).or_default().push((i, how));
            }
            if let Some(ids) = held {
                out.entry(own.clone()).or_default().extend(ids.iter().map(|&id| (id, how)));
            }
        }
    }
    for (r, ids) in roots {
        // Body words alone are left out: a form is looked up for each, and bodies are
        // searched by FTS5 with the query's own words.
        let titled = ids.iter().any(|&i| !postings[i as usize].is_empty());
        if !titled || r.len() < 3 || !r.bytes().all(|b| b.is_ascii_lowercase()) {
            continue;
        }
        // Each word's own forms, not only its root's: a root is often no word ("fly" is
        // "fli", and only "fly" has "flew" and "flown").
        // (A word's forms are its root's too: see [`text::irregular_forms`].)
        let mut forms: Vec<String> = Vec::new();
        for &id in ids {
            for form in text::irregular_forms(&vocab[id as usize]) {
                if !forms.contains(&form) {
                    forms.push(form);
                }
            }
        }
        for form in forms {
            let key = text::root(&form);
            if key != *r {
                out.entry(key).or_default().extend(ids.iter().map(|&id| (id, How::Stem)));
            }
        }
    }
    for list in out.values_mut() {
        // The closest relation of each word is kept (`Stem` sorts before `Family`).
        list.sort_unstable_by_key(|&(id, how)| (id, how));
        list.dedup_by_key(|&mut (id, _)| id);
    }
    out
}

/// The lowest score of an entry whose title holds most but not all of a query's words
/// ([`SearchIndex::search_partial`]): above text that holds them all.
pub const PARTIAL_MOST: i64 = 200;

/// The lowest score of an entry whose summary holds most of a query's words, or whose
/// whole name the query holds ([`SearchIndex::search_partial`]): below text that holds
/// every word, above titles holding fewer.
pub const PARTIAL_NAMED: u8 = 50;

/// What an entry lacking a query's function word pays, as a penalty like
/// [`How::penalty`]'s: less than a misspelt word.
const MISSING_FUNCTION_WORD: u32 = 3;

/// The longest word read as an abbreviation: typed whole ("AC", "RR", "WP"), it means
/// a name or alias that is that word, and names it only begins come after every entry
/// holding it whole (issue 76: "AC" is not Actions).
const SHORT_WORD: usize = 3;

/// What a word that is only the start of a longer one costs when it is that short: more
/// than a field's step, so a whole word in an alias or name comes first.
const SHORT_PREFIX: u32 = 10;

fn short(word: &str) -> bool {
    word.chars().count() <= SHORT_WORD
}

/// What matching `word` as `how` costs an entry.
fn word_penalty(word: &str, how: How) -> u32 {
    match how {
        How::Prefix if short(word) => SHORT_PREFIX,
        _ => how.penalty(),
    }
}

/// One entry's count in [`SearchIndex::search_fields`]: how many words it matched so far,
/// the worst field among them, their summed penalty, and the word being walked's best
/// (field, penalty) packed in a u32; of the search numbered `stamp`, else of none.
#[derive(Clone, Copy)]
struct Tally {
    stamp: u32,
    matched: u8,
    worst: u8,
    penalty: u32,
    best: u32,
}

impl Tally {
    const NONE: u32 = u32::MAX;
}

impl Default for Tally {
    fn default() -> Self {
        Tally { stamp: 0, matched: 0, worst: 0, penalty: 0, best: Tally::NONE }
    }
}

/// A thread's tallies, one per entry of the largest index it searched, and the number of
/// its last search.
#[derive(Default)]
struct Tallies {
    stamp: u32,
    of: Vec<Tally>,
}

thread_local! {
    static TALLIES: std::cell::RefCell<Tallies> = std::cell::RefCell::default();
}

/// The first place at or after `from` in `list` (ordered by entry, then field) that holds
/// `doc` or a later entry, or the list's length. It leaps ahead 1, 2, 4… places and then
/// halves the last leap, so looking up a few entries in a long list costs a few steps
/// each, and looking up many, in order, no more than walking it.
fn seek(list: NumSlice<'_, Posting>, from: usize, doc: u32) -> usize {
    let before = |i: usize| list.get(i).is_some_and(|p| p.doc() < doc);
    let (mut low, mut high, mut leap) = (from, from, 1);
    while before(high) {
        low = high + 1;
        high += leap;
        leap *= 2;
    }
    // Every place before `low` is an earlier entry; `high` is not one (or past the end).
    while low < high {
        let mid = low + (high - low) / 2;
        if before(mid) {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    low
}

/// How many vocabulary words one prefix may expand to.
const MAX_PREFIX_EXPANSION: usize = 64;

// The lists and maps are laid end to end (`packed.rs`): the index is read back at every
// one-off `tome search`, and is searched where its bytes lie (`'a` is theirs).
#[derive(Serialize, Deserialize)]
pub struct SearchIndex<'a> {
    #[serde(borrow)]
    docs: Docs<'a>,
    systems: Vec<String>,
    /// Every word of names, aliases, summaries and bodies, sorted.
    #[serde(borrow)]
    vocab: Words<'a>,
    /// For each vocabulary word, the entries holding it and where; bodies have none.
    #[serde(borrow)]
    postings: Lists<'a, Posting>,
    /// Near misspellings, among the vocabulary words a misspelling may lead to.
    #[serde(borrow)]
    typos: TypoIndex<'a>,
    /// Vocabulary words by their root ([`text::root`]): the forms and spellings of a word.
    #[serde(borrow)]
    roots: WordMap<'a, u32>,
    /// The family map: vocabulary words by the roots of their relatives ([`text::relatives`])
    /// that are not their own root: a word's other spelling ("dueling" finds "duelling")
    /// and the words derived from or to it that the content holds ("encumb" finds
    /// "encumbrance"). Built from the content, so it holds only families the content has.
    #[serde(borrow)]
    families: WordMap<'a, (u32, How)>,
    /// Docs by the first letter of their name, for subsequence matching.
    by_initial: HashMap<char, Vec<u32>>,
    /// Docs in the order of their ids, to find one by halves.
    #[serde(borrow)]
    by_id: Nums<'a, u32>,
}

impl SearchIndex<'static> {
    /// Indexes `docs`; `body_words` are the words of their bodies (from the FTS index).
    pub fn build(docs: Vec<IndexDoc>, body_words: impl IntoIterator<Item = String>) -> SearchIndex<'static> {
        let mut systems: Vec<String> = Vec::new();
        let mut occurrences: HashMap<String, Vec<(u32, Field)>> = HashMap::default();
        let mut out_docs = Docs::default();
        let mut by_initial: HashMap<char, Vec<u32>> = HashMap::default();
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
            for t in &d.terms {
                add(t, Field::Terms);
            }
            let name_norm = text::normalize(&d.name);
            if let Some(c) = name_norm.chars().next() {
                by_initial.entry(c).or_default().push(i);
            }
            out_docs.push(NewDoc {
                mask: letter_mask(&name_norm),
                name_root: text::rooted(&d.name),
                aliases_root: d.aliases.iter().map(|a| text::rooted(a)).collect(),
                aliases_norm: d.aliases.iter().map(|a| text::normalize(a)).collect(),
                name_norm,
                system,
                id: d.id,
                name: d.name,
                kind: d.kind,
                summary: d.summary,
                pack: d.pack,
            });
        }
        // Body words come most frequent first; remember that order for the typo budget.
        let mut body_rank: HashMap<String, u32> = HashMap::default();
        for (rank, w) in body_words.into_iter().enumerate() {
            body_rank.entry(w.clone()).or_insert(rank as u32);
            occurrences.entry(w).or_default();
        }
        let mut vocab: Vec<(String, Vec<(u32, Field)>)> = occurrences.into_iter().collect();
        vocab.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let (vocab, mut postings): (Vec<String>, Vec<Vec<(u32, Field)>>) = vocab.into_iter().unzip();
        for p in &mut postings {
            p.sort_unstable();
            p.dedup();
        }
        let typo_targets = typo_words(&vocab, &postings, &body_rank);
        let mut roots: HashMap<String, Vec<u32>> = HashMap::default();
        for (i, w) in vocab.iter().enumerate() {
            roots.entry(text::root(w)).or_default().push(i as u32);
        }
        let families = families(&vocab, &postings, &roots).into_iter().collect();
        let mut by_id: Vec<u32> = (0..out_docs.len() as u32).collect();
        by_id.sort_unstable_by(|&a, &b| out_docs.get(a as usize).id().cmp(out_docs.get(b as usize).id()));
        let by_id = by_id.into_iter().collect();
        let typos = TypoIndex::build_some(&vocab, &typo_targets);
        let mut index = SearchIndex {
            docs: out_docs,
            systems,
            vocab: vocab.iter().map(String::as_str).collect(),
            postings: postings.iter().map(|p| p.iter().map(|&(doc, field)| Posting::new(doc, field))).collect(),
            typos,
            roots: roots.into_iter().collect(),
            families,
            by_initial,
            by_id,
        };
        // Built for searching many times (the app, the table, a command with no kept copy
        // to read): a few thousand hashes now are less than the comparisons they save.
        index.hash_keys();
        index
    }
}

impl<'a> SearchIndex<'a> {
    /// Finds a word's forms and family by hash from now on: for a process that searches
    /// many times, once it has read the index back ([`SearchIndex::from_bytes`] leaves
    /// them to be found by halves, which a one-off search is quicker with).
    pub fn hash_keys(&mut self) {
        self.roots.hash_keys();
        self.families.hash_keys();
    }

    /// The index as bytes, to keep ([`SearchIndex::from_bytes`] reads them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("plain data serializes")
    }

    /// An index kept by [`SearchIndex::to_bytes`], searched where `bytes` lie; `None`
    /// when they do not read back as a consistent index ([`SearchIndex::consistent`]), so
    /// it is built again.
    pub fn from_bytes(bytes: &'a [u8]) -> Option<SearchIndex<'a>> {
        let index: SearchIndex = postcard::from_bytes(bytes).ok()?;
        index.consistent().then_some(index)
    }

    /// Whether every stored position points inside the index: a kept copy that is not
    /// must not be searched (it would panic). The words' order and their ends are not
    /// checked: its checksum held, and a word out of place is only not found (each
    /// accessor reads a position it cannot make sense of as empty).
    fn consistent(&self) -> bool {
        let (docs, words) = (self.docs.len(), self.vocab.len());
        // A posting is its entry's position above two bits, a word of the family map its
        // position above one.
        self.postings.len() == words
            && self.postings.items().all_below(docs << 2)
            && self.docs.whole(self.systems.len())
            && self.roots.whole()
            && self.roots.items().all_below(words)
            && self.families.whole()
            && self.families.items().all_below(words << 1)
            && self.by_initial.values().flatten().all(|&d| (d as usize) < docs)
            && self.by_id.len() == docs
            && self.by_id.all_below(docs)
            && self.typos.fits(words)
    }

    pub fn len(&self) -> usize {
        self.docs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    pub fn doc(&self, i: u32) -> Shown<'_> {
        let d = self.docs.get(i as usize);
        Shown {
            id: d.id(),
            name: d.name(),
            kind: d.kind(),
            system: &self.systems[usize::from(d.system())],
            summary: d.summary(),
            pack: d.pack(),
        }
    }

    /// The vocabulary words a query word stands for: itself, words it begins (when the
    /// user may still be typing it), its other forms and spellings, and, when it has
    /// none of those, near misspellings.
    pub fn expand(&self, word: &str, allow_prefix: bool) -> Vec<(u32, How)> {
        let mut out = Vec::new();
        let start = self.vocab.lower_bound(word);
        if start < self.vocab.len() && self.vocab.get(start) == word {
            out.push((start as u32, How::Exact));
        }
        if allow_prefix {
            let from = if out.is_empty() { start } else { start + 1 };
            out.extend(
                (from..self.vocab.len())
                    .map(|i| self.vocab.get(i))
                    .take_while(|v| v.starts_with(word))
                    .take(MAX_PREFIX_EXPANSION)
                    .enumerate()
                    .map(|(k, _)| ((from + k) as u32, How::Prefix)),
            );
        }
        let exact = out.first().is_some_and(|&(_, how)| how == How::Exact);
        let before = out.len();
        let mut add = |id: u32, how: How| {
            if !out.iter().any(|&(known, _)| known == id) {
                out.push((id, how));
            }
        };
        let root = text::root(word);
        for id in self.roots.get(&root) {
            add(id, How::Stem);
        }
        for (id, how) in self.families.get(&root) {
            add(id, how);
        }
        // Its irregular forms that the content holds ("freeze" finds Frozen); the content's
        // words' irregular forms ("burnt" for Burning) are in the family map.
        for form in text::irregular_forms_of_query_word(word) {
            for id in self.roots.get(&text::root(&form)) {
                add(id, How::Stem);
            }
        }
        if !self.titled(word) {
            // A word no title holds in any form: its relatives are looked up as the
            // family map was built from the content's words ("duellist", which only a
            // text holds, finds "duelist" and the Duel Arcane).
            for (key, relation) in text::relatives(word) {
                let how = if relation == Relation::Spelling { How::Stem } else { How::Family };
                for id in self.roots.get(&key) {
                    add(id, how);
                }
            }
        }
        // A word whose stem is itself a word of the index ("tiredness" → "tired") also
        // finds that word's forms ("tired" → "tire": Tired).
        let stem_of_stem = text::root(&root);
        if stem_of_stem != root && self.vocab.find(&root).is_some() {
            for id in self.roots.get(&stem_of_stem) {
                add(id, How::Stem);
            }
        }
        // A word of its family is not proof of what was meant ("encumberance" is a
        // misspelt "encumbrance" more than a relative of "encumbered").
        let stems = out[before..].iter().any(|&(_, how)| how == How::Stem);
        // A word with another form in the vocabulary is taken as meant ("wounded" is
        // Wounds, not a misspelt "grounded"); so is a word that is itself in it, in a
        // title or a text ("near" is not a misspelt "fear", nor "sunder" "under": issue 76).
        if !stems && !exact {
            out.extend(
                self.typos
                    .lookup(word, |id| self.vocab.get(id as usize))
                    .into_iter()
                    .map(|(id, d)| (id, How::Typo(d as u8))),
            );
        }
        out
    }

    /// The vocabulary words the query's word at `i` stands for: [`SearchIndex::expand`]'s,
    /// and those of the documents' words an everyday phrase means ([`Query::also`]), as
    /// another form of it (a phrase's own words say less than the phrase: "next" in "next
    /// to me" is no Next, so a phrase of several words stands only for what it means).
    pub fn expand_word(&self, q: &Query, i: usize, allow_prefix: bool) -> Vec<(u32, How)> {
        let (w, also) = (&q.words[i], q.also(i));
        let mut out = if w.contains(' ') { Vec::new() } else { self.expand(w, allow_prefix) };
        for meant in also {
            for (id, how) in self.expand(meant, false) {
                if matches!(how, How::Typo(_)) || out.iter().any(|&(known, _)| known == id) {
                    continue;
                }
                out.push((id, how.max(How::Stem)));
            }
        }
        out
    }

    /// Whether some word of the index (of a title or a text) begins with `prefix`.
    pub fn begins_a_word(&self, prefix: &str) -> bool {
        let at = self.vocab.lower_bound(prefix);
        at < self.vocab.len() && self.vocab.get(at).starts_with(prefix)
    }

    pub fn word(&self, id: u32) -> &str {
        self.vocab.get(id as usize)
    }

    /// `q` with each word the index holds in no form, but which is two words of its titles
    /// written together, written apart: "fireballs" as "fire balls" (Fire Ball),
    /// "longsword" as "long sword" (Sword, Long).
    pub fn apart(&self, mut q: Query) -> Query {
        if q.words.iter().all(|w| self.split(w).is_none()) {
            return q;
        }
        let (mut words, mut also) = (Vec::new(), Vec::new());
        for (i, w) in q.words.iter().enumerate() {
            let a = q.also(i).to_vec();
            match self.split(w) {
                Some((x, y)) => {
                    words.extend([x, y]);
                    also.extend([a.clone(), a]);
                    q.halves.push(words.len() - 1);
                }
                None => {
                    words.push(w.clone());
                    also.push(a);
                }
            }
        }
        (q.words, q.also) = (words, also);
        q
    }

    /// The two title words `word` is written together from, each of three letters or more;
    /// of several ways to cut it, the most even.
    fn split(&self, word: &str) -> Option<(String, String)> {
        let chars: Vec<char> = word.chars().collect();
        if chars.len() < 6 || !chars.iter().all(|c| c.is_alphabetic()) || self.knows(word) {
            return None;
        }
        // A word a text holds is cut only where a name or alias holds its halves side by
        // side ("fireballs" is Fire Ball's); "doorway" is in a rule, and no door and way.
        let held = self.vocab.find(word).is_some();
        (3..=chars.len() - 3)
            .map(|at| (chars[..at].iter().collect::<String>(), chars[at..].iter().collect::<String>()))
            .filter(|(a, b)| self.titled(a) && self.titled(b))
            .filter(|(a, b)| !held || self.named_together(a, b))
            .max_by_key(|(a, b)| a.len().min(b.len()))
    }

    /// Whether some entry's name or alias holds `a` and `b` side by side, in either order
    /// and in any form ("sword" and "long" in Sword, Long).
    fn named_together(&self, a: &str, b: &str) -> bool {
        let (a, b) = (text::root(a), text::root(b));
        let pairs = [format!("{a} {b}"), format!("{b} {a}")];
        let holds = |text: &str| {
            pairs.iter().any(|p| {
                text.match_indices(p.as_str()).any(|(at, _)| {
                    let end = at + p.len();
                    (at == 0 || text.as_bytes()[at - 1] == b' ') && (end == text.len() || text.as_bytes()[end] == b' ')
                })
            })
        };
        (0..self.docs.len()).any(|i| {
            let d = self.docs.get(i);
            holds(d.name_root()) || d.aliases_root().any(&holds)
        })
    }

    /// Whether a title holds `word` in some form: as it is, by its root or in a family (a
    /// word bodies alone hold is still cut: the entries are found by their titles).
    fn knows(&self, word: &str) -> bool {
        let root = text::root(word);
        self.titled(word) || self.families.get(&root).iter().any(|(i, _)| !self.postings.get(i as usize).is_empty())
    }

    /// Whether a form of `word` names, aliases or describes an entry.
    fn titled(&self, word: &str) -> bool {
        self.roots.get(&text::root(word)).iter().any(|i| !self.postings.get(i as usize).is_empty())
    }

    /// The best `limit` entries whose name, aliases, summary or document terms match
    /// every word.
    ///
    /// Names and aliases are searched first; summaries only when those give fewer than
    /// `limit` results (they would rank below them anyway), and terms after those. A single letter matches an alias that is that letter first ("(T)"), then
    /// names that start with it.
    pub fn search_titles(&self, q: &Query, limit: usize) -> TitleMatches {
        if let [w] = q.words.as_slice() {
            if w.chars().count() == 1 {
                return self.search_initial(q, w, limit);
            }
        }
        let found = self.search_fields(q, limit, Field::Alias);
        if found.total >= limit {
            return found;
        }
        let found = self.search_fields(q, limit, Field::Summary);
        if found.total >= limit {
            return found;
        }
        self.search_fields(q, limit, Field::Terms)
    }

    fn search_initial(&self, q: &Query, w: &str, limit: usize) -> TitleMatches {
        let system = q.system.as_ref().map(|s| self.systems.iter().position(|x| x == s).map(|p| p as u16));
        let first = w.chars().next().expect("one letter");
        let mut hits: Vec<TitleHit> = self
            .by_initial
            .get(&first)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter(|&&i| {
                let d = self.docs.get(i as usize);
                system.is_none_or(|s| s == Some(d.system())) && q.kind.is_none_or(|k| d.kind() == k)
            })
            .map(|&doc| {
                let d = self.docs.get(doc as usize);
                let name_norm = d.name_norm();
                let base = if name_norm == w { 1000 } else { 900 };
                TitleHit { doc, score: base - (name_norm.len() as i64).min(40) / 8, field: Field::Name, held: 0 }
            })
            .collect();
        // An alias that is the letter itself ("(T)" for Traits) is what was typed, whole:
        // it comes before the names that only begin with it (issue 76).
        let start = self.vocab.lower_bound(w);
        if start < self.vocab.len() && self.vocab.get(start) == w {
            for p in self.postings.get(start) {
                let (doc, d) = (p.doc(), self.docs.get(p.doc() as usize));
                if p.field() != Field::Alias
                    || system.is_some_and(|s| s != Some(d.system()))
                    || q.kind.is_some_and(|k| d.kind() != k)
                    || !d.aliases_norm().any(|a| a == w)
                {
                    continue;
                }
                hits.retain(|h| h.doc != doc);
                hits.push(TitleHit { doc, score: 1000, field: Field::Alias, held: 0 });
            }
        }
        let total = hits.len();
        self.top(&mut hits, limit);
        TitleMatches { hits, total, words: vec![(w.to_string(), How::Prefix)] }
    }

    fn search_fields(&self, q: &Query, limit: usize, max_field: Field) -> TitleMatches {
        let n = q.words.len();
        if n == 0 {
            return TitleMatches::default();
        }
        let Some(system) = self.system_filter(q) else { return TitleMatches::default() };
        let allowed = |d: Doc| system.is_none_or(|s| d.system() == s) && q.kind.is_none_or(|k| d.kind() == k);

        // Per-entry scratch ([`Tally`]), kept by the thread between searches: made or
        // cleared at the index's size for each search, it cost more than the search at
        // 100,000 entries; a tally from an earlier search is told by its stamp.
        TALLIES.with_borrow_mut(|t| {
            t.stamp = t.stamp.wrapping_add(1);
            if t.stamp == 0 || t.of.len() < self.docs.len() {
                t.of.clear();
                t.of.resize(self.docs.len(), Tally::default());
                t.stamp = 1;
            }
            self.tally_fields(q, limit, max_field, allowed, t.stamp, &mut t.of)
        })
    }

    /// [`SearchIndex::search_fields`]'s walk of each word's entries, with `tallies` (one
    /// per entry, those not of `stamp` left from earlier searches).
    fn tally_fields(
        &self,
        q: &Query,
        limit: usize,
        max_field: Field,
        allowed: impl Fn(Doc) -> bool,
        stamp: u32,
        tallies: &mut [Tally],
    ) -> TitleMatches {
        let n = q.words.len();
        let mut alive: Vec<u32> = Vec::new();
        let mut words = Vec::new();
        // Function words ("out" in "knocked out") come last and may be missing, at a
        // cost; unless the query is nothing else.
        let function_words = q.words.iter().filter(|w| text::is_function_word(w)).count();
        let optional = |w: &str| function_words < n && text::is_function_word(w);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| optional(&q.words[i]));
        for (done, &i) in order.iter().enumerate() {
            let w = &q.words[i];
            let allow_prefix = i + 1 == n && (q.last_is_prefix || w.chars().count() >= 3);
            let expansions = self.expand_word(q, i, allow_prefix);
            let mut touched: Vec<u32> = Vec::new();
            for &(vid, how) in &expansions {
                let penalty = word_penalty(w, how);
                for posting in self.postings.get(vid as usize) {
                    let (doc, field) = (posting.doc(), posting.field());
                    let t = &mut tallies[doc as usize];
                    let matched = if t.stamp == stamp { t.matched } else { 0 };
                    if field > max_field || matched as usize != done || !allowed(self.docs.get(doc as usize)) {
                        continue;
                    }
                    if t.stamp != stamp {
                        *t = Tally { stamp, ..Tally::default() };
                    }
                    let cand = (field as u32) << 16 | penalty;
                    if t.best == Tally::NONE {
                        touched.push(doc);
                    }
                    t.best = t.best.min(cand);
                }
            }
            for &doc in &touched {
                let t = &mut tallies[doc as usize];
                t.matched += 1;
                t.worst = t.worst.max((t.best >> 16) as u8);
                t.penalty += t.best & 0xffff;
                t.best = Tally::NONE;
            }
            words.extend(expansions.iter().map(|&(id, how)| (self.vocab.get(id as usize).to_string(), how)));
            if optional(w) {
                // Entries without it stay, a little lower than those with it.
                for &doc in &alive {
                    let t = &mut tallies[doc as usize];
                    if t.matched as usize == done {
                        t.matched += 1;
                        t.penalty += MISSING_FUNCTION_WORD;
                        touched.push(doc);
                    }
                }
            }
            alive = touched;
            if alive.is_empty() {
                break;
            }
        }

        let phrase = q.phrase();
        let phrase_root = text::rooted(&phrase);
        let short_phrase = short(&phrase);
        let mut hits: Vec<TitleHit> = alive
            .into_iter()
            .filter(|&doc| tallies[doc as usize].matched as usize == n)
            .map(|doc| {
                let d = self.docs.get(doc as usize);
                let field = match tallies[doc as usize].worst {
                    0 => Field::Name,
                    1 => Field::Alias,
                    2 => Field::Summary,
                    _ => Field::Terms,
                };
                let name_norm = d.name_norm();
                let (base, field) = if name_norm == phrase {
                    (1000, Field::Name)
                } else if name_norm.strip_prefix(&phrase).is_some_and(|rest| rest.starts_with(' ')) {
                    // The name begins with every word typed, whole ("sword" → Sword,
                    // Long): above another entry's alias that is exactly the query.
                    (955, Field::Name)
                } else if d.aliases_norm().any(|a| a == phrase) {
                    (950, Field::Alias)
                } else if d.name_root() == phrase_root {
                    // The name in another form or spelling ("armour" for Armor).
                    (940, Field::Name)
                } else if d.aliases_root().any(|a| a == phrase_root) {
                    (910, Field::Alias)
                } else if !short_phrase && name_norm.starts_with(&phrase) {
                    (900, Field::Name)
                } else if !short_phrase && d.aliases_norm().any(|x| x.starts_with(&phrase)) {
                    (860, Field::Alias)
                } else {
                    let base = match field {
                        Field::Name => 800,
                        Field::Alias => 740,
                        Field::Summary => 400,
                        // Below Tome's own words, above its body text (100–199).
                        Field::Terms => 300,
                    };
                    (base, field)
                };
                let score = base - 10 * i64::from(tallies[doc as usize].penalty) - (name_norm.len() as i64).min(40) / 8;
                TitleHit { doc, score, field, held: 0 }
            })
            .collect();
        let total = hits.len();
        self.top(&mut hits, limit);
        TitleMatches { hits, total, words }
    }

    /// Entries that match some words of a several-word query but not all of them
    /// ("scale mail" → Metal Scale), for when the entries matching every word are
    /// fewer than wanted. Each matched word counts by how rare it is (an entry with the
    /// rarer word in its name is not pushed out by ones with a common word) and by the
    /// field it is in. They rank below every entry whose title holds all the words; and
    /// below text holding them all unless they hold most of them.
    pub fn search_partial(&self, q: &Query, skip: &[u32], limit: usize) -> TitleMatches {
        if q.words.len() < 2 {
            return TitleMatches::default();
        }
        let Some(system) = self.system_filter(q) else { return TitleMatches::default() };
        let docs = self.docs.len().max(1) as f64;
        // Per entry: the summed weight, its best field, how many words it holds, and how
        // many of them are not common.
        let mut found: HashMap<u32, (f64, Field, u64)> = HashMap::default();
        let mut words = Vec::new();
        // A question's own words ("how", "can I") say nothing of which entry is meant:
        // entries are counted by the other words they hold (issue 76).
        let said: Vec<usize> = (0..q.words.len()).filter(|&i| !text::is_function_word(&q.words[i])).collect();
        let counted: Vec<usize> = if said.is_empty() { (0..q.words.len()).collect() } else { said };
        // Each word's expansions and how many entries hold it; the rarer words first, so a
        // word most entries hold only adds to the entries the others found.
        // (The word's place in the query, its expansions, how many entries hold them.)
        type Looked = (usize, Vec<(u32, How)>, usize);
        let mut looked: Vec<Looked> = counted
            .iter()
            .map(|&i| {
                let expansions = self.expand_word(q, i, false);
                let holders = expansions.iter().map(|&(vid, _)| self.postings.get(vid as usize).len()).sum();
                (i, expansions, holders)
            })
            .collect();
        // A word no text holds in any form, nor one a misspelling of ("dunked", a game's
        // "somatic"), tells nothing of which entry is meant: entries are counted by the
        // words some text holds (unless none does).
        if looked.iter().any(|(_, expansions, _)| !expansions.is_empty()) {
            looked.retain(|(_, expansions, _)| !expansions.is_empty());
        }
        looked.sort_by_key(|&(_, _, holders)| holders);
        let common = |holders: usize| holders as f64 > docs / 10.0 && docs > 100.0;
        for &(at, ref expansions, holders) in &looked {
            // A word most entries hold says nothing about which one is meant: it counts for
            // the entries the rarer words found, and finds none of its own (issue 76:
            // "player" in "player dies on the next wound" still counts for Fragile).
            let common = common(holders);
            // The word's best field in each entry.
            let mut best: HashMap<u32, (Field, How)> = HashMap::default();
            // A common word is looked up for the entries already found, not walked: at
            // 100,000 entries its list is most of the index, the rarer words' finds far
            // fewer (issue 76's bench). The rarer words come first, so these are every
            // entry it can count for.
            let mut wanted: Vec<u32> = if common { found.keys().copied().collect() } else { Vec::new() };
            wanted.sort_unstable();
            for &(vid, how) in expansions {
                let list = self.postings.get(vid as usize);
                let mut add = |doc: u32, field: Field| {
                    let entry = best.entry(doc).or_insert((field, how));
                    *entry = (*entry).min((field, how));
                };
                if common {
                    let mut at = 0;
                    for &doc in &wanted {
                        at = seek(list, at, doc);
                        // A list is ordered by entry, then field: the entry's first is its best.
                        if let Some(p) = list.get(at).filter(|p| p.doc() == doc) {
                            add(doc, p.field());
                        }
                    }
                } else {
                    for p in list {
                        add(p.doc(), p.field());
                    }
                }
            }
            let rarity = (docs / holders.max(1) as f64).ln().max(0.1);
            for (doc, (field, how)) in best {
                let d = self.docs.get(doc as usize);
                if skip.contains(&doc)
                    || system.is_some_and(|s| d.system() != s)
                    || q.kind.is_some_and(|k| d.kind() != k)
                {
                    continue;
                }
                let in_field = match field {
                    Field::Name => 3.0,
                    Field::Alias => 2.0,
                    Field::Summary => 1.0,
                    Field::Terms => 0.5,
                };
                let exactness = match how {
                    How::Exact | How::Prefix => 1.0,
                    How::Stem => 0.8,
                    How::Family => 0.7,
                    How::Typo(_) => 0.5,
                };
                let entry = found.entry(doc).or_insert((0.0, field, 0));
                entry.0 += rarity * in_field * exactness;
                entry.1 = entry.1.min(field);
                entry.2 |= 1 << at.min(63);
            }
            words.extend(expansions.iter().map(|&(id, how)| (self.vocab.get(id as usize).to_string(), how)));
        }
        // A word typed together ("fireball", read as "fire ball": [`SearchIndex::apart`])
        // is one of the words said: an entry holds it when it holds both halves, and it
        // counts once (issue 76: Fire Ball held "most" of "a fireball wrecked my armor").
        let unit = |i: usize| if i > 0 && q.second_half(i) && counted.contains(&(i - 1)) { i - 1 } else { i };
        let n = counted.iter().filter(|&&i| unit(i) == i).count();
        // The words looked up, by unit: their bits in an entry's mask, and whether one of
        // them is rare.
        let mut units: Vec<(usize, u64, bool)> = Vec::new();
        for &(at, _, holders) in &looked {
            let (u, bit) = (unit(at), 1u64 << at.min(63));
            match units.iter_mut().find(|(k, ..)| *k == u) {
                Some(known) => (known.1, known.2) = (known.1 | bit, known.2 || !common(holders)),
                None => units.push((u, bit, !common(holders))),
            }
        }
        let rare_n = units.iter().filter(|&&(.., rare)| rare).count();
        let phrase_root = text::rooted(&q.phrase());
        // In a query of two words, one that is a name ("sword" in "long sword") says less
        // than the entries holding it in a longer name: a name within it must be longer.
        let said = n;
        let shortest_name = if said >= 3 { 1 } else { 2 };
        let mut hits: Vec<TitleHit> = found
            .into_iter()
            .map(|(doc, (w, field, mask))| {
                let holds = |&&(_, bits, _): &&(usize, u64, bool)| mask & bits == bits;
                let held = units.iter().filter(holds).count();
                let rare_held = units.iter().filter(holds).filter(|&&(.., rare)| rare).count();
                // Below every entry whose title holds every word (300 and up). One
                // holding most of the words ("leather scale" of "leather scale armour")
                // is above text holding them all (100–199), from [`PARTIAL_MOST`] to
                // 399; one holding fewer is below it (1–99), those whose whole name or
                // alias the query holds first ("drowning" in "my character is drowning
                // in the river"): a word of a longer query that names an entry is not
                // proof enough to rank it above text that holds every word.
                // Whether it holds most of the words is told by the rarer ones: common
                // words only order the entries (a heading holding "damage" and
                // "duration" is not most of "psychic damage arcanum duration").
                // Above text holding every word only by its name or an alias: a summary
                // holding most of them is less than a text holding them all.
                let (base, room, step): (i64, i64, i64) = if 2 * rare_held > rare_n && field <= Field::Alias {
                    (PARTIAL_MOST, 199, 40)
                } else if 2 * rare_held > rare_n
                    || self.docs.get(doc as usize).named_within(&phrase_root, shortest_name)
                {
                    (PARTIAL_NAMED.into(), 49, 10)
                } else {
                    (1, 48, 10)
                };
                // First how many of the words it holds, then how well and where (issue
                // 76: Fragile, holding three of four words, above Dying, named by one).
                let each = w / held.max(1) as f64 * step as f64 / 20.0;
                let within = (step * held as i64).min(room + 1 - step) + (each as i64).clamp(0, step - 1);
                TitleHit { doc, score: base + within.min(room), field, held: held.min(255) as u8 }
            })
            .collect();
        let total = hits.len();
        self.top(&mut hits, limit);
        TitleMatches { hits, total, words }
    }

    /// Entries whose name holds the query's letters in order ("lbolt" → Lightning Bolt),
    /// for queries the word matching missed. Only names starting with the query's first
    /// letter and holding all its letters are scored.
    pub fn search_subsequence(&self, q: &Query, skip: &[u32], limit: usize) -> Vec<TitleHit> {
        let joined: String = q.words.concat().split_whitespace().collect();
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
                let d = self.docs.get(i as usize);
                if d.mask() & mask != mask
                    || system.is_some_and(|s| d.system() != s)
                    || q.kind.is_some_and(|k| d.kind() != k)
                {
                    return None;
                }
                let s = matcher.fuzzy_match(d.name_norm(), &joined)?;
                // Skim rewards consecutive runs and word starts; a scatter of single
                // letters scores low and is not a match worth showing.
                (s >= 20 * joined.chars().count() as i64).then_some(TitleHit {
                    doc: i,
                    score: 500 + s.min(400) / 4,
                    field: Field::Name,
                    held: 0,
                })
            })
            .collect();
        self.top(&mut hits, limit);
        hits
    }

    /// Keeps the best `limit` hits, in order: best score first; ties by shorter name,
    /// then name, then id, so the order is stable.
    fn top(&self, hits: &mut Vec<TitleHit>, limit: usize) {
        // Each hit's key read once: a sort compares each hit many times.
        let mut keyed: Vec<(TitleHit, usize, &str, &str)> = hits
            .drain(..)
            .map(|h| {
                let d = self.docs.get(h.doc as usize);
                (h, d.name_norm().len(), d.name(), d.id())
            })
            .collect();
        let order = |a: &(TitleHit, usize, &str, &str), b: &(TitleHit, usize, &str, &str)| {
            b.0.score.cmp(&a.0.score).then(a.1.cmp(&b.1)).then(a.2.cmp(b.2)).then(a.3.cmp(b.3))
        };
        if keyed.len() > limit && limit > 0 {
            keyed.select_nth_unstable_by(limit - 1, order);
            keyed.truncate(limit);
        }
        keyed.sort_by(order);
        hits.extend(keyed.into_iter().map(|(h, ..)| h));
    }

    /// The query's system as the index numbers it: `Some(None)` for any system, `None`
    /// for a system the index does not hold (nothing can match).
    fn system_filter(&self, q: &Query) -> Option<Option<u16>> {
        match &q.system {
            Some(s) => self.systems.iter().position(|x| x == s).map(|p| Some(p as u16)),
            None => Some(None),
        }
    }

    /// The index position of an entry id.
    pub fn position(&self, id: &str) -> Option<u32> {
        let (mut lo, mut hi) = (0, self.by_id.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.by_id.get(mid) {
                Some(d) if self.docs.get(d as usize).id() < id => lo = mid + 1,
                _ => hi = mid,
            }
        }
        self.by_id.get(lo).filter(|&d| self.docs.get(d as usize).id() == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posting_gives_back_its_entry_and_field() {
        for field in [Field::Name, Field::Alias, Field::Summary, Field::Terms] {
            for doc in [0, 1, 99_999, (1 << 30) - 1] {
                let p = Posting::new(doc, field);
                assert_eq!((p.doc(), p.field()), (doc, field));
            }
        }
    }

    #[test]
    fn seeking_an_entry_lands_where_walking_to_it_does() {
        // Entries with one to three fields, gaps between them, of every length up to 40:
        // a common word's lookups must find what walking its list finds (issue 76).
        for len in 0..40u32 {
            let postings: Vec<Posting> = (0..len)
                .flat_map(|i| {
                    (0..=i % 3).map(move |f| Posting::new(3 * i, [Field::Name, Field::Alias, Field::Terms][f as usize]))
                })
                .collect();
            let lists: Lists<'static, Posting> = std::iter::once(postings.clone()).collect();
            let list = lists.get(0);
            for from in 0..=postings.len() {
                for doc in 0..3 * len + 2 {
                    let walked = from + postings[from..].iter().take_while(|p| p.doc() < doc).count();
                    assert_eq!(seek(list, from, doc), walked, "{len} entries, from {from}, entry {doc}");
                }
            }
        }
    }

    fn index() -> SearchIndex<'static> {
        let doc = |id: &str, name: &str| IndexDoc {
            id: id.into(),
            name: name.into(),
            kind: Kind::Rule,
            system: "s".into(),
            aliases: vec![],
            summary: "a short summary".into(),
            terms: vec![],
            pack: None,
        };
        SearchIndex::build(vec![doc("s/rule/fatigue", "Fatigue"), doc("s/rule/wounds", "Wounds")], ["body".into()])
    }

    #[test]
    fn a_kept_index_reads_back_whole_and_a_cut_one_not_at_all() {
        let bytes = index().to_bytes();
        let back = SearchIndex::from_bytes(&bytes).expect("reads back");
        assert_eq!(back.len(), 2);
        assert_eq!(back.expand("fatgue", false).len(), 1, "its misspelling lookup works");
        for cut in [0, 1, bytes.len() / 2, bytes.len() - 1] {
            assert!(SearchIndex::from_bytes(&bytes[..cut]).is_none(), "cut at {cut}");
        }
    }

    #[test]
    fn a_kept_index_answers_as_the_one_it_was_built_from() {
        let doc = |id: &str, name: &str, aliases: &[&str]| IndexDoc {
            id: id.into(),
            name: name.into(),
            kind: Kind::Rule,
            system: "s".into(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            summary: "what happens when armour is worn while duelling".into(),
            terms: vec!["encumbered".into()],
            pack: None,
        };
        let built = SearchIndex::build(
            vec![
                doc("s/rule/fatigue", "Fatigue", &["tiredness"]),
                doc("s/rule/wounds", "Wounds", &[]),
                doc("s/rule/encumbrance", "Encumbrance", &["load"]),
                doc("s/rule/armor", "Armor", &[]),
            ],
            ["body".into(), "sword".into(), "swordsman".into()],
        );
        let bytes = built.to_bytes();
        let kept = SearchIndex::from_bytes(&bytes).expect("reads back");
        for word in ["fatigue", "fatgue", "wound", "armour", "encumbered", "dueling", "sw", "tired", "zzz"] {
            assert_eq!(kept.expand(word, true), built.expand(word, true), "{word}");
            let q = Query::parse(word);
            let (a, b) = (kept.search_titles(&q, 10), built.search_titles(&q, 10));
            assert_eq!((a.hits, a.total, a.words), (b.hits, b.total, b.words), "{word}");
        }
        for id in ["s/rule/armor", "s/rule/fatigue", "s/rule/none", ""] {
            assert_eq!(kept.position(id), built.position(id), "{id}");
        }
        assert_eq!(kept.position("s/rule/wounds"), Some(1));
    }

    /// An index like the shipped one in shape: entries with aliases, summaries, terms and
    /// a pack, words of every kind the maps hold.
    fn varied_index() -> SearchIndex<'static> {
        let names = ["Fatigue", "Wounds", "Encumbrance", "Armor, Leather", "Sword, Long", "Lightning Bolt", "Épée"];
        let docs = names
            .iter()
            .enumerate()
            .map(|(i, name)| IndexDoc {
                id: format!("s{}/rule/{i}", i % 2),
                name: (*name).into(),
                kind: if i % 3 == 0 { Kind::Rule } else { Kind::Weapon },
                system: format!("s{}", i % 2),
                aliases: if i % 2 == 0 { vec!["tiredness".into(), format!("alias {i}")] } else { vec![] },
                summary: "what happens when armour is worn while duelling, stunned or encumbered".into(),
                terms: vec!["encumbered".into(), "burnt".into()],
                pack: (i == 3).then(|| "brew".into()),
            })
            .collect();
        SearchIndex::build(docs, ["body", "sword", "swordsman", "lightning", "knives"].map(String::from))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// A kept copy is searched where it lies, and only its positions are checked when
        /// it is read back (its checksum vouches for the rest): whatever bytes are
        /// changed, it reads back or is refused, and a search of what reads back answers
        /// without panicking or hanging.
        #[test]
        fn a_damaged_kept_index_is_refused_or_searched_without_panicking(
            changes in proptest::collection::vec((proptest::prelude::any::<proptest::sample::Index>(), proptest::prelude::any::<u8>()), 1..12),
            cut in proptest::prelude::any::<proptest::sample::Index>(),
            cut_it in proptest::prelude::any::<bool>(),
        ) {
            let mut bytes = varied_index().to_bytes();
            for (at, value) in changes {
                let at = at.index(bytes.len());
                bytes[at] = value;
            }
            if cut_it {
                bytes.truncate(cut.index(bytes.len()));
            }
            if let Some(kept) = SearchIndex::from_bytes(&bytes) {
                for query in ["fatigue", "fatgue", "armour leather", "sw", "l", "lbolt", "encumbered stunned", "épée"] {
                    let q = Query::parse(query);
                    let found = kept.search_titles(&q, 10);
                    for h in &found.hits {
                        let shown = kept.doc(h.doc);
                        let _ = (shown.id.len(), shown.name.len(), shown.system.len(), shown.summary.len(), shown.pack);
                    }
                    kept.search_partial(&q, &[], 10);
                    kept.search_subsequence(&q, &[], 10);
                    for w in &q.words {
                        for (id, _) in kept.expand(w, true) {
                            kept.word(id);
                        }
                    }
                    kept.apart(q);
                }
                for id in ["s0/rule/0", "s1/rule/5", ""] {
                    if let Some(at) = kept.position(id) {
                        kept.doc(at);
                    }
                }
            }
        }
    }
}
