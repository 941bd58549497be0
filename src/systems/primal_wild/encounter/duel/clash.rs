//! One clash: each side's pool, cost and successes, and the psychic damage the loser takes.

use std::collections::BTreeMap;

use rand::Rng;

use super::super::{title, ARCANA};
use super::arcana::{no_arms, pool_of, psychic, rest, set_willpower, shield, sword, willpower};
use super::arms::DECLARES_FIRST;
use super::round::{begin_round_if_due, duelists, require_going, round_over};
use crate::dice::roll_pool;
use crate::encounters::{Act, Combatant, Facts, Outcome, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind};
use crate::systems::primal_wild::rules::{
    absorb_psychic, clash_cost, clash_result, ClashPayment, ClashWinner, DuelistState, DISTRACTION,
};

pub(super) static CLASH_PARAMS: &[Param] = &[
    Param {
        name: "rolls",
        help:
            "Successes the table rolled, as NAME=N for each duelist (`Ada=3,Bram=1`); Tome rolls the pools not given.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "passive",
        help: "A duelist who does not act this clash: no roll and no cost; they only take the other's attack.",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
        required: false,
        default: None,
    },
    Param {
        name: "distraction",
        help: "How noisy or distracting the surroundings are, 0 to 3 (each -1 die for both).",
        kind: ParamKind::Int { min: DISTRACTION.0, max: DISTRACTION.1 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "circle-pays",
        help: "The mage sustaining Squaring the Circle pays this clash's Willpower for both duelists.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "hallow",
        help: "A duelist whose clash a Hallow pays for (once a round, whoever it pays for).",
        kind: ParamKind::Listed { list: crate::rules::Listed::Combatants },
        required: false,
        default: None,
    },
    Param {
        name: "resonance",
        help: "With --hallow: the duelist uses their Sword in a way matching the Hallow's resonance (without it the Hallow pays nothing).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "wound",
        help: "Duelists who take a Resistant lethal wound instead of spending Willpower, by name.",
        kind: ParamKind::Listed { list: crate::rules::Listed::SomeCombatants },
        required: false,
        default: None,
    },
];

pub(super) fn named_numbers(raw: Option<&str>, s: &State) -> Result<BTreeMap<usize, i64>> {
    let mut out = BTreeMap::new();
    for part in raw.unwrap_or_default().split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, n) = part
            .rsplit_once('=')
            .ok_or_else(|| Error::InvalidInput(format!("--rolls takes NAME=N for each duelist, not `{part}`")))?;
        let n: i64 =
            n.trim().parse().ok().filter(|n| (0..=50).contains(n)).ok_or_else(|| {
                Error::InvalidInput(format!("--rolls {name}: successes are 0 to 50, not `{}`", n.trim()))
            })?;
        let i = s.find(name)?;
        if out.insert(i, n).is_some() {
            return Err(Error::InvalidInput(format!(
                "--rolls: {} is given twice; give each duelist's successes once",
                s.combatants[i].name
            )));
        }
    }
    Ok(out)
}

pub(super) fn prepare(_book: &dyn Rulebook, s: &State, act: &Act<'_>, rng: &mut dyn rand::RngCore) -> Result<Facts> {
    let mut facts = BTreeMap::new();
    if act.action.name != "clash" || s.combatants.len() != 2 {
        return Ok(facts);
    }
    let typed = named_numbers(act.inputs.text("rolls"), s)?;
    let passive = act.inputs.text("passive").and_then(|n| s.find(n).ok());
    let distraction = act.inputs.int("distraction")?;
    // Who declares swaps first when every clash so far was a stalemate: drawn now, so a
    // replay never draws again, and first, so that it is the same draw whether the pools
    // below are typed or rolled (issue 72: Tome's roll and the typed one come to the same).
    if !s.values.contains_key("last-winner") {
        facts.insert("swap-first".into(), rng.random_range(0..2).to_string());
    }
    for (i, c) in s.combatants.iter().enumerate() {
        if typed.contains_key(&i) || Some(i) == passive {
            continue;
        }
        let Ok(pool) = pool_of(c, distraction) else { continue };
        let (n, faces) = roll_pool(pool.dice_pool, pool.chance_die, rng);
        facts.insert(format!("successes-{i}"), n.to_string());
        let faces: Vec<String> = faces.iter().map(i64::to_string).collect();
        facts.insert(format!("dice-{i}"), faces.join(" "));
    }
    Ok(facts)
}

