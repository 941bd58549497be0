//! Damage SQLite's own checks cannot see: a changed byte inside stored text leaves every
//! page well formed, so `PRAGMA integrity_check` passes while the row no longer decodes
//! (or, worse, decodes to something else).
//!
//! Shipped rows have a truth outside the file: the content compiled into Tome. Each
//! shipped entry (its row and every detail row keyed by it) is fingerprinted as stored,
//! and compared with the fingerprint of the same entry written fresh from that content
//! into a private in-memory database; an entry that differs is rewritten. The user's own
//! rows have no second copy, so they are read back, every value against its column's
//! type (and stored JSON against what Tome reads from it), and damage is reported by
//! record for a backup to restore; nothing of theirs is rewritten.

use std::collections::{BTreeMap, BTreeSet};

use rusqlite::types::ValueRef;
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::records::lossy;
use super::tables::{beyond_repair, entry_key, in_shipped_table, loose, DANGLING, DETAIL_TABLES};
use super::Db;
use crate::error::{Error, Result};

pub use super::records::{DamagedRecord, DbCheck};
pub use super::refresh::Shipped;

/// The fingerprint key of the systems and their documents (not an entry id: it has no
/// slashes).
const SYSTEMS: &str = "the game systems and their documents";

const LAST_CHECK_KEY: &str = "last_full_check";

/// Where the sum of the shipped rows this build's content makes is kept
/// ([`Db::repair_shipped`]).
const SHIPPED_SUM_KEY: &str = "shipped_sum";

/// The kept form of the fingerprints `prints` of the shipped rows of the content whose
/// digest is `digest`.
fn shipped_sum(digest: &str, prints: &BTreeMap<String, [u8; 32]>) -> String {
    let mut h = Sha256::new();
    for (key, print) in prints {
        h.update((key.len() as u64).to_le_bytes());
        h.update(key.as_bytes());
        h.update(print);
    }
    format!("{digest} {:x}", h.finalize())
}

/// The tables each of whose rows belongs to an entry of one kind (by `entry_id`).
const ROWS_OF_ONE_KIND: &[(&str, &str)] = &[
    ("character_condition", "condition"),
    ("character_spell", "spell"),
    ("weapon", "weapon"),
    ("armor", "armor"),
    ("armor_coverage", "armor"),
    ("spell", "spell"),
    ("condition_implies", "condition"),
    ("maneuver", "maneuver"),
    ("maneuver_cost", "maneuver"),
    ("position", "position"),
    ("position_skill", "position"),
    ("position_category", "position"),
    ("roll_table", "table"),
    ("roll_table_column", "table"),
    ("roll_table_row", "table"),
    ("roll_table_cell", "table"),
    ("rule", "rule"),
];

/// Every kind of entry, as SQL (an entry whose stored kind is none of them is a row
/// breaking its CHECK constraint: healed when shipped, not a stray of another table).
const KINDS: &str =
    "'weapon', 'armor', 'spell', 'condition', 'special-effect', 'school', 'maneuver', 'position', 'table', 'rule'";

/// One way the file's schema differs from the migrations'.
struct SchemaDifference {
    kind: String,
    name: String,
    /// The text the migrations give it (none for what they do not make).
    want: Option<String>,
    problem: String,
}

/// Every table, index, trigger and view of `conn`'s main schema with its text, by kind
/// and name (SQLite's own bookkeeping tables, made as they are used, left out).
fn schema_of(conn: &Connection) -> rusqlite::Result<BTreeMap<(String, String), Option<String>>> {
    let mut stmt = conn.prepare(
        "SELECT type, name, sql FROM main.sqlite_master
          WHERE name <> 'sqlite_sequence' AND name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\'",
    )?;
    let rows = stmt.query_map([], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))?;
    rows.collect()
}

