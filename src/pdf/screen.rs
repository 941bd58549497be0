//! A game master's screen: landscape pages of three panels side by side, with fold marks
//! between them, as a printed screen stands on the table. Each panel is a block of the
//! sheet's flow (one column wide, continued in the next column when long), holding its
//! entries' summaries and facts, tables cell for cell, and the sections they come from.

use std::collections::BTreeSet;

use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::model::{Entry, System, Table};
use crate::rulebook::Rulebook;
use crate::screen::{Item, ScreenPanel, MAX_PANELS};
use crate::Kind;

use super::canvas::{Canvas, Rgb8, Style};
use super::flow::{Block, Flow, Frame, Row, Span, GUTTER};
use super::fonts::Weight;
use super::sheet::{accent, BODY, SMALL, TINY};
use super::table::{self, Cell};
use super::{footers, Page, PdfOptions, Prepared};

/// Panels side by side on a page: a three-fold screen.
pub(crate) const FOLDS: usize = 3;
const NAME: Style = Style::new(8.5, Weight::Bold, Rgb8::BLACK);
const CELL: Style = Style::new(7.5, Weight::Regular, Rgb8::INK);
const HEADER_H: f32 = 24.0;

/// What a panel's items were read as.
enum Read {
    Entry(Box<Entry>, Option<Table>),
    List(Kind, Vec<Entry>),
    /// A pin whose entry Tome no longer has (its pack removed, or an id a content
    /// update changed): said on the panel, so the rest of the screen still prints.
    Gone(String),
}

/// Lays out `panels` of `system` as a screen, as [`super::prepare`] does for sheets.
///
/// # Errors
/// [`Error::InvalidInput`] for no panels or too many; [`Error::NotFound`] for an entry
/// the book lacks.
pub(crate) fn prepare(
    book: &dyn Rulebook,
    system: &System,
    panels: &[ScreenPanel],
    opts: &PdfOptions,
) -> Result<Prepared> {
    if panels.is_empty() {
        return Err(Error::InvalidInput(format!("the {} screen has no panels to print; pin some first", system.name)));
    }
    if panels.len() > MAX_PANELS {
        return Err(Error::InvalidInput(format!("a screen prints at most {MAX_PANELS} panels, not {}", panels.len())));
    }
    let page = Page::landscape(opts.paper);
    let style = crate::systems::require(&system.id)?.style();
    let accent = accent(&style);
    let frame =
        Frame { left: page.margin, width: page.content_width(), bottom: page.body_bottom(), accent, columns: FOLDS };
    let mut blocks = Vec::new();
    for p in panels {
        blocks.push(panel_block(book, p, frame.inner(Span::Column), accent)?);
    }
    let new_canvas = || Canvas::new(page.height);
    let start = |c: &mut Canvas| header(c, &system.name, &page, accent);
    let mut flow = Flow::new(frame, &new_canvas, &start);
    for b in blocks {
        flow.place(b);
    }
    let (mut pages, _) = flow.finish();
    footers(&mut pages, "Game master's screen", &system.name, &page, accent);
    let mut h = Sha256::new();
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(serde_json::to_vec(&(&system.id, panels, opts)).expect("plain data"));
    Ok(Prepared {
        pages,
        title: format!("{} — game master's screen", system.name),
        id: h.finalize()[..16].to_vec(),
        opts: opts.clone(),
        page,
    })
}

/// The band at the top of each page, and the fold lines between the panels.
fn header(c: &mut Canvas, system: &str, page: &Page, accent: Rgb8) -> f32 {
    let (left, right, top) = (page.margin, page.width - page.margin, page.margin);
    let big = Style::new(12.0, Weight::Bold, Rgb8::BLACK);
    c.text(left, top, big, system);
    c.text_right(right, top + 3.0, Style::new(8.0, Weight::Bold, accent), "Game master's screen · fold on the dashes");
    c.line(left, top + 18.0, right, top + 18.0, accent, 1.2);
    let col = (page.content_width() - GUTTER * (FOLDS as f32 - 1.0)) / FOLDS as f32;
    for i in 1..FOLDS {
        let x = left + i as f32 * (col + GUTTER) - GUTTER / 2.0;
        c.dashed_line(x, top + HEADER_H, x, page.body_bottom(), Rgb8::LIGHT, 0.5);
    }
    top + HEADER_H
}

