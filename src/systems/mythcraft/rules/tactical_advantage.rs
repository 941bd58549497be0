//! Tactical advantage.

use super::*;

/// Sources of TA or TD, and hostile creatures within 5 ft, accepted.
pub const SOURCES_MAX: i64 = 20;

/// What kind of attack the d20 is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum AttackKind {
    Weapon,
    Spell,
    Maneuver,
    Other,
}

impl AttackKind {
    pub const WORDS: &'static [&'static str] = <AttackKind as strum::VariantNames>::VARIANTS;

    pub fn parse(s: &str) -> Result<AttackKind> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("attack must be one of {}, not `{s}`", AttackKind::WORDS.join(", ")))
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tactical {
    /// What to add to the d20.
    pub modifier: i64,
    pub ta_counted: i64,
    pub td_counted: i64,
    pub terms: Vec<Term>,
}

/// The d20 modifier from TA and TD sources: +1 per TA on weapon attacks only, -1 per TD
/// on any attack, and one more TD per hostile creature within 5 ft of a ranged attacker.
///
/// # Errors
/// Any count outside 0..=20.
pub fn tactical(ta: i64, td: i64, kind: AttackKind, ranged_foes_adjacent: i64) -> Result<Tactical> {
    check("TA sources", ta, (0, SOURCES_MAX))?;
    check("TD sources", td, (0, SOURCES_MAX))?;
    check("hostile creatures within 5 ft", ranged_foes_adjacent, (0, SOURCES_MAX))?;
    let mut terms = Vec::new();
    let ta_counted = if kind == AttackKind::Weapon { ta } else { 0 };
    if ta > 0 {
        if kind == AttackKind::Weapon {
            terms.push(Term::num("TA sources", ta, Some(R_TA)));
        } else {
            terms.push(Term::num(format!("TA sources ({ta}) help weapon attacks only"), 0, Some(R_TA)));
        }
    }
    if td > 0 {
        terms.push(Term::num("TD sources", -td, Some(R_TA)));
    }
    if ranged_foes_adjacent > 0 {
        terms.push(Term::num("Ranged with foes within 5 ft: TD each", -ranged_foes_adjacent, Some(R_RANGED_IN_MELEE)));
    }
    let td_counted = td + ranged_foes_adjacent;
    Ok(Tactical { modifier: ta_counted - td_counted, ta_counted, td_counted, terms })
}

/// What tracked conditions give one attack.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AttackSituation {
    pub ranged: bool,
    /// Against ANT, LOG or WILL.
    pub mental: bool,
    /// The attacker is the one who Charmed the target.
    pub charmer: bool,
    /// The target is Partially Surprised, in the first two rounds, and the attacker is not.
    pub target_surprised: bool,
    /// The target is the one the attacker is Focused on.
    pub focus_target: bool,
    /// The target is the one who Taunted the attacker.
    pub taunter: bool,
}

/// The TA and TD sources the attacker's and target's conditions give an attack: the
/// attacker's own TD (Frightened, Prone, Pinned, a surprised second round) and TA
/// (Concealed, which Unseen includes); against a Concealed target TD; a Prone target TA
/// for melee and TD for ranged; a Demoralized target TA; the charmer's TA against a
/// Charmed target's ANT, LOG or WILL; TA against the Partially Surprised.
/// Focused gives TA against its chosen target; Taunt TA against the taunter and TD
/// against anyone else.
/// Interpretation: a Pinned target's melee TA and ranged TD are its Prone's, counted once.
/// Interpretation: to a Blinded creature every other counts as Unseen (line 265): its
/// attacks have the TD of a Concealed target, and attacks on it the TA of an Unseen attacker.
pub fn condition_tactics(attacker: &Effects, target: &Effects, at: AttackSituation) -> (i64, i64, Vec<Term>) {
    let on = |slug: &str| target.seen.iter().any(|s| s == slug);
    let cid = |slug: &str| format!("{SYSTEM}/condition/{slug}");
    let mut ta = attacker.ta;
    let mut td = attacker.td;
    let mut terms = Vec::new();
    if attacker.ta > 0 {
        terms.push(Term::num("Attacker's conditions: TA", attacker.ta, Some(&cid("concealed"))));
    }
    if attacker.td > 0 {
        terms.push(Term::num("Attacker's conditions: TD", -attacker.td, Some(R_TA)));
    }
    // Concealed's TA is for one that can see its enemy (line 289): not a Blinded one's.
    let sees_not = |slug: &str| attacker.seen.iter().any(|s| s == slug);
    if sees_not("concealed") && sees_not("blinded") && ta > 0 {
        ta -= 1;
        terms.push(Term::num("Attacker Blinded: no Concealed TA without sight", -1, Some(&cid("concealed"))));
    }
    let mut add = |yes: bool, ta_side: bool, label: &str, slug: &str, terms: &mut Vec<Term>| {
        if yes {
            if ta_side {
                ta += 1;
                terms.push(Term::num(format!("{label}: TA"), 1, Some(&cid(slug))));
            } else {
                td += 1;
                terms.push(Term::num(format!("{label}: TD"), -1, Some(&cid(slug))));
            }
        }
    };
    let mine = |slug: &str| attacker.seen.iter().any(|s| s == slug);
    add(on("concealed"), false, "Target Concealed", "concealed", &mut terms);
    // Line 265: to a Blinded creature every other is Unseen, so Concealed (line 444):
    // TD on its attacks, TA for its attackers; a Concealed or Unseen one counted once.
    add(
        mine("blinded") && !on("concealed"),
        false,
        "Attacker Blinded: the target counts as Unseen, so Concealed (interpretation)",
        "blinded",
        &mut terms,
    );
    add(
        on("blinded") && !mine("unseen"),
        true,
        "Target Blinded: the attacker counts as Unseen to it (interpretation)",
        "blinded",
        &mut terms,
    );
    add(on("prone") && !at.ranged, true, "Target Prone, melee", "prone", &mut terms);
    add(on("prone") && at.ranged, false, "Target Prone, ranged", "prone", &mut terms);
    add(on("demoralized"), true, "Target Demoralized", "demoralized", &mut terms);
    add(on("charmed") && at.charmer && at.mental, true, "Target Charmed by the attacker", "charmed", &mut terms);
    add(at.target_surprised, true, "Target surprised", "surprise-partial", &mut terms);
    for (slug, name, id, m) in &attacker.marked {
        let on_mark = match *slug {
            "focused" => at.focus_target,
            "taunt" => at.taunter,
            _ => false,
        };
        if on_mark {
            ta += m.ta;
            terms.push(Term::num(format!("{name}: attacking {}, TA", m.who), m.ta, Some(id)));
        } else if m.td_others > 0 {
            td += m.td_others;
            terms.push(Term::num(format!("{name}: attacking another, TD"), -m.td_others, Some(id)));
        }
    }
    (ta, td, terms)
}
