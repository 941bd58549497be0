//! Importing rules documents as text: splitting by every heading style, searching the
//! sections with the entries, showing and removing them, and refusing files that are
//! not text or too large.

use std::path::PathBuf;
use std::time::Instant;

use assert_cmd::Command;
use serde_json::Value;
use tome::search::SearchFilter;
use tome::{ErrorCode, Kind, Tome};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/text").join(name)
}

fn headings(tome: &mut Tome, file: &str) -> Vec<(String, u8)> {
    let report = tome.import_text_file(&fixture(file), "mythcraft", None).unwrap();
    report.first_sections.into_iter().map(|s| (s.heading, s.level)).collect()
}

fn owned(list: &[(&str, u8)]) -> Vec<(String, u8)> {
    list.iter().map(|(h, l)| (h.to_string(), *l)).collect()
}

#[test]
fn markdown_headings_of_every_level_setext_and_bold_split_a_document() {
    let mut tome = Tome::open_in_memory().unwrap();
    assert_eq!(
        headings(&mut tome, "markdown-rules.md"),
        owned(&[
            ("Skirmishes on the Lantern Road", 1),
            ("Initiative", 2),
            ("Attacks", 2),
            ("Cover", 3),
            ("Called Shots", 4),
            ("Healing", 1),
            ("Resting in Town", 2),
        ])
    );
    let resting = tome.show("mythcraft/section/markdown-rules--resting-in-town").unwrap();
    assert!(
        resting.body.contains("# this line is an example inside a code block"),
        "code stays text: {}",
        resting.body
    );
    assert_eq!(resting.source.section, "Healing › Resting in Town");
    assert_eq!(resting.source.file, "markdown-rules.md");
    assert_eq!(resting.source.document, "markdown rules");
    assert_eq!(resting.kind, Kind::Section);
}

#[test]
fn plain_text_title_lines_are_headings_but_formulas_and_lists_are_not() {
    let mut tome = Tome::open_in_memory().unwrap();
    assert_eq!(
        headings(&mut tome, "plain-rules.txt"),
        owned(&[("Travel", 1), ("Road Hazards", 1), ("Fatigue and Rest", 1), ("Open roads", 1), ("Camping Out", 1)])
    );
    let hazards = tome.show("mythcraft/section/plain-rules--road-hazards").unwrap();
    assert!(hazards.body.contains("**Peril Total: Route Peril + Weather + Night Travel**"), "{}", hazards.body);
    assert!(hazards.body.contains("Sinking mud\nFallen bridge\nWolf pack\nToll keepers"), "{}", hazards.body);
}

#[test]
fn wiki_contents_give_the_headings_and_their_depth() {
    let mut tome = Tome::open_in_memory().unwrap();
    assert_eq!(
        headings(&mut tome, "wiki-rules.txt"),
        owned(&[
            ("Riding", 1),
            ("Mounts", 2),
            ("Falling Off", 2),
            ("Weather Magic", 1),
            ("Calling the Wind", 2),
            ("Gale", 3),
            ("Squall", 3),
        ])
    );
    let gale = tome.show("mythcraft/section/wiki-rules--gale").unwrap();
    assert_eq!(gale.source.section, "Weather Magic › Calling the Wind › Gale");
    let all: Vec<String> =
        tome.list(Kind::Section, Some("mythcraft")).unwrap().into_iter().map(|s| s.summary).collect();
    assert!(all.iter().all(|s| !s.contains("1.1") && !s.contains("Jump to")), "navigation is not text: {all:?}");
}

