//! Calculators of the perils outside an attack: poison and disease, deprivation,
//! non-combat damage, the Fatigue roll and fatigue recovery, travel.

use super::*;

const STAMINA: Param = int!("stamina", "Stamina characteristic", CHAR);
const PENALTY_PARAM: Param = int_or!(
    "penalty",
    "wound and Fatigue penalty (see the penalty calculator). Interpretation: it applies to this check as to any roll",
    PENALTY,
    "0"
);
const WOUNDS: &[&str] = &["light", "medium", "heavy", "incapacitating", "dead"];

pub(super) fn peril_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "exposure",
            summary: "Stamina check against a poison or disease; its wound on a failure",
            params: &[
                Param {
                    name: "agent",
                    help: "a poison of the Poison Table or a disease of the Disease Table (a disease also needs \
                           --ease and --wound); leave out for a custom agent",
                    kind: ParamKind::Choice { options: &AGENT_NAMES },
                    required: false,
                    default: None,
                },
                int_opt!("ease", "the agent's Ease Factor (custom agents and diseases)", (0, 100)),
                Param {
                    name: "wound",
                    help: "the wound a failure inflicts (custom agents and diseases)",
                    kind: ParamKind::Choice { options: WOUNDS },
                    required: false,
                    default: None,
                },
                STAMINA,
                int_opt!("roll", "the stress die (leave out to see the die needed)", DIE),
                PENALTY_PARAM,
            ],
            rule: Some(R_DEBILITATION),
            run: run_exposure,
        },
        Calculator {
            system: SYSTEM,
            name: "deprivation",
            summary:
                "A Stamina check without air, water or food: Ease Factor 3 +1 per interval, then fatigue or a wound",
            params: &[
                Param {
                    name: "need",
                    help: "what is lacking: air (checks every 30 seconds), water (every day) or food (every 3 days)",
                    kind: ParamKind::Choice { options: &["air", "water", "food"] },
                    required: true,
                    default: None,
                },
                int_or!(
                    "check",
                    "which check this is (1 after one interval). Interpretation: the first is at Ease Factor 3",
                    DEPRIVATION_CHECKS,
                    "1"
                ),
                STAMINA,
                int_opt!("roll", "the stress die (leave out to see the die needed)", DIE),
                PENALTY_PARAM,
                int_or!(
                    "fatigue-lost",
                    "Fatigue levels already lost, of either kind (5 or more: Unconscious)",
                    (0, 2 * FATIGUE_LOST.1),
                    "0"
                ),
                Param {
                    name: "wound",
                    help: "the wound deprivation has already caused (none before the first)",
                    kind: ParamKind::Choice { options: &["none", "light", "medium", "heavy", "incapacitating"] },
                    required: false,
                    default: Some("none"),
                },
            ],
            rule: Some(R_DEPRIVATION),
            run: run_deprivation,
        },
        Calculator {
            system: SYSTEM,
            name: "non-combat-damage",
            summary: "Spell, heat, corrosion, fall or impact: bonus + die against Soak + die, the wound by Size",
            params: &[
                int_opt!(
                    "bonus",
                    "a damage bonus as written, e.g. a spell's +X (exposure already included)",
                    (0, 1_000)
                ),
                Param {
                    name: "heat",
                    help: "a source of the Heat and Corrosion Table (with --exposure)",
                    kind: ParamKind::Choice { options: &HEAT_SOURCE_NAMES },
                    required: false,
                    default: None,
                },
                Param {
                    name: "exposure",
                    help: "with --heat: part (hand or foot), limb, half (half the body) or full (immersed)",
                    kind: ParamKind::Choice { options: &["part", "limb", "half", "full"] },
                    required: false,
                    default: None,
                },
                int_opt!("feet", "a fall: height in feet (with --surface)", (0, 100_000)),
                Param {
                    name: "surface",
                    help: "with --feet: what the faller lands on (normal when left out)",
                    kind: ParamKind::Choice { options: &["normal", "hard", "soft"] },
                    required: false,
                    default: None,
                },
                Param {
                    name: "impact",
                    help: "a fixed item of the Impact Table",
                    kind: ParamKind::Choice { options: &IMPACT_KEYS },
                    required: false,
                    default: None,
                },
                int!("damage-die", "the stress die rolled for damage", DIE),
                flag!("botch", "the damage die botched (it showed 0): no damage"),
                int!("soak", "Soak Total: Stamina + armour (if it helps) + Form bonus", TOTAL),
                int!("soak-die", "the stress die rolled for Soak. Interpretation: a botch on it changes nothing", DIE),
                int_or!("size", "Size of the one hurt", SIZE, "0"),
            ],
            rule: Some(R_INJURIES),
            run: run_non_combat_damage,
        },
        Calculator {
            system: SYSTEM,
            name: "fatigue-roll",
            summary: "Fatigue roll for a brief strenuous act: Stamina - Encumbrance + die against 6",
            params: &[
                STAMINA,
                int_or!("encumbrance", "Encumbrance (see the encumbrance calculator)", ENC, "0"),
                int!("roll", "the stress die", DIE),
                flag!("botch", "the die showed 0 and a botch die came up 0: two levels lost"),
                Param {
                    name: "penalty",
                    help: "wound and Fatigue penalty. Interpretation: wounds count too, as on every roll",
                    kind: ParamKind::Int { min: PENALTY.0, max: PENALTY.1 },
                    required: false,
                    default: Some("0"),
                },
            ],
            rule: Some(R_SHORT_TERM_FATIGUE),
            run: run_fatigue_roll,
        },
        Calculator {
            system: SYSTEM,
            name: "fatigue-recovery",
            summary: "Rest needed to recover Fatigue: doubled while active, halved by a Stamina roll against 9",
            params: &[
                int_or!("short-term", "short-term Fatigue levels lost", FATIGUE_LOST, "0"),
                int_or!("long-term", "long-term Fatigue levels lost", FATIGUE_LOST, "0"),
                flag!("active", "the character stays active instead of resting quietly (time doubled)"),
                int_opt!("stamina", "Stamina, for the optional roll against 9 (counted when its die is given)", CHAR),
                int_opt!("roll", "the stress die of that roll (storyguide's option)", DIE),
                Param {
                    name: "penalty",
                    help: "wound penalty on that roll (Tome adds the Fatigue penalty of the levels given). \
                           Interpretation: active and a made roll cancel out",
                    kind: ParamKind::Int { min: PENALTY.0, max: PENALTY.1 },
                    required: false,
                    default: Some("0"),
                },
            ],
            rule: Some(R_FATIGUE_RECOVERY),
            run: run_fatigue_recovery,
        },
        Calculator {
            system: SYSTEM,
            name: "travel",
            summary: "Miles covered by mode and days, halved at wound penalty -3 to -5; a hurried day costs Fatigue",
            params: &[
                Param {
                    name: "mode",
                    help: "walking 20, courier 30, courier-urgent 50, relays 100, cart 20, army 30, ship 30, \
                           ship-good-wind 90 miles a day. Interpretation: a good wind triples",
                    kind: ParamKind::Choice { options: &TRAVEL_MODE_KEYS },
                    required: true,
                    default: None,
                },
                int_or!("days", "days of travel", TRAVEL_DAYS, "1"),
                int_or!(
                    "wound-penalty",
                    "total wound penalty. Interpretation: at -6 or worse there is no travel under one's own power",
                    PENALTY,
                    "0"
                ),
                flag!("hurried", "travelling quickly: a Long-Term Fatigue level per day of actual travel"),
            ],
            rule: Some(R_TRAVEL),
            run: run_travel,
        },
    ]
}

