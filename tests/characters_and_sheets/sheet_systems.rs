//! The MythCraft, Amtgard, MLAF and Primal Wild sheets: a realistic character per
//! system built through the API, its derived stats checked against the numbers the rules
//! documents print, and each kind of warning the sheets give.

use std::sync::{Mutex, MutexGuard, OnceLock};

use tome::characters::Character;
use tome::sheets::Derived;
use tome::Tome;

fn tome() -> MutexGuard<'static, Tome> {
    static TOME: OnceLock<Mutex<Tome>> = OnceLock::new();
    TOME.get_or_init(|| Mutex::new(Tome::open_in_memory().unwrap())).lock().unwrap_or_else(|e| e.into_inner())
}

fn new(t: &mut Tome, system: &str, name: &str) -> Character {
    t.create_character(system, name).unwrap()
}

fn carry(t: &Tome, c: &mut Character, id: &str) {
    c.items.push(t.character_item(id).unwrap());
}

fn condition(t: &Tome, c: &mut Character, id: &str) {
    c.conditions.push(t.character_ref(id).unwrap());
}

fn spell(t: &Tome, c: &mut Character, id: &str) {
    c.spells.push(t.character_ref(id).unwrap());
}

fn stats(d: &Derived) -> Vec<(&String, &serde_json::Value)> {
    d.stats.iter().map(|s| (&s.key, &s.value)).collect()
}

fn int(d: &Derived, key: &str) -> i64 {
    d.int(key).unwrap_or_else(|| panic!("no whole-number stat {key}: {:#?}", stats(d)))
}

fn value(d: &Derived, key: &str) -> serde_json::Value {
    d.stat(key).unwrap_or_else(|| panic!("no stat {key}: {:#?}", stats(d))).value.clone()
}

fn warnings<'a>(d: &'a Derived, field: &'a str) -> Vec<&'a str> {
    d.warnings_for(field).map(|w| w.message.as_str()).collect()
}

/// Every stat has its reason, and every rule a stat, a term or a warning links to is an
/// entry a user can open.
fn well_formed(t: &Tome, d: &Derived) {
    for s in &d.stats {
        assert!(!s.terms.is_empty(), "{} has no terms", s.key);
        for id in s.rule.iter().chain(s.terms.iter().filter_map(|t| t.rule.as_ref())) {
            t.show(id).unwrap_or_else(|e| panic!("{}: {id}: {e}", s.key));
        }
    }
    for w in &d.warnings {
        if let Some(id) = &w.rule {
            t.show(id).unwrap_or_else(|e| panic!("warning {:?}: {id}: {e}", w.message));
        }
    }
}

