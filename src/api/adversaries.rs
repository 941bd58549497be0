//! The game master's library of adversaries: each saved stat block is checked by its
//! system's rules (the stats its tracker uses, what the rules derive and refuse), kept
//! with revisions, found by search, written to and read from a file, and added to a
//! fight as numbered combatants in one step.

use std::collections::BTreeMap;
use std::path::Path;

use super::{EncounterView, Tome};
use crate::adversaries::{
    change_note, Adversary, AdversaryAttack, AdversaryCheck, AdversaryFile, AdversaryPosition, AdversaryRevision,
    AdversaryStat, AdversarySummary, AdversaryView, FILE_FORMAT, MAX_FILE_BYTES,
};
use crate::db::adversaries::{AdversaryRow, AdversaryWrite};
use crate::encounters::{resolve_stat, ConditionRef, EncounterRules, Event, NewCombatant, StatSpec, State, MAX_COUNT};
use crate::error::{Error, Found, Problem, Result};

impl Tome {
    /// The stats an adversary of `system` holds for the kind of encounter `mode` (empty:
    /// the usual one): exactly those its tracker uses, with their ranges and defaults.
    ///
    /// # Errors
    /// An unknown system or mode, or a system Tome runs no encounters for.
    pub fn adversary_stats(&self, system: &str, mode: &str) -> Result<&'static [StatSpec]> {
        Ok(Tome::encounter_mode(system, mode)?.1.stats())
    }

    /// Every adversary of the library, by system and name, each with the name of the kind
    /// of encounter it fights in (`fight`, `duel`), as an encounter names its own.
    ///
    /// # Errors
    /// An adversary that does not read (all of them refused: [`Tome::adversaries_vouched`]
    /// lists the others).
    pub fn adversaries(&self) -> Result<Vec<AdversarySummary>> {
        self.adversaries_vouched()?.whole()
    }

    /// [`Tome::adversaries`], each read whole as [`Tome::adversary`] reads it: those that
    /// read, and the damage of each that does not (issue 73: one changed adversary made
    /// the list of sixty refuse them all).
    ///
    /// # Errors
    /// The list itself cannot be read.
    pub fn adversaries_vouched(&self) -> Result<crate::db::Vouched<AdversarySummary>> {
        let summary = |a: Adversary| {
            let mut s = AdversarySummary::from(&a);
            if let Ok((mode, _)) = Tome::encounter_mode(&a.system, &a.mode) {
                s.mode = mode.to_string();
            }
            s
        };
        let mut out = crate::db::Vouched::default();
        for id in self.db.adversary_ids()? {
            out.push(self.adversary(id).map(summary))?;
        }
        Ok(out)
    }

    /// One adversary as it is now.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such adversary.
    pub fn adversary(&self, id: i64) -> Result<Adversary> {
        self.read_row(&self.db.adversary_row(id)?)
    }

    /// The adversary `raw` names: its number, or its name (any case), of `system` when
    /// given.
    ///
    /// # Errors
    /// [`Error::NotFound`] with the library's close names; [`Error::InvalidInput`] when
    /// the name is in several systems and none was given.
    pub fn find_adversary(&self, raw: &str, system: Option<&str>) -> Result<Adversary> {
        if let Ok(id) = raw.trim().trim_start_matches('#').parse::<i64>() {
            if let Some(a) = self.adversary(id).found()? {
                if system.is_none_or(|s| s == a.system) {
                    return Ok(a);
                }
            }
        }
        let ids = self.db.adversaries_named(raw, system)?;
        match ids.as_slice() {
            [id] => self.adversary(*id),
            [] => {
                let wanted = crate::search::normalize(raw);
                let all = self.adversaries()?;
                let mine = all.iter().filter(|a| system.is_none_or(|s| s == a.system));
                let close: Vec<String> = mine
                    .filter(|a| {
                        let name = crate::search::normalize(&a.name);
                        name.contains(&wanted) || wanted.contains(&name) || strsim::jaro_winkler(&name, &wanted) >= 0.75
                    })
                    .map(|a| a.name.clone())
                    .take(5)
                    .collect();
                // One of that name in another system: say which, rather than "no adversary".
                if let Some(other) = system
                    .and_then(|s| all.iter().find(|a| a.system != s && crate::search::normalize(&a.name) == wanted))
                {
                    return Err(Error::InvalidInput(format!(
                        "{} is a {} adversary, and this is a {} fight: only the fight's own system's adversaries join it",
                        other.name,
                        other.system,
                        system.unwrap_or_default()
                    )));
                }
                Err(Error::NotFound { what: "adversary", id: raw.to_string(), suggestions: close })
            }
            many => {
                let systems =
                    many.iter().map(|id| self.adversary(*id).map(|a| a.system)).collect::<Result<Vec<String>>>()?;
                Err(Error::InvalidInput(format!(
                    "several systems have an adversary called {}: {}; say which with its number or --system",
                    raw.trim(),
                    systems.join(", ")
                )))
            }
        }
    }

    /// An adversary with its whole stat block and what its system's rules derive from it.
    ///
    /// # Errors
    /// [`Error::NotFound`] when there is no such adversary.
    pub fn adversary_view(&self, id: i64) -> Result<AdversaryView> {
        let a = self.adversary(id)?;
        let (_, view) = self.check_adversary(&a)?;
        Ok(view)
    }

    /// An adversary as the app's entry view shows a search hit (`SYSTEM/adversary/N`): its
    /// stat block, what the rules derive with the reasons, attacks, starting conditions
    /// and notes, as Markdown the core writes. For the game master's window only: the
    /// table's reads refuse these ids (`table.rs`).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an id that names no adversary.
    pub fn adversary_entry(&self, id: &str) -> Result<crate::model::Entry> {
        let number = match id.split('/').collect::<Vec<_>>().as_slice() {
            [_, kind, n] if *kind == crate::Kind::Adversary.as_str() => n.parse::<i64>().ok(),
            _ => None,
        };
        let view = number
            .map(|n| self.adversary_view(n).found())
            .transpose()?
            .flatten()
            .filter(|v| id == format!("{}/adversary/{}", v.adversary.system, v.adversary.id))
            .ok_or_else(|| Error::not_found("adversary", id))?;
        Ok(adversary_entry(&view))
    }

    /// Checks an adversary as a save would, saving nothing: what it would be stored as
    /// (stats under their tracker's keys, references resolved) and its stat block.
    ///
    /// # Errors
    /// [`Error::Rejected`] with every problem, each naming its field; an unknown system.
    pub fn check_adversary(&self, a: &Adversary) -> Result<(Adversary, AdversaryView)> {
        let mut a = a.clone();
        a.tidy();
        let heading = format!("cannot save {}:", if a.name.is_empty() { "the adversary" } else { &a.name });
        let system = crate::systems::require(&a.system)
            .map_err(|e| Error::rejected(&heading, vec![problem_of("system", &e)]))?;
        let (mode, rules) = Tome::encounter_mode(&a.system, &a.mode)
            .map_err(|e| Error::rejected(&heading, vec![problem_of("mode", &e)]))?;
        // The usual kind is kept as no kind, so a file reads the same either way.
        let usual = Tome::encounter_mode(&a.system, "")?.0;
        a.mode = if mode == usual { String::new() } else { mode.to_string() };
        let mut problems = a.shape_problems();
        a.stats = self.stat_keys(rules, &a.stats, &mut problems);
        let full: BTreeMap<String, i64> = rules
            .stats()
            .iter()
            .map(|s| (s.key.to_string(), a.stats.get(s.key).copied().unwrap_or(s.default)))
            .collect();
        let mut check = AdversaryCheck::default();
        system.check_adversary(&a.mode, &full, &a.attacks, &mut check);
        problems.append(&mut check.problems);
        if problems.is_empty() {
            // What the tracker itself refuses of a joining combatant (an Ars Magica group's
            // leader past its members, a duelist's Willpower past its dots).
            let joining =
                Event::Add { combatants: vec![NewCombatant::quick(a.name.clone(), a.stats.clone())], rolls: vec![] };
            let no_sheet = |_| Err(Error::InvalidInput("an adversary has no sheet".into()));
            if let Err(e) = State::new(&a.system).apply(rules, 0, &joining, &no_sheet) {
                problems.push(Problem::field("stats", e.to_string()));
            }
        }
        self.resolve_attacks(&mut a, &mut problems);
        self.resolve_conditions(&mut a, &mut problems);
        let position = self.resolve_position(&mut a, &mut problems);
        if problems.is_empty() {
            // What the tracker makes of the position as a copy joins, refused now rather
            // than mid-evening (an MLAF racial spell of another race among its attacks).
            if let Err(e) = self.adversary_marks(rules, &a) {
                problems.push(problem_of("position", &e));
            }
        }
        if !problems.is_empty() {
            return Err(Error::rejected(heading, problems));
        }
        let stats = rules
            .stats()
            .iter()
            .map(|s| AdversaryStat {
                key: s.key.to_string(),
                label: s.label.to_string(),
                value: full[s.key],
                given: a.stats.contains_key(s.key),
            })
            .collect();
        let view = AdversaryView { adversary: a.clone(), stats, derived: check.derived, position };
        Ok((a, view))
    }

    /// The stats under their tracker's keys, each within its range; every word the
    /// tracker does not know, a repeat or a value out of range is a problem.
    fn stat_keys(
        &self,
        rules: &dyn EncounterRules,
        given: &BTreeMap<String, i64>,
        problems: &mut Vec<Problem>,
    ) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        for (word, &value) in given {
            let Some(spec) = resolve_stat(rules, word) else {
                problems.push(Problem::field(format!("stats.{word}"), unknown_stat(rules, word)));
                continue;
            };
            if out.insert(spec.key.to_string(), value).is_some() {
                problems.push(Problem::field(format!("stats.{word}"), format!("{} is given twice", spec.label)));
            }
            if !(spec.min..=spec.max).contains(&value) {
                problems.push(Problem::field(
                    format!("stats.{}", spec.key),
                    format!("{} must be between {} and {}, not {value}", spec.label, spec.min, spec.max),
                ));
            }
        }
        out
    }

    /// Each attack's entry (a weapon, spell or other entry of the system) must exist; an
    /// attack named only by its entry takes the entry's name.
    fn resolve_attacks(&self, a: &mut Adversary, problems: &mut Vec<Problem>) {
        for (i, attack) in a.attacks.iter_mut().enumerate() {
            let Some(id) = attack.entry.clone() else { continue };
            match self.show(&id) {
                Ok(e) if e.system == a.system => {
                    attack.entry = Some(e.id);
                    if attack.name.is_empty() {
                        attack.name = e.name;
                    }
                }
                Ok(e) => problems.push(Problem::field(
                    format!("attacks[{i}].entry"),
                    format!("{} is {}'s, not {}'s", e.name, e.system, a.system),
                )),
                Err(e) => problems.push(problem_of(&format!("attacks[{i}].entry"), &e)),
            }
        }
        // An attack named by its entry alone was refused above for a missing name; say it once.
        problems.retain(|p| {
            !(p.field.as_deref().is_some_and(|f| f.ends_with(".name"))
                && a.attacks
                    .iter()
                    .enumerate()
                    .any(|(i, at)| p.field.as_deref() == Some(&format!("attacks[{i}].name")) && !at.name.is_empty()))
        });
    }

    /// The roster position, by name or id, kept as its entry's id; an attack naming a
    /// position (as libraries made before positions were kept wrote one) becomes the
    /// position when it has none. Answers the position as its view shows it.
    fn resolve_position(&self, a: &mut Adversary, problems: &mut Vec<Problem>) -> Option<AdversaryPosition> {
        let is_position = |x: &AdversaryAttack| {
            x.entry.as_deref().is_some_and(|id| id.split('/').nth(1) == Some(crate::Kind::Position.as_str()))
        };
        if let Some(i) = a.attacks.iter().position(is_position) {
            if a.position.is_none() {
                a.position = a.attacks.remove(i).entry;
            }
        }
        for (i, x) in a.attacks.iter().enumerate().filter(|(_, x)| is_position(x)) {
            problems.push(Problem::field(
                format!("attacks[{i}].entry"),
                format!("{} is a roster position: an adversary plays one, as its position, not as an attack", x.name),
            ));
        }
        let raw = a.position.clone()?;
        let found = crate::rules::resolve_entry(self, &a.system, crate::Kind::Position, &raw);
        match found {
            Ok(e) if e.system == a.system && e.kind == crate::Kind::Position => {
                a.position = Some(e.id.clone());
                // As the stat block plays it (an MLAF caster's skills at his level).
                let played = match (&e.detail, crate::systems::get(&a.system)) {
                    (Some(crate::model::Detail::Position(p)), Some(sys)) => {
                        // A position's facts name no other entry.
                        sys.position_played(p, &|k| a.stats.get(k).copied()).and_then(|played| {
                            crate::facts::lines(&crate::model::Detail::Position(played), &|id| Ok(id.to_string())).ok()
                        })
                    }
                    _ => None,
                };
                Some(AdversaryPosition { id: e.id, name: e.name, facts: played.unwrap_or(e.facts) })
            }
            Ok(e) => {
                let why = format!("{} is {}'s {}, not a roster position of {}", e.name, e.system, e.kind, a.system);
                problems.push(Problem::field("position", why));
                None
            }
            Err(e) => {
                problems.push(problem_of("position", &e));
                None
            }
        }
    }

    /// The marks a copy of `a` joins a fight with (its roster position's), from its
    /// system's tracker.
    fn adversary_marks(&self, rules: &dyn EncounterRules, a: &Adversary) -> Result<Vec<crate::encounters::Mark>> {
        let entries: Vec<&str> = a.attacks.iter().filter_map(|x| x.entry.as_deref()).collect();
        rules.adversary_marks(self, a.position.as_deref(), &entries)
    }

    /// A starting condition named like an entry of the system is kept as that entry, so
    /// the tracker can show its rules; any other is kept as a custom one.
    fn resolve_conditions(&self, a: &mut Adversary, problems: &mut Vec<Problem>) {
        for (i, c) in a.conditions.iter_mut().enumerate() {
            match &c.id {
                Some(id) => match self.show(id) {
                    Ok(e) if e.system == a.system => *c = ConditionRef { id: Some(e.id), name: e.name },
                    Ok(e) => problems.push(Problem::field(
                        format!("conditions[{i}]"),
                        format!("{} is {}'s, not {}'s", e.name, e.system, a.system),
                    )),
                    Err(e) => problems.push(problem_of(&format!("conditions[{i}]"), &e)),
                },
                None => match self.condition_entry(&a.system, c.name.trim()) {
                    Ok(Some((id, name))) => *c = ConditionRef { id: Some(id), name },
                    Ok(None) => c.name = c.name.trim().to_string(),
                    Err(e) => problems.push(problem_of(&format!("conditions[{i}]"), &e)),
                },
            }
        }
    }

    /// Saves a new adversary (its id and revision are ignored), checked first.
    ///
    /// # Errors
    /// [`Error::Rejected`] with every problem; a name the system's library already has.
    pub fn create_adversary(&mut self, a: &Adversary) -> Result<AdversaryView> {
        self.create_adversary_keeping(a, None)
    }

    /// [`Tome::create_adversary`], keeping `kept` (what an import from a Foundry VTT
    /// actor keeps of it) with it: both are written, or neither.
    pub(crate) fn create_adversary_keeping(&mut self, a: &Adversary, kept: Option<&str>) -> Result<AdversaryView> {
        let (a, _) = self.check_adversary(a)?;
        let (tags, summary, body) = (a.tags.clone(), a.summary(), a.body());
        let w = AdversaryWrite {
            system: &a.system,
            name: &a.name,
            tags: &tags,
            summary: &summary,
            body: &body,
            note: "created",
        };
        let id = self.db.insert_adversary_keeping(&w, kept)?;
        self.adversaries_changed();
        self.adversary_view(id)
    }

    /// Saves `a` as a new revision of adversary `a.id`, read at `a.revision`; nothing is
    /// written when nothing changed.
    ///
    /// # Errors
    /// [`Error::Rejected`] with every problem; [`Error::Conflict`] when it was saved
    /// elsewhere since; [`Error::NotFound`].
    pub fn save_adversary(&mut self, a: &Adversary) -> Result<AdversaryView> {
        let current = self.adversary(a.id)?;
        shipped_refusal(&current, "changed")?;
        if a.system != current.system {
            let why = format!("an adversary keeps its game system ({}), not {:?}", current.system, a.system);
            return Err(Error::rejected(format!("cannot save {}:", current.name), vec![Problem::field("system", why)]));
        }
        let (checked, _) = self.check_adversary(a)?;
        let note = change_note(&current, &checked);
        let (tags, summary, body) = (checked.tags.clone(), checked.summary(), checked.body());
        let w = AdversaryWrite {
            system: &checked.system,
            name: &checked.name,
            tags: &tags,
            summary: &summary,
            body: &body,
            note: &note,
        };
        self.db.update_adversary(a.id, a.revision, &w)?;
        self.adversaries_changed();
        self.adversary_view(a.id)
    }

    /// Deletes an adversary and its history. Fights it was added to keep their copies.
    ///
    /// # Errors
    /// [`Error::NotFound`].
    pub fn delete_adversary(&mut self, id: i64) -> Result<()> {
        shipped_refusal(&self.adversary(id)?, "deleted")?;
        self.db.delete_adversary(id)?;
        self.adversaries_changed();
        Ok(())
    }

    /// An adversary's revisions, oldest first.
    ///
    /// # Errors
    /// [`Error::NotFound`].
    pub fn adversary_revisions(&self, id: i64) -> Result<Vec<AdversaryRevision>> {
        Ok(self
            .db
            .adversary_revisions(id)?
            .into_iter()
            .map(|r| AdversaryRevision { number: r.number, saved_at: r.saved_at, summary: r.summary })
            .collect())
    }

    /// Makes revision `number` current again, as a new revision (checked as a save is,
    /// since the rules may have changed since).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an unknown adversary or revision; [`Error::Rejected`].
    pub fn restore_adversary(&mut self, id: i64, number: i64) -> Result<AdversaryView> {
        let current = self.adversary(id)?;
        let body = self.db.adversary_revision(id, number)?;
        let old: Adversary = serde_json::from_str(&body)
            .map_err(|e| Error::damaged(self.db.label(), &format!("adversary {id}, revision {number}"), e))?;
        self.save_adversary(&Adversary { id, revision: current.revision, ..old })
    }

    /// An adversary as a file's text (JSON).
    ///
    /// # Errors
    /// [`Error::NotFound`].
    pub fn export_adversary(&self, id: i64) -> Result<String> {
        let a = self.adversary(id)?;
        let file = AdversaryFile { tome_adversary: FILE_FORMAT, adversary: Adversary { id: 0, revision: 0, ..a } };
        Ok(serde_json::to_string_pretty(&file).expect("plain data") + "\n")
    }

    /// Writes [`Tome::export_adversary`] to `path`.
    ///
    /// # Errors
    /// As [`Tome::export_adversary`]; the file cannot be written.
    pub fn export_adversary_file(&self, id: i64, path: &Path) -> Result<()> {
        crate::files::write_atomic(path, self.export_adversary(id)?.as_bytes())
    }

    /// Reads an adversary file into the library: everything is checked first, and either
    /// it is saved whole or nothing is.
    ///
    /// # Errors
    /// [`Error::Rejected`] with every problem (a file that is not an adversary's, a
    /// newer format, bad stats); a name the system's library already has.
    pub fn import_adversary(&mut self, bytes: &[u8]) -> Result<AdversaryView> {
        if crate::foundry::sniff(bytes) {
            return self.import_foundry_adversary(bytes).map(|(view, _)| view);
        }
        let refuse = |why: String| Error::rejected("cannot import the adversary:", vec![Problem::field("", why)]);
        let text = std::str::from_utf8(bytes).map_err(|_| refuse("the file is not text (UTF-8)".into()))?;
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| refuse(format!("not JSON (line {}, column {}): {e}", e.line(), e.column())))?;
        let version = value.get("tome_adversary").and_then(serde_json::Value::as_u64);
        match version {
            None => return Err(refuse("this is not a Tome adversary file (it has no `tome_adversary`)".into())),
            Some(v) if v > u64::from(FILE_FORMAT) => {
                return Err(refuse(format!(
                    "it was written by a newer Tome (format {v}); this one reads format {FILE_FORMAT}"
                )))
            }
            Some(_) => {}
        }
        let file: AdversaryFile = serde_json::from_value(value).map_err(|e| refuse(e.to_string()))?;
        self.create_adversary(&file.adversary)
    }

    /// [`Tome::import_adversary`] from a file.
    ///
    /// # Errors
    /// As [`Tome::import_adversary`]; the file cannot be read or is too large.
    pub fn import_adversary_file(&mut self, path: &Path) -> Result<AdversaryView> {
        if let Some(bytes) = super::foundry::actor_file(path)? {
            return self.import_foundry_adversary(&bytes).map(|(view, _)| view);
        }
        // The reader characters, packs and documents use: a regular file only (a pipe
        // would be waited on forever, a device read without end, `/dev/null` taken for
        // an empty file), read no further than the limit.
        std::fs::metadata(path).map_err(|source| Error::Io { path: path.to_path_buf(), source })?;
        let bytes = crate::files::read_bounded(path, MAX_FILE_BYTES)
            .map_err(|why| Error::InvalidInput(format!("{} cannot be imported: {why}", path.display())))?;
        self.import_adversary(&bytes)
    }

    /// Adds `count` copies of adversary `adversary` to encounter `id`, each with its own
    /// stats and tracked values, numbered after any of its kind already there ("Goblin 4"
    /// after Goblin 1 to 3), hidden from the players on arrival or not (`None`: as the
    /// table's setting says), each with the adversary's starting conditions: one change,
    /// so one undo takes them all back.
    ///
    /// # Errors
    /// An adversary of another system or kind of encounter; a count out of range; what the
    /// tracker refuses.
    pub fn encounter_add_adversary(
        &mut self,
        id: i64,
        adversary: i64,
        count: i64,
        hidden: Option<bool>,
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        if !(1..=MAX_COUNT).contains(&count) {
            return Err(Error::InvalidInput(format!("how many to add must be between 1 and {MAX_COUNT}, not {count}")));
        }
        let a = self.adversary(adversary)?;
        let row = self.db.encounter_row(id)?;
        if row.system != a.system {
            return Err(Error::InvalidInput(format!(
                "{} is a {} adversary; encounter {id} is {}'s",
                a.name, a.system, row.system
            )));
        }
        let fights_in = Tome::encounter_mode(&a.system, &a.mode)?.0;
        let encounter_kind = Tome::encounter_mode(&row.system, &row.mode)?.0;
        if fights_in != encounter_kind {
            return Err(Error::InvalidInput(format!(
                "{} fights in a {fights_in}, and encounter {id} is a {encounter_kind}",
                a.name
            )));
        }
        // Shown newcomers are numbered by the names the table sees, so their numbers never
        // tell of a hidden one; where a number is a hidden one's, the game master is asked.
        let hidden = match hidden {
            Some(h) => h,
            None => self.newcomers_hidden(id)?,
        };
        let (_, _, state) = self.encounter_now(id)?;
        let taken: Vec<String> =
            state.combatants.iter().filter(|c| hidden || !c.hidden).map(|c| c.name.clone()).collect();
        let names = numbered(&a.name, count, &taken);
        for n in &names {
            not_a_hidden_name(&state, n)?;
        }
        let hidden = Some(hidden);
        let (_, rules) = Tome::encounter_mode(&a.system, &a.mode)?;
        let marks = self.adversary_marks(rules, &a)?;
        let combatants = names
            .iter()
            .map(|n| NewCombatant {
                conditions: a.conditions.clone(),
                adversary: Some(a.id),
                attacks: a.attacks.clone(),
                marks: marks.clone(),
                ..NewCombatant::quick(n.clone(), a.stats.clone())
            })
            .collect();
        self.encounter_join(id, combatants, hidden, seed)
    }

    /// Saves combatant `name` of encounter `id` (a quick one typed mid-fight) to the
    /// library as a new adversary: its stats as the tracker holds them (those at their
    /// default left out) and the attacks it carries, named `as_name` or after the
    /// combatant without its number ("Goblin 3" → Goblin); the conditions it joined with
    /// are what it starts with. Those the fight gave it since are not kept: they are the
    /// fight's.
    ///
    /// # Errors
    /// No such encounter or combatant; a name the library already has; what the system's
    /// rules refuse of the stats.
    pub fn adversary_from_combatant(&mut self, id: i64, name: &str, as_name: Option<&str>) -> Result<AdversaryView> {
        let row = self.db.encounter_row(id)?;
        let (_, rules) = Tome::encounter_mode(&row.system, &row.mode)?;
        let state = self.encounter_state(&row)?;
        let c = &state.combatants[state.find(name)?];
        let stem = match c.name.rsplit_once(' ') {
            Some((head, n)) if n.parse::<u32>().is_ok() => head,
            _ => c.name.as_str(),
        };
        let mut a = Adversary::new(&row.system, as_name.map_or(stem, str::trim));
        a.mode.clone_from(&row.mode);
        a.stats = rules
            .stats()
            .iter()
            .filter_map(|s| c.stats.get(s.key).filter(|v| **v != s.default).map(|v| (s.key.to_string(), *v)))
            .collect();
        a.attacks.clone_from(&c.attacks);
        a.conditions.clone_from(&c.arrived_with);
        a.position = position_of(c);
        self.create_adversary(&a)
    }

    /// The stored stat block, as the core reads it: one that does not read is damage.
    fn read_row(&self, r: &AdversaryRow) -> Result<Adversary> {
        let mut a: Adversary = serde_json::from_str(&r.body)
            .map_err(|e| Error::damaged(self.db.label(), &format!("adversary {}", r.id), e))?;
        a.id = r.id;
        a.system.clone_from(&r.system);
        a.name.clone_from(&r.name);
        a.revision = r.revision;
        a.created = r.created;
        a.updated = r.updated;
        a.pack.clone_from(&r.pack);
        a.source.clone_from(&r.source);
        Ok(a)
    }

    /// [`Tome::encounter_add_adversary`] with the adversary named as the game master
    /// types it (its name, any case, or its number), among those of the encounter's system.
    ///
    /// # Errors
    /// [`Error::NotFound`] with the close names of the library; as
    /// [`Tome::encounter_add_adversary`].
    pub fn encounter_add_adversary_named(
        &mut self,
        id: i64,
        adversary: &str,
        count: i64,
        hidden: Option<bool>,
        seed: Option<u64>,
    ) -> Result<EncounterView> {
        let system = self.db.encounter_row(id)?.system;
        let a = self.find_adversary(adversary, Some(&system))?;
        self.encounter_add_adversary(id, a.id, count, hidden, seed)
    }

    /// The search index no longer matches the library: the next search builds it again.
    /// The table's search holds no adversary, so it is kept.
    pub(super) fn adversaries_changed(&mut self) {
        self.index = std::sync::OnceLock::new();
        self.note_index_sum(None);
    }
}

