//! Writing the shipped content into the database, in place, without touching user data.
//!
//! Entry rows are upserted (never deleted), so anything that references a shipped entry
//! keeps pointing at a row; their detail rows, aliases and links are rewritten. A shipped
//! entry that the new content no longer has is marked `retired`: still resolvable, no
//! longer listed or searched.

use std::collections::BTreeSet;

use rusqlite::{params, Connection, Transaction};

use super::search::SEARCHED_BODY;
use super::Db;
use crate::error::{Error, Result};
use crate::seed::{Content, ContentEntry, SeedDetail, SeedFiles};

/// This build's shipped content, for the checks that compare the file's shipped rows with
/// it: loaded the first time one needs it, which a file whose rows are as the kept sum
/// says never does.
pub struct Shipped<'a> {
    /// `None`: the content compiled into this binary, read out of it only when needed
    /// (copying 1.5 MB out at every open cost a read command as much as SQLite's work).
    seed: Option<&'a SeedFiles>,
    digest: &'a str,
    content: std::cell::OnceCell<Content>,
}

impl<'a> Shipped<'a> {
    /// The content of `seed`, whose digest is `digest`.
    pub fn new(seed: &'a SeedFiles, digest: &'a str) -> Shipped<'a> {
        Shipped { seed: Some(seed), digest, content: std::cell::OnceCell::new() }
    }

    /// The content compiled into this binary ([`SeedFiles::embedded`]), with its digest.
    pub fn embedded() -> Shipped<'static> {
        Shipped { seed: None, digest: SeedFiles::embedded_digest(), content: std::cell::OnceCell::new() }
    }

    /// The same, with its content already loaded.
    pub fn loaded(seed: &'a SeedFiles, digest: &'a str, content: Content) -> Shipped<'a> {
        let s = Shipped::new(seed, digest);
        let _ = s.content.set(content);
        s
    }

    /// The content, loaded now if it was not.
    ///
    /// # Errors
    /// The content does not load (a build whose content is broken).
    pub fn content(&self) -> Result<&Content> {
        if let Some(c) = self.content.get() {
            return Ok(c);
        }
        let c = match self.seed {
            Some(seed) => seed.load(),
            None => SeedFiles::embedded().load(),
        }
        .map_err(Error::Content)?;
        Ok(self.content.get_or_init(|| c))
    }

    /// The digest of the content.
    pub(crate) fn digest(&self) -> &'a str {
        self.digest
    }

    /// The content, if a check loaded it.
    pub fn into_content(self) -> Option<Content> {
        self.content.into_inner()
    }
}

const DIGEST_KEY: &str = "shipped_digest";

/// What a refresh changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefreshReport {
    pub entries: usize,
    pub retired: usize,
}

impl Db {
    /// The digest of the shipped content the database holds, if any.
    pub fn shipped_digest(&self) -> Result<Option<String>> {
        use rusqlite::OptionalExtension;
        self.conn
            .query_row("SELECT value FROM content_meta WHERE key = ?1", [DIGEST_KEY], |r| r.get(0))
            .optional()
            .map_err(|e| self.err(e))
    }

    /// Replaces the shipped content with `content` in one transaction.
    pub fn refresh_shipped(&mut self, content: &Content, digest: &str) -> Result<RefreshReport> {
        let label = self.label.clone();
        let err = |source| crate::Error::sqlite(&label, source);
        let tx = self.conn.transaction().map_err(err)?;
        let report = write_shipped(&tx, content, None).map_err(err)?;
        set_digest(&tx, digest).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(report)
    }

    /// Rewrites the shipped entries `ids` from `content` (and the systems and their
    /// documents), leaving every other row as it is: the repair of shipped rows found
    /// damaged (`damage.rs`). Shipped entries `content` does not have are retired, as a
    /// refresh does.
    pub(crate) fn rewrite_shipped(&mut self, content: &Content, ids: &BTreeSet<String>) -> Result<RefreshReport> {
        let label = self.label.clone();
        let err = |source| crate::Error::sqlite(&label, source);
        let tx = self.conn.transaction().map_err(err)?;
        let report = write_shipped(&tx, content, Some(ids)).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(report)
    }
}

fn set_digest(tx: &Transaction, digest: &str) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO content_meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![DIGEST_KEY, digest],
    )?;
    Ok(())
}

