//! The Ars Magica sheet (a grog or a companion) and its combat scores.

use super::rules::{self as am, ArmorStats, FatigueLevel, WeaponStats, WoundCounts};
use crate::characters::Character;
use crate::error::Result;
use crate::model::Detail;
use crate::model::ItemCoverage;
use crate::rulebook::Rulebook;
use crate::rules::{Term, TermOp};
use crate::sheets::layout::{
    choice, family_section, header, int, list, list_section, notes, section, track, ListKind, SheetLayout, SheetSection,
};
use crate::sheets::{Derived, Reader};
use crate::Kind;

const CHAR: (i64, i64, i64) = (-10, 10, 0);

const R_CHARACTERISTICS: &str = "ars-magica/rule/combat-scores";
const R_ENCUMBRANCE: &str = "ars-magica/rule/encumbrance";
const R_LOAD: &str = "ars-magica/rule/encumbrance";
const R_SOAK: &str = "ars-magica/rule/soak-total";
const R_WOUNDS: &str = "ars-magica/rule/wounds";
const R_FATIGUE: &str = "ars-magica/rule/fatigue";
const R_RECOVERING: &str = "ars-magica/rule/recovering-from-wounds";
const R_INCAPACITATION: &str = "ars-magica/rule/recovery-from-incapacitation";
const T_DAMAGE: &str = "ars-magica/table/damage-table";
const T_MOVEMENT: &str = "ars-magica/table/movement-rates";
const FIST: &str = "ars-magica/weapon/fist";

pub(crate) fn layout() -> SheetLayout {
    SheetLayout {
        system: super::rules::SYSTEM.into(),
        title: "Grog or companion".into(),
        sections: vec![
            header(vec![
                choice("role", "Role", &["grog", "companion"], "A grog serves the covenant; a companion is a main character."),
                crate::sheets::layout::text("concept", "Concept", "A few words: shield grog, hunter, knight…"),
            ]),
            section(
                "characteristics",
                "Characteristics",
                vec![
                    int("intelligence", "Intelligence", Some("Int"), CHAR, "Usually -3 to +3."),
                    int("perception", "Perception", Some("Per"), CHAR, "Usually -3 to +3."),
                    int("strength", "Strength", Some("Str"), CHAR, "Adds to Damage; offsets Burden; weapons have a minimum."),
                    int("stamina", "Stamina", Some("Sta"), CHAR, "Adds to Soak and to recovery."),
                    int("presence", "Presence", Some("Pre"), CHAR, "Usually -3 to +3."),
                    int("communication", "Communication", Some("Com"), CHAR, "Usually -3 to +3."),
                    int("dexterity", "Dexterity", Some("Dex"), CHAR, "Adds to Attack."),
                    int("quickness", "Quickness", Some("Qik"), CHAR, "Adds to Initiative, Defense and movement."),
                    int("size", "Size", Some("Siz"), (-20, 20, 0), "0 for a grown human; sets the wound bands.")
                        .rule(T_DAMAGE),
                ],
            ),
            family_section(
                "abilities",
                "Abilities",
                "ability.",
                "Ability",
                (0, 30),
                &[
                    ("brawl", "Brawl"),
                    ("single-weapon", "Single Weapon"),
                    ("great-weapon", "Great Weapon"),
                    ("thrown-weapon", "Thrown Weapon"),
                    ("bow", "Bow"),
                    ("leadership", "Leadership"),
                    ("ride", "Ride"),
                    ("chirurgy", "Chirurgy"),
                    ("medicine", "Medicine"),
                ],
            ),
            list_section(
                "equipment",
                "Equipment",
                list(
                    ListKind::Items,
                    &[Kind::Weapon, Kind::Armor],
                    true,
                    "Weapons, shields and armour from the tables. Equipped weapons get combat scores; worn armour adds to Soak. Everything carried adds its Load.",
                ),
                vec![int("other-load", "Other load", None, (0, 100, 0), "Load of gear not listed above (packs, tools, coin).")
                    .rule(R_LOAD)],
            ),
            wounds_section(),
            section(
                "fatigue",
                "Fatigue",
                vec![
                    track("fatigue.short-term", "Short-term levels lost", 20, "Lost to exertion; back after a short rest.")
                        .rule(R_FATIGUE),
                    track("fatigue.long-term", "Long-term levels lost", 20, "Lost to hardship; back after a night's sleep.")
                        .rule(R_FATIGUE),
                ],
            ),
            section("notes", "Notes", vec![notes()]),
        ],
    }
}

