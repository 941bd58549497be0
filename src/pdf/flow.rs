//! Placing boxes on pages: a sheet (two columns) or a game master's screen (a column per
//! folded panel) is a sequence of titled blocks, each full width or one column wide,
//! flowed down the columns and onto as many pages as they need. A block is made of rows
//! of known height; a block that does not fit breaks between rows and goes on under its
//! title marked "continued", never through a row.

use super::canvas::{Canvas, Rgb8, Style};
use super::fonts::Weight;

/// Space between columns, and between blocks.
pub(crate) const GUTTER: f32 = 10.0;
/// Padding inside a block's frame.
pub(crate) const PAD: f32 = 5.0;
const TITLE_H: f32 = 13.0;
const TITLE: Style = Style::new(7.5, Weight::Bold, Rgb8::WHITE);

/// How wide a block is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Span {
    Full,
    /// One column of the frame's [`Frame::columns`].
    Column,
}

type Draw = Box<dyn Fn(&mut Canvas, f32, f32, f32)>;

/// One unbreakable line of a block: its height and how to draw it at (x, top) in a
/// given width.
pub(crate) struct Row {
    pub height: f32,
    draw: Draw,
}

impl Row {
    pub fn new(height: f32, draw: impl Fn(&mut Canvas, f32, f32, f32) + 'static) -> Row {
        Row { height, draw: Box::new(draw) }
    }
}

pub(crate) struct Block {
    pub title: String,
    pub span: Span,
    pub rows: Vec<Row>,
}

impl Block {
    pub fn new(title: impl Into<String>, span: Span) -> Block {
        Block { title: title.into(), span, rows: Vec::new() }
    }

    pub fn push(&mut self, row: Row) {
        self.rows.push(row);
    }

    /// The height of the whole block, unbroken.
    pub fn height(&self) -> f32 {
        TITLE_H + 2.0 * PAD + self.rows.iter().map(|r| r.height).sum::<f32>()
    }
}

/// The area a page's blocks go in, and how a new page starts.
pub(crate) struct Frame {
    pub left: f32,
    pub width: f32,
    pub bottom: f32,
    pub accent: Rgb8,
    /// How many columns the page has (a sheet two, a screen one per panel).
    pub columns: usize,
}

impl Frame {
    /// The inner width of a block of `span`: what its rows are laid out in.
    pub fn inner(&self, span: Span) -> f32 {
        self.outer(span) - 2.0 * PAD
    }

    fn outer(&self, span: Span) -> f32 {
        match span {
            Span::Full => self.width,
            Span::Column => (self.width - GUTTER * (self.columns as f32 - 1.0)) / self.columns as f32,
        }
    }
}

/// Pages being filled, a cursor per column on the last one.
pub(crate) struct Flow<'a> {
    pub frame: Frame,
    pub pages: Vec<Canvas>,
    cols: Vec<f32>,
    top: f32,
    start_page: &'a dyn Fn(&mut Canvas) -> f32,
    new_canvas: &'a dyn Fn() -> Canvas,
}

