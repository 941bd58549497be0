//! MLAF (Blood Bowl house rules) magic: casting odds, spells per match, the 3d6 Spell
//! Table, the Dark Initiation mutation table, and the small d6 tables some spells use.
//!
//! The dice tables are read from the shipped database (`Tome::table`), so a result here
//! always matches the table a user sees; the tests check those tables against numbers
//! transcribed from the document.

use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::dice::Dice;
use crate::error::{Error, Result};
use crate::model::Detail;
use crate::rulebook::Rulebook;
use crate::rules::{check, resolve_entry, Calculator, Inputs, Outcome, Param, ParamKind, Term};
use crate::Kind;

pub(crate) const SYSTEM: &str = "mlaf";

const SPELLCASTERS: &str = "mlaf/rule/spellcasters";
const CASTING: &str = "mlaf/rule/how-to-cast-spells";
const STAR_PLAYER_ROLLS: &str = "mlaf/rule/star-player-rolls";
const SPELL_TABLE: &str = "mlaf/table/spell-table";
const MUTATION_TABLE: &str = "mlaf/table/mutation-table";
const SOUL_TABLE: &str = "mlaf/table/a-soul-in-chains";
const SHIFT_TABLE: &str = "mlaf/table/shift-of-power";
const CLAIRVOYANCE_TABLE: &str = "mlaf/table/clairvoyance";
const TOAD_PROFILE: &str = "mlaf/table/toad-profile";

const POWER_DRAIN: &str = "mlaf/spell/power-drain";
const COUNTERSPELL: &str = "mlaf/spell/counterspell";
const FORM_OF_MIST: &str = "mlaf/spell/form-of-mist";
const BLIZZARD: &str = "mlaf/spell/blizzard";
const WEATHER_CONTROL: &str = "mlaf/spell/weather-control";
const DARK_INITIATION: &str = "mlaf/spell/dark-initiation";
const TOAD: &str = "mlaf/spell/toad";
const LIBRARIAN: &str = "mlaf/spell/librarian";
const CLAIRVOYANCE: &str = "mlaf/spell/clairvoyance";

/// A square has eight neighbours, so a caster stands in at most eight enemy tackle zones.
pub const MAX_ENEMY_TZ: i64 = 8;
/// Rookie casters start at level 1. The document sets no ceiling (each Spell Table 18,
/// duplicate spell or doubles choice adds a level); Tome caps levels at 10.
pub const MAX_LEVEL: i64 = 10;

/// Rounds a probability to four decimals, as the calculators report it.
pub fn round4(p: f64) -> f64 {
    (p * 10_000.0).round() / 10_000.0
}

// ---------------------------------------------------------------------------------------
// Casting a spell
// ---------------------------------------------------------------------------------------

/// Where a Blizzard is cast: the spell's text shifts its roll in two regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stadium {
    /// +1 to the success roll.
    Northmarks,
    /// -2 to the success roll.
    SouthernProvinces,
}

/// The spell being cast: its entry id, name and printed d6 target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellRef {
    pub id: String,
    pub name: String,
    pub target: i64,
}

/// The circumstances of one casting roll.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CastOptions {
    /// Enemy tackle zones the caster stands in (0 to 8); each is -1 on the roll.
    pub enemy_tz: i64,
    /// The caster's level (Power Drain and Counterspell add it to the roll).
    pub level: Option<i64>,
    /// The enemy caster's level (Power Drain and Counterspell subtract it). For a
    /// Counterspell, leaving it out means the target is a Magic Item card.
    pub enemy_level: Option<i64>,
    /// Form of Mist aimed at an opposing player (-1 to the roll, so 4+).
    pub opposing: bool,
    /// Blizzard's stadium region, if it is one the spell names.
    pub stadium: Option<Stadium>,
}

