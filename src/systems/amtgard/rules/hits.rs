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
    /// The player is Resistant to `source`: this one hit does not affect them, as an
    /// Immunity would leave them, and the Resistance is spent (an Immunity goes first).
    pub resistant_to_source: bool,
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
            resistant_to_source: false,
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
    /// The hit was kept off the player by a Resistance to its School (which is used up).
    pub resisted_source: bool,
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
/// do not reach equipment); one Resistant to that School is not affected by this one
/// hit, as an Immunity would leave them, and the Resistance is spent (line 128).
///
/// Interpretation: an ordinary hit on armour costs [`NORMAL_HIT_ARMOR_LOSS`] point; the
/// document only shows it in its Ancestral Armor example and leaves heavier weapons to
/// the rest of the rulebook. Every term that uses it says so. A Resistance to the
/// School, like an Immunity, covers the player and not the armour, so a hit the
/// armour takes spends none; and it goes before a Resistance to Wounds, since it keeps
/// the whole hit off.
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
    let mut r = HitResult {
        armor_after: h.armor,
        shield: ShieldState::Intact,
        shield_hits_after: h.shield_hits,
        weapon_destroyed: false,
        wounded: false,
        killed: false,
        resisted: false,
        resisted_source: false,
        unaffected: false,
        terms: Vec::new(),
    };
    if let Some(state) = h.protected {
        untouched(&h, state, &mut r)?;
    } else {
        match h.struck {
            Struck::Location if h.armor > 0 => on_armor(&h, &mut r),
            Struck::Location => unarmored(&h, &mut r),
            Struck::Shield => on_shield(&h, &mut r),
            Struck::Weapon => on_weapon(&h, &mut r),
        }
    }
    r.shield = if r.shield == ShieldState::Destroyed {
        ShieldState::Destroyed
    } else if r.shield_hits_after > 0 {
        ShieldState::Damaged
    } else {
        ShieldState::Intact
    };
    Ok(r)
}

/// A Frozen, Insubstantial or Invulnerable player: nothing changes.
fn untouched(h: &Hit, state: TargetState, r: &mut HitResult) -> Result<()> {
    if !HIT_PROOF.contains(&state) {
        return Err(invalid(format!(
            "only Frozen, Insubstantial or Invulnerable keep a hit off a player, not {}",
            state.name()
        )));
    }
    r.terms.push(Term::text(
        format!("The player is {}: combat does not affect them or their equipment", state.name()),
        "no effect",
        Some(protection_rule(state)),
    ));
    r.shield_hits_after = h.shield_hits;
    r.unaffected = true;
    Ok(())
}

/// The School the player is Immune (first) or Resistant to, and which.
fn guarded_school(h: &Hit) -> Option<(School, bool)> {
    let school = h.source?;
    if h.immune_to_source {
        Some((school, true))
    } else if h.resistant_to_source {
        Some((school, false))
    } else {
        None
    }
}

/// A hit on armour: the armour takes it, whatever the player's Immunities and
/// Resistances (they cover the player, not what they wear).
fn on_armor(h: &Hit, r: &mut HitResult) {
    let rule = Some(h.effect.rule());
    r.terms.push(Term::num("Armor at the location", h.armor, None));
    if let Some((school, immune)) = guarded_school(h) {
        let (what, why) = if immune { ("Immune", C_IMMUNE) } else { ("Resistant", R_RESISTANT) };
        r.terms.push(Term::text(
            format!("{what} to {}: covers the player, not the armour they wear", school.name()),
            if immune { "armour still hit" } else { "armour still hit; the Resistance is not spent" },
            Some(why),
        ));
    }
    let (after, term) = match h.effect {
        Effect::ArmorBreaking if h.armor <= ARMOR_BREAKING_THRESHOLD => (
            0,
            Term::num(
                format!("Armor Breaking on {ARMOR_BREAKING_THRESHOLD} points or fewer: all removed"),
                -h.armor,
                rule,
            ),
        ),
        Effect::ArmorBreaking => (
            h.armor - NORMAL_HIT_ARMOR_LOSS,
            Term::num(
                format!(
                    "Armor Breaking on more than {ARMOR_BREAKING_THRESHOLD} points: an ordinary hit ({ORDINARY_HIT})"
                ),
                -NORMAL_HIT_ARMOR_LOSS,
                rule,
            ),
        ),
        Effect::ArmorDestroying => (0, Term::num("Armor Destroying: the location drops to 0", -h.armor, rule)),
        other => {
            let label = match other {
                Effect::None => format!("Ordinary hit on armor ({ORDINARY_HIT})"),
                Effect::WoundsKill => format!("Wounds Kill does not affect armor: an ordinary hit ({ORDINARY_HIT})"),
                e => format!("{} has no effect on a hit location: an ordinary hit ({ORDINARY_HIT})", e.name()),
            };
            ((h.armor - NORMAL_HIT_ARMOR_LOSS).max(0), Term::num(label, -NORMAL_HIT_ARMOR_LOSS, rule))
        }
    };
    r.armor_after = after;
    r.terms.push(term);
    r.terms.push(Term::text("Armor took the hit", "no wound", rule));
}

