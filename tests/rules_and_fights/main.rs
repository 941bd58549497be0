//! Each system's rules and fights: the calculators and their terms, and encounters
//! played through by every system's rules (prepared, with parties, checkpointed, kept in
//! memory, and the guide's examples run as written). The `GameSystem` seam's toy system
//! is tested in a binary of its own (`seam`).
//!
//! One test binary: each file here is a module of it (DESIGN.md, "Tests"), so a change
//! to the library compiles and links these tests once, not once a file.

#[path = "../common/mod.rs"]
mod common;

mod amtgard_encounters;
mod ars_magica_encounters;
mod encounter_checkpoints;
mod encounter_kept_state;
mod encounters;
mod fight_words;
mod mlaf_match;
mod parties;
mod prepared;
mod primal_wild_encounters;
mod properties;
mod readme_encounters;
mod sheet_enters_fight;
mod sheets_enter_fights;
mod terms_add_up;
mod written_attacks;
