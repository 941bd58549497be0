//! The fonts a sheet is printed in, compiled into the binary, and everything that
//! measures text with them.
//!
//! - **DejaVu Sans** (regular and bold; Bitstream Vera licence, DejaVu changes public
//!   domain): Latin with its extensions, Greek, Cyrillic, Armenian, Georgian, and the
//!   symbols a sheet uses (✓ ⚠ − × …).
//! - **WenQuanYi Micro Hei** (Apache-2.0): the fallback for what DejaVu lacks: Chinese
//!   (the 20,900-odd unified ideographs, simplified and traditional), Japanese kana and
//!   Korean Hangul. It has one weight, so CJK text in a bold line prints regular.
//!
//! A character neither font has is never drawn as an empty box without a word: it prints
//! as `�` and the page footer names it (see [`Text::missing`]). Scripts that need
//! shaping (Arabic, Hebrew, the Indic scripts, Thai…) print letter by letter, left to
//! right, and the footer says so too. The licences are in `assets/fonts/`.
//!
//! Widths come from each font's own `hmtx` advances (the same parsed faces the PDF
//! embeds), so wrapping and fitting never guess.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use printpdf::ParsedFont;

const DEJAVU: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const DEJAVU_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
const WQY: &[u8] = include_bytes!("../../assets/fonts/wqy-microhei.ttc");

/// What a piece of text is printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

/// One embedded face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Face {
    Regular,
    Bold,
    Cjk,
}

impl Face {
    /// The resource name in the PDF, also the six letters of the subset tag
    /// (`TOMEAA+DejaVuSans`): fixed, so the same sheet gives the same bytes.
    pub fn resource(self) -> &'static str {
        match self {
            Face::Regular => "TOMERG",
            Face::Bold => "TOMEBD",
            Face::Cjk => "TOMECJ",
        }
    }
}

/// A parsed face with its advances cached for the characters sheets mostly use.
pub(crate) struct Font {
    pub parsed: ParsedFont,
    units_per_em: f32,
    /// Ascent above the baseline, in ems.
    pub ascent: f32,
    /// Advance in font units for U+0000..U+0600 (`u16::MAX`: no glyph).
    common: Vec<u16>,
}

/// Characters below this have their advance in a table; others are looked up.
const COMMON: u32 = 0x0600;
const NONE: u16 = u16::MAX;

impl Font {
    fn load(bytes: &[u8], name: &str) -> Font {
        let mut warnings = Vec::new();
        let parsed = ParsedFont::from_bytes(bytes, 0, &mut warnings)
            .unwrap_or_else(|| panic!("the embedded font {name} does not parse: {warnings:?}"));
        let m = parsed.pdf_font_metrics;
        let units_per_em = f32::from(m.units_per_em.max(1));
        let common = (0..COMMON)
            .map(|cp| match parsed.lookup_glyph_index(cp) {
                Some(g) if g != 0 => parsed.get_horizontal_advance(g).min(NONE - 1),
                _ => NONE,
            })
            .collect();
        Font { ascent: f32::from(m.ascender) / units_per_em, parsed, units_per_em, common }
    }

    /// The advance of `c` in ems, or `None` when the font has no glyph for it.
    fn advance(&self, c: char) -> Option<f32> {
        let cp = c as u32;
        let units = if cp < COMMON {
            Some(self.common[cp as usize]).filter(|&u| u != NONE)?
        } else {
            let g = self.parsed.lookup_glyph_index(cp).filter(|&g| g != 0)?;
            self.parsed.get_horizontal_advance(g)
        };
        Some(f32::from(units) / self.units_per_em)
    }

    #[cfg(test)]
    fn has(&self, c: char) -> bool {
        self.advance(c).is_some()
    }
}

pub(crate) struct Fonts {
    regular: Font,
    bold: Font,
    cjk: Font,
}

static FONTS: LazyLock<Fonts> = LazyLock::new(|| Fonts {
    regular: Font::load(DEJAVU, "DejaVuSans.ttf"),
    bold: Font::load(DEJAVU_BOLD, "DejaVuSans-Bold.ttf"),
    cjk: Font::load(WQY, "wqy-microhei.ttc"),
});

pub(crate) fn fonts() -> &'static Fonts {
    &FONTS
}

/// What prints in place of a character no font has.
pub(crate) const REPLACEMENT: char = '\u{FFFD}';

impl Fonts {
    pub fn face(&self, f: Face) -> &Font {
        match f {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
            Face::Cjk => &self.cjk,
        }
    }

    fn primary(&self, w: Weight) -> (Face, &Font) {
        match w {
            Weight::Regular => (Face::Regular, &self.regular),
            Weight::Bold => (Face::Bold, &self.bold),
        }
    }

