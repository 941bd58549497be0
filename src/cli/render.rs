//! Text output for a terminal: aligned tables and wrapped prose.

use std::fmt::Write;

use comfy_table::{presets, CellAlignment, ContentArrangement, Table as Grid};
use tome::model::{Detail, Entry, ListItem, SearchHit, System, Table};
use tome::Kind;

const WIDTH: usize = 88;

fn grid(header: &[&str]) -> Grid {
    let mut g = Grid::new();
    g.load_preset(presets::UTF8_BORDERS_ONLY)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(terminal_width() as u16)
        .set_header(header.to_vec());
    g
}

/// The width to fit output to: `$COLUMNS` when it is set (shells do not export it, so
/// it is a deliberate choice, as clap's help takes it too), else the width of the
/// terminal standard output is on, else [`WIDTH`] (output piped to a file or program).
fn terminal_width() -> usize {
    // Asked once per command (each ask is three system calls, and a search wraps a dozen
    // texts): one command's output is fitted to the width it started at.
    static WIDTH_NOW: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *WIDTH_NOW.get_or_init(|| {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
            .unwrap_or(WIDTH)
            .clamp(40, 200)
    })
}

/// Cost tiers as the Ars Magica tables print them.
fn short_cost(c: Option<tome::model::CostTier>) -> String {
    use tome::model::CostTier;
    match c {
        Some(CostTier::Inexpensive) => "Inexp.",
        Some(CostTier::Standard) => "Std.",
        Some(CostTier::Expensive) => "Exp.",
        None => "n/a",
    }
    .to_string()
}

fn num(n: Option<i64>) -> String {
    n.map_or_else(|| "n/a".to_string(), |v| v.to_string())
}

fn signed(n: Option<i64>) -> String {
    n.map_or_else(|| "n/a".to_string(), |v| if v > 0 { format!("+{v}") } else { v.to_string() })
}

