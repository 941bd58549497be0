//! Ars Magica (combat): characteristics, weapons and armour, wounds by Size, fatigue,
//! encumbrance, groups, and the hazards of the combat chapter.

mod adversary;
pub mod encounter;
mod foundry;
mod print;
pub mod recovery;
pub mod rules;
mod screen;
mod sheet;

use super::{GameSystem, SystemStyle};
use crate::model::SystemColors;

/// Ars Magica, through the [`GameSystem`] seam.
pub struct ArsMagica;

impl GameSystem for ArsMagica {
    system_home!(fights);

    fn foundry(&self) -> Option<&'static dyn crate::foundry::Mapping> {
        Some(&foundry::ARM5E)
    }

    fn recovery(&self) -> Option<&'static dyn crate::sheets::recovery::Recovery> {
        Some(&recovery::Track)
    }

    fn table_row_beyond(&self, table: &crate::model::Table, n: i64) -> Option<crate::model::TableRow> {
        rules::damage_table_row_beyond(table, n)
    }

    fn trackers(
        &self,
        c: &crate::characters::Character,
        _derived: &crate::sheets::Derived,
        _layout: &crate::sheets::SheetLayout,
    ) -> Vec<crate::sheets::Tracker> {
        vec![print::fatigue_ladder(c)]
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
