//! Imported documents in the database: one transaction per import or removal, the
//! full-text index kept in step, and each row read into a domain type here only.

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::sealed::{DOC, DOC_SECTION};
use crate::db::Db;
use crate::error::{Error, Result};
use crate::model::{Detail, Entry, ListItem, Plain, Source};
use crate::textdocs::{DocInfo, PreparedDoc};
use crate::Kind;

/// Columns of a [`DocInfo`], in the order [`doc_info`] reads them.
const DOC_COLS: &str = "d.id, d.system_id, d.title, d.file_name, d.format,
     (SELECT count(*) FROM doc_section s WHERE s.doc_id = d.id), d.bytes, d.imported_at, d.shared";

fn doc_info(r: &Row) -> rusqlite::Result<DocInfo> {
    Ok(DocInfo {
        id: r.get(0)?,
        system: r.get(1)?,
        title: r.get(2)?,
        file_name: r.get(3)?,
        format: r.get(4)?,
        sections: r.get(5)?,
        bytes: r.get(6)?,
        imported_at: r.get(7)?,
        shared: r.get(8)?,
    })
}

impl Db {
    /// Stores `doc`, replacing an earlier import with the same id, in one transaction.
    /// Returns whether it replaced one.
    pub(crate) fn write_doc(&mut self, doc: &PreparedDoc) -> Result<bool> {
        let label = self.label().to_string();
        let err = |e| Error::sqlite(&label, e);
        let tx = self.begin_write()?;
        let replaced = remove_doc_raw(&tx, &doc.id).map_err(err)?;
        write_doc_raw(&tx, doc).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(replaced)
    }

    /// Marks imported document `id` as one the table may read, or not.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown id.
    pub(crate) fn set_doc_shared(&mut self, id: &str, shared: bool) -> Result<DocInfo> {
        self.doc(id)?;
        let tx = self.begin_write()?;
        tx.execute("UPDATE doc SET shared = ?2 WHERE id = ?1", params![id, shared])
            .and_then(|_| DOC.seal_where(&tx, "id = ?1", &[&id]))
            .and_then(|()| tx.commit())
            .map_err(|e| self.err(e))?;
        self.doc(id)
    }

    /// Every imported document, by title.
    ///
    /// # Errors
    /// A document changed since Tome wrote it (its seal, issue 73): the list is refused
    /// whole, as the API's plain lists are, never shown with a changed title or flag.
    pub fn docs(&self) -> Result<Vec<DocInfo>> {
        // Every document Tome wrote is there (attack 82's F2: one lost was left out).
        self.all_there(&DOC)?;
        self.check_sealed(&DOC, "1", &[])?;
        let mut stmt = self
            .connection()
            .prepare(&format!("SELECT {DOC_COLS} FROM doc d ORDER BY d.title, d.id"))
            .map_err(|e| self.err(e))?;
        let rows = stmt.query_map([], doc_info).and_then(|r| r.collect()).map_err(|e| self.err(e));
        rows
    }

    /// One imported document.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown id.
    pub fn doc(&self, id: &str) -> Result<DocInfo> {
        self.check_sealed(&DOC, "id = ?1", &[&id])?;
        self.connection()
            .query_row(&format!("SELECT {DOC_COLS} FROM doc d WHERE d.id = ?1"), [id], doc_info)
            .optional()
            .map_err(|e| self.err(e))?
            .ok_or_else(|| Error::NotFound {
                what: "imported document",
                id: id.to_string(),
                suggestions: self.docs().map(|d| d.into_iter().map(|d| d.id).collect()).unwrap_or_default(),
            })
    }

    /// The id of every imported document, each with whether the table's phones may read
    /// it: shared, and its seal holding (a flag changed behind Tome's back never opens a
    /// document to the table).
    ///
    /// # Errors
    /// The database cannot be read.
    pub(crate) fn doc_sharing(&self) -> Result<Vec<(String, bool)>> {
        let rows: Vec<(String, bool)> = self
            .connection()
            .prepare_cached("SELECT id, shared FROM doc ORDER BY id")
            .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
            .map_err(|e| self.err(e))?;
        rows.into_iter()
            .map(|(id, shared)| match shared {
                false => Ok((id, false)),
                true => match self.check_sealed(&DOC, "id = ?1", &[&id]) {
                    Ok(()) => Ok((id, true)),
                    Err(e) if e.is_damage() => Ok((id, false)),
                    Err(e) => Err(e),
                },
            })
            .collect()
    }

    /// Removes an imported document and its sections, in one transaction.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown id.
    pub fn remove_doc(&mut self, id: &str) -> Result<DocInfo> {
        let info = self.doc(id)?;
        let label = self.label().to_string();
        let err = |e| Error::sqlite(&label, e);
        let tx = self.begin_write()?;
        remove_doc_raw(&tx, id).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(info)
    }

