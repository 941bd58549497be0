//! When the database cannot be opened at start-up: what the app shows instead of quitting
//! silently, and the ways out it offers (restore the newest backup, open another file,
//! try again, quit).

use std::path::{Path, PathBuf};

use serde::Serialize;
use ts_rs::TS;

use super::Tome;
use crate::db::backup;
use crate::error::{Error, Found, Result};
use crate::ErrorPayload;

/// Why Tome could not open its database, with what the user can do about it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct StartupProblem {
    /// The file Tome tried to open.
    pub path: String,
    /// Why it could not (`database` for an unusable, newer, foreign or locked file).
    pub error: ErrorPayload,
    /// The newest rolling backup beside it, if there is one to restore.
    pub newest_backup: Option<String>,
    /// When that backup was made, as its name records it (`2026-05-20 10:31 UTC`).
    pub newest_backup_made: Option<String>,
    /// The damage is only in Tome's own content (nothing of the user's is damaged and
    /// the file's structure is whole): opening again rewrites it from the content built
    /// into Tome, so "Try again" heals it and a restore would only lose recent work.
    pub heals_on_retry: bool,
}

impl StartupProblem {
    /// The problem of opening `path`, which failed with `error`.
    pub fn new(path: &Path, error: &Error) -> StartupProblem {
        let newest = newest_backup(path);
        StartupProblem {
            path: path.display().to_string(),
            error: error.into(),
            newest_backup_made: newest.as_deref().and_then(made_at),
            newest_backup: newest.map(|p| p.display().to_string()),
            heals_on_retry: false,
        }
    }
}

impl StartupProblem {
    /// The problem of the file at `path`, closed while the app ran because of `error`
    /// (a damaged record): shown as one found at start-up, with the same ways out.
    /// `heals_on_retry`: see the field.
    pub fn closed(path: &Path, error: ErrorPayload, heals_on_retry: bool) -> StartupProblem {
        let newest = newest_backup(path);
        StartupProblem {
            path: path.display().to_string(),
            error,
            newest_backup_made: newest.as_deref().and_then(made_at),
            newest_backup: newest.map(|p| p.display().to_string()),
            heals_on_retry,
        }
    }
}

/// Something a check Tome ran by itself (at open, or the app's weekly one) repaired, which
/// the app tells the user once ([`Tome::take_repairs`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Repair {
    /// The entry rewritten from the content built into Tome, to link to it; `None` for
    /// what is not an entry (the systems, the search index, an index rebuilt from its
    /// table).
    pub entry: Option<String>,
    /// What was repaired, as a reader knows it: `Clash Results (Primal Wild)`, `the game
    /// systems and their documents`, `the index entry_link_to, made again from its table`.
    pub name: String,
}

impl Tome {
    /// What the checks Tome ran by itself since this was last asked repaired: at open (a
    /// file not closed whole is checked, and Tome's own entries in it rewritten) and the
    /// app's weekly check ([`Tome::check_if_due`]). Each repair is answered once.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn take_repairs(&mut self) -> Result<Vec<Repair>> {
        let untold = std::mem::take(&mut self.untold);
        if !untold.made_repairs() {
            return Ok(Vec::new());
        }
        let systems: std::collections::BTreeMap<String, String> =
            self.systems()?.into_iter().map(|s| (s.id, s.name)).collect();
        let mut repairs: Vec<Repair> = untold
            .repaired
            .into_iter()
            .map(|id| match self.show(&id).found()? {
                Some(e) => {
                    let system = systems.get(&e.system).unwrap_or(&e.system);
                    Ok(Repair { name: format!("{} ({system})", e.name), entry: Some(id) })
                }
                // Not an entry (the systems, the search index), or one retired since.
                None => Ok(Repair { entry: None, name: id }),
            })
            .collect::<Result<_>>()?;
        repairs.extend(
            untold
                .reindexed
                .into_iter()
                .map(|i| Repair { entry: None, name: format!("the index {i}, made again from its table") }),
        );
        Ok(repairs)
    }

    /// Replaces the database at `path` with its newest rolling backup and opens it. The
    /// file it replaces is kept (moved aside into `backups/` when it is unusable).
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no backup; the backup is unusable too; the
    /// restored file cannot be opened.
    pub fn restore_newest_backup(path: &Path) -> Result<Tome> {
        let newest = newest_backup(path).ok_or_else(|| Error::NotFound {
            what: "backup of",
            id: path.display().to_string(),
            suggestions: Vec::new(),
        })?;
        backup::restore(path, &newest)?;
        Tome::open(path)
    }
}

