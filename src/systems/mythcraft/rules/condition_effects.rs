//! What conditions do to a combatant's AP, speed, defenses and d20 rolls.
//!
//! The document words its conditions for monsters ("creature actions"). An adventurer
//! spends AP instead, so each limit on creature actions is read as the same limit on
//! the AP gained at the start of a turn; those readings are marked as interpretations
//! in [`EFFECTS`] and in the terms.

use super::*;

/// A limit on the AP a turn starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApLimit {
    /// None at all (Paralyzed; Unconscious; surprised in the first round).
    None,
    /// Half, rounded down (Staggered).
    Half,
    /// One fewer, at least 1 (Chilled).
    OneFewer,
    /// One fewer, and at most 2 (Dazed).
    OneFewerAtMostTwo,
    /// At most 1 (Stunned).
    AtMostOne,
}

/// TA and TD that hang on one named creature: Focused's chosen target, the one who
/// Taunted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marked {
    /// Who it is, as the tracker says it.
    pub who: &'static str,
    /// TA on attacks against that creature.
    pub ta: i64,
    /// TD on attacks against any other.
    pub td_others: i64,
}

/// What one condition does, as far as the tracker can show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConditionEffect {
    /// The last part of the condition's entry id.
    pub slug: &'static str,
    /// The conditions it brings with it (the entry's `implies`).
    pub includes: &'static [&'static str],
    pub ap: Option<ApLimit>,
    /// `Some(0)` for no movement, `Some(2)` for halved.
    pub speed_divisor: Option<i64>,
    /// Bonus to AR and physical defenses.
    pub defenses: i64,
    /// Added to every d20 roll.
    pub d20: i64,
    /// Every d20 is rolled twice, keeping the lower.
    pub d20_lower: bool,
    /// Tactical Disadvantage on its own attacks.
    pub td: i64,
    /// Tactical Advantage on its own attacks.
    pub ta: i64,
    /// It cannot take reactions (nor spend Reactive AP).
    pub no_reactions: bool,
    /// What attacks against it get.
    pub against: Option<&'static str>,
    /// The rolls it fails without rolling.
    pub fails: Option<&'static str>,
    /// What it cannot do at all.
    pub cannot: Option<&'static str>,
    /// TA and TD that depend on whom it attacks.
    pub marked: Option<Marked>,
    /// What it does that hangs on something the tracker cannot see.
    pub note: Option<&'static str>,
    /// The reading of a monster rule for an adventurer, when there is one.
    pub interpretation: Option<&'static str>,
}

const NONE: ConditionEffect = ConditionEffect {
    slug: "",
    includes: &[],
    ap: None,
    speed_divisor: None,
    defenses: 0,
    d20: 0,
    d20_lower: false,
    td: 0,
    ta: 0,
    no_reactions: false,
    against: None,
    fails: None,
    cannot: None,
    marked: None,
    note: None,
    interpretation: None,
};

