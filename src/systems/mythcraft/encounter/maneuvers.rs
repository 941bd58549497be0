//! The basic and advanced maneuvers (lines 178-237): Dodge, Stand, Hide, Shove, Trip
//! and Disarm, each paid for as its entry says.

use super::attack::tactics;
use super::conditions::{effects, gain_condition, lose_condition};
use super::defense::{adventurer, defense_total};
use super::spend::pay;
use crate::encounters::{Act, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::{Param, ParamKind, Term};
use crate::systems::mythcraft::rules::{
    attack_lands, maneuver_cost, shove_allowed, AttackKind, AttackSituation, ROLL_MAX, ROLL_MIN,
};

/// What the maneuvers' roll help adds: Tome applies the tracked conditions' TD, as it
/// does for attacks (line 19 counts TD on maneuvers; TA only on weapon attacks).
macro_rules! tactics_note {
    () => {
        ", before TD: Tome takes off the TD of the conditions it tracks (the roller Prone, Pinned or Frightened, a Concealed target, a surprised second round…); TA helps only weapon attacks, so none is added"
    };
}
pub(super) use tactics_note;

/// The roller is Taunted and this target is its taunter (so no Taunt TD).
pub(super) const TAUNTER: Param = Param {
    name: "taunter",
    help: "The roller is Taunted, and this target is the one who Taunted it (any other target: TD).",
    kind: ParamKind::Flag,
    required: false,
    default: None,
};

pub(super) const fn roll(name: &'static str, help: &'static str, required: bool) -> Param {
    Param { name, help, kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX }, required, default: None }
}

pub(super) static WAKE_PARAMS: &[Param] = &[Param {
    name: "target",
    help: "The Unconscious creature shaken awake, by name.",
    kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
    required: true,
    default: None,
}];

pub(super) const TARGET: Param = Param {
    name: "target",
    help: "The creature, by name.",
    kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
    required: true,
    default: None,
};
pub(super) const NATURAL: Param = Param {
    name: "natural",
    help: "The d20 as it landed, if told: 1 always misses, 20 always lands.",
    kind: ParamKind::Int { min: 1, max: 20 },
    required: false,
    default: None,
};

pub(super) static TRIP_PARAMS: &[Param] = &[
    TARGET,
    roll("roll", concat!("The STR attack total", tactics_note!(), "."), true),
    roll("defense", "The target's REF, when its stats do not give it (Tome adds Dodge and Protected).", false),
    NATURAL,
    TAUNTER,
];
pub(super) static SHOVE_PARAMS: &[Param] = &[
    TARGET,
    roll("roll", concat!("The STR attack total", tactics_note!(), "."), true),
    roll("defense", "The target's FORT, when its stats do not give it (Tome adds Dodge and Protected).", false),
    NATURAL,
    TAUNTER,
];
pub(super) static DISARM_PARAMS: &[Param] = &[
    TARGET,
    roll("roll", concat!("The STR attack total", tactics_note!(), "."), true),
    roll(
        "defense",
        "The target's REF or FORT, as it chooses, when its stats do not give them (left out: the better of the two; Tome adds Dodge and Protected).",
        false,
    ),
    NATURAL,
    TAUNTER,
    Param { name: "item", help: "What it holds that it drops.", kind: ParamKind::Text, required: false, default: None },
];
pub(super) static HIDE_PARAMS: &[Param] = &[
    roll("roll", "The DEX (Sneaking) total, without Shaken's −2 (Tome adds it).", true),
    roll(
        "against",
        "The best AWR (Perceiving) total among the creatures within 30 ft; leave out when none is there. Interpretation: a tie goes to the watcher.",
        false,
    ),
];

/// The defenses each contested maneuver meets (lines 187-189, 199): Trip the target's
/// REF, Shove its FORT, Disarm and Grapple either, the target's choice.
fn defenses_met(slug: &str) -> &'static [&'static str] {
    match slug {
        "trip" => &["ref"],
        "shove" => &["fort"],
        _ => &["ref", "fort"],
    }
}

/// The defense a maneuver meets before the target's bonuses: the one typed, or else the
/// target's recorded one (of two it may choose, the better: Interpretation, a creature
/// chooses the defense that serves it), as `attack` reads the target's AR.
pub(super) fn maneuver_defense(
    target: &crate::encounters::Combatant,
    typed: Option<i64>,
    slug: &str,
) -> Result<(i64, Option<Term>)> {
    if let Some(n) = typed {
        return Ok((n, None));
    }
    let which = defenses_met(slug);
    let known: Vec<(i64, Option<Term>)> =
        which.iter().filter_map(|d| super::attack::base_defense(target, d, None).ok()).collect();
    if known.len() < which.len() {
        let names: Vec<String> = which.iter().map(|d| d.to_uppercase()).collect();
        return Err(Error::NeedsNumber(format!(
            "Tome does not know {}'s {}: type the defense (--defense), or set its {} stat",
            target.name,
            names.join(" or "),
            which.join(" and ")
        )));
    }
    Ok(known.into_iter().max_by_key(|(n, _)| *n).expect("one or more defenses"))
}