/// Schema text with runs of whitespace made one space.
fn normalized(sql: &Option<String>) -> Option<String> {
    sql.as_ref().map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// How a repair that wrote every shipped entry again names what it repaired.
const EVERY_SHIPPED_ENTRY: &str = "every shipped entry, written again from the content built into Tome";

/// SQLite's quick check of `db`'s file (the one opening runs).
fn quick_problems_of(db: &Db) -> Result<Vec<String>> {
    super::quick_problems(&db.conn, &db.label)
}

/// What is wrong with `text`, JSON stored in a column named `column` (`event`,
/// `panels`), as the type the layer that wrote it reads it back into; `None` when it reads
/// or the column is not one it knows. Given by that layer ([`Db::set_stored_json`]): the
/// database layer knows none of those types.
pub type StoredJson = fn(column: &str, text: &str) -> Option<String>;

/// No stored JSON is checked beyond SQLite's own `json_valid`: a database used without
/// the layers above (tools, tests of storage alone).
pub fn unread_json(_column: &str, _text: &str) -> Option<String> {
    None
}

impl Db {
    /// The shipped records that differ from this build's content are rewritten from it;
    /// their names are returned (entry ids, and the systems when those differ).
    ///
    /// The content is loaded, written into a database in memory and fingerprinted only
    /// when the file's shipped rows are not as the sum kept beside them says this build's
    /// content is: a file whose rows are whole costs a read of them, not a load of the
    /// content (most of what a check at open cost).
    ///
    /// # Errors
    /// The database cannot be read or written; the content built into Tome does not load.
    pub(crate) fn repair_shipped(&mut self, shipped: &Shipped<'_>) -> Result<Vec<String>> {
        let have = fingerprints(&self.conn).map_err(|e| self.err(e))?;
        let fts_whole = self.conn.execute("INSERT INTO entry_fts (entry_fts) VALUES ('integrity-check')", []).is_ok();
        if fts_whole && self.kept_shipped_sum()? == Some(shipped_sum(shipped.digest(), &have)) {
            return Ok(Vec::new());
        }
        let content = shipped.content()?;
        let mut fresh = Db::open_in_memory()?;
        fresh.rewrite_shipped(content, &content.entries.iter().map(|e| e.id.clone()).collect())?;
        let want = fingerprints(&fresh.conn).map_err(|e| fresh.err(e))?;
        let mut changed: BTreeSet<String> = BTreeSet::new();
        for (key, print) in &want {
            if have.get(key) != Some(print) {
                changed.insert(key.clone());
            }
        }
        // A shipped entry in force that this content lacks (one whose id was damaged) is
        // retired by the rewrite.
        let strays: Vec<String> = have.keys().filter(|k| !want.contains_key(*k)).cloned().collect();
        if !fts_whole {
            self.remake_fts().map_err(|e| self.err(e))?;
        }
        if changed.is_empty() && strays.is_empty() && fts_whole {
            self.keep_shipped_sum(&shipped_sum(shipped.digest(), &want));
            return Ok(Vec::new());
        }
        changed.remove(SYSTEMS);
        let systems_changed = have.get(SYSTEMS) != want.get(SYSTEMS);
        self.rewrite_shipped(content, &changed)?;
        let mut repaired: Vec<String> = changed.into_iter().chain(strays).collect();
        if systems_changed {
            repaired.push(SYSTEMS.into());
        }
        if !fts_whole {
            repaired.push("the full-text index".into());
        }
        Ok(repaired)
    }

    /// The sum of the shipped rows this build's content makes, as last kept
    /// ([`Db::keep_shipped_sum`]); `None` when none is kept or it does not read.
    fn kept_shipped_sum(&self) -> Result<Option<String>> {
        use rusqlite::OptionalExtension;
        let kept = self
            .conn
            .query_row("SELECT value FROM content_meta WHERE key = ?1", [SHIPPED_SUM_KEY], |r| r.get_ref(0).map(lossy))
            .optional()
            .map_err(|e| self.err(e))?;
        Ok(kept)
    }

    /// Keeps `sum`, made from the content written fresh, never from the file's rows (so
    /// no damage to them can ever match it). One that cannot be written (a read-only
    /// file) only means the next check loads the content again.
    fn keep_shipped_sum(&self, sum: &str) {
        let _ = self.conn.execute(
            "INSERT INTO content_meta (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            rusqlite::params![SHIPPED_SUM_KEY, sum],
        );
    }

    /// Heals the shipped rows the check at open found breaking their tables'
    /// constraints ([`Db::shipped_rows_damaged`]): the entries that differ from `content`
    /// are rewritten (a `kind` of `weapoX` is one), and when SQLite still finds a shipped
    /// table's rows wrong, every shipped entry is written again. Answers what it
    /// repaired; nothing when opening found nothing of the kind.
    ///
    /// # Errors
    /// What is left damaged after that (rows of the user's in those tables, a pack's
    /// entries), as the damaged-database error; the database cannot be written.
    pub(crate) fn heal_shipped_rows(&mut self, shipped: &Shipped<'_>) -> Result<Vec<String>> {
        if self.shipped_rows_damaged.is_empty() {
            return Ok(Vec::new());
        }
        let (repaired, left) = self.rewrite_until_whole(shipped, quick_problems_of)?;
        if !left.is_empty() {
            self.found_damage();
            return Err(Error::damaged_file(&self.label, &left));
        }
        self.shipped_rows_damaged.clear();
        // Healed: the close remembers the file as checked.
        if let Some(path) = &self.path {
            super::checked::forget(path);
        }
        Ok(repaired)
    }

    /// Rewrites the shipped entries that differ from `content`, then, when `check`
    /// (SQLite's quick or whole check) still finds rows of the shipped tables breaking
    /// their constraints, every shipped entry; answers what was repaired and what
    /// `check` finds after (less the full-text index, repaired with the entries).
    fn rewrite_until_whole(
        &mut self,
        shipped: &Shipped<'_>,
        check: fn(&Db) -> Result<Vec<String>>,
    ) -> Result<(Vec<String>, Vec<String>)> {
        let mut repaired = self.repair_shipped(shipped)?;
        let mut left = beyond_repair(check(self)?);
        if left.iter().any(|p| in_shipped_table(p)) {
            let content = shipped.content()?;
            let all: BTreeSet<String> = content.entries.iter().map(|e| e.id.clone()).collect();
            self.rewrite_shipped(content, &all)?;
            repaired.push(EVERY_SHIPPED_ENTRY.into());
            left = beyond_repair(check(self)?);
        }
        Ok((repaired, left))
    }

    /// The whole check: SQLite's own (structure, constraints, references), then the
    /// shipped records against `content` (rewriting those that differ), then a read of
    /// every row of the user's. A file whose structure is damaged is not written to. The
    /// layer above adds what only it can read back (an encounter's replay), then
    /// remembers a check that left nothing damaged ([`Db::remember_full_check`]).
    ///
    /// # Errors
    /// The database cannot be read or written.
    pub fn full_check(&mut self, shipped: &Shipped<'_>) -> Result<DbCheck> {
        // Tome's own schema first: a trigger's text is remade from the migrations (it
        // holds nothing of the user's); any other difference is damage to report.
        let (mut schema_healed, schema) = self.heal_schema()?;
        // Damaged pages or indexes of the tables Tome makes itself (or pages that belong
        // to no table) are made again first (`heal.rs`): whatever SQLite says of them,
        // even when its check cannot finish ("database disk image is malformed").
        let mut first = match self.integrity_problems() {
            Ok(problems) => beyond_repair(problems),
            Err(e) if e.is_damage() => match self.rebuild_tomes_tables(shipped, &[])? {
                Some(remade) => {
                    schema_healed.extend(remade);
                    beyond_repair(self.integrity_problems()?)
                }
                // The user's tables damaged (issue 73): left as they are for a restore,
                // named, while the rest still reads (`Db::quarantined`).
                None => {
                    self.found_damage();
                    return Err(match super::heal::damaged_tables(&self.conn) {
                        Ok(tables) if !tables.is_empty() => super::heal::refusal(e, &tables),
                        _ => e,
                    });
                }
            },
            Err(e) => return Err(e),
        };
        // (A shipped row breaking its table's rules is rewritten as a row, below.)
        let beyond_rows = |p: &String| !p.ends_with(DANGLING) && !in_shipped_table(p);
        if first.iter().any(beyond_rows) && (first.iter().all(|p| loose(p)) || self.tomes_tables_damaged()?) {
            if let Some(remade) = self.rebuild_tomes_tables(shipped, &first)? {
                schema_healed.extend(remade);
                first = beyond_repair(self.integrity_problems()?);
            }
        }
        // A table whose pages hold another table's rows (their root pages swapped) reads
        // whole to SQLite but not to its indexes: rebuilding those would lock the swap
        // in, so such rows are looked for first.
        let strays = self.rows_of_another_kind()?;
        if !strays.is_empty() {
            self.found_damage();
            first.extend(strays);
            first.extend(schema);
            return Ok(DbCheck { structure: first, repaired: schema_healed, ..DbCheck::default() });
        }
        // Nor is an index made again from a table that is not the file's present (an older
        // copy of its pages): the ledger of current rows is asked first (`ledger.rs`).
        let stale = self.rows_not_current()?;
        if !stale.is_empty() {
            self.found_damage();
            first.extend(stale);
            first.extend(schema);
            let damaged = self.damaged_user_records()?;
            return Ok(DbCheck { structure: first, repaired: schema_healed, damaged, ..DbCheck::default() });
        }
        // An index that does not match its table (rows missing from it, a wrong count)
        // holds nothing of its own: when that is all that is wrong, it is made again
        // from the table, and the file checked again.
        let reindexed = self.reindex_if_only_indexes(&first)?;
        if !reindexed.is_empty() {
            first = beyond_repair(self.integrity_problems()?);
        }
        // References to rows that do not exist may be to shipped rows whose key was
        // damaged, which the repair writes again: they are counted after it.
        // So may a shipped row that breaks its table's constraints (a `kind` changed to
        // `weapoX`): it is written again from the content, not refused.
        let after_repair = |p: &String| p.ends_with(DANGLING) || in_shipped_table(p);
        if first.iter().any(|p| !after_repair(p)) {
            self.found_damage();
            first.extend(schema);
            return Ok(DbCheck { structure: first, reindexed, repaired: schema_healed, ..DbCheck::default() });
        }
        let (repaired, structure) = if first.is_empty() {
            let repaired = self.repair_shipped(shipped)?;
            let structure = if repaired.is_empty() { first } else { beyond_repair(self.integrity_problems()?) };
            (repaired, structure)
        } else {
            self.rewrite_until_whole(shipped, Db::integrity_problems)?
        };
        let mut structure = structure;
        structure.extend(schema);
        let repaired: Vec<String> = schema_healed.into_iter().chain(repaired).collect();
        let damaged = self.damaged_user_records()?;
        if !damaged.is_empty() || !structure.is_empty() {
            self.found_damage();
        }
        Ok(DbCheck { repaired, reindexed, damaged, structure, dropped: Vec::new() })
    }

    /// How the file's schema differs from the one Tome's migrations make (each table,
    /// index and trigger, by name and text, whitespace aside): a schema that still parses
    /// but says something else (a trigger naming `encounter_checkpoinx`) passes SQLite's
    /// checks. Empty when it is the same, or when the file is at another schema version
    /// (a migration is about to run, or a newer Tome wrote it).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn schema_differences(&self) -> Result<Vec<String>> {
        Ok(self.schema_against_migrations()?.into_iter().map(|d| d.problem).collect())
    }

    fn schema_against_migrations(&self) -> Result<Vec<SchemaDifference>> {
        if self.schema_version()? != Db::latest_schema_version() {
            return Ok(Vec::new());
        }
        let fresh = Db::open_in_memory()?;
        let want = schema_of(&fresh.conn).map_err(|e| fresh.err(e))?;
        let have = schema_of(&self.conn).map_err(|e| self.err(e))?;
        let mut found = Vec::new();
        for ((kind, name), sql) in &want {
            let problem = match have.get(&(kind.clone(), name.clone())) {
                None => format!("the {kind} {name} is missing from its schema"),
                Some(stored) if normalized(stored) != normalized(sql) => {
                    format!("the {kind} {name} is not as Tome's migrations make it (its schema text differs)")
                }
                Some(_) => continue,
            };
            found.push(SchemaDifference { kind: kind.clone(), name: name.clone(), want: sql.clone(), problem });
        }
        for (kind, name) in have.keys().filter(|k| !want.contains_key(*k)) {
            found.push(SchemaDifference {
                kind: kind.clone(),
                name: name.clone(),
                want: None,
                problem: format!("its schema has a {kind} {name} that Tome's migrations do not make"),
            });
        }
        Ok(found)
    }

    /// Remakes from the migrations' text each trigger whose stored text differs from it
    /// (a trigger holds no rows, so nothing is lost); answers what it remade and the
    /// differences left.
    fn heal_schema(&mut self) -> Result<(Vec<String>, Vec<String>)> {
        let mut healed = Vec::new();
        let mut left = Vec::new();
        for d in self.schema_against_migrations()? {
            let remade = match (&d.kind[..], &d.want) {
                ("trigger", Some(sql)) => {
                    let name = d.name.replace('"', "\"\"");
                    self.conn
                        .execute_batch(&format!("BEGIN; DROP TRIGGER IF EXISTS \"{name}\"; {sql}; COMMIT;"))
                        .is_ok()
                }
                _ => false,
            };
            if remade {
                healed.push(format!("the trigger {}, made again from Tome's schema", d.name));
            } else {
                if !self.conn.is_autocommit() {
                    let _ = self.conn.execute_batch("ROLLBACK");
                }
                left.push(d.problem);
            }
        }
        Ok((healed, left))
    }

    /// Rows of a table that belongs to one kind of entry (a character's conditions, a
    /// weapon's numbers) naming an entry of another kind: what a table reads when its
    /// root page is another's (`character_condition` holding spells), which SQLite's
    /// checks call an index out of step with its table. The tables are read without
    /// their indexes, which still hold their own rows.
    fn rows_of_another_kind(&self) -> Result<Vec<String>> {
        let mut found = Vec::new();
        for (table, kind) in ROWS_OF_ONE_KIND {
            let n: i64 = self
                .conn
                .query_row(
                    &format!(
                        "SELECT count(*) FROM {table} AS t NOT INDEXED JOIN entry e ON e.id = t.entry_id
                          WHERE e.kind <> ?1 AND e.kind IN ({KINDS})"
                    ),
                    [kind],
                    |r| r.get(0),
                )
                .map_err(|e| self.err(e))?;
            if n > 0 {
                found.push(format!(
                    "table {table} holds {n} row{} for entries that are not of kind {kind} (its pages may be another table's)",
                    if n == 1 { "" } else { "s" }
                ));
            }
        }
        Ok(found)
    }

    /// Remembers a whole check that left nothing damaged as made at `now` (Unix
    /// seconds): the app's weekly check waits a week from it. A check that found damage
    /// is not one to wait a week after, so it is not remembered.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn remember_full_check(&self, now: i64) -> Result<()> {
        self.conn
            .execute(
                "INSERT INTO content_meta (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                rusqlite::params![LAST_CHECK_KEY, now.to_string()],
            )
            .map(|_| ())
            .map_err(|e| self.err(e))
    }

    /// When every problem in `problems` (SQLite's integrity check, less references to
    /// missing rows) is an index that does not match its table, rebuilds those indexes
    /// (`REINDEX`) and answers their names; else changes nothing and answers none. A
    /// rebuild that fails (a unique index over rows that are not unique) leaves the
    /// problems for the check to report.
    fn reindex_if_only_indexes(&mut self, problems: &[String]) -> Result<Vec<String>> {
        let refs = |p: &String| p.ends_with(DANGLING);
        let mut names: BTreeSet<&str> = BTreeSet::new();
        for p in problems.iter().filter(|p| !refs(p)) {
            match damaged_index(p) {
                Some(name) => names.insert(name),
                None => return Ok(Vec::new()),
            };
        }
        let known: BTreeSet<String> = self
            .conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'index'")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| self.err(e))?;
        if names.is_empty() || names.iter().any(|n| !known.contains(*n)) {
            return Ok(Vec::new());
        }
        let tx = self.conn.transaction().map_err(|e| Error::sqlite(&self.label, e))?;
        for name in &names {
            if tx.execute_batch(&format!("REINDEX \"{}\"", name.replace('"', "\"\""))).is_err() {
                return Ok(Vec::new());
            }
        }
        tx.commit().map_err(|e| Error::sqlite(&self.label, e))?;
        Ok(names.into_iter().map(String::from).collect())
    }

    /// When the last whole check that found nothing left damaged ended (Unix seconds).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn last_full_check(&self) -> Result<Option<i64>> {
        use rusqlite::OptionalExtension;
        let kept: Option<String> = self
            .conn
            .query_row("SELECT value FROM content_meta WHERE key = ?1", [LAST_CHECK_KEY], |r| r.get_ref(0).map(lossy))
            .optional()
            .map_err(|e| self.err(e))?;
        // A value that does not read is damage in itself: a check is due.
        Ok(kept.and_then(|v| v.parse().ok()))
    }

    /// Makes the full-text index anew: a damaged one cannot be emptied row by row (its
    /// own index is what is broken), but it is only ever made from the entries.
    fn remake_fts(&mut self) -> rusqlite::Result<()> {
        let tx = self.conn.transaction()?;
        let sql: String =
            tx.query_row("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'entry_fts'", [], |r| {
                r.get(0)
            })?;
        tx.execute_batch(&format!("DROP TABLE entry_fts; {sql};"))?;
        super::refresh::rebuild_fts_raw(&tx)?;
        tx.commit()
    }

    /// Reads every row of the user's own tables (characters, encounters and their events,
    /// packs, imported documents) and says which cannot be read.
    ///
    /// # Errors
    /// The database cannot be read at all.
    pub fn damaged_user_records(&self) -> Result<Vec<DamagedRecord>> {
        let mut found = Vec::new();
        for t in &user_tables() {
            self.scan(t, &mut found).map_err(|e| self.err(e))?;
        }
        found.extend(self.damaged_characters()?);
        found.extend(self.damaged_sealed_rows()?);
        found.extend(self.adversaries_behind("1", &[])?);
        Ok(found)
    }

    /// Stored JSON is checked with what `read_back` says of it, as the layer that wrote
    /// it reads it (see [`StoredJson`]).
    pub fn set_stored_json(&mut self, read_back: StoredJson) {
        self.stored_json = read_back;
    }

    fn scan(&self, t: &UserTable, found: &mut Vec<DamagedRecord>) -> rusqlite::Result<()> {
        let columns = columns(&self.conn, t.table)?;
        let names: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
        let keys: Vec<usize> =
            t.key.iter().map(|k| names.iter().position(|n| n == k).expect("a key column of the schema")).collect();
        let mut stmt = self.conn.prepare(&format!("SELECT * FROM {} WHERE {}", t.table, t.filter))?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let key: Vec<String> = keys.iter().map(|&i| row.get_ref(i).map(lossy)).collect::<rusqlite::Result<_>>()?;
            for (i, c) in columns.iter().enumerate() {
                if let Some(problem) = c.problem(row.get_ref(i)?, self.stored_json) {
                    found.push(DamagedRecord { record: (t.name)(&key), problem: format!("{}: {problem}", c.name) });
                }
            }
        }
        Ok(())
    }
}

