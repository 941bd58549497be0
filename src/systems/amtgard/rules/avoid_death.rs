//! Enchantments that let a "killed" player avoid death (Phoenix Tears, Troll Blood).

use super::*;

/// Seconds a player who avoids death stays Frozen (line 24).
pub const FROZEN_WHEN_DEATH_AVOIDED: i64 = 30;

/// How the strip counts are chosen, for every help text and outcome that uses them.
pub const STRIPS_INTERPRETATION: &str = "Interpretation: Phoenix Tears has 2 strips, as the document's twice-killed example implies; Troll Blood 3, from the Amtgard rulebook (this document gives none); another count can be given";

/// An enchantment worn that avoids death, and the strips (uses) it has left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ward {
    pub name: String,
    pub strips: i64,
}

/// The strips a death-avoiding enchantment the document names starts with, by name;
/// `None` for any other.
pub fn default_strips(name: &str) -> Option<i64> {
    match crate::search::normalize(name).as_str() {
        "phoenix tears" => Some(2),
        "troll blood" => Some(3),
        _ => None,
    }
}

/// Whether the document names the enchantment as one that lets its bearer avoid death.
pub fn avoids_death(name: &str) -> bool {
    default_strips(name).is_some()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Avoided {
    /// Each ward and the strips it has left (0: used up and removed).
    pub wards: Vec<Ward>,
    pub frozen_seconds: i64,
    pub terms: Vec<Term>,
}

impl Avoided {
    /// The wards used up by this death, removed as their last strip went (line 54).
    pub fn removed(&self) -> impl Iterator<Item = &Ward> {
        self.wards.iter().filter(|w| w.strips == 0)
    }
}

/// What happens when a player bearing death-avoiding enchantments is killed: every one
/// of them goes off at once and loses a strip (Ability Order, line 24: other
/// enchantments trigger together even where one would make another needless); the
/// player ignores the killing effect, is Frozen for [`FROZEN_WHEN_DEATH_AVOIDED`]
/// seconds, and has every wound removed when that Frozen ends; an enchantment whose
/// last strip goes is removed (line 54), and its Frozen stays (line 58). `None` when no
/// ward is worn: the player dies.
///
/// # Errors
/// [`Error::InvalidInput`] for a ward with no strip left (it would already be gone).
pub fn avoid_death(wards: &[Ward]) -> Result<Option<Avoided>> {
    for w in wards {
        check(&format!("strips left on {}", w.name), w.strips, (1, MAX_STRIPS))?;
    }
    if wards.is_empty() {
        return Ok(None);
    }
    // The terms add up to the seconds Frozen; the strips each ward loses are said.
    let mut terms = Vec::new();
    let mut after = Vec::new();
    for w in wards {
        let left = w.strips - 1;
        let what = if left == 0 { "last strip: removed".to_string() } else { format!("{left} left") };
        terms.push(Term::text(format!("{}: a strip is lost", w.name), what, Some(R_ENCHANTMENTS)));
        after.push(Ward { name: w.name.clone(), strips: left });
    }
    terms.push(Term::text("The killing effect", "ignored", Some(R_ABILITY_ORDER)));
    terms.push(Term::num("Frozen, seconds", FROZEN_WHEN_DEATH_AVOIDED, Some(C_FROZEN)));
    terms.push(Term::text("States on the player", "removed, as when death is avoided", Some(R_STATES)));
    terms.push(Term::text("When Frozen ends", "every wound removed", Some(R_ABILITY_ORDER)));
    Ok(Some(Avoided { wards: after, frozen_seconds: FROZEN_WHEN_DEATH_AVOIDED, terms }))
}

/// The most strips one enchantment is given here (a cap for typing mistakes).
pub const MAX_STRIPS: i64 = 10;

/// Parses `"Phoenix Tears:2, Troll Blood"` (strips left; a name alone takes its
/// starting count).
///
/// # Errors
/// [`Error::InvalidInput`] for an item with no count that the document does not name,
/// or a count outside 1 to [`MAX_STRIPS`].
pub fn parse_wards(text: &str) -> Result<Vec<Ward>> {
    items("wards", text)?
        .into_iter()
        .map(|item| {
            let (name, strips) = match item.rsplit_once(':') {
                Some((n, s)) => {
                    let strips = s.trim().parse::<i64>().map_err(|_| {
                        invalid(format!("--wards: `{item}` should be NAME:STRIPS, e.g. \"Phoenix Tears:2\""))
                    })?;
                    (tidy(n), strips)
                }
                None => {
                    let strips = default_strips(item)
                        .ok_or_else(|| invalid(format!("--wards: give the strips left on `{item}` as NAME:STRIPS")))?;
                    (tidy(item), strips)
                }
            };
            check(&format!("--wards: strips left on {name}"), strips, (1, MAX_STRIPS))?;
            Ok(Ward { name, strips })
        })
        .collect()
}

static PARAMS: &[Param] = &[Param {
    name: "wards",
    help: "death-avoiding enchantments worn, each NAME:STRIPS-LEFT, comma-separated (\"Phoenix Tears:2, Troll Blood:3\"; a name alone starts full). Interpretation: Phoenix Tears has 2 strips, as the document's twice-killed example implies; Troll Blood 3, from the Amtgard rulebook (this document gives none)",
    kind: ParamKind::Text,
    required: true,
    default: None,
}];

pub(super) fn calculator() -> Calculator {
    Calculator {
        system: SYSTEM,
        name: "avoid-death",
        summary: "A killed player bearing Phoenix Tears or Troll Blood: strips lost, Frozen 30 s, wounds removed when Frozen ends",
        params: PARAMS,
        rule: Some(R_PHOENIX_TEARS),
        run,
    }
}

fn run(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let wards = listed(i, "wards", parse_wards)?;
    let Some(a) = avoid_death(&wards)? else {
        return Err(invalid("--wards: name at least one death-avoiding enchantment"));
    };
    let left: Vec<String> =
        a.wards.iter().filter(|w| w.strips > 0).map(|w| format!("{} ({})", w.name, w.strips)).collect();
    let removed: Vec<&str> = a.removed().map(|w| w.name.as_str()).collect();
    Ok(Outcome::default()
        .field("dies", false)
        .field("frozen_seconds", a.frozen_seconds)
        .field("strips_left", if left.is_empty() { "none".into() } else { left.join(", ") })
        .field("removed", if removed.is_empty() { "none".into() } else { removed.join(", ") })
        .terms(a.terms)
        .warn(STRIPS_INTERPRETATION))
}
