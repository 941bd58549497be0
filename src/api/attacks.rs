//! Written attacks, used by name (issue 72): a combatant's attacks as its character's
//! sheet writes them ("Short sword: +5, 1d6+2 sharp, melee, 2 AP") or as its adversary's
//! stat block did when it joined, each with what it fills in of the system's attack.
//! One path for all who use them: the phone's menu ([`Tome::table_menu`]), the app's
//! form (the board's `attacks`), the command line's `--with` and a console
//! ([`Tome::combatant_attack`]) all read them here, and the system reads the numbers
//! (`EncounterRules::attack_inputs`, MythCraft's `WrittenAttack::parse`).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::characters::Character;
use crate::encounters::{AdversaryAttack, Combatant, EncounterRules, MenuGroup, SheetAction};
use crate::error::{Error, Found, Result};
use crate::Tome;

/// Where a written attack is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackFrom {
    /// The combatant's character's sheet, as it is saved now.
    Sheet,
    /// Its adversary's stat block, as it was when it joined.
    Library,
}

/// A combatant's written attack, and the action it fills in. The board lists these as
/// a combatant's `attacks` (the app's form reads `action` and `inputs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackUse {
    /// As written ("Short sword"); a sheet's line without a name is "Attack 2".
    pub name: String,
    /// Its numbers as written ("+5, 1d6+2 sharp, melee, 2 AP").
    pub numbers: String,
    /// The reference entry it is, when it names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
    pub from: AttackFrom,
    /// The system's action the numbers fill in (MythCraft's `attack`); `None` where they
    /// fill in nothing (Ars Magica reads its totals from the stats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<&'static str>,
    /// Those inputs, by parameter name: what `tome encounter act … --with` and the
    /// phone send.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub inputs: BTreeMap<String, String>,
    /// As the phone's button says it: "Attack with Short sword" ("Attack 2" unnamed).
    pub label: String,
}

impl AttackUse {
    fn new(rules: &dyn EncounterRules, a: &AdversaryAttack, from: AttackFrom) -> AttackUse {
        let (action, inputs) = rules.attack_inputs(&a.numbers).map_or((None, BTreeMap::new()), |(a, i)| (Some(a), i));
        let unnamed =
            a.name.strip_prefix("Attack ").is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let label = if unnamed { a.name.clone() } else { format!("Attack with {}", a.name) };
        AttackUse {
            name: a.name.clone(),
            numbers: a.numbers.clone(),
            entry: a.entry.clone(),
            from,
            action,
            inputs,
            label,
        }
    }

    /// As the phone's menu lists it, before the system's other actions.
    pub(super) fn sheet_action(&self) -> Option<SheetAction> {
        Some(SheetAction {
            label: self.label.clone(),
            action: self.action?,
            group: MenuGroup::Attack,
            preset: self.inputs.clone(),
            hint: self.numbers.clone(),
        })
    }
}

impl Tome {
    /// Combatant `c`'s written attacks: its character's sheet's as saved now, then its
    /// adversary's as it joined.
    ///
    /// # Errors
    /// Its character's sheet does not read (damage): never an empty list in its place.
    pub(crate) fn attacks_of(&self, rules: &dyn EncounterRules, c: &Combatant) -> Result<Vec<AttackUse>> {
        let sheet = match c.character {
            Some(id) => self.character(id).found()?,
            None => None,
        };
        Ok(written(rules, c, sheet.as_ref()))
    }

    /// Every combatant's written attacks in `state`, by name: read before a board is drawn
    /// ([`super::encounters::view`]), so a sheet that does not read fails the read.
    ///
    /// # Errors
    /// As [`Tome::attacks_of`].
    pub(crate) fn attacks_in(
        &self,
        rules: &dyn EncounterRules,
        state: &crate::encounters::State,
    ) -> Result<std::collections::BTreeMap<String, Vec<AttackUse>>> {
        state.combatants.iter().map(|c| Ok((c.name.clone(), self.attacks_of(rules, c)?))).collect()
    }

    /// The attacks written for combatant `name` of encounter `id`, each with the action
    /// its numbers fill in.
    ///
    /// # Errors
    /// No such encounter or combatant.
    pub fn combatant_attacks(&self, id: i64, name: &str) -> Result<Vec<AttackUse>> {
        let (_, rules, state) = self.encounter_now(id)?;
        let c = &state.combatants[state.find(name)?];
        self.attacks_of(rules, c)
    }

    /// Combatant `name`'s written attack called `with` (case aside), or with `None` its
    /// only one: the action it is and its inputs filled in from its numbers, what
    /// `tome encounter act ENC attack NAME --with "Short sword"` sends.
    ///
    /// # Errors
    /// No such encounter or combatant; no written attack of that name ("did you mean"
    /// lists the combatant's); `None` with no written attack, or several; an attack whose
    /// numbers fill in no action.
    pub fn combatant_attack(&self, id: i64, name: &str, with: Option<&str>) -> Result<AttackUse> {
        let (_, rules, state) = self.encounter_now(id)?;
        let c = &state.combatants[state.find(name)?];
        pick_attack(&c.name, self.attacks_of(rules, c)?, with)
    }

