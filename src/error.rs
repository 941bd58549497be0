//! Tome's error type: one enum with a stable [`ErrorCode`] for every variant, so callers
//! (the CLI's exit status, the UI) branch on the code, never on the message.

use std::path::PathBuf;

use serde::Serialize;
use ts_rs::TS;

mod problem;

pub use problem::{Problem, Problems};

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("no {what} {}{}", id_or_name(id), did_you_mean(suggestions))]
    NotFound { what: &'static str, id: String, suggestions: Vec<String> },

    #[error("{0}")]
    InvalidInput(String),

    /// A number of another combatant's that the rules need and the fight does not hold
    /// (a defense never set): the one who keeps it (the game master) gives it. A player's
    /// phone is never told this, since whether the number is set is the game master's
    /// (issue 74).
    #[error("{0}")]
    NeedsNumber(String),

    /// Input checked and refused (a character save, import or restore): every problem,
    /// each with the field it is in. Nothing was written.
    #[error("{heading}{}", problem_lines(problems))]
    Rejected { heading: String, problems: Problems },

    /// A value a form holds that cannot be used, said about its field as the form shows
    /// it ("Size must be from −20 to 20, not 40"), with the field in `problems` when the
    /// message is about one.
    #[error("{message}")]
    FormInvalid { message: String, problems: Problems },

    /// Something a form named that is not there (an unknown weapon in a calculator), said
    /// about its field (`problems`), with what the user may have meant.
    #[error("{message}")]
    FormNotFound { message: String, problems: Problems, suggestions: Vec<String> },

    /// A save made from an older revision than the stored one: someone else saved first.
    #[error("{0}")]
    Conflict(String),

    #[error("content is invalid:\n{0}")]
    Content(Problems),

    /// A homebrew pack that cannot be imported: every problem, with file and line.
    /// Nothing was written.
    #[error("pack {source_path} cannot be imported; nothing was changed:\n{problems}")]
    PackInvalid { source_path: String, problems: Problems },

    #[error("database {path}: {source}")]
    Database {
        path: String,
        #[source]
        source: rusqlite::Error,
    },

    #[error("database {path}: could not bring the schema up to date: {source}")]
    Migration {
        path: String,
        #[source]
        source: rusqlite_migration::Error,
    },

    /// The database file is not one Tome can use (not SQLite, another program's,
    /// written by a newer Tome, or damaged). Tome has not written to it. `reason` is in
    /// Tome's words; what SQLite itself said (its check's lines about trees and pages) is
    /// kept apart in `details`, for `--json` and the app's details, never in the sentence.
    #[error("database {path} cannot be used: {reason}. Tome has not changed it{}", restore_hint(reason, advice))]
    UnusableDatabase { path: String, reason: String, details: Vec<String>, advice: Advice },

    #[error("{}: {}", path.display(), io_words(source))]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// A bug in Tome (a command panicked). What the command was doing was undone; the
    /// next command works.
    #[error("Tome hit a bug while {0}; nothing was changed, and you can go on")]
    Internal(String),
}

/// How a missing thing was asked for: by id (`ars-magica/armor/chain-mail`, a number), or
/// by a name a player typed (`Mithril`), which "with id" would misdescribe.
fn id_or_name(id: &str) -> String {
    if id.contains('/') || id.chars().all(|c| c.is_ascii_digit()) {
        format!("with id `{id}`")
    } else {
        format!("named `{id}`")
    }
}

fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        // Quoted: names may hold commas themselves ("Sword, Long").
        many => {
            format!("; did you mean one of: {}?", many.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", "))
        }
    }
}

/// The problems under a heading, one per indented line.
fn problem_lines(problems: &Problems) -> String {
    problems.iter().map(|p| format!("\n  {p}")).collect()
}

/// Whether `e` comes from the schema stored in the file rather than from Tome's own SQL:
/// a function or collation that does not exist (`length(` damaged into `lIngth(` inside a
/// CHECK constraint) is named only there, since Tome's statements call none; so is a
/// table that does not exist (named by a trigger whose text was damaged).
fn schema_damage(e: &rusqlite::Error) -> bool {
    let text = e.to_string();
    // A table Tome's statements name always exists (the migrations make them all): one
    // missing was named by the stored schema (a trigger's text damaged).
    [
        "unknown function: ",
        "no such function: ",
        "no such collation sequence: ",
        "malformed database schema",
        "no such table: ",
    ]
    .iter()
    .any(|m| text.starts_with(m))
}

