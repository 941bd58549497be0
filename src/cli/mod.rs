//! Argument parsing and dispatch. Every command calls the core API and prints its
//! result as JSON (`--json`) or as text for a terminal.

mod adversary;
mod calc;
mod character;
mod db;
mod docs;
mod encounter;
mod packs;
mod party;
mod recovery;
mod render;
mod screen;
mod share;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use serde::Serialize;
use tome::search::SearchFilter;
use tome::seed::SeedFiles;
use tome::{Error, ErrorCode, ErrorPayload, Kind, Tome};

#[derive(Parser)]
#[command(name = "tome", version, about = "Offline rules reference and character sheets for tabletop RPGs")]
struct Cli {
    /// The database file (default: the platform's data directory).
    #[arg(long, global = true, env = "TOME_DB", value_name = "PATH")]
    db: Option<PathBuf>,

    /// Print JSON to stdout instead of text.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the game systems.
    Systems,
    /// List the entries of one kind (weapon, armor, spell, condition, special-effect,
    /// school, maneuver, position, table, rule).
    List {
        kind: Kind,
        /// Only this system (e.g. ars-magica, mythcraft, amtgard, mlaf, primal-wild).
        #[arg(long, short)]
        system: Option<String>,
    },
    /// Show one entry by id (system/kind/slug).
    Show { id: String },
    /// Show a roll or lookup table; with --roll N, only the row N selects; with --roll
    /// alone, roll the table's dice.
    Table {
        id: String,
        #[arg(long, allow_negative_numbers = true, num_args = 0..=1, value_name = "N")]
        roll: Option<Option<i64>>,
        /// Seed for --roll, to make the roll reproducible.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Search names, aliases and text.
    Search {
        query: String,
        #[arg(long, short)]
        system: Option<String>,
        #[arg(long, short)]
        kind: Option<Kind>,
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
    /// Check a seed folder (the shipped content format) and report every problem.
    CheckSeed { dir: PathBuf },
    /// Run a rules calculator: `tome calc SYSTEM NAME --param value …`. Without a name,
    /// list the system's calculators (without a system, every one); with `--help` after
    /// the name, describe one.
    #[command(disable_help_flag = true)]
    Calc {
        #[arg(allow_hyphen_values = true)]
        system: Option<String>,
        #[arg(allow_hyphen_values = true)]
        name: Option<String>,
        /// The calculator's parameters (`--load 9 --strength 1`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Build, revise, export and import characters.
    #[command(subcommand)]
    Character(character::CharacterCommand),
    /// The game master's adversaries: stat blocks of one system, checked by its rules,
    /// kept with revisions and added to fights (`tome encounter add ENC --adversary NAME`).
    #[command(subcommand)]
    Adversary(adversary::AdversaryCommand),
    /// Run a fight by its system's rules: combatants, initiative, turns, damage,
    /// conditions, undo and a log.
    #[command(subcommand)]
    Encounter(encounter::EncounterCommand),
    /// Print a game master's screen for a system (`tome screen mythcraft --out s.pdf`), or
    /// keep your own: `show`, `pin ID`, `unpin N|ID`, `move FROM TO`, `reset`.
    Screen(screen::ScreenArgs),
    /// Parties: named groups of saved characters of one system that join an encounter in
    /// one step and print together.
    #[command(subcommand)]
    Party(party::PartyCommand),
    /// Import, check, list and remove homebrew packs (see docs/packs.md).
    #[command(subcommand)]
    Pack(packs::PackCommand),
    /// Import a rules document (plain text or Markdown): it is split into sections by its
    /// headings, which search then finds with the entries.
    ImportText {
        file: PathBuf,
        /// The game system it is for.
        #[arg(long, short)]
        system: String,
        /// Its title (default: from the file name). Importing a title again replaces it.
        #[arg(long, short)]
        title: Option<String>,
    },
    /// List and remove imported documents.
    #[command(subcommand)]
    Docs(docs::DocsCommand),
    /// Back up, restore and check the database.
    #[command(subcommand)]
    Db(db::DbCommand),
    /// Share the fight, the rules and each player's character with the phones and TV in
    /// the room, over the local network, until `stop` or Ctrl-C. Prints the address, the
    /// join code and a QR; then takes commands (devices, rename, assign, revoke, inbox,
    /// proposals, accept, edit, decline, initiative, start, code).
    Share(share::ShareArgs),
    /// Roll dice: `3d6`, `d20`, a sum such as `2d6+3`, `d20-1` or `3d6+d6`, or Ars Magica's
    /// `stress` and `simple` die.
    Roll {
        dice: String,
        /// Seed, to make the roll reproducible.
        #[arg(long)]
        seed: Option<u64>,
        /// Botch dice to roll when a stress die comes up 0.
        #[arg(long, default_value_t = 1)]
        botch_dice: u32,
    },
    /// Print tab completions for a shell: `tome completions bash >
    /// ~/.local/share/bash-completion/completions/tome` (the package installs them).
    Completions { shell: clap_complete::Shell },
    /// Write the manual pages (tome.1 and one per command) into DIR, as the package
    /// installs them.
    #[command(hide = true)]
    Manpages { dir: PathBuf },
}

pub fn run() -> ExitCode {
    // `--json` may also trail free arguments (`calc … --json`, `character set … --json`).
    // Arguments are bytes (a path need not be UTF-8): `args()` would panic on one.
    let json = std::env::args_os().any(|a| a == "--json");
    let parsed = Cli::try_parse().map_err(|e| match e.kind() {
        // A command group without its command (`tome --json character`) asked for
        // nothing: under `--json` it is refused as any bad call is, so a program reading
        // the answer gets `{code, message}`, not the help text.
        clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand if json => {
            // The group as the help's usage line names it: `Usage: tome character [OPTIONS] <COMMAND>`.
            let help = e.render().to_string();
            let usage = help.lines().find_map(|l| l.trim().strip_prefix("Usage: ")).unwrap_or("tome");
            let group: Vec<&str> = usage.split_whitespace().take_while(|w| !w.starts_with(['[', '<'])).collect();
            let group = group.join(" ");
            Error::InvalidInput(format!("`{group}` needs a command after it: `{group} --help` lists them"))
        }
        // Asked for, not refused: help and the version print as they are.
        clap::error::ErrorKind::DisplayHelp
        | clap::error::ErrorKind::DisplayVersion
        | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        // Under `--json`, the parser's refusal is an error like any other below.
        _ if json => Error::InvalidInput(e.render().to_string().trim().trim_start_matches("error: ").to_string()),
        _ => e.exit(),
    });
    match parsed.and_then(dispatch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if json {
                // The shape the desktop shell's IPC answers with too.
                eprintln!("{}", serde_json::to_string(&ErrorPayload::from(&e)).expect("plain struct"));
            } else {
                eprintln!("tome: {e}");
            }
            ExitCode::from(match e.code() {
                ErrorCode::NotFound => 3,
                ErrorCode::InvalidInput => 2,
                ErrorCode::Conflict => 5,
                ErrorCode::ContentInvalid => 4,
                ErrorCode::Database | ErrorCode::Io => 1,
                // EX_SOFTWARE, as sysexits.h calls an internal error.
                ErrorCode::Internal => 70,
            })
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), Error> {
    match &cli.command {
        Command::CheckSeed { dir } => return check_seed(dir, cli.json),
        Command::Roll { dice, seed, botch_dice } => return roll(dice, *seed, *botch_dice, cli.json),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "tome", &mut script);
            emit(&String::from_utf8_lossy(&script));
            return Ok(());
        }
        Command::Manpages { dir } => {
            std::fs::create_dir_all(dir).map_err(|source| Error::Io { path: dir.clone(), source })?;
            return clap_mangen::generate_to(Cli::command(), dir)
                .map_err(|source| Error::Io { path: dir.clone(), source });
        }
        Command::Db(_) => {
            // Works on a database that does not open (to restore over a damaged one).
            let Command::Db(cmd) = cli.command else { unreachable!("matched above") };
            return db::run(cmd, cli.db, cli.json);
        }
        _ => {}
    }
    let path = Tome::resolve_db_path(cli.db)?;
    let mut tome = Tome::open(&path)?;
    if !tome.repaired_at_open().is_empty() && !cli.json {
        eprint!("{}", db::repaired_note(tome.repaired_at_open()));
    }
    let json = cli.json;
    if let Command::Share(args) = cli.command {
        return share::run(tome, args, json);
    }
    tome.db().map_pages()?;
    // Damage the command met marks the file, so no later open takes it as whole.
    let done = command(&mut tome, cli.command, json).map_err(|e| tome.noticed(e));
    // Damage met by a read of a file opened without a check (a page whose checksum
    // fails, a shipped row that does not read): opening again checks the whole file and
    // makes Tome's own content again, so the command is run once more on the healed file;
    // damage of the user's is refused by that open, with the restore advice.
    let (mut tome, done) = match done {
        Err(e)
            if e.is_damage() && !tome.db().checked_at_open() && !PRINTED.load(std::sync::atomic::Ordering::Relaxed) =>
        {
            drop(tome);
            let mut again = Tome::open(&path)?;
            if again.repaired_at_open().is_empty() {
                return Err(e);
            }
            again.db().map_pages()?;
            if !json {
                eprint!("{}", db::repaired_note(again.repaired_at_open()));
            }
            let cli = Cli::try_parse().map_err(|p| Error::InvalidInput(p.to_string()))?;
            let done = command(&mut again, cli.command, json).map_err(|e| again.noticed(e));
            (again, done)
        }
        done => (tome, done),
    };
    // The process ends next: handing the search index's many small allocations back
    // one by one would cost more than some searches did (the database still closes).
    tome.leak_search_index();
    done
}

/// Runs one command on the open database.
fn command(tome: &mut Tome, command: Command, json: bool) -> Result<(), Error> {
    match command {
        Command::Systems => {
            let systems = tome.systems()?;
            output(json, &systems, || render::systems(&systems))
        }
        Command::List { kind: Kind::Adversary, system } => {
            adversary::run(tome, adversary::AdversaryCommand::List { system, tag: None }, json)
        }
        Command::List { kind, system } => {
            let items = tome.list(kind, system.as_deref())?;
            output(json, &items, || render::list(kind, &items))
        }
        // A search hit on the library (`mythcraft/adversary/3`) shows the stat block.
        Command::Show { id } if id.split('/').nth(1) == Some(Kind::Adversary.as_str()) => {
            let number = id.rsplit('/').next().unwrap_or_default().to_string();
            adversary::run(tome, adversary::AdversaryCommand::Show { adversary: number, system: None }, json)
        }
        Command::Show { id } => {
            let entry = tome.show(&id)?;
            // The related entries' names, read before anything is printed: one that does
            // not read is this read's failure, never shown as its id (issue 73).
            let names = if json { Vec::new() } else { tome.entry_names(&entry.links)? };
            output(json, &entry, || render::entry(&entry, &names))
        }
        Command::Table { id, roll, seed } => {
            let table = match roll {
                None => tome.table(&id, None)?,
                Some(Some(n)) => tome.table(&id, Some(n))?,
                Some(None) => {
                    let rolled = tome.roll_table(&id, &mut rng(seed))?;
                    let mut table = tome.table(&id, Some(rolled.roll.total))?;
                    table.faces = Some(rolled.roll.faces);
                    table
                }
            };
            let about = tome.show(&id)?;
            output(json, &table, || render::table(&table, &about))
        }
        Command::Search { query, system, kind, limit } => {
            let hits = tome.search(&query, &SearchFilter { system, kind, limit: Some(limit) })?;
            output(json, &hits, || render::search(&query, &hits))
        }
        Command::Calc { system, name, mut args } => {
            // `--json` may come after the calculator's own parameters too.
            let trailing_json = args.iter().any(|a| a == "--json");
            args.retain(|a| a != "--json");
            calc::run(tome, system, name, &args, json || trailing_json)
        }
        Command::Character(cmd) => character::run(tome, cmd, json),
        Command::Adversary(cmd) => adversary::run(tome, cmd, json),
        Command::Encounter(cmd) => encounter::run(tome, cmd, json),
        Command::Pack(cmd) => packs::run(tome, cmd, json),
        Command::Screen(args) => screen::run(tome, args, json),
        Command::Party(cmd) => party::run(tome, cmd, json),
        Command::ImportText { file, system, title } => docs::import(tome, &file, &system, title.as_deref(), json),
        Command::Docs(cmd) => docs::run(tome, cmd, json),
        Command::CheckSeed { .. }
        | Command::Roll { .. }
        | Command::Db(_)
        | Command::Share(_)
        | Command::Completions { .. }
        | Command::Manpages { .. } => unreachable!("handled above"),
    }
}

/// A list as `--json` gives it, or as text a line an item, with `empty` (a sentence
/// saying what to do first) when there is none: the characters', the encounters' and the
/// adversaries' lists and their revisions.
fn lines<T: Serialize>(json: bool, items: &[T], empty: &str, line: impl Fn(&T) -> String) -> Result<(), Error> {
    output(json, &items, || {
        if items.is_empty() {
            return empty.to_string();
        }
        items.iter().map(|item| line(item) + "\n").collect()
    })
}

/// [`lines`] for a list as far as it can be vouched for (issue 73): the rows that read,
/// then the command fails naming each that does not (its damage, with what to do), so a
/// damaged row neither shows a changed value nor hides the others.
fn vouched_lines<T: Serialize>(
    json: bool,
    list: tome::db::Vouched<T>,
    empty: &str,
    line: impl Fn(&T) -> String,
) -> Result<(), Error> {
    let empty = if list.unread.is_empty() { empty } else { "" };
    lines(json, &list.rows, empty, line)?;
    Error::together(list.unread).map_or(Ok(()), Err)
}

fn output<T: Serialize>(json: bool, value: &T, text: impl FnOnce() -> String) -> Result<(), Error> {
    if json {
        emit(&format!("{}\n", serde_json::to_string_pretty(value).expect("API types serialize")));
    } else {
        // Text from packs and imported documents may hold terminal escapes: show them inert.
        emit(&inert(&text()));
    }
    Ok(())
}

/// [`output`] for a text that reads more rows than the answer holds (the names of the
/// stat blocks a board's combatants came from, of a screen's pinned entries): `text`
/// names a row that does not read as such in its place (never as its id or number, as
/// though it were there) and keeps the first such failure in `unread`, which is the
/// command's answer once the rest is printed (issue 73: the change a command made is
/// shown, and the damage is not passed over with exit 0).
fn output_then<T: Serialize>(
    json: bool,
    value: &T,
    text: impl FnOnce(&mut Option<Error>) -> String,
) -> Result<(), Error> {
    let mut unread = None;
    output(json, value, || text(&mut unread))?;
    unread.map_or(Ok(()), Err)
}

fn check_seed(dir: &std::path::Path, json: bool) -> Result<(), Error> {
    let result = SeedFiles::from_dir(dir).and_then(|files| files.load());
    match result {
        Ok(content) => {
            if json {
                emit(&format!("{}\n", serde_json::json!({ "ok": true, "entries": content.entries.len() })));
            } else {
                emit(&format!("{}: {} entries, no problems\n", dir.display(), content.entries.len()));
            }
            Ok(())
        }
        Err(problems) => Err(Error::Content(problems)),
    }
}

/// The options of every command that prints a PDF of the library: where, on what paper,
/// with or without the reference cards (the screen's `--out` has a default and it has no
/// cards, so it keeps its own).
#[derive(clap::Args)]
pub(crate) struct PrintArgs {
    #[arg(long, short)]
    pub out: PathBuf,
    #[arg(long, default_value = "a4", value_parser = ["a4", "letter"])]
    pub paper: String,
    /// Leave out the reference cards.
    #[arg(long)]
    pub no_cards: bool,
}

impl PrintArgs {
    /// The PDF's options; `printed`, the time stamped in it, if any.
    pub fn options(&self, printed: Option<i64>) -> Result<tome::pdf::PdfOptions, Error> {
        Ok(tome::pdf::PdfOptions { paper: tome::pdf::Paper::parse(&self.paper)?, cards: !self.no_cards, printed })
    }
}

/// Text as the terminal is to show it: a control character (a player's name could hold
/// `ESC[2J`, which clears the game master's screen) or a direction override (which turns
/// the rest of the line around) is shown as U+FFFD, never obeyed. Lines and tabs stay.
pub(crate) fn inert(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\t' => c,
            c if c.is_control() || tome::text::reorders(c) => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// Whether this command has printed its answer (or part of it): a command that has is
/// never run again (`dispatch`), so neither its answer nor its change is made twice.
static PRINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A path as `--json` gives it (JSON text is UTF-8; a path is bytes): see
/// [`tome::files::path_text`].
pub(crate) fn shown(path: &std::path::Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Writes to stdout. A reader that stops early (`| head`) is not an error: stop quietly.
pub(crate) fn emit(text: &str) {
    use std::io::Write;
    PRINTED.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("tome: cannot write output: {e}");
        std::process::exit(1);
    }
}

fn rng(seed: Option<u64>) -> rand::rngs::StdRng {
    match seed {
        Some(s) => rand::SeedableRng::seed_from_u64(s),
        None => rand::SeedableRng::from_os_rng(),
    }
}

fn roll(dice: &str, seed: Option<u64>, botch_dice: u32, json: bool) -> Result<(), Error> {
    let r = tome::dice::roll_spec(dice, &mut rng(seed), botch_dice).map_err(Error::InvalidInput)?;
    output(json, &r, || {
        let doubling = r.doubling.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
        format!("{}{doubling}\n", r.text)
    })
}

/// An encounter or a character as the command line takes it: its number or its name
/// (case aside, quoted when spaced), found once the database is open (issue 74: the
/// commands took a number only).
#[derive(Debug, Clone)]
pub struct Named(String);

impl std::str::FromStr for Named {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Named(s.to_string()))
    }
}

impl Named {
    /// The encounter's number, with "did you mean" on a name that matches none.
    ///
    /// # Errors
    /// No encounter has that number or name; several share the name.
    pub fn encounter(&self, tome: &Tome) -> Result<i64, Error> {
        self.among("encounter", || Ok(tome.encounters()?.into_iter().map(|e| (e.id, e.name, e.system)).collect()))
    }