/// Refuses a shown newcomer the name of a hidden combatant (which numbering by the names
/// the table sees can give): the game master names it, or shows the hidden one first.
///
/// # Errors
/// [`Error::InvalidInput`] saying so.
pub(super) fn not_a_hidden_name(state: &crate::encounters::State, name: &str) -> Result<()> {
    match state.combatants.iter().find(|c| c.hidden && c.name.eq_ignore_ascii_case(name)) {
        Some(c) => Err(Error::InvalidInput(format!(
            "the next number, {}, is a hidden combatant's: a newcomer numbered past it would tell the table it \
             exists; give the newcomer a name of its own, or show {} first",
            c.name, c.name
        ))),
        None => Ok(()),
    }
}

/// The names `count` copies of `name` take beside those `taken`: the name alone for one
/// when it is free, else numbered after the highest of its kind.
fn numbered(name: &str, count: i64, taken: &[String]) -> Vec<String> {
    let is = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    let mine = taken.iter().filter_map(|t| {
        if is(t, name) {
            return Some(1);
        }
        let (head, n) = t.rsplit_once(' ')?;
        is(head, name).then(|| n.parse::<i64>().ok()).flatten()
    });
    let highest = mine.max();
    if count == 1 && highest.is_none() {
        return vec![name.to_string()];
    }
    let from = highest.unwrap_or(0) + 1;
    (from..from + count).map(|n| format!("{name} {n}")).collect()
}

