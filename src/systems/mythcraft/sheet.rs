//! The MythCraft sheet (an adventurer) and what the combat reference works out from it:
//! AP, movement and jumps, crit ranges, Bloodied, Death Points and the conditions that
//! come with other conditions.

use super::rules::{self as mc, DamageType, DeathEvent, PerMode};
use crate::characters::Character;
use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::rules::Term;
use crate::sheets::layout::{
    family_section, header, int, list, list_section, notes, section, text, track, ListKind, SheetLayout, SheetSection,
};
use crate::sheets::{sheet_entry, Derived, Reader};
use crate::Kind;

/// Attribute scores: the span of the COR Bonus AP table, which the calculators also
/// accept for STR.
const ATTR: (i64, i64, i64) = (mc::COR_MIN, mc::COR_MAX, 0);
const STR: (i64, i64, i64) = (mc::STR_MIN, mc::STR_MAX, 0);
/// Defenses: the range the damage calculator takes for a defense.
const DEFENSE: (i64, i64, i64) = (mc::ROLL_MIN, mc::ROLL_MAX, 0);
const SPEED: (i64, i64) = (0, mc::SPEED_MAX);
/// Every adventurer starts with a 20 ft Speed.
const BASE_SPEED: i64 = 20;

const R_ABBREVIATIONS: &str = "mythcraft/rule/abbreviations";
const R_INITIATIVE: &str = "mythcraft/rule/initiative";
const R_AP: &str = "mythcraft/rule/action-points";
const R_REACTIVE: &str = "mythcraft/rule/reactive-ap";
const R_MOVE: &str = "mythcraft/rule/movement";
const R_JUMP: &str = "mythcraft/rule/jump";
const R_WEAPON_CRIT: &str = "mythcraft/rule/weapon-crit";
const R_WEAPON_ATTACKS: &str = "mythcraft/rule/attacks";
const R_SHIELD: &str = "mythcraft/rule/shield-hp";
const R_DYING: &str = "mythcraft/rule/dying";
const R_RESIST: &str = "mythcraft/rule/resist";
const R_VULNERABLE: &str = "mythcraft/rule/vulnerable";
const R_IMMUNE: &str = "mythcraft/rule/immune";
const R_DR: &str = "mythcraft/rule/damage-reduction";
const T_DAMAGE_TYPES: &str = "mythcraft/table/damage-types";
const C_AFFINITY: &str = "mythcraft/condition/affinity";
const C_BLOODIED: &str = "mythcraft/condition/bloodied";
const C_FATIGUED: &str = "mythcraft/condition/fatigued";

const G_TURN: &str = "Turn";
const G_MOVE: &str = "Movement";
const G_ATTACK: &str = "Attacks";
const G_HEALTH: &str = "Health";
const G_DAMAGE: &str = "Damage traits";
const G_CONDITIONS: &str = "Conditions";

/// The damage types as family members: (key, label).
const DAMAGE_TYPES: &[(&str, &str)] = &[
    ("blunt", "Blunt"),
    ("sharp", "Sharp"),
    ("cold", "Cold"),
    ("corrosive", "Corrosive"),
    ("electric", "Electric"),
    ("fire", "Fire"),
    ("toxic", "Toxic"),
    ("necrotic", "Necrotic"),
    ("psychic", "Psychic"),
    ("radiant", "Radiant"),
    ("sonic", "Sonic"),
];

