//! Registry, part four: granted powers' Essence, scrutiny of guarded secrets, a boosted
//! attack's pool against several targets, traits magic raises for good, and whether a
//! spell reaches its target (ephemeral beings, sensory spells, illusions).

use super::*;

pub(super) fn more_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "granted-powers",
            summary: "Influences or Numina a spell grants an ephemeral being: its temporary Essence split among them, at least 1 a use",
            params: &[
                Param { name: "potency", help: "the granting spell's Potency", kind: ParamKind::Int { min: POTENCY.0, max: POTENCY.1 }, required: true, default: None },
                Param { name: "rank", help: "the being's Rank (1 to 10)", kind: ParamKind::Int { min: RANK.0, max: RANK.1 }, required: true, default: None },
                Param {
                    name: "split",
                    help: "Essence the mage sets aside for each granted power, e.g. `Blast=1, Harrow=2` (leave out to let the being choose)",
                    kind: ParamKind::Named { min: 1, max: ESSENCE.1, many: false },
                    required: false,
                    default: None,
                },
                Param {
                    name: "costs",
                    help: "Essence one use of a power costs, e.g. `Harrow=2` (a power not listed costs 1, the least)",
                    kind: ParamKind::Named { min: GRANTED_MIN_COST, max: ESSENCE.1, many: false },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_GRANTING),
            run: run_granted_powers,
        },
        Calculator {
            system: SYSTEM,
            name: "scrutiny",
            summary: "Whether a Knowing spell's scrutiny approximates a guarded secret: successes at least the target's trait, less a Veiling's Tenacity; a Fraying defeats it",
            params: &[
                Param { name: "successes", help: "successes on the scrutiny roll", kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 }, required: true, default: None },
                Param { name: "trait", help: "the target's trait that guards the secret (the Storyteller picks it)", kind: ParamKind::Int { min: GUARD.0, max: GUARD.1 }, required: true, default: None },
                Param { name: "veiling-tenacity", help: "Tenacity of a Veiling contesting the scrutiny (0 for none)", kind: ParamKind::Int { min: 0, max: POTENCY.1 }, required: false, default: Some("0") },
                Param { name: "fraying", help: "a Fraying spell protects the target", kind: ParamKind::Flag, required: false, default: None },
            ],
            rule: Some(R_SCOPE),
            run: run_scrutiny,
        },
        Calculator {
            system: SYSTEM,
            name: "attack-pool",
            summary: "A boosted attack's dice against one or several targets: the multiple-target penalty and each target's Defense cut the pool, never the guaranteed successes",
            params: &[
                Param { name: "aspect", help: "the boosting spell's aspect", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: true, default: None },
                Param { name: "pool", help: "Strength or Dexterity + Brawl, Firearms or Weaponry, with the Edge", kind: ParamKind::Int { min: POOL.0, max: POOL.1 }, required: true, default: None },
                Param {
                    name: "defense",
                    help: "each target's Defense, comma-separated (one per target)",
                    kind: ParamKind::IntList { min: DEFENSE.0, max: DEFENSE.1 },
                    required: true,
                    default: None,
                },
                Param {
                    name: "area-penalty",
                    help: "the penalty for the scope of an area attack, in place of the per-target one (0 to 10)",
                    kind: ParamKind::Int { min: 0, max: 10 },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_MULTIPLE),
            run: run_attack_pool,
        },
        Calculator {
            system: SYSTEM,
            name: "lasting-trait",
            summary: "A trait magic raises for good (or a created being bought as Retainer, Staff or Allies): its experience cost, any debt, and the trait's normal maximum",
            params: &[
                Param {
                    name: "kind",
                    help: "what is raised: attribute, skill, specialty, merit; wealth is resources; a created servant is a retainer or staff, a stronger created being allies",
                    kind: ParamKind::Choice { options: LASTING_TRAIT_NAMES },
                    required: true,
                    default: None,
                },
                Param { name: "from", help: "dots before the magic", kind: ParamKind::Int { min: TRAIT.0, max: TRAIT.1 }, required: false, default: Some("0") },
                Param { name: "to", help: "dots the magic would give", kind: ParamKind::Int { min: TRAIT.0, max: TRAIT.1 }, required: true, default: None },
                Param { name: "maximum", help: "the trait's normal maximum (5 for most characters)", kind: ParamKind::Int { min: 1, max: TRAIT.1 }, required: false, default: Some("5") },
                Param { name: "experience", help: "experience points the player has to spend", kind: ParamKind::Int { min: EXPERIENCE.0, max: EXPERIENCE.1 }, required: false, default: Some("0") },
                Param { name: "debt", help: "the Storyteller lets the player go into experience debt for it", kind: ParamKind::Flag, required: false, default: None },
                Param {
                    name: "supernatural-on-template",
                    help: "the gain is a supernatural quality (claws, preternatural senses) for a mage or another major template (vampire, werewolf, changeling): magic can't make it last",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "cost-per-dot",
                    help: "experience per dot, if your game prices it otherwise. Interpretation otherwise: attribute 4, skill 2, specialty and merits 1",
                    kind: ParamKind::Int { min: 1, max: 10 },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_LASTING),
            run: run_lasting_trait,
        },
        Calculator {
            system: SYSTEM,
            name: "ephemeral-spell",
            summary: "Whether a spell reaches an intangible ephemeral being: the Arcanum for it, covert spells on a perceived being, vulgar ones by Practice, and what a vulgar spell exposes the caster to",
            params: &[
                Param { name: "being", help: "ghost, spirit, consciousness (untethered) or other", kind: ParamKind::Choice { options: BEING_NAMES }, required: true, default: None },
                Param { name: "aspect", help: "the spell's aspect", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: true, default: None },
                Param { name: "practice", help: "the spell's Practice: ruling, perfecting (Apprentice), weaving (Disciple) or higher", kind: ParamKind::Choice { options: PRACTICE_NAMES }, required: false, default: Some("weaving") },
                Param { name: "perceives", help: "the mage perceives the being (Unveiling, or its manifestation)", kind: ParamKind::Flag, required: false, default: None },
            ],
            rule: Some(R_AFFECTING),
            run: run_ephemeral_spell,
        },
        Calculator {
            system: SYSTEM,
            name: "sensory-spell",
            summary: "A sensory spell's Mana (none for a ruling Arcanum) and whether it gets past the hiding it meets",
            params: &[
                Param { name: "practice", help: "unveiling or knowing", kind: ParamKind::Choice { options: SENSE_NAMES }, required: true, default: None },
                Param { name: "ruling", help: "an improvised spell of one of the mage's ruling Arcana (Mage Sight)", kind: ParamKind::Flag, required: false, default: None },
                Param { name: "rote", help: "a sensory rote the mage knows covers it", kind: ParamKind::Flag, required: false, default: None },
                Param { name: "area-factors", help: "Knowing: area factors were bought (without them it reaches about arm's length)", kind: ParamKind::Flag, required: false, default: None },
                Param {
                    name: "hiding",
                    help: "what hides the subject: none, stealth, sneaking, magical, ignore-senses (e.g. Obfuscate), shield (a covert or vulgar spell), veiling, fraying",
                    kind: ParamKind::Choice { options: HIDING_NAMES },
                    required: false,
                    default: Some("none"),
                },
            ],
            rule: Some(R_SENSORY_OPPOSED),
            run: run_sensory_spell,
        },
        Calculator {
            system: SYSTEM,
            name: "grant-senses",
            summary: "Whether a spell can give another character sensory magic: covert Prime, covert Life or Mind with other Arcana, or vulgar Forces, Matter or Prime",
            params: &[
                Param { name: "arcanum", help: "the spell's Arcanum: prime, life, mind, forces, matter or other", kind: ParamKind::Choice { options: GRANT_ARCANUM_NAMES }, required: true, default: None },
                Param { name: "aspect", help: "the spell's aspect", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: true, default: None },
                Param { name: "with-others", help: "Life or Mind joined with other Arcana", kind: ParamKind::Flag, required: false, default: None },
            ],
            rule: Some(R_GRANTING_SENSES),
            run: run_grant_senses,
        },
        Calculator {
            system: SYSTEM,
            name: "illusion",
            summary: "An illusion's aspect and whether it provokes Disbelief: cast vulgar, lowered to covert at once it fools onlookers while it makes sense",
            params: &[
                Param { name: "lowered", help: "the caster lowered it to covert at once", kind: ParamKind::Flag, required: false, default: None },
                Param { name: "out-of-context", help: "its look or behaviour makes no sense where it is", kind: ParamKind::Flag, required: false, default: None },
            ],
            rule: Some(R_ILLUSIONS),
            run: run_illusion,
        },
    ]
}

