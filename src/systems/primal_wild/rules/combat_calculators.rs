//! Registry, part three: a clash's price, sustained hazards, Shaping Defense and the Edge
//! cap.

use super::*;

/// The clash-cost calculator's flag saying the Sword matches the Hallow's resonance (a duel asks it as `resonance`).
pub(crate) const MATCHES_RESONANCE: &str = "matches-resonance";

pub(super) fn combat_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "boosted-hit",
            summary: "A boosted attack on one target as wounds: the damage factor on the guaranteed successes only, then armour and a defensive spell against the points above the roll",
            params: &[
                Param { name: "aspect", help: "the boosting spell's aspect", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: true, default: None },
                Param { name: "rolled", help: "successes the attack dice actually rolled", kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 }, required: true, default: None },
                Param { name: "cancelled", help: "successes a supernatural power of the target's cancels outright (the guaranteed ones go first)", kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 }, required: false, default: Some("0") },
                Param { name: "type", help: "what the weapon deals by nature: bashing or lethal", kind: ParamKind::Choice { options: DAMAGE_TYPE_NAMES }, required: false, default: Some("lethal") },
                Param { name: "factor", help: "a damage type the spell grants as a damage factor (aggravated): only the first 2 (covert) or 3 (vulgar) successes carry it", kind: ParamKind::Choice { options: DAMAGE_TYPE_NAMES }, required: false, default: None },
                Param { name: "armor", help: "the target's mundane armour: it removes only points above what was rolled", kind: ParamKind::Int { min: ARMOR.0, max: ARMOR.1 }, required: false, default: Some("0") },
                Param { name: "defense-potency", help: "Potency of the target's defensive spell against this attack (0 for none). Interpretation: armour takes the automatic points first", kind: ParamKind::Int { min: 0, max: POTENCY.1 }, required: false, default: Some("0") },
                Param { name: "durable", help: "the target is supernaturally durable (a vampire, a werewolf): lethal from a boost short of vulgar is bashing (line 162)", kind: ParamKind::Flag, required: false, default: None },
                P_IMMUNITY,
                P_WILLPOWER,
            ],
            rule: Some(R_DEFENSE),
            run: run_boosted_hit,
        },
        Calculator {
            system: SYSTEM,
            name: "clash-cost",
            summary: "What one clash of the Duel Arcane costs a duelist and who pays: their Willpower, a Resistant lethal wound, the circle's sustainer, or a Hallow",
            params: &[
                Param {
                    name: "pay",
                    help: "willpower, wound (a Resistant lethal wound instead), circle (the Squaring the Circle sustainer pays; both clash free), hallow (once a round) or pass (don't act this clash)",
                    kind: ParamKind::Choice { options: CLASH_PAYMENT_NAMES },
                    required: false,
                    default: Some("willpower"),
                },
                Param { name: "willpower", help: "the duelist's current Willpower (0 to 10), needed to pay with it", kind: ParamKind::Int { min: WILLPOWER.0, max: WILLPOWER.1 }, required: false, default: None },
                Param { name: "hallow-used", help: "a Hallow already paid for a clash this round", kind: ParamKind::Flag, required: false, default: None },
                Param { name: MATCHES_RESONANCE, help: "the duelist uses their Sword in a way matching the Hallow's resonance", kind: ParamKind::Flag, required: false, default: None },
            ],
            rule: Some(R_CLASH_COST),
            run: run_clash_cost,
        },
        Calculator {
            system: SYSTEM,
            name: "hazard",
            summary: "Which Potency a mage's sustained damaging spells strike a target with: only the highest, and once a round",
            params: &[
                Param {
                    name: "potencies",
                    help: "Potencies of this mage's sustained damaging spells that reach the target, comma-separated (1 to 10 spells)",
                    kind: ParamKind::IntList { min: POTENCY.0, max: POTENCY.1 },
                    required: true,
                    default: None,
                },
                Param {
                    name: "already-struck",
                    help: "this mage's spell Potency already struck the target since the start of the mage's last turn (e.g. the Shaping attack that left the hazard)",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_HAZARDS),
            run: run_hazard,
        },
        Calculator {
            system: SYSTEM,
            name: "shaping-defense",
            summary: "A defensive spell Shaped reflexively against one attack: its total Potency as armor, or in place of Defense + Wits against a Shaping attack",
            params: &[
                Param { name: "aspect", help: "the defensive spell's aspect (covert or vulgar; sensory spells can't be Shaped)", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: true, default: None },
                Param { name: "successes", help: "successes on the reflexive Shaping roll", kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 }, required: true, default: None },
                Param {
                    name: "against",
                    help: "physical (the Potency is armor) or shaping (Interpretation: the Shaped total replaces the Defense + Wits successes; base Potency caps the automatic damage cancelled)",
                    kind: ParamKind::Choice { options: &["physical", "shaping"] },
                    required: true,
                    default: None,
                },
                Param { name: "automatic", help: "physical: automatic, Defense-piercing damage points", kind: ParamKind::Int { min: DAMAGE.0, max: DAMAGE.1 }, required: false, default: Some("0") },
                Param { name: "automatic-type", help: "physical: the automatic damage's type", kind: ParamKind::Choice { options: DAMAGE_TYPE_NAMES }, required: false, default: Some("lethal") },
                Param { name: "aggravated", help: "physical: aggravated points from rolled successes", kind: ParamKind::Int { min: DAMAGE.0, max: DAMAGE.1 }, required: false, default: Some("0") },
                Param { name: "lethal", help: "physical: lethal points from rolled successes", kind: ParamKind::Int { min: DAMAGE.0, max: DAMAGE.1 }, required: false, default: Some("0") },
                Param { name: "bashing", help: "physical: bashing points from rolled successes", kind: ParamKind::Int { min: DAMAGE.0, max: DAMAGE.1 }, required: false, default: Some("0") },
                Param { name: "vulgar-vs-mundane", help: "physical: a vulgar defense against a mundane attack (all its damage becomes bashing first)", kind: ParamKind::Flag, required: false, default: None },
                Param { name: "attack-aspect", help: "shaping: the attack spell's aspect (covert or vulgar)", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: false, default: None },
                Param { name: "attack-potency", help: "shaping: the attack spell's total Shaped Potency", kind: ParamKind::Int { min: POTENCY.0, max: POTENCY.1 }, required: false, default: None },
            ],
            rule: Some(R_SHAPING_DEFENSE),
            run: run_shaping_defense,
        },
        Calculator {
            system: SYSTEM,
            name: "magical-edge",
            summary: "The Edge of a magical weapon or an enhanced item: whatever the magic would give, it stops at +5",
            params: &[
                Param { name: "edge", help: "the Edge the magic would give (0 to 20)", kind: ParamKind::Int { min: 0, max: 20 }, required: true, default: None },
                Param { name: "source", help: "weapon (a magical mode of attack) or item (an object enhanced by lasting magic)", kind: ParamKind::Choice { options: EDGE_SOURCE_NAMES }, required: false, default: Some("weapon") },
            ],
            rule: Some(R_WEAPONS),
            run: run_magical_edge,
        },
    ]
}