pub(crate) fn layout() -> SheetLayout {
    let speed = |key: &str, label: &str, default: i64, help: &str| {
        int(key, label, None, (SPEED.0, SPEED.1, default), help).rule(R_MOVE)
    };
    let defense = |key: &str, label: &str, short: &str, help: &str| {
        int(key, label, Some(short), DEFENSE, help).rule(R_ABBREVIATIONS)
    };
    SheetLayout {
        system: super::rules::SYSTEM.into(),
        title: "Adventurer".into(),
        sections: vec![
            header(vec![
                text("class", "Class", "Your class, e.g. Cleric or Berzerker."),
                int(
                    "level",
                    "Level",
                    None,
                    (mc::LEVEL_MIN, mc::LEVEL_MAX, mc::LEVEL_MIN),
                    "1 to 20; sets how much Reactive AP carries over.",
                )
                .rule(R_REACTIVE),
            ]),
            attributes_section(),
            section(
                "movement",
                "Speeds (ft)",
                vec![
                    speed("speed.walk", "Speed", BASE_SPEED, "Walking speed; 20 ft to start with."),
                    speed("speed.swim", "Swim", 0, "0 if you have no swim speed."),
                    speed("speed.fly", "Fly", 0, "0 if you cannot fly."),
                    speed("speed.climb", "Climb", 0, "0 if you have no climb speed."),
                    speed("speed.burrow", "Burrow", 0, "0 if you cannot burrow."),
                ],
            ),
            health_section(),
            section(
                "defenses",
                "Defenses",
                vec![
                    defense("defense.ar", "AR", "AR", "Armour rating: what weapon attacks must reach."),
                    defense("defense.ref", "REF", "REF", "A physical defense."),
                    defense("defense.fort", "FORT", "FORT", "A physical defense."),
                    defense("defense.ant", "ANT", "ANT", "A mental defense."),
                    defense("defense.log", "LOG", "LOG", "A mental defense."),
                    defense("defense.will", "WILL", "WILL", "A mental defense."),
                ],
            ),
            attacks_section(),
            family_section("resist", "Resist", "resist.", "Resist", (0, mc::RATING_MAX), DAMAGE_TYPES),
            family_section("vulnerable", "Vulnerable", "vulnerable.", "Vulnerable", (0, mc::RATING_MAX), DAMAGE_TYPES),
            protections_section(),
            list_section(
                "conditions",
                "Conditions",
                list(ListKind::Conditions, &[Kind::Condition], false, "The conditions you are under right now."),
                vec![],
            ),
            section("notes", "Notes", vec![notes()]),
        ],
    }
}

/// The eight attributes, each with what it sets on the sheet.
fn attributes_section() -> SheetSection {
    section(
        "attributes",
        "Attributes",
        vec![
            int("strength", "Strength", Some("STR"), STR, "Sets your jump distances.").rule(R_JUMP),
            int("dexterity", "Dexterity", Some("DEX"), ATTR, "Aim and agility.").rule(R_ABBREVIATIONS),
            int("coordination", "Coordination", Some("COR"), ATTR, "Sets the bonus AP you gain each turn.")
                .rule("mythcraft/table/coordination-cor-bonus-ap"),
            int("awareness", "Awareness", Some("AWR"), ATTR, "Added to your initiative roll.").rule(R_INITIATIVE),
            int("endurance", "Endurance", Some("END"), ATTR, "How long you last without air.").rule(R_ABBREVIATIONS),
            int("intelligence", "Intelligence", Some("INT"), ATTR, "Knowledge and reasoning.").rule(R_ABBREVIATIONS),
            int("charisma", "Charisma", Some("CHA"), ATTR, "Force of personality.").rule(R_ABBREVIATIONS),
            int("luck", "Luck", Some("LUCK"), ATTR, "Added to the damage of a critical hit.").rule(R_WEAPON_CRIT),
        ],
    )
}

/// HP, Shield HP and Death Points.
fn health_section() -> SheetSection {
    section(
        "health",
        "Health",
        vec![
            int("hp", "HP", None, (0, mc::AMOUNT_MAX, 0), "Hit points you have now; leave empty while unhurt.")
                .rule(C_BLOODIED),
            int("max-hp", "Maximum HP", None, (1, mc::AMOUNT_MAX, 1), "Your hit points when unhurt.")
                .rule(C_BLOODIED),
            int(
                "shield-hp",
                "Shield HP",
                None,
                (0, mc::AMOUNT_MAX, 0),
                "Only the largest source counts; lost before HP.",
            )
            .rule(R_SHIELD),
            track(
                "death-points",
                "Death Points",
                mc::DEATH_AT,
                "Gained at 0 HP (ending a turn, taking damage), from massive damage, Fatigue and Suffocating; the eighth is death.",
            )
                .rule(R_DYING),
        ],
    )
}

