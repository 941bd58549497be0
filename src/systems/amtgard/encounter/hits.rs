//! Hits on a player (with their Special Effect), ordinary damage, and healing wounds.

use super::super::rules::{
    hit, resistance_in, Effect, Hit, HitResult, Resistance, School, ShieldState, Struck, C_IMMUNE, R_RESISTANT,
    R_TRAITS,
};
use super::board::*;
use crate::encounters::{Act, Combatant, Outcome};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

/// States that keep combat from affecting the player at all.
const UNTOUCHABLE: [&str; 3] = ["frozen", "insubstantial", "invulnerable"];

pub(super) static HIT_PARAMS: &[Param] = &[
    Param {
        name: "location",
        help: "The hit location struck (for a hit on the player rather than a shield or weapon).",
        kind: ParamKind::Choice { options: LOCATION_NAMES },
        required: false,
        default: None,
    },
    Param {
        name: "effect",
        help: "The Special Effect the hit carries, if any.",
        kind: ParamKind::Choice { options: <Effect as strum::VariantNames>::VARIANTS },
        required: false,
        default: Some("none"),
    },
    Param {
        name: "struck",
        help: "What the hit landed on: the player (a location), their shield or their weapon.",
        kind: ParamKind::Choice { options: &["location", "shield", "weapon"] },
        required: false,
        default: Some("location"),
    },
    Param {
        name: "school",
        help: "The School of the ability or Magic Ball that struck, if any (a weapon has none): a player Immune to it is not affected, though their armour, shield and weapon are.",
        kind: ParamKind::Choice { options: <School as strum::VariantNames>::VARIANTS },
        required: false,
        default: None,
    },
    Param {
        name: "immune-to-death",
        help: "The player is Immune to the Death School for this hit (Wounds Kill is a Death effect); an Immunity recorded with trait-state, or a Cursed player's to Spirit, counts without it.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    super::casters::BY,
];

pub(super) fn hit_action(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let effect = Effect::parse(act.inputs.choice("effect")?.unwrap_or("none"))?;
    let struck = Struck::parse(act.inputs.choice("struck")?.unwrap_or("location"))?;
    let loc = act.inputs.choice("location")?;
    let school = act.inputs.choice("school")?.map(School::parse).transpose()?;
    hit_on(c, loc, effect, struck, school, act.inputs.flag("immune-to-death"))
}

/// The State that keeps combat off the player, if any.
pub(super) fn untouchable(c: &Combatant) -> Option<&'static str> {
    UNTOUCHABLE.iter().copied().find(|s| c.has(s))
}

pub(super) fn hit_on(
    c: &mut Combatant,
    loc: Option<&str>,
    effect: Effect,
    struck: Struck,
    school: Option<School>,
    immune_flag: bool,
) -> Result<Outcome> {
    let loc = check_hit(c, loc, struck)?;
    let immune = immunities(c);
    let immune_to_death = immune_flag || immune.contains(&School::Death);
    // The values are bounded where they are set, so they go to the calculator as they
    // are: it refuses anything out of range rather than the board clamping it.
    let armor = loc.map_or(0, |l| c.value(&armor_key(l)));
    let result = hit(Hit {
        effect,
        struck,
        armor,
        shield_hits: c.value("shield-hits"),
        fragile: c.has("fragile"),
        immune_to_death,
        resistant: resistance(c, Resistance::Wounds).is_some(),
        protected: None,
        source: school,
        immune_to_source: school.is_some_and(|s| immune.contains(&s)),
        resistant_to_source: school.is_some_and(|s| resistance(c, Resistance::School(s)).is_some()),
    })?;
    let mut out = Outcome { lines: Vec::new(), terms: result.terms.clone() };
    let what = match loc {
        Some(l) => label(l).to_lowercase(),
        None if struck == Struck::Shield => "shield".to_string(),
        None => "weapon".to_string(),
    };
    let from = school.map(|s| format!(", {} School", s.name())).unwrap_or_default();
    out.lines.push(format!("{} is hit ({}{from}) on the {what}", c.name, effect.name()));
    equipment(c, loc, armor, struck, effect, &result, &mut out);
    if let Some(s) = school.filter(|s| loc.is_some() && immune.contains(s)) {
        out.lines.push(format!(
            "{} is Immune to {}: the hit does not affect them (their armour aside)",
            c.name,
            s.name()
        ));
    }
    if let Some(s) = school.filter(|_| result.resisted_source) {
        spend_resistance(c, Resistance::School(s), "is not affected by the hit", &mut out);
        return Ok(out);
    }
    if result.resisted {
        spend_resistance(c, Resistance::Wounds, "does not receive the wound", &mut out);
        return Ok(out);
    }
    let Some(l) = loc.filter(|_| result.wounded) else { return Ok(out) };
    if effect == Effect::WoundsKill && immune_to_death && !result.killed {
        out.lines.push(format!("{} is Immune to Death: Wounds Kill (a Death effect) does not kill them", c.name));
    }
    wound(c, l, result.killed, &mut out)?;
    Ok(out)
}

