//! The tests of this system's rules: the documents' worked examples and tables.

use std::collections::BTreeMap;

use super::*;
use crate::Tome;

fn tome() -> Tome {
    Tome::open_in_memory().expect("in-memory tome")
}

fn doc() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/rules/004_ab77d6485b392712.txt"))
        .or_else(|_| std::fs::read_to_string("/work/shared/rules/004_ab77d6485b392712.txt"))
        .unwrap_or_default()
}

fn run(name: &str, args: &[(&str, &str)]) -> Result<Outcome> {
    let values: BTreeMap<String, String> = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    crate::systems::calculate(&tome(), SYSTEM, name, values)
}

fn field(o: &Outcome, key: &str) -> serde_json::Value {
    o.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no field {key}"))
}

/// A calculator, its arguments, and what its error must mention.
type BadCase<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);

fn err(r: Result<Outcome>) -> String {
    r.expect_err("should be rejected").to_string()
}

// ---- COR table ----

/// Every COR from -3 to 12 against the table: -3 gives -2, -2..-1 give -1, 0..1
/// give 0, then +1 per two points up to +6 at 12.
#[test]
fn cor_table_row_by_row() {
    let expected = [
        (-3, -2),
        (-2, -1),
        (-1, -1),
        (0, 0),
        (1, 0),
        (2, 1),
        (3, 1),
        (4, 2),
        (5, 2),
        (6, 3),
        (7, 3),
        (8, 4),
        (9, 4),
        (10, 5),
        (11, 5),
        (12, 6),
    ];
    for (cor, bonus) in expected {
        assert_eq!(cor_bonus(cor).unwrap(), bonus, "COR {cor}");
        let a = action_points(cor, 1, 0).unwrap();
        assert_eq!(a.ap, 3 + bonus, "AP at COR {cor}");
    }
}

/// The constants agree with the shipped table, cell by cell.
#[test]
fn cor_table_matches_shipped_table() {
    let t = tome().table(T_COR, None).unwrap();
    assert_eq!(t.rows.len(), COR_BONUS_AP.len());
    for (row, &(lo, hi, bonus)) in t.rows.iter().zip(COR_BONUS_AP.iter()) {
        let key = row.key.expect("lookup rows have keys");
        assert_eq!((key.from, key.to), (Some(lo), Some(hi)));
        let printed = if lo == hi { lo.to_string() } else { format!("{lo} to {hi}") };
        assert_eq!(row.cells[0], printed);
        let b = if bonus > 0 { format!("+{bonus}") } else { bonus.to_string() };
        assert_eq!(row.cells[1], b);
    }
}

/// The constants agree with the document's printed table too.
#[test]
fn cor_table_matches_document() {
    let d = doc();
    if d.is_empty() {
        return;
    }
    for &(lo, hi, bonus) in &COR_BONUS_AP {
        let key = if lo == hi { lo.to_string() } else { format!("{lo} to {hi}") };
        let b = if bonus > 0 { format!("+{bonus}") } else { bonus.to_string() };
        let line = format!("\n{key} {b}\n");
        assert!(d.contains(&line), "document lacks row `{}`", line.trim());
    }
}

#[test]
fn cor_out_of_range_names_the_range() {
    for cor in [13, -4] {
        let e = cor_bonus(cor).unwrap_err().to_string();
        assert!(e.contains("-3 to 12"), "{e}");
        let e = err(run("ap", &[("cor", &cor.to_string())]));
        assert!(e.contains("-3 to 12"), "{e}");
    }
}

/// Property: more COR never means fewer AP, and each step adds at most 1.
#[test]
fn cor_bonus_is_monotonic() {
    for cor in COR_MIN..COR_MAX {
        let (a, b) = (cor_bonus(cor).unwrap(), cor_bonus(cor + 1).unwrap());
        assert!(b >= a && b - a <= 1, "COR {cor} -> {}", cor + 1);
    }
}

// ---- Reactive AP ----

/// The document's examples: levels 1 and 2 keep 2 Reactive AP, levels 3 and 4 keep 3.
#[test]
fn reactive_cap_examples() {
    assert_eq!(reactive_cap(1).unwrap(), 2);
    assert_eq!(reactive_cap(2).unwrap(), 2);
    assert_eq!(reactive_cap(3).unwrap(), 3);
    assert_eq!(reactive_cap(4).unwrap(), 3);
    assert_eq!(reactive_cap(20).unwrap(), 11);
    for level in LEVEL_MIN..LEVEL_MAX {
        let (a, b) = (reactive_cap(level).unwrap(), reactive_cap(level + 1).unwrap());
        assert!(b == a || b == a + 1, "level {level}");
    }
    assert!(reactive_cap(0).unwrap_err().to_string().contains("1 to 20"));
    assert!(reactive_cap(21).unwrap_err().to_string().contains("1 to 20"));
}

/// COR 4, level 3, 5 Reactive AP left: 3 + 2 = 5 AP, keep 3 of the 5, total 8.
#[test]
fn ap_with_carried_reactive() {
    let o = run("ap", &[("cor", "4"), ("level", "3"), ("reactive", "5")]).unwrap();
    assert_eq!(field(&o, "cor_bonus"), 2);
    assert_eq!(field(&o, "ap"), 5);
    assert_eq!(field(&o, "reactive_cap"), 3);
    assert_eq!(field(&o, "carried"), 3);
    assert_eq!(field(&o, "total"), 8);
    assert_eq!(o.warnings.len(), 1, "2 AP lost is worth a warning");
    let o = run("ap", &[("cor", "0")]).unwrap();
    assert_eq!(field(&o, "total"), 3, "defaults: level 1, no Reactive AP");
    assert!(err(run("ap", &[("cor", "0"), ("level", "21")])).contains("1 to 20"));
}

// ---- Movement ----

/// The document's example: Speed 20, Swim 20, Fly 30. Running 10, swimming 10 and
/// flying 10 in one AP fits; swimming 30 does not.
#[test]
fn movement_worked_example() {
    let speeds = PerMode { walk: 20, swim: 20, fly: 30, climb: 0, burrow: 0 };
    let ok = movement(speeds, PerMode { walk: 10, swim: 10, fly: 10, ..Default::default() }).unwrap();
    assert!(ok.fits, "{:?}", ok.problems);
    assert_eq!(ok.budget_ft, 30);
    assert_eq!(ok.used_ft, 30);
    let bad = movement(speeds, PerMode { swim: 30, ..Default::default() }).unwrap();
    assert!(!bad.fits);
    assert!(bad.problems[0].contains("Swim"), "{:?}", bad.problems);
    // Through the calculator.
    let o =
        run("movement", &[("swim-speed", "20"), ("fly-speed", "30"), ("walk", "10"), ("swim", "10"), ("fly", "10")])
            .unwrap();
    assert_eq!(field(&o, "fits"), true);
    let o = run("movement", &[("swim-speed", "20"), ("fly-speed", "30"), ("swim", "30")]).unwrap();
    assert_eq!(field(&o, "fits"), false);
}

/// The allowance is the largest speed, not the sum; improvised swimming costs double.
#[test]
fn movement_budget_and_improvised_modes() {
    let speeds = PerMode { walk: 20, swim: 20, fly: 30, ..Default::default() };
    let over = movement(speeds, PerMode { walk: 20, fly: 20, ..Default::default() }).unwrap();
    assert!(!over.fits, "40 ft is more than the 30 ft allowance");
    let plain = PerMode { walk: 20, ..Default::default() };
    let swim = movement(plain, PerMode { swim: 10, ..Default::default() }).unwrap();
    assert!(swim.fits);
    assert_eq!(swim.used_ft, 20, "10 ft swum without a Swim speed uses 20 ft");
    let swim = movement(plain, PerMode { walk: 5, swim: 10, ..Default::default() }).unwrap();
    assert!(!swim.fits);
    let fly = movement(plain, PerMode { fly: 5, ..Default::default() }).unwrap();
    assert!(!fly.fits, "no flying without a Fly speed");
    assert!(movement(PerMode { walk: 301, ..Default::default() }, PerMode::default())
        .unwrap_err()
        .to_string()
        .contains("0 to 300"));
}

// ---- Jump ----

