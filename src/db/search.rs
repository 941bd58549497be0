//! What search reads from the database: the entries to index, the words of their bodies,
//! and full-text body matches (FTS5).

use rusqlite::params;

use super::{sealed, Db};
use crate::error::Result;
use crate::search::{Bodies, BodyMatch, IndexDoc, SearchFilter};
use crate::Kind;

/// An entry's text as search reads it (`e` is the entry): its body, then a table's rows,
/// a line each with its cells joined by " · ", so a line a player remembers from a table
/// finds the table, and the snippet shown is that row (issue 76: "I take some time to
/// catch my breath" is a row of Amtgard's Charge Incantation).
pub(crate) const SEARCHED_BODY: &str = "e.body || coalesce((
        SELECT char(10) || group_concat(line, char(10)) FROM (
            SELECT group_concat(c.text, ' · ') AS line FROM (
                SELECT text, row_ord FROM roll_table_cell WHERE entry_id = e.id ORDER BY row_ord, col_ord
            ) c GROUP BY c.row_ord ORDER BY c.row_ord)), '')";

/// The most body words [`Db::body_words`] returns.
pub const MAX_BODY_WORDS: usize = 30_000;

impl Db {
    /// Every listed entry, with its aliases, in a stable order; then the sections of
    /// imported documents; then the game master's adversaries. An adversary's tags are
    /// found in its summary (which begins with them), not as aliases: a tag is often the
    /// name of a rule ("disease", "group", "state"), and as an alias it ranked every
    /// starter that carries it above the rule.
    pub fn index_docs(&self) -> Result<Vec<IndexDoc>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT e.id, e.name, e.kind, e.system_id, e.summary,
                        (SELECT group_concat(alias, char(31)) FROM alias a WHERE a.entry_id = e.id), e.pack,
                        0, s.ord, e.kind, e.ord
                 FROM entry e JOIN game_system s ON s.id = e.system_id
                 WHERE NOT e.retired
                 UNION ALL
                 SELECT ds.id, ds.heading, 'section', d.system_id, ds.summary, NULL, NULL,
                        1, 0, ds.doc_id, ds.ord
                 FROM doc_section ds JOIN doc d ON d.id = ds.doc_id
                 UNION ALL
                 SELECT a.system_id || '/adversary/' || a.id, a.name, 'adversary', a.system_id, a.summary,
                        NULL, NULL, 2, 0, 'adversary', a.id
                 FROM adversary a
                 ORDER BY 8, 9, 10, 11, 1",
            )
            .map_err(|e| self.err(e))?;
        let name = |r: &rusqlite::Row<'_>| {
            let what = match r.get::<_, i64>(7).unwrap_or(0) {
                1 => "imported section",
                2 => "adversary",
                _ => "entry",
            };
            format!("{what} {}", super::records::key_text(r, 0))
        };
        let docs = self.read_rows(stmt.query([]), name, |r| {
            let kind: String = r.get(2)?;
            let aliases: Option<String> = r.get(5)?;
            // The id of the adversary or imported document the row is of, to be vouched for.
            let of: String = match r.get::<_, i64>(7)? {
                1 => r.get(9)?,
                2 => super::records::key_text(r, 10),
                _ => String::new(),
            };
            Ok((
                of,
                IndexDoc {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    kind: kind.parse().unwrap_or(Kind::Rule),
                    system: r.get(3)?,
                    summary: r.get(4)?,
                    aliases: aliases.map(|a| a.split('\u{1f}').map(str::to_string).collect()).unwrap_or_default(),
                    terms: Vec::new(),
                    pack: r.get(6)?,
                },
            ))
        })?;
        // A user's row changed behind Tome's back is never found under what it now says
        // (issue 73's fresh-eyes attack: a renamed adversary was a hit with exit 0); its
        // own read names the damage.
        // Nor one the ledger of current rows cannot vouch for: none of them when its head
        // is not the file's present, else those whose entries' buckets do not sum. The
        // rules are found either way.
        let head_fresh = match self.ledger_fresh() {
            Ok(()) => true,
            Err(e) if e.is_damage() => false,
            Err(e) => return Err(e),
        };
        let conn = self.connection();
        let failing = |s: &sealed::Sealed| -> Result<std::collections::BTreeSet<String>> {
            let unvouched = self.ledger_unvouched_buckets(&s.ledger())?;
            s.failing_ids(conn, &unvouched).map_err(|e| self.err(e))
        };
        let mut adversaries = failing(&sealed::ADVERSARY)?;
        adversaries.extend(self.adversary_ids_behind()?);
        let docs_unsound = failing(&sealed::DOC)?;
        let sections = failing(&sealed::DOC_SECTION)?;
        Ok(docs
            .into_iter()
            .filter(|(of, doc)| match doc.kind {
                Kind::Adversary => head_fresh && !adversaries.contains(of),
                Kind::Section => head_fresh && !docs_unsound.contains(of) && !sections.contains(&doc.id),
                _ => true,
            })
            .map(|(_, doc)| doc)
            .collect())
    }

    /// The distinct words of the full-text index (bodies included), the most widely used
    /// first, at most [`MAX_BODY_WORDS`]: a large imported document has many rare words,
    /// and the search index holds these in memory.
    pub fn body_words(&self) -> Result<Vec<String>> {
        self.words_of(FullText::All)
    }

    fn words_of(&self, bodies: FullText) -> Result<Vec<String>> {
        // Sorted here rather than by SQLite, which would copy every term into a temporary
        // B-tree first (a fifth of a `tome search`).
        let vocab = match bodies {
            FullText::All => "entry_fts_vocab",
            FullText::Table => "temp.table_fts_vocab",
        };
        let mut stmt = self
            .conn
            .prepare(&format!("SELECT term, doc, cnt FROM {vocab} WHERE length(term) <= 32"))
            .map_err(|e| self.err(e))?;
        let mut terms: Vec<(String, i64, i64)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e))?;
        terms.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then_with(|| a.0.cmp(&b.0)));
        terms.truncate(MAX_BODY_WORDS);
        Ok(terms.into_iter().map(|(t, _, _)| t).collect())
    }

    /// The bytes of the index kept under `key`, with their checksum, when one is kept and
    /// its checksum holds. They are read straight into the buffer returned (incremental
    /// blob I/O), not gathered by SQLite into one of its own first. Any trouble reading
    /// them is no error: the index is built again instead.
    pub fn read_kept_index(&self, key: &str) -> Option<(Vec<u8>, i64)> {
        let (rowid, sum): (i64, i64) = self
            .conn
            .query_row("SELECT rowid, check_sum FROM search_cache WHERE key = ?1", [key], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .ok()?;
        let blob = self.conn.blob_open(rusqlite::MAIN_DB, "search_cache", "blob", rowid, true).ok()?;
        let mut bytes = vec![0; blob.len()];
        blob.read_at_exact(&mut bytes, 0).ok()?;
        (check_sum(&bytes) == sum).then_some((bytes, sum))
    }

    /// The checksum of the index kept under `key`, if one is: another process that
    /// changed the content empties the table (its triggers) and may keep a new index, so
    /// a different answer (or none) means the content may have changed since.
    pub fn kept_index_sum(&self, key: &str) -> Option<i64> {
        self.conn.query_row("SELECT check_sum FROM search_cache WHERE key = ?1", [key], |r| r.get(0)).ok()
    }

    /// The checksum [`Db::store_index`] keeps for `blob`.
    pub fn index_sum(blob: &[u8]) -> i64 {
        check_sum(blob)
    }

    /// Keeps a built search index under `key`, in place of any other.
    ///
    /// # Errors
    /// The database cannot be written (read-only, locked by another copy): the caller
    /// goes on without the copy.
    pub fn store_index(&self, key: &str, blob: &[u8]) -> Result<()> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        tx.execute("DELETE FROM search_cache", []).map_err(|e| self.err(e))?;
        tx.execute(
            "INSERT INTO search_cache (key, check_sum, blob) VALUES (?1, ?2, ?3)",
            params![key, check_sum(blob), blob],
        )
        .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))
    }

    /// Entries whose text matches an FTS5 query, best first. (Snippets are cut by the
    /// caller from the few bodies returned: computing them in SQL would cost one per
    /// match, before the LIMIT.)
    pub fn search_bodies(&self, fts_query: &str, filter: &SearchFilter, limit: usize) -> Result<Vec<BodyMatch>> {
        self.search_bodies_in(FullText::All, fts_query, filter, limit)
    }

    fn search_bodies_in(
        &self,
        bodies: FullText,
        fts_query: &str,
        filter: &SearchFilter,
        limit: usize,
    ) -> Result<Vec<BodyMatch>> {
        let sql = match bodies {
            FullText::All => BODIES_MATCHING,
            FullText::Table => TABLE_BODIES_MATCHING,
        };
        let mut stmt = self.conn.prepare_cached(sql).map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map(params![fts_query, filter.system, filter.kind.map(|k| k.as_str()), limit as i64], |r| {
                Ok(BodyMatch { id: r.get(0)?, rank: r.get(1)?, row: r.get(2)? })
            })
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e));
        rows
    }

    /// The rows (FTS5 rowids, in order) whose text matches `fts_query`, or `None` when more
    /// than `most` do: what [`Bodies::body_rows`] answers.
    fn body_rows_in(&self, bodies: FullText, fts_query: &str, most: usize) -> Result<Option<Vec<i64>>> {
        let sql = match bodies {
            FullText::All => "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ?1 LIMIT ?2",
            FullText::Table => "SELECT rowid FROM temp.table_fts WHERE table_fts MATCH ?1 LIMIT ?2",
        };
        let mut stmt = self.conn.prepare_cached(sql).map_err(|e| self.err(e))?;
        let rows: Vec<i64> = stmt
            .query_map(params![fts_query, i64::try_from(most).unwrap_or(i64::MAX).saturating_add(1)], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e))?;
        Ok((rows.len() <= most).then_some(rows))
    }
}

