//! Small settings kept with the data (in `content_meta`, a key-value table): a choice
//! the game master makes once and every Tome on the file follows (the app, and the
//! command line in another process).

use rusqlite::OptionalExtension;

use super::Db;
use crate::error::Result;

impl Db {
    /// The setting `key`, if it was ever set.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn setting(&self, key: &str) -> Result<Option<String>> {
        self.conn
            .prepare_cached("SELECT value FROM content_meta WHERE key = ?1")
            .and_then(|mut s| s.query_row([key], |r| r.get(0)).optional())
            .map_err(|e| self.err(e))
    }

    /// Sets `key` to `value`.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn set_setting(&self, key: &str, value: &str) -> Result<()> {
        self.conn
            .execute(
                "INSERT INTO content_meta (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                rusqlite::params![key, value],
            )
            .map(|_| ())
            .map_err(|e| self.err(e))
    }
}