/// Vertical 3 ft + STR ft, horizontal double: STR 2 jumps 5 ft up and 10 ft across;
/// STR 0 jumps 3 and 6; STR -3 cannot jump.
#[test]
fn jump_rule_numbers() {
    for (s, v, h) in [(2, 5, 10), (0, 3, 6), (-3, 0, 0), (12, 15, 30)] {
        let j = jump(s).unwrap();
        assert_eq!((j.vertical_ft, j.horizontal_ft), (v, h), "STR {s}");
    }
    for s in STR_MIN..=STR_MAX {
        let j = jump(s).unwrap();
        assert_eq!(j.vertical_ft, 3 + s);
        assert_eq!(j.horizontal_ft, 2 * j.vertical_ft);
    }
    let o = run("jump", &[("str", "4")]).unwrap();
    assert_eq!(field(&o, "vertical_ft"), 7);
    assert_eq!(field(&o, "horizontal_ft"), 14);
    let o = run("jump", &[("str", "4"), ("movement-left", "10")]).unwrap();
    assert_eq!(field(&o, "horizontal_now_ft"), 10);
    assert_eq!(o.warnings.len(), 1);
    assert!(err(run("jump", &[("str", "13")])).contains("-3 to 12"));
}

/// The horizontal jump's terms fold to it (lines 66-68): (3 + STR) ×2, the doubling a
/// factor, not "+2"; STR 0 gives 6, STR 4 gives 14.
#[test]
fn jump_terms_fold_to_the_horizontal_jump() {
    for (s, h) in [(0, 6), (4, 14), (-3, 0)] {
        let j = jump(s).unwrap();
        assert_eq!(crate::rules::fold(&j.terms), Some(h), "STR {s}: {:?}", j.terms);
        assert_eq!(j.horizontal_ft, h);
    }
}

/// The jump rule's numbers are the document's: 3 ft base, double for horizontal.
#[test]
fn jump_numbers_in_document() {
    let d = doc();
    if d.is_empty() {
        return;
    }
    assert!(d.contains("3ft + a number"), "vertical jump base is 3 ft");
    assert!(d.contains("horizontal jump distance is double"));
}

// ---- Crit range ----

/// Normally a natural 20; one increase gives 19-20 (the document's example); never
/// wider than 16-20.
#[test]
fn crit_range_examples() {
    assert_eq!(crit_range(0, 0).unwrap().crit_min, 20);
    assert_eq!(crit_range(1, 0).unwrap().crit_min, 19);
    assert_eq!(crit_range(4, 0).unwrap().crit_min, 16);
    assert_eq!(crit_range(5, 0).unwrap().crit_min, 16);
    assert_eq!(crit_range(1, 2).unwrap().crit_min, 17, "Vulnerable 2 widens it by 2 more");
    let o = run("crit-range", &[("expansions", "1")]).unwrap();
    assert_eq!(field(&o, "crit_min"), 19);
    assert_eq!(field(&o, "crit_range"), "19-20");
    assert_eq!(field(&o, "crit_chance_pct"), 10);
    assert!(err(run("crit-range", &[("expansions", "21")])).contains("0 to 20"));
}

/// Property: for every number of expansions 0..=20 the range starts between 16 and
/// 20 and never narrows as expansions grow.
#[test]
fn crit_range_never_past_cap() {
    let mut last = CRIT_NATURAL;
    for n in 0..=EXPANSIONS_MAX {
        for v in 0..=EXPANSIONS_MAX {
            let c = crit_range(n, v).unwrap();
            assert!((CRIT_CAP..=CRIT_NATURAL).contains(&c.crit_min), "{n} expansions, Vulnerable {v}");
        }
        let c = crit_range(n, 0).unwrap().crit_min;
        assert!(c <= last);
        last = c;
    }
}

// ---- Damage ----

fn fire(amount: i64) -> Vec<Portion> {
    vec![Portion { amount, kind: DamageType::Fire }]
}

fn hit(roll: i64, defense: i64) -> Option<HitCheck> {
    Some(HitCheck { roll, defense, crit: false, fumble: false, half_on_miss: false, natural: None, expansions: 0 })
}

#[test]
fn damage_types_match_shipped_table() {
    let t = tome().table(T_DAMAGE_TYPES, None).unwrap();
    let mut count = 0;
    for row in &t.rows {
        let category = row.cells[0].trim_end_matches(" Damage");
        for name in row.cells[1].split(", ") {
            let ty = DamageType::parse(name).unwrap();
            assert_eq!(ty.category(), category, "{name}");
            count += 1;
        }
    }
    assert_eq!(count, 11);
}

#[test]
fn immune_takes_nothing_unless_vulnerable() {
    let def = Defenses { immune: vec![DamageType::Fire], ..Default::default() };
    let d = apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap();
    assert_eq!(d.damage_taken, 0);
    let def =
        Defenses { immune: vec![DamageType::Fire], vulnerable: vec![(DamageType::Fire, 2)], ..Default::default() };
    let d = apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap();
    assert_eq!(d.damage_taken, 12, "Vulnerable overrides Immune");
}

#[test]
fn vulnerable_lowers_defense_and_beats_resist_dr_dt() {
    // Attack 13 against defense 15 with Vulnerable 2: 13 >= 13 hits.
    let def = Defenses {
        vulnerable: vec![(DamageType::Fire, 2)],
        resist: vec![(DamageType::Fire, 5)],
        dr: 5,
        dt: 50,
        ..Default::default()
    };
    let d = apply_damage(&Attack { portions: fire(10), hit: hit(13, 15), ..Default::default() }, &def).unwrap();
    assert_eq!(d.hit, Some(true));
    assert_eq!(d.damage_taken, 10, "no Resist, DR or DT against a Vulnerable type");
}

/// A single resisted type: the Resist bonus joins the defense.
#[test]
fn resist_single_type() {
    let def = Defenses { resist: vec![(DamageType::Fire, 3)], ..Default::default() };
    let atk = |roll| Attack { portions: fire(10), hit: hit(roll, 14), ..Default::default() };
    assert_eq!(apply_damage(&atk(16), &def).unwrap().damage_taken, 0, "16 misses 14 + 3");
    assert_eq!(apply_damage(&atk(16), &def).unwrap().hit, Some(false));
    assert_eq!(apply_damage(&atk(17), &def).unwrap().damage_taken, 10, "17 reaches 14 + 3");
    let crit = Attack {
        hit: Some(HitCheck {
            roll: 2,
            defense: 14,
            crit: true,
            fumble: false,
            half_on_miss: false,
            natural: None,
            expansions: 0,
        }),
        ..atk(2)
    };
    assert_eq!(apply_damage(&crit, &def).unwrap().damage_taken, 10, "a crit hits regardless");
}

/// Mixed types: hits without Resist but not with it, so only the unresisted part lands;
/// a half-damage miss deals nothing of the resisted type.
#[test]
fn resist_mixed_types_and_half_on_miss() {
    let def = Defenses { resist: vec![(DamageType::Fire, 3)], ..Default::default() };
    let portions = vec![Portion { amount: 8, kind: DamageType::Sharp }, Portion { amount: 4, kind: DamageType::Fire }];
    let a = Attack { portions: portions.clone(), hit: hit(15, 14), ..Default::default() };
    let d = apply_damage(&a, &def).unwrap();
    assert_eq!((d.hit, d.damage_taken), (Some(true), 8));
    let a = Attack { portions: portions.clone(), hit: hit(17, 14), ..Default::default() };
    assert_eq!(apply_damage(&a, &def).unwrap().damage_taken, 12, "still hits with the bonus: all of it");
    let miss = Attack {
        portions: fire(10),
        hit: Some(HitCheck {
            roll: 5,
            defense: 14,
            crit: false,
            fumble: false,
            half_on_miss: true,
            natural: None,
            expansions: 0,
        }),
        ..Default::default()
    };
    assert_eq!(apply_damage(&miss, &Defenses::default()).unwrap().damage_taken, 5, "half on a miss");
    assert_eq!(apply_damage(&miss, &def).unwrap().damage_taken, 0, "Resist cancels the half");
    let ignoring =
        Attack { ignores_resist: true, ..Attack { portions: fire(10), hit: hit(15, 14), ..Default::default() } };
    assert_eq!(apply_damage(&ignoring, &def).unwrap().damage_taken, 10);
}

