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

use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex, RwLock};

use crate::adversaries::AdversaryCheck;
use crate::characters::fields::FieldSpec;
use crate::characters::Character;
use crate::encounters::EncounterRules;
use crate::error::{Error, Result};
pub use crate::model::SystemStyle;
use crate::rulebook::Rulebook;
use crate::rules::{Calculator, Inputs, Outcome};
use crate::sheets::{Derived, Reader, SheetLayout, Tracker};

/// The methods every system folder answers the same way, from its own modules. Used
/// inside an `impl GameSystem`, so each system writes only what is its own (style,
/// trackers, and what differs in its fights).
///
/// - `system_home!()`: its id (`rules::SYSTEM`), its calculators (`rules::calculators`),
///   its layout (`sheet::layout`) and its derivations (`sheet::derive`).
/// - `system_home!(fights)`: those, and a system that runs fights from its folder's
///   `adversary`, `encounter` and `screen` modules: `check_adversary` by
///   `adversary::check(stats, attacks, out)`, `encounter` by `encounter::Rules`, the shipped
///   screen by `screen::panels()`.
/// - `system_home!(fights, mode: "battlegame", "Battlegame", "what it is")`: those,
///   and its one kind of encounter named in the system's own word (without it, the
///   default "fight").
///
/// Primal Wild writes its fights' methods itself: two modes, and an adversary checked
/// by the mode it plays in.
macro_rules! system_home {
    () => {
        fn id(&self) -> &'static str {
            rules::SYSTEM
        }

        fn calculators(&self) -> Vec<crate::rules::Calculator> {
            rules::calculators()
        }

        fn sheet_layout(&self) -> crate::sheets::SheetLayout {
            sheet::layout()
        }

        fn derive(
            &self,
            book: &dyn crate::rulebook::Rulebook,
            c: &crate::characters::Character,
            r: &mut crate::sheets::Reader,
            out: &mut crate::sheets::Derived,
        ) -> crate::error::Result<()> {
            sheet::derive(book, c, r, out)
        }
    };
    (fights) => {
        system_home!();

        fn check_adversary(
            &self,
            _mode: &str,
            stats: &std::collections::BTreeMap<String, i64>,
            attacks: &[crate::adversaries::AdversaryAttack],
            out: &mut crate::adversaries::AdversaryCheck,
        ) {
            adversary::check(stats, attacks, out);
        }

        fn encounter(&self) -> Option<&'static dyn crate::encounters::EncounterRules> {
            Some(&encounter::Rules)
        }

        fn screen(&self) -> Vec<crate::screen::ScreenPanel> {
            screen::panels()
        }
    };
    (fights, mode: $name:literal, $label:literal, $summary:literal) => {
        system_home!(fights);

        fn encounter_modes(&self) -> Vec<crate::systems::EncounterMode> {
            vec![crate::systems::EncounterMode {
                name: $name,
                label: $label,
                summary: $summary,
                rules: &encounter::Rules,
            }]
        }
    };
}

/// The methods of a system's `impl EncounterRules` that only point at its own tables,
/// written once:
///
/// - `fight_home!(menu: menu::MENU, menu::option)`: the words a player's phone shows for
///   its actions (`players_menu`) and their options (`players_option`).
/// - `fight_home!(stats: stats)`: the combatant's stats (`stats::STATS`), read from a
///   saved sheet (`stats::from_sheet(c, derived)`) and set on joining (`stats::join`).
macro_rules! fight_home {
    (menu: $words:path, $option:path) => {
        fn players_menu(&self) -> &'static [crate::encounters::MenuWords] {
            $words
        }

        fn players_option(&self, action: &str, param: &str) -> Option<crate::encounters::OptionWords> {
            $option(action, param)
        }
    };
    (stats: $stats:ident) => {
        fn stats(&self) -> &'static [crate::encounters::StatSpec] {
            &$stats::STATS
        }

        fn stats_from_sheet(
            &self,
            c: &crate::characters::Character,
            derived: &crate::sheets::Derived,
        ) -> std::collections::BTreeMap<String, i64> {
            $stats::from_sheet(c, derived)
        }

        fn join(&self, c: &mut crate::encounters::Combatant) {
            $stats::join(c);
        }
    };
}

