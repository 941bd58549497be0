//! The UI's TypeScript types are generated from the Rust types. This test fails when
//! `ui/src/lib/bindings/` is stale; run `UPDATE_BINDINGS=1 cargo test --test bindings`
//! (or `make bindings`) to regenerate them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ts_rs::{Config, TS};

fn generate(dir: &Path) {
    let cfg = Config::new().with_out_dir(dir).with_large_int("number");
    tome::model::System::export_all(&cfg).unwrap();
    tome::model::Entry::export_all(&cfg).unwrap();
    tome::model::ListItem::export_all(&cfg).unwrap();
    tome::model::Table::export_all(&cfg).unwrap();
    tome::model::SearchHit::export_all(&cfg).unwrap();
    tome::model::TableRoll::export_all(&cfg).unwrap();
    tome::rules::Calculator::export_all(&cfg).unwrap();
    tome::rules::Outcome::export_all(&cfg).unwrap();
    tome::dice::DiceRoll::export_all(&cfg).unwrap();
    tome::Kind::export_all(&cfg).unwrap();
    // Errors, with the problems of a refused input.
    tome::ErrorPayload::export_all(&cfg).unwrap();
    tome::error::Problem::export_all(&cfg).unwrap();
    // Homebrew packs and imported rules documents.
    tome::packs::PackInfo::export_all(&cfg).unwrap();
    tome::packs::PackImport::export_all(&cfg).unwrap();
    tome::textdocs::DocInfo::export_all(&cfg).unwrap();
    tome::textdocs::DocImport::export_all(&cfg).unwrap();
    // Characters and their sheets.
    tome::characters::CharacterSummary::export_all(&cfg).unwrap();
    tome::characters::Character::export_all(&cfg).unwrap();
    tome::characters::CharacterRevision::export_all(&cfg).unwrap();
    tome::characters::CharacterChange::export_all(&cfg).unwrap();
    tome::sheets::SheetLayout::export_all(&cfg).unwrap();
    tome::sheets::Derived::export_all(&cfg).unwrap();
    tome::sheets::CharacterView::export_all(&cfg).unwrap();
    // Printable sheets.
    tome::pdf::PdfOptions::export_all(&cfg).unwrap();
}

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return BTreeMap::new() };
    entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "ts"))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read_to_string(e.path()).unwrap()))
        .collect()
}

#[test]
fn ui_bindings_are_up_to_date() {
    let committed: PathBuf = [env!("CARGO_MANIFEST_DIR"), "ui", "src", "lib", "bindings"].iter().collect();
    let fresh = tempfile::tempdir().unwrap();
    generate(fresh.path());
    let want = read_dir(fresh.path());
    assert!(want.contains_key("Entry.ts"), "{:?}", want.keys());
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::create_dir_all(&committed).unwrap();
        for old in read_dir(&committed).keys() {
            std::fs::remove_file(committed.join(old)).unwrap();
        }
        for (name, text) in &want {
            std::fs::write(committed.join(name), text).unwrap();
        }
        return;
    }
    let have = read_dir(&committed);
    assert_eq!(
        have.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "ui/src/lib/bindings is stale: run `make bindings`"
    );
    for (name, text) in &want {
        assert_eq!(&have[name], text, "ui/src/lib/bindings/{name} is stale: run `make bindings`");
    }
}
