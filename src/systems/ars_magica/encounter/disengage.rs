//! Disengaging: a Defense Total against each recent attacker's Attack Total.

use super::*;

pub(super) static DISENGAGE_PARAMS: &[Param] = &[
    Param {
        name: "against",
        help: "Who attacked it since its last turn, each NAME or NAME=DIE (their stress die), comma-separated; none: it leaves at once.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "die",
        help: DIE_HELP,
        kind: ParamKind::Int { min: 0, max: DIE_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "modifier",
        help: "Anything else on the Defense Total.",
        kind: ParamKind::Int { min: -50, max: 50 },
        required: false,
        default: Some("0"),
    },
];

pub(super) fn disengage(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    require_able(&s.combatants[me])?;
    let attempt = s.combatants[me].value("disengage-attempts") + 1;
    let (bonus, mut terms) = disengage_bonus(attempt)?;
    let against = opponents(act.inputs.text("against"))?;
    let name = s.combatants[me].name.clone();
    let mut lines = Vec::new();
    let escaped = if against.is_empty() {
        lines.push(format!("No one has attacked {name} since its last turn: it leaves the combat at once"));
        true
    } else {
        let (die, note) = die_note(act, "die", &name)?;
        let modifier = act.inputs.int("modifier")? + bonus;
        let (def, dterms) = combat_total(&s.combatants[me], Side::Defense, die, modifier);
        terms.extend(dterms);
        lines.push(format!("{name} tries to disengage (attempt {attempt}): Defense Total {def}"));
        lines.extend(note);
        let mut beaten = true;
        for (other, _) in &against {
            let i = s.find(other)?;
            if i == me {
                return Err(Error::InvalidInput(format!("{name} cannot be among its own attackers")));
            }
            let o = &s.combatants[i];
            let (die, note) = die_note(act, &format!("die:{}", o.name), &o.name)?;
            let (atk, aterms) = combat_total(o, Side::Attack, die, 0);
            terms.extend(aterms);
            lines.extend(note);
            // Interpretation: to get away the Defense Total must be higher than each
            // Attack Total; a tie keeps the party in the fight.
            let held = atk >= def;
            lines.push(format!(
                "{}: Attack Total {atk}{}",
                o.name,
                if held { ", enough to keep it in the fight" } else { ", not enough" }
            ));
            beaten &= !held;
        }
        beaten
    };
    let c = &mut s.combatants[me];
    c.set("disengage-attempts", attempt);
    if escaped {
        c.set("left", 1);
        lines.push(format!("{name} gets away: it has left the combat"));
    } else {
        lines.push(format!("{name} is still in the fight (+3 more on its next try)"));
    }
    Ok(Outcome { lines, terms })
}
