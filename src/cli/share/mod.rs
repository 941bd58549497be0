//! `tome share`: sharing with the table from a terminal. It prints the address, the join
//! code and a QR, then takes the game master's commands (devices, inbox) line by line
//! until `stop`, Ctrl-C or the end of input with no device left to serve.

use std::net::IpAddr;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use clap::Args;
use serde::Serialize;
use tome::share::{self, Share, ShareOptions};
use tome::shared::SharedTome;
use tome::{Error, Tome};

use super::inert;
use tome::text::one_line;

#[derive(Args)]
pub struct ShareArgs {
    /// The address to share on (default: this machine's likeliest local network address,
    /// never a container's, VM's or VPN's). 0.0.0.0 means every network this machine is on.
    #[arg(long)]
    address: Option<IpAddr>,
    /// The port (0: any free one; 7878 falls back to any free one when taken).
    #[arg(long, default_value_t = share::DEFAULT_PORT)]
    port: u16,
    /// The encounter the table sees (default: the started encounter changed most recently;
    /// one still being prepared, not yet started, never reaches the table). `show N`
    /// changes it while sharing.
    #[arg(long)]
    encounter: Option<i64>,
    /// How long each join code works, in seconds (at most the usual five minutes; for
    /// tests and demonstrations).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(1..=300))]
    code_secs: Option<u64>,
    /// Print nothing when the table sends something (for scripts): only the replies to
    /// the commands typed.
    #[arg(long)]
    quiet: bool,
}

mod complete;
mod console;
mod screen;

use screen::Say;