/// The roster position a combatant plays: the entry of kind position one of its marks
/// names (an MLAF caster's, from his adversary, his sheet or the `roster` action).
pub(super) fn position_of(c: &crate::encounters::Combatant) -> Option<String> {
    let position = crate::Kind::Position.as_str();
    c.marks.iter().filter_map(|m| m.id.clone()).find(|id| id.split('/').nth(1) == Some(position))
}

/// The entry the app shows for an adversary (and its printed card's name, summary and
/// source).
pub(super) fn adversary_entry(view: &AdversaryView) -> crate::model::Entry {
    use std::fmt::Write;
    let a = &view.adversary;
    let mut body = String::from("| Stat | Value |\n|---|---|\n");
    for s in view.stats.iter().filter(|s| s.given) {
        let _ = writeln!(body, "| {} | {} |", s.label.replace('|', "/"), s.value);
    }
    let defaults = view.stats.iter().filter(|s| !s.given).count();
    if defaults > 0 {
        let _ = writeln!(body, "\nThe other {defaults} stats its tracker uses are at their defaults.");
    }
    if !view.derived.is_empty() {
        body.push_str("\n**What the rules make of it**\n\n");
        for d in &view.derived {
            let _ = writeln!(body, "- {}: **{}** ({})", d.label, d.value_text(), d.breakdown());
        }
    }
    if let Some(p) = &view.position {
        let _ = writeln!(body, "\n**Roster position:** {} ({})", p.name, p.facts.join("; "));
    }
    if !a.attacks.is_empty() {
        body.push_str("\n**Attacks and spells**\n\n");
        for x in &a.attacks {
            let _ = writeln!(body, "- {}", x.written(&x.name));
        }
    }
    if !a.conditions.is_empty() {
        let names: Vec<&str> = a.conditions.iter().map(|c| c.name.as_str()).collect();
        let _ = writeln!(body, "\n**Starts every fight with:** {}", names.join(", "));
    }
    if !a.notes.is_empty() {
        let _ = write!(body, "\n{}\n", a.notes);
    }
    let links = a
        .position
        .iter()
        .cloned()
        .chain(a.attacks.iter().filter_map(|x| x.entry.clone()))
        .chain(a.conditions.iter().filter_map(|c| c.id.clone()));
    let summary = a.summary();
    crate::model::Entry {
        id: format!("{}/adversary/{}", a.system, a.id),
        name: a.name.clone(),
        kind: crate::Kind::Adversary,
        system: a.system.clone(),
        summary_parts: vec![crate::model::TextPart { text: summary.clone(), id: None }],
        summary,
        body_linked: body.clone(),
        body,
        source: crate::model::Source {
            document: match (&a.pack, &a.source) {
                (Some(p), _) => format!("Pack {p}"),
                (None, Some(_)) => "Your adversaries, from Tome's starters".to_string(),
                (None, None) => "Your adversaries".to_string(),
            },
            file: String::new(),
            section: match &a.source {
                Some(source) => format!("{source}; revision {}", a.revision),
                None => format!("revision {}", a.revision),
            },
        },
        aliases: a.tags.clone(),
        links: links.collect(),
        mentions: Vec::new(),
        backlinks: Vec::new(),
        detail: None,
        facts: view.derived.iter().take(3).map(|d| format!("{} {}", d.label, d.value_text())).collect(),
        pack: a.pack.clone(),
    }
}

