//! What a saved character's sheet brings into a fight beyond its stats (issue 72: "a
//! sheet enters the fight whole"): the marks it holds (Amtgard's worn enchantments, with
//! the Magic Armor they grant), the conditions it holds (Amtgard's States) and values the
//! fight tracks (the armour points left on each location). Read by Tome from the sheet
//! as the character joins ([`super::NewCombatant::brought`]) and when its sheet is saved
//! mid-fight ([`SheetDiff`], which the system's `sheet` action applies), and kept in the
//! events, so a replay needs no sheet.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{ActiveCondition, Combatant, ConditionRef, Duration, Mark};

/// What a sheet brings, as [`super::EncounterRules::sheet_brings`] reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetBrings {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
    /// On the combatant as the sheet has them: not gained (no rule refuses what the
    /// sheet says the character has), until removed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<ConditionRef>,
    /// Tracked values, set once the system's `join` has set its own.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, i64>,
    /// Marks the sheet lists that fail on the character as the sheet stands (Amtgard: an
    /// enchantment granting Magic Armor on a player in worn armour): never placed, and
    /// not placed by a later save that still lists them ([`SheetDiff::between`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<Mark>,
}

impl SheetBrings {
    /// Puts it on `c`, which has just joined.
    pub(crate) fn place(&self, c: &mut Combatant) {
        c.marks.extend(self.marks.iter().cloned());
        for x in &self.held {
            hold(c, x);
        }
        for (k, v) in &self.values {
            c.set(k, *v);
        }
    }
}

fn hold(c: &mut Combatant, x: &ConditionRef) {
    if c.conditions.iter().any(|y| y.name.eq_ignore_ascii_case(&x.name)) {
        return;
    }
    c.conditions.push(ActiveCondition {
        id: x.id.clone(),
        name: x.name.clone(),
        duration: Duration::UntilRemoved,
        remaining: None,
        expires_at: None,
    });
}

/// What a save of a sheet changes of its combatant: the stats and values that changed,
/// the marks and conditions the sheet no longer holds and those it holds now. What the
/// fight changed that the save did not is left as the fight has it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetDiff {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i64>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, i64>,
    /// Marks taken off, by list and name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks_off: Vec<(String, String)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks_on: Vec<Mark>,
    /// Conditions taken off, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held_off: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held_on: Vec<ConditionRef>,
    /// Marks the sheet lists that do not come on, by name: failing now, or having failed
    /// when they came and still listed (what failed takes hold only when put on again).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<String>,
    /// All the values the sheet now gives, changed or not, when marks come on: a mark may
    /// start what they measure afresh (Amtgard's Magic Armor replaces the worn armour and
    /// what it lost), and the system's `sheet` action then takes them whole.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values_now: BTreeMap<String, i64>,
}

