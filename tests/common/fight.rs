//! What the encounter tests share: stats and typed initiative from pairs, a combatant of
//! a view by name, an action with Tome's dice seeded, and the log's last entry.

use std::collections::BTreeMap;

use serde_json::Value;
use tome::api::EncounterView;
use tome::Tome;

/// Stats (or any key → number map) from `("key", n)` pairs.
pub fn stats(pairs: &[(&str, i64)]) -> BTreeMap<String, i64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// Initiative typed for the start, by name.
pub fn typed(pairs: &[(&str, i64)]) -> Vec<(String, i64)> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// The combatant called `name` in `view` (a panic naming it when it is not there).
pub fn combatant<'a>(view: &'a EncounterView, name: &str) -> &'a Value {
    view.combatants.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name} in {view:#?}"))
}

/// `action` by `name` (none when empty) with `inputs`, Tome's dice seeded with 1.
pub fn act(t: &mut Tome, e: i64, action: &str, name: &str, inputs: &[(&str, &str)]) -> tome::Result<EncounterView> {
    let inputs = inputs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    t.encounter_act(e, action, Some(name).filter(|n| !n.is_empty()), inputs, Some(1))
}

/// The lines of the log's last entry, one string.
pub fn last_log(t: &Tome, e: i64) -> String {
    t.encounter_log(e).unwrap().last().unwrap().lines.join("\n")
}
