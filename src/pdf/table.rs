//! Tables inside a block: a row of column headings, then a row per line of cells, each
//! cell wrapped to its column (never cut short). The sheet's lists and the game master's
//! screen draw their tables with these.

use super::canvas::{Canvas, Rgb8, Style};
use super::flow::Row;
use super::sheet::{BODY, TINY};

/// Space between two columns.
pub(crate) const COL_GAP: f32 = 6.0;

pub(crate) enum Cell {
    Text(String, Style),
    Tick(bool),
}

pub(crate) struct Column {
    pub title: &'static str,
    /// Fixed width in points, or 0 to share what is left by `flex`.
    pub width: f32,
    pub flex: f32,
}

/// The widths of `cols` in `width`: fixed ones as given, the rest shared by flex.
pub(crate) fn widths(cols: &[Column], width: f32) -> Vec<f32> {
    let fixed: f32 = cols.iter().map(|c| c.width).sum::<f32>() + COL_GAP * (cols.len() as f32 - 1.0);
    let flex: f32 = cols.iter().map(|c| c.flex).sum();
    cols.iter().map(|c| if c.width > 0.0 { c.width } else { (width - fixed) * c.flex / flex }).collect()
}

/// Widths for a table of text whose columns are sized by what they hold: each column
/// gets at least its longest word (so no word is broken when that is possible), and the
/// room left goes to the columns whose text would wrap, in proportion to how much.
pub(crate) fn fit(heads: &[String], rows: &[Vec<String>], style: Style, width: f32) -> Vec<f32> {
    let n = heads.len().max(rows.iter().map(Vec::len).max().unwrap_or(0)).max(1);
    let room = width - COL_GAP * (n as f32 - 1.0);
    let cells = |i: usize| rows.iter().filter_map(move |r| r.get(i));
    let longest_word = |s: &str, st: Style| s.split_whitespace().map(|w| st.width(w)).fold(0.0, f32::max);
    let min: Vec<f32> = (0..n)
        .map(|i| {
            let head = heads.get(i).map_or(0.0, |h| longest_word(&h.to_uppercase(), TINY));
            cells(i).map(|c| longest_word(c, style)).fold(head, f32::max)
        })
        .collect();
    let natural: Vec<f32> = (0..n)
        .map(|i| {
            let head = heads.get(i).map_or(0.0, |h| TINY.width(&h.to_uppercase()));
            cells(i).map(|c| style.width(c)).fold(head, f32::max)
        })
        .collect();
    let min_sum: f32 = min.iter().sum();
    if min_sum >= room {
        // Even the longest words do not fit side by side: share by them, and words break.
        return min.iter().map(|m| room * m / min_sum.max(f32::EPSILON)).collect();
    }
    let natural_sum: f32 = natural.iter().sum();
    if natural_sum <= room {
        // Everything fits on one line: the spare room goes to every column alike.
        let spare = (room - natural_sum) / n as f32;
        return natural.iter().map(|w| w + spare).collect();
    }
    let want: Vec<f32> = natural.iter().zip(&min).map(|(nat, m)| nat - m).collect();
    let want_sum: f32 = want.iter().sum();
    min.iter().zip(&want).map(|(m, w)| m + (room - min_sum) * w / want_sum.max(f32::EPSILON)).collect()
}

/// The headings, wrapped in small capitals over their columns, with a rule under them.
pub(crate) fn head_row(titles: Vec<String>, widths: Vec<f32>, accent: Rgb8) -> Row {
    let lines: Vec<Vec<String>> = titles.iter().zip(&widths).map(|(t, w)| TINY.wrap(&t.to_uppercase(), *w)).collect();
    let n = lines.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let rule = 10.0 + (n as f32 - 1.0) * TINY.line();
    Row::new(rule + 2.0, move |c, x, y, w| {
        let mut cx = x;
        for (l, cw) in lines.iter().zip(&widths) {
            c.lines(cx, y + 1.0, TINY, l);
            cx += cw + COL_GAP;
        }
        c.line(x, y + rule, x + w, y + rule, accent, 0.6);
    })
}

/// One line of cells, as tall as its tallest cell plus `pad` and at least `min` (room to
/// write in by hand on a sheet), ruled underneath.
pub(crate) fn row(cells: Vec<Cell>, widths: Vec<f32>, pad: f32, min: f32) -> Row {
    let wrapped: Vec<(Vec<String>, Style)> = cells
        .iter()
        .zip(&widths)
        .map(|(cell, w)| match cell {
            Cell::Text(t, s) => (s.wrap(t, *w), *s),
            Cell::Tick(_) => (Vec::new(), BODY),
        })
        .collect();
    let h = (wrapped.iter().map(|(l, s)| l.len() as f32 * s.line()).fold(BODY.line(), f32::max) + pad).max(min);
    let ticks: Vec<Option<bool>> = cells.iter().map(|c| if let Cell::Tick(t) = c { Some(*t) } else { None }).collect();
    Row::new(h, move |c: &mut Canvas, x, y, w| {
        let mut cx = x;
        for (i, cw) in widths.iter().enumerate() {
            if let Some(t) = ticks[i] {
                c.tick_box(cx + 2.0, y + 3.5, 8.0, t, Rgb8::GREY);
            } else {
                let (lines, style) = &wrapped[i];
                let top = y + pad / 2.0 + (BODY.size - style.size).max(0.0) * 0.5;
                c.lines(cx, top, *style, lines);
            }
            cx += cw + COL_GAP;
        }
        let bottom = y + h;
        c.line(x, bottom, x + w, bottom, Rgb8::RULE, 0.4);
    })
}