/// A pack's adversary changes with the pack: saved over, the next import would undo it.
fn shipped_refusal(a: &Adversary, what: &str) -> Result<()> {
    match &a.pack {
        Some(pack) => Err(Error::InvalidInput(format!(
            "{} comes from the pack `{pack}`, so it is {what} by importing (or removing) the pack; to make it your own, \
             save a copy under another name",
            a.name
        ))),
        None => Ok(()),
    }
}

/// The adversaries `pack` ships, each checked by its system's rules as a save is, ready to
/// be written with the pack; every problem is said at its file and line. A name the
/// library already has (outside this pack) is refused.
///
/// # Errors
/// The library's adversaries do not read (the pack's own problems are the inner error).
pub(crate) fn pack_adversaries(
    tome: &Tome,
    pack: &crate::seed::PackContent,
) -> Result<std::result::Result<Vec<Adversary>, Vec<Problem>>> {
    let mut problems = Vec::new();
    let mut out: Vec<Adversary> = Vec::new();
    for p in &pack.adversaries {
        let s = &p.seed;
        let a = adversary_of_seed(p);
        let at = |message: String| Problem::at(&p.file, p.line, format!("adversary `{}`: {message}", s.name.trim()));
        match tome.check_adversary(&a) {
            Ok((checked, _)) => {
                let taken = tome.db.adversaries_named(&checked.name, Some(&checked.system))?;
                let mut theirs = None;
                for id in taken {
                    let other = tome.adversary(id)?;
                    if other.pack.as_deref() != Some(&pack.manifest.name) {
                        theirs = Some(other);
                        break;
                    }
                }
                if let Some(other) = theirs {
                    problems.push(at(format!(
                        "{} already has an adversary called {} (#{}): rename one of them",
                        other.system, other.name, other.id
                    )));
                } else if out.iter().any(|o| o.system == checked.system && o.name.eq_ignore_ascii_case(&checked.name)) {
                    problems.push(at("the pack has two adversaries of this name".to_string()));
                } else {
                    out.push(checked);
                }
            }
            Err(e) => problems.extend(problems_at(p, &e)),
        }
    }
    if problems.is_empty() {
        Ok(Ok(out))
    } else {
        Ok(Err(problems))
    }
}

