//! Splitting a rules document into sections by its headings.
//!
//! Rulebooks reach Tome as Markdown or as plain text copied from a web page, so the
//! headings come in several shapes, all recognized here:
//!
//! - **Markdown** headings: `# Title` … `###### Title`, and titles underlined with
//!   `===` or `---`, as a CommonMark parser (pulldown-cmark) finds them. Only headings
//!   that begin their line count (not one inside a quote or after a list marker), and
//!   an underlined title only when it is one line that starts a paragraph. Nothing
//!   inside a fenced code block is a heading, nor any of the shapes below.
//! - **Wiki contents**: a "Contents" line followed by numbered items (`1 Combat`,
//!   `- 1.2 Wounds`), as a wiki page copied as text has. The items say which later
//!   lines are headings and how deep each is; the list itself is navigation, not text.
//!   A line ending in `[edit]` (a wiki section link) is a heading too.
//! - **Bold headings**: a line that is all bold (`**Grappling**`), short, and not a
//!   formula (`**Soak: Stamina + Armor**` is not a heading).
//! - **Plain title lines**: in a document with no Markdown headings, a short line in
//!   title case ("Combat Scores"), or a short line standing alone between blank lines
//!   ("Open spells"), that starts a new paragraph and is followed by text. A run of
//!   four or more such lines with nothing between is a list, not headings.
//! - **Inline labels**: in a document whose rules are paragraphs that begin with a
//!   short capitalised label and a colon ("Clash Cost: To clash costs…"), each such
//!   paragraph is a section named by its label ([`mark_labels`] says which count).
//!
//! Everything works line by line in one pass (plus the Markdown parser's and one for the
//! contents list), so time and memory are linear in the document.

use std::collections::HashMap;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The longest section body kept whole; longer ones are cut into numbered parts at
/// paragraph breaks, so that showing or searching one stays quick.
pub const MAX_SECTION_BYTES: usize = 32 * 1024;
/// The longest line that can be a heading.
const MAX_HEADING_CHARS: usize = 80;
const MAX_HEADING_WORDS: usize = 10;
/// The longest summary, in characters.
const SUMMARY_CHARS: usize = 200;

/// How the document was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Format {
    Markdown,
    Text,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One section: a heading and the text below it up to the next heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub heading: String,
    /// 1 to 6; 0 for the text before the first heading.
    pub level: u8,
    /// The headings above this one, outermost first.
    pub trail: Vec<String>,
    pub body: String,
    /// The line (1-based) the heading is on, or the body starts on.
    pub line: usize,
}