/// What an attack costs and how far the crit range widens.
fn attacks_section() -> SheetSection {
    section(
        "attacks",
        "Attacks",
        vec![
            int(
                "attack-ap",
                "AP per weapon attack",
                None,
                (0, mc::ACTIONS_MAX, 0),
                "What an attack with your usual weapon costs; the tracker uses it when no AP is typed.",
            )
            .rule(R_WEAPON_ATTACKS),
            int(
                "crit-expansions",
                "Crit range increases",
                None,
                (0, mc::EXPANSIONS_MAX, 0),
                "How many steps your abilities widen your crit range.",
            )
            .rule(R_WEAPON_CRIT),
        ]
        .into_iter()
        .chain(super::encounter::menu::SHEET_ATTACKS.iter().enumerate().map(|(i, key)| {
            text(
                key,
                &format!("Attack {}", i + 1),
                "A weapon or spell you attack with, as Name: bonus, damage dice, type, melee or ranged, AP (Short sword: +5, 1d6+2 sharp, melee, 2 AP). At the table your phone rolls it for you.",
            )
            .rule(R_WEAPON_ATTACKS)
        }))
        .collect(),
    )
}

/// Immune, Affinity and damage reduction.
fn protections_section() -> SheetSection {
    section(
        "protections",
        "Other damage traits",
        vec![
            text("immune", "Immune to", "Damage types, separated by commas: fire, cold.").rule(R_IMMUNE),
            text("affinity", "Affinity with", "Damage types, separated by commas.").rule(C_AFFINITY),
            int("dr", "Damage reduction", Some("DR"), (0, mc::DR_MAX, 0), "Taken off all damage you take.").rule(R_DR),
            text(
                "dr-except",
                "DR bypassed by",
                "What follows the slash of DR X/…: a damage type, weapon tag or magic source.",
            )
            .rule(R_DR),
        ],
    )
}

/// The crit range as the player reads it: `20` or `18-20`.
fn crit_text(crit_min: i64) -> String {
    if crit_min >= mc::CRIT_NATURAL {
        mc::CRIT_NATURAL.to_string()
    } else {
        format!("{crit_min}-{}", mc::CRIT_NATURAL)
    }
}

/// The damage types named in a comma-separated text field; unknown words are warned
/// about beside the field and left out.
fn damage_types(r: &Reader, key: &str, out: &mut Derived) -> Vec<DamageType> {
    let Some(raw) = r.text(key) else { return Vec::new() };
    let mut types = Vec::new();
    for word in raw.split([',', ';']).map(str::trim).filter(|w| !w.is_empty()) {
        match DamageType::parse(word) {
            Ok(t) if !types.contains(&t) => types.push(t),
            Ok(_) => {}
            Err(e) => out.warn(Some(key.into()), e.to_string(), Some(T_DAMAGE_TYPES)),
        }
    }
    types
}

/// Rated damage types from a family (`resist.fire` = 3); members that are not damage
/// types are warned about and left out.
fn rated(r: &mut Reader, prefix: &str, out: &mut Derived) -> Vec<(DamageType, String, i64)> {
    let mut list = Vec::new();
    for (key, _, value) in r.family(prefix) {
        match DamageType::parse(&key[prefix.len()..]) {
            Ok(t) => list.push((t, key, value)),
            Err(e) => out.warn(Some(key), e.to_string(), Some(T_DAMAGE_TYPES)),
        }
    }
    list
}

/// What the rules derive from a MythCraft sheet, a step a group of the derived panel:
/// the turn, movement, crits, health, Death Points, damage traits and the conditions
/// the listed ones bring.
pub(crate) fn derive(tome: &dyn Rulebook, c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
    let level = r.int("level");
    let strength = r.int("strength");
    let coordination = r.int("coordination");
    let awareness = r.int("awareness");
    let luck = r.int("luck");

    turn(c, level, coordination, awareness, out);
    movement(r, strength, out);
    crits(r, luck, out);
    health(c, r, out);
    death_points(c, r, out)?;
    damage_traits(r, out);
    written_attacks(c, out);
    implied_conditions(tome, c, out)?;
    Ok(())
}

/// A written attack Tome could not roll: no damage dice, or not melee or ranged.
fn written_attacks(c: &Character, out: &mut Derived) {
    for key in super::encounter::menu::SHEET_ATTACKS {
        let Some(crate::characters::SheetValue::Text(line)) = c.values.get(key) else { continue };
        let Some((_, numbers)) = crate::encounters::AdversaryAttack::split_written(line) else { continue };
        // Read as the fight reads it (one parser: `WrittenAttack::parse`).
        let written = super::rules::WrittenAttack::parse(numbers);
        if !written.has_dice() {
            out.warn(
                Some(key.into()),
                "no damage dice (such as 1d6): Tome cannot roll its damage",
                Some(R_WEAPON_ATTACKS),
            );
        }
        if written.range.is_none() {
            out.warn(Some(key.into()), "say melee or ranged, so the phone need not ask", Some(R_WEAPON_ATTACKS));
        }
    }
}