/// Writes the shipped content: every entry, or with `only` those entries alone.
pub(crate) fn write_shipped(
    tx: &Transaction,
    content: &Content,
    only: Option<&BTreeSet<String>>,
) -> rusqlite::Result<RefreshReport> {
    for (ord, s) in content.systems.iter().enumerate() {
        tx.execute(
            "INSERT INTO game_system (id, name, ord) VALUES (?1, ?2, ?3)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, ord = excluded.ord",
            params![s.id, s.name, ord as i64],
        )?;
        tx.execute(
            "INSERT INTO document (system_id, file, title) VALUES (?1, ?2, ?3)
             ON CONFLICT (file) DO UPDATE SET system_id = excluded.system_id, title = excluded.title",
            params![s.id, s.document, s.title],
        )?;
    }

    tx.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS refreshed (id TEXT PRIMARY KEY);
         DELETE FROM temp.refreshed;
         CREATE TEMP TABLE IF NOT EXISTS shipped_now (id TEXT PRIMARY KEY);
         DELETE FROM temp.shipped_now;",
    )?;
    let chosen = |e: &&ContentEntry| only.is_none_or(|ids| ids.contains(&e.id));
    for e in &content.entries {
        tx.execute("INSERT INTO temp.shipped_now (id) VALUES (?1)", [&e.id])?;
    }
    for (ord, e) in content.entries.iter().enumerate().filter(|(_, e)| chosen(e)) {
        let document = &content.systems.iter().find(|s| s.id == e.system).expect("validated").document;
        let section_id = section_id(tx, document, &e.section)?;
        tx.execute(
            "INSERT INTO entry (id, system_id, kind, slug, name, summary, body, section_id, origin, retired, ord)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'shipped', 0, ?9)
             ON CONFLICT (id) DO UPDATE SET
                system_id = excluded.system_id, kind = excluded.kind, slug = excluded.slug,
                origin = 'shipped', pack = NULL, name = excluded.name, summary = excluded.summary, body = excluded.body,
                section_id = excluded.section_id, retired = 0, ord = excluded.ord",
            params![e.id, e.system, e.kind.as_str(), e.slug, e.name, e.summary, e.body, section_id, ord as i64],
        )?;
        tx.execute("INSERT INTO temp.refreshed (id) VALUES (?1)", [&e.id])?;
    }

    clear_details_raw(tx)?;
    for e in content.entries.iter().filter(chosen) {
        insert_detail_raw(tx, e)?;
    }

    let retired = tx.execute(
        "UPDATE entry SET retired = 1
         WHERE origin = 'shipped' AND retired = 0 AND id NOT IN (SELECT id FROM temp.shipped_now)",
        [],
    )?;
    tx.execute("DELETE FROM section WHERE id NOT IN (SELECT section_id FROM entry)", [])?;
    rebuild_fts_raw(tx)?;
    tx.execute_batch("DELETE FROM temp.refreshed; DELETE FROM temp.shipped_now;")?;
    Ok(RefreshReport { entries: content.entries.iter().filter(chosen).count(), retired })
}

/// Deletes the details of the entries listed in `temp.refreshed` (aliases, typed fields,
/// links they make), so they can be written again. Every detail table is cleared by
/// name, children before parents, not through the cascades: a heal empties a damaged
/// table's pages with no delete for a cascade to follow, and a roll table's cells would
/// outlive its emptied rows (their shipped copies then refused as written twice).
pub(crate) fn clear_details_raw(tx: &Connection) -> rusqlite::Result<()> {
    for &table in super::tables::DETAIL_TABLES.iter().rev() {
        let key = super::tables::entry_key(table)[0];
        tx.execute(&format!("DELETE FROM {table} WHERE {key} IN (SELECT id FROM temp.refreshed)"), [])?;
    }
    Ok(())
}

/// Rebuilds the full-text index from every listed entry (shipped and from packs) and
/// every section of an imported document.
pub(crate) fn rebuild_fts_raw(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch(&format!(
        "DELETE FROM entry_fts;
             INSERT INTO entry_fts (id, name, aliases, summary, body)
             SELECT e.id, e.name,
                    coalesce((SELECT group_concat(a.alias, ' ') FROM alias a WHERE a.entry_id = e.id), ''),
                    e.summary, {SEARCHED_BODY}
             FROM entry e WHERE NOT e.retired;
             INSERT INTO entry_fts (id, name, aliases, summary, body)
             SELECT id, heading, '', '', body FROM doc_section;"
    ))
}

pub(crate) fn section_id(tx: &Connection, document: &str, section: &str) -> rusqlite::Result<i64> {
    tx.query_row(
        "INSERT INTO section (document_id, name)
         VALUES ((SELECT id FROM document WHERE file = ?1), ?2)
         ON CONFLICT (document_id, name) DO UPDATE SET name = excluded.name
         RETURNING id",
        params![document, section],
        |r| r.get(0),
    )
}