fn run_ephemeral_spell(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let e = ephemeral_spell(
        Being::parse(i.choice("being")?.unwrap_or_default())?,
        Aspect::parse(i.choice("aspect")?.unwrap_or_default())?,
        Practice::parse(i.choice("practice")?.unwrap_or("weaving"))?,
        i.flag("perceives"),
    )?;
    Ok(Outcome::default().field("works", e.works).field("reciprocal", e.reciprocal).terms(e.terms))
}

fn run_sensory_spell(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let sense: Sense = i
        .choice("practice")?
        .unwrap_or_default()
        .parse()
        .map_err(|_| Error::InvalidInput("--practice must be unveiling or knowing".into()))?;
    let hiding: Hiding = i
        .choice("hiding")?
        .unwrap_or("none")
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--hiding must be one of {}", HIDING_NAMES.join(", "))))?;
    let how = SensoryCasting { ruling: i.flag("ruling"), rote: i.flag("rote"), area_factors: i.flag("area-factors") };
    let s = sensory_spell(sense, how, hiding);
    let mut o = Outcome::default();
    if let Some(m) = s.mana {
        o = o.field("mana", m);
    }
    o = match s.sees {
        Some(b) => o.field("sees", b),
        None => o.field("sees", "contested"),
    };
    Ok(o.terms(s.terms))
}

