//! Primal Wild in an encounter, in two modes.
//!
//! - **fight**: initiative on a d10 plus the modifier, the die raised to a boosting
//!   spell's minimum ([`boosted_initiative`]) or replaced by a Shaping roll
//!   ([`shaped_initiative`]); boosted and Shaping attacks through [`boosted_attack`] and
//!   [`shaping_attack`], their damage marked against the target's Health.
//! - **duel**: the Duel Arcane. Two duelists pick a Sword and a Shield Arcanum and clash:
//!   each pool from [`clash_pool`] (Gnosis + Sword, the Sword's rest, sustained spells,
//!   distraction), the results through [`clash_result`] and [`absorb_psychic`] (Shield,
//!   then Gnosis), a clash's Willpower cost, swaps of Arcana between clashes, and the
//!   Willpower each side ends a round with from [`round_willpower`].

use std::collections::BTreeMap;

use rand::Rng;

use super::rules::{
    absorb_psychic, boosted_attack, boosted_initiative, clash_pool, clash_result, round_willpower, shaped_initiative,
    shaping_attack, Aspect, ClashInput, ClashWinner, DuelistState, RoundSide, ARCANUM, DISTRACTION, GNOSIS, R_ATTACKS,
    R_CLASH_POOL, R_CLASH_RESULTS, R_ROUND_RESULTS, R_SHAPING_ATTACKS, WILLPOWER,
};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Act, Action, Combatant, EncounterRules, Outcome, Pace, StatSpec, State};
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{Param, ParamKind, Term};
use crate::sheets::Derived;

const ARCANA: [&str; 10] = ["death", "fate", "forces", "life", "matter", "mind", "prime", "space", "spirit", "time"];
const ASPECTS: &[&str] = &["none", "sensory", "covert", "vulgar"];
const DAMAGE_TYPES: [&str; 3] = ["bashing", "lethal", "aggravated"];
/// Health when the game master gives none (Mage's Stamina + Size for an average adult;
/// not in the supplement, so Tome's choice).
const DEFAULT_HEALTH: i64 = 7;

fn title(word: &str) -> String {
    crate::rules::key_label(word)
}

// ---------------------------------------------------------------- fight

static FIGHT_STATS: &[StatSpec] = &[
    StatSpec {
        key: "initiative",
        label: "Initiative modifier",
        aliases: &["init", "modifier"],
        min: -10,
        max: 30,
        default: 0,
    },
    StatSpec {
        key: "boost",
        label: "Initiative boost (0 none, 1 sensory, 2 covert, 3 vulgar)",
        aliases: &["aspect", "initiative-boost"],
        min: 0,
        max: 3,
        default: 0,
    },
    StatSpec {
        key: "shaped-potency",
        label: "Shaped Potency replacing the initiative roll (0 for none)",
        aliases: &["shaped", "shaping"],
        min: 0,
        max: 40,
        default: 0,
    },
    StatSpec { key: "health", label: "Health", aliases: &["hp"], min: 1, max: 30, default: DEFAULT_HEALTH },
];

const ASPECT_PARAM: Param = Param {
    name: "aspect",
    help: "The aspect of the boosting or Shaped spell: sensory, covert or vulgar.",
    kind: ParamKind::Choice { options: &["sensory", "covert", "vulgar"] },
    required: true,
    default: None,
};

const TYPE_PARAM: Param = Param {
    name: "type",
    help: "The damage's type (bashing, lethal or aggravated).",
    kind: ParamKind::Choice { options: &DAMAGE_TYPES },
    required: false,
    default: Some("lethal"),
};

static BOOSTED_PARAMS: &[Param] = &[
    ASPECT_PARAM,
    Param {
        name: "rolled",
        help: "Successes the attack roll scored.",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: true,
        default: None,
    },
    Param {
        name: "cancelled",
        help: "Successes the target's armour or defensive magic cancels (guaranteed ones first).",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: false,
        default: Some("0"),
    },
    TYPE_PARAM,
];

