//! The procedure index (`docs/procedures/<system-id>.md`): every procedure of a rules
//! document (anything with a number, a roll, a lookup or a decision), its lines in the
//! document, and the calculator or encounter action that computes it, or "not
//! computed:" and why. These tests check that every name it gives exists in that
//! system's registry, that its line ranges lie within the document, and that the guide
//! (docs/guide/src/calculators.md) states each document's share computed, and the
//! calculator counts, as they are.
//!
//! The index is a Markdown table:
//!
//! ```text
//! | procedure | lines | computed by |
//! |---|---|---|
//! | Soak | 120-124 | calc `soak` |
//! | Fighting on | 130 | calc `wound`, action `damage` |
//! | Weather omens | 140–141 | not computed: a narrative call |
//! ```

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A system as `seed/systems.toml` names it, with its rules document.
struct SystemDoc {
    id: String,
    /// The name the guide uses: the seed's name without its parenthesis ("MLAF").
    name: String,
    document: String,
}

fn systems() -> Vec<SystemDoc> {
    let text = std::fs::read_to_string(root().join("seed/systems.toml")).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    table["system"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let field = |k: &str| s[k].as_str().unwrap().to_string();
            let name = field("name");
            let short = name.split(" (").next().unwrap_or(&name).to_string();
            SystemDoc { id: field("id"), name: short, document: field("document") }
        })
        .collect()
}

/// How many lines the document has, when it is on this machine (beside the repository,
/// in `../shared/rules/`).
fn document_lines(document: &str) -> Option<usize> {
    let beside = root().join("../shared/rules").join(document);
    let shared = Path::new("/work/shared/rules").join(document);
    let text = std::fs::read_to_string(beside).or_else(|_| std::fs::read_to_string(shared)).ok()?;
    Some(text.lines().count())
}

/// What one index holds: how many procedures, how many of them computed.
#[derive(Debug, PartialEq)]
struct Share {
    computed: usize,
    total: usize,
}

impl Share {
    /// "Ars Magica 84% (42 of 50)": the percentage rounded down, so a share is never
    /// stated higher than it is.
    fn text(&self, name: &str) -> String {
        let percent = (self.computed * 100).checked_div(self.total).unwrap_or(0);
        format!("{name} {percent}% ({} of {})", self.computed, self.total)
    }
}

/// What the index of `system` names that does not exist, or is not written as the
/// format says, each with its line in the file; and its share computed.
fn check_index(system: &str, text: &str, doc_lines: Option<usize>) -> (Share, Vec<String>) {
    let home = tome::systems::get(system).unwrap_or_else(|| panic!("no system `{system}` in the registry"));
    let calculators: Vec<&str> = home.calculators().iter().map(|c| c.name).collect();
    let actions: Vec<&str> =
        home.encounter_modes().iter().flat_map(|m| m.rules.actions().iter().map(|a| a.name)).collect();
    let mut problems = Vec::new();
    let mut share = Share { computed: 0, total: 0 };
    let mut header = false;
    for (n, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if !line.starts_with('|') {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if !header {
            let wanted = ["procedure", "lines", "computed by"];
            if cells.iter().map(|c| c.to_lowercase()).ne(wanted) {
                problems.push(format!("line {n}: the table's header must be `| procedure | lines | computed by |`"));
            }
            header = true;
            continue;
        }
        if cells.iter().all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' '))) {
            continue;
        }
        let [procedure, lines, by] = cells[..] else {
            problems
                .push(format!("line {n}: a row has three cells (procedure, lines, computed by), not {}", cells.len()));
            continue;
        };
        if procedure.is_empty() {
            problems.push(format!("line {n}: the procedure is not named"));
        }
        for range in lines.split(',').map(str::trim) {
            match parse_range(range) {
                None => {
                    problems.push(format!("line {n}: {procedure}: `{range}` is not a line or a range such as 120-124"))
                }
                Some((a, b)) if a == 0 || a > b => {
                    problems.push(format!("line {n}: {procedure}: `{range}` is not a range of lines"))
                }
                Some((_, b)) => match doc_lines {
                    Some(last) if b > last => problems
                        .push(format!("line {n}: {procedure}: line {b} is past the document's end ({last} lines)")),
                    _ => {}
                },
            }
        }
        share.total += 1;
        if let Some(reason) = by.strip_prefix("not computed:") {
            if reason.trim().is_empty() {
                problems.push(format!("line {n}: {procedure}: \"not computed:\" needs its reason"));
            }
            continue;
        }
        share.computed += 1;
        for part in by.split(',').map(str::trim) {
            let named = part.strip_suffix('`').and_then(|p| {
                let (kind, name) = p.split_once(" `")?;
                Some((kind.trim(), name))
            });
            match named {
                Some(("calc", name)) if calculators.contains(&name) => {}
                Some(("calc", name)) => problems.push(format!(
                    "line {n}: {procedure}: {system} has no calculator `{name}` (tome calc {system} lists them)"
                )),
                Some(("action", name)) if actions.contains(&name) => {}
                Some(("action", name)) => {
                    problems.push(format!("line {n}: {procedure}: {system} has no encounter action `{name}`"))
                }
                _ => problems.push(format!(
                    "line {n}: {procedure}: `{part}` is neither calc `NAME` nor action `NAME`, and the cell does not start with \"not computed:\""
                )),
            }
        }
    }
    if !header {
        problems.push("no table: an index is a Markdown table `| procedure | lines | computed by |`".into());
    }
    (share, problems)
}

