//! One write, whole or not at all: every write of the user's rows runs in a [`Write`],
//! which is the transaction itself or, inside a command that makes several writes
//! ([`Db::one_write`]: a save and what it tells the fights, the end of a fight and the
//! sheets it writes), a savepoint of that command's one transaction (issue 73: a killed
//! `character set` left the sheet saved and a fight on the old numbers). A write that is
//! not committed is rolled back when it is dropped, as a `rusqlite::Transaction` is.

use std::ops::Deref;

use rusqlite::Connection;

use super::Db;
use crate::error::Result;

/// A transaction (`BEGIN IMMEDIATE`: the write lock taken up front, so the checks see
/// what the write will change and a concurrent writer waits for it), or, when one is open
/// already, a savepoint of it. Derefs to the connection.
pub(crate) struct Write<'a> {
    conn: &'a Connection,
    /// A savepoint of a transaction opened by [`Db::one_write`].
    nested: bool,
    done: bool,
}

/// The savepoint's name: SQLite keeps a stack of them, so nested writes may share it.
const SAVEPOINT: &str = "tome_write";

impl<'a> Write<'a> {
    /// Begins a write on `conn`; `in_one` says a command's one transaction
    /// ([`Db::one_write_begin`]) should be open around it.
    ///
    /// # Errors
    /// SQLite's: the database is busy past the timeout, or cannot be written; that
    /// transaction was given up by SQLite on the way (an I/O error, a full disk), when a
    /// write made now would be committed on its own.
    pub(crate) fn begin(conn: &'a Connection, in_one: bool) -> rusqlite::Result<Write<'a>> {
        let nested = !conn.is_autocommit();
        if in_one && !nested {
            return Err(lost());
        }
        conn.execute_batch(if nested { "SAVEPOINT tome_write" } else { "BEGIN IMMEDIATE" })?;
        Ok(Write { conn, nested, done: false })
    }

    /// Commits the write (a savepoint is released into the transaction around it, which
    /// commits it or not with everything else).
    ///
    /// # Errors
    /// SQLite's.
    pub(crate) fn commit(mut self) -> rusqlite::Result<()> {
        self.done = true;
        if self.nested {
            self.conn.execute_batch(&format!("RELEASE {SAVEPOINT}"))
        } else {
            self.conn.execute_batch("COMMIT")
        }
    }
}

/// A command's transaction that SQLite rolled back by itself before the command's end.
fn lost() -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ABORT),
        Some("the command's transaction was rolled back by SQLite before its end; nothing of it was kept".into()),
    )
}

impl Drop for Write<'_> {
    fn drop(&mut self) {
        if self.done || self.conn.is_autocommit() {
            return;
        }
        let undo =
            if self.nested { format!("ROLLBACK TO {SAVEPOINT}; RELEASE {SAVEPOINT}") } else { "ROLLBACK".into() };
        let _ = self.conn.execute_batch(&undo);
    }
}

impl Deref for Write<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        self.conn
    }
}

impl Db {
    /// Starts a write (see [`Write`]), once the ledger's head is the file's present
    /// ([`Db::ledger_fresh`]): a write on a file older than Tome last wrote it (or whose
    /// ledger is damaged) would count its generation up past the witness beside it, and
    /// the older file would then read as the present (attack 81's F6).
    pub(crate) fn begin_write(&self) -> Result<Write<'_>> {
        self.ledger_fresh()?;
        Write::begin(self.connection(), self.in_one_write.load(std::sync::atomic::Ordering::Relaxed))
            .map_err(|e| self.err(e))
    }

    /// Opens a command's one transaction: every write until [`Db::one_write_end`] is a
    /// savepoint of it, so the command is committed whole or not at all. Answers whether
    /// it opened one (`false` inside one already, whose end decides).
    ///
    /// # Errors
    /// The database is busy past the timeout, or cannot be written.
    pub(crate) fn one_write_begin(&self) -> Result<bool> {
        if self.in_one_write.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(false);
        }
        self.ledger_fresh()?;
        self.connection().execute_batch("BEGIN IMMEDIATE").map_err(|e| self.err(e))?;
        self.in_one_write.store(true, std::sync::atomic::Ordering::Relaxed);
        Ok(true)
    }

    /// Ends the transaction [`Db::one_write_begin`] opened (`opened`): committed when the
    /// command went `well`, else rolled back.
    ///
    /// # Errors
    /// The commit fails, or SQLite gave the transaction up before its end.
    pub(crate) fn one_write_end(&self, opened: bool, well: bool) -> Result<()> {
        if !opened {
            return Ok(());
        }
        self.in_one_write.store(false, std::sync::atomic::Ordering::Relaxed);
        let conn = self.connection();
        if conn.is_autocommit() {
            return if well { Err(self.err(lost())) } else { Ok(()) };
        }
        if well {
            conn.execute_batch("COMMIT").map_err(|e| {
                let _ = conn.execute_batch("ROLLBACK");
                self.err(e)
            })
        } else {
            conn.execute_batch("ROLLBACK").map_err(|e| self.err(e))
        }
    }
}
