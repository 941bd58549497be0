//! Sharing with the table (`tome share`), over loopback: joining, what phones may read
//! and do, the console, and the generated tests that nothing hidden reaches a phone.
//! The load and attack tests are binaries of their own (`share_load`, `share_attack`).
//!
//! One test binary: each file here is a module of it (DESIGN.md, "Tests"), so a change
//! to the library compiles and links these tests once, not once a file.

#[path = "../common/mod.rs"]
mod common;

mod share;
mod share_acting;
mod share_answers;
mod share_console;
mod share_differential;
mod share_leaks;
mod share_log;
mod share_search_noninterference;
mod share_word;