pub(crate) fn insert_detail_raw(tx: &Connection, e: &ContentEntry) -> rusqlite::Result<()> {
    for a in &e.aliases {
        tx.execute("INSERT OR IGNORE INTO alias (entry_id, alias) VALUES (?1, ?2)", params![e.id, a])?;
    }
    for to in &e.links {
        tx.execute("INSERT OR IGNORE INTO entry_link (from_id, to_id) VALUES (?1, ?2)", params![e.id, to])?;
    }
    for (to, words) in &e.mentions {
        tx.execute(
            "INSERT INTO entry_link (from_id, to_id, mention) VALUES (?1, ?2, ?3)
             ON CONFLICT (from_id, to_id) DO UPDATE SET mention = excluded.mention",
            params![e.id, to, words],
        )?;
    }
    match &e.detail {
        SeedDetail::None => {}
        SeedDetail::Weapon(w) => {
            tx.execute(
                "INSERT INTO weapon (entry_id, weapon_group, ability, init, atk, dfn, dam, str, load, range, cost,
                 horseback) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                params![
                    e.id,
                    w.group,
                    w.ability,
                    w.init,
                    w.atk,
                    w.dfn,
                    w.dam,
                    w.str,
                    w.load,
                    w.range,
                    w.cost.map(|c| c.as_str()),
                    w.horseback
                ],
            )?;
        }
        SeedDetail::Armor(a) => {
            tx.execute(
                "INSERT INTO armor (entry_id, cost) VALUES (?1, ?2)",
                params![e.id, a.cost.map(|c| c.as_str())],
            )?;
            for (coverage, c) in [("partial", a.partial), ("full", a.full)] {
                if let Some(c) = c {
                    tx.execute(
                        "INSERT INTO armor_coverage (entry_id, coverage, protection, load) VALUES (?1, ?2, ?3, ?4)",
                        params![e.id, coverage, c.prot, c.load],
                    )?;
                }
            }
        }
        SeedDetail::Spell(s) => {
            tx.execute(
                "INSERT INTO spell (entry_id, list, success, success_target, when_cast, range, duration, restriction, failure)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![e.id, s.list, s.success, s.success_target, s.when, s.range, s.duration, s.restriction, s.failure],
            )?;
        }
        SeedDetail::Condition(c) => {
            for implied in &c.implies {
                tx.execute(
                    "INSERT OR IGNORE INTO condition_implies (entry_id, implied_id) VALUES (?1, ?2)",
                    params![e.id, implied],
                )?;
            }
        }
        SeedDetail::Maneuver(m) => {
            tx.execute("INSERT INTO maneuver (entry_id, tier) VALUES (?1, ?2)", params![e.id, m.tier])?;
            for c in &m.costs {
                tx.execute(
                    "INSERT INTO maneuver_cost (entry_id, actor, amount, unit, printed) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![e.id, c.actor, c.amount, c.unit, c.printed],
                )?;
            }
        }
        SeedDetail::Position(p) => {
            tx.execute(
                "INSERT INTO position (entry_id, race, ma, st, ag, av, cost, spell_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![e.id, p.race, p.ma, p.st, p.ag, p.av, p.cost, p.spell_id],
            )?;
            for (ord, s) in p.skills.iter().enumerate() {
                tx.execute(
                    "INSERT INTO position_skill (entry_id, ord, skill) VALUES (?1, ?2, ?3)",
                    params![e.id, ord as i64, s],
                )?;
            }
            for (ord, c) in p.categories.iter().enumerate() {
                tx.execute(
                    "INSERT INTO position_category (entry_id, ord, category) VALUES (?1, ?2, ?3)",
                    params![e.id, ord as i64, c],
                )?;
            }
        }
        SeedDetail::Table { dice, columns, rows } => {
            tx.execute("INSERT INTO roll_table (entry_id, dice) VALUES (?1, ?2)", params![e.id, dice])?;
            for (ord, c) in columns.iter().enumerate() {
                tx.execute(
                    "INSERT INTO roll_table_column (entry_id, ord, name) VALUES (?1, ?2, ?3)",
                    params![e.id, ord as i64, c],
                )?;
            }
            for (ord, r) in rows.iter().enumerate() {
                let key = r.key.unwrap_or(crate::model::KeyRange { from: None, to: None });
                tx.execute(
                    "INSERT INTO roll_table_row (entry_id, ord, roll_lo, roll_hi, key_lo, key_hi)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![e.id, ord as i64, r.roll.map(|r| r[0]), r.roll.map(|r| r[1]), key.from, key.to],
                )?;
                for (col, text) in r.cells.iter().enumerate() {
                    tx.execute(
                        "INSERT INTO roll_table_cell (entry_id, row_ord, col_ord, text, value) VALUES (?1, ?2, ?3, ?4, ?5)",
                        params![e.id, ord as i64, col as i64, text, cell_value(text)],
                    )?;
                }
            }
        }
        SeedDetail::Rule(r) => {
            tx.execute("INSERT INTO rule (entry_id, formula) VALUES (?1, ?2)", params![e.id, r.formula])?;
        }
    }
    Ok(())
}

/// A cell's number, when the cell is exactly a signed integer ("+3", "-1", "10").
pub(crate) fn cell_value(text: &str) -> Option<i64> {
    let t = text.trim();
    let digits = t.strip_prefix('+').unwrap_or(t);
    if digits.is_empty() || !digits.trim_start_matches('-').chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::cell_value;

    #[test]
    fn cells_that_are_numbers() {
        assert_eq!(cell_value("+3"), Some(3));
        assert_eq!(cell_value("-1"), Some(-1));
        assert_eq!(cell_value("10"), Some(10));
        assert_eq!(cell_value("1-2"), None);
        assert_eq!(cell_value("5+"), None);
        assert_eq!(cell_value("n/a"), None);
        assert_eq!(cell_value("+"), None);
    }
}
