//! PDF export, checked the way a reader sees the file: the text Poppler extracts, the
//! fonts it finds, the page count and size it reports, and page 1 rendered to pixels
//! and compared with a committed reference image.
//!
//! Needs Poppler's command-line tools (`pdftotext`, `pdffonts`, `pdfinfo`, `pdftoppm`;
//! Debian's `poppler-utils`, installed by `scripts/deps.sh`).
//!
//! The rendering check compares page 1 of the Ars Magica sample at 50 dpi with
//! `tests/fixtures/pdf/ars-magica-page1.png`. After a deliberate change to the sheet's
//! look, regenerate the reference and look at it before committing:
//!
//! ```sh
//! UPDATE_PDF_REFERENCE=1 cargo test --test characters_and_sheets pdf::
//! ```
//!
//! Every test run also leaves each system's sample PDF and its pages as PNGs in
//! `target/pdf-samples/`, for looking at.

#[path = "../fixtures/pdf/characters.rs"]
mod characters;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};

use characters::{character, SYSTEMS};
use tome::characters::Character;
use tome::pdf::{Paper, PdfOptions};
use tome::sheets::FieldKind;
use tome::Tome;

fn tome() -> MutexGuard<'static, Tome> {
    static TOME: OnceLock<Mutex<Tome>> = OnceLock::new();
    TOME.get_or_init(|| Mutex::new(Tome::open_in_memory().unwrap())).lock().unwrap_or_else(|e| e.into_inner())
}

fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pdf");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn samples_dir() -> PathBuf {
    // CARGO_TARGET_TMPDIR is target/tmp; the samples sit beside it.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().join("pdf-samples");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(name: &str, bytes: &[u8]) -> PathBuf {
    let path = out_dir().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Runs a Poppler tool; a missing tool fails with what to install.
fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run {tool} ({e}): install Poppler's tools (Debian: apt-get install poppler-utils, or scripts/deps.sh)")
    });
    assert!(out.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn text_of(path: &Path) -> String {
    poppler("pdftotext", &["-enc", "UTF-8", path.to_str().unwrap(), "-"])
}

/// Whitespace collapsed to single spaces, so wrapped lines read as one.
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn pages(path: &Path) -> usize {
    let info = poppler("pdfinfo", &[path.to_str().unwrap()]);
    info.lines().find_map(|l| l.strip_prefix("Pages:")).unwrap().trim().parse().unwrap()
}

fn pdf(t: &Tome, chars: &[&Character], opts: &PdfOptions) -> Vec<u8> {
    let ids: Vec<i64> = chars.iter().map(|c| c.id).collect();
    t.characters_pdf(&ids, opts).unwrap()
}

fn value_text(v: &tome::characters::SheetValue) -> String {
    match v {
        tome::characters::SheetValue::Int(n) => n.to_string(),
        tome::characters::SheetValue::Text(s) => s.clone(),
    }
}

fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Bool(true) => "yes".into(),
        serde_json::Value::Bool(false) => "no".into(),
        other => other.to_string(),
    }
}

#[test]
fn each_sheet_shows_the_name_every_attribute_and_every_derived_value() {
    let mut t = tome();
    for system in SYSTEMS {
        let c = character(&mut t, system, &format!("Sample {system}"));
        let bytes = pdf(&t, &[&c], &PdfOptions::default());
        let path = write(&format!("{system}.pdf"), &bytes);
        // Samples to look at: the PDF and its pages as PNGs.
        for old in std::fs::read_dir(samples_dir()).unwrap().flatten() {
            let name = old.file_name().to_string_lossy().into_owned();
            if name.starts_with(&format!("{system}-")) && name.ends_with(".png") {
                std::fs::remove_file(old.path()).unwrap();
            }
        }
        let sample = samples_dir().join(format!("{system}.pdf"));
        std::fs::write(&sample, &bytes).unwrap();
        poppler(
            "pdftoppm",
            &["-r", "80", "-png", sample.to_str().unwrap(), samples_dir().join(system).to_str().unwrap()],
        );
        let text = squash(&text_of(&path));
        let lower = text.to_lowercase();
        assert!(text.contains(&c.name), "{system}: no name");
        let system_name = t.systems().unwrap().into_iter().find(|s| s.id == system).unwrap().name;
        assert!(text.contains(&system_name), "{system}: no system name");
        assert!(
            text.contains("Marta") || t.sheet_layout(system).unwrap().field("player").is_none(),
            "{system}: no player"
        );

        // Every field the player filled in, by its label (or abbreviation) and value.
        let layout = t.sheet_layout(system).unwrap();
        for (key, v) in &c.values {
            let value = squash(&value_text(v));
            assert!(text.contains(&value), "{system}: value of {key} ({value:?}) missing");
            let label = match layout.field(key) {
                Some(f) if matches!(f.kind, FieldKind::Text { multiline: true }) => continue,
                Some(f) => f
                    .short
                    .clone()
                    .filter(|_| matches!(f.kind, FieldKind::Int { .. }))
                    .unwrap_or_else(|| f.label.clone()),
                None => layout.label(key),
            };
            // Header labels print in capitals.
            assert!(lower.contains(&label.to_lowercase()), "{system}: label {label:?} of {key} missing");
        }
        // Every derived stat: its label and its value.
        let derived = t.derive_character(&c).unwrap();
        assert!(!derived.stats.is_empty() || system == "primal-wild", "{system}: nothing derived");
        for s in &derived.stats {
            let value = squash(&json_text(&s.value));
            assert!(text.contains(&value), "{system}: derived {} = {value:?} missing", s.key);
            assert!(lower.contains(&squash(&s.label).to_lowercase()), "{system}: derived label {:?} missing", s.label);
        }
        for w in &derived.warnings {
            assert!(text.contains(&squash(&w.message)), "{system}: warning {:?} missing", w.message);
        }
    }
}

