//! Ephemeral beings in a fight: Rank, Resistance, Essence and Corpus; hostile spells
//! resisted with Resistance + Rank, beneficial ones granting temporary Essence.

use std::collections::BTreeMap;

use crate::dice::roll_pool;
use crate::encounters::{Act, Action, Combatant, Facts, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::{
    empower_reach, ephemeral_resistance, spend_essence, temporary_essence, Aspect, Empowering, EssenceSource, PowerUse,
    ASPECT_NAMES, ESSENCE, ESSENCE_SOURCE_NAMES, POTENCY, POWER_USE_NAMES, R_EMPOWER, R_EPHEMERAL_RESISTANCE,
    SUCCESSES,
};

const POTENCY_PARAM: Param = Param {
    name: "potency",
    help: "The spell's Potency.",
    kind: ParamKind::Int { min: POTENCY.0, max: POTENCY.1 },
    required: true,
    default: None,
};

static HOSTILE_PARAMS: &[Param] = &[
    POTENCY_PARAM,
    Param {
        name: "resist-successes",
        help: "Successes of the being's Resistance + Rank roll; Tome rolls it when not given. Interpretation: a margin short of the Resistance is a normal consequence.",
        kind: ParamKind::Int { min: SUCCESSES.0, max: SUCCESSES.1 },
        required: false,
        default: None,
    },
];

static EMPOWER_PARAMS: &[Param] = &[
    POTENCY_PARAM,
    Param {
        name: "aspect",
        help: "The spell's aspect (sensory, covert or vulgar; a covert rote is covert): an unShaped covert spell reaches Rank 1 or 2, a vulgar one Rank 3, a mightier being takes Shaping (line 48). Interpretation: not given, it is covert, the least aspect that enhances a being.",
        kind: ParamKind::Choice { options: ASPECT_NAMES },
        required: false,
        default: None,
    },
    Param {
        name: "shaped",
        help: "The spell is Shaped: it empowers a being of any Rank, even for a moment (line 48).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "source",
        help: "spell (cast once), covert-rote (no Mana; once a scene per being; reaches Rank 1 or 2) or sustained-ritual (again each hour). Interpretation: the being keeps the larger of its store and the new total.",
        kind: ParamKind::Choice { options: ESSENCE_SOURCE_NAMES },
        required: false,
        default: Some("spell"),
    },
    Param {
        name: "hours",
        help: "sustained-ritual: full hours it has run since its Shaping.",
        kind: ParamKind::Int { min: 0, max: 24 },
        required: false,
        default: Some("0"),
    },
];

static SPEND_PARAMS: &[Param] = &[
    Param {
        name: "cost",
        help: "The Essence the power costs this time (at least 1).",
        kind: ParamKind::Int { min: 1, max: ESSENCE.1 },
        required: true,
        default: None,
    },
    Param {
        name: "power",
        help: "granted (an Influence or Numen a spell gave it: temporary Essence alone pays), enhanced (its own power a spell enhances: temporary Essence first, then its own; Interpretation: that order) or native (no spell touches it: its own Essence alone).",
        kind: ParamKind::Choice { options: POWER_USE_NAMES },
        required: true,
        default: None,
    },
];

pub(super) const SPEND_ESSENCE: Action = Action {
    name: "spend-essence",
    summary: "An ephemeral being pays Essence for a power: temporary Essence only for a power a spell enhanced or granted, a granted one with temporary Essence alone",
    combatant: true,
    params: SPEND_PARAMS,
    rule: Some(R_EMPOWER),
};

pub(super) const HOSTILE_SPELL: Action = Action {
    name: "hostile-spell",
    summary: "A hostile spell on an ephemeral being: Potency against its Resistance + Rank roll; net successes equal to its Resistance are severe",
    combatant: true,
    params: HOSTILE_PARAMS,
    rule: Some(R_EPHEMERAL_RESISTANCE),
};

pub(super) const EMPOWER: Action = Action {
    name: "empower",
    summary: "A beneficial spell on an ephemeral being: Potency matching its Rank grants temporary Essence, one more per point above",
    combatant: true,
    params: EMPOWER_PARAMS,
    rule: Some(R_EMPOWER),
};

static FADES_PARAMS: &[Param] = &[Param {
    name: "ends",
    help: "scene (the scene is over: a covert rote may empower each being again) or hour (an hour of the scene has passed; a sustained ritual then delivers again, with `empower`).",
    kind: ParamKind::Choice { options: FADE_NAMES },
    required: false,
    default: Some("scene"),
}];

const FADE_NAMES: &[&str] = &["scene", "hour"];

pub(super) const ESSENCE_FADES: Action = Action {
    name: "essence-fades",
    summary: "The scene ends or an hour passes: every being's temporary Essence disappears",
    combatant: false,
    params: FADES_PARAMS,
    rule: Some(R_EMPOWER),
};

/// Whether a combatant is an ephemeral being (it has a Rank).
pub(super) fn ephemeral(c: &Combatant) -> bool {
    c.stat("rank") > 0
}

fn being(c: &Combatant) -> Result<()> {
    if ephemeral(c) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!(
            "{} is not an ephemeral being: give it a Rank (`set {} rank N`) first",
            c.name, c.name
        )))
    }
}

