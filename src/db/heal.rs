//! Tome's own tables made again when their pages are damaged (issue 58): a damaged page
//! of the shipped entries, of their detail rows, of the game systems, of their documents
//! and sections, of the full-text index or of the kept search index, a damaged index of
//! any of them. Their rows read wrongly or not at all, so no row-by-row rewrite mends
//! them, and SQLite cannot drop a table whose pages it cannot walk.
//!
//! SQLite's check is run table by table (`PRAGMA integrity_check(TABLE)`, which checks a
//! table's pages and its indexes), so the damage is known by table. When every damaged
//! table is one Tome can make again, the rows of them that the content built into Tome
//! does not hold (a pack's entries and their details, shipped entries a newer content
//! retired, and the sections and documents those entries name) are read first by a path
//! that does not cross the damage (the table itself, its rows looked up by number, or
//! one of its indexes); then, in one transaction, each damaged table and its indexes
//! are pointed at fresh empty pages (the schema's root page changed, as `writable_schema`
//! allows), those rows are written back and the shipped content written whole again.
//! The pages left behind belong to nothing, and `VACUUM` then writes the file anew
//! without them. Damage that reaches any other table, or rows Tome cannot read back by
//! any path, is left for the restore advice, unchanged.
//!
//! Damage to no table at all (the list of free pages, pages that belong to nothing) is
//! healed by `VACUUM` alone, which copies every table and leaves the rest.

use std::collections::BTreeMap;

use rusqlite::types::Value;
use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::refresh::Shipped;
use super::tables::{beyond_repair, entry_key, in_shipped_table, loose, tomes_own, DETAIL_TABLES, FTS_TABLES};
use super::Db;
use crate::error::Result;

/// The rows of table `t` a rebuild keeps (those the content built into Tome does not
/// hold): the column that finds them, and the temporary table that lists them by it. A
/// detail row is kept by its entry; a section by number, when an entry kept names it; a
/// document by number, when a section kept is in it (a pack's documents hold only the
/// sections of its entries).
fn kept_by(t: &str) -> Option<(&'static str, &'static str)> {
    match t {
        "section" => Some(("id", "temp.heal_sections")),
        "document" => Some(("id", "temp.heal_documents")),
        t if DETAIL_TABLES.contains(&t) => Some((entry_key(t)[0], "temp.heal_others")),
        _ => None,
    }
}

