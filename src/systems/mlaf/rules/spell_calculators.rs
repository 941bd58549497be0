//! Registry of the spells' own effects (what a spell does once cast), the whole Dark
//! Initiation ritual and the Spell Table odds.

use super::*;
use crate::rules::percent;

const CARRIER: Param = Param {
    name: "carrier",
    help: "the player holding the ball, when his team is the moving team (knocking him over is a turnover)",
    kind: ParamKind::Text,
    required: false,
    default: None,
};

const ST_PARAM: Param = Param {
    name: "st",
    help: "the player's ST (1 to 10)",
    kind: ParamKind::Int { min: 1, max: MAX_ST },
    required: true,
    default: None,
};

const D6_ROLL: Param = roll_param("the d6, 1 to 6 (leave out to roll)", 1, 6);

const LIGHTNING_BOLT_PARAMS: &[Param] = &[
    Param {
        name: "players",
        help: "the players in the bolt's line, nearest first, each with his AG: NAME=AG,… (at most 22)",
        kind: ParamKind::Named { min: 1, max: MAX_AG, many: false },
        required: true,
        default: None,
    },
    rolls_param("the 2D6 for each player reached, NAME=N,…; the rest are rolled (from --seed if given)", 12, false),
    SEED,
    CARRIER,
];

const FIRE_BALL_PARAMS: &[Param] = &[
    Param {
        name: "players",
        help: "the players in the target square and the eight around it, each with his AG: NAME=AG,… (at most 9)",
        kind: ParamKind::Named { min: 1, max: MAX_AG, many: false },
        required: true,
        default: None,
    },
    rolls_param("each player's D6, NAME=N,…; the rest are rolled (from --seed if given)", 6, false),
    SEED,
    CARRIER,
];

const SIREN_SONG_PARAMS: &[Param] = &[
    Param {
        name: "players",
        help: "the opposing players within 3 squares, comma-separated names (at most 11)",
        kind: ParamKind::Text,
        required: true,
        default: None,
    },
    rolls_param("each player's d6, NAME=N,…; the rest are rolled (from --seed if given)", 6, false),
    SEED,
];

