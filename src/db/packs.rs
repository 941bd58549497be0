//! Packs in the database: written and removed in one transaction each, never touching
//! shipped entries; each row read into a domain type here only.

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::refresh::{clear_details_raw, insert_detail_raw, section_id};
use super::search::SEARCHED_BODY;
use crate::db::Db;
use crate::error::{Error, Result};
use crate::packs::{PackImport, PackInfo};
use crate::seed::{Known, KnownEntry, PackContent};

const PACK_COLS: &str = "p.name, p.title, p.version, p.author, p.systems, p.description,
     (SELECT count(*) FROM entry e WHERE e.pack = p.name AND NOT e.retired), p.imported_at";

fn pack_info(r: &Row) -> rusqlite::Result<PackInfo> {
    let systems: String = r.get(4)?;
    Ok(PackInfo {
        name: r.get(0)?,
        title: r.get(1)?,
        version: r.get(2)?,
        author: r.get(3)?,
        systems: serde_json::from_str(&systems).unwrap_or_default(),
        description: r.get(5)?,
        entries: r.get(6)?,
        imported_at: r.get(7)?,
    })
}

/// The document a pack's entries of `system` cite.
fn document_file(pack: &str, system: &str) -> String {
    format!("pack:{pack}/{system}")
}

impl Db {
    /// The systems and listed entries in the database: what a pack may refer to.
    pub fn known(&self) -> Result<Known> {
        let err = |e| self.err(e);
        let systems = self
            .connection()
            .prepare("SELECT id FROM game_system")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(err)?;
        let mut stmt = self
            .connection()
            .prepare(
                "SELECT e.id, e.kind, e.system_id, e.name, e.pack,
                        (SELECT group_concat(alias, char(31)) FROM alias a WHERE a.entry_id = e.id)
                 FROM entry e WHERE NOT e.retired",
            )
            .map_err(err)?;
        let entries = stmt
            .query_map([], |r| {
                let kind: String = r.get(1)?;
                let aliases: Option<String> = r.get(5)?;
                Ok((
                    r.get::<_, String>(0)?,
                    KnownEntry {
                        kind: kind.parse().unwrap_or(crate::Kind::Rule),
                        system: r.get(2)?,
                        name: r.get(3)?,
                        pack: r.get(4)?,
                        aliases: aliases.map(|a| a.split('\u{1f}').map(str::to_string).collect()).unwrap_or_default(),
                    },
                ))
            })
            .and_then(|rows| rows.collect())
            .map_err(err)?;
        Ok(Known { systems, entries })
    }

    /// Every installed pack, by name.
    pub fn packs(&self) -> Result<Vec<PackInfo>> {
        let mut stmt = self
            .connection()
            .prepare(&format!("SELECT {PACK_COLS} FROM pack p ORDER BY p.name"))
            .map_err(|e| self.err(e))?;
        let rows = stmt.query_map([], pack_info).and_then(|r| r.collect()).map_err(|e| self.err(e));
        rows
    }

    /// One installed pack.
    ///
    /// # Errors
    /// [`Error::NotFound`] (with the installed packs as suggestions).
    pub fn pack(&self, name: &str) -> Result<PackInfo> {
        self.connection()
            .query_row(&format!("SELECT {PACK_COLS} FROM pack p WHERE p.name = ?1"), [name], pack_info)
            .optional()
            .map_err(|e| self.err(e))?
            .ok_or_else(|| Error::NotFound {
                what: "pack",
                id: name.to_string(),
                suggestions: self.packs().map(|p| p.into_iter().map(|p| p.name).collect()).unwrap_or_default(),
            })
    }

    /// Writes a validated pack in one transaction, replacing an installed pack of the
    /// same name.
    /// Its `adversaries` (checked by the API, which knows the systems) replace those the
    /// pack shipped before.
    pub fn write_pack(
        &mut self,
        pack: &PackContent,
        digest: &str,
        adversaries: &[super::adversaries::AdversaryWrite<'_>],
    ) -> Result<PackImport> {
        let label = self.label().to_string();
        let err = |e| Error::sqlite(&label, e);
        let tx = self.begin_write()?;
        let counts = write_pack_raw(&tx, pack, digest).map_err(err)?;
        Db::write_pack_adversaries(&tx, &pack.manifest.name, adversaries).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(PackImport { pack: self.pack(&pack.manifest.name)?, ..counts })
    }

    /// The characters that use entries of `pack`, with the entries' names.
    pub fn pack_users(&self, pack: &str) -> Result<Vec<(String, String)>> {
        let mut stmt = self
            .connection()
            .prepare(
                "SELECT c.name, e.name FROM (
                     SELECT character_id, entry_id FROM character_item
                     UNION SELECT character_id, entry_id FROM character_condition
                     UNION SELECT character_id, entry_id FROM character_spell) u
                 JOIN entry e ON e.id = u.entry_id JOIN character c ON c.id = u.character_id
                 WHERE e.pack = ?1 ORDER BY c.name, e.name",
            )
            .map_err(|e| self.err(e))?;
        let rows =
            stmt.query_map([pack], |r| Ok((r.get(0)?, r.get(1)?))).and_then(|r| r.collect()).map_err(|e| self.err(e));
        rows
    }

    /// Removes a pack and every entry of it, in one transaction.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown pack; [`Error::InvalidInput`] when a
    /// character uses one of its entries (nothing is removed).
    pub fn remove_pack(&mut self, name: &str) -> Result<PackInfo> {
        let info = self.pack(name)?;
        let users = self.pack_users(name)?;
        if !users.is_empty() {
            let shown: Vec<String> = users.iter().take(10).map(|(c, e)| format!("{c} ({e})")).collect();
            let more = if users.len() > 10 { format!(" and {} more", users.len() - 10) } else { String::new() };
            return Err(Error::InvalidInput(format!(
                "pack `{name}` cannot be removed: character sheets use its entries: {}{more}. Take them off those sheets first.",
                shown.join(", ")
            )));
        }
        let label = self.label().to_string();
        let err = |e| Error::sqlite(&label, e);
        let tx = self.begin_write()?;
        remove_pack_raw(&tx, name).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(info)
    }
}

