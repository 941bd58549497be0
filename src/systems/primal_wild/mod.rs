//! Primal Wild (magic supplement): Arcana and Gnosis, spell Potency and Shaping,
//! ephemeral beings, and the Duel Arcane.

mod adversary;
pub mod encounter;
pub mod rules;
mod screen;
mod sheet;

use super::{GameSystem, SystemStyle};
use crate::characters::{Character, SheetValue};
use crate::model::SystemColors;
use crate::sheets::{Derived, SheetLayout, Tally, Tracker, TrackerPlace};

/// Primal Wild, through the [`GameSystem`] seam.
pub struct PrimalWild;

impl GameSystem for PrimalWild {
    system_home!();

    fn check_adversary(
        &self,
        mode: &str,
        stats: &std::collections::BTreeMap<String, i64>,
        _attacks: &[crate::adversaries::AdversaryAttack],
        out: &mut crate::adversaries::AdversaryCheck,
    ) {
        adversary::check(mode, stats, out);
    }

    fn encounter(&self) -> Option<&'static dyn crate::encounters::EncounterRules> {
        Some(&encounter::Fight)
    }

    fn encounter_modes(&self) -> Vec<super::EncounterMode> {
        vec![
            super::EncounterMode {
                name: "fight",
                label: "Fight",
                summary: "A fight: initiative with boosts and Shaping, boosted and Shaping attacks",
                rules: &encounter::Fight,
            },
            super::EncounterMode {
                name: "duel",
                label: "Duel Arcane",
                summary: "The Duel Arcane: two duelists clash with Sword and Shield Arcana",
                rules: &encounter::Duel,
            },
        ]
    }

    fn screen(&self) -> Vec<crate::screen::ScreenPanel> {
        screen::panels()
    }

    fn style(&self) -> SystemStyle {
        SystemStyle {
            accent: "#6a461c".into(),
            dice: Vec::new(),
            kind_names: Vec::new(),
            open_families: Vec::new(),
            colors: SystemColors::new("#7a4a06", "#f5e6cb", "#f1cd8a", "#41300f"),
        }
    }

    /// The Duel Arcane's psychic damage, which is not kept on the sheet: marked on the
    /// Shield Arcanum (one box per dot, at most the highest rating) and then on Gnosis,
    /// and cleared every round.
    fn trackers(&self, c: &Character, _derived: &Derived, layout: &SheetLayout) -> Vec<Tracker> {
        if layout.fields().any(|f| f.key.contains("shield")) {
            return Vec::new();
        }
        let Some(arcana) = layout.sections.iter().filter_map(|s| s.family.as_ref()).find(|f| f.prefix == "arcanum.")
        else {
            return Vec::new();
        };
        let gnosis = match (c.values.get("gnosis"), layout.spec("gnosis")) {
            (Some(SheetValue::Int(n)), Some(spec)) => (*n).clamp(spec.min, spec.max),
            (_, Some(spec)) => spec.max,
            _ => return Vec::new(),
        };
        let tally =
            |label: &str, boxes: i64, hint: &str| Tally { label: label.into(), boxes, marked: 0, hint: hint.into() };
        vec![Tracker {
            place: TrackerPlace::Block,
            title: "Duel Arcane: this round".into(),
            lines: vec!["Sword Arcanum".into(), "Shield Arcanum".into()],
            tallies: vec![
                tally("Shield damage", arcana.max, "One box per Shield dot; cross out the rest:"),
                tally("Gnosis damage", gnosis, "Psychic damage past the Shield:"),
            ],
            ladder: None,
        }]
    }
}