    /// A section of an imported document, as an entry; `None` when no section has `id`.
    /// A section or its document changed since Tome wrote it is damage, named.
    pub(crate) fn section_entry(&self, id: &str) -> Result<Option<Entry>> {
        let found = self.section_entry_by_index(id)?;
        if found.is_some() {
            return Ok(found);
        }
        // Not found through the indexes: the table read without them says whether it
        // is there (attack 77's F12: an index read as an older copy of itself made a
        // section that reads "no entry with id").
        let there: bool = self
            .connection()
            .query_row("SELECT EXISTS (SELECT 1 FROM doc_section NOT INDEXED WHERE id = ?1)", [id], |r| r.get(0))
            .map_err(|e| self.err_in(&format!("imported section {id}"), e))?;
        if there {
            return Err(self.noticed(Error::damaged(
                self.label(),
                &format!("imported section {id}"),
                "an index of the imported documents does not list it (a part of the file read as an older copy \
                 of itself)",
            )));
        }
        // Nor lost with its row (attack 82's F3: "no entry with id").
        self.all_there(&DOC_SECTION)?;
        Ok(None)
    }

    /// [`Db::section_entry`] through the tables' indexes.
    fn section_entry_by_index(&self, id: &str) -> Result<Option<Entry>> {
        self.check_sealed(&DOC_SECTION, "id = ?1", &[&id])?;
        self.check_sealed(&DOC, "id = (SELECT doc_id FROM doc_section WHERE id = ?1)", &[&id])?;
        self.connection()
            .prepare_cached(
                "SELECT s.id, s.heading, d.system_id, NULL, s.body, d.title, d.file_name, s.trail
                 FROM doc_section s JOIN doc d ON d.id = s.doc_id WHERE s.id = ?1",
            )
            .and_then(|mut stmt| {
                stmt.query_row([id], |r| {
                    let heading: String = r.get(1)?;
                    let trail: String = r.get(7)?;
                    let section = if trail.is_empty() { heading.clone() } else { format!("{trail} › {heading}") };
                    let body: String = r.get(4)?;
                    Ok(Entry {
                        id: r.get(0)?,
                        name: heading,
                        kind: Kind::Section,
                        system: r.get(2)?,
                        // The body is the section's text; a summary would repeat its start.
                        summary: String::new(),
                        body_linked: body.clone(),
                        body,
                        source: Source { document: r.get(5)?, file: r.get(6)?, section },
                        aliases: Vec::new(),
                        links: Vec::new(),
                        mentions: Vec::new(),
                        summary_parts: crate::mentions::link_text("", &[]),
                        backlinks: Vec::new(),
                        detail: None,
                        facts: Vec::new(),
                        pack: None,
                    })
                })
                .optional()
            })
            .map_err(|e| self.err(e))
    }

    /// The sections of every imported document (of one system), in document order; any
    /// changed since Tome wrote it (or its document) refuses the list, naming it.
    pub(crate) fn section_list(&self, system: Option<&str>) -> Result<Vec<ListItem>> {
        self.all_there(&DOC)?;
        self.all_there(&DOC_SECTION)?;
        self.check_sealed(&DOC, "1", &[])?;
        self.check_sealed(&DOC_SECTION, "1", &[])?;
        let mut stmt = self
            .connection()
            .prepare(
                "SELECT s.id, s.heading, d.system_id, s.summary FROM doc_section s JOIN doc d ON d.id = s.doc_id
                 WHERE ?1 IS NULL OR d.system_id = ?1 ORDER BY d.title, d.id, s.ord",
            )
            .map_err(|e| self.err(e))?;
        let name = |r: &rusqlite::Row<'_>| format!("imported section {}", super::records::key_text(r, 0));
        self.read_rows(stmt.query([system]), name, |r| {
            Ok(ListItem {
                id: r.get(0)?,
                name: r.get(1)?,
                system: r.get(2)?,
                kind: Kind::Section,
                summary: r.get(3)?,
                detail: Detail::Plain(Plain {}),
                facts: Vec::new(),
                pack: None,
            })
        })
    }
}

/// Deletes a document, its sections and their rows in the full-text index. Returns
/// whether there was one.
fn remove_doc_raw(tx: &Connection, id: &str) -> rusqlite::Result<bool> {
    tx.execute("DELETE FROM entry_fts WHERE id IN (SELECT id FROM doc_section WHERE doc_id = ?1)", [id])?;
    tx.execute("DELETE FROM doc_section WHERE doc_id = ?1", [id])?;
    Ok(tx.execute("DELETE FROM doc WHERE id = ?1", [id])? > 0)
}

fn write_doc_raw(tx: &Connection, doc: &PreparedDoc) -> rusqlite::Result<()> {
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0) as i64;
    tx.execute(
        "INSERT INTO doc (id, system_id, title, file_name, format, bytes, digest, imported_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![doc.id, doc.system, doc.title, doc.file_name, doc.format.as_str(), doc.bytes as i64, doc.digest, now],
    )?;
    let mut insert = tx.prepare(
        "INSERT INTO doc_section (id, doc_id, ord, level, heading, trail, summary, body, line)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for (ord, (id, s)) in doc.sections.iter().enumerate() {
        insert.execute(params![
            id,
            doc.id,
            ord as i64,
            s.level,
            s.heading,
            s.trail.join(" › "),
            s.summary(),
            s.body,
            s.line as i64
        ])?;
    }
    tx.execute(
        "INSERT INTO entry_fts (id, name, aliases, summary, body)
         SELECT id, heading, '', '', body FROM doc_section WHERE doc_id = ?1",
        [&doc.id],
    )?;
    DOC_SECTION.seal_where(tx, "doc_id = ?1", &[&doc.id])?;
    DOC.seal_where(tx, "id = ?1", &[&doc.id])
}
