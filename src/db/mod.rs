//! The SQLite database: the one place that opens it, sets its pragmas and migrates it.

mod read;
mod refresh;
mod search;

use std::path::Path;
use std::sync::LazyLock;

use rusqlite::Connection;
use rusqlite_migration::{Migrations, M};

use crate::error::{Error, Result};

pub use search::{BodyMatch, SearchFilter};

/// Append-only migrations, in order. Never edit one that has shipped; add another.
const MIGRATIONS_SQL: &[&str] = &[
    include_str!("../../schema/0001_content.sql"),
    include_str!("../../schema/0002_search.sql"),
    include_str!("../../schema/0003_characters.sql"),
];

static MIGRATIONS: LazyLock<Migrations<'static>> =
    LazyLock::new(|| Migrations::new(MIGRATIONS_SQL.iter().map(|sql| M::up(sql)).collect()));

/// An open Tome database.
pub struct Db {
    conn: Connection,
    /// The path as shown in messages (`:memory:` for an in-memory database).
    label: String,
}

impl Db {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// # Errors
    /// The file cannot be opened or is not a SQLite database, or a migration fails.
    pub fn open(path: &Path) -> Result<Db> {
        let label = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| Error::Io { path: dir.to_path_buf(), source })?;
        }
        let conn = Connection::open(path).map_err(|source| Error::Database { path: label.clone(), source })?;
        Db::setup(conn, label)
    }

    /// A fresh private database in memory (for tests and one-off use).
    pub fn open_in_memory() -> Result<Db> {
        let label = ":memory:".to_string();
        let conn = Connection::open_in_memory().map_err(|source| Error::Database { path: label.clone(), source })?;
        Db::setup(conn, label)
    }

    fn setup(mut conn: Connection, label: String) -> Result<Db> {
        let db_err = |source| Error::Database { path: label.clone(), source };
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(db_err)?;
        // journal_mode answers with the mode it set; in-memory databases stay "memory".
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(db_err)?;
        conn.pragma_update(None, "foreign_keys", true).map_err(db_err)?;
        conn.pragma_update(None, "synchronous", "NORMAL").map_err(db_err)?;
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(|source| Error::Migration { path: label.clone(), source })?;
        Ok(Db { conn, label })
    }

    /// The schema version (number of migrations applied).
    pub fn schema_version(&self) -> Result<i64> {
        self.conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| self.err(e))
    }

    /// How many migrations this build knows.
    pub fn latest_schema_version() -> i64 {
        MIGRATIONS_SQL.len() as i64
    }

    pub(crate) fn err(&self, source: rusqlite::Error) -> Error {
        Error::Database { path: self.label.clone(), source }
    }

    /// Raw access for tests and checks that need SQL the API does not offer.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().unwrap();
    }
}
