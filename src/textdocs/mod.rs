//! Rules documents the user imports as plain text or Markdown (`tome import-text`):
//! decoded strictly, split into sections by their headings ([`split`]), and stored so
//! that search finds the sections alongside the entries and `tome show` displays one.
//!
//! A section's id has the shape of an entry id, `system/section/doc--heading`
//! (`ars-magica/section/house-rules--grappling`), so everything that takes an entry id
//! (the app's entry view, `tome show`, search results) takes a section's too.
//!
//! Imported text is kept as text: HTML, scripts and Markdown link tricks in it are
//! stored as they are and never interpreted by the core; the app renders Markdown
//! through its sanitizer. Control characters (other than tab and newline) are dropped.

pub mod split;

use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;

pub use split::{Format, Section};

/// The largest document imported (8 MiB): far more than a rulebook's text, and small
/// enough that importing, indexing and searching it stay quick. Larger files are
/// refused before they are read.
pub const MAX_TEXT_BYTES: u64 = 8 << 20;
/// The most sections one document may have.
pub const MAX_SECTIONS: usize = 10_000;

/// An imported document.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct DocInfo {
    /// A slug made from the title; the first part of its sections' slugs.
    pub id: String,
    pub system: String,
    pub title: String,
    /// The name of the file it was imported from.
    pub file_name: String,
    /// `markdown` or `text`.
    pub format: String,
    pub sections: u32,
    pub bytes: u32,
    /// Unix seconds.
    pub imported_at: i64,
    /// The game master lets the table's phones read it (`tome docs share`). Off on
    /// import, and again when a document is imported anew.
    pub shared: bool,
}

/// What an import did.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct DocImport {
    pub doc: DocInfo,
    /// Whether it replaced an earlier import of a document with the same title.
    pub replaced: bool,
    /// The first sections' headings and ids, to show what was found.
    pub first_sections: Vec<SectionHead>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
pub struct SectionHead {
    pub id: String,
    pub heading: String,
    pub level: u8,
}

/// A document ready to be stored: decoded, split, with ids.
#[derive(Debug, Clone)]
pub struct PreparedDoc {
    pub id: String,
    pub system: String,
    pub title: String,
    pub file_name: String,
    pub format: Format,
    pub bytes: usize,
    pub digest: String,
    /// (section id, section), in document order.
    pub sections: Vec<(String, Section)>,
}

/// Decodes, checks and splits a document (nothing is written).
///
/// # Errors
/// A message for the user: too large, empty, binary, not UTF-8, a bad title, no text,
/// too many sections.
pub fn prepare(file_name: &str, bytes: &[u8], system: &str, title: Option<&str>) -> Result<PreparedDoc, String> {
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(crate::files::too_large(bytes.len() as u64, MAX_TEXT_BYTES));
    }
    let text = decode(bytes)?;
    let explicit = title.is_some();
    let title = match title.map(str::trim) {
        Some("") => return Err("the title is empty".into()),
        Some(t) => t.to_string(),
        None => title_from_file(file_name),
    };
    if title.chars().count() > 200 {
        return Err("the title is longer than 200 characters".into());
    }
    if title.chars().any(char::is_control) {
        return Err("the title contains a control character".into());
    }
    // The name rule of characters, adversaries, parties and pack entries: a title shows
    // in search and lists, and on the phones when shared.
    if let Some(why) = crate::text::named_problem("the title", &title) {
        let hint = if explicit { "" } else { " (it comes from the file's name; give the document a title of its own)" };
        return Err(format!("{why}{hint}"));
    }
    let id = ascii_slug(&title, 40).unwrap_or_else(|| "document".into());
    let split = split::split(&text, &title);
    if split.sections.is_empty() {
        return Err("it has headings but no text under them".into());
    }
    if split.sections.len() > MAX_SECTIONS {
        return Err(format!(
            "it splits into {} sections; a document may have at most {MAX_SECTIONS} (is it really a rules document?)",
            split.sections.len()
        ));
    }
    let mut used = std::collections::HashSet::new();
    let sections = split
        .sections
        .into_iter()
        .map(|s| {
            let base = ascii_slug(&s.heading, 48).unwrap_or_else(|| "section".into());
            let mut slug = base.clone();
            let mut n = 2;
            while !used.insert(slug.clone()) {
                slug = format!("{base}-{n}");
                n += 1;
            }
            (format!("{system}/section/{id}--{slug}"), s)
        })
        .collect();
    Ok(PreparedDoc {
        id,
        system: system.to_string(),
        title,
        file_name: file_name.chars().filter(|c| !c.is_control()).take(255).collect(),
        format: split.format,
        bytes: bytes.len(),
        digest: format!("{:x}", Sha256::digest(bytes)),
        sections,
    })
}