impl Section {
    /// The start of the body as plain text, for lists and search results.
    pub fn summary(&self) -> String {
        summary(&self.body)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    pub format: Format,
    pub sections: Vec<Section>,
}

/// Splits `text` (already decoded, see [`super::decode`]) into sections. The text
/// before the first heading, if any, is a section titled `title`.
pub fn split(text: &str, title: &str) -> Split {
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len();
    let Markdown { headings, in_code } = Markdown::parse(text, &lines);
    let contents = Contents::find(&lines, &in_code);
    let markdown = headings.iter().any(Option::is_some);

    // Pass 1: what each line is.
    let mut kind: Vec<Line> = vec![Line::Body; n];
    let mut i = 0;
    while i < n {
        if in_code[i] {
            i += 1;
            continue;
        }
        if contents.as_ref().is_some_and(|c| c.range.contains(&i)) {
            kind[i] = Line::Skip;
            i += 1;
            continue;
        }
        let line = lines[i];
        if is_chrome(line) {
            kind[i] = Line::Skip;
        } else if let Some(h) = &headings[i] {
            kind[i] = Line::Heading { level: Level::Exact(h.level), text: h.text.clone(), guessed: false };
            if h.underlined {
                kind[i + 1] = Line::Skip;
                i += 1;
            }
        } else if let Some((text, level)) = contents.as_ref().and_then(|c| c.heading(line)) {
            kind[i] = Line::Heading { level: Level::Exact(level), text, guessed: false };
        } else if let Some(text) = wiki_edit(line) {
            kind[i] = Line::Heading { level: Level::Below, text, guessed: false };
        } else if let Some(text) = bold(line) {
            kind[i] = Line::Heading { level: Level::Below, text, guessed: false };
        } else if !markdown && plain_candidate(&lines, &kind, i) {
            kind[i] = Line::Heading { level: Level::Below, text: clean_heading(line.trim()), guessed: true };
        }
        i += 1;
    }
    drop_lists(&lines, &mut kind);
    mark_labels(&lines, &in_code, &mut kind);

    // Pass 2: sections.
    let mut sections = Vec::new();
    let mut stack: Vec<(u8, String)> = Vec::new();
    let mut last_exact = 0u8;
    // The level of the last heading that is not an inline label: labels go below it.
    let mut last_heading = 0u8;
    let mut current: Option<(String, u8, Vec<String>, usize)> = None;
    let mut body: Vec<&str> = Vec::new();
    let mut body_start = 1;
    for (i, line) in lines.iter().enumerate() {
        match &kind[i] {
            Line::Skip => {}
            Line::Body => {
                if body.is_empty() && line.trim().is_empty() {
                    continue;
                }
                if body.is_empty() {
                    body_start = i + 1;
                }
                body.push(line);
            }
            Line::Heading { level: how, text, .. } => {
                emit(&mut sections, current.take(), &body, title, body_start);
                body.clear();
                let label = *how == Level::Label;
                let level = match how {
                    Level::Exact(l) => {
                        last_exact = *l;
                        *l
                    }
                    Level::Below => (last_exact + 1).min(6),
                    Level::Label => (last_heading + 1).min(6),
                };
                if !label {
                    last_heading = level;
                }
                while stack.last().is_some_and(|(l, _)| *l >= level) {
                    stack.pop();
                }
                let trail = stack.iter().map(|(_, h)| h.clone()).collect();
                stack.push((level, text.clone()));
                current = Some((text.clone(), level, trail, i + 1));
                if label {
                    // The label's paragraph is the section's text, label and all.
                    body_start = i + 1;
                    body.push(line);
                }
            }
        }
    }
    emit(&mut sections, current.take(), &body, title, body_start);
    Split { format: if markdown { Format::Markdown } else { Format::Text }, sections }
}

#[derive(Debug, Clone, PartialEq)]
enum Line {
    Body,
    /// Not part of any section's text (a contents list, a setext underline).
    Skip,
    Heading {
        level: Level,
        text: String,
        guessed: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Level {
    Exact(u8),
    /// One below the last heading whose level is known.
    Below,
    /// An inline label ([`mark_labels`]): one below the last heading of another kind.
    Label,
}

/// Adds the section ending here, unless it has no text. Text before any heading is a
/// section titled after the document.
fn emit(
    out: &mut Vec<Section>,
    head: Option<(String, u8, Vec<String>, usize)>,
    body: &[&str],
    title: &str,
    body_start: usize,
) {
    let mut end = body.len();
    while end > 0 && body[end - 1].trim().is_empty() {
        end -= 1;
    }
    if end == 0 {
        return;
    }
    let text = body[..end].join("\n");
    let (heading, level, trail, line) = head.unwrap_or_else(|| (title.to_string(), 0, Vec::new(), body_start));
    let parts = cut(&text, MAX_SECTION_BYTES);
    let many = parts.len() > 1;
    for (k, part) in parts.into_iter().enumerate() {
        let heading = if many { format!("{heading} ({})", k + 1) } else { heading.clone() };
        out.push(Section { heading, level, trail: trail.clone(), body: part, line });
    }
}

/// Cuts `text` into pieces of at most `max` bytes, at paragraph breaks where it can,
/// else at line breaks, else between words, else between characters.
fn cut(text: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while rest.len() > max {
        let mut at = max;
        while !rest.is_char_boundary(at) {
            at -= 1;
        }
        let window = &rest[..at];
        let at = window
            .rfind("\n\n")
            .or_else(|| window.rfind('\n'))
            .or_else(|| window.rfind(' '))
            .filter(|&p| p > max / 4)
            .unwrap_or(at);
        out.push(rest[..at].trim_end().to_string());
        rest = rest[at..].trim_start();
    }
    if !rest.trim().is_empty() || out.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// A wiki page's navigation links, copied along with its text.
fn is_chrome(line: &str) -> bool {
    let t = line.trim().to_ascii_lowercase();
    matches!(t.as_str(), "jump to navigation" | "jump to search" | "jump to navigation jump to search" | "[edit]")
}

/// A Markdown heading, on the line of its text.
struct MdHeading {
    level: u8,
    /// As written (`# The *Big* Fight` gives `The *Big* Fight`); an underlined title
    /// without its markup.
    text: String,
    /// Underlined with `===` or `---` on the next line.
    underlined: bool,
}

/// What a CommonMark parser finds in the document: for each line, the heading it is,
/// and whether it is in a fenced code block (the fences included).
struct Markdown {
    headings: Vec<Option<MdHeading>>,
    in_code: Vec<bool>,
}

impl Markdown {
    fn parse(text: &str, lines: &[&str]) -> Markdown {
        let mut out = Markdown { headings: Vec::new(), in_code: vec![false; lines.len()] };
        out.headings.resize_with(lines.len(), || None);
        // Byte offset where each line starts; a line ends at `\n` (or `\r\n`), as in
        // `str::lines`.
        let starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        let line_of = |offset: usize| starts.partition_point(|&s| s <= offset).saturating_sub(1);
        // The heading being read: its level, where it starts and ends, and the span of
        // its content (`None` until some content is seen).
        let mut open: Option<(u8, std::ops::Range<usize>, Option<std::ops::Range<usize>>)> = None;
        for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                    let last = line_of(range.end.saturating_sub(1).max(range.start));
                    for flag in out.in_code.iter_mut().take(last + 1).skip(line_of(range.start)) {
                        *flag = true;
                    }
                }
                Event::Start(Tag::Heading { level, .. }) => open = Some((level as u8, range, None)),
                Event::End(TagEnd::Heading(_)) => {
                    if let Some((level, whole, Some(content))) = open.take() {
                        out.heading(text, lines, &line_of, level, whole, content);
                    }
                }
                _ => {
                    if let Some((_, _, content)) = &mut open {
                        let c = content.get_or_insert(range.clone());
                        c.start = c.start.min(range.start);
                        c.end = c.end.max(range.end);
                    }
                }
            }
        }
        out
    }

