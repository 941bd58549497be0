//! The d6 tables of single spells.

use super::*;

/// One row of a shipped d6 table: its first result cell.
pub(super) fn d6_row(tome: &dyn Rulebook, table: &str, roll: i64) -> Result<String> {
    let t = tome.table(table, Some(roll))?;
    Ok(t.rows.first().and_then(|r| r.cells.get(1).cloned()).unwrap_or_default())
}

/// A Soul in Chains at halftime: where the soul is.
#[derive(Debug, Clone, PartialEq)]
pub struct SoulRoll {
    /// The roll after the caster's -1 (never below 1).
    pub modified: i64,
    pub result: String,
    pub plays_second_half: bool,
    pub misses_next_match: bool,
    pub terms: Vec<Term>,
}

/// The halftime d6 for a soul in chains; `caster` is true when the spell failed and it
/// is the caster's own soul (his roll gets -1, which helps him).
pub fn soul_in_chains(tome: &dyn Rulebook, roll: i64, caster: bool) -> Result<SoulRoll> {
    check("--roll (the halftime d6)", roll, (1, 6))?;
    let mut terms = vec![Term::num("Halftime d6", roll, Some(SOUL_TABLE))];
    let modified = if caster {
        // The table starts at 1, so a 1 stays 1 and the term takes away nothing.
        let modified = (roll - 1).max(1);
        terms.push(Term::num(
            "The caster's own soul (failed spell): -1, not below 1",
            modified - roll,
            Some("mlaf/spell/a-soul-in-chains"),
        ));
        modified
    } else {
        roll
    };
    let result = d6_row(tome, SOUL_TABLE, modified)?;
    terms.push(Term::text(format!("Row {modified}"), result.clone(), Some(SOUL_TABLE)));
    Ok(SoulRoll { modified, result, plays_second_half: modified <= 2, misses_next_match: modified >= 5, terms })
}

/// Re-rolls moved by Shift of Power.
#[derive(Debug, Clone, PartialEq)]
pub struct ShiftRoll {
    pub result: String,
    /// Re-rolls the opponents lose this half.
    pub lost: i64,
    /// Re-rolls the Halfling team gains this half (never more than were lost).
    pub gained: i64,
    /// The opponents' re-rolls left for this half.
    pub left: i64,
    pub terms: Vec<Term>,
}

/// Shift of Power's d6 (1-2: 1 re-roll, 3-4: 2, 5-6: 3) against `opponent_rerolls`.
pub fn shift_of_power(tome: &dyn Rulebook, roll: i64, opponent_rerolls: i64) -> Result<ShiftRoll> {
    check("--roll (the Shift of Power d6)", roll, (1, 6))?;
    check("--opponent-rerolls", opponent_rerolls, (0, 10))?;
    let wanted = (roll + 1) / 2;
    let lost = wanted.min(opponent_rerolls);
    let result = d6_row(tome, SHIFT_TABLE, roll)?;
    let mut terms = vec![Term::text(format!("Shift of Power d6 = {roll}"), result.clone(), Some(SHIFT_TABLE))];
    terms.push(Term::num("Re-rolls the row takes", wanted, Some(SHIFT_TABLE)));
    if lost < wanted {
        terms.push(Term::num(
            format!("Limited by the opponents' {opponent_rerolls} re-rolls"),
            lost - wanted,
            Some("mlaf/spell/shift-of-power"),
        ));
    }
    Ok(ShiftRoll { result, lost, gained: lost, left: opponent_rerolls - lost, terms })
}

/// Clairvoyance: how many of the opponents' Special Play Cards are shown.
pub fn clairvoyance(tome: &dyn Rulebook, roll: i64, cards: i64) -> Result<(i64, String, Vec<Term>)> {
    check("--roll (the Clairvoyance d6)", roll, (1, 6))?;
    check("--cards (the opponents' Special Play Cards)", cards, (0, 20))?;
    let result = d6_row(tome, CLAIRVOYANCE_TABLE, roll)?;
    let shown = match roll {
        1 => cards.min(1),
        6 => cards,
        _ => (cards + 1) / 2,
    };
    let terms = vec![
        Term::text(format!("Clairvoyance d6 = {roll}"), result.clone(), Some(CLAIRVOYANCE_TABLE)),
        Term::num(format!("Cards shown out of {cards}"), shown, Some(CLAIRVOYANCE)),
    ];
    Ok((shown, result, terms))
}

