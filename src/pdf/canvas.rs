//! One page being drawn: text and shapes in points from the page's top-left corner
//! (the PDF's own origin is bottom-left; only this file knows).

use std::collections::BTreeSet;

use printpdf::{
    Color, FontId, LineDashPattern, LinePoint, Op, PaintMode, PdfFontHandle, Point, Polygon, PolygonRing, Pt, Rgb,
    TextItem, TextRenderingMode, WindingOrder,
};

use super::fonts::{fonts, Face, Missing, Weight};

/// An RGB colour, 0–255 a channel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rgb8(pub u8, pub u8, pub u8);

impl Rgb8 {
    pub const BLACK: Rgb8 = Rgb8(0x1a, 0x1a, 0x1a);
    pub const INK: Rgb8 = Rgb8(0x22, 0x22, 0x22);
    pub const GREY: Rgb8 = Rgb8(0x5c, 0x5c, 0x5c);
    pub const LIGHT: Rgb8 = Rgb8(0xa8, 0xa8, 0xa8);
    pub const RULE: Rgb8 = Rgb8(0xc8, 0xc8, 0xc8);
    pub const WHITE: Rgb8 = Rgb8(0xff, 0xff, 0xff);

    fn color(self) -> Color {
        Color::Rgb(Rgb {
            r: f32::from(self.0) / 255.0,
            g: f32::from(self.1) / 255.0,
            b: f32::from(self.2) / 255.0,
            icc_profile: None,
        })
    }

    /// This colour mixed with white: `amount` 0 is this colour, 1 is white.
    pub fn tint(self, amount: f32) -> Rgb8 {
        let mix = |c: u8| (f32::from(c) + (255.0 - f32::from(c)) * amount).round().clamp(0.0, 255.0) as u8;
        Rgb8(mix(self.0), mix(self.1), mix(self.2))
    }
}

/// How a run of text is set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Style {
    pub size: f32,
    pub weight: Weight,
    pub color: Rgb8,
}

impl Style {
    pub const fn new(size: f32, weight: Weight, color: Rgb8) -> Style {
        Style { size, weight, color }
    }

    pub fn width(&self, s: &str) -> f32 {
        fonts().width(s, self.weight, self.size)
    }

    /// The height a line of this style takes.
    pub fn line(&self) -> f32 {
        self.size * 1.22
    }

    pub fn wrap(&self, s: &str, width: f32) -> Vec<String> {
        fonts().wrap(s, self.weight, self.size, width)
    }

    pub fn ellipsize(&self, s: &str, width: f32) -> String {
        fonts().ellipsize(s, self.weight, self.size, width)
    }

    pub fn with(self, color: Rgb8) -> Style {
        Style { color, ..self }
    }
}

pub(crate) struct Canvas {
    height: f32,
    ops: Vec<Op>,
    /// The faces this page uses (only those are embedded).
    pub faces: BTreeSet<Face>,
    pub missing: Missing,
    /// Every run of text drawn, as [x, top, width, height]: how tests prove that nothing
    /// runs past its box.
    pub texts: Vec<[f32; 4]>,
    /// Every framed block drawn, as [x, top, width, height].
    pub boxes: Vec<[f32; 4]>,
}

impl Canvas {
    /// An empty page `height` points tall (the width is the caller's business).
    pub fn new(height: f32) -> Canvas {
        Canvas {
            height,
            ops: Vec::new(),
            faces: BTreeSet::new(),
            missing: Missing::default(),
            texts: Vec::new(),
            boxes: Vec::new(),
        }
    }

    pub fn into_ops(self) -> Vec<Op> {
        self.ops
    }

    fn pt(&self, x: f32, y: f32) -> Point {
        Point { x: Pt(x), y: Pt(self.height - y) }
    }

