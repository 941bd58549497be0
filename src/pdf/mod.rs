//! Printable character sheets: one PDF with any number of characters, each starting on
//! a new page with its sheet and then its reference cards.
//!
//! ```
//! use tome::pdf::{Paper, PdfOptions};
//!
//! let mut tome = tome::Tome::open_in_memory().unwrap();
//! let mut c = tome.create_character("ars-magica", "Ignatio").unwrap();
//! c.set("strength", 2);
//! let c = tome.save_character(&c).unwrap();
//! let pdf = tome.characters_pdf(&[c.id], &PdfOptions { paper: Paper::Letter, ..PdfOptions::default() }).unwrap();
//! assert!(pdf.starts_with(b"%PDF-"));
//! ```
//!
//! # What a sheet holds
//!
//! The sheet is drawn from the system's [`SheetLayout`](crate::sheets::SheetLayout) and
//! the character's [`Derived`](crate::sheets::Derived) stats (see [`sheet`]): the
//! header (name, system, the header fields such as the player, the date of the saved
//! revision), attribute boxes, fields, tracks of boxes to tick by hand, families such
//! as Abilities with blank lines to add more, the equipment and other lists, every
//! derived stat with its terms in small type, what the rules flag, and ruled lines for
//! notes. Reference cards follow (see [`cards`]). Every page carries the character's
//! name and "page N of M" for that character.
//!
//! # Same input, same bytes
//!
//! Nothing in the file depends on the clock or on chance: the document id is a hash of
//! what was printed, font subsets have fixed tags, and the PDF's creation date is the
//! Unix epoch unless [`PdfOptions::printed`] asks for a date (which then also prints in
//! the header). Tests compare files byte for byte.
//!
//! # Fonts
//!
//! DejaVu Sans with WenQuanYi Micro Hei for Chinese, Japanese and Korean, subset into
//! each file; what neither covers prints as `�` and is named in the page footer. See
//! [`fonts`].

mod canvas;
mod cards;
mod flow;
mod foes;
mod fonts;
mod screen;
mod sheet;
mod table;

use std::collections::{BTreeSet, HashMap};

use printpdf::{Mm, PdfDocument, PdfFont, PdfPage, PdfSaveOptions, Pt, Rect};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::characters::Character;
use crate::error::{Error, Result};
use crate::model::{Entry, System};
use crate::rulebook::Rulebook;

pub(crate) use foes::{prepare as prepare_foes, FoeCard};

use canvas::{Canvas, Rgb8};
use fonts::{Face, Missing};
use sheet::{SheetInput, TINY};

/// Paper size.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    TS,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Paper {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    #[strum(to_string = "letter", serialize = "us-letter")]
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Its name in a print dialog.
    pub fn label(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "US Letter",
        }
    }

    /// Its size as people say it.
    pub fn detail(self) -> &'static str {
        match self {
            Paper::A4 => "210 × 297 mm",
            Paper::Letter => "8.5 × 11 in",
        }
    }

    /// A size by name (`a4`, `letter`, `us-letter`, in any case).
    ///
    /// # Errors
    /// [`Error::InvalidInput`] naming the sizes there are.
    pub fn parse(s: &str) -> Result<Paper> {
        s.trim().parse().map_err(|_| Error::InvalidInput(format!("unknown paper size {s:?}: use a4 or letter")))
    }
}

/// How to print.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PdfOptions {
    pub paper: Paper,
    /// Reference cards after each sheet (`--no-cards` turns them off).
    pub cards: bool,
    /// A Unix time to print as "Printed" in each header and to record as the PDF's
    /// creation date. `None` (the default) keeps the file free of the clock, so the same
    /// characters always give the same bytes.
    pub printed: Option<i64>,
}

impl Default for PdfOptions {
    fn default() -> Self {
        PdfOptions { paper: Paper::A4, cards: true, printed: None }
    }
}

/// A page's geometry, in points.
pub(crate) struct Page {
    pub width: f32,
    pub height: f32,
    pub margin: f32,
}

impl Page {
    fn new(paper: Paper) -> Page {
        let (width, height) = paper.size();
        Page { width, height, margin: 34.0 }
    }

    /// The paper turned on its side, as a game master's screen prints.
    fn landscape(paper: Paper) -> Page {
        let (height, width) = paper.size();
        Page { width, height, margin: 28.0 }
    }

    pub fn content_width(&self) -> f32 {
        self.width - 2.0 * self.margin
    }

    /// Where blocks must end: above the footer.
    pub fn body_bottom(&self) -> f32 {
        self.height - self.margin - 22.0
    }
}