/// A hit on a location with no armour left: an Immunity to its School, then a
/// Resistance to it, keep it off; else a Resistance to Wounds stops the wound; else the
/// player is wounded, and killed by Wounds Kill or when Fragile.
fn unarmored(h: &Hit, r: &mut HitResult) {
    let rule = Some(h.effect.rule());
    let label = match h.effect {
        Effect::None | Effect::WoundsKill => "No armor at the location: the player would be wounded".to_string(),
        e => format!("No armor at the location: {} changes nothing and the player would be wounded", e.name()),
    };
    r.terms.push(Term::text(label, "a wound", rule));
    if let Some((school, immune)) = guarded_school(h) {
        // Immunities go before Resistances: a Resistance is not spent on it.
        r.terms.push(if immune {
            Term::text(
                format!("The hit is {} School; the player is Immune to it", school.name()),
                "not affected",
                Some(C_IMMUNE),
            )
        } else {
            Term::text(
                format!(
                    "The hit is {} School; the player is Resistant to it (call \"resistant\"; the Resistance is used up)",
                    school.name()
                ),
                "not affected",
                Some(R_RESISTANT),
            )
        });
        r.resisted_source = !immune;
        r.unaffected = true;
        return;
    }
    let immune = h.effect == Effect::WoundsKill && h.immune_to_death;
    if immune {
        // Immunities go before Resistances, so this comes first.
        r.terms.push(Term::text(
            "Wounds Kill is Death School; the player is Immune to Death",
            "not killed",
            Some(C_IMMUNE),
        ));
    }
    if h.resistant {
        r.resisted = true;
        r.terms.push(Term::text(
            "Resistant to Wounds: the wound is not received (call \"resistant\"; the Resistance is used up)",
            "no wound",
            Some(R_RESISTANT),
        ));
        return;
    }
    r.wounded = true;
    r.terms.push(Term::text("The player is wounded", "wounded", rule));
    if h.effect == Effect::WoundsKill && !immune {
        r.killed = true;
        r.terms.push(Term::text("Wounds Kill: a wound from it kills", "killed", rule));
    }
    if h.fragile && !r.killed {
        r.killed = true;
        r.terms.push(Term::text("Fragile: the next wound kills", "killed", Some(C_FRAGILE)));
    }
}

/// A hit on the shield: Shield Crushing counts to three, Shield Destroying destroys it.
fn on_shield(h: &Hit, r: &mut HitResult) {
    let rule = Some(h.effect.rule());
    if h.shield_hits > 0 {
        r.terms.push(Term::num("Earlier Shield Crushing hits", h.shield_hits, Some(SE_SHIELD_CRUSHING)));
    }
    match h.effect {
        Effect::ShieldCrushing => {
            r.shield_hits_after = h.shield_hits + 1;
            let destroyed = r.shield_hits_after >= SHIELD_CRUSHING_HITS;
            let label = if destroyed {
                format!(
                    "Shield Crushing hit {} of {SHIELD_CRUSHING_HITS}: the shield is destroyed",
                    r.shield_hits_after
                )
            } else {
                format!(
                    "Shield Crushing hit {} of {SHIELD_CRUSHING_HITS}: damaged, can be repaired",
                    r.shield_hits_after
                )
            };
            if destroyed {
                r.shield = ShieldState::Destroyed;
            }
            r.terms.push(Term::num(label, 1, rule));
        }
        Effect::ShieldDestroying => {
            r.shield = ShieldState::Destroyed;
            r.terms.push(Term::text("Shield Destroying: one hit destroys the shield", "destroyed", rule));
        }
        e => {
            let label = match e {
                Effect::None => "Ordinary hit on a shield".to_string(),
                e => format!("{} does not affect shields", e.name()),
            };
            r.terms.push(Term::text(label, "no change", rule));
        }
    }
}

/// A hit on a weapon: only Weapon Destroying changes it.
fn on_weapon(h: &Hit, r: &mut HitResult) {
    let rule = Some(h.effect.rule());
    if h.effect == Effect::WeaponDestroying {
        r.weapon_destroyed = true;
        r.terms.push(Term::text("Weapon Destroying: the weapon struck is destroyed", "destroyed", rule));
    } else {
        let label = match h.effect {
            Effect::None => "Ordinary hit on a weapon".to_string(),
            e => format!("{} does not affect weapons", e.name()),
        };
        r.terms.push(Term::text(label, "no change", rule));
    }
}
