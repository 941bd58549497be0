//! Debilitation: poisons and diseases (a Stamina check against the agent's Ease Factor)
//! and deprivation of air, water or food.

use super::*;

/// The Poison Table: name, Ease Factor, wound on a failed check.
pub const POISONS: [(&str, i64, WoundLevel); 4] = [
    ("Adder Bite", 6, WoundLevel::Light),
    ("Asp Bite", 9, WoundLevel::Incapacitating),
    ("Monkshood", 9, WoundLevel::Heavy),
    ("Arsenic", 9, WoundLevel::Medium),
];

/// The Disease Table's diseases. The table gives each its humor and symptoms only: a
/// disease's Ease Factor and wound vary with its strength and are given with it.
pub const DISEASES: [&str; 4] = ["Quotidian Fever", "Flux", "Constriction", "Quartan Fever"];

/// Every agent the tables name, poisons first, for the calculator's choice of `--agent`.
pub(super) const AGENT_NAMES: [&str; POISONS.len() + DISEASES.len()] = {
    let mut names = [""; POISONS.len() + DISEASES.len()];
    let mut i = 0;
    while i < POISONS.len() {
        names[i] = POISONS[i].0;
        i += 1;
    }
    while i < names.len() {
        names[i] = DISEASES[i - POISONS.len()];
        i += 1;
    }
    names
};

/// The lowest and highest Ease Factor of a poison.
pub const POISON_EASE: (i64, i64) = (3, 15);

/// A poison or disease to check against.
#[derive(Debug, Clone, PartialEq)]
pub struct Agent {
    pub name: String,
    pub ease: i64,
    pub wound: WoundLevel,
    /// The table or rule it comes from, to link to.
    pub rule: &'static str,
    pub is_disease: bool,
}

impl Agent {
    /// A poison of the Poison Table, or a disease of the Disease Table (which needs its
    /// Ease Factor and wound), by name in any case.
    ///
    /// # Errors
    /// A name in neither table, or a disease without its Ease Factor and wound.
    pub fn named(name: &str, ease: Option<i64>, wound: Option<WoundLevel>) -> Result<Agent> {
        let wanted = name.trim();
        if let Some(&(n, e, w)) = POISONS.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(wanted)) {
            if ease.is_some() || wound.is_some() {
                return Err(Error::InvalidInput(format!(
                    "{n} has its Ease Factor ({e}) and wound ({}) in the Poison Table: leave out --ease and --wound",
                    w.as_str()
                )));
            }
            return Ok(Agent { name: n.into(), ease: e, wound: w, rule: T_POISON, is_disease: false });
        }
        if let Some(&n) = DISEASES.iter().find(|n| n.eq_ignore_ascii_case(wanted)) {
            let (Some(ease), Some(wound)) = (ease, wound) else {
                return Err(Error::InvalidInput(format!(
                    "{n} is a disease: its strength varies, so give its --ease and --wound too"
                )));
            };
            return Ok(Agent { name: n.into(), ease, wound, rule: T_DISEASE, is_disease: true });
        }
        let known: Vec<&str> = POISONS.iter().map(|p| p.0).chain(DISEASES).collect();
        Err(Error::InvalidInput(format!("--agent `{wanted}` is not in the tables ({})", known.join(", "))))
    }
}