/// What keeps the hit from counting (a dead or untouchable player, a shield not there
/// or destroyed), and the location struck, which a hit on the player needs.
fn check_hit<'a>(c: &Combatant, loc: Option<&'a str>, struck: Struck) -> Result<Option<&'a str>> {
    if dead(c) {
        return Err(Error::InvalidInput(format!("{} is dead: a hit on them counts for nothing", c.name)));
    }
    if let Some(state) = untouchable(c) {
        return Err(Error::InvalidInput(format!(
            "{} is {}: combat does not affect them, so the hit changes nothing",
            c.name,
            crate::rules::key_label(state)
        )));
    }
    let loc = match (struck, loc) {
        (Struck::Location, Some(l)) => Some(l),
        (Struck::Location, None) => {
            return Err(Error::InvalidInput(format!(
                "a hit on the player needs its --location ({})",
                LOCATION_NAMES.join(", ")
            )))
        }
        _ => None,
    };
    if struck == Struck::Shield && !has_shield(c) {
        return Err(Error::InvalidInput(format!(
            "{} has no shield to hit (give them one with `set {} shield 1`)",
            c.name, c.name
        )));
    }
    if struck == Struck::Shield && c.value("shield-destroyed") > 0 {
        return Err(Error::InvalidInput(format!(
            "{}'s shield is already destroyed{}",
            c.name,
            super::mend::SHIELD_BACK
        )));
    }
    Ok(loc)
}

/// What the hit did to the armour, shield and weapon, on the board and in words.
fn equipment(
    c: &mut Combatant,
    loc: Option<&str>,
    armor: i64,
    struck: Struck,
    effect: Effect,
    result: &HitResult,
    out: &mut Outcome,
) {
    if let Some(l) = loc {
        if result.armor_after != armor {
            c.set(&armor_key(l), result.armor_after);
            out.lines.push(format!("{} armour: {armor} → {}", label(l), result.armor_after));
        }
    }
    if result.shield_hits_after != c.value("shield-hits") {
        c.set("shield-hits", result.shield_hits_after);
    }
    match result.shield {
        ShieldState::Destroyed => {
            c.set("shield-destroyed", 1);
            out.lines.push(format!("{}'s shield is destroyed", c.name));
        }
        ShieldState::Damaged if struck == Struck::Shield && effect == Effect::ShieldCrushing => {
            out.lines.push(format!("{}'s shield is damaged ({} of 3 crushing hits)", c.name, result.shield_hits_after));
        }
        _ => {}
    }
    if result.weapon_destroyed {
        c.set("weapon-destroyed", c.value("weapon-destroyed") + 1);
        out.lines.push(format!("{}'s weapon is destroyed", c.name));
    }
}

/// Where the player's Resistance to `what` comes from: a Trait State not yet spent
/// this life (Traits go first, line 23), else a State.
enum Source {
    Trait(usize),
    State(usize),
}

/// How a Trait's Resistance is spent.
pub(super) const TRAIT_RESISTANCE: &str = "Interpretation: a Resistance from a Trait stops one effect, as any \
                                           Resistance does (line 128), and, as Traits persist after respawn (line \
                                           157), comes back with the next life";

/// The player's Resistance to `what` still to spend, if any.
fn resistance(c: &Combatant, what: Resistance) -> Option<Source> {
    let of = |name: &str| resistance_in(name) == Some(what);
    c.marks
        .iter()
        .position(|m| m.list == TRAIT_STATES && !m.flagged("spent") && of(&m.name))
        .map(Source::Trait)
        .or_else(|| c.conditions.iter().position(|x| of(&x.name)).map(Source::State))
}

/// Spends the Resistance that kept `what` off (`did`: what it spared the player).
fn spend_resistance(c: &mut Combatant, what: Resistance, did: &str, out: &mut Outcome) {
    match resistance(c, what) {
        Some(Source::Trait(i)) => {
            c.marks[i].flags.push("spent".into());
            let name = c.marks[i].name.clone();
            out.lines.push(format!("{} is {name} (a Trait) and {did}: spent until the next life", c.name));
            out.terms.push(Term::text(format!("{name} (Trait)"), "spent this life", Some(R_RESISTANT)));
            out.terms.push(Term::text("A Trait's Resistance", TRAIT_RESISTANCE, Some(R_TRAITS)));
        }
        Some(Source::State(i)) => {
            let gone = c.conditions.remove(i);
            out.lines.push(format!("{} is {} and {did} ({} is used up)", c.name, gone.name, gone.name));
        }
        None => {}
    }
}