pub(super) fn clash(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    s.require_started("a clash")?;
    require_going(s)?;
    let (a, b) = duelists(s)?;
    for i in [a, b] {
        if sword(&s.combatants[i]).is_none() || shield(&s.combatants[i]).is_none() {
            return Err(no_arms(&s.combatants[i]));
        }
    }
    let ch = choices(s, act)?;
    let mut out = Outcome::default();
    begin_round_if_due(s, &mut out);
    let round = s.round;
    let hallow_used = s.values.get("hallow-round") == Some(&round);
    let number = s.values.get("clash").copied().unwrap_or(0) + 1;
    out.lines.push(format!("Clash {number} of round {round}"));
    let mut successes = [0i64; 2];
    for (slot, i) in [a, b].into_iter().enumerate() {
        if Some(i) == ch.passive {
            let c = &s.combatants[i];
            out.lines.push(format!("{} does not act: no roll, no cost, and only takes the attack", c.name));
            continue;
        }
        successes[slot] = roll_and_pay(&mut s.combatants[i], i, &ch, hallow_used, act, &mut out)?;
    }
    if ch.hallow.is_some() {
        s.values.insert("hallow-round".into(), round);
    }
    // The Sword that attacked rests no more; every other Arcanum has rested one more clash.
    for i in [a, b] {
        let c = &mut *s.combatants[i];
        let attacked = if Some(i) == ch.passive { None } else { sword(c) };
        for ar in ARCANA {
            let n = if Some(ar) == attacked { 0 } else { c.value(&rest(ar)) + 1 };
            c.set(&rest(ar), n);
        }
    }
    s.values.insert("clash".into(), number);
    settle(s, act, (a, b), successes, &mut out)?;
    Ok(out)
}

/// What the clash was told: who is passive, what pays, the successes typed.
struct Choices {
    passive: Option<usize>,
    hallow: Option<usize>,
    wounded: Vec<usize>,
    circle: bool,
    typed: BTreeMap<usize, i64>,
    distraction: i64,
}

fn choices(s: &State, act: &Act<'_>) -> Result<Choices> {
    let passive = match act.inputs.text("passive") {
        Some(n) => Some(s.find(n)?),
        None => None,
    };
    let hallow = match act.inputs.text("hallow") {
        Some(n) => Some(s.find(n)?),
        None => None,
    };
    let typed = named_numbers(act.inputs.text("rolls"), s)?;
    if let Some(p) = passive.filter(|p| typed.contains_key(p)) {
        return Err(Error::InvalidInput(format!("{} is passive this clash and rolls nothing", s.combatants[p].name)));
    }
    let distraction = act.inputs.int("distraction")?;
    let circle = act.inputs.flag("circle-pays");
    let mut wounded = Vec::new();
    for name in act.inputs.text("wound").unwrap_or_default().split(',').map(str::trim).filter(|n| !n.is_empty()) {
        wounded.push(s.find(name)?);
    }
    for i in hallow.iter().chain(&wounded) {
        if Some(*i) == passive {
            return Err(Error::InvalidInput(format!(
                "{} is passive this clash: it costs them nothing, so nothing pays for it",
                s.combatants[*i].name
            )));
        }
    }
    if circle && (hallow.is_some() || !wounded.is_empty()) {
        return Err(Error::InvalidInput(
            "the circle's keeper pays this clash for both duelists: no Hallow or wound is needed".into(),
        ));
    }
    if act.inputs.flag("resonance") && hallow.is_none() {
        return Err(Error::InvalidInput(
            "--resonance is about a Hallow: name whose clash it pays with --hallow".into(),
        ));
    }
    Ok(Choices { passive, hallow, wounded, circle, typed, distraction })
}

/// One acting duelist's pool, successes and cost. Their successes.
fn roll_and_pay(
    c: &mut Combatant,
    i: usize,
    ch: &Choices,
    hallow_used: bool,
    act: &Act<'_>,
    out: &mut Outcome,
) -> Result<i64> {
    let sw = sword(c).unwrap_or("death");
    let pool = pool_of(c, ch.distraction)?;
    out.terms.extend(pool.terms.into_iter().map(|mut t| {
        t.label = format!("{}: {}", c.name, t.label);
        t
    }));
    let n = match ch.typed.get(&i) {
        Some(n) => *n,
        None => act.fact_int(&format!("successes-{i}"))?,
    };
    let how = match (ch.typed.contains_key(&i), act.fact(&format!("dice-{i}"))) {
        (false, Some(d)) => format!("rolled by Tome: {d}"),
        _ => "typed".into(),
    };
    let dice = if pool.chance_die { "a chance die".to_string() } else { format!("{} dice", pool.dice_pool) };
    let successes = crate::rules::plural(n, "success");
    out.lines.push(format!("{} clashes with {} ({dice}): {successes} ({how})", c.name, title(sw)));
    // The cost, by the clash-cost rule: the circle's keeper, a Hallow, Willpower, or a
    // Resistant lethal wound (chosen, or forced when no Willpower is left).
    let pay = if ch.circle {
        ClashPayment::Circle
    } else if Some(i) == ch.hallow {
        ClashPayment::Hallow
    } else if ch.wounded.contains(&i) || willpower(c) == 0 {
        ClashPayment::Wound
    } else {
        ClashPayment::Willpower
    };
    let cost = clash_cost(pay, Some(willpower(c)), hallow_used, act.inputs.flag("resonance"), "resonance")?;
    out.terms.extend(cost.terms.into_iter().map(|mut t| {
        t.label = format!("{}: {}", c.name, t.label);
        t
    }));
    if cost.willpower_cost > 0 {
        set_willpower(c, willpower(c) - cost.willpower_cost);
        c.set("spent", c.value("spent") + cost.willpower_cost);
    }
    c.set("lethal", c.value("lethal") + cost.resistant_lethal);
    match pay {
        ClashPayment::Circle => {
            out.lines.push(format!("The keeper of Squaring the Circle pays {}'s Willpower", c.name))
        }
        ClashPayment::Hallow => out.lines.push(format!("A Hallow pays for {}'s clash (its one this round)", c.name)),
        ClashPayment::Wound if ch.wounded.contains(&i) => out.lines.push(format!(
            "{} takes a Resistant lethal wound instead of spending Willpower; it stays after the duel",
            c.name
        )),
        ClashPayment::Wound => out.lines.push(format!(
            "{} has no Willpower left and takes a Resistant lethal wound to clash; it stays after the duel",
            c.name
        )),
        _ => {}
    }
    Ok(n)
}

