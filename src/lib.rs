//! Tome: an offline rules reference and character sheet for tabletop role-playing games.
//!
//! The core crate holds the database, the shipped content, search and the one API
//! ([`Tome`]) that the `tome` CLI and the desktop shell both call.
//!
//! # Example
//!
//! ```
//! let tome = tome::Tome::open_in_memory().unwrap();
//! let sword = tome.show("ars-magica/weapon/sword-long").unwrap();
//! assert_eq!(sword.name, "Sword, Long");
//! ```

pub mod adversaries;
pub mod api;
pub mod characters;
pub mod db;
pub mod dice;
pub mod encounters;
pub mod error;
pub mod facts;
pub mod files;
pub mod foundry;
#[doc(hidden)]
pub mod fuzzing;
pub mod ipc;
pub mod kind;
pub mod local_zone;
pub mod mentions;
pub mod model;
pub mod packs;
pub mod pdf;
pub mod rulebook;
pub mod rules;
pub mod screen;
pub mod search;
pub mod seed;
pub mod share;
pub mod shared;
pub mod sheets;
pub mod slug;
pub mod systems;
pub mod text;
pub mod textdocs;

pub use api::Tome;
pub use error::{Error, ErrorCode, ErrorPayload, Found, Result};
pub use kind::Kind;