#[test]
fn every_field_rule_is_an_entry() {
    let t = tome();
    for system in ["mythcraft", "amtgard", "mlaf", "primal-wild"] {
        let layout = t.sheet_layout(system).unwrap();
        assert_eq!(layout.sections.first().unwrap().id, "header", "{system}");
        assert_eq!(layout.sections.last().unwrap().id, "notes", "{system}");
        for f in layout.fields() {
            if let Some(id) = &f.rule {
                t.show(id).unwrap_or_else(|e| panic!("{system} {}: {id}: {e}", f.key));
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// MythCraft
// ---------------------------------------------------------------------------------

/// Ysolde, a level 3 adventurer. The numbers come from the Combat Quick Reference:
/// - AP: 3 each turn plus the COR table's +2 for COR 4 (row "4 to 5 +2") = 5;
/// - Reactive AP: levels 3 and 4 keep at most 3;
/// - Movement: the document's own example, Speed 20, Swim 20 and Fly 30, moves the
///   largest, 30 ft, for 1 AP;
/// - Jump: 3 ft + STR 3 = 6 ft up, double that (12 ft) across;
/// - Crit range: one increase turns "20" into "19-20";
/// - Bloodied at or below half of 30 maximum HP;
/// - Vulnerable X widens an attacker's crit range by X: Vulnerable 2 to fire is 18-20;
/// - Broken is Frightened and Shaken.
fn ysolde(t: &mut Tome) -> Character {
    let mut c = new(t, "mythcraft", "Ysolde");
    for (k, v) in [
        ("level", 3),
        ("strength", 3),
        ("coordination", 4),
        ("awareness", 2),
        ("luck", 1),
        ("speed.walk", 20),
        ("speed.swim", 20),
        ("speed.fly", 30),
        ("max-hp", 30),
        ("hp", 15),
        ("shield-hp", 4),
        ("crit-expansions", 1),
        ("resist.cold", 2),
        ("vulnerable.fire", 2),
        ("dr", 5),
        ("defense.ar", 12),
    ] {
        c.set(k, v);
    }
    c.set("class", "Cleric");
    c.set("dr-except", "fire");
    condition(t, &mut c, "mythcraft/condition/broken");
    t.save_character(&c).unwrap()
}

#[test]
fn mythcraft_adventurer_matches_the_quick_reference() {
    let mut t = tome();
    let c = ysolde(&mut t);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "ap"), 5, "3 AP + COR 4 bonus 2");
    assert_eq!(int(&d, "reactive-cap"), 3, "level 3 keeps 3 Reactive AP");
    // Broken brings Shaken, whose -2 is on every d20 (004), initiative's included, as
    // the fight rolls it.
    assert_eq!(int(&d, "initiative"), 0, "d20 + AWR 2, Shaken -2");
    assert_eq!(int(&d, "move"), 30, "Speed 20, Swim 20, Fly 30: the largest for 1 AP");
    assert_eq!(int(&d, "jump.vertical"), 6);
    assert_eq!(int(&d, "jump.horizontal"), 12);
    assert_eq!(value(&d, "crit-range"), "19-20");
    assert_eq!(int(&d, "crit-damage-bonus"), 1, "LUCK adds to critical damage");
    assert_eq!(value(&d, "bloodied"), true, "15 HP is half of 30");
    assert_eq!(int(&d, "bloodied-at"), 15);
    assert_eq!(int(&d, "hp-with-shield"), 19, "Shield HP 4 go before HP 15");
    assert_eq!(value(&d, "crit-against.fire"), "18-20", "Vulnerable 2 widens the attacker's range by 2");
    assert_eq!(int(&d, "resist-bonus.cold"), 2);
    assert_eq!(int(&d, "dr"), 5);
    assert_eq!(value(&d, "conditions.implied"), "Frightened, Shaken", "Broken includes both");
    assert_eq!(int(&d, "death-points.left"), 8);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    well_formed(&t, &d);

    // The AP terms name the table row and the base, and add up.
    let ap = d.stat("ap").unwrap();
    let sum: i64 = ap.terms.iter().filter_map(|t| t.value.as_i64()).sum();
    assert_eq!(sum, 5);
    assert!(ap.terms.iter().any(|t| t.rule.as_deref() == Some("mythcraft/table/coordination-cor-bonus-ap")));

    // Healed past half: no longer Bloodied. At level 1 only 2 Reactive AP carry over.
    let mut healed = c.clone();
    healed.set("hp", 16);
    healed.set("level", 1);
    let d = t.derive_character(&healed).unwrap();
    assert_eq!(value(&d, "bloodied"), false);
    assert_eq!(int(&d, "reactive-cap"), 2, "a level 1 or 2 character retains 2");

    // An empty HP field reads as unhurt.
    healed.values.remove("hp");
    let d = t.derive_character(&healed).unwrap();
    assert_eq!(value(&d, "bloodied"), false);
    assert_eq!(int(&d, "hp-with-shield"), 34);
}

#[test]
fn mythcraft_crit_range_stops_at_16() {
    let mut t = tome();
    let mut c = new(&mut t, "mythcraft", "Keen");
    c.set("crit-expansions", 6);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(value(&d, "crit-range"), "16-20", "never larger than 16-20");
    let w = warnings(&d, "crit-expansions");
    assert!(w.iter().any(|m| m.contains("2 of the increases")), "{w:?}");
}

#[test]
fn mythcraft_death_points_recoup_rest_and_fatigue() {
    let mut t = tome();
    let mut c = new(&mut t, "mythcraft", "Dying");
    c.set("max-hp", 20);
    c.set("hp", 0);
    c.set("death-points", 3);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "death-points.left"), 5, "death at 8");
    assert_eq!(int(&d, "death-points.after-recoup"), 2, "each Recoup removes 1");
    assert_eq!(int(&d, "death-points.after-rest"), 0, "a Rest removes all");
    assert!(warnings(&d, "hp").iter().any(|m| m.contains("dying")), "{:?}", d.warnings);

    // Fatigued: neither Recoup nor Rest removes Death Points.
    condition(&t, &mut c, "mythcraft/condition/fatigued");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "death-points.after-recoup"), 3);
    assert_eq!(int(&d, "death-points.after-rest"), 3);
    well_formed(&t, &d);

    // The eighth Death Point kills.
    c.set("death-points", 8);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "death-points"), ["8 Death Points: the character is dead"]);
    assert!(d.stat("death-points.left").is_none());
    t.save_character(&c).unwrap();
}