impl<'a> Flow<'a> {
    /// A flow whose pages come from `new_canvas` and are started (header drawn) by
    /// `start_page`, which returns where the body begins.
    pub fn new(
        frame: Frame,
        new_canvas: &'a dyn Fn() -> Canvas,
        start_page: &'a dyn Fn(&mut Canvas) -> f32,
    ) -> Flow<'a> {
        let cols = vec![0.0; frame.columns.max(1)];
        let mut f = Flow { frame, pages: Vec::new(), cols, top: 0.0, start_page, new_canvas };
        f.new_page();
        f
    }

    fn new_page(&mut self) {
        let mut c = (self.new_canvas)();
        self.top = (self.start_page)(&mut c);
        self.cols.fill(self.top);
        self.pages.push(c);
    }

    fn page(&mut self) -> &mut Canvas {
        self.pages.last_mut().expect("a flow always has a page")
    }

    fn fits(&self, y: f32, height: f32) -> bool {
        y + height <= self.frame.bottom + 0.01
    }

    /// The height a block needs before it may start somewhere: all of it when it fits
    /// on an empty page (so short blocks are never broken), else its title and first row.
    fn needs(&self, b: &Block) -> f32 {
        let whole = b.height();
        if whole <= self.frame.bottom - self.top {
            whole
        } else {
            TITLE_H + 2.0 * PAD + b.rows.first().map_or(0.0, |r| r.height)
        }
    }

    /// Puts `b` on the pages.
    pub fn place(&mut self, b: Block) {
        let need = self.needs(&b);
        let (mut col, mut y) = match b.span {
            Span::Full => {
                let y = self.lowest();
                if self.fits(y, need) {
                    (0, y)
                } else {
                    self.new_page();
                    (0, self.top)
                }
            }
            Span::Column => {
                // The shortest column first (the leftmost of near ties), so columns fill evenly.
                let mut left: Vec<usize> = (0..self.cols.len()).collect();
                let mut order = Vec::new();
                while !left.is_empty() {
                    let low = left.iter().map(|&c| self.cols[c]).fold(f32::INFINITY, f32::min);
                    let at = left.iter().position(|&c| self.cols[c] <= low + 0.5).expect("the lowest is in the list");
                    order.push(left.remove(at));
                }
                match order.into_iter().find(|&c| self.fits(self.cols[c], need)) {
                    Some(c) => (c, self.cols[c]),
                    None => {
                        self.new_page();
                        (0, self.top)
                    }
                }
            }
        };
        let outer = self.frame.outer(b.span);
        let mut rows = b.rows.into_iter().peekable();
        let mut continued = false;
        loop {
            let x = self.frame.left + col as f32 * (outer + GUTTER);
            let seg_top = y;
            y += TITLE_H + PAD;
            let mut placed = 0;
            while let Some(r) = rows.peek() {
                if placed > 0 && !self.fits(y, r.height + PAD) {
                    break;
                }
                let r = rows.next().expect("peeked");
                (r.draw)(self.page(), x + PAD, y, outer - 2.0 * PAD);
                y += r.height;
                placed += 1;
            }
            y += PAD;
            let title = if continued { format!("{} (continued)", b.title) } else { b.title.clone() };
            self.frame_segment(x, seg_top, outer, y - seg_top, &title);
            match b.span {
                Span::Full => self.cols.fill(y + GUTTER),
                Span::Column => self.cols[col] = y + GUTTER,
            }
            if rows.peek().is_none() {
                break;
            }
            continued = true;
            // Go on in the next column when there is room there, else on a new page.
            let first = rows.peek().map_or(0.0, |r| r.height);
            let next = col + 1;
            if b.span == Span::Column
                && next < self.cols.len()
                && self.fits(self.cols[next], TITLE_H + 2.0 * PAD + first)
            {
                col = next;
                y = self.cols[next];
            } else {
                self.new_page();
                col = 0;
                y = self.top;
            }
        }
    }

    fn frame_segment(&mut self, x: f32, top: f32, w: f32, h: f32, title: &str) {
        let accent = self.frame.accent;
        let c = self.page();
        c.fill_rect(x, top, w, TITLE_H, accent);
        let title = TITLE.ellipsize(&title.to_uppercase(), w - 2.0 * PAD);
        c.text(x + PAD, top + (TITLE_H - TITLE.size) / 2.0 - 0.5, TITLE, &title);
        c.stroke_rect(x, top, w, h, accent, 0.8);
        c.boxes.push([x, top, w, h]);
    }

    fn lowest(&self) -> f32 {
        self.cols.iter().copied().fold(self.top, f32::max)
    }

    /// The pages, and how far down the last one is used.
    pub fn finish(self) -> (Vec<Canvas>, f32) {
        let used = self.lowest();
        (self.pages, used)
    }
}