const CRY_OF_JYHAD_PARAMS: &[Param] = &[
    Param {
        name: "players",
        help: "your players on the pitch at the end of the turn, comma-separated names (at most 11 with --stunned)",
        kind: ParamKind::Text,
        required: true,
        default: None,
    },
    Param {
        name: "stunned",
        help: "your players who were Stunned when the spell was cast: they roll nothing",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    rolls_param(
        "each player's d6, and after a 1 his injury d6: NAME=N or NAME=1/N,…; the rest are rolled (from --seed if given)",
        6,
        true,
    ),
    SEED,
];

const WEATHER_CONTROL_PARAMS: &[Param] =
    &[roll_param("the success d6, 1 to 6 (leave out to roll)", 1, 6), SEED, ENEMY_TZ];

const SPEED_OF_LIGHT_PARAMS: &[Param] = &[
    Param {
        name: "ma",
        help: "the target's MA (1 to 10)",
        kind: ParamKind::Int { min: 1, max: MAX_MA },
        required: true,
        default: None,
    },
    D6_ROLL,
    SEED,
];

const MEDUSAS_GAZE_PARAMS: &[Param] = &[
    Param { help: "the victim's ST (1 to 10)", ..ST_PARAM },
    Param {
        name: "ball",
        help: "the victim was holding the ball",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "moving",
        help: "the victim's team is the moving team (a dropped ball is then a turnover)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

const CALL_ROOTS_PARAMS: &[Param] =
    &[Param { help: "the ST of the player trying to leave the roots (1 to 10)", ..ST_PARAM }, D6_ROLL, SEED];

const DARK_INITIATION_PARAMS: &[Param] = &[
    Param {
        name: "players",
        help: "the team-mates presented, in order, each with the SPP he earned this match: NAME=SPP,…",
        kind: ParamKind::Named { min: 0, max: MAX_MATCH_SPP, many: false },
        required: true,
        default: None,
    },
    Param {
        name: "priest-spp",
        help: "SPP the Priest earned during the match (none: a failure means a casualty d6 for him, not a mutation); Interpretation: this ritual's own successes do not count",
        kind: ParamKind::Int { min: 0, max: MAX_MATCH_SPP },
        required: true,
        default: None,
    },
    Param {
        name: "priest",
        help: "the Priest's state at the end of the match (only a fit Priest can cast)",
        kind: ParamKind::Choice { options: &["fit", "badly-hurt", "seriously-injured", "dead"] },
        required: false,
        default: Some("fit"),
    },
    Param {
        name: "level",
        help: "the Priest's level (one spell per level each match)",
        kind: ParamKind::Int { min: 1, max: MAX_LEVEL },
        required: false,
        default: Some("1"),
    },
    Param {
        name: "spells-cast",
        help: "spells the Priest already cast during the match; Interpretation: each presentation uses one of his spells",
        kind: ParamKind::Int { min: 0, max: MAX_LEVEL },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "dead",
        help: "presented players who died in the match (they cannot be presented), comma-separated",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "has",
        help: "mutations each player already has, as their Mutation Table rows (1 to 15, e.g. 2 for Claw): NAME=2/5,…",
        kind: ParamKind::Named { min: 1, max: 15, many: true },
        required: false,
        default: None,
    },
    Param {
        name: "priest-has",
        help: "mutations the Priest already has, as mutation table rows (1 to 15), comma-separated",
        kind: ParamKind::IntList { min: 1, max: 15 },
        required: false,
        default: None,
    },
    rolls_param(
        "for each player: the casting d6, then the d20 (or on a failure the Priest's d20, or his casualty d6): NAME=5/12,…; the rest are rolled (from --seed if given)",
        20,
        true,
    ),
    SEED,
];

pub fn spell_effect_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "lightning-bolt",
            summary: "Lightning Bolt: 2D6 against each AG down the line until one player is hit",
            params: LIGHTNING_BOLT_PARAMS,
            rule: Some(LIGHTNING_BOLT),
            run: run_lightning_bolt,
        },
        Calculator {
            system: SYSTEM,
            name: "fire-ball",
            summary: "Fire Ball: a D6 above his AG knocks each player of the nine squares over",
            params: FIRE_BALL_PARAMS,
            rule: Some(FIRE_BALL),
            run: run_fire_ball,
        },
        Calculator {
            system: SYSTEM,
            name: "siren-song",
            summary: "Siren Song: a d6 of 3 or less hypnotises each opponent within 3 squares",
            params: SIREN_SONG_PARAMS,
            rule: Some(SIREN_SONG),
            run: run_siren_song,
        },
        Calculator {
            system: SYSTEM,
            name: "cry-of-jyhad",
            summary: "Cry of Jyhad: the turn's +1 ST, then a d6 per player where a 1 means an injury roll at 1d6+6",
            params: CRY_OF_JYHAD_PARAMS,
            rule: Some(CRY_OF_JYHAD),
            run: run_cry_of_jyhad,
        },
        Calculator {
            system: SYSTEM,
            name: "weather-control",
            summary: "Weather Control: whether the success roll lets the caster shift the weather one step or pick any",
            params: WEATHER_CONTROL_PARAMS,
            rule: Some(WEATHER_CONTROL),
            run: run_weather_control,
        },
        Calculator {
            system: SYSTEM,
            name: "speed-of-light",
            summary: "Speed of Light: the squares a player may move, MA plus 1d6",
            params: SPEED_OF_LIGHT_PARAMS,
            rule: Some(SPEED_OF_LIGHT),
            run: run_speed_of_light,
        },
        Calculator {
            system: SYSTEM,
            name: "long-door",
            summary: "The Long Door: how far (1d6 squares) the tunnel's far end opens from the first door",
            params: &[D6_ROLL, SEED],
            rule: Some(LONG_DOOR),
            run: run_long_door,
        },
        Calculator {
            system: SYSTEM,
            name: "medusas-gaze",
            summary: "Medusa's Gaze: the victim's halved ST, and whether the ball drops for a turnover",
            params: MEDUSAS_GAZE_PARAMS,
            rule: Some(MEDUSAS_GAZE),
            run: run_medusas_gaze,
        },
        Calculator {
            system: SYSTEM,
            name: "call-roots",
            summary: "Call Roots: a d6 below his ST lets a player leave the rooted square",
            params: CALL_ROOTS_PARAMS,
            rule: Some(CALL_ROOTS),
            run: run_call_roots,
        },
        Calculator {
            system: SYSTEM,
            name: "dragon-claw",
            summary: "Dragon Claw: the block dice of its ST 10 block against the target (Interpretation: Blood Bowl's block rule)",
            params: &[Param { help: "the target's ST (1 to 10)", ..ST_PARAM }],
            rule: Some(DRAGON_CLAW),
            run: run_dragon_claw,
        },
        Calculator {
            system: SYSTEM,
            name: "librarian",
            summary: "Librarian: how many of the cards drawn may be Magic Items",
            params: &[Param {
                name: "cards",
                help: "the Special Play Cards your roll allows (0 to 20)",
                kind: ParamKind::Int { min: 0, max: MAX_CARDS },
                required: true,
                default: None,
            }],
            rule: Some(LIBRARIAN),
            run: run_librarian,
        },
        Calculator {
            system: SYSTEM,
            name: "dark-initiation",
            summary: "Dark Initiation after the match: who may be presented, the casting d6s, mutations, deaths and the Priest's fate",
            params: DARK_INITIATION_PARAMS,
            rule: Some(DARK_INITIATION),
            run: run_dark_initiation,
        },
        Calculator {
            system: SYSTEM,
            name: "spell-table-odds",
            summary: "The chance of each Spell Table result on 3d6, known spells counted as +1 level",
            params: &[Param {
                name: "known",
                help: "spells the caster knows, comma-separated (their rows become +1 level)",
                kind: ParamKind::Text,
                required: false,
                default: None,
            }],
            rule: Some(SPELL_TABLE),
            run: run_spell_table_odds,
        },
    ]
}

