//! Damage and healing: through the target's protections to Shield HP and HP, Bloodied,
//! the Death Points damage brings, and the knock-out of nonlethal damage.

use super::conditions::effects;
use super::conditions::{gain_condition, lose_condition, C_DAZED, C_STUNNED, C_UNCONSCIOUS};
use super::dying::{at_zero, fate, gain, hit_at_zero, Fate};
use crate::encounters::{Combatant, Outcome};
use crate::error::Result;
use crate::rules::Term;
use crate::systems::mythcraft::rules::{
    apply_damage, bloodied, hp_after, knockout_recovery_hp, Attack, DamageType, Daze, DeathEvent, Defenses, R_SHIELD,
};

const R_KNOCKING_OUT: &str = "mythcraft/rule/knocking-unconscious";
const C_HELPLESS: &str = "mythcraft/condition/helpless";

pub(super) fn defenses(c: &Combatant) -> Defenses {
    let mut d = Defenses { dr: c.stat("dr"), dt: c.stat("dt"), shield_hp: c.value("shield-hp"), ..Defenses::default() };
    for t in DamageType::all() {
        let word = t.label().to_lowercase();
        let stat = |prefix: &str| c.stat(&format!("{prefix}-{word}"));
        if stat("immune") > 0 {
            d.immune.push(t);
        }
        if stat("affinity") > 0 {
            d.affinity.push(t);
        }
        if stat("resist") > 0 {
            d.resist.push((t, stat("resist")));
        }
        if stat("vulnerable") > 0 {
            d.vulnerable.push((t, stat("vulnerable")));
        }
        if stat("dr-except") > 0 {
            d.dr_except.push(word.clone());
        }
    }
    d
}

/// `blunt`, `fire`, …, or `nonlethal` (blunt damage dealt to knock out).
pub(super) fn damage_kind(kind: Option<&str>) -> Result<(DamageType, bool)> {
    match kind.map(str::trim) {
        None => Ok((DamageType::Blunt, false)),
        Some(k) if k.eq_ignore_ascii_case("nonlethal") => Ok((DamageType::Blunt, true)),
        Some(k) => Ok((DamageType::parse(k)?, false)),
    }
}

