//! Foundry VTT actors in and out of the library: a character or an adversary read from
//! an actor's export file (checked as any import is, saved whole or not at all) with the
//! report of what the import made of it, and a saved one written as an actor of its
//! system's Foundry system. Which systems those are is the registry's
//! (`GameSystem::foundry`); what maps is each system's (`src/systems/<system>/foundry.rs`).

use std::path::Path;

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use super::Tome;
use crate::adversaries::AdversaryView;
use crate::characters::Character;
use crate::db::foundry_kept::KeptFor;
use crate::error::{Error, Problem, Result};
use crate::foundry::{self, Actor, FoundryReport, Mapping, Target};

/// A character imported, and when it came from Foundry VTT, what the import made of it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CharacterImport {
    pub character: Character,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub foundry: Option<FoundryReport>,
}

/// An adversary imported, and when it came from Foundry VTT, what the import made of it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AdversaryImport {
    pub adversary: AdversaryView,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub foundry: Option<FoundryReport>,
}

/// A record saved as a Foundry VTT actor: where, and how the export wrote what the
/// Foundry system holds otherwise than Tome (the export's report, as the command line
/// prints it under "How the export wrote it").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct FoundrySaved {
    pub path: String,
    pub said: Vec<String>,
}

/// The file formats Tome writes a character or an adversary in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum ExportFormat {
    /// Tome's own file.
    Tome,
    /// An actor of the system's Foundry VTT system.
    Foundry,
}

impl Tome {
    /// The actor in `bytes` and the mapping that reads it into `into`, or why not: a file
    /// that is not an actor (said where), an actor of a system or version Tome does not
    /// read (said by name), of a type not read into `into`.
    fn foundry_actor(&self, bytes: &[u8], into: Target, heading: &str) -> Result<(Actor, &'static dyn Mapping)> {
        let actor = foundry::read(bytes).map_err(|p| Error::rejected(heading, p))?;
        let mapping = foundry::mapping_for(&actor, &crate::systems::foundry_mappings(), into)?;
        Ok((actor, mapping))
    }

    /// The character a Foundry actor maps to, with Tome's own values back where it is an
    /// actor Tome wrote, and the report with the numbers both sides compute.
    fn foundry_character(
        &self,
        actor: &Actor,
        mapping: &dyn Mapping,
    ) -> Result<(crate::characters::CharacterSheet, FoundryReport)> {
        let imported = mapping.character(self, actor)?;
        let (sheet, restored) = foundry::restore_sheet(actor, imported.record, self);
        let mut report = imported.report;
        report.restored = restored;
        report.interpretations.splice(0..0, actor.bounded.iter().cloned());
        report.numbers = mapping.character_numbers(self, actor, &sheet)?;
        // What reading the actor's numbers changed (the numbers compared read it too).
        report.interpretations.splice(actor.bounded.len()..actor.bounded.len(), actor.readings.lines());
        Ok((sheet, report))
    }

    /// Reads a Foundry VTT actor as a new character (at revision 1), checked as any
    /// import is: either the whole character is written or nothing is.
    ///
    /// # Errors
    /// [`Error::Rejected`]: not an actor (where the file breaks), an actor of another
    /// system or a version Tome does not read (by name), what the sheet checks refuse.
    pub fn import_foundry_character(&mut self, bytes: &[u8]) -> Result<(Character, FoundryReport)> {
        let heading = "the Foundry actor cannot be imported:";
        let (actor, mapping) = self.foundry_actor(bytes, Target::Character, heading)?;
        let (sheet, report) = self.foundry_character(&actor, mapping)?;
        let written = mapping.export_character(self, &sheet)?.actor;
        let kept = kept_text(&actor, mapping, Target::Character, &written, &report);
        let file = crate::characters::file::write(&sheet, false);
        let heading = format!("the {} actor {} cannot be imported:", actor.system, actor.name);
        let c = self.db.import_character_keeping(file.as_bytes(), &kept).map_err(|e| rehead(e, &heading))?;
        Ok((c, report))
    }