/// `characters` (saved or not) as one PDF: each character's sheet starts on a new page
/// and is followed by its reference cards (unless `opts.cards` is off). `systems` gives
/// the systems' names for the headers.
///
/// # Errors
/// [`Error::NotFound`] for a system without a sheet or an entry the book lacks;
/// [`Error::InvalidInput`] when `characters` is empty.
pub fn render(book: &dyn Rulebook, systems: &[System], characters: &[Character], opts: &PdfOptions) -> Result<Vec<u8>> {
    Ok(prepare(book, systems, characters, opts)?.finish())
}

/// The most characters one PDF holds: more than any table needs, and a bound on the
/// memory a typed list of ids can ask for.
pub const MAX_CHARACTERS: usize = 500;

/// A PDF laid out and ready to write: everything read from the rulebook is in it, so
/// [`Prepared::finish`] (the slow part: fonts and the file's bytes) needs no database and
/// runs while others use it.
pub struct Prepared {
    pages: Vec<Canvas>,
    title: String,
    /// The file's /ID: a hash of what was printed.
    id: Vec<u8>,
    opts: PdfOptions,
    page: Page,
}

impl Prepared {
    /// The PDF file's bytes.
    pub fn finish(self) -> Vec<u8> {
        save(self.pages, &self.title, self.id, &self.opts, &self.page)
    }
}

