//! The one API the CLI and the desktop shell call.

use std::path::{Path, PathBuf};

use crate::characters::{Character, CharacterChange, CharacterItem, CharacterRef, CharacterRevision, CharacterSummary};
use crate::db::{Db, SearchFilter};
use crate::dice::Dice;
use crate::error::{Error, Problem, Result};
use crate::model::{Entry, ListItem, SearchHit, System, Table, TableRoll};
use crate::search::{self, Field, How, Query, SearchIndex, TitleHit};

/// Results per search when the caller does not say.
const DEFAULT_LIMIT: usize = 20;
/// The most results one search returns.
const MAX_LIMIT: usize = 500;
use crate::seed::SeedFiles;
use crate::sheets::{self, CharacterView, Derived, SheetLayout};
use crate::Kind;

/// An open Tome: the user's database, holding the shipped content of this build.
pub struct Tome {
    pub(crate) db: Db,
    pub(crate) index: SearchIndex,
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
        Tome::from_db(db)
    }

    /// A Tome over whatever content `db` already holds (no shipped-content refresh):
    /// for tools and benchmarks that fill a database themselves.
    pub fn from_db(db: Db) -> Result<Tome> {
        let index = SearchIndex::build(db.index_docs()?, db.body_words()?);
        Ok(Tome { db, index })
    }

    /// Rebuilds the search index after content was added or removed (packs, imported
    /// documents).
    pub(crate) fn reindex(&mut self) -> Result<()> {
        self.index = SearchIndex::build(self.db.index_docs()?, self.db.body_words()?);
        Ok(())
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

    /// Every rules calculator, with its parameters described.
    pub fn calculators(&self) -> Vec<crate::rules::Calculator> {
        crate::rules::calculators()
    }

    /// Runs the calculator `system/name` with raw `--param value` pairs.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown calculator or entry, [`Error::InvalidInput`]
    /// naming the parameter and its valid range.
    pub fn calculate(
        &self,
        system: &str,
        name: &str,
        values: std::collections::BTreeMap<String, String>,
    ) -> Result<crate::rules::Outcome> {
        crate::rules::run(self, system, name, values)
    }

    /// Entries matching `query`, best first (see [`crate::search`] for the ranking).
    ///
    /// The query may carry filters (`sys:amtgard`, `kind:spell`, `in:spell`); they and
    /// `filter` both apply. Any text is a valid query: punctuation and search-engine
    /// operators are treated as separators, and very long input is cut short.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown system in `filter` (an unknown `sys:` in the
    /// query text simply matches nothing).
    pub fn search(&self, query: &str, filter: &SearchFilter) -> Result<Vec<SearchHit>> {
        if let Some(s) = &filter.system {
            self.check_system(s)?;
        }
        let mut q = Query::parse(query);
        match (&filter.system, &q.system) {
            (Some(a), Some(b)) if a != b => return Ok(Vec::new()),
            (Some(a), _) => q.system = Some(a.clone()),
            _ => {}
        }
        match (filter.kind, q.kind) {
            (Some(a), Some(b)) if a != b => return Ok(Vec::new()),
            (Some(a), _) => q.kind = Some(a),
            _ => {}
        }
        let limit = filter.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
        if q.words.is_empty() {
            return Ok(Vec::new());
        }

        let found = self.index.search_titles(&q, limit);
        let mut titles = found.hits;
        if titles.len() < limit {
            let skip: Vec<u32> = titles.iter().map(|h| h.doc).collect();
            titles.extend(self.index.search_subsequence(&q, &skip, limit - titles.len()));
        }
        let mut hits: Vec<SearchHit> = titles.iter().map(|h| self.title_hit(h, &found.words)).collect();

        let typed: usize = q.words.iter().map(|w| w.chars().count()).sum();
        if hits.len() < limit && typed >= 2 {
            let fts = self.fts_query(&q);
            let body_filter = SearchFilter { system: q.system.clone(), kind: q.kind, limit: None };
            for m in self.db.search_bodies(&fts, &body_filter, limit + hits.len())? {
                if hits.len() >= limit {
                    break;
                }
                if hits.iter().any(|h| h.id == m.id) {
                    continue;
                }
                let Some(pos) = self.index.position(&m.id) else { continue };
                let doc = self.index.doc(pos);
                let body = self.db.entry_body(&m.id)?;
                let (snippet, marks) = search::around(&body, &body_words(&q, &found.words));
                hits.push(SearchHit {
                    id: m.id,
                    name: doc.name.clone(),
                    kind: doc.kind,
                    system: doc.system.clone(),
                    snippet,
                    marks: to_u32(marks),
                    name_marks: Vec::new(),
                    matched: "body".into(),
                    score: 100.0 + (-m.rank).clamp(0.0, 99.0),
                    pack: doc.pack.clone(),
                });
            }
        }
        Ok(hits)
    }

    fn title_hit(&self, h: &TitleHit, words: &[(String, How)]) -> SearchHit {
        let doc = self.index.doc(h.doc);
        let name_marks = search::marks(&doc.name, words);
        let (snippet, marks) = search::around(&doc.summary, words);
        let matched = match h.field {
            Field::Name => "name",
            Field::Alias => "alias",
            Field::Summary => "summary",
        };
        SearchHit {
            id: doc.id.clone(),
            name: doc.name.clone(),
            kind: doc.kind,
            system: doc.system.clone(),
            snippet,
            marks: to_u32(marks),
            name_marks: to_u32(name_marks),
            matched: matched.into(),
            score: h.score as f64,
            pack: doc.pack.clone(),
        }
    }

    /// The FTS5 query for `q`: each word as itself or its corrections (and as a prefix
    /// when it is the word being typed), all words required. Words are letters and
    /// digits only, so quoting them is enough to keep FTS syntax out.
    fn fts_query(&self, q: &Query) -> String {
        let n = q.words.len();
        let groups: Vec<String> = q
            .words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let mut alts: Vec<String> = self
                    .index
                    .expand(w, false)
                    .iter()
                    .take(6)
                    .map(|&(id, _)| format!("\"{}\"", self.index.word(id)))
                    .collect();
                if i + 1 == n && (q.last_is_prefix || w.chars().count() >= 3) {
                    alts.push(format!("\"{w}\"*"));
                }
                if alts.is_empty() {
                    alts.push(format!("\"{w}\""));
                }
                format!("({})", alts.join(" OR "))
            })
            .collect();
        groups.join(" AND ")
    }

    // ---- Characters (storage in `crate::characters`; every write is one transaction) ----

    /// Every character, by name.
    pub fn characters(&self) -> Result<Vec<CharacterSummary>> {
        self.db.characters()
    }

    /// One character at its latest revision.
    pub fn character(&self, id: i64) -> Result<Character> {
        self.db.character(id)
    }

    /// A new, empty character of `system`.
    pub fn create_character(&mut self, system: &str, name: &str) -> Result<Character> {
        self.db.create_character(system, name)
    }

    /// Saves `character` as a new revision (nothing is written when nothing changed).
    pub fn save_character(&mut self, character: &Character) -> Result<Character> {
        self.db.save_character(character)
    }

    pub fn delete_character(&mut self, id: i64) -> Result<()> {
        self.db.delete_character(id)
    }

    pub fn character_revisions(&self, id: i64) -> Result<Vec<CharacterRevision>> {
        self.db.character_revisions(id)
    }

    pub fn character_diff(&self, id: i64, from: i64, to: i64) -> Result<Vec<CharacterChange>> {
        self.db.character_diff(id, from, to)
    }

    /// Makes revision `number` current again, as a new revision.
    pub fn restore_character(&mut self, id: i64, number: i64) -> Result<Character> {
        self.db.restore_character(id, number)
    }

    /// A new sheet item referencing `entry_id` (one, unequipped).
    pub fn character_item(&self, entry_id: &str) -> Result<CharacterItem> {
        self.db.character_item(entry_id).map_err(|e| self.suggest(e, entry_id, None))
    }

    /// A new condition or spell reference for a sheet.
    pub fn character_ref(&self, entry_id: &str) -> Result<CharacterRef> {
        self.db.character_ref(entry_id).map_err(|e| self.suggest(e, entry_id, None))
    }

    pub fn export_character(&self, id: i64) -> Result<String> {
        self.db.export_character(id)
    }

    pub fn export_character_file(&self, id: i64, path: &Path) -> Result<()> {
        self.db.export_character_file(id, path)
    }

    /// What an import of `bytes` would reject, without writing anything.
    pub fn check_character_file(&self, bytes: &[u8]) -> Result<Vec<Problem>> {
        self.db.check_character_file(bytes)
    }

    pub fn import_character(&mut self, bytes: &[u8]) -> Result<Character> {
        self.db.import_character(bytes)
    }

    pub fn import_character_file(&mut self, path: &Path) -> Result<Character> {
        self.db.import_character_file(path)
    }

    // ---- Sheets: layouts and derived stats (`crate::sheets`) ----

    /// The sheet layout of `system`.
    pub fn sheet_layout(&self, system: &str) -> Result<SheetLayout> {
        self.check_system(system)?;
        sheets::layout(system).cloned()
    }

    /// The derived stats and warnings of `character`, saved or not (the app derives
    /// while the player types, before anything is saved).
    pub fn derive_character(&self, character: &Character) -> Result<Derived> {
        sheets::derive(self, character)
    }

    /// A saved character with its derived stats.
    pub fn character_view(&self, id: i64) -> Result<CharacterView> {
        let character = self.character(id)?;
        let derived = self.derive_character(&character)?;
        Ok(CharacterView { character, derived })
    }

    /// `err`, when something was not found by `id`, with the ids of entries whose name
    /// or an alias matches the words of the id's last part: all of them together, else
    /// each alone, longest first (`bolt-of-lightning` finds Lightning Bolt).
    fn suggest(&self, err: Error, id: &str, kind: Option<Kind>) -> Error {
        let Error::NotFound { what, id: missing, .. } = err else { return err };
        let words = id.rsplit('/').next().unwrap_or(id).replace('-', " ");
        let mut alone: Vec<&str> = words.split_whitespace().filter(|w| w.chars().count() > 2).collect();
        alone.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
        let mut queries = vec![words.trim()];
        for w in alone {
            if !queries.contains(&w) {
                queries.push(w);
            }
        }
        let filter = SearchFilter { system: None, kind, limit: Some(5) };
        let suggestions = queries
            .into_iter()
            .filter(|q| !q.is_empty())
            .map(|q| {
                let hits = self.search(q, &filter).unwrap_or_default();
                hits.into_iter().filter(|h| h.matched == "name" || h.matched == "alias").map(|h| h.id).collect()
            })
            .find(|ids: &Vec<String>| !ids.is_empty())
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

/// The words to mark in a body: what the title search expanded the query to, plus the
/// last word as a prefix (the FTS query matched it as one).
fn body_words(q: &Query, expanded: &[(String, How)]) -> Vec<(String, How)> {
    let mut words = expanded.to_vec();
    if let Some(last) = q.words.last() {
        words.push((last.clone(), How::Prefix));
    }
    words.extend(q.words.iter().map(|w| (w.clone(), How::Exact)));
    words
}

fn to_u32(marks: Vec<[usize; 2]>) -> Vec<[u32; 2]> {
    marks.into_iter().map(|[a, b]| [a as u32, b as u32]).collect()
}
