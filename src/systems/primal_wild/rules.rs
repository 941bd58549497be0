//! Primal Wild (a Mage: the Awakening supplement): the Duel Arcane (clash pools, psychic
//! damage, round results), combat magic (boosted initiative, boosted and Shaped attacks,
//! defensive spells and immunity), spell displacement, and two small sums about created
//! and ephemeral beings.

use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::{check, Calculator, Inputs, Outcome, Param, ParamKind, Term};

pub(crate) const SYSTEM: &str = "primal-wild";

// The entries the terms link to (each checked against the shipped content in the tests).
const R_CLASH_POOL: &str = "primal-wild/rule/clash-dice-pool";
const T_CLASH_MODS: &str = "primal-wild/table/clash-dice-pool-modifiers";
const R_CLASH_RESULTS: &str = "primal-wild/rule/clash-results";
const R_ROUND_RESULTS: &str = "primal-wild/rule/round-results";
const T_ROUND: &str = "primal-wild/table/duel-round-outcomes";
const R_INITIATIVE: &str = "primal-wild/rule/boosting-initiative";
const R_ATTACKS: &str = "primal-wild/rule/boosting-attacks";
const R_DAMAGE_FACTORS: &str = "primal-wild/rule/damage-factors";
const R_DURABILITY: &str = "primal-wild/rule/supernatural-durability";
const T_BOOSTS: &str = "primal-wild/table/combat-boosts-by-aspect";
const R_SHAPING_ATTACKS: &str = "primal-wild/rule/shaping-attacks";
const R_DEFENSE: &str = "primal-wild/rule/boosting-defense";
const R_IMMUNITY: &str = "primal-wild/rule/damage-immunity";
const R_DISPLACEMENT: &str = "primal-wild/rule/spell-displacement";
const T_DISPLACEMENT: &str = "primal-wild/table/spell-displacement-outcomes";
const R_COMPETITION: &str = "primal-wild/rule/spell-competition";
const R_SENSORY_OPPOSED: &str = "primal-wild/rule/opposing-sensory-spells";
const R_CREATED_RANK: &str = "primal-wild/rule/created-being-rank";
const T_RANK_BENCH: &str = "primal-wild/table/created-being-rank-benchmarks";
const R_ENHANCE: &str = "primal-wild/rule/enhancing-ephemeral-beings";
const R_EMPOWER: &str = "primal-wild/rule/empowering-ephemeral-beings";
const T_EMPOWER: &str = "primal-wild/table/empowering-ephemeral-beings-by-rank";

/// Every entry id this module links to.
pub const LINKED_ENTRIES: &[&str] = &[
    R_CLASH_POOL,
    T_CLASH_MODS,
    R_CLASH_RESULTS,
    R_ROUND_RESULTS,
    T_ROUND,
    R_INITIATIVE,
    R_ATTACKS,
    R_DAMAGE_FACTORS,
    R_DURABILITY,
    T_BOOSTS,
    R_SHAPING_ATTACKS,
    R_DEFENSE,
    R_IMMUNITY,
    R_DISPLACEMENT,
    T_DISPLACEMENT,
    R_COMPETITION,
    R_SENSORY_OPPOSED,
    R_CREATED_RANK,
    T_RANK_BENCH,
    R_ENHANCE,
    R_EMPOWER,
    T_EMPOWER,
];

// Ranges. Gnosis runs 1 to 10 and an Arcanum 0 to 5 dots in Mage.
pub const GNOSIS: (i64, i64) = (1, 10);
pub const ARCANUM: (i64, i64) = (0, 5);
/// The unused-Sword bonus stops at +5.
pub const UNUSED: (i64, i64) = (0, 5);
/// Noisy or distracting surroundings: -1 to -3 (0 for none).
pub const DISTRACTION: (i64, i64) = (0, 3);
pub const WILLPOWER: (i64, i64) = (0, 10);
const SUCCESSES: (i64, i64) = (0, 50);
const POTENCY: (i64, i64) = (1, 40);
const DAMAGE: (i64, i64) = (0, 40);

// ---------------------------------------------------------------------------------
// Aspects

/// A spell's aspect, which sets what it does for combat without Shaping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aspect {
    Sensory,
    Covert,
    Vulgar,
}

pub const ASPECT_NAMES: &[&str] = &["sensory", "covert", "vulgar"];

impl Aspect {
    pub const ALL: [Aspect; 3] = [Aspect::Sensory, Aspect::Covert, Aspect::Vulgar];

    /// Parses "sensory", "covert" or "vulgar" (any case).
    pub fn parse(s: &str) -> Result<Aspect> {
        match s.trim().to_ascii_lowercase().as_str() {
            "sensory" => Ok(Aspect::Sensory),
            "covert" => Ok(Aspect::Covert),
            "vulgar" => Ok(Aspect::Vulgar),
            _ => Err(Error::InvalidInput(format!("aspect must be one of sensory, covert, vulgar, not `{s}`"))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Aspect::Sensory => "sensory",
            Aspect::Covert => "covert",
            Aspect::Vulgar => "vulgar",
        }
    }

    /// A spell's Potency without Shaping: 1, 2 or 3. The initiative rule gives it away
    /// (the die minimum is twice this: 2, 4, 6).
    pub fn default_potency(self) -> i64 {
        match self {
            Aspect::Sensory => 1,
            Aspect::Covert => 2,
            Aspect::Vulgar => 3,
        }
    }

    /// The lowest result the initiative die can show under a boost of this aspect.
    pub fn initiative_die_minimum(self) -> i64 {
        2 * self.default_potency()
    }

    /// Successes a boosted attack is sure of.
    pub fn guaranteed_successes(self) -> i64 {
        match self {
            Aspect::Sensory => 1,
            Aspect::Covert => 2,
            Aspect::Vulgar => 3,
        }
    }

    /// The lowest die face that is rolled again: 10 (the normal rule), 9 or 8.
    pub fn again(self) -> i64 {
        match self {
            Aspect::Sensory => 10,
            Aspect::Covert => 9,
            Aspect::Vulgar => 8,
        }
    }

    /// The least damage a Shaping attack of this aspect does to an unprotected target;
    /// `None` for sensory, since attack spells must be covert or vulgar.
    pub fn minimum_shaping_damage(self) -> Option<i64> {
        match self {
            Aspect::Sensory => None,
            Aspect::Covert => Some(2),
            Aspect::Vulgar => Some(3),
        }
    }

    /// How many of a boosted attack's first successes carry damage-factor effects. The
    /// document names only covert (2) and vulgar (3); sensory magic changes nothing in the
    /// world, so it carries none.
    pub fn damage_factor_successes(self) -> i64 {
        match self {
            Aspect::Sensory => 0,
            Aspect::Covert => 2,
            Aspect::Vulgar => 3,
        }
    }

    /// What a boosted attack deals to creatures that take only bashing from ordinary
    /// lethal attacks; the document says nothing for sensory boosts.
    pub fn against_tough_creatures(self) -> Option<&'static str> {
        match self {
            Aspect::Sensory => None,
            Aspect::Covert => Some("bashing"),
            Aspect::Vulgar => Some("lethal"),
        }
    }

    /// The spell's Potency when Shaped: its base Potency plus the rolled successes.
    /// Sensory spells can't be Shaped.
    pub fn shaped_potency(self, successes: i64) -> Result<i64> {
        check("successes", successes, SUCCESSES)?;
        if self == Aspect::Sensory {
            return Err(Error::InvalidInput("aspect must be covert or vulgar: sensory spells can't be Shaped".into()));
        }
        Ok(self.default_potency() + successes)
    }
}

// ---------------------------------------------------------------------------------
// The Duel Arcane: the clash pool

/// A duelist's situation for one clash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClashInput {
    /// Gnosis, 1 to 10.
    pub gnosis: i64,
    /// Dots in the Arcanum used as Sword, 0 to 5.
    pub sword: i64,
    /// Consecutive earlier clashes in which this Sword didn't attack, 0 to 5.
    pub unused: i64,
    /// Any spell is being sustained on the duelist's person.
    pub sustaining: bool,
    /// How noisy or distracting the surroundings are, 0 to 3.
    pub distraction: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClashPool {
    /// Dice to roll, never below 0.
    pub dice_pool: i64,
    /// The modifiers took the pool to 0 or less: roll one chance die instead.
    pub chance_die: bool,
    /// The sum before clamping (may be negative).
    pub total: i64,
    pub terms: Vec<Term>,
}

/// The clash dice pool: Gnosis + Sword Arcanum, plus one die per consecutive earlier
/// clash the Sword sat out, minus 1 while sustaining spells on oneself, minus the
/// distraction penalty. At 0 or below, Mage's usual chance die applies.
pub fn clash_pool(c: ClashInput) -> Result<ClashPool> {
    check("gnosis", c.gnosis, GNOSIS)?;
    check("sword (Arcanum dots)", c.sword, ARCANUM)?;
    check("unused", c.unused, UNUSED)?;
    check("distraction", c.distraction, DISTRACTION)?;
    let mut terms = vec![
        Term::num("Gnosis", c.gnosis, Some(R_CLASH_POOL)),
        Term::num("Sword Arcanum", c.sword, Some(R_CLASH_POOL)),
    ];
    if c.unused > 0 {
        terms.push(Term::num(
            format!("Sword rested for {} consecutive clash{}", c.unused, if c.unused == 1 { "" } else { "es" }),
            c.unused,
            Some(T_CLASH_MODS),
        ));
    }
    if c.sustaining {
        terms.push(Term::num("Spells sustained on the duelist", -1, Some(T_CLASH_MODS)));
    }
    if c.distraction > 0 {
        terms.push(Term::num("Noisy or distracting surroundings", -c.distraction, Some(T_CLASH_MODS)));
    }
    let total = c.gnosis + c.sword + c.unused - i64::from(c.sustaining) - c.distraction;
    let chance_die = total <= 0;
    if chance_die {
        terms.push(Term::text(
            "No dice left: roll a single chance die (Mage's core rule; the supplement doesn't repeat it)",
            "chance die",
            Some(R_CLASH_POOL),
        ));
    }
    Ok(ClashPool { dice_pool: total.max(0), chance_die, total, terms })
}

// ---------------------------------------------------------------------------------
// The Duel Arcane: psychic damage

/// The clash loser's capacity to soak psychic damage this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DuelistState {
    /// Dots of the Arcanum currently serving as Shield, 0 to 5.
    pub shield: i64,
    /// Psychic damage already marked on that Arcanum this round.
    pub shield_damage: i64,
    /// Gnosis, 1 to 10.
    pub gnosis: i64,
    /// Psychic damage already absorbed by Gnosis this round.
    pub gnosis_damage: i64,
}

/// Who took a clash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClashWinner {
    Attacker,
    Defender,
    Stalemate,
}

impl ClashWinner {
    pub fn as_str(self) -> &'static str {
        match self {
            ClashWinner::Attacker => "attacker",
            ClashWinner::Defender => "defender",
            ClashWinner::Stalemate => "stalemate",
        }
    }
}

/// Where the psychic damage went.
#[derive(Debug, Clone, PartialEq)]
pub struct Absorption {
    pub damage: i64,
    pub shield_absorbed: i64,
    /// Room left on the Shield afterwards.
    pub shield_after: i64,
    /// Damage marked on the Shield Arcanum afterwards.
    pub shield_damage_after: i64,
    pub gnosis_absorbed: i64,
    /// Room left in Gnosis afterwards.
    pub gnosis_after: i64,
    pub gnosis_damage_after: i64,
    /// Damage neither could hold.
    pub overflow: i64,
    /// More damage than Shield and Gnosis could hold: the round is lost.
    pub round_lost: bool,
    pub terms: Vec<Term>,
}

