//! The layers point one way (DESIGN.md, "Layers, and which way they point"): nothing the
//! database layer uses reaches back to it, drawn from the code's own `crate::` paths (test
//! code left out, as it may use the whole API).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module of `src/` with the top-level modules its code names.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "tests" {
                    stack.push(path);
                }
                continue;
            }
            if !name.ends_with(".rs") || name.starts_with("tests") || name.ends_with("_tests.rs") {
                continue;
            }
            let rel = path.strip_prefix(&src).unwrap();
            let top =
                rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
            if matches!(top.as_str(), "lib" | "main" | "fuzzing") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap();
            for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
                let mut rest = line;
                while let Some(i) = rest.find("crate::") {
                    rest = &rest[i + 7..];
                    let word: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    let target = if word == "Tome" { "api".to_string() } else { word };
                    if !target.is_empty() && target != top && target.chars().next().unwrap().is_ascii_lowercase() {
                        edges.entry(top.clone()).or_default().insert(target);
                    }
                }
            }
        }
    }
    edges
}

/// A path of imports from `from` back to `to`, if there is one.
fn way_back(edges: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> Option<Vec<String>> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![vec![from.to_string()]];
    while let Some(path) = stack.pop() {
        for next in edges.get(path.last().unwrap()).into_iter().flatten() {
            let mut longer = path.clone();
            longer.push(next.clone());
            if next == to {
                return Some(longer);
            }
            if seen.insert(next.clone()) {
                stack.push(longer);
            }
        }
    }
    None
}

/// Issue 40: `db/damage.rs` checked stored JSON as the encounters' and screens' types,
/// and the rulebook named the database, which put `db` in a circle with them.
#[test]
fn no_circle_runs_through_the_database_layer() {
    let edges = imports();
    assert!(edges["db"].contains("rulebook"), "the database implements the rules' trait: {:?}", edges["db"]);
    if let Some(circle) = way_back(&edges, "db", "db") {
        panic!("a circle through the database layer: {}", circle.join(" → "));
    }
}

/// Issue 40: the check of stored values knows no domain type; the API gives it how its
/// JSON reads back (`Db::set_stored_json`).
#[test]
fn the_damage_check_names_no_domain_type() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/db/damage.rs")).unwrap();
    for domain in ["crate::encounters", "crate::screen", "crate::systems", "crate::sheets", "crate::rules"] {
        assert!(!text.contains(domain), "src/db/damage.rs names {domain}");
    }
}

/// Each module of `src/db/` (its root, `mod.rs`, which holds `Db` itself, left out) with
/// the sibling modules its code names (`super::x`, `crate::db::x`).
fn db_imports() -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/db");
    let modules: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().strip_suffix(".rs").map(str::to_string))
        .filter(|m| m != "mod")
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in &modules {
        let text = std::fs::read_to_string(dir.join(format!("{m}.rs"))).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for prefix in ["super::", "crate::db::"] {
                let mut rest = line;
                while let Some(i) = rest.find(prefix) {
                    rest = &rest[i + prefix.len()..];
                    let word: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    if modules.contains(&word) && &word != m {
                        edges.entry(m.clone()).or_default().insert(word);
                    }
                }
            }
        }
    }
    edges
}

/// Issue 73: `damage.rs`, `heal.rs`, `refresh.rs`, `backup.rs`, `characters.rs` and
/// `checked.rs` named each other in a circle of six. The database layer's modules point
/// one way: what they share (which tables are Tome's own, what a check reports) is in
/// modules that name none of the others (`tables.rs`, `records.rs`).
#[test]
fn the_database_layers_modules_point_one_way() {
    let edges = db_imports();
    assert!(edges["damage"].contains("tables"), "the check reads the tables' vocabulary: {:?}", edges["damage"]);
    for m in edges.keys() {
        if let Some(circle) = way_back(&edges, m, m) {
            panic!("a circle among the database layer's modules: {}", circle.join(" → "));
        }
    }
}
