//! A part of the file read as an older copy of itself (issue 73, attack 77's F1–F9): a
//! write the disk lost, a page put back from a backup, a `-wal` file lost. Each page
//! Tome wrote since a snapshot is put back as the snapshot holds it, with Tome's own
//! bytes (so its page sum matches), and every read must give the right answer or refuse:
//! never the older state with success. On the code before the ledger
//! (`schema/0028_row_ledger.sql`) the adversary, party, screen, document and encounter
//! reads below answered with exit 0 from their older pages.

use std::path::Path;

use crate::common::Cli;

const PAGE: usize = 4096;

/// The reads a user would notice going back: each one's output on the file as it is.
const READS: &[&[&str]] = &[
    &["adversary", "show", "Goblin"],
    &["adversary", "list"],
    &["party", "show", "Lanterns"],
    &["screen", "mythcraft", "show"],
    &["docs", "list", "--json"],
    &["encounter", "show", "Bridge", "--json"],
];

/// A library, its snapshot part-way, and the same library written further.
fn library() -> (Cli, Vec<u8>) {
    let t = Cli::new();
    t.text(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    for n in ["Wren", "Ash", "Oak"] {
        t.text(&["character", "new", "--system", "mythcraft", "--name", n]);
    }
    t.text(&["party", "new", "--system", "mythcraft", "--name", "Lanterns"]);
    t.text(&["party", "add", "Lanterns", "1", "2"]);
    t.text(&["screen", "mythcraft", "pin", "mythcraft/condition/prone"]);
    let notes = t.dir.path().join("notes.md");
    std::fs::write(&notes, "# Notes\nThe duke is the thief.\n").unwrap();
    t.text(&["import-text", "--system", "mythcraft", "--title", "Notes", notes.to_str().unwrap()]);
    t.text(&["docs", "share", "notes"]);
    t.text(&["encounter", "new", "--system", "mythcraft", "--name", "Bridge"]);
    t.text(&["encounter", "add", "Bridge", "--npc", "Ogre", "--stat", "max-hp=30"]);
    let old = std::fs::read(&t.db).unwrap();
    t.text(&["adversary", "set", "Goblin", "max-hp", "16"]);
    t.text(&["adversary", "new", "--system", "mythcraft", "--name", "Orc", "max-hp", "20"]);
    t.text(&["party", "remove", "Lanterns", "2"]);
    t.text(&["party", "add", "Lanterns", "3"]);
    t.text(&["screen", "mythcraft", "pin", "mythcraft/condition/blinded"]);
    t.text(&["docs", "share", "notes", "--off"]);
    t.text(&["encounter", "offer-reveal", "Bridge", "on"]);
    t.text(&["encounter", "table-totals", "Bridge", "on"]);
    (t, old)
}

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

/// A copy of `t`'s file (with what lies beside it) in a folder of its own, with `bytes`.
pub(crate) fn copy_with(t: &Cli, bytes: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    std::fs::write(&db, bytes).unwrap();
    for side in ["-written", "-checked"] {
        let mut from = t.db.as_os_str().to_owned();
        from.push(side);
        let mut to = db.as_os_str().to_owned();
        to.push(side);
        if Path::new(&from).exists() {
            std::fs::copy(&from, &to).unwrap();
        }
    }
    (dir, db)
}

/// The numbers of the pages `new` and `old` both have that differ.
pub(crate) fn differing(old: &[u8], new: &[u8]) -> Vec<usize> {
    (0..old.len().min(new.len()) / PAGE).filter(|p| old[p * PAGE..][..PAGE] != new[p * PAGE..][..PAGE]).collect()
}

/// `new` with the pages `pages` (from 0) as `old` holds them.
pub(crate) fn rolled_back(old: &[u8], new: &[u8], pages: &[usize]) -> Vec<u8> {
    let mut out = new.to_vec();
    for p in pages {
        out[p * PAGE..][..PAGE].copy_from_slice(&old[p * PAGE..][..PAGE]);
    }
    out
}

/// Every read on `db` gives `right`'s answer or is refused; names the first that does not.
fn right_or_refused(db: &Path, right: &[Option<String>], what: &str) {
    for (got, (want, args)) in reads(db).iter().zip(right.iter().zip(READS)) {
        if let Some(got) = got {
            assert_eq!(Some(got), want.as_ref(), "{what}: `tome {args:?}` answered with an older state");
        }
    }
}

#[test]
fn any_one_page_put_back_as_it_was_is_refused_never_shown() {
    let (t, old) = library();
    let new = std::fs::read(&t.db).unwrap();
    let right = reads(&t.db);
    assert!(right.iter().all(Option::is_some), "every read works on the file as it is");
    let pages = differing(&old, &new);
    assert!(pages.len() > 5, "the writes after the snapshot changed pages: {pages:?}");
    for p in pages {
        let (_dir, db) = copy_with(&t, &rolled_back(&old, &new, &[p]));
        right_or_refused(&db, &right, &format!("page {} put back", p + 1));
    }
}

/// The ledger's own pages: what a lost write of only the user's rows leaves current.
fn ledger_pages(db: &Path) -> Vec<usize> {
    root_pages(db, &["row_ledger", "ledger_head", "ledger_bucket"])
}

/// The pages (from 0) of tables `names`, each small enough to be its root page alone.
fn root_pages(db: &Path, names: &[&str]) -> Vec<usize> {
    names.iter().map(|n| root_page(db, n)).collect()
}

#[test]
fn every_record_page_put_back_together_is_refused_never_shown() {
    let (t, old) = library();
    let new = std::fs::read(&t.db).unwrap();
    let right = reads(&t.db);
    let keep = ledger_pages(&t.db);
    // All but the ledger's (and the file's header page) as they were: each record whole
    // as the snapshot held it, its seals matching (F9).
    let back: Vec<usize> = differing(&old, &new).into_iter().filter(|p| *p != 0 && !keep.contains(p)).collect();
    let (_dir, db) = copy_with(&t, &rolled_back(&old, &new, &back));
    right_or_refused(&db, &right, "every page but the ledger's put back");
    let refused = reads(&db).iter().filter(|r| r.is_none()).count();
    assert!(refused >= 4, "the records that changed are refused, not read as they were ({refused} refused)");
}

/// The ledger's entries put back with the rows they vouch for, its buckets and head
/// current (a lost write of all but those two pages): each row matches its entry, so only
/// the entries' buckets, summed by each read, tell the older copy. Before the buckets
/// were summed per read this was the head's whole-ledger digest, read at every open.
#[test]
fn rows_put_back_with_their_ledger_entries_are_refused_by_the_entries_buckets() {
    let (t, old) = library();
    let new = std::fs::read(&t.db).unwrap();
    let right = reads(&t.db);
    let keep = root_pages(&t.db, &["ledger_head", "ledger_bucket"]);
    let back: Vec<usize> = differing(&old, &new).into_iter().filter(|p| *p != 0 && !keep.contains(p)).collect();
    let (_dir, db) = copy_with(&t, &rolled_back(&old, &new, &back));
    right_or_refused(&db, &right, "every page but the ledger's buckets and head put back");
    let refused = reads(&db).iter().filter(|r| r.is_none()).count();
    assert!(refused >= 4, "the records that changed are refused, not read as they were ({refused} refused)");
}

#[test]
fn a_whole_file_older_than_tome_last_wrote_is_refused_until_accepted() {
    let (t, old) = library();
    let right = reads(&t.db);
    // The snapshot put back whole, as a lost `-wal` or a copy over the file leaves it.
    std::fs::write(&t.db, &old).unwrap();
    let (code, err) = t.fails(&["adversary", "show", "Goblin"]);
    assert_ne!(code, 0);
    let said = err["message"].as_str().unwrap().to_string();
    assert!(said.contains("older than the last state Tome wrote"), "{said}");
    assert!(said.contains("-written"), "it says how to take the older copy on purpose: {said}");
    right_or_refused(&t.db, &right, "the older file put back");
    // Taken on purpose: the witness removed, the older state reads as it is.
    let mut w = t.db.as_os_str().to_owned();
    w.push("-written");
    std::fs::remove_file(&w).unwrap();
    assert!(t.text(&["adversary", "show", "Goblin"]).contains("12"), "the older Goblin, taken on purpose");
}

#[test]
fn a_fights_kept_state_from_before_an_undo_is_not_resumed() {
    // F3: a fight with a kept state (checkpoint) at its 50th event, two events undone and
    // two others made: the kept state put back as it was stands for events that are gone.
    let t = Cli::new();
    t.text(&["encounter", "new", "--system", "mythcraft", "--name", "Bridge"]);
    t.text(&["encounter", "add", "Bridge", "--npc", "Ogre", "--stat", "max-hp=300"]);
    t.text(&["encounter", "add", "Bridge", "--npc", "Imp", "--stat", "max-hp=300"]);
    t.text(&["encounter", "start", "Bridge"]);
    let events = |t: &Cli| t.json(&["encounter", "log", "Bridge"]).as_array().map_or(0, Vec::len);
    while events(&t) < 50 {
        t.text(&["encounter", "damage", "Bridge", "Ogre", "--amount", "1"]);
    }
    let old = std::fs::read(&t.db).unwrap();
    t.text(&["encounter", "undo", "Bridge"]);
    t.text(&["encounter", "undo", "Bridge"]);
    t.text(&["encounter", "damage", "Bridge", "Imp", "--amount", "50"]);
    t.text(&["encounter", "damage", "Bridge", "Imp", "--amount", "50"]);
    let show = ["encounter", "show", "Bridge", "--json"];
    let right = t.text(&show);
    let new = std::fs::read(&t.db).unwrap();
    for p in differing(&old, &new) {
        let (_dir, db) = copy_with(&t, &rolled_back(&old, &new, &[p]));
        let out = assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(&db).args(show).output().unwrap();
        if out.status.success() {
            assert_eq!(String::from_utf8(out.stdout).unwrap(), right, "page {} put back: an older board", p + 1);
        }
    }
}

/// One write a user makes, as its command line.
fn write_step() -> impl proptest::strategy::Strategy<Value = Vec<String>> {
    use proptest::prelude::*;
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<String>>();
    prop_oneof![
        (10..40u32).prop_map(move |hp| v(&["adversary", "set", "Goblin", "max-hp", &hp.to_string()])),
        Just(v(&["screen", "mythcraft", "pin", "mythcraft/condition/blinded"])),
        Just(v(&["screen", "mythcraft", "unpin", "mythcraft/condition/blinded"])),
        Just(v(&["party", "add", "Lanterns", "3"])),
        Just(v(&["party", "remove", "Lanterns", "3"])),
        Just(v(&["docs", "share", "notes"])),
        Just(v(&["docs", "share", "notes", "--off"])),
        (1..4u32).prop_map(move |n| v(&["encounter", "damage", "Bridge", "Ogre", "--amount", &n.to_string()])),
        Just(v(&["encounter", "undo", "Bridge"])),
        any::<bool>().prop_map(move |on| v(&["encounter", "offer-reveal", "Bridge", if on { "on" } else { "off" }])),
    ]
}

proptest::proptest! {
    // Few cases: each runs the command line some forty times (more in `make fuzz`).
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4))]

    /// Random writes, a snapshot at a random point, more writes, then a random non-empty
    /// set of the pages that differ put back as the snapshot held them: every read gives
    /// the answer of the file as it was written or refuses, never another with success.
    #[test]
    fn pages_put_back_after_random_writes_are_refused_never_shown(
        before in proptest::collection::vec(write_step(), 0..4),
        after in proptest::collection::vec(write_step(), 1..6),
        pick in proptest::collection::vec(proptest::prelude::any::<bool>(), 64),
    ) {
        let t = Cli::new();
        for setup in [
            &["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"][..],
            &["character", "new", "--system", "mythcraft", "--name", "Wren"],
            &["character", "new", "--system", "mythcraft", "--name", "Ash"],
            &["character", "new", "--system", "mythcraft", "--name", "Oak"],
            &["party", "new", "--system", "mythcraft", "--name", "Lanterns"],
            &["party", "add", "Lanterns", "1"],
            &["encounter", "new", "--system", "mythcraft", "--name", "Bridge"],
            &["encounter", "add", "Bridge", "--npc", "Ogre", "--stat", "max-hp=30"],
        ] {
            t.text(setup);
        }
        let notes = t.dir.path().join("notes.md");
        std::fs::write(&notes, "# Notes\nThe duke is the thief.\n").unwrap();
        t.text(&["import-text", "--system", "mythcraft", "--title", "Notes", notes.to_str().unwrap()]);
        // A write a rule refuses (an undo with nothing to undo) changes nothing: fine.
        let write = |args: &Vec<String>| drop(t.cmd(&args.iter().map(String::as_str).collect::<Vec<_>>()).output().unwrap());
        before.iter().for_each(write);
        let old = std::fs::read(&t.db).unwrap();
        after.iter().for_each(write);
        let new = std::fs::read(&t.db).unwrap();
        let right = reads(&t.db);
        let pages = differing(&old, &new);
        let mut back: Vec<usize> = pages.iter().enumerate().filter(|(i, _)| pick[i % 64]).map(|(_, p)| *p).collect();
        if back.is_empty() {
            back.extend(pages.first());
        }
        let (_dir, db) = copy_with(&t, &rolled_back(&old, &new, &back));
        right_or_refused(&db, &right, &format!("{before:?} then {after:?}, pages {back:?} put back"));
    }
}

