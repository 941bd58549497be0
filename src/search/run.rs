//! One search over the title index and the bodies: the title tiers first, then titles
//! holding most of several words, then body text from SQLite's FTS5 index holding every
//! word, then titles and texts holding fewer, by how many they hold; with snippets and
//! marks.

use super::index::{PARTIAL_MOST, PARTIAL_NAMED};
use super::{around, marks, Field, How, Query, SearchIndex, TitleHit};
use crate::error::Result;
use crate::model::SearchHit;
use crate::Kind;

/// How many results a search returns unless asked for another number.
const DEFAULT_LIMIT: usize = 20;
/// The most results one search returns.
const MAX_LIMIT: usize = 500;

/// What a search is limited to.
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    pub system: Option<String>,
    pub kind: Option<Kind>,
    pub limit: Option<usize>,
}

/// A body match from the full-text index.
#[derive(Debug, Clone)]
pub struct BodyMatch {
    pub id: String,
    /// bm25 rank (lower is better).
    pub rank: f64,
    /// The text's row in the full-text index ([`Bodies::body_rows`] gives the same).
    pub row: i64,
}

/// Where body text is searched and read: the database's FTS5 index.
pub trait Bodies {
    /// Entries whose text matches an FTS5 query, best first.
    fn search_bodies(&self, fts_query: &str, filter: &SearchFilter, limit: usize) -> Result<Vec<BodyMatch>>;
    /// The rows of every text matching an FTS5 query (whatever its system or kind), or
    /// `None` when more than `most` do.
    fn body_rows(&self, fts_query: &str, most: usize) -> Result<Option<Vec<i64>>>;
    /// One entry's body text.
    fn entry_body(&self, id: &str) -> Result<String>;
}

/// Searches every entry for `query` (which may carry `sys:`/`kind:` filters), within
/// `filter`.
///
/// # Errors
/// Database errors only: any text is a query.
pub fn run(index: &SearchIndex, db: &dyn Bodies, query: &str, filter: &SearchFilter) -> Result<Vec<SearchHit>> {
    let Some(q) = within(index, query, filter) else { return Ok(Vec::new()) };
    let limit = limit(filter);
    let mut hits = gather(index, db, &q, limit)?;
    // The library's creatures answer a question about them by name; any other question
    // is about a rule, so a creature found by a word of its description comes after the
    // rules ("vampire aggravated damage" is no question about a Vampirism carrier); and
    // when such creatures are all the results, the rules are gathered again past them
    // ("up to one spellcaster" is in the summary of every MLAF team: issue 76).
    let by_description = |h: &SearchHit| h.kind == Kind::Adversary && (h.partial || h.matched != "name");
    let crowding = hits.iter().filter(|h| by_description(h)).count();
    // (Only when they are the whole of a full page: a second gathering costs as much as
    // the first, and a page with a rule on it has left the rules room.)
    if crowding == hits.len() && hits.len() >= limit && limit < MAX_LIMIT {
        // The rules found first keep their order; those found past the creatures follow.
        for h in gather(index, db, &q, (2 * limit).max(limit + crowding).min(MAX_LIMIT))? {
            if !hits.iter().any(|known| known.id == h.id) {
                hits.push(h);
            }
        }
    }
    hits.sort_by_key(by_description);
    hits.truncate(limit);
    Ok(hits)
}

