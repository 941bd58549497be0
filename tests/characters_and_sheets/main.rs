//! Characters and what is printed or kept of them: saving and revisions, each system's
//! sheet, recovery over time, the game master's adversaries, and the PDFs (sheets and
//! the game master's screen).
//!
//! One test binary: each file here is a module of it (DESIGN.md, "Tests"), so a change
//! to the library compiles and links these tests once, not once a file.

#[path = "../common/mod.rs"]
mod common;

mod adversaries;
mod adversary_starters;
mod character_recovery;
mod characters;
mod foundry;
mod foundry_carried;
mod pdf;
mod screen;
mod sheet_systems;
mod sheets;
