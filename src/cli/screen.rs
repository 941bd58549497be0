//! `tome screen SYSTEM …`: print a game master's screen, and keep one's own (pin, unpin,
//! move, reset).

use std::fmt::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use tome::pdf::{Paper, PdfOptions};
use tome::screen::{check_item, Screen};
use tome::{Error, Found, Tome};

use super::{output, output_then};

#[derive(Args)]
pub struct ScreenArgs {
    /// The game system (ars-magica, mythcraft, amtgard, mlaf, primal-wild).
    system: String,
    #[command(subcommand)]
    action: Option<ScreenAction>,
    #[arg(long, default_value = "a4", value_parser = ["a4", "letter"])]
    paper: String,
    /// The PDF to write (default: SYSTEM-screen.pdf here).
    #[arg(long, short)]
    out: Option<PathBuf>,
}

#[derive(Subcommand)]
pub enum ScreenAction {
    /// List the screen's panels, numbered, and what each holds.
    Show,
    /// Pin an entry or table (by id or name; a pack's too), or SYSTEM/KIND for every entry
    /// of a kind, as a new panel at the end.
    Pin { item: String },
    /// Take a panel off (by its number) or an item (by its id).
    Unpin { what: String },
    /// Move panel FROM to place TO.
    Move { from: usize, to: usize },
    /// Go back to the system's shipped screen.
    Reset,
}

pub fn run(tome: &mut Tome, args: ScreenArgs, json: bool) -> Result<(), Error> {
    let system = args.system.as_str();
    let screen = match args.action {
        None => {
            let opts = PdfOptions { paper: Paper::parse(&args.paper)?, ..PdfOptions::default() };
            let out = args.out.unwrap_or_else(|| PathBuf::from(format!("{system}-screen.pdf")));
            let bytes = tome.screen_pdf(system, &opts)?;
            tome::files::write_atomic(&out, &bytes)?;
            let summary = serde_json::json!({ "file": super::shown(&out), "system": system, "bytes": bytes.len() });
            return output(json, &summary, || {
                format!("Wrote the {system} screen to {} ({} kB)\n", out.display(), bytes.len().div_ceil(1024))
            });
        }
        Some(ScreenAction::Show) => tome.screen(system)?,
        Some(ScreenAction::Pin { item }) => tome.screen_pin(system, &item)?,
        Some(ScreenAction::Unpin { what }) => tome.screen_unpin(system, &what)?,
        Some(ScreenAction::Move { from, to }) => tome.screen_move(system, from, to)?,
        Some(ScreenAction::Reset) => tome.screen_reset(system)?,
    };
    output_then(json, &screen, |unread| text(tome, &screen, unread))
}

fn text(tome: &Tome, s: &Screen, unread: &mut Option<Error>) -> String {
    let whose = if s.shipped { "shipped" } else { "your own" };
    let mut out = format!("{} screen ({whose}), {} panels:\n", s.system, s.panels.len());
    // Read only for a panel without a heading: an entry's name ("All conditions" for a
    // kind's list), or its id when it is gone (a pack removed since it was pinned, or the
    // last entry of a pinned kind); one that does not read is said to be so, and is the
    // command's failure (issue 73).
    let unread = std::cell::RefCell::new(unread);
    let name = |item: &str| match check_item(tome, &s.system, item).found() {
        Ok(Some((_, name))) => name,
        Ok(None) => item.to_string(),
        Err(e) if e.code() == tome::ErrorCode::InvalidInput => item.to_string(),
        Err(e) => {
            unread.borrow_mut().get_or_insert(e);
            format!("{item} (does not read: see below)")
        }
    };
    for (i, p) in s.panels.iter().enumerate() {
        let title = p.title.clone().unwrap_or_else(|| p.items.iter().map(|i| name(i)).collect::<Vec<_>>().join(", "));
        let _ = writeln!(out, "{:>3}. {title}", i + 1);
        for item in &p.items {
            let _ = writeln!(out, "       {item}");
        }
    }
    out
}
