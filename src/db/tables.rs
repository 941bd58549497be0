//! Which tables hold Tome's own content, and what SQLite's checks say of them: the
//! vocabulary the damage checks, the healing of Tome's own tables, the shipped content's
//! writer and the backups share. It names no other module of the database layer, so
//! those point down at it and never at each other in a circle (issue 73).

/// The tables whose rows belong to one entry, keyed by their first column; a table's
/// parent (a roll table's, for its rows) comes before it.
pub(crate) const DETAIL_TABLES: &[&str] = &[
    "alias",
    "entry_link",
    "weapon",
    "armor",
    "armor_coverage",
    "spell",
    "condition_implies",
    "maneuver",
    "maneuver_cost",
    "position",
    "position_skill",
    "position_category",
    "roll_table",
    "roll_table_column",
    "roll_table_row",
    "roll_table_cell",
    "rule",
];

/// The column of detail table `t` that names the entry its row belongs to (as a key of
/// one column): an entry's links are the rows from it.
pub(crate) fn entry_key(t: &str) -> &'static [&'static str] {
    if t == "entry_link" {
        &["from_id"]
    } else {
        &["entry_id"]
    }
}

/// The tables that hold Tome's own content (pack entries share them).
pub(crate) const SHIPPED_TABLES: &[&str] = &["game_system", "document", "section", "entry"];

/// Whether `problem`, from SQLite's quick or whole check, is a row of a table that holds
/// Tome's own content breaking that table's declared constraints (`CHECK constraint
/// failed in entry`, `NULL value in weapon.ability`, `non-INTEGER value in armor.prot`):
/// the pages are whole, and a rewrite from the content built into Tome mends it when the
/// row is a shipped one.
pub(crate) fn in_shipped_table(problem: &str) -> bool {
    let table = if let Some(t) = problem.strip_prefix("CHECK constraint failed in ") {
        t
    } else if let Some(rest) = problem.strip_prefix("NULL value in ") {
        rest.split('.').next().unwrap_or("")
    } else if let Some(rest) = problem.strip_prefix("non-").and_then(|r| r.split_once(" value in ")) {
        rest.1.split('.').next().unwrap_or("")
    } else {
        return false;
    };
    SHIPPED_TABLES.contains(&table) || DETAIL_TABLES.contains(&table)
}

/// The full-text index's own tables (FTS5's), made again together.
pub(crate) const FTS_TABLES: &[&str] =
    &["entry_fts_data", "entry_fts_idx", "entry_fts_content", "entry_fts_docsize", "entry_fts_config"];

/// Whether table `t` holds Tome's own content (the shipped entries and their documents,
/// what is made from them), which Tome can make again (the rows of it that are not, a
/// pack's or retired ones, are read back first), and whose pages the marker's
/// fingerprint always reads (`checked::own_pages`).
pub(crate) fn tomes_own(t: &str) -> bool {
    matches!(t, "entry" | "game_system" | "search_cache" | "document" | "section")
        || DETAIL_TABLES.contains(&t)
        || FTS_TABLES.contains(&t)
}

/// How SQLite's foreign-key check is reported (after a count).
pub(crate) const DANGLING: &str = "references to rows that do not exist";

/// SQLite's `problems` less those about the full-text index, which Tome makes from the
/// entries and so repairs itself.
pub(crate) fn beyond_repair(problems: Vec<String>) -> Vec<String> {
    problems.into_iter().filter(|p| !p.contains("entry_fts")).collect()
}

/// Whether a problem of SQLite's whole-file check is only about pages no table holds: a
/// page that belongs to nothing, or the list of free pages. A page two tables hold is
/// not (a copy would keep it twice).
pub(crate) fn loose(problem: &str) -> bool {
    problem.lines().all(|line| {
        let line = line.trim();
        line.is_empty()
            || line.starts_with("*** in database")
            || line.starts_with("Freelist: ")
            || crate::error::never_used(line)
    })
}
