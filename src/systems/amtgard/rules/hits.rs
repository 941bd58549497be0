//! A hit with a Special Effect.

use super::*;

/// How every term that assumes the armour cost of an ordinary hit says so.
pub const ORDINARY_HIT: &str =
    "interpretation: 1 armour point a hit, as in the document's Ancestral Armor example; weapons that do more are not covered";

/// The Special Effect carried by a hit (or none: an ordinary hit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "kebab-case")]
pub enum Effect {
    None,
    ArmorBreaking,
    ArmorDestroying,
    ShieldCrushing,
    ShieldDestroying,
    WeaponDestroying,
    WoundsKill,
}

impl Effect {
    pub const ALL: [Effect; 7] = [
        Effect::None,
        Effect::ArmorBreaking,
        Effect::ArmorDestroying,
        Effect::ShieldCrushing,
        Effect::ShieldDestroying,
        Effect::WeaponDestroying,
        Effect::WoundsKill,
    ];

    /// The kebab-case word the calculator takes.
    pub fn slug(self) -> &'static str {
        self.into()
    }

    pub fn name(self) -> &'static str {
        match self {
            Effect::None => "ordinary hit",
            Effect::ArmorBreaking => "Armor Breaking",
            Effect::ArmorDestroying => "Armor Destroying",
            Effect::ShieldCrushing => "Shield Crushing",
            Effect::ShieldDestroying => "Shield Destroying",
            Effect::WeaponDestroying => "Weapon Destroying",
            Effect::WoundsKill => "Wounds Kill",
        }
    }

    /// The effect's entry, or the Special Effects rule for an ordinary hit.
    pub fn rule(self) -> &'static str {
        match self {
            Effect::None => R_SPECIAL_EFFECTS,
            Effect::ArmorBreaking => SE_ARMOR_BREAKING,
            Effect::ArmorDestroying => SE_ARMOR_DESTROYING,
            Effect::ShieldCrushing => SE_SHIELD_CRUSHING,
            Effect::ShieldDestroying => SE_SHIELD_DESTROYING,
            Effect::WeaponDestroying => SE_WEAPON_DESTROYING,
            Effect::WoundsKill => SE_WOUNDS_KILL,
        }
    }

    /// # Errors
    /// [`Error::InvalidInput`] listing the accepted words.
    pub fn parse(raw: &str) -> Result<Effect> {
        let want = raw.trim().to_ascii_lowercase().replace([' ', '_'], "-").replace("armour", "armor");
        want.parse().map_err(|_| {
            let all = <Effect as strum::VariantNames>::VARIANTS;
            invalid(format!("--effect must be one of {}, not `{raw}`", all.join(", ")))
        })
    }
}

/// What the hit landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Struck {
    /// A hit location of the player (armoured or not).
    Location,
    /// A shield the player carries.
    Shield,
    /// A weapon the player carries.
    Weapon,
}

