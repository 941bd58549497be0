//! An attack: its roll against a defense, then its damage through the target's
//! protections.

use super::conditions::{effects, held, lose_condition, surprised_now, SURPRISE_PARTIAL};
use super::damage::{damage_kind, defenses, hurt};
use super::defense::{defense_total, DEFENSES};
use super::spend::pay;
use crate::encounters::{Act, Combatant, Outcome, State};
use crate::error::{Error, Result};
use crate::rules::Term;
use crate::rules::{Param, ParamKind};
use crate::systems::mythcraft::rules::{
    affinity_damage, apply_damage, condition_tactics, crit_damage, crit_range, d20_mode, natural_roll, parse_damage,
    tactical, unseen_lost, Attack, AttackKind, AttackSituation, D20Mode, DamageDice, DamagePart, DamageType, HitCheck,
    Portion, RollKind, UnseenEvent, ACTIONS_MAX, AMOUNT_MAX, CRIT_DICE_MAX, CRIT_SIDES_MAX, C_UNSEEN, EXPANSIONS_MAX,
    MODIFIER_MAX, ROLL_MAX, ROLL_MIN, SOURCES_MAX,
};

pub(super) static RANGES: &[&str] = &["melee", "ranged"];

/// `roll` after the TA and TD the tracked conditions give an attack of `kind` by `who`
/// on `target` (`None` when Tome does not know the defender), from the `tactical`
/// calculator; the surprise TA is worked out here. Attacks and maneuvers both come
/// through it, since TD counts on every kind of attack (line 19).
pub(super) fn tactics(
    s: &State,
    who: usize,
    target: Option<usize>,
    mut situation: AttackSituation,
    kind: AttackKind,
    foes: i64,
    roll: i64,
) -> Result<(i64, Vec<Term>)> {
    let me = &s.combatants[who];
    let it = target.map(|t| &*s.combatants[t]);
    situation.target_surprised = it.is_some_and(surprised_now) && !me.has(SURPRISE_PARTIAL);
    let (ta, td, sources) = condition_tactics(&effects(me), &it.map(effects).unwrap_or_default(), situation);
    let t = tactical(ta.min(SOURCES_MAX), td.min(SOURCES_MAX), kind, foes)?;
    let mode = attack_d20(s, who, target, situation.charmer && situation.mental);
    // Each source once: the conditions name each TA and TD, so the calculator's totals of
    // them ("TD sources") would count them again; a TA that helps only weapon attacks is
    // said, not added, on another kind.
    let weapon = kind == AttackKind::Weapon;
    let mut terms = vec![Term::num("Attack roll, as typed", roll, None)];
    terms.extend(
        sources.into_iter().map(|x| if !weapon && x.value.as_i64().unwrap_or(0) > 0 { x.as_note() } else { x }),
    );
    terms.extend(t.terms.into_iter().filter(|x| x.label != "TA sources" && x.label != "TD sources"));
    terms.extend(mode.terms);
    Ok((roll + t.modifier + mode.modifier, terms))
}

/// How the d20 of an attack or contested maneuver by `who` on `target` (`None`: not
/// known) is rolled, from the `d20-mode` calculator's own function, so a typed roll and
/// Tome's meet the same rule: Shaken's shift on every d20 (lines 387-389), and two dice
/// with one kept for a Sickened attacker, an Unseen one or target, a Restrained target
/// (lines 383-393, 444-458). An Enthralled target gives the higher die only to the one
/// who Enthralled it, against ANT, LOG or WILL (`enthraller_on_mind`, line 317).
pub(super) fn attack_d20(s: &State, who: usize, target: Option<usize>, enthraller_on_mind: bool) -> D20Mode {
    let me = &s.combatants[who];
    let mine = held(me);
    let mine: Vec<&str> = mine.iter().map(String::as_str).collect();
    let on = target.map(|t| effects(&s.combatants[t]).seen).unwrap_or_default();
    let on: Vec<&str> = on.iter().map(String::as_str).filter(|c| *c != "enthralled" || enthraller_on_mind).collect();
    d20_mode(RollKind::Attack, &mine, &effects(me), &on)
}

/// A check's d20 by `me` (Hide's Sneaking, a Medicine check, initiative's AWR check):
/// the shift its conditions put on every d20 (Shaken's −2, line 389) and their
/// keep-lower dice, from the `d20-mode` calculator's own function. The player types the
/// check's total without that shift, as an attack's (issue 72: Shaken counted on attacks
/// only): the total Tome compares, and the terms that say why.
pub(super) fn check_d20(me: &Combatant, typed: i64) -> (i64, Vec<Term>) {
    let mine = held(me);
    let mine: Vec<&str> = mine.iter().map(String::as_str).collect();
    let mode = d20_mode(RollKind::Check, &mine, &effects(me), &[]);
    (typed + mode.modifier, mode.terms)
}

/// The d20 mode of this attack, as [`with_tactics`] meets it.
fn this_attack_d20(s: &State, act: &Act<'_>) -> Result<D20Mode> {
    let target = s.find(act.inputs.text("target").unwrap_or_default()).ok();
    let mental = matches!(act.inputs.choice("against")?.unwrap_or("ar"), "ant" | "log" | "will");
    Ok(attack_d20(s, act.who(), target, mental && act.inputs.flag("charmer")))
}

