//! Critical hits.

use super::*;

/// A weapon crits on a natural 20 before any widening.
pub const CRIT_NATURAL: i64 = 20;
/// The crit range never starts below 16 (16-20).
pub const CRIT_CAP: i64 = 16;
/// Largest number of crit range increases accepted (each of expansions and Vulnerable).
pub const EXPANSIONS_MAX: i64 = 20;

/// What the natural d20 of an attack says, with the `crit` a user marked: `(crit,
/// fumble)`. A natural 1 is a critical fail (an automatic miss), a natural 20 always crits.
///
/// # Errors
/// A crit marked on a natural 1, or on a natural below the lowest crit range (16).
pub fn natural_roll(natural: Option<i64>, crit_marked: bool) -> Result<(bool, bool)> {
    match natural {
        Some(1) if crit_marked => {
            Err(Error::InvalidInput("--crit with --natural 1: a natural 1 is a critical fail".into()))
        }
        Some(n) if crit_marked && n < CRIT_CAP => Err(Error::InvalidInput(format!(
            "--crit with --natural {n}: the crit range never reaches below {CRIT_CAP}"
        ))),
        _ => Ok((crit_marked || natural == Some(CRIT_NATURAL), natural == Some(1))),
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CritRange {
    /// The lowest natural d20 roll that crits.
    pub crit_min: i64,
    /// Increases beyond the 16-20 cap, which do nothing.
    pub wasted: i64,
    pub terms: Vec<Term>,
}

/// The crit range: 20, lowered by one per expansion (a target's Vulnerable X to the
/// attack's damage type counts as X more), never below 16.
///
/// # Errors
/// Expansions or Vulnerable outside 0..=20.
pub fn crit_range(expansions: i64, vulnerable: i64) -> Result<CritRange> {
    check("crit range expansions", expansions, (0, EXPANSIONS_MAX))?;
    check("Vulnerable", vulnerable, (0, EXPANSIONS_MAX))?;
    let wanted = CRIT_NATURAL - expansions - vulnerable;
    let crit_min = wanted.max(CRIT_CAP);
    let mut terms = vec![Term::num("Natural crit", CRIT_NATURAL, Some(R_WEAPON_CRIT))];
    if expansions > 0 {
        terms.push(Term::num("Crit range expansions", -expansions, Some(R_WEAPON_CRIT)));
    }
    if vulnerable > 0 {
        terms.push(Term::num("Target Vulnerable to the damage", -vulnerable, Some(R_VULNERABLE)));
    }
    if wanted < CRIT_CAP {
        terms.push(Term::num("Capped at 16-20", CRIT_CAP - wanted, Some(R_WEAPON_CRIT)));
    }
    Ok(CritRange { crit_min, wasted: CRIT_CAP - wanted.min(CRIT_CAP), terms })
}

/// Most damage dice in one critical damage roll, and their largest die.
pub const CRIT_DICE_MAX: u32 = 20;
pub const CRIT_SIDES_MAX: u32 = 100;
/// Largest damage modifier accepted, either way.
pub const MODIFIER_MAX: i64 = 100;

/// A weapon's damage dice, one size or several added ("2d6", "2d4+1d6").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageDice(pub Vec<Dice>);

impl DamageDice {
    /// The lowest and highest total the dice can roll.
    pub fn span(&self) -> (i64, i64) {
        self.0.iter().map(Dice::span).fold((0, 0), |(a, b), (c, d)| (a + c, b + d))
    }

    /// Rolls every die: the total and each face.
    pub fn roll(&self, rng: &mut impl rand::Rng) -> (i64, Vec<i64>) {
        let faces: Vec<i64> = self.0.iter().flat_map(|d| d.roll(rng).faces).collect();
        (faces.iter().sum(), faces)
    }
}

impl From<Dice> for DamageDice {
    fn from(d: Dice) -> Self {
        DamageDice(vec![d])
    }
}

impl std::str::FromStr for DamageDice {
    type Err = String;

    /// "2d6", or sizes added with `+` ("2d4+1d6"): 1 to 20 dice in all, of 2 to 100 sides.
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        let dice = s.split('+').map(|part| part.trim().parse::<Dice>()).collect::<std::result::Result<Vec<_>, _>>()?;
        let count: u32 = dice.iter().map(|d| d.count).sum();
        if dice.is_empty() || count > CRIT_DICE_MAX || dice.iter().any(|d| d.sides > CRIT_SIDES_MAX) {
            return Err(format!(
                "`{s}`: 1 to {CRIT_DICE_MAX} dice in all, of 2 to {CRIT_SIDES_MAX} sides (\"2d6\", \"2d4+1d6\")"
            ));
        }
        Ok(DamageDice(dice))
    }
}

impl std::fmt::Display for DamageDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(Dice::to_string).collect();
        write!(f, "{}", parts.join("+"))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CritDamage {
    /// The dice at their highest plus the modifier.
    pub maximised: i64,
    pub damage: i64,
    pub terms: Vec<Term>,
}

/// Critical damage: the normal damage at its maximum (every die its top face, plus
/// the modifier), plus the damage dice rolled a second time (`second_roll`), plus LUCK.
/// Interpretation: the modifier counts once, in the maximised part; a total below 0
/// deals 0.
///
/// # Errors
/// Dice beyond 20 dice or 100 sides, a modifier outside -100..=100, LUCK outside
/// -3..=12, or a second roll the dice cannot make.
pub fn crit_damage(dice: impl Into<DamageDice>, modifier: i64, second_roll: i64, luck: i64) -> Result<CritDamage> {
    let dice: DamageDice = dice.into();
    let count: u32 = dice.0.iter().map(|d| d.count).sum();
    if dice.0.is_empty()
        || !(1..=CRIT_DICE_MAX).contains(&count)
        || dice.0.iter().any(|d| !(2..=CRIT_SIDES_MAX).contains(&d.sides))
    {
        return Err(Error::InvalidInput(format!(
            "--dice must be 1 to {CRIT_DICE_MAX} dice of 2 to {CRIT_SIDES_MAX} sides, not {dice}"
        )));
    }
    check("damage modifier", modifier, (-MODIFIER_MAX, MODIFIER_MAX))?;
    check("LUCK", luck, (COR_MIN, COR_MAX))?;
    let (low, high) = dice.span();
    check(&format!("--roll (the second {dice} roll)"), second_roll, (low, high))?;
    let maximised = high + modifier;
    let total = maximised + second_roll + luck;
    let mut terms = vec![Term::num(format!("{dice} at its maximum"), high, Some(R_WEAPON_CRIT))];
    if modifier != 0 {
        terms.push(Term::num("Damage modifier", modifier, Some(R_WEAPON_CRIT)));
    }
    terms.push(Term::num(format!("{dice} rolled again"), second_roll, Some(R_WEAPON_CRIT)));
    terms.push(Term::num("LUCK", luck, Some(R_WEAPON_CRIT)));
    if total < 0 {
        terms.push(Term::num("No damage below 0 (interpretation)", -total, None));
    }
    Ok(CritDamage { maximised, damage: total.max(0), terms })
}

#[derive(Debug, Clone, PartialEq)]
pub struct CheckCrit {
    pub crit: bool,
    /// Whether the check succeeds, when a total and Difficulty are given.
    pub success: Option<bool>,
    pub outcome: &'static str,
    pub terms: Vec<Term>,
}

/// A crit on an attribute check: the best outcome the character could feasibly reach,
/// never the impossible (the MC says what is feasible).
///
/// Interpretation: a check crits on a natural 20, or on the range an ability widens it
/// to (capped at 16-20 as for weapons); a natural 1 on a check is an ordinary roll.
///
/// # Errors
/// [`Error::InvalidInput`] for values out of range, or a total without a Difficulty.
pub fn check_crit(natural: i64, expansions: i64, total: Option<i64>, difficulty: Option<i64>) -> Result<CheckCrit> {
    check("natural", natural, (1, CRIT_NATURAL))?;
    let range = crit_range(expansions, 0)?;
    let crit = natural >= range.crit_min;
    let mut terms = vec![
        Term::note("Natural d20", natural, Some(R_CRIT)),
        Term::note("Lowest natural that crits (interpretation: as a weapon's range)", range.crit_min, Some(R_CRIT)),
    ];
    let success = match (total, difficulty) {
        (Some(t), Some(d)) => {
            check("total", t, (ROLL_MIN, ROLL_MAX))?;
            check("difficulty", d, (ROLL_MIN, ROLL_MAX))?;
            terms.push(Term::note("Check total", t, Some(R_CRIT)));
            terms.push(Term::note("Difficulty", d, Some(R_CRIT)));
            Some(crit || t >= d)
        }
        (None, None) => None,
        _ => return Err(Error::InvalidInput("--total and --difficulty go together".into())),
    };
    let outcome = if crit {
        "crit: the best outcome feasible for the character (the MC judges what is feasible; no miracles)"
    } else {
        "no crit: an ordinary result"
    };
    terms.push(Term::text("Result", outcome, Some(R_CRIT)));
    Ok(CheckCrit { crit, success, outcome, terms })
}