/// A Stamina check against a poison or disease.
#[derive(Debug, Clone, PartialEq)]
pub struct ExposureCheck {
    /// Stamina + die + penalty, when a die was given.
    pub total: Option<i64>,
    /// The lowest die that succeeds.
    pub die_needed: i64,
    pub success: Option<bool>,
    /// The wound taken: the agent's on a failure, `None` (no wound) on a success.
    pub wound: Option<WoundLevel>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Stamina + stress die (+ the wound and fatigue penalty) against the agent's Ease
/// Factor: meeting it leaves only slight discomfort, missing it inflicts the agent's
/// wound (healed with Medicine). Without a die, only the die needed is worked out.
///
/// # Errors
/// A score, Ease Factor, die or penalty out of range.
pub fn exposure(agent: &Agent, stamina: i64, die: Option<i64>, penalty: i64) -> Result<ExposureCheck> {
    check("Stamina", stamina, CHAR)?;
    check("Ease Factor", agent.ease, (0, 100))?;
    check("Penalty from wounds and fatigue", penalty, PENALTY)?;
    if agent.wound == WoundLevel::None {
        return Err(Error::InvalidInput("--wound: an agent inflicts at least a Light wound".into()));
    }
    let mut warnings = Vec::new();
    let kind = if agent.is_disease { "disease" } else { "poison" };
    if !agent.is_disease && !(POISON_EASE.0..=POISON_EASE.1).contains(&agent.ease) {
        warnings.push(format!(
            "a poison's Ease Factor runs from {} to {}; {} is outside that",
            POISON_EASE.0, POISON_EASE.1, agent.ease
        ));
    }
    if agent.is_disease && agent.wound == WoundLevel::Dead {
        warnings.push("a disease should not kill on first being caught".into());
    }
    let ease_label = format!("{} ({kind}): Ease Factor", agent.name);
    let wound_term = Term::text(format!("{}: wound on a failure", agent.name), agent.wound.as_str(), Some(agent.rule));
    let (die_needed, needed_terms) = die_needed(&ease_label, agent.ease, agent.rule, stamina, R_DEBILITATION, penalty);
    let mut terms = Vec::new();
    let (total, success, wound) = match die {
        None => {
            terms.extend(needed_terms);
            terms.push(wound_term);
            (None, None, None)
        }
        Some(d) => {
            terms.extend([
                Term::num("Stamina", stamina, Some(R_DEBILITATION)),
                Term::note(ease_label, agent.ease, Some(agent.rule)),
                wound_term,
            ]);
            if penalty != 0 {
                terms.push(Term::num("Wound and Fatigue penalty", penalty, Some(R_FATIGUE)));
            }
            check("Stress die", d, DIE)?;
            terms.push(Term::num("Stress die", d, Some(R_STRESS_DIE)));
            let total = stamina + d + penalty;
            let ok = total >= agent.ease;
            let wound = if ok { WoundLevel::None } else { agent.wound };
            terms.push(Term::text(
                "Result",
                if ok { "resisted: slight discomfort only" } else { "failed: the agent's wound, healed with Medicine" },
                Some(if agent.is_disease { R_DISEASES } else { R_POISONS }),
            ));
            (Some(total), Some(ok), Some(wound))
        }
    };
    Ok(ExposureCheck { total, die_needed, success, wound, terms, warnings })
}

/// The lowest stress die that meets `ease` with `stamina` and `penalty`, and its terms:
/// the Ease Factor, less Stamina and the penalty (a penalty the die must make up), and
/// never below 0. With the die given, the terms are the total's instead.
fn die_needed(
    ease_label: &str,
    ease: i64,
    ease_rule: &str,
    stamina: i64,
    stamina_rule: &str,
    penalty: i64,
) -> (i64, Vec<Term>) {
    let raw = ease - stamina - penalty;
    let mut terms =
        vec![Term::num(ease_label, ease, Some(ease_rule)), Term::num("Stamina", -stamina, Some(stamina_rule))];
    if penalty != 0 {
        terms.push(Term::num("Wound and Fatigue penalty, made up by the die", -penalty, Some(R_FATIGUE)));
    }
    if raw < 0 {
        terms.push(Term::num("Any die will do: no die needed below 0", -raw, Some(R_STRESS_DIE)));
    }
    (raw.max(0), terms)
}

/// What a character goes without.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Need {
    Air,
    Water,
    Food,
}

impl Need {
    pub fn parse(s: &str) -> Option<Need> {
        s.trim().parse().ok()
    }

    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The Deprivation Table's check interval, in seconds.
    pub fn interval_seconds(self) -> i64 {
        match self {
            Need::Air => 30,
            Need::Water => 86_400,
            Need::Food => 3 * 86_400,
        }
    }

    /// Fatigue lost to air is short-term; to water or food, long-term (back only after
    /// drinking or eating).
    pub fn long_term(self) -> bool {
        self != Need::Air
    }
}

/// A span of seconds in the largest whole unit: "90 seconds", "2 minutes", "6 days".
pub fn span_text(seconds: i64) -> String {
    let plural = |n: i64, unit: &str| if n == 1 { format!("1 {unit}") } else { format!("{n} {unit}s") };
    if seconds % 86_400 == 0 {
        plural(seconds / 86_400, "day")
    } else if seconds % 60 == 0 {
        plural(seconds / 60, "minute")
    } else {
        plural(seconds, "second")
    }
}