impl Db {
    /// One entry's text as search reads it ([`SEARCHED_BODY`]), or an imported document
    /// section's.
    pub fn entry_body(&self, id: &str) -> Result<String> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {SEARCHED_BODY} FROM entry e WHERE e.id = ?1
                 UNION ALL SELECT body FROM doc_section WHERE id = ?1 LIMIT 1"
            ))
            .and_then(|mut s| s.query_row([id], |r| r.get(0)))
            .map_err(|e| self.err_in(&format!("entry {id}"), e))
    }
}

impl Bodies for Db {
    fn search_bodies(&self, fts_query: &str, filter: &SearchFilter, limit: usize) -> Result<Vec<BodyMatch>> {
        Db::search_bodies(self, fts_query, filter, limit)
    }

    fn body_rows(&self, fts_query: &str, most: usize) -> Result<Option<Vec<i64>>> {
        self.body_rows_in(FullText::All, fts_query, most)
    }

    fn entry_body(&self, id: &str) -> Result<String> {
        Db::entry_body(self, id)
    }
}

/// Which full-text index a search reads: the whole one, or the copy [`Db::fill_table_bodies`]
/// made without some documents' sections.
#[derive(Debug, Clone, Copy)]
enum FullText {
    All,
    Table,
}

/// Body matches, best first, from the full-text table `$fts` (in `$from`): one query for
/// the whole index and the table's copy, so the two rank alike.
macro_rules! bodies_matching {
    ($fts:literal, $from:literal) => {
        concat!(
            "SELECT f.id, bm25(",
            $fts,
            ", 0.0, 8.0, 6.0, 3.0, 1.0) AS rank, f.rowid FROM ",
            $from,
            " f WHERE ",
            $fts,
            " MATCH ?1
               AND (?2 IS NULL OR f.id GLOB ?2 || '/*')
               AND (?3 IS NULL OR f.id GLOB '*/' || ?3 || '/*')
             ORDER BY rank, f.id
             LIMIT ?4"
        )
    };
}