#[test]
fn mythcraft_warnings_sit_beside_their_fields() {
    let mut t = tome();
    let mut c = new(&mut t, "mythcraft", "Muddled");
    c.set("max-hp", 30);
    c.set("hp", 40);
    c.set("vulnerable.fire", 1);
    c.set("resist.fire", 3);
    c.set("immune", "fire, plasma");
    c.set("resist.silver", 2);
    condition(&t, &mut c, "mythcraft/condition/bloodied");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "hp"), ["HP 40 is more than maximum HP 30; derived stats use 30"]);
    assert_eq!(value(&d, "bloodied"), false);
    assert!(!warnings(&d, "condition:mythcraft/condition/bloodied").is_empty(), "listed Bloodied at full HP");
    let immune = warnings(&d, "immune");
    assert!(immune.iter().any(|m| m.contains("plasma")), "{immune:?}");
    assert!(immune.iter().any(|m| m.contains("Vulnerable to Fire overrides Immune")), "{immune:?}");
    assert!(warnings(&d, "resist.fire").iter().any(|m| m.contains("overrides Resist")));
    assert!(!warnings(&d, "resist.silver").is_empty(), "silver is not a damage type");
    assert!(d.stat("resist-bonus.fire").is_none(), "Vulnerable supersedes Resist");
    well_formed(&t, &d);

    // A value out of range: warned, used at the bound, refused by a save.
    let mut c = new(&mut t, "mythcraft", "Too quick");
    c.set("coordination", 13);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "coordination"), ["Coordination must be from -3 to 12, not 13; derived stats use 12"]);
    assert_eq!(int(&d, "ap"), 9, "COR 12 gives +6");
    let err = t.save_character(&c).unwrap_err();
    assert!(err.to_string().contains("values.coordination: must be from -3 to 12, not 13"), "{err}");
    c.set("coordination", 2);
    c.set("level", 21);
    let err = t.save_character(&c).unwrap_err();
    assert!(err.to_string().contains("values.level: must be from 1 to 20, not 21"), "{err}");
}

// ---------------------------------------------------------------------------------
// Amtgard
// ---------------------------------------------------------------------------------

/// A warrior in worn armour carrying Ancestral Armor (ex) and an Armor Breaking
/// weapon, with armour by hit location.
fn warrior(t: &mut Tome) -> Character {
    let mut c = new(t, "amtgard", "Sir Timmy");
    c.set("class", "Warrior");
    for (k, v) in [
        ("armor.torso", 3),
        ("armor.left-arm", 2),
        ("armor.right-arm", 2),
        ("armor.left-leg", 2),
        ("armor.right-leg", 2),
    ] {
        c.set(k, v);
    }
    c.set("enchantments", "ex:Ancestral Armor");
    carry(t, &mut c, "amtgard/special-effect/armor-breaking");
    t.save_character(&c).unwrap()
}