    /// The saved character's number, with "did you mean" on a name that matches none.
    ///
    /// # Errors
    /// No character has that number or name; several share the name.
    pub fn character(&self, tome: &Tome) -> Result<i64, Error> {
        self.among("character", || Ok(tome.characters()?.into_iter().map(|c| (c.id, c.name, c.system)).collect()))
    }

    fn among(
        &self,
        what: &'static str,
        all: impl FnOnce() -> Result<Vec<(i64, String, String)>, Error>,
    ) -> Result<i64, Error> {
        match self.0.trim().parse::<i64>() {
            Ok(id) => Ok(id),
            Err(_) => one_named(what, &all()?, &self.0),
        }
    }
}

/// The one of `all` (id, name, system) that `said` names, case aside (a number is taken
/// as an id before this): a miss offers the names nearest, several of one name ask for the id.
fn one_named(what: &'static str, all: &[(i64, String, String)], said: &str) -> Result<i64, Error> {
    let named: Vec<_> = all.iter().filter(|(_, name, _)| name.eq_ignore_ascii_case(said.trim())).collect();
    match named.as_slice() {
        [one] => Ok(one.0),
        [] => {
            let typed = said.trim().to_lowercase();
            let mut near: Vec<(f64, String)> = all
                .iter()
                .map(|(_, name, _)| {
                    let lower = name.to_lowercase();
                    let near = strsim::normalized_damerau_levenshtein(&lower, &typed)
                        .max(strsim::jaro_winkler(&lower, &typed))
                        .max(if lower.starts_with(&typed) { 1.0 } else { 0.0 });
                    (near, name.clone())
                })
                .filter(|(score, _)| *score >= 0.6)
                .collect();
            near.sort_by(|a, b| b.0.total_cmp(&a.0));
            Err(Error::NotFound {
                what,
                id: said.to_string(),
                suggestions: near.into_iter().take(5).map(|(_, n)| n).collect(),
            })
        }
        many => Err(Error::InvalidInput(format!(
            "{} {what}s are called {said}: give one's id ({})",
            many.len(),
            many.iter().map(|(id, _, system)| format!("{id} {system}")).collect::<Vec<_>>().join(", ")
        ))),
    }
}

#[cfg(test)]
mod inert_tests {
    /// Issue 39: a name a player sent is printed, never obeyed.
    #[test]
    fn escapes_and_direction_overrides_are_shown_not_obeyed() {
        let shown = super::inert("Evil\u{1b}[2J\u{1b}]0;pwned\u{7} \u{202E}nnA\nnext\tline");
        assert_eq!(shown, "Evil\u{FFFD}[2J\u{FFFD}]0;pwned\u{FFFD} \u{FFFD}nnA\nnext\tline");
    }
}
