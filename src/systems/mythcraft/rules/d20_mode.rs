//! How many d20s a creature rolls, which it keeps, and what it adds, under conditions.

use super::*;

/// What the d20 is rolled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum RollKind {
    /// An attack roll.
    Attack,
    /// Any other check.
    Check,
    /// A check to perceive by sound.
    Hearing,
    /// A check that relies on sight.
    Sight,
    /// Casting magic with verbal input.
    VerbalMagic,
    /// Any other roll that needs the roller to speak.
    Speech,
}

impl RollKind {
    pub const WORDS: &'static [&'static str] = <RollKind as strum::VariantNames>::VARIANTS;
}

/// The dice a roll uses.
#[derive(Debug, Clone, PartialEq)]
pub struct D20Mode {
    /// 1, 2 or 3 d20s.
    pub dice: i64,
    /// `higher`, `lower`, or `single`.
    pub keep: &'static str,
    /// Added to the kept die.
    pub modifier: i64,
    /// The roll fails without rolling.
    pub auto_fail: bool,
    pub terms: Vec<Term>,
}

impl D20Mode {
    /// "2d20 keep higher -2", "1d20", "automatic failure".
    pub fn text(&self) -> String {
        if self.auto_fail {
            return "automatic failure".into();
        }
        let mut s = match self.keep {
            "single" => "1d20".to_string(),
            keep => format!("{}d20 keep {keep}", self.dice),
        };
        if self.modifier != 0 {
            s.push_str(&format!(" {:+}", self.modifier));
        }
        s
    }

    /// The die kept of `dice` as they landed: the higher or lower of them, or the one
    /// die of a single roll; `None` when their count is not the mode's.
    pub fn kept(&self, dice: &[i64]) -> Option<i64> {
        if self.auto_fail || dice.len() as i64 != self.dice {
            return None;
        }
        match self.keep {
            "higher" => dice.iter().max().copied(),
            "lower" => dice.iter().min().copied(),
            _ => dice.first().copied(),
        }
    }
}

fn cond(slug: &str) -> String {
    format!("{SYSTEM}/condition/{slug}")
}

/// The d20 mode of a roll of `kind` by a creature with the conditions `roller` (their
/// effects, see [`condition_effects`]) against a target with the conditions `target`
/// (entry slugs). Shaken is -2 on every d20 (unless Rallied); Sickened rolls 2d20 keep
/// lower on every d20; Unseen attackers keep the higher of 2d20, attacks on an Unseen
/// target the lower; attacks on a Restrained target keep the higher; a Charmed or
/// Enthralled target's charmer keeps the higher on INT or CHA checks against it, and an
/// Enthralled target's on attacks against its ANT, LOG or WILL; a Deafened caster keeps
/// the lower for verbal magic and fails hearing checks; a Silenced one fails verbal magic
/// and any roll needing speech; an Unconscious creature rolls
/// 3d20 keeping the lowest to hear and fails sight checks.
///
/// Interpretations: a Blinded attacker treats every target as Unseen (2d20 keep lower)
/// and fails sight checks; keep-higher and keep-lower sources together cancel to one
/// d20; the same mode from several sources is rolled once.
pub fn d20_mode(kind: RollKind, roller_held: &[&str], roller: &Effects, target: &[&str]) -> D20Mode {
    let has = |slug: &str| roller_held.contains(&slug);
    let on_target = |slug: &str| target.contains(&slug);
    let mut terms = Vec::new();
    let mut higher = Vec::new();
    let mut lower = Vec::new();
    let mut fail: Option<(String, String)> = None;
    for (name, id, n) in &roller.d20_by {
        terms.push(Term::num(format!("{name}: every d20"), *n, Some(id)));
    }
    for (name, id) in &roller.lower_by {
        lower.push((format!("{name}: every d20"), id.clone()));
    }
    match kind {
        RollKind::Attack => {
            if has("unseen") {
                higher.push(("Unseen attacker".to_string(), cond("unseen")));
            }
            if has("blinded") {
                lower.push(("Blinded: every target counts as Unseen (interpretation)".to_string(), cond("blinded")));
            }
            if on_target("blinded") && !has("unseen") {
                higher.push((
                    "Target Blinded: the attacker counts as Unseen to it (interpretation)".to_string(),
                    cond("blinded"),
                ));
            }
            if on_target("restrained") {
                higher.push(("Target Restrained".to_string(), cond("restrained")));
            }
            if on_target("unseen") && !has("blinded") {
                lower.push(("Target Unseen: guess its square".to_string(), cond("unseen")));
            }
            if on_target("enthralled") {
                higher.push((
                    "Target Enthralled by the roller, attack on ANT, LOG or WILL".to_string(),
                    cond("enthralled"),
                ));
            }
        }
        RollKind::Check => {
            if on_target("enthralled") {
                higher.push(("Target Enthralled by the roller, INT or CHA check".to_string(), cond("enthralled")));
            } else if on_target("charmed") {
                higher.push(("Target Charmed by the roller, INT or CHA check".to_string(), cond("charmed")));
            }
        }
        RollKind::Hearing => {
            if has("deafened") {
                fail = Some(("Deafened: cannot hear".into(), cond("deafened")));
            }
        }
        RollKind::Sight => {
            if has("unconscious") {
                fail = Some(("Unconscious: sight checks fail".into(), cond("unconscious")));
            } else if has("blinded") {
                fail = Some(("Blinded: cannot see (interpretation)".into(), cond("blinded")));
            }
        }
        RollKind::VerbalMagic | RollKind::Speech if has("silenced") => {
            fail = Some(("Silenced: cannot speak or use verbal components".into(), cond("silenced")));
        }
        RollKind::Speech => {}
        RollKind::VerbalMagic => {
            if has("deafened") {
                lower.push(("Deafened: verbal magic".to_string(), cond("deafened")));
            }
        }
    }
    let modifier = roller.d20;
    if let Some((label, id)) = fail {
        terms.push(Term::text(label, "automatic failure", Some(&id)));
        return D20Mode { dice: 0, keep: "single", modifier, auto_fail: true, terms };
    }
    let three = kind == RollKind::Hearing && has("unconscious");
    if three {
        lower.push(("Unconscious: hearing, three dice".to_string(), cond("unconscious")));
    }
    for (label, id) in &higher {
        terms.push(Term::text(label.clone(), "keep higher", Some(id)));
    }
    for (label, id) in &lower {
        terms.push(Term::text(label.clone(), "keep lower", Some(id)));
    }
    let (dice, keep) = match (higher.is_empty(), lower.is_empty()) {
        (false, false) => {
            terms.push(Term::text("Keep higher and keep lower cancel (interpretation)", "1d20", None));
            (1, "single")
        }
        (false, true) => (2, "higher"),
        (true, false) => (if three { 3 } else { 2 }, "lower"),
        (true, true) => (1, "single"),
    };
    D20Mode { dice, keep, modifier, auto_fail: false, terms }
}