pub mod amtgard;
pub mod ars_magica;
pub mod mlaf;
pub mod mythcraft;
pub mod primal_wild;

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

    /// What the system's game master's screen holds, panel by panel, as shipped: the
    /// tables and rules its fights need most. A GM's own screen starts from it.
    fn screen(&self) -> Vec<crate::screen::ScreenPanel> {
        Vec::new()
    }

    /// How this system runs a fight (initiative, turns, damage, what it tracks), for
    /// encounters. None for a system Tome does not run encounters for yet.
    fn encounter(&self) -> Option<&'static dyn EncounterRules> {
        None
    }

    /// The recovery track its sheets keep, for wounds healing over time (Ars Magica's
    /// Recovery rolls). None by default.
    fn recovery(&self) -> Option<&'static dyn crate::sheets::recovery::Recovery> {
        None
    }

    /// The row a table's own rule gives for `n` past its printed rows (Ars Magica's
    /// Damage Table: each Size above +3 widens every range by one), or `None`.
    fn table_row_beyond(&self, _table: &crate::model::Table, _n: i64) -> Option<crate::model::TableRow> {
        None
    }

    /// What the rules work out from an adversary's stat block for the library (each
    /// number with its terms), and what they refuse ([`AdversaryCheck::refuse`], naming
    /// the stat), for the kind of encounter `mode` (empty: the usual one). `stats` holds
    /// every stat that kind's tracker uses, given or at its default, each within its range;
    /// `attacks`, its written attacks and spells. Nothing by default.
    fn check_adversary(
        &self,
        _mode: &str,
        _stats: &BTreeMap<String, i64>,
        _attacks: &[crate::adversaries::AdversaryAttack],
        _out: &mut AdversaryCheck,
    ) {
    }

    /// A roster position as one who plays it holds it, `stat` reading his numbers (a
    /// character's sheet, an adversary's stat block): MLAF's skills at the caster's level,
    /// not a rookie's "Level 1". `None`: as the roster writes it. The one source for every
    /// place that prints a played position (the library, the PDF sheet, the foe cards).
    fn position_played(
        &self,
        _p: &crate::model::Position,
        _stat: &dyn Fn(&str) -> Option<i64>,
    ) -> Option<crate::model::Position> {
        None
    }

    /// How actors of the system's Foundry VTT system are read into Tome and written back
    /// (`src/systems/<system>/foundry.rs`); None for a system with no Foundry system Tome
    /// can target.
    fn foundry(&self) -> Option<&'static dyn crate::foundry::Mapping> {
        None
    }

    /// Every kind of encounter the system runs, its usual one first (Primal Wild: a
    /// fight, and the Duel Arcane). By default, one `fight` by [`GameSystem::encounter`].
    fn encounter_modes(&self) -> Vec<EncounterMode> {
        self.encounter()
            .map(|rules| {
                vec![EncounterMode { name: "fight", label: "Fight", summary: "A fight by the system's rules", rules }]
            })
            .unwrap_or_default()
    }
}

/// One kind of encounter a system runs, with its rules.
#[derive(Clone, Copy)]
pub struct EncounterMode {
    /// The word `tome encounter new --mode` takes (`fight`, `duel`).
    pub name: &'static str,
    /// What the app calls it ("Duel Arcane").
    pub label: &'static str,
    pub summary: &'static str,
    pub rules: &'static dyn EncounterRules,
}

impl From<&EncounterMode> for crate::model::SystemMode {
    fn from(m: &EncounterMode) -> Self {
        crate::model::SystemMode { name: m.name.into(), label: m.label.into(), summary: m.summary.into() }
    }
}

/// Every game system, in Tome's order. The one registry: add a system here.
static REGISTRY: LazyLock<RwLock<Vec<&'static dyn GameSystem>>> = LazyLock::new(|| {
    RwLock::new(vec![
        &ars_magica::ArsMagica,
        &mythcraft::MythCraft,
        &amtgard::Amtgard,
        &mlaf::Mlaf,
        &primal_wild::PrimalWild,
    ])
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

