//! One attack, worked through from both sides' totals and stress dice: botches, a
//! defended character's guards, missiles at range, then Soak and the wound.

use super::*;

pub(super) const BOTCHES: ParamKind = ParamKind::Int { min: BOTCH_DICE.0, max: BOTCH_DICE.1 };

/// The dice, botches and modifiers every exchange of blows takes (an attack, a stunt).
macro_rules! exchange_params {
    ($($first:expr),* $(,)?) => {
        &[
            $($first,)*
            die_param("attack-die"),
            die_param("defense-die"),
            Param {
                name: "attack-botches",
                help: "After a typed attack die of 0: the botch dice that came up 0 (0: no botch). A botch makes the Attack Total 0. \
                       Interpretation: the total it drops is everything but the die (penalties and modifiers included), \
                       and a negative one stays negative, as the document says of Defense.",
                kind: BOTCHES,
                required: false,
                default: None,
            },
            Param {
                name: "defense-botches",
                help: "After a typed defense die of 0: the botch dice that came up 0 (0: no botch). A botch makes the Defense Total 0, so the advantage is the whole Attack Total. \
                       Interpretation: the total it drops is everything but the die (penalties and modifiers included).",
                kind: BOTCHES,
                required: false,
                default: None,
            },
            Param {
                name: "delayed",
                help: "The party delayed its action to answer a later one (line 63): it strikes out of its place in the order, as its one action of the round.",
                kind: ParamKind::Flag,
                required: false,
                default: None,
            },
            Param { name: "botch-dice", help: BOTCH_DICE_HELP, kind: ParamKind::Int { min: 1, max: BOTCH_DICE.1 }, required: false, default: Some("1") },
            Param {
                name: "attack-modifier",
                help: "Anything else on the Attack Total (range -3 per increment, mounted +Ride…).",
                kind: ParamKind::Int { min: -50, max: 50 },
                required: false,
                default: Some("0"),
            },
            Param {
                name: "defense-modifier",
                help: "Anything else on the Defense Total (only a shield's Dfn against missiles…).",
                kind: ParamKind::Int { min: -50, max: 50 },
                required: false,
                default: Some("0"),
            },
        ]
    };
}
pub(super) use exchange_params;

pub(super) static ATTACK_PARAMS: &[Param] = exchange_params![
    Param {
        name: "target",
        help: "The defender, by name.",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
        required: true,
        default: None
    },
    Param {
        name: "at-range",
        help: "The sides are apart, not in melee: only a party with a missile weapon (stat `missile`) can do damage, and the defender's Missile Defense (stat `missile-defense`: only a shield's Defense counts) meets it.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
];

/// How a group with members down strikes and is struck.
const DOWN_NEITHER_STRIKE_NOR_STRUCK: &str = "Interpretation: a member who is down (incapacitated or dead) strikes \
                                              no blow, and blows are shared among the members still standing";

/// Rolls (or takes as typed) both dice of an exchange and their botch dice.
pub(super) fn prepare_exchange(
    facts: &mut BTreeMap<String, String>,
    act: &Act<'_>,
    rng: &mut dyn rand::RngCore,
) -> Result<()> {
    let botch_dice = u32::try_from(act.inputs.int("botch-dice")?).unwrap_or(1);
    for side in ["attack", "defense"] {
        stress_fact_with_botches(
            facts,
            &format!("{side}-die"),
            act.inputs.opt_int(&format!("{side}-die"))?,
            act.inputs.opt_int(&format!("{side}-botches"))?,
            botch_dice,
            &format!("{side}-botches"),
            rng,
        )?;
    }
    Ok(())
}

/// Both sides' totals for one exchange, botches applied.
pub(super) struct Exchange {
    pub attack: i64,
    pub defense: i64,
    pub defense_botched: bool,
    pub terms: Vec<Term>,
    /// What the dice said (a 0, a botch).
    pub notes: Vec<String>,
}

/// One side's total: its score, die and modifiers, then a botch if the die botched.
fn rolled(c: &Combatant, side: Side, act: &Act<'_>) -> Result<Rolled> {
    let modifier = act.inputs.int(&format!("{}-modifier", side.key()))?;
    rolled_total(c, side, act, &format!("{}-die", side.key()), modifier, &format!("{}-botches", side.key()))
}

/// `a` attacks, `d` defends.
pub(super) fn exchange(a: &Combatant, d: &Combatant, act: &Act<'_>) -> Result<Exchange> {
    let a_roll = rolled(a, Side::Attack, act)?;
    let d_roll = rolled(d, Side::Defense, act)?;
    let mut terms = a_roll.terms;
    terms.extend(d_roll.terms);
    Ok(Exchange {
        attack: a_roll.total,
        defense: d_roll.total,
        defense_botched: d_roll.botched,
        terms,
        notes: a_roll.note.into_iter().chain(d_roll.note).collect(),
    })
}

/// Checks that the party `me` may strike now: once a round (lines 126–127), on its own
/// turn unless it delayed its action (lines 62–63), and not after disengaging, which is
/// its action instead of an attack (lines 359–361).
pub(super) fn check_turn(s: &State, me: usize, act: &Act<'_>) -> Result<()> {
    let a = &s.combatants[me];
    if a.value("attacked") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has already attacked this round: each party acts once a round; it strikes again on its next turn",
            a.name
        )));
    }
    if a.value("disengaging") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} tried to disengage this turn: that was its action instead of an attack",
            a.name
        )));
    }
    let acting = s.current().is_none_or(|n| n == a.name);
    if !acting && !act.inputs.flag("delayed") {
        return Err(Error::InvalidInput(format!(
            "it is not its turn: {} attacks at its place in the order, or with --delayed when it held its action to answer a later one",
            a.name
        )));
    }
    Ok(())
}