    /// Keeps a heading the parser found when it begins its line and, underlined, is a
    /// one-line title that starts a paragraph.
    fn heading(
        &mut self,
        text: &str,
        lines: &[&str],
        line_of: &impl Fn(usize) -> usize,
        level: u8,
        whole: std::ops::Range<usize>,
        content: std::ops::Range<usize>,
    ) {
        let i = line_of(whole.start);
        let line = lines.get(i).copied().unwrap_or_default();
        let line_start = text[..whole.start].rfind('\n').map_or(0, |p| p + 1);
        let begins_line = text[line_start..whole.start].chars().all(|c| c == ' ' || c == '\t');
        let heading = text[content.clone()].trim();
        if !begins_line || heading.is_empty() || line_of(content.end - 1) != i {
            return;
        }
        let underlined = line_of(whole.end.saturating_sub(1).max(whole.start)) > i;
        let text = if underlined {
            let t = line.trim();
            let starts_paragraph = i == 0 || lines[i - 1].trim().is_empty();
            // `--` and `=` alone are too common in plain text (a dash, a separator).
            let under = lines.get(i + 1).map_or("", |u| u.trim());
            let long_enough = under.len() >= if under.starts_with('=') { 2 } else { 3 };
            let shaped = t.chars().count() <= 120
                && !is_list_item(t)
                && !t.starts_with(['#', '|', '>'])
                && !t.chars().all(|c| c == '-' || c == '=');
            if !(starts_paragraph && shaped && long_enough) {
                return;
            }
            clean_heading(t)
        } else {
            heading.to_string()
        };
        self.headings[i] = Some(MdHeading { level, text, underlined });
    }
}

/// A wiki section title copied with its link: `Combat[edit]`.
fn wiki_edit(line: &str) -> Option<String> {
    let t = line.trim();
    let lower = t.to_ascii_lowercase();
    let stem = t[..lower.strip_suffix("[edit]")?.len()].trim_end();
    let stem = stem.trim_end_matches(|c: char| c == '[' || c == ']' || c.is_whitespace());
    (title_shape(stem) || (!stem.is_empty() && stem.chars().count() <= MAX_HEADING_CHARS)).then(|| clean_heading(stem))
}

/// A line that is all bold (`**Title**`, `__Title__`, optionally with a colon), short,
/// and not a formula or a sentence.
fn bold(line: &str) -> Option<String> {
    let t = line.trim();
    let t = t.strip_suffix(':').unwrap_or(t).trim_end();
    let inner = ["**", "__"].iter().find_map(|m| t.strip_prefix(m)?.strip_suffix(m))?;
    let inner = inner.strip_suffix(':').unwrap_or(inner).trim();
    let formula = inner.contains([':', '+', '=', '*', '_']) || inner.contains(" - ") || inner.contains("--");
    let words = inner.split_whitespace().count();
    let ok = !inner.is_empty()
        && !formula
        && words <= 8
        && inner.chars().count() <= 60
        && !inner.ends_with(['.', ',', ';'])
        && inner.chars().any(char::is_alphabetic);
    ok.then(|| clean_heading(inner))
}

/// Words that stay lower-case in a title ("Tactical Advantage and Disadvantage").
const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "nor", "of", "on", "or", "per", "the",
    "to", "vs", "via", "with",
];

