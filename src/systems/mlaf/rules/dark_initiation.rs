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

/// The Chaos Priest's state when the match ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PriestState {
    #[default]
    Fit,
    BadlyHurt,
    SeriouslyInjured,
    Dead,
}

/// Casting success on the d6 (after the match: no tackle zones, no modifiers).
pub const DARK_INITIATION_TARGET: i64 = 4;

/// What the ritual is given: the Priest and the team-mates presented, in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RitualInput {
    pub priest: PriestState,
    pub level: i64,
    /// Spells he already cast during the match (each level gives one per match).
    pub cast_in_match: i64,
    /// SPP the Priest earned during the match (decides his failure roll).
    pub priest_spp: i64,
    /// Mutation table rows (1 to 15) the Priest already has.
    pub priest_has: Vec<i64>,
    /// Each team-mate presented: name and SPP earned this match.
    pub players: Vec<(String, i64)>,
    /// Presented players who died in the match.
    pub dead: Vec<String>,
    /// Mutation table rows (1 to 15) each player already has, by name.
    pub has: Vec<(String, Vec<i64>)>,
}

/// One presentation to the Dark Gods.
#[derive(Debug, Clone, PartialEq)]
pub struct Presentation {
    pub name: String,
    pub cast: i64,
    pub success: bool,
    /// On success the player's d20; on failure the Priest's d20 (he earned SPP) or his
    /// casualty d6 (he did not).
    pub second: i64,
    /// What came of it, in a line.
    pub result: String,
}

/// The whole ritual after one match.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ritual {
    pub can_cast: bool,
    /// How many players may be presented (spells left this match).
    pub allowed: i64,
    pub presentations: Vec<Presentation>,
    /// Players not presented, with the reason.
    pub skipped: Vec<(String, String)>,
    /// Mutations gained: name, mutation.
    pub mutations: Vec<(String, String)>,
    pub deaths: Vec<String>,
    pub misses_next_game: Vec<String>,
    /// The Priest's casualty d6s (failures when he earned no SPP).
    pub priest_casualties: Vec<i64>,
    /// SPP the Priest gains: one a successful cast.
    pub priest_spp_gained: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The Priest's own name in results.
pub const PRIEST: &str = "the Priest";