/// `--carrier`, checked against the players named.
fn carrier(i: &Inputs, names: &[String]) -> Result<Option<String>> {
    let Some(c) = i.text("carrier") else { return Ok(None) };
    names
        .iter()
        .find(|n| n.eq_ignore_ascii_case(c))
        .cloned()
        .map(Some)
        .ok_or_else(|| Error::InvalidInput(format!("--carrier: {c} is not one of the players ({})", names.join(", "))))
}

fn run_lightning_bolt(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let line = named_players(i, "players", PITCH_PLAYERS)?;
    let names: Vec<String> = line.iter().map(|(n, _)| n.clone()).collect();
    let carrier = carrier(i, &names)?;
    let mut dice = PlayerDice::new(i, &names)?;
    let bolt = lightning_bolt(&line, &mut |name| dice.next(name, Dice { count: 2, sides: 6 }, "2D6"))?;
    let turnover = bolt.hit.is_some() && bolt.hit == carrier;
    let rolls: Vec<String> = bolt.rolls.iter().map(|r| format!("{} {}", r.name, r.roll)).collect();
    let mut o = Outcome::default()
        .field("hit", bolt.hit.clone())
        .field("rolls", rolls.join(", "))
        .field("turnover", turnover)
        .probability("hit-chance", 1.0 - bolt.miss_all)
        .field("odds", format!("{}; nobody {}", odds_text(&bolt.odds), percent(bolt.miss_all)))
        .terms(bolt.terms);
    if turnover {
        o = o.terms([Term::text("The ball carrier of the moving team went down", "turnover", Some(LIGHTNING_BOLT))]);
    }
    Ok(dice.report(o))
}

fn run_fire_ball(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let area = named_players(i, "players", FIRE_BALL_SQUARES)?;
    let names: Vec<String> = area.iter().map(|(n, _)| n.clone()).collect();
    let carrier = carrier(i, &names)?;
    let mut dice = PlayerDice::new(i, &names)?;
    let mut rolled = Vec::new();
    for (name, ag) in &area {
        rolled.push((name.clone(), *ag, dice.next(name, Dice { count: 1, sides: 6 }, "D6")?));
    }
    let f = fire_ball(&rolled)?;
    let down: Vec<String> = f.rolls.iter().filter(|r| r.hit).map(|r| r.name.clone()).collect();
    let turnover = carrier.is_some_and(|c| down.contains(&c));
    let rolls: Vec<String> = f.rolls.iter().map(|r| format!("{} {}", r.name, r.roll)).collect();
    let expected: f64 = f.odds.iter().map(|(_, p)| p).sum();
    let mut o = Outcome::default()
        .field("knocked-down", down.join(", "))
        .field("count", down.len())
        .field("rolls", rolls.join(", "))
        .field("turnover", turnover)
        .field("expected", round4(expected))
        .field("odds", odds_text(&f.odds))
        .terms(f.terms);
    if turnover {
        o = o.terms([Term::text("The ball carrier of the moving team went down", "turnover", Some(FIRE_BALL))]);
    }
    Ok(dice.report(o))
}