fn run_illusion(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let lowered = i.flag("lowered");
    let il = illusion(lowered, !i.flag("out-of-context"));
    Ok(Outcome::default().field("aspect", il.aspect.name()).field("disbelief", il.disbelief).terms(il.terms))
}

fn run_granted_powers(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let flat = |list: Vec<(String, Vec<i64>)>| list.into_iter().map(|(n, v)| (n, v[0])).collect::<Vec<_>>();
    let g = granted_powers(i.int("potency")?, i.int("rank")?, &flat(i.named("split")?), &flat(i.named("costs")?))?;
    let uses: Vec<String> = g.powers.iter().map(|p| format!("{} {}", p.power, p.uses)).collect();
    let mut o = Outcome::default()
        .field("temporary_essence", g.essence)
        .field("allotted", g.allotted)
        .field("unallotted", g.unallotted)
        .field("uses", uses.join(", "))
        .terms(g.terms);
    if g.essence == 0 {
        o = o.warn(
            "the spell's Potency is below the being's Rank: it grants no Essence, so no granted power can be used",
        );
    }
    for p in g.powers.iter().filter(|p| p.essence % p.cost != 0) {
        o = o.warn(format!(
            "{}'s {} Essence leaves {} unspent at {} a use",
            p.power,
            p.essence,
            p.essence % p.cost,
            p.cost
        ));
    }
    Ok(o)
}

fn run_scrutiny(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let s = scrutiny(i.int("successes")?, i.int("trait")?, i.int("veiling-tenacity")?, i.flag("fraying"))?;
    let mut o =
        Outcome::default().field("approximates", s.approximates).field("net_successes", s.net_successes).terms(s.terms);
    if s.approximates {
        o = o.warn("only an approximation: drawing the secret out in full takes a covert or vulgar spell");
    }
    Ok(o)
}

fn run_attack_pool(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let aspect = Aspect::parse(i.choice("aspect")?.unwrap_or_default())?;
    let pool = i.int("pool")?;
    let p = attack_pool(aspect, pool, &i.ints("defense")?, i.opt_int("area-penalty")?)?;
    // A pool per target: the terms add up to the pool every target shares, before its
    // own Defense comes off (each target's is a note).
    let mut o = Outcome::default()
        .field("pool_before_defense", pool + p.penalty)
        .field("dice_pools", p.pools.clone())
        .field("penalty", p.penalty)
        .field("guaranteed", p.guaranteed)
        .terms(p.terms);
    if p.pools.contains(&0) {
        o = o.warn(
            "a pool of 0 rolls a chance die (Mage's usual rule), but the boost's guaranteed successes still stand",
        );
    }
    Ok(o.warn("roll once for each target; the same boost usually drives every roll"))
}

fn run_lasting_trait(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let kind = LastingTrait::parse(i.choice("kind")?.unwrap_or_default())?;
    if i.flag("supernatural-on-template") {
        return Ok(Outcome::default()
            .field("cost", 0)
            .field("bought", false)
            .terms([Term::text(
                "Mage or other major template",
                "supernal magic can't make lasting supernatural changes to them",
                Some(R_LASTING),
            )])
            .warn("ordinary Attributes, Skills and Merits raised by magic are still bought as usual; only lasting supernatural qualities are ruled out"));
    }
    let g = lasting_gain(
        kind,
        i.int("from")?,
        i.int("to")?,
        i.int("maximum")?,
        i.int("experience")?,
        i.flag("debt"),
        i.opt_int("cost-per-dot")?,
    )?;
    let mut o = Outcome::default()
        .field("cost", g.cost)
        .field("rating", g.rating)
        .field("bought", g.bought)
        .field("experience_after", g.experience_after)
        .field("debt", g.debt)
        .terms(g.terms);
    if g.capped {
        o = o.warn(format!("magic can't push a trait past its normal maximum ({})", g.rating));
    }
    if i.opt_int("cost-per-dot")?.is_none() {
        o = o.warn("Interpretation: the document asks for the usual experience without listing it; Tome uses Chronicles of Darkness's per-dot prices");
    }
    Ok(o)
}

fn run_grant_senses(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let arcanum: GrantArcanum = i
        .choice("arcanum")?
        .unwrap_or_default()
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--arcanum must be one of {}", GRANT_ARCANUM_NAMES.join(", "))))?;
    let (works, term) =
        grant_senses(arcanum, Aspect::parse(i.choice("aspect")?.unwrap_or_default())?, i.flag("with-others"));
    Ok(Outcome::default().field("works", works).terms([term]))
}