fn run_clash_cost(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let pay = ClashPayment::parse(i.choice("pay")?.unwrap_or("willpower"))?;
    let c =
        clash_cost(pay, i.opt_int("willpower")?, i.flag("hallow-used"), i.flag(MATCHES_RESONANCE), MATCHES_RESONANCE)?;
    let mut o = Outcome::default()
        .field("payer", c.payer)
        .field("willpower_cost", c.willpower_cost)
        .field("willpower_after", c.willpower_after)
        .field("resistant_lethal", c.resistant_lethal)
        .field("circle_willpower", c.circle_willpower)
        .field("acts", c.acts)
        .terms(c.terms);
    if c.resistant_lethal > 0 {
        o = o.warn("a Resistant lethal wound taken for a clash stays after the duel and heals at the usual rate");
    }
    Ok(o)
}

fn run_hazard(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let h = hazard(&i.ints("potencies")?, i.flag("already-struck"))?;
    Ok(Outcome::default()
        .field("potency", h.potency)
        .field("applies", h.applies)
        .field("ignored", h.ignored)
        .terms(h.terms))
}

fn run_shaping_defense(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let aspect = aspect_of(i)?;
    let mut physical_given = i.flag("vulgar-vs-mundane");
    for n in ["automatic", "aggravated", "lethal", "bashing"] {
        physical_given |= i.int(n)? > 0;
    }
    let shaping_given = i.raw("attack-aspect").is_some() || i.raw("attack-potency").is_some();
    let mut warnings = Vec::new();
    let threat = if i.choice("against")? == Some("shaping") {
        if physical_given {
            warnings.push("the physical damage parameters are ignored against a Shaping attack");
        }
        let attack = Aspect::parse(i.choice("attack-aspect")?.ok_or_else(|| {
            Error::InvalidInput("--attack-aspect (covert or vulgar) is required with --against shaping".into())
        })?)?;
        let potency = i.opt_int("attack-potency")?.ok_or_else(|| {
            Error::InvalidInput(
                "--attack-potency (the attack's Shaped Potency) is required with --against shaping".into(),
            )
        })?;
        Threat::Shaping { aspect: attack, potency }
    } else {
        if shaping_given {
            warnings.push("--attack-aspect and --attack-potency are only used with --against shaping");
        }
        Threat::Physical {
            incoming: Incoming {
                automatic: i.int("automatic")?,
                automatic_type: DamageType::parse(i.choice("automatic-type")?.unwrap_or("lethal"))?,
                aggravated: i.int("aggravated")?,
                lethal: i.int("lethal")?,
                bashing: i.int("bashing")?,
            },
            vulgar_vs_mundane: i.flag("vulgar-vs-mundane"),
        }
    };
    let d = shaping_defense(aspect, i.int("successes")?, threat)?;
    let mut o = Outcome::default().field("potency", d.potency);
    if let Some(a) = &d.armor {
        o = o
            .field("automatic_cancelled", a.automatic_cancelled)
            .field("downgraded", a.downgraded)
            .field("bashing_cancelled", a.bashing_cancelled)
            .field("aggravated_taken", a.aggravated_taken)
            .field("lethal_taken", a.lethal_taken)
            .field("bashing_taken", a.bashing_taken);
    }
    if let Some(s) = &d.against_shaping {
        o = o
            .field("net_successes", s.net_successes)
            .field("automatic", s.automatic)
            .field("automatic_cancelled", s.automatic_cancelled)
            .field("damage", s.damage);
    }
    o = o.terms(d.terms).warn(
        "a reflexive Shaping covers only the attack that prompted it; blocking every attack until your next turn takes an instant action",
    );
    o = o.warn_all(warnings);
    Ok(o)
}