    /// A character file (Tome's own, or a Foundry VTT actor) as a new character, with
    /// the Foundry import's report.
    ///
    /// # Errors
    /// As [`Tome::import_character`] and [`Tome::import_foundry_character`].
    pub fn import_character_reported(&mut self, bytes: &[u8]) -> Result<CharacterImport> {
        if foundry::sniff(bytes) {
            let (character, report) = self.import_foundry_character(bytes)?;
            return Ok(CharacterImport { character, foundry: Some(report) });
        }
        Ok(CharacterImport { character: self.db.import_character(bytes)?, foundry: None })
    }

    /// [`Tome::import_character_reported`] from a file.
    ///
    /// # Errors
    /// As [`Tome::import_character_reported`]; the file cannot be read.
    pub fn import_character_file_reported(&mut self, path: &Path) -> Result<CharacterImport> {
        match actor_file(path)? {
            Some(bytes) => {
                let (character, report) =
                    self.import_foundry_character(&bytes).map_err(|e| rehead(e, &heading_of(path)))?;
                Ok(CharacterImport { character, foundry: Some(report) })
            }
            None => Ok(CharacterImport { character: self.db.import_character_file(path)?, foundry: None }),
        }
    }

    /// What an import of the Foundry actor in `bytes` would refuse, writing nothing.
    ///
    /// # Errors
    /// Database errors only.
    pub fn check_foundry_character(&self, bytes: &[u8]) -> Result<Vec<Problem>> {
        let (actor, mapping) = match self.foundry_actor(bytes, Target::Character, "") {
            Ok(found) => found,
            Err(e) => return Ok(problems_of(&e)),
        };
        let (sheet, _) = match self.foundry_character(&actor, mapping) {
            Ok(read) => read,
            Err(e) => return Ok(problems_of(&e)),
        };
        self.db.check_character_file(crate::characters::file::write(&sheet, false).as_bytes())
    }

    /// The adversary a Foundry actor maps to, as [`Tome::foundry_character`].
    fn foundry_adversary(
        &self,
        actor: &Actor,
        mapping: &dyn Mapping,
    ) -> Result<(crate::adversaries::Adversary, FoundryReport)> {
        let imported = mapping.adversary(self, actor)?;
        let (a, restored) = foundry::restore_adversary(actor, imported.record);
        let mut report = imported.report;
        report.restored = restored;
        report.interpretations.splice(0..0, actor.bounded.iter().cloned());
        report.numbers = mapping.adversary_numbers(self, actor, &a)?;
        // What reading the actor's numbers changed (the numbers compared read it too).
        report.interpretations.splice(actor.bounded.len()..actor.bounded.len(), actor.readings.lines());
        Ok((a, report))
    }

    /// Reads a Foundry VTT actor into the adversary library, checked by its system's
    /// rules as any save is: saved whole, or not at all.
    ///
    /// # Errors
    /// As [`Tome::import_foundry_character`]; a name the library already has.
    pub fn import_foundry_adversary(&mut self, bytes: &[u8]) -> Result<(AdversaryView, FoundryReport)> {
        let heading = "the Foundry actor cannot be imported:";
        let (actor, mapping) = self.foundry_actor(bytes, Target::Adversary, heading)?;
        let (a, report) = self.foundry_adversary(&actor, mapping)?;
        let written = mapping.export_adversary(self, &a)?.actor;
        let kept = kept_text(&actor, mapping, Target::Adversary, &written, &report);
        let heading = format!("the {} actor {} cannot be imported:", actor.system, actor.name);
        let view = self.create_adversary_keeping(&a, Some(&kept)).map_err(|e| rehead(e, &heading))?;
        Ok((view, report))
    }