/// Toad's d6 at the target: 4+ turns him into a toad; 1 to 3 scatters the spell that
/// many times.
pub fn toad(roll: i64) -> Result<(bool, i64, Vec<Term>)> {
    check("--roll (the Toad d6)", roll, (1, 6))?;
    let hit = roll >= 4;
    let scatters = if hit { 0 } else { roll };
    let terms = vec![
        Term::note("Toad d6", roll, Some(TOAD)),
        if hit {
            Term::text("4 or more: the target becomes a toad", "toad", Some(TOAD_PROFILE))
        } else {
            Term::num("1 to 3: the spell scatters once per pip", scatters, Some(TOAD))
        },
    ];
    Ok((hit, scatters, terms))
}

/// Speed of Light: the target's MA plus the d6 rolled.
pub fn speed_of_light(ma: i64, roll: i64) -> Result<(i64, Vec<Term>)> {
    check("--ma (the target's MA)", ma, (1, MAX_MA))?;
    check("--roll (the Speed of Light d6)", roll, (1, 6))?;
    let terms = vec![
        Term::num("The target's MA", ma, Some(SPEED_OF_LIGHT)),
        Term::num("Extra squares (1d6)", roll, Some(SPEED_OF_LIGHT)),
    ];
    Ok((ma + roll, terms))
}

/// The Long Door: how far from the first door (at most 7 squares from the caster) the
/// other end opens, 1d6 squares.
pub fn long_door(roll: i64) -> Result<Vec<Term>> {
    check("--roll (the Long Door d6)", roll, (1, 6))?;
    Ok(vec![
        Term::text("First door: a square the caster picks", "7 squares at most", Some(LONG_DOOR)),
        Term::num("Other end: squares from the first door (1d6)", roll, Some(LONG_DOOR)),
        Term::text(
            "The first player to step into either end comes out of the other",
            "free, then it closes",
            Some(LONG_DOOR),
        ),
    ])
}

/// Librarian: of the `cards` the Special Play Card roll allows, how many may be Magic
/// Items (two, never more than the roll allows).
pub fn librarian(cards: i64) -> Result<(i64, Vec<Term>)> {
    check("--cards (the cards your roll allows)", cards, (0, MAX_CARDS))?;
    let items = cards.min(2);
    let terms = vec![
        Term::note("Cards the roll allows", cards, Some(LIBRARIAN)),
        Term::note("Of them Magic Items, two at most", items, Some(LIBRARIAN)),
    ];
    Ok((items, terms))
}

/// Weather Control's success roll: 3+ at -1 per enemy tackle zone; a success on a 6
/// lets the caster pick any weather, any other success one step either way on the
/// weather table. Returns success, free choice and the terms.
/// Interpretation: "a 6" is the face of the die, and only counts when the roll succeeds.
pub fn weather_control(roll: i64, enemy_tz: i64) -> Result<(bool, bool, Vec<Term>)> {
    check("--roll (the success d6)", roll, (1, 6))?;
    check("--enemy-tz (enemy tackle zones the caster stands in)", enemy_tz, (0, MAX_ENEMY_TZ))?;
    let needs = 3 + enemy_tz;
    let success = roll >= needs;
    let free = success && roll == 6;
    // The target and what raises it are read against the die, not added to a result.
    let mut terms = vec![Term::note("Weather Control succeeds on 3+", 3, Some(WEATHER_CONTROL))];
    if enemy_tz > 0 {
        terms.push(Term::note(format!("{enemy_tz} enemy tackle zones (each -1 on the roll)"), enemy_tz, Some(CASTING)));
    }
    terms.push(Term::note(format!("Success d6 against {needs}"), roll, Some(WEATHER_CONTROL)));
    if free {
        terms.push(Term::text("A 6 on the success roll", "any weather", Some(WEATHER_CONTROL)));
    }
    Ok((success, free, terms))
}
