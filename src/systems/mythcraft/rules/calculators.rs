//! Calculators.

use rand::SeedableRng;

use super::*;

pub(super) const fn int(
    name: &'static str,
    help: &'static str,
    min: i64,
    max: i64,
    default: Option<&'static str>,
) -> Param {
    Param { name, help, kind: ParamKind::Int { min, max }, required: default.is_none(), default }
}

pub(super) const fn opt_int(name: &'static str, help: &'static str, min: i64, max: i64) -> Param {
    Param { name, help, kind: ParamKind::Int { min, max }, required: false, default: None }
}

pub(super) const fn flag(name: &'static str, help: &'static str) -> Param {
    Param { name, help, kind: ParamKind::Flag, required: false, default: None }
}

pub(super) const fn text(name: &'static str, help: &'static str, required: bool) -> Param {
    Param { name, help, kind: ParamKind::Text, required, default: None }
}

pub(super) const AP_PARAMS: &[Param] = &[
    int("cor", "Coordination (COR) score", COR_MIN, COR_MAX, None),
    int("level", "character level", LEVEL_MIN, LEVEL_MAX, Some("1")),
    int("reactive", "Reactive AP left unspent since your last turn", 0, REACTIVE_MAX, Some("0")),
];

pub(super) const JUMP_PARAMS: &[Param] = &[
    int("str", "Strength (STR) score", STR_MIN, STR_MAX, None),
    opt_int("movement-left", "feet of movement you still have (a jump cannot go further)", 0, DISTANCE_MAX),
];

pub(super) const CRIT_PARAMS: &[Param] = &[
    int("expansions", "how many times abilities widen your crit range", 0, EXPANSIONS_MAX, None),
    int("vulnerable", "the target's Vulnerable rating against the attack's damage type", 0, EXPANSIONS_MAX, Some("0")),
];