/// An I/O error in words: the common ones as a person says them, without the OS's code
/// ("no such file", not "No such file or directory (os error 2)").
pub(crate) fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "no such file".into(),
        K::PermissionDenied => "permission denied".into(),
        K::IsADirectory => "a folder, not a file".into(),
        K::AlreadyExists => "it already exists".into(),
        K::StorageFull => "the disk is full".into(),
        K::ReadOnlyFilesystem => "the disk is read-only".into(),
        _ => e.to_string(),
    }
}

/// What a damaged value is said to be in when the read does not know its record.
const SOME_RECORD: &str = "a stored record";

/// The words the ledger's insert triggers refuse with, before the table's ledger name
/// (`schema/0030_ledger_never_overwritten.sql`).
const LEDGER_REFUSED: &str = "tome ledger: a row Tome wrote is not there:";

/// What a damaged file's message tells the user to do, which depends on where the damage
/// was met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Advice {
    /// A read met it in a file that opened: `tome db check` names all of it and mends
    /// Tome's own; a backup brings back the user's.
    Check,
    /// Opening refused the file (so `tome db check`, which opens it first, cannot run):
    /// a backup is the way out.
    RestoreAtOpen,
    /// `tome db check` ran and named what it could not mend: a backup is the way out.
    RestoreAfterCheck,
    /// The file is a backup chosen for a restore: another backup, the next newest when
    /// there is one (its path), is the way out.
    AnotherBackup(Option<String>),
}

const BACKUPS_KEPT: &str = "Tome keeps the last few in `backups/` next to the database; `tome db backups` lists them";

fn restore_hint(reason: &str, advice: &Advice) -> String {
    if !reason.starts_with("it is damaged") && !matches!(advice, Advice::AnotherBackup(_)) {
        return String::new();
    }
    match advice {
        Advice::Check => "; `tome db check` repairs Tome's own content and names each damaged record, and \
             `tome db restore FILE` brings back a backup (Tome keeps the last few in `backups/` next to the database)"
            .into(),
        Advice::RestoreAtOpen => format!(
            "; the damage is not only in Tome's own content, so `tome db check` cannot open it either: \
             `tome db restore FILE` brings back a backup ({BACKUPS_KEPT})"
        ),
        Advice::RestoreAfterCheck => format!(
            "; `tome db check` repaired what was Tome's own and named the rest: `tome db restore FILE` brings back \
             a backup ({BACKUPS_KEPT})"
        ),
        Advice::AnotherBackup(Some(next)) => {
            format!("; restore another backup instead: `tome db restore {next}` brings back the next newest")
        }
        Advice::AnotherBackup(None) => {
            "; restore another backup instead (`tome db backups` lists the ones Tome keeps)".into()
        }
    }
}

/// SQLite's own words about a damaged file (its integrity check's lines: trees, pages,
/// cells; its error for a page it cannot read), said as a person would; Tome's own
/// problems (references to missing rows, a schema unlike the migrations', a table holding
/// another's rows) are already in words and kept as they are.
pub(crate) fn damage_words(problem: &str) -> String {
    let p = problem.trim();
    let p = p.strip_prefix("*** in database main ***").map_or(p, str::trim);
    // Tome's own words (the ledger's among them: attack 81's F8, which said "some of its
    // pages are damaged" for rows older than their entries) are said as they are.
    let own = [
        "the trigger ",
        "the table ",
        "the index ",
        "the view ",
        "its schema ",
        "table ",
        "the rows of ",
        "the ledger of current rows",
        "the file as a whole",
    ];
    if own.iter().any(|o| p.starts_with(o)) || p.ends_with("references to rows that do not exist") {
        return p.to_string();
    }
    if let Some(t) = p.strip_prefix("CHECK constraint failed in ") {
        return format!("a row of the table {t} breaks its rules");
    }
    if let Some(rest) = p.strip_prefix("NULL value in ") {
        let (t, c) = rest.split_once('.').unwrap_or((rest, "a value"));
        return format!("a row of the table {t} has no {c}");
    }
    if let Some((_, rest)) = p.strip_prefix("non-").and_then(|r| r.split_once(" value in ")) {
        let (t, c) = rest.split_once('.').unwrap_or((rest, "a column"));
        return format!("a row of the table {t} holds the wrong kind of value in {c}");
    }
    for marker in [
        " missing from index ",
        " values differ from index ",
        "wrong # of entries in index ",
        "non-unique entry in index ",
    ] {
        if let Some(i) = p.find(marker) {
            return format!("the index {} does not match its table", &p[i + marker.len()..]);
        }
    }
    if (!p.is_empty() && p.lines().all(|l| never_used(l.trim()))) || p.starts_with("Freelist") {
        return "some of its pages belong to no table".into();
    }
    "some of its pages are damaged".into()
}

