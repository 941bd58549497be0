//! Disengaging: a Defense Total against each recent attacker's Attack Total, each a
//! combat roll that botches as any other does.

use super::*;

/// How a tie between the Defense Total and an Attack Total is read.
const TIE: &str = "Interpretation: the party gets away only with a Defense Total higher than each Attack Total; \
                   a tie keeps it in the fight";

pub(super) static DISENGAGE_PARAMS: &[Param] = &[
    Param {
        name: "against",
        help: "Who attacked it since its last turn, each NAME, NAME=DIE (their stress die) or NAME=0/BOTCHES (a 0 and \
               the botch dice at 0), comma-separated; none: it leaves at once. Interpretation: the party gets away \
               only with a Defense Total higher than each Attack Total; a tie keeps it in the fight.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    die_param("die"),
    Param {
        name: "botches",
        help: "After a typed die of 0: the botch dice that came up 0 (0: no botch). A botch makes the Defense Total 0.",
        kind: BOTCHES,
        required: false,
        default: None,
    },
    Param {
        name: "botch-dice",
        help: BOTCH_DICE_HELP,
        kind: ParamKind::Int { min: 1, max: BOTCH_DICE.1 },
        required: false,
        default: Some("1"),
    },
    Param {
        name: "modifier",
        help: "Anything else on the Defense Total.",
        kind: ParamKind::Int { min: -50, max: 50 },
        required: false,
        default: Some("0"),
    },
];

/// Refuses a disengage after the party's attack this round (a scuffle, a grapple or a
/// stunt counts too): disengaging is the Defense Total it makes in place of its Attack
/// Total (lines 360-361), so it cannot have both.
fn require_no_attack_yet(c: &Combatant) -> Result<()> {
    if c.value("attacked") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has already attacked this round: disengaging takes the place of its attack, so it may try on its next \
             turn instead",
            c.name
        )));
    }
    Ok(())
}

pub(super) fn disengage(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    require_able(&s.combatants[me])?;
    require_no_attack_yet(&s.combatants[me])?;
    super::nonlethal::require_free(s, me, "disengage")?;
    let attempt = s.combatants[me].value("disengage-attempts") + 1;
    let (bonus, mut terms) = disengage_bonus(attempt)?;
    let against = opponents(act.inputs.text("against"))?;
    let name = s.combatants[me].name.clone();
    let mut lines = Vec::new();
    let escaped = if against.is_empty() {
        lines.push(format!("No one has attacked {name} since its last turn: it leaves the combat at once"));
        true
    } else {
        let modifier = act.inputs.int("modifier")? + bonus;
        let def = rolled_total(&s.combatants[me], Side::Defense, act, "die", modifier, "botches")?;
        terms.extend(def.terms);
        lines.push(format!("{name} tries to disengage (attempt {attempt}): Defense Total {}", def.total));
        lines.extend(def.note);
        let mut beaten = true;
        for p in &against {
            let i = s.find(&p.name)?;
            if i == me {
                return Err(Error::InvalidInput(format!("{name} cannot be among its own attackers")));
            }
            let o = &s.combatants[i];
            let param = format!("against {}=0/N", o.name);
            let atk = rolled_total(o, Side::Attack, act, &format!("die:{}", o.name), 0, &param)?;
            terms.extend(atk.terms);
            lines.extend(atk.note);
            let held = atk.total >= def.total;
            let verdict = if atk.total == def.total {
                format!(", a tie: it keeps {name} in the fight ({TIE})")
            } else if held {
                ", enough to keep it in the fight".to_string()
            } else {
                ", not enough".to_string()
            };
            lines.push(format!("{}: Attack Total {}{verdict}", o.name, atk.total));
            beaten &= !held;
        }
        beaten
    };
    let c = &mut s.combatants[me];
    c.set("disengage-attempts", attempt);
    c.set("disengaging", 1);
    if escaped {
        c.set("left", 1);
        lines.push(format!("{name} gets away: it has left the combat"));
    } else {
        lines.push(format!("{name} is still in the fight (+3 more on its next try)"));
    }
    Ok(Outcome { lines, terms })
}