/// Dark Initiation after a match: who may be presented, then for each, the casting d6
/// (4+) and either the player's d20 on the mutation table or, on a failure, the
/// Priest's d20 (if he earned SPP this match) or his casualty d6. `roll(name, dice,
/// what)` gives each die for the presentation of `name` in turn.
///
/// Interpretations: the SPP the Priest earns from this ritual's own successes do not
/// turn a later failure into a mutation roll (all its rolls are made at once), and he
/// may present as many players as he has spells left this match.
///
/// # Errors
/// [`Error::InvalidInput`] for values out of range or a mutation row not on the table.
pub fn dark_initiation(
    tome: &dyn Rulebook,
    input: &RitualInput,
    roll: &mut dyn FnMut(&str, Dice, &str) -> Result<i64>,
) -> Result<Ritual> {
    check("--level (the Priest's level)", input.level, (1, MAX_LEVEL))?;
    check("--cast (spells he cast during the match)", input.cast_in_match, (0, MAX_LEVEL))?;
    check("--priest-spp (SPP he earned this match)", input.priest_spp, (0, MAX_MATCH_SPP))?;
    if input.players.len() > TEAM_PLAYERS * 2 {
        return Err(Error::InvalidInput("--players: more team-mates than a roster holds".into()));
    }
    let names = mutation_names(tome)?;
    let row_names = |rows: &[i64], who: &str| -> Result<Vec<String>> {
        rows.iter()
            .map(|&r| {
                check(&format!("{who}: a mutation table row"), r, (1, 15))?;
                Ok(names[r as usize - 1].clone())
            })
            .collect()
    };
    let mut priest_has = row_names(&input.priest_has, "--priest-has")?;
    let mut r = Ritual { allowed: (input.level - input.cast_in_match).max(0), ..Ritual::default() };
    r.terms.push(Term::text("Cast after the final whistle, before MVPs", "after the match", Some(DARK_INITIATION)));

    let unfit = match input.priest {
        PriestState::Fit => None,
        PriestState::BadlyHurt => Some("Badly Hurt"),
        PriestState::SeriouslyInjured => Some("Seriously Injured"),
        PriestState::Dead => Some("dead"),
    };
    if let Some(state) = unfit {
        r.terms.push(Term::text(format!("The Priest ended the match {state}"), "cannot cast", Some(DARK_INITIATION)));
        r.skipped = input.players.iter().map(|(n, _)| (n.clone(), "the Priest cannot cast".to_string())).collect();
        return Ok(r);
    }
    r.can_cast = true;
    r.terms.push(Term::note(
        format!("Level {} less {} spells cast in the match: players he may present", input.level, input.cast_in_match),
        r.allowed,
        Some(SPELLCASTERS),
    ));
    if input.cast_in_match > input.level {
        r.warnings
            .push(format!("--cast {} is more than his level {} allows in a match", input.cast_in_match, input.level));
    }

    for (name, spp) in &input.players {
        check(&format!("--players: {name}'s SPP this match"), *spp, (0, MAX_MATCH_SPP))?;
        let reason = if input.dead.iter().any(|d| d.eq_ignore_ascii_case(name)) {
            Some("dead players cannot be presented".to_string())
        } else if *spp < 1 {
            Some("earned no SPP this match".to_string())
        } else if r.presentations.len() as i64 >= r.allowed {
            Some(format!("no spell left (level {}, {} cast in the match)", input.level, input.cast_in_match))
        } else {
            None
        };
        if let Some(why) = reason {
            r.terms.push(Term::text(format!("{name}: not presented"), why.clone(), Some(DARK_INITIATION)));
            r.skipped.push((name.clone(), why));
            continue;
        }
        let held: Vec<i64> =
            input.has.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone()).unwrap_or_default();
        let held = row_names(&held, &format!("--has: {name}'s"))?;

        let cast = roll(name, Dice { count: 1, sides: 6 }, "casting d6")?;
        check(&format!("--rolls: {name}'s casting d6"), cast, (1, 6))?;
        let success = cast >= DARK_INITIATION_TARGET;
        r.terms.push(Term::text(
            format!("{name}: casting d6 {cast} (needs 4+)"),
            if success { "cast" } else { "failed: the gods turn to the Priest" },
            Some(DARK_INITIATION),
        ));
        let (second, result) = if success {
            r.priest_spp_gained += 1;
            let d20 = roll(name, Dice { count: 1, sides: 20 }, "mutation d20")?;
            let m = mutation(tome, d20, &held)?;
            r.terms.extend(prefixed(name, m.terms.clone()));
            (d20, fate(&mut r, name, &m))
        } else if input.priest_spp > 0 {
            let d20 = roll(name, Dice { count: 1, sides: 20 }, "the Priest's mutation d20")?;
            let m = mutation(tome, d20, &priest_has)?;
            r.terms.extend(prefixed(PRIEST, m.terms.clone()));
            if let Some(got) = m.mutation.clone().filter(|_| !m.dies) {
                priest_has.push(got);
            }
            (d20, fate(&mut r, PRIEST, &m))
        } else {
            let d6 = roll(name, Dice { count: 1, sides: 6 }, "the Priest's casualty d6")?;
            check(&format!("--rolls: the Priest's casualty d6 (for {name})"), d6, (1, 6))?;
            r.priest_casualties.push(d6);
            r.terms.push(Term::note(
                "The Priest earned no SPP: casualty d6 on the injury table",
                d6,
                Some(DARK_INITIATION),
            ));
            (d6, format!("the Priest rolls {d6} on the injury table as a casualty"))
        };
        r.presentations.push(Presentation { name: name.clone(), cast, success, second, result });
    }
    if r.priest_spp_gained > 0 {
        r.terms.push(Term::num("SPP for the Priest: one a successful cast", r.priest_spp_gained, Some(CASTING)));
    }
    if r.priest_casualties.len() > 1 {
        r.terms.push(Term::text(
            "More than one casualty for the Priest",
            "every long-term injury, one missed match",
            Some(DARK_INITIATION),
        ));
    }
    if !r.priest_casualties.is_empty() {
        r.warnings
            .push("read the Priest's casualty d6 on your rulebook's injury table; he misses one match at most".into());
    }
    Ok(r)
}

fn prefixed(name: &str, terms: Vec<Term>) -> impl Iterator<Item = Term> + '_ {
    terms.into_iter().map(move |mut t| {
        t.label = format!("{name}: {}", t.label);
        t
    })
}

/// Records what the gods did to `who` and says it in a line.
fn fate(r: &mut Ritual, who: &str, m: &MutationRoll) -> String {
    let lead = if who == PRIEST { format!("{PRIEST} rolls ") } else { String::new() };
    if m.dies {
        r.deaths.push(who.to_string());
        match &m.mutation {
            Some(name) => format!("{lead}d20 {} {name}, already had: dies", m.roll),
            None => format!("{lead}d20 {} dies", m.roll),
        }
    } else {
        let name = m.mutation.clone().unwrap_or_default();
        r.mutations.push((who.to_string(), name.clone()));
        if !r.misses_next_game.iter().any(|n| n == who) {
            r.misses_next_game.push(who.to_string());
        }
        format!("{lead}d20 {} {name}, misses the next game", m.roll)
    }
}
