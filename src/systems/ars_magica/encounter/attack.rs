//! One attack, worked through from both sides' totals and stress dice.

use super::*;

pub(super) static ATTACK_PARAMS: &[Param] = &[
    Param { name: "target", help: "The defender, by name.", kind: ParamKind::Text, required: true, default: None },
    Param {
        name: "attack-die",
        help: DIE_HELP,
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "defense-die",
        help: DIE_HELP,
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "attack-modifier",
        help: "Anything else on the Attack Total (range -3 per increment, mounted +Ride…).",
        kind: ParamKind::Int { min: -50, max: 50 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "defense-modifier",
        help: "Anything else on the Defense Total (only a shield's Dfn against missiles…).",
        kind: ParamKind::Int { min: -50, max: 50 },
        required: false,
        default: Some("0"),
    },
];

/// One attack, worked through from both sides' totals and dice.
pub(super) fn attack(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let (a, d) = (&s.combatants[me], &s.combatants[target]);
    if me == target {
        return Err(Error::InvalidInput(format!("{} cannot attack itself", a.name)));
    }
    require_able(a)?;
    if d.value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is already dead", d.name)));
    }
    if d.value("left") > 0 {
        return Err(Error::InvalidInput(format!("{} has left the combat and cannot be attacked", d.name)));
    }
    let (attack_die, attack_note) = die_note(act, "attack-die", &a.name)?;
    let (defense_die, defense_note) = die_note(act, "defense-die", &d.name)?;
    let (atk, mut terms) = combat_total(a, Side::Attack, attack_die, act.inputs.int("attack-modifier")?);
    // An incapacitated defender rolls nothing: its Defense Total is its score alone.
    let (def, dterms) = combat_total(d, Side::Defense, defense_die, act.inputs.int("defense-modifier")?);
    terms.extend(dterms);
    let r = resolve_attack(atk, def, a.stat("damage"), d.stat("soak"), d.stat("size"))?;
    terms.extend(r.terms);
    let mut lines = vec![format!(
        "{} attacks {}: Attack Total {atk} against Defense Total {def}, advantage {}",
        a.name, d.name, r.advantage
    )];
    lines.extend(attack_note);
    lines.extend(defense_note);
    let blows_from = if is_group(a) { a.stat("members") } else { 1 };
    let blows_on = if is_group(d) { d.stat("members") } else { 1 };
    let a_name = a.name.clone();
    let soak = d.stat("soak");
    {
        let a = &mut s.combatants[me];
        a.set("exert-attack", 0);
        a.set("disengage-attempts", 0);
    }
    if !r.hit {
        lines.push("A miss: no damage".into());
        return Ok(Outcome { lines, terms });
    }
    let damage_total = r.damage_total.unwrap_or(0);
    let past = r.damage.unwrap_or(0);
    if r.wound == WoundLevel::None {
        lines.push(format!("Damage Total {damage_total} does not get past Soak {soak}: no wound"));
        return Ok(Outcome { lines, terms });
    }
    lines.push(format!("Damage Total {damage_total} − Soak {soak} = {past} → {} wound", r.wound.as_str()));
    let (on_vanguard, on_others) = if blows_from > 1 || blows_on > 1 {
        let b = group_blows(blows_from, blows_on)?;
        terms.extend(b.terms);
        lines.push(format!(
            "{a_name} strike{} {} time{}",
            if blows_from > 1 { "" } else { "s" },
            b.blows,
            if b.blows == 1 { "" } else { "s" }
        ));
        (b.each[0], b.each[1..].iter().sum())
    } else {
        (1, 0)
    };
    if blows_from > 1 {
        terms.push(Term::num("Blows (one per member)", blows_from, Some(R_GROUP_DAMAGE)));
    }
    lines.extend(take_wounds(&mut s.combatants[target], r.wound, on_vanguard, on_others));
    Ok(Outcome { lines, terms })
}