fn write_pack_raw(tx: &Connection, pack: &PackContent, digest: &str) -> rusqlite::Result<PackImport> {
    let m = &pack.manifest;
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0) as i64;
    let replaced: Option<String> =
        tx.query_row("SELECT version FROM pack WHERE name = ?1", [&m.name], |r| r.get(0)).optional()?;
    let systems = serde_json::to_string(&m.systems).expect("strings serialize");
    tx.execute(
        "INSERT INTO pack (name, title, version, author, systems, description, imported_at, digest)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (name) DO UPDATE SET title = excluded.title, version = excluded.version,
            author = excluded.author, systems = excluded.systems, description = excluded.description,
            imported_at = excluded.imported_at, digest = excluded.digest",
        params![m.name, m.title, m.version, m.author, systems, m.description, now, digest],
    )?;
    for system in &m.systems {
        tx.execute(
            "INSERT INTO document (system_id, file, title, pack) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (file) DO UPDATE SET title = excluded.title",
            params![system, document_file(&m.name, system), m.title, m.name],
        )?;
    }

    // The pack's rows in the full-text index are written again at the end.
    tx.execute("DELETE FROM entry_fts WHERE id IN (SELECT id FROM entry WHERE pack = ?1)", [&m.name])?;
    tx.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS refreshed (id TEXT PRIMARY KEY);
         DELETE FROM temp.refreshed;",
    )?;
    let mut added = 0;
    for (ord, e) in pack.entries.iter().enumerate() {
        let section = section_id(tx, &document_file(&m.name, &e.system), &e.section)?;
        let existed = tx.query_row("SELECT 1 FROM entry WHERE id = ?1", [&e.id], |_| Ok(())).optional()?.is_some();
        added += u32::from(!existed);
        tx.execute(
            "INSERT INTO entry (id, system_id, kind, slug, name, summary, body, section_id, origin, retired, ord, pack)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pack', 0, ?9, ?10)
             ON CONFLICT (id) DO UPDATE SET
                name = excluded.name, summary = excluded.summary, body = excluded.body,
                section_id = excluded.section_id, retired = 0, ord = excluded.ord",
            params![e.id, e.system, e.kind.as_str(), e.slug, e.name, e.summary, e.body, section, ord as i64, m.name],
        )?;
        tx.execute("INSERT INTO temp.refreshed (id) VALUES (?1)", [&e.id])?;
    }
    clear_details_raw(tx)?;
    for e in &pack.entries {
        insert_detail_raw(tx, e)?;
    }

    // Entries the new version dropped: kept retired while something holds on to them
    // (a sheet, a roster position's spell), deleted otherwise.
    let dropped = "e.pack = ?1 AND e.id NOT IN (SELECT id FROM temp.refreshed)";
    let held = "(e.id IN (SELECT entry_id FROM character_item) OR e.id IN (SELECT entry_id FROM character_condition)
                 OR e.id IN (SELECT entry_id FROM character_spell) OR e.id IN (SELECT spell_id FROM position WHERE spell_id IS NOT NULL))";
    let retired = tx.execute(
        &format!("UPDATE entry AS e SET retired = 1 WHERE {dropped} AND NOT e.retired AND {held}"),
        [&m.name],
    )?;
    let removed = tx.execute(&format!("DELETE FROM entry AS e WHERE {dropped} AND NOT {held}"), [&m.name])?;
    tx.execute(
        "DELETE FROM section WHERE id NOT IN (SELECT section_id FROM entry)
            AND document_id IN (SELECT id FROM document WHERE pack = ?1)",
        [&m.name],
    )?;
    tx.execute("DELETE FROM document WHERE pack = ?1 AND id NOT IN (SELECT document_id FROM section)", [&m.name])?;
    tx.execute(
        &format!(
            "INSERT INTO entry_fts (id, name, aliases, summary, body)
             SELECT e.id, e.name,
                    coalesce((SELECT group_concat(a.alias, ' ') FROM alias a WHERE a.entry_id = e.id), ''),
                    e.summary, {SEARCHED_BODY}
             FROM entry e WHERE e.pack = ?1 AND NOT e.retired"
        ),
        [&m.name],
    )?;
    tx.execute("DELETE FROM temp.refreshed", [])?;
    let total = pack.entries.len() as u32;
    Ok(PackImport {
        pack: PackInfo {
            name: m.name.clone(),
            title: m.title.clone(),
            version: m.version.clone(),
            author: m.author.clone(),
            systems: m.systems.clone(),
            description: m.description.clone(),
            entries: total,
            imported_at: now,
        },
        replaced,
        added,
        updated: total - added,
        removed: removed as u32,
        retired: retired as u32,
    })
}

fn remove_pack_raw(tx: &Connection, name: &str) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM entry_fts WHERE id IN (SELECT id FROM entry WHERE pack = ?1)", [name])?;
    tx.execute("DELETE FROM entry WHERE pack = ?1", [name])?;
    tx.execute("DELETE FROM section WHERE document_id IN (SELECT id FROM document WHERE pack = ?1)", [name])?;
    tx.execute("DELETE FROM document WHERE pack = ?1", [name])?;
    tx.execute("DELETE FROM pack WHERE name = ?1", [name])?;
    Ok(())
}
