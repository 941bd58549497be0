//! Ars Magica (combat): characteristics, weapons and armour, wounds by Size, fatigue,
//! encumbrance, groups, and the hazards of the combat chapter.

pub mod rules;
mod sheet;

use super::{GameSystem, SystemStyle};
use crate::characters::Character;
use crate::error::Result;
use crate::model::SystemColors;
use crate::rulebook::Rulebook;
use crate::rules::Calculator;
use crate::sheets::{Derived, Reader, SheetLayout};

/// Ars Magica, through the [`GameSystem`] seam.
pub struct ArsMagica;

impl GameSystem for ArsMagica {
    fn id(&self) -> &'static str {
        rules::SYSTEM
    }

    fn calculators(&self) -> Vec<Calculator> {
        rules::calculators()
    }

    fn sheet_layout(&self) -> SheetLayout {
        sheet::layout()
    }

    fn derive(&self, book: &dyn Rulebook, c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
        sheet::derive(book, c, r, out)
    }

    fn style(&self) -> SystemStyle {
        SystemStyle {
            accent: "#7a221c".into(),
            // Its own dice: the stress die of combat and the simple die.
            dice: vec!["stress".into(), "simple".into()],
            kind_names: Vec::new(),
            // Abilities are named by the player: the printed sheet leaves lines for more.
            open_families: vec!["ability.".into()],
            colors: SystemColors::new("#8c2d1b", "#f6dfd8", "#ffb7a3", "#44241d"),
        }
    }
}
