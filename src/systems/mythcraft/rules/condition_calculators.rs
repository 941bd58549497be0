//! The calculators of what conditions do: actions, speed, defenses, d20 mode,
//! knock-outs, Bleeding, Suffocating and partial surprise.

use super::*;

const CONDITIONS: Param =
    text("conditions", "the creature's conditions by name, comma-separated, e.g. `Dazed, Slowed`", false);

pub(super) const ACTIONS_PARAMS: &[Param] = &[
    int("actions", "the creature actions (or, for an adventurer, AP) it would have this turn", 0, ACTIONS_MAX, None),
    text(
        "conditions",
        "its conditions, e.g. `Dazed, Chilled`: Dazed (one fewer, at most 2), Stunned (at most 1), Chilled (one fewer, at least 1), Staggered (half, rounded down), Paralyzed and Unconscious (none). Interpretation: one-fewer cuts first, then halving, then the caps",
        false,
    ),
    flag("complete-surprise", "its single turn of a complete surprise: double (interpretation: after the limits)"),
];

pub(super) const SPEED_PARAMS: &[Param] = &[
    int("speed", "speed in ft", 0, SPEED_MAX, Some("20")),
    text(
        "conditions",
        "its conditions, e.g. `Slowed`: Slowed halves (rounded down); Suppressed, Paralyzed, Unconscious and Grappled (here always 0: the grapple calculator gives speeds by size) leave 0",
        false,
    ),
    flag("engaged-hit", "Engaged, and the free attack hit it as it left reach: 0 until the start of its next turn"),
];

pub(super) const DEFENSES_PARAMS: &[Param] = &[
    opt_int("defense", "the defense before these bonuses, to get the total", ROLL_MIN, ROLL_MAX),
    choice("against", "which defense is attacked (only AR, REF and FORT take these bonuses)", DefenseKind::WORDS, "ar"),
    flag("dodge", "it took the Dodge maneuver since its last turn (+2)"),
    text("conditions", "its conditions, comma-separated, e.g. `Protected` (+2)", false),
    int("cover", "Partial Cover bonus the MC grants, +1 to +3 (0: none); ranged attacks only", 0, COVER_MAX, Some("0")),
    flag("ranged", "the attack is ranged (Partial Cover counts)"),
];

pub(super) const D20_PARAMS: &[Param] = &[
    choice(
        "kind",
        "what the d20 is for: attack, check, hearing (perceiving by sound), sight (relying on vision), verbal-magic, speech (any roll needing the roller to speak)",
        RollKind::WORDS,
        "attack",
    ),
    CONDITIONS,
    text(
        "target",
        "the target's conditions, e.g. `Restrained` (Charmed and Enthralled count when the roller caused them)",
        false,
    ),
];

pub(super) const KNOCKOUT_PARAMS: &[Param] = &[
    int("hp", "current HP before the damage", 1, AMOUNT_MAX, None),
    int("max-hp", "maximum HP", 1, AMOUNT_MAX, None),
    int("damage", "the nonlethal (blunt) damage taken", 0, AMOUNT_MAX, None),
    choice("daze", "what an earlier knock-out left: none, dazed, stunned or unconscious", Daze::WORDS, "none"),
];

pub(super) const BLEEDING_PARAMS: &[Param] = &[
    int(
        "damage",
        "the Bleeding damage (interpretation: for a die such as 1d4, what it last dealt)",
        0,
        BLEEDING_MAX,
        None,
    ),
    opt_int("check", "the INT (Medicine) check total, to see whether it stops the Bleeding", ROLL_MIN, ROLL_MAX),
];

pub(super) const SUFFOCATING_PARAMS: &[Param] = &[
    int("end", "the creature's END", COR_MIN, COR_MAX, None),
    int(
        "round",
        "the round of Suffocating this turn starts in (1 for the first; interpretation: each turn begun Suffocating is a round)",
        1,
        ROUNDS_MAX,
        Some("1"),
    ),
];

pub(super) const SURPRISE_PARAMS: &[Param] = &[
    int("round", "the round of combat", 1, ROUND_MAX, None),
    flag("has-acted", "the surprised creature has already had a turn in which it could act"),
];

fn held_effects(i: &Inputs, tome: &dyn Rulebook, param: &str) -> Result<(Vec<String>, Effects)> {
    let held = parse_conditions(tome, param, i.raw(param))?;
    let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
    let effects = condition_effects(&slugs);
    Ok((held, effects))
}