/// The index a problem of SQLite's integrity check is about, when it is one that
/// rebuilding the index from its table mends: an entry missing from it or differing from
/// its row, or a count of entries that does not match the table's.
fn damaged_index(problem: &str) -> Option<&str> {
    const WHOLE: &[&str] = &["wrong # of entries in index ", "non-unique entry in index "];
    const ROW: &[&str] = &[" missing from index ", " values differ from index ", " of index "];
    if let Some(name) = WHOLE.iter().find_map(|p| problem.strip_prefix(p)) {
        return Some(name);
    }
    if !problem.starts_with("row ") && !problem.starts_with("rowid not at end-of-record for row ") {
        return None;
    }
    ROW.iter().find_map(|p| problem.find(p).map(|i| &problem[i + p.len()..]))
}

/// How a check names stored JSON that does not read back as its type.
pub fn stored_json_problem(e: &serde_json::Error) -> String {
    format!("stored data that does not read back ({e})")
}

/// A column as declared, for checking what it holds.
struct Column {
    name: String,
    /// The declared type (`TEXT`, `INTEGER`, `BLOB`; empty when none).
    kind: String,
    not_null: bool,
}

impl Column {
    /// What is wrong with `v` as a value of this column, if anything.
    fn problem(&self, v: ValueRef<'_>, read_back: StoredJson) -> Option<String> {
        match (self.kind.as_str(), v) {
            (_, ValueRef::Null) if self.not_null => Some("empty, where a value must be".into()),
            (_, ValueRef::Null) => None,
            ("TEXT", ValueRef::Text(bytes)) => match std::str::from_utf8(bytes) {
                Err(_) => Some("text that is not valid UTF-8".into()),
                Ok(text) => self.json_problem(text, read_back),
            },
            ("TEXT", _) => Some("not text, where text must be".into()),
            ("INTEGER", ValueRef::Integer(_)) => None,
            ("INTEGER", _) => Some("not a whole number, where one must be".into()),
            ("BLOB", ValueRef::Blob(_)) => None,
            ("BLOB", _) => Some("not bytes, where bytes must be".into()),
            _ => None,
        }
    }