/// The turn: initiative (AWR added to a d20, with what the conditions listed do to
/// every d20, as the fight rolls it), AP each turn and the reactive AP carried over.
fn turn(c: &Character, level: i64, coordination: i64, awareness: i64, out: &mut Derived) {
    let held: Vec<&str> = c.conditions.iter().map(|x| x.entry_id.rsplit('/').next().unwrap_or(&x.entry_id)).collect();
    let effects = mc::condition_effects(&held);
    let mut terms = vec![Term::num("AWR", awareness, Some(R_INITIATIVE))];
    for (name, id, shift) in &effects.d20_by {
        terms.push(Term::num(format!("{name}: every d20"), *shift, Some(id)));
    }
    for (name, id) in &effects.lower_by {
        terms.push(Term::text(format!("{name}: the d20 is rolled twice"), "the lower kept", Some(id)));
    }
    out.push("initiative", "Initiative (added to a d20)", G_TURN, awareness + effects.d20, terms, Some(R_INITIATIVE));
    match mc::action_points(coordination, level, 0) {
        Ok(ap) => {
            out.push("ap", "AP each turn", G_TURN, ap.total, ap.terms, Some(R_AP));
            out.push(
                "reactive-cap",
                "Reactive AP carried over (at most)",
                G_TURN,
                ap.reactive_cap,
                vec![Term::num(
                    format!("Level {level}: half the level, rounded up, plus 1"),
                    ap.reactive_cap,
                    Some(R_REACTIVE),
                )],
                Some(R_REACTIVE),
            );
        }
        Err(e) => out.warn(Some("coordination".into()), e.to_string(), Some(R_AP)),
    }
}

/// Movement for 1 AP by the speeds written, and the jumps STR gives (no jump going
/// further than the move it is part of).
fn movement(r: &mut Reader, strength: i64, out: &mut Derived) {
    let speeds = PerMode {
        walk: r.int("speed.walk"),
        swim: r.int("speed.swim"),
        fly: r.int("speed.fly"),
        climb: r.int("speed.climb"),
        burrow: r.int("speed.burrow"),
    };
    let allowance = match mc::movement(speeds, PerMode::default()) {
        Ok(m) => {
            out.push("move", "Movement for 1 AP (ft)", G_MOVE, m.budget_ft, m.terms, Some(R_MOVE));
            Some(m.budget_ft)
        }
        Err(e) => {
            out.warn(Some("speed.walk".into()), e.to_string(), Some(R_MOVE));
            None
        }
    };
    match mc::jump(strength) {
        Ok(j) => {
            // The doubling is for the horizontal jump only.
            let vertical: Vec<Term> = j.terms.iter().filter(|t| !t.label.starts_with("Horizontal")).cloned().collect();
            out.push("jump.vertical", "Vertical jump (ft)", G_MOVE, j.vertical_ft, vertical, Some(R_JUMP));
            let mut terms = j.terms;
            if let Some(a) = allowance.filter(|a| *a < j.horizontal_ft) {
                terms.push(Term::text(
                    "No jump goes further than the move it is part of",
                    format!("{a} ft"),
                    Some(R_JUMP),
                ));
            }
            out.push("jump.horizontal", "Horizontal jump (ft)", G_MOVE, j.horizontal_ft, terms, Some(R_JUMP));
        }
        Err(e) => out.warn(Some("strength".into()), e.to_string(), Some(R_JUMP)),
    }
}

