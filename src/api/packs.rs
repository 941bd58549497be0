//! The `Tome` methods for homebrew packs.

use std::path::Path;

use crate::error::{Error, Result};
use crate::packs::{PackImport, PackInfo};
use crate::seed::{PackContent, SeedFiles};
use crate::Tome;

impl Tome {
    /// Checks the pack at `path` (a folder or a single file) as an import would,
    /// without writing anything.
    ///
    /// # Errors
    /// [`Error::PackInvalid`] with every problem, each with its file and line.
    pub fn check_pack(&self, path: &Path) -> Result<PackContent> {
        let shown = path.display().to_string();
        let (files, single) = crate::packs::read(path, None)
            .map_err(|problems| Error::PackInvalid { source_path: shown.clone(), problems })?;
        self.check_pack_files(&files, single, &shown)
    }

    fn check_pack_files(&self, files: &SeedFiles, single: bool, shown: &str) -> Result<PackContent> {
        let known = self.db.known()?;
        let pack = files
            .load_pack(single, &known)
            .map_err(|problems| Error::PackInvalid { source_path: shown.to_string(), problems })?;
        self.checked_pack_adversaries(&pack, shown)?;
        Ok(pack)
    }

    /// The pack's adversaries checked by their systems' rules (see `adversaries.rs`).
    fn checked_pack_adversaries(&self, pack: &PackContent, shown: &str) -> Result<Vec<crate::adversaries::Adversary>> {
        super::adversaries::pack_adversaries(self, pack)?.map_err(|mut problems| {
            problems.sort();
            Error::PackInvalid { source_path: shown.to_string(), problems: problems.into() }
        })
    }

    /// Imports the pack at `path`: checks it whole, keeps a rolling backup of the
    /// database, then writes it in one transaction (replacing an installed pack of the
    /// same name). Its entries then show in lists, search and entry views, marked with
    /// the pack's name.
    ///
    /// # Errors
    /// [`Error::PackInvalid`] with every problem (nothing is written).
    pub fn import_pack(&mut self, path: &Path) -> Result<PackImport> {
        self.import_pack_shown_from(path, None)
    }

    /// [`Tome::import_pack`], with the pack and the files its problems name (also in
    /// their messages) shown from `base` when given: the folder the pack was picked in,
    /// so the app says `my-pack/ars-magica/gear.toml:3` and not the whole path.
    pub fn import_pack_shown_from(&mut self, path: &Path, base: Option<&Path>) -> Result<PackImport> {
        let shown = match base.and_then(|b| path.strip_prefix(b).ok()) {
            Some(rel) if !rel.as_os_str().is_empty() => rel.display().to_string(),
            _ => path.display().to_string(),
        };
        let (files, single) = crate::packs::read(path, base)
            .map_err(|problems| Error::PackInvalid { source_path: shown.clone(), problems })?;
        self.import_pack_files(&files, single, &shown)
    }

    /// [`Tome::import_pack`] for a single-file pack held in memory (a file the app was
    /// given).
    pub fn import_pack_bytes(&mut self, file_name: &str, bytes: &[u8]) -> Result<PackImport> {
        let files = SeedFiles::from_bytes("", file_name, bytes)
            .map_err(|problems| Error::PackInvalid { source_path: file_name.to_string(), problems })?;
        self.import_pack_files(&files, true, file_name)
    }

    fn import_pack_files(&mut self, files: &SeedFiles, single: bool, shown: &str) -> Result<PackImport> {
        let pack = self.check_pack_files(files, single, shown)?;
        self.db.rolling_backup(&format!("before-pack-import-{}", pack.manifest.name))?;
        let adversaries = self.checked_pack_adversaries(&pack, shown)?;
        let indexed: Vec<(Vec<String>, String, String)> =
            adversaries.iter().map(|a| (a.tags.clone(), a.summary(), a.body())).collect();
        let writes: Vec<crate::db::adversaries::AdversaryWrite<'_>> = adversaries
            .iter()
            .zip(&indexed)
            .map(|(a, (tags, summary, body))| crate::db::adversaries::AdversaryWrite {
                system: &a.system,
                name: &a.name,
                tags,
                summary,
                body,
                note: "imported with its pack",
            })
            .collect();
        let report = self.db.write_pack(&pack, &files.digest(), &writes)?;
        self.reindex()?;
        Ok(report)
    }

    /// Every installed pack.
    pub fn packs(&self) -> Result<Vec<PackInfo>> {
        self.db.packs()
    }

    /// Removes a pack and its entries (a rolling backup is kept first).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown pack; [`Error::InvalidInput`] when a
    /// character sheet uses one of its entries (nothing is removed).
    pub fn remove_pack(&mut self, name: &str) -> Result<PackInfo> {
        self.db.pack(name)?;
        if self.db.pack_users(name)?.is_empty() {
            self.db.rolling_backup(&format!("before-pack-remove-{name}"))?;
        }
        let info = self.db.remove_pack(name)?;
        self.reindex()?;
        Ok(info)
    }
}