/// An adversary as a pack or Tome's starters write it, before any check.
pub(super) fn adversary_of_seed(p: &crate::seed::SeedAdversary) -> Adversary {
    let s = &p.seed;
    let mut a = Adversary::new(&p.system, &s.name);
    a.mode = s.mode.clone().unwrap_or_default();
    a.stats = s.stats.clone();
    a.position = s.position.clone();
    a.attacks = s
        .attacks
        .iter()
        .map(|x| AdversaryAttack { name: x.name.clone(), entry: x.entry.clone(), numbers: x.numbers.clone() })
        .collect();
    a.conditions = s.conditions.iter().map(|c| ConditionRef { id: None, name: c.clone() }).collect();
    a.tags = s.tags.clone();
    a.notes = s.notes.clone();
    a
}

/// Why a written adversary `p` was refused, each problem at its file and line.
pub(super) fn problems_at(p: &crate::seed::SeedAdversary, e: &Error) -> Vec<Problem> {
    let at = |message: String| Problem::at(&p.file, p.line, format!("adversary `{}`: {message}", p.seed.name.trim()));
    match e.problems() {
        Some(ps) => ps.iter().map(|q| at(format!("{}: {}", q.location(), q.message))).collect(),
        None => vec![at(e.to_string())],
    }
}

/// Why `word` is no stat of the tracker, with the stats it may have meant (the close
/// ones, or else the first of the tracker's list).
fn unknown_stat(rules: &dyn EncounterRules, word: &str) -> String {
    let w = word.trim().to_ascii_lowercase();
    let keys: Vec<&str> = rules.stats().iter().map(|s| s.key).collect();
    let close: Vec<&str> = keys.iter().copied().filter(|k| strsim::jaro_winkler(k, &w) >= 0.8).take(5).collect();
    let (shown, more) = if close.is_empty() {
        (keys.iter().copied().take(14).collect::<Vec<_>>(), keys.len() > 14)
    } else {
        (close, false)
    };
    let lead = if more { "its stats include" } else { "its stats are" };
    let tail = if more { ", …" } else { "" };
    if shown.len() < keys.len() && !more {
        format!("its tracker has no stat `{word}`; did you mean {}?", shown.join(", "))
    } else {
        format!("its tracker has no stat `{word}` ({lead} {}{tail})", shown.join(", "))
    }
}

/// An error about a field, as one of a refusal's problems.
fn problem_of(field: &str, e: &Error) -> Problem {
    Problem::field(field, e.to_string())
}
