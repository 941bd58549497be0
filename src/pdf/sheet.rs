//! A character's sheet pages: the header, then the layout's sections as boxes (attribute
//! boxes, fields, tick tracks, families, equipment and lists), the derived stats with
//! their reasons in small type, and what the rules flag. Everything is read from the
//! system's [`SheetLayout`] and [`Derived`], so a system's sheet prints as soon as its
//! layout exists; the few per-system touches are marked as such.

use std::collections::{BTreeSet, HashMap};

use crate::characters::{Character, CharacterItem, CharacterRef, SheetValue};
use crate::model::SystemStyle;
use crate::model::{Detail, Entry};
use crate::sheets::{Derived, DerivedStat, FieldKind, ListKind, SheetField, SheetLayout, SheetList, SheetSection};
use crate::sheets::{Ladder, Tally, Tracker, TrackerPlace};
use crate::Kind;

use super::canvas::{Canvas, Rgb8, Style};
use super::flow::{Block, Flow, Frame, Row, Span};
use super::fonts::Weight;
use super::table::{self, Cell, Column};
use super::Page;

pub(crate) const LABEL: Style = Style::new(7.5, Weight::Regular, Rgb8::GREY);
pub(crate) const BODY: Style = Style::new(8.0, Weight::Regular, Rgb8::INK);
pub(crate) const VALUE: Style = Style::new(9.0, Weight::Bold, Rgb8::INK);
pub(crate) const SMALL: Style = Style::new(6.5, Weight::Regular, Rgb8::GREY);
pub(crate) const TINY: Style = Style::new(6.0, Weight::Regular, Rgb8::GREY);

/// Everything one character's sheet is printed from.
pub(crate) struct SheetInput<'a> {
    pub character: &'a Character,
    pub derived: &'a Derived,
    pub layout: &'a SheetLayout,
    pub system_name: &'a str,
    /// The entries the sheet's items, conditions and spells reference.
    pub entries: &'a HashMap<String, Entry>,
    /// Entry id → the number of its reference card.
    pub cards: &'a HashMap<String, usize>,
    pub printed: Option<String>,
    /// How the system looks: accent, open families.
    pub style: &'a SystemStyle,
}

/// The system's colour for titles and frames (all print well in grey).
pub(crate) fn accent(style: &SystemStyle) -> Rgb8 {
    let (r, g, b) = style.accent_rgb();
    Rgb8(r, g, b)
}

/// The sheet's pages, footers not yet drawn, and how far down the last page is used.
pub(crate) fn pages(input: &SheetInput, page: &Page) -> (Vec<Canvas>, f32) {
    let accent = accent(input.style);
    let frame =
        Frame { left: page.margin, width: page.content_width(), bottom: page.body_bottom(), accent, columns: 2 };
    let new_canvas = || Canvas::new(page.height);
    let first = std::cell::Cell::new(true);
    let start = |c: &mut Canvas| {
        if first.replace(false) {
            header(c, input, page, accent)
        } else {
            running_header(c, &input.character.name, input.system_name, "Character sheet, continued", page, accent)
        }
    };
    let mut flow = Flow::new(frame, &new_canvas, &start);
    for block in blocks(input, &flow.frame) {
        flow.place(block);
    }
    flow.finish()
}

// ---- Headers ----

/// The first page's header: name, system, the header section's fields, dates.
fn header(c: &mut Canvas, input: &SheetInput, page: &Page, accent: Rgb8) -> f32 {
    let ch = input.character;
    let left = page.margin;
    let right = page.width - page.margin;
    let top = page.margin;
    let width = right - left;

    // System and sheet kind at the right, the name as large as fits at the left.
    let sys = Style::new(10.0, Weight::Bold, accent);
    let kind = Style::new(7.5, Weight::Regular, Rgb8::GREY);
    let sys_w = sys.width(input.system_name).max(kind.width(&input.layout.title));
    c.text_right(right, top + 2.0, sys, input.system_name);
    c.text_right(right, top + 15.0, kind, &input.layout.title);
    let name_room = width - sys_w - 16.0;
    let mut name = Style::new(20.0, Weight::Bold, Rgb8::BLACK);
    while name.size > 11.0 && name.width(&ch.name) > name_room {
        name.size -= 1.0;
    }
    let shown = name.ellipsize(&ch.name, name_room);
    c.text(left, top + (20.0 - name.size) * 0.6, name, &shown);

    // The header fields, one cell each, then the dates.
    // (label, value, whether the value is only the choices to circle)
    let mut cells: Vec<(String, String, bool)> = Vec::new();
    if let Some(sec) = input.layout.sections.iter().find(|s| s.id == "header") {
        for f in &sec.fields {
            let cell = match (&f.kind, ch.values.get(&f.key)) {
                (FieldKind::Choice { options }, Some(v)) => {
                    let v = value_text(v);
                    (options.iter().find(|o| o.value == v).map_or(v, |o| o.label.clone()), false)
                }
                (_, Some(v)) => (value_text(v), false),
                (FieldKind::Choice { options }, None) => {
                    (options.iter().map(|o| o.label.as_str()).collect::<Vec<_>>().join(" / "), true)
                }
                _ => (String::new(), false),
            };
            cells.push((f.label.clone(), cell.0, cell.1));
        }
    }
    cells.push(("Saved".into(), format!("{} · revision {}", date(ch.updated), ch.revision), false));
    if let Some(p) = &input.printed {
        cells.push(("Printed".into(), p.clone(), false));
    }
    let per_row = cells.len().clamp(1, 4);
    let gap = 10.0;
    let cell_w = (width - gap * (per_row as f32 - 1.0)) / per_row as f32;
    let mut y = top + 30.0;
    for row in cells.chunks(per_row) {
        for (i, (label, value, placeholder)) in row.iter().enumerate() {
            let x = left + i as f32 * (cell_w + gap);
            c.text(x, y, TINY, &label.to_uppercase());
            let style = if *placeholder { BODY.with(Rgb8::LIGHT) } else { VALUE };
            c.text(x, y + 8.0, style, &style.ellipsize(value, cell_w - 2.0));
            c.line(x, y + 20.0, x + cell_w, y + 20.0, Rgb8::LIGHT, 0.5);
        }
        y += 25.0;
    }
    c.line(left, y + 1.0, right, y + 1.0, accent, 1.6);
    y + 10.0
}