/// [`run`]'s hits for `q`, at most `limit` of them, best first (before the creatures found
/// by their descriptions go after the rules).
fn gather(index: &SearchIndex, db: &dyn Bodies, q: &Query, limit: usize) -> Result<Vec<SearchHit>> {
    let mut found = index.search_titles(q, limit);
    let mut titles = std::mem::take(&mut found.hits);
    if titles.len() < limit {
        let skip: Vec<u32> = titles.iter().map(|h| h.doc).collect();
        titles.extend(index.search_subsequence(q, &skip, limit - titles.len()));
    }
    let mut hits: Vec<SearchHit> = titles.iter().map(|h| title_hit(index, h, &found.words)).collect();

    // Entries whose titles hold only some of several words, the rarer words counting
    // most: those holding most of them come next, the rest after the text matches.
    let mut fewer = Vec::new();
    if hits.len() < limit {
        let skip: Vec<u32> = titles.iter().map(|h| h.doc).collect();
        let partial = index.search_partial(q, &skip, limit - hits.len());
        found.words.extend(partial.words.iter().cloned());
        for h in &partial.hits {
            let mut hit = title_hit(index, h, &partial.words);
            hit.partial = true;
            if h.score >= PARTIAL_MOST {
                hits.push(hit);
            } else {
                fewer.push((hit, usize::from(h.held)));
            }
        }
    }

    // Text that holds every word: an imported section about the whole query ranks above
    // a name holding one of its words.
    let typed: usize = q.words.iter().map(|w| w.chars().count()).sum();
    if hits.len() < limit && typed >= 2 {
        let groups = fts_groups(index, q);
        let body_filter = SearchFilter { system: q.system.clone(), kind: q.kind, limit: None };
        let words = body_words(q, &found.words);
        let mut text = Text { index, db, words: &words, hits: &mut hits, fewer: &mut fewer, limit };
        let asked = limit + text.hits.len();
        let every = db.search_bodies(&groups.join(" AND "), &body_filter, asked)?;
        // The rows of every text holding every word, when that is all of them.
        let every_row: Vec<i64> = if every.len() < asked { every.iter().map(|m| m.row).collect() } else { Vec::new() };
        for m in every {
            if text.hits.len() >= limit {
                break;
            }
            text.add(m)?;
        }
        if groups.len() >= 3 && text.hits.len() < limit {
            text.holding_most(&groups, &body_filter, &every_row)?;
        }
    }
    hits.extend(fewer.into_iter().map(|(h, _)| h).take(limit.saturating_sub(hits.len())));
    Ok(hits)
}

/// The names of the entries whose titles (name, aliases, summary, the document's words)
/// match `query` within `filter`, typo-tolerant as [`run`] ranks them, with no text read:
/// what a "did you mean" offers for a name Tome does not know. A name or alias close to
/// the one typed is what was meant, so when there is one only those are offered ("Stunnd"
/// is Stunned, not the rules whose summaries say "stunned"); else names holding its
/// letters in order, then entries whose summaries or words match, then partial matches.
pub fn names(index: &SearchIndex, query: &str, filter: &SearchFilter) -> Vec<String> {
    let Some(q) = within(index, query, filter) else { return Vec::new() };
    let limit = limit(filter);
    let titles = index.search_titles(&q, limit).hits;
    let (named, described): (Vec<&TitleHit>, Vec<&TitleHit>) =
        titles.iter().partition(|h| matches!(h.field, Field::Name | Field::Alias));
    let mut docs: Vec<u32> = named.iter().map(|h| h.doc).collect();
    if docs.is_empty() {
        docs.extend(index.search_subsequence(&q, &[], limit).iter().map(|h| h.doc));
        for h in described {
            if docs.len() < limit && !docs.contains(&h.doc) {
                docs.push(h.doc);
            }
        }
        if docs.len() < limit {
            let more = index.search_partial(&q, &docs, limit - docs.len());
            docs.extend(more.hits.iter().map(|h| h.doc));
        }
    }
    docs.into_iter().map(|d| index.doc(d).name.to_string()).collect()
}

/// `query` with `filter`'s system and kind, and words written together that the index
/// holds apart written apart ([`SearchIndex::apart`]); `None` when the two disagree or no
/// word is left to look for.
fn within(index: &SearchIndex, query: &str, filter: &SearchFilter) -> Option<Query> {
    let mut q = index.apart(Query::parse(query));
    match (&filter.system, &q.system) {
        (Some(a), Some(b)) if a != b => return None,
        (Some(a), _) => q.system = Some(a.clone()),
        _ => {}
    }
    match (filter.kind, q.kind) {
        (Some(a), Some(b)) if a != b => return None,
        (Some(a), _) => q.kind = Some(a),
        _ => {}
    }
    (!q.words.is_empty()).then_some(q)
}