/// A wound at `l`, and the death it brings (`killed`: the hit kills outright).
fn wound(c: &mut Combatant, l: &str, killed: bool, out: &mut Outcome) -> Result<()> {
    let again = c.value(&wound_key(l)) > 0;
    c.set(&wound_key(l), 1);
    out.lines.push(format!("{} is wounded in the {}", c.name, label(l).to_lowercase()));
    let killed_by = if killed {
        Some("the hit kills (Wounds Kill, or the player was Fragile)".to_string())
    } else {
        wound_kills(c, l, again)
    };
    if let Some(why) = killed_by {
        out.lines.push(format!("{}: {why}", c.name));
        let o = super::life::die(c, false)?;
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
    }
    Ok(())
}

/// Why a wound just taken at `loc` kills, if it does: on the torso, on a limb already
/// wounded (`again`), or as the second wounded limb.
pub(super) fn wound_kills(c: &Combatant, loc: &str, again: bool) -> Option<String> {
    const CORE: &str = "Interpretation: Amtgard's core rule, not in this document";
    let limbs = LOCATION_NAMES.iter().filter(|x| is_limb(x) && c.value(&wound_key(x)) > 0).count();
    if !is_limb(loc) {
        Some(format!("a wound to the torso kills ({CORE})"))
    } else if again {
        Some(format!("a wound to a limb already wounded kills ({CORE})"))
    } else if limbs >= 2 {
        Some(format!("a second wounded limb kills ({CORE})"))
    } else {
        None
    }
}

pub(super) fn damage(c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
    let loc = kind.map(|k| k.trim().to_ascii_lowercase().replace([' ', '_'], "-")).ok_or_else(|| {
        Error::InvalidInput(format!("Amtgard damage is hits on a location: say where ({})", LOCATION_NAMES.join(", ")))
    })?;
    let loc = LOCATION_NAMES.iter().copied().find(|l| *l == loc).ok_or_else(|| Error::NotFound {
        what: "hit location",
        id: loc.clone(),
        suggestions: LOCATION_NAMES.iter().map(|l| l.to_string()).collect(),
    })?;
    if !(1..=MAX_HITS).contains(&amount) {
        return Err(Error::InvalidInput(format!("Amtgard damage is 1 to {MAX_HITS} hits at a time, not {amount}")));
    }
    let mut out = Outcome::default();
    for _ in 0..amount {
        // A player who dies, or avoids death and is Frozen, takes no more of the hits.
        if dead(c) || untouchable(c).is_some() {
            break;
        }
        let o = hit_on(c, Some(loc), Effect::None, Struck::Location, None, false)?;
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
    }
    Ok(out)
}

/// What stops any healing: death, and a State that no ability reaches.
pub(super) fn heal_checks(c: &Combatant) -> Result<()> {
    if dead(c) {
        return Err(Error::InvalidInput(format!("{} is dead: a dead player respawns rather than heals", c.name)));
    }
    if let Some(state) = untouchable(c) {
        return Err(Error::InvalidInput(format!(
            "{} is {}: abilities do not affect them, so the healing changes nothing",
            c.name,
            crate::rules::key_label(state)
        )));
    }
    Ok(())
}

pub(super) static HEAL_PARAMS: &[Param] = &[
    Param {
        name: "school",
        help: "The School of the healing ability: a player Immune to it is not healed.",
        kind: ParamKind::Choice { options: <School as strum::VariantNames>::VARIANTS },
        required: true,
        default: None,
    },
    Param {
        name: "amount",
        help: "How many wounded locations it heals (limbs first, in the sheet's order).",
        kind: ParamKind::Int { min: 1, max: LOCATION_NAMES.len() as i64 },
        required: false,
        default: Some("1"),
    },
    super::casters::BY,
];

/// Wounds healed by an ability of a School, which an Immunity to it stops (line 178).
pub(super) fn heal_action(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    heal_checks(c)?;
    let school = School::parse(act.inputs.choice("school")?.unwrap_or_default())?;
    if immunities(c).contains(&school) {
        return Err(Error::InvalidInput(format!(
            "{} is Immune to {}: healing from an ability of that School does not take hold",
            c.name,
            school.name()
        )));
    }
    let amount = act.inputs.opt_int("amount")?.unwrap_or(1);
    let mut out = heal(c, amount)?;
    out.terms.push(Term::text(format!("{} School", school.name()), "the player is not Immune to it", Some(C_IMMUNE)));
    Ok(out)
}

/// Heals `amount` wounded locations, limbs first (after [`heal_checks`]).
pub(super) fn heal(c: &mut Combatant, amount: i64) -> Result<Outcome> {
    let wounded: Vec<&str> = LOCATION_NAMES.iter().copied().filter(|l| c.value(&wound_key(l)) > 0).collect();
    if wounded.is_empty() {
        return Err(Error::InvalidInput(format!("{} has no wound to heal", c.name)));
    }
    let healed: Vec<&str> = wounded.into_iter().take(amount.max(0) as usize).collect();
    for l in &healed {
        c.set(&wound_key(l), 0);
    }
    let names: Vec<String> = healed.iter().map(|l| label(l).to_lowercase()).collect();
    Ok(Outcome::line(format!("{}'s wound healed: {}", c.name, names.join(", "))))
}
