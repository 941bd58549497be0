//! What a player keeps through death, a voluntary death, respawn, a return to life,
//! or an effect that lets them avoid death.

use super::*;

/// The event the player goes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LifeEvent {
    /// Killed.
    Death,
    /// Takes a death of their own will.
    VoluntaryDeath,
    /// Comes back on a new life.
    Respawn,
    /// Brought back to life (not a respawn) by an ability.
    ReturnToLife,
    /// An effect that lets the struck player avoid death goes off (Troll Blood, Phoenix
    /// Tears, Song of Survival).
    DeathAvoided,
}

impl LifeEvent {
    pub const OPTIONS: &'static [&'static str] =
        &["death", "voluntary-death", "respawn", "return-to-life", "death-avoided"];

    pub fn parse(raw: &str) -> Result<LifeEvent> {
        Ok(match raw.trim().to_ascii_lowercase().as_str() {
            "death" => LifeEvent::Death,
            "voluntary-death" => LifeEvent::VoluntaryDeath,
            "respawn" => LifeEvent::Respawn,
            "return-to-life" => LifeEvent::ReturnToLife,
            "death-avoided" => LifeEvent::DeathAvoided,
            _ => return Err(invalid(format!("--event must be one of {}, not `{raw}`", LifeEvent::OPTIONS.join(", ")))),
        })
    }

    fn is_death(self) -> bool {
        matches!(self, LifeEvent::Death | LifeEvent::VoluntaryDeath)
    }
}

/// A State an enchantment imparts as part of itself (Stopped from Heart of the Swarm,
/// Cursed from Vampirism).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inherent {
    pub state: TargetState,
    pub enchantment: String,
}

/// Parses `"Stopped:Heart of the Swarm, Cursed:Vampirism"`.
///
/// # Errors
/// [`Error::InvalidInput`] for an item that is not STATE:ENCHANTMENT or names no State.
pub fn parse_inherent(text: &str) -> Result<Vec<Inherent>> {
    items("inherent", text)?
        .into_iter()
        .map(|item| {
            let (state, name) = item.split_once(':').ok_or_else(|| {
                invalid(format!(
                    "--inherent: `{item}` should be STATE:ENCHANTMENT, e.g. \"Stopped:Heart of the Swarm\""
                ))
            })?;
            let state = parse_states_for("inherent", state)?
                .first()
                .copied()
                .ok_or_else(|| invalid(format!("--inherent: `{item}` names no State before the colon")))?;
            let enchantment = tidy(name);
            if enchantment.is_empty() {
                return Err(invalid(format!("--inherent: `{item}` has no enchantment after the colon")));
            }
            Ok(Inherent { state, enchantment })
        })
        .collect()
}