    /// The face that prints `c` in weight `w`: the weight's DejaVu face, else the CJK
    /// fallback, else `None`.
    fn face_for(&self, c: char, w: Weight) -> Option<(Face, f32)> {
        let (face, font) = self.primary(w);
        if let Some(a) = font.advance(c) {
            return Some((face, a));
        }
        self.cjk.advance(c).map(|a| (Face::Cjk, a))
    }

    /// `s` cut into runs of one face each, with what it could not print.
    pub fn runs(&self, s: &str, w: Weight, missing: &mut Missing) -> Vec<(Face, String)> {
        let mut out: Vec<(Face, String)> = Vec::new();
        for c in s.chars() {
            let c = if c.is_control() { ' ' } else { c };
            missing.note_script(c);
            let (face, c) = match self.face_for(c, w) {
                Some((face, _)) => (face, c),
                None => {
                    missing.chars.insert(c);
                    (self.primary(w).0, REPLACEMENT)
                }
            };
            match out.last_mut() {
                Some((f, run)) if *f == face => run.push(c),
                _ => out.push((face, c.to_string())),
            }
        }
        out
    }

    /// The width of `s` at `size` points.
    pub fn width(&self, s: &str, w: Weight, size: f32) -> f32 {
        let (_, primary) = self.primary(w);
        let ems: f32 = s
            .chars()
            .map(|c| {
                let c = if c.is_control() { ' ' } else { c };
                self.face_for(c, w).map_or_else(|| primary.advance(REPLACEMENT).unwrap_or(0.6), |(_, a)| a)
            })
            .sum();
        ems * size
    }

    /// Whether every character of `s` prints in one of the fonts.
    #[cfg(test)]
    pub fn covers(&self, s: &str) -> bool {
        s.chars().all(|c| c.is_control() || self.regular.has(c) || self.cjk.has(c))
    }

    /// The distance from the top of a line to its baseline, at `size` points.
    pub fn ascent(&self, size: f32) -> f32 {
        self.regular.ascent * size
    }

    /// `s` cut into lines no wider than `width` points: at spaces, between CJK
    /// characters, and inside a word only when the word alone is too wide. Explicit
    /// newlines are kept. Never returns no lines.
    pub fn wrap(&self, s: &str, w: Weight, size: f32, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for para in s.split('\n') {
            self.wrap_para(para.trim_end(), w, size, width, &mut lines);
        }
        if lines.is_empty() {
            lines.push(String::new());
        }
        lines
    }

    fn wrap_para(&self, para: &str, w: Weight, size: f32, width: f32, lines: &mut Vec<String>) {
        let mut line = String::new();
        let mut line_w = 0.0;
        let space = self.width(" ", w, size);
        for word in words(para) {
            let ww = self.width(&word.text, w, size);
            let gap = if line.is_empty() || !word.space_before { 0.0 } else { space };
            if line_w + gap + ww <= width + 0.01 {
                if gap > 0.0 {
                    line.push(' ');
                }
                line.push_str(&word.text);
                line_w += gap + ww;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                line_w = 0.0;
            }
            if ww <= width {
                line.push_str(&word.text);
                line_w = ww;
            } else {
                // A word wider than the line: break it where it must.
                for c in word.text.chars() {
                    let cw = self.width(c.encode_utf8(&mut [0; 4]), w, size);
                    if line_w + cw > width && !line.is_empty() {
                        lines.push(std::mem::take(&mut line));
                        line_w = 0.0;
                    }
                    line.push(c);
                    line_w += cw;
                }
            }
        }
        lines.push(line);
    }

    /// `s` shortened with `…` to fit `width`, if it must be.
    pub fn ellipsize(&self, s: &str, w: Weight, size: f32, width: f32) -> String {
        if self.width(s, w, size) <= width {
            return s.to_string();
        }
        let mut out = String::new();
        let budget = width - self.width("…", w, size);
        let mut used = 0.0;
        for c in s.chars() {
            let cw = self.width(c.encode_utf8(&mut [0; 4]), w, size);
            if used + cw > budget {
                break;
            }
            out.push(c);
            used += cw;
        }
        format!("{}…", out.trim_end())
    }
}

struct Word {
    text: String,
    space_before: bool,
}

