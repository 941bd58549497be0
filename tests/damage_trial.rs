//! The damage trial (issues 40 and 58): copies of a realistic Tome file (characters of
//! every system with their revisions, a pack, an imported document, adversaries, a party,
//! a game master's screen and fights under way), each with random bytes changed and its
//! modification time kept (as a failing disk, or a damaged file restored with its time,
//! leaves it), read by the commands a player runs, whether the marker of the last clean
//! close is kept beside the copy or not. What must hold:
//!
//! - no read answers wrongly with exit status 0 (it may refuse, with the damaged-database
//!   message), none panics and none hangs;
//! - `tome db check` never calls a copy whole that a read then answers wrongly or refuses;
//! - a copy whose damage reached only Tome's own content (shipped rows, their indexes,
//!   the search index, free pages) is never left unusable: it heals, at open or in `db
//!   check`, and every read then answers as on the undamaged file.
//!
//! `make test` runs a few copies of 100 bytes each
//! (`no_randomly_damaged_copy_gives_a_wrong_answer_with_exit_status_0`); `make
//! test-faults` runs the trial in full (`the_trial`, ignored otherwise): 100 copies with 1
//! random byte changed, 100 with 100, 100 with two random pages swapped and 100 with a
//! page of the entries' table zeroed (issue 73), each with the marker kept and without;
//! and 50 each of older copies of the file's own parts: a page, or every page of one
//! table, put back as it was before the last evening's changes ([`later`]), and the
//! whole file as it was (marker kept: without what Tome wrote beside it, an older file is
//! a backup restored). The marker kept goes with the generation Tome wrote
//! (`tome.db-written`).
//! `TOME_DAMAGE_TRIAL=N` sets the copies of each kind, `TOME_DAMAGE_BYTES=A,B` the bytes
//! changed in them (`TOME_DAMAGE_PAGES=0` leaves out the swapped, zeroed and older pages), and `TOME_DAMAGE_KEEP=DIR` keeps in DIR each damaged copy (as it was
//! before any read) that a read answered wrongly or panicked on, that `db check` called
//! whole wrongly, or that was left unusable;
//! `TOME_DAMAGE_SEEDS=S,T` reads only the copies of those numbers.
//!
//! Its own test binary: `make test-faults` runs its ignored full trial (`the_trial`),
//! for minutes, with the `TOME_DAMAGE_*` settings above; `make fuzz` its ignored trial
//! of every page (`every_page::`).

mod common;
#[path = "damage_trial/every_page.rs"]
mod every_page;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use common::Cli;
use rand::{Rng, SeedableRng};

/// The reads the trial compares, as `tome --json` arguments (`@NAME` filled in from the
/// ids the file was made with).
const READS: &[&[&str]] = &[
    &["systems"],
    &["list", "weapon", "--system", "ars-magica"],
    &["show", "ars-magica/weapon/sword-long"],
    &["show", "ars-magica/weapon/hearth-and-blade--boar-spear"],
    &["search", "sword"],
    &["calc", "ars-magica", "attack", "--dexterity", "1", "--ability", "5", "--weapon", "Sword, Long"],
    &["character", "list"],
    &["character", "show", "@aldo"],
    &["character", "show", "@wrenna"],
    &["character", "revisions", "@aldo"],
    &["adversary", "show", "Goblin Archer", "--system", "mythcraft"],
    &["party", "show", "1"],
    &["screen", "mythcraft", "show"],
    &["encounter", "list"],
    &["encounter", "show", "@bridge"],
    &["encounter", "log", "@bridge"],
];

/// How long a read may take before it is counted as hung.
const HANG: Duration = Duration::from_secs(60);

