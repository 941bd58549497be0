//! The `Tome` methods for imported rules documents.

use std::path::Path;

use crate::error::{Error, Result};
use crate::textdocs::{prepare, DocImport, DocInfo, SectionHead, MAX_TEXT_BYTES};
use crate::Tome;

impl Tome {
    /// Imports the rules document at `path` (plain text or Markdown) for `system`:
    /// splits it into sections by its headings and indexes them for search. A document
    /// with the same title replaces the earlier import. A rolling backup of the
    /// database is kept first.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] for a file that is too large (over [`MAX_TEXT_BYTES`],
    /// refused before it is read), empty, binary, not UTF-8, or not a regular file;
    /// [`Error::NotFound`] for an unknown system.
    pub fn import_text_file(&mut self, path: &Path, system: &str, title: Option<&str>) -> Result<DocImport> {
        let bytes = crate::files::read_bounded(path, MAX_TEXT_BYTES)
            .map_err(|m| Error::InvalidInput(format!("{} cannot be imported: {m}", path.display())))?;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        self.import_text(&name, &bytes, system, title)
    }

    /// [`Tome::import_text_file`] for a document already in memory.
    pub fn import_text(
        &mut self,
        file_name: &str,
        bytes: &[u8],
        system: &str,
        title: Option<&str>,
    ) -> Result<DocImport> {
        if !self.db.system_exists(system)? {
            let suggestions = self.systems()?.into_iter().map(|s| s.id).collect();
            return Err(Error::NotFound { what: "game system", id: system.to_string(), suggestions });
        }
        let doc = prepare(file_name, bytes, system, title)
            .map_err(|m| Error::InvalidInput(format!("{file_name} cannot be imported: {m}")))?;
        self.db.rolling_backup("before-import-text")?;
        let replaced = self.db.write_doc(&doc)?;
        self.reindex()?;
        let first_sections = doc
            .sections
            .iter()
            .take(20)
            .map(|(id, s)| SectionHead { id: id.clone(), heading: s.heading.clone(), level: s.level })
            .collect();
        Ok(DocImport { doc: self.db.doc(&doc.id)?, replaced, first_sections })
    }

    /// Every imported document.
    pub fn docs(&self) -> Result<Vec<DocInfo>> {
        self.db.docs()
    }

    /// Removes an imported document and its sections (a rolling backup is kept first).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown document id.
    pub fn remove_doc(&mut self, id: &str) -> Result<DocInfo> {
        self.db.doc(id)?;
        self.db.rolling_backup("before-docs-remove")?;
        let info = self.db.remove_doc(id)?;
        self.reindex()?;
        Ok(info)
    }
}