/// The header of every page after the first: who, which system, what the page is.
pub(crate) fn running_header(c: &mut Canvas, name: &str, system: &str, what: &str, page: &Page, accent: Rgb8) -> f32 {
    let left = page.margin;
    let right = page.width - page.margin;
    let top = page.margin;
    let sys = Style::new(8.0, Weight::Bold, accent);
    let right_text = format!("{system} · {what}");
    let rw = sys.width(&right_text);
    let name_style = Style::new(12.0, Weight::Bold, Rgb8::BLACK);
    c.text(left, top, name_style, &name_style.ellipsize(name, right - left - rw - 12.0));
    c.text_right(right, top + 3.0, sys, &right_text);
    c.line(left, top + 18.0, right, top + 18.0, accent, 1.2);
    top + RUNNING_HEADER_H
}

/// How much of a page the running header takes.
pub(crate) const RUNNING_HEADER_H: f32 = 26.0;

// ---- Blocks, in the order they print ----

fn blocks(input: &SheetInput, frame: &Frame) -> Vec<Block> {
    let layout = input.layout;
    let mut grids = Vec::new();
    let mut halves = Vec::new();
    let mut lists = Vec::new();
    let mut notes = Vec::new();
    for sec in &layout.sections {
        if sec.id == "header" {
            continue;
        }
        if let Some(list) = &sec.list {
            lists.push(list_block(input, sec, list, frame));
        } else if !sec.fields.is_empty()
            && sec.fields.iter().all(|f| matches!(f.kind, FieldKind::Text { multiline: true }))
        {
            notes.push(fields_block(input, sec, Span::Full, frame));
        } else if sec.fields.iter().filter(|f| is_attribute(f)).count() >= 3 {
            grids.push(fields_block(input, sec, Span::Full, frame));
        } else {
            halves.push(fields_block(input, sec, Span::Column, frame));
        }
    }
    // A derived group named like a section of the sheet (MythCraft's Attacks, Health,
    // Conditions) prints inside that section, so no heading appears twice.
    let mut derived = Vec::new();
    for d in derived_blocks(input, frame) {
        let same = |b: &&mut Block| b.title.eq_ignore_ascii_case(&d.title);
        match halves.iter_mut().chain(lists.iter_mut()).find(same) {
            Some(b) => b.rows.extend(d.rows),
            None => derived.push(d),
        }
    }
    let mut out = grids;
    out.extend(halves);
    out.extend(pencil_blocks(input, frame));
    out.extend(derived);
    out.extend(lists);
    if let Some(w) = warnings_block(input, frame) {
        out.push(w);
    }
    out.extend(notes);
    out
}

/// A whole-number field with the sheet's abbreviation prints as an attribute box.
fn is_attribute(f: &SheetField) -> bool {
    f.short.is_some() && matches!(f.kind, FieldKind::Int { .. })
}