/// The order salvaged rows are written back in: a row after the rows it names (a
/// document before its sections, a section before its entries, an entry before its
/// details), as each insert checks its references.
fn written_back(t: &str) -> u8 {
    match t {
        "document" => 0,
        "section" => 1,
        "entry" => 2,
        _ => 3,
    }
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// What SQLite's check finds wrong, table by table: every ordinary table of the file
/// whose pages or indexes are damaged, with the first of what its check said (or the
/// error it stopped with).
pub(crate) fn damaged_tables(conn: &Connection) -> rusqlite::Result<BTreeMap<String, String>> {
    damaged_among(conn, |_| true)
}

/// [`damaged_tables`] among the tables `which` keeps.
fn damaged_among(conn: &Connection, which: impl Fn(&str) -> bool) -> rusqlite::Result<BTreeMap<String, String>> {
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM main.sqlite_schema WHERE type = 'table' AND rootpage > 0")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut found = BTreeMap::new();
    for t in tables.into_iter().filter(|t| which(t)) {
        let said: std::result::Result<Vec<String>, rusqlite::Error> = (|| {
            let mut stmt = conn.prepare(&format!("PRAGMA main.integrity_check({})", quoted(&t)))?;
            let mut rows = stmt.query([])?;
            let mut said = Vec::new();
            while let Some(r) = rows.next()? {
                said.push(r.get::<_, String>(0)?);
                if said.len() == 3 {
                    break;
                }
            }
            Ok(said)
        })();
        match said {
            Ok(said) if said == ["ok"] => {}
            Ok(said) => {
                found.insert(t, said.join("; "));
            }
            Err(e) => {
                found.insert(t, e.to_string());
            }
        }
    }
    Ok(found)
}

impl Db {
    /// Whether all the damage in the file is Tome's own to mend at the next open (a
    /// shipped row, a page of a table Tome makes itself, found as its checksum fails or
    /// as SQLite's check says), so opening again heals it rather than a restore: nothing
    /// of the user's reads damaged and the schema is the migrations'.
    pub(crate) fn heals_on_reopen(&self) -> bool {
        let problems = match super::quick_problems(&self.conn, &self.label) {
            Ok(p) => beyond_repair(p),
            Err(e) if e.is_damage() => e.details().to_vec(),
            Err(_) => return false,
        };
        let rest: Vec<String> = problems.into_iter().filter(|p| !in_shipped_table(p)).collect();
        if !rest.is_empty() {
            match damaged_tables(&self.conn) {
                Ok(tables) if healable(&tables, &rest) => {}
                _ => return false,
            }
        }
        matches!(self.damaged_user_records(), Ok(d) if d.is_empty())
            && matches!(self.rows_not_current(), Ok(d) if d.is_empty())
            && matches!(self.schema_differences(), Ok(d) if d.is_empty())
    }
}

/// Whether the damage is Tome's to mend: every table SQLite's check finds damaged
/// (`damaged`) is one Tome can make again, or none is and what the whole-file check said
/// (`problems`) is only of pages that belong to no table.
pub(crate) fn healable(damaged: &BTreeMap<String, String>, problems: &[String]) -> bool {
    if damaged.is_empty() {
        !problems.is_empty() && problems.iter().all(|p| loose(p))
    } else {
        damaged.keys().all(|t| tomes_own(t))
    }
}

/// `refusal` (the damaged-database error opening gives) naming the tables SQLite's check
/// finds damaged, its own words about them added to the details.
pub(crate) fn refusal(refusal: crate::Error, damaged: &BTreeMap<String, String>) -> crate::Error {
    match refusal {
        // A schema that does not read fails every table's check alike: it is what to say.
        crate::Error::UnusableDatabase { ref reason, .. } if reason.contains("schema") => refusal,
        crate::Error::UnusableDatabase { path, mut details, advice, .. } => {
            let names: Vec<&str> = damaged.keys().map(String::as_str).collect();
            let s = if names.len() == 1 { "" } else { "s" };
            details.extend(damaged.iter().map(|(t, said)| format!("{t}: {said}")));
            crate::Error::UnusableDatabase {
                path,
                reason: format!("it is damaged (pages of the table{s} {} do not read)", names.join(", ")),
                details,
                advice,
            }
        }
        other => other,
    }
}

/// How a rebuilt table is named in what a check repaired, with what SQLite's check said of
/// it (`said`) in words.
fn remade(t: &str, said: &str) -> String {
    let why = crate::error::damage_words(said.split("; ").next().unwrap_or(said));
    if FTS_TABLES.contains(&t) {
        format!("the full-text index, made again from the entries ({why})")
    } else {
        format!("the table {t}, made again ({why})")
    }
}

impl Db {
    /// Whether SQLite's check finds any of the tables Tome makes itself damaged, their
    /// indexes included (an index out of step with its table, which the quick check at
    /// open does not look for). Reads the shipped content's pages only, so it costs the
    /// same whatever the user's data.
    ///
    /// # Errors
    /// The database cannot be read.
    pub(crate) fn tomes_tables_damaged(&self) -> Result<bool> {
        Ok(!damaged_among(&self.conn, tomes_own).map_err(|e| self.err(e))?.is_empty())
    }

    /// Makes again the tables SQLite's check finds damaged, when all of them are Tome's
    /// own (see the top of this file), and writes the file anew without the pages they
    /// left; answers what it made again. With no table damaged, `problems` (what the
    /// whole-file check said) must all be about pages no table holds, which the new file
    /// leaves behind. `None` when the damage reaches anything else, or rows Tome keeps in
    /// those tables that it cannot read back: nothing was changed then.
    ///
    /// # Errors
    /// The database cannot be read or written; the content built into Tome does not load.
    pub(crate) fn rebuild_tomes_tables(
        &mut self,
        shipped: &Shipped<'_>,
        problems: &[String],
    ) -> Result<Option<Vec<String>>> {
        let damaged = damaged_tables(&self.conn).map_err(|e| self.err(e))?;
        if !healable(&damaged, problems) {
            return Ok(None);
        }
        // Pages that belong to nothing are what a table's pages put back as an older copy
        // of themselves leave (the overflow pages the newer rows named): the file is
        // written anew only when the ledger vouches every row of the user's is the
        // present, so an older copy of them is named, never taken as it is (the search
        // cache's pages put back leave the same, and it is Tome's own).
        if damaged.is_empty() && !self.rows_not_current()?.is_empty() {
            return Ok(None);
        }
        let mut repaired = Vec::new();
        if !damaged.is_empty() {
            let content = shipped.content()?;
            // A write that fails (a salvaged row breaking its table's rules: a pack's row
            // was damaged) is rolled back, and the damage reported as it was found.
            let tables: Vec<&str> = damaged.keys().map(String::as_str).collect();
            if !self.remake(&tables, content).unwrap_or(false) {
                return Ok(None);
            }
            let mut names: Vec<String> = Vec::new();
            for (t, said) in &damaged {
                let name = remade(t, said);
                // The full-text index's tables are made again as one.
                if !(FTS_TABLES.contains(&t.as_str()) && names.iter().any(|n| n.starts_with("the full-text index"))) {
                    names.push(name);
                }
            }
            repaired.extend(names);
        }
        // The pages the damaged tables left, and any that belonged to no table, go.
        {
            // The damaged pages belong to nothing now, but SQLite reads each page before
            // it writes over it: their checksums are not checked meanwhile.
            let _unchecked = super::page_sums::Unchecked::new(&self.conn);
            self.conn.execute_batch("VACUUM").map_err(|e| self.err(e))?;
        }
        if damaged.is_empty() {
            repaired.push("the file's free pages (written anew)".into());
        }
        Ok(Some(repaired))
    }

    /// After [`Db::rebuild_tomes_tables`] at open: SQLite's quick check must find the file
    /// whole now, and the close then remembers it so.
    ///
    /// # Errors
    /// The damaged-database error for what is still wrong.
    pub(crate) fn pages_healed(&mut self) -> Result<()> {
        super::quick_check(&self.conn, &self.label).map_err(|e| self.noticed(e))?;
        self.healed();
        Ok(())
    }

    /// The rebuild itself (see [`Db::rebuild_tomes_tables`]): `false`, with nothing
    /// changed, when rows of `tables` that the content does not hold cannot be read.
    fn remake(&mut self, tables: &[&str], content: &crate::seed::Content) -> rusqlite::Result<bool> {
        // Everything is read before the write begins: a read that meets the damage spoils
        // the transaction it is made in (SQLite refuses every write of it after).
        let conn = &self.conn;
        conn.execute_batch(
            "CREATE TEMP TABLE IF NOT EXISTS heal_content (id TEXT PRIMARY KEY); DELETE FROM temp.heal_content;
             CREATE TEMP TABLE IF NOT EXISTS heal_others (id TEXT PRIMARY KEY); DELETE FROM temp.heal_others;
             CREATE TEMP TABLE IF NOT EXISTS heal_sections (id INTEGER PRIMARY KEY); DELETE FROM temp.heal_sections;
             CREATE TEMP TABLE IF NOT EXISTS heal_documents (id INTEGER PRIMARY KEY); DELETE FROM temp.heal_documents;",
        )?;
        {
            let mut put = conn.prepare("INSERT OR IGNORE INTO temp.heal_content (id) VALUES (?1)")?;
            for e in &content.entries {
                put.execute([&e.id])?;
            }
        }
        // The entries the content does not hold (a pack's, a user's, shipped ones a newer
        // content retired): read back from the entry table, or kept where it is whole.
        let entry_damaged = tables.contains(&"entry");
        let mut salvaged: Vec<(&str, Salvaged)> = Vec::new();
        if entry_damaged {
            let filter = ("id NOT IN temp.heal_content", "origin <> 'shipped' OR retired = 1");
            let Some((columns, rows)) = salvage(conn, "entry", "id", filter)? else { return Ok(false) };
            list(conn, "heal_others", &columns, &rows, "id")?;
            list(conn, "heal_sections", &columns, &rows, "section_id")?;
            salvaged.push(("entry", (columns, rows)));
        } else {
            conn.execute_batch(
                "INSERT OR IGNORE INTO temp.heal_others SELECT id FROM entry WHERE id NOT IN temp.heal_content;
                 INSERT OR IGNORE INTO temp.heal_sections
                   SELECT section_id FROM entry WHERE id IN temp.heal_others;",
            )?;
        }
        // The sections those entries name, then the documents those sections are in: read
        // from the damaged table, or listed from the whole one.
        let mut rest: Vec<&str> = tables.iter().copied().filter(|t| *t != "entry").collect();
        rest.sort_by_key(|t| *t != "section");
        for t in rest {
            if t == "document" && !tables.contains(&"section") {
                conn.execute_batch(
                    "INSERT OR IGNORE INTO temp.heal_documents
                       SELECT document_id FROM section WHERE id IN temp.heal_sections",
                )?;
            }
            let Some((key, listed)) = kept_by(t) else { continue };
            let filter = format!("{key} IN {listed}");
            let Some((columns, rows)) = salvage(conn, t, key, (&filter, "1"))? else { return Ok(false) };
            if t == "section" {
                list(conn, "heal_documents", &columns, &rows, "document_id")?;
            }
            salvaged.push((t, (columns, rows)));
        }
        salvaged.sort_by_key(|(t, _)| written_back(t));
        // The full-text index is remade whole from the entries, its own tables with it.
        let fts = tables.iter().any(|t| FTS_TABLES.contains(t));
        let fts_sql: Option<String> = if fts {
            Some(conn.query_row(
                "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'entry_fts'",
                [],
                |r| r.get(0),
            )?)
        } else {
            None
        };
        let mut emptied: Vec<&str> = tables.iter().copied().filter(|t| !FTS_TABLES.contains(t)).collect();
        if fts {
            emptied.extend(FTS_TABLES);
        }
        let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
        // A pack's rows written back may name shipped rows written after them (a pack
        // entry's link to a shipped entry, when both tables were damaged): the references
        // are checked at the commit, when every row is back (a failed one rolls it back).
        tx.execute_batch("PRAGMA defer_foreign_keys = ON")?;
        empty_pages(&tx, &emptied)?;
        if let Some(sql) = fts_sql {
            // Dropping the index opens it first, which reads its format from its config,
            // emptied with the rest.
            tx.execute_batch(&format!(
                "INSERT OR REPLACE INTO entry_fts_config (k, v) VALUES ('version', 4); DROP TABLE entry_fts; {sql};"
            ))?;
        }
        for (t, (columns, rows)) in &salvaged {
            let names: Vec<String> = columns.iter().map(|c| quoted(c)).collect();
            let marks: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
            let mut put =
                tx.prepare(&format!("INSERT INTO {t} ({}) VALUES ({})", names.join(", "), marks.join(", ")))?;
            for r in rows {
                put.execute(rusqlite::params_from_iter(r.iter()))?;
            }
        }
        super::refresh::write_shipped(&tx, content, None)?;
        tx.execute_batch(
            "DELETE FROM temp.heal_content; DELETE FROM temp.heal_others;
             DELETE FROM temp.heal_sections; DELETE FROM temp.heal_documents;",
        )?;
        tx.commit()?;
        Ok(true)
    }
}

/// Rows read back from a damaged table: its columns' names, and each row's values.
type Salvaged = (Vec<String>, Vec<Vec<Value>>);

/// Lists in the temporary table `into` the values of `column` of `rows` (read back with
/// `columns`).
fn list(conn: &Connection, into: &str, columns: &[String], rows: &[Vec<Value>], column: &str) -> rusqlite::Result<()> {
    let at = columns.iter().position(|c| c == column).expect("a column the table has");
    let mut put = conn.prepare(&format!("INSERT OR IGNORE INTO temp.{into} (id) VALUES (?1)"))?;
    for r in rows {
        put.execute([&r[at]])?;
    }
    Ok(())
}

/// The rows of `t` that `filter` keeps (SQL over its columns: a condition on `key`, and
/// one on the rest), every column, read by the table itself or else by one of its
/// indexes that starts with `key`, the rows it lists chosen by the index alone before
/// any is read (so the read reaches only their pages, not a damaged one whose checksum
/// fails); `None` when no path reads them.
fn salvage(tx: &Connection, t: &str, key: &str, filter: (&str, &str)) -> rusqlite::Result<Option<Salvaged>> {
    let (by_key, rest) = filter;
    let filter = &format!("({by_key}) AND ({rest})");
    let columns: Vec<String> = tx
        .prepare(&format!("SELECT name FROM pragma_table_info({})", quoted_text(t)))?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let list = columns.iter().map(|c| quoted(c)).collect::<Vec<_>>().join(", ");
    let rows_of = |sql: &str| -> rusqlite::Result<Vec<Vec<Value>>> {
        let mut stmt = tx.prepare(sql)?;
        let mut rows = stmt.query([])?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            out.push((0..columns.len()).map(|i| owned(r.get_ref(i)?)).collect::<rusqlite::Result<_>>()?);
        }
        Ok(out)
    };
    let read = |how: &str| rows_of(&format!("SELECT {list} FROM {t} {how} WHERE {filter}"));
    if let Ok(rows) = read("NOT INDEXED") {
        return Ok(Some((columns, rows)));
    }
    let indexes = indexes_led_by(tx, t, key)?;
    for index in indexes {
        if let Ok(rows) = read(&format!("INDEXED BY {}", quoted(&index))) {
            return Ok(Some((columns, rows)));
        }
        // A rowid table: the rows the index picks, then those rows alone.
        let picked = format!(
            "SELECT {list} FROM {t} WHERE rowid IN (SELECT rowid FROM {t} INDEXED BY {} WHERE {by_key}) AND ({rest})",
            quoted(&index)
        );
        if let Ok(rows) = rows_of(&picked) {
            return Ok(Some((columns, rows)));
        }
    }
    row_by_row(tx, t, key, (by_key, rest), &columns)
}

