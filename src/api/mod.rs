//! The one API the CLI and the desktop shell call.

mod adversaries;
mod again;
mod attacks;
mod encounters;
mod fight_events;
mod foe_cards;
mod foundry;
mod kept;
mod packs;
mod parties;
mod phone_fields;
mod proposals;
mod recovery;
mod screens;
mod sessions;
mod starters;
mod startup;
mod table;
mod table_log;
mod textdocs;

pub use crate::sheets::recovery::{DueWound, RecoveryDue, RecoveryReport, RecoveryRoll};
pub(crate) use attacks::written as written_attacks;
pub use attacks::{AttackFrom, AttackUse};
pub(crate) use encounters::view as encounter_view;
pub use encounters::{
    EncounterKit, EncounterView, Lasting, MyCombatant, PlayerCombatant, PlayerCondition, PlayerView, RevealOffer,
};
pub(crate) use fight_events::{check_room, join_event, quick_combatants, roll_event, start_event};
pub use foundry::{AdversaryImport, CharacterImport, ExportFormat, FoundrySaved};
pub use proposals::{InitiativeAnswer, InitiativeAsk, Prepared, ProposalOutcome, ProposalPreview};
pub use sessions::SessionPick;
pub use startup::{Repair, StartupProblem};
pub use table_log::{TableLog, TABLE_LOG_KEPT};

use std::path::{Path, PathBuf};

use crate::characters::{Character, CharacterChange, CharacterItem, CharacterRef, CharacterRevision, CharacterSummary};
use crate::db::Db;
use crate::dice::Dice;
use crate::error::{Error, Problem, Result};
use crate::model::{Entry, ListItem, SearchHit, System, SystemMode, Table, TableRoll};
use crate::search::kept::HeldIndex;
use crate::search::{self, SearchFilter, SearchIndex};

use crate::seed::SeedFiles;
use crate::sheets::{CharacterView, Derived, SheetLayout};
use crate::Kind;

/// How often the app checks the whole database in the background: a week.
pub const CHECK_EVERY_SECONDS: i64 = 7 * 24 * 60 * 60;

/// An open Tome: the user's database, holding the shipped content of this build.
pub struct Tome {
    pub(crate) db: Db,
    /// Built on the first search, not at open: most commands (show a rule, save a sheet)
    /// never search, and building it is most of what opening would cost.
    index: std::sync::OnceLock<HeldIndex>,
    /// The checksum of the kept copy the index in memory matches (loaded from it, or kept
    /// as it), to tell when another process changed the content ([`Tome::notice_other_processes`]).
    index_sum: std::sync::Mutex<Option<i64>>,
    /// The table's own search, made on a phone's first search (`table.rs`).
    table_reading: std::sync::Mutex<Option<std::sync::Arc<table::TableReading>>>,
    /// Shipped records opening found changed and rewrote (see [`Tome::repaired_at_open`]).
    repaired_at_open: Vec<String>,
    /// What the checks Tome ran by itself (at open, the weekly one) repaired and the app
    /// has not been told yet ([`Tome::take_repairs`]).
    pub(crate) untold: crate::db::damage::DbCheck,
    /// Told after every change the table may see (an encounter's event, undo or redo, a
    /// character saved): sharing with the table (`crate::share`) and the desktop's
    /// players' window push from here. Each with the number it was added under.
    hooks: Vec<(u64, ChangeHook)>,
    next_hook: u64,
    /// SQLite's `data_version` when [`Tome::notice_other_processes`] last looked.
    seen_version: Option<i64>,
    /// The state of the encounter read or changed last (`kept.rs`).
    kept: kept::Kept,
    /// A fight's checkpoint is kept every this many events (`encounters::checkpoint`).
    checkpoint_interval: usize,
    /// Set by [`Tome::warm_search`]: this process searches many times (the app), so an
    /// index read back from its kept copy is made quick to look up in, at a cost a
    /// one-off command does not pay.
    searches_often: std::sync::atomic::AtomicBool,
}

