//! Defensive spells.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum DamageType {
    Bashing,
    Lethal,
    Aggravated,
}

pub const DAMAGE_TYPE_NAMES: &[&str] = <DamageType as strum::VariantNames>::VARIANTS;

impl DamageType {
    pub fn parse(s: &str) -> Result<DamageType> {
        s.trim().parse().map_err(|_| {
            Error::InvalidInput(format!("damage type must be one of {}, not `{s}`", DAMAGE_TYPE_NAMES.join(", ")))
        })
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Immunity {
    /// No immunity: the spell is ordinary magical armor.
    #[default]
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

/// Whether a defensive spell helps its user at all (line 197): one that works through
/// the user's own acting (perfect awareness, great speed) does nothing for someone who
/// cannot act; armour-like spells (solid Mana, a force field) protect the helpless too.
/// Whether the spell fits the kind of attack at all is the Storyteller's call.
pub fn defense_usable(needs_action: bool, helpless: bool) -> (bool, Term) {
    let (usable, value) = match (needs_action, helpless) {
        (true, true) => (false, "needs its user to act, who can't: no protection"),
        (false, true) => (true, "armour-like: protects even the helpless"),
        (true, false) => (true, "its user can act: it works"),
        (false, false) => (true, "works"),
    };
    (usable, Term::text("The defense", value, Some(R_APPLICABILITY)))
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
    if immunity == Immunity::Holds {
        return Ok(immune(potency, incoming));
    }
    let mut terms = Vec::new();
    // The terms add up to the Potency left unused: each use spends some of it.
    let mut p = potency;
    terms.push(Term::num("Defensive Potency", potency, Some(R_DEFENSE)));

    // 1. Automatic damage.
    let automatic_cancelled = p.min(incoming.automatic);
    p -= automatic_cancelled;
    if automatic_cancelled > 0 {
        terms.push(Term::num("Automatic damage cancelled", -automatic_cancelled, Some(R_DEFENSE)));
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
        terms.push(Term::note(
            "Vulgar defense against a mundane attack: turned to bashing",
            agg + lethal,
            Some(R_DEFENSE),
        ));
        agg = 0;
        lethal = 0;
    }

    // 2. Downgrades, aggravated first.
    let d_agg = spend(&mut p, &mut agg);
    let d_lethal = spend(&mut p, &mut lethal);
    if d_agg + d_lethal > 0 {
        terms.push(Term::num("Downgraded to bashing by Potency", -(d_agg + d_lethal), Some(R_DEFENSE)));
    }
    downgraded += d_agg + d_lethal;
    downgraded_bashing += d_agg + d_lethal;

    // 3. Bashing cancelled, original bashing first.
    let c_plain = spend(&mut p, &mut bashing);
    let c_down = spend(&mut p, &mut downgraded_bashing);
    let bashing_cancelled = c_plain + c_down;
    if bashing_cancelled > 0 {
        terms.push(Term::num("Bashing cancelled", -bashing_cancelled, Some(R_DEFENSE)));
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

/// Spends Potency `p` on the points of `damage` it can: what it spent, taken off both.
fn spend(p: &mut i64, damage: &mut i64) -> i64 {
    let spent = (*p).min(*damage);
    *p -= spent;
    *damage -= spent;
    spent
}

/// An immunity the attacker spent no Willpower against stops everything, the spell's
/// Potency unspent.
fn immune(potency: i64, incoming: Incoming) -> Defense {
    Defense {
        automatic_cancelled: incoming.automatic,
        downgraded: 0,
        bashing_cancelled: 0,
        potency_unused: potency,
        aggravated_taken: 0,
        lethal_taken: 0,
        bashing_taken: 0,
        immunity_breached: Some(false),
        terms: vec![Term::text("Immune, and the attacker spent no Willpower", "all damage stopped", Some(R_IMMUNITY))],
    }
}

/// A damage immunity against a Shaping attack (lines 201-203), which no defensive spell
/// downgrades: it stops everything while it holds; with the attacker's Willpower it is
/// armour, and any damage that gets through breaches it. The damage taken, whether the
/// attack breached it (`None` without Willpower), and the term saying so.
pub fn immunity_against_shaping(damage: i64, immunity: Immunity) -> (i64, Option<bool>, Option<Term>) {
    match immunity {
        Immunity::None => (damage, None, None),
        // A number, so the terms still add up to the damage taken (0).
        Immunity::Holds => (
            0,
            Some(false),
            Some(Term::num(
                "Immune, and the attacker spent no Willpower: all damage stopped",
                -damage,
                Some(R_IMMUNITY),
            )),
        ),
        Immunity::Willpower => (
            damage,
            Some(damage > 0),
            Some(Term::text(
                "Immunity treated as armor (attacker spent Willpower)",
                if damage > 0 { "breached by a wound that wasn't downgraded" } else { "holds" },
                Some(R_IMMUNITY),
            )),
        ),
    }
}

/// What a supernaturally durable creature takes of a weapon's damage (line 162): lethal
/// from an attack boosted short of vulgar is only bashing; a vulgar boost deals lethal.
/// The type taken, and the term when durability changed it.
pub fn durable_type(aspect: Aspect, weapon: DamageType, durable: bool) -> (DamageType, Option<Term>) {
    if !durable || weapon != DamageType::Lethal {
        return (weapon, None);
    }
    if aspect == Aspect::Vulgar {
        let t = Term::text("Supernaturally durable, but the boost is vulgar", "lethal", Some(R_DURABILITY));
        return (weapon, Some(t));
    }
    let t =
        Term::text(format!("Supernaturally durable against a {} boost", aspect.name()), "bashing", Some(R_DURABILITY));
    (DamageType::Bashing, Some(t))
}

/// The automatic damage a Shaping attack's target can cancel (line 199): its armour and
/// its defensive spell's base Potency (Interpretation: the two add), or, with no
/// defensive spell, the sensory boost (Potency 1) Mage Sight gives a conscious, mobile
/// mage (Interpretation: boosts do not add, so it counts only where no defensive spell
/// does). The total, held to the 20 the calculator takes, and the terms.
pub fn shaping_protection(armor: i64, spell_base: i64, mage_sight: bool) -> (i64, Vec<Term>) {
    let mut terms = Vec::new();
    if armor > 0 {
        terms.push(Term::num("Armour", armor, Some(R_SHAPING_ATTACKS)));
    }
    let boost = if spell_base > 0 {
        terms.push(Term::num("Defensive spell's base Potency", spell_base, Some(R_DEFENSE)));
        spell_base
    } else if mage_sight {
        terms.push(Term::num(
            "Mage Sight: a conscious, mobile mage's sensory boost against Shaping (Interpretation: only where no defensive spell counts)",
            1,
            Some(R_MAGE_SIGHT),
        ));
        1
    } else {
        0
    };
    ((armor + boost).min(20), terms)
}
