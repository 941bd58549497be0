//! A boosted attack landing on one target: its successes as wounds of each type, the
//! damage factor on the guaranteed ones only, then the target's armour and defensive
//! spell against the automatic points.

use super::*;

/// What the target has against a boosted attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Protection {
    /// Mundane armour's rating: it subtracts automatic points only.
    pub armor: i64,
    /// The Potency of a defensive spell that applies to this attack (0 for none).
    pub spell_potency: i64,
    /// The target is supernaturally durable (line 162): lethal from an attack boosted
    /// short of vulgar is bashing.
    pub durable: bool,
    /// A damage immunity the defensive spell grants, as it stands against this attack
    /// (lines 201-203).
    pub immunity: Immunity,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BoostedHit {
    pub attack: BoostedAttack,
    /// Automatic points mundane armour took away.
    pub armor_cancelled: i64,
    /// What the defensive spell did, when there was one.
    pub defense: Option<Defense>,
    pub aggravated: i64,
    pub lethal: i64,
    pub bashing: i64,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

impl BoostedHit {
    pub fn total(&self) -> i64 {
        self.aggravated + self.lethal + self.bashing
    }
}

pub const ARMOR: (i64, i64) = (0, 20);

/// Interpretation shown wherever armour and a defensive spell meet one attack.
pub const ARMOR_FIRST: &str =
    "Interpretation: mundane armour takes automatic points before the defensive spell, so the spell's Potency goes further";

/// One boosted attack on one target. `weapon` is what the attack deals by nature
/// (bashing or lethal); `factor`, a damage type a spell factor grants (aggravated),
/// which only the guaranteed successes carry. Armour and a defensive spell act on the
/// points in excess of the roll (the automatic ones) as Boosting Defense says; the rest
/// of the spell's Potency downgrades and cancels as [`defend`] does.
pub fn boosted_hit(
    aspect: Aspect,
    rolled: i64,
    cancelled: i64,
    weapon: DamageType,
    factor: Option<DamageType>,
    protection: Protection,
) -> Result<BoostedHit> {
    check("armor", protection.armor, ARMOR)?;
    check("defense-potency", protection.spell_potency, (0, POTENCY.1))?;
    if weapon == DamageType::Aggravated {
        return Err(Error::InvalidInput(
            "type must be bashing or lethal: a weapon, magical or not, deals one of those; aggravated wounds come from a damage factor (give --factor aggravated)".into(),
        ));
    }
    let attack = boosted_attack(aspect, rolled, cancelled)?;
    let mut terms = attack.terms.clone();
    let mut warnings = attack.warnings.clone();
    let (weapon, durability) = durable_type(aspect, weapon, protection.durable);
    terms.extend(durability);
    let total = attack.successes;
    let automatic = attack.automatic_left;
    // The automatic points are the last of the guaranteed ones, so they carry the factor
    // whenever the factor reaches past the rolled successes.
    let factor_points = if factor.is_some() { attack.factor_successes.min(total) } else { 0 };
    let automatic_factor = (factor_points - (total - automatic)).clamp(0, automatic);
    let rolled_factor = factor_points - automatic_factor;
    let rolled_weapon = total - automatic - rolled_factor;
    let factor_type = factor.unwrap_or(weapon);
    if factor == Some(weapon) {
        warnings
            .push(format!("the damage factor ({}) is the weapon's own type: it changes nothing", weapon_word(weapon)));
    }
    if factor.is_some() && aspect == Aspect::Sensory {
        warnings.push("a sensory boost carries no damage factor: every success deals the weapon's damage".into());
    }
    if factor.is_some() {
        terms.push(Term::text(
            format!("First {factor_points} success(es)"),
            format!("{} (the damage factor)", weapon_word(factor_type)),
            Some(R_DAMAGE_FACTORS),
        ));
        terms.push(Term::text(
            format!("The other {}", total - factor_points),
            format!("{} (the weapon's)", weapon_word(weapon)),
            Some(R_DAMAGE_FACTORS),
        ));
    }

    let armor_cancelled = protection.armor.min(automatic);
    // The terms add up to the attack's successes; what armour and a defensive spell do
    // with them is said as notes.
    if protection.armor > 0 {
        terms.push(Term::note(
            format!("Armour {} removes automatic points only: points removed", protection.armor),
            armor_cancelled,
            Some(R_ATTACKS),
        ));
    }
    let mut incoming = Incoming {
        automatic: automatic - armor_cancelled,
        automatic_type: if automatic_factor > 0 { factor_type } else { weapon },
        aggravated: 0,
        lethal: 0,
        bashing: 0,
    };
    for (n, kind) in [(rolled_factor, factor_type), (rolled_weapon, weapon)] {
        match kind {
            DamageType::Aggravated => incoming.aggravated += n,
            DamageType::Lethal => incoming.lethal += n,
            DamageType::Bashing => incoming.bashing += n,
        }
    }
    let (defense, aggravated, lethal, bashing) =
        if protection.spell_potency > 0 || protection.immunity != Immunity::None {
            if protection.armor > 0 && automatic > 0 {
                warnings.push(ARMOR_FIRST.into());
            }
            let d = defend(protection.spell_potency, incoming, false, protection.immunity)?;
            terms.extend(d.terms.iter().cloned().map(Term::as_note));
            let taken = (d.aggravated_taken, d.lethal_taken, d.bashing_taken);
            (Some(d), taken.0, taken.1, taken.2)
        } else {
            let mut wounds = (incoming.aggravated, incoming.lethal, incoming.bashing);
            match incoming.automatic_type {
                DamageType::Aggravated => wounds.0 += incoming.automatic,
                DamageType::Lethal => wounds.1 += incoming.automatic,
                DamageType::Bashing => wounds.2 += incoming.automatic,
            }
            (None, wounds.0, wounds.1, wounds.2)
        };
    for (label, n) in [("Aggravated wounds", aggravated), ("Lethal wounds", lethal), ("Bashing wounds", bashing)] {
        if n > 0 {
            terms.push(Term::note(label, n, Some(R_DEFENSE)));
        }
    }
    Ok(BoostedHit { attack, armor_cancelled, defense, aggravated, lethal, bashing, terms, warnings })
}

fn weapon_word(t: DamageType) -> &'static str {
    match t {
        DamageType::Aggravated => "aggravated",
        DamageType::Lethal => "lethal",
        DamageType::Bashing => "bashing",
    }
}