static SHAPING_PARAMS: &[Param] = &[
    ASPECT_PARAM,
    Param {
        name: "potency",
        help: "The Shaped spell's total Potency.",
        kind: ParamKind::Int { min: 1, max: 40 },
        required: true,
        default: None,
    },
    Param {
        name: "defense-successes",
        help: "Successes of the target's Defense + Wits roll.",
        kind: ParamKind::Int { min: 0, max: 50 },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "protection",
        help: "Automatic damage the target's armour or defensive spell can absorb (its base Potency).",
        kind: ParamKind::Int { min: 0, max: 20 },
        required: false,
        default: Some("0"),
    },
    TYPE_PARAM,
];

static FIGHT_ACTIONS: &[Action] = &[
    Action {
        name: "boosted-attack",
        summary: "A spell-boosted attack on NAME: the aspect's guaranteed successes, less what is cancelled, as damage",
        combatant: true,
        params: BOOSTED_PARAMS,
        rule: Some(R_ATTACKS),
    },
    Action {
        name: "shaping-attack",
        summary: "A Shaping attack on NAME: Shaped Potency against Defense + Wits, never below the aspect's minimum",
        combatant: true,
        params: SHAPING_PARAMS,
        rule: Some(R_SHAPING_ATTACKS),
    },
];

/// Primal Wild fights: initiative with boosts and Shaping.
pub struct Fight;

fn aspect_of(n: i64) -> Option<Aspect> {
    match n {
        1 => Some(Aspect::Sensory),
        2 => Some(Aspect::Covert),
        3 => Some(Aspect::Vulgar),
        _ => None,
    }
}

fn wounds(c: &Combatant) -> i64 {
    DAMAGE_TYPES.iter().map(|t| c.value(t)).sum()
}

fn mark_damage(c: &mut Combatant, amount: i64, kind: &str) -> Outcome {
    let room = (c.stat("health") - wounds(c)).max(0);
    let marked = amount.min(room);
    c.set(kind, c.value(kind) + marked);
    let mut out = Outcome::line(format!(
        "{} marks {marked} {kind} ({} of {} Health boxes filled)",
        c.name,
        wounds(c),
        c.stat("health")
    ));
    if amount > marked {
        out.lines.push(format!(
            "{} more than the Health track holds: upgrading wounds is Mage's core rule, not this supplement's, so Tome marks none (interpretation)",
            amount - marked
        ));
    }
    if wounds(c) >= c.stat("health") {
        out.lines.push(format!("{}'s Health track is full", c.name));
    }
    out
}