fn panel_block(book: &dyn Rulebook, p: &ScreenPanel, width: f32, accent: Rgb8) -> Result<Block> {
    let mut read = Vec::new();
    for item in &p.items {
        read.push(match Item::parse(item)? {
            Item::Entry(id) => match book.show(&id) {
                Ok(e) => {
                    let t = if e.kind == Kind::Table { Some(book.table(&id, None)?) } else { None };
                    Read::Entry(Box::new(e), t)
                }
                Err(e) if e.code() == crate::ErrorCode::NotFound => Read::Gone(id),
                Err(e) => return Err(e),
            },
            Item::Kind { system: s, kind } => {
                let mut all = Vec::new();
                for li in book.list(kind, Some(&s))? {
                    all.push(book.show(&li.id)?);
                }
                Read::List(kind, all)
            }
        });
    }
    let title = p.title.clone().unwrap_or_else(|| match read.first() {
        Some(Read::Entry(e, _)) => e.name.clone(),
        Some(Read::List(kind, _)) => kind.plural_label().to_string(),
        Some(Read::Gone(_)) | None => String::new(),
    });
    let mut b = Block::new(title, Span::Column);
    let named = read.len() > 1;
    let mut sources: Vec<(String, String)> = Vec::new();
    let mut source = |e: &Entry| {
        let s = (e.source.document.clone(), e.source.section.clone());
        if !sources.contains(&s) {
            sources.push(s);
        }
    };
    for (i, r) in read.iter().enumerate() {
        if i > 0 {
            b.push(Row::new(4.0, |_, _, _, _| {}));
        }
        match r {
            Read::Entry(e, table) => {
                source(e);
                if named {
                    b.push(text_row(&e.name, NAME, width, 1.0));
                }
                b.push(text_row(&e.summary, BODY, width, 2.0));
                if p.full {
                    for para in paragraphs(&e.body).lines() {
                        b.push(text_row(para, CELL, width, 1.0));
                    }
                }
                match table {
                    Some(t) => table_rows(&mut b, t, width, accent),
                    // A table's facts only name its columns, which it prints.
                    None => {
                        for f in &e.facts {
                            b.push(text_row(f, SMALL.with(Rgb8::INK), width, 2.0));
                        }
                    }
                }
            }
            Read::List(_, entries) => {
                for e in entries {
                    source(e);
                    list_rows(&mut b, e, p.full, width);
                }
            }
            Read::Gone(id) => b.push(text_row(&format!("No longer in Tome: {id} (unpin it)"), SMALL, width, 2.0)),
        }
    }
    // Each document once, with the sections read from it.
    let mut by_doc: Vec<(String, BTreeSet<String>)> = Vec::new();
    for (doc, sec) in sources {
        match by_doc.iter_mut().find(|(d, _)| *d == doc) {
            Some((_, secs)) => {
                secs.insert(sec);
            }
            None => by_doc.push((doc, BTreeSet::from([sec]))),
        }
    }
    let cited: Vec<String> = by_doc
        .iter()
        .map(|(doc, secs)| {
            let secs: Vec<String> = secs.iter().map(|s| format!("“{s}”")).collect();
            format!("{doc}: {}", secs.join(", "))
        })
        .collect();
    b.push(text_row(&format!("Source: {}", cited.join("; ")), TINY, width, 3.0));
    Ok(b)
}

/// An entry's Markdown body as plain lines: a list item a line with a bullet, emphasis
/// dropped.
fn paragraphs(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut out = String::new();
    for ev in Parser::new(markdown) {
        match ev {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            Event::Start(Tag::Item) => out.push_str("• "),
            Event::End(TagEnd::Paragraph | TagEnd::Item | TagEnd::Heading(_)) if !out.ends_with('\n') => out.push('\n'),
            _ => {}
        }
    }
    out.trim_end().to_string()
}

/// A paragraph wrapped to the panel, with `gap` points above it.
fn text_row(text: &str, style: Style, width: f32, gap: f32) -> Row {
    let lines = style.wrap(text, width);
    Row::new(gap + lines.len() as f32 * style.line(), move |c, x, y, _| {
        c.lines(x, y + gap, style, &lines);
    })
}