fn wrap(text: &str, indent: &str) -> String {
    let opts = textwrap::Options::new(terminal_width().min(100)).initial_indent(indent).subsequent_indent(indent);
    let mut out = String::new();
    for para in text.split("\n\n") {
        for line in para.lines() {
            // Keep list items and table rows on their own lines; wrap each.
            let hang =
                if line.trim_start().starts_with(['-', '*']) { format!("{indent}  ") } else { indent.to_string() };
            let o = opts.clone().subsequent_indent(&hang);
            out.push_str(&textwrap::fill(line, o));
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// One line of text wrapped as [`wrap`] does, ending in a single line break.
fn wrap_line(text: &str, indent: &str) -> String {
    let mut out = wrap(text, indent).trim_end_matches('\n').to_string();
    out.push('\n');
    out
}

pub fn systems(systems: &[System]) -> String {
    let mut g = grid(&["id", "system", "entries", "document"]);
    for s in systems {
        g.add_row(vec![s.id.clone(), s.name.clone(), s.entries.to_string(), s.document.clone()]);
    }
    right_align(&mut g, &[2]);
    format!("{g}\n")
}

fn right_align(g: &mut Grid, cols: &[usize]) {
    for &c in cols {
        if let Some(col) = g.column_mut(c) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
}

/// An item's name in a list, with its pack when it comes from one.
fn name(i: &ListItem) -> String {
    match &i.pack {
        Some(p) => format!("{} [{p}]", i.name),
        None => i.name.clone(),
    }
}

pub fn list(kind: Kind, items: &[ListItem]) -> String {
    if items.is_empty() {
        return format!("No {} found.\n", kind.plural_label().to_lowercase());
    }
    let mut g;
    match kind {
        Kind::Weapon => {
            g = grid(&["weapon", "ability", "init", "atk", "dfn", "dam", "str", "load", "range", "cost"]);
            for i in items {
                if let Detail::Weapon(w) = &i.detail {
                    g.add_row(vec![
                        name(i),
                        w.ability.clone(),
                        signed(w.init),
                        signed(w.atk),
                        signed(w.dfn),
                        signed(w.dam),
                        signed(w.str),
                        num(w.load),
                        w.range.map_or_else(|| "-".into(), |r| r.to_string()),
                        short_cost(w.cost),
                    ]);
                }
            }
            right_align(&mut g, &[2, 3, 4, 5, 6, 7, 8]);
        }
        Kind::Armor => {
            g = grid(&["armour", "partial prot", "partial load", "full prot", "full load", "cost"]);
            for i in items {
                if let Detail::Armor(a) = &i.detail {
                    let part = |c: Option<tome::model::Coverage>, f: fn(tome::model::Coverage) -> i64| {
                        c.map_or_else(|| "n/a".to_string(), |c| f(c).to_string())
                    };
                    g.add_row(vec![
                        name(i),
                        part(a.partial, |c| c.prot),
                        part(a.partial, |c| c.load),
                        part(a.full, |c| c.prot),
                        part(a.full, |c| c.load),
                        short_cost(a.cost),
                    ]);
                }
            }
            right_align(&mut g, &[1, 2, 3, 4]);
        }
        Kind::Position => {
            g = grid(&["position", "race", "MA", "ST", "AG", "AV", "skills", "categories", "cost"]);
            for i in items {
                if let Detail::Position(p) = &i.detail {
                    g.add_row(vec![
                        name(i),
                        p.race.clone(),
                        p.ma.to_string(),
                        p.st.to_string(),
                        p.ag.to_string(),
                        p.av.to_string(),
                        p.skills.join(", "),
                        p.categories.join(", "),
                        format!("{}k", p.cost / 1000),
                    ]);
                }
            }
            right_align(&mut g, &[2, 3, 4, 5, 8]);
        }
        Kind::Spell => {
            g = grid(&["spell", "list", "success", "when"]);
            for i in items {
                if let Detail::Spell(s) = &i.detail {
                    g.add_row(vec![name(i), s.list.clone(), s.success.clone(), s.when.clone().unwrap_or_default()]);
                }
            }
        }
        Kind::Maneuver => {
            g = grid(&["maneuver", "system", "cost", "summary"]);
            for i in items {
                let cost = match &i.detail {
                    Detail::Maneuver(m) => {
                        m.costs.iter().map(|c| format!("{}: {}", c.actor, c.printed)).collect::<Vec<_>>().join("; ")
                    }
                    _ => String::new(),
                };
                g.add_row(vec![name(i), i.system.clone(), cost, i.summary.clone()]);
            }
        }
        _ => {
            g = grid(&["name", "system", "summary"]);
            for i in items {
                g.add_row(vec![name(i), i.system.clone(), i.summary.clone()]);
            }
        }
    }
    format!("{g}\n{} {}. Open one with `tome show {}`.\n", items.len(), kind.plural_label().to_lowercase(), items[0].id)
}

/// An entry, with `names` the names of its related entries (`e.links`), in order.
pub fn entry(e: &Entry, names: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", e.name);
    let pack = e.pack.as_ref().map(|p| format!(" · pack {p}")).unwrap_or_default();
    let _ = writeln!(out, "{} · {}{pack} · {}\n", e.kind, e.system, e.id);
    if !e.summary.is_empty() {
        out.push_str(&wrap(&e.summary, ""));
    }
    out.push_str(&facts(e));
    if !e.body.is_empty() {
        out.push_str(&wrap(&e.body, ""));
    }
    if !e.aliases.is_empty() {
        out.push_str(&wrap_line(&format!("Also called: {}", e.aliases.join(", ")), ""));
    }
    if !e.links.is_empty() {
        out.push_str(&wrap_line(&format!("See also: {}", names.join(", ")), ""));
    }
    let _ = writeln!(out, "Source: {}, “{}” ({})", e.source.document, e.source.section, e.source.file);
    out
}

/// The entry's numbers, a line each (long ones wrapped), and for a table how to see it.
fn facts(e: &Entry) -> String {
    if e.facts.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    for line in &e.facts {
        out.push_str(&wrap_line(line, ""));
    }
    if let Some(Detail::Table(_)) = e.detail {
        let _ = writeln!(out, "(tome table {} to see it)", e.id);
    }
    out.push('\n');
    out
}

pub fn table(t: &Table, about: &Entry) -> String {
    let header: Vec<&str> = t.columns.iter().map(String::as_str).collect();
    let mut g = grid(&header);
    for r in &t.rows {
        g.add_row(r.cells.clone());
    }
    let mut out = format!("{}{}\n", t.name, t.dice.as_ref().map(|d| format!(" ({d})")).unwrap_or_default());
    match (t.rolled, &t.faces) {
        (Some(n), Some(faces)) => {
            let dice: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
            let _ = writeln!(out, "Rolled {} = {n}:", dice.join(" + "));
        }
        (Some(n), None) => {
            let _ = writeln!(out, "Result for {n}:");
        }
        _ => {}
    }
    let _ = writeln!(out, "{g}");
    out.push_str(&wrap(&about.summary, ""));
    out
}

pub fn search(query: &str, hits: &[SearchHit]) -> String {
    if hits.is_empty() {
        return format!("Nothing matches “{query}”.\n");
    }
    let mut out = String::new();
    for h in hits {
        let pack = h.pack.as_ref().map(|p| format!(" · pack {p}")).unwrap_or_default();
        let _ = writeln!(out, "{}  ({} · {}{pack})  {}", h.name, h.kind, h.system, h.id);
        out.push_str(&wrap_line(&h.snippet, "    "));
        out.push('\n');
    }
    out
}

/// What a Foundry VTT export says of how it wrote the actor, under its heading (nothing
/// when it says nothing).
pub fn export_said(said: &[String]) -> String {
    if said.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nHow the export wrote it\n");
    for line in said {
        out.push_str(&wrap_line(&format!("- {line}"), "    "));
    }
    out
}

/// What a Foundry VTT import made of the actor: the items and the entries they became,
/// what was kept in the notes, the item types not read, the numbers both sides compute
/// (each difference marked, with why), and how the import read the two systems.
pub fn foundry_report(r: &tome::foundry::FoundryReport) -> String {
    let mut out =
        format!("\nImported from Foundry VTT: {} {} actor ({}), \"{}\"\n", r.system, r.version, r.actor_type, r.name);
    if r.restored {
        out.push_str("  An actor Tome wrote: every field left as Tome wrote it took Tome's own value back.\n");
    }
    if !r.items.is_empty() {
        out.push_str("\nItems\n");
        for i in &r.items {
            let became = match (&i.entry_name, i.how.as_str()) {
                (Some(n), "same") => n.clone(),
                (Some(n), _) => format!("{n} (read by its words: the name differs)"),
                (None, _) if i.near.is_empty() => "no entry".to_string(),
                (None, _) => format!("no entry (close: {})", i.near.join(", ")),
            };
            let _ = writeln!(out, "  {} ({}) → {became}", i.foundry, i.item_type);
            for d in &i.differs {
                let _ = writeln!(out, "      {d}");
            }
        }
    }
    if !r.numbers.is_empty() {
        out.push_str("\nNumbers both compute\n");
        let mut g = grid(&["", "Foundry", "Tome", ""]);
        for n in &r.numbers {
            let shown = |v: Option<i64>| v.map_or_else(|| "—".to_string(), |v| v.to_string());
            g.add_row(vec![
                n.label.clone(),
                shown(n.foundry),
                shown(n.tome),
                if n.differs { "differs".into() } else { String::new() },
            ]);
        }
        right_align(&mut g, &[1, 2]);
        let _ = writeln!(out, "{g}");
        for n in r.numbers.iter().filter(|n| n.differs) {
            let _ = writeln!(
                out,
                "  {}: Foundry {} ({}), Tome {} ({})",
                n.label,
                num(n.foundry),
                n.foundry_how,
                num(n.tome),
                n.tome_how
            );
            for w in &n.why {
                out.push_str(&wrap_line(&format!("- {w}"), "      "));
            }
        }
    }
    if !r.kept.is_empty() {
        out.push_str("\nKept in the notes (no home on Tome's side)\n");
        for k in &r.kept {
            out.push_str(&wrap_line(&format!("- {k}"), "    "));
        }
    }
    if !r.unknown_items.is_empty() {
        out.push_str("\nItem types Tome does not read (listed, not imported)\n");
        for u in &r.unknown_items {
            let _ = writeln!(out, "  - {u}");
        }
    }
    if !r.interpretations.is_empty() {
        out.push_str("\nHow the import read it\n");
        for i in &r.interpretations {
            out.push_str(&wrap_line(&format!("- {i}"), "    "));
        }
    }
    out
}
