//! What the rules read: the narrow interface through which calculators, sheets and the
//! PDF reach content (an entry, a list of one kind, a table), so they never need the
//! whole [`Tome`](crate::Tome).
//!
//! The database implements it (in `db/read.rs`: the database layer points to this trait,
//! never the other way; and so does `Tome`, which adds "did you mean"
//! suggestions from its search index); a unit test can implement it over a few entries
//! in memory and test a rule without loading any content.

use crate::error::Result;
use crate::model::{Entry, ListItem, Table};
use crate::Kind;

/// Content as the rules read it.
pub trait Rulebook {
    /// One entry by id (`system/kind/slug`).
    ///
    /// # Errors
    /// [`Error::NotFound`](crate::Error::NotFound) for an unknown id.
    fn show(&self, id: &str) -> Result<Entry>;

    /// Entries of one kind, optionally of one system.
    fn list(&self, kind: Kind, system: Option<&str>) -> Result<Vec<ListItem>>;

    /// A table; with `roll`, only the row that number selects.
    ///
    /// # Errors
    /// [`Error::NotFound`](crate::Error::NotFound) for an unknown table,
    /// [`Error::InvalidInput`](crate::Error::InvalidInput) when no row covers `roll`.
    fn table(&self, id: &str, roll: Option<i64>) -> Result<Table>;

    /// Names of `system`'s entries of `kind` close to `raw`, best first, for a "did you
    /// mean". By default the names sharing the most of `raw`'s letters.
    fn close_names(&self, system: &str, kind: Kind, raw: &str) -> Vec<String> {
        let wanted = crate::search::normalize(raw);
        let mut scored: Vec<(f64, String)> = self
            .list(kind, Some(system))
            .unwrap_or_default()
            .into_iter()
            .map(|i| (strsim::jaro_winkler(&crate::search::normalize(&i.name), &wanted), i.name))
            .filter(|(score, _)| *score > 0.7)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.into_iter().take(5).map(|(_, name)| name).collect()
    }
}