    /// An adversary file (Tome's own, or a Foundry VTT actor) into the library, with the
    /// Foundry import's report.
    ///
    /// # Errors
    /// As [`Tome::import_adversary`] and [`Tome::import_foundry_adversary`].
    pub fn import_adversary_reported(&mut self, bytes: &[u8]) -> Result<AdversaryImport> {
        if foundry::sniff(bytes) {
            let (adversary, report) = self.import_foundry_adversary(bytes)?;
            return Ok(AdversaryImport { adversary, foundry: Some(report) });
        }
        Ok(AdversaryImport { adversary: self.import_adversary(bytes)?, foundry: None })
    }

    /// [`Tome::import_adversary_reported`] from a file.
    ///
    /// # Errors
    /// As [`Tome::import_adversary_reported`]; the file cannot be read.
    pub fn import_adversary_file_reported(&mut self, path: &Path) -> Result<AdversaryImport> {
        match actor_file(path)? {
            Some(bytes) => {
                let (adversary, report) =
                    self.import_foundry_adversary(&bytes).map_err(|e| rehead(e, &heading_of(path)))?;
                Ok(AdversaryImport { adversary, foundry: Some(report) })
            }
            None => Ok(AdversaryImport { adversary: self.import_adversary_file(path)?, foundry: None }),
        }
    }

    /// The mapping of a Tome system's Foundry VTT system, or why it has none.
    fn foundry_mapping_of(&self, system: &str) -> Result<&'static dyn Mapping> {
        let sys = crate::systems::require(system)?;
        sys.foundry().ok_or_else(|| {
            // Words for a refusal: a system name that does not read is said by its id.
            let name = self.system_name(system).ok().flatten().unwrap_or_else(|| system.to_string());
            let targets: Vec<String> = crate::systems::foundry_mappings()
                .iter()
                .map(|m| {
                    let tome =
                        self.system_name(m.tome_system()).ok().flatten().unwrap_or_else(|| m.tome_system().into());
                    format!("{} ({tome})", m.foundry_id())
                })
                .collect();
            Error::InvalidInput(format!(
                "{name} has no Foundry VTT system Tome can write for; Tome writes {} actors",
                targets.join(" and ")
            ))
        })
    }

    /// A saved character as an actor of its system's Foundry VTT system (pretty JSON,
    /// for Foundry's "Import Data"), carrying Tome's own sheet in `flags.tome` so it
    /// comes back whole.
    ///
    /// # Errors
    /// [`Error::NotFound`]; [`Error::InvalidInput`] for a system with no Foundry system.
    pub fn export_character_foundry(&self, id: i64) -> Result<String> {
        Ok(self.export_character_foundry_reported(id)?.0)
    }

    /// [`Tome::export_character_foundry`], with what the export says of how it wrote
    /// what the Foundry system holds otherwise than Tome's sheet.
    ///
    /// # Errors
    /// As [`Tome::export_character_foundry`].
    pub fn export_character_foundry_reported(&self, id: i64) -> Result<(String, Vec<String>)> {
        let c = self.character(id)?;
        let mapping = self.foundry_mapping_of(&c.system)?;
        let sheet = c.sheet();
        let foundry::Exported { actor, said } = mapping.export_character(self, &sheet)?;
        let mut actor = self.with_kept(mapping, KeptFor::Character(id), actor)?;
        let parsed = foundry::from_value(actor.clone())
            .map_err(|p| Error::rejected("the exported actor does not read back:", p))?;
        let mapped = mapping.character(self, &parsed)?.record;
        actor["flags"]["tome"] = foundry::character_flags(&sheet, &mapped);
        Ok((pretty(&actor), said))
    }

    /// [`Tome::export_character_foundry`] written to `path`, whole or not at all; what the
    /// export says of it.
    ///
    /// # Errors
    /// As [`Tome::export_character_foundry`]; the file cannot be written.
    pub fn export_character_foundry_file(&self, id: i64, path: &Path) -> Result<Vec<String>> {
        let (actor, said) = self.export_character_foundry_reported(id)?;
        crate::files::write_atomic(path, actor.as_bytes())?;
        Ok(said)
    }

    /// An adversary as an actor of its system's Foundry VTT system.
    ///
    /// # Errors
    /// As [`Tome::export_character_foundry`].
    pub fn export_adversary_foundry(&self, id: i64) -> Result<String> {
        Ok(self.export_adversary_foundry_reported(id)?.0)
    }

    /// [`Tome::export_adversary_foundry`], with what the export says of it.
    ///
    /// # Errors
    /// As [`Tome::export_adversary_foundry`].
    pub fn export_adversary_foundry_reported(&self, id: i64) -> Result<(String, Vec<String>)> {
        let a = self.adversary(id)?;
        let mapping = self.foundry_mapping_of(&a.system)?;
        let foundry::Exported { actor, said } = mapping.export_adversary(self, &a)?;
        let mut actor = self.with_kept(mapping, KeptFor::Adversary(id), actor)?;
        let parsed = foundry::from_value(actor.clone())
            .map_err(|p| Error::rejected("the exported actor does not read back:", p))?;
        let mapped = mapping.adversary(self, &parsed)?.record;
        actor["flags"]["tome"] = foundry::adversary_flags(&a, &mapped);
        Ok((pretty(&actor), said))
    }

    /// `actor` (as Tome's export wrote it) with what the record keeps of the actor it was
    /// imported from carried back in ([`foundry::carry::merged`]); as it is for a record
    /// that came from no actor.
    fn with_kept(&self, mapping: &dyn Mapping, of: KeptFor, actor: Value) -> Result<Value> {
        let Some(text) = self.db.foundry_kept(of)? else { return Ok(actor) };
        let kept: Value = serde_json::from_str(&text)
            .map_err(|e| Error::InvalidInput(format!("the Foundry actor kept with {of} does not read as JSON: {e}")))?;
        Ok(foundry::carry::merged(mapping, &kept, actor))
    }

    /// [`Tome::export_adversary_foundry`] written to `path`; what the export says of it.
    ///
    /// # Errors
    /// As [`Tome::export_adversary_foundry`]; the file cannot be written.
    pub fn export_adversary_foundry_file(&self, id: i64, path: &Path) -> Result<Vec<String>> {
        let (actor, said) = self.export_adversary_foundry_reported(id)?;
        crate::files::write_atomic(path, actor.as_bytes())?;
        Ok(said)
    }
}