pub(super) fn join(c: &mut Combatant) {
    c.set("essence", c.stat("max-essence"));
    c.set("temporary-essence", 0);
}

/// Rolls the being's Resistance + Rank when the table typed no result.
pub(super) fn prepare(s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
    let mut facts = BTreeMap::new();
    let c = &s.combatants[act.who()];
    if act.inputs.opt_int("resist-successes")?.is_none() && ephemeral(c) {
        let (n, faces) = roll_pool(c.stat("resistance") + c.stat("rank"), false, rng);
        facts.insert("resist-successes".into(), n.to_string());
        facts.insert("resist-dice".into(), faces.iter().map(i64::to_string).collect::<Vec<_>>().join(" "));
    }
    Ok(facts)
}

pub(super) fn hostile(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let c = &s.combatants[act.who()];
    being(c)?;
    if c.stat("resistance") < 1 {
        return Err(Error::InvalidInput(format!("{} has no Resistance: `set {} resistance N` first", c.name, c.name)));
    }
    let (resisted, how) = match act.inputs.opt_int("resist-successes")? {
        Some(n) => (n, "typed".to_string()),
        None => {
            (act.fact_int("resist-successes")?, format!("rolled by Tome: {}", act.fact("resist-dice").unwrap_or("")))
        }
    };
    let potency = act.inputs.int("potency")?;
    let r = ephemeral_resistance(potency, c.stat("resistance"), c.stat("rank"), resisted)?;
    let mut out = Outcome { lines: Vec::new(), terms: r.terms };
    out.lines.push(format!(
        "A Potency {potency} spell on {}: {resisted} resisting successes ({how}), {} net: {}",
        c.name,
        r.net_successes,
        r.consequence.words()
    ));
    if r.consequence.as_str() == "normal" {
        out.lines.push("Interpretation: any margin short of the Resistance is a normal consequence".into());
    }
    Ok(out)
}

/// How a spell of no aspect given is read.
const COVERT_UNLESS_SAID: &str = "Interpretation: a spell whose aspect is not given is covert, the least aspect \
                                  that enhances a being (line 48)";

/// The spell `--aspect` and `--shaped` name (covert when no aspect is given). Since the
/// reach by aspect came in (the `reach` fact); one stored before replays unchecked, as
/// it was made.
fn empowering(act: &Act<'_>, source: EssenceSource) -> Result<Option<Empowering>> {
    let aspect = act.inputs.choice("aspect")?.map(Aspect::parse).transpose()?;
    let shaped = act.inputs.flag("shaped");
    if source == EssenceSource::CovertRote && aspect.is_none() && !shaped || act.fact("reach").is_none() {
        return Ok(None);
    }
    Ok(Some(Empowering { aspect: aspect.unwrap_or(Aspect::Covert), shaped }))
}

