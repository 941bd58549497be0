//! Travel: guideline miles per day, slowed by wounds, and the fatigue of hurrying.

use super::*;

/// The document's guideline daily distances: the calculator's word, what it stands for,
/// miles per day.
pub const TRAVEL_MODES: [(&str, &str, i64); 8] = [
    ("walking", "On foot, only travelling", 20),
    ("courier", "Mounted courier, ordinary messages", 30),
    ("courier-urgent", "Mounted courier, urgent messages", 50),
    ("relays", "Rider with many good horses, no rest", 100),
    ("cart", "With a cart (very good going)", 20),
    ("army", "An army (a legendary pace)", 30),
    ("ship", "Most ships", 30),
    ("ship-good-wind", "A good ship with a good wind (three times)", 90),
];

/// The words of [`TRAVEL_MODES`], for the calculator's choice of `--mode`.
pub(super) const TRAVEL_MODE_KEYS: [&str; TRAVEL_MODES.len()] = {
    let mut keys = [""; TRAVEL_MODES.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = TRAVEL_MODES[i].0;
        i += 1;
    }
    keys
};

/// The longest journey worked out at once, in days.
pub const TRAVEL_DAYS: (i64, i64) = (1, 365);

/// A journey worked out.
#[derive(Debug, Clone, PartialEq)]
pub struct Journey {
    pub miles_per_day: i64,
    pub miles: i64,
    /// Long-Term Fatigue levels the journey costs.
    pub long_term_fatigue: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Miles per day for the mode, halved (rounding down) at a wound penalty of −3 to −5;
/// hurrying costs a Long-Term Fatigue level for each day actually spent travelling.
///
/// Interpretation: at −6 or worse a character cannot travel under its own power (it
/// can only move short distances with help), so the rate is 0; a good ship's "three or
/// four times" the usual rate is taken as three times.
///
/// # Errors
/// An unknown mode, or days or penalty out of range.
pub fn travel(mode: &str, days: i64, wound_penalty: i64, hurried: bool) -> Result<Journey> {
    check("Days of travel", days, TRAVEL_DAYS)?;
    check("Wound penalty", wound_penalty, PENALTY)?;
    let &(key, what, base) = TRAVEL_MODES
        .iter()
        .find(|(k, _, _)| k.eq_ignore_ascii_case(mode.trim()))
        .ok_or_else(|| Error::InvalidInput(format!("--mode must be one of {}", TRAVEL_MODE_KEYS.join(", "))))?;
    let mut terms = vec![Term::num(format!("{what}: miles a day"), base, Some(R_TRAVEL))];
    let mut warnings = Vec::new();
    if key == "army" {
        warnings.push("an army at 30 miles a day was legendary, done once; large groups go slower".into());
    }
    if key == "ship-good-wind" {
        warnings.push("a good ship with a good wind may reach four times the usual 30 miles".into());
    }
    let miles_per_day = match wound_penalty {
        -5..=-3 => {
            terms.push(Term::num("Wound penalty −3 to −5: halved, rounding down", base / 2 - base, Some(T_ACTIVITIES)));
            base / 2
        }
        p if p <= -6 => {
            terms.push(Term::num(
                "Wound penalty −6 or worse: no travel under one's own power",
                -base,
                Some(T_ACTIVITIES),
            ));
            warnings.push("at a wound penalty of −6 or worse a character moves only short distances, with help".into());
            0
        }
        _ => base,
    };
    terms.push(Term::factor("Days", days, Some(R_TRAVEL)));
    let long_term_fatigue = if hurried { days } else { 0 };
    if hurried {
        terms.push(Term::note("Hurrying: Long-Term Fatigue levels, one a day", days, Some(R_TRAVEL)));
    }
    Ok(Journey { miles_per_day, miles: miles_per_day * days, long_term_fatigue, terms, warnings })
}