fn fields_block(input: &SheetInput, sec: &SheetSection, span: Span, frame: &Frame) -> Block {
    let width = frame.inner(span);
    let accent = frame.accent;
    let mut b = Block::new(&sec.title, span);
    // Three or more abbreviated numbers make a row of boxes; one or two read better
    // as lines among the other fields.
    let attrs: Vec<&SheetField> = sec.fields.iter().filter(|f| is_attribute(f)).collect();
    let boxed = attrs.len() >= 3;
    if boxed {
        for row in attribute_rows(input, &attrs, width, accent) {
            b.push(row);
        }
    }
    let ladders: Vec<&Ladder> = input.derived.trackers.iter().filter_map(|t| t.ladder.as_ref()).collect();
    for f in sec.fields.iter().filter(|f| !boxed || !is_attribute(f)) {
        // A ladder the system prints goes where the first field it replaces would be.
        match ladders.iter().find(|l| l.replaces.contains(&f.key)) {
            Some(l) if l.replaces.first() == Some(&f.key) => {
                for row in ladder_rows(l, width, accent) {
                    b.push(row);
                }
            }
            Some(_) => {}
            None => b.push(field_row(input, f, width, accent)),
        }
    }
    if let Some(fam) = &sec.family {
        let ch = input.character;
        let mut members: Vec<(String, String)> =
            fam.suggestions.iter().map(|(k, l)| (format!("{}{k}", fam.prefix), l.clone())).collect();
        let extra: BTreeSet<&String> = ch
            .values
            .keys()
            .filter(|k| {
                k.starts_with(&fam.prefix) && k.len() > fam.prefix.len() && !members.iter().any(|(m, _)| m == *k)
            })
            .collect();
        members.extend(extra.into_iter().map(|k| (k.clone(), input.layout.label(k))));
        for (key, label) in members {
            let value = ch.values.get(&key).map(value_text).unwrap_or_default();
            let warned = input.derived.warnings_for(&key).next().is_some();
            b.push(family_row(label, value, warned, accent));
        }
        if open_family(input.style, &fam.prefix) {
            for _ in 0..3 {
                b.push(family_row(String::new(), String::new(), false, accent));
            }
        }
    }
    b
}

/// Boxes with the abbreviation on top, the value large, the full name below.
fn attribute_rows(input: &SheetInput, fields: &[&SheetField], width: f32, accent: Rgb8) -> Vec<Row> {
    let gap = 6.0;
    let per_row = (((width + gap) / (46.0 + gap)).floor() as usize).clamp(1, fields.len());
    let box_w = ((width - gap * (per_row as f32 - 1.0)) / per_row as f32).min(74.0);
    let box_h = 44.0;
    let short = Style::new(7.5, Weight::Bold, accent);
    let big = Style::new(17.0, Weight::Bold, Rgb8::BLACK);
    fields
        .chunks(per_row)
        .map(|chunk| {
            let cells: Vec<(String, String, String, bool)> = chunk
                .iter()
                .map(|f| {
                    let value = input.character.values.get(&f.key).map(value_text).unwrap_or_default();
                    let warned = input.derived.warnings_for(&f.key).next().is_some();
                    (f.short.clone().unwrap_or_default(), value, f.label.clone(), warned)
                })
                .collect();
            Row::new(box_h + 6.0, move |c, x, y, _| {
                for (i, (abbr, value, label, warned)) in cells.iter().enumerate() {
                    let bx = x + i as f32 * (box_w + gap);
                    c.fill_rect(bx, y, box_w, 11.0, accent.tint(0.86));
                    c.stroke_rect(bx, y, box_w, box_h, accent, 0.8);
                    let abbr = if *warned { format!("{abbr} ⚠") } else { abbr.clone() };
                    c.text_center(bx + box_w / 2.0, y + 2.0, short, &abbr);
                    c.text_center(bx + box_w / 2.0, y + 13.5, big, &big.ellipsize(value, box_w - 4.0));
                    if label != abbr.trim_end_matches(" ⚠") {
                        c.text_center(bx + box_w / 2.0, y + box_h - 9.0, TINY, &TINY.ellipsize(label, box_w - 3.0));
                    }
                }
            })
        })
        .collect()
}