/// The attack total after the TA and TD the tracked conditions give.
fn with_tactics(s: &State, who: usize, target: usize, act: &Act<'_>, ranged: bool) -> Result<(i64, Vec<Term>)> {
    let against = act.inputs.choice("against")?.unwrap_or("ar");
    let situation = AttackSituation {
        ranged,
        mental: matches!(against, "ant" | "log" | "will"),
        charmer: act.inputs.flag("charmer"),
        target_surprised: false,
        focus_target: act.inputs.flag("focus-target"),
        taunter: act.inputs.flag("taunter"),
    };
    let kind = AttackKind::parse(act.inputs.choice("kind")?.unwrap_or("weapon"))?;
    let foes = if ranged { act.inputs.int("foes-adjacent")? } else { 0 };
    let (roll, _, said) = attack_roll(act)?;
    let (total, mut terms) = tactics(s, who, Some(target), situation, kind, foes, roll)?;
    if let Some(first) = terms.first_mut() {
        first.label = said;
    }
    Ok((total, terms))
}

pub(super) static PARAMS: &[Param] = &[
    Param { name: "target", help: "The defender, by name.", kind: ParamKind::Listed { list: crate::rules::Listed::Combatants }, required: true, default: None },
    Param {
        name: "roll",
        help: "The attack total: the kept d20 and its bonuses, without the TA and TD of the conditions and surprise Tome tracks, nor Shaken's −2 (it adds those: Concealed, Prone, Demoralized, Charmed, Frightened, Shaken…); add other sources yourself. Left out: --natural or --d20s (typed) or the d20s Tome rolls (two, one kept, where a condition says so: Sickened, Unseen, Restrained…) plus --bonus.",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "defense",
        help: "The defense targeted, as on the sheet, when the target's stats do not give it (left out: the target's AR, or whichever --against names): Tome adds Dodge, Protected and Partial Cover (ranged), then Resist and Vulnerable.",
        kind: ParamKind::Int { min: ROLL_MIN, max: ROLL_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "amount",
        help: "The damage rolled. Tome rolls it when left out: the weapon's --dice plus --modifier.",
        kind: ParamKind::Int { min: 0, max: AMOUNT_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "type",
        help: "The damage type (blunt, sharp, fire…); blunt when left out.",
        kind: ParamKind::Listed { list: crate::rules::Listed::DamageKinds },
        required: false,
        default: None,
    },
    Param {
        name: "natural",
        help: "The d20 as it landed, if told: a 1 is a critical fail (a miss whatever the total), a 20 a crit. With --roll left out, Tome rolls it when left out and adds --bonus.",
        kind: ParamKind::Int { min: 1, max: 20 },
        required: false,
        default: None,
    },
    Param {
        name: "crit",
        help: "A crit, with the d20 rolled at the table (--natural, --roll or --d20s): it hits whatever the defense.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "dice",
        help: "The weapon's damage dice (2d6): a weapon crit deals them at their maximum plus --modifier, the dice rolled again and the attacker's LUCK, as `calc crit-damage` does; --amount counts only on a hit that is no weapon crit.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "modifier",
        help: "The weapon's damage modifier, maximised with its dice on a crit (interpretation: it counts once).",
        kind: ParamKind::Int { min: -MODIFIER_MAX, max: MODIFIER_MAX },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "crit-roll",
        help: "The dice rolled again for a crit, if rolled at the table; Tome rolls them when left out.",
        kind: ParamKind::Int { min: 1, max: CRIT_DICE_MAX as i64 * CRIT_SIDES_MAX as i64 },
        required: false,
        default: None,
    },
    Param {
        name: "crit-expansions",
        help: "How many times the attacker's abilities widen its crit range; a target Vulnerable to the damage widens it too.",
        kind: ParamKind::Int { min: 0, max: EXPANSIONS_MAX },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "ap",
        help: "The AP the weapon or spell costs (0 for a free attack): from the turn's AP, or Reactive AP out of turn. Left out: the attacker's usual attack AP when its stats give one; a creature's attack is one creature action (interpretation: 1 AP).",
        kind: ParamKind::Int { min: 0, max: ACTIONS_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "range",
        help: "Melee or ranged: a Helpless target loses all its HP to melee damage (Interpretation: its Shield HP still take the blow first), and only ranged attacks meet Partial Cover or are stopped by Total Cover.",
        kind: ParamKind::Choice { options: RANGES },
        required: true,
        default: None,
    },
    Param {
        name: "sp",
        help: "The SP a spell costs; without enough SP it cannot be cast.",
        kind: ParamKind::Int { min: 1, max: AMOUNT_MAX },
        required: false,
        default: None,
    },
    Param {
        name: "verbal",
        help: "The roll needs speech or verbal components: a Silenced attacker fails it (interpretation: its AP are spent, its SP kept).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "against",
        help: "Which defense: AR, REF, FORT (Dodge, Protected and cover help these) or ANT, LOG, WILL.",
        kind: ParamKind::Choice { options: DEFENSES },
        required: false,
        default: Some("ar"),
    },
    Param {
        name: "kind",
        help: "Weapon, spell, maneuver or other: TA helps only weapon attacks, TD every attack.",
        kind: ParamKind::Choice { options: AttackKind::WORDS },
        required: false,
        default: Some("weapon"),
    },
    Param {
        name: "charmer",
        help: "The attacker is the one who Charmed the target (TA against its ANT, LOG or WILL).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "focus-target",
        help: "The attacker is Focused, and this target is the one its Focused names (TA).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "taunter",
        help: "The attacker is Taunted, and this target is the one who Taunted it (TA; any other target: TD).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "foes-adjacent",
        help: "Hostile creatures within 5 ft of a ranged attacker: 1 TD each.",
        kind: ParamKind::Int { min: 0, max: SOURCES_MAX },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "unseen-kept",
        help: "The source of the attacker's Unseen says this attack does not end it (otherwise an Unseen attacker is seen once it attacks; interpretation, as `calc unseen-lost`: any attack, a spell only when it deals damage).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "half-on-miss",
        help: "The attack deals half damage on a miss.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "nonlethal",
        help: "Blunt damage dealt to knock out rather than kill.",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    Param {
        name: "two-handed",
        help: "The attack is made with a two-handed weapon: refused while the attacker is Prone (line 373).",
        kind: ParamKind::Flag,
        required: false,
        default: None,
    },
    // Last, so the fuzzer's seeds (which pick parameters by their place) keep theirs.
    Param {
        name: "bonus",
        help: "What the attacker adds to the d20 (its attribute and other bonuses), when Tome rolls it (--roll left out).",
        kind: ParamKind::Int { min: -MODIFIER_MAX, max: MODIFIER_MAX },
        required: false,
        default: Some("0"),
    },
    Param {
        name: "also",
        help: "Damage of further types, as a written attack has it after its first (`1d4 toxic`, `1d6+1 fire + 3 cold`): Tome rolls each part's dice (a number alone is dealt as it is); a weapon crit maximises them and rolls them again too (LUCK is added once, to the first). Resist, Vulnerable and Immune count per type (line 112).",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
    Param {
        name: "trigger",
        help: "Exploit only: what the target did within the attacker's melee reach: leaves-reach (moved out of it), potion (gave or drank a potion), ranged (made a ranged attack).",
        kind: ParamKind::Choice { options: EXPLOIT_TRIGGERS },
        required: false,
        default: None,
    },
    Param {
        name: "d20s",
        help: "Every d20 as it landed (`14 6`), --roll left out, where the conditions have two rolled (Sickened, Unseen, Restrained…): Tome keeps the one they say, and adds --bonus.",
        kind: ParamKind::Text,
        required: false,
        default: None,
    },
];

/// What lets an Exploit strike (line 231-234).
pub(super) static EXPLOIT_TRIGGERS: &[&str] = &["leaves-reach", "potion", "ranged"];

/// Exploit, the advanced reaction (lines 231-234): when a creature within the attacker's
/// melee reach leaves it, gives or drinks a potion, or makes a ranged attack, the attacker
/// strikes at once, out of its own turn, paying the weapon's usual AP from its Reactive
/// AP; the attack is then an attack like any other. Interpretation: Tome cannot see
/// abilities, so the MC's choice of Exploit says the creature has one that grants it (as
/// for Disarm).
pub(super) fn exploit(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let me = &s.combatants[act.who()];
    let Some(trigger) = act.inputs.choice("trigger")? else {
        return Err(Error::InvalidInput(format!(
            "an Exploit answers what the target did within reach: give --trigger ({})",
            EXPLOIT_TRIGGERS.join(", ")
        )));
    };
    if s.current() == Some(me.name.as_str()) {
        return Err(Error::InvalidInput(format!(
            "{} exploits only out of its own turn, with Reactive AP: on its turn it simply attacks",
            me.name
        )));
    }
    if act.inputs.choice("range")? != Some("melee") {
        return Err(Error::InvalidInput("an Exploit is struck with a melee weapon (--range melee)".into()));
    }
    let mut out = attack(s, act)?;
    let why = match trigger {
        "leaves-reach" => "it moves out of reach",
        "potion" => "it gives or drinks a potion",
        _ => "it makes a ranged attack within reach",
    };
    if let Some(first) = out.lines.first_mut() {
        *first = format!("{first}: an Exploit, as {why}");
    }
    Ok(out)
}

/// The d20s typed with `--d20s`, as many as `mode` rolls.
fn typed_d20s(act: &Act<'_>, mode: &D20Mode) -> Result<Option<Vec<i64>>> {
    let Some(raw) = act.inputs.text("d20s") else { return Ok(None) };
    let dice = raw
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|x| !x.is_empty())
        .map(|x| x.parse::<i64>().ok().filter(|n| (1..=20).contains(n)))
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(|| {
            Error::InvalidInput(format!("--d20s: each die is a number from 1 to 20 (`14 6`), not `{raw}`"))
        })?;
    if dice.len() as i64 != mode.dice {
        return Err(Error::InvalidInput(format!(
            "--d20s: this attack is rolled {} (its conditions say so), so give {} d20{}, not {}",
            mode.text(),
            mode.dice,
            if mode.dice == 1 { "" } else { "s" },
            dice.len()
        )));
    }
    Ok(Some(dice))
}

/// The kept die of `dice` as a player reads it: "2d20 keep lower (14, 6): 6", or the
/// die alone.
fn kept_said(mode: &D20Mode, dice: &[i64], kept: i64) -> String {
    if dice.len() < 2 {
        return kept.to_string();
    }
    let all = dice.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    format!("{}d20 keep {} ({all}): {kept}", dice.len(), mode.keep)
}

/// The weapon's dice, when typed.
fn weapon_dice(act: &Act<'_>) -> Result<Option<DamageDice>> {
    act.inputs
        .text("dice")
        .map(|raw| raw.parse::<DamageDice>().map_err(|e| Error::InvalidInput(format!("--dice: {e}"))))
        .transpose()
}

/// The damage of further types (`also`), as written.
fn also_parts(act: &Act<'_>) -> Result<Vec<DamagePart>> {
    act.inputs.text("also").map_or(Ok(Vec::new()), |raw| parse_damage("also", raw))
}

/// Facts Tome keeps for the `also` parts: each part's damage as rolled, and on a crit
/// each part's dice rolled again (comma-separated, in the parts' order).
const ALSO: &str = "also";
const ALSO_CRIT: &str = "also-crit";

/// The numbers of a comma-separated fact, one per `also` part.
fn also_fact(act: &Act<'_>, key: &str, parts: usize) -> Result<Vec<i64>> {
    let raw = act.fact(key).unwrap_or_default();
    let got: Vec<i64> = raw.split(',').filter_map(|n| n.trim().parse().ok()).collect();
    if got.len() != parts {
        return Err(Error::InvalidInput(format!("the attack action holds no `{key}` for each of its {parts} parts")));
    }
    Ok(got)
}

/// Rolls what is not typed, so that replaying the attack needs no dice: the attack's
/// d20 (plus `bonus`), its damage (the weapon's dice plus `modifier`) and a crit's
/// second roll. The attack's and damage's rolls are kept as a player reads them
/// (`said.…`, which their phone shows).
pub(super) fn prepare(
    facts: &mut std::collections::BTreeMap<String, String>,
    s: &State,
    act: &Act<'_>,
    rng: &mut dyn rand::RngCore,
) -> Result<()> {
    let mut rng = &mut *rng;
    let dice = weapon_dice(act)?;
    if act.inputs.opt_int("roll")?.is_none() {
        let typed = act.inputs.opt_int("natural")?;
        // Two dice and one kept where the conditions say so, decided as for a typed roll.
        let mode = this_attack_d20(s, act)?;
        let dice = match (typed, typed_d20s(act, &mode)?) {
            (Some(n), _) => vec![n],
            (None, Some(dice)) => dice,
            (None, None) => (0..mode.dice).map(|_| rand::Rng::random_range(&mut rng, 1..=20)).collect(),
        };
        let d20 = if typed.is_some() { dice[0] } else { mode.kept(&dice).unwrap_or(dice[0]) };
        let bonus = act.inputs.int("bonus")?;
        let total = (d20 + bonus).clamp(ROLL_MIN, ROLL_MAX);
        facts.insert("roll".into(), total.to_string());
        // Only Tome's own roll is said as Tome's: a typed d20 is the player's.
        if typed.is_none() {
            facts.insert("natural".into(), d20.to_string());
            facts.insert(D20S.into(), dice.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
            if act.inputs.text("d20s").is_none() {
                let said = with_bonus("d20", &[d20], bonus, total);
                let said = if dice.len() > 1 { format!("{} → {said}", kept_said(&mode, &dice, d20)) } else { said };
                facts.insert(SAID_ROLL.into(), format!("Attack {said}"));
            }
        }
    }
    // Whether the attack is a weapon crit is known now (its d20 typed, or just rolled):
    // its damage is the dice at their maximum and rolled again (line 152), so the damage
    // of an ordinary hit is neither rolled nor said for it, and an attack that is no weapon
    // crit rolls nothing more.
    let natural = act.inputs.opt_int("natural")?.or_else(|| facts.get("natural").and_then(|n| n.parse().ok()));
    let weapon = act.inputs.choice("kind")?.unwrap_or("weapon") == "weapon";
    let weapon_crit = weapon && may_crit(s, act, natural)?;
    let also = also_parts(act)?;
    if weapon_crit {
        if dice.is_none() {
            return Err(Error::InvalidInput(
                "a weapon crit deals the weapon's dice at their maximum and rolled again: give them (--dice, and \
                 --modifier); the damage rolled (--amount) counts only on a hit that is no weapon crit"
                    .into(),
            ));
        }
        let mut said = Vec::new();
        if let (Some(dice), None) = (&dice, act.inputs.opt_int("crit-roll")?) {
            let (again, faces) = dice.roll(&mut rng);
            facts.insert("crit-roll".into(), again.to_string());
            said.push(again_said(&dice.to_string(), &faces, again));
        }
        if !also.is_empty() {
            let mut again = Vec::new();
            for p in &also {
                let kind = p.kind_or_blunt().label().to_lowercase();
                match &p.dice {
                    Some(d) => {
                        let (n, faces) = d.roll(&mut rng);
                        again.push(n.to_string());
                        said.push(format!("{} {kind}", again_said(&d.to_string(), &faces, n)));
                    }
                    None => again.push("0".into()),
                }
            }
            facts.insert(ALSO_CRIT.into(), again.join(","));
        }
        if !said.is_empty() {
            facts.insert(SAID_DAMAGE.into(), format!("Critical damage: {}", said.join(" + ")));
        }
        return Ok(());
    }
    if act.inputs.opt_int("amount")?.is_none() {
        let Some(dice) = &dice else {
            return Err(Error::InvalidInput(
                "Tome rolls the damage from the weapon's dice: give them (--dice, and --modifier), or the damage rolled (--amount)"
                    .into(),
            ));
        };
        let (rolled, faces) = dice.roll(&mut rng);
        let modifier = act.inputs.int("modifier")?;
        let total = (rolled + modifier).clamp(0, AMOUNT_MAX);
        facts.insert("amount".into(), total.to_string());
        facts.insert(SAID_DAMAGE.into(), format!("Damage {}", with_bonus(&dice.to_string(), &faces, modifier, total)));
    }
    if !also.is_empty() {
        let (mut amounts, mut said) = (Vec::new(), Vec::new());
        for p in &also {
            let kind = p.kind_or_blunt().label().to_lowercase();
            // Only what Tome rolled is said as rolled: a typed amount ("3 fire") is not.
            let total = match &p.dice {
                Some(d) => {
                    let (rolled, faces) = d.roll(&mut rng);
                    let total = (rolled + p.modifier).clamp(0, AMOUNT_MAX);
                    said.push(format!("{} {kind}", with_bonus(&d.to_string(), &faces, p.modifier, total)));
                    total
                }
                None => p.modifier.clamp(0, AMOUNT_MAX),
            };
            amounts.push(total.to_string());
        }
        facts.insert(ALSO.into(), amounts.join(","));
        let first = facts.get(SAID_DAMAGE).cloned();
        let kind = damage_kind(act.inputs.text("type"))?.0.label().to_lowercase();
        let said = said.join(" + ");
        match first {
            _ if said.is_empty() => {}
            Some(f) => {
                facts.insert(SAID_DAMAGE.into(), format!("{f} {kind} + {said}"));
            }
            None => {
                facts.insert(SAID_DAMAGE.into(), format!("Damage {said}"));
            }
        }
    }
    Ok(())
}

/// Whether the attack is marked a crit (`--crit`), which goes with a d20 someone rolled
/// at the table (`--roll`, `--natural` or `--d20s`).
///
/// # Errors
/// A crit marked on the d20 Tome rolls: that die says itself whether it crits, and a
/// refusal that came only when it did not would tell the die to a player who has yet
/// to see it (issue 71).
fn crit_marked(act: &Act<'_>) -> Result<bool> {
    let marked = act.inputs.flag("crit");
    let typed = act.inputs.opt_int("roll")?.is_some()
        || act.inputs.opt_int("natural")?.is_some()
        || act.inputs.text("d20s").is_some_and(|d| !d.trim().is_empty());
    if marked && !typed {
        return Err(Error::InvalidInput(
            "--crit goes with the d20 rolled at the table (--natural, --roll or --d20s): the d20 Tome rolls says itself \
             whether it crits"
                .into(),
        ));
    }
    Ok(marked)
}

/// Whether an attack whose d20 came to `natural` (unknown: `None`) may be a weapon crit:
/// marked so, or a natural in the crit range against its target (as [`attack`] decides).
fn may_crit(s: &State, act: &Act<'_>, natural: Option<i64>) -> Result<bool> {
    let marked = crit_marked(act)?;
    let Some(n) = natural else { return Ok(marked) };
    // An unknown target or type is refused by the attack itself: roll, as before.
    let (Ok(target), Ok((kind, _))) =
        (s.find(act.inputs.text("target").unwrap_or_default()), damage_kind(act.inputs.text("type")))
    else {
        return Ok(true);
    };
    let Ok(also) = also_parts(act) else { return Ok(true) };
    let (_, fumble) = natural_roll(Some(n), marked)?;
    crits(act, Some(n), marked, fumble, vulnerable_to(&s.combatants[target], &kinds(kind, &also)))
}

/// How Vulnerable `c` is to the damage's `kinds` (0: not at all), which widens a crit's
/// range: the most of any type the attack deals (line 118: "attacks a Vulnerable creature
/// with that type of damage").
fn vulnerable_to(c: &Combatant, kinds: &[DamageType]) -> i64 {
    defenses(c).vulnerable.iter().filter(|(t, _)| kinds.contains(t)).map(|(_, x)| *x).max().unwrap_or(0)
}

/// Every type the attack deals: the first part's, then its further parts'.
fn kinds(first: DamageType, also: &[DamagePart]) -> Vec<DamageType> {
    std::iter::once(first).chain(also.iter().map(DamagePart::kind_or_blunt)).collect()
}

/// Where the attack's and the damage's rolls are kept as a player reads them, in the
/// order their phone lists them ([`crate::encounters::SAID`]).
const SAID_ROLL: &str = "said.1-roll";
const SAID_DAMAGE: &str = "said.2-damage";
/// Every d20 of the attack as it landed (comma-separated), the kept one among them.
const D20S: &str = "d20s";

/// A roll as a player reads it: "d20 14 + 5 = 19", "1d6 4 + 2 = 6", "2d4 1 + 3 = 4".
fn with_bonus(dice: &str, faces: &[i64], bonus: i64, total: i64) -> String {
    let faces = faces.iter().map(i64::to_string).collect::<Vec<_>>().join(" + ");
    let faces = if faces.contains('+') { format!("({faces})") } else { faces };
    match bonus {
        0 => format!("{dice} {faces} = {total}"),
        b if b > 0 => format!("{dice} {faces} + {b} = {total}"),
        b => format!("{dice} {faces} − {} = {total}", -b),
    }
}

/// A weapon crit's dice rolled again, as a player reads them: "1d6 rolled again 4",
/// "2d6 rolled again (3 + 5) = 8".
fn again_said(dice: &str, faces: &[i64], total: i64) -> String {
    match faces {
        [one] => format!("{dice} rolled again {one}"),
        _ => format!(
            "{dice} rolled again ({}) = {total}",
            faces.iter().map(i64::to_string).collect::<Vec<_>>().join(" + ")
        ),
    }
}

/// The attack's total and natural d20: typed, or as Tome rolled them (`prepare`); and how
/// the log names the total.
fn attack_roll(act: &Act<'_>) -> Result<(i64, Option<i64>, String)> {
    match act.inputs.opt_int("roll")? {
        Some(roll) => Ok((roll, act.inputs.opt_int("natural")?, "Attack roll, as typed".into())),
        None => {
            let total = act.fact_int("roll")?;
            let (natural, by) = match act.inputs.opt_int("natural")? {
                Some(typed) => (typed, "the d20 as typed"),
                None if act.inputs.text("d20s").is_some() => (act.fact_int("natural")?, "the d20s as typed"),
                None => (act.fact_int("natural")?, "rolled by Tome"),
            };
            let said = match act.fact(D20S) {
                Some(all) if all.contains(',') => {
                    let n = all.split(',').count();
                    format!(
                        "{n}d20 ({}), kept {}",
                        all.replace(',', ", "),
                        with_bonus("", &[natural], act.inputs.int("bonus")?, total).trim()
                    )
                }
                _ => with_bonus("d20", &[natural], act.inputs.int("bonus")?, total),
            };
            Ok((total, Some(natural), format!("Attack roll, {by} ({said})")))
        }
    }
}

/// Whether the attack crits: marked, or a natural in the crit range the attacker's
/// expansions and the target's Vulnerable to the damage widen (line 118).
fn crits(act: &Act<'_>, natural: Option<i64>, marked: bool, fumble: bool, vulnerable: i64) -> Result<bool> {
    if marked || fumble {
        return Ok(marked);
    }
    Ok(match natural {
        Some(n) => n >= crit_range(act.inputs.int("crit-expansions")?, vulnerable.min(EXPANSIONS_MAX))?.crit_min,
        None => false,
    })
}

/// The damage of a weapon crit (lines 150–154), from the `crit-damage` calculator:
/// the weapon's dice at their maximum plus its modifier, the dice rolled again, plus
/// the attacker's LUCK.
/// Answers the damage and how it was reached, as a player reads it ("1d6 rolled again: 4, LUCK 0").
fn critical_damage(act: &Act<'_>, luck: i64, out: &mut Outcome) -> Result<(i64, String)> {
    let Some(dice) = weapon_dice(act)? else {
        return Err(Error::InvalidInput(
            "a weapon crit deals critical damage (the dice at their maximum, rolled again, plus LUCK): give --dice, the weapon's damage dice (and --modifier)"
                .into(),
        ));
    };
    let second = match act.inputs.opt_int("crit-roll")? {
        Some(n) => n,
        None => act.fact_int("crit-roll")?,
    };
    let c = crit_damage(dice.clone(), act.inputs.int("modifier")?, second, luck)?;
    if let Some(headline) = out.lines.first_mut() {
        headline.push_str(": a critical hit");
    }
    let how = format!("{}, LUCK {luck}", maximised_and_again(&dice, act.inputs.int("modifier")?, second));
    out.lines.push(format!("{} critical damage ({how})", c.damage));
    out.terms.extend(c.terms);
    Ok((c.damage, how))
}

/// The numbers a crit's damage is made of, but LUCK: "1d6 at its maximum 6, modifier +2,
/// rolled again 4" (line 152).
fn maximised_and_again(dice: &DamageDice, modifier: i64, second: i64) -> String {
    let modifier = if modifier == 0 { String::new() } else { format!(", modifier {modifier:+}") };
    format!("{dice} at its maximum {}{modifier}, rolled again {second}", dice.span().1)
}

pub(super) fn attack(s: &mut State, act: &Act<'_>) -> Result<Outcome> {
    let target = s.find(act.inputs.text("target").unwrap_or_default())?;
    let attacker = s.combatants[act.who()].name.clone();
    if act.action.name == "attack" && act.inputs.choice("trigger")?.is_some() {
        return Err(Error::InvalidInput("--trigger belongs to an Exploit: act `exploit` instead".into()));
    }
    let (kind, nonlethal) = attack_refusals(s, act, target, &attacker)?;
    let (_, natural, _) = attack_roll(act)?;
    let (crit, fumble) = natural_roll(natural, crit_marked(act)?)?;
    let melee = act.inputs.choice("range")? == Some("melee");
    let mut out = Outcome::line(format!(
        "{attacker} attacks {} ({})",
        s.combatants[target].name,
        if melee { "melee" } else { "ranged" }
    ));
    if !melee && s.combatants[target].value("total-cover") > 0 {
        return Err(Error::InvalidInput(format!(
            "{} has Total Cover: no ranged attack can target it",
            s.combatants[target].name
        )));
    }
    let (roll, tactic_terms) = with_tactics(s, act.who(), target, act, !melee)?;
    let against = act.inputs.choice("against")?.unwrap_or("ar");
    let (base, base_term) = base_defense(&s.combatants[target], against, act.inputs.opt_int("defense")?)?;
    let (defense, defense_terms) = defense_total(&s.combatants[target], against, base, !melee)?;
    out.terms.extend(base_term);
    out.terms.extend(tactic_terms);
    out.terms.extend(defense_terms);
    let sp = act.inputs.opt_int("sp")?.unwrap_or(0);
    let have_sp = s.combatants[act.who()].value("sp");
    if sp > have_sp {
        return Err(Error::InvalidInput(format!(
            "{attacker} has {have_sp} SP, not the {sp} the spell needs: it cannot be cast"
        )));
    }
    let (cost, cost_term) = attack_cost(&s.combatants[act.who()], act.inputs.opt_int("ap")?)?;
    out.terms.extend(cost_term);
    let paid = pay(s, act.who(), cost, "the attack")?;
    out.lines.extend(paid.lines);
    out.terms.extend(paid.terms);
    let me = &s.combatants[act.who()];
    if act.inputs.flag("verbal") {
        let held = held(me);
        let slugs: Vec<&str> = held.iter().map(String::as_str).collect();
        let mode = d20_mode(RollKind::VerbalMagic, &slugs, &effects(me), &[]);
        if mode.auto_fail {
            out.lines.push(format!(
                "{attacker} is Silenced: the roll needs speech, so it fails (interpretation: AP spent, SP kept)"
            ));
            out.terms.extend(mode.terms);
            return Ok(out);
        }
    }
    if sp > 0 {
        let c = &mut s.combatants[act.who()];
        c.set("sp", have_sp - sp);
        out.lines.push(format!("{attacker} spends {sp} SP ({} left)", have_sp - sp));
    }
    let (portions, weapon, crit_dice) = damage_amount(s, act, kind, (natural, crit, fumble), target, &mut out)?;
    let amount: i64 = portions.iter().map(|p| p.amount).sum();
    let attack = Attack {
        portions,
        hit: Some(HitCheck {
            roll,
            defense,
            crit,
            fumble,
            half_on_miss: act.inputs.flag("half-on-miss"),
            natural,
            expansions: act.inputs.int("crit-expansions")?,
        }),
        ..Attack::default()
    };
    let hit = apply_damage(&attack, &defenses(&s.combatants[target]))?.hit != Some(false);
    let result = match (hit, crit, fumble) {
        (_, _, true) => "a critical fail",
        (true, true, _) => "a critical hit",
        (true, false, _) => "a hit",
        (false, ..) => "a miss",
    };
    // A weapon crit's damage is the attacker's own dice and LUCK: said with them, as the
    // dice rolled again are part of what happened (issue 74).
    let critical = match crit_dice.filter(|_| hit && crit && weapon) {
        Some(how) => format!(": {amount} critical damage ({how})"),
        None => String::new(),
    };
    s.came_to = Some(crate::encounters::CameTo {
        with_totals: format!("Attack {roll} against {} {defense}: {result}{critical}", against.to_uppercase()),
        without: format!("{}{}{critical}", result[..1].to_uppercase(), &result[1..]),
    });
    let attacker_unseen = s.combatants[act.who()].has(C_UNSEEN);
    let hurt = hurt(&mut s.combatants[target], &attack, nonlethal, melee)?;
    out.lines.extend(hurt.lines);
    out.terms.extend(hurt.terms);
    if attacker_unseen {
        // Line 456: what the target learns of an Unseen attacker.
        out.lines.push(format!(
            "{} knows {} (the attacker was Unseen)",
            s.combatants[target].name,
            if melee { "the square the attack came from" } else { "the direction the attack came from" }
        ));
        let event = if weapon || amount > 0 { UnseenEvent::DamagingAttack } else { UnseenEvent::HarmlessSpell };
        unseen_ends(&mut s.combatants[act.who()], event, act.inputs.flag("unseen-kept"), &mut out);
    }
    if melee && hit && s.combatants[target].has(C_UNSEEN) {
        unseen_ends(&mut s.combatants[target], UnseenEvent::StruckInMelee, false, &mut out);
    }
    Ok(out)
}

/// What refuses an attack before anything is paid: the attacker itself as the target,
/// a dead target, a two-handed weapon from Prone, nonlethal damage that is not blunt.
/// The damage's type and whether it is nonlethal.
fn attack_refusals(s: &State, act: &Act<'_>, target: usize, attacker: &str) -> Result<(DamageType, bool)> {
    if target == act.who() {
        return Err(Error::InvalidInput(format!("{attacker} cannot attack itself: name another target")));
    }
    if s.combatants[target].value("dead") > 0 {
        return Err(Error::InvalidInput(format!("{} is already dead", s.combatants[target].name)));
    }
    if act.inputs.flag("two-handed")
        && super::conditions::effects(&s.combatants[act.who()]).seen.iter().any(|x| x == "prone")
    {
        return Err(Error::InvalidInput(format!(
            "{attacker} is Prone: it cannot attack with a two-handed weapon (Stand first)"
        )));
    }
    let (kind, nonlethal) = damage_kind(act.inputs.text("type"))?;
    let nonlethal = nonlethal || act.inputs.flag("nonlethal");
    if let Some(other) = kinds(kind, &also_parts(act)?).into_iter().find(|k| nonlethal && *k != DamageType::Blunt) {
        return Err(Error::InvalidInput(format!(
            "only blunt damage can be nonlethal, not {}",
            other.label().to_lowercase()
        )));
    }
    Ok((kind, nonlethal))
}

/// The damage the attack deals before the target's protections, a portion per type
/// (the first part, then `also`'s): a weapon's critical damage, the attacker's Affinity.
/// The portions, whether a weapon dealt them, and a weapon crit's dice as said.
fn damage_amount(
    s: &State,
    act: &Act<'_>,
    kind: DamageType,
    (natural, crit, fumble): (Option<i64>, bool, bool),
    target: usize,
    out: &mut Outcome,
) -> Result<(Vec<Portion>, bool, Option<String>)> {
    let weapon = act.inputs.choice("kind")?.unwrap_or("weapon") == "weapon";
    let mut crit_dice = None;
    let also = also_parts(act)?;
    let vulnerable = vulnerable_to(&s.combatants[target], &kinds(kind, &also));
    let weapon_crit = weapon && crits(act, natural, crit, fumble, vulnerable)?;
    let amount = match act.inputs.opt_int("amount")? {
        Some(n) => n,
        // A weapon crit's damage is worked out below: Tome rolls no ordinary damage for it
        // (one stored before did, and it went unused).
        None if weapon_crit => 0,
        None => act.fact_int("amount")?,
    };
    let mut portions = vec![Portion { amount, kind }];
    let rolled = match (also.is_empty(), weapon_crit) {
        (true, _) => Vec::new(),
        // A part that is a number alone is dealt as it is; a part with dice, worked out below.
        (false, true) => {
            also.iter().map(|p| if p.dice.is_some() { 0 } else { p.modifier.clamp(0, AMOUNT_MAX) }).collect()
        }
        (false, false) => also_fact(act, ALSO, also.len())?,
    };
    portions.extend(also.iter().zip(&rolled).map(|(p, n)| Portion { amount: *n, kind: p.kind_or_blunt() }));
    if weapon_crit {
        let (damage, how) = critical_damage(act, s.combatants[act.who()].stat("luck"), out)?;
        portions[0].amount = damage;
        crit_dice = Some(how);
        // Every part is maximised and its dice rolled again; LUCK counts once, with the
        // first (interpretation). A part that is a number alone has no dice to roll.
        if !also.is_empty() {
            let again = also_fact(act, ALSO_CRIT, also.len())?;
            for ((p, portion), second) in also.iter().zip(&mut portions[1..]).zip(again) {
                let Some(dice) = &p.dice else { continue };
                let c = crit_damage(dice.clone(), p.modifier, second, 0)?;
                portion.amount = c.damage;
                out.lines.push(format!(
                    "{} critical {} damage ({})",
                    c.damage,
                    portion.kind.label().to_lowercase(),
                    maximised_and_again(dice, p.modifier, second)
                ));
                out.terms.extend(c.terms.into_iter().filter(|t| t.label != "LUCK"));
            }
        }
    }
    for portion in &mut portions {
        let kind = portion.kind;
        if s.combatants[act.who()].stat(&format!("affinity-{}", kind.label().to_lowercase())) > 0 {
            let (more, term) = affinity_damage(portion.amount, kind)?;
            portion.amount = more;
            out.terms.push(term);
        }
    }
    Ok((portions, weapon, crit_dice))
}

/// The defense an attack meets before its bonuses: the one typed, or else the target's
/// own (its stats, or its sheet's Defenses), with a term saying where it came from.
pub(super) fn base_defense(target: &Combatant, against: &str, typed: Option<i64>) -> Result<(i64, Option<Term>)> {
    if let Some(n) = typed {
        return Ok((n, None));
    }
    let known = target.stat(against);
    if known > 0 {
        let label = format!("{}'s {}", target.name, against.to_uppercase());
        return Ok((known, Some(Term::num(label, known, None))));
    }
    Err(Error::NeedsNumber(format!(
        "Tome does not know {}'s {}: type the defense (--defense), or set its {} stat",
        target.name,
        against.to_uppercase(),
        against
    )))
}

/// The AP an attack costs: the one typed, or else the attacker's usual attack's, or a
/// creature's one creature action (interpretation: 1 AP, as its other actions).
fn attack_cost(attacker: &Combatant, typed: Option<i64>) -> Result<(i64, Option<Term>)> {
    if let Some(n) = typed {
        return Ok((n, None));
    }
    let usual = attacker.stat("attack-ap");
    if usual > 0 {
        return Ok((usual, Some(Term::num(format!("{}'s usual attack (AP)", attacker.name), usual, None))));
    }
    if !super::defense::adventurer(attacker) {
        return Ok((1, Some(Term::text("A creature's attack", "1 creature action, 1 AP (interpretation)", None))));
    }
    Err(Error::InvalidInput(format!(
        "Tome does not know what {}'s attack costs: type its AP (--ap), or set its attack-ap stat",
        attacker.name
    )))
}

/// Unseen ends as the `unseen-lost` calculator says of `event` (lines 446–451).
fn unseen_ends(c: &mut Combatant, event: UnseenEvent, source_says_otherwise: bool, out: &mut Outcome) {
    let (lost, terms) = unseen_lost(event, source_says_otherwise);
    let why = terms.first().map(Term::value_text).unwrap_or_default();
    if lost && lose_condition(c, C_UNSEEN) {
        out.lines.push(format!("{} is no longer Unseen: {why}", c.name));
    } else if !lost {
        let why = if source_says_otherwise { "its source says so".into() } else { why };
        out.lines.push(format!("{} stays Unseen: {why}", c.name));
    }
    out.terms.extend(terms);
}