const BODIES_MATCHING: &str = bodies_matching!("entry_fts", "entry_fts");
const TABLE_BODIES_MATCHING: &str = bodies_matching!("table_fts", "temp.table_fts");

/// The bodies a search for others reads: the copy of the full-text index that
/// [`Db::fill_table_bodies`] made. Its ranking (bm25) and its words are computed over that
/// copy alone, so nothing left out of it moves a match up or down or corrects a typo.
pub struct TableBodies<'a>(pub &'a Db);

impl Bodies for TableBodies<'_> {
    fn search_bodies(&self, fts_query: &str, filter: &SearchFilter, limit: usize) -> Result<Vec<BodyMatch>> {
        self.0.search_bodies_in(FullText::Table, fts_query, filter, limit)
    }

    fn body_rows(&self, fts_query: &str, most: usize) -> Result<Option<Vec<i64>>> {
        self.0.body_rows_in(FullText::Table, fts_query, most)
    }

    fn entry_body(&self, id: &str) -> Result<String> {
        self.0.entry_body(id)
    }
}

impl Db {
    /// Makes the connection's own copy of the full-text index (in its temporary schema,
    /// never in the file) holding everything but the sections of the documents `left_out`:
    /// what a search for the table reads through [`TableBodies`], with its words from
    /// [`Db::table_body_words`].
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn fill_table_bodies(&self, left_out: &[String]) -> Result<()> {
        let left_out = serde_json::to_string(left_out).map_err(|e| crate::error::Error::Internal(e.to_string()))?;
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        tx.execute_batch(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.table_fts USING fts5(
                 id UNINDEXED, name, aliases, summary, body,
                 tokenize = 'unicode61 remove_diacritics 2');
             CREATE VIRTUAL TABLE IF NOT EXISTS temp.table_fts_vocab USING fts5vocab(temp, table_fts, 'row');
             DELETE FROM temp.table_fts;",
        )
        .map_err(|e| self.err(e))?;
        tx.execute(
            "INSERT INTO temp.table_fts (id, name, aliases, summary, body)
             SELECT id, name, aliases, summary, body FROM main.entry_fts
             WHERE id NOT IN (SELECT ds.id FROM doc_section ds WHERE ds.doc_id IN (SELECT value FROM json_each(?1)))",
            [left_out],
        )
        .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))
    }

    /// The words of the copy [`Db::fill_table_bodies`] made, as [`Db::body_words`] gives
    /// the whole index's.
    pub fn table_body_words(&self) -> Result<Vec<String>> {
        self.words_of(FullText::Table)
    }
}

/// A fast checksum of a kept index (it guards against damage, not tampering).
fn check_sum(blob: &[u8]) -> i64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(blob);
    h.finish() as i64
}
