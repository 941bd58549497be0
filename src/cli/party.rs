//! `tome party …`: named groups of saved characters that join an encounter in one step.

use std::fmt::Write;

use clap::Subcommand;
use tome::db::parties::Party;
use tome::{Error, Tome};

use super::output;

#[derive(Subcommand)]
pub enum PartyCommand {
    /// Make an empty party: `tome party new --system mythcraft --name "The Lanterns"`.
    New {
        #[arg(long, short)]
        system: String,
        #[arg(long, short)]
        name: String,
    },
    /// Add saved characters (by id) to a party (by number or name).
    Add {
        party: String,
        #[arg(required = true)]
        characters: Vec<i64>,
    },
    /// Take characters out of a party; they stay saved.
    Remove {
        party: String,
        #[arg(required = true)]
        characters: Vec<i64>,
    },
    /// List the parties.
    List,
    /// Show who is in a party.
    Show { party: String },
    /// Delete a party; its characters stay saved.
    Delete { party: String },
    /// Print the party's sheets to one PDF, each with its reference cards.
    Pdf {
        party: String,
        #[command(flatten)]
        print: super::PrintArgs,
    },
}

pub fn run(tome: &mut Tome, cmd: PartyCommand, json: bool) -> Result<(), Error> {
    let party = match cmd {
        PartyCommand::New { system, name } => tome.create_party(&system, &name)?,
        PartyCommand::Add { party, characters } => tome.party_add(&party, &characters)?,
        PartyCommand::Remove { party, characters } => tome.party_remove(&party, &characters)?,
        PartyCommand::Show { party } => tome.party(&party)?,
        PartyCommand::List => {
            let empty = "No parties yet. Make one with `tome party new --system SYSTEM --name NAME`.\n";
            return super::vouched_lines(json, tome.parties_vouched()?, empty, |p| {
                let who: Vec<&str> = p.members.iter().map(|m| m.name.as_str()).collect();
                format!("{:>4}  {:<24} {:<12} {}", p.id, p.name, p.system, who.join(", "))
            });
        }
        PartyCommand::Delete { party } => {
            let p = tome.party(&party)?;
            tome.delete_party(&party)?;
            return output(json, &serde_json::json!({ "deleted": p.id }), || format!("Party {} deleted.\n", p.name));
        }
        PartyCommand::Pdf { party, print } => {
            let (opts, out) = (print.options(None)?, print.out);
            let p = tome.party(&party)?;
            let bytes = tome.prepare_party_pdf(&party, &opts)?.finish();
            tome::files::write_atomic(&out, &bytes)?;
            let summary = serde_json::json!({ "file": super::shown(&out), "party": p.id, "bytes": bytes.len() });
            return output(json, &summary, || {
                format!("Wrote the party {} to {} ({} kB)\n", p.name, out.display(), bytes.len().div_ceil(1024))
            });
        }
    };
    output(json, &party, || text(&party))
}

fn text(p: &Party) -> String {
    let mut out = format!("Party {} · {} · {}\n", p.id, p.name, p.system);
    if p.members.is_empty() {
        out.push_str("  Nobody yet: `tome party add PARTY CHARACTER…`\n");
    }
    for m in &p.members {
        let _ = writeln!(out, "  {:>4}  {}", m.character, m.name);
    }
    out
}