fn run_magical_edge(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let source = EdgeSource::parse(i.choice("source")?.unwrap_or("weapon"))?;
    let e = magical_edge(i.int("edge")?, source)?;
    let mut o = Outcome::default().field("edge", e.edge).field("capped", e.capped).terms(e.terms);
    if e.capped {
        o = o.warn(format!("an Edge can't go above +{EDGE_MAX}, for magical weapons and enhanced items alike"));
    }
    Ok(o)
}

fn run_boosted_hit(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let factor = i.choice("factor")?.map(DamageType::parse).transpose()?;
    let h = boosted_hit(
        Aspect::parse(i.choice("aspect")?.unwrap_or_default())?,
        i.int("rolled")?,
        i.int("cancelled")?,
        DamageType::parse(i.choice("type")?.unwrap_or("lethal"))?,
        factor,
        Protection {
            armor: i.int("armor")?,
            spell_potency: i.int("defense-potency")?,
            durable: i.flag("durable"),
            immunity: immunity_of(i)?,
        },
    )?;
    let breached = h.defense.as_ref().and_then(|d| d.immunity_breached);
    let mut o = Outcome::default()
        .field("aggravated", h.aggravated)
        .field("lethal", h.lethal)
        .field("bashing", h.bashing)
        .field("successes", h.attack.successes)
        .field("automatic", h.attack.automatic_left)
        .field("armor_cancelled", h.armor_cancelled);
    if let Some(b) = breached {
        o = o.field("immunity_breached", b);
    }
    Ok(o.terms(h.terms).warn_all(h.warnings))
}
