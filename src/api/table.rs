//! What the table's phones may read of the rules (`crate::share`): the shipped content and
//! packs, and of the game master's imported documents only those marked shared; none of
//! the game master's adversaries. Every
//! read a device makes goes through here, so the rule is kept in one place.

use std::sync::Arc;

use crate::db::TableBodies;
use crate::error::{Error, Result};
use crate::model::{Entry, SearchHit, Table, TableRoll};
use crate::search::{self, SearchFilter, SearchIndex};
use crate::textdocs::DocInfo;
use crate::{Kind, Tome};

/// The imported documents the table may not read, by id.
#[derive(PartialEq)]
struct Unshared(Vec<String>);

impl Unshared {
    /// Whether the entry or section `id` is one the table may read. A section's id is
    /// `system/section/doc--heading` (`schema/0004_packs.sql`), and a document's id never
    /// holds `--`, so the document is the part before the first `--`.
    /// The game master's adversaries (`system/adversary/N`) are never the table's: their
    /// stat blocks and notes are the game master's preparation.
    fn allows(&self, id: &str) -> bool {
        if id.split('/').nth(1) == Some(crate::Kind::Adversary.as_str()) {
            return false;
        }
        let Some((_, rest)) = id.split_once("/section/") else { return true };
        let doc = rest.split_once("--").map_or(rest, |(d, _)| d);
        !self.0.iter().any(|d| d == doc)
    }
}

/// The table's own search: a title index and full-text bodies made from only what the
/// table may read. Filtering the game master's hits afterwards is not enough: the
/// typo correction's words, the families of words, the full-text ranking (bm25 counts
/// every document) and where a result limit falls would all still be computed over the
/// unshared documents and the adversaries, so a phone could tell they are there by how
/// its misspelt word is read ("sworx": nothing beside notes that hold it, swords
/// without). Made on a phone's first search and again when the content or the documents
/// shared change ([`Tome::forget_search`]).
pub(crate) struct TableReading {
    /// The documents left out of it.
    unshared: Unshared,
    index: SearchIndex<'static>,
    /// Whether the bodies are the connection's copy without the unshared documents'
    /// sections ([`crate::db::Db::fill_table_bodies`]); with none to leave out, the whole
    /// full-text index is the table's (it holds no adversary).
    own_bodies: bool,
}

impl Tome {
    /// Marks imported document `id` as one the table's phones may read, or not (the
    /// default: a document may be the game master's own notes).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown id.
    pub fn set_doc_shared(&mut self, id: &str, shared: bool) -> Result<DocInfo> {
        let info = self.db.set_doc_shared(id, shared)?;
        self.changed();
        Ok(info)
    }

    fn unshared_docs(&self) -> Result<Unshared> {
        Ok(Unshared(self.db.doc_sharing()?.into_iter().filter(|(_, shared)| !shared).map(|(id, _)| id).collect()))
    }

    /// The table's search ([`TableReading`]), made now if the documents shared changed
    /// since it was made (by this Tome or by another process), or it was dropped.
    fn table_reading(&self) -> Result<Arc<TableReading>> {
        let unshared = self.unshared_docs()?;
        let mut held = self.table_reading.lock().map_err(|_| Error::Internal("the table's search".into()))?;
        if let Some(reading) = held.as_ref().filter(|r| r.unshared == unshared) {
            return Ok(reading.clone());
        }
        // The game master's index is read first so that its kept copy's sum is known: a
        // change another process makes to the content then drops both.
        self.index()?;
        let docs = self.db.index_docs()?.into_iter().filter(|d| unshared.allows(&d.id)).collect();
        let own_bodies = !unshared.0.is_empty();
        let words = if own_bodies {
            self.db.fill_table_bodies(&unshared.0)?;
            self.db.table_body_words()?
        } else {
            self.db.body_words()?
        };
        let index = SearchIndex::build(search::vocabulary::attach(docs), words);
        let reading = Arc::new(TableReading { unshared, index, own_bodies });
        *held = Some(reading.clone());
        Ok(reading)
    }

    /// A search as a phone at the table makes it: [`Tome::search`] over only what the
    /// table may read, as if nothing else were there ([`TableReading`]).
    ///
    /// # Errors
    /// As [`Tome::search`].
    pub fn table_search(&self, query: &str, filter: &SearchFilter) -> Result<Vec<SearchHit>> {
        if let Some(s) = &filter.system {
            self.check_system(s)?;
        }
        let reading = self.table_reading()?;
        let mut hits = if reading.own_bodies {
            search::run(&reading.index, &TableBodies(&self.db), query, filter)?
        } else {
            search::run(&reading.index, &self.db, query, filter)?
        };
        // Nothing else is in its index; kept so that a mistake there is no leak.
        hits.retain(|h| reading.unshared.allows(&h.id));
        Ok(hits)
    }

    /// An entry as a phone at the table reads it: a section of a document the table may
    /// not read, or an adversary, is not found exactly as an id that names nothing is
    /// (its name is not said), and "did you mean" is the table's search.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown entry or one the table may not read.
    pub fn table_show(&self, id: &str) -> Result<Entry> {
        self.readable(id, None)?;
        self.db.entry(id).map_err(|e| self.table_not_found(e, id, None))
    }

    /// A roll table as a phone reads it ([`Tome::table`], with the table's "did you mean").
    ///
    /// # Errors
    /// As [`Tome::table_show`], and [`Tome::table`]'s.
    pub fn table_table(&self, id: &str) -> Result<Table> {
        self.readable(id, Some(Kind::Table))?;
        let table = self.db.table(id).map_err(|e| self.table_not_found(e, id, Some(Kind::Table)))?;
        table.select(None)
    }

    /// A roll of a table's dice from a phone ([`Tome::roll_table`], with the table's "did
    /// you mean").
    ///
    /// # Errors
    /// As [`Tome::table_table`], and [`Tome::roll_table`]'s.
    pub fn table_roll(&self, id: &str, rng: &mut impl rand::Rng) -> Result<TableRoll> {
        self.readable(id, Some(Kind::Table))?;
        let table = self.db.table(id).map_err(|e| self.table_not_found(e, id, Some(Kind::Table)))?;
        super::roll_on(&table, rng)
    }

    /// `Ok` when the table may read `id`, else the answer an id of `kind` that names
    /// nothing gets.
    fn readable(&self, id: &str, kind: Option<Kind>) -> Result<()> {
        if self.unshared_docs()?.allows(id) {
            return Ok(());
        }
        let missing = Error::NotFound { what: "entry", id: id.to_string(), suggestions: Vec::new() };
        Err(self.table_not_found(missing, id, kind))
    }

    /// `err` with the table's "did you mean", said as an entry not found whatever the id
    /// named (a section, a table), so its words do not tell one kind of missing thing
    /// from another.
    fn table_not_found(&self, err: Error, id: &str, kind: Option<Kind>) -> Error {
        match super::suggest_from(err, id, kind, |q, f| self.table_search(q, f)) {
            Error::NotFound { suggestions, .. } => Error::NotFound { what: "entry", id: id.to_string(), suggestions },
            other => other,
        }
    }
}
