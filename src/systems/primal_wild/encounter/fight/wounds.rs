//! Wounds: bashing, lethal and aggravated boxes against the Health track.

use crate::encounters::{Combatant, Outcome};
use crate::error::{Error, Result};
use crate::systems::primal_wild::rules::{defend, Aspect, DamageType, Immunity, Incoming};

pub(super) const DAMAGE_TYPES: [&str; 3] = ["bashing", "lethal", "aggravated"];

pub(super) fn join(c: &mut Combatant) {
    for t in DAMAGE_TYPES {
        c.set(t, 0);
    }
}

fn wounds(c: &Combatant) -> i64 {
    DAMAGE_TYPES.iter().map(|t| c.value(t)).sum()
}

pub(super) fn mark_damage(c: &mut Combatant, amount: i64, kind: &str) -> Outcome {
    let room = (c.stat("health") - wounds(c)).max(0);
    let marked = amount.min(room);
    c.set(kind, c.value(kind) + marked);
    let mut out = Outcome::line(format!(
        "{} marks {marked} {kind} ({} of {} Health boxes filled)",
        c.name,
        wounds(c),
        c.stat("health")
    ));
    if amount > marked {
        out.lines.push(format!(
            "{} more than the Health track holds: upgrading wounds is Mage's core rule, not this supplement's, so Tome marks none (interpretation)",
            amount - marked
        ));
    }
    if let Some(word) = down(c) {
        out.lines.push(format!("{}'s Health track is full: {word} ({INCAPACITATED_NOTE})", c.name));
    }
    out
}

/// Said wherever Tome calls a being Incapacitated: the supplement leaves it to Mage's
/// core rules.
const INCAPACITATED_NOTE: &str =
    "Interpretation: out of the fight until healed; what its wounds do next is Mage's core rules";

/// Out of the fight once every box of the Health (or Corpus) track is marked.
/// Interpretation: the supplement names no state for it, so Tome says Incapacitated.
pub(super) fn down(c: &Combatant) -> Option<String> {
    (c.stat("health") > 0 && wounds(c) >= c.stat("health")).then(|| "Incapacitated".to_string())
}

pub(super) fn start_turn(c: &mut Combatant) -> Outcome {
    // A new turn brings a new attack.
    c.set("attacked", 0);
    match down(c) {
        Some(word) => Outcome::line(format!("{}'s Health track is full: {word} ({INCAPACITATED_NOTE})", c.name)),
        None => Outcome::default(),
    }
}

pub(super) fn damage(c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
    let kind = kind.map_or("lethal".to_string(), |k| k.trim().to_ascii_lowercase());
    let kind = DAMAGE_TYPES.iter().find(|t| **t == kind).ok_or_else(|| Error::NotFound {
        what: "damage type",
        id: kind.clone(),
        suggestions: DAMAGE_TYPES.iter().map(|t| t.to_string()).collect(),
    })?;
    let Some((aspect, potency)) = super::defense::defense_of(c) else { return Ok(mark_damage(c, amount, kind)) };
    // Line 190 ff.: the defensive spell meets this harm as it meets an attack's, worked
    // by the `defend` calculator. Interpretation: damage typed by hand is mundane harm
    // of rolled points (none automatic), so a vulgar spell first turns it to bashing.
    let count = |t: &str| if *kind == t { amount } else { 0 };
    let incoming = Incoming {
        automatic: 0,
        automatic_type: DamageType::Lethal,
        aggravated: count("aggravated"),
        lethal: count("lethal"),
        bashing: count("bashing"),
    };
    let d = defend(potency, incoming, aspect == Aspect::Vulgar, Immunity::None)?;
    let mut out = Outcome { lines: Vec::new(), terms: d.terms.into_iter().map(|t| t.as_note()).collect() };
    out.lines.push(format!(
        "{}'s {} defensive spell (Potency {potency}) meets the {amount} {kind}: {} downgraded to bashing, {} bashing cancelled \
         (interpretation: harm typed by hand is mundane; to let it bypass the spell, end it first with `defensive-spell --end`)",
        c.name,
        aspect.name(),
        d.downgraded,
        d.bashing_cancelled
    ));
    for (n, t) in [(d.aggravated_taken, "aggravated"), (d.lethal_taken, "lethal"), (d.bashing_taken, "bashing")] {
        if n > 0 {
            out.lines.extend(mark_damage(c, n, t).lines);
        }
    }
    if d.aggravated_taken + d.lethal_taken + d.bashing_taken == 0 {
        out.lines.push(format!("{} takes no damage", c.name));
    }
    Ok(out)
}

pub(super) fn heal(c: &mut Combatant, amount: i64) -> Result<Outcome> {
    let mut left = amount;
    // The lightest damage heals first.
    for t in DAMAGE_TYPES {
        let n = c.value(t).min(left);
        c.set(t, c.value(t) - n);
        left -= n;
    }
    Ok(Outcome::line(format!("{}: {} of {} Health boxes filled", c.name, wounds(c), c.stat("health"))))
}

/// A wound box count a game master sets by hand: at most what the track has room for.
pub(super) fn wound_range(c: &Combatant, field: &str) -> Option<(i64, i64)> {
    DAMAGE_TYPES.contains(&field).then(|| (0, (c.stat("health") - wounds(c) + c.value(field)).max(0)))
}