#[test]
fn fonts_are_embedded_as_subsets_with_unicode_maps() {
    let mut t = tome();
    let c = character(&mut t, "mythcraft", "李小龍 Lee");
    let path = write("fonts.pdf", &pdf(&t, &[&c], &PdfOptions::default()));
    let fonts = poppler("pdffonts", &[path.to_str().unwrap()]);
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(rows.len() >= 3, "regular, bold and CJK faces expected:\n{fonts}");
    for row in &rows {
        let cols: Vec<&str> = row.split_whitespace().collect();
        let n = cols.len();
        // name type… encoding emb sub uni object-id generation
        assert_eq!(&cols[n - 5..n - 2], ["yes", "yes", "yes"], "not embedded, subset and mapped: {row}");
        let tag = cols[0].split('+').next().unwrap();
        assert!(tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()), "subset tag: {row}");
    }
    assert!(fonts.contains("+DejaVuSans "), "{fonts}");
    assert!(fonts.contains("+DejaVuSans-Bold "), "{fonts}");
    assert!(fonts.contains("+WenQuanYiMicroHei "), "{fonts}");
}

#[test]
fn unicode_names_round_trip_through_pdftotext() {
    let mut t = tome();
    let names = ["Ærwyn Ó'Brien", "Zoë Łukasz", "Сергей", "李小龍", "김민준"];
    let chars: Vec<Character> = names.iter().map(|n| character(&mut t, "primal-wild", n)).collect();
    let path = write("unicode.pdf", &pdf(&t, &chars.iter().collect::<Vec<_>>(), &PdfOptions::default()));
    let text = text_of(&path);
    for n in names {
        assert!(text.contains(n), "{n} did not round-trip");
    }
    assert!(!text.contains('\u{FFFD}'), "a replacement character was printed");
    assert!(!text.contains("Not in Tome's fonts"), "a missing-glyph notice was printed");
}

#[test]
fn characters_no_font_has_are_named_in_a_notice() {
    let mut t = tome();
    let c = character(&mut t, "amtgard", "Drake \u{1F409}");
    let path = write("notice.pdf", &pdf(&t, &[&c], &PdfOptions::default()));
    let text = squash(&text_of(&path));
    assert!(text.contains("Drake \u{FFFD}"), "the dragon should print as the replacement character");
    assert!(text.contains("Not in Tome's fonts, printed as \u{FFFD}: U+1F409"), "no notice naming U+1F409");
}

