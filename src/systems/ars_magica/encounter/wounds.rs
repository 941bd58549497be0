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
    let (more, more_terms) = take_blows(c, past, &[1])?;
    lines.extend(more);
    terms.extend(more_terms);
    Ok(Outcome { lines, terms })
}

/// `each[k]` blows of `past` points past Soak on member `k + 1` of the combatant (the
/// vanguard first; one entry for a lone fighter), each member wounded by its own Size;
/// says what follows (incapacitation, death, a group that splits).
///
/// # Errors
/// A Size or damage out of range.
pub(super) fn take_blows(c: &mut Combatant, past: i64, each: &[i64]) -> Result<(Vec<String>, Vec<Term>)> {
    let mut lines = Vec::new();
    let mut terms = Vec::new();
    let was_group = is_group(c);
    c.set("wounded-here", 1);
    let mut others: Vec<(WoundLevel, i64)> = Vec::new();
    for (k, &n) in each.iter().enumerate().filter(|(_, &n)| n > 0) {
        if k == 0 {
            let level = wound(past, c.stat("size"))?.level;
            lines.extend(wound_vanguard(c, level, n));
            continue;
        }
        let member = k + 1;
        let size = c.value(&member_key(member, "size"));
        let level = wound(past, size)?.level;
        if size != c.stat("size") {
            terms.push(Term::text(format!("Member {member}, Size {size:+}"), level.as_str(), Some(T_DAMAGE)));
        }
        if let Some((key, _)) = OTHERS.iter().find(|(_, l)| *l == level) {
            c.set(key, c.value(key) + n);
        }
        // Each member's own, for when it fights alone (a split, line 273).
        if let Some((key, _, _)) = WOUNDS.iter().find(|(_, _, l)| *l == level) {
            let own = member_key(member, key);
            c.set(&own, (c.value(&own) + n).min(WOUND_COUNT.1));
        }
        if level >= WoundLevel::Incapacitating {
            c.set(&member_key(member, "down"), if level == WoundLevel::Dead { 2 } else { 1 });
        }
        match others.iter_mut().find(|(l, _)| *l == level) {
            Some((_, count)) => *count += n,
            None => others.push((level, n)),
        }
    }
    if !others.is_empty() {
        let said: Vec<String> = others
            .iter()
            .map(|(level, n)| format!("{n} {} wound{}", level.as_str(), if *n == 1 { "" } else { "s" }))
            .collect();
        lines.push(format!("The rest of {} take {}", c.name, said.join(", ")));
    }
    lines.extend(check_split(c, was_group));
    // A fighter out of the fight has no penalty to speak of: what put him out was said.
    if let (Some(p), None) = (penalty_of(c), super::view::down(c)) {
        let whose = crate::rules::possessive(&c.name, super::groups::is_group(c));
        lines.push(format!("{whose} total penalty is now {:+}", p.total));
    }
    Ok((lines, terms))
}

/// `n` wounds of `level` on the combatant itself (the vanguard, for a group).
pub(super) fn wound_vanguard(c: &mut Combatant, level: WoundLevel, n: i64) -> Vec<String> {
    match WOUNDS.iter().find(|(_, _, l)| *l == level) {
        Some((key, _, _)) => {
            c.set(key, (c.value(key) + n).min(WOUND_COUNT.1));
            if level == WoundLevel::Incapacitating {
                return vec![format!("{} is incapacitated", vanguard(c))];
            }
        }
        None if level == WoundLevel::Dead => {
            c.set("dead", 1);
            return vec![format!("{} is killed", vanguard(c))];
        }
        None => {}
    }
    Vec::new()
}

pub(super) fn vanguard(c: &Combatant) -> String {
    if is_group(c) {
        format!("{} vanguard", crate::rules::possessive(&c.name, true))
    } else {
        c.name.clone()
    }
}