    /// Stored JSON read as what Tome reads from it: a revision as the character sheet a
    /// restore reads, a pack's systems as their ids, and what the layers above store (an
    /// encounter's event, a screen's panels, an adversary's stat block) as `read_back` says. JSON that parses but
    /// not into that shape would fail the read all the same.
    fn json_problem(&self, text: &str, read_back: StoredJson) -> Option<String> {
        let bad = |e: serde_json::Error| Some(stored_json_problem(&e));
        match self.name.as_str() {
            "snapshot" => super::characters::snapshot_sheet(text).err().and_then(bad),
            "systems" => serde_json::from_str::<Vec<String>>(text).err().and_then(bad),
            column => read_back(column, text),
        }
    }
}

fn columns(conn: &Connection, table: &str) -> rusqlite::Result<Vec<Column>> {
    let mut stmt = conn.prepare("SELECT name, upper(type), \"notnull\" FROM pragma_table_info(?1) ORDER BY cid")?;
    let rows = stmt.query_map([table], |r| Ok(Column { name: r.get(0)?, kind: r.get(1)?, not_null: r.get(2)? }))?;
    rows.collect()
}

/// A user table to read whole: which rows, and how a row is named.
struct UserTable {
    table: &'static str,
    filter: String,
    key: &'static [&'static str],
    name: fn(&[String]) -> String,
}