#[test]
fn each_character_starts_on_a_new_page_and_counts_add_up() {
    let mut t = tome();
    let chars: Vec<Character> = SYSTEMS.iter().map(|s| character(&mut t, s, &format!("Count {s}"))).collect();
    let mut expected = 0;
    let mut starts = Vec::new();
    for c in &chars {
        let path = write(&format!("count-{}.pdf", c.system), &pdf(&t, &[c], &PdfOptions::default()));
        let n = pages(&path);
        // The footer counts the character's pages, and the file has exactly those.
        let last = poppler("pdftotext", &["-f", &n.to_string(), "-l", &n.to_string(), path.to_str().unwrap(), "-"]);
        assert!(last.contains(&format!("Page {n} of {n}")), "{}: last page footer", c.system);
        starts.push(expected + 1);
        expected += n;
    }
    let all = write("count-all.pdf", &pdf(&t, &chars.iter().collect::<Vec<_>>(), &PdfOptions::default()));
    assert_eq!(pages(&all), expected, "5 characters: the sum of their pages");
    for (c, start) in chars.iter().zip(starts) {
        let p = poppler("pdftotext", &["-f", &start.to_string(), "-l", &start.to_string(), all.to_str().unwrap(), "-"]);
        assert!(p.contains(&c.name) && p.contains("Page 1 of"), "{} should start page {start}", c.name);
    }
    // One character: Ignatio's sheet takes two pages, and his four Ars Magica maneuver
    // cards fit under the end of it.
    let one = write("count-one.pdf", &pdf(&t, &[&chars[0]], &PdfOptions::default()));
    assert_eq!(pages(&one), 2);
    let text = squash(&text_of(&one));
    assert!(text.contains("REFERENCE CARDS") && text.contains("#4 MANEUVER"), "cards under the sheet");
    let none =
        write("count-one-no-cards.pdf", &pdf(&t, &[&chars[0]], &PdfOptions { cards: false, ..PdfOptions::default() }));
    assert_eq!(pages(&none), 2);
    assert!(!text_of(&none).contains("REFERENCE CARDS"));
}

#[test]
fn cards_show_summaries_and_sources_and_can_be_left_out() {
    let mut t = tome();
    let c = character(&mut t, "mythcraft", "Cards");
    let with = squash(&text_of(&write("cards.pdf", &pdf(&t, &[&c], &PdfOptions::default()))));
    let without = squash(&text_of(&write(
        "cards-none.pdf",
        &pdf(&t, &[&c], &PdfOptions { cards: false, ..PdfOptions::default() }),
    )));
    let bleeding = t.show("mythcraft/condition/bleeding").unwrap();
    assert!(with.contains("REFERENCE CARDS"));
    assert!(with.contains(&squash(&bleeding.summary)), "the card's summary");
    assert!(
        with.contains(&format!("Source: {}, “{}”", bleeding.source.document, bleeding.source.section)),
        "the card's source"
    );
    // The maneuvers any adventurer can use have cards too.
    let dodge = t.show("mythcraft/maneuver/dodge").unwrap();
    assert!(with.contains(&squash(&dodge.summary)));
    assert!(!without.contains("REFERENCE CARDS"));
    assert!(!without.contains(&squash(&dodge.summary)));
}

#[test]
fn paper_sizes() {
    let mut t = tome();
    let c = character(&mut t, "ars-magica", "Paper");
    for (paper, size) in [(Paper::A4, "595.28 x 841.89 pts (A4)"), (Paper::Letter, "612 x 792 pts (letter)")] {
        let path = write(
            &format!("paper-{}.pdf", paper.as_str()),
            &pdf(&t, &[&c], &PdfOptions { paper, ..PdfOptions::default() }),
        );
        let info = poppler("pdfinfo", &[path.to_str().unwrap()]);
        assert!(info.contains(size), "{paper:?}: {info}");
    }
    assert_eq!("Letter".parse::<Paper>().unwrap(), Paper::Letter);
    assert!("a5".parse::<Paper>().is_err());
}

#[test]
fn the_same_input_gives_the_same_bytes_and_dates_only_when_asked() {
    let mut t = tome();
    let c = character(&mut t, "mlaf", "Twice");
    let a = pdf(&t, &[&c], &PdfOptions::default());
    let b = pdf(&t, &[&c], &PdfOptions::default());
    assert!(a == b, "two exports of one character differ");
    let text = text_of(&write("twice.pdf", &a));
    assert!(!text.contains("PRINTED"), "no print date unless asked");
    let info = poppler("pdfinfo", &[write("twice.pdf", &a).to_str().unwrap()]);
    assert!(
        !info.contains("CreationDate") && !info.contains("ModDate"),
        "no dates in the metadata unless asked: {info}"
    );

    // 2026-03-14 12:00 UTC
    let dated = PdfOptions { printed: Some(1_773_489_600), ..PdfOptions::default() };
    let d = pdf(&t, &[&c], &dated);
    assert!(d != a);
    let path = write("dated.pdf", &d);
    let text = text_of(&path);
    assert!(text.contains("PRINTED") && text.contains("2026-03-14"), "the print date in the header");
    assert!(poppler("pdfinfo", &["-isodates", path.to_str().unwrap()]).contains("2026-03-14"));
}