/// Wounds by level, each level's recovery bonuses carried to its next roll, and the
/// Incapacitated penalty.
fn wounds_section() -> SheetSection {
    section(
        "wounds",
        "Wounds",
        vec![
            track("wounds.light", "Light wounds", 100, "-1 each.").rule(R_WOUNDS),
            track("wounds.medium", "Medium wounds", 100, "-3 each.").rule(R_WOUNDS),
            track("wounds.heavy", "Heavy wounds", 100, "-5 each.").rule(R_WOUNDS),
            track("wounds.incapacitating", "Incapacitating wounds", 100, "Any one leaves the character unable to act.")
                .rule(R_WOUNDS),
            crate::sheets::layout::text(
                "recovery.light",
                "Light wounds' recovery bonuses",
                "One number per Light wound, carried to its next Recovery roll (+3 per roll that held); the first rolls next. Interpretation: wounds beyond the list carry +0; numbers beyond the wounds are dropped from the end.",
            )
            .rule(R_RECOVERING),
            crate::sheets::layout::text(
                "recovery.medium",
                "Medium wounds' recovery bonuses",
                "One number per Medium wound, carried to its next Recovery roll; the first rolls next.",
            )
            .rule(R_RECOVERING),
            crate::sheets::layout::text(
                "recovery.heavy",
                "Heavy wounds' recovery bonuses",
                "One number per Heavy wound, carried to its next Recovery roll; the first rolls next.",
            )
            .rule(R_RECOVERING),
            int(
                "recovery.incapacitated",
                "Incapacitated recovery penalty",
                None,
                (-100, 0, 0),
                "-1 for each twice-daily roll that went badly; gone once the wounds improve. Interpretation: a wound that becomes Incapacitating shares it.",
            )
            .rule(R_INCAPACITATION),
        ],
    )
}

/// The Ability key a weapon's table row names (`Single` → `ability.single-weapon`).
fn ability_key(ability: &str) -> String {
    match ability {
        "Single" => "ability.single-weapon".into(),
        "Great" => "ability.great-weapon".into(),
        "Thrown" => "ability.thrown-weapon".into(),
        other => format!("ability.{}", crate::slug::slugify(other)),
    }
}

fn item_field(id: &str) -> Option<String> {
    Some(format!("item:{id}"))
}

/// What the rules derive from an Ars Magica sheet, step by step in the sheet's order:
/// what is carried and its Load, Encumbrance, wounds and fatigue (one penalty to every
/// action) with the wound bands for the Size, Soak, the combat scores of each weapon in
/// hand, and movement.
pub(crate) fn derive(tome: &dyn Rulebook, c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
    let strength = r.int("strength");
    let stamina = r.int("stamina");
    let dexterity = r.int("dexterity");
    let quickness = r.int("quickness");
    let size = r.int("size");

    let mut carried = carried(tome, c, out)?;
    let encumbrance = encumbrance(carried.load, std::mem::take(&mut carried.load_terms), strength, r, out);
    let penalty = wounds_and_fatigue(r, out)?;
    wound_bands(size, out);
    soak(stamina, &carried.worn, out)?;
    let scores = Scores { strength, dexterity, quickness, encumbrance, penalty };
    combat_scores(tome, c, r, &mut carried, &scores, out)?;
    movement(quickness, encumbrance, out)
}

/// What a character carries: the weapons and shields in hand, the armour worn, and the
/// Load of everything with its terms.
struct Carried {
    weapons: Vec<WeaponStats>,
    shields: Vec<WeaponStats>,
    worn: Vec<(ArmorStats, ItemCoverage)>,
    load: i64,
    load_terms: Vec<Term>,
}