fn defender_state(c: &Combatant) -> DuelistState {
    let sh = shield(c).unwrap_or("death");
    DuelistState {
        shield: c.stat(sh),
        shield_damage: c.value(&psychic(sh)).min(c.stat(sh)),
        gnosis: c.stat("gnosis"),
        gnosis_damage: c.value("psychic-gnosis").min(c.stat("gnosis")),
    }
}

/// The clash's result: a stalemate, or the loser's psychic damage and either the round
/// lost or the swaps that follow.
fn settle(s: &mut State, act: &Act<'_>, (a, b): (usize, usize), successes: [i64; 2], out: &mut Outcome) -> Result<()> {
    let result = clash_result(successes[0], successes[1], defender_state(&s.combatants[b]))?;
    let (winner, loser, absorption) = match result.winner {
        ClashWinner::Stalemate => {
            out.terms.extend(result.defender.terms);
            out.lines.push("Equal successes: a stalemate, and the next clash follows".into());
            let (first, words) = swap_first(s, act);
            match first {
                Some(i) => s.values.insert(DECLARES_FIRST.into(), i as i64 + 1),
                None => s.values.remove(DECLARES_FIRST),
            };
            out.lines.push(words);
            return Ok(());
        }
        ClashWinner::Attacker => (a, b, result.defender),
        ClashWinner::Defender => (b, a, absorb_psychic(result.net_successes, defender_state(&s.combatants[a]))?),
    };
    out.terms.extend(absorption.terms.clone());
    s.values.insert("last-winner".into(), winner as i64 + 1);
    let (wname, net) = (s.combatants[winner].name.clone(), result.net_successes);
    let l = &mut s.combatants[loser];
    let sh = shield(l).unwrap_or("death");
    l.set(&psychic(sh), absorption.shield_damage_after);
    l.set("psychic-gnosis", absorption.gnosis_damage_after);
    out.lines.push(format!(
        "{wname} wins the clash by {net}: {} takes {net} psychic damage, {} on the {} Shield and {} in Gnosis",
        l.name,
        absorption.shield_absorbed,
        title(sh),
        absorption.gnosis_absorbed
    ));
    if absorption.round_lost {
        out.lines.push(format!(
            "{} cannot hold {} more point{}: the round is lost",
            l.name,
            absorption.overflow,
            if absorption.overflow == 1 { "" } else { "s" }
        ));
        let o = round_over(s, winner, loser)?;
        out.lines.extend(o.lines);
        out.terms.extend(o.terms);
    } else {
        s.values.insert(DECLARES_FIRST.into(), winner as i64 + 1);
        out.lines.push(format!(
            "Each duelist may now swap their Sword or Shield: {wname} won the last clash and declares any swaps first"
        ));
    }
    Ok(())
}

/// Who declares swaps first after a stalemate, and the words saying so: the last clash's
/// winner, or, when every clash so far was a stalemate, the duelist drawn at random when
/// the clash was made (none for a clash stored before the draw).
fn swap_first(s: &State, act: &Act<'_>) -> (Option<usize>, String) {
    let named = |i: usize| s.combatants.get(i).map_or("?", |c| c.name.as_str()).to_string();
    match s.values.get("last-winner") {
        Some(&w) => (
            usize::try_from(w - 1).ok(),
            format!(
                "Each duelist may now swap their Sword or Shield: {} won the last clash and declares any swaps first",
                named(w as usize - 1)
            ),
        ),
        None => match act.fact("swap-first").and_then(|f| f.parse::<usize>().ok()) {
            Some(i) => (Some(i), format!(
                "Each duelist may now swap their Sword or Shield: {} declares any swaps first (drawn at random: every clash so far a stalemate)",
                named(i)
            )),
            None => (None, "Each duelist may now swap their Sword or Shield; every clash so far a stalemate, so draw at random who declares first".into()),
        },
    }
}