/// Whether `line` of SQLite's whole-file check says a page belongs to nothing: "Page 441:
/// never used" (the SQLite rusqlite bundles, 3.44 on), "Page 441 is never used" (before).
/// Matching only the older words, the healing of pages that belong to nothing
/// (`db::tables::loose`) held no problem the bundled SQLite says, and a file whose only
/// damage was pages left behind (a table's changed pages put back as an older copy, the
/// overflow pages they named now belonging to no table) was refused.
pub(crate) fn never_used(line: &str) -> bool {
    line.strip_prefix("Page ")
        .and_then(|rest| rest.strip_suffix(": never used").or_else(|| rest.strip_suffix(" is never used")))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// What the details say of a page read whose checksum did not match.
pub(crate) const PAGE_SUM_MISMATCH: &str = "a page read does not match its checksum";

/// `problems` in words ([`damage_words`]), each said once, in order.
pub(crate) fn problems_in_words(problems: &[String]) -> String {
    let mut said: Vec<String> = Vec::new();
    for p in problems {
        let w = damage_words(p);
        if !said.contains(&w) {
            said.push(w);
        }
    }
    said.join("; ")
}

/// Stable, machine-readable error codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    NotFound,
    InvalidInput,
    /// The thing changed since it was read (a save from a stale revision): reload.
    Conflict,
    ContentInvalid,
    Database,
    Io,
    /// A bug in Tome; what the command was doing was undone.
    Internal,
}