fn wound_choice(i: &Inputs, name: &str) -> Result<Option<WoundLevel>> {
    Ok(i.choice(name)?.and_then(WoundLevel::parse))
}

fn run_exposure(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (ease, wound) = (i.opt_int("ease")?, wound_choice(i, "wound")?);
    let agent = match (i.choice("agent")?, ease, wound) {
        (Some(name), _, _) => Agent::named(name, ease, wound)?,
        (None, Some(ease), Some(wound)) => {
            Agent { name: "Agent".into(), ease, wound, rule: R_DEBILITATION, is_disease: false }
        }
        (None, _, _) => {
            return Err(Error::InvalidInput(
                "give --agent (a poison or disease by name) or a custom agent's --ease and --wound".into(),
            ))
        }
    };
    let e = exposure(&agent, i.int("stamina")?, i.opt_int("roll")?, i.int("penalty")?)?;
    let mut out = Outcome::default()
        .field("agent", agent.name.as_str())
        .field("ease", agent.ease)
        .field("die_needed", e.die_needed)
        .field("total", e.total)
        .field("success", e.success)
        .field("wound", e.wound.map(WoundLevel::as_str))
        .terms(e.terms);
    out.warnings.extend(e.warnings);
    Ok(out)
}

fn run_deprivation(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let need = i.choice("need")?.and_then(Need::parse).unwrap_or(Need::Air);
    let wound = wound_choice(i, "wound")?.unwrap_or(WoundLevel::None);
    let d = deprivation(
        need,
        i.int("check")?,
        i.int("stamina")?,
        i.opt_int("roll")?,
        i.int("penalty")?,
        i.int("fatigue-lost")?,
        wound,
    )?;
    let kind = if need.long_term() { "long-term" } else { "short-term" };
    Ok(Outcome::default()
        .field("ease", d.ease)
        .field("elapsed", span_text(d.elapsed_seconds))
        .field("die_needed", d.die_needed)
        .field("total", d.total)
        .field("success", d.success)
        .field("fatigue_lost", d.fatigue_lost)
        .field("fatigue_kind", kind)
        .field("wound", d.wound.as_str())
        .terms(d.terms))
}