pub fn run(tome: Tome, args: ShareArgs, json: bool) -> Result<(), Error> {
    let tome = Arc::new(SharedTome::open(tome));
    let options = ShareOptions {
        address: args.address,
        port: args.port,
        encounter: args.encounter,
        code_ttl: args.code_secs.map_or(share::CODE_TTL, Duration::from_secs),
        ..Default::default()
    };
    let sharing = Share::start(tome.clone(), options)?;
    // Listening before the address is printed: a phone may join the moment it is.
    let arrivals = sharing.arrivals();
    let status = sharing.status()?;
    // The names Tab completes, read again after every command.
    let known = Arc::new(std::sync::Mutex::new(complete::known(&sharing, &tome)));
    let (lines, say) = screen::console(known.clone());
    if json {
        print_json(&status);
    } else {
        // Through the console's screen, as its other lines: printed raw, they landed on the
        // prompt's line ("share> sharing on 127.0.0.1: …").
        if let Some(caution) = &status.caution {
            say.problem(&format!("tome: {caution}"));
        }
        if !status.pages {
            say.problem("tome: this build has no table pages (npm --prefix ui run build); the API still answers");
        }
        say.out(&format!(
            "Sharing with the table at {}\nJoin code: {} (works for {}; a new one is printed then, and `code` makes one now)\n\n{}\nScan it, or open {} and type the code (`qr` shows the QR again).\n{}\n{}\nWhat the phones send is printed as it comes. `help` lists the commands, `help COMMAND` says more; names with spaces go in quotes.",
            status.url,
            status.code,
            lasts(status.code_secs),
            share::qr_text(&status.join_url)?,
            status.url,
            showing(&status, &tome),
            match &status.showing {
                Some(s) => format!("{} {}", fight_label(s.id, &s.name), newcomers(status.newcomers_hidden)),
                None => "Newcomers join shown to the table unless a fight's setting says (`newcomers hidden E`).".into(),
            },
        ));
    }
    if !args.quiet {
        announce(arrivals, json, say.clone());
    }
    let mut code = status.code.clone();
    loop {
        // Wake when the code runs out, to print the one that replaces it.
        let left = Duration::from_secs(sharing.status()?.code_secs.max(1));
        let line = match lines.recv_timeout(left) {
            Ok(line) => line,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let now = sharing.status()?;
                if now.code != code {
                    renewed(&now, json, &say);
                    code = now.code;
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let command = match console::read(&line) {
            Ok(Some(console::Console::Stop)) => break,
            Ok(Some(command)) => command,
            Ok(None) => continue,
            // Help asked for: clap's own text, as any command's `--help`.
            Err(help) if help.starts_with('\u{0}') => {
                say.out(&help[1..]);
                continue;
            }
            Err(problem) => {
                let e = Error::InvalidInput(problem);
                failed(&e, json, &say);
                continue;
            }
        };
        if let Err(e) = console::answer(&sharing, &tome, command, json, &say) {
            failed(&e, json, &say);
        }
        *known.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = complete::known(&sharing, &tome);
    }
    sharing.stop();
    tome.close();
    if !json {
        say.out("Sharing stopped: every device is disconnected.");
    }
    Ok(())
}

/// A command's error, in words (or as `{code, message}` with `--json`).
fn failed(e: &Error, json: bool, say: &Say) {
    if json {
        eprintln!("{}", serde_json::to_string(&tome::ErrorPayload::from(e)).unwrap_or_default());
    } else {
        say.problem(&format!("tome: {}", inert(&e.to_string())));
    }
}

/// Prints each arrival as it comes, one line (or one JSON line), above the prompt.
fn announce(mut arrivals: tokio::sync::broadcast::Receiver<share::arrivals::Arrival>, json: bool, say: Say) {
    std::thread::spawn(move || loop {
        match arrivals.blocking_recv() {
            Ok(a) if json => say.out(&serde_json::json!({ "arrival": a }).to_string()),
            Ok(a) => say.out(&a.line()),
            Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => {
                say.out(&format!("▸ ({n} arrivals came too fast to print: `proposals`, `asks`, `inbox` list them)"));
            }
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
        }
    });
}

/// The join code expired: the new one, on one line (the QR on demand, `qr`), so the
/// screen keeps the game.
fn renewed(status: &share::ShareStatus, json: bool, say: &Say) {
    if json {
        print_json(status);
    } else {
        say.out(&format!(
            "The join code expired. New join code: {} (works for {}; `qr` shows its QR code)",
            status.code,
            lasts(status.code_secs)
        ));
    }
}

/// How long a code works, as the game master reads it.
fn lasts(secs: u64) -> String {
    if secs < 60 {
        format!("{secs} s")
    } else {
        format!("{} min", secs.div_ceil(60))
    }
}

pub(super) fn newcomers(hidden: bool) -> &'static str {
    if hidden {
        "newcomers join hidden from the table, player characters shown (`newcomers shown` to change)."
    } else {
        "newcomers join shown to the table (`newcomers hidden` to hide them as they join)."
    }
}

/// "In encounter 3 (Ambush),": a setting said of one fight.
pub(super) fn fight_label(id: i64, name: &str) -> String {
    format!("In encounter {id} ({}),", inert(name))
}

/// The actions waiting, each with what it would do.
pub(super) fn proposals(items: &[share::ProposalItem]) -> String {
    if items.is_empty() {
        return "No action waits.".into();
    }
    items
        .iter()
        .map(|p| {
            let what = match (&p.outcome, &p.problem) {
                (Some(o), _) => o.lines.join("; "),
                (None, Some(problem)) => format!("cannot be accepted now: {problem}"),
                (None, None) => String::new(),
            };
            // What a phone sent is shown on one line, so it can never pass for a line of
            // this list (a line break in it once printed a forged proposal).
            let (actor, from, asked) = (one_line(&p.actor), one_line(&p.from), one_line(&p.asked));
            format!("{:>3}  {actor} ({from}): {asked}\n     {}", p.id, one_line(&what))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rolls asked, each with its answers and what they come to.
pub(super) fn asks(items: &[share::AskItem]) -> String {
    if items.is_empty() {
        return "No roll is asked.".into();
    }
    items
        .iter()
        .map(|a| {
            let to = a.to_name.clone().unwrap_or_else(|| "everyone".into());
            let mut lines = vec![format!("{:>3}  {} ({}), of {to}", a.id, a.ask.label, a.ask.dice)];
            lines.extend(a.answers.iter().map(|x| {
                // A typed answer's text says so itself, as in the arrival's line.
                let how = if x.rolled { " (rolled by Tome)" } else { "" };
                let outcome =
                    if x.outcome.is_empty() { String::new() } else { format!(" → {}", x.outcome.join(", ")) };
                let problem = x.problem.as_ref().map(|p| format!(" ({p})")).unwrap_or_default();
                format!("     {}: {}{how}{outcome}{problem}", x.name, x.text)
            }));
            lines.join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The log's newest entry, after a change.
pub(super) fn last_lines(view: &tome::api::EncounterView) -> String {
    view.latest.as_ref().map(|e| e.lines.join("\n")).unwrap_or_default()
}

/// Which encounter the table sees, and why that one.
pub(super) fn showing(status: &share::ShareStatus, tome: &SharedTome) -> String {
    let why = if status.chosen.is_some() { "chosen" } else { "the latest started" };
    match (&status.showing, status.chosen) {
        (Some(e), _) => format!("The table sees encounter {} ({}, {why}).", e.id, e.name),
        // Chosen, and not shown: not started yet (issue 74: it once read "gone"), ended,
        // or deleted.
        (None, Some(id)) => match tome.run("share showing", |t| t.encounter(id)) {
            Ok(e) if e.ended.is_some() => {
                format!("Encounter {id} ({}) has ended: the table sees no fight (`show N` shows another).", e.name)
            }
            Ok(e) => {
                format!("Encounter {id} ({}) has not started: the table sees it once it starts (`start {id}`).", e.name)
            }
            Err(_) => format!("Encounter {id} is gone: the table sees no fight (`show N` shows another)."),
        },
        (None, None) => "No encounter has started: the table sees no fight yet.".into(),
    }
}

pub(super) fn out<T: Serialize>(json: bool, say: &Say, value: &T, text: impl FnOnce() -> String) -> Result<(), Error> {
    if json {
        print_json(value);
    } else {
        // Names a player typed (a device's, an uploaded character's) are shown inert.
        say.out(&inert(&text()));
    }
    Ok(())
}

/// One JSON document per line, so a script reads each answer as it comes.
fn print_json<T: Serialize>(value: &T) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{}", serde_json::to_string(value).unwrap_or_default());
    let _ = stdout.flush();
}