/// The odds of one casting roll.
#[derive(Debug, Clone, PartialEq)]
pub struct Casting {
    /// The d6 face needed once every modifier is folded into the target (may fall below
    /// 2 or rise above 6).
    pub needs: i64,
    /// The natural faces that succeed.
    pub faces: Vec<i64>,
    /// Chance of success, 0 to 1, rounded to four decimals.
    pub probability: f64,
    /// Whether a natural 6 always succeeds and a natural 1 always fails for this spell.
    pub naturals: bool,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The natural d6 faces that succeed when `needs` is required, and their chance. With
/// `naturals`, a 6 succeeds and a 1 fails whatever `needs` is.
///
/// The casting rules themselves have no "a 1 always fails" rule; only Power Drain and
/// Counterspell add one (and the matching "a 6 always succeeds").
pub fn d6_odds(needs: i64, naturals: bool) -> (Vec<i64>, f64) {
    let faces: Vec<i64> =
        (1..=6).filter(|&f| if naturals { f == 6 || (f != 1 && f >= needs) } else { f >= needs }).collect();
    let p = round4(faces.len() as f64 / 6.0);
    (faces, p)
}

/// The casting roll for `spell`: its target, +1 per enemy tackle zone, and the spell's
/// own modifiers (levels for Power Drain and Counterspell, the opposing-player penalty
/// for Form of Mist, the stadium for Blizzard).
///
/// # Errors
/// [`Error::InvalidInput`] for a count or level outside the rules' range, or a Power
/// Drain or Counterspell without the levels it needs.
pub fn cast(spell: &SpellRef, opts: &CastOptions) -> Result<Casting> {
    check("the success target", spell.target, (2, 6))?;
    check("--enemy-tz (enemy tackle zones the caster stands in)", opts.enemy_tz, (0, MAX_ENEMY_TZ))?;
    if let Some(l) = opts.level {
        check("--level (the caster's level)", l, (1, MAX_LEVEL))?;
    }
    if let Some(l) = opts.enemy_level {
        check("--enemy-level (the enemy caster's level)", l, (1, MAX_LEVEL))?;
    }
    let id = spell.id.as_str();
    let mut terms = vec![Term::num(format!("{} succeeds on {}+", spell.name, spell.target), spell.target, Some(id))];
    let mut warnings = Vec::new();
    let mut needs = spell.target;

    if opts.enemy_tz > 0 {
        let s = if opts.enemy_tz == 1 { "" } else { "s" };
        terms.push(Term::num(
            format!("{} enemy tackle zone{s} on the caster (each -1 on the roll)", opts.enemy_tz),
            opts.enemy_tz,
            Some(CASTING),
        ));
        needs += opts.enemy_tz;
    }

    let contest = id == POWER_DRAIN || id == COUNTERSPELL;
    if contest {
        let level = opts.level.ok_or_else(|| {
            Error::InvalidInput(format!(
                "{} adds the caster's level to the roll: give --level (1 to {MAX_LEVEL})",
                spell.name
            ))
        })?;
        match opts.enemy_level {
            Some(enemy) => {
                terms.push(Term::num(format!("Caster's level {level} (added to the roll)"), -level, Some(id)));
                terms.push(Term::num(format!("Enemy caster's level {enemy} (taken off the roll)"), enemy, Some(id)));
                needs += enemy - level;
            }
            None if id == POWER_DRAIN => {
                return Err(Error::InvalidInput(format!(
                    "Power Drain is aimed at the enemy spellcaster: give --enemy-level (1 to {MAX_LEVEL})"
                )));
            }
            None => {
                // Counterspell against a Magic Item card: the levels only count against a spell.
                terms.push(Term::num("Countering a Magic Item card: no levels count", 0, Some(id)));
                warnings.push(format!(
                    "no --enemy-level, so this is a Counterspell against a Magic Item card and your level {level} does not change the roll"
                ));
            }
        }
        terms.push(Term::text("A natural 6 always succeeds", "6", Some(id)));
        terms.push(Term::text("A natural 1 always fails", "1", Some(id)));
        if id == POWER_DRAIN && opts.enemy_tz == 0 {
            warnings.push(
                "Power Drain needs the enemy caster next to yours, so the caster usually stands in at least one enemy tackle zone".into(),
            );
        }
    } else if opts.level.is_some() || opts.enemy_level.is_some() {
        warnings.push(format!("levels only change Power Drain and Counterspell rolls; ignored for {}", spell.name));
    }

    if opts.opposing {
        if id == FORM_OF_MIST {
            terms.push(Term::num("Cast on an opposing player (-1 on the roll)", 1, Some(id)));
            needs += 1;
        } else {
            warnings.push(format!("--opposing only changes Form of Mist; ignored for {}", spell.name));
        }
    }

    match (opts.stadium, id == BLIZZARD) {
        (Some(Stadium::Northmarks), true) => {
            terms.push(Term::num("Stadium in the Northmarks (+1 on the roll)", -1, Some(id)));
            needs -= 1;
        }
        (Some(Stadium::SouthernProvinces), true) => {
            terms.push(Term::num("Stadium in the Southern Provinces (-2 on the roll)", 2, Some(id)));
            needs += 2;
        }
        (Some(_), false) => warnings.push(format!("--stadium only changes Blizzard; ignored for {}", spell.name)),
        (None, _) => {}
    }

    if id == WEATHER_CONTROL {
        terms.push(Term::text("A 6 on the roll lets the caster pick any weather", "6", Some(id)));
    }

    let (faces, probability) = d6_odds(needs, contest);
    if faces.is_empty() {
        warnings.push(format!("{} cannot succeed: it would need {needs} on a d6", spell.name));
    }
    Ok(Casting { needs, faces, probability, naturals: contest, terms, warnings })
}

/// The spell entry a name or id names, with its d6 target.
fn spell_ref(tome: &dyn Rulebook, raw: &str) -> Result<SpellRef> {
    let e = resolve_entry(tome, SYSTEM, Kind::Spell, raw)?;
    if e.system != SYSTEM || e.kind != Kind::Spell {
        return Err(Error::InvalidInput(format!("`{raw}` is not an MLAF spell (it is {})", e.id)));
    }
    let target = match &e.detail {
        Some(Detail::Spell(s)) => s.success_target,
        _ => None,
    }
    .ok_or_else(|| Error::InvalidInput(format!("{} has no casting roll", e.name)))?;
    Ok(SpellRef { id: e.id, name: e.name, target })
}

// ---------------------------------------------------------------------------------------
// Spells per match, Star Player Rolls
// ---------------------------------------------------------------------------------------

/// How many spells a caster of `level` may cast in one match: one per level.
///
/// # Errors
/// [`Error::InvalidInput`] for a level outside 1 to [`MAX_LEVEL`].
pub fn spells_per_match(level: i64) -> Result<(i64, Vec<Term>)> {
    check("--level (the caster's level)", level, (1, MAX_LEVEL))?;
    let terms = vec![
        Term::num(format!("Level {level}: one spell for each level"), level, Some(SPELLCASTERS)),
        Term::text("Never more than one spell in a turn", "1 per turn", Some(CASTING)),
        Term::text("Librarian and Clairvoyance: once a game at any level", "1", Some(LIBRARIAN)),
    ];
    Ok((level, terms))
}

/// What a spellcaster may take for a Star Player Roll of two d6.
#[derive(Debug, Clone, PartialEq)]
pub struct StarPlayerRoll {
    pub total: i64,
    pub doubles: bool,
    /// The choices open to him.
    pub options: Vec<&'static str>,
    pub terms: Vec<Term>,
}

/// The choices a spellcaster's Star Player Roll `a`+`b` opens.
///
/// # Errors
/// [`Error::InvalidInput`] for a die outside 1 to 6.
pub fn star_player_roll(a: i64, b: i64) -> Result<StarPlayerRoll> {
    check("each die", a, (1, 6))?;
    check("each die", b, (1, 6))?;
    let total = a + b;
    let doubles = a == b;
    let mut options = Vec::new();
    let mut terms = vec![Term::num(format!("Star Player Roll {a}+{b}"), total, Some(STAR_PLAYER_ROLLS))];
    if doubles {
        options.extend([
            "any skill category (physical skills too for Chaos Priests and Skaven Warpers)",
            "any spell of the Spell Table",
            "+1 level",
        ]);
        terms.push(Term::text("Doubles", "any skill, any spell or +1 level", Some(STAR_PLAYER_ROLLS)));
    } else if total <= 9 {
        options.extend(["a skill from the caster's own categories", "a roll on the Spell Table (3d6)"]);
        terms.push(Term::text("2 to 9", "skill or Spell Table", Some(STAR_PLAYER_ROLLS)));
    } else {
        terms.push(Term::text("10 to 12 without doubles", "not covered by the MLAF rules", Some(STAR_PLAYER_ROLLS)));
    }
    Ok(StarPlayerRoll { total, doubles, options, terms })
}

// ---------------------------------------------------------------------------------------
// The Spell Table
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// Dark Initiation: the mutation table
// ---------------------------------------------------------------------------------------

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
fn mutation_key(s: &str) -> String {
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

// ---------------------------------------------------------------------------------------
// The d6 tables of single spells
// ---------------------------------------------------------------------------------------

/// One row of a shipped d6 table: its first result cell.
fn d6_row(tome: &dyn Rulebook, table: &str, roll: i64) -> Result<String> {
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
        terms.push(Term::num("The caster's own soul (failed spell): -1", -1, Some("mlaf/spell/a-soul-in-chains")));
        (roll - 1).max(1)
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
            "Limited by the opponents' re-rolls",
            opponent_rerolls,
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
        Term::num("Toad d6", roll, Some(TOAD)),
        if hit {
            Term::text("4 or more: the target becomes a toad", "toad", Some(TOAD_PROFILE))
        } else {
            Term::num("1 to 3: the spell scatters once per pip", scatters, Some(TOAD))
        },
    ];
    Ok((hit, scatters, terms))
}

// ---------------------------------------------------------------------------------------
// Registry
// ---------------------------------------------------------------------------------------

const SEED: Param = Param {
    name: "seed",
    help: "roll the dice with this seed (same seed, same roll); without --roll or --seed the dice are random",
    kind: ParamKind::Int { min: 0, max: i64::MAX },
    required: false,
    default: None,
};

const fn roll_param(help: &'static str, min: i64, max: i64) -> Param {
    Param { name: "roll", help, kind: ParamKind::Int { min, max }, required: false, default: None }
}

const SPELL_ROLL_PARAMS: &[Param] = &[
    roll_param("the 3d6 total, 3 to 18 (leave out to roll)", 3, 18),
    SEED,
    Param {
        name: "known",
        help: "spells the caster knows, comma-separated",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
];

const MUTATION_PARAMS: &[Param] = &[
    roll_param("the d20, 1 to 20 (leave out to roll)", 1, 20),
    SEED,
    Param {
        name: "has",
        help: "mutations the player already has, comma-separated",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
];

const SOUL_PARAMS: &[Param] = &[
    roll_param("the halftime d6, 1 to 6 (leave out to roll)", 1, 6),
    SEED,
    Param {
        name: "caster",
        help: "the spell failed and it is the caster's own soul (-1)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

const SHIFT_PARAMS: &[Param] = &[
    roll_param("the d6, 1 to 6 (leave out to roll)", 1, 6),
    SEED,
    Param {
        name: "opponent-rerolls",
        help: "the opponents' team re-rolls before the spell",
        kind: ParamKind::Int { min: 0, max: 10 },
        required: true,
        default: None,
    },
];

const CLAIRVOYANCE_PARAMS: &[Param] = &[
    roll_param("the d6, 1 to 6 (leave out to roll)", 1, 6),
    SEED,
    Param {
        name: "cards",
        help: "the opponents' Special Play Cards",
        kind: ParamKind::Int { min: 0, max: 20 },
        required: true,
        default: None,
    },
];

const TOAD_PARAMS: &[Param] = &[roll_param("the d6, 1 to 6 (leave out to roll)", 1, 6), SEED];

pub fn calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "cast",
            summary: "The d6 a spellcaster needs to cast a spell, and the chance of it",
            params: &[
                Param {
                    name: "spell",
                    help: "the spell's name or id",
                    kind: ParamKind::Entry { kind: Kind::Spell },
                    required: true,
                    default: None,
                },
                Param {
                    name: "enemy-tz",
                    help: "enemy tackle zones the caster stands in (each -1 on the roll)",
                    kind: ParamKind::Int { min: 0, max: MAX_ENEMY_TZ },
                    required: false,
                    default: Some("0"),
                },
                Param {
                    name: "level",
                    help: "the caster's level (Power Drain, Counterspell)",
                    kind: ParamKind::Int { min: 1, max: MAX_LEVEL },
                    required: false,
                    default: None,
                },
                Param {
                    name: "enemy-level",
                    help: "the enemy caster's level (Power Drain; Counterspell against a spell)",
                    kind: ParamKind::Int { min: 1, max: MAX_LEVEL },
                    required: false,
                    default: None,
                },
                Param {
                    name: "opposing",
                    help: "Form of Mist cast on an opposing player (needs 4+)",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "stadium",
                    help: "Blizzard: a stadium in the Northmarks (+1) or the Southern Provinces (-2)",
                    kind: ParamKind::Choice { options: &["northmarks", "southern-provinces"] },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(CASTING),
            run: run_cast,
        },
        Calculator {
            system: SYSTEM,
            name: "spells-per-match",
            summary: "How many spells a caster of a given level may cast in one match",
            params: &[Param {
                name: "level",
                help: "the caster's level (rookies are level 1)",
                kind: ParamKind::Int { min: 1, max: MAX_LEVEL },
                required: true,
                default: None,
            }],
            rule: Some(SPELLCASTERS),
            run: run_spells_per_match,
        },
        Calculator {
            system: SYSTEM,
            name: "spell-roll",
            summary: "A 3d6 roll on the Spell Table; a spell already known becomes +1 level",
            params: SPELL_ROLL_PARAMS,
            rule: Some(STAR_PLAYER_ROLLS),
            run: run_spell_roll,
        },
        Calculator {
            system: SYSTEM,
            name: "mutation",
            summary: "Dark Initiation: a 1d20 mutation, or death",
            params: MUTATION_PARAMS,
            rule: Some(DARK_INITIATION),
            run: run_mutation,
        },
        Calculator {
            system: SYSTEM,
            name: "star-player-roll",
            summary: "What a spellcaster may take for a Star Player Roll",
            params: &[Param {
                name: "dice",
                help: "the two d6, comma-separated (3,3)",
                kind: ParamKind::IntList { min: 1, max: 6 },
                required: true,
                default: None,
            }],
            rule: Some(STAR_PLAYER_ROLLS),
            run: run_star_player_roll,
        },
        Calculator {
            system: SYSTEM,
            name: "soul-in-chains",
            summary: "A Soul in Chains: the halftime d6 that says when the soul returns",
            params: SOUL_PARAMS,
            rule: Some("mlaf/spell/a-soul-in-chains"),
            run: run_soul_in_chains,
        },
        Calculator {
            system: SYSTEM,
            name: "shift-of-power",
            summary: "Shift of Power: team re-rolls taken from the opponents for a half",
            params: SHIFT_PARAMS,
            rule: Some("mlaf/spell/shift-of-power"),
            run: run_shift_of_power,
        },
        Calculator {
            system: SYSTEM,
            name: "clairvoyance",
            summary: "Clairvoyance: how many Special Play Cards the opponents must show",
            params: CLAIRVOYANCE_PARAMS,
            rule: Some(CLAIRVOYANCE),
            run: run_clairvoyance,
        },
        Calculator {
            system: SYSTEM,
            name: "toad",
            summary: "Toad: whether the target becomes a toad or the spell scatters",
            params: TOAD_PARAMS,
            rule: Some(TOAD),
            run: run_toad,
        },
    ]
}

/// The number from `--roll`, or `dice` rolled with `--seed` (or at random); the faces
/// come back when the dice were rolled.
fn roll_or_seed(i: &Inputs, dice: Dice) -> Result<(i64, Option<Vec<i64>>)> {
    match (i.opt_int("roll")?, i.opt_int("seed")?) {
        (Some(_), Some(_)) => Err(Error::InvalidInput("give --roll or --seed, not both".into())),
        (Some(n), None) => Ok((n, None)),
        (None, seed) => {
            let roll = match seed {
                Some(s) => dice.roll(&mut StdRng::seed_from_u64(s as u64)),
                None => dice.roll(&mut rand::rng()),
            };
            Ok((roll.total, Some(roll.faces)))
        }
    }
}

fn with_dice(o: Outcome, faces: Option<Vec<i64>>) -> Outcome {
    match faces {
        Some(f) => o.field("dice", f),
        None => o,
    }
}

fn split_list(raw: Option<&str>) -> Vec<String> {
    raw.map(|s| s.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()).unwrap_or_default()
}

fn run_cast(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let raw =
        i.text("spell").ok_or_else(|| Error::InvalidInput("--spell is required: the spell's name or id".into()))?;
    let spell = spell_ref(tome, raw)?;
    let stadium = match i.choice("stadium")? {
        Some("northmarks") => Some(Stadium::Northmarks),
        Some(_) => Some(Stadium::SouthernProvinces),
        None => None,
    };
    let opts = CastOptions {
        enemy_tz: i.int("enemy-tz")?,
        level: i.opt_int("level")?,
        enemy_level: i.opt_int("enemy-level")?,
        opposing: i.flag("opposing"),
        stadium,
    };
    let c = cast(&spell, &opts)?;
    let mut o = Outcome::default()
        .field("spell", spell.name)
        .field("needs", c.needs)
        .field("probability", c.probability)
        .field("faces", c.faces)
        .terms(c.terms);
    for w in c.warnings {
        o = o.warn(w);
    }
    Ok(o)
}

fn run_spells_per_match(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (spells, terms) = spells_per_match(i.int("level")?)?;
    Ok(Outcome::default().field("spells", spells).field("per-turn", 1).terms(terms))
}

fn run_star_player_roll(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let dice = i.ints("dice")?;
    let [a, b] = dice[..] else {
        return Err(Error::InvalidInput(format!("--dice takes exactly two d6 (like 3,3), not {}", dice.len())));
    };
    let s = star_player_roll(a, b)?;
    Ok(Outcome::default()
        .field("total", s.total)
        .field("doubles", s.doubles)
        .field("options", s.options.join("; "))
        .terms(s.terms))
}

fn run_spell_roll(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 3, sides: 6 })?;
    let mut known = Vec::new();
    for name in split_list(i.text("known")) {
        let e = resolve_entry(tome, SYSTEM, Kind::Spell, &name)?;
        if e.system != SYSTEM || e.kind != Kind::Spell {
            return Err(Error::InvalidInput(format!("--known: `{name}` is not an MLAF spell")));
        }
        known.push(e.id);
    }
    let r = spell_roll(tome, roll, &known)?;
    let o = with_dice(Outcome::default().field("roll", r.roll), faces)
        .field("spell", r.spell)
        .field("spell-id", r.spell_id)
        .field("success", r.success)
        .field("level-up", r.level_up)
        .field("duplicate", r.duplicate)
        .terms(r.terms);
    Ok(o)
}

fn run_mutation(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 20 })?;
    let m = mutation(tome, roll, &split_list(i.text("has")))?;
    let result = match (&m.mutation, m.dies) {
        (_, true) => "dies".to_string(),
        (Some(name), false) => format!("gains {name}, misses the next game"),
        (None, false) => String::new(),
    };
    Ok(with_dice(Outcome::default().field("roll", m.roll), faces)
        .field("mutation", m.mutation)
        .field("dies", m.dies)
        .field("misses-next-game", m.misses_next_game)
        .field("result", result)
        .terms(m.terms))
}

