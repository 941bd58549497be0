//! The library: the database (opening, migrating, damage), the shipped content and
//! its loaders, imported documents, homebrew packs, the procedure index, search, and the
//! inputs fuzzing found.
//!
//! One test binary: each file here is a module of it (DESIGN.md, "Tests"), so a change
//! to the library compiles and links these tests once, not once a file.

#[path = "../common/mod.rs"]
mod common;

mod check_older_copies;
mod content;
mod db;
mod db_damage;
mod fuzz_regressions;
mod import_text;
mod loader_error_lines;
mod loader_errors;
mod no_wrong_answer;
mod older_copies;
mod older_search_cache;
mod packs;
mod page_places;
mod procedure_index;
mod quarantine;
mod rows_the_ledger_holds;
mod sealed_rows;
mod sealed_writes;
mod search;
mod search_plain_words;
mod search_questions;
mod search_ranking;
