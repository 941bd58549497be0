//! What the encounter tests share: stats and typed initiative from pairs, a saved
//! character with a few numbers on its sheet, a combatant of a view by name, an action
//! with Tome's dice seeded, the log's last entry, and the fights several files set up
//! alike (the Duel Arcane's Ada and Bram).

use std::collections::BTreeMap;

use serde_json::Value;
use tome::api::EncounterView;
use tome::characters::{Character, SheetValue};
use tome::Tome;

/// Stats (or any key → number map) from `("key", n)` pairs.
pub fn stats(pairs: &[(&str, i64)]) -> BTreeMap<String, i64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// Initiative typed for the start, by name.
pub fn typed(pairs: &[(&str, i64)]) -> Vec<(String, i64)> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// A character of `system` called `name`, saved with the sheet numbers `values`.
pub fn saved_character(t: &mut Tome, system: &str, name: &str, values: &[(&str, i64)]) -> Character {
    let mut c = t.create_character(system, name).unwrap();
    for (key, value) in values {
        c.values.insert(key.to_string(), SheetValue::Int(*value));
    }
    t.save_character(&c).unwrap()
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

/// A Duel Arcane called `name` between Ada (Gnosis 3, Forces 3, Prime 2, Willpower 5 of
/// 6) and Bram (Gnosis 2, Death 2, Mind 2, Prime 1, Willpower 4), not yet started.
pub fn ada_and_bram(t: &mut Tome, name: &str) -> i64 {
    let e = t.create_encounter_mode("primal-wild", name, Some("duel")).unwrap().id;
    t.encounter_add_npc(
        e,
        "Ada",
        1,
        stats(&[("gnosis", 3), ("forces", 3), ("prime", 2), ("wp", 5), ("willpower-dots", 6)]),
    )
    .unwrap();
    t.encounter_add_npc(e, "Bram", 1, stats(&[("gnosis", 2), ("death", 2), ("mind", 2), ("prime", 1), ("wp", 4)]))
        .unwrap();
    e
}

/// A MythCraft attack by `by` on `target`, its roll `roll` against a Defense of 10 for
/// `amount` damage: a melee attack of 1 AP unless `more` says otherwise (`("ap", "2")`,
/// `("range", "ranged")`), with what else it needs (`("type", "fire")`, a natural roll,
/// a crit), Tome's dice seeded with 1.
pub fn mythcraft_attack(
    t: &mut Tome,
    e: i64,
    by: &str,
    target: &str,
    roll: &str,
    amount: &str,
    more: &[(&str, &str)],
) -> tome::Result<EncounterView> {
    let mut inputs: BTreeMap<String, String> =
        [("target", target), ("roll", roll), ("defense", "10"), ("amount", amount), ("ap", "1"), ("range", "melee")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
    inputs.extend(more.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    t.encounter_act(e, "attack", Some(by), inputs, Some(1))
}