/// The Foundry VTT mappings of every system that has one, in Tome's order.
pub fn foundry_mappings() -> Vec<&'static dyn crate::foundry::Mapping> {
    all().iter().filter_map(|s| s.foundry()).collect()
}

/// Every calculator, by system.
pub fn calculators() -> Vec<Calculator> {
    all().iter().flat_map(|s| s.calculators()).collect()
}

/// The calculator `system/name`.
///
/// # Errors
/// [`Error::NotFound`] naming the calculators the system has.
pub fn calculator(system: &str, name: &str) -> Result<Calculator> {
    let all = calculators();
    all.iter().find(|c| c.system == system && c.name == name).cloned().ok_or_else(|| {
        let suggestions = all.iter().filter(|c| c.system == system).map(|c| c.name.to_string()).collect();
        Error::NotFound { what: "calculator", id: format!("{system}/{name}"), suggestions }
    })
}

/// Runs `system/name` with raw `--param value` pairs.
pub fn calculate(book: &dyn Rulebook, system: &str, name: &str, values: BTreeMap<String, String>) -> Result<Outcome> {
    let calc = calculator(system, name)?;
    let inputs = Inputs::new(calc.params, values)?;
    (calc.run)(&inputs, book)
}

/// The sheet layout of `system`, built once per system.
///
/// # Errors
/// [`Error::NotFound`](crate::Error::NotFound) naming the systems that have sheets.
pub fn layout(system: &str) -> Result<&'static SheetLayout> {
    static BUILT: LazyLock<Mutex<HashMap<&'static str, &'static SheetLayout>>> = LazyLock::new(Default::default);
    let sys = require(system)?;
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    Ok(*built.entry(sys.id()).or_insert_with(|| Box::leak(Box::new(sys.sheet_layout()))))
}

/// The derived stats and warnings of `c`, saved or not.
///
/// # Errors
/// Only content errors: what the player wrote never makes deriving fail.
pub fn derive(book: &dyn Rulebook, c: &Character) -> Result<Derived> {
    let system = require(&c.system)?;
    let layout = layout(&c.system)?;
    let mut out = Derived::default();
    let mut r = Reader::new(layout, c);
    system.derive(book, c, &mut r, &mut out)?;
    // Range warnings come first: they are beside the fields the player is typing in.
    let mut warnings = r.into_warnings();
    warnings.append(&mut out.warnings);
    out.warnings = warnings;
    out.trackers = system.trackers(c, &out, layout);
    out.labels = c.values.keys().map(|k| (k.clone(), layout.label(k))).collect();
    Ok(out)
}

/// What the sheet of `system` calls `field` (see [`SheetLayout::label`]); the key
/// itself for a system without a sheet.
pub fn field_label(system: &str, field: &str) -> String {
    layout(system).map_or_else(|_| field.to_string(), |l| l.label(field))
}

/// The range that bounds `field` on a sheet of `system`, if the system's sheet gives it
/// one (see [`SheetLayout::spec`]); free fields have none. Saves check values with it.
pub fn field_spec(system: &str, field: &str) -> Option<FieldSpec> {
    layout(system).ok()?.spec(field)
}

/// What `field` on a sheet of `system` may hold, as `tome character set` holds it (see
/// [`SheetLayout::rule`]). Saves, imports and restores check values with it.
pub fn field_rule(system: &str, field: &str) -> crate::characters::fields::FieldRule {
    layout(system).map_or(crate::characters::fields::FieldRule::Free, |l| l.rule(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(system: &str, field: &str) -> Option<FieldSpec> {
        field_spec(system, field)
    }

    #[test]
    fn exact_names_and_prefixes() {
        assert_eq!(spec("ars-magica", "strength").map(|s| (s.min, s.max)), Some((-10, 10)));
        assert_eq!(spec("ars-magica", "ability.brawl").map(|s| (s.min, s.max)), Some((0, 30)));
        assert_eq!(spec("ars-magica", "ability."), None, "a prefix alone is not a field");
        assert_eq!(spec("mythcraft", "ability.brawl"), None, "families belong to one system");
        assert_eq!(spec("ars-magica", "notes"), None, "text fields have no range");
    }
}