/// The undamaged file and what each read answers on it.
struct Trial {
    original: Vec<u8>,
    time: SystemTime,
    marker: Vec<u8>,
    /// The generation Tome wrote beside the file (`tome.db-written`), kept with the
    /// marker: what tells a whole older file from the one Tome last wrote.
    witness: Vec<u8>,
    /// The file as it was before the last evening's changes ([`later`]): where the older
    /// copies of its pages come from.
    older: Vec<u8>,
    /// Each b-tree's pages (indexes with their table) that differ between `older` and
    /// `original`, within `older`'s length.
    changed: BTreeMap<String, Vec<usize>>,
    /// Whose each page of `older` was: a page put back holds what it held then (a page
    /// of a user's table put back where Tome's own now is reaches the user's).
    older_pages: Pages,
    reads: Vec<Vec<String>>,
    answers: Vec<Vec<u8>>,
    pages: Pages,
    /// The copies are made in this folder (kept for the process).
    _dir: tempfile::TempDir,
}

/// Runs `tome` with `args` (adding `--db`), for a file that must be made.
fn made(cli: &Cli, args: &[&str]) -> serde_json::Value {
    cli.json(args)
}

/// A realistic file: what a game master has after a few evenings; with `pack`, a pack's
/// entries beside the shipped ones (one of them on a character).
fn make_file(cli: &Cli, pack: bool) -> BTreeMap<&'static str, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let id = |v: serde_json::Value, at: &str| v.pointer(at).unwrap_or_else(|| panic!("{at} in {v}")).to_string();
    if pack {
        made(cli, &["pack", "import", root.join("examples/packs/hearth-and-blade").to_str().unwrap()]);
    }
    made(
        cli,
        &["import-text", "--system", "mythcraft", root.join("tests/fixtures/text/markdown-rules.md").to_str().unwrap()],
    );
    let aldo =
        id(made(cli, &["character", "new", "--system", "ars-magica", "--name", "Brother Aldo"]), "/character/id");
    made(cli, &["character", "set", &aldo, "strength", "2", "dexterity", "1", "quickness", "1", "stamina", "2"]);
    made(cli, &["character", "set", &aldo, "ability.single-weapon", "5", "notes", "Keeps the abbey's keys."]);
    made(cli, &["character", "equip", &aldo, "Sword, Long"]);
    if pack {
        made(cli, &["character", "equip", &aldo, "hearth-and-blade--boar-spear"]);
    }
    let wrenna =
        id(made(cli, &["character", "new", "--system", "mythcraft", "--name", "Wrenna Quillfeather"]), "/character/id");
    made(cli, &["character", "set", &wrenna, "player", "Ann", "level", "3"]);
    made(cli, &["character", "add", &wrenna, "prone"]);
    for (system, name) in [("amtgard", "Sir Pell"), ("mlaf", "Tamsin"), ("primal-wild", "Oru")] {
        let c = id(made(cli, &["character", "new", "--system", system, "--name", name]), "/character/id");
        made(cli, &["character", "set", &c, "notes", "Joined at the second session."]);
    }
    made(cli, &["adversary", "new", "--system", "mythcraft", "--name", "Goblin Archer", "max-hp", "12", "cor", "4"]);
    made(cli, &["adversary", "set", "Goblin Archer", "--system", "mythcraft", "notes", "Shoots from the reeds."]);
    made(cli, &["party", "new", "--system", "mythcraft", "--name", "The Lanterns"]);
    made(cli, &["party", "add", "1", &wrenna]);
    made(cli, &["screen", "mythcraft", "pin", "mythcraft/condition/prone"]);
    let bridge = id(made(cli, &["encounter", "new", "--system", "mythcraft", "--name", "Ogre bridge"]), "/id");
    made(cli, &["encounter", "add", &bridge, "--character", &wrenna]);
    made(cli, &["encounter", "add", &bridge, "--adversary", "Goblin Archer", "--count", "2"]);
    made(cli, &["encounter", "add", &bridge, "--npc", "Ogre", "--stat", "max-hp=60"]);
    made(
        cli,
        &[
            "encounter",
            "start",
            &bridge,
            "--roll",
            "Wrenna Quillfeather=19",
            "--roll",
            "Goblin Archer 1=14",
            "--roll",
            "Goblin Archer 2=9",
            "--roll",
            "Ogre=5",
        ],
    );
    for round in 0..3 {
        made(cli, &["encounter", "damage", &bridge, "Ogre", "--amount", &(7 + round).to_string()]);
        made(cli, &["encounter", "next", &bridge]);
        made(cli, &["encounter", "next", &bridge]);
    }
    made(cli, &["encounter", "condition", &bridge, "Goblin Archer 2", "prone"]);
    let other = id(made(cli, &["encounter", "new", "--system", "ars-magica", "--name", "Abbey gate"]), "/id");
    made(cli, &["encounter", "add", &other, "--character", &aldo]);
    BTreeMap::from([("aldo", aldo), ("wrenna", wrenna), ("bridge", bridge)])
}