/// One fixed field: a value box, tick boxes, a written line or the choices.
fn field_row(input: &SheetInput, f: &SheetField, width: f32, accent: Rgb8) -> Row {
    let value = input.character.values.get(&f.key);
    let warned = input.derived.warnings_for(&f.key).next().is_some();
    let label = if warned { format!("{} ⚠", f.label) } else { f.label.clone() };
    match &f.kind {
        FieldKind::Int { .. } => {
            let text = value.map(value_text).unwrap_or_default();
            let label = match &f.short {
                Some(short) if *short != f.label => format!("{label} ({short})"),
                _ => label,
            };
            let tally = field_tally(input, &f.key);
            let extra = tally.as_ref().map_or(0.0, |t| tally_layout(t, width).3 + 2.0);
            Row::new(17.0 + extra, move |c, x, y, w| {
                c.text(x, y + 3.0, BODY, &label);
                let bw = 30.0;
                c.stroke_rect(x + w - bw, y + 1.0, bw, 13.0, accent, 0.6);
                c.text_center(x + w - bw / 2.0, y + 3.0, VALUE, &text);
                if let Some(t) = &tally {
                    draw_tally(c, t, x, y + 17.0, w, accent);
                }
            })
        }
        FieldKind::Track { max } => track_row(label, &f.help, value, *max, width, accent),
        FieldKind::Text { multiline: false } => {
            let text = value.map(value_text).unwrap_or_default();
            let lw = LABEL.width(&label) + 6.0;
            let lines = VALUE.wrap(&text, (width - lw).max(40.0));
            let h = 5.0 + lines.len() as f32 * VALUE.line();
            Row::new(h.max(16.0), move |c, x, y, w| {
                c.text(x, y + 4.0, LABEL, &label);
                for (i, l) in lines.iter().enumerate() {
                    let ly = y + 2.0 + i as f32 * VALUE.line();
                    c.text(x + lw, ly, VALUE, l);
                    c.line(x + lw, ly + VALUE.line() + 1.0, x + w, ly + VALUE.line() + 1.0, Rgb8::LIGHT, 0.5);
                }
            })
        }
        FieldKind::Text { multiline: true } => {
            let text = value.map(value_text).unwrap_or_default();
            let lines: Vec<String> = if text.is_empty() { Vec::new() } else { BODY.wrap(&text, width) };
            // Room to write in pencil: at least six ruled lines.
            let ruled = lines.len().max(6) + 2;
            let lh = 14.0;
            Row::new(ruled as f32 * lh + 2.0, move |c, x, y, w| {
                for i in 0..ruled {
                    let base = y + (i + 1) as f32 * lh;
                    c.line(x, base, x + w, base, Rgb8::RULE, 0.5);
                    if let Some(l) = lines.get(i) {
                        c.text(x + 1.0, base - BODY.size - 2.5, BODY, l);
                    }
                }
            })
        }
        FieldKind::Choice { options } => {
            let chosen = value.map(value_text).unwrap_or_default();
            let options = options.clone();
            let lw = BODY.width(&label) + 10.0;
            Row::new(16.0, move |c, x, y, w| {
                c.text(x, y + 3.0, BODY, &label);
                let mut ox = x + lw.min(w * 0.45);
                for o in &options {
                    c.tick_box(ox, y + 3.5, 8.0, o.value == chosen, accent);
                    ox += 11.0 + c.text(ox + 11.0, y + 3.0, BODY, &o.label) + 9.0;
                }
            })
        }
    }
}

/// Tick boxes: their size and spacing.
const BOX: f32 = 9.0;
const BOX_GAP: f32 = 3.0;

/// How many boxes fit a row of `width`, and how many rows `n` boxes take.
fn boxes_layout(n: i64, width: f32) -> (i64, i64) {
    let per_row = (((width + BOX_GAP) / (BOX + BOX_GAP)).floor() as i64).max(1);
    (per_row, (n + per_row - 1) / per_row)
}

/// `n` boxes from (`x`, `top`), the first `marked` crossed.
fn draw_boxes(c: &mut Canvas, x: f32, top: f32, n: i64, marked: i64, per_row: i64, accent: Rgb8) {
    for i in 0..n {
        let (r, col) = (i / per_row, i % per_row);
        c.tick_box(x + col as f32 * (BOX + BOX_GAP), top + r as f32 * (BOX + BOX_GAP), BOX, i < marked, accent);
    }
}

/// Where a tally's hint and boxes go in `width`: the boxes after the hint on one line
/// when they fit there, else on lines of their own under it. Returns the x offset and
/// top offset of the boxes, boxes per row, and the height taken.
fn tally_layout(t: &Tally, width: f32) -> (f32, f32, i64, f32) {
    let hint_w = TINY.width(&t.hint) + 6.0;
    let one_line = hint_w + t.boxes as f32 * (BOX + BOX_GAP) <= width;
    if one_line {
        (hint_w, 0.0, t.boxes.max(1), BOX + 4.0)
    } else {
        let (per_row, rows) = boxes_layout(t.boxes, width);
        (0.0, 9.0, per_row, 9.0 + rows as f32 * (BOX + BOX_GAP) + 1.0)
    }
}

/// Draws a tally laid out by [`tally_layout`] from (`x`, `top`).
fn draw_tally(c: &mut Canvas, t: &Tally, x: f32, top: f32, width: f32, accent: Rgb8) {
    let (dx, dy, per_row, _) = tally_layout(t, width);
    c.text(x, top + 1.5, TINY, &t.hint);
    draw_boxes(c, x + dx, top + dy, t.boxes, t.marked, per_row, accent);
}

/// A track: a box to tick for each point, the ones already marked crossed, with the
/// field's help beside its label.
fn track_row(label: String, help: &str, value: Option<&SheetValue>, max: i64, width: f32, accent: Rgb8) -> Row {
    let marked = match value {
        Some(SheetValue::Int(n)) => (*n).clamp(0, max),
        _ => 0,
    };
    // Long tracks (a count with no practical limit) get a row of boxes to tick and
    // room for more, not a hundred boxes.
    let shown = if max <= 40 { max } else { (((marked + 4) / 5) * 5).clamp(10, 40) };
    let (per_row, rows) = boxes_layout(shown, width);
    let count = if max <= 40 { format!("{marked} of {max}") } else { marked.to_string() };
    let room = width - BODY.width(&label) - SMALL.width(&count) - 16.0;
    let help = if room > 30.0 { TINY.ellipsize(help, room) } else { String::new() };
    Row::new(13.0 + rows as f32 * (BOX + BOX_GAP) + 2.0, move |c, x, y, w| {
        let lw = c.text(x, y + 1.5, BODY, &label);
        c.text(x + lw + 6.0, y + 3.0, TINY, &help);
        c.text_right(x + w, y + 2.5, SMALL, &count);
        draw_boxes(c, x, y + 12.0, shown, marked, per_row, accent);
    })
}

