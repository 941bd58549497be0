//! What the board shows of a player, and what lasts on the sheet after the fight.

use std::collections::BTreeMap;

use super::board::*;
use super::enchant::magic_sources;
use crate::encounters::Combatant;

pub(super) fn view(c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    m.insert("lives".into(), c.stat("lives").into());
    m.insert("lives_left".into(), lives_left(c).into());
    m.insert("dead".into(), dead(c).into());
    m.insert("out_of_lives".into(), (dead(c) && lives_left(c) == 0).into());
    let armor: serde_json::Map<String, serde_json::Value> =
        LOCATION_NAMES.iter().map(|l| (l.to_string(), c.value(&armor_key(l)).into())).collect();
    m.insert("armor".into(), armor.into());
    let wounds: Vec<serde_json::Value> =
        LOCATION_NAMES.iter().filter(|l| c.value(&wound_key(l)) > 0).map(|l| (*l).into()).collect();
    m.insert("wounds".into(), wounds.into());
    let enchantments: Vec<serde_json::Value> = c
        .marks(ENCHANTMENTS)
        .map(|e| {
            let mut words = vec![if e.flagged("magical") { "m" } else { "ex" }.to_string()];
            if e.number("magic-armor") > 0 {
                words.push(format!("Magic Armor {}", e.number("magic-armor")));
            }
            if e.number("strips") > 0 {
                words.push(plural(e.number("strips"), "strip"));
            }
            words.extend(e.flags.iter().filter(|f| *f == "persistent" || *f == "inactive").cloned());
            format!("{} ({})", e.name, words.join(", ")).into()
        })
        .collect();
    m.insert("enchantments".into(), enchantments.into());
    let traits: Vec<serde_json::Value> = c
        .marks(TRAIT_STATES)
        .map(|t| if t.flagged("spent") { format!("{} (spent this life)", t.name) } else { t.name.clone() }.into())
        .collect();
    if !traits.is_empty() {
        m.insert("trait_states".into(), traits.into());
    }
    if has_shield(c) {
        let shield = if c.value("shield-destroyed") > 0 {
            "destroyed".to_string()
        } else if c.value("shield-hits") > 0 {
            format!("damaged ({} crushing hits)", c.value("shield-hits"))
        } else {
            "intact".to_string()
        };
        m.insert("shield".into(), shield.into());
    }
    let abilities = super::uses::view(c);
    if !abilities.is_empty() {
        m.insert("abilities".into(), abilities.into());
    }
    if let Some(from) = c.marks(super::life::DEATH_AVOIDED).next() {
        m.insert("death_avoided".into(), format!("{}: every wound goes when Frozen ends", from.name).into());
    }
    if c.value("weapon-destroyed") > 0 {
        m.insert("weapons_destroyed".into(), c.value("weapon-destroyed").into());
    }
    m
}

/// The board as read at `now`: a State whose seconds ran out shows as expired, with the
/// call the player must make, and what its end brings (an avoided death's wounds gone),
/// before any change removes it.
pub(super) fn view_at(c: &Combatant, now: i64) -> serde_json::Map<String, serde_json::Value> {
    let gone = super::states::run_out(c, now);
    if gone.is_empty() {
        return view(c);
    }
    // Read as the next change will find it: the expired States off, what follows done.
    let mut after = c.clone();
    after.conditions.retain(|x| !gone.iter().any(|g| g.name == x.name));
    super::life::after_frozen(&mut after);
    let mut m = view(&after);
    let names: Vec<serde_json::Value> = gone.iter().map(|x| x.name.clone().into()).collect();
    m.insert("expired".into(), names.into());
    let calls: Vec<serde_json::Value> = gone
        .iter()
        .filter(|x| super::states::expired(c, x).is_some())
        .map(|x| format!("\"No longer {}\", audible to 20 feet", x.name).into())
        .collect();
    if !calls.is_empty() {
        m.insert("calls".into(), calls.into());
    }
    m
}

/// The worn armour left on each location (Magic Armor is not written to the sheet).
pub(super) fn lasting(c: &Combatant) -> BTreeMap<String, i64> {
    if !magic_sources(c).is_empty() {
        return BTreeMap::new();
    }
    LOCATION_NAMES.iter().map(|l| (format!("armor.{l}"), c.value(&armor_key(l)))).collect()
}
