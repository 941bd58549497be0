//! `tome import-text` and `tome docs …`: rules documents imported as text.

use std::fmt::Write;
use std::path::Path;

use clap::Subcommand;
use tome::textdocs::{DocImport, DocInfo};
use tome::{Error, Tome};

use super::output;

#[derive(Subcommand)]
pub enum DocsCommand {
    /// List the imported documents.
    List,
    /// Remove an imported document and its sections.
    Remove { id: String },
    /// Let the table's phones (`tome share`) search and read a document, or with --off
    /// keep it from them again. Imported documents are kept from the table until shared:
    /// one may be your own notes.
    Share {
        id: String,
        #[arg(long)]
        off: bool,
    },
}

pub fn import(tome: &mut Tome, file: &Path, system: &str, title: Option<&str>, json: bool) -> Result<(), Error> {
    let report = tome.import_text_file(file, system, title)?;
    output(json, &report, || imported(&report))
}

pub fn run(tome: &mut Tome, cmd: DocsCommand, json: bool) -> Result<(), Error> {
    match cmd {
        DocsCommand::List => {
            let docs = tome.docs()?;
            output(json, &docs, || list(&docs))
        }
        DocsCommand::Remove { id } => {
            let info = tome.remove_doc(&id)?;
            output(json, &info, || {
                format!("Removed “{}” ({}).\n", info.title, tome::rules::plural(i64::from(info.sections), "section"))
            })
        }
        DocsCommand::Share { id, off } => {
            let info = tome.set_doc_shared(&id, !off)?;
            output(json, &info, || {
                if info.shared {
                    format!("“{}” is shared with the table: phones can search and read it.\n", info.title)
                } else {
                    format!("“{}” is kept from the table: phones cannot find or read it.\n", info.title)
                }
            })
        }
    }
}

fn imported(r: &DocImport) -> String {
    let d = &r.doc;
    let mut out = format!(
        "{} “{}” ({}) for {}: {}, read as {}.\n",
        if r.replaced { "Re-imported" } else { "Imported" },
        d.title,
        d.id,
        d.system,
        tome::rules::plural(i64::from(d.sections), "section"),
        d.format
    );
    for s in &r.first_sections {
        let indent = "  ".repeat(usize::from(s.level.max(1)));
        let _ = writeln!(out, "{indent}{}  {}", s.heading, s.id);
    }
    if d.sections as usize > r.first_sections.len() {
        let _ = writeln!(out, "  … and {} more", d.sections as usize - r.first_sections.len());
    }
    out.push_str("Search finds them with the entries; `tome show ID` shows one.\n");
    let _ = writeln!(out, "It is kept from the table's phones; `tome docs share {}` lets them read it.", d.id);
    out
}

fn list(docs: &[DocInfo]) -> String {
    if docs.is_empty() {
        return "No documents imported. Import one with `tome import-text FILE --system SYSTEM`.\n".into();
    }
    let mut g = comfy_table::Table::new();
    g.load_preset(comfy_table::presets::UTF8_BORDERS_ONLY)
        .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
        .set_header(vec!["id", "title", "system", "sections", "file", "size", "table"]);
    for d in docs {
        g.add_row(vec![
            d.id.clone(),
            d.title.clone(),
            d.system.clone(),
            d.sections.to_string(),
            d.file_name.clone(),
            tome::files::size(u64::from(d.bytes)),
            if d.shared { "shared" } else { "kept" }.to_string(),
        ]);
    }
    format!("{g}\n")
}

#[cfg(test)]
mod tests {
    use tome::textdocs::{DocImport, DocInfo};

    fn doc(sections: u32) -> DocImport {
        let doc = DocInfo {
            id: "house-rules".into(),
            system: "mythcraft".into(),
            title: "House rules".into(),
            file_name: "house.md".into(),
            format: "markdown".into(),
            sections,
            bytes: 100,
            imported_at: 0,
            shared: false,
        };
        DocImport { doc, replaced: false, first_sections: Vec::new() }
    }

    /// "1 section", never "1 sections".
    #[test]
    fn one_section_is_one_section() {
        let said = super::imported(&doc(1));
        assert!(said.contains(": 1 section,"), "{said}");
        let said = super::imported(&doc(3));
        assert!(said.contains(": 3 sections,"), "{said}");
    }
}