/// What is carried: weapons, shields, armour and their Load (an armour without a
/// coverage read as the fullest it is made in, with a warning).
fn carried(tome: &dyn Rulebook, c: &Character, out: &mut Derived) -> Result<Carried> {
    let mut weapons: Vec<WeaponStats> = Vec::new();
    let mut shields: Vec<WeaponStats> = Vec::new();
    let mut worn: Vec<(ArmorStats, ItemCoverage)> = Vec::new();
    let mut load = 0;
    let mut load_terms = Vec::new();
    for item in &c.items {
        let entry = tome.show(&item.entry_id)?;
        let carried = if item.equipped { "" } else { " (carried)" };
        let qty = if item.quantity > 1 { format!(" ×{}", item.quantity) } else { String::new() };
        match &entry.detail {
            Some(Detail::Weapon(_)) if entry.system == "ars-magica" => {
                let w = WeaponStats::from_entry(&entry)?;
                let each = w.load.unwrap_or(0);
                load_terms.push(Term::num(format!("{}{qty}{carried}", w.name), each * item.quantity, Some(&w.id)));
                load += each * item.quantity;
                if item.equipped {
                    if w.is_shield() {
                        shields.push(w);
                    } else {
                        weapons.push(w);
                    }
                }
            }
            Some(Detail::Armor(_)) if entry.system == "ars-magica" => {
                let a = ArmorStats::from_entry(&entry)?;
                // Armour without a stated coverage is read as the fullest it is made in,
                // and the sheet says so.
                let (coverage, assumed) = match item.coverage {
                    Some(cv) => (cv, false),
                    None if a.full.is_some() => (ItemCoverage::Full, true),
                    None => (ItemCoverage::Partial, true),
                };
                if assumed {
                    out.warn(
                        item_field(&a.id),
                        format!("{} has no coverage set; read as {}", a.name, coverage.as_str()),
                        Some("ars-magica/rule/armor"),
                    );
                }
                let row = match coverage {
                    ItemCoverage::Full => a.full,
                    ItemCoverage::Partial => a.partial,
                };
                let each = row.map_or(0, |(_, l)| l);
                load_terms.push(Term::num(
                    format!("{}, {}{qty}{carried}", a.name, coverage.as_str()),
                    each * item.quantity,
                    Some(&a.id),
                ));
                load += each * item.quantity;
                if item.equipped {
                    worn.push((a, coverage));
                }
            }
            _ => {}
        }
    }
    Ok(Carried { weapons, shields, worn, load, load_terms })
}

/// Load (with any other load written on the sheet), Burden and Encumbrance; returns the
/// Encumbrance as Initiative and movement read it.
fn encumbrance(mut load: i64, mut load_terms: Vec<Term>, strength: i64, r: &mut Reader, out: &mut Derived) -> i64 {
    let other = r.int("other-load");
    if other != 0 {
        load_terms.push(Term::num("Other load", other, Some(R_LOAD)));
        load += other;
    }
    if load_terms.is_empty() {
        load_terms.push(Term::num("Nothing carried", 0, Some(R_LOAD)));
    }
    out.push("load", "Load", "Encumbrance", load, load_terms, Some(R_LOAD));
    let enc = am::encumbrance(load, strength);
    out.push(
        "burden",
        "Burden",
        "Encumbrance",
        enc.burden,
        enc.terms[..1].to_vec(),
        Some("ars-magica/table/encumbrance-table"),
    );
    out.push("encumbrance", "Encumbrance", "Encumbrance", enc.encumbrance, enc.terms, Some(R_ENCUMBRANCE));
    // The Encumbrance Table stops at Burden 10, which is as far as Initiative reads.
    enc.encumbrance.min(10)
}