pub(super) const MOVE_PARAMS: &[Param] = &[
    int("speed", "walking Speed in ft", 0, SPEED_MAX, Some("20")),
    int("swim-speed", "Swim speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("fly-speed", "Fly speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("climb-speed", "Climb speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("burrow-speed", "Burrow speed in ft (0: none)", 0, SPEED_MAX, Some("0")),
    int("walk", "feet walked or run", 0, DISTANCE_MAX, Some("0")),
    int("swim", "feet swum", 0, DISTANCE_MAX, Some("0")),
    int("fly", "feet flown", 0, DISTANCE_MAX, Some("0")),
    int("climb", "feet climbed", 0, DISTANCE_MAX, Some("0")),
    int("burrow", "feet burrowed", 0, DISTANCE_MAX, Some("0")),
];

pub(super) const DAMAGE_PARAMS: &[Param] = &[
    text("damage", "damage by type, comma-separated or joined by +, e.g. `8 sharp + 4 fire` (amounts 0 to 9999)", true),
    text("immune", "damage types the target is Immune to, comma-separated, e.g. `fire, cold`", false),
    text("vulnerable", "Vulnerable ratings, comma-separated, e.g. `fire 2` (ratings 0 to 20)", false),
    text("resist", "Resist ratings, comma-separated, e.g. `cold 3` (ratings 0 to 20)", false),
    text(
        "affinity",
        "damage types the target has Affinity with (half, rounded down: an interpretation; taken before DR and DT, also an interpretation)",
        false,
    ),
    int(
        "dr",
        "Damage Reduction (interpretation: taken once per hit from the whole hit, after Affinity, before DT)",
        0,
        DR_MAX,
        Some("0"),
    ),
    text("dr-except", "what follows the slash of DR X/…: damage types, weapon tags or magic sources, comma-separated", false),
    text("tags", "the attack's weapon tags and magic source, comma-separated, e.g. `silvered`", false),
    flag("ignores-resist", "the damage ignores Resist (and so DR too)"),
    int("dt", "Damage Threshold (interpretation: held against what is left after Affinity and DR)", 0, AMOUNT_MAX, Some("0")),
    int("shield-hp", "Shield HP", 0, AMOUNT_MAX, Some("0")),
    opt_int("attack", "attack total, for the hit check (counted when the defense is given too)", ROLL_MIN, ROLL_MAX),
    opt_int("defense", "the defense attacked, before Resist and Vulnerable", ROLL_MIN, ROLL_MAX),
    opt_int(
        "natural",
        "the attack's natural d20: 1 is a critical fail and misses whatever the total; 20 always crits",
        1,
        20,
    ),
    flag("crit", "the attack is a crit (hits whatever the defenses)"),
    int(
        "crit-expansions",
        "how many times the attacker's abilities widen its crit range (a target's Vulnerable to the damage widens it too)",
        0,
        EXPANSIONS_MAX,
        Some("0"),
    ),
    flag("half-on-miss", "the attack deals half damage on a miss (interpretation: rounded down)"),
    opt_int("hp", "current HP (counted when the maximum HP is given too)", 0, AMOUNT_MAX),
    opt_int("max-hp", "maximum HP (counted when the current HP is given too)", 1, AMOUNT_MAX),
];

pub(super) const BLOODIED_PARAMS: &[Param] =
    &[int("hp", "current HP", 0, AMOUNT_MAX, None), int("max-hp", "maximum HP", 1, AMOUNT_MAX, None)];

pub(super) const DEATH_PARAMS: &[Param] = &[
    int("points", "Death Points before the events", 0, DEATH_AT, Some("0")),
    text("events", "in order, comma-separated: end-turn, hit, massive, fatigue, suffocate, recoup, rest", false),
    flag("catching-breath", "Catching your Breath: no event adds Death Points while it lasts"),
    flag("fatigued", "already Fatigued"),
];

pub(super) const TACTICAL_PARAMS: &[Param] = &[
    int("ta", "sources of Tactical Advantage", 0, SOURCES_MAX, Some("0")),
    int("td", "sources of Tactical Disadvantage", 0, SOURCES_MAX, Some("0")),
    Param {
        name: "attack",
        help: "kind of attack (TA only helps weapon attacks)",
        kind: ParamKind::Choice { options: AttackKind::WORDS },
        required: false,
        default: Some("weapon"),
    },
    flag("ranged", "a ranged or thrown attack"),
    int("foes-adjacent", "hostile creatures within 5 ft (counts for ranged attacks)", 0, SOURCES_MAX, Some("0")),
];

pub(super) const GRAPPLE_PARAMS: &[Param] = &[
    int(
        "size-difference",
        "Grappled creature's size category minus the grappler's (negative: smaller)",
        -SIZE_DIFF_MAX,
        SIZE_DIFF_MAX,
        None,
    ),
    int("grappled-speed", "the Grappled creature's speed in ft", 0, SPEED_MAX, Some("20")),
    int("grappler-speed", "the grappler's speed in ft", 0, SPEED_MAX, Some("20")),
];

pub(super) const CONDITION_PARAMS: &[Param] = &[Param {
    name: "condition",
    help: "a condition's name or id, e.g. Pinned",
    kind: ParamKind::Entry { kind: Kind::Condition },
    required: true,
    default: None,
}];

pub(super) const SEED: Param = Param {
    name: "seed",
    help: "roll what is not given with this seed (same seed, same dice); without it the dice are random",
    kind: ParamKind::Int { min: 0, max: i64::MAX },
    required: false,
    default: None,
};

pub(super) const fn named(
    name: &'static str,
    help: &'static str,
    min: i64,
    max: i64,
    many: bool,
    required: bool,
) -> Param {
    Param { name, help, kind: ParamKind::Named { min, max, many }, required, default: None }
}

pub(super) const fn choice(
    name: &'static str,
    help: &'static str,
    options: &'static [&'static str],
    default: &'static str,
) -> Param {
    Param { name, help, kind: ParamKind::Choice { options }, required: false, default: Some(default) }
}

pub(super) const INITIATIVE_PARAMS: &[Param] = &[
    named("rolls", "each creature's d20 for initiative, e.g. `Ada=14, Bram=9`", 1, 20, false, true),
    named("awr", "each creature's AWR, e.g. `Ada=2, Bram=5`", COR_MIN, COR_MAX, false, true),
    named(
        "tie-rolls",
        "plain d20s to break ties that AWR leaves, e.g. `Ada=12` (`Ada=12/5` for a second tie); missing ones are rolled",
        1,
        20,
        true,
        false,
    ),
    SEED,
];

pub(super) const CRIT_DAMAGE_PARAMS: &[Param] = &[
    text("dice", "the damage dice, e.g. `2d6` or `2d4+1d6` (1 to 20 dice in all, of 2 to 100 sides)", true),
    int("modifier", "what the damage adds to its dice", -MODIFIER_MAX, MODIFIER_MAX, Some("0")),
    opt_int("roll", "the total of the damage dice rolled a second time (leave out to roll)", 1, 2000),
    SEED,
    int("luck", "the attacker's LUCK score", COR_MIN, COR_MAX, None),
];

pub fn calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "ap",
            summary: "AP at the start of a turn: 3 + COR bonus + Reactive AP kept (capped by level)",
            params: AP_PARAMS,
            rule: Some(R_AP),
            run: run_ap,
        },
        Calculator {
            system: SYSTEM,
            name: "jump",
            summary: "Vertical and horizontal jump distances from STR",
            params: JUMP_PARAMS,
            rule: Some(R_JUMP),
            run: run_jump,
        },
        Calculator {
            system: SYSTEM,
            name: "crit-range",
            summary: "The lowest natural d20 that crits, after expansions (never below 16)",
            params: CRIT_PARAMS,
            rule: Some(R_WEAPON_CRIT),
            run: run_crit,
        },
        Calculator {
            system: SYSTEM,
            name: "movement",
            summary: "Whether a mix of walking, swimming, flying, climbing and burrowing fits in 1 AP",
            params: MOVE_PARAMS,
            rule: Some(R_MOVE),
            run: run_movement,
        },
        Calculator {
            system: SYSTEM,
            name: "damage",
            summary: "Damage taken after Immune, Vulnerable, Resist, Affinity, DR, DT and Shield HP (interpretation: in that order, DR once per hit, halves rounded down)",
            params: DAMAGE_PARAMS,
            rule: Some("mythcraft/rule/damage"),
            run: run_damage,
        },
        Calculator {
            system: SYSTEM,
            name: "bloodied",
            summary: "Whether a creature is Bloodied (HP at most half its maximum)",
            params: BLOODIED_PARAMS,
            rule: Some(C_BLOODIED),
            run: run_bloodied,
        },
        Calculator {
            system: SYSTEM,
            name: "death-points",
            summary: "Death Points after a sequence of events; death at 8",
            params: DEATH_PARAMS,
            rule: Some(R_DYING),
            run: run_death,
        },
        Calculator {
            system: SYSTEM,
            name: "tactical",
            summary: "Net d20 modifier from Tactical Advantage and Disadvantage sources",
            params: TACTICAL_PARAMS,
            rule: Some(R_TA),
            run: run_tactical,
        },
        Calculator {
            system: SYSTEM,
            name: "grapple",
            summary: "Both creatures' speeds in a grapple, by size difference",
            params: GRAPPLE_PARAMS,
            rule: Some(C_GRAPPLED),
            run: run_grapple,
        },
        Calculator {
            system: SYSTEM,
            name: "implied-conditions",
            summary: "Every condition a compound condition brings with it",
            params: CONDITION_PARAMS,
            rule: None,
            run: run_conditions,
        },
        Calculator {
            system: SYSTEM,
            name: "initiative-order",
            summary: "Acting order from 1d20 + AWR; ties to the higher AWR, then plain d20s among the tied",
            params: INITIATIVE_PARAMS,
            rule: Some(R_INITIATIVE),
            run: run_initiative,
        },
        Calculator {
            system: SYSTEM,
            name: "crit-damage",
            summary: "Critical damage: the damage at its maximum, plus its dice rolled again, plus LUCK",
            params: CRIT_DAMAGE_PARAMS,
            rule: Some(R_WEAPON_CRIT),
            run: run_crit_damage,
        },
        Calculator {
            system: SYSTEM,
            name: "actions",
            summary: "Creature actions (or AP) left for a turn under Dazed, Stunned, Chilled, Staggered and a complete surprise",
            params: ACTIONS_PARAMS,
            rule: Some(R_AP),
            run: run_actions,
        },
        Calculator {
            system: SYSTEM,
            name: "speed",
            summary: "Speed under Slowed, Suppressed, Engaged and the conditions that stop movement",
            params: SPEED_PARAMS,
            rule: Some(R_MOVE),
            run: run_speed,
        },
        Calculator {
            system: SYSTEM,
            name: "defenses",
            summary: "Bonus to AR and physical defenses from Dodge, Protected and Partial Cover (interpretation: they add up)",
            params: DEFENSES_PARAMS,
            rule: Some(C_PROTECTED),
            run: run_defenses,
        },
        Calculator {
            system: SYSTEM,
            name: "d20-mode",
            summary: "How many d20s a roll uses, which one it keeps, and its modifier, under the roller's and target's conditions",
            params: D20_PARAMS,
            rule: Some(C_SHAKEN),
            run: run_d20_mode,
        },
        Calculator {
            system: SYSTEM,
            name: "knockout",
            summary: "Nonlethal damage to 0 HP: back to 1 HP, then Dazed, Stunned, Unconscious, and when that ends",
            params: KNOCKOUT_PARAMS,
            rule: Some(R_KNOCKING_OUT),
            run: run_knockout,
        },
        Calculator {
            system: SYSTEM,
            name: "bleeding",
            summary: "The Difficulty of the Medicine check that stops Bleeding (its damage + 10)",
            params: BLEEDING_PARAMS,
            rule: Some(C_BLEEDING),
            run: run_bleeding,
        },
        Calculator {
            system: SYSTEM,
            name: "suffocating",
            summary: "Rounds of Suffocating before Death Points start (END + 1), and whether this turn gains one",
            params: SUFFOCATING_PARAMS,
            rule: Some(C_SUFFOCATING),
            run: run_suffocating,
        },
        Calculator {
            system: SYSTEM,
            name: "surprise",
            summary: "What a Partially Surprised creature may do in a round, and the TA against it",
            params: SURPRISE_PARAMS,
            rule: Some(C_SURPRISE_PARTIAL),
            run: run_surprise,
        },
    ]
    .into_iter()
    .chain(procedure_calculators())
    .collect()
}

