//! Touch range.

use super::*;

/// What a Touch-range target may be: the States, plus Dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
pub enum TargetState {
    Dead,
    Cursed,
    Fragile,
    Frozen,
    Immune,
    Insubstantial,
    Invulnerable,
    Stopped,
    Stunned,
    Suppressed,
}

impl TargetState {
    pub const ALL: [TargetState; 10] = [
        TargetState::Dead,
        TargetState::Cursed,
        TargetState::Fragile,
        TargetState::Frozen,
        TargetState::Immune,
        TargetState::Insubstantial,
        TargetState::Invulnerable,
        TargetState::Stopped,
        TargetState::Stunned,
        TargetState::Suppressed,
    ];

    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Parses `"Stunned, Stopped"` (any case; `none` for no state), given to `--states`.
///
/// # Errors
/// [`Error::InvalidInput`] listing the accepted words, or for an empty item.
pub fn parse_states(text: &str) -> Result<Vec<TargetState>> {
    parse_states_for("states", text)
}

/// [`parse_states`] for the list given to `--{param}`, naming it in errors.
///
/// # Errors
/// [`Error::InvalidInput`] listing the accepted words, or for an empty item.
pub fn parse_states_for(param: &str, text: &str) -> Result<Vec<TargetState>> {
    let mut out = Vec::new();
    for item in items(param, text)? {
        if item.eq_ignore_ascii_case("none") {
            continue;
        }
        let state = TargetState::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(item)).ok_or_else(|| {
            let all: Vec<&str> = TargetState::ALL.iter().map(|s| s.name()).collect();
            invalid(format!("--{param} takes a comma-separated list of none, {}; `{item}` is not one", all.join(", ")))
        })?;
        if !out.contains(&state) {
            out.push(state);
        }
    }
    Ok(out)
}

/// The target of a Touch-range ability.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TouchTarget {
    /// The target agrees to be affected.
    pub willing: bool,
    /// The caster is touching themself (Touch may target Self).
    pub is_self: bool,
    pub states: Vec<TargetState>,
    /// An Insubstantial target whose ability lets them move about; only one held in
    /// place qualifies.
    pub can_move: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TouchCheck {
    pub allowed: bool,
    pub reason: String,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Whether an ability may be used at Touch range on this target: only when the target
/// is willing, Dead, Stunned, Frozen, or Insubstantial and held in place (the caster
/// touching themself counts as willing). Enchantments further need a willing target.
/// Warnings say when the ability may still do nothing (Frozen, Insubstantial,
/// Invulnerable and Immune players are shielded from most effects).
pub fn touch(target: &TouchTarget, enchantment: bool) -> TouchCheck {
    let has = |s: TargetState| target.states.contains(&s);
    let willing = target.willing || target.is_self;
    let mut terms = Vec::new();
    let mut warnings = Vec::new();

    if target.is_self {
        terms.push(Term::text("Target is the caster (Touch may target Self)", "willing", Some(R_RANGE)));
    } else if target.willing {
        terms.push(Term::text("Target is willing", "yes", Some(R_RANGE)));
    }

    let (allowed, reason) = if enchantment {
        terms.push(Term::text(
            "Enchantments go only on willing players",
            if willing { "yes" } else { "no" },
            Some(R_ENCHANTMENTS),
        ));
        if willing {
            (true, "an Enchantment on a willing player".to_string())
        } else {
            (false, "Enchantments may only be cast on willing players, whatever state the target is in".to_string())
        }
    } else {
        let mut grounds: Vec<String> = Vec::new();
        if willing {
            grounds.push(if target.is_self {
                "the target is the caster".into()
            } else {
                "the target is willing".into()
            });
        }
        for (state, rule) in
            [(TargetState::Dead, R_RANGE), (TargetState::Stunned, C_STUNNED), (TargetState::Frozen, C_FROZEN)]
        {
            if has(state) {
                terms.push(Term::text(format!("Target is {}", state.name()), "qualifies", Some(rule)));
                grounds.push(format!("the target is {}", state.name()));
            }
        }
        if has(TargetState::Insubstantial) {
            if target.can_move {
                terms.push(Term::text(
                    "Target is Insubstantial but free to move",
                    "does not qualify",
                    Some(C_INSUBSTANTIAL),
                ));
            } else {
                terms.push(Term::text("Target is Insubstantial and held in place", "qualifies", Some(C_INSUBSTANTIAL)));
                grounds.push("the target is Insubstantial and cannot leave their spot".into());
            }
        }
        if grounds.is_empty() {
            terms.push(Term::text("Willing, Dead, Stunned, Frozen or held Insubstantial", "none", Some(R_RANGE)));
            (
                false,
                "Touch needs a target that is willing, Dead, Stunned, Frozen, or Insubstantial and unable to move; this one is none of those"
                    .to_string(),
            )
        } else {
            (true, grounds.join("; "))
        }
    };

    if allowed {
        if has(TargetState::Frozen) && !enchantment {
            warnings.push("a Frozen player is affected only by abilities that work on States in general or on Frozen in particular (such as Release or Shatter)".into());
        }
        if has(TargetState::Insubstantial) && !enchantment {
            warnings.push("an Insubstantial player is affected only by abilities that work on States in general or on Insubstantial in particular".into());
        }
        if has(TargetState::Invulnerable) && !enchantment {
            terms.push(Term::text(
                "Target is Invulnerable",
                "unaffected unless the ability says otherwise",
                Some(C_INVULNERABLE),
            ));
            warnings
                .push("an Invulnerable player is unaffected unless the ability works on Invulnerable players".into());
        }
        if has(TargetState::Immune) && !enchantment {
            terms.push(Term::text("Target is Immune", "can be targeted", Some(C_IMMUNE)));
            warnings.push(
                "an Immune player may be targeted, but abilities of the School they are Immune to do not affect them"
                    .into(),
            );
        }
        if has(TargetState::Dead) {
            warnings.push("most States cannot be applied to a dead player".into());
            terms.push(Term::text("States on the dead", "most do not apply", Some(R_STATES)));
        }
    }

    TouchCheck { allowed, reason, terms, warnings }
}
