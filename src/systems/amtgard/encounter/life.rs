//! Death, and the ways back: respawn, a return to life, and the enchantments that let
//! a killed player avoid death (Phoenix Tears, Troll Blood).

use std::collections::BTreeMap;

use super::super::rules::{
    aftermath, avoid_death as avoided, parse_states, Aftermath, Bearer, Enchantment, EnchantmentKind, LifeEvent,
    School, Ward, C_FROZEN, C_IMMUNE, R_ENCHANTMENTS,
};
use super::board::*;
use super::enchant::settle_magic_armor;
use crate::encounters::{Act, ActiveCondition, Combatant, Duration, Mark, Outcome};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

/// The list holding a player's avoided death until the Frozen it brought ends (then
/// every wound goes).
pub(super) const DEATH_AVOIDED: &str = "death-avoided";

pub(super) static DIE_PARAMS: &[Param] = &[
    Param {
        name: "voluntary",
        help: "The player takes the death of their own will: every enchantment they carry goes. Interpretation: open to an Insubstantial or Invulnerable player (not combat nor an ability), not to a Frozen one (no action at all); any other death of a player in those States is refused.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "school",
        help: "The School of the ability that kills (a Wounds Kill weapon is Death): a player Immune to it (a Trait State, or Cursed for Spirit) is not killed by it. Left out: a death no School is named for, such as from wounds.",
        kind: ParamKind::Choice { options: <School as strum::VariantNames>::VARIANTS },
        required: false,
        default: None,
    },
];

/// The `die` action: an ability's School is checked against the player's Immunities
/// first (line 178: an Immune player is not affected by that School's abilities).
pub(super) fn die_action(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let voluntary = act.inputs.flag("voluntary");
    // Lines 176, 188, 194: these States keep combat and abilities off the player.
    // Interpretation: a death of one's own will is neither, so it stays open to an
    // Insubstantial or Invulnerable player; a Frozen one can take no action at all.
    if let Some(state) = super::hits::untouchable(c).filter(|s| !voluntary || *s == "frozen") {
        let mut name = state.to_string();
        name[..1].make_ascii_uppercase();
        return Err(Error::InvalidInput(format!(
            "{} is {name}: combat and abilities do not affect them, so they do not die (end the State first)",
            c.name
        )));
    }
    if let Some(school) = act.inputs.choice("school")?.map(School::parse).transpose()? {
        if voluntary {
            return Err(Error::InvalidInput(
                "--school names the ability that kills; a death taken of one's own will has none: leave one out".into(),
            ));
        }
        if immunities(c).contains(&school) {
            let why = if c.has("cursed") && school == School::Spirit { " (Cursed)" } else { "" };
            return Err(Error::InvalidInput(format!(
                "{} is Immune to {}{why}: an ability of that School does not kill them, so they stay alive",
                c.name,
                school.name()
            )));
        }
        let mut out = die(c, false)?;
        out.terms.push(Term::text(
            format!("{} School", school.name()),
            "the player is not Immune to it",
            Some(C_IMMUNE),
        ));
        return Ok(out);
    }
    die(c, voluntary)
}