/// The last evening's changes, after which the trial's file is older in many of its
/// tables: a sheet saved, a stat block revised, a fight's turns and wounds, a party's
/// member, a screen's pin and a new fight.
fn later(cli: &Cli, ids: &BTreeMap<&'static str, String>) {
    made(cli, &["character", "set", &ids["aldo"], "notes", "Lost the abbey's keys at the ford."]);
    made(cli, &["character", "set", &ids["wrenna"], "level", "4"]);
    made(cli, &["adversary", "set", "Goblin Archer", "--system", "mythcraft", "max-hp", "14"]);
    made(cli, &["encounter", "damage", &ids["bridge"], "Goblin Archer 1", "--amount", "5"]);
    made(cli, &["encounter", "next", &ids["bridge"]]);
    let oru = made(cli, &["character", "new", "--system", "mythcraft", "--name", "Tarrow Vey"]);
    let oru = oru.pointer("/character/id").unwrap().to_string();
    made(cli, &["party", "add", "1", &oru]);
    made(cli, &["screen", "mythcraft", "pin", "mythcraft/condition/bleeding"]);
    made(cli, &["encounter", "new", "--system", "amtgard", "--name", "Ford skirmish"]);
}

fn trial() -> &'static Trial {
    static TRIAL: OnceLock<Trial> = OnceLock::new();
    TRIAL.get_or_init(|| {
        let cli = Cli::new();
        let ids = make_file(&cli, true);
        let older = std::fs::read(&cli.db).unwrap();
        let older_pages = {
            let copy = cli.dir.path().join("older.db");
            std::fs::write(&copy, &older).unwrap();
            Pages::of(&copy)
        };
        later(&cli, &ids);
        let (reads, answers) = answered(&cli, &ids, READS.iter());
        let original = std::fs::read(&cli.db).unwrap();
        let time = std::fs::metadata(&cli.db).unwrap().modified().unwrap();
        let marker = std::fs::read(marker(&cli.db)).expect("a clean close leaves its marker");
        let witness = std::fs::read(witness(&cli.db)).expect("a write leaves its generation beside the file");
        let pages = Pages::of(&cli.db);
        let mut changed: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for n in 1..=older.len().min(original.len()) / pages.size {
            let at = (n - 1) * pages.size..n * pages.size;
            if older[at.clone()] != original[at] {
                let tree = pages.tree.get(&n).cloned().unwrap_or_else(|| "(free)".into());
                changed.entry(tree).or_default().push(n);
            }
        }
        Trial { original, time, marker, witness, older, changed, older_pages, reads, answers, pages, _dir: cli.dir }
    })
}

/// `reads` with each `@name` replaced by the id `make_file` made under it, and what each
/// answers on the whole file (every one must answer).
fn answered<'a>(
    cli: &Cli,
    ids: &BTreeMap<&'static str, String>,
    reads: impl Iterator<Item = &'a &'a [&'a str]>,
) -> (Vec<Vec<String>>, Vec<Vec<u8>>) {
    let reads: Vec<Vec<String>> = reads
        .map(|args| {
            args.iter().map(|a| a.strip_prefix('@').map_or_else(|| a.to_string(), |k| ids[k].clone())).collect()
        })
        .collect();
    let answers = reads
        .iter()
        .map(|args| {
            let (code, out) = read(&cli.db, args);
            assert_eq!(code, Some(0), "tome {args:?} answers on the whole file");
            out
        })
        .collect();
    (reads, answers)
}

