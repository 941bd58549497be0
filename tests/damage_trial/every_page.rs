//! Every page of Tome's own content damaged, one at a time (issue 58): the random trial
//! reaches the pages its seeds happen to hit; this reaches each one. The file is the
//! trial's realistic one without a pack (characters of every system with their
//! revisions, an imported document, an adversary, a party, a game master's screen, two
//! encounters with a fight's events), so every page of the tables that hold the shipped
//! content is Tome's own alone: the shipped entries and every detail table, the game
//! systems, their documents and sections, the full-text index's own tables and the kept
//! search index, with each of their indexes; leaves, interior pages and overflow pages.
//! (With a pack, a page holding a pack's rows, or leading to them, is the user's: the
//! random trial holds those to "refused or right, never wrong".) Page 1, the schema, is
//! not among them: it tells where every table of the user's is.
//!
//! Each page is damaged in a fresh copy two ways: three bytes of its body changed, and
//! its header (a b-tree page's type, cell count and offsets, an overflow page's next
//! page) changed. The copy keeps the file's time; the marker of the last clean close is
//! left out, so the first command opens with cause, as after a crash or a disk's error
//! met by an earlier read. Then:
//! - the first read (`tome show`) exits 0, answers as on the undamaged file and says
//!   what it repaired, naming the damaged table (or the full-text index);
//! - every read of [`super::READS`] (the pack's left out) and [`MORE_READS`] (a `show` of
//!   each kind of entry with detail rows, a search, a list) answers exactly as on the
//!   undamaged file;
//! - `tome db check` then exits 0 with nothing left to repair (its fingerprints of every
//!   shipped entry and detail row match the content built into Tome);
//! - every row of the user's tables is as it was, and every shipped table holds as many
//!   rows as before.
//!
//! `make test` runs one page of each of Tome's tables, its middle one, of the table
//! itself or of one of its indexes and the two ways in turn
//! (`a_page_of_each_of_tomes_own_tables_damaged_heals_and_answers_as_before`: 27 copies,
//! 20 s on two busy cores); `make fuzz` runs every page both ways
//! (`every_page_of_tomes_own_content`, ignored otherwise: 5 to 11 minutes, too long for
//! every `make test`). On the file of 2026-11-27
//! (480 pages), 404 pages are Tome's own (290 leaves, 21 interior, 93 overflow), so 808
//! copies, all healed, in 505 s on two cores at a load of 4
//! (BENCHMARKS.md). `TOME_PAGES=N,M` damages only those pages.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};
use std::time::SystemTime;

use rusqlite::types::Value;

use super::common::Cli;
use super::{marker, read, DERIVED, HANG, READS, SHARED};

/// Besides the trial's reads: a `show` of each kind of entry with detail rows of its own
/// (an armour's coverage, a roll table's columns, rows and cells, a position's skills, a
/// spell, a condition's implied ones, a maneuver's costs, a rule), one or more in each
/// system, a search by words and a list.
const MORE_READS: &[&[&str]] = &[
    &["show", "ars-magica/armor/chain-mail"],
    &["show", "ars-magica/table/damage-table"],
    &["show", "amtgard/condition/cursed"],
    &["show", "amtgard/school/command"],
    &["show", "mlaf/position/apprentice"],
    &["show", "mlaf/spell/a-soul-in-chains"],
    &["show", "mythcraft/condition/prone"],
    &["show", "mythcraft/maneuver/disarm"],
    &["show", "primal-wild/rule/clash-results"],
    &["search", "soul chains"],
    &["list", "spell", "--system", "mlaf"],
];

/// The first read, in words (what it repaired is said on standard error).
const FIRST: &[&str] = &["show", "ars-magica/weapon/sword-long"];

/// The undamaged file, what each read answers on it, and its pages of Tome's own.
struct Original {
    bytes: Vec<u8>,
    time: SystemTime,
    size: usize,
    reads: Vec<Vec<String>>,
    answers: Vec<Vec<u8>>,
    first: Vec<u8>,
    pages: Vec<Page>,
    users: BTreeMap<String, Vec<Vec<Value>>>,
    counts: BTreeMap<String, i64>,
    _dir: tempfile::TempDir,
}

/// A page of Tome's own content: its number, the b-tree it belongs to, the table of that
/// b-tree, and its kind (`leaf`, `internal` or `overflow`, as `dbstat` says).
#[derive(Debug, Clone)]
struct Page {
    number: usize,
    tree: String,
    table: String,
    kind: String,
}

/// Whether table `t` holds Tome's own content (in a file without a pack).
fn tomes(t: &str) -> bool {
    DERIVED.contains(&t) || SHARED.contains(&t) || t.starts_with("entry_fts")
}