/// Damage through the target's protections to Shield HP and HP; Bloodied, Death
/// Points, and the knock-out of nonlethal damage.
///
/// A Helpless creature hit by melee damage loses all its HP (line 357).
/// Interpretation: its Shield HP still take the blow first; any melee damage past them
/// takes all its HP.
pub(super) fn hurt(c: &mut Combatant, attack: &Attack, nonlethal: bool, melee: bool) -> Result<Outcome> {
    let mut result = apply_damage(attack, &defenses(c))?;
    let mut out = Outcome { lines: Vec::new(), terms: result.terms };
    if result.hit == Some(false) && result.hp_lost == 0 && result.shield_absorbed == 0 {
        out.lines.push(format!("A miss: {} takes no damage", c.name));
        return Ok(out);
    }
    c.set("shield-hp", result.shield_left);
    if result.shield_absorbed > 0 {
        out.lines.push(format!("Shield HP absorb {} ({} left)", result.shield_absorbed, result.shield_left));
        out.terms.push(Term::num("Shield HP absorb", -result.shield_absorbed, Some(R_SHIELD)));
    }
    let max = c.stat("max-hp").max(1);
    let hp_before = c.value("hp").clamp(0, max);
    if melee && result.hp_lost > 0 && result.hp_lost < hp_before && effects(c).seen.iter().any(|s| s == "helpless") {
        out.lines.push(format!(
            "{} is Helpless: the melee damage takes all its HP (Interpretation: after its Shield HP)",
            c.name
        ));
        out.terms.push(Term::num("Helpless: melee damage takes all HP", result.hp_lost - hp_before, Some(C_HELPLESS)));
        result.hp_lost = hp_before;
    }
    let after = hp_after(hp_before, max, result.hp_lost)?;
    if result.damage_taken > 0 && lose_condition(c, C_UNCONSCIOUS.0) {
        out.lines.push(format!("The damage wakes {}: no longer Unconscious", c.name));
    }
    if nonlethal && after.hp_left == 0 && hp_before > 0 {
        // Knocked out rather than dying: back to 1 HP, and a step down the daze.
        c.set("hp", 1);
        c.set("knocked-out", 1);
        let now = if c.has(C_STUNNED.0) {
            Daze::Stunned
        } else if c.has(C_DAZED.0) {
            Daze::Dazed
        } else {
            Daze::None
        };
        let step = match now.next() {
            Daze::Dazed => C_DAZED,
            Daze::Stunned => C_STUNNED,
            _ => C_UNCONSCIOUS,
        };
        gain_condition(c, step);
        out.lines
            .push(format!("{} loses {} HP to nonlethal damage: back to 1 HP and {}", c.name, result.hp_lost, step.1));
        out.terms.push(Term::text("Nonlethal damage at 0 HP", format!("1 HP, {}", step.1), Some(R_KNOCKING_OUT)));
        return Ok(out);
    }
    c.set("hp", after.hp_left);
    out.terms.extend(after.terms);
    if !result.immune.is_empty() {
        let kinds: Vec<String> = result.immune.iter().map(|k| k.label().to_lowercase()).collect();
        out.lines.push(format!("{} is Immune to {} damage", c.name, kinds.join(" and ")));
    }
    // Said as the HP it had to lose: at 0 HP the damage takes none (it counts for the
    // Death Points below), and past its HP it takes what was left.
    let lost = hp_before - after.hp_left;
    out.lines.push(if hp_before == 0 {
        format!("{} takes {} damage at 0 HP: no HP left to lose (0 of {max})", c.name, result.hp_lost)
    } else if lost < result.hp_lost {
        format!("{} loses its last {lost} HP to {} damage: 0 of {max} left", c.name, result.hp_lost)
    } else {
        format!("{} loses {lost} HP: {} of {max} left", c.name, after.hp_left)
    });
    if after.bloodied && after.hp_left > 0 {
        out.lines.push(format!("{} is Bloodied", c.name));
    }
    if c.value("dead") > 0 {
        return Ok(out);
    }
    if fate(c) != Fate::DeathPoints {
        if hp_before == 0 && result.hp_lost > 0 {
            out = hit_at_zero(c, out);
        } else if after.hp_left == 0 && hp_before > 0 {
            out = at_zero(c, out);
        }
        return Ok(out);
    }
    if after.hp_left == 0 && hp_before > 0 {
        out = at_zero(c, out);
    }
    let mut events = Vec::new();
    if hp_before == 0 && result.hp_lost > 0 {
        events.push(DeathEvent::Hit);
    }
    if after.massive {
        events.push(DeathEvent::Massive);
    }
    if !events.is_empty() {
        out = gain(c, &events, "the damage", out);
    }
    Ok(out)
}

pub(super) fn heal(c: &mut Combatant, amount: i64) -> Result<Outcome> {
    if c.value("dead") > 0 {
        return Ok(Outcome::line(format!("{} is dead: healing changes nothing", c.name)));
    }
    let max = c.stat("max-hp").max(1);
    let (was, _) = bloodied(c.value("hp").clamp(0, max), max)?;
    let hp = (c.value("hp") + amount).min(max);
    c.set("hp", hp);
    let (bloodied, _) = bloodied(hp, max)?;
    let mut out = Outcome::line(format!("{}: {hp} of {max} HP", c.name));
    // Said only of one who was Bloodied before the healing.
    if was && !bloodied {
        out.lines.push(format!("{} is no longer Bloodied", c.name));
    }
    // A knock-out's daze lifts at no longer Bloodied or 15 HP, whichever comes first.
    if c.value("knocked-out") > 0 && hp >= knockout_recovery_hp(max) {
        out.lines.extend(recover_from_knockout(c, if bloodied { "reaching 15 HP" } else { "no longer Bloodied" }));
    }
    Ok(out)
}

/// Lifts the Dazed or Stunned a knock-out left.
pub(super) fn recover_from_knockout(c: &mut Combatant, why: &str) -> Vec<String> {
    c.set("knocked-out", 0);
    let mut lines = Vec::new();
    for (id, name) in [C_DAZED, C_STUNNED] {
        if lose_condition(c, id) {
            lines.push(format!("{} is no longer {name} ({why})", c.name));
        }
    }
    lines
}
