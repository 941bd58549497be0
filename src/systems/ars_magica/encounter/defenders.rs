//! Defenders and shield grogs: characters who guard others. A guarded character is
//! hurt only when its defenders botch or once none of them stands.

use super::*;

/// How the encounter reads the document's guarding rule, said wherever it applies.
pub(super) const DEFENDED_NOTE: &str = "Interpretation: an attack on a guarded character is rolled against a \
     standing defender's Defense and lands on that defender; only a botched Defense lets it through to the guarded one";

pub(super) static DEFEND_PARAMS: &[Param] = &[Param {
    name: "wards",
    help: "Whom it guards, by name (no more than its members); none: it stops guarding. \
           Interpretation: an attack on a guarded character meets a standing defender instead, and reaches the \
           guarded one only through that defender's botched Defense.",
    kind: ParamKind::Listed { list: crate::rules::Listed::SomeCombatants },
    required: false,
    default: None,
}];

const WARDS: &str = "wards";

/// The first defender of `ward` still able to fight, if any.
pub(super) fn standing_defender(s: &State, ward: usize) -> Option<usize> {
    let name = &s.combatants[ward].name;
    s.combatants
        .iter()
        .position(|c| c.marks(WARDS).any(|m| m.name.eq_ignore_ascii_case(name)) && cannot_act(c).is_none())
}

/// The defender takes on `wards` (replacing whom it guarded before), or stops guarding.
pub(super) fn defend(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    require_able(&s.combatants[me])?;
    let names: Vec<&str> =
        act.inputs.text("wards").unwrap_or_default().split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
    let mut wards = Vec::new();
    for n in &names {
        let i = s.find(n)?;
        if i == me {
            return Err(Error::InvalidInput(format!("{} cannot guard itself", s.combatants[me].name)));
        }
        if s.combatants[i].marks(WARDS).any(|m| m.name.eq_ignore_ascii_case(&s.combatants[me].name)) {
            return Err(Error::InvalidInput(format!(
                "{} already guards {}: two parties cannot guard each other",
                s.combatants[i].name, s.combatants[me].name
            )));
        }
        let name = s.combatants[i].name.clone();
        if !wards.contains(&name) {
            wards.push(name);
        }
    }
    let c = &mut s.combatants[me];
    let members = if is_group(c) { c.stat("members") } else { 1 };
    if wards.len() as i64 > members {
        return Err(Error::InvalidInput(format!(
            "{} has {members} member{} and can guard no more characters than that, not {}",
            c.name,
            if members == 1 { "" } else { "s" },
            wards.len()
        )));
    }
    c.marks.retain(|m| m.list != WARDS);
    if wards.is_empty() {
        return Ok(Outcome::line(format!("{} guards no one now", c.name)));
    }
    for w in &wards {
        c.marks.push(crate::encounters::Mark {
            list: WARDS.into(),
            name: w.clone(),
            id: None,
            flags: Vec::new(),
            numbers: BTreeMap::new(),
        });
    }
    Ok(Outcome {
        lines: vec![
            format!("{} guards {}", c.name, wards.join(", ")),
            format!("While it stands, they are hurt only through its botched Defense ({DEFENDED_NOTE})"),
        ],
        terms: vec![Term::text("Defender", wards.join(", "), Some(R_DEFENDER))],
    })
}
