//! How an incantation names its target.

use super::*;

/// What an incantation must say or show to pick out its target: beyond Touch, the
/// target's name, or (if the name is not known, or the caster prefers) a pointing free
/// hand and two descriptors; for equipment, the item itself and the player who last used
/// it as well. At Self, Touch and Other range nothing is required.
pub fn target_naming(range: Range, aim: Aim, name_known: bool, prefer_pointing: bool) -> (String, Vec<Term>) {
    let rule = Some(R_INCANTATION);
    let beyond_touch = matches!(range, Range::Feet(_));
    let mut terms = vec![Term::text("Range", range.name(), Some(R_RANGE))];
    let how = if !beyond_touch {
        "nothing: only abilities beyond Touch range must name their target".to_string()
    } else {
        let player = if name_known && !prefer_pointing {
            "by name"
        } else {
            "a pointing free hand and two descriptors (e.g. class and tunic colour)"
        };
        if aim == Aim::Equipment {
            format!("the item, described plainly, and the player who last used it ({player})")
        } else {
            player.to_string()
        }
    };
    terms.push(Term::text("Say or show", how.clone(), rule));
    (how, terms)
}

static PARAMS: &[Param] = &[
    Param {
        name: "range",
        help: "the ability's range: self, touch, other, 20ft, 50ft",
        kind: ParamKind::Choice { options: Range::OPTIONS },
        required: true,
        default: None,
    },
    Param {
        name: "target",
        help: "player, self or equipment",
        kind: ParamKind::Choice { options: Aim::OPTIONS },
        required: false,
        default: Some("player"),
    },
    Param {
        name: "name-unknown",
        help: "the caster does not know the target's name",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "point",
        help: "the caster would rather point and describe than name",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "target-naming",
        summary: "How an incantation picks out its target: beyond Touch by name, or a pointing free hand and two descriptors; equipment with its last user",
        params: PARAMS,
        rule: Some(R_INCANTATION),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let range = Range::parse(i.choice("range")?.unwrap_or(""))?;
    let aim = Aim::parse(i.choice("target")?.unwrap_or("player"))?;
    if aim == Aim::Caster && range != Range::Caster && range != Range::Touch {
        return Err(invalid(format!("--target self does not go with --range {}", range.name())));
    }
    let (how, terms) = target_naming(range, aim, !i.flag("name-unknown"), i.flag("point"));
    Ok(Outcome::default().field("say", how).terms(terms))
}