/// Which table each table and index belongs to, by name.
fn table_of(conn: &rusqlite::Connection) -> BTreeMap<String, String> {
    conn.prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Does `each` of `work`, spread over up to four cores (each copy is a process of its own
/// to wait on); says over how many threads.
fn on_cores<T: Send>(work: Vec<T>, each: impl Fn(T) + Sync) -> usize {
    let work = Mutex::new(work.into_iter());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let next = work.lock().unwrap().next();
                let Some(item) = next else { break };
                each(item);
            });
        }
    });
    threads
}

fn marker(db: &Path) -> PathBuf {
    PathBuf::from(format!("{}-checked", db.display()))
}

fn witness(db: &Path) -> PathBuf {
    PathBuf::from(format!("{}-written", db.display()))
}

/// What `tome --db db --json args` printed, with its exit status (`None`: killed, or
/// hung and killed).
fn read(db: &Path, args: &[String]) -> (Option<i32>, Vec<u8>) {
    let mut cmd = assert_cmd::Command::cargo_bin("tome").unwrap();
    cmd.arg("--db").arg(db).arg("--json").args(args).timeout(HANG);
    let out = cmd.output().unwrap();
    (out.status.code(), out.stdout)
}

/// Where the bytes of the undamaged file belong: each page's b-tree (from SQLite's
/// `dbstat`), and whether it holds anything of the user's.
struct Pages {
    size: usize,
    /// Page number → what it holds; a page not listed is free (or the file's end).
    owner: BTreeMap<usize, Owner>,
    /// The leaf pages of the entries' table (where a related entry's name is read).
    entries: Vec<usize>,
    /// Each b-tree's leaf pages in its order, each with whether it holds a pack's row.
    leaves: BTreeMap<String, Vec<(usize, bool)>>,
    /// Page number → the table it belongs to (an index's page to its table's).
    tree: BTreeMap<usize, String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Owner {
    /// Tome's own: shipped rows and their indexes, the search index made from them.
    Tomes,
    /// The user's rows, or pages that may hold some (and the schema, which tells where
    /// all of them are).
    Users,
}

/// The b-trees that hold only what Tome makes from its own content (or from the others).
const DERIVED: &[&str] =
    &["game_system", "sqlite_autoindex_game_system_1", "search_cache", "sqlite_autoindex_search_cache_1"];

/// The tables that hold the shipped content, pack entries beside it.
const SHARED: &[&str] = &[
    "document",
    "section",
    "entry",
    "alias",
    "entry_link",
    "weapon",
    "armor",
    "armor_coverage",
    "spell",
    "condition_implies",
    "maneuver",
    "maneuver_cost",
    "position",
    "position_skill",
    "position_category",
    "roll_table",
    "roll_table_column",
    "roll_table_row",
    "roll_table_cell",
    "rule",
];

impl Pages {
    fn of(db: &Path) -> Pages {
        let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let size: usize = conn.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
        // Every name a pack's row holds: its entries' ids and its own name.
        let packs: Vec<String> = conn
            .prepare("SELECT name FROM pack")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let table_of = table_of(&conn);
        let rows: Vec<(String, String, usize, String)> = conn
            .prepare("SELECT name, path, pageno, pagetype FROM dbstat")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let bytes = std::fs::read(db).unwrap();
        let page = |n: usize| &bytes[(n - 1) * size..n * size];
        let holds_a_packs_row = |n: usize| packs.iter().any(|p| page(n).windows(p.len()).any(|w| w == p.as_bytes()));
        let mut owner = BTreeMap::new();
        let tree = rows
            .iter()
            .map(|(name, _, n, _)| (*n, table_of.get(name).cloned().unwrap_or_else(|| name.clone())))
            .collect();
        let mut by_path: BTreeMap<(String, String), usize> = BTreeMap::new();
        for (name, path, n, _) in &rows {
            by_path.insert((name.clone(), path.clone()), *n);
        }
        for (name, path, n, kind) in &rows {
            let table = table_of.get(name).map_or(name.as_str(), String::as_str);
            let whose = if DERIVED.contains(&table) || table.starts_with("entry_fts") {
                Owner::Tomes
            } else if SHARED.contains(&table) {
                // A page of a table shared with packs is Tome's when it is a leaf that
                // holds none of a pack's rows (the document and section tables hold
                // theirs by number, so any of their pages may be a pack's; an
                // interior page leads to both).
                let leaf = match kind.as_str() {
                    "leaf" => Some(*n),
                    // An overflow page goes with the cell that spills into it.
                    // (`/1c2/000+000005`: the fifth overflow page of cell 0 of page `/1c2/`).
                    "overflow" => {
                        path.rfind('/').and_then(|i| by_path.get(&(name.clone(), path[..=i].to_string()))).copied()
                    }
                    _ => None,
                };
                match leaf {
                    Some(_) if packs.is_empty() => Owner::Tomes,
                    Some(l)
                        if !matches!(table, "document" | "section")
                            && !holds_a_packs_row(l)
                            && !holds_a_packs_row(*n) =>
                    {
                        Owner::Tomes
                    }
                    _ => Owner::Users,
                }
            } else {
                Owner::Users
            };
            owner.insert(*n, whose);
        }
        let entries = rows.iter().filter(|(name, _, _, kind)| name == "entry" && kind == "leaf").map(|r| r.2).collect();
        let mut leaves: BTreeMap<String, Vec<(&str, usize, bool)>> = BTreeMap::new();
        for (name, path, n, kind) in &rows {
            if kind == "leaf" {
                leaves.entry(name.clone()).or_default().push((path, *n, holds_a_packs_row(*n)));
            }
        }
        let leaves = leaves
            .into_iter()
            .map(|(name, mut l)| {
                l.sort();
                (name, l.into_iter().map(|(_, n, pack)| (n, pack)).collect())
            })
            .collect();
        Pages { size, owner, entries, leaves, tree }
    }