/// What is wrong with JSON the API's layers store, as they read it back: an encounter's
/// event as the event it was, a screen as its panels, an adversary's stat block as the
/// adversary (the check of stored values in `db/damage.rs` asks here, since the database
/// layer knows none of these types).
pub fn stored_json(column: &str, text: &str) -> Option<String> {
    let bad = |e: serde_json::Error| Some(crate::db::damage::stored_json_problem(&e));
    match column {
        "event" => serde_json::from_str::<crate::encounters::Event>(text).err().and_then(bad),
        "panels" => serde_json::from_str::<Vec<crate::screen::ScreenPanel>>(text).err().and_then(bad),
        "stat_block" => serde_json::from_str::<crate::adversaries::Adversary>(text).err().and_then(bad),
        _ => None,
    }
}

/// What [`Tome::add_change_hook`] calls after a change. It runs while the change's caller
/// waits, so it only signals (a channel send), never reads the Tome.
pub type ChangeHook = std::sync::Arc<dyn Fn() + Send + Sync>;

impl Tome {
    /// Opens the database at `path`, creating it on first use, and makes sure it holds
    /// this build's shipped content (refreshing it in place when the content changed).
    ///
    /// # Errors
    /// The database cannot be opened or migrated, or the shipped content does not load.
    pub fn open(path: &Path) -> Result<Tome> {
        Tome::with_db(Db::open(path)?).map_err(Error::at_open)
    }

    /// A Tome on a private in-memory database.
    pub fn open_in_memory() -> Result<Tome> {
        Tome::with_db(Db::open_in_memory()?)
    }

    fn with_db(mut db: Db) -> Result<Tome> {
        let digest = SeedFiles::embedded_digest();
        let mut content = None;
        let repaired = match Tome::bring_shipped_up_to_date(&mut db, &mut content) {
            Ok(repaired) => repaired,
            Err(e) => return Err(db.noticed(e)),
        };
        let mut tome = Tome::from_db(db)?;
        // Apart from the shipped entries' digest, so starters a crash kept from being
        // given are given at the next open.
        if tome.db.starters_digest()?.as_deref() != Some(digest) {
            let content = match content {
                Some(c) => c,
                None => SeedFiles::embedded().load().map_err(Error::Content)?,
            };
            // The starters are a gift, not the user's data: one that cannot be given now
            // (the file is read-only, say) is given at an open that can, and keeps no one
            // from their library. Damage is said as every read says it.
            if let Err(e) = tome.give_starters_if_new(&content, digest) {
                if e.is_damage() {
                    return Err(tome.db.noticed(e));
                }
            }
        }
        tome.untold.repaired.clone_from(&repaired);
        tome.repaired_at_open = repaired;
        Ok(tome)
    }

    /// Writes this build's shipped content into `db` when it holds another's, or checks
    /// it against this build's when opening checked the file; answers what it repaired,
    /// and leaves the content in `loaded` when it read it.
    fn bring_shipped_up_to_date(db: &mut Db, loaded: &mut Option<crate::seed::Content>) -> Result<Vec<String>> {
        let shipped = crate::db::damage::Shipped::embedded();
        let digest = SeedFiles::embedded_digest();
        let mut repaired = Vec::new();
        if let Some((_, problems, refusal)) = db.pages_damaged.take() {
            // Opening found damaged pages, all in tables Tome makes itself: they are made
            // again before anything reads them.
            let Some(remade) = db.rebuild_tomes_tables(&shipped, &problems)? else { return Err(refusal) };
            db.pages_healed()?;
            repaired.extend(remade);
        }
        let more = if !db.shipped_rows_damaged.is_empty() {
            // Opening found shipped rows breaking their tables' constraints: they are
            // written again before anything reads them (and a newer build's content
            // after that).
            let repaired = db.heal_shipped_rows(&shipped)?;
            if db.shipped_digest()?.as_deref() != Some(digest) {
                db.refresh_shipped(shipped.content()?, digest)?;
            }
            repaired
        } else if db.shipped_digest()?.as_deref() != Some(digest) {
            db.refresh_shipped(shipped.content()?, digest)?;
            Vec::new()
        } else if db.checked_at_open {
            // The file was checked as it opened (it was not the one last closed whole):
            // its shipped rows are checked against this build's content with it. A
            // rewrite that meets damage SQLite's quick check does not see (an index out
            // of step with its table) makes the damaged tables again when they are Tome's;
            // so does damage SQLite's check of those tables finds first.
            if db.tomes_tables_damaged()? {
                if let Some(remade) = db.rebuild_tomes_tables(&shipped, &[])? {
                    db.pages_healed()?;
                    repaired.extend(remade);
                }
            }
            match db.repair_shipped(&shipped) {
                Err(e) if e.is_damage() => match db.rebuild_tomes_tables(&shipped, &[])? {
                    Some(remade) => {
                        db.pages_healed()?;
                        repaired.extend(remade);
                        db.repair_shipped(&shipped)?
                    }
                    None => return Err(e),
                },
                other => other?,
            }
        } else {
            Vec::new()
        };
        repaired.extend(more);
        *loaded = shipped.into_content();
        Ok(repaired)
    }

