//! MLAF (the Blood Bowl magic system): spellcasters by roster position, casting rolls,
//! the Spell Table, spells per match and Star Player Points.

mod adversary;
pub mod encounter;
pub mod rules;
mod screen;
mod sheet;

use super::{GameSystem, SystemStyle};
use crate::characters::{Character, SheetValue};
use crate::model::SystemColors;
use crate::sheets::{Derived, SheetLayout, Tracker};

/// MLAF, through the [`GameSystem`] seam.
pub struct Mlaf;

impl GameSystem for Mlaf {
    system_home!(fights, mode: "match", "Match", "A match: halves and turns, each spellcaster's casts and SPP");

    fn style(&self) -> SystemStyle {
        SystemStyle {
            accent: "#1f3a6e".into(),
            dice: Vec::new(),
            kind_names: Vec::new(),
            open_families: Vec::new(),
            colors: SystemColors::new("#1d4f8a", "#dce8f6", "#a8ccf7", "#1c3150"),
        }
    }

    /// A caster plays his roster position at his own level: "Level 1" reads his.
    fn position_played(
        &self,
        p: &crate::model::Position,
        stat: &dyn Fn(&str) -> Option<i64>,
    ) -> Option<crate::model::Position> {
        Some(rules::position_at_level(p, stat("level").unwrap_or(1)))
    }

    /// Star Player Points: one box a point, crossed up to the SPP earned, with room to
    /// earn ten more (30 to 100 boxes).
    fn trackers(&self, c: &Character, _derived: &Derived, _layout: &SheetLayout) -> Vec<Tracker> {
        let spp = match c.values.get("spp") {
            Some(SheetValue::Int(n)) => (*n).max(0),
            _ => 0,
        };
        let boxes = ((spp + 10 + 9) / 10 * 10).clamp(30, 100);
        vec![Tracker::field("spp", boxes, spp.min(boxes), "One box for each SPP earned:")]
    }
}
