//! Registry.

use super::*;

pub(super) const P_ASPECT: Param = Param {
    name: "aspect",
    help: "the boosting spell's aspect",
    kind: ParamKind::Choice { options: ASPECT_NAMES },
    required: true,
    default: None,
};

pub(super) const P_IMMUNITY: Param = Param {
    name: "immunity",
    help: "the defensive spell grants immunity to this kind of damage",
    kind: ParamKind::Flag,
    required: false,
    default: None,
};

pub(super) const P_WILLPOWER: Param = Param {
    name: "willpower",
    help: "with --immunity: the attacker spent a Willpower point, so the immunity counts as armor",
    kind: ParamKind::Flag,
    required: false,
    default: None,
};

pub(super) const P_MAGE_SIGHT: Param = Param {
    name: "mage-sight",
    help: "the target is a conscious, mobile mage and --protection counts no defensive spell: Mage Sight's sensory boost adds 1 (Interpretation: boosts do not add, so only where no defensive spell counts)",
    kind: ParamKind::Flag,
    required: false,
    default: None,
};

pub(super) const P_EMPOWER_ASPECT: Param = Param {
    name: "aspect",
    help: "the spell's aspect: a covert one reaches Rank 1 or 2, a vulgar one Rank 3 (line 48); not given: its reach is not checked",
    kind: ParamKind::Choice { options: ASPECT_NAMES },
    required: false,
    default: None,
};

pub(super) const P_SHAPED: Param = Param {
    name: "shaped",
    help: "with --aspect: the spell is Shaped, which reaches any Rank, even for a moment (line 48)",
    kind: ParamKind::Flag,
    required: false,
    default: None,
};

/// The damage immunity `--immunity` and `--willpower` say.
pub(super) fn immunity_of(i: &Inputs) -> Result<Immunity> {
    match (i.flag("immunity"), i.flag("willpower")) {
        (false, false) => Ok(Immunity::None),
        (false, true) => Err(Error::InvalidInput("--willpower only matters together with --immunity".into())),
        (true, false) => Ok(Immunity::Holds),
        (true, true) => Ok(Immunity::Willpower),
    }
}

/// The spell `--aspect` and `--shaped` say, if an aspect is given.
pub(super) fn empowering_of(i: &Inputs) -> Result<Option<Empowering>> {
    let aspect = i.choice("aspect")?.map(Aspect::parse).transpose()?;
    if aspect.is_none() && i.flag("shaped") {
        return Err(Error::InvalidInput("--shaped goes with --aspect (sensory, covert or vulgar)".into()));
    }
    Ok(aspect.map(|aspect| Empowering { aspect, shaped: i.flag("shaped") }))
}

pub(super) const P_ATTACK_ASPECT: Param = Param {
    name: "aspect",
    help: "the attack spell's aspect (covert or vulgar; sensory spells can't deal damage)",
    kind: ParamKind::Choice { options: ASPECT_NAMES },
    required: true,
    default: None,
};

