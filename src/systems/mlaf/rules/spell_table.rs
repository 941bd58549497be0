//! The Spell Table.

use super::*;

/// What a roll on the Spell Table gives.
#[derive(Debug, Clone, PartialEq)]
pub struct SpellRoll {
    pub roll: i64,
    /// The spell learnt, or "choose a spell", or "increase your level by 1".
    pub spell: String,
    pub spell_id: Option<String>,
    /// The casting target printed in the table ("3+", "auto").
    pub success: String,
    pub level_up: bool,
    /// The spell rolled that the caster already knew (which became a level).
    pub duplicate: Option<String>,
    pub terms: Vec<Term>,
}

/// Reads row `roll` (3 to 18) of the shipped Spell Table. A spell already in
/// `known_ids` becomes a level increase.
///
/// # Errors
/// [`Error::InvalidInput`] for a roll outside 3 to 18.
pub fn spell_roll(tome: &dyn Rulebook, roll: i64, known_ids: &[String]) -> Result<SpellRoll> {
    check("--roll (3d6 on the Spell Table)", roll, (3, 18))?;
    let table = tome.table(SPELL_TABLE, Some(roll))?;
    let row = table.rows.first().ok_or_else(|| Error::InvalidInput(format!("no Spell Table row for {roll}")))?;
    let cell = |i: usize| row.cells.get(i).cloned().unwrap_or_default();
    let (name, success) = (cell(1), cell(2));
    let mut terms = vec![Term::text(format!("Spell Table, 3d6 = {roll}"), name.clone(), Some(SPELL_TABLE))];
    if success.eq_ignore_ascii_case("auto") {
        let level_up = name.contains("level");
        return Ok(SpellRoll { roll, spell: name, spell_id: None, success, level_up, duplicate: None, terms });
    }
    let entry = resolve_entry(tome, SYSTEM, Kind::Spell, &name)?;
    if known_ids.contains(&entry.id) {
        terms.push(Term::text(
            format!("{} is already known: +1 level instead", entry.name),
            "+1 level",
            Some(STAR_PLAYER_ROLLS),
        ));
        return Ok(SpellRoll {
            roll,
            spell: "increase your level by 1".into(),
            spell_id: None,
            success: "auto".into(),
            level_up: true,
            duplicate: Some(entry.name),
            terms,
        });
    }
    terms.push(Term::text(
        "Learnt at once; the target is for casting it later",
        success.clone(),
        Some(entry.id.as_str()),
    ));
    Ok(SpellRoll {
        roll,
        spell: entry.name,
        spell_id: Some(entry.id),
        success,
        level_up: false,
        duplicate: None,
        terms,
    })
}

/// The ways three d6 make `total` (of 216).
pub fn three_d6_ways(total: i64) -> i64 {
    let mut ways = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                if a + b + c == total {
                    ways += 1;
                }
            }
        }
    }
    ways
}

/// One result of the Spell Table and its chance.
#[derive(Debug, Clone, PartialEq)]
pub struct TableOdds {
    /// "choose a spell", a spell's name, or "increase your level by 1" (with every
    /// known spell folded in).
    pub result: String,
    /// The 3d6 totals that give it.
    pub rolls: Vec<i64>,
    /// Ways out of 216.
    pub ways: i64,
    pub probability: f64,
}

/// The chance of each Spell Table result for a caster who knows `known_ids`: a known
/// spell's rolls count as "+1 level", in table order with the level last.
pub fn spell_table_odds(tome: &dyn Rulebook, known_ids: &[String]) -> Result<(Vec<TableOdds>, Vec<Term>)> {
    let mut out: Vec<TableOdds> = Vec::new();
    let mut level = TableOdds { result: String::new(), rolls: Vec::new(), ways: 0, probability: 0.0 };
    let mut terms = Vec::new();
    for total in 3..=18 {
        let r = spell_roll(tome, total, known_ids)?;
        let ways = three_d6_ways(total);
        terms.push(Term::text(
            format!("3d6 = {total}: {ways} in 216"),
            match &r.duplicate {
                Some(d) => format!("{d} (known: +1 level)"),
                None => r.spell.clone(),
            },
            Some(SPELL_TABLE),
        ));
        if r.level_up {
            level.result = r.spell;
            level.rolls.push(total);
            level.ways += ways;
        } else {
            out.push(TableOdds { result: r.spell, rolls: vec![total], ways, probability: ways as f64 / 216.0 });
        }
    }
    level.probability = level.ways as f64 / 216.0;
    out.push(level);
    Ok((out, terms))
}