/// The crit range (its expansions, and any wasted past 16-20) and what LUCK adds to a
/// crit's damage.
fn crits(r: &mut Reader, luck: i64, out: &mut Derived) {
    match mc::crit_range(r.int("crit-expansions"), 0) {
        Ok(cr) => {
            out.push(
                "crit-range",
                "Crit range (natural d20)",
                G_ATTACK,
                crit_text(cr.crit_min),
                cr.terms,
                Some(R_WEAPON_CRIT),
            );
            if cr.wasted > 0 {
                out.warn(
                    Some("crit-expansions".into()),
                    format!("{} of the increases go past 16-20 and change nothing", cr.wasted),
                    Some(R_WEAPON_CRIT),
                );
            }
        }
        Err(e) => out.warn(Some("crit-expansions".into()), e.to_string(), Some(R_WEAPON_CRIT)),
    }
    out.push(
        "crit-damage-bonus",
        "Added to critical damage",
        G_ATTACK,
        luck,
        vec![Term::num("LUCK", luck, Some(R_WEAPON_CRIT))],
        Some(R_WEAPON_CRIT),
    );
}

/// HP, Shield HP and Bloodied, when a maximum HP is written (HP left empty read as
/// unhurt, HP over the maximum read as the maximum).
fn health(c: &Character, r: &mut Reader, out: &mut Derived) {
    let shield = r.int("shield-hp");
    if r.text("max-hp").is_some() {
        let max = r.int("max-hp");
        let written = r.text("hp").is_some();
        let mut hp = if written { r.int("hp") } else { max };
        if hp > max {
            out.warn(
                Some("hp".into()),
                format!("HP {hp} is more than maximum HP {max}; derived stats use {max}"),
                None,
            );
            hp = max;
        }
        let hp_term =
            if written { Term::num("HP", hp, None) } else { Term::num("HP (empty, so read as unhurt)", hp, None) };
        match mc::bloodied(hp, max) {
            Ok((bloodied, at)) => {
                // A comparison, so both numbers are said, not added.
                let terms = vec![
                    Term::note(hp_term.label.clone(), hp, None),
                    Term::note("Bloodied at or below half the maximum HP", at, Some(C_BLOODIED)),
                ];
                out.push("bloodied", "Bloodied", G_HEALTH, bloodied, terms, Some(C_BLOODIED));
                out.push(
                    "bloodied-at",
                    "Bloodied at HP (or less)",
                    G_HEALTH,
                    at,
                    vec![Term::num(format!("Half of maximum HP {max}, rounded down"), at, Some(C_BLOODIED))],
                    Some(C_BLOODIED),
                );
                if !bloodied && listed(c, C_BLOODIED) {
                    out.warn(
                        Some(format!("condition:{C_BLOODIED}")),
                        format!("HP {hp} is above half the maximum, so the character is not Bloodied"),
                        Some(C_BLOODIED),
                    );
                }
            }
            Err(e) => out.warn(Some("hp".into()), e.to_string(), Some(C_BLOODIED)),
        }
        out.push(
            "hp-with-shield",
            "Damage before 0 HP",
            G_HEALTH,
            hp + shield,
            vec![Term::num("Shield HP (lost first)", shield, Some(R_SHIELD)), hp_term],
            Some(R_SHIELD),
        );
        if hp == 0 {
            out.warn(Some("hp".into()), "At 0 HP the character is dying and gains Death Points", Some(R_DYING));
        }
    }
}

/// Death Points: how many are left before death, and what a Recoup or a Rest leaves.
fn death_points(c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
    let points = r.int("death-points");
    let fatigued = listed(c, C_FATIGUED);
    match mc::death_points(points, &[], false, fatigued) {
        Ok(t) if t.dead => {
            out.warn(
                Some("death-points".into()),
                format!("{} Death Points: the character is dead", t.points),
                Some(R_DYING),
            );
        }
        Ok(t) => {
            out.push(
                "death-points.left",
                "Death Points before death",
                G_HEALTH,
                mc::DEATH_AT - t.points,
                vec![
                    Term::num("Death comes at", mc::DEATH_AT, Some(R_DYING)),
                    Term::num("Death Points", -t.points, Some(R_DYING)),
                ],
                Some(R_DYING),
            );
            if t.points > 0 {
                for (event, key, label) in [
                    (DeathEvent::Recoup, "death-points.after-recoup", "Death Points after a Recoup"),
                    (DeathEvent::Rest, "death-points.after-rest", "Death Points after a Rest"),
                ] {
                    let after = mc::death_points(t.points, &[event], false, fatigued)?;
                    out.push(key, label, G_HEALTH, after.points, after.terms, Some(R_DYING));
                }
            }
        }
        Err(e) => out.warn(Some("death-points".into()), e.to_string(), Some(R_DYING)),
    }
    Ok(())
}