/// Whether a line has the shape of a heading: short, starting with a capital or a
/// number, not ending like a sentence, not a list item or a table row.
fn title_shape(t: &str) -> bool {
    let chars = t.chars().count();
    let words = t.split_whitespace().count();
    let Some(first) = t.chars().next() else { return false };
    (2..=MAX_HEADING_CHARS).contains(&chars)
        && words <= MAX_HEADING_WORDS
        && (first.is_uppercase() || first.is_ascii_digit())
        && t.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && !t.ends_with(['.', ',', ';', ':', '!', '-', '–'])
        && !t.contains(['|', '\t', '*', '`', '<', '>', '{', '}', '='])
        && !t.contains("  ")
        && !t.contains("http")
        && !t.contains("www.")
        && !is_list_item(t)
}

fn is_title_case(t: &str) -> bool {
    t.split_whitespace().all(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.is_empty() || !w.starts_with(char::is_lowercase) || SMALL_WORDS.contains(&w)
    })
}

fn is_list_item(t: &str) -> bool {
    let t = t.trim_start();
    if t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") || t.starts_with("• ") {
        return true;
    }
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && (t[digits..].starts_with(". ") || t[digits..].starts_with(") "))
}

/// Whether a line ends a sentence (so that the next line starts a new paragraph even
/// without a blank line between, as pages copied from a wiki have).
fn ends_sentence(t: &str) -> bool {
    t.trim_end().trim_end_matches(['"', '”', '’', '\'', ')', '*', '_']).ends_with(['.', '!', '?', ':'])
}

