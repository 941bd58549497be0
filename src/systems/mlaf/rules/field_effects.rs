//! Spells that leave an effect on the pitch for a while: Caterwauling (the opponents'
//! AG-table rolls), Evil Twin (one more tackle zone on a player) and Swamp Call (mud that
//! costs 2 MA a square).

use super::*;

pub(crate) const CATERWAULING: &str = "mlaf/spell/caterwauling";
pub(crate) const GUIDANCE: &str = "mlaf/spell/guidance";
pub(crate) const INVISIBILITY: &str = "mlaf/spell/invisibility";
pub(crate) const TAMING_THE_BEAST: &str = "mlaf/spell/taming-the-beast";
pub(crate) const EVIL_TWIN: &str = "mlaf/spell/evil-twin";
pub(crate) const SWAMP_CALL: &str = "mlaf/spell/swamp-call";

/// Caterwauling's modifier on every AG-table roll of the opposing team, for their turn.
pub const CATERWAULING_AG: i64 = -1;
/// The tackle zones an Evil Twin adds to the real ones around its target.
pub const EVIL_TWIN_TZ: i64 = 1;
/// MA a move out of a Swamp Call square costs.
pub const SWAMP_MA: i64 = 2;

/// Caterwauling's modifier, as a term.
pub fn caterwauling() -> Term {
    Term::num("Caterwauling: each AG-table roll of the opposing team", CATERWAULING_AG, Some(CATERWAULING))
}

/// The tackle zones a player with an Evil Twin counts: the enemy ones he stands in and
/// the Twin's, which nothing can make him ignore.
///
/// # Errors
/// [`Error::InvalidInput`] for more than [`MAX_ENEMY_TZ`] real tackle zones.
pub fn evil_twin(enemy_tz: i64) -> Result<(i64, Vec<Term>)> {
    check("--enemy-tz (enemy tackle zones the player stands in)", enemy_tz, (0, MAX_ENEMY_TZ))?;
    let terms = vec![
        Term::num("Enemy tackle zones he stands in", enemy_tz, Some(EVIL_TWIN)),
        Term::num("Evil Twin's tackle zone (always counts)", EVIL_TWIN_TZ, Some(EVIL_TWIN)),
    ];
    Ok((enemy_tz + EVIL_TWIN_TZ, terms))
}

/// The squares a player of `ma` moves when `mud_moves` of them start on Swamp Call mud
/// (2 MA each, and no extra squares from the mud).
///
/// # Errors
/// [`Error::InvalidInput`] for an MA outside 1 to [`MAX_MA`], or more moves out of the
/// mud than his MA pays for.
pub fn swamp_call(ma: i64, mud_moves: i64) -> Result<(i64, Vec<Term>)> {
    check("--ma (the player's MA)", ma, (1, MAX_MA))?;
    check("--mud-moves (moves that start on a swamped square)", mud_moves, (0, MAX_MA))?;
    let cost = mud_moves * SWAMP_MA;
    if cost > ma {
        return Err(Error::InvalidInput(format!(
            "--mud-moves: {mud_moves} moves out of the mud cost {cost} MA and he has {ma}; going for it is not allowed from the mud, so at most {}",
            ma / SWAMP_MA
        )));
    }
    let squares = mud_moves + (ma - cost);
    let terms = vec![
        Term::num("MA", ma, Some(SWAMP_CALL)),
        Term::num(format!("{mud_moves} moves out of the mud, {SWAMP_MA} MA each"), -cost, Some(SWAMP_CALL)),
        Term::num("Each move out of the mud is a square", mud_moves, Some(SWAMP_CALL)),
        Term::note("Squares within his MA", squares, Some(SWAMP_CALL)),
        Term::text("Going for it from the mud", "not allowed", Some(SWAMP_CALL)),
    ];
    Ok((squares, terms))
}

const EVIL_TWIN_PARAMS: &[Param] = &[Param {
    name: "enemy-tz",
    help: "enemy tackle zones the player with the Evil Twin stands in",
    kind: ParamKind::Int { min: 0, max: MAX_ENEMY_TZ },
    required: false,
    default: Some("0"),
}];

const SWAMP_CALL_PARAMS: &[Param] = &[
    Param {
        name: "ma",
        help: "the player's MA (1 to 10)",
        kind: ParamKind::Int { min: 1, max: MAX_MA },
        required: true,
        default: None,
    },
    Param {
        name: "mud-moves",
        help: "moves that start on a swamped square (2 MA each)",
        kind: ParamKind::Int { min: 0, max: MAX_MA },
        required: true,
        default: None,
    },
];

pub fn field_effect_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "evil-twin",
            summary: "The tackle zones a player with an Evil Twin counts",
            params: EVIL_TWIN_PARAMS,
            rule: Some(EVIL_TWIN),
            run: run_evil_twin,
        },
        Calculator {
            system: SYSTEM,
            name: "swamp-call",
            summary: "How far a player moves when some of his moves start in Swamp Call mud",
            params: SWAMP_CALL_PARAMS,
            rule: Some(SWAMP_CALL),
            run: run_swamp_call,
        },
    ]
}

fn run_evil_twin(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (tz, terms) = evil_twin(i.int("enemy-tz")?)?;
    Ok(Outcome::default().field("tackle-zones", tz).terms(terms))
}

fn run_swamp_call(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (squares, terms) = swamp_call(i.int("ma")?, i.int("mud-moves")?)?;
    Ok(Outcome::default().field("squares", squares).terms(terms))
}
