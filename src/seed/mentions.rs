//! Finding, while loading content, the entries of the same system each entry mentions
//! by name (the rules of what counts are in [`crate::mentions`]).

use std::collections::HashMap;

use super::{ContentEntry, SeedDetail};
use crate::mentions::Names;

/// For every entry, the other entries of its system that its summary, body or table cells mention,
/// in order of first mention, with the words that mention each (its name or an alias
/// that is capitalized like a name). `extra` are more names that may be mentioned, as
/// (system, name, id): a pack's entries may mention shipped ones.
///
/// A short name that ends a longer name the entry links to stands for that entry: in
/// Dark Initiation, which links to the Chaos Priest, "the Priest" is the Chaos Priest,
/// not the Bretonnian position named just "Priest".
pub(super) fn find<'a>(
    entries: &'a [ContentEntry],
    extra: &[(&'a str, &'a str, &'a str)],
) -> Vec<Vec<(String, String)>> {
    let mut by_system: HashMap<&str, Vec<(&str, &str)>> = HashMap::new();
    let name_of: HashMap<&str, &str> = entries
        .iter()
        .map(|e| (e.id.as_str(), e.name.as_str()))
        .chain(extra.iter().map(|&(_, name, id)| (id, name)))
        .collect();
    for e in entries {
        let names = std::iter::once(e.name.as_str())
            .chain(e.aliases.iter().map(String::as_str).filter(|a| a.starts_with(char::is_uppercase)));
        for name in names.filter(|n| n.chars().count() >= 3) {
            by_system.entry(&e.system).or_default().push((name, &e.id));
        }
    }
    for &(system, name, id) in extra {
        if name.chars().count() >= 3 {
            by_system.entry(system).or_default().push((name, id));
        }
    }
    let names: HashMap<&str, Names> = by_system.into_iter().map(|(system, list)| (system, Names::new(list))).collect();
    entries
        .iter()
        .map(|e| {
            let text = format!("{}\n{}", e.summary, e.body);
            let Some(n) = names.get(e.system.as_str()) else { return Vec::new() };
            let mut found = n.mentions_in(&text, &e.id);
            // A table's cells name entries too (the rows of the MLAF Spell Table).
            if let SeedDetail::Table { rows, .. } = &e.detail {
                let cells = rows.iter().flat_map(|r| r.cells.iter().map(String::as_str));
                for (id, words) in n.mentions_in_cells(cells, &e.id) {
                    if !found.iter().any(|(known, _)| *known == id) {
                        found.push((id, words));
                    }
                }
            }
            for (id, words) in &mut found {
                let longer = e
                    .links
                    .iter()
                    .find(|l| *l != id && name_of.get(l.as_str()).is_some_and(|n| n.ends_with(&format!(" {words}"))));
                if let Some(l) = longer {
                    *id = l.clone();
                }
            }
            found
        })
        .collect()
}
