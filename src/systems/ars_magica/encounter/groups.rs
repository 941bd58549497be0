//! A group fighting as one combatant: more than one member, the vanguard's scores, and a
//! trained group's bonus (the leader's Leadership caps it) placed on Attack or Defense.

use super::*;
use crate::rules::possessive;

/// The key of a value kept for member `member` (2 to 6) of a group: `member-3-size`.
pub(super) fn member_key(member: usize, what: &str) -> String {
    format!("member-{member}-{what}")
}

/// Sets up a group's members besides the vanguard: each of the vanguard's Size until
/// the game master sets its own (`set NAME member-3-size 1`), and standing. A member
/// already set up keeps what it has (the game master raised `members`), and the values
/// of members past the group's size are dropped (it lowered it).
pub(super) fn join_members(c: &mut Combatant) {
    let size = c.stat("size");
    let members = usize::try_from(c.stat("members")).unwrap_or(1);
    for member in 2..=members {
        if !c.values.contains_key(&member_key(member, "size")) {
            c.set(&member_key(member, "size"), size);
            c.set(&member_key(member, "down"), 0);
        }
    }
    c.values.retain(|key, _| match key.strip_prefix("member-").and_then(|k| k.split_once('-')) {
        Some((n, _)) => n.parse::<usize>().is_ok_and(|n| n <= members),
        None => true,
    });
    if members > 1 {
        for (key, _) in OTHERS {
            if !c.values.contains_key(key) {
                c.set(key, 0);
            }
        }
    }
}

/// Whether the vanguard is out of the fight (dead, incapacitated, unconscious).
fn vanguard_down(c: &Combatant) -> bool {
    c.value("dead") > 0 || c.value("wounds-incapacitating") > 0 || penalty_of(c).is_some_and(|p| p.unconscious)
}

/// Splits a group (`was_group`: it fought as one until now) whose vanguard or leader is
/// down, saying so.
pub(super) fn check_split(c: &mut Combatant, was_group: bool) -> Option<String> {
    if !was_group {
        return None;
    }
    let members = usize::try_from(c.stat("members")).unwrap_or(1);
    let leader = usize::try_from(c.stat("leader")).unwrap_or(1);
    let others_down = (2..=members).filter(|&m| c.value(&member_key(m, "down")) > 0).count();
    let leader_down = leader > 1 && c.value(&member_key(leader, "down")) > 0;
    let vanguard = vanguard_down(c);
    if !vanguard && !leader_down {
        return None;
    }
    c.set("split", 1);
    if vanguard && others_down + 1 >= members {
        return Some(format!("Every member of {} is down", c.name));
    }
    // The survivors become combatants once the change is made (`split_off`).
    c.set("split-pending", 1);
    Some(if vanguard {
        format!("{} vanguard is down: the group splits into individuals", possessive(&c.name, true))
    } else {
        format!("{} leader (member {leader}) is down: the group splits into individuals", possessive(&c.name, true))
    })
}

/// How a survivor's scores are read.
const SURVIVOR_SCORES: &str = "Interpretation: Tome keeps no member's own scores, so each fights on with the group's                                (its Combat Totals lay within five points when it formed, lines 254-257), its own                                Size, wounds and Fatigue, an even share of the others' Abilities as its Ability, and                                the group's initiative";

/// Line 273: a group whose vanguard or leader fell splits into individuals, and its
/// members still standing fight on as combatants of their own, in this one change: each
/// with its own Size, wounds and Fatigue, the group's scores and initiative, placed in
/// the order just after the group. What is left of the group is the vanguard alone.
pub(super) fn split_off(s: &mut State) -> Outcome {
    let mut out = Outcome::default();
    while let Some(i) = s.combatants.iter().position(|c| c.value("split-pending") > 0) {
        let group = (*s.combatants[i]).clone();
        let members = usize::try_from(group.stat("members")).unwrap_or(1);
        let survivors: Vec<usize> = (2..=members).filter(|&m| group.value(&member_key(m, "down")) == 0).collect();
        let room = crate::encounters::MAX_COMBATANTS.saturating_sub(s.combatants.len());
        let mut names = Vec::new();
        for &m in survivors.iter().take(room) {
            let c = survivor(s, &group, m);
            names.push(c.name.clone());
            let at = i + names.len();
            s.combatants.insert(at, c.into());
        }
        place_in_order(s, &group.name, &names);
        let lone = &mut s.combatants[i];
        for (key, value) in [("members", 1), ("leader", 1), ("leadership", 0), ("others-ability", 0)] {
            lone.stats.insert(key.into(), value);
        }
        lone.values.retain(|k, _| !k.starts_with("member-") && !k.starts_with("others-"));
        lone.set("split-pending", 0);
        if !names.is_empty() {
            out.lines.push(format!(
                "{} fight{} on as combatant{}, acting at {} initiative",
                names.join(", "),
                if names.len() == 1 { "s" } else { "" },
                if names.len() == 1 { "" } else { "s" },
                possessive(&group.name, true)
            ));
            out.terms.push(Term::text("Survivors of the group", SURVIVOR_SCORES, Some(R_GROUPS)));
        }
        if names.len() < survivors.len() {
            out.lines.push(format!(
                "An encounter holds at most {} combatants: {} more of {} must be added by hand",
                crate::encounters::MAX_COMBATANTS,
                survivors.len() - names.len(),
                group.name
            ));
        }
    }
    out
}