    /// Whose the byte at `at` is: `None` for a free page.
    fn of_byte(&self, at: usize) -> Option<Owner> {
        self.owner.get(&(at / self.size + 1)).copied()
    }
}

/// What one damaged copy reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reached {
    /// Only free pages.
    Nothing,
    /// Only Tome's own content (and free pages).
    TomesOwn,
    /// Something of the user's (or the schema).
    Users,
}

/// How a copy is damaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Harm {
    /// This many random bytes changed (each to another value).
    Bytes(usize),
    /// Two random pages swapped, each with the checksum written with it (issue 73: such
    /// pages passed their checks and read as each other's rows).
    Swap,
    /// A random page of Tome's own entries (where a related entry's name is read)
    /// zeroed (issue 73: its name was shown as its id).
    Zero,
    /// These two pages swapped.
    Pages(usize, usize),
    /// A random page put back as it was before the last evening's changes, with its own
    /// checksum (a lost write, or a page restored from an older copy).
    OlderPage,
    /// Every changed page of one random table put back as it was before.
    OlderTable,
    /// The whole file as it was before, beside the marker and generation Tome wrote
    /// after (a backup restored over it, or a disk that lost the evening's writes).
    OlderFile,
}

impl std::fmt::Display for Harm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Harm::Bytes(n) => write!(f, "{n} byte(s)"),
            Harm::Swap => write!(f, "2 pages swapped"),
            Harm::Zero => write!(f, "a page of entries zeroed"),
            Harm::Pages(a, b) => write!(f, "pages {a} and {b} swapped"),
            Harm::OlderPage => write!(f, "a page older"),
            Harm::OlderTable => write!(f, "a table older"),
            Harm::OlderFile => write!(f, "the whole file older"),
        }
    }
}

/// What page `n`'s damage reaches.
fn reach_of(pages: &Pages, n: usize) -> Reached {
    match pages.owner.get(&n) {
        None => Reached::Nothing,
        Some(Owner::Tomes) => Reached::TomesOwn,
        Some(Owner::Users) => Reached::Users,
    }
}