    /// `s` with its top-left at (`x`, `top`); returns its width.
    pub fn text(&mut self, x: f32, top: f32, style: Style, s: &str) -> f32 {
        let f = fonts();
        let baseline = top + f.ascent(style.size);
        let runs = f.runs(s, style.weight, &mut self.missing);
        if runs.is_empty() {
            return 0.0;
        }
        self.ops.push(Op::SetFillColor { col: style.color.color() });
        self.ops.push(Op::StartTextSection);
        let pos = self.pt(x, baseline);
        let mut first = true;
        // The CJK face has one weight: in a bold line it is drawn with a thin outline of
        // its own colour, which reads as bold.
        let fake_bold = style.weight == Weight::Bold;
        let mut outlined = false;
        for (face, run) in runs {
            self.faces.insert(face);
            self.ops.push(Op::SetFont {
                font: PdfFontHandle::External(FontId(face.resource().into())),
                size: Pt(style.size),
            });
            if first {
                self.ops.push(Op::SetTextCursor { pos });
                first = false;
            }
            let outline = fake_bold && face == Face::Cjk;
            if outline != outlined {
                if outline {
                    self.ops.push(Op::SetOutlineColor { col: style.color.color() });
                    self.ops.push(Op::SetOutlineThickness { pt: Pt(style.size * 0.04) });
                }
                let mode = if outline { TextRenderingMode::FillStroke } else { TextRenderingMode::Fill };
                self.ops.push(Op::SetTextRenderingMode { mode });
                outlined = outline;
            }
            self.ops.push(Op::ShowText { items: vec![TextItem::Text(run)] });
        }
        if outlined {
            self.ops.push(Op::SetTextRenderingMode { mode: TextRenderingMode::Fill });
        }
        self.ops.push(Op::EndTextSection);
        let width = style.width(s);
        self.texts.push([x, top, width, style.line()]);
        width
    }

    /// `s` right-aligned to `right`.
    pub fn text_right(&mut self, right: f32, top: f32, style: Style, s: &str) {
        let w = style.width(s);
        self.text(right - w, top, style, s);
    }

    /// `s` centred on `cx`.
    pub fn text_center(&mut self, cx: f32, top: f32, style: Style, s: &str) {
        let w = style.width(s);
        self.text(cx - w / 2.0, top, style, s);
    }

    /// Lines of text one under another; returns the height used.
    pub fn lines(&mut self, x: f32, top: f32, style: Style, lines: &[String]) -> f32 {
        for (i, l) in lines.iter().enumerate() {
            self.text(x, top + i as f32 * style.line(), style, l);
        }
        lines.len() as f32 * style.line()
    }

    fn path(&mut self, points: &[(f32, f32)], closed: bool, mode: PaintMode) {
        let mut pts: Vec<LinePoint> =
            points.iter().map(|&(x, y)| LinePoint { p: self.pt(x, y), bezier: false }).collect();
        if closed {
            if let Some(first) = pts.first().cloned() {
                pts.push(first);
            }
        }
        self.ops.push(Op::DrawPolygon {
            polygon: Polygon { rings: vec![PolygonRing { points: pts }], mode, winding_order: WindingOrder::NonZero },
        });
    }

    fn stroke_style(&mut self, color: Rgb8, thickness: f32) {
        self.ops.push(Op::SetOutlineColor { col: color.color() });
        self.ops.push(Op::SetOutlineThickness { pt: Pt(thickness) });
    }

    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb8) {
        self.ops.push(Op::SetFillColor { col: color.color() });
        self.path(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], true, PaintMode::Fill);
    }

    pub fn stroke_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb8, thickness: f32) {
        self.stroke_style(color, thickness);
        self.path(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], true, PaintMode::Stroke);
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, color: Rgb8, thickness: f32) {
        self.stroke_style(color, thickness);
        self.path(&[(x1, y1), (x2, y2)], false, PaintMode::Stroke);
    }

    /// A dashed rectangle: the cut line around a reference card.
    pub fn dashed_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb8, thickness: f32) {
        self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::new(0.0, &[3.0, 2.0]) });
        self.stroke_rect(x, y, w, h, color, thickness);
        self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::solid() });
    }

    /// A dashed line: where a screen folds.
    pub fn dashed_line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, color: Rgb8, thickness: f32) {
        self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::new(0.0, &[3.0, 2.0]) });
        self.line(x1, y1, x2, y2, color, thickness);
        self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::solid() });
    }

    /// A tick box `size` points square; `ticked` draws a cross in it.
    pub fn tick_box(&mut self, x: f32, y: f32, size: f32, ticked: bool, color: Rgb8) {
        if ticked {
            self.fill_rect(x, y, size, size, color.tint(0.82));
        }
        self.stroke_rect(x, y, size, size, color, 0.6);
        if ticked {
            let m = size * 0.2;
            self.line(x + m, y + m, x + size - m, y + size - m, Rgb8::INK, 0.9);
            self.line(x + m, y + size - m, x + size - m, y + m, Rgb8::INK, 0.9);
        }
    }
}