impl Struck {
    pub fn parse(raw: &str) -> Result<Struck> {
        raw.trim()
            .parse()
            .map_err(|_| invalid(format!("--struck must be one of location, shield, weapon, not `{raw}`")))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum ShieldState {
    Intact,
    /// Took at least one Shield Crushing hit; may be repaired.
    Damaged,
    Destroyed,
}

impl ShieldState {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// The situation a hit lands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub effect: Effect,
    pub struck: Struck,
    /// Armour points at the location (Magic Armor counts the same).
    pub armor: i64,
    /// Shield Crushing hits the shield has already taken.
    pub shield_hits: i64,
    /// The player is Fragile (dies on the next wound).
    pub fragile: bool,
    /// The player is Immune to the Death School (Wounds Kill is a Death effect).
    pub immune_to_death: bool,
    /// The player is Resistant to Wounds: the next wound is not received.
    pub resistant: bool,
    /// The player is Frozen, Insubstantial or Invulnerable: combat does not touch them
    /// or what they carry (and wear).
    pub protected: Option<TargetState>,
    /// The School of the ability or Magic Ball that struck, if it has one (a weapon has
    /// none; Wounds Kill is Death School whatever carries it).
    pub source: Option<School>,
    /// The player is Immune to `source`: the hit does not affect them, though it still
    /// affects their armour, shield and weapon (Immunities do not reach equipment).
    pub immune_to_source: bool,
}

/// The States under which a hit does nothing at all.
pub const HIT_PROOF: [TargetState; 3] = [TargetState::Frozen, TargetState::Insubstantial, TargetState::Invulnerable];

impl Hit {
    pub fn new(effect: Effect, armor: i64) -> Hit {
        Hit {
            effect,
            struck: Struck::Location,
            armor,
            shield_hits: 0,
            fragile: false,
            immune_to_death: false,
            resistant: false,
            protected: None,
            source: None,
            immune_to_source: false,
        }
    }

    pub fn on_shield(effect: Effect, shield_hits: i64) -> Hit {
        Hit { struck: Struck::Shield, shield_hits, ..Hit::new(effect, 0) }
    }

    pub fn on_weapon(effect: Effect) -> Hit {
        Hit { struck: Struck::Weapon, ..Hit::new(effect, 0) }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct HitResult {
    pub armor_after: i64,
    pub shield: ShieldState,
    pub shield_hits_after: i64,
    pub weapon_destroyed: bool,
    pub wounded: bool,
    pub killed: bool,
    /// A wound was stopped by Resistant to Wounds (which is used up).
    pub resisted: bool,
    /// Frozen, Insubstantial or Invulnerable: the hit changed nothing.
    pub unaffected: bool,
    pub terms: Vec<Term>,
}

fn protection_rule(state: TargetState) -> &'static str {
    match state {
        TargetState::Frozen => C_FROZEN,
        TargetState::Insubstantial => C_INSUBSTANTIAL,
        _ => C_INVULNERABLE,
    }
}

/// What one hit does. On a location: armour above 0 absorbs the hit (an ordinary hit
/// costs [`NORMAL_HIT_ARMOR_LOSS`] point; Armor Breaking empties a location at 3 or
/// fewer points and is otherwise ordinary; Armor Destroying empties it); with no
/// armour left the player is wounded, and killed by Wounds Kill (unless Immune to
/// Death) or when Fragile. On a shield: each Shield Crushing hit damages it and the
/// third destroys it; Shield Destroying destroys it at once. On a weapon: Weapon
/// Destroying destroys it. Effects meant for something else act as an ordinary hit.
/// A Frozen, Insubstantial or Invulnerable player (and their gear) is not affected at
/// all; Resistant to Wounds stops the wound (and with it Wounds Kill and Fragile),
/// after an Immunity has had its turn. A player Immune to the School the hit comes
/// from is not affected by it, though their armour, shield and weapon are (Immunities
/// do not reach equipment).
///
/// Interpretation: an ordinary hit on armour costs [`NORMAL_HIT_ARMOR_LOSS`] point; the
/// document only shows it in its Ancestral Armor example and leaves heavier weapons to
/// the rest of the rulebook. Every term that uses it says so.
///
/// # Errors
/// [`Error::InvalidInput`] for armour outside 0 to [`MAX_ARMOR`] or prior Shield
/// Crushing hits outside 0 to 2 (a third destroys the shield).
pub fn hit(h: Hit) -> Result<HitResult> {
    check("armor", h.armor, (0, MAX_ARMOR))?;
    if !(0..SHIELD_CRUSHING_HITS).contains(&h.shield_hits) {
        return Err(invalid(format!(
            "shield hits must be from 0 to {}, not {} (the {SHIELD_CRUSHING_HITS}rd Shield Crushing hit already destroys the shield)",
            SHIELD_CRUSHING_HITS - 1,
            h.shield_hits
        )));
    }
    let rule = Some(h.effect.rule());
    let mut terms = Vec::new();
    let mut armor_after = h.armor;
    let mut shield_hits_after = h.shield_hits;
    let mut shield_destroyed = false;
    let mut weapon_destroyed = false;
    let mut wounded = false;
    let mut killed = false;
    let mut resisted = false;

    if let Some(state) = h.protected {
        if !HIT_PROOF.contains(&state) {
            return Err(invalid(format!(
                "only Frozen, Insubstantial or Invulnerable keep a hit off a player, not {}",
                state.name()
            )));
        }
        terms.push(Term::text(
            format!("The player is {}: combat does not affect them or their equipment", state.name()),
            "no effect",
            Some(protection_rule(state)),
        ));
        return Ok(HitResult {
            armor_after: h.armor,
            shield: if h.shield_hits > 0 { ShieldState::Damaged } else { ShieldState::Intact },
            shield_hits_after: h.shield_hits,
            weapon_destroyed: false,
            wounded: false,
            killed: false,
            resisted: false,
            unaffected: true,
            terms,
        });
    }

    let immune_school = h.source.filter(|_| h.immune_to_source);
    match h.struck {
        Struck::Location if h.armor > 0 => {
            terms.push(Term::num("Armor at the location", h.armor, None));
            if let Some(school) = immune_school {
                terms.push(Term::text(
                    format!("Immune to {}: covers the player, not the armour they wear", school.name()),
                    "armour still hit",
                    Some(C_IMMUNE),
                ));
            }
            match h.effect {
                Effect::ArmorBreaking if h.armor <= ARMOR_BREAKING_THRESHOLD => {
                    armor_after = 0;
                    terms.push(Term::num(
                        format!("Armor Breaking on {ARMOR_BREAKING_THRESHOLD} points or fewer: all removed"),
                        -h.armor,
                        rule,
                    ));
                }
                Effect::ArmorBreaking => {
                    armor_after = h.armor - NORMAL_HIT_ARMOR_LOSS;
                    terms.push(Term::num(
                        format!("Armor Breaking on more than {ARMOR_BREAKING_THRESHOLD} points: an ordinary hit ({ORDINARY_HIT})"),
                        -NORMAL_HIT_ARMOR_LOSS,
                        rule,
                    ));
                }
                Effect::ArmorDestroying => {
                    armor_after = 0;
                    terms.push(Term::num("Armor Destroying: the location drops to 0", -h.armor, rule));
                }
                other => {
                    let label = match other {
                        Effect::None => format!("Ordinary hit on armor ({ORDINARY_HIT})"),
                        Effect::WoundsKill => {
                            format!("Wounds Kill does not affect armor: an ordinary hit ({ORDINARY_HIT})")
                        }
                        e => format!("{} has no effect on a hit location: an ordinary hit ({ORDINARY_HIT})", e.name()),
                    };
                    armor_after = (h.armor - NORMAL_HIT_ARMOR_LOSS).max(0);
                    terms.push(Term::num(label, -NORMAL_HIT_ARMOR_LOSS, rule));
                }
            }
            terms.push(Term::text("Armor took the hit", "no wound", rule));
        }
        Struck::Location => {
            let label = match h.effect {
                Effect::None | Effect::WoundsKill => {
                    "No armor at the location: the player would be wounded".to_string()
                }
                e => format!("No armor at the location: {} changes nothing and the player would be wounded", e.name()),
            };
            terms.push(Term::text(label, "a wound", rule));
            if let Some(school) = immune_school {
                // Immunities go before Resistances: a Resistance is not spent on it.
                terms.push(Term::text(
                    format!("The hit is {} School; the player is Immune to it", school.name()),
                    "not affected",
                    Some(C_IMMUNE),
                ));
                return Ok(HitResult {
                    armor_after,
                    shield: if h.shield_hits > 0 { ShieldState::Damaged } else { ShieldState::Intact },
                    shield_hits_after,
                    weapon_destroyed: false,
                    wounded: false,
                    killed: false,
                    resisted: false,
                    unaffected: true,
                    terms,
                });
            }
            let immune = h.effect == Effect::WoundsKill && h.immune_to_death;
            if immune {
                // Immunities go before Resistances, so this comes first.
                terms.push(Term::text(
                    "Wounds Kill is Death School; the player is Immune to Death",
                    "not killed",
                    Some(C_IMMUNE),
                ));
            }
            if h.resistant {
                resisted = true;
                terms.push(Term::text(
                    "Resistant to Wounds: the wound is not received (call \"resistant\"; the Resistance is used up)",
                    "no wound",
                    Some(R_RESISTANT),
                ));
            } else {
                wounded = true;
                terms.push(Term::text("The player is wounded", "wounded", rule));
                if h.effect == Effect::WoundsKill && !immune {
                    killed = true;
                    terms.push(Term::text("Wounds Kill: a wound from it kills", "killed", rule));
                }
                if h.fragile && !killed {
                    killed = true;
                    terms.push(Term::text("Fragile: the next wound kills", "killed", Some(C_FRAGILE)));
                }
            }
        }
        Struck::Shield => {
            if h.shield_hits > 0 {
                terms.push(Term::num("Earlier Shield Crushing hits", h.shield_hits, Some(SE_SHIELD_CRUSHING)));
            }
            match h.effect {
                Effect::ShieldCrushing => {
                    shield_hits_after = h.shield_hits + 1;
                    shield_destroyed = shield_hits_after >= SHIELD_CRUSHING_HITS;
                    let label = if shield_destroyed {
                        format!("Shield Crushing hit {shield_hits_after} of {SHIELD_CRUSHING_HITS}: the shield is destroyed")
                    } else {
                        format!("Shield Crushing hit {shield_hits_after} of {SHIELD_CRUSHING_HITS}: damaged, can be repaired")
                    };
                    terms.push(Term::num(label, 1, rule));
                }
                Effect::ShieldDestroying => {
                    shield_destroyed = true;
                    terms.push(Term::text("Shield Destroying: one hit destroys the shield", "destroyed", rule));
                }
                e => {
                    let label = match e {
                        Effect::None => "Ordinary hit on a shield".to_string(),
                        e => format!("{} does not affect shields", e.name()),
                    };
                    terms.push(Term::text(label, "no change", rule));
                }
            }
        }
        Struck::Weapon => {
            if h.effect == Effect::WeaponDestroying {
                weapon_destroyed = true;
                terms.push(Term::text("Weapon Destroying: the weapon struck is destroyed", "destroyed", rule));
            } else {
                let label = match h.effect {
                    Effect::None => "Ordinary hit on a weapon".to_string(),
                    e => format!("{} does not affect weapons", e.name()),
                };
                terms.push(Term::text(label, "no change", rule));
            }
        }
    }

    let shield = if shield_destroyed {
        ShieldState::Destroyed
    } else if shield_hits_after > 0 {
        ShieldState::Damaged
    } else {
        ShieldState::Intact
    };
    Ok(HitResult {
        armor_after,
        shield,
        shield_hits_after,
        weapon_destroyed,
        wounded,
        killed,
        resisted,
        unaffected: false,
        terms,
    })
}