/// A plain-text title line: see the module docs.
fn plain_candidate(lines: &[&str], kind: &[Line], i: usize) -> bool {
    let t = lines[i].trim();
    if !title_shape(t) {
        return false;
    }
    let blank_before = i == 0 || lines[i - 1].trim().is_empty();
    let after_heading = i > 0 && matches!(kind[i - 1], Line::Heading { .. } | Line::Skip);
    let starts_paragraph = blank_before || after_heading || ends_sentence(lines[i - 1]);
    if !starts_paragraph {
        return false;
    }
    // Something must follow: the text of the section, or a sub-heading.
    if !lines[i + 1..].iter().any(|l| !l.trim().is_empty()) {
        return false;
    }
    let blank_after = lines.get(i + 1).is_some_and(|l| l.trim().is_empty());
    is_title_case(t) || (blank_before && blank_after && t.split_whitespace().count() <= 6)
}

/// Guessed headings that come four or more in a row with nothing but blank lines
/// between them are a list (names in a table copied as text), not headings.
fn drop_lists(lines: &[&str], kind: &mut [Line]) {
    let guessed = |k: &Line| matches!(k, Line::Heading { guessed: true, .. });
    let mut i = 0;
    while i < kind.len() {
        if !guessed(&kind[i]) {
            i += 1;
            continue;
        }
        let mut run = vec![i];
        let mut j = i + 1;
        while j < kind.len() {
            if lines[j].trim().is_empty() {
                j += 1;
            } else if guessed(&kind[j]) {
                run.push(j);
                j += 1;
            } else {
                break;
            }
        }
        // A guessed heading with no text after it at all is not a heading either.
        let nothing_after = j >= kind.len();
        if run.len() >= 4 || nothing_after {
            for &k in &run {
                kind[k] = Line::Body;
            }
        }
        i = j.max(i + 1);
    }
}

/// The longest inline label, in characters and in words.
const MAX_LABEL_CHARS: usize = 40;
const MAX_LABEL_WORDS: usize = 5;
/// The fewest words of text after a label for it to head a rule, not name a value
/// ("Reach: two squares").
const MIN_LABELLED_WORDS: usize = 8;
/// The fewest labelled paragraphs that show a document is written that way; one or two
/// are a "Note:" inside a rule.
const MIN_LABELS: usize = 3;

/// Inline labels as headings: in a document whose rules are paragraphs that begin with
/// a short capitalised label and a colon ("Clash Cost: To clash costs…"), each such
/// paragraph starts a section named by its label, the paragraph kept as its text.
///
/// A label counts only where it starts a paragraph, is used once in the document (a
/// label that recurs, "When:", "Range:", "Example:", names a field of many entries), is
/// followed by at least [`MIN_LABELLED_WORDS`] words of text that is not figures or
/// more labels ("Gerard: Init +0, Atk +10, Def +9"), and the document has at least
/// [`MIN_LABELS`] of them.
fn mark_labels(lines: &[&str], in_code: &[bool], kind: &mut [Line]) {
    let mut uses: HashMap<String, usize> = HashMap::new();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if in_code[i] || kind[i] != Line::Body {
            continue;
        }
        let Some((label, rest)) = inline_label(line) else { continue };
        *uses.entry(key(&label)).or_default() += 1;
        let paragraph_start = i == 0 || lines[i - 1].trim().is_empty() || kind[i - 1] != Line::Body;
        let words: Vec<&str> = rest.split_whitespace().collect();
        // A line of figures or of further labels ("Init +0, Atk +10, Def +9").
        let first = &words[..words.len().min(8)];
        let figures = first.iter().take(4).any(|w| w.ends_with(':'))
            || first.iter().filter(|w| w.contains(|c: char| c.is_ascii_digit())).count() >= 3;
        if paragraph_start && words.len() >= MIN_LABELLED_WORDS && !figures {
            found.push((i, label));
        }
    }
    found.retain(|(_, label)| uses[&key(label)] == 1);
    if found.len() >= MIN_LABELS {
        for (i, text) in found {
            kind[i] = Line::Heading { level: Level::Label, text, guessed: false };
        }
    }
}