pub(super) fn run_ap(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let a = action_points(i.int("cor")?, i.int("level")?, i.int("reactive")?)?;
    let mut out = Outcome::default()
        .field("cor_bonus", a.cor_bonus)
        .field("ap", a.ap)
        .field("reactive_cap", a.reactive_cap)
        .field("carried", a.carried)
        .field("total", a.total)
        .terms(a.terms);
    if a.lost > 0 {
        out = out.warn(format!("{} Reactive AP above the cap of {} is lost", a.lost, a.reactive_cap));
    }
    Ok(out)
}

pub(super) fn run_jump(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let j = jump(i.int("str")?)?;
    let mut out =
        Outcome::default().field("vertical_ft", j.vertical_ft).field("horizontal_ft", j.horizontal_ft).terms(j.terms);
    if let Some(left) = i.opt_int("movement-left")? {
        out =
            out.field("vertical_now_ft", j.vertical_ft.min(left)).field("horizontal_now_ft", j.horizontal_ft.min(left));
        if j.horizontal_ft > left {
            out = out.warn(format!("only {left} ft of movement left: a jump cannot go further than that"));
        }
    }
    Ok(out)
}

pub(super) fn run_crit(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = crit_range(i.int("expansions")?, i.int("vulnerable")?)?;
    let range = if c.crit_min == CRIT_NATURAL { "20".to_string() } else { format!("{}-20", c.crit_min) };
    let mut out = Outcome::default()
        .field("crit_min", c.crit_min)
        .field("crit_range", range)
        .field("crit_chance_pct", (CRIT_NATURAL + 1 - c.crit_min) * 5)
        .terms(c.terms);
    if c.wasted > 0 {
        out = out.warn(format!("{} of the increases go past the 16-20 cap and do nothing", c.wasted));
    }
    Ok(out)
}

