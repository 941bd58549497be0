//! A game master's own screens, one per system (see `schema/0009_screens_parties.sql`).

use rusqlite::{params, OptionalExtension};

use super::characters::now;
use super::sealed::GM_SCREEN;
use super::Db;
use crate::error::{Error, Result};
use crate::screen::ScreenPanel;

impl Db {
    /// The GM's own screen for `system`, or `None` while it is the shipped one.
    ///
    /// # Errors
    /// A stored screen Tome cannot read. Tome stores only panels it wrote itself, so one
    /// that does not read back is damage (the database message, with the restore advice).
    pub fn gm_screen(&self, system: &str) -> Result<Option<Vec<ScreenPanel>>> {
        let record = format!("the game master's screen for {system}");
        let json: Option<String> = self
            .connection()
            .query_row("SELECT panels FROM gm_screen NOT INDEXED WHERE system_id = ?1", [system], |r| r.get(0))
            .optional()
            .map_err(|e| self.err_in(&record, e))?;
        self.check_sealed(&GM_SCREEN, "system_id = ?1", &[&system])?;
        // Read past the key's index, which an older copy of itself could hide the row from.
        self.all_there(&GM_SCREEN)?;
        json.map(|j| {
            serde_json::from_str(&j)
                .map_err(|e| Error::damaged(self.label(), &record, format!("{e}; resetting the screen also clears it")))
        })
        .transpose()
    }

    /// Keeps `panels` as the GM's own screen for `system`.
    pub fn set_gm_screen(&mut self, system: &str, panels: &[ScreenPanel]) -> Result<()> {
        // As every write (`Db::begin_write`).
        self.ledger_fresh()?;
        let json = serde_json::to_string(panels).expect("plain data");
        let in_one = self.in_one_write.load(std::sync::atomic::Ordering::Relaxed);
        let write = |conn: &rusqlite::Connection| -> rusqlite::Result<()> {
            let tx = super::Write::begin(conn, in_one)?;
            tx.execute(
                "INSERT INTO gm_screen (system_id, panels, updated) VALUES (?1, ?2, ?3)
                 ON CONFLICT (system_id) DO UPDATE SET panels = excluded.panels, updated = excluded.updated",
                params![system, json, now()],
            )?;
            GM_SCREEN.seal_where(&tx, "system_id = ?1", &[&system])?;
            tx.commit()
        };
        write(self.connection()).map_err(|e| self.err(e))
    }

    /// Back to the shipped screen for `system`.
    pub fn reset_gm_screen(&mut self, system: &str) -> Result<()> {
        self.ledger_fresh()?;
        self.connection().execute("DELETE FROM gm_screen WHERE system_id = ?1", [system]).map_err(|e| self.err(e))?;
        Ok(())
    }
}