#[test]
fn sections_are_searched_ranked_with_the_entries_and_shown() {
    let mut tome = Tome::open_in_memory().unwrap();
    tome.import_text_file(&fixture("markdown-rules.md"), "mythcraft", Some("Lantern Road")).unwrap();
    let all = SearchFilter::default();

    // A heading: the shipped rule and the section of the same name both come up, by name.
    let hits = tome.search("initiative", &all).unwrap();
    let section = hits.iter().position(|h| h.id == "mythcraft/section/lantern-road--initiative").expect("found");
    assert_eq!(hits[section].kind, Kind::Section);
    assert_eq!(hits[section].matched, "name");
    assert!(hits[section].snippet.starts_with("Everyone rolls a d10"), "{:?}", hits[section]);
    assert!(hits.iter().take(3).any(|h| h.id == "mythcraft/rule/initiative"), "{hits:?}");

    // Words of the text only: a body hit with a snippet and the words marked.
    let hits = tome.search("cart low wall", &all).unwrap();
    assert_eq!(hits[0].id, "mythcraft/section/lantern-road--cover");
    assert_eq!(hits[0].matched, "summary", "the start of the text is the section's summary");
    let marked = tome::search::marked_parts(
        &hits[0].snippet,
        &hits[0].marks.iter().map(|m| [m[0] as usize, m[1] as usize]).collect::<Vec<_>>(),
    );
    assert_eq!(marked, ["cart", "low", "wall"]);
    let hits = tome.search("silver coin", &all).unwrap();
    assert_eq!(hits[0].id, "mythcraft/section/lantern-road--resting-in-town");
    // A misspelt word of the document is corrected too, and filters apply.
    let hits = tome.search("ambushs", &all).unwrap();
    assert!(hits.iter().any(|h| h.id.starts_with("mythcraft/section/lantern-road--")), "{hits:?}");
    let filter = SearchFilter { kind: Some(Kind::Section), ..Default::default() };
    assert!(tome.search("initiative", &filter).unwrap().iter().all(|h| h.kind == Kind::Section));
    let other = SearchFilter { system: Some("mlaf".into()), ..Default::default() };
    assert!(tome.search("cart wall", &other).unwrap().is_empty());

    // The section view and the list of documents.
    let cover = tome.show("mythcraft/section/lantern-road--cover").unwrap();
    assert_eq!(cover.name, "Cover");
    assert!(cover.body.starts_with("A target behind a cart"));
    let docs = tome.docs().unwrap();
    assert_eq!((docs[0].id.as_str(), docs[0].title.as_str(), docs[0].sections), ("lantern-road", "Lantern Road", 7));
    assert_eq!(docs[0].format, "markdown");
}