/// The player before the event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bearer {
    /// States from abilities (not Traits, not inherent to an enchantment).
    pub states: Vec<TargetState>,
    /// States granted by class Traits (e.g. Immunity to Subdual): never removed.
    pub trait_states: Vec<String>,
    pub enchantments: Vec<Enchantment>,
    /// Names of the enchantments that are Persistent.
    pub persistent: Vec<String>,
    pub inherent: Vec<Inherent>,
    /// For a return to life: the returning ability removes the enchantments.
    pub return_removes: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Aftermath {
    pub states: Vec<String>,
    pub removed_states: Vec<String>,
    pub active: Vec<String>,
    pub inactive: Vec<String>,
    pub removed_enchantments: Vec<String>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

fn same(a: &str, b: &str) -> bool {
    crate::search::normalize(a) == crate::search::normalize(b)
}

/// What is left after the event. Death removes every State except Cursed and Trait
/// States and leaves enchantments on but inactive (their inherent States go quiet with
/// them, except Cursed); a voluntary death also removes every enchantment; respawn
/// removes all States but Trait ones (Cursed too) and every enchantment that is not
/// Persistent; a return to life wakes the enchantments (and their inherent States)
/// unless the returning ability removes them; an effect that avoids death removes
/// States as death does but leaves the enchantments working. Cursed from an
/// enchantment stays while the enchantment is worn, active or not, and is not removed
/// with it.
///
/// Interpretations: Cursed also outlasts a death-avoiding effect (it outlasts death
/// itself); a Persistent enchantment works again after respawn, with its inherent
/// States.
///
/// # Errors
/// [`Error::InvalidInput`] for a Persistent or inherent name that is not among the
/// enchantments.
pub fn aftermath(event: LifeEvent, b: &Bearer) -> Result<Aftermath> {
    let worn = |name: &str| b.enchantments.iter().any(|e| same(&e.name, name));
    for p in &b.persistent {
        if !worn(p) {
            return Err(invalid(format!("--persistent: {p} is not among the --enchantments")));
        }
    }
    for i in &b.inherent {
        if !worn(&i.enchantment) {
            return Err(invalid(format!("--inherent: {} is not among the --enchantments", i.enchantment)));
        }
    }
    let mut a = Aftermath::default();
    let persistent = |name: &str| b.persistent.iter().any(|p| same(p, name));

    for t in &b.trait_states {
        a.states.push(t.clone());
        a.terms.push(Term::text(format!("{t} (from a Trait)"), "kept: never removed", Some(R_TRAITS)));
    }

    // Enchantments first: their inherent States follow them.
    for e in &b.enchantments {
        let label = format!("{} ({})", e.name, e.kind.as_str());
        let (list, why) = match event {
            LifeEvent::Death => (&mut a.inactive, "kept, inactive"),
            LifeEvent::VoluntaryDeath => (&mut a.removed_enchantments, "removed by a voluntary death"),
            LifeEvent::Respawn if persistent(&e.name) => (&mut a.active, "Persistent: kept"),
            LifeEvent::Respawn => (&mut a.removed_enchantments, "removed on respawn"),
            LifeEvent::ReturnToLife if b.return_removes => {
                (&mut a.removed_enchantments, "removed by the returning ability")
            }
            LifeEvent::ReturnToLife => (&mut a.active, "works again"),
            LifeEvent::DeathAvoided => (&mut a.active, "still working"),
        };
        list.push(e.name.clone());
        a.terms.push(Term::text(label, why, Some(R_ENCHANTMENTS)));
    }

    for i in &b.inherent {
        let name = i.state.name().to_string();
        let label = format!("{name} from {}", i.enchantment);
        let kept_on = a.active.iter().any(|n| same(n, &i.enchantment));
        let still_worn = kept_on || a.inactive.iter().any(|n| same(n, &i.enchantment));
        let (keep, why) = if i.state == TargetState::Cursed {
            match event {
                LifeEvent::Respawn if !still_worn => (false, "removed on respawn with its enchantment"),
                _ if still_worn => (true, "kept: cannot be removed while the enchantment is worn"),
                _ => (true, "kept: removing the enchantment does not remove Cursed"),
            }
        } else if kept_on {
            (true, "part of a working enchantment")
        } else if still_worn {
            (false, "gone while the enchantment is inactive; back if it works again")
        } else {
            (false, "gone with its enchantment")
        };
        a.terms.push(Term::text(
            label,
            why,
            Some(if i.state == TargetState::Cursed { C_CURSED } else { R_ENCHANTMENTS }),
        ));
        if keep {
            a.states.push(name);
        } else {
            a.removed_states.push(name);
        }
    }

    for s in &b.states {
        // Named both ways: the enchantment's rules govern it.
        if b.inherent.iter().any(|i| i.state == *s) {
            continue;
        }
        let name = s.name().to_string();
        let (keep, why, rule) = match (event, *s) {
            (LifeEvent::ReturnToLife, _) => (true, "unchanged by a return to life", R_STATES),
            (e, TargetState::Cursed) if e.is_death() => (true, "Cursed outlasts death", C_CURSED),
            (LifeEvent::DeathAvoided, TargetState::Cursed) => {
                (true, "Cursed outlasts this too (interpretation: it outlasts death itself)", C_CURSED)
            }
            (LifeEvent::Respawn, TargetState::Cursed) => (false, "Cursed ends on respawn", C_CURSED),
            (LifeEvent::Respawn, _) => (false, "removed on respawn", R_STATES),
            (LifeEvent::DeathAvoided, _) => (false, "removed when death is avoided", R_STATES),
            _ => (false, "removed on death", R_STATES),
        };
        a.terms.push(Term::text(name.clone(), why, Some(rule)));
        if keep {
            a.states.push(name);
        } else {
            a.removed_states.push(name);
        }
    }
    if event == LifeEvent::ReturnToLife && b.states.iter().any(|s| *s != TargetState::Cursed) {
        a.warnings.push(
            "a dead player keeps no States but Cursed and Trait States; the others given were already gone at death"
                .into(),
        );
    }
    Ok(a)
}

fn joined(list: &[String]) -> String {
    if list.is_empty() {
        "none".into()
    } else {
        list.join(", ")
    }
}

static PARAMS: &[Param] = &[
    Param {
        name: "event",
        help: "death, voluntary-death, respawn, return-to-life, or death-avoided (Troll Blood, Phoenix Tears, Song of Survival going off). Interpretation: Cursed outlasts death-avoided too",
        kind: ParamKind::Choice { options: LifeEvent::OPTIONS },
        required: false,
        default: Some("death"),
    },
    Param {
        name: "states",
        help: "States on the player from abilities, comma-separated (Cursed, Stopped, Frozen, …)",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "trait-states",
        help: "States the player has from class Traits, comma-separated (e.g. \"Immune to Subdual\"): kept through everything",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "enchantments",
        help: "worn enchantments, each m:NAME or ex:NAME, comma-separated",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "persistent",
        help: "names of the worn enchantments that are Persistent, comma-separated. Interpretation: they work again after respawn",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "inherent",
        help: "States an enchantment imparts as part of itself, each STATE:ENCHANTMENT (e.g. \"Stopped:Heart of the Swarm, Cursed:Vampirism\")",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "with-blow",
        help: "for death: States given with the killing blow itself, comma-separated (they take effect before the death; Cursed then stays)",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "return-removes",
        help: "for return-to-life: the ability that brings the player back removes their enchantments",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "death",
        summary: "Which States (ability, Trait and enchantment ones) and enchantments survive death, a voluntary death, respawn, a return to life or an avoided death",
        params: PARAMS,
        rule: Some(R_STATES),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let event = LifeEvent::parse(i.choice("event")?.unwrap_or("death"))?;
    let mut states = listed(i, "states", parse_states)?;
    if states.contains(&TargetState::Dead) {
        return Err(invalid("--states: Dead is not a State here; choose the --event instead"));
    }
    // States that land with the killing blow count as there before the death, so the
    // death (and not their absence) decides which of them stay.
    let with_blow = listed(i, "with-blow", |t| parse_states_for("with-blow", t))?;
    if !with_blow.is_empty() && event != LifeEvent::Death {
        return Err(invalid("--with-blow: States given with a killing blow go with --event death"));
    }
    if with_blow.contains(&TargetState::Dead) {
        return Err(invalid("--with-blow: Dead is not a State"));
    }
    let mut blow_terms = Vec::new();
    for s in with_blow {
        blow_terms.push(Term::text(
            format!("{} given with the killing blow", s.name()),
            "took effect before the death",
            Some(R_STATES),
        ));
        if !states.contains(&s) {
            states.push(s);
        }
    }
    let bearer = Bearer {
        states,
        trait_states: listed_names(i, "trait-states")?,
        enchantments: listed(i, "enchantments", parse_enchantments)?,
        persistent: listed_names(i, "persistent")?,
        inherent: listed(i, "inherent", parse_inherent)?,
        return_removes: i.flag("return-removes"),
    };
    let a = aftermath(event, &bearer)?;
    let mut out = Outcome::default()
        .field("states", joined(&a.states))
        .field("removed_states", joined(&a.removed_states))
        .field("active_enchantments", joined(&a.active))
        .field("inactive_enchantments", joined(&a.inactive))
        .field("removed_enchantments", joined(&a.removed_enchantments))
        .terms(blow_terms)
        .terms(a.terms);
    out = out.warn_all(a.warnings);
    Ok(out)
}
