//! Death and respawn: what each removes.

use super::super::rules::{R_ENCHANTMENTS, R_STATES, R_TRAITS};
use super::board::*;
use super::enchant::settle_magic_armor;
use crate::encounters::{ActiveCondition, Combatant, Mark, Outcome};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};

pub(super) static DIE_PARAMS: &[Param] = &[Param {
    name: "voluntary",
    help: "The player takes the death of their own will: every enchantment they carry goes.",
    kind: ParamKind::Flag,
    required: false,
    default: None,
}];

pub(super) fn die(c: &mut Combatant, voluntary: bool) -> Result<Outcome> {
    if dead(c) {
        return Err(Error::InvalidInput(format!("{} is already dead", c.name)));
    }
    c.set("dead", 1);
    c.set("deaths", c.value("deaths") + 1);
    let mut out = Outcome::line(format!(
        "{} dies ({} of {} left)",
        c.name,
        plural(lives_left(c), "life").replace("lifes", "lives"),
        c.stat("lives")
    ));
    out.terms.push(Term::num("Deaths", c.value("deaths"), None));
    let (kept, gone): (Vec<ActiveCondition>, Vec<ActiveCondition>) =
        std::mem::take(&mut c.conditions).into_iter().partition(|x| x.matches("cursed"));
    c.conditions = kept;
    if !gone.is_empty() {
        let names: Vec<&str> = gone.iter().map(|x| x.name.as_str()).collect();
        out.lines.push(format!(
            "Death clears {}'s States but Cursed and Trait States: {} removed",
            c.name,
            names.join(", ")
        ));
        out.terms.push(Term::text("States on death", "removed, Cursed and Trait States aside", Some(R_STATES)));
    }
    if c.has("cursed") {
        out.lines.push(format!("{} stays Cursed through death", c.name));
    }
    let traits: Vec<&str> = c.marks(TRAIT_STATES).map(|m| m.name.as_str()).collect();
    if !traits.is_empty() {
        out.lines.push(format!("{} keeps the States from Traits: {}", c.name, traits.join(", ")));
        out.terms.push(Term::text("Trait States on death", "kept", Some(R_TRAITS)));
    }
    let enchantments: Vec<String> = c.marks(ENCHANTMENTS).map(|m| m.name.clone()).collect();
    if !enchantments.is_empty() {
        if voluntary {
            c.marks.retain(|m| m.list != ENCHANTMENTS);
            out.lines.push(format!(
                "A death taken of one's own will removes every enchantment: {} gone",
                enchantments.join(", ")
            ));
            out.terms.push(Term::text("Voluntary death", "all enchantments removed", Some(R_ENCHANTMENTS)));
        } else {
            for m in c.marks.iter_mut().filter(|m| m.list == ENCHANTMENTS && !m.flagged("inactive")) {
                m.flags.push("inactive".into());
            }
            out.lines.push(format!(
                "{}'s enchantments stay on but go inactive until a respawn or a return to life: {}",
                c.name,
                enchantments.join(", ")
            ));
            out.terms.push(Term::text("Enchantments on death", "kept, inactive", Some(R_ENCHANTMENTS)));
        }
    }
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
            "{} has died {} times and had {}: no life left to respawn on",
            c.name,
            c.value("deaths"),
            plural(c.stat("lives"), "life").replace("lifes", "lives")
        )));
    }
    c.set("dead", 0);
    let mut out = Outcome::line(format!("{} respawns ({} of {} left)", c.name, lives_left(c), c.stat("lives")));
    let states: Vec<String> = c.conditions.drain(..).map(|x| x.name).collect();
    if !states.is_empty() {
        out.lines.push(format!("Respawning clears {}: {} removed", c.name, states.join(", ")));
        out.terms.push(Term::text("States on respawn", "removed, Cursed too", Some(R_STATES)));
    }
    if c.marks(TRAIT_STATES).next().is_some() {
        let traits: Vec<&str> = c.marks(TRAIT_STATES).map(|m| m.name.as_str()).collect();
        out.lines.push(format!("{} keeps the States from Traits: {}", c.name, traits.join(", ")));
        out.terms.push(Term::text("Trait States on respawn", "kept", Some(R_TRAITS)));
    }
    let wounds: Vec<&str> = LOCATION_NAMES.iter().copied().filter(|l| c.value(&wound_key(l)) > 0).collect();
    for l in &wounds {
        c.set(&wound_key(l), 0);
    }
    if !wounds.is_empty() {
        out.lines.push(format!("{}'s wounds are gone", c.name));
    }
    let (kept, gone): (Vec<Mark>, Vec<Mark>) =
        std::mem::take(&mut c.marks).into_iter().partition(|m| m.list != ENCHANTMENTS || m.flagged("persistent"));
    c.marks = kept;
    for m in c.marks.iter_mut().filter(|m| m.list == ENCHANTMENTS) {
        m.flags.retain(|f| f != "inactive");
    }
    if !gone.is_empty() {
        let names: Vec<&str> = gone.iter().map(|m| m.name.as_str()).collect();
        out.lines.push(format!("Respawning removes enchantments that are not Persistent: {}", names.join(", ")));
        out.terms.push(Term::text("Enchantments on respawn", "removed unless Persistent", Some(R_ENCHANTMENTS)));
    }
    if c.marks(ENCHANTMENTS).next().is_some() {
        let names: Vec<&str> = c.marks(ENCHANTMENTS).map(|m| m.name.as_str()).collect();
        out.lines.push(format!("Persistent enchantments work again: {}", names.join(", ")));
    }
    settle_magic_armor(c, &mut out)?;
    out.lines.push(
        "Armour stays as it was (interpretation: the document does not say a respawn refits it; `set` it if your game does)"
            .into(),
    );
    Ok(out)
}
