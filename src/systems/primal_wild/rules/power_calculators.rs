//! Registry, part two: spells against ephemeral beings, foreign powers and Prime
//! hindrances, and the Essence they grant or spend.

use super::*;

const P_POTENCY: Param = Param {
    name: "potency",
    help: "the spell's Potency (its Shaped total when Shaped)",
    kind: ParamKind::Int { min: POTENCY.0, max: POTENCY.1 },
    required: true,
    default: None,
};

const P_RANK: Param = Param {
    name: "rank",
    help: "the ephemeral being's Rank (1 to 10)",
    kind: ParamKind::Int { min: RANK.0, max: RANK.1 },
    required: true,
    default: None,
};

pub(super) fn power_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "ephemeral-resistance",
            summary: "An ephemeral being resists a hostile spell with Resistance + Rank; net successes equal to its Resistance make a severe consequence",
            params: &[
                P_POTENCY,
                Param { name: "resistance", help: "the being's Resistance Attribute (1 to 10)", kind: ParamKind::Int { min: RESISTANCE.0, max: RESISTANCE.1 }, required: true, default: None },
                P_RANK,
                Param {
                    name: "resist-successes",
                    help: "successes on the being's Resistance + Rank roll. Interpretation: any margin below its Resistance is a normal consequence",
                    kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 },
                    required: true,
                    default: None,
                },
            ],
            rule: Some(R_EPHEMERAL_RESISTANCE),
            run: run_ephemeral_resistance,
        },
        Calculator {
            system: SYSTEM,
            name: "foreign-power",
            summary: "A spell dispelling an active Discipline, Gift or other foreign power (it must beat the power and a resistance roll), or bolstering one against its victim",
            params: &[
                Param { name: "mode", help: "dispel (alter or end an active power) or bolster (help a power past its victim)", kind: ParamKind::Choice { options: &["dispel", "bolster"] }, required: true, default: None },
                P_POTENCY,
                Param {
                    name: "resist-successes",
                    help: "successes on the Resistance Attribute + Supernatural Power Trait roll (bolster: the victim's, with any Willpower or traits they used against the power)",
                    kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 },
                    required: true,
                    default: None,
                },
                Param {
                    name: "power",
                    help: "dispel: the power's rolled successes, Potency or like measure. Interpretation: the spell must exceed it, a tie keeps the power",
                    kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 },
                    required: false,
                    default: None,
                },
                Param {
                    name: "resistance",
                    help: "bolster: the victim's Resistance Attribute, to tell a severe consequence (Interpretation: net successes equal to it, as for ephemeral beings)",
                    kind: ParamKind::Int { min: RESISTANCE.0, max: RESISTANCE.1 },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_FOREIGN_POWERS),
            run: run_foreign_power,
        },
        Calculator {
            system: SYSTEM,
            name: "command-power",
            summary: "Forcing a controlled ephemeral being to use a power: the mage pays its Willpower and covers its Essence from Potency above Rank, then gathered Essence",
            params: &[
                Param { name: "potency", help: "the control spell's Potency. Interpretation: its margin over Rank covers each command afresh", kind: ParamKind::Int { min: POTENCY.0, max: POTENCY.1 }, required: true, default: None },
                P_RANK,
                Param { name: "essence-cost", help: "the power's Essence cost", kind: ParamKind::Int { min: ESSENCE.0, max: ESSENCE.1 }, required: true, default: None },
                Param { name: "willpower-cost", help: "the power's Willpower cost (the mage pays it)", kind: ParamKind::Int { min: WILLPOWER.0, max: WILLPOWER.1 }, required: false, default: Some("0") },
                Param { name: "stored-essence", help: "Essence the mage has gathered with other magic", kind: ParamKind::Int { min: ESSENCE.0, max: ESSENCE.1 }, required: false, default: Some("0") },
            ],
            rule: Some(R_COMMANDING),
            run: run_command_power,
        },
        Calculator {
            system: SYSTEM,
            name: "temporary-essence",
            summary: "Temporary Essence a beneficial spell leaves an ephemeral being: no stacking, a zero-Mana covert rote once a scene, a sustained ritual each hour",
            params: &[
                P_POTENCY,
                P_RANK,
                Param {
                    name: "current",
                    help: "temporary Essence the being holds now. Interpretation: it keeps whichever is larger, its store or the new total",
                    kind: ParamKind::Int { min: ESSENCE.0, max: ESSENCE.1 },
                    required: false,
                    default: Some("0"),
                },
                Param { name: "source", help: "the spell: spell, covert-rote (zero Mana) or sustained-ritual", kind: ParamKind::Choice { options: ESSENCE_SOURCE_NAMES }, required: false, default: Some("spell") },
                Param { name: "rote-used", help: "with covert-rote: a zero-Mana covert rote already helped this being this scene", kind: ParamKind::Flag, required: false, default: None },
                Param { name: "hours", help: "with sustained-ritual: full hours it has been sustained since its Shaping (0 to 24)", kind: ParamKind::Int { min: 0, max: 24 }, required: false, default: Some("0") },
                P_EMPOWER_ASPECT,
                P_SHAPED,
            ],
            rule: Some(R_EMPOWER),
            run: run_temporary_essence,
        },
        Calculator {
            system: SYSTEM,
            name: "prime-suppression",
            summary: "Casting through a Prime hindrance: its aspect successes contest the spell's Potency, and resisters of the spell are boosted",
            params: &[
                Param { name: "potency", help: "the Potency of the spell cast through the hindrance. Interpretation: the margin is what gets through", kind: ParamKind::Int { min: POTENCY.0, max: POTENCY.1 }, required: true, default: None },
                Param { name: "hindrance-aspect", help: "the hindering Prime spell's aspect (covert 2 successes, vulgar 3)", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: true, default: None },
            ],
            rule: Some(R_PRIME_SUPPRESSION),
            run: run_prime_suppression,
        },
    ]
}