#[test]
fn amtgard_worn_armour_and_enchantments() {
    let mut t = tome();
    let c = warrior(&mut t);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "armor.torso"), 3);
    assert_eq!(int(&d, "armor.left-leg"), 2);
    assert_eq!(int(&d, "armor-total"), 11);
    assert_eq!(value(&d, "enchantments.allowed"), true, "an (ex) enchantment is outside the limit");
    assert_eq!(value(&d, "declare"), "Ancestral Armor (extraordinary), Armor Breaking");
    assert_eq!(value(&d, "touch-unwilling"), false);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    well_formed(&t, &d);
}

/// The document's Magic Armor example: Stoneskin (2) and Barkskin (1) worn together give
/// 2 points on every location; with Stoneskin gone, the maximum is Barkskin's 1.
#[test]
fn amtgard_magic_armor_follows_the_stoneskin_example() {
    let mut t = tome();
    let mut c = new(&mut t, "amtgard", "Druid");
    c.set("magic-armor", "Stoneskin:2, Barkskin:1");
    c.set("enchantments", "m:Stoneskin, ex:Barkskin");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "magic-armor"), 2, "only the highest counts");
    for loc in ["torso", "left-arm", "right-arm", "left-leg", "right-leg"] {
        assert_eq!(int(&d, &format!("armor.{loc}")), 2, "Magic Armor covers every location");
    }
    assert_eq!(int(&d, "armor-total"), 10);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    well_formed(&t, &d);

    c.set("magic-armor", "Barkskin:1");
    c.set("enchantments", "ex:Barkskin");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "armor.torso"), 1);
    assert_eq!(int(&d, "armor-total"), 5);

    // A Magic Armor enchantment fails on a player already in worn armour.
    c.set("armor.torso", 3);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "armor.torso"), 3);
    assert_eq!(int(&d, "armor.left-arm"), 0);
    assert!(warnings(&d, "magic-armor").iter().any(|m| m.contains("cannot take hold")), "{:?}", d.warnings);
    // With Magic Armor first, the worn armour may not go on.
    c.set("armor-first", "magic");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "armor.torso"), 1);
    assert!(warnings(&d, "magic-armor").iter().any(|m| m.contains("may not be put on")), "{:?}", d.warnings);
    t.save_character(&c).unwrap();
}

#[test]
fn amtgard_enchantment_warnings() {
    let mut t = tome();
    let mut c = new(&mut t, "amtgard", "Overloaded");
    // One magical enchantment at most.
    c.set("enchantments", "m:Stoneskin, m:Barkskin");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(value(&d, "enchantments.allowed"), false);
    let w = warnings(&d, "enchantments");
    assert!(w.iter().any(|m| m.starts_with("Only one magical enchantment")), "{w:?}");

    // No two (ex) enchantments sharing a name.
    c.set("enchantments", "ex:Ancestral Armor, m:Barkskin, ex:ancestral  armor");
    let d = t.derive_character(&c).unwrap();
    let w = warnings(&d, "enchantments");
    assert!(w.iter().any(|m| m.contains("Ancestral Armor (ex) 2 times")), "{w:?}");

    // Text the parser cannot read is a warning, never an error.
    c.set("enchantments", "Barkskin");
    let d = t.derive_character(&c).unwrap();
    let w = warnings(&d, "enchantments");
    assert!(w.iter().any(|m| m.contains("has no kind")), "{w:?}");
    assert!(d.stat("enchantments.allowed").is_none());

    // Magic Armor from an enchantment not worn.
    c.set("enchantments", "m:Barkskin");
    c.set("magic-armor", "Stoneskin:2");
    let d = t.derive_character(&c).unwrap();
    assert!(warnings(&d, "magic-armor").iter().any(|m| m.contains("Stoneskin grants Magic Armor but is not among")));
    well_formed(&t, &d);
}

