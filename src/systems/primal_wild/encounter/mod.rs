//! Primal Wild in an encounter, in two modes, each in its own folder.
//!
//! - [`fight`]: initiative on a d10 plus the modifier, raised by a boosting spell or
//!   replaced by a Shaping roll (`initiative.rs`); boosted and Shaping attacks
//!   (`attacks.rs`), their damage marked against the target's Health (`wounds.rs`).
//! - [`duel`]: the Duel Arcane. Two duelists pick a Sword and a Shield Arcanum
//!   (`arms.rs`) and clash (`clash.rs`); a lost or surrendered round gives each side its
//!   Willpower back by the round's results (`round.rs`).
//!
//! Every number comes from the calculators in `../rules/`.

mod duel;
mod fight;
mod menu;

pub use duel::Duel;
pub use fight::Fight;

pub(super) const ARCANA: [&str; 10] =
    ["death", "fate", "forces", "life", "matter", "mind", "prime", "space", "spirit", "time"];

fn title(word: &str) -> String {
    crate::rules::key_label(word)
}