fn limit(filter: &SearchFilter) -> usize {
    filter.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT)
}

fn title_hit(index: &SearchIndex, h: &TitleHit, words: &[(String, How)]) -> SearchHit {
    let doc = index.doc(h.doc);
    let name_marks = marks(doc.name, words);
    let (snippet, marks) = around(doc.summary, words);
    let matched = match h.field {
        Field::Name => "name",
        Field::Alias => "alias",
        Field::Summary => "summary",
        Field::Terms => "terms",
    };
    SearchHit {
        id: doc.id.to_string(),
        name: doc.name.to_string(),
        kind: doc.kind,
        system: doc.system.to_string(),
        snippet,
        marks: to_u32(marks),
        name_marks: to_u32(name_marks),
        matched: matched.into(),
        score: h.score as f64,
        partial: false,
        pack: doc.pack.map(str::to_string),
    }
}

/// The FTS5 query for each word of `q` asked of the texts: the word as itself or its
/// corrections (and as a prefix when it is the word being typed), function words left
/// out. A text holding every word matches them joined by AND. Words are letters and
/// digits only, so quoting them is enough to keep FTS syntax out.
fn fts_groups(index: &SearchIndex, q: &Query) -> Vec<String> {
    let n = q.words.len();
    // A question's function words are not asked of a text ("can I run away from a
    // fight" asks for a text about running away and fights), unless they are all it has.
    let said = q.words.iter().any(|w| !super::is_function_word(w));
    let asked = |w: &str| !(said && super::is_function_word(w));
    let expanded: Vec<Vec<(u32, How)>> =
        (0..n).map(|i| if asked(&q.words[i]) { index.expand_word(q, i, false) } else { Vec::new() }).collect();
    // Nor is a word no text holds in any form, nor begins ("dunked" in "my hand got dunked
    // in boiling oil"): asked of every text, it would leave none holding the question's
    // other words (issue 76). Unless no word asked is held.
    let unheld: Vec<bool> = (0..n)
        .map(|i| {
            let w = &q.words[i];
            !w.contains(' ') && expanded[i].is_empty() && !(i + 1 == n && index.begins_a_word(w))
        })
        .collect();
    let any_held = q.words.iter().enumerate().any(|(i, w)| asked(w) && !unheld[i]);
    let mut groups: Vec<(usize, String)> = q
        .words
        .iter()
        .enumerate()
        // A word said twice is asked once: a text holding it holds one of the words
        // ("fire" in "fire and cold, but the target resists fire").
        .filter(|&(i, w)| asked(w) && !(any_held && unheld[i]) && !q.words[..i].contains(w))
        .map(|(i, w)| {
            // An everyday phrase is asked as itself or as any word it means.
            let most = if q.also(i).is_empty() { 6 } else { 6 + q.also(i).len() };
            let mut alts: Vec<String> =
                expanded[i].iter().take(most).map(|&(id, _)| format!("\"{}\"", index.word(id))).collect();
            if w.contains(' ') {
                alts.push(format!("\"{w}\""));
            } else if i + 1 == n && (q.last_is_prefix || w.chars().count() >= 3) {
                alts.push(format!("\"{w}\"*"));
            }
            if alts.is_empty() {
                alts.push(format!("\"{w}\""));
            }
            (i, format!("({})", alts.join(" OR ")))
        })
        .collect();
    // A word typed together ("fireball", read as "fire ball") is one word asked: a text
    // holds it when it holds both halves.
    for k in (1..groups.len()).rev() {
        let (i, _) = groups[k];
        if q.second_half(i) && groups[k - 1].0 + 1 == i {
            let (_, second) = groups.remove(k);
            groups[k - 1].1 = format!("({} AND {second})", groups[k - 1].1);
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// The most texts holding some of a question's rarer words that the words-held tier reads
/// ([`Text::holding_most`]), the best by bm25: far more than a page, far fewer than a
/// large library's texts holding a word.
const TEXTS_HOLDING_SOME: usize = 1000;

/// The text tiers' results as they are added to a search's: the title hits found so far,
/// and the titles holding some of the words, waiting below the text (with how many of
/// the words each holds).
struct Text<'s, 'i> {
    index: &'s SearchIndex<'i>,
    db: &'s dyn Bodies,
    words: &'s [(String, How)],
    hits: &'s mut Vec<SearchHit>,
    fewer: &'s mut Vec<(SearchHit, usize)>,
    limit: usize,
}

impl Text<'_, '_> {
    /// Adds a text that holds every word.
    fn add(&mut self, m: BodyMatch) -> Result<()> {
        let known = self.hits.iter().position(|h| h.id == m.id);
        if known.is_some_and(|i| !self.hits[i].partial) {
            return Ok(());
        }
        let score = 100.0 + (-m.rank).clamp(0.0, 99.0);
        let Some(hit) = self.body_hit(m, score, false)? else { return Ok(()) };
        if let Some(i) = known {
            // It holds most words by name and every word in its text: it keeps its
            // place and shows the text that holds them all.
            let known = &mut self.hits[i];
            (known.snippet, known.marks, known.matched, known.partial) = (hit.snippet, hit.marks, hit.matched, false);
            return Ok(());
        }
        self.fewer.retain(|(h, _)| h.id != hit.id);
        self.hits.push(hit);
        Ok(())
    }

    /// A hit for a text match, its snippet cut around the words.
    fn body_hit(&self, m: BodyMatch, score: f64, partial: bool) -> Result<Option<SearchHit>> {
        let Some(pos) = self.index.position(&m.id) else { return Ok(None) };
        let doc = self.index.doc(pos);
        let body = self.db.entry_body(&m.id)?;
        let (snippet, marks) = around(&body, self.words);
        Ok(Some(SearchHit {
            id: m.id,
            name: doc.name.to_string(),
            kind: doc.kind,
            system: doc.system.to_string(),
            snippet,
            marks: to_u32(marks),
            name_marks: Vec::new(),
            matched: "body".into(),
            score,
            partial,
            pack: doc.pack.map(str::to_string),
        }))
    }

    /// Text holding half of a question's words or more but not all, among the titles holding
    /// some of them (issue 76: a text holding three of a question's four words was never
    /// found, below names holding one). Below the text holding every word, entries are
    /// ranked first by how many of the words they hold, in their title or their text
    /// (name, aliases, summary and body), then a title's before a text's, then as each
    /// tier ranks them, ties by the text's bm25 (titles alike in the partial tier's score
    /// came by name). A word a tenth of the texts hold says little of
    /// which is meant, and counts for nothing in a text (nor is it read: its rows are
    /// most of a large library's). Costs one FTS5 lookup per word asked (rows only, no
    /// rank), and one bm25 query over the texts holding a rarer word; only for three
    /// words asked or more, when the tiers above left room.
    fn holding_most(&mut self, groups: &[String], filter: &SearchFilter, every: &[i64]) -> Result<()> {
        let docs = self.index.len();
        let common = if docs > 100 { docs / 10 } else { docs };
        // How many of the words each text holds.
        let mut held: rustc_hash::FxHashMap<i64, usize> = rustc_hash::FxHashMap::default();
        let mut rare = Vec::new();
        for g in groups {
            if let Some(rows) = self.db.body_rows(g, common)? {
                for row in rows {
                    *held.entry(row).or_default() += 1;
                }
                rare.push(g.as_str());
            }
        }
        let of = rare.len();
        // Half of them is enough, if two: "most" as the titles' partial tier counts it
        // (more than half) left a text holding two of a question's four words unfound.
        let most = of.div_ceil(2).max(2);
        // Nothing to add unless a text holds enough of them and is not one of those
        // holding every word (`every`: their rows, when they are known).
        if of < most || !held.iter().any(|(row, &n)| n >= most && !every.contains(row)) {
            return Ok(());
        }
        // Every text holding one of the words, best first by bm25 (at most a few pages'
        // worth of them, at a library of many thousands).
        let texts: Vec<(usize, BodyMatch)> = self
            .db
            .search_bodies(&rare.join(" OR "), filter, held.len().min(TEXTS_HOLDING_SOME))?
            .into_iter()
            .filter_map(|m| held.get(&m.row).map(|&n| (n, m)))
            .collect();
        let by_id: rustc_hash::FxHashMap<&str, (usize, f64)> =
            texts.iter().map(|(n, m)| (m.id.as_str(), (*n, m.rank))).collect();
        let in_text = |id: &str| by_id.get(id).copied().unwrap_or((0, f64::MAX));
        enum Found {
            Title(SearchHit),
            Text(BodyMatch),
        }
        let mut found: Vec<(usize, bool, f64, Found)> = std::mem::take(self.fewer)
            .into_iter()
            .map(|(hit, n)| {
                let (in_text, rank) = in_text(&hit.id);
                (n.max(in_text), false, rank, Found::Title(hit))
            })
            .collect();
        let known: rustc_hash::FxHashSet<String> = self
            .hits
            .iter()
            .map(|h| h.id.clone())
            .chain(found.iter().filter_map(|(.., f)| match f {
                Found::Title(h) => Some(h.id.clone()),
                Found::Text(_) => None,
            }))
            .collect();
        drop(by_id);
        for (n, m) in texts {
            if n >= most && !known.contains(&m.id) {
                found.push((n, true, m.rank, Found::Text(m)));
            }
        }
        // A title holding most of the words, or naming an entry whose whole name the
        // question holds ("drowning"), stays above them (the titles' partial tier gives
        // them 50 and up); the rest by how many words they hold, a title's before a
        // text's.
        let above = |f: &Found| matches!(f, Found::Title(h) if h.score >= f64::from(PARTIAL_NAMED));
        // Within a count and a field: a title's partial score, then the text's bm25 (a
        // title whose text holds none of the rarer words, last).
        let title_score = |f: &Found| match f {
            Found::Title(h) => -(h.score as i64),
            Found::Text(_) => 0,
        };
        found.sort_by(|a, b| {
            let key =
                |(n, text, _, f): &(usize, bool, f64, Found)| (!above(f), std::cmp::Reverse(*n), *text, title_score(f));
            key(a).cmp(&key(b)).then(a.2.total_cmp(&b.2))
        });
        let mut last = 100.0_f64;
        for (n, _, _, f) in found {
            let hit = match f {
                Found::Title(hit) => hit,
                Found::Text(m) if self.hits.len() + self.fewer.len() < self.limit => {
                    // Its score among the titles': tens by the words held, as theirs.
                    let score = (10 * n.min(9)) as f64 + (-m.rank).clamp(0.0, 9.0);
                    match self.body_hit(m, score, true)? {
                        Some(hit) => hit,
                        None => continue,
                    }
                }
                Found::Text(_) => continue,
            };
            // Scores descend with the order.
            let mut hit = hit;
            hit.score = hit.score.min(last - 0.001);
            last = hit.score;
            self.fewer.push((hit, n));
        }
        Ok(())
    }
}

/// The words to mark in a body: what the title search expanded the query to, plus the
/// last word as a prefix (the FTS query matched it as one).
fn body_words(q: &Query, expanded: &[(String, How)]) -> Vec<(String, How)> {
    let mut words = expanded.to_vec();
    if let Some(last) = q.words.last() {
        words.push((last.clone(), How::Prefix));
    }
    words.extend(q.words.iter().flat_map(|w| w.split(' ')).map(|w| (w.to_string(), How::Exact)));
    words
}

fn to_u32(marks: Vec<[usize; 2]>) -> Vec<[u32; 2]> {
    marks.into_iter().map(|[a, b]| [a as u32, b as u32]).collect()
}