fn run_siren_song(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let names = player_names(i, "players", TEAM_PLAYERS)?;
    let mut dice = PlayerDice::new(i, &names)?;
    let mut rolls = Vec::new();
    for name in &names {
        rolls.push((name.clone(), dice.next(name, Dice { count: 1, sides: 6 }, "d6")?));
    }
    let s = siren_song(&rolls)?;
    let shown: Vec<String> = rolls.iter().map(|(n, r)| format!("{n} {r}")).collect();
    let o = Outcome::default()
        .field("hypnotised", s.hypnotised.join(", "))
        .field("count", s.hypnotised.len())
        .field("rolls", shown.join(", "))
        .probability("chance-any", s.any)
        .terms(s.terms);
    Ok(dice.report(o))
}

fn run_cry_of_jyhad(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let players = player_names(i, "players", TEAM_PLAYERS)?;
    let stunned = player_names(i, "stunned", TEAM_PLAYERS)?;
    let rolling: Vec<String> =
        players.iter().filter(|p| !stunned.iter().any(|s| s.eq_ignore_ascii_case(p))).cloned().collect();
    let mut on_pitch = players.clone();
    on_pitch.extend(stunned.iter().filter(|s| !players.iter().any(|p| p.eq_ignore_ascii_case(s))).cloned());
    if let Some((name, _)) =
        i.named("rolls")?.into_iter().find(|(n, _)| stunned.iter().any(|s| s.eq_ignore_ascii_case(n)))
    {
        return Err(Error::InvalidInput(format!(
            "--rolls: {name} was Stunned when the spell was cast and rolls nothing"
        )));
    }
    let mut dice = PlayerDice::new(i, &rolling)?;
    let mut rolls = Vec::new();
    for name in &rolling {
        let d6 = dice.next(name, Dice { count: 1, sides: 6 }, "d6")?;
        let injury = if d6 == 1 { Some(dice.next(name, Dice { count: 1, sides: 6 }, "injury d6")?) } else { None };
        rolls.push((name.clone(), d6, injury));
    }
    let exempt: Vec<String> = on_pitch.iter().filter(|p| !rolling.contains(p)).cloned().collect();
    let j = cry_of_jyhad(&rolls, &exempt)?;
    let injured: Vec<String> = j
        .rolls
        .iter()
        .filter_map(|r| r.injury.map(|(_, total)| format!("{} {total} ({})", r.name, injury_reading(total))))
        .collect();
    let summary = format!("{} of {} players roll on the injury table at 1d6+6", injured.len(), j.rolls.len());
    let shown: Vec<String> = j.rolls.iter().map(|r| format!("{} {}", r.name, r.d6)).collect();
    let o = Outcome::default()
        .field("st-bonus", 1)
        .field("skills", "Mighty Blow, Frenzy")
        .field("injury-rolls", injured.join(", "))
        .field("count", injured.len())
        .field("rolls", shown.join(", "))
        .field("exempt", j.exempt.join(", "))
        .field("summary", summary)
        .probability("chance-any-injury-roll", j.any_injury_roll)
        .probability("chance-any-casualty", j.any_casualty)
        .terms(j.terms)
        .warn("Interpretation: the injury readings (7 Stunned, 8-9 KO'd, 10-12 Casualty) are the Blood Bowl rulebook's table, which the document does not print; skills such as Thick Skull are not counted");
    Ok(dice.report(o))
}

fn run_weather_control(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let (success, free, terms) = weather_control(roll, i.int("enemy-tz")?)?;
    let choice = match (success, free) {
        (true, true) => "any weather on the table",
        (true, false) => "the weather one step above or below the current one",
        (false, _) => "no change",
    };
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("success", success)
        .field("choice", choice)
        .terms(terms))
}