fn newest_backup(path: &Path) -> Option<PathBuf> {
    backup::backups_beside(path).ok()?.into_iter().next().map(|b| b.path)
}

/// `tome-2026-05-20T10-31-02Z-manual.db` → `2026-05-20 10:31 UTC`.
fn made_at(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?.strip_prefix("tome-")?;
    let stamp = name.get(..20)?;
    let t: jiff::Timestamp = format!("{}:{}:{}", &stamp[..13], &stamp[14..16], &stamp[17..]).parse().ok()?;
    Some(t.strftime("%Y-%m-%d %H:%M UTC").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_database_is_explained_and_its_newest_backup_brings_the_characters_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        {
            let mut tome = Tome::open(&path).unwrap();
            tome.create_character("mythcraft", "Wren").unwrap();
            tome.db().rolling_backup("manual").unwrap().unwrap();
        }
        // Damage the file past its header, as a failing disk would.
        let mut bytes = std::fs::read(&path).unwrap();
        for b in bytes.iter_mut().skip(100) {
            *b = 0x5a;
        }
        std::fs::write(&path, &bytes).unwrap();
        let _ = std::fs::remove_file(dir.path().join("tome.db-wal"));

        let err = Tome::open(&path).err().expect("a damaged file is refused");
        let problem = StartupProblem::new(&path, &err);
        assert_eq!(problem.error.code, crate::ErrorCode::Database);
        assert!(problem.newest_backup.as_deref().is_some_and(|b| b.contains("manual")), "{problem:?}");
        assert!(problem.newest_backup_made.as_deref().is_some_and(|m| m.ends_with(" UTC")), "{problem:?}");

        let tome = Tome::restore_newest_backup(&path).unwrap();
        let names: Vec<String> = tome.characters().unwrap().into_iter().map(|c| c.name).collect();
        assert_eq!(names, ["Wren"]);
        // The damaged file was kept aside, not deleted.
        assert!(backup::backups_beside(&path).unwrap().iter().all(|b| !b.path.ends_with("unusable.db")));
        let aside = std::fs::read_dir(dir.path().join("backups"))
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with("-unusable.db"));
        assert!(aside, "the damaged file is kept in backups/");
    }

    /// Issue 40, defect 2: a stored schema that no longer reads (`length(` damaged into
    /// `lIngth(`) is the damaged file at start-up, and the start-up screen's restore works.
    #[test]
    fn a_damaged_schema_is_offered_the_restore_and_the_restore_works() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        {
            let mut tome = Tome::open(&path).unwrap();
            tome.create_character("mythcraft", "Wren").unwrap();
            tome.db().rolling_backup("manual").unwrap().unwrap();
        }
        let mut damaged = std::fs::read(&path).unwrap();
        let mut at = 0;
        while let Some(i) = damaged[at..].windows(7).position(|w| w == b"length(") {
            damaged[at + i + 1] = b'I';
            at += i + 7;
        }
        assert!(at > 0, "the schema calls length()");
        std::fs::write(&path, &damaged).unwrap();

        let err = Tome::open(&path).err().expect("a damaged schema is refused");
        assert!(err.is_damage(), "{err}");
        let problem = StartupProblem::new(&path, &err);
        assert!(problem.error.message.contains("tome db restore FILE"), "{}", problem.error.message);
        assert!(problem.newest_backup.is_some(), "{problem:?}");
        let tome = Tome::restore_newest_backup(&path).unwrap();
        assert_eq!(tome.characters().unwrap().len(), 1);
    }

    #[test]
    fn without_a_backup_restoring_says_there_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tome.db");
        std::fs::write(&path, b"not a database at all, just some text").unwrap();
        let err = Tome::open(&path).err().unwrap();
        let problem = StartupProblem::new(&path, &err);
        assert_eq!(problem.newest_backup, None);
        assert!(problem.error.message.contains("not a SQLite database"), "{}", problem.error.message);
        let err = Tome::restore_newest_backup(&path).err().unwrap();
        assert_eq!(err.code(), crate::ErrorCode::NotFound);
    }
}