pub(super) fn run_movement(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let speeds = PerMode {
        walk: i.int("speed")?,
        swim: i.int("swim-speed")?,
        fly: i.int("fly-speed")?,
        climb: i.int("climb-speed")?,
        burrow: i.int("burrow-speed")?,
    };
    let moved = PerMode {
        walk: i.int("walk")?,
        swim: i.int("swim")?,
        fly: i.int("fly")?,
        climb: i.int("climb")?,
        burrow: i.int("burrow")?,
    };
    let m = movement(speeds, moved)?;
    let mut out = Outcome::default()
        .field("fits", m.fits)
        .field("budget_ft", m.budget_ft)
        .field("used_ft", m.used_ft)
        .field("left_ft", (m.budget_ft - m.used_ft).max(0))
        .terms(m.terms);
    out = out.warn_all(m.problems);
    Ok(out)
}

pub(super) fn run_damage(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let natural = i.opt_int("natural")?;
    let (crit, fumble) = natural_roll(natural, i.flag("crit"))?;
    let hit = match (i.opt_int("attack")?, i.opt_int("defense")?) {
        (Some(roll), Some(defense)) => Some(HitCheck {
            roll,
            defense,
            crit,
            fumble,
            half_on_miss: i.flag("half-on-miss"),
            natural,
            expansions: i.int("crit-expansions")?,
        }),
        (None, None) if !i.flag("crit") && !i.flag("half-on-miss") && natural.is_none() => None,
        _ => return Err(Error::InvalidInput("the hit check needs both --attack and --defense".into())),
    };
    let attack = Attack {
        portions: parse_portions(i.raw("damage").unwrap_or_default())?,
        hit,
        tags: parse_words("tags", i.raw("tags"))?,
        ignores_resist: i.flag("ignores-resist"),
    };
    let def = Defenses {
        immune: parse_types("immune", i.raw("immune"))?,
        vulnerable: parse_rated("vulnerable", i.raw("vulnerable"), Some(0))?,
        resist: parse_rated("resist", i.raw("resist"), None)?,
        affinity: parse_types("affinity", i.raw("affinity"))?,
        dr: i.int("dr")?,
        dr_except: parse_words("dr-except", i.raw("dr-except"))?,
        dt: i.int("dt")?,
        shield_hp: i.int("shield-hp")?,
    };
    let d = apply_damage(&attack, &def)?;
    let mut out = Outcome::default()
        .field("hit", d.hit)
        .field("damage_taken", d.damage_taken)
        .field("shield_absorbed", d.shield_absorbed)
        .field("shield_left", d.shield_left)
        .field("hp_lost", d.hp_lost)
        .terms(d.terms);
    match (i.opt_int("hp")?, i.opt_int("max-hp")?) {
        (Some(hp), Some(max_hp)) => {
            if hp > max_hp {
                return Err(Error::InvalidInput(format!("--hp must be from 0 to --max-hp ({max_hp}), not {hp}")));
            }
            let h = hp_after(hp, max_hp, d.hp_lost)?;
            out = out
                .field("hp_left", h.hp_left)
                .field("bloodied", h.bloodied)
                .field("massive_damage", h.massive)
                .field("death_points_gained", h.death_points_gained)
                // The terms add up to the damage; what it does to HP is said beside them.
                .terms(h.terms.into_iter().map(Term::as_note));
        }
        (None, None) => {}
        _ => return Err(Error::InvalidInput("--hp and --max-hp go together".into())),
    }
    Ok(out)
}