/// Every condition with an effect the tracker shows.
pub const EFFECTS: &[ConditionEffect] = &[
    ConditionEffect { slug: "broken", includes: &["frightened", "shaken"], ..NONE },
    ConditionEffect {
        slug: "chilled",
        ap: Some(ApLimit::OneFewer),
        interpretation: Some("one fewer creature action read as 1 AP fewer (at least 1)"),
        ..NONE
    },
    ConditionEffect {
        slug: "charmed",
        against: Some("the one who Charmed it has TA against its ANT, LOG and WILL"),
        ..NONE
    },
    ConditionEffect {
        slug: "blinded",
        against: Some("its attackers count as Unseen to it: TA, and 2d20 keeping the higher"),
        fails: Some("anything that needs sight"),
        note: Some("every other creature counts as Unseen to it: its attacks have TD and roll 2d20 keeping the lower"),
        interpretation: Some("Unseen to it works on both sides, each counted once with Concealed and Unseen"),
        ..NONE
    },
    ConditionEffect {
        slug: "concealed",
        ta: 1,
        against: Some("attacks against it have TD"),
        interpretation: Some("its TA needs it to see its enemy"),
        ..NONE
    },
    ConditionEffect {
        slug: "dazed",
        ap: Some(ApLimit::OneFewerAtMostTwo),
        no_reactions: true,
        interpretation: Some("creature actions cut to 2 and one fewer taken, read as AP: one fewer, at most 2"),
        ..NONE
    },
    ConditionEffect { slug: "demoralized", against: Some("every attack against it has TA"), ..NONE },
    ConditionEffect {
        slug: "focused",
        marked: Some(Marked { who: "the target named when it became Focused", ta: 1, td_others: 0 }),
        ..NONE
    },
    ConditionEffect { slug: "frightened", td: 1, ..NONE },
    ConditionEffect { slug: "grappled-and-grappling", speed_divisor: Some(0), ..NONE },
    ConditionEffect {
        slug: "grounded",
        cannot: Some("teleport or shift planes, by its own power or another's"),
        ..NONE
    },
    ConditionEffect { slug: "helpless", against: Some("melee damage takes all its HP"), ..NONE },
    ConditionEffect {
        slug: "paralyzed",
        includes: &["helpless"],
        ap: Some(ApLimit::None),
        speed_divisor: Some(0),
        no_reactions: true,
        ..NONE
    },
    ConditionEffect {
        slug: "phobic",
        note: Some("Frightened while the subject of its phobia is in sight (add Frightened then); lasts until removed"),
        ..NONE
    },
    ConditionEffect {
        slug: "pinned",
        includes: &["prone", "grappled-and-grappling"],
        td: 1,
        against: Some("melee attacks against it have TA, ranged ones TD"),
        ..NONE
    },
    ConditionEffect { slug: "prone", td: 1, against: Some("melee attacks against it have TA, ranged ones TD"), ..NONE },
    ConditionEffect { slug: "protected", defenses: 2, ..NONE },
    ConditionEffect {
        slug: "restrained",
        includes: &["grappled-and-grappling"],
        against: Some("attackers roll 2d20 and keep the higher"),
        ..NONE
    },
    ConditionEffect { slug: "shaken", d20: -2, ..NONE },
    ConditionEffect { slug: "sickened", d20_lower: true, ..NONE },
    ConditionEffect { slug: "silenced", fails: Some("rolls needing speech or verbal components"), ..NONE },
    ConditionEffect { slug: "slowed", speed_divisor: Some(2), ..NONE },
    ConditionEffect {
        slug: "staggered",
        ap: Some(ApLimit::Half),
        interpretation: Some("half the creature actions read as half the AP, rounded down"),
        ..NONE
    },
    ConditionEffect {
        slug: "stunned",
        ap: Some(ApLimit::AtMostOne),
        interpretation: Some("creature actions cut to 1 read as at most 1 AP"),
        ..NONE
    },
    ConditionEffect { slug: "suppressed", speed_divisor: Some(0), ..NONE },
    ConditionEffect {
        slug: "taunt",
        marked: Some(Marked { who: "the creature that Taunted it", ta: 1, td_others: 1 }),
        ..NONE
    },
    ConditionEffect {
        slug: "unconscious",
        includes: &["helpless"],
        ap: Some(ApLimit::None),
        speed_divisor: Some(0),
        no_reactions: true,
        interpretation: Some("an Unconscious creature takes no actions"),
        ..NONE
    },
    ConditionEffect {
        slug: "unseen",
        // Its own TA (line 446), and Concealed's besides: the document counts every
        // source of TA (line 19), and an Unseen creature is also Concealed.
        ta: 1,
        includes: &["concealed"],
        against: Some("attackers pick a square and roll 2d20, keeping the lower"),
        ..NONE
    },
];

/// The conditions whose effects Rallied holds off while it lasts.
const RALLIED_SUPPRESSES: [&str; 3] = ["demoralized", "frightened", "shaken"];