/// The tables whose rows are counted before and after: those a rebuild writes row for
/// row (the full-text index's other tables are laid out as it writes them, and the
/// search index is made again when next searched).
fn counted(t: &str) -> bool {
    tomes(t) && !matches!(t, "entry_fts_data" | "entry_fts_idx" | "search_cache")
}

fn original() -> &'static Original {
    static ORIGINAL: OnceLock<Original> = OnceLock::new();
    ORIGINAL.get_or_init(|| {
        let cli = Cli::new();
        let ids = super::make_file(&cli, false);
        let (reads, answers) = super::answered(
            &cli,
            &ids,
            READS.iter().chain(MORE_READS).filter(|args| !args.iter().any(|a| a.contains("hearth-and-blade"))),
        );
        let first = cli.text(FIRST).into_bytes();
        let conn = rusqlite::Connection::open_with_flags(&cli.db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let size: usize = conn.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
        let table_of = super::table_of(&conn);
        let pages: Vec<Page> = conn
            .prepare("SELECT name, pageno, pagetype FROM dbstat ORDER BY pageno")
            .unwrap()
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, usize>(1)?, r.get::<_, String>(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .filter_map(|(tree, number, kind)| {
                let table = table_of.get(&tree).cloned().unwrap_or_else(|| tree.clone());
                (tomes(&table) && number > 1).then_some(Page { number, tree, table, kind })
            })
            .collect();
        let users = users_rows(&conn);
        let counts = counts(&conn);
        drop(conn);
        let bytes = std::fs::read(&cli.db).unwrap();
        let time = std::fs::metadata(&cli.db).unwrap().modified().unwrap();
        Original { bytes, time, size, reads, answers, first, pages, users, counts, _dir: cli.dir }
    })
}

/// Every ordinary table of `conn`'s file.
fn tables(conn: &rusqlite::Connection) -> Vec<String> {
    conn.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND rootpage > 0 AND name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Every row of each table of the user's, in a fixed order (`content_meta` left out: it
/// remembers when the file was last checked).
fn users_rows(conn: &rusqlite::Connection) -> BTreeMap<String, Vec<Vec<Value>>> {
    let mut all = BTreeMap::new();
    for t in tables(conn).into_iter().filter(|t| !tomes(t) && t != "content_meta") {
        let mut stmt = conn.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
        let n = stmt.column_count();
        let mut rows: Vec<Vec<Value>> = stmt
            .query_map([], |r| (0..n).map(|i| r.get::<_, Value>(i)).collect())
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        rows.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
        all.insert(t, rows);
    }
    all
}

/// How many rows each counted table of Tome's own holds.
fn counts(conn: &rusqlite::Connection) -> BTreeMap<String, i64> {
    tables(conn)
        .into_iter()
        .filter(|t| counted(t))
        .map(|t| {
            let n = conn.query_row(&format!("SELECT count(*) FROM \"{t}\""), [], |r| r.get(0)).unwrap();
            (t, n)
        })
        .collect()
}

/// How a page is damaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    /// Three bytes of its body changed.
    Body,
    /// Its header changed: a b-tree page's type, cell count and offsets, an overflow
    /// page's next page.
    Header,
}

/// Damages `page` of `bytes` (pages of `size` bytes) the `way` given.
fn damage(bytes: &mut [u8], size: usize, page: &Page, way: Way) {
    let start = (page.number - 1) * size;
    let at: Vec<usize> = match way {
        // The last 16 bytes are the page's place and checksum (`page_sums.rs`): the body is before.
        Way::Body => vec![size / 3, size / 2, 2 * size / 3],
        Way::Header if page.kind == "overflow" => (0..4).collect(),
        Way::Header => (0..8).collect(),
    };
    for i in at {
        bytes[start + i] ^= 0xa5;
    }
}

/// What went wrong with one damaged copy, if anything.
fn heal_copy(o: &Original, page: &Page, way: Way) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let mut copy = o.bytes.clone();
    damage(&mut copy, o.size, page, way);
    std::fs::write(&db, &copy).unwrap();
    std::fs::File::options().write(true).open(&db).unwrap().set_modified(o.time).unwrap();
    assert!(!marker(&db).exists());
    let what = format!("page {} ({} {} of {}), {way:?}", page.number, page.kind, page.tree, page.table);
    let keep = |why: String| {
        if let Some(dir) = std::env::var_os("TOME_DAMAGE_KEEP") {
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(Path::new(&dir).join(format!("page-{}-{way:?}.db", page.number)), &copy);
        }
        Some(format!("{what}: {why}"))
    };

    let mut first = assert_cmd::Command::cargo_bin("tome").unwrap();
    let out = first.arg("--db").arg(&db).args(FIRST).timeout(HANG).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(0) {
        return keep(format!("the first read exits {:?}: {said}", out.status.code()));
    }
    if out.stdout != o.first {
        return keep("the first read answers otherwise".into());
    }
    let named = if page.table.starts_with("entry_fts") {
        "the full-text index".to_string()
    } else {
        format!("the table {}", page.table)
    };
    if !said.contains("Repaired") || !said.contains(&named) {
        return keep(format!("the first read does not say it made {named} again: {said:?}"));
    }
    for (args, want) in o.reads.iter().zip(&o.answers) {
        match read(&db, args) {
            (Some(0), got) if got == *want => {}
            (Some(0), _) => return keep(format!("tome {args:?} answers otherwise")),
            (code, _) => return keep(format!("tome {args:?} exits {code:?}")),
        }
    }
    let mut check = assert_cmd::Command::cargo_bin("tome").unwrap();
    let out = check.arg("--db").arg(&db).args(["db", "check"]).timeout(HANG).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(0) || said.contains("Repaired") {
        return keep(format!("db check after it exits {:?}: {said}", out.status.code()));
    }
    let conn = rusqlite::Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let users = users_rows(&conn);
    if users != o.users {
        let changed: Vec<&String> = o.users.keys().filter(|t| users.get(*t) != o.users.get(*t)).collect();
        return keep(format!("the user's tables {changed:?} changed"));
    }
    let counts = counts(&conn);
    if counts != o.counts {
        let changed: Vec<String> = o
            .counts
            .iter()
            .filter(|(t, n)| counts.get(*t) != Some(n))
            .map(|(t, n)| format!("{t}: {n} → {:?}", counts.get(t)))
            .collect();
        return keep(format!("rows of Tome's own tables lost or doubled: {changed:?}"));
    }
    None
}