impl Error {
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::NotFound { .. } | Error::FormNotFound { .. } => ErrorCode::NotFound,
            Error::InvalidInput(_) | Error::NeedsNumber(_) | Error::Rejected { .. } | Error::FormInvalid { .. } => {
                ErrorCode::InvalidInput
            }
            Error::Conflict(_) => ErrorCode::Conflict,
            Error::Content(_) | Error::PackInvalid { .. } => ErrorCode::ContentInvalid,
            Error::Database { .. } | Error::Migration { .. } | Error::UnusableDatabase { .. } => ErrorCode::Database,
            Error::Io { .. } => ErrorCode::Io,
            Error::Internal(_) => ErrorCode::Internal,
        }
    }

    pub fn is_not_found(&self) -> bool {
        self.code() == ErrorCode::NotFound
    }

    pub(crate) fn not_found(what: &'static str, id: &str) -> Error {
        Error::NotFound { what, id: id.to_string(), suggestions: Vec::new() }
    }

    /// Input refused for `problems`, shown under `heading` (`cannot save Aldo:`).
    pub(crate) fn rejected(heading: impl Into<String>, problems: Vec<Problem>) -> Error {
        Error::Rejected { heading: heading.into(), problems: Problems(problems) }
    }

    /// What was wrong with the input, each problem with its place: invalid content or an
    /// invalid pack (file and line), a refused character (field).
    pub fn problems(&self) -> Option<&Problems> {
        match self {
            Error::Content(p)
            | Error::PackInvalid { problems: p, .. }
            | Error::Rejected { problems: p, .. }
            | Error::FormInvalid { problems: p, .. }
            | Error::FormNotFound { problems: p, .. } => Some(p),
            _ => None,
        }
    }

    /// What the user may have meant, for something not found (ids or names).
    pub fn suggestions(&self) -> &[String] {
        match self {
            Error::NotFound { suggestions, .. } | Error::FormNotFound { suggestions, .. } => suggestions,
            _ => &[],
        }
    }

    pub(crate) fn unusable(path: &str, reason: impl Into<String>) -> Error {
        Error::UnusableDatabase {
            path: path.to_string(),
            reason: reason.into(),
            details: Vec::new(),
            advice: Advice::Check,
        }
    }

    /// The file at `path` is damaged as SQLite's `problems` say: said in words, SQLite's
    /// own lines kept in the details.
    pub(crate) fn damaged_file(path: &str, problems: &[String]) -> Error {
        Error::UnusableDatabase {
            path: path.to_string(),
            reason: format!("it is damaged ({})", problems_in_words(problems)),
            details: problems.to_vec(),
            advice: Advice::Check,
        }
    }

    /// This error as opening the file gives it: a damaged file refused at open cannot be
    /// opened by `tome db check` either, so the advice is the restore.
    pub fn at_open(self) -> Error {
        match self {
            Error::UnusableDatabase { path, reason, details, advice: Advice::Check } => {
                Error::UnusableDatabase { path, reason, details, advice: Advice::RestoreAtOpen }
            }
            other => other,
        }
    }

    /// This error with `advice` in place of its own (a damaged database's only).
    pub(crate) fn advising(self, advice: Advice) -> Error {
        match self {
            Error::UnusableDatabase { path, reason, details, .. } => {
                Error::UnusableDatabase { path, reason, details, advice }
            }
            other => other,
        }
    }

    /// What SQLite itself said of a damaged file, for the details (`--json`).
    pub fn details(&self) -> &[String] {
        match self {
            Error::UnusableDatabase { details, .. } => details,
            _ => &[],
        }
    }

    /// A SQLite error on the database at `path`; a damaged file or one that is not a
    /// database becomes [`Error::UnusableDatabase`], so the message says what to do.
    ///
    /// A query that finds no row is damage only where the caller knows the row must
    /// exist ([`Error::sqlite_in`]): here it may be a lookup of something a user typed,
    /// and calling that damage would close the app's database over a typo.
    pub(crate) fn sqlite(path: &str, source: rusqlite::Error) -> Error {
        if matches!(source, rusqlite::Error::QueryReturnedNoRows) {
            return Error::Database { path: path.to_string(), source };
        }
        Error::sqlite_in(path, SOME_RECORD, source)
    }

    /// This error, with a damaged record it does not name yet named `record`: for a read
    /// that knows what it was reading when a lower one failed.
    pub(crate) fn naming(self, record: &str) -> Error {
        match self {
            Error::UnusableDatabase { path, reason, details, advice }
                if reason.starts_with(&format!("it is damaged ({SOME_RECORD} ")) =>
            {
                let reason = reason.replacen(SOME_RECORD, record, 1);
                Error::UnusableDatabase { path, reason, details, advice }
            }
            other => other,
        }
    }

    /// [`Error::sqlite`] for a read of `record` (`entry ars-magica/spell/pilum-of-fire`):
    /// a value that cannot be decoded (text that is not UTF-8, a number where text
    /// belongs) or a row that must exist and does not can only be damage, so it is said
    /// as damage of that record, with the same advice as a file refused at open.
    pub(crate) fn sqlite_in(path: &str, record: &str, source: rusqlite::Error) -> Error {
        use rusqlite::{Error as E, ErrorCode as C};
        if matches!(
            source,
            E::FromSqlConversionFailure(..)
                | E::InvalidColumnType(..)
                | E::Utf8Error(..)
                | E::IntegralValueOutOfRange(..)
                | E::QueryReturnedNoRows
        ) {
            return Error::damaged(path, record, source);
        }
        // An insert refused by the ledger's triggers: the new row would take the place of
        // a row Tome wrote and never deleted, which is not there
        // (`schema/0030_ledger_never_overwritten.sql`).
        if let Some(table) = source.sqlite_error().and_then(|_| {
            let said = source.to_string();
            said.split_once(LEDGER_REFUSED).map(|(_, table)| table.trim().to_string())
        }) {
            return Error::damaged(
                path,
                &format!("the rows of {table}"),
                "a row Tome wrote and never deleted is not there (a part of the file read as an older copy of \
                 itself); a new one would have taken its place, so nothing was written",
            );
        }
        // A page whose checksum does not match what it holds (`db/page_sums.rs`).
        if source.sqlite_error().is_some_and(|e| e.extended_code == rusqlite::ffi::SQLITE_IOERR_DATA) {
            return Error::damaged_file(path, &[format!("{PAGE_SUM_MISMATCH} ({source})")]);
        }
        match source.sqlite_error_code() {
            Some(C::DatabaseCorrupt) => Error::damaged_file(path, &[source.to_string()]),
            Some(C::Unknown) if schema_damage(&source) => Error::UnusableDatabase {
                path: path.to_string(),
                reason: "it is damaged (its schema, the file's own description of its tables, does not read)".into(),
                details: vec![source.to_string()],
                advice: Advice::Check,
            },
            Some(C::NotADatabase) => Error::unusable(path, "it is not a SQLite database"),
            _ => Error::Database { path: path.to_string(), source },
        }
    }

    /// `record` of the database at `path` cannot be read because of `why`.
    pub(crate) fn damaged(path: &str, record: &str, why: impl std::fmt::Display) -> Error {
        Error::unusable(path, format!("it is damaged ({record} cannot be read: {why})"))
    }

    /// The damage of several rows a list could not read, said as one error naming each
    /// (the first's path and advice); `None` for none.
    pub fn together(mut errors: Vec<Error>) -> Option<Error> {
        if errors.len() <= 1 {
            return errors.pop();
        }
        let details: Vec<String> = errors.iter().map(|e| e.damage_detail().unwrap_or_else(|| e.to_string())).collect();
        match errors.swap_remove(0) {
            Error::UnusableDatabase { path, details: sqlite, advice, .. } => Some(Error::UnusableDatabase {
                path,
                reason: format!("it is damaged ({})", details.join("; ")),
                details: sqlite,
                advice,
            }),
            first => Some(first),
        }
    }

    /// What a damage error says is damaged, without the path and the advice around it
    /// (`encounter 3, event 4 cannot be read: …`), for a check's list of damaged records.
    pub fn damage_detail(&self) -> Option<String> {
        match self {
            Error::UnusableDatabase { reason, .. } if self.is_damage() => {
                let inner = reason.strip_prefix("it is damaged (").and_then(|r| r.strip_suffix(')'));
                Some(inner.unwrap_or(reason).to_string())
            }
            _ => None,
        }
    }

    /// The database file is damaged (refused at open, or a record that cannot be read):
    /// the case where restoring a backup is the way out.
    ///
    /// A backup chosen for a restore that is damaged is not: the database is not.
    pub fn is_damage(&self) -> bool {
        matches!(self, Error::UnusableDatabase { reason, advice, .. }
            if reason.starts_with("it is damaged") && !matches!(advice, Advice::AnotherBackup(_)))
    }
}