/// Wounds and Fatigue: their levels, their penalties and the one total penalty to every
/// action, with the warnings for an incapacitated or unconscious character; returns the
/// total penalty.
fn wounds_and_fatigue(r: &mut Reader, out: &mut Derived) -> Result<i64> {
    let wounds = WoundCounts {
        light: r.int("wounds.light"),
        medium: r.int("wounds.medium"),
        heavy: r.int("wounds.heavy"),
        incapacitating: r.int("wounds.incapacitating"),
    };
    for field in ["recovery.light", "recovery.medium", "recovery.heavy"] {
        if let Some(Err(e)) = r.text(field).map(|t| super::recovery::parse_bonuses(field, &t)) {
            out.warn(Some(field.into()), e.to_string(), Some(R_RECOVERING));
        }
    }
    let fatigue = am::fatigue(r.int("fatigue.short-term"), r.int("fatigue.long-term"))?;
    out.push(
        "fatigue-level",
        "Fatigue level",
        "Wounds and fatigue",
        fatigue.level.name(),
        // The level is read from the levels lost; its penalty is the next stat's.
        fatigue.terms.iter().filter(|t| t.op == TermOp::Note).cloned().collect(),
        Some(R_FATIGUE),
    );
    let penalty = am::penalty(wounds, fatigue.level)?;
    out.push(
        "wound-penalty",
        "Wound penalty",
        "Wounds and fatigue",
        penalty.wound_penalty,
        {
            let wound_terms = penalty.wound_terms();
            if wound_terms.is_empty() {
                vec![Term::num("No wounds", 0, Some(R_WOUNDS))]
            } else {
                wound_terms.to_vec()
            }
        },
        Some(R_WOUNDS),
    );
    out.push(
        "fatigue-penalty",
        "Fatigue penalty",
        "Wounds and fatigue",
        penalty.fatigue_penalty.unwrap_or(0),
        fatigue.terms,
        Some(R_FATIGUE),
    );
    out.push("penalty", "Total penalty", "Wounds and fatigue", penalty.total, penalty.terms.clone(), Some(R_WOUNDS));
    if penalty.incapacitated {
        out.warn(
            Some("wounds.incapacitating".into()),
            "Incapacitated: no actions until the wound improves",
            Some(R_WOUNDS),
        );
    }
    if penalty.unconscious {
        out.warn(Some("fatigue.short-term".into()), "Unconscious from fatigue: no actions", Some(R_FATIGUE));
    }
    if fatigue.level == FatigueLevel::Unconscious && fatigue.extra_levels > 0 {
        out.warn(
            Some("fatigue.long-term".into()),
            format!("{} levels past Unconscious: each adds an hour to recover", fatigue.extra_levels),
            Some(R_FATIGUE),
        );
    }
    Ok(penalty.total)
}

/// The wounds damage past Soak gives at this Size (5 + Size points a level).
fn wound_bands(size: i64, out: &mut Derived) {
    let band = am::band_width(size);
    let bands = format!(
        "Light 1–{}, Medium {}–{}, Heavy {}–{}, Incapacitating {}–{}, Dead {}+",
        band,
        band + 1,
        2 * band,
        2 * band + 1,
        3 * band,
        3 * band + 1,
        4 * band,
        4 * band + 1
    );
    out.push(
        "wound-bands",
        "Wound from damage past Soak",
        "Wounds and fatigue",
        bands,
        vec![
            Term::note("Size", size, Some(R_CHARACTERISTICS)),
            Term::note("Points per wound level (5 + Size)", band, Some(T_DAMAGE)),
        ],
        Some(T_DAMAGE),
    );
}

/// Soak: Stamina and the armour worn (only one counts; one not made in the coverage
/// chosen is left out, with the reason).
fn soak(stamina: i64, worn: &[(ArmorStats, ItemCoverage)], out: &mut Derived) -> Result<()> {
    if worn.len() > 1 {
        let names: Vec<&str> = worn.iter().map(|(a, _)| a.name.as_str()).collect();
        out.warn(
            item_field(&worn[1].0.id),
            format!("Only one armour counts; Soak uses {} (also worn: {})", names[0], names[1..].join(", ")),
            Some("ars-magica/rule/armor"),
        );
    }
    match am::soak_total(stamina, worn.first().map(|(a, cv)| (a, *cv)), 0) {
        Ok(t) => {
            out.push("soak", "Soak", "Combat", t.total, t.terms, Some(R_SOAK));
            out.signed();
        }
        Err(e) => {
            // An armour not made in the coverage chosen: Soak without it, and say why.
            let (a, _) = &worn[0];
            out.warn(item_field(&a.id), e.to_string(), Some("ars-magica/rule/armor"));
            let t = am::soak_total(stamina, None, 0)?;
            out.push("soak", "Soak", "Combat", t.total, t.terms, Some(R_SOAK));
            out.signed();
        }
    }
    Ok(())
}

/// What the combat scores read beside the weapon: the characteristics, the
/// Encumbrance and the total penalty.
struct Scores {
    strength: i64,
    dexterity: i64,
    quickness: i64,
    encumbrance: i64,
    penalty: i64,
}

