//! Registry.

use super::*;

pub(super) const SEED: Param = Param {
    name: "seed",
    help: "roll the dice with this seed (same seed, same roll); given no roll and no seed, the dice are random",
    kind: ParamKind::Int { min: 0, max: i64::MAX },
    required: false,
    default: None,
};

/// The enemy tackle zones a caster stands in, as every casting roll takes them.
pub(super) const ENEMY_TZ: Param = Param {
    name: "enemy-tz",
    help: "enemy tackle zones the caster stands in (each -1 on the roll)",
    kind: ParamKind::Int { min: 0, max: MAX_ENEMY_TZ },
    required: false,
    default: Some("0"),
};

pub(super) const fn roll_param(help: &'static str, min: i64, max: i64) -> Param {
    Param { name: "roll", help, kind: ParamKind::Int { min, max }, required: false, default: None }
}

pub(super) const SPELL_ROLL_PARAMS: &[Param] = &[
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

pub(super) const MUTATION_PARAMS: &[Param] = &[
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

pub(super) const SOUL_PARAMS: &[Param] = &[
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

pub(super) const SHIFT_PARAMS: &[Param] = &[
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

pub(super) const CLAIRVOYANCE_PARAMS: &[Param] = &[
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

pub(super) const TOAD_PARAMS: &[Param] = &[roll_param("the d6, 1 to 6 (leave out to roll)", 1, 6), SEED];

pub fn calculators() -> Vec<Calculator> {
    let mut all = vec![
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
                ENEMY_TZ,
                Param {
                    name: "level",
                    help: "the caster's level (Power Drain; Counterspell against a spell, not against a Magic Item card)",
                    kind: ParamKind::Int { min: 1, max: MAX_LEVEL },
                    required: false,
                    default: None,
                },
                Param {
                    name: "enemy-level",
                    help: "the enemy caster's level (Power Drain; Counterspell against a spell: leave it out against a Magic Item card)",
                    kind: ParamKind::Int { min: 1, max: MAX_LEVEL },
                    required: false,
                    default: None,
                },
                Param {
                    name: "distance",
                    help: "squares from the caster to the target, checked against the spell's range (7, 5 or 3 squares; adjacent for Power Drain); Interpretation: ranges by the range ruler or the bolt template are not checked",
                    kind: ParamKind::Int { min: 1, max: MAX_DISTANCE },
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
                Param {
                    name: "caster",
                    help: "where the caster is: standing, down (prone or stunned) or off-field; a spell cast in play needs him on the field and standing",
                    kind: ParamKind::Choice { options: PRESENCE_NAMES },
                    required: false,
                    default: Some("standing"),
                },
                THROW_PARAM,
                SCATTER_PARAM,
            ],
            rule: Some(CASTING),
            run: run_cast,
        },
        Calculator {
            system: SYSTEM,
            name: "roster-check",
            summary: "Whether a team's roster keeps to one spellcaster, and the special-player slot he takes",
            params: &[
                Param {
                    name: "spellcasters",
                    help: "spellcasters on the team's roster",
                    kind: ParamKind::Int { min: 0, max: ROSTER_MAX },
                    required: true,
                    default: None,
                },
                Param {
                    name: "special-players",
                    help: "other special players on the roster (not the spellcaster)",
                    kind: ParamKind::Int { min: 0, max: ROSTER_MAX },
                    required: false,
                    default: Some("0"),
                },
            ],
            rule: Some(SPELLCASTERS),
            run: run_roster_check,
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
    ];
    all.extend(spell_effect_calculators());
    all.extend(field_effect_calculators());
    all.extend(target_calculators());
    all
}

/// The names a comma-separated parameter lists, owned (the shared list reading refuses
/// an empty item).
pub(super) fn split_list(i: &Inputs, param: &str) -> Result<Vec<String>> {
    Ok(i.names(param)?.into_iter().map(str::to_string).collect())
}

pub(super) fn run_cast(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let raw =
        i.text("spell").ok_or_else(|| Error::InvalidInput("--spell is required: the spell's name or id".into()))?;
    let (spell, detail) = spell_detail(tome, raw)?;
    let reach = match i.opt_int("distance")? {
        Some(d) => Some(check_range(&spell, detail.range.as_deref(), d)?),
        None => None,
    };
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
    let presence: Presence = i
        .choice("caster")?
        .unwrap_or("standing")
        .parse()
        .map_err(|_| Error::InvalidInput("--caster must be standing, down or off-field".into()))?;
    let place = check_presence(&spell, presence)?;
    let landing = throw_of(i, &spell)?;
    let c = cast(&spell, &opts)?;
    let mut o = Outcome::default()
        .field("spell", spell.name)
        .field("needs", c.needs)
        .probability("probability", c.probability)
        .field("faces", c.faces);
    if let Some(rule) = c.natural_rule {
        o = o.field("natural-rule", rule);
    }
    o = o.terms(c.terms.into_iter().chain(reach).chain([place]).collect::<Vec<_>>());
    o = o.warn_all(c.warnings);
    match landing {
        Some(Ok(l)) => {
            o = o.field("lands", l.words).field("caster-in-area", l.caster_in_area).terms(l.terms).warn(PASS_READING)
        }
        Some(Err(throw)) => {
            o = o.warn(format!(
                "if the cast succeeds, the {}: give --scatter with the d8s to see where it lands",
                if throw == Throw::Fumbled {
                    "fumbled throw bounces once from the caster's square"
                } else {
                    "inaccurate throw scatters three times from the target square"
                }
            ))
        }
        None => {}
    }
    Ok(o)
}

/// The throw's parameters, shared by the calculator and the match's `cast`.
pub const THROW_PARAM: Param = Param {
    name: "throw",
    help: "Fire Ball only: how the throw went by Blood Bowl's pass roll (accurate, inaccurate, fumbled); an inaccurate or fumbled one goes as a pass would (Interpretation: the Living Rulebook's passes)",
    kind: ParamKind::Choice { options: Throw::OPTIONS },
    required: false,
    default: None,
};

pub const SCATTER_PARAM: Param = Param {
    name: "scatter",
    help: "Fire Ball only: the scatter d8s of a wrong throw, comma-separated (three for an inaccurate throw, one for a fumble)",
    kind: ParamKind::IntList { min: 1, max: 8 },
    required: false,
    default: None,
};

/// Where the Fire Ball lands, when --throw is given: the landing, or the throw when its
/// d8s are still to roll. Refused for any other spell.
fn throw_of(i: &Inputs, spell: &SpellRef) -> Result<Option<std::result::Result<Landing, Throw>>> {
    let Some(word) = i.choice("throw")? else {
        if i.text("scatter").is_some() {
            return Err(Error::InvalidInput("--scatter needs --throw (inaccurate or fumbled)".into()));
        }
        return Ok(None);
    };
    if spell.id != FIRE_BALL {
        return Err(Error::InvalidInput(format!("--throw does not apply to {}: it is for Fire Ball only", spell.name)));
    }
    let throw = Throw::parse(word)?;
    let d8s = i.ints("scatter")?;
    if d8s.is_empty() && throw != Throw::Accurate {
        return Ok(Some(Err(throw)));
    }
    Ok(Some(Ok(fire_ball_landing(throw, &d8s)?)))
}

pub(super) fn run_roster_check(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let r = roster_check(i.int("spellcasters")?, i.int("special-players")?)?;
    let o = Outcome::default()
        .field("legal", r.legal)
        .field("slots-left", r.slots_left)
        .terms(r.terms)
        .warn_all(r.problems.into_iter().map(|(param, p)| format!("--{param}: {p}")));
    Ok(o.warn(SLOTS_NOTE))
}

pub(super) fn run_spells_per_match(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (spells, terms) = spells_per_match(i.int("level")?)?;
    Ok(Outcome::default().field("spells", spells).field("per-turn", 1).terms(terms))
}

pub(super) fn run_star_player_roll(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
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

/// The ids of the spells `--known` names.
pub(super) fn known_spells(tome: &dyn Rulebook, i: &Inputs) -> Result<Vec<String>> {
    let mut known = Vec::new();
    for name in split_list(i, "known")? {
        let e = resolve_entry(tome, SYSTEM, Kind::Spell, &name)?;
        if e.system != SYSTEM || e.kind != Kind::Spell {
            return Err(Error::InvalidInput(format!("--known: `{name}` is not an MLAF spell")));
        }
        known.push(e.id);
    }
    Ok(known)
}

pub(super) fn run_spell_roll(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 3, sides: 6 })?;
    let known = known_spells(tome, i)?;
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

pub(super) fn run_mutation(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 20 })?;
    let m = mutation(tome, roll, &split_list(i, "has")?)?;
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

pub(super) fn run_soul_in_chains(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let s = soul_in_chains(tome, roll, i.flag("caster"))?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("modified", s.modified)
        .field("result", s.result)
        .field("plays-second-half", s.plays_second_half)
        .field("misses-next-match", s.misses_next_match)
        .terms(s.terms))
}

pub(super) fn run_shift_of_power(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let s = shift_of_power(tome, roll, i.int("opponent-rerolls")?)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("lost", s.lost)
        .field("gained", s.gained)
        .field("opponent-rerolls", s.left)
        .field("result", s.result)
        .terms(s.terms))
}

pub(super) fn run_clairvoyance(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let (shown, result, terms) = clairvoyance(tome, roll, i.int("cards")?)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("shown", shown)
        .field("result", result)
        .terms(terms))
}

pub(super) fn run_toad(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (roll, faces) = roll_or_seed(i, Dice { count: 1, sides: 6 })?;
    let (hit, scatters, terms) = toad(roll)?;
    Ok(with_dice(Outcome::default().field("roll", roll), faces)
        .field("toad", hit)
        .field("scatters", scatters)
        .terms(terms))
}