/// Refuses an attack with a weapon used only from horseback while its bearer is on foot
/// (lines 816-818): the lance is then wielded as a Long Spear, with that weapon's scores.
fn require_saddle(a: &Combatant) -> Result<()> {
    if a.stat("horseback-weapon") > 0 && a.stat("mounted-ride") == 0 {
        return Err(Error::InvalidInput(format!(
            "{} fights with a lance, which is used only from horseback, and is on foot (mounted-ride 0): set \
             mounted-ride to its Ride score while it rides, or, dismounted, set horseback-weapon to 0 and its scores \
             to a Long Spear's (a Great weapon)",
            a.name
        )));
    }
    Ok(())
}

/// Checks that `a` may strike `d` now.
pub(super) fn check_target(a: &Combatant, d: &Combatant, same: bool) -> Result<()> {
    if same {
        return Err(Error::InvalidInput(format!("{} cannot attack itself", a.name)));
    }
    require_able(a)?;
    if a.value("spell-normal") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} cast a spell this round, which takes the round: it strikes again on its next turn",
            a.name
        )));
    }
    if d.value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is already dead", d.name)));
    }
    if d.value("left") > 0 {
        return Err(Error::InvalidInput(format!("{} has left the combat and cannot be attacked", d.name)));
    }
    Ok(())
}

/// Who meets the attack on `aimed`: its defenders when it is guarded (lines 335-353).
fn meets_it(s: &State, me: usize, aimed: usize, lines: &mut Vec<String>) -> usize {
    match standing_defender(s, aimed) {
        Some(g) if g != me => {
            lines.push(format!(
                "{} is guarded by {}: the attack meets the defenders ({})",
                s.combatants[aimed].name, s.combatants[g].name, DEFENDED_NOTE
            ));
            g
        }
        _ => aimed,
    }
}

/// The defender as it defends at range (line 158): with its Missile Defense when given
/// (only a shield's Defense counts against missiles), else as it is, the log saying
/// what to type. `None`: in melee, or its Defense stands.
fn at_range(d: &Combatant, act: &Act<'_>, lines: &mut Vec<String>) -> Option<Combatant> {
    if !act.inputs.flag("at-range") {
        return None;
    }
    let missile_defense = d.stat("missile-defense");
    if missile_defense == 0 {
        lines.push(format!(
            "At range only a shield's Defense counts against missiles, and {}'s Missile Defense is not given: its full Defense Total stands. Set its missile-defense stat (Quickness, Combat Ability and the shield's Defense), or take its weapon's Defense off with --defense-modifier",
            d.name
        ));
        return None;
    }
    let mut c = d.clone();
    c.stats.insert("defense".into(), missile_defense);
    lines.push(format!(
        "At range {} defends with its Missile Defense, {missile_defense}: only a shield's Defense counts against missiles",
        d.name
    ));
    Some(c)
}

/// The blows a hit deals, member by member of the one hurt (`each[k]` on member k + 1):
/// one per member of the attacking group still standing, shared among the defending
/// group's members still standing (lines 277-295); one for two lone fighters.
fn blows(a: &Combatant, h: &Combatant, lines: &mut Vec<String>, terms: &mut Vec<Term>) -> Result<Vec<i64>> {
    let from = if is_group(a) { standing(a) } else { vec![1] };
    let on = if is_group(h) { standing(h) } else { vec![1] };
    let fallen = (is_group(a) && from.len() < usize::try_from(a.stat("members")).unwrap_or(1))
        || (is_group(h) && on.len() < usize::try_from(h.stat("members")).unwrap_or(1));
    let blows_from = i64::try_from(from.len()).unwrap_or(1);
    let blows_on = i64::try_from(on.len()).unwrap_or(1);
    let each = if blows_from > 1 || blows_on > 1 {
        let b = group_blows(blows_from, blows_on)?;
        terms.extend(b.terms);
        lines.push(format!(
            "{} strike{} {} time{}",
            a.name,
            if blows_from > 1 { "" } else { "s" },
            b.blows,
            if b.blows == 1 { "" } else { "s" }
        ));
        if fallen {
            terms.push(Term::text("Members down", DOWN_NEITHER_STRIKE_NOR_STRUCK, Some(R_GROUP_DAMAGE)));
        }
        // The shares go to the members standing, by member number (the vanguard first).
        let mut each = vec![0; on.last().copied().unwrap_or(1)];
        for (member, n) in on.iter().zip(b.each) {
            each[member - 1] = n;
        }
        each
    } else {
        vec![1]
    };
    if blows_from > 1 {
        terms.push(Term::num("Blows (one per member)", blows_from, Some(R_GROUP_DAMAGE)));
    }
    Ok(each)
}

