//! Plain search over names, aliases, summaries and bodies.

use rusqlite::params;

use super::Db;
use crate::error::Result;
use crate::model::SearchHit;
use crate::Kind;

/// What a search is limited to.
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    pub system: Option<String>,
    pub kind: Option<Kind>,
    pub limit: Option<usize>,
}

/// Which field a query matched, best first; the order is the ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Matched {
    NameExact,
    NamePrefix,
    Name,
    Alias,
    Summary,
    Body,
}

impl Matched {
    fn field(self) -> &'static str {
        match self {
            Matched::NameExact | Matched::NamePrefix | Matched::Name => "name",
            Matched::Alias => "alias",
            Matched::Summary => "summary",
            Matched::Body => "body",
        }
    }
}

struct Candidate {
    id: String,
    name: String,
    kind: String,
    system: String,
    summary: String,
    body: String,
    aliases: Vec<String>,
}

impl Db {
    /// Entries whose name, aliases, summary or body hold every word of `query`
    /// (case-insensitive), name matches first.
    pub fn search(&self, query: &str, filter: &SearchFilter) -> Result<Vec<SearchHit>> {
        let needle = query.trim().to_lowercase();
        let words: Vec<&str> = needle.split_whitespace().collect();
        if words.is_empty() {
            return Ok(Vec::new());
        }
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT e.id, e.name, e.kind, e.system_id, e.summary, e.body,
                        (SELECT group_concat(alias, char(31)) FROM alias a WHERE a.entry_id = e.id)
                 FROM entry e
                 WHERE NOT e.retired AND (?1 IS NULL OR e.system_id = ?1) AND (?2 IS NULL OR e.kind = ?2)",
            )
            .map_err(|e| self.err(e))?;
        let candidates: Vec<Candidate> = stmt
            .query_map(params![filter.system, filter.kind.map(|k| k.as_str())], |r| {
                let aliases: Option<String> = r.get(6)?;
                Ok(Candidate {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    kind: r.get(2)?,
                    system: r.get(3)?,
                    summary: r.get(4)?,
                    body: r.get(5)?,
                    aliases: aliases.map(|a| a.split('\u{1f}').map(str::to_string).collect()).unwrap_or_default(),
                })
            })
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e))?;

        let mut hits: Vec<(Matched, Candidate)> =
            candidates.into_iter().filter_map(|c| rank(&c, &needle, &words).map(|m| (m, c))).collect();
        hits.sort_by(|(ma, a), (mb, b)| ma.cmp(mb).then_with(|| a.name.cmp(&b.name)).then_with(|| a.id.cmp(&b.id)));
        hits.truncate(filter.limit.unwrap_or(usize::MAX));
        Ok(hits
            .into_iter()
            .map(|(m, c)| {
                let snippet = match m {
                    Matched::Body => snippet(&c.body, &words),
                    Matched::Summary => snippet(&c.summary, &words),
                    _ => snippet(&c.summary, &[]),
                };
                SearchHit {
                    kind: c.kind.parse().unwrap_or(Kind::Rule),
                    id: c.id,
                    name: c.name,
                    system: c.system,
                    snippet,
                    matched: m.field().to_string(),
                }
            })
            .collect())
    }
}

fn rank(c: &Candidate, needle: &str, words: &[&str]) -> Option<Matched> {
    let all_in = |text: &str| {
        let t = text.to_lowercase();
        words.iter().all(|w| t.contains(w))
    };
    let name = c.name.to_lowercase();
    if name == needle {
        Some(Matched::NameExact)
    } else if name.starts_with(needle) {
        Some(Matched::NamePrefix)
    } else if all_in(&c.name) {
        Some(Matched::Name)
    } else if c.aliases.iter().any(|a| all_in(a)) {
        Some(Matched::Alias)
    } else if all_in(&c.summary) {
        Some(Matched::Summary)
    } else if all_in(&format!("{}\n{}\n{}", c.name, c.summary, c.body)) {
        Some(Matched::Body)
    } else {
        None
    }
}

const SNIPPET_CHARS: usize = 160;

/// About [`SNIPPET_CHARS`] characters of `text` (white space folded) around the first word
/// found, with ellipses where it was cut.
fn snippet(text: &str, words: &[&str]) -> String {
    let flat: Vec<char> = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(['*', '#', '`'], "")
        .chars()
        .collect();
    let lower: Vec<char> = flat.iter().map(|c| c.to_lowercase().next().unwrap_or(*c)).collect();
    let hit = words.iter().filter_map(|w| find_chars(&lower, w)).min().unwrap_or(0);
    let start = hit.saturating_sub(SNIPPET_CHARS / 4);
    let end = (start + SNIPPET_CHARS).min(flat.len());
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.extend(&flat[start..end]);
    if end < flat.len() {
        out.push('…');
    }
    out
}

fn find_chars(hay: &[char], needle: &str) -> Option<usize> {
    let n: Vec<char> = needle.chars().collect();
    if n.is_empty() || n.len() > hay.len() {
        return None;
    }
    (0..=hay.len() - n.len()).find(|&i| hay[i..i + n.len()] == n[..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_centres_on_the_match_and_marks_cuts() {
        let text = format!("{} the dragon sleeps {}", "word ".repeat(60), "tail ".repeat(60));
        let s = snippet(&text, &["dragon"]);
        assert!(s.starts_with('…') && s.ends_with('…'));
        assert!(s.contains("the dragon sleeps"));
        assert!(s.chars().count() <= SNIPPET_CHARS + 2);
    }

    #[test]
    fn short_text_is_whole() {
        assert_eq!(snippet("A **short** text.", &["short"]), "A short text.");
    }
}