#[test]
fn amtgard_states_and_ranges() {
    let mut t = tome();
    let mut c = new(&mut t, "amtgard", "Stunned one");
    // Touch abilities work on a Stunned target even when unwilling.
    condition(&t, &mut c, "amtgard/condition/stunned");
    condition(&t, &mut c, "amtgard/condition/fragile");
    let d = t.derive_character(&c).unwrap();
    assert_eq!(value(&d, "touch-unwilling"), true);
    well_formed(&t, &d);
    let mut c = t.save_character(&c).unwrap();

    c.set("armor.torso", 11);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "armor.torso"), ["Torso must be from 0 to 10, not 11; derived stats use 10"]);
    assert_eq!(int(&d, "armor.torso"), 10);
    let err = t.save_character(&c).unwrap_err();
    assert!(err.to_string().contains("values.armor.torso: must be from 0 to 10, not 11"), "{err}");
}

// ---------------------------------------------------------------------------------
// MLAF
// ---------------------------------------------------------------------------------

/// An Amazon Siren from the roster (MA 6, ST 3, AG 3, AV 7, Dodge, Level 1, Siren Song,
/// Gen and Spells, 100.000), now level 3: one spell per level, so three in a match (the
/// document's own level 3 example). Siren Song succeeds on 4+, Lightning Bolt on 2+.
fn siren(t: &mut Tome) -> Character {
    let mut c = new(t, "mlaf", "Hippolyta");
    c.set("team-race", "Amazon");
    c.set("level", 3);
    c.set("spp", 23);
    carry(t, &mut c, "mlaf/position/siren");
    spell(t, &mut c, "mlaf/spell/siren-song");
    spell(t, &mut c, "mlaf/spell/lightning-bolt");
    spell(t, &mut c, "mlaf/spell/power-drain");
    t.save_character(&c).unwrap()
}

/// Issue 59: the roster's "Level 1" is a rookie's; a level 3 caster's derived Skills read
/// "Level 3" (it listed "Level 1"), the roster's own line kept in the terms.
#[test]
fn mlaf_a_level_3_casters_skills_read_his_level_not_a_rookies() {
    let mut t = tome();
    let c = siren(&mut t);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(value(&d, "position.skills"), "Dodge, Level 3, Siren Song");
    let stat = d.stats.iter().find(|s| s.key == "position.skills").unwrap();
    let terms: Vec<String> = stat.terms.iter().map(|t| format!("{}: {}", t.label, t.value_text())).collect();
    assert_eq!(terms, ["Roster: Dodge, Level 1, Siren Song", "At level 3: Dodge, Level 3, Siren Song"]);
}

#[test]
fn mlaf_siren_matches_the_roster_and_spell_list() {
    let mut t = tome();
    let c = siren(&mut t);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "spells-per-match"), 3);
    assert_eq!(value(&d, "position.race"), "Amazon");
    assert_eq!(
        [int(&d, "position.ma"), int(&d, "position.st"), int(&d, "position.ag"), int(&d, "position.av")],
        [6, 3, 3, 7]
    );
    assert_eq!(value(&d, "position.skills"), "Dodge, Level 3, Siren Song");
    assert_eq!(int(&d, "position.cost"), 100_000);
    assert_eq!(int(&d, "spell.siren-song.roll"), 4);
    assert_eq!(value(&d, "spell.siren-song.chance"), "50%");
    assert_eq!(int(&d, "spell.lightning-bolt.roll"), 2);
    assert_eq!(value(&d, "spell.lightning-bolt.chance"), "83.3%", "written as the calculators write a chance");
    // Power Drain (3+) adds the caster's level and subtracts the enemy's: against an
    // equal level it stays 3+, and a natural 6 always succeeds, a 1 always fails.
    assert_eq!(int(&d, "spell.power-drain.roll"), 3);
    assert_eq!(value(&d, "spell.power-drain.chance"), "66.7%");
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    well_formed(&t, &d);
}

