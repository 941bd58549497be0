//! The Recovery roll of a character who does more than its wounds allow, for its most
//! serious wound: it can hold or worsen the wound, never heal it.

use super::*;

pub(super) static OVEREXERT_PARAMS: &[Param] = &[
    Param {
        name: "die",
        help: "stress die as the table read it (a 1 doubles the next roll); Tome rolls it when left out. \
               Interpretation: a Recovery roll has no botch dice, so a 0 counts as 0 and no more",
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "medic",
        help: "The attending medic's Chirurgy, if any.",
        kind: ParamKind::Int { min: ABILITY.0, max: ABILITY.1 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "magic",
        help: "A bonus from healing magic in effect.",
        kind: ParamKind::Int { min: BONUS.0, max: BONUS.1 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "bonus",
        help: "What this wound carries from earlier Recovery rolls (+3 per stable roll).",
        kind: ParamKind::Int { min: -100, max: 100 },
        required: false,
        default: Some("0"),
    },
];

pub(super) fn overexert(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    require_able(c)?;
    if c.value("wounded-here") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} was wounded in this fight: what it does within the fight calls for no Recovery roll (only afterwards)",
            c.name
        )));
    }
    let worst = WOUNDS.iter().rev().find(|(key, _, _)| c.value(key) > 0).ok_or_else(|| {
        Error::InvalidInput(format!("{} carries no wound: doing too much calls for no Recovery roll", c.name))
    })?;
    let (key, level) = (worst.0, worst.2);
    // Recovery rolls have no botch dice: a 0 is a 0, as `character recover` reads it.
    let die = act.fact_int("die")?;
    let note = (die == 0).then(|| format!("{} rolled a 0 ({NO_BOTCH})", c.name));
    let r = overexertion_recovery(
        level,
        c.stat("stamina"),
        act.inputs.int("medic")?,
        act.inputs.int("magic")?,
        act.inputs.int("bonus")?,
        die,
    )?;
    let now = r.new_level.unwrap_or(level);
    let mut lines = vec![format!(
        "{} overexerts: Recovery roll for its {} wound, {} against Ease Factors {} and {}",
        c.name,
        level.as_str(),
        r.total.unwrap_or(0),
        r.row.stable_ease.unwrap_or(0),
        r.row.improvement_ease
    )];
    lines.extend(note);
    if now == level {
        lines.push("The wound holds (no improvement and no bonus from this roll)".into());
    } else {
        c.set(key, c.value(key) - 1);
        let was_group = is_group(c);
        match WOUNDS.iter().find(|w| w.2 == now) {
            Some((worse, _, _)) => c.set(worse, (c.value(worse) + 1).min(WOUND_COUNT.1)),
            None => c.set("dead", 1),
        }
        lines.push(format!("The wound worsens to {}", now.as_str()));
        lines.extend(check_split(c, was_group));
    }
    Ok(Outcome { lines, terms: r.terms })
}
