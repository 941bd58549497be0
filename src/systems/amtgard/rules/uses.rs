//! Enchantments with a set number of uses.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct Uses {
    pub left: i64,
    /// The strip comes off: its last use is gone.
    pub removed: bool,
    pub terms: Vec<Term>,
}

/// Uses left on an enchantment with a set number of them (Blessing Against Harm,
/// Snaring Vines) after `discharged` more: each discharge spends a use even when it does
/// nothing to its target (`ineffective` of them), and the enchantment goes when the last
/// is spent.
///
/// # Errors
/// [`Error::InvalidInput`] for counts out of range, more discharges than uses, or more
/// ineffective discharges than discharges.
pub fn spend_uses(uses: i64, discharged: i64, ineffective: i64) -> Result<Uses> {
    check("uses", uses, (1, MAX_MISSILES))?;
    check("discharged", discharged, (0, MAX_MISSILES))?;
    check("ineffective", ineffective, (0, MAX_MISSILES))?;
    if discharged > uses {
        return Err(invalid(format!("--discharged ({discharged}) cannot be more than the --uses left ({uses})")));
    }
    if ineffective > discharged {
        return Err(invalid(format!("--ineffective ({ineffective}) cannot be more than --discharged ({discharged})")));
    }
    let rule = Some(R_ENCHANTMENTS);
    let mut terms = vec![Term::num("Uses before", uses, rule)];
    terms.push(Term::num("Discharged, each spending a use", -discharged, rule));
    if ineffective > 0 {
        terms.push(Term::note("Of them with no effect on the target (still spent)", ineffective, rule));
    }
    let left = uses - discharged;
    if left == 0 {
        terms.push(Term::text("Last use spent", "the enchantment is removed", rule));
    }
    Ok(Uses { left, removed: left == 0, terms })
}

static PARAMS: &[Param] = &[
    Param {
        name: "uses",
        help: "uses the enchantment has left",
        kind: ParamKind::Int { min: 1, max: MAX_MISSILES },
        required: true,
        default: None,
    },
    Param {
        name: "discharged",
        help: "uses discharged now",
        kind: ParamKind::Int { min: 0, max: MAX_MISSILES },
        required: false,
        default: Some("1"),
    },
    Param {
        name: "ineffective",
        help: "how many of them did nothing (e.g. Poison on a target Immune to Death)",
        kind: ParamKind::Int { min: 0, max: MAX_MISSILES },
        required: false,
        default: Some("0"),
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "enchantment-uses",
        summary: "Uses left on an enchantment with a set number of them: every discharge spends one, even one with no effect; the last removes it",
        params: PARAMS,
        rule: Some(R_ENCHANTMENTS),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let u = spend_uses(i.int("uses")?, i.int("discharged")?, i.int("ineffective")?)?;
    Ok(Outcome::default().field("uses_left", u.left).field("removed", u.removed).terms(u.terms))
}