/// Break opportunities: spaces, and either side of a CJK character (CJK text has no
/// spaces between words).
fn words(s: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut space_before = false;
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<Word>, space_before: &mut bool| {
        if !cur.is_empty() {
            out.push(Word { text: std::mem::take(cur), space_before: *space_before });
            *space_before = false;
        }
    };
    for c in s.chars() {
        if c == ' ' {
            flush(&mut cur, &mut out, &mut space_before);
            space_before = true;
        } else if is_cjk(c) {
            flush(&mut cur, &mut out, &mut space_before);
            cur.push(c);
            flush(&mut cur, &mut out, &mut space_before);
        } else {
            cur.push(c);
        }
    }
    flush(&mut cur, &mut out, &mut space_before);
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x2E80..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x2FFFF)
}

/// What a document could not print properly, for the notice in its footers.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Missing {
    /// Characters in no font: printed as `�`.
    pub chars: BTreeSet<char>,
    /// Text in a script that needs shaping, printed unshaped.
    pub unshaped: bool,
}

impl Missing {
    fn note_script(&mut self, c: char) {
        if matches!(c as u32,
            0x0590..=0x08FF        // Hebrew, Arabic, Syriac, Thaana, NKo…
            | 0x0900..=0x0DFF      // the Indic scripts
            | 0x0E00..=0x0FFF      // Thai, Lao, Tibetan
            | 0x1000..=0x109F      // Myanmar
            | 0x1780..=0x17FF      // Khmer
            | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
        {
            self.unshaped = true;
        }
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty() && !self.unshaped
    }

    pub fn merge(&mut self, other: &Missing) {
        self.chars.extend(other.chars.iter().copied());
        self.unshaped |= other.unshaped;
    }

    /// The footer notice: which characters print as `�`, and whether text is unshaped.
    pub fn notice(&self) -> Option<String> {
        let mut parts = Vec::new();
        if !self.chars.is_empty() {
            let codes: Vec<String> = self.chars.iter().take(6).map(|c| format!("U+{:04X}", *c as u32)).collect();
            let more = if self.chars.len() > 6 { format!(" and {} more", self.chars.len() - 6) } else { String::new() };
            parts.push(format!("Not in Tome's fonts, printed as {REPLACEMENT}: {}{more}", codes.join(", ")));
        }
        if self.unshaped {
            parts.push("right-to-left and joined scripts print unshaped, left to right".to_string());
        }
        (!parts.is_empty()).then(|| {
            let mut s = parts.join("; ");
            if let Some(first) = s.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            s
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_in_the_issue_print_without_replacement() {
        let f = fonts();
        for name in ["Ærwyn Ó'Brien", "Zoë Łukasz", "Сергей", "李小龍", "김민준", "ひらがな カタカナ", "Ἀχιλλεύς"]
        {
            assert!(f.covers(name), "{name}");
            let mut m = Missing::default();
            let runs = f.runs(name, Weight::Bold, &mut m);
            assert!(m.is_empty(), "{name}: {m:?}");
            assert_eq!(runs.iter().map(|(_, s)| s.as_str()).collect::<String>(), name);
        }
    }

    #[test]
    fn cjk_falls_back_and_the_unprintable_is_named() {
        let f = fonts();
        let mut m = Missing::default();
        let runs = f.runs("Bruce 李小龍 \u{1F409}", Weight::Regular, &mut m);
        assert_eq!(runs[0], (Face::Regular, "Bruce ".to_string()));
        assert_eq!(runs[1], (Face::Cjk, "李小龍".to_string()));
        assert_eq!(m.chars.iter().copied().collect::<Vec<_>>(), ['\u{1F409}']);
        assert!(m.notice().unwrap().contains("U+1F409"));
    }

    #[test]
    fn widths_are_the_fonts_own() {
        let f = fonts();
        // DejaVu Sans: "M" advances 1767 of 2048 units.
        assert!((f.width("M", Weight::Regular, 10.0) - 1767.0 / 2048.0 * 10.0).abs() < 0.01);
        assert!(f.width("MMM", Weight::Bold, 10.0) > f.width("MMM", Weight::Regular, 10.0));
    }

    #[test]
    fn wrapping_keeps_every_word_and_fits() {
        let f = fonts();
        let text = "Soak is Stamina plus the protection of the armour worn, and a shield adds nothing to it.";
        let lines = f.wrap(text, Weight::Regular, 9.0, 120.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| f.width(l, Weight::Regular, 9.0) <= 120.01));
        assert_eq!(lines.join(" "), text);
        let cjk = f.wrap("李小龍李小龍李小龍", Weight::Regular, 10.0, 30.0);
        assert_eq!(cjk.concat(), "李小龍李小龍李小龍");
        assert!(cjk.len() >= 3);
        assert_eq!(f.ellipsize("Sword, Long", Weight::Regular, 9.0, 1000.0), "Sword, Long");
        assert!(f.ellipsize("Sword, Long and very long indeed", Weight::Regular, 9.0, 60.0).ends_with('…'));
    }
}
