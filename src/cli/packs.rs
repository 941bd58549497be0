//! `tome pack …`: import, check, list and remove homebrew packs.

use std::fmt::Write;
use std::path::PathBuf;

use clap::Subcommand;
use tome::packs::{PackImport, PackInfo};
use tome::{Error, Tome};

use super::output;

#[derive(Subcommand)]
pub enum PackCommand {
    /// Import a pack (a folder with pack.toml, or a single .toml file); importing a pack
    /// of the same name again replaces it. Nothing is written unless it is all valid.
    Import { path: PathBuf },
    /// Check a pack as an import would, without importing it.
    Check { path: PathBuf },
    /// List the installed packs.
    List,
    /// Remove a pack and its entries.
    Remove { name: String },
}

pub fn run(tome: &mut Tome, cmd: PackCommand, json: bool) -> Result<(), Error> {
    match cmd {
        PackCommand::Import { path } => {
            let report = tome.import_pack(&path)?;
            let shipped = adversaries_of(tome, &report.pack.name)?;
            output(json, &report, || imported(&report) + &shipped)
        }
        PackCommand::Check { path } => {
            let pack = tome.check_pack(&path)?;
            let value = serde_json::json!({
                "ok": true,
                "pack": pack.manifest,
                "entries": pack.entries.len(),
                "adversaries": pack.adversaries.len(),
            });
            output(json, &value, || {
                format!(
                    "{}: pack {} {} with {} entries and {} adversaries, no problems\n",
                    path.display(),
                    pack.manifest.name,
                    pack.manifest.version,
                    pack.entries.len(),
                    pack.adversaries.len()
                )
            })
        }
        PackCommand::List => {
            let packs = tome.packs()?;
            output(json, &packs, || list(&packs))
        }
        PackCommand::Remove { name } => {
            let info = tome.remove_pack(&name)?;
            output(json, &info, || format!("Removed pack {} ({} entries).\n", info.name, info.entries))
        }
    }
}

fn imported(r: &PackImport) -> String {
    let p = &r.pack;
    let mut out = format!(
        "Imported pack {} {} ({}, by {}): {} entries for {}.\n",
        p.name,
        p.version,
        p.title,
        p.author,
        p.entries,
        p.systems.join(", ")
    );
    if let Some(old) = &r.replaced {
        let _ = writeln!(
            out,
            "It replaced version {old}: {} added, {} updated, {} removed, {} kept retired (used by a character).",
            r.added, r.updated, r.removed, r.retired
        );
    }
    let _ = writeln!(
        out,
        "Its entries' ids start with `SYSTEM/KIND/{}--`; they show in `tome list`, `tome search` and `tome show`.",
        p.name
    );
    out
}

fn list(packs: &[PackInfo]) -> String {
    if packs.is_empty() {
        return "No packs installed. Import one with `tome pack import PATH`.\n".into();
    }
    let mut g = comfy_table::Table::new();
    g.load_preset(comfy_table::presets::UTF8_BORDERS_ONLY)
        .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
        .set_header(vec!["pack", "version", "title", "author", "systems", "entries"]);
    for p in packs {
        g.add_row(vec![
            p.name.clone(),
            p.version.clone(),
            p.title.clone(),
            p.author.clone(),
            p.systems.join(", "),
            p.entries.to_string(),
        ]);
    }
    format!("{g}\n")
}

/// A line naming the adversaries a pack added to the library, if any.
fn adversaries_of(tome: &Tome, pack: &str) -> Result<String, Error> {
    let names: Vec<String> =
        tome.adversaries()?.into_iter().filter(|a| a.pack.as_deref() == Some(pack)).map(|a| a.name).collect();
    Ok(if names.is_empty() {
        String::new()
    } else {
        format!("Its {} adversaries are in the library (`tome adversary list`): {}.\n", names.len(), names.join(", "))
    })
}