/// The most checks one spell of deprivation runs to (a month without food is ten).
pub const DEPRIVATION_CHECKS: (i64, i64) = (1, 1_000);

/// One deprivation check.
#[derive(Debug, Clone, PartialEq)]
pub struct DeprivationCheck {
    pub ease: i64,
    /// Time without the need when this check is made.
    pub elapsed_seconds: i64,
    pub total: Option<i64>,
    pub die_needed: i64,
    pub success: Option<bool>,
    /// Fatigue levels lost by this check (0 or 1).
    pub fatigue_lost: i64,
    /// The deprivation wound after this check.
    pub wound: WoundLevel,
    pub terms: Vec<Term>,
}

/// The `n`th Stamina check without `need`, made after `n` intervals, against Ease
/// Factor 3 + (n − 1). A failure costs a Fatigue level, or, once the character is
/// Unconscious from fatigue (`fatigue_lost` 5 or more), gives a Light wound, or worsens
/// the deprivation wound already taken by one step.
///
/// Interpretation: the first check, after one interval, is at Ease Factor 3, and each
/// later interval adds 1; the wound and fatigue penalty applies to the check.
///
/// # Errors
/// A count, score, die or penalty out of range.
pub fn deprivation(
    need: Need,
    n: i64,
    stamina: i64,
    die: Option<i64>,
    penalty: i64,
    fatigue_lost: i64,
    wound: WoundLevel,
) -> Result<DeprivationCheck> {
    check("Check number", n, DEPRIVATION_CHECKS)?;
    check("Stamina", stamina, CHAR)?;
    check("Penalty from wounds and fatigue", penalty, PENALTY)?;
    check("Fatigue levels already lost", fatigue_lost, (0, 2 * FATIGUE_LOST.1))?;
    let ease = 3 + (n - 1);
    let elapsed_seconds = n * need.interval_seconds();
    let unconscious = fatigue_lost >= FatigueLevel::ALL.len() as i64 - 1;
    const EASE_LABEL: &str = "Ease Factor: 3, +1 per interval after the first";
    let mut terms = vec![Term::text(
        format!("Check {n} without {}", need.as_str()),
        format!("after {}", span_text(elapsed_seconds)),
        Some(T_DEPRIVATION),
    )];
    let (die_needed, needed_terms) = die_needed(EASE_LABEL, ease, R_DEPRIVATION, stamina, R_DEPRIVATION, penalty);
    let Some(d) = die else {
        // Without a die, the terms add up to the die needed.
        terms.extend(needed_terms);
        return Ok(DeprivationCheck {
            ease,
            elapsed_seconds,
            total: None,
            die_needed,
            success: None,
            fatigue_lost: 0,
            wound,
            terms,
        });
    };
    // With one, they add up to the total, held against the Ease Factor.
    terms.extend([
        Term::note(EASE_LABEL, ease, Some(R_DEPRIVATION)),
        Term::num("Stamina", stamina, Some(R_DEPRIVATION)),
    ]);
    if penalty != 0 {
        terms.push(Term::num("Wound and Fatigue penalty", penalty, Some(R_FATIGUE)));
    }
    check("Stress die", d, DIE)?;
    terms.push(Term::num("Stress die", d, Some(R_STRESS_DIE)));
    let total = stamina + d + penalty;
    let success = total >= ease;
    let (lost, new_wound) = if success {
        terms.push(Term::text("Result", "passed: nothing lost", Some(R_DEPRIVATION)));
        (0, wound)
    } else if !unconscious {
        let kind = if need.long_term() { "Long-Term" } else { "Short-Term" };
        terms.push(Term::text("Result", format!("failed: one {kind} Fatigue level"), Some(R_DEPRIVATION)));
        (1, wound)
    } else {
        let worse = wound.worse();
        terms.push(Term::text(
            "Result",
            format!("failed while Unconscious: the wound is now {} (Medicine heals it)", worse.as_str()),
            Some(R_DEPRIVATION),
        ));
        (0, worse)
    };
    Ok(DeprivationCheck {
        ease,
        elapsed_seconds,
        total: Some(total),
        die_needed,
        success: Some(success),
        fatigue_lost: lost,
        wound: new_wound,
        terms,
    })
}