    /// The action a written attack fills in, in encounter `id`'s system (`None` where
    /// written attacks fill in nothing): what `--with` may be given to.
    ///
    /// # Errors
    /// No such encounter.
    pub fn encounter_written_action(&self, id: i64) -> Result<Option<&'static str>> {
        let row = self.db.encounter_row(id)?;
        Ok(Tome::encounter_rules(&row)?.written_action())
    }

    /// The inputs of action `action` by combatant `name` in encounter `id`, `typed` filled
    /// out from a written attack: the one called `with`; with `None`, the combatant's only
    /// written attack when the damage is not typed (`dice`, `amount`, `also`). What is
    /// typed wins over what is written. The attack used, and the inputs.
    ///
    /// # Errors
    /// What [`Tome::combatant_attack`] refuses; `with` given to an action no written attack
    /// fills in; no damage typed and several written attacks to choose from.
    pub fn written_inputs(
        &self,
        id: i64,
        action: &str,
        name: Option<&str>,
        with: Option<&str>,
        typed: BTreeMap<String, String>,
    ) -> Result<(Option<AttackUse>, BTreeMap<String, String>)> {
        let fills = self.encounter_written_action(id)?.is_some_and(|a| a.eq_ignore_ascii_case(action));
        let Some(name) = name else {
            return match with {
                Some(_) => Err(Error::InvalidInput(
                    "--with names a written attack of the combatant acting: name it first (`act ENC attack NAME --with \"Short sword\"`)".into(),
                )),
                None => Ok((None, typed)),
            };
        };
        let used = match with {
            Some(_) if !fills => {
                return Err(Error::InvalidInput(format!(
                    "--with fills in {}, not `{action}`",
                    self.encounter_written_action(id)?
                        .map_or("no action in this system".into(), |a| format!("the `{a}` action"))
                )))
            }
            Some(w) => Some(self.combatant_attack(id, name, Some(w))?),
            None if !fills || ["dice", "amount", "also"].iter().any(|k| typed.contains_key(*k)) => None,
            None => {
                let mut all = self.combatant_attacks(id, name)?;
                all.retain(|a| a.action.is_some_and(|x| x.eq_ignore_ascii_case(action)));
                match all.len() {
                    0 => None,
                    1 => all.pop(),
                    _ => {
                        return Err(Error::InvalidInput(format!(
                            "{name} has {} written attacks: name one with --with ({}), or type the damage (--dice, --amount)",
                            all.len(),
                            all.iter().map(|a| format!("\"{}\"", a.name)).collect::<Vec<_>>().join(", ")
                        )))
                    }
                }
            }
        };
        let mut inputs = used.as_ref().map(|a| a.inputs.clone()).unwrap_or_default();
        inputs.extend(typed);
        Ok((used, inputs))
    }
}

/// Combatant `c`'s written attacks: those of `sheet` (its character's, when it has one),
/// then its adversary's as it joined.
pub(crate) fn written(rules: &dyn EncounterRules, c: &Combatant, sheet: Option<&Character>) -> Vec<AttackUse> {
    let sheet = sheet.map(|ch| rules.written_attacks(ch)).unwrap_or_default();
    let sheet = sheet.iter().map(|a| AttackUse::new(rules, a, AttackFrom::Sheet));
    sheet.chain(c.attacks.iter().map(|a| AttackUse::new(rules, a, AttackFrom::Library))).collect()
}

/// The attack of `attacks` (combatant `who`'s) called `with`, or the only one.
fn pick_attack(who: &str, mut attacks: Vec<AttackUse>, with: Option<&str>) -> Result<AttackUse> {
    let names = || attacks.iter().map(|a| a.name.clone()).collect::<Vec<_>>();
    let found = match with.map(str::trim) {
        Some(w) => {
            if attacks.is_empty() {
                return Err(Error::InvalidInput(format!(
                    "{who} has no written attack, so none called `{w}` (a sheet's \"Short sword: +5, 1d6+2 sharp, melee, 2 AP\", or its stat block's)"
                )));
            }
            let Some(i) = attacks.iter().position(|a| a.name.eq_ignore_ascii_case(w)) else {
                return Err(Error::NotFound { what: "written attack", id: w.to_string(), suggestions: names() });
            };
            attacks.swap_remove(i)
        }
        None => match attacks.len() {
            1 => attacks.remove(0),
            0 => {
                return Err(Error::InvalidInput(format!(
                    "{who} has no written attack (a sheet's \"Short sword: +5, 1d6+2 sharp, melee, 2 AP\", or its stat block's): give the attack's numbers"
                )))
            }
            _ => {
                return Err(Error::InvalidInput(format!(
                    "{who} has {} written attacks: name one with --with ({})",
                    attacks.len(),
                    names().join(", ")
                )))
            }
        },
    };
    if found.action.is_none() {
        return Err(Error::InvalidInput(format!(
            "{who}'s {} (\"{}\") fills in no action: its numbers say nothing Tome uses",
            found.name, found.numbers
        )));
    }
    Ok(found)
}
