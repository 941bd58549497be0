//! The tests of this system's rules: the documents' worked examples and tables.

use std::collections::BTreeMap;

use super::*;
use crate::Tome;

pub(super) fn values(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

pub(super) fn calc(tome: &dyn Rulebook, name: &str, pairs: &[(&str, &str)]) -> Result<serde_json::Value> {
    crate::systems::calculate(tome, SYSTEM, name, values(pairs)).map(|o| o.to_json())
}

pub(super) fn err(tome: &dyn Rulebook, name: &str, pairs: &[(&str, &str)]) -> String {
    match crate::systems::calculate(tome, SYSTEM, name, values(pairs)) {
        Ok(o) => panic!("{name} {pairs:?} should fail, gave {:?}", o.fields),
        Err(e) => e.to_string(),
    }
}

// --- Enchantments ------------------------------------------------------------

/// One magical enchantment on its own is fine.
#[test]
fn one_magical_enchantment_is_allowed() {
    let c = check_enchantments(&[Enchantment::magical("Barkskin")]);
    assert!(c.allowed);
    assert!(c.problems.is_empty());
}

/// A second magical enchantment breaks the one-at-a-time limit, and the problem names both.
#[test]
fn two_magical_enchantments_are_not() {
    let c = check_enchantments(&[Enchantment::magical("Barkskin"), Enchantment::magical("Stoneskin")]);
    assert!(!c.allowed);
    assert_eq!(c.problems.len(), 1);
    assert!(c.problems[0].contains("only one magical"), "{:?}", c.problems);
    assert!(c.problems[0].contains("Barkskin") && c.problems[0].contains("Stoneskin"));
}

/// (ex) enchantments do not count toward the magical limit, and differently named ones
/// may be worn together alongside one magical enchantment.
#[test]
fn extraordinary_of_different_names_are_allowed() {
    let c = check_enchantments(&[
        Enchantment::magical("Barkskin"),
        Enchantment::extraordinary("Ancestral Armor"),
        Enchantment::extraordinary("Gift of Air"),
    ]);
    assert!(c.allowed, "{:?}", c.problems);
}

/// Two (ex) enchantments of one name are never allowed, even with different spacing or case.
#[test]
fn extraordinary_of_the_same_name_are_not() {
    let c = check_enchantments(&[
        Enchantment::extraordinary("Ancestral Armor"),
        Enchantment::extraordinary("ancestral  armor"),
    ]);
    assert!(!c.allowed);
    assert_eq!(c.problems.len(), 1);
    assert!(c.problems[0].contains("Ancestral Armor") && c.problems[0].contains("2 times"), "{:?}", c.problems);
}

/// Both rules broken at once: both are reported.
#[test]
fn both_enchantment_rules_broken_are_both_reported() {
    let worn = parse_enchantments("m:Barkskin, m:Stoneskin, ex:Ancestral Armor, ex:Ancestral Armor").unwrap();
    let c = check_enchantments(&worn);
    assert!(!c.allowed);
    assert_eq!(c.problems.len(), 2, "{:?}", c.problems);
    let rules: Vec<_> = c.terms.iter().filter_map(|t| t.rule.as_deref()).collect();
    assert!(rules.contains(&R_ENCHANTMENTS) && rules.contains(&R_M_EX));
}

#[test]
fn enchantment_list_parsing() {
    let worn = parse_enchantments(" M:Barkskin ,extraordinary: Ancestral   Armor").unwrap();
    assert_eq!(worn, vec![Enchantment::magical("Barkskin"), Enchantment::extraordinary("Ancestral Armor")]);
    // A stray comma means an enchantment went missing: refused, not dropped.
    let e = parse_enchantments("m:Barkskin,,ex:Ancestral Armor").unwrap_err().to_string();
    assert!(e.contains("--enchantments: item 2 of 3"), "{e}");
    assert!(parse_enchantments("m:Barkskin,").unwrap_err().to_string().contains("item 2 of 2"));
    assert!(parse_enchantments("").unwrap_err().to_string().contains("--enchantments is empty"));
    for bad in ["Barkskin", "x:Barkskin", "m:", "m:Barkskin,ex"] {
        let e = parse_enchantments(bad).unwrap_err().to_string();
        assert!(e.contains("m:NAME") && e.contains("ex:NAME"), "{bad}: {e}");
    }
}

// --- Magic Armor -------------------------------------------------------------

/// The document's example: Stoneskin (2) with Barkskin (1) gives 2, from Stoneskin;
/// with Stoneskin gone the maximum is Barkskin's 1, a location at 2 falls to 1 and a
/// location at 1 or 0 stays where it is.
#[test]
fn stoneskin_and_barkskin_example() {
    let both = [MagicArmorSource::new("Stoneskin", 2), MagicArmorSource::new("Barkskin", 1)];
    let a = magic_armor(&both, WornArmor::intact(0), CameFirst::Worn, None, Enhancement::None).unwrap();
    assert_eq!((a.counts, a.source.as_str()), (2, "Stoneskin"));
    assert!(a.terms.iter().any(|t| t.label.starts_with("Barkskin (ignored")));

    let bark = [MagicArmorSource::new("Barkskin", 1)];
    for (current, after) in [(2, 1), (1, 1), (0, 0)] {
        let a = magic_armor(&bark, WornArmor::intact(0), CameFirst::Worn, Some(current), Enhancement::None).unwrap();
        assert_eq!(a.counts, 1);
        assert_eq!(a.location_points, Some(after), "location at {current}");
    }
}

/// Magic Armor never adds up: the highest single source counts, whatever the order given.
#[test]
fn magic_armor_takes_the_highest_never_the_sum() {
    for a in 1..=MAX_ARMOR {
        for b in 1..=MAX_ARMOR {
            let r = magic_armor(
                &[MagicArmorSource::new("A", a), MagicArmorSource::new("B", b)],
                WornArmor::intact(0),
                CameFirst::Worn,
                None,
                Enhancement::None,
            )
            .unwrap();
            assert_eq!(r.counts, a.max(b));
            assert_eq!(r.source, if b > a { "B" } else { "A" });
        }
    }
}

/// Worn armour and Magic Armor do not combine: which one stands depends on which was
/// there first; armour rated 0 may be worn alongside.
#[test]
fn worn_and_magic_armor_do_not_stack() {
    let stone = [MagicArmorSource::new("Stoneskin", 2)];
    let a = magic_armor(&stone, WornArmor::intact(3), CameFirst::Worn, None, Enhancement::None).unwrap();
    assert_eq!((a.counts, a.source.as_str()), (3, "worn armor"));
    assert!(a.warnings[0].contains("fail"));
    let a = magic_armor(&stone, WornArmor::intact(3), CameFirst::Magic, None, Enhancement::None).unwrap();
    assert_eq!((a.counts, a.source.as_str()), (2, "Stoneskin"));
    assert!(a.warnings[0].contains("may not be put on"));
    let a = magic_armor(&stone, WornArmor::intact(0), CameFirst::Worn, None, Enhancement::None).unwrap();
    assert_eq!((a.counts, a.source.as_str()), (2, "Stoneskin"));
    assert!(a.warnings.is_empty());
    let a = magic_armor(&[], WornArmor::intact(0), CameFirst::Worn, None, Enhancement::None).unwrap();
    assert_eq!((a.counts, a.source.as_str()), (0, "none"));
}

#[test]
fn magic_armor_bad_inputs() {
    assert!(magic_armor(&[], WornArmor::intact(-1), CameFirst::Worn, None, Enhancement::None)
        .unwrap_err()
        .to_string()
        .contains("from 0 to 10"));
    assert!(magic_armor(
        &[MagicArmorSource::new("X", 0)],
        WornArmor::intact(0),
        CameFirst::Worn,
        None,
        Enhancement::None
    )
    .is_err());
    for bad in ["Stoneskin", "Stoneskin:two", ":2", "Stoneskin:0", "Stoneskin:11"] {
        let e = parse_magic_sources(bad).unwrap_err().to_string();
        assert!(e.contains("NAME:POINTS") || e.contains("from 1 to 10"), "{bad}: {e}");
    }
    assert_eq!(parse_magic_sources("2, 1").unwrap()[1], MagicArmorSource::new("Magic Armor source 2", 1));
}

// --- Special Effects -----------------------------------------------------------

/// An ordinary hit on armour costs the location 1 point (the Ability Order example)
/// and does not wound; on an unarmoured location it wounds.
#[test]
fn ordinary_hit() {
    let r = hit(Hit::new(Effect::None, 3)).unwrap();
    assert_eq!((r.armor_after, r.wounded, r.killed), (2, false, false));
    let r = hit(Hit::new(Effect::None, 0)).unwrap();
    assert_eq!((r.armor_after, r.wounded, r.killed), (0, true, false));
}

/// Armor Breaking: 3 points or fewer are stripped to 0; 4 or more take an ordinary hit.
#[test]
fn armor_breaking_boundary() {
    let four = hit(Hit::new(Effect::ArmorBreaking, 4)).unwrap();
    assert_eq!(four.armor_after, 3, "4 points: ordinary hit");
    assert!(!four.wounded);
    let three = hit(Hit::new(Effect::ArmorBreaking, 3)).unwrap();
    assert_eq!(three.armor_after, 0, "3 points: all removed");
    assert!(!three.wounded);
    for armor in 1..=ARMOR_BREAKING_THRESHOLD {
        assert_eq!(hit(Hit::new(Effect::ArmorBreaking, armor)).unwrap().armor_after, 0);
    }
    for armor in ARMOR_BREAKING_THRESHOLD + 1..=MAX_ARMOR {
        assert_eq!(hit(Hit::new(Effect::ArmorBreaking, armor)).unwrap().armor_after, armor - 1);
    }
    // Players are not affected by Armor Breaking: with no armour it is a plain wound.
    let bare = hit(Hit::new(Effect::ArmorBreaking, 0)).unwrap();
    assert_eq!((bare.wounded, bare.killed), (true, false));
}

/// Armor Destroying takes any armoured location to 0, however many points it had.
#[test]
fn armor_destroying() {
    for armor in 1..=MAX_ARMOR {
        let r = hit(Hit::new(Effect::ArmorDestroying, armor)).unwrap();
        assert_eq!((r.armor_after, r.wounded), (0, false), "armor {armor}");
    }
}

/// Shield Crushing: the 1st and 2nd hits leave the shield damaged (repairable), the
/// 3rd destroys it.
#[test]
fn shield_crushing_three_hits() {
    let first = hit(Hit::on_shield(Effect::ShieldCrushing, 0)).unwrap();
    assert_eq!((first.shield, first.shield_hits_after), (ShieldState::Damaged, 1));
    let second = hit(Hit::on_shield(Effect::ShieldCrushing, 1)).unwrap();
    assert_eq!((second.shield, second.shield_hits_after), (ShieldState::Damaged, 2));
    let third = hit(Hit::on_shield(Effect::ShieldCrushing, 2)).unwrap();
    assert_eq!((third.shield, third.shield_hits_after), (ShieldState::Destroyed, 3));
    assert!(!third.wounded);
}

/// Shield Destroying: one hit destroys even an untouched shield.
#[test]
fn shield_destroying() {
    for prior in 0..SHIELD_CRUSHING_HITS {
        assert_eq!(hit(Hit::on_shield(Effect::ShieldDestroying, prior)).unwrap().shield, ShieldState::Destroyed);
    }
    // An ordinary hit, or an armour effect, leaves a shield as it was.
    assert_eq!(hit(Hit::on_shield(Effect::None, 0)).unwrap().shield, ShieldState::Intact);
    assert_eq!(hit(Hit::on_shield(Effect::ArmorDestroying, 1)).unwrap().shield, ShieldState::Damaged);
}

/// Weapon Destroying destroys the weapon it hits; other effects leave weapons alone.
#[test]
fn weapon_destroying() {
    assert!(hit(Hit::on_weapon(Effect::WeaponDestroying)).unwrap().weapon_destroyed);
    for e in Effect::ALL.into_iter().filter(|e| *e != Effect::WeaponDestroying) {
        assert!(!hit(Hit::on_weapon(e)).unwrap().weapon_destroyed, "{e:?}");
    }
}

/// Wounds Kill: a wound from it kills; armour is not affected by it (an ordinary hit),
/// and a player Immune to Death is only wounded.
#[test]
fn wounds_kill() {
    let bare = hit(Hit::new(Effect::WoundsKill, 0)).unwrap();
    assert_eq!((bare.wounded, bare.killed), (true, true));
    let armored = hit(Hit::new(Effect::WoundsKill, 2)).unwrap();
    assert_eq!((armored.armor_after, armored.wounded, armored.killed), (1, false, false));
    let immune = hit(Hit { immune_to_death: true, ..Hit::new(Effect::WoundsKill, 0) }).unwrap();
    assert_eq!((immune.wounded, immune.killed), (true, false));
}

/// Fragile: the next wound kills, whatever caused it.
#[test]
fn fragile_dies_on_the_next_wound() {
    let r = hit(Hit { fragile: true, ..Hit::new(Effect::None, 0) }).unwrap();
    assert_eq!((r.wounded, r.killed), (true, true));
    let r = hit(Hit { fragile: true, ..Hit::new(Effect::None, 1) }).unwrap();
    assert_eq!((r.wounded, r.killed), (false, false), "armour took the hit");
}

/// Exhaustive: for every effect, target, armour and shield state, armour after a hit
/// is never negative and never more than before; a wound only happens on an
/// unarmoured location; shield hits never go down.
#[test]
fn hit_bounds_exhaustive() {
    for effect in Effect::ALL {
        for struck in [Struck::Location, Struck::Shield, Struck::Weapon] {
            for armor in 0..=MAX_ARMOR {
                for shield_hits in 0..SHIELD_CRUSHING_HITS {
                    for fragile in [false, true] {
                        let h = Hit { effect, struck, armor, shield_hits, fragile, ..Hit::new(effect, armor) };
                        let r = hit(h).unwrap();
                        assert!(r.armor_after >= 0 && r.armor_after <= armor, "{h:?} -> {}", r.armor_after);
                        assert!(!r.wounded || (struck == Struck::Location && armor == 0), "{h:?}");
                        assert!(!r.killed || r.wounded, "{h:?}");
                        assert!(r.shield_hits_after >= shield_hits, "{h:?}");
                        assert!(!r.terms.is_empty());
                    }
                }
            }
        }
    }
}

#[test]
fn hit_bad_inputs() {
    assert!(hit(Hit::new(Effect::None, -1)).unwrap_err().to_string().contains("from 0 to 10"));
    assert!(hit(Hit::new(Effect::None, 11)).unwrap_err().to_string().contains("from 0 to 10"));
    assert!(hit(Hit::on_shield(Effect::ShieldCrushing, 3)).unwrap_err().to_string().contains("from 0 to 2"));
    let e = Effect::parse("fireball").unwrap_err().to_string();
    assert!(e.contains("armor-breaking") && e.contains("wounds-kill"), "{e}");
    assert_eq!(Effect::parse("Armour Breaking").unwrap(), Effect::ArmorBreaking);
}

// --- Touch ----------------------------------------------------------------------

fn target(states: &[TargetState]) -> TouchTarget {
    TouchTarget { states: states.to_vec(), ..TouchTarget::default() }
}

/// Touch works on a willing, Dead, Stunned, Frozen or held-in-place Insubstantial
/// target, and on the caster; on anyone else it does not.
#[test]
fn touch_states() {
    assert!(touch(&TouchTarget { willing: true, ..TouchTarget::default() }, false).allowed);
    assert!(touch(&TouchTarget { is_self: true, ..TouchTarget::default() }, false).allowed);
    for s in [TargetState::Dead, TargetState::Stunned, TargetState::Frozen, TargetState::Insubstantial] {
        let t = touch(&target(&[s]), false);
        assert!(t.allowed, "{s:?}");
        assert!(t.reason.contains(s.name()), "{}", t.reason);
    }
    let free = TouchTarget { can_move: true, ..target(&[TargetState::Insubstantial]) };
    assert!(!touch(&free, false).allowed, "an Insubstantial player free to move does not qualify");
    for s in [
        TargetState::Cursed,
        TargetState::Fragile,
        TargetState::Immune,
        TargetState::Invulnerable,
        TargetState::Stopped,
        TargetState::Suppressed,
    ] {
        let t = touch(&target(&[s]), false);
        assert!(!t.allowed, "{s:?} alone does not open Touch");
        assert!(t.reason.contains("willing, Dead, Stunned, Frozen"), "{}", t.reason);
    }
    assert!(!touch(&TouchTarget::default(), false).allowed);
    // Any one qualifying state is enough.
    assert!(touch(&target(&[TargetState::Stopped, TargetState::Stunned]), false).allowed);
}

/// Enchantments go only on willing players: a Stunned stranger cannot be enchanted.
#[test]
fn touch_enchantments_need_willing() {
    assert!(!touch(&target(&[TargetState::Stunned]), true).allowed);
    assert!(touch(&TouchTarget { willing: true, ..target(&[TargetState::Stunned]) }, true).allowed);
}

/// A Frozen target may be touched, but the warning says most abilities will not affect it.
#[test]
fn touch_frozen_warns() {
    let t = touch(&target(&[TargetState::Frozen]), false);
    assert!(t.allowed && t.warnings.iter().any(|w| w.contains("Release")));
}

#[test]
fn state_parsing() {
    assert_eq!(parse_states("stunned, FROZEN,stunned").unwrap(), vec![TargetState::Stunned, TargetState::Frozen]);
    assert!(parse_states("none").unwrap().is_empty());
    let e = parse_states("asleep").unwrap_err().to_string();
    assert!(e.contains("Stunned") && e.contains("asleep"), "{e}");
}

// --- Ability Order --------------------------------------------------------------

/// The table's four steps, each in the shipped table row by row.
#[test]
fn ability_order_table_matches_shipped() {
    let tome = Tome::open_in_memory().unwrap();
    let table = tome.table(T_ABILITY_ORDER, None).unwrap();
    assert_eq!(table.rows.len(), ABILITY_ORDER.len());
    for (i, row) in table.rows.iter().enumerate() {
        assert_eq!(row.cells[0], (i + 1).to_string());
        assert_eq!(row.cells[1], ABILITY_ORDER[i]);
    }
    for kind in [EffectType::Trait, EffectType::Immunity, EffectType::Resistance, EffectType::Enchantment] {
        assert_eq!(table.rows[(kind.step() - 1) as usize].cells[1], kind.table_name());
    }
}

/// Given in reverse, the types come back Traits, Immunities, Resistances, other Enchantments.
#[test]
fn ability_order_sorts() {
    let effects = parse_effects("enchantment, resistance, immunity, trait").unwrap();
    let o = ability_order(&effects);
    let labels: Vec<String> = o.order.iter().map(SimultaneousEffect::label).collect();
    assert_eq!(labels, ABILITY_ORDER);
    assert_eq!(o.steps, vec![1, 2, 3, 4]);
}

/// The document's first example: Phoenix Tears and Troll Blood both go off at once.
/// Named enchantments keep their given order within the step and are flagged as simultaneous.
#[test]
fn phoenix_tears_and_troll_blood_trigger_together() {
    let effects =
        parse_effects("enchantment:Phoenix Tears, trait:Immunity to Subdual, enchantment:Troll Blood").unwrap();
    let o = ability_order(&effects);
    let labels: Vec<String> = o.order.iter().map(SimultaneousEffect::label).collect();
    assert_eq!(labels, ["Immunity to Subdual (Trait)", "Phoenix Tears (Enchantment)", "Troll Blood (Enchantment)"]);
    assert_eq!(o.steps, vec![1, 4, 4]);
    assert!(o.warnings[0].contains("same time"));
}

#[test]
fn effect_parsing_errors() {
    let e = parse_effects("trait, archetype").unwrap_err().to_string();
    assert!(e.contains("archetype") && e.contains("trait, immunity, resistance or enchantment"), "{e}");
    assert!(parse_effects("enchantment:").is_err());
    assert_eq!(parse_effects("Other Enchantments").unwrap()[0].kind, EffectType::Enchantment);
}

// --- Through the registry ----------------------------------------------------------

#[test]
fn calculators_through_the_registry() {
    let tome = Tome::open_in_memory().unwrap();

    let ok =
        calc(&tome, "enchantments", &[("enchantments", "m:Barkskin,ex:Ancestral Armor,ex:Ancestral Armor")]).unwrap();
    assert_eq!(ok["allowed"], false);
    assert!(ok["problems"].as_str().unwrap().contains("Ancestral Armor"));
    assert_eq!(ok["warnings"].as_array().unwrap().len(), 1);
    let ok = calc(&tome, "enchantments", &[("enchantments", "m:Barkskin,ex:Ancestral Armor")]).unwrap();
    assert_eq!((ok["allowed"].clone(), ok["problems"].clone()), (true.into(), "none".into()));
    assert!(err(&tome, "enchantments", &[("enchantments", "Barkskin")]).contains("m:NAME"));
    assert!(err(&tome, "enchantments", &[]).contains("--enchantments is required"));

    let ok = calc(&tome, "magic-armor", &[("magic", "Stoneskin:2,Barkskin:1"), ("current", "2")]).unwrap();
    assert_eq!(
        (ok["counts"].clone(), ok["source"].clone(), ok["location_points"].clone()),
        (2.into(), "Stoneskin".into(), 2.into())
    );
    assert!(err(&tome, "magic-armor", &[("worn", "-1")]).contains("from 0 to 10"));
    assert!(err(&tome, "magic-armor", &[("came-first", "later")]).contains("worn, magic"));

    let ok = calc(&tome, "hit", &[("effect", "armor-breaking"), ("armor", "3")]).unwrap();
    assert_eq!((ok["armor_after"].clone(), ok["wounded"].clone()), (0.into(), false.into()));
    let ok = calc(&tome, "hit", &[("effect", "shield-crushing"), ("struck", "shield"), ("shield-hits", "2")]).unwrap();
    assert_eq!(ok["shield"], "destroyed");
    let ok = calc(&tome, "hit", &[("effect", "wounds-kill")]).unwrap();
    assert_eq!((ok["wounded"].clone(), ok["killed"].clone()), (true.into(), true.into()));
    assert!(err(&tome, "hit", &[("armor", "-1")]).contains("from 0 to 10"));
    assert!(err(&tome, "hit", &[("shield-hits", "3")]).contains("from 0 to 2"));
    let e = err(&tome, "hit", &[("effect", "fireball")]);
    assert!(e.contains("none, armor-breaking") && e.contains("wounds-kill"), "{e}");

    let ok = calc(&tome, "touch", &[("states", "Stunned")]).unwrap();
    assert_eq!(ok["allowed"], true);
    let ok = calc(&tome, "touch", &[("states", "Stopped")]).unwrap();
    assert_eq!(ok["allowed"], false);
    let ok = calc(&tome, "touch", &[("willing", "true"), ("enchantment", "true")]).unwrap();
    assert_eq!(ok["allowed"], true);
    assert!(err(&tome, "touch", &[("states", "sleepy")]).contains("Frozen"));

    let ok = calc(&tome, "order", &[("effects", "enchantment,trait,resistance")]).unwrap();
    assert_eq!(ok["order"], "Traits, Resistances, Other Enchantments");
    assert_eq!(ok["steps"], serde_json::json!([1, 3, 4]));
    assert!(err(&tome, "order", &[("effects", "magic")]).contains("trait, immunity"));
    assert!(err(&tome, "order", &[("effects", " ")]).contains("at least one"));
}

/// Every entry id a term or calculator links to exists in the shipped content.
#[test]
fn every_linked_rule_exists() {
    let tome = Tome::open_in_memory().unwrap();
    let mut ids: Vec<String> = calculators().iter().filter_map(|c| c.rule.map(str::to_string)).collect();
    let mut add = |terms: &[Term]| ids.extend(terms.iter().filter_map(|t| t.rule.clone()));
    add(&check_enchantments(&parse_enchantments("m:A,m:B,ex:C,ex:C").unwrap()).terms);
    add(&check_enchantments(&[]).terms);
    for first in [CameFirst::Worn, CameFirst::Magic] {
        add(&magic_armor(&[MagicArmorSource::new("S", 2)], WornArmor::intact(3), first, Some(3), Enhancement::None)
            .unwrap()
            .terms);
        add(&magic_armor(&[MagicArmorSource::new("S", 2)], WornArmor::intact(0), first, Some(1), Enhancement::None)
            .unwrap()
            .terms);
    }
    for effect in Effect::ALL {
        for struck in [Struck::Location, Struck::Shield, Struck::Weapon] {
            for armor in [0, 2, 5] {
                for immune_to_death in [false, true] {
                    for resistant in [false, true] {
                        let h = Hit {
                            effect,
                            struck,
                            armor,
                            shield_hits: 1,
                            fragile: true,
                            immune_to_death,
                            resistant,
                            protected: None,
                            source: None,
                            immune_to_source: false,
                            resistant_to_source: false,
                        };
                        add(&hit(h).unwrap().terms);
                    }
                }
            }
        }
    }
    for armor in [0, 2] {
        let h = Hit { source: Some(School::Flame), resistant_to_source: true, ..Hit::new(Effect::None, armor) };
        add(&hit(h).unwrap().terms);
    }
    let all = TouchTarget { willing: false, is_self: false, states: TargetState::ALL.to_vec(), can_move: false };
    add(&touch(&all, false).terms);
    add(&touch(&TouchTarget { is_self: true, ..all.clone() }, true).terms);
    add(&touch(&TouchTarget::default(), false).terms);
    add(&ability_order(&parse_effects("trait,immunity,resistance,enchantment,enchantment").unwrap()).terms);
    for kind in [EffectType::Trait, EffectType::Immunity, EffectType::Resistance, EffectType::Enchantment] {
        ids.push(kind.rule().to_string());
    }
    ids.sort();
    ids.dedup();
    for id in ids {
        assert!(tome.show(&id).is_ok() || tome.table(&id, None).is_ok(), "missing entry {id}");
    }
}
