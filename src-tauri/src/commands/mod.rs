//! The shell's commands, one module per area as the core's API is (`src/api/`). Each is
//! a thin adapter: it runs its `Tome` call off the window's thread (`App::run`) and
//! answers the core's `ErrorPayload` on failure.
//!
//! Every command is re-exported here, so the core's flat list (`tome::ipc_commands!`)
//! names each as `commands::<name>` without knowing its area.

mod adversaries;
mod characters;
mod encounters;
mod packs;
mod parties;
mod pdf;
mod reference;
mod screens;
mod sessions;
mod startup;
mod table;
mod textdocs;

pub(crate) use self::{
    adversaries::*, characters::*, encounters::*, packs::*, parties::*, pdf::*, reference::*, screens::*, sessions::*,
    startup::*, table::*, textdocs::*,
};