/// Pays a maneuver's cost, as an adventurer or a creature.
fn pay_for(s: &mut State, who: usize, slug: &str, what: &str) -> Result<Outcome> {
    let (n, term) = maneuver_cost(slug, adventurer(&s.combatants[who]))?;
    let mut out = pay(s, who, n, what)?;
    out.terms.insert(0, term);
    Ok(out)
}

/// A maneuver's roll after the TA and TD the tracked conditions give it, as an attack's
/// (TA counts for nothing here: line 19 gives it to weapon attacks only); `target` is
/// `None` when Tome does not know whom it is made against.
pub(super) fn maneuver_roll(s: &State, act: &Act<'_>, target: Option<usize>) -> Result<(i64, Vec<Term>)> {
    let situation = AttackSituation {
        ranged: false,
        mental: false,
        charmer: false,
        target_surprised: false,
        focus_target: false,
        taunter: act.inputs.flag("taunter"),
    };
    tactics(s, act.who(), target, situation, AttackKind::Maneuver, 0, act.inputs.int("roll")?)
}

/// The target of a contested maneuver, its roll (with the TD of tracked conditions)
/// against the defense (with the target's bonuses): whether it lands, and the outcome
/// so far.
fn contest(s: &mut State, act: &Act<'_>, slug: &str, what: &str) -> Result<(usize, bool, Outcome)> {
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    if target == act.who() {
        return Err(Error::InvalidInput(format!("{what} needs another creature as its target")));
    }
    refuse_dead(&s.combatants[target], what)?;
    let (roll, mut terms) = maneuver_roll(s, act, Some(target))?;
    let (base, known) = maneuver_defense(&s.combatants[target], act.inputs.opt_int("defense")?, slug)?;
    terms.extend(known);
    let (defense, t) = defense_total(&s.combatants[target], "ref", base, false)?;
    terms.extend(t);
    let (hit, t) = attack_lands(roll, defense, act.inputs.opt_int("natural")?)?;
    terms.extend(t);
    let paid = pay_for(s, act.who(), slug, what)?;
    let mut out = Outcome {
        lines: vec![format!(
            "{} tries to {what} {}: {}",
            s.combatants[act.who()].name,
            s.combatants[target].name,
            if hit { "it lands" } else { "it misses" }
        )],
        terms,
    };
    out.lines.extend(paid.lines);
    out.terms.extend(paid.terms);
    Ok((target, hit, out))
}

/// A maneuver's target must be alive, as an attack's must: a corpse is not tripped,
/// shoved, disarmed or grappled.
pub(super) fn refuse_dead(target: &crate::encounters::Combatant, what: &str) -> Result<()> {
    if target.value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is dead: there is no one to {what}", target.name)));
    }
    Ok(())
}

pub(super) fn dodge(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    if s.combatants[who].value("dodging") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} is already Dodging until the start of its next turn (a second Dodge adds nothing)",
            s.combatants[who].name
        )));
    }
    let mut out = pay_for(s, who, "dodge", "Dodge")?;
    let c = &mut s.combatants[who];
    c.set("dodging", 1);
    out.lines.insert(0, format!("{} Dodges: +2 to AR and physical defenses until the start of its next turn", c.name));
    Ok(out)
}

pub(super) fn stand(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let c = &s.combatants[who];
    // Prone held outright or brought by another condition: Pinned includes it (line 369).
    let seen = effects(c).seen;
    if !seen.iter().any(|x| x == "prone") {
        return Err(Error::InvalidInput(format!("{} is not Prone: there is nothing to stand up from", c.name)));
    }
    if super::stats::speed(c) == 0 {
        return Err(Error::InvalidInput(format!("{}'s speed is 0: it cannot Stand", c.name)));
    }
    if seen.iter().any(|x| x == "pinned") {
        return Err(Error::InvalidInput(format!(
            "{} is Pinned, and Pinned keeps it Prone: Interpretation: standing cannot end Pinned, so it must break free (escape) or the MC lift Pinned first",
            c.name
        )));
    }
    let mut out = pay_for(s, who, "stand", "Stand")?;
    let c = &mut s.combatants[who];
    lose_condition(c, "prone");
    out.lines.insert(0, format!("{} stands up: no longer Prone", c.name));
    Ok(out)
}