/// [`salvage`]'s last path, for a rowid table whose damaged pages every other path
/// crosses (a leaf of the table and a leaf of its index by `key`, swapped with each
/// other): every row number from an index that reads whole, then each row read alone by
/// its number. A row that does not read is left only when its key is known (from the
/// index by `key`, read from each end up to its damage) and is not one `by_key` keeps
/// (a shipped row, written again from the content); any other makes it `None`.
fn row_by_row(
    tx: &Connection,
    t: &str,
    key: &str,
    (by_key, rest): (&str, &str),
    columns: &[String],
) -> rusqlite::Result<Option<Salvaged>> {
    let without_rowid: String =
        tx.query_row("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1", [t], |r| r.get(0))?;
    if without_rowid.to_ascii_uppercase().replace(char::is_whitespace, "").ends_with("WITHOUTROWID") {
        return Ok(None);
    }
    let indexes: Vec<String> = tx
        .prepare(&format!("SELECT name FROM pragma_index_list({})", quoted_text(t)))?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    // Every row's number, from the first index that reads whole (an index page read is
    // the one written at its place, so it lists every row).
    let numbers = indexes.iter().find_map(|index| {
        tx.prepare(&format!("SELECT rowid FROM {t} INDEXED BY {}", quoted(index)))
            .and_then(|mut s| s.query_map([], |r| r.get::<_, i64>(0))?.collect::<rusqlite::Result<Vec<i64>>>())
            .ok()
    });
    let Some(numbers) = numbers else { return Ok(None) };
    let list = columns.iter().map(|c| quoted(c)).collect::<Vec<_>>().join(", ");
    let mut one = tx.prepare(&format!("SELECT {list}, ({by_key}) AND ({rest}) FROM {t} WHERE rowid = ?1"))?;
    let mut rows = Vec::new();
    let mut unread = Vec::new();
    for n in numbers {
        let got = one.query_row([n], |r| {
            let row = (0..columns.len()).map(|i| owned(r.get_ref(i)?)).collect::<rusqlite::Result<Vec<Value>>>()?;
            Ok((row, r.get::<_, Option<bool>>(columns.len())?))
        });
        match got {
            Ok((row, Some(true))) => rows.push(row),
            Ok(_) => {}
            Err(_) => unread.push(n),
        }
    }
    if unread.is_empty() {
        return Ok(Some((columns.to_vec(), rows)));
    }
    // The keys of the rows that did not read, from the indexes by `key`, each read in
    // order from its start and from its end until it meets a damaged page.
    let mut keys: BTreeMap<i64, Value> = BTreeMap::new();
    let by = indexes_led_by(tx, t, key)?;
    for index in &by {
        for order in ["ASC", "DESC"] {
            let Ok(mut stmt) = tx.prepare(&format!(
                "SELECT rowid, {} FROM {t} INDEXED BY {} ORDER BY 2 {order}",
                quoted(key),
                quoted(index)
            )) else {
                continue;
            };
            let Ok(mut found) = stmt.query([]) else { continue };
            while let Ok(Some(r)) = found.next() {
                let (Ok(n), Ok(k)) = (r.get::<_, i64>(0), r.get_ref(1).and_then(owned)) else { break };
                keys.insert(n, k);
            }
        }
    }
    let mut kept = tx.prepare(&format!("SELECT ({by_key}) FROM (SELECT ?1 AS {})", quoted(key)))?;
    for n in unread {
        let Some(k) = keys.get(&n) else { return Ok(None) };
        if kept.query_row([k], |r| r.get::<_, Option<bool>>(0))? != Some(false) {
            return Ok(None);
        }
    }
    Ok(Some((columns.to_vec(), rows)))
}