impl EncounterRules for Fight {
    fn stats(&self) -> &'static [StatSpec] {
        FIGHT_STATS
    }

    fn stats_from_sheet(&self, _c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        BTreeMap::new()
    }

    fn join(&self, c: &mut Combatant) {
        for t in DAMAGE_TYPES {
            c.set(t, 0);
        }
    }

    fn initiative(&self, c: &Combatant, roll: i64) -> (Vec<i64>, Outcome) {
        let modifier = c.stat("initiative").clamp(-10, 30);
        let shaped = c.stat("shaped-potency");
        let result = if shaped > 0 {
            shaped_initiative(modifier, shaped)
        } else {
            boosted_initiative(modifier, roll.clamp(1, 10), aspect_of(c.stat("boost")))
        };
        match result {
            Ok(i) => {
                let mut terms = i.terms;
                for t in &mut terms {
                    t.label = format!("{}: {}", c.name, t.label);
                }
                // Interpretation: ties go to the higher modifier, then a re-roll.
                (vec![i.initiative, modifier], Outcome { lines: Vec::new(), terms })
            }
            Err(e) => (vec![modifier + roll, modifier], Outcome::line(format!("{}: {e}", c.name))),
        }
    }

    fn initiative_dice(&self) -> (&'static str, (i64, i64)) {
        ("1d10", (1, 10))
    }

    fn start_turn(&self, c: &mut Combatant) -> Outcome {
        if wounds(c) >= c.stat("health") {
            Outcome::line(format!("{}'s Health track is full", c.name))
        } else {
            Outcome::default()
        }
    }

    fn end_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    fn damage(&self, c: &mut Combatant, amount: i64, kind: Option<&str>) -> Result<Outcome> {
        let kind = kind.map_or("lethal".to_string(), |k| k.trim().to_ascii_lowercase());
        let kind = DAMAGE_TYPES.iter().find(|t| **t == kind).ok_or_else(|| Error::NotFound {
            what: "damage type",
            id: kind.clone(),
            suggestions: DAMAGE_TYPES.iter().map(|t| t.to_string()).collect(),
        })?;
        Ok(mark_damage(c, amount, kind))
    }

    fn heal(&self, c: &mut Combatant, amount: i64) -> Result<Outcome> {
        let mut left = amount;
        // The lightest damage heals first.
        for t in DAMAGE_TYPES {
            let n = c.value(t).min(left);
            c.set(t, c.value(t) - n);
            left -= n;
        }
        Ok(Outcome::line(format!("{}: {} of {} Health boxes filled", c.name, wounds(c), c.stat("health"))))
    }

    fn actions(&self) -> &'static [Action] {
        FIGHT_ACTIONS
    }

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        s.require_started(act.action.name)?;
        let aspect = Aspect::parse(act.inputs.choice("aspect")?.unwrap_or("covert"))?;
        let kind = act.inputs.choice("type")?.unwrap_or("lethal");
        let c = &mut s.combatants[act.who()];
        let (damage, mut out) = match act.action.name {
            "boosted-attack" => {
                let a = boosted_attack(aspect, act.inputs.int("rolled")?, act.inputs.int("cancelled")?)?;
                let mut out = Outcome { lines: Vec::new(), terms: a.terms };
                out.lines.push(format!(
                    "A {} boosted attack on {}: {} successes ({} automatic)",
                    aspect.name(),
                    c.name,
                    a.successes,
                    a.automatic
                ));
                out.lines.extend(a.warnings.into_iter().map(|w| format!("Note: {w}")));
                (a.successes, out)
            }
            _ => {
                let a = shaping_attack(
                    aspect,
                    act.inputs.int("potency")?,
                    act.inputs.int("defense-successes")?,
                    act.inputs.int("protection")?,
                )?;
                let mut out = Outcome { lines: Vec::new(), terms: a.terms };
                out.lines.push(format!(
                    "A {} Shaping attack on {}: {} damage ({} net, {} automatic, {} cancelled)",
                    aspect.name(),
                    c.name,
                    a.damage,
                    a.net_successes,
                    a.automatic,
                    a.automatic_cancelled
                ));
                out.lines.extend(a.warnings.into_iter().map(|w| format!("Note: {w}")));
                (a.damage, out)
            }
        };
        let marked = mark_damage(c, damage, kind);
        out.lines.extend(marked.lines);
        Ok(out)
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        m.insert("health".into(), c.stat("health").into());
        m.insert(
            "damage".into(),
            serde_json::json!({ "bashing": c.value("bashing"), "lethal": c.value("lethal"), "aggravated": c.value("aggravated") }),
        );
        let boost = ASPECTS[c.stat("boost").clamp(0, 3) as usize];
        if boost != "none" {
            m.insert("initiative_boost".into(), boost.into());
        }
        if c.stat("shaped-potency") > 0 {
            m.insert("shaped_potency".into(), c.stat("shaped-potency").into());
        }
        m
    }

    fn lasting(&self, _c: &Combatant) -> BTreeMap<String, i64> {
        BTreeMap::new()
    }
}

// ---------------------------------------------------------------- duel

macro_rules! arcanum {
    ($key:literal, $label:literal) => {
        StatSpec {
            key: $key,
            label: $label,
            aliases: &[concat!("arcanum.", $key)],
            min: ARCANUM.0,
            max: ARCANUM.1,
            default: 0,
        }
    };
}

static DUEL_STATS: &[StatSpec] = &[
    StatSpec { key: "gnosis", label: "Gnosis", aliases: &["gn"], min: GNOSIS.0, max: GNOSIS.1, default: 1 },
    StatSpec {
        key: "willpower",
        label: "Willpower points",
        aliases: &["wp"],
        min: WILLPOWER.0,
        max: WILLPOWER.1,
        default: 5,
    },
    StatSpec {
        key: "willpower-dots",
        label: "Willpower dots (the most it holds; 0 for no cap)",
        aliases: &["max-willpower", "willpower.dots"],
        min: 0,
        max: WILLPOWER.1,
        default: 0,
    },
    StatSpec {
        key: "sustaining",
        label: "Spells sustained on the duelist",
        aliases: &["sustained", "sustained.on-self"],
        min: 0,
        max: 20,
        default: 0,
    },
    arcanum!("death", "Death"),
    arcanum!("fate", "Fate"),
    arcanum!("forces", "Forces"),
    arcanum!("life", "Life"),
    arcanum!("matter", "Matter"),
    arcanum!("mind", "Mind"),
    arcanum!("prime", "Prime"),
    arcanum!("space", "Space"),
    arcanum!("spirit", "Spirit"),
    arcanum!("time", "Time"),
];