impl SheetDiff {
    /// From a sheet's `before` to its `after` (each its stats and what it brings).
    pub fn between(
        before: (&BTreeMap<String, i64>, &SheetBrings),
        after: (&BTreeMap<String, i64>, &SheetBrings),
    ) -> SheetDiff {
        let changed = |old: &BTreeMap<String, i64>, new: &BTreeMap<String, i64>| -> BTreeMap<String, i64> {
            new.iter().filter(|(k, v)| old.get(*k) != Some(v)).map(|(k, v)| (k.clone(), *v)).collect()
        };
        let (b, a) = (before.1, after.1);
        let named =
            |list: &[Mark], m: &Mark| list.iter().any(|x| x.list == m.list && x.name.eq_ignore_ascii_case(&m.name));
        // A mark that failed and is still listed has not been put on again: it stays off.
        let failed = |m: &Mark| named(&b.refused, m) && !named(&b.marks, m);
        // A mark whose numbers or flags changed goes off (by its name) and on again.
        let marks_off =
            b.marks.iter().filter(|m| !a.marks.contains(m)).map(|m| (m.list.clone(), m.name.clone())).collect();
        let marks_on: Vec<Mark> = a.marks.iter().filter(|m| !b.marks.contains(m) && !failed(m)).cloned().collect();
        let refused = a
            .refused
            .iter()
            .filter(|m| !named(&b.refused, m))
            .chain(a.marks.iter().filter(|m| failed(m)))
            .map(|m| m.name.clone())
            .collect();
        let held = |list: &[ConditionRef], x: &ConditionRef| list.iter().any(|y| y.name.eq_ignore_ascii_case(&x.name));
        SheetDiff {
            stats: changed(before.0, after.0),
            values: changed(&b.values, &a.values),
            marks_off,
            held_off: b.held.iter().filter(|x| !held(&a.held, x)).map(|x| x.name.clone()).collect(),
            held_on: a.held.iter().filter(|x| !held(&b.held, x)).cloned().collect(),
            values_now: if marks_on.is_empty() { BTreeMap::new() } else { a.values.clone() },
            marks_on,
            refused,
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == SheetDiff::default()
    }

    /// Applies it to `c`: what goes off first, then the stats, what comes on, and the
    /// values last (they are measured against the new stats and marks).
    pub fn apply(&self, c: &mut Combatant) {
        self.apply_putting_on(c, |c, m| c.marks.push(m.clone()));
    }

    /// [`Self::apply`], each mark that comes on put on by `put_on` (which may check it
    /// as the system's own action does, and refuse it).
    pub fn apply_putting_on(&self, c: &mut Combatant, mut put_on: impl FnMut(&mut Combatant, &Mark)) {
        c.marks.retain(|m| !self.marks_off.iter().any(|(l, n)| *l == m.list && n.eq_ignore_ascii_case(&m.name)));
        c.conditions.retain(|x| !self.held_off.iter().any(|n| n.eq_ignore_ascii_case(&x.name)));
        for (k, v) in &self.stats {
            c.stats.insert(k.clone(), *v);
        }
        for m in &self.marks_on {
            put_on(c, m);
        }
        for x in &self.held_on {
            hold(c, x);
        }
        for (k, v) in &self.values {
            c.set(k, *v);
        }
    }

    /// In words, for the log: "Stoneskin on, Cursed off, armor-torso 2".
    pub fn said(&self) -> String {
        let mut words: Vec<String> = Vec::new();
        words.extend(
            self.marks_off
                .iter()
                .filter(|(l, n)| !self.marks_on.iter().any(|m| m.list == *l && m.name == *n))
                .map(|(_, n)| format!("{n} off")),
        );
        words.extend(self.marks_on.iter().map(|m| format!("{} on", m.name)));
        words.extend(self.held_off.iter().map(|n| format!("{n} off")));
        words.extend(self.held_on.iter().map(|x| format!("{} on", x.name)));
        words.extend(self.refused.iter().map(|n| format!("{n} not on")));
        words.extend(self.stats.iter().chain(&self.values).map(|(k, v)| format!("{k} {v}")));
        if words.is_empty() {
            "nothing".into()
        } else {
            words.join(", ")
        }
    }
}

/// The save a system's sheet action ([`super::EncounterRules::sheet_action`]) brings in:
/// the [`SheetDiff`] Tome made of it and stored as the fact [`super::SHEET_FACT`]. Typed by
/// hand there is no save behind it: refused, saying what to do instead, whether combatant
/// `c` has a saved sheet or not (`by_hand`: the system's own actions that change it in the
/// fight alone).
///
/// # Errors
/// No save behind the action (or one that does not read).
pub fn saved_sheet(act: &super::Act<'_>, c: &Combatant, by_hand: &str) -> crate::error::Result<SheetDiff> {
    act.fact(super::SHEET_FACT).and_then(|j| serde_json::from_str(j).ok()).ok_or_else(|| {
        let name = &c.name;
        crate::error::Error::InvalidInput(match c.character {
            Some(_) => format!(
                "{name}'s sheet comes into the fight by itself each time it is saved (the app's sheet, or \
                 `tome character set`): there is nothing to bring by hand. To change {name} in this fight alone, \
                 use {by_hand}"
            ),
            None => format!(
                "{name} has no saved sheet to bring in (a combatant added by hand or from the library): use \
                 {by_hand}"
            ),
        })
    })
}