pub(super) fn empower(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let c = &mut s.combatants[act.who()];
    being(c)?;
    let source = EssenceSource::parse(act.inputs.choice("source")?.unwrap_or("spell"))?;
    let potency = act.inputs.int("potency")?;
    let spell = empowering(act, source)?;
    let e = temporary_essence(
        potency,
        c.stat("rank"),
        c.value("temporary-essence"),
        source,
        c.value("covert-rote-used") > 0,
        act.inputs.int("hours")?,
        spell,
    )?;
    if source == EssenceSource::CovertRote && e.offered > 0 {
        c.set("covert-rote-used", 1);
    }
    c.set("temporary-essence", e.temporary_essence);
    let reach = match source {
        EssenceSource::CovertRote => Some(Empowering { aspect: Aspect::Covert, shaped: false }),
        _ => spell,
    }
    .map(|sp| empower_reach(c.stat("rank"), sp));
    let mut out = Outcome { lines: Vec::new(), terms: e.terms };
    if spell.is_some() && act.inputs.choice("aspect")?.is_none() && source != EssenceSource::CovertRote {
        out.terms.push(crate::rules::Term::text("The spell's aspect", COVERT_UNLESS_SAID, Some(R_EMPOWER)));
    }
    if let Some((false, why)) = &reach {
        // Line 48: the calculator offers nothing, and the headline says why in its words.
        let what = if source == EssenceSource::CovertRote { "A covert rote" } else { "The spell" };
        out.lines.push(format!(
            "{what} cannot empower {}, a Rank {} being: {why}; no temporary Essence (it holds {})",
            c.name,
            c.stat("rank"),
            e.temporary_essence
        ));
    } else {
        out.lines.push(format!(
            "A Potency {potency} spell offers {} {} temporary Essence; it holds {} (Interpretation: of the new total and its store it keeps the larger)",
            c.name, e.offered, e.temporary_essence
        ));
    }
    // A warning that says what the headline does is said once.
    let said = reach.map(|(_, why)| why).unwrap_or_default();
    out.lines.extend(e.warnings.into_iter().filter(|w| *w != said).map(|w| format!("Note: {w}")));
    Ok(out)
}

/// Document 003, lines 58-60: temporary Essence pays only for the powers a spell
/// enhanced or granted, a granted power with it alone, at least 1 a use.
pub(super) fn spend(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let c = &mut s.combatants[act.who()];
    being(c)?;
    let cost = act.inputs.int("cost")?;
    let power = PowerUse::parse(act.inputs.choice("power")?.unwrap_or_default())?;
    let paid = spend_essence(cost, power, c.value("temporary-essence"), c.value("essence"))
        .map_err(|e| Error::InvalidInput(format!("{} cannot pay: {e}", c.name)))?;
    c.set("temporary-essence", paid.temporary_after);
    c.set("essence", paid.essence_after);
    let mut out = Outcome { lines: Vec::new(), terms: paid.terms };
    out.lines.push(format!(
        "{} pays {cost} Essence for a power ({}): {} temporary, {} its own; it holds {} temporary and {} Essence",
        c.name,
        <&str>::from(power),
        paid.from_temporary,
        paid.from_own,
        paid.temporary_after,
        paid.essence_after
    ));
    Ok(out)
}

/// Document 003, line 58: temporary Essence disappears at the end of each scene or hour;
/// a covert rote empowers a being once a scene, so a new scene lets it again.
pub(super) fn fades(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let scene = act.inputs.choice("ends")?.unwrap_or("scene") == "scene";
    let mut out = Outcome::default();
    out.lines.push(format!("The {} is over: temporary Essence disappears", if scene { "scene" } else { "hour" }));
    let mut lost = 0;
    for c in s.combatants.iter_mut().filter(|c| ephemeral(c)) {
        let had = c.value("temporary-essence");
        if had > 0 {
            c.set("temporary-essence", 0);
            lost += 1;
            out.lines.push(format!("{} loses {had} temporary Essence", c.name));
        }
        if scene && c.value("covert-rote-used") > 0 {
            c.set("covert-rote-used", 0);
            out.lines.push(format!("A covert rote may empower {} again this scene", c.name));
        }
    }
    if lost == 0 {
        out.lines.push("No being held temporary Essence".into());
    }
    Ok(out)
}