/// The text of a document: UTF-8 (or UTF-16 with a byte-order mark), not empty, not
/// binary. Line ends become `\n`; control characters other than tab and newline are
/// dropped.
///
/// # Errors
/// A message saying what the bytes are instead.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let text = if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        utf16(rest, u16::from_le_bytes)?
    } else if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        utf16(rest, u16::from_be_bytes)?
    } else {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if let Some(at) = bytes.iter().position(|&b| b == 0) {
            return Err(format!("it looks like a binary file (a zero byte at offset {at}), not text"));
        }
        match std::str::from_utf8(bytes) {
            Ok(t) => t.to_string(),
            Err(e) => {
                return Err(format!(
                    "it is not UTF-8 text (invalid byte at offset {}); save it as UTF-8 and import it again",
                    e.valid_up_to()
                ))
            }
        }
    };
    if text.contains('\0') {
        return Err("it looks like a binary file (it holds zero characters), not text".into());
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() != Some(&'\n') {
                    out.push('\n');
                }
            }
            '\n' | '\t' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    if out.trim().is_empty() {
        return Err("it is empty".into());
    }
    Ok(out)
}

fn utf16(bytes: &[u8], word: fn([u8; 2]) -> u16) -> Result<String, String> {
    if !bytes.len().is_multiple_of(2) {
        return Err("it is not valid UTF-16 text (an odd number of bytes)".into());
    }
    let units = bytes.chunks_exact(2).map(|c| word([c[0], c[1]]));
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .map_err(|_| "it is not valid UTF-16 text; save it as UTF-8 and import it again".to_string())
}

/// "house-rules_v2.md" → "house rules v2".
fn title_from_file(file_name: &str) -> String {
    let stem =
        std::path::Path::new(file_name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let t = stem.replace(['-', '_'], " ").split_whitespace().collect::<Vec<_>>().join(" ");
    let t: String = t.chars().filter(|c| !c.is_control()).take(200).collect();
    if t.is_empty() {
        "Imported document".into()
    } else {
        t
    }
}

/// A slug of ASCII letters, digits and single dashes, at most `max` long; `None` when
/// nothing is left.
pub(crate) fn ascii_slug(text: &str, max: usize) -> Option<String> {
    let mut out = String::new();
    for c in crate::slug::slugify(text).chars() {
        let c = if c.is_ascii_lowercase() || c.is_ascii_digit() { c } else { '-' };
        if c == '-' && (out.is_empty() || out.ends_with('-')) {
            continue;
        }
        if out.len() >= max {
            break;
        }
        out.push(c);
    }
    let out = out.trim_end_matches('-').to_string();
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_refuses_what_is_not_text() {
        assert!(decode(b"").unwrap_err().contains("empty"));
        assert!(decode(b"  \n\t ").unwrap_err().contains("empty"));
        assert!(decode(b"abc\0def").unwrap_err().contains("binary"));
        assert!(decode(b"caf\xe9").unwrap_err().contains("UTF-8"));
        assert_eq!(decode(b"\xEF\xBB\xBFa\r\nb\rc\x1b[31m").unwrap(), "a\nb\nc[31m");
        let utf16: Vec<u8> =
            [0xFF, 0xFE].into_iter().chain("Héllo".encode_utf16().flat_map(|u| u.to_le_bytes())).collect();
        assert_eq!(decode(&utf16).unwrap(), "Héllo");
    }

    #[test]
    fn slugs_are_ascii_and_bounded() {
        assert_eq!(ascii_slug("Über Grappling — Rules!", 40).as_deref(), Some("uber-grappling-rules"));
        assert_eq!(ascii_slug("日本語", 40).as_deref(), Some("ri-ben-yu"));
        assert_eq!(ascii_slug("— ★ —", 40), None);
        assert_eq!(ascii_slug(&"long ".repeat(30), 12).as_deref(), Some("long-long-lo"));
    }

    #[test]
    fn repeated_headings_get_distinct_ids() {
        let doc = prepare("x.md", b"# Example\n\nOne.\n\n# Example\n\nTwo.\n", "mlaf", Some("Notes")).unwrap();
        let ids: Vec<&str> = doc.sections.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["mlaf/section/notes--example", "mlaf/section/notes--example-2"]);
    }
}
