//! Reading content: each row becomes a domain type in exactly one place here.

use rusqlite::{params, OptionalExtension, Row};

use super::Db;
use crate::error::{Error, Result};
use crate::model::{
    Armor, CostTier, Coverage, Detail, Entry, KeyRange, ListItem, Maneuver, ManeuverCost, Position, Rule, Source,
    Spell, System, Table, TableInfo, TableRow, Weapon,
};
use crate::Kind;

/// The identity columns every entry query selects, in this order.
const ENTRY_COLS: &str = "e.id, e.name, e.system_id, e.kind, e.summary, e.pack";

struct EntryHead {
    id: String,
    name: String,
    system: String,
    kind: Kind,
    summary: String,
    pack: Option<String>,
}

impl TryFrom<&Row<'_>> for EntryHead {
    type Error = rusqlite::Error;

    fn try_from(r: &Row<'_>) -> rusqlite::Result<Self> {
        let kind: String = r.get(3)?;
        Ok(EntryHead {
            id: r.get(0)?,
            name: r.get(1)?,
            system: r.get(2)?,
            kind: kind.parse().map_err(|e: String| {
                rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Text, e.into())
            })?,
            summary: r.get(4)?,
            pack: r.get(5)?,
        })
    }
}

fn cost(s: Option<String>) -> Option<CostTier> {
    s.as_deref().and_then(CostTier::parse)
}

