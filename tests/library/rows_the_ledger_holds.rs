//! Attack 81 (a fresh-eyes attack on the storage after the ledger's buckets): rows Tome
//! wrote that are not there, or are there as a deleted row's older copy, and writes on a
//! file older than Tome last wrote it. Each read gives the right answer or refuses; never
//! "not found", "deleted since" or a member left out with exit 0, and never the older
//! file taken as the present. Each test fails on the code before the fix.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::Cli;
use crate::older_copies::copy_with;

const PAGE: usize = 4096;

/// `new` with every page of the b-trees `names` (in `old` or in `new`, by `dbstat`) as
/// `old` holds it: a lost write of those tables' pages.
fn put_back(old_db: &Path, new_db: &Path, names: &[&str]) -> Vec<u8> {
    let pages = |db: &Path| -> BTreeSet<usize> {
        let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let list = names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(",");
        let mut s = c.prepare(&format!("SELECT pageno FROM dbstat WHERE name IN ({list})")).unwrap();
        s.query_map([], |r| r.get::<_, i64>(0)).unwrap().map(|p| p.unwrap() as usize - 1).collect()
    };
    let (old, mut out) = (std::fs::read(old_db).unwrap(), std::fs::read(new_db).unwrap());
    for p in pages(old_db).union(&pages(new_db)) {
        if (p + 1) * PAGE <= old.len().min(out.len()) {
            out[p * PAGE..][..PAGE].copy_from_slice(&old[p * PAGE..][..PAGE]);
        }
    }
    out
}

/// A snapshot of `t`'s file, in a folder of its own (its witness beside it).
fn snapshot(t: &Cli) -> (tempfile::TempDir, std::path::PathBuf) {
    copy_with(t, &std::fs::read(&t.db).unwrap())
}

/// What `tome args` prints on `db`, when it succeeds.
fn answer(db: &Path, args: &[&str]) -> Option<String> {
    let out = assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(db).args(args).output().unwrap();
    assert_ne!(out.status.code(), Some(101), "`tome {args:?}` panicked: {}", String::from_utf8_lossy(&out.stderr));
    out.status.success().then(|| String::from_utf8(out.stdout).unwrap())
}

/// F1: a character deleted and made again takes its id and its revisions' row ids; its
/// revisions and values put back as the deleted one's are refused, never shown.
#[test]
fn a_deleted_characters_revision_at_a_reused_place_is_refused() {
    let t = Cli::new();
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Ana"]);
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Zed"]);
    t.text(&["character", "set", "Zed", "str", "3"]);
    let (_old_dir, old) = snapshot(&t);
    t.text(&["character", "delete", "Zed"]);
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Zed"]);
    t.text(&["character", "set", "Zed", "str", "5"]);
    let right = answer(&t.db, &["character", "show", "Zed"]).unwrap();
    let tables = ["character_value", "sqlite_autoindex_character_value_1", "character_revision"];
    let (_dir, db) = copy_with(&t, &put_back(&old, &t.db, &tables));
    for args in [&["character", "show", "Zed"][..], &["character", "revisions", "Zed"]] {
        if let Some(got) = answer(&db, args) {
            if args[1] == "show" {
                assert_eq!(got, right, "`tome {args:?}` answered with the deleted Zed");
            }
        }
    }
    assert!(answer(&db, &["character", "show", "Zed"]).is_none(), "the older revision is refused");
}

