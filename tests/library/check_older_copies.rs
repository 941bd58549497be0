//! `tome db check` on a file with a part read as an older copy of itself (issue 73,
//! attack 77's F11). An index made again from a table whose pages are older than the
//! index hid the rows that still read, or turned a refusal into the older answer, and
//! the check then called the file whole. What must hold: every read that gave the right
//! answer before the check still gives it after, no read answers after it with anything
//! but the right answer, and the check (and the next) names the damage. On the code
//! before `Db::rows_not_current` was asked first, the screen's table put back as it was
//! before its first pin had its index made again from it and `db check` said the file
//! was whole while every read of the screen still refused.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::Cli;
use crate::older_copies::{copy_with, differing, rolled_back};

/// The reads a user would notice losing or going back.
const READS: &[&[&str]] = &[
    &["party", "show", "Lanterns"],
    &["party", "list"],
    &["screen", "mythcraft", "show"],
    &["adversary", "list"],
    &["adversary", "show", "Goblin"],
    &["encounter", "show", "Bridge", "--json"],
    &["encounter", "list"],
    &["character", "list"],
];

/// What each read prints on `db` (`None` when it is refused).
fn reads(db: &Path) -> Vec<Option<String>> {
    READS
        .iter()
        .map(|args| {
            let out = assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(db).args(*args).output().unwrap();
            out.status.success().then(|| String::from_utf8(out.stdout).unwrap())
        })
        .collect()
}

/// Each table's pages (from 0; its rows', not its indexes'), by SQLite's `dbstat`.
fn table_pages(db: &Path) -> BTreeMap<String, Vec<usize>> {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut s = c
        .prepare(
            "SELECT d.name, d.pageno FROM dbstat d JOIN sqlite_schema s ON s.name = d.name
             WHERE s.type = 'table'",
        )
        .unwrap();
    let mut tables: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for row in s.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))).unwrap() {
        let (name, page) = row.unwrap();
        tables.entry(name).or_default().push(page as usize - 1);
    }
    tables
}

/// A library snapshot taken before the screen's first pin, a party's second member and a
/// fight's blows, and the library written further: so the older copy of the screen's
/// table holds no screen, the members' table an older list, the events' table fewer.
fn library() -> (Cli, Vec<u8>) {
    let t = Cli::new();
    t.text(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    for n in ["Wren", "Ash", "Oak"] {
        t.text(&["character", "new", "--system", "mythcraft", "--name", n]);
    }
    t.text(&["party", "new", "--system", "mythcraft", "--name", "Lanterns"]);
    t.text(&["party", "add", "Lanterns", "1", "3"]);
    t.text(&["encounter", "new", "--system", "mythcraft", "--name", "Bridge"]);
    t.text(&["encounter", "add", "Bridge", "--npc", "Ogre", "--stat", "max-hp=30"]);
    t.text(&["encounter", "start", "Bridge"]);
    let old = std::fs::read(&t.db).unwrap();
    t.text(&["screen", "mythcraft", "pin", "mythcraft/condition/prone"]);
    t.text(&["party", "remove", "Lanterns", "3"]);
    t.text(&["party", "add", "Lanterns", "2"]);
    t.text(&["adversary", "new", "--system", "mythcraft", "--name", "Orc", "max-hp", "20"]);
    for _ in 0..3 {
        t.text(&["encounter", "damage", "Bridge", "Ogre", "--amount", "2"]);
    }
    (t, old)
}

#[test]
fn db_check_never_takes_away_a_read_from_a_table_put_back_as_it_was() {
    let (t, old) = library();
    let new = std::fs::read(&t.db).unwrap();
    let right = reads(&t.db);
    assert!(right.iter().all(Option::is_some), "every read works on the file as it is");
    // Each page of a table that the writes changed put back alone, then each such
    // table's changed pages together (its indexes left as they are now).
    let changed = differing(&old, &new);
    let mut cases: Vec<Vec<usize>> = Vec::new();
    for pages in table_pages(&t.db).into_values() {
        let pages: Vec<usize> = pages.into_iter().filter(|p| changed.contains(p)).collect();
        cases.extend(pages.iter().map(|p| vec![*p]));
        if pages.len() > 1 {
            cases.push(pages);
        }
    }
    assert!(cases.len() >= 8, "the writes after the snapshot changed the tables' pages: {cases:?}");
    let mut failed = Vec::new();
    for back in cases {
        let (_dir, db) = copy_with(&t, &rolled_back(&old, &new, &back));
        let p = Pages(&back);
        let before = reads(&db);
        let check = || {
            let mut tome = assert_cmd::Command::cargo_bin("tome").unwrap();
            tome.arg("--db").arg(&db).args(["db", "check"]).output().unwrap().status.success()
        };
        let whole = check();
        let after = reads(&db);
        for (args, ((want, was), now)) in READS.iter().zip(right.iter().zip(&before).zip(&after)) {
            if was == want && now != want {
                failed.push(format!("{p} put back: db check took `tome {args:?}` away"));
            } else if now.is_some() && now != want {
                failed.push(format!("{p} put back: after db check `tome {args:?}` gave an older answer"));
            }
        }
        // Named as damage, and still named by the next check: the first did not make it
        // look whole by rebuilding an index from the older table.
        if whole || check() {
            failed.push(format!("{p} put back: db check called the file whole (first check: {whole})"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Page numbers as a user's tools show them (from 1).
struct Pages<'a>(&'a [usize]);

impl std::fmt::Display for Pages<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n: Vec<String> = self.0.iter().map(|p| (p + 1).to_string()).collect();
        write!(f, "page(s) {}", n.join(", "))
    }
}
