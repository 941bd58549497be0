//! The calculators of movement through creatures, hard climbs, crits on checks,
//! spotting the Unseen, the contests after a complete surprise, flanking, and combining
//! magical effects.

use super::*;

pub(super) const CLIMB_PARAMS: &[Param] = &[
    int("feet", "feet climbed (or swum)", 0, DISTANCE_MAX, None),
    flag("climb-speed", "it has a Climb (or, for swimming, Swim) speed: 1 ft of movement per ft"),
    flag("challenging", "the MC calls the surface challenging: a STR check"),
    int("str", "Strength (STR) score", STR_MIN, STR_MAX, Some("0")),
    int("athletics", "the Athletics skill bonus (0 without the skill)", 0, CHECK_BONUS_MAX, Some("0")),
    opt_int("roll", "the d20 rolled for the STR check", 1, 20),
    opt_int("difficulty", "the Difficulty the MC sets (counted when the d20 is given)", 0, CHECK_BONUS_MAX + 20),
];

pub(super) const PASS_PARAMS: &[Param] = &[
    choice(
        "other",
        "whose space: an ally's or a hostile creature's (Interpretation: a turn may not end in a hostile one's either)",
        &["ally", "hostile"],
        "ally",
    ),
    text("conditions", "the other creature's conditions, comma-separated, e.g. `Restrained`", false),
    int(
        "size-difference",
        "its size category minus the mover's (3 or more: it may be passed)",
        -SIZE_DIFF_MAX,
        SIZE_DIFF_MAX,
        Some("0"),
    ),
];

pub(super) const CHECK_CRIT_PARAMS: &[Param] = &[
    int("natural", "the d20 as it landed", 1, 20, None),
    int(
        "expansions",
        "times an ability widens the crit range (interpretation: as for weapons, never past 16-20)",
        0,
        EXPANSIONS_MAX,
        Some("0"),
    ),
    opt_int("total", "the check's total (counted when the Difficulty is given too)", ROLL_MIN, ROLL_MAX),
    opt_int("difficulty", "the check's Difficulty (counted when the total is given too)", ROLL_MIN, ROLL_MAX),
];

pub(super) const SPOT_PARAMS: &[Param] = &[
    int(
        "awr",
        "the spotter's AWR attack total (d20 + AWR); Interpretation: it finds the square when it reaches the ANT",
        ROLL_MIN,
        ROLL_MAX,
        None,
    ),
    int("ant", "the Unseen creature's ANT", ROLL_MIN, ROLL_MAX, None),
    int("distance", "feet between them (beyond 60: automatic loss)", 0, DISTANCE_MAX, None),
    flag("tried-this-turn", "the spotter already tried this turn (once a turn)"),
];

pub(in crate::systems::mythcraft) const CONTEST_PARAMS: &[Param] = &[
    int(
        "dex",
        "the Unseen attacker's DEX check total (Interpretation: an ally who ties it notices the attacker)",
        ROLL_MIN,
        ROLL_MAX,
        None,
    ),
    named("allies", "each ally's AWR check total, e.g. `Ada=14, Bram=9`", ROLL_MIN, ROLL_MAX, false, true),
    named(
        "distances",
        "each ally's distance in ft from the victim, e.g. `Ada=20, Bram=40`",
        0,
        DISTANCE_MAX,
        false,
        true,
    ),
];

pub(super) const FLANK_PARAMS: &[Param] = &[
    text(
        "target",
        "the enemy's top-left square as column,row, e.g. `0,0` (Interpretation: a one-square ally with a 5 ft reach flanks from its own square, a larger or longer-reaching one from any border square in reach; no actions, no threat)",
        true,
    ),
    int("target-squares", "the enemy's width in squares", 1, SQUARES_MAX, Some("1")),
    text("first", "the first ally's top-left square as column,row, e.g. `-1,0`", true),
    int("first-squares", "the first ally's width in squares", 1, SQUARES_MAX, Some("1")),
    int("first-reach", "the first ally's melee reach in ft", 5, REACH_MAX, Some("5")),
    text("first-conditions", "the first ally's conditions, comma-separated (Paralyzed or Unconscious: cannot threaten)", false),
    text("second", "the second ally's top-left square as column,row, e.g. `1,0`", true),
    int("second-squares", "the second ally's width in squares", 1, SQUARES_MAX, Some("1")),
    int("second-reach", "the second ally's melee reach in ft", 5, REACH_MAX, Some("5")),
    text("second-conditions", "the second ally's conditions, comma-separated", false),
];