/// Member `m` of `group` as a combatant of its own.
fn survivor(s: &State, group: &Combatant, m: usize) -> Combatant {
    let others = (group.stat("members") - 1).max(1);
    let mut stats = group.stats.clone();
    let share = group.stat("others-ability") / others;
    for (key, value) in [
        ("members", 1),
        ("leader", 1),
        ("leadership", 0),
        ("others-ability", 0),
        ("size", group.value(&member_key(m, "size"))),
        ("ability", if group.stat("others-ability") > 0 { share } else { group.stat("ability") }),
    ] {
        stats.insert(key.into(), value);
    }
    let mut c = Combatant {
        name: survivor_name(s, &group.name, m),
        character: None,
        hidden: group.hidden,
        stats,
        values: BTreeMap::new(),
        initiative: group.initiative,
        conditions: Vec::new(),
        marks: Vec::new(),
        joined: BTreeMap::new(),
        tie_keys: group.tie_keys.clone(),
        adversary: group.adversary,
        attacks: group.attacks.clone(),
        arrived_with: Vec::new(),
        arrived_marks: Vec::new(),
    };
    stats::join(&mut c);
    for (key, _, _) in WOUNDS {
        c.set(key, group.value(&member_key(m, key)));
    }
    c.set("fatigue-short", (group.value("fatigue-short") - group.value(&member_key(m, "spared"))).max(0));
    c.set("fatigue-long", group.value("fatigue-long"));
    // The group acted this round as one: so did each of its members.
    for key in ["attacked", "spell-normal", "disengaging"] {
        c.set(key, group.value(key));
    }
    c
}

/// A free name for member `m` of `group`: "Grogs 2", else "Grogs, member 2", else with
/// a letter after it; within the 100 characters a name may have.
fn survivor_name(s: &State, group: &str, m: usize) -> String {
    let base: String = group.chars().take(80).collect();
    let free = |n: &String| s.find(n).is_err();
    let mut tries = vec![format!("{base} {m}"), format!("{base}, member {m}")];
    tries.extend(('a'..='z').map(|l| format!("{base}, member {m}{l}")));
    tries.into_iter().find(free).unwrap_or_else(|| format!("{base}, member {m}?"))
}

/// Puts `names` just after `group` in this round's order and in initiative's: they act
/// at its initiative. One placed before the turn now played keeps the turn where it is.
fn place_in_order(s: &mut State, group: &str, names: &[String]) {
    if let Some(p) = s.initiative_order.iter().position(|n| n == group) {
        for (k, n) in names.iter().enumerate() {
            s.initiative_order.insert(p + 1 + k, n.clone());
        }
    }
    if let Some(p) = s.order.iter().position(|n| n == group) {
        for (k, n) in names.iter().enumerate() {
            s.order.insert(p + 1 + k, n.clone());
        }
        if p < s.turn {
            s.turn += names.len();
        }
    }
}

/// Whether it still fights as a group (more than one member, its vanguard standing).
pub(super) fn is_group(c: &Combatant) -> bool {
    c.stat("members") > 1 && c.value("split") == 0
}

/// The members still standing, by number, the vanguard (1) first; a member is down once
/// incapacitated or killed.
pub(super) fn standing(c: &Combatant) -> Vec<usize> {
    let members = usize::try_from(c.stat("members")).unwrap_or(1);
    std::iter::once(1).chain((2..=members).filter(|&m| c.value(&member_key(m, "down")) == 0)).collect()
}