#[test]
fn the_app_s_sheet_prints_the_revision_it_shows_not_the_one_it_was_opened_at() {
    let mut t = tome();
    let opened = t.create_character("mlaf", "Seventh").unwrap();
    // The app's draft keeps the revision it was opened at while it saves on.
    let mut draft = opened.clone();
    let mut latest = opened.clone();
    for n in 2..=7 {
        draft.set("notes", format!("save {n}"));
        latest = t.save_character(&Character { revision: latest.revision, ..draft.clone() }).unwrap();
    }
    assert_eq!((draft.revision, latest.revision), (1, 7));

    let prepared = t.prepare_pdf(&tome::ipc::PdfSource::Characters(vec![draft]), &PdfOptions::default()).unwrap();
    let text = squash(&text_of(&write("seventh.pdf", &prepared.finish())));
    assert!(text.contains("revision 7"), "{text}");
    assert!(!text.contains("revision 1 "), "{text}");
    let bytes = t.sheets_pdf(&[Character { revision: 1, ..latest }], &PdfOptions::default()).unwrap();
    assert!(squash(&text_of(&write("seventh-sheets.pdf", &bytes))).contains("revision 7"));
}

#[test]
fn one_sheet_with_cards_stays_small() {
    let mut t = tome();
    for system in SYSTEMS {
        let c = character(&mut t, system, "Small");
        let bytes = pdf(&t, &[&c], &PdfOptions::default());
        assert!(bytes.len() <= 150_000, "{system}: {} bytes", bytes.len());
    }
}

#[test]
fn nothing_to_print_and_unknown_characters_are_errors() {
    let t = tome();
    let e = t.characters_pdf(&[], &PdfOptions::default()).unwrap_err();
    assert_eq!(e.code(), tome::ErrorCode::InvalidInput);
    let e = t.characters_pdf(&[987_654], &PdfOptions::default()).unwrap_err();
    assert!(e.is_not_found(), "{e}");
}

// ---- The rendering check ----

/// Page 1 at 50 dpi: the PNG Poppler wrote, and its RGB pixels.
fn render_page1(pdf: &Path, stem: &Path) -> (PathBuf, image::RgbImage) {
    poppler(
        "pdftoppm",
        &["-r", "50", "-f", "1", "-l", "1", "-singlefile", "-png", pdf.to_str().unwrap(), stem.to_str().unwrap()],
    );
    let png = stem.with_extension("png");
    let pixels = image::open(&png).unwrap().to_rgb8();
    (png, pixels)
}

#[test]
fn page_one_matches_the_reference_image() {
    let mut t = tome();
    let mut c = character(&mut t, "ars-magica", "Ignatio");
    // The header shows when the sheet was saved: pin it, so the image does not age.
    c.created = 1_767_225_600; // 2026-01-01
    c.updated = c.created;
    let path = write("reference.pdf", &t.sheets_pdf(&[c], &PdfOptions::default()).unwrap());
    let (png, rendered) = render_page1(&path, &out_dir().join("reference-page1"));
    let reference = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pdf/ars-magica-page1.png");
    if std::env::var_os("UPDATE_PDF_REFERENCE").is_some() {
        std::fs::copy(&png, &reference).unwrap();
        eprintln!("wrote {}", reference.display());
        return;
    }
    let expected = image::open(&reference)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}; create it with UPDATE_PDF_REFERENCE=1 cargo test --test characters_and_sheets pdf::",
                reference.display()
            )
        })
        .to_rgb8();
    assert_eq!(rendered.dimensions(), expected.dimensions(), "page size changed");
    // Anti-aliasing differs a little between Poppler versions: a pixel counts as
    // changed only when a channel moves by more than 64 of 255, and up to 0.5% of the
    // pixels may change. A moved box or a missing line is far more than that.
    let changed = rendered
        .pixels()
        .zip(expected.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 64))
        .count();
    let total = (rendered.width() * rendered.height()) as usize;
    let saved = png;
    assert!(
        changed * 200 <= total,
        "page 1 differs from the reference in {changed} of {total} pixels (see {}); if the change is intended, \
         run UPDATE_PDF_REFERENCE=1 cargo test --test characters_and_sheets pdf:: and look at the new reference",
        saved.display()
    );
}

