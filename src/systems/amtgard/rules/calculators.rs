//! Calculators.

use super::*;

pub(super) const EFFECT_OPTIONS: &[&str] = &[
    "none",
    "armor-breaking",
    "armor-destroying",
    "shield-crushing",
    "shield-destroying",
    "weapon-destroying",
    "wounds-kill",
];

pub fn calculators() -> Vec<Calculator> {
    let mut all = vec![
        Calculator {
            system: SYSTEM,
            name: "enchantments",
            summary: "Whether a set of worn enchantments is legal: one magical at most, no two extraordinary of one name",
            params: &[Param {
                name: "enchantments",
                help: "worn enchantments, comma-separated, each m:NAME (magical) or ex:NAME (extraordinary), e.g. \"m:Barkskin,ex:Ancestral Armor\"",
                kind: ParamKind::Text,
                required: true,
                default: None,
            }],
            rule: Some(R_ENCHANTMENTS),
            run: run_enchantments,
        },
        Calculator {
            system: SYSTEM,
            name: "magic-armor",
            summary: "The armour that counts when Magic Armor enchantments (highest only) and worn armour meet, and whether an armour enhancement improves it",
            params: &[
                Param {
                    name: "magic",
                    help: "Magic Armor enchantments, comma-separated NAME:POINTS (or POINTS), e.g. \"Stoneskin:2,Barkskin:1\"",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "worn",
                    help: "points of worn (non-magic) armour left at the location now",
                    kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
                    required: false,
                    default: Some("0"),
                },
                Param {
                    name: "rated",
                    help: "the highest rating (as made, before any damage) of worn armour anywhere on the player; armour rated above 0 blocks Magic Armor even when knocked to 0, and only armour rated 0 may be worn with it (default: --worn)",
                    kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
                    required: false,
                    default: None,
                },
                Param {
                    name: "came-first",
                    help: "with both: worn (armour on first, so the enchantment fails) or magic (enchanted first, so the armour may not go on)",
                    kind: ParamKind::Choice { options: &["worn", "magic"] },
                    required: false,
                    default: Some("worn"),
                },
                Param {
                    name: "current",
                    help: "a location's present points, lowered to the new maximum if above it (e.g. after Stoneskin is removed)",
                    kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
                    required: false,
                    default: None,
                },
                Param {
                    name: "enhancement",
                    help: "an armour enhancement such as Ancestral Armor or Imbue Armor: none, separate (another ability: never improves Magic Armor) or inherent (part of the Magic Armor enchantment: applies)",
                    kind: ParamKind::Choice { options: &["none", "separate", "inherent"] },
                    required: false,
                    default: Some("none"),
                },
            ],
            rule: Some(R_MAGIC_ARMOR),
            run: run_magic_armor,
        },
        Calculator {
            system: SYSTEM,
            name: "hit",
            summary: "What one hit with a Special Effect does to the location's armour, a shield or a weapon, and whether it wounds or kills (Interpretation: an ordinary hit costs 1 armour point)",
            params: &[
                Param {
                    name: "effect",
                    help: "the hit's Special Effect, or none for an ordinary hit",
                    kind: ParamKind::Choice { options: EFFECT_OPTIONS },
                    required: false,
                    default: Some("none"),
                },
                Param {
                    name: "struck",
                    help: "what the hit landed on: a hit location, a shield or a weapon",
                    kind: ParamKind::Choice { options: &["location", "shield", "weapon"] },
                    required: false,
                    default: Some("location"),
                },
                Param {
                    name: "armor",
                    help: "armour points at the location struck (Magic Armor counts the same); 0 means unarmoured. Interpretation: an ordinary hit takes 1 point, as in the document's Ancestral Armor example",
                    kind: ParamKind::Int { min: 0, max: MAX_ARMOR },
                    required: false,
                    default: Some("0"),
                },
                Param {
                    name: "shield-hits",
                    help: "Shield Crushing hits the shield has already taken (the third destroys it)",
                    kind: ParamKind::Int { min: 0, max: SHIELD_CRUSHING_HITS - 1 },
                    required: false,
                    default: Some("0"),
                },
                Param {
                    name: "fragile",
                    help: "the player is Fragile: the next wound kills",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "immune-death",
                    help: "the player is Immune to the Death School, so Wounds Kill only wounds",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "school",
                    help: "the School of the ability or Magic Ball that struck, if any (a weapon has none)",
                    kind: ParamKind::Choice { options: <School as strum::VariantNames>::VARIANTS },
                    required: false,
                    default: None,
                },
                Param {
                    name: "immune-to",
                    help: "Schools the player is Immune to, comma-separated (Cursed counts as Spirit): a hit of one of them leaves the player alone but still reaches their armour",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "resistant-to",
                    help: "Schools the player is Resistant to, comma-separated: the next hit of one of them leaves the player alone, as an Immunity would, and spends the Resistance (an Immunity goes first). Interpretation: armour that takes the hit spends none",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "resistant",
                    help: "the player is Resistant to Wounds: the next wound is not received (nor does it kill), and the Resistance is spent",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "frozen",
                    help: "the player is Frozen: neither they nor their equipment is affected by the hit",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "insubstantial",
                    help: "the player is Insubstantial: neither they nor their equipment is affected by the hit",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "invulnerable",
                    help: "the player is Invulnerable: neither they nor their equipment is affected by an ordinary hit",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_SPECIAL_EFFECTS),
            run: run_hit,
        },
        Calculator {
            system: SYSTEM,
            name: "touch",
            summary: "Whether an ability may be used at Touch range on a target, given whether they are willing and their States",
            params: &[
                Param {
                    name: "willing",
                    help: "the target agrees to receive the ability",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "self",
                    help: "the caster targets themself",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "states",
                    help: "the target's States, comma-separated: Dead, Cursed, Fragile, Frozen, Immune, Insubstantial, Invulnerable, Stopped, Stunned, Suppressed (or none)",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "can-move",
                    help: "an Insubstantial target is free to move (their ability allows it), so Insubstantial alone does not qualify",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "enchantment",
                    help: "the ability is an Enchantment, which needs a willing target",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(R_RANGE),
            run: run_touch,
        },
        Calculator {
            system: SYSTEM,
            name: "order",
            summary: "The order simultaneous effects go off in: Traits, Immunities, Resistances, then other Enchantments together",
            params: &[Param {
                name: "effects",
                help: "effects, comma-separated, each trait, immunity, resistance or enchantment, optionally TYPE:NAME, e.g. \"enchantment:Troll Blood,trait:Immunity to Subdual\"",
                kind: ParamKind::Text,
                required: true,
                default: None,
            }],
            rule: Some(R_ABILITY_ORDER),
            run: run_order,
        },
    ];
    all.extend([
        range::calculator(),
        audible::calculator(),
        charge::calculator(),
        death::calculator(),
        avoid_death::calculator(),
        mend::calculator(),
        trigger::calculator(),
        carried::calculator(),
        uses::calculator(),
        hands::calculator(),
        incanting::calculator(),
        strikes::calculator(),
        naming::calculator(),
        casting::calculator(),
    ]);
    all.extend(states_held::state_calculators());
    all.extend(stacking::stacking_calculators());
    all
}

pub(super) fn run_enchantments(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let worn = listed(i, "enchantments", parse_enchantments)?;
    let c = check_enchantments(&worn);
    let problems = if c.problems.is_empty() { "none".to_string() } else { c.problems.join("; ") };
    let mut out = Outcome::default().field("allowed", c.allowed).field("problems", problems).terms(c.terms);
    out = out.warn_all(c.problems);
    Ok(out)
}

pub(super) fn run_magic_armor(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let magic = listed(i, "magic", parse_magic_sources)?;
    let came_first = match i.choice("came-first")? {
        Some("magic") => CameFirst::Magic,
        _ => CameFirst::Worn,
    };
    let points = i.int("worn")?;
    let rated = i.opt_int("rated")?.unwrap_or(points);
    if points > rated {
        return Err(invalid(format!(
            "--worn ({points}) cannot be above --rated ({rated}): armour holds at most the points it was made with"
        )));
    }
    let enhancement = match i.choice("enhancement")? {
        Some("separate") => Enhancement::Separate,
        Some("inherent") => Enhancement::Inherent,
        _ => Enhancement::None,
    };
    let a = magic_armor(&magic, WornArmor { rated, points }, came_first, i.opt_int("current")?, enhancement)?;
    let mut out = Outcome::default().field("counts", a.counts).field("source", a.source);
    if let Some(applies) = a.enhancement_applies {
        out = out.field("enhancement_applies", applies);
    }
    if let Some(p) = a.location_points {
        out = out.field("location_points", p);
    }
    let mut out = out.terms(a.terms);
    out = out.warn_all(a.warnings);
    Ok(out)
}

pub(super) fn run_hit(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let immune = listed(i, "immune-to", |t| parse_schools("immune-to", t))?;
    let resistant = listed(i, "resistant-to", |t| parse_schools("resistant-to", t))?;
    let source = i.choice("school")?.map(School::parse).transpose()?;
    let h = Hit {
        effect: Effect::parse(i.choice("effect")?.unwrap_or("none"))?,
        struck: Struck::parse(i.choice("struck")?.unwrap_or("location"))?,
        armor: i.int("armor")?,
        shield_hits: i.int("shield-hits")?,
        fragile: i.flag("fragile"),
        immune_to_death: i.flag("immune-death") || immune.contains(&School::Death),
        resistant: i.flag("resistant"),
        protected: [
            ("frozen", TargetState::Frozen),
            ("insubstantial", TargetState::Insubstantial),
            ("invulnerable", TargetState::Invulnerable),
        ]
        .into_iter()
        .find(|(flag, _)| i.flag(flag))
        .map(|(_, state)| state),
        source,
        immune_to_source: source.is_some_and(|s| immune.contains(&s)),
        resistant_to_source: source.is_some_and(|s| resistant.contains(&s)),
    };
    let r = hit(h)?;
    Ok(Outcome::default()
        .field("armor_after", r.armor_after)
        .field("shield", r.shield.as_str())
        .field("shield_hits_after", r.shield_hits_after)
        .field("weapon", if r.weapon_destroyed { "destroyed" } else { "intact" })
        .field("wounded", r.wounded)
        .field("killed", r.killed)
        .field("resisted", r.resisted)
        .field("resisted_school", r.resisted_source)
        .field("unaffected", r.unaffected)
        .terms(r.terms))
}

pub(super) fn run_touch(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let target = TouchTarget {
        willing: i.flag("willing"),
        is_self: i.flag("self"),
        states: listed(i, "states", parse_states)?,
        can_move: i.flag("can-move"),
    };
    let t = touch(&target, i.flag("enchantment"));
    let mut out = Outcome::default().field("allowed", t.allowed).field("reason", t.reason).terms(t.terms);
    out = out.warn_all(t.warnings);
    Ok(out)
}

pub(super) fn run_order(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let text = i.raw("effects").ok_or_else(|| {
        invalid("--effects needs at least one of trait, immunity, resistance, enchantment (comma-separated)")
    })?;
    let effects = parse_effects(text)?;
    let o = ability_order(&effects);
    let order: Vec<String> = o.order.iter().map(SimultaneousEffect::label).collect();
    let mut out = Outcome::default().field("order", order.join(", ")).field("steps", o.steps).terms(o.terms);
    out = out.warn_all(o.warnings);
    Ok(out)
}