fn run_ephemeral_resistance(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = ephemeral_resistance(i.int("potency")?, i.int("resistance")?, i.int("rank")?, i.int("resist-successes")?)?;
    let mut o = Outcome::default()
        .field("dice_pool", c.dice_pool)
        .field("net_successes", c.net_successes)
        .field("consequence", c.consequence.as_str())
        .terms(c.terms);
    if c.consequence == Consequence::Normal {
        o = o.warn(CONSEQUENCE_READING);
    }
    Ok(o)
}

fn run_foreign_power(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let potency = i.int("potency")?;
    let resist = i.int("resist-successes")?;
    if i.choice("mode")? == Some("dispel") {
        let power = i.opt_int("power")?.ok_or_else(|| {
            Error::InvalidInput(
                "--power (the power's successes or Potency, 0 to 50) is required with --mode dispel".into(),
            )
        })?;
        let d = dispel_power(potency, power, resist)?;
        let mut o = Outcome::default()
            .field("success", d.success)
            .field("beats_power", d.beats_power)
            .field("beats_roll", d.beats_roll)
            .terms(d.terms);
        if i.opt_int("resistance")?.is_some() {
            o = o.warn("--resistance is only used with --mode bolster");
        }
        return Ok(o.warn("the document says the resistance roll is made for the spell's caster; enter its successes whoever rolls it"));
    }
    let c = bolster_power(potency, resist, i.opt_int("resistance")?)?;
    let mut o = Outcome::default()
        .field("success", c.consequence != Consequence::None)
        .field("net_successes", c.net_successes)
        .field("consequence", c.consequence.as_str())
        .terms(c.terms);
    if i.opt_int("power")?.is_some() {
        o = o.warn("--power is only used with --mode dispel");
    }
    if i.opt_int("resistance")?.is_none() && c.consequence == Consequence::Normal {
        o = o.warn("give --resistance to tell a severe consequence from a normal one");
    }
    Ok(o)
}

fn run_command_power(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let c = command_power(
        i.int("potency")?,
        i.int("rank")?,
        i.int("essence-cost")?,
        i.int("willpower-cost")?,
        i.int("stored-essence")?,
    )?;
    Ok(Outcome::default()
        .field("can_command", c.can_command)
        .field("essence_from_potency", c.essence_from_potency)
        .field("essence_from_stores", c.essence_from_stores)
        .field("shortfall", c.shortfall)
        .field("willpower", c.willpower)
        .field("stored_after", c.stored_after)
        .terms(c.terms))
}

fn run_temporary_essence(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let source = EssenceSource::parse(i.choice("source")?.unwrap_or("spell"))?;
    let e = temporary_essence(
        i.int("potency")?,
        i.int("rank")?,
        i.int("current")?,
        source,
        i.flag("rote-used"),
        i.int("hours")?,
        empowering_of(i)?,
    )?;
    let mut o = Outcome::default()
        .field("offered", e.offered)
        .field("temporary_essence", e.temporary_essence)
        .field("took_new", e.took_new)
        .field("deliveries", e.deliveries)
        .terms(e.terms)
        .warn_all(e.warnings)
        .warn("temporary Essence pays only for the powers enhanced or granted, and is gone at the end of the scene or hour");
    if i.flag("rote-used") && source != EssenceSource::CovertRote {
        o = o.warn("--rote-used only matters with --source covert-rote");
    }
    if i.int("hours")? > 0 && source != EssenceSource::SustainedRitual {
        o = o.warn("--hours only matters with --source sustained-ritual");
    }
    Ok(o)
}

fn run_prime_suppression(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let hindrance = Aspect::parse(i.choice("hindrance-aspect")?.unwrap_or_default())?;
    let s = prime_suppression(i.int("potency")?, hindrance)?;
    Ok(Outcome::default()
        .field("contested_by", s.contested_by)
        .field("net_potency", s.net_potency)
        .field("gets_through", s.gets_through)
        .field("resist_boost", hindrance.name())
        .terms(s.terms))
}