#[test]
fn importing_the_same_title_again_replaces_it_and_removing_takes_it_out_of_search() {
    let mut tome = Tome::open_in_memory().unwrap();
    let first = tome.import_text_file(&fixture("plain-rules.txt"), "mythcraft", Some("Road Book")).unwrap();
    assert!(!first.replaced);
    let again = tome.import_text_file(&fixture("wiki-rules.txt"), "mythcraft", Some("Road Book")).unwrap();
    assert!(again.replaced);
    assert_eq!(tome.docs().unwrap().len(), 1);
    assert!(tome.show("mythcraft/section/road-book--travel").unwrap_err().is_not_found(), "old sections gone");
    assert!(tome.search("marshes", &SearchFilter::default()).unwrap().is_empty(), "old text gone from search");
    assert_eq!(tome.search("saddle", &SearchFilter::default()).unwrap()[0].kind, Kind::Section);

    let removed = tome.remove_doc("road-book").unwrap();
    assert_eq!(removed.sections, 7);
    assert!(tome.docs().unwrap().is_empty());
    assert!(tome.search("saddle", &SearchFilter::default()).unwrap().is_empty());
    assert_eq!(tome.remove_doc("road-book").unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(tome.db().integrity_problems().unwrap(), Vec::<String>::new());
}

#[test]
fn hostile_markup_is_kept_as_text() {
    let mut tome = Tome::open_in_memory().unwrap();
    let report = tome.import_text_file(&fixture("hostile.md"), "amtgard", None).unwrap();
    assert_eq!(report.doc.sections, 2);
    let first = tome.show(&report.first_sections[0].id).unwrap();
    assert_eq!(first.name, "Cursed Scrolls <script>alert('section heading')</script>");
    let file = std::fs::read_to_string(fixture("hostile.md")).unwrap();
    assert!(file.contains(&first.body), "stored exactly as written");
    assert!(first.body.contains("[the rules](javascript:alert('link'))"));
    let hits = tome.search("cursed scrolls", &SearchFilter::default()).unwrap();
    assert_eq!(hits[0].id, first.id);
}

#[test]
fn titles_and_headings_beyond_ascii_give_readable_ids() {
    let mut tome = Tome::open_in_memory().unwrap();
    let text = "# Café Brawls\n\nChairs fly.\n";
    let report = tome.import_text("Überwald Notes.md", text.as_bytes(), "mythcraft", None).unwrap();
    assert_eq!((report.doc.id.as_str(), report.doc.title.as_str()), ("uberwald-notes", "Überwald Notes"));
    assert_eq!(report.first_sections[0].id, "mythcraft/section/uberwald-notes--cafe-brawls");
    assert_eq!(tome.show("mythcraft/section/uberwald-notes--cafe-brawls").unwrap().name, "Café Brawls");
}

/// Files that are not a rules document: each refused with a message that says why.
#[test]
fn empty_binary_foreign_encoded_and_special_files_are_refused_clearly() {
    let mut tome = Tome::open_in_memory().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("# Titel\n\nÜber alles.\n".encode_utf16().flat_map(|u| u.to_le_bytes()))
        .collect();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty.txt", Vec::new(), "it is empty"),
        ("blank.md", b"\n\n   \n\t\n".to_vec(), "it is empty"),
        ("latin1.txt", b"Caf\xe9 rules\n".to_vec(), "not UTF-8 text (invalid byte at offset 3)"),
        ("image.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(), "binary file"),
        ("odd.txt", vec![0xFF, 0xFE, 0x41], "not valid UTF-16"),
        ("headings-only.md", b"# One\n# Two\n".to_vec(), "headings but no text"),
        ("many.md", "# h\nx\n".repeat(10_001).into_bytes(), "at most 10000"),
    ];
    for (name, bytes, expect) in &cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let err = tome.import_text_file(&path, "mlaf", None).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidInput, "{name}");
        let msg = err.to_string();
        assert!(msg.contains(name) && msg.contains(expect), "{name}: {msg}");
    }
    // UTF-16 with a byte-order mark is read.
    std::fs::write(dir.path().join("utf16.txt"), &utf16).unwrap();
    let ok = tome.import_text_file(&dir.path().join("utf16.txt"), "mlaf", None).unwrap();
    assert_eq!(ok.first_sections[0].heading, "Titel");

    assert!(tome.import_text_file(dir.path(), "mlaf", None).unwrap_err().to_string().contains("is a folder"));
    #[cfg(unix)]
    assert!(tome
        .import_text_file(std::path::Path::new("/dev/zero"), "mlaf", None)
        .unwrap_err()
        .to_string()
        .contains("not a regular file"));
    let err = tome.import_text_file(&fixture("plain-rules.txt"), "pathfinder", None).unwrap_err();
    assert_eq!(err.code(), ErrorCode::NotFound);
    assert!(err.to_string().contains("ars-magica"), "{err}");
    let err = tome.import_text_file(&fixture("plain-rules.txt"), "mlaf", Some("  ")).unwrap_err();
    assert!(err.to_string().contains("the title is empty"));
    // Issue 58: the name rule of characters, adversaries, parties and pack entries.
    let err = tome.import_text_file(&fixture("plain-rules.txt"), "mlaf", Some("Rules\u{202E}txt")).unwrap_err();
    assert!(err.to_string().contains("the title cannot hold direction overrides"), "{err}");
    let err = tome.import_text_file(&fixture("plain-rules.txt"), "mlaf", Some("\u{200B}\u{200B}")).unwrap_err();
    assert!(err.to_string().contains("the title needs something that shows"), "{err}");
    let odd = dir.path().join("rules\u{202E}dm.txt");
    std::fs::copy(fixture("plain-rules.txt"), &odd).unwrap();
    let err = tome.import_text_file(&odd, "mlaf", None).unwrap_err();
    assert!(err.to_string().contains("it comes from the file's name"), "{err}");
    assert!(tome.docs().unwrap().len() == 1, "only the UTF-16 file was imported");
}

#[test]
fn a_100_mb_file_is_refused_by_its_size_before_it_is_read() {
    let mut tome = Tome::open_in_memory().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    // Sparse: the file claims 100 MB without the disk holding them.
    std::fs::File::create(&path).unwrap().set_len(100 * 1024 * 1024).unwrap();
    let start = Instant::now();
    let err = tome.import_text_file(&path, "mlaf", None).unwrap_err();
    assert!(start.elapsed().as_millis() < 1000, "{:?}", start.elapsed());
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert!(err.to_string().contains("the file is 104857600 bytes (100 MiB); the limit is 8 MiB"), "{err}");
}

