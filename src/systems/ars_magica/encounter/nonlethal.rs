//! Non-lethal combat in the fight (lines 406–458): a scuffle is the normal exchange
//! whose wound is read off the Scuffle Effects table; a grapple is the normal exchange
//! whose advantage takes hold, tightens the grip, or (the held one's) breaks it. Every
//! number comes from the `scuffle` and `grapple` calculators' own functions.

use super::*;
use crate::encounters::Mark;

pub(super) static SCUFFLE_PARAMS: &[Param] = attack::exchange_params![
    Param {
        name: "target",
        help: "The one it tries to knock out, by name.",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
        required: true,
        default: None
    },
    Param {
        name: "weapon",
        help:
            "A real weapon it scuffles with: −3 on the Attack Total and the weapon's Dam left out of the Damage score \
               (lines 419–422). None: unarmed or a sap, as its stats were typed. Interpretation: Fist, Kick, \
               Gauntlet, Dodge and Bludgeon (a sap) scuffle freely; any other is a real weapon.",
        kind: ParamKind::Entry { kind: crate::Kind::Weapon },
        required: false,
        default: None,
    },
];

pub(super) static GRAPPLE_PARAMS: &[Param] = attack::exchange_params![
    Param {
        name: "target",
        help: "Whom it grapples, or (held) the grappler it tries to break free from, by name.",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
        required: true,
        default: None
    },
    Param {
        name: "release",
        help: "The grappler lets the target go: no roll, and it is not its attack.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

/// The list a grappler's grips are kept in: one mark per character held, its Grapple
/// Strength as the number `strength`.
const GRIPS: &str = "grips";
/// A grip is named by the combatant held.
pub(super) const NAMING_COMBATANTS: &[&str] = &[GRIPS];

/// How a group is read in scuffles and grapples.
const ONE_ON_ONE: &str = "Interpretation: the document gives scuffles and grapples between two characters \
                          (lines 408–411), so a group does neither while it fights as one";

/// The weapon a scuffle is fought with, looked up when the action is made so a replay
/// reads no content.
pub(super) fn prepare_scuffle(book: &dyn Rulebook, facts: &mut BTreeMap<String, String>, act: &Act<'_>) -> Result<()> {
    if let Some((name, dam)) = super::super::rules::scuffle_weapon(act.inputs, book)? {
        facts.insert("weapon".into(), name);
        facts.insert("weapon-dam".into(), dam.to_string());
    }
    Ok(())
}

/// The Grapple Strength with which `c` holds the combatant called `target`, if it does.
pub(super) fn grip_on(c: &Combatant, target: &str) -> Option<i64> {
    c.marks(GRIPS).find(|m| m.name == target).map(|m| m.number("strength"))
}

/// Who holds combatant `i` (one still able to act: a grappler out of the fight holds no
/// one), and how strongly.
pub(super) fn holder(s: &State, i: usize) -> Option<(usize, i64)> {
    let held = &s.combatants[i].name;
    s.combatants
        .iter()
        .enumerate()
        .find_map(|(k, c)| (k != i && cannot_act(c).is_none()).then(|| grip_on(c, held).map(|n| (k, n))).flatten())
}

/// Refuses an action that moves about or attacks while `me` is held (line 444): a held
/// character may only try to break free.
pub(super) fn require_free(s: &State, me: usize, what: &str) -> Result<()> {
    match holder(s, me) {
        Some((k, strength)) => Err(Error::InvalidInput(format!(
            "{} is held by {} (Grapple Strength {strength}): it may {what} only once free; to break free: grapple --target {}",
            s.combatants[me].name, s.combatants[k].name, s.combatants[k].name
        ))),
        None => Ok(()),
    }
}

fn one_on_one(c: &Combatant) -> Result<()> {
    if is_group(c) {
        return Err(Error::InvalidInput(format!("{} fights as a group: {ONE_ON_ONE}", c.name)));
    }
    Ok(())
}

/// Sets (or, at 0, drops) `c`'s grip on `target`.
fn set_grip(c: &mut Combatant, target: &str, strength: i64) {
    c.marks.retain(|m| !(m.list == GRIPS && m.name == target));
    if strength > 0 {
        c.marks.push(Mark {
            list: GRIPS.into(),
            name: target.into(),
            id: Some(R_GRAPPLING.into()),
            flags: Vec::new(),
            numbers: BTreeMap::from([("strength".to_string(), strength)]),
        });
    }
}

/// The attack is spent: a scuffle or a grapple is the party's one attack of the round.
fn spend_attack(c: &mut Combatant) {
    c.set("exert-attack", 0);
    c.set("disengage-attempts", 0);
    c.set("attacked", 1);
}

/// Checks both sides as an attack does, and that neither fights as a group.
fn check_pair(s: &State, me: usize, target: usize, act: &Act<'_>) -> Result<()> {
    let (a, d) = (&s.combatants[me], &s.combatants[target]);
    attack::check_target(a, d, me == target)?;
    attack::check_turn(s, me, act)?;
    one_on_one(a)?;
    one_on_one(d)
}

/// A scuffle (lines 413–436): the normal exchange; a hit costs the defender Short-Term
/// Fatigue levels and a lesser wound, from the wound it would have taken in earnest.
pub(super) fn scuffle(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    check_pair(s, me, target, act)?;
    require_free(s, me, "scuffle")?;
    let weapon = match act.fact("weapon") {
        Some(name) => Some((name.to_string(), act.fact_int("weapon-dam")?)),
        None => None,
    };
    let (a, d) = (&s.combatants[me], &s.combatants[target]);
    let x = attack::exchange(a, d, act)?;
    let r = scuffle_blow(
        x.attack,
        x.defense,
        a.stat("damage"),
        d.stat("soak"),
        d.stat("size"),
        weapon.as_ref().map(|(n, dam)| (n.as_str(), *dam)),
    )?;
    let with = weapon.as_ref().map_or(String::new(), |(n, _)| format!(" with a real weapon ({n}: −3 on Attack)"));
    let mut lines = vec![format!(
        "{} scuffles with {}{with}: Attack Total {} against Defense Total {}, advantage {}",
        a.name, d.name, r.attack, x.defense, r.advantage
    )];
    lines.extend(x.notes);
    let name = d.name.clone();
    spend_attack(&mut s.combatants[me]);
    if !r.hit {
        lines.push("A miss: no effect".into());
    } else if r.fatigue_levels == 0 {
        lines.push(format!("The blow would not wound {name} in earnest: no effect"));
    } else {
        let d = &mut s.combatants[target];
        spend_fatigue(d, r.fatigue_levels);
        let wound =
            if r.wound == WoundLevel::None { String::new() } else { format!(" and a {} wound", r.wound.as_str()) };
        lines.push(format!(
            "A {} wound in earnest: {name} loses {} Short-Term Fatigue level{}{wound} (Scuffle Effects)",
            r.normal_wound.as_str(),
            r.fatigue_levels,
            if r.fatigue_levels == 1 { "" } else { "s" }
        ));
        if r.wound != WoundLevel::None {
            lines.extend(wounds::wound_vanguard(d, r.wound, 1));
        }
        lines.push(match super::view::down(d) {
            Some(down) => format!("{name} is {down}"),
            None => format!("{name} is now {}", fatigue_level(d).name()),
        });
    }
    let mut terms = x.terms;
    terms.extend(r.terms);
    Ok(Outcome { lines, terms })
}

/// A grapple (lines 438–458): taking hold or tightening with Brawl and free hands, or,
/// held, a normal attack on the grappler to break free; `--release` lets go.
pub(super) fn grapple(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    if act.inputs.flag("release") {
        return release(s, me, target);
    }
    check_pair(s, me, target, act)?;
    let (a_name, d_name) = (s.combatants[me].name.clone(), s.combatants[target].name.clone());
    let held_by_target =
        grip_on(&s.combatants[target], &a_name).filter(|_| cannot_act(&s.combatants[target]).is_none());
    let (side, strength) = match held_by_target {
        Some(n) => (GrappleSide::Grappled, n),
        None => {
            require_free(s, me, "grapple anyone but its grappler")?;
            (GrappleSide::Grappler, grip_on(&s.combatants[me], &d_name).unwrap_or(0))
        }
    };
    let mut lines = Vec::new();
    // Line 456: the grappler uses Brawl (its Brawl Attack when given); breaking free
    // takes any melee Combat Ability, so the Attack Total stands.
    let brawl = s.combatants[me].stat("brawl-attack");
    let mut a = (*s.combatants[me]).clone();
    if side == GrappleSide::Grappler {
        if brawl == 0 {
            lines.push(format!(
                "A grapple uses Brawl and free hands: {a_name}'s Brawl Attack is not given, so its Attack Total stands (set its brawl-attack stat)"
            ));
        } else {
            a.stats.insert("attack".into(), brawl);
        }
    }
    let x = attack::exchange(&a, &s.combatants[target], act)?;
    let advantage = (x.attack - x.defense).clamp(ADVANTAGE.0, ADVANTAGE.1);
    let g = grapple_step(strength, advantage, side)?;
    let what = match side {
        GrappleSide::Grappler if strength == 0 => "tries to take hold of",
        GrappleSide::Grappler => "tightens its grip on",
        GrappleSide::Grappled => "tries to break free from",
    };
    lines.push(format!(
        "{a_name} {what} {d_name}: Attack Total {} against Defense Total {}, advantage {advantage}",
        x.attack, x.defense
    ));
    lines.extend(x.notes);
    spend_attack(&mut s.combatants[me]);
    match side {
        GrappleSide::Grappler => {
            set_grip(&mut s.combatants[me], &d_name, g.strength);
            lines.push(if advantage < 1 {
                format!("No hit: the Grapple Strength stays at {strength}")
            } else {
                format!("{a_name} holds {d_name}: Grapple Strength {}", g.strength)
            });
        }
        GrappleSide::Grappled => {
            set_grip(&mut s.combatants[target], &a_name, g.strength);
            if g.escaped {
                lines.push(format!("{a_name} breaks free: {d_name} takes a Light wound"));
                lines.extend(wounds::wound_vanguard(&mut s.combatants[target], g.grappler_wound, 1));
            } else if advantage < 1 {
                lines.push(format!("No hit: the Grapple Strength stays at {strength}"));
            } else {
                lines.push(format!("{a_name} is still held: Grapple Strength {}", g.strength));
            }
        }
    }
    let mut terms = x.terms;
    terms.extend(g.terms);
    Ok(Outcome { lines, terms })
}

fn release(s: &mut State, me: usize, target: usize) -> Result<Outcome> {
    let name = s.combatants[target].name.clone();
    let c = &mut s.combatants[me];
    if grip_on(c, &name).is_none() {
        return Err(Error::InvalidInput(format!("{} holds no grip on {name}", c.name)));
    }
    set_grip(c, &name, 0);
    Ok(Outcome::line(format!("{} lets {name} go", c.name)))
}
