//! Mentions: the words of an entry's text that name other entries, found and linked.
//!
//! Rules documents capitalize the terms they define ("the creature is Frightened"), so a
//! mention is a case-sensitive, whole-word occurrence of another entry's name. The
//! longest name claims its words first ("Shield HP" is one mention, not "HP" inside it),
//! and a one-word name at the start of a sentence does not count: there the capital says
//! nothing.
//!
//! Loading content finds which entries a text mentions ([`Names::mentions_in`]); showing
//! an entry turns those words into links ([`link_markdown`], [`link_text`]), so the app
//! only renders what it is given. Only the first mention of an entry in each paragraph
//! (list item, table cell, …) is linked, as a wiki does: every occurrence would turn a
//! rule into a sea of links.

use std::collections::HashSet;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::model::{Mention, TextPart};

/// At most this many names (an entry's own mentions) are found without building a DFA.
const FEW_NAMES: usize = 64;

/// The names entries may be mentioned by, and one automaton that finds them all in a
/// single pass over a text.
pub struct Names<'a> {
    /// Each distinct name with the ids it names (entries may share a name), longest
    /// first, so that "Shield HP" claims its words before "HP" can.
    names: Vec<(&'a str, Vec<&'a str>)>,
    /// Finds every occurrence of every name, overlapping ones included: which of two
    /// overlapping names counts is decided by length, not by which comes first in the
    /// text (what `MatchKind::LeftmostLongest` would decide), and a name that cannot
    /// count where it stands (inside a longer word, the entry's own name) must leave
    /// the names inside it free to count.
    finder: AhoCorasick,
}

/// One mention found in a text: byte offsets and the entry it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Found<'a> {
    start: usize,
    end: usize,
    id: &'a str,
}

impl<'a> Names<'a> {
    /// The names, as (name, id) pairs.
    pub fn new(mut list: Vec<(&'a str, &'a str)>) -> Names<'a> {
        // A stable sort: entries sharing a name keep their order.
        list.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(b.0)));
        let mut names: Vec<(&str, Vec<&str>)> = Vec::new();
        for (name, id) in list {
            match names.last_mut() {
                Some((last, ids)) if *last == name => ids.push(id),
                _ => names.push((name, vec![id])),
            }
        }
        // An entry's own few mentions, read with every entry shown: a DFA (what the
        // builder picks for few names) costs more to build than the one text it reads.
        let kind = (names.len() <= FEW_NAMES).then_some(AhoCorasickKind::ContiguousNFA);
        let finder = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .kind(kind)
            .build(names.iter().map(|(name, _)| name))
            .expect("names are at most a few MiB of text, far within the automaton's limits");
        Names { names, finder }
    }

    /// The ids `text` mentions (other than `own_id`) with the words that mention each,
    /// in order of first mention.
    pub fn mentions_in(&self, text: &str, own_id: &str) -> Vec<(String, String)> {
        let mut seen = HashSet::new();
        self.found(text, "", own_id)
            .into_iter()
            .filter(|f| seen.insert(f.id))
            .map(|f| (f.id.to_string(), text[f.start..f.end].to_string()))
            .collect()
    }

    /// Every mention in `text`, in order. `before` is the paragraph's text before it,
    /// for the sentence-start rule.
    fn found(&self, text: &str, before: &str, own_id: &str) -> Vec<Found<'a>> {
        self.found_where(text, before, own_id, true)
    }

    /// The names in a table cell: a cell is not a sentence, so a one-word name at its
    /// start counts ("Zap" alone in a row of spells).
    fn found_in_cell(&self, text: &str, own_id: &str) -> Vec<Found<'a>> {
        self.found_where(text, "", own_id, false)
    }

    /// The ids table cells mention (other than `own_id`), as [`Names::mentions_in`] does
    /// for prose.
    pub fn mentions_in_cells<'t>(
        &self,
        cells: impl IntoIterator<Item = &'t str>,
        own_id: &str,
    ) -> Vec<(String, String)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for cell in cells {
            for f in self.found_in_cell(cell, own_id) {
                if seen.insert(f.id) {
                    out.push((f.id.to_string(), cell[f.start..f.end].to_string()));
                }
            }
        }
        out
    }

    fn found_where(&self, text: &str, before: &str, own_id: &str, sentences: bool) -> Vec<Found<'a>> {
        // Every occurrence that is a whole word, and not a one-word name starting a
        // sentence: (name, start, end).
        let mut candidates: Vec<(usize, usize, usize)> = Vec::new();
        // A name's own occurrences do not overlap (as with `str::match_indices`): where
        // each name may next occur.
        let mut next = vec![0; self.names.len()];
        for m in self.finder.find_overlapping_iter(text) {
            let (n, at, end) = (m.pattern().as_usize(), m.start(), m.end());
            if at < next[n] {
                continue;
            }
            next[n] = end;
            let char_before = text[..at].chars().next_back().or_else(|| before.chars().next_back());
            let after = text[end..].chars().next();
            let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '\'' && c != '’');
            let one_word = !self.names[n].0.contains(' ');
            if boundary(char_before)
                && boundary(after)
                && !(sentences && one_word && sentence_start(before, &text[..at]))
            {
                candidates.push((n, at, end));
            }
        }
        // Longest name first, then each name's occurrences in order: each claims its
        // words, and a later one overlapping words already claimed does not count.
        candidates.sort_unstable();
        let mut taken = vec![false; text.len()];
        let mut found = Vec::new();
        for (n, start, end) in candidates {
            // Of entries sharing a name, the first names the others' words too.
            let Some(&id) = self.names[n].1.iter().find(|&&id| id != own_id) else { continue };
            if taken[start..end].iter().any(|&t| t) {
                continue;
            }
            taken[start..end].fill(true);
            found.push(Found { start, end, id });
        }
        found.sort_unstable();
        found
    }
}