#[test]
fn a_document_at_the_size_limit_imports_in_bounded_time() {
    // Rules-like text: headings every few paragraphs, varied words, 8 MiB in all.
    let mut text = String::new();
    let words = ["rider", "storm", "verse", "saddle", "gale", "breath", "mount", "chant", "ward", "lantern"];
    let mut n = 0u64;
    while text.len() < (8 << 20) - 4096 {
        text.push_str(&format!("## Rule {n}\n\n"));
        for p in 0..4 {
            for w in 0..60 {
                n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                text.push_str(words[(n >> 60) as usize % words.len()]);
                text.push_str(&format!("{} ", (n >> 40) % 500 + w + p));
            }
            text.push_str("\n\n");
        }
    }
    let mut tome = Tome::open_in_memory().unwrap();
    let start = Instant::now();
    let report = tome.import_text("big.md", text.as_bytes(), "mlaf", None).unwrap();
    let took = start.elapsed();
    assert!(report.doc.sections > 1000);
    assert!(took.as_secs() < 60, "importing 8 MiB took {took:?}");
    let start = Instant::now();
    let hits = tome.search("saddle", &SearchFilter::default()).unwrap();
    assert!(!hits.is_empty());
    assert!(start.elapsed().as_secs() < 2, "searching took {:?}", start.elapsed());
    eprintln!("8 MiB import: {} sections in {took:?}", report.doc.sections);
}

