//! Dark Initiation: the mutation table.

use super::*;

/// What the Dark Gods do with a player presented to them.
#[derive(Debug, Clone, PartialEq)]
pub struct MutationRoll {
    pub roll: i64,
    /// The mutation rolled (also when it kills him because he already has it).
    pub mutation: Option<String>,
    pub dies: bool,
    pub misses_next_game: bool,
    pub terms: Vec<Term>,
}

/// Folds case, apostrophes and a plural "s" so "Claws" matches "Claw".
pub(super) fn mutation_key(s: &str) -> String {
    crate::search::normalize(s).split(' ').map(|w| w.strip_suffix('s').unwrap_or(w)).collect::<Vec<_>>().join(" ")
}

/// The mutation names of the shipped table (rows 1 to 15), in order.
pub fn mutation_names(tome: &dyn Rulebook) -> Result<Vec<String>> {
    let table = tome.table(MUTATION_TABLE, None)?;
    Ok(table
        .rows
        .iter()
        .filter(|r| r.roll.is_some_and(|[lo, hi]| lo == hi && lo <= 15))
        .filter_map(|r| r.cells.get(1).cloned())
        .collect())
}

/// Reads row `roll` (1 to 20) of the shipped mutation table for a player who already
/// has the mutations `has` (names as the table spells them, plural or singular).
///
/// # Errors
/// [`Error::InvalidInput`] for a roll outside 1 to 20 or a name not on the table.
pub fn mutation(tome: &dyn Rulebook, roll: i64, has: &[String]) -> Result<MutationRoll> {
    check("--roll (1d20 on the mutation table)", roll, (1, 20))?;
    let names = mutation_names(tome)?;
    let keys: Vec<String> = names.iter().map(|n| mutation_key(n)).collect();
    let mut held = Vec::new();
    for h in has {
        let k = mutation_key(h);
        if !keys.contains(&k) {
            return Err(Error::InvalidInput(format!(
                "--has: `{h}` is not on the mutation table ({})",
                names.join(", ")
            )));
        }
        held.push(k);
    }
    let table = tome.table(MUTATION_TABLE, Some(roll))?;
    let row = table.rows.first().ok_or_else(|| Error::InvalidInput(format!("no mutation table row for {roll}")))?;
    let cell = row.cells.get(1).cloned().unwrap_or_default();
    let mut terms = vec![Term::text(format!("Mutation table, 1d20 = {roll}"), cell.clone(), Some(MUTATION_TABLE))];
    let no_saving = Term::text("No apothecary, card or Regeneration can prevent it", "-", Some(DARK_INITIATION));
    if roll >= 16 {
        terms.push(Term::text("16 to 20: the player dies in the ritual", "dead", Some(DARK_INITIATION)));
        terms.push(no_saving);
        return Ok(MutationRoll { roll, mutation: None, dies: true, misses_next_game: false, terms });
    }
    if held.contains(&mutation_key(&cell)) {
        terms.push(Term::text(format!("He already has {cell}: the ritual kills him"), "dead", Some(DARK_INITIATION)));
        terms.push(no_saving);
        return Ok(MutationRoll { roll, mutation: Some(cell), dies: true, misses_next_game: false, terms });
    }
    terms.push(Term::text("1 to 15: he gains it and sits out the next game", "MNG", Some(DARK_INITIATION)));
    terms.push(no_saving);
    Ok(MutationRoll { roll, mutation: Some(cell), dies: false, misses_next_game: true, terms })
}