/// A ladder of named steps: a heading row, a row per step with a box to mark (the
/// current step in bold), and its note.
fn ladder_rows(l: &Ladder, width: f32, accent: Rgb8) -> Vec<Row> {
    let mark_w = 14.0;
    let rest = width - mark_w;
    // The first two columns are short (a name, a penalty); the last takes what is left.
    let fixed = [rest * 0.27, rest * 0.22];
    let widths: Vec<f32> = (0..l.columns.len())
        .map(|i| fixed.get(i).copied().unwrap_or_else(|| rest - fixed.iter().sum::<f32>() - 6.0 * i as f32))
        .collect();
    let mut rows = Vec::new();
    let (heads, hw) = (l.columns.clone(), widths.clone());
    rows.push(Row::new(11.0, move |c, x, y, _| {
        let mut cx = x + mark_w;
        for (h, w) in heads.iter().zip(&hw) {
            c.text(cx, y + 1.0, LABEL, &h.to_uppercase());
            cx += w + 6.0;
        }
    }));
    for step in &l.steps {
        let style = if step.current { Style::new(BODY.size, Weight::Bold, Rgb8::INK) } else { BODY };
        let cells: Vec<Vec<String>> = step.cells.iter().zip(&widths).map(|(t, w)| style.wrap(t, *w)).collect();
        let lines = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let h = lines as f32 * style.line() + 5.0;
        let (mark, widths) = (step.mark.clone(), widths.clone());
        rows.push(Row::new(h, move |c, x, y, w| {
            c.stroke_rect(x, y + 2.0, BOX, BOX, accent, 0.6);
            if !mark.is_empty() {
                c.text_center(x + BOX / 2.0, y + 2.5, Style::new(6.5, Weight::Bold, accent), &mark);
            }
            let mut cx = x + mark_w;
            for (lines, cw) in cells.iter().zip(&widths) {
                c.lines(cx, y + 2.5, style, lines);
                cx += cw + 6.0;
            }
            c.line(x, y + h, x + w, y + h, Rgb8::RULE, 0.4);
        }));
    }
    let note = TINY.wrap(&l.note, width);
    let nh = note.len() as f32 * TINY.line() + 4.0;
    rows.push(Row::new(nh, move |c, x, y, _| {
        c.lines(x, y + 2.5, TINY, &note);
    }));
    rows
}

/// The boxes the system puts under the field `key`, if any.
fn field_tally(input: &SheetInput, key: &str) -> Option<Tally> {
    tally_at(&input.derived.trackers, &TrackerPlace::Field(key.to_string()))
}

/// The boxes the system puts under the derived stat `s`, if any.
fn stat_tally(trackers: &[Tracker], s: &DerivedStat) -> Option<Tally> {
    tally_at(trackers, &TrackerPlace::Stat(s.key.clone()))
}

fn tally_at(trackers: &[Tracker], place: &TrackerPlace) -> Option<Tally> {
    trackers.iter().find(|t| t.place == *place).and_then(|t| t.tallies.first().cloned())
}

/// The system's blocks to pencil in during play (Primal Wild's Duel Arcane): lines to
/// write on, then rows of boxes.
fn pencil_blocks(input: &SheetInput, frame: &Frame) -> Vec<Block> {
    let width = frame.inner(Span::Column);
    let accent = frame.accent;
    let mut out = Vec::new();
    for t in input.derived.trackers.iter().filter(|t| t.place == TrackerPlace::Block) {
        let mut b = Block::new(&t.title, Span::Column);
        for label in t.lines.clone() {
            b.push(Row::new(16.0, move |c, x, y, w| {
                let lw = c.text(x, y + 3.0, BODY, &label);
                c.line(x + lw + 6.0, y + 13.0, x + w, y + 13.0, Rgb8::LIGHT, 0.5);
            }));
        }
        for t in t.tallies.clone() {
            let h = 13.0 + tally_layout(&t, width).3;
            b.push(Row::new(h, move |c, x, y, w| {
                c.text(x, y + 1.5, BODY, &t.label);
                draw_tally(c, &t, x, y + 12.0, w, accent);
            }));
        }
        out.push(b);
    }
    out
}

/// Families whose members the player names freely get blank lines to add more in
/// pencil. The others list every member already.
fn open_family(style: &SystemStyle, prefix: &str) -> bool {
    style.open_families.iter().any(|p| p == prefix)
}