/// Drop Prone (lines 185, 222): free, it gains the Prone condition.
pub(super) fn drop_prone(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    if effects(&s.combatants[who]).seen.iter().any(|x| x == "prone") {
        return Err(Error::InvalidInput(format!("{} is already Prone", s.combatants[who].name)));
    }
    let mut out = pay_for(s, who, "drop-prone", "Drop Prone")?;
    let c = &mut s.combatants[who];
    gain_condition(c, ("mythcraft/condition/prone", "Prone"));
    out.lines.insert(0, format!("{} drops Prone", c.name));
    Ok(out)
}

/// Shaking an Unconscious creature awake (line 442): another creature spends 1 creature
/// action (for an adventurer, interpretation: 1 AP, as the tracker counts a creature
/// action) on one that has at least 1 HP.
///
/// Interpretation: "they" with at least 1 HP is the sleeper, whom 0 HP keeps down.
pub(super) fn wake(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    if target == who {
        return Err(Error::InvalidInput(format!(
            "{} cannot shake itself awake: another creature does it",
            s.combatants[who].name
        )));
    }
    let sleeper = &s.combatants[target];
    if !sleeper.has("unconscious") {
        return Err(Error::InvalidInput(format!("{} is not Unconscious: there is no one to wake", sleeper.name)));
    }
    if sleeper.value("hp") < 1 {
        return Err(Error::InvalidInput(format!(
            "{} has 0 HP: only a creature with at least 1 HP can be shaken awake",
            sleeper.name
        )));
    }
    let mut out = pay(s, who, 1, "Shaking awake")?;
    out.terms.insert(
        0,
        Term::num(
            "Shaking awake: 1 creature action (interpretation: 1 AP)",
            -1,
            Some("mythcraft/condition/unconscious"),
        ),
    );
    let waker = s.combatants[who].name.clone();
    let c = &mut s.combatants[target];
    lose_condition(c, "unconscious");
    out.lines.insert(0, format!("{waker} shakes {} awake: no longer Unconscious", c.name));
    Ok(out)
}

pub(super) fn hide(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let who = act.who();
    let c = &s.combatants[who];
    if !effects(c).seen.iter().any(|x| x == "concealed") && c.value("total-cover") == 0 {
        return Err(Error::InvalidInput(format!("{} is not Concealed: it has nowhere to Hide", c.name)));
    }
    let (roll, shifted) = super::attack::check_d20(&s.combatants[who], act.inputs.int("roll")?);
    let hidden = act.inputs.opt_int("against")?.is_none_or(|a| roll > a);
    let mut out = pay_for(s, who, "hide", "Hide")?;
    out.terms.extend(shifted);
    let c = &mut s.combatants[who];
    if hidden {
        gain_condition(c, ("mythcraft/condition/unseen", "Unseen"));
        out.lines.insert(0, format!("{} hides: Unseen", c.name));
    } else {
        out.lines.insert(
            0,
            format!("{} is spotted: the watchers' Perceiving wins (a tie goes to them: interpretation)", c.name),
        );
    }
    Ok(out)
}

pub(super) fn trip(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let (target, hit, mut out) = contest(s, act, "trip", "Trip")?;
    if hit && gain_condition(&mut s.combatants[target], ("mythcraft/condition/prone", "Prone")) {
        out.lines.push(format!("{} falls Prone", s.combatants[target].name));
    }
    Ok(out)
}

pub(super) fn shove(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let size = shove_allowed(s.combatants[act.who()].stat("size"), s.combatants[target].stat("size"))?;
    let (target, hit, mut out) = contest(s, act, "shove", "Shove")?;
    out.terms.push(size);
    if hit {
        out.lines.push(format!("{} is pushed 5 ft, where the shover chooses", s.combatants[target].name));
    }
    Ok(out)
}

pub(super) fn disarm(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let (target, hit, mut out) = contest(s, act, "disarm", "Disarm")?;
    // Lines 193 and 231: an advanced maneuver, open only to a creature an ability gives
    // it. Tome does not read abilities, so the MC's choice of this move stands for that.
    out.lines.insert(
        1,
        format!(
            "Disarm is an advanced maneuver, only for a creature an ability grants it (Interpretation: Tome cannot see abilities, so choosing it means the MC says {} has one)",
            s.combatants[act.who()].name
        ),
    );
    out.terms.insert(
        0,
        Term::text(
            "Advanced maneuver",
            "needs an ability that grants it (Interpretation: the MC vouches)",
            Some("mythcraft/maneuver/disarm"),
        ),
    );
    if hit {
        let item = act.inputs.text("item").map(str::trim).filter(|i| !i.is_empty()).unwrap_or("chosen item");
        out.lines.push(format!("{} drops its {item}", s.combatants[target].name));
    }
    Ok(out)
}