pub(super) fn run_actions(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (held, fx) = held_effects(i, tome, "conditions")?;
    let a = turn_actions(i.int("actions")?, &fx, i.flag("complete-surprise"))?;
    let mut out = Outcome::default().field("actions", a.value).terms(a.terms);
    if !held.is_empty() && fx.ap.is_empty() {
        out = out.warn("none of these conditions changes the number of actions");
    }
    if held.iter().any(|h| h == "surprise-partial") {
        out = out.warn("a Partially Surprised creature has no turn in the first round (see the surprise calculator)");
    }
    Ok(out)
}

pub(super) fn run_speed(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (held, fx) = held_effects(i, tome, "conditions")?;
    let s = condition_speed(i.int("speed")?, &fx, i.flag("engaged-hit"))?;
    let mut out = Outcome::default().field("speed_ft", s.value).terms(s.terms);
    if !held.is_empty() && fx.speed_by.is_empty() {
        out = out.warn("none of these conditions changes speed");
    }
    Ok(out)
}

pub(super) fn run_defenses(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (_, fx) = held_effects(i, tome, "conditions")?;
    let against: DefenseKind = i
        .choice("against")?
        .unwrap_or("ar")
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--against must be one of {}", DefenseKind::WORDS.join(", "))))?;
    let (b, warnings) = defense_bonus(against, i.flag("dodge"), &fx, i.int("cover")?, i.flag("ranged"))?;
    let mut out = Outcome::default().field("bonus", b.value);
    let mut terms = b.terms;
    if let Some(d) = i.opt_int("defense")? {
        terms.insert(0, Term::num("Defense", d, None));
        out = out.field("defense", d + b.value);
    }
    out = out.terms(terms);
    out = out.warn_all(warnings);
    if out.terms.is_empty() {
        out = out.terms([Term::num("No bonus", 0, Some(C_PROTECTED))]);
    }
    Ok(out)
}

pub(super) fn run_d20_mode(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let kind: RollKind = i
        .choice("kind")?
        .unwrap_or("attack")
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--kind must be one of {}", RollKind::WORDS.join(", "))))?;
    let (held, fx) = held_effects(i, tome, "conditions")?;
    let target = parse_conditions(tome, "target", i.raw("target"))?;
    let roller: Vec<&str> = held.iter().map(String::as_str).collect();
    let on: Vec<&str> = target.iter().map(String::as_str).collect();
    let m = d20_mode(kind, &roller, &fx, &on);
    let mut out = Outcome::default()
        .field("mode", m.text())
        .field("dice", m.dice)
        .field("keep", m.keep)
        .field("modifier", m.modifier)
        .field("auto_fail", m.auto_fail);
    out = if m.terms.is_empty() {
        out.terms([Term::text("No condition changes the roll", "1d20", None)])
    } else {
        out.terms(m.terms)
    };
    if kind != RollKind::Attack && kind != RollKind::Check && !target.is_empty() {
        out = out.warn("the target's conditions only change attacks and checks");
    }
    Ok(out)
}

pub(super) fn run_knockout(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (hp, max_hp) = (i.int("hp")?, i.int("max-hp")?);
    if hp > max_hp {
        return Err(Error::InvalidInput(format!("--hp must be from 1 to --max-hp ({max_hp}), not {hp}")));
    }
    let daze: Daze = i
        .choice("daze")?
        .unwrap_or("none")
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--daze must be one of {}", Daze::WORDS.join(", "))))?;
    let k = knockout(hp, max_hp, i.int("damage")?, daze)?;
    Ok(Outcome::default()
        .field("hp", k.hp_left)
        .field("knocked_out", k.knocked_out)
        .field("condition", k.daze.label())
        .field("recovers_at_hp", knockout_recovery_hp(max_hp))
        .field("ends", k.ends)
        .terms(k.terms))
}

pub(super) fn run_bleeding(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let b = bleeding(i.int("damage")?, i.opt_int("check")?)?;
    let mut out = Outcome::default().field("difficulty", b.difficulty);
    if let Some(s) = b.success {
        out = out.field("success", s);
    }
    Ok(out.terms(b.terms))
}

pub(super) fn run_suffocating(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let s = suffocating(i.int("end")?, i.int("round")?)?;
    Ok(Outcome::default()
        .field("grace_rounds", s.grace)
        .field("death_point", s.gains)
        .field("death_points", s.points)
        .terms(s.terms))
}

pub(super) fn run_surprise(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let round = i.int("round")?;
    let s = partial_surprise(round, i.flag("has-acted"))?;
    let mut out = Outcome::default()
        .field("acts", s.acts)
        .field("td", s.td)
        .field("ta_against", s.ta_against)
        .field("reactions", s.reactions)
        .field("carries_ap", s.carries_ap)
        .terms(s.terms);
    if round == 1 && i.flag("has-acted") {
        out = out.warn("a surprised creature has no turn in the first round, so it cannot have acted yet");
    }
    Ok(out)
}