/// Damages `bytes` as `harm` says, and says what the damage reached.
fn damage(bytes: &mut Vec<u8>, harm: Harm, seed: u64, t: &Trial) -> Reached {
    let pages = &t.pages;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let size = pages.size;
    let count = bytes.len() / size;
    let older = |n: usize, bytes: &mut Vec<u8>| {
        bytes[(n - 1) * size..n * size].copy_from_slice(&t.older[(n - 1) * size..n * size]);
        reach_of(pages, n).max(reach_of(&t.older_pages, n))
    };
    let n = match harm {
        Harm::OlderFile => {
            bytes.clone_from(&t.older);
            return Reached::Users;
        }
        Harm::OlderPage => {
            let all: Vec<usize> = t.changed.values().flatten().copied().collect();
            return older(all[rng.random_range(0..all.len())], bytes);
        }
        Harm::OlderTable => {
            let tables: Vec<&Vec<usize>> = t.changed.values().collect();
            let table = tables[rng.random_range(0..tables.len())];
            return table.iter().map(|&n| older(n, bytes)).max().unwrap_or(Reached::Nothing);
        }
        Harm::Bytes(n) => n,
        Harm::Swap | Harm::Pages(..) => {
            // Pages 2 and on (the first is the header's, whose damage is the schema's).
            let (a, b) = match harm {
                Harm::Pages(a, b) => (a, b),
                _ => {
                    let a = rng.random_range(2..=count);
                    let mut b = rng.random_range(2..=count);
                    while b == a {
                        b = rng.random_range(2..=count);
                    }
                    (a, b)
                }
            };
            let pa = bytes[(a - 1) * size..a * size].to_vec();
            bytes.copy_within((b - 1) * size..b * size, (a - 1) * size);
            bytes[(b - 1) * size..b * size].copy_from_slice(&pa);
            return reach_of(pages, a).max(reach_of(pages, b));
        }
        Harm::Zero => {
            let entries = &pages.entries;
            let p = entries[rng.random_range(0..entries.len())];
            bytes[(p - 1) * size..p * size].fill(0);
            return reach_of(pages, p);
        }
    };
    let mut reached = Reached::Nothing;
    for _ in 0..n {
        let at = rng.random_range(0..bytes.len());
        bytes[at] ^= rng.random_range(1..=255u8);
        let r = match pages.of_byte(at) {
            None => Reached::Nothing,
            Some(Owner::Tomes) => Reached::TomesOwn,
            Some(Owner::Users) => Reached::Users,
        };
        reached = reached.max(r);
    }
    reached
}

/// What the reads of copies came to.
#[derive(Default)]
struct Tally {
    copies: usize,
    reads: usize,
    refused: usize,
    wrong: Vec<String>,
    panics: Vec<String>,
    /// Copies `db check` called whole that a read then refused or answered wrongly.
    check_missed: Vec<String>,
    /// Copies whose damage reached only Tome's own content and that were left unusable.
    unusable: Vec<String>,
    /// Copies by what their damage reached, and how many of those ended whole.
    by_reach: BTreeMap<String, (usize, usize)>,
}