/// Damages each of `work` in a copy of its own, on up to four cores; asserts every copy
/// healed (see the top of the file).
fn run(work: Vec<(Page, Way)>) {
    let o = original();
    let copies = work.len();
    let failed = Mutex::new(Vec::new());
    let started = std::time::Instant::now();
    let threads = super::on_cores(work, |(page, way)| {
        if let Some(why) = heal_copy(o, &page, way) {
            failed.lock().unwrap().push(why);
        }
    });
    let failed = failed.into_inner().unwrap();
    let kinds = |k: &str| o.pages.iter().filter(|p| p.kind == k).count();
    eprintln!(
        "{copies} copies, each with one page of Tome's own damaged, in {:.0?} ({} threads; of the file's {} pages, {} are Tome's own: {} leaves, {} interior, {} overflow): {} not healed",
        started.elapsed(),
        threads,
        o.bytes.len() / o.size,
        o.pages.len(),
        kinds("leaf"),
        kinds("internal"),
        kinds("overflow"),
        failed.len()
    );
    assert!(failed.is_empty(), "pages of Tome's own content that did not heal:\n{}", failed.join("\n"));
}

/// The pages `TOME_PAGES` names, when set.
fn chosen_pages() -> Option<Vec<usize>> {
    std::env::var("TOME_PAGES").ok().map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
}

#[test]
fn a_page_of_each_of_tomes_own_tables_damaged_heals_and_answers_as_before() {
    let o = original();
    // Each table's b-trees (the table and its indexes), and the pages of each.
    let mut tables: BTreeMap<&str, BTreeMap<&str, Vec<&Page>>> = BTreeMap::new();
    for p in &o.pages {
        tables.entry(&p.table).or_default().entry(&p.tree).or_default().push(p);
    }
    // The middle page of one of each table's b-trees, the b-tree and the way taken in
    // turn from table to table.
    let work = tables
        .values()
        .enumerate()
        .map(|(n, trees)| {
            let pages = trees.values().nth(n % trees.len()).expect("a table has its own b-tree");
            (pages[pages.len() / 2].clone(), if n % 2 == 0 { Way::Header } else { Way::Body })
        })
        .collect();
    run(work);
}

/// Every page of Tome's own content, both ways (`make fuzz`).
#[test]
#[ignore = "minutes: run by make fuzz"]
fn every_page_of_tomes_own_content() {
    let o = original();
    let only = chosen_pages();
    let work = o
        .pages
        .iter()
        .filter(|p| only.as_ref().is_none_or(|n| n.contains(&p.number)))
        .flat_map(|p| [(p.clone(), Way::Body), (p.clone(), Way::Header)])
        .collect();
    run(work);
}