pub(super) const COMBINE_PARAMS: &[Param] = &[text(
    "effects",
    "the spells and magical effects put on one target, oldest first, comma-separated, e.g. `Bless, Haste, Bless` (Interpretation: names match whatever their letter case)",
    true,
)];

pub(super) fn procedure_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "climb",
            summary: "A climb or swim without the speed for it (2 ft of movement per ft) and the STR check (+ Athletics) a challenging surface asks",
            params: CLIMB_PARAMS,
            rule: Some(R_MOVE),
            run: run_climb,
        },
        Calculator {
            system: SYSTEM,
            name: "move-through",
            summary: "Whether a creature may move through an ally's or a hostile creature's space (Paralyzed, Restrained, Unconscious or 3 sizes larger), as difficult terrain",
            params: PASS_PARAMS,
            rule: Some(R_MOVE_THROUGH),
            run: run_pass,
        },
        Calculator {
            system: SYSTEM,
            name: "check-crit",
            summary: "Whether an attribute check crits, and what a crit gives: the best feasible outcome",
            params: CHECK_CRIT_PARAMS,
            rule: Some(R_CRIT),
            run: run_check_crit,
        },
        Calculator {
            system: SYSTEM,
            name: "spot-unseen",
            summary: "Spotting an Unseen creature: AWR attack against its ANT, 1 monster action once a turn, automatic loss beyond 60 ft",
            params: SPOT_PARAMS,
            rule: Some(C_UNSEEN),
            run: run_spot,
        },
        Calculator {
            system: SYSTEM,
            name: "surprise-contests",
            summary: "After a complete surprise downs its victim: allies within 30 ft check AWR against the Unseen attacker's DEX; combat begins unless the attacker wins them all",
            params: CONTEST_PARAMS,
            rule: Some(C_SURPRISE_COMPLETE),
            run: run_contests,
        },
        Calculator {
            system: SYSTEM,
            name: "flanking",
            summary: "Whether two allies flank an enemy on the grid: opposite border or corner squares, each able to melee attack (reach and size widen what they threaten)",
            params: FLANK_PARAMS,
            rule: Some(C_FLANKING),
            run: run_flanking,
        },
        Calculator {
            system: SYSTEM,
            name: "combine-effects",
            summary: "Which spells and magical effects stay on a target: one of the same name replaces the older",
            params: COMBINE_PARAMS,
            rule: Some(R_COMBINING),
            run: run_combine,
        },
    ]
    .into_iter()
    .chain(more_calculators())
    .collect()
}

fn run_climb(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = climb(
        i.int("feet")?,
        i.flag("climb-speed"),
        i.flag("challenging"),
        i.int("str")?,
        i.int("athletics")?,
        i.opt_int("roll")?,
        i.opt_int("difficulty")?,
    )?;
    let mut out = Outcome::default();
    if let Some(total) = c.check {
        out = out.field(if i.opt_int("roll")?.is_some() { "check_total" } else { "check_bonus" }, total);
    }
    out = out.field("movement_used_ft", c.cost_ft);
    if let Some(s) = c.success {
        out = out.field("success", s);
    }
    Ok(out.terms(c.terms))
}

fn run_pass(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let held = parse_conditions(tome, "conditions", i.raw("conditions"))?;
    let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
    let hostile = i.choice("other")? == Some("hostile");
    let p = pass_through(hostile, &condition_effects(&slugs), i.int("size-difference")?)?;
    let mut out = Outcome::default()
        .field("may_pass", p.allowed)
        .field("difficult_terrain", p.difficult)
        .field("may_end_turn_there", p.may_end_there)
        .field("reason", p.reason)
        .terms(p.terms);
    if !hostile && !held.is_empty() {
        out = out.warn("an ally's conditions do not matter: its space may always be passed");
    }
    Ok(out)
}