fn family_row(label: String, value: String, warned: bool, accent: Rgb8) -> Row {
    Row::new(14.0, move |c, x, y, w| {
        let bw = 26.0;
        if label.is_empty() {
            c.line(x, y + 11.0, x + w - bw - 8.0, y + 11.0, Rgb8::LIGHT, 0.5);
        } else {
            let shown = if warned { format!("{label} ⚠") } else { label.clone() };
            c.text(x, y + 2.5, BODY, &BODY.ellipsize(&shown, w - bw - 10.0));
            c.line(x + BODY.width(&shown) + 3.0, y + 10.5, x + w - bw - 4.0, y + 10.5, Rgb8::RULE, 0.4);
        }
        c.stroke_rect(x + w - bw, y + 1.0, bw, 12.0, accent, 0.6);
        c.text_center(x + w - bw / 2.0, y + 2.5, VALUE, &value);
    })
}

// ---- Lists: equipment, conditions, spells ----

fn list_block(input: &SheetInput, sec: &SheetSection, list: &SheetList, frame: &Frame) -> Block {
    let width = frame.inner(Span::Full);
    let accent = frame.accent;
    let mut b = Block::new(&sec.title, Span::Full);
    let ch = input.character;
    let card = |id: &str| input.cards.get(id).map(|n| format!("#{n}")).unwrap_or_default();
    let (cols, rows): (Vec<Column>, Vec<Vec<Cell>>) = match list.list {
        ListKind::Items => {
            let mut cols = Vec::new();
            if list.equip {
                cols.push(Column { title: "Eq.", width: 18.0, flex: 0.0 });
            }
            cols.push(Column { title: "Item", width: 0.0, flex: 1.0 });
            let qty = list.equip || ch.items.iter().any(|i| i.quantity > 1);
            if qty {
                cols.push(Column { title: "Qty", width: 22.0, flex: 0.0 });
            }
            cols.push(Column { title: "Details", width: 0.0, flex: 2.2 });
            cols.push(Column { title: "Card", width: 24.0, flex: 0.0 });
            let rows = ch
                .items
                .iter()
                .map(|i| {
                    let mut r = Vec::new();
                    if list.equip {
                        r.push(Cell::Tick(i.equipped));
                    }
                    r.push(Cell::Text(item_name(i), VALUE.with(Rgb8::INK)));
                    if qty {
                        r.push(Cell::Text(i.quantity.to_string(), BODY));
                    }
                    r.push(Cell::Text(item_facts(input, input.entries.get(&i.entry_id), i), SMALL.with(Rgb8::INK)));
                    r.push(Cell::Text(card(&i.entry_id), BODY));
                    r
                })
                .collect();
            (cols, rows)
        }
        ListKind::Conditions | ListKind::Spells => {
            let refs: &[CharacterRef] = if list.list == ListKind::Conditions { &ch.conditions } else { &ch.spells };
            let cols = vec![
                Column { title: "Name", width: 0.0, flex: 1.0 },
                Column { title: "In short", width: 0.0, flex: 2.6 },
                Column { title: "Card", width: 24.0, flex: 0.0 },
            ];
            let rows = refs
                .iter()
                .map(|r| {
                    let mut name = r.name.clone();
                    if r.retired {
                        name.push_str(" (no longer in Tome's content)");
                    }
                    let facts = input.entries.get(&r.entry_id).map(ref_facts).unwrap_or_default();
                    vec![
                        Cell::Text(name, VALUE.with(Rgb8::INK)),
                        Cell::Text(facts, SMALL.with(Rgb8::INK)),
                        Cell::Text(card(&r.entry_id), BODY),
                    ]
                })
                .collect();
            (cols, rows)
        }
    };
    let widths = table::widths(&cols, width);
    b.push(table::head_row(cols.iter().map(|c| c.title.to_string()).collect(), widths.clone(), accent));
    if !list.help.is_empty() && rows.is_empty() {
        let lines = TINY.wrap(&list.help, width);
        b.push(Row::new(lines.len() as f32 * TINY.line() + 4.0, move |c, x, y, _| {
            c.lines(x, y + 2.0, TINY, &lines);
        }));
    }
    for cells in rows {
        b.push(table::row(cells, widths.clone(), 6.0, 16.0));
    }
    // Blank lines to add what the character picks up at the table.
    let blanks = if list.single { usize::from(ch.items.is_empty()) } else { 3 };
    for _ in 0..blanks {
        let cells: Vec<Cell> = (0..widths.len())
            .map(|i| {
                if list.equip && list.list == ListKind::Items && i == 0 {
                    Cell::Tick(false)
                } else {
                    Cell::Text(String::new(), BODY)
                }
            })
            .collect();
        b.push(table::row(cells, widths.clone(), 6.0, 16.0));
    }
    // The section's own fields (other load…) after the list.
    for f in &sec.fields {
        b.push(field_row(input, f, width, accent));
    }
    b
}

fn item_name(i: &CharacterItem) -> String {
    let mut s = i.name.clone();
    if i.retired {
        s.push_str(" (no longer in Tome's content)");
    }
    s
}

