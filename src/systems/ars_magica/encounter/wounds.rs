//! Wounds: a Damage Total typed in goes through Soak to a wound by Size; wounds land on
//! the vanguard and the rest of a group, and incapacitation and death follow.

use super::*;

/// `amount` is the attacker's Damage Total; what passes the Soak Total is the
/// wound, by the target's Size (one blow, on the vanguard of a group).
pub(super) fn damage(c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
    if let Some(k) = kind {
        return Err(Error::InvalidInput(format!(
            "Ars Magica damage has no types (`{k}`): give the Damage Total alone"
        )));
    }
    let soak = c.stat("soak");
    let past = (amount - soak).clamp(DAMAGE.0, DAMAGE.1);
    let mut terms = vec![Term::num("Damage Total", amount, Some(R_SOAK)), Term::num("Soak Total", -soak, Some(R_SOAK))];
    if past <= 0 {
        terms.push(Term::text("Wound", "none", Some(R_SOAK)));
        return Ok(Outcome { lines: vec![format!("Soak {soak} stops it: no wound")], terms });
    }
    let w = wound(past, c.stat("size"))?;
    terms.extend(w.terms);
    let mut lines = vec![format!("{amount} − Soak {soak} = {past} → {} wound", w.level.as_str())];
    lines.extend(take_wounds(c, w.level, 1, 0));
    Ok(Outcome { lines, terms })
}

/// Adds `on_vanguard` wounds of `level` to the combatant (the vanguard, for a group) and
/// `on_others` to the rest of its group, saying what follows.
pub(super) fn take_wounds(c: &mut Combatant, level: WoundLevel, on_vanguard: i64, on_others: i64) -> Vec<String> {
    let mut lines = Vec::new();
    let was_group = is_group(c);
    if on_vanguard > 0 {
        match WOUNDS.iter().find(|(_, _, l)| *l == level) {
            Some((key, _, _)) => {
                let n = (c.value(key) + on_vanguard).min(WOUND_COUNT.1);
                c.set(key, n);
                if level == WoundLevel::Incapacitating {
                    lines.push(format!("{} is incapacitated", vanguard(c)));
                }
            }
            None if level == WoundLevel::Dead => {
                c.set("dead", 1);
                lines.push(format!("{} is killed", vanguard(c)));
            }
            None => {}
        }
    }
    if on_others > 0 {
        if let Some((key, _)) = OTHERS.iter().find(|(_, l)| *l == level) {
            c.set(key, c.value(key) + on_others);
        }
        lines.push(format!(
            "The rest of {} take {on_others} {} wound{}",
            c.name,
            level.as_str(),
            if on_others == 1 { "" } else { "s" }
        ));
    }
    let down = c.value("dead") > 0 || c.value("wounds-incapacitating") > 0;
    if was_group && down {
        c.set("split", 1);
        let others_down = c.value("others-incapacitating") + c.value("others-dead");
        if others_down >= c.stat("members") - 1 {
            lines.push(format!("Every member of {} is down", c.name));
        } else {
            lines.push(format!(
                "{}'s vanguard is down: the group splits into individuals (add those still standing as combatants)",
                c.name
            ));
        }
    }
    if let Some(p) = penalty_of(c) {
        lines.push(format!("{}'s total penalty is now {:+}", c.name, p.total));
    }
    lines
}

pub(super) fn vanguard(c: &Combatant) -> String {
    if is_group(c) {
        format!("{}'s vanguard", c.name)
    } else {
        c.name.clone()
    }
}
