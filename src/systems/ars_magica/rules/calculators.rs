//! Calculators.

use super::*;

pub(super) const WEAPON: Param = Param {
    name: "weapon",
    help: "weapon name or id (melee or missile table)",
    kind: ParamKind::Entry { kind: crate::Kind::Weapon },
    required: true,
    default: None,
};
pub(super) const SHIELD: Param = Param {
    name: "shield",
    help: "shield carried with the weapon (Shield, Buckler / Round / Heater)",
    kind: ParamKind::Entry { kind: crate::Kind::Weapon },
    required: false,
    default: None,
};
pub(super) const CHECK_STRENGTH: Param = Param {
    name: "strength",
    help: "Strength, to check the weapon's and shield's minimum",
    kind: ParamKind::Int { min: CHAR.0, max: CHAR.1 },
    required: false,
    default: None,
};

pub fn calculators() -> Vec<Calculator> {
    let mut all = vec![
        Calculator {
            system: SYSTEM,
            name: "encumbrance",
            summary: "Burden from total Load, and Encumbrance after Strength",
            params: &[
                Param {
                    name: "load",
                    help: "total Load carried (past the table's last row, Load 55, Burden goes on by its pattern: interpretation)",
                    kind: ParamKind::Int { min: 0, max: 200 },
                    required: true,
                    default: None,
                },
                Param {
                    name: "strength",
                    help: "Strength characteristic",
                    kind: ParamKind::Int { min: -10, max: 10 },
                    required: true,
                    default: None,
                },
            ],
            rule: Some("ars-magica/rule/encumbrance"),
            run: run_encumbrance,
        },
        Calculator {
            system: SYSTEM,
            name: "initiative",
            summary: "Initiative Total before the stress die: Quickness + weapon (and shield) Init - Encumbrance",
            params: &[
                int!("quickness", "Quickness characteristic", CHAR),
                int!("encumbrance", "Encumbrance (see the encumbrance calculator)", ENC),
                WEAPON,
                SHIELD,
                CHECK_STRENGTH,
            ],
            rule: Some(R_INITIATIVE),
            run: run_initiative,
        },
        Calculator {
            system: SYSTEM,
            name: "attack",
            summary: "Attack Total before the stress die: Dexterity + combat Ability + weapon (and shield) Atk",
            params: &[
                int!("dexterity", "Dexterity characteristic", CHAR),
                int!("ability", "score in the weapon's combat Ability", ABILITY),
                WEAPON,
                SHIELD,
                CHECK_STRENGTH,
            ],
            rule: Some(R_ATTACK),
            run: run_attack,
        },
        Calculator {
            system: SYSTEM,
            name: "defense",
            summary: "Defense Total before the stress die: Quickness + combat Ability + weapon (and shield) Dfn",
            params: &[
                int!("quickness", "Quickness characteristic", CHAR),
                int!("ability", "score in the weapon's combat Ability", ABILITY),
                WEAPON,
                SHIELD,
                Param {
                    name: "against-missiles",
                    help: "defending against missiles: only a shield's Dfn counts",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                CHECK_STRENGTH,
            ],
            rule: Some(R_DEFENSE),
            run: run_defense,
        },
        Calculator {
            system: SYSTEM,
            name: "damage",
            summary: "Damage Total: Strength + weapon (and shield) Dam, plus the Attack Advantage of a hit",
            params: &[
                int!("strength", "Strength characteristic", CHAR),
                WEAPON,
                SHIELD,
                Param {
                    name: "advantage",
                    help: "Attack Advantage of the hit (leave out for the Damage score alone)",
                    kind: ParamKind::Int { min: 1, max: TOTAL.1 },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_DAMAGE),
            run: run_damage,
        },
        Calculator {
            system: SYSTEM,
            name: "soak",
            summary: "Soak Total: Stamina + armour Protection (+ Form bonus); no die in combat",
            params: &[
                int!("stamina", "Stamina characteristic", CHAR),
                Param {
                    name: "armor",
                    help: "armour name or id, or `none`",
                    kind: ParamKind::Entry { kind: crate::Kind::Armor },
                    required: true,
                    default: None,
                },
                Param {
                    name: "coverage",
                    help: "how much of the body the armour covers (needed unless --armor none)",
                    kind: ParamKind::Choice { options: &["partial", "full"] },
                    required: false,
                    default: None,
                },
                int_or!("form-bonus", "a magus's Form bonus to Soak", BONUS, "0"),
            ],
            rule: Some(R_SOAK),
            run: run_soak,
        },
        Calculator {
            system: SYSTEM,
            name: "resolve-attack",
            summary: "One attack from finished totals: Attack Advantage, hit or miss, damage past Soak and the wound",
            params: &[
                int!("attack", "attacker's Attack Total, die included", TOTAL),
                int!("defense", "defender's Defense Total, die included", TOTAL),
                int!("damage", "attacker's Damage score (Strength + weapon Dam)", TOTAL),
                int!("soak", "defender's Soak Total", TOTAL),
                int_or!("size", "defender's Size", SIZE, "0"),
                int_or!(
                    "attack-botches",
                    "botch dice at 0 after the attacker's 0 (its total is then 0, or stays below 0). Interpretation: a negative Attack stays negative, as the document says of Defense",
                    BOTCH_DICE,
                    "0"
                ),
                int_or!(
                    "defense-botches",
                    "botch dice at 0 after the defender's 0: the attacker's advantage is then his whole Attack Total",
                    BOTCH_DICE,
                    "0"
                ),
            ],
            rule: Some(R_SEQUENCE),
            run: run_resolve_attack,
        },
        Calculator {
            system: SYSTEM,
            name: "wound",
            summary: "The wound from damage past Soak, by Size (the Damage Table)",
            params: &[
                int!("damage", "damage past Soak: Damage Total minus Soak Total", DAMAGE),
                int!("size", "Size of the wounded creature (0 for a human)", SIZE),
            ],
            rule: Some(T_DAMAGE),
            run: run_wound,
        },
        Calculator {
            system: SYSTEM,
            name: "penalty",
            summary: "Total penalty to actions from wounds carried and the Fatigue level",
            params: &[
                int_or!("light", "Light wounds carried", WOUND_COUNT, "0"),
                int_or!("medium", "Medium wounds carried", WOUND_COUNT, "0"),
                int_or!("heavy", "Heavy wounds carried", WOUND_COUNT, "0"),
                int_or!("incapacitating", "Incapacitating wounds carried", WOUND_COUNT, "0"),
                Param {
                    name: "fatigue",
                    help: "current Fatigue level",
                    kind: ParamKind::Choice { options: &["fresh", "winded", "weary", "tired", "dazed", "unconscious"] },
                    required: false,
                    default: Some("fresh"),
                },
            ],
            rule: Some(R_WOUNDS),
            run: run_penalty,
        },
        Calculator {
            system: SYSTEM,
            name: "fatigue",
            summary: "Fatigue level and penalty from short- and long-term levels lost, and the rest to recover one",
            params: &[
                int_or!("short-term", "short-term Fatigue levels lost", FATIGUE_LOST, "0"),
                int_or!("long-term", "long-term Fatigue levels lost", FATIGUE_LOST, "0"),
            ],
            rule: Some(R_FATIGUE),
            run: run_fatigue,
        },
        Calculator {
            system: SYSTEM,
            name: "recovery",
            summary: "Recovery interval and Ease Factors for a wound; given the stress die rolled, what the roll does",
            params: &[
                Param {
                    name: "wound",
                    help: "the wound's level",
                    kind: ParamKind::Choice { options: &["light", "medium", "heavy", "incapacitating"] },
                    required: true,
                    default: None,
                },
                int_or!("stamina", "Stamina characteristic", CHAR, "0"),
                int_or!("medic", "attending medic's Chirurgy (injuries) or Medicine (poison, disease)", ABILITY, "0"),
                int_or!("magic", "bonus from healing magic", BONUS, "0"),
                int_or!(
                    "bonus",
                    "+3 per earlier stable roll, or -1 per earlier worsening while Incapacitated",
                    (-100, 100),
                    "0"
                ),
                Param {
                    name: "roll",
                    help: "the stress die rolled (leave out to see the numbers needed)",
                    kind: ParamKind::Int { min: 0, max: TOTAL.1 },
                    required: false,
                    default: None,
                },
                flag!(
                    "overexertion",
                    "the roll for doing more than the wounds allow: it can hold or worsen the wound, never heal it"
                ),
            ],
            rule: Some(R_RECOVERING),
            run: run_recovery,
        },
        Calculator {
            system: SYSTEM,
            name: "movement",
            summary: "Walk, hurry and run in paces per round (and feet)",
            params: &[int!("quickness", "Quickness characteristic", CHAR), int!("encumbrance", "Encumbrance", ENC)],
            rule: Some(R_MOVING),
            run: run_movement,
        },
        Calculator {
            system: SYSTEM,
            name: "group-bonus",
            summary: "A trained group's bonus to Attack or Defense, capped by the leader's Leadership",
            params: &[
                int!("leadership", "the leader's Leadership score", ABILITY),
                Param {
                    name: "abilities",
                    help: "combat Abilities of the members other than the vanguard, comma-separated",
                    kind: ParamKind::IntList { min: ABILITY.0, max: ABILITY.1 },
                    required: true,
                    default: None,
                },
            ],
            rule: Some(R_TRAINED),
            run: run_group_bonus,
        },
        Calculator {
            system: SYSTEM,
            name: "group-blows",
            summary: "How a group's blows (one per member) are shared among the group it hits",
            params: &[
                int!("attackers", "members of the attacking group", (1, MAX_GROUP)),
                int!("defenders", "members of the defending group", (1, MAX_GROUP)),
            ],
            rule: Some(R_GROUP_DAMAGE),
            run: run_group_blows,
        },
        Calculator {
            system: SYSTEM,
            name: "range-penalty",
            summary: "Attack penalty for a missile weapon at a distance: -3 per range increment past the first",
            params: &[WEAPON, int!("distance", "distance to the target in paces (a pace is three feet)", (0, 100_000))],
            rule: Some(R_MISSILE),
            run: run_range_penalty,
        },
        Calculator {
            system: SYSTEM,
            name: "mounted",
            summary: "Bonus to Attack and Defense on horseback: Ride, at most +3",
            params: &[int!("ride", "Ride score", ABILITY)],
            rule: Some(R_MOUNTED),
            run: run_mounted,
        },
        Calculator {
            system: SYSTEM,
            name: "disengage",
            summary: "Bonus to the Defense Total of a repeated attempt to disengage",
            params: &[int!("attempt", "which attempt in a row this is (1 for the first)", (1, 100))],
            rule: Some(R_DISENGAGING),
            run: run_disengage,
        },
        Calculator {
            system: SYSTEM,
            name: "exertion",
            summary: "Exertion: combat Ability added to Attack or Defense for a round, for a Fatigue level each",
            params: &[
                int!("ability", "combat Ability (the vanguard's, for a group)", ABILITY),
                int_or!("members", "members of the group (1 when alone)", (1, MAX_GROUP), "1"),
            ],
            rule: Some(R_EXERTION),
            run: run_exertion,
        },
        Calculator {
            system: SYSTEM,
            name: "heat",
            summary: "Damage bonus of heat or corrosion for the exposure, before the stress die",
            params: &[
                Param {
                    name: "source",
                    help: "a source from the Heat and Corrosion Table",
                    kind: ParamKind::Choice { options: &HEAT_SOURCE_NAMES },
                    required: false,
                    default: None,
                },
                Param {
                    name: "bonus",
                    help: "a source's damage bonus, instead of --source",
                    kind: ParamKind::Int { min: 0, max: 100 },
                    required: false,
                    default: None,
                },
                Param {
                    name: "exposure",
                    help: "part (hand or foot), limb, half (half the body) or full (immersed)",
                    kind: ParamKind::Choice { options: &["part", "limb", "half", "full"] },
                    required: true,
                    default: None,
                },
            ],
            rule: Some(R_HEAT),
            run: run_heat,
        },
        Calculator {
            system: SYSTEM,
            name: "falling",
            summary: "Damage bonus of a fall, before the stress die",
            params: &[
                int!("feet", "height fallen in feet", (0, 100_000)),
                Param {
                    name: "surface",
                    help: "what the faller lands on",
                    kind: ParamKind::Choice { options: &["normal", "hard", "soft"] },
                    required: false,
                    default: Some("normal"),
                },
            ],
            rule: Some(R_IMPACT),
            run: run_falling,
        },
    ];
    all.extend(super::calculators_combat::combat_calculators());
    all.extend(super::calculators_perils::peril_calculators());
    all
}

pub(super) fn run_encumbrance(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let e = encumbrance(i.int("load")?, i.int("strength")?);
    Ok(Outcome::default().field("burden", e.burden).field("encumbrance", e.encumbrance).terms(e.terms))
}

/// The entry a name-or-id parameter names. `resolve_entry` reads any value with a
/// slash as an id, so names that contain one ("Quilted/Fur") are retried as names.
pub(super) fn entry_param(i: &Inputs, name: &str, kind: crate::Kind, tome: &dyn Rulebook) -> Result<Entry> {
    match i.entry(name, SYSTEM, tome) {
        Err(e) if e.is_not_found() => {
            let wanted = crate::search::normalize(i.text(name).unwrap_or_default());
            match tome.list(kind, Some(SYSTEM))?.into_iter().find(|it| crate::search::normalize(&it.name) == wanted) {
                Some(item) => tome.show(&item.id),
                None => Err(e),
            }
        }
        found => found,
    }
}

/// The real weapon named by `--weapon` a scuffle is fought with, and its Dam; `None`
/// for none, or one that scuffles freely ([`SCUFFLE_FREE`]). The `scuffle` calculator
/// and the fight's `scuffle` read it alike.
///
/// # Errors
/// A weapon that is no entry of the Weapons tables.
pub fn scuffle_weapon(i: &Inputs, tome: &dyn Rulebook) -> Result<Option<(String, i64)>> {
    if i.text("weapon").is_none() {
        return Ok(None);
    }
    let w = weapon_param(i, tome)?;
    Ok((!SCUFFLE_FREE.contains(&w.id.as_str())).then(|| (w.name.clone(), w.dam.unwrap_or(0))))
}

/// The weapon named by `--weapon`.
pub(super) fn weapon_param(i: &Inputs, tome: &dyn Rulebook) -> Result<WeaponStats> {
    let e = entry_param(i, "weapon", crate::Kind::Weapon, tome)?;
    WeaponStats::from_entry(&e).map_err(|err| Error::InvalidInput(format!("--weapon: {err}")))
}

/// The shield named by `--shield`, if any.
pub(super) fn shield_param(i: &Inputs, tome: &dyn Rulebook) -> Result<Option<WeaponStats>> {
    if i.text("shield").is_none() {
        return Ok(None);
    }
    let e = entry_param(i, "shield", crate::Kind::Weapon, tome)?;
    WeaponStats::from_entry(&e).map(Some).map_err(|err| Error::InvalidInput(format!("--shield: {err}")))
}

/// A total as an outcome under `field`, with the optional Strength check.
pub(super) fn total_outcome(field: &str, t: Total, strength_check: Vec<String>) -> Outcome {
    let mut out = Outcome::default().field(field, t.total).terms(t.terms);
    out.warnings.extend(t.warnings);
    out.warnings.extend(strength_check);
    out
}

pub(super) fn optional_strength_check(
    i: &Inputs,
    weapon: &WeaponStats,
    shield: Option<&WeaponStats>,
) -> Result<Vec<String>> {
    Ok(i.opt_int("strength")?.map(|s| strength_warnings(s, weapon, shield)).unwrap_or_default())
}

pub(super) fn run_initiative(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t = initiative_total(i.int("quickness")?, i.int("encumbrance")?, &weapon, shield.as_ref())?;
    Ok(total_outcome("initiative", t, optional_strength_check(i, &weapon, shield.as_ref())?))
}

pub(super) fn run_attack(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t = attack_total(i.int("dexterity")?, i.int("ability")?, &weapon, shield.as_ref())?;
    Ok(total_outcome("attack", t, optional_strength_check(i, &weapon, shield.as_ref())?))
}

pub(super) fn run_defense(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t =
        defense_total(i.int("quickness")?, i.int("ability")?, &weapon, shield.as_ref(), i.flag("against-missiles"))?;
    Ok(total_outcome("defense", t, optional_strength_check(i, &weapon, shield.as_ref())?))
}

pub(super) fn run_damage(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let (weapon, shield) = (weapon_param(i, tome)?, shield_param(i, tome)?);
    let t = damage_total(i.int("strength")?, &weapon, shield.as_ref(), i.opt_int("advantage")?)?;
    Ok(total_outcome("damage", t, Vec::new()))
}

pub(super) fn run_soak(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let armor = match i.text("armor") {
        Some(t) if t.eq_ignore_ascii_case("none") => None,
        _ => {
            let e = entry_param(i, "armor", crate::Kind::Armor, tome)?;
            Some(ArmorStats::from_entry(&e).map_err(|err| Error::InvalidInput(format!("--armor: {err}")))?)
        }
    };
    let coverage = i.choice("coverage")?.and_then(ItemCoverage::parse);
    let worn = match (&armor, coverage) {
        (None, _) => None,
        (Some(a), Some(c)) => Some((a, c)),
        (Some(a), None) => {
            return Err(Error::InvalidInput(format!("--coverage is required with {}: partial or full", a.name)));
        }
    };
    let t = soak_total(i.int("stamina")?, worn, i.int("form-bonus")?)?;
    Ok(total_outcome("soak", t, Vec::new()))
}

pub(super) fn run_resolve_attack(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    // A botch follows a 0, so the total given is the total before the die.
    let a = combat_roll("Attack", i.int("attack")?, 0, i.int("attack-botches")?)?;
    let d = combat_roll("Defense", i.int("defense")?, 0, i.int("defense-botches")?)?;
    let r = resolve_attack(a.total, d.total, i.int("damage")?, i.int("soak")?, i.int("size")?)?;
    Ok(Outcome::default()
        .field("attack_total", a.total)
        .field("defense_total", d.total)
        .field("attack_botched", a.botched)
        .field("defense_botched", d.botched)
        .terms(a.terms)
        .terms(d.terms)
        .field("advantage", r.advantage)
        .field("hit", r.hit)
        .field("damage_total", r.damage_total)
        .field("damage", r.damage)
        .field("wound", r.wound.as_str())
        .terms(r.terms))
}

pub(super) fn run_wound(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let w = wound(i.int("damage")?, i.int("size")?)?;
    Ok(Outcome::default().field("wound", w.level.as_str()).field("penalty", w.level.penalty()).terms(w.terms))
}

pub(super) fn run_penalty(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let wounds = WoundCounts {
        light: i.int("light")?,
        medium: i.int("medium")?,
        heavy: i.int("heavy")?,
        incapacitating: i.int("incapacitating")?,
    };
    let fatigue = i.choice("fatigue")?.and_then(FatigueLevel::parse).unwrap_or(FatigueLevel::Fresh);
    let p = penalty(wounds, fatigue)?;
    // What the wounds still allow, from the shipped Activities While Injured table.
    let (can_do, cannot_do, note) = if p.incapacitated {
        (
            Value::from("nothing"),
            Value::from("any action"),
            Term::text("Activities", "none while Incapacitated", Some(R_ACTIVITIES)),
        )
    } else if p.wound_penalty < 0 {
        let row = tome.table(T_ACTIVITIES, Some(p.wound_penalty))?.rows.into_iter().next();
        let cell =
            |n: usize| row.as_ref().and_then(|r| r.cells.get(n).cloned()).map(Value::from).unwrap_or(Value::Null);
        let band = row.as_ref().and_then(|r| r.cells.first().cloned()).unwrap_or_default();
        (cell(1), cell(2), Term::text("Activities allowed at wound penalty", band, Some(T_ACTIVITIES)))
    } else {
        (Value::Null, Value::Null, Term::text("Activities", "no limits from wounds", Some(R_ACTIVITIES)))
    };
    let mut terms = p.terms;
    terms.push(note);
    Ok(Outcome::default()
        .field("wound_penalty", p.wound_penalty)
        .field("fatigue_penalty", p.fatigue_penalty)
        .field("penalty", p.total)
        .field("incapacitated", p.incapacitated)
        .field("unconscious", p.unconscious)
        .field("can_act", !(p.incapacitated || p.unconscious))
        .field("can_do", can_do)
        .field("cannot_do", cannot_do)
        .terms(terms))
}

pub(super) fn run_fatigue(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let f = fatigue(i.int("short-term")?, i.int("long-term")?)?;
    Ok(Outcome::default()
        .field("level", f.level.name())
        .field("penalty", f.penalty)
        .field("levels_lost", f.levels_lost)
        .field("extra_levels", f.extra_levels)
        .field("recovery", f.recovery)
        .field("recovery_minutes", f.recovery_minutes)
        .field("rest_minutes", f.rest_minutes)
        .field("after_rest", f.after_rest.name())
        .field("nights", f.nights)
        .terms(f.terms))
}

pub(super) fn run_recovery(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let level = i.choice("wound")?.and_then(WoundLevel::parse).unwrap_or(WoundLevel::Light);
    let (stamina, medic, magic, bonus) = (i.int("stamina")?, i.int("medic")?, i.int("magic")?, i.int("bonus")?);
    let r = if i.flag("overexertion") {
        let roll = i.opt_int("roll")?.ok_or_else(|| {
            Error::InvalidInput("--overexertion needs --roll: the stress die of the roll it calls for".into())
        })?;
        overexertion_recovery(level, stamina, medic, magic, bonus, roll)?
    } else {
        recovery(level, stamina, medic, magic, bonus, i.opt_int("roll")?)?
    };
    Ok(Outcome::default()
        .field("interval", r.row.interval)
        .field("stable_ease", r.row.stable_ease)
        .field("improvement_ease", r.row.improvement_ease)
        .field("recovery_score", r.score)
        .field("total", r.total)
        .field("result", r.result.map(RecoveryResult::as_str))
        .field("new_level", r.new_level.map(WoundLevel::as_str))
        .field("bonus_next", r.bonus_next)
        .terms(r.terms))
}

pub(super) fn run_movement(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let m = movement(i.int("quickness")?, i.int("encumbrance")?)?;
    Ok(Outcome::default()
        .field("walk", m.walk)
        .field("hurry", m.hurry)
        .field("run", m.run)
        .field("walk_ft", m.walk * FEET_PER_PACE)
        .field("hurry_ft", m.hurry * FEET_PER_PACE)
        .field("run_ft", m.run * FEET_PER_PACE)
        .terms(m.terms))
}

pub(super) fn run_group_bonus(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let g = group_bonus(i.int("leadership")?, &i.ints("abilities")?)?;
    let mut out = Outcome::default()
        .field("bonus", g.bonus)
        .field("max_members", g.max_members)
        .field("members", g.members)
        .field("coordinated", g.coordinated)
        .terms(g.terms);
    out.warnings.extend(g.warnings);
    Ok(out)
}

pub(super) fn run_group_blows(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let b = group_blows(i.int("attackers")?, i.int("defenders")?)?;
    Ok(Outcome::default().field("blows", b.blows).field("vanguard", b.each[0]).field("each", b.each).terms(b.terms))
}

pub(super) fn run_range_penalty(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let weapon = weapon_param(i, tome)?;
    let increment = weapon.range.ok_or_else(|| {
        Error::InvalidInput(format!(
            "{} is a melee weapon: it has no range increment (see the missile weapon table)",
            weapon.name
        ))
    })?;
    let mut r = range_penalty(i.int("distance")?, increment)?;
    r.terms[1] = Term::note(format!("{} range increment (paces)", weapon.name), increment, Some(weapon.id.as_str()));
    Ok(Outcome::default().field("increments", r.increments).field("penalty", r.penalty).terms(r.terms))
}

pub(super) fn run_mounted(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (bonus, terms) = mounted_bonus(i.int("ride")?)?;
    Ok(Outcome::default().field("bonus", bonus).terms(terms))
}

pub(super) fn run_disengage(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (bonus, terms) = disengage_bonus(i.int("attempt")?)?;
    Ok(Outcome::default().field("bonus", bonus).terms(terms))
}

pub(super) fn run_exertion(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let e = exertion(i.int("ability")?, i.int("members")?)?;
    Ok(Outcome::default().field("bonus", e.bonus).field("fatigue_levels", e.fatigue_levels).terms(e.terms))
}

pub(super) fn run_heat(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let exposure = i.choice("exposure")?.and_then(Exposure::parse).unwrap_or(Exposure::Part);
    let (source, base) = match (i.choice("source")?, i.opt_int("bonus")?) {
        (Some(s), None) => (s.to_string(), heat_source(s).unwrap_or(0)),
        (None, Some(b)) => ("Source".to_string(), b),
        (None, None) => {
            return Err(Error::InvalidInput(
                "no source of heat given: give --source (a row of the Heat and Corrosion Table) or --bonus (its damage bonus)"
                    .into(),
            ))
        }
        (Some(_), Some(_)) => {
            return Err(Error::InvalidInput(
                "give either --source (a table entry) or --bonus (its damage bonus), not both".into(),
            ))
        }
    };
    let d = heat_damage(&source, base, exposure)?;
    Ok(Outcome::default()
        .field("base", base)
        .field("multiplier", exposure.multiplier())
        .field("bonus", d.bonus)
        .terms(d.terms))
}

pub(super) fn run_falling(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let surface = i.choice("surface")?.and_then(Surface::parse).unwrap_or(Surface::Normal);
    let d = falling_damage(i.int("feet")?, surface)?;
    Ok(Outcome::default().field("bonus", d.bonus).terms(d.terms))
}