fn run_speed_of_light(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let (squares, terms) = speed_of_light(i.int("ma")?, roll)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces).field("squares", squares).terms(terms))
}

fn run_long_door(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let terms = long_door(roll)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces).field("distance", roll).terms(terms))
}

fn run_medusas_gaze(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let g = medusas_gaze(i.int("st")?, i.flag("ball"), i.flag("moving"))?;
    let mut o = Outcome::default()
        .field("st", g.st)
        .field("drops-ball", g.drops_ball)
        .field("turnover", g.turnover)
        .field("lasts", "this turn and the next")
        .terms(g.terms);
    if i.flag("moving") && !i.flag("ball") {
        o = o.warn("--moving only matters when the victim held the ball (--ball)");
    }
    Ok(o)
}

fn run_call_roots(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let (leaves, chance, terms) = call_roots(i.int("st")?, roll)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("leaves", leaves)
        .probability("probability", chance)
        .terms(terms))
}

fn run_dragon_claw(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (dice, terms) = dragon_claw(i.int("st")?)?;
    Ok(Outcome::default().field("block-dice", dice).terms(terms))
}

fn run_librarian(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (items, terms) = librarian(i.int("cards")?)?;
    Ok(Outcome::default().field("magic-items", items).terms(terms))
}

fn run_dark_initiation(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let players = named_players(i, "players", TEAM_PLAYERS * 2)?;
    let names: Vec<String> = players.iter().map(|(n, _)| n.clone()).collect();
    let dead = split_list(i, "dead")?;
    for (param, list) in [("dead", dead.clone()), ("has", i.named("has")?.into_iter().map(|(n, _)| n).collect())] {
        if let Some(n) = list.iter().find(|n| !names.iter().any(|p| p.eq_ignore_ascii_case(n))) {
            return Err(Error::InvalidInput(format!(
                "--{param}: {n} is not one of the players ({})",
                names.join(", ")
            )));
        }
    }
    let priest = match i.choice("priest")? {
        Some("badly-hurt") => PriestState::BadlyHurt,
        Some("seriously-injured") => PriestState::SeriouslyInjured,
        Some("dead") => PriestState::Dead,
        _ => PriestState::Fit,
    };
    let input = RitualInput {
        priest,
        level: i.int("level")?,
        cast_in_match: i.int("spells-cast")?,
        priest_spp: i.int("priest-spp")?,
        priest_has: i.ints("priest-has")?,
        players,
        dead,
        has: i.named("has")?,
    };
    let mut dice = PlayerDice::new(i, &names)?;
    let r = dark_initiation(tome, &input, &mut |name, d, what| dice.next(name, d, what))?;
    let results: Vec<String> = r
        .presentations
        .iter()
        .map(|p| {
            format!("{}: casting d6 {}, {}: {}", p.name, p.cast, if p.success { "cast" } else { "failed" }, p.result)
        })
        .collect();
    let skipped: Vec<String> = r.skipped.iter().map(|(n, why)| format!("{n} ({why})")).collect();
    let mutations: Vec<String> = r.mutations.iter().map(|(n, m)| format!("{n}: {m}")).collect();
    let casualties: Vec<String> = r.priest_casualties.iter().map(i64::to_string).collect();
    let mut o = Outcome::default()
        .field("can-cast", r.can_cast)
        .field("allowed", r.allowed)
        .field("results", results.join("; "))
        .field("not-presented", skipped.join("; "))
        .field("mutations", mutations.join("; "))
        .field("dead", r.deaths.join(", "))
        .field("misses-next-game", r.misses_next_game.join(", "))
        .field("priest-casualty-rolls", casualties.join(", "))
        .field("priest-spp", r.priest_spp_gained)
        .terms(r.terms);
    o = o.warn_all(r.warnings);
    Ok(dice.report(o))
}

fn run_spell_table_odds(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let known = known_spells(tome, i)?;
    let (odds, terms) = spell_table_odds(tome, &known)?;
    let mut o = Outcome::default();
    for row in &odds {
        o = o.probability(&crate::slug::slugify(&row.result), row.probability);
    }
    Ok(o.terms(terms))
}