/// What a combatant's conditions add up to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Effects {
    /// Limits on the AP a turn starts with, in the order met: the condition's name as
    /// shown, its entry id, the limit.
    pub ap: Vec<(String, String, ApLimit)>,
    /// Each condition that changes speed, with its entry id and divisor (0 for no
    /// movement, 2 for halved).
    pub speed_by: Vec<(String, String, i64)>,
    pub defenses: i64,
    /// Each condition that changes AR and physical defenses, with its entry id and bonus.
    pub defenses_by: Vec<(String, String, i64)>,
    pub d20: i64,
    /// Each condition that shifts every d20, with its entry id and shift.
    pub d20_by: Vec<(String, String, i64)>,
    pub d20_lower: bool,
    /// Each condition that has every d20 rolled twice, keeping the lower (name, entry id).
    pub lower_by: Vec<(String, String)>,
    pub td: i64,
    /// Tactical Advantage on its own attacks.
    pub ta: i64,
    pub no_reactions: bool,
    /// What attacks against it get, each with the condition that gives it.
    pub against: Vec<String>,
    /// The rolls it fails without rolling, each with the condition that says so.
    pub fails: Vec<String>,
    /// What it cannot do, each with the condition that says so.
    pub cannot: Vec<String>,
    /// TA and TD hanging on one creature: the condition's slug, name as shown, entry
    /// id, and the mark.
    pub marked: Vec<(&'static str, String, String, Marked)>,
    /// Every condition in force, its own or brought by another (the last part of the
    /// entry id), Rallied's suppressed ones left out.
    pub seen: Vec<String>,
    /// One line per effect, for the tracker.
    pub lines: Vec<String>,
    pub terms: Vec<Term>,
}

fn condition_id(slug: &str) -> String {
    format!("{SYSTEM}/condition/{slug}")
}

fn title(slug: &str) -> String {
    let mut s = slug.replace('-', " ");
    if let Some(first) = s.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    s
}

/// The effects of the conditions `held` (by the last part of their entry ids), each
/// counted once however many conditions bring it; Rallied suppresses Demoralized,
/// Frightened and Shaken.
pub fn condition_effects(held: &[&str]) -> Effects {
    let mut seen: Vec<&str> = Vec::new();
    let mut queue: Vec<(&str, Option<&str>)> = held.iter().map(|s| (*s, None)).collect();
    let rallied = held.contains(&"rallied");
    let mut out = Effects::default();
    while let Some((slug, via)) = queue.pop() {
        if seen.contains(&slug) {
            continue;
        }
        seen.push(slug);
        if !(rallied && RALLIED_SUPPRESSES.contains(&slug)) {
            out.seen.push(slug.to_string());
        }
        let Some(e) = EFFECTS.iter().find(|e| e.slug == slug) else { continue };
        queue.extend(e.includes.iter().map(|i| (*i, Some(slug))));
        let name = match via {
            Some(v) => format!("{} (through {})", title(slug), title(v)),
            None => title(slug),
        };
        if rallied && RALLIED_SUPPRESSES.contains(&slug) {
            out.lines.push(format!("{name}: held off while Rallied"));
            out.terms.push(Term::text(name, "suppressed by Rallied", Some(&condition_id("rallied"))));
            continue;
        }
        let id = condition_id(slug);
        let said = gather(&mut out, e, &name, &id);
        if said.is_empty() {
            continue;
        }
        let mut text = said.join("; ");
        if let Some(i) = e.interpretation {
            text.push_str(&format!(" [interpretation: {i}]"));
        }
        out.lines.push(format!("{name}: {text}"));
        out.terms.push(Term::text(name, text, Some(&id)));
    }
    out
}