/// Line 5: one spellcaster a team, and he takes a special-player slot, so only one
/// other special player: the sheet counts the slots left and warns beside the count at
/// fault.
#[test]
fn mlaf_sheet_checks_one_caster_and_the_special_player_slot() {
    let mut t = tome();
    let mut c = siren(&mut t);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "special-slots-left"), 1, "a lone caster leaves one slot");
    c.set("special-players", 2);
    c.set("spellcasters", 2);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "special-slots-left"), -2);
    assert_eq!(warnings(&d, "spellcasters"), ["A team recruits one spellcaster at most, not 2"]);
    assert_eq!(
        warnings(&d, "special-players"),
        ["The spellcaster takes a special-player slot: 1 other special player allowed, not 2"]
    );
    well_formed(&t, &d);
}

#[test]
fn mlaf_racial_spells_belong_to_their_positions() {
    let mut t = tome();
    let mut c = siren(&mut t);
    // Blizzard is the Norse Ice Witch's racial spell.
    spell(&t, &mut c, "mlaf/spell/blizzard");
    let d = t.derive_character(&c).unwrap();
    let w = warnings(&d, "spell:mlaf/spell/blizzard");
    assert_eq!(w, ["Blizzard is a racial spell (only Norse Ice Witches); a Siren cannot learn it"]);
    assert!(d.stat("spell.blizzard.roll").is_some(), "the sheet still shows its roll");

    // Necromancy is shared by four positions, the Skeleton King among them; open
    // spells go to any caster.
    let mut king = new(&mut t, "mlaf", "Bonehead");
    king.set("team-race", "Skeleton");
    carry(&t, &mut king, "mlaf/position/skeleton-king");
    spell(&t, &mut king, "mlaf/spell/necromancy");
    spell(&t, &mut king, "mlaf/spell/toad");
    let d = t.derive_character(&king).unwrap();
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    assert_eq!(int(&d, "spell.necromancy.roll"), 4);
    assert_eq!(int(&d, "spells-per-match"), 1, "rookies are level 1");

    // The team's race and the position's, the racial spell left off, and a second position.
    king.set("team-race", "Undead");
    king.spells.retain(|s| s.entry_id != "mlaf/spell/necromancy");
    carry(&t, &mut king, "mlaf/position/zombie-master");
    let d = t.derive_character(&king).unwrap();
    let w = warnings(&d, "item:mlaf/position/skeleton-king");
    assert!(w.iter().any(|m| m.contains("Skeleton team's caster, and this team is Undead")), "{w:?}");
    // Issue 72: the position brings its racial spell, listed or not (the roster lists it).
    assert_eq!(d.stat("position.spell").unwrap().value, "Necromancy");
    assert!(d.stat("spell.necromancy.roll").is_some(), "its casting roll is shown");
    assert!(!warnings(&d, "item:mlaf/position/zombie-master").is_empty());
    well_formed(&t, &d);
}

#[test]
fn mlaf_level_out_of_range() {
    let mut t = tome();
    let mut c = new(&mut t, "mlaf", "Legend");
    c.set("level", 11);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "level"), ["Level must be from 1 to 10, not 11; derived stats use 10"]);
    assert_eq!(int(&d, "spells-per-match"), 10);
    let err = t.save_character(&c).unwrap_err();
    assert!(err.to_string().contains("values.level: must be from 1 to 10, not 11"), "{err}");
}

// ---------------------------------------------------------------------------------
// Primal Wild
// ---------------------------------------------------------------------------------

