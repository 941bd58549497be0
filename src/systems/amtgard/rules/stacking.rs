//! Stacking: several Resistances to one type, and several Meta-Magics on one ability.

use super::*;

/// The most Resistances or incoming effects the calculator takes.
pub const MAX_STACK: i64 = 10;

#[derive(Debug, Clone, PartialEq)]
pub struct Resisted {
    pub resisted: i64,
    pub received: i64,
    pub resistances_left: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Effects of one type arriving one after another against a player Resistant to that
/// type: each Resistance stops the next one (the player calls "resistant") and is
/// spent; an Immunity to them acts first, so no Resistance is spent.
///
/// Interpretation: several Resistances to the same type are spent one per effect; the
/// document does not say whether they stack.
///
/// # Errors
/// [`Error::InvalidInput`] for counts outside their bounds.
pub fn resist(kind: &str, resistances: i64, incoming: i64, immune: bool) -> Result<Resisted> {
    check("resistances", resistances, (0, MAX_STACK))?;
    check("incoming", incoming, (1, MAX_STACK))?;
    let mut terms = vec![
        Term::note(format!("Resistances to {kind}"), resistances, Some(R_RESISTANT)),
        Term::note(format!("{kind} arriving, one after another"), incoming, Some(R_RESISTANT)),
    ];
    let mut warnings = Vec::new();
    if immune {
        terms.push(Term::text(
            "Immune: Immunities go before Resistances",
            "unaffected, no Resistance spent",
            Some(T_ABILITY_ORDER),
        ));
        return Ok(Resisted { resisted: 0, received: 0, resistances_left: resistances, terms, warnings });
    }
    let resisted = resistances.min(incoming);
    if resistances > 1 {
        warnings.push("Interpretation: several Resistances to one type are spent one per effect; the document does not say they stack".into());
    }
    terms.push(Term::note("Stopped (call \"resistant\" each time)", resisted, Some(R_RESISTANT)));
    terms.push(Term::note("Received", incoming - resisted, Some(R_RESISTANT)));
    Ok(Resisted { resisted, received: incoming - resisted, resistances_left: resistances - resisted, terms, warnings })
}

/// What the modified ability comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The player's own class ability.
    Class,
    /// An ability granted by an Enchantment (e.g. Heat Weapon from Gift of Flame).
    Enchantment,
    MagicItem,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetaCase {
    /// The Meta-Magics said, in order.
    pub metas: Vec<String>,
    /// The caster moves their feet while saying them and the ability.
    pub moving: bool,
    pub source: Source,
    /// Said after the ability's incantation began (instead of right after the target).
    pub late: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MetaCheck {
    pub allowed: bool,
    /// Meta-Magics used up (each is spent when its own incantation ends).
    pub expended: Vec<String>,
    pub problems: Vec<String>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

fn is_ambulant(name: &str) -> bool {
    name.eq_ignore_ascii_case("ambulant")
}

/// Meta-Magics on one ability: any number may be combined (none modifies another), said
/// right after indicating the target and before the ability's incantation, each
/// following the incantation rules, so only Ambulant may itself be said while moving.
/// They never modify Magic Items or abilities granted by Enchantments. Each is spent as
/// soon as its own incantation ends, whether or not the ability is completed.
///
/// Interpretations: Ambulant lets the modified ability's incantation be said while
/// moving (the document's Extension and Ambulant example); a Meta-Magic said while
/// moving (other than Ambulant) is interrupted and so not spent; a Meta-Magic named
/// twice counts once.
///
/// # Errors
/// [`Error::InvalidInput`] when no Meta-Magic is given or more than [`MAX_STACK`].
pub fn meta_magic(c: &MetaCase) -> Result<MetaCheck> {
    if c.metas.is_empty() {
        return Err(invalid("--meta needs at least one Meta-Magic, comma-separated (e.g. \"Extension, Ambulant\")"));
    }
    if c.metas.len() as i64 > MAX_STACK {
        return Err(invalid(format!("--meta takes at most {MAX_STACK} Meta-Magics, not {}", c.metas.len())));
    }
    let mut terms = Vec::new();
    let mut warnings = Vec::new();
    let mut problems = Vec::new();
    let mut expended: Vec<String> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let ambulant = c.metas.iter().any(|m| is_ambulant(m));

    match c.source {
        Source::Class => {}
        Source::Enchantment => {
            problems.push("Meta-Magic cannot modify an ability granted by an Enchantment".to_string())
        }
        Source::MagicItem => problems.push("Meta-Magic cannot modify a Magic Item".to_string()),
    }
    if c.late {
        problems.push(
            "Meta-Magic must be said right after indicating the target, before the ability's incantation begins".into(),
        );
    }
    terms.push(Term::text(
        "Said after the target, before the ability",
        if c.late { "no" } else { "yes" },
        Some(R_META_MAGIC),
    ));

    for m in &c.metas {
        if seen.iter().any(|s| s.eq_ignore_ascii_case(m)) {
            warnings
                .push(format!("{m} is named twice; Tome counts it once (Interpretation: the document does not say)"));
            continue;
        }
        seen.push(m.clone());
        if c.moving && !is_ambulant(m) {
            terms.push(Term::text(format!("{m}, said while moving"), "interrupted, not spent", Some(R_META_MAGIC)));
            problems.push(format!(
                "{m} is said while moving, so it is interrupted (only Ambulant may be said on the move)"
            ));
        } else {
            terms.push(Term::text(m.clone(), "applies; spent when its incantation ends", Some(R_META_MAGIC)));
            expended.push(m.clone());
        }
    }
    if seen.len() > 1 {
        terms.push(Term::note(
            "Meta-Magics combined (any number; none modifies another)",
            seen.len() as i64,
            Some(R_META_MAGIC),
        ));
    }
    if c.moving {
        terms.push(Term::text(
            "The ability's incantation while moving",
            if ambulant { "allowed by Ambulant (interpretation)" } else { "interrupted" },
            Some(R_ALL_INCANTATIONS),
        ));
        if !ambulant {
            problems.push("the ability's own incantation is interrupted by moving the feet".into());
        }
    }
    Ok(MetaCheck { allowed: problems.is_empty(), expended, problems, terms, warnings })
}

static RESIST_PARAMS: &[Param] = &[
    Param {
        name: "type",
        help: "what the player is Resistant to, e.g. Wounds",
        kind: ParamKind::Text,
        required: false,
        default: Some("Wounds"),
    },
    Param {
        name: "resistances",
        help: "Resistances the player holds to that type (Interpretation: several are spent one per effect)",
        kind: ParamKind::Int { min: 0, max: MAX_STACK },
        required: false,
        default: Some("1"),
    },
    Param {
        name: "incoming",
        help: "effects of that type arriving one after another",
        kind: ParamKind::Int { min: 1, max: MAX_STACK },
        required: false,
        default: Some("1"),
    },
    Param {
        name: "immune",
        help: "the player is Immune to these effects: the Immunity acts first and no Resistance is spent",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

static META_PARAMS: &[Param] = &[
    Param {
        name: "meta",
        help: "the Meta-Magics said, comma-separated, e.g. \"Extension, Ambulant\"",
        kind: ParamKind::Text,
        required: true,
        default: None,
    },
    Param {
        name: "moving",
        help: "the caster moves their feet while saying them and the ability (Interpretation: Ambulant lets the ability be said on the move)",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "source",
        help: "what the modified ability comes from: the player's class, an enchantment, or a magic item",
        kind: ParamKind::Choice { options: &["class", "enchantment", "magic-item"] },
        required: false,
        default: Some("class"),
    },
    Param {
        name: "late",
        help: "the Meta-Magic was said after the ability's incantation began",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn stacking_calculators() -> [Calculator; 2] {
    [
        Calculator {
            system: SYSTEM,
            name: "resistant",
            summary: "How many effects of one type several Resistances stop, one each, and what is left (an Immunity acts first and spends none)",
            params: RESIST_PARAMS,
            rule: Some(R_RESISTANT),
            run: run_resistant,
        },
        Calculator {
            system: SYSTEM,
            name: "meta-magic",
            summary: "Whether several Meta-Magics may be put on one ability (order, moving, enchantment and item abilities) and which are spent",
            params: META_PARAMS,
            rule: Some(R_META_MAGIC),
            run: run_meta_magic,
        },
    ]
}

fn run_resistant(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let kind = tidy(i.text("type").unwrap_or("Wounds"));
    let r = resist(&kind, i.int("resistances")?, i.int("incoming")?, i.flag("immune"))?;
    let mut out = Outcome::default()
        .field("resisted", r.resisted)
        .field("received", r.received)
        .field("resistances_left", r.resistances_left)
        .terms(r.terms);
    out = out.warn_all(r.warnings);
    Ok(out)
}

fn run_meta_magic(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let case = MetaCase {
        metas: listed_names(i, "meta")?,
        moving: i.flag("moving"),
        source: match i.choice("source")? {
            Some("enchantment") => Source::Enchantment,
            Some("magic-item") => Source::MagicItem,
            _ => Source::Class,
        },
        late: i.flag("late"),
    };
    let m = meta_magic(&case)?;
    let problems = if m.problems.is_empty() { "none".to_string() } else { m.problems.join("; ") };
    let expended = if m.expended.is_empty() { "none".to_string() } else { m.expended.join(", ") };
    let mut out = Outcome::default()
        .field("allowed", m.allowed)
        .field("expended", expended)
        .field("problems", problems)
        .terms(m.terms);
    out = out.warn_all(m.warnings.into_iter().chain(m.problems));
    Ok(out)
}