pub(super) fn run_bloodied(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (hp, max_hp) = (i.int("hp")?, i.int("max-hp")?);
    if hp > max_hp {
        return Err(Error::InvalidInput(format!("--hp must be from 0 to --max-hp ({max_hp}), not {hp}")));
    }
    let (b, at) = bloodied(hp, max_hp)?;
    Ok(Outcome::default().field("bloodied", b).field("bloodied_at_or_below", at).terms([
        Term::num("Half of maximum HP, rounded down", at, Some(C_BLOODIED)),
        Term::note("Current HP", hp, None),
    ]))
}

pub(super) fn run_death(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let events: Vec<DeathEvent> =
        given("events", i.raw("events"))?.into_iter().map(DeathEvent::parse).collect::<Result<_>>()?;
    let t = death_points(i.int("points")?, &events, i.flag("catching-breath"), i.flag("fatigued"))?;
    let mut out = Outcome::default()
        .field("death_points", t.points)
        .field("dead", t.dead)
        .field("fatigued", t.fatigued)
        .field("until_death", (DEATH_AT - t.points).max(0))
        .terms(t.terms);
    out = out.warn_all(t.warnings);
    Ok(out)
}

pub(super) fn run_tactical(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let kind = AttackKind::parse(i.choice("attack")?.unwrap_or("weapon"))?;
    let ranged = i.flag("ranged");
    let foes = i.int("foes-adjacent")?;
    let t = tactical(i.int("ta")?, i.int("td")?, kind, if ranged { foes } else { 0 })?;
    let mut out = Outcome::default()
        .field("modifier", t.modifier)
        .field("ta_counted", t.ta_counted)
        .field("td_counted", t.td_counted)
        .terms(t.terms);
    if foes > 0 && !ranged {
        out = out.warn("hostile creatures within 5 ft only add TD to ranged or thrown attacks (add --ranged)");
    }
    Ok(out)
}

