//! A stunt (trip, disarm, grab): the normal exchange of Attack against Defense,
//! working when the advantage reaches what the Sample Advantages table requires.

use super::*;

pub(super) static STUNT_PARAMS: &[Param] = attack::exchange_params![
    Param {
        name: "target",
        help: "The one it is tried on, by name.",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
        required: true,
        default: None
    },
    Param {
        name: "stunt",
        help: "A row of the Sample Advantages table (Trip, Disarm, …).",
        kind: ParamKind::Listed {
            list: crate::rules::Listed::TableRows { table: crate::systems::ars_magica::rules::T_SAMPLE_ADVANTAGES }
        },
        required: false,
        default: None,
    },
    Param {
        name: "required",
        help: "The Attack Advantage the storyguide requires, for a stunt not in the table.",
        kind: ParamKind::Int { min: REQUIRED.0, max: REQUIRED.1 },
        required: false,
        default: None,
    },
];

/// Looks the stunt up in the table when the action is made, so a replay reads no content.
pub(super) fn prepare(book: &dyn Rulebook, facts: &mut BTreeMap<String, String>, act: &Act<'_>) -> Result<()> {
    let (name, required) =
        match (act.inputs.text("stunt"), act.inputs.opt_int("required")?) {
            (Some(name), None) => sample_advantage(book, name)?,
            (None, Some(n)) => ("Stunt".to_string(), n),
            _ => return Err(Error::InvalidInput(
                "give either --stunt (a row of the Sample Advantages table) or --required (the advantage), not both"
                    .into(),
            )),
        };
    facts.insert("stunt".into(), name);
    facts.insert("required".into(), required.to_string());
    Ok(())
}

pub(super) fn stunt(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let (a, d) = (&s.combatants[me], &s.combatants[target]);
    attack::check_target(a, d, me == target)?;
    attack::check_turn(s, me, act)?;
    super::nonlethal::require_free(s, me, "try a stunt")?;
    let (a, d) = (&s.combatants[me], &s.combatants[target]);
    let name = act.fact("stunt").unwrap_or("Stunt").to_string();
    let x = attack::exchange(a, d, act)?;
    let r = super::super::rules::stunt(&name, x.attack, x.defense, act.fact_int("required")?)?;
    let mut lines = vec![format!(
        "{} tries {name} on {}: Attack Total {} against Defense Total {}, advantage {} (needs {})",
        a.name, d.name, x.attack, x.defense, r.advantage, r.required
    )];
    lines.extend(x.notes);
    lines.push(if r.succeeds {
        format!("{name} works on {}; no damage", d.name)
    } else {
        format!("{name} fails; no damage")
    });
    let verdict = if r.succeeds { "works" } else { "fails" };
    s.came_to = Some(crate::encounters::CameTo {
        with_totals: format!(
            "Attack Total {} against Defense Total {}, advantage {} (needs {}): {name} {verdict}",
            x.attack, x.defense, r.advantage, r.required
        ),
        without: format!("{name} {verdict}"),
    });
    let mut terms = x.terms;
    terms.extend(r.terms);
    // A stunt is the attack roll the exertion bonus was for: it is spent here.
    let a = &mut s.combatants[me];
    a.set("exert-attack", 0);
    a.set("disengage-attempts", 0);
    a.set("attacked", 1);
    Ok(Outcome { lines, terms })
}