#[test]
fn cli_import_text_show_docs_list_and_remove() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let tome = |args: &[&str]| {
        let mut c = Command::cargo_bin("tome").unwrap();
        c.arg("--db").arg(&db).args(args);
        c
    };
    let json = |args: &[&str]| -> Value {
        let out = tome(args).arg("--json").output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let file = fixture("wiki-rules.txt");
    let report = json(&["import-text", file.to_str().unwrap(), "--system", "amtgard", "--title", "Storm Riders"]);
    assert_eq!(report["doc"]["id"], "storm-riders");
    assert_eq!(report["doc"]["sections"], 7);
    assert_eq!(report["first_sections"][1]["id"], "amtgard/section/storm-riders--mounts");
    let out = tome(&["show", "amtgard/section/storm-riders--falling-off"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Falling Off\nsection · amtgard · amtgard/section/storm-riders--falling-off"), "{text}");
    assert!(text.contains("Source: Storm Riders, “Riding › Falling Off” (wiki-rules.txt)"), "{text}");
    let hits = json(&["search", "storm callers"]);
    assert_eq!(hits[0]["kind"], "section");
    let docs = json(&["docs", "list"]);
    assert_eq!(docs[0]["title"], "Storm Riders");
    let list = json(&["list", "section", "--system", "amtgard"]);
    assert_eq!(list.as_array().unwrap().len(), 7);
    json(&["docs", "remove", "storm-riders"]);
    tome(&["show", "amtgard/section/storm-riders--falling-off"]).assert().code(3);
    let out = tome(&["import-text", fixture("nope.txt").to_str().unwrap(), "--system", "amtgard"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such file"));
}

/// Imported rulebook text gets the same word analysis as Tome's entries: another form
/// of a word finds the section that writes it otherwise.
#[test]
fn imported_text_is_found_by_other_word_forms() {
    let mut tome = Tome::open_in_memory().unwrap();
    tome.import_text_file(&fixture("wiki-rules.txt"), "mythcraft", Some("Road Book")).unwrap();
    for query in ["mounts", "horsemanships"] {
        let hits = tome.search(query, &SearchFilter::default()).unwrap();
        assert!(
            hits.iter().any(|h| h.kind == Kind::Section && h.id.starts_with("mythcraft/section/road-book--")),
            "{query:?}: {hits:#?}"
        );
    }
}

/// The rules documents Tome's content comes from, beside the repository: each with
/// its system, a phrase a reader might remember from one rule, and the section that
/// rule becomes.
const RULES_DOCUMENTS: &[(&str, &str, &str, &str)] = &[
    ("000_01a13cf17059bcfe.txt", "amtgard", "timmy blue sword hip", "incantation"),
    ("001_aee625344e601f5d.txt", "ars-magica", "weighted spiked flanged heads", "mace-and-chain"),
    ("002_a66723b98f52e099.txt", "mlaf", "Norse Ice Witches kick-off", "blizzard"),
    ("003_3934b0afde6de550.txt", "primal-wild", "perceive ephemeral being unveiling covert", "reciprocity"),
    ("004_ab77d6485b392712.txt", "mythcraft", "exactly the same name cannot stack", "combining-magical-effects"),
];

/// The most text one section of those documents may hold to read as one rule: about
/// 800 words, a screen or two. Before inline labels, Primal Wild's document was two
/// sections of 32 and 20 KB.
const READABLE_SECTION_BYTES: usize = 5 * 1024;

fn rules_document(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/rules").join(file)
}

#[test]
fn the_five_rules_documents_split_into_readable_sections() {
    for &(file, system, _, _) in RULES_DOCUMENTS {
        let bytes = std::fs::read(rules_document(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let doc = tome::textdocs::prepare(file, &bytes, system, Some(&format!("{system} rules"))).unwrap();
        let largest = doc.sections.iter().map(|(_, s)| s.body.len()).max().unwrap_or(0);
        let sizes: Vec<(usize, &str)> = doc.sections.iter().map(|(_, s)| (s.body.len(), s.heading.as_str())).collect();
        assert!(
            doc.sections.len() >= 10 && largest <= READABLE_SECTION_BYTES,
            "{file}: {} sections, the largest {largest} bytes: {sizes:?}",
            doc.sections.len()
        );
    }
}

#[test]
fn a_phrase_from_each_rules_document_lands_on_its_section_first() {
    let mut tome = Tome::open_in_memory().unwrap();
    for &(file, system, _, _) in RULES_DOCUMENTS {
        tome.import_text_file(&rules_document(file), system, Some(&format!("{system} rules"))).unwrap();
    }
    for &(file, system, phrase, section) in RULES_DOCUMENTS {
        let hits = tome.search(phrase, &SearchFilter::default()).unwrap();
        let want = format!("{system}/section/{system}-rules--{section}");
        let first: Vec<&str> = hits.iter().take(5).map(|h| h.id.as_str()).collect();
        assert_eq!(hits.first().map(|h| h.id.as_str()), Some(want.as_str()), "{file}: {phrase:?} → {first:?}");
    }
}

/// Primal Wild's paragraphs each start with their label, so each is a section of its
/// own, named by it (issue 30).
#[test]
fn a_document_of_labelled_paragraphs_splits_at_its_labels() {
    let bytes = std::fs::read(rules_document("003_3934b0afde6de550.txt")).unwrap();
    let doc = tome::textdocs::prepare("pw.txt", &bytes, "primal-wild", Some("Primal Wild")).unwrap();
    let headings: Vec<&str> = doc.sections.iter().map(|(_, s)| s.heading.as_str()).collect();
    for want in ["Clash Cost", "Clash Dicepool", "Swapping Arcana", "Reciprocity", "Mage Sight", "Displacement"] {
        assert!(headings.contains(&want), "{want} in {headings:?}");
    }
    let (_, cost) = doc.sections.iter().find(|(_, s)| s.heading == "Clash Cost").unwrap();
    assert!(cost.body.starts_with("Clash Cost: To clash costs one Willpower point"), "{}", cost.body);
    assert!(cost.body.contains("However the cost is paid"), "the unlabelled paragraph after it belongs to it");
    assert!(!cost.body.contains("Clash Dicepool"), "the next label starts the next section");
}

/// An imported section holding every word of a query ranks above shipped entries that
/// hold only one of them each (issue 30: ten such entries came first).
#[test]
fn an_imported_section_holding_every_word_ranks_above_entries_holding_one() {
    let mut tome = Tome::open_in_memory().unwrap();
    tome.import_text_file(&rules_document("003_3934b0afde6de550.txt"), "primal-wild", Some("Primal Wild")).unwrap();
    let hits = tome.search("psychic damage arcanum duration", &SearchFilter::default()).unwrap();
    let names: Vec<(&str, bool)> = hits.iter().take(5).map(|h| (h.id.as_str(), h.partial)).collect();
    assert_eq!(hits[0].id, "primal-wild/section/primal-wild--swapping-arcana", "{names:?}");
    assert!(!hits[0].partial);
    let shipped: Vec<&tome::model::SearchHit> = hits.iter().filter(|h| h.kind != Kind::Section).collect();
    assert!(!shipped.is_empty() && shipped.iter().all(|h| h.partial), "the shipped entries hold some words: {names:?}");
    assert!(shipped.iter().all(|h| h.score < hits[0].score), "scores agree with the order");
}