pub(super) fn run_grapple(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let g = grapple(i.int("size-difference")?, i.int("grappled-speed")?, i.int("grappler-speed")?)?;
    Ok(Outcome::default()
        .field("grappled_speed_ft", g.grappled_ft)
        .field("grappler_speed_ft", g.grappler_ft)
        .terms(g.terms))
}

pub(super) fn run_conditions(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let entry = i.entry("condition", SYSTEM, tome)?;
    let (included, terms) = implied_conditions(tome, &entry.id)?;
    let names: Vec<&str> = included.iter().map(|c| c.name.as_str()).collect();
    Ok(Outcome::default()
        .field("condition", entry.name.clone())
        .field("includes", names.join(", "))
        .field("count", included.len() as i64)
        .terms(terms))
}

pub(super) fn run_initiative(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let one =
        |name: &str| -> Result<Vec<(String, i64)>> { Ok(i.named(name)?.into_iter().map(|(n, v)| (n, v[0])).collect()) };
    let seed = i.opt_int("seed")?.map_or_else(rand::random, |s| s as u64);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let d20 = Dice { count: 1, sides: 20 };
    let o = initiative_order(&one("rolls")?, &one("awr")?, &i.named("tie-rolls")?, &mut || d20.roll(&mut rng).total)?;
    let mut out = Outcome::default().field("order", o.order).field("totals", o.totals).terms(o.terms);
    out = out.warn_all(o.warnings);
    Ok(out)
}

pub(super) fn run_crit_damage(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let raw = i.text("dice").unwrap_or_default();
    let dice: DamageDice = raw.parse().map_err(|e: String| Error::InvalidInput(format!("--dice: {e}")))?;
    let (second, faces) = match (i.opt_int("roll")?, i.opt_int("seed")?) {
        (Some(_), Some(_)) => return Err(Error::InvalidInput("give --roll or --seed, not both".into())),
        (Some(n), None) => (n, None),
        (None, seed) => {
            let (total, faces) = match seed {
                Some(s) => dice.roll(&mut rand::rngs::StdRng::seed_from_u64(s as u64)),
                None => dice.roll(&mut rand::rng()),
            };
            (total, Some(faces))
        }
    };
    let c = crit_damage(dice, i.int("modifier")?, second, i.int("luck")?)?;
    Ok(with_dice(
        Outcome::default().field("damage", c.damage).field("maximised", c.maximised).field("second_roll", second),
        faces,
    )
    .terms(c.terms))
}
