//! One home per game system, behind one seam.
//!
//! Everything Tome knows about a game system lives in that system's folder and is
//! reached through [`GameSystem`]: its calculators, its sheet layout and what the rules
//! derive from a sheet, what its printed sheet adds (an accent colour, boxes to tick,
//! blocks to pencil in), its dice and its words. The engine (database, search, sheets,
//! PDF, CLI, the app) stays generic and asks [`all`] or [`get`]; nothing outside this
//! module and the system folders matches on a system id.
//!
//! Adding a sixth system is one folder implementing [`GameSystem`] plus one line in
//! the registry (`REGISTRY` below) (see DESIGN.md).

pub mod amtgard;
pub mod ars_magica;
pub mod mlaf;
pub mod mythcraft;
pub mod primal_wild;

use std::sync::{LazyLock, RwLock};

use crate::characters::Character;
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::Calculator;
pub use crate::model::SystemStyle;
use crate::sheets::{Derived, Reader, SheetLayout, Tracker};

/// A game system: the seam every per-system piece of Tome goes through.
pub trait GameSystem: Send + Sync {
    /// The id entries and characters carry (`ars-magica`).
    fn id(&self) -> &'static str;

    /// The rules calculators, each with its described parameters.
    fn calculators(&self) -> Vec<Calculator>;

    /// What a character sheet of this system holds.
    fn sheet_layout(&self) -> SheetLayout;

    /// Adds what the rules work out from `c` (stats with their terms, warnings) to `out`.
    /// `r` reads the sheet's values, warning about out-of-range ones.
    ///
    /// # Errors
    /// Only content errors: what the player wrote never makes deriving fail.
    fn derive(&self, book: &dyn Rulebook, c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()>;

    /// How this system looks and reads outside its rules: accent colour, dice, words.
    fn style(&self) -> SystemStyle;

    /// What a printed sheet (and the app's sheet) adds to the layout for play: boxes to
    /// tick under a value, blocks to pencil in. None by default.
    fn trackers(&self, _c: &Character, _derived: &Derived, _layout: &SheetLayout) -> Vec<Tracker> {
        Vec::new()
    }
}

/// Every game system, in Tome's order. The one registry: add a system here.
static REGISTRY: LazyLock<RwLock<Vec<&'static dyn GameSystem>>> = LazyLock::new(|| {
    RwLock::new(vec![&ars_magica::ArsMagica, &mythcraft::MythCraft, &amtgard::Amtgard, &mlaf::Mlaf, &primal_wild::PrimalWild])
});

/// Every game system, in Tome's order.
pub fn all() -> Vec<&'static dyn GameSystem> {
    REGISTRY.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Adds a system after the built-in ones, for this process: how a test proves that a
/// system defined only through the seam gets calculators, a sheet and a PDF. Shipped
/// systems are listed in the registry above.
#[doc(hidden)]
pub fn register(system: &'static dyn GameSystem) {
    let mut all = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    if !all.iter().any(|s| s.id() == system.id()) {
        all.push(system);
    }
}

/// The system with `id`, if Tome knows it.
pub fn get(id: &str) -> Option<&'static dyn GameSystem> {
    all().into_iter().find(|s| s.id() == id)
}

/// The system with `id`.
///
/// # Errors
/// [`Error::NotFound`] naming the systems Tome knows.
pub fn require(id: &str) -> Result<&'static dyn GameSystem> {
    get(id).ok_or_else(|| Error::NotFound {
        what: "game system",
        id: id.to_string(),
        suggestions: all().iter().map(|s| s.id().to_string()).collect(),
    })
}
