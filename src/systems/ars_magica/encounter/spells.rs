//! Casting in the fight: a normal spell at the caster's place in the order (Quickness
//! alone, see `initiative.rs`), one a round and taking the round; fast-cast spells in
//! answer to another action.

use super::*;

pub(super) static CAST_PARAMS: &[Param] = &[
    Param { name: "spell", help: "The spell, for the log.", kind: ParamKind::Text, required: false, default: None },
    Param {
        name: "fast",
        help: "Fast-cast, in answer to another action rather than at its place in the order.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "very-fast",
        help: "The storyguide lets this very quick magus fast-cast another spell this round. Interpretation: without \
               it, one fast-cast spell a round.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn cast(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let acting = s.current() == Some(s.combatants[me].name.as_str());
    let c = &mut s.combatants[me];
    require_able(c)?;
    let spell = act.inputs.text("spell").map_or_else(|| "a spell".to_string(), str::to_string);
    let term = |what: &str| vec![Term::text("Casting", what.to_string(), Some(R_MAGIC))];
    if act.inputs.flag("fast") {
        if c.value("spell-fast") > 0 && !act.inputs.flag("very-fast") {
            return Err(Error::InvalidInput(format!(
                "{} has fast-cast a spell this round already; a second is beyond most magi (Interpretation: only \
                 with --very-fast, when the storyguide allows it)",
                c.name
            )));
        }
        c.set("spell-fast", c.value("spell-fast") + 1);
        return Ok(Outcome {
            lines: vec![format!("{} fast-casts {spell}, in answer to another action", c.name)],
            terms: term("fast-cast: at no point in the order"),
        });
    }
    if !acting {
        return Err(Error::InvalidInput(format!(
            "{} casts a normal spell on its own turn (its place in the order, by Quickness alone); use --fast to answer another action",
            c.name
        )));
    }
    if c.value("spell-normal") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has cast a normal spell this round: one takes the whole round (it may still fast-cast)",
            c.name
        )));
    }
    if c.value("attacked") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has attacked this turn: a normal spell takes the whole round (it may still fast-cast)",
            c.name
        )));
    }
    c.set("spell-normal", 1);
    Ok(Outcome {
        lines: vec![format!("{} casts {spell}: its action for the round (no attack until its next turn)", c.name)],
        terms: term("normal spell: one a round, taking the round"),
    })
}
