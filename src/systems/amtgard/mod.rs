//! Amtgard (magic and States): incantations, ranges, armour by location, enchantments,
//! States and what survives death.

mod adversary;
pub mod encounter;
pub mod rules;
mod screen;
mod sheet;

use super::{GameSystem, SystemStyle};
use crate::characters::Character;
use crate::model::SystemColors;
use crate::sheets::{Derived, SheetLayout, Tracker};
use crate::Kind;

/// Amtgard, through the [`GameSystem`] seam.
pub struct Amtgard;

impl GameSystem for Amtgard {
    system_home!(
        fights,
        mode: "battlegame",
        "Battlegame",
        "A battlegame on the reeve's board: lives, armour, enchantments, States in seconds"
    );

    fn style(&self) -> SystemStyle {
        SystemStyle {
            accent: "#2e5a2a".into(),
            dice: Vec::new(),
            // The document calls its conditions States.
            kind_names: vec![(Kind::Condition, "state".into(), "States".into())],
            open_families: Vec::new(),
            colors: SystemColors::new("#2c6431", "#ddeedc", "#a9dca8", "#203a22"),
        }
    }

    /// The armour points on each location, as boxes to tick when a hit takes one.
    fn trackers(&self, _c: &Character, derived: &Derived, _layout: &SheetLayout) -> Vec<Tracker> {
        derived
            .stats
            .iter()
            .filter(|s| s.key.starts_with("armor."))
            .filter_map(|s| {
                let n = s.value.as_i64().filter(|n| (1..=40).contains(n))?;
                Some(Tracker::stat(&s.key, n, "Tick points lost:"))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