fn run_soul_in_chains(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let s = soul_in_chains(tome, roll, i.flag("caster"))?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("modified", s.modified)
        .field("result", s.result)
        .field("plays-second-half", s.plays_second_half)
        .field("misses-next-match", s.misses_next_match)
        .terms(s.terms))
}

fn run_shift_of_power(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let s = shift_of_power(tome, roll, i.int("opponent-rerolls")?)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("lost", s.lost)
        .field("gained", s.gained)
        .field("opponent-rerolls", s.left)
        .field("result", s.result)
        .terms(s.terms))
}

fn run_clairvoyance(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let (shown, result, terms) = clairvoyance(tome, roll, i.int("cards")?)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("shown", shown)
        .field("result", result)
        .terms(terms))
}

fn run_toad(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let (hit, scatters, terms) = toad(roll)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("toad", hit)
        .field("scatters", scatters)
        .terms(terms))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::Tome;

    fn tome() -> Tome {
        Tome::open_in_memory().expect("shipped content loads")
    }

    fn spell(tome: &dyn Rulebook, name: &str) -> SpellRef {
        spell_ref(tome, name).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn opts(enemy_tz: i64) -> CastOptions {
        CastOptions { enemy_tz, ..CastOptions::default() }
    }

    fn run(tome: &dyn Rulebook, name: &str, args: &[(&str, &str)]) -> Result<Outcome> {
        let values: BTreeMap<String, String> = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        crate::systems::calculate(tome, SYSTEM, name, values)
    }

    fn field(o: &Outcome, key: &str) -> serde_json::Value {
        o.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no field {key}"))
    }

    fn err(tome: &dyn Rulebook, name: &str, args: &[(&str, &str)]) -> String {
        match run(tome, name, args) {
            Ok(o) => panic!("{name} {args:?} should fail, gave {:?}", o.fields),
            Err(e) => e.to_string(),
        }
    }

    /// The success value of every spell as the document prints it: the 22 racial spells
    /// and the 14 open spells, listed from the end of the document backwards.
    const DOC_TARGETS: [(&str, &str, i64); 36] = [
        ("Call Roots", "2+", 2),
        ("Taming the Beast", "2+", 2),
        ("Form of Mist", "3+ (4+ if cast on opposing player)", 3),
        ("Necromancy", "4+", 4),
        ("Warpfire", "2+", 2),
        ("Screech of Frenzy", "3+", 3),
        ("Tattoos", "2+", 2),
        ("Blizzard", "3+", 3),
        ("Dragon Claw", "3+", 3),
        ("Swamp Call", "2+", 2),
        ("Clairvoyance", "3+", 3),
        ("Librarian", "3+", 3),
        ("Shift of Power", "2+", 2),
        ("Evil Twin", "3+", 3),
        ("Caterwauling", "2+", 2),
        ("Rune of Deflection", "2+", 2),
        ("Tormented Soul", "3+", 3),
        ("Rune of Fear", "2+", 2),
        ("Dark Initiation", "4+", 4),
        ("Blessing", "4+", 4),
        ("Cry of Jyhad", "3+", 3),
        ("Siren Song", "4+", 4),
        ("Time Bubble", "4+", 4),
        ("Invisibility", "3+", 3),
        ("The Long Door", "3+", 3),
        ("Weather Control", "3+", 3),
        ("Counterspell", "2+", 2),
        ("Fire Ball", "2+", 2),
        ("Guidance", "2+", 2),
        ("Toad", "2+", 2),
        ("Lightning Bolt", "2+", 2),
        ("Healing Hand", "2+", 2),
        ("Power Drain", "3+", 3),
        ("Speed of Light", "3+", 3),
        ("Medusa’s Gaze", "3+", 3),
        ("A Soul in Chains", "4+", 4),
    ];

    /// The Spell Table as the document prints it (3d6, result, success), from 18 down.
    const DOC_SPELL_TABLE: [(i64, &str, &str); 16] = [
        (18, "increase your level by 1", "auto"),
        (17, "Time Bubble", "4+"),
        (16, "Invisibility", "3+"),
        (15, "The Long Door", "3+"),
        (14, "Weather Control", "3+"),
        (13, "Counterspell", "2+"),
        (12, "Fire Ball", "2+"),
        (11, "Guidance", "2+"),
        (10, "Toad", "2+"),
        (9, "Lightning Bolt", "2+"),
        (8, "Healing Hand", "2+"),
        (7, "Power Drain", "3+"),
        (6, "Speed of Light", "3+"),
        (5, "Medusa’s Gaze", "3+"),
        (4, "A Soul in Chains", "4+"),
        (3, "choose a spell", "auto"),
    ];

    /// The Dark Initiation list as the document prints it, from 15 down to 1 (16-20 is
    /// death).
    const DOC_MUTATIONS: [&str; 15] = [
        "Very Long Legs",
        "Two Heads",
        "Thick Skull",
        "Tentacles",
        "Stunty",
        "Spikes",
        "Regeneration",
        "Razor Sharp Fangs",
        "Prehensile Tail",
        "Hypnotic Gaze",
        "Horns",
        "Foul Appearance",
        "Extra Arms",
        "Claw",
        "Big Hand",
    ];

    #[test]
    fn every_spell_target_matches_the_document() {
        let tome = tome();
        let shipped = tome.list(Kind::Spell, Some(SYSTEM)).unwrap();
        assert_eq!(shipped.len(), 36, "14 open and 22 racial spells");
        for (name, printed, target) in DOC_TARGETS {
            let s = spell(&tome, name);
            assert_eq!(s.name, name);
            assert_eq!(s.target, target, "{name}");
            let e = tome.show(&s.id).unwrap();
            let Some(Detail::Spell(detail)) = e.detail else { panic!("{name} has no spell fields") };
            assert_eq!(detail.success, printed, "{name}");
            // With no modifiers (equal levels for the two level contests) the casting
            // calculator needs exactly the printed target.
            let o = CastOptions { level: Some(1), enemy_level: Some(1), ..CastOptions::default() };
            assert_eq!(cast(&s, &o).unwrap().needs, target, "{name}");
        }
    }

    /// Casting on 2+, 3+ and 4+ in 0, 1 and 2 enemy tackle zones: each zone is -1 on the
    /// roll, so the needed face climbs by one and the chance drops by 1/6.
    #[test]
    fn casting_odds_by_target_and_tackle_zones() {
        let tome = tome();
        let cases = [
            ("Healing Hand", [(2, 0.8333), (3, 0.6667), (4, 0.5)]),
            ("Speed of Light", [(3, 0.6667), (4, 0.5), (5, 0.3333)]),
            ("Time Bubble", [(4, 0.5), (5, 0.3333), (6, 0.1667)]),
        ];
        for (name, rows) in cases {
            let s = spell(&tome, name);
            for (tz, (needs, p)) in rows.into_iter().enumerate() {
                let c = cast(&s, &opts(tz as i64)).unwrap();
                assert_eq!((c.needs, c.probability), (needs, p), "{name} with {tz} TZ");
                assert!(c.warnings.is_empty());
            }
        }
        // 4+ in three enemy zones needs a 7: impossible, and said so.
        let c = cast(&spell(&tome, "Time Bubble"), &opts(3)).unwrap();
        assert_eq!((c.needs, c.probability), (7, 0.0));
        assert!(c.faces.is_empty());
        assert!(c.warnings.iter().any(|w| w.contains("cannot succeed")));
    }

    /// The brief's example: 3+ with one enemy tackle zone needs a 4, an even chance.
    #[test]
    fn three_plus_in_one_tackle_zone_is_even() {
        let tome = tome();
        let o = run(&tome, "cast", &[("spell", "Medusa's Gaze"), ("enemy-tz", "1")]).unwrap();
        assert_eq!(field(&o, "needs"), 4);
        assert_eq!(field(&o, "probability"), 0.5);
    }

    /// The document has no general "a 1 always fails" rule for casting: without one, the
    /// ordinary spells succeed on exactly the faces at or above the target.
    #[test]
    fn ordinary_spells_have_no_natural_rules() {
        assert_eq!(d6_odds(2, false), (vec![2, 3, 4, 5, 6], 0.8333));
        assert_eq!(d6_odds(7, false), (vec![], 0.0));
        assert_eq!(d6_odds(1, false).1, 1.0);
        assert_eq!(d6_odds(1, true), (vec![2, 3, 4, 5, 6], 0.8333));
        assert_eq!(d6_odds(9, true), (vec![6], 0.1667));
    }

    /// Power Drain (3+): level 2 against level 1 is +1 on the roll, so a 2 will do, but a
    /// natural 1 still fails: 5 chances in 6.
    #[test]
    fn power_drain_levels_and_natural_rolls() {
        let tome = tome();
        let pd = spell(&tome, "Power Drain");
        let with = |tz, level, enemy| {
            cast(&pd, &CastOptions { enemy_tz: tz, level: Some(level), enemy_level: Some(enemy), ..Default::default() })
                .unwrap()
        };
        let c = with(1, 2, 1);
        assert_eq!((c.needs, c.probability), (3, 0.6667), "one TZ takes the level edge back");
        let c = with(0, 2, 1);
        assert_eq!((c.needs, c.probability, c.faces.clone()), (2, 0.8333, vec![2, 3, 4, 5, 6]));
        // Far higher level: the sum says a 0 or less would do, yet the 1 still fails.
        let c = with(0, 6, 1);
        assert_eq!((c.needs, c.probability), (-2, 0.8333));
        // Far lower level: the sum says 8, yet a natural 6 still succeeds.
        let c = with(0, 1, 6);
        assert_eq!((c.needs, c.probability, c.faces.clone()), (8, 0.1667, vec![6]));
        assert!(c.warnings.iter().any(|w| w.contains("next to")), "no TZ on an adjacent target is flagged");
        // Equal levels: the plain 3+.
        assert_eq!(with(1, 3, 3).needs, 4);
        // Power Drain needs both levels.
        let e = cast(&pd, &CastOptions { level: Some(2), ..Default::default() }).unwrap_err().to_string();
        assert!(e.contains("--enemy-level") && e.contains("1 to 10"), "{e}");
        let e = cast(&pd, &opts(1)).unwrap_err().to_string();
        assert!(e.contains("--level") && e.contains("1 to 10"), "{e}");
    }

    /// Counterspell (2+): the same level contest against a spell; against a Magic Item
    /// card the levels do not count, but the natural 6 and 1 rules still do.
    #[test]
    fn counterspell_levels_and_magic_items() {
        let tome = tome();
        let cs = spell(&tome, "Counterspell");
        let c = cast(&cs, &CastOptions { level: Some(1), enemy_level: Some(1), ..Default::default() }).unwrap();
        assert_eq!((c.needs, c.probability), (2, 0.8333));
        let c = cast(&cs, &CastOptions { enemy_tz: 2, level: Some(1), enemy_level: Some(3), ..Default::default() })
            .unwrap();
        assert_eq!((c.needs, c.probability), (6, 0.1667));
        let c = cast(&cs, &CastOptions { enemy_tz: 4, level: Some(1), enemy_level: Some(3), ..Default::default() })
            .unwrap();
        assert_eq!((c.needs, c.probability), (8, 0.1667), "a natural 6 always counters");
        let c = cast(&cs, &CastOptions { enemy_tz: 1, level: Some(4), ..Default::default() }).unwrap();
        assert_eq!((c.needs, c.probability), (3, 0.6667), "a Magic Item card: no levels");
        assert!(!c.warnings.is_empty());
    }

    /// Form of Mist succeeds on 3+, or 4+ on an opposing player (-1 on the roll).
    #[test]
    fn form_of_mist_on_an_opponent() {
        let tome = tome();
        let fm = spell(&tome, "Form of Mist");
        assert_eq!(cast(&fm, &opts(0)).unwrap().needs, 3);
        let c = cast(&fm, &CastOptions { opposing: true, ..Default::default() }).unwrap();
        assert_eq!((c.needs, c.probability), (4, 0.5));
        let c = cast(&fm, &CastOptions { enemy_tz: 1, opposing: true, ..Default::default() }).unwrap();
        assert_eq!((c.needs, c.probability), (5, 0.3333));
        // On another spell the flag changes nothing and says so.
        let c = cast(&spell(&tome, "Toad"), &CastOptions { opposing: true, ..Default::default() }).unwrap();
        assert_eq!(c.needs, 2);
        assert!(c.warnings.iter().any(|w| w.contains("--opposing")));
    }

    /// Blizzard (3+): +1 in the Northmarks (a 2 will do), -2 in the Southern Provinces
    /// (a 5 is needed).
    #[test]
    fn blizzard_by_stadium() {
        let tome = tome();
        let b = spell(&tome, "Blizzard");
        let at = |s| cast(&b, &CastOptions { stadium: Some(s), ..Default::default() }).unwrap();
        assert_eq!((at(Stadium::Northmarks).needs, at(Stadium::Northmarks).probability), (2, 0.8333));
        assert_eq!((at(Stadium::SouthernProvinces).needs, at(Stadium::SouthernProvinces).probability), (5, 0.3333));
        let o = run(&tome, "cast", &[("spell", "blizzard"), ("stadium", "northmarks")]).unwrap();
        assert_eq!(field(&o, "needs"), 2);
    }

    /// Levels given for an ordinary spell change nothing and are flagged.
    #[test]
    fn levels_ignored_on_ordinary_spells() {
        let tome = tome();
        let c = cast(
            &spell(&tome, "Fire Ball"),
            &CastOptions { level: Some(5), enemy_level: Some(1), ..Default::default() },
        )
        .unwrap();
        assert_eq!(c.needs, 2);
        assert!(c.warnings.iter().any(|w| w.contains("levels")));
    }

    /// Every spell, every combination of options, every level pair, 0 to 8 enemy tackle
    /// zones: the chance stays within 0 and 1, matches the faces, and never rises as
    /// tackle zones are added; needs never falls as tackle zones are added.
    #[test]
    fn more_tackle_zones_never_help() {
        let tome = tome();
        let stadiums = [None, Some(Stadium::Northmarks), Some(Stadium::SouthernProvinces)];
        let levels: Vec<(Option<i64>, Option<i64>)> = std::iter::once((None, None))
            .chain((1..=MAX_LEVEL).map(|l| (Some(l), None)))
            .chain((1..=MAX_LEVEL).flat_map(|l| (1..=MAX_LEVEL).map(move |e| (Some(l), Some(e)))))
            .collect();
        for (name, _, _) in DOC_TARGETS {
            let s = spell(&tome, name);
            for opposing in [false, true] {
                for stadium in stadiums {
                    for &(level, enemy_level) in &levels {
                        let mut prev: Option<Casting> = None;
                        for enemy_tz in 0..=MAX_ENEMY_TZ {
                            let o = CastOptions { enemy_tz, level, enemy_level, opposing, stadium };
                            let Ok(c) = cast(&s, &o) else {
                                assert!(s.id == POWER_DRAIN || s.id == COUNTERSPELL, "{name} {o:?}");
                                continue;
                            };
                            assert!((0.0..=1.0).contains(&c.probability), "{name} {o:?}");
                            assert_eq!(c.probability, round4(c.faces.len() as f64 / 6.0));
                            if let Some(p) = &prev {
                                assert!(c.probability <= p.probability, "{name} {o:?}");
                                assert_eq!(c.needs, p.needs + 1, "{name} {o:?}");
                            }
                            prev = Some(c);
                        }
                    }
                }
            }
        }
    }

    /// Power Drain and Counterspell always keep the natural 6 and always lose the natural
    /// 1, whatever the levels.
    #[test]
    fn natural_rules_hold_for_every_level_pair() {
        let tome = tome();
        for name in ["Power Drain", "Counterspell"] {
            let s = spell(&tome, name);
            for level in 1..=MAX_LEVEL {
                for enemy in 1..=MAX_LEVEL {
                    for tz in 0..=MAX_ENEMY_TZ {
                        let o = CastOptions {
                            enemy_tz: tz,
                            level: Some(level),
                            enemy_level: Some(enemy),
                            ..Default::default()
                        };
                        let c = cast(&s, &o).unwrap();
                        assert!(c.faces.contains(&6) && !c.faces.contains(&1), "{name} {o:?}");
                        assert!((0.1667..=0.8333).contains(&c.probability));
                    }
                }
            }
        }
    }

    /// The document: a level 3 caster casts three spells a match; rookies (level 1) one.
    #[test]
    fn spells_per_match_is_the_level() {
        assert_eq!(spells_per_match(1).unwrap().0, 1);
        assert_eq!(spells_per_match(3).unwrap().0, 3);
        for level in 1..=MAX_LEVEL {
            assert_eq!(spells_per_match(level).unwrap().0, level);
        }
        for bad in [0, MAX_LEVEL + 1, -1] {
            assert!(spells_per_match(bad).unwrap_err().to_string().contains("from 1 to 10"));
        }
    }

    /// All 16 rows of the shipped Spell Table against the document, cell by cell, and
    /// what the calculator makes of each.
    #[test]
    fn spell_table_row_by_row() {
        let tome = tome();
        let table = tome.table(SPELL_TABLE, None).unwrap();
        assert_eq!(table.dice.as_deref(), Some("3d6"));
        assert_eq!(table.rows.len(), 16);
        for ((roll, name, success), row) in DOC_SPELL_TABLE.into_iter().rev().zip(&table.rows) {
            assert_eq!(row.roll, Some([roll, roll]));
            assert_eq!(row.cells, vec![roll.to_string(), name.to_string(), success.to_string()]);
            let r = spell_roll(&tome, roll, &[]).unwrap();
            assert_eq!((r.spell.as_str(), r.success.as_str()), (name, success), "roll {roll}");
            assert_eq!(r.level_up, roll == 18, "roll {roll}");
            assert_eq!(r.spell_id.is_some(), (4..=17).contains(&roll), "roll {roll}");
            if let Some(id) = &r.spell_id {
                // The table's success column agrees with the spell's own entry.
                let target: i64 = success.trim_end_matches('+').parse().unwrap();
                assert_eq!(spell(&tome, id).target, target);
            }
        }
    }

    /// Rolling a spell the caster already knows gives +1 level instead; other known spells
    /// change nothing.
    #[test]
    fn duplicate_spell_becomes_a_level() {
        let tome = tome();
        let known = vec!["mlaf/spell/fire-ball".to_string(), "mlaf/spell/toad".to_string()];
        let r = spell_roll(&tome, 12, &known).unwrap();
        assert_eq!(r.spell, "increase your level by 1");
        assert!(r.level_up);
        assert_eq!(r.duplicate.as_deref(), Some("Fire Ball"));
        let r = spell_roll(&tome, 11, &known).unwrap();
        assert_eq!(r.spell, "Guidance");
        assert!(!r.level_up);
        // Through the calculator, by name with a typed apostrophe.
        let o = run(&tome, "spell-roll", &[("roll", "5"), ("known", "Toad, Medusa's Gaze")]).unwrap();
        assert_eq!(field(&o, "spell"), "increase your level by 1");
        assert_eq!(field(&o, "level-up"), true);
        let o = run(&tome, "spell-roll", &[("roll", "3"), ("known", "Toad")]).unwrap();
        assert_eq!(field(&o, "spell"), "choose a spell");
    }

    /// A seed gives the same roll every time, and the dice add up to the roll.
    #[test]
    fn seeded_rolls_repeat() {
        let tome = tome();
        for seed in ["0", "7", "123456789"] {
            let a = run(&tome, "spell-roll", &[("seed", seed)]).unwrap();
            let b = run(&tome, "spell-roll", &[("seed", seed)]).unwrap();
            assert_eq!(a.fields, b.fields);
            let dice: Vec<i64> = serde_json::from_value(field(&a, "dice")).unwrap();
            assert_eq!(dice.len(), 3);
            assert_eq!(field(&a, "roll"), dice.iter().sum::<i64>());
            let m = run(&tome, "mutation", &[("seed", seed)]).unwrap();
            let roll = field(&m, "roll").as_i64().unwrap();
            assert!((1..=20).contains(&roll));
        }
    }

    /// All 20 rows of the shipped mutation table against the document: 1 to 15 give that
    /// mutation and a missed game, 16 to 20 kill.
    #[test]
    fn mutation_table_row_by_row() {
        let tome = tome();
        let table = tome.table(MUTATION_TABLE, None).unwrap();
        assert_eq!(table.dice.as_deref(), Some("1d20"));
        let mut names = mutation_names(&tome).unwrap();
        names.reverse();
        assert_eq!(names, DOC_MUTATIONS);
        for roll in 1..=20 {
            let m = mutation(&tome, roll, &[]).unwrap();
            if roll <= 15 {
                assert_eq!(m.mutation.as_deref(), Some(DOC_MUTATIONS[15 - roll as usize]), "roll {roll}");
                assert!(m.misses_next_game && !m.dies, "roll {roll}");
            } else {
                assert_eq!(m.mutation, None, "roll {roll}");
                assert!(m.dies && !m.misses_next_game, "roll {roll}");
            }
        }
        let last = table.rows.last().unwrap();
        assert_eq!(last.roll, Some([16, 20]));
    }

    /// Rolling a mutation the player already has kills him; plural names ("Claws") match.
    #[test]
    fn a_mutation_already_held_kills() {
        let tome = tome();
        let has = vec!["Claws".to_string(), "horns".to_string()];
        let m = mutation(&tome, 2, &has).unwrap();
        assert!(m.dies && !m.misses_next_game);
        assert_eq!(m.mutation.as_deref(), Some("Claw"));
        assert!(mutation(&tome, 5, &has).unwrap().dies);
        let m = mutation(&tome, 3, &has).unwrap();
        assert!(!m.dies && m.misses_next_game);
        let e = mutation(&tome, 3, &["Wings".to_string()]).unwrap_err().to_string();
        assert!(e.contains("Wings") && e.contains("Big Hand"), "{e}");
        let o = run(&tome, "mutation", &[("roll", "13"), ("has", "Thick Skull")]).unwrap();
        assert_eq!(field(&o, "result"), "dies");
    }

    /// The Star Player Roll: 2 to 9 opens a skill or the Spell Table; doubles open any
    /// skill, any spell or a level.
    #[test]
    fn star_player_rolls() {
        let tome = tome();
        let r = star_player_roll(3, 5).unwrap();
        assert_eq!((r.total, r.doubles), (8, false));
        assert!(r.options.iter().any(|o| o.contains("Spell Table")));
        let r = star_player_roll(3, 3).unwrap();
        assert!(r.doubles);
        assert!(r.options.iter().any(|o| o.contains("+1 level")));
        let r = star_player_roll(4, 6).unwrap();
        assert!(r.options.is_empty(), "10 to 12 without doubles is left to the normal rules");
        assert!(star_player_roll(0, 3).is_err());
        let e = err(&tome, "star-player-roll", &[("dice", "3")]);
        assert!(e.contains("exactly two"), "{e}");
    }

    /// A Soul in Chains: 1-2 back for the second half, 3-4 back after the match, 5-6 also
    /// misses the next match; the caster's own soul rolls at -1 (a 3 reads as a 2).
    #[test]
    fn soul_in_chains_rows() {
        let tome = tome();
        let expect = [
            (1, true, false),
            (2, true, false),
            (3, false, false),
            (4, false, false),
            (5, false, true),
            (6, false, true),
        ];
        for (roll, back, mng) in expect {
            let s = soul_in_chains(&tome, roll, false).unwrap();
            assert_eq!((s.plays_second_half, s.misses_next_match), (back, mng), "roll {roll}");
        }
        let s = soul_in_chains(&tome, 3, true).unwrap();
        assert_eq!(s.modified, 2);
        assert!(s.plays_second_half);
        assert_eq!(soul_in_chains(&tome, 1, true).unwrap().modified, 1);
    }

    /// Shift of Power takes 1, 2 or 3 re-rolls, never more than the opponents have.
    #[test]
    fn shift_of_power_rows_and_cap() {
        let tome = tome();
        for (roll, take) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
            let s = shift_of_power(&tome, roll, 4).unwrap();
            assert_eq!((s.lost, s.gained, s.left), (take, take, 4 - take), "roll {roll}");
        }
        let s = shift_of_power(&tome, 6, 1).unwrap();
        assert_eq!((s.lost, s.gained, s.left), (1, 1, 0));
        let s = shift_of_power(&tome, 3, 0).unwrap();
        assert_eq!((s.lost, s.gained), (0, 0));
        let rows: Vec<_> = tome.table(SHIFT_TABLE, None).unwrap().rows.iter().map(|r| r.roll).collect();
        assert_eq!(rows, [Some([1, 2]), Some([3, 4]), Some([5, 6])]);
    }

    /// Clairvoyance: 1 shows one card, 2 to 5 half of them rounded up, 6 all.
    #[test]
    fn clairvoyance_rows() {
        let tome = tome();
        assert_eq!(clairvoyance(&tome, 1, 5).unwrap().0, 1);
        assert_eq!(clairvoyance(&tome, 1, 0).unwrap().0, 0);
        for roll in 2..=5 {
            assert_eq!(clairvoyance(&tome, roll, 5).unwrap().0, 3, "half of 5, rounded up");
            assert_eq!(clairvoyance(&tome, roll, 4).unwrap().0, 2);
        }
        assert_eq!(clairvoyance(&tome, 6, 5).unwrap().0, 5);
        let rows: Vec<_> = tome.table(CLAIRVOYANCE_TABLE, None).unwrap().rows.iter().map(|r| r.roll).collect();
        assert_eq!(rows, [Some([1, 1]), Some([2, 5]), Some([6, 6])]);
    }

    /// Toad: 4+ makes a toad; a 2 scatters the spell twice (the document's example).
    #[test]
    fn toad_rolls() {
        assert_eq!(toad(2).unwrap().1, 2);
        for roll in 1..=3 {
            assert!(!toad(roll).unwrap().0);
            assert_eq!(toad(roll).unwrap().1, roll);
        }
        for roll in 4..=6 {
            assert!(toad(roll).unwrap().0);
            assert_eq!(toad(roll).unwrap().1, 0);
        }
        let cells = &tome().table(TOAD_PROFILE, None).unwrap().rows[0].cells;
        assert_eq!(cells[..4], ["4", "1", "4", "4"]);
    }

    /// Every term links to an entry that exists.
    #[test]
    fn term_rules_exist() {
        let tome = tome();
        let mut outcomes = vec![
            run(&tome, "cast", &[("spell", "Power Drain"), ("level", "2"), ("enemy-level", "1"), ("enemy-tz", "1")])
                .unwrap(),
            run(&tome, "cast", &[("spell", "Weather Control")]).unwrap(),
            run(&tome, "cast", &[("spell", "Form of Mist"), ("opposing", "true")]).unwrap(),
            run(&tome, "cast", &[("spell", "Blizzard"), ("stadium", "southern-provinces")]).unwrap(),
            run(&tome, "cast", &[("spell", "Counterspell"), ("level", "2")]).unwrap(),
            run(&tome, "spells-per-match", &[("level", "2")]).unwrap(),
            run(&tome, "spell-roll", &[("roll", "7"), ("known", "Power Drain")]).unwrap(),
            run(&tome, "spell-roll", &[("roll", "8")]).unwrap(),
            run(&tome, "mutation", &[("roll", "2"), ("has", "claw")]).unwrap(),
            run(&tome, "mutation", &[("roll", "18")]).unwrap(),
            run(&tome, "mutation", &[("roll", "9")]).unwrap(),
            run(&tome, "star-player-roll", &[("dice", "2,2")]).unwrap(),
            run(&tome, "star-player-roll", &[("dice", "2,3")]).unwrap(),
            run(&tome, "star-player-roll", &[("dice", "5,6")]).unwrap(),
            run(&tome, "soul-in-chains", &[("roll", "4"), ("caster", "true")]).unwrap(),
            run(&tome, "shift-of-power", &[("roll", "6"), ("opponent-rerolls", "1")]).unwrap(),
            run(&tome, "clairvoyance", &[("roll", "3"), ("cards", "3")]).unwrap(),
            run(&tome, "toad", &[("roll", "5")]).unwrap(),
            run(&tome, "toad", &[("roll", "1")]).unwrap(),
        ];
        let rules: Vec<Term> = outcomes.iter_mut().flat_map(|o| o.terms.drain(..)).collect();
        for t in rules {
            let id = t.rule.unwrap_or_else(|| panic!("term `{}` has no rule", t.label));
            tome.show(&id).unwrap_or_else(|e| panic!("term `{}` links to {id}: {e}", t.label));
        }
        for c in calculators() {
            tome.show(c.rule.unwrap()).unwrap();
        }
    }

    /// Each calculator through the registry with good inputs, and bad ones that fail
    /// naming what is allowed.
    #[test]
    fn calculators_run_and_reject_bad_input() {
        let tome = tome();
        let o = run(&tome, "cast", &[("spell", "Power Drain"), ("level", "2"), ("enemy-level", "1")]).unwrap();
        assert_eq!((field(&o, "needs"), field(&o, "probability")), (2.into(), 0.8333.into()));
        let o = run(&tome, "cast", &[("spell", "mlaf/spell/time-bubble"), ("enemy-tz", "2")]).unwrap();
        assert_eq!(field(&o, "needs"), 6);
        assert_eq!(field(&o, "probability"), 0.1667);
        let o = run(&tome, "cast", &[("spell", "form of mist"), ("opposing", "true")]).unwrap();
        assert_eq!(field(&o, "needs"), 4);
        let o = run(&tome, "spells-per-match", &[("level", "3")]).unwrap();
        assert_eq!(field(&o, "spells"), 3);
        let o = run(&tome, "spell-roll", &[("roll", "13")]).unwrap();
        assert_eq!(field(&o, "spell"), "Counterspell");
        let o = run(&tome, "mutation", &[("roll", "15")]).unwrap();
        assert_eq!(field(&o, "mutation"), "Very Long Legs");
        assert_eq!(field(&o, "misses-next-game"), true);
        let o = run(&tome, "soul-in-chains", &[("roll", "5")]).unwrap();
        assert_eq!(field(&o, "misses-next-match"), true);
        let o = run(&tome, "shift-of-power", &[("roll", "5"), ("opponent-rerolls", "2")]).unwrap();
        assert_eq!(field(&o, "lost"), 2);
        let o = run(&tome, "clairvoyance", &[("roll", "6"), ("cards", "4")]).unwrap();
        assert_eq!(field(&o, "shown"), 4);
        let o = run(&tome, "toad", &[("roll", "2")]).unwrap();
        assert_eq!(field(&o, "scatters"), 2);
        for name in ["soul-in-chains", "toad"] {
            assert!(run(&tome, name, &[("seed", "3")]).is_ok());
        }

        type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
        let bad: &[Case] = &[
            ("cast", &[("spell", "Toad"), ("enemy-tz", "-1")], "from 0 to 8"),
            ("cast", &[("spell", "Toad"), ("enemy-tz", "9")], "from 0 to 8"),
            ("cast", &[("spell", "Power Drain"), ("level", "0"), ("enemy-level", "1")], "from 1 to 10"),
            ("cast", &[("spell", "Power Drain"), ("level", "2"), ("enemy-level", "11")], "from 1 to 10"),
            ("cast", &[("spell", "Power Drain")], "1 to 10"),
            ("cast", &[("spell", "Toad"), ("stadium", "moon")], "northmarks"),
            ("cast", &[], "--spell"),
            ("spells-per-match", &[("level", "0")], "from 1 to 10"),
            ("spells-per-match", &[("level", "11")], "from 1 to 10"),
            ("spell-roll", &[("roll", "2")], "from 3 to 18"),
            ("spell-roll", &[("roll", "19")], "from 3 to 18"),
            ("spell-roll", &[("roll", "5"), ("seed", "1")], "not both"),
            ("spell-roll", &[("seed", "-1")], "from 0"),
            ("mutation", &[("roll", "0")], "from 1 to 20"),
            ("mutation", &[("roll", "21")], "from 1 to 20"),
            ("mutation", &[("roll", "3"), ("has", "Wings")], "not on the mutation table"),
            ("star-player-roll", &[("dice", "7,1")], "from 1 to 6"),
            ("soul-in-chains", &[("roll", "7")], "from 1 to 6"),
            ("shift-of-power", &[("roll", "1"), ("opponent-rerolls", "11")], "from 0 to 10"),
            ("clairvoyance", &[("roll", "1"), ("cards", "21")], "from 0 to 20"),
            ("toad", &[("roll", "0")], "from 1 to 6"),
        ];
        for (name, args, says) in bad {
            let e = err(&tome, name, args);
            assert!(e.contains(says), "{name} {args:?}: `{e}` should mention `{says}`");
        }
        // Unknown spells are not found, with the name echoed back.
        let e = err(&tome, "cast", &[("spell", "Summon Dragon")]);
        assert!(e.contains("Summon Dragon"), "{e}");
        let e = err(&tome, "spell-roll", &[("roll", "4"), ("known", "Summon Dragon")]);
        assert!(e.contains("Summon Dragon"), "{e}");
        // Another system's entry is not an MLAF spell.
        let e = err(&tome, "cast", &[("spell", "ars-magica/weapon/sword-long")]);
        assert!(e.contains("not an MLAF spell"), "{e}");
    }

    /// Direct calls with values a user could type never panic and name the range.
    #[test]
    fn direct_calls_check_ranges() {
        let tome = tome();
        let toad_spell = spell(&tome, "Toad");
        for tz in [-1, 9, i64::MIN, i64::MAX] {
            let e = cast(&toad_spell, &opts(tz)).unwrap_err().to_string();
            assert!(e.contains("from 0 to 8"), "{e}");
        }
        for roll in [2, 19, -5] {
            assert!(spell_roll(&tome, roll, &[]).unwrap_err().to_string().contains("from 3 to 18"));
        }
        for roll in [0, 21] {
            assert!(mutation(&tome, roll, &[]).unwrap_err().to_string().contains("from 1 to 20"));
        }
        assert!(toad(7).is_err());
        assert!(soul_in_chains(&tome, 0, false).is_err());
        assert!(shift_of_power(&tome, 1, -1).is_err());
        assert!(clairvoyance(&tome, 1, -1).is_err());
        let odd = SpellRef { id: "x".into(), name: "x".into(), target: 9 };
        assert!(cast(&odd, &opts(0)).unwrap_err().to_string().contains("from 2 to 6"));
    }
}
