//! The tests of this system's rules: the documents' worked examples and tables.

use std::collections::BTreeMap;

use super::*;
use crate::Tome;

pub(super) fn tome() -> Tome {
    Tome::open_in_memory().expect("shipped content loads")
}

fn spell(tome: &dyn Rulebook, name: &str) -> SpellRef {
    spell_ref(tome, name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn opts(enemy_tz: i64) -> CastOptions {
    CastOptions { enemy_tz, ..CastOptions::default() }
}

pub(super) fn run(tome: &dyn Rulebook, name: &str, args: &[(&str, &str)]) -> Result<Outcome> {
    let values: BTreeMap<String, String> = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    crate::systems::calculate(tome, SYSTEM, name, values)
}

pub(super) fn field(o: &Outcome, key: &str) -> serde_json::Value {
    o.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no field {key}"))
}

pub(super) fn err(tome: &dyn Rulebook, name: &str, args: &[(&str, &str)]) -> String {
    match run(tome, name, args) {
        Ok(o) => panic!("{name} {args:?} should fail, gave {:?}", o.fields),
        Err(e) => e.to_string(),
    }
}

/// The success value of every spell as the document prints it: the 22 racial spells
/// and the 14 open spells, listed from the end of the document backwards.
const DOC_TARGETS: [(&str, &str, i64); 36] = [
    ("Call Roots", "2+", 2),
    ("Taming the Beast", "2+", 2),
    ("Form of Mist", "3+ (4+ if cast on opposing player)", 3),
    ("Necromancy", "4+", 4),
    ("Warpfire", "2+", 2),
    ("Screech of Frenzy", "3+", 3),
    ("Tattoos", "2+", 2),
    ("Blizzard", "3+", 3),
    ("Dragon Claw", "3+", 3),
    ("Swamp Call", "2+", 2),
    ("Clairvoyance", "3+", 3),
    ("Librarian", "3+", 3),
    ("Shift of Power", "2+", 2),
    ("Evil Twin", "3+", 3),
    ("Caterwauling", "2+", 2),
    ("Rune of Deflection", "2+", 2),
    ("Tormented Soul", "3+", 3),
    ("Rune of Fear", "2+", 2),
    ("Dark Initiation", "4+", 4),
    ("Blessing", "4+", 4),
    ("Cry of Jyhad", "3+", 3),
    ("Siren Song", "4+", 4),
    ("Time Bubble", "4+", 4),
    ("Invisibility", "3+", 3),
    ("The Long Door", "3+", 3),
    ("Weather Control", "3+", 3),
    ("Counterspell", "2+", 2),
    ("Fire Ball", "2+", 2),
    ("Guidance", "2+", 2),
    ("Toad", "2+", 2),
    ("Lightning Bolt", "2+", 2),
    ("Healing Hand", "2+", 2),
    ("Power Drain", "3+", 3),
    ("Speed of Light", "3+", 3),
    ("Medusa’s Gaze", "3+", 3),
    ("A Soul in Chains", "4+", 4),
];

/// The Spell Table as the document prints it (3d6, result, success), from 18 down.
const DOC_SPELL_TABLE: [(i64, &str, &str); 16] = [
    (18, "increase your level by 1", "auto"),
    (17, "Time Bubble", "4+"),
    (16, "Invisibility", "3+"),
    (15, "The Long Door", "3+"),
    (14, "Weather Control", "3+"),
    (13, "Counterspell", "2+"),
    (12, "Fire Ball", "2+"),
    (11, "Guidance", "2+"),
    (10, "Toad", "2+"),
    (9, "Lightning Bolt", "2+"),
    (8, "Healing Hand", "2+"),
    (7, "Power Drain", "3+"),
    (6, "Speed of Light", "3+"),
    (5, "Medusa’s Gaze", "3+"),
    (4, "A Soul in Chains", "4+"),
    (3, "choose a spell", "auto"),
];

/// The Dark Initiation list as the document prints it, from 15 down to 1 (16-20 is
/// death).
const DOC_MUTATIONS: [&str; 15] = [
    "Very Long Legs",
    "Two Heads",
    "Thick Skull",
    "Tentacles",
    "Stunty",
    "Spikes",
    "Regeneration",
    "Razor Sharp Fangs",
    "Prehensile Tail",
    "Hypnotic Gaze",
    "Horns",
    "Foul Appearance",
    "Extra Arms",
    "Claw",
    "Big Hand",
];

#[test]
fn every_spell_target_matches_the_document() {
    let tome = tome();
    let shipped = tome.list(Kind::Spell, Some(SYSTEM)).unwrap();
    assert_eq!(shipped.len(), 36, "14 open and 22 racial spells");
    for (name, printed, target) in DOC_TARGETS {
        let s = spell(&tome, name);
        assert_eq!(s.name, name);
        assert_eq!(s.target, target, "{name}");
        let e = tome.show(&s.id).unwrap();
        let Some(Detail::Spell(detail)) = e.detail else { panic!("{name} has no spell fields") };
        assert_eq!(detail.success, printed, "{name}");
        // With no modifiers (equal levels for the two level contests) the casting
        // calculator needs exactly the printed target.
        let o = CastOptions { level: Some(1), enemy_level: Some(1), ..CastOptions::default() };
        assert_eq!(cast(&s, &o).unwrap().needs, target, "{name}");
    }
}

/// Casting on 2+, 3+ and 4+ in 0, 1 and 2 enemy tackle zones: each zone is -1 on the
/// roll, so the needed face climbs by one and the chance drops by 1/6.
#[test]
fn casting_odds_by_target_and_tackle_zones() {
    let tome = tome();
    let cases = [
        ("Healing Hand", [(2, 0.8333), (3, 0.6667), (4, 0.5)]),
        ("Speed of Light", [(3, 0.6667), (4, 0.5), (5, 0.3333)]),
        ("Time Bubble", [(4, 0.5), (5, 0.3333), (6, 0.1667)]),
    ];
    for (name, rows) in cases {
        let s = spell(&tome, name);
        for (tz, (needs, p)) in rows.into_iter().enumerate() {
            let c = cast(&s, &opts(tz as i64)).unwrap();
            assert_eq!((c.needs, c.probability), (needs, p), "{name} with {tz} TZ");
            assert!(c.warnings.is_empty());
        }
    }
    // 4+ in three enemy zones needs a 7: impossible, and said so.
    let c = cast(&spell(&tome, "Time Bubble"), &opts(3)).unwrap();
    assert_eq!((c.needs, c.probability), (7, 0.0));
    assert!(c.faces.is_empty());
    assert!(c.warnings.iter().any(|w| w.contains("cannot succeed")));
}

/// The brief's example: 3+ with one enemy tackle zone needs a 4, an even chance.
#[test]
fn three_plus_in_one_tackle_zone_is_even() {
    let tome = tome();
    let o = run(&tome, "cast", &[("spell", "Medusa's Gaze"), ("enemy-tz", "1")]).unwrap();
    assert_eq!(field(&o, "needs"), 4);
    assert_eq!(field(&o, "probability"), 0.5);
}

/// The document has no general "a 1 always fails" rule for casting: without one, the
/// ordinary spells succeed on exactly the faces at or above the target.
#[test]
fn ordinary_spells_have_no_natural_rules() {
    assert_eq!(d6_odds(2, false), (vec![2, 3, 4, 5, 6], 0.8333));
    assert_eq!(d6_odds(7, false), (vec![], 0.0));
    assert_eq!(d6_odds(1, false).1, 1.0);
    assert_eq!(d6_odds(1, true), (vec![2, 3, 4, 5, 6], 0.8333));
    assert_eq!(d6_odds(9, true), (vec![6], 0.1667));
}

/// Power Drain (3+): level 2 against level 1 is +1 on the roll, so a 2 will do, but a
/// natural 1 still fails: 5 chances in 6.
#[test]
fn power_drain_levels_and_natural_rolls() {
    let tome = tome();
    let pd = spell(&tome, "Power Drain");
    let with = |tz, level, enemy| {
        cast(&pd, &CastOptions { enemy_tz: tz, level: Some(level), enemy_level: Some(enemy), ..Default::default() })
            .unwrap()
    };
    let c = with(1, 2, 1);
    assert_eq!((c.needs, c.probability), (3, 0.6667), "one TZ takes the level edge back");
    let c = with(0, 2, 1);
    assert_eq!((c.needs, c.probability, c.faces.clone()), (2, 0.8333, vec![2, 3, 4, 5, 6]));
    // Far higher level: the sum says a 0 or less would do, yet the 1 still fails.
    let c = with(0, 6, 1);
    assert_eq!((c.needs, c.probability), (-2, 0.8333));
    // Far lower level: the sum says 8, yet a natural 6 still succeeds.
    let c = with(0, 1, 6);
    assert_eq!((c.needs, c.probability, c.faces.clone()), (8, 0.1667, vec![6]));
    assert!(c.warnings.iter().any(|w| w.contains("next to")), "no TZ on an adjacent target is flagged");
    // Equal levels: the plain 3+.
    assert_eq!(with(1, 3, 3).needs, 4);
    // Power Drain needs both levels.
    let e = cast(&pd, &CastOptions { level: Some(2), ..Default::default() }).unwrap_err().to_string();
    assert!(e.contains("--enemy-level") && e.contains("1 to 10"), "{e}");
    let e = cast(&pd, &opts(1)).unwrap_err().to_string();
    assert!(e.contains("--level") && e.contains("1 to 10"), "{e}");
}

/// Counterspell (2+): the same level contest against a spell; against a Magic Item
/// card the levels do not count, but the natural 6 and 1 rules still do.
#[test]
fn counterspell_levels_and_magic_items() {
    let tome = tome();
    let cs = spell(&tome, "Counterspell");
    let c = cast(&cs, &CastOptions { level: Some(1), enemy_level: Some(1), ..Default::default() }).unwrap();
    assert_eq!((c.needs, c.probability), (2, 0.8333));
    let c =
        cast(&cs, &CastOptions { enemy_tz: 2, level: Some(1), enemy_level: Some(3), ..Default::default() }).unwrap();
    assert_eq!((c.needs, c.probability), (6, 0.1667));
    let c =
        cast(&cs, &CastOptions { enemy_tz: 4, level: Some(1), enemy_level: Some(3), ..Default::default() }).unwrap();
    assert_eq!((c.needs, c.probability), (8, 0.1667), "a natural 6 always counters");
    let c = cast(&cs, &CastOptions { enemy_tz: 1, level: Some(4), ..Default::default() }).unwrap();
    assert_eq!((c.needs, c.probability), (3, 0.6667), "a Magic Item card: no levels");
    assert!(!c.warnings.is_empty());
}

/// Form of Mist succeeds on 3+, or 4+ on an opposing player (-1 on the roll).
#[test]
fn form_of_mist_on_an_opponent() {
    let tome = tome();
    let fm = spell(&tome, "Form of Mist");
    assert_eq!(cast(&fm, &opts(0)).unwrap().needs, 3);
    let c = cast(&fm, &CastOptions { opposing: true, ..Default::default() }).unwrap();
    assert_eq!((c.needs, c.probability), (4, 0.5));
    let c = cast(&fm, &CastOptions { enemy_tz: 1, opposing: true, ..Default::default() }).unwrap();
    assert_eq!((c.needs, c.probability), (5, 0.3333));
    // On another spell the flag changes nothing and says so.
    let c = cast(&spell(&tome, "Toad"), &CastOptions { opposing: true, ..Default::default() }).unwrap();
    assert_eq!(c.needs, 2);
    assert!(c.warnings.iter().any(|w| w.contains("--opposing")));
}

/// Blizzard (3+): +1 in the Northmarks (a 2 will do), -2 in the Southern Provinces
/// (a 5 is needed).
#[test]
fn blizzard_by_stadium() {
    let tome = tome();
    let b = spell(&tome, "Blizzard");
    let at = |s| cast(&b, &CastOptions { stadium: Some(s), ..Default::default() }).unwrap();
    assert_eq!((at(Stadium::Northmarks).needs, at(Stadium::Northmarks).probability), (2, 0.8333));
    assert_eq!((at(Stadium::SouthernProvinces).needs, at(Stadium::SouthernProvinces).probability), (5, 0.3333));
    let o = run(&tome, "cast", &[("spell", "blizzard"), ("stadium", "northmarks")]).unwrap();
    assert_eq!(field(&o, "needs"), 2);
}

/// Levels given for an ordinary spell change nothing and are flagged.
#[test]
fn levels_ignored_on_ordinary_spells() {
    let tome = tome();
    let c =
        cast(&spell(&tome, "Fire Ball"), &CastOptions { level: Some(5), enemy_level: Some(1), ..Default::default() })
            .unwrap();
    assert_eq!(c.needs, 2);
    assert!(c.warnings.iter().any(|w| w.contains("levels")));
}

/// Every spell, every combination of options, every level pair, 0 to 8 enemy tackle
/// zones: the chance stays within 0 and 1, matches the faces, and never rises as
/// tackle zones are added; needs never falls as tackle zones are added.
#[test]
fn more_tackle_zones_never_help() {
    let tome = tome();
    let stadiums = [None, Some(Stadium::Northmarks), Some(Stadium::SouthernProvinces)];
    let levels: Vec<(Option<i64>, Option<i64>)> = std::iter::once((None, None))
        .chain((1..=MAX_LEVEL).map(|l| (Some(l), None)))
        .chain((1..=MAX_LEVEL).flat_map(|l| (1..=MAX_LEVEL).map(move |e| (Some(l), Some(e)))))
        .collect();
    for (name, _, _) in DOC_TARGETS {
        let s = spell(&tome, name);
        for opposing in [false, true] {
            for stadium in stadiums {
                for &(level, enemy_level) in &levels {
                    let mut prev: Option<Casting> = None;
                    for enemy_tz in 0..=MAX_ENEMY_TZ {
                        let o = CastOptions { enemy_tz, level, enemy_level, opposing, stadium };
                        let Ok(c) = cast(&s, &o) else {
                            assert!(s.id == POWER_DRAIN || s.id == COUNTERSPELL, "{name} {o:?}");
                            continue;
                        };
                        assert!((0.0..=1.0).contains(&c.probability), "{name} {o:?}");
                        assert_eq!(c.probability, round4(c.faces.len() as f64 / 6.0));
                        if let Some(p) = &prev {
                            assert!(c.probability <= p.probability, "{name} {o:?}");
                            assert_eq!(c.needs, p.needs + 1, "{name} {o:?}");
                        }
                        prev = Some(c);
                    }
                }
            }
        }
    }
}

/// Power Drain and Counterspell always keep the natural 6 and always lose the natural
/// 1, whatever the levels.
#[test]
fn natural_rules_hold_for_every_level_pair() {
    let tome = tome();
    for name in ["Power Drain", "Counterspell"] {
        let s = spell(&tome, name);
        for level in 1..=MAX_LEVEL {
            for enemy in 1..=MAX_LEVEL {
                for tz in 0..=MAX_ENEMY_TZ {
                    let o = CastOptions {
                        enemy_tz: tz,
                        level: Some(level),
                        enemy_level: Some(enemy),
                        ..Default::default()
                    };
                    let c = cast(&s, &o).unwrap();
                    assert!(c.faces.contains(&6) && !c.faces.contains(&1), "{name} {o:?}");
                    assert!((0.1667..=0.8333).contains(&c.probability));
                }
            }
        }
    }
}

/// The document: a level 3 caster casts three spells a match; rookies (level 1) one.
#[test]
fn spells_per_match_is_the_level() {
    assert_eq!(spells_per_match(1).unwrap().0, 1);
    assert_eq!(spells_per_match(3).unwrap().0, 3);
    for level in 1..=MAX_LEVEL {
        assert_eq!(spells_per_match(level).unwrap().0, level);
    }
    for bad in [0, MAX_LEVEL + 1, -1] {
        assert!(spells_per_match(bad).unwrap_err().to_string().contains("from 1 to 10"));
    }
}

/// All 16 rows of the shipped Spell Table against the document, cell by cell, and
/// what the calculator makes of each.
#[test]
fn spell_table_row_by_row() {
    let tome = tome();
    let table = tome.table(SPELL_TABLE, None).unwrap();
    assert_eq!(table.dice.as_deref(), Some("3d6"));
    assert_eq!(table.rows.len(), 16);
    for ((roll, name, success), row) in DOC_SPELL_TABLE.into_iter().rev().zip(&table.rows) {
        assert_eq!(row.roll, Some([roll, roll]));
        assert_eq!(row.cells, vec![roll.to_string(), name.to_string(), success.to_string()]);
        let r = spell_roll(&tome, roll, &[]).unwrap();
        assert_eq!((r.spell.as_str(), r.success.as_str()), (name, success), "roll {roll}");
        assert_eq!(r.level_up, roll == 18, "roll {roll}");
        assert_eq!(r.spell_id.is_some(), (4..=17).contains(&roll), "roll {roll}");
        if let Some(id) = &r.spell_id {
            // The table's success column agrees with the spell's own entry.
            let target: i64 = success.trim_end_matches('+').parse().unwrap();
            assert_eq!(spell(&tome, id).target, target);
        }
    }
}

/// Rolling a spell the caster already knows gives +1 level instead; other known spells
/// change nothing.
#[test]
fn duplicate_spell_becomes_a_level() {
    let tome = tome();
    let known = vec!["mlaf/spell/fire-ball".to_string(), "mlaf/spell/toad".to_string()];
    let r = spell_roll(&tome, 12, &known).unwrap();
    assert_eq!(r.spell, "increase your level by 1");
    assert!(r.level_up);
    assert_eq!(r.duplicate.as_deref(), Some("Fire Ball"));
    let r = spell_roll(&tome, 11, &known).unwrap();
    assert_eq!(r.spell, "Guidance");
    assert!(!r.level_up);
    // Through the calculator, by name with a typed apostrophe.
    let o = run(&tome, "spell-roll", &[("roll", "5"), ("known", "Toad, Medusa's Gaze")]).unwrap();
    assert_eq!(field(&o, "spell"), "increase your level by 1");
    assert_eq!(field(&o, "level-up"), true);
    let o = run(&tome, "spell-roll", &[("roll", "3"), ("known", "Toad")]).unwrap();
    assert_eq!(field(&o, "spell"), "choose a spell");
}

/// A seed gives the same roll every time, and the dice add up to the roll.
#[test]
fn seeded_rolls_repeat() {
    let tome = tome();
    for seed in ["0", "7", "123456789"] {
        let a = run(&tome, "spell-roll", &[("seed", seed)]).unwrap();
        let b = run(&tome, "spell-roll", &[("seed", seed)]).unwrap();
        assert_eq!(a.fields, b.fields);
        let dice: Vec<i64> = serde_json::from_value(field(&a, "dice")).unwrap();
        assert_eq!(dice.len(), 3);
        assert_eq!(field(&a, "roll"), dice.iter().sum::<i64>());
        let m = run(&tome, "mutation", &[("seed", seed)]).unwrap();
        let roll = field(&m, "roll").as_i64().unwrap();
        assert!((1..=20).contains(&roll));
    }
}

/// All 20 rows of the shipped mutation table against the document: 1 to 15 give that
/// mutation and a missed game, 16 to 20 kill.
#[test]
fn mutation_table_row_by_row() {
    let tome = tome();
    let table = tome.table(MUTATION_TABLE, None).unwrap();
    assert_eq!(table.dice.as_deref(), Some("1d20"));
    let mut names = mutation_names(&tome).unwrap();
    names.reverse();
    assert_eq!(names, DOC_MUTATIONS);
    for roll in 1..=20 {
        let m = mutation(&tome, roll, &[]).unwrap();
        if roll <= 15 {
            assert_eq!(m.mutation.as_deref(), Some(DOC_MUTATIONS[15 - roll as usize]), "roll {roll}");
            assert!(m.misses_next_game && !m.dies, "roll {roll}");
        } else {
            assert_eq!(m.mutation, None, "roll {roll}");
            assert!(m.dies && !m.misses_next_game, "roll {roll}");
        }
    }
    let last = table.rows.last().unwrap();
    assert_eq!(last.roll, Some([16, 20]));
}

/// Rolling a mutation the player already has kills him; plural names ("Claws") match.
#[test]
fn a_mutation_already_held_kills() {
    let tome = tome();
    let has = vec!["Claws".to_string(), "horns".to_string()];
    let m = mutation(&tome, 2, &has).unwrap();
    assert!(m.dies && !m.misses_next_game);
    assert_eq!(m.mutation.as_deref(), Some("Claw"));
    assert!(mutation(&tome, 5, &has).unwrap().dies);
    let m = mutation(&tome, 3, &has).unwrap();
    assert!(!m.dies && m.misses_next_game);
    let e = mutation(&tome, 3, &["Wings".to_string()]).unwrap_err().to_string();
    assert!(e.contains("Wings") && e.contains("Big Hand"), "{e}");
    let o = run(&tome, "mutation", &[("roll", "13"), ("has", "Thick Skull")]).unwrap();
    assert_eq!(field(&o, "result"), "dies");
}

/// The Star Player Roll: 2 to 9 opens a skill or the Spell Table; doubles open any
/// skill, any spell or a level.
#[test]
fn star_player_rolls() {
    let tome = tome();
    let r = star_player_roll(3, 5).unwrap();
    assert_eq!((r.total, r.doubles), (8, false));
    assert!(r.options.iter().any(|o| o.contains("Spell Table")));
    let r = star_player_roll(3, 3).unwrap();
    assert!(r.doubles);
    assert!(r.options.iter().any(|o| o.contains("+1 level")));
    let r = star_player_roll(4, 6).unwrap();
    assert!(r.options.is_empty(), "10 to 12 without doubles is left to the normal rules");
    assert!(star_player_roll(0, 3).is_err());
    let e = err(&tome, "star-player-roll", &[("dice", "3")]);
    assert!(e.contains("exactly two"), "{e}");
}

/// A Soul in Chains: 1-2 back for the second half, 3-4 back after the match, 5-6 also
/// misses the next match; the caster's own soul rolls at -1 (a 3 reads as a 2).
#[test]
fn soul_in_chains_rows() {
    let tome = tome();
    let expect =
        [(1, true, false), (2, true, false), (3, false, false), (4, false, false), (5, false, true), (6, false, true)];
    for (roll, back, mng) in expect {
        let s = soul_in_chains(&tome, roll, false).unwrap();
        assert_eq!((s.plays_second_half, s.misses_next_match), (back, mng), "roll {roll}");
    }
    let s = soul_in_chains(&tome, 3, true).unwrap();
    assert_eq!(s.modified, 2);
    assert!(s.plays_second_half);
    assert_eq!(soul_in_chains(&tome, 1, true).unwrap().modified, 1);
}

/// Shift of Power takes 1, 2 or 3 re-rolls, never more than the opponents have.
#[test]
fn shift_of_power_rows_and_cap() {
    let tome = tome();
    for (roll, take) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
        let s = shift_of_power(&tome, roll, 4).unwrap();
        assert_eq!((s.lost, s.gained, s.left), (take, take, 4 - take), "roll {roll}");
    }
    let s = shift_of_power(&tome, 6, 1).unwrap();
    assert_eq!((s.lost, s.gained, s.left), (1, 1, 0));
    let s = shift_of_power(&tome, 3, 0).unwrap();
    assert_eq!((s.lost, s.gained), (0, 0));
    let rows: Vec<_> = tome.table(SHIFT_TABLE, None).unwrap().rows.iter().map(|r| r.roll).collect();
    assert_eq!(rows, [Some([1, 2]), Some([3, 4]), Some([5, 6])]);
}

/// Clairvoyance: 1 shows one card, 2 to 5 half of them rounded up, 6 all.
#[test]
fn clairvoyance_rows() {
    let tome = tome();
    assert_eq!(clairvoyance(&tome, 1, 5).unwrap().0, 1);
    assert_eq!(clairvoyance(&tome, 1, 0).unwrap().0, 0);
    for roll in 2..=5 {
        assert_eq!(clairvoyance(&tome, roll, 5).unwrap().0, 3, "half of 5, rounded up");
        assert_eq!(clairvoyance(&tome, roll, 4).unwrap().0, 2);
    }
    assert_eq!(clairvoyance(&tome, 6, 5).unwrap().0, 5);
    let rows: Vec<_> = tome.table(CLAIRVOYANCE_TABLE, None).unwrap().rows.iter().map(|r| r.roll).collect();
    assert_eq!(rows, [Some([1, 1]), Some([2, 5]), Some([6, 6])]);
}

/// Toad: 4+ makes a toad; a 2 scatters the spell twice (the document's example).
#[test]
fn toad_rolls() {
    assert_eq!(toad(2).unwrap().1, 2);
    for roll in 1..=3 {
        assert!(!toad(roll).unwrap().0);
        assert_eq!(toad(roll).unwrap().1, roll);
    }
    for roll in 4..=6 {
        assert!(toad(roll).unwrap().0);
        assert_eq!(toad(roll).unwrap().1, 0);
    }
    let cells = &tome().table(TOAD_PROFILE, None).unwrap().rows[0].cells;
    assert_eq!(cells[..4], ["4", "1", "4", "4"]);
}

/// Every term links to an entry that exists.
#[test]
fn term_rules_exist() {
    let tome = tome();
    let mut outcomes = vec![
        run(&tome, "cast", &[("spell", "Power Drain"), ("level", "2"), ("enemy-level", "1"), ("enemy-tz", "1")])
            .unwrap(),
        run(&tome, "cast", &[("spell", "Weather Control")]).unwrap(),
        run(&tome, "cast", &[("spell", "Form of Mist"), ("opposing", "true")]).unwrap(),
        run(&tome, "cast", &[("spell", "Blizzard"), ("stadium", "southern-provinces")]).unwrap(),
        run(&tome, "cast", &[("spell", "Counterspell"), ("level", "2")]).unwrap(),
        run(&tome, "spells-per-match", &[("level", "2")]).unwrap(),
        run(&tome, "spell-roll", &[("roll", "7"), ("known", "Power Drain")]).unwrap(),
        run(&tome, "spell-roll", &[("roll", "8")]).unwrap(),
        run(&tome, "mutation", &[("roll", "2"), ("has", "claw")]).unwrap(),
        run(&tome, "mutation", &[("roll", "18")]).unwrap(),
        run(&tome, "mutation", &[("roll", "9")]).unwrap(),
        run(&tome, "star-player-roll", &[("dice", "2,2")]).unwrap(),
        run(&tome, "star-player-roll", &[("dice", "2,3")]).unwrap(),
        run(&tome, "star-player-roll", &[("dice", "5,6")]).unwrap(),
        run(&tome, "soul-in-chains", &[("roll", "4"), ("caster", "true")]).unwrap(),
        run(&tome, "shift-of-power", &[("roll", "6"), ("opponent-rerolls", "1")]).unwrap(),
        run(&tome, "clairvoyance", &[("roll", "3"), ("cards", "3")]).unwrap(),
        run(&tome, "toad", &[("roll", "5")]).unwrap(),
        run(&tome, "toad", &[("roll", "1")]).unwrap(),
    ];
    let rules: Vec<Term> = outcomes.iter_mut().flat_map(|o| o.terms.drain(..)).collect();
    for t in rules {
        let id = t.rule.unwrap_or_else(|| panic!("term `{}` has no rule", t.label));
        tome.show(&id).unwrap_or_else(|e| panic!("term `{}` links to {id}: {e}", t.label));
    }
    for c in calculators() {
        tome.show(c.rule.unwrap()).unwrap();
    }
}

/// Each calculator through the registry with good inputs, and bad ones that fail
/// naming what is allowed.
#[test]
fn calculators_run_and_reject_bad_input() {
    let tome = tome();
    let o = run(&tome, "cast", &[("spell", "Power Drain"), ("level", "2"), ("enemy-level", "1")]).unwrap();
    assert_eq!((field(&o, "needs"), field(&o, "probability")), (2.into(), 0.8333.into()));
    let o = run(&tome, "cast", &[("spell", "mlaf/spell/time-bubble"), ("enemy-tz", "2")]).unwrap();
    assert_eq!(field(&o, "needs"), 6);
    assert_eq!(field(&o, "probability"), 0.1667);
    let o = run(&tome, "cast", &[("spell", "form of mist"), ("opposing", "true")]).unwrap();
    assert_eq!(field(&o, "needs"), 4);
    let o = run(&tome, "spells-per-match", &[("level", "3")]).unwrap();
    assert_eq!(field(&o, "spells"), 3);
    let o = run(&tome, "spell-roll", &[("roll", "13")]).unwrap();
    assert_eq!(field(&o, "spell"), "Counterspell");
    let o = run(&tome, "mutation", &[("roll", "15")]).unwrap();
    assert_eq!(field(&o, "mutation"), "Very Long Legs");
    assert_eq!(field(&o, "misses-next-game"), true);
    let o = run(&tome, "soul-in-chains", &[("roll", "5")]).unwrap();
    assert_eq!(field(&o, "misses-next-match"), true);
    let o = run(&tome, "shift-of-power", &[("roll", "5"), ("opponent-rerolls", "2")]).unwrap();
    assert_eq!(field(&o, "lost"), 2);
    let o = run(&tome, "clairvoyance", &[("roll", "6"), ("cards", "4")]).unwrap();
    assert_eq!(field(&o, "shown"), 4);
    let o = run(&tome, "toad", &[("roll", "2")]).unwrap();
    assert_eq!(field(&o, "scatters"), 2);
    for name in ["soul-in-chains", "toad"] {
        assert!(run(&tome, name, &[("seed", "3")]).is_ok());
    }

    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let bad: &[Case] = &[
        ("cast", &[("spell", "Toad"), ("enemy-tz", "-1")], "from 0 to 8"),
        ("cast", &[("spell", "Toad"), ("enemy-tz", "9")], "from 0 to 8"),
        ("cast", &[("spell", "Power Drain"), ("level", "0"), ("enemy-level", "1")], "from 1 to 10"),
        ("cast", &[("spell", "Power Drain"), ("level", "2"), ("enemy-level", "11")], "from 1 to 10"),
        ("cast", &[("spell", "Power Drain")], "1 to 10"),
        ("cast", &[("spell", "Toad"), ("stadium", "moon")], "northmarks"),
        ("cast", &[], "--spell"),
        ("spells-per-match", &[("level", "0")], "from 1 to 10"),
        ("spells-per-match", &[("level", "11")], "from 1 to 10"),
        ("spell-roll", &[("roll", "2")], "from 3 to 18"),
        ("spell-roll", &[("roll", "19")], "from 3 to 18"),
        ("spell-roll", &[("roll", "5"), ("seed", "1")], "not both"),
        ("spell-roll", &[("seed", "-1")], "from 0"),
        ("mutation", &[("roll", "0")], "from 1 to 20"),
        ("mutation", &[("roll", "21")], "from 1 to 20"),
        ("mutation", &[("roll", "3"), ("has", "Wings")], "not on the mutation table"),
        ("star-player-roll", &[("dice", "7,1")], "from 1 to 6"),
        ("soul-in-chains", &[("roll", "7")], "from 1 to 6"),
        ("shift-of-power", &[("roll", "1"), ("opponent-rerolls", "11")], "from 0 to 10"),
        ("clairvoyance", &[("roll", "1"), ("cards", "21")], "from 0 to 20"),
        ("toad", &[("roll", "0")], "from 1 to 6"),
    ];
    for (name, args, says) in bad {
        let e = err(&tome, name, args);
        assert!(e.contains(says), "{name} {args:?}: `{e}` should mention `{says}`");
    }
    // Unknown spells are not found, with the name echoed back.
    let e = err(&tome, "cast", &[("spell", "Summon Dragon")]);
    assert!(e.contains("Summon Dragon"), "{e}");
    let e = err(&tome, "spell-roll", &[("roll", "4"), ("known", "Summon Dragon")]);
    assert!(e.contains("Summon Dragon"), "{e}");
    // Another system's entry is not an MLAF spell.
    let e = err(&tome, "cast", &[("spell", "ars-magica/weapon/sword-long")]);
    assert!(e.contains("not an MLAF spell"), "{e}");
}

/// Direct calls with values a user could type never panic and name the range.
#[test]
fn direct_calls_check_ranges() {
    let tome = tome();
    let toad_spell = spell(&tome, "Toad");
    for tz in [-1, 9, i64::MIN, i64::MAX] {
        let e = cast(&toad_spell, &opts(tz)).unwrap_err().to_string();
        assert!(e.contains("from 0 to 8"), "{e}");
    }
    for roll in [2, 19, -5] {
        assert!(spell_roll(&tome, roll, &[]).unwrap_err().to_string().contains("from 3 to 18"));
    }
    for roll in [0, 21] {
        assert!(mutation(&tome, roll, &[]).unwrap_err().to_string().contains("from 1 to 20"));
    }
    assert!(toad(7).is_err());
    assert!(soul_in_chains(&tome, 0, false).is_err());
    assert!(shift_of_power(&tome, 1, -1).is_err());
    assert!(clairvoyance(&tome, 1, -1).is_err());
    let odd = SpellRef { id: "x".into(), name: "x".into(), target: 9 };
    assert!(cast(&odd, &opts(0)).unwrap_err().to_string().contains("from 2 to 6"));
}

/// Defect: a Counterspell against a Magic Item card needs no level (the levels only
/// count against a spell), so `cast` answers without --level.
#[test]
fn counterspell_against_a_magic_item_needs_no_level() {
    let tome = tome();
    let o = run(&tome, "cast", &[("spell", "Counterspell")]).unwrap();
    assert_eq!((field(&o, "needs"), field(&o, "probability")), (2.into(), 0.8333.into()));
    assert!(o.warnings.iter().any(|w| w.contains("Magic Item")), "{:?}", o.warnings);
    let o = run(&tome, "cast", &[("spell", "Counterspell"), ("enemy-tz", "2")]).unwrap();
    assert_eq!(field(&o, "needs"), 4);
    // Against a spell both levels are still needed.
    let e = err(&tome, "cast", &[("spell", "Counterspell"), ("enemy-level", "2")]);
    assert!(e.contains("--level"), "{e}");
    let e = err(&tome, "cast", &[("spell", "Power Drain"), ("enemy-level", "2")]);
    assert!(e.contains("--level"), "{e}");
}

/// Defect: when the 6-always-succeeds and 1-always-fails rules both cover a face (a 6
/// modified to 1 or less, a 1 modified to 6 or more), the output says which one it
/// applied.
#[test]
fn colliding_natural_rules_say_which_applied() {
    let tome = tome();
    // Counterspell 2+, level 1 against level 6: the 6 is modified to 1.
    let o = run(&tome, "cast", &[("spell", "Counterspell"), ("level", "1"), ("enemy-level", "6")]).unwrap();
    let said = field(&o, "natural-rule").as_str().unwrap().to_string();
    assert!(said.contains("natural 6") && said.contains("succeeds") && said.contains("Interpretation"), "{said}");
    assert_eq!(field(&o, "faces"), serde_json::json!([6]));
    assert!(o.terms.iter().any(|t| t.value == "6 succeeds"));
    // Power Drain 3+, level 6 against level 1: the 1 is modified to 6.
    let o = run(&tome, "cast", &[("spell", "Power Drain"), ("level", "6"), ("enemy-level", "1")]).unwrap();
    let said = field(&o, "natural-rule").as_str().unwrap().to_string();
    assert!(said.contains("natural 1") && said.contains("fails"), "{said}");
    assert_eq!(field(&o, "faces"), serde_json::json!([2, 3, 4, 5, 6]));
    // One step short of a collision, nothing is said.
    let o = run(&tome, "cast", &[("spell", "Counterspell"), ("level", "1"), ("enemy-level", "5")]).unwrap();
    assert!(o.fields.iter().all(|(k, _)| k != "natural-rule"));
    let o = run(&tome, "cast", &[("spell", "Power Drain"), ("level", "5"), ("enemy-level", "1")]).unwrap();
    assert!(o.fields.iter().all(|(k, _)| k != "natural-rule"));
    // Every collision, and only those, over all level pairs and tackle zones.
    for name in ["Power Drain", "Counterspell"] {
        let s = spell(&tome, name);
        for level in 1..=MAX_LEVEL {
            for enemy in 1..=MAX_LEVEL {
                for enemy_tz in 0..=MAX_ENEMY_TZ {
                    let o =
                        CastOptions { enemy_tz, level: Some(level), enemy_level: Some(enemy), ..Default::default() };
                    let c = cast(&s, &o).unwrap();
                    let modified_six = 6 - (c.needs - s.target);
                    let modified_one = 1 - (c.needs - s.target);
                    assert_eq!(c.natural_rule.is_some(), modified_six <= 1 || modified_one >= 6, "{name} {o:?}");
                }
            }
        }
    }
}