/// A line that begins with a label: a few capitalised words (or capitals) and a colon,
/// bold or not (`**Clash Cost:** …`). The label and the text after it.
fn inline_label(line: &str) -> Option<(String, &str)> {
    if line.starts_with(char::is_whitespace) {
        return None;
    }
    let (label, rest) = line.split_once(':')?;
    let label = plain(label).trim().to_string();
    let rest = rest.trim_start_matches(['*', '_']).trim();
    let shaped = label.chars().count() <= MAX_LABEL_CHARS
        && label.split_whitespace().count() <= MAX_LABEL_WORDS
        && label.starts_with(char::is_uppercase)
        && label.chars().all(|c| c.is_alphabetic() || " -,'’&/()".contains(c))
        && is_title_case(&label);
    (shaped && !rest.is_empty()).then_some((label, rest))
}

/// A wiki page's table of contents: its lines, and the headings it lists with their
/// depth.
struct Contents {
    range: std::ops::Range<usize>,
    titles: HashMap<String, u8>,
}

impl Contents {
    fn find(lines: &[&str], in_code: &[bool]) -> Option<Contents> {
        let start = (0..lines.len()).find(|&i| {
            let t = lines[i].trim().to_ascii_lowercase();
            let t = t.trim_end_matches(|c: char| c == ':' || c.is_whitespace());
            let t = t.strip_suffix("[hide]").or_else(|| t.strip_suffix("[show]")).unwrap_or(t).trim_end();
            !in_code[i] && (t == "contents" || t == "table of contents")
        })?;
        let mut titles = HashMap::new();
        let mut end = start + 1;
        while end < lines.len() {
            let Some((depth, title)) = numbered(lines[end]) else { break };
            titles.insert(key(title), depth);
            end += 1;
        }
        (titles.len() >= 2).then_some(Contents { range: start..end, titles })
    }

    /// The heading a line is, if the contents list it: its text and depth.
    fn heading(&self, line: &str) -> Option<(String, u8)> {
        let t = line.trim();
        if t.is_empty() || t.chars().count() > MAX_HEADING_CHARS + 10 {
            return None;
        }
        let t = t.strip_suffix("[edit]").unwrap_or(t).trim_end();
        let t = numbered(t).map_or(t, |(_, title)| title);
        let depth = *self.titles.get(&key(t))?;
        Some((clean_heading(t), depth))
    }
}

/// `1.2 Wounds`, `- 1.2 Wounds`, `1.2. Wounds`: the depth (2) and the title.
fn numbered(line: &str) -> Option<(u8, &str)> {
    let t = line.trim().trim_start_matches(['-', '*', '•']).trim_start();
    let num_len = t.chars().take_while(|c| c.is_ascii_digit() || *c == '.').count();
    let num = t[..num_len].trim_end_matches('.');
    if num.is_empty() || !num.starts_with(|c: char| c.is_ascii_digit()) || num.contains("..") {
        return None;
    }
    let title = t[num_len..].trim();
    if title.is_empty() || !t[num_len..].starts_with([' ', '\t']) {
        return None;
    }
    let depth = num.split('.').count().min(6) as u8;
    Some((depth, title))
}