pub fn calculators() -> Vec<Calculator> {
    let mut all = vec![
        Calculator {
            system: SYSTEM,
            name: "clash",
            summary: "Duel Arcane clash dice pool: Gnosis + Sword Arcanum with the cumulative modifiers",
            params: &[
                Param { name: "gnosis", help: "the duelist's Gnosis (1 to 10)", kind: ParamKind::Int { min: 1, max: 10 }, required: true, default: None },
                Param { name: "sword", help: "dots in the Arcanum used as Sword (1 to 5: an Arcanum with no dots is none of the duelist's, as the duel says)", kind: ParamKind::Int { min: 1, max: 5 }, required: true, default: None },
                Param {
                    name: "unused",
                    help: "consecutive earlier clashes in which the current Sword didn't attack (+1 die each, up to +5)",
                    kind: ParamKind::Int { min: UNUSED.0, max: UNUSED.1 },
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
            summary: "Who takes a clash, and where the loser's psychic damage lands: Shield, then Gnosis (Interpretation: one point per Gnosis dot), then the round is lost",
            params: &[
                Param { name: "attacker-successes", help: "successes rolled for the attacking duelist", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
                Param { name: "defender-successes", help: "successes rolled for the defending duelist", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
                Param { name: "shield", help: "dots in the defender's current Shield Arcanum (1 to 5: an Arcanum with no dots is none of the duelist's, as the duel says)", kind: ParamKind::Int { min: 1, max: 5 }, required: true, default: None },
                Param { name: "shield-damage", help: "psychic damage already marked on that Arcanum this round", kind: ParamKind::Int { min: 0, max: 5 }, required: false, default: Some("0") },
                Param {
                    name: "gnosis",
                    help: "the defender's Gnosis (1 to 10). Interpretation: Gnosis holds one point of psychic damage per dot (the document doesn't give its capacity)",
                    kind: ParamKind::Int { min: 1, max: 10 },
                    required: true,
                    default: None,
                },
                Param { name: "gnosis-damage", help: "psychic damage Gnosis has already absorbed this round", kind: ParamKind::Int { min: 0, max: 10 }, required: false, default: Some("0") },
                Param {
                    name: "attacker-shield",
                    help: "dots in the attacker's current Shield (0 to 5): give the attacker's Shield and Gnosis to place the damage when the defender wins",
                    kind: ParamKind::Int { min: 0, max: 5 },
                    required: false,
                    default: None,
                },
                Param { name: "attacker-shield-damage", help: "psychic damage already marked on the attacker's Shield this round", kind: ParamKind::Int { min: 0, max: 5 }, required: false, default: Some("0") },
                Param { name: "attacker-gnosis", help: "the attacker's Gnosis (1 to 10)", kind: ParamKind::Int { min: 1, max: 10 }, required: false, default: None },
                Param { name: "attacker-gnosis-damage", help: "psychic damage the attacker's Gnosis has already absorbed this round", kind: ParamKind::Int { min: 0, max: 10 }, required: false, default: Some("0") },
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
            summary: "A boosted attack's successes: the guaranteed floor, the automatic points above the roll (what armor removes), successes a power cancels (guaranteed ones first), and those carrying damage factors",
            params: &[
                P_ASPECT,
                Param { name: "rolled", help: "successes the attack dice actually rolled", kind: ParamKind::Int { min: 0, max: 50 }, required: true, default: None },
                Param {
                    name: "cancelled",
                    help: "successes a supernatural power cancels outright (they come off the guaranteed ones first; Interpretation: automatic points before rolled ones). Armor doesn't go here: it removes automatic points (the Defensive Spell calculator's Automatic)",
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
                P_MAGE_SIGHT,
                P_IMMUNITY,
                P_WILLPOWER,
                Param { name: "targets", help: "characters the caster wants to strike", kind: ParamKind::Int { min: 1, max: TARGETS.1 }, required: false, default: Some("1") },
                Param {
                    name: "covered",
                    help: "characters the spell's area and target factors cover (a Shaping attack takes no multiple-target penalty but reaches no one else)",
                    kind: ParamKind::Int { min: 1, max: TARGETS.1 },
                    required: false,
                    default: Some("1"),
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
                P_IMMUNITY,
                P_WILLPOWER,
                Param {
                    name: "needs-action",
                    help: "the defense works through its user's own acting (perfect awareness, great speed), unlike armour-like spells such as solid Mana or a force field",
                    kind: ParamKind::Flag,
                    required: false,
                    default: None,
                },
                Param {
                    name: "helpless",
                    help: "the user can't act (unconscious, paralysed): a defense that needs action gives nothing",
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
            params: &[
                Param { name: "gnosis", help: "Gnosis of the most powerful mage involved (1 to 10)", kind: ParamKind::Int { min: 1, max: 10 }, required: true, default: None },
                Param {
                    name: "power-source",
                    help: "to check a supernatural power the being is to have, where it comes from: creator (a mage in the ritual can produce the effect), inherent (the kind of being or the ritual's materials already hold it) or neither",
                    kind: ParamKind::Choice { options: POWER_SOURCE_NAMES },
                    required: false,
                    default: None,
                },
            ],
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
                P_EMPOWER_ASPECT,
                P_SHAPED,
            ],
            rule: Some(R_EMPOWER),
            run: run_ephemeral_essence,
        },
    ];
    all.extend(power_calculators::power_calculators());
    all.extend(combat_calculators::combat_calculators());
    all.extend(more_calculators::more_calculators());
    all
}

pub(super) fn aspect_of(i: &Inputs) -> Result<Aspect> {
    Aspect::parse(i.choice("aspect")?.unwrap_or_default())
}

pub(super) fn run_clash(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
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

pub(super) fn run_clash_result(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let state = DuelistState {
        shield: i.int("shield")?,
        shield_damage: i.int("shield-damage")?,
        gnosis: i.int("gnosis")?,
        gnosis_damage: i.int("gnosis-damage")?,
    };
    let attacker = match (i.opt_int("attacker-shield")?, i.opt_int("attacker-gnosis")?) {
        (Some(shield), Some(gnosis)) => Some(DuelistState {
            shield,
            shield_damage: i.int("attacker-shield-damage")?,
            gnosis,
            gnosis_damage: i.int("attacker-gnosis-damage")?,
        }),
        (None, None) => None,
        _ => {
            return Err(Error::InvalidInput(
                "give both --attacker-shield and --attacker-gnosis to place damage on the attacker".into(),
            ))
        }
    };
    let r = clash_result(i.int("attacker-successes")?, i.int("defender-successes")?, state)?;
    let mut warning = None;
    let (damaged, a) = match (r.winner, attacker) {
        (ClashWinner::Attacker, _) => ("defender", r.defender),
        (ClashWinner::Stalemate, _) => ("nobody", r.defender),
        (ClashWinner::Defender, Some(att)) => {
            let mut a = absorb_psychic(r.net_successes, att)?;
            a.terms.insert(
                0,
                Term::note(
                    "Defender wins the clash by (the attacker takes it)",
                    r.net_successes,
                    Some(R_CLASH_RESULTS),
                ),
            );
            ("attacker", a)
        }
        (ClashWinner::Defender, None) => {
            warning = Some(format!(
                "the defender won: the attacker takes {} psychic damage (give --attacker-shield and --attacker-gnosis to place it)",
                r.net_successes
            ));
            ("nobody", r.defender)
        }
    };
    let mut o = Outcome::default()
        .field("winner", r.winner.as_str())
        .field("net_successes", r.net_successes)
        .field("damaged", damaged)
        .field("shield_absorbed", a.shield_absorbed)
        .field("shield_after", a.shield_after)
        .field("shield_damage_after", a.shield_damage_after)
        .field("gnosis_absorbed", a.gnosis_absorbed)
        .field("gnosis_after", a.gnosis_after)
        .field("gnosis_damage_after", a.gnosis_damage_after)
        .field("overflow", a.overflow)
        .field("round_lost", a.round_lost)
        .terms(a.terms);
    if let Some(w) = warning {
        o = o.warn(w);
    }
    if attacker.is_some() && r.winner != ClashWinner::Defender {
        o = o.warn("the attacker's Shield and Gnosis are only used when the defender wins");
    }
    Ok(o)
}

pub(super) fn run_round_result(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let side = if i.choice("result")? == Some("winner") { RoundSide::Winner } else { RoundSide::Loser };
    let r = round_willpower(side, i.int("willpower")?, i.int("spent")?, i.opt_int("max-willpower")?)?;
    let mut o = Outcome::default()
        .field("willpower_after", r.willpower_after)
        .field("willpower_change", r.willpower_change)
        .field("resistant_lethal", r.resistant_lethal)
        .terms(r.terms)
        .terms([Term::text("Psychic damage on Arcana and Gnosis", "clears for both duelists", Some(T_ROUND))]);
    o = o.warn_all(r.warnings);
    o = o.warn("Resistant lethal wounds taken to pay for clashes stay and heal at the usual rate");
    Ok(o)
}

pub(super) fn run_combat_boost(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
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

pub(super) fn run_initiative(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
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
    o = o.warn_all(warnings);
    Ok(o)
}

pub(super) fn run_boosted_attack(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let a = boosted_attack(aspect_of(i)?, i.int("rolled")?, i.int("cancelled")?)?;
    let mut o = Outcome::default()
        .field("successes", a.successes)
        .field("guaranteed", a.guaranteed)
        .field("automatic", a.automatic)
        .field("cancelled", a.cancelled)
        .field("automatic_left", a.automatic_left)
        .field("factor_successes", a.factor_successes)
        .field("other_successes", a.other_successes)
        .terms(a.terms);
    o = o.warn_all(a.warnings);
    Ok(o)
}

pub(super) fn run_shaping_attack(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (protection, protection_terms) = shaping_protection(i.int("protection")?, 0, i.flag("mage-sight"));
    let mut a = shaping_attack(aspect_of(i)?, i.int("potency")?, i.int("defense-successes")?, protection)?;
    let (damage, breached, immunity_term) = immunity_against_shaping(a.damage, immunity_of(i)?);
    a.damage = damage;
    let reach = shaping_reach(i.int("targets")?, i.int("covered")?)?;
    let mut o = Outcome::default()
        .field("targets_struck", reach.struck)
        .field("net_successes", a.net_successes)
        .field("minimum_damage", a.minimum_damage)
        .field("automatic", a.automatic)
        .field("automatic_cancelled", a.automatic_cancelled)
        .field("damage", a.damage)
        .terms(protection_terms.into_iter().map(Term::as_note))
        .terms(a.terms)
        .terms(immunity_term)
        .terms(reach.terms);
    if let Some(b) = breached {
        o = o.field("immunity_breached", b);
    }
    if protection == 0 {
        o = o.warn("a conscious, mobile mage always has a sensory boost against Shaping attacks through Mage Sight: give --mage-sight (protection 1)");
    }
    o = o.warn_all(a.warnings).warn_all(reach.warning);
    Ok(o)
}

pub(super) fn run_defensive_spell(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let incoming = Incoming {
        automatic: i.int("automatic")?,
        automatic_type: DamageType::parse(i.choice("automatic-type")?.unwrap_or("lethal"))?,
        aggravated: i.int("aggravated")?,
        lethal: i.int("lethal")?,
        bashing: i.int("bashing")?,
    };
    let immunity = immunity_of(i)?;
    let potency = i.int("potency")?;
    let (usable, usable_term) = defense_usable(i.flag("needs-action"), i.flag("helpless"));
    // A defense its helpless user can't work is no spell at all for this attack: the
    // damage is taken as with no defense (Potency 0, no immunity, no vulgar downgrade).
    let d = if usable {
        defend(potency, incoming, i.flag("vulgar-vs-mundane"), immunity)?
    } else {
        check("potency", potency, (0, 40))?;
        defend(0, incoming, false, Immunity::None)?
    };
    let immunity = if usable { immunity } else { Immunity::None };
    let mut o = Outcome::default()
        .field("usable", usable)
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
    o = o.terms([usable_term]).terms(d.terms);
    match immunity {
        Immunity::Holds => o = o.warn("immunity stops only unimportant threats outright; an important attacker can spend Willpower (--willpower) to treat it as armor"),
        Immunity::Willpower => o = o.warn("Willpower can't break an immunity that also stops the subject acting on others (frozen in time, made unbreakable)"),
        Immunity::None => {}
    }
    Ok(o)
}

pub(super) fn run_displacement(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
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
        .terms(d.terms)
        .terms([Term::text(
            "The spell that loses",
            "still works on other targets and elsewhere in its area; one a Prime dispel beats is deleted and must be recast",
            Some(R_DISPLACEMENT),
        )]))
}

pub(super) fn run_shaped_potency(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
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

pub(super) fn run_created_rank(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let (rank, mut terms) = created_being_max_rank(i.int("gnosis")?)?;
    let mut o = Outcome::default().field("max_rank", rank).field("benchmark", rank_benchmark(rank));
    if let Some(source) = i.choice("power-source")? {
        let source: PowerSource = source.parse().map_err(|_| {
            Error::InvalidInput(format!("--power-source must be one of {}", POWER_SOURCE_NAMES.join(", ")))
        })?;
        let (allowed, term) = created_power(source);
        terms.push(term);
        o = o.field("power_allowed", allowed).warn(POWER_SOURCE_NOTE);
    }
    Ok(o.terms(terms))
}

pub(super) fn run_ephemeral_essence(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let e = empower_by(i.int("potency")?, i.int("rank")?, i.opt_int("tenacity")?, empowering_of(i)?)?;
    Ok(Outcome::default()
        .field("empowers", e.empowers)
        .field("temporary_essence", e.temporary_essence)
        .field("lasts", e.lasts)
        .terms(e.terms))
}