/// What an import keeps of `actor` (as JSON text): what `written`, the export of the
/// record it made, does not write ([`foundry::carry::kept`]).
fn kept_text(actor: &Actor, mapping: &dyn Mapping, into: Target, written: &Value, report: &FoundryReport) -> String {
    serde_json::to_string(&foundry::carry::kept(mapping, into, actor, written, report)).expect("plain data")
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).expect("plain data") + "\n"
}

fn heading_of(path: &Path) -> String {
    format!("{} cannot be imported:", path.display())
}

/// The same refusal under another heading (the file's name, the actor's).
fn rehead(e: Error, heading: &str) -> Error {
    match e.problems() {
        Some(p) if !heading.is_empty() => Error::rejected(heading, p.0.clone()),
        _ => e,
    }
}

fn problems_of(e: &Error) -> Vec<Problem> {
    e.problems().map_or_else(|| vec![Problem::field("", e.to_string())], |p| p.0.clone())
}

/// The bytes of `path` when it holds a Foundry actor, read as the other imports read (a
/// regular file only, no further than the limit); None for any other file, left for the
/// reader of Tome's own format.
pub(super) fn actor_file(path: &Path) -> Result<Option<Vec<u8>>> {
    std::fs::metadata(path).map_err(|source| Error::Io { path: path.to_path_buf(), source })?;
    let bytes = crate::files::read_bounded(path, foundry::MAX_FILE_BYTES)
        .map_err(|why| Error::rejected(heading_of(path), vec![Problem::file(&path.display().to_string(), why)]))?;
    Ok(foundry::sniff(&bytes).then_some(bytes))
}