/// Marks `damage` points of psychic damage: the Shield first (one point per dot, less
/// what is already marked), then Gnosis; anything past both loses the round.
pub fn absorb_psychic(damage: i64, s: DuelistState) -> Result<Absorption> {
    check("damage", damage, SUCCESSES)?;
    check("shield (Arcanum dots)", s.shield, ARCANUM)?;
    check("gnosis", s.gnosis, GNOSIS)?;
    check("shield-damage", s.shield_damage, (0, s.shield))?;
    check("gnosis-damage", s.gnosis_damage, (0, s.gnosis))?;
    let shield_room = s.shield - s.shield_damage;
    let gnosis_room = s.gnosis - s.gnosis_damage;
    let shield_absorbed = damage.min(shield_room);
    let gnosis_absorbed = (damage - shield_absorbed).min(gnosis_room);
    let overflow = damage - shield_absorbed - gnosis_absorbed;
    let round_lost = overflow > 0;
    let mut terms = vec![Term::num("Psychic damage (net successes)", damage, Some(R_CLASH_RESULTS))];
    terms.push(Term::num(
        format!("Marked on the Shield ({shield_room} room of {} dots)", s.shield),
        shield_absorbed,
        Some(R_CLASH_RESULTS),
    ));
    terms.push(Term::num(
        format!("Absorbed by Gnosis ({gnosis_room} room of {})", s.gnosis),
        gnosis_absorbed,
        Some(R_CLASH_RESULTS),
    ));
    if round_lost {
        terms.push(Term::num("Beyond Shield and Gnosis: the round is lost", overflow, Some(R_CLASH_RESULTS)));
    }
    Ok(Absorption {
        damage,
        shield_absorbed,
        shield_after: shield_room - shield_absorbed,
        shield_damage_after: s.shield_damage + shield_absorbed,
        gnosis_absorbed,
        gnosis_after: gnosis_room - gnosis_absorbed,
        gnosis_damage_after: s.gnosis_damage + gnosis_absorbed,
        overflow,
        round_lost,
        terms,
    })
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClashResult {
    pub winner: ClashWinner,
    /// The winner's margin (0 on a stalemate).
    pub net_successes: i64,
    /// What happened to the defender's Shield and Gnosis (no damage unless the attacker won).
    pub defender: Absorption,
}

/// Compares both duelists' successes; when the attacker wins, the margin is psychic
/// damage to the defender described by `defender`.
pub fn clash_result(attacker_successes: i64, defender_successes: i64, defender: DuelistState) -> Result<ClashResult> {
    check("attacker-successes", attacker_successes, SUCCESSES)?;
    check("defender-successes", defender_successes, SUCCESSES)?;
    let net = attacker_successes - defender_successes;
    let winner = match net {
        n if n > 0 => ClashWinner::Attacker,
        0 => ClashWinner::Stalemate,
        _ => ClashWinner::Defender,
    };
    let mut absorption = absorb_psychic(net.max(0), defender)?;
    let outcome_label = match winner {
        ClashWinner::Attacker => "Attacker wins the clash by",
        ClashWinner::Stalemate => "Equal successes: stalemate, go on to the next clash",
        ClashWinner::Defender => "Defender wins the clash by (the attacker takes this damage)",
    };
    absorption.terms.insert(0, Term::num(outcome_label, net.abs(), Some(R_CLASH_RESULTS)));
    Ok(ClashResult { winner, net_successes: net.abs(), defender: absorption })
}

// ---------------------------------------------------------------------------------
// The Duel Arcane: round results

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundSide {
    Winner,
    Loser,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RoundWillpower {
    pub willpower_after: i64,
    pub willpower_change: i64,
    /// Resistant lethal wounds taken because the loser had no Willpower to lose (0 or 1).
    pub resistant_lethal: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Willpower once a round is decided. The winner gets back everything spent and one
/// point more; the loser first loses a point (or takes a Resistant lethal wound with
/// none left), then gets back half of what was spent, rounded up. `willpower` is the
/// current pool when the round ends, `spent` the points paid for clashes and not yet
/// returned. With `max`, the result is held to that maximum (the core game's cap; the
/// supplement says nothing about it).
pub fn round_willpower(side: RoundSide, willpower: i64, spent: i64, max: Option<i64>) -> Result<RoundWillpower> {
    check("willpower", willpower, WILLPOWER)?;
    check("spent", spent, WILLPOWER)?;
    if let Some(m) = max {
        check("max-willpower", m, (1, WILLPOWER.1))?;
        check("willpower", willpower, (0, m))?;
        check("willpower + spent", willpower + spent, (0, m))?;
    }
    let mut terms = vec![Term::num("Willpower at the end of the round", willpower, Some(R_ROUND_RESULTS))];
    let mut warnings = Vec::new();
    let mut resistant_lethal = 0;
    let mut after = willpower;
    match side {
        RoundSide::Winner => {
            terms.push(Term::num("Winner: every point spent comes back", spent, Some(T_ROUND)));
            terms.push(Term::num("Winner: one extra point", 1, Some(T_ROUND)));
            after += spent + 1;
        }
        RoundSide::Loser => {
            if willpower > 0 {
                terms.push(Term::num("Loser: loses a point", -1, Some(T_ROUND)));
                after -= 1;
            } else {
                resistant_lethal = 1;
                terms.push(Term::text(
                    "Loser with no Willpower: one Resistant lethal wound instead",
                    "wound",
                    Some(T_ROUND),
                ));
            }
            let back = (spent + 1) / 2;
            terms.push(Term::num(format!("Loser: half of {spent} spent, rounded up"), back, Some(T_ROUND)));
            after += back;
        }
    }
    if let Some(m) = max {
        if after > m {
            terms.push(Term::num(format!("Held to maximum Willpower {m}"), m - after, None));
            warnings.push(format!(
                "Willpower can't go above its maximum of {m} (core Mage rule; the supplement doesn't mention a cap)"
            ));
            after = m;
        }
    } else if side == RoundSide::Winner {
        warnings.push(
            "Willpower normally can't exceed its maximum (Resolve + Composure); pass --max-willpower to cap it".into(),
        );
    }
    Ok(RoundWillpower {
        willpower_after: after,
        willpower_change: after - willpower,
        resistant_lethal,
        terms,
        warnings,
    })
}

// ---------------------------------------------------------------------------------
// Combat boosts

/// What a boosting spell of one aspect does in a fight.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatBoost {
    pub aspect: Aspect,
    pub default_potency: i64,
    pub initiative_die_minimum: i64,
    pub guaranteed_successes: i64,
    pub again: i64,
    pub minimum_shaping_damage: Option<i64>,
    pub damage_factor_successes: i64,
    pub against_tough_creatures: Option<&'static str>,
    pub terms: Vec<Term>,
}

pub fn combat_boost(aspect: Aspect) -> CombatBoost {
    let p = aspect.default_potency();
    let mut terms = vec![
        Term::num(
            format!("Initiative die minimum: twice the {} default Potency {p}", aspect.name()),
            aspect.initiative_die_minimum(),
            Some(R_INITIATIVE),
        ),
        Term::num("Attack successes guaranteed", aspect.guaranteed_successes(), Some(R_ATTACKS)),
        Term::num(
            if aspect == Aspect::Sensory {
                "Attack dice re-roll on (normal 10-again)"
            } else {
                "Attack dice re-roll on (n-again)"
            },
            aspect.again(),
            Some(T_BOOSTS),
        ),
    ];
    match aspect.minimum_shaping_damage() {
        Some(d) => terms.push(Term::num(
            "Least damage of a Shaping attack on an unprotected target",
            d,
            Some(R_SHAPING_ATTACKS),
        )),
        None => terms.push(Term::text(
            "Shaping attack",
            "not allowed: attack spells must be covert or vulgar",
            Some(R_SHAPING_ATTACKS),
        )),
    }
    terms.push(Term::num(
        "Guaranteed successes carrying damage factors",
        aspect.damage_factor_successes(),
        Some(R_DAMAGE_FACTORS),
    ));
    if let Some(t) = aspect.against_tough_creatures() {
        terms.push(Term::text("Damage to creatures that shrug lethal down to bashing", t, Some(R_DURABILITY)));
    }
    CombatBoost {
        aspect,
        default_potency: p,
        initiative_die_minimum: aspect.initiative_die_minimum(),
        guaranteed_successes: aspect.guaranteed_successes(),
        again: aspect.again(),
        minimum_shaping_damage: aspect.minimum_shaping_damage(),
        damage_factor_successes: aspect.damage_factor_successes(),
        against_tough_creatures: aspect.against_tough_creatures(),
        terms,
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Initiative {
    pub initiative: i64,
    /// The die as counted (raised to the boost's minimum), or 0 after a Shaping roll.
    pub die_counted: i64,
    pub terms: Vec<Term>,
}

const MODIFIER: (i64, i64) = (-10, 30);

/// Initiative with a boosting spell: the d10 counts as at least twice the spell's
/// default Potency.
pub fn boosted_initiative(modifier: i64, die: i64, aspect: Option<Aspect>) -> Result<Initiative> {
    check("modifier", modifier, MODIFIER)?;
    check("die", die, (1, 10))?;
    let mut terms = vec![Term::num("Initiative modifier", modifier, Some(R_INITIATIVE))];
    let counted = match aspect {
        Some(a) if die < a.initiative_die_minimum() => {
            terms.push(Term::num(
                format!("Die rolled {die}, raised to the {} minimum", a.name()),
                a.initiative_die_minimum(),
                Some(R_INITIATIVE),
            ));
            a.initiative_die_minimum()
        }
        _ => {
            terms.push(Term::num("Die rolled", die, Some(R_INITIATIVE)));
            die
        }
    };
    Ok(Initiative { initiative: modifier + counted, die_counted: counted, terms })
}

/// Initiative from a Shaping roll instead of the die: the modifier plus twice the Shaped
/// spell's total Potency.
pub fn shaped_initiative(modifier: i64, shaped_potency: i64) -> Result<Initiative> {
    check("modifier", modifier, MODIFIER)?;
    check("shaped-potency", shaped_potency, POTENCY)?;
    let terms = vec![
        Term::num("Initiative modifier", modifier, Some(R_INITIATIVE)),
        Term::num(format!("Twice the Shaped Potency {shaped_potency}"), 2 * shaped_potency, Some(R_INITIATIVE)),
    ];
    Ok(Initiative { initiative: modifier + 2 * shaped_potency, die_counted: 0, terms })
}

/// A boosted attack's successes, split the ways the rules care about.
#[derive(Debug, Clone, PartialEq)]
pub struct BoostedAttack {
    /// Successes (damage) after the guarantee and any cancellation.
    pub successes: i64,
    /// Points above what the dice actually rolled: what armor and defensive magic remove.
    pub automatic: i64,
    /// Successes still carrying the spell's damage-factor effects (aggravated damage…).
    pub factor_successes: i64,
    /// The rest: ordinary damage for the weapon.
    pub other_successes: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// A boosted attack: the guaranteed successes are a floor on what was rolled; the
/// points above the roll are automatic. Resistance that cancels successes
/// (`cancelled`) takes the guaranteed ones, which carry the damage factors, first.
pub fn boosted_attack(aspect: Aspect, rolled: i64, cancelled: i64) -> Result<BoostedAttack> {
    check("rolled", rolled, SUCCESSES)?;
    check("cancelled", cancelled, SUCCESSES)?;
    let g = aspect.guaranteed_successes();
    let before = rolled.max(g);
    let automatic = before - rolled;
    let cancelled = cancelled.min(before);
    let successes = before - cancelled;
    let factor_successes = (aspect.damage_factor_successes() - cancelled).max(0);
    let other_successes = successes - factor_successes;
    let mut terms = vec![Term::num("Successes rolled", rolled, Some(R_ATTACKS))];
    if automatic > 0 {
        terms.push(Term::num(
            format!("Raised to the {} guarantee of {g} (automatic)", aspect.name()),
            automatic,
            Some(R_ATTACKS),
        ));
    }
    if cancelled > 0 {
        terms.push(Term::num(
            "Cancelled by the target (guaranteed successes first)",
            -cancelled,
            Some(R_DAMAGE_FACTORS),
        ));
    }
    terms.push(Term::num("Of which carry the damage factors", factor_successes, Some(R_DAMAGE_FACTORS)));
    let mut warnings = Vec::new();
    if aspect == Aspect::Sensory {
        warnings.push("The document names damage-factor successes only for covert (2) and vulgar (3) boosts; sensory ones are counted as carrying none".into());
    }
    Ok(BoostedAttack { successes, automatic, factor_successes, other_successes, terms, warnings })
}

// ---------------------------------------------------------------------------------
// Shaping attacks

#[derive(Debug, Clone, PartialEq)]
pub struct ShapingAttack {
    pub net_successes: i64,
    pub minimum_damage: i64,
    pub automatic: i64,
    pub automatic_cancelled: i64,
    pub damage: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// A Shaping attack: Shaped Potency against the target's Defense + Wits successes. The
/// damage never falls below the aspect's minimum (2 covert, 3 vulgar); the part above
/// the net successes is automatic, and the target's rolled successes can cancel it only
/// up to what its armor or defensive spell absorbs (`protection`, e.g. a defensive
/// spell's base Potency).
pub fn shaping_attack(aspect: Aspect, potency: i64, defense_successes: i64, protection: i64) -> Result<ShapingAttack> {
    check("potency", potency, POTENCY)?;
    check("defense-successes", defense_successes, SUCCESSES)?;
    check("protection", protection, (0, 20))?;
    let Some(minimum) = aspect.minimum_shaping_damage() else {
        return Err(Error::InvalidInput(
            "aspect must be covert or vulgar: a spell dealing damage with its Potency can't be sensory".into(),
        ));
    };
    let net = (potency - defense_successes).max(0);
    let automatic = (minimum - net).max(0);
    let automatic_cancelled = automatic.min(defense_successes).min(protection);
    let damage = net + automatic - automatic_cancelled;
    let mut terms = vec![
        Term::num("Shaped Potency", potency, Some(R_SHAPING_ATTACKS)),
        Term::num("Defense + Wits successes", -defense_successes.min(potency), Some(R_SHAPING_ATTACKS)),
    ];
    if automatic > 0 {
        terms.push(Term::num(
            format!("Automatic, up to the {} minimum of {minimum}", aspect.name()),
            automatic,
            Some(R_SHAPING_ATTACKS),
        ));
    }
    if automatic_cancelled > 0 {
        terms.push(Term::num(
            format!("Automatic damage cancelled (protection absorbs up to {protection})"),
            -automatic_cancelled,
            Some(R_SHAPING_ATTACKS),
        ));
    }
    let mut warnings = Vec::new();
    if potency < aspect.default_potency() {
        warnings.push(format!(
            "a Shaped {} spell has at least Potency {} (base plus successes)",
            aspect.name(),
            aspect.default_potency()
        ));
    }
    if protection == 0 {
        warnings.push("a conscious, mobile mage always has a sensory boost against Shaping attacks through Mage Sight (protection 1)".into());
    }
    Ok(ShapingAttack {
        net_successes: net,
        minimum_damage: minimum,
        automatic,
        automatic_cancelled,
        damage,
        terms,
        warnings,
    })
}

// ---------------------------------------------------------------------------------
// Defensive spells

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DamageType {
    Bashing,
    Lethal,
    Aggravated,
}

pub const DAMAGE_TYPE_NAMES: &[&str] = &["bashing", "lethal", "aggravated"];

impl DamageType {
    pub fn parse(s: &str) -> Result<DamageType> {
        match s.trim().to_ascii_lowercase().as_str() {
            "bashing" => Ok(DamageType::Bashing),
            "lethal" => Ok(DamageType::Lethal),
            "aggravated" => Ok(DamageType::Aggravated),
            _ => Err(Error::InvalidInput(format!("damage type must be one of bashing, lethal, aggravated, not `{s}`"))),
        }
    }
}

/// The damage an attack would do to an unprotected target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Incoming {
    /// Automatic, Defense-piercing points (a boost's points above the roll, a blast, a
    /// hazard).
    pub automatic: i64,
    pub automatic_type: DamageType,
    /// Points from rolled successes, by type.
    pub aggravated: i64,
    pub lethal: i64,
    pub bashing: i64,
}

/// How a damage immunity stands against the attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Immunity {
    /// No immunity: the spell is ordinary magical armor.
    None,
    /// Immune, and the attacker spent no Willpower: nothing gets through.
    Holds,
    /// Immune, but the attacker spent a Willpower point: treat it as armor; a wound that
    /// wasn't downgraded breaks through.
    Willpower,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Defense {
    pub automatic_cancelled: i64,
    /// Lethal or aggravated points turned into bashing (by Potency or, for a vulgar
    /// spell against a mundane attack, by the spell's nature).
    pub downgraded: i64,
    pub bashing_cancelled: i64,
    pub potency_unused: i64,
    pub aggravated_taken: i64,
    pub lethal_taken: i64,
    pub bashing_taken: i64,
    /// With an immunity: whether the attack broke through it.
    pub immunity_breached: Option<bool>,
    pub terms: Vec<Term>,
}

/// A defensive spell of `potency` against an attack. Potency goes, in order, to
/// cancelling automatic damage, then downgrading aggravated and lethal points to
/// bashing (aggravated first), then cancelling bashing (points that were bashing all
/// along first). A vulgar spell against a mundane attack first turns everything into
/// bashing at no cost.
pub fn defend(potency: i64, incoming: Incoming, vulgar_vs_mundane: bool, immunity: Immunity) -> Result<Defense> {
    check("potency", potency, (0, 40))?;
    check("automatic", incoming.automatic, DAMAGE)?;
    check("aggravated", incoming.aggravated, DAMAGE)?;
    check("lethal", incoming.lethal, DAMAGE)?;
    check("bashing", incoming.bashing, DAMAGE)?;
    let mut terms = Vec::new();
    if immunity == Immunity::Holds {
        terms.push(Term::text("Immune, and the attacker spent no Willpower", "all damage stopped", Some(R_IMMUNITY)));
        return Ok(Defense {
            automatic_cancelled: incoming.automatic,
            downgraded: 0,
            bashing_cancelled: 0,
            potency_unused: potency,
            aggravated_taken: 0,
            lethal_taken: 0,
            bashing_taken: 0,
            immunity_breached: Some(false),
            terms,
        });
    }
    let mut p = potency;
    terms.push(Term::num("Defensive Potency", potency, Some(R_DEFENSE)));

    // 1. Automatic damage.
    let automatic_cancelled = p.min(incoming.automatic);
    p -= automatic_cancelled;
    if automatic_cancelled > 0 {
        terms.push(Term::num("Automatic damage cancelled", automatic_cancelled, Some(R_DEFENSE)));
    }
    let auto_left = incoming.automatic - automatic_cancelled;
    let (mut agg, mut lethal, mut bashing) = (incoming.aggravated, incoming.lethal, incoming.bashing);
    match incoming.automatic_type {
        DamageType::Aggravated => agg += auto_left,
        DamageType::Lethal => lethal += auto_left,
        DamageType::Bashing => bashing += auto_left,
    }
    // Bashing that started out worse.
    let mut downgraded_bashing = 0;
    let mut downgraded = 0;
    if vulgar_vs_mundane && agg + lethal > 0 {
        downgraded += agg + lethal;
        downgraded_bashing += agg + lethal;
        terms.push(Term::num(
            "Vulgar defense against a mundane attack: turned to bashing",
            agg + lethal,
            Some(R_DEFENSE),
        ));
        agg = 0;
        lethal = 0;
    }

    // 2. Downgrades, aggravated first.
    let d_agg = p.min(agg);
    p -= d_agg;
    agg -= d_agg;
    let d_lethal = p.min(lethal);
    p -= d_lethal;
    lethal -= d_lethal;
    if d_agg + d_lethal > 0 {
        terms.push(Term::num("Downgraded to bashing by Potency", d_agg + d_lethal, Some(R_DEFENSE)));
    }
    downgraded += d_agg + d_lethal;
    downgraded_bashing += d_agg + d_lethal;

    // 3. Bashing cancelled, original bashing first.
    let c_plain = p.min(bashing);
    p -= c_plain;
    bashing -= c_plain;
    let c_down = p.min(downgraded_bashing);
    p -= c_down;
    downgraded_bashing -= c_down;
    let bashing_cancelled = c_plain + c_down;
    if bashing_cancelled > 0 {
        terms.push(Term::num("Bashing cancelled", bashing_cancelled, Some(R_DEFENSE)));
    }

    let immunity_breached = match immunity {
        Immunity::Willpower => {
            let breached = agg + lethal + bashing > 0;
            terms.push(Term::text(
                "Immunity treated as armor (attacker spent Willpower)",
                if breached { "breached by a wound that wasn't downgraded" } else { "holds" },
                Some(R_IMMUNITY),
            ));
            Some(breached)
        }
        _ => None,
    };
    Ok(Defense {
        automatic_cancelled,
        downgraded,
        bashing_cancelled,
        potency_unused: p,
        aggravated_taken: agg,
        lethal_taken: lethal,
        bashing_taken: bashing + downgraded_bashing,
        immunity_breached,
        terms,
    })
}

// ---------------------------------------------------------------------------------
// Spell displacement

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Displaced {
    /// The intruding spell overcame the standing one.
    New,
    /// The standing spell stays.
    Standing,
    /// Cast together: the first spell takes effect.
    First,
    /// Cast together: the second spell takes effect.
    Second,
    /// Cast together with equal Potency: neither takes effect.
    Neither,
}

impl Displaced {
    pub fn as_str(self) -> &'static str {
        match self {
            Displaced::New => "new spell displaces the standing one",
            Displaced::Standing => "standing spell remains",
            Displaced::First => "first spell takes effect",
            Displaced::Second => "second spell takes effect",
            Displaced::Neither => "neither spell takes effect",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Displacement {
    pub outcome: Displaced,
    pub stalemate: bool,
    /// How far the winner is ahead (0 on a stalemate).
    pub margin: i64,
    pub terms: Vec<Term>,
}

/// A new spell against one already in place: it takes over only when its Potency is
/// greater than the standing spell's Tenacity; equal keeps the standing spell.
pub fn displace(new_potency: i64, standing_tenacity: i64) -> Result<Displacement> {
    check("potency", new_potency, POTENCY)?;
    check("tenacity", standing_tenacity, POTENCY)?;
    let d = new_potency - standing_tenacity;
    let outcome = if d > 0 { Displaced::New } else { Displaced::Standing };
    let terms = vec![
        Term::num("New spell's Potency", new_potency, Some(R_DISPLACEMENT)),
        Term::num("Standing spell's Tenacity", -standing_tenacity, Some(R_DISPLACEMENT)),
        Term::text("Result", outcome.as_str(), Some(T_DISPLACEMENT)),
    ];
    Ok(Displacement { outcome, stalemate: d == 0, margin: d.abs(), terms })
}

/// Two spells cast at the same moment: the higher Potency takes effect; a tie means
/// neither does. (Spell competition compares Potencies the same way.)
pub fn simultaneous(first_potency: i64, second_potency: i64) -> Result<Displacement> {
    check("potency", first_potency, POTENCY)?;
    check("other-potency", second_potency, POTENCY)?;
    let d = first_potency - second_potency;
    let outcome = match d {
        d if d > 0 => Displaced::First,
        0 => Displaced::Neither,
        _ => Displaced::Second,
    };
    let terms = vec![
        Term::num("First spell's Potency", first_potency, Some(R_COMPETITION)),
        Term::num("Second spell's Potency", -second_potency, Some(R_COMPETITION)),
        Term::text("Result", outcome.as_str(), Some(T_DISPLACEMENT)),
    ];
    Ok(Displacement { outcome, stalemate: d == 0, margin: d.abs(), terms })
}

// ---------------------------------------------------------------------------------
// Created and ephemeral beings

/// The highest effective Rank a lasting created being can have: half the strongest
/// creator's Gnosis, rounded up.
pub fn created_being_max_rank(gnosis: i64) -> Result<(i64, Vec<Term>)> {
    check("gnosis", gnosis, GNOSIS)?;
    let rank = (gnosis + 1) / 2;
    let terms = vec![
        Term::num(format!("Half of Gnosis {gnosis}, rounded up"), rank, Some(R_CREATED_RANK)),
        Term::text("Benchmark", rank_benchmark(rank), Some(T_RANK_BENCH)),
    ];
    Ok((rank, terms))
}

/// What a created being's Rank compares to.
pub fn rank_benchmark(rank: i64) -> &'static str {
    match rank {
        i64::MIN..=1 => "an ordinary animal",
        2 => "a person, or a dangerous animal",
        _ => "more and more supernatural might",
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Empowerment {
    /// Potency reaches the being's Rank.
    pub empowers: bool,
    pub temporary_essence: i64,
    /// Tenacity keeps the benefit going (when a Tenacity was given).
    pub lasts: Option<bool>,
    pub terms: Vec<Term>,
}

/// A beneficial spell on an ephemeral being: it needs Potency at least the Rank; then it
/// gives 1 temporary Essence plus 1 per Potency above the Rank; the benefit lasts while
/// Tenacity is at least the Rank.
pub fn empower_ephemeral(potency: i64, rank: i64, tenacity: Option<i64>) -> Result<Empowerment> {
    check("potency", potency, POTENCY)?;
    check("rank", rank, (1, 10))?;
    if let Some(t) = tenacity {
        check("tenacity", t, POTENCY)?;
    }
    let empowers = potency >= rank;
    let temporary_essence = if empowers { potency - rank + 1 } else { 0 };
    let mut terms = vec![Term::text(
        format!("Potency {potency} against Rank {rank}"),
        if empowers { "enough to empower" } else { "too weak to empower" },
        Some(R_ENHANCE),
    )];
    if empowers {
        terms.push(Term::num("Temporary Essence for matching the Rank", 1, Some(R_EMPOWER)));
        if potency > rank {
            terms.push(Term::num("One more per Potency above the Rank", potency - rank, Some(R_EMPOWER)));
        }
    }
    let lasts = tenacity.map(|t| t >= rank);
    if let (Some(t), Some(l)) = (tenacity, lasts) {
        terms.push(Term::text(
            format!("Tenacity {t} against Rank {rank}"),
            if l { "benefit lasts" } else { "benefit fades" },
            Some(R_ENHANCE),
        ));
    }
    terms.push(Term::text("Which spells manage this Rank", empower_note(rank), Some(T_EMPOWER)));
    Ok(Empowerment { empowers, temporary_essence, lasts, terms })
}

/// Which spells can empower a being of this Rank without more effort.
pub fn empower_note(rank: i64) -> &'static str {
    match rank {
        i64::MIN..=2 => "a covert spell does it easily",
        3 => "a vulgar spell always can",
        _ => "only Shaping, even briefly; lasting help usually takes a ritual or Atlantean inscription",
    }
}

// ---------------------------------------------------------------------------------
// Registry

const P_ASPECT: Param = Param {
    name: "aspect",
    help: "the boosting spell's aspect",
    kind: ParamKind::Choice { options: ASPECT_NAMES },
    required: true,
    default: None,
};

const P_ATTACK_ASPECT: Param = Param {
    name: "aspect",
    help: "the attack spell's aspect (covert or vulgar; sensory spells can't deal damage)",
    kind: ParamKind::Choice { options: ASPECT_NAMES },
    required: true,
    default: None,
};

pub fn calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "clash",
            summary: "Duel Arcane clash dice pool: Gnosis + Sword Arcanum with the cumulative modifiers",
            params: &[
                Param { name: "gnosis", help: "the duelist's Gnosis (1 to 10)", kind: ParamKind::Int { min: 1, max: 10 }, required: true, default: None },
                Param { name: "sword", help: "dots in the Arcanum used as Sword (0 to 5)", kind: ParamKind::Int { min: 0, max: 5 }, required: true, default: None },
                Param {
                    name: "unused",
                    help: "consecutive earlier clashes in which the current Sword didn't attack (+1 die each, up to +5)",
                    kind: ParamKind::Int { min: 0, max: 5 },
                    required: false,
                    default: Some("0"),
                },
                Param { name: "sustaining", help: "spells are being sustained on the duelist (-1)", kind: ParamKind::Flag, required: false, default: None },
                Param { name: "distraction", help: "noisy or distracting surroundings (0 to 3 dice off)", kind: ParamKind::Int { min: 0, max: 3 }, required: false, default: Some("0") },
            ],
            rule: Some(R_CLASH_POOL),
            run: run_clash,
        },
        Calculator {
            system: SYSTEM,
            name: "clash-result",
            summary: "Who takes a clash, and where the defender's psychic damage lands: Shield, then Gnosis, then the round is lost",
            params: &[
                Param { name: "attacker-successes", help: "successes rolled for the attacking duelist", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
                Param { name: "defender-successes", help: "successes rolled for the defending duelist", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
                Param { name: "shield", help: "dots in the defender's current Shield Arcanum (0 to 5)", kind: ParamKind::Int { min: 0, max: 5 }, required: true, default: None },
                Param { name: "shield-damage", help: "psychic damage already marked on that Arcanum this round", kind: ParamKind::Int { min: 0, max: 5 }, required: false, default: Some("0") },
                Param { name: "gnosis", help: "the defender's Gnosis (1 to 10)", kind: ParamKind::Int { min: 1, max: 10 }, required: true, default: None },
                Param { name: "gnosis-damage", help: "psychic damage Gnosis has already absorbed this round", kind: ParamKind::Int { min: 0, max: 10 }, required: false, default: Some("0") },
            ],
            rule: Some(R_CLASH_RESULTS),
            run: run_clash_result,
        },
        Calculator {
            system: SYSTEM,
            name: "round-result",
            summary: "A duelist's Willpower once a round of the Duel Arcane is decided",
            params: &[
                Param { name: "result", help: "whether this duelist won or lost the round", kind: ParamKind::Choice { options: &["winner", "loser"] }, required: true, default: None },
                Param { name: "willpower", help: "Willpower points left when the round ends (0 to 10)", kind: ParamKind::Int { min: 0, max: 10 }, required: true, default: None },
                Param {
                    name: "spent",
                    help: "Willpower this duelist paid for clashes and hasn't had back yet (not points covered by others, a Hallow or wounds)",
                    kind: ParamKind::Int { min: 0, max: 10 },
                    required: true,
                    default: None,
                },
                Param { name: "max-willpower", help: "maximum Willpower, to cap the result (optional)", kind: ParamKind::Int { min: 1, max: 10 }, required: false, default: None },
            ],
            rule: Some(R_ROUND_RESULTS),
            run: run_round_result,
        },
        Calculator {
            system: SYSTEM,
            name: "combat-boost",
            summary: "What a boosting spell of each aspect gives in a fight: initiative floor, sure successes, n-again, Shaping minimum",
            params: &[P_ASPECT],
            rule: Some(R_ATTACKS),
            run: run_combat_boost,
        },
        Calculator {
            system: SYSTEM,
            name: "initiative",
            summary: "Initiative with a boosting spell (die floor) or from a Shaping roll (twice the Shaped Potency)",
            params: &[
                Param { name: "modifier", help: "the initiative modifier", kind: ParamKind::Int { min: -10, max: 30 }, required: true, default: None },
                Param { name: "die", help: "the d10 rolled (1 to 10); not used with --shaped-potency", kind: ParamKind::Int { min: 1, max: 10 }, required: false, default: None },
                Param { name: "aspect", help: "aspect of the spell boosting initiative, if any", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: false, default: None },
                Param { name: "shaped-potency", help: "total Potency of a spell Shaped in place of the initiative roll", kind: ParamKind::Int { min: 1, max: 40 }, required: false, default: None },
            ],
            rule: Some(R_INITIATIVE),
            run: run_initiative,
        },
        Calculator {
            system: SYSTEM,
            name: "boosted-attack",
            summary: "A boosted attack's successes: the guaranteed floor, the automatic part armor can remove, and those carrying damage factors",
            params: &[
                P_ASPECT,
                Param { name: "rolled", help: "successes the attack dice actually rolled", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
                Param {
                    name: "cancelled",
                    help: "successes the target's resistance cancels (they come off the guaranteed ones first)",
                    kind: ParamKind::Int { min: 0, max: 50 },
                    required: false,
                    default: Some("0"),
                },
            ],
            rule: Some(R_ATTACKS),
            run: run_boosted_attack,
        },
        Calculator {
            system: SYSTEM,
            name: "shaping-attack",
            summary: "Damage of a Shaping attack against Defense + Wits, with the aspect's minimum and what protection cancels",
            params: &[
                P_ATTACK_ASPECT,
                Param { name: "potency", help: "the attack spell's total Shaped Potency", kind: ParamKind::Int { min: 1, max: 40 }, required: true, default: None },
                Param { name: "defense-successes", help: "successes on the target's Defense + Wits roll", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
                Param {
                    name: "protection",
                    help: "automatic points the target's armor or defensive spell can absorb (a defensive spell's base Potency: sensory 1, covert 2, vulgar 3)",
                    kind: ParamKind::Int { min: 0, max: 20 },
                    required: false,
                    default: Some("0"),
                },
            ],
            rule: Some(R_SHAPING_ATTACKS),
            run: run_shaping_attack,
        },
        Calculator {
            system: SYSTEM,
            name: "defensive-spell",
            summary: "A defensive spell's Potency against an attack: cancel automatic damage, downgrade lethal/aggravated, cancel bashing",
            params: &[
                Param { name: "potency", help: "the defensive spell's Potency (covert rote: 2)", kind: ParamKind::Int { min: 0, max: 40 }, required: true, default: None },
                Param { name: "automatic", help: "automatic, Defense-piercing damage points", kind: ParamKind::Int { min: 0, max: 40 }, required: false, default: Some("0") },
                Param { name: "automatic-type", help: "the automatic damage's type", kind: ParamKind::Choice { options: DAMAGE_TYPE_NAMES }, required: false, default: Some("lethal") },
                Param { name: "aggravated", help: "aggravated points from rolled successes", kind: ParamKind::Int { min: 0, max: 40 }, required: false, default: Some("0") },
                Param { name: "lethal", help: "lethal points from rolled successes", kind: ParamKind::Int { min: 0, max: 40 }, required: false, default: Some("0") },
                Param { name: "bashing", help: "bashing points from rolled successes", kind: ParamKind::Int { min: 0, max: 40 }, required: false, default: Some("0") },
                Param {
                    name: "vulgar-vs-mundane",
                    help: "the defense is vulgar and the attack mundane (no vulgar boost or supernatural power): all its damage becomes bashing first",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param { name: "immunity", help: "the spell grants immunity to this kind of damage", kind: ParamKind::Flag, required: false, default: None },
                Param {
                    name: "willpower",
                    help: "with --immunity: the attacker spent a Willpower point, so the immunity counts as armor",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_DEFENSE),
            run: run_defensive_spell,
        },
        Calculator {
            system: SYSTEM,
            name: "spell-displacement",
            summary: "Which of two contradictory spells takes effect (new Potency against standing Tenacity, or two Potencies cast together)",
            params: &[
                Param { name: "potency", help: "Potency of the new (or first) spell", kind: ParamKind::Int { min: 1, max: 40 }, required: true, default: None },
                Param { name: "tenacity", help: "Tenacity of the spell already in place", kind: ParamKind::Int { min: 1, max: 40 }, required: false, default: None },
                Param { name: "other-potency", help: "Potency of a second spell cast at the same time (instead of --tenacity)", kind: ParamKind::Int { min: 1, max: 40 }, required: false, default: None },
            ],
            rule: Some(R_DISPLACEMENT),
            run: run_displacement,
        },
        Calculator {
            system: SYSTEM,
            name: "shaped-potency",
            summary: "A Shaped spell's total Potency: base Potency for its aspect plus the Shaping successes",
            params: &[
                Param { name: "aspect", help: "the spell's aspect (covert or vulgar; sensory spells can't be Shaped)", kind: ParamKind::Choice { options: ASPECT_NAMES }, required: true, default: None },
                Param { name: "successes", help: "successes on the Shaping roll", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
            ],
            rule: Some(R_SHAPING_ATTACKS),
            run: run_shaped_potency,
        },
        Calculator {
            system: SYSTEM,
            name: "created-being-rank",
            summary: "Highest Rank of a lasting created being: half the strongest creator's Gnosis, rounded up",
            params: &[Param { name: "gnosis", help: "Gnosis of the most powerful mage involved (1 to 10)", kind: ParamKind::Int { min: 1, max: 10 }, required: true, default: None }],
            rule: Some(R_CREATED_RANK),
            run: run_created_rank,
        },
        Calculator {
            system: SYSTEM,
            name: "ephemeral-essence",
            summary: "Whether a spell empowers an ephemeral being, the temporary Essence it grants, and whether the benefit lasts",
            params: &[
                Param { name: "potency", help: "the beneficial spell's Potency", kind: ParamKind::Int { min: 1, max: 40 }, required: true, default: None },
                Param { name: "rank", help: "the being's Rank (1 to 10)", kind: ParamKind::Int { min: 1, max: 10 }, required: true, default: None },
                Param { name: "tenacity", help: "the spell's Tenacity, to see whether the benefit lasts", kind: ParamKind::Int { min: 1, max: 40 }, required: false, default: None },
            ],
            rule: Some(R_EMPOWER),
            run: run_ephemeral_essence,
        },
    ]
}

fn aspect_of(i: &Inputs) -> Result<Aspect> {
    Aspect::parse(i.choice("aspect")?.unwrap_or_default())
}

fn run_clash(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let p = clash_pool(ClashInput {
        gnosis: i.int("gnosis")?,
        sword: i.int("sword")?,
        unused: i.int("unused")?,
        sustaining: i.flag("sustaining"),
        distraction: i.int("distraction")?,
    })?;
    let mut o = Outcome::default().field("dice_pool", p.dice_pool).field("chance_die", p.chance_die).terms(p.terms);
    if p.chance_die {
        o = o.warn(format!(
            "the modifiers bring the pool to {}: roll one chance die (Mage's usual rule; this supplement doesn't state it)",
            p.total
        ));
    }
    Ok(o)
}

fn run_clash_result(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let state = DuelistState {
        shield: i.int("shield")?,
        shield_damage: i.int("shield-damage")?,
        gnosis: i.int("gnosis")?,
        gnosis_damage: i.int("gnosis-damage")?,
    };
    let r = clash_result(i.int("attacker-successes")?, i.int("defender-successes")?, state)?;
    let a = r.defender;
    let mut o = Outcome::default()
        .field("winner", r.winner.as_str())
        .field("net_successes", r.net_successes)
        .field("shield_absorbed", a.shield_absorbed)
        .field("shield_after", a.shield_after)
        .field("shield_damage_after", a.shield_damage_after)
        .field("gnosis_absorbed", a.gnosis_absorbed)
        .field("gnosis_after", a.gnosis_after)
        .field("gnosis_damage_after", a.gnosis_damage_after)
        .field("overflow", a.overflow)
        .field("round_lost", a.round_lost)
        .terms(a.terms);
    if r.winner == ClashWinner::Defender {
        o = o.warn(format!(
            "the defender won: the attacker takes {} psychic damage (run again with the roles swapped to place it)",
            r.net_successes
        ));
    }
    Ok(o)
}

fn run_round_result(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let side = if i.choice("result")? == Some("winner") { RoundSide::Winner } else { RoundSide::Loser };
    let r = round_willpower(side, i.int("willpower")?, i.int("spent")?, i.opt_int("max-willpower")?)?;
    let mut o = Outcome::default()
        .field("willpower_after", r.willpower_after)
        .field("willpower_change", r.willpower_change)
        .field("resistant_lethal", r.resistant_lethal)
        .terms(r.terms)
        .terms([Term::text("Psychic damage on Arcana and Gnosis", "clears for both duelists", Some(T_ROUND))]);
    for w in r.warnings {
        o = o.warn(w);
    }
    o = o.warn("Resistant lethal wounds taken to pay for clashes stay and heal at the usual rate");
    Ok(o)
}

fn run_combat_boost(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let b = combat_boost(aspect_of(i)?);
    Ok(Outcome::default()
        .field("default_potency", b.default_potency)
        .field("initiative_die_minimum", b.initiative_die_minimum)
        .field("guaranteed_successes", b.guaranteed_successes)
        .field("again", b.again)
        .field("minimum_shaping_damage", b.minimum_shaping_damage)
        .field("damage_factor_successes", b.damage_factor_successes)
        .field("against_tough_creatures", b.against_tough_creatures)
        .terms(b.terms))
}

fn run_initiative(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let modifier = i.int("modifier")?;
    let aspect = i.choice("aspect")?.map(Aspect::parse).transpose()?;
    let mut warnings = Vec::new();
    let r = match i.opt_int("shaped-potency")? {
        Some(p) => {
            if i.opt_int("die")?.is_some() || aspect.is_some() {
                warnings
                    .push("a Shaping roll replaces the initiative die, so --die and --aspect are ignored".to_string());
            }
            shaped_initiative(modifier, p)?
        }
        None => {
            let die = i.opt_int("die")?.ok_or_else(|| {
                Error::InvalidInput("--die (1 to 10) is required unless --shaped-potency is given".into())
            })?;
            boosted_initiative(modifier, die, aspect)?
        }
    };
    let mut o = Outcome::default().field("initiative", r.initiative).field("die_counted", r.die_counted).terms(r.terms);
    for w in warnings {
        o = o.warn(w);
    }
    Ok(o)
}

fn run_boosted_attack(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let a = boosted_attack(aspect_of(i)?, i.int("rolled")?, i.int("cancelled")?)?;
    let mut o = Outcome::default()
        .field("successes", a.successes)
        .field("automatic", a.automatic)
        .field("factor_successes", a.factor_successes)
        .field("other_successes", a.other_successes)
        .terms(a.terms);
    for w in a.warnings {
        o = o.warn(w);
    }
    Ok(o)
}

fn run_shaping_attack(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let a = shaping_attack(aspect_of(i)?, i.int("potency")?, i.int("defense-successes")?, i.int("protection")?)?;
    let mut o = Outcome::default()
        .field("net_successes", a.net_successes)
        .field("minimum_damage", a.minimum_damage)
        .field("automatic", a.automatic)
        .field("automatic_cancelled", a.automatic_cancelled)
        .field("damage", a.damage)
        .terms(a.terms);
    for w in a.warnings {
        o = o.warn(w);
    }
    Ok(o)
}

fn run_defensive_spell(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let incoming = Incoming {
        automatic: i.int("automatic")?,
        automatic_type: DamageType::parse(i.choice("automatic-type")?.unwrap_or("lethal"))?,
        aggravated: i.int("aggravated")?,
        lethal: i.int("lethal")?,
        bashing: i.int("bashing")?,
    };
    let immunity = match (i.flag("immunity"), i.flag("willpower")) {
        (false, false) => Immunity::None,
        (false, true) => return Err(Error::InvalidInput("--willpower only matters together with --immunity".into())),
        (true, false) => Immunity::Holds,
        (true, true) => Immunity::Willpower,
    };
    let d = defend(i.int("potency")?, incoming, i.flag("vulgar-vs-mundane"), immunity)?;
    let mut o = Outcome::default()
        .field("automatic_cancelled", d.automatic_cancelled)
        .field("downgraded", d.downgraded)
        .field("bashing_cancelled", d.bashing_cancelled)
        .field("potency_unused", d.potency_unused)
        .field("aggravated_taken", d.aggravated_taken)
        .field("lethal_taken", d.lethal_taken)
        .field("bashing_taken", d.bashing_taken);
    if let Some(b) = d.immunity_breached {
        o = o.field("immunity_breached", b);
    }
    o = o.terms(d.terms);
    match immunity {
        Immunity::Holds => o = o.warn("immunity stops only unimportant threats outright; an important attacker can spend Willpower (--willpower) to treat it as armor"),
        Immunity::Willpower => o = o.warn("Willpower can't break an immunity that also stops the subject acting on others (frozen in time, made unbreakable)"),
        Immunity::None => {}
    }
    Ok(o)
}

fn run_displacement(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let potency = i.int("potency")?;
    let d = match (i.opt_int("tenacity")?, i.opt_int("other-potency")?) {
        (Some(t), None) => displace(potency, t)?,
        (None, Some(p)) => simultaneous(potency, p)?,
        _ => {
            return Err(Error::InvalidInput(
                "give exactly one of --tenacity (a spell already in place) or --other-potency (a spell cast at the same time)".into(),
            ))
        }
    };
    Ok(Outcome::default()
        .field("outcome", d.outcome.as_str())
        .field("stalemate", d.stalemate)
        .field("margin", d.margin)
        .terms(d.terms))
}

fn run_shaped_potency(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let aspect = aspect_of(i)?;
    let successes = i.int("successes")?;
    let potency = aspect.shaped_potency(successes).map_err(|e| match aspect {
        Aspect::Sensory => Error::InvalidInput(format!("{e} (see {R_SENSORY_OPPOSED})")),
        _ => e,
    })?;
    Ok(Outcome::default().field("potency", potency).terms([
        Term::num(
            format!("Base Potency of a {} spell", aspect.name()),
            aspect.default_potency(),
            Some(R_SHAPING_ATTACKS),
        ),
        Term::num("Shaping successes", successes, Some(R_SHAPING_ATTACKS)),
    ]))
}

fn run_created_rank(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (rank, terms) = created_being_max_rank(i.int("gnosis")?)?;
    Ok(Outcome::default().field("max_rank", rank).field("benchmark", rank_benchmark(rank)).terms(terms))
}

fn run_ephemeral_essence(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let e = empower_ephemeral(i.int("potency")?, i.int("rank")?, i.opt_int("tenacity")?)?;
    Ok(Outcome::default()
        .field("empowers", e.empowers)
        .field("temporary_essence", e.temporary_essence)
        .field("lasts", e.lasts)
        .terms(e.terms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tome;
    use std::collections::BTreeMap;

    fn args(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn pool(gnosis: i64, sword: i64, unused: i64, sustaining: bool, distraction: i64) -> ClashPool {
        clash_pool(ClashInput { gnosis, sword, unused, sustaining, distraction }).unwrap()
    }

    fn state(shield: i64, shield_damage: i64, gnosis: i64, gnosis_damage: i64) -> DuelistState {
        DuelistState { shield, shield_damage, gnosis, gnosis_damage }
    }

    fn field(o: &Outcome, key: &str) -> serde_json::Value {
        o.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no field {key}"))
    }

    fn err_text(r: Result<impl std::fmt::Debug>) -> String {
        match r {
            Ok(v) => panic!("expected an error, got {v:?}"),
            Err(e) => e.to_string(),
        }
    }

    // ----- clash pool -----

    #[test]
    fn clash_pool_is_gnosis_plus_sword() {
        let p = pool(3, 2, 0, false, 0);
        assert_eq!(p.dice_pool, 5);
        assert!(!p.chance_die);
        assert_eq!(p.terms.len(), 2, "no modifier terms when none apply");
    }

    #[test]
    fn clash_modifier_unused_sword_adds_one_die_per_clash_up_to_five() {
        for k in 0..=5 {
            assert_eq!(pool(3, 2, k, false, 0).dice_pool, 5 + k);
        }
        assert!(err_text(clash_pool(ClashInput { gnosis: 3, sword: 2, unused: 6, ..Default::default() }))
            .contains("0 to 5"));
    }

    #[test]
    fn clash_modifier_sustaining_takes_one_die() {
        let p = pool(3, 2, 0, true, 0);
        assert_eq!(p.dice_pool, 4);
        assert!(p.terms.iter().any(|t| t.value == serde_json::json!(-1) && t.rule.as_deref() == Some(T_CLASH_MODS)));
    }

    #[test]
    fn clash_modifier_distraction_takes_one_to_three_dice() {
        for d in 0..=3 {
            assert_eq!(pool(3, 2, 0, false, d).dice_pool, 5 - d);
        }
    }

    #[test]
    fn clash_modifiers_are_cumulative() {
        // Gnosis 4, Sword 3, rested 2 clashes, sustaining, distraction 2: 4+3+2-1-2 = 6.
        assert_eq!(pool(4, 3, 2, true, 2).dice_pool, 6);
    }

    #[test]
    fn clash_pool_at_zero_or_less_is_a_chance_die() {
        // Gnosis 1, Sword 0, sustaining, distraction 3: 1 - 1 - 3 = -3.
        let p = pool(1, 0, 0, true, 3);
        assert_eq!(p.dice_pool, 0);
        assert_eq!(p.total, -3);
        assert!(p.chance_die);
        // Exactly zero counts too; one die left does not.
        assert!(pool(1, 0, 0, true, 0).chance_die);
        assert!(!pool(1, 0, 0, false, 0).chance_die);
        assert_eq!(pool(1, 0, 0, false, 0).dice_pool, 1);
    }

    #[test]
    fn clash_pool_bad_inputs_name_the_range() {
        assert!(err_text(clash_pool(ClashInput { gnosis: 0, ..Default::default() })).contains("1 to 10"));
        assert!(err_text(clash_pool(ClashInput { gnosis: 11, ..Default::default() })).contains("1 to 10"));
        assert!(err_text(clash_pool(ClashInput { gnosis: 3, sword: 6, ..Default::default() })).contains("0 to 5"));
        assert!(err_text(clash_pool(ClashInput { gnosis: 3, sword: -1, ..Default::default() })).contains("0 to 5"));
        assert!(err_text(clash_pool(ClashInput { gnosis: 3, distraction: 4, ..Default::default() })).contains("0 to 3"));
    }

    /// Over every valid input: the pool is never negative, a chance die exactly when the
    /// sum is 0 or less, and more Gnosis or Sword never means fewer dice (and always one
    /// more once the pool is above zero).
    #[test]
    fn clash_pool_never_negative_and_monotonic() {
        for g in 1..=10 {
            for a in 0..=5 {
                for k in 0..=5 {
                    for s in [false, true] {
                        for d in 0..=3 {
                            let p = pool(g, a, k, s, d);
                            assert!(p.dice_pool >= 0);
                            assert_eq!(p.chance_die, p.dice_pool == 0);
                            assert_eq!(p.dice_pool, (g + a + k - i64::from(s) - d).max(0));
                            if g < 10 {
                                let up = pool(g + 1, a, k, s, d);
                                assert!(up.dice_pool >= p.dice_pool);
                                if up.total > 0 {
                                    assert_eq!(up.dice_pool, p.dice_pool + 1);
                                }
                            }
                            if a < 5 {
                                assert!(pool(g, a + 1, k, s, d).dice_pool >= p.dice_pool);
                            }
                            if k < 5 {
                                assert!(pool(g, a, k + 1, s, d).dice_pool >= p.dice_pool);
                            }
                            if d < 3 {
                                assert!(pool(g, a, k, s, d + 1).dice_pool <= p.dice_pool);
                            }
                            assert!(pool(g, a, k, true, d).dice_pool <= pool(g, a, k, false, d).dice_pool);
                        }
                    }
                }
            }
        }
    }

    // ----- clash results -----

    #[test]
    fn equal_successes_are_a_stalemate_with_no_damage() {
        let r = clash_result(3, 3, state(2, 0, 3, 0)).unwrap();
        assert_eq!(r.winner, ClashWinner::Stalemate);
        assert_eq!(r.defender.shield_absorbed + r.defender.gnosis_absorbed, 0);
        assert!(!r.defender.round_lost);
    }

    #[test]
    fn defender_winning_takes_no_damage() {
        let r = clash_result(1, 4, state(2, 0, 3, 0)).unwrap();
        assert_eq!(r.winner, ClashWinner::Defender);
        assert_eq!(r.net_successes, 3);
        assert_eq!(r.defender.damage, 0);
        assert_eq!(r.defender.shield_after, 2);
    }

    #[test]
    fn damage_goes_to_shield_first() {
        // Shield 3 dots, 2 net successes: the Shield holds both, Gnosis untouched.
        let r = clash_result(4, 2, state(3, 0, 3, 0)).unwrap();
        assert_eq!(r.winner, ClashWinner::Attacker);
        assert_eq!(r.defender.shield_absorbed, 2);
        assert_eq!(r.defender.shield_after, 1);
        assert_eq!(r.defender.gnosis_absorbed, 0);
        assert!(!r.defender.round_lost);
    }

    #[test]
    fn damage_exactly_filling_the_shield() {
        let a = absorb_psychic(3, state(3, 0, 4, 0)).unwrap();
        assert_eq!((a.shield_absorbed, a.shield_after, a.gnosis_absorbed, a.gnosis_after), (3, 0, 0, 4));
        assert!(!a.round_lost);
        // One more spills into Gnosis.
        let a = absorb_psychic(4, state(3, 0, 4, 0)).unwrap();
        assert_eq!((a.shield_absorbed, a.gnosis_absorbed, a.gnosis_after), (3, 1, 3));
        assert!(!a.round_lost);
    }

    #[test]
    fn damage_exactly_filling_shield_and_gnosis_does_not_lose() {
        let a = absorb_psychic(7, state(3, 0, 4, 0)).unwrap();
        assert_eq!((a.shield_after, a.gnosis_absorbed, a.gnosis_after, a.overflow), (0, 4, 0, 0));
        assert!(!a.round_lost);
    }

    #[test]
    fn one_point_past_shield_and_gnosis_loses_the_round() {
        let a = absorb_psychic(8, state(3, 0, 4, 0)).unwrap();
        assert_eq!((a.shield_absorbed, a.gnosis_absorbed, a.overflow), (3, 4, 1));
        assert!(a.round_lost);
    }

    #[test]
    fn damage_already_marked_shrinks_the_room() {
        // Shield 3 with 2 marked, Gnosis 2 with 1 absorbed: room 1 + 1.
        let a = absorb_psychic(2, state(3, 2, 2, 1)).unwrap();
        assert_eq!((a.shield_absorbed, a.gnosis_absorbed, a.shield_damage_after, a.gnosis_damage_after), (1, 1, 3, 2));
        assert!(!a.round_lost);
        assert!(absorb_psychic(3, state(3, 2, 2, 1)).unwrap().round_lost);
        // A Shield Arcanum with no dots (or full) passes everything to Gnosis.
        let a = absorb_psychic(2, state(0, 0, 2, 0)).unwrap();
        assert_eq!((a.shield_absorbed, a.gnosis_absorbed), (0, 2));
        assert!(!a.round_lost);
    }

    #[test]
    fn marked_damage_beyond_the_rating_is_an_error() {
        assert!(err_text(absorb_psychic(1, state(2, 3, 3, 0))).contains("0 to 2"));
        assert!(err_text(absorb_psychic(1, state(2, 0, 3, 4))).contains("0 to 3"));
    }

    /// Exhaustively: absorbed damage adds up, the Shield fills before Gnosis, and the round
    /// is lost exactly when damage passes the combined room.
    #[test]
    fn absorption_invariants() {
        for sh in 0..=5 {
            for sd in 0..=sh {
                for g in 1..=10 {
                    for gd in 0..=g {
                        for dmg in 0..=20 {
                            let a = absorb_psychic(dmg, state(sh, sd, g, gd)).unwrap();
                            assert_eq!(a.shield_absorbed + a.gnosis_absorbed + a.overflow, dmg);
                            assert!(a.gnosis_absorbed == 0 || a.shield_after == 0);
                            assert_eq!(a.round_lost, dmg > (sh - sd) + (g - gd));
                            assert!(a.shield_after >= 0 && a.gnosis_after >= 0);
                        }
                    }
                }
            }
        }
    }

    // ----- round results -----

    #[test]
    fn round_winner_regains_everything_spent_plus_one() {
        let r = round_willpower(RoundSide::Winner, 2, 3, None).unwrap();
        assert_eq!(r.willpower_after, 6);
        assert_eq!(r.willpower_change, 4);
        assert_eq!(r.resistant_lethal, 0);
        // Capped at a given maximum.
        let r = round_willpower(RoundSide::Winner, 2, 3, Some(5)).unwrap();
        assert_eq!(r.willpower_after, 5);
        assert!(!r.warnings.is_empty());
    }

    #[test]
    fn round_loser_loses_one_then_regains_half_rounded_up() {
        // 2 left, spent 3: 2 - 1 + 2 = 3.
        let r = round_willpower(RoundSide::Loser, 2, 3, None).unwrap();
        assert_eq!((r.willpower_after, r.resistant_lethal), (3, 0));
        // Spent 4: half is exactly 2.
        assert_eq!(round_willpower(RoundSide::Loser, 2, 4, None).unwrap().willpower_after, 3);
        // Spent 0: just the lost point.
        assert_eq!(round_willpower(RoundSide::Loser, 2, 0, None).unwrap().willpower_after, 1);
    }

    #[test]
    fn round_loser_with_no_willpower_takes_a_resistant_lethal_wound() {
        // Out of Willpower, spent 5: a wound instead of the point, then 3 back.
        let r = round_willpower(RoundSide::Loser, 0, 5, None).unwrap();
        assert_eq!((r.willpower_after, r.resistant_lethal), (3, 1));
        let r = round_willpower(RoundSide::Loser, 0, 0, None).unwrap();
        assert_eq!((r.willpower_after, r.resistant_lethal), (0, 1));
    }

    #[test]
    fn round_willpower_bad_inputs() {
        assert!(err_text(round_willpower(RoundSide::Winner, 11, 0, None)).contains("0 to 10"));
        assert!(err_text(round_willpower(RoundSide::Winner, 5, 3, Some(6))).contains("0 to 6"));
    }

    /// Exhaustively: the winner always ends higher than the loser from the same start,
    /// and nobody ends below zero.
    #[test]
    fn round_winner_always_beats_loser() {
        for w in 0..=10 {
            for s in 0..=10 {
                let win = round_willpower(RoundSide::Winner, w, s, None).unwrap();
                let lose = round_willpower(RoundSide::Loser, w, s, None).unwrap();
                assert!(win.willpower_after > lose.willpower_after);
                assert!(lose.willpower_after >= 0);
                assert_eq!(lose.resistant_lethal, i64::from(w == 0));
            }
        }
    }

    // ----- combat boosts -----

    /// The document: the initiative die floor is twice the default Potency, which is 2,
    /// 4 and 6 for sensory, covert and vulgar; attacks are sure of 1, 2 (with 9-again) and
    /// 3 (with 8-again) successes; Shaping attacks do at least 2 (covert) or 3 (vulgar).
    #[test]
    fn combat_boosts_by_aspect_from_the_document() {
        let got: Vec<_> = Aspect::ALL
            .iter()
            .map(|&a| {
                let b = combat_boost(a);
                (
                    b.initiative_die_minimum,
                    b.guaranteed_successes,
                    b.again,
                    b.minimum_shaping_damage,
                    b.damage_factor_successes,
                )
            })
            .collect();
        assert_eq!(got, vec![(2, 1, 10, None, 0), (4, 2, 9, Some(2), 2), (6, 3, 8, Some(3), 3)]);
        assert_eq!(combat_boost(Aspect::Covert).against_tough_creatures, Some("bashing"));
        assert_eq!(combat_boost(Aspect::Vulgar).against_tough_creatures, Some("lethal"));
    }

    /// The shipped table, cell by cell, against the constants.
    #[test]
    fn combat_boosts_match_the_shipped_table() {
        let tome = Tome::open_in_memory().unwrap();
        let t = tome.table(T_BOOSTS, None).unwrap();
        assert_eq!(t.rows.len(), 3);
        for (row, a) in t.rows.iter().zip(Aspect::ALL) {
            assert_eq!(row.cells[0].to_ascii_lowercase(), a.name());
            assert_eq!(row.cells[1], a.initiative_die_minimum().to_string());
            assert_eq!(row.cells[2], a.guaranteed_successes().to_string());
            let again = if a.again() == 10 { "normal".to_string() } else { format!("{}-again", a.again()) };
            assert_eq!(row.cells[3], again);
            match a.minimum_shaping_damage() {
                Some(d) => assert_eq!(row.cells[4], d.to_string()),
                None => assert!(row.cells[4].starts_with("n/a")),
            }
        }
    }

    #[test]
    fn clash_modifiers_match_the_shipped_table() {
        let tome = Tome::open_in_memory().unwrap();
        let t = tome.table(T_CLASH_MODS, None).unwrap();
        let mods: Vec<&str> = t.rows.iter().map(|r| r.cells[0].as_str()).collect();
        assert_eq!(mods, vec!["+1 to +5", "-1", "-1 to -3"]);
        assert_eq!(UNUSED, (0, 5));
        assert_eq!(DISTRACTION, (0, 3));
        assert_eq!(pool(5, 5, 0, true, 0).dice_pool, 9);
    }

    #[test]
    fn round_outcomes_match_the_shipped_table() {
        let tome = Tome::open_in_memory().unwrap();
        let t = tome.table(T_ROUND, None).unwrap();
        let who: Vec<&str> = t.rows.iter().map(|r| r.cells[0].as_str()).collect();
        assert_eq!(who, vec!["Both", "Winner", "Loser"]);
        assert!(t.rows[1].cells[1].contains("plus 1"));
        assert!(t.rows[2].cells[1].contains("half, rounded up"));
    }

    #[test]
    fn displacement_matches_the_shipped_table() {
        let tome = Tome::open_in_memory().unwrap();
        let t = tome.table(T_DISPLACEMENT, None).unwrap();
        assert_eq!(t.rows.len(), 4);
        // Row by row: simultaneous higher, simultaneous tie, new exceeds, new doesn't.
        assert_eq!(simultaneous(4, 3).unwrap().outcome, Displaced::First);
        assert!(t.rows[0].cells[1].starts_with("Higher Potency"));
        assert_eq!(simultaneous(3, 3).unwrap().outcome, Displaced::Neither);
        assert!(t.rows[1].cells[1].starts_with("Neither"));
        assert_eq!(displace(4, 3).unwrap().outcome, Displaced::New);
        assert!(t.rows[2].cells[1].contains("displaces"));
        assert_eq!(displace(3, 3).unwrap().outcome, Displaced::Standing);
        assert_eq!(displace(2, 3).unwrap().outcome, Displaced::Standing);
        assert!(t.rows[3].cells[1].contains("remains"));
    }

    #[test]
    fn created_being_benchmarks_match_the_shipped_table() {
        let tome = Tome::open_in_memory().unwrap();
        let t = tome.table(T_RANK_BENCH, None).unwrap();
        assert_eq!(t.rows.len(), 3);
        assert!(t.rows[0].cells[1].contains("normal animal") && rank_benchmark(1).contains("animal"));
        assert!(t.rows[1].cells[1].contains("human") && rank_benchmark(2).contains("person"));
        assert!(t.rows[2].cells[1].contains("supernatural") && rank_benchmark(3).contains("supernatural"));
        assert_eq!(rank_benchmark(5), rank_benchmark(3));
    }

    #[test]
    fn empowering_by_rank_matches_the_shipped_table() {
        let tome = Tome::open_in_memory().unwrap();
        let t = tome.table(T_EMPOWER, None).unwrap();
        assert_eq!(t.rows.len(), 3);
        assert!(t.rows[0].cells[1].starts_with("Covert"));
        assert!(empower_note(1).contains("covert") && empower_note(2).contains("covert"));
        assert!(t.rows[1].cells[1].starts_with("Vulgar"));
        assert!(empower_note(3).contains("vulgar"));
        assert!(t.rows[2].cells[1].starts_with("Shaping"));
        assert!(empower_note(4).contains("Shaping"));
    }

    // ----- initiative -----

    #[test]
    fn boosted_initiative_raises_low_dice() {
        // Modifier 5, die 1: vulgar boost counts the die as 6.
        assert_eq!(boosted_initiative(5, 1, Some(Aspect::Vulgar)).unwrap().initiative, 11);
        assert_eq!(boosted_initiative(5, 1, Some(Aspect::Covert)).unwrap().initiative, 9);
        assert_eq!(boosted_initiative(5, 1, Some(Aspect::Sensory)).unwrap().initiative, 7);
        assert_eq!(boosted_initiative(5, 1, None).unwrap().initiative, 6);
        // A higher roll stands.
        assert_eq!(boosted_initiative(5, 9, Some(Aspect::Vulgar)).unwrap().initiative, 14);
        // Shaping instead: modifier plus twice the Shaped Potency.
        assert_eq!(shaped_initiative(5, 4).unwrap().initiative, 13);
        assert!(err_text(boosted_initiative(5, 11, None)).contains("1 to 10"));
    }

    #[test]
    fn boosted_initiative_is_never_below_the_floor_nor_the_roll() {
        for a in Aspect::ALL {
            for die in 1..=10 {
                let i = boosted_initiative(0, die, Some(a)).unwrap();
                assert!(i.die_counted >= a.initiative_die_minimum());
                assert!(i.die_counted >= die);
            }
        }
    }

    // ----- worked examples from Combat Magic -----

    /// Boosting Attacks: a vulgar boost with a single rolled success makes 3 damage, of
    /// which the last 2 are automatic (the text drops the "three"; the guarantee gives it).
    #[test]
    fn example_vulgar_boost_one_success_rolled() {
        let a = boosted_attack(Aspect::Vulgar, 1, 0).unwrap();
        assert_eq!(a.successes, 3);
        assert_eq!(a.automatic, 2);
        // The shipped rule's aside: a covert boost with one success is 2, 1 automatic.
        let a = boosted_attack(Aspect::Covert, 1, 0).unwrap();
        assert_eq!((a.successes, a.automatic), (2, 1));
    }

    /// Damage Factors: a vulgar boost granting aggravated damage with 5 successes is 3
    /// aggravated and 2 ordinary; if a power cancels 1 of the sure successes, 2 aggravated
    /// and 2 ordinary.
    #[test]
    fn example_damage_factors_aggravated_vulgar_boost() {
        let a = boosted_attack(Aspect::Vulgar, 5, 0).unwrap();
        assert_eq!((a.successes, a.factor_successes, a.other_successes, a.automatic), (5, 3, 2, 0));
        let a = boosted_attack(Aspect::Vulgar, 5, 1).unwrap();
        assert_eq!((a.successes, a.factor_successes, a.other_successes), (4, 2, 2));
        // The covert boost's first 2 carry the factor.
        assert_eq!(boosted_attack(Aspect::Covert, 5, 0).unwrap().factor_successes, 2);
    }

    /// Shaping Attacks: a Shaped vulgar fireball of total Potency 5 meets a covertly
    /// boosted Defense + Wits roll of 5 successes: 3 automatic damage, the covert defense
    /// can soak only 2 of it, so 1 lethal gets through.
    #[test]
    fn example_vulgar_fireball_against_covert_reflexes() {
        let a = shaping_attack(Aspect::Vulgar, 5, 5, Aspect::Covert.default_potency()).unwrap();
        assert_eq!(a.net_successes, 0);
        assert_eq!(a.automatic, 3);
        assert_eq!(a.automatic_cancelled, 2);
        assert_eq!(a.damage, 1);
    }

    /// Shaping Attacks: an unprotected target takes at least 2 from a covert attack spell
    /// and 3 from a vulgar one.
    #[test]
    fn shaping_attack_minimums_on_unprotected_targets() {
        assert_eq!(shaping_attack(Aspect::Covert, 2, 9, 0).unwrap().damage, 2);
        assert_eq!(shaping_attack(Aspect::Vulgar, 3, 9, 0).unwrap().damage, 3);
        // Net successes above the minimum count in full.
        assert_eq!(shaping_attack(Aspect::Vulgar, 8, 2, 3).unwrap().damage, 6);
        // Only the automatic part can be cancelled: Potency 3 against 1 success is 2 net
        // plus 1 automatic, and protection 3 removes just that 1.
        let s = shaping_attack(Aspect::Vulgar, 3, 1, 3).unwrap();
        assert_eq!((s.net_successes, s.automatic, s.automatic_cancelled, s.damage), (2, 1, 1, 2));
        assert!(err_text(shaping_attack(Aspect::Sensory, 3, 0, 0)).contains("covert or vulgar"));
    }

    /// Exhaustively: a Shaping attack never does less than the minimum minus what the
    /// protection may cancel, and never less than the net successes.
    #[test]
    fn shaping_attack_floors() {
        for a in [Aspect::Covert, Aspect::Vulgar] {
            let min = a.minimum_shaping_damage().unwrap();
            for p in 1..=12 {
                for d in 0..=12 {
                    for prot in 0..=4 {
                        let s = shaping_attack(a, p, d, prot).unwrap();
                        assert!(s.damage >= (p - d).max(0));
                        assert!(s.damage >= min - prot.min(d));
                        assert!(s.damage <= (p - d).max(0).max(min));
                    }
                }
            }
        }
    }

    /// Boosting Defense: a covertly boosted gunshot rolls 1 success against a covert
    /// shield (Potency 2). Unprotected it would be 2 lethal; the shield cancels the 1
    /// automatic point and downgrades the rolled one, leaving 1 bashing. Had nothing been
    /// rolled, both automatic points would be cancelled.
    #[test]
    fn example_covert_gunshot_against_covert_shield() {
        let attack = boosted_attack(Aspect::Covert, 1, 0).unwrap();
        assert_eq!((attack.successes, attack.automatic), (2, 1));
        let incoming = Incoming {
            automatic: attack.automatic,
            automatic_type: DamageType::Lethal,
            aggravated: 0,
            lethal: 1,
            bashing: 0,
        };
        let unprotected = defend(0, incoming, false, Immunity::None).unwrap();
        assert_eq!(unprotected.lethal_taken, 2);
        let d = defend(2, incoming, false, Immunity::None).unwrap();
        assert_eq!((d.automatic_cancelled, d.downgraded, d.bashing_cancelled), (1, 1, 0));
        assert_eq!((d.lethal_taken, d.bashing_taken), (0, 1));

        let attack = boosted_attack(Aspect::Covert, 0, 0).unwrap();
        assert_eq!(attack.automatic, 2);
        let incoming =
            Incoming { automatic: 2, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 0, bashing: 0 };
        let d = defend(2, incoming, false, Immunity::None).unwrap();
        assert_eq!(d.automatic_cancelled, 2);
        assert_eq!(d.lethal_taken + d.bashing_taken, 0);
    }

    #[test]
    fn defense_order_automatic_then_downgrade_then_cancel_bashing() {
        let inc = Incoming { automatic: 2, automatic_type: DamageType::Lethal, aggravated: 1, lethal: 2, bashing: 1 };
        // Potency 2: only the automatic points go.
        let d = defend(2, inc, false, Immunity::None).unwrap();
        assert_eq!((d.automatic_cancelled, d.downgraded, d.bashing_cancelled), (2, 0, 0));
        assert_eq!((d.aggravated_taken, d.lethal_taken, d.bashing_taken), (1, 2, 1));
        // Potency 4: then the aggravated point, then one lethal, downgraded.
        let d = defend(4, inc, false, Immunity::None).unwrap();
        assert_eq!((d.automatic_cancelled, d.downgraded, d.bashing_cancelled), (2, 2, 0));
        assert_eq!((d.aggravated_taken, d.lethal_taken, d.bashing_taken), (0, 1, 3));
        // Potency 7: all downgraded, then two bashing cancelled.
        let d = defend(7, inc, false, Immunity::None).unwrap();
        assert_eq!((d.downgraded, d.bashing_cancelled), (3, 2));
        assert_eq!((d.aggravated_taken, d.lethal_taken, d.bashing_taken), (0, 0, 2));
        // Potency 9: nothing left.
        let d = defend(9, inc, false, Immunity::None).unwrap();
        assert_eq!(d.aggravated_taken + d.lethal_taken + d.bashing_taken, 0);
        assert_eq!(d.potency_unused, 0);
        let d = defend(12, inc, false, Immunity::None).unwrap();
        assert_eq!(d.potency_unused, 3);
    }

    /// The Combat Magic text: most mages carry a free covert defensive rote, worth 2 points
    /// of armor. Against a plain 3-lethal blow it downgrades 2 of them.
    #[test]
    fn covert_rote_is_two_points_of_armor() {
        let inc = Incoming { automatic: 0, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 3, bashing: 0 };
        let d = defend(Aspect::Covert.default_potency(), inc, false, Immunity::None).unwrap();
        assert_eq!((d.lethal_taken, d.bashing_taken), (1, 2));
    }

    #[test]
    fn vulgar_defense_turns_mundane_damage_to_bashing() {
        // A mundane 4-lethal blow against a vulgar Potency 3 armor: 4 bashing, 3 cancelled.
        let inc = Incoming { automatic: 0, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 4, bashing: 0 };
        let d = defend(3, inc, true, Immunity::None).unwrap();
        assert_eq!((d.lethal_taken, d.bashing_taken, d.bashing_cancelled), (0, 1, 3));
        // Without the flag (a supernaturally potent attack): 3 downgraded, 1 lethal left.
        let d = defend(3, inc, false, Immunity::None).unwrap();
        assert_eq!((d.lethal_taken, d.bashing_taken), (1, 3));
    }

    #[test]
    fn damage_immunity() {
        let inc = Incoming { automatic: 0, automatic_type: DamageType::Lethal, aggravated: 0, lethal: 4, bashing: 0 };
        // Without Willpower, nothing gets through.
        let d = defend(3, inc, false, Immunity::Holds).unwrap();
        assert_eq!(d.lethal_taken + d.bashing_taken + d.aggravated_taken, 0);
        assert_eq!(d.immunity_breached, Some(false));
        // With Willpower: armor of Potency 3; one lethal wound isn't downgraded, so it breaks.
        let d = defend(3, inc, false, Immunity::Willpower).unwrap();
        assert_eq!((d.lethal_taken, d.bashing_taken), (1, 3));
        assert_eq!(d.immunity_breached, Some(true));
        // Three lethal: all downgraded, so the immunity holds even though bashing lands.
        let inc3 = Incoming { lethal: 3, ..inc };
        let d = defend(3, inc3, false, Immunity::Willpower).unwrap();
        assert_eq!((d.lethal_taken, d.bashing_taken), (0, 3));
        assert_eq!(d.immunity_breached, Some(false));
    }

    /// Exhaustively: defense never adds damage, more Potency never lets more through, and
    /// every point of Potency is either used or reported unused.
    #[test]
    fn defense_is_monotonic_in_potency() {
        for auto in 0..=3 {
            for l in 0..=3 {
                for b in 0..=2 {
                    let inc = Incoming {
                        automatic: auto,
                        automatic_type: DamageType::Lethal,
                        aggravated: 0,
                        lethal: l,
                        bashing: b,
                    };
                    let mut prev = i64::MAX;
                    let mut prev_lethal = i64::MAX;
                    for p in 0..=12 {
                        let d = defend(p, inc, false, Immunity::None).unwrap();
                        let total = d.lethal_taken + d.bashing_taken;
                        assert!(total <= auto + l + b);
                        assert!(total <= prev);
                        assert!(d.lethal_taken <= prev_lethal);
                        assert_eq!(d.automatic_cancelled + d.downgraded + d.bashing_cancelled + d.potency_unused, p);
                        prev = total;
                        prev_lethal = d.lethal_taken;
                    }
                }
            }
        }
    }

    // ----- displacement and competition (spell interaction examples) -----

    /// Covert scrying at Potency 2 against a covert anti-scrying ward of Tenacity 2: a
    /// stalemate, so the ward's status quo stands and the scrying fails.
    #[test]
    fn example_scrying_stalemates_with_ward() {
        let d = displace(2, 2).unwrap();
        assert_eq!(d.outcome, Displaced::Standing);
        assert!(d.stalemate);
    }

    /// A vulgar Prime ward of Tenacity 3 against vulgar Matter of base Potency 3: not
    /// enough until Shaped to 4, which beats the ward.
    #[test]
    fn example_shaped_matter_beats_prime_ward() {
        assert_eq!(displace(3, 3).unwrap().outcome, Displaced::Standing);
        let shaped = Aspect::Vulgar.shaped_potency(1).unwrap();
        assert_eq!(shaped, 4);
        let d = displace(shaped, 3).unwrap();
        assert_eq!(d.outcome, Displaced::New);
        assert_eq!(d.margin, 1);
    }

    /// Vulgar Mind at Potency 3 against a covert Mind shield of Tenacity 2: the vulgar
    /// spell takes effect.
    #[test]
    fn example_vulgar_terror_through_covert_shield() {
        assert_eq!(displace(3, 2).unwrap().outcome, Displaced::New);
    }

    /// Competition: a covert Mind shield and a covert attention-deflecting spell, both
    /// Potency 2, stalemate. Zombies at Potency 3 against a wall of Tenacity 3 get nowhere
    /// until Shaped to 4.
    #[test]
    fn example_competition_ties_and_zombies_against_wall() {
        let d = simultaneous(2, 2).unwrap();
        assert!(d.stalemate);
        assert_eq!(d.outcome, Displaced::Neither);
        assert_eq!(displace(3, 3).unwrap().outcome, Displaced::Standing);
        assert_eq!(displace(Aspect::Vulgar.shaped_potency(1).unwrap(), 3).unwrap().outcome, Displaced::New);
    }

    #[test]
    fn displacement_ties() {
        for p in 1..=10 {
            let d = displace(p, p).unwrap();
            assert_eq!((d.outcome, d.stalemate, d.margin), (Displaced::Standing, true, 0));
            let s = simultaneous(p, p).unwrap();
            assert_eq!((s.outcome, s.stalemate), (Displaced::Neither, true));
        }
        assert_eq!(simultaneous(2, 5).unwrap().outcome, Displaced::Second);
        assert!(err_text(displace(0, 2)).contains("1 to 40"));
    }

    #[test]
    fn sensory_spells_cannot_be_shaped() {
        assert!(err_text(Aspect::Sensory.shaped_potency(2)).contains("covert or vulgar"));
        assert_eq!(Aspect::Covert.shaped_potency(0).unwrap(), 2);
    }

    // ----- created and ephemeral beings -----

    #[test]
    fn created_being_rank_is_half_gnosis_rounded_up() {
        let ranks: Vec<i64> = (1..=10).map(|g| created_being_max_rank(g).unwrap().0).collect();
        assert_eq!(ranks, vec![1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
        assert!(err_text(created_being_max_rank(0)).contains("1 to 10"));
    }

    #[test]
    fn ephemeral_essence() {
        // Potency equal to Rank: 1 Essence; each point above: 1 more; below: nothing.
        assert_eq!(empower_ephemeral(2, 2, None).unwrap().temporary_essence, 1);
        assert_eq!(empower_ephemeral(4, 2, None).unwrap().temporary_essence, 3);
        let e = empower_ephemeral(1, 2, Some(3)).unwrap();
        assert!(!e.empowers);
        assert_eq!(e.temporary_essence, 0);
        assert_eq!(empower_ephemeral(3, 3, Some(3)).unwrap().lasts, Some(true));
        assert_eq!(empower_ephemeral(3, 3, Some(2)).unwrap().lasts, Some(false));
    }

    // ----- the registry -----

    #[test]
    fn every_linked_entry_exists() {
        let tome = Tome::open_in_memory().unwrap();
        for id in LINKED_ENTRIES {
            tome.show(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        for c in calculators() {
            if let Some(r) = c.rule {
                assert!(LINKED_ENTRIES.contains(&r), "{r}");
            }
        }
    }

    #[test]
    fn calculators_through_the_registry() {
        let tome = Tome::open_in_memory().unwrap();
        let run = |name: &str, pairs: &[(&str, &str)]| crate::systems::calculate(&tome, SYSTEM, name, args(pairs));
        let ok = |name: &str, pairs: &[(&str, &str)]| run(name, pairs).unwrap_or_else(|e| panic!("{name}: {e}"));
        let bad = |name: &str, pairs: &[(&str, &str)], needle: &str| {
            let e = run(name, pairs).expect_err(name).to_string();
            assert!(e.contains(needle), "{name}: `{e}` should mention `{needle}`");
        };

        // clash: the CLI contract.
        let o = ok(
            "clash",
            &[("gnosis", "3"), ("sword", "2"), ("unused", "2"), ("sustaining", "true"), ("distraction", "1")],
        );
        assert_eq!(field(&o, "dice_pool"), serde_json::json!(5));
        assert_eq!(field(&o, "chance_die"), serde_json::json!(false));
        let o = ok("clash", &[("gnosis", "1"), ("sword", "0"), ("distraction", "3")]);
        assert_eq!(field(&o, "dice_pool"), serde_json::json!(0));
        assert_eq!(field(&o, "chance_die"), serde_json::json!(true));
        assert!(!o.warnings.is_empty());
        bad("clash", &[("gnosis", "0"), ("sword", "2")], "1 to 10");
        bad("clash", &[("gnosis", "11"), ("sword", "2")], "1 to 10");
        bad("clash", &[("gnosis", "3"), ("sword", "6")], "0 to 5");
        bad("clash", &[("gnosis", "3"), ("sword", "2"), ("distraction", "4")], "0 to 3");
        bad("clash", &[("gnosis", "3"), ("sword", "2"), ("unused", "6")], "0 to 5");

        let o = ok(
            "clash-result",
            &[("attacker-successes", "6"), ("defender-successes", "2"), ("shield", "2"), ("gnosis", "2")],
        );
        assert_eq!(field(&o, "shield_after"), serde_json::json!(0));
        assert_eq!(field(&o, "gnosis_absorbed"), serde_json::json!(2));
        assert_eq!(field(&o, "round_lost"), serde_json::json!(false));
        let o = ok(
            "clash-result",
            &[("attacker-successes", "7"), ("defender-successes", "2"), ("shield", "2"), ("gnosis", "2")],
        );
        assert_eq!(field(&o, "round_lost"), serde_json::json!(true));
        bad(
            "clash-result",
            &[("attacker-successes", "1"), ("defender-successes", "0"), ("shield", "6"), ("gnosis", "2")],
            "0 to 5",
        );
        bad(
            "clash-result",
            &[
                ("attacker-successes", "1"),
                ("defender-successes", "0"),
                ("shield", "2"),
                ("shield-damage", "3"),
                ("gnosis", "2"),
            ],
            "0 to 2",
        );

        let o = ok("round-result", &[("result", "loser"), ("willpower", "0"), ("spent", "3")]);
        assert_eq!(field(&o, "willpower_after"), serde_json::json!(2));
        assert_eq!(field(&o, "resistant_lethal"), serde_json::json!(1));
        bad("round-result", &[("result", "draw"), ("willpower", "0"), ("spent", "3")], "winner, loser");
        bad("round-result", &[("result", "winner"), ("willpower", "11"), ("spent", "3")], "0 to 10");

        let o = ok("combat-boost", &[("aspect", "vulgar")]);
        assert_eq!(field(&o, "guaranteed_successes"), serde_json::json!(3));
        assert_eq!(field(&o, "again"), serde_json::json!(8));
        assert_eq!(field(&o, "initiative_die_minimum"), serde_json::json!(6));
        let o = ok("combat-boost", &[("aspect", "sensory")]);
        assert_eq!(field(&o, "minimum_shaping_damage"), serde_json::Value::Null);
        bad("combat-boost", &[("aspect", "loud")], "sensory, covert, vulgar");

        let o = ok("initiative", &[("modifier", "5"), ("die", "2"), ("aspect", "covert")]);
        assert_eq!(field(&o, "initiative"), serde_json::json!(9));
        let o = ok("initiative", &[("modifier", "5"), ("shaped-potency", "4")]);
        assert_eq!(field(&o, "initiative"), serde_json::json!(13));
        bad("initiative", &[("modifier", "5")], "1 to 10");
        bad("initiative", &[("modifier", "5"), ("die", "0")], "1 to 10");

        let o = ok("boosted-attack", &[("aspect", "vulgar"), ("rolled", "1")]);
        assert_eq!(field(&o, "successes"), serde_json::json!(3));
        assert_eq!(field(&o, "automatic"), serde_json::json!(2));
        bad("boosted-attack", &[("aspect", "vulgar"), ("rolled", "-1")], "0 to 50");

        let o = ok(
            "shaping-attack",
            &[("aspect", "vulgar"), ("potency", "5"), ("defense-successes", "5"), ("protection", "2")],
        );
        assert_eq!(field(&o, "damage"), serde_json::json!(1));
        bad(
            "shaping-attack",
            &[("aspect", "sensory"), ("potency", "5"), ("defense-successes", "5")],
            "covert or vulgar",
        );
        bad("shaping-attack", &[("aspect", "vulgar"), ("potency", "0"), ("defense-successes", "5")], "1 to 40");

        let o = ok("defensive-spell", &[("potency", "2"), ("automatic", "1"), ("lethal", "1")]);
        assert_eq!(field(&o, "automatic_cancelled"), serde_json::json!(1));
        assert_eq!(field(&o, "downgraded"), serde_json::json!(1));
        assert_eq!(field(&o, "bashing_cancelled"), serde_json::json!(0));
        assert_eq!(field(&o, "bashing_taken"), serde_json::json!(1));
        assert_eq!(field(&o, "lethal_taken"), serde_json::json!(0));
        let o =
            ok("defensive-spell", &[("potency", "3"), ("lethal", "4"), ("immunity", "true"), ("willpower", "true")]);
        assert_eq!(field(&o, "immunity_breached"), serde_json::json!(true));
        bad("defensive-spell", &[("potency", "41")], "0 to 40");
        bad("defensive-spell", &[("potency", "2"), ("willpower", "true")], "--immunity");
        bad("defensive-spell", &[("potency", "2"), ("automatic-type", "fire")], "bashing, lethal, aggravated");

        let o = ok("spell-displacement", &[("potency", "2"), ("tenacity", "2")]);
        assert_eq!(field(&o, "outcome"), serde_json::json!("standing spell remains"));
        assert_eq!(field(&o, "stalemate"), serde_json::json!(true));
        let o = ok("spell-displacement", &[("potency", "3"), ("other-potency", "3")]);
        assert_eq!(field(&o, "outcome"), serde_json::json!("neither spell takes effect"));
        bad("spell-displacement", &[("potency", "3")], "exactly one");
        bad("spell-displacement", &[("potency", "3"), ("tenacity", "2"), ("other-potency", "1")], "exactly one");
        bad("spell-displacement", &[("potency", "0"), ("tenacity", "2")], "1 to 40");

        let o = ok("shaped-potency", &[("aspect", "vulgar"), ("successes", "1")]);
        assert_eq!(field(&o, "potency"), serde_json::json!(4));
        bad("shaped-potency", &[("aspect", "sensory"), ("successes", "1")], "covert or vulgar");

        let o = ok("created-being-rank", &[("gnosis", "5")]);
        assert_eq!(field(&o, "max_rank"), serde_json::json!(3));
        bad("created-being-rank", &[("gnosis", "11")], "1 to 10");

        let o = ok("ephemeral-essence", &[("potency", "4"), ("rank", "2"), ("tenacity", "2")]);
        assert_eq!(field(&o, "temporary_essence"), serde_json::json!(3));
        assert_eq!(field(&o, "lasts"), serde_json::json!(true));
        bad("ephemeral-essence", &[("potency", "4"), ("rank", "0")], "1 to 10");

        // Every registered calculator was exercised above.
        let names: Vec<&str> = calculators().iter().map(|c| c.name).collect();
        assert_eq!(
            names,
            vec![
                "clash",
                "clash-result",
                "round-result",
                "combat-boost",
                "initiative",
                "boosted-attack",
                "shaping-attack",
                "defensive-spell",
                "spell-displacement",
                "shaped-potency",
                "created-being-rank",
                "ephemeral-essence"
            ]
        );
    }
}