#[test]
fn a_pdf_of_more_characters_than_any_table_needs_is_refused_before_any_work() {
    let mut t = tome();
    let one = character(&mut t, "mythcraft", "Wren");
    let many = vec![one; tome::pdf::MAX_CHARACTERS + 1];
    let err = t.sheets_pdf(&many, &PdfOptions { paper: Paper::A4, cards: true, printed: None }).unwrap_err();
    assert_eq!(err.code(), tome::ErrorCode::InvalidInput);
    assert!(err.to_string().contains("at most 500 characters, not 501"), "{err}");
}

#[test]
fn ars_magica_page_one_holds_the_fight_and_the_fatigue_ladder() {
    let mut t = tome();
    let c = character(&mut t, "ars-magica", "Ignatio");
    let path = write("am-page1.pdf", &pdf(&t, &[&c], &PdfOptions::default()));
    let page1 = squash(&poppler("pdftotext", &["-f", "1", "-l", "1", path.to_str().unwrap(), "-"]));
    // Where a player looks first: every number a fight needs.
    for what in ["COMBAT", "Soak", "Initiative", "Attack", "Defense", "Damage"] {
        assert!(page1.contains(what), "page 1 lacks {what}: {page1}");
    }
    // Fatigue as the document's named levels, each with its penalty and rest.
    for what in ["Fresh", "Winded", "Weary", "Tired", "Dazed", "Unconscious", "10 minutes", "60 minutes", "−3", "−5"]
    {
        assert!(page1.contains(what), "the fatigue ladder lacks {what}");
    }
    assert!(!page1.contains(" of 20"), "the twenty unlabelled boxes are gone");
}

#[test]
fn a_mythcraft_sheet_prints_each_heading_once() {
    let mut t = tome();
    let c = character(&mut t, "mythcraft", "Sefa");
    let path = write("mc-headings.pdf", &pdf(&t, &[&c], &PdfOptions::default()));
    let text = text_of(&path);
    for heading in ["ATTACKS", "HEALTH", "CONDITIONS", "MOVEMENT"] {
        let n = text.split(|c: char| !c.is_alphanumeric()).filter(|w| *w == heading).count();
        assert_eq!(n, 1, "{heading} is printed {n} times");
    }
    // What the derived groups held is still there, under the one heading.
    for what in ["Crit range", "Bloodied", "Death Points before death", "Also under"] {
        assert!(squash(&text).contains(what), "{what} is missing");
    }
}

#[test]
fn an_mlaf_casters_position_row_lists_his_own_level_not_the_rosters_level_1() {
    let mut t = tome();
    // The sample caster is level 2; the roster writes every caster's skill as "Level 1".
    let c = character(&mut t, "mlaf", "Hexa");
    let path = write("mlaf-level.pdf", &pdf(&t, &[&c], &PdfOptions::default()));
    let text = squash(&text_of(&path));
    let row = text.split("Skills: ").nth(1).and_then(|r| r.split(" · ").next()).expect("the position's row");
    assert!(row.contains("Level 2"), "the position's row names his level: {row}");
    assert!(!row.contains("Level 1"), "the position's row still reads the rookie's skill: {row}");
}

/// Issue 72: the MLAF sheet's "Spells per match" reason ran past its box. At every level
/// and on both papers, no word of the sheet's first page reaches past the right edge the
/// heading is set against.
#[test]
fn an_mlaf_sheets_spells_per_match_note_stays_inside_its_box() {
    let mut t = tome();
    let mut c = character(&mut t, "mlaf", "Wide");
    for level in 1..=10 {
        c.set("level", level);
        c = t.save_character(&c).unwrap();
        for paper in [Paper::A4, Paper::Letter] {
            let path = write(
                &format!("mlaf-wide-{level}-{paper:?}.pdf"),
                &pdf(&t, &[&c], &PdfOptions { paper, ..PdfOptions::default() }),
            );
            let html = poppler("pdftotext", &["-bbox", "-f", "1", "-l", "1", path.to_str().unwrap(), "-"]);
            let words: Vec<(f32, &str)> = html
                .lines()
                .filter_map(|l| {
                    let x = l.split("xMax=\"").nth(1)?.split('"').next()?.parse().ok()?;
                    Some((x, l.rsplit_once("\">")?.1.trim_end_matches("</word>")))
                })
                .collect();
            // The system's name in the heading is set flush with the right edge.
            let edge = words.iter().find(|(_, w)| *w == "Bowl)").expect("the heading").0 + 0.5;
            let past: Vec<_> = words.iter().filter(|(x, _)| *x > edge).collect();
            assert!(past.is_empty(), "level {level}, {paper:?}: past the edge {edge}: {past:?}");
        }
    }
}