/// A stored value as its own: text that is not UTF-8 is damage (a row of the user's that
/// cannot be written back as it was), never a panic (rusqlite's conversion panics).
fn owned(v: rusqlite::types::ValueRef<'_>) -> rusqlite::Result<Value> {
    use rusqlite::types::ValueRef as V;
    Ok(match v {
        V::Null => Value::Null,
        V::Integer(n) => Value::Integer(n),
        V::Real(f) => Value::Real(f),
        V::Text(t) => Value::Text(std::str::from_utf8(t).map_err(rusqlite::Error::Utf8Error)?.to_string()),
        V::Blob(b) => Value::Blob(b.to_vec()),
    })
}

/// `name` as an SQL string literal.
fn quoted_text(name: &str) -> String {
    format!("'{}'", name.replace('\'', "''"))
}

/// Points each table of `tables` and its indexes at fresh empty pages, in `tx`: a table
/// made the same way (a rowid table's pages, or an index's for a table without rowids)
/// lends its root pages, and is then taken out of the schema. The pages they held belong
/// to nothing after this (a `VACUUM` drops them). The connection's idea of the schema is
/// read again, so what follows in `tx` writes to the new pages.
fn empty_pages(tx: &Transaction<'_>, tables: &[&str]) -> rusqlite::Result<()> {
    let mut moves: Vec<(String, String)> = Vec::new();
    for (n, t) in tables.iter().enumerate() {
        let sql: String =
            tx.query_row("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1", [t], |r| r.get(0))?;
        let without_rowid = sql.to_ascii_uppercase().replace(char::is_whitespace, "").ends_with("WITHOUTROWID");
        let lender = format!("tome_heal_{n}");
        if without_rowid {
            tx.execute_batch(&format!("CREATE TABLE {lender} (x PRIMARY KEY) WITHOUT ROWID"))?;
        } else {
            tx.execute_batch(&format!("CREATE TABLE {lender} (x)"))?;
        }
        moves.push((t.to_string(), lender.clone()));
        let indexes: Vec<String> = tx
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ?1 AND rootpage > 0")?
            .query_map([t], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for (k, index) in indexes.into_iter().enumerate() {
            let lent = format!("{lender}_{k}");
            tx.execute_batch(&format!("CREATE INDEX {lent} ON {lender} (x)"))?;
            moves.push((index, lent));
        }
    }
    tx.execute_batch("PRAGMA writable_schema = ON")?;
    let moved = (|| {
        for (name, lender) in &moves {
            tx.execute(
                "UPDATE sqlite_schema SET rootpage = (SELECT rootpage FROM sqlite_schema WHERE name = ?2)
                  WHERE name = ?1",
                [name, lender],
            )?;
        }
        for n in 0..tables.len() {
            tx.execute("DELETE FROM sqlite_schema WHERE tbl_name = ?1", [format!("tome_heal_{n}")])?;
        }
        Ok(())
    })();
    tx.execute_batch("PRAGMA writable_schema = RESET")?;
    moved
}

/// The indexes of table `t` whose first column is `key`: the ways to read its rows in
/// `key`'s order without the table's own pages.
fn indexes_led_by(tx: &rusqlite::Connection, t: &str, key: &str) -> rusqlite::Result<Vec<String>> {
    tx.prepare(&format!(
        "SELECT l.name FROM pragma_index_list({}) l
          WHERE (SELECT i.name FROM pragma_index_info(l.name) i WHERE i.seqno = 0) = ?1",
        quoted_text(t)
    ))?
    .query_map([key], |r| r.get(0))?
    .collect()
}