static ARMS_PARAMS: &[Param] = &[
    Param {
        name: "sword",
        help: "The Arcanum the duelist attacks with.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: true,
        default: None,
    },
    Param {
        name: "shield",
        help: "The Arcanum that takes psychic damage first.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: true,
        default: None,
    },
];

static SWAP_PARAMS: &[Param] = &[
    Param {
        name: "sword",
        help: "A new Sword, an Arcanum not in use.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: false,
        default: None,
    },
    Param {
        name: "shield",
        help: "A new Shield, an Arcanum not in use.",
        kind: ParamKind::Choice { options: &ARCANA },
        required: false,
        default: None,
    },
];

static CLASH_PARAMS: &[Param] = &[
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
        kind: ParamKind::Text,
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
        help: "A duelist whose clash a Hallow pays for (once a round each, if their Sword suits its resonance).",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
];

static DUEL_ACTIONS: &[Action] = &[
    Action {
        name: "arms",
        summary: "A duelist picks a Sword and a Shield Arcanum (before the round's first clash)",
        combatant: true,
        params: ARMS_PARAMS,
        rule: Some(R_CLASH_POOL),
    },
    Action {
        name: "clash",
        summary: "Both duelists clash: pools, Willpower costs, successes, psychic damage into Shield then Gnosis",
        combatant: false,
        params: CLASH_PARAMS,
        rule: Some(R_CLASH_RESULTS),
    },
    Action {
        name: "swap",
        summary: "After a clash, a duelist swaps their Sword or Shield for an Arcanum not in use",
        combatant: true,
        params: SWAP_PARAMS,
        rule: Some(R_CLASH_RESULTS),
    },
    Action {
        name: "surrender",
        summary: "A duelist gives up the round: the other wins it",
        combatant: true,
        params: &[],
        rule: Some(R_ROUND_RESULTS),
    },
];

/// The Duel Arcane.
pub struct Duel;

fn arcanum_index(name: &str) -> i64 {
    ARCANA.iter().position(|a| *a == name).map_or(0, |i| i as i64 + 1)
}

fn arcanum_at(n: i64) -> Option<&'static str> {
    usize::try_from(n - 1).ok().and_then(|i| ARCANA.get(i)).copied()
}

fn sword(c: &Combatant) -> Option<&'static str> {
    arcanum_at(c.value("sword"))
}

fn shield(c: &Combatant) -> Option<&'static str> {
    arcanum_at(c.value("shield"))
}

fn psychic(arcanum: &str) -> String {
    format!("psychic-{arcanum}")
}

fn rest(arcanum: &str) -> String {
    format!("rest-{arcanum}")
}

fn pool_of(c: &Combatant, distraction: i64) -> Result<super::rules::ClashPool> {
    let sword = sword(c).ok_or_else(|| no_arms(c))?;
    clash_pool(ClashInput {
        gnosis: c.stat("gnosis"),
        sword: c.stat(sword),
        unused: c.value(&rest(sword)).clamp(0, 100),
        sustaining: c.stat("sustaining") > 0,
        distraction,
    })
}

fn no_arms(c: &Combatant) -> Error {
    Error::InvalidInput(format!(
        "{} has no Sword and Shield yet: `act ENC arms {} --sword ARCANUM --shield ARCANUM`",
        c.name, c.name
    ))
}