/// The numbers of an item, in a line: weapon statistics, armour protection, a
/// position's profile as the character plays it; for anything else the entry's summary.
fn item_facts(input: &SheetInput, entry: Option<&Entry>, item: &CharacterItem) -> String {
    let Some(e) = entry else { return String::new() };
    let mut parts: Vec<String> = Vec::new();
    match &e.detail {
        Some(Detail::Weapon(w)) => {
            for (label, v) in [("Init", w.init), ("Atk", w.atk), ("Dfn", w.dfn), ("Dam", w.dam), ("Str", w.str)] {
                parts.push(format!("{label} {}", v.map_or("n/a".to_string(), signed)));
            }
            if let Some(l) = w.load {
                parts.push(format!("Load {l}"));
            }
            if let Some(r) = w.range {
                parts.push(format!("Range {r}"));
            }
            parts.push(format!("{} ({})", w.ability, w.group));
        }
        Some(Detail::Armor(a)) => {
            let worn = item.coverage.map(|c| c.as_str());
            for (name, cov) in [("partial", a.partial), ("full", a.full)] {
                if let Some(cov) = cov {
                    let mark = if worn == Some(name) { " (worn)" } else { "" };
                    parts.push(format!("{name}{mark}: Prot {}, Load {}", cov.prot, cov.load));
                }
            }
        }
        Some(Detail::Position(roster)) => {
            let ch = input.character;
            let played = crate::systems::get(&ch.system).and_then(|sys| sys.position_played(roster, &|k| ch.int(k)));
            let p = played.as_ref().unwrap_or(roster);
            parts.push(format!("{}: MA {} ST {} AG {} AV {}", p.race, p.ma, p.st, p.ag, p.av));
            if !p.skills.is_empty() {
                parts.push(format!("Skills: {}", p.skills.join(", ")));
            }
            if let Some(s) = &p.spell {
                parts.push(format!("Racial spell: {s}"));
            }
        }
        _ => parts.push(e.summary.clone()),
    }
    parts.join(" · ")
}

/// A condition's or spell's line in its list: the summary, and a spell's roll.
fn ref_facts(e: &Entry) -> String {
    match &e.detail {
        Some(Detail::Spell(s)) => format!("Success {} · {}", s.success, e.summary),
        _ => e.summary.clone(),
    }
}

// ---- Derived stats and warnings ----

fn derived_blocks(input: &SheetInput, frame: &Frame) -> Vec<Block> {
    let mut groups: Vec<(String, Vec<&DerivedStat>)> = Vec::new();
    for s in &input.derived.stats {
        match groups.iter_mut().find(|(g, _)| *g == s.group) {
            Some((_, v)) => v.push(s),
            None => groups.push((s.group.clone(), vec![s])),
        }
    }
    let width = frame.inner(Span::Column);
    groups
        .into_iter()
        .map(|(group, stats)| {
            let mut b = Block::new(group, Span::Column);
            let mut i = 0;
            while i < stats.len() {
                // Three or more short numbers in a row (a profile: MA ST AG AV) read
                // best side by side in boxes.
                let run = stats[i..].iter().take_while(|s| is_short_stat(s)).count();
                if run >= 3 {
                    for row in stat_boxes(&stats[i..i + run], width, frame.accent) {
                        b.push(row);
                    }
                    i += run;
                    continue;
                }
                let s = stats[i];
                let warned = input.derived.warnings_for(&s.key).next().is_some();
                b.push(stat_row(s, warned, stat_tally(&input.derived.trackers, s), width, frame.accent));
                i += 1;
            }
            b
        })
        .collect()
}

fn is_short_stat(s: &DerivedStat) -> bool {
    s.label.chars().count() <= 4 && s.value.is_i64()
}

/// Short stats side by side: the label on top, the value large, the reason below.
fn stat_boxes(stats: &[&DerivedStat], width: f32, accent: Rgb8) -> Vec<Row> {
    let gap = 5.0;
    let per_row = (((width + gap) / (40.0 + gap)).floor() as usize).clamp(1, stats.len());
    let box_w = ((width - gap * (per_row as f32 - 1.0)) / per_row as f32).min(70.0);
    let box_h = 40.0;
    let head = Style::new(7.5, Weight::Bold, accent);
    let big = Style::new(15.0, Weight::Bold, Rgb8::BLACK);
    stats
        .chunks(per_row)
        .map(|chunk| {
            let cells: Vec<(String, String, String)> =
                chunk.iter().map(|s| (s.label.clone(), s.value_text(), s.breakdown())).collect();
            Row::new(box_h + 5.0, move |c, x, y, _| {
                for (i, (label, value, why)) in cells.iter().enumerate() {
                    let bx = x + i as f32 * (box_w + gap);
                    c.fill_rect(bx, y, box_w, 11.0, accent.tint(0.86));
                    c.stroke_rect(bx, y, box_w, box_h, accent, 0.8);
                    c.text_center(bx + box_w / 2.0, y + 2.0, head, label);
                    c.text_center(bx + box_w / 2.0, y + 13.0, big, value);
                    c.text_center(bx + box_w / 2.0, y + box_h - 8.5, TINY, &TINY.ellipsize(why, box_w - 3.0));
                }
            })
        })
        .collect()
}

