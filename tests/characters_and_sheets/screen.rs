//! The game master's screen as a reader sees the PDF: every system's shipped screen at
//! both paper sizes holds every cell of every table it pins, in the text Poppler
//! extracts, on landscape pages; a GM's own screen keeps a pinned homebrew table.
//! (That no text runs past its panel is checked on the layout itself, in
//! `src/pdf/screen.rs`.) Needs Poppler's `pdftotext` and `pdfinfo`.

use std::path::{Path, PathBuf};
use std::process::Command;

use tome::model::Table;
use tome::pdf::{Paper, PdfOptions};
use tome::screen::Item;
use tome::{Kind, Tome};

fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run {tool} ({e}): install Poppler's tools (Debian: apt-get install poppler-utils)")
    });
    assert!(out.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn write(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screen");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The text in drawing order (`-raw`), so a wrapped cell's lines follow each other; with
/// the whitespace taken out, a cell wrapped anywhere still reads as one string.
fn packed_text(path: &Path) -> String {
    let text = poppler("pdftotext", &["-raw", "-enc", "UTF-8", path.to_str().unwrap(), "-"]);
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn packed(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The tables a screen's panels hold.
fn tables(tome: &Tome, system: &str) -> Vec<Table> {
    let mut out = Vec::new();
    for p in tome.screen(system).unwrap().panels {
        for item in p.items {
            if let Item::Entry(id) = Item::parse(&item).unwrap() {
                if tome.show(&id).unwrap().kind == Kind::Table {
                    out.push(tome.table(&id, None).unwrap());
                }
            }
        }
    }
    out
}

/// The summary of every entry the screen's panels hold, listed kinds included.
fn summaries(tome: &Tome, system: &str) -> Vec<String> {
    let mut out = Vec::new();
    for p in tome.screen(system).unwrap().panels {
        for item in p.items {
            match Item::parse(&item).unwrap() {
                Item::Entry(id) => out.push(tome.show(&id).unwrap().summary),
                Item::Kind { system, kind } => {
                    out.extend(tome.list(kind, Some(&system)).unwrap().into_iter().map(|i| i.summary))
                }
            }
        }
    }
    out
}

fn page_size(path: &Path) -> (f32, f32) {
    let info = poppler("pdfinfo", &[path.to_str().unwrap()]);
    let line = info.lines().find_map(|l| l.strip_prefix("Page size:")).unwrap();
    let nums: Vec<f32> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    (nums[0], nums[1])
}

fn assert_cells_present(path: &Path, tables: &[Table], what: &str) {
    let text = packed_text(path);
    for t in tables {
        for (r, row) in t.rows.iter().enumerate() {
            for cell in &row.cells {
                assert!(
                    text.contains(&packed(cell)),
                    "{what}: {} row {} cell {cell:?} is not in the PDF",
                    t.name,
                    r + 1
                );
            }
        }
        for c in &t.columns {
            assert!(
                text.to_lowercase().contains(&packed(c).to_lowercase()),
                "{what}: {} heading {c:?} missing",
                t.name
            );
        }
    }
}

#[test]
fn every_system_screen_prints_every_table_cell_at_both_paper_sizes() {
    let tome = Tome::open_in_memory().unwrap();
    for system in tome.systems().unwrap() {
        let tables = tables(&tome, &system.id);
        for paper in [Paper::A4, Paper::Letter] {
            let opts = PdfOptions { paper, ..PdfOptions::default() };
            let pdf = tome.screen_pdf(&system.id, &opts).unwrap();
            let path = write(&format!("{}-{}.pdf", system.id, paper.as_str()), &pdf);
            let what = format!("{} on {}", system.id, paper.label());
            let (w, h) = page_size(&path);
            assert!(w > h, "{what}: pages are {w} × {h}, not landscape");
            assert_cells_present(&path, &tables, &what);
            let text = poppler("pdftotext", &["-enc", "UTF-8", path.to_str().unwrap(), "-"]);
            assert!(text.contains(&system.name), "{what}: the system is not named");
            assert!(text.contains("Source:"), "{what}: no panel names its source");
            let all = packed_text(&path);
            for summary in summaries(&tome, &system.id) {
                assert!(all.contains(&packed(&summary)), "{what}: the summary {summary:?} is not there whole");
            }
        }
    }
}

#[test]
fn the_shipped_screens_hold_the_tables_their_fights_need() {
    let tome = Tome::open_in_memory().unwrap();
    let names = |s: &str| tables(&tome, s).into_iter().map(|t| t.name).collect::<Vec<_>>();
    for (system, wanted) in [
        ("ars-magica", ["Damage Table", "Wound Table", "Fatigue Levels", "Encumbrance Table"].as_slice()),
        ("mythcraft", &["Coordination (COR) Bonus AP", "Damage Types"]),
        ("amtgard", &["Ability Order"]),
        ("mlaf", &["Spell Table"]),
        ("primal-wild", &["Clash Dice Pool Modifiers", "Duel Round Outcomes"]),
    ] {
        let have = names(system);
        for w in wanted {
            assert!(have.iter().any(|h| h == w), "{system}'s screen lacks {w}: {have:?}");
        }
    }
}

/// Every item a screen's panels hold, as written (an entry id or a `system/kind` list).
fn items(tome: &Tome, system: &str) -> Vec<String> {
    tome.screen(system).unwrap().panels.into_iter().flat_map(|p| p.items).collect()
}

#[test]
fn the_shipped_screens_hold_the_rules_and_lists_their_fights_need() {
    let tome = Tome::open_in_memory().unwrap();
    for (system, wanted) in [
        ("ars-magica", ["ars-magica/rule/combat-botches"].as_slice()),
        (
            "mythcraft",
            &[
                "mythcraft/maneuver",
                "mythcraft/condition",
                "mythcraft/rule/movement",
                "mythcraft/rule/attacks",
                "mythcraft/rule/tactical-advantage-and-disadvantage",
            ],
        ),
        ("amtgard", &["amtgard/condition", "amtgard/special-effect"]),
        ("mlaf", &["mlaf/rule/how-to-cast-spells"]),
        ("primal-wild", &["primal-wild/rule/clash-results", "primal-wild/rule/damage-factors"]),
    ] {
        let have = items(&tome, system);
        for w in wanted {
            assert!(have.iter().any(|h| h == w), "{system}'s screen lacks {w}: {have:?}");
            if w.split('/').count() == 3 {
                tome.show(w).unwrap_or_else(|e| panic!("{system}'s screen names {w}, which Tome lacks: {e}"));
            }
        }
    }
}

/// Page 1 of every system's screen at both paper sizes as a PNG, to look at
/// (`target/screen-samples/`), and each page image is landscape.
#[test]
fn every_system_screen_renders_as_pictures() {
    let tome = Tome::open_in_memory().unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().join("screen-samples");
    std::fs::create_dir_all(&dir).unwrap();
    for system in tome.systems().unwrap() {
        for paper in [Paper::A4, Paper::Letter] {
            let opts = PdfOptions { paper, ..PdfOptions::default() };
            let path = write(
                &format!("{}-{}-png.pdf", system.id, paper.as_str()),
                &tome.screen_pdf(&system.id, &opts).unwrap(),
            );
            let stem = dir.join(format!("{}-{}", system.id, paper.as_str()));
            poppler(
                "pdftoppm",
                &[
                    "-r",
                    "60",
                    "-png",
                    "-f",
                    "1",
                    "-l",
                    "1",
                    "-singlefile",
                    path.to_str().unwrap(),
                    stem.to_str().unwrap(),
                ],
            );
            let png = std::fs::read(stem.with_extension("png")).unwrap();
            // The PNG header's width and height (big-endian, at bytes 16 and 20).
            let (w, h) = (
                u32::from_be_bytes(png[16..20].try_into().unwrap()),
                u32::from_be_bytes(png[20..24].try_into().unwrap()),
            );
            assert!(w > h, "{} on {}: the picture is {w} × {h}, not landscape", system.id, paper.label());
        }
    }
}

#[test]
fn a_pin_whose_entry_is_gone_is_said_on_its_panel_and_the_rest_still_prints() {
    let mut tome = Tome::open_in_memory().unwrap();
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/packs/fireside-tables.toml");
    let imported = tome.import_pack(&pack).unwrap();
    let id = "primal-wild/table/fireside-tables--shimmer-strength";
    tome.screen_pin("primal-wild", id).unwrap();
    tome.remove_pack(&imported.pack.name).unwrap();

    let pdf = tome.screen_pdf("primal-wild", &PdfOptions::default()).unwrap();
    let path = write("primal-wild-gone.pdf", &pdf);
    let text = packed_text(&path);
    assert!(text.contains(&packed(&format!("No longer in Tome: {id}"))), "the gone pin is not said");
    let shipped = tables(&Tome::open_in_memory().unwrap(), "primal-wild");
    assert_cells_present(&path, &shipped, "the rest of the GM's own screen");
}

#[test]
fn a_pinned_homebrew_table_prints_on_the_gms_own_screen_and_reset_brings_back_the_shipped_one() {
    let mut tome = Tome::open_in_memory().unwrap();
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/packs/fireside-tables.toml");
    tome.import_pack(&pack).unwrap();
    let shipped = tome.screen("primal-wild").unwrap();
    assert!(shipped.shipped);
    let own = tome.screen_pin("primal-wild", "Shimmer Strength").unwrap();
    assert!(!own.shipped);
    let id = "primal-wild/table/fireside-tables--shimmer-strength";
    assert_eq!(own.panels.last().unwrap().items, [id]);
    let own = tome.screen_move("primal-wild", own.panels.len(), 1).unwrap();
    assert_eq!(own.panels[0].items, [id], "moved to the front");

    let pdf = tome.screen_pdf("primal-wild", &PdfOptions::default()).unwrap();
    let path = write("primal-wild-own.pdf", &pdf);
    let shimmer = tome.table(id, None).unwrap();
    assert_cells_present(&path, &[shimmer], "the GM's own screen");
    assert!(packed_text(&path).contains("HouseRules"), "the homebrew panel names its section");

    let again = tome.screen_pin("primal-wild", id).unwrap_err();
    assert_eq!(again.code(), tome::ErrorCode::Conflict);
    // Issue 44: the refusal names the entry as a person reads it, not by its id.
    let name = tome.show(id).unwrap().name;
    assert!(again.to_string().starts_with(&format!("{name} is on the screen already")), "{again}");
    assert!(!again.to_string().contains("primal-wild/"), "{again}");
    let foreign = tome.screen_pin("primal-wild", "mythcraft/table/damage-types").unwrap_err();
    assert_eq!(foreign.code(), tome::ErrorCode::InvalidInput);

    let back = tome.screen_reset("primal-wild").unwrap();
    assert_eq!(back, shipped);
}