fn run_check_crit(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = check_crit(i.int("natural")?, i.int("expansions")?, i.opt_int("total")?, i.opt_int("difficulty")?)?;
    let mut out = Outcome::default().field("crit", c.crit).field("outcome", c.outcome);
    if let Some(s) = c.success {
        out = out.field("success", s);
    }
    Ok(out.terms(c.terms))
}

fn run_spot(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let s = spot_unseen(i.int("awr")?, i.int("ant")?, i.int("distance")?, i.flag("tried-this-turn"))?;
    Ok(Outcome::default().field("found", s.found).field("still_unseen", true).terms(s.terms))
}

fn run_contests(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let one =
        |name: &str| -> Result<Vec<(String, i64)>> { Ok(i.named(name)?.into_iter().map(|(n, v)| (n, v[0])).collect()) };
    let c = surprise_contests(i.int("dex")?, &one("allies")?, &one("distances")?)?;
    Ok(Outcome::default()
        .field("attacker_hidden", c.hidden)
        .field("combat_begins", !c.hidden)
        .field("noticed_by", c.noticed_by.join(", "))
        .field("too_far", c.out_of_range.join(", "))
        .terms(c.terms))
}

fn run_flanking(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let place = |who: &str| -> Result<Placed> {
        let (x, y) = parse_square(who, i.text(who).unwrap_or_default())?;
        let reach = if who == "target" { 5 } else { i.int(&format!("{who}-reach"))? };
        Ok(Placed { x, y, squares: i.int(&format!("{who}-squares"))?, reach_ft: reach })
    };
    let able = |who: &str| -> Result<bool> {
        let held = parse_conditions(tome, &format!("{who}-conditions"), i.raw(&format!("{who}-conditions")))?;
        let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
        Ok(!condition_effects(&slugs).ap.iter().any(|(_, _, l)| *l == ApLimit::None))
    };
    let f = flanking(place("target")?, place("first")?, place("second")?, [able("first")?, able("second")?])?;
    Ok(Outcome::default().field("flanking", f.flanking).field("reason", f.reason).terms(f.terms))
}

fn run_combine(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let raw = i.text("effects").unwrap_or_default();
    let names: Vec<&str> = raw.split(',').collect();
    let c = combine_effects(&names)?;
    Ok(Outcome::default().field("in_force", c.in_force.join(", ")).field("replaced", c.replaced).terms(c.terms))
}

pub(super) const EFFECTS_PARAMS: &[Param] =
    &[text("conditions", "conditions by name, comma-separated, e.g. `Grounded, Phobic, Taunt`", true)];

pub(super) const BURNING_PARAMS: &[Param] = &[
    int("damage", "the Burning fire damage (for a die such as 1d4, what it dealt)", 0, BLEEDING_MAX, None),
    choice(
        "douse",
        "how it is being put out: none, water, or roll (Prone, in dirt or mud; Interpretation: an adventurer spends 2 AP)",
        Douse::WORDS,
        "none",
    ),
];

pub(super) const UNSEEN_PARAMS: &[Param] = &[
    choice(
        "event",
        "what happened: damaging-attack, harmless-spell, struck-in-melee, space-entered, hit-in-guessed-square, into-clear-sight, spotted (Interpretation: a spell that deals no damage keeps it Unseen)",
        UnseenEvent::WORDS,
        "damaging-attack",
    ),
    flag("source-says-otherwise", "the source of the Unseen condition says this event does not end it"),
];