/// How a fallen member's Fatigue is read.
pub(super) const FALLEN_FATIGUE: &str = "Interpretation: a member who is down is out of the fight and exerts nothing, \
                                         so its Fatigue stays where it was when it fell";

/// `levels` Short-Term Fatigue levels lost by the combatant (each member still standing,
/// in a group: they act in step); members who are down spend none, and what they were
/// spared is kept (`member-3-spared`) so each one's own level is known. The members
/// spared, by number.
pub(super) fn spend_fatigue(c: &mut Combatant, levels: i64) -> Vec<usize> {
    let before = c.value("fatigue-short");
    let after = (before + levels).clamp(0, FATIGUE_LOST.1);
    c.set("fatigue-short", after);
    let members = usize::try_from(c.stat("members")).unwrap_or(1);
    let fallen: Vec<usize> = (2..=members).filter(|&m| c.value(&member_key(m, "down")) > 0).collect();
    for &m in &fallen {
        let key = member_key(m, "spared");
        c.set(&key, (c.value(&key) + after - before).clamp(0, FATIGUE_LOST.1));
    }
    fallen
}

/// Member `member`'s Fatigue level: the group's, less what it was spared once down.
pub(super) fn member_fatigue(c: &Combatant, member: usize) -> FatigueLevel {
    let short = (c.value("fatigue-short") - c.value(&member_key(member, "spared"))).max(0);
    fatigue(short, c.value("fatigue-long")).map_or(FatigueLevel::Fresh, |f| f.level)
}

/// The label of the term saying how many others are down.
pub(super) const OTHERS_DOWN: &str = "Others down";

/// How a fallen member's part of the bonus is known.
pub(super) const FALLEN_SHARE: &str = "Interpretation: Tome keeps the other members' Abilities only as a sum, so a \
                                       member who is down takes an even share of it away (what is left rounded down)";

/// A group's bonus from the members still standing: the others give their full
/// Ability until they are incapacitated, then none.
fn standing_bonus(c: &Combatant) -> Result<GroupBonus> {
    let others = (c.stat("members") - 1).max(1);
    let up = i64::try_from(standing(c).len()).unwrap_or(1) - 1;
    let sum = c.stat("others-ability") * up / others;
    let mut g = group_bonus_from_sum(c.stat("leadership"), sum, c.stat("members"))?;
    if up < others {
        g.terms.insert(
            0,
            Term::text(
                OTHERS_DOWN,
                format!("{} of {others}: their share of the Abilities is gone ({FALLEN_SHARE})", others - up),
                Some(R_TRAINED),
            ),
        );
    }
    Ok(g)
}

/// A trained group's bonus, where it has one (a leader and a group it can coordinate).
pub(super) fn trained_bonus(c: &Combatant) -> Option<(i64, Vec<Term>)> {
    if !is_group(c) || c.stat("leadership") == 0 {
        return None;
    }
    let g = standing_bonus(c).ok()?;
    g.coordinated.then_some((g.bonus, g.terms))
}

pub(super) static BONUS_PARAMS: &[Param] = &[Param {
    name: "on",
    help: "Where the trained group puts its bonus from now on. A member who is down gives no more bonus. \
           Interpretation: Tome keeps the other members' Abilities only as a sum, so a member who is down takes an \
           even share of it away (what is left rounded down).",
    kind: ParamKind::Choice { options: SIDE },
    required: true,
    default: None,
}];

pub(super) fn place_bonus(c: &mut Combatant, act: &Act<'_>) -> Result<Outcome> {
    let side = Side::parse(act.inputs.choice("on")?);
    if c.stat("members") < 2 {
        return Err(Error::InvalidInput(format!("{} is one fighter, not a group: it has no group bonus", c.name)));
    }
    let g = standing_bonus(c)?;
    if c.stat("leadership") == 0 || !g.coordinated || c.value("split") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} fights as an untrained group (no leader who can coordinate it): it has no bonus to place",
            c.name
        )));
    }
    c.set("bonus-on", i64::from(side == Side::Defense));
    Ok(Outcome {
        lines: vec![format!("{} puts its group bonus of {:+} on {}", c.name, g.bonus, side.key())],
        terms: g.terms,
    })
}
