//! What a spellcaster knows: his roster position's racial spell and the open spells he
//! learned. A racial spell can't be learned by another race (line 172).

use super::*;
use crate::model::Position;

/// A starting skill as a caster of `level` holds it (line 7's table writes a rookie's):
/// "Level 1" and "L-1" name the level, so a level 3 caster's read "Level 3"; any other
/// skill is itself.
pub fn skill_at_level(skill: &str, level: i64) -> String {
    for prefix in ["Level ", "L-"] {
        if let Some(n) = skill.strip_prefix(prefix) {
            if n.parse::<i64>().is_ok() {
                return format!("{prefix}{level}");
            }
        }
    }
    skill.to_string()
}

/// A roster position as a caster of `level` plays it: its skills at his level
/// ([`skill_at_level`]).
pub fn position_at_level(p: &Position, level: i64) -> Position {
    Position { skills: p.skills.iter().map(|k| skill_at_level(k, level)).collect(), ..p.clone() }
}

/// A caster's roster position and the spells he knows.
#[derive(Debug, Clone, PartialEq)]
pub struct Known {
    pub position_id: String,
    pub position: String,
    pub race: String,
    /// (id, name) of the position's racial spell, first, then the open spells.
    pub spells: Vec<(String, String)>,
    pub racial: Option<String>,
    /// The position's starting skills, as the roster writes them (`Blk`, `Level 1`).
    pub skills: Vec<String>,
}

/// The roster position `raw` names (a name or an id). A name two races' rosters share
/// (Black Mage: Khemri and Undead, lines 22 and 32) is refused with the choices rather
/// than read as the first; "Black Mage (Undead)" or the id names one.
///
/// # Errors
/// [`Error::InvalidInput`] for a shared name; [`Error::NotFound`] for no position.
pub(crate) fn position_entry(tome: &dyn Rulebook, raw: &str) -> Result<crate::model::Entry> {
    let wanted = crate::search::normalize(raw);
    let same: Vec<_> = tome
        .list(Kind::Position, Some(SYSTEM))?
        .into_iter()
        .filter(|i| crate::search::normalize(&i.name) == wanted)
        .collect();
    if same.len() > 1 {
        let mut choices = Vec::new();
        for item in &same {
            let e = tome.show(&item.id)?;
            let race = match &e.detail {
                Some(Detail::Position(p)) => p.race.clone(),
                _ => String::new(),
            };
            choices.push(format!("{} ({race}), {}", e.name, e.id));
        }
        return Err(Error::InvalidInput(format!(
            "`{}` is a position on {} rosters: {}; name the one meant, with its race in brackets or by its id",
            raw.trim(),
            same.len(),
            choices.join("; ")
        )));
    }
    resolve_entry(tome, SYSTEM, Kind::Position, raw)
}

/// The position `raw` names, and the spells a caster in it knows when he has learned
/// `learned` (names or ids).
///
/// # Errors
/// [`Error::NotFound`] for a position or spell the content does not hold;
/// [`Error::InvalidInput`] for another race's racial spell.
pub(crate) fn roster_spells(tome: &dyn Rulebook, raw: &str, learned: &[&str]) -> Result<Known> {
    let e = position_entry(tome, raw)?;
    let Some(Detail::Position(Position { race, spell_id, spell, skills, .. })) = e.detail else {
        return Err(Error::InvalidInput(format!("`{raw}` is not an MLAF roster position")));
    };
    let mut spells = Vec::new();
    if let (Some(id), Some(name)) = (&spell_id, &spell) {
        spells.push((id.clone(), name.clone()));
    }
    for want in learned.iter().map(|w| w.trim()).filter(|w| !w.is_empty()) {
        let (s, detail) = spell_detail(tome, want)?;
        if detail.list == "racial" && Some(&s.id) != spell_id.as_ref() {
            return Err(Error::InvalidInput(format!(
                "{} is a racial spell ({}): a {} ({race}) cannot learn it",
                s.name,
                detail.restriction.as_deref().unwrap_or("its own race alone"),
                e.name
            )));
        }
        if !spells.iter().any(|(id, _)| *id == s.id) {
            spells.push((s.id, s.name));
        }
    }
    Ok(Known { position_id: e.id, position: e.name, race, spells, racial: spell_id, skills })
}