/// Reads one damaged copy: the reads, `tome db check`, and the reads again when the
/// check called the copy whole or its damage was Tome's own.
fn read_copy(t: &Trial, harm: Harm, seed: u64, keep_marker: bool, tally: &Mutex<Tally>) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let mut copy = t.original.clone();
    let reached = damage(&mut copy, harm, seed, t);
    std::fs::write(&db, &copy).unwrap();
    std::fs::File::options().write(true).open(&db).unwrap().set_modified(t.time).unwrap();
    if keep_marker {
        std::fs::write(marker(&db), &t.marker).unwrap();
        std::fs::write(witness(&db), &t.witness).unwrap();
    }
    let what = format!("{harm}, copy {seed}, marker kept: {keep_marker}, damage reached {reached:?}");
    let mut wrong = Vec::new();
    let mut panics = Vec::new();
    let mut refused = 0;
    let mut pass = |when: &str| -> bool {
        let mut all_right = true;
        for (args, want) in t.reads.iter().zip(&t.answers) {
            match read(&db, args) {
                (Some(0), got) if got != *want => {
                    all_right = false;
                    wrong.push(format!("{what}, {when}: tome {args:?}"));
                }
                (Some(0), _) => {}
                (Some(101) | None, _) => {
                    all_right = false;
                    panics.push(format!("{what}, {when}: tome {args:?} panicked or hung"));
                }
                (Some(_), _) => {
                    all_right = false;
                    refused += 1;
                }
            }
        }
        all_right
    };
    let first = pass("first reads");
    let (check, _) = read(&db, &["db".into(), "check".into()]);
    let check_panicked =
        (check == Some(101) || check.is_none()).then(|| format!("{what}: tome db check panicked or hung"));
    let whole = check == Some(0);
    let mut check_missed = None;
    let mut unusable = None;
    let after = if whole || reached == Reached::TomesOwn { pass("after db check") } else { false };
    if whole && !after {
        check_missed = Some(format!("{what}: db check called it whole"));
    }
    if reached == Reached::TomesOwn && !(whole && after) {
        unusable = Some(format!("{what}: db check exit {check:?}, reads after it all right: {after}"));
    }
    let failed = check_missed.is_some() || unusable.is_some() || !panics.is_empty() || !wrong.is_empty();
    if let (Some(keep), true) = (std::env::var_os("TOME_DAMAGE_KEEP"), failed) {
        let _ = std::fs::create_dir_all(&keep);
        let name = format!("copy-{harm}-{seed}.db").replace(' ', "-");
        let _ = std::fs::write(Path::new(&keep).join(name), &copy);
        let _ = std::fs::write(Path::new(&keep).join("original.db"), &t.original);
    }
    let mut tally = tally.lock().unwrap();
    tally.copies += 1;
    tally.reads += t.reads.len() * if whole || reached == Reached::TomesOwn { 2 } else { 1 };
    tally.refused += refused;
    tally.wrong.extend(wrong);
    tally.panics.extend(panics);
    tally.panics.extend(check_panicked);
    tally.check_missed.extend(check_missed);
    tally.unusable.extend(unusable);
    let entry = tally.by_reach.entry(format!("{harm}, {reached:?}")).or_default();
    entry.0 += 1;
    entry.1 += usize::from(first || (whole && after));
}

/// Reads `copies` copies of each of `bytes` bytes changed, marker kept and not, on every
/// core; asserts what must hold (see the top of the file).
fn run(copies: u64, harms: &[Harm]) {
    let mut work: Vec<(Harm, u64, bool)> = Vec::new();
    let seeds: Vec<u64> = match std::env::var("TOME_DAMAGE_SEEDS") {
        Ok(s) => s.split(',').filter_map(|n| n.trim().parse().ok()).collect(),
        Err(_) => (0..copies).collect(),
    };
    for &b in harms {
        // An older copy has fewer ways to be (the pages the last evening changed): half
        // as many copies of it.
        let older = matches!(b, Harm::OlderPage | Harm::OlderTable | Harm::OlderFile);
        for &seed in seeds.iter().filter(|&&s| !older || s < copies.div_ceil(2)) {
            for keep in [true, false] {
                // A whole older file with nothing beside it is a backup restored, not
                // damage: only what Tome wrote beside the file tells it from the one after.
                if keep || b != Harm::OlderFile {
                    work.push((b, seed, keep));
                }
            }
        }
    }
    read_copies(&format!("{copies} of each of {harms:?}, marker kept and not"), work);
}

/// Reads each copy of `work` (its harm, seed and whether the marker is kept), said as
/// `what`, on every core; asserts what must hold (see the top of the file).
fn read_copies(what: &str, work: Vec<(Harm, u64, bool)>) {
    let t = trial();
    let tally = Mutex::new(Tally::default());
    let started = std::time::Instant::now();
    on_cores(work, |(b, seed, keep)| read_copy(t, b, seed, keep, &tally));
    let tally = tally.into_inner().unwrap();
    eprintln!(
        "{} copies ({what}) in {:.0?}: {} reads, {} refused as damaged, {} wrong with exit 0, {} panicked or hung",
        tally.copies,
        started.elapsed(),
        tally.reads,
        tally.refused,
        tally.wrong.len(),
        tally.panics.len()
    );
    for (reach, (n, whole)) in &tally.by_reach {
        eprintln!("  {reach}: {n} copies, {whole} answering whole (at once or after db check)");
    }
    assert!(tally.wrong.is_empty(), "wrong answers with exit status 0:\n{}", tally.wrong.join("\n"));
    assert!(tally.panics.is_empty(), "panicked or hung:\n{}", tally.panics.join("\n"));
    assert!(tally.check_missed.is_empty(), "db check called damaged copies whole:\n{}", tally.check_missed.join("\n"));
    assert!(
        tally.unusable.is_empty(),
        "copies whose damage reached only Tome's own content, left unusable:\n{}",
        tally.unusable.join("\n")
    );
}