/// The combat scores for each weapon in hand (bare hands when none): Initiative, Attack
/// and Defense with the penalty, Damage; then each weapon's and shield's own warnings.
fn combat_scores(
    tome: &dyn Rulebook,
    c: &Character,
    r: &mut Reader,
    carried: &mut Carried,
    s: &Scores,
    out: &mut Derived,
) -> Result<()> {
    let &Scores { strength, dexterity, quickness, encumbrance, penalty } = s;
    let penalty_term = (penalty != 0).then(|| Term::num("Wound and fatigue penalty", penalty, Some(R_WOUNDS)));
    let (weapons, shields) = (&mut carried.weapons, &carried.shields);
    let shield = shields.first();
    if shields.len() > 1 {
        out.warn(item_field(&shields[1].id), format!("Only one shield is used: {}", shields[0].name), None);
    }
    if weapons.is_empty() {
        let fist = WeaponStats::from_entry(&tome.show(FIST)?)?;
        weapons.push(fist);
    }
    for w in weapons.iter() {
        let ability_key = ability_key(&w.ability);
        let ability = r.int(&ability_key);
        let group = if c.items.iter().any(|i| i.entry_id == w.id) {
            w.name.clone()
        } else {
            format!("{} (no weapon equipped)", w.name)
        };
        let slug = w.id.rsplit('/').next().unwrap_or(&w.id).to_string();
        let with_penalty = |mut t: am::Total| {
            if let Some(p) = &penalty_term {
                t.terms.insert(t.terms.len() - 1, p.clone());
                t.total += penalty;
            }
            t
        };
        let scores = [
            ("initiative", "Initiative", am::initiative_total(quickness, encumbrance, w, shield).map(with_penalty)),
            ("attack", "Attack", am::attack_total(dexterity, ability, w, shield).map(with_penalty)),
            ("defense", "Defense", am::defense_total(quickness, ability, w, shield, false).map(with_penalty)),
            ("damage", "Damage", am::damage_total(strength, w, shield, None)),
        ];
        for (key, label, total) in scores {
            let rule = format!("ars-magica/rule/{key}-total");
            match total {
                // The totals' warnings are the weapon's and shield's own, placed above
                // and below beside the item they are about.
                Ok(t) => {
                    out.push(format!("weapon.{slug}.{key}"), label, &group, t.total, t.terms, Some(&rule));
                    out.signed();
                }
                Err(e) => {
                    out.push(
                        format!("weapon.{slug}.{key}"),
                        label,
                        &group,
                        "n/a",
                        vec![Term::text(label, e.to_string(), Some(&w.id))],
                        Some(&rule),
                    );
                }
            }
        }
    }
    for w in weapons.iter() {
        let hands = am::check_shield(w, shield).unwrap_or_default();
        for warning in am::strength_warnings(strength, w, None).into_iter().chain(hands) {
            out.warn(item_field(&w.id), warning, Some("ars-magica/rule/weapon-statistics"));
        }
    }
    // A shield's minimum Strength matters even with no weapon to pair it with.
    for s in shields.iter() {
        for warning in am::strength_warnings(strength, s, None) {
            out.warn(item_field(&s.id), warning, Some("ars-magica/rule/weapon-statistics"));
        }
    }
    Ok(())
}

/// Movement: walk, hurry and run in paces per round.
fn movement(quickness: i64, encumbrance: i64, out: &mut Derived) -> Result<()> {
    let m = am::movement(quickness, encumbrance)?;
    let (walk_terms, factors) = m.terms.split_at(m.terms.len() - 2);
    out.push("movement.walk", "Walk (paces per round)", "Movement", m.walk, walk_terms.to_vec(), Some(T_MOVEMENT));
    // The run's factor doubles the hurry, so the run's terms carry both.
    for (key, label, value, upto) in
        [("movement.hurry", "Hurry (paces per round)", m.hurry, 1), ("movement.run", "Run (paces per round)", m.run, 2)]
    {
        let mut terms = vec![Term::num("Walk", m.walk, Some(T_MOVEMENT))];
        terms.extend(factors[..upto].iter().cloned());
        out.push(key, label, "Movement", value, terms, Some(T_MOVEMENT));
    }

    Ok(())
}
