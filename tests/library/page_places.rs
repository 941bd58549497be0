//! Issue 73: a page's checksum binds its place in the file. Two pages swapped on disk
//! each kept the sum written with them, so each passed its check and `tome show` printed
//! another entry's "Also called" or "See also" with exit 0. A page read at a place that
//! is not its own is damage: the read refuses (or the shipped content is made again and
//! the answer is the right one), never another entry's words with exit 0.

use crate::common;

use std::path::Path;
use std::time::SystemTime;

use common::Cli;

fn run(cli: &Cli, args: &[&str]) -> (Option<i32>, String, String) {
    let out = cli.cmd(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The page size, and each leaf page of the file at `db` with the table or index it
/// belongs to, in order.
fn leaf_pages(db: &Path) -> (usize, Vec<(usize, String)>) {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let size: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    let mut stmt = c.prepare("SELECT pageno, name FROM dbstat WHERE pagetype = 'leaf' ORDER BY pageno").unwrap();
    let pages =
        stmt.query_map([], |r| Ok((r.get::<_, i64>(0)? as usize, r.get(1)?))).unwrap().map(|p| p.unwrap()).collect();
    (size as usize, pages)
}

/// Writes `bytes` over the file at `db` and gives it back the time it had, as a copy
/// that keeps file times does (so no open checks the whole file).
fn write_keeping_time(db: &Path, bytes: &[u8], time: SystemTime) {
    std::fs::write(db, bytes).unwrap();
    std::fs::File::options().write(true).open(db).unwrap().set_modified(time).unwrap();
}

/// `tome show id` after the damage: a refusal naming damage, or (the shipped content
/// made again) the answer it gave before. Never another answer with exit 0.
fn never_wrong(cli: &Cli, id: &str, before: &str, what: &str) {
    let (code, out, err) = run(cli, &["show", id]);
    if code == Some(0) {
        assert_eq!(out, before, "{what}: a wrong answer with exit 0\n{err}");
    } else {
        assert!(err.contains("damaged"), "{what}: the refusal names damage: {err}");
    }
}

/// The trial: a page that holds an entry's rows (in a table or an index)
/// swapped with another leaf page (of its own b-tree or another's), the file's time kept.
#[test]
fn swapped_pages_are_damage_never_another_entrys_words() {
    let cli = Cli::new();
    for id in ["mythcraft/condition/bleeding", "ars-magica/weapon/sword-long"] {
        let before = cli.text(&["show", id]);
        drop(cli.json(&["db", "check"]));
        let time = std::fs::metadata(&cli.db).unwrap().modified().unwrap();
        let bytes = std::fs::read(&cli.db).unwrap();
        let marker = cli.db.with_extension("db-checked");
        let marked = std::fs::read(&marker).unwrap();
        let (size, leaves) = leaf_pages(&cli.db);
        let page = |p: usize| &bytes[(p - 1) * size..p * size];
        let holding: Vec<&(usize, String)> =
            leaves.iter().filter(|(p, _)| page(*p).windows(id.len()).any(|w| w == id.as_bytes())).collect();
        assert!(holding.len() >= 3, "{id} is in {holding:?}");
        for (a, name) in holding {
            // Its neighbour in its own b-tree, and a page of each of two others.
            let own = leaves.iter().filter(|(p, n)| n == name && p != a).map(|(p, _)| *p).next();
            let others = leaves.iter().filter(|(_, n)| n != name).step_by(97).take(2).map(|(p, _)| *p);
            for b in own.into_iter().chain(others) {
                let mut swapped = bytes.clone();
                swapped[(a - 1) * size..a * size].copy_from_slice(page(b));
                swapped[(b - 1) * size..b * size].copy_from_slice(page(*a));
                write_keeping_time(&cli.db, &swapped, time);
                never_wrong(&cli, id, &before, &format!("page {a} of {name} swapped with page {b}"));
                // Each swap in a copy of its own: the file and its marker as they were.
                write_keeping_time(&cli.db, &bytes, time);
                std::fs::write(&marker, &marked).unwrap();
            }
        }
    }
}

/// The trial: a page of zeros where a related entry's name is, the file's time
/// kept: "See also" never shows the entry's id in its name's place with exit 0.
#[test]
fn a_zeroed_page_under_a_related_entrys_name_is_damage() {
    let cli = Cli::new();
    let id = "mythcraft/condition/bleeding";
    let before = cli.text(&["show", id]);
    let shown = cli.json(&["show", id]);
    let related = shown["links"].as_array().unwrap().last().unwrap().as_str().unwrap().to_string();
    drop(cli.json(&["db", "check"]));
    let time = std::fs::metadata(&cli.db).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(&cli.db).unwrap();
    let (size, leaves) = leaf_pages(&cli.db);
    let (page, _) = leaves
        .iter()
        .find(|(p, n)| {
            n == "entry" && bytes[(p - 1) * size..p * size].windows(related.len()).any(|w| w == related.as_bytes())
        })
        .expect("the related entry's row");
    let page = *page;
    bytes[(page - 1) * size..page * size].fill(0);
    write_keeping_time(&cli.db, &bytes, time);
    never_wrong(&cli, id, &before, &format!("page {page} of entry zeroed"));
    let (_, out, _) = run(&cli, &["show", id]);
    assert!(!out.lines().any(|l| l.starts_with("See also") && l.contains(&related)), "{out}");
}

/// Issue 73's fresh-eyes attack: a page that reads as an older copy of itself (a write
/// the disk lost, a page restored from an earlier copy of the same file) passes its
/// check, as its sum and place were right when it was written; the Goblin then read as
/// the 12 HP it had before its save, with exit 0. Every page a save changed, rolled back
/// alone, the file's time kept: each read refuses as damage or gives the answer after
/// the save, never the one before.
#[test]
fn a_page_rolled_back_to_an_older_copy_of_itself_never_gives_the_older_answer() {
    let cli = Cli::new();
    cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    let ann = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Ann"])["character"]["id"].to_string();
    cli.json(&["character", "set", &ann, "max-hp", "20"]);
    drop(cli.json(&["db", "check"]));
    let older = std::fs::read(&cli.db).unwrap();
    cli.json(&["adversary", "set", "Goblin", "max-hp", "14"]);
    cli.json(&["character", "set", &ann, "max-hp", "30"]);
    drop(cli.json(&["db", "check"]));
    let reads: [&[&str]; 4] = [
        &["adversary", "show", "Goblin", "--json"],
        &["adversary", "list", "--json"],
        &["character", "show", &ann, "--json"],
        &["character", "revisions", &ann, "--json"],
    ];
    let after: Vec<String> = reads.iter().map(|r| run(&cli, r).1).collect();
    let time = std::fs::metadata(&cli.db).unwrap().modified().unwrap();
    let bytes = std::fs::read(&cli.db).unwrap();
    let marker = cli.db.with_extension("db-checked");
    let marked = std::fs::read(&marker).unwrap();
    let (size, _) = leaf_pages(&cli.db);
    let changed: Vec<usize> = (0..older.len().min(bytes.len()) / size)
        .filter(|p| older[p * size..(p + 1) * size] != bytes[p * size..(p + 1) * size])
        .collect();
    assert!(changed.len() >= 3, "the saves changed pages {changed:?}");
    for p in changed {
        let mut rolled = bytes.clone();
        rolled[p * size..(p + 1) * size].copy_from_slice(&older[p * size..(p + 1) * size]);
        for (read, after) in reads.iter().zip(&after) {
            write_keeping_time(&cli.db, &rolled, time);
            std::fs::write(&marker, &marked).unwrap();
            let (code, out, err) = run(&cli, read);
            if code == Some(0) {
                assert_eq!(&out, after, "page {} rolled back: `{}` gives another answer\n{err}", p + 1, read.join(" "));
            } else {
                assert!(err.contains("damaged"), "page {} rolled back: the refusal names damage: {err}", p + 1);
            }
        }
    }
    write_keeping_time(&cli.db, &bytes, time);
    std::fs::write(&marker, &marked).unwrap();
}