/// `NAME=N,NAME=N` as typed.
fn named_numbers(raw: Option<&str>, s: &State) -> Result<BTreeMap<usize, i64>> {
    let mut out = BTreeMap::new();
    for part in raw.unwrap_or_default().split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, n) = part
            .rsplit_once('=')
            .ok_or_else(|| Error::InvalidInput(format!("--rolls takes NAME=N for each duelist, not `{part}`")))?;
        let n: i64 =
            n.trim().parse().ok().filter(|n| (0..=50).contains(n)).ok_or_else(|| {
                Error::InvalidInput(format!("--rolls {name}: successes are 0 to 50, not `{}`", n.trim()))
            })?;
        out.insert(s.find(name)?, n);
    }
    Ok(out)
}

/// Rolls a pool the Chronicles of Darkness way: a success on each 8+, a 10 rolls again;
/// a chance die succeeds only on a 10.
fn roll_pool(dice: i64, chance: bool, rng: &mut dyn rand::RngCore) -> (i64, Vec<i64>) {
    let mut faces = Vec::new();
    if chance {
        let f = rng.random_range(1..=10);
        faces.push(f);
        return (i64::from(f == 10), faces);
    }
    let mut successes = 0;
    let mut left = dice;
    while left > 0 && faces.len() < 200 {
        left -= 1;
        let f = rng.random_range(1..=10);
        faces.push(f);
        if f >= 8 {
            successes += 1;
        }
        if f == 10 {
            left += 1;
        }
    }
    (successes, faces)
}

impl Duel {
    fn duelists(&self, s: &State) -> Result<(usize, usize)> {
        if s.combatants.len() != 2 {
            return Err(Error::InvalidInput(format!(
                "a Duel Arcane is between two duelists, and this one has {}",
                s.combatants.len()
            )));
        }
        Ok((0, 1))
    }

    fn clash(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        s.require_started("a clash")?;
        let (a, b) = self.duelists(s)?;
        for i in [a, b] {
            if sword(&s.combatants[i]).is_none() || shield(&s.combatants[i]).is_none() {
                return Err(no_arms(&s.combatants[i]));
            }
        }
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
            return Err(Error::InvalidInput(format!(
                "{} is passive this clash and rolls nothing",
                s.combatants[p].name
            )));
        }
        let distraction = act.inputs.int("distraction")?;
        let circle = act.inputs.flag("circle-pays");
        let round = s.round;
        if let Some(h) = hallow {
            if s.combatants[h].value("hallow-round") == round {
                return Err(Error::InvalidInput(format!(
                    "a Hallow already paid for one of {}'s clashes this round (once a round)",
                    s.combatants[h].name
                )));
            }
        }
        let number = s.values.get("clash").copied().unwrap_or(0) + 1;
        let mut out = Outcome::line(format!("Clash {number} of round {round}"));
        let mut successes = [0i64; 2];
        for (slot, i) in [a, b].into_iter().enumerate() {
            let c = &mut s.combatants[i];
            let sw = sword(c).unwrap_or("death");
            if Some(i) == passive {
                out.lines.push(format!("{} does not act: no roll, no cost, and only takes the attack", c.name));
                continue;
            }
            let pool = pool_of(c, distraction)?;
            out.terms.extend(pool.terms.into_iter().map(|mut t| {
                t.label = format!("{}: {}", c.name, t.label);
                t
            }));
            let n = match typed.get(&i) {
                Some(n) => *n,
                None => act.fact_int(&format!("successes-{i}"))?,
            };
            successes[slot] = n;
            let how = match (typed.contains_key(&i), act.fact(&format!("dice-{i}"))) {
                (false, Some(d)) => format!("rolled by Tome: {d}"),
                _ => "typed".into(),
            };
            let dice = if pool.chance_die { "a chance die".to_string() } else { format!("{} dice", pool.dice_pool) };
            let successes = if n == 1 { "success" } else { "successes" };
            out.lines.push(format!("{} clashes with {} ({dice}): {n} {successes} ({how})", c.name, title(sw)));
            // The cost: the circle's keeper, a Hallow, Willpower, or a Resistant lethal wound.
            if circle {
                out.lines.push(format!("The keeper of Squaring the Circle pays {}'s Willpower", c.name));
            } else if Some(i) == hallow {
                c.set("hallow-round", round);
                out.lines.push(format!("A Hallow pays for {}'s clash", c.name));
            } else if c.value("willpower") > 0 {
                c.set("willpower", c.value("willpower") - 1);
                c.set("spent", c.value("spent") + 1);
                out.terms.push(Term::num(format!("{}: Willpower for the clash", c.name), -1, Some(R_CLASH_RESULTS)));
            } else {
                c.set("lethal", c.value("lethal") + 1);
                out.lines.push(format!("{} has no Willpower left and takes a Resistant lethal wound to clash", c.name));
            }
        }
        // The Sword that attacked rests no more; every other Arcanum has rested one more clash.
        for i in [a, b] {
            let c = &mut s.combatants[i];
            let attacked = if Some(i) == passive { None } else { sword(c) };
            for ar in ARCANA {
                let n = if Some(ar) == attacked { 0 } else { c.value(&rest(ar)) + 1 };
                c.set(&rest(ar), n);
            }
        }
        s.values.insert("clash".into(), number);
        let defender_state = |c: &Combatant| {
            let sh = shield(c).unwrap_or("death");
            DuelistState {
                shield: c.stat(sh),
                shield_damage: c.value(&psychic(sh)).min(c.stat(sh)),
                gnosis: c.stat("gnosis"),
                gnosis_damage: c.value("psychic-gnosis").min(c.stat("gnosis")),
            }
        };
        let result = clash_result(successes[0], successes[1], defender_state(&s.combatants[b]))?;
        let (winner, loser, absorption) = match result.winner {
            ClashWinner::Stalemate => {
                out.terms.extend(result.defender.terms);
                out.lines.push("Equal successes: a stalemate, and the next clash follows".into());
                return Ok(out);
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
            let o = self.round_over(s, winner, loser)?;
            out.lines.extend(o.lines);
            out.terms.extend(o.terms);
        } else {
            out.lines.push(format!("Each duelist may now swap their Sword or Shield; {wname} says so first"));
        }
        Ok(out)
    }