fn key(title: &str) -> String {
    title.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// A heading's text without Markdown emphasis, link syntax or a trailing colon. Anything
/// else (HTML included) is kept as written: it is text.
fn clean_heading(t: &str) -> String {
    let t = plain(t);
    let t = t.trim().trim_end_matches(':').trim();
    if t.is_empty() {
        "Untitled".to_string()
    } else {
        t.chars().take(200).collect()
    }
}

/// Markdown as plain text, roughly: heading, quote and list markers at the start of a
/// line, emphasis markers and link targets dropped (`[text](url)` → `text`); anything
/// else is kept as written.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (n, line) in text.lines().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let line = line.trim_start().trim_start_matches(['#', '>']).trim_start();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let prev = if i > 0 { chars[i - 1] } else { ' ' };
            let next = chars.get(i + 1).copied().unwrap_or(' ');
            match c {
                '*' | '`' => {}
                // Underscores mark emphasis only at the edge of a word (not in snake_case).
                '_' if !(prev.is_alphanumeric() && next.is_alphanumeric()) => {}
                '[' => {}
                ']' if next == '(' => {
                    // Skip the link target, up to its closing parenthesis.
                    let mut depth = 0;
                    i += 1;
                    while i < chars.len() {
                        match chars[i] {
                            '(' => depth += 1,
                            ')' => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                }
                ']' => {}
                c => out.push(c),
            }
            i += 1;
        }
    }
    out
}