/// Damage traits: Resist, Vulnerable (which overrides Immune, Resist and DR), Immune,
/// Affinity and DR.
fn damage_traits(r: &mut Reader, out: &mut Derived) {
    let resist = rated(r, "resist.", out);
    let vulnerable = rated(r, "vulnerable.", out);
    let immune = damage_types(r, "immune", out);
    damage_types(r, "affinity", out);
    let vulnerable: Vec<_> = vulnerable.into_iter().filter(|(_, _, x)| *x > 0).collect();
    for (t, _, x) in &vulnerable {
        let slug = t.label().to_lowercase();
        match mc::crit_range(0, *x) {
            Ok(cr) => out.push(
                format!("crit-against.{slug}"),
                format!("Crit range of {} attacks on you", t.label()),
                G_DAMAGE,
                crit_text(cr.crit_min),
                cr.terms,
                Some(R_VULNERABLE),
            ),
            Err(e) => out.warn(Some(format!("vulnerable.{slug}")), e.to_string(), Some(R_VULNERABLE)),
        }
        if immune.contains(t) {
            out.warn(
                Some("immune".into()),
                format!("Vulnerable to {0} overrides Immune to {0}", t.label()),
                Some(R_VULNERABLE),
            );
        }
        if let Some((_, key, _)) = resist.iter().find(|(r, _, n)| r == t && *n > 0) {
            out.warn(
                Some(key.clone()),
                format!("Vulnerable to {0} overrides Resist against {0}", t.label()),
                Some(R_VULNERABLE),
            );
        }
    }
    for (t, _, x) in resist.iter().filter(|(_, _, x)| *x > 0) {
        if !vulnerable.iter().any(|(v, _, _)| v == t) {
            out.push(
                format!("resist-bonus.{}", t.label().to_lowercase()),
                format!("Defense bonus against {} attacks", t.label()),
                G_DAMAGE,
                *x,
                vec![Term::num(format!("Resist {}", t.label()), *x, Some(R_RESIST))],
                Some(R_RESIST),
            );
        }
    }
    let dr = r.int("dr");
    if dr > 0 {
        let mut terms = vec![Term::num("DR", dr, Some(R_DR))];
        if let Some(except) = r.text("dr-except") {
            terms.push(Term::text("Full damage from", except, Some(R_DR)));
        }
        if !vulnerable.is_empty() {
            let names: Vec<&str> = vulnerable.iter().map(|(t, _, _)| t.label()).collect();
            terms.push(Term::text("No DR against types you are Vulnerable to", names.join(", "), Some(R_VULNERABLE)));
        }
        out.push("dr", "Taken off each hit", G_DAMAGE, dr, terms, Some(R_DR));
    }
}

/// The conditions that come with the ones listed (Broken brings Frightened and Shaken).
fn implied_conditions(tome: &dyn Rulebook, c: &Character, out: &mut Derived) -> Result<()> {
    if !c.conditions.is_empty() {
        let mut names: Vec<String> = Vec::new();
        let mut terms = Vec::new();
        for cond in &c.conditions {
            let field = format!("condition:{}", cond.entry_id);
            if sheet_entry(tome, &cond.entry_id, field.clone(), out)?.is_none() {
                continue;
            }
            match mc::implied_conditions(tome, &cond.entry_id) {
                Ok((included, t)) => {
                    for i in included {
                        if !listed(c, &i.id) && !names.contains(&i.name) {
                            names.push(i.name);
                        }
                    }
                    terms.extend(t);
                }
                Err(Error::InvalidInput(why)) => out.warn(Some(field), why, None),
                Err(e) => return Err(e),
            }
        }
        if terms.is_empty() {
            terms.push(Term::text("The conditions listed bring no others", "none", None));
        }
        let value = if names.is_empty() { "none".to_string() } else { names.join(", ") };
        out.push("conditions.implied", "Also under", G_CONDITIONS, value, terms, None);
    }
    Ok(())
}

/// Whether the sheet lists the condition `id`.
fn listed(c: &Character, id: &str) -> bool {
    c.conditions.iter().any(|x| x.entry_id == id)
}