    /// The round's results: Willpower to each side, psychic damage gone, the next round.
    fn round_over(&self, s: &mut State, winner: usize, loser: usize) -> Result<Outcome> {
        let mut out = Outcome::line(format!("{} wins round {}", s.combatants[winner].name, s.round));
        for (i, side) in [(winner, RoundSide::Winner), (loser, RoundSide::Loser)] {
            let c = &mut s.combatants[i];
            let dots = c.stat("willpower-dots");
            let max = (dots > 0).then_some(dots);
            let wp = c.value("willpower");
            let spent = c.value("spent").clamp(0, WILLPOWER.1);
            let r = round_willpower(side, wp, spent, max.map(|m| m.max(wp + spent)))?;
            out.terms.extend(r.terms.into_iter().map(|mut t| {
                t.label = format!("{}: {}", c.name, t.label);
                t
            }));
            c.set("willpower", r.willpower_after);
            c.set("spent", 0);
            c.set("lethal", c.value("lethal") + r.resistant_lethal);
            let what = if side == RoundSide::Winner { "wins" } else { "loses" };
            out.lines.push(format!("{} {what} the round and ends it with {} Willpower", c.name, r.willpower_after));
            if r.resistant_lethal > 0 {
                out.lines.push(format!("{} had no Willpower to lose and takes a Resistant lethal wound", c.name));
            }
            if side == RoundSide::Winner {
                c.set("rounds-won", c.value("rounds-won") + 1);
            }
            c.set("psychic-gnosis", 0);
            for ar in ARCANA {
                c.set(&psychic(ar), 0);
                c.set(&rest(ar), 0);
            }
        }
        out.lines.push(
            "Psychic damage fades from both duelists' Arcana and Gnosis; the Swords' rest starts again at 0 (interpretation: the document counts rest within a round)"
                .into(),
        );
        s.round += 1;
        s.values.insert("clash".into(), 0);
        out.lines.push(format!("Round {} may follow, or the duel ends here", s.round));
        Ok(out)
    }
}