/// The first paragraph of `body` as plain text, cut at a word near [`SUMMARY_CHARS`].
pub fn summary(body: &str) -> String {
    let para = body.split("\n\n").map(str::trim).find(|p| !p.is_empty()).unwrap_or("");
    let para: String = para.chars().take(SUMMARY_CHARS * 4).collect();
    let flat = plain(&para).split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= SUMMARY_CHARS {
        return flat;
    }
    let cut: String = flat.chars().take(SUMMARY_CHARS).collect();
    let cut = match cut.rfind(' ') {
        Some(p) if p > SUMMARY_CHARS / 2 => &cut[..p],
        _ => &cut,
    };
    format!("{}…", cut.trim_end_matches([',', ';', ':', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headings(text: &str) -> Vec<(String, u8)> {
        split(text, "Doc").sections.into_iter().map(|s| (s.heading, s.level)).collect()
    }

    #[test]
    fn markdown_headings_and_code_fences() {
        let text = "# Combat\n\nFight.\n\n## Wounds\n\nBleed.\n\n```\n# not a heading\n```\n\nAfter.\n";
        assert_eq!(headings(text), [("Combat".into(), 1), ("Wounds".into(), 2)]);
        let s = split(text, "Doc");
        assert!(s.sections[1].body.contains("# not a heading"));
        assert_eq!(s.sections[1].trail, ["Combat"]);
        assert_eq!(s.format, Format::Markdown);
    }

    #[test]
    fn setext_headings() {
        assert_eq!(
            headings("Magic\n=====\n\nSpells.\n\nRanges\n------\n\nFar.\n"),
            [("Magic".into(), 1), ("Ranges".into(), 2)]
        );
    }

    #[test]
    fn only_markdown_headings_that_begin_their_line_count() {
        let text = "# Combat\n\nFight.\n\n> # Quoted\n\n- # Listed\n\nText.\n\n  ## Wounds\n\nBleed.\n";
        assert_eq!(headings(text), [("Combat".into(), 1), ("Wounds".into(), 2)]);
    }

    #[test]
    fn markdown_is_read_as_commonmark_reads_it() {
        // An HTML block runs to the next blank line, headings in it included.
        let text = "<div>\n# Inside\n</div>\n\n# After\n\nText.\n";
        assert_eq!(headings(text), [("Doc".into(), 0), ("After".into(), 1)]);
        // A title underlined over two lines is a paragraph, not a heading.
        let text = "# Notes\n\nStrike first\nand hard\n---\n\nMore.\n";
        assert_eq!(headings(text), [("Notes".into(), 1)]);
        // `--` under a line is a dash, not an underline.
        let text = "# Notes\n\nWait for it\n--\nthen strike.\n";
        assert_eq!(headings(text), [("Notes".into(), 1)]);
    }

    #[test]
    fn plain_title_lines() {
        let text =
            "Combat\n\nWhen blades are drawn, roll.\n\nCombat Scores\n\nFive scores matter here.\nThey add up.\n";
        assert_eq!(headings(text), [("Combat".into(), 1), ("Combat Scores".into(), 1)]);
    }

    #[test]
    fn a_wrapped_line_is_not_a_heading() {
        let text = "Intro\n\n**Total: Quickness + Weapon --\nEncumbrance + Stress Die**\n\nMore text here.\n";
        assert_eq!(headings(text), [("Intro".into(), 1)]);
    }

    #[test]
    fn bold_headings_but_not_formulas() {
        let text = "**Grappling**\n\nHold on tight.\n\n**Soak: Stamina + Armor**\n\nAdd them.\n";
        assert_eq!(headings(text), [("Grappling".into(), 1)]);
    }

    #[test]
    fn wiki_contents_give_levels_and_are_not_text() {
        let text = "Contents\n- 1 Fighting\n- 1.1 Striking\n- 2 Healing\nFighting\nSwing your weapon.\nStriking\nA hit lands.\nHealing\nRest a while.\n";
        assert_eq!(headings(text), [("Fighting".into(), 1), ("Striking".into(), 2), ("Healing".into(), 1)]);
        let s = split(text, "Doc");
        assert!(s.sections.iter().all(|s| !s.body.contains("1.1")), "{s:?}");
        assert_eq!(s.sections[1].trail, ["Fighting"]);
    }

    #[test]
    fn lists_of_short_lines_are_not_headings() {
        let text = "Weapons\n\nSword\n\nAxe\n\nMace\n\nSpear\n\nEnd of the list, in a sentence.\n";
        assert_eq!(headings(text), [("Doc".into(), 0)], "one section, titled after the document");
    }

    #[test]
    fn inline_labels_split_a_document_written_that_way() {
        let text = "Duels\n\nA duel is fought over several rounds.\n\n\
            Clash Cost: Every clash costs one point of resolve, paid before anyone rolls a die.\n\n\
            It is paid even when the clash comes to nothing.\n\n\
            Clash Pool: Roll the dueling skill plus the chosen art, once for each side.\n\n\
            ROUND RESULTS: Whoever wins more clashes takes the round and picks a reward.\n";
        assert_eq!(
            headings(text),
            [("Duels".into(), 1), ("Clash Cost".into(), 2), ("Clash Pool".into(), 2), ("ROUND RESULTS".into(), 2)]
        );
        let s = split(text, "Doc");
        assert!(s.sections[1].body.starts_with("Clash Cost: Every clash"), "the label stays in the text");
        assert!(s.sections[1].body.ends_with("comes to nothing."), "{:?}", s.sections[1].body);
        assert_eq!(s.sections[2].trail, ["Duels"]);
    }

    #[test]
    fn fields_figures_short_values_and_a_lone_note_are_not_labels() {
        let spells = "Spells\n\n\
            When: at the start of the turn, before any player on the team moves.\n\n\
            When: at the end of the turn, after every player on the team moved.\n\n\
            Gerard: Init +0, Atk +10, Def +9, Dam +10, Soak +6 with a single weapon and shield.\n\n\
            Ignatio: Init: +1, Atk: +12 and a long sword he has carried for many years.\n\n\
            Reach: two squares\nThe caster must see the target.\n\n\
            Note: some features change this, as their own text says in a sentence or two.\n";
        assert_eq!(headings(spells), [("Spells".into(), 1)]);
    }

    #[test]
    fn long_sections_are_cut_into_parts() {
        let para = "word ".repeat(100);
        let text = format!("# Big\n\n{}", vec![para.as_str(); 200].join("\n\n"));
        let s = split(&text, "Doc");
        assert!(s.sections.len() > 1);
        assert!(s.sections.iter().all(|s| s.body.len() <= MAX_SECTION_BYTES));
        assert_eq!(s.sections[0].heading, "Big (1)");
    }

    #[test]
    fn summaries_are_plain_and_short() {
        assert_eq!(summary("**Bold** and [a link](http://x.y).\n\nSecond."), "Bold and a link.");
        assert!(summary(&"long ".repeat(100)).chars().count() <= SUMMARY_CHARS + 1);
    }
}
