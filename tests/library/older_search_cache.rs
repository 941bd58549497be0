//! The kept search index's pages put back as an older copy of themselves (issue 73's
//! damage trial, "a table older, copy 16"): every changed page of `search_cache` (its
//! leaf, its key's index) as in a file from before the index was kept, so the overflow
//! pages that held the index belong to no table. That is Tome's own, derived content and
//! pages that belong to nothing: the file heals and every read answers as before. On the
//! code before, the bundled SQLite's words for such a page ("Page 441: never used") were
//! not the ones `tables::loose` knew ("Page 441 is never used"), and every command, `tome
//! db check` with them, refused the file as damaged beyond Tome's own content.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::Cli;
use crate::older_copies::{copy_with, differing, rolled_back};

/// Reads a user would notice: their records and the rules.
const READS: &[&[&str]] = &[
    &["adversary", "show", "Goblin"],
    &["character", "list"],
    &["party", "show", "Lanterns"],
    &["search", "prone"],
    &["show", "mythcraft/condition/prone"],
];

/// Each read's success and what it prints (a repair at open is told on stderr).
fn reads(db: &Path) -> Vec<(bool, String)> {
    READS
        .iter()
        .map(|args| {
            let out = assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(db).args(*args).output().unwrap();
            (out.status.success(), String::from_utf8(out.stdout).unwrap())
        })
        .collect()
}

/// The pages (from 0) of the b-trees of `table` and its indexes, by SQLite's `dbstat`.
fn pages_of(db: &Path, table: &str) -> BTreeSet<usize> {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut s = c
        .prepare("SELECT d.pageno FROM dbstat d JOIN sqlite_schema s ON s.name = d.name WHERE s.tbl_name = ?1")
        .unwrap();
    s.query_map([table], |r| r.get::<_, i64>(0)).unwrap().map(|p| p.unwrap() as usize - 1).collect()
}

#[test]
fn the_search_caches_pages_put_back_as_before_it_was_kept_heal() {
    let t = Cli::new();
    t.text(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    for n in ["Wren", "Ash"] {
        t.text(&["character", "new", "--system", "mythcraft", "--name", n]);
    }
    t.text(&["party", "new", "--system", "mythcraft", "--name", "Lanterns"]);
    t.text(&["party", "add", "Lanterns", "1", "2"]);
    let old = std::fs::read(&t.db).unwrap();
    let cache = pages_of(&t.db, "search_cache");
    // The search keeps the index it built: the cache's leaf, its key's index, and the
    // overflow pages after them.
    t.text(&["search", "prone"]);
    let new = std::fs::read(&t.db).unwrap();
    let right = reads(&t.db);
    assert!(right.iter().all(|r| r.0), "every read works on the file as it is: {right:?}");
    let back: Vec<usize> = differing(&old, &new).into_iter().filter(|p| cache.contains(p)).collect();
    assert!(!back.is_empty(), "keeping the search index changed the cache's own pages");
    let orphans = new.len() / 4096 - old.len() / 4096;
    assert!(orphans > 0, "the kept index took overflow pages at the file's end");
    let rolled = rolled_back(&old, &new, &back);

    // At open: a command heals the file and answers as on the original.
    let (_dir, db) = copy_with(&t, &rolled);
    assert_eq!(reads(&db), right, "the reads after the cache's pages were put back");
    let c = rusqlite::Connection::open(&db).unwrap();
    let problems: Vec<String> =
        c.prepare("PRAGMA integrity_check").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(problems, ["ok"], "the pages that belonged to nothing are gone");
    drop(c);

    // `tome db check` first, on a copy that no command opened.
    let (_dir, db) = copy_with(&t, &rolled);
    let check =
        assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(&db).args(["db", "check"]).output().unwrap();
    assert!(check.status.success(), "db check heals it: {}", String::from_utf8_lossy(&check.stderr));
    assert_eq!(reads(&db), right, "the reads after db check");
}
