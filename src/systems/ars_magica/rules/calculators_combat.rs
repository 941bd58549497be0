//! Calculators of the combat procedures around an attack: initiative order,
//! grappling and scuffling, forming and splitting groups.

use rand::SeedableRng;
use serde_json::Value;

use super::*;

const SEED: Param = Param {
    name: "seed",
    help: "roll the missing dice with this seed (same seed, same rolls); without it they are random",
    kind: ParamKind::Int { min: 0, max: i64::MAX },
    required: false,
    default: None,
};

const TOTALS_LIST: ParamKind = ParamKind::IntList { min: TOTAL.0, max: TOTAL.1 };

pub(super) fn combat_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "initiative-order",
            summary: "Acting order from Initiative Totals, ties re-rolled among the tied parties only",
            params: &[
                Param {
                    name: "totals",
                    help: "each party's Initiative Total, die included: NAME=N, NAME=N…",
                    kind: ParamKind::Named { min: TOTAL.0, max: TOTAL.1, many: false },
                    required: true,
                    default: None,
                },
                Param {
                    name: "tie-rolls",
                    help: "re-rolls for tied parties, NAME=N (NAME=N/N when they tie again); missing ones are \
                           rolled. Interpretation: a re-roll is a stress die, a 0 counting as 0 with no botch dice",
                    kind: ParamKind::Named { min: DIE.0, max: DIE.1, many: true },
                    required: false,
                    default: None,
                },
                SEED,
            ],
            rule: Some(R_TIES),
            run: run_initiative_order,
        },
        Calculator {
            system: SYSTEM,
            name: "grapple",
            summary: "Grapple Strength after one attack: the grappler's advantage adds, the held one's takes away",
            params: &[
                Param {
                    name: "by",
                    help: "who attacked: the grappler (taking hold or tightening) or the grappled (breaking free)",
                    kind: ParamKind::Choice { options: &["grappler", "grappled"] },
                    required: true,
                    default: None,
                },
                int!("advantage", "the attack's Attack Advantage (Attack Total minus Defense Total)", ADVANTAGE),
                int_or!("strength", "the Grapple Strength before the attack (0: no one held yet)", GRAPPLE, "0"),
            ],
            rule: Some(R_GRAPPLING),
            run: run_grapple,
        },
        Calculator {
            system: SYSTEM,
            name: "scuffle",
            summary: "A blow meant to knock out: Short-Term Fatigue and a lesser wound from the Scuffle Effects table",
            params: &[
                int!("attack", "Attack Total, die included (the real-weapon -3 is applied here)", TOTAL),
                int!("defense", "Defense Total, die included", TOTAL),
                int!("damage", "Damage score as usual: Strength + weapon Dam", TOTAL),
                int!("soak", "defender's Soak Total", TOTAL),
                int_or!("size", "defender's Size", SIZE, "0"),
                Param {
                    name: "weapon",
                    help: "the weapon used, if any. Interpretation: Fist, Kick, Gauntlet, Dodge and Bludgeon (a sap) \
                           scuffle freely; any other is a real weapon",
                    kind: ParamKind::Entry { kind: crate::Kind::Weapon },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_NON_LETHAL),
            run: run_scuffle,
        },
        Calculator {
            system: SYSTEM,
            name: "group-formation",
            summary: "Whether characters may form a group: one to six, each combat total within five points",
            params: &[
                Param {
                    name: "initiative",
                    help: "each member's Initiative score, in one order",
                    kind: TOTALS_LIST,
                    required: false,
                    default: None,
                },
                Param {
                    name: "attack",
                    help: "each member's Attack score, same order",
                    kind: TOTALS_LIST,
                    required: false,
                    default: None,
                },
                Param {
                    name: "defense",
                    help: "each member's Defense score, same order",
                    kind: TOTALS_LIST,
                    required: false,
                    default: None,
                },
                Param {
                    name: "damage",
                    help: "each member's Damage score, same order",
                    kind: TOTALS_LIST,
                    required: false,
                    default: None,
                },
                Param {
                    name: "soak",
                    help: "each member's Soak Total, same order",
                    kind: TOTALS_LIST,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_GROUPS),
            run: run_group_formation,
        },
        Calculator {
            system: SYSTEM,
            name: "split-group",
            summary: "Splitting a defending group in melee: how many parts, and their sizes",
            params: &[
                int!("members", "members of the defending group", (2, MAX_GROUP)),
                Param {
                    name: "advantages",
                    help: "each attacking group's Attack Advantage (0 or more splits), e.g. 3,-2. Interpretation: the \
                           defenders split into one part more than the successes, at most one per attacking group",
                    kind: ParamKind::IntList { min: ADVANTAGE.0, max: ADVANTAGE.1 },
                    required: true,
                    default: None,
                },
            ],
            rule: Some(R_SPLITTING),
            run: run_split_group,
        },
        Calculator {
            system: SYSTEM,
            name: "stunt",
            summary: "A trip, disarm or grab: an attack that works when its advantage reaches the one required",
            params: &[
                Param {
                    name: "stunt",
                    help: "a row of the Sample Advantages table (Trip, Disarm, …); or give --required",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                int_opt!(
                    "required",
                    "the Attack Advantage the storyguide requires, for a stunt not in the table",
                    REQUIRED
                ),
                int!("attack", "Attack Total, die included (most stunts use Brawl)", TOTAL),
                int!("defense", "Defense Total, die included", TOTAL),
            ],
            rule: Some(R_SPECIAL_EFFECTS),
            run: run_stunt,
        },
    ]
}

fn run_initiative_order(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let totals: Vec<(String, i64)> = i.named("totals")?.into_iter().map(|(n, v)| (n, v[0])).collect();
    let given = i.named("tie-rolls")?;
    let seed = i.opt_int("seed")?.map_or_else(rand::random, |s| s as u64);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let o = initiative_order(&totals, &given, &mut || crate::dice::stress_die(&mut rng, 0).total)?;
    let mut out = Outcome::default()
        .field("order", Value::from(o.order.clone()))
        .field("rolled", Value::from(o.rolled))
        .terms(o.terms);
    out.warnings.extend(o.warnings);
    Ok(out)
}

fn run_grapple(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let by = i.choice("by")?.and_then(GrappleSide::parse).unwrap_or(GrappleSide::Grappler);
    let g = grapple(i.int("strength")?, i.int("advantage")?, by)?;
    Ok(Outcome::default()
        .field("strength", g.strength)
        .field("held", g.held)
        .field("escaped", g.escaped)
        .field("grappler_wound", g.grappler_wound.as_str())
        .terms(g.terms))
}

fn run_scuffle(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let weapon = scuffle_weapon(i, tome)?;
    let s = scuffle(
        i.int("attack")?,
        i.int("defense")?,
        i.int("damage")?,
        i.int("soak")?,
        i.int("size")?,
        weapon.as_ref().map(|(n, d)| (n.as_str(), *d)),
    )?;
    Ok(Outcome::default()
        .field("attack_total", s.attack)
        .field("advantage", s.advantage)
        .field("hit", s.hit)
        .field("damage", s.damage)
        .field("normal_wound", s.normal_wound.as_str())
        .field("fatigue_levels", s.fatigue_levels)
        .field("wound", s.wound.as_str())
        .terms(s.terms))
}

fn run_group_formation(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let mut totals = Vec::new();
    for name in ["initiative", "attack", "defense", "damage", "soak"] {
        totals.push((name, i.ints(name)?));
    }
    let f = group_formation(&totals)?;
    let mut out = Outcome::default()
        .field("can_form", f.can_form)
        .field("too_wide", Value::from(f.too_wide.clone()))
        .terms(f.terms);
    for (name, spread) in &f.spreads {
        out = out.field(&format!("{name}_spread"), *spread);
    }
    if totals.iter().any(|(_, v)| v.is_empty()) {
        out = out.warn("not every combat total was given: the check covers only those that were");
    }
    Ok(out)
}

fn run_split_group(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let s = split_group(i.int("members")?, &i.ints("advantages")?)?;
    Ok(Outcome::default()
        .field("split", s.parts > 1)
        .field("parts", s.parts)
        .field("sizes", Value::from(s.sizes))
        .field("successes", s.successes)
        .terms(s.terms)
        .terms([Term::text(
            "Only in melee",
            "the new groups may name new leaders and vanguards at once",
            Some(R_SPLITTING),
        )]))
}

fn run_stunt(i: &Inputs, book: &dyn Rulebook) -> Result<Outcome> {
    let (name, required) =
        match (i.text("stunt"), i.opt_int("required")?) {
            (Some(name), None) => sample_advantage(book, name)?,
            (None, Some(n)) => ("Stunt".to_string(), n),
            _ => return Err(Error::InvalidInput(
                "give either --stunt (a row of the Sample Advantages table) or --required (the advantage), not both"
                    .into(),
            )),
        };
    let s = stunt(&name, i.int("attack")?, i.int("defense")?, required)?;
    Ok(Outcome::default()
        .field("advantage", s.advantage)
        .field("required", s.required)
        .field("succeeds", s.succeeds)
        .terms(s.terms))
}