/// A lookup whose "not there" is an answer, not a failure: [`Error::NotFound`] becomes
/// `None`, and every other error (damage above all) stays the read's failure. What a
/// caller that falls back on something else for a missing row uses in place of `.ok()`,
/// which would take a damaged row for a missing one (issue 73,
/// `tests/project/swallowed.rs`).
pub trait Found<T> {
    /// # Errors
    /// Any error but [`Error::NotFound`].
    fn found(self) -> Result<Option<T>>;
}

impl<T> Found<T> for Result<T> {
    fn found(self) -> Result<Option<T>> {
        match self {
            Ok(v) => Ok(Some(v)),
            Err(Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// An error as it crosses a process boundary: the desktop shell's IPC, the CLI's `--json`.
/// The one shape every caller sees: a stable `code` to branch on, a `message` to show
/// (the whole text, as the CLI prints it), and where they apply every `problem` of a
/// refused input and the `suggestions` for something not found. Empty lists are left
/// out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ErrorPayload {
    pub code: ErrorCode,
    pub message: String,
    /// Every problem of a refused input (`content_invalid`, `invalid_input`), each with
    /// its place: a file and line, or a field.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<Problem>,
    /// For `not_found`: what the user may have meant (entry ids, or names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// For a damaged database: what SQLite's own check said, line by line (the message
    /// says it in words).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
}

impl ErrorPayload {
    /// An error with only a code and a message (the shell's own: a dialog that failed).
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ErrorPayload {
        ErrorPayload {
            code,
            message: message.into(),
            problems: Vec::new(),
            suggestions: Vec::new(),
            details: Vec::new(),
        }
    }
}

impl From<&Error> for ErrorPayload {
    fn from(e: &Error) -> Self {
        ErrorPayload {
            code: e.code(),
            message: e.to_string(),
            problems: e.problems().map(|p| p.0.clone()).unwrap_or_default(),
            suggestions: e.suggestions().to_vec(),
            details: e.details().to_vec(),
        }
    }
}

impl From<Error> for ErrorPayload {
    fn from(e: Error) -> Self {
        ErrorPayload::from(&e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error reading the first column of `sql` as a `T` gives.
    fn failed_read<T: rusqlite::types::FromSql + std::fmt::Debug>(sql: &str) -> rusqlite::Error {
        let c = rusqlite::Connection::open_in_memory().unwrap();
        c.query_row(sql, [], |r| r.get::<_, T>(0)).unwrap_err()
    }

    #[test]
    fn a_wrong_type_an_out_of_range_number_and_a_missing_row_are_damage_of_the_record_read() {
        let cases = [
            ("wrong type", failed_read::<i64>("SELECT 'yesterday'")),
            ("out of range", failed_read::<u8>("SELECT 300")),
            ("missing row", failed_read::<i64>("SELECT 1 WHERE 0")),
        ];
        for (what, source) in cases {
            let e = Error::sqlite_in("tome.db", "character 3", source);
            assert!(e.is_damage(), "{what}: {e}");
            assert_eq!(e.code(), ErrorCode::Database, "{what}");
            let shown = e.to_string();
            assert!(shown.contains("it is damaged (character 3 cannot be read: "), "{what}: {shown}");
            assert!(shown.contains("`tome db restore FILE`") && shown.contains("`tome db check`"), "{what}: {shown}");
        }
    }

    #[test]
    fn a_missing_row_is_damage_only_where_the_reader_says_the_row_must_exist() {
        let e = Error::sqlite("tome.db", failed_read::<i64>("SELECT 1 WHERE 0"));
        assert!(!e.is_damage(), "{e}");
        assert_eq!(e.code(), ErrorCode::Database);
        let wrong = Error::sqlite("tome.db", failed_read::<i64>("SELECT 'x'"));
        assert!(wrong.is_damage() && wrong.to_string().contains("a stored record cannot be read"), "{wrong}");
    }

    #[test]
    fn the_payload_carries_problems_and_suggestions_and_leaves_out_empty_lists() {
        let refused =
            Error::rejected("cannot save Aldo:", vec![Problem::field("values.strength", "must be from -10 to 10")]);
        assert_eq!(refused.to_string(), "cannot save Aldo:\n  values.strength: must be from -10 to 10");
        assert_eq!(
            serde_json::to_value(ErrorPayload::from(&refused)).unwrap(),
            serde_json::json!({
                "code": "invalid_input",
                "message": "cannot save Aldo:\n  values.strength: must be from -10 to 10",
                "problems": [{ "file": null, "line": null, "field": "values.strength", "message": "must be from -10 to 10" }],
            })
        );
        let missing = Error::NotFound { what: "entry", id: "x/y/z".into(), suggestions: vec!["a/b/c".into()] };
        assert_eq!(
            serde_json::to_value(ErrorPayload::from(missing)).unwrap(),
            serde_json::json!({
                "code": "not_found",
                "message": "no entry with id `x/y/z`; did you mean `a/b/c`?",
                "suggestions": ["a/b/c"],
            })
        );
        let plain = ErrorPayload::new(ErrorCode::Io, "the save dialog failed");
        assert_eq!(
            serde_json::to_value(plain).unwrap(),
            serde_json::json!({ "code": "io", "message": "the save dialog failed" })
        );
    }
}