impl EncounterRules for Duel {
    fn stats(&self) -> &'static [StatSpec] {
        DUEL_STATS
    }

    fn stats_from_sheet(&self, c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
        let mut out = BTreeMap::new();
        let int = |k: &str| match c.values.get(k) {
            Some(SheetValue::Int(n)) => Some(*n),
            _ => None,
        };
        for (key, field) in [
            ("gnosis", "gnosis"),
            ("willpower", "willpower"),
            ("willpower-dots", "willpower.dots"),
            ("sustaining", "sustained.on-self"),
        ] {
            if let Some(n) = int(field) {
                out.insert(key.to_string(), n);
            }
        }
        for ar in ARCANA {
            if let Some(n) = int(&format!("arcanum.{ar}")) {
                out.insert(ar.to_string(), n);
            }
        }
        out
    }

    fn join(&self, c: &mut Combatant) {
        c.set("willpower", c.stat("willpower"));
        for key in ["sword", "shield", "spent", "lethal", "rounds-won", "psychic-gnosis", "hallow-round", "swapped"] {
            c.set(key, 0);
        }
    }

    fn pace(&self) -> Pace {
        Pace::Together
    }

    fn start_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    fn end_turn(&self, _c: &mut Combatant) -> Outcome {
        Outcome::default()
    }

    fn damage(&self, c: &mut Combatant, _amount: i64, _kind: Option<&str>) -> Result<Outcome> {
        Err(Error::InvalidInput(format!(
            "in a Duel Arcane, {} takes psychic damage from clashes: `act ENC clash`",
            c.name
        )))
    }

    fn heal(&self, c: &mut Combatant, _amount: i64) -> Result<Outcome> {
        Err(Error::InvalidInput(format!("psychic damage fades from {} when the round ends, not by healing", c.name)))
    }

    fn actions(&self) -> &'static [Action] {
        DUEL_ACTIONS
    }

    fn prepare(
        &self,
        _book: &dyn Rulebook,
        s: &State,
        act: &Act<'_>,
        rng: &mut dyn rand::RngCore,
    ) -> Result<BTreeMap<String, String>> {
        let mut facts = BTreeMap::new();
        if act.action.name != "clash" || s.combatants.len() != 2 {
            return Ok(facts);
        }
        let typed = named_numbers(act.inputs.text("rolls"), s)?;
        let passive = act.inputs.text("passive").and_then(|n| s.find(n).ok());
        let distraction = act.inputs.int("distraction")?;
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

    fn act(&self, s: &mut State, act: &Act<'_>) -> Result<Outcome> {
        match act.action.name {
            "clash" => self.clash(s, act),
            "arms" => {
                let clash = s.values.get("clash").copied().unwrap_or(0);
                let c = &mut s.combatants[act.who()];
                if clash > 0 {
                    return Err(Error::InvalidInput(format!(
                        "the round's clashes have begun: {} changes arms with `swap`, one at a time",
                        c.name
                    )));
                }
                let (sw, sh) =
                    (act.inputs.choice("sword")?.unwrap_or("death"), act.inputs.choice("shield")?.unwrap_or("death"));
                if sw == sh {
                    return Err(Error::InvalidInput(format!(
                        "{}'s Sword and Shield must be two Arcana, not {} twice",
                        c.name,
                        title(sw)
                    )));
                }
                c.set("sword", arcanum_index(sw));
                c.set("shield", arcanum_index(sh));
                Ok(Outcome::line(format!(
                    "{} takes {} ({} dots) as Sword and {} ({} dots) as Shield",
                    c.name,
                    title(sw),
                    c.stat(sw),
                    title(sh),
                    c.stat(sh)
                )))
            }
            "swap" => {
                let clash = s.values.get("clash").copied().unwrap_or(0);
                let c = &mut s.combatants[act.who()];
                let (new_sword, new_shield) = (act.inputs.choice("sword")?, act.inputs.choice("shield")?);
                let (role, new) = match (new_sword, new_shield) {
                    (Some(a), None) => ("sword", a),
                    (None, Some(a)) => ("shield", a),
                    _ => {
                        return Err(Error::InvalidInput(
                            "a swap changes one Arcanum: give either --sword or --shield".into(),
                        ))
                    }
                };
                if clash == 0 {
                    return Err(Error::InvalidInput(format!(
                        "swaps come after a clash; before the round's first, {} picks arms with `arms`",
                        c.name
                    )));
                }
                if c.value("swapped") == clash {
                    return Err(Error::InvalidInput(format!("{} has already swapped since clash {clash}", c.name)));
                }
                if Some(new) == sword(c) || Some(new) == shield(c) {
                    return Err(Error::InvalidInput(format!(
                        "{} is already in use as {}'s Sword or Shield",
                        title(new),
                        c.name
                    )));
                }
                let old = if role == "sword" { sword(c) } else { shield(c) }.unwrap_or("death");
                c.set(role, arcanum_index(new));
                c.set("swapped", clash);
                let mut line = format!("{} swaps their {} from {} to {}", c.name, title(role), title(old), title(new));
                if role == "shield" && c.value(&psychic(new)) > 0 {
                    line.push_str(&format!(" (it already holds {} psychic damage this round)", c.value(&psychic(new))));
                }
                if role == "sword" && c.value(&rest(new)) > 0 {
                    line.push_str(&format!(
                        " (it has rested {} clash{}: +{} dice)",
                        c.value(&rest(new)),
                        if c.value(&rest(new)) == 1 { "" } else { "es" },
                        c.value(&rest(new)).min(super::rules::UNUSED_BONUS_MAX)
                    ));
                }
                Ok(Outcome::line(line))
            }
            "surrender" => {
                s.require_started("surrendering")?;
                let (a, b) = self.duelists(s)?;
                let loser = act.who();
                let winner = if loser == a { b } else { a };
                let mut out = Outcome::line(format!("{} surrenders the round", s.combatants[loser].name));
                let o = self.round_over(s, winner, loser)?;
                out.lines.extend(o.lines);
                out.terms.extend(o.terms);
                Ok(out)
            }
            other => Err(Error::InvalidInput(format!("the Duel Arcane has no {other} action"))),
        }
    }

    fn view(&self, c: &Combatant) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        m.insert("gnosis".into(), c.stat("gnosis").into());
        m.insert("willpower".into(), c.value("willpower").into());
        m.insert("willpower_spent".into(), c.value("spent").into());
        m.insert("sword".into(), sword(c).map(title).into());
        m.insert("shield".into(), shield(c).map(title).into());
        if let Some(sh) = shield(c) {
            m.insert("shield_room".into(), (c.stat(sh) - c.value(&psychic(sh))).max(0).into());
        }
        m.insert("gnosis_room".into(), (c.stat("gnosis") - c.value("psychic-gnosis")).max(0).into());
        if let Some(sw) = sword(c) {
            m.insert("sword_rest".into(), c.value(&rest(sw)).into());
        }
        // The clash pool at each distraction level (0 to 3), for the app's pool builder.
        let pools: Vec<serde_json::Value> = (DISTRACTION.0..=DISTRACTION.1)
            .filter_map(|d| pool_of(c, d).ok())
            .map(|p| serde_json::json!({ "dice": p.dice_pool, "chance_die": p.chance_die, "terms": p.terms }))
            .collect();
        if !pools.is_empty() {
            m.insert("pools".into(), pools.into());
        }
        let arcana: serde_json::Map<String, serde_json::Value> =
            ARCANA.iter().filter(|a| c.stat(a) > 0).map(|a| (a.to_string(), c.stat(a).into())).collect();
        m.insert("arcana".into(), arcana.into());
        let marked: serde_json::Map<String, serde_json::Value> = ARCANA
            .iter()
            .filter(|a| c.value(&psychic(a)) > 0)
            .map(|a| (a.to_string(), c.value(&psychic(a)).into()))
            .collect();
        m.insert("psychic_damage".into(), marked.into());
        m.insert("resistant_lethal".into(), c.value("lethal").into());
        m.insert("rounds_won".into(), c.value("rounds-won").into());
        m
    }

    fn view_encounter(&self, s: &State) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        if s.started() {
            m.insert("duel_round".into(), s.round.into());
            m.insert("clash".into(), s.values.get("clash").copied().unwrap_or(0).into());
        }
        m
    }

    /// The Willpower each duelist ends with, and the Resistant lethal wounds that stay.
    fn lasting(&self, c: &Combatant) -> BTreeMap<String, i64> {
        BTreeMap::from([("willpower".to_string(), c.value("willpower"))])
    }
}
