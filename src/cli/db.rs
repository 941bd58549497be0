//! `tome db …`: backups, restoring one, and checking the database.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde::Serialize;
use tome::db::backup::{self, BackupFile};
use tome::db::Db;
use tome::{Error, Tome};

use super::{output, shown};

#[derive(Subcommand)]
pub enum DbCommand {
    /// Copy the database: to FILE with --out, else into the rolling backups kept in
    /// `backups/` next to it (the newest 5 are kept).
    Backup {
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Replace the database with a backup (the current one is kept as a backup first,
    /// or moved aside if it is damaged). Close the app first.
    Restore { file: PathBuf },
    /// List the rolling backups, newest first.
    Backups,
    /// Check the whole database for damage: SQLite's integrity check, Tome's own content
    /// against the copy built into Tome (rewriting what differs), and a read of every one
    /// of your records (damage there is named, for a backup to restore).
    Check,
}

#[derive(Serialize)]
struct Written {
    #[serde(serialize_with = "tome::files::path_text")]
    path: PathBuf,
    bytes: u64,
}

pub fn run(cmd: DbCommand, db: Option<PathBuf>, json: bool) -> Result<(), Error> {
    let path = Tome::resolve_db_path(db)?;
    match cmd {
        DbCommand::Backup { out } => {
            // The file as it is (no shipped content written first), its stored values
            // checked as a Tome reads them.
            let mut db = Db::open(&path)?;
            db.set_stored_json(tome::api::stored_json);
            let written = match out {
                Some(out) => {
                    db.backup_to(&out).map_err(|e| db.noticed(e))?;
                    out
                }
                None => db.rolling_backup("manual").map_err(|e| db.noticed(e))?.ok_or_else(|| {
                    Error::InvalidInput(format!("{} is empty: there is nothing to back up yet", path.display()))
                })?,
            };
            let w = Written { bytes: std::fs::metadata(&written).map(|m| m.len()).unwrap_or(0), path: written };
            output(json, &w, || {
                format!("Backed up {} to {} ({}).\n", path.display(), w.path.display(), tome::files::size(w.bytes))
            })
        }
        DbCommand::Restore { file } => {
            let r = backup::restore(&path, &file)?;
            // Opening migrates an older backup and refreshes the shipped content.
            let tome = Tome::open(&path)?;
            let characters = tome.characters()?.len();
            let packs = tome.packs()?.len();
            let value = serde_json::json!({ "restored": shown(&file), "into": shown(&path), "kept": r.kept.as_deref().map(shown), "characters": characters, "packs": packs });
            output(json, &value, || {
                let kept = match &r.kept {
                    Some(k) => format!(" The database it replaced is kept at {}.", k.display()),
                    None => String::new(),
                };
                format!(
                    "Restored {} into {}: {characters} characters, {packs} packs.{kept}\n",
                    file.display(),
                    path.display()
                )
            })
        }
        DbCommand::Backups => {
            // Read from the folder, not the database: the way out of a damaged file.
            let list: Vec<BackupFile> = backup::backups_beside(&path)?;
            output(json, &list, || backups(&list, &path))
        }
        DbCommand::Check => {
            let mut tome = Tome::open(&path)?;
            let mut check = tome.check_database()?;
            // What opening repaired (it checks a file it did not close whole) is part of
            // this check's answer.
            check.repaired.splice(0..0, tome.repaired_at_open().iter().cloned());
            if !check.reindexed.is_empty() && !json {
                eprint!("{}", reindexed_note(&check.reindexed));
            }
            if !check.repaired.is_empty() && !json {
                eprint!("{}", repaired_note(&check.repaired));
            }
            if !check.dropped.is_empty() && !json {
                eprint!("{}", dropped_note(&check.dropped));
            }
            match check.damage(&path.display().to_string()) {
                Some(e) => Err(e),
                None => output(json, &check, || format!("{}: no damage left.\n", path.display())),
            }
        }
    }
}

/// Says which of Tome's own records were found changed and rewritten.
pub fn repaired_note(repaired: &[String]) -> String {
    format!(
        "Repaired {} of Tome's own records from the content built into Tome: {}.\n",
        repaired.len(),
        repaired.join(", ")
    )
}

/// Says which fights' checkpoints were found not to match and dropped.
fn dropped_note(dropped: &[String]) -> String {
    let n = match dropped.len() {
        1 => "1 kept fight state".to_string(),
        n => format!("{n} kept fight states"),
    };
    format!(
        "Dropped {n} that did not match what it held (a fight replays from its events, so nothing is lost): {}.\n",
        dropped.join(", ")
    )
}

/// Says which indexes were found not to match their tables and made again from them.
fn reindexed_note(indexes: &[String]) -> String {
    let (n, what) = match indexes.len() {
        1 => ("1 index".to_string(), "its table"),
        n => (format!("{n} indexes"), "their tables"),
    };
    format!("Rebuilt {n} that did not match {what}, from {what}, and checked the file again: {}.\n", indexes.join(", "))
}

fn backups(list: &[BackupFile], db: &Path) -> String {
    if list.is_empty() {
        return format!("No backups of {} yet.\n", db.display());
    }
    list.iter().map(|b| format!("{}  {}\n", b.path.display(), tome::files::size(b.bytes))).collect()
}
