//! A duelist's Arcana as tracked: which is Sword and Shield, the psychic damage on each,
//! and how long each has rested from attacking.

use super::super::ARCANA;
use crate::encounters::Combatant;
use crate::error::{Error, Result};
use crate::systems::primal_wild::rules::{clash_pool, ClashInput, ClashPool};

pub(super) fn arcanum_index(name: &str) -> i64 {
    ARCANA.iter().position(|a| *a == name).map_or(0, |i| i as i64 + 1)
}

pub(super) fn arcanum_at(n: i64) -> Option<&'static str> {
    usize::try_from(n - 1).ok().and_then(|i| ARCANA.get(i)).copied()
}

pub(super) fn sword(c: &Combatant) -> Option<&'static str> {
    arcanum_at(c.value("sword"))
}

pub(super) fn shield(c: &Combatant) -> Option<&'static str> {
    arcanum_at(c.value("shield"))
}

pub(super) fn psychic(arcanum: &str) -> String {
    format!("psychic-{arcanum}")
}

pub(super) fn rest(arcanum: &str) -> String {
    format!("rest-{arcanum}")
}

pub(super) fn pool_of(c: &Combatant, distraction: i64) -> Result<ClashPool> {
    let sword = sword(c).ok_or_else(|| no_arms(c))?;
    clash_pool(ClashInput {
        gnosis: c.stat("gnosis"),
        sword: c.stat(sword),
        unused: c.value(&rest(sword)).clamp(0, 100),
        sustaining: c.stat("sustaining") > 0,
        distraction,
    })
}

pub(super) fn no_arms(c: &Combatant) -> Error {
    Error::InvalidInput(format!(
        "{} has no Sword and Shield yet: they take up arms first, naming an Arcanum for each",
        c.name
    ))
}

/// A duelist's Willpower points now. They live in the stat itself, so a game master's
/// `set NAME willpower N` changes the pool the duel spends from.
pub(super) fn willpower(c: &Combatant) -> i64 {
    c.stat("willpower")
}

pub(super) fn set_willpower(c: &mut Combatant, n: i64) {
    c.stats.insert("willpower".into(), n);
}