/// DR 5/Fire takes fire in full and 5 off everything else; DR 15/Silvered likewise
/// for silvered weapons; damage that ignores Resist ignores DR.
#[test]
fn damage_reduction_and_exceptions() {
    let def = Defenses { dr: 5, dr_except: vec!["fire".into()], ..Default::default() };
    let sharp = vec![Portion { amount: 12, kind: DamageType::Sharp }];
    assert_eq!(apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap().damage_taken, 12);
    assert_eq!(apply_damage(&Attack { portions: sharp.clone(), ..Default::default() }, &def).unwrap().damage_taken, 7);
    let def = Defenses { dr: 15, dr_except: vec!["silvered".into()], ..Default::default() };
    let plain = Attack { portions: sharp.clone(), ..Default::default() };
    assert_eq!(apply_damage(&plain, &def).unwrap().damage_taken, 0);
    let silvered = Attack { tags: vec!["silvered".into()], ..plain.clone() };
    assert_eq!(apply_damage(&silvered, &def).unwrap().damage_taken, 12);
    let ignoring = Attack { ignores_resist: true, ..plain };
    assert_eq!(apply_damage(&ignoring, &def).unwrap().damage_taken, 12);
}

#[test]
fn damage_threshold() {
    let def = Defenses { dt: 10, ..Default::default() };
    assert_eq!(apply_damage(&Attack { portions: fire(9), ..Default::default() }, &def).unwrap().damage_taken, 0);
    assert_eq!(apply_damage(&Attack { portions: fire(10), ..Default::default() }, &def).unwrap().damage_taken, 10);
    let vuln = Defenses { dt: 10, vulnerable: vec![(DamageType::Fire, 1)], ..Default::default() };
    assert_eq!(apply_damage(&Attack { portions: fire(3), ..Default::default() }, &vuln).unwrap().damage_taken, 3);
}

#[test]
fn shield_hp_first() {
    let def = Defenses { shield_hp: 5, ..Default::default() };
    let d = apply_damage(&Attack { portions: fire(12), ..Default::default() }, &def).unwrap();
    assert_eq!((d.damage_taken, d.shield_absorbed, d.shield_left, d.hp_lost), (12, 5, 0, 7));
    let d = apply_damage(&Attack { portions: fire(3), ..Default::default() }, &def).unwrap();
    assert_eq!((d.shield_absorbed, d.shield_left, d.hp_lost), (3, 2, 0));
}

#[test]
fn affinity_halves() {
    let def = Defenses { affinity: vec![DamageType::Fire], ..Default::default() };
    assert_eq!(apply_damage(&Attack { portions: fire(11), ..Default::default() }, &def).unwrap().damage_taken, 5);
}

