//! What the table's phones may read of the rules (`crate::share`): the shipped content and
//! packs, and of the game master's imported documents only those marked shared; none of
//! the game master's adversaries. Every
//! read a device makes goes through here, so the rule is kept in one place.

use crate::error::{Error, Result};
use crate::model::{Entry, SearchHit};
use crate::search::SearchFilter;
use crate::textdocs::DocInfo;
use crate::Tome;

/// The imported documents the table may not read, by id.
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
        Ok(Unshared(self.db.docs()?.into_iter().filter(|d| !d.shared).map(|d| d.id).collect()))
    }

    /// A search as a phone at the table makes it: the hits the table may read, at most
    /// `filter.limit` of them, ranked as [`Tome::search`] ranks them.
    ///
    /// # Errors
    /// As [`Tome::search`].
    pub fn table_search(&self, query: &str, filter: &SearchFilter) -> Result<Vec<SearchHit>> {
        let unshared = self.unshared_docs()?;
        let everything = SearchFilter { limit: None, ..filter.clone() };
        let mut hits = self.search(query, &everything)?;
        hits.retain(|h| unshared.allows(&h.id));
        if let Some(limit) = filter.limit {
            hits.truncate(limit);
        }
        Ok(hits)
    }

    /// An entry as a phone at the table reads it: a section of a document the table may
    /// not read is not found (as if it did not exist: its name is not said), and "did you
    /// mean" offers only what the table may read.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown entry or one the table may not read.
    pub fn table_show(&self, id: &str) -> Result<Entry> {
        let unshared = self.unshared_docs()?;
        if !unshared.allows(id) {
            return Err(Error::NotFound { what: "entry", id: id.to_string(), suggestions: Vec::new() });
        }
        match self.show(id) {
            Err(Error::NotFound { what, id, mut suggestions }) => {
                suggestions.retain(|s| unshared.allows(s));
                Err(Error::NotFound { what, id, suggestions })
            }
            other => other,
        }
    }
}
