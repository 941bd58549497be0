//! The one API the CLI and the desktop shell call.

use std::path::{Path, PathBuf};

use crate::db::{Db, SearchFilter};
use crate::error::{Error, Result};
use crate::dice::Dice;
use crate::model::{Entry, ListItem, SearchHit, System, Table, TableRoll};
use crate::seed::SeedFiles;
use crate::Kind;

/// An open Tome: the user's database, holding the shipped content of this build.
pub struct Tome {
    db: Db,
}

impl Tome {
    /// Opens the database at `path`, creating it on first use, and makes sure it holds
    /// this build's shipped content (refreshing it in place when the content changed).
    ///
    /// # Errors
    /// The database cannot be opened or migrated, or the shipped content does not load.
    pub fn open(path: &Path) -> Result<Tome> {
        Tome::with_db(Db::open(path)?)
    }

    /// A Tome on a private in-memory database.
    pub fn open_in_memory() -> Result<Tome> {
        Tome::with_db(Db::open_in_memory()?)
    }

    fn with_db(mut db: Db) -> Result<Tome> {
        let seed = SeedFiles::embedded();
        let digest = seed.digest();
        if db.shipped_digest()?.as_deref() != Some(digest.as_str()) {
            let content = seed.load().map_err(Error::Content)?;
            db.refresh_shipped(&content, &digest)?;
        }
        Ok(Tome { db })
    }

    /// Where the database lives when neither `--db` nor `TOME_DB` says otherwise:
    /// the platform's data directory (e.g. `~/.local/share/tome/tome.db` on Linux).
    pub fn default_db_path() -> Result<PathBuf> {
        directories::ProjectDirs::from("", "", "tome")
            .map(|d| d.data_dir().join("tome.db"))
            .ok_or_else(|| Error::InvalidInput("no home directory: pass --db PATH or set TOME_DB".into()))
    }

    /// The database to open: `explicit` if given, else `TOME_DB`, else the default path.
    pub fn resolve_db_path(explicit: Option<PathBuf>) -> Result<PathBuf> {
        match explicit.or_else(|| std::env::var_os("TOME_DB").filter(|v| !v.is_empty()).map(PathBuf::from)) {
            Some(p) => Ok(p),
            None => Tome::default_db_path(),
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The game systems, in Tome's order.
    pub fn systems(&self) -> Result<Vec<System>> {
        self.db.systems()
    }

    /// Entries of one kind, optionally of one system.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown system.
    pub fn list(&self, kind: Kind, system: Option<&str>) -> Result<Vec<ListItem>> {
        if let Some(s) = system {
            self.check_system(s)?;
        }
        self.db.list(kind, system)
    }

    /// One entry by id (`system/kind/slug`).
    ///
    /// # Errors
    /// [`Error::NotFound`] with the ids of entries whose names match the last part of
    /// `id`, so a user who typed a name or a near id is pointed to the right one.
    pub fn show(&self, id: &str) -> Result<Entry> {
        self.db.entry(id).map_err(|e| self.suggest(e, id, None))
    }

    /// A table; with `roll`, only the row that number selects.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown table; [`Error::InvalidInput`] when no row
    /// covers `roll`.
    pub fn table(&self, id: &str, roll: Option<i64>) -> Result<Table> {
        let mut table = self.db.table(id).map_err(|e| self.suggest(e, id, Some(Kind::Table)))?;
        if let Some(n) = roll {
            let row = table.rows.iter().find(|r| r.selected_by(n)).cloned().ok_or_else(|| {
                let what = match &table.dice {
                    Some(d) => format!(" ({d})"),
                    None if table.rows.iter().all(|r| r.key.is_none()) => {
                        " (it is looked up by name, not by number)".to_string()
                    }
                    None => String::new(),
                };
                Error::InvalidInput(format!("no row of {}{what} covers {n}", table.name))
            })?;
            table.rows = vec![row];
            table.rolled = Some(n);
        }
        Ok(table)
    }

    /// Rolls a table's dice and finds the row they select.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown table; [`Error::InvalidInput`] for a lookup
    /// table (it has no dice).
    pub fn roll_table(&self, id: &str, rng: &mut impl rand::Rng) -> Result<TableRoll> {
        let table = self.db.table(id).map_err(|e| self.suggest(e, id, Some(Kind::Table)))?;
        let dice: Dice = table
            .dice
            .as_deref()
            .ok_or_else(|| Error::InvalidInput(format!("{} is a lookup table: it has no dice to roll", table.name)))?
            .parse()
            .map_err(Error::InvalidInput)?;
        let roll = dice.roll(rng);
        let row = table
            .rows
            .iter()
            .position(|r| r.selected_by(roll.total))
            .ok_or_else(|| Error::InvalidInput(format!("no row of {} covers {}", table.name, roll.total)))?;
        Ok(TableRoll { roll, row })
    }

    /// Entries matching `query`.
    pub fn search(&self, query: &str, filter: &SearchFilter) -> Result<Vec<SearchHit>> {
        if let Some(s) = &filter.system {
            self.check_system(s)?;
        }
        self.db.search(query, filter)
    }

    fn suggest(&self, err: Error, id: &str, kind: Option<Kind>) -> Error {
        let Error::NotFound { what, id: missing, .. } = err else { return err };
        let words = id.rsplit('/').next().unwrap_or(id).replace('-', " ");
        let filter = SearchFilter { system: None, kind, limit: Some(5) };
        let suggestions = self
            .db
            .search(&words, &filter)
            .map(|hits| hits.into_iter().filter(|h| h.matched == "name" || h.matched == "alias").map(|h| h.id).collect())
            .unwrap_or_default();
        Error::NotFound { what, id: missing, suggestions }
    }

    fn check_system(&self, id: &str) -> Result<()> {
        if self.db.system_exists(id)? {
            Ok(())
        } else {
            let suggestions = self.systems()?.into_iter().map(|s| s.id).collect();
            Err(Error::NotFound { what: "game system", id: id.to_string(), suggestions })
        }
    }
}