/// The first page (from 0) of the table or index `name`.
fn root_page(db: &Path, name: &str) -> usize {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    c.query_row("SELECT rootpage FROM sqlite_schema WHERE name = ?1", [name], |r| r.get::<_, i64>(0)).unwrap() as usize
        - 1
}

/// Attack 77's F12: the parties' name index read as an older copy of itself, from before
/// a party was made, hides that party from a lookup through it. `party show` and `party
/// list` then name it or refuse the file; never "no party named", which on the code
/// before read as a typo with a suggestion of the very name asked for.
#[test]
fn a_party_an_older_name_index_hides_is_shown_or_refused_never_said_missing() {
    let t = Cli::new();
    t.text(&["party", "new", "--system", "mythcraft", "--name", "Lanterns"]);
    let old = std::fs::read(&t.db).unwrap();
    t.text(&["party", "new", "--system", "mythcraft", "--name", "Embers"]);
    let new = std::fs::read(&t.db).unwrap();
    let index = root_page(&t.db, "party_name");
    assert!(differing(&old, &new).contains(&index), "the new party changed its name index's page");
    let (_dir, db) = copy_with(&t, &rolled_back(&old, &new, &[index]));
    for args in [&["party", "show", "Embers"][..], &["party", "list"]] {
        let out = assert_cmd::Command::cargo_bin("tome")
            .unwrap()
            .arg("--db")
            .arg(&db)
            .args(args)
            .arg("--json")
            .output()
            .unwrap();
        if out.status.success() {
            assert!(String::from_utf8_lossy(&out.stdout).contains("Embers"), "`tome {args:?}` answered without Embers");
        } else {
            let err: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
            assert_eq!(err["code"], "database", "`tome {args:?}` refused the file as damaged, not: {err}");
        }
    }
}