/// One attack, worked through from both sides' totals and dice.
pub(super) fn attack(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = act.who();
    let aimed = s.find(act.inputs.text("target").unwrap_or_default())?;
    check_target(&s.combatants[me], &s.combatants[aimed], me == aimed)?;
    check_turn(s, me, act)?;
    super::nonlethal::require_free(s, me, "attack")?;
    require_saddle(&s.combatants[me])?;
    if act.inputs.flag("at-range") && s.combatants[me].stat("missile") == 0 {
        return Err(Error::InvalidInput(format!(
            "{} has no missile weapon (stat `missile` 0): at range it can do no damage, so it cannot attack from there",
            s.combatants[me].name
        )));
    }
    let mut lines = Vec::new();
    // A guarded character is reached through its defenders.
    let target = meets_it(s, me, aimed, &mut lines);
    let (a, d) = (&s.combatants[me], &s.combatants[target]);
    let shielded = at_range(d, act, &mut lines);
    let d = shielded.as_ref().unwrap_or(&**d);
    let x = exchange(a, d, act)?;
    // The guarded character is hurt only when its defenders botch.
    let hurt = if target != aimed && x.defense_botched { aimed } else { target };
    let h = &s.combatants[hurt];
    let r = resolve_attack(x.attack, x.defense, a.stat("damage"), h.stat("soak"), h.stat("size"))?;
    let mut terms = x.terms;
    terms.extend(r.terms);
    lines.push(format!(
        "{} {} {}: Attack Total {} against Defense Total {}, advantage {}",
        a.name,
        crate::rules::verb(&a.name, is_group(a), "attacks"),
        d.name,
        x.attack,
        x.defense,
        r.advantage
    ));
    lines.extend(x.notes);
    let result = if r.hit { format!("a hit, advantage {}", r.advantage) } else { "a miss".to_string() };
    let came_to = Some(crate::encounters::CameTo {
        with_totals: format!("Attack Total {} against Defense Total {}: {result}", x.attack, x.defense),
        without: capitalized(if r.hit { "a hit" } else { "a miss" }),
    });
    if hurt != target {
        lines.push(format!("{} botch: the blow gets through to {}", d.name, h.name));
    }
    let soak = h.stat("soak");
    // Worked out before the attacker's turn is spent, said only on a wound.
    let (mut blow_lines, mut blow_terms) = (Vec::new(), Vec::new());
    let each = blows(a, h, &mut blow_lines, &mut blow_terms)?;
    {
        let a = &mut s.combatants[me];
        a.set("exert-attack", 0);
        a.set("disengage-attempts", 0);
        a.set("attacked", 1);
    }
    s.came_to = came_to;
    if !r.hit {
        lines.push("A miss: no damage".into());
        return Ok(Outcome { lines, terms });
    }
    let damage_total = r.damage_total.unwrap_or(0);
    let past = r.damage.unwrap_or(0);
    if r.wound == WoundLevel::None {
        lines.push(format!("Damage Total {damage_total} does not get past Soak {soak}: no wound"));
        // A hit that wounds no one reads as what stopped it, not as a bare "a hit" (issue 74).
        if let Some(c) = &mut s.came_to {
            c.with_totals.push_str(&format!("; Damage Total {damage_total} against Soak {soak}: no wound"));
            c.without = "A hit, stopped by Soak: no wound".into();
        }
        return Ok(Outcome { lines, terms });
    }
    lines.push(format!("Damage Total {damage_total} − Soak {soak} = {past} → {} wound", r.wound.as_str()));
    lines.append(&mut blow_lines);
    terms.append(&mut blow_terms);
    let (more_lines, more_terms) = take_blows(&mut s.combatants[hurt], past, &each)?;
    lines.extend(more_lines);
    terms.extend(more_terms);
    Ok(Outcome { lines, terms })
}

/// `text` with its first letter a capital.
fn capitalized(text: &str) -> String {
    let mut c = text.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