/// Whether a word after `before` + `text` starts a sentence or a line (markup aside).
fn sentence_start(before: &str, text: &str) -> bool {
    let trim = |s: &'_ str| s.trim_end_matches([' ', '*', '_', '"', '“', '(']).to_string();
    let trimmed = match trim(text) {
        t if t.is_empty() => trim(before),
        t => t,
    };
    trimmed.is_empty()
        || trimmed.ends_with(['.', '!', '?', ':', '\n'])
        || trimmed.ends_with("\n-")
        || trimmed.ends_with("\n*")
        || trimmed.ends_with("\n>")
        || trimmed.ends_with('#')
}

/// Names from an entry's mentions, the ones fit to link: a sane id and a name.
fn names_of(mentions: &[Mention]) -> Names<'_> {
    Names::new(
        mentions
            .iter()
            .filter(|m| !m.name.trim().is_empty() && is_entry_id(&m.id))
            .map(|m| (m.name.as_str(), m.id.as_str()))
            .collect(),
    )
}

/// An entry id as Tome writes them: `system/kind/slug` in lower-case letters, digits and
/// dashes, so it goes into a link as it is.
fn is_entry_id(id: &str) -> bool {
    let parts: Vec<&str> = id.split('/').collect();
    parts.len() == 3
        && parts.iter().all(|p| {
            p.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
                && p.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

/// Plain text (a summary) cut into text and links to the entries it mentions, the first
/// mention of each.
pub fn link_text(text: &str, mentions: &[Mention]) -> Vec<TextPart> {
    cut(text, names_of(mentions).found(text, "", ""))
}

/// A table cell cut into text and links to the entries it names, the first mention of
/// each; a one-word name at the cell's start counts (a cell is not a sentence).
pub fn link_cell(text: &str, mentions: &[Mention]) -> Vec<TextPart> {
    cut(text, names_of(mentions).found_in_cell(text, ""))
}

/// `text` cut into plain parts and links at the first mention of each entry `found`.
fn cut(text: &str, found: Vec<Found<'_>>) -> Vec<TextPart> {
    let mut linked = HashSet::new();
    let mut parts = Vec::new();
    let mut at = 0;
    for f in found.into_iter().filter(|f| linked.insert(f.id)) {
        if f.start > at {
            parts.push(TextPart { text: text[at..f.start].to_string(), id: None });
        }
        parts.push(TextPart { text: text[f.start..f.end].to_string(), id: Some(f.id.to_string()) });
        at = f.end;
    }
    if at < text.len() || parts.is_empty() {
        parts.push(TextPart { text: text[at..].to_string(), id: None });
    }
    parts
}

/// A paragraph (list item, table cell, heading, …) of a Markdown text.
#[derive(Default)]
struct Block {
    /// Entries the paragraph links to by hand: not linked again.
    linked: HashSet<String>,
    /// Its runs of plain text, in order: the source range, and whether words there may
    /// become links (not inside a heading, code or a link).
    runs: Vec<(std::ops::Range<usize>, bool)>,
}

/// Markdown with the first mention of each entry in every paragraph written as a link to
/// it (`[words](#/entry/id)`). Never inside a heading, code or another link, nor where
/// the paragraph already links to that entry by hand.
pub fn link_markdown(source: &str, mentions: &[Mention]) -> String {
    let names = names_of(mentions);
    if mentions.is_empty() {
        return source.to_string();
    }
    let mut blocks = blocks_of(source);
    let links = links_to_write(source, &mut blocks, &names);
    write_links(source, &links)
}

/// The source's blocks (paragraphs, headings, list items, table cells…), each with the
/// entries it links to by hand and its runs of text, linkable or not.
fn blocks_of(source: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = vec![Block::default()];
    let mut open: Vec<usize> = vec![0];
    // Headings, links and images: the depth of each, where no words are linked.
    let mut unlinkable = 0usize;
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    for (event, range) in Parser::new_ext(source, options).into_offset_iter() {
        let block = *open.last().expect("the whole text is the outermost block");
        match event {
            Event::Start(tag) => {
                if let Tag::Link { dest_url, .. } = &tag {
                    if let Some(id) = dest_url.strip_prefix("#/entry/").or(Some(dest_url)).filter(|d| is_entry_id(d)) {
                        blocks[block].linked.insert(id.to_string());
                    }
                }
                if matches!(tag, Tag::Heading { .. } | Tag::Link { .. } | Tag::Image { .. } | Tag::CodeBlock(_)) {
                    unlinkable += 1;
                }
                if matches!(
                    tag,
                    Tag::Paragraph
                        | Tag::Heading { .. }
                        | Tag::BlockQuote(_)
                        | Tag::Item
                        | Tag::TableCell
                        | Tag::DefinitionListTitle
                        | Tag::DefinitionListDefinition
                ) {
                    blocks.push(Block::default());
                    open.push(blocks.len() - 1);
                }
            }
            Event::End(tag) => {
                if matches!(tag, TagEnd::Heading(_) | TagEnd::Link | TagEnd::Image | TagEnd::CodeBlock) {
                    unlinkable = unlinkable.saturating_sub(1);
                }
                if matches!(
                    tag,
                    TagEnd::Paragraph
                        | TagEnd::Heading(_)
                        | TagEnd::BlockQuote(_)
                        | TagEnd::Item
                        | TagEnd::TableCell
                        | TagEnd::DefinitionListTitle
                        | TagEnd::DefinitionListDefinition
                ) && open.len() > 1
                {
                    open.pop();
                }
            }
            Event::Text(text) => {
                // Only text that stands in the source as it reads can be cut into links:
                // an escape or an entity (`&amp;`) ends a run.
                let linkable = unlinkable == 0 && source.get(range.clone()) == Some(&*text);
                let runs = &mut blocks[block].runs;
                match runs.last_mut() {
                    Some((last, true)) if linkable && last.end == range.start => last.end = range.end,
                    _ => runs.push((range, linkable)),
                }
            }
            Event::Code(_) => blocks[block].runs.push((range, false)),
            _ => {}
        }
    }
    blocks
}

/// `(start, end, id)` of every link to write, in the source: the first mention of each
/// entry in a block that does not already link to it.
fn links_to_write<'a>(source: &str, blocks: &mut [Block], names: &Names<'a>) -> Vec<(usize, usize, &'a str)> {
    let mut links: Vec<(usize, usize, &str)> = Vec::new();
    for block in blocks.iter_mut() {
        let mut before = String::new();
        for (range, linkable) in &block.runs {
            let text = &source[range.clone()];
            if *linkable {
                for f in names.found(text, &before, "") {
                    if block.linked.insert(f.id.to_string()) {
                        links.push((range.start + f.start, range.start + f.end, f.id));
                    }
                }
            }
            before.push_str(text);
        }
    }
    links.sort_unstable();
    links
}

/// The source with each link written in (its words escaped, `[words](#/entry/id)`).
fn write_links(source: &str, links: &[(usize, usize, &str)]) -> String {
    let mut out = String::with_capacity(source.len() + links.len() * 40);
    let mut at = 0;
    for &(start, end, id) in links {
        out.push_str(&source[at..start]);
        out.push('[');
        for c in source[start..end].chars() {
            if c.is_ascii_punctuation() {
                out.push('\\');
            }
            out.push(c);
        }
        out.push_str("](#/entry/");
        out.push_str(id);
        out.push(')');
        at = end;
    }
    out.push_str(&source[at..]);
    out
}

#[cfg(test)]
mod tests;