/// `120` or `120-124` (an en dash too), as the first and last line.
fn parse_range(range: &str) -> Option<(usize, usize)> {
    let (a, b) = range.split_once(['-', '–']).unwrap_or((range, range));
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The guide's Calculators chapter (docs/guide/src/calculators.md; README's until the
/// guide took it) with every run of white space made one space, so a sentence may wrap.
fn readme() -> String {
    let text = std::fs::read_to_string(root().join("docs/guide/src/calculators.md")).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every index present names only calculators and actions its system has, at lines
/// within its document, and the guide states each document's share computed as the
/// indexes give it.
#[test]
fn procedure_indexes_name_what_exists_and_readme_states_their_shares() {
    let mut problems = Vec::new();
    let mut shares = Vec::new();
    for s in systems() {
        let path = root().join("docs/procedures").join(format!("{}.md", s.id));
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let (share, found) = check_index(&s.id, &text, document_lines(&s.document));
        problems.extend(found.into_iter().map(|p| format!("docs/procedures/{}.md {p}", s.id)));
        shares.push(share.text(&s.name));
    }
    assert!(problems.is_empty(), "the procedure index is wrong:\n{}", problems.join("\n"));
    let sentence = if shares.is_empty() {
        "Share of each document's procedures computed (docs/procedures/): no document indexed yet.".to_string()
    } else {
        format!("Share of each document's procedures computed (docs/procedures/): {}.", shares.join(", "))
    };
    assert!(
        readme().contains(&sentence),
        "the guide's Calculators chapter must say, as the indexes give it:\n{sentence}"
    );
}

/// The least share of each document's procedures Tome computes, as a percentage.
const FLOOR_PERCENT: usize = 95;

/// Every document has an index, and at least [`FLOOR_PERCENT`] of its procedures are
/// computed: what is left is the game master's own judgment, each with its reason.
#[test]
fn every_document_has_at_least_95_percent_of_its_procedures_computed() {
    let mut short = Vec::new();
    for s in systems() {
        let path = root().join("docs/procedures").join(format!("{}.md", s.id));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{} has no procedure index at {}: {e}", s.name, path.display()));
        let (share, _) = check_index(&s.id, &text, None);
        assert!(share.total > 0, "{}: the index lists no procedure", s.name);
        // Compared in whole numbers: computed / total >= 95 / 100.
        if share.computed * 100 < FLOOR_PERCENT * share.total {
            short.push(share.text(&s.name));
        }
    }
    assert!(short.is_empty(), "below {FLOOR_PERCENT}% computed: {}", short.join(", "));
}

/// The guide's count of calculators, in all and per system, is the registry's.
#[test]
fn readme_counts_the_calculators_there_are() {
    let all = tome::systems::calculators();
    let per: Vec<String> =
        systems().iter().map(|s| format!("{} {}", s.name, all.iter().filter(|c| c.system == s.id).count())).collect();
    let sentence = format!("{} of them ({};", all.len(), per.join(", "));
    assert!(readme().contains(&sentence), "the guide's Calculators chapter must count them as: {sentence}");
}

/// The checks catch what they are for, on an example index with a fault of each kind
/// (tests/fixtures/procedures/ars-magica.md) whose document has 2,000 lines.
#[test]
fn the_index_checks_catch_each_fault() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/procedures/ars-magica.md")).unwrap();
    let (share, problems) = check_index("ars-magica", &text, Some(2000));
    assert_eq!(share, Share { computed: 8, total: 10 });
    assert_eq!(share.text("Ars Magica"), "Ars Magica 80% (8 of 10)");
    let expected = [
        "line 10: Quicksand: ars-magica has no calculator `quicksand`",
        "line 11: Duel: ars-magica has no encounter action `duel`",
        "line 12: Late rule: line 2500 is past the document's end (2000 lines)",
        "line 13: Bad lines: `12-` is not a line or a range such as 120-124",
        "line 14: Loose cell: `soak` is neither calc `NAME` nor action `NAME`",
        "line 15: Silent: \"not computed:\" needs its reason",
    ];
    for (want, got) in expected.iter().zip(&problems) {
        assert!(got.starts_with(want), "expected `{want}…`, got `{got}`");
    }
    assert_eq!(problems.len(), expected.len(), "{problems:#?}");
    let good: String = text.lines().take(9).collect::<Vec<_>>().join("\n");
    assert_eq!(check_index("ars-magica", &good, Some(2000)), (Share { computed: 3, total: 4 }, vec![]));
}