/// Property: whatever the protections, damage taken and HP lost are never negative
/// and never more than the damage dealt.
#[test]
fn damage_never_negative() {
    for amount in [0, 1, 2, 5, 9, 10, 17] {
        for dr in [0, 1, 4, 20] {
            for dt in [0, 3, 10] {
                for shield in [0, 4, 30] {
                    for roll in [0, 10, 14, 20] {
                        for flags in 0..16u8 {
                            let def = Defenses {
                                resist: if flags & 1 != 0 { vec![(DamageType::Fire, 3)] } else { vec![] },
                                affinity: if flags & 2 != 0 { vec![DamageType::Fire] } else { vec![] },
                                immune: if flags & 4 != 0 { vec![DamageType::Sharp] } else { vec![] },
                                dr,
                                dt,
                                shield_hp: shield,
                                ..Default::default()
                            };
                            let attack = Attack {
                                portions: vec![
                                    Portion { amount, kind: DamageType::Fire },
                                    Portion { amount: amount / 2, kind: DamageType::Sharp },
                                ],
                                hit: Some(HitCheck {
                                    roll,
                                    defense: 12,
                                    crit: false,
                                    fumble: false,
                                    half_on_miss: flags & 8 != 0,
                                    natural: None,
                                    expansions: 0,
                                }),
                                ..Default::default()
                            };
                            let d = apply_damage(&attack, &def).unwrap();
                            assert!(d.damage_taken >= 0 && d.hp_lost >= 0 && d.shield_left >= 0);
                            assert!(d.damage_taken <= amount + amount / 2);
                            assert_eq!(d.shield_absorbed + d.hp_lost, d.damage_taken);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn damage_calculator_end_to_end() {
    let o = run(
        "damage",
        &[
            ("damage", "8 sharp + 4 fire"),
            ("resist", "fire 3"),
            ("attack", "15"),
            ("defense", "14"),
            ("dr", "2"),
            ("shield-hp", "3"),
            ("hp", "10"),
            ("max-hp", "20"),
        ],
    )
    .unwrap();
    // 8 sharp lands, fire is resisted; DR 2 leaves 6; Shield takes 3; 3 HP lost.
    assert_eq!(field(&o, "damage_taken"), 6);
    assert_eq!(field(&o, "hp_lost"), 3);
    assert_eq!(field(&o, "hp_left"), 7);
    assert_eq!(field(&o, "bloodied"), true);
    assert!(err(run("damage", &[("damage", "8 wood")])).contains("not a damage type"));
    assert!(err(run("damage", &[("damage", "8 fire"), ("resist", "fire 30")])).contains("0 to 20"));
    assert!(err(run("damage", &[("damage", "8 fire"), ("attack", "12")])).contains("--defense"));
    assert!(err(run("damage", &[("damage", "8 fire"), ("dr", "-1")])).contains("0 to 999"));
}

/// Massive damage: a hit taking HP to minus the maximum or lower gives 4 Death
/// Points; damage at 0 HP gives 2.
#[test]
fn massive_and_zero_hp_damage() {
    let h = hp_after(5, 20, 25).unwrap();
    assert!(h.massive);
    assert_eq!((h.hp_left, h.death_points_gained), (0, 4));
    assert!(!hp_after(5, 20, 24).unwrap().massive, "-19 is not -20");
    assert_eq!(hp_after(0, 20, 3).unwrap().death_points_gained, 2);
    assert_eq!(hp_after(0, 20, 0).unwrap().death_points_gained, 0);
}

// ---- Bloodied ----

#[test]
fn bloodied_at_half() {
    assert_eq!(bloodied(10, 20).unwrap(), (true, 10));
    assert_eq!(bloodied(11, 20).unwrap(), (false, 10));
    assert_eq!(bloodied(10, 21).unwrap(), (true, 10));
    assert_eq!(bloodied(11, 21).unwrap(), (false, 10));
    let o = run("bloodied", &[("hp", "3"), ("max-hp", "7")]).unwrap();
    assert_eq!(field(&o, "bloodied"), true);
    assert!(err(run("bloodied", &[("hp", "8"), ("max-hp", "7")])).contains("0 to --max-hp"));
}

// ---- Death Points ----

/// Death at 8: four hits at 0 HP (2 each) kill; seven turn ends do not.
#[test]
fn death_at_eight() {
    let t = death_points(0, &[DeathEvent::Hit; 4], false, false).unwrap();
    assert_eq!((t.points, t.dead), (8, true));
    let t = death_points(0, &[DeathEvent::EndTurn; 7], false, false).unwrap();
    assert_eq!((t.points, t.dead), (7, false));
    let t = death_points(7, &[DeathEvent::EndTurn, DeathEvent::Rest], false, false).unwrap();
    assert!(t.dead, "a Rest after death does not undo it");
    assert_eq!(t.warnings.len(), 1);
    let t = death_points(4, &[DeathEvent::Massive], false, false).unwrap();
    assert!(t.dead, "4 + massive 4 = 8");
}

#[test]
fn death_point_removal_and_breath() {
    let t = death_points(5, &[DeathEvent::Recoup], false, false).unwrap();
    assert_eq!(t.points, 4);
    let t = death_points(5, &[DeathEvent::Rest], false, false).unwrap();
    assert_eq!(t.points, 0);
    let t = death_points(0, &[DeathEvent::Recoup], false, false).unwrap();
    assert_eq!(t.points, 0, "never below zero");
    let t = death_points(2, &[DeathEvent::EndTurn, DeathEvent::EndTurn], true, false).unwrap();
    assert_eq!(t.points, 2, "Catching your Breath: no points for ending turns");
    // Nor for anything else: the document says no Death Points are gained at all.
    let every = [DeathEvent::Hit, DeathEvent::Massive, DeathEvent::Fatigue, DeathEvent::Suffocate];
    let t = death_points(2, &every, true, false).unwrap();
    assert_eq!((t.points, t.dead, t.fatigued), (2, false, true), "no gain while Catching your Breath");
    let t =
        death_points(2, &[DeathEvent::Fatigue, DeathEvent::Recoup, DeathEvent::Rest, DeathEvent::Rest], false, false)
            .unwrap();
    assert_eq!((t.points, t.fatigued), (0, false), "first Rest ends Fatigued, second clears points");
    let o = run("death-points", &[("points", "6"), ("events", "end-turn, end-turn")]).unwrap();
    assert_eq!(field(&o, "dead"), true);
    assert!(err(run("death-points", &[("events", "sneeze")])).contains("end-turn"));
    assert!(err(run("death-points", &[("points", "9")])).contains("0 to 8"));
}

// ---- Tactical advantage ----

#[test]
fn tactical_net() {
    assert_eq!(tactical(3, 1, AttackKind::Weapon, 0).unwrap().modifier, 2);
    assert_eq!(tactical(3, 1, AttackKind::Spell, 0).unwrap().modifier, -1, "TA only helps weapon attacks");
    assert_eq!(tactical(1, 0, AttackKind::Weapon, 2).unwrap().modifier, -1, "two foes adjacent to a ranged attack");
    let o = run("tactical", &[("ta", "2"), ("td", "3")]).unwrap();
    assert_eq!(field(&o, "modifier"), -1);
    let o = run("tactical", &[("ta", "2"), ("foes-adjacent", "2")]).unwrap();
    assert_eq!(field(&o, "modifier"), 2, "adjacent foes only matter for ranged attacks");
    assert_eq!(o.warnings.len(), 1);
    assert!(err(run("tactical", &[("ta", "21")])).contains("0 to 20"));
    assert!(err(run("tactical", &[("attack", "psionic")])).contains("weapon"));
}

// ---- Grapple ----

/// The four size bands of the Grappled and Grappling condition.
#[test]
fn grapple_speed_bands() {
    let s = |d| {
        let g = grapple(d, 30, 20).unwrap();
        (g.grappled_ft, g.grappler_ft)
    };
    assert_eq!(s(0), (0, 10), "same size: Grappled 0, grappler halved");
    assert_eq!(s(-1), (0, 10));
    assert_eq!(s(-2), (0, 20), "2+ smaller: grappler unaffected");
    assert_eq!(s(-5), (0, 20));
    assert_eq!(s(1), (15, 0), "1-2 larger: Grappled halved, grappler 0");
    assert_eq!(s(2), (15, 0));
    assert_eq!(s(3), (30, 0), "3+ larger: Grappled unaffected");
    let o = run("grapple", &[("size-difference", "1"), ("grappled-speed", "25")]).unwrap();
    assert_eq!(field(&o, "grappled_speed_ft"), 12);
    assert_eq!(field(&o, "grappler_speed_ft"), 0);
    assert!(err(run("grapple", &[("size-difference", "11")])).contains("-10 to 10"));
}

/// The shipped entry's speed table agrees with the bands.
#[test]
fn grapple_matches_shipped_entry() {
    let body = tome().show(C_GRAPPLED).unwrap().body;
    for row in [
        "| same size or 1 category smaller | 0 ft | halved |",
        "| 2 or more categories smaller | 0 ft | unaffected |",
        "| 1 or 2 categories larger | halved | 0 ft |",
        "| 3 or more categories larger | unaffected | 0 ft |",
    ] {
        assert!(body.contains(row), "entry lacks {row}");
    }
}

// ---- Compound conditions ----

#[test]
fn compound_conditions() {
    let t = tome();
    let names = |id: &str| -> Vec<String> {
        let (inc, _) = implied_conditions(&t, &format!("mythcraft/condition/{id}")).unwrap();
        inc.into_iter().map(|c| c.name).collect()
    };
    assert_eq!(names("broken"), ["Frightened", "Shaken"]);
    assert_eq!(names("pinned"), ["Prone", "Grappled and Grappling"]);
    assert_eq!(names("paralyzed"), ["Helpless"]);
    assert_eq!(names("unconscious"), ["Helpless"]);
    assert_eq!(names("enthralled"), ["Charmed"]);
    assert_eq!(names("restrained"), ["Grappled and Grappling"]);
    assert!(names("prone").is_empty());
    let o = run("implied-conditions", &[("condition", "Pinned")]).unwrap();
    assert_eq!(field(&o, "includes"), "Prone, Grappled and Grappling");
    assert!(implied_conditions(&t, R_JUMP).is_err(), "a rule is not a condition");
    assert!(run("implied-conditions", &[("condition", "Flummoxed")]).is_err());
}

// ---- Registry ----

/// Every calculator runs with good inputs, every term links to a real entry, and bad
/// inputs are rejected naming the range.
#[test]
fn every_calculator_runs_and_links() {
    let t = tome();
    let good: &[(&str, &[(&str, &str)])] = &[
        ("ap", &[("cor", "12"), ("level", "20"), ("reactive", "40")]),
        ("jump", &[("str", "-3"), ("movement-left", "0")]),
        ("crit-range", &[("expansions", "20"), ("vulnerable", "20")]),
        ("movement", &[("walk", "10"), ("swim", "5"), ("climb", "5"), ("fly", "5"), ("burrow", "5")]),
        (
            "damage",
            &[
                ("damage", "8 sharp, 4 fire, 3 cold"),
                ("immune", "cold"),
                ("vulnerable", "cold 1"),
                ("resist", "fire:2"),
                ("affinity", "sharp"),
                ("dr", "1"),
                ("dr-except", "fire"),
                ("dt", "2"),
                ("shield-hp", "1"),
                ("attack", "12"),
                ("defense", "12"),
                ("half-on-miss", "true"),
                ("hp", "0"),
                ("max-hp", "5"),
            ],
        ),
        ("bloodied", &[("hp", "0"), ("max-hp", "1")]),
        (
            "death-points",
            &[("events", "end-turn,hit,fatigue,suffocate,recoup,rest,massive"), ("catching-breath", "true")],
        ),
        ("tactical", &[("ta", "1"), ("td", "1"), ("ranged", "true"), ("foes-adjacent", "1"), ("attack", "spell")]),
        ("grapple", &[("size-difference", "-10")]),
        ("implied-conditions", &[("condition", "mythcraft/condition/broken")]),
        ("initiative-order", &[("rolls", "A=10, B=9, C=10"), ("awr", "A=1, B=2, C=1"), ("tie-rolls", "A=4")]),
        ("crit-damage", &[("dice", "20d100"), ("modifier", "-100"), ("seed", "7"), ("luck", "-3")]),
        ("actions", &[("actions", "40"), ("conditions", "Dazed, Chilled, Staggered, Stunned, Paralyzed")]),
        ("speed", &[("speed", "300"), ("conditions", "Slowed, Suppressed"), ("engaged-hit", "true")]),
        (
            "defenses",
            &[
                ("defense", "14"),
                ("against", "ref"),
                ("dodge", "true"),
                ("conditions", "Protected"),
                ("cover", "3"),
                ("ranged", "true"),
            ],
        ),
        ("d20-mode", &[("kind", "attack"), ("conditions", "Shaken, Unseen"), ("target", "Restrained")]),
        ("knockout", &[("hp", "9999"), ("max-hp", "9999"), ("damage", "9999"), ("daze", "stunned")]),
        ("bleeding", &[("damage", "999"), ("check", "100")]),
        ("suffocating", &[("end", "-3"), ("round", "100")]),
        ("surprise", &[("round", "2"), ("has-acted", "true")]),
        ("climb", &[("feet", "600"), ("challenging", "true"), ("str", "12"), ("roll", "20"), ("difficulty", "50")]),
        ("move-through", &[("other", "hostile"), ("conditions", "Paralyzed"), ("size-difference", "-10")]),
        ("check-crit", &[("natural", "20"), ("expansions", "20"), ("total", "100"), ("difficulty", "-50")]),
        ("spot-unseen", &[("awr", "100"), ("ant", "-50"), ("distance", "600")]),
        ("surprise-contests", &[("dex", "-50"), ("allies", "A=100"), ("distances", "A=600")]),
        ("flanking", &[("target", "0,0"), ("first", "-1,0"), ("second", "1,0"), ("second-reach", "100")]),
        ("combine-effects", &[("effects", "Bless, Bless")]),
        ("condition-effects", &[("conditions", "Grounded, Phobic, Taunt, Focused, Silenced, Rallied")]),
        ("burning", &[("damage", "999"), ("douse", "roll")]),
        ("unseen-lost", &[("event", "spotted"), ("source-says-otherwise", "true")]),
        ("special-ap", &[("sources", "Rage AP, Support AP"), ("keep", "support ap")]),
        ("disease", &[("name", "zombie plague")]),
    ];
    let bad: &[BadCase] = &[
        ("ap", &[("cor", "-4")], "-3 to 12"),
        ("jump", &[("str", "99")], "-3 to 12"),
        ("crit-range", &[("expansions", "-1")], "0 to 20"),
        ("movement", &[("fly", "601")], "0 to 600"),
        ("damage", &[("damage", "10000 fire")], "0 to 9999"),
        ("bloodied", &[("hp", "1"), ("max-hp", "0")], "1 to 9999"),
        ("death-points", &[("points", "-1")], "0 to 8"),
        ("tactical", &[("td", "30")], "0 to 20"),
        ("grapple", &[("size-difference", "1"), ("grappler-speed", "400")], "0 to 300"),
        ("initiative-order", &[("rolls", "A=21"), ("awr", "A=0")], "1 to 20"),
        ("crit-damage", &[("dice", "2d6"), ("roll", "13"), ("luck", "0")], "2 to 12"),
        ("actions", &[("actions", "41")], "0 to 40"),
        ("speed", &[("speed", "301")], "0 to 300"),
        ("defenses", &[("cover", "4")], "0 to 3"),
        ("d20-mode", &[("kind", "smell")], "attack"),
        ("knockout", &[("hp", "0"), ("max-hp", "10"), ("damage", "1")], "1 to 9999"),
        ("bleeding", &[("damage", "1000")], "0 to 999"),
        ("suffocating", &[("end", "13")], "-3 to 12"),
        ("surprise", &[("round", "0")], "1 to 100"),
        ("climb", &[("feet", "601")], "0 to 600"),
        ("move-through", &[("size-difference", "11")], "-10 to 10"),
        ("check-crit", &[("natural", "0")], "1 to 20"),
        ("spot-unseen", &[("awr", "1"), ("ant", "1"), ("distance", "-1")], "0 to 600"),
        ("surprise-contests", &[("dex", "1"), ("allies", "A=1"), ("distances", "A=601")], "0 to 600"),
        ("flanking", &[("target", "0,0"), ("first", "-1,0"), ("second", "1,0"), ("first-reach", "4")], "5 to 100"),
        ("combine-effects", &[("effects", " , ")], "empty"),
        ("condition-effects", &[("conditions", "Wobbly")], "conditions"),
        ("burning", &[("damage", "1000")], "0 to 999"),
        ("unseen-lost", &[("event", "sneezed")], "spotted"),
        ("special-ap", &[("sources", "Rage AP,,Support AP")], "empty"),
        ("disease", &[("name", "Flu")], "Stonerot"),
    ];
    let calcs = calculators();
    assert_eq!(calcs.len(), good.len());
    for c in &calcs {
        let (_, args) =
            good.iter().find(|(n, _)| *n == c.name).unwrap_or_else(|| panic!("no good case for {}", c.name));
        let values = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let o = crate::systems::calculate(&t, SYSTEM, c.name, values).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert!(!o.fields.is_empty() && !o.terms.is_empty(), "{}", c.name);
        for term in &o.terms {
            if let Some(id) = &term.rule {
                assert!(t.show(id).is_ok() || t.table(id, None).is_ok(), "{}: term links to missing {id}", c.name);
            }
        }
        if let Some(rule) = c.rule {
            assert!(t.show(rule).is_ok(), "{}: missing rule {rule}", c.name);
        }
    }
    for (name, args, range) in bad {
        let values = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let e = crate::systems::calculate(&t, SYSTEM, name, values).expect_err(name).to_string();
        assert!(e.contains(range), "{name}: `{e}` should mention {range}");
    }
}

#[test]
fn contract_names() {
    let ap = run("ap", &[("cor", "3")]).unwrap();
    let keys: Vec<&str> = ap.fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["cor_bonus", "ap", "reactive_cap", "carried", "total"]);
    let j = run("jump", &[("str", "1")]).unwrap();
    let keys: Vec<&str> = j.fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["vertical_ft", "horizontal_ft"]);
    let c = run("crit-range", &[("expansions", "0")]).unwrap();
    assert_eq!(c.fields[0].0, "crit_min");
}

/// The sheet's Death Points help names every way to gain them, not only 0 HP: Fatigue
/// and Suffocating add points whatever the HP.
#[test]
fn death_points_help_names_fatigue_and_suffocating() {
    let layout = crate::systems::layout(SYSTEM).unwrap();
    let help = &layout.field("death-points").unwrap().help;
    for word in ["0 HP", "massive", "Fatigue", "Suffocating", "eighth"] {
        assert!(help.contains(word), "{word} in {help:?}");
    }
}

/// Phobic makes a creature Frightened only while it sees what it fears, so Frightened
/// is not among the conditions Phobic always brings (it was); the entry still links it.
#[test]
fn phobic_does_not_always_imply_frightened() {
    let tome = Tome::open_in_memory().unwrap();
    let (included, _) = implied_conditions(&tome, "mythcraft/condition/phobic").unwrap();
    assert!(included.iter().all(|c| c.id != "mythcraft/condition/frightened"), "{included:?}");
    let phobic = tome.show("mythcraft/condition/phobic").unwrap();
    assert!(phobic.links.contains(&"mythcraft/condition/frightened".to_string()));
}

// ---- Initiative ----

fn names(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(n, v)| (n.to_string(), *v)).collect()
}

fn no_roll() -> i64 {
    panic!("nothing should be rolled")
}

/// Highest 1d20 + AWR first; a tie goes to the higher AWR; the same AWR too goes to
/// plain d20s among the tied only, the highest first.
#[test]
fn initiative_order_ties_by_awr_then_d20() {
    // Totals: Cora 18 + 0 = 18; Ada 12 + 3 and Bram 10 + 5 tie at 15, Bram's AWR is
    // higher; Dev 11 + 3 and Eli 12 + 2 tie at 14, Dev's AWR is higher.
    let rolls = names(&[("Ada", 12), ("Bram", 10), ("Cora", 18), ("Dev", 11), ("Eli", 12)]);
    let awr = names(&[("Ada", 3), ("Bram", 5), ("Cora", 0), ("Dev", 3), ("Eli", 2)]);
    let o = initiative_order(&rolls, &awr, &[], &mut no_roll).unwrap();
    assert_eq!(o.order, ["Cora", "Bram", "Ada", "Dev", "Eli"]);
    assert_eq!(o.totals, [18, 15, 15, 14, 14]);
    // Same total and same AWR: plain d20s, only among the tied.
    let rolls = names(&[("Ada", 12), ("Bram", 12), ("Cora", 12), ("Dev", 2)]);
    let awr = names(&[("Ada", 3), ("Bram", 3), ("Cora", 3), ("Dev", 3)]);
    let ties = vec![("Ada".to_string(), vec![4]), ("Bram".to_string(), vec![17]), ("Cora".to_string(), vec![9])];
    let o = initiative_order(&rolls, &awr, &ties, &mut no_roll).unwrap();
    assert_eq!(o.order, ["Bram", "Cora", "Ada", "Dev"]);
    // A second tie re-rolls again; a missing re-roll is rolled.
    let ties = vec![("Ada".to_string(), vec![9, 2]), ("Bram".to_string(), vec![4]), ("Cora".to_string(), vec![9])];
    let mut dice = [15].into_iter();
    let o = initiative_order(&rolls, &awr, &ties, &mut || dice.next().unwrap()).unwrap();
    assert_eq!(o.order, ["Cora", "Ada", "Bram", "Dev"], "Cora's rolled 15 beats Ada's 2");
    assert!(o.terms.iter().any(|t| t.label.contains("rolled by Tome")));
}

#[test]
fn initiative_order_calculator() {
    let o = run(
        "initiative-order",
        &[("rolls", "Ada=12, Bram=10, Cora=12"), ("awr", "Ada=3, Bram=5, Cora=3"), ("tie-rolls", "Ada=5, Cora=11")],
    )
    .unwrap();
    assert_eq!(field(&o, "order"), serde_json::json!(["Bram", "Cora", "Ada"]));
    assert_eq!(field(&o, "totals"), serde_json::json!([15, 15, 15]));
    // Re-rolls left over are said; a seed makes the missing ones repeatable.
    let o = run("initiative-order", &[("rolls", "A=5, B=6"), ("awr", "A=1, B=1"), ("tie-rolls", "A=3")]).unwrap();
    assert_eq!(field(&o, "order"), serde_json::json!(["B", "A"]));
    assert_eq!(o.warnings.len(), 1, "{:?}", o.warnings);
    let seeded =
        |seed: &str| run("initiative-order", &[("rolls", "A=5, B=5"), ("awr", "A=1, B=1"), ("seed", seed)]).unwrap();
    assert_eq!(field(&seeded("3"), "order"), field(&seeded("3"), "order"));
    assert!(err(run("initiative-order", &[("rolls", "A=5, B=6"), ("awr", "A=1")])).contains("no AWR for B"));
    assert!(err(run("initiative-order", &[("rolls", "A=5"), ("awr", "A=1, Z=2")])).contains("Z"));
    assert!(err(run("initiative-order", &[("rolls", "A=5"), ("awr", "A=1"), ("tie-rolls", "Q=3")])).contains("Q"));
    assert!(err(run("initiative-order", &[("rolls", "A=5"), ("awr", "A=13")])).contains("-3 to 12"));
    assert!(err(run("initiative-order", &[("rolls", "A=5"), ("awr", "A=1"), ("tie-rolls", "A=0")])).contains("1 to 20"));
}

// ---- Critical damage ----

/// 2d6 + 3 crits: 12 + 3 maximised, the second 2d6 (7), LUCK 2: 24.
#[test]
fn crit_damage_maximise_reroll_and_luck() {
    let c = crit_damage(Dice { count: 2, sides: 6 }, 3, 7, 2).unwrap();
    assert_eq!((c.maximised, c.damage), (15, 24));
    let c = crit_damage(Dice { count: 1, sides: 8 }, 0, 1, -2).unwrap();
    assert_eq!(c.damage, 8 + 1 - 2, "negative LUCK takes away");
    let o = run("crit-damage", &[("dice", "2d6"), ("modifier", "3"), ("roll", "7"), ("luck", "2")]).unwrap();
    assert_eq!(field(&o, "damage"), 24);
    // Rolled from a seed: the faces come back and add up.
    let o = run("crit-damage", &[("dice", "3d4"), ("seed", "11"), ("luck", "0")]).unwrap();
    let faces: Vec<i64> = serde_json::from_value(field(&o, "dice")).unwrap();
    assert_eq!(field(&o, "damage"), 12 + faces.iter().sum::<i64>());
    assert!(err(run("crit-damage", &[("dice", "21d6"), ("luck", "0")])).contains("1 to 20 dice"));
    assert!(err(run("crit-damage", &[("dice", "2d101"), ("luck", "0")])).contains("2 to 100 sides"));
    assert!(err(run("crit-damage", &[("dice", "2d6"), ("roll", "1"), ("luck", "0")])).contains("--roll"));
    assert!(
        err(run("crit-damage", &[("dice", "2d6"), ("roll", "4"), ("seed", "1"), ("luck", "0")])).contains("not both")
    );
}

// ---- Critical fail ----

/// A natural 1 misses even when the total beats the defense (it used to hit); a
/// natural 20 hits whatever the defense.
#[test]
fn critical_fail_is_an_automatic_miss() {
    let o = run("damage", &[("damage", "8 fire"), ("attack", "30"), ("defense", "10"), ("natural", "1")]).unwrap();
    assert_eq!(field(&o, "hit"), false);
    assert_eq!(field(&o, "damage_taken"), 0);
    let o = run(
        "damage",
        &[("damage", "8 fire"), ("attack", "30"), ("defense", "10"), ("natural", "1"), ("half-on-miss", "true")],
    )
    .unwrap();
    assert_eq!(field(&o, "damage_taken"), 4, "a critical fail is still a miss: half damage");
    let o = run("damage", &[("damage", "8 fire"), ("attack", "21"), ("defense", "40"), ("natural", "20")]).unwrap();
    assert_eq!(field(&o, "hit"), true);
    let fumble = Attack {
        portions: fire(8),
        hit: Some(HitCheck {
            roll: 30,
            defense: 10,
            crit: false,
            fumble: true,
            half_on_miss: false,
            natural: None,
            expansions: 0,
        }),
        ..Default::default()
    };
    assert_eq!(apply_damage(&fumble, &Defenses::default()).unwrap().hit, Some(false));
    assert!(err(run(
        "damage",
        &[("damage", "8 fire"), ("attack", "9"), ("defense", "10"), ("natural", "1"), ("crit", "true")]
    ))
    .contains("critical fail"));
    assert!(err(run(
        "damage",
        &[("damage", "8 fire"), ("attack", "9"), ("defense", "10"), ("natural", "12"), ("crit", "true")]
    ))
    .contains("16"));
}

/// The damage calculator's help states the readings apply_damage makes: the order of
/// Affinity, DR and DT, DR once per hit, and halves rounded down.
#[test]
fn damage_help_states_its_interpretations() {
    let calc = calculators().into_iter().find(|c| c.name == "damage").unwrap();
    let help = |name: &str| calc.params.iter().find(|p| p.name == name).unwrap().help;
    assert!(calc.summary.contains("interpretation"), "{}", calc.summary);
    assert!(help("affinity").contains("rounded down") && help("affinity").contains("before DR and DT"));
    assert!(help("dr").contains("once per hit"));
    assert!(help("dt").contains("after Affinity and DR"));
    assert!(help("half-on-miss").contains("rounded down"));
    assert!(DAMAGE_INTERPRETATIONS.contains("once per hit"));
    let entry = tome().show("mythcraft/rule/damage").unwrap().body;
    assert!(entry.contains("Interpretation") && entry.contains("once per hit"), "{entry}");
}

// ---- What conditions do ----

fn actions_under(normal: i64, held: &[&str], surprise: bool) -> i64 {
    turn_actions(normal, &condition_effects(held), surprise).unwrap().value
}

/// Dazed: one fewer and at most 2; Stunned: at most 1; Chilled: one fewer, at least
/// 1; Staggered: half; complete surprise doubles.
#[test]
fn creature_actions_under_conditions() {
    assert_eq!(actions_under(3, &[], false), 3);
    assert_eq!(actions_under(3, &["dazed"], false), 2);
    assert_eq!(actions_under(5, &["dazed"], false), 2, "cut to 2");
    assert_eq!(actions_under(2, &["dazed"], false), 1, "one fewer than 2");
    assert_eq!(actions_under(3, &["stunned"], false), 1);
    assert_eq!(actions_under(1, &["stunned"], false), 1);
    assert_eq!(actions_under(3, &["chilled"], false), 2);
    assert_eq!(actions_under(1, &["chilled"], false), 1, "at least one action");
    assert_eq!(actions_under(4, &["staggered"], false), 2);
    assert_eq!(actions_under(3, &["staggered"], false), 1, "half, rounded down");
    assert_eq!(actions_under(3, &["paralyzed"], false), 0);
    assert_eq!(actions_under(3, &[], true), 6, "complete surprise: double");
    // The caps hold whatever order the conditions come in.
    assert_eq!(actions_under(3, &["dazed", "stunned"], false), 1);
    assert_eq!(actions_under(3, &["stunned", "dazed"], false), 1);
    assert_eq!(actions_under(5, &["chilled", "staggered"], false), 2, "one fewer (4), then half (2)");
    let o = run("actions", &[("actions", "3"), ("conditions", "Dazed")]).unwrap();
    assert_eq!(field(&o, "actions"), 2);
    let o = run("actions", &[("actions", "3"), ("conditions", "Slowed")]).unwrap();
    assert_eq!(field(&o, "actions"), 3);
    assert_eq!(o.warnings.len(), 1);
    assert!(err(run("actions", &[("actions", "3"), ("conditions", "Grumpy")])).contains("--conditions"));
}

#[test]
fn speed_under_conditions() {
    let sp = |speed, held: &[&str], engaged| condition_speed(speed, &condition_effects(held), engaged).unwrap().value;
    assert_eq!(sp(30, &["slowed"], false), 15);
    assert_eq!(sp(25, &["slowed"], false), 12, "halved, rounded down");
    assert_eq!(sp(30, &["suppressed"], false), 0);
    assert_eq!(sp(30, &[], true), 0, "Engaged and hit leaving reach");
    assert_eq!(sp(30, &["slowed", "suppressed"], false), 0);
    let o = run("speed", &[("speed", "30"), ("conditions", "Slowed")]).unwrap();
    assert_eq!(field(&o, "speed_ft"), 15);
    let o = run("speed", &[("conditions", "Dazed")]).unwrap();
    assert_eq!(field(&o, "speed_ft"), 20, "base speed 20");
    assert_eq!(o.warnings.len(), 1);
}

/// Dodge +2 and Protected +2 to AR and physical defenses; Partial Cover +1 to +3
/// against ranged attacks only.
#[test]
fn defenses_under_dodge_protected_and_cover() {
    let o = run("defenses", &[("defense", "12"), ("dodge", "true")]).unwrap();
    assert_eq!((field(&o, "bonus"), field(&o, "defense")), (serde_json::json!(2), serde_json::json!(14)));
    let o =
        run("defenses", &[("conditions", "Protected"), ("dodge", "true"), ("cover", "3"), ("ranged", "true")]).unwrap();
    assert_eq!(field(&o, "bonus"), 7);
    let o = run("defenses", &[("cover", "2")]).unwrap();
    assert_eq!(field(&o, "bonus"), 0, "cover only against ranged attacks");
    assert_eq!(o.warnings.len(), 1);
    let o = run("defenses", &[("against", "will"), ("dodge", "true"), ("conditions", "Protected")]).unwrap();
    assert_eq!(field(&o, "bonus"), 0, "mental defenses take none of these");
    let o = run("defenses", &[("against", "fort"), ("conditions", "Protected")]).unwrap();
    assert_eq!(field(&o, "bonus"), 2);
}

fn mode(kind: RollKind, held: &[&str], target: &[&str]) -> String {
    d20_mode(kind, held, &condition_effects(held), target).text()
}

#[test]
fn d20_mode_under_conditions() {
    use RollKind::*;
    assert_eq!(mode(Attack, &[], &[]), "1d20");
    assert_eq!(mode(Check, &["shaken"], &[]), "1d20 -2");
    assert_eq!(mode(Check, &["broken"], &[]), "1d20 -2", "Broken brings Shaken");
    assert_eq!(mode(Check, &["shaken", "rallied"], &[]), "1d20", "Rallied holds Shaken off");
    assert_eq!(mode(Check, &["sickened"], &[]), "2d20 keep lower");
    assert_eq!(mode(Attack, &["unseen"], &[]), "2d20 keep higher");
    assert_eq!(mode(Attack, &[], &["restrained"]), "2d20 keep higher");
    assert_eq!(mode(Attack, &[], &["unseen"]), "2d20 keep lower");
    assert_eq!(mode(Check, &[], &["charmed"]), "2d20 keep higher");
    assert_eq!(mode(Attack, &[], &["enthralled"]), "2d20 keep higher");
    assert_eq!(mode(VerbalMagic, &["deafened"], &[]), "2d20 keep lower");
    assert_eq!(mode(Hearing, &["deafened"], &[]), "automatic failure");
    assert_eq!(mode(Hearing, &["unconscious"], &[]), "3d20 keep lower");
    assert_eq!(mode(Sight, &["unconscious"], &[]), "automatic failure");
    assert_eq!(mode(Attack, &["blinded"], &[]), "2d20 keep lower");
    assert_eq!(mode(Attack, &["unseen", "sickened"], &[]), "1d20", "higher and lower cancel");
    assert_eq!(mode(Attack, &["unseen", "shaken"], &["restrained"]), "2d20 keep higher -2");
    let o = run("d20-mode", &[("kind", "attack"), ("conditions", "Shaken"), ("target", "Restrained")]).unwrap();
    assert_eq!(field(&o, "mode"), "2d20 keep higher -2");
    assert_eq!(
        (field(&o, "dice"), field(&o, "keep"), field(&o, "modifier")),
        (serde_json::json!(2), serde_json::json!("higher"), serde_json::json!(-2))
    );
}

// ---- Knocking unconscious ----

/// Nonlethal damage to 0 HP: 1 HP and Dazed, then Stunned, then Unconscious. The daze
/// ends at no longer Bloodied or 15 HP, whichever is lower.
#[test]
fn knockout_steps_and_recovery() {
    let k = knockout(6, 20, 9, Daze::None).unwrap();
    assert_eq!((k.hp_left, k.knocked_out, k.daze), (1, true, Daze::Dazed));
    let k = knockout(1, 20, 1, Daze::Dazed).unwrap();
    assert_eq!((k.hp_left, k.daze), (1, Daze::Stunned));
    let k = knockout(1, 20, 4, Daze::Stunned).unwrap();
    assert_eq!((k.hp_left, k.daze), (1, Daze::Unconscious));
    assert!(k.ends.contains("damage"));
    let k = knockout(10, 20, 3, Daze::None).unwrap();
    assert_eq!((k.hp_left, k.knocked_out, k.daze), (7, false, Daze::None));
    assert_eq!(knockout_recovery_hp(20), 11, "no longer Bloodied at 11 of 20");
    assert_eq!(knockout_recovery_hp(21), 11);
    assert_eq!(knockout_recovery_hp(40), 15, "15 HP comes first");
    let o = run("knockout", &[("hp", "5"), ("max-hp", "40"), ("damage", "8"), ("daze", "dazed")]).unwrap();
    assert_eq!(field(&o, "hp"), 1);
    assert_eq!(field(&o, "condition"), "Stunned");
    assert_eq!(field(&o, "recovers_at_hp"), 15);
    assert!(err(run("knockout", &[("hp", "5"), ("max-hp", "4"), ("damage", "1")])).contains("--max-hp"));
}

// ---- Bleeding, Suffocating, surprise ----

#[test]
fn bleeding_difficulty_is_damage_plus_ten() {
    let o = run("bleeding", &[("damage", "3")]).unwrap();
    assert_eq!(field(&o, "difficulty"), 13);
    let o = run("bleeding", &[("damage", "3"), ("check", "13")]).unwrap();
    assert_eq!(field(&o, "success"), true);
    let o = run("bleeding", &[("damage", "3"), ("check", "12")]).unwrap();
    assert_eq!(field(&o, "success"), false);
}

/// END + 1 rounds of grace, then a Death Point at the start of each turn.
#[test]
fn suffocating_grace_is_end_plus_one() {
    let s = |end, round| suffocating(end, round).unwrap();
    assert_eq!(s(1, 1).grace, 2);
    assert!(!s(1, 2).gains);
    assert!(s(1, 3).gains);
    assert_eq!(s(1, 5).points, 3);
    assert_eq!(s(-1, 1).grace, 0, "END -1: no grace");
    assert!(s(-3, 1).gains);
    let o = run("suffocating", &[("end", "4"), ("round", "5")]).unwrap();
    assert_eq!((field(&o, "grace_rounds"), field(&o, "death_point")), (serde_json::json!(5), serde_json::json!(false)));
    let o = run("suffocating", &[("end", "4"), ("round", "6")]).unwrap();
    assert_eq!(field(&o, "death_point"), true);
}

/// Surprised: no turn in round 1, TD in round 2, TA against it in rounds 1 and 2, and
/// no reactions or carried AP until after its first turn.
#[test]
fn partial_surprise_by_round() {
    let r1 = partial_surprise(1, false).unwrap();
    assert_eq!((r1.acts, r1.td, r1.ta_against, r1.reactions, r1.carries_ap), (false, 0, 1, false, false));
    let r2 = partial_surprise(2, false).unwrap();
    assert_eq!((r2.acts, r2.td, r2.ta_against, r2.reactions), (true, 1, 1, false));
    let r2 = partial_surprise(2, true).unwrap();
    assert!(r2.reactions && r2.carries_ap);
    let r3 = partial_surprise(3, true).unwrap();
    assert_eq!((r3.td, r3.ta_against), (0, 0));
    let o = run("surprise", &[("round", "1"), ("has-acted", "true")]).unwrap();
    assert_eq!(o.warnings.len(), 1);
}

// ---- Seed entries ----

/// Both Flanking entries keep the document's reading of the large-creature clause:
/// the space threatened lies opposite an enemy creature, not an ally.
#[test]
fn flanking_large_creature_clause_follows_document() {
    let t = tome();
    for id in ["mythcraft/rule/flanking", "mythcraft/condition/flanking"] {
        let body = t.show(id).unwrap().body;
        assert!(!body.contains("allied creature") && !body.contains("from an ally"), "{id}: {body}");
        assert!(body.contains("enemy creature"), "{id}: {body}");
    }
}

/// The abbreviations entry limits TA to weapon attacks, as the document does; TD
/// applies to every attack.
#[test]
fn abbreviations_limit_ta_to_weapon_attacks() {
    let body = tome().show("mythcraft/rule/abbreviations").unwrap().body;
    let line = body.lines().find(|l| l.contains("**TA / TD**")).unwrap();
    assert!(line.contains("weapon attack"), "{line}");
    assert!(line.contains("any attack") || line.contains("every attack"), "{line}");
}

// ---- Issue 29: wrong results the audit found ----

/// Line 397: a Silenced creature fails any roll needing speech or verbal components.
#[test]
fn silenced_fails_speech_and_verbal_magic_rolls_automatically() {
    for kind in ["verbal-magic", "speech"] {
        let o = run("d20-mode", &[("kind", kind), ("conditions", "Silenced")]).unwrap();
        assert_eq!(field(&o, "auto_fail"), true, "{kind}");
    }
    let o = run("d20-mode", &[("kind", "attack"), ("conditions", "Silenced")]).unwrap();
    assert_eq!(field(&o, "auto_fail"), false, "a sword swing needs no words");
}

/// Line 409: Stunned caps creature actions at 1, which the doubling of a complete
/// surprise (line 426) cannot raise.
#[test]
fn stunned_stays_at_one_action_under_complete_surprise() {
    let o = run("actions", &[("actions", "3"), ("conditions", "Stunned"), ("complete-surprise", "true")]).unwrap();
    assert_eq!(field(&o, "actions"), 1);
}

/// Lines 118 and 146: Vulnerable 2 widens the attacker's crit range to 18-20, and a
/// crit hits whatever the defense.
#[test]
fn vulnerable_target_is_crit_and_hit_on_a_natural_18() {
    let o = run(
        "damage",
        &[("damage", "6 fire"), ("vulnerable", "fire 2"), ("attack", "5"), ("defense", "20"), ("natural", "18")],
    )
    .unwrap();
    assert_eq!(field(&o, "hit"), true);
    assert_eq!(field(&o, "damage_taken"), 6);
    let o = run(
        "damage",
        &[("damage", "6 fire"), ("vulnerable", "fire 2"), ("attack", "5"), ("defense", "20"), ("natural", "17")],
    )
    .unwrap();
    assert_eq!(field(&o, "hit"), false, "17 is outside 18-20");
}

// ---- Issue 29: maneuvers and what conditions give an attack ----

/// Lines 184-189, 199 and 221-237: the costs the tracker charges are the shipped ones.
#[test]
fn maneuver_costs_match_the_shipped_maneuvers() {
    let t = tome();
    for m in MANEUVER_COSTS {
        let e = t.show(&format!("mythcraft/maneuver/{}", m.slug)).unwrap();
        let Some(Detail::Maneuver(shipped)) = e.detail else { panic!("{} is not a maneuver", m.slug) };
        let cost = |actor: &str| shipped.costs.iter().find(|c| c.actor == actor).and_then(|c| c.amount);
        assert_eq!(cost("pc"), Some(m.pc_ap), "{}", m.slug);
        assert_eq!(cost("creature"), m.creature_actions, "{}", m.slug);
    }
}

/// Lines 187 and 225: no shoving a creature more than 1 size larger.
#[test]
fn shove_reaches_one_size_larger_and_no_further() {
    assert!(shove_allowed(0, 1).is_ok());
    assert!(shove_allowed(0, -3).is_ok());
    assert!(err(shove_allowed(0, 2).map(|_| Outcome::default())).contains("2 sizes larger"));
}

/// Line 146: a natural 1 misses and a natural 20 hits, whatever the totals.
#[test]
fn a_maneuver_roll_lands_on_meeting_the_defense_or_a_natural_20() {
    assert!(attack_lands(12, 12, None).unwrap().0);
    assert!(!attack_lands(11, 12, None).unwrap().0);
    assert!(attack_lands(2, 30, Some(20)).unwrap().0);
    assert!(!attack_lands(40, 12, Some(1)).unwrap().0);
}

/// Lines 281 and 289: Concealed gives its own attacks TA and attacks on it TD; a charmer
/// has TA against the Charmed one's WILL.
#[test]
fn concealed_and_charmed_give_their_ta() {
    let concealed = condition_effects(&["concealed"]);
    let none = condition_effects(&[]);
    let plain = AttackSituation {
        ranged: false,
        mental: false,
        charmer: false,
        target_surprised: false,
        focus_target: false,
        taunter: false,
    };
    let (ta, td, _) = condition_tactics(&concealed, &none, plain);
    assert_eq!((ta, td), (1, 0));
    let (ta, td, _) = condition_tactics(&none, &concealed, plain);
    assert_eq!((ta, td), (0, 1));
    let charmed = condition_effects(&["charmed"]);
    let (ta, _, _) = condition_tactics(&none, &charmed, AttackSituation { mental: true, charmer: true, ..plain });
    assert_eq!(ta, 1);
    let (ta, _, _) = condition_tactics(&none, &charmed, AttackSituation { mental: false, charmer: true, ..plain });
    assert_eq!(ta, 0, "only against ANT, LOG or WILL");
}

/// Line 152: a weapon whose damage mixes dice sizes (2d4 + 1d6) crits as one: each size
/// at its maximum (8 + 6), the same dice rolled again, LUCK.
#[test]
fn crit_damage_takes_mixed_dice() {
    let o = run("crit-damage", &[("dice", "2d4+1d6"), ("modifier", "1"), ("roll", "9"), ("luck", "2")]).unwrap();
    assert_eq!(field(&o, "damage"), 8 + 6 + 1 + 9 + 2);
    let o = run("crit-damage", &[("dice", "2d4+1d6"), ("seed", "3"), ("luck", "0")]).unwrap();
    let faces: Vec<i64> = serde_json::from_value(field(&o, "dice")).unwrap();
    assert_eq!(faces.len(), 3);
    assert_eq!(field(&o, "damage"), 14 + faces.iter().sum::<i64>());
    assert!(err(run("crit-damage", &[("dice", "2d4+1d6"), ("roll", "15"), ("luck", "0")])).contains("3 to 14"));
}

/// Line 170: death comes at 8 Death Points, and the count stops there (7 and a hit at
/// 0 HP is 8, not 9).
#[test]
fn death_points_stop_at_eight() {
    let t = death_points(7, &[DeathEvent::Hit], false, false).unwrap();
    assert_eq!((t.points, t.dead), (8, true));
    assert_eq!(crate::rules::fold(&t.terms), Some(8), "{:?}", t.terms);
    let t = death_points(6, &[DeathEvent::Massive], false, false).unwrap();
    assert_eq!(t.points, 8);
}

/// Issue 72's fresh-eyes review (W2): an Unseen attacker gains TA of its own (004, line
/// 446) and is Concealed as well, which has its own TA (line 289); sources of TA add up
/// (line 19): 2 TA, where Tome counted Concealed's alone.
#[test]
fn an_unseen_attacker_has_its_own_ta_and_concealeds() {
    assert_eq!(condition_effects(&["unseen"]).ta, 2);
    assert_eq!(condition_effects(&["concealed"]).ta, 1);
    assert_eq!(condition_effects(&["unseen", "concealed"]).ta, 2, "Concealed counted once");
}