fn run_non_combat_damage(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let given =
        [i.opt_int("bonus")?.is_some(), i.text("heat").is_some(), i.text("feet").is_some(), i.text("impact").is_some()];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err(Error::InvalidInput(
            "give exactly one source: --bonus (e.g. a spell's +X), --heat, --feet or --impact".into(),
        ));
    }
    if i.text("exposure").is_some() != i.text("heat").is_some() {
        return Err(Error::InvalidInput("--heat and --exposure go together".into()));
    }
    if i.text("surface").is_some() && i.text("feet").is_none() {
        return Err(Error::InvalidInput("--surface goes with --feet (a fall)".into()));
    }
    let bonus = if let Some(b) = i.opt_int("bonus")? {
        DamageBonus {
            bonus: b,
            terms: vec![
                Term::num("Damage bonus", b, Some(R_INJURIES)),
                Term::text(
                    "A spell's bonus",
                    "already counts the exposure; aiming does not add to it",
                    Some(R_SPELL_DAMAGE),
                ),
            ],
        }
    } else if let Some(source) = i.choice("heat")? {
        let exposure = i.choice("exposure")?.and_then(Exposure::parse).unwrap_or(Exposure::Part);
        heat_damage(source, heat_source(source).unwrap_or(0), exposure)?
    } else if let Some(feet) = i.opt_int("feet")? {
        let surface = i.choice("surface")?.and_then(Surface::parse).unwrap_or(Surface::Normal);
        falling_damage(feet, surface)?
    } else {
        let key = i.choice("impact")?.unwrap_or_default();
        impact_item(key).ok_or_else(|| Error::InvalidInput(format!("--impact `{key}` is not in the Impact Table")))?
    };
    let base = bonus.bonus;
    let r = injury(bonus, i.int("damage-die")?, i.flag("botch"), i.int("soak")?, i.int("soak-die")?, i.int("size")?)?;
    let mut out = Outcome::default()
        .field("bonus", base)
        .field("damage_total", r.damage_total)
        .field("soak_total", r.soak_total)
        .field("damage", r.damage)
        .field("wound", r.wound.as_str())
        .terms(r.terms);
    if i.text("heat").is_some() {
        out = out.terms([Term::text("Heat and corrosion", "dealt again every round of exposure", Some(R_HEAT))]);
    }
    Ok(out)
}

fn run_fatigue_roll(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (die, botch) = (i.int("roll")?, i.flag("botch"));
    if botch && die != 0 {
        return Err(Error::InvalidInput(format!("--botch: only a 0 on the stress die can botch, not {die}")));
    }
    let r = fatigue_roll(i.int("stamina")?, i.int("encumbrance")?, die, i.int("penalty")?, botch)?;
    Ok(Outcome::default()
        .field("total", r.total)
        .field("success", r.passed)
        .field("levels_lost", r.levels_lost)
        .terms(r.terms))
}

fn run_fatigue_recovery(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let roll = match (i.opt_int("stamina")?, i.opt_int("roll")?) {
        (Some(s), Some(d)) => Some((s, d, i.int("penalty")?)),
        (None, None) => None,
        _ => return Err(Error::InvalidInput("the Stamina roll needs both --stamina and --roll".into())),
    };
    let r = fatigue_recovery(i.int("short-term")?, i.int("long-term")?, i.flag("active"), roll)?;
    Ok(Outcome::default()
        .field("level", r.fatigue.level.name())
        .field("minutes", r.minutes)
        .field("next_level", r.minutes.map(minutes_text))
        .field("rest_minutes", r.rest_minutes)
        .field("after_rest", r.fatigue.after_rest.name())
        .field("nights", r.fatigue.nights)
        .field("roll_total", r.roll_total)
        .field("halved", r.halved)
        .terms(r.terms))
}

fn run_travel(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let mode = i.choice("mode")?.unwrap_or("walking");
    let j = travel(mode, i.int("days")?, i.int("wound-penalty")?, i.flag("hurried"))?;
    let mut out = Outcome::default()
        .field("miles_per_day", j.miles_per_day)
        .field("miles", j.miles)
        .field("long_term_fatigue", j.long_term_fatigue)
        .terms(j.terms);
    out.warnings.extend(j.warnings);
    Ok(out)
}