/// F3, F4, F7: a character's row lost (its table's page put back): its party, its own
/// show and the fight it is in say the damage, never a party without it, "no character
/// with id" or "the character was deleted" with exit 0.
#[test]
fn a_characters_lost_row_is_damage_to_its_party_its_show_and_its_fight() {
    let t = Cli::new();
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Ana"]);
    t.text(&["party", "new", "--system", "mythcraft", "--name", "Lanterns"]);
    t.text(&["party", "add", "Lanterns", "1"]);
    t.text(&["encounter", "new", "--system", "mythcraft", "--name", "Cave"]);
    t.text(&["encounter", "add", "Cave", "--npc", "Troll", "--stat", "max-hp=30"]);
    let (_old_dir, old) = snapshot(&t);
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Cy"]);
    t.text(&["party", "add", "Lanterns", "2"]);
    t.text(&["encounter", "add", "Cave", "--character", "Cy"]);
    let reads: &[&[&str]] = &[
        &["party", "show", "Lanterns"],
        &["party", "list"],
        &["character", "show", "2"],
        &["encounter", "end", "Cave"],
    ];
    let right: Vec<Option<String>> = reads.iter().map(|a| answer(&t.db, a)).collect();
    let (_dir, db) = copy_with(&t, &put_back(&old, &t.db, &["character"]));
    for (args, want) in reads.iter().zip(&right) {
        if let Some(got) = answer(&db, args) {
            assert_eq!(Some(&got), want.as_ref(), "`tome {args:?}` answered without Cy's lost row");
        }
    }
    let out = assert_cmd::Command::cargo_bin("tome")
        .unwrap()
        .arg("--db")
        .arg(&db)
        .args(["character", "show", "2"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("damaged") && !said.contains("no character"), "the lost row is named as damage: {said}");
}

/// F5: an adversary's lost row is not a stat block "deleted since" on the board.
#[test]
fn an_adversarys_lost_row_is_not_said_deleted_on_the_board() {
    let t = Cli::new();
    t.text(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    let (_old_dir, old) = snapshot(&t);
    t.text(&["adversary", "new", "--system", "mythcraft", "--name", "Troll", "max-hp", "40"]);
    t.text(&["encounter", "new", "--system", "mythcraft", "--name", "Cave"]);
    t.text(&["encounter", "add", "Cave", "--adversary", "Troll"]);
    let right = answer(&t.db, &["encounter", "show", "Cave"]);
    let (_dir, db) = copy_with(&t, &put_back(&old, &t.db, &["adversary"]));
    if let Some(got) = answer(&db, &["encounter", "show", "Cave"]) {
        assert_eq!(Some(got), right, "the board says the Troll's stat block was deleted");
    }
}

/// F6: writes on a file older than Tome last wrote it are refused before they write, so
/// they never count its generation up past the witness and make the older file read as
/// the present.
#[test]
fn writes_on_an_older_file_never_outrun_its_witness() {
    let t = Cli::new();
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Ana"]);
    let older = std::fs::read(&t.db).unwrap();
    t.text(&["character", "set", "Ana", "str", "2"]);
    for name in ["Goblin", "Orc", "Ogre", "Troll", "Wolf", "Bat"] {
        t.text(&["adversary", "new", "--system", "mythcraft", "--name", name]);
    }
    let right = answer(&t.db, &["character", "show", "Ana"]).unwrap();
    let (_dir, db) = copy_with(&t, &older);
    assert!(answer(&db, &["character", "show", "Ana"]).is_none(), "the older file is refused");
    let notes = t.dir.path().join("notes.md");
    std::fs::write(&notes, "# A\none\n# B\ntwo\n# C\nthree\n# D\nfour\n").unwrap();
    for n in ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"] {
        let name = format!("Probe {n}");
        assert!(
            answer(&db, &["character", "new", "--system", "mythcraft", "--name", &name]).is_none(),
            "{name} is refused"
        );
        assert!(answer(&db, &["adversary", "new", "--system", "mythcraft", "--name", &name]).is_none());
        assert!(
            answer(&db, &["import-text", "--system", "mythcraft", "--title", &name, notes.to_str().unwrap()]).is_none()
        );
    }
    if let Some(got) = answer(&db, &["character", "show", "Ana"]) {
        assert_eq!(got, right, "the older file was taken as the present after the refused writes");
    }
}

/// Attack 82's F1: a new row never takes the place of a lost one. SQLite gives a new row
/// the id after the highest there, so a character made on a file whose last character was
/// lost took its id, and its ledger entry: `db check` then found nothing, and the lost
/// character was gone without a word.
#[test]
fn a_new_row_never_takes_the_place_of_a_lost_one() {
    let t = Cli::new();
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Aria"]);
    let (_old_dir, old) = snapshot(&t);
    t.text(&["character", "new", "--system", "mythcraft", "--name", "Bran"]);
    let (_dir, db) = copy_with(&t, &put_back(&old, &t.db, &["character", "character_revision"]));
    assert!(answer(&db, &["character", "new", "--system", "mythcraft", "--name", "Cass"]).is_none(), "Cass is refused");
    let check =
        assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(&db).args(["db", "check"]).output().unwrap();
    assert!(
        !check.status.success(),
        "db check still names the lost character: {}",
        String::from_utf8_lossy(&check.stdout)
    );
    if let Some(list) = answer(&db, &["character", "list"]) {
        assert!(list.contains("Bran") && !list.contains("Cass"), "{list}");
    }
}

/// Attack 82's F2, F3 and F8: an imported document, its sections and a fight lost with
/// their rows are never lists without them, "no entry" or an evening without the fight.
#[test]
fn documents_sections_and_fights_lost_with_their_rows_are_damage() {
    let t = Cli::new();
    let dir = t.dir.path();
    std::fs::write(dir.join("alpha.md"), "# Alpha rules\nAlpha text one.\n# Alpha more\nAlpha text two.\n").unwrap();
    std::fs::write(dir.join("beta.md"), "# Beta rules\nBeta text.\n# Beta more\nBeta two.\n# Beta last\nBeta three.\n")
        .unwrap();
    t.text(&["import-text", "--system", "mythcraft", dir.join("alpha.md").to_str().unwrap()]);
    t.text(&["encounter", "new", "--system", "mythcraft", "--name", "Bridge"]);
    let (_old_dir, old) = snapshot(&t);
    t.text(&["import-text", "--system", "mythcraft", dir.join("beta.md").to_str().unwrap()]);
    t.text(&["encounter", "new", "--system", "mythcraft", "--name", "Cave"]);
    let beta = "mythcraft/section/beta--beta-more";
    assert!(t.text(&["list", "section"]).contains("Beta more"));
    // This computer's date, as the session log reads it.
    let today = jiff::Zoned::now().date().to_string();
    let reads: Vec<Vec<String>> = [
        vec!["docs", "list"],
        vec!["list", "section"],
        vec!["show", beta],
        vec!["encounter", "session-log", "--date", &today],
    ]
    .into_iter()
    .map(|r| r.into_iter().map(str::to_string).collect())
    .collect();
    let read = |db: &Path, args: &[String]| answer(db, &args.iter().map(String::as_str).collect::<Vec<_>>());
    let right: Vec<Option<String>> = reads.iter().map(|a| read(&t.db, a)).collect();
    assert!(right.iter().all(Option::is_some), "every read works on the file as it is: {right:?}");
    if jiff::Zoned::now().date().to_string() != today {
        // Midnight passed since the fights were made: the evening's log is another day's.
        return;
    }
    let lost = put_back(&old, &t.db, &["doc", "doc_section", "encounter"]);
    let (_dir, db) = copy_with(&t, &lost);
    for (args, want) in reads.iter().zip(&right) {
        if let Some(got) = read(&db, args) {
            assert_eq!(Some(&got), want.as_ref(), "`tome {args:?}` answered without the lost rows");
        }
    }
    let out =
        assert_cmd::Command::cargo_bin("tome").unwrap().arg("--db").arg(&db).args(["show", beta]).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("no entry"), "the lost section is damage, not unknown");
}
