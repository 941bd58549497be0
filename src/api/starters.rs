//! Tome's starter adversaries (`seed/<system>/adversaries.toml`): foes built only from
//! the numbers the rules documents give, so a new library has some on the first evening.
//! Each is checked by its system's rules as any save is, then given to the library once
//! (`db/starters.rs` says what "once" means: a deleted one stays deleted, the game
//! master's own of the same name is kept, an edited one is never written again).

use super::adversaries::{adversary_of_seed, problems_at};
use super::Tome;
use crate::db::adversaries::AdversaryWrite;
use crate::db::starters::{StarterWrite, StartersGiven};
use crate::error::{Error, Problems, Result};
use crate::seed::Content;

impl Tome {
    /// Gives the library the starters of `content` it has not had yet, when the starters
    /// were last given for other content than `digest` (a fresh database, a new Tome).
    ///
    /// # Errors
    /// A starter its rules refuse (a fault of this build, which its tests catch), said at
    /// its file and line; the database cannot be written.
    pub(super) fn give_starters_if_new(&mut self, content: &Content, digest: &str) -> Result<Option<StartersGiven>> {
        if self.db.starters_digest()?.as_deref() == Some(digest) {
            return Ok(None);
        }
        let documents: std::collections::BTreeMap<&str, &str> =
            content.systems.iter().map(|s| (s.id.as_str(), s.title.as_str())).collect();
        let mut problems = Vec::new();
        let mut checked = Vec::new();
        for p in &content.adversaries {
            match self.check_adversary(&adversary_of_seed(p)) {
                Ok((a, _)) => {
                    let section = p.seed.section.as_deref().unwrap_or_default();
                    let document = documents.get(p.system.as_str()).copied().unwrap_or_default();
                    let key = format!("{}/{}", a.system, crate::slug::slugify(&a.name));
                    // MLAF's document is titled as its one section.
                    let source =
                        if section == document { document.to_string() } else { format!("{section}, in {document}") };
                    checked.push((key, source, a.summary(), a.body(), a));
                }
                Err(e) => problems.extend(problems_at(p, &e)),
            }
        }
        if !problems.is_empty() {
            return Err(Error::Content(Problems(problems)));
        }
        let writes: Vec<StarterWrite<'_>> = checked
            .iter()
            .map(|(key, source, summary, body, a)| StarterWrite {
                key,
                source,
                adversary: AdversaryWrite {
                    system: &a.system,
                    name: &a.name,
                    tags: &a.tags,
                    summary,
                    body,
                    note: "one of Tome's starters",
                },
            })
            .collect();
        let given = self.db.give_starters(&writes, digest)?;
        if given != StartersGiven::default() {
            self.adversaries_changed();
        }
        Ok(Some(given))
    }
}