impl UserTable {
    fn all(table: &'static str, key: &'static [&'static str], name: fn(&[String]) -> String) -> UserTable {
        UserTable { table, filter: "1".into(), key, name }
    }
}

/// The rows of `column` that belong to an entry a pack brought (shipped rows are checked
/// against the content built into Tome instead).
fn not_shipped(column: &str) -> String {
    format!("{column} IN (SELECT id FROM entry WHERE origin <> 'shipped')")
}

/// Every table of the user's own rows, with how each row is named in a report.
fn user_tables() -> Vec<UserTable> {
    let mut tables = vec![
        UserTable::all("character", &["id", "name"], |k| format!("character {} ({})", k[0], k[1])),
        UserTable::all("character_value", &["character_id", "field"], |k| {
            format!("character {}, field {}", k[0], k[1])
        }),
        UserTable::all("character_item", &["character_id", "entry_id"], |k| {
            format!("character {}, item {}", k[0], k[1])
        }),
        UserTable::all("character_condition", &["character_id", "entry_id"], |k| {
            format!("character {}, condition {}", k[0], k[1])
        }),
        UserTable::all("character_spell", &["character_id", "entry_id"], |k| {
            format!("character {}, spell {}", k[0], k[1])
        }),
        UserTable::all("character_revision", &["character_id", "number"], |k| {
            format!("character {}, revision {}", k[0], k[1])
        }),
        UserTable::all("encounter", &["id", "name"], |k| format!("encounter {} ({})", k[0], k[1])),
        UserTable::all("encounter_event", &["encounter_id", "seq"], |k| format!("encounter {}, event {}", k[0], k[1])),
        UserTable::all("party", &["id", "name"], |k| format!("party {} ({})", k[0], k[1])),
        UserTable::all("party_member", &["party_id", "character_id"], |k| {
            format!("party {}, member character {}", k[0], k[1])
        }),
        UserTable::all("encounter_party", &["encounter_id", "party_id"], |k| {
            format!("encounter {}, party {}", k[0], k[1])
        }),
        UserTable::all("gm_screen", &["system_id"], |k| format!("game master's screen for {}", k[0])),
        UserTable::all("pack", &["name"], |k| format!("pack {}", k[0])),
        UserTable {
            table: "entry",
            filter: "origin <> 'shipped'".into(),
            key: &["id"],
            name: |k| format!("pack entry {}", k[0]),
        },
        UserTable {
            table: "document",
            filter: "pack IS NOT NULL".into(),
            key: &["file"],
            name: |k| format!("pack document {}", k[0]),
        },
        UserTable {
            table: "section",
            filter: "document_id IN (SELECT id FROM document WHERE pack IS NOT NULL)".into(),
            key: &["document_id", "name"],
            name: |k| format!("pack section {} of document {}", k[1], k[0]),
        },
        UserTable::all("doc", &["id"], |k| format!("imported document {}", k[0])),
        UserTable::all("doc_section", &["id"], |k| format!("imported section {}", k[0])),
        UserTable::all("adversary", &["id", "name"], |k| format!("adversary {} ({})", k[0], k[1])),
        UserTable::all("adversary_revision", &["adversary_id", "number"], |k| {
            format!("adversary {}, revision {}", k[0], k[1])
        }),
        UserTable::all("starter_adversary", &["key"], |k| format!("starter adversary {}", k[0])),
    ];
    // A pack entry's detail rows are written in the same form as shipped ones: the same
    // tables, keyed by the entry.
    for table in DETAIL_TABLES {
        let key = entry_key(table);
        tables.push(UserTable { table, filter: not_shipped(key[0]), key, name: |k| format!("pack entry {}", k[0]) });
    }
    tables
}

/// Every value of a row, in a form two databases can compare (raw bytes: a damaged
/// value is compared, never decoded).
fn encode_row(row: &rusqlite::Row<'_>, from: usize, n: usize, out: &mut Vec<u8>) -> rusqlite::Result<()> {
    for i in from..n {
        let (tag, bytes): (u8, Vec<u8>) = match row.get_ref(i)? {
            ValueRef::Null => (0, Vec::new()),
            ValueRef::Integer(v) => (1, v.to_le_bytes().to_vec()),
            ValueRef::Real(v) => (2, v.to_le_bytes().to_vec()),
            ValueRef::Text(b) => (3, b.to_vec()),
            ValueRef::Blob(b) => (4, b.to_vec()),
        };
        out.push(tag);
        out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        out.extend_from_slice(&bytes);
    }
    Ok(())
}

/// A fingerprint of every shipped entry as stored (its row, with its section and
/// document by name rather than by row number, and each detail row keyed by it), and of
/// the systems with their documents.
fn fingerprints(conn: &Connection) -> rusqlite::Result<BTreeMap<String, [u8; 32]>> {
    let mut rows: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();
    let mut read = |sql: &str, keyed: bool, table: &str, only_known: bool| -> rusqlite::Result<()> {
        let mut stmt = conn.prepare(sql)?;
        let n = stmt.column_count();
        let mut q = stmt.query([])?;
        while let Some(r) = q.next()? {
            let key = if keyed { lossy(r.get_ref(0)?) } else { SYSTEMS.to_string() };
            if only_known && !rows.contains_key(&key) {
                continue;
            }
            let mut bytes = table.as_bytes().to_vec();
            encode_row(r, 0, n, &mut bytes)?;
            rows.entry(key).or_default().push(bytes);
        }
        Ok(())
    };
    read(
        "SELECT e.id, e.system_id, e.kind, e.slug, e.name, e.summary, e.body, d.file, sec.name, e.origin, e.retired,
                e.ord, e.pack
         FROM entry e LEFT JOIN section sec ON sec.id = e.section_id LEFT JOIN document d ON d.id = sec.document_id
         WHERE e.origin = 'shipped' AND e.retired = 0",
        true,
        "entry",
        false,
    )?;
    for table in DETAIL_TABLES {
        let sql = if *table == "entry_link" {
            "SELECT from_id, to_id, mention FROM entry_link".to_string()
        } else {
            format!("SELECT * FROM {table}")
        };
        read(&sql, true, table, true)?;
    }
    read("SELECT id, name, ord FROM game_system ORDER BY id", false, "game_system", false)?;
    read("SELECT system_id, file, title FROM document WHERE pack IS NULL ORDER BY file", false, "document", false)?;
    Ok(rows
        .into_iter()
        .map(|(key, mut list)| {
            list.sort();
            let mut h = Sha256::new();
            for r in &list {
                h.update((r.len() as u64).to_le_bytes());
                h.update(r);
            }
            (key, h.finalize().into())
        })
        .collect())
}