/// Lays out the sheets of `characters` (each from a new page), as [`render`] does, without
/// writing the file yet.
///
/// # Errors
/// As [`render`].
pub fn prepare(
    book: &dyn Rulebook,
    systems: &[System],
    characters: &[Character],
    opts: &PdfOptions,
) -> Result<Prepared> {
    if characters.is_empty() {
        return Err(Error::InvalidInput("no characters to print".into()));
    }
    if characters.len() > MAX_CHARACTERS {
        return Err(Error::InvalidInput(format!(
            "one PDF holds at most {MAX_CHARACTERS} characters, not {}; print them in parts",
            characters.len()
        )));
    }
    let page = Page::new(opts.paper);
    let printed = opts.printed.map(sheet::date);
    let mut pages: Vec<Canvas> = Vec::new();
    for c in characters {
        let system = crate::systems::require(&c.system)?;
        let layout = crate::systems::layout(&c.system)?;
        let derived = crate::systems::derive(book, c)?;
        let style = system.style();
        let system_name = systems.iter().find(|s| s.id == c.system).map_or(c.system.as_str(), |s| s.name.as_str());
        let mut entries: HashMap<String, Entry> = HashMap::new();
        let ids = c.items.iter().map(|i| &i.entry_id).chain(c.conditions.iter().chain(&c.spells).map(|r| &r.entry_id));
        for id in ids {
            if !entries.contains_key(id) {
                entries.insert(id.clone(), book.show(id)?);
            }
        }
        let cards = if opts.cards { cards::collect(book, c, &entries)? } else { Vec::new() };
        let numbers: HashMap<String, usize> = cards.iter().map(|k| (k.entry.id.clone(), k.number)).collect();
        let input = SheetInput {
            character: c,
            derived: &derived,
            layout,
            system_name,
            entries: &entries,
            cards: &numbers,
            printed: printed.clone(),
            style: &style,
        };
        let (mut own, used) = sheet::pages(&input, &page);
        let accent = sheet::accent(&style);
        cards::place(&cards, &mut own, used, &c.name, system_name, "Reference cards", &page, accent);
        footers(&mut own, &c.name, system_name, &page, accent);
        pages.extend(own);
    }
    let title = match characters {
        [one] => format!("{} — character sheet", one.name),
        many => format!("Character sheets: {}", many.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")),
    };
    Ok(Prepared { pages, title, id: document_id(characters, opts), opts: opts.clone(), page })
}

/// The game master's screen of `system` with `panels` (a GM's own, or the system's
/// shipped one), laid out landscape and ready to write.
///
/// # Errors
/// [`Error::InvalidInput`] for no panels or too many, or an item that is not an entry id
/// or a `system/kind` list; [`Error::NotFound`] for an entry the book lacks.
pub fn prepare_screen(
    book: &dyn Rulebook,
    system: &System,
    panels: &[crate::screen::ScreenPanel],
    opts: &PdfOptions,
) -> Result<Prepared> {
    screen::prepare(book, system, panels, opts)
}

/// The name, system and "page N of M" at the foot of each of one character's pages,
/// and what the fonts could not print, if anything.
fn footers(pages: &mut [Canvas], name: &str, system: &str, page: &Page, accent: Rgb8) {
    let total = pages.len();
    let mut missing = Missing::default();
    for p in pages.iter() {
        missing.merge(&p.missing);
    }
    // The name in the footer is printed too; its characters are in `missing` already.
    let notice = missing.notice();
    let left = page.margin;
    let right = page.width - page.margin;
    let y = page.height - page.margin - 8.0;
    for (i, c) in pages.iter_mut().enumerate() {
        c.line(left, y - 3.0, right, y - 3.0, accent, 0.6);
        let who = format!("{name} · {system}");
        let num = format!("Page {} of {total}", i + 1);
        let room = right - left - TINY.width(&num) - 12.0;
        c.text(left, y, TINY, &TINY.ellipsize(&who, room * 0.5));
        c.text_right(right, y, TINY, &num);
        if let Some(n) = &notice {
            // The notice takes the middle of the footer, or a line above it when long.
            let note = format!("⚠ {n}");
            let style = TINY.with(Rgb8::INK);
            let who_w = TINY.width(&who).min(room * 0.5);
            let middle = room - who_w - 12.0;
            if style.width(&note) <= middle {
                c.text(left + who_w + 12.0, y, style, &note);
            } else {
                c.text(left, y - 12.0, style, &style.ellipsize(&note, right - left));
            }
        }
    }
}

/// The pages as PDF bytes: the faces used, subset; fixed metadata and a document id
/// hashed from the input.
fn save(pages: Vec<Canvas>, title: &str, id: Vec<u8>, opts: &PdfOptions, page: &Page) -> Vec<u8> {
    let mut doc = PdfDocument::new(title);
    let info = &mut doc.metadata.info;
    info.creator = "Tome".into();
    info.producer = format!("Tome {}", env!("CARGO_PKG_VERSION"));
    if let Some(t) = opts.printed {
        if let Ok(d) = printpdf::OffsetDateTime::from_unix_timestamp(t) {
            info.creation_date = d;
            info.modification_date = d;
            info.metadata_date = d;
        }
    }
    let used: BTreeSet<Face> = pages.iter().flat_map(|p| p.faces.iter().copied()).collect();
    for face in used {
        doc.resources
            .fonts
            .map
            .insert(printpdf::FontId(face.resource().into()), PdfFont::new(fonts::fonts().face(face).parsed.clone()));
    }
    let to_mm = |pt: f32| Mm(pt * 25.4 / 72.0);
    doc.pages = pages
        .into_iter()
        .map(|c| {
            let mut p = PdfPage::new(to_mm(page.width), to_mm(page.height), c.into_ops());
            let exact = Rect::from_wh(Pt(page.width), Pt(page.height));
            p.media_box = exact.clone();
            p.trim_box = exact.clone();
            p.crop_box = exact;
            p
        })
        .collect();
    let save_opts = PdfSaveOptions { optimize: true, subset_fonts: true, secure: true, image_optimization: None };
    let mut warnings = Vec::new();
    let mut lo = doc.to_lopdf_document(&save_opts, &mut warnings);
    // printpdf gives every file a random /ID; ours is a hash of what was printed.
    lo.trailer.set(
        "ID",
        lopdf::Object::Array(vec![
            lopdf::Object::String(id.clone(), lopdf::StringFormat::Hexadecimal),
            lopdf::Object::String(id, lopdf::StringFormat::Hexadecimal),
        ]),
    );
    // printpdf writes every Info key, empty ones and a PDF/X version field included;
    // keep what is true: the title, who made it, and dates only when asked for.
    if let Ok(info_id) = lo.trailer.get(b"Info").and_then(lopdf::Object::as_reference) {
        if let Ok(old) = lo.get_dictionary(info_id).cloned() {
            let mut keys: Vec<&[u8]> = vec![b"Title", b"Creator", b"Producer"];
            if opts.printed.is_some() {
                keys.extend([b"CreationDate".as_slice(), b"ModDate"]);
            }
            let mut info = lopdf::Dictionary::new();
            for k in keys {
                if let Ok(v) = old.get(k) {
                    info.set(k, v.clone());
                }
            }
            lo.objects.insert(info_id, lopdf::Object::Dictionary(info));
        }
    }
    lo.compress();
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes).expect("writing to memory does not fail");
    bytes
}

fn document_id(characters: &[Character], opts: &PdfOptions) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(serde_json::to_vec(&(characters, opts)).expect("plain data"));
    h.finalize()[..16].to_vec()
}