/// The byte counts of the full trial, or `TOME_DAMAGE_BYTES`, then two pages swapped and
/// a page of entries zeroed (issue 73; `TOME_DAMAGE_PAGES=0` leaves them out).
fn harms(default: &[usize]) -> Vec<Harm> {
    let bytes: Vec<usize> = std::env::var("TOME_DAMAGE_BYTES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| default.to_vec());
    let mut harms: Vec<Harm> = bytes.into_iter().map(Harm::Bytes).collect();
    if std::env::var("TOME_DAMAGE_PAGES").map_or(true, |v| v != "0") {
        harms.extend([Harm::Swap, Harm::Zero, Harm::OlderPage, Harm::OlderTable, Harm::OlderFile]);
    }
    harms
}

fn copies(default: u64) -> u64 {
    std::env::var("TOME_DAMAGE_TRIAL").ok().and_then(|n| n.parse().ok()).unwrap_or(default)
}

#[test]
fn no_randomly_damaged_copy_gives_a_wrong_answer_with_exit_status_0() {
    run(copies(3), &harms(&[1, 100]));
}

/// The full trial (`make test-faults`): 100 copies × 1 byte, 100 × 100 bytes, 100 with
/// two pages swapped and 100 with a page of entries zeroed, marker kept and not; 50 of
/// each older copy (a page, a table, the whole file with its marker).
#[test]
#[ignore = "minutes: run by make test-faults"]
fn the_trial() {
    run(copies(100), &harms(&[1, 100]));
}

#[test]
fn the_pages_of_the_trials_file_are_told_apart() {
    let t = trial();
    let mut seen: BTreeSet<Owner> = BTreeSet::new();
    seen.extend(t.pages.owner.values());
    assert_eq!(seen, BTreeSet::from([Owner::Tomes, Owner::Users]), "both kinds of page are in the file");
}

/// Issue 73: two of Tome's own pages swapped that `db check` left refusing (the file
/// unusable, though all the damage was Tome's to mend): a leaf of the entries with a leaf
/// of their links (a pack's link, written back before the shipped entry it names, broke
/// its reference and the rebuild was given up), and a leaf of the links with a leaf of
/// their index beside the pack's keys (no path read the pack's links back).
#[test]
fn tomes_own_pages_of_entries_and_links_swapped_heal() {
    let t = trial();
    let leaves = |name: &str| t.pages.leaves.get(name).cloned().unwrap_or_default();
    let tomes = |name: &str| leaves(name).into_iter().find(|l| !l.1).map(|l| l.0).expect("a leaf of Tome's own");
    let link = tomes("entry_link");
    let mut harms = vec![Harm::Pages(tomes("entry"), link)];
    let index = leaves("sqlite_autoindex_entry_link_1");
    for (i, &(page, pack)) in index.iter().enumerate() {
        let beside_a_pack = [i.wrapping_sub(1), i + 1].iter().any(|&j| index.get(j).is_some_and(|l| l.1));
        if !pack && beside_a_pack {
            harms.push(Harm::Pages(link, page));
        }
    }
    assert!(harms.len() >= 2, "the links' index holds a pack's keys: {index:?}");
    for h in &harms {
        let Harm::Pages(a, b) = *h else { unreachable!() };
        assert_eq!(reach_of(&t.pages, a).max(reach_of(&t.pages, b)), Reached::TomesOwn, "{h}");
    }
    read_copies("entries and links swapped, marker kept", harms.into_iter().map(|h| (h, 0, true)).collect());
}