/// One entry of a listed kind: its name in bold, then what it does and its numbers, and
/// with `full` its text a row per paragraph (so a long one may go on in the next column),
/// ruled underneath.
fn list_rows(b: &mut Block, e: &Entry, full: bool, width: f32) {
    let name = NAME.wrap(&e.name, width);
    let summary = CELL.wrap(&e.summary, width);
    let small = SMALL.with(Rgb8::INK);
    let facts: Vec<String> = e.facts.iter().flat_map(|f| small.wrap(f, width)).collect();
    let h =
        2.0 + name.len() as f32 * NAME.line() + summary.len() as f32 * CELL.line() + facts.len() as f32 * SMALL.line();
    b.push(Row::new(h, move |c, x, y, _| {
        let mut cy = y + 2.0;
        cy += c.lines(x, cy, NAME, &name);
        cy += c.lines(x, cy, CELL, &summary);
        c.lines(x, cy, small, &facts);
    }));
    if full {
        for para in paragraphs(&e.body).lines() {
            let lines = small.wrap(para, width);
            b.push(Row::new(lines.len() as f32 * SMALL.line(), move |c, x, y, _| {
                c.lines(x, y, small, &lines);
            }));
        }
    }
    b.push(Row::new(3.0, |c, x, y, w| c.line(x, y + 3.0, x + w, y + 3.0, Rgb8::RULE, 0.4)));
}

/// A table whole: headings, then every row, every cell as the content has it.
fn table_rows(b: &mut Block, t: &Table, width: f32, accent: Rgb8) {
    let cells: Vec<Vec<String>> = t.rows.iter().map(|r| r.cells.clone()).collect();
    let widths = table::fit(&t.columns, &cells, CELL, width);
    b.push(Row::new(3.0, |_, _, _, _| {}));
    b.push(table::head_row(t.columns.clone(), widths.clone(), accent));
    for row in cells {
        b.push(table::row(row.into_iter().map(|s| Cell::Text(s, CELL)).collect(), widths.clone(), 3.0, 0.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdf::Paper;
    use crate::Tome;

    /// Every run of text on every page lies inside a panel's frame, or in the header
    /// band or the footer: nothing runs past its panel.
    fn assert_fits(pages: &[Canvas], page: &Page) {
        let slack = 0.5;
        for (n, c) in pages.iter().enumerate() {
            assert!(!c.boxes.is_empty(), "page {} has no panel", n + 1);
            for &[x, top, w, h] in &c.texts {
                let inside = |b: &[f32; 4]| {
                    x >= b[0] - slack
                        && x + w <= b[0] + b[2] + slack
                        && top >= b[1] - slack
                        && top + h <= b[1] + b[3] + slack
                };
                let in_band = top + h <= page.margin + HEADER_H || top >= page.body_bottom();
                let on_page = x >= page.margin - slack && x + w <= page.width - page.margin + slack;
                assert!(
                    on_page && (in_band || c.boxes.iter().any(inside)),
                    "page {}: text at ({x:.1}, {top:.1}), {w:.1} × {h:.1} is outside every panel",
                    n + 1
                );
            }
        }
    }

    #[test]
    fn every_shipped_screen_fits_its_panels_on_both_papers() {
        let tome = Tome::open_in_memory().unwrap();
        for system in tome.systems().unwrap() {
            let panels = crate::systems::require(&system.id).unwrap().screen();
            assert!(!panels.is_empty(), "{} has no screen", system.id);
            for paper in [Paper::A4, Paper::Letter] {
                let opts = PdfOptions { paper, ..PdfOptions::default() };
                let p = prepare(&tome, &system, &panels, &opts).unwrap();
                assert!(p.page.width > p.page.height, "{}: a screen is landscape", system.id);
                assert_fits(&p.pages, &p.page);
            }
        }
    }

    #[test]
    fn a_gms_own_screen_with_long_pinned_lists_fits_its_panels() {
        let tome = Tome::open_in_memory().unwrap();
        let system = tome.systems().unwrap().into_iter().find(|s| s.id == "ars-magica").unwrap();
        let mut panels = crate::systems::require(&system.id).unwrap().screen();
        panels.push(ScreenPanel::one("ars-magica/weapon"));
        panels.push(ScreenPanel::one("ars-magica/armor"));
        for paper in [Paper::A4, Paper::Letter] {
            let p = prepare(&tome, &system, &panels, &PdfOptions { paper, ..PdfOptions::default() }).unwrap();
            assert_fits(&p.pages, &p.page);
        }
    }

    #[test]
    fn a_screen_without_panels_is_refused() {
        let tome = Tome::open_in_memory().unwrap();
        let system = tome.systems().unwrap().remove(0);
        let e = prepare(&tome, &system, &[], &PdfOptions::default()).err().unwrap();
        assert_eq!(e.code(), crate::ErrorCode::InvalidInput);
    }
}
