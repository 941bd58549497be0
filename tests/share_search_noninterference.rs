//! A phone's search must not answer differently by what the table may not read (issue 57,
//! found after it): two Tomes alike but for one unshared document of the game master's,
//! the same misspelt searches from the table. Today it fails: the search's typo
//! correction and its text matches read every entry, and the hidden ones are only taken
//! out of the hits afterwards, so "sworx" finds nothing beside notes that hold "sworx"
//! and twelve swords without them. Kept as a reproduction for the fix (a table index and
//! text search that never see what the table may not read), not yet in `make test`.

use tome::search::SearchFilter;
use tome::Tome;

#[test]
#[ignore = "known leak, to fix: search reads unshared documents before filtering (see the module's comment)"]
fn a_phones_search_answers_the_same_with_or_without_an_unshared_document() {
    let tome = |with_notes: bool| {
        let mut t = Tome::open_in_memory().unwrap();
        if with_notes {
            let notes = "# The plot\n\nHe swore to sworx the swodr; poisn and frozne.\n";
            t.import_text("notes.md", notes.as_bytes(), "mythcraft", Some("Secret notes")).unwrap();
        }
        t
    };
    let (hidden, none) = (tome(true), tome(false));
    let filter = SearchFilter { limit: Some(20), ..Default::default() };
    for query in ["sworx", "swodr", "poisn", "frozn", "sword"] {
        let ids = |t: &Tome| t.table_search(query, &filter).unwrap().into_iter().map(|h| h.id).collect::<Vec<_>>();
        assert_eq!(ids(&hidden), ids(&none), "the table's search for {query:?} reads the unshared notes");
    }
}