/// Adds one condition's effects to `out`, and says each in a few words.
fn gather(out: &mut Effects, e: &ConditionEffect, name: &str, id: &str) -> Vec<String> {
    let mut said = Vec::new();
    if let Some(limit) = e.ap {
        out.ap.push((name.to_string(), id.to_string(), limit));
        said.push(match limit {
            ApLimit::None => "no AP".to_string(),
            ApLimit::Half => "half the AP".into(),
            ApLimit::OneFewer => "1 AP fewer (at least 1)".into(),
            ApLimit::OneFewerAtMostTwo => "1 AP fewer, at most 2".into(),
            ApLimit::AtMostOne => "at most 1 AP".into(),
        });
    }
    if let Some(d) = e.speed_divisor {
        out.speed_by.push((name.to_string(), id.to_string(), d));
        said.push(if d == 0 { "speed 0".into() } else { "speed halved".into() });
    }
    if e.defenses != 0 {
        out.defenses += e.defenses;
        out.defenses_by.push((name.to_string(), id.to_string(), e.defenses));
        said.push(format!("{:+} to AR and physical defenses", e.defenses));
    }
    if e.d20 != 0 {
        out.d20 += e.d20;
        out.d20_by.push((name.to_string(), id.to_string(), e.d20));
        said.push(format!("{:+} to every d20", e.d20));
    }
    if e.d20_lower {
        out.d20_lower = true;
        out.lower_by.push((name.to_string(), id.to_string()));
        said.push("every d20 rolled twice, lower kept".into());
    }
    if e.td != 0 {
        out.td += e.td;
        said.push(format!("{} TD on its attacks", e.td));
    }
    if e.ta != 0 {
        out.ta += e.ta;
        said.push(format!("{} TA on its attacks", e.ta));
    }
    if e.no_reactions {
        out.no_reactions = true;
        said.push("no reactions".into());
    }
    if let Some(f) = e.fails {
        out.fails.push(format!("{f} ({name})"));
        said.push(format!("fails {f}"));
    }
    if let Some(c) = e.cannot {
        out.cannot.push(format!("{c} ({name})"));
        said.push(format!("cannot {c}"));
    }
    if let Some(m) = e.marked {
        out.marked.push((e.slug, name.to_string(), id.to_string(), m));
        said.push(if m.td_others > 0 {
            format!("{} TA attacking {}, {} TD attacking any other", m.ta, m.who, m.td_others)
        } else {
            format!("{} TA attacking {}", m.ta, m.who)
        });
    }
    if let Some(a) = e.against {
        out.against.push(format!("{a} ({name})"));
        said.push(a.to_string());
    }
    if let Some(n) = e.note {
        said.push(n.to_string());
    }
    said
}

/// One step of a limit on AP or creature actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// One fewer, never below `floor` (unless already below it).
    Fewer {
        floor: i64,
    },
    Half,
    Cap(i64),
}

fn steps(limit: ApLimit) -> &'static [Step] {
    match limit {
        ApLimit::None => &[Step::Cap(0)],
        ApLimit::Half => &[Step::Half],
        ApLimit::OneFewer => &[Step::Fewer { floor: 1 }],
        ApLimit::OneFewerAtMostTwo => &[Step::Fewer { floor: 0 }, Step::Cap(2)],
        ApLimit::AtMostOne => &[Step::Cap(1)],
    }
}

/// The AP (or creature actions) a turn starts with after the limits in `effects`,
/// with the terms.
///
/// Interpretation: the document does not say how limits combine. Here every "one
/// fewer" comes off first, then halving (rounded down), then the caps (at most 2, at
/// most 1, none), so a cap always holds: Dazed and Stunned together leave at most 1.
pub fn limit_ap(ap: i64, effects: &Effects) -> (i64, Vec<Term>) {
    let mut left = ap;
    let mut terms = Vec::new();
    for phase in 0..3 {
        for (name, condition, limit) in &effects.ap {
            for step in steps(*limit) {
                let before = left;
                left = match (phase, step) {
                    (0, Step::Fewer { floor }) => (left - 1).max((*floor).min(left)),
                    (1, Step::Half) => left / 2,
                    (2, Step::Cap(n)) => left.min(*n),
                    _ => continue,
                };
                if left != before {
                    terms.push(Term::num(format!("{name}: AP or actions"), left - before, Some(condition)));
                }
            }
        }
    }
    (left, terms)
}