/// A derived stat: its label, its value in a box, and why in small type below; and
/// boxes to tick where the system uses the number that way.
fn stat_row(s: &DerivedStat, warned: bool, tally: Option<Tally>, width: f32, accent: Rgb8) -> Row {
    let label = if warned { format!("{} ⚠", s.label) } else { s.label.clone() };
    let value = s.value_text();
    let why = s.breakdown();
    let big = Style::new(10.0, Weight::Bold, Rgb8::BLACK);
    let inline = big.width(&value) <= width * 0.3;
    let box_w = if inline { big.width(&value).max(18.0) + 8.0 } else { 0.0 };
    let label_lines = BODY.wrap(&label, width - box_w - 6.0);
    let value_lines = if inline { Vec::new() } else { VALUE.wrap(&value, width - 8.0) };
    let why_lines = if why.is_empty() { Vec::new() } else { SMALL.wrap(&why, width - 6.0) };
    // The label is drawn 2.5 pt down; a value on its own lines starts below that.
    let head = if inline {
        (label_lines.len() as f32 * BODY.line()).max(15.0)
    } else {
        label_lines.len() as f32 * BODY.line() + 2.5
    };
    let extra = tally.as_ref().map_or(0.0, |t| tally_layout(t, width).3 + 2.0);
    let h = head + value_lines.len() as f32 * VALUE.line() + why_lines.len() as f32 * SMALL.line() + 5.0 + extra;
    Row::new(h, move |c, x, y, w| {
        c.lines(x, y + 2.5, BODY, &label_lines);
        if inline {
            c.fill_rect(x + w - box_w, y + 1.0, box_w, 14.0, accent.tint(0.9));
            c.stroke_rect(x + w - box_w, y + 1.0, box_w, 14.0, accent, 0.6);
            c.text_center(x + w - box_w / 2.0, y + 2.5, big, &value);
        }
        let mut ly = y + head;
        ly += c.lines(x + 4.0, ly, VALUE, &value_lines);
        ly += c.lines(x + 6.0, ly, SMALL, &why_lines);
        if let Some(t) = &tally {
            draw_tally(c, t, x, ly + 1.0, w, accent);
        }
        c.line(x, y + h - 0.5, x + w, y + h - 0.5, Rgb8::RULE, 0.3);
    })
}

fn warnings_block(input: &SheetInput, frame: &Frame) -> Option<Block> {
    if input.derived.warnings.is_empty() {
        return None;
    }
    let width = frame.inner(Span::Full);
    let mut b = Block::new("To check", Span::Full);
    for w in &input.derived.warnings {
        let about = w.field.as_deref().map(|f| format!("{}: ", field_name(input, f))).unwrap_or_default();
        let lines = BODY.wrap(&format!("{about}{}", w.message), width - 12.0);
        let accent = frame.accent;
        b.push(Row::new(lines.len() as f32 * BODY.line() + 3.0, move |c, x, y, _| {
            c.text(x, y + 1.0, BODY.with(accent), "⚠");
            c.lines(x + 12.0, y + 1.0, BODY, &lines);
        }));
    }
    Some(b)
}

/// What a warning's field is called on the sheet.
fn field_name(input: &SheetInput, field: &str) -> String {
    if let Some((_, id)) = field.split_once(':') {
        let c = input.character;
        return c
            .items
            .iter()
            .map(|i| (&i.entry_id, &i.name))
            .chain(c.conditions.iter().chain(&c.spells).map(|r| (&r.entry_id, &r.name)))
            .find(|(e, _)| e.as_str() == id)
            .map_or_else(|| id.to_string(), |(_, n)| n.clone());
    }
    input.layout.label(field)
}

// ---- Values ----

pub(crate) fn value_text(v: &SheetValue) -> String {
    match v {
        SheetValue::Int(n) => n.to_string(),
        SheetValue::Text(s) => s.clone(),
    }
}

/// `YYYY-MM-DD` of a Unix time, in UTC (a printed sheet reads the same anywhere).
pub(crate) fn date(unix: i64) -> String {
    jiff::Timestamp::from_second(unix).map(|t| t.strftime("%Y-%m-%d").to_string()).unwrap_or_else(|_| unix.to_string())
}

/// `+2`, `-1`, `0`: a modifier as the tables print it.
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// Every kind of entry a list may hold whose card is printed (weapons, armour and
/// positions are fully described by their row).
pub(crate) fn has_card(kind: Kind) -> bool {
    !matches!(kind, Kind::Weapon | Kind::Armor | Kind::Position | Kind::Table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_767_225_599), "2025-12-31");
        assert_eq!(date(-86_400), "1969-12-31");
    }
}
