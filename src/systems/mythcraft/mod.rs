//! MythCraft (combat quick reference): AP and reactive AP, movement, attacks and
//! damage through resistances, Death Points, conditions.

mod adversary;
pub mod encounter;
mod foundry;
pub mod rules;
mod screen;
mod sheet;

use super::{GameSystem, SystemStyle};
use crate::characters::{Character, SheetValue};
use crate::model::SystemColors;
use crate::sheets::{Derived, SheetLayout, Tracker};

/// MythCraft, through the [`GameSystem`] seam.
pub struct MythCraft;

impl GameSystem for MythCraft {
    system_home!(fights);

    fn foundry(&self) -> Option<&'static dyn crate::foundry::Mapping> {
        Some(&foundry::MYTHCRAFT)
    }

    fn style(&self) -> SystemStyle {
        SystemStyle {
            accent: "#1d5a6a".into(),
            dice: Vec::new(),
            kind_names: Vec::new(),
            open_families: Vec::new(),
            colors: SystemColors::new("#5b2e86", "#ebe0f5", "#d6b8f5", "#35264a"),
        }
    }

    /// HP as one box per point of maximum HP (the damage taken crossed), and the AP of a
    /// turn and the reactive AP kept as boxes to tick while spending them.
    fn trackers(&self, c: &Character, derived: &Derived, _layout: &SheetLayout) -> Vec<Tracker> {
        let int = |k: &str| match c.values.get(k) {
            Some(SheetValue::Int(n)) => Some(*n),
            _ => None,
        };
        let mut out = Vec::new();
        if let Some(max) = int("max-hp").filter(|m| (1..=120).contains(m)) {
            let hp = int("hp").unwrap_or(max).clamp(0, max);
            out.push(Tracker::field("hp", max, max - hp, format!("One box per HP of {max}; tick the damage taken:")));
        }
        for (key, hint) in [("ap", "Tick AP as you spend them:"), ("reactive-cap", "Tick reactive AP kept:")] {
            if let Some(n) = derived.int(key).filter(|n| (1..=40).contains(n)) {
                out.push(Tracker::stat(key, n, hint));
            }
        }
        out
    }
}