    /// `e`, after marking the file damaged when `e` says it is, so the next open checks
    /// it and this one's close does not remember it as whole ([`Db::noticed`]). The
    /// command line passes every command's error here.
    pub fn noticed(&self, e: Error) -> Error {
        self.db.noticed(e)
    }

    /// The shipped records (entry ids) opening found changed and rewrote from the content
    /// built into Tome; empty when it had no cause to check, or found nothing.
    pub fn repaired_at_open(&self) -> &[String] {
        &self.repaired_at_open
    }

    /// The whole check (`tome db check`): SQLite's own, then every shipped record
    /// against the content built into Tome (rewriting those that differ), then a read of
    /// every one of the user's rows.
    ///
    /// What is left damaged is in the answer ([`DbCheck::damage`] makes it the error a
    /// damaged read gives).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn check_database(&mut self) -> Result<crate::db::damage::DbCheck> {
        self.check_database_at(jiff::Timestamp::now().as_second())
    }

    fn check_database_at(&mut self, now: i64) -> Result<crate::db::damage::DbCheck> {
        let mut check = self.db.full_check(&crate::db::damage::Shipped::embedded())?;
        if !check.repaired.is_empty() {
            self.forget_search();
        }
        if check.structure.is_empty() {
            check.damaged.extend(self.encounters_that_do_not_replay()?);
            check.dropped = self.drop_checkpoints_that_do_not_match()?;
        }
        if check.is_whole() {
            self.db.remember_full_check(now)?;
        } else {
            self.db.found_damage();
        }
        Ok(check)
    }

    /// [`Tome::check_database`] when the last whole check is a week old or more (or
    /// never ran): the app runs this after it opens, in the background, so damage that
    /// came after a clean close (which opening does not look for) is found within a
    /// week. `None` when no check was due.
    ///
    /// # Errors
    /// What is left damaged, as the error a damaged read gives (so the app offers the
    /// restore); the database cannot be read.
    pub fn check_if_due(&mut self, now: i64) -> Result<Option<crate::db::damage::DbCheck>> {
        if self.db.last_full_check()?.is_some_and(|last| (0..CHECK_EVERY_SECONDS).contains(&(now - last))) {
            return Ok(None);
        }
        let check = self.check_database_at(now)?;
        self.untold.repaired.extend(check.repaired.iter().cloned());
        self.untold.reindexed.extend(check.reindexed.iter().cloned());
        match check.damage(self.db.label()) {
            Some(e) => Err(e),
            None => Ok(Some(check)),
        }
    }

    /// A Tome over whatever content `db` already holds (no shipped-content refresh):
    /// for tools and benchmarks that fill a database themselves.
    pub fn from_db(mut db: Db) -> Result<Tome> {
        db.set_field_rules(crate::systems::field_rule);
        db.set_field_labels(crate::systems::field_label);
        db.set_stored_json(stored_json);
        let seen_version = Some(db.data_version()?);
        Ok(Tome {
            seen_version,
            db,
            index: std::sync::OnceLock::new(),
            index_sum: std::sync::Mutex::new(None),
            table_reading: std::sync::Mutex::new(None),
            repaired_at_open: Vec::new(),
            untold: crate::db::damage::DbCheck::default(),
            hooks: Vec::new(),
            next_hook: 1,
            kept: kept::Kept::default(),
            checkpoint_interval: crate::encounters::checkpoint::INTERVAL,
            searches_often: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// Calls `hook` after every change the table may see, until it is removed with the
    /// number this answers.
    pub fn add_change_hook(&mut self, hook: ChangeHook) -> u64 {
        let id = self.next_hook;
        self.next_hook += 1;
        self.hooks.push((id, hook));
        id
    }

    pub fn remove_change_hook(&mut self, id: u64) {
        self.hooks.retain(|(n, _)| *n != id);
    }

    /// Tells the change hooks when another process (`tome encounter act …` on the
    /// command line while the app is open) committed to the database since the last
    /// look, and answers whether one did. SQLite's `data_version` moves only for other
    /// connections' commits, so this Tome's own changes (told as they are made) are not
    /// told twice. Cheap enough to ask several times a second: one pragma, no table read
    /// ([`crate::shared::SharedTome::follow_other_processes`] asks).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn notice_other_processes(&mut self) -> Result<bool> {
        let now = self.db.data_version()?;
        let moved = self.seen_version.is_some_and(|seen| seen != now);
        self.seen_version = Some(now);
        if moved {
            self.drop_index_if_content_moved();
            self.changed();
        }
        Ok(moved)
    }

    /// Tells every change hook that something the table may see has changed.
    pub(crate) fn changed(&self) {
        for (_, hook) in &self.hooks {
            hook();
        }
    }

    /// Builds the search index now, so the first search does not wait for it (the app
    /// does this while its window starts).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn warm_search(&self) -> Result<()> {
        self.searches_often.store(true, std::sync::atomic::Ordering::Relaxed);
        self.index().map(|_| ())
    }

    /// Lets go of the search index without freeing it, for a process about to exit.
    pub fn leak_search_index(&mut self) {
        if let Some(index) = self.index.take() {
            std::mem::forget(index);
        }
    }

    /// The search index, built now if this is the first search since opening or since
    /// content changed.
    fn index(&self) -> Result<&SearchIndex<'_>> {
        if let Some(index) = self.index.get() {
            return Ok(index.get());
        }
        let key = search::kept::key();
        let kept = self.db.read_kept_index(&key).and_then(|(bytes, sum)| Some((HeldIndex::read(bytes)?, sum)));
        if let Some((mut kept, sum)) = kept {
            if self.searches_often.load(std::sync::atomic::Ordering::Relaxed) {
                kept.hash_keys();
            }
            self.note_index_sum(Some(sum));
            return Ok(self.index.get_or_init(|| kept).get());
        }
        let built = SearchIndex::build(search::vocabulary::attach(self.db.index_docs()?), self.db.body_words()?);
        // Kept for the next run. A database that cannot be written now (read-only, or
        // busy in another copy of Tome) is searched all the same: the copy only saves time.
        let bytes = built.to_bytes();
        let kept = self.db.store_index(&key, &bytes).is_ok();
        self.note_index_sum(kept.then(|| Db::index_sum(&bytes)));
        Ok(self.index.get_or_init(|| HeldIndex::Built(Box::new(built))).get())
    }

    fn note_index_sum(&self, sum: Option<i64>) {
        if let Ok(mut held) = self.index_sum.lock() {
            *held = sum;
        }
    }

    /// Drops the index in memory when the kept copy is no longer the one it matches:
    /// another process changed the content (a pack added, a document imported, shipped
    /// content refreshed by another build), so the next search reads the new content.
    fn drop_index_if_content_moved(&mut self) {
        if self.index.get().is_none() {
            return;
        }
        let held = self.index_sum.lock().map(|h| *h).unwrap_or(None);
        // Neither known (this copy could not keep its index; nothing kept since) is no sign.
        if held != self.db.kept_index_sum(&search::kept::key()) {
            self.forget_search();
        }
    }

    /// Drops every search index in memory (the table's too): the content they were made
    /// from changed.
    pub(crate) fn forget_search(&mut self) {
        self.index = std::sync::OnceLock::new();
        self.note_index_sum(None);
        if let Ok(mut reading) = self.table_reading.lock() {
            *reading = None;
        }
    }

    /// Rebuilds the search index after content was added or removed (packs, imported
    /// documents).
    /// Built at once (not on the next search): an import is slow work already, and the
    /// search after it should not wait.
    pub(crate) fn reindex(&mut self) -> Result<()> {
        self.forget_search();
        self.warm_search()
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
        let mut systems = self.db.systems()?;
        for s in &mut systems {
            let home = crate::systems::get(&s.id);
            s.style = home.map(|home| home.style());
            s.modes =
                home.map(|home| home.encounter_modes()).unwrap_or_default().iter().map(SystemMode::from).collect();
            s.foundry = home.and_then(|home| home.foundry()).map(|m| m.foundry_id().to_string());
        }
        Ok(systems)
    }

    /// A game system's name (`None` for a system Tome does not hold); cheaper than
    /// [`Tome::systems`], which counts every system's entries.
    pub fn system_name(&self, id: &str) -> Result<Option<String>> {
        self.db.system_name(id)
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

    /// The names of the entries `ids` (an entry's related ones, `Entry::links`), in order;
    /// an id no entry has is given back as it is.
    ///
    /// # Errors
    /// A name that does not read: the read's failure (issue 73), never the id in its place.
    pub fn entry_names(&self, ids: &[String]) -> Result<Vec<String>> {
        ids.iter().map(|id| self.db.entry_name(id)).collect()
    }

    /// A table; with `roll`, only the row that number selects.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown table; [`Error::InvalidInput`] when no row
    /// covers `roll`.
    pub fn table(&self, id: &str, roll: Option<i64>) -> Result<Table> {
        let mut table = self.db.table(id).map_err(|e| self.suggest(e, id, Some(Kind::Table)))?;
        if let Some(n) = roll.filter(|n| !table.rows.iter().any(|r| r.selected_by(*n))) {
            // Past the printed rows, the system may know how the table goes on.
            if let Some(row) = crate::systems::get(&table.system).and_then(|s| s.table_row_beyond(&table, n)) {
                table.rows = vec![row];
                table.rolled = Some(n);
                return Ok(table);
            }
        }
        table.select(roll)
    }

    /// Rolls a table's dice and finds the row they select.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown table; [`Error::InvalidInput`] for a lookup
    /// table (it has no dice).
    pub fn roll_table(&self, id: &str, rng: &mut impl rand::Rng) -> Result<TableRoll> {
        let table = self.db.table(id).map_err(|e| self.suggest(e, id, Some(Kind::Table)))?;
        roll_on(&table, rng)
    }

    /// Every rules calculator, with its parameters described as the app's forms show them
    /// (the help names other fields by their labels, not their flags).
    ///
    /// An entry parameter offers the names of its kind's entries in the calculator's
    /// system (packs' included), so a form lists them as the encounter's forms do.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn calculators(&self) -> Result<Vec<crate::rules::CalculatorInfo>> {
        // Several calculators of a system name the same kind (armour, spells): each list is
        // read once.
        use std::collections::hash_map::Entry as Slot;
        let mut lists: std::collections::HashMap<(Kind, &str), Vec<String>> = std::collections::HashMap::new();
        crate::systems::calculators()
            .into_iter()
            .map(|c| {
                let system = c.system;
                let mut info = crate::rules::CalculatorInfo::for_form(c);
                for p in &mut info.params {
                    if let crate::rules::ParamKind::Entry { kind } = p.kind {
                        let names = match lists.entry((kind, system)) {
                            Slot::Occupied(known) => known.into_mut(),
                            Slot::Vacant(new) => new.insert(crate::rules::choices(p.kind, self, system, &[])?),
                        };
                        p.choices = names.clone();
                    }
                }
                Ok(info)
            })
            .collect()
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
        crate::systems::calculate(self, system, name, values)
    }

    /// [`Tome::calculate`] for a form (the app): messages name each value by its field's
    /// label rather than its flag, and an error about one value says which
    /// ([`Error::FormInvalid`]'s problems; a name not found, [`Error::FormNotFound`]'s),
    /// so the form can mark it.
    ///
    /// # Errors
    /// As [`Tome::calculate`]; a refused value as [`Error::FormInvalid`].
    pub fn calculate_form(
        &self,
        system: &str,
        name: &str,
        values: std::collections::BTreeMap<String, String>,
    ) -> Result<crate::rules::Outcome> {
        // The parameters are looked up only when there is something to reword.
        let params = || crate::systems::calculator(system, name).map(|c| c.params);
        match self.calculate(system, name, values.clone()) {
            Err(e @ Error::NotFound { .. }) => Err(crate::rules::not_found_in_form(e, &values, params()?)),
            Ok(mut outcome) if !outcome.warnings.is_empty() => {
                let params = params()?;
                for w in &mut outcome.warnings {
                    *w = crate::rules::for_form(w, params).0;
                }
                Ok(outcome)
            }
            Err(Error::InvalidInput(message)) => {
                let (message, field) = crate::rules::for_form(&message, params()?);
                let problems =
                    field.map(|f| vec![crate::error::Problem::field(f, message.clone())]).unwrap_or_default();
                Err(Error::FormInvalid { message, problems: crate::error::Problems(problems) })
            }
            other => other,
        }
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
        search::run(self.index()?, &self.db, query, filter)
    }

    // ---- Characters (storage in `crate::characters`; every write is one transaction) ----

    /// Every character, by name, each read whole (as [`Tome::character`] reads it).
    ///
    /// # Errors
    /// A character that does not read (all of them refused:
    /// [`Tome::characters_vouched`] lists the others).
    pub fn characters(&self) -> Result<Vec<CharacterSummary>> {
        self.db.characters_vouched()?.whole()
    }

    /// Every character, by name: those that read whole, and the damage of each that does
    /// not.
    ///
    /// # Errors
    /// The list itself cannot be read.
    pub fn characters_vouched(&self) -> Result<crate::db::Vouched<CharacterSummary>> {
        self.db.characters_vouched()
    }

    /// One character at its latest revision.
    pub fn character(&self, id: i64) -> Result<Character> {
        self.db.character(id)
    }

    /// A new, empty character of `system`.
    pub fn create_character(&mut self, system: &str, name: &str) -> Result<Character> {
        self.db.create_character(system, name)
    }

    /// Saves `character` as a new revision (nothing is written when nothing changed),
    /// and sets in each fight going on what the save changes there: one transaction, so
    /// the sheet and the fights are never left apart (issue 73).
    pub fn save_character(&mut self, character: &Character) -> Result<Character> {
        let saved = self.one_write(|t| {
            let before = t.db.character(character.id)?;
            let told = t.fights_to_tell(&before, character)?;
            let saved = t.db.save_character(character)?;
            t.tell_fights(told)?;
            Ok(saved)
        })?;
        self.changed();
        Ok(saved)
    }

    /// Runs `f` as one transaction (`db/write.rs`): a command that writes several times
    /// (a save and the fights it tells, the end of a fight and the sheets it writes) is
    /// committed whole or not at all. When it is not, the encounter states kept in memory
    /// are let go with it.
    ///
    /// # Errors
    /// What `f` fails with; the database is busy, or cannot be written.
    pub(crate) fn one_write<T>(&mut self, f: impl FnOnce(&mut Tome) -> Result<T>) -> Result<T> {
        let opened = self.db.one_write_begin()?;
        let done = f(self);
        let ended = self.db.one_write_end(opened, done.is_ok());
        if opened && (done.is_err() || ended.is_err()) {
            self.forget_kept_states();
        }
        let value = done?;
        ended?;
        Ok(value)
    }

    pub fn delete_character(&mut self, id: i64) -> Result<()> {
        self.db.delete_character(id)?;
        self.changed();
        Ok(())
    }

    pub fn character_revisions(&self, id: i64) -> Result<Vec<CharacterRevision>> {
        self.db.character_revisions(id)
    }

    /// What changed from revision `from` to `to`, each change named in the sheet's words.
    pub fn character_diff(&self, id: i64, from: i64, to: i64) -> Result<Vec<CharacterChange>> {
        self.db.character_diff(id, from, to)
    }

    /// Makes revision `number` current again, as a new revision.
    pub fn restore_character(&mut self, id: i64, number: i64) -> Result<Character> {
        // One transaction, as a save (`save_character`).
        let restored = self.one_write(|t| {
            let (now, then) = (t.db.character(id)?, t.db.character_revision(id, number)?);
            let mut back = now.clone();
            (back.values, back.items, back.conditions, back.spells) =
                (then.values, then.items, then.conditions, then.spells);
            let told = t.fights_to_tell(&now, &back)?;
            let restored = t.db.restore_character(id, number)?;
            t.tell_fights(told)?;
            Ok(restored)
        })?;
        // A restore is a save: a device showing this sheet, and the players' window, follow.
        self.changed();
        Ok(restored)
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

    /// What an import of `bytes` (a Tome character file or a Foundry VTT actor) would
    /// reject, without writing anything.
    pub fn check_character_file(&self, bytes: &[u8]) -> Result<Vec<Problem>> {
        if crate::foundry::sniff(bytes) {
            return self.check_foundry_character(bytes);
        }
        self.db.check_character_file(bytes)
    }

    /// Imports a Tome character file or a Foundry VTT actor (see
    /// [`Tome::import_character_reported`] for the Foundry import's report).
    pub fn import_character(&mut self, bytes: &[u8]) -> Result<Character> {
        self.import_character_reported(bytes).map(|i| i.character)
    }

    pub fn import_character_file(&mut self, path: &Path) -> Result<Character> {
        self.import_character_file_reported(path).map(|i| i.character)
    }

    // ---- Printed sheets (`crate::pdf`) ----

    /// The saved characters `ids`, in that order, as one PDF: each character's sheet
    /// starts on a new page and is followed by its reference cards (unless
    /// `opts.cards` is off).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown id; [`Error::InvalidInput`] when `ids` is
    /// empty.
    pub fn characters_pdf(&self, ids: &[i64], opts: &crate::pdf::PdfOptions) -> Result<Vec<u8>> {
        let characters: Vec<Character> = ids.iter().map(|&id| self.character(id)).collect::<Result<_>>()?;
        self.sheets_pdf(&characters, opts)
    }

    /// Like [`Tome::characters_pdf`], for characters as they are in memory, saved or
    /// not (the app prints what is on screen).
    ///
    /// # Errors
    /// [`Error::NotFound`] for a system without a sheet; [`Error::InvalidInput`] when
    /// `characters` is empty; database errors.
    pub fn sheets_pdf(&self, characters: &[Character], opts: &crate::pdf::PdfOptions) -> Result<Vec<u8>> {
        crate::pdf::render(self, &self.systems()?, &self.as_last_saved(characters)?, opts)
    }

    /// `characters` with the revision and date of their latest save, where they have one:
    /// the app's sheet keeps the revision it was opened at while its saves go on, and a
    /// print must say the revision the sheet shows.
    fn as_last_saved(&self, characters: &[Character]) -> Result<Vec<Character>> {
        characters
            .iter()
            .map(|c| match self.character(c.id) {
                Ok(saved) => Ok(Character { revision: saved.revision, updated: saved.updated, ..c.clone() }),
                Err(e) if e.is_not_found() => Ok(c.clone()),
                Err(e) => Err(e),
            })
            .collect()
    }

    /// Lays out the PDF of `source` without writing it: [`crate::pdf::Prepared::finish`]
    /// makes the bytes, with no need of the database (the shell does it outside its lock).
    ///
    /// # Errors
    /// As [`Tome::characters_pdf`] and [`Tome::sheets_pdf`].
    pub fn prepare_pdf(
        &self,
        source: &crate::ipc::PdfSource,
        opts: &crate::pdf::PdfOptions,
    ) -> Result<crate::pdf::Prepared> {
        let characters = match source {
            crate::ipc::PdfSource::Ids(ids) => ids.iter().map(|&id| self.character(id)).collect::<Result<Vec<_>>>()?,
            crate::ipc::PdfSource::Characters(characters) => self.as_last_saved(characters)?,
            crate::ipc::PdfSource::Screen(system) => return self.prepare_screen_pdf(system, opts),
            crate::ipc::PdfSource::Party(id) => return self.prepare_party_pdf(&id.to_string(), opts),
            crate::ipc::PdfSource::Encounter(id) => return self.prepare_encounter_cards(*id, opts),
        };
        crate::pdf::prepare(self, &self.systems()?, &characters, opts)
    }

    // ---- Sheets: layouts and derived stats (`crate::sheets`) ----

    /// The sheet layout of `system`.
    pub fn sheet_layout(&self, system: &str) -> Result<SheetLayout> {
        self.check_system(system)?;
        crate::systems::layout(system).cloned()
    }

    /// The key of the member a player names `name` in the family `prefix` of `system`'s
    /// sheet ("Area Lore" in `ability.` → `ability.area-lore`; a suggestion's own key
    /// when `name` is its label), with the label the sheet gives it.
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown system or family; [`Error::InvalidInput`] when
    /// `name` has no letter to make a key of.
    pub fn member_key(&self, system: &str, prefix: &str, name: &str) -> Result<crate::sheets::NamedMember> {
        let layout = self.sheet_layout(system)?;
        let family = layout
            .sections
            .iter()
            .filter_map(|s| s.family.as_ref())
            .find(|f| f.prefix == prefix)
            .ok_or_else(|| Error::not_found("sheet family", prefix))?;
        let key = family.member_key(name).ok_or_else(|| {
            Error::InvalidInput(format!("give the {} a name with letters, not {name:?}", family.label))
        })?;
        Ok(crate::sheets::NamedMember { label: layout.label(&key), key })
    }

    /// The derived stats and warnings of `character`, saved or not (the app derives
    /// while the player types, before anything is saved).
    pub fn derive_character(&self, character: &Character) -> Result<Derived> {
        crate::systems::derive(self, character)
    }

    /// A saved character with its derived stats.
    pub fn character_view(&self, id: i64) -> Result<CharacterView> {
        self.view_of(self.character(id)?)
    }

    /// `character` (as saved) with what the sheet shows beside it: its derived stats and,
    /// where its system keeps one, its recovery track.
    pub fn view_of(&self, character: Character) -> Result<CharacterView> {
        let derived = self.derive_character(&character)?;
        let recovery = crate::systems::require(&character.system)
            .ok()
            .and_then(|s| s.recovery())
            .and_then(|track| track.due(&character).ok());
        Ok(CharacterView { character, derived, recovery })
    }

    /// `err`, when something was not found by `id`, with what the search finds for it
    /// ([`suggest_from`]).
    fn suggest(&self, err: Error, id: &str, kind: Option<Kind>) -> Error {
        suggest_from(err, id, kind, |q, f| self.search(q, f))
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

/// The most words of an unknown id searched alone for [`suggest_from`]: an id is a name,
/// and a longer one is someone's input, each word of which would cost a search.
const MOST_SUGGESTION_WORDS: usize = 4;

/// `err`, when something was not found by `id`, with the ids of entries `search` finds
/// whose name or an alias matches the words of the id's last part: all of them together,
/// else each alone (the longest [`MOST_SUGGESTION_WORDS`]), longest first
/// (`bolt-of-lightning` finds Lightning Bolt).
pub(crate) fn suggest_from(
    err: Error,
    id: &str,
    kind: Option<Kind>,
    search: impl Fn(&str, &SearchFilter) -> Result<Vec<SearchHit>>,
) -> Error {
    let Error::NotFound { what, id: missing, .. } = err else { return err };
    let words = id.rsplit('/').next().unwrap_or(id).replace('-', " ");
    // "the" of `secret-of-the-manor` alone would offer every name holding it.
    let mut alone: Vec<&str> = words
        .split_whitespace()
        .filter(|w| w.chars().count() > 2 && !search::is_function_word(&w.to_lowercase()))
        .collect();
    alone.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    let mut queries = vec![words.trim()];
    for w in alone {
        if queries.len() > MOST_SUGGESTION_WORDS {
            break;
        }
        if !queries.contains(&w) {
            queries.push(w);
        }
    }
    let filter = SearchFilter { system: None, kind, limit: Some(5) };
    let suggestions = queries
        .into_iter()
        .filter(|q| !q.is_empty())
        .map(|q| {
            let hits = search(q, &filter).unwrap_or_default();
            // Close names only: not an entry that holds just one of the words.
            hits.into_iter()
                .filter(|h| (h.matched == "name" || h.matched == "alias") && !h.partial)
                .map(|h| h.id)
                .collect()
        })
        .find(|ids: &Vec<String>| !ids.is_empty())
        .unwrap_or_default();
    Error::NotFound { what, id: missing, suggestions }
}

/// The API reads content for the rules with its own suggestions: a name that is close
/// is found by the typo-tolerant search.
impl crate::rulebook::Rulebook for Tome {
    fn show(&self, id: &str) -> Result<Entry> {
        Tome::show(self, id)
    }

    fn list(&self, kind: Kind, system: Option<&str>) -> Result<Vec<ListItem>> {
        Tome::list(self, kind, system)
    }

    fn table(&self, id: &str, roll: Option<i64>) -> Result<Table> {
        Tome::table(self, id, roll)
    }

    fn close_names(&self, system: &str, kind: Kind, raw: &str) -> Vec<String> {
        let filter = SearchFilter { system: Some(system.into()), kind: Some(kind), limit: Some(5) };
        self.search(raw, &filter).map(|hits| hits.into_iter().map(|h| h.name).collect()).unwrap_or_default()
    }
}

/// A roll of `table`'s dice and the row it selects.
///
/// # Errors
/// [`Error::InvalidInput`] for a lookup table (it has no dice), or no row covering the roll.
pub(crate) fn roll_on(table: &Table, rng: &mut impl rand::Rng) -> Result<TableRoll> {
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
    let text = crate::dice::roll_text(&roll);
    Ok(TableRoll { roll, row, text })
}