pub(super) fn more_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "condition-effects",
            summary: "What a set of conditions does, as the tracker shows it: AP, speed, defenses, d20s, TA and TD (Focused, Taunt), what it fails or cannot do (Silenced, Grounded)",
            params: EFFECTS_PARAMS,
            rule: None,
            run: run_effects,
        },
        Calculator {
            system: SYSTEM,
            name: "burning",
            summary: "Burning: fire damage at the start of each turn until doused in water or rolled out Prone (2 monster actions)",
            params: BURNING_PARAMS,
            rule: Some(C_BURNING),
            run: run_burning,
        },
        Calculator {
            system: SYSTEM,
            name: "unseen-lost",
            summary: "Whether an event ends the Unseen condition (damaging attacks, a melee strike, its space entered, a hit on its square, clear sight; not being spotted)",
            params: UNSEEN_PARAMS,
            rule: Some(C_UNSEEN),
            run: run_unseen,
        },
        Calculator {
            system: SYSTEM,
            name: "special-ap",
            summary: "Special AP (Rage AP, Support AP): one source at most; the one kept and the ones given up",
            params: SPECIAL_AP_PARAMS,
            rule: Some(R_SPECIAL_AP),
            run: run_special_ap,
        },
        Calculator {
            system: SYSTEM,
            name: "disease",
            summary: "A monster disease's rarity, lethality and transmissibility, from the Monster Diseases table",
            params: DISEASE_PARAMS,
            rule: Some(T_DISEASES),
            run: run_disease,
        },
    ]
}

pub(super) const SPECIAL_AP_PARAMS: &[Param] = &[
    text("sources", "the kinds of special AP offered, comma-separated, e.g. `Rage AP, Support AP`", true),
    text("keep", "the one kept (the choice is the creature's)", false),
];

pub(super) const DISEASE_PARAMS: &[Param] = &[text("name", "the disease, e.g. `Stonerot`", true)];

fn run_special_ap(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let sources = i.names("sources")?;
    let s = special_ap(&sources, i.text("keep"))?;
    let mut out = Outcome::default()
        .field("kept", s.kept.clone().unwrap_or_else(|| "not chosen".into()))
        .field("given_up", s.dropped.join(", "))
        .terms(s.terms);
    if s.kept.is_none() {
        out = out.warn("only one source of special AP is kept: choose it with --keep");
    }
    Ok(out)
}

fn run_disease(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let cells = disease(tome, i.text("name").unwrap_or_default())?;
    let mut out = Outcome::default();
    let mut terms = Vec::new();
    for (column, cell) in &cells {
        out = out.field(&column.to_lowercase(), cell.clone());
        terms.push(Term::text(column.clone(), cell.clone(), Some(T_DISEASES)));
    }
    Ok(out.terms(terms))
}

fn run_effects(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let held = parse_conditions(tome, "conditions", i.raw("conditions"))?;
    if held.is_empty() {
        return Err(Error::InvalidInput("--conditions needs at least one condition".into()));
    }
    let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
    let fx = condition_effects(&slugs);
    let mut out = Outcome::default()
        .field("in_force", fx.seen.join(", "))
        .field("d20", fx.d20)
        .field("defenses", fx.defenses)
        .field("td", fx.td)
        .field("ta", fx.ta);
    out = if fx.terms.is_empty() {
        out.terms([Term::text("None of these", "changes anything Tome tracks", None)])
    } else {
        out.terms(fx.terms)
    };
    Ok(out)
}

fn run_burning(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let douse: Douse = i
        .choice("douse")?
        .unwrap_or("none")
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--douse must be one of {}", Douse::WORDS.join(", "))))?;
    let b = burning(i.int("damage")?, douse)?;
    Ok(Outcome::default()
        .field("fire_damage", b.damage)
        .field("ends", b.ends)
        .field("actions", b.actions)
        .field("prone", b.prone)
        .terms(b.terms))
}

fn run_unseen(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let event: UnseenEvent = i
        .choice("event")?
        .unwrap_or("damaging-attack")
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--event must be one of {}", UnseenEvent::WORDS.join(", "))))?;
    let (lost, terms) = unseen_lost(event, i.flag("source-says-otherwise"));
    Ok(Outcome::default().field("unseen_lost", lost).terms(terms))
}
