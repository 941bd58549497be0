//! The `tome` command line: its JSON contract, its words when it refuses, and sessions
//! typed at it (characters, calculators, an evening prepared).
//!
//! One test binary: each file here is a module of it (DESIGN.md, "Tests"), so a change
//! to the library compiles and links these tests once, not once a file.

#[path = "../common/mod.rs"]
mod common;

mod calc;
mod character_cli;
mod cli;
mod cli_words;
mod fight_words;
mod paths;
mod session_cli;