impl Db {
    pub fn systems(&self) -> Result<Vec<System>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT s.id, s.name, d.title,
                        (SELECT count(*) FROM entry e WHERE e.system_id = s.id AND NOT e.retired)
                 FROM game_system s JOIN document d ON d.system_id = s.id AND d.pack IS NULL
                 ORDER BY s.ord",
            )
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |r| {
                Ok(System {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    document: r.get(2)?,
                    entries: r.get(3)?,
                    style: None,
                    modes: Vec::new(),
                    foundry: None,
                })
            })
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e));
        rows
    }

    pub fn system_exists(&self, id: &str) -> Result<bool> {
        self.system_name(id).map(|name| name.is_some())
    }

    /// A system's name, when the file holds the system.
    pub fn system_name(&self, id: &str) -> Result<Option<String>> {
        self.conn
            .prepare_cached("SELECT name FROM game_system WHERE id = ?1")
            .and_then(|mut s| s.query_row([id], |r| r.get(0)).optional())
            .map_err(|e| self.err(e))
    }

    /// Entries of one kind, optionally of one system, in document order.
    pub fn list(&self, kind: Kind, system: Option<&str>) -> Result<Vec<ListItem>> {
        let what =
            format!("an entry of kind {}{}", kind.as_str(), system.map(|s| format!(" of {s}")).unwrap_or_default());
        self.list_of(kind, system).map_err(|e| e.naming(&what))
    }

    fn list_of(&self, kind: Kind, system: Option<&str>) -> Result<Vec<ListItem>> {
        if kind == Kind::Section {
            return self.section_list(system);
        }
        let sql = format!(
            "SELECT {ENTRY_COLS} FROM entry e JOIN game_system s ON s.id = e.system_id
             WHERE e.kind = ?1 AND (?2 IS NULL OR e.system_id = ?2) AND NOT e.retired
             ORDER BY s.ord, e.pack IS NOT NULL, e.pack, e.ord"
        );
        let heads: Vec<EntryHead> = {
            // Cached: a rule that finds an entry by name lists its kind (an MLAF cast, each
            // spell its caster learned).
            let mut stmt = self.conn.prepare_cached(&sql).map_err(|e| self.err(e))?;
            let name = |r: &rusqlite::Row<'_>| format!("entry {}", super::records::key_text(r, 0));
            self.read_rows(stmt.query(params![kind.as_str(), system]), name, |r| EntryHead::try_from(r))?
        };
        heads
            .into_iter()
            .map(|h| {
                let detail = self
                    .detail(&h.id, h.kind)
                    .map_err(|e| e.naming(&format!("entry {}", h.id)))?
                    .unwrap_or(Detail::Plain(crate::model::Plain {}));
                let facts = crate::facts::lines(&detail, &|id| self.entry_name(id))
                    .map_err(|e| e.naming(&format!("entry {}", h.id)))?;
                Ok(ListItem {
                    id: h.id,
                    name: h.name,
                    system: h.system,
                    kind: h.kind,
                    summary: h.summary,
                    detail,
                    facts,
                    pack: h.pack,
                })
            })
            .collect()
    }

    /// The name of entry `id`, or the id itself when there is no such entry (a link to an
    /// entry of a pack removed since).
    ///
    /// # Errors
    /// The name does not read (damage): the read's failure, never the id (issue 73).
    pub fn entry_name(&self, id: &str) -> Result<String> {
        let name: Option<String> = self
            .conn
            .prepare_cached("SELECT name FROM entry WHERE id = ?1")
            .and_then(|mut stmt| stmt.query_row([id], |r| r.get(0)).optional())
            .map_err(|e| self.err_in(&format!("entry {id}"), e))?;
        Ok(name.unwrap_or_else(|| id.to_string()))
    }

    /// The id and name of the entry of `system` whose id, name or an alias is `text` (case
    /// aside; the id first, then a condition, then a name before an alias): what the
    /// tracker needs to put a condition on, without reading the entry whole.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn entry_named(&self, system: &str, text: &str) -> Result<Option<(String, String)>> {
        self.conn
            .prepare_cached(
                "SELECT e.id, e.name FROM entry e
                  WHERE e.system_id = ?1 AND NOT e.retired
                    AND (e.id = ?2 OR e.name = ?2 COLLATE NOCASE
                         OR e.id IN (SELECT entry_id FROM alias WHERE alias = ?2 COLLATE NOCASE))
                  ORDER BY e.id = ?2 DESC, e.kind = 'condition' DESC, e.name = ?2 COLLATE NOCASE DESC,
                           e.pack IS NOT NULL, e.id
                  LIMIT 1",
            )
            .and_then(|mut s| s.query_row(params![system, text], |r| Ok((r.get(0)?, r.get(1)?))).optional())
            .map_err(|e| self.err(e))
    }

    /// One entry, whole.
    ///
    /// # Errors
    /// [`Error::NotFound`] when no entry has that id.
    pub fn entry(&self, id: &str) -> Result<Entry> {
        self.entry_whole(id).map_err(|e| e.naming(&format!("entry {id}")))
    }

    fn entry_whole(&self, id: &str) -> Result<Entry> {
        // Cached: the tracker reads a condition's entry with every condition it changes.
        let found = self
            .conn
            .prepare_cached(&format!(
                "SELECT {ENTRY_COLS}, e.body, d.title, d.file, sec.name
                 FROM entry e JOIN section sec ON sec.id = e.section_id JOIN document d ON d.id = sec.document_id
                 WHERE e.id = ?1"
            ))
            .and_then(|mut stmt| {
                stmt.query_row([id], |r| {
                    let head = EntryHead::try_from(r)?;
                    let body: String = r.get(6)?;
                    let source = Source { document: r.get(7)?, file: r.get(8)?, section: r.get(9)? };
                    Ok((head, body, source))
                })
                .optional()
            })
            .map_err(|e| self.err(e))?;
        let Some((h, body, source)) = found else {
            // Sections of imported documents have ids of the same shape.
            return self.section_entry(id)?.ok_or_else(|| Error::not_found("entry", id));
        };
        let aliases = self.strings("SELECT alias FROM alias WHERE entry_id = ?1 ORDER BY rowid", id)?;
        let links = self.strings(
            "SELECT l.to_id FROM entry_link l JOIN entry t ON t.id = l.to_id WHERE l.from_id = ?1
             ORDER BY l.mention IS NOT NULL, l.rowid",
            id,
        )?;
        let mentions = self.mentions(id)?;
        let backlinks = self.strings(
            "SELECT l.from_id FROM entry_link l JOIN entry f ON f.id = l.from_id
             WHERE l.to_id = ?1 AND NOT f.retired ORDER BY f.system_id, f.kind, f.ord",
            id,
        )?;
        let detail = self.detail(&h.id, h.kind)?;
        let summary_parts = crate::mentions::link_text(&h.summary, &mentions);
        let facts = match &detail {
            Some(d) => crate::facts::lines(d, &|id| self.entry_name(id))?,
            None => Vec::new(),
        };
        let body_linked = crate::mentions::link_markdown(&body, &mentions);
        Ok(Entry {
            id: h.id,
            name: h.name,
            kind: h.kind,
            system: h.system,
            summary: h.summary,
            body,
            source,
            aliases,
            links,
            mentions,
            summary_parts,
            body_linked,
            backlinks,
            detail,
            facts,
            pack: h.pack,
        })
    }

    /// A table with all its rows.
    ///
    /// # Errors
    /// [`Error::NotFound`] when no table has that id.
    pub fn table(&self, id: &str) -> Result<Table> {
        self.table_whole(id).map_err(|e| e.naming(&format!("table {id}")))
    }

    fn table_whole(&self, id: &str) -> Result<Table> {
        let found = self
            .conn
            .query_row(
                "SELECT e.name, e.system_id, t.dice FROM roll_table t JOIN entry e ON e.id = t.entry_id
                 WHERE t.entry_id = ?1",
                [id],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, Option<String>>(2)?)),
            )
            .optional()
            .map_err(|e| self.err(e))?;
        let Some((name, system, dice)) = found else {
            return Err(Error::not_found("table", id));
        };
        let columns = self.strings("SELECT name FROM roll_table_column WHERE entry_id = ?1 ORDER BY ord", id)?;
        let mut stmt = self
            .conn
            .prepare(
                "SELECT r.ord, r.roll_lo, r.roll_hi, r.key_lo, r.key_hi, c.text
                 FROM roll_table_row r LEFT JOIN roll_table_cell c ON c.entry_id = r.entry_id AND c.row_ord = r.ord
                 WHERE r.entry_id = ?1 ORDER BY r.ord, c.col_ord",
            )
            .map_err(|e| self.err(e))?;
        let mut rows: Vec<(i64, TableRow)> = Vec::new();
        let mut q = stmt.query([id]).map_err(|e| self.err(e))?;
        while let Some(r) = q.next().map_err(|e| self.err(e))? {
            let conv = |r: &Row| -> rusqlite::Result<(i64, TableRow, Option<String>)> {
                let ord: i64 = r.get(0)?;
                let roll = match (r.get::<_, Option<i64>>(1)?, r.get::<_, Option<i64>>(2)?) {
                    (Some(lo), Some(hi)) => Some([lo, hi]),
                    _ => None,
                };
                let (from, to): (Option<i64>, Option<i64>) = (r.get(3)?, r.get(4)?);
                let key = (from.is_some() || to.is_some()).then_some(KeyRange { from, to });
                Ok((ord, TableRow { roll, key, cells: Vec::new(), parts: Vec::new() }, r.get(5)?))
            };
            let (ord, row, cell) = conv(r).map_err(|e| self.err(e))?;
            if rows.last().is_none_or(|(o, _)| *o != ord) {
                rows.push((ord, row));
            }
            if let Some(text) = cell {
                rows.last_mut().expect("pushed above").1.cells.push(text);
            }
        }
        let mentions = self.mentions(id)?;
        let rows = rows
            .into_iter()
            .map(|(_, mut r)| {
                r.parts = r.cells.iter().map(|c| crate::mentions::link_cell(c, &mentions)).collect();
                r
            })
            .collect();
        Ok(Table { id: id.to_string(), name, system, dice, columns, rows, rolled: None, faces: None })
    }

    /// The entries `id`'s text mentions by name, with the words that name each.
    fn mentions(&self, id: &str) -> Result<Vec<crate::model::Mention>> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT t.id, l.mention FROM entry_link l JOIN entry t ON t.id = l.to_id
                 WHERE l.from_id = ?1 AND l.mention IS NOT NULL ORDER BY l.rowid",
            )
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([id], |r| Ok(crate::model::Mention { id: r.get(0)?, name: r.get(1)? }))
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .map_err(|e| self.err(e));
        rows
    }

    fn strings(&self, sql: &str, id: &str) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare_cached(sql).map_err(|e| self.err(e))?;
        let rows = stmt.query_map([id], |r| r.get(0)).and_then(|rows| rows.collect()).map_err(|e| self.err(e));
        rows
    }

    /// The typed fields of an entry of `kind` (a table's dice and columns; its rows
    /// come from [`Db::table`]).
    fn detail(&self, id: &str, kind: Kind) -> Result<Option<Detail>> {
        match kind {
            Kind::Weapon => self.one_detail(
                "SELECT weapon_group, ability, init, atk, dfn, dam, str, load, range, cost, horseback FROM weapon
                 WHERE entry_id = ?1",
                id,
                &|r| {
                    Ok(Detail::Weapon(Weapon {
                        group: r.get(0)?,
                        ability: r.get(1)?,
                        init: r.get(2)?,
                        atk: r.get(3)?,
                        dfn: r.get(4)?,
                        dam: r.get(5)?,
                        str: r.get(6)?,
                        load: r.get(7)?,
                        range: r.get(8)?,
                        cost: cost(r.get(9)?),
                        horseback: r.get(10)?,
                    }))
                },
            ),
            Kind::Armor => self.armor_detail(id),
            Kind::Spell => self.one_detail(
                "SELECT list, success, success_target, when_cast, range, duration, restriction, failure
                 FROM spell WHERE entry_id = ?1",
                id,
                &|r| {
                    Ok(Detail::Spell(Spell {
                        list: r.get(0)?,
                        success: r.get(1)?,
                        success_target: r.get(2)?,
                        when: r.get(3)?,
                        range: r.get(4)?,
                        duration: r.get(5)?,
                        restriction: r.get(6)?,
                        failure: r.get(7)?,
                    }))
                },
            ),
            Kind::Condition => {
                let implies =
                    self.strings("SELECT implied_id FROM condition_implies WHERE entry_id = ?1 ORDER BY rowid", id)?;
                Ok(Some(Detail::Condition(crate::model::Condition { implies })))
            }
            Kind::Maneuver => self.maneuver_detail(id),
            Kind::Position => self.position_detail(id),
            Kind::Table => self.table_detail(id),
            Kind::Rule => self.one_detail("SELECT formula FROM rule WHERE entry_id = ?1", id, &|r| {
                Ok(Detail::Rule(Rule { formula: r.get(0)? }))
            }),
            Kind::SpecialEffect | Kind::School | Kind::Section | Kind::Adversary => Ok(None),
        }
    }

    /// A detail read whole from one row.
    fn one_detail(&self, sql: &str, id: &str, f: &dyn Fn(&Row) -> rusqlite::Result<Detail>) -> Result<Option<Detail>> {
        self.conn.prepare_cached(sql).and_then(|mut s| s.query_row([id], |r| f(r)).optional()).map_err(|e| self.err(e))
    }

    /// One text column of the entry's row in `sql`, `None` with no row.
    fn head_of(&self, sql: &str, id: &str) -> Result<Option<Option<String>>> {
        self.conn.query_row(sql, [id], |r| r.get::<_, Option<String>>(0)).optional().map_err(|e| self.err(e))
    }

    fn armor_detail(&self, id: &str) -> Result<Option<Detail>> {
        let Some(tier) = self.head_of("SELECT cost FROM armor WHERE entry_id = ?1", id)? else {
            return Ok(None);
        };
        let coverage = |which: &str| -> Result<Option<Coverage>> {
            self.conn
                .query_row(
                    "SELECT protection, load FROM armor_coverage WHERE entry_id = ?1 AND coverage = ?2",
                    [id, which],
                    |r| Ok(Coverage { prot: r.get(0)?, load: r.get(1)? }),
                )
                .optional()
                .map_err(|e| self.err(e))
        };
        Ok(Some(Detail::Armor(Armor { cost: cost(tier), partial: coverage("partial")?, full: coverage("full")? })))
    }

    fn maneuver_detail(&self, id: &str) -> Result<Option<Detail>> {
        let Some(tier) = self.head_of("SELECT tier FROM maneuver WHERE entry_id = ?1", id)? else {
            return Ok(None);
        };
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT actor, amount, unit, printed FROM maneuver_cost WHERE entry_id = ?1
                 ORDER BY CASE actor WHEN 'pc' THEN 0 WHEN 'creature' THEN 1 ELSE 2 END",
            )
            .map_err(|e| self.err(e))?;
        let costs = stmt
            .query_map([id], |r| {
                Ok(ManeuverCost { actor: r.get(0)?, amount: r.get(1)?, unit: r.get(2)?, printed: r.get(3)? })
            })
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e))?;
        Ok(Some(Detail::Maneuver(Maneuver { tier, costs })))
    }

    fn position_detail(&self, id: &str) -> Result<Option<Detail>> {
        let Some(mut p) = self
            .conn
            .query_row(
                "SELECT p.race, p.ma, p.st, p.ag, p.av, p.cost, p.spell_id, s.name
                 FROM position p LEFT JOIN entry s ON s.id = p.spell_id WHERE p.entry_id = ?1",
                [id],
                |r| {
                    Ok(Position {
                        race: r.get(0)?,
                        ma: r.get(1)?,
                        st: r.get(2)?,
                        ag: r.get(3)?,
                        av: r.get(4)?,
                        cost: r.get(5)?,
                        spell_id: r.get(6)?,
                        spell: r.get(7)?,
                        skills: Vec::new(),
                        categories: Vec::new(),
                    })
                },
            )
            .optional()
            .map_err(|e| self.err(e))?
        else {
            return Ok(None);
        };
        p.skills = self.strings("SELECT skill FROM position_skill WHERE entry_id = ?1 ORDER BY ord", id)?;
        p.categories = self.strings("SELECT category FROM position_category WHERE entry_id = ?1 ORDER BY ord", id)?;
        Ok(Some(Detail::Position(p)))
    }

    fn table_detail(&self, id: &str) -> Result<Option<Detail>> {
        let Some(dice) = self.head_of("SELECT dice FROM roll_table WHERE entry_id = ?1", id)? else {
            return Ok(None);
        };
        let columns = self.strings("SELECT name FROM roll_table_column WHERE entry_id = ?1 ORDER BY ord", id)?;
        Ok(Some(Detail::Table(TableInfo { dice, columns })))
    }
}

/// The rules read content through [`crate::rulebook::Rulebook`]; the database is one (the trait knows no
/// database, so the layers point one way).
impl crate::rulebook::Rulebook for Db {
    fn show(&self, id: &str) -> Result<Entry> {
        self.entry(id)
    }

    fn list(&self, kind: Kind, system: Option<&str>) -> Result<Vec<ListItem>> {
        Db::list(self, kind, system)
    }

    fn table(&self, id: &str, roll: Option<i64>) -> Result<Table> {
        Db::table(self, id)?.select(roll)
    }
}