pub(super) static RETURN_PARAMS: &[Param] = &[
    Param {
        name: "school",
        help: "The School of the ability that brings the player back: one Immune to it (a Cursed player to Spirit) cannot be brought back by it. Interpretation: Spirit unless given, the School of abilities about injury and death.",
        kind: ParamKind::Choice { options: <School as strum::VariantNames>::VARIANTS },
        required: false,
        default: Some("spirit"),
    },
    Param {
        name: "removes-enchantments",
        help: "The returning ability removes the player's enchantments (otherwise they work again).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn die(c: &mut Combatant, voluntary: bool) -> Result<Outcome> {
    if dead(c) {
        return Err(Error::InvalidInput(format!("{} is already dead", c.name)));
    }
    if !voluntary {
        if let Some(out) = avoid_death(c)? {
            return Ok(out);
        }
    }
    c.set("dead", 1);
    c.set("deaths", c.value("deaths") + 1);
    // Wounds are a respawn's business now, not the end of an avoided death's Frozen.
    c.marks.retain(|m| m.list != DEATH_AVOIDED);
    let mut out =
        Outcome::line(format!("{} dies ({} of {} left)", c.name, plural(lives_left(c), "life"), c.stat("lives")));
    out.terms.push(Term::num("Deaths", c.value("deaths"), None));
    // What death removes is the death calculator's to say.
    let event = if voluntary { LifeEvent::VoluntaryDeath } else { LifeEvent::Death };
    let a = aftermath(event, &bearer(c))?;
    drop_states(c, &a, &mut out, "Death");
    if c.has("cursed") {
        out.lines.push(format!("{} stays Cursed through death", c.name));
    }
    let traits: Vec<&str> = c.marks(TRAIT_STATES).map(|m| m.name.as_str()).collect();
    if !traits.is_empty() {
        out.lines.push(format!("{} keeps the States from Traits: {}", c.name, traits.join(", ")));
    }
    if !a.removed_enchantments.is_empty() {
        c.marks.retain(|m| !(m.list == ENCHANTMENTS && a.removed_enchantments.contains(&m.name)));
        out.lines.push(format!(
            "A death taken of one's own will removes every enchantment: {} gone",
            a.removed_enchantments.join(", ")
        ));
        settle_magic_armor(c, &mut out)?;
    }
    if !a.inactive.is_empty() {
        for m in c.marks.iter_mut().filter(|m| m.list == ENCHANTMENTS && !m.flagged("inactive")) {
            m.flags.push("inactive".into());
        }
        out.lines.push(format!(
            "{}'s enchantments stay on but go inactive until a respawn or a return to life: {}",
            c.name,
            a.inactive.join(", ")
        ));
    }
    out.terms.extend(a.terms);
    if lives_left(c) == 0 {
        out.lines.push(format!("{} has no lives left: out of the game", c.name));
    }
    Ok(out)
}

pub(super) fn respawn(c: &mut Combatant) -> Result<Outcome> {
    if !dead(c) {
        return Err(Error::InvalidInput(format!("{} is alive: only a dead player respawns", c.name)));
    }
    if lives_left(c) == 0 {
        return Err(Error::InvalidInput(format!(
            "{} has died {} and had {}: no life left to respawn on",
            c.name,
            plural(c.value("deaths"), "time"),
            plural(c.stat("lives"), "life")
        )));
    }
    c.set("dead", 0);
    let mut out = Outcome::line(format!("{} respawns ({} of {} left)", c.name, lives_left(c), c.stat("lives")));
    let a = aftermath(LifeEvent::Respawn, &bearer(c))?;
    drop_states(c, &a, &mut out, "Respawning");
    if c.marks(TRAIT_STATES).next().is_some() {
        let traits: Vec<&str> = c.marks(TRAIT_STATES).map(|m| m.name.as_str()).collect();
        out.lines.push(format!("{} keeps the States from Traits: {}", c.name, traits.join(", ")));
        // A Trait's Resistance spent last life is there again (hits.rs).
        for m in c.marks.iter_mut().filter(|m| m.list == TRAIT_STATES) {
            m.flags.retain(|f| f != "spent");
        }
    }
    out.lines.extend(super::uses::new_life(c));
    let wounds: Vec<&str> = LOCATION_NAMES.iter().copied().filter(|l| c.value(&wound_key(l)) > 0).collect();
    for l in &wounds {
        c.set(&wound_key(l), 0);
    }
    if !wounds.is_empty() {
        out.lines.push(format!("{}'s wounds are gone", c.name));
    }
    if !a.removed_enchantments.is_empty() {
        c.marks.retain(|m| !(m.list == ENCHANTMENTS && a.removed_enchantments.contains(&m.name)));
        out.lines.push(format!(
            "Respawning removes enchantments that are not Persistent: {}",
            a.removed_enchantments.join(", ")
        ));
    }
    if !a.active.is_empty() {
        for m in c.marks.iter_mut().filter(|m| m.list == ENCHANTMENTS) {
            m.flags.retain(|f| f != "inactive");
        }
        out.lines.push(format!("Persistent enchantments work again: {}", a.active.join(", ")));
    }
    out.terms.extend(a.terms);
    let said = out.lines.len();
    settle_magic_armor(c, &mut out)?;
    // Said only of a player with armour: what Magic Armor lost with its enchantment is
    // not put back either.
    let armoured = LOCATION_NAMES.iter().any(|l| c.stat(&format!("worn-{l}")) > 0 || c.value(&armor_key(l)) > 0);
    if armoured {
        let what = if out.lines.len() > said { "Otherwise the armour" } else { "Armour" };
        out.lines.push(format!(
            "{what} stays as it was (Interpretation: the document does not say a respawn refits it; `set` it if your game does)"
        ));
    }
    Ok(out)
}

/// The player as the death calculator takes them: the States it knows by name, Trait
/// States and enchantments.
fn bearer(c: &Combatant) -> Bearer {
    Bearer {
        states: c.conditions.iter().filter_map(|x| parse_states(&x.name).ok()?.first().copied()).collect(),
        trait_states: c.marks(TRAIT_STATES).map(|m| m.name.clone()).collect(),
        enchantments: c
            .marks(ENCHANTMENTS)
            .map(|m| Enchantment {
                kind: if m.flagged("magical") { EnchantmentKind::Magical } else { EnchantmentKind::Extraordinary },
                name: m.name.clone(),
            })
            .collect(),
        persistent: c.marks(ENCHANTMENTS).filter(|m| m.flagged("persistent")).map(|m| m.name.clone()).collect(),
        inherent: Vec::new(),
        return_removes: false,
    }
}

/// Takes off the player the States the calculator removed; a State it does not know by
/// name goes as the others of its kind do (all but Cursed).
fn drop_states(c: &mut Combatant, a: &Aftermath, out: &mut Outcome, why: &str) {
    let removed = |x: &ActiveCondition| match parse_states(&x.name).ok().and_then(|s| s.first().copied()) {
        Some(s) => a.removed_states.iter().any(|r| r == s.name()),
        None => !x.matches("cursed"),
    };
    let (gone, kept): (Vec<ActiveCondition>, Vec<ActiveCondition>) =
        std::mem::take(&mut c.conditions).into_iter().partition(|x| removed(x));
    c.conditions = kept;
    let (ongoing, states): (Vec<&ActiveCondition>, Vec<&ActiveCondition>) =
        gone.iter().partition(|x| super::ongoing::is_ongoing(x));
    for (list, what) in [(states, "States"), (ongoing, "Ongoing Effects (line 166)")] {
        if !list.is_empty() {
            let names: Vec<&str> = list.iter().map(|x| x.name.as_str()).collect();
            out.lines.push(format!("{why} clears {}'s {what}: {} removed", c.name, names.join(", ")));
        }
    }
}

/// The death-avoiding enchantments the player wears go off instead of death, or `None`
/// when there are none (or they are inactive).
fn avoid_death(c: &mut Combatant) -> Result<Option<Outcome>> {
    let wards: Vec<Ward> = c
        .marks(ENCHANTMENTS)
        .filter(|m| m.flagged("avoids-death") && !m.flagged("inactive"))
        .map(|m| Ward { name: m.name.clone(), strips: m.number("strips") })
        .collect();
    let Some(a) = avoided(&wards)? else { return Ok(None) };
    let names: Vec<&str> = wards.iter().map(|w| w.name.as_str()).collect();
    let mut out = Outcome {
        lines: vec![format!(
            "{} would die, but {} {} off instead: the killing effect is ignored, and {} is Frozen for {} s",
            c.name,
            names.join(" and "),
            if names.len() > 1 { "go" } else { "goes" },
            c.name,
            a.frozen_seconds
        )],
        terms: a.terms.clone(),
    };
    for w in &a.wards {
        if w.strips == 0 {
            c.marks.retain(|m| !(m.list == ENCHANTMENTS && m.name == w.name));
            out.lines.push(format!("{}'s last strip is gone: {} is removed (the Frozen stays)", w.name, w.name));
        } else if let Some(m) = c.marks.iter_mut().find(|m| m.list == ENCHANTMENTS && m.name == w.name) {
            m.numbers.insert("strips".into(), w.strips);
            out.lines.push(format!("{} loses a strip ({} left)", w.name, w.strips));
        }
    }
    // A ward that also granted Magic Armor takes it along as it goes.
    settle_magic_armor(c, &mut out)?;
    let after = aftermath(LifeEvent::DeathAvoided, &bearer(c))?;
    drop_states(c, &after, &mut out, "Avoiding death");
    c.conditions.push(ActiveCondition {
        id: Some(C_FROZEN.into()),
        name: "Frozen".into(),
        duration: Duration::Seconds { seconds: a.frozen_seconds },
        remaining: None,
        // Dated when the change ends (`after_change`), which knows the time.
        expires_at: None,
    });
    c.marks.retain(|m| m.list != DEATH_AVOIDED);
    c.marks.push(Mark {
        list: DEATH_AVOIDED.into(),
        name: names.join(" and "),
        id: None,
        flags: Vec::new(),
        numbers: BTreeMap::new(),
    });
    out.lines.push(format!("When {}'s Frozen ends, every wound goes", c.name));
    Ok(Some(out))
}

/// A dead player brought back to life by an ability (not a respawn).
pub(super) fn return_to_life(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    if !dead(c) {
        return Err(Error::InvalidInput(format!("{} is alive: only a dead player is returned to life", c.name)));
    }
    let school = School::parse(act.inputs.choice("school")?.unwrap_or("spirit"))?;
    if immunities(c).contains(&school) {
        let why = if c.has("cursed") && school == School::Spirit { " (Cursed)" } else { "" };
        return Err(Error::InvalidInput(format!(
            "{} is Immune to {}{why}: an ability of that School cannot return them to life",
            c.name,
            school.name()
        )));
    }
    let removes = act.inputs.flag("removes-enchantments");
    let a = aftermath(LifeEvent::ReturnToLife, &Bearer { return_removes: removes, ..bearer(c) })?;
    c.set("dead", 0);
    c.set("deaths", (c.value("deaths") - 1).max(0));
    let mut out = Outcome {
        lines: vec![format!(
            "{} is returned to life by a {} ability ({} of {} left)",
            c.name,
            school.name(),
            plural(lives_left(c), "life"),
            c.stat("lives")
        )],
        terms: a.terms,
    };
    out.lines.push(
        "Interpretation: a return to life spends no life (the death is taken off the count) and removes the wounds; the document says only what it does to enchantments".into(),
    );
    out.terms.push(Term::text(
        "Return to life",
        "enchantments kept and working unless the ability removes them",
        Some(R_ENCHANTMENTS),
    ));
    if !a.removed_enchantments.is_empty() {
        c.marks.retain(|m| !(m.list == ENCHANTMENTS && a.removed_enchantments.contains(&m.name)));
        out.lines.push(format!("The returning ability removes {}", a.removed_enchantments.join(", ")));
    }
    if !a.active.is_empty() {
        for m in c.marks.iter_mut().filter(|m| m.list == ENCHANTMENTS) {
            m.flags.retain(|f| f != "inactive");
        }
        out.lines.push(format!("{}'s enchantments work again: {}", c.name, a.active.join(", ")));
    }
    for l in LOCATION_NAMES {
        c.set(&wound_key(l), 0);
    }
    settle_magic_armor(c, &mut out)?;
    Ok(out)
}

/// Whether an avoided death's Frozen has ended, with its wounds still to remove.
pub(super) fn frozen_over(c: &Combatant) -> bool {
    !c.has("frozen") && c.marks(DEATH_AVOIDED).next().is_some()
}

/// Once the Frozen an avoided death brought has ended (by time, by Release or by hand),
/// every wound goes.
pub(super) fn after_frozen(c: &mut Combatant) -> Option<String> {
    if !frozen_over(c) {
        return None;
    }
    let from: Vec<String> = c.marks(DEATH_AVOIDED).map(|m| m.name.clone()).collect();
    c.marks.retain(|m| m.list != DEATH_AVOIDED);
    let wounds: Vec<&str> = LOCATION_NAMES.iter().copied().filter(|l| c.value(&wound_key(l)) > 0).collect();
    for l in &wounds {
        c.set(&wound_key(l), 0);
    }
    Some(if wounds.is_empty() {
        format!("{}'s Frozen from {} has ended; no wound to remove", c.name, from.join(", "))
    } else {
        format!("{}'s Frozen from {} has ended: every wound is removed", c.name, from.join(", "))
    })
}