/// A Gnosis 3 mage: the clash pool is "Gnosis + Sword Arcanum", one die less while any
/// spell is sustained on the duelist's person, and a lasting created being's Rank is at
/// most half the Gnosis, rounded up (2, the Rank of a person or a dangerous animal).
fn mage(t: &mut Tome) -> Character {
    let mut c = new(t, "primal-wild", "Ines");
    for (k, v) in [
        ("gnosis", 3),
        ("arcanum.forces", 3),
        ("arcanum.prime", 2),
        ("arcanum.mind", 1),
        ("willpower.dots", 5),
        ("willpower", 4),
    ] {
        c.set(k, v);
    }
    c.set("path", "Obrimos");
    t.save_character(&c).unwrap()
}

#[test]
fn primal_wild_clash_pools_follow_the_duel_arcane() {
    let mut t = tome();
    let c = mage(&mut t);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(int(&d, "clash.forces"), 6, "Gnosis 3 + Forces 3");
    assert_eq!(int(&d, "clash.prime"), 5);
    assert_eq!(int(&d, "clash.mind"), 4);
    assert_eq!(int(&d, "created-being.max-rank"), 2, "half of Gnosis 3, rounded up");
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    well_formed(&t, &d);

    let mut sustaining = c.clone();
    sustaining.set("sustained.on-self", 2);
    sustaining.set("sustained.spells", "Shielding ward, Mage Armor");
    let d = t.derive_character(&sustaining).unwrap();
    assert_eq!(int(&d, "clash.forces"), 5, "-1 for any spells sustained on the duelist");
    assert_eq!(int(&d, "clash.mind"), 3);
    let labels: Vec<&str> = d.stat("clash.forces").unwrap().terms.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(labels, ["Gnosis", "Sword Arcanum", "Spells sustained on the duelist"]);
}

/// Issue 33: a mage with one dot of Willpower read "the 1 dots the mage has".
#[test]
fn primal_wild_willpower_over_one_dot_reads_1_dot() {
    let mut t = tome();
    let mut c = mage(&mut t);
    c.set("willpower.dots", 1);
    c.set("willpower", 2);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "willpower"), ["Willpower 2 is more than the 1 dot the mage has"]);
}

#[test]
fn primal_wild_warnings() {
    let mut t = tome();
    let mut c = mage(&mut t);
    c.set("willpower", 6);
    c.set("arcanum.fire", 2);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "willpower"), ["Willpower 6 is more than the 5 dots the mage has"]);
    assert_eq!(warnings(&d, "arcanum.fire"), ["Fire is not one of the ten Arcana"]);
    assert!(d.stat("clash.fire").is_none());
    well_formed(&t, &d);

    c.values.remove("arcanum.fire");
    c.set("willpower", 4);
    c.set("gnosis", 11);
    c.set("arcanum.forces", 6);
    let d = t.derive_character(&c).unwrap();
    assert_eq!(warnings(&d, "gnosis"), ["Gnosis must be from 1 to 10, not 11; derived stats use 10"]);
    assert_eq!(warnings(&d, "arcanum.forces"), ["Forces must be from 0 to 5, not 6; derived stats use 5"]);
    assert_eq!(int(&d, "clash.forces"), 15);
    assert_eq!(int(&d, "created-being.max-rank"), 5);
    let err = t.save_character(&c).unwrap_err().to_string();
    assert!(err.contains("values.gnosis: must be from 1 to 10, not 11"), "{err}");
    assert!(err.contains("values.arcanum.forces: must be from 0 to 5, not 6"), "{err}");
}

#[test]
fn blank_sheets_derive_without_warnings() {
    let mut t = tome();
    for system in ["mythcraft", "amtgard", "mlaf", "primal-wild"] {
        let c = new(&mut t, system, "Blank");
        let d = t.derive_character(&c).unwrap();
        assert!(d.warnings.is_empty(), "{system}: {:?}", d.warnings);
        well_formed(&t, &d);
    }
}
